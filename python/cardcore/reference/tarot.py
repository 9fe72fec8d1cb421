"""French Tarot, the pure-Python reference: a slow, plain transcription of the rules.

Which game: French Tarot for 3, 4 or 5 players, each for themselves across a match;
in a deal the taker (with a called partner at five) plays against the defence, with
the 78-card tarot deck: four suits of 14, 21 trumps and the Excuse.

Sources, cited in the comments:

- ``docs/rules/tarot.md``, the rules as cardcore plays them: its sections (cited by
  their titles, such as "The chien and the discard"), its action ids and texts, its
  phases, State JSON, Observation, options, its rulings **T1** .. **T19** and its
  decisions **D1** .. **D4**. It is the contract;
- the French rules text "French Tarot", by its section titles (**Mise en place**,
  **Chien et défausses**, ...), as that page decodes it.

This module is written from those pages alone (never from the Rust engine), one
small function per rule. Where the pages leave room, the choices are:

- bidding: every seat speaks once, even after a ``garde contre`` (then it can only
  pass); the bidding ends when the dealer has spoken;
- D1 binds the card that sets the led suit of the first trick: the leader's, or,
  after an Excuse lead, the next player's (it "plays as if leading");
- a poignée's ``"shown"`` cards are listed by face id, as every other card list of
  the state; with **T10** (a taker holding the four kings declaring a triple with
  trumps in its discard) the discarded trumps are always taken first, then its
  lowest trumps in hand, then the Excuse when it must make up the last card. The
  simple and double levels count the hand's trumps only;
- the Excuse counts towards a poignée only when it makes up exactly the one card
  missing (shown with every trump the seat holds, the discarded ones too with T10);
- the slam (T4, T12, T13) is judged on the tricks' winners: the side that won every
  trick, the last one won by a slam-completing Excuse lead, and did not play its own
  Excuse before the last trick (T4: it loses that trick; the opponents do not win it
  for all that, having not taken it);
- a void deal's record has its dealt hands and chien, its bids (all ``"pass"``, or
  all null for a petit sec), no taker, no tricks, no result; an observation's
  ``"previous_deal"`` of a void deal shows its chien (the page hides only its
  ``"dealt"`` hands);
- before the first trick ``"trick_leader"`` is the dealer's right, the taker once it
  has announced a slam; after the last trick it is the last trick's winner and
  ``"trick"`` is empty;
- in a state JSON, card, bid and action texts are read in any letter case; every
  other string, ``"phase"`` included (``"slam"`` and ``"poignee"`` are also action
  texts), must be exact;
- ``settle`` takes the taker's side's points in whole points (a multiple of 0.5) and
  checks its arguments' types and ranges only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardcore.reference import protocol
from cardcore.reference.cards import DECKS, SUITS, RuleError, rank_of, suit_of
from cardcore.reference.protocol import (
    Deal,
    OptionReader,
    Play,
    RefAction,
    Trick,
    TrickGame,
    is_int,
)
from cardcore.reference.rng import SplitMix64

NAME = "tarot"
DECK: tuple[str, ...] = DECKS[78]
"""Players, cards, seats: the suits S H D C (2 .. 10 J C Q K A), 1T .. 21T, EX, in
face-id order; a card's index is its face id."""
FACE = {card: index for index, card in enumerate(DECK)}

PLAYER_COUNTS = (3, 4, 5)
HAND_SIZES = {3: 24, 4: 18, 5: 15}
"""The deal: the cards each seat is dealt, by the number of players."""
CHIEN_SIZES = {3: 6, 4: 6, 5: 3}
BATCH = 3
"""T18: the cards are dealt three at a time."""

TRUMP, EXCUSE_SUIT = "T", "X"
"""The ``suit_of`` a trump and of the Excuse."""
PETIT, TWENTY_ONE, EXCUSE = "1T", "21T", "EX"
BOUTS = (PETIT, TWENTY_ONE, EXCUSE)
"""The bouts (the text's "combats"): the Petit, the 21, the Excuse."""
SUIT_STRENGTH = {
    rank: index
    for index, rank in enumerate(("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C"))
} | {"Q": 12, "K": 13}
"""Players, cards, seats: King > Queen > Knight > Jack > 10 > ... > 2 > Ace."""
HALF_POINTS = {"K": 9, "Q": 7, "C": 5, "J": 3}
"""T1: card points in half points: kings 9, queens 7, knights 5, jacks 3; bouts 9;
other cards 1 (182 in all)."""

CONTRACTS = ("prise", "garde", "garde sans", "garde contre")
"""Bidding: the contracts, lowest first."""
MULTIPLIERS = {"prise": 1, "garde": 2, "garde sans": 4, "garde contre": 6}
CHIEN_TAKEN = ("prise", "garde")
"""The chien and the discard: the contracts in which the taker takes the chien."""
PASS = "pass"

CALL_RANKS = ("K", "Q", "C", "J")
"""Calling a king: kings, else queens, else knights, else jacks."""

LEVELS = ("simple", "double", "triple")
POIGNEE_SIZES = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
"""T9: the trumps a poignée shows, by players and level."""
POIGNEE_VALUES = {"simple": 20, "double": 30, "triple": 40}

TARGETS = (112, 102, 82, 72)
"""T7: the target in half points by the taker's side's bouts (56, 51, 41, 36)."""
SIDES = ("taker", "defence")
"""Side 0 is the taker's side (the taker and its partner), side 1 the defence."""

OPTION_NAMES = ("players", "single_deal", "deals", "excuse_to_winner", "first_dealer", "max_deals")
MAX_DEALS = 100
DEAL_CAP = 1000
"""D7: ``max_deals``, the most deals dealt in a match (void ones included): its default,
also its largest value."""

STATE_KEYS = (
    "game",
    "version",
    "options",
    "rng",
    "phase",
    "deal",
    "dealer",
    "dealt",
    "chien",
    "bids",
    "taker",
    "contract",
    "called",
    "partner",
    "discard",
    "poignees",
    "slam",
    "hands",
    "trick_leader",
    "trick",
    "tricks",
    "result",
    "deal_scores",
    "finished_deals",
    "history",
)
"""The keys of the state JSON, in the order of docs/rules/tarot.md."""
TRICK_KEYS = ("leader", "cards", "winner")
RECORD_KEYS = (
    "deal",
    "dealer",
    "dealt",
    "chien",
    "void",
    "bids",
    "taker",
    "contract",
    "called",
    "partner",
    "discard",
    "poignees",
    "slam",
    "tricks",
    "result",
)
"""The keys of a finished deal's record (an entry of ``"finished_deals"``)."""
VOID_PETIT_SEC, VOID_ALL_PASS = "petit sec", "all pass"

# --- Actions (Actions) ---------------------------------------------------------

DISCARD_BASE = 78
PASS_ID = 156
FIRST_CONTRACT_ID = 157
CALL_BASE = 161
SLAM_ID, NO_SLAM_ID = 177, 178
NO_POIGNEE_ID = 179
FIRST_POIGNEE_ID = 180
LEVEL_TEXTS = {"simple": "poignee", "double": "double poignee", "triple": "triple poignee"}


def call_id(card: str) -> int:
    """Actions: ``call`` r s is 161 + 4 r + s, r 0 to 3 for K Q C J, s 0 to 3 for S H D C."""
    return CALL_BASE + 4 * CALL_RANKS.index(rank_of(card)) + SUITS.index(suit_of(card))


ACTIONS: tuple[RefAction, ...] = (
    *(RefAction(face, "play", card, card) for face, card in enumerate(DECK)),
    *(
        RefAction(DISCARD_BASE + face, "discard", f"discard {card}", card)
        for face, card in enumerate(DECK)
    ),
    RefAction(PASS_ID, "bid", PASS, None),
    *(
        RefAction(FIRST_CONTRACT_ID + k, "bid", contract, None)
        for k, contract in enumerate(CONTRACTS)
    ),
    *(
        RefAction(CALL_BASE + 4 * r + s, "call", f"call {rank}{suit}", None)
        for r, rank in enumerate(CALL_RANKS)
        for s, suit in enumerate(SUITS)
    ),
    RefAction(SLAM_ID, "slam", "slam", None),
    RefAction(NO_SLAM_ID, "slam", "no slam", None),
    RefAction(NO_POIGNEE_ID, "poignee", "no poignee", None),
    *(
        RefAction(FIRST_POIGNEE_ID + k, "poignee", LEVEL_TEXTS[level], None)
        for k, level in enumerate(LEVELS)
    ),
)
"""The 183 actions, indexed by id."""
ACTION_IDS = {action.text.lower(): action.id for action in ACTIONS}
"""Every action's text in lower case: a text is read ignoring letter case, nothing else."""
CALLED_CARD = {
    CALL_BASE + 4 * r + s: rank + suit
    for r, rank in enumerate(CALL_RANKS)
    for s, suit in enumerate(SUITS)
}
"""The card each ``call`` action names."""
LEVEL_OF = {FIRST_POIGNEE_ID + k: level for k, level in enumerate(LEVELS)}


def parse_action_id(text: str) -> int:
    """Actions: a text read ignoring (ASCII) letter case; RuleError for anything else."""
    if text.isascii() and text.lower() in ACTION_IDS:
        return ACTION_IDS[text.lower()]
    raise RuleError(f"no tarot action has the text {text!r}")


# --- Cards (Players, cards, seats; T1) -------------------------------------------


def is_trump(card: str) -> bool:
    return suit_of(card) == TRUMP


def trump_number(card: str) -> int:
    return int(rank_of(card))


def is_king(card: str) -> bool:
    return suit_of(card) in SUITS and rank_of(card) == "K"


def is_ordinary(card: str) -> bool:
    """T8: an ordinary card is a suit card other than a king."""
    return suit_of(card) in SUITS and rank_of(card) != "K"


def half_points(card: str) -> int:
    """T1: bouts and kings 9, queens 7, knights 5, jacks 3, other cards 1."""
    if card in BOUTS:
        return 9
    if suit_of(card) in SUITS:
        return HALF_POINTS.get(rank_of(card), 1)
    return 1


def sort_cards(cards: Sequence[str]) -> list[str]:
    """Cards sorted by face id, as every card list of the state."""
    return sorted(cards, key=FACE.__getitem__)


def trumps_of(cards: Sequence[str]) -> list[str]:
    return sort_cards([card for card in cards if is_trump(card)])


# --- The deal (Mise en place, T18, T15) -----------------------------------------------


def deal_cards(
    deck: Sequence[str], dealer: int, players: int
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """T18: the first ``players x hand size`` cards three at a time, batch b to seat
    ``dealer + 1 + b``; the rest is the chien. Hands and chien sorted by face id."""
    dealt = players * HAND_SIZES[players]
    hands: list[list[str]] = [[] for _ in range(players)]
    for batch in range(dealt // BATCH):
        seat = (dealer + 1 + batch) % players
        hands[seat] += deck[BATCH * batch : BATCH * batch + BATCH]
    hands_sorted = tuple(tuple(sort_cards(hand)) for hand in hands)
    return hands_sorted, tuple(sort_cards(deck[dealt:]))


def is_petit_sec(hand: Sequence[str]) -> bool:
    """T15: the Petit as the hand's only trump, and no Excuse."""
    return trumps_of(hand) == [PETIT] and EXCUSE not in hand


# --- Bidding (Mise en place) --------------------------------------------------------


def bidder(dealer: int, spoken: int, players: int) -> int:
    """From the dealer's right, each seat speaks once."""
    return (dealer + 1 + spoken) % players


def highest_contract(bids: Sequence[str | None]) -> int:
    """The index in CONTRACTS of the highest bid so far, -1 when none."""
    return max((CONTRACTS.index(bid) for bid in bids if bid in CONTRACTS), default=-1)


def allowed_bids(bids: Sequence[str | None]) -> list[str]:
    """``pass``, or a contract higher than the highest bid so far."""
    return [PASS, *CONTRACTS[highest_contract(bids) + 1 :]]


def taker_of(bids: Sequence[str | None]) -> int | None:
    """The highest bidder (None when every seat passed)."""
    highest = highest_contract(bids)
    return None if highest < 0 else bids.index(CONTRACTS[highest])


# --- Calling a king (5 players, FFT) --------------------------------------------------


def callable_rank(hand: Sequence[str]) -> str:
    """A king; with the four kings a queen; with the four queens too a knight; then a jack."""
    for rank in CALL_RANKS:
        if not all(rank + suit in hand for suit in SUITS):
            return rank
    raise AssertionError("no hand of 15 cards holds the 16 court cards")


def partner_of(called: str, taker: int, hands: Sequence[Sequence[str]]) -> int | None:
    """The seat holding the called card; None (the taker alone) when the taker holds
    it or it is in the chien."""
    for seat, hand in enumerate(hands):
        if called in hand:
            return None if seat == taker else seat
    return None


# --- The chien and the discard (Chien et défausses, T8) -----------------------------------


def discardable(hand: Sequence[str], still_to_discard: int) -> list[str]:
    """T8, step by step: while the ordinary cards in hand are at least the discards
    still to make, only they; otherwise they and the trumps other than the Petit and
    the 21. Kings and bouts never."""
    ordinary = [card for card in hand if is_ordinary(card)]
    if len(ordinary) >= still_to_discard:
        return sort_cards(ordinary)
    trumps = [card for card in hand if is_trump(card) and card not in BOUTS]
    return sort_cards(ordinary + trumps)


# --- Poignées (Déclarations, T9, T10) ---------------------------------------------------


def holds_four_kings(hand: Sequence[str]) -> bool:
    return all("K" + suit in hand for suit in SUITS)


def poignee_shown(
    hand: Sequence[str], level: str, players: int, discarded: Sequence[str] = ()
) -> list[str] | None:
    """T9: the canonical set a level shows, None if the holding does not reach it: the
    level's number of the lowest trumps, or, one short, every trump and the Excuse.
    T10: ``discarded`` (the four-king taker's discarded trumps, triple only) are taken
    first."""
    size = POIGNEE_SIZES[players][LEVELS.index(level)]
    trumps = trumps_of(discarded) + trumps_of(hand)
    if len(trumps) >= size:
        return sort_cards(trumps[:size])
    if len(trumps) == size - 1 and EXCUSE in hand:
        return sort_cards([*trumps, EXCUSE])
    return None


def t10_trumps(hand: Sequence[str], discard: Sequence[str]) -> list[str]:
    """T10: the discarded trumps a taker holding the four kings may count (else none)."""
    return trumps_of(discard) if holds_four_kings(hand) else []


def poignee_levels(
    hand: Sequence[str], players: int, discarded: Sequence[str] = ()
) -> dict[str, list[str]]:
    """T9: every level the holding reaches, with the cards it shows; T10 for the triple."""
    levels = {}
    for level in LEVELS:
        extra = discarded if level == "triple" else ()
        shown = poignee_shown(hand, level, players, extra)
        if shown is not None:
            levels[level] = shown
    return levels


# --- Play (Jouer un tour, T17, T2-T4, D1) ----------------------------------------------


"""A card on a trick: ``(seat, card)``."""


def led_suit(trick: Sequence[Play]) -> str | None:
    """T3: the suit of the trick's first card other than the Excuse (None while only
    the Excuse has been played, or nothing)."""
    for _, card in trick:
        if card != EXCUSE:
            return suit_of(card)
    return None


def with_excuse(cards: Sequence[str], hand: Sequence[str]) -> list[str]:
    """The Excuse may always be played instead."""
    return sort_cards([*cards, EXCUSE] if EXCUSE in hand else list(cards))


def lead_cards(hand: Sequence[str], called: str | None) -> list[str]:
    """D1: in the first trick at five, the called suit is led only with the called
    card, unless every card of the hand is of that suit (the Excuse aside)."""
    if called is None:
        return list(hand)
    suit = suit_of(called)
    if all(suit_of(card) == suit for card in hand if card != EXCUSE):
        return list(hand)
    return [card for card in hand if suit_of(card) != suit or card == called]


def legal_plays(hand: Sequence[str], trick: Sequence[Play], called: str | None = None) -> list[str]:
    """Jouer un tour, T17: follow the led suit; unable (or trumps led), trump and
    overtrump when able, even over a partner, else any trump; with neither, any card;
    the Excuse always. ``called``: the called card, in the first trick at five (D1)."""
    led = led_suit(trick)
    if led is None:
        return lead_cards(hand, called)  # T3: as if leading
    if led != TRUMP:
        following = [card for card in hand if suit_of(card) == led]
        if following:
            return with_excuse(following, hand)
    trumps = [card for card in hand if is_trump(card)]
    if not trumps:
        return list(hand)
    top = max((trump_number(card) for _, card in trick if is_trump(card)), default=0)
    over = [card for card in trumps if trump_number(card) > top]
    return with_excuse(over or trumps, hand)


def trick_winner(cards: Sequence[Play]) -> int:
    """The highest trump wins; with no trump, the highest card of the led suit. The
    Excuse never wins (but see T4, ``slam_excuse_lead``)."""
    trumps = [play for play in cards if is_trump(play[1])]
    if trumps:
        return max(trumps, key=lambda play: trump_number(play[1]))[0]
    led = led_suit(cards)
    following = [play for play in cards if suit_of(play[1]) == led]
    return max(following, key=lambda play: SUIT_STRENGTH[rank_of(play[1])])[0]


def slam_excuse_lead(earlier: Sequence[Trick], cards: Sequence[Play], sides: Sequence[int]) -> bool:
    """T4: the Excuse led to the last trick by a side that won every earlier trick."""
    leader, card = cards[0]
    return card == EXCUSE and all(sides[trick.winner] == sides[leader] for trick in earlier)


def last_trick_winner(earlier: Sequence[Trick], cards: Sequence[Play], sides: Sequence[int]) -> int:
    """The last trick's winner: T4's Excuse lead wins it, else as any trick."""
    return cards[0][0] if slam_excuse_lead(earlier, cards, sides) else trick_winner(cards)


def seat_sides(players: int, taker: int, partner: int | None) -> list[int]:
    """Each seat's side: 0 the taker and its partner, 1 the defence."""
    return [0 if seat in (taker, partner) else 1 for seat in range(players)]


# --- Counting (Points, Score et fin, T1, T2, T5-T7, T13, T4) --------------------------------


def ends_with_excuse_lead(tricks: Sequence[Trick], sides: Sequence[int]) -> bool:
    """Whether the deal's last trick is T4's slam-completing Excuse lead."""
    return slam_excuse_lead(tricks[:-1], tricks[-1].cards, sides)


def excuse_side(
    owner: int, winner: int, last: bool, kept_by_t4: bool, excuse_to_winner: bool
) -> int:
    """Where the Excuse goes. T2: before the last trick it stays with its owner's side.
    T4: the slam-completing Excuse lead stays. T5: in the last trick it goes to the side
    opposite its owner, or with ``excuse_to_winner`` to the side winning the trick."""
    if not last or kept_by_t4:
        return owner
    return winner if excuse_to_winner else 1 - owner


def side_piles(
    tricks: Sequence[Trick], sides: Sequence[int], excuse_to_winner: bool
) -> tuple[list[str], list[str], int]:
    """The cards of the tricks each side won, the Excuse where T2, T4, T5 put it, and
    the half points the Excuse moved to the taker's side (T2: one half point from the
    owner's side to the winners of the trick, negative when it goes to the defence)."""
    piles: tuple[list[str], list[str]] = ([], [])
    moved = 0
    kept_by_t4 = ends_with_excuse_lead(tricks, sides)
    for index, trick in enumerate(tricks):
        won_by = sides[trick.winner]
        last = index == len(tricks) - 1
        for seat, card in trick.cards:
            if card != EXCUSE:
                piles[won_by].append(card)
                continue
            owner = sides[seat]
            piles[excuse_side(owner, won_by, last, kept_by_t4, excuse_to_winner)].append(card)
            if not last and won_by != owner:
                moved += 1 if won_by == 0 else -1  # T2: no card changes hands
    return piles[0], piles[1], moved


def taker_extra(contract: str, discard: Sequence[str], chien: Sequence[str]) -> list[str]:
    """The taker's side also counts its discard (Prise, Garde) or the chien (Garde sans);
    in a Garde contre the chien counts for the defence."""
    if contract in CHIEN_TAKEN:
        return list(discard)
    return list(chien) if contract == "garde sans" else []


def count_taker(
    tricks: Sequence[Trick],
    sides: Sequence[int],
    contract: str,
    discard: Sequence[str],
    chien: Sequence[str],
    excuse_to_winner: bool,
) -> tuple[int, int]:
    """T1, T7: the taker's side's card points (half points) and bouts."""
    pile, _, moved = side_piles(tricks, sides, excuse_to_winner)
    pile += taker_extra(contract, discard, chien)
    return sum(half_points(card) for card in pile) + moved, sum(card in BOUTS for card in pile)


def petit_au_bout(tricks: Sequence[Trick], sides: Sequence[int]) -> str | None:
    """T13: the side winning the last trick when the Petit is in it (the second last
    when the last is T4's slam-completing Excuse lead)."""
    judged = tricks[-2] if ends_with_excuse_lead(tricks, sides) else tricks[-1]
    if any(card == PETIT for _, card in judged.cards):
        return SIDES[sides[judged.winner]]
    return None


def won_for_slam(side: int, trick: Trick, last: bool, sides: Sequence[int]) -> bool:
    """T4: a trick counts towards ``side``'s slam when one of its seats won it, unless
    ``side`` played its own Excuse to it before the last trick (it loses that trick).
    The opponents' Excuse in it changes nothing."""
    if sides[trick.winner] != side:
        return False
    own_excuse = any(card == EXCUSE and sides[seat] == side for seat, card in trick.cards)
    return last or not own_excuse


def slam_side(tricks: Sequence[Trick], sides: Sequence[int]) -> str | None:
    """T4, T12: the side every trick counts for (``won_for_slam``), if any."""
    for side in (0, 1):
        last = len(tricks) - 1
        if all(won_for_slam(side, trick, k == last, sides) for k, trick in enumerate(tricks)):
            return SIDES[side]
    return None


# --- Settlement (Score et fin, T6, T12, T13, T16) ----------------------------------------


def target(bouts: int) -> int:
    """T7: 0 -> 56, 1 -> 51, 2 -> 41, 3 -> 36, in half points."""
    return TARGETS[bouts]


def is_made(points: int, bouts: int) -> bool:
    """T7: made when the taker's side's card points reach the target."""
    return points >= target(bouts)


def difference(points: int, bouts: int) -> int:
    """T6: |points - target| in whole points, a half point rounded up."""
    return (abs(points - target(bouts)) + 1) // 2


def contract_stake(contract: str, made: bool, difference: int) -> int:
    """(25 + difference) x m, + when made, - when failed."""
    amount = (25 + difference) * MULTIPLIERS[contract]
    return amount if made else -amount


def petit_stake(contract: str, petit: str | None) -> int:
    """T13: 10 x m to the side winning the Petit au bout, whatever the contract's result."""
    if petit is None:
        return 0
    amount = 10 * MULTIPLIERS[contract]
    return amount if petit == "taker" else -amount


def poignee_stake(levels: Sequence[str], made: bool) -> int:
    """T16: every poignée's 20, 30 or 40 to the side that wins the contract, not multiplied."""
    amount = sum(POIGNEE_VALUES[level] for level in levels)
    return amount if made else -amount


def slam_stake(slam: str | None, announced: bool) -> int:
    """T12: the taker's side's slam 400 announced, 200 not; an announced slam not made
    -200; a defence slam -200 (with an announced slam both apply). Not multiplied."""
    if slam == "taker":
        return 400 if announced else 200
    return (-200 if announced else 0) + (-200 if slam == "defence" else 0)


def shares(stake: int, players: int, taker: int, partner: int | None) -> list[int]:
    """Each seat's score from the defenders' stake S: three players 2S and -S; four 3S
    and -S; five 2S for the taker, S for the partner, -S for three defenders, or a taker
    alone 4S against -S each. They sum to zero."""
    scores = [-stake] * players
    if partner is not None:
        scores[partner] = stake
    scores[taker] = -sum(scores[seat] for seat in range(players) if seat != taker)
    return scores


@dataclass(frozen=True)
class Result:
    """A deal's count and settlement (State JSON, ``"result"``)."""

    points: int
    bouts: int
    target: int
    made: bool
    difference: int
    petit_au_bout: str | None
    slam: str | None
    stake: int
    scores: tuple[int, ...]


def settle_deal(
    contract: str,
    points: int,
    bouts: int,
    *,
    players: int,
    petit: str | None,
    poignees: Sequence[str],
    slam_announced: bool,
    slam: str | None,
    taker: int,
    partner: int | None,
) -> Result:
    """Settlement: the stake S is the contract's, the Petit au bout's, the poignées' and
    the slam's; then every seat's share. ``points`` in half points."""
    made = is_made(points, bouts)
    gap = difference(points, bouts)
    stake = (
        contract_stake(contract, made, gap)
        + petit_stake(contract, petit)
        + poignee_stake(poignees, made)
        + slam_stake(slam, slam_announced)
    )
    return Result(
        points,
        bouts,
        target(bouts),
        made,
        gap,
        petit,
        slam,
        stake,
        tuple(shares(stake, players, taker, partner)),
    )


def _one_of(value: object, what: str, choices: Sequence[str | None]) -> str | None:
    if value is None and None in choices:
        return None
    if isinstance(value, str) and value in choices:
        return value
    shown = ", ".join("None" if choice is None else repr(choice) for choice in choices)
    raise RuleError(f"{what} must be one of {shown}, got {value!r}")


def settle(
    contract: str,
    points: float,
    bouts: int,
    *,
    players: int = 4,
    petit_au_bout: str | None = None,
    poignees: Sequence[str] = (),
    slam_announced: bool = False,
    slam: str | None = None,
    taker: int = 0,
    partner: int | None = None,
) -> list[int]:
    """Every seat's score for a deal (Settlement): ``points`` the taker's side's card
    points (a multiple of 0.5 from 0 to 91), ``bouts`` 0 to 3, ``petit_au_bout`` and
    ``slam`` None, "taker" or "defence", ``poignees`` the levels declared, ``partner``
    the taker's partner at five (None: alone). RuleError for bad input."""
    chosen = _one_of(contract, "contract", CONTRACTS)
    assert chosen is not None
    if isinstance(points, bool) or not isinstance(points, int | float):
        raise RuleError(f"points must be a number, got {points!r}")
    if not 0 <= points <= 91 or not float(points * 2).is_integer():
        raise RuleError(f"points must be a multiple of 0.5 from 0 to 91, got {points!r}")
    protocol.integer(bouts, "bouts", 0, 3)
    if not is_int(players) or players not in PLAYER_COUNTS:
        raise RuleError(f"players must be 3, 4 or 5, got {players!r}")
    petit = _one_of(petit_au_bout, "petit_au_bout", (None, *SIDES))
    winner = _one_of(slam, "slam", (None, *SIDES))
    if isinstance(poignees, str) or not isinstance(poignees, Sequence):
        raise RuleError(f"poignees must be a sequence of levels, got {poignees!r}")
    levels = [str(_one_of(level, "a poignee", LEVELS)) for level in poignees]
    if len(levels) > players:
        raise RuleError(f"{len(levels)} poignees for {players} players: one per seat at most")
    if not isinstance(slam_announced, bool):
        raise RuleError(f"slam_announced must be a bool, got {slam_announced!r}")
    protocol.integer(taker, "taker", 0, players - 1)
    if partner is not None:
        if players != 5:
            raise RuleError(f"a partner is called at five players only, not {players}")
        protocol.integer(partner, "partner", 0, players - 1)
        if partner == taker:
            raise RuleError("the partner is not the taker (None: the taker plays alone)")
    _check_count(chosen, int(points * 2), bouts, players, petit, winner)
    result = settle_deal(
        chosen,
        int(points * 2),
        bouts,
        players=players,
        petit=petit,
        poignees=levels,
        slam_announced=slam_announced,
        slam=winner,
        taker=taker,
        partner=partner,
    )
    return list(result.scores)


def _check_count(
    contract: str, half_points: int, bouts: int, players: int, petit: str | None, slam: str | None
) -> None:
    """Settlement: the counts every deal keeps, in half points. A side holding b bouts
    counts 9 each, less the Excuse's half point; the discard (Prise, Garde: the taker's,
    no bout) or the chien (Garde sans: the taker's; Garde contre: the defence's) adds a
    half point a card at least. A slam leaves the other side its own Excuse and what
    the contract gives it of the chien or the discard. RuleError otherwise."""
    cards = CHIEN_SIZES[players]
    held = {"taker": bouts, "defence": 3 - bouts}

    def least(side: str) -> int:
        own = max(0, 9 * held[side] - 1)
        if contract in CHIEN_TAKEN:
            return own + cards if side == "taker" else own
        chien_side = "taker" if contract == "garde sans" else "defence"
        # The chien's cards, its bouts among them counted once.
        return own + cards - min(held[side], cards) if side == chien_side else own

    if not least("taker") <= half_points <= 182 - least("defence"):
        raise RuleError(
            f"points: {half_points / 2} with {bouts} bouts in a {contract} is no count "
            f"(from {least('taker') / 2} to {(182 - least('defence')) / 2})"
        )
    other = {"taker": "defence", "defence": "taker"}
    if petit is not None:
        if held[petit] == 0:
            raise RuleError(f"petit_au_bout: the {petit} holds no bout")
        if slam == other[petit]:
            raise RuleError(f"slam: the {petit} won the Petit's last trick")
    if slam is None:
        return
    loser = other[slam]
    # What the loser keeps of the chien or the discard: (cards, most half points a card).
    if contract == "garde contre":
        kept = (cards, 9) if loser == "defence" else (0, 0)
    elif contract == "garde sans":
        kept = (cards, 9) if loser == "taker" else (0, 0)
    else:
        kept = (cards, 7) if loser == "taker" else (0, 0)  # the discard: no king, no bout
    bouts_most = 1 + (kept[0] if kept[1] == 9 else 0)
    loser_points = half_points if loser == "taker" else 182 - half_points
    if held[loser] > bouts_most or loser_points > 9 * min(held[loser], 1) + kept[0] * kept[1]:
        raise RuleError(f"slam: the {slam} won every trick, yet the {loser} counts too much")


# --- Options (Options) -------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    players: int
    single_deal: bool
    deals: int | None
    excuse_to_winner: bool
    first_dealer: int | None
    max_deals: int

    @property
    def match_deals(self) -> int:
        """T19: the valid deals of a match: ``deals``, one with ``single_deal``, else
        one per player."""
        if self.deals is not None:
            return self.deals
        return 1 if self.single_deal else self.players


def check_options(options: Mapping[str, object]) -> Options:
    """The six options with defaults filled in; RuleError naming a bad one."""
    read = OptionReader(NAME, options, OPTION_NAMES)
    players = read.number("players", 4, PLAYER_COUNTS)
    checked = Options(
        players=players,
        single_deal=read.flag("single_deal"),
        deals=read.optional_integer("deals", 1, MAX_DEALS),
        excuse_to_winner=read.flag("excuse_to_winner"),
        first_dealer=read.seat("first_dealer", players),
        max_deals=read.integer("max_deals", DEAL_CAP, 1, DEAL_CAP),
    )
    if checked.deals is not None and checked.single_deal:
        raise RuleError("option 'deals' must be None with single_deal")
    if checked.max_deals < checked.match_deals:
        raise RuleError(
            f"option 'max_deals' ({checked.max_deals}) must be at least the "
            f"{checked.match_deals} valid deals the match plays"
        )
    return checked


# --- Records -----------------------------------------------------------------------


@dataclass(frozen=True)
class Poignee:
    """A declared poignée: its level and the cards shown (T9, T10)."""

    level: str
    shown: tuple[str, ...]


@dataclass(frozen=True)
class DealRecord:
    """A finished deal, void or played (State JSON, ``"finished_deals"``)."""

    deal: int
    dealer: int
    dealt: tuple[tuple[str, ...], ...]
    chien: tuple[str, ...]
    void: str | None
    bids: tuple[str | None, ...]
    taker: int | None
    contract: str | None
    called: str | None
    partner: int | None
    discard: tuple[str, ...]
    poignees: tuple[Poignee | None, ...]
    slam: bool
    tricks: tuple[Trick, ...]
    result: Result | None


# --- The game ------------------------------------------------------------------------


class TarotReference(TrickGame):
    """A whole French Tarot match (or a single deal), played one action at a time."""

    NAME = NAME
    # Version 2: results count points, not half points (docs/rules/tarot.md, "State JSON").
    VERSION = 2
    ACTIONS = ACTIONS
    DECK = DECK
    SETUP_IN_DEALERS_HAND = False  # the chien is dealt to no seat
    OPTION_NAMES = OPTION_NAMES
    LATER_OPTIONS = ("max_deals",)
    STATE_KEYS = STATE_KEYS
    TRICK_KEYS = TRICK_KEYS
    RECORD_KEYS = RECORD_KEYS
    DEALT_KEY = "dealt"

    _options: Options
    _deal_number: int
    _dealt: list[list[str]]
    _chien: list[str]
    _bids: list[str | None]
    _taker: int | None
    _contract: str | None
    _called: str | None
    _partner: int | None
    _discard: list[str]
    _poignees: list[Poignee | None]
    _slam: bool
    _tricks: list[Trick]
    _result: Result | None
    _deal_scores: list[list[int]]
    _finished: list[DealRecord]

    def __init__(self, *, seed: int, **options: object) -> None:
        self._options = check_options(options)
        self._rng = SplitMix64(seed)
        # The match: the first dealer is drawn before the first shuffle, unless named.
        first = self._options.first_dealer
        self._dealer = self._rng.below(self.num_players) if first is None else first
        self._deal_number = 1
        self._deal_scores = []
        self._finished = []
        self._history = []
        self._truncated = False
        self._start_deal()

    # --- Deals ---

    def _start_deal(self) -> None:
        """T18: one shuffle of the 78 cards in face-id order, then the deal."""
        deck = list(DECK)
        self._rng.shuffle(deck)
        hands, chien = deal_cards(deck, self._dealer, self.num_players)
        self._begin_deal(Deal(self._dealer, hands, chien), self._deal_number)

    def _begin_deal(self, deal: Deal, number: int) -> None:
        """Lay out ``deal`` as deal ``number``; T15: a petit sec voids it at once."""
        del self._finished[number - 1 :]  # the deals the generator dealt after it
        players = self.num_players
        self._deal_number = number
        self._dealer = deal.dealer
        self._dealt = [list(hand) for hand in deal.hands]
        self._chien = list(deal.setup)
        self._hands = [list(hand) for hand in deal.hands]
        self._bids = [None] * players
        self._taker = None
        self._contract = None
        self._called = None
        self._partner = None
        self._discard = []
        self._poignees = [None] * players
        self._slam = False
        self._trick_leader = (self._dealer + 1) % players  # the dealer's right leads
        self._trick = []
        self._tricks = []
        self._result = None
        self._phase = "bid"
        self._truncated = False
        if any(is_petit_sec(hand) for hand in self._hands):
            self._void(VOID_PETIT_SEC)

    def _void(self, reason: str) -> None:
        """T15, Bidding: a void deal is recorded; the next seat deals at once (unless
        D7's cap ends the match on it)."""
        if self._at_cap():
            return
        self._finished.append(self._record(reason))
        self._next_deal()

    def _at_cap(self) -> bool:
        """D7: the deal just finished is deal ``max_deals``: the match is over there,
        truncated, this deal staying in place."""
        return self._end_at_cap(self._deal_number >= self._options.max_deals)

    def _next_deal(self) -> None:
        """T14: the deal passes to the right (the next seat) after every deal."""
        self._deal_number += 1
        self._dealer = (self._dealer + 1) % self.num_players
        self._start_deal()

    def _rules_dealer(self, number: int) -> int:
        """T14: one seat further for every deal, void ones included."""
        return (self._dealer - (self._deal_number - number)) % self.num_players

    @property
    def _deal_count(self) -> int:
        return self._deal_number

    # --- The protocol ---

    @property
    def num_players(self) -> int:
        return self._options.players

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self._options.players]

    @property
    def chien_size(self) -> int:
        return CHIEN_SIZES[self._options.players]

    @property
    def current_player(self) -> int | None:
        """Actions: the next bidder; the taker to call, discard and announce; the seat
        about to play its first card for a poignée; the next seat of the trick."""
        if self._phase == "bid":
            return bidder(self._dealer, self._spoken(), self.num_players)
        if self._phase in ("call", "discard", "slam"):
            return self._taker
        if self._phase in ("poignee", "play"):
            return self._next_to_play()
        return None

    @property
    def scores(self) -> list[int]:
        """T19: every valid deal's scores added up."""
        return [sum(deal[seat] for deal in self._deal_scores) for seat in range(self.num_players)]

    def _legal_actions(self) -> list[RefAction]:
        seat = self.current_player
        if seat is None:
            return []
        if self._phase == "bid":
            return [ACTIONS[ACTION_IDS[bid]] for bid in allowed_bids(self._bids)]
        if self._phase == "call":
            rank = callable_rank(self._hands[seat])
            return [ACTIONS[call_id(rank + suit)] for suit in SUITS]
        if self._phase == "discard":
            cards = discardable(self._hands[seat], self.chien_size - len(self._discard))
            return [ACTIONS[DISCARD_BASE + FACE[card]] for card in cards]
        if self._phase == "slam":
            return [ACTIONS[SLAM_ID], ACTIONS[NO_SLAM_ID]]
        if self._phase == "poignee":
            levels = self._poignee_levels(seat)
            ids = [NO_POIGNEE_ID] + [FIRST_POIGNEE_ID + LEVELS.index(level) for level in levels]
            return [ACTIONS[action_id] for action_id in ids]
        called = self._called if not self._tricks else None  # D1: the first trick only
        cards = legal_plays(self._hands[seat], self._trick, called)
        return [ACTIONS[FACE[card]] for card in sort_cards(cards)]

    def _action_id(self, text: str) -> int:
        return parse_action_id(text)

    def _apply_legal(self, seat: int, action: RefAction) -> None:
        if action.kind == "bid":
            self._bid(seat, action.text)
        elif action.kind == "call":
            self._call(CALLED_CARD[action.id])
        elif action.kind == "discard":
            assert action.card is not None
            self._discard_card(seat, action.card)
        elif action.kind == "slam":
            self._announce(action.id == SLAM_ID)
        elif action.kind == "poignee":
            self._declare(seat, LEVEL_OF.get(action.id))
        else:
            assert action.card is not None
            self._play(seat, action.card)

    def _observed(self, view: dict[str, Any], seat: int) -> None:
        """Observation: no ``"dealt"``; the chien, the discard and the partner hidden
        until the deal is over; a void previous deal's hands not shown."""
        del view["dealt"]
        in_play = self._phase != "over"
        if in_play and not self._chien_turned_up():
            view["chien"] = [None] * len(self._chien)
        if in_play and seat != self._taker:
            view["discard"] = [card if is_trump(card) else None for card in self._discard]
        if in_play and seat != self._partner and not self._called_card_played():
            view["partner"] = None
        previous = view[self.PREVIOUS_KEY]
        if previous is not None and previous["void"] is not None:
            previous["dealt"] = [
                hand if previous["void"] == VOID_PETIT_SEC and is_petit_sec(hand) else []
                for hand in previous["dealt"]
            ]

    # --- Tarot's own accessors ---

    @property
    def dealt(self) -> list[list[str]]:
        return [list(hand) for hand in self._dealt]

    @property
    def chien(self) -> list[str]:
        return list(self._chien)

    @property
    def bids(self) -> list[str | None]:
        return list(self._bids)

    @property
    def taker(self) -> int | None:
        return self._taker

    @property
    def contract(self) -> str | None:
        return self._contract

    @property
    def called(self) -> str | None:
        return self._called

    @property
    def partner(self) -> int | None:
        return self._partner

    @property
    def discard(self) -> list[str]:
        return list(self._discard)

    @property
    def poignees(self) -> list[Poignee | None]:
        return list(self._poignees)

    @property
    def slam_announced(self) -> bool:
        return self._slam

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
    def winners(self) -> list[int]:
        """The match: the seats with the highest total (a tie is shared)."""
        best = max(self.scores)
        return [seat for seat, score in enumerate(self.scores) if score == best]

    # --- Bidding, the call, the chien, the slam, the poignées ---

    def _spoken(self) -> int:
        return sum(bid is not None for bid in self._bids)

    def _bid(self, seat: int, bid: str) -> None:
        """Bidding: each seat speaks once; the highest bidder takes; all pass voids."""
        self._bids[seat] = bid
        if self._spoken() < self.num_players:
            return
        taker = taker_of(self._bids)
        if taker is None:
            self._void(VOID_ALL_PASS)
            return
        self._taker, self._contract = taker, self._bids[taker]
        if self.num_players == 5:
            self._phase = "call"  # Calling a king: before the chien is seen
        else:
            self._take_chien()

    def _call(self, card: str) -> None:
        """Calling a king: the partner is the called card's holder, if not the taker."""
        assert self._taker is not None
        self._called = card
        self._partner = partner_of(card, self._taker, self._hands)
        self._take_chien()

    def _take_chien(self) -> None:
        """Prise, Garde: the chien is turned up and taken, then the discard; Garde sans,
        Garde contre: the chien stays aside, the slam is asked at once."""
        assert self._taker is not None
        if self._contract in CHIEN_TAKEN:
            self._hands[self._taker] = sort_cards(self._hands[self._taker] + self._chien)
            self._phase = "discard"
        else:
            self._phase = "slam"

    def _chien_turned_up(self) -> bool:
        """Observation: from the discard phase on, in a Prise or a Garde."""
        return self._contract in CHIEN_TAKEN and self._phase not in ("bid", "call")

    def _discard_card(self, seat: int, card: str) -> None:
        """T8, D4: one card per action; when the discard is whole, the slam is asked."""
        self._hands[seat].remove(card)
        self._discard = sort_cards([*self._discard, card])
        if len(self._discard) == self.chien_size:
            self._phase = "slam"

    def _announce(self, slam: bool) -> None:
        """T11: with a slam announced the taker leads the first trick."""
        assert self._taker is not None
        self._slam = slam
        if slam:
            self._trick_leader = self._taker
        self._next_turn()

    def _poignee_levels(self, seat: int) -> dict[str, list[str]]:
        """T9, T10: the levels ``seat``'s trumps reach, and what each shows."""
        hand = self._hands[seat]
        extra = t10_trumps(hand, self._discard) if seat == self._taker else []
        return poignee_levels(hand, self.num_players, extra)

    def _declare(self, seat: int, level: str | None) -> None:
        """T9: the poignée declared (or not); then the seat plays its first card."""
        if level is not None:
            self._poignees[seat] = Poignee(level, tuple(self._poignee_levels(seat)[level]))
        self._phase = "play"

    # --- Play ---

    def _next_to_play(self) -> int:
        return (self._trick_leader + len(self._trick)) % self.num_players

    def _next_turn(self) -> None:
        """T9: in the first trick a seat whose trumps reach a poignée is asked first."""
        first_trick = not self._tricks
        if first_trick and self._poignee_levels(self._next_to_play()):
            self._phase = "poignee"
        else:
            self._phase = "play"

    def _play(self, seat: int, card: str) -> None:
        self._hands[seat].remove(card)
        self._trick.append((seat, card))
        if len(self._trick) < self.num_players:
            self._next_turn()
            return
        self._complete_trick()

    def _sides(self) -> list[int]:
        assert self._taker is not None
        return seat_sides(self.num_players, self._taker, self._partner)

    def _complete_trick(self) -> None:
        """The winner takes the trick and leads the next (T4 on the last trick)."""
        if len(self._tricks) == self.hand_size - 1:
            winner = last_trick_winner(self._tricks, self._trick, self._sides())
        else:
            winner = trick_winner(self._trick)
        self._tricks.append(Trick(self._trick_leader, tuple(self._trick), winner))
        self._trick = []
        self._trick_leader = winner
        if len(self._tricks) == self.hand_size:
            self._end_deal()
        else:
            self._next_turn()

    def _called_card_played(self) -> bool:
        played = [card for trick in self._tricks for _, card in trick.cards]
        return self._called in played + [card for _, card in self._trick]

    # --- The end of a deal ---

    def _count(self) -> Result:
        """Counting and Settlement of the deal just played."""
        assert self._taker is not None
        assert self._contract is not None
        sides = self._sides()
        points, bouts = count_taker(
            self._tricks,
            sides,
            self._contract,
            self._discard,
            self._chien,
            self._options.excuse_to_winner,
        )
        return settle_deal(
            self._contract,
            points,
            bouts,
            players=self.num_players,
            petit=petit_au_bout(self._tricks, sides),
            poignees=[poignee.level for poignee in self._poignees if poignee is not None],
            slam_announced=self._slam,
            slam=slam_side(self._tricks, sides),
            taker=self._taker,
            partner=self._partner,
        )

    def _end_deal(self) -> None:
        """T19: the deal's scores are booked; after the match's last valid deal the game
        is over (the deal stays in place), else the deal is recorded and the next dealt."""
        self._result = self._count()
        self._deal_scores.append(list(self._result.scores))
        if len(self._deal_scores) == self._options.match_deals:
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
            tuple(self._chien),
            void,
            tuple(self._bids),
            self._taker,
            self._contract,
            self._called,
            self._partner,
            tuple(self._discard),
            tuple(self._poignees),
            self._slam,
            tuple(self._tricks),
            self._result,
        )

    # --- JSON ---

    def _game_state(self, finished: slice) -> dict[str, Any]:
        """The state in the layout of docs/rules/tarot.md, "State JSON"."""
        return {
            "deal": self._deal_number,
            "dealer": self._dealer,
            "dealt": [list(hand) for hand in self._dealt],
            "chien": list(self._chien),
            "bids": list(self._bids),
            "taker": self._taker,
            "contract": self._contract,
            "called": self._called,
            "partner": self._partner,
            "discard": list(self._discard),
            "poignees": [_poignee_state(poignee) for poignee in self._poignees],
            "slam": self._slam,
            "hands": [list(hand) for hand in self._hands],
            "trick_leader": self._trick_leader,
            "trick": [[seat, card] for seat, card in self._trick],
            "tricks": [trick.state() for trick in self._tricks],
            "result": _result_state(self._result),
            "deal_scores": [list(scores) for scores in self._deal_scores],
            "finished_deals": [_record_state(record) for record in self._finished[finished]],
        }

    def _read_setup(self, fields: dict[str, object], what: str) -> tuple[str, ...]:
        """The chien, of the size the number of players gives."""
        chien = self._read_cards(fields["chien"], protocol.path(what, "chien"), self.chien_size)
        return tuple(sort_cards(chien))


def _poignee_state(poignee: Poignee | None) -> dict[str, Any] | None:
    if poignee is None:
        return None
    return {"level": poignee.level, "shown": list(poignee.shown)}


def _result_state(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        # The JSON counts points, as the Python accessors do (state version 2).
        "points": result.points / 2,
        "bouts": result.bouts,
        "target": result.target / 2,
        "made": result.made,
        "difference": result.difference,
        "petit_au_bout": result.petit_au_bout,
        "slam": result.slam,
        "stake": result.stake,
        "scores": list(result.scores),
    }


def _record_state(record: DealRecord) -> dict[str, Any]:
    return {
        "deal": record.deal,
        "dealer": record.dealer,
        "dealt": [list(hand) for hand in record.dealt],
        "chien": list(record.chien),
        "void": record.void,
        "bids": list(record.bids),
        "taker": record.taker,
        "contract": record.contract,
        "called": record.called,
        "partner": record.partner,
        "discard": list(record.discard),
        "poignees": [_poignee_state(poignee) for poignee in record.poignees],
        "slam": record.slam,
        "tricks": [trick.state() for trick in record.tricks],
        "result": _result_state(record.result),
    }
