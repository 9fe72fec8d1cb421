"""Values that travel (to another process, a Ray task, a queue): observations, bots and
run summaries pickle and copy into equal values, and a bot unpickled mid-stream acts
exactly as the original would. Held for every game by the generic harness."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest

import cardcore
from cardcore import bots
from harness import CONFIGURED_GAMES, config

Bot = Any


def snapshots(name: str, options: dict[str, Any], seed: int, every: int) -> list[cardcore.Game]:
    """Copies of a match between random bots, every ``every`` actions, the end included."""
    game = cardcore.new_game(name, seed=seed, **options)
    player = cardcore.RandomBot(seed)
    taken: list[cardcore.Game] = [copy.copy(game)]
    steps = 0
    while not game.is_over and steps < 4_000:
        game.apply(player.act(game))
        steps += 1
        if steps % every == 0:
            taken.append(copy.copy(game))
    taken.append(copy.copy(game))
    return taken


def same_observation(a: Any, b: Any) -> None:
    assert type(a) is type(b)
    assert a == b
    assert a.to_dict() == b.to_dict()
    assert a.seat == b.seat
    assert a.legal_actions() == b.legal_actions()
    # A search draws the same states from either: nothing it reads was lost or added.
    assert a.determinize(seed=7).to_json() == b.determinize(seed=7).to_json()


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_observations_pickle_and_copy_as_equal_observations(name: str) -> None:
    for options in config(name).option_sets[:3]:
        for game in snapshots(name, options, seed=3, every=9):
            for seat in range(game.num_players):
                observation = game.observation(seat)
                for travelled in (
                    pickle.loads(pickle.dumps(observation)),
                    copy.deepcopy(observation),
                    copy.copy(observation),
                ):
                    same_observation(travelled, observation)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_a_pickled_observation_holds_no_hidden_card(name: str) -> None:
    game = cardcore.new_game(name, seed=11)
    observation = game.observation(0)
    rebuild, (text, seat) = observation.__reduce__()
    assert rebuild is cardcore._core._observation
    assert seat == 0
    carried = cardcore.from_json(text)
    # The same for seat 0, another deal for the seats whose hands seat 0 cannot see.
    assert carried.observation(0) == observation
    assert any(carried.observation(s) != game.observation(s) for s in range(1, game.num_players))
    assert json.loads(text) != json.loads(game.to_json())


def native_bots(name: str) -> list[Bot]:
    return [
        cardcore.RandomBot(5),
        bots.make(name, "easy", seed=5),
        bots.make(name, "medium", seed=5),
        bots.search(name, seed=5, iterations=24, rollout="heuristic", epsilon=0.25),
        bots.search(name, seed=5, iterations=16, rollout="random"),
    ]


def play_with(bot: Bot, name: str, seed: int, decisions: int) -> list[tuple[Any, int]]:
    """The observations a match of ``name`` shows ``bot``, acting for every seat, and the
    action ids it answers, for ``decisions`` decisions (or to the end)."""
    game = cardcore.new_game(name, seed=seed)
    seen: list[tuple[Any, int]] = []
    while game.current_player is not None and len(seen) < decisions:
        observation = game.observation(game.current_player)
        action = bot.act(observation)
        seen.append((observation, action.id))
        game.apply(action)
    return seen


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@pytest.mark.parametrize(
    "travel",
    [
        lambda bot: pickle.loads(pickle.dumps(bot)),
        copy.deepcopy,
        copy.copy,
    ],
    ids=["pickle", "deepcopy", "copy"],
)
def test_a_bot_that_travels_mid_match_acts_as_the_original(
    name: str, travel: Callable[[Bot], Bot]
) -> None:
    for index, original in enumerate(native_bots(name)):
        before = 10 if index < 3 else 3
        play_with(original, name, seed=2, decisions=before)
        copied = travel(original)
        assert type(copied) is type(original)
        if isinstance(original, bots.NativeBot):
            assert repr(copied) == repr(original)
            assert copied.iterations == original.iterations
        later = play_with(original, name, seed=9, decisions=40 if index < 3 else 4)
        assert later, name
        for observation, action in later:
            assert copied.act(observation).id == action, (name, original)


def test_a_pickled_random_bot_keeps_its_generator_not_its_seed() -> None:
    bot = cardcore.RandomBot(1)
    game = cardcore.new_game("tarot", seed=4)
    first = [bot.act(game).id for _ in range(5)]
    copied = pickle.loads(pickle.dumps(bot))
    later = [bot.act(game).id for _ in range(20)]
    assert [copied.act(game).id for _ in range(20)] == later
    # The one stream of the seed, continued; made again from its seed, the copy
    # would have repeated the first draws instead.
    fresh = cardcore.RandomBot(1)
    assert [fresh.act(game).id for _ in range(25)] == first + later
    assert later != (first + later)[:20]


def test_a_pickled_bot_state_that_is_not_one_is_refused() -> None:
    with pytest.raises(cardcore.JsonError, match="state"):
        cardcore._core._native_bot("brouc", "medium", 1, None, '{"Medium": 3}')
    with pytest.raises(cardcore.UnknownGameError):
        cardcore._core._native_bot("chess", "medium", 1, None, "{}")
    with pytest.raises(cardcore.JsonError):
        cardcore._core._observation('{"game": "brouc"}', 0)


def summary_figures(summary: cardcore.SimulationSummary) -> tuple[Any, ...]:
    return (
        summary.game,
        summary.games,
        summary.decisions,
        summary.wins,
        summary.mean_scores,
        summary.elapsed_seconds,
        summary.threads,
        summary.decisions_per_second,
    )


def test_a_simulation_summary_pickles_exactly() -> None:
    summary = cardcore.simulate("five_hundred", games=7, seed=2, threads=1)
    for travelled in (pickle.loads(pickle.dumps(summary)), copy.deepcopy(summary)):
        assert type(travelled) is cardcore.SimulationSummary
        assert summary_figures(travelled) == summary_figures(summary)
        assert repr(travelled) == repr(summary)


def test_an_arena_result_pickles_exactly() -> None:
    result = cardcore.arena("julien", ["easy", "medium"], matches=4, seed=3, threads=1)
    for travelled in (pickle.loads(pickle.dumps(result)), copy.deepcopy(result)):
        assert type(travelled) is cardcore.ArenaResult
        assert travelled.to_dict() == result.to_dict()
        assert repr(travelled) == repr(result)
        assert [repr(e) for e in travelled.entries] == [repr(e) for e in result.entries]
    entry = result.entries[0]
    assert pickle.loads(pickle.dumps(entry)).to_dict() == entry.to_dict()
