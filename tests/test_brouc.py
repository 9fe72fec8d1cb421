"""Brouc's rules, worked by hand, against both the engine and the reference.

Each position is a hand-written state (``build``) read with ``from_json``; the
expected legal cards, trick winners, marriages, announcements and scores are
worked out here from the rules (docs/rules/brouc.md: its rulings B1-B15, the
card table and the French text it cites), never taken from an engine.
Seats 0 and 2 are team 0, seats 1 and 3 team 1; the dealer's right is the
dealer's seat + 1.

Card points: A 11, 10 10, K 4, Q 3, J 2, 9 8 7 nothing; the order is
A 10 K Q J 9 8 7 in every suit.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

import pytest

import cardcore
from harness import Chooser, strings_in
from splitmix import SplitMix

SUITS = ["S", "H", "D", "C"]
RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]  # the action-id order within a suit
FACE_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K", "A"]
DECK32 = [rank + suit for suit in SUITS for rank in RANKS]  # face-id order = action-id order
RNG = 0x0123_4567_89AB_CDEF


@pytest.fixture(params=["cardcore", "cardcore.reference"])
def mod(request: pytest.FixtureRequest) -> ModuleType:
    return importlib.import_module(request.param)


def refusal(mod: ModuleType) -> type[Exception]:
    """The error an implementation raises for an illegal play."""
    if mod is cardcore:
        return cardcore.IllegalActionError
    error: type[Exception] = mod.RuleError
    return error


def face_id(card: str) -> int:
    return SUITS.index(card[-1]) * 14 + FACE_RANKS.index(card[:-1])


def sort_hand(cards: Sequence[str]) -> list[str]:
    return sorted(cards, key=face_id)


def expected_deal(rng: SplitMix, dealer: int) -> tuple[list[list[str]], str]:
    """Shuffle a fresh deck, deal 1, 3, 4 from position 0 to dealer+1 .. dealer;
    the dealer's last card (position 31) is turned."""
    deck = list(DECK32)
    rng.shuffle(deck)
    hands: list[list[str]] = [[], [], [], []]
    position = 0
    for batch in (1, 3, 4):
        for offset in (1, 2, 3, 4):
            hands[(dealer + offset) % 4] += deck[position : position + batch]
            position += batch
    return [sort_hand(hand) for hand in hands], deck[31]


# --------------------------------------------------------------------------- positions


def build(
    hands: Mapping[int, str],
    *,
    dealer: int,
    trump_card: str,
    single_deal: bool = False,
    target: int = 30,
) -> str:
    """The state JSON at the start of a match dealt these hands (docs/rules/brouc.md).

    A state at the start of a later deal would need the earlier deals played, since
    ``from_json`` accepts only what play can reach; a target scaled down plays the
    same rules from 0-0."""
    cards = {seat: hand.split() for seat, hand in hands.items()}
    assert sorted(cards) == [0, 1, 2, 3]
    assert all(len(hand) == 8 for hand in cards.values())
    assert sort_hand([card for hand in cards.values() for card in hand]) == DECK32
    assert trump_card in cards[dealer]
    parsed = {
        "game": "brouc",
        "version": 1,
        "options": {"single_deal": single_deal, "target": target, "first_dealer": None},
        "rng": RNG,
        "phase": "play",
        "dealer": dealer,
        "deal_number": 1,
        "trump": trump_card[-1],
        "trump_card": trump_card,
        "hands": [sort_hand(cards[seat]) for seat in range(4)],
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
    return json.dumps(parsed)


def start(mod: ModuleType, hands: Mapping[int, str], **kwargs: Any) -> Any:
    return mod.from_json(build(hands, **kwargs))


def play(game: Any, cards: str) -> None:
    for card in cards.split():
        game.apply(card)


def json_refusal(mod: ModuleType) -> type[Exception]:
    """The error an implementation raises for an inconsistent state."""
    return cardcore.JsonError if mod is cardcore else ValueError


def legal(game: Any) -> list[str]:
    return [str(action) for action in game.legal_actions()]


def js(game: Any) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(game.to_json())
    return parsed


def winners(game: Any) -> list[int]:
    return [trick["winner"] for trick in js(game)["tricks"]]


def ann(*entries: tuple[int, str, int]) -> list[dict[str, Any]]:
    return [{"seat": seat, "suit": suit, "value": value} for seat, suit, value in entries]


def assert_refused(mod: ModuleType, game: Any, card: str) -> None:
    before = game.to_json()
    with pytest.raises(refusal(mod)):
        game.apply(card)
    assert game.to_json() == before


def letter(suit: Any) -> str:
    return str(getattr(suit, "letter", suit))


# --------------------------------------------------------------------------- the deal


@pytest.mark.parametrize("seed", [0, 1, 42, 2**63 + 7, 2**64 - 1])
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_first_deal_is_dealt_1_3_4_from_the_dealers_right(
    mod: ModuleType, seed: int, dealer: int
) -> None:
    game = mod.new_game("brouc", seed=seed, first_dealer=dealer)
    rng = SplitMix(seed)
    hands, turned = expected_deal(rng, dealer)
    parsed = js(game)
    assert parsed["hands"] == hands
    assert parsed["dealer"] == dealer
    assert parsed["trump_card"] == turned
    assert parsed["trump"] == turned[-1]
    assert turned in parsed["hands"][dealer]
    assert parsed["rng"] == rng.state
    assert parsed["trick_leader"] == (dealer + 1) % 4
    assert game.current_player == (dealer + 1) % 4
    assert parsed["deal_number"] == 1
    assert parsed["phase"] == "play"
    assert game.dealer == dealer
    assert str(game.trump_card) == turned
    assert letter(game.trump) == turned[-1]
    for seat in range(4):
        assert [str(card) for card in game.hand(seat)] == hands[seat]


@pytest.mark.parametrize("seed", [0, 3, 99, 2**64 - 1])
def test_first_dealer_is_drawn_before_the_shuffle(mod: ModuleType, seed: int) -> None:
    rng = SplitMix(seed)
    dealer = rng.below(4)
    hands, turned = expected_deal(rng, dealer)
    parsed = js(mod.new_game("brouc", seed=seed))
    assert parsed["dealer"] == dealer
    assert parsed["hands"] == hands
    assert parsed["trump_card"] == turned
    assert parsed["rng"] == rng.state


@pytest.mark.parametrize("first_dealer", [0, 3])
def test_next_deal_passes_right_with_a_fresh_shuffle(mod: ModuleType, first_dealer: int) -> None:
    game = mod.new_game("brouc", seed=5, first_dealer=first_dealer, target=1000)
    rng_state = js(game)["rng"]
    chooser = Chooser([], 5)
    for _ in range(32):
        assert js(game)["rng"] == rng_state, "the generator moved during play"
        assert js(game)["deal_number"] == 1
        actions = game.legal_actions()
        game.apply(actions[chooser.pick(len(actions))])
    parsed = js(game)
    hands, turned = expected_deal(SplitMix(rng_state), (first_dealer + 1) % 4)
    assert parsed["deal_number"] == 2
    assert parsed["dealer"] == (first_dealer + 1) % 4
    assert parsed["hands"] == hands
    assert parsed["trump_card"] == turned
    assert game.current_player == (first_dealer + 2) % 4
    assert len(parsed["deal_scores"]) == 1
    assert len(parsed["history"]) == 32
    assert parsed["tricks"] == []
    assert parsed["trick"] == []


def test_action_ids_and_texts(mod: ModuleType) -> None:
    game = mod.new_game("brouc", seed=17, target=1000)
    chooser = Chooser([], 17)
    seen: set[str] = set()
    for _ in range(64):
        for action in game.legal_actions():
            text = str(action)
            assert action.id == DECK32.index(text)
            assert action.kind == "play"
            assert str(action.card) == text
            seen.add(text)
        actions = game.legal_actions()
        game.apply(actions[chooser.pick(len(actions))])
    assert DECK32.index("7S") == 0
    assert DECK32.index("AS") == 7
    assert DECK32.index("7H") == 8
    assert DECK32.index("AC") == 31
    assert len(seen) > 16


# --------------------------------------------------------------------------- announcements

# Gérard (seat 1) holds K-Q-J of hearts; the dealer (seat 0) holds K-Q of spades.
DEAL_G = {
    0: "10H KD KC 9C 7S QS KS AS",
    1: "KH QH JH 7D 8D 9D 7C 8C",
    2: "8H 9H JD QD JC QC 10S JS",
    3: "AH 7H AD 10D AC 10C 8S 9S",
}
# (turned card, Gérard's hearts, the dealer's spades): spades trump, or hearts trump.
G_TRUMPS = [("7S", 20, 40), ("10H", 40, 20)]


@pytest.mark.parametrize(("turned", "hearts", "spades"), G_TRUMPS)
def test_gerard_plays_the_jack_then_announces_the_king_queen(
    mod: ModuleType, turned: str, hearts: int, spades: int
) -> None:
    game = start(mod, DEAL_G, dealer=0, trump_card=turned)
    assert game.current_player == 1
    play(game, "JH")
    assert legal(game) == ["8H", "9H"]
    assert_refused(mod, game, "JD")  # must follow suit
    play(game, "8H")
    assert legal(game) == ["7H", "AH"]  # no duty to beat, on a trump lead too
    play(game, "AH")
    assert legal(game) == ["10H"]
    play(game, "10H")
    parsed = js(game)
    assert winners(game) == [3]
    assert parsed["card_points"] == [0, 23]
    # K-Q-J became K-Q when the jack went: 20, 40 in trumps; not 30 or 60.
    assert parsed["announcements"] == ann((1, "H", hearts))
    assert game.current_player == 3


@pytest.mark.parametrize(("turned", "hearts", "spades"), G_TRUMPS)
def test_the_other_team_waits_until_it_wins_a_trick(
    mod: ModuleType, turned: str, hearts: int, spades: int
) -> None:
    game = start(mod, DEAL_G, dealer=0, trump_card=turned)
    play(game, "JH 8H AH 10H")
    assert js(game)["announcements"] == ann((1, "H", hearts))  # not the dealer's spades yet
    play(game, "8S")
    assert legal(game) == ["7S", "QS", "KS", "AS"]
    play(game, "AS")
    assert legal(game) == ["QH", "KH", "7D", "8D", "9D", "7C", "8C"]
    play(game, "7D")
    assert legal(game) == ["10S", "JS"]
    play(game, "10S")
    parsed = js(game)
    assert winners(game) == [3, 0]
    assert parsed["card_points"] == [21, 23]
    assert parsed["announcements"] == ann((1, "H", hearts), (0, "S", spades))


@pytest.mark.parametrize(("turned", "hearts", "spades"), G_TRUMPS)
def test_a_combination_broken_before_its_team_wins_is_lost(
    mod: ModuleType, turned: str, hearts: int, spades: int
) -> None:
    game = start(mod, DEAL_G, dealer=0, trump_card=turned)
    play(game, "KH 8H")
    assert legal(game) == ["7H", "AH"]
    play(game, "7H 10H")  # the 10 beats the king
    assert winners(game) == [0]
    assert js(game)["card_points"] == [14, 0]
    assert js(game)["announcements"] == ann((0, "S", spades))
    play(game, "9C")
    assert legal(game) == ["7C", "8C"]
    play(game, "8C")
    assert legal(game) == ["JC", "QC"]
    play(game, "JC")
    assert legal(game) == ["10C", "AC"]
    play(game, "AC")
    assert winners(game) == [0, 3]
    assert js(game)["card_points"] == [14, 13]
    # Gérard's Q-J of hearts is no combination: his king went before team 1 won.
    assert js(game)["announcements"] == ann((0, "S", spades))


# Seat 1 holds K-Q of spades (trumps: 40), seat 3 K-Q of clubs (20); seat 3 takes the trick.
DEAL_D3 = {
    0: "JD QD KD 10S JH QH KH AC",
    1: "KS QS 7D 7H 8H 9H 7C 8C",
    2: "8D 9D JC 9C 10C 7S 8S 9S",
    3: "KC QC AD 10D JS AS 10H AH",
}


def test_announcements_list_the_trick_winner_first(mod: ModuleType) -> None:
    """D3: the winner's combinations first, then the partner's, whatever their seats."""
    game = start(mod, DEAL_D3, dealer=0, trump_card="10S")
    play(game, "7D 8D AD JD")
    parsed = js(game)
    assert winners(game) == [3]
    assert parsed["card_points"] == [0, 13]
    assert parsed["announcements"] == ann((3, "C", 20), (1, "S", 40))


# --------------------------------------------------------------------------- marriages in a trick

DEAL_M = {
    0: "KD 10D QH KH QC KC QS KS",
    1: "JD 7D 7H 8H 7C 8C 7S 8S",
    2: "QD 8D 9H 10H 9C 10C 9S 10S",
    3: "AD 9D JH AH JC AC JS AS",
}


@pytest.mark.parametrize(("turned", "marriage"), [("KS", 30), ("10D", 60)])
def test_king_queen_jack_in_one_trick(mod: ModuleType, turned: str, marriage: int) -> None:
    game = start(mod, DEAL_M, dealer=0, trump_card=turned)
    play(game, "JD")
    assert legal(game) == ["8D", "QD"]
    play(game, "QD")
    assert legal(game) == ["9D", "AD"]
    play(game, "AD")
    assert legal(game) == ["10D", "KD"]
    play(game, "KD")
    parsed = js(game)
    assert winners(game) == [3]
    assert parsed["card_points"] == [0, 20]
    assert parsed["marriages"] == [0, marriage]
    assert parsed["announcements"] == []  # team 0's hands wait: team 1 won
    assert game.observation(1).to_dict()["trump_card_held"] is True
    # The 10 ranks between the ace and the king: 10S takes KS.
    play(game, "JS")
    assert legal(game) == ["QS", "KS"]
    play(game, "KS")
    assert legal(game) == ["7S", "8S"]
    play(game, "7S")
    assert legal(game) == ["9S", "10S"]
    play(game, "10S")
    parsed = js(game)
    assert winners(game) == [3, 2]
    assert parsed["card_points"] == [16, 20]
    assert parsed["marriages"] == [0, marriage]
    # The winner (seat 2) has nothing; its partner announces, suits in S H D C order.
    assert parsed["announcements"] == ann((0, "H", 20), (0, "C", 20))
    assert game.observation(1).to_dict()["trump_card_held"] is (turned != "KS")
    assert game.observation(1).to_dict()["trump_card"] == turned


DEAL_T = {
    0: "QC 9C 10C JC AC QS KS AS",
    1: "7D 8D 9D 10D JD KD AD 7H",
    2: "QD 8H 9H 10H JH QH 7S 8S",
    3: "KC KH AH 9S 10S JS 7C 8C",
}


@pytest.mark.parametrize(
    ("turned", "winner", "marriage", "dealer_may_play"),
    [
        # Spades trump: KC and QC are discards, KD wins; two plain marriages 20 + 20.
        ("AS", 1, 40, ["QS", "KS", "AS", "9C", "10C", "JC", "QC", "AC"]),
        # Clubs trump: KC trumps and wins; QC may go under it (it completes K-Q),
        # 10C and AC go over it, JC and 9C would undertrump. 20 + 40 in trumps.
        ("AC", 3, 60, ["QS", "KS", "AS", "10C", "QC", "AC"]),
    ],
)
def test_two_marriages_in_one_trick(
    mod: ModuleType, turned: str, winner: int, marriage: int, dealer_may_play: list[str]
) -> None:
    game = start(mod, DEAL_T, dealer=0, trump_card=turned)
    play(game, "KD")
    assert legal(game) == ["QD"]
    play(game, "QD")
    assert legal(game) == ["9S", "10S", "JS", "KH", "AH", "7C", "8C", "KC"]
    play(game, "KC")
    assert legal(game) == dealer_may_play
    for forbidden in sorted(set(DEAL_T[0].split()) - set(dealer_may_play)):
        assert_refused(mod, game, forbidden)
    play(game, "QC")
    parsed = js(game)
    assert winners(game) == [winner]
    assert parsed["card_points"] == [0, 14]
    assert parsed["marriages"] == [0, marriage]
    assert parsed["announcements"] == []


# --------------------------------------------------------------------------- undertrumping

# Hearts trump (the dealer, seat 3, turned 8H); seat 0 holds every spade.
DEAL_U = {
    0: "7S 8S 9S 10S JS QS KS AS",
    1: "KH AH 7H 7D 8D 9D 7C 8C",
    2: "QH 10H 9H 10D JD QD 9C 10C",
    3: "JH 8H KD AD JC QC KC AC",
}


def test_queen_under_king_and_jack_under_king_queen(mod: ModuleType) -> None:
    game = start(mod, DEAL_U, dealer=3, trump_card="8H")
    play(game, "AS")
    assert legal(game) == ["7H", "KH", "AH", "7D", "8D", "9D", "7C", "8C"]  # trumping optional
    play(game, "KH")
    assert legal(game) == ["10H", "QH", "10D", "JD", "QD", "9C", "10C"]
    assert_refused(mod, game, "9H")
    play(game, "QH")
    assert legal(game) == ["JH", "KD", "AD", "JC", "QC", "KC", "AC"]
    assert_refused(mod, game, "8H")
    play(game, "JH")
    parsed = js(game)
    assert winners(game) == [1]
    assert parsed["card_points"] == [0, 20]
    assert parsed["marriages"] == [0, 60]  # K-Q-J of trumps in one trick
    assert parsed["announcements"] == ann((3, "C", 30))  # K-Q-J of clubs: 30, not 30 + 20


def test_the_queen_needs_the_king_in_the_trick(mod: ModuleType) -> None:
    game = start(mod, DEAL_U, dealer=3, trump_card="8H")
    play(game, "AS AH")
    assert legal(game) == ["10D", "JD", "QD", "9C", "10C"]
    for card in ("QH", "10H", "9H"):
        assert_refused(mod, game, card)
    play(game, "10D")
    assert legal(game) == ["KD", "AD", "JC", "QC", "KC", "AC"]
    assert_refused(mod, game, "JH")  # the jack needs both king and queen
    play(game, "KD")
    parsed = js(game)
    assert winners(game) == [1]
    assert parsed["card_points"] == [0, 36]
    assert parsed["marriages"] == [0, 0]
    assert parsed["announcements"] == ann((3, "C", 30))


DEAL_U2 = {
    0: "7S 8S 9S 10S JS QS KS AS",
    1: "QH 10H 7H 7D 8D 9D 7C 8C",
    2: "AH JH 8H 10D JD QD 9C 10C",
    3: "KH 9H KD AD JC QC KC AC",
}


def test_the_king_may_not_undertrump_to_join_the_queen(mod: ModuleType) -> None:
    """D2: only the trump Q and J are excepted; KH under AH is undertrumping."""
    game = start(mod, DEAL_U2, dealer=3, trump_card="9H")
    play(game, "AS")
    assert legal(game) == ["7H", "10H", "QH", "7D", "8D", "9D", "7C", "8C"]
    play(game, "QH")
    assert legal(game) == ["AH", "10D", "JD", "QD", "9C", "10C"]
    assert_refused(mod, game, "JH")
    play(game, "AH")
    assert legal(game) == ["KD", "AD", "JC", "QC", "KC", "AC"]
    assert_refused(mod, game, "KH")
    assert_refused(mod, game, "9H")
    play(game, "KD")
    parsed = js(game)
    assert winners(game) == [2]
    assert parsed["card_points"] == [29, 0]
    assert parsed["marriages"] == [0, 0]
    assert parsed["announcements"] == ann((0, "S", 30))


# Hearts trump, seat 2 dealt 9H 8H 7H (turned 7H); five single-suit tricks first.
DEAL_V = {
    0: "7D 9C KD JC AS 7S AH KH",
    1: "QD 7C JD KC 10S 10H JH QH",
    2: "8D QC AD 10C KS 9H 8H 7H",
    3: "9D 8C 10D AC JS QS 9S 8S",
}


def test_a_hand_of_only_too_low_trumps_may_play_any(mod: ModuleType) -> None:
    game = start(mod, DEAL_V, dealer=2, trump_card="7H")
    play(game, "9D 7D QD 8D  7C QC 8C 9C  AD 10D KD JD  10C AC JC KC  JS AS 10S KS")
    assert winners(game) == [1, 2, 2, 3, 0]
    assert js(game)["card_points"] == [57, 30]
    assert js(game)["announcements"] == []
    play(game, "7S")
    assert legal(game) == ["10H", "JH", "QH"]
    play(game, "10H")
    assert legal(game) == ["7H", "8H", "9H"]  # all lower than 10H: any may be played
    play(game, "9H")
    assert legal(game) == ["8S", "9S", "QS"]
    play(game, "8S")
    assert winners(game)[-1] == 1


# --------------------------------------------------------------------------- scoring a deal

# Hearts trump (the dealer, seat 0, turned JH). Team 0 takes 65 card points, team 1 55.
DEAL_R = {
    0: "7H 9D 7C 7S JH 10D KC JS",
    1: "QH 7D 10C AS 10H KD JC 9S",
    2: "9H 8D QC KS AH AD 9C QS",
    3: "8H QD AC 10S KH JD 8C 8S",
}
PLAY_R = (
    "QH 9H 8H 7H  7D 8D QD 9D  AC 7C 10C QC  10S 7S AS KS  "
    "10H AH KH JH  AD JD 10D KD  9C 8C KC JC  JS 9S QS 8S"
)


def test_rounding_65_and_55_give_7_and_6(mod: ModuleType) -> None:
    game = start(mod, DEAL_R, dealer=0, trump_card="JH", single_deal=True)
    play(game, PLAY_R)
    parsed = js(game)
    assert winners(game) == [1, 3, 3, 1, 2, 2, 0, 2]
    assert parsed["card_points"] == [65, 55]
    assert parsed["marriages"] == [0, 0]
    assert parsed["announcements"] == []  # seat 2's K-Q of spades broke before team 0 won
    assert parsed["deal_scores"] == [[7, 6]]
    assert game.is_over
    assert game.phase == "over"
    assert game.current_player is None
    assert list(game.scores) == [7, 6, 7, 6]
    assert game.winning_team is None
    assert tuple(game.capes) == (0, 0)
    assert game.legal_actions() == []


# The same deal with QH and JH, KD and JD exchanged: seat 3 holds K-Q of diamonds
# (announced when team 1 takes the first trick) and the trump K-Q fall in one trick.
DEAL_R2 = {
    0: "7H 9D 7C 7S QH 10D KC JS",
    1: "JH 7D 10C AS 10H JD JC 9S",
    2: "9H 8D QC KS AH AD 9C QS",
    3: "8H QD AC 10S KH KD 8C 8S",
}
PLAY_R2 = (
    "JH 9H 8H 7H  7D 8D QD 9D  AC 7C 10C QC  10S 7S AS KS  "
    "10H AH KH QH  AD KD 10D JD  9C 8C KC JC  JS 9S QS 8S"
)


def test_deal_score_formula(mod: ModuleType) -> None:
    """round(points/10) + (own - other marriages)/10 + own announcements/10."""
    game = start(mod, DEAL_R2, dealer=0, trump_card="QH", single_deal=True)
    cards = PLAY_R2.split()
    play(game, " ".join(cards[:4]))
    assert js(game)["announcements"] == ann((3, "D", 20))
    play(game, " ".join(cards[4:20]))
    assert js(game)["marriages"] == [40, 0]
    play(game, " ".join(cards[20:]))
    parsed = js(game)
    assert winners(game) == [1, 3, 3, 1, 2, 2, 0, 2]
    assert parsed["card_points"] == [66, 54]
    assert parsed["marriages"] == [40, 0]
    assert parsed["announcements"] == ann((3, "D", 20))
    # Team 0: 7 + 40/10 = 11. Team 1: 5 - 40/10 + 20/10 = 3.
    assert parsed["deal_scores"] == [[11, 3]]
    assert list(game.scores) == [11, 3, 11, 3]


# --------------------------------------------------------------------------- the match

# Team 0 takes the first four tricks: 45 points in three tricks, then J+9+Q of spades
# (5) plus seat 3's discard. With the target 5 from 0-0, the running total crosses it
# where a match standing 25-13 crosses 30.
DEAL_W = {
    0: "AS AC AH JS 10S 10H JH 9H",
    1: "8S 7C 7H 9S QH QC JC 9C",
    2: "KS KC KH QS 10C 7D 8D KD",
    3: "7S 8C 8H 9D JD QD 10D AD",
}


@pytest.mark.parametrize(
    ("discard", "points", "booked"),
    [
        ("9D", 50, None),  # 5.0: not over 5
        ("JD", 52, 5),  # 5.2: won, though the deal books (52 + 5) // 10 = 5, total 5
        ("QD", 53, 5),
        ("10D", 60, 6),  # 6.0
        ("AD", 61, 6),
    ],
)
def test_exceeding_the_target_mid_deal_wins_at_once(
    mod: ModuleType, discard: str, points: int, booked: int | None
) -> None:
    game = start(mod, DEAL_W, dealer=3, trump_card="8H", target=5)
    assert list(game.scores) == [0, 0, 0, 0]
    play(game, "AS")
    assert legal(game) == ["8S", "9S"]
    play(game, "8S KS 7S  AC 7C KC 8C  AH 7H KH 8H")
    assert js(game)["card_points"] == [45, 0]
    assert game.winning_team is None
    assert not game.is_over
    play(game, "JS 9S QS")
    assert legal(game) == ["9D", "10D", "JD", "QD", "AD"]
    play(game, discard)
    parsed = js(game)
    assert winners(game) == [0, 0, 0, 2]
    assert parsed["card_points"] == [points, 0]
    if booked is None:
        assert not game.is_over
        assert game.winning_team is None
        assert game.current_player == 2
        assert parsed["deal_scores"] == []
        assert list(game.scores) == [0, 0, 0, 0]
        return
    assert game.is_over
    assert game.phase == "over"
    assert game.current_player is None
    assert game.legal_actions() == []
    assert game.winning_team == 0
    assert parsed["winner"] == 0
    assert parsed["deal_scores"] == [[booked, 0]]
    assert list(game.scores) == [booked, 0, booked, 0]
    assert len(parsed["tricks"]) == 4  # the abandoned deal stays as it was
    assert tuple(game.capes) == (0, 0)  # every trick so far, but no eighth: no cape
    assert tuple(game.match_record) == (1, 0)


# Team 0 holds every ace and ten and takes all eight tricks.
DEAL_C = {
    0: "AS AH AD AC 9S 9H 9D 9C",
    1: "KS KH KD KC QS QH QD QC",
    2: "8S 8H 8D 8C 10S 10H 10D 10C",
    3: "7S 7H 7D 7C JS JH JD JC",
}
PLAY_C = (
    "AS KS 8S 7S  AH KH 8H 7H  AD KD 8D 7D  AC KC 8C 7C  "
    "9S QS 10S JS  10H JH 9H QH  10D JD 9D QD  10C JC 9C QC"
)


def test_cape_single_deal(mod: ModuleType) -> None:
    game = start(mod, DEAL_C, dealer=3, trump_card="7H", single_deal=True)
    play(game, PLAY_C)
    parsed = js(game)
    assert winners(game) == [0, 0, 0, 0, 2, 2, 2, 2]
    assert parsed["card_points"] == [120, 0]
    assert parsed["announcements"] == []  # team 1's four K-Q never got a trick
    assert parsed["deal_scores"] == [[12, 0]]
    assert parsed["capes"] == [1, 0]
    assert tuple(game.capes) == (1, 0)
    assert game.winning_team is None
    assert tuple(game.match_record) == (2, 0)
    assert game.is_over


def test_cape_then_the_next_deal(mod: ModuleType) -> None:
    game = start(mod, DEAL_C, dealer=3, trump_card="7H")
    play(game, PLAY_C)
    parsed = js(game)
    rng = SplitMix(RNG)
    hands, turned = expected_deal(rng, 0)
    assert not game.is_over
    assert parsed["deal_scores"] == [[12, 0]]
    assert parsed["capes"] == [1, 0]
    assert tuple(game.match_record) == (2, 0)
    assert list(game.scores) == [12, 0, 12, 0]
    assert parsed["deal_number"] == 2
    assert parsed["dealer"] == 0
    assert game.dealer == 0
    assert parsed["hands"] == hands
    assert parsed["trump_card"] == turned
    assert parsed["rng"] == rng.state
    assert parsed["tricks"] == []
    assert parsed["trick"] == []
    assert parsed["card_points"] == [0, 0]
    assert parsed["marriages"] == [0, 0]
    assert parsed["announcements"] == []
    assert game.current_player == 1
    assert len(parsed["history"]) == 32
    # D9: the finished deal's public record is kept.
    [record] = parsed["finished_deals"]
    assert record["dealer"] == 3
    assert record["trump"] == "H"
    assert record["trump_card"] == "7H"
    assert record["card_points"] == [120, 0]
    assert record["marriages"] == [0, 0]
    assert record["announcements"] == []
    assert [trick["winner"] for trick in record["tricks"]] == [0, 0, 0, 0, 2, 2, 2, 2]
    played = [card for trick in record["tricks"] for _seat, card in trick["cards"]]
    assert played == PLAY_C.split()
    assert game.observation(2).to_dict()["previous_deal"] == record


def test_cape_on_the_trick_that_wins_the_match(mod: ModuleType) -> None:
    """With the target 11, team 0 stands at 10.5 after seven tricks and 12 after the
    eighth. The match is won on a deal whose eight tricks were all played: a cape (B15)."""
    game = start(mod, DEAL_C, dealer=3, trump_card="7H", target=11)
    cards = PLAY_C.split()
    play(game, " ".join(cards[:28]))
    assert js(game)["card_points"] == [105, 0]
    assert not game.is_over
    play(game, " ".join(cards[28:]))
    parsed = js(game)
    assert game.is_over
    assert game.winning_team == 0
    assert parsed["deal_scores"] == [[12, 0]]
    assert list(game.scores) == [12, 0, 12, 0]
    assert tuple(game.capes) == (1, 0)
    assert tuple(game.match_record) == (3, 0)


# --------------------------------------------------------------------------- what a seat sees


def test_the_turned_card_is_public_while_held(mod: ModuleType) -> None:
    game = start(mod, DEAL_M, dealer=0, trump_card="KS")
    hidden = set(DEAL_M[0].split()) - {"KS"}
    for seat in (1, 2, 3):
        observation = game.observation(seat).to_dict()
        assert observation["trump_card"] == "KS"
        assert observation["trump"] == "S"
        assert observation["trump_card_held"] is True
        assert "KS" in strings_in(observation)
        assert not hidden & strings_in(observation)
    assert game.observation(0).to_dict()["hand"] == sort_hand(DEAL_M[0].split())
    play(game, "JD QD AD KD  JS KS")
    observation = game.observation(1).to_dict()
    assert observation["trump_card_held"] is False
    assert observation["trump_card"] == "KS"


def test_observation_layout(mod: ModuleType) -> None:
    game = start(mod, DEAL_M, dealer=0, trump_card="KS")
    play(game, "JD QD")
    parsed = js(game)
    for seat in range(4):
        observation = game.observation(seat).to_dict()
        shared = set(parsed) - {"rng", "hands", "history", "finished_deals"}
        own = {"seat", "hand", "hand_sizes", "current_player", "scores", "trump_card_held"}
        assert set(observation) == shared | own | {"previous_deal"}
        for key in shared:
            assert observation[key] == parsed[key], key
        assert observation["previous_deal"] is None  # the first deal: none finished yet
        assert observation["seat"] == seat
        assert observation["hand"] == parsed["hands"][seat]
        assert observation["hand_sizes"] == [8, 7, 7, 8]
        assert observation["current_player"] == 3
        assert observation["scores"] == [0, 0, 0, 0]
        assert observation["trump_card_held"] is True
    assert parsed["trick"] == [[1, "JD"], [2, "QD"]]


def test_accessors_agree_with_the_json(mod: ModuleType) -> None:
    game = start(mod, DEAL_M, dealer=0, trump_card="KS")
    play(game, "JD QD AD KD  JS")
    parsed = js(game)
    assert game.dealer == 0
    assert letter(game.trump) == "S"
    assert str(game.trump_card) == "KS"
    assert game.winning_team is None
    assert [(seat, str(card)) for seat, card in game.trick] == [(3, "JS")]
    assert [[str(card) for card in game.hand(seat)] for seat in range(4)] == parsed["hands"]
    assert [list(scores) for scores in game.deal_scores] == []
    assert tuple(game.capes) == (0, 0)
    assert tuple(game.match_record) == (0, 0)
    assert game.num_players == 4
    assert game.name == "brouc"


def test_from_json_rejects_inconsistent_hands(mod: ModuleType) -> None:
    parsed = json.loads(build(DEAL_G, dealer=0, trump_card="7S"))
    mod.from_json(json.dumps(parsed))
    uneven = json.loads(json.dumps(parsed))
    uneven["hands"][0] = sort_hand(uneven["hands"][0] + [uneven["hands"][1].pop()])
    twice = json.loads(json.dumps(parsed))
    twice["hands"][1][0] = twice["hands"][0][0]
    twice["hands"][1] = sort_hand(twice["hands"][1])
    lost = json.loads(json.dumps(parsed))
    lost["hands"][2].pop()
    for broken in (uneven, twice, lost):
        with pytest.raises(json_refusal(mod)):
            mod.from_json(json.dumps(broken))


# --------------------------------------------------------------------------- engine only


def test_engine_brouc_class_and_accessors() -> None:
    assert cardcore.brouc.Brouc.action_count == 32
    direct = cardcore.brouc.Brouc(seed=8, target=12)
    assert direct.to_json() == cardcore.new_game("brouc", seed=8, target=12).to_json()
    game = cardcore.from_json(build(DEAL_U, dealer=3, trump_card="8H"))
    assert isinstance(game, cardcore.brouc.Brouc)
    play(game, "AS KH QH JH")
    assert game.teams == [(0, 2), (1, 3)]
    assert game.card_points == (0, 20)
    assert game.marriages == (0, 60)
    assert game.deal_number == 1
    assert game.trick_leader == 1
    assert [[(seat, str(card)) for seat, card in trick] for trick in game.tricks] == [
        [(0, "AS"), (1, "KH"), (2, "QH"), (3, "JH")]
    ]
    (announcement,) = game.announcements
    assert announcement.seat == 3
    assert announcement.suit == cardcore.Suit.CLUBS
    assert announcement.value == 30
    assert sorted(str(card) for card in announcement.cards) == ["JC", "KC", "QC"]


def test_engine_simulated_matches_always_have_a_winner() -> None:
    summary = cardcore.simulate("brouc", games=40, seed=6, threads=2)
    assert summary.wins[0] + summary.wins[1] == 40
    # A deal gives a team at most 12 card points and a few combinations: more than one deal.
    assert summary.decisions > 40 * 32
