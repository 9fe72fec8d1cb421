"""500 as a PettingZoo AEC environment, version 0 (``cardcore.envs.pettingzoo``):
``env(**options)`` and ``raw_env(**options)``, as PettingZoo's own environments."""

from cardcore.envs.pettingzoo import versioned

env, raw_env = versioned("five_hundred")

__all__ = ["env", "raw_env"]
