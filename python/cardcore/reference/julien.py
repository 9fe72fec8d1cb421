"""Le Julien, the pure-Python reference: a slow, plain transcription of the rules.

Which game: Le Julien, a French trick-taking game for 4 players each for
themselves, with a 52-card deck, a public talon giving each trick's trump suit,
colour contracts (Rouge, Noir, x Rouges, x Noires) and six Tours, the third
(the Spéco) and the sixth (the Superspec) special.

Sources, cited in the comments:

- ``docs/rules/julien.md``, the rules as cardcore plays them: its scoring, action
  ids and texts, phases, State JSON, Observation, from_json checks, options, its
  rulings **J1** .. **J23** and its decisions **D1** .. **D9**. It is the contract;
- the French rules text "Les règles du Julien", rules **-1-** .. **-54-**, as that
  page cites it.

This module is written from those pages alone (never from the Rust engine), one
small function per rule. Where the pages leave room, the choices are:

- texts are read ignoring ASCII letter case only (a text with a non-ASCII
  character is refused): actions, and in a state JSON the card texts, the bids
  and the history; the canonical text is always written back. The other string
  values of a state (``"game"``, ``"phase"``, ``"tour_kind"``, ``"trump"``, the
  option values) must be exact;
- while a Spéco choice is pending (phase ``"speco"``), ``"trick_leader"`` is
  already the finished trick's ``next_leader`` and ``"trump"`` is null; the
  ``trump_card`` accessor, like ``trump``, is ``None`` outside ``"play"``;
- every finished Tour's public record is kept, oldest first (``finished_tours``);
  the Tour that ends the match (or the single Tour) stays the current one;
- ``from_json`` replays the state (``protocol.py``): a Tour's setup is its talon;
- ``score_tour`` reads its bid and card texts like actions (any letter case),
  refuses a bare string where a list of cards is expected, and may be given a
  ``Bid`` instead of a bid's text;
- ``collected(seat)`` lists the cards of the tricks won in trick order, each
  trick in play order; ``taken_trumps(seat)`` in trick order;
- an observation adds ``"seat"``, ``"hand"``, ``"hand_sizes"``,
  ``"current_player"`` and ``"scores"`` after the state's keys.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from cardcore.reference import protocol
from cardcore.reference.cards import DECKS, SUITS, RuleError, parse, rank_of, suit_of
from cardcore.reference.protocol import Deal, OptionReader, RefAction, TrickGame
from cardcore.reference.rng import SplitMix64

NAME = "julien"
NUM_PLAYERS = 4
DECK: tuple[str, ...] = DECKS[52]
"""-7-: 2 to A in four suits, in face-id order; a card's index is its action id."""
CARD_IDS = {card: index for index, card in enumerate(DECK)}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""-7-: 2 low to A high, in every suit."""
STRENGTH = {rank: index for index, rank in enumerate(RANKS)}

TOURS = 6
SPECO_TOUR = 3
SUPERSPEC_TOUR = 6
TRICKS_PER_TOUR = 10
HAND_SIZE = 10
TALON_SIZE = 12
TOUR_KINDS = ("normal", "speco", "superspec")

ROUGE, NOIR = "rouge", "noir"
"""Intro b/: the Couleurs, Rouge (hearts and diamonds) and Noir (spades and clubs)."""
AMOUNTS = (5, 10, 15, 20, 25)
"""-17-: the chiffrée amounts."""
FACE_VALUES = {"J": 11, "Q": 12, "K": 15, "A": 30}
"""-43-: A 30, K 15, Q 12, J 11; 10 to 2 their face value."""

OPTION_NAMES = (
    "single_deal",
    "tour_kind",
    "masked_talon",
    "twenty_five_every_tour",
    "first_dealer",
)

STATE_KEYS = (
    "game",
    "version",
    "options",
    "rng",
    "phase",
    "tour",
    "tour_kind",
    "dealer",
    "talon",
    "bids",
    "hands",
    "trump",
    "trick_leader",
    "trick",
    "tricks",
    "specials_holder",
    "tour_scores",
    "finished_tours",
    "history",
)
"""The keys of the state JSON, in the order of docs/rules/julien.md."""
TRICK_KEYS = ("leader", "cards", "winner", "next_leader", "taken")
TOUR_RECORD_KEYS = ("tour", "tour_kind", "dealer", "talon", "bids", "tricks", "specials_holder")


@dataclass(frozen=True)
class Bid:
    """A bid (-16-, -17-): its text, its Couleur and its amount (``None`` for a simple bid)."""

    text: str
    colour: str
    amount: int | None


BIDS: tuple[Bid, ...] = (
    Bid("Rouge", ROUGE, None),
    Bid("Noir", NOIR, None),
    *(Bid(f"{amount} Rouges", ROUGE, amount) for amount in AMOUNTS),
    *(Bid(f"{amount} Noires", NOIR, amount) for amount in AMOUNTS),
)
"""Action ids 52 to 63, in this order."""
FIRST_BID_ID = len(DECK)
TAKE_ID = FIRST_BID_ID + len(BIDS)
LEAVE_ID = TAKE_ID + 1

ACTIONS: tuple[RefAction, ...] = (
    *(RefAction(index, "play", card, card) for index, card in enumerate(DECK)),
    *(RefAction(FIRST_BID_ID + index, "bid", bid.text, None) for index, bid in enumerate(BIDS)),
    RefAction(TAKE_ID, "take", "take", None),
    RefAction(LEAVE_ID, "leave", "leave", None),
)
"""The 66 actions: 0-51 the cards, 52-63 the bids, 64 ``take``, 65 ``leave``."""
_WORD_IDS = {action.text.lower(): action.id for action in ACTIONS[FIRST_BID_ID:]}
"""The bids, ``take`` and ``leave``, by lower-case text."""
BID_BY_ID = {FIRST_BID_ID + index: bid for index, bid in enumerate(BIDS)}
BIDS_BY_TEXT = {bid.text: bid for bid in BIDS}


@dataclass(frozen=True)
class Trick(protocol.Trick):
    """A completed trick (a ``JulienTrick``): its leader, cards in play order, winner,
    the next trick's leader (-5-), its trump card (talon card i) and whether the
    winner took that card (``None`` while a Spéco choice is pending)."""

    next_leader: int
    trump_card: str
    taken: bool | None

    def state(self) -> dict[str, Any]:
        return {**super().state(), "next_leader": self.next_leader, "taken": self.taken}


@dataclass(frozen=True)
class TourRecord:
    """A finished Tour's public record (an entry of ``"finished_tours"``, D4)."""

    tour: int
    tour_kind: str
    dealer: int
    talon: tuple[str, ...]
    bids: tuple[str, ...]
    tricks: tuple[Trick, ...]
    specials_holder: int


# --- Cards -------------------------------------------------------------------


def sort_hand(cards: Sequence[str]) -> list[str]:
    """A hand sorted by face id (the 52-card deck's order)."""
    return sorted(cards, key=CARD_IDS.__getitem__)


def parse_card(text: object) -> str:
    """A card of the 52-card deck, written in either case; RuleError otherwise."""
    if not isinstance(text, str):
        raise RuleError(f"a card is a text, got {text!r}")
    card = parse(text)
    if card not in CARD_IDS:
        raise RuleError(f"{text!r} is not a card of the 52-card deck")
    return card


def parse_action_id(text: str) -> int:
    """The id of an action text, read ignoring letter case and nothing else."""
    if text.isascii() and text.lower() in _WORD_IDS:
        return _WORD_IDS[text.lower()]
    return CARD_IDS[parse_card(text)]


def parse_bid(text: object) -> Bid:
    """-16-, -17-: a bid's text (any letter case); RuleError for anything else."""
    if isinstance(text, Bid) and text in BIDS:
        return text
    if isinstance(text, str) and text.isascii():
        action_id = _WORD_IDS.get(text.lower())
        if action_id is not None and action_id in BID_BY_ID:
            return BID_BY_ID[action_id]
    raise RuleError(f"not a bid: {text!r}")


# --- The match (Intro c/, -9-, -10-, J6, J22, D3) --------------------------------


def tour_kind_of(tour: int, single_deal: bool, kind_option: str | None) -> str:
    """-38-, -47-: Tour 3 is the Spéco, Tour 6 the Superspec; D3: a single deal is
    of the kind the option names (normal for ``None``)."""
    if single_deal:
        return kind_option or "normal"
    return {SPECO_TOUR: "speco", SUPERSPEC_TOUR: "superspec"}.get(tour, "normal")


def last_tour(single_deal: bool) -> int:
    """Intro c/: six Tours; ``single_deal`` plays one."""
    return 1 if single_deal else TOURS


# --- The deal (-11-, J8) -------------------------------------------------------


def deal(deck: Sequence[str], dealer: int) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """-11-, J8: deck positions 0-11 are the talon in reading order; position
    ``12 + k`` goes to seat ``dealer + 1 + k``, one card at a time clockwise."""
    talon = tuple(deck[:TALON_SIZE])
    hands: list[list[str]] = [[] for _ in range(NUM_PLAYERS)]
    for k, card in enumerate(deck[TALON_SIZE:]):
        hands[(dealer + 1 + k) % NUM_PLAYERS].append(card)
    return talon, tuple(tuple(sort_hand(hand)) for hand in hands)


# --- Bidding (-13- to -18-, J7, J10) ---------------------------------------------


def bidder(dealer: int, bids_made: int) -> int:
    """-13-, J7: the dealer's left bids first, the dealer last."""
    return (dealer + 1 + bids_made) % NUM_PLAYERS


def bid_allowed(bid: Bid, tour_kind: str, twenty_five_every_tour: bool) -> bool:
    """-38-, -47-, J10: 25 only in the Spéco and the Superspec, unless the option."""
    return bid.amount != 25 or tour_kind != "normal" or twenty_five_every_tour


# --- Play (-1- to -6-, J1 to J5) -------------------------------------------------


def legal_plays(hand: Sequence[str], trick: Sequence[tuple[int, str]]) -> list[str]:
    """-1- to -4-, J2, J3: follow the led suit if possible; void, any card."""
    if not trick:
        return list(hand)
    led = suit_of(trick[0][1])
    following = [card for card in hand if suit_of(card) == led]
    return following or list(hand)


def trick_winner(cards: Sequence[tuple[int, str]], trump: str) -> int:
    """J1: the highest card of the trick's trump suit, otherwise of the led suit."""
    led = suit_of(cards[0][1])
    trumps = [entry for entry in cards if suit_of(entry[1]) == trump]
    contenders = trumps or [entry for entry in cards if suit_of(entry[1]) == led]
    return max(contenders, key=lambda entry: STRENGTH[rank_of(entry[1])])[0]


def next_leader(cards: Sequence[tuple[int, str]]) -> int:
    """-5-, J4: the player of the lowest card of the led suit, the leader included
    (on a trump lead, the lowest trump)."""
    led = suit_of(cards[0][1])
    following = [entry for entry in cards if suit_of(entry[1]) == led]
    return min(following, key=lambda entry: STRENGTH[rank_of(entry[1])])[0]


def taken_for(tour_kind: str) -> bool | None:
    """-39-, -48-, J18, J19: normal Tours never take the trump card, the Superspec
    always does, the Spéco waits for the winner's choice (``None``)."""
    return {"normal": False, "superspec": True, "speco": None}[tour_kind]


# --- Weights and scoring (-19- to -31-, -34- to -46-, -49-, -50-, J11 to J17) ---


Weights = dict[str, int]
"""A scoring pile summed per suit."""


def face_value(card: str) -> int:
    """-43-: A 30, K 15, Q 12, J 11, 10 to 2 their face value."""
    rank = rank_of(card)
    return FACE_VALUES[rank] if rank in FACE_VALUES else int(rank)


def display_weight(card: str, tour_kind: str) -> int:
    """-25-, -40- to -43-, J17, D1: a taken trump card or a special card weighs 1 in
    a normal Tour, its -43- value in the Spéco and the Superspec."""
    return 1 if tour_kind == "normal" else face_value(card)


def pile_weights(collected: Sequence[str], taken: Sequence[str], tour_kind: str) -> Weights:
    """The scoring pile without the specials: trick cards weigh 1 (-42-), taken
    trump cards their display weight (-40-, -43-)."""
    weights = dict.fromkeys(SUITS, 0)
    for card in collected:
        weights[suit_of(card)] += 1
    for card in taken:
        weights[suit_of(card)] += display_weight(card, tour_kind)
    return weights


def with_cards(weights: Weights, cards: Sequence[str], tour_kind: str) -> Weights:
    """A pile with more display cards (the special cards, -34-, -46-, -49-) added."""
    result = dict(weights)
    for card in cards:
        result[suit_of(card)] += display_weight(card, tour_kind)
    return result


def colour_weights(weights: Weights, colour: str) -> tuple[int, int]:
    """``(own, opp)``: the pile's weight in the Couleur and in the other, uncancelled."""
    red = weights["H"] + weights["D"]
    black = weights["S"] + weights["C"]
    return (red, black) if colour == ROUGE else (black, red)


def simple_score(colour: str, won_a_trick: bool, weights: Weights) -> int:
    """-19- to -21-, -26-, J11: no trick -20; no opposite card +20 + own; else -opp."""
    if not won_a_trick:
        return -20  # -21-
    own, opp = colour_weights(weights, colour)
    if opp == 0:
        return 20 + own  # -19-
    return -opp  # -20-: cards never cancel in a simple contract (-26-)


def eliminate(weights: Weights, colour: str) -> tuple[int, int]:
    """-24-, -25-, J13: spades and hearts cancel, clubs and diamonds cancel, weight
    for weight; ``(own, opp)`` the positive remainders on each Couleur's side."""
    spades_hearts = weights["S"] - weights["H"]
    clubs_diamonds = weights["C"] - weights["D"]
    black = max(spades_hearts, 0) + max(clubs_diamonds, 0)
    red = max(-spades_hearts, 0) + max(-clubs_diamonds, 0)
    return (red, black) if colour == ROUGE else (black, red)


def overshoots(amount: int, own: int) -> bool:
    """-18-, -28-, J15: reaching the next bid's minimum; 25 never overshoots."""
    return amount < 25 and own >= amount + 5


def chiffree_score(amount: int, won_a_trick: bool, own: int, opp: int) -> int:
    """-22- to -31-, J14: the score of ``x Rouges`` / ``x Noires`` after elimination."""
    if not won_a_trick:
        return -(20 + amount)  # -31-
    overshoot = overshoots(amount, own)
    if opp > 0:
        return -(opp + amount + (own if overshoot else 0))  # -29-, -30-
    if own < amount:
        return -(amount - own)  # -27-
    if overshoot:
        return -own  # -28- as ruled: -18- stands
    return own  # -22-, -23-


def contract_score(bid: Bid, won_a_trick: bool, weights: Weights) -> int:
    """A bid scored on a whole scoring pile (specials included)."""
    if bid.amount is None:
        return simple_score(bid.colour, won_a_trick, weights)
    own, opp = eliminate(weights, bid.colour)
    return chiffree_score(bid.amount, won_a_trick, own, opp)


def special_choices(specials: Sequence[str], tour_kind: str) -> list[tuple[str, ...]]:
    """-34-, -36-, J16: each special may join the pile or stay out (the four subsets);
    -49-, -50-, J20: in the Superspec both are forced in."""
    if tour_kind == "superspec":
        return [tuple(specials)]
    return [subset for size in range(len(specials) + 1) for subset in combinations(specials, size)]


def seat_score(
    bid: Bid,
    collected: Sequence[str],
    taken: Sequence[str],
    specials: Sequence[str],
    tour_kind: str,
) -> int:
    """One player's Tour score: the best over the allowed uses of the specials (J12, J16)."""
    base = pile_weights(collected, taken, tour_kind)
    won_a_trick = bool(collected)
    return max(
        contract_score(bid, won_a_trick, with_cards(base, subset, tour_kind))
        for subset in special_choices(specials, tour_kind)
    )


def score_tour(
    bid: str | Bid,
    collected: Sequence[str],
    taken: Sequence[str] = (),
    specials: Sequence[str] = (),
    tour_kind: str = "normal",
) -> int:
    """Score one player's Tour (docs/rules/julien.md, "Scoring a Tour"), D6: RuleError
    unless the arguments are a consistent end of Tour."""
    parsed_bid = parse_bid(bid)
    if not isinstance(tour_kind, str) or tour_kind not in TOUR_KINDS:
        raise RuleError(f"tour_kind must be one of {', '.join(TOUR_KINDS)}, got {tour_kind!r}")
    won = _card_list(collected, "collected")
    took = _card_list(taken, "taken")
    held = _card_list(specials, "specials")
    everything = won + took + held
    if len(set(everything)) != len(everything):
        raise RuleError("a card appears twice in collected, taken and specials")
    if len(won) % NUM_PLAYERS or len(won) > NUM_PLAYERS * TRICKS_PER_TOUR:
        raise RuleError(f"collected must be whole tricks, at most 40 cards, got {len(won)}")
    if tour_kind == "normal" and took:
        raise RuleError("taken must be empty in a normal Tour")
    if len(took) > len(won) // NUM_PLAYERS:
        raise RuleError(f"taken holds {len(took)} cards for {len(won) // 4} tricks won")
    if len(held) > 2:
        raise RuleError(f"specials holds {len(held)} cards; there are 2 special cards")
    if not won and (took or held):
        raise RuleError("taken cards and specials come with tricks; collected is empty")
    return seat_score(parsed_bid, won, took, held, tour_kind)


def _card_list(value: object, what: str) -> list[str]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise RuleError(f"{what} must be a list of cards, got {value!r}")
    return [parse_card(card) for card in value]


def tour_scores(
    bids: Sequence[str], tricks: Sequence[Trick], specials: Sequence[str], tour_kind: str
) -> list[int]:
    """Every seat's score for a finished Tour: its trick cards, the trump cards it took,
    and the specials if it won trick 10 (-33-)."""
    holder = tricks[-1].winner
    scores = []
    for seat in range(NUM_PLAYERS):
        won = [trick for trick in tricks if trick.winner == seat]
        collected = [card for trick in won for _, card in trick.cards]
        taken = [trick.trump_card for trick in won if trick.taken]
        held = specials if seat == holder else ()
        scores.append(seat_score(BIDS_BY_TEXT[bids[seat]], collected, taken, held, tour_kind))
    return scores


# --- The masked talon (-51- to -54-, J21, D5) ----------------------------------


def shown_talon(talon: Sequence[str], phase: str, completed: int) -> list[str | None]:
    """-52- to -54-, D5: card i shows when trick i begins; the specials with trick 10."""
    if phase == "over":
        shown = TALON_SIZE
    elif phase == "bid":
        shown = 0
    else:
        shown = completed + 1 if phase == "play" else completed
        if shown >= TRICKS_PER_TOUR:
            shown = TALON_SIZE
    return [card if index < shown else None for index, card in enumerate(talon)]


# --- Options -----------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    single_deal: bool
    tour_kind: str | None
    masked_talon: bool
    twenty_five_every_tour: bool
    first_dealer: int | None


def check_options(options: Mapping[str, object]) -> Options:
    """The five options with defaults filled in; RuleError naming a bad one."""
    read = OptionReader(NAME, options, OPTION_NAMES)
    checked = Options(
        single_deal=read.flag("single_deal"),
        tour_kind=read.optional_text("tour_kind", TOUR_KINDS),
        masked_talon=read.flag("masked_talon"),
        twenty_five_every_tour=read.flag("twenty_five_every_tour"),
        first_dealer=read.seat("first_dealer", NUM_PLAYERS),
    )
    if checked.tour_kind is not None and not checked.single_deal:
        raise RuleError("option 'tour_kind' needs single_deal: the match fixes the Tours' kinds")
    return checked


# --- The game ----------------------------------------------------------------


class JulienReference(TrickGame):
    """A whole Julien match (or a single Tour), played one action at a time."""

    NAME = NAME
    NUM_PLAYERS = NUM_PLAYERS
    ACTIONS = ACTIONS
    DECK = DECK
    HAND_SIZE = HAND_SIZE
    SETUP_IN_DEALERS_HAND = False  # -11-: the talon is dealt to no seat
    OPTION_NAMES = OPTION_NAMES
    STATE_KEYS = STATE_KEYS
    TRICK_KEYS = TRICK_KEYS
    RECORD_KEYS = TOUR_RECORD_KEYS
    FINISHED_KEY = "finished_tours"
    PREVIOUS_KEY = "previous_tour"

    _options: Options
    _tour: int
    _talon: list[str]
    _bids: list[str | None]
    _tricks: list[Trick]
    _specials_holder: int | None
    _tour_scores: list[list[int]]
    _finished: list[TourRecord]

    def __init__(self, *, seed: int, **options: object) -> None:
        self._options = check_options(options)
        self._rng = SplitMix64(seed)
        # J6, D3: the first dealer is drawn before the first shuffle, unless named.
        first = self._options.first_dealer
        self._dealer = self._rng.below(NUM_PLAYERS) if first is None else first
        self._tour = 1
        self._tour_scores = []
        self._finished = []
        self._history = []
        self._start_tour()

    def _start_tour(self) -> None:
        """-11-, J8: a fresh deck shuffled with the game's generator, then the talon
        and the hands; bidding opens with the dealer's left (-13-)."""
        deck = list(DECK)
        self._rng.shuffle(deck)
        talon, hands = deal(deck, self._dealer)
        self._begin_deal(Deal(self._dealer, hands, talon), self._tour)

    def _begin_deal(self, deal: Deal, number: int) -> None:
        # One Tour per action: the game is always at Tour ``number`` already.
        self._tour = number
        self._dealer = deal.dealer
        self._talon = list(deal.setup)
        self._hands = [list(hand) for hand in deal.hands]
        self._phase = "bid"
        self._bids = [None] * NUM_PLAYERS
        self._trick_leader = (self._dealer + 1) % NUM_PLAYERS  # -8-
        self._trick = []
        self._tricks = []
        self._specials_holder = None

    # --- The protocol ---

    @property
    def current_player(self) -> int | None:
        if self._phase == "bid":
            return bidder(self._dealer, self._bids_made())
        if self._phase == "play":
            return (self._trick_leader + len(self._trick)) % NUM_PLAYERS
        if self._phase == "speco":
            return self._tricks[-1].winner  # J18: the trick's winner chooses
        return None

    @property
    def scores(self) -> list[int]:
        """The totals: the sum of each seat's Tour scores (may be negative)."""
        return [sum(scores[seat] for scores in self._tour_scores) for seat in range(NUM_PLAYERS)]

    def _legal_actions(self) -> list[RefAction]:
        seat = self.current_player
        if seat is None:
            return []
        if self._phase == "bid":
            return [
                ACTIONS[action_id]
                for action_id, bid in BID_BY_ID.items()
                if bid_allowed(bid, self.tour_kind, self._options.twenty_five_every_tour)
            ]
        if self._phase == "speco":
            return [ACTIONS[TAKE_ID], ACTIONS[LEAVE_ID]]
        cards = legal_plays(self._hands[seat], self._trick)
        return [ACTIONS[CARD_IDS[card]] for card in cards]  # hands are sorted by id

    def _action_id(self, text: str) -> int:
        return parse_action_id(text)

    def _apply_legal(self, seat: int, action: RefAction) -> None:
        if action.kind == "bid":
            self._bid(seat, action.text)
        elif action.kind == "play":
            self._play(seat, action.text)
        else:
            self._choose(action.kind == "take")

    def clone(self) -> JulienReference:
        other = JulienReference.__new__(JulienReference)
        other.__dict__.update(self.__dict__)
        other._rng = SplitMix64(self._rng.state)
        other._talon = list(self._talon)
        other._bids = list(self._bids)
        other._hands = [list(hand) for hand in self._hands]
        other._trick = list(self._trick)
        other._tricks = list(self._tricks)
        other._tour_scores = [list(scores) for scores in self._tour_scores]
        other._finished = list(self._finished)
        other._history = list(self._history)
        return other

    def _observed(self, view: dict[str, Any], seat: int) -> None:
        """With the masked talon, unrevealed talon cards are null (-51- to -54-)."""
        view["talon"] = self.visible_talon

    @property
    def _deal_count(self) -> int:
        return self._tour

    # --- Julien's own accessors ---

    @property
    def tour(self) -> int:
        return self._tour

    @property
    def tour_kind(self) -> str:
        return tour_kind_of(self._tour, self._options.single_deal, self._options.tour_kind)

    @property
    def talon(self) -> list[str]:
        return list(self._talon)

    @property
    def visible_talon(self) -> list[str | None]:
        """The talon as every seat sees it: ``None`` for a masked card (J21)."""
        if not self._options.masked_talon:
            return list(self._talon)
        return shown_talon(self._talon, self._phase, len(self._tricks))

    @property
    def specials(self) -> list[str]:
        """-32-: the last two talon cards."""
        return self._talon[TRICKS_PER_TOUR:]

    @property
    def specials_holder(self) -> int | None:
        return self._specials_holder

    @property
    def trump(self) -> str | None:
        """-6-, J5: the current trick's trump suit, in phase ``"play"`` only."""
        card = self.trump_card
        return None if card is None else suit_of(card)

    @property
    def trump_card(self) -> str | None:
        """Talon card i for trick i, in phase ``"play"`` only."""
        return self._talon[len(self._tricks)] if self._phase == "play" else None

    @property
    def tricks(self) -> list[Trick]:
        return list(self._tricks)

    @property
    def bids(self) -> list[str | None]:
        return list(self._bids)

    def collected(self, seat: int) -> list[str]:
        """The cards of the tricks ``seat`` won this Tour, in trick and play order."""
        seat = self._check_seat(seat)
        return [card for trick in self._tricks if trick.winner == seat for _, card in trick.cards]

    def taken_trumps(self, seat: int) -> list[str]:
        """The trump cards ``seat`` took this Tour (Spéco, Superspec), in trick order."""
        seat = self._check_seat(seat)
        return [trick.trump_card for trick in self._tricks if trick.winner == seat and trick.taken]

    @property
    def tour_scores(self) -> list[list[int]]:
        return [list(scores) for scores in self._tour_scores]

    @property
    def finished_tours(self) -> list[TourRecord]:
        """D4: every Tour played to its end before the current one, oldest first."""
        return list(self._finished)

    @property
    def previous_tour(self) -> TourRecord | None:
        """The last finished Tour, if any."""
        return self._finished[-1] if self._finished else None

    # --- Actions ---

    def _bids_made(self) -> int:
        return sum(bid is not None for bid in self._bids)

    def _bid(self, seat: int, text: str) -> None:
        """-13- to -15-, J7: one public bid each; after the dealer's, play begins."""
        self._bids[seat] = text
        if self._bids_made() == NUM_PLAYERS:
            self._phase = "play"

    def _play(self, seat: int, card: str) -> None:
        self._hands[seat].remove(card)
        self._trick.append((seat, card))
        if len(self._trick) == NUM_PLAYERS:
            self._complete_trick()

    def _complete_trick(self) -> None:
        """J1 the winner keeps the cards (-41-), -5- the lowest of the led suit leads
        next, -48- the Superspec's winner takes the trump card, -39- the Spéco's chooses."""
        trump_card = self._talon[len(self._tricks)]
        trick = Trick(
            self._trick_leader,
            tuple(self._trick),
            trick_winner(self._trick, suit_of(trump_card)),
            next_leader(self._trick),
            trump_card,
            taken_for(self.tour_kind),
        )
        self._tricks.append(trick)
        self._trick = []
        self._trick_leader = trick.next_leader
        if trick.taken is None:
            self._phase = "speco"  # J18, D2: the winner's choice, even on trick 10
        else:
            self._after_trick()

    def _choose(self, take: bool) -> None:
        """-39-, J18: the Spéco winner takes or leaves the trick's trump card."""
        self._tricks[-1] = replace(self._tricks[-1], taken=take)
        self._phase = "play"
        self._after_trick()

    def _after_trick(self) -> None:
        if len(self._tricks) == TRICKS_PER_TOUR:
            self._end_tour()

    def _end_tour(self) -> None:
        """-33- the winner of trick 10 holds the specials; the Tour is scored; the next
        Tour is dealt at once by the next seat (-9-, -10-), or the match ends."""
        holder = self._tricks[-1].winner
        self._tour_scores.append(
            tour_scores(self._bids_texts(), self._tricks, self.specials, self.tour_kind)
        )
        if self._tour == last_tour(self._options.single_deal):
            self._specials_holder = holder
            self._phase = "over"
            return
        self._finished.append(
            TourRecord(
                self._tour,
                self.tour_kind,
                self._dealer,
                tuple(self._talon),
                tuple(self._bids_texts()),
                tuple(self._tricks),
                holder,
            )
        )
        self._tour += 1
        self._dealer = (self._dealer + 1) % NUM_PLAYERS
        self._start_tour()

    def _bids_texts(self) -> list[str]:
        """The four bids, once all are made."""
        return [bid for bid in self._bids if bid is not None]

    # --- JSON ---

    def _game_state(self, finished: slice) -> dict[str, Any]:
        """The state in the layout of docs/rules/julien.md, "State JSON"."""
        return {
            "tour": self._tour,
            "tour_kind": self.tour_kind,
            "dealer": self._dealer,
            "talon": list(self._talon),
            "bids": list(self._bids),
            "hands": [list(hand) for hand in self._hands],
            "trump": self.trump,
            "trick_leader": self._trick_leader,
            "trick": [[seat, card] for seat, card in self._trick],
            "tricks": [trick.state() for trick in self._tricks],
            "specials_holder": self._specials_holder,
            "tour_scores": [list(scores) for scores in self._tour_scores],
            "finished_tours": [_record_state(record) for record in self._finished[finished]],
        }

    def _read_setup(self, fields: dict[str, object], what: str) -> tuple[str, ...]:
        """-11-: the talon, in reading order."""
        return tuple(self._read_cards(fields["talon"], protocol.path(what, "talon"), TALON_SIZE))


def _record_state(record: TourRecord) -> dict[str, Any]:
    return {
        "tour": record.tour,
        "tour_kind": record.tour_kind,
        "dealer": record.dealer,
        "talon": list(record.talon),
        "bids": list(record.bids),
        "tricks": [trick.state() for trick in record.tricks],
        "specials_holder": record.specials_holder,
    }
