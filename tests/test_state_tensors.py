"""The public observation tensor and the full-state tensor (docs/protocol.md, "Tensors and
masks"; each rules page's "Public observation tensor" and "Full-state tensor"), on every
game at every table: fixed sizes, ``out`` buffers, a public tensor that is a function of
what every seat sees and leaks nothing, a full-state tensor whose hand and pile blocks read
back as the state's cards, and rules pages that lay both out."""

from __future__ import annotations

import json
from typing import Any

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

DECKS = {"brouc": 32, "julien": 52, "five_hundred": 46, "tarot": 78}
"""The deck of each game with one copy of a card: its cards are one feature each, in
face-id order (``cardcore.deck``'s)."""

SEAT_BLOCKS = {"brouc": 4, "julien": 4, "five_hundred": 4, "tarot": 5, "jolly": 4}
"""The hand blocks of the full-state tensor: one per seat the largest table has."""

JOLLY_FACES = [card.id for card in cardcore.deck(52)]
"""Jolly's 53 faces: ``deck(52)``, then the joker (index 52)."""


def card_block(cards: list[cardcore.Card], size: int) -> np.ndarray[Any, Any]:
    """A set of cards as the tensors write it: 1 per card of the deck it holds."""
    place = {card.id: index for index, card in enumerate(cardcore.deck(size))}
    block = np.zeros(size, np.float32)
    for card in cards:
        block[place[card.id]] = 1.0
    return block


def count_block(cards: list[cardcore.Card]) -> np.ndarray[Any, Any]:
    """Jolly's cards as counts of its 53 faces, a suited face's over 2, the joker's over 6."""
    block = np.zeros(53, np.float32)
    for card in cards:
        block[52 if card.is_joker else JOLLY_FACES.index(card.id)] += 1.0
    block[:52] /= 2
    block[52] /= 6
    return block


def talon_block(cards: list[cardcore.Card]) -> np.ndarray[Any, Any]:
    """Le Julien's talon: each card as its suit (4) then its rank (13) in ``deck(52)``."""
    place = {card.id: index for index, card in enumerate(cardcore.deck(52))}
    block = np.zeros((len(cards), 17), np.float32)
    for row, card in enumerate(cards):
        block[row, place[card.id] // 13] = 1.0
        block[row, 4 + place[card.id] % 13] = 1.0
    return block.ravel()


def expected_tail(game: Any) -> np.ndarray[Any, Any]:
    """The full-state tensor's features after the public ones, from the game's own
    accessors: every hand (seat 0 first, zero past the table), then the hidden piles."""
    name, seats = game.name, SEAT_BLOCKS[game.name]
    hands = [game.hand(seat) if seat < game.num_players else [] for seat in range(seats)]
    if name == "jolly":
        return np.concatenate([count_block(hand) for hand in hands] + [count_block(game.stock)])
    size = DECKS[name]
    blocks = [card_block(hand, size) for hand in hands]
    if name == "five_hundred":
        blocks += [card_block(game.kitty, size), card_block(game.discard, size)]
    elif name == "julien":
        blocks.append(talon_block(game.talon))
    elif name == "tarot":
        partner = np.zeros(5, np.float32)
        if game.partner is not None:
            partner[game.partner] = 1.0
        blocks += [card_block(game.chien, size), card_block(game.discard, size), partner]
    return np.concatenate(blocks)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_sizes_at_every_table(name: str) -> None:
    for options in tables(name):
        game = cardcore.new_game(name, seed=4, **options)
        cls = type(game)
        assert cls.public_observation_tensor_size == game.public_observation_tensor_size
        assert game.public_observation_tensor_size == game.observation_tensor_size
        assert cls.state_tensor_size == game.state_tensor_size > game.observation_tensor_size
        for tensor, size in [
            (game.public_observation_tensor(), game.public_observation_tensor_size),
            (game.state_tensor(), game.state_tensor_size),
        ]:
            assert tensor.shape == (size,)
            assert tensor.dtype == np.float32
            assert tensor.flags.c_contiguous
            assert tensor.flags.writeable


def jokers_alone_being_built(view: dict[str, Any]) -> bool:
    """Whether Jolly's meld being built is jokers alone: the rank they were laid as
    (``lay JK as 9``, public) is in the state and the tensors (the meld block's range)
    but not in the public view, which lists such a joker as standing for nothing."""
    building = view.get("building") or []
    return bool(building) and all(card == "JK" for card, _, _ in building)


def assert_public_and_state(game: Any, public_tensors: dict[str, bytes], draw: int) -> None:
    """Checks one state: the public tensor is the same from a clone, the JSON round trip,
    an ``out`` buffer and every seat's determinization, equal public views have equal
    public tensors, and the full-state tensor is the public one then the state's cards
    (and tells the determinizations with other hands apart)."""
    public, state = game.public_observation_tensor(), game.state_tensor()
    assert np.isfinite(state).all()
    assert np.array_equal(state[: public.size], public)
    assert np.array_equal(state[public.size :], expected_tail(game))
    loaded = cardcore.from_json(game.to_json())
    assert np.array_equal(loaded.public_observation_tensor(), public)
    assert np.array_equal(loaded.state_tensor(), state)
    buffers = np.full(public.size, np.nan, np.float32), np.full(state.size, np.nan, np.float32)
    assert game.public_observation_tensor(out=buffers[0]) is buffers[0]
    assert game.state_tensor(out=buffers[1]) is buffers[1]
    assert np.array_equal(buffers[0], public)
    assert np.array_equal(buffers[1], state)
    view = game.public_view()
    if not jokers_alone_being_built(view):
        key = json.dumps(view, sort_keys=True)
        assert public_tensors.setdefault(key, public.tobytes()) == public.tobytes()
    hands = [game.hand(seat) for seat in range(game.num_players)]
    for seat in range(game.num_players):
        other = game.determinize(seat, seed=draw + seat)
        assert np.array_equal(other.public_observation_tensor(), public), f"seat {seat}"
        if [other.hand(s) for s in range(game.num_players)] != hands:
            assert not np.array_equal(other.state_tensor(), state), f"seat {seat}"


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(1.0)
@given(data=st.data(), seed=SEEDS, choices=CHOICES, every=st.integers(1, 8))
def test_public_and_state_tensors_along_random_play(
    name: str, data: st.DataObject, seed: int, choices: list[int], every: int
) -> None:
    """Every ``every``-th state of a random match's first 100 steps, one in ``20 * every``
    after (a Jolly match runs to thousands of steps, and each check replays the match from
    its JSON), and the last state."""
    if not sampled(name, seed, choices):
        return
    options = data.draw(option_sets(name), label="options")
    game: Any = cardcore.new_game(name, seed=seed, **options)
    public_tensors: dict[str, bytes] = {}
    for step in walk(game, Chooser(choices, seed), config(name).max_actions):
        spacing = every if step < 100 else 20 * every
        if step % spacing == 0 or game.is_over:
            assert_public_and_state(game, public_tensors, seed % 1000 + step)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_the_public_tensor_follows_the_public_view(name: str) -> None:
    """An action that changes the public view changes the public tensor (the first
    actions of a match: a bid, a discard, a card played), and the public tensor is none
    of the seats' observation tensors but agrees with seat 0's wherever it is nonzero."""
    game: Any = cardcore.new_game(name, seed=21)
    for _ in range(6):
        before, view = game.public_observation_tensor(), game.public_view()
        seat0 = game.observation_tensor(0)
        nonzero = before != 0
        assert np.array_equal(before[nonzero], seat0[nonzero])
        assert not np.array_equal(before, seat0)  # seat 0's hand is not public
        game.apply(game.legal_actions()[0])
        if game.public_view() != view:
            assert not np.array_equal(game.public_observation_tensor(), before)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_bad_out_buffers_are_refused(name: str) -> None:
    game: Any = play_to(cardcore.new_game(name, seed=5), Chooser([], 5), 3)
    state = game.to_json()
    for method, size in [
        (game.public_observation_tensor, game.public_observation_tensor_size),
        (game.state_tensor, game.state_tensor_size),
    ]:
        with pytest.raises(cardcore.OptionTypeError, match="option 'out'"):
            method(out=np.zeros(size, np.float64))
        with pytest.raises(cardcore.OptionError, match="option 'out'"):
            method(out=np.zeros(size + 1, np.float32))
    assert game.to_json() == state


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_the_rules_page_lays_out_both_tensors(name: str) -> None:
    """The "Full-state tensor" table runs from 0 to ``state_tensor_size`` without a gap
    or an overlap, each count its range's length, its first row the public tensor; each
    row of the "Public observation tensor" table is a row of the observation tensor's."""
    game: Any = cardcore.new_game(name, seed=0)
    rows = tensor_table(name, "Full-state tensor")
    assert rows[0][:2] == (0, game.public_observation_tensor_size - 1), name
    assert_table_covers(name, rows, game.state_tensor_size)
    observation_rows = {row[:2]: row[2] for row in tensor_table(name, "Observation tensor")}
    for first, last, count in tensor_table(name, "Public observation tensor"):
        assert observation_rows.get((first, last)) == count, f"{name}: {first}-{last}"
