//! Values that travel (to another process, a Ray task, a queue): every record
//! class, and the run summaries, pickle (and so copy) as their Rust value's
//! serde form, and one function, `_record`, rebuilds any of them. A class is
//! known by its Rust type's name, whatever Python calls it.

use cardcore::error::shortened;
use cardcore::Error;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::{arena, brouc, five_hundred, jolly, julien, tarot, to_py_err, SimulationSummary};

/// The seal of a record's bytes: FNV-1a over the version, the key and the
/// bytes. A pickle is trusted input (as Python's `pickle` says); the seal
/// refuses bytes that were cut, edited, or written by another version, whose
/// records may be laid out otherwise.
fn seal(key: &str, bytes: &[u8]) -> u64 {
    let version = env!("CARGO_PKG_VERSION").as_bytes();
    [version, b"\0", key.as_bytes(), b"\0", bytes]
        .into_iter()
        .flatten()
        .fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        })
}

/// What a record's `__reduce__` answers: `_record(key, bytes, seal)`.
fn reduce<'py, T: Serialize>(
    py: Python<'py>,
    key: &'static str,
    record: &T,
) -> PyResult<Bound<'py, PyTuple>> {
    let bytes = serde_json::to_vec(record)
        .map_err(|e| to_py_err(Error::json(format!("cannot pickle a {key}: {e}"))))?;
    let sealed = seal(key, &bytes);
    let figures = (key, PyBytes::new(py, &bytes), sealed).into_pyobject(py)?;
    crate::reduced(py, "_record", figures)
}

/// The record `bytes` hold, if `seal` is theirs.
fn rebuild<T: DeserializeOwned>(key: &str, bytes: &[u8], sealed: u64) -> PyResult<T> {
    if seal(key, bytes) != sealed {
        return Err(to_py_err(Error::json(
            "not a pickled cardcore record: the bytes do not match their seal \
             (cut, edited, or pickled by another version)",
        )));
    }
    serde_json::from_slice(bytes).map_err(|e| {
        let message = format!("not a pickled cardcore record ({e})");
        to_py_err(Error::json(shortened(&message)))
    })
}

/// Every record class: its `__reduce__`, and its arm in `_record`.
macro_rules! travelling {
    ($($Class:path),* $(,)?) => {
        $(
            #[pymethods]
            impl $Class {
                /// Unpickles (and copies) as an equal record.
                fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                    reduce(py, stringify!($Class), self)
                }
            }
        )*

        /// Rebuilds a record from its `__reduce__`'s figures (pickling).
        #[pyfunction]
        pub(crate) fn _record(
            py: Python<'_>,
            key: &str,
            bytes: &[u8],
            seal: u64,
        ) -> PyResult<Py<PyAny>> {
            $(
                if key == stringify!($Class) {
                    let record: $Class = rebuild(key, bytes, seal)?;
                    return Ok(Py::new(py, record)?.into_any());
                }
            )*
            Err(to_py_err(Error::json(format!(
                "not a cardcore record class: {}",
                shortened(key)
            ))))
        }
    };
}

travelling!(
    brouc::PyAnnouncement,
    brouc::PyBroucDeal,
    julien::PyJulienBid,
    julien::PyJulienTrick,
    julien::PyJulienTour,
    tarot::PyTarotTrick,
    tarot::PyPoignee,
    tarot::PyDealResult,
    tarot::PyTarotDeal,
    five_hundred::PyFiveHundredTrick,
    five_hundred::PyDealResult,
    five_hundred::PyFiveHundredDeal,
    jolly::PyJollyMeld,
    jolly::PyRoundResult,
    jolly::PyJollyRound,
    arena::ArenaEntry,
    arena::ArenaResult,
    SimulationSummary,
);

/// For a float field (or a pair or list of them): its bits, so that every
/// float, NaN included, comes back exactly (JSON has no NaN).
pub(crate) mod exact {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub(crate) trait Bits: Sized {
        type Form: Serialize + for<'de> Deserialize<'de>;
        fn form(&self) -> Self::Form;
        fn from_form(form: Self::Form) -> Self;
    }

    impl Bits for f64 {
        type Form = u64;
        fn form(&self) -> u64 {
            self.to_bits()
        }
        fn from_form(form: u64) -> f64 {
            f64::from_bits(form)
        }
    }

    impl Bits for (f64, f64) {
        type Form = (u64, u64);
        fn form(&self) -> (u64, u64) {
            (self.0.form(), self.1.form())
        }
        fn from_form((a, b): (u64, u64)) -> (f64, f64) {
            (f64::from_bits(a), f64::from_bits(b))
        }
    }

    impl Bits for Vec<f64> {
        type Form = Vec<u64>;
        fn form(&self) -> Vec<u64> {
            self.iter().map(Bits::form).collect()
        }
        fn from_form(form: Vec<u64>) -> Vec<f64> {
            form.into_iter().map(f64::from_bits).collect()
        }
    }

    pub(crate) fn serialize<T: Bits, S: Serializer>(
        value: &T,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        value.form().serialize(serializer)
    }

    pub(crate) fn deserialize<'de, T: Bits, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<T, D::Error> {
        T::Form::deserialize(deserializer).map(T::from_form)
    }
}

/// A game's registered name as a field that travels (with `game_name`): an
/// alias, so that serde does not take the `&str` for text borrowed from its input.
pub(crate) type GameName = &'static str;

/// For a game's name: one of the registered games'.
pub(crate) mod game_name {
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(
        name: &&'static str,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(name)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<&'static str, D::Error> {
        let name = String::deserialize(deserializer)?;
        cardcore::games::GAMES
            .iter()
            .copied()
            .find(|&game| game == name)
            .ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "no game named {:?}",
                    cardcore::error::shortened(&name)
                ))
            })
    }
}
