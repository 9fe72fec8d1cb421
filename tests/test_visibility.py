"""``game.action_visibility`` and ``game.public_view`` (the engine's, in Rust) against a
reading of their definitions in Python over the observations alone: who can tell which
action was played is who sees a different observation after every other legal action, and
the public view is what every seat's observation shows alike. Random matches of every game
and every player count, hypothesis choosing the seeds, the options and the moves."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardcore
from cardcore import Action, Game
from harness import CHOICES, CONFIGURED_GAMES, SEEDS, Chooser, option_sets, scaled

STRIDE = 7


def common(values: list[Any]) -> Any:
    """What JSON values show alike: equal values kept, objects with the same keys and lists
    of one length compared item by item, anything else None. (Types are compared too, as
    JSON does: Python's ``True == 1`` does not make them alike.)"""
    first = values[0]
    if all(type(value) is type(first) and value == first for value in values[1:]):
        return first
    if isinstance(first, dict) and all(
        isinstance(value, dict) and value.keys() == first.keys() for value in values
    ):
        return {key: common([value[key] for value in values]) for key in first}
    if isinstance(first, list) and all(
        isinstance(value, list) and len(value) == len(first) for value in values
    ):
        return [common([value[i] for value in values]) for i in range(len(first))]
    return None


def public_view(game: Game) -> dict[str, Any]:
    view = common([game.observation(seat).to_dict() for seat in range(game.num_players)])
    assert isinstance(view, dict)
    view.pop("seat")
    view.pop("hand")
    return view


def after(game: Game, action: Action) -> Game:
    copy = game.clone()
    copy.apply(action)
    return copy


def visibility(game: Game, action: Action) -> tuple[list[int], bool]:
    actor = game.current_player
    played = after(game, action)
    alternatives = [after(game, other) for other in game.legal_actions() if other != action]
    seats = [
        seat
        for seat in range(game.num_players)
        if seat != actor
        and all(
            other.observation(seat).to_dict() != played.observation(seat).to_dict()
            for other in alternatives
        )
    ]
    shown = public_view(played)
    public = len(seats) == game.num_players - 1 and all(
        public_view(other) != shown for other in alternatives
    )
    return seats, public


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(0.1)
@given(data=st.data(), seed=SEEDS, choices=CHOICES)
def test_the_engine_tells_an_action_to_those_who_can_tell_it(
    name: str, data: st.DataObject, seed: int, choices: list[int]
) -> None:
    options = data.draw(option_sets(name), label="options")
    game = cardcore.new_game(name, seed=seed, **options)
    chooser = Chooser(choices, seed)
    # One state in STRIDE, from an offset drawn from the seed, over the first 600 steps.
    for step in range(600):
        if game.is_over:
            assert game.public_view() == public_view(game)
            break
        legal = game.legal_actions()
        action = legal[chooser.pick(len(legal))]
        if step % STRIDE == seed % STRIDE:
            assert game.public_view() == public_view(game)
            assert game.action_visibility(action) == visibility(game, action)
        game.apply(action)


def test_visibility_refuses_an_action_that_is_not_legal() -> None:
    game = cardcore.new_game("brouc", seed=1)
    illegal = next(a for a in range(game.action_count) if not game.is_legal(a))
    with pytest.raises(cardcore.IllegalActionError):
        game.action_visibility(illegal)
    with pytest.raises(cardcore.IllegalActionTypeError):
        game.action_visibility(1.5)  # type: ignore[arg-type]
