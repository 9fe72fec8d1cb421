"""Chosen deals: every game's ``from_deal`` (docs/protocol.md, "Chosen deals").

A match set up from chosen hands must lay out exactly those hands and the
game's own part of the deal, be checked like any saved state (a bad deal is a
cardcore error naming what is wrong), save and read back, and play to its end.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

import cardcore
from cardcore import Card


@dataclass(frozen=True)
class Setup:
    """How one game takes a chosen deal."""

    cls: Any
    #: The keyword naming the game's part of the deal besides the hands.
    aside: str
    #: A card that is not in the game's deck.
    stranger: str
    players: tuple[int, ...]

    @property
    def turned(self) -> bool:
        """Brouc's trump card is one card of the dealer's hand, not cards apart."""
        return self.aside == "trump_card"

    def new(self, seed: int, players: int, **options: Any) -> Any:
        if len(self.players) > 1:
            options["players"] = players
        return self.cls(seed=seed, **options)

    def aside_of(self, game: Any) -> Any:
        """The game's part of the deal in play, as `from_deal` takes it."""
        return getattr(game, self.aside)

    def deal_of(self, game: Any) -> tuple[list[list[Card]], Any]:
        """The hands and the aside of a game that has taken no action yet."""
        hands = [list(game.hand(seat)) for seat in range(game.num_players)]
        return hands, self.aside_of(game)


SETUPS = {
    "brouc": Setup(cardcore.brouc.Brouc, "trump_card", "2S", (4,)),
    "julien": Setup(cardcore.julien.Julien, "talon", "1T", (4,)),
    "tarot": Setup(cardcore.tarot.Tarot, "chien", "JK", (3, 4, 5)),
    "five_hundred": Setup(cardcore.five_hundred.FiveHundred, "kitty", "2S", (4,)),
    "jolly": Setup(cardcore.jolly.Jolly, "stock", "1T", (2, 3, 4)),
}

TABLES = [(name, players) for name, setup in SETUPS.items() for players in setup.players]
TABLE_IDS = [f"{name}-{players}" for name, players in TABLES]


def table_options(setup: Setup, players: int) -> dict[str, Any]:
    return {"players": players} if len(setup.players) > 1 else {}


def fresh(setup: Setup, players: int, seed: int) -> tuple[int, Any]:
    """The first seed from `seed` on whose first deal stands (a Tarot petit sec
    voids one as it is dealt), and its game."""
    for s in range(seed, seed + 50):
        game = setup.new(s, players)
        if getattr(game, "deal_number", 1) == 1:
            return s, game
    raise AssertionError("no seed deals a first deal that stands")


def cards(texts: str) -> list[Card]:
    return [Card(text) for text in texts.split()]


def texts(items: Any) -> list[str]:
    return [str(card) for card in items]


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_seeds_own_deal_gives_the_seeded_game(name: str, players: int, seed: int) -> None:
    # The later deals are the seed's: given the seed's own first deal, from_deal
    # is the seeded game exactly, generator included.
    setup = SETUPS[name]
    seed_used, seeded = fresh(setup, players, seed)
    hands, aside = setup.deal_of(seeded)
    chosen = setup.cls.from_deal(
        hands,
        dealer=seeded.dealer,
        seed=seed_used,
        **{setup.aside: aside},
        **table_options(setup, players),
    )
    assert chosen.to_json() == seeded.to_json()
    assert chosen == seeded


def rotated(setup: Setup, game: Any) -> tuple[list[list[Card]], Any, int]:
    """Another deal than the seed's: each seat gets the next seat's hand, and the
    deal goes to the seat after the seed's dealer (for Brouc, the seat now
    holding the turned card)."""
    hands, aside = setup.deal_of(game)
    seats = len(hands)
    hands = [hands[(seat + 1) % seats] for seat in range(seats)]
    dealer = (game.dealer + 1) % seats
    if setup.turned:
        dealer = next(seat for seat in range(seats) if aside in hands[seat])
    if isinstance(aside, list):
        aside = list(reversed(aside))
    return hands, aside, dealer


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_a_chosen_deal_is_laid_out_as_given(name: str, players: int) -> None:
    setup = SETUPS[name]
    _, seeded = fresh(setup, players, 7)
    hands, aside, dealer = rotated(setup, seeded)
    game = setup.cls.from_deal(
        [texts(hand) for hand in hands],  # card texts are taken as cards are
        dealer=dealer,
        seed=7,
        **{setup.aside: aside},
        **table_options(setup, players),
    )
    assert game.dealer == dealer
    assert game.history == []
    for seat, hand in enumerate(hands):
        assert Counter(texts(game.hand(seat))) == Counter(texts(hand))
    if setup.turned:
        assert game.trump_card == aside
        assert game.trump == aside.suit
    elif name in ("julien", "jolly"):
        # The talon is read, and the stock drawn, in the order given.
        assert texts(setup.aside_of(game)) == texts(aside)
    else:
        assert sorted(texts(setup.aside_of(game))) == sorted(texts(aside))
    assert game != seeded
    again = cardcore.from_json(game.to_json())
    assert again == game
    assert again.to_json() == game.to_json()


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_a_chosen_match_plays_to_its_end_and_reads_back(name: str, players: int) -> None:
    setup = SETUPS[name]
    hands, aside, dealer = rotated(setup, fresh(setup, players, 3)[1])
    game = setup.cls.from_deal(
        hands, dealer=dealer, seed=3, **{setup.aside: aside}, **table_options(setup, players)
    )
    rng = random.Random(name)
    steps = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
        if steps % 97 == 0:
            assert cardcore.from_json(game.to_json()) == game
    assert steps > 0
    assert cardcore.from_json(game.to_json()) == game


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_the_cards_played_come_from_the_chosen_deal(name: str, players: int) -> None:
    setup = SETUPS[name]
    hands, aside, dealer = rotated(setup, fresh(setup, players, 11)[1])
    game = setup.cls.from_deal(
        hands,
        dealer=dealer,
        seed=11,
        single_deal=True,
        **{setup.aside: aside},
        **table_options(setup, players),
    )
    apart = set() if setup.turned else set(texts(aside))
    rng = random.Random(11)
    played = 0
    while not game.is_over:
        seat = game.current_player
        held = set(texts(game.hand(seat)))
        legal = game.legal_actions()
        for action in legal:
            if action.kind in ("play", "discard", "lay"):
                # A card is played, discarded or laid only from the seat's
                # hand: in the trick games, dealt to it or taken from the
                # aside (in Jolly, cards also pass from hand to hand by the row).
                assert str(action.card) in held
                if name != "jolly":
                    assert str(action.card) in set(texts(hands[seat])) | apart
        action = rng.choice(legal)
        played += action.kind in ("play", "discard", "lay")
        game.apply(action)
    assert played > 0


DECK_SIZES = {"brouc": 32, "julien": 52, "tarot": 78, "five_hundred": 46, "jolly": 110}
HAND_SIZES = {"brouc": 8, "julien": 10, "five_hundred": 10, "jolly": 13}
TAROT_HANDS = {3: 24, 4: 18, 5: 15}


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
@pytest.mark.parametrize("draw", range(5))
def test_any_deal_of_the_deck_is_taken(name: str, players: int, draw: int) -> None:
    # Deals shuffled outside the engine (Python's own generator): every one is
    # accepted, laid out as given, and saves and reads back.
    setup = SETUPS[name]
    rng = random.Random(f"{name}-{players}-{draw}")
    deck = cardcore.deck(DECK_SIZES[name])
    rng.shuffle(deck)
    size = TAROT_HANDS[players] if name == "tarot" else HAND_SIZES[name]
    hands = [deck[seat * size : (seat + 1) * size] for seat in range(players)]
    dealer = rng.randrange(players)
    aside: Any = rng.choice(hands[dealer]) if setup.turned else deck[players * size :]
    game = make_from(setup, players, hands, aside, dealer, seed=draw)
    if getattr(game, "deal_number", 1) == 1:
        for seat, hand in enumerate(hands):
            assert Counter(texts(game.hand(seat))) == Counter(texts(hand))
    assert cardcore.from_json(game.to_json()) == game


def make_from(setup: Setup, players: int, hands: Any, aside: Any, dealer: Any, **more: Any) -> Any:
    return setup.cls.from_deal(
        hands, dealer=dealer, **{setup.aside: aside}, **table_options(setup, players), **more
    )


def test_brouc_legal_cards_follow_from_the_chosen_hands() -> None:
    hands = [
        cards("7D 8D 9D 10D 7C 8C 9C 10C"),
        cards("JS QS KS AS JH QH KH AH"),
        cards("7S 8S 9S 10S 7H 8H 9H 10H"),
        cards("JD QD KD AD JC QC KC AC"),
    ]
    game = cardcore.brouc.Brouc.from_deal(hands, dealer=0, trump_card="10C", seed=0)
    assert game.trump == cardcore.Suit.CLUBS
    # The dealer's right leads, any card it was dealt.
    assert game.current_player == 1
    assert texts(a.card for a in game.legal_actions()) == texts(hands[1])
    game.apply("AS")
    # Seat 2 follows spades.
    assert texts(a.card for a in game.legal_actions()) == ["7S", "8S", "9S", "10S"]
    game.apply("10S")
    # Seat 3 holds no spade and no trump is in the trick: anything goes.
    assert texts(a.card for a in game.legal_actions()) == texts(hands[3])
    game.apply("JC")
    # The dealer holds no spade and may not undertrump the JC (B9): its 7C, 8C
    # and 9C are out, the 10C (above the jack) and the diamonds are in.
    assert texts(a.card for a in game.legal_actions()) == ["7D", "8D", "9D", "10D", "10C"]


# The rules page's worked example (docs/rules/tarot.md, "Settlement"): a Garde
# with 2 bouts whose taker makes 45 points: each defender pays (25 + 4) x 2 = 58,
# the taker receives 174. Set up from this chosen deal, dealt by seat 3: seat 0
# (the first to speak) takes a Garde, the others pass; every seat then plays its
# first legal card, and nobody declares anything.
TAROT_EXAMPLE = [
    "2S 5S 8S 10S QS 2H JH QH KH 5D 6D QD QC 2T 8T 10T 15T 21T",
    "3S 4S 6S 7S CS AS 3H 4H 8H AH JD 10C JC CC KC 4T 19T 20T",
    "9S 9H 3D 9D 10D CD AD 2C 3C 5C 1T 5T 7T 11T 12T 16T 18T EX",
    "JS KS 5H 6H 10H CH 2D 4D 7D 8D 4C 6C 7C 8C AC 3T 13T 17T",
]
TAROT_EXAMPLE_CHIEN = "7H KD 9C 6T 9T 14T"


def test_tarot_worked_example_from_a_chosen_deal() -> None:
    game = cardcore.tarot.Tarot.from_deal(
        [hand.split() for hand in TAROT_EXAMPLE],
        chien=TAROT_EXAMPLE_CHIEN.split(),
        dealer=3,
        seed=0,
        single_deal=True,
    )
    assert texts(game.chien) == TAROT_EXAMPLE_CHIEN.split()
    assert game.current_player == 0
    while not game.is_over:
        if game.phase == "bid":
            game.apply("garde" if game.current_player == 0 else "pass")
            continue
        legal = game.legal_actions()
        declines = [action for action in legal if str(action).startswith("no ")]
        game.apply(declines[0] if declines else legal[0])
    result = game.result
    assert result is not None
    assert game.taker == 0
    assert str(game.contract) == "garde"
    assert (result.points, result.bouts, result.target) == (45, 2, 41)
    assert result.made
    assert result.stake == (25 + 4) * 2
    assert result.scores == [174, -58, -58, -58]
    assert cardcore.from_json(game.to_json()) == game


def test_tarot_a_chosen_petit_sec_voids_the_deal_at_once() -> None:
    # T15: a hand whose only trump is the Petit (no Excuse) voids the deal as it
    # is laid out; the next seat deals deal 2 from the seed's generator.
    deck = cardcore.deck(78)
    petit = Card("1T")
    plain = [card for card in deck if card.suit is not None]
    trumps = [card for card in deck if card.suit is None and card != petit]
    hands = [[petit, *plain[:17]], plain[17:35], plain[35:52] + trumps[:1], trumps[1:19]]
    chien = plain[52:] + trumps[19:]
    game = cardcore.tarot.Tarot.from_deal(hands, chien=chien, dealer=0, seed=5)
    assert game.deal_number == 2
    assert game.dealer == 1
    void = game.last_deal
    assert void is not None
    assert str(void.void) == "petit sec"
    assert cardcore.from_json(game.to_json()) == game


# ---------------------------------------------------------------- refusals


def chosen(name: str, players: int) -> tuple[Setup, list[list[Card]], Any, int]:
    setup = SETUPS[name]
    hands, aside, dealer = rotated(setup, fresh(setup, players, 21)[1])
    return setup, hands, aside, dealer


def make(setup: Setup, players: int, hands: Any, aside: Any, dealer: Any, **more: Any) -> Any:
    return setup.cls.from_deal(
        hands,
        dealer=dealer,
        seed=21,
        **{setup.aside: aside},
        **table_options(setup, players),
        **more,
    )


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_a_card_dealt_twice_and_one_missing(name: str, players: int) -> None:
    setup, hands, aside, dealer = chosen(name, players)
    lost = hands[0][-1]
    twice = next(card for card in hands[1] if card != lost)
    hands[0][-1] = twice
    if setup.turned and lost == aside:
        aside = hands[0][0]
    with pytest.raises(cardcore.OptionError, match="option 'hands'") as caught:
        make(setup, players, hands, aside, dealer)
    message = str(caught.value)
    assert f"{twice} is dealt" in message
    assert f"not dealt: {lost}" in message


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_a_hand_of_the_wrong_size(name: str, players: int) -> None:
    setup, hands, aside, dealer = chosen(name, players)
    moved = hands[0].pop(0 if hands[0][0] != aside else 1)
    hands[1].append(moved)
    with pytest.raises(
        cardcore.OptionError, match=r"seat 0 is given \d+ cards, but the rules deal"
    ):
        make(setup, players, hands, aside, dealer)
    # A card missing from the deal altogether: the hand is short.
    setup, hands, aside, dealer = chosen(name, players)
    seat = (dealer + 1) % players
    hands[seat].pop()
    with pytest.raises(cardcore.OptionError, match=f"seat {seat} is given"):
        make(setup, players, hands, aside, dealer)


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_hands_for_the_wrong_number_of_seats(name: str, players: int) -> None:
    setup, hands, aside, dealer = chosen(name, players)
    with pytest.raises(cardcore.OptionError, match=f"expected {players} hands"):
        make(setup, players, hands[:-1], aside, dealer)


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_a_card_not_of_the_deck(name: str, players: int) -> None:
    setup, hands, aside, dealer = chosen(name, players)
    hands[dealer][0 if hands[dealer][0] != aside else 1] = Card(setup.stranger)
    with pytest.raises(
        cardcore.OptionError, match=f"{setup.stranger}, which is not a card of the {name} deck"
    ):
        make(setup, players, hands, aside, dealer)


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_the_aside_checked(name: str, players: int) -> None:
    setup, hands, aside, dealer = chosen(name, players)
    if setup.turned:
        other = next(card for card in hands[(dealer + 1) % players])
        with pytest.raises(
            cardcore.OptionError, match=r"option 'trump_card'.*not in the dealer's hand"
        ):
            make(setup, players, hands, other, dealer)
        with pytest.raises(TypeError, match="trump_card"):
            make(setup, players, hands, [aside], dealer)
        return
    with pytest.raises(
        cardcore.OptionError, match=f"option '{setup.aside}': {len(aside) - 1} cards given"
    ):
        make(setup, players, hands, aside[1:], dealer)
    with pytest.raises(cardcore.OptionTypeError, match=setup.aside):
        make(setup, players, hands, " ".join(texts(aside)), dealer)


@pytest.mark.parametrize("name", list(SETUPS))
def test_wrong_types_and_texts(name: str) -> None:
    players = SETUPS[name].players[-1]
    setup, hands, aside, dealer = chosen(name, players)
    with pytest.raises(cardcore.OptionTypeError, match="option 'hands': expected a list of hands"):
        make(setup, players, 42, aside, dealer)
    with pytest.raises(cardcore.OptionTypeError, match="option 'hands': expected a list of hands"):
        make(setup, players, "AS KS", aside, dealer)
    bad: list[list[Any]] = [list(hand) for hand in hands]
    bad[1][0] = 7
    with pytest.raises(
        cardcore.OptionTypeError, match="option 'hands': expected a card or its text, got 7"
    ):
        make(setup, players, bad, aside, dealer)
    bad[1][0] = "ZZ"
    with pytest.raises(cardcore.NotationError, match="ZZ"):
        make(setup, players, bad, aside, dealer)
    with pytest.raises(cardcore.SeatTypeError, match="dealer"):
        make(setup, players, hands, aside, "0")
    with pytest.raises(cardcore.SeatError, match="dealer: seat 9 is out of range"):
        make(setup, players, hands, aside, 9)
    with pytest.raises(cardcore.SeatError, match="dealer: seat -1 is out of range"):
        make(setup, players, hands, aside, -1)
    with pytest.raises(cardcore.OptionError, match="seed"):
        setup.cls.from_deal(
            hands, dealer=dealer, seed=-1, **{setup.aside: aside}, **table_options(setup, players)
        )
    with pytest.raises(cardcore.OptionTypeError, match=f"needs the {setup.aside}"):
        setup.cls.from_deal(hands, dealer=dealer, seed=0, **table_options(setup, players))
    with pytest.raises(cardcore.OptionError, match="colour"):
        make(setup, players, hands, aside, dealer, colour=1)
    with pytest.raises(cardcore.OptionError, match="option 'first_dealer': names seat"):
        make(setup, players, hands, aside, dealer, first_dealer=(dealer + 1) % players)
    # The first_dealer option, when it agrees, is kept.
    game = make(setup, players, hands, aside, dealer, first_dealer=dealer)
    assert game.options["first_dealer"] == dealer
    assert cardcore.from_json(game.to_json()) == game
