//! `cardcore.arena`: the core's arena ([`cardcore::arena`]) between level
//! names and Python bots, run without the GIL as `simulate` is.

use std::fmt::Write as _;
use std::hash::{BuildHasher, RandomState};
use std::sync::Mutex;

use cardcore::arena::{Entry, Estimate, Part, Report};
use cardcore::bot::{Bot, Level};
use cardcore::error::shortened;
use cardcore::game::{ActionId, Game};
use cardcore::watch::Control;
use cardcore::{Error, Observation};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PySequence, PyString};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::distributed::{backend_arg, read_parts, Batch};
use crate::travel::{exact, game_name, GameName};
use crate::{
    action_id, count_arg, default_threads, extract_seed, int_arg, json_to_py, options_err,
    options_to_json, progress_arg, run_watched, shown, str_arg, threads_arg, to_py_err, type_name,
    Failure, PyGame, SIGNAL_TICK,
};

/// One entry of a line-up as given: a level, or a Python object with `act`.
enum EntryArg {
    Level(Level),
    Python { bot: Py<PyAny>, name: String },
}

/// The `lineup` argument: a sequence (not a `str`) of level names and Python bots.
fn lineup_arg(lineup: &Bound<'_, PyAny>) -> PyResult<Vec<EntryArg>> {
    if lineup.is_instance_of::<PyString>() || lineup.cast::<PySequence>().is_err() {
        let message = format!(
            "expected a list of level names and bots, got {}",
            shown(lineup)
        );
        return Err(to_py_err(Failure::Type(Error::option("lineup", message))));
    }
    lineup.try_iter()?.map(|entry| entry_arg(&entry?)).collect()
}

fn entry_arg(entry: &Bound<'_, PyAny>) -> PyResult<EntryArg> {
    if entry.is_instance_of::<PyString>() {
        let name = str_arg(entry, |shown| Error::option("lineup", shown))?;
        return Level::from_name(&name).map(EntryArg::Level).ok_or_else(|| {
            let levels: Vec<_> = Level::ALL.iter().map(|level| level.name()).collect();
            to_py_err(Error::option(
                "lineup",
                format!(
                    "unknown level {:?} (levels: {})",
                    shortened(&name),
                    levels.join(", ")
                ),
            ))
        });
    }
    if entry.getattr("act").is_ok_and(|act| act.is_callable()) {
        return Ok(EntryArg::Python {
            bot: entry.clone().unbind(),
            name: type_name(entry),
        });
    }
    let message = format!(
        "expected a level name or a bot with an act(observation) method, got {}",
        shown(entry)
    );
    Err(to_py_err(Failure::Type(Error::option("lineup", message))))
}

/// The first error a Python bot raised; the run stops at it.
type Raised = Mutex<Option<PyErr>>;

/// The arena's entries for `lineup`: a Python bot's errors go to `raised`
/// and stop the run through `control`.
fn entries<'a, G: PyGame + cardcore::bot::Levels>(
    lineup: &'a [EntryArg],
    raised: &'a Raised,
    control: &'a Control,
) -> Vec<Entry<'a, G>> {
    lineup
        .iter()
        .map(|entry| match entry {
            EntryArg::Level(level) => Entry::level(*level),
            EntryArg::Python { bot, name } => Entry::new(name.as_str(), move |_seed| {
                Box::new(PythonBot {
                    bot,
                    raised,
                    control,
                }) as Box<dyn Bot<G> + '_>
            }),
        })
        .collect()
}

/// The first error a Python bot raised in a run, if any.
fn raised_error(raised: Raised) -> PyResult<()> {
    match raised.into_inner().unwrap_or_else(|p| p.into_inner()) {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

/// A Python bot playing a seat: each decision takes the GIL to call
/// `bot.act(observation)`. An exception, or an answer that is no action of
/// the game, is kept in `raised` and stops the run, which leaves the group
/// in play without playing the placeholder returned.
struct PythonBot<'a> {
    bot: &'a Py<PyAny>,
    raised: &'a Raised,
    control: &'a Control,
}

impl<G: PyGame> Bot<G> for PythonBot<'_> {
    fn act(&mut self, view: &Observation<G>) -> ActionId {
        let chosen = Python::attach(|py| {
            let observation = G::wrap_observation(view.clone(), py)?;
            let action = self.bot.call_method1(py, "act", (observation,))?;
            action_id::<G>(action.bind(py))
        });
        chosen.unwrap_or_else(|error| {
            let mut raised = self.raised.lock().unwrap_or_else(|p| p.into_inner());
            raised.get_or_insert(error);
            self.control.stop();
            0
        })
    }
}

/// One entry's figures in an arena: the intervals are 95% ones, over the
/// duplicate groups (docs/bots.md, "The arena").
#[pyclass(module = "cardcore", name = "ArenaEntry", frozen, get_all)]
#[derive(Clone, Serialize, Deserialize)]
pub(crate) struct ArenaEntry {
    name: String,
    seat_plays: u64,
    wins: u64,
    #[serde(with = "exact")]
    win_rate: f64,
    #[serde(with = "exact")]
    win_rate_interval: (f64, f64),
    #[serde(with = "exact")]
    mean_score: f64,
    #[serde(with = "exact")]
    mean_score_interval: (f64, f64),
    #[serde(with = "exact")]
    score_difference: f64,
    #[serde(with = "exact")]
    score_difference_interval: (f64, f64),
    timed_moves: u64,
    #[serde(with = "exact")]
    mean_move_seconds: f64,
    #[serde(with = "exact")]
    median_move_seconds: f64,
    #[serde(with = "exact")]
    p95_move_seconds: f64,
    #[serde(with = "exact")]
    max_move_seconds: f64,
}

/// A move's time for the table: in µs under a millisecond, in ms under a second.
fn duration(seconds: f64) -> String {
    if seconds < 1e-3 {
        format!("{:.1} µs", seconds * 1e6)
    } else if seconds < 1.0 {
        format!("{:.1} ms", seconds * 1e3)
    } else {
        format!("{seconds:.2} s")
    }
}

fn interval(estimate: Estimate) -> (f64, f64) {
    (estimate.low, estimate.high)
}

#[pymethods]
impl ArenaEntry {
    fn __repr__(&self) -> String {
        format!(
            "ArenaEntry(name={:?}, seat_plays={}, wins={}, win_rate={:.4}, mean_score={:.3}, score_difference={:.3})",
            self.name, self.seat_plays, self.wins, self.win_rate, self.mean_score, self.score_difference
        )
    }

    /// The figures as a JSON-compatible dict (intervals as two-item lists).
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_to_py(py, &self.to_json())
    }
}

impl ArenaEntry {
    fn to_json(&self) -> Value {
        serde_json::json!({
            "name": self.name,
            "seat_plays": self.seat_plays,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_interval": self.win_rate_interval,
            "mean_score": self.mean_score,
            "mean_score_interval": self.mean_score_interval,
            "score_difference": self.score_difference,
            "score_difference_interval": self.score_difference_interval,
            "timed_moves": self.timed_moves,
            "mean_move_seconds": self.mean_move_seconds,
            "median_move_seconds": self.median_move_seconds,
            "p95_move_seconds": self.p95_move_seconds,
            "max_move_seconds": self.max_move_seconds,
        })
    }
}

/// What `arena` played: per entry, its wins and scores with 95% intervals.
#[pyclass(module = "cardcore", name = "ArenaResult", frozen)]
#[derive(Serialize, Deserialize)]
pub(crate) struct ArenaResult {
    #[pyo3(get)]
    #[serde(with = "game_name")]
    game: GameName,
    #[pyo3(get)]
    seed: u64,
    #[pyo3(get)]
    matches: u64,
    #[pyo3(get)]
    rotations: usize,
    #[pyo3(get)]
    num_players: usize,
    #[pyo3(get)]
    decisions: u64,
    #[pyo3(get)]
    entries: Vec<ArenaEntry>,
    #[pyo3(get)]
    #[serde(with = "exact")]
    even_win_rate: f64,
    #[pyo3(get)]
    #[serde(with = "exact")]
    elapsed_seconds: f64,
    #[pyo3(get)]
    threads: usize,
    options: Value,
}

#[pymethods]
impl ArenaResult {
    /// Every option in force.
    #[getter]
    fn options(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_to_py(py, &self.options)
    }

    #[getter]
    fn decisions_per_second(&self) -> f64 {
        self.decisions as f64 / self.elapsed_seconds.max(1e-9)
    }

    /// The figures as a JSON-compatible dict (what `cardcore arena --json` writes).
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let entries: Vec<Value> = self.entries.iter().map(ArenaEntry::to_json).collect();
        let document = serde_json::json!({
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "matches": self.matches,
            "rotations": self.rotations,
            "num_players": self.num_players,
            "threads": self.threads,
            "decisions": self.decisions,
            "entries": entries,
            "even_win_rate": self.even_win_rate,
            "elapsed_seconds": self.elapsed_seconds,
            "decisions_per_second": self.decisions_per_second(),
        });
        json_to_py(py, &document)
    }

    fn __repr__(&self) -> String {
        let entries: Vec<_> = self.entries.iter().map(ArenaEntry::__repr__).collect();
        format!(
            "ArenaResult(game={:?}, seed={}, matches={}, entries=[{}], even_win_rate={:.4}, decisions={}, elapsed_seconds={:.3}, threads={})",
            self.game, self.seed, self.matches, entries.join(", "), self.even_win_rate, self.decisions, self.elapsed_seconds, self.threads
        )
    }

    /// The table `cardcore arena` prints.
    fn __str__(&self) -> String {
        let mut text = format!(
            "arena {}: {} matches x {} rotations on the same deals, seed {}, {} thread(s)\n",
            self.game,
            grouped(self.matches),
            self.rotations,
            self.seed,
            self.threads
        );
        let against = if self.rotations == 2 {
            "the other entry"
        } else {
            "the mean of the others"
        };
        let width = self
            .entries
            .iter()
            .map(|e| e.name.chars().count())
            .max()
            .unwrap_or(0)
            .max("entry".len());
        let _ = writeln!(
            text,
            "  {:<width$}  {:>10}  {:>8}  {:<20}  {:<20}  score difference",
            "entry", "seat-plays", "wins", "win rate", "mean score"
        );
        for e in &self.entries {
            let half = |(low, high): (f64, f64)| (high - low) / 2.0;
            let (low, high) = e.win_rate_interval;
            let rate = format!(
                "{:.1}% [{:.1}, {:.1}]",
                100.0 * e.win_rate,
                100.0 * low,
                100.0 * high
            );
            let score = format!("{:+.2} ± {:.2}", e.mean_score, half(e.mean_score_interval));
            let difference = format!(
                "{:+.2} ± {:.2}",
                e.score_difference,
                half(e.score_difference_interval)
            );
            let _ = writeln!(
                text,
                "  {:<width$}  {:>10}  {:>8}  {rate:<20}  {score:<20}  {difference}",
                e.name,
                grouped(e.seat_plays),
                grouped(e.wins)
            );
        }
        let _ = writeln!(
            text,
            "  95% intervals over the matches (the win rate's: Wilson's); even win rate \
             {:.1}% (equal bots); score difference against {against}",
            100.0 * self.even_win_rate
        );
        for e in &self.entries {
            let _ = writeln!(
                text,
                "  {:<width$}  {} moves with a choice: median {}, p95 {}, mean {}, slowest {}",
                e.name,
                grouped(e.timed_moves),
                duration(e.median_move_seconds),
                duration(e.p95_move_seconds),
                duration(e.mean_move_seconds),
                duration(e.max_move_seconds)
            );
        }
        let _ = write!(
            text,
            "  {} decisions in {:.3} s ({} decisions/s)",
            grouped(self.decisions),
            self.elapsed_seconds,
            grouped_f64(self.decisions_per_second())
        );
        text
    }
}

/// A count with thousands separators, as every count the command line prints:
/// `1,234,567`.
fn grouped(count: impl Into<u128>) -> String {
    let digits = count.into().to_string();
    let mut text = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// A rate rounded to a whole number, with thousands separators (`nan` and
/// infinities as Rust writes them).
fn grouped_f64(rate: f64) -> String {
    if rate.is_finite() && rate >= 0.0 {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let whole = rate.round() as u64;
        grouped(whole)
    } else {
        format!("{rate:.0}")
    }
}

impl ArenaResult {
    fn new(game: &'static str, seed: u64, options: Value, report: Report) -> ArenaResult {
        let entries = report
            .standings
            .into_iter()
            .zip(report.move_times)
            .map(|(standing, times)| ArenaEntry {
                name: standing.name,
                seat_plays: standing.seat_plays,
                wins: standing.wins,
                win_rate: standing.win_rate.mean,
                win_rate_interval: interval(standing.win_rate),
                mean_score: standing.mean_score.mean,
                mean_score_interval: interval(standing.mean_score),
                score_difference: standing.score_difference.mean,
                score_difference_interval: interval(standing.score_difference),
                timed_moves: times.decisions,
                mean_move_seconds: times.mean().as_secs_f64(),
                median_move_seconds: times.quantile(0.5).as_secs_f64(),
                p95_move_seconds: times.quantile(0.95).as_secs_f64(),
                max_move_seconds: times.slowest.as_secs_f64(),
            })
            .collect();
        ArenaResult {
            game,
            seed,
            matches: report.matches,
            rotations: report.rotations,
            num_players: report.num_players,
            decisions: report.decisions,
            entries,
            even_win_rate: report.even_win_rate,
            elapsed_seconds: report.elapsed_seconds,
            threads: report.threads,
            options,
        }
    }
}

/// Matches between the bots of `lineup`, seats rotated on the same deals, in
/// Rust without the GIL (docs/bots.md, "The arena").
/// Here or on Ray (`cardcore._ray`).
#[pyfunction]
#[pyo3(
    signature = (name, lineup, *, matches = None, seed = None, threads = None, progress = None, backend = None, address = None, batch_size = None, connect_timeout = None, **options),
    text_signature = "(name, lineup, *, matches=100, seed=None, threads=None, progress=None, backend='local', address=None, batch_size=None, connect_timeout=None, **options)"
)]
#[allow(clippy::too_many_arguments)] // the Python signature's
pub(crate) fn arena<'py>(
    py: Python<'py>,
    name: &Bound<'py, PyAny>,
    lineup: &Bound<'py, PyAny>,
    matches: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
    backend: Option<&Bound<'py, PyAny>>,
    address: Option<&Bound<'py, PyAny>>,
    batch_size: Option<&Bound<'py, PyAny>>,
    connect_timeout: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let name = str_arg(name, Error::UnknownGame)?;
    let name = name.as_str();
    let lineup_given = lineup;
    let lineup = lineup_arg(lineup)?;
    let matches = match matches {
        Some(matches) => count_arg(
            int_arg(matches, |m| Error::option("matches", m))?,
            "matches",
        )?,
        None => DEFAULT_MATCHES,
    };
    let seed = match seed.filter(|s| !s.is_none()) {
        Some(seed) => extract_seed(seed)?,
        // A fresh hasher's keys are random (drawn from the system once, then
        // stepped): a new seed at every call, reported in the result.
        None => RandomState::new().hash_one(matches),
    };
    let has_python_bot = lineup.iter().any(|e| matches!(e, EntryArg::Python { .. }));
    let threads = threads_arg(threads)?;
    let progress = progress_arg(progress)?;
    let on_ray = backend_arg(backend, address, batch_size, connect_timeout)?;
    cardcore::with_game!(name, G => {
        let options = options_to_json::<G>(options)?;
        let probe = G::new(seed, &options).map_err(|e| options_err::<G>(e, &options))?;
        let raised = Raised::default();
        let control = Control::new();
        let entries = entries::<G>(&lineup, &raised, &control);
        if let Some(ray) = on_ray {
            // An empty part checks the line-up against the table before any task starts.
            cardcore::arena::arena_part_with(
                &entries, 0..0, seed, 1, &options, &control, SIGNAL_TICK, |_| {},
            )
            .map_err(|e| options_err::<G>(e, &options))?;
            let arguments = PyDict::new(py);
            arguments.set_item("name", G::NAME)?;
            arguments.set_item("lineup", lineup_given)?;
            arguments.set_item("matches", matches)?;
            arguments.set_item("seed", seed)?;
            arguments.set_item("threads", threads)?;
            arguments.set_item("progress", progress)?;
            arguments.set_item("options", json_to_py(py, &Value::Object(options))?)?;
            return ray.run(py, "arena", &arguments);
        }
        // Python bots take turns at the GIL anyway; on one thread they are also
        // called in the same order at every run, so a bot with its own state plays alike.
        let threads =
            threads.unwrap_or_else(|| if has_python_bot { 1 } else { default_threads() });
        let report = run_watched(py, matches, progress.as_ref(), &control, |on_tick| {
            cardcore::arena::arena_with(
                &entries, matches, seed, threads, &options, &control, SIGNAL_TICK, on_tick,
            )
        })?;
        drop(entries);
        raised_error(raised)?;
        let report = report.map_err(|e| options_err::<G>(e, &options))?;
        let result = ArenaResult::new(G::NAME, seed, probe.options(), report);
        Ok(Bound::new(py, result)?.into_any())
    }, unknown => Err(to_py_err(Error::UnknownGame(name.to_owned()))))
}

/// The groups `start..stop` of an arena run seeded `seed`, as JSON text for
/// `_arena_result`; `threads` defaults to 1.
#[pyfunction]
#[pyo3(signature = (name, lineup, *, seed, start, stop, threads = None, **options))]
#[allow(clippy::too_many_arguments)] // the Python signature's
pub(crate) fn _arena_part(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    lineup: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    start: &Bound<'_, PyAny>,
    stop: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let name = str_arg(name, Error::UnknownGame)?;
    let lineup = lineup_arg(lineup)?;
    let batch = Batch::read(seed, start, stop, threads)?;
    cardcore::with_game!(name.as_str(), G => {
        let options = options_to_json::<G>(options)?;
        let raised = Raised::default();
        let control = Control::new();
        let entries = entries::<G>(&lineup, &raised, &control);
        let part = batch.play(py, &control, |range, seed, threads, on_tick| {
            cardcore::arena::arena_part_with(
                &entries, range, seed, threads, &options, &control, SIGNAL_TICK, on_tick,
            )
        })?;
        drop(entries);
        raised_error(raised)?;
        let part = part.map_err(|e| options_err::<G>(e, &options))?;
        Ok(serde_json::to_string(&part).expect("a part is JSON"))
    }, unknown => Err(to_py_err(Error::UnknownGame(name))))
}

/// The result of an arena run from the parts of its batches.
#[pyfunction]
#[pyo3(signature = (name, lineup, parts, *, seed, elapsed_seconds, threads, **options))]
#[allow(clippy::too_many_arguments)] // the Python signature's
pub(crate) fn _arena_result(
    name: &Bound<'_, PyAny>,
    lineup: &Bound<'_, PyAny>,
    parts: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    elapsed_seconds: f64,
    threads: usize,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<ArenaResult> {
    let name = str_arg(name, Error::UnknownGame)?;
    let lineup = lineup_arg(lineup)?;
    let seed = extract_seed(seed)?;
    let parts = read_parts::<Part>(parts)?;
    cardcore::with_game!(name.as_str(), G => {
        let options = options_to_json::<G>(options)?;
        let probe = G::new(seed, &options).map_err(|e| options_err::<G>(e, &options))?;
        let (raised, control) = (Raised::default(), Control::new());
        let entries = entries::<G>(&lineup, &raised, &control);
        let mut total = Part::new(entries.len());
        for part in &parts {
            total.merge(part).map_err(to_py_err)?;
        }
        let report = cardcore::arena::report(&entries, &options, &total, elapsed_seconds, threads)
            .map_err(|e| options_err::<G>(e, &options))?;
        Ok(ArenaResult::new(G::NAME, seed, probe.options(), report))
    }, unknown => Err(to_py_err(Error::UnknownGame(name))))
}

/// The matches an arena plays when not told.
const DEFAULT_MATCHES: u64 = 100;
