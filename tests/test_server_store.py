"""The server's storage, through the ``Store`` interface: every implementation is held to
the same tests, SQLite and PostgreSQL (against the server named by the environment's
``CARDCORE_TEST_POSTGRES``, a connection string, which .ci/run sets; each test in a schema
of its own, dropped after). A table and its seats
read back as written; ``commit_action`` appends the log row and the state together, and a
step that is not the next one writes nothing, nor does a seat change from a seat that has
changed since it was read (two joins at one open seat); a reopened store has everything
committed."""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("uvicorn", reason="the server extra is not installed")
pytest.importorskip("websockets", reason="the server extra is not installed")

from cardcore.server.store import (
    ActionRow,
    SeatRow,
    SQLiteStore,
    StaleSeatError,
    StaleStepError,
    Store,
    TableRow,
)

POSTGRES = os.environ.get("CARDCORE_TEST_POSTGRES")


@pytest.fixture(params=["sqlite", "postgres"])
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Store]]:
    """A function making stores on one database: an SQLite file, or a fresh PostgreSQL
    schema."""
    if request.param == "sqlite":
        yield lambda: SQLiteStore(tmp_path / "t.db")
        return
    if not POSTGRES:
        pytest.skip("no PostgreSQL: set CARDCORE_TEST_POSTGRES to a connection string")
    psycopg = pytest.importorskip("psycopg")
    from cardcore.server.store_postgres import PostgresStore

    schema = f"test_{secrets.token_hex(6)}"
    yield lambda: PostgresStore(POSTGRES, schema=schema)
    with psycopg.connect(POSTGRES, autocommit=True) as db:
        db.execute(psycopg.sql.SQL("DROP SCHEMA {} CASCADE").format(psycopg.sql.Identifier(schema)))


def table_row(table_id: str, created: float) -> TableRow:
    return TableRow(
        id=table_id,
        game="brouc",
        options={"single_deal": True},
        seed=(1 << 64) - 1,  # the largest seed: more than a signed 64-bit column holds
        level="easy",
        clock=2.5,
        stake=None,
        status="open",
        state='{"state": 0}',
        step=0,
        created=created,
        seats=[
            SeatRow(0, "open"),
            SeatRow(1, "invited", "Zoe", invitation_hash="ab" * 32),
            SeatRow(2, "bot", "bot", level="hard"),
            SeatRow(3, "open"),
        ],
    )


async def exercise(make: Callable[[], Store]) -> None:
    store = make()
    await store.open()
    first, second = table_row("t1", 1.0), table_row("t2", 2.0)
    await store.create_table(first)
    await store.create_table(second)
    assert await store.table("t1") == first
    assert await store.table("nope") is None
    assert [t.id for t in await store.tables(("open",))] == ["t1", "t2"]

    taken = SeatRow(0, "human", "Ann", token_hash="cd" * 32)
    await store.update_seat("t1", taken, "playing", was=first.seats[0])
    # A second join that read the seat open too (another process, the same instant): refused,
    # nothing written; so is a write from a seat read with another token.
    late = SeatRow(0, "human", "Bob", token_hash="ef" * 32)
    with pytest.raises(StaleSeatError):
        await store.update_seat("t1", late, "open", was=first.seats[0])
    with pytest.raises(StaleSeatError):
        await store.update_seat("t1", SeatRow(0, "open"), "open", was=late)
    # The invited seat, read with its invitation, is taken.
    invited = SeatRow(1, "human", "Zoe", token_hash="01" * 32)
    await store.update_seat("t1", invited, "playing", was=first.seats[1])
    read = await store.table("t1")
    assert read is not None
    assert (read.status, read.seats[0], read.seats[1]) == ("playing", taken, invited)
    assert [t.id for t in await store.tables(("playing",))] == ["t1"]

    await store.commit_action("t1", ActionRow(0, 0, "QH", "human", 5.0), '{"state": 1}', "playing")
    await store.commit_action("t1", ActionRow(1, 1, "KH", "bot", 6.0), '{"state": 2}', "over")
    # A step already written, or one ahead: refused, nothing written.
    for step in (1, 3):
        with pytest.raises(StaleStepError):
            await store.commit_action(
                "t1", ActionRow(step, 2, "AH", "bot", 7.0), '{"state": 9}', "playing"
            )
    read = await store.table("t1")
    assert read is not None
    assert (read.state, read.step, read.status) == ('{"state": 2}', 2, "over")
    assert await store.actions("t1") == [
        ActionRow(0, 0, "QH", "human", 5.0),
        ActionRow(1, 1, "KH", "bot", 6.0),
    ]
    assert await store.actions("t2") == []

    # Actions of several tables at once (a group commit in SQLite's store): each written,
    # or refused alone when its step is stale.
    for number in range(3, 7):
        await store.create_table(table_row(f"t{number}", float(number)))
    outcomes = await asyncio.gather(
        *(
            store.commit_action(
                f"t{number}", ActionRow(0, 0, "QH", "human", 8.0), f'{{"t": {number}}}', "playing"
            )
            for number in range(3, 7)
        ),
        store.commit_action("t1", ActionRow(0, 0, "AH", "bot", 8.0), '{"state": 9}', "playing"),
        return_exceptions=True,
    )
    assert outcomes[:4] == [None] * 4
    assert isinstance(outcomes[4], StaleStepError)
    for number in range(3, 7):
        read = await store.table(f"t{number}")
        assert read is not None
        assert (read.state, read.step) == (f'{{"t": {number}}}', 1)
        assert await store.actions(f"t{number}") == [ActionRow(0, 0, "QH", "human", 8.0)]
    assert len(await store.actions("t1")) == 2
    await store.close()

    again = make()
    await again.open()
    reopened = await again.table("t1")
    assert reopened is not None
    assert (reopened.step, reopened.seed, len(await again.actions("t1"))) == (2, (1 << 64) - 1, 2)
    await again.close()


def test_a_store_keeps_tables_seats_and_actions(make_store: Callable[[], Store]) -> None:
    asyncio.run(exercise(make_store))
