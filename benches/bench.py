"""cardcore benchmarks: every figure in one run, side by side, with its target.

Run it on the installed release build (``pip install .`` or ``maturin develop --release``)::

    python benches/bench.py             # ~2 s per measurement
    python benches/bench.py --quick     # ~0.5 s per measurement
    python benches/bench.py --seconds 5 --json bench.json

Measurements (see benches/README.md):

For each game (Brouc, Le Julien, French Tarot, 500, Jolly):

- native batch: ``cardcore.simulate(game, ...)`` on 1 and 2 threads, single deals and
  whole matches; decisions/s, deals/s, matches/s and the 2-thread speed-up;
- the Python step loop ``g.apply(rng.choice(g.legal_actions()))`` on the engine and on the
  pure-Python reference (``cardcore.reference``), and their ratio;
- ``g.clone()`` from Python on a mid-deal state;
- the batched environment ``cardcore.VectorEnv``: one seat against bots, and self-play
  (the agent at every seat) beside it, and their ratio (``--only envs`` runs these
  rows alone);

and, in the bots section (``--only bots`` runs it alone), for each game:

- the heuristic bot's decisions/s natively (``cardcore.arena`` of medium bots, 1 thread);
- a seat's determinization (the search's draw) from Python, draws/s over mid-deal positions;
- ISMCTS iterations/s, random and heuristic rollouts, one thread
  (``cardcore.bots.search`` and ``NativeBot.iterations``, over mid-deal positions);

beside OpenSpiel's ``ISMCTSBot`` on hearts (random rollouts) and the ratio;

and, in the Ray section (``--only ray``; needs the ray extra), on a local Ray of the
machine's CPUs:

- a task's overhead per batch (tasks of one random Brouc deal);
- the time the default batches are sized to take (``cardcore._ray.BATCH_SECONDS``) over
  that overhead, which should be 20x or more (the overhead under 5% of a batch);
- matches/s of the same ``simulate`` and ``arena`` runs locally and on Ray (default
  batches), and the ratio;

and once, for the peers (compared with each game's Python loop):

- the same Python loop on OpenSpiel's Hearts, Tarok and Euchre (``pyspiel``, optional),
  the closest games OpenSpiel has (Hearts for Brouc and Le Julien, Tarok for French
  Tarot, Euchre for 500), and the ratios;
- the same loop on RLCard's Bridge environment (``rlcard``, optional), and the ratio;
- Jolly against the gin rummies: native random rounds/s beside OpenSpiel's gin_rummy and
  RLCard's gin-rummy random games/s (their Python loops), and the largest action set
  and longest turn of random Jolly rounds.

Each runs for a fixed wall time after a warm-up. The script always exits 0: benchmarks
report, they do not fail CI.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import random
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Literal

# numpy's idle BLAS threads cost CPU the figures would miss; set before numpy loads.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

try:
    import cardcore
except ImportError as _exc:  # reported by main()
    _IMPORT_ERROR: ImportError | None = _exc
else:
    _IMPORT_ERROR = None

GAMES = ("brouc", "julien", "tarot", "five_hundred", "jolly")
OPENSPIEL_PEERS = {
    "brouc": "hearts",
    "julien": "hearts",
    "tarot": "tarok",
    "five_hundred": "euchre",
    "jolly": "gin_rummy",
}
"""Each game's closest OpenSpiel game: its Python loop is compared with that game's."""
MIN_CALIBRATION_SECONDS = 0.05
BUSY_WARNING = 0.15
"""Warn when more than this share of the CPUs is busy before the run starts."""


@dataclass
class Row:
    """One line of the table."""

    key: str
    label: str
    value: float | None = None
    unit: str = "/s"
    target: float | None = None
    note: str = ""

    @property
    def status(self) -> str:
        if self.value is None:
            return "skipped"
        if self.target is None:
            return ""
        return "met" if self.value >= self.target else "MISSED"


@dataclass
class Bench:
    """The run's settings and the rows measured so far."""

    seconds: float
    warmup: float
    seed: int
    rows: list[Row] = field(default_factory=list)
    figures: dict[str, float] = field(default_factory=dict)

    def add(self, row: Row) -> Row:
        self.rows.append(row)
        if row.value is not None:
            self.figures[row.key] = row.value
        return row

    def get(self, key: str) -> float | None:
        return self.figures.get(key)

    def ratio(self, key: str, label: str, top: str, bottom: str, target: float | None) -> None:
        a, b = self.get(top), self.get(bottom)
        value = a / b if a is not None and b is not None and b > 0 else None
        self.add(Row(key, label, value, "x", target))


REPEATS = 3
"""Each measurement is this many runs of an equal share of its time; the best one counts."""


@dataclass
class Sample:
    """One timed run: its counts (the first is the headline figure) and its wall time."""

    counts: tuple[int, ...]
    elapsed: float

    def rate(self, index: int = 0) -> float:
        return self.counts[index] / self.elapsed


def measure(bench: Bench, run: Callable[[float], Sample], warm_up: bool = True) -> Sample:
    """Warm up, then ``REPEATS`` runs of ``seconds / REPEATS`` each: the fastest run.

    The best of a few runs is the figure least disturbed by whatever else the
    machine is doing; on an idle machine the runs agree within a few percent.
    """
    if warm_up:
        run(bench.warmup)
    samples = [run(bench.seconds / REPEATS) for _ in range(REPEATS)]
    return max(samples, key=lambda sample: sample.rate())


# --------------------------------------------------------------------------------------
# Native batch: cardcore.simulate


def _simulate(
    game: str, games: int, seed: int, threads: int, single_deal: bool
) -> tuple[int, int, float]:
    """(games, decisions, wall seconds) of one ``cardcore.simulate`` call."""
    start = time.perf_counter()
    summary = cardcore.simulate(
        game, games=games, seed=seed, threads=threads, single_deal=single_deal
    )
    elapsed = time.perf_counter() - start
    return summary.games, summary.decisions, elapsed


def native(bench: Bench, game: str, threads: int, single_deal: bool) -> None:
    """decisions/s and games/s of ``cardcore.simulate`` with ``threads`` threads."""
    mode = "single deals" if single_deal else "whole matches"
    tag = f"{game}_native_{threads}t_{'deal' if single_deal else 'match'}"
    unit_name = "deals" if single_deal else "matches"
    label = f"{game}: native simulate, {threads} thread{'s' if threads > 1 else ''}, {mode}"
    # Warm up and calibrate: double the batch until a call takes long enough to time.
    games = 256
    while True:
        done, _, elapsed = _simulate(game, games, bench.seed, threads, single_deal)
        if elapsed >= max(bench.warmup, MIN_CALIBRATION_SECONDS) or games >= 1 << 26:
            break
        games *= 2
    games_per_second = done / elapsed
    seeds = iter(range(bench.seed + 1, bench.seed + 1000))

    def run(seconds: float) -> Sample:
        wanted = max(1000, int(games_per_second * seconds))
        done, decisions, elapsed = _simulate(game, wanted, next(seeds), threads, single_deal)
        return Sample((decisions, done), elapsed)

    best = measure(bench, run, warm_up=False)
    target = 20e6 if threads == 1 else None
    bench.add(Row(f"{tag}_decisions", f"{label}: decisions/s", best.rate(0), target=target))
    bench.add(Row(f"{tag}_games", f"{label}: {unit_name}/s", best.rate(1)))


def speedups(bench: Bench, game: str) -> None:
    for tag, mode in (("deal", "single deals"), ("match", "whole matches")):
        bench.ratio(
            f"{game}_native_speedup_{tag}",
            f"{game}: native speed-up, 2 threads / 1 thread, {mode}",
            f"{game}_native_2t_{tag}_decisions",
            f"{game}_native_1t_{tag}_decisions",
            1.7,
        )


# --------------------------------------------------------------------------------------
# Python step loops


def python_loop(new_game: Callable[[int], Any], seconds: float, seed: int) -> Sample:
    """Random play from Python for ``seconds``: (decisions, elapsed), new games as needed."""
    rng = random.Random(seed)
    decisions = 0
    game_seed = seed
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        g = new_game(game_seed)
        game_seed += 1
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            decisions += 1
        if time.perf_counter() >= deadline:
            break
    return Sample((decisions,), time.perf_counter() - start)


def loop_rate(bench: Bench, new_game: Callable[[int], Any]) -> float:
    return measure(bench, lambda seconds: python_loop(new_game, seconds, bench.seed)).rate()


def engine_loop(bench: Bench, game: str) -> None:
    def new_game(seed: int) -> Any:
        return cardcore.new_game(game, seed=seed)

    bench.add(
        Row(
            f"{game}_python_loop_engine",
            f"{game}: Python step loop, engine: decisions/s",
            loop_rate(bench, new_game),
            target=1e6,
        )
    )


def reference_loop(bench: Bench, game: str) -> None:
    key = f"{game}_python_loop_reference"
    label = f"{game}: Python step loop, pure-Python reference: decisions/s"
    reference: Any = importlib.import_module("cardcore.reference")
    if game not in reference.GAMES:
        bench.add(Row(key, label, note=f"cardcore.reference has no {game}"))
    else:

        def new_game(seed: int) -> Any:
            return reference.new_game(game, seed=seed)

        bench.add(Row(key, label, loop_rate(bench, new_game)))
    bench.ratio(
        f"{game}_python_loop_engine_over_reference",
        f"{game}: Python step loop, engine / reference",
        f"{game}_python_loop_engine",
        key,
        None,
    )


# --------------------------------------------------------------------------------------
# clone()


def _mid_deal(game: str, seed: int) -> Any:
    """A game 14 random actions in: deal 1 under way (Brouc: trick 4; Le Julien: trick 3)."""
    g = cardcore.new_game(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(14):
        g.apply(rng.choice(g.legal_actions()))
    return g


def _calls_per_second(bench: Bench, call: Callable[[int], Any], seats: int) -> float:
    """Single calls ``call(seat)`` round the seats, from Python: calls/s."""

    def run(seconds: float) -> Sample:
        calls = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            for _ in range(500):
                for seat in range(seats):
                    call(seat)
            calls += 500 * seats
            if time.perf_counter() >= deadline:
                return Sample((calls,), time.perf_counter() - start)

    return measure(bench, run).rate()


def clone_rate(bench: Bench, game: str) -> None:
    g = _mid_deal(game, bench.seed)

    def run(seconds: float) -> Sample:  # inline, as a caller's loop: no wrapper per call
        clones = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            for _ in range(1000):
                g.clone()
            clones += 1000
            if time.perf_counter() >= deadline:
                return Sample((clones,), time.perf_counter() - start)

    rate = measure(bench, run).rate()
    label = f"{game}: g.clone() from Python, mid-deal: clones/s"
    bench.add(Row(f"{game}_clone", label, rate, target=2e6))


# --------------------------------------------------------------------------------------
# observation()


def observation_rate(bench: Bench, game: str) -> None:
    """A bot's look at the table: ``g.observation(seat)`` and its hand, over the seats of
    positions of a random match, beside the step loop's decisions in the same run."""
    g = _mid_deal(game, bench.seed)
    seats = range(g.num_players)

    def run(seconds: float) -> Sample:  # inline, as a caller's loop: no wrapper per call
        looks = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            for _ in range(250):
                for seat in seats:
                    g.observation(seat).hand  # noqa: B018 (the look is the measurement)
            looks += 250 * len(seats)
            if time.perf_counter() >= deadline:
                return Sample((looks,), time.perf_counter() - start)

    rate = measure(bench, run).rate()
    label = f"{game}: g.observation(seat).hand from Python, mid-deal: observations/s"
    bench.add(Row(f"{game}_observation", label, rate))
    bench.ratio(
        f"{game}_observation_over_loop",
        f"{game}: observations/s over the Python step loop's decisions/s",
        f"{game}_observation",
        f"{game}_python_loop_engine",
        1 / 3,
    )


# --------------------------------------------------------------------------------------
# Observation tensors and masks (numpy)


def tensor_rate(bench: Bench, game: str) -> None:
    """``g.observation_tensor(seat, out=buffer)`` and ``g.legal_actions_mask(out=...)``
    from Python, single calls mid-deal, beside OpenSpiel's numpy observer on hearts; then
    the public observation and full-state tensors, ``out=buffer``, the same way."""
    import numpy as np  # the numpy extra: only the tensor rows need it

    g = _mid_deal(game, bench.seed)
    tensor = np.empty(g.observation_tensor_size, dtype=np.float32)
    mask = np.empty(g.action_count, dtype=np.bool_)
    seats = g.num_players
    rate = _calls_per_second(bench, lambda seat: g.observation_tensor(seat, out=tensor), seats)
    label = f"{game}: g.observation_tensor(seat, out=buffer) from Python: tensors/s"
    bench.add(Row(f"{game}_tensor", label, rate))
    fresh = _calls_per_second(bench, g.observation_tensor, seats)
    label = f"{game}: g.observation_tensor(seat), a new array each call: tensors/s"
    bench.add(Row(f"{game}_tensor_new", label, fresh))
    masks = _calls_per_second(bench, lambda _seat: g.legal_actions_mask(out=mask), 1)
    bench.add(Row(f"{game}_mask", f"{game}: g.legal_actions_mask(out=buffer): masks/s", masks))
    public = np.empty(g.public_observation_tensor_size, dtype=np.float32)
    rate = _calls_per_second(bench, lambda _seat: g.public_observation_tensor(out=public), 1)
    label = f"{game}: g.public_observation_tensor(out=buffer) from Python: tensors/s"
    bench.add(Row(f"{game}_public_tensor", label, rate))
    state = np.empty(g.state_tensor_size, dtype=np.float32)
    rate = _calls_per_second(bench, lambda _seat: g.state_tensor(out=state), 1)
    label = f"{game}: g.state_tensor(out=buffer) from Python: tensors/s"
    bench.add(Row(f"{game}_state_tensor", label, rate))
    bench.ratio(
        f"{game}_tensor_over_openspiel",
        f"{game}: tensors/s, cardcore / OpenSpiel hearts' numpy observer",
        f"{game}_tensor",
        "openspiel_hearts_observer",
        2.0,
    )


def openspiel_observer(bench: Bench) -> None:
    """OpenSpiel's numpy observer path on hearts: ``observation.set_from(state, player)``,
    which writes its information-state tensor into a numpy array, mid-deal."""
    key, label = "openspiel_hearts_observer", "OpenSpiel hearts, numpy observer set_from: tensors/s"
    try:
        pyspiel: Any = importlib.import_module("pyspiel")
        observation: Any = importlib.import_module("open_spiel.python.observation")
    except ImportError as exc:
        bench.add(Row(key, label, note=f"skipped: OpenSpiel not importable ({exc})"))
        return
    game = pyspiel.load_game("hearts")
    state = game.new_initial_state()
    rng = random.Random(bench.seed)
    while state.is_chance_node() or len(state.history()) < 30:
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    observer = observation.make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    bench.add(Row(key, label, _calls_per_second(bench, lambda p: observer.set_from(state, p), 4)))


# --------------------------------------------------------------------------------------
# The batched environment, beside PettingZoo's classic card environments

VECTOR_ENVS = 256
"""Matches stepped together in the batched-environment rows (1,024 on 2 threads)."""

PETTINGZOO_CLASSIC_CARDS = ("leduc_holdem_v4", "texas_holdem_v4", "texas_holdem_no_limit_v6")
"""PettingZoo's classic card environments (its ``classic`` extra: RLCard, pygame)."""


def _vector_run(
    game: str,
    envs: int,
    threads: int,
    seed: int,
    seconds: float,
    opponents: Literal["random", "self"] = "random",
    random_actions: bool = False,
) -> Sample:
    """Steps a ``cardcore.VectorEnv`` of single deals from Python, each row's first legal
    action chosen by numpy from the mask, or with ``random_actions`` a uniformly random
    one (a first-legal policy can pass forever in self-play): (agent steps, matches
    ended, elapsed)."""
    import numpy as np

    env = cardcore.VectorEnv(
        game, envs, seed=seed, threads=threads, opponents=opponents, single_deal=True
    )
    rng = np.random.default_rng(seed)
    steps = ended = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(16):
            scores = rng.random(env.masks.shape) * env.masks if random_actions else env.masks
            _, _, _, terminated, _ = env.step(scores.argmax(axis=1))
            ended += int(terminated.sum())
        steps += 16 * envs
    return Sample((steps, ended), time.perf_counter() - start)


def vector_rate(bench: Bench, game: str) -> None:
    """Agent steps/s of the batched environment, observations and masks included: one
    thread (per core), and two threads over four times the matches."""
    for threads, envs in ((1, VECTOR_ENVS), (2, 4 * VECTOR_ENVS)):
        best = measure(bench, partial(_vector_run, game, envs, threads, bench.seed))
        label = f"{game}: VectorEnv, {envs} deals, {threads} thread{'s' * (threads > 1)}: steps/s"
        bench.add(Row(f"{game}_vector_{threads}", label, best.rate(0)))
    bench.ratio(
        f"{game}_vector_over_pettingzoo",
        f"{game}: VectorEnv steps/s (1 thread) / the fastest PettingZoo classic card env",
        f"{game}_vector_1",
        "pettingzoo_classic_best",
        50.0,
    )


def vector_self_play_rate(bench: Bench, game: str) -> None:
    """Self-play steps/s of the batched environment (the agent at every seat, each step
    one decision) beside the single-seat mode against random bots (each step the
    agent's decision and the bots' replies), both with random legal actions."""
    modes: tuple[Literal["random", "self"], ...] = ("random", "self")
    for opponents in modes:
        run = partial(_vector_run, game, VECTOR_ENVS, 1, bench.seed)
        best = measure(bench, partial(run, opponents=opponents, random_actions=True))
        mode = "self-play" if opponents == "self" else "one seat vs random bots"
        label = f"{game}: VectorEnv {mode}, {VECTOR_ENVS} deals, random actions: steps/s"
        bench.add(Row(f"{game}_vector_{opponents}_actions", label, best.rate(0)))
    bench.ratio(
        f"{game}_vector_self_over_seat",
        f"{game}: VectorEnv self-play steps/s / one-seat steps/s",
        f"{game}_vector_self_actions",
        f"{game}_vector_random_actions",
        0.8,
    )


def pettingzoo_loop(module: Any, seconds: float, seed: int) -> Sample:
    """A PettingZoo AEC environment stepped from Python, a random legal action from each
    observation's mask: (agent steps, games, elapsed)."""
    import numpy as np

    env = module.env()
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        games += 1
        env.reset()
    return Sample((steps, games), time.perf_counter() - start)


def pettingzoo_classic(bench: Bench) -> None:
    """Steps/s of PettingZoo's classic card environments; the fastest is the peer."""
    rates = []
    for name in PETTINGZOO_CLASSIC_CARDS:
        key, label = f"pettingzoo_{name}", f"PettingZoo classic {name}, AEC loop: steps/s"
        try:
            module = importlib.import_module(f"pettingzoo.classic.{name}")
        except ImportError as exc:
            bench.add(Row(key, label, note=f"skipped: not importable ({exc})"))
            continue
        rate = measure(bench, partial(pettingzoo_loop, module, seed=bench.seed)).rate(0)
        rates.append(rate)
        bench.add(Row(key, label, rate))
    if rates:
        bench.add(
            Row("pettingzoo_classic_best", "PettingZoo classic cards, fastest: steps/s", max(rates))
        )


# --------------------------------------------------------------------------------------
# OpenSpiel


def openspiel_loop(pyspiel: Any, name: str, seconds: float, seed: int) -> Sample:
    """Random play of an OpenSpiel game: (decision steps, all steps, games, elapsed)."""
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    decisions = steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                weights = [p for _, p in outcomes]
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
            steps += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    return Sample((decisions, steps, games), time.perf_counter() - start)


def _openspiel_run(pyspiel: Any, name: str, seed: int, seconds: float) -> Sample:
    return openspiel_loop(pyspiel, name, seconds, seed)


def openspiel(bench: Bench) -> None:
    try:
        pyspiel: Any = importlib.import_module("pyspiel")
    except ImportError as exc:
        pyspiel, missing = None, f"skipped: pyspiel not importable ({exc})"
    for name in sorted(set(OPENSPIEL_PEERS.values())):
        key, label = f"openspiel_{name}", f"OpenSpiel {name}, Python step loop"
        if pyspiel is None:
            bench.add(Row(f"{key}_decisions", f"{label}: decision steps/s", note=missing))
            continue
        best = measure(bench, partial(_openspiel_run, pyspiel, name, bench.seed))
        bench.add(Row(f"{key}_decisions", f"{label}: decision steps/s", best.rate(0)))
        bench.add(Row(f"{key}_steps", f"{label}: all steps/s (with chance)", best.rate(1)))
        bench.add(Row(f"{key}_games", f"{label}: games/s", best.rate(2)))
    for game, peer in OPENSPIEL_PEERS.items():
        bench.ratio(
            f"{game}_loop_over_openspiel",
            f"{game}: Python step loop, cardcore / OpenSpiel {peer} (decisions)",
            f"{game}_python_loop_engine",
            f"openspiel_{peer}_decisions",
            2.0,
        )


# --------------------------------------------------------------------------------------
# RLCard


def rlcard_loop(rlcard: Any, env_name: str, seconds: float, seed: int) -> Sample:
    """Random play of an RLCard game through its environment: (steps, games, elapsed).

    RLCard deals inside ``reset``, so every step is a player's decision (a bid, a card,
    a draw or a discard), as in cardcore's loop.
    """
    env = rlcard.make(env_name, config={"seed": seed})
    rng = random.Random(seed)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    return Sample((steps, games), time.perf_counter() - start)


def rlcard_row(bench: Bench, env_name: str, key: str, label: str, figure: int) -> None:
    """One RLCard loop's figure (0: decisions/s, 1: games/s), or why it was skipped."""
    try:
        rlcard = importlib.import_module("rlcard")
    except ImportError as exc:
        bench.add(Row(key, label, note=f"skipped: rlcard not importable ({exc})"))
        return
    best = measure(bench, lambda seconds: rlcard_loop(rlcard, env_name, seconds, bench.seed))
    bench.add(Row(key, label, best.rate(figure)))


def rlcard_peer(bench: Bench) -> None:
    label = "RLCard bridge, Python step loop: decisions/s"
    rlcard_row(bench, "bridge", "rlcard_decisions", label, 0)
    for game in GAMES[:4]:  # the trick games (Jolly is set beside RLCard's gin rummy)
        bench.ratio(
            f"{game}_loop_over_rlcard",
            f"{game}: Python step loop, cardcore / RLCard (decisions)",
            f"{game}_python_loop_engine",
            "rlcard_decisions",
            2.0,
        )


# --------------------------------------------------------------------------------------
# Jolly against the gin rummies


def jolly_against_gin_rummy(bench: Bench) -> None:
    """Native random Jolly rounds (one thread, four players) over the gin rummies'
    random games, each measured through its Python loop."""
    label = "RLCard gin-rummy, Python step loop: games/s"
    rlcard_row(bench, "gin-rummy", "rlcard_gin_games", label, 1)
    for peer, key in (
        ("OpenSpiel gin_rummy", "openspiel_gin_rummy_games"),
        ("RLCard gin-rummy", "rlcard_gin_games"),
    ):
        bench.ratio(
            f"jolly_rounds_over_{key}",
            f"jolly: native rounds/s (1 thread) / {peer} games/s",
            "jolly_native_1t_deal_games",
            key,
            20.0,
        )


def jolly_action_sets(bench: Bench, rounds: int = 300) -> None:
    """The largest legal action set and the longest turn (in actions) of random single
    rounds at 2, 3 and 4 players, ``rounds`` each, played from Python."""
    widest = longest = decisions = 0
    rng = random.Random(bench.seed)
    for index in range(3 * rounds):
        game = cardcore.jolly.Jolly(
            seed=bench.seed + index, players=2 + index % 3, single_deal=True
        )
        turn = 0
        while not game.is_over:
            legal = game.legal_actions()
            widest = max(widest, len(legal))
            before = (game.deal_number, game.player)
            game.apply(rng.choice(legal))
            decisions += 1
            turn = turn + 1 if (game.deal_number, game.player) == before else 0
            longest = max(longest, turn + 1)
    note = f"{3 * rounds} random rounds at 2, 3 and 4 players"
    bench.add(
        Row("jolly_widest_action_set", "jolly: largest legal action set", widest, "", note=note)
    )
    bench.add(Row("jolly_longest_turn", "jolly: longest turn, in actions", longest, "", note=note))
    bench.add(
        Row("jolly_round_actions", "jolly: actions a random round", decisions / (3 * rounds), "")
    )


# --------------------------------------------------------------------------------------
# Bots: the heuristic natively, ISMCTS, and OpenSpiel's ISMCTS

SEARCH_ITERATIONS = 300
"""Iterations a searched move, for cardcore's ISMCTS and OpenSpiel's alike."""
SEARCH_POSITIONS = 12
"""Positions each search measurement cycles through."""


def heuristic_decisions(bench: Bench, game: str) -> None:
    """Decisions/s of medium (heuristic) bots at every seat, natively, one thread: the
    arena's loop, observations and game steps included."""

    def arena(matches: int, seed: int) -> tuple[int, float]:
        result = cardcore.arena(
            game, ["medium", "medium"], matches=matches, seed=seed, threads=1, progress=None
        )
        return result.decisions, result.elapsed_seconds

    matches = 4
    while True:  # calibrate: double the matches until a run takes long enough to time
        _, elapsed = arena(matches, bench.seed)
        if elapsed >= max(bench.warmup, MIN_CALIBRATION_SECONDS) or matches >= 1 << 20:
            break
        matches *= 2
    matches_per_second = matches / elapsed
    seeds = iter(range(bench.seed + 1, bench.seed + 1000))

    def run(seconds: float) -> Sample:
        decisions, took = arena(max(1, int(matches_per_second * seconds)), next(seeds))
        return Sample((decisions,), took)

    rate = measure(bench, run, warm_up=False).rate()
    label = f"{game}: heuristic bot (medium), arena, 1 thread: decisions/s"
    bench.add(Row(f"{game}_heuristic_decisions", label, rate))


def search_positions(game: str, seed: int) -> list[Any]:
    """``SEARCH_POSITIONS`` observations, from seeded random single deals, of seats to
    act with two legal actions or more where the search bot searches (a one-iteration
    probe tells), spread over the deals."""
    found: list[Any] = []
    rng = random.Random(seed)
    deal = seed
    while len(found) < 4 * SEARCH_POSITIONS and deal < seed + 200:
        g = cardcore.new_game(game, seed=deal, single_deal=True)
        deal += 1
        while not g.is_over:
            legal = g.legal_actions()
            seat = g.current_player
            if len(legal) > 1 and seat is not None:
                probe = cardcore.bots.search(game, seed=deal, iterations=1, rollout="random")
                view = g.observation(seat)
                probe.act(view)
                if probe.iterations:
                    found.append(view)
            g.apply(rng.choice(legal))
    return found[:: max(1, len(found) // SEARCH_POSITIONS)][:SEARCH_POSITIONS]


def search_rate(bench: Bench, game: str, rollout: Any) -> None:
    """ISMCTS iterations/s, one thread, ``SEARCH_ITERATIONS`` a move, over
    ``search_positions``: the bot's own count of iterations over the wall time."""
    views = search_positions(game, bench.seed)

    def run(seconds: float) -> Sample:
        bot = cardcore.bots.search(
            game, seed=bench.seed, iterations=SEARCH_ITERATIONS, rollout=rollout
        )
        moves = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            bot.act(views[moves % len(views)])
            moves += 1
        return Sample((bot.iterations, moves), time.perf_counter() - start)

    rate = measure(bench, run).rate()
    label = f"{game}: ISMCTS, {rollout} rollouts, 1 thread: iterations/s"
    bench.add(Row(f"{game}_ismcts_{rollout}", label, rate))


def determinize_rate(bench: Bench, game: str) -> None:
    """A search's draw: ``view.determinize(seed=k)`` from Python, a new seed each call,
    over ``search_positions`` (the call included; the first draw at a position, which
    may fill the game's count tables, is in the warm-up)."""
    views = search_positions(game, bench.seed)

    def run(seconds: float) -> Sample:
        draws = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            for view in views:
                view.determinize(seed=draws)
                draws += 1
        return Sample((draws,), time.perf_counter() - start)

    rate = measure(bench, run).rate()
    label = f"{game}: a seat's determinization from Python: draws/s"
    bench.add(Row(f"{game}_determinize", label, rate))


def openspiel_ismcts(bench: Bench) -> None:
    """OpenSpiel's ``ISMCTSBot`` on hearts, random rollouts, ``SEARCH_ITERATIONS``
    simulations a step, over mid-deal positions (after the passing) with two legal
    actions or more: iterations/s, and cardcore's Le Julien over it."""
    key, label = "openspiel_hearts_ismcts", "OpenSpiel hearts, ISMCTSBot, random rollouts"
    try:
        pyspiel: Any = importlib.import_module("pyspiel")
    except ImportError as exc:
        missing = f"skipped: pyspiel not importable ({exc})"
        bench.add(Row(key, f"{label}: iterations/s", note=missing))
    else:
        game = pyspiel.load_game("hearts")
        rng = random.Random(bench.seed)
        states: list[Any] = []
        while len(states) < SEARCH_POSITIONS:
            state = game.new_initial_state()
            decisions = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(actions, weights)[0])
                    continue
                legal = state.legal_actions()
                # 12 passes, then card play: keep one play position in six.
                if decisions > 12 and len(legal) > 1 and decisions % 6 == 0:
                    states.append(state.clone())
                state.apply_action(rng.choice(legal))
                decisions += 1
        states = states[:SEARCH_POSITIONS]

        def run(seconds: float) -> Sample:
            seed = bench.seed
            bot = pyspiel.ISMCTSBot(
                seed,
                pyspiel.RandomRolloutEvaluator(1, seed),
                2.0,
                SEARCH_ITERATIONS,
                -1,
                pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                False,
                False,
            )
            steps = 0
            start = time.perf_counter()
            deadline = start + seconds
            while time.perf_counter() < deadline:
                bot.step(states[steps % len(states)])
                steps += 1
            return Sample((steps * SEARCH_ITERATIONS, steps), time.perf_counter() - start)

        bench.add(Row(key, f"{label}: iterations/s", measure(bench, run).rate()))
    bench.ratio(
        "julien_ismcts_over_openspiel",
        "julien: ISMCTS iterations/s, random rollouts, cardcore / OpenSpiel hearts",
        "julien_ismcts_random",
        key,
        None,
    )


def bots_section(bench: Bench) -> list[tuple[str, Callable[[], None]]]:
    """The bots section's measurements."""
    steps: list[tuple[str, Callable[[], None]]] = []
    for game in GAMES:
        steps += [
            (f"{game}: heuristic bot", partial(heuristic_decisions, bench, game)),
            (f"{game}: determinization", partial(determinize_rate, bench, game)),
            (f"{game}: ISMCTS, random", partial(search_rate, bench, game, "random")),
            (f"{game}: ISMCTS, heuristic", partial(search_rate, bench, game, "heuristic")),
        ]
    steps.append(("OpenSpiel ISMCTS on hearts", partial(openspiel_ismcts, bench)))
    return steps


# --------------------------------------------------------------------------------------
# Ray

# The runs both backends play: as many matches as a few seconds take locally.
RAY_SIMULATION = {"name": "brouc", "games": 4_000_000, "seed": 1}
RAY_ARENA = {"name": "brouc", "lineup": ["medium", "easy"], "matches": 40_000, "seed": 1}


def ray_overhead(bench: Bench) -> None:
    """A task's overhead: tasks of one random Brouc deal (a microsecond), through the
    backend's own runner, as many at once as the local Ray has CPUs; the time a batch
    costs a CPU. Then the default batches' time over it."""
    from cardcore import _ray

    ray = _ray.connect(None)
    slots = _ray.task_slots(ray, 1)
    arguments: tuple[Any, ...] = ("brouc", 1, 1, {"single_deal": True})

    def tasks(count: int) -> None:
        batches = _ray.Batches(count, 1, 1, slots)
        _ray.run_batches(ray, _ray.play_simulation, batches, arguments, threads=1)

    tasks(40)  # the workers started and warm
    best = float("inf")
    for _ in range(REPEATS):
        started = time.perf_counter()
        tasks(400)
        best = min(best, (time.perf_counter() - started) * slots / 400)
    bench.add(Row("ray_task_overhead", "Ray: a task's overhead per batch", best * 1e6, " µs"))
    bench.add(
        Row(
            "ray_batch_over_overhead",
            f"Ray: a default batch ({_ray.BATCH_SECONDS:g} s) over the overhead",
            _ray.BATCH_SECONDS / best,
            "x",
            20.0,
        )
    )


def ray_throughput(bench: Bench, kind: str) -> None:
    """Matches/s of the same run locally (every core) and on the local Ray (its default
    batches), and the ratio."""
    run: Any = cardcore.simulate if kind == "simulate" else cardcore.arena
    arguments: dict[str, Any] = dict(RAY_SIMULATION if kind == "simulate" else RAY_ARENA)
    matches: int = arguments["games"] if kind == "simulate" else arguments["matches"]
    name = arguments.pop("name")
    lineup = arguments.pop("lineup", None)
    positional = (name,) if lineup is None else (name, lineup)
    for backend in ("local", "ray"):
        best = float("inf")
        for _ in range(REPEATS):
            started = time.perf_counter()
            run(*positional, backend=backend, **arguments)
            best = min(best, time.perf_counter() - started)
        bench.add(
            Row(
                f"ray_{kind}_{backend}",
                f"Ray: {kind} {name}, {backend}",
                matches / best,
                " matches/s",
            )
        )
    bench.ratio(
        f"ray_{kind}_ratio",
        f"Ray: {kind} {name}, on Ray over local",
        f"ray_{kind}_ray",
        f"ray_{kind}_local",
        0.9,
    )


def ray_section(bench: Bench) -> list[tuple[str, Callable[[], None]]]:
    """The Ray section's measurements; none without the ray extra."""
    try:
        importlib.import_module("ray")
    except ImportError:
        bench.add(Row("ray_missing", "Ray (the ray extra is not installed)"))
        return []
    return [
        ("Ray: task overhead", partial(ray_overhead, bench)),
        ("Ray: simulate throughput", partial(ray_throughput, bench, "simulate")),
        ("Ray: arena throughput", partial(ray_throughput, bench, "arena")),
    ]


# --------------------------------------------------------------------------------------
# The table


def _figure(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "x":
        return f"{value:.2f}x"
    return f"{value:,.0f}{unit}"


def _target(target: float | None, unit: str) -> str:
    if target is None:
        return ""
    if unit == "x":
        return f">= {target:.2g}x"
    if target >= 1e6:
        return f">= {target / 1e6:g}M{unit}"
    return f">= {target:,.0f}{unit}"


def print_table(rows: list[Row], out: Any = sys.stdout) -> None:
    headers = ("measurement", "figure", "target", "status")
    cells = [(r.label, _figure(r.value, r.unit), _target(r.target, r.unit), r.status) for r in rows]
    widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(headers)]

    def line(values: tuple[str, ...]) -> str:
        return (
            f"{values[0]:<{widths[0]}}  {values[1]:>{widths[1]}}  "
            f"{values[2]:<{widths[2]}}  {values[3]}"
        ).rstrip()

    print(line(headers), file=out)
    print("  ".join("-" * w for w in widths), file=out)
    for row, cell in zip(rows, cells, strict=True):
        print(line(cell), file=out)
        if row.note:
            print(f"    ({row.note})", file=out)


def _cpu_times() -> tuple[int, int] | None:
    """(busy, total) jiffies of all CPUs from /proc/stat; None where there is none."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return sum(fields) - idle, sum(fields)


def cpu_busy(interval: float = 0.5) -> float | None:
    """The share of all CPUs busy over ``interval`` seconds while this script sleeps."""
    first = _cpu_times()
    time.sleep(interval)
    second = _cpu_times()
    if first is None or second is None or second[1] == first[1]:
        return None
    return (second[0] - first[0]) / (second[1] - first[1])


def environment() -> dict[str, Any]:
    native_module = sys.modules.get("cardcore._core")
    return {
        "cardcore": getattr(cardcore, "__version__", "?"),
        "native_module": getattr(native_module, "__file__", "?"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "cpu_busy_before": cpu_busy(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="cardcore benchmarks (always exits 0)")
    parser.add_argument("--seconds", type=float, default=2.0, help="wall time per measurement")
    parser.add_argument("--quick", action="store_true", help="0.5 s per measurement")
    parser.add_argument("--seed", type=int, default=2024, help="seed of every measurement")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    parser.add_argument("--only", choices=["bots", "ray", "envs"], help="run one section only")
    args = parser.parse_args(argv)
    if _IMPORT_ERROR is not None:
        print(f"cardcore is not importable ({_IMPORT_ERROR}); build it first, e.g.")
        print("  pip install .   or   maturin develop --release")
        return 0
    seconds = 0.5 if args.quick else max(0.05, args.seconds)
    bench = Bench(seconds=seconds, warmup=min(0.5, seconds / 4), seed=args.seed)
    env = environment()
    print(f"cardcore {env['cardcore']} ({env['native_module']})")
    print(
        f"Python {env['python']} on {env['platform']}, {env['cpus']} CPUs; "
        f"{seconds:g} s per measurement (best of {REPEATS} runs)"
    )
    busy = env["cpu_busy_before"]
    if busy is not None:
        print(f"CPU already in use before the run: {100 * busy:.0f}% of all CPUs")
        if busy > BUSY_WARNING:
            print("warning: the machine is busy; the figures will be low and noisy")
    print()

    if args.only == "bots":
        return finish(bench, env, args, bots_section(bench))
    if args.only == "ray":
        return finish(bench, env, args, ray_section(bench))
    if args.only == "envs":
        return finish(bench, env, args, envs_section(bench))
    steps: list[tuple[str, Callable[[], None]]] = [
        ("OpenSpiel hearts' numpy observer", partial(openspiel_observer, bench)),
        ("PettingZoo classic cards", partial(pettingzoo_classic, bench)),
    ]
    for game in GAMES:
        steps += [
            (f"{game}: native 1 thread, deals", partial(native, bench, game, 1, True)),
            (f"{game}: native 1 thread, matches", partial(native, bench, game, 1, False)),
            (f"{game}: native 2 threads, deals", partial(native, bench, game, 2, True)),
            (f"{game}: native 2 threads, matches", partial(native, bench, game, 2, False)),
            (f"{game}: speed-up", partial(speedups, bench, game)),
            (f"{game}: Python loop", partial(engine_loop, bench, game)),
            (f"{game}: reference loop", partial(reference_loop, bench, game)),
            (f"{game}: clone", partial(clone_rate, bench, game)),
            (f"{game}: observation", partial(observation_rate, bench, game)),
            (f"{game}: tensors and masks", partial(tensor_rate, bench, game)),
            (f"{game}: batched environment", partial(vector_rate, bench, game)),
            (f"{game}: batched self-play", partial(vector_self_play_rate, bench, game)),
        ]
    steps += [
        ("OpenSpiel", partial(openspiel, bench)),
        ("RLCard", partial(rlcard_peer, bench)),
        ("Jolly against the gin rummies", partial(jolly_against_gin_rummy, bench)),
        ("Jolly's action sets", partial(jolly_action_sets, bench)),
        *bots_section(bench),
        *ray_section(bench),
    ]
    return finish(bench, env, args, steps)


def envs_section(bench: Bench) -> list[tuple[str, Callable[[], None]]]:
    """The batched environment's rows alone (``--only envs``): each game's single-seat
    and self-play steps/s."""
    steps: list[tuple[str, Callable[[], None]]] = []
    for game in GAMES:
        steps += [
            (f"{game}: batched environment", partial(vector_rate, bench, game)),
            (f"{game}: batched self-play", partial(vector_self_play_rate, bench, game)),
        ]
    return steps


def finish(
    bench: Bench,
    env: dict[str, Any],
    args: argparse.Namespace,
    steps: list[tuple[str, Callable[[], None]]],
) -> int:
    """Runs ``steps``, prints the table and writes the JSON report if asked."""
    errors: dict[str, str] = {}
    for name, step in steps:
        print(f"measuring: {name} ...", file=sys.stderr, flush=True)
        try:
            step()
        except Exception as exc:  # a broken measurement is reported, not fatal
            errors[name] = f"{type(exc).__name__}: {exc}"
            bench.add(Row(f"error_{len(errors)}", f"{name}", note=f"error: {errors[name]}"))
            traceback.print_exc(file=sys.stderr)
    print()
    print_table(bench.rows)
    if args.json:
        report = {
            "environment": env,
            "seconds": bench.seconds,
            "seed": args.seed,
            "figures": bench.figures,
            "targets": {
                r.key: {"target": r.target, "status": r.status}
                for r in bench.rows
                if r.target is not None
            },
            "errors": errors,
        }
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=2)
            f.write("\n")
        print(f"\nfigures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
