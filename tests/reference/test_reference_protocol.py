"""``from_json`` on the games of the reference: it accepts exactly the states play can
reach (every state of random play; no state with an illegal play planted in it), and
hostile text or any edit of a state is a RuleError like any other refused state, in
every game. The games share ``ReferenceGame``'s scaffolding, tested here once (its
legal actions kept per position, its option reader); each game's own rules are tested
in its own module.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardcore.reference import (
    GAMES,
    MAX_BYTES,
    RefAction,
    ReferenceGame,
    RuleError,
    from_json,
    new_game,
)
from cardcore.reference.cards import face_id

JsonDict = dict[str, Any]

OPTION_SETS: list[tuple[str, dict[str, object]]] = [
    ("brouc", {}),
    ("brouc", {"single_deal": True}),
    ("brouc", {"target": 5}),
    ("brouc", {"target": 60, "first_dealer": 2}),
    ("julien", {}),
    ("julien", {"masked_talon": True, "first_dealer": 1}),
    ("julien", {"twenty_five_every_tour": True}),
    ("julien", {"single_deal": True}),
    ("julien", {"single_deal": True, "tour_kind": "speco", "masked_talon": True}),
    ("julien", {"single_deal": True, "tour_kind": "superspec"}),
]
"""Whole matches, single deals, the masked talon, the Spéco and the Superspec alone."""
FINISHED = {"brouc": "finished_deals", "julien": "finished_tours"}
"""The state key listing each game's finished deals."""


def random_play(name: str, seed: int, **options: object) -> Iterator[ReferenceGame]:
    """The game after each random legal action, from the start to the end."""
    game = new_game(name, seed=seed, **options)
    chooser = random.Random(seed)
    yield game
    while not game.is_over:
        game.apply(chooser.choice(game.legal_actions()))
        yield game


def first_state(name: str, seed: int, wanted: Any, **options: object) -> JsonDict:
    """The first state of random play (as parsed JSON) for which ``wanted(state)`` holds."""
    for game in random_play(name, seed, **options):
        data: JsonDict = json.loads(game.to_json())
        if wanted(data):
            return data
    raise AssertionError("random play never reached the wanted state")


def load(data: JsonDict) -> ReferenceGame:
    return from_json(json.dumps(data))


# --- Every reachable state is accepted ------------------------------------------------


@pytest.mark.parametrize(("name", "options"), OPTION_SETS)
@pytest.mark.parametrize("seed", [0, 2**64 - 1])
def test_every_state_of_random_play_round_trips(
    name: str, options: dict[str, object], seed: int
) -> None:
    finished, number = FINISHED[name], {"brouc": "deal_number", "julien": "tour"}[name]
    for game in random_play(name, seed, **options):
        text = game.to_json()
        loaded = from_json(text)
        assert loaded.to_json() == text
        assert [a.id for a in loaded.legal_actions()] == [a.id for a in game.legal_actions()]
        for seat in range(4):
            assert loaded.observation(seat).to_dict() == game.observation(seat).to_dict()
        data = json.loads(text)
        assert len(data[finished]) == data[number] - 1
        previous = {"brouc": "previous_deal", "julien": "previous_tour"}[name]
        assert game.observation(0).to_dict()[previous] == (
            data[finished][-1] if data[finished] else None
        )


def test_any_generator_state_is_accepted() -> None:
    for name in ("brouc", "julien"):
        data = first_state(name, 3, lambda d: len(d["history"]) == 6)
        for rng in (0, 1, 2**63, 2**64 - 1):
            data["rng"] = rng
            assert json.loads(load(data).to_json())["rng"] == rng


# --- Planted illegal plays are rejected ----------------------------------------------------


def _suit(card: str) -> str:
    return card[-1]


def _revoke(tricks: list[JsonDict]) -> tuple[int, str, str] | None:
    """In these completed tricks, a seat that followed the led suit with ``x`` and played
    ``y`` of another suit in a later trick: ``(seat, x, y)``."""
    for index, trick in enumerate(tricks):
        led = _suit(trick["cards"][0][1])
        for seat, x in trick["cards"][1:]:
            for later in tricks[index + 1 :]:
                for other, y in later["cards"]:
                    if _suit(x) == led and other == seat and _suit(y) != led:
                        return seat, x, y
    return None


def _swap(tricks: list[JsonDict], history: list[str], start: int, x: str, y: str) -> None:
    """``x`` and ``y`` swap places in the tricks and in the deal's part of the history
    (from ``start``)."""
    for trick in tricks:
        for play in trick["cards"]:
            play[1] = {x: y, y: x}.get(play[1], play[1])
    i, j = history.index(x, start), history.index(y, start)
    history[i], history[j] = y, x


@pytest.mark.parametrize("name", ["brouc", "julien"])
def test_a_revoke_in_a_completed_trick_is_rejected(name: str) -> None:
    data = first_state(name, 4, lambda d: not d[FINISHED[name]] and _revoke(d["tricks"]))
    found = _revoke(data["tricks"])
    assert found is not None
    seat, x, y = found
    _swap(data["tricks"], data["history"], 0, x, y)
    # The seat played y off the led suit while it held x of that suit.
    with pytest.raises(RuleError, match=f"illegal action {y}: seat {seat} may take"):
        load(data)


@pytest.mark.parametrize("name", ["brouc", "julien"])
def test_a_revoke_in_a_finished_record_is_rejected(name: str) -> None:
    key = FINISHED[name]
    data = first_state(name, 5, lambda d: len(d[key]) == 1)
    played = list(data["history"])
    record = data[key][0]
    found = _revoke(record["tricks"])
    assert found is not None
    seat, x, y = found
    _swap(record["tricks"], data["history"], 0, x, y)
    with pytest.raises(RuleError, match=f"illegal action {y}: seat {seat} may take"):
        load(data)
    # The record alone changed, the history left as played: not what play gives.
    data["history"] = played
    with pytest.raises(RuleError, match=rf"'{key}'\[0\]\['tricks'\]"):
        load(data)


def _current_revoke(data: JsonDict) -> tuple[int, str, str] | None:
    """In the current trick, a seat that followed the led suit with ``x`` and holds ``y``
    of another suit: ``(seat, x, y)``."""
    trick = data["trick"]
    if not trick:
        return None
    led = _suit(trick[0][1])
    for seat, x in trick[1:]:
        for y in data["hands"][seat]:
            if _suit(x) == led and _suit(y) != led:
                return seat, x, y
    return None


@pytest.mark.parametrize("name", ["brouc", "julien"])
def test_a_revoke_in_the_current_trick_is_rejected(name: str) -> None:
    data = first_state(name, 6, lambda d: _current_revoke(d) is not None)
    found = _current_revoke(data)
    assert found is not None
    seat, x, y = found
    for play in data["trick"]:
        if play[1] == x:
            play[1] = y
    hand = data["hands"][seat]
    hand[hand.index(y)] = x
    hand.sort(key=face_id)
    history = data["history"]
    history[len(history) - 1 - history[::-1].index(x)] = y
    with pytest.raises(RuleError, match=f"illegal action {y}: seat {seat} may take"):
        load(data)


# --- Letter case ---------------------------------------------------------------------------


def _lower_texts(value: Any, texts: set[str]) -> Any:
    """``value`` with every string that is one of ``texts`` in lower case."""
    if isinstance(value, dict):
        return {key: _lower_texts(item, texts) for key, item in value.items()}
    if isinstance(value, list):
        return [_lower_texts(item, texts) for item in value]
    return value.lower() if isinstance(value, str) and value in texts else value


@pytest.mark.parametrize("name", ["brouc", "julien"])
def test_card_bid_and_action_texts_are_read_in_any_case(name: str) -> None:
    # D7: cards, bids and history entries in any letter case, written back canonically.
    data = first_state(name, 7, lambda d: len(d[FINISHED[name]]) == 1 and d["trick"])
    texts = {action.text for action in new_game(name, seed=0).ACTIONS}
    lowered = _lower_texts(data, texts)
    assert lowered != data
    assert json.loads(load(lowered).to_json()) == data


@pytest.mark.parametrize("name", ["brouc", "julien"])
@pytest.mark.parametrize("key", ["phase", "trump"])
def test_other_texts_must_be_exact(name: str, key: str) -> None:
    data = first_state(name, 7, lambda d: d["phase"] == "play" and d["trick"])
    data[key] = data[key].swapcase()
    with pytest.raises(RuleError, match=f"'{key}'"):
        load(data)


# --- Hostile text ------------------------------------------------------------------------------


@functools.cache
def _state_text(name: str) -> str:
    data = first_state(name, 8, lambda d: len(d["history"]) == 9)
    return json.dumps(data, separators=(",", ":"))


@pytest.mark.parametrize("name", ["brouc", "julien"])
def test_a_duplicate_key_is_rejected(name: str) -> None:
    text = _state_text(name)
    assert from_json(text).to_json() == text
    with pytest.raises(RuleError, match="key 'rng' twice"):
        from_json(text[:-1] + ',"rng":0}')
    nested = text.replace('"single_deal":false', '"single_deal":false,"single_deal":false')
    assert nested != text
    with pytest.raises(RuleError, match="key 'single_deal' twice"):
        from_json(nested)
    with pytest.raises(RuleError, match="key 'a' twice"):
        from_json('{"a": 1, "b": {"a": 2}, "a": 1}')


@pytest.mark.parametrize("name", ["brouc", "julien"])
def test_an_oversize_text_is_rejected_before_parsing(name: str) -> None:
    text = _state_text(name)
    size = len(text.encode())
    assert from_json(text, max_bytes=size).to_json() == text
    with pytest.raises(RuleError, match=f"longer than {size - 1} bytes"):
        from_json(text, max_bytes=size - 1)
    # The limit counts UTF-8 bytes: "é" is two.
    accented = text[:-1] + ',"é":1}'
    with pytest.raises(RuleError, match=f"longer than {len(accented)} bytes"):
        from_json(accented, max_bytes=len(accented))
    # The default limit, 4 MiB: a state padded with spaces up to it is read; one more
    # byte is too many, and is refused before parsing (this text is no JSON at all).
    assert MAX_BYTES == 4_194_304
    padded = text + " " * (MAX_BYTES - size)
    assert from_json(padded).to_json() == text
    with pytest.raises(RuleError, match="longer than 4194304 bytes"):
        from_json("[" * (MAX_BYTES + 1))


def test_max_bytes_must_be_a_positive_integer() -> None:
    for bad in (0, -1, True, 1.5, "10", None):
        with pytest.raises(RuleError, match="max_bytes"):
            from_json("{}", max_bytes=bad)  # type: ignore[arg-type]


def test_a_lone_surrogate_is_rejected() -> None:
    text = _state_text("brouc")
    with pytest.raises(RuleError, match="not UTF-8"):
        from_json(text.replace('"brouc"', '"brouc\ud800"'))
    with pytest.raises(RuleError, match="not UTF-8"):
        from_json("\ud800")
    # Escaped in the JSON, the text is plain ASCII: the surrogate is then a bad value.
    escaped = text.replace('"history":["', '"history":["\\ud800","')
    assert escaped != text
    with pytest.raises(RuleError, match="history"):
        from_json(escaped)


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400", "-1e400"])
def test_a_non_finite_number_is_rejected(number: str) -> None:
    text = _state_text("julien")
    with pytest.raises(RuleError, match=r"finite|number"):
        from_json(text.replace('"rng":', f'"rng":{number},"x":'))
    with pytest.raises(RuleError, match=r"finite|number"):
        from_json(f'{{"game": "julien", "rng": [{number}]}}')


@pytest.mark.parametrize("depth", [50, 100_000])
def test_deep_nesting_is_rejected(depth: int) -> None:
    with pytest.raises(RuleError):
        from_json("[" * depth + "]" * depth)
    text = _state_text("brouc")
    deep = text.replace('"capes":[0,0]', '"capes":' + "[" * depth + "]" * depth)
    assert deep != text
    with pytest.raises(RuleError):
        from_json(deep)


@pytest.mark.parametrize(
    "text",
    ["", "{", "[]", "null", "1", '"brouc"', '{"game": 1}', '{"game": ["brouc"]}', "{}"],
)
def test_malformed_text_is_rejected(text: str) -> None:
    with pytest.raises(RuleError):
        from_json(text)


def test_from_json_needs_a_str() -> None:
    for bad in (b"{}", None, 1, {"game": "brouc"}):
        with pytest.raises(RuleError, match="needs a str"):
            from_json(bad)  # type: ignore[arg-type]


# --- Any other malformed state: a RuleError, never another exception ---------------------------

ODD_VALUES: list[object] = [
    None,
    True,
    False,
    0,
    -1,
    3,
    4,
    2**70,
    1.0,
    "",
    "x",
    "QH",
    "qh",
    "AS",
    "KH",
    "9H",
    "EX",
    "BJ",
    "JK",
    "jk",
    "H",
    "Rouge",
    "take",
    "garde",
    "petit sec",
    "simple",
    "taker",
    "misere",
    "all pass",
    "name",
    [],
    [None],
    [0],
    [0, "QH"],
    {},
    {"leader": 0},
    {"level": "simple", "shown": []},
]
"""Values planted in states: of every type, cards and action texts of every game, in
either letter case, and pieces of records."""

EDITED_STATES: dict[str, tuple[int, list[tuple[int, dict[str, object]]]]] = {
    "brouc": (150, [(9, {}), (9, {"single_deal": True})]),
    "julien": (150, [(9, {}), (9, {"masked_talon": True, "first_dealer": 1})]),
    "tarot": (
        150,
        [
            (21, {"players": 3, "deals": 2}),
            (199908, {"players": 4, "deals": 2}),
            (20430, {"players": 5, "deals": 2}),
        ],
    ),
    "five_hundred": (
        80,
        [
            (21, {"misere": True, "joker_names_suit": True}),
            (22, {"scoring": "variant", "single_round": True, "misere": True}),
        ],
    ),
    "jolly": (60, [(12, {"players": 3, "target": 200}), (9, {"players": 2})]),
}
"""Per game: the examples to draw, and the matches (seed, options) whose states are
edited: every few states of random play, from the start to the end."""


@functools.cache
def _reachable_states(name: str) -> list[str]:
    states = []
    for seed, options in EDITED_STATES[name][1]:
        games = [game.to_json() for game in random_play(name, seed, **options)]
        states += games[:: max(1, len(games) // 8)]
    return states


def _edited(data: st.DataObject, state: JsonDict) -> JsonDict:
    """``state`` with one value set, deleted or appended somewhere, up to 4 levels down."""
    target: Any = state
    for _ in range(data.draw(st.integers(0, 4))):
        if isinstance(target, dict) and target:
            inner = target[data.draw(st.sampled_from(sorted(target)))]
        elif isinstance(target, list) and target:
            inner = target[data.draw(st.integers(0, len(target) - 1))]
        else:
            break
        if not isinstance(inner, dict | list):
            break
        target = inner
    edit = data.draw(st.sampled_from(["set", "delete", "append"]))
    value = copy.deepcopy(data.draw(st.sampled_from(ODD_VALUES)))
    if isinstance(target, dict) and target:
        key = data.draw(st.sampled_from(sorted(target)))
        if edit == "delete":
            del target[key]
        else:
            target[key if edit == "set" else key + "_extra"] = value
    elif isinstance(target, list):
        if edit == "append" or not target:
            target.append(value)
        elif edit == "delete":
            del target[data.draw(st.integers(0, len(target) - 1))]
        else:
            target[data.draw(st.integers(0, len(target) - 1))] = value
    return state


@pytest.mark.parametrize("name", GAMES)
def test_any_edit_of_a_state_is_a_rule_error_or_a_reachable_state(name: str) -> None:
    @settings(max_examples=EDITED_STATES[name][0], deadline=None)
    @given(data=st.data())
    def edit_and_load(data: st.DataObject) -> None:
        text = data.draw(st.sampled_from(_reachable_states(name)))
        edited = json.dumps(_edited(data, json.loads(text)))
        try:
            game = from_json(edited)
        except RuleError:
            return
        # Accepted (the generator state, a letter's case, an option that changes
        # nothing so far): then it is a state of play, and reads back as itself.
        assert game.name == name
        assert from_json(game.to_json()).to_json() == game.to_json()

    edit_and_load()


# --- The scaffolding every game shares ---------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_the_legal_actions_are_searched_once_per_position(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``legal_actions`` keeps the search's answer until the position changes: asked
    again (as ``apply`` and every comparison do), the rules are not searched again;
    after every action it answers for the new position, as a freshly loaded game does."""
    cls = type(new_game(name, seed=1))
    searches: list[int] = []
    search = cls._legal_actions

    def counted(game: ReferenceGame) -> list[RefAction]:
        searches.append(1)
        return search(game)

    def legal_now(game: ReferenceGame) -> list[RefAction]:
        return search(game)  # the rules searched afresh, not counted

    monkeypatch.setattr(cls, "_legal_actions", counted)
    chooser = random.Random(5)
    game = new_game(name, seed=5)
    for _ in range(80):
        if game.is_over:
            break
        before = len(searches)
        legal = game.legal_actions()
        legal.clear()  # a caller's copy: the kept answer is not touched
        assert game.legal_actions() == legal_now(game) != []
        assert len(searches) == before + 1
        # A freshly loaded copy (its replay searches every position of its own) agrees.
        assert game.legal_actions() == from_json(game.to_json()).legal_actions()
        loaded = len(searches)
        choice = chooser.choice(game.legal_actions())
        game.apply(choice)  # checks legality against the kept answer
        assert len(searches) == loaded
        assert game.history[-1] == choice


@pytest.mark.parametrize("name", GAMES)
def test_every_game_reads_its_options_alike(name: str) -> None:
    with pytest.raises(RuleError, match=f"unknown option 'bogus' for {name} \\(options: "):
        new_game(name, seed=1, bogus=True)
    with pytest.raises(RuleError, match="option 'single_deal' must be a bool, got 1"):
        new_game(name, seed=1, single_deal=1)
    with pytest.raises(RuleError, match="option 'first_dealer' must be None or a seat 0 to"):
        new_game(name, seed=1, first_dealer=7)
    game = new_game(name, seed=1, single_deal=True, first_dealer=1)
    assert (game.options["single_deal"], game.options["first_dealer"]) == (True, 1)
    assert list(game.options) == list(type(game).OPTION_NAMES)
    assert (game.dealer, game.deal_number) == (1, 1)
