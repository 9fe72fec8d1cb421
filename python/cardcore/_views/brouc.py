"""``BroucView``: the Brouc table for ``cardcore play`` (docs/rules/brouc.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

import cardcore
from cardcore import Action, Card, Game
from cardcore._views.base import SUIT_NAMES, GameView, rank_suit
from cardcore._views.style import Style


def married_suits(cards: Sequence[Card]) -> list[tuple[str, str]]:
    """The suits whose K and Q lie among ``cards``: (suit letter, "K-Q" or "K-Q-J")."""
    texts = {str(card) for card in cards}
    return [
        (suit, "K-Q-J" if "J" + suit in texts else "K-Q")
        for suit in SUIT_NAMES
        if {"K" + suit, "Q" + suit} <= texts
    ]


@dataclass
class _BroucBefore:
    """What ``BroucView`` remembers of the table just before a move."""

    deal_number: int
    trick: list[tuple[int, Card]]
    deal: cardcore.brouc.Deal
    deal_scores: int
    capes: tuple[int, int]
    trump_card: Card


class BroucView(GameView):
    """The Brouc table: trump, seats and teams, the trick, the hand, scores as they happen."""

    title = "Brouc"

    ROLES = ("You", "Right", "Partner", "Left")
    """Seats relative to the person's: play passes to the right (docs/rules/brouc.md)."""

    def __init__(self, game: Game, seat: int, out: TextIO, style: Style | None = None) -> None:
        super().__init__(game, seat, out, style)
        if not isinstance(game, cardcore.brouc.Brouc):
            raise TypeError(f"BroucView shows a Brouc game, not {game.name}")
        self.brouc = game
        self.teams = [tuple(team) for team in game.teams]
        self.my_team = self.team_of(seat)
        self.before: _BroucBefore | None = None

    # Names.
    def name(self, seat: int) -> str:
        if self.spectator:
            return f"Seat {seat}"
        return self.ROLES[(seat - self.seat) % 4]

    def team_of(self, seat: int) -> int:
        for index, team in enumerate(self.teams):
            if seat in team:
                return index
        return seat % 2

    def team_name(self, team: int) -> str:
        if self.spectator:
            return f"team {team}"
        return "Us" if team == self.my_team else "Them"

    def team_pair(self, values: Sequence[int]) -> str:
        """``us 7, them 6`` from per-team values (a spectator's: ``team 0 7, team 1 6``)."""
        if self.spectator:
            return f"team 0 {values[0]:,}, team 1 {values[1]:,}"
        mine, theirs = values[self.my_team], values[1 - self.my_team]
        return f"us {mine:,}, them {theirs:,}"

    def match_totals(self) -> list[int]:
        scores = self.brouc.scores
        return [scores[team[0]] for team in self.teams]

    def trump_line(self) -> str:
        g = self.brouc
        trump = g.trump.letter
        text = f"trump: {SUIT_NAMES[trump]} ({self.style.suit(trump)})"
        if g.trump_card in g.hand(g.dealer):
            whose = "your" if g.dealer == self.seat else f"{self.name(g.dealer)}'s"
            if self.spectator:
                whose = f"{self.name(g.dealer)}'s"
            text += f", turned card {self.card(g.trump_card)} still in {whose} hand"
        return text

    # The hooks.
    def start(self) -> None:
        g = self.brouc
        target = g.options.get("target", 30)
        mode = "a single deal" if g.options.get("single_deal") else f"a match to over {target}"
        teams = "; ".join(
            f"team {team}: {' + '.join(self.name(s) for s in seats)}"
            for team, seats in enumerate(self.teams)
        )
        self.say(
            f"Brouc, {mode}. Seats in the order of play (each passes to the next): "
            f"{self.seats_text()}. Teams: {teams}."
        )
        self.say(
            "Ranks high to low: A 10 K Q J 9 8 7. Follow suit; trumping is never compulsory; "
            "no undertrumping."
        )
        self.deal_header()

    def deal_header(self) -> None:
        g = self.brouc
        self.say()
        mine = g.dealer == self.seat
        deals = "deal" if mine else "deals"
        self.say(f"=== Deal {g.deal_number}: {self.name(g.dealer)} (seat {g.dealer}) {deals} ===")
        self.say(
            f"Trump is {SUIT_NAMES[g.trump.letter]}: {self.name(g.dealer)} turned "
            f"{self.card(g.trump_card)}, which stays in {'your' if mine else 'their'} hand "
            "until played."
        )
        self.say(f"Match: {self.team_pair(self.match_totals())}.")

    def show_turn(self) -> None:
        self.say()
        self.say_lines(self.table())
        self.say(f"   Playable:  {self.choices_text()}")

    def table(self) -> list[str]:
        g = self.brouc
        target = g.options.get("target", 30)
        trick_no = len(g.tricks) + 1
        announced = [0, 0]
        for ann in g.announcements:
            announced[self.team_of(ann.seat)] += ann.value
        lines = [
            f"-- Deal {g.deal_number}, trick {trick_no} | {self.trump_line()} | "
            f"match: {self.team_pair(self.match_totals())} (target {target})",
            f"   This deal: card points {self.team_pair(list(g.card_points))}; "
            f"marriages {self.team_pair(list(g.marriages))}; "
            f"announced {self.team_pair(announced)}",
        ]
        if g.trick:
            played = ", ".join(f"{self.name(s)} {self.card(card)}" for s, card in g.trick)
            lines.append(f"   Trick:     {played}")
        else:
            leader = g.trick_leader
            leads = "you lead" if leader == self.seat else f"{self.name(leader)} leads"
            lines.append(f"   Trick:     {leads}")
        return lines + self.hand_lines(lambda seat: self.cards(g.hand(seat)))

    def before_apply(self, player: int, action: Action) -> None:
        g = self.brouc
        self.before = _BroucBefore(
            deal_number=g.deal_number,
            trick=list(g.trick),
            deal=g.current_deal,
            deal_scores=len(g.deal_scores),
            capes=g.capes,
            trump_card=g.trump_card,
        )

    def after_apply(self, player: int, action: Action) -> None:
        g = self.brouc
        before = self.before
        if before is None or action.card is None:  # not announced by before_apply
            super().after_apply(player, action)
            return
        card = action.card
        verb = ("lead" if not before.trick else "play") + ("" if player == self.seat else "s")
        note = " (the turned trump card)" if card == before.trump_card else ""
        self.say(f"{self.name(player)} {verb} {self.card(card)}{note}")
        # The deal the move belongs to: the engine deals the next one at once.
        deal = g.current_deal if g.deal_number == before.deal_number else g.last_deal
        if deal is not None and len(before.trick) + 1 == g.num_players:
            self.report_trick(before, deal)
        if deal is not None and len(g.deal_scores) > before.deal_scores:
            self.report_deal(before, deal)
        if g.deal_number != before.deal_number and not g.is_over:
            self.deal_header()
        self.before = None

    def report_trick(self, before: _BroucBefore, deal: cardcore.brouc.Deal) -> None:
        """The trick just completed, as the engine recorded it in its deal."""
        trick, winner = deal.tricks[-1], deal.trick_winners[-1]
        team = self.team_of(winner)
        points = sum(deal.card_points) - sum(before.deal.card_points)
        self.say(
            f"  -> {self.name(winner)} win{'' if winner == self.seat else 's'} "
            f"trick {len(deal.tricks)} ({points} card points) for {self.team_name(team)}."
        )
        trump = deal.trump.letter if deal.trump is not None else ""
        won = sum(deal.marriages) - sum(before.deal.marriages)
        for suit, label in married_suits([card for _, card in trick]):
            in_trump = " trump" if suit == trump else ""
            self.say(
                f"  -> Marriage in the trick: {label} of{in_trump} {SUIT_NAMES[suit]} "
                f"for {self.team_name(team)} (taken off the other team's score)."
            )
        if won:
            self.say(f"  -> Trick marriages: {won} for {self.team_name(team)}.")
        for ann in deal.announcements[len(before.deal.announcements) :]:
            ranks = "-".join(rank_suit(c)[0] for c in ann.cards)
            suit = ann.suit.letter
            in_trump = " trump" if suit == trump else ""
            verb = "announce" if ann.seat == self.seat else "announces"
            self.say(
                f"  -> {self.name(ann.seat)} {verb} {ranks} of{in_trump} {SUIT_NAMES[suit]}: "
                f"{ann.value}."
            )

    def report_deal(self, before: _BroucBefore, deal: cardcore.brouc.Deal) -> None:
        g = self.brouc
        announced = [0, 0]
        for ann in deal.announcements:
            announced[self.team_of(ann.seat)] += ann.value
        stopped = g.is_over and len(deal.tricks) < 8
        why = " (stopped: the match is decided)" if stopped else ""
        self.say(
            f"=== Deal {before.deal_number} scored{why}: "
            f"{self.team_pair(list(g.deal_scores[-1]))} "
            f"(card points {self.team_pair(list(deal.card_points))}, "
            f"marriages {self.team_pair(list(deal.marriages))}, "
            f"announced {self.team_pair(announced)}). "
            f"Match: {self.team_pair(self.match_totals())}. ==="
        )
        for team in range(2):
            if g.capes[team] > before.capes[team]:
                self.say(
                    f"=== Cape! {self.team_name(team)} took all 8 tricks: 2 extra games "
                    "in the match record. ==="
                )

    def finish(self, abandoned: bool) -> None:
        g = self.brouc
        self.say()
        totals = self.match_totals()
        history = "; ".join(
            f"{n}: {self.team_pair(list(scores))}" for n, scores in enumerate(g.deal_scores, 1)
        )
        if abandoned:
            self.say(f"Game abandoned. Match so far: {self.team_pair(totals)}.")
            return
        if history:
            self.say(f"Deal scores: {history}")
        self.say(f"Final scores: {self.team_pair(totals)}.")
        winner = g.winning_team
        if winner is not None:
            members = " + ".join(self.name(s) for s in self.teams[winner])
            outcome = "You win" if winner == self.my_team else "You lose"
            if self.spectator:
                outcome = "Over"
            self.say(f"*** {outcome}: team {winner} ({members}) won the match. ***")
            self.say(f"Match record (games): {self.team_pair(list(g.match_record))}.")
        elif self.spectator:
            self.say(f"*** Deal over, no team passed the target: {self.team_pair(totals)}. ***")
        else:
            mine, theirs = totals[self.my_team], totals[1 - self.my_team]
            verdict = "You lead" if mine > theirs else "You trail" if mine < theirs else "A tie"
            self.say(
                f"*** Deal over, no team passed the target: {verdict}, {mine:,} to {theirs:,}. ***"
            )

    # The person's input: cards (the numbers and the rest are GameView's, for every game).
    def prompt(self) -> str:
        return "Your card (number, or card like QH; ? help, q quit): "

    def rules_help(self) -> str:
        return (
            "Type a card from your hand (QH, 10S) or its number under 'Playable'; only the\n"
            "cards listed there may be played now, and 1 is the first of them.\n"
            "Rules: follow the led suit if you can; if you cannot, trump or discard as you\n"
            "like, but never undertrump a trump already in the trick (except the trump Q\n"
            "joining the trump K, or the J joining K and Q). Highest trump, else highest card\n"
            "of the led suit, wins; ranks high to low A 10 K Q J 9 8 7. K+Q in one trick is a\n"
            "marriage; K-Q(-J) kept in hand is announced when your team wins a trick.\n"
        )

    def parse_text(self, text: str) -> Action | str:
        return self.parse_card(text)
