"""The Tarot reference alone: the text's worked example, every settlement branch, the deal
and the petit sec, bidding, the call, the discard (T8, T10), poignées, play, the Excuse,
built deals played out, JSON and observations, and random whole matches.

Rulings T1-T19 and decisions D1-D4 are those of docs/rules/tarot.md. Positions are laid
out with ``_begin_deal``; every expected value is worked out by hand in a comment (card
points in half points, T1: bouts and kings 9, queens 7, knights 5, jacks 3, others 1; the
state JSON shows points, version 2).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from cardcore.reference import GAMES, RuleError, new_game
from cardcore.reference.protocol import Deal, Trick
from cardcore.reference.rng import SplitMix64
from cardcore.reference.tarot import (
    ACTIONS,
    DECK,
    TarotReference,
    count_taker,
    deal_cards,
    discardable,
    legal_plays,
    petit_au_bout,
    poignee_levels,
    settle,
    side_piles,
    slam_side,
)
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
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K", "A"]


def load(data: JsonDict) -> TarotReference:
    return ref_load(data, TarotReference)


def face(card: str) -> int:
    """docs/protocol.md: suit * 14 + rank index, trumps 55 + n, the Excuse 77."""
    if card == "EX":
        return 77
    if card.endswith("T"):
        return 55 + int(card[:-1])
    return SUITS.index(card[-1]) * 14 + RANKS.index(card[:-1])


def cards(text: str) -> list[str]:
    return sorted(text.split(), key=face)


def trumps(low: int, high: int) -> str:
    return " ".join(f"{n}T" for n in range(low, high + 1))


def half(card: str) -> int:
    """T1, written out again for the tests."""
    if card in ("1T", "21T", "EX"):
        return 9
    if card.endswith(("T",)):
        return 1
    return {"K": 9, "Q": 7, "C": 5, "J": 3}.get(card[:-1], 1)


HAND = {3: 24, 4: 18, 5: 15}
CHIEN = {3: 6, 4: 6, 5: 3}


def layout(
    players: int,
    dealer: int,
    fixed: dict[int, str],
    chien: str | None = None,
    **options: object,
) -> TarotReference:
    """Deal 1 laid out: the ``fixed`` seats' hands, the chien (else the last cards left),
    the other seats the cards left in face-id order, seat by seat."""
    game = new_game("tarot", seed=0, players=players, **options)
    used = {card for hand in fixed.values() for card in hand.split()}
    used |= set(chien.split()) if chien else set()
    rest = [card for card in sorted(DECK, key=face) if card not in used]
    if chien is None:
        chien_cards, rest = rest[-CHIEN[players] :], rest[: -CHIEN[players]]
    else:
        chien_cards = cards(chien)
    hands = []
    for seat in range(players):
        if seat in fixed:
            hands.append(cards(fixed[seat]))
        else:
            hands.append(rest[: HAND[players]])
            rest = rest[HAND[players] :]
    assert not rest
    deal = Deal(dealer, tuple(tuple(hand) for hand in hands), tuple(chien_cards))
    game._begin_deal(deal, 1)
    assert game.deal_number == 1, "the layout is a petit sec"
    return game


def play_lowest(game: TarotReference, until: Callable[[TarotReference], bool]) -> None:
    """Every seat takes its first legal action (lowest id) until ``until`` holds."""
    while not until(game):
        game.apply(game.legal_actions()[0])


# --- Registration, actions, options --------------------------------------------------


def test_tarot_is_registered() -> None:
    assert GAMES == ("brouc", "julien", "tarot", "five_hundred", "jolly")
    game = new_game("tarot", seed=1)
    assert isinstance(game, TarotReference)
    assert (game.name, game.num_players, game.hand_size) == ("tarot", 4, 18)
    assert new_game("tarot", seed=1, players=5).num_players == 5


def test_the_action_table() -> None:
    # Actions: 183 ids; cards by face id, discards 78 + face id, bids, calls, slam, poignée.
    assert len(ACTIONS) == 183
    assert [a.id for a in ACTIONS] == list(range(183))
    expected = {
        0: ("2S", "play", "2S"),
        13: ("AS", "play", "AS"),
        14: ("2H", "play", "2H"),
        56: ("1T", "play", "1T"),
        76: ("21T", "play", "21T"),
        77: ("EX", "play", "EX"),
        78: ("discard 2S", "discard", "2S"),
        78 + 40: ("discard KD", "discard", "KD"),
        155: ("discard EX", "discard", "EX"),
        156: ("pass", "bid", None),
        157: ("prise", "bid", None),
        158: ("garde", "bid", None),
        159: ("garde sans", "bid", None),
        160: ("garde contre", "bid", None),
        161: ("call KS", "call", None),
        164: ("call KC", "call", None),
        165: ("call QS", "call", None),
        171: ("call CD", "call", None),
        176: ("call JC", "call", None),
        177: ("slam", "slam", None),
        178: ("no slam", "slam", None),
        179: ("no poignee", "poignee", None),
        180: ("poignee", "poignee", None),
        181: ("double poignee", "poignee", None),
        182: ("triple poignee", "poignee", None),
    }
    for action_id, (text, kind, card) in expected.items():
        action = ACTIONS[action_id]
        assert (action.text, action.kind, action.card) == (text, kind, card)
    assert all(ACTIONS[face(card)].text == card for card in DECK)
    game = new_game("tarot", seed=1)
    # A text is parsed ignoring letter case; nothing else is accepted.
    assert game.action("Garde Sans").id == 159
    assert game.action("DISCARD kh").id == 78 + face("KH")
    assert game.action("cd").text == "CD"
    for bad in ("discard  KH", " pass", "garde-sans", "call 1T", "poignée", "1H", "22T"):
        with pytest.raises(RuleError):
            game.action(bad)


def test_options() -> None:
    game = new_game("tarot", seed=3)
    assert game.options == {
        "players": 4,
        "single_deal": False,
        "deals": None,
        "excuse_to_winner": False,
        "first_dealer": None,
        "max_deals": 1000,
    }
    named = new_game("tarot", seed=3, players=3, first_dealer=2)
    assert (named.deal_number, named.dealer, named.current_player) == (1, 2, 0)
    bad: list[dict[str, object]] = [
        {"players": 6},
        {"players": 2},
        {"players": True},
        {"players": "4"},
        {"single_deal": 1},
        {"deals": 0},
        {"deals": 101},
        {"deals": True},
        {"deals": 2, "single_deal": True},
        {"excuse_to_winner": None},
        {"first_dealer": 4},
        {"players": 3, "first_dealer": 3},
        {"first_dealer": -1},
        {"dealz": 1},
    ]
    for options in bad:
        with pytest.raises(RuleError):
            new_game("tarot", seed=0, **options)
    assert new_game("tarot", seed=0, players=5, first_dealer=4, deals=100).options["deals"] == 100


# --- settle: the worked example and every branch (Settlement) ---------------------------


def test_the_texts_worked_example() -> None:
    # Score et fin: a Garde, 2 bouts (target 41), the taker makes 45: (25 + 4) x 2 = 58
    # from each defender, 174 to the taker.
    assert settle("garde", 45, 2) == [174, -58, -58, -58]
    assert settle("garde", 45, 2, taker=2) == [-58, -58, 174, -58]


def test_made_and_failed() -> None:
    # Prise, 0 bouts (target 56): 56 makes it by 0: 25; 55 fails by 1: -26.
    assert settle("prise", 56, 0) == [75, -25, -25, -25]
    assert settle("prise", 55, 0) == [-78, 26, 26, 26]
    # Garde sans x4, 3 bouts (36): 50 makes by 14: (25 + 14) x 4 = 156.
    assert settle("garde sans", 50, 3) == [468, -156, -156, -156]
    # Garde contre x6, 1 bout (51): 30 fails by 21: (25 + 21) x 6 = 276.
    assert settle("garde contre", 30, 1, taker=1) == [276, -828, 276, 276]


def test_t6_half_points_are_rounded_up_for_the_winner() -> None:
    # 40.5 against 41 fails by 1 (not 0.5, not 0); 41.5 makes it by 1.
    assert settle("prise", 40.5, 2) == [-78, 26, 26, 26]
    assert settle("prise", 41.5, 2) == [78, -26, -26, -26]
    # 56.5 against 56 makes it by 1; 55.5 fails by 1.
    assert settle("garde", 56.5, 0) == [156, -52, -52, -52]
    assert settle("garde", 55.5, 0) == [-156, 52, 52, 52]


def test_petit_au_bout_goes_to_its_side_whatever_the_contract() -> None:
    # T13: 10 x m to the side that won the trick. Garde (x2), 2 bouts, 45: 58.
    assert settle("garde", 45, 2, petit_au_bout="taker") == [234, -78, -78, -78]  # 58 + 20
    assert settle("garde", 45, 2, petit_au_bout="defence") == [114, -38, -38, -38]  # 58 - 20
    # A failed Prise (1 bout, the Petit, 45: fails by 6, -31) with the taker's Petit au
    # bout: -21.
    assert settle("prise", 45, 1, petit_au_bout="taker") == [-63, 21, 21, 21]


def test_poignees_go_to_the_side_winning_the_contract() -> None:
    # T16: not multiplied, all to the contract's winner, whoever declared them.
    # Made Garde (58) with a simple and a double: 58 + 50 = 108.
    assert settle("garde", 45, 2, poignees=["simple", "double"]) == [324, -108, -108, -108]
    # Failed Prise (-31) with a triple: -31 - 40 = -71.
    assert settle("prise", 50, 0, poignees=("triple",)) == [-213, 71, 71, 71]


def test_slams() -> None:
    # T12; not multiplied. Garde, 3 bouts, 91 points: made by 55: (25 + 55) x 2 = 160.
    assert settle("garde", 91, 3, slam="taker", slam_announced=True)[1] == -(160 + 400)
    assert settle("garde", 91, 3, slam="taker")[1] == -(160 + 200)
    # An announced slam not made: -200 (Garde, 3 bouts, 80: made by 44: 138).
    assert settle("garde", 80, 3, slam_announced=True)[1] == -(138 - 200)
    # A defence slam: -200 (Prise, 0 bouts, 3 points, the discard's least: fails by 53:
    # -78).
    assert settle("prise", 3, 0, slam="defence")[1] == 78 + 200
    # T12: an announced slam and a defence slam: both apply, -400.
    assert settle("prise", 3, 0, slam="defence", slam_announced=True) == [
        -3 * 478,
        478,
        478,
        478,
    ]


@pytest.mark.parametrize(
    ("arguments", "options"),
    [
        (("prise", 30, 2), {"slam": "taker"}),
        (("garde", 5, 3), {}),
        (("prise", 91, 0), {}),
        (("garde contre", 12.5, 3), {}),
        (("prise", 40, 0), {"petit_au_bout": "taker"}),
        (("prise", 40, 2), {"petit_au_bout": "taker", "slam": "defence"}),
        (("garde", 30, 2), {"slam": "defence"}),
    ],
)
def test_settle_refuses_counts_no_deal_gives(
    arguments: tuple[str, float, int], options: dict[str, str]
) -> None:
    with pytest.raises(RuleError):
        settle(*arguments, **options)  # type: ignore[arg-type]


def test_shares_for_three_four_and_five_players() -> None:
    # S = 58 (the worked example). Three players: 2S and -S.
    assert settle("garde", 45, 2, players=3, taker=1) == [-58, 116, -58]
    assert settle("garde", 45, 2, players=4, taker=3) == [-58, -58, -58, 174]
    # Five with a partner: 2S, S, and -S for the three defenders.
    assert settle("garde", 45, 2, players=5, taker=0, partner=3) == [116, -58, -58, 58, -58]
    # Five, the taker alone: 4S against -S each.
    assert settle("garde", 45, 2, players=5, taker=4) == [-58, -58, -58, -58, 232]
    # A failed deal at five: the partner pays with the taker.
    assert settle("prise", 50, 0, players=5, taker=1, partner=0) == [-31, -62, 31, 31, 31]
    for players in (3, 4, 5):
        assert sum(settle("garde contre", 33.5, 1, players=players, petit_au_bout="taker")) == 0


@pytest.mark.parametrize(
    "arguments",
    [
        {"contract": "Garde"},
        {"contract": "pass"},
        {"points": 91.5},
        {"points": -0.5},
        {"points": 45.25},
        {"points": True},
        {"points": "45"},
        {"bouts": 4},
        {"bouts": -1},
        {"bouts": 1.0},
        {"players": 6},
        {"petit_au_bout": "partner"},
        {"poignees": "simple"},
        {"poignees": ["quadruple"]},
        {"poignees": [None]},
        {"poignees": ["simple"] * 5},
        {"slam_announced": 1},
        {"slam": "both"},
        {"taker": 4},
        {"partner": 1},
        {"players": 5, "partner": 0},
        {"players": 5, "partner": 5},
    ],
)
def test_settle_rejects_bad_input(arguments: dict[str, Any]) -> None:
    call: dict[str, Any] = {"contract": "garde", "points": 45, "bouts": 2} | arguments
    with pytest.raises(RuleError):
        settle(**call)


# --- The deal, the petit sec, the dealers (Mise en place, T14, T15, T18) ------------------


def test_cards_are_dealt_three_at_a_time_from_the_dealers_right() -> None:
    deck = list(DECK)  # face-id order
    hands, chien = deal_cards(deck, 1, 4)
    # Batch b goes to seat 2 + b: seat 2 gets 2S 3S 4S, seat 3 5S 6S 7S, seat 0 ...
    assert hands[2][:3] == ("2S", "3S", "4S")
    assert hands[3][:3] == ("5S", "6S", "7S")
    assert hands[0][:3] == ("8S", "9S", "10S")
    assert hands[1][:3] == ("JS", "CS", "QS")
    assert [len(hand) for hand in hands] == [18] * 4
    assert chien == tuple(DECK[72:])
    for players in (3, 5):
        hands, chien = deal_cards(deck, 0, players)
        assert [len(hand) for hand in hands] == [HAND[players]] * players
        assert len(chien) == CHIEN[players]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_new_game_deals_from_the_generator(players: int) -> None:
    # T18: the first dealer is drawn (below(players)) before the one shuffle of the deck.
    seed = 77
    rng = SplitMix64(seed)
    dealer = rng.below(players)
    deck = list(DECK)
    rng.shuffle(deck)
    hands, chien = deal_cards(deck, dealer, players)
    game = new_game("tarot", seed=seed, players=players)
    assert game.deal_number == 1  # no petit sec in this deal
    data = state(game)
    assert (data["dealer"], data["rng"], data["phase"]) == (dealer, rng.state, "bid")
    assert data["dealt"] == [list(hand) for hand in hands] == data["hands"]
    assert data["chien"] == list(chien)
    assert game.current_player == (dealer + 1) % players


def _petit_sec(hand: list[str]) -> bool:
    return [card for card in hand if card.endswith("T")] == ["1T"] and "EX" not in hand


@pytest.mark.parametrize(
    ("players", "seed", "voids"),
    [(3, 853, 1), (4, 1185, 1), (5, 433, 1), (4, 199908, 2), (5, 20430, 2)],
)
def test_petit_sec_voids_the_deal_at_once(players: int, seed: int, voids: int) -> None:
    # T15, T14: no action; the deal is recorded void and the next seat deals at once,
    # possibly again a petit sec.
    game = new_game("tarot", seed=seed, players=players, first_dealer=0)
    data = state(game)
    assert data["deal"] == voids + 1
    assert data["dealer"] == voids % players
    assert data["history"] == []
    assert data["deal_scores"] == []
    records = data["finished_deals"]
    assert [record["deal"] for record in records] == list(range(1, voids + 1))
    assert [record["dealer"] for record in records] == list(range(voids))
    for record in records:
        assert record["void"] == "petit sec"
        assert any(_petit_sec(hand) for hand in record["dealt"])
        assert record["bids"] == [None] * players
        assert (record["taker"], record["tricks"], record["result"]) == (None, [], None)
        assert len(record["chien"]) == CHIEN[players]
    # The observation shows the previous deal's petit sec hands only (D2).
    previous = observed(game, 0)["previous_deal"]
    assert previous["dealt"] == [hand if _petit_sec(hand) else [] for hand in records[-1]["dealt"]]
    assert previous["chien"] == records[-1]["chien"]
    loaded = reload(game)
    # The match goes on: a pass by the first bidder replays too.
    loaded.apply("pass")
    reload(loaded)


def _petit_sec_deal(hand: str) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Seat 1 holds ``hand``; seats 3, 0, 2 the rest in face-id order, the chien last."""
    rest = [card for card in sorted(DECK, key=face) if card not in hand.split()]
    hands = [rest[18:36], cards(hand), rest[36:54], rest[:18]]
    return tuple(tuple(h) for h in hands), tuple(rest[54:])


def test_a_laid_out_petit_sec_is_voided_and_the_next_dealt() -> None:
    # Seat 1 holds the Petit as its only trump and no Excuse.
    petit_sec = "1T 2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS KS AS 2H 3H 4H"
    game = TarotReference(seed=0)
    game._begin_deal(Deal(2, *_petit_sec_deal(petit_sec)), 1)
    assert game.deal_number >= 2
    first = game.finished_deals[0]
    assert (first.deal, first.dealer, first.void) == (1, 2, "petit sec")
    assert game.finished_deals[-1].dealer == (game.dealer - 1) % 4
    reload(game)
    # The same hand with the Excuse is no petit sec.
    game = layout(4, 2, {1: petit_sec.replace("4H", "EX")}, "16T 17T 18T 19T 20T 21T")
    assert (game.deal_number, game.finished_deals) == (1, [])


def test_all_pass_voids_the_deal() -> None:
    game = new_game("tarot", seed=5, first_dealer=1, deals=1)
    assert game.deal_number == 1
    assert game.current_player == 2  # the dealer's right speaks first
    play(game, "pass, pass, pass, pass")
    data = state(game)
    assert (data["deal"], data["dealer"], data["phase"]) == (2, 2, "bid")
    (record,) = data["finished_deals"]
    assert record["void"] == "all pass"
    assert record["bids"] == ["pass"] * 4
    assert data["deal_scores"] == []
    assert data["bids"] == [None] * 4
    assert data["history"] == ["pass"] * 4
    # The observation hides a void deal's hands (D2); the chien is in the record.
    assert observed(game, 3)["previous_deal"]["dealt"] == [[], [], [], []]
    reload(game)


# --- Bidding and the five-player call ---------------------------------------------------


def test_bids_must_rise() -> None:
    game = new_game("tarot", seed=6, first_dealer=0)
    assert game.current_player == 1
    assert legal(game) == ["pass", "prise", "garde", "garde sans", "garde contre"]
    play(game, "garde")
    assert legal(game) == ["pass", "garde sans", "garde contre"]
    play(game, "pass")
    assert legal(game) == ["pass", "garde sans", "garde contre"]
    play(game, "garde contre")
    # Every seat speaks once: after a garde contre the last may only pass.
    assert (game.current_player, legal(game)) == (0, ["pass"])
    with pytest.raises(RuleError, match="illegal action garde"):
        game.apply("garde")
    play(game, "pass")
    assert (game.taker, game.contract, game.phase) == (3, "garde contre", "slam")
    assert game.bids == ["pass", "garde", "pass", "garde contre"]
    reload(game)


def _five_player_deal(**fixed: str) -> TarotReference:
    return layout(5, 4, {int(seat[1:]): hand for seat, hand in fixed.items()})


def test_the_five_player_call() -> None:
    # Seat 0 holds the four kings: it calls a queen, any queen, its own included.
    game = _five_player_deal(s0="KS KH KD KC QS 2S 3S 4S 5S 2T 3T 4T 5T 6T 7T")
    play(game, "prise, pass, pass, pass, pass")
    assert (game.phase, game.current_player) == ("call", 0)
    assert legal(game) == ["call QS", "call QH", "call QD", "call QC"]
    assert observed(game, 1)["chien"] == [None] * 3  # before the chien is seen
    held = game.clone()
    play(held, "call QS")  # its own queen: the taker plays alone
    assert (held.called, held.partner, held.phase) == ("QS", None, "discard")
    # Another queen: its holder is the partner.
    holder = next(seat for seat in range(5) if "QH" in game.hand(seat))
    play(game, "call QH")
    assert (game.called, game.partner) == ("QH", holder)
    reload(game)


def test_four_kings_and_queens_call_a_knight() -> None:
    game = _five_player_deal(s0="KS KH KD KC QS QH QD QC 2T 3T 4T 5T 6T 7T 8T")
    play(game, "garde, pass, pass, pass, pass")
    assert legal(game) == ["call CS", "call CH", "call CD", "call CC"]


def test_a_called_card_in_the_chien_leaves_the_taker_alone() -> None:
    game = layout(5, 4, {0: "2S 3S 4S 5S 6S 2T 3T 4T 5T 6T 7T 8T 9T 10T 11T"}, "KH 21T EX")
    play(game, "garde sans, pass, pass, pass, pass, call KH")
    assert (game.partner, game.phase) == (None, "slam")


def test_the_partner_is_secret_until_the_called_card_is_played() -> None:
    # Seat 0 calls KH, held by seat 3 (the layout gives seat 3 the hearts from KH on).
    game = _five_player_deal(s0="2S 3S 4S 5S 6S 7S 8S 2T 3T 4T 5T 6T 7T 8T 9T")
    play(game, "prise, pass, pass, pass, pass, call KH")
    partner = game.partner
    assert partner is not None
    assert "KH" in game.hand(partner)
    assert state(game)["partner"] == partner
    for seat in range(5):
        assert observed(game, seat)["partner"] == (partner if seat == partner else None)
    play_lowest(game, lambda g: g.called in [card for _, card in g.trick])
    # The called card is played: every seat knows.
    assert [observed(game, seat)["partner"] for seat in range(5)] == [partner] * 5
    reload(game)


def test_d1_the_called_suit_is_not_led_to_the_first_trick() -> None:
    # Seat 0 (the dealer's right) leads, with 2H 3H 4H; KH is called. The layout gives
    # seat 1 7S-AS and 5H-10H, seat 2 JH-AH (KH: the partner) and the diamonds.
    game = _five_player_deal(s0="2H 3H 4H 2S 3S 4S 5S 6S 2D 3D 4D 5D 1T 21T EX")
    play(game, "garde sans, pass, pass, pass, pass, call KH, no slam")
    assert game.partner == 2
    assert game.current_player == 0
    assert legal(game) == cards("2S 3S 4S 5S 6S 2D 3D 4D 5D 1T 21T EX")
    # D1 binds the card that sets the suit: after an Excuse lead, seat 1 too.
    excuse = game.clone()
    play(excuse, "EX")
    assert legal(excuse) == cards("7S 8S 9S 10S JS CS QS KS AS")
    # From the second trick on the called suit may be led: 21T wins trick 1, then 2H.
    play(game, "21T")
    play_lowest(game, lambda g: len(g.tricks) == 1)
    assert game.current_player == 0
    assert "2H" in legal(game)


def test_d1_a_hand_of_the_called_suit_leads_it() -> None:
    assert legal_plays(cards("2H 3H 4H EX"), [], "KH") == cards("2H 3H 4H EX")
    assert legal_plays(cards("2H KH 2T"), [], "KH") == cards("KH 2T")
    assert legal_plays(cards("2H 3H 2T"), [], None) == cards("2H 3H 2T")


# --- The chien and the discard (T8), the slam, poignées (T9, T10, T11) -------------------


def test_t8_discards_only_ordinary_cards_when_there_are_enough() -> None:
    # Ordinary cards are suit cards other than kings; kings and bouts never go.
    hand = cards("KS KH 2S 3S 4S 5S QH CD JC 1T 21T EX 5T 6T")
    assert discardable(hand, 6) == cards("2S 3S 4S 5S QH CD JC")
    assert discardable(hand, 7) == cards("2S 3S 4S 5S QH CD JC")
    # Fewer ordinary cards than discards: they and the trumps 2 to 20.
    assert discardable(hand, 8) == cards("2S 3S 4S 5S QH CD JC 5T 6T")


def test_t8_t10_the_discard_step_by_step_and_a_triple_with_the_four_kings() -> None:
    # Seat 0 holds 2T-15T and the four kings; the chien 2S 3S 16T-19T: two ordinary
    # cards for six discards, so two ordinary cards and four trumps.
    taker = f"{trumps(2, 15)} KS KH KD KC"
    game = layout(4, 3, {0: taker}, f"2S 3S {trumps(16, 19)}", single_deal=True)
    assert observed(game, 2)["chien"] == [None] * 6
    play(game, "prise, pass, pass, pass")
    assert game.phase == "discard"
    # The chien is turned face up for every seat, and taken.
    assert observed(game, 2)["chien"] == cards(f"2S 3S {trumps(16, 19)}")
    assert len(game.hand(0)) == 24
    assert legal(game) == [f"discard {card}" for card in cards(f"2S 3S {trumps(2, 19)}")]
    play(game, "discard 5T, discard 6T, discard 7T")
    assert "discard 8T" in legal(game)
    play(game, "discard 8T")
    # Two ordinary cards left for the two discards still to make: only they.
    assert legal(game) == ["discard 2S", "discard 3S"]
    play(game, "discard 2S")
    # The discarded trumps are public, the rest seen by the taker only.
    assert observed(game, 1)["discard"] == [None, "5T", "6T", "7T", "8T"]
    assert observed(game, 0)["discard"] == ["2S", "5T", "6T", "7T", "8T"]
    reload(game)
    play(game, "discard 3S")
    assert (game.phase, legal(game)) == ("slam", ["slam", "no slam"])
    play(game, "no slam")
    # Seat 0 leads and declares first: 14 trumps in hand (2T-4T, 9T-19T) reach the
    # simple (10) and double (13); T10: with the four discarded trumps, 18 reach the
    # triple (15).
    assert (game.phase, game.current_player) == ("poignee", 0)
    assert legal(game) == ["no poignee", "poignee", "double poignee", "triple poignee"]
    # The triple shows the discarded trumps first, then the lowest in hand: 2T-16T.
    play(game, "triple poignee")
    assert state(game)["poignees"][0] == {"level": "triple", "shown": cards(trumps(2, 16))}
    assert observed(game, 3)["poignees"][0]["shown"] == cards(trumps(2, 16))
    assert game.phase == "play"
    reload(game)
    play_lowest(game, lambda g: g.is_over)
    result = state(game)["result"]
    # The discard (2S 3S 5T-8T: 6 half points) counts for the taker, with its tricks; the
    # Excuse is seat 3's (a defender): before the last trick it stays with the defence,
    # half a point to the taker if the taker won that trick; in the last, to the taker.
    last = len(game.tricks) - 1
    points = 6
    for index, trick in enumerate(game.tricks):
        for _, card in trick.cards:
            if card != "EX":
                points += half(card) if trick.winner == 0 else 0
            elif index == last:
                points += 9
            else:
                points += 1 if trick.winner == 0 else 0
    assert result["points"] * 2 == points  # the JSON counts points (state version 2)
    assert result["scores"] == settle(
        "prise",
        result["points"],
        result["bouts"],
        petit_au_bout=result["petit_au_bout"],
        poignees=["triple"],
        slam=result["slam"],
    )
    # Once the deal is over the discard and the chien are shown to every seat.
    assert observed(game, 1)["discard"] == cards("2S 3S 5T 6T 7T 8T")
    reload(game)


@pytest.mark.parametrize("contract", ["garde sans", "garde contre"])
def test_garde_sans_and_contre_keep_the_chien_hidden(contract: str) -> None:
    game = layout(4, 3, {}, single_deal=True)
    play(game, f"{contract}, pass, pass, pass")
    assert (game.phase, game.current_player, len(game.hand(0))) == ("slam", 0, 18)
    play(game, "slam")
    assert game.trick_leader == 0
    play_lowest(game, lambda g: len(g.tricks) == 17)
    assert observed(game, 0)["chien"] == [None] * 6
    assert observed(game, 0)["discard"] == []
    play_lowest(game, lambda g: g.is_over)
    data = state(game)
    assert observed(game, 0)["chien"] == data["chien"] == cards("17T 18T 19T 20T 21T EX")
    # The chien (21T and the Excuse: 9 + 9 + 4) counts for the taker in a Garde sans,
    # for the defence in a Garde contre.
    won = sum(half(card) for t in game.tricks if t.winner == 0 for _, card in t.cards)
    extra = 22 if contract == "garde sans" else 0
    assert data["result"]["points"] * 2 == won + extra  # points, not half points
    assert data["result"]["bouts"] == (2 if contract == "garde sans" else 0)
    reload(game)


def test_a_slam_announcement_gives_the_taker_the_lead() -> None:
    # T11: dealer 0, seat 1 leads normally; seat 3 takes and announces a slam.
    game = layout(4, 0, {})
    play(game, "pass, pass, garde sans, pass")
    assert (game.taker, game.trick_leader) == (3, 1)
    play(game, "slam")
    assert (game.trick_leader, game.current_player, state(game)["slam"]) == (3, 3, True)
    reload(game)


@pytest.mark.parametrize(
    ("players", "sizes"), [(3, (13, 15, 18)), (4, (10, 13, 15)), (5, (8, 10, 13))]
)
def test_t9_poignee_levels_and_the_shown_set(players: int, sizes: tuple[int, ...]) -> None:
    simple, double, triple = sizes
    filler = cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS KS AS 2H 3H 4H 5H 6H 7H 8H")

    def hand(trump_count: int, excuse: bool) -> list[str]:
        return cards(trumps(1, trump_count)) + (["EX"] if excuse else []) + filler

    assert poignee_levels(hand(simple - 1, False), players) == {}
    assert poignee_levels(hand(simple, False), players) == {"simple": cards(trumps(1, simple))}
    # One short with the Excuse: every trump and the Excuse are shown.
    one_short = poignee_levels(hand(simple - 1, True), players)
    assert one_short == {"simple": [*cards(trumps(1, simple - 1)), "EX"]}
    # More than a level: the lowest trumps, no Excuse.
    levels = poignee_levels([*cards(trumps(21 - triple + 1, 21)), "EX"], players)
    assert list(levels) == ["simple", "double", "triple"]
    assert levels["simple"] == cards(trumps(21 - triple + 1, 21 - triple + simple))
    assert levels["double"] == cards(trumps(21 - triple + 1, 21 - triple + double))
    assert levels["triple"] == cards(trumps(21 - triple + 1, 21))
    assert list(poignee_levels(hand(double - 1, True), players)) == ["simple", "double"]
    # T10 counts discarded trumps towards the triple only.
    short = cards(trumps(1, triple - 2))
    assert "triple" not in poignee_levels(short, players)
    with_discard = poignee_levels(short, players, cards("20T 21T"))
    assert with_discard["triple"] == cards(f"{trumps(1, triple - 2)} 20T 21T")
    # One short, with the Excuse: every trump, the discarded ones too, and the Excuse.
    with_excuse = poignee_levels([*short[1:], "EX"], players, cards("20T 21T"))
    assert with_excuse["triple"] == [*short[1:], "20T", "21T", "EX"]


def test_poignees_are_asked_in_the_first_trick_only_of_seats_that_reach_one() -> None:
    # Seat 2 holds 10 trumps (a simple at four); seat 1 leads (dealer 0).
    game = layout(4, 0, {2: f"{trumps(2, 11)} 2S 3S 4S 5S 6S 7S 8S 9S"}, single_deal=True)
    play(game, "prise, pass, pass, pass")
    play_lowest(game, lambda g: g.phase == "slam")
    play(game, "no slam")
    assert (game.phase, game.current_player) == ("play", 1)
    play_lowest(game, lambda g: g.current_player == 2)
    assert (game.phase, legal(game)) == ("poignee", ["no poignee", "poignee"])
    play(game, "no poignee")
    assert (game.phase, game.current_player) == ("play", 2)
    assert state(game)["poignees"] == [None] * 4
    play_lowest(game, lambda g: len(g.tricks) == 1)
    assert game.phase == "play"


# --- Play (T3, T17) --------------------------------------------------------------------------


def test_following_trumping_and_overtrumping() -> None:
    hand = cards("2S KS 5T 12T 15T EX")
    # Follow the led suit (the Excuse may always be played).
    assert legal_plays(hand, [(0, "3S")]) == cards("2S KS EX")
    # Void: trump, and overtrump the highest trump in the trick when able.
    assert legal_plays(hand, [(0, "3H"), (1, "10T")]) == cards("12T 15T EX")
    # Unable to overtrump: any trump (a lower one).
    assert legal_plays(hand, [(0, "3H"), (1, "18T")]) == cards("5T 12T 15T EX")
    # Trumps led: overtrump likewise (T17: even over a partner).
    assert legal_plays(hand, [(0, "13T")]) == cards("15T EX")
    # Neither the led suit nor a trump: any card.
    assert legal_plays(cards("2S KS EX"), [(0, "3H"), (1, "2T")]) == cards("2S KS EX")
    # T3: the Excuse led sets nothing; the next card sets the suit.
    assert legal_plays(hand, [(0, "EX")]) == hand
    assert legal_plays(cards("2S KS 5T"), [(0, "EX"), (1, "3S")]) == cards("2S KS")
    assert legal_plays(cards("2S KS 5T"), [(0, "EX"), (1, "3H")]) == cards("5T")


# --- The Excuse and the count (T2, T4, T5, T7, T13) ------------------------------------------


def _tricks(*plays: tuple[int, str, int]) -> list[Trick]:
    """Tricks written as (leader, "cards in play order", winner) at four players."""
    made = []
    for leader, text, winner in plays:
        seats = [(leader + k) % 4 for k in range(4)]
        made.append(Trick(leader, tuple(zip(seats, text.split(), strict=True)), winner))
    return made


TAKER_0 = [0, 1, 1, 1]
"""Four players, seat 0 the taker."""


def test_t2_the_excuse_before_the_last_trick() -> None:
    # The taker (seat 0) plays the Excuse in trick 1, won by seat 2 (4S): the Excuse
    # stays with the taker, one half point passes to the defence.
    tricks = _tricks((3, "2S EX 3S 4S", 2), (2, "2H 3H KH 5H", 0))
    pile, defence, moved = side_piles(tricks, TAKER_0, False)
    assert (sorted(pile), sorted(defence), moved) == (
        sorted(["EX", "2H", "3H", "KH", "5H"]),
        sorted(["2S", "3S", "4S"]),
        -1,
    )
    # EX 9 + 2H 3H KH 5H 12 - 1; one bout.
    assert count_taker(tricks, TAKER_0, "garde sans", [], [], False) == (9 + 12 - 1, 1)
    # A defender's Excuse in a trick the taker wins: it stays with the defence, the taker
    # gets half a point: KS 3S 4S 11 + 1.
    tricks = _tricks((0, "KS EX 3S 4S", 0), (0, "2H 3H 4H 5H", 3))
    assert side_piles(tricks, TAKER_0, False)[2] == 1
    assert count_taker(tricks, TAKER_0, "garde sans", [], [], False) == (11 + 1, 0)
    # Won by the owner's own side (seat 2, the partner at five): no transfer.
    sides = [0, 1, 0, 1, 1]
    trick = Trick(0, ((0, "EX"), (1, "2S"), (2, "KS"), (3, "3S"), (4, "4S")), 2)
    last = Trick(2, ((2, "2H"), (3, "3H"), (4, "4H"), (0, "5H"), (1, "6H")), 1)
    assert side_piles([trick, last], sides, False)[2] == 0
    # EX 9 + 2S 1 + KS 9 + 3S 1 + 4S 1.
    assert count_taker([trick, last], sides, "garde sans", [], [], False) == (21, 1)


def test_t5_the_excuse_on_the_last_trick() -> None:
    # The taker's Excuse in the last trick, won by the defence (seat 2, 4S): to the
    # defence, with the option too; no half point moves. The taker has KH 2H 3H 4H: 12.
    tricks = _tricks((0, "KH 2H 3H 4H", 0), (3, "2S EX 3S 4S", 2))
    for to_winner in (False, True):
        assert count_taker(tricks, TAKER_0, "garde sans", [], [], to_winner) == (12, 0)
        assert side_piles(tricks, TAKER_0, to_winner)[2] == 0
    # Seat 1 leads its Excuse to the last trick, won by seat 3 (another defender): by
    # default to the side opposite its owner (the taker: 12 + 9, a bout), with the
    # option to the side winning the trick (the defence).
    tricks = _tricks((0, "KH 2H 3H 4H", 0), (1, "EX 2S 4S 3S", 3))
    assert count_taker(tricks, TAKER_0, "garde sans", [], [], False) == (12 + 9, 1)
    assert count_taker(tricks, TAKER_0, "garde sans", [], [], True) == (12, 0)


def test_t4_the_slam_completing_excuse_lead() -> None:
    # The taker won every earlier trick and leads the Excuse to the last: it wins and
    # stays; the Petit au bout is judged on the second last trick.
    tricks = _tricks((0, "1T 2S 3S 4S", 0), (0, "EX 2H 3H 4H", 0))
    assert slam_side(tricks, TAKER_0) == "taker"
    assert petit_au_bout(tricks, TAKER_0) == "taker"
    # 1T 9 + 3, EX 9 + 3: two bouts.
    assert count_taker(tricks, TAKER_0, "garde sans", [], [], False) == (24, 2)
    # Not a slam side (seat 3 won trick 1): the Excuse led to the last trick loses it
    # and goes over (T5); the Petit in the second last trick is not au bout.
    tricks = _tricks((0, "2C 3C 4C KC", 3), (3, "2D 1T 3D 4D", 0), (0, "EX 2H 3H 4H", 3))
    assert slam_side(tricks, TAKER_0) is None
    assert petit_au_bout(tricks, TAKER_0) is None
    # 2D 1T 3D 4D: 12, one bout.
    assert count_taker(tricks, TAKER_0, "garde sans", [], [], False) == (12, 1)
    # The same Excuse led by a side that won every earlier trick, the defence: it wins.
    tricks = _tricks((0, "2C 3C 4C KC", 3), (3, "EX 2D 3D 4D", 3))
    assert (slam_side(tricks, TAKER_0), count_taker(tricks, TAKER_0, "prise", [], [], False)) == (
        "defence",
        (0, 0),
    )


def test_petit_au_bout_in_the_last_trick() -> None:
    tricks = _tricks((0, "2S 3S 4S 5S", 3), (3, "2H 1T 3H 4H", 0))
    assert petit_au_bout(tricks, TAKER_0) == "taker"
    tricks = _tricks((0, "2S 3S 4S 5S", 3), (3, "1T 2H 3T 4H", 2))
    assert petit_au_bout(tricks, TAKER_0) == "defence"
    assert slam_side(tricks, TAKER_0) == "defence"


def test_t4_a_side_that_plays_its_own_excuse_early_loses_that_trick() -> None:
    # The defence takes trick 2 (seat 1's KH) with seat 2's own Excuse in it: it loses
    # that trick for the slam; the taker, who won the others, did not take it: no slam.
    tricks = _tricks((0, "KS 2S 3S 4S", 0), (0, "2H KH EX 3H", 1), (1, "2D 3D 4D KD", 0))
    assert slam_side(tricks, TAKER_0) is None
    # The same defence Excuse in a trick the taker wins: the taker's slam stands.
    tricks = _tricks((0, "KS 2S 3S 4S", 0), (0, "KH 2H EX 3H", 0), (0, "KD 2D 3D 4D", 0))
    assert slam_side(tricks, TAKER_0) == "taker"
    # Its own Excuse in the last trick, not led, leaves the defence its slam.
    tricks = _tricks((0, "2H KH 3H 4H", 1), (1, "KD EX 2D 3D", 1))
    assert slam_side(tricks, TAKER_0) == "defence"


# --- Built deals played to their end ---------------------------------------------------------


def _down(high: int, low: int) -> str:
    """The trumps from ``high`` down to ``low``."""
    return " ".join(f"{n}T" for n in range(high, low - 1, -1))


def _seat_0_takes_every_trick(game: TarotReference, plays: list[str]) -> None:
    """Seat 0 leads and takes every trick: ``plays[seat]`` are the cards ``seat`` plays,
    trick by trick."""
    for number, trick in enumerate(zip(*(p.split() for p in plays), strict=True)):
        for card in trick:
            game.apply(card)
        assert game.tricks[number].winner == 0
    assert game.is_over


FOUR_DEFENCE = [
    f"{_down(21, 5)} 1T",
    "4S 5S 6S 7S 2D 3D 4D 5D 6D 7D 8D 9D 10D JD CD QD KD AD",
    "2T 8S 9S 10S CS EX QS KS AS 4H 5H 6H 7H 8H 9H 10H CH QH",
    "3T 4T 2C 3C 4C 5C 6C 7C 8C 9C 10C JC CC QC KC AC KH AH",
]
"""Four players: seat 0, a defender, takes all 18 tricks with 5T-21T and the Petit last;
seat 2, a defender too, plays its own Excuse under the 16T in trick 6."""

T4_DEALS: dict[str, tuple[int, list[str], str, str, JsonDict]] = {
    # A Garde sans for seat 1; the chien is the taker's: JS JH 3 + 3, 2S 3S 2H 3H 4: 10.
    # No bout (target 112): failed by 51; the Petit au bout to the defence: S = -(25 +
    # 51) x 4 - 40 = -344. The defence lost trick 6 (T4): no slam (it would be -544).
    "four players, the defence's own Excuse": (
        4,
        FOUR_DEFENCE,
        "JS JH 2S 3S 2H 3H",
        "pass, garde sans, pass, pass, no slam, no poignee",
        {
            "points": 5.0,
            "bouts": 0,
            "target": 56.0,
            "made": False,
            "difference": 51,
            "petit_au_bout": "defence",
            "slam": None,
            "stake": -344,
            "scores": [344, -1032, 344, 344],
        },
    ),
    # The taker's Excuse instead (trick 4; seat 2 plays 7S in trick 6): the opponents'
    # Excuse spoils nothing, the defence has its slam. T2: 10 + EX 9 - 1 = 18, one bout
    # (target 102): failed by 42; S = -(25 + 42) x 4 - 40 - 200 = -508.
    "four players, the taker's Excuse": (
        4,
        [
            FOUR_DEFENCE[0],
            FOUR_DEFENCE[1].replace("7S", "EX"),
            FOUR_DEFENCE[2].replace("EX", "7S"),
            FOUR_DEFENCE[3],
        ],
        "JS JH 2S 3S 2H 3H",
        "pass, garde sans, pass, pass, no slam, no poignee",
        {
            "points": 9.0,
            "bouts": 1,
            "target": 51.0,
            "made": False,
            "difference": 42,
            "petit_au_bout": "defence",
            "slam": "defence",
            "stake": -508,
            "scores": [508, -1524, 508, 508],
        },
    ),
    # Five players: seat 0 takes a Prise, calls KS (seat 1's), discards the chien, announces
    # a slam and takes all 15 tricks, the Petit last; its partner plays its own Excuse
    # under the 20T in trick 2. Every card, 3 bouts (target 72): made by 55, + 10 the
    # Petit au bout; the taker's side lost trick 2 (T4): the announced slam fails, -200:
    # S = 80 + 10 - 200 = -110 (+490 had it counted).
    "five players, the partner's own Excuse": (
        5,
        [
            f"{_down(21, 8)} 1T",
            "2T EX 5S 6S 7S 8S 9S 10S JS CS QS KS AS 2H 3H",
            "3T 4T 4H 5H 6H 7H 8H 9H 10H JH CH QH KH AH 2D",
            "5T 6T 3D 4D 5D 6D 7D 8D 9D 10D JD CD QD KD AD",
            "7T 2C 3C 4C 5C 6C 7C 8C 9C 10C JC CC QC KC AC",
        ],
        "2S 3S 4S",
        "prise, pass, pass, pass, pass, call KS, discard 2S, discard 3S, discard 4S, slam, "
        "no poignee",
        {
            "points": 91.0,
            "bouts": 3,
            "target": 36.0,
            "made": True,
            "difference": 55,
            "petit_au_bout": "taker",
            "slam": None,
            "stake": -110,
            "scores": [-220, -110, 110, 110, 110],
        },
    ),
    # Three players: seat 0, a defender, holds every trump and KS KH KD and takes all 24
    # tricks, the kings first and the Petit last; seat 2, the other defender, plays its
    # own Excuse under the 17T in trick 8. A Garde contre (the chien to the defence):
    # nothing for the taker, failed by 56, the Petit au bout to the defence: S = -(25 +
    # 56) x 6 - 60 = -546 (-746 with the slam).
    "three players, the defence's own Excuse": (
        3,
        [
            f"KS KH KD {_down(21, 2)} 1T",
            "2C 3C 2D 4C 5C 6C 7C 8C 9C 10C JC CC QC KC AC 3D 4D 5D 6D 7D 8D 9D 10D JD",
            "2S 2H 3S 4S 5S 6S 7S EX 8S 9S 10S JS 3H 4H 5H 6H 7H 8H 9H 10H JH CH QH AH",
        ],
        "CS QS AS CD QD AD",
        "pass, garde contre, pass, no slam, no poignee",
        {
            "points": 0.0,
            "bouts": 0,
            "target": 56.0,
            "made": False,
            "difference": 56,
            "petit_au_bout": "defence",
            "slam": None,
            "stake": -546,
            "scores": [546, -1092, 546],
        },
    ),
}


@pytest.mark.parametrize("name", list(T4_DEALS))
def test_t4_the_own_excuse_before_the_last_trick_in_played_deals(name: str) -> None:
    players, plays, chien, actions, result = T4_DEALS[name]
    hands = dict(enumerate(plays))
    game = layout(players, players - 1, hands, chien, single_deal=True)
    play(game, actions)
    _seat_0_takes_every_trick(game, plays)
    assert state(game)["result"] == result
    assert game.scores == result["scores"]
    reload(game)


SLAM_TAKER = trumps(1, 18)
SLAM_CHIEN = "19T 20T 21T EX KS KH"
"""Seat 0 holds 1T-18T, the chien the other trumps, the Excuse, KS and KH; the three
defenders hold the 54 other suit cards and no trump."""


def _slam_deal(**options: object) -> TarotReference:
    """Seat 0 takes a Garde (dealer 3), discards 2T-7T (no ordinary card: trumps) and
    announces a slam: its hand is 1T, 8T-21T, EX, KS, KH."""
    game = layout(4, 3, {0: SLAM_TAKER}, SLAM_CHIEN, single_deal=True, **options)
    play(game, "garde, pass, pass, pass")
    assert legal(game) == [f"discard {n}T" for n in range(2, 21)]
    play(game, ", ".join(f"discard {n}T" for n in range(2, 8)))
    # Every discarded card is a trump: all public.
    assert observed(game, 2)["discard"] == cards(trumps(2, 7))
    play(game, "slam")
    return game


def _taker_leads(game: TarotReference, leads: list[str]) -> None:
    """Seat 0 leads each card in turn, the others play their lowest legal card."""
    for card in leads:
        assert game.current_player == 0
        game.apply(card)
        play_lowest(game, lambda g: g.is_over or g.current_player == 0)


@pytest.mark.parametrize("excuse_to_winner", [False, True])
def test_an_announced_slam_completed_by_the_excuse(excuse_to_winner: bool) -> None:
    game = _slam_deal(excuse_to_winner=excuse_to_winner)
    assert (game.phase, legal(game)) == (
        "poignee",
        ["no poignee", "poignee", "double poignee", "triple poignee"],
    )
    play(game, "triple poignee")
    # 15 trumps in hand: the triple shows all of them.
    assert state(game)["poignees"][0] == {"level": "triple", "shown": cards(f"1T {trumps(8, 21)}")}
    # 21T down to 8T, the kings, the Petit (trick 17), the Excuse led last (T4).
    _taker_leads(game, [f"{n}T" for n in range(21, 7, -1)] + ["KS", "KH", "1T", "EX"])
    assert game.is_over
    assert all(trick.winner == 0 for trick in game.tricks)
    # 182 half points, 3 bouts (target 72): made by 55; Garde (x2): 160; Petit au bout
    # on trick 17 (T13): +20; the triple +40; the announced slam +400. S = 620.
    assert state(game)["result"] == {
        "points": 91.0,
        "bouts": 3,
        "target": 36.0,
        "made": True,
        "difference": 55,
        "petit_au_bout": "taker",
        "slam": "taker",
        "stake": 620,
        "scores": [1860, -620, -620, -620],
    }
    assert game.scores == [1860, -620, -620, -620]
    assert state(game)["deal_scores"] == [[1860, -620, -620, -620]]
    assert (game.current_player, legal(game)) == (None, [])
    reload(game)


def test_an_announced_slam_lost_by_an_excuse_lead_before_the_last_trick() -> None:
    game = _slam_deal()
    play(game, "no poignee")
    _taker_leads(game, [f"{n}T" for n in range(21, 7, -1)] + ["KS", "KH", "EX"])
    # The defenders played their lowest cards: seat 1 all its spades and 2H-4H, seat 2
    # 7H-AH, 2D-9D, seat 3 CD-AD and 2C-QC. Trick 17: the Excuse led, seat 1 sets
    # hearts with 5H, seat 2 10D, seat 3 KC: seat 1 wins.
    assert game.tricks[-1].cards == ((0, "EX"), (1, "5H"), (2, "10D"), (3, "KC"))
    assert game.tricks[-1].winner == 1
    play_lowest(game, lambda g: g.is_over)
    # Trick 18: 6H JD AC and the taker's Petit, which wins it: Petit au bout.
    assert game.tricks[-1].cards == ((1, "6H"), (2, "JD"), (3, "AC"), (0, "1T"))
    # T2: the Excuse stays with the taker (3 bouts) and half a point passes: the taker
    # has 182 - (5H 1 + 10D 1 + KC 9) - 1 = 170; made by 49: (25 + 49) x 2 = 148,
    # + 20 Petit au bout, - 200 the announced slam not made: S = -32.
    result = state(game)["result"]
    assert (result["points"], result["bouts"], result["difference"]) == (85.0, 3, 49)
    assert (result["petit_au_bout"], result["slam"], result["stake"]) == ("taker", None, -32)
    assert result["scores"] == [-96, 32, 32, 32]
    reload(game)


# --- Observations --------------------------------------------------------------------------


def test_an_observation_hides_what_the_seat_may_not_know() -> None:
    game = new_game("tarot", seed=11, players=5, first_dealer=0)
    assert game.deal_number == 1
    view = observed(game, 2)
    for hidden in ("rng", "hands", "dealt", "history", "finished_deals"):
        assert hidden not in view
    assert view["hand"] == game.hand(2)
    assert view["hand_sizes"] == [15] * 5
    assert view["chien"] == [None] * 3
    assert (view["seat"], view["current_player"], view["scores"]) == (2, 1, [0] * 5)
    assert view["previous_deal"] is None
    # No card at all outside the seat's own hand.
    rest = {key: value for key, value in view.items() if key != "hand"}
    assert not (_strings(rest) & set(DECK))


# --- The match (T19) -------------------------------------------------------------------------


def _random_match(players: int, seed: int, check_every: int, **options: object) -> TarotReference:
    """A whole match of random legal actions, checking the invariants as it goes."""
    game = new_game("tarot", seed=seed, players=players, **options)
    chooser = random.Random(seed)
    steps = 0
    while True:
        data = state(game)
        _check_cards(data, players)
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
        game.apply(chooser.choice(actions))
        steps += 1


def _check_cards(data: JsonDict, players: int) -> None:
    """Cards are conserved: hands, trick, tricks, discard and the chien hold the deck."""
    held = [card for hand in data["hands"] for card in hand]
    held += [card for _, card in data["trick"]]
    held += [card for trick in data["tricks"] for _, card in trick["cards"]]
    held += data["discard"]
    if data["phase"] in ("bid", "call") or data["contract"] in ("garde sans", "garde contre"):
        held += data["chien"]
    assert sorted(held, key=face) == sorted(DECK, key=face)
    dealt = [card for hand in data["dealt"] for card in hand] + data["chien"]
    assert sorted(dealt, key=face) == sorted(DECK, key=face)
    assert all(len(hand) == HAND[players] for hand in data["dealt"])


def _strings(value: object) -> set[str]:
    """Every string in a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(_strings(item) for item in value))
    return set()


def _check_views(game: TarotReference, data: JsonDict) -> None:
    """Observations show no card of another seat's hand but those the table has seen
    (poignées shown, the chien turned up, the called card's name); the chien, the
    discard and the partner are hidden as the page says."""
    over = data["phase"] == "over"
    played = [card for trick in data["tricks"] for _, card in trick["cards"]]
    played += [card for _, card in data["trick"]]
    chien_shown = over or (
        data["contract"] in ("prise", "garde") and data["phase"] not in ("bid", "call")
    )
    seen = {card for poignee in data["poignees"] if poignee for card in poignee["shown"]}
    seen |= set(data["chien"]) if chien_shown else set()
    seen |= {data["called"]}
    for seat in range(game.num_players):
        view = observed(game, seat)
        assert view["hand"] == data["hands"][seat]
        assert view["hand_sizes"] == [len(hand) for hand in data["hands"]]
        others = {
            card for other, hand in enumerate(data["hands"]) if other != seat for card in hand
        }
        table = {key: value for key, value in view.items() if key not in ("hand", "previous_deal")}
        assert not (_strings(table) & (others - seen))
        assert view["chien"] == (data["chien"] if chien_shown else [None] * len(data["chien"]))
        if over or seat == data["taker"]:
            assert view["discard"] == data["discard"]
        else:
            assert view["discard"] == [c if c.endswith("T") else None for c in data["discard"]]
        partner_known = over or seat == data["partner"] or data["called"] in played
        assert view["partner"] == (data["partner"] if partner_known else None)


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (3, 1, {}),
        (4, 2, {}),
        (5, 3, {}),
        (4, 4, {"excuse_to_winner": True, "deals": 2}),
        (5, 5, {"single_deal": True, "first_dealer": 4}),
        (3, 6, {"deals": 5}),
    ],
)
def test_random_whole_matches(players: int, seed: int, options: dict[str, object]) -> None:
    game = _random_match(players, seed, 25, **options)
    data = state(game)
    deals = options.get("deals") or (1 if options.get("single_deal") else players)
    # T19: the match is its number of valid deals; each deal's scores sum to zero.
    assert len(data["deal_scores"]) == deals
    assert all(sum(scores) == 0 for scores in data["deal_scores"])
    assert game.scores == [sum(s[seat] for s in data["deal_scores"]) for seat in range(players)]
    assert data["result"]["scores"] == data["deal_scores"][-1]
    valid = [record for record in data["finished_deals"] if record["void"] is None]
    assert [record["result"]["scores"] for record in valid] == data["deal_scores"][:-1]
    # Every deal is recorded, void ones included; the dealer passes right after each.
    numbers = [record["deal"] for record in data["finished_deals"]] + [data["deal"]]
    assert numbers == list(range(1, data["deal"] + 1))
    dealers = [record["dealer"] for record in data["finished_deals"]] + [data["dealer"]]
    assert dealers == [(dealers[0] + k) % players for k in range(len(dealers))]
    if "first_dealer" in options:
        assert dealers[0] == options["first_dealer"]
    assert game.winners == [s for s, v in enumerate(game.scores) if v == max(game.scores)]
    assert (game.current_player, game.trick, game.trick_leader) == (
        None,
        [],
        game.tricks[-1].winner,
    )


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_state_of_a_deal_round_trips(players: int) -> None:
    # Every state of a random single deal, with the Excuse option, reads back as itself.
    game = _random_match(players, 40 + players, 1, single_deal=True, excuse_to_winner=True)
    assert len(state(game)["deal_scores"]) == 1


# --- from_json rejections ---------------------------------------------------------------------


def _mid_deal() -> JsonDict:
    """A four-player Garde in the first trick after a poignée (the T8/T10 deal)."""
    taker = f"{trumps(2, 15)} KS KH KD KC"
    game = layout(4, 3, {0: taker}, f"2S 3S {trumps(16, 19)}")
    play(game, "prise, pass, pass, pass")
    play(game, "discard 5T, discard 6T, discard 7T, discard 8T, discard 2S, discard 3S")
    play(game, "no slam, poignee, 2T")
    return state(game)


def _petit_sec_current(data: JsonDict) -> None:
    """The current deal dealt with the Petit to seat 1 instead of its 4S: seat 1's only
    trump, and no Excuse (the layout gives seat 3 the Petit, 20T, 21T and the Excuse)."""
    one, three = data["dealt"][1], data["dealt"][3]
    one[one.index("4S")], three[three.index("1T")] = "1T", "4S"
    one.sort(key=face)
    three.sort(key=face)


def _swap_chien_card(data: JsonDict) -> None:
    data["chien"][0] = data["dealt"][1][0]


def _unsorted_dealt(data: JsonDict) -> None:
    data["dealt"][1].reverse()


REJECTIONS: dict[str, tuple[Callable[[JsonDict], None], str]] = {
    "phase in upper case": (_edit(["phase"], "PLAY"), "'phase'"),
    "phase slam in other case": (_edit(["phase"], "Slam"), "'phase'"),
    "a poignee level not shown": (
        _edit(["poignees", 0], {"level": "simple", "shown": ["2T"]}),
        r"'poignees'\[0\]\['shown'\]",
    ),
    "a hidden poignee": (_edit(["poignees", 0], None), r"'poignees'\[0\]"),
    "a discard of a king": (_edit(["discard", 0], "KS"), "discard"),
    "a chien card twice": (_swap_chien_card, "78 cards once each"),
    "a short chien": (_edit(["chien"], ["2S"]), "'chien' must hold 6 items"),
    "unsorted dealt hands": (_unsorted_dealt, r"'dealt'\[1\]"),
    "a wrong contract": (_edit(["contract"], "garde"), "'contract'"),
    "a wrong partner": (_edit(["partner"], 1), "'partner'"),
    "a wrong slam flag": (_edit(["slam"], True), "'slam'"),
    "a deal number": (_edit(["deal"], 2), "'deal'"),
    "a trick leader": (_edit(["trick_leader"], 1), "'trick_leader'"),
    "three players' options": (_edit(["options", "players"], 3), "must be from 0 to 2"),
    "deals with single_deal": (_edit(["options", "single_deal"], True), "'deals'|single"),
    "no history": (_edit(["history"], []), "'bids'|'phase'"),
    "an extra key": (_edit(["extra"], 1), r"unknown keys \['extra'\]"),
    "a petit sec in play": (_petit_sec_current, "laying it out ends deal 1"),
}


@pytest.mark.parametrize(("edit", "reason"), REJECTIONS.values(), ids=REJECTIONS.keys())
def test_from_json_rejects(edit: Callable[[JsonDict], None], reason: str) -> None:
    data = _mid_deal()
    load(data)
    data["options"]["deals"] = 1
    load(data)
    edit(data)
    with pytest.raises(RuleError, match=reason):
        load(data)


def test_from_json_reads_texts_in_any_case_but_the_phase() -> None:
    data = _mid_deal()
    lowered = copy.deepcopy(data)
    lowered["contract"] = "PRISE"
    lowered["history"] = [text.upper() for text in lowered["history"]]
    lowered["hands"][0] = [card.lower() for card in lowered["hands"][0]]
    assert state(load(lowered)) == data


def test_from_json_reads_void_deals_in_the_middle() -> None:
    # Two petit sec deals (4 players, seed 199908), then an all-pass deal, then a deal
    # in play: every void deal is laid out again from its record.
    game = new_game("tarot", seed=199908, first_dealer=0)
    play(game, "pass, pass, pass, pass, garde")
    data = state(game)
    assert [r["void"] for r in data["finished_deals"]] == ["petit sec", "petit sec", "all pass"]
    assert load(data).to_json() == game.to_json()
    # A void record dealt by the wrong seat, or dropped, is refused.
    changed = copy.deepcopy(data)
    changed["finished_deals"][1]["dealer"] = 3
    with pytest.raises(RuleError, match="as the rules give"):
        load(changed)
    changed = copy.deepcopy(data)
    del changed["finished_deals"][0]
    with pytest.raises(RuleError):
        load(changed)
    # The first void deal's petit sec given the Excuse: no longer void, so the history
    # is played in it and does not give the records.
    changed = copy.deepcopy(data)
    dealt = changed["finished_deals"][0]["dealt"]
    seat = next(s for s, hand in enumerate(dealt) if _petit_sec(hand))
    chien = changed["finished_deals"][0]["chien"]
    holder = next((hand for hand in dealt if "EX" in hand), chien)
    holder[holder.index("EX")], dealt[seat][0] = dealt[seat][0], "EX"
    changed["finished_deals"][0]["dealt"] = [sorted(hand, key=face) for hand in dealt]
    changed["finished_deals"][0]["chien"] = sorted(chien, key=face)
    assert not any(_petit_sec(hand) for hand in changed["finished_deals"][0]["dealt"])
    with pytest.raises(RuleError):
        load(changed)
