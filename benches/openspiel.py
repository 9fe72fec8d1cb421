"""cardcore's OpenSpiel adapter beside OpenSpiel's C++ hearts, driven from Python.

Run: ``.venv/bin/python benches/openspiel.py`` (needs ``cardcore[openspiel]``). Prints
random-play steps per second, information-state tensors per second (through OpenSpiel,
and cardcore's own ``information_state_tensor``) and MCTS decisions per second, for
every cardcore game against ``hearts``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.observation import make_observation

import cardcore
import cardcore.openspiel  # registers the games

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


def tensors_per_second(name: str, episodes: int = 40) -> tuple[float, float]:
    """Information-state tensors per second through OpenSpiel: the states of random deals
    where a seat is to act (Jolly one in ten), collected first (``state.clone()``), then
    each asked once for the tensor of the seat to act, best of 3: with
    ``state.information_state_tensor()`` (a list of floats, through OpenSpiel's C++) and
    with OpenSpiel's numpy observer (``make_observation(game, perfect_recall)``,
    ``set_from`` into its array)."""
    game = pyspiel.load_game(name)
    observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    every = 10 if "jolly" in name else 1
    rng, step = random.Random(1), 0
    states: list[pyspiel.State] = []
    for _ in range(episodes):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
                continue
            if step % every == 0:
                observer.set_from(state, state.current_player())  # any record made first
                states.append(state.clone())
            step += 1
            state.apply_action(rng.choice(state.legal_actions()))
    ways: dict[str, Callable[[pyspiel.State], object]] = {
        "list": lambda state: state.information_state_tensor(state.current_player()),
        "numpy": lambda state: observer.set_from(state, state.current_player()),
    }
    best = dict.fromkeys(ways, float("inf"))
    for _ in range(REPEATS):
        for way, observe in ways.items():
            start = time.perf_counter()
            for state in states:
                observe(state)
            best[way] = min(best[way], time.perf_counter() - start)
    return len(states) / best["list"], len(states) / best["numpy"]


def engine_tensors_per_second(name: str, deals: int = 40) -> float | None:
    """cardcore's own ``game.information_state_tensor(seat, out=buffer)`` per second (no
    OpenSpiel in between): the states of random single deals of the cardcore game, each
    with the seat to act, collected first (Jolly one step in ten), then each asked once,
    best of 3. None for an OpenSpiel game."""
    if not name.startswith("cardcore_"):
        return None
    cardcore_name = name.removeprefix("cardcore_")
    every = 10 if cardcore_name == "jolly" else 1  # rounds of thousands of steps
    rng = random.Random(1)
    states: list[tuple[cardcore.Game, int]] = []
    for seed in range(deals):
        game = cardcore.new_game(cardcore_name, seed=seed, single_deal=True)
        step = 0
        while (seat := game.current_player) is not None:
            if step % every == 0:
                game.information_state_tensor(seat)  # the record made, kept by the clone
                states.append((game.clone(), seat))
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
            step += 1
    buffer = np.empty(type(states[0][0]).information_state_tensor_size, np.float32)
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        for state, observer in states:
            state.information_state_tensor(observer, out=buffer)
        best = min(best, time.perf_counter() - start)
    return len(states) / best


def record_upkeep(name: str, deals: int = 100) -> float | None:
    """What keeping the engine's record up costs ``apply``: the actions of random single
    deals applied (only they are timed) to games whose record was made before the first
    (so each ``apply`` extends it), over the same without a record, as a ratio of their
    times (best of 3). None for an OpenSpiel game."""
    if not name.startswith("cardcore_"):
        return None
    cardcore_name = name.removeprefix("cardcore_")
    deals = deals // 10 if cardcore_name == "jolly" else deals
    rng, played = random.Random(1), []
    for seed in range(deals):
        game = cardcore.new_game(cardcore_name, seed=seed, single_deal=True)
        actions = []
        while not game.is_over:
            legal = game.legal_actions()
            actions.append(legal[rng.randrange(len(legal))].id)
            game.apply(actions[-1])
        played.append(actions)

    def play(recorded: bool) -> float:
        games = [
            cardcore.new_game(cardcore_name, seed=seed, single_deal=True) for seed in range(deals)
        ]
        if recorded:
            for game in games:
                game.information_state_tensor(0)
        start = time.perf_counter()
        for game, actions in zip(games, played, strict=True):
            for action in actions:
                game.apply(action)
        return time.perf_counter() - start

    best = {False: float("inf"), True: float("inf")}
    for _ in range(REPEATS):
        for recorded in (False, True):
            best[recorded] = min(best[recorded], play(recorded))
    return best[True] / best[False]


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
        f"{'engine infostate/s':>20}{'upkeep':>10}{'MCTS(50) moves/s':>18}"
    )
    for name in GAMES:
        listed, arrays = tensors_per_second(name)
        engine, upkeep = engine_tensors_per_second(name), record_upkeep(name)
        shown = "-" if engine is None else f"{engine:,.0f}"
        kept = "-" if upkeep is None else f"{upkeep:.2f}x"
        print(
            f"{name:<26}{steps_per_second(name):>10,.0f}{listed:>18,.0f}{arrays:>19,.0f}"
            f"{shown:>20}{kept:>10}{mcts_decisions_per_second(name):>18,.2f}"
        )


if __name__ == "__main__":
    main()
