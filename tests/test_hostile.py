"""Hostile values at every entry point, for every game of ``cardcore.GAMES``.

Each class of problem has its test: text that is not valid Unicode (a lone surrogate),
integers too long to print, negative seats, values of the wrong Python type, and one game
(or bot) used by two calls at once. Every rejected call must raise the cardcore error of
its kind (a ``ValueError``; for a wrong type also a ``TypeError``; for concurrent use also
a ``RuntimeError``), leave the game exactly as it was (its ``to_json()``), and write
nothing to stderr: the ``silent`` fixture fails a test that does, whether the text goes
through ``sys.unraisablehook`` or straight to file descriptor 2.

The seat-taking methods are found in the stub file (``stub_members``), on the game and on
the records its properties return, so a new game's are covered without editing this file.
"""

from __future__ import annotations

import copy
import functools
import pickle
import random
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import cardcore
from stub_members import members_of, seat_methods

GAMES = tuple(cardcore.GAMES)
UNICODE = r"is not valid Unicode \(it holds a lone surrogate\)"
SURROGATES = ("\ud800", "Q\udfff", "\udc80H", "10\ud83d", "\ud800" * 300)
HUGE = 10**5000  # too long for str() or repr(): Python refuses past 4300 digits
KINDS: dict[type[cardcore.CardcoreError], type[cardcore.CardcoreError]] = {
    cardcore.IllegalActionError: cardcore.IllegalActionTypeError,
    cardcore.NotationError: cardcore.NotationTypeError,
    cardcore.JsonError: cardcore.JsonTypeError,
    cardcore.UnknownGameError: cardcore.UnknownGameTypeError,
    cardcore.OptionError: cardcore.OptionTypeError,
    cardcore.SeatError: cardcore.SeatTypeError,
}
"""Each error kind and its wrong-type subclass."""

Call = Callable[[], object]


@pytest.fixture(autouse=True)
def silent(capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fails the test if anything was written to stderr (C level included) or reported as
    an unraisable exception (what pyo3 does when it formats an object whose str() fails)."""
    unraisable: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    capfd.readouterr()
    yield
    assert not unraisable, f"unraisable exceptions: {[u.exc_value for u in unraisable]}"
    assert capfd.readouterr().err == "", "something was written to stderr"


def position(name: str, steps: int = 13) -> Any:
    """A game some way into its first deal."""
    game = cardcore.new_game(name, seed=3)
    rng = random.Random(3)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


class Refuse:
    """Checks refusals on one game: each call must raise its kind of cardcore error (its
    wrong-type subclass exactly, when the value's type is wrong), a ValueError that is a
    TypeError exactly when the type was wrong, and leave the game as it was."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def __call__(
        self,
        kind: type[cardcore.CardcoreError],
        function: Callable[..., object],
        *args: object,
        wrong_type: bool = False,
        match: str | None = None,
        **kwargs: object,
    ) -> BaseException:
        """``function(*args, **kwargs)`` is refused; the error, for more checks."""
        before = self.game.to_json()
        with pytest.raises(kind, match=match) as raised:
            function(*args, **kwargs)
        error = raised.value
        assert isinstance(error, cardcore.CardcoreError)
        assert isinstance(error, ValueError)
        assert isinstance(error, TypeError) == wrong_type, f"{error!r}: TypeError? {wrong_type}"
        if wrong_type:
            assert type(error) is KINDS[kind]
        assert self.game.to_json() == before, "a refused call changed the game"
        return error


def option_kinds(name: str) -> dict[str, str]:
    """The game's options and their kinds, from ``game_info()``."""
    (info,) = [info for info in cardcore.game_info() if info["name"] == name]
    return {option["name"]: option["kind"] for option in info["options"]}


def makers(name: str, game: Any) -> list[Callable[..., object]]:
    """Every way to start a game that takes options: ``new_game``, the class, ``simulate``,
    ``arena``."""
    return [
        lambda **options: cardcore.new_game(name, seed=0, **options),
        lambda **options: type(game)(seed=0, **options),
        lambda **options: cardcore.simulate(name, games=1, seed=0, threads=1, **options),
        lambda **options: cardcore.arena(name, ["easy"] * 2, matches=1, seed=0, **options),
    ]


def seat_calls(game: Any) -> list[tuple[str, Callable[[Any], object]]]:
    """Every method taking a seat: the game's own, and those of the records (deals, Tours)
    that its properties return."""
    calls: list[tuple[str, Callable[[Any], object]]] = [
        (f"{game.name}.{method}", getattr(game, method)) for method in seat_methods(game)
    ]
    for member in members_of(game):
        if member.kind != "property":
            continue
        value = getattr(game, member.name)
        for item in value if isinstance(value, list) else [value]:
            calls += [
                (f"{game.name}.{member.name}.{method}", getattr(item, method))
                for method in seat_methods(item)
            ]
    assert any(label.endswith(".observation") for label, _ in calls)
    return calls


def still_playable(game: Any) -> None:
    """The game takes an ordinary call after the refusals."""
    if not game.is_over:
        game.apply(game.legal_actions()[0])


# --------------------------------------------------------------------------- lone surrogates


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("text", SURROGATES)
def test_lone_surrogates_are_refused_as_bad_text(name: str, text: str) -> None:
    game = position(name)
    refuse = Refuse(game)
    illegal, unknown, json_error = (
        cardcore.IllegalActionError,
        cardcore.UnknownGameError,
        cardcore.JsonError,
    )
    refuse(illegal, game.apply, text, match=UNICODE)
    refuse(illegal, game.action, text, match=UNICODE)
    refuse(unknown, cardcore.new_game, text, seed=0, match=UNICODE)
    refuse(unknown, cardcore.simulate, text, games=1, seed=0, match=UNICODE)
    refuse(unknown, cardcore.bots.search, text, seed=0, match=UNICODE)
    refuse(cardcore.OptionError, cardcore.bots.search, name, seed=0, rollout=text, match=UNICODE)
    refuse(unknown, cardcore._core._action, text, 0, match=UNICODE)
    refuse(json_error, cardcore.from_json, text, match=UNICODE)
    inside = game.to_json().replace('"history"', f'"hist{text}ory"')
    refuse(json_error, cardcore.from_json, inside, match=UNICODE)
    for make in makers(name, game):
        refuse(cardcore.OptionError, functools.partial(make, **{text: 1}), match=UNICODE)
        for option in option_kinds(name):
            error = refuse(
                cardcore.OptionError, functools.partial(make, **{option: text}), match=UNICODE
            )
            assert str(error).startswith(f"option '{option}': the text ")
    still_playable(game)


@pytest.mark.parametrize("text", SURROGATES)
def test_lone_surrogates_in_cards_bids_and_scoring(text: str) -> None:
    refuse = Refuse(position(GAMES[0]))
    notation, option = cardcore.NotationError, cardcore.OptionError
    score = cardcore.julien.score
    refuse(notation, cardcore.Card, text, match=UNICODE)
    refuse(notation, cardcore.Card.parse, text, match=UNICODE)
    refuse(notation, cardcore.julien.Bid, text, match=UNICODE)
    refuse(notation, cardcore.julien.card_value, text, match=UNICODE)
    refuse(option, score, text, [], match="option 'bid': the text")
    refuse(notation, score, "Rouge", [text], match=UNICODE)
    refuse(notation, score, "Rouge", [], taken=[text], match=UNICODE)
    refuse(notation, score, "Rouge", [], specials=[text], match=UNICODE)
    refuse(option, score, "Rouge", [], tour_kind=text, match="option 'tour_kind': the text")


# --------------------------------------------------------------------------- huge integers


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("sign", [1, -1])
def test_integers_too_long_to_print_are_named_by_their_digits(name: str, sign: int) -> None:
    game = position(name)
    refuse = Refuse(game)
    huge = sign * HUGE
    shown = "an integer of 5001 digits" if sign > 0 else "a negative integer of 5001 digits"
    option, illegal = cardcore.OptionError, cardcore.IllegalActionError
    for error in (
        refuse(option, cardcore.new_game, name, seed=huge),
        refuse(option, type(game), seed=huge),
        refuse(option, cardcore.RandomBot, huge),
        refuse(option, cardcore.simulate, name, games=1, seed=huge),
        refuse(option, cardcore.arena, name, ["easy"] * 2, seed=huge),
        refuse(option, cardcore.bots.search, name, seed=huge),
    ):
        assert str(error) == f"option 'seed': expected an integer in 0..2**64, got {shown}"
    refuse(option, cardcore.simulate, name, games=huge, seed=0, match=shown)
    refuse(option, cardcore.simulate, name, games=1, seed=0, threads=huge, match=shown)
    refuse(option, cardcore.arena, name, ["easy"] * 2, matches=huge, match=shown)
    for argument in ("iterations", "milliseconds", "threads", "epsilon", "exploration"):
        searching: dict[str, Any] = {argument: huge}
        refuse(option, cardcore.bots.search, name, seed=0, **searching, match=shown)
    refuse(illegal, game.apply, huge, match=shown)
    refuse(illegal, game.action, huge, match=shown)
    refuse(illegal, cardcore._core._action, name, huge, match=shown)
    for label, call in seat_calls(game):
        error = refuse(cardcore.SeatError, call, huge)
        assert str(error).startswith(f"seat {shown} is out of range: {name} has seats"), label
    for option_name, kind in option_kinds(name).items():
        if kind.startswith("int"):
            for make in makers(name, game):
                refuse(option, functools.partial(make, **{option_name: huge}), match=shown)
    refuse(cardcore.NotationError, cardcore.Card.from_id, huge, match=shown)
    refuse(option, cardcore.deck, huge, match=shown)
    still_playable(game)


@pytest.mark.parametrize("name", GAMES)
def test_long_values_are_cut_in_messages(name: str) -> None:
    game = position(name)
    long_list = [0] * 10_000
    error = Refuse(game)(cardcore.IllegalActionError, game.apply, long_list, wrong_type=True)
    assert len(str(error)) < 400
    assert str(error).endswith("... (30000 characters)")


# --------------------------------------------------------------------------- negative seats


@pytest.mark.parametrize("name", GAMES)
def test_seats_out_of_range_are_named_as_given(name: str) -> None:
    game = position(name)
    refuse = Refuse(game)
    last = game.num_players - 1
    for label, call in seat_calls(game):
        for seat in (-1, -2, -last - 1, -(2**63), -(2**64) - 1, game.num_players, 2**64):
            error = refuse(cardcore.SeatError, call, seat)
            assert str(error) == f"seat {seat} is out of range: {name} has seats 0 to {last}", label
        for seat in range(game.num_players):
            call(seat)
    still_playable(game)


# --------------------------------------------------------------------------- wrong types


class Weird:
    """Not any kind of value cardcore takes."""


WRONG_ACTIONS = (True, False, None, 1.5, 0.0, b"QH", [0], (0,), {"id": 0}, Weird(), 1j)
WRONG_SEATS = (True, None, "0", 0.0, b"\x00", [0], Weird())
WRONG_NAMES = (5, None, b"brouc", ["brouc"], True)
WRONG_SEEDS = ("1", 1.0, None, True, [1])


@pytest.mark.parametrize("name", GAMES)
def test_values_of_the_wrong_type_are_also_type_errors(name: str) -> None:
    game = position(name)
    refuse = Refuse(game)
    illegal, option = cardcore.IllegalActionError, cardcore.OptionError
    for value in (*WRONG_ACTIONS, cardcore.Card("QH"), cardcore.Suit.HEARTS, game):
        refuse(illegal, game.apply, value, wrong_type=True)
        refuse(illegal, game.action, value, wrong_type=True)
        refuse(illegal, cardcore._core._action, name, value, wrong_type=True)
    for label, call in seat_calls(game):
        for seat in WRONG_SEATS:
            error = refuse(cardcore.SeatError, call, seat, wrong_type=True)
            assert "expected a seat number" in str(error), label
    unknown = cardcore.UnknownGameError
    for value in WRONG_NAMES:
        refuse(unknown, cardcore.new_game, value, seed=0, wrong_type=True)
        refuse(unknown, cardcore.simulate, value, games=1, seed=0, wrong_type=True)
        refuse(unknown, cardcore.arena, value, ["easy"] * 2, wrong_type=True)
        refuse(unknown, cardcore.bots.search, value, seed=0, wrong_type=True)
        refuse(unknown, cardcore._core._action, value, 0, wrong_type=True)
    for value in (b"{}", bytearray(game.to_json().encode()), None, 5, [game.to_json()]):
        refuse(cardcore.JsonError, cardcore.from_json, value, wrong_type=True)
    for seed in WRONG_SEEDS:
        seeded = "option 'seed'"
        refuse(option, cardcore.new_game, name, seed=seed, wrong_type=True, match=seeded)
        refuse(option, type(game), seed=seed, wrong_type=True, match=seeded)
        refuse(option, cardcore.RandomBot, seed, wrong_type=True, match=seeded)
        refuse(option, cardcore.simulate, name, games=1, seed=seed, wrong_type=True, match=seeded)
        refuse(option, cardcore.bots.search, name, seed=seed, wrong_type=True, match=seeded)
    for argument, value in (("games", "10"), ("games", 1.5), ("games", True), ("threads", "2")):
        arguments: dict[str, Any] = {"games": 1, argument: value}
        error = refuse(option, cardcore.simulate, name, seed=0, **arguments, wrong_type=True)
        assert str(error).startswith(f"option '{argument}'")
    for progress in (5, "print"):
        refuse(option, cardcore.simulate, name, games=1, seed=0, progress=progress, wrong_type=True)
    bot = cardcore.RandomBot(1)
    for value in ({}, None, name, 5, cardcore.Card("QH"), bot):
        refuse(illegal, bot.act, value, wrong_type=True)
    # The right types with bad values are not TypeErrors.
    refuse(illegal, game.apply, -1)
    refuse(cardcore.SeatError, game.observation, game.num_players)
    refuse(unknown, cardcore.new_game, "no such game", seed=0)
    refuse(option, cardcore.new_game, name, seed=-1)
    refuse(cardcore.JsonError, cardcore.from_json, "{}")
    still_playable(game)


# The values of the wrong type for an option of each kind (game_info's words)...
WRONG_OPTION_VALUES: dict[str, tuple[object, ...]] = {
    "bool": (1, 0, "yes", None, 1.0),
    "int": ("3", True, None, 3.0, float("nan")),
    "int or None": ("3", True, 3.0, float("inf")),
    "one of": (3, True, 1.5),
    "int, one of": ("100", True, None, 100.0),
}
# ... and values of the right type, out of range: a bad value, not a TypeError.
BAD_OPTION_VALUES: dict[str, tuple[object, ...]] = {
    "bool": (),
    "int": (2**70, -(2**70), 2**62),
    "int or None": (2**70, -(2**70), 2**62),
    "one of": ("no such choice", ""),
    "int, one of": (150, 0, 2**70),
}
ALWAYS_WRONG = (b"x", [1], {"a": 1}, Weird(), 1j)


@pytest.mark.parametrize("name", GAMES)
def test_options_of_the_wrong_type_are_also_type_errors(name: str) -> None:
    game = position(name)
    refuse = Refuse(game)
    option = cardcore.OptionError
    for option_name, kind in option_kinds(name).items():
        choice = "int, one of" if kind.startswith("int, one of") else "one of"
        family = kind if kind in WRONG_OPTION_VALUES else choice
        named = f"option '{option_name}'"
        for make in makers(name, game):
            for value in (*ALWAYS_WRONG, *WRONG_OPTION_VALUES[family]):
                refuse(
                    option,
                    functools.partial(make, **{option_name: value}),
                    wrong_type=True,
                    match=named,
                )
            for value in BAD_OPTION_VALUES[family]:
                refuse(option, functools.partial(make, **{option_name: value}), match=named)
            # An option the game does not have is a bad name, whatever the value.
            refuse(option, make, no_such_option=b"x", match="unknown option")


def test_cards_decks_and_scoring_arguments_of_the_wrong_type() -> None:
    refuse = Refuse(position(GAMES[0]))
    notation, option = cardcore.NotationError, cardcore.OptionError
    score = cardcore.julien.score
    for value in (5, None, b"QH", True, ["QH"]):
        refuse(notation, cardcore.Card, value, wrong_type=True)
        refuse(notation, cardcore.Card.parse, value, wrong_type=True)
        refuse(notation, cardcore.julien.Bid, value, wrong_type=True)
        refuse(option, cardcore.julien.card_value, value, wrong_type=True)
        refuse(option, score, value, [], wrong_type=True)
    for number in ("1", 1.0, None, True):
        refuse(notation, cardcore.Card.from_id, number, wrong_type=True)
        refuse(option, cardcore.deck, number, wrong_type=True)
    for cards in ("QH", 5, None, [5], ["QH", None]):
        refuse(option, score, "Rouge", cards, wrong_type=True, match="option 'collected'")
    refuse(option, score, "Rouge", [], tour_kind=5, wrong_type=True)
    # The right types with bad values are not TypeErrors.
    refuse(notation, cardcore.Card, "1H")
    refuse(notation, cardcore.Card.from_id, 81)
    refuse(option, cardcore.deck, 33)
    refuse(option, score, "Rouge", [], tour_kind="no such kind")


# --------------------------------------------------------------------------- concurrent use


class Reenter:
    """A value whose ``repr()`` (called while a call refuses it) runs ``action`` and
    records what it raised; ``raise_it`` lets the exception escape ``repr()`` as well."""

    def __init__(self, action: Call, *, raise_it: bool = False) -> None:
        self.action = action
        self.raise_it = raise_it
        self.raised: list[BaseException] = []

    def __repr__(self) -> str:
        try:
            self.action()
        except Exception as error:
            self.raised.append(error)
            if self.raise_it:
                raise
        return "Reenter()"


def in_thread(action: Call) -> Call:
    """``action`` run on another thread and waited for; what it raised is raised here."""

    def run() -> None:
        raised: list[BaseException] = []

        def target() -> None:
            try:
                action()
            except BaseException as error:
                raised.append(error)

        thread = threading.Thread(target=target)
        thread.start()
        thread.join()
        if raised:
            raise raised[0]

    return run


def same_thread(action: Call) -> Call:
    return action


def assert_concurrent(raised: list[BaseException]) -> None:
    assert len(raised) == 1, raised
    (error,) = raised
    assert isinstance(error, cardcore.ConcurrentUseError), repr(error)
    assert isinstance(error, cardcore.CardcoreError)
    assert isinstance(error, RuntimeError)
    assert "in use by another call" in str(error)


def game_calls(game: Any) -> list[Call]:
    """Calls that use the game's state: its methods, seat methods and bots."""
    legal = game.legal_actions()
    seat_methods_ = [getattr(game, method) for method in seat_methods(game)]
    return [
        functools.partial(game.apply, legal[0]),
        game.legal_actions,
        game.to_json,
        game.clone,
        functools.partial(copy.deepcopy, game),
        functools.partial(pickle.dumps, game),
        functools.partial(cardcore.RandomBot(1).act, game),
        *[functools.partial(method, 0) for method in seat_methods_],
    ]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("wrap", [same_thread, in_thread])
def test_a_game_called_during_a_call_on_it_is_a_concurrent_use_error(
    name: str, wrap: Callable[[Call], Call]
) -> None:
    """Python code run by a call on a game (here the repr of the refused argument) uses
    the same game, from the same thread or from another one."""
    game = position(name)
    refuse = Refuse(game)
    illegal, seat_error = cardcore.IllegalActionError, cardcore.SeatError
    for inner in game_calls(game):
        value = Reenter(wrap(inner))
        refuse(illegal, game.apply, value, wrong_type=True)
        assert_concurrent(value.raised)
        seat = Reenter(wrap(inner))
        refuse(seat_error, game.observation, seat, wrong_type=True)
        assert_concurrent(seat.raised)
    # Every property reads the game in turn, but for the constants of its class (name,
    # num_players, Brouc's teams), which read nothing and are always served.
    ended = position(name, steps=0)
    while not ended.is_over:
        ended.apply(ended.legal_actions()[-1])
    for member in members_of(game):
        if member.kind == "property":
            read = Reenter(wrap(functools.partial(getattr, game, member.name)))
            refuse(illegal, game.apply, read, wrong_type=True)
            if read.raised:
                assert_concurrent(read.raised)
            else:
                same = getattr(game, member.name) == getattr(ended, member.name)
                assert same, f"{member.name} read a game in use"
    # The repr of a game in use says so, rather than failing.
    reprs: list[str] = []
    shown = Reenter(wrap(lambda: reprs.append(repr(game))))
    refuse(illegal, game.apply, shown, wrong_type=True)
    assert reprs == [f"<{type(game).__name__} (in use by another call)>"]
    # An exception escaping the value's repr() is not printed; the message names the value.
    loud = Reenter(wrap(game.to_json), raise_it=True)
    error = refuse(illegal, game.apply, loud, wrong_type=True)
    assert "<a Reenter object, whose repr() failed>" in str(error)
    # Once the outer call has returned, the game serves calls again.
    before = len(game.history)
    still_playable(game)
    assert len(game.history) == before + 1


@pytest.mark.parametrize("name", GAMES)
def test_a_bot_called_during_a_call_on_it_is_a_concurrent_use_error(name: str) -> None:
    game = position(name)
    bot = cardcore.RandomBot(7)
    value = Reenter(functools.partial(bot.act, game))
    Refuse(game)(cardcore.IllegalActionError, bot.act, value, wrong_type=True)
    assert_concurrent(value.raised)
    assert bot.act(game) == cardcore.RandomBot(7).act(game), "the refusal moved the bot"


@pytest.mark.parametrize("name", GAMES)
def test_separate_games_in_separate_threads_stay_independent(name: str) -> None:
    def play(seed: int) -> str:
        game = cardcore.new_game(name, seed=seed)
        bot = cardcore.RandomBot(seed)
        while not game.is_over:
            game.apply(bot.act(game))
        return str(game.to_json())

    results: dict[int, str] = {}
    threads = [
        threading.Thread(target=lambda seed=seed: results.__setitem__(seed, play(seed)))
        for seed in range(6)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == {seed: play(seed) for seed in range(6)}
