"""``cardcore play`` keeps its word: the line it prints replays the game, quitting asks
first and can save the match for ``--load``; the other commands take the names and flags
players expect."""

from __future__ import annotations

import argparse
import io
import json
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardcore
from cardcore import bots, cli
from cli_input import scripted

pytestmark = pytest.mark.usefixtures("wide_play")


def play(argv: list[str], lines: Iterator[str]) -> tuple[int, str]:
    """``cardcore.cli.main(argv)`` with ``lines`` typed at its prompts: the exit code and
    everything it wrote."""
    out = io.StringIO()
    code = cli.main(argv, input_fn=scripted(out, lines), output=out, errors=out)
    return code, out.getvalue()


def first_choice_forever() -> Iterator[str]:
    while True:
        yield "1"


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "tarot", "--players", "5", "--seed", "11", "--single-deal"],
        [
            "play",
            "five_hundred",
            "--seed",
            "4",
            "--seat",
            "2",
            "--single-deal",
            "-o",
            "misere=true",
        ],
        ["play", "julien", "--seed", "9", "--single-deal", "-o", 'tour_kind="speco"'],
        ["play", "brouc", "--seed", "5", "--target", "12", "--level", "easy"],
    ],
)
def test_the_printed_line_replays_the_game_played(argv: list[str]) -> None:
    code, first = play(argv, first_choice_forever())
    assert code == 0, first
    line = first.splitlines()[0]
    words = shlex.split(line)
    assert words[:2] == ["cardcore", "play"]
    for word in argv[2:]:  # every option given is in the printed line
        assert word in words, (word, line)
    code, again = play(words[1:], first_choice_forever())
    assert code == 0, again
    assert again == first


def test_the_opponents_are_medium_bots_by_default() -> None:
    game = cardcore.new_game("tarot", seed=1)
    view = cli.TarotView(game, 0, io.StringIO())
    players = cli.play_bots(view, 1)
    assert sorted(players) == [1, 2, 3]
    for seat, bot in players.items():
        assert isinstance(bot, bots.NativeBot)
        assert bot.level == "medium", seat


def test_quitting_asks_first_and_no_goes_on() -> None:
    code, text = play(["play", "brouc", "--seed", "8"], iter(["q", "n", "1", "q", "y"]))
    assert code == 0
    assert text.count(cli.QUIT_PROMPT) == 2
    assert text.count("Game abandoned") == 1
    assert text.index("Game abandoned") > text.rindex(cli.QUIT_PROMPT)


def test_a_match_saved_at_the_prompt_resumes_with_load(tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    code, text = play(
        ["play", "julien", "--seed", "21", "--seat", "1", "--level", "easy"],
        iter(["1", "1", "q", f"s {saved}"]),
    )
    assert code == 0, text
    assert f"Resume with: cardcore play --load {saved}" in text
    document = json.loads(saved.read_text(encoding="utf-8"))
    assert (document["seat"], document["seed"], document["level"]) == (1, 21, "easy")
    state = cardcore.from_json(document["state"])
    assert len(state.history) >= 2
    code, resumed = play(["play", "--load", str(saved)], iter(["q", "y"]))
    assert code == 0, resumed
    assert resumed.splitlines()[0] == f"cardcore play --load {saved}"
    assert "Game abandoned" in resumed


def test_load_refuses_a_file_that_is_not_a_saved_match(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "brouc"}', encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["play", "--load", str(bad)], output=out, errors=err) == 2
    assert "is not a match saved by cardcore play" in err.getvalue()
    assert cli.main(["play", "--load", str(bad), "brouc"], output=out, errors=err) == 2
    assert cli.main(["play"], output=out, errors=err) == 2
    assert "name a game" in err.getvalue()


@pytest.mark.parametrize(
    ("text", "name"),
    [("500", "five_hundred"), ("Brouc", "brouc"), ("Le Julien", "julien"), ("TAROT", "tarot")],
)
def test_games_are_named_as_players_name_them(text: str, name: str) -> None:
    assert cli.game_name(text) == name
    out, err = io.StringIO(), io.StringIO()
    argv = ["simulate", text, "--matches", "3", "--json"]
    assert cli.main(argv, output=out, errors=err) == 0, err.getvalue()
    assert json.loads(out.getvalue())["game"] == name


def test_simulate_counts_matches_as_arena_and_check_do() -> None:
    outputs = []
    for flag in ("--matches", "--games", "-n"):
        out, err = io.StringIO(), io.StringIO()
        assert cli.main(["simulate", "brouc", flag, "7", "--json"], output=out, errors=err) == 0
        outputs.append(json.loads(out.getvalue())["games"])
    assert outputs == [7, 7, 7]


def test_arena_with_one_level_is_a_usage_error() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["arena", "brouc", "medium"], output=out, errors=err) == 2
    assert "2 or more levels" in err.getvalue()
    assert "lineup" not in err.getvalue()


def test_check_takes_options_as_play_does() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["check", "tarot", "-o", "players=3", "--matches", "2", "--jobs", "1", "--no-progress"]
    assert cli.main(argv, output=out, errors=err) == 0, err.getvalue()
    both = [*argv, "--options", '{"players": 4}']
    assert cli.main(both, output=out, errors=err) == 2


def test_check_states_refuses_a_line_that_is_no_state(tmp_path: Path) -> None:
    states = tmp_path / "states.txt"
    states.write_text(cardcore.new_game("brouc", seed=1).to_json() + "\nnot json\n")
    out, err = io.StringIO(), io.StringIO()
    argv = ["check", "--states", str(states), "--no-progress", "--jobs", "1"]
    assert cli.main(argv, output=out, errors=err) == 2
    assert "line 2 is not JSON" in err.getvalue()


def test_an_option_out_of_range_says_its_range_in_words() -> None:
    with pytest.raises(cardcore.OptionError, match="expected 3 to 5, got 6"):
        cardcore.new_game("tarot", seed=1, players=6)


def test_the_top_level_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    text = capsys.readouterr().out
    for command in ("games", "play", "simulate", "arena", "check"):
        assert command in text


def test_the_command_line_page_names_every_command_and_flag() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text("utf-8")
    parser = cli.build_parser()
    (commands,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in commands.choices.items():
        assert f"## `cardcore {name}`" in page, name
        for action in sub._actions:
            for flag in action.option_strings:
                if flag not in ("-h", "--help"):
                    assert f"`{flag}" in page, (name, flag)
