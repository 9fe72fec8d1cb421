"""Runs played in batches, without Ray: the parts of any split of a run merge into the local
run's figures, bad parts are refused with a cardcore error, and the batch sizes follow the
backend's policy (docs/distributed.md, "How a run is split")."""

from __future__ import annotations

import itertools
import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardcore
from cardcore import _core, _ray, selfplay


def cuts(count: int) -> st.SearchStrategy[list[int]]:
    """Ascending cut points of ``0..count``, from both ends included."""
    inner = st.lists(st.integers(0, count), max_size=6)
    return inner.map(lambda points: [0, *sorted(points), count])


@settings(max_examples=25, deadline=None)
@given(data=st.data(), name=st.sampled_from(cardcore.GAMES))
def test_any_split_of_a_simulation_merges_into_the_run(data: st.DataObject, name: str) -> None:
    games = data.draw(st.integers(1, 60), label="games")
    points = data.draw(cuts(games), label="cuts")
    local = cardcore.simulate(name, games=games, seed=5, threads=1, single_deal=True)
    parts = [
        _core._simulate_part(name, seed=5, start=a, stop=b, threads=2, single_deal=True)
        for a, b in itertools.pairwise(points)
    ]
    merged = _core._simulate_summary(name, parts[::-1], elapsed_seconds=1.5, threads=7)
    assert (merged.games, merged.decisions, merged.wins, merged.mean_scores) == (
        local.games,
        local.decisions,
        local.wins,
        local.mean_scores,
    )
    assert (merged.elapsed_seconds, merged.threads) == (1.5, 7)


def arena_figures(result: cardcore.ArenaResult) -> dict[str, Any]:
    figures = result.to_dict()
    for key in ("elapsed_seconds", "decisions_per_second", "threads"):
        del figures[key]
    for entry in figures["entries"]:
        for key in [k for k in entry if k.endswith("move_seconds")]:
            del entry[key]
    return figures


@settings(max_examples=15, deadline=None)
@given(data=st.data(), name=st.sampled_from(cardcore.GAMES))
def test_any_split_of_an_arena_merges_into_the_run(data: st.DataObject, name: str) -> None:
    matches = data.draw(st.integers(2, 12), label="matches")
    points = data.draw(cuts(matches), label="cuts")
    lineup = ["medium", "easy"]
    options: dict[str, Any] = {"single_deal": True}
    local = cardcore.arena(name, lineup, matches=matches, seed=9, threads=1, **options)
    parts = [
        _core._arena_part(name, lineup, seed=9, start=a, stop=b, **options)
        for a, b in itertools.pairwise(points)
    ]
    merged = _core._arena_result(
        name, lineup, parts, seed=9, elapsed_seconds=2.0, threads=3, **options
    )
    assert arena_figures(merged) == arena_figures(local)
    timed = [entry.timed_moves for entry in merged.entries]
    assert timed == [entry.timed_moves for entry in local.entries]


def test_bad_parts_and_ranges_are_refused() -> None:
    part = _core._simulate_part("brouc", seed=1, start=0, stop=3)
    arena_part = _core._arena_part("brouc", ["easy", "medium"], seed=1, start=0, stop=2)
    tarot_part = _core._simulate_part("tarot", seed=1, start=0, stop=1, players=3)
    refused: list[tuple[Any, str]] = [
        (lambda: _core._simulate_summary("brouc", [], elapsed_seconds=0, threads=1), "parts"),
        (lambda: _core._simulate_summary("brouc", ["{"], elapsed_seconds=0, threads=1), "parts"),
        (
            lambda: _core._simulate_summary(
                "brouc", [part, tarot_part], elapsed_seconds=0, threads=1
            ),
            "parts",
        ),
        (
            lambda: _core._arena_result(
                "brouc",
                ["easy", "medium", "hard"],
                [arena_part],
                seed=1,
                elapsed_seconds=0,
                threads=1,
            ),
            "parts",
        ),
        (lambda: _core._simulate_part("brouc", seed=1, start=5, stop=4), "stop"),
        (lambda: _core._simulate_part("brouc", seed=1, start=-1, stop=4), "start"),
        (lambda: _core._simulate_part("brouc", seed=1, start=0, stop=10**13), "stop"),
        (
            lambda: _core._selfplay_part("brouc", ["easy", "master"], seed=1, start=0, stop=1),
            "bots",
        ),
    ]
    for call, name in refused:
        with pytest.raises(cardcore.OptionError, match=f"'{name}'"):
            call()
    with pytest.raises(cardcore.OptionTypeError, match="'parts'"):
        _core._simulate_summary("brouc", part, elapsed_seconds=0, threads=1)
    with pytest.raises(cardcore.OptionTypeError, match="'bots'"):
        _core._selfplay_part("brouc", "easy", seed=1, start=0, stop=1)
    json.loads(part)  # a part is JSON text, which any transport carries


@pytest.mark.parametrize("backend", ["spark", ""])
def test_an_unknown_backend_or_a_ray_only_option_is_refused(backend: str) -> None:
    with pytest.raises(cardcore.OptionError, match="'backend'"):
        cardcore.simulate("brouc", games=1, seed=1, backend=backend)  # type: ignore[arg-type]
    with pytest.raises(cardcore.OptionError, match="'batch_size'"):
        cardcore.arena("brouc", ["easy", "medium"], batch_size=10)
    with pytest.raises(cardcore.OptionTypeError, match="'address'"):
        cardcore.simulate("brouc", games=1, seed=1, backend="ray", address=6379)  # type: ignore[arg-type]


def sizes(batches: _ray.Batches, seconds_per_match: float) -> list[int]:
    """The sizes ``batches`` hands out when each match takes ``seconds_per_match``,
    every batch timed as soon as it is handed out."""
    handed = []
    while (batch := batches.next()) is not None:
        handed.append(batch.stop - batch.start)
        batches.timed(batch, handed[-1] * seconds_per_match)
    return handed


def test_fixed_batches_cover_the_run_in_order() -> None:
    batches = _ray.Batches(10, 4, 1, slots=3)
    handed = [batches.next() for _ in range(4)]
    assert handed == [
        _ray.Batch(0, 0, 4),
        _ray.Batch(1, 4, 8),
        _ray.Batch(2, 8, 10),
        None,
    ]
    assert batches.count == 3


def test_default_batches_take_about_their_time_and_share_out_the_end() -> None:
    per_match = 1e-4
    target = round(_ray.BATCH_SECONDS / per_match)
    handed = sizes(_ray.Batches(100_000, None, 10, slots=2), per_match)
    assert sum(handed) == 100_000
    assert handed[0] == 10
    assert handed[1] == target
    rest = 100_000 - handed[0]
    for size in handed[1:]:
        assert size == max(1, min(target, math.ceil(rest / 2)))
        rest -= size
    assert handed[-3:] == [2, 1, 1]  # no slot idles while the other plays half the rest


def test_default_batches_follow_the_matches_rate() -> None:
    batches = _ray.Batches(10**9, None, 100, slots=4)
    first = batches.next()
    assert first is not None
    batches.timed(first, 0.5)  # 200 matches/s
    assert batches.size() == round(200 * _ray.BATCH_SECONDS)
    second = batches.next()
    assert second is not None
    assert second.stop - second.start == 100
    batches.timed(second, 2.0)  # slower: the rate is that of every match timed, 200 in 2.5 s
    assert batches.size() == round(80 * _ray.BATCH_SECONDS)


def test_without_the_extra_the_backend_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(ImportError, match=r"pip install 'cardcore\[ray\]'"):
        cardcore.simulate("brouc", games=1, seed=1, backend="ray")
    with pytest.raises(ImportError, match=r"pip install 'cardcore\[ray\]'"):
        selfplay.write("brouc", str(tmp_path), matches=1, seed=1)
