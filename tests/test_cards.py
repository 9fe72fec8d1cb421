"""Card notation, face ids, suits, ranks and decks (docs/protocol.md, "Card notation")."""

from __future__ import annotations

import copy
import pickle

import pytest

import cardcore

SUITS = ["S", "H", "D", "C"]
# The rank order of face ids: 2 3 4 5 6 7 8 9 10 J C Q K A (0 to 13).
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K", "A"]
TRUMPS = [f"{n}T" for n in range(1, 22)]
SPECIALS = {"EX": 77, "JK": 78, "BJ": 79, "RJ": 80}
SIZES = [32, 46, 52, 78, 110]


def suited(ranks: list[str]) -> list[str]:
    """Cards of these ranks in all four suits, in face-id order."""
    return [rank + suit for suit in SUITS for rank in RANKS if rank in ranks]


def expected_deck(size: int) -> list[str]:
    """Each deck as the protocol table lists it, hand-written."""
    if size == 32:
        return suited(["7", "8", "9", "10", "J", "Q", "K", "A"])
    if size == 46:
        return [*suited(["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]), "BJ", "RJ"]
    plain = [rank for rank in RANKS if rank != "C"]
    if size == 52:
        return suited(plain)
    if size == 78:
        return suited(RANKS) + TRUMPS + ["EX"]
    if size == 110:
        return suited(plain) * 2 + ["JK"] * 6
    raise AssertionError(size)


def expected_id(text: str) -> int:
    if text in SPECIALS:
        return SPECIALS[text]
    if text.endswith("T"):
        return 55 + int(text[:-1])
    return SUITS.index(text[-1]) * 14 + RANKS.index(text[:-1])


ALL_TEXTS = sorted({text for size in SIZES for text in expected_deck(size)}, key=expected_id)


def test_every_face_is_listed_once() -> None:
    assert len(ALL_TEXTS) == 81
    assert [expected_id(text) for text in ALL_TEXTS] == list(range(81))


@pytest.mark.parametrize("size", SIZES)
def test_deck_contents(size: int) -> None:
    deck = cardcore.deck(size)
    texts = [str(card) for card in deck]
    assert len(deck) == size
    assert texts == expected_deck(size)
    assert all(isinstance(card, cardcore.Card) for card in deck)


@pytest.mark.parametrize("size", [32, 46, 52, 78])
def test_single_decks_are_in_face_id_order_without_repeats(size: int) -> None:
    ids = [card.id for card in cardcore.deck(size)]
    assert ids == sorted(set(ids))


def test_the_110_deck_is_two_52_decks_and_six_jokers() -> None:
    deck = cardcore.deck(110)
    assert deck[:52] == cardcore.deck(52)
    assert deck[52:104] == cardcore.deck(52)
    assert deck[104:] == [cardcore.Card("JK")] * 6
    assert len(set(deck)) == 53


@pytest.mark.parametrize("size", [0, 1, 31, 33, 36, 54, 104, 111, -32, 2**64])
def test_unknown_deck_sizes(size: int) -> None:
    with pytest.raises(cardcore.CardcoreError):
        cardcore.deck(size)


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_parse_and_print_every_card(text: str) -> None:
    card = cardcore.Card.parse(text)
    assert str(card) == text
    assert card.id == expected_id(text)
    assert cardcore.Card(text) == card
    assert cardcore.Card.parse(text.lower()) == card
    assert str(cardcore.Card.parse(text.lower())) == text
    assert cardcore.Card.from_id(card.id) == card
    assert cardcore.Card.parse(str(card)) == card
    assert hash(cardcore.Card.parse(text)) == hash(card)
    assert text in repr(card)
    assert pickle.loads(pickle.dumps(card)) == card
    assert copy.copy(card) == card
    assert copy.deepcopy(card) == card


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_card_fields(text: str) -> None:
    card = cardcore.Card.parse(text)
    if text in SPECIALS or text.endswith("T"):
        assert card.suit is None
        assert card.rank is None
    else:
        assert card.suit is not None
        assert card.rank is not None
        assert card.suit.letter == text[-1]
        assert card.rank.letter == text[:-1]
    assert card.tarot_trump == (int(text[:-1]) if text in TRUMPS else None)
    assert card.is_excuse == (text == "EX")
    assert card.is_joker == (text in ("JK", "BJ", "RJ"))


def test_suits() -> None:
    suits = [
        cardcore.Suit.SPADES,
        cardcore.Suit.HEARTS,
        cardcore.Suit.DIAMONDS,
        cardcore.Suit.CLUBS,
    ]
    assert [suit.letter for suit in suits] == SUITS
    assert [suit.value for suit in suits] == [0, 1, 2, 3]
    assert list(cardcore.Suit) == suits
    assert cardcore.Suit["HEARTS"] is cardcore.Suit.HEARTS
    assert cardcore.Suit.HEARTS.name == "HEARTS"
    assert len(set(suits)) == 4
    assert cardcore.Card("QH").suit == cardcore.Suit.HEARTS
    assert cardcore.Card("QH").suit != cardcore.Suit.SPADES
    assert hash(cardcore.Card("7H").suit) == hash(cardcore.Suit.HEARTS)


def test_ranks() -> None:
    ranks = [
        cardcore.Rank.TWO,
        cardcore.Rank.THREE,
        cardcore.Rank.FOUR,
        cardcore.Rank.FIVE,
        cardcore.Rank.SIX,
        cardcore.Rank.SEVEN,
        cardcore.Rank.EIGHT,
        cardcore.Rank.NINE,
        cardcore.Rank.TEN,
        cardcore.Rank.JACK,
        cardcore.Rank.KNIGHT,
        cardcore.Rank.QUEEN,
        cardcore.Rank.KING,
        cardcore.Rank.ACE,
    ]
    assert [rank.letter for rank in ranks] == RANKS
    values = [rank.value for rank in ranks]
    assert list(cardcore.Rank) == ranks
    assert values == sorted(set(values))
    assert len(set(ranks)) == 14
    for text in suited(RANKS):
        card = cardcore.Card(text)
        assert card.suit is not None
        assert card.rank == ranks[RANKS.index(text[:-1])]
        assert card.id == card.suit.value * 14 + RANKS.index(text[:-1])


@pytest.mark.parametrize(
    "text",
    [
        "1H",
        "11S",
        "QX",
        "22T",
        "0T",
        "01T",
        "010S",
        "T",
        "H",
        "Q",
        "10",
        "1",
        "QHH",
        "HQ",
        "SQ",
        "JKK",
        "EXX",
        "XE",
        "RJK",
        "AH2",
        "Q-H",
        "Q H",
        "Q\u0127",
        "-1T",
        "+1T",
        "1.0T",
        "ZZ",
        "QHEARTS",
    ],
)
def test_bad_texts_raise_notation_error_naming_the_text(text: str) -> None:
    with pytest.raises(cardcore.NotationError) as raised:
        cardcore.Card.parse(text)
    assert text in str(raised.value)
    with pytest.raises(cardcore.NotationError):
        cardcore.Card(text)


@pytest.mark.parametrize("text", ["", " ", " QH", "QH ", "\n", "\x00QH"])
def test_blank_and_padded_texts_are_refused(text: str) -> None:
    with pytest.raises(cardcore.NotationError):
        cardcore.Card.parse(text)


@pytest.mark.parametrize("card_id", [-1, 81, 82, 1000, 2**64])
def test_unknown_face_ids(card_id: int) -> None:
    with pytest.raises(cardcore.CardcoreError):
        cardcore.Card.from_id(card_id)


def test_equality_and_hashing() -> None:
    queen = cardcore.Card("QH")
    assert queen == cardcore.Card.parse("qh")
    assert queen != cardcore.Card("KH")
    assert queen != cardcore.Card("QS")
    assert len({cardcore.Card(text) for text in ALL_TEXTS + [t.lower() for t in ALL_TEXTS]}) == 81
    assert {queen: 1}[cardcore.Card("QH")] == 1
    assert cardcore.Card("10S") == cardcore.Card.from_id(8)
    assert cardcore.Card("CD") == cardcore.Card.from_id(2 * 14 + 10)
    assert cardcore.Card("21T").tarot_trump == 21
