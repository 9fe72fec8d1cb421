"""simulate() plays exactly the games docs/protocol.md describes, with RandomBot."""

from __future__ import annotations

import itertools
import signal
import threading
import time

import pytest

import cardcore
from cardcore.reference.rng import MASK64, SplitMix64


def replay(name: str, games: int, seed: int) -> tuple[list[int], list[int], int]:
    """Wins, score sums and decisions of the documented games, played from Python."""
    wins, sums, decisions = [0] * 4, [0] * 4, 0
    for index in range(games):
        seeds = SplitMix64(seed ^ (index * 0xD1B54A32D192ED03 & MASK64))
        game = cardcore.new_game(name, seed=seeds.next_u64())
        bot = cardcore.RandomBot(seeds.next_u64())
        while not game.is_over:
            game.apply(bot.act(game))
            decisions += 1
        assert isinstance(game, cardcore.brouc.Brouc)
        if game.winning_team is not None:
            for seat in game.teams[game.winning_team]:
                wins[seat] += 1
        sums = [total + score for total, score in zip(sums, game.scores, strict=True)]
    return wins, sums, decisions


@pytest.mark.parametrize("threads", [1, 2])
def test_simulate_is_the_documented_games(threads: int) -> None:
    games, seed = 60, 987654321
    summary = cardcore.simulate("brouc", games=games, seed=seed, threads=threads)
    wins, sums, decisions = replay("brouc", games, seed)
    assert summary.games == games
    assert summary.decisions == decisions
    assert summary.wins == wins
    assert summary.mean_scores == [total / games for total in sums]


@pytest.mark.parametrize("name", cardcore.GAMES)
def test_progress_changes_nothing_whatever_the_threads(name: str) -> None:
    games, seed = 400, 5
    plain = cardcore.simulate(name, games=games, seed=seed, threads=1)
    for threads in (1, 2, 3):
        calls: list[tuple[int, int]] = []
        watched = cardcore.simulate(
            name,
            games=games,
            seed=seed,
            threads=threads,
            progress=lambda done, total, calls=calls: calls.append((done, total)),  # type: ignore[misc]
        )
        figures = (watched.games, watched.decisions, watched.wins, watched.mean_scores)
        assert figures == (plain.games, plain.decisions, plain.wins, plain.mean_scores)
        assert calls[-1] == (games, games)


def test_progress_is_called_a_few_times_a_second_with_the_games_done() -> None:
    calls: list[tuple[int, int, float]] = []
    games = 10**12
    started = time.perf_counter()

    def progress(done: int, total: int) -> None:
        calls.append((done, total, time.perf_counter() - started))
        if len(calls) == 4:
            raise StopIteration("enough")

    with pytest.raises(StopIteration, match="enough"):
        cardcore.simulate("brouc", games=games, seed=1, threads=2, progress=progress)
    assert len(calls) == 4
    assert all(total == games for _, total, _ in calls)
    done = [done for done, _, _ in calls]
    assert 0 < done[0] < done[1] < done[2] < done[3] < games
    gaps = [later - earlier for (_, _, earlier), (_, _, later) in itertools.pairwise(calls)]
    assert all(0.1 < gap < 1.0 for gap in gaps), gaps


def test_an_exception_from_progress_stops_the_run_at_once() -> None:
    class StopError(Exception):
        pass

    def progress(done: int, total: int) -> None:
        raise StopError(done, total)

    started = time.perf_counter()
    with pytest.raises(StopError):
        cardcore.simulate("julien", games=10**12, seed=1, progress=progress)
    assert time.perf_counter() - started < 2.0


def test_ctrl_c_stops_a_simulation_within_half_a_second() -> None:
    """SIGINT arrives while the workers play: KeyboardInterrupt is raised in the caller."""
    timer = threading.Timer(0.3, signal.raise_signal, args=(signal.SIGINT,))
    started = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            cardcore.simulate("brouc", games=10**12, seed=1, threads=2)
    finally:
        timer.cancel()
    assert time.perf_counter() - started < 0.3 + 0.5
    # The module is usable at once.
    assert cardcore.simulate("brouc", games=10, seed=1).games == 10
