"""``cardcore serve`` plays whole matches: a real server process, real WebSocket clients
(two people and a spectator) and native bots at each game's table, every message checked
against the engine: each seat's against that seat's observation at that step (no card it
may not see), the spectator's against what every seat sees, the events against the log;
then the replay API gives the same match back, step by step."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Iterator
from typing import Any, cast

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed")
pytest.importorskip("uvicorn", reason="the server extra is not installed")
pytest.importorskip("websockets", reason="the server extra is not installed")


import cardcore
from cardcore import Game
from server_helpers import Client, Server, get, post, running

#: Short matches: one deal each, the smaller tables where a game has them.
MATCHES: dict[str, dict[str, Any]] = {
    "brouc": {"single_deal": True},
    "julien": {"single_deal": True},
    "tarot": {"players": 3, "single_deal": True},
    "five_hundred": {"single_deal": True},
    "jolly": {"players": 3, "single_deal": True},
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(tmp_path_factory.mktemp("serve") / "tables.db") as started:
        yield started


def cards(value: object) -> set[str]:
    """Every card named in a JSON value (in card texts and in action texts; in the
    canonical upper case only, so that Jolly's ``lay JK as 5D`` names no ace of spades)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= cards(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards(item)
    elif isinstance(value, str):
        words = value.split()
        for before, word in zip(["", *words], words, strict=False):
            if before == "as":
                continue  # a joker's designation (Jolly's lay JK as 5D), not a card
            with contextlib.suppress(cardcore.NotationError):
                if str(cardcore.Card.parse(word)) == word:
                    found.add(word)
    return found


def choose(legal: list[str], rng: random.Random) -> str:
    """A person's move: at random, but a Jolly player only draws and discards (a deal of
    random lays and take-backs may go on for thousands of steps; the bot goes out)."""
    plain = [text for text in legal if text.split()[0] in ("draw", "discard")]
    return rng.choice(plain or [text for text in legal if text != "undo"] or legal)


#: How long a seat waits before sending again an action refused as too fast (the server
#: refills 20 messages a second).
RATE_WAIT = 0.1


async def play_seat(client: Client, seed: int) -> None:
    """A person at machine speed: a refusal for the rate is waited out and the action sent
    again, as a program client does; any other refusal fails the test."""
    rng = random.Random(seed)
    sent: dict[str, Any] | None = None
    while True:
        message = await client.receive(timeout=60)
        if message["type"] == "error":
            assert message["code"] == "rate_limited", message
            assert sent is not None
            await asyncio.sleep(RATE_WAIT)
            await client.send(sent)
            continue
        if message["type"] != "state":
            continue
        if message["over"]:
            return
        if message["legal_actions"]:
            action = choose(message["legal_actions"], rng)
            step = message["step"]
            sent = {"type": "action", "token": client.token, "action": action, "step": step}
            await client.send(sent)


async def watch(client: Client) -> None:
    while not (await client.receive(timeout=60)).get("over"):
        pass


async def whole_match(server: Server, game: str) -> tuple[str, list[Client], Client, list[str]]:
    """Two people at seats 0 and 1, bots elsewhere, a spectator: played to the end."""
    seats = ["open", "open"] + [{"kind": "bot", "level": "medium"}] * 2
    players = MATCHES[game].get("players", 4)
    table = post(
        server,
        "/api/tables",
        {"game": game, "options": MATCHES[game], "seats": seats[:players], "level": "easy"},
    )
    first = post(server, f"/api/tables/{table['table']}/join", {"name": "Ann"})
    people = [await Client.open(server, table["table"], first["token"])]
    spectator = await Client.open(server, table["table"])
    second = post(server, f"/api/tables/{table['table']}/join", {"name": "Bob"})
    people.append(await Client.open(server, table["table"], second["token"]))
    await asyncio.gather(
        *(play_seat(client, seat) for seat, client in enumerate(people)), watch(spectator)
    )
    for client in [*people, spectator]:
        await client.close()
    return table["table"], people, spectator, [first["token"], second["token"]]


def replayed(log: dict[str, Any]) -> list[Game]:
    """The match's state after each number of actions, played again from its seed."""
    game = cast(Game, cardcore.new_game(log["game"], seed=int(log["seed"]), **log["options"]))
    states = [game.clone()]
    for entry in log["actions"]:
        game.apply(entry["action"])
        states.append(game.clone())
    return states


@pytest.mark.parametrize("game", list(MATCHES))
def test_a_whole_match_through_the_server_leaks_no_card(server: Server, game: str) -> None:
    table, people, spectator, tokens = asyncio.run(whole_match(server, game))
    log = get(server, f"/api/tables/{table}/replay")
    assert log["status"] == "over"
    states = replayed(log)
    assert states[-1].is_over
    assert [entry["step"] for entry in log["actions"]] == list(range(len(states) - 1))
    assert {entry["by"] for entry in log["actions"]} == {"human", "bot"}
    # The replay API gives the same states, step by step.
    for step in sorted({0, len(states) // 2, len(states) - 1}):
        answer = get(server, f"/api/tables/{table}/replay/{step}")
        assert json.loads(answer["state"]) == json.loads(states[step].to_json())
        assert answer["observations"] == [
            json.loads(json.dumps(states[step].observation(seat).to_dict()))
            for seat in range(states[step].num_players)
        ]

    for seat, client in enumerate(people):
        # No refusal but for the rate (a seat playing at machine speed, waited out).
        assert all(m["code"] == "rate_limited" for m in client.messages if m["type"] == "error")
        told = [m for m in client.messages if m["type"] == "state"]
        assert told[-1]["step"] == len(states) - 1
        # A state for every step from the seat's first message on.
        assert {m["step"] for m in told} >= set(range(told[0]["step"], len(states)))
        for message in told:
            truth = states[message["step"]].observation(seat)
            assert message["seat"] == seat
            assert message["observation"] == truth.to_dict()
            assert message["legal_actions"] == [str(a) for a in truth.legal_actions()]
        for event in (m for m in client.messages if m["type"] == "event"):
            step, actor = event["step"], event["seat"]
            assert log["actions"][step]["seat"] == actor
            if event["action"] is not None:
                assert event["action"] == log["actions"][step]["action"]
                seen = cards(states[step].observation(seat).to_dict())
                seen |= cards(states[step + 1].observation(seat).to_dict())
                assert cards(event["action"]) <= seen, (event["action"], seat)
            else:
                assert actor != seat  # a seat is always told its own action
        text = json.dumps(client.messages)
        assert all(token not in text for token in tokens)

    views = [m for m in spectator.messages if m["type"] == "view"]
    assert views[-1]["over"]
    for message in views:
        state = states[message["step"]]
        assert message["view"] == state.public_view()
        everyone = set.intersection(
            *(cards(state.observation(s).to_dict()) for s in range(state.num_players))
        )
        assert cards(message["view"]) <= everyone
    for event in (m for m in spectator.messages if m["type"] == "event"):
        if event["action"] is not None:
            step = event["step"]
            for s in range(states[step].num_players):
                seen = cards(states[step + 1].observation(s).to_dict())
                assert cards(event["action"]) <= seen | cards(
                    states[step].observation(s).to_dict()
                ), event["action"]
    assert all(token not in json.dumps(spectator.messages) for token in tokens)


def test_a_hidden_action_is_named_only_to_its_seat() -> None:
    """A Tarot discard is secret: the defence and spectators are told that the taker
    acted, not which cards went to the discard; a card played to a trick is public."""
    from cardcore.server.views import told

    for seed in range(200):
        game = cardcore.new_game("tarot", seed=seed, players=3, single_deal=True)
        while not game.is_over and game.phase != "discard":
            legal = game.legal_actions()
            bids = [a for a in legal if str(a) == "garde"]
            game.apply(bids[0] if bids else legal[0])
        if game.phase == "discard":
            break
    else:
        pytest.fail("no deal reached the discard")
    taker = game.current_player
    assert taker is not None
    discard = game.legal_actions()[0]
    assert told(game, discard) == (set(), False)
    while str(game.phase) != "play":
        game.apply(game.legal_actions()[0])
    leader = game.current_player
    assert leader is not None
    card = game.legal_actions()[0]
    assert told(game, card) == ({s for s in range(3) if s != leader}, True)
