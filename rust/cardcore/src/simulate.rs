//! Whole matches between random bots, spread over threads.

use std::time::Instant;

use serde_json::{Map, Value};

use crate::bot::RandomBot;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::rng::SplitMix64;

#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub games: u64,
    pub decisions: u64,
    /// Matches won, per seat (both seats of a winning team count a win).
    pub wins: Vec<u64>,
    pub score_sums: Vec<i64>,
    pub elapsed_seconds: f64,
    pub threads: usize,
}

/// The seed of match `index`: each match depends only on the run's seed and
/// its index, so the results do not depend on the number of threads.
fn match_seeds(seed: u64, index: u64) -> (u64, u64) {
    let mut rng = SplitMix64::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    (rng.next_u64(), rng.next_u64())
}

fn play_range<G: Game>(seed: u64, range: std::ops::Range<u64>, options: &G::Options) -> Summary {
    let mut summary = Summary {
        games: 0,
        decisions: 0,
        wins: vec![0; G::NUM_PLAYERS],
        score_sums: vec![0; G::NUM_PLAYERS],
        elapsed_seconds: 0.0,
        threads: 1,
    };
    for index in range {
        let (game_seed, bot_seed) = match_seeds(seed, index);
        let mut game = G::with_options(game_seed, options);
        let mut bot = RandomBot::new(bot_seed);
        while bot.play(&mut game).is_some() {
            summary.decisions += 1;
        }
        summary.games += 1;
        for seat in game.winning_seats() {
            summary.wins[seat] += 1;
        }
        for (sum, score) in summary.score_sums.iter_mut().zip(game.scores()) {
            *sum += score;
        }
    }
    summary
}

/// Plays `games` matches of `G` with random bots on `threads` threads.
pub fn simulate<G: Game>(
    games: u64,
    seed: u64,
    threads: usize,
    options: &Map<String, Value>,
) -> Result<Summary> {
    if threads == 0 {
        return Err(Error::option("threads", "must be at least 1"));
    }
    let options = &G::read_options(options)?; // read once, before any thread starts
    let start = Instant::now();
    let threads_used = threads.min(games.max(1) as usize);
    let per_thread = games.div_ceil(threads_used as u64);
    let parts: Vec<Summary> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads_used as u64)
            .map(|t| {
                let range = (t * per_thread).min(games)..((t + 1) * per_thread).min(games);
                scope.spawn(move || play_range::<G>(seed, range, options))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    let mut total = play_range::<G>(seed, 0..0, options);
    for part in parts {
        total.games += part.games;
        total.decisions += part.decisions;
        for (a, b) in total.wins.iter_mut().zip(part.wins) {
            *a += b;
        }
        for (a, b) in total.score_sums.iter_mut().zip(part.score_sums) {
            *a += b;
        }
    }
    total.elapsed_seconds = start.elapsed().as_secs_f64();
    total.threads = threads_used;
    Ok(total)
}
