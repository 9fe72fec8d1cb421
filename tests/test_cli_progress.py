"""``cardcore simulate``'s progress bar: drawn on stderr only when stderr is a terminal.

Piped or redirected, stderr gets nothing but errors; ``--no-progress`` keeps the
bar off on a terminal too. The summary on stdout is the same either way.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys

from cardcore import cli
from cli_input import TtyStringIO


def run(argv: list[str], *, tty_err: bool = False) -> tuple[int, str, str]:
    out, err = io.StringIO(), TtyStringIO() if tty_err else io.StringIO()
    code = cli.main(argv, output=out, errors=err)
    return code, out.getvalue(), err.getvalue()


def test_no_progress_bar_when_stderr_is_not_a_terminal() -> None:
    code, out, err = run(["simulate", "brouc", "-n", "50", "--seed", "4"])
    assert code == 0, err
    assert err == ""
    assert "simulate brouc: 50 whole games" in out
    assert "decisions/s" in out


def test_progress_bar_on_a_terminal() -> None:
    code, out, err = run(["simulate", "brouc", "-n", "50", "--seed", "4"], tty_err=True)
    assert code == 0, err
    assert "100%" in err
    assert "50/50 games" in err
    assert err.endswith("\n")
    assert "simulate brouc: 50 whole games" in out
    assert "50/50 games" not in out


def test_no_progress_on_a_terminal_keeps_it_off() -> None:
    code, _, err = run(["simulate", "brouc", "-n", "50", "--no-progress"], tty_err=True)
    assert code == 0, err
    assert err == ""


def test_the_summary_is_the_same_with_or_without_a_bar() -> None:
    argv = ["simulate", "julien", "-n", "80", "--seed", "9"]
    plain, bar = run(argv)[1], run(argv, tty_err=True)[1]
    figures = [line for line in plain.splitlines() if not line.lstrip().startswith(("time", "th"))]
    assert figures == [
        line for line in bar.splitlines() if not line.lstrip().startswith(("time", "th"))
    ]


def test_a_piped_run_writes_nothing_to_stderr() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardcore", "simulate", "brouc", "-n", "200"],
        capture_output=True,
        text=True,
        timeout=60,
        env=os.environ.copy(),
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "simulate brouc: 200 whole games" in result.stdout
