"""Self-play data for learning agents, written as Parquet files a training job streams.

``write`` plays matches between native bots at every seat and keeps each
decision as a row: the deciding seat's observation tensor and legal-action mask
(what ``VectorEnv`` shows an agent), the action the bot took and its reward
(+1, -1 or 0 on the seat's last decision of a match, 0 before). The matches are
played in batches, one Parquet file each, here or on a Ray cluster
(``backend="ray"``); ``manifest.json`` lists the files once they are all
written, and ``read`` streams them back in order. Match ``i`` depends only on
the seed and ``i``: the files hold the same rows whatever the backend, the
threads and the cluster (docs/distributed.md, "Self-play data").

Needs pyarrow (``pip install 'cardcore[ray]'`` installs it, with Ray).
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from cardcore import _core, _public, _ray
from cardcore._shown import shown

#: The manifest's format, which a reader checks.
FORMAT = "cardcore-selfplay/1"
#: The manifest's file name, beside the batches'.
MANIFEST = "manifest.json"
#: How the name of a file being written ends, until it is renamed whole.
PARTIAL = ".partial"
#: The rows a file holds about, when the caller gives no batch size: some 26 MB
#: of Brouc's rows in memory, 108 MB of French Tarot's (the largest tensor).
ROWS_PER_FILE = 16_384
#: The matches played first to count a match's rows, when the caller gives no batch size.
PROBE_MATCHES = 8

__all__ = ["FORMAT", "MANIFEST", "PROBE_MATCHES", "ROWS_PER_FILE", "read", "read_manifest", "write"]


def _arrow() -> tuple[Any, Any, Any]:
    """pyarrow, its ``parquet`` and its ``fs`` modules, or an ImportError that says
    how (numpy too: the rows are numpy arrays before they are Arrow tables)."""
    try:
        importlib.import_module("numpy")
        return (
            importlib.import_module("pyarrow"),
            importlib.import_module("pyarrow.parquet"),
            importlib.import_module("pyarrow.fs"),
        )
    except ImportError as error:
        raise ImportError(
            "cardcore.selfplay writes Parquet with pyarrow and numpy: pip install 'cardcore[ray]'"
        ) from error


def _filesystem(directory: str) -> tuple[Any, str]:
    """The filesystem of ``directory`` (a local path, or a URI such as ``s3://...``
    that every node reaches) and its path there."""
    fs = _arrow()[2]
    if "://" not in directory:
        directory = os.path.abspath(directory)
        return fs.LocalFileSystem(), directory
    return fs.FileSystem.from_uri(directory)  # type: ignore[no-any-return]


def _table(columns: dict[str, Any]) -> Any:
    """The Arrow table of a batch's columns (numpy arrays, the 2-D ones as
    fixed-size lists a row)."""
    pa = _arrow()[0]
    fields = {}
    for name, values in columns.items():
        if values.ndim == 2:
            flat = pa.array(values.reshape(-1))
            fields[name] = pa.FixedSizeListArray.from_arrays(flat, values.shape[1])
        else:
            fields[name] = pa.array(values)
    return pa.table(fields)


def write_batch(
    batch: _ray.Batch,
    game: str,
    bots: Sequence[str],
    seed: int,
    threads: int,
    options: dict[str, Any],
    directory: str,
) -> dict[str, Any]:
    """Plays one batch and writes its file (under a temporary name first, so a
    file is whole or absent, and a batch played again writes the same bytes);
    returns its manifest entry."""
    pq = _arrow()[1]
    columns = _core._selfplay_part(
        game, list(bots), seed=seed, start=batch.start, stop=batch.stop, threads=threads, **options
    )
    table = _table(columns)
    fs, path = _filesystem(directory)
    name = f"batch-{batch.index:06d}.parquet"
    partial = f"{path}/.{name}.{uuid.uuid4().hex}{PARTIAL}"
    try:
        pq.write_table(table, partial, filesystem=fs)
        fs.move(partial, f"{path}/{name}")
    except BaseException:
        _remove(fs, partial)
        raise
    return {
        "index": batch.index,
        "file": name,
        "start": batch.start,
        "stop": batch.stop,
        "rows": table.num_rows,
    }


def write(
    game: str,
    directory: str,
    *,
    matches: int,
    seed: int,
    bots: Sequence[str] = ("medium",),
    batch_size: int | None = None,
    threads: int | None = None,
    backend: str = "local",
    address: str | None = None,
    connect_timeout: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """Plays ``matches`` matches of ``game`` between ``bots`` and writes their
    decisions to ``directory``, one Parquet file per ``batch_size`` matches, then
    ``manifest.json``; returns the manifest. Without a ``batch_size``, the first
    ``PROBE_MATCHES`` matches are played first to count their rows, and a
    batch holds the matches of about ``ROWS_PER_FILE`` rows.

    ``bots`` is a line-up as the arena's first rotation plays it: ``"random"``
    or level names, ``bots[s % len(bots)]`` at seat ``s`` (one for all the
    seats by default; two at Brouc and 500 are the two teams). ``directory`` is
    a local path or a URI pyarrow reaches (``s3://...``); on a cluster every
    node must reach it. ``backend="local"`` plays the batches one after the
    other on ``threads`` threads (default: the machine's cores);
    ``backend="ray"`` as Ray tasks of ``threads`` CPUs (default 1), on the
    cluster at ``address`` or a local Ray; a cluster that does not answer within
    ``connect_timeout`` seconds (default 10) is an ``OptionError``.
    ``progress(matches_done, matches)`` is called after each batch.
    ``directory`` must be new or empty: a run never writes over another's files
    (``OptionError``). A run interrupted or failed leaves no half-written file
    and no manifest. Each row holds ``match``, ``seat``,
    ``turn`` (the match's decision number), ``observation`` (float32,
    ``observation_size`` a row), ``mask`` (bool, ``action_count`` a row),
    ``action``, ``reward`` (float32) and ``end`` (the seat's last decision).
    """
    _check_arguments(directory, matches, batch_size, backend, address, progress)
    if backend == "ray" and connect_timeout is not None:
        _ray.check_timeout(connect_timeout)
    elif connect_timeout is not None:
        raise _core.OptionError("option 'connect_timeout': is for backend=\"ray\" only")
    _arrow()
    # A first batch checks the game, the line-up, the seed, the threads and the
    # options before anything is written, and counts a match's rows.
    probe = _core._selfplay_part(
        game,
        bots,
        seed=seed,
        start=0,
        stop=0 if batch_size is not None else min(matches, PROBE_MATCHES),
        threads=threads,
        **options,
    )
    bots = list(bots)
    if batch_size is None:
        probed = min(matches, PROBE_MATCHES)
        batch_size = max(1, ROWS_PER_FILE * probed // max(1, len(probe["action"])))
    fs, path = _filesystem(directory)
    _refuse_files(fs, path, directory)
    if backend == "ray":
        ray = _ray.connect(address, connect_timeout)
    fs.create_dir(path, recursive=True)
    try:
        if backend == "ray":
            threads = threads or 1
            batches = _ray.Batches(matches, batch_size, batch_size, _ray.task_slots(ray, threads))
            arguments = (game, bots, seed, threads, options, directory)
            entries = _ray.run_batches(
                ray, write_batch, batches, arguments, threads=threads, progress=progress
            )
        else:
            threads = threads or os.cpu_count() or 1
            batches = _ray.Batches(matches, batch_size, batch_size, 1)
            entries = []
            while (batch := batches.next()) is not None:
                entries.append(write_batch(batch, game, bots, seed, threads, options, directory))
                if progress is not None:
                    progress(batch.stop, matches)
    except BaseException:
        # Interrupted or failed: no file half written stays (tasks cancelled on Ray
        # may have left theirs); the batches written stay, without a manifest.
        _remove_partials(fs, path)
        raise
    manifest = {
        "format": FORMAT,
        "game": _core.new_game(game, seed=seed, **options).name,
        "options": options,
        "seed": seed,
        "bots": bots,
        "matches": matches,
        "batch_size": batch_size,
        "observation_size": probe["observation"].shape[1],
        "action_count": probe["mask"].shape[1],
        "rows": sum(entry["rows"] for entry in entries),
        "batches": entries,
    }
    partial = f"{path}/.{MANIFEST}.{uuid.uuid4().hex}{PARTIAL}"
    try:
        with fs.open_output_stream(partial) as out:
            out.write(json.dumps(manifest, indent=1).encode())
        fs.move(partial, f"{path}/{MANIFEST}")
    except BaseException:
        _remove(fs, partial)
        raise
    return manifest


def _refuse_files(fs: Any, path: str, directory: str) -> None:
    """Refuses a ``directory`` that exists and is not an empty directory: a run
    never writes over another's files, so a manifest always describes its own."""
    pafs = _arrow()[2]
    info = fs.get_file_info(path)
    if info.type == pafs.FileType.NotFound:
        return
    if info.type != pafs.FileType.Directory:
        raise _core.OptionError(f"option 'directory': {directory!r} is a file, not a directory")
    entries = fs.get_file_info(pafs.FileSelector(path))
    if entries:
        names = sorted(entry.base_name for entry in entries)
        if MANIFEST in names:
            shown = f"it holds a run: {MANIFEST} and {len(names) - 1} other files"
        else:
            shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
        raise _core.OptionError(
            f"option 'directory': {directory!r} is not empty ({shown}): "
            "a run is written into a new or empty directory"
        )


def _remove(fs: Any, path: str) -> None:
    """Deletes the file ``path`` if it is there."""
    with contextlib.suppress(OSError):  # FileNotFoundError included
        fs.delete_file(path)


def _remove_partials(fs: Any, path: str) -> None:
    """Deletes the files still being written in directory ``path``."""
    pafs = _arrow()[2]
    try:
        entries = fs.get_file_info(pafs.FileSelector(path, allow_not_found=True))
    except OSError:
        return
    for entry in entries:
        if entry.base_name.endswith(PARTIAL):
            _remove(fs, entry.path)


def _check_arguments(
    directory: object,
    matches: object,
    batch_size: object,
    backend: object,
    address: object,
    progress: object,
) -> None:
    """Refuses, before any play, the arguments of ``write`` that the engine does not check."""
    for name, value, kind in (
        ("directory", directory, str),
        ("backend", backend, str),
        ("address", address, (str, type(None))),
    ):
        if not isinstance(value, kind):
            raise _core.OptionTypeError(f"option '{name}': expected a str, got {shown(value)}")
    for name, value in (("matches", matches), ("batch_size", batch_size)):
        if value is None and name == "batch_size":
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise _core.OptionTypeError(f"option '{name}': expected an int, got {shown(value)}")
        if value < 1:
            raise _core.OptionError(f"option '{name}': expected 1 or more, got {value}")
    if backend not in ("local", "ray"):
        raise _core.OptionError(
            f'option \'backend\': expected "local" or "ray", got {shown(backend)}'
        )
    if backend == "local" and address is not None:
        raise _core.OptionError("option 'address': is for backend=\"ray\" only")
    if progress is not None and not callable(progress):
        raise _core.OptionTypeError(
            f"option 'progress': expected a callable, got {shown(progress)}"
        )


def read_manifest(directory: str) -> dict[str, Any]:
    """The manifest ``write`` left in ``directory``."""
    fs, path = _filesystem(directory)
    with fs.open_input_stream(f"{path}/{MANIFEST}") as stream:
        manifest: dict[str, Any] = json.loads(stream.read())
    if manifest.get("format") != FORMAT:
        raise _core.JsonError(f"{directory}: not a {FORMAT} manifest")
    return manifest


def read(directory: str) -> Iterator[Any]:
    """The batches of ``directory`` as pyarrow tables, in the manifest's order,
    one file read at a time."""
    pq = _arrow()[1]
    fs, path = _filesystem(directory)
    for entry in read_manifest(directory)["batches"]:
        yield pq.read_table(f"{path}/{entry['file']}", filesystem=fs)


__dir__ = _public.listing(__all__, globals())
