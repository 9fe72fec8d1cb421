"""The documentation's Python runs as written, prints what it says, and passes mypy --strict.

Every ```python block of README.md and of the site's pages (docs/**/*.md) is checked. A
page's blocks form one script, run in order, with the page's own line numbers (the lines
outside the blocks are left blank), so an error points at the Markdown line.

On a site page, the comment after a ``print(...)`` call is what that call prints: each
such line must print exactly once, exactly its comment. The README's tour is run and its
values are checked by tests/test_readme.py (which also runs against the built wheel).
"""

from __future__ import annotations

import builtins
import io
import re
import sys
import tomllib
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from mypy import api as mypy_api

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = sorted((ROOT / "docs").rglob("*.md"))
# The pages whose code must exist: a test that found no block would check nothing.
TUTORIAL = ["index.md", "tutorial/play.md", "tutorial/bots.md", "tutorial/simulate.md"]
TUTORIAL += ["tutorial/save.md"]

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
