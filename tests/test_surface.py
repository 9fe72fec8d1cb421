"""The Python surface users reach for: one module per game, typed observations that say
what the game's accessors say, enumerations, sortable cards, and the idioms people try
(``"KH" in legal``, ``game == game.clone()``, ``isinstance(game, cardcore.Game)``).
Parametrized over the registered games, so a new game is held to it at once.
"""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

import pytest

import cardcore
from harness import CONFIGURED_GAMES, config
from stub_members import classes, members_of

SEEDS = (1, 2, 3)
# One state in STRIDE is checked, seed ``s`` the states ``s % STRIDE`` modulo STRIDE: the
# three seeds between them check every step number (and every match's end).
STRIDE = 3


def module_of(name: str) -> Any:
    return importlib.import_module(f"cardcore.{name}")


def positions(name: str, seed: int) -> Any:
    """The game at one state in ``STRIDE`` of a seeded random match (and at its end), for
    each option set."""
    for options in config(name).option_sets:
        game = cardcore.new_game(name, seed=seed, **options)
        rng = random.Random(seed)
        step = 0
        while True:
            if game.is_over or step % STRIDE == seed % STRIDE:
                yield game
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
            step += 1


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_each_game_has_its_module(name: str) -> None:
    module = module_of(name)
    game = cardcore.new_game(name, seed=0)
    game_class = type(game)
    assert game_class.__module__ == f"cardcore.{name}"
    assert getattr(module, game_class.__name__) is game_class
    assert type(game.observation(0)) is module.Observation
    assert module.Observation.__module__ == f"cardcore.{name}"
    for public in module.__all__:
        assert hasattr(module, public), public
        assert not hasattr(cardcore, public) or public in cardcore.__all__, public
    # The top level holds what every game shares, no game's own names.
    assert game_class.__name__ not in cardcore.__all__
    assert name in cardcore.__all__


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_typed_entry_points(name: str) -> None:
    game_class = type(cardcore.new_game(name, seed=0))
    game = game_class(seed=4)
    assert game_class.from_json(game.to_json()) == game
    assert type(cardcore.from_json(game.to_json())) is game_class
    for other in CONFIGURED_GAMES:
        if other != name:
            text = cardcore.new_game(other, seed=4).to_json()
            with pytest.raises(cardcore.JsonError, match=f'not {name!r}|not "{name}"'):
                game_class.from_json(text)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_games_and_observations_satisfy_the_protocols(name: str) -> None:
    game = cardcore.new_game(name, seed=0)
    assert isinstance(game, cardcore.Game)
    assert isinstance(game.observation(0), cardcore.Observation)
    assert not isinstance(game.observation(0), cardcore.Game)
    assert game.action_count == config(name).action_count


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_observations_say_what_the_game_says(name: str, seed: int) -> None:
    """Every accessor an observation shares with its game gives the game's value; its
    own hand and hand sizes are the game's; it offers the legal actions exactly when its
    seat is to act; its JSON form is the documented observation of that seat."""
    game_stub = members_of(cardcore.new_game(name, seed=0))
    shared = [
        m for m in members_of(cardcore.new_game(name, seed=0).observation(0)) if m in game_stub
    ]
    assert len(shared) >= 10
    for game in positions(name, seed):
        for seat in range(game.num_players):
            observation = game.observation(seat)
            for member in shared:
                mine, theirs = getattr(observation, member.name), getattr(game, member.name)
                if member.takes_a_seat:
                    for other in range(game.num_players):
                        assert _same(mine(other), theirs(other)), member.name
                elif member.name in PAST_RECORDS:
                    # A finished deal as the rules show it to every seat: a void deal's
                    # hands as dealt stay hidden (the game's are whole).
                    assert _same(mine, theirs, skip={"dealt"}), member.name
                elif member.kind != "method":
                    assert _same(mine, theirs), member.name
            assert observation.seat == seat
            assert observation.hand == game.hand(seat)
            assert observation.hand_sizes == [len(game.hand(s)) for s in range(game.num_players)]
            to_act = game.current_player == seat
            assert observation.legal_actions() == (game.legal_actions() if to_act else [])
            view = observation.to_dict()
            assert json.loads(observation.to_json()) == view
            assert view["seat"] == seat
            assert view["hand"] == [str(card) for card in observation.hand]
            assert view["current_player"] == game.current_player


PAST_RECORDS = ("finished_deals", "last_deal")
"""The accessors giving finished deals' records (docs/protocol.md, "Vocabulary")."""


def _same(a: object, b: object, skip: frozenset[str] | set[str] = frozenset()) -> bool:
    """Equal values, records (which compare by identity) compared member by member, but
    the members named in ``skip``."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(_same(x, y, skip) for x, y in zip(a, b, strict=True))
    members = members_of(a)
    if members and type(a) is type(b):
        return all(
            _same(getattr(a, m.name), getattr(b, m.name), skip)
            for m in members
            if m.kind != "method" and m.name not in skip
        )
    return a == b


def test_observations_hide_the_masked_talon_that_the_game_shows() -> None:
    game = cardcore.julien.Julien(seed=3, single_deal=True, masked_talon=True)
    observation = game.observation(1)
    assert observation.visible_talon == [None] * 12
    assert observation.visible_specials is None
    assert len(game.talon) == 12
    assert not hasattr(observation, "talon")
    assert not hasattr(observation, "current_tour")
    assert game.visible_specials is None
    assert not hasattr(observation, "specials")


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_an_observation_is_a_snapshot(name: str) -> None:
    game = cardcore.new_game(name, seed=6)
    seat = game.current_player
    assert seat is not None
    before = game.observation(seat)
    game.apply(game.legal_actions()[0])
    assert before != game.observation(seat)
    assert before.legal_actions() != []
    assert before == before


def test_suits_and_ranks_are_enumerations() -> None:
    assert [suit.name for suit in cardcore.Suit] == ["SPADES", "HEARTS", "DIAMONDS", "CLUBS"]
    assert cardcore.Suit["DIAMONDS"].letter == "D"
    assert cardcore.Card("10D").rank is cardcore.Rank.TEN
    assert cardcore.Rank.KNIGHT.letter == "C"
    assert len(cardcore.Rank) == 14


def test_cards_sort_by_face_id() -> None:
    cards = [cardcore.Card(text) for text in ("AC", "2S", "EX", "QH", "21T", "10S")]
    assert [str(card) for card in sorted(cards)] == ["2S", "10S", "QH", "AC", "21T", "EX"]
    assert sorted(cards) == sorted(cards, key=lambda card: card.id)
    assert cardcore.Card("2S") < cardcore.Card("3S") <= cardcore.Card("3S")
    with pytest.raises(TypeError):
        _ = cardcore.Card("2S") < "3S"  # type: ignore[operator]


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_actions_equal_their_text_and_is_legal(name: str) -> None:
    game = cardcore.new_game(name, seed=8)
    legal = game.legal_actions()
    first = legal[0]
    assert str(first) in legal
    assert first == str(first)
    assert hash(first) == hash(str(first))
    assert first != str(first).lower() or str(first) == str(first).lower()
    assert first != first.id
    assert game.is_legal(first)
    assert game.is_legal(first.id)
    assert game.is_legal(str(first).lower())
    illegal = [a for a in range(game.action_count) if game.action(a) not in legal]
    assert illegal
    assert not game.is_legal(illegal[0])
    assert str(game.action(illegal[0])) not in legal
    with pytest.raises(cardcore.CardcoreError):
        game.is_legal("ZZ")
    with pytest.raises(cardcore.IllegalActionError):
        game.is_legal(game.action_count)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_games_compare_by_state(name: str) -> None:
    game = cardcore.new_game(name, seed=9)
    copy = game.clone()
    assert game == copy
    assert game == game
    assert game != cardcore.new_game(name, seed=10)
    assert game != game.to_json()
    copy.apply(copy.legal_actions()[0])
    assert game != copy
    with pytest.raises(TypeError):
        hash(game)


def test_every_stub_class_has_a_docstring_on_every_public_member() -> None:
    """Every public name has documentation (the API reference is built from the stubs)."""
    import ast

    from stub_members import STUB

    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    missing: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not ast.get_docstring(node):
            missing.append(node.name)
        if isinstance(node, ast.ClassDef):
            if not ast.get_docstring(node):
                missing.append(node.name)
            for item in node.body:
                if not isinstance(item, ast.FunctionDef) or item.name.startswith("_"):
                    continue
                if not ast.get_docstring(item):
                    missing.append(f"{node.name}.{item.name}")
    assert classes()  # the stub was read
    assert not missing, f"undocumented in _core.pyi: {missing}"


PUBLIC_MODULES = (
    "cardcore",
    "cardcore.bots",
    "cardcore.brouc",
    "cardcore.julien",
    "cardcore.tarot",
    "cardcore.five_hundred",
    "cardcore.jolly",
    "cardcore.crosscheck",
    "cardcore.selfplay",
    "cardcore.envs.gymnasium",
    "cardcore.envs.pettingzoo",
    "cardcore.envs.vector",
)


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_dir_lists_the_documented_public_names_alone(module_name: str) -> None:
    from pathlib import Path

    module = importlib.import_module(module_name)
    public = [name for name in dir(module) if not name.startswith("_")]
    assert public == sorted(name for name in module.__all__ if not name.startswith("_"))
    for name in module.__all__:
        assert hasattr(module, name), name
    # Each is documented: its own page for a module, else named in the API pages.
    api = " ".join(path.read_text() for path in Path("docs/api").glob("*.md"))
    for name in public:
        value = getattr(module, name)
        if isinstance(value, type(importlib)):
            assert f"# `{value.__name__}`" in api, value.__name__
        else:
            assert f"{module_name}.{name}" in api, f"{module_name}.{name}"


def test_the_top_level_shows_check_and_hides_its_imports() -> None:
    names = dir(cardcore)
    assert "check" in names
    assert "crosscheck" in names
    for helper in ("importlib", "TYPE_CHECKING", "annotations"):
        assert helper not in names
    assert "Literal" not in dir(cardcore.bots)
    assert "get_args" not in dir(cardcore.bots)


def test_new_game_s_help_lists_the_games() -> None:
    doc = cardcore.new_game.__doc__
    assert doc is not None
    for name in cardcore.GAMES:
        assert f'"{name}"' in doc, name
