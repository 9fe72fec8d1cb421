//! Runs of many independent items (matches, duplicate groups) spread over
//! threads in contiguous ranges of indices, which the caller watches from its
//! own thread: it sees the items done and can stop the run through a
//! [`Control`]. Simulations and arenas share it.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use crate::error::{Error, Result};

/// Shared by a run's workers and its caller: the number of items finished
/// (brought up to date every few items) and a stop flag, which the workers
/// check as often.
#[derive(Debug, Default)]
pub struct Control {
    done: AtomicU64,
    stop: AtomicBool,
}

impl Control {
    pub const fn new() -> Control {
        Control {
            done: AtomicU64::new(0),
            stop: AtomicBool::new(false),
        }
    }

    /// The items finished so far (each worker reports every few items).
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// Counts `items` more as finished.
    pub fn add_done(&self, items: u64) {
        self.done.fetch_add(items, Ordering::Relaxed);
    }

    /// Asks the workers to stop: each does within a few items.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// The threads a run of `items` items on `threads` threads uses: one item
/// at least per thread, and one thread at least.
pub fn threads_for(items: u64, threads: usize) -> usize {
    threads.clamp(1, items.max(1).try_into().unwrap_or(usize::MAX))
}

/// Splits `items` into at most `threads` contiguous ranges and runs
/// `work(range)` for each on its own thread, while the calling thread calls
/// `on_tick(control)` every `tick` until the workers are done. Returns the
/// workers' results in the order of their ranges, so that a caller merging
/// them in order gets what one thread would have; a worker's panic is passed on.
pub fn run_ranges<T: Send>(
    items: Range<u64>,
    threads: usize,
    control: &Control,
    tick: Duration,
    mut on_tick: impl FnMut(&Control),
    work: impl Fn(Range<u64>) -> T + Sync,
) -> Vec<T> {
    let (first, count) = (items.start, items.end.saturating_sub(items.start));
    let threads = threads_for(count, threads);
    let per_thread = count.div_ceil(threads as u64);
    let work = &work;
    std::thread::scope(|scope| {
        let (finished, finishes) = mpsc::channel::<()>();
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                let range =
                    first + (t * per_thread).min(count)..first + ((t + 1) * per_thread).min(count);
                let finished = finished.clone();
                scope.spawn(move || {
                    let part = work(range);
                    finished.send(()).ok(); // the caller listens until every worker is done
                    part
                })
            })
            .collect();
        drop(finished);
        let mut running = handles.len();
        while running > 0 {
            match finishes.recv_timeout(tick) {
                Ok(()) => running -= 1,
                Err(RecvTimeoutError::Timeout) => on_tick(control),
                // A worker panicked: joining it below passes the panic on.
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}

/// How long a run with no watcher waits between its (empty) ticks.
pub const NEVER: Duration = Duration::from_secs(24 * 3600);

/// A figure of a run's part that adds into the run's total: parts can come
/// from outside (the tasks of a distributed run), so an overflow is an
/// error, never a wrapped or a panicking sum.
pub trait Summed: Sized {
    fn add_part(&mut self, other: Self) -> Result<()>;
}

macro_rules! summed {
    ($($t:ty),*) => {$(
        impl Summed for $t {
            fn add_part(&mut self, other: $t) -> Result<()> {
                *self = self
                    .checked_add(other)
                    .ok_or_else(|| Error::option("parts", "the parts' sums overflow"))?;
                Ok(())
            }
        }
    )*};
}

summed!(u64, i64, i128, Duration);

/// Adds a part's figures into the run's, item by item (lists of one length).
pub fn add_parts<T: Summed + Copy>(run: &mut [T], part: &[T]) -> Result<()> {
    for (mine, &theirs) in run.iter_mut().zip(part) {
        mine.add_part(theirs)?;
    }
    Ok(())
}

/// The error for a part of another run: it counts `part` of what (`what`,
/// "seats", "entries") the run counts `run` of.
pub fn part_of_another_run(what: &str, part: usize, run: usize) -> Error {
    Error::option(
        "parts",
        format!("a part of {part} {what} in a run of {run}"),
    )
}
