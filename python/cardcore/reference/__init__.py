"""The pure-Python reference rules of cardcore, for the differential tests.

Slow and plain, written from the rules pages (docs/rules/), never from the Rust
engine: the two are played side by side, action by action.
"""

from __future__ import annotations

import json
from typing import Literal, overload

from cardcore.reference.brouc import BroucReference
from cardcore.reference.cards import RuleError
from cardcore.reference.julien import JulienReference
from cardcore.reference.protocol import RefAction, ReferenceGame

_GAME_CLASSES: dict[str, type[ReferenceGame]] = {
    "brouc": BroucReference,
    "julien": JulienReference,
}
"""Every game of the reference by its registered name, in registration order."""

GAMES = tuple(_GAME_CLASSES)

__all__ = [
    "GAMES",
    "BroucReference",
    "JulienReference",
    "RefAction",
    "ReferenceGame",
    "RuleError",
    "from_json",
    "new_game",
]


def _game_class(name: object) -> type[ReferenceGame]:
    if not isinstance(name, str) or name not in _GAME_CLASSES:
        raise RuleError(f"unknown game {name!r}; games are {', '.join(GAMES)}")
    return _GAME_CLASSES[name]


@overload
def new_game(name: Literal["brouc"], *, seed: int, **options: object) -> BroucReference: ...
@overload
def new_game(name: Literal["julien"], *, seed: int, **options: object) -> JulienReference: ...
@overload
def new_game(name: str, *, seed: int, **options: object) -> ReferenceGame: ...
def new_game(name: str, *, seed: int, **options: object) -> ReferenceGame:
    """A new game of that name; RuleError for an unknown game, a bad seed or option."""
    return _game_class(name)(seed=seed, **options)


def from_json(text: str) -> ReferenceGame:
    """The game a ``to_json`` text describes, dispatched on its ``"game"`` key."""
    if not isinstance(text, str):
        raise RuleError(f"from_json needs a str, got {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise RuleError(f"bad JSON: {error}") from None
    if not isinstance(data, dict) or "game" not in data:
        raise RuleError("a state is a JSON object with a 'game' key")
    return _game_class(data["game"]).from_state(data)
