"""Fed input for the command-line tests: the ``input`` function ``cardcore play`` calls."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

InputFn = Callable[[str], str]


class TtyStringIO(io.StringIO):
    """A text buffer that says it is a terminal, as ``sys.stdout`` does in a shell."""

    def isatty(self) -> bool:
        return True


def scripted(out: io.StringIO, lines: Iterator[str]) -> InputFn:
    """Input from ``lines``, echoed into ``out`` like a terminal; EOF once they run out."""

    def answer(prompt: str) -> str:
        out.write(prompt)
        try:
            line = next(lines)
        except StopIteration:
            raise EOFError from None
        out.write(line + "\n")
        return line

    return answer
