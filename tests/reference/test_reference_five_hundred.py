"""The 500 reference alone: the bid values, the deal, the auction, the kitty and the
discard, every branch of the trump order, misère, each scoring and the match's end, JSON
and observations, and random whole matches with every option on and off.

Rulings F1-F12 and decisions D1-D3 are those of docs/rules/five_hundred.md. Positions
are laid out with ``_begin_deal``; every expected value is worked out by hand in a
comment.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from cardcore.reference import GAMES, RuleError, new_game
from cardcore.reference.five_hundred import (
    ACTIONS,
    BID_ORDER,
    DECK,
    FiveHundredReference,
    allowed_bids,
    bid_value,
    deal_cards,
    effective_suit,
    legal_plays,
    match_winner,
    score,
    trick_winner,
    trump_order,
)
from cardcore.reference.protocol import Deal
from cardcore.reference.rng import SplitMix64
from harness import ref_edit as _edit
from harness import ref_legal as legal
from harness import ref_load
from harness import ref_observed as observed
from harness import ref_play as play
from harness import ref_reload as reload
from harness import ref_state as state

JsonDict = dict[str, Any]

# --- Helpers -------------------------------------------------------------------------

SUITS = "SHDC"
RANKS = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def load(data: JsonDict) -> FiveHundredReference:
    return ref_load(data, FiveHundredReference)


def face(card: str) -> int:
    """The Actions table: suit x 11 + rank (4 .. A), BJ 44, RJ 45."""
    if card in ("BJ", "RJ"):
        return 44 if card == "BJ" else 45
    return SUITS.index(card[-1]) * 11 + RANKS.index(card[:-1])


def cards(text: str) -> list[str]:
    return sorted(text.split(), key=face)


def layout(
    dealer: int, fixed: dict[int, str], kitty: str, **options: object
) -> FiveHundredReference:
    """Deal 1 laid out: the ``fixed`` seats' hands and the kitty, the other seats the
    cards left in face-id order, seat by seat."""
    game = new_game("five_hundred", seed=0, **options)
    used = {card for hand in fixed.values() for card in hand.split()} | set(kitty.split())
    rest = [card for card in sorted(DECK, key=face) if card not in used]
    hands = []
    for seat in range(4):
        if seat in fixed:
            hands.append(cards(fixed[seat]))
        else:
            hands.append(rest[:10])
            rest = rest[10:]
    assert not rest
    assert all(len(hand) == 10 for hand in hands)
    game._begin_deal(Deal(dealer, tuple(tuple(hand) for hand in hands), tuple(cards(kitty))), 1)
    return game


def discard(game: FiveHundredReference, texts: str) -> None:
    for card in texts.split():
        game.apply(f"discard {card}")


def play_out(game: FiveHundredReference, prefer: dict[int, list[str]] | None = None) -> None:
    """Play the deal's cards to its end: a seat in ``prefer`` plays the first of its
    listed cards that is legal, the others their lowest legal card."""
    deal = game.deal_number
    while game.phase == "play" and game.deal_number == deal:
        seat = game.current_player
        assert seat is not None
        options = legal(game)
        wanted = [card for card in (prefer or {}).get(seat, []) if card in options]
        game.apply(wanted[0] if wanted else options[0])


# The slam hand: seat 0 holds the ten highest spades, then the rest by face id.
SLAM_HAND = "BJ RJ JS JC AS KS QS 10S 9S 8S"
SLAM_KITTY = "4D 5D 6D 7D 8D 9D"


def slam_deal(bid: str, **options: object) -> FiveHundredReference:
    """Dealer 3: seat 0 bids ``bid`` with SLAM_HAND, the others pass; it discards the kitty."""
    game = layout(3, {0: SLAM_HAND}, SLAM_KITTY, **options)
    play(game, f"{bid}, pass, pass, pass")
    discard(game, SLAM_KITTY)
    return game


# Eight tricks: seat 0's eight top spades and two low hearts; seat 2 has no spade and no
# heart; seats 1 and 3 hold the low spades and every higher heart.
EIGHT = {
    0: "BJ RJ JS JC AS KS QS 10S 4H 5H",
    1: "9S 8S 7S 6H 7H 8H 9H 10H JH QH",
    2: "4D 5D 6D 7D 8D 9D 10D JD QD KD",
    3: "6S 5S 4S KH AH AD 4C 5C 6C 7C",
}
EIGHT_KITTY = "8C 9C 10C QC KC AC"
EIGHT_ORDER = ["BJ", "RJ", "JS", "JC", "AS", "KS", "QS", "10S", "4H", "5H"]


def eight_tricks(bid: str, **options: object) -> FiveHundredReference:
    """Seat 0 (dealer 3) bids ``bid``, discards the kitty and plays its spades from the top:
    its team wins the 8 trump tricks; seat 1 wins the two heart tricks (JH, QH)."""
    game = layout(3, EIGHT, EIGHT_KITTY, **options)
    play(game, f"{bid}, pass, pass, pass")
    discard(game, EIGHT_KITTY)
    play_out(game, {0: EIGHT_ORDER})
    return game


# Misère: seat 1 holds the lowest spades and hearts, seat 0 the higher ones, seat 2 the
# two aces and low diamonds; seat 3, the partner who sits out, clubs and the jokers.
MISERE = {
    0: "9S 10S JS QS KS 9H 10H JH QH KH",
    1: "4S 5S 6S 7S 8S 4H 5H 6H 7H 8H",
    2: "AS AH 4D 5D 6D 7D 8D 9D 10D JD",
    3: "7C 8C 9C 10C JC QC KC AC BJ RJ",
}
MISERE_KITTY = "QD KD AD 4C 5C 6C"


def misere_deal(bid: str = "misere", **options: object) -> FiveHundredReference:
    """Dealer 3: seat 0 bids 7 spades (or passes for an open misère), seat 1 ``bid``, the
    others pass; seat 1 has the contract and its partner, seat 3, sits out."""
    game = layout(3, MISERE, MISERE_KITTY, misere=True, **options)
    first = "7 spades" if bid == "misere" else "pass"
    play(game, f"{first}, {bid}, pass, pass")
    if bid == "misere":
        play(game, "pass")
    assert (game.phase, game.bidder, game.contract) == ("discard", 1, bid)
    return game


# --- Registration, actions, options --------------------------------------------------


def test_five_hundred_is_registered_last() -> None:
    assert GAMES == ("brouc", "julien", "tarot", "five_hundred", "jolly")
    game = new_game("five_hundred", seed=1)
    assert isinstance(game, FiveHundredReference)
    assert (game.name, game.num_players, game.hand_size) == ("five_hundred", 4, 10)


def test_the_action_table() -> None:
    # Actions: 124 ids: cards, discards 46 + id, pass, 25 bids, the misères, the names.
    assert len(ACTIONS) == 124
    assert [a.id for a in ACTIONS] == list(range(124))
    expected = {
        0: ("4S", "play", "4S"),
        10: ("AS", "play", "AS"),
        11: ("4H", "play", "4H"),
        43: ("AC", "play", "AC"),
        44: ("BJ", "play", "BJ"),
        45: ("RJ", "play", "RJ"),
        46: ("discard 4S", "discard", "4S"),
        46 + face("QH"): ("discard QH", "discard", "QH"),
        91: ("discard RJ", "discard", "RJ"),
        92: ("pass", "bid", None),
        93: ("6 spades", "bid", None),
        94: ("6 clubs", "bid", None),
        95: ("6 diamonds", "bid", None),
        96: ("6 hearts", "bid", None),
        97: ("6 no trump", "bid", None),
        98: ("7 spades", "bid", None),
        93 + 5 * 2 + 3: ("8 hearts", "bid", None),
        117: ("10 no trump", "bid", None),
        118: ("misere", "bid", None),
        119: ("open misere", "bid", None),
        120: ("name spades", "name", None),
        121: ("name hearts", "name", None),
        122: ("name diamonds", "name", None),
        123: ("name clubs", "name", None),
    }
    for action_id, (text, kind, card) in expected.items():
        action = ACTIONS[action_id]
        assert (action.text, action.kind, action.card) == (text, kind, card)
    assert all(ACTIONS[face(card)].text == card for card in DECK)
    assert list(DECK) == sorted(DECK, key=face)
    game = new_game("five_hundred", seed=1)
    # A text is parsed ignoring letter case; nothing else is accepted.
    assert game.action("7 No Trump").id == 102
    assert game.action("DISCARD qh").id == 46 + face("QH")
    assert game.action("Open Misere").id == 119
    assert game.action("bj").text == "BJ"
    assert game.action("NAME Clubs").id == 123
    for bad in ("misère", "6  spades", "6 notrump", "3S", "JK", "name joker", " pass", "11 hearts"):
        with pytest.raises(RuleError):
            game.action(bad)


def test_options() -> None:
    game = new_game("five_hundred", seed=3)
    assert game.options == {
        "single_deal": False,
        "single_round": False,
        "misere": False,
        "joker_names_suit": False,
        "scoring": "default",
        "slam_bonus": False,
        "first_dealer": None,
        "max_deals": 1000,
    }
    named = new_game("five_hundred", seed=3, first_dealer=2, scoring="variant")
    assert (named.deal_number, named.dealer, named.current_player) == (1, 2, 3)
    assert named.options["scoring"] == "variant"
    bad: list[dict[str, object]] = [
        {"single_deal": 1},
        {"single_round": None},
        {"misere": "yes"},
        {"joker_names_suit": 0},
        {"slam_bonus": 1},
        {"scoring": "Variant"},
        {"scoring": None},
        {"first_dealer": 4},
        {"first_dealer": -1},
        {"first_dealer": True},
        {"misère": True},
    ]
    for options in bad:
        with pytest.raises(RuleError):
            new_game("five_hundred", seed=0, **options)


# --- The bids' values and order (F1, F6, D1) ----------------------------------------------


def test_bid_values() -> None:
    # F1: 100 x (tricks - 6) + 40 + 20 x r; r = 0 spades, 1 clubs, 2 diamonds, 3 hearts, 4 NT.
    assert bid_value("6 spades") == 40
    assert bid_value("6 clubs") == 60
    assert bid_value("7 hearts") == 200
    assert bid_value("8 spades") == 240
    assert bid_value("10 diamonds") == 480
    assert bid_value("10 hearts") == 500
    assert bid_value("10 no trump") == 520
    assert bid_value("misere") == 250
    assert bid_value("open misere") == 500
    assert bid_value("6 NO TRUMP") == 120
    suits = ["spades", "clubs", "diamonds", "hearts", "no trump"]
    table = [f"{tricks} {suit}" for tricks in range(6, 11) for suit in suits]
    for tricks in range(6, 11):
        for r, suit in enumerate(suits):
            assert bid_value(f"{tricks} {suit}") == 100 * (tricks - 6) + 40 + 20 * r
    values = [bid_value(bid) for bid in table]
    assert values == sorted(values)
    assert len(set(values)) == 25  # the whole table strictly increasing
    for bad in ("pass", "5 spades", "11 hearts", "6 spade", "", "misère", "name hearts"):
        with pytest.raises(RuleError):
            bid_value(bad)
    with pytest.raises(RuleError):
        bid_value(7)  # type: ignore[arg-type]


def test_the_bids_order_places_the_miseres() -> None:
    # D1: misère between 8 spades (240) and 8 clubs (260); open misère between 10
    # diamonds (480) and 10 hearts (500), though it is worth 500 like 10 hearts.
    assert len(BID_ORDER) == 27
    i = BID_ORDER.index("misere")
    assert BID_ORDER[i - 1 : i + 2] == ("8 spades", "misere", "8 clubs")
    j = BID_ORDER.index("open misere")
    assert BID_ORDER[j - 1 : j + 2] == ("10 diamonds", "open misere", "10 hearts")
    assert BID_ORDER[0] == "6 spades"
    assert BID_ORDER[-1] == "10 no trump"
    assert [bid_value(bid) for bid in BID_ORDER] == sorted(bid_value(bid) for bid in BID_ORDER)


# --- The deal (Mise en place) --------------------------------------------------------------


def test_the_packets_from_the_dealers_left() -> None:
    deck = list(DECK)  # face-id order
    hands, kitty = deal_cards(deck, 1)
    # 3 each from seat 2 round to the dealer (positions 0-11), 3 to the kitty (12-14),
    # 4 each (15-30), 3 to the kitty (31-33), 3 each (34-45).
    order = [2, 3, 0, 1]
    for k, seat in enumerate(order):
        expected = deck[3 * k : 3 * k + 3] + deck[15 + 4 * k : 19 + 4 * k]
        expected += deck[34 + 3 * k : 37 + 3 * k]
        assert list(hands[seat]) == sorted(expected, key=face)
    assert list(kitty) == sorted(deck[12:15] + deck[31:34], key=face)


@pytest.mark.parametrize("seed", [0, 77, 2**64 - 1])
def test_a_new_game_deals_from_the_generator(seed: int) -> None:
    # The first dealer is drawn (below(4)) before the one shuffle of the 46 cards.
    rng = SplitMix64(seed)
    dealer = rng.below(4)
    deck = list(DECK)
    rng.shuffle(deck)
    hands, kitty = deal_cards(deck, dealer)
    game = new_game("five_hundred", seed=seed)
    data = state(game)
    assert (data["deal"], data["dealer"], data["rng"]) == (1, dealer, rng.state)
    assert data["dealt"] == data["hands"] == [list(hand) for hand in hands]
    assert data["kitty"] == list(kitty)
    assert (data["phase"], game.current_player, data["trick_leader"]) == (
        "bid",
        (dealer + 1) % 4,
        (dealer + 1) % 4,
    )
    # With first_dealer nothing is drawn: the shuffle is the generator's first use.
    named = new_game("five_hundred", seed=seed, first_dealer=2)
    rng = SplitMix64(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    assert state(named)["dealt"] == [list(hand) for hand in deal_cards(deck, 2)[0]]
    assert state(named)["rng"] == rng.state


# --- The auction (1. Les enchères, F5, F6) ----------------------------------------------------


def auction(**options: object) -> FiveHundredReference:
    """Dealer 3: seat 0 speaks first."""
    return new_game("five_hundred", seed=5, first_dealer=3, **options)


def test_a_pass_is_final_and_three_passes_end_it() -> None:
    game = auction()
    assert game.current_player == 0
    play(game, "pass, 6 spades, 6 clubs, pass")
    # Seat 0 has passed: after seat 3 the auction goes to seat 1.
    assert game.current_player == 1
    assert "6 clubs" not in legal(game)
    assert legal(game)[:3] == ["pass", "6 diamonds", "6 hearts"]
    play(game, "7 spades")
    assert game.current_player == 2
    play(game, "pass")
    # Three seats have passed after a bid: the last bidder has the contract (F7: the kitty).
    data = state(game)
    assert data["bids"] == [
        ["pass", 0],
        ["6 spades", 1],
        ["6 clubs", 2],
        ["pass", 3],
        ["7 spades", 1],
        ["pass", 2],
    ]
    assert (data["phase"], data["bidder"], data["contract"], data["trick_leader"]) == (
        "discard",
        1,
        "7 spades",
        1,
    )
    assert game.current_player == 1
    assert len(data["hands"][1]) == 16


def test_partners_may_overbid_each_other() -> None:
    game = auction()
    play(game, "6 spades, pass, 6 hearts")
    assert game.current_player == 3
    play(game, "pass")
    assert game.current_player == 0
    play(game, "7 spades, pass")  # seat 0 over its partner; seat 2 passes
    assert (game.bidder, game.contract) == (0, "7 spades")


def test_only_higher_bids() -> None:
    game = auction()
    assert legal(game) == ["pass"] + [bid for bid in BID_ORDER if "misere" not in bid]
    play(game, "8 hearts")
    assert legal(game) == ["pass", "8 no trump"] + [
        f"{n} {s}" for n in (9, 10) for s in ("spades", "clubs", "diamonds", "hearts", "no trump")
    ]
    play(game, "10 no trump")
    assert legal(game) == ["pass"]
    with pytest.raises(RuleError, match="illegal action 10 no trump"):
        game.apply("10 no trump")


def test_three_passes_then_a_bid_ends_the_auction_at_once() -> None:
    game = auction()
    play(game, "pass, pass, pass")
    assert game.current_player == 3
    assert "pass" in legal(game)
    play(game, "6 spades")
    assert (game.phase, game.bidder, game.contract) == ("discard", 3, "6 spades")


def test_all_pass_voids_the_deal_and_the_next_seat_deals() -> None:
    game = auction()
    dealt = state(game)["dealt"]
    kitty = state(game)["kitty"]
    play(game, "pass, pass, pass, pass")
    data = state(game)
    assert (data["deal"], data["dealer"], data["phase"], game.current_player) == (2, 0, "bid", 1)
    assert data["deal_scores"] == []
    assert data["finished_deals"] == [
        {
            "deal": 1,
            "dealer": 3,
            "dealt": dealt,
            "kitty": kitty,
            "void": "all pass",
            "bids": [["pass", 0], ["pass", 1], ["pass", 2], ["pass", 3]],
            "bidder": None,
            "contract": None,
            "discard": [],
            "tricks": [],
            "result": None,
        }
    ]
    # The next deal is the generator's next shuffle.
    rng = SplitMix64(5)
    for _ in range(2):
        deck = list(DECK)
        rng.shuffle(deck)
    assert data["dealt"] == [list(hand) for hand in deal_cards(deck, 0)[0]]
    assert data["rng"] == rng.state
    # Observations show a void deal's record without its hands and kitty.
    previous = observed(game, 2)["previous_deal"]
    assert previous["dealt"] == [[], [], [], []]
    assert previous["kitty"] == []
    assert previous["bids"] == data["finished_deals"][0]["bids"]
    reload(game)


def test_single_round() -> None:
    # F5's option: each seat speaks once, from the dealer's left; the highest bid wins.
    game = auction(single_round=True)
    play(game, "6 spades, 7 spades, pass")
    assert game.current_player == 3
    play(game, "7 hearts")
    assert (game.phase, game.bidder, game.contract) == ("discard", 3, "7 hearts")
    # Seat 0 does not speak again: with two passes the auction is over.
    game = auction(single_round=True)
    play(game, "6 spades, 7 spades, pass, pass")
    assert (game.phase, game.bidder, game.contract) == ("discard", 1, "7 spades")
    game = auction(single_round=True)
    play(game, "7 spades, pass, pass")
    assert game.phase == "bid"  # seat 3 still speaks
    play(game, "pass")
    assert (game.bidder, game.contract) == (0, "7 spades")
    game = auction(single_round=True)
    play(game, "pass, pass, pass, pass")
    assert (game.deal_number, game.dealer, state(game)["finished_deals"][0]["void"]) == (
        2,
        0,
        "all pass",
    )


def test_misere_only_after_a_seven_bid() -> None:
    assert "misere" not in legal(auction())
    assert "open misere" not in legal(auction())
    game = auction(misere=True)
    # Open misère at any time; misère not before a seven bid.
    assert "open misere" in legal(game)
    assert "misere" not in legal(game)
    play(game, "6 no trump")
    assert "misere" not in legal(game)
    play(game, "7 spades")
    assert "misere" in legal(game)
    play(game, "8 spades")  # still below misère
    assert "misere" in legal(game)
    play(game, "misere")
    # Misère ranks between 8 spades and 8 clubs.
    assert legal(game)[:3] == ["pass", "8 clubs", "8 diamonds"]
    assert legal(game)[-1] == "open misere"
    play(game, "8 clubs")
    assert "misere" not in legal(game)


def test_open_misere_ranks_between_ten_diamonds_and_ten_hearts() -> None:
    game = auction(misere=True)
    play(game, "10 diamonds")
    assert legal(game) == ["pass", "10 hearts", "10 no trump", "open misere"]
    play(game, "open misere")
    assert legal(game) == ["pass", "10 hearts", "10 no trump"]
    play(game, "10 hearts")
    assert legal(game) == ["pass", "10 no trump"]
    # A seven bid by any seat, earlier in the auction, allows misère (allowed_bids alone).
    assert "misere" in allowed_bids(["7 hearts", "pass"], misere=True)
    assert "misere" in allowed_bids(["7 no trump"], misere=True)
    assert "misere" not in allowed_bids(["7 no trump"], misere=False)
    assert "misere" not in allowed_bids(["6 hearts", "8 spades"], misere=True)


# --- The kitty and the discard (F7) ------------------------------------------------------------


def test_the_kitty_and_a_discard_one_card_per_action() -> None:
    game = layout(3, {0: SLAM_HAND}, SLAM_KITTY, single_deal=True)
    for seat in range(4):
        assert observed(game, seat)["kitty"] == [None] * 6
    play(game, "6 spades, pass, pass, pass")
    # The bidder takes the six cards into its hand: 16 cards, any of them may go.
    assert game.hand(0) == cards(f"{SLAM_HAND} {SLAM_KITTY}")
    assert legal(game) == [f"discard {card}" for card in game.hand(0)]
    assert observed(game, 0)["kitty"] == cards(SLAM_KITTY)
    assert observed(game, 1)["kitty"] == [None] * 6
    play(game, "discard BJ, discard 4D")  # any card, a joker too
    data = state(game)
    assert data["discard"] == ["4D", "BJ"]  # sorted by face id
    assert (data["phase"], len(data["hands"][0])) == ("discard", 14)
    assert observed(game, 0)["discard"] == ["4D", "BJ"]
    for seat in (1, 2, 3):
        assert observed(game, seat)["discard"] == [None, None]
        assert observed(game, seat)["kitty"] == [None] * 6
    reload(game)
    discard(game, "5D 6D 7D 8D")
    assert (game.phase, game.current_player, game.trick_leader) == ("play", 0, 0)
    assert len(game.hand(0)) == 10
    assert game.discard == cards("BJ 4D 5D 6D 7D 8D")
    # Once the game is over, the kitty and the discard are shown.
    play_out(game)
    assert game.is_over
    assert observed(game, 1)["kitty"] == cards(SLAM_KITTY)
    assert observed(game, 1)["discard"] == cards("BJ 4D 5D 6D 7D 8D")


# --- The trump order (Hiérarchie des cartes, F2-F4) ---------------------------------------------


def test_the_trump_suit_holds_fourteen_cards() -> None:
    # F3: BJ, RJ, the jack of trumps, the other jack of its colour, A K Q 10 9 ... 4.
    hearts = trump_order("H")
    assert hearts == (
        "BJ",
        "RJ",
        "JH",
        "JD",
        "AH",
        "KH",
        "QH",
        "10H",
        "9H",
        "8H",
        "7H",
        "6H",
        "5H",
        "4H",
    )
    assert trump_order("D")[2:4] == ("JD", "JH")
    assert trump_order("S")[2:4] == ("JS", "JC")
    assert trump_order("C")[2:4] == ("JC", "JS")
    # Each trump beats every lower one, whichever is led.
    for high, low in itertools.combinations(hearts, 2):
        assert trick_winner([(0, low), (1, high)], "H") == 1
        assert trick_winner([(0, high), (1, low)], "H") == 0
    # A trump beats the led suit; a card of another suit does not.
    assert trick_winner([(0, "AC"), (1, "4H"), (2, "KC"), (3, "AD")], "H") == 1
    assert trick_winner([(0, "4C"), (1, "AD"), (2, "5C"), (3, "AS")], "H") == 2
    assert trick_winner([(0, "4C"), (1, "JD"), (2, "AC"), (3, "KC")], "H") == 1


def test_the_plain_suits_rank_a_k_q_j_10() -> None:
    # Hiérarchie des cartes: the other suits A K Q J 10 ... 4: the jack between Q and 10.
    assert trick_winner([(0, "10C"), (1, "JC"), (2, "4C"), (3, "9C")], "H") == 1
    assert trick_winner([(0, "JC"), (1, "QC"), (2, "4C"), (3, "9C")], "H") == 1
    assert trick_winner([(0, "KS"), (1, "AS"), (2, "QS"), (3, "JS")], None) == 1
    assert trick_winner([(0, "10D"), (1, "JD"), (2, "4D")], None) == 1


def test_the_other_jack_follows_the_trump_suit_not_its_own() -> None:
    assert effective_suit("JD", "H") == "H"
    assert effective_suit("JH", "H") == "H"
    assert effective_suit("JD", "S") == "D"
    assert effective_suit("JD", None) == "D"
    assert effective_suit("BJ", "C") == "C"
    assert effective_suit("RJ", None) != effective_suit("4S", None)
    # On a diamond lead in hearts, JD is no diamond: a seat with JD and no other diamond
    # is void and may play any card; on a heart lead, JD is its only heart.
    assert legal_plays(["JD", "4C"], [(0, "AD")], "H", None) == ["JD", "4C"]
    assert legal_plays(["JD", "4C"], [(0, "4H")], "H", None) == ["JD"]
    assert legal_plays(["JD", "4C", "5D"], [(0, "AD")], "H", None) == ["5D"]
    # Leading the other jack leads trumps; the jokers follow trumps.
    assert legal_plays(["RJ", "4D", "AC"], [(0, "JD")], "H", None) == ["RJ"]
    assert legal_plays(["BJ", "4H", "AC"], [(0, "AC")], "H", None) == ["AC"]
    assert legal_plays(["BJ", "4D"], [(0, "AC")], "H", None) == ["BJ", "4D"]


def test_no_trump_the_joker_suit() -> None:
    # F4: the jokers are the only trumps, a two-card suit; a joker only when void.
    assert trump_order(None) == ("BJ", "RJ")
    assert legal_plays(["BJ", "7H", "8H"], [(0, "AH")], None, None) == ["7H", "8H"]
    assert legal_plays(["BJ", "7H", "8H"], [(0, "AS")], None, None) == ["BJ", "7H", "8H"]
    assert trick_winner([(0, "AS"), (1, "4S"), (2, "RJ"), (3, "KS")], None) == 2
    assert trick_winner([(0, "AS"), (1, "BJ"), (2, "RJ"), (3, "KS")], None) == 1
    # A joker led: the other joker must be played; the others play any card.
    assert legal_plays(["BJ", "4S"], [(0, "RJ")], None, None) == ["BJ"]
    assert legal_plays(["AS", "4S"], [(0, "RJ")], None, None) == ["AS", "4S"]
    assert trick_winner([(0, "RJ"), (1, "AS"), (2, "BJ"), (3, "AH")], None) == 2
    assert trick_winner([(0, "RJ"), (1, "AS"), (2, "KS"), (3, "AH")], None) == 0


# Dealer 3, seat 0 speaks first and leads: RJ and nine spades; seat 1 three low hearts
# and clubs; seat 2 BJ, three hearts and diamonds; seat 3 two low spades, diamonds, clubs.
JOKERS = {
    0: "RJ AS KS QS JS 10S 9S 8S 7S 6S",
    1: "4H 5H 6H AC KC QC JC 10C 9C 8C",
    2: "BJ 7H 8H 9H 4D 5D 6D 7D 8D 9D",
    3: "4S 5S 10D JD QD KD AD 4C 5C 6C",
}
JOKERS_KITTY = "7C 10H JH QH KH AH"


def joker_deal(bid: str, **options: object) -> FiveHundredReference:
    game = layout(3, JOKERS, JOKERS_KITTY, single_deal=True, **options)
    play(game, f"{bid}, pass, pass, pass")
    discard(game, JOKERS_KITTY)
    return game


def test_a_joker_led_in_no_trump() -> None:
    game = joker_deal("6 no trump")
    play(game, "RJ")
    assert game.phase == "play"  # no naming without the option
    assert legal(game) == game.hand(1)  # no joker: any card
    play(game, "AC")
    assert legal(game) == ["BJ"]  # the other joker must be played
    play(game, "BJ")
    assert legal(game) == game.hand(3)
    play(game, "4S")
    assert game.tricks[-1].winner == 2  # the high joker beats the low
    assert state(game)["tricks"][-1]["named"] is None


def test_joker_names_suit() -> None:
    game = joker_deal("6 no trump", joker_names_suit=True)
    play(game, "RJ")
    assert (game.phase, game.current_player) == ("name", 0)
    assert legal(game) == ["name spades", "name hearts", "name diamonds", "name clubs"]
    view = observed(game, 2)
    assert (view["phase"], view["current_player"], view["named"]) == ("name", 0, None)
    play(game, "name hearts")
    assert (game.phase, game.named, state(game)["named"]) == ("play", "H", "H")
    assert legal(game) == ["4H", "5H", "6H"]  # the named suit must be followed
    reload(game)
    play(game, "6H")
    assert legal(game) == ["7H", "8H", "9H"]  # not the other joker while holding hearts
    play(game, "9H")
    assert legal(game) == game.hand(3)  # void in hearts
    play(game, "AD")
    # The joker led wins; the named suit is kept with the trick only.
    data = state(game)
    assert data["tricks"][-1] == {
        "leader": 0,
        "cards": [[0, "RJ"], [1, "6H"], [2, "9H"], [3, "AD"]],
        "winner": 0,
        "named": "H",
    }
    assert data["named"] is None
    reload(game)


def test_joker_names_suit_the_high_joker_beats_the_low() -> None:
    game = joker_deal("6 no trump", joker_names_suit=True)
    play(game, "RJ, name spades")
    assert legal(game) == game.hand(1)  # void in spades
    play(game, "AC")
    assert "BJ" in legal(game)  # void in spades: the other joker may be played
    assert legal(game) == game.hand(2)
    play(game, "BJ")
    assert legal(game) == ["4S", "5S"]
    play(game, "5S")
    assert game.tricks[-1].winner == 2


def test_joker_names_suit_not_in_a_suit_contract() -> None:
    game = joker_deal("6 spades", joker_names_suit=True)
    play(game, "RJ")
    assert game.phase == "play"  # the joker leads trumps
    assert legal(game) == ["JC"]  # the jack of clubs is a spade
    play(game, "JC")
    assert legal(game) == ["BJ"]  # its only trump
    play(game, "BJ")
    assert legal(game) == ["4S", "5S"]
    play(game, "4S")
    assert game.tricks[-1].winner == 2


# --- Play (2. Le jeu, F8) ------------------------------------------------------------------------


def test_the_bidder_leads_and_the_winner_leads_next() -> None:
    game = eight_tricks("8 spades", single_deal=True)
    tricks = state(game)["tricks"]
    assert [t["leader"] for t in tricks] == [0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    assert [t["winner"] for t in tricks] == [0, 0, 0, 0, 0, 0, 0, 0, 1, 1]
    assert [len(t["cards"]) for t in tricks] == [4] * 10
    data = state(game)
    assert (data["phase"], data["trick"], data["trick_leader"]) == ("over", [], 1)
    assert data["result"] == {"tricks": [8, 2], "made": True, "scores": [240, 0]}
    reload(game)


# --- Misère (F6, D2) ------------------------------------------------------------------------------


def test_misere_three_card_tricks_and_the_partner_sits_out() -> None:
    game = misere_deal(single_deal=True)
    assert game.sitting_out == 3
    discard(game, MISERE_KITTY)
    assert (game.phase, game.current_player, game.trump) == ("play", 1, None)
    seats = []
    while not game.is_over:
        seats.append(game.current_player)
        options = legal(game)
        game.apply(options[0] if game.current_player == 1 else options[-1])
    assert 3 not in seats
    data = state(game)
    assert all(len(trick["cards"]) == 3 for trick in data["tricks"])
    assert len(data["tricks"]) == 10
    assert data["hands"][3] == cards(MISERE[3])  # its hand, unplayed
    # Made: no trick for the bidder: 250 to its team; the opponents score nothing.
    assert data["result"] == {"tricks": [10, 0], "made": True, "scores": [0, 250]}
    assert game.winning_team == 1
    reload(game)


def test_misere_stops_at_the_bidders_first_trick_won() -> None:
    game = misere_deal(single_deal=True)
    discard(game, "4S KD AD 4C 5C 6C")  # keeps QD
    play(game, "QD")
    assert legal(game) == cards("4D 5D 6D 7D 8D 9D 10D JD")
    play(game, "JD")
    assert game.current_player == 0  # seat 3 is skipped
    play(game, "9S")
    # D2: the bidder won a trick: the deal stops, the other cards stay in the hands.
    data = state(game)
    assert data["phase"] == "over"
    assert data["tricks"] == [
        {"leader": 1, "cards": [[1, "QD"], [2, "JD"], [0, "9S"]], "winner": 1, "named": None}
    ]
    assert [len(hand) for hand in data["hands"]] == [9, 9, 9, 10]
    assert (data["trick"], data["trick_leader"]) == ([], 1)
    assert data["result"] == {"tricks": [0, 1], "made": False, "scores": [0, -250]}
    assert game.scores == [0, -250, 0, -250]
    assert game.winning_team == 0  # single deal: the higher deal score
    reload(game)


def test_misere_lost_in_a_match_goes_on() -> None:
    game = misere_deal()
    discard(game, "4S KD AD 4C 5C 6C")
    play(game, "QD, JD, 9S")
    data = state(game)
    assert (data["phase"], data["deal"], data["dealer"], data["deal_scores"]) == (
        "bid",
        2,
        0,
        [[0, -250]],
    )
    record = data["finished_deals"][0]
    assert (record["contract"], record["bidder"], record["void"]) == ("misere", 1, None)
    assert record["result"] == {"tricks": [0, 1], "made": False, "scores": [0, -250]}
    assert record["discard"] == cards("4S KD AD 4C 5C 6C")
    assert record["dealt"][3] == cards(MISERE[3])
    reload(game)


def test_open_misere_shows_the_bidders_hand_after_the_first_trick() -> None:
    game = misere_deal("open misere", single_deal=True)
    assert state(game)["bids"] == [["pass", 0], ["open misere", 1], ["pass", 2], ["pass", 3]]
    discard(game, MISERE_KITTY)
    play(game, "4S, AS")
    for seat in range(4):
        assert observed(game, seat)["open_hand"] is None
    play(game, "KS")
    hand = game.hand(1)
    assert len(hand) == 9
    for seat in range(4):
        assert observed(game, seat)["open_hand"] == hand
    play(game, "4D")  # seat 2 leads
    assert observed(game, 0)["open_hand"] == hand
    reload(game)
    play_out(game, {1: cards(MISERE[1])})
    assert state(game)["result"] == {"tricks": [10, 0], "made": True, "scores": [0, 500]}


def test_a_plain_misere_shows_no_hand() -> None:
    game = misere_deal(single_deal=True)
    discard(game, MISERE_KITTY)
    play(game, "4S, AS, KS")
    assert all(observed(game, seat)["open_hand"] is None for seat in range(4))


# --- Scoring (3. Le pointage, F9-F12, D3) ---------------------------------------------------------


def test_score_default() -> None:
    # F9: made, the value to the bidders; failed, to the opponents; no overtricks.
    assert score("7 hearts", 7) == (200, 0)
    assert score("7 hearts", 10) == (200, 0)
    assert score("7 hearts", 6) == (0, 200)
    assert score("10 no trump", 10) == (520, 0)
    assert score("10 no trump", 9) == (0, 520)
    assert score("6 spades", 0) == (0, 40)
    assert score("6 Spades", 6, scoring="default") == (40, 0)


def test_score_variant() -> None:
    # F10: made +value, failed -value; the opponents 10 per trick they won.
    assert score("7 hearts", 8, scoring="variant") == (200, 20)
    assert score("7 hearts", 5, scoring="variant") == (-200, 50)
    assert score("10 no trump", 10, scoring="variant") == (520, 0)
    assert score("6 spades", 0, scoring="variant") == (-40, 100)


def test_score_slam_bonus() -> None:
    # F11: worth less than 250 and all 10 tricks: 250 instead of the value.
    assert score("6 spades", 10, slam_bonus=True) == (250, 0)
    assert score("8 spades", 10, slam_bonus=True) == (250, 0)
    assert score("8 clubs", 10, slam_bonus=True) == (260, 0)
    assert score("6 spades", 10) == (40, 0)
    assert score("6 spades", 9, slam_bonus=True) == (40, 0)
    assert score("7 hearts", 10, scoring="variant", slam_bonus=True) == (250, 0)
    assert score("7 hearts", 6, scoring="variant", slam_bonus=True) == (-200, 40)


def test_score_misere() -> None:
    # F6, D3: made 250 (open 500), failed -value; the opponents nothing, either scoring.
    for scoring in ("default", "variant"):
        for slam_bonus in (False, True):
            assert score("misere", 0, scoring=scoring, slam_bonus=slam_bonus) == (250, 0)
            assert score("misere", 1, scoring=scoring, slam_bonus=slam_bonus) == (-250, 0)
            assert score("open misere", 0, scoring=scoring, slam_bonus=slam_bonus) == (500, 0)
            assert score("open misere", 1, scoring=scoring, slam_bonus=slam_bonus) == (-500, 0)


@pytest.mark.parametrize(
    "arguments",
    [
        {"bid": "pass"},
        {"bid": "11 hearts"},
        {"bid": None},
        {"tricks": 11},
        {"tricks": -1},
        {"tricks": True},
        {"tricks": 7.0},
        {"bid": "misere", "tricks": 2},
        {"scoring": "Variant"},
        {"scoring": None},
        {"slam_bonus": 1},
    ],
)
def test_score_rejects_bad_input(arguments: dict[str, Any]) -> None:
    call: dict[str, Any] = {"bid": "7 hearts", "tricks": 7} | arguments
    with pytest.raises(RuleError):
        score(call.pop("bid"), call.pop("tricks"), **call)


def test_a_deal_scored_in_the_game() -> None:
    # 8 spades made with 8 tricks: 240; failed as 9 spades: 340 to the opponents.
    assert state(eight_tricks("8 spades", single_deal=True))["deal_scores"] == [[240, 0]]
    failed = eight_tricks("9 spades", single_deal=True)
    assert state(failed)["result"] == {"tricks": [8, 2], "made": False, "scores": [0, 340]}
    assert failed.scores == [0, 340, 0, 340]
    assert failed.winning_team == 1
    variant = eight_tricks("9 spades", single_deal=True, scoring="variant")
    assert state(variant)["result"]["scores"] == [-340, 20]
    made = eight_tricks("6 spades", single_deal=True, scoring="variant")
    assert state(made)["result"]["scores"] == [40, 20]
    assert made.winning_team == 0


def test_the_slam_bonus_in_the_game() -> None:
    for options, expected in (({}, [40, 0]), ({"slam_bonus": True}, [250, 0])):
        game = slam_deal("6 spades", single_deal=True, **options)
        play_out(game)
        data = state(game)
        assert data["result"] == {"tricks": [10, 0], "made": True, "scores": expected}
        assert all(trick["winner"] == 0 for trick in data["tricks"])


def test_the_end_at_500() -> None:
    # F12: 300 + 240 = 540: team 0 wins; the deal stays in place.
    game = layout(3, EIGHT, EIGHT_KITTY)
    game._deal_scores = [[300, 0]]
    play(game, "8 spades, pass, pass, pass")
    discard(game, EIGHT_KITTY)
    play_out(game, {0: EIGHT_ORDER})
    assert (game.phase, game.winning_team, game.scores) == ("over", 0, [540, 0, 540, 0])
    assert (game.deal_number, game.current_player) == (1, None)
    # Below 500 the match goes on: the record is kept, the next seat deals.
    game = eight_tricks("8 spades")
    assert (game.phase, game.deal_number, game.dealer, game.winning_team) == ("bid", 2, 0, None)
    assert state(game)["finished_deals"][0]["result"]["scores"] == [240, 0]


def test_the_end_at_minus_500() -> None:
    # F12: a team at -500 or below loses: variant, 9 spades failed from -200: -540.
    game = layout(3, EIGHT, EIGHT_KITTY, scoring="variant")
    game._deal_scores = [[-200, 0]]
    play(game, "9 spades, pass, pass, pass")
    discard(game, EIGHT_KITTY)
    play_out(game, {0: EIGHT_ORDER})
    assert (game.phase, game.winning_team, game.scores) == ("over", 1, [-540, 20, -540, 20])


def test_the_variants_end_rule() -> None:
    # F12: under the variant the opponents' points per trick never win: from 480, the
    # two tricks of a failed 9 spades take team 1 to 500, and the match goes on.
    game = layout(3, EIGHT, EIGHT_KITTY, scoring="variant")
    game._deal_scores = [[0, 480]]
    play(game, "9 spades, pass, pass, pass")
    discard(game, EIGHT_KITTY)
    play_out(game, {0: EIGHT_ORDER})
    assert (game.phase, game.deal_number, game.winning_team) == ("bid", 2, None)
    assert game.scores == [-340, 500, -340, 500]
    # By the default scoring the 340 to the opponents win at once.
    game = layout(3, EIGHT, EIGHT_KITTY)
    game._deal_scores = [[0, 480]]
    play(game, "9 spades, pass, pass, pass")
    discard(game, EIGHT_KITTY)
    play_out(game, {0: EIGHT_ORDER})
    assert (game.phase, game.winning_team, game.scores) == ("over", 1, [0, 820, 0, 820])
    # match_winner: past 500 a team wins by making a contract.
    assert match_winner([0, 550], 0, False, "variant") is None
    assert match_winner([60, 550], 0, True, "variant") is None
    assert match_winner([0, 550], 1, True, "variant") == 1
    assert match_winner([0, 550], 1, False, "variant") is None
    assert match_winner([-500, 560], 0, False, "variant") == 1
    assert match_winner([520, 100], 0, True, "default") == 0
    assert match_winner([0, 500], 0, False, "default") == 1
    assert match_winner([499, -499], 0, True, "default") is None
    # Both at once: the team at 500 or more wins.
    assert match_winner([-500, 500], 1, True, "default") == 1
    assert match_winner([-500, 500], 1, True, "variant") == 1


def test_single_deal_ends_after_the_first_valid_deal() -> None:
    game = new_game("five_hundred", seed=9, single_deal=True, first_dealer=0)
    play(game, "pass, pass, pass, pass")  # void: dealt again by the next seat
    assert (game.phase, game.deal_number, game.dealer) == ("bid", 2, 1)
    play(game, "6 spades, pass, pass, pass")
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    data = state(game)
    assert (data["deal"], len(data["deal_scores"]), len(data["finished_deals"])) == (2, 1, 1)
    scores = data["deal_scores"][0]
    assert game.winning_team == (None if scores[0] == scores[1] else int(scores[1] > scores[0]))
    reload(game)


# --- from_json ------------------------------------------------------------------------------------


def _mid_deal() -> JsonDict:
    """A no-trump deal with the option, in the second trick."""
    game = joker_deal("6 no trump", joker_names_suit=True)
    play(game, "RJ, name hearts, 6H, 9H, AD, AS")
    return state(game)


def _swap_kitty_card(data: JsonDict) -> None:
    data["kitty"][0] = data["dealt"][1][0]


def _unsorted_dealt(data: JsonDict) -> None:
    data["dealt"][1].reverse()


REJECTIONS: dict[str, tuple[Callable[[JsonDict], None], str]] = {
    "phase in upper case": (_edit(["phase"], "PLAY"), "'phase'"),
    "named in lower case": (_edit(["tricks", 0, "named"], "h"), "named"),
    "no named suit": (_edit(["tricks", 0, "named"], None), "named"),
    "a kitty card twice": (_swap_kitty_card, "46 cards once each"),
    "a short kitty": (_edit(["kitty"], ["4S"]), "'kitty' must hold 6 items"),
    "unsorted dealt hands": (_unsorted_dealt, r"'dealt'\[1\]"),
    "a wrong contract": (_edit(["contract"], "6 hearts"), "'contract'"),
    "a wrong bidder": (_edit(["bidder"], 2), "'bidder'"),
    "a wrong discard": (_edit(["discard"], []), "'discard'"),
    "a deal number": (_edit(["deal"], 2), "'deal'"),
    "a trick leader": (_edit(["trick_leader"], 1), "'trick_leader'"),
    "a bad scoring": (_edit(["options", "scoring"], "other"), "scoring"),
    "a bid seat": (_edit(["bids", 1, 1], 2), "'bids'"),
    "no history": (_edit(["history"], []), "'bids'|'phase'"),
    "an extra key": (_edit(["extra"], 1), r"unknown keys \['extra'\]"),
}


@pytest.mark.parametrize(("edit", "reason"), REJECTIONS.values(), ids=REJECTIONS.keys())
def test_from_json_rejects(edit: Callable[[JsonDict], None], reason: str) -> None:
    data = _mid_deal()
    load(data)
    edit(data)
    with pytest.raises(RuleError, match=reason):
        load(data)


def test_from_json_reads_texts_in_any_case_but_the_phase() -> None:
    data = _mid_deal()
    lowered = copy.deepcopy(data)
    lowered["contract"] = "6 NO TRUMP"
    lowered["history"] = [text.upper() for text in lowered["history"]]
    lowered["hands"][0] = [card.lower() for card in lowered["hands"][0]]
    lowered["kitty"] = [card.lower() for card in lowered["kitty"]]
    assert state(load(lowered)) == data


def test_from_json_reads_void_deals_and_misere_records() -> None:
    game = misere_deal()
    discard(game, "4S KD AD 4C 5C 6C")
    play(game, "QD, JD, 9S")  # the misère lost: deal 2
    play(game, "pass, pass, pass, pass, 6 hearts")  # deal 2 void; deal 3
    data = state(game)
    assert [r["void"] for r in data["finished_deals"]] == [None, "all pass"]
    assert load(data).to_json() == game.to_json()
    changed = copy.deepcopy(data)
    changed["finished_deals"][1]["dealer"] = 3
    with pytest.raises(RuleError, match="as the rules give"):
        load(changed)
    changed = copy.deepcopy(data)
    del changed["finished_deals"][1]
    with pytest.raises(RuleError):
        load(changed)
    # The misère partner's unplayed hand is part of its record's deal.
    changed = copy.deepcopy(data)
    dealt = changed["finished_deals"][0]["dealt"]
    dealt[3][0], dealt[0][0] = dealt[0][0], dealt[3][0]
    with pytest.raises(RuleError):
        load(changed)


# --- Random whole matches -------------------------------------------------------------------------


def _choose(chooser: random.Random, game: FiveHundredReference) -> str:
    """A random legal action; in the auction mostly a pass, often misère once it is legal,
    sometimes open misère, else mostly one of the seven lowest bids: so that low
    contracts, misères, void deals and matches of many deals all come up."""
    actions = legal(game)
    if game.phase == "bid":
        draw = chooser.random()
        if draw < 0.65:
            return "pass"
        if "misere" in actions and draw < 0.8:
            return "misere"
        if "open misere" in actions and draw < 0.68:
            return "open misere"
        if draw < 0.95 and len(actions) > 1:
            return chooser.choice(actions[1:8])  # a low bid: long matches
    return chooser.choice(actions)


def _strings(value: object) -> set[str]:
    """Every string in a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(_strings(item) for item in value))
    return set()


def _check_cards(data: JsonDict) -> None:
    """Cards are conserved: hands, trick, tricks and the discard (and the kitty during
    the auction) hold the 46 cards; the deal as dealt too."""
    held = [card for hand in data["hands"] for card in hand]
    held += [card for _, card in data["trick"]]
    held += [card for trick in data["tricks"] for _, card in trick["cards"]]
    held += data["discard"]
    if data["phase"] == "bid":
        held += data["kitty"]
    assert sorted(held, key=face) == list(DECK)
    dealt = [card for hand in data["dealt"] for card in hand] + data["kitty"]
    assert sorted(dealt, key=face) == list(DECK)
    assert [len(hand) for hand in data["dealt"]] == [10] * 4
    for hand in data["hands"]:
        assert hand == sorted(hand, key=face)


def _check_views(game: FiveHundredReference, data: JsonDict) -> None:
    """Observations show no card of another seat's hand (but open misère's), and to the
    seats other than the bidder neither the kitty nor the discard during the deal."""
    over = data["phase"] == "over"
    played = {card for trick in data["tricks"] for _, card in trick["cards"]}
    played |= {card for _, card in data["trick"]}
    bidder = data["bidder"]
    for seat in range(4):
        view = observed(game, seat)
        assert view["hand"] == data["hands"][seat]
        assert view["hand_sizes"] == [len(hand) for hand in data["hands"]]
        assert view["current_player"] == game.current_player
        assert view["scores"] == game.scores
        for hidden in ("rng", "hands", "dealt", "history", "finished_deals"):
            assert hidden not in view
        shown = set(view["open_hand"] or [])
        if view["open_hand"] is not None:
            assert data["contract"] == "open misere"
            assert view["open_hand"] == data["hands"][bidder]
        others = {
            card for other, hand in enumerate(data["hands"]) if other != seat for card in hand
        }
        table = {k: v for k, v in view.items() if k not in ("hand", "previous_deal", "open_hand")}
        assert not (_strings(table) & (others - shown))
        if over or seat == bidder:
            assert view["kitty"] == data["kitty"]
            assert view["discard"] == data["discard"]
        else:
            assert view["kitty"] == [None] * 6
            assert view["discard"] == [None] * len(data["discard"])
            secret = (set(data["kitty"]) | set(data["discard"])) - played - set(view["hand"])
            assert not (_strings(table) & (secret - shown))
        previous = data["finished_deals"][-1] if data["finished_deals"] else None
        if previous is not None and previous["void"] is not None:
            previous = previous | {"dealt": [[], [], [], []], "kitty": []}
        assert view["previous_deal"] == previous


def _random_match(seed: int, check_every: int, **options: object) -> FiveHundredReference:
    """A whole match of random legal actions, checking the invariants as it goes."""
    game = new_game("five_hundred", seed=seed, **options)
    chooser = random.Random(seed)
    steps = 0
    while True:
        data = state(game)
        _check_cards(data)
        _check_views(game, data)
        if steps % check_every == 0 or game.is_over:
            reload(game)
        if game.is_over:
            return game
        actions = game.legal_actions()
        assert actions
        assert [a.id for a in actions] == sorted(a.id for a in actions)
        illegal = [a for a in ACTIONS if a not in actions]
        with pytest.raises(RuleError, match="illegal action"):
            game.apply(chooser.choice(illegal))
        assert game.to_json() == json.dumps(data, separators=(",", ":"))
        game.apply(_choose(chooser, game))
        steps += 1


ALL_ON: dict[str, object] = {
    "single_round": True,
    "misere": True,
    "joker_names_suit": True,
    "scoring": "variant",
    "slam_bonus": True,
}


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (1, {}),
        (2, {"misere": True, "joker_names_suit": True}),
        (3, {"scoring": "variant", "slam_bonus": True, "misere": True}),
        (4, {"single_round": True, "first_dealer": 2}),
        (5, {"single_deal": True, "misere": True, "joker_names_suit": True}),
        (6, ALL_ON),
        (7, {"slam_bonus": True, "misere": True, "first_dealer": 0}),
    ],
)
def test_random_whole_matches(seed: int, options: dict[str, object]) -> None:
    game = _random_match(seed, 10, **options)
    data = state(game)
    assert data["result"] is not None
    assert data["result"]["scores"] == data["deal_scores"][-1]
    valid = [record for record in data["finished_deals"] if record["void"] is None]
    assert [record["result"]["scores"] for record in valid] == data["deal_scores"][:-1]
    totals = [sum(scores[team] for scores in data["deal_scores"]) for team in (0, 1)]
    assert game.scores == [totals[0], totals[1], totals[0], totals[1]]
    # Every deal is recorded, void ones included; the deal passes left after each.
    numbers = [record["deal"] for record in data["finished_deals"]] + [data["deal"]]
    assert numbers == list(range(1, data["deal"] + 1))
    dealers = [record["dealer"] for record in data["finished_deals"]] + [data["dealer"]]
    assert dealers == [(dealers[0] + k) % 4 for k in range(len(dealers))]
    if "first_dealer" in options:
        assert dealers[0] == options["first_dealer"]
    if options.get("single_deal"):
        assert len(data["deal_scores"]) == 1
    else:
        # F12: the match ends at the first deal that gives a winner.
        assert game.winning_team is not None
        assert totals[game.winning_team] >= 500 or totals[1 - game.winning_team] <= -500
        for k in range(1, len(data["deal_scores"])):
            running = [sum(s[team] for s in data["deal_scores"][:k]) for team in (0, 1)]
            assert max(running) < 500 or options.get("scoring") == "variant"
            assert min(running) > -500
    assert (game.current_player, data["trick"], data["trick_leader"]) == (
        None,
        [],
        data["tricks"][-1]["winner"],
    )


def test_random_play_reaches_every_kind_of_deal() -> None:
    # Over a few single deals with every option: misères, names, void deals all come up.
    seen: set[str] = set()
    for seed in range(40):
        options = ALL_ON | {"single_round": seed % 2 == 0}
        game = new_game("five_hundred", seed=seed, single_deal=True, **options)
        chooser = random.Random(seed)
        while not game.is_over:
            game.apply(_choose(chooser, game))
        data = state(game)
        seen |= {data["contract"]}
        seen |= {"void" for record in data["finished_deals"] if record["void"]}
        seen |= {"named" for trick in data["tricks"] if trick["named"]}
    assert {"misere", "open misere", "void", "named"} <= seen


@pytest.mark.parametrize("seed", [31, 32])
def test_every_state_of_a_deal_round_trips(seed: int) -> None:
    options: dict[str, object] = {"misere": True, "joker_names_suit": True}
    game = _random_match(seed, 1, single_deal=True, **options)
    assert len(state(game)["deal_scores"]) == 1
