//! `cardcore.VectorEnv`: the batched environment (`cardcore::vector`), its
//! buffers numpy arrays that each call writes in place, stepped without the GIL.

use std::sync::Mutex;

use cardcore::bot::Levels;
use cardcore::game::Game;
use cardcore::vector::{Opponents, Outputs, Reward, Settings, VecEnv, Views};
use cardcore::Error;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::{
    extract_seed, int_arg, lock, options_err, options_to_json, shown, str_arg, to_py_err, Failure,
    PyGame,
};

/// What the binding needs of a `VecEnv<G>`, whatever `G`.
trait Batch: Send {
    fn reset(&mut self, seed: u64, out: &mut Outputs<'_>) -> cardcore::Result<()>;
    fn step(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> cardcore::Result<()>;
    fn opponents_to_act(&self) -> Vec<usize>;
    fn opponents_view(&mut self, matches: &[usize], view: Views<'_>);
    fn opponents_step(
        &mut self,
        matches: &[usize],
        actions: &[i64],
        out: &mut Outputs<'_>,
    ) -> cardcore::Result<()>;
    /// A copy of match `index` as a Python game object.
    fn game(&self, py: Python<'_>, index: usize) -> PyResult<Option<Py<PyAny>>>;
}

impl<G: PyGame + Levels> Batch for VecEnv<G> {
    fn reset(&mut self, seed: u64, out: &mut Outputs<'_>) -> cardcore::Result<()> {
        VecEnv::reset(self, seed, out)
    }

    fn step(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> cardcore::Result<()> {
        VecEnv::step(self, actions, out)
    }

    fn opponents_to_act(&self) -> Vec<usize> {
        VecEnv::opponents_to_act(self)
    }

    fn opponents_view(&mut self, matches: &[usize], view: Views<'_>) {
        VecEnv::opponents_view(self, matches, view);
    }

    fn opponents_step(
        &mut self,
        matches: &[usize],
        actions: &[i64],
        out: &mut Outputs<'_>,
    ) -> cardcore::Result<()> {
        VecEnv::opponents_step(self, matches, actions, out)
    }

    fn game(&self, py: Python<'_>, index: usize) -> PyResult<Option<Py<PyAny>>> {
        VecEnv::game(self, index)
            .map(|game| game.clone().wrap(py))
            .transpose()
    }
}

/// The buffers, owned by the environment and handed out read-only.
struct Buffers {
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<i8>>,
    players: Py<PyArray1<i64>>,
    rewards: Py<PyArray1<f32>>,
    seat_rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    illegal: Py<PyArray1<bool>>,
    final_observations: Py<PyArray2<f32>>,
    final_scores: Py<PyArray2<i64>>,
    /// `(num_envs, state_tensor_size)`, or `(num_envs, 0)` without `states=True`.
    states: Py<PyArray2<f32>>,
}

/// A numpy array's elements as a Rust slice.
///
/// # Safety
/// The array must be C-contiguous and aligned, stay alive (and unresized)
/// while the slice is used, and have no other Rust reference to its data: true
/// of the buffers, made here and kept by the environment, which only hands
/// out read-only views of them.
unsafe fn elements<'a, T: numpy::Element, D: numpy::ndarray::Dimension>(
    array: &Bound<'_, numpy::PyArray<T, D>>,
) -> &'a mut [T] {
    std::slice::from_raw_parts_mut(array.data(), array.len())
}

/// A fresh 2-D array of zeros, read-only to Python.
fn buffer2<'py, T: numpy::Element>(
    py: Python<'py>,
    rows: usize,
    columns: usize,
) -> PyResult<Py<PyArray2<T>>> {
    let array = PyArray2::<T>::zeros(py, [rows, columns], false);
    array.readwrite().make_nonwriteable();
    Ok(array.unbind())
}

fn buffer1<T: numpy::Element>(py: Python<'_>, rows: usize) -> PyResult<Py<PyArray1<T>>> {
    let array = PyArray1::<T>::zeros(py, rows, false);
    array.readwrite().make_nonwriteable();
    Ok(array.unbind())
}

/// `num_envs` matches of one game stepped together: the agent plays `seat`
/// (default 0) in each, bots (`opponents`: `"random"`, the default, or a
/// level of `cardcore.bots`) the other seats; with `opponents="self"` the
/// agent plays every seat (self-play) and each row shows the seat to act;
/// with a callable, `opponents(observations, masks)` decides for the other
/// seats, given the batch of their observations and masks and returning one
/// action id each (a Python policy, for league or population training).
/// A match's end pays `reward` (`"outcome"` or `"score"`; None for the
/// game's default); an action the agent may not take costs `illegal_reward`
/// (default -1.0); `threads` (default 1) share the matches; with
/// `states=True` each row also shows its match's full-state tensor
/// (`states`, for a centralised critic). Each call writes
/// the batch's rows into the environment's own numpy arrays (read-only
/// views, the same objects every call: copy what must outlive the next call).
#[pyclass(module = "cardcore", name = "VectorEnv", frozen)]
pub(crate) struct PyVectorEnv {
    batch: Mutex<Box<dyn Batch>>,
    buffers: Buffers,
    /// The Python policy of the other seats, when they are not bots.
    policy: Option<Py<PyAny>>,
    game: &'static str,
    num_envs: usize,
    seat: Option<usize>,
    num_players: usize,
    reward: Reward,
    observation_size: usize,
    action_count: usize,
}

#[pymethods]
impl PyVectorEnv {
    #[new]
    #[pyo3(signature = (game, num_envs, *, seed, seat = None, opponents = None, reward = None, illegal_reward = None, threads = None, states = None, **options))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        num_envs: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
        opponents: Option<&Bound<'_, PyAny>>,
        reward: Option<&Bound<'_, PyAny>>,
        illegal_reward: Option<f64>,
        threads: Option<&Bound<'_, PyAny>>,
        states: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        crate::arrays::numpy_importable(py)?;
        let name = str_arg(game, Error::UnknownGame)?;
        let envs = count_arg(num_envs, "num_envs", 1 << 20)?;
        let seed = extract_seed(seed)?;
        let seat = seat.filter(|s| !s.is_none());
        let self_play = opponents.is_some_and(|o| o.eq("self").unwrap_or(false));
        if self_play && seat.is_some() {
            let message = "self-play (opponents=\"self\") plays every seat: leave seat unset";
            return Err(to_py_err(Error::option("seat", message)));
        }
        let seat = match seat {
            None => 0,
            Some(s) if s.is_instance_of::<pyo3::types::PyBool>() => {
                let message = format!("expected a seat number (an int), got {}", shown(s));
                return Err(to_py_err(Failure::Type(Error::Seat(message))));
            }
            Some(s) => {
                let seat = int_arg(s, Error::Seat)?;
                usize::try_from(seat)
                    .map_err(|_| to_py_err(Error::Seat(format!("seat {seat} is out of range"))))?
            }
        };
        let policy = opponents
            .filter(|o| !o.is_instance_of::<pyo3::types::PyString>() && o.is_callable())
            .map(|o| o.clone().unbind());
        let opponents = match opponents.filter(|o| !o.is_none()) {
            None => Some(Opponents::Random),
            Some(_) if self_play => Some(Opponents::Random),
            Some(_) if policy.is_some() => None,
            Some(o) => {
                let name = str_arg(o, |m| Error::option("opponents", m))?;
                Some(Opponents::parse(&name).map_err(to_py_err)?)
            }
        };
        let threads = match threads.filter(|t| !t.is_none()) {
            None => 1,
            Some(t) => count_arg(t, "threads", 1024)?,
        };
        let reward = reward_arg(reward)?;
        let states = states_arg(states)?;
        let settings = Settings {
            seat: (!self_play).then_some(seat),
            opponents,
            reward,
            illegal_reward: illegal_reward.unwrap_or(-1.0) as f32,
            threads,
            states,
        };
        cardcore::with_game!(name.as_str(), G => {
            let json = options_to_json::<G>(options)?;
            let batch = VecEnv::<G>::new(envs, seed, settings, &json)
                .map_err(|e| options_err::<G>(e, &json))?;
            let size = G::TENSOR_SIZE;
            let (players, reward) = (batch.num_players(), batch.reward());
            let env = PyVectorEnv {
                batch: Mutex::new(Box::new(batch)),
                buffers: Buffers {
                    observations: buffer2(py, envs, size)?,
                    masks: buffer2(py, envs, G::ACTION_COUNT)?,
                    players: buffer1(py, envs)?,
                    rewards: buffer1(py, envs)?,
                    seat_rewards: buffer2(py, envs, players)?,
                    terminated: buffer1(py, envs)?,
                    truncated: buffer1(py, envs)?,
                    illegal: buffer1(py, envs)?,
                    final_observations: buffer2(py, envs, size)?,
                    final_scores: buffer2(py, envs, players)?,
                    states: buffer2(py, envs, if states { G::STATE_TENSOR_SIZE } else { 0 })?,
                },
                policy,
                game: G::NAME,
                num_envs: envs,
                seat: settings.seat,
                num_players: players,
                reward,
                observation_size: size,
                action_count: G::ACTION_COUNT,
            };
            env.run(py, |batch, out| batch.reset(seed, out))?;
            env.opponents_play(py)?;
            Ok(env)
        }, unknown => Err(to_py_err(Error::UnknownGame(name))))
    }

    /// The game's registered name.
    #[getter]
    fn game(&self) -> &'static str {
        self.game
    }

    /// The number of matches stepped together.
    #[getter]
    fn num_envs(&self) -> usize {
        self.num_envs
    }

    /// The agent's seat in every match; None in self-play, where the agent
    /// plays every seat (`players` tells which seat each row shows).
    #[getter]
    fn seat(&self) -> Option<usize> {
        self.seat
    }

    /// The seats at each match's table.
    #[getter]
    fn num_players(&self) -> usize {
        self.num_players
    }

    /// What a match's end pays: `"outcome"` (+1 won, -1 lost, 0 nobody won)
    /// or `"score"` (the seat's score over the others' mean, scaled).
    #[getter]
    fn reward(&self) -> &'static str {
        self.reward.name()
    }

    /// The features of a row of `observations` (the game's tensor size).
    #[getter]
    fn observation_size(&self) -> usize {
        self.observation_size
    }

    /// The flags of a row of `masks` (the game's action count).
    #[getter]
    fn action_count(&self) -> usize {
        self.action_count
    }

    /// `(num_envs, state_tensor_size)` float32 with `states=True`: the
    /// full-state tensor of the match each row shows (`game.state_tensor()`),
    /// written with the row's decision; None without.
    #[getter]
    fn states<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArray2<f32>>> {
        let states = self.buffers.states.bind(py);
        (states.shape()[1] > 0).then(|| states.clone())
    }

    /// `(num_envs, observation_size)` float32: each match's observation tensor
    /// for the seat to act (the agent's seat, or in self-play any seat).
    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.buffers.observations.bind(py).clone()
    }

    /// `(num_envs, action_count)` int8: each match's legal actions now (1
    /// legal, 0 not).
    #[getter]
    fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i8>> {
        self.buffers.masks.bind(py).clone()
    }

    /// `(num_envs,)` int64: the seat each row shows, to act: `seat` in every
    /// row, or in self-play whichever seat is to act in the match.
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.buffers.players.bind(py).clone()
    }

    /// `(num_envs,)` float32: the last step's rewards, to the seat that acted.
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        self.buffers.rewards.bind(py).clone()
    }

    /// `(num_envs, num_players)` float32: for each match the last step
    /// ended, every seat's reward; zeros in the other rows.
    #[getter]
    fn seat_rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.buffers.seat_rewards.bind(py).clone()
    }

    /// `(num_envs, num_players)` int64: for each match the last step ended,
    /// its final scores per seat (`game.scores`; other rows hold older values).
    #[getter]
    fn final_scores<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i64>> {
        self.buffers.final_scores.bind(py).clone()
    }

    /// `(num_envs,)` bool: the matches the last step ended (and dealt again).
    #[getter]
    fn terminated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.buffers.terminated.bind(py).clone()
    }

    /// `(num_envs,)` bool: of the matches the last step ended, those ended by
    /// their cap rather than by their rules (docs/protocol.md, "Every match
    /// ends"): nobody won them.
    #[getter]
    fn truncated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.buffers.truncated.bind(py).clone()
    }

    /// `(num_envs,)` bool: the matches where the last step's action was not legal.
    #[getter]
    fn illegal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.buffers.illegal.bind(py).clone()
    }

    /// `(num_envs, observation_size)` float32: for each match the last step
    /// ended, its final observation for the seat that acted (other rows hold
    /// older values).
    #[getter]
    fn final_observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.buffers.final_observations.bind(py).clone()
    }

    /// Deals every match again from `seed` and writes the first decisions.
    /// Returns `(observations, masks)`.
    fn reset<'py>(
        &self,
        py: Python<'py>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let seed = extract_seed(seed)?;
        self.run(py, |batch, out| batch.reset(seed, out))?;
        self.opponents_play(py)?;
        PyTuple::new(
            py,
            [self.observations(py).into_any(), self.masks(py).into_any()],
        )
    }

    /// Plays one action per match (a 1-D array or sequence of `num_envs`
    /// integer action ids) for the seat its row shows, then the bots until the
    /// agent's next decision; a match that ends is dealt again at once. Returns
    /// `(observations, masks, rewards, terminated, illegal)`.
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions = actions_arg(py, actions)?;
        let actions = actions.readonly();
        let actions = actions
            .as_slice()
            .map_err(|e| to_py_err(Error::option("actions", format!("not contiguous: {e}"))))?;
        self.run(py, |batch, out| batch.step(actions, out))?;
        self.opponents_play(py)?;
        PyTuple::new(
            py,
            [
                self.observations(py).into_any(),
                self.masks(py).into_any(),
                self.rewards(py).into_any(),
                self.terminated(py).into_any(),
                self.illegal(py).into_any(),
            ],
        )
    }

    /// A copy of match `index` as it stands (a game object).
    fn game_at(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let at = int_arg(index, |m| Error::option("index", m))?;
        let batch = lock(&self.batch, "this VectorEnv")?;
        let found = usize::try_from(at)
            .ok()
            .map(|i| batch.game(py, i))
            .transpose()?
            .flatten();
        found.ok_or_else(|| {
            to_py_err(Error::option(
                "index",
                format!("expected 0 to {}, got {at}", self.num_envs - 1),
            ))
        })
    }

    fn __repr__(&self) -> String {
        match self.seat {
            Some(seat) => format!(
                "VectorEnv({:?}, num_envs={}, seat={seat})",
                self.game, self.num_envs
            ),
            None => format!(
                "VectorEnv({:?}, num_envs={}, opponents=\"self\")",
                self.game, self.num_envs
            ),
        }
    }
}

impl PyVectorEnv {
    /// With a Python policy at the other seats: asks it for their decisions,
    /// the batch of the matches where one is to act at a time, until every
    /// match waits for the agent. An error of the policy, or an answer that
    /// is not one legal action per match asked, leaves those matches
    /// waiting: the environment must then be reset.
    fn opponents_play(&self, py: Python<'_>) -> PyResult<()> {
        let Some(policy) = &self.policy else {
            return Ok(());
        };
        loop {
            // The batch is unlocked while the policy runs (it may read the env).
            let (matches, observations, masks) = {
                let mut batch = lock(&self.batch, "this VectorEnv")?;
                let matches = batch.opponents_to_act();
                if matches.is_empty() {
                    return Ok(());
                }
                let count = matches.len();
                let seats = PyArray1::<i64>::zeros(py, count, false);
                let observations =
                    PyArray2::<f32>::zeros(py, [count, self.observation_size], false);
                let masks = PyArray2::<i8>::zeros(py, [count, self.action_count], false);
                // SAFETY: fresh C-contiguous arrays, not yet seen by Python.
                let view = unsafe {
                    Views {
                        seats: elements(&seats),
                        observations: elements(&observations),
                        masks: elements(&masks),
                    }
                };
                batch.opponents_view(&matches, view);
                (matches, observations, masks)
            };
            let answer = policy.call1(py, (observations, masks))?;
            let actions = actions_arg(py, answer.bind(py)).map_err(|_| {
                to_py_err(Failure::Type(Error::option(
                    "opponents",
                    format!(
                        "the policy must return one integer action id per row, got {}",
                        shown(answer.bind(py))
                    ),
                )))
            })?;
            let actions = actions.readonly();
            let actions = actions.as_slice().map_err(|e| {
                to_py_err(Error::option("opponents", format!("not contiguous: {e}")))
            })?;
            self.run(py, |batch, out| {
                batch.opponents_step(&matches, actions, out)
            })?;
        }
    }

    /// Runs `call` on the batch and the buffers, without the GIL.
    fn run(
        &self,
        py: Python<'_>,
        call: impl FnOnce(&mut Box<dyn Batch>, &mut Outputs<'_>) -> cardcore::Result<()> + Send,
    ) -> PyResult<()> {
        let mut batch = lock(&self.batch, "this VectorEnv")?;
        let b = &self.buffers;
        // SAFETY: the buffers are this environment's own C-contiguous arrays,
        // alive as long as it is, read-only to Python, and written only here,
        // under the batch's lock.
        let mut out = unsafe {
            Outputs {
                observations: elements(b.observations.bind(py)),
                masks: elements(b.masks.bind(py)),
                players: elements(b.players.bind(py)),
                rewards: elements(b.rewards.bind(py)),
                seat_rewards: elements(b.seat_rewards.bind(py)),
                terminated: elements(b.terminated.bind(py)),
                truncated: elements(b.truncated.bind(py)),
                illegal: elements(b.illegal.bind(py)),
                final_observations: elements(b.final_observations.bind(py)),
                final_scores: elements(b.final_scores.bind(py)),
                states: elements(b.states.bind(py)),
            }
        };
        let batch: &mut Box<dyn Batch> = &mut batch;
        py.detach(|| call(batch, &mut out)).map_err(to_py_err)
    }
}

/// The `states` argument: a bool, None for False.
fn states_arg(states: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
    match states.filter(|s| !s.is_none()) {
        None => Ok(false),
        Some(s) => s
            .cast::<pyo3::types::PyBool>()
            .map(|b| b.is_true())
            .map_err(|_| {
                let message = format!("expected True or False, got {}", shown(s));
                to_py_err(Failure::Type(Error::option("states", message)))
            }),
    }
}

/// The `reward` argument: `"outcome"`, `"score"`, or None (the game's default).
pub(crate) fn reward_arg(reward: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Reward>> {
    reward
        .filter(|r| !r.is_none())
        .map(|r| {
            let name = str_arg(r, |m| Error::option("reward", m))?;
            Reward::parse(&name).map_err(to_py_err)
        })
        .transpose()
}

/// A count in `1..=most`, named `name` in errors.
fn count_arg(value: &Bound<'_, PyAny>, name: &'static str, most: usize) -> PyResult<usize> {
    let count = int_arg(value, |m| Error::option(name, m))?;
    usize::try_from(count)
        .ok()
        .filter(|c| (1..=most).contains(c))
        .ok_or_else(|| {
            to_py_err(Error::option(
                name,
                format!("expected 1 to {most}, got {count}"),
            ))
        })
}

/// The actions as a contiguous int64 array: any 1-D array or sequence of
/// integers (numpy integer dtypes included; bools, floats and text refused).
fn actions_arg<'py>(
    py: Python<'py>,
    actions: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    if let Ok(array) = actions.cast::<PyArray1<i64>>() {
        if array.is_c_contiguous() {
            return Ok(array.clone());
        }
    }
    let numpy = py.import("numpy")?;
    let bad = |what: String| {
        to_py_err(Failure::Type(Error::option(
            "actions",
            format!("expected a 1-D sequence of integer action ids, got {what}"),
        )))
    };
    let array = numpy
        .call_method1("asarray", (actions,))
        .map_err(|_| bad(shown(actions)))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    let ndim: usize = array.getattr("ndim")?.extract()?;
    if ndim != 1 || !(kind == "i" || kind == "u") {
        let dtype = array.getattr("dtype")?.str()?.to_string();
        return Err(bad(format!("{ndim}-D {dtype} values")));
    }
    let kwargs = PyDict::new(py);
    kwargs.set_item("dtype", numpy.getattr("int64")?)?;
    let converted = numpy.call_method("ascontiguousarray", (array,), Some(&kwargs))?;
    Ok(converted.cast_into::<PyArray1<i64>>()?)
}
