"""Card notation, face ids and decks, as docs/protocol.md defines them.

A card is written rank then suit (``QH``, ``10S``, ``CD`` the knight of
diamonds), tarot trumps ``1T`` .. ``21T``, the Excuse ``EX`` and the jokers
``JK``, ``BJ``, ``RJ``. Parsing accepts lower case; the canonical text is
upper case. Face ids: suited cards ``suit * 14 + r`` (suits S H D C, ``r`` the
rank in the order 2 3 4 5 6 7 8 9 10 J C Q K A), tarot trumps ``55 + n``, the
Excuse 77, ``JK`` 78, ``BJ`` 79, ``RJ`` 80.

This module also defines ``RuleError``, the one error of the reference.
"""

from __future__ import annotations


class RuleError(ValueError):
    """Any bad input to the reference: action, card text, JSON, option or seat."""


SUITS = ("S", "H", "D", "C")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K", "A")
"""Every rank letter in face-id order; the knight ``C`` belongs to the tarot only."""

_TEXTS: tuple[str, ...] = (
    tuple(rank + suit for suit in SUITS for rank in RANKS)
    + tuple(f"{n}T" for n in range(1, 22))
    + ("EX", "JK", "BJ", "RJ")
)
"""The canonical text of every face id, 0 to 80."""

_IDS = {text: face for face, text in enumerate(_TEXTS)}


def parse(text: str) -> str:
    """The canonical text of a card written in either case; RuleError if it is not a card."""
    if isinstance(text, str) and text.isascii():
        canonical = text.upper()
        if canonical in _IDS:
            return canonical
    raise RuleError(f"not a card: {text!r}")


def suit_of(card: str) -> str:
    """A canonical card text's suit letter, its last: S H D C (a tarot trump's T, the
    Excuse's X)."""
    return card[-1]


def rank_of(card: str) -> str:
    """A canonical card text's rank: all but its last letter."""
    return card[:-1]


def face_id(text: str) -> int:
    """The universal face id of a card text."""
    return _IDS[parse(text)]


def card_text(face: int) -> str:
    """The canonical text of a face id."""
    if isinstance(face, bool) or not isinstance(face, int) or not 0 <= face < len(_TEXTS):
        raise RuleError(f"not a face id: {face!r}")
    return _TEXTS[face]


def _suited(ranks: str) -> tuple[str, ...]:
    """The cards of the given ranks (space separated) in four suits, in face-id order."""
    wanted = ranks.split()
    return tuple(rank + suit for suit in SUITS for rank in RANKS if rank in wanted)


_DECK52 = _suited("2 3 4 5 6 7 8 9 10 J Q K A")

DECKS: dict[int, tuple[str, ...]] = {
    32: _suited("7 8 9 10 J Q K A"),
    46: (*_suited("4 5 6 7 8 9 10 J Q K A"), "BJ", "RJ"),
    52: _DECK52,
    78: (*_suited(" ".join(RANKS)), *(f"{n}T" for n in range(1, 22)), "EX"),
    110: (*_DECK52, *_DECK52, *("JK",) * 6),
}
"""Every deck of docs/protocol.md, by size, each in face-id order."""


def deck(size: int) -> list[str]:
    """A fresh copy of the deck of that size (32, 46, 52, 78 or 110 cards)."""
    if isinstance(size, bool) or not isinstance(size, int) or size not in DECKS:
        raise RuleError(f"no deck of size {size!r}; sizes are {sorted(DECKS)}")
    return list(DECKS[size])
