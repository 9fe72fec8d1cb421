"""Le Julien's rules, worked by hand, against both the engine and the reference.

Every expected value below is worked out by hand from docs/rules/julien.md, its
rulings (J1-J23) and the French text it cites (rules -1- to -54-); the arithmetic
sits in a comment next to each case. Nothing here was taken from running an
implementation.

Both implementations are driven through one adapter (the ``impl`` fixture): the
scoring function (``cardcore.julien.score`` / ``cardcore.reference.julien.score_tour``),
``new_game`` and ``from_json``. Positions are hand-written JSON states read with
``from_json``; card plays, bids and Speco choices are applied as texts.

Scoring notation in the comments: S H D C are the weights of spades, hearts,
diamonds and clubs in the scoring pile; rS = S - H and rC = C - D (positive: black
remains, negative: red remains); ``own`` and ``opp`` as the doc defines them. In the
special Tours trick cards weigh 1 and taken trumps and specials their -43- value
(A 30, K 15, Q 12, J 11, 10..2 face value).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardcore
import cardcore.reference
import cardcore.reference.julien
from harness import Chooser, scaled
from splitmix import SplitMix

SUITS = "SHDC"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK52 = [rank + suit for suit in SUITS for rank in RANKS]  # face-id order = play-id order
RNG = 0x0123_4567_89AB_CDEF
MATCH_KINDS = ("normal", "normal", "speco", "normal", "normal", "superspec")

# Bid action ids 52..63 and their canonical texts (docs/rules/julien.md, Actions).
BID_TEXTS = [
    "Rouge",
    "Noir",
    *(f"{amount} Rouges" for amount in (5, 10, 15, 20, 25)),
    *(f"{amount} Noires" for amount in (5, 10, 15, 20, 25)),
]
BID_IDS = {text: 52 + index for index, text in enumerate(BID_TEXTS)}
NORMAL_BID_IDS = [52, 53, 54, 55, 56, 57, 59, 60, 61, 62]  # no 58 (25 Rouges), no 63 (25 Noires)
ALL_BID_IDS = list(range(52, 64))
TAKE_ID = 64
LEAVE_ID = 65


# --------------------------------------------------------------------------- cards


def card_id(card: str) -> int:
    """The play action id: suit * 13 + rank (S H D C; 2 .. A)."""
    return SUITS.index(card[-1]) * 13 + RANKS.index(card[:-1])


def sort_hand(hand: Sequence[str]) -> list[str]:
    return sorted(hand, key=card_id)


def cards(spec: str) -> list[str]:
    """Card texts from a compact spec: ``"2S-JS 2H"`` is 2S 3S ... JS, then 2H."""
    found: list[str] = []
    for token in spec.split():
        if "-" in token:
            first, last = token.split("-")
            assert first[-1] == last[-1], token
            low, high = RANKS.index(first[:-1]), RANKS.index(last[:-1])
            found += [rank + first[-1] for rank in RANKS[low : high + 1]]
        else:
            found.append(token)
    return found


def expected_deal(rng: SplitMix, dealer: int) -> tuple[list[str], list[list[str]]]:
    """A fresh 52-card deck shuffled; positions 0-11 the talon, position 12 + k to seat
    dealer + 1 + k (mod 4)."""
    deck = list(DECK52)
    rng.shuffle(deck)
    hands: list[list[str]] = [[], [], [], []]
    for k, card in enumerate(deck[12:]):
        hands[(dealer + 1 + k) % 4].append(card)
    return deck[:12], [sort_hand(hand) for hand in hands]


# -------------------------------------------------------------------------- the two implementations


@dataclass(frozen=True)
class Impl:
    """One implementation of Julien, seen through the doc's public API."""

    name: str
    games: Any  # the module holding new_game / from_json
    score_tour: Callable[..., Any]
    illegal: type[Exception]  # an illegal action
    bad_json: type[Exception]  # a state from_json rejects
    bad_option: type[Exception]  # a bad option of new_game
    bad_args: type[Exception]  # an inconsistent argument of the scoring function
    bad_text: tuple[type[Exception], ...]  # a bad card or bid text given to it

    def score(
        self,
        bid: str,
        collected: Sequence[str],
        taken: Sequence[str] = (),
        specials: Sequence[str] = (),
        tour_kind: str = "normal",
    ) -> int:
        result = self.score_tour(
            bid=bid,
            collected=list(collected),
            taken=list(taken),
            specials=list(specials),
            tour_kind=tour_kind,
        )
        assert isinstance(result, int)
        assert not isinstance(result, bool)
        return result

    def new_game(self, *, seed: int, **options: Any) -> Any:
        return self.games.new_game("julien", seed=seed, **options)

    def from_json(self, state: Mapping[str, Any]) -> Any:
        return self.games.from_json(json.dumps(state))


def engine() -> Impl:
    return Impl(
        name="engine",
        games=cardcore,
        score_tour=cardcore.julien.score,
        illegal=cardcore.IllegalActionError,
        bad_json=cardcore.JsonError,
        bad_option=cardcore.OptionError,
        bad_args=cardcore.OptionError,
        bad_text=(cardcore.OptionError, cardcore.NotationError),
    )


def reference() -> Impl:
    error = cardcore.reference.RuleError
    return Impl(
        name="reference",
        games=cardcore.reference,
        score_tour=cardcore.reference.julien.score_tour,
        illegal=error,
        bad_json=error,
        bad_option=error,
        bad_args=error,
        bad_text=(error,),
    )


@pytest.fixture(params=["engine", "reference"])
def impl(request: pytest.FixtureRequest) -> Impl:
    return engine() if request.param == "engine" else reference()


# --------------------------------------------------------------------------- game helpers


def js(game: Any) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(game.to_json())
    return parsed


def legal(game: Any) -> list[str]:
    return [str(action) for action in game.legal_actions()]


def legal_ids(game: Any) -> list[int]:
    return [action.id for action in game.legal_actions()]


def play(game: Any, texts: str) -> None:
    for text in texts.split():
        game.apply(text)


def assert_refused(impl: Impl, game: Any, text: str) -> None:
    before = game.to_json()
    with pytest.raises(impl.illegal):
        game.apply(text)
    assert game.to_json() == before


@dataclass(frozen=True)
class Deal:
    """A hand-made deal: the four hands (10 cards each), the 12-card talon, the dealer."""

    hands: tuple[str, str, str, str]
    talon: str
    dealer: int

    def hand(self, seat: int) -> list[str]:
        return sort_hand(cards(self.hands[seat]))


def build(
    deal: Deal,
    bids: Sequence[str | None],
    *,
    kind: str | None = None,
    single_deal: bool = True,
    masked: bool = False,
    twenty_five: bool = False,
) -> dict[str, Any]:
    """The state JSON of Tour 1 before its first card: in "bid" while a bid is missing
    (the bids made are those of the first seats from the dealer's left), else in "play"."""
    hands = [deal.hand(seat) for seat in range(4)]
    talon = cards(deal.talon)
    assert all(len(hand) == 10 for hand in hands)
    assert len(talon) == 12
    assert sorted(talon + [c for hand in hands for c in hand], key=card_id) == DECK52
    order = [(deal.dealer + 1 + i) % 4 for i in range(4)]
    made = [bids[seat] for seat in order if bids[seat] is not None]
    assert [bids[seat] for seat in order[: len(made)]] == made, "bids go from the dealer's left"
    phase = "play" if len(made) == 4 else "bid"
    return {
        "game": "julien",
        "version": 1,
        "options": {
            "single_deal": single_deal,
            "tour_kind": kind,
            "masked_talon": masked,
            "twenty_five_every_tour": twenty_five,
            "first_dealer": None,
        },
        "rng": RNG,
        "phase": phase,
        "tour": 1,
        "tour_kind": kind or "normal",
        "dealer": deal.dealer,
        "talon": talon,
        "bids": list(bids),
        "hands": hands,
        "trump": talon[0][-1] if phase == "play" else None,
        "trick_leader": (deal.dealer + 1) % 4,
        "trick": [],
        "tricks": [],
        "specials_holder": None,
        "tour_scores": [],
        "finished_tours": [],
        "history": made,
    }


def trick_record(
    leader: int, plays: str, winner: int, next_leader: int, taken: bool | None = False
) -> dict[str, Any]:
    texts = plays.split()
    seats = [(leader + i) % 4 for i in range(4)]
    return {
        "leader": leader,
        "cards": [[seat, text] for seat, text in zip(seats, texts, strict=True)],
        "winner": winner,
        "next_leader": next_leader,
        "taken": taken,
    }


def scores_from_record(impl: Impl, record: Mapping[str, Any]) -> list[int]:
    """Each seat's Tour score from a Tour's public record, through the scoring function:
    its tricks' cards, the trump cards it took, the specials if it won trick 10."""
    talon = record["talon"]
    result = []
    for seat in range(4):
        won = [(i, trick) for i, trick in enumerate(record["tricks"]) if trick["winner"] == seat]
        collected = [text for _i, trick in won for _seat, text in trick["cards"]]
        taken = [talon[i] for i, trick in won if trick["taken"]]
        specials = talon[10:12] if record["specials_holder"] == seat else []
        result.append(
            impl.score(record["bids"][seat], collected, taken, specials, record["tour_kind"])
        )
    return result


def letter(suit: Any) -> str:
    return str(getattr(suit, "letter", suit))


# ----------------------------------------------------------------------- the seed's worked examples


# -27- "5 Noires", collected KS JS AH AC 10C 8C JD. Seven cards are no end of Tour
# (collected comes in tricks of 4), so the example's pile is reached with an eighth
# trick card 2H and the special 2S, which cancel each other; the other special 3D
# is best left out. Subsets, S-H and C-D:
#   {2S}: S 3 (KS JS 2S) - H 2 (AH 2H) = 1; C 3 (AC 10C 8C) - D 1 (JD) = 2 -> own 3 < 5 -> -2
#   {}: 2-2 = 0; 3-1 = 2 -> own 2 -> -3.  {3D}: 0; 3-2 = 1 -> own 1 -> -4.
#   {2S, 3D}: 1; 1 -> own 2 -> -3.  Best: -2, the example's "chute de 2 points".
def test_seed_example_27(impl: Impl) -> None:
    collected = cards("KS JS AH AC 10C 8C JD 2H")
    assert impl.score("5 Noires", collected, [], ["2S", "3D"], "normal") == -2


@pytest.mark.parametrize(
    ("bid", "collected", "expected"),
    [
        # 9 hearts + 3 diamonds, nothing to eliminate: own 12, opp 0.
        # 10 Rouges: 10 <= 12 < 15 -> +12 (-18- stands over the example's "chute").
        pytest.param("10 Rouges", "2H-10H 2D 3D 4D", 12, id="10-rouges-plain"),
        # 5 Rouges: 12 >= 5 + 5 -> overshoot -> -12.
        pytest.param("5 Rouges", "2H-10H 2D 3D 4D", -12, id="5-rouges-plain"),
        # 11 hearts, 3 diamonds, 2 spades: rS = 2 - 11 = -9 -> 9 hearts remain, rC = -3 ->
        # 3 diamonds: the example's "9 coeurs et 3 carreaux", own 12 -> +12 on 10 Rouges.
        pytest.param("10 Rouges", "2H-QH 2D 3D 4D 2S 3S", 12, id="10-rouges-eliminated"),
        # The same 12 on 5 Rouges: overshoot -> -12.
        pytest.param("5 Rouges", "2H-QH 2D 3D 4D 2S 3S", -12, id="5-rouges-eliminated"),
    ],
)
def test_seed_example_28(impl: Impl, bid: str, collected: str, expected: int) -> None:
    assert impl.score(bid, cards(collected), [], [], "normal") == expected


# -29- "10 Noires", collected 6C 2D 9H 5H: rC = 1 - 1 = 0 (6C with 2D); rS = 0 - 2 -> opp 2,
# own 0: -(opp + x) = -(2 + 10) = -12.
def test_seed_example_29(impl: Impl) -> None:
    assert impl.score("10 Noires", cards("6C 2D 9H 5H"), [], [], "normal") == -12


@pytest.mark.parametrize(
    ("bid", "tour_kind", "expected"),
    [
        # -31-: no card collected: -(20 + x).
        ("5 Rouges", "normal", -25),
        ("10 Noires", "normal", -30),
        ("15 Rouges", "normal", -35),
        ("20 Noires", "normal", -40),
        ("25 Rouges", "speco", -45),  # 25 is a bid of the special Tours
        ("25 Noires", "superspec", -45),
    ],
)
def test_seed_example_31_no_card(impl: Impl, bid: str, tour_kind: str, expected: int) -> None:
    assert impl.score(bid, [], [], [], tour_kind) == expected


# ------------------------------------------------------------------------ scoring, branch by branch

SCORE_CASES = [
    # ---- Couleur simple (-19- to -21-, J11)
    # Rouge, 4 red cards, no black: +20 + 4 = 24.
    pytest.param("Rouge", "2H 3H 4D 5D", "", "", "normal", 24, id="rouge-made"),
    # Noir, 8 black cards: +20 + 8 = 28.
    pytest.param("Noir", "2S 3S 6S 7S 4C 5C 8C 9C", "", "", "normal", 28, id="noir-made"),
    # Rouge with one black card (4S): failed, -opp = -1.
    pytest.param("Rouge", "2H 3H 4S 5D", "", "", "normal", -1, id="rouge-failed"),
    # Rouge with 2 spades among 6 hearts: no cancelling in a simple contract (-26-): -2.
    pytest.param("Rouge", "2H-7H 2S 3S", "", "", "normal", -2, id="rouge-no-cancelling"),
    # Noir with 2H 3D among blacks: -2.
    pytest.param("Noir", "2S 3S 2H 3D 4C-7C", "", "", "normal", -2, id="noir-failed"),
    # No trick at all (-21-): -20.
    pytest.param("Rouge", "", "", "", "normal", -20, id="rouge-no-trick"),
    pytest.param("Noir", "", "", "", "speco", -20, id="noir-no-trick-speco"),
    # Speco (D1): a taken AH weighs 30: own 4 + 30 = 34 -> 20 + 34 = 54.
    pytest.param("Rouge", "2H 3H 4D 5D", "AH", "", "speco", 54, id="rouge-speco-taken-red"),
    # Speco: a taken KS weighs 15: opp 15 -> -15.
    pytest.param("Rouge", "2H 3H 4D 5D", "KS", "", "speco", -15, id="rouge-speco-taken-black"),
    # Superspec, no specials held: taken QD 12 -> own 4 + 12 = 16 -> 20 + 16 = 36.
    pytest.param("Rouge", "2H 3H 4D 5D", "QD", "", "superspec", 36, id="rouge-superspec"),
    # ---- Couleur chiffree (-22- to -31-, J13-J15), normal Tours: every card weighs 1
    # 6 hearts, 2 clubs: own 6 (rS = -6), opp 2 (rC = 2); 6 < 10 no overshoot: -(2 + 5) = -7.
    pytest.param("5 Rouges", "2H-7H 2C 3C", "", "", "normal", -7, id="opp-no-overshoot"),
    # 10 hearts, 2 clubs: own 10, opp 2; 10 >= 10 overshoot: -(2 + 5) - 10 = -17.
    pytest.param("5 Rouges", "2H-JH 2C 3C", "", "", "normal", -17, id="opp-and-overshoot"),
    # 7 spades, 1 heart: own 6 < 10: -(10 - 6) = -4.
    pytest.param("10 Noires", "2S-8S 2H", "", "", "normal", -4, id="short"),
    # 13 spades, 7 clubs: own 20 >= 15 + 5: overshoot, -20.
    pytest.param("15 Noires", "2S-AS 2C-8C", "", "", "normal", -20, id="overshoot"),
    # 13 hearts, 3 diamonds: own 16, 15 <= 16 < 20: +16.
    pytest.param("15 Rouges", "2H-AH 2D 3D 4D", "", "", "normal", 16, id="made"),
    # 13 hearts, 7 diamonds: own 20 = x: +20.
    pytest.param("20 Rouges", "2H-AH 2D-8D", "", "", "normal", 20, id="20-at-x"),
    # 13 hearts, 11 diamonds: own 24 = x + 4: +24.
    pytest.param("20 Rouges", "2H-AH 2D-QD", "", "", "normal", 24, id="20-at-x+4"),
    # The window of 10 Noires: 8 spades, own 8: -(10 - 8) = -2.
    pytest.param("10 Noires", "2S-9S", "", "", "normal", -2, id="10-own-8"),
    # 11 spades, 1 heart: own 10 = x: +10.
    pytest.param("10 Noires", "2S-QS 2H", "", "", "normal", 10, id="10-at-x"),
    # 13 spades, 1 heart, 2 clubs: own 12 + 2 = 14 = x + 4: +14.
    pytest.param("10 Noires", "2S-AS 2H 2C 3C", "", "", "normal", 14, id="10-at-x+4"),
    # 13 spades, 3 clubs: own 16 > x + 5: -16.
    pytest.param("10 Noires", "2S-AS 2C 3C 4C", "", "", "normal", -16, id="10-own-16"),
    # Speco edges of 5 Noires, from trick cards 2S 3S 4S 2H (rS = 2) and one taken club:
    # taken 2C (2): own 4 < 5: -1.
    pytest.param("5 Noires", "2S 3S 4S 2H", "2C", "", "speco", -1, id="5-own-4"),
    # taken 3C (3): own 5 = x: +5.
    pytest.param("5 Noires", "2S 3S 4S 2H", "3C", "", "speco", 5, id="5-at-x"),
    # taken 7C (7): own 9 = x + 4: +9.
    pytest.param("5 Noires", "2S 3S 4S 2H", "7C", "", "speco", 9, id="5-at-x+4"),
    # taken 8C (8): own 10 = x + 5: overshoot, -10.
    pytest.param("5 Noires", "2S 3S 4S 2H", "8C", "", "speco", -10, id="5-at-x+5"),
    # ---- 25 never overshoots (J15). Speco, 13 spades, 3 clubs, taken AC (30):
    # own 13 + 3 + 30 = 46, opp 0: on 25 Noires +46 ...
    pytest.param("25 Noires", "2S-AS 2C 3C 4C", "AC", "", "speco", 46, id="25-made-46"),
    # ... and on 20 Noires 46 >= 25 overshoots: -46.
    pytest.param("20 Noires", "2S-AS 2C 3C 4C", "AC", "", "speco", -46, id="20-overshoot-46"),
    # Taken AC and AH: rS = 13 - 30 = -17 -> opp 17; rC = 3 + 30 = 33 -> own 33.
    # 25 Noires: -(17 + 25) = -42, no overshoot term.
    pytest.param("25 Noires", "2S-AS 2C 3C 4C", "AC AH", "", "speco", -42, id="25-opp"),
    # 20 Noires: 33 >= 25 overshoots: -(17 + 20) - 33 = -70.
    pytest.param("20 Noires", "2S-AS 2C 3C 4C", "AC AH", "", "speco", -70, id="20-opp-overshoot"),
    # ---- Elimination pairs spades with hearts, clubs with diamonds (-24-)
    # 10 hearts, 2 clubs: clubs cannot cancel hearts: own 10, opp 2 -> -(2 + 10) = -12.
    pytest.param("10 Rouges", "2H-JH 2C 3C", "", "", "normal", -12, id="hearts-vs-clubs"),
    # 10 hearts, 2 spades: rS = 2 - 10 = -8: own 8 < 10 -> -2.
    pytest.param("10 Rouges", "2H-JH 2S 3S", "", "", "normal", -2, id="hearts-vs-spades"),
    # 10 clubs, 2 diamonds: rC = 8: own 8 -> -2.
    pytest.param("10 Noires", "2C-JC 2D 3D", "", "", "normal", -2, id="clubs-vs-diamonds"),
    # 10 clubs, 2 hearts: own 10, opp 2 -> -12.
    pytest.param("10 Noires", "2C-JC 2H 3H", "", "", "normal", -12, id="clubs-vs-hearts"),
    # Normal Tour, card for card (-25-): 13 spades vs AH, 2C vs AD: rS = 12, rC = 0 -> +12.
    pytest.param("10 Noires", "2S-AS 2C AD AH", "", "", "normal", 12, id="card-for-card"),
    # Speco, weight for weight (-43-, -45-): 9 spades, 5 clubs, 2 hearts, taken 4D (4):
    # rS = 9 - 2 = 7; rC = 5 - 4 = 1 -> own 8 < 10 -> -2 (card for card would be 7 + 4 = 11).
    pytest.param("10 Noires", "2S-10S 2C-6C 2H 3H", "4D", "", "speco", -2, id="weight-4D"),
    # Speco, taken trumps cancel each other (-44-): 11 spades, 1 heart; taken KC 15, QD 12:
    # rS = 10; rC = 15 - 12 = 3 -> own 13, 10 <= 13 < 15 -> +13.
    pytest.param("10 Noires", "2S-QS 2H", "KC QD", "", "speco", 13, id="taken-vs-taken"),
    # Speco, a taken trump against trick cards (-45-): 8 diamonds, 2 hearts, 2 clubs;
    # taken 3S (3): rS = 3 - 2 = 1 -> opp 1; rC = 2 - 8 -> own 6: -(1 + 5) = -6 ...
    pytest.param("5 Rouges", "2D-9D 2H 3H 2C 3C", "3S", "", "speco", -6, id="taken-3S"),
    # ... taken 2S (2): rS = 0; own 6, 5 <= 6 < 10 -> +6.
    pytest.param("5 Rouges", "2D-9D 2H 3H 2C 3C", "2S", "", "speco", 6, id="taken-2S"),
    # Superspec weights too (-50- sets -25- aside): 10 spades, 2 hearts, taken 2C:
    # rS = 8, rC = 2 -> own 10 -> +10.
    pytest.param("10 Noires", "2S-JS 2H 3H", "2C", "", "superspec", 10, id="superspec-weights"),
    # ---- The special cards, normal Tours and Speco: the best of the four subsets (J12, J16)
    # Rouge made, both specials red: +20 + 4 + 2 = 26.
    pytest.param("Rouge", "2H 3H 4D 5D", "", "6H 7D", "normal", 26, id="simple-two-own"),
    # Rouge made, 6H red and 7S black: 7S stays out: 20 + 4 + 1 = 25.
    pytest.param("Rouge", "2H 3H 4D 5D", "", "6H 7S", "normal", 25, id="simple-own-and-opp"),
    # Rouge failed on 4S: the specials change nothing: -1.
    pytest.param("Rouge", "2H 3H 4S 5D", "", "6H 7D", "normal", -1, id="simple-failed"),
    # Speco: AH weighs 30, 9S stays out: 20 + 4 + 30 = 54.
    pytest.param("Rouge", "2H 3H 4D 5D", "", "AH 9S", "speco", 54, id="simple-speco"),
    # 10 Noires, own 14 (13 spades - 1 heart + 2 clubs) = +14. With 4C: 15 -> -15;
    # with both: 16 -> -16. Leaving both specials out is best: +14.
    pytest.param("10 Noires", "2S-AS 2H 2C 3C", "", "4C 5C", "normal", 14, id="leave-out-both"),
    # 5 Noires, 11 spades 1 heart: own 10 -> -10 alone. {3H}: 11 - 2 = 9 -> +9 (an opposite
    # special eliminates a spade); {KS}: 11 -> -11; {3H, KS}: 10 -> -10. Best +9.
    pytest.param("5 Noires", "2S-QS 2H", "", "3H KS", "normal", 9, id="opp-special-completes"),
    # 10 Noires, 13 spades 3 clubs: own 16 -> -16. {2H}: 12 + 3 = 15 -> -15; {2D}: 13 + 2 = 15
    # -> -15; {2H, 2D}: 12 + 2 = 14 -> +14. Best: both opposite specials, +14.
    pytest.param("10 Noires", "2S-AS 2C 3C 4C", "", "2H 2D", "normal", 14, id="two-opp-specials"),
    # 5 Noires, 7 spades 1 diamond: own 7, opp 1 -> -(1 + 5) = -6. {2C}: rC = 0 -> +7;
    # {9H}: own 6, opp 1 -> -6; {2C, 9H}: own 6 -> +6. Best +7.
    pytest.param("5 Noires", "2S-8S 2D", "", "2C 9H", "normal", 7, id="own-special-cancels"),
    # Speco 10 Rouges, 4 hearts: own 4 -> -6. {6D}: 4 + 6 = 10 -> +10; {AS}: rS = 30 - 4 = 26
    # -> opp 26 -> -36; {6D, AS}: -(26 + 10) = -36. Best +10.
    pytest.param("10 Rouges", "2H-5H", "", "6D AS", "speco", 10, id="speco-own-special"),
    # Speco 10 Rouges, 8 hearts: -2 alone; {AD}: 38 -> overshoot -38; {2D}: 10 -> +10;
    # {AD, 2D}: 40 -> -40. Best: 2D in, AD out, +10.
    pytest.param("10 Rouges", "2H-9H", "", "AD 2D", "speco", 10, id="speco-leave-out-ace"),
    # ---- The Superspec: both specials forced in at -43- values (J20)
    # Rouge, taken 6H, specials 7D and KS: KS fails the contract: opp 15 -> -15.
    pytest.param("Rouge", "2H 3H 4D 5D", "6H", "7D KS", "superspec", -15, id="forced-opp-simple"),
    # The same in the Speco: KS stays out: own 4 + 6 + 7 = 17 -> 20 + 17 = 37.
    pytest.param("Rouge", "2H 3H 4D 5D", "6H", "7D KS", "speco", 37, id="speco-opp-out"),
    # In a normal Tour (no taken trump): 20 + 4 + 1 (7D) = 25.
    pytest.param("Rouge", "2H 3H 4D 5D", "", "7D KS", "normal", 25, id="normal-opp-out"),
    # Superspec Rouge with red specials AH 30, 2D 2: own 4 + 6 + 30 + 2 = 42 -> 62.
    pytest.param("Rouge", "2H 3H 4D 5D", "6H", "AH 2D", "superspec", 62, id="forced-own-simple"),
    # Superspec 10 Noires, 8 spades, taken 2C, specials AC 2D forced: rS = 8;
    # rC = 2 + 30 - 2 = 30 -> own 38 >= 15: overshoot, -38.
    pytest.param("10 Noires", "2S-9S", "2C", "AC 2D", "superspec", -38, id="forced-overshoot"),
    # The same in the Speco: {} own 8 + 2 = 10 -> +10; {2D}: 8 -> -2; {AC}: 40 -> -40;
    # {AC, 2D}: 38 -> -38. Best +10.
    pytest.param("10 Noires", "2S-9S", "2C", "AC 2D", "speco", 10, id="speco-chooses"),
    # The whole deck (Superspec): trick cards 2..J of each suit (10 each), taken Q K of each
    # suit and AS AH, specials AD AC. S = 10 + 12 + 15 + 30 = 67 = H; D = 10 + 27 + 30 = 67 = C.
    # 25 Noires: own 0 < 25: -25.
    pytest.param(
        "25 Noires",
        "2S-JS 2H-JH 2D-JD 2C-JC",
        "QS KS AS QH KH AH QD KD QC KC",
        "AD AC",
        "superspec",
        -25,
        id="whole-deck-25",
    ),
    # Noir: red weight 67 + 67 = 134: -134.
    pytest.param(
        "Noir",
        "2S-JS 2H-JH 2D-JD 2C-JC",
        "QS KS AS QH KH AH QD KD QC KC",
        "AD AC",
        "superspec",
        -134,
        id="whole-deck-noir",
    ),
]


@pytest.mark.parametrize(
    ("bid", "collected", "taken", "specials", "tour_kind", "expected"), SCORE_CASES
)
def test_score(
    impl: Impl,
    bid: str,
    collected: str,
    taken: str,
    specials: str,
    tour_kind: str,
    expected: int,
) -> None:
    assert impl.score(bid, cards(collected), cards(taken), cards(specials), tour_kind) == expected


def test_bid_text_ignores_letter_case(impl: Impl) -> None:
    # Bids are parsed like action texts, ignoring case: 11 spades 1 heart, own 10 -> +10.
    assert impl.score("10 noires", cards("2S-QS 2H")) == 10
    assert impl.score("ROUGE", cards("2H 3H 4D 5D")) == 24


# --------------------------------------------------------------------------- argument validation

BAD_ARGUMENTS = [
    # (bid, collected, taken, specials, tour_kind, names one of which the engine's error names)
    pytest.param("Rouge", "2H 3H 4H 2H", "", "", "normal", (), id="twice-in-collected"),
    pytest.param("Rouge", "2H 3H 4H 5H", "2H", "", "speco", (), id="collected-and-taken"),
    pytest.param("Rouge", "2H 3H 4H 5H", "", "5H", "normal", (), id="collected-and-special"),
    pytest.param("Rouge", "2H-9H", "AS", "AS", "speco", (), id="taken-and-special"),
    pytest.param("Rouge", "2H 3H", "", "", "normal", ("collected",), id="collected-2"),
    pytest.param(
        "5 Noires", "KS JS AH AC 10C 8C JD", "", "", "normal", ("collected",), id="seed-27-7-cards"
    ),
    pytest.param(
        "Rouge",
        "2S-JS 2H-JH 2D-JD 2C-JC QS KS AS QH",
        "",
        "",
        "normal",
        ("collected",),
        id="44-cards",
    ),
    pytest.param(
        "Rouge", "2H-5H", "AS", "", "normal", ("taken", "tour_kind"), id="taken-in-normal-tour"
    ),
    pytest.param("Rouge", "2H-5H", "AS KS", "", "speco", ("taken",), id="2-taken-1-trick"),
    pytest.param("Rouge", "2H-9H", "AS KS AC", "", "superspec", ("taken",), id="3-taken-2-tricks"),
    pytest.param("Rouge", "", "AS", "", "speco", ("taken", "collected"), id="taken-no-trick"),
    pytest.param("Rouge", "2H-5H", "", "AS KS QS", "normal", ("specials",), id="3-specials"),
    pytest.param(
        "Rouge", "", "", "AS AH", "normal", ("specials", "collected"), id="specials-no-trick"
    ),
    pytest.param("Rouge", "2H-5H", "", "", "Normal ", ("tour_kind",), id="tour-kind-space"),
    pytest.param("Rouge", "2H-5H", "", "", "special", ("tour_kind",), id="tour-kind-special"),
    pytest.param("Rouge", "2H-5H", "", "", "", ("tour_kind",), id="tour-kind-empty"),
]


@pytest.mark.parametrize(
    ("bid", "collected", "taken", "specials", "tour_kind", "names"), BAD_ARGUMENTS
)
def test_score_rejects_inconsistent_arguments(
    impl: Impl,
    bid: str,
    collected: str,
    taken: str,
    specials: str,
    tour_kind: str,
    names: tuple[str, ...],
) -> None:
    with pytest.raises(impl.bad_args) as caught:
        impl.score(bid, cards(collected), cards(taken), cards(specials), tour_kind)
    if impl.name == "engine" and names:
        message = str(caught.value)
        assert any(name in message for name in names), message


@pytest.mark.parametrize(
    ("collected", "taken", "specials"),
    [
        pytest.param(["1H", "2H", "3H", "4H"], [], [], id="1H"),
        pytest.param(["QX", "2H", "3H", "4H"], [], [], id="QX"),
        pytest.param(["CD", "2H", "3H", "4H"], [], [], id="knight-not-in-52"),
        pytest.param(["2H", "3H", "4H", "5H"], ["1T"], [], id="trump-in-taken"),
        pytest.param(["2H", "3H", "4H", "5H"], [], ["JK"], id="joker-special"),
    ],
)
def test_score_rejects_bad_card_texts(
    impl: Impl, collected: list[str], taken: list[str], specials: list[str]
) -> None:
    kind = "speco" if taken else "normal"
    with pytest.raises(impl.bad_text):
        impl.score("Rouge", collected, taken, specials, kind)


@pytest.mark.parametrize(
    "bid",
    ["Rouges", "7 Rouges", "30 Noires", "10  Rouges", "5Rouges", ""],
)
def test_score_rejects_bad_bid_texts(impl: Impl, bid: str) -> None:
    with pytest.raises(impl.bad_text):
        impl.score(bid, cards("2H-5H"), [], [], "normal")


# --------------------------------------------------------------------------- dealing and bidding


@pytest.mark.parametrize(
    ("seed", "first_dealer", "options"),
    [
        (0, 0, {}),
        (42, 2, {}),
        (7, None, {}),
        (2**63 + 5, None, {"single_deal": True, "tour_kind": "speco"}),
    ],
)
def test_first_deal(
    impl: Impl, seed: int, first_dealer: int | None, options: dict[str, Any]
) -> None:
    """J6, J8: the dealer drawn with below(4) before the shuffle unless first_dealer names it;
    talon = deck positions 0-11, then one card at a time from the dealer's left."""
    game = impl.new_game(seed=seed, first_dealer=first_dealer, **options)
    rng = SplitMix(seed)
    dealer = rng.below(4) if first_dealer is None else first_dealer
    talon, hands = expected_deal(rng, dealer)
    parsed = js(game)
    assert parsed["dealer"] == dealer
    assert parsed["talon"] == talon
    assert parsed["hands"] == hands
    assert parsed["rng"] == rng.state
    assert parsed["tour"] == 1
    assert parsed["tour_kind"] == options.get("tour_kind", "normal")
    assert parsed["phase"] == "bid"
    assert game.phase == "bid"
    assert game.current_player == (dealer + 1) % 4
    assert parsed["trick_leader"] == (dealer + 1) % 4
    assert parsed["bids"] == [None, None, None, None]
    assert parsed["trump"] is None
    assert parsed["history"] == []


@pytest.mark.parametrize("first_dealer", [0, 1, 2, 3])
def test_bidding_goes_once_round_from_the_dealers_left(impl: Impl, first_dealer: int) -> None:
    game = impl.new_game(seed=11, first_dealer=first_dealer)
    texts = ["Noir", "10 Rouges", "Noir", "5 Noires"]  # two seats may make the same bid (J7)
    for i, text in enumerate(texts):
        seat = (first_dealer + 1 + i) % 4
        assert game.phase == "bid"
        assert game.current_player == seat
        actions = game.legal_actions()
        assert [action.id for action in actions] == NORMAL_BID_IDS
        assert [str(action) for action in actions] == [BID_TEXTS[n - 52] for n in NORMAL_BID_IDS]
        assert {action.kind for action in actions} == {"bid"}
        assert all(action.card is None for action in actions)
        game.apply(text)
        assert js(game)["bids"][seat] == text
    parsed = js(game)
    expected_bids: list[str | None] = [None] * 4
    for i, text in enumerate(texts):
        expected_bids[(first_dealer + 1 + i) % 4] = text
    assert parsed["bids"] == expected_bids
    assert parsed["history"] == texts
    assert [str(action) for action in game.history] == texts
    assert game.phase == "play"
    assert parsed["phase"] == "play"
    assert game.current_player == (first_dealer + 1) % 4  # -8-: the dealer's left leads
    assert parsed["trick_leader"] == (first_dealer + 1) % 4
    assert parsed["trump"] == parsed["talon"][0][-1]
    leader_hand = parsed["hands"][(first_dealer + 1) % 4]
    assert legal(game) == leader_hand  # any card may lead; ids follow face order


def test_bid_texts_ignore_letter_case(impl: Impl) -> None:
    game = impl.new_game(seed=4, first_dealer=1)
    play_bids = ["rouge", "10 NOIRES", "5 rouges", "nOiR"]
    for text in play_bids:
        game.apply(text)
    # first_dealer 1: seats 2, 3, 0, 1 bid in that order.
    assert js(game)["bids"] == ["5 Rouges", "Noir", "Rouge", "10 Noires"]
    assert js(game)["history"] == ["Rouge", "10 Noires", "5 Rouges", "Noir"]


@pytest.mark.parametrize(
    ("options", "allowed"),
    [
        ({}, False),
        ({"single_deal": True, "tour_kind": "normal"}, False),
        ({"twenty_five_every_tour": True}, True),
        ({"single_deal": True, "tour_kind": "speco"}, True),
        ({"single_deal": True, "tour_kind": "superspec"}, True),
    ],
)
def test_25_only_in_the_special_tours(impl: Impl, options: dict[str, Any], allowed: bool) -> None:
    """J10: 25 Rouges / 25 Noires in the Speco and the Superspec, or with the option."""
    game = impl.new_game(seed=9, first_dealer=0, **options)
    assert legal_ids(game) == (ALL_BID_IDS if allowed else NORMAL_BID_IDS)
    if allowed:
        game.apply("25 Noires")
        game.apply("25 Rouges")
        assert js(game)["bids"] == [None, "25 Noires", "25 Rouges", None]
    else:
        assert_refused(impl, game, "25 Noires")
        assert_refused(impl, game, "25 Rouges")
        game.apply("20 Noires")
        assert js(game)["bids"] == [None, "20 Noires", None, None]


@pytest.mark.parametrize(
    "options",
    [
        {"tour_kind": "speco"},
        {"tour_kind": "normal"},
        {"single_deal": False, "tour_kind": "speco"},
        {"single_deal": True, "tour_kind": "bogus"},
    ],
)
def test_tour_kind_needs_single_deal(impl: Impl, options: dict[str, Any]) -> None:
    with pytest.raises(impl.bad_option):
        impl.new_game(seed=1, **options)


@pytest.mark.parametrize("kind", ["normal", "speco", "superspec"])
def test_single_deal_tour_kind(impl: Impl, kind: str) -> None:
    game = impl.new_game(seed=1, single_deal=True, tour_kind=kind, first_dealer=2)
    parsed = js(game)
    assert parsed["tour"] == 1
    assert parsed["tour_kind"] == kind
    assert parsed["options"] == {
        "single_deal": True,
        "tour_kind": kind,
        "masked_talon": False,
        "twenty_five_every_tour": False,
        "first_dealer": 2,
    }
    assert game.options == parsed["options"]


# ---------------------------------------------------------------- play: following, winning, leading

# -5-'s deal. Dealer 3: seat 0 leads. Seat 2 holds no club. The talon holds 2S-7S and 2H-7H.
DEAL_A = Deal(
    hands=(
        "2C 3C 10C JC JS QS 8H 9H 6D 7D",
        "5C 6C KC AC KS AS 10H JH 8D 9D",
        "QH KH AH 8S 9S 10S 2D 3D 4D 5D",
        "4C 7C 8C 9C QC 10D JD QD KD AD",
    ),
    talon="2S 2H 3S 3H 4S 4H 5S 5H 6S 6H 7S 7H",
    dealer=3,
)
TALON_A_HEARTS = "2H 2S 3S 3H 4S 4H 5S 5H 6S 6H 7S 7H"  # the same cards, hearts trump first
BIDS_A: list[str | None] = ["Noir", "5 Rouges", "Rouge", "10 Noires"]


@pytest.mark.parametrize(
    ("talon", "winner"),
    [
        # Spades trump: no spade played, the highest club KC (seat 1) wins.
        pytest.param(DEAL_A.talon, 1, id="spades-trump"),
        # Hearts trump: the discarded QH is the only trump, seat 2 wins.
        pytest.param(TALON_A_HEARTS, 2, id="hearts-trump"),
    ],
)
def test_seed_example_5_next_leader(impl: Impl, talon: str, winner: int) -> None:
    deal = Deal(DEAL_A.hands, talon, DEAL_A.dealer)
    game = impl.from_json(build(deal, BIDS_A))
    assert game.phase == "play"
    assert game.current_player == 0
    assert js(game)["trump"] == talon.split()[0][-1]
    play(game, "10C")
    assert legal(game) == ["5C", "6C", "KC", "AC"]  # -1-: follow suit
    assert_refused(impl, game, "KS")
    play(game, "KC")
    assert legal(game) == deal.hand(2)  # -2-: void in clubs, any card
    play(game, "QH")
    assert legal(game) == ["4C", "7C", "8C", "9C", "QC"]
    play(game, "4C")
    parsed = js(game)
    # -5-, J4: 4C is the lowest club: the fourth player (seat 3) leads next.
    assert parsed["tricks"] == [trick_record(0, "10C KC QH 4C", winner, 3)]
    assert parsed["trick_leader"] == 3
    assert parsed["trick"] == []
    assert game.current_player == 3
    assert parsed["phase"] == "play"
    assert parsed["trump"] == talon.split()[1][-1]  # trick 2 takes talon card 2
    assert parsed["hands"][3] == sort_hand(cards("7C 8C 9C QC 10D JD QD KD AD"))
    assert legal(game) == parsed["hands"][3]
    assert game.observation(0).to_dict()["hand_sizes"] == [9, 9, 9, 9]


# Seat 0 alone holds diamonds (QD KD AD); the talon holds the other diamonds.
DEAL_C = Deal(
    hands=(
        "QD KD AD 3S 4S 5S 7S 2C 3C 4C",
        "3H 4H 9H 6S 8S 9S 5C 6C 7C 8C",
        "6H 7H 8H 10S JS QS 9C 10C JC QC",
        "5H 10H JH QH KH AH KS AS KC AC",
    ),
    talon="2H 2S 2D 3D 4D 5D 6D 7D 8D 9D 10D JD",
    dealer=3,
)


def test_leading_trumping_and_the_next_leader(impl: Impl) -> None:
    game = impl.from_json(build(DEAL_C, ["Rouge", "Noir", "5 Noires", "5 Rouges"]))
    # Trick 1, hearts trump: AD led; seat 1 trumps 9H (no duty to, -3-), seat 2 discards,
    # seat 3 undertrumps with 5H (-4-). 9H wins; AD, the only diamond, is the lowest of the
    # led suit: the leader leads again (J4).
    play(game, "AD")
    assert legal(game) == DEAL_C.hand(1)
    play(game, "9H 10S")
    assert legal(game) == DEAL_C.hand(3)
    play(game, "5H")
    assert js(game)["tricks"][0] == trick_record(0, "AD 9H 10S 5H", 1, 0)
    assert game.current_player == 0
    assert js(game)["trump"] == "S"
    # Trick 2, spades trump, a trump lead: KS (seat 3) wins; 6S (seat 1) is the lowest trump.
    play(game, "7S")
    assert legal(game) == ["6S", "8S", "9S"]
    play(game, "6S")
    assert legal(game) == ["JS", "QS"]
    play(game, "JS")
    assert legal(game) == ["KS", "AS"]
    play(game, "KS")
    assert js(game)["tricks"][1] == trick_record(0, "7S 6S JS KS", 3, 1)
    assert game.current_player == 1
    assert js(game)["trump"] == "D"
    # Trick 3, diamonds trump: seat 0 holds trumps but must follow clubs (-1-).
    play(game, "5C 9C KC")
    assert legal(game) == ["2C", "3C", "4C"]
    assert_refused(impl, game, "QD")
    play(game, "2C")
    assert js(game)["tricks"][2] == trick_record(1, "5C 9C KC 2C", 3, 0)
    assert game.current_player == 0


def test_no_choice_outside_the_speco(impl: Impl) -> None:
    game = impl.from_json(build(DEAL_A, BIDS_A))
    play(game, "10C KC QH 4C")
    assert js(game)["tricks"][0]["taken"] is False
    assert game.phase == "play"
    assert TAKE_ID not in legal_ids(game)
    assert_refused(impl, game, "take")
    assert_refused(impl, game, "leave")


# ---------------------------------------------------------------- the Speco's choice, the Superspec


@pytest.mark.parametrize(("text", "taken"), [("TAKE", True), ("leave", False)])
def test_speco_choice_is_the_winners_action(impl: Impl, text: str, taken: bool) -> None:
    game = impl.from_json(build(DEAL_A, BIDS_A, kind="speco"))
    play(game, "10C KC QH 4C")
    parsed = js(game)
    # J18: KC (seat 1) won trick 1; it now chooses, before seat 3 leads.
    assert parsed["phase"] == "speco"
    assert game.phase == "speco"
    assert game.current_player == 1
    assert parsed["tricks"] == [trick_record(0, "10C KC QH 4C", 1, 3, None)]
    assert parsed["trump"] is None
    assert parsed["trick"] == []
    assert legal_ids(game) == [TAKE_ID, LEAVE_ID]
    assert legal(game) == ["take", "leave"]
    assert [action.kind for action in game.legal_actions()] == ["take", "leave"]
    assert all(action.card is None for action in game.legal_actions())
    assert_refused(impl, game, "7C")  # seat 3 may not lead yet
    game.apply(text)
    parsed = js(game)
    assert parsed["tricks"][0]["taken"] is taken
    assert parsed["phase"] == "play"
    assert game.current_player == 3
    assert parsed["trump"] == "H"  # talon card 2
    assert parsed["history"][-1] == ("take" if taken else "leave")
    assert parsed["history"][-5:-1] == ["10C", "KC", "QH", "4C"]
    assert game.observation(2).to_dict()["tricks"][0]["taken"] is taken  # public (J23)
    assert_refused(impl, game, "take")


def test_superspec_winner_always_takes(impl: Impl) -> None:
    game = impl.from_json(build(DEAL_A, BIDS_A, kind="superspec"))
    play(game, "10C KC QH 4C")
    parsed = js(game)
    assert parsed["phase"] == "play"
    assert parsed["tricks"] == [trick_record(0, "10C KC QH 4C", 1, 3, True)]
    assert game.current_player == 3
    assert TAKE_ID not in legal_ids(game)
    assert_refused(impl, game, "take")
    assert_refused(impl, game, "leave")
    assert parsed["history"][-1] == "4C"


# ---------------------------------------------------------------------- whole Tours, scored by hand

# Each seat holds one suit: seat 0 spades, 1 hearts, 2 diamonds, 3 clubs, ranks 2 to J. Dealer 3:
# seat 0 leads a spade each trick, the others are void and play their own suit; seat 0, alone
# in spades, always leads next (J4). Trick i is won by the holder of talon card i's suit:
# S H D C S H D C S H -> seats 0 1 2 3 0 1 2 3 0 1. Seat 1 wins trick 10 and holds AD AC.
# Every trick holds one card of each suit: seats 0 and 1 collect 3 of each, seats 2, 3 two.
DEAL_B = Deal(
    hands=("2S-JS", "2H-JH", "2D-JD", "2C-JC"),
    talon="QS QH QD QC KS KH KD KC AS AH AD AC",
    dealer=3,
)
B_WINNERS = [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]


def b_trick(i: int) -> str:
    """Trick i (0-based) of DEAL_B: each seat plays its rank i + 2 card."""
    rank = RANKS[i]
    return f"{rank}S {rank}H {rank}D {rank}C"


# Normal Tour. Seat 0 Rouge: 12 cards, 6 black -> -6. Seat 1 5 Noires: trick cards cancel to
# 0; specials {AC}: rC = 1 -> own 1 -> -4 ({}: -5, {AD}: opp 1 -> -6, both: -5) -> -4.
# Seat 2 Noir: 8 cards, 4 red -> -4. Seat 3 10 Rouges: own 0 -> -10.
B_NORMAL = (["Rouge", "5 Noires", "Noir", "10 Rouges"], [None] * 10, [-6, -4, -4, -10])
# Speco, choices per trick take QS, take QH, leave QD, take QC, leave KS, leave KH, leave KD,
# leave KC, take AS, take AH.
# Seat 0 Noir: red 3 + 3 = 6 -> -6 (its taken QS AS are black).
# Seat 1 25 Rouges: H = 3 + QH 12 + AH 30 = 45, S = 3 -> own 42; D = C = 3. Specials:
# {AD}: rC = 3 - 33 -> own 72 -> +72 (25 never overshoots); {}: +42; {AC}: opp 30 -> -55;
# both: +42. Best +72.
# Seat 2 5 Noires: left both -> own 0 -> -5. Seat 3 Rouge: black 2 + 2 + QC 12 = 16 -> -16.
B_SPECO = (
    ["Noir", "25 Rouges", "5 Noires", "Rouge"],
    [True, True, False, True, False, False, False, False, True, True],
    [-6, 72, -5, -16],
)
# Superspec, every trump card taken, AD AC forced on seat 1.
# Seat 0 25 Noires: S = 3 + 12 + 15 + 30 = 60, H = 3 -> own 57, C = D = 3 -> +57.
# Seat 1 Rouge: black 3 + 3 + AC 30 = 36 -> -36.
# Seat 2 10 Rouges: D = 2 + 12 + 15 = 29, C = 2 -> own 27 >= 15 -> overshoot -27.
# Seat 3 25 Noires: C = 29, D = 2 -> own 27 -> +27.
B_SUPERSPEC = (["25 Noires", "Rouge", "10 Rouges", "25 Noires"], [True] * 10, [57, -36, -27, 27])


@pytest.mark.parametrize(
    ("kind", "bids", "taken", "expected"),
    [
        pytest.param("normal", *B_NORMAL, id="normal"),
        pytest.param("speco", *B_SPECO, id="speco"),
        pytest.param("superspec", *B_SUPERSPEC, id="superspec"),
    ],
)
def test_a_whole_tour(
    impl: Impl, kind: str, bids: list[str], taken: list[bool | None], expected: list[int]
) -> None:
    game = impl.from_json(build(DEAL_B, bids, kind=kind))
    talon = cards(DEAL_B.talon)
    for i in range(10):
        assert game.current_player == 0
        assert js(game)["trump"] == talon[i][-1]
        assert js(game)["specials_holder"] is None
        play(game, b_trick(i))
        if kind == "speco":
            assert game.phase == "speco"
            assert game.current_player == B_WINNERS[i]
            assert js(game)["specials_holder"] is None  # D2: the choice comes first
            game.apply("take" if taken[i] else "leave")
    parsed = js(game)
    expected_tricks = [
        trick_record(0, b_trick(i), B_WINNERS[i], 0, False if kind == "normal" else taken[i])
        for i in range(10)
    ]
    assert parsed["tricks"] == expected_tricks
    assert parsed["phase"] == "over"
    assert game.phase == "over"
    assert game.is_over
    assert game.current_player is None
    assert game.legal_actions() == []
    assert parsed["specials_holder"] == 1  # -33-: the winner of trick 10
    assert parsed["tour_scores"] == [expected]
    assert list(game.scores) == expected
    assert parsed["trick"] == []
    assert parsed["trick_leader"] == 0
    assert parsed["trump"] is None
    assert parsed["finished_tours"] == []
    assert parsed["hands"] == [[], [], [], []]
    assert game.observation(3).to_dict()["scores"] == expected
    assert scores_from_record(impl, parsed) == expected


def test_a_finished_tour_of_a_match_moves_to_finished_tours(impl: Impl) -> None:
    """The normal Tour of DEAL_B as Tour 1 of a match: Tour 2 is dealt at once by seat 0."""
    bids, _taken, expected = B_NORMAL
    game = impl.from_json(build(DEAL_B, bids, single_deal=False))
    for i in range(10):
        play(game, b_trick(i))
    parsed = js(game)
    assert not game.is_over
    assert parsed["tour"] == 2
    assert parsed["tour_kind"] == "normal"
    assert parsed["dealer"] == 0
    assert parsed["phase"] == "bid"
    assert game.current_player == 1
    assert parsed["tour_scores"] == [expected]
    assert list(game.scores) == expected
    talon, hands = expected_deal(SplitMix(RNG), 0)
    assert parsed["talon"] == talon
    assert parsed["hands"] == hands
    assert parsed["tricks"] == []
    assert parsed["bids"] == [None] * 4
    [record] = parsed["finished_tours"]
    assert record["tour"] == 1
    assert record["tour_kind"] == "normal"
    assert record["dealer"] == 3
    assert record["talon"] == cards(DEAL_B.talon)
    assert record["bids"] == bids
    assert record["specials_holder"] == 1
    assert [trick["winner"] for trick in record["tricks"]] == B_WINNERS
    assert game.observation(2).to_dict()["previous_tour"] == record
    assert len(parsed["history"]) == 44


# --------------------------------------------------------------------------- the masked talon


def shown(talon: Sequence[str], count: int) -> list[str | None]:
    if count >= 10:
        return list(talon)
    return [*talon[:count], *[None] * (12 - count)]


@pytest.mark.parametrize("kind", ["normal", "speco"])
def test_masked_talon_reveal_schedule(impl: Impl, kind: str) -> None:
    """-51- to -54-, J21, D5: talon card i shows when trick i begins; the specials with
    trick 10; in "speco" cards 1 to (completed tricks)."""
    bids: list[str | None] = [None] * 4
    game = impl.from_json(build(DEAL_B, bids, kind=kind, masked=True))
    talon = cards(DEAL_B.talon)
    assert js(game)["talon"] == talon  # the state itself holds the whole talon
    for seat in range(4):
        assert game.observation(seat).to_dict()["talon"] == [None] * 12  # -53-: bids made blind
    play(game, "Rouge Noir Rouge Noir")
    for i in range(10):
        assert game.observation(1).to_dict()["talon"] == shown(talon, i + 1)  # trick i + 1 begins
        first, *rest = b_trick(i).split()
        game.apply(first)
        assert game.observation(2).to_dict()["talon"] == shown(talon, i + 1)
        play(game, " ".join(rest))
        if kind == "speco":
            assert game.phase == "speco"
            assert game.observation(0).to_dict()["talon"] == shown(talon, i + 1)
            game.apply("leave")
    assert game.phase == "over"
    for seat in range(4):
        assert game.observation(seat).to_dict()["talon"] == talon


def test_open_talon_is_public_from_the_deal(impl: Impl) -> None:
    game = impl.from_json(build(DEAL_B, [None] * 4))
    for seat in range(4):
        assert game.observation(seat).to_dict()["talon"] == cards(DEAL_B.talon)


def test_observation_layout(impl: Impl) -> None:
    game = impl.from_json(build(DEAL_A, BIDS_A))
    play(game, "10C KC")
    parsed = js(game)
    shared = set(parsed) - {"rng", "hands", "history", "finished_tours"}
    for seat in range(4):
        observation = game.observation(seat).to_dict()
        assert set(observation) == shared | {
            "seat",
            "hand",
            "hand_sizes",
            "current_player",
            "scores",
            "previous_tour",
        }
        for key in shared:
            assert observation[key] == parsed[key], key
        assert observation["previous_tour"] is None  # Tour 1: none finished yet
        assert observation["seat"] == seat
        assert observation["hand"] == parsed["hands"][seat]
        assert observation["hand_sizes"] == [9, 9, 10, 10]
        assert observation["current_player"] == 2
        assert observation["scores"] == [0, 0, 0, 0]
    assert parsed["trick"] == [[0, "10C"], [1, "KC"]]


# --------------------------------------------------------------------------- from_json


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(state: dict[str, Any]) -> None:
        state[key] = value

    return change


def _option(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(state: dict[str, Any]) -> None:
        state["options"][key] = value

    return change


def _bid_25(state: dict[str, Any]) -> None:
    state["bids"][1] = "25 Rouges"
    state["history"][1] = "25 Rouges"


def _swap_with_talon(state: dict[str, Any]) -> None:
    state["hands"][0] = sort_hand([*state["hands"][0][1:], state["talon"][0]])


def _history_order(state: dict[str, Any]) -> None:
    state["history"] = list(reversed(state["history"]))


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(_bid_25, id="25-in-a-normal-tour"),
        pytest.param(_set("tour_kind", "speco"), id="kind-not-the-options"),
        pytest.param(_option("single_deal", False), id="kind-option-without-single-deal"),
        pytest.param(_set("trump", "H"), id="wrong-trump"),
        pytest.param(_set("trick_leader", 2), id="wrong-leader"),
        pytest.param(_set("phase", "speco"), id="speco-phase-in-normal"),
        pytest.param(_set("phase", "over"), id="over-without-tricks"),
        pytest.param(_set("tour", 2), id="tour-2-single-deal"),
        pytest.param(_swap_with_talon, id="card-twice"),
        pytest.param(_history_order, id="history-order"),
    ],
)
def test_from_json_rejects_what_could_not_arise(
    impl: Impl, change: Callable[[dict[str, Any]], None]
) -> None:
    state = build(DEAL_A, BIDS_A, kind="normal")
    impl.from_json(state)  # the untouched state is accepted
    change(state)
    with pytest.raises(impl.bad_json):
        impl.from_json(state)


def _played_to_the_end(impl: Impl, **options: Any) -> dict[str, Any]:
    game = impl.new_game(seed=21, **options)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    return js(game)


def test_from_json_rescores_a_finished_tour(impl: Impl) -> None:
    """Once over, the last entry of tour_scores must be the last Tour as scored."""
    state = _played_to_the_end(impl, single_deal=True, tour_kind="speco")
    impl.from_json(state)
    state["tour_scores"][-1][0] += 1
    with pytest.raises(impl.bad_json):
        impl.from_json(state)


def test_from_json_holds_the_dealer_to_first_dealer(impl: Impl) -> None:
    """With first_dealer set, Tour t is dealt by first_dealer + t - 1."""
    game = impl.new_game(seed=4, first_dealer=2)
    while js(game)["tour"] < 2:
        game.apply(game.legal_actions()[0])
    state = js(game)
    assert state["dealer"] == 3
    impl.from_json(state)
    state["options"]["first_dealer"] = 1
    with pytest.raises(impl.bad_json):
        impl.from_json(state)


def test_from_json_refuses_a_revoke_moved_into_the_trick(impl: Impl) -> None:
    """The reported repro: seat 1 holds spades, so 8H cannot follow 7S; moving 8H from
    its hand into the trick and the history makes a state no play reaches."""
    game = impl.new_game(seed=0, single_deal=True)
    for action in ("Rouge", "Noir", "Rouge", "Noir", "7S"):
        game.apply(action)
    state = js(game)
    seat = game.current_player
    assert seat == 1
    assert "8H" in state["hands"][1]
    assert any(card.endswith("S") for card in state["hands"][1])
    with pytest.raises(impl.illegal):
        game.apply("8H")
    state["hands"][1].remove("8H")
    state["trick"].append([1, "8H"])
    state["history"].append("8H")
    with pytest.raises(impl.bad_json):
        impl.from_json(state)


def _match_at_tour_3(impl: Impl) -> dict[str, Any]:
    game = impl.new_game(seed=8)
    while js(game)["tour"] < 3:
        game.apply(game.legal_actions()[0])
    state = js(game)
    impl.from_json(state)  # as play left it, it is accepted
    return state


def _bids_of_25(state: dict[str, Any]) -> None:
    state["history"][:4] = ["25 Rouges"] * 4
    state["finished_tours"][0]["bids"] = ["25 Rouges"] * 4


def _forty_twos_of_spades(state: dict[str, Any]) -> None:
    state["history"][4:44] = ["2S"] * 40


def _a_score_of_999(state: dict[str, Any]) -> None:
    state["tour_scores"][0][0] = 999


def _tour_1_left_out(state: dict[str, Any]) -> None:
    del state["finished_tours"][0]


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(_bids_of_25, id="bids-of-25-in-a-normal-tour"),
        pytest.param(_forty_twos_of_spades, id="forty-plays-of-2S"),
        pytest.param(_a_score_of_999, id="a-tour-score-of-999"),
        pytest.param(_tour_1_left_out, id="a-finished-tour-left-out"),
    ],
)
def test_from_json_replays_the_earlier_tours_of_a_match(
    impl: Impl, change: Callable[[dict[str, Any]], None]
) -> None:
    """Earlier Tours are replayed like the current one: their bids, plays and scores
    must be what play gives (each case was accepted when only their shape was checked)."""
    state = _match_at_tour_3(impl)
    change(state)
    with pytest.raises(impl.bad_json):
        impl.from_json(state)


@pytest.mark.parametrize(
    ("kind", "twenty_five"), [(None, True), ("speco", False), ("superspec", False)]
)
def test_from_json_accepts_25_where_allowed(
    impl: Impl, kind: str | None, twenty_five: bool
) -> None:
    bids: list[str | None] = ["Noir", "25 Rouges", "Rouge", "25 Noires"]
    game = impl.from_json(build(DEAL_A, bids, kind=kind, twenty_five=twenty_five))
    assert js(game)["bids"] == bids


# --------------------------------------------------------------------------- a whole match


@pytest.mark.parametrize("masked", [False, True])
def test_a_whole_match(impl: Impl, masked: bool) -> None:
    """Six Tours: normal normal speco normal normal superspec, dealers +1 each Tour, each Tour
    dealt from the generator where the last shuffle left it; totals = sums of Tour scores."""
    seed, first = 2024, 2
    game = impl.new_game(seed=seed, first_dealer=first, masked_talon=masked)
    chooser = Chooser([], seed)
    rng_state = seed
    seen_tours: list[int] = []
    phases: dict[int, set[str]] = {}
    actions = 0
    while True:
        parsed = js(game)
        tour = parsed["tour"]
        if tour not in seen_tours and not game.is_over:
            # A new Tour: check its deal, its kind, its dealer, the record of the last one.
            seen_tours.append(tour)
            assert tour == len(seen_tours)
            dealer = (first + tour - 1) % 4
            rng = SplitMix(rng_state)
            talon, hands = expected_deal(rng, dealer)
            assert parsed["phase"] == "bid"
            assert parsed["tour_kind"] == MATCH_KINDS[tour - 1]
            assert parsed["dealer"] == dealer
            assert parsed["talon"] == talon
            assert parsed["hands"] == hands
            assert parsed["rng"] == rng.state
            rng_state = rng.state
            assert game.current_player == (dealer + 1) % 4
            special = MATCH_KINDS[tour - 1] != "normal"
            assert legal_ids(game) == (ALL_BID_IDS if special else NORMAL_BID_IDS)
            assert len(parsed["tour_scores"]) == tour - 1
            assert len(parsed["history"]) == 44 * (tour - 1) + (10 if tour > 3 else 0)
            finished = parsed["finished_tours"]
            assert [past["tour"] for past in finished] == list(range(1, tour))
            if tour > 1:
                record = finished[-1]
                assert record["tour"] == tour - 1
                assert record["tour_kind"] == MATCH_KINDS[tour - 2]
                assert record["dealer"] == (dealer - 1) % 4
                assert len(record["tricks"]) == 10
                assert record["specials_holder"] == record["tricks"][9]["winner"]
                check_taken(record)
                assert scores_from_record(impl, record) == parsed["tour_scores"][-1]
                observed = game.observation(dealer).to_dict()["previous_tour"]
                assert observed == record
                assert None not in observed["talon"]
        if game.is_over:
            break
        phases.setdefault(tour, set()).add(game.phase)
        legal_actions = game.legal_actions()
        game.apply(legal_actions[chooser.pick(len(legal_actions))])
        actions += 1
        assert actions <= 400
    parsed = js(game)
    assert seen_tours == [1, 2, 3, 4, 5, 6]
    assert parsed["tour"] == 6
    assert parsed["tour_kind"] == "superspec"
    assert parsed["phase"] == "over"
    assert game.current_player is None
    assert game.legal_actions() == []
    assert len(parsed["tricks"]) == 10
    assert parsed["trick"] == []
    assert parsed["trick_leader"] == parsed["tricks"][9]["next_leader"]
    assert parsed["specials_holder"] == parsed["tricks"][9]["winner"]
    check_taken(parsed)
    assert len(parsed["tour_scores"]) == 6
    assert scores_from_record(impl, parsed) == parsed["tour_scores"][5]
    assert [record["tour"] for record in parsed["finished_tours"]] == [1, 2, 3, 4, 5]
    totals = [sum(scores[seat] for scores in parsed["tour_scores"]) for seat in range(4)]
    assert list(game.scores) == totals
    assert game.observation(0).to_dict()["scores"] == totals
    # 6 x (4 bids + 40 cards) + 10 Speco choices.
    assert actions == 274
    assert len(parsed["history"]) == 274
    assert [phases[tour] for tour in range(1, 7)] == [
        {"bid", "play"},
        {"bid", "play"},
        {"bid", "play", "speco"},
        {"bid", "play"},
        {"bid", "play"},
        {"bid", "play"},
    ]


def check_taken(record: Mapping[str, Any]) -> None:
    takens = [trick["taken"] for trick in record["tricks"]]
    if record["tour_kind"] == "normal":
        assert takens == [False] * 10
    elif record["tour_kind"] == "superspec":
        assert takens == [True] * 10
    else:
        assert all(isinstance(taken, bool) for taken in takens)


# --------------------------------------------------------------------------- engine only


def test_engine_accessors() -> None:
    """The doc's "Python accessors" on DEAL_B's masked Speco, three tricks in."""
    bids: list[str | None] = ["Noir", "25 Rouges", "5 Noires", "Rouge"]
    game: Any = cardcore.from_json(json.dumps(build(DEAL_B, bids, kind="speco", masked=True)))
    assert isinstance(game, cardcore.julien.Julien)
    play(game, b_trick(0))
    game.apply("take")  # seat 0 takes QS
    play(game, b_trick(1))
    game.apply("leave")  # seat 1 leaves QH
    play(game, "4S")
    talon = cards(DEAL_B.talon)
    assert game.dealer == 3
    assert game.deal_number == 1
    assert game.tour_kind == "speco"
    assert [str(card) for card in game.talon] == talon
    visible = [None if card is None else str(card) for card in game.visible_talon]
    assert visible == shown(talon, 3)
    assert [str(card) for card in game.specials] == ["AD", "AC"]
    assert game.specials_holder is None
    assert letter(game.trump) == "D"
    assert str(game.trump_card) == "QD"
    assert [(seat, str(card)) for seat, card in game.trick] == [(0, "4S")]
    assert game.trick_leader == 0
    tricks = game.tricks
    assert len(tricks) == 2
    for i, trick in enumerate(tricks):
        assert trick.leader == 0
        assert [(seat, str(card)) for seat, card in trick.cards] == [
            (seat, text) for seat, text in enumerate(b_trick(i).split())
        ]
        assert trick.winner == i
        assert trick.next_leader == 0
        assert str(trick.trump_card) == talon[i]
    assert [trick.taken for trick in tricks] == [True, False]
    made = [bid for bid in game.bids if bid is not None]
    assert len(made) == 4
    assert [bid.text for bid in made] == bids
    assert [bid.colour for bid in made] == ["noir", "rouge", "noir", "rouge"]
    assert [bid.amount for bid in made] == [None, 25, 5, None]
    assert sorted(map(str, game.collected(0)), key=card_id) == sort_hand(b_trick(0).split())
    assert sorted(map(str, game.collected(1)), key=card_id) == sort_hand(b_trick(1).split())
    assert list(game.collected(2)) == []
    assert [str(card) for card in game.taken_trumps(0)] == ["QS"]
    assert list(game.taken_trumps(1)) == []
    assert list(game.deal_scores) == []
    assert game.last_deal is None
    assert list(game.scores) == [0, 0, 0, 0]
    assert [str(card) for card in game.hand(0)] == cards("5S-JS")


def test_engine_accessors_after_the_tour() -> None:
    bids, taken, expected = B_SPECO
    game: Any = cardcore.from_json(json.dumps(build(DEAL_B, bids, kind="speco")))
    for i in range(10):
        play(game, b_trick(i))
        game.apply("take" if taken[i] else "leave")
    assert game.specials_holder == 1
    assert [str(card) for card in game.taken_trumps(0)] == ["QS", "AS"]
    assert [str(card) for card in game.taken_trumps(1)] == ["QH", "AH"]
    assert list(game.taken_trumps(2)) == []
    assert [str(card) for card in game.taken_trumps(3)] == ["QC"]
    assert [list(scores) for scores in game.deal_scores] == [expected]
    assert list(game.scores) == expected
    assert game.trump is None
    assert [str(card) for card in game.visible_talon] == cards(DEAL_B.talon)


# --------------------------------------------------------------------------- scoring, both sides

AMOUNTS = (5, 10, 15, 20, 25)
BID_TEXTS = ["Rouge", "Noir"] + [f"{x} {c}" for c in ("Rouges", "Noires") for x in AMOUNTS]
KINDS = ["normal", "speco", "superspec"]
DECK52 = [str(card) for card in cardcore.deck(52)]


EndOfTour = tuple[str, list[str], list[str], list[str], str]


@st.composite
def end_of_tour(draw: st.DrawFn) -> EndOfTour:
    """A consistent end of Tour for one player: whole tricks, at most one taken trump per
    trick (special Tours only), no special card or both."""
    kind = draw(st.sampled_from(KINDS))
    cards = draw(st.permutations(DECK52))
    tricks = draw(st.integers(min_value=0, max_value=10))
    collected = cards[: 4 * tricks]
    rest = cards[4 * tricks :]
    taken_count = draw(st.integers(min_value=0, max_value=tricks)) if kind != "normal" else 0
    taken = rest[:taken_count]
    specials = rest[taken_count : taken_count + 2] if tricks and draw(st.booleans()) else []
    return draw(st.sampled_from(BID_TEXTS)), collected, taken, specials, kind


@scaled(5.0)
@given(end_of_tour())
def test_scores_agree_on_any_end_of_tour(args: EndOfTour) -> None:
    bid, collected, taken, specials, kind = args
    engine: Callable[..., int] = cardcore.julien.score
    expected = cardcore.reference.julien.score_tour(bid, collected, taken, specials, kind)
    assert engine(bid, collected, taken, specials, kind) == expected


@scaled(5.0)
@given(
    bid=st.sampled_from(BID_TEXTS) | st.text(max_size=10),
    collected=st.lists(st.sampled_from(DECK52) | st.text(max_size=3), max_size=12),
    taken=st.lists(st.sampled_from(DECK52), max_size=3),
    specials=st.lists(st.sampled_from(DECK52), max_size=3),
    kind=st.sampled_from([*KINDS, "Speco", ""]),
)
def test_scoring_verdicts_agree_on_any_input(
    bid: str, collected: list[str], taken: list[str], specials: list[str], kind: str
) -> None:
    """Engine and reference accept the same arguments, and then score them alike."""
    outcomes: list[int | None] = []
    scorers: tuple[Callable[..., int], ...] = (
        cardcore.julien.score,
        cardcore.reference.julien.score_tour,
    )
    for score in scorers:
        try:
            outcomes.append(score(bid, collected, taken, specials, kind))
        except ValueError:
            outcomes.append(None)
    assert outcomes[0] == outcomes[1]


# --------------------------------------------------------------------------- accessors, both sides


def _before_current(game: cardcore.julien.Julien) -> cardcore.julien.Deal | None:
    """The last Tour finished before the one in play (or, once over, before the last):
    what the reference names ``previous_tour``."""
    earlier = game.finished_deals[:-1] if game.is_over else game.finished_deals
    return earlier[-1] if earlier else None


def _engine_accessors(game: cardcore.julien.Julien) -> dict[str, Any]:
    def texts(cards: Sequence[Any]) -> list[str | None]:
        return [None if card is None else str(card) for card in cards]

    return {
        "dealer": game.dealer,
        "tour": game.deal_number,
        "tour_kind": game.tour_kind,
        "talon": texts(game.talon),
        "visible_talon": texts(game.visible_talon),
        "specials": texts(game.specials),
        "specials_holder": game.specials_holder,
        "trump": None if game.trump is None else game.trump.letter,
        "trump_card": None if game.trump_card is None else str(game.trump_card),
        "trick": [(seat, str(card)) for seat, card in game.trick],
        "trick_leader": game.trick_leader,
        "tricks": [
            {
                "leader": t.leader,
                "cards": [(s, str(c)) for s, c in t.cards],
                "winner": t.winner,
                "next_leader": t.next_leader,
                "trump_card": str(t.trump_card),
                "taken": t.taken,
            }
            for t in game.tricks
        ],
        "bids": [None if bid is None else bid.text for bid in game.bids],
        "hands": [texts(game.hand(seat)) for seat in range(4)],
        "collected": [sorted_texts(game.collected(seat)) for seat in range(4)],
        "taken": [sorted_texts(game.taken_trumps(seat)) for seat in range(4)],
        "tour_scores": game.deal_scores,
        "previous_tour": None
        if (last := _before_current(game)) is None
        else (
            last.number,
            last.tour_kind,
            last.dealer,
            [str(card) for card in last.talon],
            [None if bid is None else bid.text for bid in last.bids],
            len(last.tricks),
            last.specials_holder,
        ),
    }


def sorted_texts(cards: Sequence[Any]) -> list[str]:
    return sort_hand([str(card) for card in cards])


def _reference_accessors(game: Any) -> dict[str, Any]:
    return {
        "dealer": game.dealer,
        "tour": game.tour,
        "tour_kind": game.tour_kind,
        "talon": list(game.talon),
        "visible_talon": list(game.visible_talon),
        "specials": list(game.specials),
        "specials_holder": game.specials_holder,
        "trump": game.trump,
        "trump_card": game.trump_card,
        "trick": [tuple(play) for play in game.trick],
        "trick_leader": game.trick_leader,
        "tricks": [
            {
                "leader": t.leader,
                "cards": [tuple(play) for play in t.cards],
                "winner": t.winner,
                "next_leader": t.next_leader,
                "trump_card": t.trump_card,
                "taken": t.taken,
            }
            for t in game.tricks
        ],
        "bids": list(game.bids),
        "hands": [game.hand(seat) for seat in range(4)],
        "collected": [sort_hand(game.collected(seat)) for seat in range(4)],
        "taken": [sort_hand(game.taken_trumps(seat)) for seat in range(4)],
        "tour_scores": game.tour_scores,
        "previous_tour": None
        if (last := game.previous_tour) is None
        else (
            last.tour,
            last.tour_kind,
            last.dealer,
            list(last.talon),
            list(last.bids),
            len(last.tricks),
            last.specials_holder,
        ),
    }


@pytest.mark.parametrize(
    "options",
    [{}, {"masked_talon": True}, {"single_deal": True, "tour_kind": "speco", "masked_talon": True}],
)
@pytest.mark.parametrize("seed", [3, 2**40 + 1])
def test_accessors_agree_action_by_action(options: dict[str, Any], seed: int) -> None:
    """Every typed accessor of cardcore.julien.Julien says what the reference's says."""
    engine = cardcore.julien.Julien(seed=seed, **options)
    ref = cardcore.reference.new_game("julien", seed=seed, **options)
    chooser = Chooser([], seed)
    while True:
        assert _engine_accessors(engine) == _reference_accessors(ref), describe_game(engine)
        if (last := engine.last_deal) is not None:
            assert last.scores == engine.deal_scores[last.number - 1]
        if engine.is_over:
            break
        pick = chooser.pick(len(engine.legal_actions()))
        engine.apply(engine.legal_actions()[pick].id)
        ref.apply(ref.legal_actions()[pick].id)
    assert engine.winning_seats == [
        seat for seat, total in enumerate(ref.scores) if total == max(ref.scores)
    ]


def describe_game(game: cardcore.julien.Julien) -> str:
    return f"options={game.options} history={[str(a) for a in game.history]}"
