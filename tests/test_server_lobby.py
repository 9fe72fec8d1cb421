"""The server's lobby and its refusals: games listed from the engine, tables created,
listed, joined and left; every bad input a JSON error with a 4xx status; over the
WebSocket, bad tokens, malformed, illegal and oversized messages refused with an error
message (the match unchanged, the connection kept), the rate limited, other sites'
pages refused; tokens stored only hashed; and without the extra, a clear message."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("uvicorn", reason="the server extra is not installed")
pytest.importorskip("websockets", reason="the server extra is not installed")

from websockets.exceptions import InvalidStatus

import cardcore
from server_helpers import Client, Server, get, post, request, running


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(tmp_path_factory.mktemp("lobby") / "tables.db") as started:
        yield started


def refused(server: Server, method: str, path: str, body: object = None, **kw: Any) -> Any:
    status, answer = request(server, method, path, body, **kw)
    assert 400 <= status < 500, (status, answer)
    assert set(answer) == {"error", "code"}
    return status, answer


def test_the_games_come_from_the_engine(server: Server) -> None:
    answer = get(server, "/api/games")
    assert answer["games"] == json.loads(json.dumps(cardcore.game_info()))
    assert answer["levels"] == ["easy", "medium", "hard", "expert"]
    index = get(server, "/api")
    assert index["server"] == "cardcore"
    assert "WebSocket /api/tables/{id}/ws" in index["api"].values()


def test_create_list_join_and_leave(server: Server) -> None:
    table = post(
        server,
        "/api/tables",
        {
            "game": "jolly",
            "options": {"players": 3, "target": 200},
            "seats": ["open", {"kind": "invited", "name": "Zoe"}, {"kind": "bot", "level": "easy"}],
            "level": "hard",
            "clock": 30,
            "stake": 50,
        },
    )
    tid = table["table"]
    assert table["options"]["target"] == 200
    assert table["options"]["players"] == 3
    assert (table["status"], table["stake"], table["clock"], table["level"]) == (
        "open",
        50,
        30,
        "hard",
    )
    assert [s["kind"] for s in table["seats"]] == ["open", "invited", "bot"]
    assert list(table["invitations"]) == ["1"]
    assert tid in [t["table"] for t in get(server, "/api/tables")["tables"]]

    # The invited seat needs its invitation; the open one is taken by anyone, once.
    status, answer = refused(server, "POST", f"/api/tables/{tid}/join", {"seat": 1})
    assert (status, answer["code"]) == (403, "bad_invitation")
    status, answer = refused(
        server, "POST", f"/api/tables/{tid}/join", {"seat": 1, "invitation": "guess"}
    )
    assert status == 403
    ann = post(server, f"/api/tables/{tid}/join", {"name": "Ann"})
    assert ann["seat"] == 0
    assert len(ann["token"]) >= 40
    status, answer = refused(server, "POST", f"/api/tables/{tid}/join", {"seat": 0})
    assert (status, answer["code"]) == (409, "seat_taken")
    status, answer = refused(server, "POST", f"/api/tables/{tid}/join", {})
    assert (status, answer["code"]) == (409, "no_seat")
    zoe = post(
        server, f"/api/tables/{tid}/join", {"seat": 1, "invitation": table["invitations"]["1"]}
    )
    assert zoe["seat"] == 1
    assert zoe["token"] != ann["token"]
    seen = get(server, f"/api/tables/{tid}")
    assert seen["status"] == "playing"
    assert [s["name"] for s in seen["seats"]] == ["Ann", "Zoe", "easy bot"]
    assert "hand" not in seen["view"]["view"]
    assert tid not in [t["table"] for t in get(server, "/api/tables")["tables"]]

    # Leaving opens the seat again; the token stops working.
    status, answer = refused(server, "POST", f"/api/tables/{tid}/leave", {"token": "nope"})
    assert (status, answer["code"]) == (403, "bad_token")
    assert post(server, f"/api/tables/{tid}/leave", {"token": ann["token"]})["seat"] == 0
    assert get(server, f"/api/tables/{tid}")["seats"][0]["kind"] == "open"
    status, _ = refused(server, "POST", f"/api/tables/{tid}/leave", {"token": ann["token"]})
    assert status == 403
    assert tid in [t["table"] for t in get(server, "/api/tables")["tables"]]
    status, answer = refused(server, "GET", f"/api/tables/{tid}/replay")
    assert (status, answer["code"]) == (409, "not_over")


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"game": "chess"}, "bad_game", "'game' must be one of brouc"),
        ({}, "bad_game", "'game'"),
        ({"game": "brouc", "options": {"colour": 1}}, "bad_options", "colour"),
        ({"game": "brouc", "options": {"target": "high"}}, "bad_options", "target"),
        ({"game": "tarot", "options": {"players": 9}}, "bad_options", "players"),
        ({"game": "brouc", "options": []}, "bad_options", "'options' must be an object"),
        ({"game": "brouc", "seats": ["open"] * 3}, "bad_seats", "4 seats"),
        ({"game": "brouc", "seats": ["open", "open", "open", "robot"]}, "bad_seats", "seat 3"),
        (
            {"game": "brouc", "seats": ["open"] * 3 + [{"kind": "bot", "level": "god"}]},
            "bad_level",
            "seat 3",
        ),
        ({"game": "brouc", "level": "master"}, "bad_level", "'level'"),
        ({"game": "brouc", "clock": -1}, "bad_clock", "'clock'"),
        ({"game": "brouc", "clock": "soon"}, "bad_clock", "'clock'"),
        ({"game": "brouc", "stake": 1.5}, "bad_stake", "'stake'"),
        ({"game": "brouc", "seats": [{"kind": "open", "name": "x" * 41}] * 4}, "bad_name", "name"),
    ],
)
def test_a_bad_table_is_refused_naming_what_is_wrong(
    server: Server, body: dict[str, Any], code: str, words: str
) -> None:
    before = len(get(server, "/api/tables")["tables"])
    status, answer = refused(server, "POST", "/api/tables", body)
    assert (status, answer["code"]) == (400, code)
    assert words in answer["error"]
    assert len(get(server, "/api/tables")["tables"]) == before


def test_bad_requests_are_json_errors(server: Server) -> None:
    status, answer = refused(server, "POST", "/api/tables", raw=b"{not json")
    assert (status, answer["code"]) == (400, "bad_json")
    status, answer = refused(server, "POST", "/api/tables", raw=b"[1, 2]")
    assert (status, answer["code"]) == (400, "bad_json")
    status, answer = refused(server, "POST", "/api/tables", raw=b" " * 20_000 + b"{}")
    assert (status, answer["code"]) == (413, "too_large")
    status, answer = refused(server, "GET", "/api/tables/nosuchtable")
    assert (status, answer["code"]) == (404, "no_table")
    tid = post(server, "/api/tables", {"game": "brouc"})["table"]
    for seat in (4, -1, "0", True):
        status, answer = refused(server, "POST", f"/api/tables/{tid}/join", {"seat": seat})
        assert (status, answer["code"]) == (400, "bad_seat")
    status, answer = refused(server, "POST", f"/api/tables/{tid}/join", {"name": 7})
    assert (status, answer["code"]) == (400, "bad_name")


async def refusals(server: Server) -> None:
    table = post(
        server,
        "/api/tables",
        {
            "game": "brouc",
            "options": {"single_deal": True, "first_dealer": 3},
            "seats": ["open", "open", "bot", "bot"],
        },
    )
    tid = table["table"]
    ann = post(server, f"/api/tables/{tid}/join", {"name": "Ann"})["token"]
    bob = post(server, f"/api/tables/{tid}/join", {"name": "Bob"})["token"]
    # first_dealer 3: seat 0 leads.
    client = await Client.open(server, tid, ann)
    state = await client.until("state")
    assert state["seat"] == 0
    assert state["current_player"] == 0
    step, legal = state["step"], state["legal_actions"]
    hand = state["observation"]["hand"]
    not_held = next(str(c) for c in cardcore.deck(32) if str(c) not in hand)

    async def refused_with(message: object, code: str) -> dict[str, Any]:
        await client.send(message)
        answer = await client.until("error")
        assert answer["code"] == code, answer
        return answer

    await refused_with("{not json", "bad_json")
    await refused_with("[1]", "bad_json")
    await refused_with({"type": "shout"}, "bad_type")
    await refused_with({"type": "action", "action": legal[0]}, "bad_token")
    await refused_with({"type": "action", "token": "x" * 43, "action": legal[0]}, "bad_token")
    await refused_with({"type": "action", "token": bob, "action": legal[0]}, "not_your_turn")
    await refused_with({"type": "action", "token": ann, "action": not_held}, "illegal_action")
    await refused_with({"type": "action", "token": ann, "action": "bid 7"}, "bad_action")
    await refused_with({"type": "action", "token": ann, "action": 3}, "bad_action")
    await refused_with({"type": "action", "token": ann, "action": legal[0], "step": 5}, "stale")
    await refused_with({"type": "join", "token": "guess"}, "bad_token")
    await refused_with("x" * 20_000, "too_large")
    # A spectator's connection cannot act either.
    watcher = await Client.open(server, tid)
    await watcher.send({"type": "action", "action": legal[0]})
    assert (await watcher.until("error"))["code"] == "bad_token"
    # Nothing changed, the connection is kept: the legal move goes through.
    assert get(server, f"/api/tables/{tid}")["step"] == step
    await client.send({"type": "action", "token": ann, "action": legal[0], "step": step})
    event = await client.until("event")
    assert (event["step"], event["seat"], event["action"], event["by"]) == (
        step,
        0,
        legal[0],
        "human",
    )
    await client.close()
    await watcher.close()


def test_bad_messages_are_refused_and_the_connection_kept(server: Server) -> None:
    asyncio.run(refusals(server))


async def flood(server: Server) -> list[str]:
    tid = post(server, "/api/tables", {"game": "brouc"})["table"]
    client = await Client.open(server, tid)
    await client.until("view")
    for _ in range(100):
        await client.send({"type": "watch"})
    codes = [(await client.until("error", timeout=5))["code"] for _ in range(50)]
    await client.close()
    return codes


def test_the_message_rate_is_limited(server: Server) -> None:
    codes = asyncio.run(flood(server))
    # A burst of 40 is let through; the rest of the 100 sent at once are refused.
    assert len(codes) >= 50
    assert set(codes) == {"rate_limited"}


async def origins(server: Server, tid: str) -> None:
    with pytest.raises(InvalidStatus) as refusal:
        await Client.open(server, tid, origin="http://evil.example")
    assert refusal.value.response.status_code == 403
    own = f"http://127.0.0.1:{server.port}"
    client = await Client.open(server, tid, origin=own)
    assert (await client.until("view"))["table"] == tid
    await client.close()


def test_pages_of_another_site_cannot_open_a_websocket(server: Server) -> None:
    tid = post(server, "/api/tables", {"game": "brouc"})["table"]
    asyncio.run(origins(server, tid))


def test_tokens_and_invitations_are_stored_only_hashed(server: Server) -> None:
    table = post(
        server, "/api/tables", {"game": "brouc", "seats": ["open", "invited", "bot", "bot"]}
    )
    token = post(server, f"/api/tables/{table['table']}/join", {})["token"]
    invitation = table["invitations"]["1"]
    dump = "\n".join(sqlite3.connect(server.db).iterdump())
    assert table["table"] in dump
    assert token not in dump
    assert invitation not in dump


def test_import_cardcore_does_not_load_the_server() -> None:
    code = (
        "import sys, cardcore; print('cardcore.server' in sys.modules, 'starlette' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]


def test_without_the_extra_serve_says_which_to_install() -> None:
    code = textwrap.dedent(
        """
        import sys

        class Missing:
            def find_spec(self, name, path=None, target=None):
                if name.partition(".")[0] == "starlette":
                    raise ModuleNotFoundError(f"No module named {name!r}", name=name)
                return None

        sys.meta_path.insert(0, Missing())
        from cardcore.cli import main
        sys.exit(main(["serve", "--port", "1"]))
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        "cardcore: error: cardcore serve needs starlette: pip install 'cardcore[server]'\n"
    )


async def leaving(server: Server) -> None:
    seats: list[Any] = ["open", "open", "bot", "bot"]
    tid = post(server, "/api/tables", {"game": "brouc", "seats": seats})["table"]
    ann = post(server, f"/api/tables/{tid}/join", {"name": "Ann"})["token"]
    client = await Client.open(server, tid, ann)
    assert (await client.until("state"))["seat"] == 0
    post(server, f"/api/tables/{tid}/leave", {"token": ann})
    # The connection watches from then on: the seats change, then only public views.
    seats_now = await client.until("seats")
    assert seats_now["seats"][0]["kind"] == "open"
    left_at = len(client.messages)
    bob = post(server, f"/api/tables/{tid}/join", {"name": "Bob", "seat": 1})["token"]
    assert bob != ann
    await client.send({"type": "action", "token": ann, "action": "7S"})
    assert (await client.until("error"))["code"] == "bad_token"
    await client.send({"type": "join", "token": ann})
    assert (await client.until("error"))["code"] == "bad_token"
    await client.send({"type": "watch"})
    view = await client.until("view")
    assert "observation" not in view
    assert "hand" not in view["view"]
    assert all(m["type"] != "state" for m in client.messages[left_at:])
    await client.close()


def test_a_seat_left_is_no_longer_that_connections(server: Server) -> None:
    asyncio.run(leaving(server))
