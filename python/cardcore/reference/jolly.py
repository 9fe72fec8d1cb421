"""Jolly, the pure-Python reference: a slow, plain transcription of the rules.

Which game: a rummy for 2 to 4 players with two 52-card decks and six jokers. Each
turn a seat draws (or, once opened, takes the end of the discard row), lays melds,
lays off and swaps jokers, then discards; a round ends when a seat discards its last
card; each card on the table counts for whoever placed it, each card in hand against
its holder.

Sources, cited in the comments:

- ``docs/rules/jolly.md``, the rules as cardcore plays them: its sections (by their
  titles, such as "Laying cards: placements"), its action ids and texts, its phases,
  State JSON, Observation, options, the rulings **L1** .. **L16** it cites and its
  decisions **J1** .. **J12**. It is the contract;
- the rules text "Jolly: Mode d'emploi du jeu" ("Règles du jeu", "Décompte des
  points"), for the scoring example.

This module is written from those pages alone (never from the Rust engine), one
small function per rule. Where the page leaves room, the choices are:

- J3 binds every placement on the meld being built, its first one (made in phase
  ``play``) included: a new meld is started only with a card it can be completed
  with from the hand, leaving a card the seat may discard;
- "a card the seat may discard" (J3) is a card of a face L14 does not forbid; that
  ``discard`` itself waits while melds are pending does not enter it;
- a natural ace at position 14 (``lay AH high``) is never a set's card (J8), so a
  meld started with it can never be completed (a run is built upwards, J9);
- a set's joker laid as the fourth card of three naturals stands at once for the
  missing suit (the set then holds 3 naturals and the joker, L8), on the table and in
  the meld being built alike;
- the joker a swap frees counts at once as a card the seat may discard (J3), unless
  the joker is the face L14 forbids;
- ``"penalties"`` in a result are positive numbers (a round score is table values
  minus penalty);
- a round that ends with no finisher ends at the start of the new turn: ``"player"``
  is that turn's seat, its turn keys the new turn's;
- an observation's emptied ``"dealt"``, ``"deal_stock"`` and ``"rebuilt_stocks"``
  (its own and its previous round's) are empty lists ``[]``;
- a recorded rebuilt stock that is not the cards the rebuild takes is refused as the
  replay reaches that rebuild (an illegal step of the history);
- in a state JSON, card and action texts are read in any letter case; every other
  string, ``"phase"`` included (``"draw"`` is also an action's text), is exact.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardcore.reference import protocol
from cardcore.reference.cards import DECKS, SUITS, RuleError, face_id, rank_of, suit_of
from cardcore.reference.protocol import Deal, OptionReader, RefAction, ReferenceGame
from cardcore.reference.rng import SplitMix64

NAME = "jolly"
JOKER = "JK"
SHUFFLED_DECK: tuple[str, ...] = DECKS[110]
"""L1: ``deck(110)``, the order the deal shuffles: the 52, the 52 again, six jokers."""
DECK: tuple[str, ...] = tuple(sorted(SHUFFLED_DECK, key=face_id))
"""The same 110 cards in face-id order (two of each face side by side)."""
DECK52: tuple[str, ...] = DECKS[52]
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""The 13 ranks in ``deck(52)`` order (the set jokers' order, ids 112-124)."""

PLAYER_COUNTS = (2, 3, 4)
TARGETS = (100, 200, 500)
HAND_SIZE = 13
"""L1: 13 cards each."""
MAX_HAND = 20
"""L4: a take must leave at most 20 cards in hand."""
OPENING = 40
"""L5: the opening melds' table values total at least 40."""
KEPT_IN_ROW = 3
"""L13: the row keeps its 3 most recent cards when the stock is rebuilt."""
MAX_REBUILDS = 2
"""J6: the stock is rebuilt at most twice in a round."""
GOING_OUT = 30
"""L11: the finisher's bonus."""
MAX_MELDS = 36

OPTION_NAMES = ("players", "target", "max_rounds", "single_deal", "first_dealer", "max_round_steps")
ROUND_STEPS = (100, 5000)
"""J14: ``max_round_steps``, the most steps of one round: its least value, and its
default, also its largest."""
STATE_KEYS = (
    "game",
    "version",
    "options",
    "rng",
    "phase",
    "round",
    "dealer",
    "dealt",
    "deal_stock",
    "deal_rng",
    "rebuilt_stocks",
    "hands",
    "stock",
    "stock_size",
    "rebuilds",
    "row",
    "melds",
    "opened",
    "player",
    "drawn",
    "taken",
    "opened_now",
    "pending",
    "building",
    "selected",
    "result",
    "round_scores",
    "finished_rounds",
    "history",
)
"""The keys of the state JSON, in the order of docs/rules/jolly.md."""
RECORD_KEYS = (
    "round",
    "dealer",
    "dealt",
    "deal_stock",
    "deal_rng",
    "rebuilt_stocks",
    "melds",
    "hands",
    "row",
    "result",
)
"""The keys of a finished round's record (an entry of ``"finished_rounds"``)."""
LATER_KEYS = ("rebuilt_stocks",)
"""Keys a state saved before they existed leaves out, in the state and in its records:
its rounds' rebuilt stocks are then the generator's shuffles, not recorded (State
JSON)."""


# --- Cards and positions (Melds, L6, L7) ---------------------------------------------


def position_card(suit: str, position: int) -> str:
    """Melds: the natural card of a run position: 1 and 14 the ace, 2-10 the number
    cards, 11 J, 12 Q, 13 K."""
    if position in (1, 14):
        return "A" + suit
    return {11: "J", 12: "Q", 13: "K"}.get(position, str(position)) + suit


def set_position(rank: str) -> int:
    """J8: the position a natural card takes in a set (an ace is position 1)."""
    return 1 if rank == "A" else {"J": 11, "Q": 12, "K": 13}.get(rank) or int(rank)


def rank_points(rank: str) -> int:
    """L9, L10: 2-9 their face value, 10, J, Q, K 10 (the ace is counted apart)."""
    return 10 if rank in ("10", "J", "Q", "K") else int(rank)


def hand_penalty(cards: Sequence[str]) -> int:
    """L10: 2-9 face value, 10, J, Q, K 10, ace 25, joker 50."""
    total = 0
    for card in cards:
        if card == JOKER:
            total += 50
        elif rank_of(card) == "A":
            total += 25
        else:
            total += rank_points(rank_of(card))
    return total


def sort_cards(cards: Sequence[str]) -> list[str]:
    """Cards sorted by face id, as every hand of the state (duplicates side by side)."""
    return sorted(cards, key=face_id)


# --- Placements (Laying cards: placements) -----------------------------------------------


@dataclass(frozen=True)
class Placement:
    """One card laid on a meld: a natural card at a run position (its own), a joker
    standing for a run card (``suit`` and ``position`` set), or a joker in a set of a
    rank (``suit`` and ``position`` None). A natural card in a set has its set
    position (J8: an ace 1)."""

    card: str
    rank: str
    suit: str | None
    position: int | None

    @functools.cached_property  # a placement is a value: asked often, computed once
    def is_joker(self) -> bool:
        return self.card == JOKER

    @functools.cached_property
    def is_set_joker(self) -> bool:
        return self.is_joker and self.position is None

    @property
    def stands_for(self) -> str | None:
        """The card a natural or a run joker stands for (a set joker: None here)."""
        if self.suit is None or self.position is None:
            return None
        return position_card(self.suit, self.position)


@functools.cache  # placements are values: each is made once (the search makes many)
def natural(suit: str, position: int) -> Placement:
    card = position_card(suit, position)
    return Placement(card, rank_of(card), suit, position)


@functools.cache
def run_joker(suit: str, position: int) -> Placement:
    return Placement(JOKER, rank_of(position_card(suit, position)), suit, position)


@functools.cache
def set_joker(rank: str) -> Placement:
    return Placement(JOKER, rank, None, None)


@functools.cache
def set_natural(card: str) -> Placement:
    """A natural card as a set takes it (J8: an ace at position 1)."""
    return natural(suit_of(card), set_position(rank_of(card)))


# --- Actions (Actions) -----------------------------------------------------------------

RUN_JOKER_BASE = 56
SET_JOKER_BASE = 112
CLOSE_ID = 125
UNDO_ID = 126
SELECT_BASE = 127
DISCARD_BASE = 163
DISCARD_JOKER_ID = 215
DRAW_ID = 216
TAKE_BASE = 217  # take k is 216 + k


def _lay_text(placement: Placement) -> str:
    """``lay 9H``, ``lay AH high``, ``lay JK as 9H``, ``lay JK as AH high``, ``lay JK as 9``."""
    if placement.is_set_joker:
        return f"lay JK as {placement.rank}"
    high = " high" if placement.position == 14 else ""
    stood = placement.stands_for
    return f"lay JK as {stood}{high}" if placement.is_joker else f"lay {stood}{high}"


PLACEMENTS: tuple[Placement, ...] = (
    *(natural(suit, position) for suit in SUITS for position in range(1, 15)),
    *(run_joker(suit, position) for suit in SUITS for position in range(1, 15)),
    *(set_joker(rank) for rank in RANKS),
)
"""Placements by action id, 0 to 124: id = 14 x suit + (position - 1), 56 + that for a
run joker, 112 + the rank's index for a set joker."""
PLACEMENT_IDS = {placement: index for index, placement in enumerate(PLACEMENTS)}

ACTIONS: tuple[RefAction, ...] = (
    *(RefAction(i, "lay", _lay_text(p), p.card) for i, p in enumerate(PLACEMENTS)),
    RefAction(CLOSE_ID, "close", "close", None),
    RefAction(UNDO_ID, "undo", "undo", None),
    *(RefAction(SELECT_BASE + n, "select", f"on meld {n}", None) for n in range(MAX_MELDS)),
    *(
        RefAction(DISCARD_BASE + index, "discard", f"discard {card}", card)
        for index, card in enumerate(DECK52)
    ),
    RefAction(DISCARD_JOKER_ID, "discard", "discard JK", JOKER),
    RefAction(DRAW_ID, "draw", "draw", None),
    *(RefAction(TAKE_BASE + k - 1, "take", f"take {k}", None) for k in range(1, MAX_HAND + 1)),
)
"""The 237 actions, indexed by id."""
ACTION_IDS = {action.text.lower(): action.id for action in ACTIONS}
DISCARD_IDS = {card: DISCARD_BASE + index for index, card in enumerate(DECK52)} | {
    JOKER: DISCARD_JOKER_ID
}


def parse_action_id(text: str) -> int:
    """Actions: a text read ignoring (ASCII) letter case; RuleError for anything else."""
    if text.isascii() and text.lower() in ACTION_IDS:
        return ACTION_IDS[text.lower()]
    raise RuleError(f"no jolly action has the text {text!r}")


# --- Melds (L6, L7, L8) ----------------------------------------------------------------------


def is_valid_set(cards: Sequence[Placement]) -> bool:
    """L6: 3 or 4 cards of one rank, the naturals all of different suits (an ace at
    position 1), at most one joker, standing for the set's rank."""
    if not 3 <= len(cards) <= 4 or len({card.rank for card in cards}) != 1:
        return False
    naturals = [card for card in cards if not card.is_joker]
    jokers = [card for card in cards if card.is_joker]
    return (
        len(jokers) <= 1
        and all(card.is_set_joker for card in jokers)
        and all(card.position == set_position(card.rank) for card in naturals)
        and len({card.suit for card in naturals}) == len(naturals)
    )


def is_valid_run(cards: Sequence[Placement]) -> bool:
    """L7: 3 or more cards of one suit at consecutive positions (1 to 14), not both
    position 1 and 14, never two jokers side by side, at least 2 natural cards."""
    if len(cards) < 3 or any(card.position is None for card in cards):
        return False
    positions = [card.position or 0 for card in cards]
    return (
        len({card.suit for card in cards}) == 1
        and positions == list(range(positions[0], positions[0] + len(cards)))
        and not (1 in positions and 14 in positions)
        and not any(a.is_joker and b.is_joker for a, b in itertools.pairwise(cards))
        and sum(not card.is_joker for card in cards) >= 2
    )


def is_valid_meld(cards: Sequence[Placement]) -> bool:
    """L6, L7: a valid set or a valid run (a run's cards lowest first)."""
    return is_valid_set(cards) or is_valid_run(cards)


_is_valid_meld = functools.lru_cache(maxsize=1 << 16)(is_valid_meld)
"""``is_valid_meld`` of a tuple, remembered (the search asks the same melds again)."""


def meld_kind(cards: Sequence[Placement]) -> str | None:
    """Laying cards: a meld started with a set joker is a set, with a run joker a run;
    started with a natural card, its second card decides (its rank in another suit or
    a set joker: a set; else a run). None while empty or one natural card."""
    if not cards:
        return None
    first = cards[0]
    if first.is_joker:
        return "set" if first.is_set_joker else "run"
    if len(cards) == 1:
        return None
    second = cards[1]
    if second.is_set_joker or (not second.is_joker and second.rank == first.rank):
        return "set"
    return "run"


def set_extensions(cards: Sequence[Placement]) -> list[Placement]:
    """L6: a set of fewer than 4 cards takes a natural of its rank in a suit it does not
    hold, or a set joker if it holds none."""
    if len(cards) >= 4:
        return []
    rank = cards[0].rank
    held = {card.suit for card in cards if not card.is_joker}
    found = [set_natural(rank + suit) for suit in SUITS if suit not in held]
    if not any(card.is_joker for card in cards):
        found.append(set_joker(rank))
    return found


def run_next(cards: Sequence[Placement]) -> list[Placement]:
    """J9: a run is built from its lowest card up: its next card is the position above
    its highest, natural or (next to a natural card, L7) a joker; no position 14 with 1."""
    last = cards[-1]
    assert last.suit is not None
    assert last.position is not None
    above = last.position + 1
    if above > 14 or (above == 14 and cards[0].position == 1):
        return []
    found = [natural(last.suit, above)]
    if not last.is_joker:
        found.append(run_joker(last.suit, above))
    return found


def next_placements(cards: Sequence[Placement]) -> tuple[Placement, ...]:
    """Laying cards, a new meld: every placement the meld being built may take next,
    whatever the hand holds (an empty meld takes any)."""
    return _next_placements(tuple(cards))


@functools.lru_cache(maxsize=1 << 16)  # the search asks the same melds again and again
def _next_placements(cards: tuple[Placement, ...]) -> tuple[Placement, ...]:
    if not cards:
        return PLACEMENTS
    kind = meld_kind(cards)
    if kind == "set":
        return tuple(set_extensions(cards))
    if kind == "run":
        return tuple(run_next(cards))
    # One natural card: the same rank in another suit or a set joker makes a set (an
    # ace high is no set's card, J8); the next position of its suit a run.
    first = cards[0]
    found = []
    if first.position == set_position(first.rank):
        found = set_extensions(cards)
    return (*found, *run_next(cards))


# --- J3: always keep a card you may discard ---------------------------------------------------


def may_discard(card: str, forbidden: str | None) -> bool:
    """L14, J5: after taking exactly one card from the row, no card of its face."""
    return card != forbidden


def holds_discardable(hand: Counter[str], forbidden: str | None) -> bool:
    """J3: the hand holds a card the seat may discard: a card of another face than the
    one L14 forbids (``may_discard``)."""
    forbidden_held = 0 if forbidden is None else hand[forbidden]
    return hand.total() > forbidden_held


def completable(cards: tuple[Placement, ...], hand: Counter[str], forbidden: str | None) -> bool:
    """J3: the meld being built can be completed into a valid meld by further
    placements from ``hand``, leaving in it a card the seat may discard."""
    if not holds_discardable(hand, forbidden):
        return False  # further placements only take cards away
    if _is_valid_meld(cards):
        return True
    for placement in _next_placements(cards):
        if hand[placement.card] > 0:
            hand[placement.card] -= 1
            found = completable((*cards, placement), hand, forbidden)
            hand[placement.card] += 1
            if found:
                return True
    return False


# --- Table melds, lay-offs and swaps (L8) ---------------------------------------------------


@dataclass(frozen=True)
class Laid:
    """A card on the table: its placement and the seat that placed it (L9)."""

    placement: Placement
    seat: int


@dataclass
class Meld:
    """A meld on the table: ``"set"`` or ``"run"``, its cards (a run's lowest first, a
    set's in the order laid)."""

    kind: str
    cards: list[Laid] = field(default_factory=list)

    @property
    def placements(self) -> list[Placement]:
        return [laid.placement for laid in self.cards]


@dataclass(frozen=True)
class LayOff:
    """A legal placement on a table meld: ``where`` is ``"low"`` (before its first
    card), ``"high"`` (after its last) or ``"swap"`` (in the place of the joker at
    ``index``)."""

    placement: Placement
    where: str
    index: int


def run_lay_offs(cards: Sequence[Placement]) -> list[LayOff]:
    """Lay-offs and swaps: on a run from lo to hi, a card at lo-1 (lo >= 2) or hi+1
    (hi <= 13), a joker only next to a natural card, never positions 1 and 14 together
    (L7); a natural card at the position of one of its jokers swaps it (L8)."""
    first, last = cards[0], cards[-1]
    suit = first.suit
    assert suit is not None
    assert first.position is not None
    assert last.position is not None
    low, high = first.position, last.position
    found = []
    if low >= 2 and not (low == 2 and high == 14):
        found.append(LayOff(natural(suit, low - 1), "low", 0))
        if not first.is_joker:
            found.append(LayOff(run_joker(suit, low - 1), "low", 0))
    if high <= 13 and not (high == 13 and low == 1):
        found.append(LayOff(natural(suit, high + 1), "high", len(cards)))
        if not last.is_joker:
            found.append(LayOff(run_joker(suit, high + 1), "high", len(cards)))
    for index, card in enumerate(cards):
        if card.is_joker:
            assert card.position is not None
            found.append(LayOff(natural(suit, card.position), "swap", index))
    return found


def missing_suit(cards: Sequence[Placement]) -> str | None:
    """L8: the suit a set's joker stands for, once the set holds 3 naturals and it."""
    naturals = [card for card in cards if not card.is_joker]
    if len(naturals) != 3 or len(cards) != 4:
        return None
    held = {card.suit for card in naturals}
    return next(suit for suit in SUITS if suit not in held)


def set_lay_offs(cards: Sequence[Placement]) -> list[LayOff]:
    """Lay-offs and swaps: a set of fewer than 4 cards takes a natural of its rank in a
    suit it does not hold or a set joker if it holds none; in a set of 3 naturals and a
    joker, the natural of the missing suit swaps the joker (L8)."""
    found = [LayOff(placement, "high", len(cards)) for placement in set_extensions(cards)]
    suit = missing_suit(cards)
    if suit is not None:
        index = next(i for i, card in enumerate(cards) if card.is_joker)
        found.append(LayOff(set_natural(cards[0].rank + suit), "swap", index))
    return found


def lay_offs(meld: Meld) -> list[LayOff]:
    """Every placement a table meld may take, whatever the hand holds."""
    if meld.kind == "run":
        return run_lay_offs(meld.placements)
    return set_lay_offs(meld.placements)


def lay_off(meld: Meld, lay: LayOff, seat: int) -> str | None:
    """Put a lay-off or a swap on ``meld``; the joker a swap frees (else None)."""
    laid = Laid(lay.placement, seat)
    if lay.where == "low":
        meld.cards.insert(0, laid)
    elif lay.where == "high":
        meld.cards.append(laid)
    else:
        meld.cards[lay.index] = laid  # L8: the joker leaves the table (L9: and its value)
        return JOKER
    return None


# --- Scoring (L9, L10, L15, L16) ------------------------------------------------------------


def card_table_value(placement: Placement, kind: str) -> int:
    """L9: 2-9 face value, 10, J, Q, K 10; an ace 1 at position 1 of a run, 10 at
    position 14, 25 in a set; a joker the value of the card it stands for."""
    if placement.rank == "A":
        if kind == "set":
            return 25
        return 1 if placement.position == 1 else 10
    return rank_points(placement.rank)


def meld_table_value(cards: Sequence[Placement]) -> int:
    """L9: a meld's table value, the sum of its cards' (its kind read from its cards)."""
    kind = meld_kind(cards) or "run"
    return sum(card_table_value(card, kind) for card in cards)


def table_values(melds: Sequence[Meld], players: int) -> list[int]:
    """L9: each card on the table counts for the seat that placed it."""
    values = [0] * players
    for meld in melds:
        for laid in meld.cards:
            values[laid.seat] += card_table_value(laid.placement, meld.kind)
    return values


@dataclass(frozen=True)
class Result:
    """A round's count (State JSON, ``"result"``): per seat its table values, its hand
    penalty as counted (doubled after another seat's Main Jolly) and its score."""

    finisher: int | None
    main_jolly: bool
    table: tuple[int, ...]
    penalties: tuple[int, ...]
    scores: tuple[int, ...]


def score_round(
    table: Sequence[int],
    hands: Sequence[Sequence[str]],
    finisher: int | None,
    main_jolly: bool = False,
) -> Result:
    """L15: each seat's table values - its hand penalty (doubled after another seat's
    Main Jolly, L12) + 30 for the finisher (L11)."""
    penalties = []
    scores = []
    for seat, hand in enumerate(hands):
        doubled = main_jolly and seat != finisher
        penalty = hand_penalty(hand) * (2 if doubled else 1)
        bonus = GOING_OUT if seat == finisher else 0
        penalties.append(penalty)
        scores.append(table[seat] - penalty + bonus)
    return Result(finisher, main_jolly, tuple(table), tuple(penalties), tuple(scores))


# --- The deal (L1, L3, J1) ------------------------------------------------------------------


def deal_cards(
    shuffled: Sequence[str], dealer: int, players: int
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """J1: one card at a time from the top (index 0), to each seat in turn from the
    dealer's next seat, 13 each; the rest, in order, is the stock (top first)."""
    hands: list[list[str]] = [[] for _ in range(players)]
    dealt = HAND_SIZE * players
    for index in range(dealt):
        hands[(dealer + 1 + index) % players].append(shuffled[index])
    return tuple(tuple(sort_cards(hand)) for hand in hands), tuple(shuffled[dealt:])


MAX_ROUNDS = 30
"""J13: the most rounds the ``max_rounds`` option allows."""

# --- Options (Options) ------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    players: int
    target: int
    max_rounds: int
    single_deal: bool
    first_dealer: int | None
    max_round_steps: int


def check_options(options: Mapping[str, object]) -> Options:
    """The six options with defaults filled in; RuleError naming a bad one."""
    read = OptionReader(NAME, options, OPTION_NAMES)
    players = read.number("players", 4, PLAYER_COUNTS)
    return Options(
        players=players,
        target=read.number("target", 100, TARGETS),
        max_rounds=read.integer("max_rounds", 20, 1, MAX_ROUNDS),
        single_deal=read.flag("single_deal"),
        first_dealer=read.seat("first_dealer", players),
        max_round_steps=read.integer("max_round_steps", ROUND_STEPS[1], *ROUND_STEPS),
    )


# --- Records ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundRecord:
    """A finished round (State JSON, ``"finished_rounds"``)."""

    round: int
    dealer: int
    dealt: tuple[tuple[str, ...], ...]
    deal_stock: tuple[str, ...]
    deal_rng: int
    rebuilt_stocks: tuple[tuple[str, ...], ...] | None
    melds: tuple[Meld, ...]
    hands: tuple[tuple[str, ...], ...]
    row: tuple[str, ...]
    result: Result


@dataclass(frozen=True)
class RoundDeal(Deal):
    """A round's deal and the stocks rebuilt in it (L13), top first: laid out as recorded
    when the round is replayed; ``None`` when the state predates them (``LATER_KEYS``)."""

    rebuilt: tuple[tuple[str, ...], ...] | None = ()


# --- The game ---------------------------------------------------------------------------------


class JollyReference(ReferenceGame):
    """A whole Jolly match (or a single round), played one action at a time."""

    NAME = NAME
    ACTIONS = ACTIONS
    DECK = DECK
    HAND_SIZE = HAND_SIZE
    SETUP_IN_DEALERS_HAND = False  # the stock is dealt to no seat
    OPTION_NAMES = OPTION_NAMES
    LATER_OPTIONS = ("max_round_steps",)
    LATER_KEYS = LATER_KEYS
    STATE_KEYS = STATE_KEYS
    TRICK_KEYS = ()
    RECORD_KEYS = RECORD_KEYS
    FINISHED_KEY = "finished_rounds"
    PREVIOUS_KEY = "previous_round"
    DEALT_KEY = "dealt"
    DEAL_RNG_KEY = "deal_rng"  # the stock's rebuilds are shuffled from the round's generator

    _options: Options
    _round: int
    _dealt: list[list[str]]
    _deal_stock: list[str]
    _deal_rng: int
    _rebuilt: list[list[str]] | None
    _recorded: list[tuple[str, ...]]
    _stock: list[str]
    _rebuilds: int
    _row: list[str]
    _melds: list[Meld]
    _opened: list[bool]
    _seat: int
    _drawn: str | None
    _taken: list[str]
    _opened_now: bool
    _pending: int
    _building: list[Placement]
    _selected: int | None
    _result: Result | None
    _round_scores: list[list[int]]
    _finished: list[RoundRecord]

    def __init__(self, *, seed: int, **options: object) -> None:
        self._options = check_options(options)
        self._rng = SplitMix64(seed)
        # L2: the first dealer is drawn before the first shuffle, unless named.
        first = self._options.first_dealer
        self._dealer = self._rng.below(self.num_players) if first is None else first
        self._round = 1
        self._round_scores = []
        self._finished = []
        self._history = []
        self._deal()

    # --- Rounds ---

    def _deal(self) -> None:
        """The deal: ``deck(110)`` shuffled, then dealt one card at a time (J1)."""
        cards = list(SHUFFLED_DECK)
        self._rng.shuffle(cards)
        hands, stock = deal_cards(cards, self._dealer, self.num_players)
        self._begin_deal(RoundDeal(self._dealer, hands, stock, self._rng.state), self._round)

    def _begin_deal(self, deal: Deal, number: int) -> None:
        """Lay out ``deal`` as round ``number``: the generator set to its state after the
        deal, an empty row (L3), the dealer's next seat to play (L2)."""
        assert deal.rng is not None  # the generator just after the deal
        del self._finished[number - 1 :]  # the rounds the generator dealt after it
        players = self.num_players
        self._round = number
        self._dealer = deal.dealer
        self._dealt = [list(hand) for hand in deal.hands]
        self._deal_stock = list(deal.setup)
        self._deal_rng = deal.rng
        rebuilt = deal.rebuilt if isinstance(deal, RoundDeal) else ()
        # The stocks rebuilt so far, and those a replay lays out (State JSON).
        self._rebuilt = None if rebuilt is None else []
        self._recorded = list(rebuilt or ())
        self._rng = SplitMix64(deal.rng)
        self._hands = [list(hand) for hand in deal.hands]
        self._stock = list(deal.setup)
        self._rebuilds = 0
        self._round_steps = 0
        self._row = []
        self._melds = []
        self._opened = [False] * players
        self._result = None
        self._start_turn((self._dealer + 1) % players)

    @property
    def _deal_count(self) -> int:
        return self._round

    def _start_turn(self, seat: int) -> None:
        """A turn (L4): its keys start afresh; a turn that begins with an empty stock
        first rebuilds it (L13, J7), or ends the round (L13, J6)."""
        self._seat = seat
        self._drawn = None
        self._taken = []
        self._opened_now = False
        self._pending = 0
        self._building = []
        self._selected = None
        self._phase = "draw"
        if self._stock:
            return
        if len(self._row) <= KEPT_IN_ROW or self._rebuilds == MAX_REBUILDS:
            self._end_round(None)
            return
        self._rebuild_stock()

    def _rebuild_stock(self) -> None:
        """L13: every card of the row but its 3 most recent, in row order, shuffled into
        the new stock (top first); the row keeps its 3 most recent. A replayed round lays
        out the stock recorded instead, which must be those cards; the generator draws
        the shuffle all the same (State JSON)."""
        stock = self._row[:-KEPT_IN_ROW]
        self._rng.shuffle(stock)
        if self._rebuilt is not None:
            if self._rebuilds < len(self._recorded):
                recorded = list(self._recorded[self._rebuilds])
                if sorted(recorded, key=face_id) != sorted(stock, key=face_id):
                    raise RuleError(
                        f"rebuilt stock {self._rebuilds} ({' '.join(recorded)}) is not the "
                        f"cards the rebuild takes: {' '.join(sort_cards(stock))}"
                    )
                stock = recorded
            self._rebuilt.append(list(stock))
        self._stock = stock
        self._row = self._row[-KEPT_IN_ROW:]
        self._rebuilds += 1

    def _end_round(self, finisher: int | None) -> None:
        """L11, L12, L15: the round is counted; L16, J12: after the match's last round
        the game is over (the round stays in place), else it is recorded and the next
        seat deals the next."""
        main_jolly = finisher is not None and self._opened_now  # J11
        table = table_values(self._melds, self.num_players)
        self._result = score_round(table, self._hands, finisher, main_jolly)
        self._round_scores.append(list(self._result.scores))
        if self._match_over():
            self._phase = "over"
            return
        self._finished.append(self._record())
        self._round += 1
        self._dealer = (self._dealer + 1) % self.num_players
        self._deal()

    def _match_over(self) -> bool:
        """L16, J12, J13: one round with ``single_deal``; else a seat's total reaches the
        target, or ``max_rounds`` rounds are played."""
        return (
            self._options.single_deal
            or self._round >= self._options.max_rounds
            or max(self.scores) >= self._options.target
        )

    def _record(self) -> RoundRecord:
        assert self._result is not None
        return RoundRecord(
            self._round,
            self._dealer,
            tuple(tuple(hand) for hand in self._dealt),
            tuple(self._deal_stock),
            self._deal_rng,
            None if self._rebuilt is None else tuple(tuple(stock) for stock in self._rebuilt),
            tuple(Meld(meld.kind, list(meld.cards)) for meld in self._melds),
            tuple(tuple(hand) for hand in self._hands),
            tuple(self._row),
            self._result,
        )

    # --- The protocol ---

    @property
    def num_players(self) -> int:
        return self._options.players

    @property
    def current_player(self) -> int | None:
        return None if self._phase == "over" else self._seat

    @property
    def scores(self) -> list[int]:
        """L16: the round scores added up."""
        return [
            sum(scores[seat] for scores in self._round_scores) for seat in range(self.num_players)
        ]

    def _action_id(self, text: str) -> int:
        return parse_action_id(text)

    # --- Legal actions ---

    def _forbidden(self) -> str | None:
        """L14, J5: the face a seat that took exactly one card from the row may not discard."""
        return self._taken[0] if len(self._taken) == 1 else None

    def _hand_counter(self) -> Counter[str]:
        return Counter(self._hands[self._seat])

    def _legal_actions(self) -> list[RefAction]:
        if self._phase == "over":
            return []
        if self._phase == "draw":
            ids = self._draw_ids()
        elif self._phase == "play":
            ids = self._new_meld_ids() + self._select_ids() + self._discard_ids()
            if self._pending:
                ids.append(UNDO_ID)
        elif self._phase == "build":
            ids = [*self._new_meld_ids(), UNDO_ID]
            if self._may_close():
                ids.append(CLOSE_ID)
        else:  # lay_off
            assert self._selected is not None
            ids = [PLACEMENT_IDS[lay.placement] for lay in self._legal_lay_offs(self._selected)]
            ids.append(UNDO_ID)
        return [ACTIONS[action_id] for action_id in sorted(ids)]

    def _draw_ids(self) -> list[int]:
        """L4: ``draw``; ``take k`` only for a seat that opened in an earlier turn, if the
        hand then holds at most 20 cards; ``take 1`` only with a card of another face (J4)."""
        ids = [DRAW_ID] if self._stock else []
        hand = self._hands[self._seat]
        if not self._opened[self._seat]:
            return ids
        for k in range(1, min(len(self._row), MAX_HAND - len(hand)) + 1):
            if k == 1 and all(card == self._row[-1] for card in hand):
                continue
            ids.append(TAKE_BASE + k - 1)
        return ids

    def _new_meld_ids(self) -> list[int]:
        """Laying cards, a new meld: a placement the seat holds the card of, which the
        meld being built can take and still be completed with (J3)."""
        hand = self._hand_counter()
        forbidden = self._forbidden()
        ids = []
        for placement in next_placements(self._building):
            if hand[placement.card] == 0:
                continue
            hand[placement.card] -= 1
            if completable((*self._building, placement), hand, forbidden):
                ids.append(PLACEMENT_IDS[placement])
            hand[placement.card] += 1
        return ids

    def _may_close(self) -> bool:
        """``close``: the meld being built is a valid set or run, and the hand holds a
        card the seat may discard (J3)."""
        return is_valid_meld(self._building) and holds_discardable(
            self._hand_counter(), self._forbidden()
        )

    def _legal_lay_offs(self, index: int) -> list[LayOff]:
        """Lay-offs and swaps on table meld ``index``: the seat holds the card, and keeps
        a card it may discard (J3; a swap gives it the joker)."""
        hand = self._hand_counter()
        forbidden = self._forbidden()
        found = []
        for lay in lay_offs(self._melds[index]):
            if hand[lay.placement.card] == 0:
                continue
            after = hand.copy()
            after[lay.placement.card] -= 1
            if lay.where == "swap":
                after[JOKER] += 1
            if holds_discardable(after, forbidden):
                found.append(lay)
        return found

    def _select_ids(self) -> list[int]:
        """``on meld N``: once opened (L5), when some placement on meld N is legal."""
        if not self._opened[self._seat]:
            return []
        return [
            SELECT_BASE + index for index in range(len(self._melds)) if self._legal_lay_offs(index)
        ]

    def _discard_ids(self) -> list[int]:
        """Discard: not while melds are pending (L5); not the face L14 forbids (J5)."""
        if self._pending:
            return []
        forbidden = self._forbidden()
        faces = {card for card in self._hands[self._seat] if may_discard(card, forbidden)}
        return [DISCARD_IDS[card] for card in faces]

    # --- Applying an action ---

    def _apply_legal(self, seat: int, action: RefAction) -> None:
        self._round_steps += 1  # a new round counts from 0 again
        self._step(seat, action)
        # J14: a round still going on after max_round_steps steps ends the match.
        self._end_at_cap(
            self._phase != "over" and self._round_steps >= self._options.max_round_steps
        )

    def _step(self, seat: int, action: RefAction) -> None:
        if action.kind == "draw":
            self._draw(seat)
        elif action.kind == "take":
            self._take(seat, action.id - TAKE_BASE + 1)
        elif action.kind == "lay":
            self._lay(seat, PLACEMENTS[action.id])
        elif action.kind == "close":
            self._close(seat)
        elif action.kind == "undo":
            self._undo(seat)
        elif action.kind == "select":
            self._selected = action.id - SELECT_BASE
            self._phase = "lay_off"
        else:
            assert action.card is not None
            self._discard(seat, action.card)

    def _draw(self, seat: int) -> None:
        """L4: the stock's top card to the hand."""
        self._hands[seat] = sort_cards([*self._hands[seat], self._stock.pop(0)])
        self._drawn = "stock"
        self._phase = "play"

    def _take(self, seat: int, k: int) -> None:
        """L4: the last k cards of the row to the hand."""
        taken = self._row[-k:]
        del self._row[-k:]
        self._hands[seat] = sort_cards(self._hands[seat] + taken)
        self._taken = taken
        self._drawn = "row"
        self._phase = "play"

    def _lay(self, seat: int, placement: Placement) -> None:
        """A placement: on the selected table meld (a lay-off or a swap, then phase
        play), else on the meld being built (phase build)."""
        self._hands[seat].remove(placement.card)
        if self._phase == "lay_off":
            assert self._selected is not None
            meld = self._melds[self._selected]
            lay = next(lay for lay in lay_offs(meld) if lay.placement == placement)
            freed = lay_off(meld, lay, seat)
            if freed is not None:
                self._hands[seat] = sort_cards([*self._hands[seat], freed])  # L8
            self._selected = None
            self._phase = "play"
            return
        self._building.append(placement)
        self._phase = "build"

    def _close(self, seat: int) -> None:
        """``close`` lays the meld being built on the table. L5, J10: a seat that has
        not opened has it pending until its pending melds total 40; the close that
        reaches 40 opens the seat and makes them final."""
        kind = meld_kind(self._building)
        assert kind is not None
        self._melds.append(Meld(kind, [Laid(placement, seat) for placement in self._building]))
        self._building = []
        self._phase = "play"
        if self._opened[seat]:
            return
        self._pending += 1
        pending = self._melds[len(self._melds) - self._pending :]
        if sum(table_values(pending, self.num_players)) >= OPENING:
            self._opened[seat] = True
            self._opened_now = True
            self._pending = 0

    def _undo(self, seat: int) -> None:
        """``undo``: the last card placed on the meld being built back to the hand;
        the meld selection; the last pending meld's cards all back to the hand (J10)."""
        if self._phase == "build":
            placement = self._building.pop()
            self._hands[seat] = sort_cards([*self._hands[seat], placement.card])
            if not self._building:
                self._phase = "play"
        elif self._phase == "lay_off":
            self._selected = None
            self._phase = "play"
        else:
            meld = self._melds.pop()
            self._pending -= 1
            self._hands[seat] = sort_cards([*self._hands[seat], *(p.card for p in meld.placements)])

    def _discard(self, seat: int, card: str) -> None:
        """L4: the card to the end of the row; an empty hand goes out (L11), else the
        next seat's turn begins."""
        self._hands[seat].remove(card)
        self._row.append(card)
        if not self._hands[seat]:
            self._end_round(seat)
        else:
            self._start_turn((seat + 1) % self.num_players)

    # --- JSON ---

    def _game_state(self, finished: slice) -> dict[str, Any]:
        """The state in the layout of docs/rules/jolly.md, "State JSON"."""
        rebuilt = (
            {} if self._rebuilt is None else {"rebuilt_stocks": [list(s) for s in self._rebuilt]}
        )
        return {
            "round": self._round,
            "dealer": self._dealer,
            "dealt": [list(hand) for hand in self._dealt],
            "deal_stock": list(self._deal_stock),
            "deal_rng": self._deal_rng,
            **rebuilt,
            "hands": [list(hand) for hand in self._hands],
            "stock": list(self._stock),
            "stock_size": len(self._stock),
            "rebuilds": self._rebuilds,
            "row": list(self._row),
            "melds": [_meld_state(meld) for meld in self._melds],
            "opened": list(self._opened),
            "player": self._seat,
            "drawn": self._drawn,
            "taken": list(self._taken),
            "opened_now": self._opened_now,
            "pending": self._pending,
            "building": _cards_state(self._building, [self._seat] * len(self._building)),
            "selected": self._selected,
            "result": _result_state(self._result),
            "round_scores": [list(scores) for scores in self._round_scores],
            "finished_rounds": [_record_state(record) for record in self._finished[finished]],
        }

    def _observed(self, view: dict[str, Any], seat: int) -> None:
        """Observation: the deal, the rebuilt stocks and the stock hidden (only
        ``stock_size`` shows); the previous round's deal and rebuilt stocks hidden, its
        final hands and row shown."""
        view["dealt"] = []
        view["deal_stock"] = []
        view["deal_rng"] = 0
        view["rebuilt_stocks"] = []
        view["stock"] = []
        previous = view[self.PREVIOUS_KEY]
        if previous is not None:
            previous["dealt"] = []
            previous["deal_stock"] = []
            previous["deal_rng"] = 0
            previous["rebuilt_stocks"] = []

    def _canonical(self, text: str, where: str) -> str:
        """Card texts in any letter case too (a card is no action text)."""
        try:
            return self._read_card(text, where)
        except RuleError:
            return super()._canonical(text, where)

    def _read_setup(self, fields: dict[str, object], what: str) -> tuple[str, ...]:
        """The stock as dealt, top first."""
        return tuple(self._read_cards(fields["deal_stock"], protocol.path(what, "deal_stock")))

    def _read_dealt(self, fields: dict[str, object], what: str) -> Deal:
        """The deal with the stocks rebuilt in its round, if the state records them: each
        a list of cards, checked as the replay lays it out."""
        deal = super()._read_dealt(fields, what)
        if "rebuilt_stocks" not in fields:
            return RoundDeal(deal.dealer, deal.hands, deal.setup, deal.rng, None)
        where = protocol.path(what, "rebuilt_stocks")
        stocks = protocol.array(fields["rebuilt_stocks"], where)
        rebuilt = tuple(
            tuple(self._read_cards(stock, f"{where}[{index}]"))
            for index, stock in enumerate(stocks)
        )
        return RoundDeal(deal.dealer, deal.hands, deal.setup, deal.rng, rebuilt)

    # --- Jolly's own accessors ---

    @property
    def round(self) -> int:
        return self._round

    @property
    def player(self) -> int:
        return self._seat

    @property
    def stock(self) -> list[str]:
        return list(self._stock)

    @property
    def row(self) -> list[str]:
        return list(self._row)

    @property
    def rebuilds(self) -> int:
        return self._rebuilds

    @property
    def melds(self) -> list[Meld]:
        return [Meld(meld.kind, list(meld.cards)) for meld in self._melds]

    @property
    def opened(self) -> list[bool]:
        return list(self._opened)

    @property
    def pending(self) -> int:
        return self._pending

    @property
    def building(self) -> list[Placement]:
        return list(self._building)

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def round_scores(self) -> list[list[int]]:
        return [list(scores) for scores in self._round_scores]

    @property
    def finished_rounds(self) -> list[RoundRecord]:
        return list(self._finished)

    @property
    def winners(self) -> list[int]:
        """L16: the seats with the highest total (a tie is shared)."""
        best = max(self.scores)
        return [seat for seat, score in enumerate(self.scores) if score == best]


# --- JSON helpers -------------------------------------------------------------------------------


def stands_for(cards: Sequence[Placement], index: int) -> str | None:
    """State JSON: the card itself for a natural card, the card a run joker stands for,
    a set joker's missing suit once the set holds 3 naturals (L8), else None."""
    card = cards[index]
    if not card.is_set_joker:
        return card.stands_for
    suit = missing_suit(cards)
    return None if suit is None else card.rank + suit


def _cards_state(cards: Sequence[Placement], seats: Sequence[int]) -> list[list[Any]]:
    return [
        [card.card, stands_for(cards, index), seat]
        for index, (card, seat) in enumerate(zip(cards, seats, strict=True))
    ]


def _meld_state(meld: Meld) -> dict[str, Any]:
    seats = [laid.seat for laid in meld.cards]
    return {"kind": meld.kind, "cards": _cards_state(meld.placements, seats)}


def _result_state(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "finisher": result.finisher,
        "main_jolly": result.main_jolly,
        "table": list(result.table),
        "penalties": list(result.penalties),
        "scores": list(result.scores),
    }


def _record_state(record: RoundRecord) -> dict[str, Any]:
    return {
        "round": record.round,
        "dealer": record.dealer,
        "dealt": [list(hand) for hand in record.dealt],
        "deal_stock": list(record.deal_stock),
        "deal_rng": record.deal_rng,
        **(
            {}
            if record.rebuilt_stocks is None
            else {"rebuilt_stocks": [list(stock) for stock in record.rebuilt_stocks]}
        ),
        "melds": [_meld_state(meld) for meld in record.melds],
        "hands": [list(hand) for hand in record.hands],
        "row": list(record.row),
        "result": _result_state(record.result),
    }
