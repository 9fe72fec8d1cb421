"""The tables in play: the lobby's operations (``Hall``) and one match at a table
(``Table``): its game, its lock, its seats' connections, its bots and its turn clock.

One action goes through ``Table.play``, under the table's lock: the engine checks it on a
copy of the game, the store commits the new state and the log row, and only then is anyone
told: each seat its observation and legal actions, each spectator the public view, everyone
the public event. Bots decide in worker threads (``anyio.to_thread.run_sync``; the native
bots release the GIL), then play through the same ``Table.play``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, cast

import anyio.to_thread

import cardcore
from cardcore import Action, CardcoreError, Game
from cardcore.bots import LEVELS, NativeBot, make
from cardcore.server.store import (
    ActionRow,
    SeatRow,
    StaleSeatError,
    StaleStepError,
    Store,
    TableRow,
    now,
)
from cardcore.server.views import seat_view, told

__all__ = ["Connection", "Hall", "RequestError", "Table", "hash_secret"]

_log = logging.getLogger("cardcore.server")


def _started(work: Any, what: str) -> asyncio.Task[None]:
    """A background task whose failure is logged (a table's bot or clock that raised
    would otherwise stop in silence and stall its table)."""
    task: asyncio.Task[None] = asyncio.create_task(work)

    def report(done: asyncio.Task[None]) -> None:
        if not done.cancelled() and done.exception() is not None:
            _log.error("%s stopped", what, exc_info=done.exception())

    task.add_done_callback(report)
    return task


Send = Callable[[dict[str, Any]], None]
By = Literal["human", "bot", "clock"]
MASK64 = (1 << 64) - 1


class RequestError(Exception):
    """A request the server refuses: ``status`` is its HTTP status (400 bad input, 403 a
    wrong token or invitation, 404 no such table, 409 not now), ``code`` a short name the
    clients can test, the message says what was wrong."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code


def hash_secret(secret: str) -> str:
    """The SHA-256 hex digest stored in place of a token or an invitation."""
    return hashlib.sha256(secret.encode()).hexdigest()


def _matches(secret: object, digest: str | None) -> bool:
    return (
        isinstance(secret, str)
        and digest is not None
        and hmac.compare_digest(hash_secret(secret), digest)
    )


def _bot_seed(seed: int, seat: int, stand_in: bool) -> int:
    """Each bot's seed, from the match's: one per seat, another for the clock's stand-in."""
    return (seed ^ ((seat + 1 + (64 if stand_in else 0)) * 0x9E3779B97F4A7C15)) & MASK64


@dataclass(eq=False)
class Connection:
    """One WebSocket client of a table: a seat (``seat``) or a spectator (``None``).
    ``send`` queues a message; it never waits on the client."""

    seat: int | None
    send: Send
    token_hash: str | None = None


@dataclass(eq=False)
class Table:
    """A match in play. ``game`` is only replaced under ``lock``, after the store has
    committed the action."""

    row: TableRow
    game: Game
    store: Store
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bots: dict[int, NativeBot] = field(default_factory=dict)
    stand_ins: dict[int, NativeBot] = field(default_factory=dict)
    turn_seat: int | None = None
    deadline: float | None = None
    covered: set[int] = field(default_factory=set)
    _clock_task: asyncio.Task[None] | None = None
    _clock_turn: tuple[int, float | None] | None = None
    _bot_task: asyncio.Task[None] | None = None
    closed: bool = False

    def __post_init__(self) -> None:
        for seat in self.row.seats:
            if seat.kind == "bot":
                level = seat.level or self.row.level
                self.bots[seat.seat] = make(
                    self.row.game, cast(Any, level), seed=_bot_seed(self.row.seed, seat.seat, False)
                )

    # ---- what clients are sent

    def seat_message(self, seat: int) -> dict[str, Any]:
        """A seat's ``state`` message: its observation and legal actions."""
        return {"type": "state", "seat": seat, **self._common(), **seat_view(self.game, seat)}

    def view_message(self) -> dict[str, Any]:
        """A spectator's ``view`` message: the public view."""
        return {"type": "view", **self._common(), "view": self.game.public_view()}

    def seats_message(self) -> dict[str, Any]:
        """Who sits where (no token, no invitation)."""
        return {"type": "seats", "table": self.row.id, "seats": self.public_seats()}

    def public_seats(self) -> list[dict[str, Any]]:
        """The seats as anyone may see them."""
        return list(summary(self.row)["seats"])

    def _common(self) -> dict[str, Any]:
        remaining = None
        if self.deadline is not None and self.row.clock is not None:
            # Clamped: the deadline's float sum can exceed the clock by a rounding error.
            remaining = min(self.row.clock, max(0.0, self.deadline - _clock()))
        return {
            "table": self.row.id,
            "step": self.row.step,
            "current_player": self.game.current_player,
            "over": self.game.is_over,
            "clock": {"seat": self.turn_seat, "remaining": remaining},
        }

    def greet(self, connection: Connection) -> None:
        """Send a new connection where the match stands."""
        connection.send(self.seats_message())
        if connection.seat is None:
            connection.send(self.view_message())
        else:
            connection.send(self.seat_message(connection.seat))

    def broadcast_seats(self) -> None:
        message = self.seats_message()
        for connection in list(self.connections):
            connection.send(message)

    # ---- tokens

    def seat_of_hash(self, connection: Connection) -> int | None:
        """The connection's seat, if the token it joined with still holds it."""
        for seat in self.row.seats:
            if (seat.seat, seat.kind, seat.token_hash) == (
                connection.seat,
                "human",
                connection.token_hash,
            ):
                return seat.seat
        return None

    def seat_of(self, token: object) -> int | None:
        """The seat whose token this is, or ``None``."""
        for seat in self.row.seats:
            if seat.kind == "human" and _matches(token, seat.token_hash):
                return seat.seat
        return None

    # ---- playing

    async def play(self, seat: int, action: str, by: By, expected_step: int | None = None) -> None:
        """Play ``action`` (its text or id as text) for ``seat``: check it, commit it, then
        tell everyone. Raises ``RequestError`` (the match unchanged) when it is refused."""
        async with self.lock:
            if expected_step is not None and expected_step != self.row.step:
                raise RequestError(
                    409, "stale", f"the match is at step {self.row.step}, not {expected_step}"
                )
            if self.row.status != "playing" or self.game.is_over:
                raise RequestError(409, "not_playing", f"the table is {self.row.status}")
            if self.game.current_player != seat:
                raise RequestError(
                    409, "not_your_turn", f"seat {self.game.current_player} is to act, not {seat}"
                )
            before = self.game
            try:
                chosen = before.action(action)
                legal = before.is_legal(chosen)
            except CardcoreError as exc:
                raise RequestError(400, "bad_action", str(exc)) from exc
            if not legal:
                raise RequestError(409, "illegal_action", f"{chosen} is not legal now")
            after = before.clone()
            after.apply(chosen)
            revealed, public = told(before, chosen)
            step = self.row.step
            status = "over" if after.is_over else self.row.status
            row = ActionRow(step=step, seat=seat, action=str(chosen), by=by, at=now())
            try:
                await self.store.commit_action(self.row.id, row, after.to_json(), status)
            except StaleStepError as exc:
                await self._catch_up()  # another process played first: its actions are told
                raise RequestError(409, "stale", str(exc)) from exc
            self.game = after
            self.row.step = step + 1
            self.row.status = status
            self.row.state = ""  # the store has it; the game is the truth in memory
            self._turn()
            self._tell(step, seat, by, chosen, revealed, public)
        self.schedule()

    def _tell(
        self, step: int, seat: int, by: str, chosen: Action, revealed: set[int], public: bool
    ) -> None:
        """Queue, for every connection, the event of the action at ``step`` and where the
        match now stands."""
        for connection in list(self.connections):
            known = (
                public
                if connection.seat is None
                else connection.seat == seat or connection.seat in revealed
            )
            connection.send(
                {
                    "type": "event",
                    "table": self.row.id,
                    "step": step,
                    "seat": seat,
                    "by": by,
                    "action": str(chosen) if known else None,
                }
            )
            if connection.seat is None:
                connection.send(self.view_message())
            else:
                connection.send(self.seat_message(connection.seat))

    async def catch_up(self) -> None:
        """Bring the table up to what another process committed (a store shared by several
        processes), then let its bots and clock go on."""
        async with self.lock:
            await self._catch_up()
        self.schedule()

    async def _catch_up(self) -> None:
        """Under the lock: the stored seats and status, then each action committed since
        this process's step, applied and told to this process's clients as if played
        here."""
        stored = await self.store.table(self.row.id)
        if stored is None:
            return
        if stored.seats != self.row.seats:
            self.row.seats = stored.seats
            for connection in list(self.connections):
                if connection.seat is not None and self.seat_of_hash(connection) is None:
                    connection.seat = None  # its seat was given up elsewhere: it watches
            self.broadcast_seats()
        for entry in await self.store.actions(self.row.id, since=self.row.step):
            before = self.game
            chosen = before.action(entry.action)
            after = before.clone()
            after.apply(chosen)
            revealed, public = told(before, chosen)
            self.game = after
            self.row.step = entry.step + 1
            self._turn()
            self._tell(entry.step, entry.seat, entry.by, chosen, revealed, public)
        if self.game.is_over:
            # As a process that plays the last action stores it: the stored status may be
            # older than the actions just read (the last one committed in between).
            self.row.status = "over"
        elif self.row.step >= stored.step:
            self.row.status = stored.status

    def _turn(self) -> None:
        """Start the turn clock when a new seat is to act (a turn is the run of actions of
        one seat, so a Jolly turn that lays and takes back forever still ends)."""
        seat = self.game.current_player
        if seat == self.turn_seat:
            return
        self.turn_seat = seat
        self.covered.clear()
        clock = self.row.clock
        self.deadline = None if clock is None or seat is None else _clock() + clock

    def schedule(self) -> None:
        """Start whatever must act next: a bot for a bot's seat (or a seat whose time ran
        out), else the clock for an absent or slow player."""
        if self.closed or self.row.status != "playing" or self.game.is_over:
            self._cancel_clock()
            return
        seat = self.game.current_player
        assert seat is not None
        if seat in self.bots or seat in self.covered:
            if self._bot_task is None or self._bot_task.done():
                self._bot_task = _started(self._bot_turn(), f"table {self.row.id}: the bots")
            return
        if self.turn_seat != seat:
            self._turn()
        # One clock task per turn: the last seat's, still asleep when its player acted in
        # time, gives way to this one's (it would wake to a turn no longer its own).
        turn = (seat, self.deadline)
        if self.deadline is not None and (
            self._clock_task is None or self._clock_task.done() or self._clock_turn != turn
        ):
            self._cancel_clock()
            self._clock_turn = turn
            self._clock_task = _started(
                self._clock_runs(seat, self.deadline), f"table {self.row.id}: the clock"
            )

    async def _clock_runs(self, seat: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - _clock()))
        if self.turn_seat == seat and self.deadline == deadline and not self.closed:
            self.covered.add(seat)
            self.schedule()

    def _cancel_clock(self) -> None:
        if self._clock_task is not None:
            self._clock_task.cancel()

    async def _bot_turn(self) -> None:
        """Let the bots play while a bot's seat (or a covered seat) is to act."""
        while not self.closed and self.row.status == "playing" and not self.game.is_over:
            seat = self.game.current_player
            assert seat is not None
            by: By
            if seat in self.bots:
                bot, by = self.bots[seat], "bot"
            elif seat in self.covered:
                bot, by = self._stand_in(seat), "clock"
            else:
                return
            step = self.row.step
            observation = self.game.observation(seat)
            choice = await anyio.to_thread.run_sync(bot.act, observation)
            try:
                await self.play(seat, str(choice), by, expected_step=step)
            except RequestError:
                continue  # a person acted first (their time had not run out for them)

    def _stand_in(self, seat: int) -> NativeBot:
        if seat not in self.stand_ins:
            self.stand_ins[seat] = make(
                self.row.game,
                cast(Any, self.row.level),
                seed=_bot_seed(self.row.seed, seat, True),
            )
        return self.stand_ins[seat]

    async def close(self) -> None:
        self.closed = True
        for task in (self._clock_task, self._bot_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task


def _clock() -> float:
    return asyncio.get_running_loop().time()


# --------------------------------------------------------------------------------------
# The lobby


SEAT_KINDS = ("open", "invited", "bot")
MAX_NAME = 40


class Hall:
    """Every table this server knows, and the lobby's operations on them. ``start`` loads
    the tables still open or in play from the store (a restarted server rebuilds each from
    its stored state) and lets their bots and clocks go on."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self._loading = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        for row in await self.store.tables(("open", "playing")):
            self._adopt(row)
        await self.store.listen(self._changed)

    def _changed(self, table_id: str) -> None:
        """Another process committed to this table: bring it up to date (a table not in
        memory is read from the store when asked for)."""
        table = self.tables.get(table_id)
        if table is not None:
            task = _started(table.catch_up(), f"table {table_id}: catching up")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def stop(self) -> None:
        for table in list(self.tables.values()):
            await table.close()

    def _adopt(self, row: TableRow) -> Table:
        game = cast(Game, cardcore.from_json(row.state))
        table = Table(row=row, game=game, store=self.store)
        table.row.state = ""
        self.tables[row.id] = table
        table.schedule()
        return table

    async def table(self, table_id: str) -> Table:
        """The table, loaded from the store if need be (a finished one too)."""
        if table_id in self.tables:
            return self.tables[table_id]
        async with self._loading:
            if table_id in self.tables:
                return self.tables[table_id]
            row = await self.store.table(table_id)
            if row is None:
                raise RequestError(404, "no_table", f"no table {table_id!r}")
            return self._adopt(row)

    async def create(self, body: dict[str, Any]) -> dict[str, Any]:
        """Create a table from a lobby request (docs/server.md, "Create a table")."""
        game_name = body.get("game")
        if game_name not in cardcore.GAMES:
            raise RequestError(
                400, "bad_game", f"'game' must be one of {', '.join(cardcore.GAMES)}"
            )
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise RequestError(400, "bad_options", "'options' must be an object")
        seed = secrets.randbits(64)
        try:
            game = cast(Game, cardcore.new_game(cast(Any, game_name), seed=seed, **options))
        except (CardcoreError, TypeError) as exc:
            raise RequestError(400, "bad_options", str(exc)) from exc
        level = body.get("level", "medium")
        if level not in LEVELS:
            raise RequestError(400, "bad_level", f"'level' must be one of {', '.join(LEVELS)}")
        clock = body.get("clock")
        if clock is not None and (
            isinstance(clock, bool) or not isinstance(clock, int | float) or not 0 < clock <= 86400
        ):
            raise RequestError(400, "bad_clock", "'clock' must be seconds, above 0, at most 86400")
        stake = body.get("stake")
        if stake is not None and (
            isinstance(stake, bool) or not isinstance(stake, int) or not 0 <= stake <= 10**9
        ):
            raise RequestError(400, "bad_stake", "'stake' must be an integer from 0 to 10^9")
        seats_spec = body.get("seats", ["open"] * game.num_players)
        if not isinstance(seats_spec, list) or len(seats_spec) != game.num_players:
            raise RequestError(
                400, "bad_seats", f"'seats' must list {game.num_players} seats for these options"
            )
        seats: list[SeatRow] = []
        invitations: dict[str, str] = {}
        for number, spec in enumerate(seats_spec):
            seats.append(self._seat(number, spec, invitations))
        row = TableRow(
            id=secrets.token_hex(8),
            game=str(game_name),
            options=dict(game.options),
            seed=seed,
            level=str(level),
            clock=None if clock is None else float(clock),
            stake=stake,
            status=_status(seats),
            state=game.to_json(),
            step=0,
            created=now(),
            seats=seats,
        )
        await self.store.create_table(row)
        table = Table(row=row, game=game, store=self.store)
        self.tables[row.id] = table
        table.schedule()
        return {**self.summary(table), "invitations": invitations}

    def _seat(self, number: int, spec: object, invitations: dict[str, str]) -> SeatRow:
        if isinstance(spec, str):
            spec = {"kind": spec}
        if not isinstance(spec, dict) or spec.get("kind") not in SEAT_KINDS:
            raise RequestError(
                400, "bad_seats", f"seat {number}: 'kind' must be one of {', '.join(SEAT_KINDS)}"
            )
        name = spec.get("name", "")
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise RequestError(400, "bad_name", f"seat {number}: 'name' must be a short string")
        kind = spec["kind"]
        if kind == "bot":
            level = spec.get("level", "medium")
            if level not in LEVELS:
                raise RequestError(
                    400, "bad_level", f"seat {number}: 'level' must be one of {', '.join(LEVELS)}"
                )
            return SeatRow(number, "bot", name or f"{level} bot", level=level)
        if kind == "invited":
            invitation = secrets.token_urlsafe(16)
            invitations[str(number)] = invitation
            return SeatRow(number, "invited", name, invitation_hash=hash_secret(invitation))
        return SeatRow(number, "open", name)

    def summary(self, table: Table) -> dict[str, Any]:
        """A table as the lobby lists it."""
        return summary(table.row)

    async def open_tables(self) -> list[dict[str, Any]]:
        """The tables with a seat open, oldest first."""
        rows = await self.store.tables(("open", "playing"))
        listed = []
        for row in rows:
            if any(seat.kind == "open" for seat in row.seats):
                table = self.tables.get(row.id)
                listed.append(summary(table.row if table else row))
        return listed

    async def join(self, table_id: str, body: dict[str, Any]) -> dict[str, Any]:
        """Take a seat: the one asked for (``seat``) or the first open one. An invited seat
        needs its ``invitation``. Returns the seat and its token, shown this once."""
        table = await self.table(table_id)
        name = body.get("name", "")
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise RequestError(400, "bad_name", f"'name' must be a string of at most {MAX_NAME}")
        async with table.lock:
            await table._catch_up()  # the seats as stored (another process may share them)
            if table.row.status == "over":
                raise RequestError(409, "over", "the match is over")
            wanted = body.get("seat")
            if wanted is None:
                free = [s for s in table.row.seats if s.kind == "open"]
                if not free:
                    raise RequestError(409, "no_seat", "no seat is open")
                seat = free[0]
            else:
                if (
                    isinstance(wanted, bool)
                    or not isinstance(wanted, int)
                    or not (0 <= wanted < len(table.row.seats))
                ):
                    raise RequestError(
                        400, "bad_seat", f"'seat' must be from 0 to {len(table.row.seats) - 1}"
                    )
                seat = table.row.seats[wanted]
            if seat.kind == "invited":
                if not _matches(body.get("invitation"), seat.invitation_hash):
                    raise RequestError(403, "bad_invitation", f"seat {seat.seat} is reserved")
            elif seat.kind != "open":
                raise RequestError(409, "seat_taken", f"seat {seat.seat} is not open")
            token = secrets.token_urlsafe(32)
            taken = SeatRow(seat.seat, "human", name or seat.name, token_hash=hash_secret(token))
            seats = [taken if s.seat == seat.seat else s for s in table.row.seats]
            status = _status(seats) if table.row.status == "open" else table.row.status
            try:
                await self.store.update_seat(table.row.id, taken, status, was=seat)
            except StaleSeatError:
                raise RequestError(
                    409, "seat_taken", f"seat {seat.seat} was taken at the same moment"
                ) from None
            table.row.seats = seats
            table.row.status = status
            table.broadcast_seats()
        table.schedule()
        return {"table": table.row.id, "seat": taken.seat, "token": token}

    async def leave(self, table_id: str, body: dict[str, Any]) -> dict[str, Any]:
        """Give a seat back (it is open again; in play, the clock covers it). Needs its
        ``token``, which stops working."""
        table = await self.table(table_id)
        async with table.lock:
            await table._catch_up()
            seat = table.seat_of(body.get("token"))
            if seat is None:
                raise RequestError(403, "bad_token", "no seat of this table has that token")
            freed = SeatRow(seat, "open", "")
            try:
                await self.store.update_seat(
                    table.row.id, freed, table.row.status, was=table.row.seats[seat]
                )
            except StaleSeatError:
                raise RequestError(
                    403, "bad_token", "no seat of this table has that token"
                ) from None
            table.row.seats = [freed if s.seat == seat else s for s in table.row.seats]
            for connection in list(table.connections):
                if connection.seat == seat:
                    connection.seat = None  # it watches from now on
            table.broadcast_seats()
        table.schedule()
        return {"table": table.row.id, "seat": seat, "left": True}

    async def replay(self, table_id: str, step: int | None) -> dict[str, Any]:
        """A finished match's log (``step`` None), or its state after ``step`` actions."""
        table = await self.table(table_id)
        if table.row.status != "over":
            raise RequestError(409, "not_over", "replays are given once the match is over")
        actions = await self.store.actions(table_id)
        if step is None:
            return {
                **self.summary(table),
                "seed": str(table.row.seed),
                "actions": [
                    {"step": a.step, "seat": a.seat, "action": a.action, "by": a.by, "at": a.at}
                    for a in actions
                ],
            }
        if not 0 <= step <= len(actions):
            raise RequestError(404, "no_step", f"steps run from 0 to {len(actions)}")
        game = cast(
            Game,
            cardcore.new_game(cast(Any, table.row.game), seed=table.row.seed, **table.row.options),
        )
        for action in actions[:step]:
            game.apply(action.action)
        return {
            "table": table_id,
            "step": step,
            "state": game.to_json(),
            # Every seat's view of that moment (the match is over: nothing is secret now),
            # for the browser's replay viewer.
            "observations": [game.observation(seat).to_dict() for seat in range(game.num_players)],
        }

    async def connect(self, table_id: str, send: Send) -> tuple[Table, Connection]:
        table = await self.table(table_id)
        connection = Connection(None, send)
        table.connections.add(connection)
        return table, connection


def summary(row: TableRow) -> dict[str, Any]:
    """A table as the lobby shows it: no state, no seed, no secret."""
    return {
        "table": row.id,
        "game": row.game,
        "options": row.options,
        "level": row.level,
        "clock": row.clock,
        "stake": row.stake,
        "status": row.status,
        "step": row.step,
        "seats": [
            {"seat": s.seat, "kind": s.kind, "name": s.name, "level": s.level} for s in row.seats
        ],
    }


def _status(seats: list[SeatRow]) -> str:
    return "open" if any(s.kind in ("open", "invited") for s in seats) else "playing"
