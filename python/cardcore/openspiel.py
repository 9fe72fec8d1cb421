"""cardcore's games as OpenSpiel games (docs/openspiel.md).

Importing this module registers every cardcore game with ``pyspiel`` as
``cardcore_<name>`` (``pyspiel.load_game("cardcore_tarot(players=5)")``); it needs
``pip install 'cardcore[openspiel]'`` (OpenSpiel and numpy). ``import cardcore``
never imports it.

An OpenSpiel game is **one deal** of the cardcore game (``single_deal``): chance
nodes pick the dealer (unless the ``first_dealer`` parameter names one) and deal
the cards one at a time, and the cardcore game is then built from the dealt
cards (``from_deal``). A deal the rules void (a Tarot or 500 deal where every
seat passes, a Tarot petit sec) ends the episode with every return 0.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as error:
    raise ImportError(
        f"cardcore.openspiel needs {error.name or 'a module'}, which is not installed: "
        f"pip install 'cardcore[openspiel]' ({error})",
        name=error.name,
    ) from error

import cardcore
from cardcore import Card

__all__ = ["GAME_NAMES", "SPECS", "CardcoreGame", "CardcoreState", "Spec"]


@dataclass(frozen=True)
class Spec:
    """How one cardcore game becomes an OpenSpiel game."""

    #: The cardcore game's registered name.
    name: str
    #: The ``from_deal`` keyword naming the game's part of the deal besides the hands.
    aside: str
    #: The most seats at any table of the game (the tensors' seat blocks).
    max_players: int
    #: The most player actions of one deal, given the game's parameters.
    max_moves: Callable[[Mapping[str, Any]], int]
    #: The lowest and highest score a seat can get from one deal, given the parameters.
    utility: Callable[[Mapping[str, Any]], tuple[float, float]]
    #: Whether every deal's scores sum to zero.
    zero_sum: bool
    #: Whether the information-state tensor has a row per step (all but Jolly, whose
    #: round may run to its 5000-step cap: it counts each action per seat instead). What
    #: a seat sees of each step is the engine's (``information_state``).
    sequence: bool = True


def _tarot_utility(params: Mapping[str, Any]) -> tuple[float, float]:
    # A defender's stake S is at most (25 + 56) x 6 for the contract, 10 x 6 for the Petit
    # au bout, 5 x 40 for poignees and 400 for a slam; the taker takes 2S (three players),
    # 3S (four) or 4S (five, alone), each defender -S (docs/rules/tarot.md, Settlement).
    stake = (25 + 56) * 6 + 10 * 6 + 5 * 40 + 400
    factor = {3: 2, 4: 3, 5: 4}[int(params["players"])]
    return (-factor * stake, factor * stake)


SPECS: dict[str, Spec] = {
    spec.name: spec
    for spec in (
        Spec(
            "brouc",
            "trump_card",
            4,
            # 32 cards played, nothing else (announcements are the engine's).
            lambda p: 32,
            # Card points 0-12; marriages -15 to +15 (at most 60 + 3 x 30 in a deal), own
            # announcements 0 to 15 (docs/rules/brouc.md, B12, B13).
            lambda p: (-15.0, 42.0),
            False,
        ),
        Spec(
            "julien",
            "talon",
            4,
            # 4 bids, 40 cards played, a take or leave per trick at most.
            lambda p: 4 + 40 + 10,
            # At most +20 plus every weight (the 52 cards at their -43- values, 488); at
            # least -(the other side's weight + 25) - own (docs/rules/julien.md).
            lambda p: (-513.0, 508.0),
            False,
        ),
        Spec(
            "tarot",
            "chien",
            5,
            # A bid a seat, a call, 6 discards, the slam, a poignee a seat, 78 cards played.
            lambda p: 5 + 1 + 6 + 1 + 5 + 78,
            _tarot_utility,
            True,
        ),
        Spec(
            "five_hundred",
            "kitty",
            4,
            # Bids strictly rise through 27 values and each seat passes once; 6 discards, a
            # suit named per joker led (2), 40 cards played.
            lambda p: 27 + 4 + 6 + 2 + 40,
            # The highest contract is 10 no trump, 520; misere 250, open misere 500.
            lambda p: (-520.0, 520.0),
            False,
        ),
        Spec(
            "jolly",
            "stock",
            4,
            # The round's cap (J14): a round still going on after it ends, truncated.
            lambda p: int(p["max_round_steps"]),
            # Hand penalty at most 20 cards (6 jokers, 8 aces, 6 tens) doubled: 1120; table
            # values at most the two decks' 872 and six jokers at 25, + 30 for going out.
            lambda p: (-1120.0, 1052.0),
            False,
            sequence=False,
        ),
    )
}

"""Each game's ``Spec``, by its cardcore name."""

#: The OpenSpiel short names, ``cardcore_<name>``, in ``cardcore.GAMES`` order.
GAME_NAMES: tuple[str, ...] = tuple(f"cardcore_{name}" for name in cardcore.GAMES)

_INFO = {info["name"]: info for info in cardcore.game_info()}
# Options an OpenSpiel game does not take: it is always one deal.
_FIXED = {"single_deal": True}
# Game parameters cannot be None: a None option is -1 (an int) or "" (a string).
_NONE_INT = -1
_NONE_STR = ""


def _parameters(name: str) -> dict[str, Any]:
    """The game's options as OpenSpiel parameters with their defaults, and ``seed``."""
    params: dict[str, Any] = {}
    for option in _INFO[name]["options"]:
        if option["name"] in _FIXED:
            continue
        default, kind = option["default"], option["kind"]
        if default is None:
            default = _NONE_INT if kind.startswith("int") else _NONE_STR
        params[option["name"]] = default
    params["seed"] = 0
    return params


def _options(name: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """The cardcore options of the parameters (``seed`` and ``first_dealer`` apart)."""
    options: dict[str, Any] = dict(_FIXED)
    for option in _INFO[name]["options"]:
        key = option["name"]
        if key in _FIXED or key == "first_dealer":
            continue
        value = params[key]
        if value in (_NONE_STR,) or (value == _NONE_INT and option["default"] is None):
            value = None
        options[key] = value
    return options


class _Table:
    """What a game's states share: the deck, the deal's order, the tables of texts."""

    def __init__(self, name: str, params: Mapping[str, Any]) -> None:
        self.params = dict(params)
        self.spec = SPECS[name]
        self.name = name
        self.options = _options(name, params)
        self.seed = int(params["seed"])
        first = int(params["first_dealer"])
        self.first_dealer: int | None = None if first == _NONE_INT else first
        sample = cardcore.new_game(name, seed=self.seed, **self.options)
        self.cls = type(sample)
        self.players = sample.num_players
        if self.first_dealer is not None and not 0 <= self.first_dealer < self.players:
            raise cardcore.OptionError(
                f"option 'first_dealer': {self.first_dealer} is no seat of {self.players}"
            )
        self.action_count = sample.action_count
        self.action_texts = [str(sample.action(i)) for i in range(self.action_count)]
        self.action_kinds = [sample.action(i).kind for i in range(self.action_count)]
        # The deck's faces (chance outcomes), and how often the deck holds each.
        counts = Counter(card.id for card in cardcore.deck(self._deck_size(sample)))
        self.faces = sorted(counts)
        self.face_of = {face: index for index, face in enumerate(self.faces)}
        self.cards = [Card.from_id(face) for face in self.faces]
        self.face_counts = [counts[face] for face in self.faces]
        self.hand_size = len(sample.hand(0))
        self.deck_size = sum(self.face_counts)
        self.observation_size = sample.observation_tensor_size
        self.max_moves = self.spec.max_moves(params)
        # The engine's information-state tensor (docs/rules/<game>.md, "Information
        # state"): the observation, the dealer, the dealt hand, the cards seen to reach
        # each hand, then a row per step (actor, action or hidden), or for Jolly a count
        # of each action (or hidden one) per seat.
        self.info_size = self.cls.information_state_tensor_size
        self.recall_start = (
            self.observation_size
            + self.spec.max_players
            + len(self.faces) * (1 + self.spec.max_players)
        )
        self.sequence_width = self.spec.max_players + self.action_count + 1
        rows, rest = divmod(self.info_size - self.recall_start, self.sequence_width)
        self.sequence_rows = rows if self.spec.sequence else 0
        if self.spec.sequence and rest:
            raise AssertionError(f"{name}: the engine's information state has another layout")
        self.min_utility, self.max_utility = self.spec.utility(params)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return self  # immutable, shared by every state of a game

    def __reduce__(self) -> tuple[Any, ...]:
        return (_table, (self.name, tuple(sorted(self.params.items()))))

    def _deck_size(self, sample: Any) -> int:
        hands = sum(len(sample.hand(seat)) for seat in range(sample.num_players))
        aside = getattr(sample, self.spec.aside)
        return hands + (len(aside) if isinstance(aside, list) else 0)

    def order(self, dealer: int) -> list[int]:
        """The seat each dealt card goes to, in the deal's order (-1: the aside): one card
        at a time to each seat from the dealer's next, then the aside. The last card of
        the hands is the dealer's (Brouc's turned card)."""
        seats = [(dealer + 1 + i) % self.players for i in range(self.players * self.hand_size)]
        return seats + [-1] * (self.deck_size - len(seats))

    def build(self, dealer: int, dealt: Sequence[int]) -> Any:
        """The cardcore game of a complete deal (faces indices in the deal's order)."""
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        aside: list[Card] = []
        for seat, index in zip(self.order(dealer), dealt, strict=True):
            (hands[seat] if seat >= 0 else aside).append(self.cards[index])
        rest: Any = aside
        if self.spec.aside == "trump_card":
            rest = hands[dealer][-1]
        return self.cls.from_deal(
            hands, dealer=dealer, seed=self.seed, **{self.spec.aside: rest}, **self.options
        )

    def sequence(self, game: Any, dealer: int) -> list[int]:
        """The chance outcomes that deal a game's deal in play (the cards of each hand in
        face order, Brouc's turned card last)."""
        hands, aside = self.layout(game)
        if self.spec.aside == "trump_card":
            turned = self.face_of[game.trump_card.id]
            hands[dealer].remove(turned)
            hands[dealer].append(turned)
        positions = [iter(hand) for hand in hands]
        rest = iter(aside)
        return [next(positions[seat]) if seat >= 0 else next(rest) for seat in self.order(dealer)]

    def layout(self, game: Any) -> tuple[list[list[int]], list[int]]:
        """The hands as dealt and the aside (face indices) of a game's deal in play."""
        data = json.loads(game.to_json())
        if "dealt" in data:
            hands = data["dealt"]
            aside = data.get("deal_stock", data.get(self.spec.aside))
        else:
            # Brouc and Le Julien: a hand as dealt is the hand now and the cards played.
            hands = [list(hand) for hand in data["hands"]]
            tricks = [t if isinstance(t, list) else t["cards"] for t in data["tricks"]]
            for trick in [*tricks, data["trick"]]:
                for seat, card in trick:
                    hands[seat].append(card)
            aside = data.get("talon", [])
        to_index = self.face_of
        return (
            [[to_index[Card(text).id] for text in hand] for hand in hands],
            [to_index[Card(text).id] for text in aside],
        )


_TABLES: dict[tuple[str, tuple[tuple[str, Any], ...]], _Table] = {}


def _table(name: str, params: tuple[tuple[str, Any], ...]) -> _Table:
    """The table of a game and its parameters, made once."""
    key = (name, params)
    if key not in _TABLES:
        _TABLES[key] = _Table(name, dict(params))
    return _TABLES[key]


class _Record:
    """A state's own data: the deal so far and the cardcore game (which keeps what each
    seat has seen, for its information states). Copied by ``copy.deepcopy`` (OpenSpiel's
    ``clone``) cheaply: the game is cloned, the deal copied shallow."""

    __slots__ = ("dealer", "dealt", "game", "left", "to_act")

    def __init__(self, left: list[int] | None = None) -> None:
        self.dealer: int | None = None
        self.dealt: list[int] = []
        #: The cards not dealt yet, a count per face.
        self.left: list[int] = list(left or [])
        self.game: Any = None
        #: The seat to act, or OpenSpiel's CHANCE or TERMINAL.
        self.to_act = int(pyspiel.PlayerId.CHANCE)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Record:
        other = _Record()
        other.dealer = self.dealer
        other.dealt = list(self.dealt)
        other.left = list(self.left)
        other.game = None if self.game is None else self.game.clone()
        other.to_act = self.to_act
        return other

    def __getstate__(self) -> tuple[Any, ...]:
        return (self.dealer, self.dealt, self.left, self.game, self.to_act)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.dealer, self.dealt, self.left, self.game, self.to_act = state


class CardcoreState(pyspiel.State):  # type: ignore[misc]
    """One deal of a cardcore game as an OpenSpiel state."""

    def __init__(self, game: CardcoreGame) -> None:
        super().__init__(game)
        self._table = game.table
        self._r = _Record(self._table.face_counts)
        if self._table.first_dealer is not None:
            self._r.dealer = self._table.first_dealer

    # --- the cardcore game -------------------------------------------------------------

    @property
    def cardcore_game(self) -> Any:
        """The cardcore game of the deal (None while it is dealt); a copy to change freely
        is ``cardcore_game.clone()``."""
        return self._r.game

    def _over(self) -> bool:
        game = self._r.game
        return game is not None and (game.is_over or game.deal_number > 1)

    # --- OpenSpiel's State -------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while dealing, ``TERMINAL`` once the deal is over."""
        return self._r.to_act

    def _legal_actions(self, player: int) -> list[int]:
        return [action.id for action in self._r.game.legal_actions()]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer (outcome ``faces + seat``), then each card in turn, by its face's
        index in the deck: uniform over the cards not yet dealt."""
        table = self._table
        if self._r.dealer is None:
            offset = len(table.faces)
            return [(offset + seat, 1.0 / table.players) for seat in range(table.players)]
        left = self._r.left
        chance = 1.0 / (table.deck_size - len(self._r.dealt))
        return [(index, count * chance) for index, count in enumerate(left) if count]

    def _apply_action(self, action: int) -> None:
        record, table = self._r, self._table
        if record.game is None:
            if record.dealer is None:
                record.dealer = action - len(table.faces)
                return
            record.dealt.append(action)
            record.left[action] -= 1
            if len(record.dealt) == table.deck_size:
                record.game = table.build(record.dealer, record.dealt)
                record.to_act = _to_act(record.game)
            return
        record.game.apply(action)
        record.to_act = _to_act(record.game)

    def _action_to_string(self, player: int, action: int) -> str:
        table = self._table
        if player == pyspiel.PlayerId.CHANCE:
            if action >= len(table.faces):
                return f"dealer {action - len(table.faces)}"
            return f"deal {table.cards[action]}"
        return table.action_texts[action]

    def is_terminal(self) -> bool:
        """Whether the deal is over (played out, or void)."""
        return self._over()

    def returns(self) -> list[float]:
        """Each seat's score from the deal once it is over (0 for a void deal), else 0."""
        game = self._r.game
        if game is None or game.deal_number > 1 or not game.is_over:
            return [0.0] * self._table.players
        return [float(score) for score in game.scores]

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> CardcoreState:
        """A state ``player`` cannot tell from this one: cardcore's determinization
        (``determinize``) from a seed drawn with ``probability_sampler``, replayed from its
        deal so that its history holds the same player actions."""
        seed = int(probability_sampler() * 2**53)
        state: CardcoreState = self.get_game().new_initial_state()
        record, table = self._r, self._table
        if record.dealer is not None and table.first_dealer is None:
            state.apply_action(len(table.faces) + record.dealer)
        if record.game is None:
            if record.dealer is None:
                return state
            seats = table.order(record.dealer)
            dealt = list(record.dealt)
            pool = Counter(dict(enumerate(table.face_counts)))
            pool.subtract(i for s, i in zip(seats, dealt, strict=False) if s == player)
            others = [i for s, i in zip(seats, dealt, strict=False) if s != player]
            draw = list(pool.elements())
            random.Random(seed).shuffle(draw)
            refill = iter(draw[: len(others)])
            for position, seat in enumerate(seats[: len(dealt)]):
                if seat != player:
                    dealt[position] = next(refill)
            for index in dealt:
                state.apply_action(index)
            return state
        dealer = record.dealer
        assert dealer is not None
        other = record.game.determinize(player, seed=seed)
        dealt = table.sequence(other, dealer)
        actions = [action.id for action in record.game.history]
        drawn = [action.id for action in other.history]
        # The determinization may order what the seat cannot tell apart its own way (a
        # Tarot discard's cards) or leave steps out (Jolly's steps taken back in earlier
        # turns): the true steps are kept when the drawn deal replays them.
        if drawn != actions and not (
            len(drawn) == len(actions) and _replays(table.build(dealer, dealt), actions)
        ):
            actions = drawn
        for index in dealt:
            state.apply_action(index)
        for action in actions:
            state.apply_action(action)
        return state

    def __str__(self) -> str:
        record = self._r
        if record.game is not None:
            return str(record.game)
        cards = " ".join(str(self._table.cards[i]) for i in record.dealt)
        return f"dealer {record.dealer}, dealing: {cards}"

    # --- what a seat sees ----------------------------------------------------------------

    def _dealt_to(self, seat: int) -> list[int]:
        """The cards (face indices) dealt to ``seat`` so far."""
        record = self._r
        if record.dealer is None:
            return []
        return [
            index
            for s, index in zip(self._table.order(record.dealer), record.dealt, strict=False)
            if s == seat
        ]


def _to_act(game: Any) -> int:
    """The seat to act in a dealt game, or TERMINAL once the deal is over (or void)."""
    if game.is_over or game.deal_number > 1:
        return int(pyspiel.PlayerId.TERMINAL)
    return int(game.current_player)


def _replays(game: Any, actions: Sequence[int]) -> bool:
    """Whether ``actions`` are legal, in turn, from ``game`` (which they change)."""
    for action in actions:
        if not game.is_legal(action):
            return False
        game.apply(action)
    return True


class _Observer:
    """OpenSpiel's observer of a cardcore state: the observation (cardcore's observation
    and its tensor) or, with perfect recall, the information state (the engine's
    ``information_state`` and its tensor, docs/rules/<game>.md, "Information state")."""

    def __init__(self, table: _Table, perfect_recall: bool) -> None:
        self.table = table
        self.perfect_recall = perfect_recall
        size = table.info_size if perfect_recall else table.observation_size
        self.tensor = np.zeros(size, np.float32)
        if perfect_recall:
            faces, most = len(table.faces), table.spec.max_players
            start, recall = table.observation_size, table.recall_start
            self.dict = {
                "observation": self.tensor[:start],
                "dealer": self.tensor[start : start + most],
                "dealt": self.tensor[start + most : start + most + faces],
                "received": self.tensor[start + most + faces : recall].reshape(most, faces),
            }
            if table.sequence_rows:
                self.dict["steps"] = self.tensor[recall:].reshape(
                    table.sequence_rows, table.sequence_width
                )
            else:
                self.dict["actions"] = self.tensor[recall:].reshape(most, table.action_count + 1)
        else:
            self.dict = {"observation": self.tensor}

    def set_from(self, state: CardcoreState, player: int) -> None:
        """Writes what ``player`` sees of ``state`` into ``tensor``."""
        table, record = self.table, state._r
        game = record.game
        if game is not None:
            if self.perfect_recall:
                game.information_state_tensor(player, out=self.tensor)
            else:
                game.observation_tensor(player, out=self.tensor)
            return
        # While the cards are dealt: the dealer and the cards dealt to the seat so far.
        self.tensor.fill(0.0)
        if not self.perfect_recall or record.dealer is None:
            return
        self.dict["dealer"][(record.dealer - player) % table.players] = 1.0
        np.add.at(self.dict["dealt"], state._dealt_to(player), 1.0)

    def string_from(self, state: CardcoreState, player: int) -> str:
        """What ``player`` sees of ``state`` as text."""
        table, record = self.table, state._r
        if record.game is not None:
            if self.perfect_recall:
                return str(record.game.information_state(player))
            return str(record.game.observation(player))
        mine = " ".join(str(table.cards[i]) for i in sorted(state._dealt_to(player)))
        if not self.perfect_recall:
            return f"seat {player}, dealer {record.dealer}, dealt so far: {mine}"
        return f"seat {player}\ndealer {record.dealer}\ndealt {mine}"


class CardcoreGame(pyspiel.Game):  # type: ignore[misc]
    """A cardcore game's single deal, as an OpenSpiel game."""

    table: _Table

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        name = self.CARDCORE_NAME
        full = dict(_parameters(name))
        full.update(params or {})
        self.table = _table(name, tuple(sorted(full.items())))
        table = self.table
        dealer_outcomes = table.players if table.first_dealer is None else 0
        super().__init__(
            _GAME_TYPES[name],
            pyspiel.GameInfo(
                num_distinct_actions=table.action_count,
                max_chance_outcomes=len(table.faces) + table.players,
                num_players=table.players,
                min_utility=table.min_utility,
                max_utility=table.max_utility,
                utility_sum=0.0 if table.spec.zero_sum else None,
                max_game_length=table.max_moves + table.deck_size + (dealer_outcomes > 0),
            ),
            full,
        )

    CARDCORE_NAME = ""

    def new_initial_state(self) -> CardcoreState:
        """The state before the deal."""
        return CardcoreState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The observer: the information state with ``perfect_recall``, else the
        observation."""
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.table, perfect)


def _game_type(name: str) -> Any:
    info = _INFO[name]
    spec = SPECS[name]
    return pyspiel.GameType(
        short_name=f"cardcore_{name}",
        long_name=f"cardcore {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if spec.zero_sum
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info["player_counts"]),
        min_num_players=min(info["player_counts"]),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(name),
    )


_GAME_TYPES = {name: _game_type(name) for name in cardcore.GAMES}


def _register() -> None:
    for name in cardcore.GAMES:
        cls = type(
            f"Cardcore{name.title().replace('_', '')}Game",
            (CardcoreGame,),
            {"CARDCORE_NAME": name, "__doc__": f"cardcore's {name}, one deal."},
        )
        pyspiel.register_game(_GAME_TYPES[name], cls)


_register()
