"""The HTTP and WebSocket face of the server: a Starlette application (``create_app``) over
a ``Hall`` of tables and a ``Store``, and ``serve``, which runs it under uvicorn.

Routes (docs/server.md lists their bodies and answers):

- ``GET /``: the browser table's page (the lobby; ``static/``, plain HTML, CSS and JavaScript
  modules shipped in the package, served under ``/static/``);
- ``GET /api``: a short JSON index of the API;
- ``GET /api/games``: every game, its options and player counts (``cardcore.game_info()``);
- ``GET /api/tables``: the tables with a seat open; ``POST /api/tables``: create one;
- ``GET /api/tables/{id}``: one table, and its public view (watching over HTTP);
- ``POST /api/tables/{id}/join`` and ``/leave``: take a seat (its token comes back) or give
  it up;
- ``GET /api/tables/{id}/replay`` and ``/replay/{step}``: a finished match's log, and its
  state after any number of actions;
- ``WS /api/tables/{id}/ws``: play and watch (messages in docs/server.md, "Playing").
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import cardcore
from cardcore.bots import LEVELS
from cardcore.server.store import SQLiteStore, Store
from cardcore.server.tables import Connection, Hall, RequestError, Table

__all__ = ["STATIC", "Limits", "create_app", "serve"]

STATIC = Path(__file__).with_name("static")
"""The browser table's files (``index.html``, its style sheet and JavaScript modules), served
as they are: no build step."""


class Limits:
    """What one client may send: the largest message or request body (bytes), and the
    rate of WebSocket messages (a bucket of ``burst`` messages refilled at ``rate`` a
    second; a message over it is refused with an error, and a client that keeps sending
    ``close_after`` refused messages in a row is disconnected). A client that does not
    read what it is sent is disconnected once ``backlog`` messages wait for it."""

    def __init__(
        self,
        max_message: int = 16_384,
        rate: float = 20.0,
        burst: int = 40,
        close_after: int = 200,
        backlog: int = 1000,
    ) -> None:
        self.max_message = max_message
        self.rate = rate
        self.burst = burst
        self.close_after = close_after
        self.backlog = backlog


class _Bucket:
    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.tokens = float(limits.burst)
        self.last = time.monotonic()

    def take(self) -> bool:
        moment = time.monotonic()
        self.tokens = min(
            float(self.limits.burst), self.tokens + (moment - self.last) * self.limits.rate
        )
        self.last = moment
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class _Outbox:
    """A connection's messages waiting to be written (``put`` never waits). Once more than
    ``backlog`` wait, the client is not reading: they are dropped and ``overflowed`` is
    called (the writer is stopped and the connection closed)."""

    def __init__(self, backlog: int) -> None:
        self.backlog = backlog
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.overflowed: Callable[[], object] = lambda: None
        self.full = False

    def put(self, message: dict[str, Any] | None) -> None:
        if self.full:
            return
        if message is not None and self.queue.qsize() >= self.backlog:
            self.full = True
            self.queue = asyncio.Queue()
            self.overflowed()
            return
        self.queue.put_nowait(message)

    async def get(self) -> dict[str, Any] | None:
        return await self.queue.get()


_log = logging.getLogger("cardcore.server")


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": message, "code": code}, status_code=status)


def create_app(
    store: Store,
    *,
    allowed_origins: tuple[str, ...] = (),
    limits: Limits | None = None,
) -> Starlette:
    """The server's application over ``store`` (opened and closed with the application's
    lifespan). A WebSocket whose ``Origin`` header is neither the server's own host nor one
    of ``allowed_origins`` (``"https://example.org"``) is refused; clients that send no
    ``Origin`` (programs, not browsers) are let in."""
    limits = limits or Limits()
    hall = Hall(store)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await store.open()
        await hall.start()
        try:
            yield
        finally:
            await hall.stop()
            await store.close()

    def endpoint(
        handler: Callable[[Request], Awaitable[Any]],
    ) -> Callable[[Request], Awaitable[JSONResponse]]:
        async def run(request: Request) -> JSONResponse:
            try:
                return JSONResponse(await handler(request))
            except RequestError as exc:
                return _error(exc.status, exc.code, str(exc))

        return run

    async def body(request: Request) -> dict[str, Any]:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > limits.max_message):
            raise RequestError(413, "too_large", f"bodies are at most {limits.max_message} bytes")
        raw = bytearray()
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > limits.max_message:
                raise RequestError(
                    413, "too_large", f"bodies are at most {limits.max_message} bytes"
                )
        try:
            parsed = json.loads(raw or b"{}")
        except ValueError as exc:
            raise RequestError(400, "bad_json", f"the body is not JSON: {exc}") from exc
        if not isinstance(parsed, dict):
            raise RequestError(400, "bad_json", "the body must be a JSON object")
        return parsed

    async def index(request: Request) -> dict[str, Any]:
        return {
            "server": "cardcore",
            "version": cardcore.__version__,
            "api": {
                "games": "GET /api/games",
                "tables": "GET /api/tables, POST /api/tables",
                "table": "GET /api/tables/{id}",
                "join": "POST /api/tables/{id}/join",
                "leave": "POST /api/tables/{id}/leave",
                "replay": "GET /api/tables/{id}/replay, GET /api/tables/{id}/replay/{step}",
                "play": "WebSocket /api/tables/{id}/ws",
            },
            "docs": "docs/server.md",
        }

    async def page(request: Request) -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def games(request: Request) -> dict[str, Any]:
        return {"games": cardcore.game_info(), "levels": list(LEVELS)}

    async def tables(request: Request) -> dict[str, Any]:
        return {"tables": await hall.open_tables()}

    async def create(request: Request) -> dict[str, Any]:
        return await hall.create(await body(request))

    async def table(request: Request) -> dict[str, Any]:
        found = await hall.table(request.path_params["table"])
        return {**hall.summary(found), "view": found.view_message()}

    async def join(request: Request) -> dict[str, Any]:
        return await hall.join(request.path_params["table"], await body(request))

    async def leave(request: Request) -> dict[str, Any]:
        return await hall.leave(request.path_params["table"], await body(request))

    async def replay(request: Request) -> dict[str, Any]:
        return await hall.replay(request.path_params["table"], None)

    async def replay_step(request: Request) -> dict[str, Any]:
        return await hall.replay(request.path_params["table"], request.path_params["step"])

    def origin_allowed(websocket: WebSocket) -> bool:
        origin = websocket.headers.get("origin")
        if origin is None:
            return True
        if origin in allowed_origins:
            return True
        return urlsplit(origin).netloc == websocket.headers.get("host")

    async def socket(websocket: WebSocket) -> None:
        if not origin_allowed(websocket):
            await websocket.close(code=1008)  # before accept: an HTTP 403
            return
        await websocket.accept()
        outbox = _Outbox(limits.backlog)
        try:
            table, connection = await hall.connect(websocket.path_params["table"], outbox.put)
        except RequestError as exc:
            await websocket.send_json({"type": "error", "code": exc.code, "error": str(exc)})
            await websocket.close(code=4404)
            return

        async def write() -> None:
            try:
                while (message := await outbox.get()) is not None:
                    await websocket.send_text(json.dumps(message))
            finally:
                table.connections.discard(connection)
                if outbox.full:
                    _log.warning(
                        "table %s: a client left %d messages unread: disconnected",
                        table.row.id,
                        limits.backlog,
                    )
                with contextlib.suppress(Exception):
                    # A client that does not read takes no closing frame either: the
                    # WebSocket's own close timeout then drops the connection.
                    await websocket.close(code=1008)

        writer = asyncio.create_task(write())
        outbox.overflowed = writer.cancel
        table.greet(connection)
        try:
            await _read(websocket, table, connection, limits)
        except (WebSocketDisconnect, RuntimeError):
            pass  # gone (RuntimeError: receiving after the writer closed a slow reader)
        finally:
            table.connections.discard(connection)
            outbox.put(None)
            # Its end, whether it closed the queue or was cancelled by an overflow; a
            # cancellation of this handler itself still propagates.
            await asyncio.wait({writer})
            if not writer.cancelled():
                writer.exception()  # taken: a client gone mid-write is no error

    return Starlette(
        routes=[
            Route("/", page),
            Route("/api", endpoint(index)),
            Route("/api/games", endpoint(games)),
            Route("/api/tables", endpoint(tables), methods=["GET"]),
            Route("/api/tables", endpoint(create), methods=["POST"]),
            Route("/api/tables/{table}", endpoint(table)),
            Route("/api/tables/{table}/join", endpoint(join), methods=["POST"]),
            Route("/api/tables/{table}/leave", endpoint(leave), methods=["POST"]),
            Route("/api/tables/{table}/replay", endpoint(replay)),
            Route("/api/tables/{table}/replay/{step:int}", endpoint(replay_step)),
            WebSocketRoute("/api/tables/{table}/ws", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )


async def _read(websocket: WebSocket, table: Table, connection: Connection, limits: Limits) -> None:
    """Read a client's messages until it goes: ``join`` (become a seat), ``watch`` (become
    a spectator) and ``action``. Every refusal is an ``error`` message; the match is
    unchanged and the connection kept."""
    bucket = _Bucket(limits)
    refused = 0

    def refuse(code: str, message: str) -> None:
        connection.send({"type": "error", "code": code, "error": message})

    while True:
        text = await websocket.receive_text()
        if not bucket.take():
            refused += 1
            if refused >= limits.close_after:
                await websocket.close(code=1008)
                return
            refuse("rate_limited", f"at most {limits.rate:g} messages a second")
            continue
        refused = 0
        if len(text.encode()) > limits.max_message:
            refuse("too_large", f"messages are at most {limits.max_message} bytes")
            continue
        try:
            message = json.loads(text)
        except ValueError:
            refuse("bad_json", "a message is one JSON object")
            continue
        if not isinstance(message, dict):
            refuse("bad_json", "a message is one JSON object")
            continue
        kind = message.get("type")
        if kind == "join":
            seat = table.seat_of(message.get("token"))
            if seat is None:
                refuse("bad_token", "no seat of this table has that token")
                continue
            connection.seat = seat
            connection.token_hash = table.row.seats[seat].token_hash
            table.greet(connection)
        elif kind == "watch":
            connection.seat = None
            table.greet(connection)
        elif kind == "action":
            seat = table.seat_of(message.get("token"))
            if seat is None:
                refuse("bad_token", "no seat of this table has that token")
                continue
            action = message.get("action")
            if not isinstance(action, str) or not 0 < len(action) <= 200:
                refuse("bad_action", "'action' must be the action's text")
                continue
            step = message.get("step")
            if step is not None and (isinstance(step, bool) or not isinstance(step, int)):
                refuse("bad_step", "'step' must be an integer")
                continue
            try:
                await table.play(seat, action, "human", expected_step=step)
            except RequestError as exc:
                refuse(exc.code, str(exc))
        else:
            refuse("bad_type", "'type' must be join, watch or action")


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = "cardcore.db",
    *,
    allowed_origins: tuple[str, ...] = (),
    schema: str = "public",
    limits: Limits | None = None,
) -> None:
    """Run the server until interrupted: uvicorn on ``host:port``, the tables in the SQLite
    file ``db``, or in the PostgreSQL database ``db`` names when it is a connection string
    (``postgresql://...``; the tables in ``schema``), which several servers may share;
    each client held to ``limits`` (``Limits()``'s defaults if not given)."""
    import uvicorn

    limits = limits or Limits()
    store: Store
    if str(db).startswith(("postgresql://", "postgres://")):
        from cardcore.server.store_postgres import PostgresStore

        store = PostgresStore(str(db), schema=schema)
    else:
        store = SQLiteStore(db)
    app = create_app(store, allowed_origins=allowed_origins, limits=limits)
    uvicorn.run(
        app,
        host=host,
        port=port,
        # Frames up to four times the limit are read and refused with an error message (the
        # connection kept); larger ones close the connection (1009) before being read whole.
        ws_max_size=4 * limits.max_message,
        log_level="warning",
        lifespan="on",
    )
