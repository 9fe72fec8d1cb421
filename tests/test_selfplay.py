"""Self-play data on this machine (docs/distributed.md, "Self-play data"): the files hold
every decision of the matches as the engine replays them, the manifest lists them, and bad
arguments are refused before anything is written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import cardcore
from cardcore import selfplay
from splitmix import MASK, SplitMix

pa = pytest.importorskip(
    "pyarrow", reason="the ray extra (pyarrow) is not installed: pip install 'cardcore[ray]'"
)


def test_the_rows_are_the_matches_decisions_replayed(tmp_path: Path) -> None:
    manifest = selfplay.write(
        "julien", str(tmp_path), matches=5, seed=2, bots=["medium", "easy"], batch_size=2
    )
    assert [(b["start"], b["stop"]) for b in manifest["batches"]] == [(0, 2), (2, 4), (4, 5)]
    on_disk = json.loads((tmp_path / selfplay.MANIFEST).read_text())
    assert on_disk == manifest == selfplay.read_manifest(str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "batch-000000.parquet",
        "batch-000001.parquet",
        "batch-000002.parquet",
        "manifest.json",
    ]
    rows = pa.concat_tables(selfplay.read(str(tmp_path))).to_pydict()
    assert len(rows["action"]) == manifest["rows"]
    game: Any = None
    for row in range(manifest["rows"]):
        if rows["turn"][row] == 0:
            game = None
        if game is None:
            # The match is dealt as simulate deals it: replayed from its first decision.
            game = replay_start(rows, row)
        seat = rows["seat"][row]
        assert game.current_player == seat
        assert rows["observation"][row] == pytest.approx(game.observation_tensor(seat).tolist())
        assert rows["mask"][row] == game.legal_actions_mask().tolist()
        game.apply(rows["action"][row])
        if game.is_over:
            winners = game.winning_seats
            for earlier in range(row - rows["turn"][row], row + 1):
                expected = 0.0
                if rows["end"][earlier]:
                    who = rows["seat"][earlier]
                    expected = 0.0 if not winners else (1.0 if who in winners else -1.0)
                assert rows["reward"][earlier] == expected
    assert sorted(set(rows["match"])) == [0, 1, 2, 3, 4]
    assert sum(rows["end"]) == 5 * 4


def replay_start(rows: dict[str, list[Any]], row: int) -> Any:
    """Match ``rows["match"][row]`` of the run seeded 2, as dealt: its deal's seed is the
    first draw of the generator seeded from the run's seed and its index (docs/distributed.md,
    "How a run is split"; rust/cardcore/src/rng.rs, ``match_seeds``)."""
    index = rows["match"][row]
    seeds = SplitMix((2 ^ (index * 0xD1B5_4A32_D192_ED03)) & MASK)
    return cardcore.new_game("julien", seed=seeds.next_u64())


def test_the_default_batches_hold_about_rows_per_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(selfplay, "ROWS_PER_FILE", 200)
    manifest = selfplay.write("brouc", str(tmp_path), matches=40, seed=1, single_deal=True)
    assert manifest["batch_size"] == 200 // 32  # a Brouc deal is 32 decisions
    assert all(
        entry["rows"] == 32 * (entry["stop"] - entry["start"]) for entry in manifest["batches"]
    )
    assert manifest["rows"] == 40 * 32
    assert manifest["options"] == {"single_deal": True}


def test_the_same_rows_whatever_the_batches_and_threads(tmp_path: Path) -> None:
    tables = []
    for batch_size, threads in ((3, 1), (7, 2)):
        directory = str(tmp_path / f"{batch_size}")
        selfplay.write(
            "tarot", directory, matches=7, seed=4, batch_size=batch_size, threads=threads,
            players=3, single_deal=True,
        )  # fmt: skip
        tables.append(pa.concat_tables(selfplay.read(directory)))
    assert tables[0].equals(tables[1])
    observation = np.asarray(tables[0].column("observation").to_pylist(), dtype=np.float32)
    assert observation.shape[1] == cardcore.new_game("tarot", seed=0).observation_tensor(0).size


@pytest.mark.parametrize(
    ("arguments", "error", "option"),
    [
        ({"matches": 0}, cardcore.OptionError, "matches"),
        ({"matches": 1.5}, cardcore.OptionTypeError, "matches"),
        ({"batch_size": 0}, cardcore.OptionError, "batch_size"),
        ({"bots": "medium"}, cardcore.OptionTypeError, "bots"),
        ({"bots": ["medium", "genius"]}, cardcore.OptionError, "bots"),
        ({"backend": "dask"}, cardcore.OptionError, "backend"),
        ({"address": "HEAD:6379"}, cardcore.OptionError, "address"),
        ({"progress": 3}, cardcore.OptionTypeError, "progress"),
        ({"threads": 0}, cardcore.OptionError, "threads"),
        ({"seed": -1}, cardcore.OptionError, "seed"),
        ({"players": 9}, cardcore.OptionError, "players"),
    ],
)
def test_bad_arguments_are_refused_before_anything_is_written(
    tmp_path: Path, arguments: dict[str, Any], error: type[Exception], option: str
) -> None:
    given: dict[str, Any] = {"matches": 2, "seed": 1, **arguments}
    directory = tmp_path / "out"
    with pytest.raises(error, match=option):
        selfplay.write("tarot", str(directory), **given)
    assert not directory.exists()


@pytest.mark.parametrize(
    "arguments",
    [{"backend": "x" * 4_000_000}, {"matches": "x" * 4_000_000}, {"progress": 10**5000}],
)
def test_a_huge_argument_gives_a_short_message(tmp_path: Path, arguments: dict[str, Any]) -> None:
    """docs/protocol.md, "Errors": a message quotes at most 200 characters of a value."""
    with pytest.raises(cardcore.OptionError) as caught:
        selfplay.write("tarot", str(tmp_path / "out"), seed=1, **{"matches": 2, **arguments})
    assert len(str(caught.value)) < 400
    assert next(iter(arguments)) in str(caught.value)


def test_a_directory_without_a_manifest_of_its_own_is_refused(tmp_path: Path) -> None:
    (tmp_path / selfplay.MANIFEST).write_text('{"format": "other"}')
    with pytest.raises(cardcore.JsonError, match="manifest"):
        selfplay.read_manifest(str(tmp_path))
    with pytest.raises(cardcore.OptionTypeError, match="directory"):
        selfplay.write("brouc", tmp_path, matches=1, seed=1)  # type: ignore[arg-type]


def test_a_directory_holding_a_run_is_refused_and_its_run_stays_whole(tmp_path: Path) -> None:
    first = selfplay.write("brouc", str(tmp_path), matches=6, seed=1, batch_size=2)
    rows = pa.concat_tables(selfplay.read(str(tmp_path)))
    files = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    for seed, matches in ((2, 6), (1, 2)):
        with pytest.raises(cardcore.OptionError, match=r"directory.*not empty.*manifest\.json"):
            selfplay.write("brouc", str(tmp_path), matches=matches, seed=seed, batch_size=2)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == files
    assert selfplay.read_manifest(str(tmp_path)) == first
    assert pa.concat_tables(selfplay.read(str(tmp_path))).equals(rows)


def test_a_directory_with_any_file_is_refused_an_empty_one_taken(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(cardcore.OptionError, match=r"notes\.txt"):
        selfplay.write("brouc", str(tmp_path), matches=1, seed=1)
    with pytest.raises(cardcore.OptionError, match="is a file"):
        selfplay.write("brouc", str(tmp_path / "notes.txt"), matches=1, seed=1)
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert selfplay.write("brouc", str(empty), matches=1, seed=1)["rows"] > 0


def test_an_interrupted_run_leaves_no_partial_file_and_no_manifest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pa_, pq, fs = selfplay._arrow()
    written: list[str] = []

    class InterruptedParquet:
        """pyarrow.parquet whose third file is interrupted once half written (Ctrl-C)."""

        def write_table(self, table: Any, where: str, **kwargs: Any) -> None:
            pq.write_table(table, where, **kwargs)
            written.append(where)
            if len(written) == 3:
                raise KeyboardInterrupt

    monkeypatch.setattr(selfplay, "_arrow", lambda: (pa_, InterruptedParquet(), fs))
    with pytest.raises(KeyboardInterrupt):
        selfplay.write("julien", str(tmp_path), matches=9, seed=1, batch_size=2)
    assert all(where.endswith(selfplay.PARTIAL) for where in written)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "batch-000000.parquet",
        "batch-000001.parquet",
    ]
    with pytest.raises(cardcore.OptionError, match="not empty"):
        selfplay.write("julien", str(tmp_path), matches=9, seed=1, batch_size=2)


def test_progress_interrupting_a_run_leaves_no_manifest(tmp_path: Path) -> None:
    def stop(done: int, total: int) -> None:
        if done >= 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        selfplay.write("brouc", str(tmp_path), matches=8, seed=1, batch_size=2, progress=stop)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["batch-000000.parquet", "batch-000001.parquet"]


@pytest.mark.parametrize(
    ("timeout", "error"),
    [(0, cardcore.OptionError), (-1.5, cardcore.OptionError), ("5", cardcore.OptionTypeError)],
)
def test_a_bad_connect_timeout_is_refused_before_anything_is_written(
    tmp_path: Path, timeout: Any, error: type[Exception]
) -> None:
    with pytest.raises(error, match="connect_timeout"):
        selfplay.write(
            "brouc", str(tmp_path / "out"), matches=1, seed=1, backend="ray",
            connect_timeout=timeout,
        )  # fmt: skip
    with pytest.raises(cardcore.OptionError, match=r"connect_timeout.*ray"):
        selfplay.write("brouc", str(tmp_path / "out"), matches=1, seed=1, connect_timeout=3)
    assert not (tmp_path / "out").exists()
