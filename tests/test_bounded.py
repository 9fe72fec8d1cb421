"""Every match ends and every state it reaches loads (docs/protocol.md, "Every match
ends"), whatever is played: adversarial policies (always pass, always the first or the
last legal action, undo whenever legal, a seeded random player) drive each game of
``cardcore.GAMES`` to its end under its caps set low (``GameConfig.capped``), and to
its default caps, where the largest states a match can reach are made."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given

import cardcore
from harness import CONFIGURED_GAMES, GAMES, SEEDS, config, scaled

Policy = Callable[[cardcore.Game, random.Random], cardcore.Action]


def _named(game: cardcore.Game, text: str) -> cardcore.Action | None:
    return next((a for a in game.legal_actions() if str(a) == text), None)


def always_pass(game: cardcore.Game, rng: random.Random) -> cardcore.Action:
    """A pass when legal (a table where nobody ever bids), else the first action."""
    return _named(game, "pass") or game.legal_actions()[0]


def always_first(game: cardcore.Game, rng: random.Random) -> cardcore.Action:
    return game.legal_actions()[0]


def always_last(game: cardcore.Game, rng: random.Random) -> cardcore.Action:
    return game.legal_actions()[-1]


def undo_else_first(game: cardcore.Game, rng: random.Random) -> cardcore.Action:
    """Take back whatever may be taken back (Jolly's lay and undo, forever)."""
    return _named(game, "undo") or game.legal_actions()[0]


def at_random(game: cardcore.Game, rng: random.Random) -> cardcore.Action:
    return rng.choice(game.legal_actions())


POLICIES: dict[str, Policy] = {
    "pass": always_pass,
    "first": always_first,
    "last": always_last,
    "undo": undo_else_first,
    "random": at_random,
}


def play_out(
    game: cardcore.Game, policy: Policy, seed: int, limit: int, check_every: int = 1
) -> None:
    """Play ``game`` to its end within ``limit`` actions; every ``check_every``-th state
    reached, and the last, must load back as itself with the default ``max_bytes``."""
    rng = random.Random(seed)
    played = 0
    while True:
        if played % check_every == 0 or game.is_over:
            text = game.to_json()
            assert cardcore.from_json(text).to_json() == text, played
        if game.is_over:
            break
        assert played < limit, f"{game.name}: no end after {limit} actions"
        game.apply(policy(game, rng))
        played += 1
    if game.truncated:
        assert game.winning_seats == []
    assert len(game.history) == played <= limit


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@scaled(0.03)
@given(seed=SEEDS)
def test_adversarial_matches_end_within_the_caps(name: str, policy: str, seed: int) -> None:
    options, limit = config(name).capped
    game = cardcore.new_game(name, seed=seed, **options)
    play_out(game, POLICIES[policy], seed, limit)


def test_every_game_is_bounded() -> None:
    assert set(CONFIGURED_GAMES) == set(GAMES)


# The default caps, driven by the policy that grows the state the most: the largest
# states play can reach with the default options, which must load.
DEFAULT_CAPS = [
    # Nobody ever bids: 1000 void deals (Tarot D7, 500 D11), at the largest table.
    ("tarot", {"players": 5}, always_pass, 1000 * 5, lambda g: g.deal_number == 1000),
    ("five_hundred", {}, always_pass, 1000 * 4, lambda g: g.deal_number == 1000),
    # One round laying a card and taking it back: 5000 steps (J14).
    ("jolly", {}, undo_else_first, 5000, lambda g: len(g.history) == 5000),
]


@pytest.mark.parametrize(("name", "options", "policy", "limit", "at_cap"), DEFAULT_CAPS)
def test_the_default_caps_end_a_match_whose_state_loads(
    name: str,
    options: dict[str, object],
    policy: Policy,
    limit: int,
    at_cap: Callable[[Any], bool],
) -> None:
    game = cardcore.new_game(name, seed=7, **options)
    play_out(game, policy, 7, limit, check_every=limit // 4)
    assert game.is_over
    assert game.truncated
    assert game.winning_seats == []
    assert at_cap(game)
    text = game.to_json()
    assert len(text) < 4 * 2**20
    assert cardcore.from_json(text).truncated


@pytest.mark.parametrize("name", [n for n in GAMES if n not in ("tarot", "five_hundred", "jolly")])
def test_games_without_a_cap_are_never_truncated(name: str) -> None:
    game = cardcore.new_game(name, seed=3)
    play_out(game, always_first, 3, config(name).capped[1], check_every=50)
    assert not game.truncated
    assert game.winning_seats
