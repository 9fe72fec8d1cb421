//! Matches between line-ups of bots, seats rotated on duplicate deals
//! (docs/bots.md, "The arena").
//!
//! A line-up has `k` entries, 2 to the table's seats; each makes its bots
//! from seeds, so levels and foreign bots (the Python binding's) are played
//! alike. Match `i` is dealt from a seed of the run's seed and `i` alone, and
//! played `k` times: in rotation `r`, seat `s` is played by entry
//! `(s + r) % k`. Over the `k` rotations of one match (its duplicate group)
//! every seat is played by every entry once on the same deals, so the luck
//! of the cards falls on every entry alike. At Brouc and 500, whose teams are
//! the seats of one parity, two entries are the two teams, swapped in the
//! second rotation.
//!
//! The group is the independent sample: each statistic is a mean over groups
//! with a 95% interval, Wilson's score interval for the win rate (a share,
//! whose interval must stay honest at 0% and 100%) and the normal
//! approximation (1.96 standard errors) for the scores. Every
//! tally is an integer, so the figures do not depend on the threads. A run
//! can be played in parts, ranges of its match indices whose tallies
//! ([`Part`]) merge into the run's (the Python binding's Ray backend).

use std::ops::Range;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::bot::{bot, Bot, Level, Levels};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::observation::Observation;
use crate::rng::{match_seeds, SplitMix64};
use crate::watch::{
    add_parts, part_of_another_run, run_ranges, threads_for, Control, Summed, NEVER,
};

/// Makes an entry's bot for one seat of one match, from that seat's seed.
pub type MakeBot<'a, G> = dyn Fn(u64) -> Box<dyn Bot<G> + 'a> + Sync + 'a;

/// One entry of a line-up: a name to report and how its bots are made.
pub struct Entry<'a, G> {
    pub name: String,
    make: Box<MakeBot<'a, G>>,
}

impl<'a, G: Game> Entry<'a, G> {
    pub fn new(
        name: impl Into<String>,
        make: impl Fn(u64) -> Box<dyn Bot<G> + 'a> + Sync + 'a,
    ) -> Self {
        Entry {
            name: name.into(),
            make: Box::new(make),
        }
    }
}

impl<G: Levels> Entry<'_, G> {
    /// The game's bots at `level`, named after it.
    pub fn level(level: Level) -> Self {
        Entry::new(level.name(), move |seed| bot::<G>(level, seed))
    }
}

/// A mean and its 95% interval, `low` to `high` (`NaN` where one sample
/// cannot give it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

impl Estimate {
    /// `mean ± half_width`: the normal approximation's interval.
    pub fn normal(mean: f64, half_width: f64) -> Estimate {
        Estimate {
            mean,
            low: mean - half_width,
            high: mean + half_width,
        }
    }

    /// A share `p` (in [0, 1]) of `n` independent trials, with Wilson's
    /// score interval at 95%: unlike the normal approximation's, it is not
    /// zero wide at 0% or 100% (over 50 trials all won, 92.9% to 100%), and
    /// it stays within [0, 1]. `NaN` without a trial.
    pub fn wilson(p: f64, n: f64) -> Estimate {
        let z2 = Z_95 * Z_95;
        let denominator = 1.0 + z2 / n;
        let center = (p + z2 / (2.0 * n)) / denominator;
        let half = Z_95 / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).max(0.0).sqrt();
        // At 0% and 100% the bound is exactly the extreme (not a rounding off it).
        Estimate {
            mean: p,
            low: if p <= 0.0 {
                0.0
            } else {
                (center - half).clamp(0.0, 1.0)
            },
            high: if p >= 1.0 {
                1.0
            } else {
                (center + half).clamp(0.0, 1.0)
            },
        }
    }

    /// Half the interval's width (for a symmetric interval, `mean ± half_width`).
    pub fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// What one entry did, over every duplicate group played.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub name: String,
    /// Seats played, one per seat and group.
    pub seat_plays: u64,
    /// Seat-plays won (each seat of a winning team wins).
    pub wins: u64,
    /// Per group, the share of the entry's seat-plays won.
    pub win_rate: Estimate,
    /// Per group, the entry's mean final score per seat-play.
    pub mean_score: Estimate,
    /// Per group, the entry's mean score less the mean of the other entries'
    /// (with two entries, this one's less the other's).
    pub score_difference: Estimate,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Duplicate groups played: the matches asked for, fewer if the run was stopped.
    pub matches: u64,
    /// Plays of each match: the line-up's size.
    pub rotations: usize,
    pub num_players: usize,
    pub decisions: u64,
    /// In the line-up's order.
    pub standings: Vec<Standing>,
    /// The win rate of equal bots: winning seats per match over the seats.
    pub even_win_rate: f64,
    /// Per entry, in the line-up's order: how long its decisions took. Apart
    /// from the standings: times vary from run to run, the standings do not.
    pub move_times: Vec<MoveTimes>,
    pub elapsed_seconds: f64,
    pub threads: usize,
}

/// How long a bot's decisions with a choice (two legal actions or more) took,
/// kept as a histogram whose buckets grow by 10% from 0.1 µs: workers'
/// histograms merge, and a quantile is read to within 10%.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveTimes {
    pub decisions: u64,
    pub total: Duration,
    pub slowest: Duration,
    buckets: Vec<u64>,
}

impl Default for MoveTimes {
    fn default() -> MoveTimes {
        MoveTimes {
            decisions: 0,
            total: Duration::ZERO,
            slowest: Duration::ZERO,
            buckets: vec![0; MoveTimes::BUCKETS],
        }
    }
}

impl MoveTimes {
    const GROWTH: f64 = 1.1;
    /// The first bucket's upper edge, in seconds.
    const FIRST: f64 = 1e-7;
    /// Up to 1.1^240 × 0.1 µs, over ten minutes; slower moves share the last bucket.
    const BUCKETS: usize = 240;

    pub fn add(&mut self, time: Duration) {
        let steps = time.as_secs_f64() / Self::FIRST;
        let bucket = if steps <= 1.0 {
            0
        } else {
            ((steps.ln() / Self::GROWTH.ln()) as usize).min(Self::BUCKETS - 1)
        };
        self.buckets[bucket] += 1;
        self.decisions += 1;
        self.total += time;
        self.slowest = self.slowest.max(time);
    }

    fn merge(&mut self, other: &MoveTimes) -> Result<()> {
        add_parts(&mut self.buckets, &other.buckets)?;
        self.decisions.add_part(other.decisions)?;
        self.total.add_part(other.total)?;
        self.slowest = self.slowest.max(other.slowest);
        Ok(())
    }

    pub fn mean(&self) -> Duration {
        self.total / u32::try_from(self.decisions.max(1)).unwrap_or(u32::MAX)
    }

    /// The time under which a share `q` of the decisions took, to within 10%
    /// (the upper edge of its bucket, at most the slowest); zero without decisions.
    pub fn quantile(&self, q: f64) -> Duration {
        let rank = (q * self.decisions as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (bucket, &count) in self.buckets.iter().enumerate() {
            seen += count;
            if seen >= rank {
                let edge = Self::GROWTH.powi(bucket as i32 + 1) * Self::FIRST;
                return Duration::from_secs_f64(edge).min(self.slowest);
            }
        }
        Duration::ZERO
    }
}

/// 1.96 standard errors: a 95% interval under the normal approximation.
const Z_95: f64 = 1.96;

/// A running count, sum and sum of squares of integer samples.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Tally {
    count: u64,
    sum: i128,
    squares: i128,
}

impl Tally {
    fn add(&mut self, sample: i128) {
        self.count += 1;
        self.sum += sample;
        self.squares += sample * sample;
    }

    fn merge(&mut self, other: &Tally) -> Result<()> {
        self.count.add_part(other.count)?;
        self.sum.add_part(other.sum)?;
        self.squares.add_part(other.squares)
    }

    /// The mean of the samples times `scale`, with its interval.
    fn estimate(&self, scale: f64) -> Estimate {
        let n = self.count as f64;
        let mean = self.sum as f64 / n;
        let variance = (self.squares as f64 - self.sum as f64 * mean) / (n - 1.0);
        Estimate::normal(mean * scale, Z_95 * (variance.max(0.0) / n).sqrt() * scale)
    }

    /// The mean of shares (samples times `scale`, each in [0, 1]) with
    /// Wilson's interval over the samples: a sample's share varies at most
    /// as one win-or-loss trial does (its variance is at most `p (1 − p)`),
    /// so counting each sample as one trial keeps the interval honest,
    /// at the extremes too.
    fn share(&self, scale: f64) -> Estimate {
        Estimate::wilson(
            self.sum as f64 / self.count as f64 * scale,
            self.count as f64,
        )
    }
}

/// One entry's tallies, each fed one sample per group.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
struct EntryTally {
    wins: Tally,
    /// The entry's score sum over its seat-plays.
    scores: Tally,
    /// `k` times the entry's score sum less every entry's: the score
    /// difference times `(k - 1)` and the seats, kept whole.
    differences: Tally,
}

/// The tallies of some groups of a run, which merge with the other parts'
/// into the run's whatever the order: every sum is an integer, and the move
/// times a histogram.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Part {
    groups: u64,
    decisions: u64,
    /// Winning seats, over every match.
    winners: u64,
    entries: Vec<EntryTally>,
    move_times: Vec<MoveTimes>,
}

impl Part {
    /// The tallies of no group, for a line-up of `entries`.
    pub fn new(entries: usize) -> Part {
        Part {
            groups: 0,
            decisions: 0,
            winners: 0,
            entries: vec![EntryTally::default(); entries],
            move_times: vec![MoveTimes::default(); entries],
        }
    }

    /// Adds the groups of `other`, a part of the same run; an error (a part
    /// of another line-up, sums that overflow) leaves these tallies as they were.
    pub fn merge(&mut self, other: &Part) -> Result<()> {
        if other.entries.len() != self.entries.len()
            || other.move_times.len() != self.move_times.len()
            || other
                .move_times
                .iter()
                .any(|t| t.buckets.len() != MoveTimes::BUCKETS)
        {
            return Err(part_of_another_run(
                "entries",
                other.entries.len(),
                self.entries.len(),
            ));
        }
        let mut sum = self.clone();
        sum.groups.add_part(other.groups)?;
        sum.decisions.add_part(other.decisions)?;
        sum.winners.add_part(other.winners)?;
        for (mine, theirs) in sum.entries.iter_mut().zip(&other.entries) {
            mine.wins.merge(&theirs.wins)?;
            mine.scores.merge(&theirs.scores)?;
            mine.differences.merge(&theirs.differences)?;
        }
        for (mine, theirs) in sum.move_times.iter_mut().zip(&other.move_times) {
            mine.merge(theirs)?;
        }
        *self = sum;
        Ok(())
    }
}

/// The entry playing `seat` in `rotation`, of a line-up of `entries`.
pub const fn entry_at(seat: usize, rotation: usize, entries: usize) -> usize {
    (seat + rotation) % entries
}

/// The seed of the bot at `seat` in `rotation` of a match whose bots' seed is `bots_seed`.
pub(crate) fn bot_seed(bots_seed: u64, rotation: usize, seat: usize) -> u64 {
    let slot = ((rotation as u64) << 32 | seat as u64) + 1;
    SplitMix64::new(bots_seed ^ slot.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64()
}

/// A run's settings, read once before any thread starts.
struct Setup<'l, 'a, G: Game> {
    lineup: &'l [Entry<'a, G>],
    options: G::Options,
    num_players: usize,
    seed: u64,
}

impl<'l, 'a, G: Game> Setup<'l, 'a, G> {
    /// The settings of a run with `lineup`, checked: the options, and a
    /// line-up of 2 to the table's seats.
    fn new(lineup: &'l [Entry<'a, G>], seed: u64, options: &Map<String, Value>) -> Result<Self> {
        let options = G::read_options(options)?;
        let num_players = G::with_options(seed, &options).num_players();
        if !(2..=num_players).contains(&lineup.len()) {
            return Err(Error::option(
                "lineup",
                format!(
                    "{} is played at {num_players} seats here: a line-up of 2 to {num_players} \
                     entries, got {}",
                    G::NAME,
                    lineup.len()
                ),
            ));
        }
        Ok(Setup {
            lineup,
            options,
            num_players,
            seed,
        })
    }

    /// Plays match `index` in every rotation and adds the group to `part`;
    /// `Ok(false)` if the run was stopped meanwhile (the group is left out).
    fn play_group(&self, index: u64, control: &Control, part: &mut Part) -> Result<bool> {
        let k = self.lineup.len();
        let (game_seed, bots_seed) = match_seeds(self.seed, index);
        let mut wins = vec![0i128; k];
        let mut scores = vec![0i128; k];
        let mut decisions = 0;
        let mut winners = 0;
        let mut legal = Vec::new();
        for rotation in 0..k {
            let mut game = G::with_options(game_seed, &self.options);
            let mut bots: Vec<_> = (0..self.num_players)
                .map(|seat| {
                    let entry = &self.lineup[entry_at(seat, rotation, k)];
                    (entry.make)(bot_seed(bots_seed, rotation, seat))
                })
                .collect();
            while let Some(seat) = game.current_player() {
                let view = Observation::new(&game, seat)?;
                let started = Instant::now();
                let action = bots[seat].act(&view);
                let took = started.elapsed();
                view.legal_actions(&mut legal);
                if legal.len() > 1 {
                    part.move_times[entry_at(seat, rotation, k)].add(took);
                }
                if control.is_stopped() {
                    return Ok(false);
                }
                game.apply(action).map_err(|refusal| {
                    let entry = entry_at(seat, rotation, k);
                    Error::IllegalAction(format!(
                        "the bot of entry {entry} ({}) at seat {seat}, match {index}, rotation \
                         {rotation}: {refusal}",
                        self.lineup[entry].name
                    ))
                })?;
                decisions += 1;
            }
            for seat in game.winning_seats() {
                wins[entry_at(seat, rotation, k)] += 1;
                winners += 1;
            }
            for (seat, score) in game.scores().into_iter().enumerate() {
                scores[entry_at(seat, rotation, k)] += i128::from(score);
            }
        }
        let total: i128 = scores.iter().sum();
        for (entry, tally) in part.entries.iter_mut().enumerate() {
            tally.wins.add(wins[entry]);
            tally.scores.add(scores[entry]);
            tally.differences.add(k as i128 * scores[entry] - total);
        }
        part.groups += 1;
        part.decisions += decisions;
        part.winners += winners;
        Ok(true)
    }

    /// Plays the groups of `range` in order, until the end, a stop or an error
    /// (which stops the other workers too).
    fn play_range(&self, range: Range<u64>, control: &Control) -> Result<Part> {
        let mut part = Part::new(self.lineup.len());
        for index in range {
            if control.is_stopped() {
                break;
            }
            match self.play_group(index, control, &mut part) {
                Ok(true) => control.add_done(1),
                Ok(false) => break,
                Err(error) => {
                    control.stop();
                    return Err(error);
                }
            }
        }
        Ok(part)
    }
}

/// Plays `matches` duplicate groups between the entries of `lineup` on
/// `threads` threads (docs/bots.md, "The arena").
pub fn arena<G: Game>(
    lineup: &[Entry<'_, G>],
    matches: u64,
    seed: u64,
    threads: usize,
    options: &Map<String, Value>,
) -> Result<Report> {
    arena_with(
        lineup,
        matches,
        seed,
        threads,
        options,
        &Control::new(),
        NEVER,
        |_| {},
    )
}

/// Plays the groups [`arena`] plays, while the calling thread calls
/// `on_tick(control)` every `tick` until the workers are done; `control`
/// counts the groups finished.
///
/// Once `control` is stopped (by `on_tick`, a bot or any other thread), each
/// worker leaves the group it is playing at its next decision and the report
/// counts the groups finished: each worker's first ones, so only a complete
/// run's figures are reproducible. A bot that cannot decide (a foreign bot
/// whose call failed) stops `control` from its `act`: what it returns then is
/// not played.
#[allow(clippy::too_many_arguments)] // arena's, and the watcher's three
pub fn arena_with<G: Game>(
    lineup: &[Entry<'_, G>],
    matches: u64,
    seed: u64,
    threads: usize,
    options: &Map<String, Value>,
    control: &Control,
    tick: Duration,
    on_tick: impl FnMut(&Control),
) -> Result<Report> {
    if matches == 0 {
        return Err(Error::option("matches", "must be at least 1"));
    }
    let start = Instant::now();
    let part = arena_part_with(
        lineup,
        0..matches,
        seed,
        threads,
        options,
        control,
        tick,
        on_tick,
    )?;
    let threads = threads_for(matches, threads);
    report(
        lineup,
        options,
        &part,
        start.elapsed().as_secs_f64(),
        threads,
    )
}

/// Plays the groups of `matches`, a range of a run's match indices, as
/// [`arena_with`] plays the whole run, and returns their tallies: the parts
/// of ranges that cover `0..matches` merge ([`Part::merge`]) into the
/// run's, whose [`report`] is the run's.
#[allow(clippy::too_many_arguments)] // arena_with's
pub fn arena_part_with<G: Game>(
    lineup: &[Entry<'_, G>],
    matches: Range<u64>,
    seed: u64,
    threads: usize,
    options: &Map<String, Value>,
    control: &Control,
    tick: Duration,
    on_tick: impl FnMut(&Control),
) -> Result<Part> {
    if threads == 0 {
        return Err(Error::option("threads", "must be at least 1"));
    }
    let setup = Setup::new(lineup, seed, options)?;
    let parts = run_ranges(matches, threads, control, tick, on_tick, |range| {
        setup.play_range(range, control)
    });
    let mut total = Part::new(lineup.len());
    for part in parts {
        total.merge(&part?)?;
    }
    Ok(total)
}

/// The report of the groups tallied in `total` (the merged parts of a run
/// with `lineup` and `options`), which took `elapsed` seconds on `threads`.
pub fn report<G: Game>(
    lineup: &[Entry<'_, G>],
    options: &Map<String, Value>,
    total: &Part,
    elapsed: f64,
    threads: usize,
) -> Result<Report> {
    let setup = Setup::new(lineup, 0, options)?;
    let k = lineup.len();
    if total.entries.len() != k {
        return Err(Error::option(
            "parts",
            format!(
                "tallies of {} entries for a line-up of {k}",
                total.entries.len()
            ),
        ));
    }
    let seats = setup.num_players as f64;
    let standings = lineup
        .iter()
        .zip(&total.entries)
        .map(|(entry, tally)| Standing {
            name: entry.name.clone(),
            seat_plays: total.groups * setup.num_players as u64,
            wins: tally.wins.sum as u64,
            win_rate: tally.wins.share(1.0 / seats),
            mean_score: tally.scores.estimate(1.0 / seats),
            score_difference: tally.differences.estimate(1.0 / ((k - 1) as f64 * seats)),
        })
        .collect();
    Ok(Report {
        matches: total.groups,
        rotations: k,
        num_players: setup.num_players,
        decisions: total.decisions,
        standings,
        even_win_rate: total.winners as f64 / (total.groups as f64 * k as f64 * seats),
        move_times: total.move_times.clone(),
        elapsed_seconds: elapsed,
        threads,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::RandomBot;
    use crate::game::ActionId;
    use crate::games::brouc::Brouc;
    use crate::games::tarot::Tarot;
    use std::sync::Mutex;

    fn levels<G: Levels>(names: &[Level]) -> Vec<Entry<'static, G>> {
        names.iter().map(|&level| Entry::level(level)).collect()
    }

    /// A report without its timing.
    fn figures(report: &Report) -> (u64, u64, Vec<Standing>, f64) {
        (
            report.matches,
            report.decisions,
            report.standings.clone(),
            report.even_win_rate,
        )
    }

    /// Plays at random and notes each (entry, seat, match seed) it acts for.
    struct Recorder<'a> {
        entry: usize,
        random: RandomBot,
        seen: &'a Mutex<Vec<(usize, usize)>>,
    }

    impl<G: Game> Bot<G> for Recorder<'_> {
        fn act(&mut self, view: &Observation<G>) -> ActionId {
            self.seen.lock().unwrap().push((self.entry, view.seat()));
            Bot::<G>::act(&mut self.random, view)
        }
    }

    #[test]
    fn every_entry_plays_every_seat_of_every_match() {
        for k in 2..=4 {
            let seen = Mutex::new(Vec::new());
            let lineup: Vec<Entry<'_, Brouc>> = (0..k)
                .map(|entry| {
                    let seen = &seen;
                    Entry::new(format!("#{entry}"), move |seed| {
                        let random = RandomBot::new(seed);
                        Box::new(Recorder {
                            entry,
                            random,
                            seen,
                        }) as Box<dyn Bot<Brouc>>
                    })
                })
                .collect();
            let options = Map::from_iter([("single_deal".to_owned(), Value::Bool(true))]);
            let report = arena(&lineup, 1, 5, 1, &options).unwrap();
            drop(lineup);
            let mut seen = seen.into_inner().unwrap();
            seen.sort_unstable();
            seen.dedup();
            let every: Vec<_> = (0..k)
                .flat_map(|entry| (0..4).map(move |seat| (entry, seat)))
                .collect();
            assert_eq!(seen, every, "{k} entries");
            for standing in &report.standings {
                assert_eq!(standing.seat_plays, 4);
            }
        }
        for rotation in 0..2 {
            // Brouc's teams are the seats of one parity: with two entries, one team each.
            let entries: Vec<_> = (0..4).map(|seat| entry_at(seat, rotation, 2)).collect();
            assert_eq!(entries[0], entries[2]);
            assert_eq!(entries[1], entries[3]);
            assert_ne!(entries[0], entries[1]);
        }
    }

    #[test]
    fn the_results_do_not_depend_on_the_threads() {
        let lineup = levels::<Brouc>(&[Level::Medium, Level::Easy]);
        let options = Map::new();
        let one = arena(&lineup, 13, 7, 1, &options).unwrap();
        assert_eq!(one.matches, 13);
        for threads in [2, 3, 16] {
            let many = arena(&lineup, 13, 7, threads, &options).unwrap();
            assert_eq!(figures(&many), figures(&one));
        }
    }

    #[test]
    fn parts_of_a_run_merge_into_the_run() {
        let lineup = levels::<Brouc>(&[Level::Medium, Level::Easy]);
        let options = Map::new();
        let whole = arena(&lineup, 13, 7, 2, &options).unwrap();
        let mut merged = Part::new(2);
        // Out of order, and through JSON, as the parts of a distributed run come back.
        for range in [9..13, 0..4, 4..4, 4..9] {
            let control = Control::new();
            let part =
                arena_part_with(&lineup, range, 7, 3, &options, &control, NEVER, |_| {}).unwrap();
            let text = serde_json::to_string(&part).unwrap();
            merged.merge(&serde_json::from_str(&text).unwrap()).unwrap();
        }
        let report = report(&lineup, &options, &merged, 0.0, 1).unwrap();
        assert_eq!(figures(&report), figures(&whole));
        let move_times = |r: &Report| r.move_times.iter().map(|t| t.decisions).collect::<Vec<_>>();
        assert_eq!(move_times(&report), move_times(&whole));
        assert!(merged.merge(&Part::new(3)).is_err());
        let mut huge = Part::new(2);
        huge.entries[1].scores.squares = i128::MAX; // the run's own squares are above 0
        let before = merged.clone();
        assert!(merged.merge(&huge).is_err());
        assert_eq!(merged, before);
        huge.entries[1].scores.squares = 0;
        huge.groups = u64::MAX;
        assert!(merged.merge(&huge).is_err());
        assert_eq!(merged, before);
    }

    #[test]
    fn the_statistics_add_up() {
        let lineup = levels::<Tarot>(&[Level::Medium, Level::Easy, Level::Easy]);
        let options = Map::from_iter([("single_deal".to_owned(), Value::Bool(true))]);
        let report = arena(&lineup, 40, 3, 2, &options).unwrap();
        let seats = report.num_players as u64;
        assert_eq!(report.rotations, 3);
        let wins: u64 = report.standings.iter().map(|s| s.wins).sum();
        // Every seat of every match is one seat-play of one entry.
        let seat_plays: u64 = report.standings.iter().map(|s| s.seat_plays).sum();
        assert_eq!(seat_plays, 40 * 3 * seats);
        let even = wins as f64 / seat_plays as f64;
        assert!((report.even_win_rate - even).abs() < 1e-12);
        // Tarot is zero-sum: the differences against the others' mean add up to zero.
        let differences: f64 = report
            .standings
            .iter()
            .map(|s| s.score_difference.mean)
            .sum();
        assert!(differences.abs() < 1e-9, "{report:?}");
        for standing in &report.standings {
            let rate = standing.win_rate;
            assert!(rate.low <= rate.mean && rate.mean <= rate.high);
            assert!(0.0 <= rate.low && rate.high <= 1.0 && rate.low < rate.high);
            assert!((rate.mean - standing.wins as f64 / standing.seat_plays as f64).abs() < 1e-12);
        }
    }

    #[test]
    fn win_rates_have_wilson_s_interval() {
        // Newcombe (1998), "Two-sided confidence intervals for the single
        // proportion", table I, Wilson's score interval without correction.
        let close = |estimate: Estimate, low: f64, high: f64| {
            assert!(
                (estimate.low - low).abs() < 6e-5 && (estimate.high - high).abs() < 6e-5,
                "{estimate:?}, not {low} to {high}"
            );
        };
        close(Estimate::wilson(81.0 / 263.0, 263.0), 0.2553, 0.3662);
        close(Estimate::wilson(15.0 / 148.0, 148.0), 0.0624, 0.1605);
        close(Estimate::wilson(0.0, 20.0), 0.0, 0.1611);
        close(Estimate::wilson(1.0 / 29.0, 29.0), 0.0061, 0.1718);
        // The same by symmetry at 100%, and 50 of 50: not zero wide.
        close(Estimate::wilson(1.0, 20.0), 0.8389, 1.0);
        close(Estimate::wilson(1.0, 50.0), 0.92865, 1.0);
        close(Estimate::wilson(0.0, 50.0), 0.0, 0.07135);
        assert!(Estimate::wilson(f64::NAN, 0.0).low.is_nan());

        // An arena's win rate: per group, a share of the seats; the groups are the trials.
        let mut always = Tally::default();
        let mut never = Tally::default();
        let mut half = Tally::default();
        for group in 0..50 {
            always.add(4);
            never.add(0);
            half.add(if group % 2 == 0 { 4 } else { 0 });
        }
        close(always.share(0.25), 0.92865, 1.0);
        assert_eq!(
            (always.share(0.25).mean, always.share(0.25).high),
            (1.0, 1.0)
        );
        assert_eq!(never.share(0.25).low, 0.0);
        close(never.share(0.25), 0.0, 0.07135);
        // 25 of 50: 36.6% to 63.4%.
        close(half.share(0.25), 0.36644, 0.63356);
    }

    #[test]
    fn move_times_read_quantiles_to_within_ten_percent() {
        let mut times = MoveTimes::default();
        assert_eq!(times.quantile(0.5), Duration::ZERO);
        for _ in 0..90 {
            times.add(Duration::from_millis(2));
        }
        for _ in 0..10 {
            times.add(Duration::from_millis(300));
        }
        let within = |read: Duration, true_ms: f64| {
            let ms = read.as_secs_f64() * 1e3;
            assert!(
                (true_ms..=true_ms * 1.1).contains(&ms),
                "{ms} ms for {true_ms}"
            );
        };
        within(times.quantile(0.5), 2.0);
        within(times.quantile(0.9), 2.0);
        within(times.quantile(0.95), 300.0);
        assert_eq!(times.quantile(1.0), Duration::from_millis(300));
        assert_eq!(times.decisions, 100);
        assert_eq!(times.mean(), Duration::from_micros(31_800));
        let mut merged = MoveTimes::default();
        merged.merge(&times).unwrap();
        merged.merge(&times).unwrap();
        assert_eq!(merged.decisions, 200);
        assert_eq!(merged.quantile(0.95), times.quantile(0.95));
    }

    #[test]
    fn every_entry_s_decisions_with_a_choice_are_timed() {
        let lineup = levels::<Brouc>(&[Level::Medium, Level::Easy]);
        let options = Map::from_iter([("single_deal".to_owned(), Value::Bool(true))]);
        let report = arena(&lineup, 20, 5, 2, &options).unwrap();
        let timed: u64 = report.move_times.iter().map(|t| t.decisions).sum();
        // The last trick's cards are forced: fewer timed moves than decisions.
        assert!(
            0 < timed && timed < report.decisions,
            "{timed} of {}",
            report.decisions
        );
        for times in &report.move_times {
            assert!(times.decisions > 0);
            assert!(times.quantile(0.5) <= times.quantile(0.95));
            assert!(times.quantile(0.95) <= times.slowest);
            assert!(times.mean() <= times.slowest);
        }
    }

    #[test]
    fn a_stop_ends_the_run_with_the_groups_finished() {
        let lineup = levels::<Brouc>(&[Level::Medium, Level::Easy]);
        let control = Control::new();
        let tick = Duration::from_millis(5);
        let report = arena_with(&lineup, 1 << 40, 1, 2, &Map::new(), &control, tick, |c| {
            if c.done() > 0 {
                c.stop();
            }
        })
        .unwrap();
        assert!(report.matches > 0 && report.matches < 1 << 40);
        assert_eq!(control.done(), report.matches);
        assert_eq!(report.standings[0].seat_plays, report.matches * 4);

        let stopped = Control::new();
        stopped.stop();
        let none = arena_with(&lineup, 10, 1, 2, &Map::new(), &stopped, NEVER, |_| {}).unwrap();
        assert_eq!(none.matches, 0);
    }

    /// Always plays action 0, legal or not.
    struct Stubborn;

    impl<G: Game> Bot<G> for Stubborn {
        fn act(&mut self, _view: &Observation<G>) -> ActionId {
            0
        }
    }

    #[test]
    fn bad_line_ups_and_illegal_actions_are_refused() {
        let options = Map::new();
        let alone = levels::<Brouc>(&[Level::Easy]);
        let crowd = levels::<Brouc>(&[Level::Easy; 5]);
        for lineup in [&alone, &crowd] {
            let error = arena(lineup, 1, 1, 1, &options).unwrap_err();
            assert!(error.to_string().contains("line-up of 2 to 4"), "{error}");
        }
        let pair = levels::<Brouc>(&[Level::Easy; 2]);
        assert!(arena(&pair, 0, 1, 1, &options).is_err());
        assert!(arena(&pair, 1, 1, 0, &options).is_err());
        let stubborn = [
            Entry::<Brouc>::level(Level::Easy),
            Entry::new("stubborn", |_| Box::new(Stubborn) as Box<dyn Bot<Brouc>>),
        ];
        let error = arena(&stubborn, 3, 1, 2, &options).unwrap_err();
        assert!(matches!(error, Error::IllegalAction(_)), "{error}");
        assert!(error.to_string().contains("(stubborn)"), "{error}");
    }
}
