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

import copy
import importlib
import json
import random
from collections.abc import Callable
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
    mutate_state,
    option_sets,
    play_to,
    sampled,
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
        "observations": [game.observation(seat).to_dict() for seat in range(game.num_players)],
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
    return continue_side_by_side(engine, ref, f"seed={seed}", chooser, crossings, probes)


def continue_side_by_side(
    engine: cardcore.Game,
    ref: Any,
    origin: str,
    chooser: Chooser,
    crossings: set[int],
    probes: set[int],
) -> int:
    """Play two equal games to the end with the same choices, comparing every step."""
    action_count = config(engine.name).action_count
    step = 0
    assert_same(engine, ref, f"{origin} start")
    while not engine.is_over:
        where = f"{origin} step={step} {describe(engine)}"
        assert step < config(engine.name).max_actions, f"no end at {where}"
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
        assert_same(engine, ref, f"{origin} step={step} {describe(engine)}")
    assert ref.is_over
    return step


def load(load_json: Callable[[str], Any], text: str) -> tuple[Any, str]:
    """``(game, "")`` if the text is accepted, ``(None, the error)`` if refused."""
    try:
        return load_json(text), ""
    except ValueError as error:
        return None, f"{type(error).__name__}: {error}"


def assert_same_verdict(text: str, seed: int) -> None:
    """Engine and reference accept or refuse the state alike; accepted, they agree on it
    and play on from it identically to the end."""
    engine, engine_error = load(cardcore.from_json, text)
    ref, ref_error = load(REFERENCE.from_json, text)
    assert (engine is None) == (ref is None), (
        f"from_json disagrees: engine {engine_error or 'accepts'}, "
        f"reference {ref_error or 'accepts'}; state: {text}"
    )
    if engine is not None:
        continue_side_by_side(engine, ref, f"from_json({text})", Chooser([], seed), set(), {0})


def test_reference_registers_the_same_games() -> None:
    assert tuple(REFERENCE.GAMES) == tuple(cardcore.GAMES)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(10.0)
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
    if not sampled(name, data):
        return
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


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(3.0)
@given(data=st.data(), seed=SEEDS, choices=CHOICES, steps=st.integers(0, 300))
def test_from_json_verdicts_agree(
    name: str, data: st.DataObject, seed: int, choices: list[int], steps: int
) -> None:
    """Edited states (see harness.mutate_state): both refuse, or both accept alike."""
    options = data.draw(option_sets(name), label="options")
    game = play_to(cardcore.new_game(name, seed=seed, **options), Chooser(choices, seed), steps)
    assert_same_verdict(json.dumps(mutate_state(data, state(game))), seed)


def _brouc_after(actions: int, **options: Any) -> dict[str, Any]:
    game = play_to(cardcore.new_game("brouc", seed=2024, **options), Chooser([], 2024), actions)
    return state(game)


def _edited(parsed: dict[str, Any], path: tuple[Any, ...], value: Any) -> str:
    edited = copy.deepcopy(parsed)
    target = edited
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return json.dumps(edited)


def _known_brouc_edits() -> list[Any]:
    """Edited Brouc states, each a consistency check one side might skip."""
    if "brouc" not in CONFIGURED_GAMES:
        return []
    one_trick = _brouc_after(4)
    second_deal = _brouc_after(40, target=1000)
    finished = _brouc_after(10**6)
    assert second_deal["deal_number"] == 2
    assert finished["phase"] == "over"
    assert finished["winner"] is not None
    edits = {
        "card points off by one": (one_trick, ("card_points", 0), 1 + one_trick["card_points"][0]),
        "marriages without a marriage": (one_trick, ("marriages", 1), 20),
        "a repeated card in an earlier deal's history": (
            second_deal,
            ("history", 0),
            second_deal["history"][1],
        ),
        "a match over without a winner": (finished, ("winner",), None),
        "the trump card from another hand": (
            one_trick,
            ("trump_card",),
            one_trick["hands"][1][0],
        ),
    }
    return [pytest.param(_edited(*edit), id=label) for label, edit in edits.items()]


@pytest.mark.parametrize("text", _known_brouc_edits())
def test_from_json_verdicts_agree_on_known_edits(text: str) -> None:
    assert_same_verdict(text, 7)
