"""500 (Québec style), the pure-Python reference: a slow, plain transcription of the rules.

Which game: 500 as played in Québec, by 4 players in two fixed teams (partners
opposite), with a 46-card deck (4 to A in four suits, a high and a low joker), an
auction on the Avondale values, a 6-card kitty, and trumps that take both jokers and
both jacks of the trump's colour.

Sources, cited in the comments:

- ``docs/rules/five_hundred.md``, the rules as cardcore plays them: its sections (cited
  by their titles, such as "The auction"), its action ids and texts, its phases, State
  JSON, Observation, options, the product's rulings **F1** .. **F12** and its decisions
  **D1** .. **D3**. It is the contract;
- the French rules text "500", by its headings (**Mise en place**, **Hiérarchie des
  cartes**, **1. Les enchères**, **2. Le jeu**, **3. Le pointage**).

This module is written from those pages alone (never from the Rust engine), one small
function per rule. Where the pages leave room, the choices are:

- ``"trick_leader"``: during the auction the dealer's left (the first seat to speak);
  from the end of the auction the bidder, who leads the first trick; after the deal's
  last trick (or a misère's stop, D2) the last trick's winner, with ``"trick"`` empty;
- the auction ends as soon as a bid has been made and three seats have passed, whether
  those passes came before the bid or after it (three passes, then the fourth seat bids:
  it has the contract at once, nobody being left to overbid it);
- with ``single_round`` every seat still bids higher than the highest bid so far, so
  the highest bid is the last one;
- misère may be bid once any seat (the bidder itself included) has made a seven-trick
  bid earlier in this auction, and only above the highest bid so far (so over 8 spades
  at most); open misère whenever the highest bid so far is below it in the order;
- the misère bidder takes the kitty and discards six cards like any bidder;
- with ``joker_names_suit`` any of the four suits may be named; the naming is asked of
  whoever leads a joker in a no-trump or misère deal; the named suit is kept with its
  trick (``"named"``) and is null again when the trick is complete;
- a deal's ``"result"`` ``"tricks"`` are the tricks each team won (in misère the bidder's
  team's are the bidder's); in a misère stopped by D2 they need not add up to 10;
- **F11** applies under either scoring, to a suit or no-trump contract worth less than
  250 (6 spades to 8 spades) that takes the 10 tricks, never to misère;
- **F12** under the variant: only the 500 test needs a contract made by that team on that
  deal; a team at -500 or below still loses (the other team wins), whatever the scoring;
- ``single_deal``: deals voided by four passes are dealt again (by the next seat) until a
  valid deal is played; the match then ends whatever the totals; the winner is the team
  with the higher deal score (a tie: none);
- observations: the kitty and the discard are shown whole once the game is over (the
  deal is over, as in a previous deal's record); ``"open_hand"`` is always present (null
  but in open misère once the first trick is complete, also once the game is over); a
  void previous deal shows ``"dealt"`` as four empty lists and ``"kitty"`` as an empty
  list;
- ``bid_value`` and ``score`` read a bid's text in any letter case, as the actions are
  read; ``score`` takes the bidding team's tricks from 0 to 10 (in misère the bidder's,
  0 or 1); anything else (a pass, a bool, a scoring other than the two) is a RuleError;
- in a state JSON, card and bid texts are read in any letter case (as action texts);
  every other string (the phase, ``"named"``, ``"void"``, ``"scoring"``) must be exact.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardcore.reference import protocol
from cardcore.reference.cards import DECKS, RuleError
from cardcore.reference.protocol import Deal, OptionReader, RefAction, TrickGame
from cardcore.reference.rng import SplitMix64

NAME = "five_hundred"
NUM_PLAYERS = 4
HAND_SIZE = 10
TRICKS_PER_DEAL = 10
KITTY_SIZE = 6

DECK: tuple[str, ...] = DECKS[46]
"""Players, cards, seats (F2): A K Q J 10 9 8 7 6 5 4 in S H D C, then ``BJ`` and
``RJ``, in face-id order; a card's index is its play action id."""
FACE = {card: index for index, card in enumerate(DECK)}

HIGH_JOKER, LOW_JOKER = "BJ", "RJ"
JOKERS = (HIGH_JOKER, LOW_JOKER)
"""F2: the high joker (black) beats the low joker (red)."""
JOKER_SUIT = "X"
"""F4: the effective suit of the jokers in no trump and misère, a two-card suit."""
PLAIN_ORDER = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""The trump order: a plain suit (and any suit in no trump) ranks A K Q J 10 ... 4."""
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
"""Players, cards, seats: spades and clubs are black, hearts and diamonds red."""

# --- Bids (The auction, F1, F6, D1) ----------------------------------------------------

BID_SUITS = ("spades", "clubs", "diamonds", "hearts", "no trump")
"""The auction: r = 0 spades, 1 clubs, 2 diamonds, 3 hearts, 4 no trump."""
TRUMP_OF = {"spades": "S", "clubs": "C", "diamonds": "D", "hearts": "H", "no trump": None}
PASS = "pass"
MISERE, OPEN_MISERE = "misere", "open misere"
MISERES = (MISERE, OPEN_MISERE)

AVONDALE: dict[int, tuple[int, int, int, int, int]] = {
    6: (40, 60, 80, 100, 120),
    7: (140, 160, 180, 200, 220),
    8: (240, 260, 280, 300, 320),
    9: (340, 360, 380, 400, 420),
    10: (440, 460, 480, 500, 520),
}
"""F1: the Avondale table, kept as data: by tricks, the values of spades, clubs,
diamonds, hearts and no trump (100 x (tricks - 6) + 40 + 20 x r)."""
MISERE_VALUES = {MISERE: 250, OPEN_MISERE: 500}
"""F6: misère 250, open misère 500."""


def _bid_text(tricks: int, r: int) -> str:
    return f"{tricks} {BID_SUITS[r]}"


BID_VALUES: dict[str, int] = {
    _bid_text(tricks, r): value
    for tricks, values in AVONDALE.items()
    for r, value in enumerate(values)
} | MISERE_VALUES
"""Every bid's value, from the table."""


def _bid_order() -> tuple[str, ...]:
    """The bids' order, lowest first: the table's, by tricks then r; D1: misère between
    8 spades and 8 clubs, open misère between 10 diamonds and 10 hearts."""
    order = [_bid_text(tricks, r) for tricks in AVONDALE for r in range(len(BID_SUITS))]
    order.insert(order.index("8 clubs"), MISERE)
    order.insert(order.index("10 hearts"), OPEN_MISERE)
    return tuple(order)


BID_ORDER = _bid_order()
RANK_OF_BID = {bid: index for index, bid in enumerate(BID_ORDER)}

OPTION_NAMES = (
    "single_deal",
    "single_round",
    "misere",
    "joker_names_suit",
    "scoring",
    "slam_bonus",
    "first_dealer",
    "max_deals",
)
DEAL_CAP = 1000
"""D11: ``max_deals``, the most deals dealt in a match (void ones included): its default,
also its largest value."""
SCORINGS = ("default", "variant")
TARGET = 500
"""F12: 500 or more wins, -500 or below loses."""
SLAM_VALUE = 250
"""F11: the slam's score, for a contract worth less than it."""
PER_TRICK = 10
"""F10: the opponents' points per trick under the variant."""

STATE_KEYS = (
    "game",
    "version",
    "options",
    "rng",
    "phase",
    "deal",
    "dealer",
    "dealt",
    "kitty",
    "bids",
    "bidder",
    "contract",
    "discard",
    "named",
    "hands",
    "trick_leader",
    "trick",
    "tricks",
    "result",
    "deal_scores",
    "finished_deals",
    "history",
)
"""The keys of the state JSON, in the order of docs/rules/five_hundred.md."""
TRICK_KEYS = ("leader", "cards", "winner", "named")
RECORD_KEYS = (
    "deal",
    "dealer",
    "dealt",
    "kitty",
    "void",
    "bids",
    "bidder",
    "contract",
    "discard",
    "tricks",
    "result",
)
"""The keys of a finished deal's record (an entry of ``"finished_deals"``)."""
VOID_ALL_PASS = "all pass"

# --- Actions (Actions) ---------------------------------------------------------------

DISCARD_BASE = 46
PASS_ID = 92
FIRST_BID_ID = 93
MISERE_ID, OPEN_MISERE_ID = 118, 119
NAME_BASE = 120
NAMED_SUITS = ("S", "H", "D", "C")
"""The ``name`` actions' order: spades, hearts, diamonds, clubs."""
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def bid_id(bid: str) -> int:
    """Actions: ``pass`` 92; a bid 93 + 5 x (tricks - 6) + r; misère 118, open misère 119."""
    if bid == PASS:
        return PASS_ID
    if bid in MISERES:
        return MISERE_ID if bid == MISERE else OPEN_MISERE_ID
    tricks, suit = bid.split(" ", 1)
    return FIRST_BID_ID + 5 * (int(tricks) - 6) + BID_SUITS.index(suit)


ACTIONS: tuple[RefAction, ...] = (
    *(RefAction(face, "play", card, card) for face, card in enumerate(DECK)),
    *(
        RefAction(DISCARD_BASE + face, "discard", f"discard {card}", card)
        for face, card in enumerate(DECK)
    ),
    RefAction(PASS_ID, "bid", PASS, None),
    *(
        RefAction(FIRST_BID_ID + 5 * (tricks - 6) + r, "bid", _bid_text(tricks, r), None)
        for tricks in range(6, 11)
        for r in range(5)
    ),
    RefAction(MISERE_ID, "bid", MISERE, None),
    RefAction(OPEN_MISERE_ID, "bid", OPEN_MISERE, None),
    *(
        RefAction(NAME_BASE + k, "name", f"name {SUIT_NAMES[suit]}", None)
        for k, suit in enumerate(NAMED_SUITS)
    ),
)
"""The 124 actions, indexed by id."""
ACTION_IDS = {action.text.lower(): action.id for action in ACTIONS}
"""Every action's text in lower case: a text is read ignoring letter case, nothing else."""


def parse_action_id(text: str) -> int:
    """Actions: a text read ignoring (ASCII) letter case; RuleError for anything else."""
    if text.isascii() and text.lower() in ACTION_IDS:
        return ACTION_IDS[text.lower()]
    raise RuleError(f"no five_hundred action has the text {text!r}")


# --- Cards (Players, cards, seats) ------------------------------------------------------


def is_joker(card: str) -> bool:
    return card in JOKERS


def suit_of(card: str) -> str:
    """A suited card's own suit (S H D C); the jokers have none of their own."""
    assert not is_joker(card)
    return card[-1]


def rank_of(card: str) -> str:
    return card[:-1]


def team_of(seat: int) -> int:
    """Players, cards, seats: team 0 is seats 0 and 2, team 1 seats 1 and 3."""
    return seat % 2


def sort_cards(cards: Sequence[str]) -> list[str]:
    """Cards sorted by face id, as every card list of the state."""
    return sorted(cards, key=FACE.__getitem__)


# --- The deal (Mise en place) -------------------------------------------------------------

DEAL_PACKETS: tuple[tuple[str, int], ...] = (
    ("seats", 3),
    ("kitty", 3),
    ("seats", 4),
    ("kitty", 3),
    ("seats", 3),
)
"""Mise en place: 3 to each seat, 3 to the kitty, 4 to each, 3 to the kitty, 3 to each."""


def deal_cards(
    deck: Sequence[str], dealer: int
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Mise en place: from deck position 0, the packets in turn, each seat's from the
    dealer's left (the seat after the dealer) round to the dealer. Hands and kitty
    sorted by face id."""
    hands: list[list[str]] = [[] for _ in range(NUM_PLAYERS)]
    kitty: list[str] = []
    position = 0
    for target, size in DEAL_PACKETS:
        if target == "kitty":
            kitty += deck[position : position + size]
            position += size
            continue
        for offset in range(1, NUM_PLAYERS + 1):
            hands[(dealer + offset) % NUM_PLAYERS] += deck[position : position + size]
            position += size
    assert position == len(DECK)
    return tuple(tuple(sort_cards(hand)) for hand in hands), tuple(sort_cards(kitty))


# --- The auction (1. Les enchères, F1, F5, F6, D1) -----------------------------------------


def read_bid(bid: object) -> str:
    """A bid's canonical text (any letter case): RuleError for a pass or anything else."""
    if isinstance(bid, str) and bid.isascii() and bid.lower() in BID_VALUES:
        return bid.lower()
    raise RuleError(f"not a bid of 500: {bid!r}")


def bid_value(bid: str) -> int:
    """F1, F6: a bid's value, from the Avondale table (6 spades 40 ... 10 no trump 520),
    misère 250, open misère 500. RuleError for anything but a bid's text."""
    return BID_VALUES[read_bid(bid)]


def bid_tricks(bid: str) -> int:
    """The tricks a suit or no-trump bid names."""
    return int(bid.split(" ", 1)[0])


def is_misere(contract: str | None) -> bool:
    return contract in MISERES


def trump_suit(contract: str) -> str | None:
    """The trump suit of a contract: None for no trump and misère (F6: no trump)."""
    if is_misere(contract):
        return None
    return TRUMP_OF[contract.split(" ", 1)[1]]


def highest_bid(bids: Sequence[str]) -> str | None:
    """The highest bid so far in the order, or None when every bid is a pass."""
    made = [bid for bid in bids if bid != PASS]
    return max(made, key=RANK_OF_BID.__getitem__) if made else None


def seven_bid_made(bids: Sequence[str]) -> bool:
    """F6: misère may be bid only once a seven-trick bid has been made in this auction."""
    return any(bid not in (PASS, *MISERES) and bid_tricks(bid) == 7 for bid in bids)


def allowed_bids(bids: Sequence[str], misere: bool) -> list[str]:
    """The auction: ``pass``, or a bid later in the order than the highest so far;
    misère (option) after a seven bid, open misère (option) at any time."""
    highest = highest_bid(bids)
    above = BID_ORDER if highest is None else BID_ORDER[RANK_OF_BID[highest] + 1 :]
    allowed = [PASS]
    for bid in above:
        if bid in MISERES and not misere:
            continue
        if bid == MISERE and not seven_bid_made(bids):
            continue
        allowed.append(bid)
    return allowed


def auction_over(bids: Sequence[str], single_round: bool) -> bool:
    """F5: over when every seat has passed, or a bid has been made and three seats have
    passed; with ``single_round``, once each seat has spoken."""
    if single_round:
        return len(bids) == NUM_PLAYERS
    passes = bids.count(PASS)
    return passes == NUM_PLAYERS or (passes == NUM_PLAYERS - 1 and highest_bid(bids) is not None)


def next_bidder(dealer: int, spoken: Sequence[tuple[str, int]]) -> int:
    """The auction: the dealer's left speaks first; then clockwise, skipping the seats
    that have passed (a pass is final)."""
    if not spoken:
        return (dealer + 1) % NUM_PLAYERS
    passed = {seat for bid, seat in spoken if bid == PASS}
    last = spoken[-1][1]
    for offset in range(1, NUM_PLAYERS + 1):
        seat = (last + offset) % NUM_PLAYERS
        if seat not in passed:
            return seat
    raise AssertionError("every seat has passed: the auction is over")


# --- The trump order (Hiérarchie des cartes, F2-F4) ------------------------------------------


def effective_suit(card: str, trump: str | None) -> str:
    """The suit a card follows under the contract: the jokers and the jack of the trump's
    colour follow the trump suit (F3); in no trump the jokers are the joker suit (F4)."""
    if is_joker(card):
        return trump if trump is not None else JOKER_SUIT
    if trump is not None and rank_of(card) == "J" and suit_of(card) == SAME_COLOUR[trump]:
        return trump
    return suit_of(card)


def trump_order(trump: str | None) -> tuple[str, ...]:
    """F3: the 14 trumps, highest first: the high joker, the low joker, the jack of
    trumps, the other jack of its colour, A K Q 10 9 ... 4; F4: in no trump the jokers."""
    if trump is None:
        return JOKERS
    plain = [rank + trump for rank in reversed(PLAIN_ORDER) if rank != "J"]
    return (HIGH_JOKER, LOW_JOKER, "J" + trump, "J" + SAME_COLOUR[trump], *plain)


def led_suit(trick: Sequence[tuple[int, str]], trump: str | None, named: str | None) -> str:
    """The suit to follow: the led card's effective suit, or the suit a joker lead named
    (F4's option)."""
    return named if named is not None else effective_suit(trick[0][1], trump)


def legal_plays(
    hand: Sequence[str], trick: Sequence[tuple[int, str]], trump: str | None, named: str | None
) -> list[str]:
    """Play: lead any card; else a card of the led effective suit if the hand holds one,
    otherwise any card (a joker on a plain lead only when void, never compulsory)."""
    if not trick:
        return list(hand)
    led = led_suit(trick, trump, named)
    following = [card for card in hand if effective_suit(card, trump) == led]
    return following or list(hand)


def trick_winner(cards: Sequence[tuple[int, str]], trump: str | None) -> int:
    """Play: the highest trump played wins (in no trump the jokers, the high one above
    the low: with a named suit, the joker led wins unless the high joker beats it);
    without trumps, the highest card of the led suit."""
    order = trump_order(trump)
    trumps = [play for play in cards if play[1] in order]
    if trumps:
        return min(trumps, key=lambda play: order.index(play[1]))[0]
    led = effective_suit(cards[0][1], trump)
    following = [play for play in cards if effective_suit(play[1], trump) == led]
    return max(following, key=lambda play: PLAIN_ORDER.index(rank_of(play[1])))[0]


def names_a_suit(card: str, trump: str | None, option: bool) -> bool:
    """F4's option: a joker led in no trump (or misère) names a suit."""
    return option and trump is None and is_joker(card)


# --- Scoring (3. Le pointage, F9-F12, D3) ----------------------------------------------------


def is_made(contract: str, tricks: int) -> bool:
    """F9: made when the bidding team wins at least the tricks bid; F6: a misère when the
    bidder wins none."""
    return tricks == 0 if is_misere(contract) else tricks >= bid_tricks(contract)


def contract_worth(contract: str, tricks: int, slam_bonus: bool) -> int:
    """F11: with ``slam_bonus`` a contract worth less than 250 that takes all 10 tricks
    scores 250 instead of its value."""
    value = BID_VALUES[contract]
    slam = slam_bonus and not is_misere(contract) and tricks == TRICKS_PER_DEAL
    return SLAM_VALUE if slam and value < SLAM_VALUE else value


def settle(contract: str, tricks: int, scoring: str, slam_bonus: bool) -> tuple[int, int]:
    """The deal's scores, (the bidding team's, the opponents'): ``tricks`` the bidding
    team's (in misère the bidder's), the opponents having won the rest of ten.

    F6, D3: misère made scores its value, failed loses it; the opponents score nothing.
    F9: made, the value to the bidders; failed, the value to the opponents.
    F10: made, the bidders + value; failed, - value; the opponents 10 per trick won."""
    value = BID_VALUES[contract]
    made = is_made(contract, tricks)
    if is_misere(contract):
        return (value if made else -value), 0
    if scoring == "variant":
        opponents = PER_TRICK * (TRICKS_PER_DEAL - tricks)
        return (contract_worth(contract, tricks, slam_bonus) if made else -value), opponents
    return (contract_worth(contract, tricks, slam_bonus), 0) if made else (0, value)


def score(
    bid: str, tricks: int, *, scoring: str = "default", slam_bonus: bool = False
) -> tuple[int, int]:
    """Scoring: (the bidding team's score, the opponents') for a contract ``bid`` whose
    bidding team won ``tricks`` (0 to 10; in misère the bidder's, 0 or 1). RuleError for
    bad input."""
    contract = read_bid(bid)
    most = 1 if is_misere(contract) else TRICKS_PER_DEAL
    protocol.integer(tricks, "tricks", 0, most)
    protocol.choice(scoring, "scoring", SCORINGS)
    if not isinstance(slam_bonus, bool):
        raise RuleError(f"slam_bonus must be a bool, got {slam_bonus!r}")
    return settle(contract, tricks, scoring, slam_bonus)


def match_winner(totals: Sequence[int], bidding_team: int, made: bool, scoring: str) -> int | None:
    """F12, after a valid deal: a team with 500 or more wins (under the variant only the
    bidding team, on a contract made); else a team at -500 or below loses, the other
    wins; else the match goes on. The team at 500 or more wins when both hold."""
    for team in (bidding_team, 1 - bidding_team):
        may_win = scoring == "default" or (team == bidding_team and made)
        if totals[team] >= TARGET and may_win:
            return team
    for team in (0, 1):
        if totals[team] <= -TARGET:
            return 1 - team
    return None


def single_deal_winner(scores: Sequence[int]) -> int | None:
    """Options, ``single_deal``: the team with the higher deal score (a tie: nobody)."""
    if scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1


# --- Options (Options) -------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    single_deal: bool
    single_round: bool
    misere: bool
    joker_names_suit: bool
    scoring: str
    slam_bonus: bool
    first_dealer: int | None
    max_deals: int


def check_options(options: Mapping[str, object]) -> Options:
    """The eight options with defaults filled in; RuleError naming a bad one."""
    read = OptionReader(NAME, options, OPTION_NAMES)
    return Options(
        single_deal=read.flag("single_deal"),
        single_round=read.flag("single_round"),
        misere=read.flag("misere"),
        joker_names_suit=read.flag("joker_names_suit"),
        scoring=read.text("scoring", "default", SCORINGS),
        slam_bonus=read.flag("slam_bonus"),
        first_dealer=read.seat("first_dealer", NUM_PLAYERS),
        max_deals=read.integer("max_deals", DEAL_CAP, 1, DEAL_CAP),
    )


# --- Records -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Trick(protocol.Trick):
    """A completed trick (State JSON, ``"tricks"``): its leader, the cards in play order,
    its winner, and the suit a joker lead named (or None)."""

    named: str | None

    def state(self) -> dict[str, Any]:
        return {**super().state(), "named": self.named}


@dataclass(frozen=True)
class Result:
    """A deal's result (State JSON, ``"result"``): each team's tricks, whether the
    contract was made, each team's score."""

    tricks: tuple[int, int]
    made: bool
    scores: tuple[int, int]


@dataclass(frozen=True)
class DealRecord:
    """A finished deal, void or played (State JSON, ``"finished_deals"``)."""

    deal: int
    dealer: int
    dealt: tuple[tuple[str, ...], ...]
    kitty: tuple[str, ...]
    void: str | None
    bids: tuple[tuple[str, int], ...]
    bidder: int | None
    contract: str | None
    discard: tuple[str, ...]
    tricks: tuple[Trick, ...]
    result: Result | None


# --- The game ------------------------------------------------------------------------------


class FiveHundredReference(TrickGame):
    """A whole match of 500 (or a single deal), played one action at a time."""

    NAME = NAME
    NUM_PLAYERS = NUM_PLAYERS
    HAND_SIZE = HAND_SIZE
    ACTIONS = ACTIONS
    DECK = DECK
    SETUP_IN_DEALERS_HAND = False  # the kitty is dealt to no seat
    OPTION_NAMES = OPTION_NAMES
    LATER_OPTIONS = ("max_deals",)
    STATE_KEYS = STATE_KEYS
    TRICK_KEYS = TRICK_KEYS
    RECORD_KEYS = RECORD_KEYS
    DEALT_KEY = "dealt"

    _options: Options
    _deal_number: int
    _dealt: list[list[str]]
    _kitty: list[str]
    _bids: list[tuple[str, int]]
    _bidder: int | None
    _contract: str | None
    _discard: list[str]
    _named: str | None
    _tricks: list[Trick]
    _result: Result | None
    _deal_scores: list[list[int]]
    _finished: list[DealRecord]
    _winner: int | None

    def __init__(self, *, seed: int, **options: object) -> None:
        self._options = check_options(options)
        self._rng = SplitMix64(seed)
        # The deal: the first dealer is drawn before the first shuffle, unless named.
        first = self._options.first_dealer
        self._dealer = self._rng.below(NUM_PLAYERS) if first is None else first
        self._deal_number = 1
        self._deal_scores = []
        self._finished = []
        self._history = []
        self._winner = None
        self._start_deal()

    # --- Deals ---

    def _start_deal(self) -> None:
        """The deal: one shuffle of the 46 cards in face-id order, then the packets."""
        deck = list(DECK)
        self._rng.shuffle(deck)
        hands, kitty = deal_cards(deck, self._dealer)
        self._begin_deal(Deal(self._dealer, hands, kitty), self._deal_number)

    def _begin_deal(self, deal: Deal, number: int) -> None:
        """Lay out ``deal`` as deal ``number``, before the auction."""
        del self._finished[number - 1 :]  # the deals the generator dealt after it
        self._deal_number = number
        self._dealer = deal.dealer
        self._dealt = [list(hand) for hand in deal.hands]
        self._kitty = list(deal.setup)
        self._hands = [list(hand) for hand in deal.hands]
        self._bids = []
        self._bidder = None
        self._contract = None
        self._discard = []
        self._named = None
        self._trick_leader = (self._dealer + 1) % NUM_PLAYERS  # the first to speak
        self._trick = []
        self._tricks = []
        self._result = None
        self._winner = None
        self._phase = "bid"

    def _next_deal(self) -> None:
        """F8: the deal passes to the left, the next seat, after every deal."""
        self._deal_number += 1
        self._dealer = (self._dealer + 1) % NUM_PLAYERS
        self._start_deal()

    @property
    def _deal_count(self) -> int:
        return self._deal_number

    # --- The protocol ---

    @property
    def current_player(self) -> int | None:
        """Actions: the next seat still in the auction; the bidder to discard; the seat
        that led a joker to name; the next seat of the trick; none once over."""
        if self._phase == "bid":
            return next_bidder(self._dealer, self._bids)
        if self._phase == "discard":
            return self._bidder
        if self._phase == "name":
            return self._trick_leader
        if self._phase == "play":
            return self._next_to_play()
        return None

    @property
    def scores(self) -> list[int]:
        """Each seat shows its team's total of every valid deal's scores."""
        totals = self._team_totals()
        return [totals[team_of(seat)] for seat in range(NUM_PLAYERS)]

    def _legal_actions(self) -> list[RefAction]:
        seat = self.current_player
        if seat is None:
            return []
        if self._phase == "bid":
            bids = allowed_bids([bid for bid, _ in self._bids], self._options.misere)
            return [ACTIONS[action_id] for action_id in sorted(map(bid_id, bids))]
        if self._phase == "discard":
            return [ACTIONS[DISCARD_BASE + FACE[card]] for card in self._hands[seat]]
        if self._phase == "name":
            return [ACTIONS[NAME_BASE + k] for k in range(len(NAMED_SUITS))]
        cards = legal_plays(self._hands[seat], self._trick, self.trump, self._named)
        return [ACTIONS[FACE[card]] for card in sort_cards(cards)]

    def _action_id(self, text: str) -> int:
        return parse_action_id(text)

    def _apply_legal(self, seat: int, action: RefAction) -> None:
        if action.kind == "bid":
            self._bid(seat, action.text)
        elif action.kind == "discard":
            assert action.card is not None
            self._discard_card(seat, action.card)
        elif action.kind == "name":
            self._name(NAMED_SUITS[action.id - NAME_BASE])
        else:
            assert action.card is not None
            self._play(seat, action.card)

    # --- 500's own accessors ---

    @property
    def dealt(self) -> list[list[str]]:
        return [list(hand) for hand in self._dealt]

    @property
    def kitty(self) -> list[str]:
        return list(self._kitty)

    @property
    def bids(self) -> list[tuple[str, int]]:
        return list(self._bids)

    @property
    def bidder(self) -> int | None:
        return self._bidder

    @property
    def contract(self) -> str | None:
        return self._contract

    @property
    def trump(self) -> str | None:
        """The contract's trump suit (None in no trump, misère, or before a contract)."""
        return None if self._contract is None else trump_suit(self._contract)

    @property
    def sitting_out(self) -> int | None:
        """F6: the misère bidder's partner, who takes no part in the play."""
        if self._bidder is None or not is_misere(self._contract):
            return None
        return (self._bidder + 2) % NUM_PLAYERS

    @property
    def discard(self) -> list[str]:
        return list(self._discard)

    @property
    def named(self) -> str | None:
        return self._named

    @property
    def tricks(self) -> list[Trick]:
        return list(self._tricks)

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def deal_scores(self) -> list[list[int]]:
        return [list(scores) for scores in self._deal_scores]

    @property
    def finished_deals(self) -> list[DealRecord]:
        return list(self._finished)

    @property
    def previous_deal(self) -> DealRecord | None:
        return self._finished[-1] if self._finished else None

    @property
    def winning_team(self) -> int | None:
        """The team that won the match once it is over (None: not over, or a tie of a
        single deal)."""
        return self._winner

    # --- The auction, the kitty ---

    def _bid(self, seat: int, bid: str) -> None:
        """F5: the auction goes on until it is over; all pass voids the deal; else the
        highest bidder has the contract and takes the kitty (F7)."""
        self._bids.append((bid, seat))
        bids = [text for text, _ in self._bids]
        if not auction_over(bids, self._options.single_round):
            return
        highest = highest_bid(bids)
        if highest is None:
            self._void()
            return
        self._contract = highest
        self._bidder = next(who for text, who in self._bids if text == highest)
        self._trick_leader = self._bidder  # F8: the bidder leads the first trick
        self._take_kitty()

    def _void(self) -> None:
        """F5: all pass: the deal is recorded as void and the next seat deals at once
        (unless D11's cap ends the match on it)."""
        if self._at_cap():
            return
        self._finished.append(self._record(VOID_ALL_PASS))
        self._next_deal()

    def _at_cap(self) -> bool:
        """D11: the deal just finished is deal ``max_deals``: the match is over there,
        truncated, this deal staying in place."""
        return self._end_at_cap(self._deal_number >= self._options.max_deals)

    def _take_kitty(self) -> None:
        """F7: the bidder takes the 6 kitty cards into its hand, then discards 6."""
        assert self._bidder is not None
        self._hands[self._bidder] = sort_cards(self._hands[self._bidder] + self._kitty)
        self._phase = "discard"

    def _discard_card(self, seat: int, card: str) -> None:
        """F7: one card per action, any card; after the sixth the bidder leads."""
        self._hands[seat].remove(card)
        self._discard = sort_cards([*self._discard, card])
        if len(self._discard) == KITTY_SIZE:
            self._phase = "play"

    # --- Play ---

    def _playing_seats(self) -> list[int]:
        """Play, F6: the seats in a trick from its leader, clockwise; the misère bidder's
        partner takes no part."""
        seats = [(self._trick_leader + k) % NUM_PLAYERS for k in range(NUM_PLAYERS)]
        return [seat for seat in seats if seat != self.sitting_out]

    def _next_to_play(self) -> int:
        return self._playing_seats()[len(self._trick)]

    def _play(self, seat: int, card: str) -> None:
        self._hands[seat].remove(card)
        self._trick.append((seat, card))
        if len(self._trick) == 1 and names_a_suit(card, self.trump, self._options.joker_names_suit):
            self._phase = "name"  # F4's option: the leader names a suit
            return
        if len(self._trick) == len(self._playing_seats()):
            self._complete_trick()

    def _name(self, suit: str) -> None:
        """F4's option: the suit to follow in this trick."""
        self._named = suit
        self._phase = "play"

    def _complete_trick(self) -> None:
        """Play: the winner takes the trick and leads the next; the deal ends after 10
        tricks, or (D2) at the misère bidder's first trick won."""
        winner = trick_winner(self._trick, self.trump)
        self._tricks.append(Trick(self._trick_leader, tuple(self._trick), winner, self._named))
        self._trick = []
        self._named = None
        self._trick_leader = winner
        misere_lost = is_misere(self._contract) and winner == self._bidder
        if misere_lost or len(self._tricks) == TRICKS_PER_DEAL:
            self._end_deal()

    # --- The end of a deal ---

    def _team_totals(self) -> list[int]:
        return [sum(scores[team] for scores in self._deal_scores) for team in (0, 1)]

    def _count(self) -> Result:
        """Scoring: each team's tricks, the contract made or not, each team's score."""
        assert self._bidder is not None
        assert self._contract is not None
        won = [0, 0]
        for trick in self._tricks:
            won[team_of(trick.winner)] += 1
        bidding = team_of(self._bidder)
        ours, theirs = settle(
            self._contract, won[bidding], self._options.scoring, self._options.slam_bonus
        )
        scores = [0, 0]
        scores[bidding], scores[1 - bidding] = ours, theirs
        made = is_made(self._contract, won[bidding])
        return Result((won[0], won[1]), made, (scores[0], scores[1]))

    def _end_deal(self) -> None:
        """F12: the deal's scores are booked; when the match ends the deal stays in
        place (phase ``"over"``), else it is recorded and the next seat deals."""
        assert self._bidder is not None
        self._result = self._count()
        self._deal_scores.append(list(self._result.scores))
        if self._options.single_deal:
            self._winner = single_deal_winner(self._result.scores)
            self._phase = "over"
            return
        winner = match_winner(
            self._team_totals(), team_of(self._bidder), self._result.made, self._options.scoring
        )
        if winner is not None:
            self._winner = winner
            self._phase = "over"
            return
        if self._at_cap():
            return
        self._finished.append(self._record(None))
        self._next_deal()

    def _record(self, void: str | None) -> DealRecord:
        return DealRecord(
            self._deal_number,
            self._dealer,
            tuple(tuple(hand) for hand in self._dealt),
            tuple(self._kitty),
            void,
            tuple(self._bids),
            self._bidder,
            self._contract,
            tuple(self._discard),
            tuple(self._tricks),
            self._result,
        )

    # --- JSON ---

    def _game_state(self, finished: slice) -> dict[str, Any]:
        """The state in the layout of docs/rules/five_hundred.md, "State JSON"."""
        return {
            "deal": self._deal_number,
            "dealer": self._dealer,
            "dealt": [list(hand) for hand in self._dealt],
            "kitty": list(self._kitty),
            "bids": [[bid, seat] for bid, seat in self._bids],
            "bidder": self._bidder,
            "contract": self._contract,
            "discard": list(self._discard),
            "named": self._named,
            "hands": [list(hand) for hand in self._hands],
            "trick_leader": self._trick_leader,
            "trick": [[seat, card] for seat, card in self._trick],
            "tricks": [trick.state() for trick in self._tricks],
            "result": _result_state(self._result),
            "deal_scores": [list(scores) for scores in self._deal_scores],
            "finished_deals": [_record_state(record) for record in self._finished[finished]],
        }

    def _observed(self, view: dict[str, Any], seat: int) -> None:
        """Observation: no ``"dealt"``; during the deal the kitty hidden but to the
        bidder once taken, the discard hidden but to the bidder; open misère's hand
        shown once the first trick is complete; a void previous deal's hands and kitty
        not shown."""
        del view["dealt"]
        in_play = self._phase != "over"
        if in_play and seat != self._bidder:
            view["kitty"] = [None] * len(self._kitty)
            view["discard"] = [None] * len(self._discard)
        view["open_hand"] = None
        if self._contract == OPEN_MISERE and self._tricks and self._bidder is not None:
            view["open_hand"] = list(self._hands[self._bidder])
        previous = view[self.PREVIOUS_KEY]
        if previous is not None and previous["void"] is not None:
            previous["dealt"] = [[] for _ in previous["dealt"]]
            previous["kitty"] = []

    def _read_setup(self, fields: dict[str, object], what: str) -> tuple[str, ...]:
        """The kitty of 6 cards."""
        kitty = self._read_cards(fields["kitty"], protocol.path(what, "kitty"), KITTY_SIZE)
        return tuple(sort_cards(kitty))


def _result_state(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"tricks": list(result.tricks), "made": result.made, "scores": list(result.scores)}


def _record_state(record: DealRecord) -> dict[str, Any]:
    return {
        "deal": record.deal,
        "dealer": record.dealer,
        "dealt": [list(hand) for hand in record.dealt],
        "kitty": list(record.kitty),
        "void": record.void,
        "bids": [[bid, seat] for bid, seat in record.bids],
        "bidder": record.bidder,
        "contract": record.contract,
        "discard": list(record.discard),
        "tricks": [trick.state() for trick in record.tricks],
        "result": _result_state(record.result),
    }
