"""The Ray backend of ``simulate``, ``arena`` and ``cardcore.selfplay``.

A run's matches are split into batches of consecutive match indices, each
played by a Ray task natively (without the GIL) on its node's threads. Every
match is dealt from the run's seed and its index alone, and a batch's result
is kept under its index: a task Ray runs again (a worker or a node lost) is
counted once, and the parts merge in index order into the figures one local
run gives, whatever the cluster and the batch size. Ray itself is imported
only here, when a run asks for it (docs/distributed.md).
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeVar

from cardcore import _core

T = TypeVar("T")

#: Matches per batch, at least, when the caller does not say: with the fastest
#: matches (random bots in ``simulate``, easy ones in ``arena``), a batch this
#: size takes twenty times a task's overhead or more, which
#: ``benches/bench.py --only ray`` measures.
MIN_BATCH_SIZE = {"simulate": 20_000, "arena": 200}
#: Batches per CPU of the cluster when the run is large: enough to keep every
#: CPU busy to the end, and small enough that a lost task costs little.
BATCHES_PER_CPU = 4
#: Times Ray runs a batch again whose worker or node died.
MAX_RETRIES = 3
#: How often the caller's thread wakes while the tasks run: for Ctrl-C and progress.
TICK_SECONDS = 0.05


class Batch(NamedTuple):
    """Matches ``start`` to ``stop`` (excluded) of a run: its batch ``index``."""

    index: int
    start: int
    stop: int


def import_ray() -> Any:
    """The ``ray`` module, or an ImportError that says how to install it."""
    try:
        import ray
    except ImportError as error:
        raise ImportError(
            "backend='ray' needs Ray, which cardcore's ray extra installs: "
            "pip install 'cardcore[ray]'"
        ) from error
    return ray


def connect(address: str | None) -> Any:
    """The ``ray`` module, connected: to the cluster at ``address``, or to a
    Ray started here on this machine's CPUs (kept for later runs) when it is
    ``None``. A process already connected stays on its cluster."""
    ray = import_ray()
    if not ray.is_initialized():
        if address is None:
            ray.init(include_dashboard=False, logging_level=logging.WARNING)
        else:
            ray.init(address=address, logging_level=logging.WARNING)
    return ray


def split(count: int, batch_size: int) -> list[Batch]:
    """Matches ``0`` to ``count`` in batches of ``batch_size`` (the last one shorter)."""
    return [
        Batch(index, start, min(start + batch_size, count))
        for index, start in enumerate(range(0, count, batch_size))
    ]


def task_slots(ray: Any, threads: int) -> int:
    """Tasks of ``threads`` CPUs each that the cluster runs at once."""
    cpus = int(ray.cluster_resources().get("CPU", 1))
    return max(1, cpus // threads)


def default_batch_size(kind: str, count: int, slots: int) -> int:
    """The batch size of a run of ``count`` matches on ``slots`` task slots:
    ``BATCHES_PER_CPU`` batches a slot, none under ``MIN_BATCH_SIZE[kind]``."""
    return max(MIN_BATCH_SIZE[kind], math.ceil(count / (BATCHES_PER_CPU * slots)))


def run_batches(
    ray: Any,
    play: Callable[..., T],
    batches: Sequence[Batch],
    arguments: tuple[Any, ...],
    *,
    threads: int,
    progress: Callable[[int, int], None] | None = None,
) -> list[T]:
    """``play(batch, *arguments)`` for every batch as a Ray task of ``threads``
    CPUs; returns the results in the batches' order.

    A few tasks a slot are in flight at once. A task whose worker or node dies
    is run again by Ray (``MAX_RETRIES``); one that raises stops the run. Each
    result is kept under its batch's index, once. ``progress(matches_done,
    matches)`` is called as batches finish. An exception here (Ctrl-C, one
    from ``progress`` or a task's) cancels the tasks still running or waiting.
    """
    task = ray.remote(play).options(
        num_cpus=threads, max_retries=MAX_RETRIES, retry_exceptions=False
    )
    total = sum(batch.stop - batch.start for batch in batches)
    window = BATCHES_PER_CPU * task_slots(ray, threads)
    waiting = iter(batches)
    in_flight: dict[Any, Batch] = {}
    results: dict[int, T] = {}
    done = 0
    try:
        while True:
            while len(in_flight) < window and (batch := next(waiting, None)) is not None:
                in_flight[task.remote(batch, *arguments)] = batch
            if not in_flight:
                break
            ready, _ = ray.wait(list(in_flight), num_returns=len(in_flight), timeout=TICK_SECONDS)
            for ref in ready:
                batch = in_flight.pop(ref)
                if batch.index in results:
                    raise RuntimeError(f"batch {batch.index} came back twice")
                results[batch.index] = ray.get(ref)
                done += batch.stop - batch.start
                if progress is not None:
                    progress(done, total)
    except BaseException:
        for ref in in_flight:
            ray.cancel(ref, force=True)
        raise
    return [results[batch.index] for batch in batches]


def threads_used(ray: Any, batches: int, threads: int) -> int:
    """The CPUs a run of ``batches`` tasks of ``threads`` each kept busy at most."""
    return threads * min(batches, task_slots(ray, threads))


def play_simulation(
    batch: Batch, name: str, seed: int, threads: int, options: dict[str, Any]
) -> str:
    """One batch of a ``simulate`` run: its part, as the text ``_simulate_summary`` merges."""
    return _core._simulate_part(
        name, seed=seed, start=batch.start, stop=batch.stop, threads=threads, **options
    )


def simulate(
    *,
    name: str,
    games: int,
    seed: int,
    threads: int | None,
    progress: Callable[[int, int], None] | None,
    options: dict[str, Any],
    address: str | None,
    batch_size: int | None,
) -> _core.SimulationSummary:
    """``cardcore.simulate(..., backend="ray")``, its arguments checked."""
    ray = connect(address)
    threads = threads or 1
    batches = split(
        games, batch_size or default_batch_size("simulate", games, task_slots(ray, threads))
    )
    started = time.perf_counter()
    parts = run_batches(
        ray,
        play_simulation,
        batches,
        (name, seed, threads, options),
        threads=threads,
        progress=progress,
    )
    return _core._simulate_summary(
        name,
        parts,
        elapsed_seconds=time.perf_counter() - started,
        threads=threads_used(ray, len(batches), threads),
    )


def play_arena(
    batch: Batch,
    name: str,
    lineup: Sequence[Any],
    seed: int,
    threads: int,
    options: dict[str, Any],
) -> str:
    """One batch of an ``arena`` run: its tallies, as the text ``_arena_result`` merges."""
    return _core._arena_part(
        name, lineup, seed=seed, start=batch.start, stop=batch.stop, threads=threads, **options
    )


def arena(
    *,
    name: str,
    lineup: Sequence[Any],
    matches: int,
    seed: int,
    threads: int | None,
    progress: Callable[[int, int], None] | None,
    options: dict[str, Any],
    address: str | None,
    batch_size: int | None,
) -> _core.ArenaResult:
    """``cardcore.arena(..., backend="ray")``, its arguments checked. Python bots
    are pickled into every task: each batch plays with a copy of its own."""
    ray = connect(address)
    threads = threads or 1
    lineup = list(lineup)
    batches = split(
        matches, batch_size or default_batch_size("arena", matches, task_slots(ray, threads))
    )
    started = time.perf_counter()
    parts = run_batches(
        ray,
        play_arena,
        batches,
        (name, lineup, seed, threads, options),
        threads=threads,
        progress=progress,
    )
    return _core._arena_result(
        name,
        lineup,
        parts,
        seed=seed,
        elapsed_seconds=time.perf_counter() - started,
        threads=threads_used(ray, len(batches), threads),
        **options,
    )
