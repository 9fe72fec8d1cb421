//! `cardcore.bots`: the native bots at each level (`make`) and searching bots
//! of chosen settings (`search`), which decide from an observation, never from
//! the game.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use cardcore::bot::{Bot, HardBot, Level, LevelBot, Levels};
use cardcore::error::shortened;
use cardcore::game::ActionId;
use cardcore::ismcts::{Budget, Rollout, Settings};
use cardcore::Error;
use pyo3::prelude::*;
use pyo3::types::{PyFloat, PyTuple};

use crate::{
    extract_seed, int_arg, is_int, lock, shown, str_arg, threads_arg, to_py_err, Failure, PyAction,
    PyGame,
};

/// A level's name, or an `OptionError` naming `what` and the levels.
pub(crate) fn level_arg(level: &Bound<'_, PyAny>, what: &str) -> PyResult<Level> {
    let unknown = |given: String| {
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        Error::option(
            what,
            format!("expected one of {}, got {given}", names.join(", ")),
        )
    };
    let name = str_arg(level, unknown)?;
    Level::from_name(&name).ok_or_else(|| to_py_err(unknown(format!("{:?}", shortened(&name)))))
}

/// A native bot of one game, whatever the game.
trait AnyGameBot: Send {
    /// The bot's action for `view`, an observation of its game whose seat is to act.
    fn act(&mut self, py: Python<'_>, view: &Bound<'_, PyAny>) -> PyResult<Py<PyAction>>;
    /// The search iterations it has run, over all its moves.
    fn iterations(&self) -> u64;
    /// Its whole state, generators included, as JSON text (pickling).
    fn state(&self) -> String;
}

struct GameBot<G: Levels>(LevelBot<G>);

impl<G: Levels + PyGame> AnyGameBot for GameBot<G> {
    fn act(&mut self, py: Python<'_>, view: &Bound<'_, PyAny>) -> PyResult<Py<PyAction>> {
        let observed = G::observed(view).ok_or_else(|| {
            let message = format!("expected a {} observation, got {}", G::NAME, shown(view));
            to_py_err(Failure::Type(Error::IllegalAction(message)))
        })?;
        if !observed.to_act() {
            let message = format!(
                "seat {} is not to act in this observation: a bot acts for the seat to act",
                observed.seat()
            );
            return Err(to_py_err(Error::IllegalAction(message)));
        }
        let bot = &mut self.0;
        // A hard bot searches for tens of milliseconds: other threads run meanwhile.
        let action: ActionId = py.detach(|| bot.act(observed));
        Ok(G::actions(py)?[usize::from(action)].clone_ref(py))
    }

    fn iterations(&self) -> u64 {
        match &self.0 {
            LevelBot::Hard(bot) => bot.search.iterations(),
            LevelBot::Expert(bot) => bot.iterations(),
            LevelBot::Easy(_) | LevelBot::Medium(_) => 0,
        }
    }

    fn state(&self) -> String {
        serde_json::to_string(&self.0).expect("a bot's state is JSON")
    }
}

/// A native bot: one game's player at one level, or searching with chosen
/// settings, from its seed (`cardcore.bots.make`, `cardcore.bots.search`).
#[pyclass(module = "cardcore.bots", name = "NativeBot", frozen)]
pub(crate) struct PyNativeBot {
    game: &'static str,
    /// A level's name, or `"search"`.
    level: &'static str,
    seed: u64,
    /// The settings a `search` bot was made with, for its repr.
    settings: Option<Settings>,
    /// A copy of the bot's count, readable while it thinks in another thread.
    iterations: AtomicU64,
    bot: Mutex<Box<dyn AnyGameBot>>,
}

impl PyNativeBot {
    fn new<G: Levels + PyGame>(
        level: &'static str,
        seed: u64,
        settings: Option<Settings>,
        bot: LevelBot<G>,
    ) -> PyNativeBot {
        PyNativeBot {
            game: G::NAME,
            level,
            seed,
            settings,
            iterations: AtomicU64::new(0),
            bot: Mutex::new(Box::new(GameBot(bot))),
        }
    }
}

#[pymethods]
impl PyNativeBot {
    /// The registered name of the game it plays.
    #[getter]
    fn game(&self) -> &'static str {
        self.game
    }

    /// Its level: `"easy"`, `"medium"`, `"hard"` or `"expert"` (`make`), or `"search"` (`search`).
    #[getter]
    fn level(&self) -> &'static str {
        self.level
    }

    /// The seed it was made with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The search iterations it has run over all its moves (0 for the easy and
    /// medium levels, which do not search; an expert's where it plays as hard).
    #[getter]
    fn iterations(&self) -> u64 {
        self.iterations.load(Ordering::Relaxed)
    }

    /// The action it chooses for the seat of `observation`, which must be to act
    /// (an observation of its game, from `game.observation(seat)`).
    fn act(&self, py: Python<'_>, observation: &Bound<'_, PyAny>) -> PyResult<Py<PyAction>> {
        let mut bot = lock(&self.bot, "this bot")?;
        let action = bot.act(py, observation)?;
        self.iterations.store(bot.iterations(), Ordering::Relaxed);
        Ok(action)
    }

    /// Unpickles as a bot in the state this one is in, generators included:
    /// given the same observations, it acts as this one would.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let state = lock(&self.bot, "this bot")?.state();
        let settings = self
            .settings
            .map(|s| serde_json::to_string(&s).expect("settings are JSON"));
        let rebuild = py.import("cardcore._core")?.getattr("_native_bot")?;
        let arguments = (self.game, self.level, self.seed, settings, state);
        (rebuild, arguments).into_pyobject(py)
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let pickled = self.__reduce__(py)?;
        pickled
            .get_item(0)?
            .call1(pickled.get_item(1)?.cast::<PyTuple>()?)
            .map(Bound::unbind)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__copy__(py)
    }

    fn __repr__(&self) -> String {
        let mut repr = format!(
            "<cardcore.bots.NativeBot game={:?} level={:?} seed={}",
            self.game, self.level, self.seed
        );
        if let Some(settings) = &self.settings {
            let budget = match settings.budget {
                Budget::Iterations(n) => format!("{n} iterations"),
                Budget::Time(limit) => format!("{} ms", limit.as_millis()),
            };
            let rollout = match settings.rollout {
                Rollout::Random => "random".to_owned(),
                Rollout::Heuristic { epsilon } => format!("heuristic, epsilon {epsilon}"),
            };
            repr.push_str(&format!(
                " budget={budget:?} rollout={rollout:?} exploration={} threads={}",
                settings.exploration, settings.threads
            ));
        }
        repr + ">"
    }
}

/// Rebuilds a native bot from `NativeBot.__reduce__`'s figures (pickling).
#[pyfunction]
pub(crate) fn _native_bot(
    game: &str,
    level: &str,
    seed: u64,
    settings: Option<&str>,
    state: &str,
) -> PyResult<PyNativeBot> {
    let bad = |what: &str, e: serde_json::Error| {
        to_py_err(Error::json(format!("not a native bot's {what}: {e}")))
    };
    let level = match Level::from_name(level) {
        Some(level) => level.name(),
        None if level == "search" => "search",
        None => return Err(to_py_err(Error::option("level", format!("{level:?}")))),
    };
    let settings = settings
        .map(|s| serde_json::from_str::<Settings>(s).map_err(|e| bad("settings", e)))
        .transpose()?;
    cardcore::with_game!(game, G => {
        let bot: LevelBot<G> = serde_json::from_str(state).map_err(|e| bad("state", e))?;
        let made = PyNativeBot::new::<G>(level, seed, settings, bot);
        let iterations = lock(&made.bot, "this bot")?.iterations();
        made.iterations.store(iterations, Ordering::Relaxed);
        Ok(made)
    }, unknown => Err(to_py_err(Error::UnknownGame(game.to_owned()))))
}

/// A native bot playing `game` at `level` (`"easy"`, `"medium"`, `"hard"` or `"expert"`),
/// seeded: the same seed and observations give the same actions.
#[pyfunction]
#[pyo3(signature = (game, level, *, seed))]
pub(crate) fn make_bot(
    game: &Bound<'_, PyAny>,
    level: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
) -> PyResult<PyNativeBot> {
    let name = str_arg(game, Error::UnknownGame)?;
    let level = level_arg(level, "level")?;
    let seed = extract_seed(seed)?;
    cardcore::with_game!(name.as_str(), G => {
        Ok(PyNativeBot::new::<G>(level.name(), seed, None, LevelBot::new(level, seed)))
    }, unknown => Err(to_py_err(Error::UnknownGame(name.clone()))))
}

/// The longest time budget a move may have (an hour), so a typo cannot hang the caller.
const MAX_MILLISECONDS: u64 = 3_600_000;

/// A whole number from 1 to `max`, named `name`.
fn positive_arg(value: &Bound<'_, PyAny>, name: &str, max: u64) -> PyResult<u64> {
    let given = int_arg(value, |m| Error::option(name, m))?;
    u64::try_from(given)
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| {
            let message = format!("expected 1 to {max} {name}, got {given}");
            to_py_err(Error::option(name, message))
        })
}

/// A finite number (an `int` or a `float`) from `low` to `high`, named `name`.
fn number_arg(value: &Bound<'_, PyAny>, name: &str, low: f64, high: f64) -> PyResult<f64> {
    let number = if let Ok(float) = value.cast::<PyFloat>() {
        float.value()
    } else if is_int(value) {
        // An integer too large for a float is out of any range here.
        value.extract::<f64>().unwrap_or(f64::INFINITY)
    } else {
        let message = format!("expected a number, got {}", shown(value));
        return Err(to_py_err(Failure::Type(Error::option(name, message))));
    };
    if (low..=high).contains(&number) {
        Ok(number)
    } else {
        let message = format!(
            "expected a number from {low} to {high}, got {}",
            shown(value)
        );
        Err(to_py_err(Error::option(name, message)))
    }
}

/// The search's settings from `cardcore.bots.search`'s arguments (`None`
/// for iterations or milliseconds: not given).
fn settings_args(
    iterations: &Bound<'_, PyAny>,
    milliseconds: &Bound<'_, PyAny>,
    rollout: &Bound<'_, PyAny>,
    epsilon: &Bound<'_, PyAny>,
    exploration: &Bound<'_, PyAny>,
    threads: &Bound<'_, PyAny>,
) -> PyResult<Settings> {
    let budget = match (!iterations.is_none(), !milliseconds.is_none()) {
        (true, true) => {
            let message = "give iterations or milliseconds, not both";
            return Err(to_py_err(Error::option("milliseconds", message)));
        }
        (true, false) => {
            let n = positive_arg(iterations, "iterations", u64::from(u32::MAX))?;
            Budget::Iterations(u32::try_from(n).expect("at most u32::MAX"))
        }
        (false, true) => {
            let ms = positive_arg(milliseconds, "milliseconds", MAX_MILLISECONDS)?;
            Budget::Time(Duration::from_millis(ms))
        }
        (false, false) => Settings::DEFAULT.budget,
    };
    let unknown = |given: String| {
        let message = format!("expected \"heuristic\" or \"random\", got {given}");
        Error::option("rollout", message)
    };
    let rollout_name = str_arg(rollout, unknown)?;
    let epsilon = number_arg(epsilon, "epsilon", 0.0, 1.0)?;
    let rollout = match rollout_name.as_str() {
        "heuristic" => Rollout::Heuristic { epsilon },
        "random" if epsilon == 0.0 => Rollout::Random,
        "random" => {
            let message = format!("{epsilon} is for heuristic rollouts: random ones take 0");
            return Err(to_py_err(Error::option("epsilon", message)));
        }
        other => return Err(to_py_err(unknown(format!("{:?}", shortened(other))))),
    };
    let exploration = number_arg(exploration, "exploration", 0.0, f64::MAX)?;
    // None is one thread, as `simulate` reads None as its default.
    let threads = threads_arg(Some(threads))?.unwrap_or(1);
    Ok(Settings {
        budget,
        exploration,
        rollout,
        threads,
    })
}

/// A native bot playing `game` by a search of the given settings where the
/// hard level searches (docs/bots.md, "Search"), seeded. Every argument is
/// given by `cardcore.bots.search`, which holds the defaults.
#[pyfunction]
#[pyo3(signature = (
    game, *, seed, iterations, milliseconds, rollout, epsilon, exploration, threads
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn search_bot(
    game: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    iterations: &Bound<'_, PyAny>,
    milliseconds: &Bound<'_, PyAny>,
    rollout: &Bound<'_, PyAny>,
    epsilon: &Bound<'_, PyAny>,
    exploration: &Bound<'_, PyAny>,
    threads: &Bound<'_, PyAny>,
) -> PyResult<PyNativeBot> {
    let name = str_arg(game, Error::UnknownGame)?;
    let seed = extract_seed(seed)?;
    let settings = settings_args(
        iterations,
        milliseconds,
        rollout,
        epsilon,
        exploration,
        threads,
    )?;
    cardcore::with_game!(name.as_str(), G => {
        let bot = LevelBot::Hard(HardBot::<G>::new(settings, seed));
        Ok(PyNativeBot::new::<G>("search", seed, Some(settings), bot))
    }, unknown => Err(to_py_err(Error::UnknownGame(name.clone()))))
}
