"""Type stubs for the native module ``cardcore._core`` (checked by stubtest)."""

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, Literal, Protocol, Self, TypeVar, final, overload

import numpy as np
from numpy.typing import NDArray

from cardcore._cards import Rank, Suit
from cardcore._protocol import Game, Observation
from cardcore.bots import Level as BotLevel
from cardcore.bots import Opponents, RolloutKind
from cardcore.brouc import Options as BroucOptions
from cardcore.brouc import Phase as BroucPhase
from cardcore.five_hundred import Options as FiveHundredOptions
from cardcore.five_hundred import Phase as FiveHundredPhase
from cardcore.five_hundred import Scoring
from cardcore.jolly import Drawn, MeldKind
from cardcore.jolly import Options as JollyOptions
from cardcore.jolly import Phase as JollyPhase
from cardcore.julien import Options as JulienOptions
from cardcore.julien import Phase as JulienPhase
from cardcore.julien import TourKind
from cardcore.tarot import Contract, Level, Side
from cardcore.tarot import Options as TarotOptions
from cardcore.tarot import Phase as TarotPhase

__version__: str
__all__ = [
    "GAMES",
    "Action",
    "Announcement",
    "ArenaEntry",
    "ArenaResult",
    "Brouc",
    "BroucDeal",
    "BroucObservation",
    "Card",
    "CardcoreError",
    "ConcurrentUseError",
    "FiveHundred",
    "FiveHundredDeal",
    "FiveHundredDealResult",
    "FiveHundredObservation",
    "FiveHundredTrick",
    "IllegalActionError",
    "IllegalActionTypeError",
    "Jolly",
    "JollyDeal",
    "JollyDealResult",
    "JollyMeld",
    "JollyObservation",
    "JsonError",
    "JsonTypeError",
    "Julien",
    "JulienBid",
    "JulienDeal",
    "JulienObservation",
    "JulienTrick",
    "NativeBot",
    "NotationError",
    "NotationTypeError",
    "OptionError",
    "OptionTypeError",
    "PhaseError",
    "RandomBot",
    "SeatError",
    "SeatTypeError",
    "SimulationSummary",
    "Tarot",
    "TarotDeal",
    "TarotDealResult",
    "TarotObservation",
    "TarotPoignee",
    "TarotTrick",
    "UnknownGameError",
    "UnknownGameTypeError",
    "VectorEnv",
    "__version__",
    "_action",
    "_arena_part",
    "_arena_result",
    "_native_bot",
    "_observation",
    "_record",
    "_selfplay_part",
    "_simulate_part",
    "_simulate_summary",
    "arena",
    "deck",
    "five_hundred_bid_value",
    "five_hundred_score",
    "from_json",
    "game_info",
    "jolly_hand_penalty",
    "jolly_is_meld",
    "jolly_meld_actions",
    "jolly_meld_value",
    "jolly_round_scores",
    "julien_card_value",
    "julien_score",
    "make_bot",
    "new_game",
    "search_bot",
    "simulate",
    "tarot_card_points",
    "tarot_settle",
]
GAMES: tuple[str, ...]
"""Every registered game's name, in registration order."""

class CardcoreError(ValueError):
    """Every cardcore error; a ``ValueError``. A refused call changes nothing."""

class IllegalActionError(CardcoreError):
    """An action not legal now, or not an action of this game."""

class NotationError(CardcoreError):
    """Card or action text that does not parse."""

class JsonError(CardcoreError):
    """JSON that is not a state play can reach (docs/protocol.md, "Reading a state back")."""

class UnknownGameError(CardcoreError):
    """A game name that is not registered."""

class OptionError(CardcoreError):
    """A bad option, seed or argument; the message names it."""

class SeatError(CardcoreError):
    """A seat out of range."""

class PhaseError(CardcoreError):
    """A call the game's phase does not allow: solving where no trick is being played."""

class IllegalActionTypeError(IllegalActionError, TypeError):
    """A value of the wrong Python type given as an action: also a ``TypeError``."""

class NotationTypeError(NotationError, TypeError):
    """A value of the wrong Python type given as a card or action text: also a ``TypeError``."""

class JsonTypeError(JsonError, TypeError):
    """A value of the wrong Python type given as a state's text: also a ``TypeError``."""

class UnknownGameTypeError(UnknownGameError, TypeError):
    """A value of the wrong Python type given as a game's name: also a ``TypeError``."""

class OptionTypeError(OptionError, TypeError):
    """A value of the wrong Python type for an option, seed or argument; also a TypeError."""

class SeatTypeError(SeatError, TypeError):
    """A value of the wrong Python type given as a seat: also a ``TypeError``."""

class ConcurrentUseError(CardcoreError, RuntimeError):
    """A game (or bot) called while another call on it is in progress (docs/protocol.md)."""

@final
class Card:
    """A card face: ``Card("QH")`` or ``Card.parse("qh")``; ``str(card) == "QH"``.

    Cards compare and sort by their universal face id (docs/protocol.md), the
    order every hand is listed in: ``sorted(hand)``.
    """

    def __new__(cls, text: str) -> Card:
        """The card a text names (any letter case); ``NotationError`` otherwise."""
    @staticmethod
    def parse(text: str) -> Card:
        """The card a text names (any letter case); ``NotationError`` otherwise."""
    @staticmethod
    def from_id(id: int) -> Card:
        """The card of a universal face id (0 to 80)."""
    @property
    def id(self) -> int:
        """The universal face id (docs/protocol.md, "Card notation")."""
    @property
    def suit(self) -> Suit | None:
        """The suit of a suited card; None for tarot trumps, the Excuse and jokers."""
    @property
    def rank(self) -> Rank | None:
        """The rank of a suited card; None otherwise."""
    @property
    def tarot_trump(self) -> int | None:
        """A tarot trump's number, 1 to 21; None otherwise."""
    @property
    def is_excuse(self) -> bool:
        """Whether this is the tarot's Excuse."""
    @property
    def is_joker(self) -> bool:
        """Whether this is a joker (``JK``, ``BJ`` or ``RJ``)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Card, /) -> bool: ...
    def __le__(self, other: Card, /) -> bool: ...
    def __gt__(self, other: Card, /) -> bool: ...
    def __ge__(self, other: Card, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

def deck(size: int) -> list[Card]:
    """The deck of that size (32, 46, 52, 78 or 110 cards), in face-id order."""

_ActionKind = Literal[
    "play",
    "bid",
    "take",
    "leave",
    "discard",
    "call",
    "slam",
    "poignee",
    "name",
    "lay",
    "close",
    "undo",
    "select",
    "draw",
]

@final
class Action:
    """A move: a stable integer ``id`` within its game, a canonical text, typed fields.

    The same objects are handed out again and again. An action equals the same
    action of the same game and its canonical text, so ``"KH" in legal`` works.
    """

    @property
    def game(self) -> str:
        """The name of the game it belongs to."""
    @property
    def id(self) -> int:
        """Its stable id, 0 to the game's ``action_count - 1``."""
    @property
    def kind(self) -> _ActionKind:
        """``"play"`` for a card play; each game's rules page lists its other kinds."""
    @property
    def card(self) -> Card | None:
        """The card played, or None."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Announcement:
    """A combination announced from a Brouc player's hand (K-Q, with the J for 30 or 60)."""

    def __reduce__(self) -> tuple[Any, ...]: ...
    @property
    def seat(self) -> int:
        """The seat that held it."""
    @property
    def suit(self) -> Suit:
        """Its suit."""
    @property
    def value(self) -> int:
        """20 or 30, 40 or 60 in trumps."""
    @property
    def cards(self) -> list[Card]:
        """The cards shown."""
    def __eq__(self, other: object, /) -> bool: ...

_Name = TypeVar("_Name", bound=str)
_Options = TypeVar("_Options")
_Phase = TypeVar("_Phase", bound=str)
_Deal = TypeVar("_Deal")
_GameClass = TypeVar("_GameClass")
_ObservationClass = TypeVar("_ObservationClass")

class _Shared(Generic[_Name, _Options, _Phase, _Deal]):
    """What every game's class and its observations share (docs/protocol.md): each game
    binds its name, options, phases and ``Deal`` record; its own accessors are in its
    ``_<Game>Public`` block and its classes."""

    @property
    def name(self) -> _Name:
        """The game's registered name."""
    @property
    def options(self) -> _Options:
        """Every option in force, defaults filled in."""
    @property
    def num_players(self) -> int:
        """The number of seats, numbered from 0."""
    @property
    def current_player(self) -> int | None:
        """The seat to act, None once the game is over."""
    @property
    def phase(self) -> _Phase:
        """A short string: the game's rules page lists its phases."""
    @property
    def is_over(self) -> bool:
        """Whether the match (or the single deal) has ended."""
    @property
    def scores(self) -> list[int]:
        """Match scores per seat (a team's seats show the team's score)."""
    @property
    def winning_seats(self) -> list[int]:
        """The seats that won the match (a team's seats, or every seat sharing the best
        result); empty while it goes on, or when nobody won."""
    @property
    def finished_deals(self) -> list[_Deal]:
        """Every deal finished, oldest first, void deals included; once the match is over,
        the last one too (docs/protocol.md, "Vocabulary"). An observation shows each as
        the rules show a finished deal to every seat."""
    @property
    def last_deal(self) -> _Deal | None:
        """The last deal finished (``finished_deals[-1]``), or None before the first ends;
        valid after the match is over."""
    def legal_actions(self) -> list[Action]:
        """The legal actions, sorted by id (an observation's: none unless its seat acts)."""
    def to_json(self) -> str:
        """The JSON text: a game's exact state, an observation's JSON form."""
    def __eq__(self, other: object, /) -> bool:
        """Equal states (their JSON forms alike)."""

class _Observation(
    _Shared[_Name, _Options, _Phase, _Deal], Generic[_Name, _Options, _Phase, _Deal, _GameClass]
):
    """What one seat may know (docs/protocol.md, "Observations"); ``to_dict()`` is the
    JSON form."""

    @property
    def seat(self) -> int:
        """The seat observing."""
    @property
    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds."""
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: dict[int, Any]) -> Self: ...
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles without a hidden card: unpickled, an equal observation of a game
        this seat cannot tell from the one observed."""
    def determinize(self, *, seed: int) -> _GameClass:
        """A whole game this seat cannot tell from the one observed, drawn from ``seed``:
        what a bot that searches plays out, without seeing a hidden card."""
    def to_dict(self) -> dict[str, Any]:
        """The JSON form: a JSON-compatible dict (the game's rules page, "Observation")."""
    def __str__(self) -> str:
        """What this seat sees, as text (docs/protocol.md, "Text")."""

class _Game(
    _Shared[_Name, _Options, _Phase, _Deal],
    Generic[_Name, _Options, _Phase, _Deal, _ObservationClass],
):
    """The protocol every game's class implements (docs/protocol.md)."""

    action_count: int
    """Action ids run from 0 to ``action_count - 1``."""
    @property
    def current_deal(self) -> _Deal:
        """The record of the deal in play, whole (the last one, once the match is over)."""
    @property
    def truncated(self) -> bool:
        """Whether the match was ended by its cap rather than by its rules (docs/protocol.md,
        "Every match ends"): over, scored as far as it went, nobody won."""
    @property
    def history(self) -> list[Action]:
        """The actions applied, oldest first."""
    def is_legal(self, action: Action | int | np.integer[Any] | str) -> bool:
        """Whether an action (object, id or text in any letter case) is legal now."""
    def apply(self, action: Action | int | np.integer[Any] | str) -> None:
        """Plays an action (object, id, numpy integer id, or text); a refusal changes
        nothing."""
    def rewards(self, reward: Literal["outcome", "score"] | None = None) -> list[float]:
        """Each seat's reward for the match: 0 while it goes on; at its end ``"outcome"``
        (+1 won, -1 lost, 0 when nobody won) or ``"score"`` (the seat's score less the
        other seats' mean, scaled); None for the game's default (docs/envs.md)."""
    def describe(self, action: Action | int | np.integer[Any] | str) -> str:
        """What an action does, in words: when legal now, what it does in this state
        (docs/protocol.md, "Describing an action"); otherwise what its text says."""
    def action(self, action: int | np.integer[Any] | str) -> Action:
        """The action with that id or text, legal or not."""
    def clone(self) -> Self:
        """An independent copy."""
    def determinize(self, seat: int, *, seed: int) -> Self:
        """A whole state ``seat`` cannot tell from this one, drawn from ``seed``: the hidden
        cards placed uniformly among those consistent with what the seat has seen, later
        deals redrawn; it depends only on what the seat may know and on ``seed``."""
    def action_visibility(self, action: Action | int | str) -> tuple[list[int], bool]:
        """Who can tell which action this is, played now by the seat to act (the game is
        not changed): the other seats that can (no other legal action leaves them the
        same observation), and whether a spectator can (every other seat can, and no
        other legal action leaves the same ``public_view``). An action not legal now is
        an error."""
    def public_view(self) -> dict[str, Any]:
        """The table as a spectator sees it: every seat's observation combined (what they
        show alike kept, what differs None), without ``seat`` and ``hand``."""
    def observation(self, seat: int) -> _ObservationClass:
        """What ``seat`` may know now (docs/protocol.md, "Observations")."""
    observation_tensor_size: int
    """The number of features of ``observation_tensor`` (the game's rules page)."""
    def observation_tensor(
        self, seat: int, out: NDArray[np.float32] | None = None
    ) -> NDArray[np.float32]:
        """What ``seat`` may know as float32 features, laid out in the game's rules page,
        "Observation tensor"; written into ``out`` (a float32 array of
        ``observation_tensor_size``) when given, and returned. Needs numpy."""
    def legal_actions_mask(self, out: NDArray[np.bool_] | None = None) -> NDArray[np.bool_]:
        """The legal actions as bool flags indexed by action id (``action_count``);
        written into ``out`` when given, and returned. Needs numpy."""
    # The public observation and full-state tensors (docs/protocol.md, "Tensors and masks").
    public_observation_tensor_size: int
    """The number of features of ``public_observation_tensor`` (as many as
    ``observation_tensor_size``)."""
    state_tensor_size: int
    """The number of features of ``state_tensor``, at every player count."""
    def public_observation_tensor(
        self, out: NDArray[np.float32] | None = None
    ) -> NDArray[np.float32]:
        """What every seat sees alike as float32 features: the observation tensor's
        layout with seats counted from seat 0 and what only one seat knows left zero (the
        rules page's "Public observation tensor"); written into ``out`` when given, and
        returned. Needs numpy."""
    def state_tensor(self, out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
        """The whole state for a centralised critic as float32 features: the public
        observation tensor, then every hand and hidden pile (the rules page's "Full-state
        tensor"); written into ``out`` when given, and returned. Needs numpy."""
    # --- the solver ---
    solver_unit: str
    """What the solver's results count for this game (docs/bots.md, "The solver")."""
    def _solve(self, seat: int | None = None) -> tuple[int, list[tuple[Action, int]]]:
        """``(seat, values)``: each legal action of the seat to act with the result perfect
        play then gives ``seat``'s side (the seat to act's by default); what
        ``cardcore.solver.solve`` returns typed. ``PhaseError`` outside trick play."""
    def _analyze(
        self, deal: int | None = None, cards_left: int | None = None
    ) -> tuple[int, list[int], list[tuple[int, int, Action, list[tuple[Action, int]]]]]:
        """``(deal, start, steps)``: a deal solved move by move; what
        ``cardcore.solver.analyze`` returns typed. ``PhaseError`` when the deal has no
        trick-play move made."""
    # --- information states ---
    information_state_tensor_size: int
    """The number of features of ``information_state_tensor`` (the game's rules page,
    "Information state"), the same at every player count."""
    def information_state(self, seat: int) -> str:
        """Everything ``seat`` has seen since the deal in play began, its own actions
        included (perfect recall), as text: the seat, the dealer, its dealt hand, a line
        per step it saw, then its observation as JSON (docs/protocol.md, "Information
        states")."""
    def information_state_tensor(
        self, seat: int, out: NDArray[np.float32] | None = None
    ) -> NDArray[np.float32]:
        """``information_state(seat)`` as float32 features, laid out in the game's rules
        page, "Information state"; written into ``out`` (a float32 array of
        ``information_state_tensor_size``) when given, and returned. Needs numpy."""
    def __str__(self) -> str:
        """The whole table as text, every hand (docs/protocol.md, "Text")."""
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: dict[int, Any]) -> Self: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class BroucDeal:
    """The public record of a Brouc deal (``cardcore.brouc.Deal``)."""

    def __reduce__(self) -> tuple[Any, ...]: ...
    @property
    def dealer(self) -> int:
        """The seat that dealt it."""
    @property
    def trump(self) -> Suit | None:
        """The trump suit."""
    @property
    def trump_card(self) -> Card:
        """The dealer's turned card."""
    @property
    def tricks(self) -> list[list[tuple[int, Card]]]:
        """The completed tricks, each as (seat, card) in order of play."""
    @property
    def trick_winners(self) -> list[int]:
        """Who won each completed trick."""
    @property
    def card_points(self) -> tuple[int, int]:
        """Card points won per team."""
    @property
    def marriages(self) -> tuple[int, int]:
        """Trick marriages won per team."""
    @property
    def announcements(self) -> list[Announcement]:
        """The announcements, in the order made."""

class _BroucPublic:
    """What Brouc's class and its observations share: the public table."""

    @property
    def teams(self) -> list[tuple[int, int]]:
        """The teams' seats: partners sit opposite."""
    @property
    def dealer(self) -> int:
        """The seat dealing this deal."""
    @property
    def deal_number(self) -> int:
        """The deal in play, counting from 1."""
    @property
    def trump(self) -> Suit:
        """The trump suit: the turned card's."""
    @property
    def trump_card(self) -> Card:
        """The dealer's turned card, which made trumps."""
    @property
    def trick_leader(self) -> int:
        """The seat that leads (or led) the current trick."""
    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The current trick as (seat, card) in order of play."""
    @property
    def tricks(self) -> list[list[tuple[int, Card]]]:
        """The completed tricks of this deal, each as (seat, card) in order of play."""
    @property
    def card_points(self) -> tuple[int, int]:
        """Card points won this deal, per team."""
    @property
    def marriages(self) -> tuple[int, int]:
        """Trick marriages won this deal, per team."""
    @property
    def announcements(self) -> list[Announcement]:
        """This deal's announcements, in the order made."""
    @property
    def deal_scores(self) -> list[tuple[int, int]]:
        """Each booked deal's score, per team."""
    @property
    def capes(self) -> tuple[int, int]:
        """Capes (all eight tricks of a deal) per team."""
    @property
    def current_deal(self) -> BroucDeal:
        """The current deal's public record."""
    @property
    def winning_team(self) -> int | None:
        """The winning team, once a team has passed the target."""
    @property
    def match_record(self) -> tuple[int, int]:
        """Games credited per team: 1 for the match, 2 per cape."""

@final
class BroucObservation(
    _BroucPublic, _Observation[Literal["brouc"], BroucOptions, BroucPhase, BroucDeal, Brouc]
):
    """What one Brouc seat may know (``cardcore.brouc.Observation``): its hand,
    every hand's size, the turned card while held, the public table and, when it
    is to act, the legal actions. ``to_dict()`` is the JSON form."""

    @property
    def hand(self) -> list[Card]:
        """The observing seat's cards, in face-id order."""
    @property
    def trump_card_held(self) -> bool:
        """Whether the turned card is still in the dealer's hand (seen by all)."""

@final
class Brouc(
    _BroucPublic, _Game[Literal["brouc"], BroucOptions, BroucPhase, BroucDeal, BroucObservation]
):
    """Brouc: 4 players in two teams, 32 cards, marriages and announcements
    (docs/rules/brouc.md). ``cardcore.brouc.Brouc``."""

    def __new__(
        cls,
        *,
        seed: int,
        single_deal: bool = False,
        target: int = 30,
        first_dealer: int | None = None,
    ) -> Brouc:
        """A new match dealt from ``seed``; options as in docs/rules/brouc.md."""
    @staticmethod
    def from_deal(
        hands: Iterable[Iterable[Card | str]],
        *,
        dealer: int,
        seed: int,
        trump_card: Card | str,
        single_deal: bool = False,
        target: int = 30,
        first_dealer: int | None = None,
    ) -> Brouc:
        """A new match whose first deal is chosen: ``dealer`` deals ``hands`` (one list of cards per
        seat, each a ``Card`` or its text) and ``trump_card``, the dealer's card turned for trump
        (one of its 8); the other keywords are the options. Checked like a saved state
        (``OptionError`` naming the argument at fault, ``SeatError`` for the dealer); later deals
        are drawn from ``seed`` as after its own first deal (docs/protocol.md, "Chosen deals";
        docs/rules/brouc.md)."""
    @staticmethod
    def from_json(text: str, *, max_bytes: int | None = None) -> Brouc:
        """The game a Brouc ``to_json()`` text describes (``cardcore.from_json``)."""
    def hand(self, seat: int) -> list[Card]:
        """The cards a seat holds, in face-id order."""

@final
class JulienBid:
    """A Le Julien bid (``cardcore.julien.Bid``): ``Bid("10 Rouges")``."""

    def __reduce__(self) -> tuple[Any, ...]: ...
    def __new__(cls, text: str) -> JulienBid:
        """The bid a text names (any letter case); ``NotationError`` otherwise."""
    @property
    def text(self) -> str:
        """Its canonical text, e.g. ``"10 Rouges"``."""
    @property
    def colour(self) -> Literal["rouge", "noir"]:
        """The Couleur bid on."""
    @property
    def amount(self) -> int | None:
        """5 to 25 for a Couleur chiffrée; None for a simple bid."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class JulienTrick:
    """A completed trick of a Le Julien Tour (``cardcore.julien.Trick``)."""

    def __reduce__(self) -> tuple[Any, ...]: ...
    @property
    def leader(self) -> int:
        """The seat that led it."""
    @property
    def cards(self) -> list[tuple[int, Card]]:
        """(seat, card) in order of play."""
    @property
    def winner(self) -> int:
        """The seat that won it."""
    @property
    def next_leader(self) -> int:
        """Who leads the next trick: the lowest card of the led suit (-5-)."""
    @property
    def trump_card(self) -> Card:
        """The talon card that made this trick's trump."""
    @property
    def taken(self) -> bool | None:
        """Whether the winner took the trump card (None while a Spéco choice is pending)."""

@final
class JulienDeal:
    """The public record of one Le Julien Tour (``cardcore.julien.Deal``): a Tour is a deal."""

    def __reduce__(self) -> tuple[Any, ...]: ...
    @property
    def number(self) -> int:
        """The Tour's number, 1 to 6."""
    @property
    def tour_kind(self) -> TourKind:
        """``"normal"``, ``"speco"`` or ``"superspec"``."""
    @property
    def dealer(self) -> int:
        """The seat that dealt it."""
    @property
    def talon(self) -> list[Card]:
        """The 12 talon cards in reading order."""
    @property
    def specials(self) -> tuple[Card, Card]:
        """The two special cards: the talon's last two."""
    @property
    def specials_holder(self) -> int | None:
        """The winner of trick 10, once the Tour is complete."""
    @property
    def bids(self) -> list[JulienBid | None]:
        """Each seat's bid (None until made)."""
    @property
    def tricks(self) -> list[JulienTrick]:
        """The completed tricks."""
    @property
    def scores(self) -> list[int] | None:
        """Every seat's score once the Tour is complete, else None."""
    def collected(self, seat: int) -> list[Card]:
        """The cards of the tricks a seat won."""
    def taken_trumps(self, seat: int) -> list[Card]:
        """The trump cards a seat took (Spéco, Superspec)."""

def julien_card_value(card: Card | str) -> int:
    """-43-: a taken trump or special card's value in the Spéco and the Superspec
    (``cardcore.julien.card_value``)."""

def julien_score(
    bid: str | JulienBid,
    collected: Iterable[Card | str],
    taken: Iterable[Card | str] | None = None,
    specials: Iterable[Card | str] | None = None,
    tour_kind: TourKind | None = None,
) -> int:
    """One player's score for a Le Julien Tour (``cardcore.julien.score``;
    docs/rules/julien.md, "Scoring a Tour").

    The special cards are used the best way for the player, forced in the Superspec.
    Inputs no Tour can produce raise OptionError naming the argument.
    """

class _JulienPublic:
    """What Le Julien's class and its observations share: the public table."""

    @property
    def dealer(self) -> int:
        """The seat dealing this Tour."""
    @property
    def deal_number(self) -> int:
        """The Tour number, 1 to 6."""
    @property
    def tour_kind(self) -> TourKind:
        """``"normal"``, ``"speco"`` or ``"superspec"``."""
    @property
    def visible_talon(self) -> list[Card | None]:
        """The talon as every seat sees it: None for a card still masked."""
    @property
    def visible_specials(self) -> tuple[Card, Card] | None:
        """The two special cards once every seat sees them, else None (the game's
        ``specials`` is the whole truth)."""
    @property
    def specials_holder(self) -> int | None:
        """The winner of trick 10, once the Tour is complete."""
    @property
    def trump(self) -> Suit | None:
        """The current trick's trump suit, while a trick is being played."""
    @property
    def trump_card(self) -> Card | None:
        """The talon card giving the current trick's trump."""
    @property
    def trick_leader(self) -> int:
        """The seat that leads (or led) the current trick."""
    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The current trick as (seat, card) in order of play."""
    @property
    def tricks(self) -> list[JulienTrick]:
        """The completed tricks of this Tour."""
    @property
    def bids(self) -> list[JulienBid | None]:
        """Each seat's bid this Tour (None until made)."""
    def collected(self, seat: int) -> list[Card]:
        """The cards of the tricks a seat won this Tour."""
    def taken_trumps(self, seat: int) -> list[Card]:
        """The trump cards a seat took this Tour (Spéco, Superspec)."""
    @property
    def deal_scores(self) -> list[list[int]]:
        """Each finished Tour's scores, per seat."""

@final
class JulienObservation(
    _JulienPublic, _Observation[Literal["julien"], JulienOptions, JulienPhase, JulienDeal, Julien]
):
    """What one Le Julien seat may know (``cardcore.julien.Observation``): its hand,
    every hand's size, the talon as revealed, the public table and, when it is to
    act, the legal actions. ``to_dict()`` is the JSON form."""

    @property
    def hand(self) -> list[Card]:
        """The observing seat's cards, in face-id order."""

@final
class Julien(
    _JulienPublic,
    _Game[Literal["julien"], JulienOptions, JulienPhase, JulienDeal, JulienObservation],
):
    """Le Julien: 4 players, 52 cards, a new trump every trick, Couleur contracts,
    six Tours (docs/rules/julien.md). ``cardcore.julien.Julien``."""

    def __new__(
        cls,
        *,
        seed: int,
        single_deal: bool = False,
        tour_kind: TourKind | None = None,
        masked_talon: bool = False,
        twenty_five_every_tour: bool = False,
        first_dealer: int | None = None,
    ) -> Julien:
        """A new match dealt from ``seed``; options as in docs/rules/julien.md."""
    @staticmethod
    def from_deal(
        hands: Iterable[Iterable[Card | str]],
        *,
        dealer: int,
        seed: int,
        talon: Iterable[Card | str],
        single_deal: bool = False,
        tour_kind: TourKind | None = None,
        masked_talon: bool = False,
        twenty_five_every_tour: bool = False,
        first_dealer: int | None = None,
    ) -> Julien:
        """A new match whose first deal is chosen: ``dealer`` deals ``hands`` (one list of cards per
        seat, each a ``Card`` or its text) and ``talon``, the 12 cards of the talon, in reading
        order; the other keywords are the options. Checked like a saved state (``OptionError``
        naming the argument at fault, ``SeatError`` for the dealer); later deals are drawn from
        ``seed`` as after its own first deal (docs/protocol.md, "Chosen deals";
        docs/rules/julien.md)."""
    @staticmethod
    def from_json(text: str, *, max_bytes: int | None = None) -> Julien:
        """The game a Le Julien ``to_json()`` text describes (``cardcore.from_json``)."""
    def hand(self, seat: int) -> list[Card]:
        """The cards a seat holds, in face-id order."""
    @property
    def talon(self) -> list[Card]:
        """The 12 talon cards in reading order (masked or not)."""
    @property
    def specials(self) -> tuple[Card, Card]:
        """The two special cards: the talon's last two."""

@final
class TarotTrick:
    """A completed trick of a Tarot deal (``cardcore.tarot.Trick``)."""

    def __reduce__(self) -> tuple[Any, ...]: ...
    @property
    def leader(self) -> int:
        """The seat that led it."""
    @property
    def cards(self) -> list[tuple[int, Card]]:
        """(seat, card) in order of play."""
    @property
    def winner(self) -> int:
        """The seat that won it."""

@final
class TarotPoignee:
    """A declared poignée (``cardcore.tarot.Poignee``): its level and the trumps shown."""

    def __reduce__(self) -> tuple[Any, ...]: ...
    @property
    def level(self) -> Level:
        """``"simple"``, ``"double"`` or ``"triple"``."""
    @property
    def bonus(self) -> int:
        """The bonus: 20, 30 or 40."""
    @property
    def shown(self) -> list[Card]:
        """The cards shown, in face-id order."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class TarotDealResult:
    """A Tarot deal's count and settlement (``cardcore.tarot.DealResult``)."""

    def __reduce__(self) -> tuple[Any, ...]: ...
    @property
    def points(self) -> float:
        """The taker's side's card points (a multiple of 0.5)."""
    @property
    def bouts(self) -> int:
        """The bouts in the taker's side's pile."""
    @property
    def target(self) -> float:
        """The points the taker's side needed: 56, 51, 41 or 36."""
    @property
    def made(self) -> bool:
        """Whether the contract was made."""
    @property
    def difference(self) -> int:
        """|points - target| rounded up to a whole point (T6)."""
    @property
    def petit_au_bout(self) -> Side | None:
        """The side that won the Petit au bout, or None."""
    @property
    def slam(self) -> Side | None:
        """The side that won every trick, or None."""
    @property
    def stake(self) -> int:
        """Each defender's stake, positive when the taker's side gains."""
    @property
    def scores(self) -> list[int]:
        """Each seat's score."""

@final
class TarotDeal:
    """The record of one Tarot deal (``cardcore.tarot.Deal``)."""

    def __reduce__(self) -> tuple[Any, ...]: ...
    @property
    def number(self) -> int:
        """The deal number, from 1, void deals included."""
    @property
    def dealer(self) -> int:
        """The seat that dealt it."""
    @property
    def dealt(self) -> list[list[Card]]:
        """Each seat's hand as dealt (a void deal shown to a seat: only the petit sec)."""
    @property
    def chien(self) -> list[Card]:
        """The chien as dealt."""
    @property
    def void(self) -> Literal["all pass", "petit sec"] | None:
        """Why the deal was void, or None."""
    @property
    def bids(self) -> list[Literal["pass"] | Contract | None]:
        """Each seat's bid, None until it has spoken."""
    @property
    def taker(self) -> int | None:
        """The taker, once the bidding is over."""
    @property
    def contract(self) -> Contract | None:
        """The contract, once the bidding is over."""
    @property
    def called(self) -> Card | None:
        """Five players: the called card."""
    @property
    def partner(self) -> int | None:
        """Five players: the called card's holder; None when the taker is alone."""
    @property
    def discard(self) -> list[Card]:
        """The taker's discard."""
    @property
    def poignees(self) -> list[TarotPoignee | None]:
        """Each seat's declared poignée, or None."""
    @property
    def slam_announced(self) -> bool:
        """Whether the taker announced a slam."""
    @property
    def tricks(self) -> list[TarotTrick]:
        """The completed tricks."""
    @property
    def result(self) -> TarotDealResult | None:
        """The count and settlement, once the last trick is played."""

def tarot_card_points(card: Card | str) -> float:
    """T1: a card's points: bouts and kings 4.5, queens 3.5, knights 2.5, jacks
    1.5, other cards 0.5 (``cardcore.tarot.card_points``)."""

def tarot_settle(
    contract: Contract,
    points: float,
    bouts: int,
    *,
    players: int | None = None,
    petit_au_bout: Side | None = None,
    poignees: Iterable[Level] | None = None,
    slam_announced: bool = False,
    slam: Side | None = None,
    taker: int | None = None,
    partner: int | None = None,
) -> list[int]:
    """A Tarot deal's scores from its facts (``cardcore.tarot.settle``;
    docs/rules/tarot.md, "Settlement"): ``points`` the taker's side's card points
    (a multiple of 0.5), ``bouts`` 0 to 3, ``petit_au_bout`` and ``slam`` the side
    that won it, ``poignees`` the levels declared, ``players`` 3 to 5 (default 4),
    ``taker`` its seat (default 0), ``partner`` at five (None: the taker alone).
    Inputs no deal can produce raise OptionError naming the argument."""

class _TarotPublic:
    """What French Tarot's class and its observations share: the public table."""

    @property
    def dealer(self) -> int:
        """The seat dealing this deal."""
    @property
    def deal_number(self) -> int:
        """The deal in play, from 1, void deals included."""
    @property
    def bids(self) -> list[Literal["pass"] | Contract | None]:
        """Each seat's bid this deal, None until it has spoken."""
    @property
    def taker(self) -> int | None:
        """The taker, once the bidding is over."""
    @property
    def contract(self) -> Contract | None:
        """The contract, once the bidding is over."""
    @property
    def called(self) -> Card | None:
        """Five players: the called card, once called."""
    @property
    def visible_partner(self) -> int | None:
        """Five players: the partner once every seat knows it (the called card played
        or shown in the chien), else None."""
    @property
    def visible_chien(self) -> list[Card | None]:
        """The chien as every seat sees it: None for each card not shown."""
    @property
    def visible_discard(self) -> list[Card | None]:
        """The discard as the seats other than the taker see it: None for each suit
        card, then the trumps (all shown once the deal is over)."""
    @property
    def poignees(self) -> list[TarotPoignee | None]:
        """Each seat's declared poignée this deal, or None."""
    @property
    def slam_announced(self) -> bool:
        """Whether the taker announced a slam."""
    @property
    def trick_leader(self) -> int:
        """The seat that leads (or led) the current trick."""
    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The current trick as (seat, card) in order of play."""
    @property
    def tricks(self) -> list[TarotTrick]:
        """This deal's completed tricks."""
    @property
    def result(self) -> TarotDealResult | None:
        """The deal's count and settlement, once its last trick is played."""
    @property
    def deal_scores(self) -> list[list[int]]:
        """Each valid deal's scores, per seat."""
    @property
    def card_points(self) -> tuple[float, float] | None:
        """Each side's card points so far (the taker's first); None before there is
        a taker and at five players while the partner is secret."""
    @property
    def bouts(self) -> tuple[int, int] | None:
        """Each side's bouts so far (the taker's first), as ``card_points``."""

@final
class TarotObservation(
    _TarotPublic, _Observation[Literal["tarot"], TarotOptions, TarotPhase, TarotDeal, Tarot]
):
    """What one Tarot seat may know (``cardcore.tarot.Observation``): its hand,
    every hand's size, the table, the chien, the discard and the partner as shown
    and, when it is to act, the legal actions. ``to_dict()`` is the JSON form."""

    @property
    def hand(self) -> list[Card]:
        """The observing seat's cards, in face-id order."""
    @property
    def known_discard(self) -> list[Card | None]:
        """The discard as this seat sees it: the taker sees it all."""
    @property
    def known_partner(self) -> int | None:
        """Five players: the partner once this seat knows it (the partner knows
        itself), else None."""

@final
class Tarot(
    _TarotPublic, _Game[Literal["tarot"], TarotOptions, TarotPhase, TarotDeal, TarotObservation]
):
    """French Tarot: 3, 4 or 5 players, 78 cards, one taker against the defence
    (docs/rules/tarot.md). ``cardcore.tarot.Tarot``."""

    def __new__(
        cls,
        *,
        seed: int,
        players: int = 4,
        single_deal: bool = False,
        deals: int | None = None,
        excuse_to_winner: bool = False,
        first_dealer: int | None = None,
        max_deals: int = 1000,
    ) -> Tarot:
        """A new match dealt from ``seed``; options as in docs/rules/tarot.md."""
    @staticmethod
    def from_deal(
        hands: Iterable[Iterable[Card | str]],
        *,
        dealer: int,
        seed: int,
        chien: Iterable[Card | str],
        single_deal: bool = False,
        players: int = 4,
        deals: int | None = None,
        excuse_to_winner: bool = False,
        first_dealer: int | None = None,
    ) -> Tarot:
        """A new match whose first deal is chosen: ``dealer`` deals ``hands`` (one list of cards per
        seat, each a ``Card`` or its text) and ``chien``, the chien (6 cards, 3 at five players);
        the other keywords are the options. Checked like a saved state (``OptionError`` naming
        the argument at fault, ``SeatError`` for the dealer); later deals are drawn from ``seed``
        as after its own first deal (docs/protocol.md, "Chosen deals"; docs/rules/tarot.md)."""
    @staticmethod
    def from_json(text: str, *, max_bytes: int | None = None) -> Tarot:
        """The game a Tarot ``to_json()`` text describes (``cardcore.from_json``)."""
    def hand(self, seat: int) -> list[Card]:
        """The cards a seat holds, in face-id order."""
    @property
    def chien(self) -> list[Card]:
        """The chien, whether shown or not."""
    @property
    def discard(self) -> list[Card]:
        """The taker's discard so far, whole."""
    @property
    def partner(self) -> int | None:
        """Five players: the called card's holder, None when the taker is alone."""

@final
class FiveHundredTrick:
    """A completed trick of a 500 deal (``cardcore.five_hundred.Trick``)."""

    def __reduce__(self) -> tuple[Any, ...]: ...
    @property
    def leader(self) -> int:
        """The seat that led it."""
    @property
    def cards(self) -> list[tuple[int, Card]]:
        """(seat, card) in order of play."""
    @property
    def winner(self) -> int:
        """The seat that won it."""
    @property
    def named(self) -> Suit | None:
        """The suit a joker lead named (option ``joker_names_suit``), else None."""

@final
class FiveHundredDealResult:
    """A 500 deal's outcome (``cardcore.five_hundred.DealResult``)."""

    def __reduce__(self) -> tuple[Any, ...]: ...
    @property
    def tricks(self) -> tuple[int, int]:
        """Tricks won, per team."""
    @property
    def made(self) -> bool:
        """Whether the contract was made."""
    @property
    def scores(self) -> tuple[int, int]:
        """The deal's scores, per team."""

@final
class FiveHundredDeal:
    """The record of one 500 deal (``cardcore.five_hundred.Deal``)."""

    def __reduce__(self) -> tuple[Any, ...]: ...
    @property
    def number(self) -> int:
        """The deal number, from 1, void deals included."""
    @property
    def dealer(self) -> int:
        """The seat that dealt it."""
    @property
    def dealt(self) -> list[list[Card]]:
        """Each seat's hand as dealt (empty lists for a void deal shown to a seat)."""
    @property
    def kitty(self) -> list[Card]:
        """The kitty as dealt (empty for a void deal shown to a seat)."""
    @property
    def void(self) -> bool:
        """Whether all four passed."""
    @property
    def auction(self) -> list[tuple[int, str]]:
        """The auction: (seat, bid text) in order."""
    @property
    def bidder(self) -> int | None:
        """The bidder, once the auction is over."""
    @property
    def contract(self) -> str | None:
        """The contract, once the auction is over."""
    @property
    def discard(self) -> list[Card]:
        """The bidder's discard."""
    @property
    def tricks(self) -> list[FiveHundredTrick]:
        """The completed tricks."""
    @property
    def result(self) -> FiveHundredDealResult | None:
        """The deal's outcome, once over."""

def five_hundred_bid_value(bid: str) -> int:
    """F1, F6: a bid's value on the Avondale table (``cardcore.five_hundred.bid_value``):
    ``"7 hearts"`` 200, ``"misere"`` 250, ``"open misere"`` 500."""

def five_hundred_score(
    bid: str, tricks: int, *, scoring: Scoring | None = None, slam_bonus: bool = False
) -> tuple[int, int]:
    """A 500 deal's scores, (the bidding team's, the opponents'), for ``bid`` with
    ``tricks`` won by the bidding team (a misère: by the bidder)
    (``cardcore.five_hundred.score``; docs/rules/five_hundred.md, "Scoring").
    Inputs no deal can give raise OptionError naming the argument."""

class _FiveHundredPublic:
    """What 500's class and its observations share: the public table."""

    @property
    def teams(self) -> list[tuple[int, int]]:
        """The teams' seats: partners sit opposite."""
    @property
    def dealer(self) -> int:
        """The seat dealing this deal."""
    @property
    def deal_number(self) -> int:
        """The deal in play, from 1, void deals included."""
    @property
    def auction(self) -> list[tuple[int, str]]:
        """The auction so far: (seat, bid text) in order."""
    @property
    def bidder(self) -> int | None:
        """The bidder, once the auction is over."""
    @property
    def contract(self) -> str | None:
        """The contract (``"7 hearts"``, ``"misere"``, ...), once the auction is over."""
    @property
    def trump(self) -> Suit | None:
        """The contract's trump suit: None in no trump and misère, and before any contract
        (when ``contract`` is None too)."""
    def effective_suit(self, card: Card | str) -> Suit | None:
        """The suit a card follows under the contract; None for the jokers' own suit
        in no trump and misère. OptionError for a card not of the 46-card deck, and
        before any contract (naming ``contract``: the jokers belong to no suit yet)."""
    @property
    def trick_leader(self) -> int:
        """The seat that leads (or led) the current trick."""
    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The current trick as (seat, card) in order of play."""
    @property
    def named(self) -> Suit | None:
        """The suit a joker led to the current trick named, else None."""
    @property
    def tricks(self) -> list[FiveHundredTrick]:
        """This deal's completed tricks."""
    @property
    def team_tricks(self) -> tuple[int, int]:
        """Tricks won so far this deal, per team."""
    @property
    def result(self) -> FiveHundredDealResult | None:
        """The deal's outcome, once it is over."""
    @property
    def deal_scores(self) -> list[tuple[int, int]]:
        """Each valid deal's scores, per team."""
    @property
    def team_scores(self) -> tuple[int, int]:
        """The match totals, per team."""
    @property
    def winning_team(self) -> int | None:
        """The team that won the match, once over (None for a tied single deal)."""
    @property
    def open_hand(self) -> list[Card] | None:
        """Open misère: the bidder's hand, shown once the first trick is complete."""

@final
class FiveHundredObservation(
    _FiveHundredPublic,
    _Observation[
        Literal["five_hundred"], FiveHundredOptions, FiveHundredPhase, FiveHundredDeal, FiveHundred
    ],
):
    """What one 500 seat may know (``cardcore.five_hundred.Observation``): its hand,
    every hand's size, the auction, the table, the kitty and the discard as shown and,
    when it is to act, the legal actions. ``to_dict()`` is the JSON form."""

    @property
    def hand(self) -> list[Card]:
        """The observing seat's cards, in face-id order."""
    @property
    def known_kitty(self) -> list[Card | None]:
        """The kitty as this seat sees it: None for each card not shown."""
    @property
    def known_discard(self) -> list[Card | None]:
        """The discard as this seat sees it: None for each card not shown."""

@final
class FiveHundred(
    _FiveHundredPublic,
    _Game[
        Literal["five_hundred"],
        FiveHundredOptions,
        FiveHundredPhase,
        FiveHundredDeal,
        FiveHundredObservation,
    ],
):
    """500 (Québec): 4 players in two teams, 46 cards with two jokers, an auction, a
    kitty (docs/rules/five_hundred.md). ``cardcore.five_hundred.FiveHundred``."""

    def __new__(
        cls,
        *,
        seed: int,
        single_deal: bool = False,
        single_round: bool = False,
        misere: bool = False,
        joker_names_suit: bool = False,
        scoring: Scoring = "default",
        slam_bonus: bool = False,
        first_dealer: int | None = None,
        max_deals: int = 1000,
    ) -> FiveHundred:
        """A new match dealt from ``seed``; options as in docs/rules/five_hundred.md."""
    @staticmethod
    def from_deal(
        hands: Iterable[Iterable[Card | str]],
        *,
        dealer: int,
        seed: int,
        kitty: Iterable[Card | str],
        single_deal: bool = False,
        single_round: bool = False,
        misere: bool = False,
        joker_names_suit: bool = False,
        scoring: Scoring = "default",
        slam_bonus: bool = False,
        first_dealer: int | None = None,
    ) -> FiveHundred:
        """A new match whose first deal is chosen: ``dealer`` deals ``hands`` (one list of cards per
        seat, each a ``Card`` or its text) and ``kitty``, the 6 cards of the kitty; the other
        keywords are the options. Checked like a saved state (``OptionError`` naming the argument
        at fault, ``SeatError`` for the dealer); later deals are drawn from ``seed`` as after its
        own first deal (docs/protocol.md, "Chosen deals"; docs/rules/five_hundred.md)."""
    @staticmethod
    def from_json(text: str, *, max_bytes: int | None = None) -> FiveHundred:
        """The game a 500 ``to_json()`` text describes (``cardcore.from_json``)."""
    def hand(self, seat: int) -> list[Card]:
        """The cards a seat holds, in face-id order."""
    @property
    def kitty(self) -> list[Card]:
        """The kitty as dealt."""
    @property
    def discard(self) -> list[Card]:
        """The bidder's discard so far, whole."""

@final
class JollyMeld:
    """A meld on the table or being built (``cardcore.jolly.Meld``)."""

    def __reduce__(self) -> tuple[Any, ...]: ...
    @property
    def kind(self) -> MeldKind:
        """``"run"`` or ``"set"``; ``"single"`` for a meld being built of one natural card."""
    @property
    def cards(self) -> list[tuple[Card, Card | None, int]]:
        """(card, stands for, placed by) per card: a run's from its lowest position up,
        a set's in the order laid. A natural card stands for itself; a set's joker for
        None until the set holds three natural cards (L8)."""
    @property
    def value(self) -> int:
        """The table value of its cards (L9), all seats together."""
    def value_of(self, seat: int) -> int:
        """The table value of the cards ``seat`` placed."""
    def __len__(self) -> int: ...

@final
class JollyDealResult:
    """A Jolly round's outcome, per seat (``cardcore.jolly.DealResult``)."""

    def __reduce__(self) -> tuple[Any, ...]: ...
    @property
    def finisher(self) -> int | None:
        """The seat that went out, or None (the stock ran out: L13, J6)."""
    @property
    def main_jolly(self) -> bool:
        """Whether the finisher went out in the turn it opened (L12)."""
    @property
    def table(self) -> list[int]:
        """Each seat's table values (L9)."""
    @property
    def penalties(self) -> list[int]:
        """Each seat's hand penalty as counted (doubled after Main Jolly)."""
    @property
    def scores(self) -> list[int]:
        """Each seat's round score (L15)."""

@final
class JollyDeal:
    """A Jolly round, a deal (``cardcore.jolly.Deal``): the table, the
    hands and the row as it ended."""

    def __reduce__(self) -> tuple[Any, ...]: ...
    @property
    def number(self) -> int:
        """The round number, from 1."""
    @property
    def dealer(self) -> int:
        """The seat that dealt it."""
    @property
    def melds(self) -> list[JollyMeld]:
        """The melds as the round ended."""
    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's hand as the round ended (counted face up)."""
    @property
    def row(self) -> list[Card]:
        """The row as the round ended, oldest first."""
    @property
    def result(self) -> JollyDealResult | None:
        """The round's outcome; None for the round in play (``current_deal``)."""

def jolly_is_meld(cards: Iterable[Card | str]) -> bool:
    """L6, L7: whether the cards, laid out as on the table (a run from its lowest card
    up, each joker where it stands), make a valid set or run (``cardcore.jolly.is_meld``)."""

def jolly_meld_value(cards: Iterable[Card | str]) -> int:
    """L9: the table value of a valid meld laid out as on the table
    (``cardcore.jolly.meld_value``); OptionError for cards that make no meld."""

def jolly_meld_actions(cards: Iterable[Card | str]) -> list[Action]:
    """The actions that lay ``cards`` as a new meld, then ``close``
    (``cardcore.jolly.meld_actions``): a run written from its lowest card up (each
    joker where it stands, an ace low first or high last), a set in any order.
    OptionError for cards that make no set or run; legality is the game's to say."""

def jolly_hand_penalty(cards: Iterable[Card | str]) -> int:
    """L10: a hand's penalty, 2-9 face value, 10 to K 10, ace 25, joker 50
    (``cardcore.jolly.hand_penalty``)."""

def jolly_round_scores(
    table: list[int],
    hands: Iterable[Iterable[Card | str]],
    *,
    finisher: int | None = None,
    main_jolly: bool = False,
) -> JollyDealResult:
    """L15, L12: a round's scores from each seat's table values and final hand, the
    finisher (None if nobody went out) and whether it made Main Jolly
    (``cardcore.jolly.round_scores``)."""

class _JollyPublic:
    """What Jolly's class and its observations share: the public table."""

    @property
    def deal_number(self) -> int:
        """The round in play, from 1."""
    @property
    def dealer(self) -> int:
        """The seat dealing this round."""
    @property
    def stock_size(self) -> int:
        """How many cards the stock holds."""
    @property
    def rebuilds(self) -> int:
        """How many times the stock was rebuilt this round (L13, J6)."""
    @property
    def row(self) -> list[Card]:
        """The discard row, oldest first."""
    @property
    def melds(self) -> list[JollyMeld]:
        """The melds on the table, in the order laid (pending ones last)."""
    @property
    def opened(self) -> list[bool]:
        """Per seat: whether it has opened (L5)."""
    @property
    def player(self) -> int:
        """The seat whose turn it is (once over, the last turn's)."""
    @property
    def drawn(self) -> Drawn | None:
        """This turn's draw: None (not yet), ``"stock"`` or ``"row"``."""
    @property
    def taken(self) -> list[Card]:
        """The cards taken from the row this turn, in row order."""
    @property
    def opened_now(self) -> bool:
        """Whether the seat to play opened in this turn."""
    @property
    def opened_before_turn(self) -> list[bool]:
        """Per seat: whether it opened before this turn (L5), what ``take k`` asks of the
        seat to play; ``opened`` less an opening made in this turn."""
    @property
    def pending(self) -> int:
        """How many of the last melds are pending, short of the opening's 40 (L5)."""
    @property
    def building(self) -> JollyMeld | None:
        """The meld being built, or None."""
    @property
    def selected(self) -> int | None:
        """The table meld selected for a lay-off or a swap, or None."""
    @property
    def result(self) -> JollyDealResult | None:
        """The last round's outcome, once the match is over (a finished round's is in
        its record)."""
    @property
    def deal_scores(self) -> list[list[int]]:
        """Each finished round's scores, per seat."""
    @property
    def table_values(self) -> list[int]:
        """Each seat's table values this round so far (L9)."""

@final
class JollyObservation(
    _JollyPublic, _Observation[Literal["jolly"], JollyOptions, JollyPhase, JollyDeal, Jolly]
):
    """What one Jolly seat may know (``cardcore.jolly.Observation``): its hand, every
    hand's size, the row, the table, the stock's size and, when it is to act, the
    legal actions. ``to_dict()`` is the JSON form."""

    @property
    def hand(self) -> list[Card]:
        """The observing seat's cards, in face-id order (copies side by side)."""

@final
class Jolly(
    _JollyPublic, _Game[Literal["jolly"], JollyOptions, JollyPhase, JollyDeal, JollyObservation]
):
    """Jolly: rummy for 2 to 4 players, two decks and six jokers, opening at 40, a
    discard row (docs/rules/jolly.md). ``cardcore.jolly.Jolly``."""

    def __new__(
        cls,
        *,
        seed: int,
        players: int = 4,
        target: Literal[100, 200, 500] = 100,
        max_rounds: int = 20,
        single_deal: bool = False,
        first_dealer: int | None = None,
        max_round_steps: int = 5000,
    ) -> Jolly:
        """A new match dealt from ``seed``; options as in docs/rules/jolly.md."""
    @staticmethod
    def from_deal(
        hands: Iterable[Iterable[Card | str]],
        *,
        dealer: int,
        seed: int,
        stock: Iterable[Card | str],
        single_deal: bool = False,
        players: int = 4,
        target: Literal[100, 200, 500] = 100,
        max_rounds: int = 20,
        first_dealer: int | None = None,
    ) -> Jolly:
        """A new match whose first deal is chosen: ``dealer`` deals ``hands`` (one list of cards per
        seat, each a ``Card`` or its text) and ``stock``, the rest of the deck, top first, in the
        order it is drawn; the other keywords are the options. Checked like a saved state
        (``OptionError`` naming the argument at fault, ``SeatError`` for the dealer); later deals
        are drawn from ``seed`` as after its own first deal (docs/protocol.md, "Chosen deals";
        docs/rules/jolly.md)."""
    @staticmethod
    def from_json(text: str, *, max_bytes: int | None = None) -> Jolly:
        """The game a Jolly ``to_json()`` text describes (``cardcore.from_json``)."""
    def hand(self, seat: int) -> list[Card]:
        """The cards a seat holds, in face-id order (copies side by side)."""
    @property
    def stock(self) -> list[Card]:
        """The stock, top first (face down: observations give only its size)."""
    @property
    def dealt(self) -> list[list[Card]]:
        """Each seat's hand as this round was dealt."""

def _action(game: str, id: int) -> Action:
    """Rebuilds an action from its game's name and id (used by pickle)."""

def _observation(text: str, seat: int) -> Observation:
    """Rebuilds an observation from its pickled game state and seat (used by pickle)."""

@overload
def new_game(
    name: Literal["brouc"],
    *,
    seed: int,
    single_deal: bool = False,
    target: int = 30,
    first_dealer: int | None = None,
) -> Brouc:
    """A new Brouc match (docs/rules/brouc.md, "Options")."""

@overload
def new_game(
    name: Literal["julien"],
    *,
    seed: int,
    single_deal: bool = False,
    tour_kind: TourKind | None = None,
    masked_talon: bool = False,
    twenty_five_every_tour: bool = False,
    first_dealer: int | None = None,
) -> Julien:
    """A new Le Julien match (docs/rules/julien.md, "Options")."""

@overload
def new_game(
    name: Literal["tarot"],
    *,
    seed: int,
    players: int = 4,
    single_deal: bool = False,
    deals: int | None = None,
    excuse_to_winner: bool = False,
    first_dealer: int | None = None,
    max_deals: int = 1000,
) -> Tarot:
    """A new French Tarot match (docs/rules/tarot.md, "Options")."""

@overload
def new_game(
    name: Literal["five_hundred"],
    *,
    seed: int,
    single_deal: bool = False,
    single_round: bool = False,
    misere: bool = False,
    joker_names_suit: bool = False,
    scoring: Scoring = "default",
    slam_bonus: bool = False,
    first_dealer: int | None = None,
    max_deals: int = 1000,
) -> FiveHundred:
    """A new 500 match (docs/rules/five_hundred.md, "Options")."""

@overload
def new_game(
    name: Literal["jolly"],
    *,
    seed: int,
    players: int = 4,
    target: Literal[100, 200, 500] = 100,
    max_rounds: int = 20,
    single_deal: bool = False,
    first_dealer: int | None = None,
    max_round_steps: int = 5000,
) -> Jolly:
    """A new Jolly match (docs/rules/jolly.md, "Options")."""

@overload
def new_game(
    name: str, *, seed: int, **options: Any
) -> Brouc | Julien | Tarot | FiveHundred | Jolly:
    """A new game by name: ``new_game("brouc", seed=1, single_deal=True)``; an unknown
    name is an ``UnknownGameError``, a bad option an ``OptionError`` naming it."""

def from_json(
    text: str, *, max_bytes: int | None = None
) -> Brouc | Julien | Tarot | FiveHundred | Jolly:
    """The game a ``to_json()`` text describes; exactly the states play can reach are
    accepted. Texts over ``max_bytes`` (default 4 MiB) are refused before parsing."""

def game_info() -> list[dict[str, Any]]:
    """Each registered game: name, doc, players, actions, options (name, kind, default, doc)."""

@final
class RandomBot:
    """A seeded uniform-random player: ``bot.act(observation)`` picks one legal action."""

    def __new__(cls, seed: int) -> RandomBot: ...
    def __copy__(self) -> RandomBot: ...
    def __deepcopy__(self, memo: dict[int, Any]) -> RandomBot: ...
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles with its generator's state: unpickled, it continues as this one would."""
    def act(self, observation: Observation | Game) -> Action:
        """One legal action for the seat of ``observation``, which must be to act, drawn
        uniformly (docs/protocol.md, "Bots"). A game is taken too, for its player to
        act: the bot reads nothing but the legal actions."""

@final
class NativeBot:
    """A native bot: one game's player at one level, or searching with chosen settings,
    from its seed (``cardcore.bots.make``, ``cardcore.bots.search``)."""

    @property
    def game(self) -> str:
        """The registered name of the game it plays."""

    @property
    def level(self) -> BotLevel | Literal["search"]:
        """Its level: ``"easy"``, ``"medium"``, ``"hard"`` or ``"expert"`` (``make``), or
        ``"search"`` (``search``)."""

    @property
    def seed(self) -> int:
        """The seed it was made with."""

    @property
    def iterations(self) -> int:
        """The search iterations it has run over all its moves (0 for the easy and
        medium levels, which do not search)."""

    def act(self, observation: Observation) -> Action:
        """The action it chooses for the seat of ``observation``, which must be to act
        (an observation of its game, from ``game.observation(seat)``)."""
    def __copy__(self) -> NativeBot: ...
    def __deepcopy__(self, memo: dict[int, Any]) -> NativeBot: ...
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles with its whole state, generators included: unpickled, it acts as this
        one would on the same observations."""

def _record(key: str, bytes: bytes, seal: int) -> Any:
    """Rebuilds a record or a run summary from its ``__reduce__`` (pickling)."""

def _native_bot(game: str, level: str, seed: int, settings: str | None, state: str) -> NativeBot:
    """Rebuilds a native bot from its pickled state (used by pickle)."""

def make_bot(game: str, level: BotLevel, *, seed: int) -> NativeBot:
    """A native bot playing ``game`` at ``level`` (``"easy"``, ``"medium"``, ``"hard"`` or
    ``"expert"``), seeded: the same seed and observations give the same actions."""

def search_bot(
    game: str,
    *,
    seed: int,
    iterations: int | None,
    milliseconds: int | None,
    rollout: RolloutKind,
    epsilon: float,
    exploration: float,
    threads: int | None,
) -> NativeBot:
    """A native bot playing ``game`` by a search of the given settings where the hard
    level searches (docs/bots.md, "Search"), seeded. Every argument is given by
    ``cardcore.bots.search``, which holds the defaults."""

@final
class VectorEnv:
    """``num_envs`` matches of one game stepped together in Rust, for learning agents.

    The agent plays ``seat`` (default 0) in every match and bots (``opponents``:
    ``"random"``, the default, or a level of ``cardcore.bots``) the other seats; with
    ``opponents="self"`` it plays every seat (self-play) and each row shows the seat to
    act (``players``); with a callable, ``opponents(observations, masks)`` decides for
    the other seats: given the batch of their observations and int8 masks, it returns
    one action id a row (a Python policy, for league or population training). A
    match's end pays ``reward`` (``"outcome"`` or ``"score"``; None for the game's
    default); an action the agent may not take costs ``illegal_reward``
    (default -1.0); ``threads`` (default 1) share the matches; with ``states=True`` each
    row also shows its match's full-state tensor (``states``, for a centralised critic).
    Each call writes the rows into the environment's own read-only numpy arrays (the
    same objects every call: copy what must outlive the next one); a match that ends
    is dealt again at once from a seed derived from the run's.
    """

    def __new__(
        cls,
        game: str,
        num_envs: int,
        *,
        seed: int,
        seat: int | None = None,
        opponents: Opponents
        | Literal["self"]
        | Callable[[NDArray[np.float32], NDArray[np.int8]], Any]
        | None = None,
        reward: Literal["outcome", "score"] | None = None,
        illegal_reward: float | None = None,
        threads: int | None = None,
        states: bool | None = None,
        **options: Any,
    ) -> VectorEnv: ...
    @property
    def game(self) -> str:
        """The game's registered name."""
    @property
    def num_envs(self) -> int:
        """The number of matches stepped together."""
    @property
    def seat(self) -> int | None:
        """The agent's seat in every match; None in self-play (every seat)."""
    @property
    def num_players(self) -> int:
        """The seats at each match's table."""
    @property
    def reward(self) -> Literal["outcome", "score"]:
        """What a match's end pays: ``"outcome"`` or ``"score"``."""
    @property
    def observation_size(self) -> int:
        """The features of a row of ``observations`` (the game's tensor size)."""
    @property
    def action_count(self) -> int:
        """The flags of a row of ``masks`` (the game's action count)."""
    @property
    def observations(self) -> NDArray[np.float32]:
        """``(num_envs, observation_size)``: each match's observation tensor for the seat
        to act."""
    @property
    def masks(self) -> NDArray[np.int8]:
        """``(num_envs, action_count)`` int8: each match's legal actions now (1 legal)."""
    @property
    def players(self) -> NDArray[np.int64]:
        """``(num_envs,)``: the seat each row shows, to act (``seat``, or in self-play
        whichever seat is to act)."""
    @property
    def rewards(self) -> NDArray[np.float32]:
        """``(num_envs,)``: the last step's rewards, to the seat that acted."""
    @property
    def seat_rewards(self) -> NDArray[np.float32]:
        """``(num_envs, num_players)``: every seat's reward for each match the last step
        ended; zeros in the other rows."""
    @property
    def final_scores(self) -> NDArray[np.int64]:
        """``(num_envs, num_players)``: the final scores of each match the last step
        ended (other rows hold older values)."""
    @property
    def terminated(self) -> NDArray[np.bool_]:
        """``(num_envs,)``: the matches the last step ended (and dealt again)."""
    @property
    def truncated(self) -> NDArray[np.bool_]:
        """``(num_envs,)``: of the matches the last step ended, those ended by their cap
        rather than by their rules (docs/protocol.md, "Every match ends")."""
    @property
    def illegal(self) -> NDArray[np.bool_]:
        """``(num_envs,)``: the matches where the last step's action was not legal."""
    @property
    def final_observations(self) -> NDArray[np.float32]:
        """``(num_envs, observation_size)``: the final observation of each match the last
        step ended, for the seat that acted (other rows hold older values)."""
    @property
    def states(self) -> NDArray[np.float32] | None:
        """``(num_envs, state_tensor_size)`` with ``states=True``: the full-state tensor of
        the match each row shows (``game.state_tensor()``); None without."""
    def reset(self, seed: int) -> tuple[NDArray[np.float32], NDArray[np.int8]]:
        """Deals every match again from ``seed``; returns ``(observations, masks)``."""
    def step(
        self, actions: NDArray[np.integer[Any]] | Iterable[int]
    ) -> tuple[
        NDArray[np.float32],
        NDArray[np.int8],
        NDArray[np.float32],
        NDArray[np.bool_],
        NDArray[np.bool_],
    ]:
        """One action id per match for the seat its row shows, then the bots until the
        agent's next decision; returns ``(observations, masks, rewards, terminated,
        illegal)``."""
    def game_at(self, index: int) -> Game:
        """A copy of match ``index`` as it stands."""

@final
class SimulationSummary:
    """What ``simulate`` played: totals over every match."""

    @property
    def game(self) -> str:
        """The game's name."""
    @property
    def games(self) -> int:
        """How many matches were played."""
    @property
    def decisions(self) -> int:
        """How many actions were applied in all."""
    @property
    def wins(self) -> list[int]:
        """Matches won per seat (both seats of a winning team count a win)."""
    @property
    def mean_scores(self) -> list[float]:
        """The mean final score per seat."""
    @property
    def elapsed_seconds(self) -> float:
        """Wall time of the run."""
    @property
    def threads(self) -> int:
        """Threads used."""
    @property
    def decisions_per_second(self) -> float:
        """``decisions / elapsed_seconds``."""
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles its figures exactly."""

def simulate(
    name: str,
    *,
    games: int,
    seed: int,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    backend: Literal["local", "ray"] = "local",
    address: str | None = None,
    batch_size: int | None = None,
    connect_timeout: float | None = None,
    **options: Any,
) -> SimulationSummary:
    """Play ``games`` (1 to 10**12) whole matches between random bots in Rust, without the GIL.

    Each match's seeds depend only on ``seed`` and its index, so the results do not
    depend on ``threads`` (default: the machine's cores).

    While the matches are played, the calling thread runs Python's signal handlers
    every 50 ms (Ctrl-C stops the run and raises ``KeyboardInterrupt``) and calls
    ``progress(games_done, games)`` a few times a second, and once at the end. An
    exception raised by ``progress`` stops the run and is raised.

    ``backend="ray"`` (the ``ray`` extra) plays the matches in batches of
    ``batch_size`` as Ray tasks of ``threads`` CPUs each (default 1), on the cluster
    at ``address`` or on a Ray started on this machine, with the same figures as
    here (docs/distributed.md); ``progress`` is then called as batches finish, and
    Ctrl-C cancels the tasks. A cluster that does not answer at ``address`` within
    ``connect_timeout`` seconds (default 10) is an ``OptionError``; a batch lost more
    times than Ray retries it, a ``CardcoreError`` naming it.
    """

def _simulate_part(
    name: str, *, seed: int, start: int, stop: int, threads: int | None = None, **options: Any
) -> str:
    """Matches ``start`` to ``stop`` of a ``simulate`` run, as text for ``_simulate_summary``."""

def _simulate_summary(
    name: str, parts: Sequence[str], *, elapsed_seconds: float, threads: int
) -> SimulationSummary:
    """The summary of a ``simulate`` run from its batches' parts."""

def _selfplay_part(
    name: str,
    bots: Sequence[str],
    *,
    seed: int,
    start: int,
    stop: int,
    threads: int | None = None,
    **options: Any,
) -> dict[str, NDArray[Any]]:
    """The decisions of matches ``start`` to ``stop`` of a self-play run, a numpy array a
    column (``cardcore.selfplay``)."""

@final
class ArenaEntry:
    """One entry's figures in an ``arena``: each interval is a 95% one, over the matches
    (the duplicate groups)."""

    @property
    def name(self) -> str:
        """The level's name, or the Python bot's class name."""
    @property
    def seat_plays(self) -> int:
        """Seats played: the table's seats for every match."""
    @property
    def wins(self) -> int:
        """Seat-plays won (each seat of a winning team wins)."""
    @property
    def win_rate(self) -> float:
        """``wins / seat_plays``."""
    @property
    def win_rate_interval(self) -> tuple[float, float]:
        """The 95% interval of ``win_rate``: Wilson's score interval, each match one trial,
        so that it is not zero wide at 0% or 100% (50 matches all won: 0.929 to 1.0) and
        stays within [0, 1]; not centred on ``win_rate``."""
    @property
    def mean_score(self) -> float:
        """The mean final score per seat-play."""
    @property
    def mean_score_interval(self) -> tuple[float, float]:
        """The 95% interval of ``mean_score``."""
    @property
    def score_difference(self) -> float:
        """The entry's mean score less the other entry's (with more than two, less the mean
        of the others')."""
    @property
    def score_difference_interval(self) -> tuple[float, float]:
        """The 95% interval of ``score_difference``: one excluding 0 tells the entries apart."""
    @property
    def timed_moves(self) -> int:
        """The entry's decisions with a choice (two legal actions or more), which are timed."""
    @property
    def mean_move_seconds(self) -> float:
        """The mean time of a timed move, in seconds."""
    @property
    def median_move_seconds(self) -> float:
        """The median time of a timed move, in seconds (read to within 10%)."""
    @property
    def p95_move_seconds(self) -> float:
        """The time under which 95% of the timed moves took, in seconds (to within 10%)."""
    @property
    def max_move_seconds(self) -> float:
        """The slowest timed move, in seconds."""
    def to_dict(self) -> dict[str, Any]:
        """The figures as a JSON-compatible dict (intervals as two-item lists)."""
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles its figures exactly."""

@final
class ArenaResult:
    """What ``arena`` played; ``str()`` is the table ``cardcore arena`` prints."""

    @property
    def game(self) -> str:
        """The game's name."""
    @property
    def options(self) -> dict[str, Any]:
        """Every option in force."""
    @property
    def seed(self) -> int:
        """The run's seed (drawn at random when none was given)."""
    @property
    def matches(self) -> int:
        """Matches (duplicate groups) played."""
    @property
    def rotations(self) -> int:
        """Plays of each match, one per entry, seats rotated."""
    @property
    def num_players(self) -> int:
        """The table's seats."""
    @property
    def decisions(self) -> int:
        """Actions applied, every play of every match."""
    @property
    def entries(self) -> list[ArenaEntry]:
        """Each entry's figures, in the line-up's order."""
    @property
    def even_win_rate(self) -> float:
        """The win rate of equal bots: winning seats per match over the seats."""
    @property
    def elapsed_seconds(self) -> float:
        """Wall time of the run."""
    @property
    def threads(self) -> int:
        """Threads used."""
    @property
    def decisions_per_second(self) -> float:
        """``decisions / elapsed_seconds``."""
    def to_dict(self) -> dict[str, Any]:
        """The figures as a JSON-compatible dict (what ``cardcore arena --json`` writes)."""
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles its figures exactly."""

class _ArenaBot(Protocol):
    """A Python bot in an ``arena`` line-up: any object with this method."""

    def act(self, observation: Any, /) -> Action | int | str:
        """The action for the observing seat, which is to act."""

def arena(
    name: str,
    lineup: Sequence[str | _ArenaBot],
    *,
    matches: int = 100,
    seed: int | None = None,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    backend: Literal["local", "ray"] = "local",
    address: str | None = None,
    batch_size: int | None = None,
    connect_timeout: float | None = None,
    **options: Any,
) -> ArenaResult:
    """Play ``matches`` (1 to 10**12) matches between the bots of ``lineup``, each match once
    per entry with the seats rotated on the same deals, in Rust without the GIL
    (docs/bots.md, "The arena").

    ``lineup`` holds 2 to the table's seats entries: level names (``"easy"``,
    ``"medium"``, ``"hard"``) or Python bots, objects with ``act(observation)``
    returning an ``Action``, its id or its text. A Python bot is called with the GIL
    for each of its decisions, which makes the arena slower; an exception from it, or
    an action that is not legal, stops the run and is raised. ``seed`` defaults to a
    random one (``ArenaResult.seed``); ``threads`` to the machine's cores, or 1 with a
    Python bot in the line-up. The results do not depend on ``threads``. Ctrl-C and
    ``progress(matches_done, matches)`` work as in ``simulate``, and so do
    ``backend="ray"``, ``address``, ``batch_size`` and ``connect_timeout``: there,
    Python bots are pickled into the tasks, each batch playing with its own copies.
    """

def _arena_part(
    name: str,
    lineup: Sequence[str | _ArenaBot],
    *,
    seed: int,
    start: int,
    stop: int,
    threads: int | None = None,
    **options: Any,
) -> str:
    """Groups ``start`` to ``stop`` of an ``arena`` run, as text for ``_arena_result``."""

def _arena_result(
    name: str,
    lineup: Sequence[str | _ArenaBot],
    parts: Sequence[str],
    *,
    seed: int,
    elapsed_seconds: float,
    threads: int,
    **options: Any,
) -> ArenaResult:
    """The result of an ``arena`` run from its batches' parts."""
