"""The environments for learning agents (docs/envs.md): the peers' own checkers on every
game (PettingZoo's ``api_test``, Gymnasium's ``check_env``), seeded determinism, the
rewards at a match's end, illegal actions and the other seats' bots."""

from __future__ import annotations

import importlib
import warnings
from typing import Any, Literal, get_args

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


Reward = Literal["outcome", "score"]

# The searching bots' scale of a deal's swing, which score rewards divide by.
SCORE_SCALES = {"brouc": 8, "julien": 20, "tarot": 1600, "five_hundred": 250, "jolly": 160}


def expected_rewards(game: cardcore.Game, reward: Reward) -> list[float]:
    """What a finished match pays each seat, worked out here from its scores and
    winners: docs/envs.md, "What an agent sees and gets"."""
    seats = range(game.num_players)
    if reward == "outcome":
        winners = game.winning_seats
        return [0.0 if not winners else 1.0 if seat in winners else -1.0 for seat in seats]
    scores = game.scores
    others = [(sum(scores) - scores[seat]) / (len(scores) - 1) for seat in seats]
    return [(scores[seat] - others[seat]) / SCORE_SCALES[game.name] for seat in seats]


def default_reward(name: str, single_deal: bool) -> Reward:
    """The documented default: outcomes, but scores for a Brouc deal (it has no winner)."""
    return "score" if name == "brouc" and single_deal else "outcome"


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_an_aec_match_is_seeded_and_rewards_its_seats(name: str) -> None:
    actions, finals, winners = play_aec(name, 7)
    assert play_aec(name, 7)[0] == actions
    assert play_aec(name, 8)[0] != actions
    assert len(finals) == cardcore.new_game(name, seed=0, single_deal=True).num_players
    game = cardcore.new_game(name, seed=7, single_deal=True)
    for action in actions:
        game.apply(action)
    assert game.winning_seats == winners
    due = expected_rewards(game, default_reward(name, True))
    for agent, reward in finals.items():
        seat = int(agent.removeprefix("player_"))
        assert reward == pytest.approx(due[seat]), (agent, winners)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_a_finished_match_pays_its_outcome_or_its_score(name: str) -> None:
    for single_deal in (True, False):
        game = cardcore.new_game(name, seed=3, single_deal=single_deal)
        rng = np.random.default_rng(3)
        while not game.is_over:
            assert game.rewards("score") == game.rewards() == [0.0] * game.num_players
            legal = game.legal_actions()
            game.apply(legal[int(rng.integers(len(legal)))])
        for reward in get_args(Reward):
            assert game.rewards(reward) == pytest.approx(expected_rewards(game, reward))
        assert sum(game.rewards("score")) == pytest.approx(0.0, abs=1e-5)
        assert game.rewards() == game.rewards(default_reward(name, single_deal))
    state = game.to_json()
    with pytest.raises(cardcore.OptionError, match="outcome or score"):
        game.rewards("points")  # type: ignore[arg-type]
    with pytest.raises(cardcore.OptionTypeError):
        game.rewards(1)  # type: ignore[arg-type]
    assert game.to_json() == state


def test_a_brouc_deal_pays_its_score_by_default_and_outcomes_on_demand() -> None:
    """A Brouc deal has no winner: outcome rewards would pay 0 to every seat."""
    for reward, nonzero in ((None, True), ("outcome", False)):
        env = aec.raw_env("brouc", single_deal=True, reward=reward)
        env.reset(seed=2)
        paid: dict[str, float] = {}
        infos: dict[str, Any] = {}
        for agent in env.agent_iter():
            observation, got, terminated, truncated, info = env.last()
            if terminated or truncated:
                paid[agent], infos[agent] = got, info
                env.step(None)
                continue
            env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        assert env.game.winning_seats == []
        assert any(paid.values()) == nonzero
        assert all(info == {"scores": env.game.scores} for info in infos.values())
    with pytest.raises(cardcore.OptionError):
        aec.raw_env("brouc", reward="wins")


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
        assert np.array_equal(observation["action_mask"], env.action_masks())
        assert env.action_masks().dtype == observation["action_mask"].dtype == np.int8
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, over, truncated, info = env.step(np.int64(rng.choice(legal)))
        assert not truncated
        if not over:
            assert info == {"illegal": False}
            assert reward == 0.0
    assert info == {"illegal": False, "scores": env.game.scores}
    assert reward == pytest.approx(expected_rewards(env.game, default_reward(name, True))[1])
    with pytest.raises(cardcore.IllegalActionError, match="reset"):
        env.step(np.int64(0))


def test_an_illegal_gymnasium_action_costs_and_changes_nothing() -> None:
    with pytest.raises(cardcore.OptionError, match="reward"):
        gym_env.CardcoreEnv("tarot", reward="wins")  # type: ignore[arg-type]
    env = gym_env.CardcoreEnv("tarot", illegal_reward=-0.5, reward="score")
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


def test_importing_the_envs_registers_a_gymnasium_id_per_game() -> None:
    import gymnasium

    from cardcore.envs import GYMNASIUM_IDS, register

    assert GYMNASIUM_IDS["five_hundred"] == "cardcore/FiveHundred-v0"
    assert sorted(GYMNASIUM_IDS) == sorted(cardcore.GAMES)
    register()  # a second registration leaves the ids as they are, without a warning
    made = gymnasium.make("cardcore/Tarot-v0", seat=2, players=3, single_deal=True)
    assert isinstance(made.unwrapped, gym_env.CardcoreEnv)
    assert (made.unwrapped.seat, made.unwrapped.game.num_players) == (2, 3)
    observation, _ = made.reset(seed=4)
    direct, _ = gym_env.CardcoreEnv("tarot", seat=2, players=3, single_deal=True).reset(seed=4)
    np.testing.assert_array_equal(observation["observation"], direct["observation"])
    batch = gymnasium.make_vec(
        "cardcore/Jolly-v0", 3, vectorization_mode="vector_entry_point", players=2
    )
    from cardcore.envs.vector import CardcoreVectorEnv

    assert isinstance(batch.unwrapped, CardcoreVectorEnv)
    observations, _ = batch.reset(seed=1)
    assert observations["action_mask"].shape == (3, batch.unwrapped.engine.action_count)
    assert batch.unwrapped.engine.num_players == 2


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_each_game_has_a_versioned_pettingzoo_module(name: str) -> None:
    import importlib

    module = importlib.import_module(f"cardcore.envs.{name}_v0")
    table = module.env(single_deal=True)
    assert table.metadata["name"] == f"{name}_v0"
    raw = module.raw_env(render_mode="ansi", single_deal=True)
    assert isinstance(raw, aec.RawEnv)
    assert (raw.game_name, raw.render_mode) == (name, "ansi")
    if name == "julien":  # the checker's cost: one game is enough
        pettingzoo_test.api_test(table, num_cycles=100, verbose_progress=False)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_numpy_integers_are_actions_and_seats_for_every_game(name: str) -> None:
    game = cardcore.new_game(name, seed=2)
    legal = game.legal_actions()[0].id
    illegal = next(i for i in range(game.action_count) if not game.is_legal(i))
    seat = game.current_player
    assert seat is not None
    for kind in (np.uint8, np.uint16, np.int32, np.int64, np.uint64):
        assert game.is_legal(kind(legal))
        assert not game.is_legal(kind(illegal))
        assert game.action(kind(legal)).id == legal
        assert game.describe(kind(legal)) == game.describe(legal)
        np.testing.assert_array_equal(
            game.observation_tensor(kind(seat)),  # type: ignore[arg-type]
            game.observation_tensor(seat),
        )
    state = game.to_json()
    for refused, error in (
        (np.bool_(True), cardcore.IllegalActionTypeError),
        (np.float64(legal), cardcore.IllegalActionTypeError),
        (np.int64(game.action_count), cardcore.IllegalActionError),
        (np.int64(-1), cardcore.IllegalActionError),
        (np.int64(illegal), cardcore.IllegalActionError),
    ):
        with pytest.raises(error):
            game.apply(refused)  # type: ignore[arg-type]
        assert game.to_json() == state
    with pytest.raises(cardcore.SeatTypeError):
        game.observation(np.bool_(False))  # type: ignore[arg-type]
    game.apply(np.int64(legal))
    assert [action.id for action in game.history] == [legal]


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_pettingzoo_state_is_the_full_state_tensor(name: str) -> None:
    """PettingZoo's own ``state_space`` check passes (a warning of it fails the test; its
    ``test_state`` plays unmasked random actions, which cardcore refuses), and along a
    match ``state()`` is the game's full-state tensor, through ``env()``'s wrappers, and
    within ``state_space``."""
    checks = importlib.import_module("pettingzoo.test.state_test")
    table = aec.env(name, single_deal=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        checks.test_state_space(table)
    raw = table.unwrapped
    assert table.state_space.shape == (raw.game.state_tensor_size,)
    table.reset(seed=3)
    for agent in table.agent_iter():
        state = table.state()
        assert np.array_equal(state, raw.game.state_tensor())
        assert table.state_space.contains(state)
        _, _, terminated, truncated, _ = table.last()
        mask = table.observe(agent)["action_mask"]
        table.step(None if terminated or truncated else int(np.flatnonzero(mask)[0]))
    assert raw.game.is_over
