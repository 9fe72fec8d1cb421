"""The engine deals the golden first deals (tests/golden.py) that pin the random stream."""

from __future__ import annotations

import json

import pytest

import cardcore
from golden import GOLDEN_FIRST_DEALS


@pytest.mark.parametrize(("seed", "golden"), GOLDEN_FIRST_DEALS.items())
def test_golden_first_deal(seed: int, golden: tuple[int, str, list[list[str]], int]) -> None:
    dealer, trump_card, hands, rng = golden
    game = cardcore.brouc.Brouc(seed=seed)
    assert (game.dealer, str(game.trump_card), game.trump.letter) == (
        dealer,
        trump_card,
        trump_card[-1],
    )
    assert [[str(card) for card in game.hand(seat)] for seat in range(4)] == hands
    assert json.loads(game.to_json())["rng"] == rng
    assert game.current_player == (dealer + 1) % 4


def test_the_stream_continues_into_the_next_deal_after_a_round_trip() -> None:
    """The generator state is part of the state: a reloaded game deals the same next hand."""
    game = cardcore.brouc.Brouc(seed=0)
    reloaded = cardcore.from_json(game.to_json())
    for _ in range(32):
        action = game.legal_actions()[0]
        game.apply(action)
        reloaded.apply(action.id)
    assert game.deal_number == 2
    assert game.to_json() == reloaded.to_json()
