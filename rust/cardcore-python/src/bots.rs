//! `cardcore.bots`: the native bots at each level (`make`), which decide from
//! an observation, never from the game.

use std::sync::Mutex;

use cardcore::bot::{Bot, Level, Levels};
use cardcore::game::ActionId;
use cardcore::Error;
use pyo3::prelude::*;

use crate::{extract_seed, lock, shown, str_arg, to_py_err, Failure, PyAction, PyGame};

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
    Level::from_name(&name).ok_or_else(|| to_py_err(unknown(format!("{name:?}"))))
}

/// A native bot of one game, whatever the game.
trait AnyGameBot: Send {
    /// The bot's action for `view`, an observation of its game whose seat is to act.
    fn act(&mut self, py: Python<'_>, view: &Bound<'_, PyAny>) -> PyResult<Py<PyAction>>;
}

struct GameBot<G: Levels>(Box<dyn Bot<G>>);

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
}

/// A native bot: one game's player at one level, from its seed (`cardcore.bots.make`).
#[pyclass(module = "cardcore.bots", name = "NativeBot", frozen)]
pub(crate) struct PyNativeBot {
    game: &'static str,
    level: Level,
    seed: u64,
    bot: Mutex<Box<dyn AnyGameBot>>,
}

#[pymethods]
impl PyNativeBot {
    /// The registered name of the game it plays.
    #[getter]
    fn game(&self) -> &'static str {
        self.game
    }

    /// Its level: `"easy"`, `"medium"` or `"hard"`.
    #[getter]
    fn level(&self) -> &'static str {
        self.level.name()
    }

    /// The seed it was made with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The action it chooses for the seat of `observation`, which must be to act
    /// (an observation of its game, from `game.observation(seat)`).
    fn act(&self, py: Python<'_>, observation: &Bound<'_, PyAny>) -> PyResult<Py<PyAction>> {
        lock(&self.bot, "this bot")?.act(py, observation)
    }

    fn __repr__(&self) -> String {
        format!(
            "<cardcore.bots.NativeBot game={:?} level={:?} seed={}>",
            self.game,
            self.level.name(),
            self.seed
        )
    }
}

/// A native bot playing `game` at `level` (`"easy"`, `"medium"` or `"hard"`),
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
        let bot: Box<dyn AnyGameBot> = Box::new(GameBot::<G>(cardcore::bot::bot::<G>(level, seed)));
        Ok(PyNativeBot { game: <G as cardcore::Game>::NAME, level, seed, bot: Mutex::new(bot) })
    }, unknown => Err(to_py_err(Error::UnknownGame(name.clone()))))
}
