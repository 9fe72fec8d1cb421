"""Brouc, the pure-Python reference: a slow, plain transcription of the rules.

Which game: Brouc, a Swiss trick-taking game played with a Jass deck without
the sixes (32 cards), by 4 players in two teams, with marriages in tricks and
announcements from the hand.

Sources, cited in the comments:

- ``docs/rules/brouc.md``, the rules as cardcore plays them, its State JSON,
  Observation and action ids, its rulings **B1** .. **B15** and the card table,
  and its decisions **D1** .. **D9**;
- the original French text **[S]**, "Règles du jeu, version light et imagée",
  as that page cites it (by its questions, such as "Comment distribuer ?").

This module is written from those pages alone (never from the Rust engine),
one small function per rule. Where the pages leave room, the choices are:

- the first dealer is drawn (``below(4)``) before the first deal is shuffled,
  and no number is drawn when the ``first_dealer`` option names the dealer;
- a completed trick always moves to ``"tricks"``, even the last one of the
  match: in ``"over"`` the current trick is empty and ``trick_leader`` is the
  last trick's winner;
- the target test is run for the team that won the trick (the only one whose
  running total can rise); with ``single_deal`` and no team over the target,
  the game ends with ``winner`` null;
- a cape is counted for a deal whose eighth trick was played, even when that
  trick also won the match;
- every finished deal's public record is kept, oldest first (``finished_deals``);
  a deal that ends the match (or the single deal) stays the current one;
- ``from_json`` replays the state (``protocol.py``): a deal's setup is its turned
  card, in its dealer's hand, and ``trump`` must be that card's suit.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardcore.reference import protocol
from cardcore.reference.cards import DECKS, SUITS, RuleError, parse, rank_of, suit_of
from cardcore.reference.protocol import Deal, OptionReader, RefAction, Trick, TrickGame
from cardcore.reference.rng import SplitMix64

NAME = "brouc"
NUM_PLAYERS = 4
DECK: tuple[str, ...] = DECKS[32]
"""B2: 7 8 9 10 J Q K A in four suits, in face-id order; a card's index is its action id."""
ACTION_IDS = {card: index for index, card in enumerate(DECK)}
TRICKS_PER_DEAL = 8
HAND_SIZE = 8

STRENGTH = {"7": 0, "8": 1, "9": 2, "J": 3, "Q": 4, "K": 5, "10": 6, "A": 7}
"""The card table: A 10 K Q J 9 8 7, high to low, the same in every suit, trumps included."""
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
"""The card table: 120 points in all, no last-trick bonus, no Bauer, no Nell."""

OPTION_NAMES = ("single_deal", "target", "first_dealer")

STATE_KEYS = (
    "game",
    "version",
    "options",
    "rng",
    "phase",
    "dealer",
    "deal_number",
    "trump",
    "trump_card",
    "hands",
    "trick_leader",
    "trick",
    "tricks",
    "card_points",
    "marriages",
    "announcements",
    "finished_deals",
    "deal_scores",
    "capes",
    "winner",
    "history",
)
"""The keys of the state JSON, in the order of docs/rules/brouc.md."""


ACTIONS = tuple(RefAction(index, "play", card, card) for index, card in enumerate(DECK))
"""Action id = the card's index in the 32-card deck: ``suit * 8 + r``, kind ``"play"``."""


@dataclass(frozen=True)
class Announcement:
    """A combination announced from a player's hand (B10)."""

    seat: int
    suit: str
    value: int


DEAL_RECORD_KEYS = (
    "dealer",
    "trump",
    "trump_card",
    "tricks",
    "card_points",
    "marriages",
    "announcements",
)
"""The keys of a finished deal's public record (an entry of ``"finished_deals"``)."""
TRICK_KEYS = ("leader", "cards", "winner")


@dataclass(frozen=True)
class DealRecord:
    """What the table saw of a deal played to its end (D9)."""

    dealer: int
    trump_card: str
    tricks: tuple[Trick, ...]
    card_points: tuple[int, int]
    marriages: tuple[int, int]
    announcements: tuple[Announcement, ...]


# --- Cards and seats -------------------------------------------------------


def team_of(seat: int) -> int:
    """B1: partners sit opposite; team 0 is seats 0 and 2, team 1 seats 1 and 3."""
    return seat % 2


def sort_hand(cards: Collection[str]) -> list[str]:
    """A hand sorted by face id (the 32-card deck's order)."""
    return sorted(cards, key=ACTION_IDS.__getitem__)


# --- The deal (B4, B5, D1) ---------------------------------------------------


def deal_hands(deck: Sequence[str], dealer: int) -> tuple[tuple[str, ...], ...]:
    """B4, D1: from deck position 0, batches of 1, then 3, then 4 cards to seats
    dealer+1, dealer+2, dealer+3 and the dealer, in that order."""
    hands: list[list[str]] = [[] for _ in range(NUM_PLAYERS)]
    position = 0
    for batch in (1, 3, 4):
        for offset in (1, 2, 3, 4):
            hands[(dealer + offset) % NUM_PLAYERS].extend(deck[position : position + batch])
            position += batch
    return tuple(tuple(sort_hand(hand)) for hand in hands)


# --- Play (B7, B8, B9, D2) ---------------------------------------------------


def undertrumps(card: str, played: Collection[str], trump: str) -> bool:
    """B9, D2: is ``card`` a trump lower than the highest trump already in the trick?

    Excepted: the trump Q when the trump K is in the trick (it completes K-Q),
    and the trump J when the trump K and Q are both in it (K-Q-J). The trump K
    is not excepted (D2).
    """
    if suit_of(card) != trump:
        return False
    trumps_in_trick = [other for other in played if suit_of(other) == trump]
    if not trumps_in_trick:
        return False
    if STRENGTH[rank_of(card)] > max(STRENGTH[rank_of(other)] for other in trumps_in_trick):
        return False
    king, queen = "K" + trump, "Q" + trump
    if rank_of(card) == "Q" and king in played:
        return False
    return not (rank_of(card) == "J" and king in played and queen in played)


def legal_plays(hand: Sequence[str], played: Sequence[str], trump: str) -> list[str]:
    """B8, B9: the cards of ``hand`` that may go on the trick ``played`` (in play order)."""
    if not played:
        return list(hand)
    led = suit_of(played[0])
    following = [card for card in hand if suit_of(card) == led]
    if following:
        # B8: follow suit; on a trump lead any trump, with no duty to beat.
        return following
    if led == trump:
        # Void in trumps on a trump lead: nothing to undertrump.
        return list(hand)
    # B8: void, may trump or discard; B9: but not undertrump in a trumped trick,
    # unless every card held is such a trump.
    allowed = [card for card in hand if not undertrumps(card, played, trump)]
    return allowed or list(hand)


def trick_winner(cards: Sequence[tuple[int, str]], trump: str) -> int:
    """B7: the highest trump wins, otherwise the highest card of the led suit."""
    led = suit_of(cards[0][1])

    def power(entry: tuple[int, str]) -> tuple[bool, bool, int]:
        card = entry[1]
        return (suit_of(card) == trump, suit_of(card) == led, STRENGTH[rank_of(card)])

    return max(cards, key=power)[0]


def trick_card_points(cards: Collection[str]) -> int:
    return sum(POINTS[rank_of(card)] for card in cards)


# --- Marriages and announcements (B10, B11, B12) -----------------------------


def king_queen_value(cards: Collection[str], suit: str, trump: str) -> int:
    """The value of a suit's K-Q among ``cards``: K+Q 20, K+Q+J 30 (not 30 + 20),
    doubled in trumps (40, 60); 0 without both K and Q. The same table serves
    the announcements from a hand (B10) and the marriages in a trick (B12)."""
    if "K" + suit not in cards or "Q" + suit not in cards:
        return 0
    value = 30 if "J" + suit in cards else 20
    return 2 * value if suit == trump else value


def trick_marriages(cards: Collection[str], trump: str) -> int:
    """B12: every suit whose K and Q both lie in the trick scores; several suits all count."""
    return sum(king_queen_value(cards, suit, trump) for suit in SUITS)


def new_announcements(
    hands: Sequence[Collection[str]], winner: int, announced: Collection[Announcement], trump: str
) -> list[Announcement]:
    """B10, B11, D3: after a trick, each player of the winning team (the winner first,
    then the partner) announces, suit by suit (S H D C), every combination still in
    hand and not yet announced this deal, at its current value."""
    done = {(announcement.seat, announcement.suit) for announcement in announced}
    found = []
    for seat in (winner, (winner + 2) % NUM_PLAYERS):
        for suit in SUITS:
            value = king_queen_value(hands[seat], suit, trump)
            if value and (seat, suit) not in done:
                found.append(Announcement(seat, suit, value))
    return found


# --- Scoring (B13, B14, B15, D4) ---------------------------------------------


def rounded_card_points(points: int) -> int:
    """B13: card points to tens, a final 5 rounded up for both teams (65 -> 7, 55 -> 6)."""
    return (points + 5) // 10


def deal_score(
    team: int, card_points: Sequence[int], marriages: Sequence[int], announced: Sequence[int]
) -> int:
    """B13: rounded card points + (own marriages - other's) / 10 + own announcements / 10.

    Marriages and announcements are multiples of 10, so the score is an integer;
    it may be negative.
    """
    other = 1 - team
    return (
        rounded_card_points(card_points[team])
        + (marriages[team] - marriages[other]) // 10
        + announced[team] // 10
    )


def running_total_tenths(
    team: int,
    previous_total: int,
    card_points: Sequence[int],
    marriages: Sequence[int],
    announced: Sequence[int],
) -> int:
    """B14: ten times the unrounded running total: the booked deals, then this deal's
    card points, own marriages minus the other's, and own announcements so far."""
    other = 1 - team
    return (
        10 * previous_total
        + card_points[team]
        + marriages[team]
        - marriages[other]
        + announced[team]
    )


def passes_target(tenths: int, target: int) -> bool:
    """B14: a team wins at once when its unrounded running total exceeds the target."""
    return tenths > 10 * target


def cape_team(tricks: Sequence[Trick]) -> int | None:
    """B15: the team that won all 8 tricks of the deal, if any (not in an abandoned deal)."""
    if len(tricks) != TRICKS_PER_DEAL:
        return None
    teams = {team_of(trick.winner) for trick in tricks}
    return teams.pop() if len(teams) == 1 else None


# --- Options -----------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    single_deal: bool
    target: int
    first_dealer: int | None


def check_options(options: Mapping[str, object]) -> Options:
    """The options with defaults filled in: ``single_deal``, ``target``, ``first_dealer``."""
    read = OptionReader(NAME, options, OPTION_NAMES)
    return Options(
        single_deal=read.flag("single_deal"),
        target=read.integer("target", 30, 1, 1000),
        first_dealer=read.seat("first_dealer", NUM_PLAYERS),
    )


# --- The game ----------------------------------------------------------------


class BroucReference(TrickGame):
    """A whole Brouc match (or a single deal), played one card at a time."""

    NAME = NAME
    NUM_PLAYERS = NUM_PLAYERS
    ACTIONS = ACTIONS
    DECK = DECK
    HAND_SIZE = HAND_SIZE
    SETUP_IN_DEALERS_HAND = True  # B4: the turned card stays in the dealer's hand
    OPTION_NAMES = OPTION_NAMES
    STATE_KEYS = STATE_KEYS
    TRICK_KEYS = TRICK_KEYS
    RECORD_KEYS = DEAL_RECORD_KEYS

    _options: Options
    _deal_number: int
    _trump_card: str
    _tricks: list[Trick]
    _card_points: list[int]
    _marriages: list[int]
    _announcements: list[Announcement]
    _finished: list[DealRecord]
    _deal_scores: list[tuple[int, int]]
    _capes: list[int]
    _winner: int | None

    def __init__(self, *, seed: int, **options: object) -> None:
        self._options = check_options(options)
        self._rng = SplitMix64(seed)
        self._phase = "play"
        # B5, D5: the first dealer is drawn from the generator unless the option names one.
        first = self._options.first_dealer
        self._dealer = self._rng.below(NUM_PLAYERS) if first is None else first
        self._deal_number = 1
        self._finished = []
        self._deal_scores = []
        self._capes = [0, 0]
        self._winner = None
        self._history = []
        self._start_deal()

    def _start_deal(self) -> None:
        """B4: a fresh deck shuffled with the game's generator, dealt 1-3-4; the
        dealer's last card (the deck's last, D1) is turned and gives trump."""
        deck = list(DECK)
        self._rng.shuffle(deck)
        deal = Deal(self._dealer, deal_hands(deck, self._dealer), (deck[-1],))
        self._begin_deal(deal, self._deal_number)

    def _begin_deal(self, deal: Deal, number: int) -> None:
        # One deal per action: the game is always at deal ``number`` already.
        self._deal_number = number
        self._dealer = deal.dealer
        self._hands = [list(hand) for hand in deal.hands]
        (self._trump_card,) = deal.setup
        self._trick_leader = (self._dealer + 1) % NUM_PLAYERS  # B6
        self._trick = []
        self._tricks = []
        self._card_points = [0, 0]
        self._marriages = [0, 0]
        self._announcements = []

    # --- The protocol ---

    @property
    def current_player(self) -> int | None:
        if self._phase == "over":
            return None
        return (self._trick_leader + len(self._trick)) % NUM_PLAYERS

    @property
    def scores(self) -> list[int]:
        """Match scores per seat: each team's sum of booked deal scores."""
        totals = self._team_totals()
        return [totals[team_of(seat)] for seat in range(NUM_PLAYERS)]

    def _legal_actions(self) -> list[RefAction]:
        seat = self.current_player
        if seat is None:
            return []
        cards = legal_plays(self._hands[seat], [card for _, card in self._trick], self.trump)
        return sorted((ACTIONS[ACTION_IDS[card]] for card in cards), key=lambda a: a.id)

    def _action_id(self, text: str) -> int:
        card = parse(text)
        if card not in ACTION_IDS:
            raise RuleError(f"{text!r} is not a card of the 32-card Brouc deck")
        return ACTION_IDS[card]

    def _apply_legal(self, seat: int, action: RefAction) -> None:
        self._play(seat, action.text)

    def _observed(self, view: dict[str, Any], seat: int) -> None:
        view["trump_card_held"] = self._trump_card in self._hands[self._dealer]

    @property
    def _deal_count(self) -> int:
        return self._deal_number

    # --- Brouc's own accessors ---

    @property
    def teams(self) -> list[tuple[int, int]]:
        return [(0, 2), (1, 3)]

    @property
    def trump(self) -> str:
        return suit_of(self._trump_card)

    @property
    def trump_card(self) -> str:
        return self._trump_card

    @property
    def tricks(self) -> list[list[tuple[int, str]]]:
        return [list(trick.cards) for trick in self._tricks]

    @property
    def card_points(self) -> tuple[int, int]:
        return self._card_points[0], self._card_points[1]

    @property
    def marriages(self) -> tuple[int, int]:
        return self._marriages[0], self._marriages[1]

    @property
    def announcements(self) -> list[Announcement]:
        return list(self._announcements)

    @property
    def deal_scores(self) -> list[tuple[int, int]]:
        return list(self._deal_scores)

    @property
    def capes(self) -> tuple[int, int]:
        return self._capes[0], self._capes[1]

    @property
    def winning_team(self) -> int | None:
        return self._winner

    @property
    def match_record(self) -> tuple[int, int]:
        """B15: each team's games: 1 for the match won, plus 2 per cape."""
        won = [int(self._winner == team) for team in (0, 1)]
        return won[0] + 2 * self._capes[0], won[1] + 2 * self._capes[1]

    # --- Playing a card ---

    def _play(self, seat: int, card: str) -> None:
        self._hands[seat].remove(card)
        self._trick.append((seat, card))
        if len(self._trick) == NUM_PLAYERS:
            self._end_trick()

    def _end_trick(self) -> None:
        """A complete trick: B7 its winner takes the points, B12 its marriages, the
        winner leads next (B6), B11 the winning team announces, B14 the target test,
        and after the eighth trick the deal is booked and the next one dealt."""
        cards = [card for _, card in self._trick]
        winner = trick_winner(self._trick, self.trump)
        team = team_of(winner)
        self._card_points[team] += trick_card_points(cards)
        self._marriages[team] += trick_marriages(cards, self.trump)
        self._tricks.append(Trick(self._trick_leader, tuple(self._trick), winner))
        self._trick = []
        self._trick_leader = winner
        self._announcements += new_announcements(
            self._hands, winner, self._announcements, self.trump
        )
        tenths = running_total_tenths(
            team,
            self._team_totals()[team],
            self._card_points,
            self._marriages,
            self._announced_totals(),
        )
        if passes_target(tenths, self._options.target):
            # B14, D4: the match is won at once; the abandoned deal is booked as it stands.
            self._winner = team
            self._book_deal()
            self._phase = "over"
        elif len(self._tricks) == TRICKS_PER_DEAL:
            self._book_deal()
            if self._options.single_deal:
                self._phase = "over"
            else:
                self._finished.append(
                    DealRecord(
                        self._dealer,
                        self._trump_card,
                        tuple(self._tricks),
                        (self._card_points[0], self._card_points[1]),
                        (self._marriages[0], self._marriages[1]),
                        tuple(self._announcements),
                    )
                )
                self._dealer = (self._dealer + 1) % NUM_PLAYERS  # B5: the deal passes right
                self._deal_number += 1
                self._start_deal()

    def _book_deal(self) -> None:
        """B13 the deal scores, B15 the cape."""
        announced = self._announced_totals()
        self._deal_scores.append(
            (
                deal_score(0, self._card_points, self._marriages, announced),
                deal_score(1, self._card_points, self._marriages, announced),
            )
        )
        cape = cape_team(self._tricks)
        if cape is not None:
            self._capes[cape] += 1

    def _team_totals(self) -> list[int]:
        return [sum(scores[team] for scores in self._deal_scores) for team in (0, 1)]

    def _announced_totals(self) -> list[int]:
        totals = [0, 0]
        for announcement in self._announcements:
            totals[team_of(announcement.seat)] += announcement.value
        return totals

    # --- JSON ---

    def _game_state(self, finished: slice) -> dict[str, Any]:
        """The state in the layout of docs/rules/brouc.md, "State JSON"."""
        return {
            "dealer": self._dealer,
            "deal_number": self._deal_number,
            "trump": self.trump,
            "trump_card": self._trump_card,
            "hands": [list(hand) for hand in self._hands],
            "trick_leader": self._trick_leader,
            "trick": [[seat, card] for seat, card in self._trick],
            "tricks": [trick.state() for trick in self._tricks],
            "card_points": list(self._card_points),
            "marriages": list(self._marriages),
            "announcements": _announcements_state(self._announcements),
            "finished_deals": [_deal_record_state(deal) for deal in self._finished[finished]],
            "deal_scores": [list(scores) for scores in self._deal_scores],
            "capes": list(self._capes),
            "winner": self._winner,
        }

    def _read_setup(self, fields: dict[str, object], what: str) -> tuple[str, ...]:
        """B4: the turned card, whose suit is ``trump``."""
        trump_card = self._read_card(fields["trump_card"], protocol.path(what, "trump_card"))
        where = protocol.path(what, "trump")
        if protocol.choice(fields["trump"], where, SUITS) != suit_of(trump_card):
            raise RuleError(f"{where} {fields['trump']!r} is not the suit of {trump_card}")
        return (trump_card,)


def _announcements_state(announcements: Sequence[Announcement]) -> list[dict[str, Any]]:
    return [{"seat": a.seat, "suit": a.suit, "value": a.value} for a in announcements]


def _deal_record_state(deal: DealRecord) -> dict[str, Any]:
    return {
        "dealer": deal.dealer,
        "trump": suit_of(deal.trump_card),
        "trump_card": deal.trump_card,
        "tricks": [trick.state() for trick in deal.tricks],
        "card_points": list(deal.card_points),
        "marriages": list(deal.marriages),
        "announcements": _announcements_state(deal.announcements),
    }
