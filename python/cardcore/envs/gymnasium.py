"""A Gymnasium single-agent environment: one seat learns, the others are bots.

``CardcoreEnv("brouc", seat=0, **options)`` plays whole matches (or single deals
with ``single_deal=True``). Each ``step`` plays the agent's action, then the other
seats' until the agent is to act again or the match is over. The other seats are
bots seeded from the reset's seed: ``cardcore.RandomBot`` players, or with
``opponents="easy"``, ``"medium"``, ``"hard"`` or ``"expert"`` the native bots of that level.
Observations, actions and rewards are described in ``cardcore.envs``; an action the
agent may not take now changes nothing, costs ``illegal_reward`` and says so in
``info["illegal"]``; the step that ends a match gives its final ``info["scores"]``.

``gymnasium.make("cardcore/Brouc-v0", **options)`` makes one too: importing
``cardcore.envs`` registers an id per game (``cardcore.envs.GYMNASIUM_IDS``).
"""

from __future__ import annotations

from typing import Any, cast

from cardcore.envs import missing_extra

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError as error:
    raise missing_extra("gymnasium", "gymnasium", error) from error

import cardcore
from cardcore import _public, bots
from cardcore._shown import shown
from cardcore.envs._spaces import (
    RENDER_MODES,
    Observation,
    Reward,
    end_info,
    mask,
    observation_space,
    observe,
    render_mode_arg,
    rendered,
    reward_arg,
)

__all__ = ["CardcoreEnv"]


class CardcoreEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a game against bots."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES)}  # noqa: RUF012 (Env declares it so)

    def __init__(
        self,
        game: str,
        *,
        seat: int = 0,
        opponents: bots.Opponents = "random",
        reward: Reward | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if opponents != "random" and opponents not in bots.LEVELS:
            raise cardcore.OptionError(
                f"option 'opponents': expected one of random, {', '.join(bots.LEVELS)}, "
                f"got {shown(opponents)}"
            )
        self.opponents = opponents
        self.game_name = game
        self.game_options = options
        self.game: cardcore.Game = cardcore.new_game(game, seed=0, **options)
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise cardcore.SeatTypeError(f"expected a seat number (an int), got {shown(seat)}")
        if not 0 <= seat < self.game.num_players:
            raise cardcore.SeatError(f"seat {shown(seat)} is not a seat of this {game} table")
        self.seat = seat
        self.reward = reward_arg(self.game, reward)
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode_arg(render_mode)
        self.observation_space = cast(spaces.Space[Observation], observation_space(self.game))
        self.action_space = spaces.Discrete(self.game.action_count)
        self._bots: list[bots.Bot] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new match dealt from ``seed`` (drawn from ``np_random`` when None), the bots
        seeded from it too; the other seats play until the agent is to act."""
        super().reset(seed=seed)
        deal_seed = int(self.np_random.integers(2**63))
        self.game = cardcore.new_game(self.game_name, seed=deal_seed, **self.game_options)
        seats = range(self.game.num_players)
        self._bots = [self._bot(deal_seed ^ (seat + 1)) for seat in seats]
        self._others_play()
        return observe(self.game, self.seat), {}

    def _bot(self, seed: int) -> bots.Bot:
        if self.opponents == "random":
            return cardcore.RandomBot(seed=seed)
        return bots.make(self.game_name, self.opponents, seed=seed)

    def _others_play(self) -> None:
        while not self.game.is_over and self.game.current_player != self.seat:
            seat = self.game.current_player
            assert seat is not None, "a match not over has a seat to act"
            self.game.apply(self._bots[seat].act(self.game.observation(seat)))

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The agent's action, then the other seats' until the agent's next turn. A match
        that ends by its rules is ``terminated``; one ended by its cap (``game.truncated``,
        docs/protocol.md "Every match ends") is ``truncated`` instead, and nobody wins it.
        The reward is 0 until the match ends, then ``game.rewards(reward)[seat]``."""
        if self.game.is_over:
            raise cardcore.IllegalActionError("the match is over: reset the environment")
        if not self.game.is_legal(action):
            info = {"illegal": True}
            return observe(self.game, self.seat), self.illegal_reward, False, False, info
        self.game.apply(action)
        self._others_play()
        over = self.game.is_over
        truncated = self.game.truncated
        return (
            observe(self.game, self.seat),
            self.game.rewards(self.reward)[self.seat],
            over and not truncated,
            truncated,
            {"illegal": False} | end_info(self.game),
        )

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The legal actions now, as int8 flags (the mask-aware algorithms' hook)."""
        return mask(self.game)

    def render(self) -> str | None:
        """The agent's seat's view as text, ``str(observation)``: returned with
        ``render_mode="ansi"``, printed with ``"human"``; nothing without a mode."""
        return rendered(self.render_mode, lambda: str(self.game.observation(self.seat)))


__dir__ = _public.listing(__all__, globals())
