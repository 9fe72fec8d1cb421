"""``JollyView``: the Jolly table for ``cardcore play`` (docs/rules/jolly.md).

The person sees what a player sees: their hand, the row, every meld on the table
numbered (who placed each card, what each joker stands for), the meld they are
building, who has opened, the stock's size and each round's scores. A meld is built a
card at a time from the numbered choices (``lay 9H``, ``lay JK as 10H``), ``close``
lays it, ``on meld 3`` then a card lays off or swaps a joker, and ``undo`` takes back
the last step that may be. Scores are read from the engine's records.

The other seats are the ``medium`` bots unless ``--level`` says otherwise: a uniformly
random player rarely goes out, so its rounds hardly end.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TextIO

import cardcore
from cardcore import Action, Card, CardcoreError, Game
from cardcore._views.base import GameView
from cardcore._views.style import Style

_CARD = re.compile(r"\b(10|[2-9AJQK])([SHDC])\b")


@dataclass
class _JollyBefore:
    """What ``JollyView`` remembers of the table just before a move."""

    round: int
    melds: int
    building: list[str]
    finished: int
    hand: list[Card]
    selected: int | None
    opened: bool
    row: list[Card]


ROLES = {
    2: ("You", "Opponent"),
    3: ("You", "Left", "Right"),
    4: ("You", "Left", "Across", "Right"),
}
"""Seats relative to the person's: play is clockwise, to the left (docs/rules/jolly.md)."""


class JollyView(GameView):
    """The Jolly table: the row, the numbered melds, the meld being built, the hand,
    and each round's result."""

    def __init__(self, game: Game, seat: int, out: TextIO, style: Style | None = None) -> None:
        super().__init__(game, seat, out, style)
        if not isinstance(game, cardcore.jolly.Jolly):
            raise TypeError(f"JollyView shows a Jolly game, not {game.name}")
        self.jolly = game
        self.before: _JollyBefore | None = None
        # A bot's turn so far: its seat and what it did, told in one line when it ends.
        self.bot_turn: tuple[int, list[str]] | None = None

    title = "Jolly"

    def name(self, seat: int) -> str:
        if self.spectator:
            return f"Seat {seat}"
        return ROLES[self.jolly.num_players][(seat - self.seat) % self.jolly.num_players]

    def does(self, seat: int, verb: str) -> str:
        return f"{self.name(seat)} {verb if seat == self.seat else verb + 's'}"

    def text(self, text: str) -> str:
        """A text with its cards drawn by the style (``lay JK as 10♥``)."""
        return _CARD.sub(lambda m: self.style.card(Card(m.group(0))), text)

    def meld_text(self, meld: cardcore.jolly.Meld, marked: bool = True) -> str:
        """A meld's cards, each joker with what it stands for, and (``marked``) who
        placed each."""
        shown = []
        for card, stands_for, by in meld.cards:
            text = self.card(card)
            if str(card) == "JK":
                text += f"({self.card(stands_for)})" if stands_for else "(?)"
            mine = by == self.seat and not self.spectator
            shown.append(text if mine or not marked else f"{text}'{by}")
        return " ".join(shown)

    # The hooks.
    def start(self) -> None:
        g = self.jolly
        length = (
            "a single round" if g.options["single_deal"] else f"a match to {g.options['target']}"
        )
        self.say(
            f"Jolly, {length}: you are seat {self.seat} of {g.num_players}; the others are bots."
        )
        self.say(
            "Lay sets and runs a card at a time; your first melds must total 40. "
            "Type ? at any prompt for the rules in short."
        )
        self.round_header()

    def round_header(self) -> None:
        g = self.jolly
        self.say()
        first = (g.dealer + 1) % g.num_players
        self.say(
            f"=== Round {g.deal_number}: {self.does(g.dealer, 'deal')}; "
            f"{self.name(first)} begins. ==="
        )

    def show_turn(self) -> None:
        self.tell_bot_turn()
        self.say()
        self.say_lines(self.table())
        self.say(f"   Choices:   {self.choices_text()}")

    def table(self) -> list[str]:
        g = self.jolly
        if self.spectator:
            opened = ", ".join(self.name(s) for s in range(g.num_players) if g.opened[s])
            state = f"opened: {opened or 'nobody'}"
        else:
            state = "you have " + ("opened" if g.opened[self.seat] else "not opened (40 to open)")
        lines = [
            f"-- Round {g.deal_number}, {g.phase} | {state}",
            f"   Scores:    {self.per_seat(g.scores)}",
            f"   Hands:     {self.per_seat([len(g.hand(s)) for s in range(g.num_players)])}; "
            f"stock {g.stock_size}",
            f"   Row:       {self.cards(g.row)}",
        ]
        for index, meld in enumerate(g.melds):
            pending = " (pending)" if index >= len(g.melds) - g.pending else ""
            marker = "*" if g.selected == index else " "
            lines.append(f"  {marker}meld {index}: {self.meld_text(meld)}{pending}")
        if g.building is not None:
            lines.append(f"   Building:  {self.meld_text(g.building)}")
        if g.taken:
            lines.append(
                f"   Taken:     {self.cards(g.taken)} (a single card taken may not be discarded)"
            )
        return lines + self.hand_lines(lambda seat: self.cards(g.hand(seat)))

    def choices_text(self) -> str:
        return "  ".join(
            f"{i}:{self.text(str(action))}" for i, action in enumerate(self.choices(), 1)
        )

    def before_apply(self, player: int, action: Action) -> None:
        g = self.jolly
        if self.bot_turn is not None and self.bot_turn[0] != player:
            self.tell_bot_turn()
        building = [] if g.building is None else [str(c) for c, _s, _b in g.building.cards]
        self.before = _JollyBefore(
            g.deal_number,
            len(g.melds),
            building,
            len(g.finished_deals),
            g.hand(self.seat),
            g.selected,
            g.opened[player],
            g.row,
        )

    def after_apply(self, player: int, action: Action) -> None:
        g = self.jolly
        before, self.before = self.before, None
        if before is None:
            super().after_apply(player, action)
            return
        moved_on = g.deal_number != before.round
        if player == self.seat:
            self.tell_my_step(action, before, moved_on)
        else:
            self.note_bot_step(player, action, before, moved_on)
        if moved_on or g.is_over:
            self.tell_bot_turn()
        if moved_on:
            for finished in g.finished_deals[before.finished :]:
                if finished.result is not None:
                    self.report_round(finished.number, finished.result)
            if not g.is_over:
                self.round_header()
        elif g.is_over and g.result is not None:
            self.report_round(g.deal_number, g.result)

    def tell_my_step(self, action: Action, before: _JollyBefore, moved_on: bool) -> None:
        """The person's step, told at once (the cards drawn named)."""
        g = self.jolly
        if action.kind == "draw":
            drawn = list(g.hand(self.seat))
            for card in before.hand:
                drawn.remove(card)
            self.say(f"You draw {self.cards(drawn)}.")
        elif action.kind == "take":
            self.say(f"You take {self.taken_text(action, before)} from the row.")
        elif action.kind == "close" and not moved_on:
            self.say(f"You lay meld {len(g.melds) - 1}: {self.meld_text(g.melds[-1])}.")
            if g.opened[self.seat] and not before.opened:
                self.say(f"  -> You open ({self.opened_value(self.seat)} on the table).")
        elif action.kind == "lay" and before.selected is not None and not moved_on:
            target = f"meld {before.selected}: {self.meld_text(g.melds[before.selected])}"
            self.say(f"You lay off {self.text(str(action)[4:])} on {target}.")
        elif action.kind in ("lay", "select", "undo"):
            self.say(f"You {self.text(str(action))}.")
        elif action.kind == "discard":
            self.say(f"You discard {self.card(action.card)}.")

    def note_bot_step(
        self, player: int, action: Action, before: _JollyBefore, moved_on: bool
    ) -> None:
        """A bot's step, kept for the one line that tells its turn: the melds it lays
        are shown with their numbers on the table."""
        g = self.jolly
        step = None
        if action.kind == "draw":
            step = "draws"
        elif action.kind == "take":
            step = f"takes {self.taken_text(action, before)} from the row"
        elif action.kind == "close" and not moved_on:
            step = f"lays {self.meld_text(g.melds[-1], marked=False)} (meld {len(g.melds) - 1})"
            if g.opened[player] and not before.opened:
                step += f", opening with {self.opened_value(player)}"
        elif action.kind == "lay" and before.selected is not None and not moved_on:
            meld = self.meld_text(g.melds[before.selected], marked=False)
            step = f"lays off {self.text(str(action)[4:])} on meld {before.selected} ({meld})"
        elif action.kind == "undo" and g.phase == "play":
            step = "takes back a meld short of 40"
        elif action.kind == "discard":
            step = f"discards {self.card(action.card)}"
        if step is not None:
            if self.bot_turn is None:
                self.bot_turn = (player, [])
            self.bot_turn[1].append(step)

    def tell_bot_turn(self) -> None:
        """The bot's turn kept so far, in one line (``Left draws; lays meld 0; ...``)."""
        if self.bot_turn is not None:
            player, steps = self.bot_turn
            self.bot_turn = None
            self.say(f"{self.name(player)} {'; '.join(steps)}.")

    def taken_text(self, action: Action, before: _JollyBefore) -> str:
        """The cards a ``take k`` takes: the row's last k."""
        count = int(str(action).split()[1])
        return self.cards(before.row[-count:])

    def opened_value(self, seat: int) -> int:
        return sum(meld.value_of(seat) for meld in self.jolly.melds)

    def report_round(self, number: int, result: cardcore.jolly.DealResult) -> None:
        if result.finisher is None:
            how = "the stock ran out, nobody went out"
        else:
            jolly = " with Main Jolly" if result.main_jolly else ""
            how = f"{self.name(result.finisher)} went out{jolly}"
        self.say(f"=== Round {number}: {how} ===")
        self.say(f"   Table:     {self.per_seat(result.table)}")
        self.say(f"   In hand:   {self.per_seat([-p for p in result.penalties])}")
        self.say(f"   Scores:    {self.per_seat(result.scores)}")
        self.say(f"   Totals:    {self.per_seat(self.jolly.scores)}")

    def finish(self, abandoned: bool) -> None:
        g = self.jolly
        self.tell_bot_turn()
        self.say()
        if abandoned:
            self.say(f"Game abandoned. Totals so far: {self.per_seat(g.scores)}.")
            return
        self.say(f"Final totals: {self.per_seat(g.scores)}.")
        winners = ", ".join(self.name(seat) for seat in g.winning_seats)
        verb = "win" if len(g.winning_seats) > 1 or self.seat in g.winning_seats else "wins"
        self.say(f"*** {winners} {verb}. ***")

    # The person's input.
    def prompt(self) -> str:
        return {
            "draw": "Your draw (number, 'draw' or 'take 2'; ? help, q quit): ",
            "build": "Your meld (number, 'lay 9H', 'close' or 'undo'; ? help, q quit): ",
            "lay_off": "Your lay-off (number, 'lay 9H' or 'undo'; ? help, q quit): ",
        }.get(self.jolly.phase, "Your move (number or action like 'lay 9H'; ? help, q quit): ")

    def nudge(self) -> str:
        return "Type a choice's number or text (lay 9H, close, undo, discard 7S), ? or q."

    def rules_help(self) -> str:
        return (
            "A turn: draw (or, once opened in an earlier turn, take the row's last cards);\n"
            "  lay melds a card at a time, close them, lay off with 'on meld N', then\n"
            "  discard.\n"
            "Sets: 3 or 4 of a rank, different suits, one joker at most. Runs: 3+ of a suit\n"
            "  in order, ace low (A-2-3) or high (Q-K-A), no jokers side by side.\n"
            "Your first melds must total 40 (undo takes them back). A card taken alone from\n"
            "  the row may not be discarded that turn. Discard your last card to go out: +30.\n"
            "On the table, 9H'2 is a card seat 2 placed; JK(10H) a joker standing for 10H.\n"
            "Type a choice as written (lay 9H, lay JK as 10H, close, on meld 2, undo,\n"
            "  discard 7S, draw, take 2) or its number. A card alone lays it.\n"
        )

    def parse_text(self, text: str) -> Action | str:
        g = self.jolly
        typed = " ".join(text.split())
        legal = g.legal_actions()
        for candidate in (typed, f"lay {typed}", f"discard {typed}"):
            try:
                action = g.action(candidate)
            except CardcoreError:
                continue
            if action in legal:
                return action
        return f"{text!r} is not a choice now. Choices: {self.legal_text(', ')}"

    def legal_text(self, separator: str = " ") -> str:
        return separator.join(self.text(str(a)) for a in self.jolly.legal_actions())
