//! `cardcore._core`: the thin Python binding of the `cardcore` crate.
//!
//! The rules live in the core crate; this module converts values, maps the
//! core's errors to Python exceptions in one place ([`to_py_err`]) and gives
//! every game the same Python protocol through [`game_class!`].

use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::Duration;

use cardcore::bot::Bot;
use cardcore::card::{Card, Rank, Suit};
use cardcore::error::shortened;
use cardcore::game::{check_action_id, check_seat_among, ActionId, Game};
use cardcore::options::OptionKind;
use cardcore::state::{Aside, Replay};
use cardcore::Error;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple, PyType};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

mod arena;
mod arrays;
mod bots;
mod brouc;
mod distributed;
mod five_hundred;
mod jolly;
mod julien;
mod tarot;
mod travel;
mod vector;

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
create_exception!(
    cardcore,
    PhaseError,
    CardcoreError,
    "A call the game's phase does not allow: solving where no trick is being played."
);

/// The classes made at run time, because each has two bases: for each error
/// kind, the class raised when a value's Python type is wrong (the kind and
/// `TypeError`), and `ConcurrentUseError` (`CardcoreError` and `RuntimeError`).
struct TwoBaseErrors {
    /// In the order of [`KINDS`].
    wrong_type: Vec<Py<PyType>>,
    concurrent_use: Py<PyType>,
}

/// Each error kind's class, its wrong-type class's name and docstring.
const KINDS: [(&str, &str); 6] = [
    (
        "IllegalActionTypeError",
        "An action of the wrong type (neither an Action, an id nor a text); also a TypeError.",
    ),
    (
        "NotationTypeError",
        "A card or its text of the wrong type; also a TypeError.",
    ),
    (
        "JsonTypeError",
        "A JSON text that is not a str; also a TypeError.",
    ),
    (
        "UnknownGameTypeError",
        "A game name that is not a str; also a TypeError.",
    ),
    (
        "OptionTypeError",
        "An option, seed or argument of the wrong type; also a TypeError.",
    ),
    (
        "SeatTypeError",
        "A seat that is not an int; also a TypeError.",
    ),
];

fn kind_classes(py: Python<'_>) -> [Bound<'_, PyType>; 6] {
    [
        py.get_type::<IllegalActionError>(),
        py.get_type::<NotationError>(),
        py.get_type::<JsonError>(),
        py.get_type::<UnknownGameError>(),
        py.get_type::<OptionError>(),
        py.get_type::<SeatError>(),
    ]
}

/// The index of an error's kind in [`KINDS`].
fn kind_index(error: &Error) -> usize {
    match error {
        Error::IllegalAction(_) => 0,
        Error::Notation(_) => 1,
        Error::Json(_) => 2,
        Error::UnknownGame(_) => 3,
        Error::Option { .. } => 4,
        Error::Seat(_) => 5,
        // Never a value of the wrong type: `to_py_err` raises `PhaseError`.
        Error::Phase(_) => 6,
    }
}

/// `type(name, bases, {...})`: a class of module `cardcore`.
fn two_base_class(
    py: Python<'_>,
    name: &str,
    bases: [Bound<'_, PyType>; 2],
    doc: &str,
) -> PyResult<Py<PyType>> {
    let namespace = PyDict::new(py);
    namespace.set_item("__module__", "cardcore")?;
    namespace.set_item("__doc__", doc)?;
    let class = py
        .get_type::<PyType>()
        .call1((name, PyTuple::new(py, bases)?, namespace))?;
    Ok(class.cast_into::<PyType>()?.unbind())
}

/// Made once (at module init, which adds them to the module).
fn two_base_errors(py: Python<'_>) -> PyResult<&TwoBaseErrors> {
    static CLASSES: PyOnceLock<TwoBaseErrors> = PyOnceLock::new();
    CLASSES.get_or_try_init(py, || {
        let wrong_type = KINDS
            .iter()
            .zip(kind_classes(py))
            .map(|(&(name, doc), kind)| {
                two_base_class(py, name, [kind, py.get_type::<PyTypeError>()], doc)
            })
            .collect::<PyResult<Vec<_>>>()?;
        let concurrent_use = two_base_class(
            py,
            "ConcurrentUseError",
            [
                py.get_type::<CardcoreError>(),
                py.get_type::<PyRuntimeError>(),
            ],
            "A game (or bot) called while another call on it is in progress; also a RuntimeError.",
        )?;
        Ok(TwoBaseErrors {
            wrong_type,
            concurrent_use,
        })
    })
}

/// Why a call is refused, as [`to_py_err`] maps it to a Python exception.
pub(crate) enum Failure {
    /// A bad value: the core error's kind, its message.
    Value(Error),
    /// A value of the wrong Python type: the kind's class that is also a `TypeError`.
    Type(Error),
    /// Text that is not valid Unicode: the kind's class; `shown` is the text as Python writes it.
    NotUnicode { kind: Error, shown: String },
    /// An object called while another call on it is in progress: `ConcurrentUseError`.
    Busy(&'static str),
}

impl From<Error> for Failure {
    fn from(error: Error) -> Failure {
        Failure::Value(error)
    }
}

/// The one place where refusals (core errors above all) become Python exceptions.
pub(crate) fn to_py_err(failure: impl Into<Failure>) -> PyErr {
    let (error, wrong_type, message) = match failure.into() {
        Failure::Value(error) => {
            let message = error.to_string();
            (error, false, message)
        }
        Failure::Type(error) => {
            let message = error.to_string();
            (error, true, message)
        }
        Failure::NotUnicode { kind, shown } => {
            let reason =
                format!("the text {shown} is not valid Unicode (it holds a lone surrogate)");
            let message = match &kind {
                Error::Option { name, .. } => format!("option '{}': {reason}", shortened(name)),
                _ => reason,
            };
            (kind, false, message)
        }
        Failure::Busy(what) => {
            let message = format!(
                "{what} is in use by another call (from another thread, or from code run \
                 during that call): one object serves one call at a time"
            );
            return Python::attach(|py| match two_base_errors(py) {
                Ok(classes) => PyErr::from_type(classes.concurrent_use.bind(py).clone(), message),
                Err(error) => error,
            });
        }
    };
    let index = kind_index(&error);
    Python::attach(|py| {
        if index == KINDS.len() {
            return PyErr::new::<PhaseError, _>(message);
        }
        let class = if wrong_type {
            match two_base_errors(py) {
                Ok(classes) => classes.wrong_type[index].bind(py).clone(),
                Err(error) => return error,
            }
        } else {
            kind_classes(py)[index].clone()
        };
        PyErr::from_type(class, message)
    })
}

trait IntoPyResult<T> {
    fn py_err(self) -> PyResult<T>;
}

impl<T> IntoPyResult<T> for Result<T, Error> {
    fn py_err(self) -> PyResult<T> {
        self.map_err(to_py_err)
    }
}

/// Runs `solve` with this thread's solver, made on the first call: its table
/// (2^20 entries, 32 MiB) stays warm from one call to the next, its entries
/// true of every deal.
fn with_solver<R>(solve: impl FnOnce(&mut cardcore::solver::Solver) -> R) -> R {
    thread_local! {
        static SOLVER: std::cell::RefCell<Option<cardcore::solver::Solver>> =
            const { std::cell::RefCell::new(None) };
    }
    SOLVER.with_borrow_mut(|solver| {
        solve(solver.get_or_insert_with(|| cardcore::solver::Solver::new(20)))
    })
}

/// Locks what one call uses (a game, a bot) for that call: a call that finds
/// it in use by another is refused, never kept waiting. A lock poisoned by a
/// panic (a bug, reported when it happened) is taken over as it was left.
fn lock<'a, T>(cell: &'a Mutex<T>, what: &'static str) -> PyResult<MutexGuard<'a, T>> {
    match cell.try_lock() {
        Ok(guard) => Ok(guard),
        Err(TryLockError::WouldBlock) => Err(to_py_err(Failure::Busy(what))),
        Err(TryLockError::Poisoned(poisoned)) => {
            cell.clear_poison();
            Ok(poisoned.into_inner())
        }
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

/// Keyword options of game `G` to JSON values. Names come first: one the
/// game does not know is refused in its words, whatever the value. Then
/// None, bools, ints, strings and finite floats are passed on for the game's
/// own check to word what is wrong with them; any other value is the wrong type.
fn options_to_json<G: Game>(options: Option<&Bound<'_, PyDict>>) -> PyResult<Map<String, Value>> {
    let mut map = Map::new();
    for (key, value) in options.into_iter().flat_map(|d| d.iter()) {
        let name = match key.cast::<PyString>().map(read_text) {
            Ok(Ok(name)) => name.to_owned(),
            Ok(Err(NotUnicode(shown))) => {
                let name = shown.trim_matches(|c| c == '\'' || c == '"');
                return Err(to_py_err(Error::option(
                    name,
                    "the option's name is not valid Unicode (it holds a lone surrogate)",
                )));
            }
            Err(_) => {
                let message = format!("an option's name must be a str, got {}", shown(&key));
                return Err(to_py_err(Failure::Type(Error::option("options", message))));
            }
        };
        if !G::OPTIONS.iter().any(|spec| spec.name == name) {
            let unknown = Map::from_iter([(name, Value::Null)]);
            let refusal = cardcore::options::resolve(G::OPTIONS, &unknown).err();
            return Err(to_py_err(
                refusal.unwrap_or_else(|| Error::option("options", "unknown option")),
            ));
        }
        let json = if value.is_none() {
            Value::Null
        } else if let Ok(b) = value.cast::<PyBool>() {
            Value::Bool(b.is_true())
        } else if value.is_instance_of::<PyInt>() {
            match value.extract::<i64>() {
                Ok(i) => Value::from(i),
                Err(_) => {
                    let message = format!("{} is out of range", shown(&value));
                    return Err(to_py_err(Error::option(&name, message)));
                }
            }
        } else if let Ok(text) = value.cast::<PyString>() {
            match read_text(text) {
                Ok(text) => Value::String(text.to_owned()),
                Err(NotUnicode(shown)) => {
                    let kind = Error::option(&name, "");
                    return Err(to_py_err(Failure::NotUnicode { kind, shown }));
                }
            }
        } else if let Some(number) = value
            .cast::<PyFloat>()
            .ok()
            .and_then(|f| serde_json::Number::from_f64(f.value()))
        {
            // A finite float is passed on for the option's own check to word.
            Value::Number(number)
        } else {
            let kind = type_name(&value);
            let message = format!("unsupported value of type {kind}: {}", shown(&value));
            return Err(to_py_err(Failure::Type(Error::option(&name, message))));
        };
        map.insert(name, json);
    }
    Ok(map)
}

/// A game's refusal of the options it was given: the wrong type when the
/// option it names was given a value of a type that option never takes.
fn options_err<G: Game>(error: Error, options: &Map<String, Value>) -> PyErr {
    let wrong_type = match &error {
        Error::Option { name, .. } => G::OPTIONS
            .iter()
            .find(|spec| spec.name == name)
            .zip(options.get(name))
            .is_some_and(|(spec, value)| !spec.kind.takes_type_of(value)),
        _ => false,
    };
    to_py_err(if wrong_type {
        Failure::Type(error)
    } else {
        Failure::Value(error)
    })
}

/// A Python `str` that is not valid Unicode: it holds a lone surrogate.
/// Holds the text as Python's `repr` writes it (escaped, cut if long).
struct NotUnicode(String);

/// The one place the binding reads Python text.
fn read_text<'a>(text: &'a Bound<'_, PyString>) -> Result<&'a str, NotUnicode> {
    // Only a lone surrogate makes UTF-8 encoding fail; the Python error is dropped.
    text.to_str().map_err(|_| NotUnicode(shown(text)))
}

/// An `int` (not a `bool`, which Python counts as one).
fn is_int(value: &Bound<'_, PyAny>) -> bool {
    value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>()
}

/// The `int` an integer of another type stands for (`operator.index`: a
/// numpy integer such as `np.int64(3)`, whatever its width); `None` for a
/// bool (Python's or numpy's) and for anything that is not an integer.
fn integer_index<'py>(value: &Bound<'py, PyAny>) -> Option<Bound<'py, PyAny>> {
    if value.is_instance_of::<PyBool>() {
        return None;
    }
    // SAFETY: PyNumber_Index takes a borrowed object and returns a new
    // reference, or NULL with the exception set (taken and dropped here).
    let index = unsafe {
        Bound::from_owned_ptr_or_err(value.py(), pyo3::ffi::PyNumber_Index(value.as_ptr()))
    };
    index.ok().filter(is_int)
}

/// An integer argument that fits 64 bits; `bad` words the error otherwise.
fn int_arg(value: &Bound<'_, PyAny>, bad: impl FnOnce(String) -> Error) -> PyResult<i64> {
    if !is_int(value) {
        let message = format!("expected an integer, got {}", shown(value));
        return Err(to_py_err(Failure::Type(bad(message))));
    }
    value
        .extract::<i64>()
        .map_err(|_| to_py_err(bad(format!("{} is out of range", shown(value)))))
}

/// A text argument; `bad` gives the call's error kind, and its words for a
/// value that is not a `str` (it receives that value's repr).
fn str_arg(value: &Bound<'_, PyAny>, bad: impl FnOnce(String) -> Error) -> PyResult<String> {
    match value.cast::<PyString>() {
        Ok(text) => match read_text(text) {
            Ok(text) => Ok(text.to_owned()),
            Err(NotUnicode(shown)) => Err(to_py_err(Failure::NotUnicode {
                kind: bad(shown.clone()),
                shown,
            })),
        },
        Err(_) => Err(to_py_err(Failure::Type(bad(shown(value))))),
    }
}

/// How an error message shows a Python value: its repr, cut when long (the
/// core's `shortened`, as every message quotes input); an
/// integer too long to write out as its number of digits. Never fails and
/// never writes to stderr (formatting a Python object whose `str()` fails
/// would), whatever the object.
fn shown(value: &Bound<'_, PyAny>) -> String {
    match value.repr() {
        Ok(repr) => {
            let repr = repr.to_string_lossy();
            shortened(&repr).into_owned()
        }
        Err(_) if value.is_instance_of::<PyInt>() => {
            let sign = if value.lt(0).unwrap_or(false) {
                "a negative"
            } else {
                "an"
            };
            match decimal_digits(value) {
                Some(digits) => format!("{sign} integer of {digits} digits"),
                None => format!("{sign} integer too long to write out"),
            }
        }
        Err(_) => {
            let kind = type_name(value);
            format!("<a {kind} object, whose repr() failed>")
        }
    }
}

/// The name of a value's Python type, for messages.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map_or_else(
        |_| "?".to_owned(),
        |name| name.to_string_lossy().into_owned(),
    )
}

/// The number of decimal digits of an integer, found without writing it out
/// (Python refuses to convert very long integers to text).
fn decimal_digits(value: &Bound<'_, PyAny>) -> Option<u64> {
    let magnitude = value.call_method0("__abs__").ok()?;
    let bits: u64 = magnitude.call_method0("bit_length").ok()?.extract().ok()?;
    // 2**(bits - 1) <= magnitude < 2**bits: at least this many digits, at most one more.
    let fewest = ((bits.saturating_sub(1)) as f64 * std::f64::consts::LOG10_2) as u64 + 1;
    let power = 10u8
        .into_pyobject(value.py())
        .ok()?
        .pow(fewest, None::<u8>)
        .ok()?;
    Some(fewest + u64::from(magnitude.ge(power).ok()?))
}

/// A list of cards, each a `Card` or its text; `name` names the argument.
fn cards_arg(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<Card>> {
    let not_cards = || {
        let message = format!("expected a list of cards, got {}", shown(value));
        to_py_err(Failure::Type(Error::option(name, message)))
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

/// A game's `from_deal` (`cardcore::state::from_deal`): the arguments read,
/// the game's part of the deal taken out of the keywords, the rest options.
fn from_deal<G: Replay>(
    hands: &Bound<'_, PyAny>,
    dealer: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<G> {
    let aside_name = G::ASIDE.name();
    let options = options.map(|dict| dict.copy()).transpose()?;
    let aside_value = match &options {
        Some(options) => options.get_item(aside_name)?,
        None => None,
    };
    let Some(aside_value) = aside_value else {
        let message = format!(
            "{}.from_deal needs the {aside_name} as a keyword argument",
            G::NAME
        );
        return Err(to_py_err(Failure::Type(Error::option(aside_name, message))));
    };
    if let Some(options) = &options {
        options.del_item(aside_name)?;
    }
    let aside = match G::ASIDE {
        Aside::Turned(name) => vec![card_arg(&aside_value, name)?],
        Aside::Cards(name) => cards_arg(&aside_value, name)?,
    };
    let not_hands = || {
        let message = format!(
            "expected a list of hands, one list of cards per seat, got {}",
            shown(hands)
        );
        to_py_err(Failure::Type(Error::option("hands", message)))
    };
    if hands.is_instance_of::<PyString>() {
        return Err(not_hands());
    }
    let hands = hands
        .try_iter()
        .map_err(|_| not_hands())?
        .map(|hand| cards_arg(&hand?, "hands"))
        .collect::<PyResult<Vec<_>>>()?;
    let dealer = int_arg(dealer, |message| Error::Seat(format!("dealer: {message}")))?;
    let seed = extract_seed(seed)?;
    let options = options_to_json::<G>(options.as_ref())?;
    let read = G::read_options(&options).map_err(|e| options_err::<G>(e, &options))?;
    let dealer = usize::try_from(dealer).map_err(|_| {
        to_py_err(Error::Seat(format!(
            "dealer: seat {dealer} is out of range: seats are numbered from 0"
        )))
    })?;
    cardcore::state::from_deal::<G>(seed, &read, dealer, &hands, &aside).py_err()
}

/// A card: a `Card` or its text (a `NotationError` if it does not parse).
fn card_arg(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Card> {
    if let Ok(card) = value.cast::<PyCard>() {
        return Ok(card.get().0);
    }
    if value.is_instance_of::<PyString>() {
        return PyCard::parse(value).map(|c| c.0);
    }
    let message = format!("expected a card or its text, got {}", shown(value));
    Err(to_py_err(Failure::Type(Error::option(name, message))))
}

/// A trick's plays as (seat, card) pairs in order of play.
fn plays<const N: usize>(trick: &cardcore::trick::Trick<N>) -> Vec<(usize, PyCard)> {
    trick
        .plays()
        .map(|(seat, card)| (seat, PyCard(card)))
        .collect()
}

/// A seat of `game`: an `int` in `0..game.num_players()`.
fn seat_arg<G: Game>(game: &G, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
    seat_arg_among(G::NAME, game.num_players(), seat)
}

/// A seat at a table of `num_players` seats of game `name`.
fn seat_arg_among(name: &str, num_players: usize, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
    // A numpy integer stands for its int; an int is taken as it is (no lookup).
    let index = if is_int(seat) {
        None
    } else {
        integer_index(seat)
    };
    let seat = index.as_ref().unwrap_or(seat);
    if !is_int(seat) {
        let message = format!("expected a seat number (an int), got {}", shown(seat));
        return Err(to_py_err(Failure::Type(Error::Seat(message))));
    }
    match seat.extract::<usize>() {
        Ok(seat) => check_seat_among(name, num_players, seat).py_err(),
        // Negative, or past usize: named as given, in check_seat's words.
        Err(_) => Err(to_py_err(Error::Seat(format!(
            "seat {} is out of range: {name} has seats 0 to {}",
            shown(seat),
            num_players - 1
        )))),
    }
}

/// A seed: an integer in 0..2**64.
fn extract_seed(seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    let bad = || {
        Error::option(
            "seed",
            format!("expected an integer in 0..2**64, got {}", shown(seed)),
        )
    };
    if !is_int(seed) {
        return Err(to_py_err(Failure::Type(bad())));
    }
    seed.extract::<u64>().map_err(|_| to_py_err(bad()))
}

// ---------------------------------------------------------------- cards

/// The members of a Python enumeration of `cardcore._cards`, by value.
fn enum_members<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Vec<Py<PyAny>>>,
    name: &str,
) -> PyResult<&'py [Py<PyAny>]> {
    let members = cell.get_or_try_init(py, || {
        py.import("cardcore._cards")?
            .getattr(name)?
            .try_iter()?
            .map(|member| member.map(Bound::unbind))
            .collect::<PyResult<Vec<_>>>()
    })?;
    Ok(members.as_slice())
}

/// A suit, given to Python as the enumeration `cardcore.Suit`.
#[derive(Clone, Copy)]
pub(crate) struct PySuit(Suit);

impl From<Suit> for PySuit {
    fn from(suit: Suit) -> PySuit {
        PySuit(suit)
    }
}

impl<'py> IntoPyObject<'py> for PySuit {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        static SUITS: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();
        Ok(enum_members(py, &SUITS, "Suit")?[self.0.index()]
            .bind(py)
            .clone())
    }
}

/// A rank, given to Python as the enumeration `cardcore.Rank`.
#[derive(Clone, Copy)]
struct PyRank(Rank);

impl<'py> IntoPyObject<'py> for PyRank {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        static RANKS: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();
        Ok(enum_members(py, &RANKS, "Rank")?[self.0.index()]
            .bind(py)
            .clone())
    }
}

/// A card face; `Card.parse("QH")`, `str(card) == "QH"`. Cards compare and
/// sort by face id (docs/protocol.md): the order hands are listed in.
#[pyclass(module = "cardcore", name = "Card", eq, ord, frozen, hash)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
        self.0.rank().map(PyRank)
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

    /// An action equals the same action of the same game, and its canonical
    /// text: `"KH" in game.legal_actions()` reads as it should.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(text) = other.cast::<PyString>() {
            return text.to_str().is_ok_and(|t| t == self.text);
        }
        other
            .cast::<PyAction>()
            .is_ok_and(|o| o.get().game == self.game && o.get().id == self.id)
    }

    /// The hash of its text, as equal objects must hash alike.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, &self.text).hash()
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
    if is_int(action) {
        return check_action_id::<G>(int_arg(action, Error::IllegalAction)?).py_err();
    }
    if let Ok(text) = action.cast::<PyString>() {
        return match read_text(text) {
            Ok(text) => G::parse_action(text).py_err(),
            Err(NotUnicode(shown)) => Err(to_py_err(Failure::NotUnicode {
                kind: Error::IllegalAction(String::new()),
                shown,
            })),
        };
    }
    if let Some(index) = integer_index(action) {
        return check_action_id::<G>(int_arg(&index, Error::IllegalAction)?).py_err();
    }
    Err(to_py_err(Failure::Type(Error::IllegalAction(format!(
        "expected an Action, an action id or an action text, got {}",
        shown(action)
    )))))
}

/// Ties each game type to its Python class (implemented by [`game_class!`]).
trait PyGame: Game {
    /// The game's Python class, which holds one game.
    type Class: pyo3::PyClass;
    /// A new Python object holding `self`.
    fn wrap(self, py: Python<'_>) -> PyResult<Py<PyAny>>;
    /// The class instance a Python object is, if it is one.
    fn class<'a>(game: &'a Bound<'_, PyAny>) -> Option<&'a Self::Class>;
    /// The game a class instance holds, locked for one call ([`lock`]).
    fn lock(class: &Self::Class) -> PyResult<MutexGuard<'_, Box<Self>>>;
    /// The game's shared `Action` objects, by id.
    fn actions(py: Python<'_>) -> PyResult<&'static [Py<PyAction>]>;
    /// What a Python object observes, if it is one of the game's observations.
    fn observed<'a>(object: &'a Bound<'_, PyAny>) -> Option<&'a cardcore::Observation<Self>>;
    /// A new Python object holding an observation of the game.
    fn wrap_observation(
        observed: cardcore::Observation<Self>,
        py: Python<'_>,
    ) -> PyResult<Py<PyAny>>;
}

/// Ties each game's deal records ([`cardcore::Deals`]) to its Python class
/// `cardcore.<game>.Deal`, which the accessors every game shares give out
/// (`current_deal`, `finished_deals`, `last_deal`; docs/protocol.md, "Vocabulary").
trait PyDeals: cardcore::Deals {
    /// The game's `Deal` class.
    type PyDeal: for<'py> IntoPyObject<'py>;
    /// `deal`'s Python record: whole (`whole`, for the game) or as every seat
    /// is shown a finished deal (for an observation); `finished` when it is
    /// over (the deal in play is not, until the match ends).
    fn py_deal(deal: &Self::Deal, players: usize, whole: bool, finished: bool) -> Self::PyDeal;

    /// Every deal finished, as [`PyDeals::py_deal`] gives each.
    fn py_finished_deals(&self, whole: bool) -> Vec<Self::PyDeal> {
        let players = self.num_players();
        self.finished_deals()
            .iter()
            .map(|deal| Self::py_deal(deal, players, whole, true))
            .collect()
    }

    /// The last deal finished, or `None`.
    fn py_last_deal(&self, whole: bool) -> Option<Self::PyDeal> {
        let players = self.num_players();
        self.last_deal()
            .map(|deal| Self::py_deal(&deal, players, whole, true))
    }
}

/// Defines a game's Python class: the protocol shared by every game, then the
/// game's own accessors (`$extra`, plain `#[pymethods]` items). `$Observed` is
/// the game's observation class ([`observation_class!`]); both live in the
/// game's module `$module` (`cardcore.brouc`, ...).
macro_rules! game_class {
    ($Class:ident, $Game:ty, $py_name:literal, $module:literal, $Observed:ident, $doc:literal, { $($extra:tt)* }) => {
        #[doc = $doc]
        #[pyclass(module = $module, name = $py_name, frozen)]
        pub(crate) struct $Class {
            /// Each call locks it: a game serves one call at a time. Boxed, so that
            /// building the Python object moves a pointer, not the whole game.
            game: std::sync::Mutex<Box<$Game>>,
            /// The record information states are read from (`cardcore::infostate`),
            /// made on the first call that needs one and kept up by `apply`;
            /// locked after `game`, never alone.
            info: std::sync::Mutex<Option<cardcore::infostate::InfoLog>>,
        }

        impl $Class {
            fn new(game: $Game) -> Self {
                Self::with_info(Box::new(game), None)
            }

            fn with_info(game: Box<$Game>, info: Option<cardcore::infostate::InfoLog>) -> Self {
                $Class { game: std::sync::Mutex::new(game), info: std::sync::Mutex::new(info) }
            }

            /// `read` of the record of the information states of `game` (locked by
            /// the caller), made or made again when it does not follow the game.
            fn read_info<R>(
                &self,
                game: &$Game,
                read: impl FnOnce(&cardcore::infostate::InfoLog) -> R,
            ) -> PyResult<R> {
                let mut info = crate::lock(&self.info, concat!("this ", $py_name, " game"))?;
                let log = match &mut *info {
                    Some(log) if log.follows(game) => log,
                    slot => slot.insert(cardcore::infostate::InfoLog::of(game).py_err()?),
                };
                Ok(read(log))
            }

            /// The game, locked for this call (`ConcurrentUseError` if another has it).
            fn game(&self) -> PyResult<std::sync::MutexGuard<'_, Box<$Game>>> {
                crate::lock(&self.game, concat!("this ", $py_name, " game"))
            }

            /// What the accessors the game shares with its observations read.
            fn source(&self) -> PyResult<std::sync::MutexGuard<'_, Box<$Game>>> {
                self.game()
            }
        }

        impl crate::PyGame for $Game {
            type Class = $Class;
            fn wrap(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                Ok(Py::new(py, $Class::new(self))?.into_any())
            }
            fn class<'a>(game: &'a Bound<'_, PyAny>) -> Option<&'a $Class> {
                game.cast::<$Class>().ok().map(Bound::get)
            }
            fn lock(class: &$Class) -> PyResult<std::sync::MutexGuard<'_, Box<$Game>>> {
                class.game()
            }
            fn actions(py: Python<'_>) -> PyResult<&'static [Py<PyAction>]> {
                static ACTIONS: PyOnceLock<Vec<Py<PyAction>>> = PyOnceLock::new();
                crate::actions_of::<$Game>(py, &ACTIONS)
            }
            fn observed<'a>(object: &'a Bound<'_, PyAny>) -> Option<&'a cardcore::Observation<$Game>> {
                object.cast::<$Observed>().ok().map(|o| &o.get().observed)
            }
            fn wrap_observation(
                observed: cardcore::Observation<$Game>,
                py: Python<'_>,
            ) -> PyResult<Py<PyAny>> {
                Ok(Py::new(py, $Observed { observed })?.into_any())
            }
        }

        // The public observation and full-state tensors (docs/protocol.md,
        // "Tensors and masks").
        #[pymethods]
        impl $Class {
            /// The number of features of `public_observation_tensor`, at every
            /// player count (as many as `observation_tensor_size`).
            #[classattr]
            fn public_observation_tensor_size() -> usize {
                <$Game as Game>::TENSOR_SIZE
            }

            /// The number of features of `state_tensor`, at every player count.
            #[classattr]
            fn state_tensor_size() -> usize {
                <$Game as Game>::STATE_TENSOR_SIZE
            }

            /// What every seat sees alike, the same from every seat, as a 1-D
            /// float32 numpy array of `public_observation_tensor_size` features:
            /// the observation tensor's layout with seats counted from seat 0 and
            /// what only one seat knows left zero (the rules page's "Public
            /// observation tensor"). Written into `out` when given (a writable,
            /// C-contiguous float32 array of that length), which is returned.
            #[pyo3(signature = (out = None))]
            fn public_observation_tensor<'py>(
                &self,
                py: Python<'py>,
                out: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<f32>>> {
                let game = self.game()?;
                let size = <$Game as Game>::TENSOR_SIZE;
                crate::arrays::fill_array(py, out, size, |features| game.encode_public(features))
            }

            /// The whole state for a centralised critic, as a 1-D float32 numpy
            /// array of `state_tensor_size` features: the public observation
            /// tensor, then every hand (seat 0 first) and every hidden pile (the
            /// rules page's "Full-state tensor"); the match's generator is left
            /// out. Written into `out` when given, as `public_observation_tensor`.
            #[pyo3(signature = (out = None))]
            fn state_tensor<'py>(
                &self,
                py: Python<'py>,
                out: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<f32>>> {
                let game = self.game()?;
                let size = <$Game as Game>::STATE_TENSOR_SIZE;
                crate::arrays::fill_array(py, out, size, |features| game.encode_state(features))
            }
        }

        #[pymethods]
        impl $Class {
            #[new]
            #[pyo3(signature = (*, seed, **options))]
            fn py_new(seed: &Bound<'_, PyAny>, options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
                let seed = crate::extract_seed(seed)?;
                let options = crate::options_to_json::<$Game>(options)?;
                <$Game as Game>::new(seed, &options)
                    .map($Class::new)
                    .map_err(|e| crate::options_err::<$Game>(e, &options))
            }

            /// Action ids run from 0 to `action_count - 1`.
            #[classattr]
            fn action_count() -> usize {
                <$Game as Game>::ACTION_COUNT
            }

            /// The number of features of `observation_tensor`, at every player count.
            #[classattr]
            fn observation_tensor_size() -> usize {
                <$Game as Game>::TENSOR_SIZE
            }

            /// What `seat` may know, nothing more, as a 1-D float32 numpy array of
            /// `observation_tensor_size` features (the rules page's "Observation
            /// tensor" lays them out). Written into `out` when given (a writable,
            /// C-contiguous float32 array of that length), which is returned.
            #[pyo3(signature = (seat, out = None))]
            fn observation_tensor<'py>(
                &self,
                py: Python<'py>,
                seat: &Bound<'py, PyAny>,
                out: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<f32>>> {
                let game = self.game()?;
                let seat = crate::seat_arg(&**game, seat)?;
                let size = <$Game as Game>::TENSOR_SIZE;
                crate::arrays::fill_array(py, out, size, |features| game.encode(seat, features))
            }

            // --- the solver (cardcore::solver) ---

            /// `(seat, values)`: each legal action of the seat to act, with the result
            /// perfect play then gives `seat`'s side (the seat to act's by default),
            /// in the unit `solver_unit` names: the form `cardcore.solver.solve`
            /// returns typed.
            /// Every hand is read: a full-information position (a determinization,
            /// or the true deal). A `PhaseError` outside a deal's trick play.
            #[pyo3(signature = (seat = None))]
            fn _solve<'py>(
                &self,
                py: Python<'py>,
                seat: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<(usize, Vec<(Py<crate::PyAction>, i32)>)> {
                let game = self.game()?;
                let seat = match seat {
                    Some(seat) => crate::seat_arg(&**game, seat)?,
                    None => game.current_player().unwrap_or(0),
                };
                let state: &$Game = &**game;
                let values = py
                    .detach(|| crate::with_solver(|solver| cardcore::solver::solve(state, seat, solver)))
                    .py_err()?;
                let actions = <$Game as crate::PyGame>::actions(py)?;
                let values = values
                    .into_iter()
                    .map(|(action, value)| (actions[usize::from(action)].clone_ref(py), value))
                    .collect();
                Ok((seat, values))
            }

            /// Deal `deal` (counting from 1; the last one with a trick-play move
            /// made by default) solved move by move from `cards_left` cards left in
            /// hands (by default from the first trick): `(deal, start, steps)`, with
            /// `start` the result perfect play gives each seat's side from the first
            /// move analysed and `steps` one `(index, seat, action, values)`
            /// per trick-play move analysed (`index` in the history; `values` as
            /// `_solve` gives them): the form `cardcore.solver.analyze` returns
            /// typed. A `PhaseError` when the deal has no trick-play move made.
            #[pyo3(signature = (deal = None, cards_left = None))]
            #[allow(clippy::type_complexity)]
            fn _analyze<'py>(
                &self,
                py: Python<'py>,
                deal: Option<&Bound<'py, PyAny>>,
                cards_left: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<(usize, Vec<i32>, Vec<(usize, usize, Py<crate::PyAction>, Vec<(Py<crate::PyAction>, i32)>)>)> {
                let deal = deal
                    .map(|deal| crate::int_arg(deal, |message| cardcore::Error::option("deal", message)))
                    .transpose()?;
                let deal = match deal {
                    Some(number) if number < 1 => {
                        return Err(crate::to_py_err(cardcore::Error::option("deal", "must be at least 1")))
                    }
                    Some(number) => Some(usize::try_from(number).unwrap_or(usize::MAX)),
                    None => None,
                };
                let cards_left = cards_left
                    .map(|most| crate::int_arg(most, |message| cardcore::Error::option("cards_left", message)))
                    .transpose()?
                    .map(|most| {
                        usize::try_from(most).map_err(|_| {
                            crate::to_py_err(cardcore::Error::option("cards_left", "must be at least 0"))
                        })
                    })
                    .transpose()?;
                let game = self.game()?;
                let state: &$Game = &**game;
                let analysis = py
                    .detach(|| {
                        crate::with_solver(|solver| cardcore::solver::analyze(state, deal, cards_left, solver))
                    })
                    .py_err()?;
                let actions = <$Game as crate::PyGame>::actions(py)?;
                let action = |id: cardcore::ActionId| actions[usize::from(id)].clone_ref(py);
                let steps = analysis
                    .steps
                    .into_iter()
                    .map(|step| {
                        let values = step.values.iter().map(|&(a, v)| (action(a), v)).collect();
                        (step.index, step.seat, action(step.action), values)
                    })
                    .collect();
                Ok((analysis.deal, analysis.start, steps))
            }

            /// What the solver's results count, for this game (docs/bots.md, "The
            /// solver").
            #[classattr]
            fn solver_unit() -> &'static str {
                <$Game as cardcore::solver::Solve>::SOLVER_UNIT
            }

            // --- information states (cardcore::infostate) ---

            /// The number of features of `information_state_tensor`, at every player
            /// count.
            #[classattr]
            fn information_state_tensor_size() -> usize {
                cardcore::infostate::tensor_size::<$Game>()
            }

            /// Everything `seat` has seen since the deal in play began, its own
            /// actions included (perfect recall), as text: the seat, the dealer, its
            /// dealt hand, a line per step it saw (`actor action`, or `actor kind ?`
            /// for an action hidden from it, each hand it saw grow as `[seat +cards]`)
            /// and its observation as JSON (docs/protocol.md, "Information states").
            fn information_state(&self, seat: &Bound<'_, PyAny>) -> PyResult<String> {
                let game = self.game()?;
                let seat = crate::seat_arg(&**game, seat)?;
                self.read_info(&game, |log| log.text(&**game, seat))?.py_err()
            }

            /// `information_state(seat)` as a 1-D float32 numpy array of
            /// `information_state_tensor_size` features (the rules page's
            /// "Information state" lays them out): the observation tensor, then
            /// what the seat recalls. Written into `out` when given (a writable,
            /// C-contiguous float32 array of that length), which is returned.
            #[pyo3(signature = (seat, out = None))]
            fn information_state_tensor<'py>(
                &self,
                py: Python<'py>,
                seat: &Bound<'py, PyAny>,
                out: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<f32>>> {
                let game = self.game()?;
                let seat = crate::seat_arg(&**game, seat)?;
                let size = cardcore::infostate::tensor_size::<$Game>();
                self.read_info(&game, |log| {
                    crate::arrays::fill_array(py, out, size, |features| log.encode(&**game, seat, features))
                })?
            }

            /// The legal actions as a 1-D bool numpy array indexed by action id
            /// (`action_count` flags, True for a legal action). Written into `out`
            /// when given (a writable, C-contiguous bool array of that length).
            #[pyo3(signature = (out = None))]
            fn legal_actions_mask<'py>(
                &self,
                py: Python<'py>,
                out: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<bool>>> {
                let game = self.game()?;
                crate::arrays::fill_array(py, out, <$Game as Game>::ACTION_COUNT, |mask| {
                    crate::arrays::with_scratch(|scratch| {
                        cardcore::tensor::legal_mask(&**game, scratch, mask);
                    });
                })
            }

            /// A new match whose first deal is chosen (docs/protocol.md, "Chosen
            /// deals"): `dealer` deals `hands`, one list of cards per seat (each a
            /// `Card` or its text), and the game's own part of the deal, a keyword
            /// argument named as the game names it (`trump_card`, `talon`, `chien`,
            /// `kitty` or `stock`); any other keyword is an option, as for the
            /// constructor. Checked like a saved state: every card of the deck exactly
            /// once (Jolly's as often as its deck holds it), each hand and that part
            /// of the size the rules deal; an `OptionError` names the argument at
            /// fault. The generator seeded `seed` draws the later deals, as after the
            /// seed's own first deal.
            #[staticmethod]
            #[pyo3(signature = (hands, *, dealer, seed, **options))]
            fn from_deal(
                hands: &Bound<'_, PyAny>,
                dealer: &Bound<'_, PyAny>,
                seed: &Bound<'_, PyAny>,
                options: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Self> {
                crate::from_deal::<$Game>(hands, dealer, seed, options).map($Class::new)
            }

            /// The game a `to_json()` text of this game describes (`cardcore.from_json`,
            /// typed for this game: a state of another game is a `JsonError`).
            #[staticmethod]
            #[pyo3(signature = (text, *, max_bytes = None))]
            fn from_json(
                text: &Bound<'_, PyAny>,
                max_bytes: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Self> {
                let text = crate::state_text(text, max_bytes)?;
                let name = cardcore::json::game_name(&text).py_err()?;
                if name != <$Game as Game>::NAME {
                    return Err(crate::to_py_err(cardcore::Error::json(format!(
                        "a {name:?} state, not {:?}",
                        <$Game as Game>::NAME
                    ))));
                }
                <$Game as Game>::from_json(&text).map($Class::new).py_err()
            }

            /// The registered name (`cardcore.GAMES`).
            #[getter]
            fn name(&self) -> &'static str {
                <$Game as Game>::NAME
            }

            /// Every option in force, defaults filled in.
            #[getter]
            fn options(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                crate::json_to_py(py, &self.game()?.options())
            }

            /// The number of seats, numbered from 0.
            #[getter]
            fn num_players(&self) -> PyResult<usize> {
                Ok(self.game()?.num_players())
            }

            /// The seat to act, None once the game is over.
            #[getter]
            fn current_player(&self) -> PyResult<Option<usize>> {
                Ok(self.game()?.current_player())
            }

            /// A short string: "play", "over", ... (each game's rules page lists its own).
            #[getter]
            fn phase(&self) -> PyResult<&'static str> {
                Ok(self.game()?.phase())
            }

            /// Whether the match (or the single deal) has ended.
            #[getter]
            fn is_over(&self) -> PyResult<bool> {
                Ok(self.game()?.is_over())
            }

            /// Match scores per seat (a team's seats show the team's score).
            #[getter]
            fn scores(&self) -> PyResult<Vec<i64>> {
                Ok(self.game()?.scores())
            }

            /// The seats that won the match: a team's seats, or every seat sharing the
            /// best result; empty while it goes on, or when nobody won.
            #[getter]
            fn winning_seats(&self) -> PyResult<Vec<usize>> {
                Ok(self.game()?.winning_seats())
            }

            /// Each seat's reward for the match (docs/envs.md, "What an agent sees
            /// and gets"): 0 for every seat while it goes on; at its end, with
            /// `reward="outcome"`, +1 for a winning seat, -1 for the others, 0 for all
            /// when nobody won; with `"score"`, the seat's score less the other seats'
            /// mean, scaled by a typical deal's swing; None picks the game's default.
            #[pyo3(signature = (reward = None))]
            fn rewards(&self, reward: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<f32>> {
                let game = self.game()?;
                let kind = crate::vector::reward_arg(reward)?
                    .unwrap_or_else(|| cardcore::vector::Reward::default_for(&**game));
                Ok((0..game.num_players()).map(|seat| kind.of(&**game, seat)).collect())
            }

            /// The record of the deal in play, whole (the last one, once the match
            /// is over): a Le Julien Tour, a Jolly round.
            #[getter]
            fn current_deal(&self) -> PyResult<<$Game as crate::PyDeals>::PyDeal> {
                let game = self.game()?;
                let deal = cardcore::Deals::current_deal(&**game);
                Ok(<$Game as crate::PyDeals>::py_deal(&deal, game.num_players(), true, game.is_over()))
            }

            /// Every deal finished, oldest first, void deals included, whole: the
            /// last one too once the match is over.
            #[getter]
            fn finished_deals(&self) -> PyResult<Vec<<$Game as crate::PyDeals>::PyDeal>> {
                Ok(crate::PyDeals::py_finished_deals(&**self.game()?, true))
            }

            /// The last deal finished (`finished_deals[-1]`), or None before the
            /// first one ends.
            #[getter]
            fn last_deal(&self) -> PyResult<Option<<$Game as crate::PyDeals>::PyDeal>> {
                Ok(crate::PyDeals::py_last_deal(&**self.game()?, true))
            }

            /// Whether the match was ended by its cap (docs/protocol.md, "Every match
            /// ends") rather than by its rules: it is over, scored as far as it went,
            /// and nobody won. Always False in a game whose matches end by its rules.
            #[getter]
            fn truncated(&self) -> PyResult<bool> {
                Ok(self.game()?.truncated())
            }

            /// The actions applied, oldest first.
            #[getter]
            fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
                let game = self.game()?;
                let actions = <$Game as crate::PyGame>::actions(py)?;
                PyList::new(py, game.history().iter().map(|&a| &actions[usize::from(a)]))
            }

            /// Every legal action, sorted by id.
            fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
                let game = self.game()?;
                let actions = <$Game as crate::PyGame>::actions(py)?;
                let mut legal = Vec::with_capacity(<$Game as Game>::ACTION_COUNT);
                game.legal_actions(&mut legal);
                PyList::new(py, legal.into_iter().map(|a| &actions[usize::from(a)]))
            }

            /// Whether an `Action`, an action id or an action text (any letter case) is
            /// legal now; a value that names no action of this game is an error.
            fn is_legal(&self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
                let game = self.game()?;
                let id = crate::action_id::<$Game>(action)?;
                let mut legal = Vec::with_capacity(<$Game as Game>::ACTION_COUNT);
                game.legal_actions(&mut legal);
                Ok(legal.contains(&id))
            }

            /// Plays an `Action`, an action id or an action text; a refusal changes nothing.
            fn apply(&self, action: &Bound<'_, PyAny>) -> PyResult<()> {
                let mut game = self.game()?;
                let id = crate::action_id::<$Game>(action)?;
                let mut info = crate::lock(&self.info, concat!("this ", $py_name, " game"))?;
                match info.as_mut() {
                    Some(log) if log.follows(&**game) => log.apply(&mut **game, id).py_err(),
                    _ => {
                        *info = None;
                        game.apply(id).py_err()
                    }
                }
            }

            /// What an action does, in words (docs/protocol.md, "Describing an
            /// action"): when it is legal now, what it does in this state (a
            /// Jolly `lay 9D` a lay-off or a joker swap, a bid's contract);
            /// otherwise what its text says ("play QH").
            fn describe(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
                let game = self.game()?;
                let id = crate::action_id::<$Game>(action)?;
                Ok(game.describe(id))
            }

            /// The action with that id or text (legal or not).
            fn action(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Py<PyAction>> {
                let id = crate::action_id::<$Game>(action)?;
                Ok(<$Game as crate::PyGame>::actions(py)?[usize::from(id)].clone_ref(py))
            }

            /// An independent copy.
            fn clone(&self) -> PyResult<Self> {
                let game = self.game()?;
                let info = crate::lock(&self.info, concat!("this ", $py_name, " game"))?.clone();
                Ok($Class::with_info(Box::clone(&*game), info))
            }

            /// A whole state `seat` cannot tell from this one, drawn from `seed`: the
            /// hidden cards placed uniformly among the placements consistent with what
            /// the seat has seen, later deals redrawn. It depends only on what the
            /// seat may know and on `seed` (docs/bots.md, "Determinization").
            #[pyo3(signature = (seat, *, seed))]
            fn determinize(&self, seat: &Bound<'_, PyAny>, seed: &Bound<'_, PyAny>) -> PyResult<Self> {
                let game = self.game()?;
                let seat = crate::seat_arg(&**game, seat)?;
                let mut rng = cardcore::SplitMix64::new(crate::extract_seed(seed)?);
                let sample = cardcore::Determinize::determinize(&**game, seat, &mut rng);
                Ok($Class::new(sample))
            }

            /// Who can tell which action an `Action`, id or text is, played now by the
            /// seat to act (the game is not changed): the other seats that can (no
            /// other legal action leaves them the same observation), and whether a
            /// spectator can (every other seat can, and no other legal action leaves
            /// the same `public_view`). What a server may announce of an action
            /// (docs/server.md); an action not legal now is an error.
            fn action_visibility(&self, action: &Bound<'_, PyAny>) -> PyResult<(Vec<usize>, bool)> {
                let game = self.game()?;
                let id = crate::action_id::<$Game>(action)?;
                let told = cardcore::visibility::visibility(&**game, id).py_err()?;
                Ok((told.seats, told.public))
            }

            /// The table as a spectator sees it: every seat's observation combined
            /// (what they show alike kept, what differs None), without `seat` and
            /// `hand`.
            fn public_view(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                let view = cardcore::visibility::public_view(&**self.game()?).py_err()?;
                crate::json_to_py(py, &view)
            }

            /// The exact state as JSON text; `cardcore.from_json` reads it back.
            fn to_json(&self) -> PyResult<String> {
                Ok(self.game()?.to_json())
            }

            /// What `seat` may know now: a snapshot with the game's public accessors,
            /// the seat's hand and, when it is to act, the legal actions; its
            /// `to_dict()` is the JSON form (docs/protocol.md, "Observations").
            fn observation(&self, seat: &Bound<'_, PyAny>) -> PyResult<$Observed> {
                let game = self.game()?;
                let seat = crate::seat_arg(&**game, seat)?;
                let observed = cardcore::Observation::new(&**game, seat).py_err()?;
                Ok($Observed { observed })
            }

            /// Two games are equal when their states are (`to_json()` alike).
            fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
                let Ok(other) = other.cast::<$Class>() else {
                    return Ok(false);
                };
                if slf.is(other) {
                    return Ok(true);
                }
                let (mine, theirs) = (slf.get().game()?, other.get().game()?);
                Ok(**mine == **theirs)
            }

            fn __copy__(&self) -> PyResult<Self> {
                self.clone()
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<Self> {
                self.clone()
            }

            fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                let from_json = py.import("cardcore._core")?.getattr("from_json")?;
                (from_json, (self.to_json()?,)).into_pyobject(py)
            }

            /// The table as text: every hand, the table as a spectator sees it
            /// (`cardcore._views.text`, the views of `cardcore play`).
            fn __str__(slf: &Bound<'_, Self>) -> PyResult<String> {
                let text = slf.py().import("cardcore._views.text")?.getattr("game_text")?;
                text.call1((slf,))?.extract()
            }

            fn __repr__(&self) -> String {
                // A repr never fails: a game in use by another call says so.
                let Ok(game) = self.game() else {
                    return format!("<{} (in use by another call)>", $py_name);
                };
                let player = game
                    .current_player()
                    .map_or_else(|| "None".to_owned(), |seat| seat.to_string());
                format!(
                    "<{} phase={:?} current_player={} scores={:?}>",
                    $py_name,
                    game.phase(),
                    player,
                    game.scores()
                )
            }

            $($extra)*
        }
    };
}
pub(crate) use game_class;

/// Defines a game's observation class: what one seat may know, with the
/// protocol every game shares, then the game's own (`$extra`). The accessors it
/// shares with the game's class read `source()`.
macro_rules! observation_class {
    ($Class:ident, $Game:ty, $module:literal, $doc:literal, { $($extra:tt)* }) => {
        #[doc = $doc]
        #[pyclass(module = $module, name = "Observation", frozen)]
        pub(crate) struct $Class {
            observed: cardcore::Observation<$Game>,
        }

        impl $Class {
            /// What the accessors the game shares with its observations read.
            fn source(&self) -> PyResult<&cardcore::Observation<$Game>> {
                Ok(&self.observed)
            }
        }

        #[pymethods]
        impl $Class {
            /// The registered name of the game observed.
            #[getter]
            fn name(&self) -> &'static str {
                <$Game as Game>::NAME
            }

            /// The seat observing.
            #[getter]
            fn seat(&self) -> usize {
                self.observed.seat()
            }

            /// A whole game this seat cannot tell from the one observed, drawn from
            /// `seed` (the game's `determinize(seat, seed=...)`): what a bot that
            /// searches plays out, without seeing a hidden card.
            #[pyo3(signature = (*, seed))]
            fn determinize(&self, py: Python<'_>, seed: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                let mut rng = cardcore::SplitMix64::new(crate::extract_seed(seed)?);
                crate::PyGame::wrap(self.observed.determinize(&mut rng), py)
            }

            /// The number of seats.
            #[getter]
            fn num_players(&self) -> usize {
                self.observed.num_players()
            }

            /// Every option in force.
            #[getter]
            fn options(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                crate::json_to_py(py, &self.observed.options())
            }

            /// The seat to act, None once the game is over.
            #[getter]
            fn current_player(&self) -> Option<usize> {
                self.observed.current_player()
            }

            /// The game's phase.
            #[getter]
            fn phase(&self) -> &'static str {
                self.observed.phase()
            }

            /// Whether the game is over.
            #[getter]
            fn is_over(&self) -> bool {
                self.observed.is_over()
            }

            /// Match scores per seat.
            #[getter]
            fn scores(&self) -> Vec<i64> {
                self.observed.scores()
            }

            /// Every deal finished, oldest first, void deals included, as the rules
            /// show every seat a finished deal: the last one too once the match is over.
            #[getter]
            fn finished_deals(&self) -> Vec<<$Game as crate::PyDeals>::PyDeal> {
                let players = self.observed.num_players();
                self.observed
                    .finished_deals()
                    .iter()
                    .map(|deal| <$Game as crate::PyDeals>::py_deal(deal, players, false, true))
                    .collect()
            }

            /// The last deal finished (`finished_deals[-1]`), or None.
            #[getter]
            fn last_deal(&self) -> Option<<$Game as crate::PyDeals>::PyDeal> {
                let players = self.observed.num_players();
                self.observed
                    .last_deal()
                    .map(|deal| <$Game as crate::PyDeals>::py_deal(&deal, players, false, true))
            }

            /// The seats that won the match (the game's `winning_seats`).
            #[getter]
            fn winning_seats(&self) -> Vec<usize> {
                self.observed.winning_seats()
            }

            /// The legal actions when this seat is to act, sorted by id; none otherwise.
            fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
                let actions = <$Game as crate::PyGame>::actions(py)?;
                let mut legal = Vec::with_capacity(<$Game as Game>::ACTION_COUNT);
                self.observed.legal_actions(&mut legal);
                PyList::new(py, legal.into_iter().map(|a| &actions[usize::from(a)]))
            }

            /// The JSON form: a JSON-compatible dict (docs/protocol.md, "Observations").
            fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                crate::json_to_py(py, &self.observed.to_json())
            }

            /// The JSON form as text.
            fn to_json(&self) -> String {
                self.observed.to_json().to_string()
            }

            /// Two observations are equal when they show the same (their JSON forms).
            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other
                    .cast::<$Class>()
                    .is_ok_and(|o| o.get().observed.to_json() == self.observed.to_json())
            }

            fn __copy__(&self) -> Self {
                $Class { observed: self.observed.clone() }
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
                $Class { observed: self.observed.clone() }
            }

            /// Unpickles as an equal observation of a game the seat cannot tell
            /// from this one: the pickle holds no hidden card.
            fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                let rebuild = py.import("cardcore._core")?.getattr("_observation")?;
                let portable = self.observed.to_portable();
                (rebuild, (portable, self.observed.seat())).into_pyobject(py)
            }

            /// What this seat sees, as text (`cardcore._views.text`, the views of
            /// `cardcore play`).
            fn __str__(slf: &Bound<'_, Self>) -> PyResult<String> {
                let text = slf.py().import("cardcore._views.text")?.getattr("observation_text")?;
                text.call1((slf,))?.extract()
            }

            fn __repr__(&self) -> String {
                let player = self
                    .observed
                    .current_player()
                    .map_or_else(|| "None".to_owned(), |seat| seat.to_string());
                format!(
                    "<{}.Observation seat={} phase={:?} current_player={}>",
                    $module,
                    self.observed.seat(),
                    self.observed.phase(),
                    player
                )
            }

            $($extra)*
        }
    };
}
pub(crate) use observation_class;

// ---------------------------------------------------------------- registry

fn new_game_object(
    py: Python<'_>,
    name: &str,
    seed: u64,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    cardcore::with_game!(name, G => {
        let options = options_to_json::<G>(options)?;
        G::new(seed, &options).map_err(|e| options_err::<G>(e, &options))?.wrap(py)
    }, unknown => Err(to_py_err(Error::UnknownGame(name.to_owned()))))
}

/// A new game by name: `new_game("brouc", seed=1, single_deal=True)`.
///
/// `name` is one of `cardcore.GAMES`: `"brouc"` (Brouc), `"julien"` (Le
/// Julien), `"tarot"` (French Tarot), `"five_hundred"` (500), `"jolly"`
/// (Jolly). `seed` deals the match; the options are the game's
/// (docs/rules/<game>.md, "Options"; `game_info()` lists them). An unknown
/// name is an `UnknownGameError`, a bad option an `OptionError` naming it.
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
    new_game_object(py, &name, seed, options)
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
    let text = state_text(text, max_bytes)?;
    let name = cardcore::json::game_name(&text).py_err()?;
    cardcore::with_game!(name.as_str(), G => G::from_json(&text).py_err()?.wrap(py),
        unknown => Err(to_py_err(Error::json(format!("unknown game: {:?}", shortened(&name))))))
}

/// A state's text, checked to be a `str` of at most `max_bytes` bytes.
fn state_text(text: &Bound<'_, PyAny>, max_bytes: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
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
    Ok(text)
}

/// Rebuilds an observation from `Observation.__reduce__`'s state text and seat
/// (pickling); the text is a game state, read whatever its size.
#[pyfunction]
fn _observation(py: Python<'_>, text: &str, seat: usize) -> PyResult<Py<PyAny>> {
    let name = cardcore::json::game_name(text).py_err()?;
    cardcore::with_game!(name.as_str(), G => {
        G::wrap_observation(cardcore::Observation::<G>::from_portable(text, seat).py_err()?, py)
    }, unknown => Err(to_py_err(Error::json(format!("unknown game: {name:?}")))))
}

/// Rebuilds an action from its game's name and id (pickling).
#[pyfunction]
fn _action(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    id: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAction>> {
    let game = str_arg(game, Error::UnknownGame)?;
    cardcore::with_game!(game.as_str(), G => {
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
                        OptionKind::IntChoice { choices, .. } => format!(
                            "int, one of {}",
                            choices.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
                        ),
                        OptionKind::OptionalInt { .. } => "int or None".to_owned(),
                        OptionKind::OptionalChoice { choices } => format!("one of {} or None", choices.join(", ")),
                        OptionKind::Choice { choices, .. } => format!("one of {}", choices.join(", ")),
                    };
                    serde_json::json!({"name": spec.name, "kind": kind, "default": spec.default_value(), "doc": spec.doc})
                }).collect();
                let players = G::new(0, &serde_json::Map::new()).map_or(0, |game| game.num_players());
                serde_json::json!({"name": G::NAME, "doc": G::DESCRIPTION, "players": players, "player_counts": G::PLAYER_COUNTS, "actions": G::ACTION_COUNT, "tensor_size": G::TENSOR_SIZE, "options": options})
            }, unknown => Value::Null)
        })
        .collect();
    json_to_py(py, &Value::Array(games))
}

// ---------------------------------------------------------------- bots

/// A seeded uniform-random player: `bot.act(observation)` picks one legal action.
#[pyclass(module = "cardcore", name = "RandomBot", frozen)]
struct PyRandomBot(Mutex<cardcore::bot::RandomBot>);

/// The bot's action for `view` if it is an observation or a game of `G`, else `None`.
fn bot_action<G: PyGame>(
    py: Python<'_>,
    bot: &mut cardcore::bot::RandomBot,
    view: &Bound<'_, PyAny>,
) -> Option<PyResult<Py<PyAction>>> {
    let action = if let Some(observed) = G::observed(view) {
        if observed.to_act() {
            Ok(Some(Bot::act(bot, observed)))
        } else {
            Ok(None)
        }
    } else {
        let class = G::class(view)?;
        G::lock(class).map(|game| bot.act::<G>(&game))
    };
    Some(action.and_then(|action| {
        let action = action.ok_or_else(|| {
            to_py_err(Error::IllegalAction(
                "no action to choose: the game is over, or the observing seat is not to act".into(),
            ))
        })?;
        Ok(G::actions(py)?[usize::from(action)].clone_ref(py))
    }))
}

#[pymethods]
impl PyRandomBot {
    #[new]
    fn py_new(seed: &Bound<'_, PyAny>) -> PyResult<Self> {
        let bot = cardcore::bot::RandomBot::new(extract_seed(seed)?);
        Ok(PyRandomBot(Mutex::new(bot)))
    }

    /// Unpickles as a bot whose generator is where this one's is: it
    /// continues exactly as this one would.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let state = lock(&slf.get().0, "this RandomBot")?.state();
        (slf.get_type(), (state,)).into_pyobject(slf.py())
    }

    fn __copy__(slf: &Bound<'_, Self>) -> PyResult<Self> {
        Ok(PyRandomBot(Mutex::new(
            lock(&slf.get().0, "this RandomBot")?.clone(),
        )))
    }

    fn __deepcopy__(slf: &Bound<'_, Self>, _memo: &Bound<'_, PyAny>) -> PyResult<Self> {
        Self::__copy__(slf)
    }

    /// One legal action for the seat of `observation`, which must be to act, drawn
    /// uniformly (docs/protocol.md, "Bots"). A game is taken too, for its player to act:
    /// the bot reads nothing but the legal actions.
    fn act(&self, py: Python<'_>, observation: &Bound<'_, PyAny>) -> PyResult<Py<PyAction>> {
        let mut bot = lock(&self.0, "this RandomBot")?;
        for &name in cardcore::games::GAMES {
            let chosen = cardcore::with_game!(name, G => bot_action::<G>(py, &mut bot, observation),
                unknown => None);
            if let Some(chosen) = chosen {
                return chosen;
            }
        }
        Err(to_py_err(Failure::Type(Error::IllegalAction(format!(
            "expected a cardcore observation or game, got {}",
            shown(observation)
        )))))
    }
}

// ---------------------------------------------------------------- simulation

/// What `simulate` played: games, decisions, wins and mean scores per seat, time.
#[pyclass(module = "cardcore", name = "SimulationSummary", frozen, get_all)]
#[derive(Serialize, Deserialize)]
struct SimulationSummary {
    #[serde(with = "travel::game_name")]
    game: travel::GameName,
    games: u64,
    decisions: u64,
    wins: Vec<u64>,
    #[serde(with = "travel::exact")]
    mean_scores: Vec<f64>,
    #[serde(with = "travel::exact")]
    elapsed_seconds: f64,
    threads: usize,
}

impl SimulationSummary {
    fn new(game: &'static str, summary: cardcore::simulate::Summary) -> SimulationSummary {
        SimulationSummary {
            game,
            games: summary.games,
            decisions: summary.decisions,
            wins: summary.wins,
            mean_scores: summary
                .score_sums
                .iter()
                .map(|&s| s as f64 / summary.games as f64)
                .collect(),
            elapsed_seconds: summary.elapsed_seconds,
            threads: summary.threads,
        }
    }
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

/// What a value's `__reduce__` answers: `cardcore._core.<rebuild>(*figures)`,
/// the figures plain Python values that pickle exactly.
fn reduced<'py>(
    py: Python<'py>,
    rebuild: &str,
    figures: Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyTuple>> {
    let rebuild = py.import("cardcore._core")?.getattr(rebuild)?;
    (rebuild, figures).into_pyobject(py)
}

/// A bound on one call (days of computing), so a typo cannot hang the caller.
const MAX_SIMULATED_GAMES: u64 = 1_000_000_000_000;

/// How often the calling thread wakes up, while a simulation runs, to take
/// the GIL back and look for signals (Ctrl-C).
const SIGNAL_TICK: Duration = Duration::from_millis(50);

/// Every how many wake-ups the progress callback is called (a few times a second).
const TICKS_PER_PROGRESS: u32 = 5;

/// Plays `games` whole matches between random bots in Rust, without the GIL,
/// here or on Ray (`cardcore._ray`).
#[pyfunction]
#[pyo3(
    signature = (name, *, games, seed, threads = None, progress = None, backend = None, address = None, batch_size = None, connect_timeout = None, **options),
    text_signature = "(name, *, games, seed, threads=None, progress=None, backend='local', address=None, batch_size=None, connect_timeout=None, **options)"
)]
#[allow(clippy::too_many_arguments)] // the Python signature's
fn simulate<'py>(
    py: Python<'py>,
    name: &Bound<'py, PyAny>,
    games: &Bound<'py, PyAny>,
    seed: &Bound<'py, PyAny>,
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
    let games = int_arg(games, |m| Error::option("games", m))?;
    let threads = threads_arg(threads)?;
    let seed = extract_seed(seed)?;
    let progress = progress_arg(progress)?;
    let games = count_arg(games, "games")?;
    let on_ray = distributed::backend_arg(backend, address, batch_size, connect_timeout)?;
    cardcore::with_game!(name, G => {
        let options = options_to_json::<G>(options)?;
        if let Some(ray) = on_ray {
            G::new(seed, &options).map_err(|e| options_err::<G>(e, &options))?;
            let arguments = PyDict::new(py);
            arguments.set_item("name", G::NAME)?;
            arguments.set_item("games", games)?;
            arguments.set_item("seed", seed)?;
            arguments.set_item("threads", threads)?;
            arguments.set_item("progress", progress)?;
            arguments.set_item("options", json_to_py(py, &Value::Object(options))?)?;
            return ray.run(py, "simulate", &arguments);
        }
        let threads = threads.unwrap_or_else(default_threads);
        let control = cardcore::watch::Control::new();
        let summary = run_watched(py, games, progress.as_ref(), &control, |on_tick| {
            cardcore::simulate::simulate_with::<G>(
                games, seed, threads, &options, &control, SIGNAL_TICK, on_tick,
            )
        })?
        .map_err(|e| options_err::<G>(e, &options))?;
        Ok(Bound::new(py, SimulationSummary::new(G::NAME, summary))?.into_any())
    }, unknown => Err(to_py_err(Error::UnknownGame(name.to_owned()))))
}

/// The `threads` argument: `None` (the caller's default) or 1 to 1024.
fn threads_arg(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    let Some(threads) = threads.filter(|t| !t.is_none()) else {
        return Ok(None);
    };
    let t = int_arg(threads, |m| Error::option("threads", m))?;
    usize::try_from(t)
        .ok()
        .filter(|&t| (1..=1024).contains(&t))
        .map(Some)
        .ok_or_else(|| {
            to_py_err(Error::option(
                "threads",
                format!("expected 1 to 1024 threads, got {t}"),
            ))
        })
}

/// One thread per core.
fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The `progress` argument: a callable or `None`.
fn progress_arg(progress: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Py<PyAny>>> {
    match progress.filter(|p| !p.is_none()) {
        Some(p) if !p.is_callable() => {
            let message = format!("expected a callable or None, got {}", shown(p));
            Err(to_py_err(Failure::Type(Error::option("progress", message))))
        }
        p => Ok(p.map(|p| p.clone().unbind())),
    }
}

/// A number of matches `name` to play: 1 to [`MAX_SIMULATED_GAMES`].
fn count_arg(count: i64, name: &str) -> PyResult<u64> {
    u64::try_from(count)
        .ok()
        .filter(|c| (1..=MAX_SIMULATED_GAMES).contains(c))
        .ok_or_else(|| {
            to_py_err(Error::option(
                name,
                format!("expected 1 to {MAX_SIMULATED_GAMES} {name}, got {count}"),
            ))
        })
}

/// Runs `run` without the GIL, watched: `run` passes the watcher it is given
/// to the core's run, which calls it every [`SIGNAL_TICK`]. The watcher takes
/// the GIL back to run the signal handlers (Ctrl-C raises `KeyboardInterrupt`
/// there) and, now and then, `progress(control.done(), total)`; an exception
/// from either stops the run through `control` and is raised. `progress` is
/// called once more at the end.
fn run_watched<T: Send>(
    py: Python<'_>,
    total: u64,
    progress: Option<&Py<PyAny>>,
    control: &cardcore::watch::Control,
    run: impl Send + FnOnce(&mut (dyn FnMut(&cardcore::watch::Control) + Send)) -> T,
) -> PyResult<T> {
    let mut raised: Option<PyErr> = None;
    let mut ticks = 0u32;
    let outcome = py.detach(|| {
        run(&mut |control: &cardcore::watch::Control| {
            if control.is_stopped() {
                return;
            }
            ticks += 1;
            let report = progress.filter(|_| ticks % TICKS_PER_PROGRESS == 0);
            let outcome = Python::attach(|py| {
                py.check_signals()?;
                match report {
                    Some(progress) => progress.call1(py, (control.done(), total)).map(drop),
                    None => Ok(()),
                }
            });
            if let Err(error) = outcome {
                raised = Some(error);
                control.stop();
            }
        })
    });
    if let Some(error) = raised {
        return Err(error);
    }
    if let Some(progress) = progress {
        progress.call1(py, (control.done(), total))?;
    }
    Ok(outcome)
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
    m.add("PhaseError", py.get_type::<PhaseError>())?;
    let two_base = two_base_errors(py)?;
    for ((name, _), class) in KINDS.iter().zip(&two_base.wrong_type) {
        m.add(*name, class.bind(py))?;
    }
    m.add("ConcurrentUseError", two_base.concurrent_use.bind(py))?;
    m.add_class::<PyCard>()?;
    m.add_class::<PyAction>()?;
    m.add_class::<PyRandomBot>()?;
    m.add_class::<bots::PyNativeBot>()?;
    m.add_function(wrap_pyfunction!(bots::make_bot, m)?)?;
    m.add_function(wrap_pyfunction!(bots::search_bot, m)?)?;
    m.add_class::<SimulationSummary>()?;
    // Each game's classes live in its own Python module (cardcore.brouc, ...);
    // here they are named apart, as this one module holds every game's.
    m.add("Brouc", py.get_type::<brouc::PyBrouc>())?;
    m.add(
        "BroucObservation",
        py.get_type::<brouc::PyBroucObservation>(),
    )?;
    m.add("BroucDeal", py.get_type::<brouc::PyBroucDeal>())?;
    m.add("Announcement", py.get_type::<brouc::PyAnnouncement>())?;
    m.add("Julien", py.get_type::<julien::PyJulien>())?;
    m.add(
        "JulienObservation",
        py.get_type::<julien::PyJulienObservation>(),
    )?;
    m.add("JulienBid", py.get_type::<julien::PyJulienBid>())?;
    m.add("JulienTrick", py.get_type::<julien::PyJulienTrick>())?;
    m.add("JulienDeal", py.get_type::<julien::PyJulienTour>())?;
    m.add_function(wrap_pyfunction!(julien::julien_score, m)?)?;
    m.add_function(wrap_pyfunction!(julien::julien_card_value, m)?)?;
    m.add("Tarot", py.get_type::<tarot::PyTarot>())?;
    m.add(
        "TarotObservation",
        py.get_type::<tarot::PyTarotObservation>(),
    )?;
    m.add("TarotTrick", py.get_type::<tarot::PyTarotTrick>())?;
    m.add("TarotDeal", py.get_type::<tarot::PyTarotDeal>())?;
    m.add("TarotDealResult", py.get_type::<tarot::PyDealResult>())?;
    m.add("TarotPoignee", py.get_type::<tarot::PyPoignee>())?;
    m.add_function(wrap_pyfunction!(tarot::tarot_settle, m)?)?;
    m.add_function(wrap_pyfunction!(tarot::tarot_card_points, m)?)?;
    m.add("FiveHundred", py.get_type::<five_hundred::PyFiveHundred>())?;
    m.add(
        "FiveHundredObservation",
        py.get_type::<five_hundred::PyFiveHundredObservation>(),
    )?;
    m.add(
        "FiveHundredTrick",
        py.get_type::<five_hundred::PyFiveHundredTrick>(),
    )?;
    m.add(
        "FiveHundredDeal",
        py.get_type::<five_hundred::PyFiveHundredDeal>(),
    )?;
    m.add(
        "FiveHundredDealResult",
        py.get_type::<five_hundred::PyDealResult>(),
    )?;
    m.add_function(wrap_pyfunction!(five_hundred::five_hundred_bid_value, m)?)?;
    m.add_function(wrap_pyfunction!(five_hundred::five_hundred_score, m)?)?;
    m.add("Jolly", py.get_type::<jolly::PyJolly>())?;
    m.add(
        "JollyObservation",
        py.get_type::<jolly::PyJollyObservation>(),
    )?;
    m.add("JollyMeld", py.get_type::<jolly::PyJollyMeld>())?;
    m.add("JollyDeal", py.get_type::<jolly::PyJollyRound>())?;
    m.add("JollyDealResult", py.get_type::<jolly::PyRoundResult>())?;
    m.add_function(wrap_pyfunction!(jolly::jolly_is_meld, m)?)?;
    m.add_function(wrap_pyfunction!(jolly::jolly_meld_value, m)?)?;
    m.add_function(wrap_pyfunction!(jolly::jolly_meld_actions, m)?)?;
    m.add_function(wrap_pyfunction!(jolly::jolly_hand_penalty, m)?)?;
    m.add_function(wrap_pyfunction!(jolly::jolly_round_scores, m)?)?;
    m.add_function(wrap_pyfunction!(deck, m)?)?;
    m.add_function(wrap_pyfunction!(new_game, m)?)?;
    m.add_function(wrap_pyfunction!(from_json, m)?)?;
    m.add_function(wrap_pyfunction!(game_info, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(distributed::_simulate_part, m)?)?;
    m.add_function(wrap_pyfunction!(distributed::_simulate_summary, m)?)?;
    m.add_function(wrap_pyfunction!(distributed::_selfplay_part, m)?)?;
    m.add_function(wrap_pyfunction!(arena::_arena_part, m)?)?;
    m.add_function(wrap_pyfunction!(arena::_arena_result, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena, m)?)?;
    m.add_class::<arena::ArenaResult>()?;
    m.add_class::<arena::ArenaEntry>()?;
    m.add("VectorEnv", py.get_type::<vector::PyVectorEnv>())?;
    m.add_function(wrap_pyfunction!(_action, m)?)?;
    m.add_function(wrap_pyfunction!(_observation, m)?)?;
    m.add_function(wrap_pyfunction!(bots::_native_bot, m)?)?;
    m.add_function(wrap_pyfunction!(travel::_record, m)?)?;
    Ok(())
}
