"""cardcore's games as OpenSpiel games (cardcore.openspiel, docs/openspiel.md).

OpenSpiel's own random-simulation checks, serialization round trips, the deal by
chance nodes giving `from_deal`'s game, information states that resampling keeps,
and OpenSpiel's ISMCTS and MCTS bots playing each game to the end.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("cardcore.openspiel")

import cardcore  # noqa: E402
from conftest import PROFILE  # noqa: E402
from test_extras import run_without  # noqa: E402


@pytest.mark.parametrize("blocked", ["pyspiel", "numpy"])
def test_without_openspiel_the_module_says_which_extra(tmp_path: Path, blocked: str) -> None:
    results = run_without({blocked}, {"openspiel": "import cardcore.openspiel"}, tmp_path)
    kind, message = results["openspiel"]
    assert kind == "builtins.ImportError"
    assert f"cardcore.openspiel needs {blocked}" in message
    assert "pip install 'cardcore[openspiel]'" in message
    # import cardcore never needs it.
    assert run_without({blocked}, {"core": "import cardcore"}, tmp_path) == {"core": None}


TABLES = [
    *openspiel.GAME_NAMES,
    "cardcore_tarot(players=3)",
    "cardcore_tarot(players=5)",
    "cardcore_jolly(players=2)",
]


def play_randomly(state: Any, rng: random.Random) -> None:
    """One step: a chance outcome by its probability, else a uniform legal action."""
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probabilities)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", TABLES)
def test_openspiels_random_simulation_checks(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=1, serialize="jolly" not in name, verbose=False)


@pytest.mark.parametrize("name", cardcore.GAMES)
def test_the_game_type_and_parameters_come_from_the_engine(name: str) -> None:
    game = pyspiel.load_game(f"cardcore_{name}")
    kind = game.get_type()
    info = next(info for info in cardcore.game_info() if info["name"] == name)
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert (kind.min_num_players, kind.max_num_players) == (
        min(info["player_counts"]),
        max(info["player_counts"]),
    )
    zero_sum = kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert zero_sum == (name == "tarot")
    assert game.num_distinct_actions() == info["actions"]
    assert game.observation_tensor_size() == info["tensor_size"]
    params = game.get_parameters()
    for option in info["options"]:
        if option["name"] == "single_deal":
            assert "single_deal" not in params
        elif option["default"] is None:
            assert params[option["name"]] in (-1, "")
        else:
            assert params[option["name"]] == option["default"]


@pytest.mark.parametrize("name", ["tarot", "jolly", "brouc"])
def test_dealing_the_seeds_cards_gives_the_seeded_game(name: str) -> None:
    # The chance nodes deal what from_deal takes: fed a seeded game's own first deal
    # (and seed), the state's cardcore game is that seeded game exactly.
    seeded = cardcore.new_game(name, seed=5, single_deal=True)
    game = pyspiel.load_game(f"cardcore_{name}(seed=5)")
    state = game.new_initial_state()
    table = game.table
    state.apply_action(len(table.faces) + seeded.dealer)
    for index in table.sequence(seeded, seeded.dealer):
        assert state.is_chance_node()
        assert index in dict(state.chance_outcomes())
        state.apply_action(index)
    assert state.cardcore_game == seeded
    assert state.current_player() == seeded.current_player


def test_a_named_first_dealer_makes_no_chance_node_and_a_bad_one_is_refused() -> None:
    state = pyspiel.load_game("cardcore_brouc(first_dealer=2)").new_initial_state()
    assert all(outcome < 32 for outcome, _ in state.chance_outcomes())
    with pytest.raises(cardcore.OptionError, match="first_dealer"):
        pyspiel.load_game("cardcore_brouc(first_dealer=4)")


@pytest.mark.parametrize("name", openspiel.GAME_NAMES)
def test_serialize_round_trips_mid_deal(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = random.Random(3)
    state = game.new_initial_state()
    # Mid-deal: the cards dealt and a dozen actions played.
    for _ in range(game.table.deck_size + 13):
        play_randomly(state, rng)
    back = game.deserialize_state(state.serialize())
    assert back.history() == state.history()
    assert str(back) == str(state)
    for seat in range(game.num_players()):
        assert back.information_state_string(seat) == state.information_state_string(seat)
        assert back.observation_tensor(seat) == state.observation_tensor(seat)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        back.apply_action(action)
    assert back.returns() == state.returns()


@pytest.mark.parametrize("name", TABLES)
def test_resampling_keeps_every_information_state(name: str) -> None:
    # ResampleInfostateTest's check: a state resampled for a seat has that seat's
    # information state, string and tensor, and the same seat to act.
    game = pyspiel.load_game(name)
    rng = random.Random(11)
    state = game.new_initial_state()
    step = 0
    while not state.is_terminal() and step < 400:
        play_randomly(state, rng)
        step += 1
        if step % 9:
            continue
        for seat in range(game.num_players()):
            other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0, 1))
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert other.current_player() == state.current_player()


def test_jollys_information_state_keeps_the_seats_own_draws() -> None:
    # The observation shows the hand now; the information state keeps a card drawn
    # and discarded since, for the drawer only.
    game = pyspiel.load_game("cardcore_jolly(first_dealer=3)")
    rng = random.Random(2)
    state = game.new_initial_state()
    while state.is_chance_node():
        play_randomly(state, rng)
    before = Counter(state.cardcore_game.hand(0))
    state.apply_action(state.cardcore_game.action("draw").id)
    drawn = state.cardcore_game.observation(0).hand
    (card,) = Counter(drawn) - before
    state.apply_action(state.cardcore_game.action(f"discard {card}").id)
    assert card not in state.cardcore_game.hand(0) or drawn.count(card) > 1
    mine = np.array(state.information_state_tensor(0))
    theirs = np.array(state.information_state_tensor(1))
    table = game.table
    start = table.observation_size + table.spec.max_players + len(table.faces)
    index = table.face_of[card.id]
    assert mine[start + index] == 1.0  # seat 0's own block: received
    assert theirs[start : start + 4 * len(table.faces)].sum() == 0.0
    assert f"0 draw [0 +{card}]" in state.information_state_string(0)
    assert f"0 draw [0 +{card}]" not in state.information_state_string(1)
    assert "0 draw" in state.information_state_string(1)


def test_a_discard_is_seen_by_its_seat_alone() -> None:
    rng = random.Random(0)
    game = pyspiel.load_game("cardcore_five_hundred")
    for _ in range(20):
        state = game.new_initial_state()
        while state.is_chance_node() or (
            not state.is_terminal()
            and not any(action.kind == "discard" for action in state.cardcore_game.history)
        ):
            play_randomly(state, rng)
        if state.is_terminal():
            continue
        actor = state.cardcore_game.observation(0).to_dict()["bidder"]
        text = str(state.cardcore_game.history[-1])
        other = (actor + 1) % 4
        assert f"{actor} {text}" in state.information_state_string(actor)
        assert f"{actor} discard ?" in state.information_state_string(other)
        return
    raise AssertionError("no deal of 20 reached a discard")


def bots_deal(name: str) -> str:
    """The game the search bots play a deal of: a Jolly round with random play-outs runs
    thousands of steps (a minute): outside the long profile it is capped at 150 steps
    (J14's ``max_round_steps``: the round ends there, truncated)."""
    if name == "cardcore_jolly" and PROFILE != "long":
        return "cardcore_jolly(players=2,max_round_steps=150)"
    return name


@pytest.mark.parametrize("name", openspiel.GAME_NAMES)
def test_openspiels_ismcts_and_mcts_play_a_deal_to_the_end(name: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(bots_deal(name))
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    simulations = 2 if "jolly" in name else 4
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng),
        mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=False),
    ]
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() < 2:
            state.apply_action(bots[state.current_player()].step(state))
            decisions += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert decisions > 0
    returns = state.returns()
    assert len(returns) == game.num_players()
    assert game.min_utility() <= min(returns) <= max(returns) <= game.max_utility()


@pytest.mark.parametrize("name", ["cardcore_tarot(players=5)", "cardcore_five_hundred"])
def test_the_tensors_steps_are_the_strings_steps(name: str) -> None:
    # The information-state tensor's step rows (docs/openspiel.md) say what the string's
    # step lines say: the actor, from the observer, and the action, or that it was hidden.
    game = pyspiel.load_game(name)
    table = game.table
    rng = random.Random(4)
    state = game.new_initial_state()
    for _ in range(table.deck_size + 30):
        if not state.is_terminal():
            play_randomly(state, rng)
    players = game.num_players()
    most = table.spec.max_players
    start = table.observation_size + most + len(table.faces) * (1 + most)
    for seat in range(players):
        tensor = np.array(state.information_state_tensor(seat))
        rows = tensor[start:].reshape(table.sequence_rows, table.sequence_width)
        decoded = []
        for row in rows[rows.any(axis=1)]:
            actor = (int(np.flatnonzero(row[:most])[0]) + seat) % players
            what = np.flatnonzero(row[most:])[0]
            if what == table.action_count:
                decoded.append(f"{actor} discard ?")
            else:
                decoded.append(f"{actor} {table.action_texts[what]}")
        lines = state.information_state_string(seat).splitlines()[3:]
        assert [line.split(" [")[0] for line in lines[: len(decoded)]] == decoded
        # then the observation, as JSON
        assert lines[len(decoded) :] == [state.cardcore_game.observation(seat).to_json()]


@pytest.mark.parametrize("name", ["cardcore_tarot", "cardcore_jolly(players=3)"])
def test_the_tensor_kept_up_step_by_step_is_the_tensor_written_afresh(name: str) -> None:
    # One state observed after every step (its flags extended step by step) writes what
    # a clone, observed once, writes (its flags computed from the whole log).
    game = pyspiel.load_game(name)
    rng = random.Random(6)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < game.table.deck_size + 400:
        play_randomly(state, rng)
        steps += 1
        for seat in range(game.num_players()):
            kept_up = state.information_state_tensor(seat)
            if steps % 23 == 0:
                assert state.clone().information_state_tensor(seat) == kept_up
