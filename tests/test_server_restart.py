"""What the server keeps and what its clock does: SIGKILL mid-match and a restart on the
same database lose nothing any client was told, the clients resume with their tokens and
the bots go on; when a seat's time runs out, a bot of the table's level plays its turn,
a Jolly turn of lays and take-backs included."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path
from typing import Any, cast

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("uvicorn", reason="the server extra is not installed")
pytest.importorskip("websockets", reason="the server extra is not installed")

from websockets.exceptions import ConnectionClosed

import cardcore
from cardcore import Game
from server_helpers import Client, Server, get, post, running


def replayed(log: dict[str, Any]) -> list[Game]:
    game = cast(Game, cardcore.new_game(log["game"], seed=int(log["seed"]), **log["options"]))
    states = [game.clone()]
    for entry in log["actions"]:
        game.apply(entry["action"])
        states.append(game.clone())
    return states


async def play_until(
    client: Client,
    own_actions: int | None,
    rng: random.Random,
    first: dict[str, Any] | None = None,
) -> None:
    """Play seat moves at random until ``own_actions`` are sent (the last one sent without
    waiting for its answer), or to the end of the match (``None``); ``first``: a message
    already received to start from."""
    sent = 0
    while True:
        message, first = first or await client.receive(timeout=60), None
        if message["type"] != "state":
            continue
        if message["over"]:
            return
        if message["legal_actions"]:
            action = rng.choice(message["legal_actions"])
            await client.send(
                {"type": "action", "token": client.token, "action": action, "step": message["step"]}
            )
            sent += 1
            if sent == own_actions:
                return


async def drain(client: Client) -> list[dict[str, Any]]:
    """Every message the client was sent, once its server is gone."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            await client.receive(timeout=5)
    return client.messages


async def kill_and_resume(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    first = Server(db).start()
    try:
        seats: list[Any] = ["open"] + [{"kind": "bot", "level": "medium"}] * 3
        table = post(
            first,
            "/api/tables",
            {"game": "brouc", "options": {"single_deal": True}, "seats": seats},
        )
        bots_only = post(
            first, "/api/tables", {"game": "five_hundred", "seats": [{"kind": "bot"}] * 4}
        )
        tid = table["table"]
        token = post(first, f"/api/tables/{tid}/join", {"name": "Ann"})["token"]
        client = await Client.open(first, tid, token)
        await play_until(client, 3, random.Random(1))
        first.kill()  # the third action may or may not have been committed: nobody was told
        before = await drain(client)
    finally:
        first.stop()
    told = max(m["step"] for m in before if m["type"] == "state")

    with running(db) as second:
        client = await Client.open(second, tid, token)
        resumed = await client.until("state")
        assert resumed["seat"] == 0
        assert resumed["step"] >= told
        await play_until(client, None, random.Random(2), first=resumed)
        await client.close()
        log = get(second, f"/api/tables/{tid}/replay")
        states = replayed(log)
        # Every action any message told of is in the log, at its step, as told.
        for message in before:
            if message["type"] == "event":
                entry = log["actions"][message["step"]]
                assert (entry["seat"], entry["action"]) == (message["seat"], message["action"])
            if message["type"] == "state":
                truth = states[message["step"]].observation(0).to_dict()
                assert message["observation"] == truth
        assert states[-1].is_over
        # The bots' table went on by itself after the restart, to its end.
        for _ in range(600):
            seen = get(second, f"/api/tables/{bots_only['table']}")
            if seen["status"] == "over":
                break
            await asyncio.sleep(0.05)
        assert seen["status"] == "over"
        other = replayed(get(second, f"/api/tables/{bots_only['table']}/replay"))
        assert seen["view"]["view"] == json.loads(json.dumps(other[-1].public_view()))
        assert seen["step"] == len(other) - 1


def test_sigkill_mid_match_loses_nothing_anyone_was_told(tmp_path: Path) -> None:
    asyncio.run(kill_and_resume(tmp_path))


async def absent(server: Server) -> None:
    seats: list[Any] = ["open"] + [{"kind": "bot", "level": "easy"}] * 3
    table = post(
        server,
        "/api/tables",
        {
            "game": "brouc",
            "options": {"single_deal": True},
            "seats": seats,
            # Long enough that a loaded machine still answers within it (the person's
            # turn below must be the person's), short enough for a test.
            "clock": 2.0,
            "level": "easy",
        },
    )
    tid = table["table"]
    token = post(server, f"/api/tables/{tid}/join", {})["token"]
    client = await Client.open(server, tid, token)
    # Seat 0 does not act: when its time runs out, the table's bot plays for it.
    covered = await client.until("event", seat=0)
    assert covered["by"] == "clock"
    assert covered["action"] is not None
    # The clock covers one turn: at seat 0's next turn the person plays again. (A turn is
    # a seat's run of actions: when the bot's card for seat 0 ends a trick that seat 0
    # wins, its lead is the same turn, still covered, its time spent.)
    while True:
        message = await client.until("state")
        if message["legal_actions"] and message["clock"]["remaining"] > 0:
            assert message["clock"]["seat"] == 0
            assert message["clock"]["remaining"] <= 2.0
            break
    action = message["legal_actions"][0]
    await client.send({"type": "action", "token": token, "action": action, "step": message["step"]})
    mine = await client.until("event", seat=0)
    assert (mine["by"], mine["action"]) == ("human", action)
    await client.close()


def test_the_clock_lets_a_bot_play_for_an_absent_seat(tmp_path: Path) -> None:
    with running(tmp_path / "tables.db") as server:
        asyncio.run(absent(server))


async def undo_forever(server: Server) -> list[dict[str, Any]]:
    seats: list[Any] = ["open", {"kind": "bot", "level": "easy"}]
    table = post(
        server,
        "/api/tables",
        {
            "game": "jolly",
            "options": {"players": 2, "single_deal": True},
            "seats": seats,
            "clock": 1.0,
        },
    )
    tid = table["table"]
    token = post(server, f"/api/tables/{tid}/join", {})["token"]
    client = await Client.open(server, tid, token)
    cycled = False
    while True:
        message = await client.receive(timeout=30)
        if (
            message["type"] == "event"
            and (message["seat"], message["by"]) == (0, "clock")
            and cycled
        ):
            break
        if message["type"] != "state" or not message["legal_actions"]:
            continue
        legal = message["legal_actions"]
        lays = [a for a in legal if a.startswith("lay")]
        action = "undo" if "undo" in legal else lays[0] if lays else legal[0]
        cycled = cycled or action == "undo"
        await asyncio.sleep(0.05)
        await client.send(
            {"type": "action", "token": token, "action": action, "step": message["step"]}
        )
    await client.close()
    entries: list[dict[str, Any]] = get(server, f"/api/tables/{tid}")["seats"]
    assert entries[0]["kind"] == "human"
    return [m for m in client.messages if m["type"] == "event"]


def test_the_clock_ends_a_jolly_turn_that_undoes_forever(tmp_path: Path) -> None:
    with running(tmp_path / "tables.db") as server:
        events = asyncio.run(undo_forever(server))
    # The turn that was taken over: the person's lays and take-backs, then the clock's bot.
    last = max(i for i, e in enumerate(events) if e["by"] == "human")
    start = max((i for i, e in enumerate(events[: last + 1]) if e["seat"] != 0), default=-1) + 1
    turn = events[start : last + 1]
    assert sum(e["action"] == "undo" for e in turn) >= 3
    assert events[last + 1]["by"] == "clock"
    assert events[last + 1]["seat"] == 0


async def prompt_then_absent(server: Server) -> None:
    seats: list[Any] = ["open", "open"] + [{"kind": "bot", "level": "easy"}] * 2
    table = post(
        server,
        "/api/tables",
        # Dealer 3: seat 0 leads, and seat 1 plays after it.
        {
            "game": "brouc",
            "options": {"single_deal": True, "first_dealer": 3},
            "seats": seats,
            "clock": 1.0,
        },
    )
    tid = table["table"]
    token = post(server, f"/api/tables/{tid}/join", {"seat": 0})["token"]
    post(server, f"/api/tables/{tid}/join", {"seat": 1})  # seat 1 never connects
    client = await Client.open(server, tid, token)
    # Seat 0 acts at once, each of its turns, while its own clock still runs; seat 1's
    # clock must run all the same, and its bot play for it when it runs out.
    while True:
        message = await client.receive(timeout=10)
        if message["type"] == "event" and message["seat"] == 1:
            assert message["by"] == "clock"
            break
        if message["type"] == "state" and message["legal_actions"]:
            action = message["legal_actions"][0]
            await client.send(
                {"type": "action", "token": token, "action": action, "step": message["step"]}
            )
    await client.close()


def test_a_turn_played_in_time_leaves_the_next_seat_its_clock(tmp_path: Path) -> None:
    with running(tmp_path / "tables.db") as server:
        asyncio.run(prompt_then_absent(server))
