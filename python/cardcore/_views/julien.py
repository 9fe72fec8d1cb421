"""``JulienView``: the Le Julien table for ``cardcore play`` (docs/rules/julien.md).

The person sees only what a player at the table sees: their own hand, the talon
as ``visible_talon`` gives it (a masked card shows as ``??``), the bids, the
tricks, the taken trump cards and the scores. Winners, leaders, takings and
scores are read from the engine's records, never worked out here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

import cardcore
from cardcore import Action, Card, CardcoreError, Game
from cardcore._views.base import SUIT_NAMES, GameView, rank_suit
from cardcore._views.style import Style

ROLES = ("You", "Left", "Across", "Right")
"""Seats relative to the person's: seat + 1 sits on their left, as play goes clockwise."""

MATCH_TOURS = 6
TRICKS_PER_TOUR = 10

KIND_NAMES = {"normal": "normal", "speco": "Spéco", "superspec": "Superspec"}
KIND_NOTES = {
    "normal": "a normal Tour: every card counts 1 and the talon's trump cards stay there.",
    "speco": (
        "the Spéco: each trick's winner may take or leave its trump card; taken trumps and "
        "the special cards count their card value; 25 Rouges / 25 Noires may be bid."
    ),
    "superspec": (
        "the Superspec: each trick's winner must take its trump card and trick 10's winner "
        "must use both special cards, at their card value; 25 Rouges / 25 Noires may be bid."
    ),
}
CARD_VALUE_RULE = "A 30, K 15, Q 12, J 11, other cards their face value"
COULEURS = {"S": "Noir", "H": "Rouge", "D": "Rouge", "C": "Noir"}


def card_value(card: Card) -> int:
    """A card's -43- value, as the Spéco and the Superspec weigh taken and special cards."""
    return cardcore.julien.card_value(card)


def suit_of(card: Card) -> str:
    return rank_suit(card)[1]


@dataclass
class _JulienBefore:
    """What ``JulienView`` remembers of the table just before a move."""

    tour: int
    phase: str
    tricks: int
    trick: list[tuple[int, Card]]
    trump: str | None
    tour_scores: int


class JulienView(GameView):
    """The Le Julien table: Tour and kind, talon, bids, the trick and its trump, the Spéco
    choice, the special cards, each Tour's scores and the match's winners."""

    def __init__(self, game: Game, seat: int, out: TextIO, style: Style | None = None) -> None:
        super().__init__(game, seat, out, style)
        if not isinstance(game, cardcore.julien.Julien):
            raise TypeError(f"JulienView shows a Julien game, not {game.name}")
        self.julien = game
        self.before: _JulienBefore | None = None
        self.kinds: dict[int, str] = {}  # each finished Tour's kind, for the match summary

    title = "Le Julien"

    # Names.
    def name(self, seat: int) -> str:
        if self.spectator:
            return f"Seat {seat}"
        return ROLES[(seat - self.seat) % 4]

    def verb(self, seat: int, verb: str) -> str:
        """``lead`` for the person, ``leads`` for a bot."""
        return verb if seat == self.seat else verb + "s"

    def does(self, seat: int, verb: str) -> str:
        return f"{self.name(seat)} {self.verb(seat, verb)}"

    @property
    def single_deal(self) -> bool:
        return bool(self.julien.options.get("single_deal"))

    @property
    def masked(self) -> bool:
        return bool(self.julien.options.get("masked_talon"))

    def tour_title(self, tour: int, kind: str) -> str:
        if self.single_deal:
            return f"The Tour ({KIND_NAMES[kind]})"
        return f"Tour {tour} of {MATCH_TOURS} ({KIND_NAMES[kind]})"

    # What the table shows.
    def suit_counts(self, cards: Sequence[Card]) -> str:
        """``S3 H4 D2 C3``: how many of ``cards`` each suit holds."""
        return " ".join(
            f"{self.style.suit(s)}{sum(1 for c in cards if suit_of(c) == s)}" for s in SUIT_NAMES
        )

    def talon_text(self, current_trick: int | None = None) -> str:
        """The talon in reading order as every seat sees it; ``??`` for a masked card."""
        shown = ["??" if card is None else self.card(card) for card in self.julien.visible_talon]
        trumps = []
        for number, card in enumerate(shown[:TRICKS_PER_TOUR], 1):
            text = f"{number}:{card}"
            trumps.append(f"[{text}]" if number == current_trick else text)
        specials = " ".join(shown[TRICKS_PER_TOUR:])
        return f"trumps {' '.join(trumps)} | special cards {specials} (to trick 10's winner)"

    def hand_text(self, seat: int | None = None) -> str:
        """The person's hand (or ``seat``'s) grouped by suit, with its Rouge and Noir counts."""
        hand = self.julien.hand(self.seat if seat is None else seat)
        groups = []
        for suit, suit_name in SUIT_NAMES.items():
            held = [self.card(card) for card in hand if suit_of(card) == suit]
            groups.append(f"{suit_name} {' '.join(held) if held else '-'}")
        red = sum(1 for card in hand if COULEURS[suit_of(card)] == "Rouge")
        return " | ".join(groups) + f"  (Rouge {red}, Noir {len(hand) - red})"

    def bids_text(self, bids: Sequence[cardcore.julien.Bid | None], first: int) -> str:
        """The bids made, in bidding order from ``first``, the dealer's left."""
        order = [(first + k) % 4 for k in range(4)]
        made = [f"{self.name(s)} {bid.text}" for s in order if (bid := bids[s]) is not None]
        return ", ".join(made) if made else "none yet"

    def first_bidder(self) -> int:
        """The dealer's left, who bids first and leads trick 1, as the engine records it."""
        g = self.julien
        return g.tricks[0].leader if g.tricks else g.trick_leader

    def totals_line(self) -> str:
        return f"   Totals:    {self.per_seat(self.julien.scores)}"

    def taking_kind(self) -> bool:
        """Whether trump cards are taken in this Tour (the Spéco and the Superspec)."""
        return self.julien.tour_kind != "normal"

    # The hooks.
    def start(self) -> None:
        if self.single_deal:
            length = "a single Tour"
        else:
            length = f"a match of {MATCH_TOURS} Tours (Tour 3 is the Spéco, Tour 6 the Superspec)"
        self.say(
            f"Le Julien, {length}, each player for themselves. Seats in the order of play "
            f"(clockwise: each passes to the player on their left): {self.seats_text()}."
        )
        self.say(
            "Ranks low to high: 2 3 4 5 6 7 8 9 10 J Q K A. Follow suit if you can, else trump "
            "or discard (undertrumping is allowed). Each trick's trump is the suit of its "
            "talon card; the lowest card of the led suit leads the next trick. Type ? at any "
            "prompt for the bids and the rules in short."
        )
        if self.masked:
            self.say(
                "Masked talon: bids are made blind; each trick's trump card is turned as the "
                "trick begins, the two special cards at trick 10."
            )
        self.tour_header()

    def tour_header(self) -> None:
        g = self.julien
        first = self.first_bidder()
        self.say()
        self.say(
            f"=== {self.tour_title(g.deal_number, g.tour_kind)}: {self.does(g.dealer, 'deal')}; "
            f"{self.does(first, 'bid')} first and "
            f"{self.verb(first, 'lead')} trick 1. ==="
        )
        self.say(f"   This is {KIND_NOTES[g.tour_kind]}")
        if self.taking_kind():
            self.say(f"   Card values of taken trumps and special cards: {CARD_VALUE_RULE}.")
        if g.deal_number > 1:
            self.say(self.totals_line())

    def show_turn(self) -> None:
        phase = self.julien.phase
        if phase == "bid":
            self.show_bidding()
        elif phase == "speco":
            self.show_speco_choice()
        else:
            self.show_trick()

    def show_bidding(self) -> None:
        self.say()
        self.say_lines(self.table())
        self.say(f"   Your bids: {self.choices_text()}")

    def show_trick(self) -> None:
        self.say()
        self.say_lines(self.table())
        self.say(f"   Playable:  {self.choices_text()}")

    def table(self) -> list[str]:
        g = self.julien
        if g.phase == "bid":
            return self.bidding_lines()
        number = len(g.tricks) + (0 if g.phase == "speco" else 1)
        trump = g.trump.letter if g.trump is not None else "?"
        title = self.tour_title(g.deal_number, g.tour_kind)
        lines = [
            f"-- {title}, trick {number} of {TRICKS_PER_TOUR} | "
            f"trump: {SUIT_NAMES.get(trump, trump)} ({self.card(g.trump_card)})",
            f"   Talon:     {self.talon_text(current_trick=number)}",
            f"   Bids:      {self.bids_text(g.bids, self.first_bidder())}",
        ]
        won = [sum(1 for t in g.tricks if t.winner == seat) for seat in range(4)]
        lines.append(f"   Tricks:    {self.per_seat(won)}")
        if self.taking_kind():
            taken = [self.cards(g.taken_trumps(seat)) for seat in range(4)]
            lines.append(f"   Taken:     {self.per_seat(taken)}")
        if not self.spectator:
            pile = g.collected(self.seat)
            lines.append(f"   Your pile: {len(pile)} cards ({self.suit_counts(pile)})")
        if g.deal_number > 1:
            lines.append(self.totals_line())
        if g.phase == "speco":
            winner = g.tricks[-1].winner
            lines.append(f"   Trick:     {self.does(winner, 'take')} or leave its trump card")
        elif g.trick:
            played = ", ".join(f"{self.name(seat)} {self.card(card)}" for seat, card in g.trick)
            lines.append(f"   Trick:     {played}")
        else:
            leader = g.trick_leader
            lines.append(f"   Trick:     {self.does(leader, 'lead')}")
        return lines + self.hand_lines(self.hand_text)

    def bidding_lines(self) -> list[str]:
        g = self.julien
        first = self.first_bidder()
        lines = [
            f"-- {self.tour_title(g.deal_number, g.tour_kind)}, bidding | "
            f"{self.does(g.dealer, 'deal')}, {self.name(first)} bid first",
            f"   Talon:     {self.talon_text()}",
        ]
        made = f"   Bids made: {self.bids_text(g.bids, first)}"
        if g.current_player == self.seat:
            after_me = [(self.seat + k) % 4 for k in range(1, 4)]
            still = [self.name(s) for s in after_me if g.bids[s] is None]
            made += f"; still to bid after you: {', '.join(still)}" if still else "; you bid last"
        return [*lines, made, *self.hand_lines(self.hand_text)]

    def show_speco_choice(self) -> None:
        g = self.julien
        trick = g.tricks[-1]
        card = trick.trump_card
        suit = suit_of(card)
        bid = g.bids[self.seat]
        self.say()
        self.say(
            f"-- {self.tour_title(g.deal_number, g.tour_kind)}, trick {len(g.tricks)} of "
            f"{TRICKS_PER_TOUR}: you won it. Take or leave its trump card?"
        )
        self.say(
            f"   At stake:  {self.card(card)}, worth {card_value(card)} in {SUIT_NAMES[suit]} "
            f"({COULEURS[suit]}) if you take it ({CARD_VALUE_RULE})."
        )
        pile = g.collected(self.seat)
        self.say(
            f"   Your bid:  {bid.text if bid is not None else '-'}; your pile: {len(pile)} "
            f"cards ({self.suit_counts(pile)}); "
            f"taken so far: {self.cards(g.taken_trumps(self.seat))}"
        )
        self.say(f"   Choices:   {self.choices_text()}")

    def before_apply(self, player: int, action: Action) -> None:
        g = self.julien
        self.before = _JulienBefore(
            tour=g.deal_number,
            phase=g.phase,
            tricks=len(g.tricks),
            trick=list(g.trick),
            trump=g.trump.letter if g.trump is not None else None,
            tour_scores=len(g.deal_scores),
        )

    def after_apply(self, player: int, action: Action) -> None:
        g = self.julien
        before, self.before = self.before, None
        if before is None:  # not announced by before_apply
            super().after_apply(player, action)
            return
        # The Tour the move belongs to: the engine deals the next one at once.
        record = g.current_deal if g.deal_number == before.tour else g.last_deal
        if record is None:
            super().after_apply(player, action)
            return
        if action.kind == "bid":
            self.say(f"{self.does(player, 'bid')} {action}.")
        elif action.card is not None:
            card = action.card
            verb = "lead" if not before.trick else "play"
            note = " (trump)" if suit_of(card) == before.trump else ""
            self.say(f"{self.does(player, verb)} {self.card(card)}{note}.")
            if len(record.tricks) > before.tricks:
                self.report_trick(record)
        else:  # the Spéco's take or leave, on the trick just won
            card = record.tricks[before.tricks - 1].trump_card
            self.say(
                f"{self.does(player, str(action))} the trump card {self.card(card)} "
                f"(worth {card_value(card)})."
            )
        if len(g.deal_scores) > before.tour_scores:
            self.report_tour(record, len(g.deal_scores) - 1)
            if not g.is_over:
                self.tour_header()
        elif g.phase == "play" and not g.trick:
            self.announce_trick(bidding_over=before.phase == "bid")

    def announce_trick(self, bidding_over: bool) -> None:
        """The trick about to begin: its trump (turned now with the masked talon), its leader."""
        g = self.julien
        number = len(g.tricks) + 1
        if bidding_over:
            self.say(f"  -> Bids: {self.bids_text(g.bids, self.first_bidder())}.")
        trump = g.trump.letter if g.trump is not None else "?"
        turned = " is turned:" if self.masked else ""
        self.say(
            f"  -> Trick {number}: the trump card{turned} {self.card(g.trump_card)}, "
            f"{SUIT_NAMES.get(trump, trump)} are trumps; {self.does(g.trick_leader, 'lead')}."
        )
        if self.masked and number == TRICKS_PER_TOUR:
            specials = [self.card(c) for c in g.visible_talon[TRICKS_PER_TOUR:] if c is not None]
            self.say(f"  -> The special cards are turned: {' '.join(specials)}.")

    def report_trick(self, record: cardcore.julien.Deal) -> None:
        """The trick just completed, as the engine recorded it in its Tour."""
        trick = record.tricks[-1]
        number = len(record.tricks)
        played = dict(trick.cards)
        winning = played[trick.winner]
        trump_suit = suit_of(trick.trump_card)
        how = "the trump " if suit_of(winning) == trump_suit else ""
        self.say(
            f"  -> {self.does(trick.winner, 'win')} trick {number} with {how}{self.card(winning)}."
        )
        if number < TRICKS_PER_TOUR:
            led = SUIT_NAMES[suit_of(trick.cards[0][1])]
            lowest = self.card(played[trick.next_leader])
            self.say(
                f"  -> {self.does(trick.next_leader, 'lead')} next: {lowest} is the lowest "
                f"{led}, the led suit (rule -5-)."
            )
        worth = f"worth {card_value(trick.trump_card)}"
        if trick.taken is None:  # the Spéco: the winner's choice comes next
            self.say(
                f"  -> Spéco: {self.does(trick.winner, 'choose')} to take or leave the trump "
                f"card {self.card(trick.trump_card)} ({worth})."
            )
        elif trick.taken and record.tour_kind == "superspec":
            self.say(
                f"  -> Superspec: {self.does(trick.winner, 'take')} the trump card "
                f"{self.card(trick.trump_card)} ({worth})."
            )

    def report_tour(self, record: cardcore.julien.Deal, index: int) -> None:
        """A finished Tour: the special cards, then each seat's bid, pile and scores."""
        g = self.julien
        self.kinds[record.number] = record.tour_kind
        holder = record.specials_holder
        specials = self.cards(record.specials)
        if holder is not None:
            use = (
                "both count, forced in the Superspec"
                if record.tour_kind == "superspec"
                else "each counts only where it helps"
            )
            self.say(
                f"  -> {self.does(holder, 'take')} the special cards {specials} as the winner "
                f"of trick 10 ({use})."
            )
        scores = g.deal_scores[index]
        pad = self.style.ljust
        self.say(f"=== {self.tour_title(record.number, record.tour_kind)} is over: the scores ===")
        self.say(
            f"   {'player':<6} {'bid':<9} {'tricks':>6} {'cards':>5}  {'by suit':<11}  "
            f"{'taken':<10} {'special':<7} {'score':>6} {'total':>6}"
        )
        for seat in range(4):
            bid = record.bids[seat]
            pile = record.collected(seat)
            tricks = sum(1 for t in record.tricks if t.winner == seat)
            taken = self.cards(record.taken_trumps(seat))
            held = specials if holder == seat else "-"
            self.say(
                f"   {self.name(seat):<6} "
                f"{bid.text if bid is not None else '-':<9} {tricks:>6} {len(pile):>5}  "
                f"{pad(self.suit_counts(pile), 11)}  {pad(taken, 10)} {pad(held, 7)} "
                f"{scores[seat]:>+6,} "
                f"{g.scores[seat]:>6,}"
            )

    def finish(self, abandoned: bool) -> None:
        g = self.julien
        self.say()
        if abandoned:
            self.say(f"Game abandoned. Totals so far: {self.per_seat(g.scores)}.")
            return
        if not self.single_deal:
            self.say("Tour scores:")
            self.say("   " + "".join(f"{self.name(s):>8}" for s in range(4)) + "   Tour")
            for tour, scores in enumerate(g.deal_scores, 1):
                kind = KIND_NAMES.get(self.kinds.get(tour, ""), "")
                row = "".join(f"{score:>+8,}" for score in scores)
                self.say(f"   {row}   {tour} {kind}")
            self.say("   " + "".join(f"{total:>8,}" for total in g.scores) + "   totals")
        self.say(f"Final totals: {self.per_seat(g.scores)}.")
        winners = g.winning_seats
        what = "Tour" if self.single_deal else "match"
        if len(winners) == 1:
            winner = winners[0]
            outcome = "You win" if winner == self.seat else f"{self.name(winner)} wins"
            self.say(f"*** {outcome} the {what} with {g.scores[winner]:,}. ***")
        elif winners:
            names = " and ".join(self.name(s) for s in winners)
            mine = " (you among them)" if self.seat in winners else ""
            self.say(
                f"*** The {what} is shared: {names}{mine}, with {g.scores[winners[0]]:,} each. ***"
            )

    # The person's input: bids, take or leave, cards (numbers and the rest are GameView's).
    def prompt(self) -> str:
        phase = self.julien.phase
        if phase == "bid":
            return "Your bid (number, or text like 10 rouges; ? help, q quit): "
        if phase == "speco":
            return "Take or leave the trump card? (t/l, 1/2; ? help, q quit): "
        return "Your card (number, or card like QH; ? help, q quit): "

    def nudge(self) -> str:
        phase = self.julien.phase
        if phase == "bid":
            return "Type a bid (e.g. Rouge or 10 Rouges), its number, ? for help or q to quit."
        if phase == "speco":
            return "Type t to take the trump card or l to leave it, ? for help or q to quit."
        return super().nudge()

    def rules_help(self) -> str:
        return (
            "Bids (one each, in turn from the dealer's left; no passing, bids may repeat):\n"
            "  Rouge / Noir     take no trick holding a card of the other Couleur (Rouge:\n"
            "                   hearts and diamonds; Noir: spades and clubs). Made: +20\n"
            "                   plus your cards of the Couleur; else minus the other\n"
            "                   Couleur's cards; no trick at all: -20.\n"
            "  5 to 25 Rouges / Noires (steps of 5): after spades cancel hearts and clubs\n"
            "                   cancel diamonds card for card, keep that many cards of your\n"
            "                   Couleur or more, fewer than the next step (5-9, 10-14,\n"
            "                   15-19, 20-24, 25+), and none of the other Couleur. 25 only\n"
            "                   in the Spéco and the Superspec. No trick at all: -(20 + the\n"
            "                   bid).\n"
            "  Type the bid (10 rouges, noir; any letter case) or its number under\n"
            "  'Your bids'.\n"
            "Play: follow suit if you can, else trump or discard freely. Trick n's trump is\n"
            "  the suit of talon card n; the highest trump wins, else the highest of the led\n"
            "  suit. The lowest card of the led suit leads the next trick. Type a card (QH,\n"
            "  10s) or its number under 'Playable'.\n"
            "Spéco: the trick's winner takes (t) or leaves (l) its trump card, or types its\n"
            "  number under 'Choices' (1 take, 2 leave); taken trumps and special cards\n"
            "  count"
            f" {CARD_VALUE_RULE}.\n"
            "Trick 10's winner gets the two special cards (the last two of the talon).\n"
        )

    def parse_text(self, text: str) -> Action | str:
        phase = self.julien.phase
        if phase == "bid":
            return self.parse_bid(text)
        if phase == "speco":
            return self.parse_take_or_leave(text)
        return self.parse_card(text)

    def parse_bid(self, text: str) -> Action | str:
        legal = self.julien.legal_actions()
        listed = ", ".join(map(str, legal))
        try:  # the engine reads a bid in any letter case, with single spaces
            action = self.julien.action(" ".join(text.split()))
        except CardcoreError:
            return f"{text!r} is not a bid. Bids: {listed} (or their numbers)."
        if action.kind != "bid":
            return f"{text!r} is not a bid. Bids: {listed} (or their numbers)."
        if action not in legal:
            return (
                f"{action} cannot be bid in this Tour (25 is for the Spéco and the Superspec). "
                f"Bids: {listed}."
            )
        return action

    def parse_take_or_leave(self, text: str) -> Action | str:
        word = text.lower()
        for choice in self.choices():
            if word in (str(choice), str(choice)[0]):
                return choice
        return f"{text!r}: type t to take the trump card or l to leave it (or 1 / 2)."
