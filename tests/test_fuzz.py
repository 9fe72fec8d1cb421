"""Fuzz the public entry points: random values in, only cardcore errors out.

A cardcore error is a ``ValueError`` (for a value of the wrong type, also a
``TypeError``); anything else escaping (a plain ``TypeError`` or ``RuntimeError``, an
``OverflowError``, a ``UnicodeEncodeError``, or pyo3's ``PanicException``, which is a
``BaseException``) fails the test. An accepted input must also leave a usable game
behind.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardcore
from harness import (
    ALL_CARD_TEXTS,
    CARDISH,
    CHOICES,
    CONFIGURED_GAMES,
    JSON_VALUES,
    SEEDS,
    Chooser,
    mutate_state,
    option_sets,
    play_to,
    scaled,
    state,
)

SIZES = (32, 46, 52, 78, 110)
CARD_TEXTS = ALL_CARD_TEXTS
LOWER_CARD_TEXTS = {text.lower() for text in CARD_TEXTS}
ANYTHING: st.SearchStrategy[Any] = st.one_of(
    CARDISH,
    st.integers(),
    st.integers(min_value=-2, max_value=40),
    st.none(),
    st.booleans(),
    st.floats(),
    st.binary(max_size=4),
    st.complex_numbers(),
    st.lists(st.integers(), max_size=3),
    st.tuples(st.integers()),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.builds(object),
    st.sampled_from([cardcore.Card("QH"), cardcore.Suit.HEARTS, cardcore.Rank.QUEEN]),
)


def call(function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[bool, Any]:
    """``(True, result)``, or ``(False, error)`` for a cardcore error; any other
    exception, a panic included, fails the test."""
    try:
        return True, function(*args, **kwargs)
    except cardcore.CardcoreError as error:
        return False, error
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # PanicException derives from BaseException
        kind = f"{type(error).__module__}.{type(error).__qualname__}"
        pytest.fail(f"{kind} escaped {function.__name__}{args!r} {kwargs!r}: {error!r}")


def must(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call something that must succeed on an accepted game."""
    ok, result = call(function, *args, **kwargs)
    assert ok, f"{function.__name__}{args!r} refused a valid call: {result!r}"
    return result


def exercise(game: cardcore.Game, steps: int) -> None:
    """Use every member of a game that was accepted, and play on a little."""
    for _ in range(steps + 1):
        text = must(game.to_json)
        again = must(cardcore.from_json, text)
        assert must(again.to_json) == text
        for seat in range(game.num_players):
            json.dumps(must(game.observation, seat).to_dict())
        must(lambda: (game.name, game.options, game.phase, game.scores, game.history))
        current = must(lambda: game.current_player)
        legal = must(game.legal_actions)
        assert bool(legal) == (current is not None), "legal actions disagree with the turn"
        if not legal:
            assert game.is_over
            return
        must(game.apply, legal[len(legal) // 2])


def game_at(name: str, data: st.DataObject, seed: int, choices: list[int], steps: int) -> Any:
    options = data.draw(option_sets(name), label="options")
    return play_to(cardcore.new_game(name, seed=seed, **options), Chooser(choices, seed), steps)


STEPS = st.integers(min_value=0, max_value=250)


# --------------------------------------------------------------------------- apply and action


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(5.0)
@given(
    data=st.data(), seed=SEEDS, choices=CHOICES, steps=STEPS, values=st.lists(ANYTHING, max_size=8)
)
def test_apply_anything(
    name: str, data: st.DataObject, seed: int, choices: list[int], steps: int, values: list[Any]
) -> None:
    game = game_at(name, data, seed, choices, steps)
    for value in values:
        before = game.to_json()
        legal_ids = {action.id for action in game.legal_actions()}
        history = len(game.history)
        ok, _ = call(game.apply, value)
        if ok:
            assert len(game.history) == history + 1
            assert game.history[-1].id in legal_ids, f"{value!r} applied an illegal action"
        else:
            assert game.to_json() == before, f"refused {value!r} changed the state"


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(2.0)
@given(data=st.data(), seed=SEEDS, choices=CHOICES, steps=STEPS, value=ANYTHING)
def test_action_lookup_anything(
    name: str, data: st.DataObject, seed: int, choices: list[int], steps: int, value: Any
) -> None:
    game = game_at(name, data, seed, choices, steps)
    before = game.to_json()
    ok, action = call(game.action, value)
    assert game.to_json() == before
    if ok and isinstance(value, int) and not isinstance(value, bool):
        assert action.id == value
    elif ok and isinstance(value, str):
        assert value.isascii()
        assert str(action) == value.upper()


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(2.0)
@given(data=st.data(), seed=SEEDS, choices=CHOICES, steps=STEPS, seat=ANYTHING)
def test_observation_of_any_seat(
    name: str, data: st.DataObject, seed: int, choices: list[int], steps: int, seat: Any
) -> None:
    game = game_at(name, data, seed, choices, steps)
    ok, result = call(game.observation, seat)
    is_seat = isinstance(seat, int) and not isinstance(seat, bool)
    if is_seat:
        assert ok == (0 <= seat < game.num_players)
        if not ok:
            assert isinstance(result, cardcore.SeatError)


# --------------------------------------------------------------------------- cards


@scaled(5.0)
@given(text=CARDISH)
def test_card_parse_anything(text: str) -> None:
    ok, card = call(cardcore.Card.parse, text)
    if ok:
        assert text.isascii()
        assert str(card) == text.upper()
        assert cardcore.Card.parse(str(card)) == card
        assert text.upper() in CARD_TEXTS
    else:
        assert isinstance(card, cardcore.NotationError)
        # Upper case and lower case must parse (mixed case is not specified).
        assert text not in CARD_TEXTS
        assert text not in LOWER_CARD_TEXTS


@given(card_id=st.integers())
def test_card_from_any_id(card_id: int) -> None:
    ok, card = call(cardcore.Card.from_id, card_id)
    assert ok == (0 <= card_id <= 80)
    if ok:
        assert card.id == card_id


@given(size=st.integers())
def test_deck_of_any_size(size: int) -> None:
    ok, deck = call(cardcore.deck, size)
    assert ok == (size in SIZES)
    if ok:
        assert len(deck) == size


# --------------------------------------------------------------------------- from_json


@scaled(5.0)
@given(text=st.one_of(st.text(), st.from_regex(r"\A[\[\]{}\",:0-9a-z ]{0,30}\Z")))
def test_from_json_any_text(text: str) -> None:
    ok, result = call(cardcore.from_json, text)
    if not ok:
        assert isinstance(result, cardcore.JsonError)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(5.0)
@given(data=st.data(), seed=SEEDS, choices=CHOICES, steps=STEPS)
def test_from_json_mutated_state(
    name: str, data: st.DataObject, seed: int, choices: list[int], steps: int
) -> None:
    parsed = state(game_at(name, data, seed, choices, steps))
    mutated = mutate_state(data, parsed)
    ok, game = call(cardcore.from_json, json.dumps(mutated))
    if ok:
        exercise(game, 40)
    else:
        assert isinstance(game, cardcore.JsonError | cardcore.OptionError), repr(game)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(2.0)
@given(data=st.data(), seed=SEEDS, choices=CHOICES, steps=STEPS)
def test_from_json_truncated_state(
    name: str, data: st.DataObject, seed: int, choices: list[int], steps: int
) -> None:
    text = game_at(name, data, seed, choices, steps).to_json()
    cut = data.draw(st.integers(min_value=0, max_value=len(text) - 1), label="cut")
    ok, result = call(cardcore.from_json, text[:cut])
    assert not ok
    assert isinstance(result, cardcore.JsonError)


# --------------------------------------------------------------------------- new_game and friends


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(5.0)
@given(data=st.data())
def test_new_game_any_options(name: str, data: st.DataObject) -> None:
    known = sorted(cardcore.new_game(name, seed=0).options)
    keys = st.sampled_from(known) | st.text(max_size=8).filter(lambda k: k not in ("seed", "name"))
    options = data.draw(st.dictionaries(keys, JSON_VALUES | ANYTHING, max_size=3), label="options")
    ok, game = call(cardcore.new_game, name, seed=1, **options)
    if ok:
        for key, value in options.items():
            assert key in known
            assert game.options[key] == value, f"{key}={value!r} became {game.options[key]!r}"
        exercise(game, 10)
    else:
        assert isinstance(game, cardcore.OptionError)
        assert any(key in str(game) for key in options), f"{game} names none of {options}"


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(2.0)
@given(seed=st.one_of(st.integers(), st.floats(), st.text(max_size=4), st.none()))
def test_new_game_any_seed(name: str, seed: Any) -> None:
    ok, _game = call(cardcore.new_game, name, seed=seed)
    valid = isinstance(seed, int) and 0 <= seed < 2**64
    assert ok == valid, f"seed {seed!r}"


@scaled(2.0)
@given(name=st.text(max_size=10))
def test_new_game_any_name(name: str) -> None:
    ok, result = call(cardcore.new_game, name, seed=1)
    assert ok == (name in cardcore.GAMES)
    if not ok:
        assert isinstance(result, cardcore.UnknownGameError)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@given(seed=st.one_of(st.integers(), st.text(max_size=3), st.none()))
def test_random_bot_any_seed(name: str, seed: Any) -> None:
    ok, bot = call(cardcore.RandomBot, seed)
    assert ok == (isinstance(seed, int) and 0 <= seed < 2**64)
    if ok:
        game = cardcore.new_game(name, seed=3)
        assert must(bot.act, game) in game.legal_actions()


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@given(
    games=st.integers(min_value=-3, max_value=4),
    seed=st.integers(min_value=-2, max_value=2**64 + 1),
    threads=st.none() | st.integers(min_value=-2, max_value=4),
)
def test_simulate_any_arguments(name: str, games: int, seed: int, threads: int | None) -> None:
    ok, summary = call(cardcore.simulate, name, games=games, seed=seed, threads=threads)
    if ok:
        assert summary.games == games >= 0
        assert 0 <= seed < 2**64
        assert threads is None or threads >= 1
    else:
        assert (
            games < 0
            or not 0 <= seed < 2**64
            or (threads is not None and threads < 1)
            or (games == 0)
        ), f"refused valid arguments: {summary!r}"
