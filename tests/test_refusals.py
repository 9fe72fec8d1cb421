"""Every refusal says which rule refused the action (issue 26, docs/protocol.md, "Errors").

Each test reaches a state where a rule refuses an action (a seeded match played by
random legal actions until the situation arises), asks for that action, and checks
that the `IllegalActionError` names the rule in the player's terms, cites its
number on the game's rules page, and that the game is left exactly as it was.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

import pytest

import cardcore
from cardcore import Card

Finder = Callable[[Any], "str | None"]


def refused(game: Any, action: str) -> str:
    """The message refusing `action`; the game must be unchanged by it."""
    before = game.to_json()
    with pytest.raises(cardcore.IllegalActionError) as caught:
        game.apply(action)
    assert game.to_json() == before
    return str(caught.value)


def find(cls: Any, finder: Finder, *, seeds: int = 200, **options: Any) -> tuple[Any, str]:
    """A seeded match played at random until `finder` names an action to try there."""
    for seed in range(seeds):
        game = cls(seed=seed, **options)
        rng = random.Random(seed)
        steps = 0
        while not game.is_over and steps < 3000:
            action = finder(game)
            if action is not None:
                return game, action
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
    raise AssertionError(f"no state found for {finder.__name__}")


def hand(game: Any) -> list[Card]:
    return list(game.hand(game.current_player))


def not_legal(game: Any, cards: list[Card]) -> list[Card]:
    legal = {str(a) for a in game.legal_actions()}
    return [card for card in cards if str(card) not in legal]


def suit_name(card: Card) -> str:
    suit = card.suit
    assert suit is not None
    return suit.name.lower()


# Tarot --------------------------------------------------------------------------------


def tarot_led(game: Any) -> Card | None:
    return next((card for _, card in game.trick if not card.is_excuse), None)


def tarot_off_suit(game: Any) -> str | None:
    led = tarot_led(game)
    if game.phase != "play" or led is None or led.suit is None:
        return None
    held = hand(game)
    if not any(card.suit == led.suit for card in held):
        return None
    other = [c for c in held if c.suit != led.suit and not c.is_excuse]
    return str(other[0]) if other else None


def tarot_no_trump(game: Any) -> str | None:
    led = tarot_led(game)
    if game.phase != "play" or led is None or led.suit is None:
        return None
    held = hand(game)
    if any(card.suit == led.suit for card in held) or not any(c.tarot_trump for c in held):
        return None
    other = [c for c in held if c.suit is not None]
    return str(other[0]) if other else None


def tarot_undertrump(game: Any) -> str | None:
    led = tarot_led(game)
    if game.phase != "play" or led is None:
        return None
    held = hand(game)
    if led.suit is not None and any(card.suit == led.suit for card in held):
        return None
    top = max((c.tarot_trump or 0) for _, c in game.trick)
    trumps = [c for c in held if c.tarot_trump]
    if top and any(c.tarot_trump > top for c in trumps):  # type: ignore[operator]
        under = [c for c in trumps if c.tarot_trump < top]  # type: ignore[operator]
        return str(under[0]) if under else None
    return None


def test_tarot_follow_trump_and_overtrump() -> None:
    game, card = find(cardcore.tarot.Tarot, tarot_off_suit)
    led = tarot_led(game)
    assert led is not None
    message = refused(game, card)
    assert f"may not play {card}: you must follow {suit_name(led)}: you hold " in message
    assert "(Jouer un tour)" in message
    game, card = find(cardcore.tarot.Tarot, tarot_no_trump)
    message = refused(game, card)
    assert "you must trump: you hold no " in message
    assert "(T17)" in message
    game, card = find(cardcore.tarot.Tarot, tarot_undertrump)
    message = refused(game, card)
    assert f"you must overtrump: {card} is under the " in message
    assert "(T17)" in message


def tarot_discard(kind: Callable[[Card], bool]) -> Finder:
    def finder(game: Any) -> str | None:
        if game.phase != "discard":
            return None
        cards = [c for c in hand(game) if kind(c)]
        return f"discard {cards[0]}" if cards else None

    return finder


def test_tarot_discard_rules() -> None:
    king = tarot_discard(lambda c: c.rank == cardcore.Rank.KING)
    game, action = find(cardcore.tarot.Tarot, king)
    assert "kings cannot go in the discard (T8)" in refused(game, action)
    bout = tarot_discard(lambda c: c.is_excuse or c.tarot_trump in (1, 21))
    game, action = find(cardcore.tarot.Tarot, bout)
    assert "bouts (the Petit, the 21, the Excuse) cannot go in the discard (T8)" in refused(
        game, action
    )

    def ordinary_trump(game: Any) -> str | None:
        held = hand(game) if game.phase == "discard" else []
        trumps = [c for c in held if c.tarot_trump and c.tarot_trump not in (1, 21)]
        if trumps and f"discard {trumps[0]}" not in {str(a) for a in game.legal_actions()}:
            return f"discard {trumps[0]}"
        return None

    game, action = find(cardcore.tarot.Tarot, ordinary_trump)
    message = refused(game, action)
    assert "a trump goes in the discard only when the ordinary cards run short" in message
    assert "(T8)" in message


def test_tarot_bids_phases_and_cards_not_held() -> None:
    def outbid(game: Any) -> str | None:
        made = [b for b in game.bids if b not in (None, "pass")]
        return "prise" if game.phase == "bid" and made else None

    game, action = find(cardcore.tarot.Tarot, outbid)
    highest = max(
        (b for b in game.bids if b not in (None, "pass")),
        key=["prise", "garde", "garde sans", "garde contre"].index,
    )
    assert f"a bid must be higher than {highest}, the highest so far" in refused(game, action)
    game = cardcore.tarot.Tarot(seed=1)
    card = hand(game)[0]
    assert "it is the bidding: bid or pass" in refused(game, str(card))

    def stranger(game: Any) -> str | None:
        if game.phase != "play":
            return None
        held = set(map(str, hand(game)))
        return next(t for t in ("1T", "2T", "3T", "4T") if t not in held)

    game, action = find(cardcore.tarot.Tarot, stranger)
    assert f"you do not hold {action}" in refused(game, action)
    game, _ = find(cardcore.tarot.Tarot, lambda g: "x" if g.phase == "play" else None)
    assert "it is the play: play a card" in refused(game, "garde")


def test_tarot_called_suit_and_poignee() -> None:
    def called_lead(game: Any) -> str | None:
        if game.phase != "play" or game.tricks or game.trick or game.called is None:
            return None
        barred = [c for c in hand(game) if c.suit == game.called.suit and c != game.called]
        return str(barred[0]) if barred and not_legal(game, barred) else None

    game, card = find(cardcore.tarot.Tarot, called_lead, players=5)
    message = refused(game, card)
    assert "the called card's suit cannot be led in the first trick" in message
    assert "(D1)" in message

    def poignee(game: Any) -> str | None:
        legal = {str(a) for a in game.legal_actions()}
        return (
            "triple poignee" if game.phase == "poignee" and "triple poignee" not in legal else None
        )

    game, action = find(cardcore.tarot.Tarot, poignee, players=5)
    message = refused(game, action)
    assert "your trumps do not reach a triple poignée" in message
    assert "(T9)" in message


# Brouc and Le Julien -------------------------------------------------------------------


def plain_off_suit(game: Any) -> str | None:
    if not game.trick or game.is_over:
        return None
    led = game.trick[0][1]
    held = hand(game)
    if not any(card.suit == led.suit for card in held):
        return None
    other = [c for c in held if c.suit != led.suit]
    return str(other[0]) if other else None


def test_brouc_follow_undertrump_and_the_end() -> None:
    game, card = find(cardcore.brouc.Brouc, plain_off_suit)
    message = refused(game, card)
    assert f"you must follow {suit_name(game.trick[0][1])}: you hold " in message
    assert "(B8)" in message

    def undertrump(game: Any) -> str | None:
        if not game.trick or game.is_over:
            return None
        led = game.trick[0][1].suit
        if any(card.suit == led for card in hand(game)):
            return None
        refused_cards = not_legal(game, hand(game))
        trumps = [c for c in refused_cards if c.suit == game.trump]
        return str(trumps[0]) if trumps else None

    game, card = find(cardcore.brouc.Brouc, undertrump)
    message = refused(game, card)
    assert f"you may not undertrump: {card} is under the " in message
    assert "(B9)" in message
    game = cardcore.brouc.Brouc(seed=3, single_deal=True)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert "the game is over" in refused(game, "AS")


def test_julien_follow_twenty_five_and_phases() -> None:
    game, card = find(cardcore.julien.Julien, plain_off_suit)
    message = refused(game, card)
    assert f"you must follow {suit_name(game.trick[0][1])}: you hold " in message
    assert "(J2)" in message
    game = cardcore.julien.Julien(seed=2)
    assert game.phase == "bid"
    assert str(game.tour_kind) != "speco"
    message = refused(game, "25 rouges")
    assert "may be bid only in the Spéco and the Superspec" in message
    assert "(J10)" in message
    assert "it is the bidding" in refused(game, str(hand(game)[0]))
    game, _ = find(cardcore.julien.Julien, lambda g: "x" if g.phase == "play" else None)
    assert "it is the play: play a card" in refused(game, "take")
    held = set(map(str, hand(game)))
    stranger = next(str(c) for c in cardcore.deck(52) if str(c) not in held)
    assert f"you do not hold {stranger}" in refused(game, stranger)


# 500 ------------------------------------------------------------------------------------


def test_five_hundred_follow_and_bowers() -> None:
    def off_suit(game: Any) -> str | None:
        if game.phase != "play" or not game.trick:
            return None
        refused_cards = not_legal(game, hand(game))
        return str(refused_cards[0]) if refused_cards else None

    game, card = find(cardcore.five_hundred.FiveHundred, off_suit)
    message = refused(game, card)
    assert "you must follow " in message
    assert "(F8)" in message

    def left_bower(game: Any) -> str | None:
        # The jack of the trump's colour, held under a lead of its printed suit.
        if game.phase != "play" or not game.trick or game.trump is None:
            return None
        led = game.trick[0][1]
        for card in not_legal(game, hand(game)):
            if card.rank == cardcore.Rank.JACK and card.suit == led.suit != game.trump:
                return str(card)
        return None

    game, card = find(cardcore.five_hundred.FiveHundred, left_bower, seeds=2000)
    message = refused(game, card)
    assert f"{card} counts as " in message
    assert "the trump suit (F3)" in message


def test_five_hundred_auction_and_kitty() -> None:
    game = cardcore.five_hundred.FiveHundred(seed=4)
    game.apply("7 hearts")
    message = refused(game, "6 no trump")
    assert "a bid must be higher than 7 hearts, the highest so far (F5)" in message
    assert "the option misere is off (F6)" in refused(game, "misere")
    game = cardcore.five_hundred.FiveHundred(seed=4, misere=True)
    game.apply("6 spades")
    message = refused(game, "misere")
    assert "misère may be bid only once a seven-trick bid has been made" in message
    assert "it is the auction" in refused(game, str(hand(game)[0]))

    game, _ = find(cardcore.five_hundred.FiveHundred, lambda g: g.phase == "discard" or None)
    assert "discards 6 more cards, one at a time (F7)" in refused(game, str(hand(game)[0]))
    held = set(map(str, hand(game)))
    stranger = next(str(c) for c in cardcore.deck(46) if str(c) not in held)
    assert f"you do not hold {stranger}" in refused(game, f"discard {stranger}")


# Jolly ----------------------------------------------------------------------------------


def test_jolly_draw_take_and_opening() -> None:
    game = cardcore.jolly.Jolly(seed=5)
    assert game.phase == "draw"
    message = refused(game, "discard " + str(hand(game)[0]))
    assert "it is your draw" in message
    assert "(L4)" in message

    def take_unopened(game: Any) -> str | None:
        seat = game.current_player
        if game.phase == "draw" and game.row and not game.opened[seat]:
            return "take 1"
        return None

    game, action = find(cardcore.jolly.Jolly, take_unopened)
    assert "only a seat that opened in an earlier turn may take from the row (L4)" in refused(
        game, action
    )

    def pending(game: Any) -> str | None:
        return "discard" if game.phase == "play" and game.pending else None

    game, _ = find(cardcore.jolly.Jolly, pending)
    message = refused(game, f"discard {hand(game)[0]}")
    assert "short of the opening's 40" in message
    assert "(L5, J10)" in message

    def lay_off_unopened(game: Any) -> str | None:
        seat = game.current_player
        if game.phase == "play" and game.melds and not game.opened[seat] and not game.pending:
            return "on meld 0"
        return None

    game, action = find(cardcore.jolly.Jolly, lay_off_unopened)
    assert "a seat that has not opened may not lay off" in refused(game, action)


def test_jolly_melds_and_discards() -> None:
    def building(game: Any) -> str | None:
        building = game.building
        return (
            "close"
            if game.phase == "build" and building is not None and len(building) < 3
            else None
        )

    game, action = find(cardcore.jolly.Jolly, building)
    message = refused(game, action)
    assert "is not yet a valid set or run" in message
    assert "(L6, L7)" in message
    assert "a meld is being built" in refused(game, "draw")

    def wrong_next(game: Any) -> str | None:
        if game.phase != "build":
            return None
        legal = {str(a) for a in game.legal_actions()}
        lays = [f"lay {c}" for c in hand(game) if not c.is_joker and f"lay {c}" not in legal]
        return lays[0] if lays else None

    game, action = find(cardcore.jolly.Jolly, wrong_next)
    assert "(L6, L7, J9)" in refused(game, action) or "(L11, J3)" in refused(game, action)

    def forbidden(game: Any) -> str | None:
        if game.phase != "play" or game.pending or len(game.taken) != 1:
            return None
        return f"discard {game.taken[0]}"

    game, action = find(cardcore.jolly.Jolly, forbidden, seeds=400)
    message = refused(game, action)
    assert "alone from the row" in message
    assert "(L14, J5)" in message


# The command line -----------------------------------------------------------------------


def test_cardcore_play_shows_the_engines_reason_for_a_refused_card() -> None:
    from cardcore._views.tarot import TarotView

    game, card = find(cardcore.tarot.Tarot, tarot_off_suit)
    led = tarot_led(game)
    assert led is not None
    view = TarotView(game, game.current_player, io.StringIO())
    said = view.parse_card(card)
    assert isinstance(said, str)
    assert f"{card} cannot be played now: you must follow {suit_name(led)}: you hold " in said
    assert "(Jouer un tour). Playable: " in said
