"""The native bots (``cardcore.bots``): every level of every game plays legal moves
from observations only, is repeatable from its seed, cannot see hidden cards, and
refuses bad input clearly."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

import cardcore
from cardcore import bots

SINGLE_DEAL = {"single_deal": True}


def mid_deal(name: str, seed: int, steps: int) -> cardcore.Game:
    """A single deal of ``name`` after ``steps`` random actions (fewer if it ends)."""
    game = cardcore.new_game(name, seed=seed, **SINGLE_DEAL)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def to_act(game: cardcore.Game) -> int:
    player = game.current_player
    assert player is not None
    return player


@pytest.mark.parametrize("name", cardcore.GAMES)
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_a_bot_plays_a_whole_deal_legally(name: str, level: bots.Level) -> None:
    """Every game has every level, a generic requirement: a game registered later
    must bring its bots. The hard level is exercised below, on fewer moves."""
    game = cardcore.new_game(name, seed=11, **SINGLE_DEAL)
    players = [bots.make(name, level, seed=seat) for seat in range(game.num_players)]
    decisions = 0
    while not game.is_over and decisions < 5_000:
        seat = to_act(game)
        action = players[seat].act(game.observation(seat))
        assert action in game.legal_actions()
        game.apply(action)
        decisions += 1
    assert game.is_over, f"{name} at {level}: no end after {decisions} decisions"


@pytest.mark.parametrize("name", cardcore.GAMES)
def test_each_level_is_repeatable_and_blind_to_hidden_cards(name: str) -> None:
    """With its seed fixed, a bot's choice is the same for the true deal and for any
    deal its seat cannot tell from it (``game.determinize``: the other seats' hidden
    cards redrawn consistently with what the seat saw). A bot that read another hand
    would, sooner or later, choose differently."""
    for seed, steps in [(1, 3), (2, 9), (3, 17)]:
        game = mid_deal(name, seed, steps)
        if game.is_over:
            continue
        seat = to_act(game)
        for level in bots.LEVELS:
            chosen = bots.make(name, level, seed=seed).act(game.observation(seat))
            again = bots.make(name, level, seed=seed).act(game.observation(seat))
            assert chosen == again, (name, level, seed)
            for draw in range(2):
                other = game.determinize(seat, seed=draw)
                assert other.observation(seat).to_dict() == game.observation(seat).to_dict()
                theirs = bots.make(name, level, seed=seed).act(other.observation(seat))
                assert theirs == chosen, (name, level, seed, draw)


def test_the_levels_differ_and_report_themselves() -> None:
    game = mid_deal("brouc", 4, 5)
    seat = to_act(game)
    made = {level: bots.make("brouc", level, seed=9) for level in bots.LEVELS}
    for level, bot in made.items():
        assert (bot.game, bot.level, bot.seed) == ("brouc", level, 9)
        assert repr(bot) == f'<cardcore.bots.NativeBot game="brouc" level="{level}" seed=9>'
        assert bot.act(game.observation(seat)) in game.legal_actions()
    # Medium follows its rules of thumb exactly; easy strays from them at times.
    medium = bots.make("brouc", "medium", seed=1)
    easy = bots.make("brouc", "easy", seed=1)
    strays = 0
    for seed in range(40):
        position = mid_deal("brouc", seed, seed % 20)
        if position.is_over:
            continue
        view = position.observation(to_act(position))
        strays += easy.act(view) != medium.act(view)
    assert strays > 0


def test_a_bot_acts_only_for_the_seat_to_act_of_its_game() -> None:
    game = mid_deal("julien", 2, 4)
    seat = to_act(game)
    bot = bots.make("julien", "medium", seed=1)
    other = (seat + 1) % game.num_players
    before = game.to_json()
    with pytest.raises(cardcore.IllegalActionError, match=f"seat {other} is not to act"):
        bot.act(game.observation(other))
    with pytest.raises(cardcore.IllegalActionTypeError, match="expected a julien observation"):
        bot.act(cardcore.new_game("brouc", seed=1).observation(0))
    with pytest.raises(cardcore.IllegalActionTypeError, match="expected a julien observation"):
        bot.act(game)  # type: ignore[arg-type]
    assert game.to_json() == before


def test_make_names_what_is_wrong() -> None:
    with pytest.raises(
        cardcore.OptionError, match="'level': expected one of easy, medium, hard, expert"
    ):
        bots.make("brouc", "master", seed=1)  # type: ignore[arg-type]
    with pytest.raises(cardcore.OptionTypeError, match="'level'"):
        bots.make("brouc", 2, seed=1)  # type: ignore[arg-type]
    with pytest.raises(cardcore.UnknownGameError, match="poker"):
        bots.make("poker", "easy", seed=1)
    with pytest.raises(cardcore.OptionError, match="seed"):
        bots.make("brouc", "easy", seed=-1)
    with pytest.raises(cardcore.OptionTypeError, match="seed"):
        bots.make("brouc", "easy", seed="1")  # type: ignore[arg-type]


def test_random_bots_take_observations_as_the_others_do() -> None:
    """``RandomBot`` reads only the legal actions: from an observation it draws what it
    draws from the game, for the seat to act; for another seat it refuses."""
    game = mid_deal("tarot", 5, 6)
    seat = to_act(game)
    from_view = cardcore.RandomBot(3).act(game.observation(seat))
    assert from_view == cardcore.RandomBot(3).act(game)
    with pytest.raises(cardcore.IllegalActionError, match="not to act"):
        cardcore.RandomBot(3).act(game.observation((seat + 1) % game.num_players))


def test_python_and_native_bots_share_the_protocol() -> None:
    class FirstLegal:
        def act(self, observation: cardcore.Observation) -> cardcore.Action:
            return observation.legal_actions()[0]

    players: list[bots.Bot] = [FirstLegal(), bots.make("brouc", "medium", seed=2)]
    game = cardcore.new_game("brouc", seed=3, **SINGLE_DEAL)
    while not game.is_over:
        seat = to_act(game)
        game.apply(players[seat % 2].act(game.observation(seat)))
    assert game.is_over


@pytest.mark.parametrize("name", cardcore.GAMES)
def test_a_search_bot_plays_legally_and_counts_its_iterations(name: str) -> None:
    game = mid_deal(name, 5, 2)
    bot = bots.search(name, seed=3, iterations=40, rollout="random")
    assert (bot.game, bot.level, bot.seed, bot.iterations) == (name, "search", 3, 0)
    searched = 0
    for _ in range(30):
        if game.is_over:
            break
        seat = to_act(game)
        before = bot.iterations
        action = bot.act(game.observation(seat))
        assert action in game.legal_actions()
        # 40 a move when it searches: never part of a budget.
        assert bot.iterations - before in (0, 40)
        searched += bot.iterations > before
        game.apply(action)
    assert searched > 0, name
    assert bot.iterations == 40 * searched


def test_a_search_bot_is_reproducible_from_its_seed_and_threads() -> None:
    """Under an iteration budget the same seed and thread count give the same moves."""
    positions = [mid_deal("julien", seed, 9) for seed in range(6)]
    positions = [p for p in positions if len(p.legal_actions()) > 1]
    assert len(positions) >= 3

    def moves(seed: int, rollout: bots.RolloutKind, threads: int) -> list[cardcore.Action]:
        bot = bots.search("julien", seed=seed, iterations=120, rollout=rollout, threads=threads)
        return [bot.act(p.observation(to_act(p))) for p in positions]

    for threads in (1, 2):
        for rollout in ("heuristic", "random"):
            assert moves(7, rollout, threads) == moves(7, rollout, threads), (threads, rollout)
    bot = bots.search("julien", seed=7, iterations=121, threads=2)
    for position in positions:
        bot.act(position.observation(to_act(position)))
    # Le Julien's card play is searched: 121 iterations a move with a choice, shared
    # out between the threads.
    assert bot.iterations == 121 * len(positions)


def test_the_hard_level_is_a_search_of_the_hard_settings() -> None:
    """Brouc's hard level searches 2,000 iterations with heuristic rollouts: a search
    bot of those settings plays its moves."""
    game = mid_deal("brouc", 6, 3)
    view = game.observation(to_act(game))
    hard = bots.make("brouc", "hard", seed=4)
    search = bots.search("brouc", seed=4, iterations=2000)
    assert hard.act(view) == search.act(view)
    assert hard.iterations == search.iterations == 2000


def test_a_time_budget_returns_a_legal_move() -> None:
    game = mid_deal("brouc", 2, 4)
    view = game.observation(to_act(game))
    for threads in (1, 2):
        bot = bots.search("brouc", seed=1, milliseconds=20, rollout="random", threads=threads)
        started = time.perf_counter()
        assert bot.act(view) in game.legal_actions()
        assert time.perf_counter() - started < 2.0
        assert bot.iterations > 0


def test_a_search_bot_describes_its_settings() -> None:
    bot = bots.search("tarot", seed=2, milliseconds=50, epsilon=0.25, threads=2)
    assert repr(bot) == (
        '<cardcore.bots.NativeBot game="tarot" level="search" seed=2 budget="50 ms" '
        'rollout="heuristic, epsilon 0.25" exploration=0.7 threads=2>'
    )
    default = bots.search("tarot", seed=2)
    assert 'budget="1000 iterations"' in repr(default)
    for level in bots.LEVELS:
        assert bots.make("tarot", level, seed=1).iterations == 0


BAD_SEARCH_ARGUMENTS: list[tuple[dict[str, Any], str]] = [
    ({"iterations": 0}, "'iterations': expected 1 to 4294967295 iterations, got 0"),
    ({"iterations": -5}, "'iterations': expected 1 to"),
    ({"iterations": 2**32}, "'iterations': expected 1 to"),
    ({"iterations": 2**70}, "'iterations'"),
    ({"milliseconds": 0}, "'milliseconds': expected 1 to 3600000 milliseconds"),
    ({"milliseconds": -1}, "'milliseconds'"),
    ({"iterations": 10, "milliseconds": 10}, "'milliseconds': give iterations or milliseconds"),
    ({"rollout": "greedy"}, '\'rollout\': expected "heuristic" or "random", got "greedy"'),
    ({"rollout": ""}, "'rollout'"),
    ({"epsilon": -0.1}, "'epsilon': expected a number from 0 to 1"),
    ({"epsilon": 1.5}, "'epsilon'"),
    ({"epsilon": float("nan")}, "'epsilon'"),
    ({"rollout": "random", "epsilon": 0.2}, "'epsilon': 0.2 is for heuristic rollouts"),
    ({"exploration": -1}, "'exploration': expected a number from 0"),
    ({"exploration": float("inf")}, "'exploration'"),
    ({"threads": 0}, "'threads': expected 1 to 1024 threads, got 0"),
    ({"threads": -2}, "'threads'"),
    ({"seed": -1}, "'seed'"),
]

WRONG_SEARCH_ARGUMENTS: list[tuple[dict[str, Any], str]] = [
    ({"iterations": "10"}, "'iterations': expected an integer"),
    ({"iterations": 10.0}, "'iterations'"),
    ({"iterations": True}, "'iterations'"),
    ({"milliseconds": 1.5}, "'milliseconds'"),
    ({"rollout": None}, "'rollout'"),
    ({"rollout": 1}, "'rollout'"),
    ({"epsilon": "0.1"}, "'epsilon': expected a number"),
    ({"epsilon": None}, "'epsilon'"),
    ({"epsilon": True}, "'epsilon'"),
    ({"exploration": [0.7]}, "'exploration'"),
    ({"threads": 2.0}, "'threads'"),
    ({"threads": "2"}, "'threads'"),
    ({"seed": "1"}, "'seed'"),
]


@pytest.mark.parametrize(("arguments", "message"), BAD_SEARCH_ARGUMENTS)
def test_search_names_a_bad_value(arguments: dict[str, Any], message: str) -> None:
    given: dict[str, Any] = {"seed": 1, **arguments}
    with pytest.raises(cardcore.OptionError, match=re.escape(message)) as raised:
        bots.search("brouc", **given)
    assert not isinstance(raised.value, TypeError)


@pytest.mark.parametrize(("arguments", "message"), WRONG_SEARCH_ARGUMENTS)
def test_search_names_a_value_of_the_wrong_type(arguments: dict[str, Any], message: str) -> None:
    given: dict[str, Any] = {"seed": 1, **arguments}
    with pytest.raises(cardcore.OptionTypeError, match=re.escape(message)):
        bots.search("brouc", **given)


def test_search_names_an_unknown_game() -> None:
    with pytest.raises(cardcore.UnknownGameError, match="poker"):
        bots.search("poker", seed=1)
    with pytest.raises(cardcore.UnknownGameTypeError):
        bots.search(5, seed=1)  # type: ignore[arg-type]
