//! Any text given as a run's part (what a distributed run's tasks send back)
//! is either refused with an error or merges and reports without panicking.
#![no_main]

use cardcore::arena::{report, Entry, Part};
use cardcore::bot::Level;
use cardcore::games::brouc::Brouc;
use cardcore::simulate::Summary;
use libfuzzer_sys::fuzz_target;
use serde_json::Map;

fuzz_target!(|data: &[u8]| {
    if let Ok(part) = serde_json::from_slice::<Summary>(data) {
        let mut total = Summary::empty(part.wins.len());
        if total.merge(&part).is_ok() {
            let _ = total.merge(&part);
        }
    }
    if let Ok(part) = serde_json::from_slice::<Part>(data) {
        let lineup: Vec<Entry<'_, Brouc>> =
            vec![Entry::level(Level::Easy), Entry::level(Level::Medium)];
        let mut total = Part::new(lineup.len());
        if total.merge(&part).is_ok() && total.merge(&part).is_ok() {
            let _ = report(&lineup, &Map::new(), &total, 1.0, 1);
        }
    }
});
