//! numpy arrays written by Rust: observation tensors and action masks, into a
//! new array or the caller's. numpy is needed only when one is asked for.

use numpy::{Element, PyArray1, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray};
use numpy::{PyArrayDescr, PyUntypedArrayMethods};
use pyo3::exceptions::PyImportError;
use pyo3::prelude::*;

use crate::{to_py_err, Failure};
use cardcore::Error;

/// A new 1-D array of `len` elements, or `out` checked to be one (a writable,
/// C-contiguous array of `T` of that length), filled by `fill`.
pub(crate) fn fill_array<'py, T: Element>(
    py: Python<'py>,
    out: Option<&Bound<'py, PyAny>>,
    len: usize,
    fill: impl FnOnce(&mut [T]),
) -> PyResult<Bound<'py, PyArray1<T>>> {
    let array = match out {
        None => new_array::<T>(py, len)?,
        Some(out) => checked_out::<T>(py, out, len)?,
    };
    let mut written = array.try_readwrite().map_err(|_| {
        argument(format!(
            "the out array is not writable now, or is in use: {}",
            described(array.as_untyped())
        ))
    })?;
    let slice = written
        .as_slice_mut()
        .map_err(|_| argument("the out array is not C-contiguous".to_owned()))?;
    fill(slice);
    drop(written);
    Ok(array)
}

fn new_array<T: Element>(py: Python<'_>, len: usize) -> PyResult<Bound<'_, PyArray1<T>>> {
    // The numpy crate imports numpy on first use; without it, say how to get it.
    py.import("numpy").map_err(|error| {
        PyImportError::new_err(format!(
            "observation tensors and masks are numpy arrays: pip install 'cardcore[numpy]' ({error})"
        ))
    })?;
    Ok(PyArray1::<T>::zeros(py, len, false))
}

fn checked_out<'py, T: Element>(
    py: Python<'py>,
    out: &Bound<'py, PyAny>,
    len: usize,
) -> PyResult<Bound<'py, PyArray1<T>>> {
    let expected = PyArrayDescr::of::<T>(py);
    let wanted = || {
        format!(
            "a writable 1-D {} array of {len} elements",
            expected
                .str()
                .map_or_else(|_| "?".to_owned(), |s| s.to_string())
        )
    };
    let Ok(untyped) = out.cast::<PyUntypedArray>() else {
        let message = format!("expected {}, got {}", wanted(), out.get_type().name()?);
        return Err(to_py_err(Failure::Type(Error::option("out", message))));
    };
    if !untyped.dtype().is_equiv_to(&expected) || untyped.ndim() != 1 {
        let message = format!("expected {}, got {}", wanted(), described(untyped));
        return Err(to_py_err(Failure::Type(Error::option("out", message))));
    }
    if untyped.len() != len {
        let message = format!("expected {}, got {}", wanted(), described(untyped));
        return Err(to_py_err(Error::option("out", message)));
    }
    Ok(out.cast::<PyArray1<T>>()?.clone())
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

fn argument(message: String) -> PyErr {
    to_py_err(Error::option("out", message))
}
