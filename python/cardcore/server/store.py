"""Where the server keeps its tables: one small interface, ``Store``, and its SQLite
implementation, ``SQLiteStore`` (the default, one file).

A store holds three things: the tables (the game, its options, the seed the server chose,
the current state as the engine's ``to_json()``), their seats (who sits where; a seat's
token only as a hash) and each table's action log (one row per action, numbered from 0).
``commit_action`` writes the new state and the log row in one transaction: the server
tells nobody of an action before it returns, so what any client saw is on disk.

Every method is a coroutine: an implementation over a network database (PostgreSQL) is a
second class of the same interface. ``SQLiteStore`` runs the blocking ``sqlite3`` calls on
one worker thread of its own (one connection, used by that thread only), so the event loop
never waits on the disk. Every query is parameterised.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import sqlite3
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

__all__ = [
    "ActionRow",
    "SQLiteStore",
    "SeatKind",
    "SeatRow",
    "StaleSeatError",
    "StaleStepError",
    "Store",
    "TableRow",
]

SeatKind = Literal["open", "invited", "bot", "human"]
"""A seat: open to anyone, reserved by an invitation, played by a native bot, or taken by a
person (who holds its token)."""

T = TypeVar("T")


class StaleStepError(Exception):
    """``commit_action`` was given a step that is not the table's next one: another
    process (or a bug) wrote that step first. Nothing was written."""


class StaleSeatError(Exception):
    """``update_seat`` found the seat no longer as the caller read it: another process
    seated someone there, or freed it, first. Nothing was written."""


@dataclass
class SeatRow:
    """One seat of a table, as stored. ``token_hash`` and ``invitation_hash`` are SHA-256
    hex digests: the secrets themselves are never stored."""

    seat: int
    kind: SeatKind
    name: str = ""
    level: str | None = None
    token_hash: str | None = None
    invitation_hash: str | None = None


@dataclass
class TableRow:
    """One table, as stored. ``seed`` is the match's (0 to 2^64 - 1), kept as text in the
    database; ``step`` is the number of actions applied; ``status`` is ``"open"`` while a
    seat is open or invited, ``"playing"`` once every seat is taken, ``"over"`` at the end."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    level: str
    clock: float | None
    stake: int | None
    status: str
    state: str
    step: int
    created: float
    seats: list[SeatRow] = field(default_factory=list)


@dataclass
class ActionRow:
    """One action of a table's log: its step (from 0), the seat that acted, the action's
    text, who chose it (``"human"``, ``"bot"``, or ``"clock"`` for a bot playing for a seat
    whose time ran out) and when (seconds since the epoch)."""

    step: int
    seat: int
    action: str
    by: str
    at: float


class Store(ABC):
    """The server's storage. Implementations: ``SQLiteStore``; a PostgreSQL one would be a
    second subclass with the same methods and the same transaction per action."""

    @abstractmethod
    async def open(self) -> None:
        """Connect and create the schema if it is missing."""

    @abstractmethod
    async def close(self) -> None:
        """Release the connection; the store is not used after."""

    @abstractmethod
    async def create_table(self, table: TableRow) -> None:
        """Store a new table and its seats (``table.seats``)."""

    @abstractmethod
    async def table(self, table_id: str) -> TableRow | None:
        """The table with its seats, or ``None``."""

    @abstractmethod
    async def tables(self, statuses: tuple[str, ...]) -> list[TableRow]:
        """The tables whose status is one of ``statuses``, oldest first, with their seats."""

    @abstractmethod
    async def update_seat(self, table_id: str, seat: SeatRow, status: str, was: SeatRow) -> None:
        """Replace one seat of a table and set the table's status, in one transaction, if the
        seat is still ``was`` (its kind and secrets); else ``StaleSeatError`` and nothing is
        written, so two processes cannot both seat someone at one open seat."""

    @abstractmethod
    async def commit_action(self, table_id: str, row: ActionRow, state: str, status: str) -> None:
        """Append ``row`` to the table's log and make ``state`` its state, in one
        transaction. ``row.step`` must be the table's number of actions so far, or
        ``StaleStepError`` is raised and nothing is written."""

    @abstractmethod
    async def actions(self, table_id: str, since: int = 0) -> list[ActionRow]:
        """The table's log from step ``since`` on, oldest first."""

    async def listen(self, changed: Callable[[str], None]) -> None:
        """Call ``changed(table_id)`` whenever another process commits an action or a seat
        of that table (a store that one process alone uses, as SQLite's, never does)."""
        return None


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    level TEXT NOT NULL,
    clock REAL,
    stake INTEGER,
    status TEXT NOT NULL,
    state TEXT NOT NULL,
    step INTEGER NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    level TEXT,
    token_hash TEXT,
    invitation_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    step INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    by TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, step)
);
CREATE INDEX IF NOT EXISTS tables_status ON tables (status, created);
"""


class SQLiteStore(Store):
    """A ``Store`` in one SQLite file (stdlib ``sqlite3``): WAL journal, ``synchronous=FULL``
    (each commit is on disk when ``commit_action`` returns, power loss included), one
    connection used by one worker thread; the actions that arrive together are committed
    together (a group commit, one ``fsync``)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardcore-sqlite")
        self._db: sqlite3.Connection | None = None
        self._pending: list[_Commit] = []
        self._flusher: asyncio.Task[None] | None = None

    async def _run(self, call: Callable[[sqlite3.Connection], T]) -> T:
        def work() -> T:
            assert self._db is not None, "the store is not open"
            return call(self._db)

        return await asyncio.get_running_loop().run_in_executor(self._executor, work)

    async def open(self) -> None:
        def connect() -> None:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            db.executescript(_SCHEMA)
            self._db = db

        await asyncio.get_running_loop().run_in_executor(self._executor, connect)

    async def close(self) -> None:
        def shut(db: sqlite3.Connection) -> None:
            db.close()

        if self._flusher is not None:
            await self._flusher  # the actions given before: on disk, or their error
        if self._db is not None:
            await self._run(shut)
            self._db = None
        self._executor.shutdown(wait=True)

    async def create_table(self, table: TableRow) -> None:
        def write(db: sqlite3.Connection) -> None:
            with _transaction(db):
                db.execute(
                    "INSERT INTO tables (id, game, options, seed, level, clock, stake, status,"
                    " state, step, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        table.id,
                        table.game,
                        json.dumps(table.options),
                        str(table.seed),
                        table.level,
                        table.clock,
                        table.stake,
                        table.status,
                        table.state,
                        table.step,
                        table.created,
                    ),
                )
                for seat in table.seats:
                    _write_seat(db, table.id, seat)

        await self._run(write)

    async def table(self, table_id: str) -> TableRow | None:
        def read(db: sqlite3.Connection) -> TableRow | None:
            row = db.execute(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
            found = row.fetchone()
            return None if found is None else _table(db, found)

        return await self._run(read)

    async def tables(self, statuses: tuple[str, ...]) -> list[TableRow]:
        def read(db: sqlite3.Connection) -> list[TableRow]:
            marks = ", ".join("?" for _ in statuses)
            rows = db.execute(
                f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status IN ({marks})"
                " ORDER BY created, id",
                statuses,
            ).fetchall()
            return [_table(db, row) for row in rows]

        return await self._run(read)

    async def update_seat(self, table_id: str, seat: SeatRow, status: str, was: SeatRow) -> None:
        def write(db: sqlite3.Connection) -> None:
            with _transaction(db):
                changed = db.execute(
                    f"UPDATE seats SET {SEAT_CHANGE}",
                    (*seat_change(table_id, seat, was),),
                ).rowcount
                if changed != 1:
                    raise StaleSeatError(f"table {table_id}: seat {seat.seat} has changed")
                db.execute("UPDATE tables SET status = ? WHERE id = ?", (status, table_id))

        await self._run(write)

    async def commit_action(self, table_id: str, row: ActionRow, state: str, status: str) -> None:
        done = asyncio.get_running_loop().create_future()
        self._pending.append(_Commit(table_id, row, state, status, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        """Group commit: the actions of every table that arrive while a transaction is being
        written go together in the next one, one ``fsync`` for them all (the disk's
        ``fsync`` is most of an action's cost, and tables play at once). Each action stays
        its own savepoint: one whose step is stale is refused alone. A caller is answered
        once its transaction is on disk."""
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                refused = await self._run(functools.partial(_write_commits, batch=batch))
            except Exception as exc:  # the transaction was rolled back: none is written
                for commit in batch:
                    if not commit.done.done():
                        commit.done.set_exception(exc)
                continue
            except BaseException:  # cancelled (the server stops): its callers are too
                for commit in batch + self._pending:
                    commit.done.cancel()
                raise
            for index, commit in enumerate(batch):
                if commit.done.done():  # its caller was cancelled
                    continue
                if index in refused:
                    commit.done.set_exception(refused[index])
                else:
                    commit.done.set_result(None)

    async def actions(self, table_id: str, since: int = 0) -> list[ActionRow]:
        def read(db: sqlite3.Connection) -> list[ActionRow]:
            rows = db.execute(
                "SELECT step, seat, action, by, at FROM actions WHERE table_id = ? AND step >= ?"
                " ORDER BY step",
                (table_id, since),
            ).fetchall()
            return [
                ActionRow(int(s), int(seat), str(a), str(b), float(at))
                for s, seat, a, b, at in rows
            ]

        return await self._run(read)


@dataclass
class _Commit:
    """An action waiting for ``SQLiteStore``'s next group commit."""

    table_id: str
    row: ActionRow
    state: str
    status: str
    done: asyncio.Future[None]


def _write_commits(db: sqlite3.Connection, batch: list[_Commit]) -> dict[int, StaleStepError]:
    """Writes a group commit's actions in one transaction, each in a savepoint: those whose
    step is not the table's next are rolled back alone and returned by index."""
    refused: dict[int, StaleStepError] = {}
    with _transaction(db):
        for index, commit in enumerate(batch):
            row = commit.row
            db.execute("SAVEPOINT action")
            changed = db.execute(
                "UPDATE tables SET state = ?, step = step + 1, status = ?"
                " WHERE id = ? AND step = ?",
                (commit.state, commit.status, commit.table_id, row.step),
            ).rowcount
            if changed != 1:
                db.execute("ROLLBACK TO action")
                refused[index] = StaleStepError(
                    f"table {commit.table_id}: step {row.step} is not the next"
                )
            else:
                db.execute(
                    "INSERT INTO actions (table_id, step, seat, action, by, at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (commit.table_id, row.step, row.seat, row.action, row.by, row.at),
                )
            db.execute("RELEASE action")
    return refused


_TABLE_COLUMNS = "id, game, options, seed, level, clock, stake, status, state, step, created"


@contextlib.contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` on an exception (the connection is
    in autocommit mode, so each transaction is explicit)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


SEAT_CHANGE = (
    "kind = ?, name = ?, level = ?, token_hash = ?, invitation_hash = ?"
    " WHERE table_id = ? AND seat = ? AND kind = ? AND token_hash IS ? AND invitation_hash IS ?"
)
"""``update_seat``'s compare-and-set, after ``UPDATE seats SET`` (SQLite's placeholders)."""


def seat_change(table_id: str, seat: SeatRow, was: SeatRow) -> tuple[object, ...]:
    """The parameters of ``SEAT_CHANGE``, in its order."""
    return (
        seat.kind,
        seat.name,
        seat.level,
        seat.token_hash,
        seat.invitation_hash,
        table_id,
        seat.seat,
        was.kind,
        was.token_hash,
        was.invitation_hash,
    )


def _write_seat(db: sqlite3.Connection, table_id: str, seat: SeatRow) -> None:
    db.execute(
        "INSERT OR REPLACE INTO seats (table_id, seat, kind, name, level, token_hash,"
        " invitation_hash) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            table_id,
            seat.seat,
            seat.kind,
            seat.name,
            seat.level,
            seat.token_hash,
            seat.invitation_hash,
        ),
    )


def _table(db: sqlite3.Connection, row: tuple[Any, ...]) -> TableRow:
    table_id, game, options, seed, level, clock, stake, status, state, step, created = row
    seats = [
        SeatRow(int(seat), kind, name, lvl, token, invitation)
        for seat, kind, name, lvl, token, invitation in db.execute(
            "SELECT seat, kind, name, level, token_hash, invitation_hash FROM seats"
            " WHERE table_id = ? ORDER BY seat",
            (table_id,),
        ).fetchall()
    ]
    return TableRow(
        id=table_id,
        game=game,
        options=json.loads(options),
        seed=int(seed),
        level=level,
        clock=clock,
        stake=stake,
        status=status,
        state=state,
        step=int(step),
        created=float(created),
        seats=seats,
    )


def now() -> float:
    """Seconds since the epoch: the time stamps of tables and actions."""
    return time.time()
