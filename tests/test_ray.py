"""The Ray backend (docs/distributed.md): a run split into batches of Ray tasks on a local
Ray of two CPUs gives what the local run gives, counts a batch whose worker died once,
and leaves no task running once cancelled."""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

ray = pytest.importorskip(
    "ray", reason="the ray extra is not installed (pip install 'cardcore[ray]')"
)
pa = pytest.importorskip(
    "pyarrow", reason="the ray extra is not installed (pip install 'cardcore[ray]')"
)

import cardcore  # noqa: E402
from cardcore import _ray, cli, selfplay  # noqa: E402

CPUS = 2
T = TypeVar("T")


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    """A Ray of two CPUs for this module (not one another test left running); its
    functions travel to the workers by value (the workers cannot import a test module)."""
    if ray.is_initialized():
        ray.shutdown()
    ray.init(num_cpus=CPUS, include_dashboard=False, logging_level="ERROR")
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    yield
    ray.cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    ray.shutdown()


def simulation_figures(summary: cardcore.SimulationSummary) -> tuple[Any, ...]:
    return (summary.game, summary.games, summary.decisions, summary.wins, summary.mean_scores)


def arena_figures(result: cardcore.ArenaResult) -> dict[str, Any]:
    """The result's figures but its times (which vary from run to run)."""
    figures = result.to_dict()
    for key in ("elapsed_seconds", "decisions_per_second", "threads"):
        del figures[key]
    for entry in figures["entries"]:
        for key in list(entry):
            if key.endswith("move_seconds"):
                del entry[key]
    return figures


@pytest.mark.parametrize(("game", "games", "batch_size"), [("brouc", 500, 64), ("tarot", 97, 10)])
def test_a_simulation_on_ray_equals_the_local_one(game: str, games: int, batch_size: int) -> None:
    local = cardcore.simulate(game, games=games, seed=11, threads=2)
    for size in (batch_size, games):
        distributed = cardcore.simulate(game, games=games, seed=11, backend="ray", batch_size=size)
        assert simulation_figures(distributed) == simulation_figures(local)
    default = cardcore.simulate(game, games=games, seed=11, backend="ray")
    assert simulation_figures(default) == simulation_figures(local)


class Alternating:
    """A Python bot without state of its own: the first legal action, or the last one."""

    def act(self, observation: cardcore.Observation) -> int:
        legal = observation.legal_actions()
        pick = legal[0] if len(legal) % 2 else legal[-1]
        return pick.id


def test_an_arena_on_ray_equals_the_local_one() -> None:
    local = cardcore.arena("julien", ["medium", "easy"], matches=24, seed=4, threads=2)
    for size in (1, 5, 24):
        distributed = cardcore.arena(
            "julien", ["medium", "easy"], matches=24, seed=4, backend="ray", batch_size=size
        )
        assert arena_figures(distributed) == arena_figures(local)
        assert distributed.entries[0].timed_moves == local.entries[0].timed_moves
    with_python_bot: list[str | Alternating] = ["medium", Alternating()]
    local = cardcore.arena("five_hundred", with_python_bot, matches=6, seed=2, single_deal=True)
    distributed = cardcore.arena(
        "five_hundred", with_python_bot, matches=6, seed=2, single_deal=True, backend="ray",
        batch_size=4,
    )  # fmt: skip
    assert arena_figures(distributed) == arena_figures(local)
    assert local.options["single_deal"] is True


class Illegal:
    """A Python bot answering an action id no game has."""

    def act(self, observation: cardcore.Observation) -> int:
        return 9_999


class Raises:
    """A Python bot that fails."""

    def act(self, observation: cardcore.Observation) -> int:
        raise KeyError("no idea")


@pytest.mark.parametrize(
    ("bot", "error"), [(Illegal(), cardcore.IllegalActionError), (Raises(), KeyError)]
)
def test_a_python_bot_s_error_on_ray_is_raised_as_locally(
    bot: Illegal | Raises, error: type[Exception]
) -> None:
    for backend in ("local", "ray"):
        with pytest.raises(error) as raised:
            cardcore.arena("brouc", ["easy", bot], matches=4, seed=1, backend=backend)
        assert type(raised.value) is error
    assert cpus_free_within(3.0)


def test_self_play_files_on_ray_hold_the_local_rows(tmp_path: Path) -> None:
    kwargs: dict[str, Any] = {"matches": 9, "seed": 3, "bots": ["medium", "random"]}
    local = selfplay.write("brouc", str(tmp_path / "local"), batch_size=4, **kwargs)
    distributed = selfplay.write(
        "brouc", str(tmp_path / "ray"), batch_size=2, backend="ray", **kwargs
    )
    assert [b["file"] for b in distributed["batches"]] == [
        f"batch-{i:06d}.parquet" for i in range(5)
    ]
    assert distributed["rows"] == local["rows"] > 0
    for key in ("game", "options", "seed", "bots", "matches", "observation_size", "action_count"):
        assert distributed[key] == local[key]
    rows = pa.concat_tables(selfplay.read(str(tmp_path / "local")))
    assert pa.concat_tables(selfplay.read(str(tmp_path / "ray"))).equals(rows)
    assert rows.num_rows == local["rows"]
    assert sorted(set(rows.column("match").to_pylist())) == list(range(9))
    assert rows.column("observation").type.list_size == local["observation_size"]


def dies_once(play: Callable[..., T], index: int, marker: Path) -> Callable[..., T]:
    """``play``, whose worker dies (as a lost node's would) the first time it is given
    batch ``index``: Ray runs the batch again."""

    def play_or_die(batch: _ray.Batch, *arguments: Any) -> T:
        if batch.index == index and not marker.exists():
            marker.touch()
            os._exit(1)
        return play(batch, *arguments)

    return play_or_die


def test_a_batch_whose_worker_dies_is_run_again_and_counted_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    local = cardcore.simulate("brouc", games=300, seed=8, threads=2)
    marker = tmp_path / "died"
    monkeypatch.setattr(_ray, "play_simulation", dies_once(_ray.play_simulation, 2, marker))
    seen: list[tuple[int, int]] = []
    distributed = cardcore.simulate(
        "brouc",
        games=300,
        seed=8,
        backend="ray",
        batch_size=50,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert marker.exists()
    assert simulation_figures(distributed) == simulation_figures(local)
    assert [done for done, _ in seen] == [50, 100, 150, 200, 250, 300]
    assert {total for _, total in seen} == {300}


def cpus_free_within(seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if ray.available_resources().get("CPU", 0) == CPUS:
            return True
        time.sleep(0.1)
    return False


def test_ctrl_c_cancels_the_tasks_still_running() -> None:
    # Batches of a few seconds each: cancelled, none holds a CPU for long.
    timer = threading.Timer(2.0, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        cardcore.simulate("brouc", games=10**9, seed=1, backend="ray", batch_size=500_000)
    timer.join()
    assert time.monotonic() - started < 10
    assert cpus_free_within(3.0)
    time.sleep(1.0)  # and nothing queued starts afterwards
    assert ray.available_resources().get("CPU", 0) == CPUS


def test_an_exception_from_progress_cancels_the_run() -> None:
    def stop(done: int, total: int) -> None:
        raise RuntimeError(f"stop at {done} of {total}")

    # The first batch done raises: thousands of batches are left to cancel.
    with pytest.raises(RuntimeError, match="stop at 20000 of 100000000"):
        cardcore.simulate(
            "brouc", games=10**8, seed=1, backend="ray", batch_size=20_000, progress=stop
        )
    assert cpus_free_within(3.0)


def test_the_command_line_plays_on_ray_with_the_same_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    figures = []
    for backend in (["--threads", "2"], ["--backend", "ray", "--batch-size", "40"]):
        command = ["simulate", "tarot", "--games", "200", "--seed", "3", "--json", *backend]
        assert cli.main(command) == 0
        document = json.loads(capsys.readouterr().out)
        figures.append({key: document[key] for key in ("games", "decisions", "wins")})
    assert figures[0] == figures[1]
    assert cli.main(["arena", "brouc", "easy", "medium", "-n", "6", "--backend", "ray"]) == 0
    assert "arena brouc: 6 matches" in capsys.readouterr().out
    assert cli.main(["simulate", "brouc", "-n", "5", "--address", "HEAD:6379"]) == 2
    assert 'is for backend="ray" only' in capsys.readouterr().err


def test_bad_arguments_are_refused_before_any_task() -> None:
    with pytest.raises(cardcore.OptionError, match="backend"):
        cardcore.simulate("brouc", games=1, seed=1, backend="spark")  # type: ignore[arg-type]
    with pytest.raises(cardcore.OptionError, match="address"):
        cardcore.simulate("brouc", games=1, seed=1, address="ray://x:1")
    with pytest.raises(cardcore.OptionError, match="batch_size"):
        cardcore.arena("brouc", ["easy", "medium"], backend="ray", batch_size=0)
    with pytest.raises(cardcore.OptionError, match="lineup"):
        cardcore.arena("brouc", ["easy"] * 5, backend="ray")
    with pytest.raises(cardcore.OptionError, match="bots"):
        selfplay.write("brouc", "unused", matches=1, seed=1, bots=["easy"] * 5, backend="ray")
    with pytest.raises(cardcore.OptionTypeError, match="batch_size"):
        selfplay.write("brouc", "unused", matches=1, seed=1, batch_size="2")  # type: ignore[arg-type]


def test_the_address_check_lets_a_real_cluster_through() -> None:
    # The local Ray's GCS, as a cluster's head answers: a gRPC server (HTTP/2).
    gcs = ray.get_runtime_context().gcs_address
    started = time.monotonic()
    _ray.probe(gcs, 5.0)
    assert time.monotonic() - started < 1.0


def always_dies(play: Callable[..., T], index: int) -> Callable[..., T]:
    """``play``, whose worker dies every time it is given batch ``index``."""

    def play_or_die(batch: _ray.Batch, *arguments: Any) -> T:
        if batch.index == index:
            os._exit(1)
        return play(batch, *arguments)

    return play_or_die


def test_a_batch_lost_more_often_than_ray_retries_it_is_a_cardcore_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_ray, "MAX_RETRIES", 1)
    monkeypatch.setattr(_ray, "play_simulation", always_dies(_ray.play_simulation, 3))
    with pytest.raises(cardcore.CardcoreError, match=r"batch 3 \(matches 60 to 79\).* 2 times"):
        cardcore.simulate("brouc", games=200, seed=8, backend="ray", batch_size=20)
    assert cpus_free_within(3.0)


def writes_forever(batch: _ray.Batch, *arguments: Any) -> dict[str, Any]:
    """A self-play batch that leaves a file half written and never ends."""
    directory = arguments[-1]
    (Path(directory) / f".batch-{batch.index:06d}.parquet.x{selfplay.PARTIAL}").write_bytes(b"PAR")
    time.sleep(3_600)
    return {}


def test_ctrl_c_on_ray_self_play_leaves_no_partial_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(selfplay, "write_batch", writes_forever)
    timer = threading.Timer(2.0, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        selfplay.write("brouc", str(tmp_path), matches=8, seed=1, batch_size=2, backend="ray")
    timer.join()
    assert list(tmp_path.iterdir()) == []
    assert cpus_free_within(3.0)
