"""The Rust engine against the pure-Python reference, action by action.

Both are built from the same seed and options and driven through whole matches
with the same choices. After every action every observable must agree: legal
actions (ids, texts, kinds, cards, in order), the seat to act, the phase,
whether it is over, scores, history, the state JSON and every seat's
observation. Along the way actions go in as objects, ids or texts (one form on
one side, another on the other), illegal actions are refused by both, and the
two states are swapped through ``from_json`` (the engine continues from the
reference's JSON and the reference from the engine's).
"""

from __future__ import annotations

import importlib
import json
import random
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardcore
from harness import (
    CHOICES,
    CONFIGURED_GAMES,
    SEEDS,
    Chooser,
    card_text,
    config,
    describe,
    option_sets,
    scaled,
    state,
)

REFERENCE: ModuleType = importlib.import_module("cardcore.reference")


def view(game: Any) -> dict[str, Any]:
    """Everything observable about a game, as plain values."""
    legal = game.legal_actions()
    return {
        "name": game.name,
        "options": game.options,
        "num_players": game.num_players,
        "current_player": game.current_player,
        "phase": game.phase,
        "is_over": game.is_over,
        "scores": list(game.scores),
        "history": [(action.id, str(action)) for action in game.history],
        "legal": [(a.id, str(a), a.kind, card_text(a)) for a in legal],
        "json": state(game),
        "observations": [game.observation(seat) for seat in range(game.num_players)],
    }


def assert_same(engine: cardcore.Game, ref: Any, where: str) -> None:
    mine, theirs = view(engine), view(ref)
    for key in mine:
        assert mine[key] == theirs[key], f"{key} differs (engine, reference) at {where}"
    ids = [action.id for action in engine.legal_actions()]
    assert ids == sorted(ids), f"legal actions not sorted by id at {where}"


def apply_both(engine: cardcore.Game, ref: Any, index: int, mode: int) -> None:
    """Apply the legal action at ``index`` to both, each in the form ``mode`` picks."""
    mine = engine.legal_actions()[index]
    theirs = ref.legal_actions()[index]
    if mode == 0:
        engine.apply(mine)
        ref.apply(theirs)
    elif mode == 1:
        engine.apply(mine.id)
        ref.apply(str(theirs))
    elif mode == 2:
        engine.apply(str(mine))
        ref.apply(theirs.id)
    else:
        engine.apply(mine.id)
        ref.apply(theirs.id)


def assert_both_refuse(engine: cardcore.Game, ref: Any, bad: int | str, where: str) -> None:
    before_engine, before_ref = engine.to_json(), ref.to_json()
    with pytest.raises(cardcore.CardcoreError):
        engine.apply(bad)
    with pytest.raises(REFERENCE.RuleError):
        ref.apply(bad)
    assert engine.to_json() == before_engine, f"engine changed by refused {bad!r} at {where}"
    assert ref.to_json() == before_ref, f"reference changed by refused {bad!r} at {where}"


def play_side_by_side(
    name: str,
    seed: int,
    options: dict[str, Any],
    chooser: Chooser,
    crossings: set[int],
    probes: set[int],
) -> int:
    """Play one whole match on both; returns the number of actions played."""
    engine = cardcore.new_game(name, seed=seed, **options)
    ref = REFERENCE.new_game(name, seed=seed, **options)
    action_count = config(name).action_count
    step = 0
    assert_same(engine, ref, f"seed={seed} start")
    while not engine.is_over:
        where = f"seed={seed} step={step} {describe(engine)}"
        assert step < config(name).max_actions, f"no end at {where}"
        legal_ids = {action.id for action in engine.legal_actions()}
        if step in probes:
            illegal = [i for i in range(action_count) if i not in legal_ids]
            if illegal:
                assert_both_refuse(engine, ref, illegal[chooser.pick(len(illegal))], where)
            assert_both_refuse(engine, ref, "ZZ", where)
        if step in crossings:
            engine_json, ref_json = engine.to_json(), ref.to_json()
            engine = cardcore.from_json(ref_json)
            ref = REFERENCE.from_json(engine_json)
            assert_same(engine, ref, f"after crossing JSON at {where}")
        number = chooser.number()
        apply_both(engine, ref, number % len(legal_ids), (number >> 8) % 4)
        step += 1
        assert_same(engine, ref, f"seed={seed} step={step} {describe(engine)}")
    assert ref.is_over
    return step


def test_reference_registers_the_same_games() -> None:
    assert tuple(REFERENCE.GAMES) == tuple(cardcore.GAMES)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(2.0)
@given(
    data=st.data(),
    seed=SEEDS,
    choices=CHOICES,
    crossings=st.sets(st.integers(min_value=0, max_value=300), max_size=3),
    probes=st.sets(st.integers(min_value=0, max_value=300), max_size=4),
)
def test_engine_matches_reference(
    name: str,
    data: st.DataObject,
    seed: int,
    choices: list[int],
    crossings: set[int],
    probes: set[int],
) -> None:
    options = data.draw(option_sets(name), label="options")
    play_side_by_side(name, seed, options, Chooser(choices, seed), crossings, probes)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@pytest.mark.parametrize("seed", [0, 1, 2**63, 2**64 - 1])
def test_whole_matches_for_every_option_set(name: str, seed: int) -> None:
    """A fixed sweep: every option set, whole matches, crossing JSON once per match."""
    for options in config(name).option_sets:
        chooser = Chooser([], seed ^ 0x5EED)
        crossing = random.Random(seed).randrange(60)
        played = play_side_by_side(name, seed, options, chooser, {crossing}, {crossing + 1})
        assert played > 0


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_reference_json_round_trip(name: str) -> None:
    """The reference reads back its own JSON and the engine's initial JSON unchanged."""
    for seed in (3, 4, 5):
        engine = cardcore.new_game(name, seed=seed)
        ref = REFERENCE.new_game(name, seed=seed)
        text = ref.to_json()
        assert json.loads(REFERENCE.from_json(text).to_json()) == json.loads(text)
        assert json.loads(REFERENCE.from_json(engine.to_json()).to_json()) == state(engine)
