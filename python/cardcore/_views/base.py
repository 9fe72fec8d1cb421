"""``GameView``: how ``cardcore play`` shows any game, and reads what the person types.

A game gets a richer table by subclassing it (``BroucView``, ``JulienView``) and
registering the subclass in ``cardcore.cli.VIEWS``.

What the person types means the same in every game, and is read here once
(``GameView.read``): ``q`` quits, ``?`` shows the help, a number picks from the
numbered list of legal choices the view shows (in the order shown: 1 is the
first), and a card is typed as rank then suit letter in any letter case
(``QH``, ``10s``). A game view adds only its own texts (Le Julien's bids, its
take and leave) by overriding ``parse_text``.
"""

from __future__ import annotations

import enum
import io
import re
from collections.abc import Callable, Sequence
from typing import TextIO

import cardcore
from cardcore import Action, Card, CardcoreError, Game, RandomBot
from cardcore._views.style import MAX_COLUMNS, Style, visible_len
from cardcore.bots import Bot, Opponents

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
"""The suit letters in the engine's order (face ids, legal actions), with their names."""

SPECTATOR = -1
"""The seat of a view that shows the whole table (``str(game)``): every seat named by
its number, every hand shown."""

QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "h", "help"})

NUMBER_RULE = (
    "the choice with that number in the list of your legal choices\n"
    "               shown before the prompt, in the order shown: 1 is the first"
)
"""The number rule, the same in every game; each game's ``?`` help states it."""


class Command(enum.Enum):
    """A typed line that is not a move: the help, or leaving the game."""

    HELP = "help"
    QUIT = "quit"


def wrap(line: str, width: int) -> list[str]:
    """``line`` cut at spaces into lines of at most ``width`` columns (escapes not counted),
    never inside a word; the lines after the first are indented under the text after a
    label (``   Trick:     ``), or two columns deeper than the line. Items set apart by
    two spaces (``1:7 hearts  2:pass``) are kept whole on a line when they fit. A word
    longer than the width stays whole on its own line."""
    if visible_len(line) <= width:
        return [line]
    label = re.match(r"( *(?:\S+ ){0,2}?\S*: +)\S", line)
    if label is not None and not (line.startswith(" ") or label.group(1).endswith("  ")):
        label = None  # prose (``Trumps: both jokers ...``), not a table's row
    if label is not None and len(label.group(1)) <= width // 3:
        indent = " " * len(label.group(1))
    else:
        indent = " " * (len(line) - len(line.lstrip(" ")) + 2)
    start = len(label.group(1)) if label is not None else len(line) - len(line.lstrip(" "))
    body = line[start:]
    lines: list[str] = []
    current = line[:start]
    fresh = True  # nothing on the current line yet but its indent
    for unit in body.split("  "):
        unit = unit.strip(" ")
        if not unit:
            continue
        joined = current if fresh else current + "  "
        if visible_len(joined + unit) <= width:
            current, fresh = joined + unit, False
            continue
        if not fresh and visible_len(indent + unit) <= width:
            lines.append(current)
            current, fresh = indent + unit, False
            continue
        for number, word in enumerate(unit.split(" ")):
            separator = "" if fresh else "  " if number == 0 else " "
            if not fresh and visible_len(current + separator + word) > width:
                lines.append(current)
                current, fresh = indent + word, False
            else:
                current, fresh = current + separator + word, False
    lines.append(current)
    return lines


def count(value: object) -> str:
    """A value as the command line writes it: integers with thousands separators."""
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def numbered(items: Sequence[object]) -> str:
    """``1:QH  2:10S``: the items with the numbers the person may type for them."""
    return "  ".join(f"{i}:{item}" for i, item in enumerate(items, 1))


def rank_suit(card: Card) -> tuple[str, str]:
    """A card's rank and suit letter as written: ``10S`` is ``("10", "S")``."""
    text = str(card)
    return text[:-1], text[-1]


class GameView:
    """How ``cardcore play`` shows a game to the person at ``seat``; generic over the protocol.

    The play loop calls ``start`` once, ``show_turn`` before each of the person's
    prompts, ``read`` on each line typed, ``before_apply`` and ``after_apply``
    around every move (the person's and the bots'), ``finish`` at the end.
    ``choices`` are the legal choices in the order the view numbers them; every
    card is written through ``style`` (symbols and colour on a terminal, letters
    elsewhere: see ``cardcore._views.style``). Games with a richer table subclass
    it (see ``BroucView``).
    """

    def __init__(self, game: Game, seat: int, out: TextIO, style: Style | None = None) -> None:
        self.game = game
        self.seat = seat
        self.out = out
        self.style = Style.for_stream(out) if style is None else style

    default_level: Opponents = "medium"
    """The other seats' level when ``cardcore play`` is given none."""

    def bot(self, seat: int, seed: int, level: Opponents) -> Bot:
        """The player at another seat, from its seed (``cardcore.cli.bot_seeds``)."""
        del seat
        if level == "random":
            return RandomBot(seed)
        return cardcore.bots.make(self.game.name, level, seed=seed)

    title = ""
    """The game's name as the views write it (``French Tarot``); ``game.name`` when empty."""

    width = MAX_COLUMNS
    """The columns a line may take: longer lines are wrapped at spaces (``wrap``);
    ``cardcore play`` sets the terminal's width, at most 80 (``style.columns``)."""

    @property
    def spectator(self) -> bool:
        """Whether the view shows the whole table (seat ``SPECTATOR``), not one seat's."""
        return self.seat == SPECTATOR

    # Names and output.
    def say(self, text: str = "") -> None:
        for line in text.split("\n"):
            self.out.write("\n".join(wrap(line, self.width)) + "\n")

    def say_lines(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.say(line)

    def name(self, seat: int) -> str:
        if self.spectator:
            return f"Seat {seat}"
        return "You" if seat == self.seat else f"Seat {seat}"

    def seats_text(self) -> str:
        """``You (seat 0), Left (seat 1), ...``: every seat in order, on one line."""
        return ", ".join(f"{self.name(s)} (seat {s})" for s in range(self.game.num_players))

    def hand_lines(self, text: Callable[[int], str]) -> list[str]:
        """``Your hand: ...`` from ``text(seat)``; a spectator's view: every seat's hand."""
        if self.spectator:
            seats = range(self.game.num_players)
            return [f"   {self.name(seat) + ':':<10} {text(seat)}" for seat in seats]
        return [f"   Your hand: {text(self.seat)}"]

    def captured(self, show: Callable[[], None]) -> list[str]:
        """The lines ``show()`` says, collected instead of written."""
        out, self.out = self.out, io.StringIO()
        try:
            show()
            return self.out.getvalue().splitlines()
        finally:
            self.out = out

    def status(self) -> str:
        """Who is to act, or that the game is over."""
        player = self.game.current_player
        if player is None:
            return "the game is over"
        if player == self.seat:
            return "you are to act"
        return f"{self.name(player)} is to act"

    def table_text(self) -> str:
        """The table as text (``str(game)``, ``str(observation)``): a title line, then what
        this seat sees now (a spectator: the whole table and every hand); the final
        result once the game is over."""
        title = self.title or self.game.name
        whose = "the whole table" if self.spectator else f"as seat {self.seat} sees it"
        lines = [f"{title}, {whose}: {self.status()}"]
        if self.game.is_over:
            lines += [line for line in self.captured(lambda: self.finish(False)) if line]
        else:
            lines += self.table()
        return "\n".join(row for line in lines for row in wrap(line, self.width))

    def table(self) -> list[str]:
        """The table now, whoever is to act: ``show_turn`` shows it before the choices."""
        g = self.game
        lines = [f"   Scores:    {self.per_seat(g.scores)}"]
        trump = getattr(g, "trump", None)
        letter = getattr(trump, "letter", None)
        if isinstance(letter, str):
            lines.append(
                f"   Trump:     {SUIT_NAMES.get(letter, letter)} ({self.style.suit(letter)})"
            )
        trick = getattr(g, "trick", None)
        if isinstance(trick, list) and trick:
            played = ", ".join(f"{self.name(seat)} {self.card(card)}" for seat, card in trick)
            lines.append(f"   Trick:     {played}")
        hand = getattr(g, "hand", None)
        if callable(hand):
            lines += self.hand_lines(lambda seat: self.cards(hand(seat)))
        return lines

    def per_seat(self, values: Sequence[object]) -> str:
        """``Left 1,250, Right -40``: a value per seat, counts with thousands separators."""
        return ", ".join(f"{self.name(seat)} {count(value)}" for seat, value in enumerate(values))

    def card(self, card: Card | None) -> str:
        """A card as shown on this output; ``??`` for one not seen."""
        return "??" if card is None else self.style.card(card)

    def cards(self, cards: Sequence[Card | None]) -> str:
        """Cards as shown on this output, ``-`` for none, ``??`` for one not seen."""
        return self.style.cards(cards)

    def hand(self) -> list[Card] | None:
        """The person's hand, for games that deal one (``game.hand(seat)``)."""
        hand = getattr(self.game, "hand", None)
        return list(hand(self.seat)) if callable(hand) else None

    # The hooks.
    def start(self) -> None:
        self.say(f"You are seat {self.seat} of {self.game.num_players}; the others are bots.")

    def show_turn(self) -> None:
        """The table from the game's accessors (those it has), then the numbered choices."""
        self.say()
        self.say(f"-- Your turn (seat {self.seat}), phase {self.game.phase}")
        self.say_lines(self.table())
        self.say("   Choices:   " + self.choices_text())

    def before_apply(self, player: int, action: Action) -> None:
        pass

    def after_apply(self, player: int, action: Action) -> None:
        verb = "play" if player == self.seat else "plays"
        self.say(f"{self.name(player)} {verb} {self.style.action(action)}")

    def finish(self, abandoned: bool) -> None:
        scores = self.per_seat(self.game.scores)
        if abandoned:
            self.say(f"Game abandoned. Scores so far: {scores}")
        else:
            self.say(f"Game over. Scores: {scores}")

    # The person's input: one rule for every game.
    def choices(self) -> list[Action]:
        """The person's legal choices in the order they are shown and numbered."""
        return self.game.legal_actions()

    def choices_text(self) -> str:
        """``1:QH  2:10S``: the choices as the view lists them, numbered for typing."""
        return numbered([self.style.action(action) for action in self.choices()])

    def prompt(self) -> str:
        return "Your move (number, action, ? for help, q to quit): "

    def nudge(self) -> str:
        """What to say when the person just presses Enter."""
        return "Type a card (e.g. QH), its number, ? for help or q to quit."

    def rules_help(self) -> str:
        """The game's own part of the ``?`` help: its rules in short, what it lets you type."""
        return "Type an action as it is written (e.g. QH), or its number in the list.\n"

    def help_text(self) -> str:
        """The ``?`` help: the game's part, then the rules of typing every game shares."""
        return self.rules_help() + self.typing_help()

    def typing_help(self) -> str:
        """How to type, the same in every game: numbers, cards, ``?`` and ``q``."""
        shown = ""
        if not self.style.plain:
            symbols = " ".join(self.style.suit(s) for s in SUIT_NAMES)
            shown = f"               (shown as {symbols}, typed with the letters)\n"
        return (
            "Typing, the same in every game:\n"
            f"  a number     {NUMBER_RULE}\n"
            "  a card       rank then suit letter, in any letter case: QH, 10S, ac\n"
            "               (S spades, H hearts, D diamonds, C clubs)\n"
            f"{shown}"
            "  ? or help    this help\n"
            "  q or quit    leave the game\n"
        )

    def read(self, line: str) -> Action | Command | str:
        """What a typed line means: a legal action, a command, or the message saying why
        it is neither."""
        text = line.strip()
        lowered = text.lower()
        if lowered in QUIT_WORDS:
            return Command.QUIT
        if lowered in HELP_WORDS:
            return Command.HELP
        if not text:
            return self.nudge()
        return self.parse(text)

    def parse(self, text: str) -> Action | str:
        """The legal action the person typed (a number, or the game's text for it), or the
        message explaining why it is not one."""
        if text.isascii() and text.isdigit():
            return self.parse_number(int(text))
        return self.parse_text(text)

    def parse_number(self, number: int) -> Action | str:
        """The choice numbered ``number`` in the list shown."""
        choices = self.choices()
        if not 1 <= number <= len(choices):
            return f"There is no number {number}: the choices go from 1 to {len(choices)}."
        return choices[number - 1]

    def parse_text(self, text: str) -> Action | str:
        """A typed action text (a game's view narrows it: cards only, bids, ...)."""
        try:
            action = self.game.action(text)
        except CardcoreError as exc:
            return f"{text!r} is not a move: {exc}"
        legal = self.game.legal_actions()
        if action not in legal:
            reason = self.refusal(action)
            why = f": {reason}" if reason else ""
            return (
                f"{self.style.action(action)} is not legal now{why}. Legal: {self.legal_text(', ')}"
            )
        return action

    def refusal(self, action: Action) -> str | None:
        """Why the engine refuses `action` now: its refusal's reason, the rule that
        refuses it (docs/protocol.md, "Errors"), without the seat and the legal list."""
        try:
            self.game.clone().apply(action)
        except CardcoreError as exc:
            _, _, reason = str(exc).partition(": ")
            return reason.rpartition("; legal: ")[0] or None
        return None

    def legal_text(self, separator: str = " ") -> str:
        """The legal actions as shown, for messages."""
        return separator.join(self.style.action(a) for a in self.game.legal_actions())

    def parse_card(self, text: str) -> Action | str:
        """A card typed as text (any letter case): its play, or why it cannot be played."""
        try:
            card = Card.parse(text)
        except CardcoreError:
            return f"{text!r} is not a card. Type a card like QH or 10S, its number, or ?."
        hand = self.hand()
        if hand is not None and card not in hand:
            return f"You do not hold {self.card(card)}."
        for action in self.game.legal_actions():
            if action.card == card:
                return action
        reason = self.why_illegal(card)
        why = f": {reason}" if reason else ""
        return f"{self.card(card)} cannot be played now{why}. Playable: {self.legal_text()}"

    def why_illegal(self, card: Card) -> str | None:
        """Why a held card cannot be played now: the engine's reason ([`refusal`][])."""
        try:
            action = self.game.action(str(card))
        except CardcoreError:
            return None
        return self.refusal(action)
