"""``cardcore games --json`` and ``cardcore simulate --json``.

``--json`` writes one JSON document on stdout and nothing else, and no progress
bar; its keys are the ones ``--help`` documents and its figures are
``cardcore.simulate``'s for the same arguments.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from typing import Any

import pytest

import cardcore
from cardcore import cli
from cli_input import TtyStringIO

SIMULATE_KEYS = {
    "game",
    "options",
    "seed",
    "games",
    "threads",
    "decisions",
    "wins",
    "mean_scores",
    "elapsed_seconds",
    "decisions_per_second",
}
GAME_KEYS = {"name", "description", "players", "player_counts", "actions", "options"}
OPTION_KEYS = {"name", "kind", "default", "description"}


def run(argv: list[str], *, tty_err: bool = False) -> tuple[int, str, str]:
    out, err = io.StringIO(), TtyStringIO() if tty_err else io.StringIO()
    code = cli.main(argv, output=out, errors=err)
    return code, out.getvalue(), err.getvalue()


def help_text(command: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert cli.main([command, "--help"]) == 0
    return capsys.readouterr().out


# --------------------------------------------------------------------------------------
# cardcore games --json


def test_games_json_is_game_info(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["games", "--json"])
    assert code == 0, err
    assert err == ""
    document = json.loads(out)
    assert set(document) == {"games"}
    infos = cardcore.game_info()
    assert [g["name"] for g in document["games"]] == [i["name"] for i in infos]
    assert [g["name"] for g in document["games"]] == list(cardcore.GAMES)
    for game, info in zip(document["games"], infos, strict=True):
        assert set(game) == GAME_KEYS
        assert game["description"] == info["doc"]
        assert game["players"] == info["players"]
        assert game["player_counts"] == info["player_counts"]
        assert game["players"] in game["player_counts"]
        assert cardcore.new_game(game["name"], seed=0).num_players == game["players"]
        assert game["actions"] == info["actions"]
        assert [set(o) for o in game["options"]] == [OPTION_KEYS] * len(info["options"])
        for option, spec in zip(game["options"], info["options"], strict=True):
            assert option["name"] == spec["name"]
            assert option["kind"] == spec["kind"]
            assert option["default"] == spec["default"]
            assert option["description"] == spec["doc"]
        defaults = {o["name"]: o["default"] for o in game["options"]}
        assert cardcore.new_game(game["name"], seed=0).options == defaults
    documented = help_text("games", capsys)
    for key in (*GAME_KEYS, *OPTION_KEYS, "games"):
        assert key in documented


def test_games_json_brouc() -> None:
    document = json.loads(run(["games", "--json"])[1])
    brouc = next(g for g in document["games"] if g["name"] == "brouc")
    assert brouc["players"] == 4
    assert brouc["player_counts"] == [4]
    assert brouc["actions"] == 32
    target = next(o for o in brouc["options"] if o["name"] == "target")
    assert (target["kind"], target["default"]) == ("int", 30)


def test_games_json_tarot_is_played_at_three_to_five() -> None:
    document = json.loads(run(["games", "--json"])[1])
    tarot = next(g for g in document["games"] if g["name"] == "tarot")
    assert (tarot["players"], tarot["player_counts"], tarot["actions"]) == (4, [3, 4, 5], 183)
    for players in tarot["player_counts"]:
        assert cardcore.new_game("tarot", seed=0, players=players).num_players == players
    assert "tarot: 3 to 5 players, 183 actions" in run(["games"])[1]


# --------------------------------------------------------------------------------------
# cardcore simulate --json


@pytest.mark.parametrize(
    ("name", "extra", "options"),
    [
        ("brouc", [], {}),
        ("brouc", ["--single-deal", "--target", "20"], {"single_deal": True, "target": 20}),
        ("julien", [], {}),
        ("julien", ["-o", "tour_kind=speco", "--single-deal"], {"tour_kind": "speco"}),
    ],
)
@pytest.mark.parametrize("tty_err", [False, True])
def test_simulate_json_is_the_apis_summary(
    name: str, extra: list[str], options: dict[str, Any], tty_err: bool
) -> None:
    if "--single-deal" in extra:
        options = {**options, "single_deal": True}
    games, seed, threads = 123, 2**63 + 11, 2
    argv = ["simulate", name, "-n", str(games), "--seed", str(seed), "--threads", str(threads)]
    code, out, err = run([*argv, *extra, "--json"], tty_err=tty_err)
    assert code == 0, err
    assert err == "", "no progress bar with --json, even on a terminal"
    assert out.endswith("}\n")
    assert out.count("\n") == 1
    document = json.loads(out)
    assert set(document) == SIMULATE_KEYS
    api = cardcore.simulate(name, games=games, seed=seed, threads=threads, **options)
    assert document["game"] == api.game == name
    assert document["seed"] == seed
    assert document["games"] == api.games == games
    assert document["threads"] == api.threads == threads
    assert document["decisions"] == api.decisions
    assert document["wins"] == api.wins
    assert document["mean_scores"] == api.mean_scores
    assert document["options"] == cardcore.new_game(name, seed=seed, **options).options
    assert isinstance(document["elapsed_seconds"], float)
    assert document["elapsed_seconds"] > 0
    rate = document["decisions"] / document["elapsed_seconds"]
    assert document["decisions_per_second"] == pytest.approx(rate, rel=1e-9)
    # The options it reports run the same simulation again.
    again = cardcore.simulate(name, games=games, seed=seed, **document["options"])
    assert (again.decisions, again.wins) == (api.decisions, api.wins)


def test_simulate_json_keys_are_documented(capsys: pytest.CaptureFixture[str]) -> None:
    documented = help_text("simulate", capsys)
    assert "--json" in documented
    for key in SIMULATE_KEYS:
        assert key in documented


def test_simulate_json_errors_go_to_stderr() -> None:
    code, out, err = run(["simulate", "brouc", "-n", "3", "--target", "0", "--json"])
    assert code == 2
    assert out == ""
    assert err.startswith("cardcore: error:")


def test_simulate_json_in_a_pipe() -> None:
    """``cardcore simulate --json | consumer``: stdout parses, stderr is empty."""
    result = subprocess.run(
        [sys.executable, "-m", "cardcore", "simulate", "julien", "-n", "50", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        env=os.environ.copy(),
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert json.loads(result.stdout)["games"] == 50
