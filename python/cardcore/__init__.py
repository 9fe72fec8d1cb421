"""cardcore: fast, exact engines for French and Swiss card games.

The engines are Rust (``cardcore._core``); this package re-exports them with
types. ``cardcore.reference`` holds the pure-Python reference rules used by the
differential tests.
"""

from cardcore._core import (
    GAMES,
    Action,
    Announcement,
    Brouc,
    BroucDeal,
    Card,
    CardcoreError,
    IllegalActionError,
    JsonError,
    NotationError,
    OptionError,
    RandomBot,
    Rank,
    SeatError,
    SimulationSummary,
    Suit,
    UnknownGameError,
    __version__,
    deck,
    from_json,
    game_info,
    new_game,
    simulate,
)
from cardcore._protocol import Game

__all__ = [
    "GAMES",
    "Action",
    "Announcement",
    "Brouc",
    "BroucDeal",
    "Card",
    "CardcoreError",
    "Game",
    "IllegalActionError",
    "JsonError",
    "NotationError",
    "OptionError",
    "RandomBot",
    "Rank",
    "SeatError",
    "SimulationSummary",
    "Suit",
    "UnknownGameError",
    "__version__",
    "deck",
    "from_json",
    "game_info",
    "new_game",
    "simulate",
]
