"""The Brouc reference alone: the rules' worked examples, built positions, golden deals.

Positions are built as state JSON (docs/rules/brouc.md, "State JSON") and loaded
with ``from_json``; B-numbers are the rulings and D-numbers the decisions of
docs/rules/brouc.md, [S] the French rules text it cites.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardcore.reference import GAMES, RefAction, RuleError, from_json, new_game
from cardcore.reference.brouc import (
    DECK,
    BroucReference,
    deal_score,
    king_queen_value,
    legal_plays,
    rounded_card_points,
    trick_marriages,
    trick_winner,
)
from cardcore.reference.cards import DECKS, card_text, deck, face_id, parse
from cardcore.reference.rng import SplitMix64
from golden import GOLDEN_FIRST_DEALS
from harness import ref_legal as legal
from harness import ref_state as state

# --- Helpers -------------------------------------------------------------------


def position(
    hands: Sequence[str], *, dealer: int, trump_card: str, **options: object
) -> BroucReference:
    """The start of a match (or a single deal) with these hands (space-separated cards
    per seat): any deal and any first dealer can be dealt."""
    state = {
        "game": "brouc",
        "version": 1,
        "options": {"single_deal": False, "target": 30, "first_dealer": None} | options,
        "rng": 0,
        "phase": "play",
        "dealer": dealer,
        "deal_number": 1,
        "trump": trump_card[-1],
        "trump_card": trump_card,
        "hands": [sorted(hand.split(), key=face_id) for hand in hands],
        "trick_leader": (dealer + 1) % 4,
        "trick": [],
        "tricks": [],
        "card_points": [0, 0],
        "marriages": [0, 0],
        "announcements": [],
        "finished_deals": [],
        "deal_scores": [],
        "capes": [0, 0],
        "winner": None,
        "history": [],
    }
    game = from_json(json.dumps(state))
    assert isinstance(game, BroucReference)
    return game


def next_deal(game: BroucReference, hands: Sequence[str], *, trump_card: str) -> BroucReference:
    """``game``, just after it dealt a new deal, with that deal's cards replaced by these
    (any deal can be dealt)."""
    assert (game.trick, game.tricks) == ([], [])
    data = state(game)
    data["hands"] = [sorted(hand.split(), key=face_id) for hand in hands]
    data["trump_card"], data["trump"] = trump_card, trump_card[-1]
    loaded = from_json(json.dumps(data))
    assert isinstance(loaded, BroucReference)
    return loaded


def after_a_cape(hands: Sequence[str], *, trump_card: str, target: int = 30) -> BroucReference:
    """Deal 2 of a match, dealt by seat 3 with these hands, after a first deal (CAPE_DEAL,
    dealer 2) in which team 0 held every trump and took every trick: 120 card points
    (12) and 110 announced (11), deal scores [(23, 0)], capes (1, 0)."""
    game = position(CAPE_DEAL, dealer=2, trump_card="7C", target=target)
    play(game, "7S JS 7D 7C")
    while game.deal_number == 1:
        game.apply(game.legal_actions()[0])
    assert (game.deal_scores, game.capes, game.dealer) == ([(23, 0)], (1, 0), 3)
    return next_deal(game, hands, trump_card=trump_card)


def play(game: BroucReference, cards: str) -> None:
    for card in cards.split():
        game.apply(card)


def finish(game: BroucReference) -> None:
    """Play the lowest legal card until the game is over."""
    while not game.is_over:
        game.apply(game.legal_actions()[0])


def announcements(game: BroucReference) -> list[tuple[int, str, int]]:
    return [(a.seat, a.suit, a.value) for a in game.announcements]


# Deal A, dealer 3 (seat 0 leads). Seat 0 is Gérard, with the J, Q and K of hearts.
DEAL_A = (
    "JH QH KH 7S 8S 9S 10S JS",
    "7H QS KS AS 7D 8D 9D KD",
    "AH 9H 10D JD QD AD 8C 9C",
    "8H 10H 7C 10C JC QC KC AC",
)

# Deal B, dealer 3 holding only trumps: K and Q of spades meet in the first trick.
DEAL_B = (
    "KS 7S 8S 9S 7H 8H 9H 10H",
    "QS 10S JS 7D 8D 9D 10D JD",
    "AS JH QH KH AH QD KD AD",
    "7C 8C 9C 10C JC QC KC AC",
)

# Deal C, dealer 3, clubs trump: seat 0's 10S takes a trick of 10 or 12 points.
DEAL_C = (
    "10S AS 7H 8H 9H 10H JH AH",
    "9S QS KS QH KH 7D 8D 9D",
    "8S 10D JD QD AD 8C 9C 10C",
    "7S JS KD 7C JC QC KC AC",
)

# Deal D, dealer 0 holding all eight trumps: team 0 can take every trick.
DEAL_D = (
    "7C 8C 9C 10C JC QC KC AC",
    "7S 8S 9S 10S 7H 8H 9H 10H",
    "JS QS KS AS JH QH KH AH",
    "7D 8D 9D 10D JD QD KD AD",
)

# Deal D turned two seats for dealer 2 (seat 3 leads): team 0 still holds every trump.
CAPE_DEAL = DEAL_D[2:] + DEAL_D[:2]


# --- Cards (docs/protocol.md) ----------------------------------------------------


def test_face_ids() -> None:
    assert [face_id(text) for text in ("2S", "QH", "10S", "CD", "AC")] == [0, 25, 8, 38, 55]
    assert [face_id(text) for text in ("1T", "21T", "EX", "JK", "BJ", "RJ")] == [
        56,
        76,
        77,
        78,
        79,
        80,
    ]
    assert [card_text(face) for face in range(81)] == [
        card_text(face_id(card_text(face))) for face in range(81)
    ]


def test_parse_accepts_lower_case_and_gives_the_canonical_text() -> None:
    assert [parse(text) for text in ("qh", "10s", "cd", "ex", "21t", "Jk")] == [
        "QH",
        "10S",
        "CD",
        "EX",
        "21T",
        "JK",
    ]


@pytest.mark.parametrize("text", ["1H", "11S", "QX", "22T", "0T", "", " QH", "Q", "Q\u017f", "EXX"])
def test_parse_rejects_bad_text(text: str) -> None:
    with pytest.raises(RuleError, match="not a card"):
        parse(text)


def test_card_text_rejects_bad_ids() -> None:
    for face in (-1, 81, True):
        with pytest.raises(RuleError, match="face id"):
            card_text(face)


def test_decks() -> None:
    assert {size: len(cards) for size, cards in DECKS.items()} == {
        32: 32,
        46: 46,
        52: 52,
        78: 78,
        110: 110,
    }
    assert deck(32)[:8] == ["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]
    assert deck(46)[:3] == ["4S", "5S", "6S"]
    assert deck(46)[-2:] == ["BJ", "RJ"]
    assert deck(78)[:14] == [f"{rank}S" for rank in (*"23456789", "10", *"JCQKA")]
    assert deck(78)[-2:] == ["21T", "EX"]
    assert deck(110) == deck(52) + deck(52) + ["JK"] * 6
    for size in (32, 46, 52, 78):
        ids = [face_id(card) for card in deck(size)]
        assert ids == sorted(set(ids))
    with pytest.raises(RuleError, match="deck"):
        deck(36)


# --- Golden deals ----------------------------------------------------------------


@pytest.mark.parametrize(("seed", "golden"), GOLDEN_FIRST_DEALS.items())
def test_golden_first_deal(seed: int, golden: tuple[int, str, list[list[str]], int]) -> None:
    dealer, trump_card, hands, rng = golden
    game = new_game("brouc", seed=seed)
    assert (game.dealer, game.trump_card, game.trump) == (dealer, trump_card, trump_card[-1])
    assert [game.hand(seat) for seat in range(4)] == hands
    assert state(game)["rng"] == rng
    assert game.current_player == game.trick_leader == (dealer + 1) % 4


def test_deal_is_below_4_then_a_shuffle_dealt_1_3_4() -> None:
    # B5: dealer = below(4); B4/D1: deck positions 0-3 one card each, 4-15 three
    # each, 16-31 four each, to dealer+1, dealer+2, dealer+3, dealer; the last
    # card of the deck is the dealer's and is turned.
    rng = SplitMix64(42)
    dealer = rng.below(4)
    cards = deck(32)
    rng.shuffle(cards)
    hands: list[list[str]] = [[], [], [], []]
    for start, size in [(0, 1), (4, 3), (16, 4)]:
        for k in range(4):
            hands[(dealer + 1 + k) % 4] += cards[start + k * size : start + (k + 1) * size]
    game = new_game("brouc", seed=42)
    assert game.dealer == dealer
    assert game.trump_card == cards[31]
    assert [game.hand(seat) for seat in range(4)] == [sorted(hand, key=face_id) for hand in hands]
    assert state(game)["rng"] == rng.state


def test_first_dealer_option_draws_nothing() -> None:
    rng = SplitMix64(0)
    cards = deck(32)
    rng.shuffle(cards)
    game = new_game("brouc", seed=0, first_dealer=0)
    assert game.dealer == 0
    assert game.trump_card == cards[31] == "JC"
    assert game.hand(1) == sorted([cards[0], *cards[4:7], *cards[16:20]], key=face_id)


def test_golden_initial_json() -> None:
    assert json.loads(new_game("brouc", seed=0).to_json()) == {
        "game": "brouc",
        "version": 1,
        "options": {"single_deal": False, "target": 30, "first_dealer": None},
        "rng": 14334736817860870816,
        "phase": "play",
        "dealer": 3,
        "deal_number": 1,
        "trump": "H",
        "trump_card": "QH",
        "hands": GOLDEN_FIRST_DEALS[0][2],
        "trick_leader": 0,
        "trick": [],
        "tricks": [],
        "card_points": [0, 0],
        "marriages": [0, 0],
        "announcements": [],
        "finished_deals": [],
        "deal_scores": [],
        "capes": [0, 0],
        "winner": None,
        "history": [],
    }
    assert list(json.loads(new_game("brouc", seed=0).to_json())) == [
        "game",
        "version",
        "options",
        "rng",
        "phase",
        "dealer",
        "deal_number",
        "trump",
        "trump_card",
        "hands",
        "trick_leader",
        "trick",
        "tricks",
        "card_points",
        "marriages",
        "announcements",
        "finished_deals",
        "deal_scores",
        "capes",
        "winner",
        "history",
    ]


def test_next_deal_passes_right_with_a_fresh_deck_from_the_same_generator() -> None:
    game = new_game("brouc", seed=5, target=1000)
    first_dealer = game.dealer
    rng_after_first = state(game)["rng"]
    for _ in range(32):
        game.apply(game.legal_actions()[0])
    assert (game.deal_number, game.dealer) == (2, (first_dealer + 1) % 4)
    assert game.trick_leader == game.current_player == (first_dealer + 2) % 4
    assert len(game.deal_scores) == 1
    assert len(game.history) == 32
    assert (game.trick, game.tricks, game.card_points, game.marriages) == ([], [], (0, 0), (0, 0))
    assert game.announcements == []
    rng = SplitMix64(rng_after_first)
    cards = deck(32)
    rng.shuffle(cards)
    assert game.trump_card == cards[31]
    assert game.trump_card in game.hand(game.dealer)
    assert state(game)["rng"] == rng.state


# --- Actions -------------------------------------------------------------------


def test_action_ids() -> None:
    game = new_game("brouc", seed=0)
    assert [game.action(text).id for text in ("7S", "AS", "7H", "AC")] == [0, 7, 8, 31]
    assert game.action(21) == RefAction(21, "play", "QD", "QD")
    assert str(game.action("qd")) == "QD"
    for bad in (32, -1, "2S", "EX", "QX", True):
        with pytest.raises(RuleError):
            game.action(bad)


def test_apply_takes_an_action_an_id_or_a_text() -> None:
    game = position(DEAL_A, dealer=3, trump_card="7C")
    game.apply(game.action("JH"))
    game.apply(8)  # 7H
    game.apply("ah")
    assert [str(action) for action in game.history] == ["JH", "7H", "AH"]
    assert game.history[0] == RefAction(12, "play", "JH", "JH")
    before = game.to_json()
    for bad in (RefAction(9, "play", "8H", "9H"), RefAction(9, "card", "8H", "8H"), 1.5, None):
        with pytest.raises(RuleError):
            game.apply(bad)  # type: ignore[arg-type]
    assert game.to_json() == before


# --- Play: following, trumping, undertrumping (B7, B8, B9, D2) ---------------------


def test_must_follow_suit_and_no_duty_to_beat_on_a_trump_lead() -> None:
    # B8: on a non-trump lead a player holding the suit plays it, even with trumps.
    assert legal_plays(["7S", "AS", "7C", "AC"], ["KS"], "C") == ["7S", "AS"]
    # On a trump lead any trump, higher or lower.
    assert legal_plays(["7C", "AC", "AS"], ["KC"], "C") == ["7C", "AC"]
    # Void in trumps on a trump lead: any card.
    assert legal_plays(["7S", "AH"], ["7C", "AC"], "C") == ["7S", "AH"]


def test_trumping_is_optional_and_overtrumping_is_not_compulsory() -> None:
    # B8: void in spades, the player may trump or discard.
    assert legal_plays(["7H", "7C"], ["AS"], "C") == ["7H", "7C"]
    # The trick is trumped: discarding instead of overtrumping is allowed.
    assert legal_plays(["7H", "AC"], ["AS", "9C"], "C") == ["7H", "AC"]


def test_no_undertrumping() -> None:
    # B9: the 9 of trumps is in the trick; a void player may not play the 7 or 8.
    assert legal_plays(["7H", "7C", "8C", "10C"], ["AS", "9C"], "C") == ["7H", "10C"]
    # The ranking of trumps is A 10 K Q J 9 8 7: the 10 is over the K.
    assert legal_plays(["KC", "7H"], ["AS", "10C"], "C") == ["7H"]


def test_only_too_low_trumps_may_all_be_played() -> None:
    # B9: "If every card the player holds is a too-low trump, any may be played."
    assert legal_plays(["7C", "8C"], ["AS", "9C"], "C") == ["7C", "8C"]


def test_trump_queen_may_go_under_to_join_the_king() -> None:
    # B9, [S] 3: "seule la Dame d'atout peut être posée ... pour réaliser un mariage".
    assert legal_plays(["QC", "8C", "7H"], ["AS", "KC"], "C") == ["QC", "7H"]
    # Even when the king has been overtrumped by the ace.
    assert legal_plays(["QC", "8C", "7D"], ["AS", "KC", "AC"], "C") == ["QC", "7D"]
    # Without the trump K in the trick the Q is an undertrump like any other.
    assert legal_plays(["QC", "7D"], ["AS", "AC"], "C") == ["7D"]


def test_trump_jack_may_go_under_only_to_complete_king_queen_jack() -> None:
    assert legal_plays(["JC", "7D"], ["AS", "QC", "KC"], "C") == ["JC", "7D"]
    assert legal_plays(["JC", "7D"], ["AS", "KC", "QC"], "C") == ["JC", "7D"]
    # K without Q: the J may not go under.
    assert legal_plays(["JC", "7D"], ["AS", "KC", "AC"], "C") == ["7D"]


def test_trump_king_may_not_go_under_to_join_the_queen() -> None:
    # D2: only the Q and the J are excepted.
    assert legal_plays(["KC", "7D"], ["AS", "QC", "AC"], "C") == ["7D"]
    assert legal_plays(["KC", "7D"], ["AS", "QC", "10C"], "C") == ["7D"]


def test_undertrump_rule_in_a_game() -> None:
    game = position(DEAL_A, dealer=3, trump_card="7C")
    play(game, "7S AS 8C")  # seat 2 trumps the ace of spades with the 8 of clubs
    assert game.current_player == 3
    assert legal(game) == ["8H", "10H", "10C", "JC", "QC", "KC", "AC"]  # not the 7C
    before = game.to_json()
    with pytest.raises(RuleError, match="illegal"):
        game.apply("7C")
    assert game.to_json() == before


def test_trick_winner() -> None:
    # B7: the highest trump, otherwise the highest card of the led suit.
    assert trick_winner([(0, "KS"), (1, "10S"), (2, "AH"), (3, "9S")], "C") == 1
    assert trick_winner([(0, "KS"), (1, "10S"), (2, "7C"), (3, "AS")], "C") == 2
    assert trick_winner([(2, "7C"), (3, "8C"), (0, "AS"), (1, "JC")], "C") == 1
    assert trick_winner([(1, "9D"), (2, "AS"), (3, "AH"), (0, "7D")], "C") == 1


# --- Announcements (B10, B11, D3) ------------------------------------------------


def test_gerard_announces_20_after_giving_his_jack() -> None:
    # [S] "Quand annoncer ?": Gérard holds J, Q, K of hearts and gives the jack
    # before his team wins a trick: his announcement falls from 30 to 20.
    game = position(DEAL_A, dealer=3, trump_card="7C")
    play(game, "JH 7H AH 8H")
    assert game.tricks[-1] == [(0, "JH"), (1, "7H"), (2, "AH"), (3, "8H")]
    assert game.winning_team is None
    assert game.trick_leader == 2
    assert announcements(game) == [(0, "H", 20)]


def test_gerard_announces_40_in_trumps() -> None:
    # ... and from 60 to 40 if hearts are trumps.
    game = position(DEAL_A, dealer=3, trump_card="10H")
    play(game, "JH 7H AH 8H")
    assert announcements(game) == [(0, "H", 40)]


def test_king_queen_jack_kept_until_the_team_wins_scores_30() -> None:
    game = position(DEAL_A, dealer=3, trump_card="7C")
    play(game, "10S QS 10D 8H")  # seat 0's 10 of spades wins
    assert announcements(game) == [(0, "H", 30)]


def test_a_combination_broken_before_its_team_wins_is_lost() -> None:
    game = position(DEAL_A, dealer=3, trump_card="7C")
    play(game, "KH 7H AH 8H")  # Gérard gives his king; his partner wins
    assert announcements(game) == []


def test_announcement_values() -> None:
    # B10: K+Q 20, K+Q+J 30 (not 30 + 20), doubled in trumps.
    assert king_queen_value(["KH", "QH"], "H", "C") == 20
    assert king_queen_value(["KH", "QH", "JH"], "H", "C") == 30
    assert king_queen_value(["KH", "QH"], "H", "H") == 40
    assert king_queen_value(["KH", "QH", "JH"], "H", "H") == 60
    assert king_queen_value(["KH", "JH", "QS"], "H", "H") == 0


def test_winning_team_announces_in_seat_then_suit_order_and_only_once() -> None:
    # D3: the trick winner first, then the partner; S, H, D, C.
    game = position(DEAL_D, dealer=0, trump_card="7C", single_deal=True)
    play(game, "7S JS 7D 7C")
    assert game.tricks[-1][-1] == (0, "7C")
    assert game.trick_leader == 0
    assert announcements(game) == [(0, "C", 60), (2, "S", 20), (2, "H", 30)]
    play(game, "8C 8S KS 8D")
    assert len(game.announcements) == 3  # each combination at most once per deal
    finish(game)
    # Team 1 never won a trick: seat 3's K-Q-J of diamonds is never announced,
    # and nothing is deducted from team 1 for team 0's announcements.
    assert all(a.seat in (0, 2) for a in game.announcements)
    assert game.deal_scores == [(12 + 11, 0)]


# --- Marriages in a trick (B12) ---------------------------------------------------


def test_trick_marriage_values() -> None:
    assert trick_marriages(["KS", "QS", "7H", "8H"], "C") == 20
    assert trick_marriages(["KS", "QS", "JS", "8H"], "C") == 30
    assert trick_marriages(["KC", "QC", "7H", "8H"], "C") == 40
    assert trick_marriages(["KC", "QC", "JC", "8H"], "C") == 60
    # Two marriages in one trick both count.
    assert trick_marriages(["KS", "QS", "KH", "QH"], "H") == 20 + 40
    assert trick_marriages(["KS", "JS", "QH", "AH"], "H") == 0


def test_trick_marriage_goes_to_the_winner_and_is_deducted_from_the_other_team() -> None:
    game = position(DEAL_B, dealer=3, trump_card="AC", single_deal=True)
    play(game, "KS QS AS 7C")  # seat 3 trumps the spade trick holding K and Q
    assert game.marriages == (0, 20)
    assert game.card_points == (0, 4 + 3 + 11)
    assert announcements(game) == [(3, "C", 60)]  # seat 3 kept K-Q-J of trumps
    finish(game)
    points, marriages = game.card_points, game.marriages
    announced = [sum(a.value for a in game.announcements if a.seat % 2 == t) for t in (0, 1)]
    assert game.deal_scores == [
        (
            (points[0] + 5) // 10 + (marriages[0] - marriages[1]) // 10 + announced[0] // 10,
            (points[1] + 5) // 10 + (marriages[1] - marriages[0]) // 10 + announced[1] // 10,
        )
    ]
    assert game.scores == [game.deal_scores[0][seat % 2] for seat in range(4)]


# --- Scoring a deal (B13) --------------------------------------------------------------


def test_card_points_round_a_final_5_up_for_both_teams() -> None:
    # B13: 65 and 55 give 7 and 6.
    assert (rounded_card_points(65), rounded_card_points(55)) == (7, 6)
    assert [rounded_card_points(p) for p in (0, 4, 5, 14, 15, 120)] == [0, 0, 1, 1, 2, 12]
    assert deal_score(0, [65, 55], [0, 0], [0, 0]) == 7
    assert deal_score(1, [65, 55], [0, 0], [0, 0]) == 6


def test_deal_score_adds_marriage_difference_and_own_announcements() -> None:
    assert deal_score(0, [65, 55], [20, 60], [40, 30]) == 7 - 4 + 4
    assert deal_score(1, [65, 55], [20, 60], [40, 30]) == 6 + 4 + 3
    assert deal_score(0, [0, 120], [0, 60], [0, 0]) == -6  # a deal score may be negative


# --- The match (B14, B15, D4) ---------------------------------------------------------


def test_exactly_the_target_does_not_win() -> None:
    # B14: 23 booked + 10 card points = 24, not over a target of 24.
    game = after_a_cape(DEAL_C, trump_card="7C", target=24)
    play(game, "10S 9S 8S 7S")
    assert game.card_points == (10, 0)
    assert (game.phase, game.winning_team, game.current_player) == ("play", None, 0)


def test_over_the_target_wins_mid_deal_even_if_rounding_books_the_target() -> None:
    # B14: 23 + 12/10 = 24.2 > 24 wins at once; D4: the deal is booked with the cards
    # taken, 12 rounding to 1: the winner shows 24, the target.
    game = after_a_cape(DEAL_C, trump_card="7C", target=24)
    play(game, "10S 9S 8S JS")
    assert (game.phase, game.is_over, game.winning_team, game.current_player) == (
        "over",
        True,
        0,
        None,
    )
    assert game.deal_scores == [(23, 0), (1, 0)]
    assert game.scores == [24, 0, 24, 0]
    assert game.legal_actions() == []
    assert game.match_record == (1 + 2, 0)  # the match and the first deal's cape
    assert game.capes == (1, 0)
    # D4: the abandoned deal is left as play stopped, the finished one before it kept.
    after = state(game)
    assert after["trick"] == []
    assert len(after["tricks"]) == 1
    assert after["trick_leader"] == 0
    assert [len(hand) for hand in after["hands"]] == [7, 7, 7, 7]
    assert [deal["dealer"] for deal in after["finished_deals"]] == [2]
    with pytest.raises(RuleError, match="over"):
        game.apply(game.action("AS"))
    assert state(game) == after


def test_the_mid_deal_test_counts_the_tricks_marriages_and_announcements() -> None:
    # B14: team 1 takes 18 card points, a marriage of 20 and announces 60: 9.8 > 9, a
    # win; without the announcement (3.8) or the marriage (7.8) it would be no win.
    game = position(DEAL_B, dealer=3, trump_card="AC", target=9)
    play(game, "KS QS AS 7C")
    assert (game.card_points, game.marriages, announcements(game)) == (
        (0, 18),
        (0, 20),
        [(3, "C", 60)],
    )
    assert game.winning_team == 1
    assert game.is_over
    assert game.deal_scores == [(0 - 2, 2 + 2 + 6)]
    assert game.scores == [-2, 10, -2, 10]


def test_previous_deals_count_towards_the_target() -> None:
    # B14: the same 10 card points that leave team 0 at 24.0 after its cape would win
    # a target of 23.
    game = after_a_cape(DEAL_C, trump_card="7C", target=23)
    play(game, "10S 9S 8S 7S")
    assert (game.winning_team, game.deal_scores) == (0, [(23, 0), (1, 0)])


def test_target_option() -> None:
    game = position(DEAL_C, dealer=3, trump_card="7C", target=1)
    play(game, "10S 9S 8S 7S")  # 10 card points: exactly 1, not over 1
    assert not game.is_over
    play(game, "AS QS 10D JS")  # 10 + (11 + 3 + 10 + 2) = 36 card points: 3.6 > 1
    assert game.winning_team == 0


def test_cape() -> None:
    # B15: a team winning all 8 tricks scores the deal normally and is credited 2 games.
    game = position(DEAL_D, dealer=0, trump_card="7C", single_deal=True)
    play(game, "7S JS 7D 7C")
    finish(game)
    assert [trick["winner"] for trick in state(game)["tricks"]] == [0] * 8
    assert game.deal_scores == [(23, 0)]
    assert game.capes == (1, 0)
    assert game.winning_team is None
    assert game.match_record == (2, 0)
    assert game.phase == "over"
    assert game.hand(0) == []
    assert state(game)["finished_deals"] == []  # the single deal stays the current one


def test_no_cape_in_an_abandoned_deal() -> None:
    game = position(DEAL_D, dealer=0, trump_card="7C", target=5)
    play(game, "7S JS 7D 7C")  # 2 card points + 110 announced: 11.2 > 5
    assert game.winning_team == 0
    assert len(game.tricks) == 1
    assert game.capes == (0, 0)
    assert game.match_record == (1, 0)
    assert game.deal_scores == [(0 + 11, 0)]


def test_cape_on_the_eighth_trick_that_wins_the_match() -> None:
    game = position(DEAL_D, dealer=0, trump_card="7C", target=22)
    play(game, "7S JS 7D 7C")
    for _ in range(6 * 4):
        game.apply(game.legal_actions()[0])
    assert not game.is_over
    assert sum(game.card_points) + 110 <= 220
    finish(game)
    assert len(game.tricks) == 8
    assert game.winning_team == 0
    assert game.capes == (1, 0)
    assert game.match_record == (3, 0)


def test_every_finished_deal_is_kept_oldest_first() -> None:
    # D9: each deal played to its end keeps its public record; the current deal is not one.
    game = new_game("brouc", seed=5, target=1000)
    first_dealer = game.dealer
    ended = []
    while game.deal_number < 4:
        if len(game.tricks) == 7 and len(game.trick) == 3:
            ended.append((game.dealer, game.trump_card, game.tricks))
        game.apply(game.legal_actions()[0])
    records = state(game)["finished_deals"]
    assert [(r["dealer"], r["trump_card"]) for r in records] == [(d, c) for d, c, _ in ended]
    assert [r["dealer"] for r in records] == [(first_dealer + k) % 4 for k in range(3)]
    for record, (_, _, tricks) in zip(records, ended, strict=True):
        assert [[tuple(play) for play in t["cards"]] for t in record["tricks"][:7]] == tricks
    assert len(game.deal_scores) == 3
    assert game.observation(2).to_dict()["previous_deal"] == records[-1]


# --- Options ---------------------------------------------------------------------------


def test_options_defaults_and_names() -> None:
    game = new_game("brouc", seed=1)
    assert "brouc" in GAMES
    assert game.name == "brouc"
    assert game.num_players == 4
    assert game.options == {"single_deal": False, "target": 30, "first_dealer": None}
    assert new_game("brouc", seed=1, single_deal=True, target=5, first_dealer=2).options == {
        "single_deal": True,
        "target": 5,
        "first_dealer": 2,
    }


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"targets": 30}, "targets"),
        ({"single_deal": 1}, "single_deal"),
        ({"single_deal": None}, "single_deal"),
        ({"target": True}, "target"),
        ({"target": 0}, "target"),
        ({"target": 1001}, "target"),
        ({"target": 30.0}, "target"),
        ({"first_dealer": 4}, "first_dealer"),
        ({"first_dealer": -1}, "first_dealer"),
        ({"first_dealer": False}, "first_dealer"),
        ({"first_dealer": "0"}, "first_dealer"),
    ],
)
def test_bad_options(options: dict[str, object], named: str) -> None:
    with pytest.raises(RuleError, match=named):
        new_game("brouc", seed=0, **options)


@pytest.mark.parametrize("seed", [-1, 2**64, True, 1.5, "0"])
def test_bad_seed(seed: Any) -> None:
    with pytest.raises(RuleError, match="seed"):
        new_game("brouc", seed=seed)


def test_unknown_game() -> None:
    with pytest.raises(RuleError, match="unknown game"):
        new_game("jass", seed=0)


# --- Observation -----------------------------------------------------------------------


def test_observation_shows_what_the_seat_may_know() -> None:
    game = position(DEAL_A, dealer=3, trump_card="7C")
    play(game, "JH 7H AH 8H 9C")
    for seat in range(4):
        seen = game.observation(seat).to_dict()
        full = state(game)
        assert set(seen) == (set(full) - {"rng", "hands", "history", "finished_deals"}) | {
            "seat",
            "hand",
            "hand_sizes",
            "current_player",
            "scores",
            "trump_card_held",
            "previous_deal",
        }
        assert all(seen[key] == full[key] for key in full if key in seen)
        assert seen["seat"] == seat
        assert seen["hand"] == game.hand(seat)
        assert seen["hand_sizes"] == [7, 7, 6, 7]
        assert seen["current_player"] == 3
        assert seen["scores"] == [0, 0, 0, 0]
        assert seen["trump_card_held"] is True
        # Nothing hidden: every card named is the seat's own, played, or the turned card.
        public = set(game.hand(seat)) | set(full["history"]) | {game.trump_card}
        named = {card for card in DECK if f'"{card}"' in json.dumps(seen)}
        assert named <= public
    play(game, "7C")
    assert game.observation(0).to_dict()["trump_card_held"] is False
    for bad in (4, -1, True, "0"):
        with pytest.raises(RuleError, match="seat"):
            game.observation(bad).to_dict()  # type: ignore[arg-type]


# --- JSON --------------------------------------------------------------------------------


def test_json_round_trip_mid_trick_and_clone_independence() -> None:
    game = position(DEAL_B, dealer=3, trump_card="AC")
    play(game, "KS QS AS 7C 8C")
    copy = from_json(game.to_json())
    assert copy.to_json() == game.to_json()
    twin = game.clone()
    twin.apply(twin.legal_actions()[0])
    assert twin.to_json() != game.to_json()
    assert copy.to_json() == game.to_json()


@functools.cache
def _good_state_text() -> str:
    game = after_a_cape(DEAL_B, trump_card="AC")
    play(game, "KS QS AS 7C 8C")
    return game.to_json()


def good_state() -> dict[str, Any]:
    """Deal 2, after the cape deal: seat 3 trumped the first trick (K and Q of spades,
    announcing K-Q-J of trumps) and leads 8C."""
    data: dict[str, Any] = json.loads(_good_state_text())
    return data


def _with(path: Sequence[str | int], value: object) -> dict[str, Any]:
    data = good_state()
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def _dealt_by_seat_2() -> dict[str, Any]:
    """Deal 2 dealt by seat 2 (turning its AD), where the rules give seat 3."""
    return _with(["dealer"], 2) | {"trump_card": "AD", "trump": "D"}


BAD_STATES = {
    "wrong game": (_with(["game"], "jass"), "unknown game"),
    "version": (_with(["version"], 2), "'version' is 2 but the history gives 1"),
    "version float": (_with(["version"], 1.0), "'version' is 1.0"),
    "rng out of range": (_with(["rng"], 2**64), "rng"),
    "rng not an int": (_with(["rng"], "1"), "rng"),
    "dealer out of range": (_with(["dealer"], 4), "dealer"),
    "dealer bool": (_with(["dealer"], True), "dealer"),
    "dealer not the rules'": (_dealt_by_seat_2(), "by seat 2, not by seat 3 as the rules give"),
    "phase": (_with(["phase"], "bidding"), "'phase' is \"bidding\""),
    "trump not the trump card's suit": (_with(["trump"], "S"), "not the suit of AC"),
    "trump in lower case": (_with(["trump"], "c"), "'trump' must be one of"),
    "trump card not a brouc card": (_with(["trump_card"], "6C"), "trump_card"),
    "trump card not the dealer's": (
        {**state(position(DEAL_A, dealer=3, trump_card="7C")), "trump_card": "8C"},
        "8C is not in the dealer's hand",
    ),
    "option type": (_with(["options", "target"], "30"), "target"),
    "option missing": (
        {**good_state(), "options": {"single_deal": False, "target": 30}},
        "first_dealer",
    ),
    "first dealer option not the first dealer": (
        _with(["options", "first_dealer"], 0),
        "first deal is dealt by seat 2, not by the option 'first_dealer' 0",
    ),
    "single deal past its deal": (_with(["options", "single_deal"], True), "game is over"),
    "card duplicated": (_with(["hands", 0, 6], "JD"), "32 cards once each"),
    "card missing": (_with(["hands", 0], good_state()["hands"][0][1:]), "dealt 7 cards"),
    "not a card": (_with(["hands", 0, 0], "7X"), "not a card"),
    "hand unsorted": (_with(["hands", 0], good_state()["hands"][0][::-1]), "'hands'\\[0\\]"),
    "trick card moved to another seat": (_with(["trick", 0, 0], 1), "seat 1 was dealt 9"),
    "trick seat out of range": (_with(["trick", 0, 0], 7), "seat"),
    "trick winner wrong": (_with(["tricks", 0, "winner"], 2), "'winner'\\] is 2"),
    "trick winner a bool": (_with(["tricks", 0, "winner"], True), "is true"),
    "trick with an extra key": (_with(["tricks", 0, "taken"], False), "unknown keys"),
    "trick leader wrong": (_with(["trick_leader"], 2), "trick_leader"),
    "card points out of range": (_with(["card_points"], [0, 121]), "card_points"),
    "marriages not tens": (_with(["marriages"], [0, 25]), "marriages"),
    "announcement value": (_with(["announcements", 0, "value"], 30), "announcements"),
    "announcement seat": (_with(["announcements", 0, "seat"], 4), "announcements"),
    "announcement extra key": (_with(["announcements", 0, "team"], 1), "announcements"),
    "announcement twice": (
        _with(["announcements"], [good_state()["announcements"][0]] * 2),
        "announcements",
    ),
    "winner while playing": (_with(["winner"], 1), "winner"),
    "deal count": (_with(["deal_scores"], []), "deal_scores"),
    "deal number": (_with(["deal_number"], 3), "deal_number"),
    "history length": (_with(["history"], []), "2 deals are recorded but the history reaches 1"),
    "history tail": (_with(["history", -1], "7S"), "'history'\\[36\\]: illegal action 7S"),
    "history an id": (_with(["history", 0], 5), "'history'\\[0\\] must be an action text"),
    "capes": (_with(["capes"], [1, 1]), "capes"),
    "no finished deal": (_with(["finished_deals"], []), "'history'\\[2\\]: illegal action 7D"),
    "finished deal not a list": (_with(["finished_deals"], None), "finished_deals"),
    "finished deal rescored": (
        _with(["finished_deals", 0, "card_points"], [119, 1]),
        "'finished_deals'\\[0\\]\\['card_points'\\]",
    ),
    "finished deal with an extra key": (_with(["finished_deals", 0, "score"], 23), "unknown keys"),
    "finished deal dealt by another seat": (
        _with(["finished_deals", 0, "dealer"], 1),
        "'finished_deals'\\[0\\]: 7C is not in the dealer's hand",
    ),
}


@pytest.mark.parametrize("name", BAD_STATES)
def test_from_json_rejects_inconsistent_states(name: str) -> None:
    data, reason = BAD_STATES[name]
    with pytest.raises(RuleError, match=reason):
        from_json(json.dumps(data))


def test_any_deal_and_any_first_dealer_unless_the_option_names_one() -> None:
    # B5: the first dealer is drawn, so any seat can deal first, any turned card of theirs.
    for dealer in range(4):
        for trump_card in DEAL_A[dealer].split()[::3]:
            game = position(DEAL_A, dealer=dealer, trump_card=trump_card)
            assert (game.dealer, game.trump_card, game.current_player) == (
                dealer,
                trump_card,
                (dealer + 1) % 4,
            )
        named = position(DEAL_A, dealer=dealer, trump_card=DEAL_A[dealer][:2], first_dealer=dealer)
        assert named.options["first_dealer"] == dealer
        with pytest.raises(RuleError, match="first_dealer"):
            position(
                DEAL_A, dealer=dealer, trump_card=DEAL_A[dealer][:2], first_dealer=(dealer + 1) % 4
            )


def test_from_json_rejects_bad_text_and_missing_or_unknown_keys() -> None:
    data = good_state()
    for text in ("", "{", "[]", "null", '{"game": "brouc"}', json.dumps(data)[:-1]):
        with pytest.raises(RuleError):
            from_json(text)
    for key in data:
        partial = {k: v for k, v in data.items() if k != key}
        with pytest.raises(RuleError, match=key if key != "game" else "game"):
            from_json(json.dumps(partial))
    with pytest.raises(RuleError, match="unknown"):
        from_json(json.dumps({**data, "extra": 1}))
    assert from_json(json.dumps(data)).to_json() == json.dumps(data, separators=(",", ":"))


# --- Whole matches ---------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    single_deal=st.booleans(),
    target=st.integers(1, 60),
    choices=st.randoms(use_true_random=False),
)
def test_random_matches_keep_the_invariants(
    seed: int, single_deal: bool, target: int, choices: Any
) -> None:
    game = new_game("brouc", seed=seed, single_deal=single_deal, target=target)
    while not game.is_over:
        before = game.to_json()
        actions = game.legal_actions()
        assert actions
        assert [a.id for a in actions] == sorted(a.id for a in actions)
        illegal = [card for card in game.hand(game.current_player or 0) if card not in legal(game)]
        for card in illegal:
            with pytest.raises(RuleError):
                game.apply(card)
        assert game.to_json() == before
        assert from_json(before).to_json() == before
        deal = game.deal_number
        ended = state(game)
        game.apply(choices.choice(actions))
        if game.deal_number != deal:  # a deal of 8 tricks has been booked
            assert len(game.deal_scores) == deal
            # D9: its public record is the last finished deal, as the deal ended.
            record = state(game)["finished_deals"][-1]
            assert list(record) == [
                "dealer",
                "trump",
                "trump_card",
                "tricks",
                "card_points",
                "marriages",
                "announcements",
            ]
            assert [record[key] for key in ("dealer", "trump", "trump_card")] == [
                ended[key] for key in ("dealer", "trump", "trump_card")
            ]
            assert record["tricks"][:7] == ended["tricks"]
            assert len(record["tricks"]) == 8
            assert sum(record["card_points"]) == 120
            assert (
                record["announcements"][: len(ended["announcements"])] == (ended["announcements"])
            )
    final = state(game)
    assert len(final["finished_deals"]) == game.deal_number - 1
    assert from_json(game.to_json()).to_json() == game.to_json()
    assert game.scores == [sum(s[seat % 2] for s in game.deal_scores) for seat in range(4)]
    assert len(game.history) == 32 * (game.deal_number - 1) + sum(
        len(t["cards"]) for t in final["tricks"]
    )
    if game.winning_team is None:
        assert single_deal
        assert len(game.tricks) == 8
    else:
        assert 10 * target < 10 * sum(s[game.winning_team] for s in game.deal_scores[:-1]) + (
            final["card_points"][game.winning_team]
            + final["marriages"][game.winning_team]
            - final["marriages"][1 - game.winning_team]
            + sum(a["value"] for a in final["announcements"] if a["seat"] % 2 == game.winning_team)
        )
