"""What both environments share: the spaces, the observation dict and the rewards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

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


def state_space(game: cardcore.Game) -> spaces.Box:
    """The full-state tensor's features (``game.state_tensor()``), bounded as the
    observation's."""
    return spaces.Box(
        -FEATURE_BOUND, FEATURE_BOUND, shape=(game.state_tensor_size,), dtype=np.float32
    )


MASK_DTYPE = np.int8
"""The masks' dtype in every environment, ``VectorEnv`` included: 1 for a legal
action, 0 otherwise, as Gymnasium's ``Discrete.sample(mask=...)`` takes them."""


def mask(game: cardcore.Game) -> np.ndarray[Any, Any]:
    """The legal actions now, as int8 flags."""
    return game.legal_actions_mask().view(MASK_DTYPE)


def observe(game: cardcore.Game, seat: int) -> Observation:
    """A seat's observation: its tensor, and the legal actions' mask (all zero when
    another seat is to act or the match is over)."""
    to_act = game.current_player == seat
    flags = mask(game) if to_act else np.zeros(game.action_count, MASK_DTYPE)
    return {"observation": game.observation_tensor(seat), "action_mask": flags}


Reward = Literal["outcome", "score"]
"""What a match's end pays each seat (docs/envs.md, "What an agent sees and gets"):
``"outcome"`` (+1 won, -1 lost, 0 when nobody won) or ``"score"`` (the seat's score
over the other seats' mean, scaled); None picks the game's default."""


def reward_arg(game: cardcore.Game, reward: Reward | None) -> Reward | None:
    """``reward`` as given, once the engine has checked it: an ``OptionError`` unless
    None, ``"outcome"`` or ``"score"``."""
    game.rewards(reward)
    return reward


def end_info(game: cardcore.Game) -> dict[str, Any]:
    """What a step's info adds when the match is over: its final ``scores`` per seat."""
    return {"scores": game.scores} if game.is_over else {}


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
