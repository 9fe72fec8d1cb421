"""What both environments share: the spaces, the observation dict and the rewards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium import spaces

import cardcore
from cardcore._shown import shown

Observation = dict[str, np.ndarray[Any, Any]]


FEATURE_BOUND = 1e4
"""The bound of the features' box: they are scaled to about [-1, 1], and a match's
scores may pass their divisors a few times over, never this."""


def observation_space(game: cardcore.Game) -> spaces.Dict:
    """The features and the action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                -FEATURE_BOUND,
                FEATURE_BOUND,
                shape=(game.observation_tensor_size,),
                dtype=np.float32,
            ),
            "action_mask": spaces.Box(0, 1, shape=(game.action_count,), dtype=np.int8),
        }
    )


def observe(game: cardcore.Game, seat: int) -> Observation:
    """A seat's observation: its tensor, and the legal actions' mask (all zero when
    another seat is to act or the match is over)."""
    to_act = game.current_player == seat
    mask = game.legal_actions_mask() if to_act else np.zeros(game.action_count, np.bool_)
    return {"observation": game.observation_tensor(seat), "action_mask": mask.astype(np.int8)}


def outcome(game: cardcore.Game, seat: int) -> float:
    """A finished match's reward for a seat: +1 won, -1 lost, 0 when nobody won."""
    winners = game.winning_seats
    if not winners:
        return 0.0
    return 1.0 if seat in winners else -1.0


def action_id(action: Any) -> Any:
    """A space's action as the engine takes it: numpy's integers become ints; anything
    else goes to the engine as given, which refuses a wrong type with its own error."""
    return int(action) if isinstance(action, np.integer) else action


RENDER_MODES = ("ansi", "human")
"""The render modes: ``ansi`` returns the text, ``human`` prints it."""


def render_mode_arg(mode: str | None) -> str | None:
    """``render_mode`` checked: None or one of ``RENDER_MODES``, else an ``OptionError``."""
    if mode is not None and mode not in RENDER_MODES:
        raise cardcore.OptionError(
            f"option 'render_mode': expected None, 'ansi' or 'human', got {shown(mode)}"
        )
    return mode


def rendered(mode: str | None, text: Callable[[], str]) -> str | None:
    """What ``render()`` gives in ``mode``: the text (``ansi``), None after printing it
    (``human``), None (no mode)."""
    if mode == "ansi":
        return text()
    if mode == "human":
        print(text())
    return None
