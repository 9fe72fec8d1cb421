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
from collections.abc import Sequence
from typing import TextIO

import cardcore
from cardcore import Action, Card, CardcoreError, Game, RandomBot
from cardcore._views.style import Style
from cardcore.bots import Bot, Opponents

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
"""The suit letters in the engine's order (face ids, legal actions), with their names."""

QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "h", "help"})

NUMBER_RULE = (
    "the choice with that number in the list of your legal choices shown\n"
    "               before the prompt, in the order shown: 1 is the first"
)
"""The number rule, the same in every game; each game's ``?`` help states it."""


class Command(enum.Enum):
    """A typed line that is not a move: the help, or leaving the game."""

    HELP = "help"
    QUIT = "quit"


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

    # Names and output.
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def name(self, seat: int) -> str:
        return "You" if seat == self.seat else f"Seat {seat}"

    def per_seat(self, values: Sequence[object]) -> str:
        return ", ".join(f"{self.name(seat)} {value}" for seat, value in enumerate(values))

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
        g = self.game
        self.say()
        self.say(f"-- Your turn (seat {self.seat}), phase {g.phase}")
        self.say(f"   Scores:    {self.per_seat(g.scores)}")
        trump = getattr(g, "trump", None)
        letter = getattr(trump, "letter", None)
        if isinstance(letter, str):
            self.say(f"   Trump:     {SUIT_NAMES.get(letter, letter)} ({self.style.suit(letter)})")
        trick = getattr(g, "trick", None)
        if isinstance(trick, list) and trick:
            played = ", ".join(f"{self.name(seat)} {self.card(card)}" for seat, card in trick)
            self.say(f"   Trick:     {played}")
        hand = self.hand()
        if hand is not None:
            self.say(f"   Your hand: {self.cards(hand)}")
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
