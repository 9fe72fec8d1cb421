"""Every value the engine hands to Python has the type its stub declares.

For every game of ``cardcore.GAMES``, at many states of seeded random play (with each of
the game's option sets of ``harness.GAME_CONFIG``), every public attribute, property and
zero-argument method of the game's class, and every method taking a seat (for each seat),
is called and its value checked with ``typeguard`` against its annotation in
``python/cardcore/_core.pyi``. Every object of a stub class met inside those values (deal
and Tour records, tricks, bids, actions, cards, suits...) is checked the same way, and so
on down. The members come from the stub file (``stub_members``), not from a list here:
a new game or accessor is covered as soon as it is declared.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from typeguard import CollectionCheckStrategy, TypeCheckError, check_type

import cardcore
from harness import CONFIGURED_GAMES, config
from stub_members import Member, members_of

SEEDS = (11, 12)
EVERY = 4
"""States checked: one in this many, and the last."""


class Checker:
    """Checks objects against the stub, member by member, and counts the objects checked
    by class."""

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players
        self.checked: Counter[str] = Counter()
        self._values_seen: set[tuple[type, object]] = set()
        self._open: list[type] = []  # the classes being checked, outermost first

    def check_object(self, obj: object, where: str) -> None:
        members = members_of(obj)
        if not members or type(obj) in self._open:  # clone() returns another game
            return
        if getattr(type(obj), "__hash__", None) is not None:
            key = (type(obj), obj)
            if key in self._values_seen:  # an immutable value (card, action...) met before
                return
            self._values_seen.add(key)
        self.checked[type(obj).__name__] += 1
        self._open.append(type(obj))
        for member in members:
            for label, value in self._values(obj, member):
                self._check_value(value, member, f"{where}.{label}")
        self._open.pop()

    def _values(self, obj: object, member: Member) -> list[tuple[str, Any]]:
        attribute = getattr(obj, member.name)
        if member.kind != "method":
            return [(member.name, attribute)]
        if member.takes_a_seat:
            return [(f"{member.name}({seat})", attribute(seat)) for seat in range(self.num_players)]
        if not member.params:
            return [(f"{member.name}()", attribute())]
        return []  # takes other arguments: not a value of the object

    def _check_value(self, value: Any, member: Member, where: str) -> None:
        try:
            check_type(
                value,
                member.annotation,
                collection_check_strategy=CollectionCheckStrategy.ALL_ITEMS,
            )
        except TypeCheckError as error:
            pytest.fail(f"{where} = {value!r}: not {member.annotation}: {error}")
        for inner in _objects_in(value):
            self.check_object(inner, f"{where}->{type(inner).__name__}")


def _objects_in(value: object) -> list[object]:
    """Every object inside a value (lists, tuples and dicts opened), the value included."""
    found: list[object] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        else:
            found.append(item)
    return found


def _states(name: str, options: dict[str, Any], seed: int) -> Any:
    """The game at one state in ``EVERY`` of a seeded random match, and at its end."""
    game = cardcore.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    step = 0
    while not game.is_over:
        if step % EVERY == 0:
            yield game
        game.apply(rng.choice(game.legal_actions()))
        step += 1
    yield game


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_every_value_has_its_stub_type(name: str) -> None:
    for options in config(name).option_sets:
        for seed in SEEDS:
            checker: Checker | None = None
            for game in _states(name, options, seed):
                checker = checker or Checker(game.num_players)
                before = game.to_json()
                checker.check_object(game, f"{name}{options}@{len(game.history)}")
                assert game.to_json() == before, "reading the game's members changed it"
            assert checker is not None
            assert checker.checked[type(game).__name__] > 0


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_members_cover_every_class_a_game_returns(name: str) -> None:
    """The walk reaches the records a game hands out, not only the game itself."""
    game = cardcore.new_game(name, seed=5)
    rng = random.Random(5)
    for _ in range(20):
        game.apply(rng.choice(game.legal_actions()))
    checker = Checker(game.num_players)
    checker.check_object(game, name)
    # Suits are Python enumerations (cardcore._cards), checked as values, not walked.
    for kind in ("Action", "Card", "Observation"):
        assert checker.checked[kind] > 0, f"no {kind} reached from {name}"


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_simulation_summary_has_its_stub_types(name: str) -> None:
    summary = cardcore.simulate(name, games=3, seed=1, threads=1)
    Checker(0).check_object(summary, "SimulationSummary")


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_arena_result_has_its_stub_types(name: str) -> None:
    result = cardcore.arena(name, ["medium", "easy"], matches=2, seed=1, single_deal=True)
    checker = Checker(0)
    checker.check_object(result, "ArenaResult")
    assert checker.checked["ArenaEntry"] > 0


def test_native_bots_have_their_stub_types() -> None:
    game = cardcore.new_game("brouc", seed=2, single_deal=True)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    seat = game.current_player
    assert seat is not None
    for bot in (
        cardcore.bots.make("brouc", "hard", seed=1),
        cardcore.bots.search("brouc", seed=1, iterations=20, rollout="random", threads=2),
    ):
        bot.act(game.observation(seat))
        checker = Checker(0)
        checker.check_object(bot, "NativeBot")
        assert checker.checked["NativeBot"] == 1


def test_the_checker_catches_a_wrong_type() -> None:
    """A bytes value where the stub says list[int] (BroucDeal.trick_winners once) fails."""
    member = Member("trick_winners", "property", (), list[int])
    with pytest.raises(pytest.fail.Exception, match="trick_winners"):
        Checker(4)._check_value(b"\x00\x02", member, "BroucDeal.trick_winners")
