"""Two ``cardcore serve`` processes on one PostgreSQL database serve the same tables: a
table created through one is joined through the other, a person plays through one while a
spectator watches through the other, and every action reaches both (PostgreSQL's
LISTEN/NOTIFY); a seat given up through one is open on the other, and joins of one seat
through both seat one person. Runs where ``CARDCORE_TEST_POSTGRES`` names a server
(.ci/run sets it)."""

from __future__ import annotations

import asyncio
import os
import random
import secrets
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
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

from server_helpers import Client, Server, get, post, request  # noqa: E402


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


async def leave_across(first: Server, second: Server) -> None:
    seats: list[Any] = ["open", "open"] + [{"kind": "bot", "level": "easy"}] * 2
    tid = post(first, "/api/tables", {"game": "brouc", "seats": seats})["table"]
    token = post(first, f"/api/tables/{tid}/join", {"seat": 0, "name": "Ann"})["token"]
    person = await Client.open(first, tid, token)
    await person.until("seats")
    # Ann gives her seat back through the other server: the first learns it.
    assert post(second, f"/api/tables/{tid}/leave", {"token": token})["left"]
    while (await person.until("seats"))["seats"][0]["kind"] != "open":
        pass
    # Her token no longer acts, nor leaves, through either server.
    await person.send({"type": "join", "token": token})
    assert (await person.until("error"))["code"] == "bad_token"
    for server in (first, second):
        status, answer = request(server, "POST", f"/api/tables/{tid}/leave", {"token": token})
        assert (status, answer["code"]) == (403, "bad_token")
    await person.close()


def test_a_seat_left_through_one_server_is_open_on_the_other(
    servers: tuple[Server, Server],
) -> None:
    asyncio.run(leave_across(*servers))


def test_two_servers_seat_one_person_at_one_open_seat(servers: tuple[Server, Server]) -> None:
    """Joins of one open seat sent at once through both servers: one is seated, every
    other is told the seat is taken (the seat is written only if still open)."""
    seats: list[Any] = ["open"] + [{"kind": "bot", "level": "easy"}] * 3
    tid = post(servers[0], "/api/tables", {"game": "brouc", "seats": seats})["table"]
    get(servers[1], f"/api/tables/{tid}")  # both processes hold the table

    def join(index: int) -> tuple[int, Any]:
        body = {"seat": 0, "name": f"P{index}"}
        return request(servers[index % 2], "POST", f"/api/tables/{tid}/join", body)

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(join, range(8)))
    seated = [answer for status, answer in answers if status == 200]
    assert len(seated) == 1, answers
    assert all(answer["code"] == "seat_taken" for status, answer in answers if status != 200)
    name = get(servers[0], f"/api/tables/{tid}")["seats"][0]["name"]
    assert name == get(servers[1], f"/api/tables/{tid}")["seats"][0]["name"]
    assert post(servers[0], f"/api/tables/{tid}/leave", seated[0])["left"]
