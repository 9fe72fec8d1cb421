"""The ``Store`` interface over PostgreSQL (``psycopg`` 3, ``pip install 'psycopg[binary]'``):
the same tables, the same transaction per action as ``SQLiteStore``.

One asynchronous connection, its calls taken in turn under a lock; every query
parameterised (the schema's name too, as a quoted identifier). Several server processes
share one database: each commit sends a NOTIFY on the schema's channel, and ``listen``
tells the server of the other processes' commits, so that it brings its tables up to date
and tells its own clients.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardcore.server.store import (
    SEAT_CHANGE,
    ActionRow,
    SeatRow,
    StaleSeatError,
    StaleStepError,
    Store,
    TableRow,
    seat_change,
)

if TYPE_CHECKING:
    import psycopg

__all__ = ["PostgresStore"]

_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed TEXT NOT NULL,
        level TEXT NOT NULL,
        clock DOUBLE PRECISION,
        stake BIGINT,
        status TEXT NOT NULL,
        state TEXT NOT NULL,
        step BIGINT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS seats (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        level TEXT,
        token_hash TEXT,
        invitation_hash TEXT,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS actions (
        table_id TEXT NOT NULL REFERENCES tables(id),
        step BIGINT NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        by TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, step)
    )""",
    "CREATE INDEX IF NOT EXISTS tables_status ON tables (status, created)",
]

_COLUMNS = "id, game, options, seed, level, clock, stake, status, state, step, created"

_UPSERT_SEAT = (
    "INSERT INTO seats (table_id, seat, kind, name, level, token_hash, invitation_hash)"
    " VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (table_id, seat) DO UPDATE SET"
    " kind = EXCLUDED.kind, name = EXCLUDED.name, level = EXCLUDED.level,"
    " token_hash = EXCLUDED.token_hash, invitation_hash = EXCLUDED.invitation_hash"
)

# SQLite's compare-and-set in PostgreSQL's words: its NULL-safe comparison is IS NOT DISTINCT
# FROM, and an untyped NULL parameter needs its type.
_CHANGE_SEAT = "UPDATE seats SET " + SEAT_CHANGE.replace("?", "%s").replace(
    "IS %s", "IS NOT DISTINCT FROM %s::text"
)

_COMMIT_ACTION = """
WITH moved AS (
    UPDATE tables SET state = %s, step = step + 1, status = %s
    WHERE id = %s AND step = %s RETURNING id
), logged AS (
    INSERT INTO actions (table_id, step, seat, action, by, at)
    SELECT id, %s, %s, %s, %s, %s FROM moved RETURNING table_id
)
SELECT pg_notify(%s, %s) FROM logged
"""


class PostgresStore(Store):
    """A ``Store`` in a PostgreSQL database: ``dsn`` is a connection string
    (``postgresql://user:password@host/db``), ``schema`` the schema holding the tables
    (made if missing)."""

    def __init__(self, dsn: str, schema: str = "public") -> None:
        self.dsn = dsn
        self.schema = schema
        self._db: psycopg.AsyncConnection[Any] | None = None
        self._lock = asyncio.Lock()
        self._pid = secrets.token_hex(8)  # this store's name in its notifications
        self._listener: psycopg.AsyncConnection[Any] | None = None
        self._listening: asyncio.Task[None] | None = None

    def _conn(self) -> psycopg.AsyncConnection[Any]:
        assert self._db is not None, "the store is not open"
        return self._db

    async def open(self) -> None:
        import psycopg
        from psycopg import sql

        self._db = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        async with self._lock, self._db.transaction():
            name = sql.Identifier(self.schema)
            await self._db.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(name))
            await self._db.execute(sql.SQL("SET search_path TO {}").format(name))
            for statement in _SCHEMA:
                await self._db.execute(statement)

    async def close(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listening
        if self._listener is not None:
            await self._listener.close()
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def create_table(self, table: TableRow) -> None:
        db = self._conn()
        async with self._lock, db.transaction():
            await db.execute(
                f"INSERT INTO tables ({_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s,"
                " %s, %s)",
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
                await db.execute(_UPSERT_SEAT, _seat_values(table.id, seat))

    async def table(self, table_id: str) -> TableRow | None:
        db = self._conn()
        async with self._lock:
            cursor = await db.execute(f"SELECT {_COLUMNS} FROM tables WHERE id = %s", (table_id,))
            row = await cursor.fetchone()
            return None if row is None else await self._table(row)

    async def tables(self, statuses: tuple[str, ...]) -> list[TableRow]:
        db = self._conn()
        async with self._lock:
            cursor = await db.execute(
                f"SELECT {_COLUMNS} FROM tables WHERE status = ANY(%s) ORDER BY created, id",
                (list(statuses),),
            )
            return [await self._table(row) for row in await cursor.fetchall()]

    async def update_seat(self, table_id: str, seat: SeatRow, status: str, was: SeatRow) -> None:
        db = self._conn()
        async with self._lock, db.transaction():
            cursor = await db.execute(_CHANGE_SEAT, seat_change(table_id, seat, was))
            if cursor.rowcount != 1:
                raise StaleSeatError(f"table {table_id}: seat {seat.seat} has changed")
            await db.execute("UPDATE tables SET status = %s WHERE id = %s", (status, table_id))
            await self._notify(db, table_id)

    async def commit_action(self, table_id: str, row: ActionRow, state: str, status: str) -> None:
        # One statement, so one round trip (its own transaction: the connection is in
        # autocommit mode): the state moves only from the expected step, the log row is
        # written only if it moved, and the notification goes out with the commit.
        values = (state, status, table_id, row.step, row.step, row.seat, row.action, row.by)
        notice = (self._channel(), f"{self._pid} {table_id}")
        async with self._lock:
            cursor = await self._conn().execute(_COMMIT_ACTION, (*values, row.at, *notice))
            moved = await cursor.fetchall()
        if not moved:
            raise StaleStepError(f"table {table_id}: step {row.step} is not the next")

    async def actions(self, table_id: str, since: int = 0) -> list[ActionRow]:
        db = self._conn()
        async with self._lock:
            cursor = await db.execute(
                "SELECT step, seat, action, by, at FROM actions WHERE table_id = %s"
                " AND step >= %s ORDER BY step",
                (table_id, since),
            )
            return [
                ActionRow(int(s), int(seat), str(a), str(b), float(at))
                for s, seat, a, b, at in await cursor.fetchall()
            ]

    async def _notify(self, db: psycopg.AsyncConnection[Any], table_id: str) -> None:
        """Tell the other processes (delivered when the transaction commits)."""
        await db.execute("SELECT pg_notify(%s, %s)", (self._channel(), f"{self._pid} {table_id}"))

    def _channel(self) -> str:
        return f"cardcore_{self.schema}"[:63]

    async def listen(self, changed: Callable[[str], None]) -> None:
        """PostgreSQL's LISTEN on a connection of its own: every commit of another process
        on this schema calls ``changed`` with its table."""
        import psycopg
        from psycopg import sql

        self._listener = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        await self._listener.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self._channel())))
        listener = self._listener

        async def receive() -> None:
            async for notice in listener.notifies():
                pid, _, table_id = notice.payload.partition(" ")
                if pid != self._pid:
                    changed(table_id)

        self._listening = asyncio.create_task(receive())

    async def _table(self, row: tuple[Any, ...]) -> TableRow:
        table_id, game, options, seed, level, clock, stake, status, state, step, created = row
        cursor = await self._conn().execute(
            "SELECT seat, kind, name, level, token_hash, invitation_hash FROM seats"
            " WHERE table_id = %s ORDER BY seat",
            (table_id,),
        )
        seats = [
            SeatRow(int(seat), kind, name, lvl, token, invitation)
            for seat, kind, name, lvl, token, invitation in await cursor.fetchall()
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


def _seat_values(table_id: str, seat: SeatRow) -> tuple[Any, ...]:
    return (
        table_id,
        seat.seat,
        seat.kind,
        seat.name,
        seat.level,
        seat.token_hash,
        seat.invitation_hash,
    )
