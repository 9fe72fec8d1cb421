//! Values that travel (to another process, a Ray task, a queue): every record
//! class pickles, and so copies, as its Rust value's serde form, and one
//! function, `_record`, rebuilds any of them. A class is known by its Rust
//! type's name, whatever Python calls it.

use cardcore::error::shortened;
use cardcore::Error;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::{brouc, five_hundred, jolly, julien, tarot, to_py_err};

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
    ($($module:ident::$Class:ident),* $(,)?) => {
        $(
            #[pymethods]
            impl $module::$Class {
                /// Unpickles (and copies) as an equal record.
                fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                    reduce(py, concat!(stringify!($module), "::", stringify!($Class)), self)
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
                if key == concat!(stringify!($module), "::", stringify!($Class)) {
                    let record: $module::$Class = rebuild(key, bytes, seal)?;
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
);
