#![allow(clippy::print_stdout)] // a benchmark reports on standard output
//! Native throughput without Python: `cargo bench -p cardcore -- [GAMES] [THREADS]`.
//! The side-by-side figures (engine, reference, peers) are in benches/bench.py.

use cardcore::games::GAMES;
use serde_json::Map;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(200_000);
    let threads = args.get(1).copied().unwrap_or(1) as usize;
    for name in GAMES {
        let summary = cardcore::with_game!(*name, G => {
            cardcore::simulate::simulate::<G>(games, 1, threads, &Map::new())
        }, unknown => continue);
        match summary {
            Ok(s) => println!(
                "{name}: {} matches, {} decisions in {:.3} s on {} thread(s): {:.1} M decisions/s",
                s.games,
                s.decisions,
                s.elapsed_seconds,
                s.threads,
                s.decisions as f64 / s.elapsed_seconds / 1e6
            ),
            Err(e) => println!("{name}: {e}"),
        }
    }
}
