"""Bots to play against (docs/bots.md): every game's native bots at four levels, and
the protocol every bot follows.

A bot decides from what its seat may know: ``bot.act(game.observation(seat))``, for
the seat to act, returns one of that observation's legal actions. It never sees the
game itself, so it cannot read the other hands. ``make(game, level, seed=...)`` gives
the native bots:

- ``"easy"``: the game's rules of thumb, with a random legal action instead half the
  time (a beginner);
- ``"medium"``: the game's rules of thumb (each rules page's "Heuristic bot");
- ``"hard"``: a tree search over the deals the seat cannot tell from the true one
  (single-observer ISMCTS, docs/bots.md "Search");
- ``"expert"``: in a deal's trick play, the exact solver (``cardcore.solver``) on
  deals the seat cannot tell from the true one, the move whose results sum highest
  (perfect-information Monte Carlo, docs/bots.md "Expert"); elsewhere, and in Jolly,
  which has no trick play, as ``"hard"`` (in 500 and Le Julien with four times its
  search).

``search(game, seed=..., iterations=... or milliseconds=..., rollout=..., threads=...)``
gives a searching bot of your settings (docs/bots.md, "From Python").

Any object with that ``act`` method is a bot too: ``cardcore play`` and
``cardcore.arena`` seat native and Python bots alike.
"""

from typing import Literal, Protocol, get_args

from cardcore import _public
from cardcore._core import Action, NativeBot, make_bot, search_bot
from cardcore._protocol import Observation

__all__ = ["LEVELS", "Bot", "Level", "NativeBot", "Opponents", "RolloutKind", "make", "search"]

Level = Literal["easy", "medium", "hard", "expert"]
"""A level of play, from the weakest."""

LEVELS: tuple[Level, ...] = get_args(Level)
"""Every level, from the weakest."""

RolloutKind = Literal["heuristic", "random"]
"""How a search plays a deal out: by the game's heuristic bot at every seat, or at
random."""

Opponents = Literal["random"] | Level
"""Who fills the other seats of ``cardcore play`` and the environments: ``RandomBot``
players, or the native bots of a level."""


class Bot(Protocol):
    """A player for one seat: the action it chooses from what that seat may know."""

    def act(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions()``; the observing seat is to act."""


def make(game: str, level: Level, *, seed: int) -> NativeBot:
    """A native bot playing ``game`` at ``level``, seeded: the same seed and the same
    observations give the same actions. Unknown names raise ``UnknownGameError`` or
    ``OptionError`` (their ``TypeError`` variants for a value of the wrong type)."""
    return make_bot(game, level, seed=seed)


def search(
    game: str,
    *,
    seed: int,
    iterations: int | None = None,
    milliseconds: int | None = None,
    rollout: RolloutKind = "heuristic",
    epsilon: float = 0.0,
    exploration: float = 0.7,
    threads: int = 1,
) -> NativeBot:
    """A native bot playing ``game`` by information-set Monte Carlo tree search over
    determinizations, with your settings, where the hard level searches (docs/bots.md,
    "Search"); its ``level`` is ``"search"``.

    - ``iterations`` or ``milliseconds``: the budget of each move, one of the two
      (neither: 1,000 iterations). Under an iteration budget the bot is reproducible
      from its seed (and thread count).
    - ``rollout``: ``"heuristic"`` plays each deal out by the game's heuristic bot (with
      probability ``epsilon``, in [0, 1], a random legal action instead); ``"random"``
      by random legal actions (``epsilon`` must be 0).
    - ``exploration``: UCB1's exploration constant (at least 0).
    - ``threads``: independent trees searched at once, their root visits summed; an
      iteration budget is shared out among them, a time budget is each one's.

    A value of the wrong type raises ``OptionTypeError`` (``UnknownGameTypeError`` for
    the game), a bad value ``OptionError`` naming the argument."""
    return search_bot(
        game,
        seed=seed,
        iterations=iterations,
        milliseconds=milliseconds,
        rollout=rollout,
        epsilon=epsilon,
        exploration=exploration,
        threads=threads,
    )


__dir__ = _public.listing(__all__, globals())
