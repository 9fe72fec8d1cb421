"""The pure-Python reference rules of cardcore, for the differential tests.

Slow and plain, written from the rules pages (docs/rules/), never from the Rust
engine: the two are played side by side, action by action.
"""

from __future__ import annotations

import json
import math
from typing import Any, Literal, overload

from cardcore.reference.brouc import BroucReference
from cardcore.reference.cards import RuleError
from cardcore.reference.five_hundred import FiveHundredReference
from cardcore.reference.jolly import JollyReference
from cardcore.reference.julien import JulienReference
from cardcore.reference.protocol import RefAction, ReferenceGame, is_int
from cardcore.reference.tarot import TarotReference

_GAME_CLASSES: dict[str, type[ReferenceGame]] = {
    "brouc": BroucReference,
    "julien": JulienReference,
    "tarot": TarotReference,
    "five_hundred": FiveHundredReference,
    "jolly": JollyReference,
}
"""Every game of the reference by its registered name, in registration order."""

GAMES = tuple(_GAME_CLASSES)

__all__ = [
    "GAMES",
    "MAX_BYTES",
    "BroucReference",
    "FiveHundredReference",
    "JollyReference",
    "JulienReference",
    "RefAction",
    "ReferenceGame",
    "RuleError",
    "TarotReference",
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
def new_game(name: Literal["tarot"], *, seed: int, **options: object) -> TarotReference: ...
@overload
def new_game(
    name: Literal["five_hundred"], *, seed: int, **options: object
) -> FiveHundredReference: ...
@overload
def new_game(name: Literal["jolly"], *, seed: int, **options: object) -> JollyReference: ...
@overload
def new_game(name: str, *, seed: int, **options: object) -> ReferenceGame: ...
def new_game(name: str, *, seed: int, **options: object) -> ReferenceGame:
    """A new game of that name; RuleError for an unknown game, a bad seed or option."""
    return _game_class(name)(seed=seed, **options)


MAX_BYTES = 4_194_304
"""The longest state text ``from_json`` reads by default, in UTF-8 bytes (4 MiB)."""


def from_json(text: str, *, max_bytes: int = MAX_BYTES) -> ReferenceGame:
    """The game a ``to_json`` text describes, dispatched on its ``"game"`` key.

    Hostile text is a RuleError like any unreachable state: a text that is no UTF-8
    (a lone surrogate) or longer than ``max_bytes`` bytes (checked before parsing),
    a JSON object with a key twice, a non-finite number, nesting too deep.
    """
    if not isinstance(text, str):
        raise RuleError(f"from_json needs a str, got {type(text).__name__}")
    if not is_int(max_bytes) or max_bytes < 1:
        raise RuleError(f"max_bytes must be a positive integer, got {max_bytes!r}")
    try:
        # More characters than max_bytes are too many bytes whatever they are.
        size = len(text) if len(text) > max_bytes else len(text.encode("utf-8"))
    except UnicodeEncodeError as error:
        raise RuleError(f"the text is not UTF-8: {error}") from None
    if size > max_bytes:
        raise RuleError(f"the text is longer than {max_bytes} bytes")
    try:
        data = json.loads(
            text, object_pairs_hook=_object, parse_constant=_constant, parse_float=_float
        )
    except RecursionError:
        raise RuleError("the JSON is nested too deeply") from None
    except RuleError:
        raise
    except ValueError as error:
        raise RuleError(f"bad JSON: {error}") from None
    if not isinstance(data, dict) or "game" not in data:
        raise RuleError("a state is a JSON object with a 'game' key")
    try:
        return _game_class(data["game"]).from_state(data)
    except RecursionError:
        raise RuleError("the state is nested too deeply") from None


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, whose keys must all differ."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise RuleError(f"a JSON object has the key {key!r} twice")
        data[key] = value
    return data


def _constant(name: str) -> float:
    raise RuleError(f"{name} is not a number of a state")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RuleError(f"{text} is not a finite number")
    return value
