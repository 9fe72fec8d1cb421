"""What every game of the reference shares (docs/protocol.md): the action type, the
protocol of a game, and ``from_state``: reading a saved state by replaying it.

A state is accepted exactly when play can reach it. Its *replay inputs* are read with
exact types: the options, the generator state, the history, and for every deal (each
finished record, then the current deal) its dealer, its public setup and each seat's
starting hand, which is the cards that seat played in the deal's tricks (and, in the
current deal, its current trick and its hand); a game that records its deals as dealt
(500, Tarot, Jolly: ``DEALT_KEY``) reads them instead. A new game with those options
deals the recorded deals in turn and applies the history through its own checked
``apply``; the state is accepted exactly when the replayed game's state equals it.
Every derived value (phase, scores, winners, records, ...) is thus checked by
equality, never by hand.

A game class gives only what its rules own: its legal actions (searched once per
position: ``legal_actions`` keeps them until the position changes), how a legal action
changes it, how it lays out a deal, its state and its observation's extras; the base
records the history, reads the options (``OptionReader``), writes the JSON and reads it
back.

The number of seats and the hand size are read per game (``num_players``,
``hand_size``): a game whose options set them (Tarot's ``players``) overrides both. A
game may move on by several deals at once, with no action between them (Tarot voids a
petit sec deal as it is dealt); the replay lays out, after each action, every deal the
game moved on to, each as the deal number it is.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self, TypeGuard

from cardcore.reference.cards import RuleError, face_id, parse
from cardcore.reference.rng import MASK64, SplitMix64


@dataclass(frozen=True)
class RefAction:
    """A move: its stable id, kind, canonical text and the card played (if any)."""

    id: int
    kind: str
    text: str
    card: str | None

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Deal:
    """A deal as dealt: its dealer, each seat's starting hand (sorted by face id), its
    setup (Brouc's turned card, Julien's talon in reading order, Tarot's chien, 500's
    kitty, Jolly's stock top first) and, in a game that draws during a deal, the
    generator as the deal left it (``DEAL_RNG_KEY``)."""

    dealer: int
    hands: tuple[tuple[str, ...], ...]
    setup: tuple[str, ...]
    rng: int | None = None


Play = tuple[int, str]
"""A card on a trick: the seat that played it, and the card."""


@dataclass(frozen=True)
class Trick:
    """A completed trick: its leader, the cards in play order, its winner (a game's
    trick may record more)."""

    leader: int
    cards: tuple[Play, ...]
    winner: int

    def state(self) -> dict[str, Any]:
        """The trick's JSON form, in the state and the finished deals' records."""
        cards = [[seat, card] for seat, card in self.cards]
        return {"leader": self.leader, "cards": cards, "winner": self.winner}


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class RefObservation:
    """What one seat may know (docs/protocol.md, "Observations"): the JSON form."""

    seat: int
    _view: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form, a fresh copy."""
        fresh: dict[str, Any] = json.loads(self.to_json())
        return fresh

    def to_json(self) -> str:
        return json.dumps(self._view, separators=(",", ":"))


class ReferenceGame(ABC):
    """The protocol (docs/protocol.md) over a game's own rules: a game class names
    itself, its deck, its state's keys and actions, gives its legal actions, how a legal
    action changes it, how it lays out a deal, and its state; the rest is the same for
    every game."""

    NAME: ClassVar[str]
    # The state JSON's version (docs/protocol.md, "JSON").
    VERSION: ClassVar[int] = 1
    NUM_PLAYERS: ClassVar[int]
    """The seats of a game with a fixed number of them (``num_players`` reads it)."""
    ACTIONS: ClassVar[tuple[RefAction, ...]]
    """Every action, indexed by id."""
    DECK: ClassVar[tuple[str, ...]]
    """The game's deck, in face-id order."""
    HAND_SIZE: ClassVar[int]
    """The cards each seat is dealt, in a game where it is fixed (``hand_size`` reads it)."""
    SETUP_IN_DEALERS_HAND: ClassVar[bool]
    """Whether the setup's cards are the dealer's (Brouc's turned card) or dealt to no
    seat (Julien's talon)."""
    OPTION_NAMES: ClassVar[tuple[str, ...]]
    LATER_OPTIONS: ClassVar[tuple[str, ...]] = ()
    """Of ``OPTION_NAMES``, those added after states were first saved (the caps that end
    every match): a saved state without one reads it at its default, as the engine reads
    states saved before it existed."""
    LATER_KEYS: ClassVar[tuple[str, ...]] = ()
    """State keys (and keys of a finished deal's record) added after states were first
    saved: a saved state may leave them out, and the game reads it as it was then."""
    STATE_KEYS: ClassVar[tuple[str, ...]]
    """The keys of the state JSON, in the order of the game's rules page."""
    TRICK_KEYS: ClassVar[tuple[str, ...]]
    """The keys of a completed trick's record."""
    RECORD_KEYS: ClassVar[tuple[str, ...]]
    """The keys of a finished deal's public record."""
    FINISHED_KEY: ClassVar[str] = "finished_deals"
    """The state key that lists the records of the deals played to their end."""
    PREVIOUS_KEY: ClassVar[str] = "previous_deal"
    """The observation key of the last of them (or None)."""
    DEALT_KEY: ClassVar[str | None] = None
    """For a game that records its deals as dealt (500, Tarot, Jolly): the key of a
    deal's hands as dealt, in the state and in each finished record; its deals are read
    from there (with ``_read_setup`` and ``DEAL_RNG_KEY``) instead of rebuilt from the
    cards played. None: rebuilt from the cards played."""
    DEAL_RNG_KEY: ClassVar[str | None] = None
    """For a game that draws from its generator during a deal, not only to deal it
    (Jolly's stock rebuilds): the key of a deal's record holding the generator as the
    deal left it. The replay draws from it as play did, and the state's ``rng`` must be
    the generator the replay reaches. None: the generator only decides the deals to
    come, and the state's is taken as given."""

    _options: Any
    """The game's checked options, one attribute for each of ``OPTION_NAMES``."""
    _phase: str
    _truncated: bool = False
    _rng: SplitMix64
    _dealer: int
    _hands: list[list[str]]
    _history: list[RefAction]
    """The actions applied, in order (``apply`` records them)."""

    @abstractmethod
    def __init__(self, *, seed: int, **options: object) -> None:
        """A new game: RuleError for a bad seed or option."""

    @property
    def name(self) -> str:
        return self.NAME

    @property
    def num_players(self) -> int:
        """The seats: ``NUM_PLAYERS``, unless the game's options set them."""
        return self.NUM_PLAYERS

    @property
    def hand_size(self) -> int:
        """The cards each seat is dealt: ``HAND_SIZE``, unless the game's options set it."""
        return self.HAND_SIZE

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def dealer(self) -> int:
        """The dealer of the current deal."""
        return self._dealer

    @property
    def deal_number(self) -> int:
        """The current deal's number, 1 for the first (void deals count)."""
        return self._deal_count

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def truncated(self) -> bool:
        """Whether the match was ended by its cap rather than by its rules (docs/protocol.md,
        "Every match ends"); a game whose matches always end by its rules keeps False."""
        return self._truncated

    def _end_at_cap(self, reached: bool) -> bool:
        """When the game's cap is ``reached``, the match is over there, truncated (the
        position staying as it is); whether it was."""
        if reached:
            self._phase = "over"
            self._truncated = True
        return reached

    @property
    def options(self) -> dict[str, object]:
        """The options, in the order of ``OPTION_NAMES``."""
        return {name: getattr(self._options, name) for name in self.OPTION_NAMES}

    @property
    @abstractmethod
    def current_player(self) -> int | None: ...

    @property
    @abstractmethod
    def scores(self) -> list[int]: ...

    @property
    def history(self) -> list[RefAction]:
        return list(self._history)

    _legal: list[RefAction] | None = None
    """The legal actions of the position, searched once (``legal_actions``): every change
    of the position (an action applied, a deal laid out) drops them."""

    def legal_actions(self) -> list[RefAction]:
        """The legal actions, sorted by id (the rules are searched once per position)."""
        if self._legal is None:
            self._legal = self._legal_actions()
        return list(self._legal)

    @abstractmethod
    def _legal_actions(self) -> list[RefAction]:
        """The legal actions by the game's rules, sorted by id."""

    @abstractmethod
    def _action_id(self, text: str) -> int:
        """The id of an action's text (RuleError if no action of the game has it)."""

    @abstractmethod
    def _apply_legal(self, seat: int, action: RefAction) -> None:
        """``seat`` takes ``action``, known to be legal (``apply`` has recorded it in the
        history)."""

    @property
    @abstractmethod
    def _deal_count(self) -> int:
        """How many deals the game has dealt, the current one included."""

    @abstractmethod
    def _begin_deal(self, deal: Deal, number: int) -> None:
        """Lay out ``deal`` as the current deal, deal ``number`` (1 for the first), before
        its first action: whatever the game dealt after deal ``number - 1`` is dropped."""

    def _rules_dealer(self, number: int) -> int:
        """The seat the rules give to deal deal ``number``, once the game has moved on to
        it: the current dealer, for a game that moves on one deal at a time."""
        return self._dealer

    @abstractmethod
    def _read_setup(self, fields: dict[str, object], what: str) -> tuple[str, ...]:
        """A deal's setup, read from a finished record or the state (``what``)."""

    @abstractmethod
    def _game_state(self, finished: slice) -> dict[str, Any]:
        """The game's own keys of the state JSON (all but the first five and the last,
        ``_state`` adds them), in the order of the game's rules page, with the finished
        deals' records that ``finished`` picks (an observation shows the last)."""

    def _state(self, finished: slice = slice(None)) -> dict[str, Any]:
        """The state JSON as a dict but its history: the game, its version, options,
        generator and phase, then the game's own keys."""
        head = {
            "game": self.NAME,
            "version": self.VERSION,
            "options": self.options,
            "rng": self._rng.state,
            "phase": self._phase,
        }
        return head | self._game_state(finished)

    def _whole_state(self) -> dict[str, Any]:
        """The state JSON as a dict, the history last."""
        state = self._state()
        state["history"] = [action.text for action in self._history]
        return state

    @abstractmethod
    def _observed(self, view: dict[str, Any], seat: int) -> None:
        """A game's own changes to an observation (hiding, public extras)."""

    def action(self, action: int | str) -> RefAction:
        """The action with this id or text (legal or not)."""
        if is_int(action):
            if not 0 <= action < len(self.ACTIONS):
                last = len(self.ACTIONS) - 1
                raise RuleError(f"no {self.NAME} action has id {action}; ids are 0 to {last}")
            return self.ACTIONS[action]
        if isinstance(action, str):
            return self.ACTIONS[self._action_id(action)]
        raise RuleError(f"an action is a RefAction, an id or a text, got {action!r}")

    def apply(self, action: RefAction | int | str) -> None:
        """Apply a legal action; a rejected action leaves the game unchanged."""
        if isinstance(action, RefAction):
            resolved = self.action(action.id)
            if resolved != action:
                raise RuleError(f"not a {self.NAME} action: {action!r}")
        else:
            resolved = self.action(action)
        seat = self.current_player
        if seat is None:
            raise RuleError(f"cannot apply {resolved}: the game is over")
        legal = self.legal_actions()
        if resolved not in legal:
            allowed = " ".join(str(a) for a in legal)
            raise RuleError(f"illegal action {resolved}: seat {seat} may take {allowed}")
        self._legal = None  # the position changes
        self._history.append(resolved)
        self._apply_legal(seat, resolved)

    def clone(self) -> Self:
        return copy.deepcopy(self)

    def to_json(self) -> str:
        return json.dumps(self._whole_state(), separators=(",", ":"))

    def observation(self, seat: int) -> RefObservation:
        """What ``seat`` may know: the state without the generator, the hands and the
        history, the last finished deal's record instead of all of them, with its own
        hand, every hand's size, the seat to act and the scores."""
        seat = self._check_seat(seat)
        view = self._state(finished=slice(-1, None))  # the last record is all it shows
        for hidden in ("rng", "hands"):
            del view[hidden]
        # Of the finished deals a seat is shown the last (docs/protocol.md, Observations).
        finished = view.pop(self.FINISHED_KEY)
        view[self.PREVIOUS_KEY] = finished[-1] if finished else None
        view["seat"] = seat
        view["hand"] = list(self._hands[seat])
        view["hand_sizes"] = [len(hand) for hand in self._hands]
        view["current_player"] = self.current_player
        view["scores"] = self.scores
        self._observed(view, seat)
        return RefObservation(seat, view)

    def hand(self, seat: int) -> list[str]:
        return list(self._hands[self._check_seat(seat)])

    def _check_seat(self, seat: object) -> int:
        return integer(seat, "seat", 0, self.num_players - 1)

    # --- Reading a state by replaying it ---

    @classmethod
    def from_state(cls, data: object) -> Self:
        """The game a parsed ``to_json`` state describes; RuleError unless play can reach
        it (see the module docstring)."""
        state = json_object(data, "the state", cls.STATE_KEYS, optional=cls.LATER_KEYS)
        options = json_object(
            state["options"], "'options'", cls.OPTION_NAMES, optional=cls.LATER_OPTIONS
        )
        game = cls(seed=0, **options)
        # The replay is compared with the state as if it named the options it left out.
        state = {**state, "options": {**game.options, **options}}
        rng = integer(state["rng"], "'rng'", 0, MASK64)
        history = [
            game._read_action(item, f"'history'[{index}]")
            for index, item in enumerate(array(state["history"], "'history'"))
        ]
        game._replay(game._recorded_deals(state), history)
        if cls.DEAL_RNG_KEY is None:
            # The generator only decides the deals to come: the state gives it.
            game._rng = SplitMix64(rng)
        elif game._rng.state != rng:
            raise RuleError(
                f"'rng' is {rng}, but no play reaches it: the generator is the deal's "
                f"({cls.DEAL_RNG_KEY!r}) with the draws of the play since, which gives "
                f"{game._rng.state}"
            )
        difference = game._difference(state, game._whole_state(), "")
        if difference is not None:
            raise RuleError(difference)
        return game

    def _read_action(self, value: object, what: str) -> RefAction:
        if not isinstance(value, str):
            raise RuleError(f"{what} must be an action text, got {value!r}")
        try:
            return self.action(value)
        except RuleError as error:
            raise RuleError(f"{what}: {error}") from None

    def _recorded_deals(self, state: dict[str, object]) -> list[Deal]:
        """Every deal's start, oldest first: each finished record's, then the current
        deal's, read as dealt (``DEALT_KEY``) or rebuilt from the cards played, the
        current deal's seats also holding the current trick's cards and their hands."""
        deals = []
        finished = array(state[self.FINISHED_KEY], repr(self.FINISHED_KEY))
        for index, value in enumerate(finished):
            what = f"{self.FINISHED_KEY!r}[{index}]"
            record = json_object(value, what, self.RECORD_KEYS, optional=self.LATER_KEYS)
            deals.append(
                self._read_dealt(record, what)
                if self.DEALT_KEY
                else self._read_deal(record, what, [])
            )
        if self.DEALT_KEY:
            deals.append(self._read_dealt(state, ""))
            return deals
        held = self._read_plays(state["trick"], "'trick'")
        for seat, hand in enumerate(array(state["hands"], "'hands'", self.num_players)):
            what = f"'hands'[{seat}]"
            held += [
                (seat, self._read_card(card, f"{what}[{index}]"))
                for index, card in enumerate(array(hand, what))
            ]
        deals.append(self._read_deal(state, "", held))
        return deals

    def _read_deal(self, fields: dict[str, object], what: str, held: list[tuple[int, str]]) -> Deal:
        """A deal's start: its dealer, its setup and each seat's starting hand, the cards
        it played in the deal's tricks and those ``held`` besides; RuleError unless it
        is a possible deal."""
        dealer = self._read_dealer(fields, what)
        plays = []
        tricks = path(what, "tricks")
        for index, value in enumerate(array(fields["tricks"], tricks)):
            trick = json_object(value, f"{tricks}[{index}]", self.TRICK_KEYS)
            plays += self._read_plays(trick["cards"], path(f"{tricks}[{index}]", "cards"))
        by_seat: list[list[str]] = [[] for _ in range(self.num_players)]
        for seat, card in plays + held:
            by_seat[seat].append(card)
        hands = tuple(tuple(sorted(cards, key=face_id)) for cards in by_seat)
        deal = Deal(dealer, hands, self._read_setup(fields, what))
        self._check_deal(deal, what or "the current deal")
        return deal

    def _read_dealt(self, fields: dict[str, object], what: str) -> Deal:
        """A deal as recorded: its dealer, its hands as dealt (``DEALT_KEY``), its setup
        and its generator (``DEAL_RNG_KEY``); RuleError unless it is a possible deal."""
        assert self.DEALT_KEY is not None
        dealer = self._read_dealer(fields, what)
        where = path(what, self.DEALT_KEY)
        hands = tuple(
            tuple(sorted(self._read_cards(hand, f"{where}[{seat}]"), key=face_id))
            for seat, hand in enumerate(array(fields[self.DEALT_KEY], where, self.num_players))
        )
        setup = self._read_setup(fields, what)
        rng = None
        if self.DEAL_RNG_KEY is not None:
            rng = integer(fields[self.DEAL_RNG_KEY], path(what, self.DEAL_RNG_KEY), 0, MASK64)
        deal = Deal(dealer, hands, setup, rng)
        self._check_deal(deal, what or "the current deal")
        return deal

    def _read_dealer(self, fields: dict[str, object], what: str) -> int:
        return integer(fields["dealer"], path(what, "dealer"), 0, self.num_players - 1)

    def _check_deal(self, deal: Deal, what: str) -> None:
        """A possible deal: every seat dealt its hand's size, the whole deck once each
        among the hands (and the setup when it is dealt to no seat)."""
        for seat, hand in enumerate(deal.hands):
            if len(hand) != self.hand_size:
                raise RuleError(
                    f"{what}: seat {seat} was dealt {len(hand)} cards, not {self.hand_size}"
                )
        dealt = [card for hand in deal.hands for card in hand]
        if self.SETUP_IN_DEALERS_HAND:
            outside = [card for card in deal.setup if card not in deal.hands[deal.dealer]]
            if outside:
                raise RuleError(f"{what}: {' '.join(outside)} is not in the dealer's hand")
        else:
            dealt += deal.setup
        if sorted(dealt, key=face_id) != list(self.DECK):
            raise RuleError(f"{what} does not deal the {len(self.DECK)} cards once each")

    def _read_plays(self, value: object, what: str) -> list[tuple[int, str]]:
        """Cards on a trick: ``[seat, card]`` pairs."""
        plays = []
        for index, entry in enumerate(array(value, what)):
            seat, card = array(entry, f"{what}[{index}]", 2)
            plays.append(
                (
                    integer(seat, f"{what}[{index}] seat", 0, self.num_players - 1),
                    self._read_card(card, f"{what}[{index}] card"),
                )
            )
        return plays

    def _read_cards(self, value: object, what: str, length: int | None = None) -> list[str]:
        """A list of cards of the game's deck (of ``length`` cards, if given)."""
        return [
            self._read_card(card, f"{what}[{i}]")
            for i, card in enumerate(array(value, what, length))
        ]

    @classmethod
    def _read_card(cls, value: object, what: str) -> str:
        """A card of the game's deck, in any letter case; its canonical text."""
        if not isinstance(value, str):
            raise RuleError(f"{what} must be a card text, got {value!r}")
        try:
            card = parse(value)
        except RuleError as error:
            raise RuleError(f"{what}: {error}") from None
        if card not in cls.DECK:
            raise RuleError(f"{what}: {value!r} is not a card of the {cls.NAME} deck")
        return card

    def _replay(self, deals: Sequence[Deal], history: Sequence[RefAction]) -> None:
        """Lay out the recorded deals in turn, each as the rules deal it, and apply the
        history through ``apply``: RuleError if an action is illegal, a deal's dealer is
        not the one the rules give, or the history needs more deals or fewer."""
        first_dealer = self.options["first_dealer"]
        if first_dealer is not None and deals[0].dealer != first_dealer:
            raise RuleError(
                f"the first deal is dealt by seat {deals[0].dealer}, "
                f"not by the option 'first_dealer' {first_dealer}"
            )
        # The new game has dealt its own first deal (or more): the first recorded one
        # replaces it, and so does every recorded deal the game moves on to, with or
        # without an action between them.
        dealt = self._lay_out(deals, 0, "the start")
        for index, action in enumerate(history):
            try:
                self.apply(action)
            except RuleError as error:
                raise RuleError(f"'history'[{index}]: {error}") from None
            dealt = self._lay_out(deals, dealt, f"'history'[{index}]")
        if dealt < len(deals):
            raise RuleError(f"{len(deals)} deals are recorded but the history reaches {dealt}")

    def _lay_out(self, deals: Sequence[Deal], dealt: int, cause: str) -> int:
        """Lay out the recorded deals after the first ``dealt``, one for each deal the
        game has moved on to (after ``cause``: an action, or the start), each as the deal
        number it is; the number of deals laid out so far."""
        while self._deal_count > dealt:
            if dealt == len(deals):
                raise RuleError(
                    f"{cause} ends deal {dealt}, the last one recorded, and the game deals another"
                )
            deal = deals[dealt]
            expected = self._rules_dealer(dealt + 1)
            if dealt and deal.dealer != expected:
                raise RuleError(
                    f"deal {dealt + 1} is dealt by seat {deal.dealer}, "
                    f"not by seat {expected} as the rules give"
                )
            self._legal = None  # the position changes
            self._begin_deal(deal, dealt + 1)
            cause = "laying it out"  # a deal void as it is dealt
            dealt += 1
        return dealt

    def _difference(self, given: object, replayed: object, where: str) -> str | None:
        """The first place where a given state differs from the replayed one, or None.

        Types must match exactly (1, true and 1.0 differ), objects have the same keys in
        any order, lists the same items in order; a text equal to one of the game's
        action texts ignoring letter case (a card, a bid) stands for that text."""
        if isinstance(replayed, dict):
            if not isinstance(given, dict) or set(given) != set(replayed):
                return _differs(where, given, replayed)
            for key, value in replayed.items():
                found = self._difference(given[key], value, path(where, key))
                if found is not None:
                    return found
            return None
        if isinstance(replayed, list):
            if not isinstance(given, list) or len(given) != len(replayed):
                return _differs(where, given, replayed)
            for index, (mine, theirs) in enumerate(zip(given, replayed, strict=True)):
                found = self._difference(mine, theirs, f"{where}[{index}]")
                if found is not None:
                    return found
            return None
        if isinstance(given, str) and given != replayed:
            given = self._canonical(given, where)
        if type(given) is not type(replayed) or given != replayed:
            return _differs(where, given, replayed)
        return None

    def _canonical(self, text: str, where: str) -> str:
        """An action's canonical text (D7 of julien.md: any letter case), else ``text``;
        ``where`` names the value: the phase is read exactly (some phases, Tarot's
        "slam", are also action texts)."""
        if where == "'phase'":
            return text
        try:
            return self.action(text).text
        except RuleError:
            return text


class TrickGame(ReferenceGame):
    """A game played in tricks (all but Jolly): the trick on the table and its leader."""

    _trick_leader: int
    _trick: list[Play]

    @property
    def trick_leader(self) -> int:
        """The seat that leads the current trick."""
        return self._trick_leader

    @property
    def trick(self) -> list[Play]:
        """The cards on the current trick, in play order."""
        return list(self._trick)


def path(where: str, key: str) -> str:
    """The name of ``key`` inside the object named ``where`` (the state itself: "")."""
    return f"{where}[{key!r}]" if where else repr(key)


def _differs(where: str, given: object, replayed: object) -> str:
    return f"{where} is {_shown(given)} but the history gives {_shown(replayed)}"


def _shown(value: object, limit: int = 300) -> str:
    text = json.dumps(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --- Options ------------------------------------------------------------------


class OptionReader:
    """A game's options as given, each read with its default: RuleError for a name the
    game does not know, or a value of the wrong type or out of range, naming it."""

    def __init__(self, game: str, options: Mapping[str, object], names: Sequence[str]) -> None:
        for name in options:
            if name not in names:
                raise RuleError(f"unknown option {name!r} for {game} (options: {', '.join(names)})")
        self._options = options

    def flag(self, name: str) -> bool:
        """A bool option, False by default."""
        value = self._options.get(name, False)
        if not isinstance(value, bool):
            raise RuleError(f"option {name!r} must be a bool, got {value!r}")
        return value

    def integer(self, name: str, default: int, low: int, high: int) -> int:
        """An integer option from ``low`` to ``high``."""
        value = self._options.get(name, default)
        if not is_int(value) or not low <= value <= high:
            raise RuleError(
                f"option {name!r} must be an integer from {low} to {high}, got {value!r}"
            )
        return value

    def optional_integer(self, name: str, low: int, high: int) -> int | None:
        """An integer option from ``low`` to ``high``, or None (by default)."""
        if self._options.get(name) is None:
            return None
        return self.integer(name, 0, low, high)

    def number(self, name: str, default: int, choices: Sequence[int]) -> int:
        """An integer option among ``choices``."""
        value = self._options.get(name, default)
        if not is_int(value) or value not in choices:
            shown = ", ".join(str(choice) for choice in choices)
            raise RuleError(f"option {name!r} must be one of {shown}, got {value!r}")
        return value

    def text(self, name: str, default: str, choices: Sequence[str]) -> str:
        """A text option among ``choices``."""
        value = self._options.get(name, default)
        if not isinstance(value, str) or value not in choices:
            raise RuleError(f"option {name!r} must be one of {', '.join(choices)}, got {value!r}")
        return value

    def optional_text(self, name: str, choices: Sequence[str]) -> str | None:
        """A text option among ``choices``, or None (by default)."""
        value = self._options.get(name)
        if value is not None and (not isinstance(value, str) or value not in choices):
            shown = ", ".join(choices)
            raise RuleError(f"option {name!r} must be None or one of {shown}, got {value!r}")
        return value

    def seat(self, name: str, players: int) -> int | None:
        """A seat, or None (by default): ``first_dealer``."""
        value = self._options.get(name)
        if value is not None and (not is_int(value) or not 0 <= value < players):
            raise RuleError(
                f"option {name!r} must be None or a seat 0 to {players - 1}, got {value!r}"
            )
        return value


# --- Typed, range-checked readers --------------------------------------------


def integer(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{what} must be an integer, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise RuleError(f"{what} must be from {low} to {high}, got {value}")
    return value


def choice(value: object, what: str, choices: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise RuleError(f"{what} must be one of {', '.join(choices)}, got {value!r}")
    return value


def array(value: object, what: str, length: int | None = None) -> list[object]:
    if not isinstance(value, list):
        raise RuleError(f"{what} must be a list, got {value!r}")
    if length is not None and len(value) != length:
        raise RuleError(f"{what} must hold {length} items, not {len(value)}")
    return value


def json_object(
    value: object, what: str, keys: Sequence[str], optional: Sequence[str] = ()
) -> dict[str, object]:
    """A JSON object with exactly ``keys``, those in ``optional`` perhaps left out."""
    if not isinstance(value, dict):
        raise RuleError(f"{what} must be a JSON object, got {value!r}")
    missing = [key for key in keys if key not in value and key not in optional]
    unknown = [key for key in value if key not in keys]
    if missing or unknown:
        raise RuleError(f"{what}: missing keys {missing}, unknown keys {unknown}")
    return value
