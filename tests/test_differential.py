"""The Rust engine against the pure-Python reference, action by action.

Every comparison here is ``cardcore.crosscheck``'s, the code ``cardcore check`` runs
for users: both are built from the same seed and options and driven through whole
matches with the same choices; after every action every observable must agree (legal
actions, the seat to act, the phase, whether it is over, scores, history, the state
JSON and every seat's observation), actions go in as objects, ids or texts (one form on
one side, another on the other), illegal actions are refused by both, and the two
states are crossed over ``from_json``, on a schedule drawn from the seed. These tests
choose what to play (hypothesis draws the seeds and choices, and shrinks them) and
which states to load.
"""

from __future__ import annotations

import copy
import importlib
import json
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardcore
from cardcore import crosscheck
from harness import (
    CHOICES,
    CONFIGURED_GAMES,
    SEEDS,
    Chooser,
    config,
    mutate_state,
    option_sets,
    play_to,
    sampled,
    scaled,
    state,
)

REFERENCE: ModuleType = importlib.import_module("cardcore.reference")


def assert_same_verdict(text: str, seed: int) -> None:
    """Engine and reference accept or refuse the state alike; accepted, they agree on it
    and play on from it identically to the end (``crosscheck.check_state`` raises
    ``DivergenceError`` otherwise)."""
    crosscheck.check_state(text, seed=seed)


def test_reference_registers_the_same_games() -> None:
    assert tuple(REFERENCE.GAMES) == tuple(cardcore.GAMES)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(10.0)
@given(data=st.data(), seed=SEEDS, choices=CHOICES)
def test_engine_matches_reference(
    name: str, data: st.DataObject, seed: int, choices: list[int]
) -> None:
    if not sampled(name, seed, choices):
        return
    options = data.draw(option_sets(name), label="options")
    played = crosscheck.play_match(name, seed=seed, options=options, choices=choices)
    assert played.decisions > 0
    assert played.comparisons > played.decisions


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@pytest.mark.parametrize("seed", [0, 1, 2**63, 2**64 - 1])
def test_whole_matches_for_every_option_set(name: str, seed: int) -> None:
    """A fixed sweep through ``cardcore.check``: every option set, whole matches (seeds
    ``seed``, ``seed + 1``, ... modulo 2**64)."""
    sets = config(name).option_sets
    report = cardcore.check(name, matches=len(sets), seed=seed, options=sets, jobs=1)
    assert report.ok, report.summary()
    (tally,) = report.tallies
    assert (tally.game, tally.matches, tally.divergent) == (name, len(sets), 0)
    assert tally.agreements > tally.decisions > 0


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


@pytest.mark.parametrize(
    ("name", "option"),
    [("five_hundred", "max_deals"), ("tarot", "max_deals"), ("jolly", "max_round_steps")],
)
def test_a_state_saved_before_the_caps_loads_with_their_default(name: str, option: str) -> None:
    """The caps that end every match came after states were first saved: a state without
    one loads in the engine and in the reference alike, at the cap's default, and plays on."""
    game = play_to(cardcore.new_game(name, seed=7), Chooser([], 7), 40)
    saved = state(game)
    default = saved["options"].pop(option)
    loaded = cardcore.from_json(json.dumps(saved))
    assert dict(loaded.options)[option] == default
    assert REFERENCE.from_json(json.dumps(saved)).options[option] == default
    assert_same_verdict(json.dumps(saved), 7)


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
