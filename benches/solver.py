"""The exact solver's speed by game and by tricks left, and the expert level's time a move.

Run on a release build: ``python benches/solver.py`` (``--deals N``, default 20;
``--quick`` for 5; ``--expert-deals N`` for the expert's move times, default 4).

For each table (Brouc, Le Julien, French Tarot at 3, 4 and 5 players, 500): single
deals are played by medium bots and the position is kept at the start of each trick
(every hand known, as a determinization is); each is then solved once with
``cardcore.solve`` (every legal move's exact result: what an analysis step or one of
the expert's samples costs). The solver's table stays warm from call to call, as in an
analysis: the rows go from the last trick back, so a deal's position may find its own
later positions (those of the line played) in the table.
Printed per tricks left: positions, median, 95th percentile and worst milliseconds,
and positions solved per second. A row is skipped once its median passes
``--give-up`` ms (default 2,000): the search from further back is too slow to
measure in a bench run.

Then the expert level: single deals with one expert bot against medium bots,
the expert's time per move (median, p95, worst) on one thread; the issue's budget is
200 ms at the p95.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import cardcore
from cardcore.bots import make

TABLES: list[tuple[str, str, dict[str, object]]] = [
    ("brouc", "brouc", {}),
    ("julien", "julien", {}),
    ("tarot-3", "tarot", {"players": 3}),
    ("tarot-4", "tarot", {"players": 4}),
    ("tarot-5", "tarot", {"players": 5}),
    ("five_hundred", "five_hundred", {}),
]
AIMS = {("brouc", "all"): 50.0, ("five_hundred", "all"): 50.0, ("tarot-4", 10): 50.0}
"""Median milliseconds the issue aims at: a whole Brouc or 500 deal from its first
trick, a four-player Tarot deal from its ninth trick (10 tricks left)."""


def trick_starts(name: str, options: dict[str, object], seed: int) -> list[tuple[int, Any]]:
    """(tricks left, position) at the start of each trick of a single deal played by
    medium bots, from the last trick back; empty if the deal was not played."""
    game = cardcore.new_game(name, seed=seed, single_deal=True, **options)
    players = game.num_players
    bots = [make(name, "medium", seed=seed * 7 + s) for s in range(players)]
    found: dict[int, Any] = {}
    while not game.is_over:
        sizes = set(game.observation(0).to_dict()["hand_sizes"])
        # Every hand of one size in the play: a trick's start (mid-trick, the hands
        # differ). Where the solver does not apply after all, `solver_table` skips it.
        if len(sizes) == 1 and (tricks := sizes.pop()) not in found and game.phase == "play":
            found[tricks] = game.clone()
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)))
    return sorted(found.items())


def solve_ms(game: Any) -> float | None:
    """Milliseconds to solve the position, None where the solver does not apply (a
    French Tarot poignée still to declare in the first trick)."""
    start = time.perf_counter()
    try:
        cardcore.solve(game)
    except cardcore.PhaseError:
        return None
    return (time.perf_counter() - start) * 1000


def solver_table(
    label: str, name: str, options: dict[str, object], deals: int, give_up: float
) -> None:
    positions: dict[int, list[Any]] = {}
    seed = 0
    while len(positions.get(1, [])) < deals and seed < deals * 5:
        for tricks, game in trick_starts(name, options, seed):
            positions.setdefault(tricks, []).append(game)
        seed += 1
    most = max(positions, default=0)
    print(f"\n{label}: solve() per position, by tricks left ({deals} deals)")
    heads = ("tricks left", "positions", "median ms", "p95 ms", "worst ms", "per s")
    print(" ".join(f"{head:>11}" for head in heads))
    for tricks in sorted(positions):
        times = [t for game in positions[tricks][:deals] if (t := solve_ms(game)) is not None]
        if not times:
            continue
        median = statistics.median(times)
        p95 = sorted(times)[max(0, round(0.95 * len(times)) - 1)]
        tag = "all" if tricks == most else tricks
        aim = AIMS.get((label, tag)) or AIMS.get((label, tricks))
        note = (
            ""
            if aim is None
            else f"  aim < {aim:.0f} ms median: {'met' if median < aim else 'MISSED'}"
        )
        print(
            f"{tricks:>11} {len(times):>11} {median:>11.2f} {p95:>11.2f} {max(times):>11.2f} "
            f"{1000 * len(times) / sum(times):>11.0f}{note}"
        )
        if median > give_up:
            print(f"{'':>11} (further back not measured: the median passed {give_up:.0f} ms)")
            break


def expert_times(label: str, name: str, options: dict[str, object], deals: int) -> None:
    times: list[float] = []
    for seed in range(deals):
        game = cardcore.new_game(name, seed=seed, single_deal=True, **options)
        bots = [
            make(name, "expert" if s == 0 else "medium", seed=seed + s)
            for s in range(game.num_players)
        ]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            view = game.observation(seat)
            start = time.perf_counter()
            action = bots[seat].act(view)
            if seat == 0:
                times.append((time.perf_counter() - start) * 1000)
            game.apply(action)
    if not times:
        return
    times.sort()
    p95 = times[max(0, round(0.95 * len(times)) - 1)]
    verdict = "met" if p95 <= 200 else "MISSED"
    print(
        f"{label:>13}: {len(times):>4} moves, median {statistics.median(times):7.2f} ms, "
        f"p95 {p95:7.2f} ms, worst {times[-1]:7.2f} ms  (aim p95 <= 200 ms: {verdict})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--give-up", type=float, default=2000.0)
    parser.add_argument("--expert-deals", type=int, default=4)
    parser.add_argument("--only", choices=[label for label, _, _ in TABLES])
    args = parser.parse_args()
    deals = 5 if args.quick else args.deals
    print(f"native module: {cardcore._core.__file__}")
    tables = [t for t in TABLES if args.only in (None, t[0])]
    for label, name, options in tables:
        solver_table(label, name, options, deals, args.give_up)
    print("\nexpert level, one seat against medium bots, time per move (one thread):")
    for label, name, options in tables:
        expert_times(label, name, options, 1 if args.quick else args.expert_deals)


if __name__ == "__main__":
    main()
