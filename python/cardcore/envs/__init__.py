"""Environments for learning agents over cardcore's games (docs/envs.md).

- ``cardcore.envs.pettingzoo``: a PettingZoo AEC environment per game, every seat
  an agent (``pip install 'cardcore[pettingzoo]'``);
- ``cardcore.envs.gymnasium``: a Gymnasium single-agent environment, one seat
  learning and the others played by bots (``pip install 'cardcore[gymnasium]'``);
- ``cardcore.envs.vector``: a Gymnasium vector environment over the batched engine
  (``cardcore.VectorEnv``), many matches stepped in Rust in one call.

They observe through ``observation_tensor`` and ``legal_actions_mask``: an
observation is ``{"observation": float32 features, "action_mask": int8 flags}``,
the layout of the game's rules page, and actions are the game's action ids (ints or
numpy integers); masks are int8 in every environment. A match's reward is 0 before
its end; at its end ``reward="outcome"`` pays +1 for each winning seat and -1 for the
others (0 for every seat when nobody wins), ``reward="score"`` the seat's score over
the other seats' mean, scaled (``game.rewards(reward)``); the default is outcome, but
score for a single Brouc deal, which has no winner. A match ended by its cap rather
than its rules (``game.truncated``, docs/protocol.md "Every match ends") is reported as
truncated, not terminated, and nobody wins it. Each module imports its framework only
when it is imported itself, but for the registration below.

Importing ``cardcore.envs`` with Gymnasium installed registers one Gymnasium id per
game (``GYMNASIUM_IDS``): ``gymnasium.make("cardcore/Brouc-v0", **options)`` makes a
``CardcoreEnv``, ``gymnasium.make_vec("cardcore/Brouc-v0", num_envs,
vectorization_mode="vector_entry_point")`` a ``CardcoreVectorEnv``. PettingZoo's
conventions are kept as well: ``cardcore.envs.brouc_v0.env()`` and ``raw_env()``.
"""

from __future__ import annotations

import contextlib

import cardcore

__all__ = ["GYMNASIUM_IDS", "register"]

GYMNASIUM_IDS: dict[str, str] = {
    name: "cardcore/" + "".join(part.title() for part in name.split("_")) + "-v0"
    for name in cardcore.GAMES
}
"""Each game's Gymnasium id, by game name: ``{"brouc": "cardcore/Brouc-v0", ...}``."""


def register() -> None:
    """Registers ``GYMNASIUM_IDS`` with Gymnasium (done when ``cardcore.envs`` is imported
    with Gymnasium installed): each id makes a ``CardcoreEnv``, or with
    ``gymnasium.make_vec`` a ``CardcoreVectorEnv``, the options as keyword arguments.
    Ids already registered are left as they are."""
    import gymnasium

    for game, env_id in GYMNASIUM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id,
                entry_point="cardcore.envs.gymnasium:CardcoreEnv",
                vector_entry_point="cardcore.envs.vector:CardcoreVectorEnv",
                kwargs={"game": game},
            )


def missing_extra(module: str, extra: str, error: ImportError) -> ImportError:
    """The ImportError an environment module raises when a framework it needs is
    missing: it names the extra that installs it."""
    return ImportError(
        f"cardcore.envs.{module} needs {error.name or 'a module'}, which is not installed: "
        f"pip install 'cardcore[{extra}]' ({error})",
        name=error.name,
    )


with contextlib.suppress(ImportError):  # no Gymnasium (or numpy): nothing to register
    register()
