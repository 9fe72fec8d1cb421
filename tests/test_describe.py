"""Saying what an action does (``game.describe``), the Jolly helpers that read the table
(``opened_before_turn``, ``cardcore.jolly.meld_actions``), and 500's ``trump``: the
accessors users wrote by hand from the texts before (docs/protocol.md, "Describing an
action")."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import cardcore
from cardcore.jolly import Jolly, meld_actions


def states(name: str, seeds: range, steps: int = 3000, **options: Any) -> Iterator[Any]:
    """Every state of seeded random matches (at most ``steps`` actions each)."""
    for seed in seeds:
        game = cardcore.new_game(name, seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(steps):
            if game.is_over:
                break
            yield game
            game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("name", cardcore.GAMES)
def test_every_action_is_described(name: str) -> None:
    game = cardcore.new_game(name, seed=3)
    legal = {action.id for action in game.legal_actions()}
    for action in game.legal_actions():
        words = game.describe(action)
        assert words == game.describe(action.id) == game.describe(str(action))
        assert str(action).lower() in words.lower(), words
    # An action not legal now is said by its text; the state is unchanged.
    before = game.to_json()
    for action_id in range(200):
        try:
            action = game.action(action_id)
        except cardcore.IllegalActionError:
            break
        if action_id not in legal:
            words = game.describe(action_id)
            assert words in (str(action), f"{action.kind} {action!s}"), words
    assert game.to_json() == before
    with pytest.raises(cardcore.NotationError):
        game.describe("not an action")


def test_card_plays_default_to_play_and_the_card() -> None:
    brouc = cardcore.new_game("brouc", seed=1)
    first = brouc.legal_actions()[0]
    assert brouc.describe(first) == f"play {first!s}"


def test_a_brouc_play_that_ends_a_trick_says_who_wins_it() -> None:
    seen = 0
    for game in states("brouc", range(2), single_deal=True):
        if len(game.trick) == 3:
            for action in game.legal_actions():
                words = game.describe(action)
                after = game.clone()
                after.apply(action)
                deal = after.current_deal if after.current_deal.tricks else after.last_deal
                winner = deal.trick_winners[-1]
                assert words.startswith(f"play {action!s}, ending the trick: seat {winner}")
                seen += 1
    assert seen > 0


def test_bids_say_their_contract() -> None:
    five = cardcore.new_game("five_hundred", seed=1)
    assert five.describe("7 hearts") == (
        "bid 7 hearts: your team to win 7 of the 10 tricks, hearts trumps; worth 200"
    )
    assert "no trump (the jokers the only trumps); worth 220" in five.describe("7 no trump")
    assert five.describe("pass") == "pass: out of this deal's auction"
    tarot = cardcore.new_game("tarot", seed=1)
    assert tarot.describe("garde sans") == (
        "bid garde sans: become the taker; the chien counts for you, unseen; stakes x4"
    )
    julien = cardcore.new_game("julien", seed=1)
    assert julien.describe("10 Rouges") == (
        "bid 10 Rouges: collect, after elimination, 10 to 14 red cards"
    )
    assert julien.describe("Noir") == "bid Noir: take no trick holding a red card"


def test_500_card_plays_say_a_trump_under_the_contract() -> None:
    for game in states("five_hundred", range(3), single_deal=True):
        if game.phase != "play" or game.contract is None:
            continue
        for action in game.legal_actions():
            card = action.card
            words = game.describe(action)
            suit = game.effective_suit(card)
            if suit is None:
                assert words == f"play {card}: a joker, one of no trump's two trumps"
            elif card.suit != suit:
                assert words.startswith(f"play {card}: a trump of "), words
            else:
                assert words == f"play {card}"


def test_tarot_poignees_and_discards_say_what_they_show() -> None:
    found = set()
    for game in states("tarot", range(30), single_deal=True):
        for action in game.legal_actions():
            words = game.describe(action)
            if action.kind == "poignee" and str(action) != "no poignee":
                size = {"poignee": 10, "double poignee": 13, "triple poignee": 15}[str(action)]
                assert f"show {size} trumps" in words, words
                found.add("poignee")
            if action.kind == "discard":
                assert words.startswith(f"{action!s}: it counts for the taker"), words
                assert words.endswith("(a trump)") == (action.card.suit is None)
                found.add("discard")
    assert found == {"poignee", "discard"}


def jokers(hand: list[cardcore.Card]) -> int:
    return sum(card.is_joker for card in hand)


def test_jolly_placements_say_lay_off_or_swap_and_ace_low_or_in_a_set() -> None:
    seen: set[str] = set()
    for game in states("jolly", range(12), steps=2500, players=2):
        for action in game.legal_actions():
            if action.kind != "lay":
                continue
            words = game.describe(action)
            seat = game.current_player
            after = game.clone()
            after.apply(action)
            if game.phase == "lay_off":
                swapped = jokers(after.hand(seat)) > jokers(game.hand(seat)) - action.card.is_joker
                assert words.startswith("swap" if swapped else "lay off"), words
                seen.add("swap" if swapped else "lay off")
                meld = after.melds[game.selected]
            else:
                starts = game.building is None
                assert words.startswith("start a new meld" if starts else "add"), words
                meld = after.building
            text = str(action)
            if text.startswith("lay A") and not text.endswith("high") and not action.card.is_joker:
                if meld.kind == "run":
                    assert f"{action.card} low (below the 2)" in words, words
                    seen.add("ace low")
                elif meld.kind == "set":
                    assert f"{action.card} in a set of aces" in words, words
                    seen.add("ace in a set")
    assert {"swap", "lay off"} <= seen, seen


def test_jolly_opened_before_turn_is_what_take_asks() -> None:
    seen = set()
    for game in states("jolly", range(8), steps=2500, players=2):
        seat = game.current_player
        before = game.opened_before_turn
        assert before == game.observation(0).opened_before_turn
        for other in range(game.num_players):
            expected = game.opened[other] and not (other == seat and game.opened_now)
            assert before[other] == expected
        if game.phase == "draw" and game.row:
            # The take rule asks it of the seat to play.
            may_take = any(action.kind == "take" for action in game.legal_actions())
            if may_take:
                assert before[seat]
        if game.opened_now:
            assert game.opened[seat]
            assert not before[seat]
            seen.add("opened now")
    assert seen == {"opened now"}


def test_meld_actions_lay_a_meld() -> None:
    def texts(cards: list[str]) -> list[str]:
        return [str(action) for action in meld_actions(cards)]

    assert texts(["7H", "8H", "9H"]) == ["lay 7H", "lay 8H", "lay 9H", "close"]
    assert texts(["AH", "2H", "3H"]) == ["lay AH", "lay 2H", "lay 3H", "close"]
    assert texts(["QH", "KH", "AH"]) == ["lay QH", "lay KH", "lay AH high", "close"]
    assert texts(["7H", "JK", "9H"]) == ["lay 7H", "lay JK as 8H", "lay 9H", "close"]
    assert texts(["9S", "JK", "9D"]) == ["lay 9S", "lay 9D", "lay JK as 9", "close"]
    assert texts(["AS", "AD", "AC"]) == ["lay AS", "lay AD", "lay AC", "close"]
    for bad in (["7H", "8H"], ["7H", "9H", "8H"], ["9S", "9S", "9D"], ["KH", "AH", "2H"], []):
        with pytest.raises(cardcore.OptionError, match=r"cards.*no set or run"):
            meld_actions(bad)
    with pytest.raises(cardcore.NotationError):
        meld_actions(["7H", "8X", "9H"])


def test_meld_actions_are_what_the_game_plays() -> None:
    # Every new meld closed in random play: its cards' actions are the placements that
    # built it (a set's in another order: its natural cards first), then close.
    checked = 0
    for seed in range(6):
        game = Jolly(seed=seed, players=2)
        rng = random.Random(seed)
        steps: list[int] = []
        for _ in range(2500):
            if game.is_over:
                break
            action = rng.choice(game.legal_actions())
            if action.kind == "lay" and game.phase in ("play", "build"):
                steps.append(action.id)
            elif action.kind == "undo" and game.phase == "build":
                steps.pop()
            elif action.kind == "close":
                assert game.building is not None
                cards = [card for card, _, _ in game.building.cards]
                laid = [a.id for a in meld_actions(cards)]
                assert laid[-1] == game.action("close").id
                assert sorted(laid[:-1]) == sorted(steps), (cards, steps)
                checked += 1
                steps = []
            game.apply(action)
    assert checked > 0
