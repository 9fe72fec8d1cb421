"""A Gymnasium vector environment over the batched engine, ``cardcore.VectorEnv``.

``CardcoreVectorEnv("brouc", num_envs=256, seat=0, **options)`` steps ``num_envs``
matches in Rust in one call: the agent plays ``seat`` in each, bots the other seats.
It follows Gymnasium's vector API with same-step autoreset
(``metadata["autoreset_mode"]``): a match that ends in a step is dealt again in that
step, its row shows the new match, ``info["final_obs"][i]`` holds its last
observation and ``info["final_scores"][i]`` its final scores per seat. Observations,
actions and rewards are those of ``cardcore.envs``; an action the agent may not take
now changes nothing in its match, costs ``illegal_reward`` and sets
``info["illegal"][i]``. With ``opponents="self"`` the agent plays every seat
(self-play): each row shows the seat to act, ``info["player"][i]``; with a callable,
``opponents(observations, masks)`` decides for the other seats (a Python policy).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from cardcore.envs import missing_extra

try:
    import numpy as np
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as error:
    raise missing_extra("vector", "gymnasium", error) from error

import cardcore
from cardcore import _public, bots
from cardcore.envs._spaces import Observation, Reward, observation_space

__all__ = ["CardcoreVectorEnv"]

Array = np.ndarray[Any, Any]


class CardcoreVectorEnv(VectorEnv[Observation, Array, Array]):
    """``num_envs`` matches of one game, one seat learning, stepped together in Rust."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (VectorEnv declares it so)
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        game: str,
        num_envs: int,
        *,
        seat: int | None = None,
        opponents: bots.Opponents | Literal["self"] | Callable[[Array, Array], Any] = "random",
        reward: Reward | None = None,
        illegal_reward: float = -1.0,
        threads: int = 1,
        copy: bool = True,
        **options: Any,
    ) -> None:
        self.engine = cardcore.VectorEnv(
            game,
            num_envs,
            seed=0,
            seat=seat,
            opponents=opponents,
            reward=reward,
            illegal_reward=illegal_reward,
            threads=threads,
            **options,
        )
        self.num_envs = num_envs
        self.copy = copy
        self.game_name = game
        self.single_observation_space = observation_space(
            cardcore.new_game(game, seed=0, **options)
        )
        self.single_action_space = spaces.Discrete(self.engine.action_count)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._every_row = np.ones(num_envs, dtype=np.bool_)

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deals every match again: from ``seed`` when given (an int), else from the
        environment's generator (``np_random``). A list of seeds is refused: the
        matches' seeds all derive from one."""
        if isinstance(seed, list):
            raise cardcore.OptionTypeError(
                "option 'seed': expected one int (each match's seed derives from it), got a list"
            )
        super().reset(seed=seed, options=options)
        observations, masks = self.engine.reset(int(self.np_random.integers(2**63)))
        return self._observe(observations, masks), {}

    def step(self, actions: Array) -> tuple[Observation, Array, Array, Array, dict[str, Any]]:
        """One action per match (action ids); the bots reply until each agent's next
        decision, and a match that ends is dealt again at once. A match ended by its cap
        (docs/protocol.md, "Every match ends") is ``truncated``, not ``terminated``."""
        observations, masks, rewards, ended, illegal = self.engine.step(actions)
        truncated = self.engine.truncated.copy()
        infos: dict[str, Any] = {
            "illegal": illegal.copy(),
            "_illegal": self._every_row,
            "player": self.engine.players.copy(),
            "_player": self._every_row,
        }
        if ended.any():
            ended = ended.copy()
            final_obs = np.empty(self.num_envs, dtype=object)
            final_info = np.empty(self.num_envs, dtype=object)
            no_mask = np.zeros(self.engine.action_count, dtype=np.int8)
            for row in np.flatnonzero(ended):
                final_obs[row] = {
                    "observation": self.engine.final_observations[row].copy(),
                    "action_mask": no_mask.copy(),
                }
                final_info[row] = {"scores": self.engine.final_scores[row].tolist()}
            infos.update(
                final_obs=final_obs,
                _final_obs=ended,
                final_info=final_info,
                _final_info=ended,
                final_scores=self.engine.final_scores.copy(),
                _final_scores=ended,
            )
        return (
            self._observe(observations, masks),
            rewards.astype(np.float64),
            ended & ~truncated,
            truncated,
            infos,
        )

    def action_masks(self) -> Array:
        """The legal actions of every match now, ``(num_envs, action_count)`` int8 flags."""
        return self.engine.masks.copy()

    def _observe(self, observations: Array, masks: Array) -> Observation:
        if self.copy:
            return {"observation": observations.copy(), "action_mask": masks.copy()}
        return {"observation": observations, "action_mask": masks}


__dir__ = _public.listing(__all__, globals())
