"""simulate() plays exactly the games docs/protocol.md describes, with RandomBot."""

from __future__ import annotations

import pytest

import cardcore
from cardcore.reference.rng import MASK64, SplitMix64


def replay(name: str, games: int, seed: int) -> tuple[list[int], list[int], int]:
    """Wins, score sums and decisions of the documented games, played from Python."""
    wins, sums, decisions = [0] * 4, [0] * 4, 0
    for index in range(games):
        seeds = SplitMix64(seed ^ (index * 0xD1B54A32D192ED03 & MASK64))
        game = cardcore.new_game(name, seed=seeds.next_u64())
        bot = cardcore.RandomBot(seeds.next_u64())
        while not game.is_over:
            game.apply(bot.act(game))
            decisions += 1
        assert isinstance(game, cardcore.Brouc)
        if game.winner is not None:
            for seat in game.teams[game.winner]:
                wins[seat] += 1
        sums = [total + score for total, score in zip(sums, game.scores, strict=True)]
    return wins, sums, decisions


@pytest.mark.parametrize("threads", [1, 2])
def test_simulate_is_the_documented_games(threads: int) -> None:
    games, seed = 60, 987654321
    summary = cardcore.simulate("brouc", games=games, seed=seed, threads=threads)
    wins, sums, decisions = replay("brouc", games, seed)
    assert summary.games == games
    assert summary.decisions == decisions
    assert summary.wins == wins
    assert summary.mean_scores == [total / games for total in sums]
