"""Trains a small agent from scratch on cardcore's batched environment, with numpy only,
and plots its learning curve: win rate against random bots over training time.

    pip install 'cardcore[numpy]' matplotlib    # matplotlib only draws the PNG
    python benches/train.py                     # Brouc, 10 minutes, docs/img/learning_curve.png
    python benches/train.py --game julien --minutes 5 --png curve.png
    python benches/train.py --self-play --png docs/img/learning_curve_self_play.png

The agent plays seat 0 of whole matches; its partner (for team games) and the
opponents are ``RandomBot`` players inside the engine (``cardcore.VectorEnv``). With
``--self-play`` it plays every seat instead (``opponents="self"``): each step is one
decision of whichever seat is to act, and each seat's decisions are labelled with that
seat's outcome (``seat_rewards``); it is still evaluated at seat 0 against random bots. The
policy is a one-hidden-layer network over the seat's observation tensor, its logits
masked to the legal actions; it learns by policy gradient with a learned baseline
(advantage actor-critic on Monte Carlo returns: the match's +1/-1/0 outcome), Adam,
and an entropy bonus. Every ``--eval-every`` seconds of training, the greedy policy
plays ``--eval-matches`` fresh matches against random bots; the curve is that win
rate with its 95% interval. This is a benchmark, not a test: it is not run in CI.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import cardcore

Array = np.ndarray[Any, Any]


@dataclass
class Adam:
    """Adam on a list of parameter arrays, updated in place."""

    params: list[Array]
    lr: float
    beta1: float = 0.9
    beta2: float = 0.999
    eps: float = 1e-8
    step: int = 0
    m: list[Array] = field(default_factory=list)
    v: list[Array] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]

    def update(self, grads: list[Array]) -> None:
        self.step += 1
        correction1 = 1 - self.beta1**self.step
        correction2 = 1 - self.beta2**self.step
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= self.beta1
            m += (1 - self.beta1) * g
            v *= self.beta2
            v += (1 - self.beta2) * g * g
            p -= self.lr * (m / correction1) / (np.sqrt(v / correction2) + self.eps)


class Agent:
    """A policy and a value head on one hidden ReLU layer."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> None:
        scale = math.sqrt(2.0 / inputs)
        self.w1 = (rng.standard_normal((inputs, hidden)) * scale).astype(np.float32)
        self.b1 = np.zeros(hidden, np.float32)
        self.wp = (rng.standard_normal((hidden, actions)) * 0.01).astype(np.float32)
        self.bp = np.zeros(actions, np.float32)
        self.wv = np.zeros((hidden, 1), np.float32)
        self.bv = np.zeros(1, np.float32)

    @property
    def params(self) -> list[Array]:
        return [self.w1, self.b1, self.wp, self.bp, self.wv, self.bv]

    def forward(self, x: Array, mask: Array) -> tuple[Array, Array, Array]:
        """Hidden layer, masked action probabilities and values."""
        h = np.maximum(x @ self.w1 + self.b1, 0.0)
        logits = np.where(mask, h @ self.wp + self.bp, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        return h, p, (h @ self.wv + self.bv)[:, 0]

    def act(self, x: Array, mask: Array, rng: np.random.Generator, greedy: bool) -> Array:
        _, p, _ = self.forward(x, mask)
        if greedy:
            return np.asarray(p.argmax(axis=1))
        # Inverse-CDF sampling, one uniform per row.
        cumulative = p.cumsum(axis=1)
        draws = rng.random((len(p), 1)) * cumulative[:, -1:]
        return np.asarray(np.minimum((cumulative < draws).sum(axis=1), p.shape[1] - 1))

    def gradients(
        self, x: Array, mask: Array, actions: Array, returns: Array, entropy: float
    ) -> tuple[list[Array], dict[str, float]]:
        """Of: -advantage * log p(action) - entropy * H(p) + 0.5 * (value - return)^2."""
        n = len(x)
        h, p, value = self.forward(x, mask)
        advantage = returns - value
        rows = np.arange(n)
        log_p = np.log(np.where(mask, p, 1.0))
        h_p = -(p * log_p).sum(axis=1)
        d_logits = p.copy()
        d_logits[rows, actions] -= 1.0
        d_logits *= advantage[:, None]
        d_logits += entropy * p * (log_p + h_p[:, None])
        d_logits = np.where(mask, d_logits, 0.0) / n
        d_value = ((value - returns) / n)[:, None]
        d_h = d_logits @ self.wp.T + d_value @ self.wv.T
        d_h *= h > 0
        grads = [
            x.T @ d_h,
            d_h.sum(axis=0),
            h.T @ d_logits,
            d_logits.sum(axis=0),
            h.T @ d_value,
            d_value.sum(axis=0),
        ]
        stats = {"entropy": float(h_p.mean()), "value_error": float((advantage**2).mean())}
        return [g.astype(np.float32) for g in grads], stats


def evaluate(agent: Agent, game: str, matches: int, seed: int, envs: int) -> tuple[float, int]:
    """The greedy agent's win rate over ``matches`` fresh whole matches against random
    bots (the first ``matches`` to end across ``envs`` tables), and their count."""
    env = cardcore.VectorEnv(game, envs, seed=seed)
    rng = np.random.default_rng(seed)
    wins = ended = 0
    while ended < matches:
        _, _, rewards, terminated, _ = env.step(
            agent.act(env.observations, env.masks, rng, greedy=True)
        )
        for reward in rewards[terminated][: matches - ended]:
            wins += int(reward > 0)
            ended += 1
    return wins / ended, ended


def wilson(rate: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def train(args: argparse.Namespace) -> list[dict[str, float]]:
    rng = np.random.default_rng(args.seed)
    env = cardcore.VectorEnv(
        args.game,
        args.envs,
        seed=args.seed,
        threads=args.threads,
        opponents="self" if args.self_play else "random",
        reward="outcome",
    )
    agent = Agent(env.observation_size, env.action_count, args.hidden, rng)
    adam = Adam(agent.params, args.lr)
    # Each table's steps since its match began, per seat (one seat unless self-play),
    # labelled with that seat's outcome at the match's end.
    seats = range(env.num_players)
    pending: list[list[list[tuple[Array, Array, int]]]] = [
        [[] for _ in seats] for _ in range(args.envs)
    ]
    batch_x: list[Array] = []
    batch_mask: list[Array] = []
    batch_action: list[int] = []
    batch_return: list[float] = []
    curve: list[dict[str, float]] = []
    steps = updates = 0
    trained = 0.0  # seconds spent training (evaluations excluded)

    def record(seconds: float) -> None:
        rate, n = evaluate(agent, args.game, args.eval_matches, args.seed + 1 + len(curve), 256)
        low, high = wilson(rate, n)
        point = {
            "minutes": seconds / 60,
            "steps": steps,
            "win_rate": rate,
            "low": low,
            "high": high,
        }
        curve.append(point)
        print(
            f"{seconds / 60:5.1f} min  {steps:>10,} steps  {updates:>5} updates  "
            f"win rate {rate:.3f} [{low:.3f}, {high:.3f}]",
            flush=True,
        )

    record(0.0)
    next_eval = args.eval_every
    started = time.perf_counter()
    while trained < args.minutes * 60:
        observations, masks = env.observations.copy(), env.masks.copy()
        players = env.players.tolist()
        actions = agent.act(observations, masks, rng, greedy=False)
        _, _, _, terminated, _ = env.step(actions)
        steps += args.envs
        for i in range(args.envs):
            pending[i][players[i]].append((observations[i], masks[i], int(actions[i])))
        for i in np.flatnonzero(terminated).tolist():
            for seat in seats:
                for x, mask, action in pending[i][seat]:
                    batch_x.append(x)
                    batch_mask.append(mask)
                    batch_action.append(action)
                    batch_return.append(float(env.seat_rewards[i, seat]))
                pending[i][seat] = []
        if len(batch_x) >= args.batch:
            grads, _ = agent.gradients(
                np.stack(batch_x),
                np.stack(batch_mask),
                np.asarray(batch_action),
                np.asarray(batch_return, np.float32),
                args.entropy,
            )
            adam.update(grads)
            updates += 1
            batch_x, batch_mask, batch_action, batch_return = [], [], [], []
        trained = time.perf_counter() - started
        if trained >= next_eval:
            paused = time.perf_counter()
            record(trained)
            started += time.perf_counter() - paused  # evaluations do not count as training
            next_eval += args.eval_every
    if trained / 60 > curve[-1]["minutes"] + 1e-3:
        record(trained)
    return curve


def plot(curve: list[dict[str, float]], args: argparse.Namespace, path: str) -> None:
    # An optional dependency of the bench alone, imported untyped.
    matplotlib: Any = importlib.import_module("matplotlib")
    matplotlib.use("Agg")
    plt: Any = importlib.import_module("matplotlib.pyplot")

    minutes = [p["minutes"] for p in curve]
    fig, ax = plt.subplots(figsize=(7, 4), dpi=120)
    ax.fill_between(minutes, [p["low"] for p in curve], [p["high"] for p in curve], alpha=0.25)
    ax.plot(minutes, [p["win_rate"] for p in curve], marker="o", label="agent (greedy)")
    ax.axhline(0.5, color="grey", linestyle=":", label="random play (0.5)")
    ax.axhline(0.6, color="red", linestyle="--", label="target (0.6)")
    ax.set_xlabel("training time (minutes)")
    ax.set_ylabel(f"share won of {args.eval_matches:,} matches")
    trained_how = "self-play" if args.self_play else "trained against random bots"
    ax.set_title(f"{args.game}: seat 0 against random bots ({trained_how}, {args.envs} tables)")
    ax.set_ylim(0.3, 1.0)
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="brouc", choices=cardcore.GAMES)
    parser.add_argument("--minutes", type=float, default=10.0, help="training time")
    parser.add_argument("--envs", type=int, default=256, help="tables stepped together")
    parser.add_argument("--threads", type=int, default=1, help="the environment's threads")
    parser.add_argument(
        "--self-play", action="store_true", help="train at every seat (opponents='self')"
    )
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--batch", type=int, default=4096, help="labelled steps per update")
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--eval-every", type=float, default=60.0, help="seconds of training")
    parser.add_argument("--eval-matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--png", default="docs/img/learning_curve.png")
    parser.add_argument("--json", help="also write the curve as JSON")
    args = parser.parse_args(argv)
    curve = train(args)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"args": vars(args), "curve": curve}, f, indent=2)
    try:
        plot(curve, args, args.png)
        print(f"learning curve written to {args.png}")
    except ImportError:
        print("matplotlib is not installed: no PNG (pip install matplotlib)", file=sys.stderr)
    final = curve[-1]
    verdict = "met" if final["low"] > 0.5 and final["win_rate"] >= 0.6 else "MISSED"
    print(f"final win rate {final['win_rate']:.3f}: target 0.6 {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
