"""Invariants every game of the engine keeps, checked over random play.

Generic over ``cardcore.GAMES``; a game's own facts come from ``harness.GAME_CONFIG``.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardcore
from harness import (
    CHOICES,
    CONFIGURED_GAMES,
    SEEDS,
    Chooser,
    JsonDict,
    assert_cards_conserved,
    config,
    deck_texts,
    describe,
    option_sets,
    play_to,
    sampled,
    scaled,
    sorted_hand,
    state,
    strings_in,
    walk,
)
from stub_members import members_of

STEPS = st.integers(min_value=0, max_value=300)


def new(name: str, seed: int, options: JsonDict) -> cardcore.Game:
    return cardcore.new_game(name, seed=seed, **options)


def position(
    name: str, data: st.DataObject, seed: int, choices: list[int], steps: int
) -> cardcore.Game:
    options = data.draw(option_sets(name), label="options")
    return play_to(new(name, seed, options), Chooser(choices, seed), steps)


def continue_identically(first: cardcore.Game, second: cardcore.Game, seed: int) -> None:
    """Play both to the end with the same choices; they must agree at every step."""
    chooser = Chooser([], seed)
    steps = 0
    while True:
        assert first.to_json() == second.to_json(), describe(first)
        legal = [str(action) for action in first.legal_actions()]
        assert legal == [str(action) for action in second.legal_actions()]
        if first.is_over:
            assert second.is_over
            return
        text = legal[chooser.pick(len(legal))]
        first.apply(text)
        second.apply(text)
        steps += 1
        assert steps < config(first.name).max_actions


def assert_refused(game: cardcore.Game, bad: object, error: type[cardcore.CardcoreError]) -> None:
    """``apply(bad)`` raises ``error`` (a cardcore error, so a ValueError) and changes nothing."""
    before = game.to_json()
    history = len(game.history)
    with pytest.raises(error) as raised:
        game.apply(bad)  # type: ignore[arg-type]
    assert isinstance(raised.value, cardcore.CardcoreError)
    assert isinstance(raised.value, ValueError)
    assert game.to_json() == before, f"refused {bad!r} changed the state"
    assert len(game.history) == history


# --------------------------------------------------------------------------- every step


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(2.0)
@given(data=st.data(), seed=SEEDS, choices=CHOICES)
def test_every_step_keeps_the_invariants(
    name: str, data: st.DataObject, seed: int, choices: list[int]
) -> None:
    """At every step of a whole match: cards conserved, is_over iff nobody to act,
    partners share a score, legal actions sorted, unique, in range and resolvable,
    observations well formed, JSON round trip exact."""
    if not sampled(name, seed, choices):
        return
    options = data.draw(option_sets(name), label="options")
    game = new(name, seed, options)
    cfg = config(name)
    for _step in walk(game, Chooser(choices, seed), cfg.max_actions):
        parsed = state(game)
        assert_cards_conserved(name, parsed)
        assert game.is_over == (game.current_player is None)
        assert game.is_over == (game.phase == "over")
        assert parsed["game"] == name
        # Tarot's state JSON is of version 2 since its results count points.
        assert parsed["version"] == (2 if name == "tarot" else 1)
        assert [str(action) for action in game.history] == parsed["history"]
        assert game.options == parsed["options"]
        scores = game.scores
        assert len(scores) == game.num_players
        for team in cfg.teams:
            assert len({scores[seat] for seat in team}) == 1, f"team {team} scores {scores}"
        legal = game.legal_actions()
        ids = [action.id for action in legal]
        assert ids == sorted(set(ids))
        assert all(0 <= i < cfg.action_count for i in ids)
        assert (not legal) == game.is_over
        for action in legal:
            assert action.game == name
            assert game.action(action.id) == action
            assert game.action(str(action)) == action
        if game.current_player is not None:
            assert 0 <= game.current_player < game.num_players
        for seat in range(game.num_players):
            observation = game.observation(seat).to_dict()
            json.dumps(observation)
            assert observation["seat"] == seat
            assert observation["hand"] == parsed["hands"][seat]
            assert observation["hand_sizes"] == [len(hand) for hand in parsed["hands"]]
            assert not {"rng", "hands", "history"} & set(observation)
        for hand in parsed["hands"]:
            assert hand == sorted_hand(hand)
        assert cardcore.from_json(game.to_json()).to_json() == game.to_json()


# --------------------------------------------------------------------------- copies


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(1.0)
@given(data=st.data(), seed=SEEDS, choices=CHOICES, steps=STEPS)
def test_clone_is_independent(
    name: str, data: st.DataObject, seed: int, choices: list[int], steps: int
) -> None:
    game = position(name, data, seed, choices, steps)
    if game.is_over:
        return
    before = game.to_json()
    twin = game.clone()
    assert twin.to_json() == before
    twin.apply(twin.legal_actions()[-1])
    assert game.to_json() == before, "applying to a clone changed the original"
    twin_json = twin.to_json()
    game.apply(game.legal_actions()[0])
    assert twin.to_json() == twin_json, "applying to the original changed the clone"


def make_copy(game: cardcore.Game, how: str) -> cardcore.Game:
    made: Any
    if how == "copy":
        made = copy.copy(game)
    elif how == "deepcopy":
        made = copy.deepcopy(game)
    elif how == "pickle":
        made = pickle.loads(pickle.dumps(game))
    elif how == "clone":
        made = game.clone()
    else:
        made = cardcore.from_json(game.to_json())
    copied: cardcore.Game = made
    return copied


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@pytest.mark.parametrize("how", ["copy", "deepcopy", "pickle", "clone", "from_json"])
@scaled(0.5)
@given(data=st.data(), seed=SEEDS, choices=CHOICES, steps=STEPS)
def test_copies_are_equal_independent_and_continue_identically(
    name: str, how: str, data: st.DataObject, seed: int, choices: list[int], steps: int
) -> None:
    """Every way of copying a game gives an equal, independent game with the same
    future: the same legal actions and the same later deals (the RNG state travels)."""
    game = position(name, data, seed, choices, steps)
    twin = make_copy(game, how)
    assert type(twin) is type(game)
    assert twin is not game
    assert twin.to_json() == game.to_json()
    assert twin.name == game.name
    assert twin.options == game.options
    assert [str(a) for a in twin.history] == [str(a) for a in game.history]
    if not game.is_over:
        before = game.to_json()
        probe = make_copy(game, how)
        probe.apply(probe.legal_actions()[0])
        assert game.to_json() == before, f"the {how} shares state with the original"
        assert twin.to_json() == before, f"two {how} copies share state"
    continue_identically(game, twin, seed)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_actions_and_cards_pickle(name: str) -> None:
    game = new(name, 11, {})
    for action in game.legal_actions():
        again = pickle.loads(pickle.dumps(action))
        assert again == action
        assert again.id == action.id
        assert str(again) == str(action)
        assert hash(again) == hash(action)
        assert copy.copy(action) == action
        assert copy.deepcopy(action) == action
        if action.card is not None:
            assert pickle.loads(pickle.dumps(action.card)) == action.card


# --------------------------------------------------------------------------- determinism


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(0.5)
@given(data=st.data(), seed=SEEDS, choices=CHOICES)
def test_same_seed_same_game(name: str, data: st.DataObject, seed: int, choices: list[int]) -> None:
    options = data.draw(option_sets(name), label="options")
    first, second = new(name, seed, options), new(name, seed, options)
    continue_identically(first, second, seed ^ sum(choices))


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_seeds_change_the_deal(name: str) -> None:
    """Different seeds give different deals (12 seeds, all different starts)."""
    starts = {json.dumps(state(new(name, seed, {}))["hands"]) for seed in range(12)}
    assert len(starts) == 12


# --------------------------------------------------------------------------- rejections


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(1.0)
@given(data=st.data(), seed=SEEDS, choices=CHOICES, steps=STEPS)
def test_illegal_actions_are_refused_and_change_nothing(
    name: str, data: st.DataObject, seed: int, choices: list[int], steps: int
) -> None:
    game = position(name, data, seed, choices, steps)
    cfg = config(name)
    legal = game.legal_actions()
    legal_ids = {action.id for action in legal}
    legal_texts = {str(action) for action in legal}
    for action_id in range(cfg.action_count):
        if action_id not in legal_ids:
            assert_refused(game, action_id, cardcore.IllegalActionError)
    for text in deck_texts(cfg.deck_size):
        if text not in legal_texts:
            assert_refused(game, text, cardcore.IllegalActionError)
            assert_refused(game, text.lower(), cardcore.IllegalActionError)
    out_of_range = (-1, cfg.action_count, cfg.action_count + 1, 2**31, 2**63, 2**64, -(2**70))
    for bad_id in out_of_range:
        assert_refused(game, bad_id, cardcore.IllegalActionError)
    for text in ("", "ZZ", "QX", "11S", "1H", "22T", " ", "Q H", "QHH", "QH ", "👑", "\x00"):
        assert_refused(game, text, cardcore.NotationError)
    for text in cfg.extra_bad_texts:  # good notation, but no card of this game
        assert_refused(game, text, cardcore.IllegalActionError)
    for wrong in (None, 1.0, 2.5, b"QH", [0], (0,), {"id": 0}, object(), cardcore.Card("QH")):
        assert_refused(game, wrong, cardcore.IllegalActionTypeError)  # also a TypeError
    if game.is_over:
        return
    # An action of the same game, legal elsewhere but not here.
    other = cardcore.new_game(name, seed=seed ^ 1)
    for action in other.legal_actions():
        if action.id not in legal_ids:
            assert_refused(game, action, cardcore.IllegalActionError)


def _distinct_game_pairs() -> list[tuple[str, str]]:
    return [(a, b) for a in CONFIGURED_GAMES for b in CONFIGURED_GAMES if a != b]


@pytest.mark.parametrize(("name", "other_name"), _distinct_game_pairs())
def test_an_action_of_another_game_is_refused(name: str, other_name: str) -> None:
    game = new(name, 5, {})
    other = new(other_name, 5, {})
    for action in other.legal_actions():
        assert_refused(game, action, cardcore.IllegalActionError)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_bad_seats_raise_seat_error(name: str) -> None:
    game = new(name, 21, {})
    before = game.to_json()
    for seat in (-1, -2, game.num_players, game.num_players + 1, 1000, 2**31, 2**64, -(2**64)):
        with pytest.raises(cardcore.SeatError):
            game.observation(seat).to_dict()
    assert game.to_json() == before


# --------------------------------------------------------------------------- hidden information


def _swap(name: str, parsed: JsonDict, card_a: str, card_b: str) -> cardcore.Game | None:
    """The state with two unplayed cards trading places wherever they lie in this deal
    (hands re-sorted; records of finished deals and the history keep theirs), or None
    when play cannot reach it (the trade would make an earlier play a revoke, or change
    an announcement): such a state is not one the observer could be in."""

    def trade(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: trade(item) for key, item in value.items()}
        if isinstance(value, list):
            return [trade(item) for item in value]
        if isinstance(value, str):
            return {card_a: card_b, card_b: card_a}.get(value, value)
        return value

    kept = {*config(name).past_records, "history"}
    swapped = {key: value if key in kept else trade(value) for key, value in parsed.items()}
    for key in config(name).hand_keys:
        swapped[key] = [sorted_hand(hand) for hand in swapped[key]]
    try:
        return cardcore.from_json(json.dumps(swapped))
    except cardcore.JsonError:
        return None


def plain(value: object, seats: int) -> object:
    """A value as plain data: records (tricks, deals, Tours) opened into their members'
    values, seat-taking members asked for every seat, lists and tuples opened."""
    if isinstance(value, list | tuple):
        return [plain(item, seats) for item in value]
    members = members_of(value)
    if not members:
        return value
    opened: list[tuple[str, object]] = []
    for member in members:
        attribute = getattr(value, member.name)
        if member.takes_a_seat:
            opened += [(f"{member.name}({s})", plain(attribute(s), seats)) for s in range(seats)]
        elif member.kind != "method":
            opened.append((member.name, plain(attribute, seats)))
        elif not member.params and member.name != "to_json":
            opened.append((member.name, plain(attribute(), seats)))
    return opened


def seen_by(game: cardcore.Game, seat: int) -> object:
    """Everything a seat is told: the value of every typed member its observation's stub
    declares (its JSON form ``to_dict()`` among them), and its observation tensor."""
    return (plain(game.observation(seat), game.num_players), game.observation_tensor(seat).tolist())


def observation_falls_short(game: cardcore.Game) -> bool:
    """Whether two states with equal observations may still differ in what the seat
    knows. Jolly's observation leaves out the round's past that a seat saw: its own
    dealt hand and draws, the cards others took from the row; its information state
    keeps them (docs/rules/jolly.md, "Determinization", "Information state")."""
    return game.name == "jolly"


def assert_blind_draws(
    game: cardcore.Game, swapped: cardcore.Game, observer: int, seed: int, where: str
) -> None:
    """Two states the observer cannot tell apart give it the same determinization, which
    shows it what the true state shows and keeps its information state; and which its
    observation draws too, where the observation holds all the seat knows. What a seat
    knows is its information state: two states whose observations agree but whose
    information states differ (a Jolly seat saw the swapped cards earlier in the round)
    may draw apart; every other game's swap of unseen cards keeps it."""
    drawn = game.determinize(observer, seed=seed)
    assert seen_by(drawn, observer) == seen_by(game, observer), where
    known = game.information_state(observer)
    assert drawn.information_state(observer) == known, where
    if swapped.information_state(observer) != known:
        assert observation_falls_short(game), where
        return
    assert swapped.determinize(observer, seed=seed) == drawn, where
    if not observation_falls_short(game):
        assert game.observation(observer).determinize(seed=seed) == drawn, where


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(1.0)
@given(data=st.data(), seed=SEEDS, choices=CHOICES, steps=STEPS)
def test_observations_leak_no_hidden_card(
    name: str, data: st.DataObject, seed: int, choices: list[int], steps: int
) -> None:
    """No card of another hand shows in an observation unless public by the rules; and
    swapping two cards between two other seats' hands (cards the observer cannot see)
    leaves the observer's observation unchanged, while the two owners' change."""
    game = position(name, data, seed, choices, steps)
    parsed = state(game)
    hands: list[list[str]] = parsed["hands"]
    in_hands = Counter(card for hand in hands for card in hand)
    off_hands = set(Counter(config(name).table_cards(parsed)) - in_hands)
    public = config(name).public_hand_cards(parsed)
    copies = Counter(config(name).table_cards(parsed))
    rng = random.Random(seed + steps)
    swaps = 0
    for observer in range(game.num_players):
        view = game.observation(observer).to_dict()
        seen = strings_in({k: v for k, v in view.items() if k not in config(name).past_records})
        # Of the other hands, only cards public by the rules may show at all.
        allowed = set(hands[observer]) | off_hands | public
        for other in range(game.num_players):
            shown = (seen & set(hands[other])) - allowed
            assert not shown, f"seat {observer} sees {sorted(shown)} of seat {other}'s hand"
        others = [s for s in range(game.num_players) if s != observer]
        # Once the match is over, the last deal is a finished deal, whose public record
        # (``last_deal``, docs/protocol.md "Vocabulary") shows the hands as its game's
        # records do: no hand card is hidden from a seat any more.
        pairs = [] if game.is_over else [(a, b) for a in others for b in others if a < b]
        rng.shuffle(pairs)
        for seat_a, seat_b in pairs:
            hidden_a = [c for c in hands[seat_a] if c not in seen and c not in hands[seat_b]]
            hidden_b = [c for c in hands[seat_b] if c not in seen and c not in hands[seat_a]]
            # A trade swaps every copy of the two faces: as many of one as of the other.
            trades = [(a, b) for a in hidden_a for b in hidden_b if copies[a] == copies[b]]
            rng.shuffle(trades)
            # The first trade play can reach (one may not be: a Tarot petit sec).
            reached = ((a, b, _swap(name, parsed, a, b)) for a, b in trades)
            card_a, card_b, swapped = next(
                ((a, b, found) for a, b, found in reached if found is not None),
                ("", "", None),
            )
            if swapped is None:
                continue
            where = f"observer {observer}, {card_a}@{seat_a} <-> {card_b}@{seat_b}"
            assert seen_by(swapped, observer) == seen_by(game, observer), where
            assert seen_by(swapped, seat_a) != seen_by(game, seat_a), where
            assert seen_by(swapped, seat_b) != seen_by(game, seat_b), where
            assert_blind_draws(game, swapped, observer, seed, where)
            swaps += 1
            break
    # Face-down cards (a masked talon) show to nobody, and trading one with a card of
    # another seat's hand changes nothing the observer sees.
    face_down = sorted(config(name).face_down(parsed))
    for observer in range(game.num_players) if face_down else ():
        view = game.observation(observer).to_dict()
        leaked = strings_in({k: v for k, v in view.items() if k not in config(name).past_records})
        assert not leaked & set(face_down), f"seat {observer} sees face-down cards"
        other = (observer + 1) % game.num_players
        # A card the observer does not see (two decks: not a copy of one it holds).
        unseen = [card for card in hands[other] if card not in leaked and card not in public]
        trades = [(a, b) for a in face_down for b in unseen if copies[a] == copies[b]]
        if trades:
            card_a, card_b = rng.choice(trades)
            swapped = _swap(name, parsed, card_a, card_b)
            if swapped is None:
                continue
            where = f"observer {observer}, face-down {card_a} <-> {card_b}@{other}"
            assert seen_by(swapped, observer) == seen_by(game, observer), where
            assert seen_by(swapped, other) != seen_by(game, other), where
            assert_blind_draws(game, swapped, observer, seed, where)
    if not game.is_over and steps == 0:
        # At the start of a deal every seat has cards nobody else sees (at a table of
        # two, an observer has no pair of other seats to trade between).
        assert swaps == (game.num_players if game.num_players > 2 else 0)
