"""Fed input for the command-line tests: the ``input`` function ``cardcore play`` calls."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

InputFn = Callable[[str], str]


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
