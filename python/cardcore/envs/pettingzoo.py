"""A PettingZoo AEC environment per game: every seat an agent (``player_0`` ...).

``env("brouc", **options)`` is the environment wrapped in PettingZoo's usual
checks (``OrderEnforcingWrapper``); ``raw_env("brouc", **options)`` (the class
``RawEnv``) is the bare one. As PettingZoo's own environments do, each game has a
versioned module too: ``cardcore.envs.brouc_v0.env(**options)`` and ``raw_env``,
likewise ``julien_v0``, ``tarot_v0``, ``five_hundred_v0``, ``jolly_v0``.
Observations, actions and rewards are described in ``cardcore.envs``; when a match
ends every agent's info holds its final ``scores``. An illegal action raises
``cardcore.IllegalActionError`` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardcore.envs import missing_extra

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
except ImportError as error:
    raise missing_extra("pettingzoo", "pettingzoo", error) from error

import cardcore
from cardcore import _public
from cardcore.envs._spaces import (
    RENDER_MODES,
    Observation,
    Reward,
    end_info,
    observation_space,
    observe,
    render_mode_arg,
    rendered,
    reward_arg,
    state_space,
)

__all__ = ["VERSION", "RawEnv", "env", "raw_env"]

VERSION = 0
"""The environments' version, in their names (``brouc_v0``): it goes up when what
an agent sees or gets changes."""


class RawEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """The AEC environment of one game, with the game's options."""

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        *,
        reward: Reward | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game_name = game
        self.game_options = options
        self.render_mode = render_mode_arg(render_mode)
        self.game: cardcore.Game = cardcore.new_game(game, seed=0, **options)
        self.reward = reward_arg(self.game, reward)
        self.metadata = {
            "name": f"{game}_v{VERSION}",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players)]
        self.agents = list(self.possible_agents)
        self._observation_space = observation_space(self.game)
        self.state_space = state_space(self.game)
        """The full-state tensor's space: ``state()``'s features."""
        self._action_space = spaces.Discrete(self.game.action_count)
        self._seeds = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same for every agent: see ``cardcore.envs``."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The game's action ids."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match, dealt from ``seed`` (a fresh seed from the environment's own
        generator when None; ``seed`` also reseeds that generator)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            deal_seed = seed
        else:
            deal_seed = int(self._seeds.integers(2**63))
        self.game = cardcore.new_game(self.game_name, seed=deal_seed, **self.game_options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(self.game.current_player)

    def _agent(self, seat: int | None) -> str:
        return self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> Observation:
        """The agent's observation now."""
        return observe(self.game, self.possible_agents.index(agent))

    def state(self) -> np.ndarray[Any, Any]:
        """The whole state for a centralised critic: ``game.state_tensor()`` (every hand
        and hidden pile, seats from seat 0; the rules page's "Full-state tensor")."""
        return self.game.state_tensor()

    def step(self, action: int | None) -> None:
        """The selected agent plays ``action``; at the match's end every agent gets its
        reward (``game.rewards(reward)``) and the final ``scores`` in its info, and is
        terminated, or truncated when the match was ended by its cap (``game.truncated``:
        nobody wins it)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise cardcore.IllegalActionError(f"{agent} is to act: None is no action")
        self.game.apply(action)  # a refusal raises here and changes nothing
        self._cumulative_rewards[agent] = 0.0
        if self.game.is_over:
            ended = self.truncations if self.game.truncated else self.terminations
            for name, paid in zip(self.agents, self.game.rewards(self.reward), strict=True):
                self.rewards[name] = paid
                ended[name] = True
                self.infos[name] = end_info(self.game)
        self._accumulate_rewards()
        self.agent_selection = self._agent(self.game.current_player)

    def render(self) -> str | None:
        """The whole table as text, ``str(game)`` (every agent's hand): returned with
        ``render_mode="ansi"``, printed with ``"human"``; nothing without a mode."""
        return rendered(self.render_mode, lambda: str(self.game))

    def close(self) -> None:
        """Nothing to release."""


def raw_env(game: str, render_mode: str | None = None, **options: Any) -> RawEnv:
    """The bare AEC environment of ``game`` (options as for ``cardcore.new_game``, and
    ``reward``), without PettingZoo's wrappers."""
    return RawEnv(game, render_mode=render_mode, **options)


def env(game: str, render_mode: str | None = None, **options: Any) -> AECEnv[str, Any, int]:
    """The AEC environment of ``game`` (options as for ``cardcore.new_game``, and
    ``reward``), in PettingZoo's order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, render_mode=render_mode, **options))


def versioned(game: str) -> tuple[Callable[..., AECEnv[str, Any, int]], Callable[..., RawEnv]]:
    """The ``env`` and ``raw_env`` of a game's versioned module (``cardcore.envs.brouc_v0``):
    ``env(**options)`` and ``raw_env(**options)``, as PettingZoo's own environments."""

    def game_env(render_mode: str | None = None, **options: Any) -> AECEnv[str, Any, int]:
        return env(game, render_mode, **options)

    def game_raw_env(render_mode: str | None = None, **options: Any) -> RawEnv:
        return raw_env(game, render_mode, **options)

    module = f"cardcore.envs.{game}_v{VERSION}"
    for made, name, doc in (
        (game_env, "env", env.__doc__),
        (game_raw_env, "raw_env", raw_env.__doc__),
    ):
        made.__name__ = made.__qualname__ = name
        made.__module__ = module
        made.__doc__ = (doc or "").replace("``game``", f"{game}")
    return game_env, game_raw_env


__dir__ = _public.listing(__all__, globals())
