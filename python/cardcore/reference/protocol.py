"""What every game of the reference shares (docs/protocol.md): the action type
and the typed, range-checked readers of a saved state's JSON fields.

Each reader raises ``RuleError`` naming the field (``what``); a game passes its
own card reader (its deck) and seat count where they matter.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardcore.reference.cards import RuleError, face_id

CardReader = Callable[[object, str], str]
"""Reads one card of a game's deck: ``(value, what) -> canonical text``."""


@dataclass(frozen=True)
class RefAction:
    """A move: its stable id, kind, canonical text and the card played (if any)."""

    id: int
    kind: str
    text: str
    card: str | None

    def __str__(self) -> str:
        return self.text


def integer(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{what} must be an integer, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise RuleError(f"{what} must be from {low} to {high}, got {value}")
    return value


def choice(value: object, what: str, choices: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise RuleError(f"{what} must be one of {', '.join(choices)}, got {value!r}")
    return value


def array(value: object, what: str, length: int | None = None) -> list[object]:
    if not isinstance(value, list):
        raise RuleError(f"{what} must be a list, got {value!r}")
    if length is not None and len(value) != length:
        raise RuleError(f"{what} must hold {length} items, not {len(value)}")
    return value


def json_object(value: object, what: str, keys: Sequence[str]) -> dict[str, object]:
    """A JSON object with exactly ``keys``."""
    if not isinstance(value, dict):
        raise RuleError(f"{what} must be a JSON object, got {value!r}")
    missing = [key for key in keys if key not in value]
    unknown = [key for key in value if key not in keys]
    if missing or unknown:
        raise RuleError(f"{what}: missing keys {missing}, unknown keys {unknown}")
    return value


def hand(value: object, what: str, card: CardReader) -> list[str]:
    """A hand: distinct cards sorted by face id."""
    cards = [card(item, f"{what}[{i}]") for i, item in enumerate(array(value, what))]
    if cards != sorted(set(cards), key=face_id):
        raise RuleError(f"{what} is not sorted by face id")
    return cards


def played(
    value: object, what: str, leader: int, num_players: int, card: CardReader
) -> list[tuple[int, str]]:
    """Cards on a trick: ``[seat, card]`` pairs played in seat order from ``leader``."""
    cards = []
    for index, entry in enumerate(array(value, what)):
        seat_value, card_value = array(entry, f"{what}[{index}]", 2)
        seat = integer(seat_value, f"{what}[{index}] seat", 0, num_players - 1)
        if seat != (leader + index) % num_players:
            raise RuleError(f"{what}[{index}] is played by seat {seat}, out of turn")
        cards.append((seat, card(card_value, f"{what}[{index}] card")))
    return cards
