"""Observation tensors and action masks (docs/protocol.md, "Tensors and masks"), on every
game: fixed sizes, masks that are the legal actions after every action, tensors that
follow the state (clones, JSON round trips, ``out`` buffers) and clear errors. That a
tensor leaks nothing hidden is test_invariants' leak property, which compares tensors
along with observations."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardcore
from harness import (
    CHOICES,
    CONFIGURED_GAMES,
    SEEDS,
    Chooser,
    assert_table_covers,
    config,
    option_sets,
    play_to,
    sampled,
    scaled,
    tables,
    tensor_table,
    walk,
)

INFO = {info["name"]: info for info in cardcore.game_info()}


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_one_size_at_every_table(name: str) -> None:
    size = INFO[name]["tensor_size"]
    assert size > 0
    for options in tables(name):
        game = cardcore.new_game(name, seed=3, **options)
        assert type(game).observation_tensor_size == game.observation_tensor_size == size
        for seat in range(game.num_players):
            tensor = game.observation_tensor(seat)
            assert tensor.shape == (size,)
            assert tensor.dtype == np.float32
            assert tensor.flags.c_contiguous
            assert tensor.flags.writeable
        mask = game.legal_actions_mask()
        assert mask.shape == (config(name).action_count,)
        assert mask.dtype == np.dtype(np.bool_)


def assert_tensors_follow(game: cardcore.Game) -> None:
    """The mask is the legal actions; each seat's tensor is finite and the same from a
    clone, from the JSON round trip and into a reused buffer."""
    ids = [action.id for action in game.legal_actions()]
    assert np.flatnonzero(game.legal_actions_mask()).tolist() == ids
    copy, loaded = game.clone(), cardcore.from_json(game.to_json())
    buffer = np.full(game.observation_tensor_size, np.nan, dtype=np.float32)
    for seat in range(game.num_players):
        tensor = game.observation_tensor(seat)
        assert np.isfinite(tensor).all(), f"seat {seat}"
        assert np.array_equal(copy.observation_tensor(seat), tensor)
        assert np.array_equal(loaded.observation_tensor(seat), tensor)
        assert game.observation_tensor(seat, out=buffer) is buffer
        assert np.array_equal(buffer, tensor)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(1.0)
@given(data=st.data(), seed=SEEDS, choices=CHOICES, steps=st.integers(0, 400))
def test_masks_and_tensors_along_random_play(
    name: str, data: st.DataObject, seed: int, choices: list[int], steps: int
) -> None:
    if not sampled(name, seed, choices):
        return
    options = data.draw(option_sets(name), label="options")
    game = cardcore.new_game(name, seed=seed, **options)
    for step in walk(game, Chooser(choices, seed), config(name).max_actions):
        assert_tensors_follow(game)
        if step >= steps:
            break


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_a_tensor_changes_with_the_position(name: str) -> None:
    """The seat to act's tensor after its action is not the one before it."""
    game = cardcore.new_game(name, seed=11)
    seat = game.current_player
    assert seat is not None
    before = game.observation_tensor(seat)
    game.apply(game.legal_actions()[0])
    assert not np.array_equal(game.observation_tensor(seat), before)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_bad_out_buffers_are_refused_and_change_nothing(name: str) -> None:
    game = play_to(cardcore.new_game(name, seed=5), Chooser([], 5), 3)
    size, actions = game.observation_tensor_size, config(name).action_count
    state = game.to_json()
    read_only = np.zeros(size, np.float32)
    read_only.flags.writeable = False
    bad_tensors: list[tuple[object, type[Exception], str]] = [
        (np.zeros(size, np.float64), cardcore.OptionTypeError, "float64"),
        (np.zeros(size, np.int32), cardcore.OptionTypeError, "int32"),
        (np.zeros((1, size), np.float32), cardcore.OptionTypeError, f"(1, {size})"),
        ([0.0] * size, cardcore.OptionTypeError, "list"),
        (np.zeros(size + 1, np.float32), cardcore.OptionError, f"({size + 1},)"),
        (np.zeros(2 * size, np.float32)[::2], cardcore.OptionError, "contiguous"),
        (read_only, cardcore.OptionError, "writable"),
    ]
    for out, error, message in bad_tensors:
        with pytest.raises(error, match="option 'out'") as raised:
            game.observation_tensor(0, out=out)  # type: ignore[arg-type]
        assert message in str(raised.value)
    for out, error in [
        (np.zeros(actions, np.float32), cardcore.OptionTypeError),
        (np.zeros(actions + 1, np.bool_), cardcore.OptionError),
    ]:
        with pytest.raises(error, match="option 'out'"):
            game.legal_actions_mask(out=out)  # type: ignore[arg-type]
    assert issubclass(cardcore.OptionTypeError, TypeError)
    with pytest.raises(cardcore.SeatError):
        game.observation_tensor(game.num_players)
    with pytest.raises(cardcore.SeatTypeError):
        game.observation_tensor("0")  # type: ignore[arg-type]
    assert game.to_json() == state
    mask = np.ones(actions, np.bool_)
    assert game.legal_actions_mask(out=mask) is mask
    assert np.flatnonzero(mask).tolist() == [action.id for action in game.legal_actions()]


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_the_rules_page_lays_out_every_feature(name: str) -> None:
    """The rules page's "Observation tensor" table: its rows ("a-b | count | what") run
    from 0 without a gap or an overlap, each count is its range's length, and the last
    row ends at the tensor's size."""
    rows = tensor_table(name, "Observation tensor")
    assert_table_covers(name, rows, INFO[name]["tensor_size"])
