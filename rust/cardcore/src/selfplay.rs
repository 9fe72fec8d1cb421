//! Self-play records for learning agents: whole matches played by bots at
//! every seat, each decision kept as the learning surface shows it (the
//! deciding seat's observation tensor and legal-action mask, as the batched
//! environment writes them), with the action the bot took and the reward it
//! earned (docs/distributed.md, "Self-play data").
//!
//! Match `i` of a run is dealt, and its bots seeded, from the run's seed and
//! `i` alone, as in [`crate::simulate`] and [`crate::arena`]: a run played in
//! ranges of its indices (threads, batches, machines) holds the same rows.

use std::ops::Range;
use std::time::Duration;

use serde_json::{Map, Value};

use crate::arena::{bot_seed, entry_at};
use crate::bot::{bot, Bot, Levels, RandomBot};
use crate::error::{Error, Result};
use crate::game::ActionId;
use crate::observation::Observation;
use crate::rng::match_seeds;
use crate::tensor::legal_mask;
use crate::vector::{outcome, Opponents};
use crate::watch::{run_ranges, Control};

/// The decisions of some matches, a row each, in columns: match by match in
/// index order, each match's decisions in the order they were taken.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trajectories {
    /// The run's index of the row's match.
    pub matches: Vec<u64>,
    /// The seat that decided.
    pub seats: Vec<u8>,
    /// The decision's number in its match, from 0 (every seat's count).
    pub turns: Vec<u32>,
    /// `G::TENSOR_SIZE` features a row: the deciding seat's observation tensor.
    pub observations: Vec<f32>,
    /// `G::ACTION_COUNT` flags a row: the legal actions.
    pub masks: Vec<bool>,
    /// The action id taken.
    pub actions: Vec<ActionId>,
    /// 0, but on a seat's last decision of its match: +1 if the seat won,
    /// -1 if another did, 0 if nobody did (the batched environment's reward).
    pub rewards: Vec<f32>,
    /// The row is the seat's last decision of its match.
    pub ends: Vec<bool>,
}

impl Trajectories {
    pub fn rows(&self) -> usize {
        self.actions.len()
    }

    fn append(&mut self, mut other: Trajectories) {
        self.matches.append(&mut other.matches);
        self.seats.append(&mut other.seats);
        self.turns.append(&mut other.turns);
        self.observations.append(&mut other.observations);
        self.masks.append(&mut other.masks);
        self.actions.append(&mut other.actions);
        self.rewards.append(&mut other.rewards);
        self.ends.append(&mut other.ends);
    }
}

/// The bot of one seat: `RandomBot`, or a level's (the choices the batched
/// environment offers its opponents).
fn seat_bot<G: Levels>(player: Opponents, seed: u64) -> Box<dyn Bot<G>> {
    match player {
        Opponents::Random => Box::new(RandomBot::new(seed)),
        Opponents::Level(level) => bot::<G>(level, seed),
    }
}

/// Plays match `index` and appends its decisions to `out`; `false` if the
/// run was stopped meanwhile (the match's rows are then dropped).
fn play_match<G: Levels>(
    index: u64,
    seed: u64,
    players: &[Opponents],
    options: &G::Options,
    control: &Control,
    out: &mut Trajectories,
) -> bool {
    let (game_seed, bots_seed) = match_seeds(seed, index);
    let mut game = G::with_options(game_seed, options);
    let mut bots: Vec<_> = players
        .iter()
        .enumerate()
        .map(|(seat, &player)| seat_bot::<G>(player, bot_seed(bots_seed, 0, seat)))
        .collect();
    let mut last_row_of_seat = vec![None; players.len()];
    let mut legal = Vec::new();
    let mut turn = 0;
    while let Some(seat) = game.current_player() {
        if control.is_stopped() {
            return false;
        }
        let view = Observation::new(&game, seat).expect("the player to act is a seat");
        let action = bots[seat].act(&view);
        let row = out.rows();
        out.observations.resize((row + 1) * G::TENSOR_SIZE, 0.0);
        game.encode(seat, &mut out.observations[row * G::TENSOR_SIZE..]);
        out.masks.resize((row + 1) * G::ACTION_COUNT, false);
        legal_mask(&game, &mut legal, &mut out.masks[row * G::ACTION_COUNT..]);
        out.matches.push(index);
        out.seats.push(seat as u8);
        out.turns.push(turn);
        out.actions.push(action);
        out.rewards.push(0.0);
        out.ends.push(false);
        game.apply(action).expect("a bot plays a legal action");
        last_row_of_seat[seat] = Some(row);
        turn += 1;
    }
    for (seat, row) in last_row_of_seat.into_iter().enumerate() {
        if let Some(row) = row {
            out.rewards[row] = outcome(&game, seat);
            out.ends[row] = true;
        }
    }
    control.add_done(1);
    true
}

/// Plays the matches of `matches` (a range of a run's indices) with the
/// line-up `players` (1 to the table's seats) at the seats, `players[s % k]`
/// at seat `s` as in an arena's first rotation (with two, the teams of
/// Brouc and 500), on
/// `threads` threads, while the calling thread calls `on_tick(control)`
/// every `tick`; returns their decisions. Once `control` is stopped, the
/// workers stop at their next decision and the rows are those of the
/// matches finished.
#[allow(clippy::too_many_arguments)] // the run's four, and the watcher's three
pub fn play_with<G: Levels>(
    matches: Range<u64>,
    seed: u64,
    players: &[Opponents],
    threads: usize,
    options: &Map<String, Value>,
    control: &Control,
    tick: Duration,
    on_tick: impl FnMut(&Control),
) -> Result<Trajectories> {
    if threads == 0 {
        return Err(Error::option("threads", "must be at least 1"));
    }
    let options = &G::read_options(options)?;
    let num_players = G::with_options(seed, options).num_players();
    if !(1..=num_players).contains(&players.len()) {
        return Err(Error::option(
            "bots",
            format!(
                "{} is played at {num_players} seats here: a line-up of 1 to {num_players} \
                 bots, got {}",
                G::NAME,
                players.len()
            ),
        ));
    }
    let players: Vec<_> = (0..num_players)
        .map(|seat| players[entry_at(seat, 0, players.len())])
        .collect();
    let players = &players;
    let parts = run_ranges(matches, threads, control, tick, on_tick, |range| {
        let mut part = Trajectories::default();
        for index in range {
            if !play_match::<G>(index, seed, players, options, control, &mut part) {
                break;
            }
        }
        part
    });
    let mut all = Trajectories::default();
    for part in parts {
        all.append(part);
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Level;
    use crate::game::Game;
    use crate::games::brouc::Brouc;
    use crate::games::julien::Julien;
    use crate::watch::NEVER;

    fn play<G: Levels>(matches: Range<u64>, players: &[Opponents], threads: usize) -> Trajectories {
        let control = Control::new();
        play_with::<G>(
            matches,
            5,
            players,
            threads,
            &Map::new(),
            &control,
            NEVER,
            |_| {},
        )
        .unwrap()
    }

    #[test]
    fn ranges_of_a_run_hold_the_run_s_rows_whatever_the_threads() {
        let players = [Opponents::Level(Level::Medium), Opponents::Random];
        let whole = play::<Brouc>(0..12, &players, 1);
        let mut pieces = play::<Brouc>(0..5, &players, 2);
        pieces.append(play::<Brouc>(5..12, &players, 3));
        assert_eq!(pieces, whole);
        assert_eq!(
            whole
                .matches
                .iter()
                .copied()
                .collect::<std::collections::BTreeSet<_>>()
                .len(),
            12
        );
    }

    #[test]
    fn each_row_is_a_legal_decision_replayed_and_ends_are_rewarded() {
        let players = [
            Opponents::Level(Level::Easy),
            Opponents::Level(Level::Medium),
            Opponents::Random,
            Opponents::Level(Level::Medium),
        ];
        let rows = play::<Julien>(0..3, &players, 1);
        let mut game = None;
        let mut tensor = vec![0.0; Julien::TENSOR_SIZE];
        let mut legal = Vec::new();
        let mut mask = vec![false; Julien::ACTION_COUNT];
        for row in 0..rows.rows() {
            if rows.turns[row] == 0 {
                let (game_seed, _) = match_seeds(5, rows.matches[row]);
                game = Some(Julien::new(game_seed, &Map::new()).unwrap());
            }
            let game = game.as_mut().unwrap();
            let seat = usize::from(rows.seats[row]);
            assert_eq!(game.current_player(), Some(seat));
            game.encode(seat, &mut tensor);
            let features = Julien::TENSOR_SIZE;
            assert_eq!(
                tensor,
                rows.observations[row * features..(row + 1) * features]
            );
            legal_mask(game, &mut legal, &mut mask);
            let flags = Julien::ACTION_COUNT;
            assert_eq!(mask, rows.masks[row * flags..(row + 1) * flags]);
            assert!(mask[usize::from(rows.actions[row])]);
            game.apply(rows.actions[row]).unwrap();
            let last = (row + 1..rows.rows())
                .take_while(|&next| rows.turns[next] != 0)
                .all(|next| rows.seats[next] != rows.seats[row]);
            assert_eq!(rows.ends[row], last);
            if game.is_over() {
                let first = row + 1 - rows.turns[row] as usize;
                for earlier in first..=row {
                    let seat = usize::from(rows.seats[earlier]);
                    let reward = if rows.ends[earlier] {
                        outcome(game, seat)
                    } else {
                        0.0
                    };
                    assert_eq!(rows.rewards[earlier], reward);
                }
            }
        }
        assert_eq!(rows.ends.iter().filter(|&&end| end).count(), 3 * 4);
    }

    #[test]
    fn a_line_up_of_the_wrong_size_is_refused() {
        let control = Control::new();
        let five = [Opponents::Random; 5];
        for (players, threads) in [(&five[..], 1), (&five[..0], 1), (&five[..1], 0)] {
            let refused = play_with::<Brouc>(
                0..1,
                1,
                players,
                threads,
                &Map::new(),
                &control,
                NEVER,
                |_| {},
            );
            assert!(matches!(refused, Err(Error::Option { .. })), "{refused:?}");
        }
    }
}
