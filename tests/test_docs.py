"""The documentation's Python runs as written, prints what it says, and passes mypy --strict.

Every ```python block of README.md and of the site's pages (docs/**/*.md) is checked. A
page's blocks form one script, run in order, with the page's own line numbers (the lines
outside the blocks are left blank), so an error points at the Markdown line.

On a site page, the comment after a ``print(...)`` call is what that call prints: each
such line must print exactly once, exactly its comment. In the README's tour every
``print`` shows its output the same way, optionally followed by ``": "`` and a word of
explanation; the tour also runs as a script (``python README-tour.py`` prints those
values, in order) and pastes into the interactive interpreter line by line, printing the
same. tests/test_readme.py checks the tour's values again (and runs against the built
wheel).

Every game has a tutorial page, listed in the tutorial's index and the site's navigation,
and its rules page opens with the game in brief, before its sources.
"""

from __future__ import annotations

import builtins
import code
import contextlib
import io
import re
import subprocess
import sys
import tomllib
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from mypy import api as mypy_api

import cardcore

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = sorted((ROOT / "docs").rglob("*.md"))
# The pages whose code must exist: a test that found no block would check nothing.
TUTORIAL = ["index.md", "tutorial/play.md", "tutorial/bots.md", "tutorial/simulate.md"]
TUTORIAL += ["tutorial/save.md", "tutorial/analyze.md"]
TUTORIAL += [f"tutorial/{game}.md" for game in cardcore.GAMES]

_BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
_COMMENTED_PRINT = re.compile(r"^\s*print\(.*\)\s+# (.*)$")


def script(page: Path) -> str:
    """The page's Python blocks as one script, each line at its line number in the page."""
    text = page.read_text(encoding="utf-8")
    lines = [""] * (text.count("\n") + 1)
    for block in _BLOCK.finditer(text):
        first = text.count("\n", 0, block.start(1))
        for offset, line in enumerate(block.group(1).splitlines()):
            lines[first + offset] = line
    return "\n".join(lines) + "\n"


def pages_with_code() -> list[Path]:
    return [page for page in PAGES if _BLOCK.search(page.read_text(encoding="utf-8"))]


def test_the_tutorial_pages_have_code() -> None:
    found = {page.relative_to(ROOT / "docs").as_posix() for page in pages_with_code()}
    assert set(TUTORIAL) <= found
    assert _BLOCK.search(README.read_text(encoding="utf-8"))


def run(page: Path) -> dict[int, list[str]]:
    """Runs the page's script; what each of its lines printed, by line number."""
    filename = str(page)
    printed: dict[int, list[str]] = defaultdict(list)

    def recording_print(
        *values: object,
        sep: str | None = " ",
        end: str | None = "\n",
        file: Any = None,
        flush: bool = False,
    ) -> None:
        caller = sys._getframe(1)
        if file is None and caller.f_code.co_filename == filename:
            text = io.StringIO()
            builtins.print(*values, sep=sep, end="", file=text)
            printed[caller.f_lineno].append(text.getvalue())
        else:
            builtins.print(*values, sep=sep, end=end, file=file, flush=flush)

    namespace: dict[str, Any] = {"__name__": "__doc_page__", "print": recording_print}
    exec(compile(script(page), filename, "exec"), namespace)
    return printed


def shows(comment: str, printed: str) -> bool:
    """Whether a README comment shows what its line printed: exactly, or followed by ': '
    and an explanation."""
    return comment == printed or comment.startswith(printed + ": ")


def tour() -> str:
    """The README's tour: its one Python block, as a script."""
    blocks = _BLOCK.findall(README.read_text(encoding="utf-8"))
    assert len(blocks) == 1
    return str(blocks[0])


def shown_values() -> list[str]:
    """The comments of the tour's print lines, in order: what running it shows."""
    shown = []
    for line in tour().splitlines():
        if line.lstrip().startswith("print("):
            match = _COMMENTED_PRINT.match(line)
            assert match, f"a print without the value it shows: {line.strip()}"
            shown.append(match.group(1))
    assert len(shown) > 10, "the tour shows what its lines print"
    return shown


def test_the_readme_tour_prints_what_it_shows() -> None:
    printed = run(README)
    checked = 0
    for number, line in enumerate(script(README).splitlines(), start=1):
        match = _COMMENTED_PRINT.match(line)
        if match:
            where = f"README.md:{number}: {line.strip()}"
            assert len(printed.get(number, [])) == 1, where
            assert shows(match.group(1), printed[number][0]), where
            checked += 1
    assert checked == len(shown_values()) > 10


def test_the_readme_tour_runs_as_a_script(tmp_path: Path) -> None:
    file = tmp_path / "README-tour.py"
    file.write_text(tour(), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, file.name], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    shown = shown_values()
    assert len(lines) == len(shown), done.stdout
    for comment, line in zip(shown, lines, strict=True):
        assert shows(comment, line), (comment, line)


class _Console(code.InteractiveConsole):
    """The interactive interpreter, recording what it would write to stderr."""

    def __init__(self) -> None:
        super().__init__(locals={"__name__": "__console__"})
        self.errors: list[str] = []

    def write(self, data: str) -> None:
        self.errors.append(data)


def test_the_readme_tour_pastes_into_the_interactive_interpreter() -> None:
    """Pasted line by line, as into ``python`` at its prompt: a loop's body ends at a blank
    line, so an unindented line right after a block would be a syntax error there."""
    console = _Console()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for number, line in enumerate(tour().splitlines(), start=1):
            console.push(line)
            assert console.errors == [], f"README tour line {number}: {line}\n" + "".join(
                console.errors
            )
        more = console.push("")
    assert not more
    assert console.errors == []
    lines = out.getvalue().splitlines()
    shown = shown_values()
    assert len(lines) == len(shown), out.getvalue()
    for comment, line in zip(shown, lines, strict=True):
        assert shows(comment, line), (comment, line)


def test_installs_are_from_the_clone() -> None:
    """No release is published: the README and the pages install from a clone (``pip
    install .``, ``pip install '.[server]'``), never a ``cardcore`` from a package index."""
    for page in [README, *PAGES]:
        text = page.read_text(encoding="utf-8")
        for wrong in ("pip install cardcore", "pip install 'cardcore", 'pip install "cardcore'):
            assert wrong not in text, (page.relative_to(ROOT).as_posix(), wrong)


def test_every_game_is_taught() -> None:
    """Each game has its tutorial page, linked from the tutorial's index and in the
    site's navigation, and its rules page opens with the game in brief."""
    index = (ROOT / "docs" / "tutorial" / "index.md").read_text(encoding="utf-8")
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for game in cardcore.GAMES:
        assert (ROOT / "docs" / "tutorial" / f"{game}.md").is_file(), game
        assert f"({game}.md)" in index, game
        assert f": tutorial/{game}.md" in nav, game
        rules = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
        brief = rules.split("\n\n")[1]
        assert not brief.startswith("Sources"), game
        assert len(brief.split()) > 60, game
        assert "players" in brief, game
        assert rules.index(brief) < rules.index("Sources"), game


@pytest.mark.parametrize(
    "page", pages_with_code(), ids=lambda page: page.relative_to(ROOT / "docs").as_posix()
)
def test_the_page_runs_and_prints_what_it_says(page: Path) -> None:
    printed = run(page)
    checked = 0
    for number, line in enumerate(script(page).splitlines(), start=1):
        match = _COMMENTED_PRINT.match(line)
        if match:
            where = f"{page.name}:{number}: {line.strip()}"
            assert printed.get(number) == [match.group(1)], where
            checked += 1
    assert checked > 0


def test_the_readme_and_the_pages_pass_mypy_strict(tmp_path: Path) -> None:
    files = []
    for page in [README, *pages_with_code()]:
        name = page.relative_to(ROOT).with_suffix("").as_posix().replace("/", "_").lower()
        file = tmp_path / f"doc_{name}.py"
        file.write_text(script(page), encoding="utf-8")
        files.append(str(file))
    config = str(ROOT / "pyproject.toml")
    stdout, stderr, status = mypy_api.run(["--strict", "--config-file", config, *files])
    assert status == 0, stdout + stderr


def test_the_makefile_installs_the_docs_extra() -> None:
    with (ROOT / "pyproject.toml").open("rb") as file:
        extra = tomllib.load(file)["project"]["optional-dependencies"]["docs"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    line = re.search(r"^DOCS_REQUIREMENTS := (.*)$", makefile, re.M)
    assert line is not None
    assert re.findall(r'"([^"]+)"', line.group(1)) == extra
