"""The text of a game or an observation: ``str(game)``, ``str(observation)``.

The binding's ``__str__`` calls ``game_text`` or ``observation_text`` here, so the
Rust core writes no text of its own and every table is drawn by the views of
``cardcore play``, in plain letters (no colour, no suit symbols), wrapped at 80
columns:

- an observation shows what its seat sees, as ``cardcore play`` shows it to the person
  at that seat: the seat's own hand, the table, the others named by where they sit
  (Left, Right, Partner...). It is drawn from a game the seat cannot tell from the one
  observed (``observation.determinize``): the views show only what the seat may know,
  so the text depends on the observation alone.
- a game shows the whole table to a spectator: the seats named by number, the table as
  everyone sees it, then every seat's hand. The piles nobody sees (a chien or a kitty
  still face down, a masked talon, the stock) stay hidden, as at the table; the
  accessors and ``to_json()`` give the whole truth.

Once the game is over, both show its final scores and winners.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import TextIO

import cardcore
from cardcore._views.base import SPECTATOR, GameView
from cardcore._views.brouc import BroucView
from cardcore._views.five_hundred import FiveHundredView
from cardcore._views.jolly import JollyView
from cardcore._views.julien import JulienView
from cardcore._views.style import Style
from cardcore._views.tarot import TarotView

ViewFactory = Callable[[cardcore.Game, int, TextIO, Style], GameView]
VIEWS: dict[str, ViewFactory] = {
    "brouc": BroucView,
    "julien": JulienView,
    "tarot": TarotView,
    "five_hundred": FiveHundredView,
    "jolly": JollyView,
}
"""Each game's table (``cardcore play``, ``str``); unlisted games use ``GameView``."""


def view(game: cardcore.Game, seat: int) -> GameView:
    """The plain view of ``game`` from ``seat`` (``SPECTATOR``: the whole table)."""
    return VIEWS.get(game.name, GameView)(game, seat, io.StringIO(), Style())


def game_text(game: cardcore.Game) -> str:
    """``str(game)``: the whole table, every hand (see the module)."""
    return view(game, SPECTATOR).table_text()


def observation_text(observation: cardcore.Observation, seed: int = 0) -> str:
    """``str(observation)``: what its seat sees (see the module); ``seed`` draws the game
    the view reads, and changes nothing shown."""
    return view(observation.determinize(seed=seed), observation.seat).table_text()
