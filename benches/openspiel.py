"""cardcore's OpenSpiel adapter beside OpenSpiel's C++ hearts, driven from Python.

Run: ``.venv/bin/python benches/openspiel.py`` (needs ``cardcore[openspiel]``). Prints
random-play steps per second, information-state tensors per second and MCTS decisions
per second, for ``cardcore_brouc`` and ``cardcore_tarot`` against ``hearts``.
"""

from __future__ import annotations

import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import cardcore.openspiel  # noqa: F401  (registers the games)

GAMES = ["hearts(pass_cards=false)", "cardcore_brouc", "cardcore_tarot"]


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


def tensors_per_second(name: str, seconds: float = 2.0) -> float:
    """``information_state_tensor(player)`` on the states of random deals (after the deal)."""
    game, rng = pyspiel.load_game(name), random.Random(1)
    states = []
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                states.append(state.clone())
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state in states:
            state.information_state_tensor(state.current_player())
        count += len(states)
    return count / (time.perf_counter() - start)


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
    print(f"{'game':<26}{'steps/s':>12}{'infostate tensors/s':>22}{'MCTS(50) moves/s':>22}")
    for name in GAMES:
        print(
            f"{name:<26}{steps_per_second(name):>12,.0f}{tensors_per_second(name):>22,.0f}"
            f"{mcts_decisions_per_second(name):>22,.2f}"
        )


if __name__ == "__main__":
    main()
