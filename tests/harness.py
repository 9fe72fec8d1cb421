"""The generic test harness: what every registered game is held to.

Everything generic is written once and parametrized over ``cardcore.GAMES``.
What a game needs of its own (the options worth trying, where its cards lie in
its JSON state, its teams) sits in ``GAME_CONFIG``, one entry per game: a game
registered without an entry fails ``test_protocol.test_every_game_has_a_config``.
"""

from __future__ import annotations

import copy
import json
import math
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import settings
from hypothesis import strategies as st

import cardcore
from cardcore import reference
from cardcore.reference import ReferenceGame
from splitmix import MASK, SplitMix

JsonDict = dict[str, Any]


def _brouc_table_cards(state: JsonDict) -> list[str]:
    """Every card of a Brouc state: the hands, the current trick, the completed tricks."""
    cards = [card for hand in state["hands"] for card in hand]
    cards += [card for _seat, card in state["trick"]]
    cards += [card for trick in state["tricks"] for _seat, card in trick["cards"]]
    return cards


def _brouc_public_hand_cards(state: JsonDict) -> set[str]:
    """Cards in a Brouc hand that every seat sees: the turned trump card while held."""
    held = state["trump_card"] in state["hands"][state["dealer"]]
    return {state["trump_card"]} if held else set()


def _julien_table_cards(state: JsonDict) -> list[str]:
    """Every card of a Julien state: the talon, the hands, the current and completed tricks."""
    cards = list(state["talon"]) + [card for hand in state["hands"] for card in hand]
    cards += [card for _seat, card in state["trick"]]
    cards += [card for trick in state["tricks"] for _seat, card in trick["cards"]]
    return cards


def _julien_face_down(state: JsonDict) -> set[str]:
    """The masked talon's cards not yet revealed (docs/rules/julien.md, the masked talon)."""
    if not state["options"]["masked_talon"]:
        return set()
    shown = {"bid": 0, "play": len(state["tricks"]) + 1}.get(state["phase"], len(state["tricks"]))
    return set() if shown >= 10 else set(state["talon"][shown:])


def _tarot_chien_taken(state: JsonDict) -> bool:
    """Whether a Tarot chien lies in the taker's hand (or discard): a Prise or a Garde,
    once the bidding and the call are over."""
    return state["contract"] in ("prise", "garde") and state["phase"] not in ("bid", "call")


def _tarot_table_cards(state: JsonDict) -> list[str]:
    """Every card of a Tarot state: the hands, the chien while aside, the discard, the
    current and completed tricks."""
    cards = [card for hand in state["hands"] for card in hand] + list(state["discard"])
    cards += [] if _tarot_chien_taken(state) else list(state["chien"])
    cards += [card for _seat, card in state["trick"]]
    cards += [card for trick in state["tricks"] for _seat, card in trick["cards"]]
    return cards


def _tarot_public_hand_cards(state: JsonDict) -> set[str]:
    """Cards in Tarot hands that every seat has seen or named: the chien turned face up
    (a Prise or a Garde), the trumps shown with a poignée, the called card (its name is
    public, not who holds it)."""
    public = set(state["chien"]) if _tarot_chien_taken(state) else set()
    public |= {state["called"]} if state["called"] else set()
    for poignee in state["poignees"]:
        public |= set(poignee["shown"]) if poignee else set()
    return public


def _tarot_face_down(state: JsonDict) -> set[str]:
    """The chien while nobody has seen it: during the bidding and the call, and all the
    deal long in a Garde sans or a Garde contre (but the called card: its name is public)."""
    if state["phase"] == "over" or _tarot_chien_taken(state):
        return set()
    return set(state["chien"]) - {state["called"]}


def _five_hundred_kitty_taken(state: JsonDict) -> bool:
    """Whether a 500 kitty lies in the bidder's hand (or discard): once there is a bidder."""
    return state["bidder"] is not None


def _five_hundred_table_cards(state: JsonDict) -> list[str]:
    """Every card of a 500 state: the hands, the kitty while aside, the discard, the
    current and completed tricks."""
    cards = [card for hand in state["hands"] for card in hand] + list(state["discard"])
    cards += [] if _five_hundred_kitty_taken(state) else list(state["kitty"])
    cards += [card for _seat, card in state["trick"]]
    cards += [card for trick in state["tricks"] for _seat, card in trick["cards"]]
    return cards


def _five_hundred_public_hand_cards(state: JsonDict) -> set[str]:
    """Cards in 500 hands that every seat sees: an open misère's hand after trick 1."""
    if state["contract"] == "open misere" and state["tricks"]:
        return set(state["hands"][state["bidder"]])
    return set()


def _five_hundred_face_down(state: JsonDict) -> set[str]:
    """The kitty while nobody has taken it (the auction)."""
    return set() if _five_hundred_kitty_taken(state) else set(state["kitty"])


def _jolly_meld_cards(state: JsonDict) -> list[str]:
    """The cards on a Jolly table: every meld's, and the meld being built's."""
    slots = [slot for meld in state["melds"] for slot in meld["cards"]] + state["building"]
    return [card for card, _stands_for, _by in slots]


def _jolly_table_cards(state: JsonDict) -> list[str]:
    """Every card of a Jolly state: the hands, the stock, the row, the table."""
    cards = [card for hand in state["hands"] for card in hand]
    return cards + list(state["stock"]) + list(state["row"]) + _jolly_meld_cards(state)


def _jolly_stood_for(state: JsonDict) -> set[str]:
    """The cards the jokers on the table stand for: names every seat reads, not cards."""
    slots = [slot for meld in state["melds"] for slot in meld["cards"]] + state["building"]
    return {stands_for for card, stands_for, _by in slots if card == "JK" and stands_for}


def _jolly_public_hand_cards(state: JsonDict) -> set[str]:
    """Faces of Jolly hands that every seat may name: the cards taken from the row this
    turn, and the cards the table's jokers stand for; once the match is over, every
    hand, counted face up (L15) and shown in the last round's record (``last_deal``)."""
    if state["phase"] == "over":
        return {card for hand in state["hands"] for card in hand}
    return set(state["taken"]) | _jolly_stood_for(state)


def _jolly_face_down(state: JsonDict) -> set[str]:
    """The stock's faces that show nowhere else (a face may lie in the stock and, its
    second copy, in a hand or on the table)."""
    shown = {card for hand in state["hands"] for card in hand}
    shown |= set(state["row"]) | set(_jolly_meld_cards(state)) | _jolly_stood_for(state)
    return set(state["stock"]) - shown


def face_suit(_record: JsonDict, card: str) -> str | None:
    """A card's printed suit letter (None for trumps, the Excuse, jokers)."""
    return card[-1] if card[-1] in "SHDC" and card not in ("EX",) else None


_SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
_STRAINS = {"spades": "S", "clubs": "C", "diamonds": "D", "hearts": "H"}


def _five_hundred_suit(record: JsonDict, card: str) -> str | None:
    """The suit a 500 card follows under the record's contract (docs/rules/
    five_hundred.md, the trump order): jokers and the other jack of the trump colour
    follow trumps; in no trump the jokers are a suit of their own, "J"."""
    contract = record["contract"] or ""
    trump = _STRAINS.get(contract.split(" ", 1)[-1])
    if card in ("BJ", "RJ"):
        return trump or "J"
    if trump is not None and card == "J" + _SAME_COLOUR[trump]:
        return trump
    return card[-1]


def _none(_state: JsonDict) -> set[str]:
    return set()


@dataclass(frozen=True)
class GameConfig:
    """What the generic tests need to know about one game."""

    # Option sets the random and differential tests play with ({} = the defaults).
    option_sets: tuple[JsonDict, ...]
    # Valid option sets at the edges of their ranges (each must be accepted).
    edge_options: tuple[JsonDict, ...]
    # Bad option sets, each with the option name the OptionError must name.
    bad_options: tuple[tuple[JsonDict, str], ...]
    # The deck the game is dealt from (cardcore.deck(size)).
    deck_size: int
    # Action ids run over 0 .. action_count - 1 (from the game's rules page).
    action_count: int
    # Seats that share one score (partners); a seat alone is its own team.
    teams: tuple[tuple[int, ...], ...]
    # Every card of a JSON state, wherever it lies (hands, tricks, piles, ...).
    table_cards: Callable[[JsonDict], list[str]]
    # Cards in hands that are public by the rules (shown to every seat).
    public_hand_cards: Callable[[JsonDict], set[str]]
    # Cards outside the hands that no seat sees (a masked talon, a kitty, ...).
    face_down: Callable[[JsonDict], set[str]] = _none
    # The state key listing every finished deal's record.
    finished_key: str = ""
    # State and observation keys that record finished deals: their cards are not today's hands'.
    past_records: tuple[str, ...] = ()
    # A bound on the number of actions of one whole match, to catch a game that never ends.
    max_actions: int = 5000
    # The suit a card follows in a deal's record (a state or a finished deal's record).
    card_suit: Callable[[JsonDict, str], str | None] = face_suit
    # State keys holding one sorted hand per seat (re-sorted when a test trades cards).
    hand_keys: tuple[str, ...] = ("hands",)
    # Other texts, not legal at any time, that apply() must reject.
    extra_bad_texts: tuple[str, ...] = field(default_factory=tuple)
    # Whether cards are played to tricks (the tests that plant revokes need them).
    tricks: bool = True
    # The share of a whole-match property's examples the game plays (``sampled``), so
    # that each game's whole matches take about the same time in CI: a fair share each,
    # the long profile fifty times more.
    example_share: float = 1.0
    # Whether the state's "rng" is derived by replay from the deal's generator (the
    # game draws from it during a deal), not taken as given (docs/protocol.md).
    derived_rng: bool = False
    # State keys added after states were first saved: a state without one still loads,
    # as saved then (docs/rules/jolly.md, "State JSON").
    later_keys: tuple[str, ...] = ()
    # Options with the game's caps set low (docs/protocol.md, "Every match ends"), and
    # the most actions a match may take under them, whatever is played: from the rules
    # page (a game with no cap ends by its rules).
    capped: tuple[JsonDict, int] = ({}, 5000)


GAME_CONFIG: dict[str, GameConfig] = {
    "brouc": GameConfig(
        example_share=0.5,  # 500 whole matches in the differential's ci run
        option_sets=(
            {},
            {"single_deal": True},
            {"target": 5},
            {"first_dealer": 2, "target": 15},
        ),
        edge_options=(
            {"target": 1},
            {"target": 1000},
            {"first_dealer": 0},
            {"first_dealer": 3},
            {"first_dealer": None},
            {"single_deal": False, "target": 30, "first_dealer": None},
        ),
        bad_options=(
            ({"no_such_option": 1}, "no_such_option"),
            ({"target": 0}, "target"),
            ({"target": -5}, "target"),
            ({"target": 1001}, "target"),
            ({"target": "30"}, "target"),
            ({"target": 2.5}, "target"),
            ({"target": None}, "target"),
            ({"single_deal": "yes"}, "single_deal"),
            ({"single_deal": [True]}, "single_deal"),
            ({"first_dealer": 4}, "first_dealer"),
            ({"first_dealer": -1}, "first_dealer"),
            ({"first_dealer": "0"}, "first_dealer"),
            ({"first_dealer": 1.0}, "first_dealer"),
            ({"first_dealer": float("inf")}, "first_dealer"),
            ({"first_dealer": float("nan")}, "first_dealer"),
        ),
        deck_size=32,
        action_count=32,
        teams=((0, 2), (1, 3)),
        table_cards=_brouc_table_cards,
        public_hand_cards=_brouc_public_hand_cards,
        finished_key="finished_deals",
        past_records=("finished_deals", "previous_deal"),
        extra_bad_texts=("2S", "6H", "CD", "21T", "EX", "JK"),
    ),
    "julien": GameConfig(
        example_share=0.1,  # a match is six Tours: 100 in the differential's ci run
        option_sets=(
            {},
            {"single_deal": True},
            {"masked_talon": True},
            {"single_deal": True, "tour_kind": "speco"},
            {"single_deal": True, "tour_kind": "superspec", "masked_talon": True},
            {"twenty_five_every_tour": True, "first_dealer": 1},
        ),
        edge_options=(
            {"first_dealer": 0},
            {"first_dealer": 3},
            {"tour_kind": None},
            {"single_deal": True, "tour_kind": "normal"},
            {
                "single_deal": False,
                "tour_kind": None,
                "masked_talon": False,
                "twenty_five_every_tour": False,
                "first_dealer": None,
            },
        ),
        bad_options=(
            ({"no_such_option": 1}, "no_such_option"),
            ({"tour_kind": "speco"}, "tour_kind"),
            ({"single_deal": True, "tour_kind": "spéco"}, "tour_kind"),
            ({"single_deal": True, "tour_kind": "Speco"}, "tour_kind"),
            ({"single_deal": True, "tour_kind": 3}, "tour_kind"),
            ({"masked_talon": "yes"}, "masked_talon"),
            ({"masked_talon": 1}, "masked_talon"),
            ({"twenty_five_every_tour": None}, "twenty_five_every_tour"),
            ({"single_deal": None}, "single_deal"),
            ({"first_dealer": 4}, "first_dealer"),
            ({"first_dealer": -1}, "first_dealer"),
            ({"first_dealer": "0"}, "first_dealer"),
            ({"first_dealer": 1.0}, "first_dealer"),
        ),
        deck_size=52,
        action_count=66,
        teams=((0,), (1,), (2,), (3,)),
        table_cards=_julien_table_cards,
        public_hand_cards=_none,
        face_down=_julien_face_down,
        finished_key="finished_tours",
        past_records=("finished_tours", "previous_tour"),
        extra_bad_texts=("CD", "21T", "EX", "JK", "BJ"),
    ),
    "tarot": GameConfig(
        example_share=0.08,  # 80 whole matches in the differential's ci run, 4,000 long
        option_sets=(
            {},
            {"single_deal": True},
            {"players": 3},
            {"players": 5},
            {"players": 5, "deals": 2, "excuse_to_winner": True},
            {"players": 3, "single_deal": True, "first_dealer": 2},
            {"players": 4, "deals": 2, "max_deals": 2},
        ),
        edge_options=(
            {"players": 3, "first_dealer": 2},
            {"players": 5, "first_dealer": 4},
            {"deals": 1},
            {"deals": 100},
            {"first_dealer": None},
            {"single_deal": True, "max_deals": 1},
            {"players": 3, "max_deals": 3},
            {"deals": 100, "max_deals": 100},
            {"max_deals": 1000},
            {
                "players": 4,
                "single_deal": False,
                "deals": None,
                "excuse_to_winner": False,
                "first_dealer": None,
                "max_deals": 1000,
            },
        ),
        bad_options=(
            ({"no_such_option": 1}, "no_such_option"),
            ({"players": 2}, "players"),
            ({"players": 6}, "players"),
            ({"players": "4"}, "players"),
            ({"players": 4.0}, "players"),
            ({"deals": 0}, "deals"),
            ({"deals": 101}, "deals"),
            ({"single_deal": True, "deals": 2}, "deals"),
            ({"first_dealer": 4}, "first_dealer"),
            ({"players": 3, "first_dealer": 3}, "first_dealer"),
            ({"excuse_to_winner": 1}, "excuse_to_winner"),
            ({"single_deal": None}, "single_deal"),
            ({"max_deals": 0}, "max_deals"),
            ({"max_deals": 1001}, "max_deals"),
            ({"max_deals": 3}, "max_deals"),
            ({"deals": 10, "max_deals": 9}, "max_deals"),
            ({"max_deals": None}, "max_deals"),
        ),
        deck_size=78,
        action_count=183,
        teams=(),
        table_cards=_tarot_table_cards,
        public_hand_cards=_tarot_public_hand_cards,
        face_down=_tarot_face_down,
        finished_key="finished_deals",
        past_records=("finished_deals", "previous_deal"),
        hand_keys=("hands", "dealt"),
        extra_bad_texts=("JK", "BJ", "RJ", "discard JK", "call 1T", "call 10H"),
        # D6: at most 6 deals of at most 4 bids, 6 discards, a slam, 4 poignées, 72 cards.
        capped=({"single_deal": True, "max_deals": 6}, 6 * 87),
    ),
    "five_hundred": GameConfig(
        example_share=0.5,  # 500 whole matches in the differential's ci run
        option_sets=(
            {},
            {"single_deal": True},
            {"scoring": "variant", "slam_bonus": True},
            {"misere": True, "joker_names_suit": True},
            {"single_round": True, "misere": True, "first_dealer": 2},
            {"single_deal": True, "misere": True, "scoring": "variant"},
            {"max_deals": 1},
        ),
        edge_options=(
            {"first_dealer": 0},
            {"first_dealer": 3},
            {"scoring": "variant"},
            {
                "single_deal": False,
                "single_round": False,
                "misere": False,
                "joker_names_suit": False,
                "scoring": "default",
                "slam_bonus": False,
                "first_dealer": None,
                "max_deals": 1000,
            },
            {"max_deals": 1},
            {"single_deal": True, "max_deals": 1},
        ),
        bad_options=(
            ({"no_such_option": 1}, "no_such_option"),
            ({"scoring": "Variant"}, "scoring"),
            ({"scoring": None}, "scoring"),
            ({"scoring": 1}, "scoring"),
            ({"misere": "yes"}, "misere"),
            ({"single_round": 1}, "single_round"),
            ({"first_dealer": 4}, "first_dealer"),
            ({"first_dealer": -1}, "first_dealer"),
            ({"max_deals": 0}, "max_deals"),
            ({"max_deals": 1001}, "max_deals"),
            ({"max_deals": True}, "max_deals"),
        ),
        deck_size=46,
        action_count=124,
        teams=((0, 2), (1, 3)),
        table_cards=_five_hundred_table_cards,
        public_hand_cards=_five_hundred_public_hand_cards,
        face_down=_five_hundred_face_down,
        finished_key="finished_deals",
        past_records=("finished_deals", "previous_deal"),
        hand_keys=("hands", "dealt"),
        card_suit=_five_hundred_suit,
        extra_bad_texts=("2S", "3H", "CD", "EX", "1T", "JK", "discard 2S", "discard 1T"),
        # D11: at most 6 deals of at most 31 bids, 6 discards, 40 cards and 10 names.
        capped=({"max_deals": 6}, 6 * 87),
    ),
    "jolly": GameConfig(
        option_sets=(
            {"single_deal": True},
            {"players": 2, "single_deal": True},
            {"players": 3, "single_deal": True, "first_dealer": 2},
            {"players": 2, "max_rounds": 2},
            {"players": 3, "max_rounds": 2, "target": 200},
            {"players": 2, "max_rounds": 2, "max_round_steps": 100},
        ),
        edge_options=(
            {"players": 2},
            {"players": 4, "first_dealer": 3},
            {"target": 500},
            {"max_rounds": 1},
            {"max_rounds": 30},
            {"players": 2, "first_dealer": 1},
            {"max_round_steps": 100},
            {"max_round_steps": 5000},
            {
                "players": 4,
                "target": 100,
                "max_rounds": 20,
                "single_deal": False,
                "first_dealer": None,
                "max_round_steps": 5000,
            },
        ),
        bad_options=(
            ({"no_such_option": 1}, "no_such_option"),
            ({"players": 1}, "players"),
            ({"players": 5}, "players"),
            ({"target": 150}, "target"),
            ({"target": "100"}, "target"),
            ({"max_rounds": 0}, "max_rounds"),
            ({"max_rounds": 31}, "max_rounds"),
            ({"players": 2, "first_dealer": 2}, "first_dealer"),
            ({"first_dealer": 4}, "first_dealer"),
            ({"single_deal": 1}, "single_deal"),
            ({"max_round_steps": 99}, "max_round_steps"),
            ({"max_round_steps": 5001}, "max_round_steps"),
        ),
        deck_size=110,
        action_count=237,
        teams=(),
        table_cards=_jolly_table_cards,
        public_hand_cards=_jolly_public_hand_cards,
        face_down=_jolly_face_down,
        finished_key="finished_rounds",
        past_records=("finished_rounds", "previous_round"),
        max_actions=100_000,
        hand_keys=("hands", "dealt"),
        extra_bad_texts=("7H", "JK", "10s", "EX", "1T", "CD", "BJ"),
        tricks=False,
        example_share=0.05,  # 50 whole matches in the differential's ci run, 2,500 long
        derived_rng=True,
        later_keys=("rebuilt_stocks",),
        # J13, J14: at most 3 rounds of at most 100 steps.
        capped=({"players": 2, "max_rounds": 3, "max_round_steps": 100}, 3 * 100),
    ),
}

GAMES: tuple[str, ...] = tuple(cardcore.GAMES)
CONFIGURED_GAMES: tuple[str, ...] = tuple(name for name in GAMES if name in GAME_CONFIG)
TRICK_GAMES: tuple[str, ...] = tuple(name for name in CONFIGURED_GAMES if GAME_CONFIG[name].tricks)


def config(name: str) -> GameConfig:
    return GAME_CONFIG[name]


def examples(fraction: float) -> int:
    """A share of the loaded profile's ``max_examples`` (at least 1)."""
    return max(1, int(settings().max_examples * fraction))


def scaled(fraction: float) -> settings:
    """The loaded profile with its example count scaled (cheap properties take more)."""
    return settings(max_examples=examples(fraction))


# --------------------------------------------------------------------------- strategies

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
CHOICES = st.lists(st.integers(min_value=0, max_value=2**16 - 1), max_size=400)


def sampled(name: str, seed: int, choices: Sequence[int]) -> bool:
    """Whether this example of a whole-match property plays, for a game that takes only
    its ``example_share`` of them: a hash of the example (its seed and choices), so that
    hypothesis replays it alike, and uniform (hypothesis's own integers favour small
    values: drawn, a share of 1% played a quarter of the examples)."""
    share = config(name).example_share
    if share >= 1:
        return True
    mixed = SplitMix(seed ^ (hash(tuple(choices)) & MASK)).next_u64()
    return mixed % 1000 < share * 1000


def tensor_table(name: str, title: str) -> list[tuple[int, int, str]]:
    """The rows ("a-b | count | what": first, last, count) of the tensor table in the
    section ``## <title>`` of docs/rules/<name>.md."""
    page = (Path(__file__).parent.parent / "docs" / "rules" / f"{name}.md").read_text("utf-8")
    section = page.split(f"## {title}", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (\d+)(?:-(\d+))? \| ([^|]+) \|", section, re.M)
    assert rows, f"docs/rules/{name}.md has no table under {title!r}"
    return [(int(start), int(end or start), count) for start, end, count in rows]


def assert_table_covers(name: str, rows: list[tuple[int, int, str]], size: int) -> None:
    """A tensor table's rows run from 0 to ``size`` without a gap or an overlap, each
    count (such as ``4 x 32``) its range's length."""
    expected_start = 0
    for first, last, count in rows:
        assert first == expected_start, f"{name}: a row starts at {first}, not {expected_start}"
        factors = [int(factor) for factor in count.replace("x", "*").split("*")]
        assert math.prod(factors) == last - first + 1, f"{name}: {first}-{last} counts {count}"
        expected_start = last + 1
    assert expected_start == size, name


def tables(name: str) -> list[JsonDict]:
    """The options that seat each of the game's player counts."""
    counts = next(info for info in cardcore.game_info() if info["name"] == name)["player_counts"]
    return [{"players": count} for count in counts] if len(counts) > 1 else [{}]


def option_sets(name: str) -> st.SearchStrategy[JsonDict]:
    return st.sampled_from(config(name).option_sets)


class Chooser:
    """Turns a hypothesis-drawn list of numbers into choices among legal actions.

    When the list runs out, a generator seeded from ``seed`` takes over, so a
    match always plays to its end whatever the list's length (shrinking cuts the
    list, never the match).
    """

    def __init__(self, choices: Sequence[int], seed: int) -> None:
        self._choices = list(choices)
        self._index = 0
        self._fallback = random.Random(seed)

    def number(self) -> int:
        if self._index < len(self._choices):
            value = self._choices[self._index]
            self._index += 1
            return value
        return self._fallback.randrange(2**16)

    def pick(self, count: int) -> int:
        return self.number() % count


def walk(game: cardcore.Game, chooser: Chooser, max_actions: int) -> Iterator[int]:
    """Play ``game`` to its end, yielding the step number before each action and once at
    the end (so a caller sees every state, the final one included)."""
    step = 0
    while not game.is_over:
        if step >= max_actions:
            raise AssertionError(f"{game.name}: no end after {max_actions} actions")
        yield step
        legal = game.legal_actions()
        assert legal, f"{game.name}: not over, yet no legal action"
        game.apply(legal[chooser.pick(len(legal))])
        step += 1
    yield step


def play_to(game: cardcore.Game, chooser: Chooser, steps: int) -> cardcore.Game:
    """Play up to ``steps`` actions (fewer if the match ends) and return the game."""
    for step in walk(game, chooser, 10**6):
        if step >= steps:
            break
    return game


# --------------------------------------------------------------------------- state helpers


def state(game: Any) -> JsonDict:
    """The game's state as parsed JSON."""
    parsed = json.loads(game.to_json())
    assert isinstance(parsed, dict)
    return parsed


def strings_in(value: object) -> set[str]:
    """Every string anywhere in a JSON-like value (keys included)."""
    found: set[str] = set()
    stack: list[object] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(str(key) for key in item)
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def deck_texts(size: int) -> list[str]:
    return [str(card) for card in cardcore.deck(size)]


def face_id(text: str) -> int:
    return cardcore.Card.parse(text).id


def sorted_hand(cards: Sequence[str]) -> list[str]:
    return sorted(cards, key=face_id)


def assert_cards_conserved(name: str, parsed: JsonDict) -> None:
    """The state's cards are exactly the game's deck (as a multiset)."""
    found = Counter(config(name).table_cards(parsed))
    expected = Counter(deck_texts(config(name).deck_size))
    missing = expected - found
    extra = found - expected
    assert not missing, f"cards missing {dict(missing)}"
    assert not extra, f"cards extra {dict(extra)}"


def describe(game: Any) -> str:
    """Enough to reproduce a position: the options and the actions so far."""
    return f"options={game.options} history={[str(a) for a in game.history]}"


# --------------------------------------------------------------------------- JSON mutations

ALL_CARD_TEXTS = sorted(
    {str(card) for size in (32, 46, 52, 78, 110) for card in cardcore.deck(size)}
)

JSON_VALUES: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=8)
    | st.sampled_from(ALL_CARD_TEXTS),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=8,
)
CARDISH = st.one_of(
    st.sampled_from(ALL_CARD_TEXTS),
    st.sampled_from(ALL_CARD_TEXTS).map(str.lower),
    st.from_regex(r"\A[0-9]{0,3}[0-9A-Za-z]{0,3}\Z"),
    st.text(max_size=6),
)


def json_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path (keys and indices) of every node below the root of a JSON value."""
    found: list[tuple[Any, ...]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            found.append((*prefix, key))
            found += json_paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.append((*prefix, index))
            found += json_paths(item, (*prefix, index))
    return found


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def mutate_state(data: st.DataObject, parsed: JsonDict) -> JsonDict:
    """A copy of a state with 1 to 3 random edits: a key or item deleted, a value replaced
    by any JSON value, a number moved, a card text changed or swapped with another, an
    item duplicated or wrapped in a list."""
    mutated = copy.deepcopy(parsed)
    for _ in range(data.draw(st.integers(min_value=1, max_value=3), label="mutations")):
        paths = json_paths(mutated)
        if not paths:
            break
        # Half the edits land near the top, where a state's counters and scalars live.
        near_top = [p for p in paths if len(p) <= 2]
        path = data.draw(st.sampled_from(near_top) | st.sampled_from(paths), label="path")
        parent = _at(mutated, path[:-1])
        key = path[-1]
        current = parent[key]
        kind = data.draw(
            st.sampled_from(["delete", "replace", "number", "card", "duplicate", "wrap", "swap"]),
            label="kind",
        )
        cards = [p for p in paths if p != path and _at(mutated, p) in ALL_CARD_TEXTS]
        if kind == "swap" and isinstance(current, str) and cards:
            # Two card texts trade places: conservation holds, the position does not.
            other = data.draw(st.sampled_from(cards), label="other")
            other_parent = _at(mutated, other[:-1])
            parent[key], other_parent[other[-1]] = other_parent[other[-1]], current
        elif kind == "delete":
            del parent[key]
        elif kind == "replace":
            parent[key] = data.draw(JSON_VALUES, label="value")
        elif kind == "number":
            if isinstance(current, int) and not isinstance(current, bool):
                delta = data.draw(st.sampled_from([-1, 1, 2, 4, -(2**64), 2**64, 2**63, 10**30]))
                parent[key] = current + delta
            else:
                parent[key] = data.draw(st.integers(), label="number")
        elif kind == "card":
            parent[key] = data.draw(CARDISH, label="card")
        elif kind == "duplicate" and isinstance(current, list) and current:
            parent[key] = [*current, current[0]]
        else:
            parent[key] = [current]
    return mutated


# --- The pure-Python reference's games (tests/reference) ---------------------------------------

RefGame = TypeVar("RefGame", bound=ReferenceGame)


def ref_play(game: ReferenceGame, texts: str, sep: str = ",") -> None:
    """Apply actions written with ``sep`` between them."""
    for text in texts.split(sep):
        if text.strip():
            game.apply(text.strip())


def ref_legal(game: ReferenceGame) -> list[str]:
    """The texts of the legal actions, by id."""
    return [action.text for action in game.legal_actions()]


def ref_state(game: ReferenceGame) -> JsonDict:
    """The state JSON, parsed."""
    parsed: JsonDict = json.loads(game.to_json())
    return parsed


def ref_observed(game: ReferenceGame, seat: int) -> JsonDict:
    return game.observation(seat).to_dict()


def ref_load(data: JsonDict, kind: type[RefGame]) -> RefGame:
    """The game a parsed state describes, which must be a ``kind``."""
    game = reference.from_json(json.dumps(data))
    assert isinstance(game, kind)
    return game


def ref_reload(game: RefGame) -> RefGame:
    """``from_json`` gives back the same game: state, legal actions, observations."""
    loaded = reference.from_json(game.to_json())
    assert isinstance(loaded, type(game))
    assert loaded.to_json() == game.to_json()
    assert loaded.legal_actions() == game.legal_actions()
    for seat in range(game.num_players):
        assert ref_observed(loaded, seat) == ref_observed(game, seat)
    return loaded


def ref_edit(path: Sequence[str | int], value: object) -> Callable[[JsonDict], None]:
    """An edit of a parsed state: the value at ``path`` (keys and indices) set to ``value``."""

    def edit(data: JsonDict) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit
