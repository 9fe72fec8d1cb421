"""cardcore: fast, exact engines for French and Swiss card games.

The engines are Rust (``cardcore._core``); this package gives them types. At
the top level: what every game shares (``new_game``, ``from_json``,
``simulate``, ``arena``, cards, actions, errors, ``RandomBot``, the ``Game``
protocol and the batched ``VectorEnv`` for learning agents). ``cardcore.bots``
makes the native bots at each level. Each game has its own module:
``cardcore.brouc``, ``cardcore.julien``,
``cardcore.tarot``, ``cardcore.five_hundred``, ``cardcore.jolly``.
``cardcore.solver`` (``solve``, ``analyze``) solves a deal's trick play exactly,
every hand known. ``cardcore.reference`` holds the pure-Python reference rules; ``cardcore.check``
(from ``cardcore.crosscheck``) plays the engine against them, action by action.
``cardcore.selfplay`` writes bots' games as training data (Parquet files), and
``simulate``, ``arena`` and ``cardcore.selfplay`` run on a Ray cluster with
``backend="ray"`` (docs/distributed.md).
"""

import importlib
from typing import TYPE_CHECKING

from cardcore import _public, bots, brouc, five_hundred, jolly, julien, solver, tarot
from cardcore._cards import Rank, Suit
from cardcore._core import (
    GAMES,
    Action,
    ArenaEntry,
    ArenaResult,
    Card,
    CardcoreError,
    ConcurrentUseError,
    IllegalActionError,
    IllegalActionTypeError,
    JsonError,
    JsonTypeError,
    NotationError,
    NotationTypeError,
    OptionError,
    OptionTypeError,
    PhaseError,
    RandomBot,
    SeatError,
    SeatTypeError,
    SimulationSummary,
    UnknownGameError,
    UnknownGameTypeError,
    VectorEnv,
    __version__,
    arena,
    deck,
    from_json,
    game_info,
    new_game,
    simulate,
)
from cardcore._protocol import Game, Observation
from cardcore.solver import analyze, solve

if TYPE_CHECKING:
    from cardcore import crosscheck
    from cardcore.crosscheck import check

__all__ = [
    "GAMES",
    "Action",
    "ArenaEntry",
    "ArenaResult",
    "Card",
    "CardcoreError",
    "ConcurrentUseError",
    "Game",
    "IllegalActionError",
    "IllegalActionTypeError",
    "JsonError",
    "JsonTypeError",
    "NotationError",
    "NotationTypeError",
    "Observation",
    "OptionError",
    "OptionTypeError",
    "PhaseError",
    "RandomBot",
    "Rank",
    "SeatError",
    "SeatTypeError",
    "SimulationSummary",
    "Suit",
    "UnknownGameError",
    "UnknownGameTypeError",
    "VectorEnv",
    "__version__",
    "analyze",
    "arena",
    "bots",
    "brouc",
    "check",
    "crosscheck",
    "deck",
    "five_hundred",
    "from_json",
    "game_info",
    "jolly",
    "julien",
    "new_game",
    "simulate",
    "solve",
    "solver",
    "tarot",
]


def __getattr__(name: str) -> object:
    """``check`` and ``crosscheck`` load on first use (PEP 562): they bring the reference
    and most programs never run a cross-check, so ``import cardcore`` stays light."""
    if name in ("check", "crosscheck"):
        module = importlib.import_module("cardcore.crosscheck")
        globals()["check"] = module.check
        return module if name == "crosscheck" else module.check
    raise AttributeError(f"module 'cardcore' has no attribute {name!r}")


__dir__ = _public.listing(__all__, globals())
