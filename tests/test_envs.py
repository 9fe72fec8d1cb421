"""The environments for learning agents (docs/envs.md): the peers' own checkers on every
game (PettingZoo's ``api_test``, Gymnasium's ``check_env``), seeded determinism, the
rewards at a match's end, illegal actions and the other seats' bots."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

import cardcore
from cardcore import bots
from harness import CONFIGURED_GAMES

pettingzoo_test = pytest.importorskip(
    "pettingzoo.test", reason="the pettingzoo extra is not installed (cardcore[pettingzoo])"
)
pytest.importorskip("gymnasium", reason="the gymnasium extra is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from cardcore.envs import gymnasium as gym_env  # noqa: E402
from cardcore.envs import pettingzoo as aec  # noqa: E402


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
@pytest.mark.parametrize("options", [{"single_deal": True}, {}], ids=["deal", "match"])
def test_pettingzoo_api_test(name: str, options: dict[str, Any]) -> None:
    pettingzoo_test.api_test(aec.env(name, **options), num_cycles=400, verbose_progress=False)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_gymnasium_check_env(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning of the checker fails the test
        check_env(gym_env.CardcoreEnv(name, single_deal=True), skip_render_check=True)


def play_aec(name: str, seed: int) -> tuple[list[int], dict[str, float], list[int]]:
    """A whole single deal through the AEC interface, random legal actions: the actions,
    the final cumulative rewards and the game's winning seats."""
    env = aec.RawEnv(name, single_deal=True)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions: list[int] = []
    finals: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            finals[agent] = reward
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert legal.tolist() == [a.id for a in env.game.legal_actions()]
        actions.append(int(rng.choice(legal)))
        env.step(actions[-1])
    return actions, finals, env.game.winning_seats


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_an_aec_match_is_seeded_and_rewards_its_winners(name: str) -> None:
    actions, finals, winners = play_aec(name, 7)
    assert play_aec(name, 7)[0] == actions
    assert play_aec(name, 8)[0] != actions
    assert len(finals) == cardcore.new_game(name, seed=0, single_deal=True).num_players
    for agent, reward in finals.items():
        seat = int(agent.removeprefix("player_"))
        expected = 0.0 if not winners else 1.0 if seat in winners else -1.0
        assert reward == expected, (agent, winners)


def test_an_illegal_aec_action_raises_and_changes_nothing() -> None:
    env = aec.RawEnv("brouc")
    env.reset(seed=1)
    state = env.game.to_json()
    illegal = next(i for i in range(32) if not env.game.is_legal(i))
    with pytest.raises(cardcore.IllegalActionError):
        env.step(illegal)
    with pytest.raises(cardcore.IllegalActionError, match="None"):
        env.step(None)
    with pytest.raises(cardcore.IllegalActionTypeError):
        env.step(1.5)  # type: ignore[arg-type]
    assert env.game.to_json() == state
    assert env.agent_selection == f"player_{env.game.current_player}"


@pytest.mark.parametrize("opponents", ["random", "medium"])
@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_the_gymnasium_seat_plays_against_bots(name: str, opponents: bots.Opponents) -> None:
    env = gym_env.CardcoreEnv(name, seat=1, opponents=opponents, single_deal=True)
    observation, _ = env.reset(seed=3)
    again, _ = gym_env.CardcoreEnv(name, seat=1, opponents=opponents, single_deal=True).reset(
        seed=3
    )
    assert np.array_equal(observation["observation"], again["observation"])
    rng = np.random.default_rng(3)
    reward, over = 0.0, False
    while not over:
        assert env.game.current_player == 1
        assert np.array_equal(observation["action_mask"].astype(bool), env.action_masks())
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, over, truncated, info = env.step(np.int64(rng.choice(legal)))
        assert not truncated
        assert info == {"illegal": False}
        if not over:
            assert reward == 0.0
    winners = env.game.winning_seats
    assert reward == (0.0 if not winners else 1.0 if 1 in winners else -1.0)
    with pytest.raises(cardcore.IllegalActionError, match="reset"):
        env.step(np.int64(0))


def test_an_illegal_gymnasium_action_costs_and_changes_nothing() -> None:
    env = gym_env.CardcoreEnv("tarot", illegal_reward=-0.5)
    observation, _ = env.reset(seed=2)
    state = env.game.to_json()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(np.int64(illegal))
    assert (reward, terminated, truncated, info) == (-0.5, False, False, {"illegal": True})
    assert env.game.to_json() == state
    assert np.array_equal(after["observation"], observation["observation"])


def test_a_seat_off_the_table_is_refused() -> None:
    with pytest.raises(cardcore.SeatError):
        gym_env.CardcoreEnv("jolly", seat=2, players=2)
    with pytest.raises(cardcore.SeatTypeError):
        gym_env.CardcoreEnv("jolly", seat=True)
    env = gym_env.CardcoreEnv("brouc")
    env.reset(seed=1)
    state = env.game.to_json()
    with pytest.raises(cardcore.IllegalActionTypeError):
        env.step(1.5)  # type: ignore[arg-type]
    assert env.game.to_json() == state


def test_huge_arguments_give_short_messages() -> None:
    """docs/protocol.md, "Errors": a message quotes at most 200 characters of a value,
    and names an integer too long to write out by its digits."""
    calls: list[tuple[dict[str, Any], type[cardcore.CardcoreError], str]] = [
        ({"opponents": "x" * 4_000_000}, cardcore.OptionError, "(4000002 characters)"),
        ({"seat": 10**5000}, cardcore.SeatError, "integer of about 5001 digits"),
        ({"seat": -(10**5000)}, cardcore.SeatError, "negative integer of about 5001 digits"),
    ]
    for arguments, error, named in calls:
        with pytest.raises(error) as caught:
            gym_env.CardcoreEnv("brouc", **arguments)
        assert len(str(caught.value)) < 400
        assert named in str(caught.value)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_winning_seats_follow_the_match(name: str) -> None:
    game = cardcore.new_game(name, seed=4, single_deal=True)
    rng = np.random.default_rng(4)
    while not game.is_over:
        assert game.winning_seats == []
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    assert set(game.winning_seats) <= set(range(game.num_players))
    winners = getattr(game, "winners", None)
    if isinstance(winners, list):
        assert game.winning_seats == winners


# A table where nobody bids: with one deal at most, the match ends at its cap.
CAPPED: dict[str, Any] = {"single_deal": True, "max_deals": 1}


def _first_legal(mask: np.ndarray[Any, Any]) -> int:
    return int(np.flatnonzero(mask)[0])


def test_a_match_ended_by_its_cap_is_an_aec_truncation() -> None:
    table = aec.env("five_hundred", **CAPPED)
    table.reset(seed=1)
    ends = []
    for _agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        if terminated or truncated:
            ends.append((terminated, truncated, reward))
            table.step(None)
            continue
        table.step(_first_legal(observation["action_mask"]))  # always a pass
    assert table.unwrapped.game.truncated
    assert ends == [(False, True, 0.0)] * 4


def test_a_match_ended_by_its_cap_is_a_gymnasium_truncation() -> None:
    # The agent lays a card and takes it back, forever: the round's cap ends it.
    env = gym_env.CardcoreEnv("jolly", players=2, single_deal=True, max_round_steps=100)
    undo = int(env.game.action("undo").id)
    for seed in range(3):
        observation, _ = env.reset(seed=seed)
        over = truncated = False
        while not (over or truncated):
            legal = observation["action_mask"]
            action = undo if legal[undo] else _first_legal(legal)
            observation, reward, over, truncated, _ = env.step(action)
        assert truncated
        assert env.game.truncated
        assert not over
        assert reward == 0.0
