"""500 through the Python API: the bid table, the scorings, the trump order, and what
each seat may see (docs/rules/five_hundred.md)."""

from __future__ import annotations

import random

import pytest

import cardcore
from cardcore import Suit
from cardcore.five_hundred import FiveHundred, bid_value, score


def contracted(bid: str, seed: int = 1, **options: object) -> FiveHundred:
    """A game whose first bidder bids ``bid`` and the others pass, kitty discarded."""
    game = FiveHundred(seed=seed, **options)  # type: ignore[arg-type]
    game.apply(bid)
    while game.phase == "bid":
        game.apply("pass")
    while game.phase == "discard":
        game.apply(game.legal_actions()[0])
    return game


def test_the_avondale_table() -> None:
    assert bid_value("6 spades") == 40
    assert bid_value("7 NO TRUMP") == 220
    assert bid_value("10 no trump") == 520
    assert bid_value("misere") == 250
    assert bid_value("open misere") == 500
    with pytest.raises(cardcore.OptionError, match="bid"):
        bid_value("pass")
    with pytest.raises(cardcore.OptionTypeError, match="bid"):
        bid_value(7)  # type: ignore[arg-type]


def test_bids_read_in_the_short_forms_players_write() -> None:
    assert bid_value("7H") == bid_value("7 hearts") == 200
    assert bid_value("7NT") == bid_value("7nt") == 220
    assert bid_value("10nt") == 520
    assert bid_value("6s") == 40
    assert score("8D", 8) == score("8 diamonds", 8) == (280, 0)
    assert score("10NT", 10) == (520, 0)
    for text in ("5H", "11NT", "7X", "7", "07H"):
        with pytest.raises(cardcore.OptionError, match="'7H'"):
            bid_value(text)


def test_the_scorings() -> None:
    # The text's rule: made, the value to the bidders; failed, to the opponents.
    assert score("8 diamonds", 8) == (280, 0)
    assert score("8 diamonds", 7) == (0, 280)
    # The text's variant: won or lost, 10 a trick to the opponents.
    assert score("8 diamonds", 9, scoring="variant") == (280, 10)
    assert score("8 diamonds", 3, scoring="variant") == (-280, 70)
    # F11: every trick on a bid under 250 scores 250.
    assert score("6 hearts", 10, slam_bonus=True) == (250, 0)
    assert score("6 hearts", 10) == (100, 0)
    # Misère: the opponents score nothing.
    assert score("misere", 0) == (250, 0)
    assert score("open misere", 1, scoring="variant") == (-500, 0)
    with pytest.raises(cardcore.OptionError, match=r"tricks.*expected 0 or 1 for misere"):
        score("misere", 2)
    with pytest.raises(cardcore.OptionError, match="from 0 to 10"):
        score("7 hearts", 11)
    with pytest.raises(cardcore.OptionError, match="scoring"):
        score("7 hearts", 7, scoring="other")  # type: ignore[arg-type]


def test_the_trump_order_under_the_contract() -> None:
    game = contracted("7 hearts")
    assert game.effective_suit("JD") == Suit.HEARTS
    assert game.effective_suit("BJ") == Suit.HEARTS
    assert game.effective_suit("JC") == Suit.CLUBS
    assert game.observation(1).effective_suit("RJ") == Suit.HEARTS
    assert game.trump == game.observation(2).trump == Suit.HEARTS
    # No trump: the jokers' own suit.
    no_trump = contracted("7 no trump")
    assert no_trump.trump is None
    assert no_trump.contract == "7 no trump"
    assert no_trump.effective_suit("BJ") is None
    assert no_trump.effective_suit("JD") == Suit.DIAMONDS
    # Before any contract the jokers belong to no suit yet: an error, not None.
    bidding = FiveHundred(seed=1)
    assert bidding.trump is None
    assert bidding.contract is None
    for card in ("BJ", "JD"):
        with pytest.raises(cardcore.OptionError, match=r"contract.*auction is over"):
            bidding.effective_suit(card)
        with pytest.raises(cardcore.OptionError, match="contract"):
            bidding.observation(0).effective_suit(card)
    for other_deck in ("2S", "3H", "CD", "EX", "1T"):  # not among the 46 cards
        with pytest.raises(cardcore.OptionError, match="46-card deck"):
            no_trump.effective_suit(other_deck)


def test_trump_follows_every_strain() -> None:
    for bid, trump in [
        ("6 spades", Suit.SPADES),
        ("6 clubs", Suit.CLUBS),
        ("6 diamonds", Suit.DIAMONDS),
        ("6 hearts", Suit.HEARTS),
        ("6 no trump", None),
    ]:
        assert contracted(bid).trump == trump, bid
    assert contracted("open misere", misere=True).trump is None


def test_the_kitty_and_the_discard_are_seen_by_the_bidder_alone() -> None:
    bidding = FiveHundred(seed=2)
    assert all(card is None for card in bidding.observation(0).known_kitty)
    game = contracted("6 clubs", seed=5)
    bidder = game.bidder
    assert bidder is not None
    for seat in range(4):
        observation = game.observation(seat)
        view = observation.to_dict()
        if seat == bidder:
            assert observation.known_kitty == game.kitty
            assert observation.known_discard == game.discard
        else:
            assert observation.known_kitty == [None] * 6
            assert view["discard"] == [None] * 6


def test_open_misere_shows_the_hand_after_the_first_trick() -> None:
    game = contracted("open misere", misere=True)
    bidder = game.bidder
    assert bidder is not None
    assert game.open_hand is None
    rng = random.Random(0)
    while not game.tricks and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    if not game.is_over:
        assert game.open_hand == game.hand(bidder)
        assert game.observation((bidder + 1) % 4).to_dict()["open_hand"] == [
            str(card) for card in game.hand(bidder)
        ]


def test_a_misere_partner_never_plays() -> None:
    game = FiveHundred(seed=4, misere=True)
    for bid in ("7 spades", "misere", "pass", "pass", "pass"):
        game.apply(bid)
    while game.phase == "discard":
        game.apply(game.legal_actions()[0])
    assert game.contract == "misere"
    bidder = game.bidder
    assert bidder is not None
    partner = (bidder + 2) % 4
    rng = random.Random(3)
    deal = game.deal_number
    while game.deal_number == deal and not game.is_over:
        assert game.current_player != partner
        game.apply(rng.choice(game.legal_actions()))
    record = game.finished_deals[-1] if game.deal_number != deal else game.current_deal
    assert all(len(trick.cards) == 3 for trick in record.tricks)
    assert all(seat != partner for trick in record.tricks for seat, _ in trick.cards)


def test_states_round_trip_with_every_option() -> None:
    for options in (
        {},
        {"scoring": "variant", "slam_bonus": True},
        {"misere": True, "joker_names_suit": True, "single_round": True},
    ):
        game = FiveHundred(seed=7, **options)
        rng = random.Random(7)
        steps = 0
        while not game.is_over and steps < 400:
            game.apply(rng.choice(game.legal_actions()))
            assert cardcore.from_json(game.to_json()) == game
            steps += 1
