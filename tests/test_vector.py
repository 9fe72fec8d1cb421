"""The batched environment (``cardcore.VectorEnv``, docs/envs.md) and its Gymnasium
vector adapter: rows equal the matches they show, seeded runs repeat whatever the
threads, illegal and malformed actions, read-only buffers, same-step autoreset."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

import numpy as np
import pytest

import cardcore
from cardcore.bots import Opponents
from harness import CONFIGURED_GAMES

Array = np.ndarray[Any, Any]


def random_legal(masks: Array, rng: np.random.Generator) -> Array:
    """A uniformly random legal action per row."""
    return np.asarray((rng.random(masks.shape) * masks).argmax(axis=1))


def random_steps(
    env: cardcore.VectorEnv, seed: int, minimum: int
) -> Iterator[tuple[list[cardcore.Game], Array, tuple[Array, ...]]]:
    """Steps ``env`` with random legal actions, at least ``minimum`` times and on until a
    match has ended: yields the matches before each step, the actions and the step's
    results (at most 5,000 steps)."""
    rng = np.random.default_rng(seed)
    ended = False
    for step in range(5000):
        if step >= minimum and ended:
            return
        before = [env.game_at(i) for i in range(env.num_envs)]
        actions = random_legal(env.masks, rng)
        results = env.step(actions)
        ended = ended or bool(results[3].any())
        yield before, actions, results


@pytest.mark.parametrize("opponents", ["random", "medium"])
@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_rows_show_the_matches_they_stand_for(name: str, opponents: Opponents) -> None:
    seat = 1
    env = cardcore.VectorEnv(name, 3, seed=4, seat=seat, opponents=opponents, single_deal=True)
    ends = 0
    for before, actions, results in random_steps(env, 4, 150):
        observations, masks, rewards, terminated, illegal = results
        assert not illegal.any()
        for i in range(3):
            game = env.game_at(i)
            history = [action.id for action in game.history]
            went_on = [*(action.id for action in before[i].history), int(actions[i])]
            assert game.current_player == seat, "a row always shows the agent's decision"
            np.testing.assert_array_equal(observations[i], game.observation_tensor(seat))
            np.testing.assert_array_equal(masks[i], game.legal_actions_mask())
            if terminated[i]:
                ends += 1
                assert rewards[i] == env.seat_rewards[i, seat]
                if env.reward == "outcome":
                    assert rewards[i] in (-1.0, 0.0, 1.0)
                assert history[: len(went_on)] != went_on, "a new match"
            else:
                assert rewards[i] == 0.0
                assert history[: len(went_on)] == went_on, "the match went on"

    assert ends > 0, "some deals ended within the steps"


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_self_play_rows_show_the_seat_to_act_and_pay_every_seat(name: str) -> None:
    reward: Literal["outcome", "score"] = "score" if name in ("tarot", "jolly") else "outcome"
    env = cardcore.VectorEnv(name, 3, seed=6, opponents="self", reward=reward, single_deal=True)
    assert (env.seat, env.reward) == (None, reward)
    assert env.seat_rewards.shape == env.final_scores.shape == (3, env.num_players)
    ends, seen = 0, set()
    for before, actions, results in random_steps(env, 6, 100):
        observations, masks, rewards, terminated, _ = results
        for i in range(3):
            game, played = env.game_at(i), before[i]
            acting = played.current_player
            assert acting is not None
            played.apply(actions[i])  # no bot plays: the step is this one action
            player = int(env.players[i])
            seen.add(player)
            assert game.current_player == player
            np.testing.assert_array_equal(observations[i], game.observation_tensor(player))
            np.testing.assert_array_equal(masks[i], game.legal_actions_mask())
            assert terminated[i] == played.is_over
            if terminated[i]:
                ends += 1
                assert env.seat_rewards[i].tolist() == pytest.approx(played.rewards(reward))
                assert rewards[i] == env.seat_rewards[i, acting]
                assert env.final_scores[i].tolist() == played.scores
                np.testing.assert_array_equal(
                    env.final_observations[i], played.observation_tensor(acting)
                )
            else:
                assert game == played
                assert rewards[i] == 0.0
                assert not env.seat_rewards[i].any()
    assert ends > 0
    assert seen == set(range(env.num_players)), "every seat's decisions are shown"


def test_self_play_and_reward_arguments_are_checked() -> None:
    with pytest.raises(cardcore.OptionError, match="seat"):
        cardcore.VectorEnv("brouc", 2, seed=0, opponents="self", seat=1)
    with pytest.raises(cardcore.OptionError, match="outcome or score"):
        cardcore.VectorEnv("brouc", 2, seed=0, reward="wins")  # type: ignore[arg-type]
    with pytest.raises(cardcore.OptionTypeError):
        cardcore.VectorEnv("brouc", 2, seed=0, reward=1)  # type: ignore[arg-type]
    selfish = cardcore.VectorEnv("brouc", 2, seed=0, opponents="self")
    assert repr(selfish) == 'VectorEnv("brouc", num_envs=2, opponents="self")'
    assert selfish.reward == "outcome"
    deal = cardcore.VectorEnv("brouc", 2, seed=0, single_deal=True)
    assert deal.reward == "score", "a Brouc deal has no winner: its score is the default"
    assert deal.masks.dtype == np.int8
    assert deal.players.tolist() == [0, 0]


def first_legal_policy(calls: list[int]) -> Any:
    """A Python opponent that plays each row's first legal action, counting its rows."""

    def policy(observations: Array, masks: Array) -> Array:
        assert observations.dtype == np.float32
        assert masks.dtype == np.int8
        assert len(observations) == len(masks) > 0
        assert masks.any(axis=1).all()
        calls.append(len(masks))
        return np.asarray(masks.argmax(axis=1))

    return policy


@pytest.mark.parametrize("name", ["brouc", "five_hundred"])
def test_a_python_policy_plays_the_other_seats(name: str) -> None:
    seat, calls = 1, list[int]()
    env = cardcore.VectorEnv(
        name, 3, seed=8, seat=seat, opponents=first_legal_policy(calls), single_deal=True
    )
    assert calls, "the opponents before the agent's first decision"
    ends = 0
    for before, actions, (_, _, rewards, terminated, _) in random_steps(env, 8, 60):
        for i in range(3):
            game, replayed = env.game_at(i), before[i]
            replayed.apply(actions[i])
            while not replayed.is_over and replayed.current_player != seat:
                replayed.apply(replayed.legal_actions()[0])  # what the policy plays
            assert terminated[i] == replayed.is_over
            assert game.current_player == seat == env.players[i]
            if terminated[i]:
                ends += 1
                assert rewards[i] == pytest.approx(replayed.rewards(env.reward)[seat])
                assert env.final_scores[i].tolist() == replayed.scores
            else:
                assert game == replayed
    assert ends > 0


def test_a_failing_python_policy_stops_the_step_until_a_reset() -> None:
    def failing(observations: Array, masks: Array) -> Array:
        raise KeyError("no policy here")

    def illegal(observations: Array, masks: Array) -> Array:
        return np.asarray((masks == 0).argmax(axis=1))

    for policy, error in ((failing, KeyError), (illegal, cardcore.IllegalActionError)):
        with pytest.raises(error):
            cardcore.VectorEnv("tarot", 2, seed=1, opponents=policy)
    answers: list[Any] = []
    env = cardcore.VectorEnv(
        "brouc", 2, seed=1, opponents=lambda o, m: answers.pop() if answers else m.argmax(1)
    )
    answers.append([0.5, 1.5])  # not action ids
    with pytest.raises(cardcore.OptionTypeError, match="one integer action id per row"):
        env.step(env.masks.argmax(axis=1))
    with pytest.raises(cardcore.IllegalActionError, match="opponents are to act"):
        env.step(env.masks.argmax(axis=1))
    env.reset(3)
    assert all(env.game_at(i).current_player == 0 for i in range(2))
    env.step(env.masks.argmax(axis=1))


def random_agent_wins(opponents: Opponents) -> float:
    """The share of 400 Brouc matches a random agent wins against ``opponents``."""
    env = cardcore.VectorEnv("brouc", 50, seed=2, opponents=opponents)
    rng = np.random.default_rng(2)
    outcomes: list[float] = []
    while len(outcomes) < 400:
        _, _, rewards, terminated, _ = env.step(random_legal(env.masks, rng))
        outcomes.extend(rewards[terminated].tolist())
    return sum(r > 0 for r in outcomes[:400]) / 400


def test_level_opponents_play_as_their_level() -> None:
    """The native bots of a level fill the other seats: a random agent wins about half
    its matches against random partners and opponents, fewer against medium ones."""
    against_random = random_agent_wins("random")
    against_medium = random_agent_wins("medium")
    assert 0.4 < against_random < 0.6
    assert against_medium < against_random - 0.1


def final_run(name: str, threads: int) -> tuple[list[float], list[bool], Array, Array]:
    env = cardcore.VectorEnv(name, 5, seed=9, threads=threads, single_deal=True)
    rng = np.random.default_rng(9)
    rewards: list[float] = []
    ends: list[bool] = []
    for _ in range(60):
        _, _, reward, terminated, _ = env.step(random_legal(env.masks, rng))
        rewards.extend(reward.tolist())
        ends.extend(terminated.tolist())
    return rewards, ends, env.observations.copy(), env.masks.copy()


@pytest.mark.parametrize("name", ["brouc", "tarot"])
def test_a_seeded_run_repeats_whatever_the_threads(name: str) -> None:
    one = final_run(name, 1)
    for threads in (2, 5):
        again = final_run(name, threads)
        assert again[:2] == one[:2]
        np.testing.assert_array_equal(again[2], one[2])
        np.testing.assert_array_equal(again[3], one[3])


def test_reset_deals_again_from_its_seed() -> None:
    env = cardcore.VectorEnv("five_hundred", 4, seed=1)
    first = [env.game_at(i).to_json() for i in range(4)]
    env.step(env.masks.argmax(axis=1))
    observations, masks = env.reset(1)
    assert [env.game_at(i).to_json() for i in range(4)] == first
    assert observations is env.observations
    assert masks is env.masks
    env.reset(2)
    assert [env.game_at(i).to_json() for i in range(4)] != first


def test_an_illegal_action_changes_nothing_in_its_match_and_costs_its_reward() -> None:
    env = cardcore.VectorEnv("brouc", 2, seed=3, illegal_reward=-0.25)
    before = [env.game_at(i) for i in range(2)]
    actions = env.masks.argmax(axis=1)
    actions[0] = int(np.flatnonzero(env.masks[0] == 0)[0])
    _, _, rewards, terminated, illegal = env.step(actions)
    assert env.game_at(0) == before[0]
    assert env.game_at(1) != before[1]
    assert illegal.tolist() == [True, False]
    assert rewards[0] == pytest.approx(-0.25)
    assert not terminated.any()


@pytest.mark.parametrize(
    ("actions", "error", "named"),
    [
        ([0, 0, 0], cardcore.OptionError, "expected 2 actions, got 3"),
        ([0, 999], cardcore.IllegalActionError, "actions[1] = 999"),
        ([-1, 0], cardcore.IllegalActionError, "actions[0] = -1"),
        (np.zeros(2), cardcore.OptionTypeError, "float64"),
        (np.ones(2, dtype=bool), cardcore.OptionTypeError, "bool"),
        (np.zeros((2, 1), dtype=np.int64), cardcore.OptionTypeError, "2-D"),
        ("ab", cardcore.OptionTypeError, "actions"),
    ],
)
def test_malformed_actions_are_refused_and_change_nothing(
    actions: Any, error: type[Exception], named: str
) -> None:
    env = cardcore.VectorEnv("brouc", 2, seed=3)
    before = [env.game_at(i) for i in range(2)]
    observations = env.observations.copy()
    with pytest.raises(error) as raised:
        env.step(actions)
    assert named in str(raised.value)
    assert isinstance(raised.value, ValueError)
    assert [env.game_at(i) for i in range(2)] == before
    np.testing.assert_array_equal(env.observations, observations)


def test_numpy_integer_actions_of_any_width_are_taken() -> None:
    first = cardcore.VectorEnv("julien", 3, seed=5)
    second = cardcore.VectorEnv("julien", 3, seed=5)
    actions = first.masks.argmax(axis=1)
    first.step(actions.astype(np.uint8))
    second.step(actions.tolist())
    assert [first.game_at(i) for i in range(3)] == [second.game_at(i) for i in range(3)]


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"game": "poker"}, cardcore.UnknownGameError),
        ({"num_envs": 0}, cardcore.OptionError),
        ({"seat": 4}, cardcore.SeatError),
        ({"seat": True}, cardcore.SeatTypeError),
        ({"opponents": "master"}, cardcore.OptionError),
        ({"threads": 0}, cardcore.OptionError),
        ({"single_deal": 3}, cardcore.OptionTypeError),
        ({"bogus": 1}, cardcore.OptionError),
    ],
)
def test_bad_construction_is_a_clear_error(
    arguments: dict[str, Any], error: type[Exception]
) -> None:
    given: dict[str, Any] = {"game": "brouc", "num_envs": 2, "seed": 0} | arguments
    with pytest.raises(error):
        cardcore.VectorEnv(given.pop("game"), given.pop("num_envs"), **given)


def test_the_buffers_are_read_only_views_rewritten_in_place() -> None:
    env = cardcore.VectorEnv("tarot", 2, seed=0, players=3)
    observations = env.observations
    assert observations.shape == (2, env.observation_size)
    assert env.masks.shape == (2, env.action_count)
    with pytest.raises(ValueError, match="read-only"):
        observations[0, 0] = 5.0
    returned = env.step(env.masks.argmax(axis=1))[0]
    assert returned is observations
    assert repr(env) == 'VectorEnv("tarot", num_envs=2, seat=0)'


@pytest.mark.parametrize("opponents", ["random", "self"])
@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_rows_show_their_matches_full_states_when_asked(name: str, opponents: Any) -> None:
    """With ``states=True`` each row's ``states`` is the full-state tensor of the match it
    shows, after every step (new matches included); without, ``states`` is None."""
    assert cardcore.VectorEnv(name, 2, seed=0).states is None
    env = cardcore.VectorEnv(name, 3, seed=9, opponents=opponents, states=True, single_deal=True)
    states = env.states
    assert states is not None
    assert states.shape == (3, env.game_at(0).state_tensor_size)
    assert states.dtype == np.float32
    for _, _, _ in random_steps(env, 9, 40):
        assert env.states is states, "the same buffer, rewritten in place"
        for i in range(3):
            np.testing.assert_array_equal(states[i], env.game_at(i).state_tensor())


def test_the_states_argument_is_a_bool() -> None:
    with pytest.raises(cardcore.OptionTypeError, match="states"):
        cardcore.VectorEnv("brouc", 2, seed=0, states=1)  # type: ignore[arg-type]


gymnasium = pytest.importorskip("gymnasium", reason="the gymnasium extra is not installed")

from gymnasium.vector import AutoresetMode  # noqa: E402

from cardcore.envs.vector import CardcoreVectorEnv  # noqa: E402


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_the_vector_env_follows_the_gymnasium_vector_api(name: str) -> None:
    envs = CardcoreVectorEnv(name, 4, seat=0, single_deal=True)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    observations, infos = envs.reset(seed=7)
    assert envs.observation_space.contains(observations)
    assert infos == {}
    rng = np.random.default_rng(7)
    finished = 0
    for step in range(5000):  # at least 80 steps, and on until a deal has ended
        if step >= 80 and finished:
            break
        actions = random_legal(observations["action_mask"], rng)
        assert envs.action_space.contains(actions)
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        assert envs.observation_space.contains(observations)
        assert rewards.shape == terminated.shape == truncated.shape == (4,)
        assert not truncated.any()
        assert not infos["illegal"].any()
        if terminated.any():
            finished += int(terminated.sum())
            assert infos["_final_obs"].tolist() == terminated.tolist()
            for row in np.flatnonzero(terminated):
                final = infos["final_obs"][row]
                assert envs.single_observation_space.contains(final)
                assert not final["action_mask"].any()
            scores = envs.engine.final_scores
            for row in np.flatnonzero(terminated):
                assert infos["final_info"][row] == {"scores": scores[row].tolist()}
                np.testing.assert_array_equal(infos["final_scores"][row], scores[row])
            if envs.engine.reward == "outcome":
                assert set(rewards[terminated].tolist()) <= {-1.0, 0.0, 1.0}
        assert not rewards[~terminated].any()
        np.testing.assert_array_equal(infos["player"], np.zeros(4))
        np.testing.assert_array_equal(envs.action_masks(), observations["action_mask"])
    assert finished > 0
    envs.close()


def test_vector_resets_repeat_from_their_seed() -> None:
    first, second = CardcoreVectorEnv("brouc", 3), CardcoreVectorEnv("brouc", 3)
    one, _ = first.reset(seed=11)
    two, _ = second.reset(seed=11)
    np.testing.assert_array_equal(one["observation"], two["observation"])
    actions = one["action_mask"].argmax(axis=1)
    np.testing.assert_array_equal(
        first.step(actions)[0]["observation"], second.step(actions)[0]["observation"]
    )
    with pytest.raises(cardcore.OptionTypeError, match="one int"):
        first.reset(seed=[1, 2, 3])


def test_gymnasium_vector_wrappers_run_over_it() -> None:
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    envs = RecordEpisodeStatistics(CardcoreVectorEnv("five_hundred", 4, single_deal=True))
    observations, _ = envs.reset(seed=2)
    rng = np.random.default_rng(2)
    episodes = 0
    for _ in range(300):
        actions = random_legal(observations["action_mask"], rng)
        observations, _, _, _, infos = envs.step(actions)
        if "episode" in infos:
            episodes += int(infos["_episode"].sum())
            assert set(infos["episode"]["r"][infos["_episode"]].tolist()) <= {-1.0, 0.0, 1.0}
    assert episodes > 0


def test_an_uncopied_vector_env_hands_out_the_engine_buffers() -> None:
    envs = CardcoreVectorEnv("brouc", 2, copy=False)
    observations, _ = envs.reset(seed=0)
    assert not observations["observation"].flags.writeable
    assert np.shares_memory(observations["observation"], envs.engine.observations)


def test_matches_ended_by_their_cap_are_truncated_not_terminated() -> None:
    # The agent lays a card and takes it back, forever: the round's cap ends it.
    env = CardcoreVectorEnv("jolly", 4, players=2, single_deal=True, max_round_steps=100)
    undo = int(cardcore.new_game("jolly", seed=0).action("undo").id)
    observations, _ = env.reset(seed=3)
    truncations = 0
    for _ in range(200):
        mask = observations["action_mask"]
        actions = np.array([undo if row[undo] else int(np.flatnonzero(row)[0]) for row in mask])
        observations, rewards, terminated, truncated, infos = env.step(actions)
        assert not (terminated & truncated).any()
        assert (truncated == env.engine.truncated).all()
        assert (rewards[truncated] == 0.0).all()
        assert (infos.get("_final_obs", truncated) >= truncated).all()
        truncations += int(truncated.sum())
    assert truncations > 0


def test_the_gymnasium_vector_env_plays_every_seat_in_self_play() -> None:
    env = CardcoreVectorEnv("julien", 2, opponents="self", reward="score", single_deal=True)
    observations, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    seen: set[int] = set()
    for _ in range(40):
        actions = random_legal(observations["action_mask"], rng)
        observations, _, _, _, infos = env.step(actions)
        np.testing.assert_array_equal(infos["player"], env.engine.players)
        seen.update(infos["player"].tolist())
        for row in range(2):
            game, player = env.engine.game_at(row), int(infos["player"][row])
            assert game.current_player == player
            np.testing.assert_array_equal(
                observations["observation"][row], game.observation_tensor(player)
            )
    assert seen == {0, 1, 2, 3}
