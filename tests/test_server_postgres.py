"""Two ``cardcore serve`` processes on one PostgreSQL database serve the same tables: a
table created through one is joined through the other, a person plays through one while a
spectator watches through the other, and every action reaches both (PostgreSQL's
LISTEN/NOTIFY). Runs where ``CARDCORE_TEST_POSTGRES`` names a server (.ci/run sets it)."""

from __future__ import annotations

import asyncio
import os
import random
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("uvicorn", reason="the server extra is not installed")
pytest.importorskip("websockets", reason="the server extra is not installed")
psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed")

POSTGRES = os.environ.get("CARDCORE_TEST_POSTGRES")
if not POSTGRES:
    pytest.skip("no PostgreSQL: set CARDCORE_TEST_POSTGRES", allow_module_level=True)

from server_helpers import Client, Server, get, post  # noqa: E402


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    assert POSTGRES is not None
    schema = f"test_{secrets.token_hex(6)}"
    flags = ("--db", POSTGRES, "--schema", schema)
    first = Server(tmp_path / "first.db", flags=flags).start()
    second = Server(tmp_path / "second.db", flags=flags).start()
    try:
        yield first, second
    finally:
        first.stop()
        second.stop()
        with psycopg.connect(POSTGRES, autocommit=True) as db:
            drop = psycopg.sql.SQL("DROP SCHEMA {} CASCADE")
            db.execute(drop.format(psycopg.sql.Identifier(schema)))


async def across(first: Server, second: Server) -> None:
    seats: list[Any] = ["open"] + [{"kind": "bot", "level": "easy"}] * 3
    body = {"game": "brouc", "options": {"single_deal": True}, "seats": seats}
    tid = post(first, "/api/tables", body)["table"]
    assert tid in [t["table"] for t in get(second, "/api/tables")["tables"]]
    spectator = await Client.open(first, tid)
    token = post(second, f"/api/tables/{tid}/join", {"name": "Ann"})["token"]
    person = await Client.open(second, tid, token)
    rng = random.Random(3)
    while True:
        message = await person.receive(timeout=30)
        if message["type"] != "state":
            continue
        if message["over"]:
            break
        if message["legal_actions"]:
            action = rng.choice(message["legal_actions"])
            await person.send(
                {"type": "action", "token": token, "action": action, "step": message["step"]}
            )
    while not (await spectator.receive(timeout=30)).get("over"):
        pass
    await person.close()
    await spectator.close()
    log = get(first, f"/api/tables/{tid}/replay")
    assert log == get(second, f"/api/tables/{tid}/replay")
    steps = len(log["actions"])
    # The spectator on the first server was told of every action, the person's (made
    # through the second) included, each once and in order.
    told = [m for m in spectator.messages if m["type"] == "event"]
    assert [m["step"] for m in told] == list(range(steps))
    assert [m["action"] for m in told] == [a["action"] for a in log["actions"]]
    assert {m["by"] for m in told} == {"human", "bot"}
    assert spectator.messages[-1]["type"] == "view"
    seats_seen = [m for m in spectator.messages if m["type"] == "seats"]
    assert seats_seen[-1]["seats"][0]["name"] == "Ann"


def test_two_servers_share_one_postgresql(servers: tuple[Server, Server]) -> None:
    asyncio.run(across(*servers))
