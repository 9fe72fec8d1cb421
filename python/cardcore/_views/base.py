"""``GameView``: how ``cardcore play`` shows any game, from the protocol alone.

A game gets a richer table by subclassing it (``BroucView``, ``JulienView``) and
registering the subclass in ``cardcore.cli.VIEWS``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TextIO

from cardcore import Action, Card, CardcoreError, Game

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
"""The suit letters in the engine's order (face ids, legal actions), with their names."""


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
    prompts, ``before_apply`` and ``after_apply`` around every move (the person's
    and the bots'), ``finish`` at the end. ``choices`` numbers the person's options
    and ``parse`` turns a typed line into a legal action or an error message.
    Games with a richer table subclass it (see ``BroucView``).
    """

    def __init__(self, game: Game, seat: int, out: TextIO) -> None:
        self.game = game
        self.seat = seat
        self.out = out

    # Names and output.
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def name(self, seat: int) -> str:
        return "You" if seat == self.seat else f"Seat {seat}"

    # The hooks.
    def start(self) -> None:
        self.say(f"You are seat {self.seat} of {self.game.num_players}; the others are bots.")

    def show_turn(self) -> None:
        obs = self.game.observation(self.seat).to_dict()
        self.say()
        self.say(f"-- Your turn (seat {self.seat}), phase {self.game.phase}")
        for key, value in obs.items():
            self.say(f"   {key}: {json.dumps(value)}")
        self.say("   Choices:   " + numbered(self.choices()))

    def before_apply(self, player: int, action: Action) -> None:
        pass

    def after_apply(self, player: int, action: Action) -> None:
        verb = "play" if player == self.seat else "plays"
        self.say(f"{self.name(player)} {verb} {action}")

    def finish(self, abandoned: bool) -> None:
        scores = ", ".join(f"{self.name(s)} {v}" for s, v in enumerate(self.game.scores))
        if abandoned:
            self.say(f"Game abandoned. Scores so far: {scores}")
        else:
            self.say(f"Game over. Scores: {scores}")

    # The person's input.
    def choices(self) -> list[Action]:
        """What the person's numbers refer to: here the legal actions."""
        return self.game.legal_actions()

    def prompt(self) -> str:
        return "Your move (number, action, ? for help, q to quit): "

    def nudge(self) -> str:
        """What to say when the person just presses Enter."""
        return "Type a card (e.g. QH), its number, ? for help or q to quit."

    def help_text(self) -> str:
        return (
            "Type an action as it is written (e.g. QH), or its number in the list.\n"
            "  ? or help   this help\n"
            "  q or quit   leave the game\n"
        )

    def parse(self, text: str) -> Action | str:
        """The legal action the person typed, or the message explaining why it is not one."""
        legal = self.game.legal_actions()
        if text.isascii() and text.isdigit():
            choices = self.choices()
            number = int(text)
            if not 1 <= number <= len(choices):
                return f"There is no number {number}: the numbers go from 1 to {len(choices)}."
            action = choices[number - 1]
        else:
            try:
                action = self.game.action(text)
            except CardcoreError as exc:
                return f"{text!r} is not a move: {exc}"
        if action not in legal:
            return f"{action} is not legal now. Legal: {' '.join(map(str, legal))}"
        return action
