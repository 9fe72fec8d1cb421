"""Environments for learning agents over cardcore's games (docs/envs.md).

- ``cardcore.envs.pettingzoo``: a PettingZoo AEC environment per game, every seat
  an agent (``pip install 'cardcore[pettingzoo]'``);
- ``cardcore.envs.gymnasium``: a Gymnasium single-agent environment, one seat
  learning and the others played by bots (``pip install 'cardcore[gymnasium]'``);
- ``cardcore.envs.vector``: a Gymnasium vector environment over the batched engine
  (``cardcore.VectorEnv``), many matches stepped in Rust in one call.

They observe through ``observation_tensor`` and ``legal_actions_mask``: an
observation is ``{"observation": float32 features, "action_mask": int8 flags}``,
the layout of the game's rules page, and actions are the game's action ids. A
match's reward is +1 for each winning seat and -1 for the others at its end (0 for
every seat when nobody wins), 0 before. A match ended by its cap rather than its rules
(``game.truncated``, docs/protocol.md "Every match ends") is reported as truncated, not
terminated, and nobody wins it. Each module imports its framework only
when it is imported itself.
"""

from __future__ import annotations

__all__: list[str] = []


def missing_extra(module: str, extra: str, error: ImportError) -> ImportError:
    """The ImportError an environment module raises when a framework it needs is
    missing: it names the extra that installs it."""
    return ImportError(
        f"cardcore.envs.{module} needs {error.name or 'a module'}, which is not installed: "
        f"pip install 'cardcore[{extra}]' ({error})",
        name=error.name,
    )
