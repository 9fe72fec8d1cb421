"""Suits and ranks as Python enumerations, in face-id order (docs/protocol.md).

``Card.suit`` and ``Card.rank`` return these members; their integer values are
the parts of a card's face id (``card.id == card.suit.value * 14 + card.rank.value`` for a
suited card).
"""

from __future__ import annotations

from enum import Enum

__all__ = ["Rank", "Suit"]


class Suit(Enum):
    """The four French suits: ``list(Suit)``, ``Suit["HEARTS"]``, ``Suit.HEARTS.letter``."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The suit's letter in card texts: S, H, D or C."""
        return "SHDC"[self.value]


_RANK_LETTERS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K", "A")


class Rank(Enum):
    """Ranks of suited cards, two to ace; ``KNIGHT`` (the cavalier) is the tarot's."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    KNIGHT = 10
    QUEEN = 11
    KING = 12
    ACE = 13

    @property
    def letter(self) -> str:
        """The rank's text in card texts: 2 to 10, J, C (the knight), Q, K, A."""
        return _RANK_LETTERS[self.value]
