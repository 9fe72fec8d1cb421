//! Whole matches between random bots, spread over threads. A caller can watch
//! a run's progress and stop it from its own thread through a [`Control`].
//! A run can be played in parts, any ranges of its match indices, whose
//! summaries merge into the whole run's (the Python binding's Ray backend).

use std::ops::Range;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::bot::RandomBot;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::rng::match_seeds;
use crate::watch::{
    add_parts, part_of_another_run, run_ranges, threads_for, Control, Summed, NEVER,
};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub games: u64,
    pub decisions: u64,
    /// Matches won, per seat (both seats of a winning team count a win).
    pub wins: Vec<u64>,
    pub score_sums: Vec<i64>,
    pub elapsed_seconds: f64,
    pub threads: usize,
}

/// How many matches a worker plays between two looks at its [`Control`]: a
/// few dozen microseconds of play, so a stop is seen at once and the shared
/// counter is touched too rarely to cost anything.
const MATCHES_PER_CHECK: u64 = 16;

impl Summary {
    /// A summary of no match, for a table of `num_players` seats.
    pub fn empty(num_players: usize) -> Summary {
        Summary {
            games: 0,
            decisions: 0,
            wins: vec![0; num_players],
            score_sums: vec![0; num_players],
            elapsed_seconds: 0.0,
            threads: 1,
        }
    }

    /// Adds the matches of `other` (a part of the same run) to these; every
    /// figure but the time and threads is an integer sum, so parts merge
    /// into what one run of all their matches gives. An error (a part of
    /// another table, sums that overflow) leaves these figures as they were.
    pub fn merge(&mut self, other: &Summary) -> Result<()> {
        if other.wins.len() != self.wins.len() || other.score_sums.len() != self.wins.len() {
            return Err(part_of_another_run(
                "seats",
                other.wins.len(),
                self.wins.len(),
            ));
        }
        let mut sum = self.clone();
        sum.games.add_part(other.games)?;
        sum.decisions.add_part(other.decisions)?;
        add_parts(&mut sum.wins, &other.wins)?;
        add_parts(&mut sum.score_sums, &other.score_sums)?;
        *self = sum;
        Ok(())
    }
}

/// Plays the matches of `range` in order, until the end or until `control` is stopped.
fn play_range<G: Game>(
    seed: u64,
    range: Range<u64>,
    options: &G::Options,
    control: &Control,
    num_players: usize,
) -> Summary {
    let mut summary = Summary::empty(num_players);
    let mut since_check = 0;
    for index in range {
        if since_check == 0 && control.is_stopped() {
            break;
        }
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
        since_check += 1;
        if since_check == MATCHES_PER_CHECK {
            control.add_done(since_check);
            since_check = 0;
        }
    }
    control.add_done(since_check);
    summary
}

/// Plays `games` matches of `G` with random bots on `threads` threads.
pub fn simulate<G: Game>(
    games: u64,
    seed: u64,
    threads: usize,
    options: &Map<String, Value>,
) -> Result<Summary> {
    simulate_with::<G>(
        games,
        seed,
        threads,
        options,
        &Control::new(),
        NEVER,
        |_| {},
    )
}

/// Plays the matches [`simulate`] plays, while the calling thread calls
/// `on_tick(control)` every `tick` until the workers are done.
///
/// Once `control` is stopped (by `on_tick` or by any other thread), the
/// workers stop within a few matches each and the summary counts only the
/// matches they played: fewer than `games`, and not a prefix of the run, so
/// only a complete run's figures are reproducible.
pub fn simulate_with<G: Game>(
    games: u64,
    seed: u64,
    threads: usize,
    options: &Map<String, Value>,
    control: &Control,
    tick: Duration,
    on_tick: impl FnMut(&Control),
) -> Result<Summary> {
    simulate_part_with::<G>(0..games, seed, threads, options, control, tick, on_tick)
}

/// Plays the matches of `matches`, a range of a run's match indices, as
/// [`simulate_with`] plays the whole run: the summaries of ranges that
/// cover `0..games` merge ([`Summary::merge`]) into the run's.
pub fn simulate_part_with<G: Game>(
    matches: Range<u64>,
    seed: u64,
    threads: usize,
    options: &Map<String, Value>,
    control: &Control,
    tick: Duration,
    on_tick: impl FnMut(&Control),
) -> Result<Summary> {
    if threads == 0 {
        return Err(Error::option("threads", "must be at least 1"));
    }
    let options = &G::read_options(options)?; // read once, before any thread starts
    let num_players = G::with_options(seed, options).num_players();
    let start = Instant::now();
    let count = matches.end.saturating_sub(matches.start);
    let parts = run_ranges(matches, threads, control, tick, on_tick, |range| {
        play_range::<G>(seed, range, options, control, num_players)
    });
    let mut total = Summary::empty(num_players);
    for part in &parts {
        total.merge(part)?;
    }
    total.elapsed_seconds = start.elapsed().as_secs_f64();
    total.threads = threads_for(count, threads);
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::brouc::Brouc;

    fn figures(summary: &Summary) -> (u64, u64, Vec<u64>, Vec<i64>) {
        (
            summary.games,
            summary.decisions,
            summary.wins.clone(),
            summary.score_sums.clone(),
        )
    }

    #[test]
    fn the_results_do_not_depend_on_the_threads() {
        let options = Map::new();
        let one = simulate::<Brouc>(101, 7, 1, &options).unwrap();
        for threads in [2, 3, 8] {
            let many = simulate::<Brouc>(101, 7, threads, &options).unwrap();
            assert_eq!(figures(&many), figures(&one));
        }
    }

    #[test]
    fn parts_of_a_run_merge_into_the_run() {
        let options = Map::new();
        let whole = simulate::<Brouc>(101, 9, 2, &options).unwrap();
        let control = Control::new();
        let mut merged = Summary::empty(4);
        for range in [0..7, 7..7, 7..60, 60..101] {
            let part = simulate_part_with::<Brouc>(range, 9, 3, &options, &control, NEVER, |_| {})
                .unwrap();
            let text = serde_json::to_string(&part).unwrap();
            merged.merge(&serde_json::from_str(&text).unwrap()).unwrap();
        }
        assert_eq!(figures(&merged), figures(&whole));
        assert!(merged.merge(&Summary::empty(3)).is_err());
        let mut huge = Summary::empty(4);
        huge.score_sums[3] = i64::MAX;
        let before = merged.clone();
        assert!(merged.merge(&huge).is_err());
        assert_eq!(merged, before);
    }

    #[test]
    fn a_watched_run_counts_every_match_and_plays_the_same_ones() {
        let options = Map::new();
        let control = Control::new();
        let tick = Duration::from_millis(1);
        let watched = simulate_with::<Brouc>(500, 3, 2, &options, &control, tick, |_| {}).unwrap();
        assert_eq!(control.done(), 500);
        assert!(!control.is_stopped());
        let plain = simulate::<Brouc>(500, 3, 2, &options).unwrap();
        assert_eq!(figures(&watched), figures(&plain));
    }

    #[test]
    fn a_stop_from_the_tick_ends_the_run_at_once() {
        let options = Map::new();
        let control = Control::new();
        let mut ticks = 0;
        let tick = Duration::from_millis(5);
        let summary =
            simulate_with::<Brouc>(u64::MAX / 2, 1, 2, &options, &control, tick, |control| {
                ticks += 1;
                if control.done() > 0 {
                    control.stop();
                }
            })
            .unwrap();
        assert!(control.is_stopped());
        assert!(ticks >= 1);
        assert!(summary.games > 0);
        assert!(summary.games < u64::MAX / 2);
        assert_eq!(control.done(), summary.games);
        assert!(summary.elapsed_seconds < 5.0, "{summary:?}");
    }

    #[test]
    fn a_run_stopped_before_it_starts_plays_nothing() {
        let control = Control::new();
        control.stop();
        let never = Duration::from_secs(60);
        let summary =
            simulate_with::<Brouc>(1000, 1, 2, &Map::new(), &control, never, |_| {}).unwrap();
        assert_eq!(summary.games, 0);
        assert_eq!(summary.wins, vec![0; 4]);
    }
}
