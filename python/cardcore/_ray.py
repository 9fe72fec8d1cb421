"""The Ray backend of ``simulate``, ``arena`` and ``cardcore.selfplay``.

A run's matches are split into batches of consecutive match indices, each
played by a Ray task natively (without the GIL) on its node's threads. Every
match is dealt from the run's seed and its index alone, and a batch's result
is kept under its index: a task Ray runs again (a worker or a node lost) is
counted once, and the parts merge in index order into the figures one local
run gives, whatever the cluster and the batch sizes, which may therefore be
chosen as the run goes. Ray itself is imported only here, when a run asks
for it (docs/distributed.md).
"""

from __future__ import annotations

import logging
import math
import os
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from cardcore import _core

T = TypeVar("T")

#: The time a batch is sized to take when the caller gives no batch size. A
#: task costs about 2 ms of overhead (``benches/bench.py --only ray``, on a local
#: Ray), so this keeps the overhead under 1% of a batch (the aim: under 5%),
#: while a lost batch costs little and ``progress`` moves often.
BATCH_SECONDS = 0.5
#: The first batches' size, before one is timed: a millisecond of the fastest
#: matches (random Brouc deals), seconds of the slowest (hard bots' whole matches).
FIRST_BATCH_SIZE = {"simulate": 1_000, "arena": 2}
#: Batches in flight per task slot: each slot has its next batch waiting.
IN_FLIGHT_PER_SLOT = 2
#: Times Ray runs a batch again whose worker or node died.
MAX_RETRIES = 3
#: How often the caller's thread wakes while the tasks run: for Ctrl-C and progress.
TICK_SECONDS = 0.05
#: The seconds a run waits for the cluster at its ``address`` to answer, by default
#: (``connect_timeout``): a cluster answers in milliseconds, an address where
#: nothing does is refused then, rather than after Ray's own retries (minutes).
CONNECT_TIMEOUT = 10.0
#: The seconds a run interrupted waits for its cancelled tasks to end.
CANCEL_SECONDS = 5.0
#: What a client of an HTTP/2 server sends first (RFC 9113, 3.4): the preface,
#: then its settings (an empty SETTINGS frame). Ray's GCS and Ray Client's
#: server are gRPC servers, which answer with their SETTINGS frame.
HTTP2_HELLO = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
#: The type of an HTTP/2 SETTINGS frame, the fourth byte of its header.
HTTP2_SETTINGS = 4


@dataclass(frozen=True)
class Batch:
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


def connect(address: str | None, connect_timeout: float | None = None) -> Any:
    """The ``ray`` module, connected: to the cluster at ``address``, or to a
    Ray started here on this machine's CPUs (kept for later runs) when it is
    ``None`` (and ``RAY_ADDRESS`` is not set). A process already connected stays
    on its cluster. A cluster that does not answer within ``connect_timeout``
    seconds (default ``CONNECT_TIMEOUT``) is an ``OptionError`` naming the address."""
    ray = import_ray()
    if not ray.is_initialized():
        timeout = CONNECT_TIMEOUT if connect_timeout is None else connect_timeout
        check_timeout(timeout)
        given = address if address is not None else os.environ.get("RAY_ADDRESS")
        if given is not None:
            probe(given, timeout)
        if address is None:
            ray.init(include_dashboard=False, logging_level=logging.WARNING)
        else:
            ray.init(address=address, logging_level=logging.WARNING)
    return ray


def check_timeout(seconds: object) -> None:
    """Refuses a ``connect_timeout`` that is not a positive number of seconds."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise _core.OptionTypeError(
            f"option 'connect_timeout': expected a number of seconds, got {seconds!r}"
        )
    if not 0 < seconds <= 86_400:
        raise _core.OptionError(
            f"option 'connect_timeout': expected seconds above 0 (a day at most), got {seconds!r}"
        )


def host_and_port(address: str) -> tuple[str, int] | None:
    """The host and port of a Ray address (``HOST:PORT``, ``ray://HOST:PORT``,
    ``[IPv6]:PORT``), ``None`` for the others (``"auto"``, ``"local"``), which
    Ray resolves itself."""
    rest = address.removeprefix("ray://")
    host, colon, port = rest.rpartition(":")
    if not colon or not port.isdigit() or not host:
        return None
    return host.removeprefix("[").removesuffix("]"), int(port)


def probe(address: str, timeout: float) -> None:
    """Checks that a gRPC server answers at ``address`` within ``timeout``
    seconds, as Ray's GCS and Ray Client's server do at once: a closed port, a
    host that cannot be reached and a port that accepts but never answers are
    an ``OptionError``, before Ray retries for minutes. With TLS
    (``RAY_USE_TLS``), only the connection is checked."""
    where = host_and_port(address)
    if where is None:
        return
    deadline = time.monotonic() + timeout
    refused = f"option 'address': no Ray cluster answers at {address!r}"
    try:
        with socket.create_connection(where, timeout=timeout) as connection:
            if os.environ.get("RAY_USE_TLS", "0").lower() in ("1", "true"):
                return
            connection.sendall(HTTP2_HELLO)
            header = b""
            while len(header) < 9:
                connection.settimeout(max(deadline - time.monotonic(), 1e-3))
                received = connection.recv(9 - len(header))
                if not received:
                    raise _core.OptionError(f"{refused}: the connection was closed")
                header += received
    except TimeoutError:
        raise _core.OptionError(f"{refused} within {timeout:g} s (connect_timeout)") from None
    except OSError as error:
        raise _core.OptionError(f"{refused}: {error.strerror or error}") from None
    if header[3] != HTTP2_SETTINGS:
        raise _core.OptionError(f"{refused}: the server there does not speak gRPC")


def task_slots(ray: Any, threads: int) -> int:
    """Tasks of ``threads`` CPUs each that the cluster runs at once."""
    cpus = int(ray.cluster_resources().get("CPU", 1))
    return max(1, cpus // threads)


class Batches:
    """The batches of a run of ``matches`` matches, handed out in order by ``next``.

    With a ``batch_size``, each holds that many matches (the last one fewer).
    Without, the first ones hold ``first_size``, and each later one the matches
    that take about ``BATCH_SECONDS`` at the rate of the batches timed so far,
    but no more than an equal share of the rest between the ``slots``, so
    that no slot idles at the end while another finishes a long batch.
    """

    def __init__(self, matches: int, batch_size: int | None, first_size: int, slots: int) -> None:
        self.matches = matches
        self.batch_size = batch_size
        self.first_size = first_size
        self.slots = slots
        self.count = 0
        self.handed_out = 0
        self.timed_matches = 0
        self.timed_seconds = 0.0

    def next(self) -> Batch | None:
        """The next batch, or ``None`` once every match is in one."""
        if self.handed_out == self.matches:
            return None
        batch = Batch(self.count, self.handed_out, min(self.handed_out + self.size(), self.matches))
        self.count += 1
        self.handed_out = batch.stop
        return batch

    def size(self) -> int:
        """The size of the next batch."""
        if self.batch_size is not None:
            return self.batch_size
        if self.timed_matches == 0:
            return self.first_size
        per_second = self.timed_matches / max(self.timed_seconds, 1e-6)
        share = math.ceil((self.matches - self.handed_out) / self.slots)
        return max(1, min(round(per_second * BATCH_SECONDS), share))

    def timed(self, batch: Batch, seconds: float) -> None:
        """Notes that ``batch`` took ``seconds`` to play."""
        self.timed_matches += batch.stop - batch.start
        self.timed_seconds += seconds


def timed(play: Callable[..., T], batch: Batch, *arguments: Any) -> tuple[float, T]:
    """``play(batch, *arguments)`` in a task, and the seconds it took."""
    started = time.perf_counter()
    result = play(batch, *arguments)
    return time.perf_counter() - started, result


def run_batches(
    ray: Any,
    play: Callable[..., T],
    batches: Batches,
    arguments: tuple[Any, ...],
    *,
    threads: int,
    progress: Callable[[int, int], None] | None = None,
) -> list[T]:
    """``play(batch, *arguments)`` for every batch as a Ray task of ``threads``
    CPUs; returns the results in the batches' order.

    ``IN_FLIGHT_PER_SLOT`` tasks a slot are in flight at once. A task whose
    worker or node dies is run again by Ray (``MAX_RETRIES``); one that raises
    stops the run, and its exception is raised here. Each result is kept under
    its batch's index, once.
    ``progress(matches_done, matches)`` is called as batches finish. An
    exception here (Ctrl-C, one from ``progress`` or a task's) cancels the
    tasks still running or waiting.
    """
    task = ray.remote(timed).options(
        num_cpus=threads, max_retries=MAX_RETRIES, retry_exceptions=False
    )
    window = IN_FLIGHT_PER_SLOT * task_slots(ray, threads)
    in_flight: dict[Any, Batch] = {}
    results: dict[int, T] = {}
    done = 0
    try:
        while True:
            while len(in_flight) < window and (batch := batches.next()) is not None:
                in_flight[task.remote(play, batch, *arguments)] = batch
            if not in_flight:
                break
            ready, _ = ray.wait(list(in_flight), num_returns=len(in_flight), timeout=TICK_SECONDS)
            for ref in ready:
                batch = in_flight.pop(ref)
                if batch.index in results:
                    raise RuntimeError(f"batch {batch.index} came back twice")
                try:
                    seconds, results[batch.index] = ray.get(ref)
                except ray.exceptions.RayTaskError as error:
                    # The task's own exception (a Python bot's, an illegal action), as
                    # a local run raises it; Ray's remote traceback is its cause.
                    raise error.cause from error
                except ray.exceptions.RayError as error:
                    # Lost once more than Ray retries it: its worker or node died.
                    reason = str(error).strip().splitlines()[0] if str(error).strip() else ""
                    raise _core.CardcoreError(
                        f"batch {batch.index} (matches {batch.start} to {batch.stop - 1}) "
                        f"was lost on the cluster {MAX_RETRIES + 1} times: "
                        f"{type(error).__name__}: {reason}"
                    ) from error
                batches.timed(batch, seconds)
                done += batch.stop - batch.start
                if progress is not None:
                    progress(done, batches.matches)
    except BaseException:
        for ref in in_flight:
            ray.cancel(ref, force=True)
        if in_flight:
            # Their workers end: none writes or holds a CPU once this returns.
            ray.wait(list(in_flight), num_returns=len(in_flight), timeout=CANCEL_SECONDS)
        raise
    return [results[index] for index in range(batches.count)]


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
    connect_timeout: float | None = None,
) -> _core.SimulationSummary:
    """``cardcore.simulate(..., backend="ray")``, its arguments checked."""
    ray = connect(address, connect_timeout)
    threads = threads or 1
    slots = task_slots(ray, threads)
    batches = Batches(games, batch_size, FIRST_BATCH_SIZE["simulate"], slots)
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
        threads=threads * min(batches.count, slots),
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
    connect_timeout: float | None = None,
) -> _core.ArenaResult:
    """``cardcore.arena(..., backend="ray")``, its arguments checked. Python bots
    are pickled into every task: each batch plays with a copy of its own."""
    ray = connect(address, connect_timeout)
    threads = threads or 1
    lineup = list(lineup)
    slots = task_slots(ray, threads)
    batches = Batches(matches, batch_size, FIRST_BATCH_SIZE["arena"], slots)
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
        threads=threads * min(batches.count, slots),
        **options,
    )
