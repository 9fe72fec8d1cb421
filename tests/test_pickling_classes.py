"""Every class a user can obtain travels: each public class of cardcore and of its
game modules is found in values reached from real play (games, observations, their
records, bots, summaries, arena results) and pickles (every protocol), copies and
deep-copies into a value equal to it in every field. A class added later without
pickling fails here, as does a public class no play reaches."""

from __future__ import annotations

import copy
import enum
import json
import math
import pickle
import typing
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

import cardcore
from cardcore import bots, brouc, five_hundred, jolly, julien, tarot
from harness import CONFIGURED_GAMES, config, strings_in
from test_pickling import snapshots

MODULES: tuple[ModuleType, ...] = (cardcore, bots, brouc, julien, tarot, five_hundred, jolly)

# Public classes with no instance to send: the protocols (types only), and the
# vector environment, which holds live matches and numpy buffers: it is rebuilt
# where it runs, from its arguments, and refuses to pickle.
STAY_HOME = {"VectorEnv"}


def is_protocol(cls: type) -> bool:
    return bool(getattr(cls, "_is_protocol", False))


def public_classes() -> dict[type, str]:
    """Each public class of the modules, with the name it is listed under."""
    found: dict[type, str] = {}
    for module in MODULES:
        for name in module.__all__:
            value = getattr(module, name)
            if not isinstance(value, type) or is_protocol(value) or typing.is_typeddict(value):
                continue
            if issubclass(value, BaseException) or value.__name__ in STAY_HOME:
                continue
            found.setdefault(value, f"{module.__name__}.{name}")
    return found


def data_fields(value: object) -> Iterator[tuple[str, object]]:
    """A cardcore value's data attributes (properties and read-only fields) and their values."""
    for name in dir(type(value)):
        if name.startswith("_"):
            continue
        attribute = getattr(type(value), name)
        if callable(attribute) or isinstance(attribute, (staticmethod, classmethod)):
            continue
        try:
            yield name, getattr(value, name)
        except cardcore.CardcoreError:
            continue


def is_ours(value: object) -> bool:
    return type(value).__module__.split(".")[0] == "cardcore"


def reached(roots: list[object], per_class: int = 12) -> dict[type, list[object]]:
    """Values of cardcore classes reachable from ``roots`` through data attributes,
    lists, tuples and dicts (the first and last items of long lists): the first
    ``per_class`` of each class."""
    found: dict[type, list[object]] = {}
    seen: dict[int, object] = {}  # holding each value, so that no id is reused
    stack = list(roots)
    while stack:
        value = stack.pop()
        if id(value) in seen or isinstance(value, (str, bytes, int, float)):
            continue
        seen[id(value)] = value
        if isinstance(value, (list, tuple)):
            stack.extend(value if len(value) <= 12 else [*value[:6], *value[-6:]])
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif is_ours(value):
            kept = found.setdefault(type(value), [])
            if len(kept) < per_class:
                kept.append(value)
            if not isinstance(value, enum.Enum):
                stack.extend(v for _, v in data_fields(value))
    return found


def played(name: str, options: dict[str, Any], seed: int) -> list[object]:
    """Copies of a match between random bots at a few moments, the end included, each
    one's observations and a few of its actions."""
    taken = snapshots(name, options, seed, every=97)
    seen: list[object] = list(taken)
    for moment in taken:
        seen += [moment.observation(seat) for seat in range(moment.num_players)]
        seen += moment.legal_actions()[:3]
    return seen


def with_a_poignee() -> cardcore.tarot.Tarot:
    """The first Tarot match between random bots in which a poignée is declared."""
    for seed in range(1_000):
        game = cardcore.tarot.Tarot(seed=seed)
        player = cardcore.RandomBot(seed)
        while not game.is_over:
            game.apply(player.act(game))
        if any(p for deal in game.finished_deals for p in deal.poignees):
            return game
    raise AssertionError("no poignée in a thousand matches")


@pytest.fixture(scope="module")
def values() -> dict[type, list[object]]:
    roots: list[object] = [cardcore.deck(78), cardcore.RandomBot(3), with_a_poignee()]
    for name in CONFIGURED_GAMES:
        for options in [{}, *config(name).option_sets[:2]]:
            roots += played(name, options, seed=5)
        roots.append(bots.make(name, "medium", seed=1))
    roots.append(cardcore.simulate("brouc", games=3, seed=1, threads=1))
    roots.append(cardcore.arena("brouc", ["easy", "medium"], matches=2, seed=1, threads=1))
    return reached(roots)


def test_every_public_class_is_reached_by_play(values: dict[type, list[object]]) -> None:
    missing = [label for cls, label in public_classes().items() if cls not in values]
    assert not missing, f"no value of {missing} reached: add a way to reach it"


def fields(value: object, depth: int = 0) -> object:
    """A value as plain data, every field followed: floats by their bits (NaN equal to
    itself), a game by its state."""
    if isinstance(value, float):
        return ("float", value.hex() if not math.isnan(value) else "nan")
    if isinstance(value, (list, tuple)):
        return [type(value).__name__, *(fields(v, depth) for v in value)]
    if isinstance(value, dict):
        return {k: fields(v, depth) for k, v in value.items()}
    if not is_ours(value) or isinstance(value, enum.Enum):
        return value
    if hasattr(value, "to_json") and hasattr(value, "apply"):
        return (type(value).__qualname__, value.to_json())
    if depth > 6:
        return (type(value).__qualname__, repr(value))
    shown = repr(value) if type(value).__repr__ is not object.__repr__ else None
    return (
        type(value).__qualname__,
        shown,
        {name: fields(v, depth + 1) for name, v in data_fields(value)},
    )


def travels(value: object) -> Iterator[tuple[str, object]]:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        yield f"pickle protocol {protocol}", pickle.loads(pickle.dumps(value, protocol))
    yield "copy", copy.copy(value)
    yield "deepcopy", copy.deepcopy(value)


def test_every_class_reached_travels_equal_in_every_field(
    values: dict[type, list[object]],
) -> None:
    assert len(values) >= 20, sorted(c.__qualname__ for c in values)
    for cls, instances in values.items():
        if cls.__name__ in STAY_HOME:
            continue
        for value in instances:
            expected = fields(value)
            for how, copied in travels(value):
                assert type(copied) is cls, (cls, how)
                assert fields(copied) == expected, (cls, how, value)
                if type(value).__eq__ is not object.__eq__:
                    assert copied == value, (cls, how, value)


def test_the_vector_environment_refuses_to_pickle() -> None:
    pytest.importorskip("numpy")
    env = cardcore.VectorEnv("brouc", 2, seed=1)
    with pytest.raises(TypeError, match="pickle"):
        pickle.dumps(env)


def test_a_record_pickle_that_is_not_one_is_refused() -> None:
    game = cardcore.new_game("brouc", seed=2)
    player = cardcore.RandomBot(2)
    while not game.finished_deals:
        game.apply(player.act(game))
    rebuild, (key, data, seal) = game.finished_deals[0].__reduce__()
    assert rebuild is cardcore._core._record
    assert fields(rebuild(key, data, seal)) == fields(game.finished_deals[0])
    edited = data.replace(b'"dealer":', b'"dealer": 1, "x":', 1)
    with pytest.raises(cardcore.JsonError, match="seal"):
        rebuild(key, edited, seal)
    with pytest.raises(cardcore.JsonError, match="seal"):
        rebuild(key, data[:-1], seal)
    with pytest.raises(cardcore.JsonError, match="record class"):
        rebuild("x" * 10_000, data, seal)


def test_every_error_class_travels() -> None:
    errors = [
        value
        for module in MODULES
        for value in (getattr(module, name) for name in module.__all__)
        if isinstance(value, type) and issubclass(value, BaseException)
    ]
    assert cardcore.JsonTypeError in errors
    with pytest.raises(cardcore.JsonError) as raised:
        cardcore.from_json("{")
    for error in [raised.value, *(cls("what was wrong") for cls in errors)]:
        for how, copied in travels(error):
            assert type(copied) is type(error), how
            assert copied.args == error.args, how


def is_card(text: str) -> bool:
    try:
        cardcore.Card(text)
    except cardcore.NotationError:
        return False
    return True


def cards_shown(value: object) -> set[str]:
    """The texts of every card a cardcore value shows through its fields."""
    if isinstance(value, cardcore.Card):
        return {str(value)}
    if isinstance(value, (list, tuple)):
        return set().union(*(cards_shown(v) for v in value))
    if is_ours(value) and not isinstance(value, enum.Enum):
        return set().union(*(cards_shown(v) for _, v in data_fields(value)))
    return set()


@pytest.mark.parametrize("name", ["tarot", "five_hundred"])
def test_a_void_deal_shown_to_a_seat_travels_without_the_hands_it_hides(name: str) -> None:
    for seed in range(300):
        game = cardcore.new_game(name, seed=seed)
        player = cardcore.RandomBot(seed)
        while not game.is_over:
            # Everybody passes when they may: the deal is void.
            passes = [a for a in game.legal_actions() if str(a) == "pass"]
            game.apply(passes[0] if passes else player.act(game))
            seen: Any = game.observation(0)  # Tarot's or 500's
            deal = seen.last_deal
            if deal is not None and deal.void:
                _, (_, data, _) = deal.__reduce__()
                carried = {text for text in strings_in(json.loads(data)) if is_card(text)}
                assert carried <= cards_shown(deal), carried - cards_shown(deal)
                assert cards_shown(pickle.loads(pickle.dumps(deal))) == cards_shown(deal)
                return
    raise AssertionError(f"no void {name} deal in 300 matches")
