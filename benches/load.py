"""Load on ``cardcore serve``: many tables at once, each with one simulated person (a real
WebSocket client) and native bots, measuring the time from a person's action to the event
announcing it (median, p99) and the actions per second the server plays (people's and
bots' together), for each number of tables asked.

    python benches/load.py                      # 10, 50, 100 and 200 tables, 10 s each
    python benches/load.py --tables 500 --seconds 20 --think 2   # people take 2 s a move
    python benches/load.py --postgres postgresql://user:pw@127.0.0.1/db  # PostgreSQL
    python benches/load.py --url http://127.0.0.1:8000   # a server already running

Without ``--url`` it starts ``cardcore serve`` on a free port with a fresh SQLite file for
each step (the server and this client share the machine's cores). Each table is Brouc,
single deal, three ``easy`` bots; when a match ends, its person opens a new table. Needs
the ``server`` extra. Results: benches/README.md, "The server under load".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import secrets
import statistics
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from server_helpers import Server


def post(url: str, path: str, body: object) -> Any:
    call = urllib.request.Request(url + path, data=json.dumps(body).encode(), method="POST")
    with urllib.request.urlopen(call, timeout=60) as answer:
        return json.load(answer)


async def person(
    url: str, until: float, think: float, rng: random.Random, figures: dict[str, Any]
) -> None:
    """One simulated person: opens a table, plays its seat after ``think`` seconds (0: as
    soon as it may; else uniform between half and one and a half times it), measuring
    each action's round trip to its event; a new table when the match ends."""
    loop = asyncio.get_running_loop()
    seats = ["open"] + [{"kind": "bot", "level": "easy"}] * 3
    while loop.time() < until:
        body = {"game": "brouc", "options": {"single_deal": True}, "seats": seats}
        table = (await asyncio.to_thread(post, url, "/api/tables", body))["table"]
        joined = await asyncio.to_thread(post, url, f"/api/tables/{table}/join", {})
        ws_url = url.replace("http", "ws", 1) + f"/api/tables/{table}/ws"
        async with connect(ws_url, max_queue=None) as socket:
            await socket.send(json.dumps({"type": "join", "token": joined["token"]}))
            sent: dict[int, float] = {}
            while loop.time() < until:
                message = json.loads(await socket.recv())
                if message["type"] == "event":
                    figures["events"] += 1
                    if message["step"] in sent:
                        figures["latencies"].append(loop.time() - sent.pop(message["step"]))
                elif message["type"] == "state":
                    if message["over"]:
                        break
                    if message["legal_actions"]:
                        if think:
                            await asyncio.sleep(rng.uniform(think / 2, think * 1.5))
                        step = message["step"]
                        action = rng.choice(message["legal_actions"])
                        sent[step] = loop.time()
                        await socket.send(
                            json.dumps(
                                {
                                    "type": "action",
                                    "token": joined["token"],
                                    "action": action,
                                    "step": step,
                                }
                            )
                        )
                elif message["type"] == "error":
                    figures["errors"] += 1


async def run(url: str, tables: int, seconds: float, think: float) -> dict[str, Any]:
    figures: dict[str, Any] = {"events": 0, "errors": 0, "latencies": []}
    start = asyncio.get_running_loop().time()
    until = start + seconds
    await asyncio.gather(
        *(person(url, until, think, random.Random(i), figures) for i in range(tables))
    )
    elapsed = asyncio.get_running_loop().time() - start
    latencies = sorted(figures["latencies"])
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] if latencies else None
    return {
        "tables": tables,
        "seconds": round(elapsed, 1),
        "actions_per_second": round(figures["events"] / elapsed, 1),
        "person_actions": len(latencies),
        "median_ms": round(statistics.median(latencies) * 1000, 1) if latencies else None,
        "p99_ms": round(p99 * 1000, 1) if p99 is not None else None,
        "errors": figures["errors"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50, 100, 200])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument(
        "--think", type=float, default=0.0, help="a person's mean seconds per action (default 0)"
    )
    parser.add_argument(
        "--postgres",
        metavar="DSN",
        help="the servers keep their tables in this PostgreSQL database (a fresh schema per "
        "step) instead of SQLite",
    )
    parser.add_argument("--url", help="a server already running (default: start one per step)")
    args = parser.parse_args()
    print(f"{'tables':>6} {'actions/s':>10} {'median ms':>10} {'p99 ms':>8} {'errors':>6}")
    for tables in args.tables:
        with tempfile.TemporaryDirectory() as directory:
            flags: tuple[str, ...] = ()
            if args.postgres:
                schema = f"load_{secrets.token_hex(4)}"
                flags = ("--db", args.postgres, "--schema", schema)
            server = None if args.url else Server(Path(directory) / "load.db", flags=flags).start()
            url = args.url or (server.url if server else "")
            try:
                result = asyncio.run(run(url, tables, args.seconds, args.think))
            finally:
                if server is not None:
                    server.stop()
        print(
            f"{result['tables']:>6} {result['actions_per_second']:>10} "
            f"{result['median_ms']!s:>10} {result['p99_ms']!s:>8} {result['errors']:>6}",
            flush=True,
        )


if __name__ == "__main__":
    main()
