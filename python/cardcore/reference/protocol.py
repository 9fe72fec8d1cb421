"""What every game of the reference shares (docs/protocol.md): the action type
and the typed, range-checked readers of a saved state's JSON fields.

Each reader raises ``RuleError`` naming the field (``what``); a game passes its
own card reader (its deck) and seat count where they matter.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self, TypeGuard

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


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class ReferenceGame(ABC):
    """The protocol (docs/protocol.md) over a game's own rules: a game class names
    itself, lists its actions and gives its legal actions, how a legal action
    changes it, and its state; the rest is the same for every game."""

    NAME: ClassVar[str]
    NUM_PLAYERS: ClassVar[int]
    ACTIONS: ClassVar[tuple[RefAction, ...]]
    """Every action, indexed by id."""

    _phase: str
    _hands: list[list[str]]

    @abstractmethod
    def __init__(self, *, seed: int, **options: object) -> None:
        """A new game: RuleError for a bad seed or option."""

    @property
    def name(self) -> str:
        return self.NAME

    @property
    def num_players(self) -> int:
        return self.NUM_PLAYERS

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    @abstractmethod
    def options(self) -> dict[str, object]: ...

    @property
    @abstractmethod
    def current_player(self) -> int | None: ...

    @property
    @abstractmethod
    def scores(self) -> list[int]: ...

    @property
    @abstractmethod
    def history(self) -> list[RefAction]: ...

    @abstractmethod
    def legal_actions(self) -> list[RefAction]:
        """The legal actions, sorted by id."""

    @abstractmethod
    def _action_id(self, text: str) -> int:
        """The id of an action's text (RuleError if no action of the game has it)."""

    @abstractmethod
    def _apply_legal(self, seat: int, action: RefAction) -> None:
        """``seat`` takes ``action``, known to be legal."""

    @abstractmethod
    def _state(self) -> dict[str, Any]:
        """The state JSON as a dict, keys in the order of the game's rules page."""

    @classmethod
    @abstractmethod
    def from_state(cls, data: object) -> Self:
        """The game a parsed ``to_json`` state describes, checked (RuleError if it could
        not arise)."""

    @abstractmethod
    def _observed(self, view: dict[str, Any], seat: int) -> None:
        """A game's own changes to an observation (hiding, public extras)."""

    def action(self, action: int | str) -> RefAction:
        """The action with this id or text (legal or not)."""
        if is_int(action):
            if not 0 <= action < len(self.ACTIONS):
                last = len(self.ACTIONS) - 1
                raise RuleError(f"no {self.NAME} action has id {action}; ids are 0 to {last}")
            return self.ACTIONS[action]
        if isinstance(action, str):
            return self.ACTIONS[self._action_id(action)]
        raise RuleError(f"an action is a RefAction, an id or a text, got {action!r}")

    def apply(self, action: RefAction | int | str) -> None:
        """Apply a legal action; a rejected action leaves the game unchanged."""
        if isinstance(action, RefAction):
            resolved = self.action(action.id)
            if resolved != action:
                raise RuleError(f"not a {self.NAME} action: {action!r}")
        else:
            resolved = self.action(action)
        seat = self.current_player
        if seat is None:
            raise RuleError(f"cannot apply {resolved}: the game is over")
        legal = self.legal_actions()
        if resolved not in legal:
            allowed = " ".join(str(a) for a in legal)
            raise RuleError(f"illegal action {resolved}: seat {seat} may take {allowed}")
        self._apply_legal(seat, resolved)

    def clone(self) -> Self:
        return copy.deepcopy(self)

    def to_json(self) -> str:
        return json.dumps(self._state(), separators=(",", ":"))

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: the state without the generator, the hands and the
        history, with its own hand, every hand's size, the seat to act and the scores."""
        seat = self._check_seat(seat)
        view = self._state()
        for hidden in ("rng", "hands", "history"):
            del view[hidden]
        view["seat"] = seat
        view["hand"] = list(self._hands[seat])
        view["hand_sizes"] = [len(hand) for hand in self._hands]
        view["current_player"] = self.current_player
        view["scores"] = self.scores
        self._observed(view, seat)
        return view

    def hand(self, seat: int) -> list[str]:
        return list(self._hands[self._check_seat(seat)])

    def _check_seat(self, seat: object) -> int:
        return integer(seat, "seat", 0, self.NUM_PLAYERS - 1)


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
