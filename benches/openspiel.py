"""cardcore's OpenSpiel adapter beside OpenSpiel's C++ hearts, driven from Python.

Run: ``.venv/bin/python benches/openspiel.py`` (needs ``cardcore[openspiel]``). Prints
random-play steps per second, information-state tensors per second and MCTS decisions
per second, for ``cardcore_brouc`` and ``cardcore_tarot`` against ``hearts``.
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.observation import make_observation

import cardcore.openspiel  # noqa: F401  (registers the games)

REPEATS = 3
GAMES = [
    "hearts(pass_cards=false)",
    "cardcore_brouc",
    "cardcore_julien",
    "cardcore_tarot",
    "cardcore_five_hundred",
    "cardcore_jolly",
]


def episode(game: pyspiel.Game, rng: random.Random) -> pyspiel.State:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def steps_per_second(name: str, seconds: float = 2.0) -> float:
    game, rng = pyspiel.load_game(name), random.Random(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += len(episode(game, rng).history())
    return steps / (time.perf_counter() - start)


def _play(game: pyspiel.Game, episodes: int, observe: Any) -> tuple[float, int]:
    """Seconds to play ``episodes`` random deals (seed 1), calling ``observe(state)`` after
    each step where a seat is to act; and the number of calls."""
    rng, calls = random.Random(1), 0
    start = time.perf_counter()
    for _ in range(episodes):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
            else:
                if observe is not None:
                    observe(state)
                    calls += 1
                state.apply_action(rng.choice(state.legal_actions()))
    return time.perf_counter() - start, calls


def tensors_per_second(name: str, episodes: int = 60) -> tuple[float, float]:
    """Information-state tensors of the seat to act, one a step along random deals, per
    second of the time they add to the play: with ``state.information_state_tensor()`` (a
    list of floats, through OpenSpiel's C++) and with OpenSpiel's numpy observer
    (``make_observation(game, perfect_recall)``, ``set_from`` into its array)."""
    game = pyspiel.load_game(name)
    observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    ways = {
        "bare": None,
        "list": lambda state: state.information_state_tensor(state.current_player()),
        "numpy": lambda state: observer.set_from(state, state.current_player()),
    }
    best = dict.fromkeys(ways, float("inf"))
    calls = 0
    for _ in range(REPEATS):  # the best of each: the differences are small beside the play
        for way, observe in ways.items():
            seconds, counted = _play(game, episodes, observe)
            best[way] = min(best[way], seconds)
            calls = max(calls, counted)
    added = {way: max(best[way] - best["bare"], 1e-9) for way in ("list", "numpy")}
    return calls / added["list"], calls / added["numpy"]


def mcts_decisions_per_second(name: str, simulations: int = 50, decisions: int = 8) -> float:
    game, rng = pyspiel.load_game(name), np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=False)
    state, done, elapsed = game.new_initial_state(), 0, 0.0
    while done < decisions:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            start = time.perf_counter()
            action = bot.step(state)
            elapsed += time.perf_counter() - start
            done += 1
            state.apply_action(action)
    return decisions / elapsed


def main() -> None:
    print(
        f"{'game':<26}{'steps/s':>10}{'infostate list/s':>18}{'infostate numpy/s':>19}"
        f"{'MCTS(50) moves/s':>18}"
    )
    for name in GAMES:
        listed, arrays = tensors_per_second(name)
        print(
            f"{name:<26}{steps_per_second(name):>10,.0f}{listed:>18,.0f}{arrays:>19,.0f}"
            f"{mcts_decisions_per_second(name):>18,.2f}"
        )


if __name__ == "__main__":
    main()
