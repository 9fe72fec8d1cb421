"""``FiveHundredView``: the 500 table for ``cardcore play`` (docs/rules/five_hundred.md).

The person (with a bot partner across the table) sees what a player sees: their
hand, the auction, the kitty when they take it, the contract and its trump
order, the tricks, and an open misère's hand. Winners and scores are read from
the engine's records, never worked out here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TextIO

import cardcore
from cardcore import Action, Card, CardcoreError, Game
from cardcore._views.base import SUIT_NAMES, GameView
from cardcore._views.style import Style

ROLES = ("You", "Left", "Partner", "Right")
"""Seats relative to the person's: play passes to the left, the next seat."""


@dataclass
class _FiveHundredBefore:
    """What ``FiveHundredView`` remembers of the table just before a move."""

    deal_number: int
    phase: str
    tricks: int
    trick: list[tuple[int, Card]]
    finished: int


class FiveHundredView(GameView):
    """The 500 table: the auction, the kitty, the contract, the tricks per team, each
    deal's result and the match totals."""

    def __init__(self, game: Game, seat: int, out: TextIO, style: Style | None = None) -> None:
        super().__init__(game, seat, out, style)
        if not isinstance(game, cardcore.five_hundred.FiveHundred):
            raise TypeError(f"FiveHundredView shows a 500 game, not {game.name}")
        self.five = game
        self.my_team = seat % 2
        self.before: _FiveHundredBefore | None = None

    # Names.
    title = "500"

    def name(self, seat: int) -> str:
        if self.spectator:
            return f"Seat {seat}"
        return ROLES[(seat - self.seat) % 4]

    def does(self, seat: int, verb: str) -> str:
        return f"{self.name(seat)} {verb if seat == self.seat else verb + 's'}"

    def team_pair(self, values: tuple[int, int]) -> str:
        if self.spectator:
            return f"team 0 {values[0]:,}, team 1 {values[1]:,}"
        return f"us {values[self.my_team]:,}, them {values[1 - self.my_team]:,}"

    def hand_text(self, seat: int | None = None) -> str:
        """The person's hand (or ``seat``'s) grouped by effective suit under the contract."""
        g = self.five
        hand = g.hand(self.seat if seat is None else seat)

        def suit_of(card: cardcore.Card) -> cardcore.Suit | None:
            # Before the contract, the cards' own suits (the jokers none).
            return card.suit if g.contract is None else g.effective_suit(card)

        groups = []
        for suit, suit_name in SUIT_NAMES.items():
            held = [c for c in hand if (s := suit_of(c)) is not None and s.letter == suit]
            groups.append(f"{suit_name} {self.cards(held)}")
        jokers = [c for c in hand if suit_of(c) is None]
        if jokers:
            groups.append(f"jokers {self.cards(jokers)}")
        return " | ".join(groups)

    def auction_text(self) -> str:
        made = [f"{self.name(seat)} {bid}" for seat, bid in self.five.auction]
        return ", ".join(made) if made else "none yet"

    def contract_text(self) -> str:
        g = self.five
        if g.bidder is None or g.contract is None:
            return "no contract yet"
        return f"{self.name(g.bidder)} {g.contract}"

    # The hooks.
    def start(self) -> None:
        g = self.five
        length = "a single deal" if g.options["single_deal"] else "a match to 500"
        self.say(
            f"500, {length}: you and your Partner (seat {(self.seat + 2) % 4}) against two bots."
        )
        self.say(
            f"Seats in the order of play (clockwise: play passes to the left): {self.seats_text()}."
        )
        self.say(
            "Trumps: both jokers (black above red), the jack of trumps and the other jack of "
            "its colour, then A K Q 10 ... 4. No trump: the jokers are a suit of their own. "
            "Type ? at any prompt for the rules in short."
        )
        self.deal_header()

    def deal_header(self) -> None:
        g = self.five
        self.say()
        self.say(
            f"=== Deal {g.deal_number}: {self.does(g.dealer, 'deal')}; "
            f"{self.name((g.dealer + 1) % 4)} bids first. ==="
        )

    def show_turn(self) -> None:
        self.say()
        self.say_lines(self.table())
        label = "Playable:" if self.five.phase == "play" else "Choices: "
        self.say(f"   {label}  {self.choices_text()}")

    def table(self) -> list[str]:
        g = self.five
        lines = [f"-- Deal {g.deal_number}, {g.phase} | {self.contract_text()}"]
        if g.phase == "bid":
            lines.append(f"   Auction:   {self.auction_text()}")
        if g.phase == "discard":
            bidder = g.bidder if g.bidder is not None else 0
            where = "your hand" if bidder == self.seat else f"{self.name(bidder)}'s hand"
            if self.spectator:
                kitty: list[Card] = g.kitty
            else:
                kitty = [c for c in g.observation(self.seat).known_kitty if c is not None]
            if kitty:
                lines.append(f"   Kitty:     {self.cards(kitty)} (now in {where})")
            if self.spectator:
                discarded = g.discard
            else:
                discarded = [c for c in g.observation(self.seat).known_discard if c is not None]
            left = 6 - len(g.discard)
            if discarded or bidder == self.seat:
                lines.append(f"   Discarded: {self.cards(discarded)}; {left} more")
            else:
                lines.append(f"   Discarded: {len(g.discard)} cards face down; {left} more")
        if g.phase in ("play", "name"):
            lines.append(
                f"   Tricks:    {self.team_pair(g.team_tricks)} (trick {len(g.tricks) + 1})"
            )
            if g.open_hand is not None:
                lines.append(f"   Open hand: {self.cards(g.open_hand)}")
            if g.trick:
                played = ", ".join(f"{self.name(s)} {self.card(c)}" for s, c in g.trick)
                lines.append(f"   Trick:     {played}")
        return lines + self.hand_lines(self.hand_text)

    def observation_discard(self) -> list[Card]:
        return [c for c in self.five.observation(self.seat).known_discard if c is not None]

    def before_apply(self, player: int, action: Action) -> None:
        g = self.five
        self.before = _FiveHundredBefore(
            g.deal_number, g.phase, len(g.tricks), list(g.trick), len(g.finished_deals)
        )

    def after_apply(self, player: int, action: Action) -> None:
        g = self.five
        before, self.before = self.before, None
        if before is None:
            super().after_apply(player, action)
            return
        moved_on = g.deal_number != before.deal_number
        record = g.finished_deals[before.finished] if moved_on else g.current_deal
        if action.kind == "bid":
            self.say(f"{self.does(player, 'bid')} {action}.")
            if record.bidder is not None and before.phase == "bid":
                self.say(f"  -> Contract: {self.name(record.bidder)} {record.contract}.")
                if record.bidder == self.seat:
                    self.say(f"  -> You take the kitty: {self.cards(record.kitty)}.")
        elif action.kind == "discard":
            if player == self.seat:
                self.say(f"You discard {self.card(action.card)}.")
        elif action.kind == "name":
            self.say(f"{self.does(player, 'name')} {str(action).split()[1]}.")
        elif action.card is not None:
            verb = "lead" if not before.trick else "play"
            self.say(f"{self.does(player, verb)} {self.card(action.card)}.")
            if len(record.tricks) > before.tricks:
                winner = record.tricks[-1].winner
                self.say(f"  -> {self.does(winner, 'win')} trick {len(record.tricks)}.")
        if moved_on:
            for finished in g.finished_deals[before.finished :]:
                self.report_deal(finished)
            if not g.is_over:
                self.deal_header()
        elif g.is_over:
            self.report_deal(g.current_deal)

    def report_deal(self, record: cardcore.five_hundred.Deal) -> None:
        if record.void:
            self.say(f"  -> Deal {record.number}: all pass; the next seat deals.")
            return
        result = record.result
        if result is None or record.bidder is None:
            return
        outcome = "made" if result.made else "failed"
        self.say(
            f"=== Deal {record.number}: {self.name(record.bidder)} {record.contract}, {outcome} ==="
        )
        self.say(f"   Tricks:    {self.team_pair(result.tricks)}")
        self.say(f"   Scores:    {self.team_pair(result.scores)}")
        self.say(f"   Totals:    {self.team_pair(self.five.team_scores)}")

    def finish(self, abandoned: bool) -> None:
        g = self.five
        self.say()
        if abandoned:
            self.say(f"Game abandoned. Totals so far: {self.team_pair(g.team_scores)}.")
            return
        self.say(f"Final totals: {self.team_pair(g.team_scores)}.")
        if g.winning_team is None:
            self.say("*** No team wins. ***")
        elif self.spectator:
            self.say(f"*** Team {g.winning_team} wins. ***")
        elif g.winning_team == self.my_team:
            self.say("*** You and your Partner win. ***")
        else:
            self.say("*** Left and Right win. ***")

    # The person's input.
    def prompt(self) -> str:
        if self.five.phase == "play":
            return "Your card (number, or card like QH; ? help, q quit): "
        return "Your choice (number or text; ? help, q quit): "

    def rules_help(self) -> str:
        return (
            "Auction, from the dealer's left: pass (final) or bid higher: 6 to 10 tricks in\n"
            "  spades < clubs < diamonds < hearts < no trump (6 spades 40 ... 10 no trump\n"
            "  520); it ends when three have passed after a bid. The bidder takes the\n"
            "  6-card kitty, discards 6 and leads.\n"
            "Play: follow the led suit (as the contract counts suits) if you can, else\n"
            "  anything. Made: the value to the bidders; failed: to the opponents. 500 wins.\n"
            "Type a choice as written (7 hearts, pass, discard 5S, name hearts) or its\n"
            "  number.\n"
        )

    def parse_text(self, text: str) -> Action | str:
        g = self.five
        if g.phase == "play":
            return self.parse_card(text)
        typed = " ".join(text.split())
        prefix = {"discard": "discard ", "name": "name "}.get(g.phase, "")
        legal = g.legal_actions()
        for candidate in (typed, prefix + typed):
            try:
                action = g.action(candidate)
            except CardcoreError:
                continue
            if action in legal:
                return action
        return f"{text!r} is not a choice now. Choices: {self.legal_text(', ')}"
