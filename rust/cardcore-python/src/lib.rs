//! `cardcore._core`: the thin Python binding of the `cardcore` crate.
//!
//! The rules live in the core crate; this module converts values, maps the
//! core's errors to Python exceptions in one place ([`to_py_err`]) and gives
//! every game the same Python protocol through [`game_class!`].

use cardcore::card::{Card, Rank, Suit};
use cardcore::game::{check_action_id, ActionId, Game};
use cardcore::options::OptionKind;
use cardcore::Error;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Value};

mod brouc;
mod julien;

create_exception!(
    cardcore,
    CardcoreError,
    PyValueError,
    "Every cardcore error; a ValueError."
);
create_exception!(
    cardcore,
    IllegalActionError,
    CardcoreError,
    "An action not legal now, or not of this game."
);
create_exception!(
    cardcore,
    NotationError,
    CardcoreError,
    "Card or action text that does not parse."
);
create_exception!(
    cardcore,
    JsonError,
    CardcoreError,
    "JSON that is not a consistent game state."
);
create_exception!(
    cardcore,
    UnknownGameError,
    CardcoreError,
    "A game name that is not registered."
);
create_exception!(
    cardcore,
    OptionError,
    CardcoreError,
    "A bad option, seed or argument."
);
create_exception!(cardcore, SeatError, CardcoreError, "A seat out of range.");

/// The one place where core errors become Python exceptions.
pub(crate) fn to_py_err(error: Error) -> PyErr {
    let message = error.to_string();
    match error {
        Error::IllegalAction(_) => IllegalActionError::new_err(message),
        Error::Notation(_) => NotationError::new_err(message),
        Error::Json(_) => JsonError::new_err(message),
        Error::UnknownGame(_) => UnknownGameError::new_err(message),
        Error::Option { .. } => OptionError::new_err(message),
        Error::Seat(_) => SeatError::new_err(message),
    }
}

trait IntoPyResult<T> {
    fn py_err(self) -> PyResult<T>;
}

impl<T> IntoPyResult<T> for Result<T, Error> {
    fn py_err(self) -> PyResult<T> {
        self.map_err(to_py_err)
    }
}

// ---------------------------------------------------------------- values

/// JSON values to Python objects (observations, options).
fn json_to_py(py: Python<'_>, value: &Value) -> PyResult<Py<PyAny>> {
    Ok(match value {
        Value::Null => py.None(),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any().unbind(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any().unbind(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any().unbind(),
            _ => n
                .as_f64()
                .unwrap_or(f64::NAN)
                .into_pyobject(py)?
                .into_any()
                .unbind(),
        },
        Value::String(s) => PyString::new(py, s).into_any().unbind(),
        Value::Array(items) => {
            let items = items
                .iter()
                .map(|item| json_to_py(py, item))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any().unbind()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, json_to_py(py, item)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

/// Keyword options to JSON values; only None, bools, ints and strings make sense.
fn options_to_json(options: Option<&Bound<'_, PyDict>>) -> PyResult<Map<String, Value>> {
    let mut map = Map::new();
    for (key, value) in options.into_iter().flat_map(|d| d.iter()) {
        let name: String = key.extract()?;
        let json = if value.is_none() {
            Value::Null
        } else if let Ok(b) = value.cast::<PyBool>() {
            Value::Bool(b.is_true())
        } else if value.is_instance_of::<PyInt>() {
            match value.extract::<i64>() {
                Ok(i) => Value::from(i),
                Err(_) => return Err(to_py_err(Error::option(&name, "integer out of range"))),
            }
        } else if let Ok(s) = value.cast::<PyString>() {
            Value::String(s.to_str()?.to_owned())
        } else if let Some(number) = value
            .cast::<PyFloat>()
            .ok()
            .and_then(|f| serde_json::Number::from_f64(f.value()))
        {
            // A finite float is passed on for the option's own check to word.
            Value::Number(number)
        } else {
            let kind = value.get_type().name()?.to_string();
            return Err(to_py_err(Error::option(
                &name,
                format!("unsupported value of type {kind}"),
            )));
        };
        map.insert(name, json);
    }
    Ok(map)
}

/// An integer argument that fits 64 bits; `bad` words the error otherwise.
fn int_arg(value: &Bound<'_, PyAny>, bad: impl FnOnce(String) -> Error) -> PyResult<i64> {
    let is_int = value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>();
    match value.extract::<i64>() {
        Ok(n) if is_int => Ok(n),
        _ if is_int => Err(to_py_err(bad(format!("{} is out of range", repr(value))))),
        _ => Err(to_py_err(bad(format!(
            "expected an integer, got {}",
            repr(value)
        )))),
    }
}

/// A text argument; `bad` receives the Python repr of anything else.
fn str_arg(value: &Bound<'_, PyAny>, bad: impl FnOnce(String) -> Error) -> PyResult<String> {
    match value.cast::<PyString>() {
        Ok(text) => Ok(text.to_str()?.to_owned()),
        Err(_) => Err(to_py_err(bad(repr(value)))),
    }
}

fn repr(value: &Bound<'_, PyAny>) -> String {
    value
        .repr()
        .map_or_else(|_| "<unprintable>".to_owned(), |r| r.to_string())
}

/// A list of cards, each a `Card` or its text; `name` names the argument.
fn cards_arg(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<Card>> {
    let not_cards = || {
        to_py_err(Error::option(
            name,
            format!("expected a list of cards, got {}", repr(value)),
        ))
    };
    if value.is_instance_of::<PyString>() {
        return Err(not_cards());
    }
    value
        .try_iter()
        .map_err(|_| not_cards())?
        .map(|item| card_arg(&item?, name))
        .collect()
}

/// A card: a `Card` or its text (a `NotationError` if it does not parse).
fn card_arg(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Card> {
    if let Ok(card) = value.cast::<PyCard>() {
        return Ok(card.get().0);
    }
    if value.is_instance_of::<PyString>() {
        return PyCard::parse(value).map(|c| c.0);
    }
    Err(to_py_err(Error::option(
        name,
        format!("expected a card or its text, got {}", repr(value)),
    )))
}

/// A trick's plays as (seat, card) pairs in order of play.
fn plays<const N: usize>(trick: &cardcore::trick::Trick<N>) -> Vec<(usize, PyCard)> {
    trick
        .plays()
        .map(|(seat, card)| (seat, PyCard(card)))
        .collect()
}

/// A seat argument, checked by the game.
fn seat_arg(seat: &Bound<'_, PyAny>) -> PyResult<usize> {
    let seat = int_arg(seat, Error::Seat)?;
    Ok(usize::try_from(seat).unwrap_or(usize::MAX))
}

/// A seed: an integer in 0..2**64.
fn extract_seed(seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    if seed.is_instance_of::<PyInt>() && !seed.is_instance_of::<PyBool>() {
        if let Ok(seed) = seed.extract::<u64>() {
            return Ok(seed);
        }
    }
    Err(to_py_err(Error::option(
        "seed",
        format!("expected an integer in 0..2**64, got {seed}"),
    )))
}

// ---------------------------------------------------------------- cards

#[pyclass(module = "cardcore", name = "Suit", eq, eq_int, frozen, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum PySuit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl From<Suit> for PySuit {
    fn from(suit: Suit) -> PySuit {
        [
            PySuit::Spades,
            PySuit::Hearts,
            PySuit::Diamonds,
            PySuit::Clubs,
        ][suit.index()]
    }
}

#[pymethods]
impl PySuit {
    #[getter]
    fn letter(&self) -> String {
        Suit::ALL[*self as usize].letter().to_string()
    }
}

#[pyclass(module = "cardcore", name = "Rank", eq, eq_int, frozen, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum PyRank {
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Knight,
    Queen,
    King,
    Ace,
}

impl From<Rank> for PyRank {
    fn from(rank: Rank) -> PyRank {
        use PyRank::*;
        [
            Two, Three, Four, Five, Six, Seven, Eight, Nine, Ten, Jack, Knight, Queen, King, Ace,
        ][rank.index()]
    }
}

#[pymethods]
impl PyRank {
    #[getter]
    fn letter(&self) -> &'static str {
        Rank::ALL[*self as usize].text()
    }
}

/// A card face; `Card.parse("QH")`, `str(card) == "QH"`.
#[pyclass(module = "cardcore", name = "Card", eq, frozen, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyCard(pub(crate) Card);

#[pymethods]
impl PyCard {
    #[new]
    fn py_new(text: &Bound<'_, PyAny>) -> PyResult<PyCard> {
        PyCard::parse(text)
    }

    #[staticmethod]
    fn parse(text: &Bound<'_, PyAny>) -> PyResult<PyCard> {
        str_arg(text, Error::Notation)?.parse().map(PyCard).py_err()
    }

    #[staticmethod]
    fn from_id(id: &Bound<'_, PyAny>) -> PyResult<PyCard> {
        let id = int_arg(id, Error::Notation)?;
        usize::try_from(id)
            .ok()
            .and_then(Card::from_id)
            .map(PyCard)
            .ok_or_else(|| to_py_err(Error::Notation(format!("card id {id}"))))
    }

    #[getter]
    fn id(&self) -> usize {
        self.0.id()
    }

    #[getter]
    fn suit(&self) -> Option<PySuit> {
        self.0.suit().map(PySuit::from)
    }

    #[getter]
    fn rank(&self) -> Option<PyRank> {
        self.0.rank().map(PyRank::from)
    }

    #[getter]
    fn tarot_trump(&self) -> Option<u8> {
        self.0.tarot_trump_number()
    }

    #[getter]
    fn is_excuse(&self) -> bool {
        self.0.is_excuse()
    }

    #[getter]
    fn is_joker(&self) -> bool {
        self.0.is_joker()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let text = slf.get().0.to_string();
        (slf.get_type(), (text,)).into_pyobject(slf.py())
    }
}

/// The deck of that size (32, 46, 52, 78 or 110 cards), in face-id order.
#[pyfunction]
fn deck(size: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
    let size = int_arg(size, |m| Error::option("size", m))?;
    usize::try_from(size)
        .ok()
        .and_then(cardcore::card::deck)
        .map(|cards| cards.into_iter().map(PyCard).collect())
        .ok_or_else(|| {
            to_py_err(Error::option(
                "size",
                format!("no deck of {size} cards (32, 46, 52, 78, 110)"),
            ))
        })
}

// ---------------------------------------------------------------- actions

/// A move: a stable integer `id` within its game, a canonical text, typed fields.
#[pyclass(module = "cardcore", name = "Action", frozen)]
struct PyAction {
    game: &'static str,
    id: ActionId,
    kind: &'static str,
    card: Option<Card>,
    text: String,
}

#[pymethods]
impl PyAction {
    #[getter]
    fn game(&self) -> &'static str {
        self.game
    }

    #[getter]
    fn id(&self) -> ActionId {
        self.id
    }

    #[getter]
    fn kind(&self) -> &'static str {
        self.kind
    }

    #[getter]
    fn card(&self) -> Option<PyCard> {
        self.card.map(PyCard)
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("Action({:?}, {}, '{}')", self.game, self.id, self.text)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyAction>()
            .is_ok_and(|o| o.get().game == self.game && o.get().id == self.id)
    }

    fn __hash__(&self) -> u64 {
        let name_hash = self
            .game
            .bytes()
            .fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
        name_hash
            .wrapping_mul(1_000_003)
            .wrapping_add(u64::from(self.id))
    }

    /// Unpickles as the registered game's action of the same id.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rebuild = py.import("cardcore._core")?.getattr("_action")?;
        (rebuild, (self.game, self.id)).into_pyobject(py)
    }
}

/// The shared, immutable action objects of a game, made once.
fn actions_of<G: Game>(
    py: Python<'_>,
    cell: &'static PyOnceLock<Vec<Py<PyAction>>>,
) -> PyResult<&'static [Py<PyAction>]> {
    let actions = cell.get_or_try_init(py, || {
        (0..G::ACTION_COUNT as ActionId)
            .map(|id| {
                Py::new(
                    py,
                    PyAction {
                        game: G::NAME,
                        id,
                        kind: G::action_kind(id),
                        card: G::action_card(id),
                        text: G::action_text(id),
                    },
                )
            })
            .collect::<PyResult<Vec<_>>>()
    })?;
    Ok(actions.as_slice())
}

/// The game's action for an `Action`, an id or a text.
fn action_id<G: Game>(action: &Bound<'_, PyAny>) -> PyResult<ActionId> {
    if let Ok(action) = action.cast::<PyAction>() {
        let action = action.get();
        if action.game != G::NAME {
            return Err(to_py_err(Error::IllegalAction(format!(
                "{} is an action of {}, not {}",
                action.text,
                action.game,
                G::NAME
            ))));
        }
        return Ok(action.id);
    }
    if action.is_instance_of::<PyInt>() && !action.is_instance_of::<PyBool>() {
        return check_action_id::<G>(int_arg(action, Error::IllegalAction)?).py_err();
    }
    if let Ok(text) = action.cast::<PyString>() {
        return G::parse_action(text.to_str()?).py_err();
    }
    Err(to_py_err(Error::IllegalAction(format!(
        "expected an Action, an action id or an action text, got {}",
        repr(action)
    ))))
}

/// Ties each game type to its Python class (implemented by [`game_class!`]).
trait PyGame: Game {
    /// The game's Python class, which holds one game.
    type Class: pyo3::PyClass;
    /// A new Python object holding `self`.
    fn wrap(self, py: Python<'_>) -> PyResult<Py<PyAny>>;
    /// Borrows the class out of a Python object, if it is one.
    fn inner<'a>(game: &'a Bound<'_, PyAny>) -> PyResult<PyRef<'a, Self::Class>>;
    /// The game a class instance holds.
    fn game(class: &Self::Class) -> &Self;
    /// The game's shared `Action` objects, by id.
    fn actions(py: Python<'_>) -> PyResult<&'static [Py<PyAction>]>;
}

/// Defines a game's Python class: the protocol shared by every game, then the
/// game's own accessors (`$extra`, plain `#[pymethods]` items).
macro_rules! game_class {
    ($Class:ident, $Game:ty, $py_name:literal, $doc:literal, { $($extra:tt)* }) => {
        #[doc = $doc]
        #[pyclass(module = "cardcore", name = $py_name)]
        #[derive(Clone)]
        pub(crate) struct $Class {
            game: $Game,
        }

        impl crate::PyGame for $Game {
            type Class = $Class;
            fn wrap(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                Ok(Py::new(py, $Class { game: self })?.into_any())
            }
            fn inner<'a>(game: &'a Bound<'_, PyAny>) -> PyResult<PyRef<'a, $Class>> {
                Ok(game.cast::<$Class>()?.borrow())
            }
            fn game(class: &$Class) -> &$Game {
                &class.game
            }
            fn actions(py: Python<'_>) -> PyResult<&'static [Py<PyAction>]> {
                static ACTIONS: PyOnceLock<Vec<Py<PyAction>>> = PyOnceLock::new();
                crate::actions_of::<$Game>(py, &ACTIONS)
            }
        }

        #[pymethods]
        impl $Class {
            #[new]
            #[pyo3(signature = (*, seed, **options))]
            fn py_new(seed: &Bound<'_, PyAny>, options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
                let seed = crate::extract_seed(seed)?;
                let options = crate::options_to_json(options)?;
                Ok($Class { game: <$Game as Game>::new(seed, &options).py_err()? })
            }

            #[classattr]
            fn action_count() -> usize {
                <$Game as Game>::ACTION_COUNT
            }

            #[getter]
            fn name(&self) -> &'static str {
                <$Game as Game>::NAME
            }

            #[getter]
            fn options(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                crate::json_to_py(py, &self.game.options())
            }

            #[getter]
            fn num_players(&self) -> usize {
                <$Game as Game>::NUM_PLAYERS
            }

            #[getter]
            fn current_player(&self) -> Option<usize> {
                self.game.current_player()
            }

            #[getter]
            fn phase(&self) -> &'static str {
                self.game.phase()
            }

            #[getter]
            fn is_over(&self) -> bool {
                self.game.is_over()
            }

            #[getter]
            fn scores(&self) -> Vec<i64> {
                self.game.scores()
            }

            #[getter]
            fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
                let actions = <$Game as crate::PyGame>::actions(py)?;
                PyList::new(py, self.game.history().iter().map(|&a| &actions[usize::from(a)]))
            }

            fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
                let actions = <$Game as crate::PyGame>::actions(py)?;
                let mut legal = Vec::with_capacity(<$Game as Game>::ACTION_COUNT);
                self.game.legal_actions(&mut legal);
                PyList::new(py, legal.into_iter().map(|a| &actions[usize::from(a)]))
            }

            fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
                let id = crate::action_id::<$Game>(action)?;
                self.game.apply(id).py_err()
            }

            /// The action with that id or text (legal or not).
            fn action(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Py<PyAction>> {
                let id = crate::action_id::<$Game>(action)?;
                Ok(<$Game as crate::PyGame>::actions(py)?[usize::from(id)].clone_ref(py))
            }

            fn clone(&self) -> Self {
                Clone::clone(self)
            }

            fn to_json(&self) -> String {
                self.game.to_json()
            }

            fn observation(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                let seat = crate::seat_arg(seat)?;
                crate::json_to_py(py, &self.game.observation(seat).py_err()?)
            }

            fn __copy__(&self) -> Self {
                Clone::clone(self)
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
                Clone::clone(self)
            }

            fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                let from_json = py.import("cardcore._core")?.getattr("from_json")?;
                (from_json, (self.to_json(),)).into_pyobject(py)
            }

            fn __repr__(&self) -> String {
                let player = self
                    .game
                    .current_player()
                    .map_or_else(|| "None".to_owned(), |seat| seat.to_string());
                format!(
                    "<{} phase={:?} current_player={} scores={:?}>",
                    $py_name,
                    self.game.phase(),
                    player,
                    self.game.scores()
                )
            }

            $($extra)*
        }
    };
}
pub(crate) use game_class;

// ---------------------------------------------------------------- registry

fn new_game_object(
    py: Python<'_>,
    name: &str,
    seed: u64,
    options: &Map<String, Value>,
) -> PyResult<Py<PyAny>> {
    cardcore::with_game!(name, G => G::new(seed, options).py_err()?.wrap(py),
        unknown => Err(to_py_err(Error::UnknownGame(name.to_owned()))))
}

/// A new game by name: `new_game("brouc", seed=1, single_deal=True)`.
#[pyfunction]
#[pyo3(signature = (name, *, seed, **options))]
fn new_game(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let name = str_arg(name, Error::UnknownGame)?;
    let seed = extract_seed(seed)?;
    let options = options_to_json(options)?;
    new_game_object(py, &name, seed, &options)
}

/// The game a `to_json()` text describes: exactly the states play can reach
/// are accepted (docs/protocol.md); texts over `max_bytes` are refused unread.
#[pyfunction]
#[pyo3(signature = (text, *, max_bytes = None))]
fn from_json(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    max_bytes: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let max_bytes = match max_bytes.filter(|m| !m.is_none()) {
        None => cardcore::json::MAX_STATE_BYTES,
        Some(value) => {
            let bad = |m| Error::option("max_bytes", m);
            let given = int_arg(value, bad)?;
            usize::try_from(given)
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| {
                    to_py_err(bad(format!("expected a positive integer, got {given}")))
                })?
        }
    };
    let text = str_arg(text, |r| {
        Error::json(format!("expected a JSON string, got {r}"))
    })?;
    cardcore::json::check_size(&text, max_bytes).py_err()?;
    let name = cardcore::json::game_name(&text).py_err()?;
    cardcore::with_game!(name.as_str(), G => G::from_json(&text).py_err()?.wrap(py),
        unknown => Err(to_py_err(Error::json(format!("unknown game: {name:?}")))))
}

/// Rebuilds an action from its game's name and id (pickling).
#[pyfunction]
fn _action(py: Python<'_>, game: &str, id: &Bound<'_, PyAny>) -> PyResult<Py<PyAction>> {
    cardcore::with_game!(game, G => {
        let id = check_action_id::<G>(int_arg(id, Error::IllegalAction)?).py_err()?;
        Ok(G::actions(py)?[usize::from(id)].clone_ref(py))
    }, unknown => Err(to_py_err(Error::UnknownGame(game.to_owned()))))
}

/// Each registered game: name, doc, players, action count, options (name, kind, default, doc).
#[pyfunction]
fn game_info(py: Python<'_>) -> PyResult<Py<PyAny>> {
    let games: Vec<Value> = cardcore::games::GAMES
        .iter()
        .map(|&name| {
            cardcore::with_game!(name, G => {
                let options: Vec<Value> = G::OPTIONS.iter().map(|spec| {
                    let kind = match spec.kind {
                        OptionKind::Bool { .. } => "bool".to_owned(),
                        OptionKind::Int { .. } => "int".to_owned(),
                        OptionKind::OptionalInt { .. } => "int or None".to_owned(),
                        OptionKind::OptionalChoice { choices } => format!("one of {} or None", choices.join(", ")),
                    };
                    serde_json::json!({"name": spec.name, "kind": kind, "default": spec.default_value(), "doc": spec.doc})
                }).collect();
                serde_json::json!({"name": G::NAME, "doc": G::DESCRIPTION, "players": G::NUM_PLAYERS, "actions": G::ACTION_COUNT, "options": options})
            }, unknown => Value::Null)
        })
        .collect();
    json_to_py(py, &Value::Array(games))
}

// ---------------------------------------------------------------- bots

/// A seeded uniform-random player: `bot.act(game)` picks one legal action.
#[pyclass(module = "cardcore", name = "RandomBot")]
struct PyRandomBot(cardcore::bot::RandomBot);

#[pymethods]
impl PyRandomBot {
    #[new]
    fn py_new(seed: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRandomBot(cardcore::bot::RandomBot::new(extract_seed(
            seed,
        )?)))
    }

    fn act(&mut self, py: Python<'_>, game: &Bound<'_, PyAny>) -> PyResult<Py<PyAction>> {
        let not_a_game = || {
            to_py_err(Error::IllegalAction(format!(
                "not a cardcore game: {}",
                repr(game)
            )))
        };
        let name: String = game
            .getattr("name")
            .and_then(|n| n.extract())
            .map_err(|_| not_a_game())?;
        cardcore::with_game!(name.as_str(), G => {
            let class = G::inner(game).map_err(|_| not_a_game())?;
            let action = self.0.act(G::game(&class)).ok_or_else(|| {
                to_py_err(Error::IllegalAction("the game is over: no action to choose".into()))
            })?;
            Ok(G::actions(py)?[usize::from(action)].clone_ref(py))
        }, unknown => Err(not_a_game()))
    }
}

// ---------------------------------------------------------------- simulation

#[pyclass(module = "cardcore", name = "SimulationSummary", frozen, get_all)]
struct SimulationSummary {
    game: &'static str,
    games: u64,
    decisions: u64,
    wins: Vec<u64>,
    mean_scores: Vec<f64>,
    elapsed_seconds: f64,
    threads: usize,
}

#[pymethods]
impl SimulationSummary {
    #[getter]
    fn decisions_per_second(&self) -> f64 {
        self.decisions as f64 / self.elapsed_seconds.max(1e-9)
    }

    fn __repr__(&self) -> String {
        format!(
            "SimulationSummary(game={:?}, games={}, decisions={}, wins={:?}, mean_scores={:?}, elapsed_seconds={:.3}, threads={})",
            self.game, self.games, self.decisions, self.wins, self.mean_scores, self.elapsed_seconds, self.threads
        )
    }
}

/// A bound on one call (days of computing), so a typo cannot hang the caller.
const MAX_SIMULATED_GAMES: u64 = 1_000_000_000_000;

/// Plays `games` whole matches between random bots in Rust, without the GIL.
#[pyfunction]
#[pyo3(signature = (name, *, games, seed, threads = None, **options))]
fn simulate(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    games: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<SimulationSummary> {
    let name = str_arg(name, Error::UnknownGame)?;
    let name = name.as_str();
    let games = int_arg(games, |m| Error::option("games", m))?;
    let threads = threads
        .filter(|t| !t.is_none())
        .map(|t| int_arg(t, |m| Error::option("threads", m)))
        .transpose()?;
    let seed = extract_seed(seed)?;
    let options = options_to_json(options)?;
    let games = u64::try_from(games)
        .ok()
        .filter(|g| (1..=MAX_SIMULATED_GAMES).contains(g))
        .ok_or_else(|| {
            to_py_err(Error::option(
                "games",
                format!("expected 1 to {MAX_SIMULATED_GAMES} games, got {games}"),
            ))
        })?;
    let threads = match threads {
        None => std::thread::available_parallelism().map_or(1, usize::from),
        Some(t) => usize::try_from(t)
            .ok()
            .filter(|&t| (1..=1024).contains(&t))
            .ok_or_else(|| {
                to_py_err(Error::option(
                    "threads",
                    format!("expected 1 to 1024 threads, got {t}"),
                ))
            })?,
    };
    cardcore::with_game!(name, G => {
        let summary = py.detach(|| cardcore::simulate::simulate::<G>(games, seed, threads, &options)).py_err()?;
        Ok(SimulationSummary {
            game: G::NAME,
            games: summary.games,
            decisions: summary.decisions,
            wins: summary.wins,
            mean_scores: summary.score_sums.iter().map(|&s| s as f64 / summary.games as f64).collect(),
            elapsed_seconds: summary.elapsed_seconds,
            threads: summary.threads,
        })
    }, unknown => Err(to_py_err(Error::UnknownGame(name.to_owned()))))
}

// ---------------------------------------------------------------- module

#[pymodule]
#[pyo3(name = "_core")]
fn core_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("GAMES", PyTuple::new(py, cardcore::games::GAMES)?)?;
    m.add("CardcoreError", py.get_type::<CardcoreError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("NotationError", py.get_type::<NotationError>())?;
    m.add("JsonError", py.get_type::<JsonError>())?;
    m.add("UnknownGameError", py.get_type::<UnknownGameError>())?;
    m.add("OptionError", py.get_type::<OptionError>())?;
    m.add("SeatError", py.get_type::<SeatError>())?;
    m.add_class::<PySuit>()?;
    m.add_class::<PyRank>()?;
    m.add_class::<PyCard>()?;
    m.add_class::<PyAction>()?;
    m.add_class::<PyRandomBot>()?;
    m.add_class::<SimulationSummary>()?;
    m.add_class::<brouc::PyBrouc>()?;
    m.add_class::<brouc::PyAnnouncement>()?;
    m.add_class::<brouc::PyBroucDeal>()?;
    m.add_class::<julien::PyJulien>()?;
    m.add_class::<julien::PyJulienBid>()?;
    m.add_class::<julien::PyJulienTrick>()?;
    m.add_class::<julien::PyJulienTour>()?;
    m.add_function(wrap_pyfunction!(julien::julien_score, m)?)?;
    m.add_function(wrap_pyfunction!(julien::julien_card_value, m)?)?;
    m.add_function(wrap_pyfunction!(deck, m)?)?;
    m.add_function(wrap_pyfunction!(new_game, m)?)?;
    m.add_function(wrap_pyfunction!(from_json, m)?)?;
    m.add_function(wrap_pyfunction!(game_info, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(_action, m)?)?;
    Ok(())
}
