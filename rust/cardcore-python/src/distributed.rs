//! The native half of runs split in batches (`backend="ray"`): `simulate`
//! and `arena` hand such a run to `cardcore._ray`, Python as Ray is, which
//! plays each batch, a range of the run's match indices, through the
//! private functions here. A batch's part is JSON text of integer tallies,
//! so that the parts merge here into exactly the figures of one local run.

use cardcore::bot::Levels;
use cardcore::error::shortened;
use cardcore::selfplay::Trajectories;
use cardcore::simulate::Summary;
use cardcore::vector::Opponents;
use cardcore::watch::Control;
use cardcore::{Error, Game};
use numpy::{Element, PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PySequence, PyString};

use crate::{
    count_arg, extract_seed, int_arg, options_err, options_to_json, run_watched, shown, str_arg,
    threads_arg, to_py_err, Failure, PyGame, SimulationSummary, MAX_SIMULATED_GAMES, SIGNAL_TICK,
};

/// A run played in batches of Ray tasks, on the cluster at `address` (a local Ray
/// started by the call when `None`), of `batch_size` matches (sized as the
/// run goes when `None`).
pub(crate) struct Ray {
    address: Option<String>,
    batch_size: Option<u64>,
    /// The seconds the cluster at `address` has to answer (`None`: `cardcore._ray`'s default).
    connect_timeout: Option<f64>,
}

/// The `backend`, `address`, `batch_size` and `connect_timeout` arguments:
/// Ray's settings with `backend="ray"`, `None` for this machine's threads
/// (which take none of the others).
pub(crate) fn backend_arg<'py>(
    backend: Option<&Bound<'py, PyAny>>,
    address: Option<&Bound<'py, PyAny>>,
    batch_size: Option<&Bound<'py, PyAny>>,
    connect_timeout: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Ray>> {
    let given = |arg: Option<&Bound<'py, PyAny>>| arg.filter(|a| !a.is_none()).cloned();
    let name = match given(backend) {
        Some(backend) => str_arg(&backend, |shown| Error::option("backend", shown))?,
        None => "local".to_owned(),
    };
    let address = given(address)
        .map(|a| str_arg(&a, |shown| Error::option("address", shown)))
        .transpose()?;
    let batch_size = given(batch_size)
        .map(|b| {
            count_arg(
                int_arg(&b, |m| Error::option("batch_size", m))?,
                "batch_size",
            )
        })
        .transpose()?;
    let connect_timeout = given(connect_timeout)
        .map(|t| seconds_arg(&t, "connect_timeout"))
        .transpose()?;
    match name.as_str() {
        "local" => {
            let ray_only = [
                ("address", address.is_some()),
                ("batch_size", batch_size.is_some()),
                ("connect_timeout", connect_timeout.is_some()),
            ];
            match ray_only.into_iter().find(|(_, given)| *given) {
                Some((option, _)) => Err(to_py_err(Error::option(
                    option,
                    "is for backend=\"ray\" only",
                ))),
                None => Ok(None),
            }
        }
        "ray" => Ok(Some(Ray {
            address,
            batch_size,
            connect_timeout,
        })),
        other => Err(to_py_err(Error::option(
            "backend",
            format!("expected \"local\" or \"ray\", got {:?}", shortened(other)),
        ))),
    }
}

/// The longest `connect_timeout`: a day.
const MAX_SECONDS: f64 = 86_400.0;

/// A number of seconds above 0 (an `int` or a `float`, a day at most), named `name`.
fn seconds_arg(value: &Bound<'_, PyAny>, name: &str) -> PyResult<f64> {
    let seconds = if value.is_instance_of::<PyFloat>() || crate::is_int(value) {
        value.extract::<f64>().unwrap_or(f64::INFINITY)
    } else {
        let message = format!("expected a number of seconds, got {}", shown(value));
        return Err(to_py_err(Failure::Type(Error::option(name, message))));
    };
    if seconds > 0.0 && seconds <= MAX_SECONDS {
        Ok(seconds)
    } else {
        let message = format!(
            "expected seconds above 0 (a day at most), got {}",
            shown(value)
        );
        Err(to_py_err(Error::option(name, message)))
    }
}

impl Ray {
    /// Hands the run to `cardcore._ray.<function>(**arguments, address=..., batch_size=...)`.
    pub(crate) fn run<'py>(
        self,
        py: Python<'py>,
        function: &str,
        arguments: &Bound<'py, PyDict>,
    ) -> PyResult<Bound<'py, PyAny>> {
        arguments.set_item("address", self.address)?;
        arguments.set_item("batch_size", self.batch_size)?;
        arguments.set_item("connect_timeout", self.connect_timeout)?;
        py.import("cardcore._ray")?
            .getattr(function)?
            .call((), Some(arguments))
    }
}

/// The `start` and `stop` arguments: a range of a run's match indices.
pub(crate) fn range_arg(
    start: &Bound<'_, PyAny>,
    stop: &Bound<'_, PyAny>,
) -> PyResult<std::ops::Range<u64>> {
    let index = |value: &Bound<'_, PyAny>, name: &str| -> PyResult<u64> {
        let i = int_arg(value, |m| Error::option(name, m))?;
        u64::try_from(i)
            .ok()
            .filter(|&i| i <= MAX_SIMULATED_GAMES)
            .ok_or_else(|| {
                let message = format!("expected 0 to {MAX_SIMULATED_GAMES}, got {i}");
                to_py_err(Error::option(name, message))
            })
    };
    let (start, stop) = (index(start, "start")?, index(stop, "stop")?);
    if stop < start {
        let message = format!("expected a stop at or after start {start}, got {stop}");
        return Err(to_py_err(Error::option("stop", message)));
    }
    Ok(start..stop)
}

/// A batch of a run as the `_*_part` functions take it: the run's seed, its
/// matches `start..stop` and the threads (default 1).
pub(crate) struct Batch {
    seed: u64,
    range: std::ops::Range<u64>,
    threads: usize,
}

impl Batch {
    pub(crate) fn read(
        seed: &Bound<'_, PyAny>,
        start: &Bound<'_, PyAny>,
        stop: &Bound<'_, PyAny>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Batch> {
        Ok(Batch {
            seed: extract_seed(seed)?,
            range: range_arg(start, stop)?,
            threads: threads_arg(threads)?.unwrap_or(1),
        })
    }

    /// Plays the batch: `play` is given its matches, seed and threads and the
    /// tick to call, the GIL released and Ctrl-C heard (`run_watched`).
    pub(crate) fn play<T: Send>(
        self,
        py: Python<'_>,
        control: &Control,
        play: impl Send
            + FnOnce(
                std::ops::Range<u64>,
                u64,
                usize,
                &mut (dyn FnMut(&Control) + Send),
            ) -> cardcore::Result<T>,
    ) -> PyResult<cardcore::Result<T>> {
        let Batch {
            seed,
            range,
            threads,
        } = self;
        let count = range.end - range.start;
        run_watched(py, count, None, control, |on_tick| {
            play(range, seed, threads, on_tick)
        })
    }
}

/// The matches `start..stop` of a `simulate` run seeded `seed`, as JSON text
/// for `_simulate_summary`.
#[pyfunction]
#[pyo3(signature = (name, *, seed, start, stop, threads = None, **options))]
pub(crate) fn _simulate_part(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    start: &Bound<'_, PyAny>,
    stop: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let name = str_arg(name, Error::UnknownGame)?;
    let batch = Batch::read(seed, start, stop, threads)?;
    cardcore::with_game!(name.as_str(), G => {
        let options = options_to_json::<G>(options)?;
        let control = Control::new();
        let summary = batch.play(py, &control, |range, seed, threads, on_tick| {
            cardcore::simulate::simulate_part_with::<G>(
                range, seed, threads, &options, &control, SIGNAL_TICK, on_tick,
            )
        })?
        .map_err(|e| options_err::<G>(e, &options))?;
        Ok(serde_json::to_string(&summary).expect("a summary is JSON"))
    }, unknown => Err(to_py_err(Error::UnknownGame(name))))
}

/// Parts' JSON texts, read as `T`.
pub(crate) fn read_parts<T: serde::de::DeserializeOwned>(
    parts: &Bound<'_, PyAny>,
) -> PyResult<Vec<T>> {
    if parts.is_instance_of::<PyString>() || parts.cast::<PySequence>().is_err() {
        let message = format!("expected a list of parts' texts, got {}", shown(parts));
        return Err(to_py_err(Failure::Type(Error::option("parts", message))));
    }
    let parts: Vec<T> = parts
        .try_iter()?
        .map(|part| {
            let text = str_arg(&part?, |shown| Error::option("parts", shown))?;
            serde_json::from_str(&text)
                .map_err(|e| to_py_err(Error::option("parts", format!("not a part: {e}"))))
        })
        .collect::<PyResult<_>>()?;
    if parts.is_empty() {
        return Err(to_py_err(Error::option(
            "parts",
            "expected a part at least",
        )));
    }
    Ok(parts)
}

/// The summary of a `simulate` run from the parts of its batches.
#[pyfunction]
#[pyo3(signature = (name, parts, *, elapsed_seconds, threads))]
pub(crate) fn _simulate_summary(
    name: &Bound<'_, PyAny>,
    parts: &Bound<'_, PyAny>,
    elapsed_seconds: f64,
    threads: usize,
) -> PyResult<SimulationSummary> {
    let name = str_arg(name, Error::UnknownGame)?;
    let parts = read_parts::<Summary>(parts)?;
    let mut total = Summary::empty(parts[0].wins.len());
    for part in &parts {
        total.merge(part).map_err(to_py_err)?;
    }
    total.elapsed_seconds = elapsed_seconds;
    total.threads = threads;
    cardcore::with_game!(name.as_str(), G => {
        Ok(SimulationSummary::new(G::NAME, total))
    }, unknown => Err(to_py_err(Error::UnknownGame(name))))
}

/// The `bots` argument of self-play: a sequence (not a `str`) of `"random"`
/// and level names, the line-up at the seats.
fn players_arg(bots: &Bound<'_, PyAny>) -> PyResult<Vec<Opponents>> {
    if bots.is_instance_of::<PyString>() || bots.cast::<PySequence>().is_err() {
        let message = format!("expected a list of bot names, got {}", shown(bots));
        return Err(to_py_err(Failure::Type(Error::option("bots", message))));
    }
    bots.try_iter()?
        .map(|bot| {
            let name = str_arg(&bot?, |shown| Error::option("bots", shown))?;
            Opponents::parse(&name).map_err(|_| {
                let message = format!(
                    "expected one of random, easy, medium, hard, expert, got {:?}",
                    shortened(&name)
                );
                to_py_err(Error::option("bots", message))
            })
        })
        .collect()
}

/// A numpy array of `values`, in rows of `width` when given.
fn array<'py, T: Element>(
    py: Python<'py>,
    values: Vec<T>,
    width: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let rows = width.map(|width| values.len() / width.max(1));
    let array = PyArray1::from_vec(py, values);
    match (rows, width) {
        (Some(rows), Some(width)) => Ok(array.reshape([rows, width])?.into_any()),
        _ => Ok(array.into_any()),
    }
}

/// The decisions of matches `start..stop` of a self-play run seeded `seed`,
/// `bots` at the seats: a dict of numpy arrays, a row per decision.
#[pyfunction]
#[pyo3(signature = (name, bots, *, seed, start, stop, threads = None, **options))]
#[allow(clippy::too_many_arguments)] // the Python signature's
pub(crate) fn _selfplay_part<'py>(
    py: Python<'py>,
    name: &Bound<'py, PyAny>,
    bots: &Bound<'py, PyAny>,
    seed: &Bound<'py, PyAny>,
    start: &Bound<'py, PyAny>,
    stop: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    crate::arrays::numpy_importable(py)?;
    let name = str_arg(name, Error::UnknownGame)?;
    let players = players_arg(bots)?;
    let batch = Batch::read(seed, start, stop, threads)?;
    cardcore::with_game!(name.as_str(), G => {
        let options = options_to_json::<G>(options)?;
        let control = Control::new();
        let rows = batch.play(py, &control, |range, seed, threads, on_tick| {
            cardcore::selfplay::play_with::<G>(
                range, seed, &players, threads, &options, &control, SIGNAL_TICK, on_tick,
            )
        })?
        .map_err(|e| options_err::<G>(e, &options))?;
        columns::<G>(py, rows)
    }, unknown => Err(to_py_err(Error::UnknownGame(name))))
}

/// The columns of `rows` as numpy arrays, by name.
fn columns<'py, G: Levels + PyGame>(
    py: Python<'py>,
    rows: Trajectories,
) -> PyResult<Bound<'py, PyDict>> {
    let columns = PyDict::new(py);
    columns.set_item("match", array(py, rows.matches, None)?)?;
    columns.set_item("seat", array(py, rows.seats, None)?)?;
    columns.set_item("turn", array(py, rows.turns, None)?)?;
    let observations = array(py, rows.observations, Some(G::TENSOR_SIZE))?;
    columns.set_item("observation", observations)?;
    columns.set_item("mask", array(py, rows.masks, Some(G::ACTION_COUNT))?)?;
    columns.set_item("action", array(py, rows.actions, None)?)?;
    columns.set_item("reward", array(py, rows.rewards, None)?)?;
    columns.set_item("end", array(py, rows.ends, None)?)?;
    Ok(columns)
}
