"""The public entry points every game shares: new_game, options, seeds, from_json,
actions, game_info, RandomBot and simulate (docs/protocol.md)."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

import cardcore
from harness import (
    CONFIGURED_GAMES,
    GAME_CONFIG,
    GAMES,
    Chooser,
    config,
    play_to,
    state,
)

ERRORS = (
    cardcore.IllegalActionError,
    cardcore.NotationError,
    cardcore.JsonError,
    cardcore.UnknownGameError,
    cardcore.OptionError,
    cardcore.SeatError,
)


def test_error_classes_are_value_errors() -> None:
    assert issubclass(cardcore.CardcoreError, ValueError)
    for error in ERRORS:
        assert issubclass(error, cardcore.CardcoreError)
    assert len(set(ERRORS)) == len(ERRORS)


def test_each_kind_has_a_type_error_subclass() -> None:
    """A value of the wrong type raises its kind's subclass that is also a TypeError."""
    for error in ERRORS:
        type_error = getattr(cardcore, error.__name__.replace("Error", "TypeError"))
        assert type_error.__bases__ == (error, TypeError)
        assert type_error.__module__ == "cardcore"
        assert type_error.__doc__
        assert type_error.__name__ in cardcore.__all__
    concurrent = cardcore.ConcurrentUseError
    assert concurrent.__bases__ == (cardcore.CardcoreError, RuntimeError)
    assert concurrent.__doc__


def test_every_game_has_a_config() -> None:
    assert GAMES, "no game registered"
    assert "brouc" in GAMES
    missing = [name for name in GAMES if name not in GAME_CONFIG]
    assert not missing, f"add {missing} to tests/harness.py GAME_CONFIG"


# --------------------------------------------------------------------------- new_game


def test_unknown_game_is_named() -> None:
    for name in ("nope", "Brouc", "", "brouc "):
        with pytest.raises(cardcore.UnknownGameError) as raised:
            cardcore.new_game(name, seed=1)
        assert repr(name) in str(raised.value) or f"{name}" in str(raised.value)
    with pytest.raises(cardcore.UnknownGameError, match="no_such_game"):
        cardcore.new_game("no_such_game", seed=1)


def _bad_options() -> list[Any]:
    return [
        pytest.param(name, options, option, id=f"{name}-{options}")
        for name in CONFIGURED_GAMES
        for options, option in config(name).bad_options
    ]


@pytest.mark.parametrize(("name", "options", "option"), _bad_options())
def test_bad_options_name_the_option(name: str, options: dict[str, Any], option: str) -> None:
    with pytest.raises(cardcore.OptionError) as raised:
        cardcore.new_game(name, seed=1, **options)
    assert option in str(raised.value)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_options_are_filled_in(name: str) -> None:
    defaults = cardcore.new_game(name, seed=1).options
    assert defaults["single_deal"] is False
    for options in config(name).option_sets + config(name).edge_options:
        game = cardcore.new_game(name, seed=1, **options)
        assert set(game.options) == set(defaults)
        for key, value in defaults.items():
            assert dict(game.options)[key] == options.get(key, value)
        assert state(game)["options"] == game.options


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@pytest.mark.parametrize("seed", [4, 5, 6])
def test_single_deal_stops_after_the_first_deal(name: str, seed: int) -> None:
    """Played with the same choices, a single-deal game is the first deal of the match:
    its history is a prefix of the whole match's, and the match goes on after it unless
    that deal ended it (a 500 match can end at its first deal)."""
    single = cardcore.new_game(name, seed=seed, single_deal=True)
    match = cardcore.new_game(name, seed=seed)
    play_to(single, Chooser([], seed), 10**6)
    play_to(match, Chooser([], seed), 10**6)
    assert single.is_over
    assert match.is_over
    single_history = [str(action) for action in single.history]
    match_history = [str(action) for action in match.history]
    assert match_history[: len(single_history)] == single_history
    assert len(single_history) < len(match_history) or single.scores == match.scores


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@pytest.mark.parametrize("seed", [-1, -(2**63), 2**64, 2**64 + 5, 2**100])
def test_bad_seeds_are_refused(name: str, seed: Any) -> None:
    with pytest.raises(cardcore.OptionError, match="option 'seed'") as raised:
        cardcore.new_game(name, seed=seed)
    assert not isinstance(raised.value, TypeError)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@pytest.mark.parametrize("seed", ["1", 1.0, None, [1], True])
def test_seeds_of_the_wrong_type_are_also_type_errors(name: str, seed: Any) -> None:
    with pytest.raises(cardcore.OptionTypeError, match="option 'seed'"):
        cardcore.new_game(name, seed=seed)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@pytest.mark.parametrize("seed", [0, 1, 2**32, 2**63, 2**64 - 1])
def test_seeds_across_the_range(name: str, seed: int) -> None:
    game = cardcore.new_game(name, seed=seed)
    assert state(game)["rng"] >= 0
    assert game.to_json() == cardcore.new_game(name, seed=seed).to_json()


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_seed_is_required_and_keyword_only(name: str) -> None:
    new_game: Any = cardcore.new_game
    with pytest.raises(TypeError):
        new_game(name)
    with pytest.raises(TypeError):
        new_game(name, 1)


# --------------------------------------------------------------------------- from_json


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "null",
        "[]",
        "42",
        '"brouc"',
        "{}",
        '{"game": "brouc"}',
        '{"game": "nope", "version": 1}',
        "\x00",
        "{" * 10000,
    ],
)
def test_from_json_refuses_garbage(text: str) -> None:
    with pytest.raises(cardcore.JsonError):
        cardcore.from_json(text)


def _mid_deal(name: str) -> dict[str, Any]:
    return state(play_to(cardcore.new_game(name, seed=77), Chooser([], 77), 6))


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_from_json_refuses_wrong_game_and_version(name: str) -> None:
    parsed = _mid_deal(name)
    for key, value in (("game", "nope"), ("game", None), ("version", 99), ("version", "1")):
        broken = dict(parsed, **{key: value})
        with pytest.raises(cardcore.JsonError):
            cardcore.from_json(json.dumps(broken))
    for key in parsed:
        broken = {k: v for k, v in parsed.items() if k != key}
        if key in config(name).later_keys:
            # A state saved before the key existed: it loads, and saves back without it.
            assert state(cardcore.from_json(json.dumps(broken))) == broken
            continue
        with pytest.raises(cardcore.JsonError):
            cardcore.from_json(json.dumps(broken))


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_from_json_refuses_a_duplicated_or_missing_card(name: str) -> None:
    parsed = _mid_deal(name)
    hands = parsed["hands"]
    donor = next(seat for seat, hand in enumerate(hands) if hand)
    taker = next(seat for seat, hand in enumerate(hands) if hand and seat != donor)
    duplicated = copy.deepcopy(parsed)
    duplicated["hands"][taker][0] = hands[donor][0]
    duplicated["hands"][taker].sort(key=lambda c: cardcore.Card.parse(c).id)
    missing = copy.deepcopy(parsed)
    del missing["hands"][taker][0]
    foreign = copy.deepcopy(parsed)
    foreign["hands"][taker][0] = "ZZ"
    for broken in (duplicated, missing, foreign):
        with pytest.raises(cardcore.JsonError):
            cardcore.from_json(json.dumps(broken))
    assert state(cardcore.from_json(json.dumps(parsed))) == parsed


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_from_json_refuses_an_out_of_range_rng(name: str) -> None:
    parsed = _mid_deal(name)
    for rng in (-1, 2**64, 1.5, "1", None):
        with pytest.raises(cardcore.JsonError):
            cardcore.from_json(json.dumps(dict(parsed, rng=rng)))
    for rng in (0, 2**64 - 1):
        text = json.dumps(dict(parsed, rng=rng))
        if config(name).derived_rng:
            # The generator is the one replay reaches, which the state already holds.
            with pytest.raises(cardcore.JsonError, match=rf'^"rng" is {rng}, but no play reaches'):
                cardcore.from_json(text)
        else:
            assert state(cardcore.from_json(text))["rng"] == rng


def _trade(parsed: dict[str, Any], name: str, a: str, b: str) -> dict[str, Any]:
    """The state with seat 0's card ``a`` and seat 1's card ``b`` trading places in its
    hand keys (re-sorted)."""
    traded = copy.deepcopy(parsed)
    for key in config(name).hand_keys:
        for seat in (0, 1):
            traded[key][seat] = sorted(
                [{a: b, b: a}.get(card, card) for card in traded[key][seat]],
                key=lambda c: cardcore.Card.parse(c).id,
            )
    return traded


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_a_chosen_deal_loads_as_given(name: str) -> None:
    """A state proves a legal game, not a fair deal (docs/protocol.md): hands that
    trade a card before any play load with the generator unchanged, though no seed
    deals them with it, so that chosen deals (a teacher's, a tester's) load."""
    game = cardcore.new_game(name, seed=5)
    parsed = state(game)
    assert parsed["history"] == []
    hands = parsed["hands"]
    # A card held once by seat 0 and not by seat 1, and the other way round (Jolly's
    # deck has two of each).
    a = next(card for card in hands[0] if hands[0].count(card) == 1 and card not in hands[1])
    b = next(card for card in hands[1] if hands[1].count(card) == 1 and card not in hands[0])
    traded = _trade(parsed, name, a, b)
    loaded = cardcore.from_json(json.dumps(traded))
    assert state(loaded) == traded
    assert loaded.hand(0) != game.hand(0)
    assert state(loaded)["rng"] == parsed["rng"]
    # The generator decides only what is still to be drawn: play goes on from the deal.
    loaded.apply(loaded.legal_actions()[0])
    assert cardcore.from_json(loaded.to_json()) == loaded


_HUGE = "x" * 4_000_000
_BOUND = 1_000  # characters: a message quotes at most 200 of any one input


def _refusal(call: Any) -> str:
    with pytest.raises(cardcore.CardcoreError) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_a_huge_input_gives_a_short_message_naming_it(name: str) -> None:
    """docs/protocol.md, "Errors": a message quotes at most 200 characters of what it
    was given, then its length, at every entry point that echoes input."""
    game = cardcore.new_game(name, seed=3)
    parsed = state(game)
    calls: dict[str, tuple[Any, str]] = {
        "unknown key": (
            lambda: cardcore.from_json(json.dumps(dict(parsed, **{_HUGE: 1}))),
            'unknown key "xxx',
        ),
        "unknown option key": (
            lambda: cardcore.from_json(
                json.dumps(dict(parsed, options=dict(parsed["options"], **{_HUGE: 1})))
            ),
            'unknown key "xxx',
        ),
        "card value": (
            lambda: cardcore.from_json(json.dumps(dict(parsed, hands=[[_HUGE]]))),
            'found the string "xxx',
        ),
        "history": (
            lambda: cardcore.from_json(json.dumps(dict(parsed, history=[_HUGE]))),
            "not a card or action: 'xxx",
        ),
        "game name": (
            lambda: cardcore.from_json(json.dumps(dict(parsed, game=_HUGE))),
            'unknown game: "xxx',
        ),
        "differing value": (
            lambda: cardcore.from_json(json.dumps(dict(parsed, phase=_HUGE))),
            '"phase" is "xxx',
        ),
        "apply": (lambda: game.apply(_HUGE), "not a card or action: 'xxx"),
        "is_legal": (lambda: game.is_legal(_HUGE), "not a card or action: 'xxx"),
        "action": (lambda: game.action(_HUGE), "not a card or action: 'xxx"),
        "Card": (lambda: cardcore.Card(_HUGE), "not a card or action: 'xxx"),
        "Card.parse": (lambda: cardcore.Card.parse(_HUGE), "not a card or action: 'xxx"),
        "new_game": (lambda: cardcore.new_game(_HUGE, seed=1), "unknown game: 'xxx"),
        "option name": (lambda: cardcore.new_game(name, seed=1, **{_HUGE: 1}), "option 'xxx"),
        "option value": (
            lambda: cardcore.new_game(name, seed=1, single_deal=_HUGE),
            "option 'single_deal': expected true or false, got \"xxx",
        ),
    }
    for what, (call, names) in calls.items():
        message = _refusal(call)
        assert len(message) < _BOUND, (what, len(message))
        assert names in message, (what, message[:300])
        assert re.search(r"\.\.\. \(400\d{4} characters\)", message), (what, message[:300])
    assert game == cardcore.new_game(name, seed=3)


def test_from_json_takes_only_text() -> None:
    from_json: Any = cardcore.from_json
    for wrong in (None, 1, b"{}", {"game": "brouc"}):
        with pytest.raises(cardcore.JsonError):
            from_json(wrong)


# --------------------------------------------------------------------------- actions


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_action_fields(name: str) -> None:
    game = cardcore.new_game(name, seed=9)
    legal = game.legal_actions()
    assert legal
    assert len(set(legal)) == len(legal)
    for action in legal:
        text = str(action)
        assert isinstance(action.id, int)
        assert isinstance(action.kind, str)
        assert action.kind
        assert action.game == name
        assert text
        assert text == text.strip()
        assert text in repr(action)
        assert game.action(action.id) == action
        assert game.action(text) == action
        assert game.action(text.lower()) == action
        assert hash(game.action(action.id)) == hash(action)
        assert action == action
        assert action != object()
        assert action != action.id
        if action.kind == "play":
            assert action.card is not None
            assert isinstance(action.card, cardcore.Card)
            assert str(action.card) == text
    for first in legal:
        for second in legal:
            assert (first == second) == (first.id == second.id)
    played = legal[0]
    game.apply(played)
    assert game.history[-1] == played
    assert str(game.history[-1]) == str(played)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_apply_accepts_object_id_and_text_alike(name: str) -> None:
    by = {form: cardcore.new_game(name, seed=12) for form in ("object", "id", "text", "lower")}
    chooser = Chooser([], 12)
    for _ in range(40):
        reference = by["object"]
        if reference.is_over:
            break
        action = reference.legal_actions()[chooser.pick(len(reference.legal_actions()))]
        by["object"].apply(action)
        by["id"].apply(action.id)
        by["text"].apply(str(action))
        by["lower"].apply(str(action).lower())
        assert len({game.to_json() for game in by.values()}) == 1


# --------------------------------------------------------------------------- game_info


def test_game_info_lists_every_game() -> None:
    info = cardcore.game_info()
    assert [entry["name"] for entry in info] == list(GAMES)
    for entry in info:
        game = cardcore.new_game(entry["name"], seed=0)
        assert entry["players"] == game.num_players
        defaults = {option["name"]: option["default"] for option in entry["options"]}
        assert defaults == game.options
        for option in entry["options"]:
            assert isinstance(option["doc"], str)
            assert option["doc"].strip()


def test_game_info_brouc() -> None:
    (brouc,) = [entry for entry in cardcore.game_info() if entry["name"] == "brouc"]
    assert brouc["players"] == 4
    defaults = {option["name"]: option["default"] for option in brouc["options"]}
    assert defaults == {"single_deal": False, "target": 30, "first_dealer": None}


# --------------------------------------------------------------------------- RandomBot


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1])
def test_random_bot_is_legal_pure_and_deterministic(name: str, seed: int) -> None:
    games = [cardcore.new_game(name, seed=5) for _ in range(2)]
    bots = [cardcore.RandomBot(seed) for _ in range(2)]
    steps = 0
    while not games[0].is_over:
        before = games[0].to_json()
        picks = [bot.act(game) for bot, game in zip(bots, games, strict=True)]
        assert games[0].to_json() == before, "act() changed the game"
        assert picks[0] == picks[1]
        assert picks[0] in games[0].legal_actions()
        for game in games:
            game.apply(picks[0])
        steps += 1
        assert steps < config(name).max_actions
    with pytest.raises(cardcore.CardcoreError):
        bots[0].act(games[0])


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_random_bots_with_other_seeds_choose_otherwise(name: str) -> None:
    def run(seed: int) -> list[str]:
        game, bot = cardcore.new_game(name, seed=5), cardcore.RandomBot(seed)
        chosen: list[str] = []
        while not game.is_over:
            action = bot.act(game)
            chosen.append(str(action))
            game.apply(action)
        return chosen

    assert len({tuple(run(seed)) for seed in range(6)}) > 1


@pytest.mark.parametrize("seed", [-1, 2**64, "1", None])
def test_random_bot_bad_seed(seed: Any) -> None:
    bot: Any = cardcore.RandomBot
    with pytest.raises(cardcore.CardcoreError):
        bot(seed)


# --------------------------------------------------------------------------- simulate


def _summary(summary: cardcore.SimulationSummary) -> tuple[Any, ...]:
    return (
        summary.game,
        summary.games,
        summary.decisions,
        tuple(summary.wins),
        tuple(summary.mean_scores),
    )


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_simulate_counts_and_teams(name: str) -> None:
    summary = cardcore.simulate(name, games=30, seed=3, threads=1)
    num_players = cardcore.new_game(name, seed=0).num_players
    assert summary.game == name
    assert summary.games == 30
    assert summary.decisions >= 30
    assert summary.threads >= 1
    assert summary.elapsed_seconds >= 0
    assert summary.decisions_per_second >= 0
    assert len(summary.wins) == num_players
    assert len(summary.mean_scores) == num_players
    assert all(wins >= 0 for wins in summary.wins)
    for team in config(name).teams:
        assert len({summary.wins[seat] for seat in team}) == 1
        assert len({summary.mean_scores[seat] for seat in team}) == 1
    assert sum(summary.wins[team[0]] for team in config(name).teams) <= summary.games


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_simulate_is_deterministic_whatever_the_threads(name: str) -> None:
    one = _summary(cardcore.simulate(name, games=24, seed=99, threads=1))
    assert _summary(cardcore.simulate(name, games=24, seed=99, threads=2)) == one
    assert _summary(cardcore.simulate(name, games=24, seed=99, threads=3)) == one
    assert _summary(cardcore.simulate(name, games=24, seed=99)) == one
    assert _summary(cardcore.simulate(name, games=24, seed=100, threads=1)) != one


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_simulate_passes_options(name: str) -> None:
    for options in config(name).option_sets:
        summary = cardcore.simulate(name, games=8, seed=1, threads=1, **options)
        assert summary.games == 8


@pytest.mark.parametrize(("name", "options", "option"), _bad_options())
def test_simulate_refuses_bad_options(name: str, options: dict[str, Any], option: str) -> None:
    with pytest.raises(cardcore.OptionError, match=option):
        cardcore.simulate(name, games=2, seed=1, **options)


@pytest.mark.parametrize(
    "arguments",
    [
        {"name": "nope", "games": 1, "seed": 1},
        {"name": "brouc", "games": -1, "seed": 1},
        {"name": "brouc", "games": 1, "seed": -1},
        {"name": "brouc", "games": 1, "seed": 2**64},
        {"name": "brouc", "games": 1, "seed": 1, "threads": 0},
        {"name": "brouc", "games": 1, "seed": 1, "threads": -2},
        {"name": "brouc", "games": "3", "seed": 1},
    ],
)
def test_simulate_bad_arguments(arguments: dict[str, Any]) -> None:
    simulate: Any = cardcore.simulate
    name = arguments.pop("name")
    with pytest.raises(cardcore.CardcoreError):
        simulate(name, **arguments)
