"""arena(): line-ups of bots on the same deals, seats rotated (docs/bots.md, "The arena")."""

from __future__ import annotations

import io
import json
import math
import random
import re
import signal
import threading
import time
from typing import Any

import pytest

import cardcore
from cardcore import cli
from cli_input import TtyStringIO

FAST: dict[str, Any] = {"single_deal": True}


def untimed(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry's figures without its move times, which vary from run to run."""
    return {key: value for key, value in entry.items() if not key.endswith("_seconds")}


def figures(result: cardcore.ArenaResult) -> tuple[Any, ...]:
    """Everything but the timing and the threads."""
    return (
        result.matches,
        result.decisions,
        result.even_win_rate,
        [untimed(entry.to_dict()) for entry in result.entries],
    )


@pytest.mark.parametrize("name", cardcore.GAMES)
def test_the_results_do_not_depend_on_the_threads(name: str) -> None:
    one = cardcore.arena(name, ["medium", "easy"], matches=12, seed=3, threads=1, **FAST)
    two = cardcore.arena(name, ["medium", "easy"], matches=12, seed=3, threads=2, **FAST)
    assert figures(one) == figures(two)
    assert (one.threads, two.threads) == (1, 2)
    assert one.seed == 3
    assert one.rotations == 2
    for entry in one.entries:
        assert entry.seat_plays == 12 * one.num_players
        low, high = entry.win_rate_interval
        assert low <= entry.win_rate <= high


def test_medium_beats_easy_at_500() -> None:
    result = cardcore.arena("five_hundred", ["medium", "easy"], matches=60, seed=1, **FAST)
    medium, easy = result.entries
    assert (medium.name, easy.name) == ("medium", "easy")
    assert medium.score_difference_interval[0] > 0
    assert easy.score_difference == -medium.score_difference
    assert medium.win_rate_interval[0] > result.even_win_rate
    assert medium.wins + easy.wins == result.matches * 2 * 2  # a winning team: two seats


def test_three_entries_are_compared_with_the_mean_of_the_others() -> None:
    result = cardcore.arena("tarot", ["medium", "easy", "easy"], matches=20, seed=2, **FAST)
    assert result.rotations == 3
    assert [entry.name for entry in result.entries] == ["medium", "easy", "easy"]
    # Tarot is zero-sum: each entry against the others' mean adds up to zero.
    assert abs(sum(entry.score_difference for entry in result.entries)) < 1e-9


def test_a_seed_left_out_is_drawn_and_reported() -> None:
    result = cardcore.arena("julien", ("easy", "easy"), matches=2, **FAST)
    again = cardcore.arena("julien", ["easy", "easy"], matches=2, seed=result.seed, **FAST)
    assert figures(again) == figures(result)


def test_the_table_and_the_dict() -> None:
    result = cardcore.arena("brouc", ["medium", "easy"], matches=5, seed=1, **FAST)
    table = str(result)
    assert table.startswith("arena brouc: 5 matches x 2 rotations")
    assert "medium" in table
    assert "score difference" in table
    document = result.to_dict()
    json.dumps(document)
    assert document["options"] == result.options
    assert document["options"]["single_deal"] is True
    assert [entry["name"] for entry in document["entries"]] == ["medium", "easy"]
    assert repr(result).startswith('ArenaResult(game="brouc", seed=1, matches=5')


def test_each_entry_s_moves_with_a_choice_are_timed() -> None:
    result = cardcore.arena("brouc", ["medium", "easy"], matches=5, seed=1, **FAST)
    timed = sum(entry.timed_moves for entry in result.entries)
    # Brouc's last trick is forced: its cards are decisions but not timed moves.
    assert 0 < timed < result.decisions
    for entry in result.entries:
        assert 0 < entry.median_move_seconds <= entry.p95_move_seconds <= entry.max_move_seconds
        assert entry.mean_move_seconds <= entry.max_move_seconds
        line = rf"\n  {entry.name} +{entry.timed_moves} moves with a choice: median "
        assert re.search(line, str(result))


class RandomPlayer:
    """A Python bot: a uniformly random legal action, from the observation alone."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.decisions = 0
        self.seats: set[int] = set()

    def act(self, observation: Any) -> cardcore.Action:
        self.decisions += 1
        self.seats.add(observation.seat)
        actions: list[cardcore.Action] = observation.legal_actions()
        return self.rng.choice(actions)


def test_a_python_bot_plays_every_seat_and_loses_to_medium() -> None:
    bot = RandomPlayer(1)
    result = cardcore.arena("five_hundred", ["medium", bot], matches=30, seed=1, **FAST)
    assert result.threads == 1  # the default with a Python bot: its calls in one order
    medium, python = result.entries
    assert python.name == "RandomPlayer"
    assert bot.seats == {0, 1, 2, 3}
    assert 0 < bot.decisions < result.decisions
    assert medium.score_difference_interval[0] > 0
    again = cardcore.arena("five_hundred", ["medium", RandomPlayer(1)], matches=30, seed=1, **FAST)
    assert figures(again) == figures(result)


def test_a_python_bot_may_answer_an_id_or_a_text() -> None:
    class First:
        def __init__(self, answer: str) -> None:
            self.answer = answer

        def act(self, observation: Any) -> int | str:
            action: cardcore.Action = observation.legal_actions()[0]
            return action.id if self.answer == "id" else str(action)

    by_id = cardcore.arena("julien", [First("id"), "easy"], matches=3, seed=4, **FAST)
    by_text = cardcore.arena("julien", [First("text"), "easy"], matches=3, seed=4, **FAST)
    assert figures(by_id) == figures(by_text)


def test_an_exception_from_a_python_bot_stops_the_run_and_is_raised() -> None:
    class Broken:
        def act(self, observation: Any) -> int:
            raise ZeroDivisionError("no move")

    with pytest.raises(ZeroDivisionError, match="no move"):
        cardcore.arena("brouc", ["easy", Broken()], matches=10**6, seed=1, threads=2)


def test_an_illegal_action_from_a_python_bot_is_an_illegal_action_error() -> None:
    class Stubborn:
        def act(self, observation: Any) -> int:
            return 0

    class Wrong:
        def act(self, observation: Any) -> object:
            return 1.5

    with pytest.raises(cardcore.IllegalActionError, match=r"entry 1 \(Stubborn\)"):
        cardcore.arena("brouc", ["easy", Stubborn()], matches=10, seed=1)
    with pytest.raises(cardcore.IllegalActionTypeError):
        cardcore.arena("brouc", ["easy", Wrong()], matches=10, seed=1)  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: cardcore.arena("bridge", ["easy", "easy"]), cardcore.UnknownGameError, "bridge"),
        (
            lambda: cardcore.arena(1, ["easy", "easy"]),  # type: ignore[arg-type]
            cardcore.UnknownGameTypeError,
            "1",
        ),
        (
            lambda: cardcore.arena("brouc", ["easy", "master"]),
            cardcore.OptionError,
            'unknown level "master" \\(levels: easy, medium, hard, expert\\)',
        ),
        (lambda: cardcore.arena("brouc", ["easy"]), cardcore.OptionError, "2 to 4 entries, got 1"),
        (lambda: cardcore.arena("brouc", ["easy"] * 5), cardcore.OptionError, "got 5"),
        (
            lambda: cardcore.arena("jolly", ["easy"] * 3, players=2),
            cardcore.OptionError,
            "2 to 2 entries",
        ),
        (lambda: cardcore.arena("brouc", "easy"), cardcore.OptionTypeError, "lineup"),
        (
            lambda: cardcore.arena("brouc", ["easy", 3]),  # type: ignore[list-item]
            cardcore.OptionTypeError,
            "level name",
        ),
        (lambda: cardcore.arena("brouc", ["easy"] * 2, matches=0), cardcore.OptionError, "matches"),
        (
            lambda: cardcore.arena("brouc", ["easy"] * 2, matches="9"),  # type: ignore[arg-type]
            cardcore.OptionTypeError,
            "matches",
        ),
        (lambda: cardcore.arena("brouc", ["easy"] * 2, seed=-1), cardcore.OptionError, "seed"),
        (lambda: cardcore.arena("brouc", ["easy"] * 2, threads=0), cardcore.OptionError, "threads"),
        (
            lambda: cardcore.arena("brouc", ["easy"] * 2, progress=3),  # type: ignore[arg-type]
            cardcore.OptionTypeError,
            "progress",
        ),
        (lambda: cardcore.arena("brouc", ["easy"] * 2, target=-5), cardcore.OptionError, "target"),
    ],
)
def test_bad_arguments_are_refused_before_any_match(call: Any, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        call()


def test_progress_counts_the_matches() -> None:
    calls: list[tuple[int, int]] = []
    result = cardcore.arena(
        "julien",
        ["medium", "easy"],
        matches=40,
        seed=1,
        progress=lambda done, total: calls.append((done, total)),
        **FAST,
    )
    assert calls[-1] == (40, 40) == (result.matches, 40)


def test_an_exception_from_progress_stops_the_run_at_once() -> None:
    class StopError(Exception):
        pass

    def progress(done: int, total: int) -> None:
        raise StopError(done, total)

    started = time.perf_counter()
    with pytest.raises(StopError):
        cardcore.arena("julien", ["medium", "easy"], matches=10**12, seed=1, progress=progress)
    assert time.perf_counter() - started < 2.0


def test_ctrl_c_stops_an_arena_within_half_a_second() -> None:
    timer = threading.Timer(0.3, signal.raise_signal, args=(signal.SIGINT,))
    started = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            cardcore.arena("brouc", ["medium", "easy"], matches=10**12, seed=1, threads=2)
    finally:
        timer.cancel()
    assert time.perf_counter() - started < 0.3 + 0.5
    assert cardcore.arena("brouc", ["easy", "easy"], matches=2, seed=1).matches == 2


def test_a_hard_bot_plays_a_deal() -> None:
    result = cardcore.arena("julien", ["hard", "easy"], matches=1, seed=1, **FAST)
    assert result.entries[0].name == "hard"
    assert result.entries[0].seat_plays == 4


def run_cli(argv: list[str], *, tty_err: bool = False) -> tuple[int, str, str]:
    out, err = io.StringIO(), TtyStringIO() if tty_err else io.StringIO()
    code = cli.main(argv, output=out, errors=err)
    return code, out.getvalue(), err.getvalue()


def test_the_command_prints_the_apis_table() -> None:
    argv = ["arena", "five_hundred", "medium", "easy", "-n", "20", "--seed", "5", "--single-deal"]
    code, out, err = run_cli(argv)
    assert code == 0, err
    assert err == ""
    api = cardcore.arena("five_hundred", ["medium", "easy"], matches=20, seed=5, **FAST)
    timing = ("  95%", "  ")
    assert out.splitlines()[1:3] == str(api).splitlines()[1:3]
    assert out.startswith("arena five_hundred: 20 matches x 2 rotations")
    assert timing[0] in out


def test_the_command_draws_a_progress_bar_on_a_terminal() -> None:
    code, out, err = run_cli(["arena", "julien", "easy", "easy", "-n", "30"], tty_err=True)
    assert code == 0, err
    assert "30/30 matches" in err
    assert err.endswith("\n")
    assert "30/30" not in out


def test_the_command_writes_json() -> None:
    argv = ["arena", "brouc", "medium", "easy", "-n", "4", "--seed", "2", "--json"]
    code, out, err = run_cli(argv, tty_err=True)
    assert code == 0, err
    assert err == ""
    document = json.loads(out)
    api = cardcore.arena("brouc", ["medium", "easy"], matches=4, seed=2).to_dict()
    assert [untimed(entry) for entry in document["entries"]] == [
        untimed(entry) for entry in api["entries"]
    ]
    assert document["seed"] == 2


def test_the_command_refuses_an_unknown_level() -> None:
    code, out, err = run_cli(["arena", "brouc", "medium", "master"])
    assert code == 2
    assert out == ""
    assert "unknown level" in err
    assert "easy, medium, hard, expert" in err


def wilson(rate: float, trials: int) -> tuple[float, float]:
    """Wilson's 95% score interval of a share ``rate`` of ``trials``."""
    z = 1.96
    denominator = 1 + z * z / trials
    center = (rate + z * z / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials**2))
    return max(0.0, center - half), min(1.0, center + half)


def test_the_win_rate_interval_is_wilson_s_and_not_zero_wide_at_the_extremes() -> None:
    # Brouc's single deal has no winner: every entry wins 0% of its seats.
    never = cardcore.arena("brouc", ["medium", "easy"], matches=50, seed=1, single_deal=True)
    for entry in never.entries:
        assert entry.win_rate == 0.0
        low, high = entry.win_rate_interval
        assert low == 0.0
        assert high == pytest.approx(0.07135, abs=1e-5)  # 0 of 50
        assert "0.0% [0.0, 7.1]" in str(never)
    # Anywhere else, Wilson's interval over the matches.
    result = cardcore.arena("five_hundred", ["medium", "easy"], matches=30, seed=2, **FAST)
    for entry in result.entries:
        assert entry.win_rate_interval == pytest.approx(wilson(entry.win_rate, 30), abs=1e-12)
        assert 0.0 <= entry.win_rate_interval[0] < entry.win_rate_interval[1] <= 1.0
    # Medium wins all of these 6 Tarot deals: 6 of 6 is 61.0% to 100%, not 100 ± 0.
    tarot = cardcore.arena("tarot", ["medium", "easy"], matches=6, seed=12, threads=1, **FAST)
    medium = tarot.entries[0]
    assert medium.win_rate == 1.0
    low, high = medium.win_rate_interval
    assert (low, high) == pytest.approx((6 / (6 + 1.96**2), 1.0))
    assert high == 1.0
    assert "100.0% [61.0, 100.0]" in str(tarot)
