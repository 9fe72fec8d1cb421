"""``TarotView``: the French Tarot table for ``cardcore play`` (docs/rules/tarot.md).

The person sees what a player at the table sees: their hand, the bids, the chien
when it is turned face up, the discarded trumps, the poignées, the slam, the
tricks, and at five players the partner once the called card shows. Winners,
counts and scores are read from the engine's records, never worked out here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TextIO

import cardcore
from cardcore import Action, Card, CardcoreError, Game
from cardcore._views.base import SUIT_NAMES, GameView
from cardcore._views.style import Style

ROLES = {
    3: ("You", "Right", "Left"),
    4: ("You", "Right", "Across", "Left"),
    5: ("You", "Right", "Far right", "Far left", "Left"),
}
"""Seats relative to the person's: play passes to the right, the next seat."""

MULTIPLIERS = {"prise": 1, "garde": 2, "garde sans": 4, "garde contre": 6}


def points(value: float) -> str:
    """Card points as written: ``45`` or ``40.5``."""
    return f"{value:g}"


@dataclass
class _TarotBefore:
    """What ``TarotView`` remembers of the table just before a move."""

    deal_number: int
    phase: str
    tricks: int
    trick: list[tuple[int, Card]]
    finished: int


class TarotView(GameView):
    """The Tarot table: bids, the chien and the discard, poignées and slam, the tricks,
    each deal's count and settlement, the match's totals and winners."""

    def __init__(self, game: Game, seat: int, out: TextIO, style: Style | None = None) -> None:
        super().__init__(game, seat, out, style)
        if not isinstance(game, cardcore.tarot.Tarot):
            raise TypeError(f"TarotView shows a Tarot game, not {game.name}")
        self.tarot = game
        self.roles = ROLES[game.num_players]
        self.before: _TarotBefore | None = None

    # Names.
    title = "French Tarot"

    def name(self, seat: int) -> str:
        if self.spectator:
            return f"Seat {seat}"
        return self.roles[(seat - self.seat) % len(self.roles)]

    def does(self, seat: int, verb: str) -> str:
        return f"{self.name(seat)} {verb if seat == self.seat else verb + 's'}"

    def observed(self) -> cardcore.tarot.Observation:
        return self.tarot.observation(self.seat)

    def hand_text(self, seat: int | None = None) -> str:
        """The person's hand (or ``seat``'s) by suit, then the trumps and the Excuse."""
        hand = self.tarot.hand(self.seat if seat is None else seat)
        groups = []
        for suit, suit_name in SUIT_NAMES.items():
            held = [c for c in hand if c.suit is not None and c.suit.letter == suit]
            groups.append(f"{suit_name} {self.cards(held)}")
        trumps = [c for c in hand if c.suit is None]
        groups.append(f"trumps {self.cards(trumps)}")
        return " | ".join(groups)

    def contract_text(self) -> str:
        g = self.tarot
        if g.taker is None or g.contract is None:
            return "no taker yet"
        text = f"{self.name(g.taker)} {g.contract} (x{MULTIPLIERS[g.contract]})"
        if g.called is not None:
            partner = g.visible_partner if self.spectator else self.observed().known_partner
            known = "unknown" if partner is None else self.name(partner)
            text += f", called {self.card(g.called)} (partner: {known})"
        if g.slam_announced:
            text += ", slam announced"
        return text

    # The hooks.
    def start(self) -> None:
        g = self.tarot
        deals = g.options["deals"] or g.num_players
        length = "a single deal" if g.options["single_deal"] else f"a match of {deals} deals"
        self.say(f"French Tarot, {g.num_players} players, {length}: one taker against the rest.")
        self.say(
            "Seats in the order of play (anticlockwise: each passes to the player on the "
            f"right): {self.seats_text()}."
        )
        self.say(
            "Follow suit; else trump, overtrumping when you can; else anything. The Excuse "
            "may always be played. Type ? at any prompt for the rules in short."
        )
        self.deal_header()

    def deal_header(self) -> None:
        g = self.tarot
        self.say()
        self.say(
            f"=== Deal {g.deal_number}: {self.does(g.dealer, 'deal')}; "
            f"{self.name((g.dealer + 1) % g.num_players)} speaks first. ==="
        )

    def show_turn(self) -> None:
        self.say()
        self.say_lines(self.table())
        label = "Playable:" if self.tarot.phase == "play" else "Choices: "
        self.say(f"   {label}  {self.choices_text()}")

    def table(self) -> list[str]:
        g = self.tarot
        phase = g.phase
        lines = [f"-- Deal {g.deal_number}, {phase} | {self.contract_text()}"]
        if phase == "bid":
            bids = [f"{self.name(s)} {b}" for s, b in enumerate(g.bids) if b is not None]
            lines.append(f"   Bids:      {', '.join(bids) if bids else 'none yet'}")
        if phase == "discard":
            left = len(g.visible_chien) - len(g.visible_discard)
            taker = g.taker
            where = "your hand" if taker == self.seat else f"{self.name(taker or 0)}'s hand"
            lines.append(f"   Chien:     {self.cards(g.visible_chien)} (now in {where})")
            known = g.visible_discard if self.spectator else self.observed().known_discard
            lines.append(
                f"   Discard:   {self.cards(known)}; {left} more "
                "(no king nor bout; trumps only when short of other cards)"
            )
        if phase in ("poignee", "play"):
            lines += self.table_lines()
        return lines + self.hand_lines(self.hand_text)

    def table_lines(self) -> list[str]:
        g = self.tarot
        lines = []
        shown = [
            f"{self.name(s)} {p.level} ({self.cards(p.shown)})"
            for s, p in enumerate(g.poignees)
            if p is not None
        ]
        if shown:
            lines.append(f"   Poignées:  {'; '.join(shown)}")
        if any(card is not None for card in g.visible_discard):
            lines.append(f"   Discarded: {self.cards(g.visible_discard)}")
        won = [sum(1 for t in g.tricks if t.winner == seat) for seat in range(g.num_players)]
        lines.append(f"   Tricks:    {self.per_seat(won)} (trick {len(g.tricks) + 1})")
        if g.trick:
            played = ", ".join(f"{self.name(seat)} {self.card(card)}" for seat, card in g.trick)
            lines.append(f"   Trick:     {played}")
        else:
            lines.append(f"   Trick:     {self.does(g.trick_leader, 'lead')}")
        return lines

    def before_apply(self, player: int, action: Action) -> None:
        g = self.tarot
        self.before = _TarotBefore(
            deal_number=g.deal_number,
            phase=g.phase,
            tricks=len(g.tricks),
            trick=list(g.trick),
            finished=len(g.finished_deals),
        )

    def after_apply(self, player: int, action: Action) -> None:
        g = self.tarot
        before, self.before = self.before, None
        if before is None:
            super().after_apply(player, action)
            return
        # The deal the move belongs to: the engine deals the next one at once.
        moved_on = g.deal_number != before.deal_number
        record = g.finished_deals[before.finished] if moved_on else g.current_deal
        kind = action.kind
        if kind == "bid":
            self.say(f"{self.does(player, 'bid')} {action}.")
        elif kind == "call":
            self.say(f"{self.does(player, 'call')} {self.card(record.called)}.")
        elif kind == "discard":
            card = action.card
            trump = card is not None and card.suit is None
            shown = self.card(card) if trump or player == self.seat else "a card"
            self.say(f"{self.does(player, 'discard')} {shown}.")
        elif kind == "slam":
            self.say(f"{self.does(player, 'announce')} {action}.")
        elif kind == "poignee":
            poignee = record.poignees[player]
            if poignee is None:
                self.say(f"{self.does(player, 'declare')} no poignée.")
            else:
                self.say(
                    f"{self.does(player, 'show')} a {poignee.level} poignée "
                    f"({poignee.bonus}): {self.cards(poignee.shown)}."
                )
        elif action.card is not None:
            verb = "lead" if not before.trick else "play"
            self.say(f"{self.does(player, verb)} {self.card(action.card)}.")
            if len(record.tricks) > before.tricks:
                trick = record.tricks[-1]
                self.say(f"  -> {self.does(trick.winner, 'win')} trick {len(record.tricks)}.")
        if before.phase in ("bid", "call") and g.phase not in ("bid", "call") and not moved_on:
            self.report_contract()
        if moved_on:
            self.report_deals(before.finished)
            if not g.is_over:
                self.deal_header()
        elif g.is_over and g.result is not None:
            self.report_result(g.current_deal)

    def report_contract(self) -> None:
        g = self.tarot
        self.say(f"  -> Contract: {self.contract_text()}.")
        if any(card is not None for card in g.visible_chien):
            self.say(f"  -> The chien is turned: {self.cards(g.visible_chien)}.")

    def report_deals(self, first: int) -> None:
        """Every deal finished since the last move: void ones, then the one played."""
        for record in self.tarot.finished_deals[first:]:
            if record.void is not None:
                self.say(f"  -> Deal {record.number} is void ({record.void}); the next seat deals.")
            else:
                self.report_result(record)

    def report_result(self, record: cardcore.tarot.Deal) -> None:
        result = record.result
        if result is None or record.taker is None:
            return
        side = "Taker" if record.partner is None else "Taker and partner"
        self.say(
            f"=== Deal {record.number} is over: {side} {'made' if result.made else 'failed'} ==="
        )
        self.say(
            f"   {self.name(record.taker)} took {record.contract} with {result.bouts} bouts: "
            f"{points(result.points)} points for {points(result.target)}, difference "
            f"{result.difference:,}."
        )
        if record.partner is not None:
            self.say(f"   Partner: {self.name(record.partner)} ({self.card(record.called)}).")
        if result.petit_au_bout is not None:
            self.say(f"   Petit au bout: to the {result.petit_au_bout}.")
        if result.slam is not None:
            self.say(f"   Slam: the {result.slam} won every trick.")
        self.say(f"   Chien: {self.cards(record.chien)}; discard: {self.cards(record.discard)}.")
        self.say(f"   Stake {result.stake:+,}; scores: {self.per_seat(result.scores)}.")
        self.say(f"   Totals:    {self.per_seat(self.tarot.scores)}")

    def finish(self, abandoned: bool) -> None:
        g = self.tarot
        self.say()
        if abandoned:
            self.say(f"Game abandoned. Totals so far: {self.per_seat(g.scores)}.")
            return
        self.say(f"Final totals: {self.per_seat(g.scores)}.")
        winners = g.winning_seats
        if len(winners) == 1:
            winner = winners[0]
            outcome = "You win" if winner == self.seat else f"{self.name(winner)} wins"
            self.say(f"*** {outcome} with {g.scores[winner]:,}. ***")
        elif winners:
            names = " and ".join(self.name(s) for s in winners)
            self.say(f"*** Shared: {names}, with {g.scores[winners[0]]:,} each. ***")

    # The person's input: bids and choices by their text, cards (numbers are GameView's).
    def prompt(self) -> str:
        if self.tarot.phase == "play":
            return "Your card (number, or card like QH; ? help, q quit): "
        return "Your choice (number or text; ? help, q quit): "

    def rules_help(self) -> str:
        return (
            "Bids, once each from the dealer's right, each above the last: prise (x1), garde\n"
            "  (x2), garde sans (x4, the chien unseen, counted for the taker), garde contre\n"
            "  (x6, the chien to the defence); pass. All pass: the deal is void.\n"
            "At five the taker calls a king (a queen when holding the four kings, ...); its\n"
            "  holder is the secret partner until the card is played.\n"
            "Prise, garde: the chien is shown, taken, and as many cards discarded: no king\n"
            "  nor bout; trumps only when short of other cards (discarded trumps are shown).\n"
            "Before the first card: the taker may announce a slam; each player may show a\n"
            "  poignée (4 players: 10, 13, 15 trumps for 20, 30, 40).\n"
            "Play: follow suit; else trump, overtrumping when you can; else anything. The\n"
            "  Excuse may always be played and stays with its side (but on the last trick).\n"
            "Count: bouts 4.5, kings 4.5, queens 3.5, knights 2.5, jacks 1.5, others 0.5;\n"
            "  the taker needs 56, 51, 41 or 36 with 0 to 3 bouts; (25 + difference) x\n"
            "  multiplier.\n"
            "Type a choice as written (garde sans, call KH, discard 5S, slam, no poignee) or\n"
            "  its number in the list.\n"
        )

    def parse_text(self, text: str) -> Action | str:
        if self.tarot.phase == "play":
            return self.parse_card(text)
        typed = " ".join(text.split())
        prefix = {"call": "call ", "discard": "discard "}.get(self.tarot.phase, "")
        legal = self.tarot.legal_actions()
        for candidate in (typed, prefix + typed):
            try:
                action = self.tarot.action(candidate)
            except CardcoreError:
                continue
            if action in legal:
                return action
        return f"{text!r} is not a choice now. Choices: {self.legal_text(', ')}"
