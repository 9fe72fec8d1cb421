"""``cardcore play``'s cards: suit symbols and red on a terminal, the letters elsewhere.

The one decision is ``cardcore._views.style``: ``--color auto`` (the default) shows
symbols and colour only when the output says it is a terminal, ``NO_COLOR`` is
unset or empty and ``TERM`` is not ``dumb``; ``always`` and ``never`` force it.
What the person types is the same notation whatever is shown.
"""

from __future__ import annotations

import io
import re

import pytest

import cardcore
from cardcore import cli
from cardcore._views.style import RED, RESET, SUIT_SYMBOLS, Style, wants_color
from cli_input import TtyStringIO, scripted

pytestmark = pytest.mark.usefixtures("wide_play")

SYMBOLS = re.compile("[" + "".join(SUIT_SYMBOLS.values()) + "]")
ESCAPE = "\x1b["
LETTER_CARD = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b")


@pytest.fixture
def terminal_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """An environment where a terminal gets colour: no NO_COLOR, an ordinary TERM."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")


def play_output(game: str, out: io.StringIO, *extra: str, lines: tuple[str, ...] = ()) -> str:
    """``cardcore play GAME --single-deal --seed 2 --level random EXTRA`` writing to
    ``out``: type ``lines``, then the end of input."""
    argv = ["play", game, "--single-deal", "--seed", "2", "--level", "random", *extra]
    code = cli.main(argv, input_fn=scripted(out, iter(lines)), output=out, errors=out)
    text = out.getvalue()
    assert code == 0, text
    assert "Traceback" not in text
    return text


def assert_plain(text: str) -> None:
    assert ESCAPE not in text
    assert not SYMBOLS.search(text)
    assert LETTER_CARD.search(text)


def assert_fancy(text: str) -> None:
    assert f"{RED}" in text
    assert RESET in text
    assert SYMBOLS.search(text)
    table = "\n".join(line for line in text.splitlines() if line.startswith("   "))
    assert not LETTER_CARD.search(re.sub(r"\x1b\[[0-9;]*m", "", table)), "no card in letters"


# --------------------------------------------------------------------------------------
# The decision


@pytest.mark.parametrize("game", cardcore.GAMES)
def test_plain_when_not_a_terminal(game: str, terminal_env: None) -> None:
    assert_plain(play_output(game, io.StringIO()))


@pytest.mark.parametrize("game", cardcore.GAMES)
def test_symbols_and_colour_on_a_terminal(game: str, terminal_env: None) -> None:
    assert_fancy(play_output(game, TtyStringIO()))


@pytest.mark.parametrize("game", cardcore.GAMES)
def test_color_always_forces_them(game: str, terminal_env: None) -> None:
    assert_fancy(play_output(game, io.StringIO(), "--color", "always"))


@pytest.mark.parametrize("value", ["1", "true", "0", "anything"])
def test_no_color_makes_a_terminal_plain(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("NO_COLOR", value)
    assert_plain(play_output("brouc", TtyStringIO()))
    assert_plain(play_output("julien", TtyStringIO()))


def test_an_empty_no_color_is_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("NO_COLOR", "")
    assert_fancy(play_output("brouc", TtyStringIO()))


def test_term_dumb_is_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "dumb")
    assert_plain(play_output("julien", TtyStringIO()))


def test_color_never_on_a_terminal(terminal_env: None) -> None:
    assert_plain(play_output("brouc", TtyStringIO(), "--color", "never"))


def test_color_always_overrides_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command-line choice overrides NO_COLOR (no-color.org)."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert_fancy(play_output("brouc", io.StringIO(), "--color", "always"))


def test_bad_color_is_a_usage_error() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["play", "brouc", "--color", "sometimes"], output=out, errors=err) == 2
    assert "usage: cardcore" in err.getvalue()
    assert "--color" in err.getvalue()


@pytest.mark.parametrize(
    ("mode", "tty", "env", "expected"),
    [
        ("auto", True, {}, True),
        ("auto", False, {}, False),
        ("auto", True, {"NO_COLOR": "1"}, False),
        ("auto", True, {"NO_COLOR": ""}, True),
        ("auto", True, {"TERM": "dumb"}, False),
        ("auto", True, {"TERM": "xterm"}, True),
        ("always", False, {"NO_COLOR": "1", "TERM": "dumb"}, True),
        ("never", True, {}, False),
    ],
)
def test_wants_color(mode: cli.ColorMode, tty: bool, env: dict[str, str], expected: bool) -> None:
    stream = TtyStringIO() if tty else io.StringIO()
    assert wants_color(stream, mode, env) is expected


# --------------------------------------------------------------------------------------
# How cards are written


def test_style_writes_cards() -> None:
    fancy, plain = Style(symbols=True, color=True), Style()
    qh, ts = cardcore.Card.parse("QH"), cardcore.Card.parse("10S")
    assert fancy.card(qh) == f"{RED}Q\u2665{RESET}"
    assert fancy.card(cardcore.Card.parse("7D")) == f"{RED}7\u2666{RESET}"
    assert fancy.card(ts) == "10\u2660"  # black suits keep the terminal's colour
    assert fancy.card(cardcore.Card.parse("AC")) == "A\u2663"
    assert plain.card(qh) == "QH"
    assert plain.card(ts) == "10S"
    assert fancy.cards([]) == "-"
    assert fancy.cards([qh, None]) == f"{RED}Q\u2665{RESET} ??"
    for text in ("21T", "EX", "RJ"):  # cards without a suit are written as they are
        assert fancy.card(cardcore.Card.parse(text)) == text
    assert fancy.ljust(fancy.card(qh), 4) == f"{RED}Q\u2665{RESET}  "


def test_no_symbols_where_the_encoding_cannot_write_them(terminal_env: None) -> None:
    ascii_tty = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    ascii_tty.isatty = lambda: True  # type: ignore[method-assign]
    style = Style.for_stream(ascii_tty)
    assert style.color
    assert not style.symbols
    assert style.card(cardcore.Card.parse("QH")) == f"{RED}QH{RESET}"


def test_typing_stays_the_letters_with_symbols_shown(terminal_env: None) -> None:
    """With symbols on, the person still types ``QH`` (any case); the help says so."""
    game = cardcore.new_game("julien", seed=2, single_deal=True)
    seeds = cli.bot_seeds(2, 4)
    bots = {s: cardcore.RandomBot(seeds[s]) for s in (1, 2, 3)}
    while game.current_player != 0 or game.phase == "bid":
        player = game.current_player
        assert player is not None
        game.apply(game.legal_actions()[0] if player == 0 else bots[player].act(game))
    card = game.legal_actions()[0].card
    assert card is not None
    out = TtyStringIO()
    text = play_output("julien", out, lines=("1", "?", str(card).lower()))
    assert "is not a card" not in text
    shown = Style(symbols=True, color=True).card(card)
    assert f"You play {shown}." in text or f"You lead {shown}." in text
    assert "typed with the letters" in text
    assert "rank then suit letter" in text
