"""Perfect-recall information states (docs/protocol.md, "Information states"), on every
game at every player count: a fixed tensor size, the observation inside, a record that
only grows along a deal, the same from a clone, a JSON round trip or a pickle, and a
determinization for a seat that leaves the seat's information state as it is (it leaks
nothing). That equal information states had equal observations at every earlier step is
the engine's test (rust/cardcore/src/infostate.rs), which replays both states."""

from __future__ import annotations

import json
import pickle
from typing import Any, cast

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardcore
from harness import SEEDS, scaled

INFO = {info["name"]: info for info in cardcore.game_info()}
TABLES = [
    (name, {"players": count} if len(INFO[name]["player_counts"]) > 1 else {})
    for name in cardcore.GAMES
    for count in INFO[name]["player_counts"]
]
IDS = [f"{name}-{options.get('players', '')}" for name, options in TABLES]


def steps_of(text: str) -> list[str]:
    """The lines of an information state between its dealt hand and its observation."""
    return text.split("\n")[3:-1]


def random_game(name: str, options: dict[str, Any], seed: int, steps: int) -> cardcore.Game:
    game = cardcore.new_game(name, seed=seed, **options)
    legal = np.random.default_rng(seed)
    for _ in range(steps):
        if game.is_over:
            break
        actions = game.legal_actions()
        game.apply(actions[int(legal.integers(len(actions)))])
    return game


@pytest.mark.parametrize(("name", "options"), TABLES, ids=IDS)
def test_a_fixed_size_the_observation_first_and_seat_errors(
    name: str, options: dict[str, Any]
) -> None:
    game = random_game(name, options, 5, 25)
    size = type(game).information_state_tensor_size
    assert size == game.information_state_tensor_size > game.observation_tensor_size
    buffer = np.full(size, np.nan, dtype=np.float32)
    for seat in range(game.num_players):
        tensor = game.information_state_tensor(seat)
        assert tensor.shape == (size,)
        assert tensor.dtype == np.float32
        assert np.isfinite(tensor).all()
        observation = game.observation_tensor(seat)
        assert np.array_equal(tensor[: observation.size], observation)
        assert game.information_state_tensor(seat, out=buffer) is buffer
        assert np.array_equal(buffer, tensor)
        text = game.information_state(seat)
        lines = text.split("\n")
        assert lines[0] == f"seat {seat}"
        assert lines[1] == f"dealer {game.observation(seat).to_dict()['dealer']}"
        assert json.loads(lines[-1]) == game.observation(seat).to_dict()
    for bad in (game.num_players, -1):
        with pytest.raises(cardcore.SeatError):
            game.information_state(bad)
        with pytest.raises(cardcore.SeatError):
            game.information_state_tensor(bad)
    with pytest.raises(TypeError):
        game.information_state("0")  # type: ignore[arg-type]
    with pytest.raises(cardcore.OptionError):
        game.information_state_tensor(0, out=np.zeros(size + 1, dtype=np.float32))


def deals_done(game: cardcore.Game) -> int:
    """The deals the match has finished (every game class has ``finished_deals``)."""
    return len(cast("Any", game).finished_deals)


def took_back(game: cardcore.Game) -> bool:
    """Whether the last action was a Jolly ``undo``: the information state then forgets
    the steps it took back, as the determinization does."""
    history = game.history
    return bool(history) and history[-1].kind == "undo"


@pytest.mark.parametrize(("name", "options"), TABLES, ids=IDS)
@scaled(1.0)
@given(seed=SEEDS, steps=st.integers(0, 150), pick=st.integers(0, 2**16))
def test_the_record_grows_and_travels(
    name: str, options: dict[str, Any], seed: int, steps: int, pick: int
) -> None:
    """Along a random match each seat's steps only grow within a deal (a deal begins
    them again; Jolly forgets at an ``undo`` the steps it takes back, and a discard under
    way lists its cards in card order); a clone, a JSON
    round trip and a pickle (their records replayed) give the same information state."""
    game = random_game(name, options, seed, steps)
    seat = pick % game.num_players
    before = steps_of(game.information_state(seat))
    deals = deals_done(game)
    rng = np.random.default_rng(pick)
    for _ in range(30):
        if game.is_over:
            break
        actions = game.legal_actions()
        game.apply(actions[int(rng.integers(len(actions)))])
        after = steps_of(game.information_state(seat))
        if deals_done(game) == deals and not took_back(game):
            # A discard under way is a set: its cards so far are listed in card order.
            kept = len(before)
            while kept and before[kept - 1].split(" ")[1] == "discard":
                kept -= 1
            assert after[:kept] == before[:kept]
            assert len(after) >= len(before)
        before, deals = after, deals_done(game)
    text = game.information_state(seat)
    tensor = game.information_state_tensor(seat)
    for other in (
        game.clone(),
        cardcore.from_json(game.to_json()),
        pickle.loads(pickle.dumps(game)),
    ):
        assert other.information_state(seat) == text
        assert np.array_equal(other.information_state_tensor(seat), tensor)


@pytest.mark.parametrize(("name", "options"), TABLES, ids=IDS)
@scaled(1.0)
@given(seed=SEEDS, steps=st.integers(0, 200), draw=SEEDS)
def test_a_determinization_keeps_the_seats_information_state(
    name: str, options: dict[str, Any], seed: int, steps: int, draw: int
) -> None:
    """The issue's "determinization tests on information states": a state drawn for a
    seat has the seat's information state, text and tensor, so the draw leaks nothing
    the seat has not seen and keeps everything it has."""
    game = random_game(name, options, seed, steps)
    for seat in range(game.num_players):
        sample = game.determinize(seat, seed=draw)
        assert sample.information_state(seat) == game.information_state(seat)
        assert np.array_equal(
            sample.information_state_tensor(seat), game.information_state_tensor(seat)
        )


def test_what_a_seat_is_not_shown() -> None:
    """A 500 kitty reaches the declarer's record alone, its discard shows others only its
    kind; the declarer sees its own."""
    for seed in range(200):
        game = cardcore.new_game("five_hundred", seed=seed, single_deal=True)
        rng = np.random.default_rng(seed)
        while game.phase != "play" and not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[int(rng.integers(len(actions)))])
        if game.phase != "play":
            continue
        declarer = game.observation(0).to_dict()["bidder"]
        other = (declarer + 1) % 4
        mine, theirs = game.information_state(declarer), game.information_state(other)
        assert f" [{declarer} +" in mine
        assert f" [{declarer} +" not in theirs
        assert mine.count(f"\n{declarer} discard ") == 6
        assert "discard ?" not in mine
        assert theirs.count(f"\n{declarer} discard ?") == 6
        return
    pytest.fail("no 500 deal reached its play")


def test_a_jolly_determinization_after_a_rebuilt_stock() -> None:
    """Jolly included: once the stock has been rebuilt (L13), a determinization
    for each seat still has its information state (the seat's own draws kept, the rebuilt
    stock's order unseen)."""
    for seed in range(20):
        game = cardcore.new_game("jolly", seed=seed, single_deal=True, players=2)
        rng = np.random.default_rng(seed)
        while not game.is_over and not game.observation(0).to_dict()["rebuilds"]:
            actions = game.legal_actions()
            game.apply(actions[int(rng.integers(len(actions)))])
        if game.is_over:
            continue
        for _ in range(20):  # and on past it
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[int(rng.integers(len(actions)))])
        for seat in range(2):
            for draw in range(3):
                sample = game.determinize(seat, seed=draw)
                assert sample.information_state(seat) == game.information_state(seat)
        return
    pytest.fail("no Jolly round of 20 rebuilt its stock")
