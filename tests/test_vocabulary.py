"""One vocabulary across the five games (docs/protocol.md, "Vocabulary"): the deal
accessors every game shares, with one meaning, during the match and after it ends, on
the game and on its observations; and the names that replaced each game's own."""

from __future__ import annotations

import json
import random
from typing import Any, Literal, assert_type

import pytest

import cardcore
from harness import CONFIGURED_GAMES

SHORT = {
    "brouc": {"target": 12},
    "julien": {},
    "tarot": {"deals": 3},
    "five_hundred": {"max_deals": 4},
    "jolly": {"max_rounds": 3},
}
"""Options that keep a whole match short."""


def _record(deal: Any) -> str:
    return repr(deal)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_finished_deals_grow_one_deal_at_a_time_and_stay_after_the_match(name: str) -> None:
    """``finished_deals`` grows by one per finished deal (void deals included), never
    loses one, ``last_deal`` is its last, and both stay valid once the match is over
    (the last deal is then finished too, and is the ``current_deal``), on the game and
    on every seat's observation."""
    game = cardcore.new_game(name, seed=7, **SHORT[name])
    rng = random.Random(7)
    finished: list[str] = []
    assert game.finished_deals == []
    assert game.last_deal is None
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        now = [_record(deal) for deal in game.finished_deals]
        # Never loses nor rewrites a deal; one more at a time (a Tarot deal voided by a
        # petit sec is redealt at once: several void deals can finish in one step).
        assert now[: len(finished)] == finished
        assert len(now) - len(finished) in (0, 1) or name == "tarot"
        finished = now
        last = game.last_deal
        assert (last is None) == (not now)
        if last is not None:
            assert _record(last) == now[-1]
        for seat in range(game.num_players):
            observation = game.observation(seat)
            assert len(observation.finished_deals) == len(now)
            seen = observation.last_deal
            assert (seen is None) == (last is None)
            if seen is not None:
                assert _record(seen) == _record(observation.finished_deals[-1])
    assert game.finished_deals, name
    assert _record(game.last_deal) == _record(game.finished_deals[-1])
    assert _record(game.current_deal) == _record(game.last_deal)
    # Every finished deal is recorded; void deals (Tarot, 500) score nothing.
    numbers = [getattr(deal, "number", None) for deal in game.finished_deals]
    if None not in numbers:
        assert numbers == list(range(1, len(numbers) + 1))
        assert numbers[-1] == game.deal_number
    assert len(game.finished_deals) >= len(game.deal_scores) >= 1
    for seat in range(game.num_players):
        observation = game.observation(seat)
        assert len(observation.finished_deals) == len(game.finished_deals)
        assert observation.last_deal is not None
        assert observation.winning_seats == game.winning_seats


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_the_old_names_are_gone(name: str) -> None:
    game = cardcore.new_game(name, seed=1)
    for old in (
        "winners",
        "winner",
        "previous_deal",
        "previous_tour",
        "previous_round",
        "finished_tours",
        "finished_rounds",
        "current_tour",
        "tour",
        "round",
        "tour_scores",
        "round_scores",
        "totals",
        "tricks_won",
    ):
        assert not hasattr(game, old), old
        assert not hasattr(game.observation(0), old), old
    assert hasattr(game, "deal_number")
    assert hasattr(game, "deal_scores")
    assert type(game.current_deal) is getattr(cardcore, name).Deal


def test_the_shared_accessors_are_typed_per_game() -> None:
    """Defined once in the stub, the shared accessors still have each game's types
    (``mypy --strict`` checks the ``assert_type`` calls)."""
    tarot = cardcore.tarot.Tarot(seed=1)
    assert_type(tarot.finished_deals, list[cardcore.tarot.Deal])
    assert_type(tarot.last_deal, cardcore.tarot.Deal | None)
    assert_type(tarot.current_deal, cardcore.tarot.Deal)
    assert_type(tarot.observation(0), cardcore.tarot.Observation)
    assert_type(tarot.observation(0).last_deal, cardcore.tarot.Deal | None)
    assert_type(tarot.observation(0).determinize(seed=1), cardcore.tarot.Tarot)
    assert_type(tarot.clone(), cardcore.tarot.Tarot)
    assert_type(tarot.determinize(0, seed=1), cardcore.tarot.Tarot)
    assert_type(tarot.name, Literal["tarot"])
    assert_type(tarot.options, cardcore.tarot.Options)
    jolly = cardcore.jolly.Jolly(seed=1)
    assert_type(jolly.finished_deals, list[cardcore.jolly.Deal])
    assert_type(jolly.current_deal.result, cardcore.jolly.DealResult | None)
    assert_type(jolly.phase, cardcore.jolly.Phase)
    julien = cardcore.julien.Julien(seed=1)
    assert_type(julien.last_deal, cardcore.julien.Deal | None)
    assert_type(julien.observation(2).visible_specials, tuple[cardcore.Card, cardcore.Card] | None)
    five = cardcore.five_hundred.FiveHundred(seed=1)
    assert_type(five.team_scores, tuple[int, int])
    assert_type(five.winning_team, int | None)
    assert_type(cardcore.brouc.Brouc(seed=1).observation(0).current_deal, cardcore.brouc.Deal)
    assert tarot.clone() == tarot
    assert tarot.name == "tarot"


def test_jolly_keeps_its_rounds_once_the_match_is_over() -> None:
    """Before: a finished Jolly match had an empty ``finished_rounds`` and no
    ``previous_round``; every round, the last one included, is now a finished deal."""
    game = cardcore.jolly.Jolly(seed=3, max_rounds=2)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    deals = game.finished_deals
    assert [deal.number for deal in deals] == list(range(1, game.deal_number + 1))
    assert [deal.result.scores for deal in deals if deal.result] == game.deal_scores
    last = game.last_deal
    assert last is not None
    assert last.result is not None
    assert last.result.scores == game.deal_scores[-1]
    observed = game.observation(1).last_deal
    assert observed is not None
    assert observed.result is not None
    assert observed.result.scores == game.deal_scores[-1]


def test_a_jolly_round_in_play_has_no_result() -> None:
    game = cardcore.jolly.Jolly(seed=3)
    assert game.current_deal.result is None
    assert game.current_deal.number == game.deal_number == 1


def test_five_hundred_keeps_the_deal_just_finished_after_the_next_is_dealt() -> None:
    """Before: 500's ``result``, ``tricks`` and ``tricks_won`` reset with the next deal;
    the record of the deal just finished is ``last_deal`` then, whole on the game."""
    for seed in range(20):
        game = cardcore.five_hundred.FiveHundred(seed=seed)
        rng = random.Random(seed)
        while game.deal_number == 1 and not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_over:
            break
    assert game.deal_number == 2
    last = game.last_deal
    assert last is not None
    assert last.number == 1
    if last.void:
        assert last.result is None
    else:
        assert last.result is not None
        assert len(last.tricks) == 10
        assert sum(last.result.tricks) == 10
    assert game.finished_deals[-1].number == 1
    assert game.observation(0).last_deal is not None
    assert game.result is None
    assert game.team_tricks == (0, 0)


def _tarot_deal_over() -> cardcore.tarot.Tarot:
    for seed in range(40):
        game = cardcore.tarot.Tarot(seed=seed, single_deal=True)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        if game.current_deal.result is not None:
            return game
    raise AssertionError("no deal played out")


def test_tarot_points_are_points_in_python_and_in_json() -> None:
    """Before: ``result.points`` and ``target`` were points in Python but half points in
    the JSON under the same names."""
    game = _tarot_deal_over()
    result = game.current_deal.result
    assert result is not None
    state = json.loads(game.to_json())
    assert state["version"] == 2
    assert state["result"]["points"] == result.points
    assert state["result"]["target"] == result.target
    assert result.target in (56, 51, 41, 36)
    seen = game.observation(0).to_dict()
    assert seen["result"]["points"] == result.points
    assert cardcore.from_json(game.to_json()) == game


def test_a_tarot_state_of_version_1_is_refused_by_name() -> None:
    """An old state counted half points under the same keys: reading it as points would
    change its meaning, so it is refused, naming the change."""
    game = _tarot_deal_over()
    state = json.loads(game.to_json())
    old = dict(state, version=1)
    old["result"] = dict(state["result"])
    old["result"]["points"] = int(state["result"]["points"] * 2)
    old["result"]["target"] = int(state["result"]["target"] * 2)
    with pytest.raises(cardcore.JsonError, match="half points"):
        cardcore.from_json(json.dumps(old))
    bad = dict(state)
    bad["result"] = dict(state["result"], points=45.25)
    with pytest.raises(cardcore.JsonError, match="not a number of card points"):
        cardcore.from_json(json.dumps(bad))


def test_a_seat_is_not_shown_the_hands_of_a_tarot_deal_thrown_in() -> None:
    """The observations' records leak nothing hidden: a deal thrown in (all pass) keeps
    its hands face down for every seat, while the game's record is whole."""
    for seed in range(200):
        game = cardcore.tarot.Tarot(seed=seed)
        while game.deal_number == 1:
            game.apply("pass")
        last = game.last_deal
        assert last is not None
        if last.void != "all pass":
            continue
        assert [len(hand) for hand in last.dealt] == [18] * 4
        for seat in range(4):
            for record in (
                game.observation(seat).last_deal,
                *game.observation(seat).finished_deals,
            ):
                assert record is not None
                assert record.dealt == [[]] * 4 or all(not hand for hand in record.dealt)
        return
    raise AssertionError("no deal thrown in")
