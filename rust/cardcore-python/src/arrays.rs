//! numpy arrays written by Rust: observation tensors and action masks, into a
//! new array or the caller's. numpy is needed only when one is asked for.
//!
//! A tensor is a hot call in a training loop, so the caller's array is checked
//! once by its header (type, rank, length, dtype, flags) and written through
//! its data pointer, without the numpy crate's run-time borrow tracking.

use std::cell::RefCell;
use std::os::raw::c_int;

use cardcore::game::ActionId;
use cardcore::Error;
use numpy::npyffi::{NPY_ARRAY_ALIGNED, NPY_ARRAY_C_CONTIGUOUS, NPY_ARRAY_WRITEABLE, NPY_TYPES};
use numpy::PyUntypedArrayMethods;
use numpy::{Element, PyArray1, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray};
use pyo3::exceptions::PyImportError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use crate::{to_py_err, Failure};

/// An element type of the arrays written here.
pub(crate) trait Written: Element {
    /// Its numpy type number.
    const TYPE_NUM: c_int;
    /// Its numpy name, for messages.
    const NAME: &'static str;
}

impl Written for f32 {
    const TYPE_NUM: c_int = NPY_TYPES::NPY_FLOAT as c_int;
    const NAME: &'static str = "float32";
}

impl Written for bool {
    const TYPE_NUM: c_int = NPY_TYPES::NPY_BOOL as c_int;
    const NAME: &'static str = "bool";
}

/// A new 1-D array of `len` elements, or `out` checked to be one (a writable,
/// aligned, C-contiguous array of `T` of that length), filled by `fill`, which
/// writes every element.
pub(crate) fn fill_array<'py, T: Written>(
    py: Python<'py>,
    out: Option<&Bound<'py, PyAny>>,
    len: usize,
    fill: impl FnOnce(&mut [T]),
) -> PyResult<Bound<'py, PyArray1<T>>> {
    // Without numpy, no array can be made or checked (the numpy crate panics).
    numpy_importable(py)?;
    let array = match out {
        None => {
            // SAFETY: a new array, which `fill` writes whole before anyone reads it.
            unsafe { PyArray1::<T>::new(py, len, false) }
        }
        Some(out) => checked_out::<T>(out, len)?,
    };
    // SAFETY: the array is 1-D with `len` aligned, contiguous, writable elements
    // of `T` (made so, or checked above); the GIL is held and nothing else in
    // Rust refers to its data during this call.
    let slice = unsafe { std::slice::from_raw_parts_mut(array.data(), len) };
    fill(slice);
    Ok(array)
}

thread_local! {
    /// The legal actions listed for a mask, reused: no allocation per call.
    static SCRATCH: RefCell<Vec<ActionId>> = const { RefCell::new(Vec::new()) };
}

/// Runs `use_it` with this thread's scratch list of action ids.
pub(crate) fn with_scratch<R>(use_it: impl FnOnce(&mut Vec<ActionId>) -> R) -> R {
    SCRATCH.with(|scratch| use_it(&mut scratch.borrow_mut()))
}

/// numpy imports, once: without it, an `ImportError` that says how to get it.
/// Called before any use of the numpy crate, which panics without numpy.
pub(crate) fn numpy_importable(py: Python<'_>) -> PyResult<()> {
    static IMPORTED: PyOnceLock<()> = PyOnceLock::new();
    IMPORTED
        .get_or_try_init(py, || py.import("numpy").map(drop))
        .copied()
        .map_err(|error| {
            PyImportError::new_err(format!(
                "observation tensors, masks and self-play rows are numpy arrays: \
                 pip install 'cardcore[numpy]' ({error})"
            ))
        })
}

fn checked_out<'py, T: Written>(
    out: &Bound<'py, PyAny>,
    len: usize,
) -> PyResult<Bound<'py, PyArray1<T>>> {
    let wanted = || format!("a writable 1-D {} array of {len} elements", T::NAME);
    let Ok(array) = out.cast::<PyUntypedArray>() else {
        let message = format!("expected {}, got {}", wanted(), out.get_type().name()?);
        return Err(to_py_err(Failure::Type(Error::option("out", message))));
    };
    let dtype = array.dtype();
    let native = dtype.is_native_byteorder() != Some(false);
    if array.ndim() != 1 || dtype.num() != T::TYPE_NUM || !native {
        let message = format!("expected {}, got {}", wanted(), described(array));
        return Err(to_py_err(Failure::Type(Error::option("out", message))));
    }
    if array.len() != len {
        let message = format!("expected {}, got {}", wanted(), described(array));
        return Err(to_py_err(Error::option("out", message)));
    }
    // SAFETY: a live ndarray's header.
    let flags = unsafe { (*array.as_array_ptr()).fields.flags };
    for (flag, missing) in [
        (NPY_ARRAY_C_CONTIGUOUS, "not C-contiguous"),
        (NPY_ARRAY_ALIGNED, "not aligned"),
        (NPY_ARRAY_WRITEABLE, "not writable"),
    ] {
        if flags & flag == 0 {
            return Err(to_py_err(Error::option(
                "out",
                format!("the array is {missing}"),
            )));
        }
    }
    // SAFETY: checked above: an ndarray of rank 1 whose dtype is `T`'s.
    Ok(unsafe { array.cast_unchecked::<PyArray1<T>>() }.clone())
}

fn described(array: &Bound<'_, PyUntypedArray>) -> String {
    let dtype = array
        .dtype()
        .str()
        .map_or_else(|_| "?".to_owned(), |s| s.to_string());
    let dims: Vec<String> = array.shape().iter().map(usize::to_string).collect();
    let comma = if dims.len() == 1 { "," } else { "" };
    format!("a {dtype} array of shape ({}{comma})", dims.join(", "))
}
