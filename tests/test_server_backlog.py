"""A client that does not read what it is sent is disconnected once ``Limits.backlog``
messages wait for it, and the table plays on: a real server process (with a backlog of
5), a real TCP client that completes the WebSocket handshake and never reads, watching a
table of four bots that play as fast as they can."""

from __future__ import annotations

import base64
import os
import socket
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("uvicorn", reason="the server extra is not installed")
pytest.importorskip("websockets", reason="the server extra is not installed")

from server_helpers import Server, get, post


def silent_spectator(server: Server, table: str) -> socket.socket:
    """A WebSocket client of ``table`` that reads nothing after the handshake, with a
    small receive buffer so that the server's writes back up soon."""
    client = socket.socket()
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    client.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    client.sendall(
        (
            f"GET /api/tables/{table}/ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += client.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return client


def closed_by_server(client: socket.socket, seconds: float) -> bool:
    """Whether the server ends the connection within ``seconds``: the client reads what
    is left, then the end of the stream (or a reset)."""
    client.settimeout(seconds)
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            if not client.recv(65536):
                return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return False


def test_a_client_that_does_not_read_is_disconnected(tmp_path: Path) -> None:
    server = Server(tmp_path / "tables.db", limits={"backlog": 5}).start()
    try:
        bots = [{"kind": "bot", "level": "easy"}] * 4
        # A long match (a hundred deals): it outlasts the buffers between the two ends.
        body = {"game": "tarot", "options": {"deals": 100}, "seats": bots}
        table = post(server, "/api/tables", body)["table"]
        client = silent_spectator(server, table)
        # The kernel's buffers fill first, then the server's queue of 5 messages.
        deadline = time.monotonic() + 60
        while f"table {table}: a client left 5 messages unread" not in server.log.read_text():
            assert time.monotonic() < deadline, "the client was never found slow"
            assert get(server, f"/api/tables/{table}")["status"] == "playing"
            time.sleep(0.2)
        assert closed_by_server(client, 20)
        client.close()
        # The table and the server went on without it.
        step = get(server, f"/api/tables/{table}")["step"]
        time.sleep(0.5)
        assert get(server, f"/api/tables/{table}")["step"] > step
        assert "Traceback" not in server.log.read_text()
    finally:
        server.stop()
