"""How ``cardcore play`` writes cards: suit symbols and colour on a terminal, letters elsewhere.

One decision per output stream, made here (``Style.for_stream``) and used by every
view. What the person types never changes: cards are always typed as rank then
suit letter (``QH``, ``10S``), whatever the display.

``auto`` (the default) shows ``♠ ♥ ♦ ♣``, hearts and diamonds in red (ANSI
escapes), only when the stream is a terminal, the environment variable
``NO_COLOR`` is unset or empty (https://no-color.org) and ``TERM`` is not
``dumb``; otherwise the plain letters (``QH``). ``always`` and ``never`` force
the choice, as a command-line option overrides ``NO_COLOR``. The symbols are
left out, colour or not, when the stream's encoding cannot write them.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from typing import Literal

from cardcore import Action, Card

ColorMode = Literal["auto", "always", "never"]
COLOR_MODES: tuple[ColorMode, ...] = ("auto", "always", "never")

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
"""The suit letters and their symbols: ♠ ♥ ♦ ♣."""

RED_SUITS = frozenset({"H", "D"})
RED = "\x1b[31m"
RESET = "\x1b[0m"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def is_terminal(stream: object) -> bool:
    """Whether ``stream`` says it is a terminal (a closed or odd stream is not)."""
    isatty = getattr(stream, "isatty", None)
    if isatty is None:
        return False
    try:
        return bool(isatty())
    except (OSError, ValueError):  # a closed stream
        return False


def can_write_symbols(stream: object) -> bool:
    """Whether the stream's encoding can write the suit symbols (no encoding: text, yes)."""
    encoding = getattr(stream, "encoding", None)
    if not isinstance(encoding, str):
        return True
    try:
        "".join(SUIT_SYMBOLS.values()).encode(encoding)
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def wants_color(
    stream: object, mode: ColorMode = "auto", environ: Mapping[str, str] | None = None
) -> bool:
    """The one decision: symbols and colour on ``stream`` under ``mode`` (see the module)."""
    if mode == "always":
        return True
    if mode == "never":
        return False
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR", ""):
        return False
    if env.get("TERM", "") == "dumb":
        return False
    return is_terminal(stream)


MAX_COLUMNS = 80
"""The widest the views write: lines are wrapped at spaces to the terminal's width, at
most this."""


def columns(stream: object) -> int:
    """The columns the views may fill on ``stream``: the terminal's width, at most
    ``MAX_COLUMNS`` (and at least 40); ``MAX_COLUMNS`` off a terminal."""
    if not is_terminal(stream):
        return MAX_COLUMNS
    try:
        width = os.get_terminal_size(stream.fileno()).columns  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return MAX_COLUMNS
    return max(40, min(MAX_COLUMNS, width))


def visible_len(text: str) -> int:
    """The width of ``text`` on a terminal: its length without the ANSI escapes."""
    return len(_ANSI.sub("", text))


class Style:
    """How cards, suits and actions are written: ``Q♥`` in red, or ``QH``.

    ``symbols`` writes ``♠ ♥ ♦ ♣`` for the suit letters, ``color`` writes hearts
    and diamonds in red. ``Style()`` is the plain style.
    """

    def __init__(self, *, symbols: bool = False, color: bool = False) -> None:
        self.symbols = symbols
        self.color = color

    @classmethod
    def for_stream(
        cls,
        stream: object,
        mode: ColorMode = "auto",
        environ: Mapping[str, str] | None = None,
    ) -> Style:
        """The style for ``stream``: decided by ``wants_color``; no symbols the stream
        cannot encode."""
        if not wants_color(stream, mode, environ):
            return cls()
        return cls(symbols=can_write_symbols(stream), color=True)

    @property
    def plain(self) -> bool:
        return not (self.symbols or self.color)

    def _paint(self, text: str, suit: str) -> str:
        if self.color and suit in RED_SUITS:
            return f"{RED}{text}{RESET}"
        return text

    def suit(self, letter: str) -> str:
        """A suit letter as shown: ``♥`` (red) or ``H``; anything else unchanged."""
        if letter not in SUIT_SYMBOLS:
            return letter
        return self._paint(SUIT_SYMBOLS[letter] if self.symbols else letter, letter)

    def card(self, card: Card) -> str:
        """A card as shown: ``Q♥`` (red) or ``QH``; cards without a suit as written."""
        text = str(card)
        suit = card.suit
        if suit is None:
            return text
        letter = suit.letter
        rank = text[: -len(letter)] if text.endswith(letter) else text
        return self._paint(rank + (SUIT_SYMBOLS[letter] if self.symbols else letter), letter)

    def cards(self, cards: Iterable[Card | None], empty: str = "-", hidden: str = "??") -> str:
        """Cards separated by spaces; ``empty`` for none, ``hidden`` for a ``None`` (unseen)."""
        shown = [hidden if card is None else self.card(card) for card in cards]
        return " ".join(shown) if shown else empty

    def action(self, action: Action) -> str:
        """An action as shown: its card for a card play, else its text."""
        card = action.card
        return self.card(card) if card is not None else str(action)

    def ljust(self, text: str, width: int) -> str:
        """``text`` padded to ``width`` columns, escapes not counted."""
        return text + " " * max(0, width - visible_len(text))
