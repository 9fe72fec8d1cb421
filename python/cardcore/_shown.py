"""How the Python side of cardcore quotes a value in an error message, as the engine
does (docs/protocol.md, "Errors"): its ``repr``, cut after 200 characters; an integer
too long to write out, as its number of digits."""

from __future__ import annotations

import math

MAX_SHOWN = 200
"""The most characters of a value's repr a message quotes (the engine's ``MAX_QUOTED``)."""


def shown(value: object) -> str:
    """``value`` as a message quotes it: ``repr(value)`` when at most ``MAX_SHOWN``
    characters, else its first ones, ``...`` and its length."""
    try:
        text = repr(value)
    except ValueError:
        if isinstance(value, int):  # too many digits for Python to write out
            digits = math.floor(abs(value).bit_length() * math.log10(2)) + 1
            sign = "a negative" if value < 0 else "an"
            return f"{sign} integer of about {digits} digits"
        raise
    if len(text) <= MAX_SHOWN:
        return text
    return f"{text[:MAX_SHOWN]}... ({len(text)} characters)"
