"""Helpers of the server's tests: a real ``cardcore serve`` process on a free port of
127.0.0.1 with its own SQLite file, plain HTTP calls, and a WebSocket client that records
every message it is sent."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Server:
    """A running ``cardcore serve``: its base URL, its database file, its process."""

    db: Path
    port: int = field(default_factory=free_port)
    #: Other flags of ``cardcore serve`` (a PostgreSQL ``--db`` given here wins over ``db``,
    #: which then only names the log).
    flags: tuple[str, ...] = ()
    #: ``Limits`` other than the defaults, as keyword arguments (then ``flags`` is unused).
    limits: dict[str, int] | None = None
    process: subprocess.Popen[bytes] | None = None

    @property
    def log(self) -> Path:
        """The server's stderr, beside its database."""
        return self.db.with_suffix(".log")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        if self.limits is None:
            command = [sys.executable, "-m", "cardcore", "serve", "--port", str(self.port)]
            command += ["--db", str(self.db), *self.flags]
        else:  # limits that `cardcore serve` does not take: its function, called alike
            code = (
                "from cardcore.server.app import Limits, serve; "
                f"serve(port={self.port}, db={str(self.db)!r}, limits=Limits(**{self.limits!r}))"
            )
            command = [sys.executable, "-c", code]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command,
                stdout=subprocess.DEVNULL,
                stderr=log,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"cardcore serve exited: {self.log.read_text()}")
            with contextlib.suppress(OSError):
                get(self, "/api/games")
                return self
            time.sleep(0.05)
        raise RuntimeError("cardcore serve did not answer within 30 s")

    def kill(self) -> None:
        """SIGKILL: no chance to flush or close anything."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@contextlib.contextmanager
def running(db: Path) -> Iterator[Server]:
    server = Server(db).start()
    try:
        yield server
    finally:
        server.stop()


def request(
    server: Server, method: str, path: str, body: object = None, raw: bytes | None = None
) -> tuple[int, Any]:
    """The status and the parsed JSON answer of one HTTP request."""
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    call = urllib.request.Request(server.url + path, data=data, method=method)
    try:
        with urllib.request.urlopen(call, timeout=30) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as refused:
        return refused.code, json.load(refused)


def get(server: Server, path: str) -> Any:
    status, answer = request(server, "GET", path)
    assert status == 200, answer
    return answer


def post(server: Server, path: str, body: object) -> Any:
    status, answer = request(server, "POST", path, body)
    assert status == 200, answer
    return answer


class Client:
    """A WebSocket client of one table that records every message (``messages``)."""

    def __init__(self, connection: ClientConnection, token: str | None = None) -> None:
        self.connection = connection
        self.token = token
        self.messages: list[dict[str, Any]] = []

    @classmethod
    async def open(
        cls, server: Server, table: str, token: str | None = None, **options: Any
    ) -> Client:
        # max_queue=None: the client reads everything it is sent at once, so that closing it
        # never waits behind messages the test did not read.
        options.setdefault("max_queue", None)
        connection = await connect(f"{server.ws}/api/tables/{table}/ws", **options)
        client = cls(connection, token)
        if token is not None:
            await client.send({"type": "join", "token": token})
        return client

    async def send(self, message: object) -> None:
        await self.connection.send(message if isinstance(message, str) else json.dumps(message))

    async def receive(self, timeout: float = 20) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(
            await asyncio.wait_for(self.connection.recv(), timeout)
        )
        self.messages.append(message)
        return message

    async def until(self, kind: str, timeout: float = 20, **fields: Any) -> dict[str, Any]:
        """The next message of this type (and these fields), recording those before it."""
        while True:
            message = await self.receive(timeout)
            if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message

    async def close(self) -> None:
        await self.connection.close()
