"""``cardcore play`` at 80 columns and 24 lines, and the thousands separators of every
count the command line prints.

Decided: lines are wrapped at spaces to the terminal's width, at most 80 columns (off a
terminal, 80); a word is never cut. The first line, the command that replays the game,
is written whole, to be copied. The introduction (from the command's first line to
the first deal's header) takes at most 12 lines, and each table the person is shown
(from its ``--`` line to the prompt) at most 24, so the table before every prompt fits a
24-line terminal, and the introduction with the first table when the bots have not
played many moves first (Jolly's bots may lay several melds before the person's first
turn: their moves are reported one per line).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import pytest

import cardcore
from cardcore import cli
from cardcore._views.style import visible_len

PLAYS: list[tuple[str, list[str]]] = [
    ("brouc", []),
    ("julien", []),
    ("julien", ["-o", "masked_talon=true"]),
    ("tarot", []),
    ("tarot", ["--players", "5"]),
    ("five_hundred", []),
    ("jolly", []),
    ("jolly", ["--players", "2"]),
]


def play(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, width: int | None
) -> tuple[str, list[int]]:
    """The output of ``cardcore play`` typing the first choice at every prompt (then
    quitting after 250), at ``width`` columns (None: as it chooses off a terminal), and
    the number of lines shown when each prompt appears."""
    if width is not None:
        monkeypatch.setattr(cli, "columns", lambda stream: width)
    out = io.StringIO()
    prompts: list[int] = []

    def answer(prompt: str) -> str:
        out.write(prompt)
        prompts.append(out.getvalue().count("\n") + 1)
        typed = "?" if len(prompts) == 2 else "1" if len(prompts) < 250 else "q"
        typed = "y" if len(prompts) > 250 else typed
        out.write(typed + "\n")
        return typed

    code = cli.main(argv, input_fn=answer, output=out, errors=out)
    assert code == 0, out.getvalue()
    return out.getvalue(), prompts


@pytest.mark.parametrize(("name", "extra"), PLAYS)
def test_play_fits_80_columns_and_24_lines(
    name: str, extra: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", name, "--seed", "4", "--single-deal", *extra]
    text, prompts = play(argv, monkeypatch, None)
    lines = text.splitlines()
    # The first line is the command that replays the game: written whole, to be copied.
    assert lines[0].startswith("cardcore play ")
    assert max(visible_len(line) for line in lines[1:]) <= 80
    # Wrapping changes only where lines end: the same words, none cut, as on one line.
    wide, _ = play(argv, monkeypatch, 10_000)
    assert text.split() == wide.split()
    assert max(visible_len(line) for line in wide.splitlines()) > 80  # it had to wrap
    assert "Typing, the same in every game:" in text  # the help is wrapped too
    # The introduction: up to the first deal's header, included.
    header = next(i for i, line in enumerate(lines) if line.startswith("=== "))
    assert header + 1 <= 12, "\n".join(lines[: header + 1])
    # Each table, from its first line to the prompt.
    starts = [i for i, line in enumerate(lines) if line.startswith("-- ")]
    assert len(starts) >= 3
    for prompt in prompts[: len(starts)]:
        start = max(i for i in starts if i < prompt)
        assert prompt - start <= 24, "\n".join(lines[start:prompt])


def test_play_wraps_to_a_narrower_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    text, _ = play(["play", "tarot", "--seed", "2", "--single-deal"], monkeypatch, 60)
    assert max(len(line) for line in text.splitlines()[1:]) <= 60


def test_columns_is_the_terminals_width_at_most_80(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from cardcore._views import style

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

        def fileno(self) -> int:
            return 1

    for width, expected in ((120, 80), (70, 70), (20, 40)):
        size = type("Size", (), {"columns": width, "lines": 24})
        monkeypatch.setattr(os, "get_terminal_size", lambda fd, size=size: size)
        assert style.columns(Terminal()) == expected
    assert style.columns(io.StringIO()) == 80


# Thousands separators.

_UNGROUPED = re.compile(r"(?<![\d.,])\d{4,}(?![\d.])")


def run(argv: list[str]) -> str:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(argv, output=out, errors=err)
    assert code in (0, 1), err.getvalue()
    return out.getvalue()


def counts_ungrouped(text: str, allowed: Callable[[str], bool]) -> list[str]:
    """The numbers of 4 digits or more written without separators, but those allowed."""
    return [m.group(0) for m in _UNGROUPED.finditer(text) if not allowed(m.group(0))]


def test_simulate_arena_and_check_group_thousands() -> None:
    seed = "12345"  # a seed is a name to type back, never grouped
    simulate = run(["simulate", "brouc", "--games", "1200", "--seed", seed, "--single-deal"])
    assert "1,200 single deals" in simulate
    assert counts_ungrouped(simulate, lambda n: n == seed) == []
    arena = run(
        ["arena", "brouc", "easy", "medium", "--matches", "1001", "--seed", seed, "--single-deal"]
    )
    assert "1,001 matches" in arena
    assert re.search(r"\d{1,3}(,\d{3})+ decisions in", arena)
    assert counts_ungrouped(arena, lambda n: n == seed) == []
    check = run(["check", "brouc", "--matches", "12", "--seed", "3"])
    assert re.search(r"\d{1,3}(,\d{3})+ decisions", check), check
    assert counts_ungrouped(check, lambda n: False) == []


def test_progress_counts_group_thousands() -> None:
    err = io.StringIO()
    bar = cli.ProgressBar(err, 12_000)
    bar(1_500, 12_000)
    assert "1,500/12,000 games" in err.getvalue()


@pytest.mark.parametrize(
    ("name", "options"), [("tarot", {"players": 4}), ("five_hundred", {}), ("julien", {})]
)
def test_play_summaries_group_thousands(name: str, options: dict[str, Any]) -> None:
    from cardcore._views.text import view

    game = cardcore.new_game(name, seed=1, **options)
    shown = view(game, 0)
    assert shown.per_seat([1234, -5678, 12, 1_000_000]) == (
        f"{shown.name(0)} 1,234, {shown.name(1)} -5,678, {shown.name(2)} 12, "
        f"{shown.name(3)} 1,000,000"
    )
    team_pair = getattr(shown, "team_pair", None)
    if team_pair is not None:
        assert team_pair((1250, -3000)) == "us 1,250, them -3,000"


@pytest.mark.parametrize("name", list(cardcore.GAMES))
def test_the_help_and_prompts_are_written_within_80_columns(name: str) -> None:
    """Written so: no line of the ``?`` help or of a prompt needs the wrapping."""
    from cardcore._views.text import view

    shown = view(cardcore.new_game(name, seed=1), 0)
    for text in (shown.help_text(), shown.prompt(), shown.nudge()):
        assert max(len(line) for line in text.splitlines()) <= 80, text
