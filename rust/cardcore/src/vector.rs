//! Many matches of one game stepped together, for learning agents: one seat
//! of each match is the agent's, the other seats are bots, and every step
//! writes the agent's observation tensors, legal-action masks, rewards and end
//! flags into flat buffers (row `i` for match `i`). A match that ends is dealt
//! again at once from a seed its slot draws, so the batch never stalls
//! (docs/envs.md, "The batched environment").

use std::ops::Range;

use crate::bot::{Bot, Level, LevelBot, Levels, RandomBot};
use crate::error::{shortened, Error, Result};
use crate::game::{check_seat_among, ActionId, Game};
use crate::observation::Observation;
use crate::rng::SplitMix64;
use crate::tensor::legal_mask;

/// Who plays the seats that are not the agent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponents {
    /// `RandomBot`s, seeded per match from the slot's generator.
    Random,
    /// The native bots of a level, one per seat, seeded per match likewise.
    Level(Level),
}

impl Opponents {
    /// The opponents a name selects: `"random"` or a level's name.
    pub fn parse(name: &str) -> Result<Opponents> {
        if name == "random" {
            return Ok(Opponents::Random);
        }
        Level::from_name(name).map(Opponents::Level).ok_or_else(|| {
            Error::option(
                "opponents",
                format!(
                    "expected one of random, easy, medium, hard, got {:?}",
                    shortened(name)
                ),
            )
        })
    }
}

/// The bots of one match.
#[derive(Clone, Debug)]
enum Bots<G: Levels> {
    /// One generator choosing for every other seat.
    Random(RandomBot),
    /// A bot per seat (the agent's seat's unused), each deciding from its view.
    Seated(Vec<LevelBot<G>>),
}

impl<G: Levels> Bots<G> {
    fn new(opponents: Opponents, seed: u64, players: usize) -> Bots<G> {
        match opponents {
            Opponents::Random => Bots::Random(RandomBot::new(seed)),
            Opponents::Level(level) => Bots::Seated(
                (0..players as u64)
                    .map(|seat| {
                        LevelBot::new(level, seed ^ seat.wrapping_mul(0xA24B_AED4_963E_E407))
                    })
                    .collect(),
            ),
        }
    }

    /// `player`, who is to act in `game`, plays.
    fn play(&mut self, game: &mut G, player: usize) {
        match self {
            Bots::Random(bot) => {
                bot.play(game);
            }
            Bots::Seated(bots) => {
                let view = Observation::new(game, player).expect("the player to act is a seat");
                let action = bots[player].act(&view);
                game.apply(action).expect("a bot plays a legal action");
            }
        }
    }
}

/// One match of the batch, with its bots and the generator its next deals'
/// seeds come from.
#[derive(Clone, Debug)]
struct Slot<G: Levels> {
    game: G,
    bots: Bots<G>,
    seeds: SplitMix64,
    legal: Vec<ActionId>,
}

/// The buffers a step writes, row `i` for match `i`: `observations` and
/// `final_observations` hold `G::TENSOR_SIZE` features a row, `masks`
/// `G::ACTION_COUNT` flags a row, the others one value a row.
pub struct Outputs<'a> {
    pub observations: &'a mut [f32],
    pub masks: &'a mut [bool],
    pub rewards: &'a mut [f32],
    /// The match ended with the agent's action and the bots' replies; its
    /// row now shows the next match, and `final_observations` the end.
    pub terminated: &'a mut [bool],
    /// The match that ended (`terminated`) was ended by its cap rather than
    /// by its rules (`Game::truncated`): nobody won it.
    pub truncated: &'a mut [bool],
    /// The action was not legal: nothing changed, and it cost `illegal_reward`.
    pub illegal: &'a mut [bool],
    pub final_observations: &'a mut [f32],
}

impl Outputs<'_> {
    /// The rows of `range`, as buffers of their own.
    fn rows<G: Game>(&mut self, range: Range<usize>) -> Outputs<'_> {
        let features = G::TENSOR_SIZE;
        let flags = G::ACTION_COUNT;
        let (start, end) = (range.start, range.end);
        Outputs {
            observations: &mut self.observations[start * features..end * features],
            masks: &mut self.masks[start * flags..end * flags],
            rewards: &mut self.rewards[range.clone()],
            terminated: &mut self.terminated[range.clone()],
            truncated: &mut self.truncated[range.clone()],
            illegal: &mut self.illegal[range],
            final_observations: &mut self.final_observations[start * features..end * features],
        }
    }

    /// Checks that the buffers hold `envs` rows.
    fn check<G: Game>(&self, envs: usize) -> Result<()> {
        let sizes = [
            (
                "observations",
                self.observations.len(),
                envs * G::TENSOR_SIZE,
            ),
            ("masks", self.masks.len(), envs * G::ACTION_COUNT),
            ("rewards", self.rewards.len(), envs),
            ("terminated", self.terminated.len(), envs),
            ("truncated", self.truncated.len(), envs),
            ("illegal", self.illegal.len(), envs),
            (
                "final_observations",
                self.final_observations.len(),
                envs * G::TENSOR_SIZE,
            ),
        ];
        for (name, len, wanted) in sizes {
            if len != wanted {
                return Err(Error::option(
                    name,
                    format!("expected {wanted} elements, got {len}"),
                ));
            }
        }
        Ok(())
    }
}

/// The agent's reward for a finished match: +1 if its seat won, -1 if another
/// did, 0 when nobody won.
pub fn outcome<G: Game>(game: &G, seat: usize) -> f32 {
    let winners = game.winning_seats();
    if winners.is_empty() {
        0.0
    } else if winners.contains(&seat) {
        1.0
    } else {
        -1.0
    }
}

/// `envs` matches of `G`, the agent at `seat` in each.
#[derive(Clone, Debug)]
pub struct VecEnv<G: Levels> {
    slots: Vec<Slot<G>>,
    options: G::Options,
    seat: usize,
    opponents: Opponents,
    illegal_reward: f32,
    threads: usize,
}

/// The generator of slot `index`'s seeds in a run seeded `seed`: each slot's
/// matches depend only on the seed and the index, not on the threads.
fn slot_seeds(seed: u64, index: usize) -> SplitMix64 {
    let mut mix = SplitMix64::new(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    SplitMix64::new(mix.next_u64())
}

impl<G: Levels> Slot<G> {
    fn new(seeds: SplitMix64, options: &G::Options, opponents: Opponents) -> Slot<G> {
        let game = G::with_options(0, options);
        let bots = Bots::new(opponents, 0, game.num_players());
        let mut slot = Slot {
            game,
            bots,
            seeds,
            legal: Vec::new(),
        };
        slot.deal(options, opponents);
        slot
    }

    /// A new match and new bots, from the slot's next seeds.
    fn deal(&mut self, options: &G::Options, opponents: Opponents) {
        self.game = G::with_options(self.seeds.next_u64(), options);
        self.bots = Bots::new(opponents, self.seeds.next_u64(), self.game.num_players());
    }

    /// The bots play until the agent is to act or the match is over.
    fn others_play(&mut self, seat: usize) {
        while let Some(player) = self.game.current_player() {
            if player == seat {
                break;
            }
            self.bots.play(&mut self.game, player);
        }
    }

    /// Deals until the agent has a decision to take (a match that could end
    /// without one is dealt again, so a row always shows a decision).
    fn start(&mut self, seat: usize, options: &G::Options, opponents: Opponents) {
        self.others_play(seat);
        while self.game.is_over() {
            self.deal(options, opponents);
            self.others_play(seat);
        }
    }

    fn show(&mut self, seat: usize, observation: &mut [f32], mask: &mut [bool]) {
        self.game.encode(seat, observation);
        legal_mask(&self.game, &mut self.legal, mask);
    }
}

impl<G: Levels> VecEnv<G> {
    /// `envs` matches (at least 1) with options `options`, the agent at `seat`,
    /// stepped on `threads` threads (at least 1), dealt from `seed`.
    pub fn new(
        envs: usize,
        seed: u64,
        seat: usize,
        opponents: Opponents,
        illegal_reward: f32,
        threads: usize,
        options: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<VecEnv<G>> {
        if envs == 0 {
            return Err(Error::option("num_envs", "must be at least 1"));
        }
        if threads == 0 {
            return Err(Error::option("threads", "must be at least 1"));
        }
        let options = G::read_options(options)?;
        let players = G::with_options(0, &options).num_players();
        check_seat_among(G::NAME, players, seat)?;
        let mut env = VecEnv {
            slots: Vec::new(),
            options,
            seat,
            opponents,
            illegal_reward,
            threads,
        };
        env.slots = (0..envs)
            .map(|i| Slot::new(slot_seeds(seed, i), &env.options, opponents))
            .collect();
        Ok(env)
    }

    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }

    pub const fn seat(&self) -> usize {
        self.seat
    }

    pub const fn opponents(&self) -> Opponents {
        self.opponents
    }

    /// Match `index` as it stands.
    pub fn game(&self, index: usize) -> Option<&G> {
        self.slots.get(index).map(|slot| &slot.game)
    }

    /// Deals every match again from `seed`, as [`VecEnv::new`] does, and
    /// writes each row's first decision (rewards 0, no flags set).
    pub fn reset(&mut self, seed: u64, out: &mut Outputs<'_>) -> Result<()> {
        out.check::<G>(self.slots.len())?;
        for (i, slot) in self.slots.iter_mut().enumerate() {
            *slot = Slot::new(slot_seeds(seed, i), &self.options, self.opponents);
        }
        let (seat, options, opponents) = (self.seat, &self.options, self.opponents);
        each_row(&mut self.slots, self.threads, out, |slot, row| {
            slot.start(seat, options, opponents);
            slot.show(seat, row.observations, row.masks);
            row.rewards[0] = 0.0;
            row.terminated[0] = false;
            row.truncated[0] = false;
            row.illegal[0] = false;
        });
        Ok(())
    }

    /// Plays `actions[i]` for the agent in match `i`, then the bots until the
    /// agent's next decision, and writes the rows. An action id out of the
    /// game's range is an error that changes nothing; a legal id the agent may
    /// not take now changes nothing in its match and costs `illegal_reward`.
    pub fn step(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> Result<()> {
        out.check::<G>(self.slots.len())?;
        if actions.len() != self.slots.len() {
            return Err(Error::option(
                "actions",
                format!(
                    "expected {} actions, got {}",
                    self.slots.len(),
                    actions.len()
                ),
            ));
        }
        let mut ids = Vec::with_capacity(actions.len());
        for (i, &action) in actions.iter().enumerate() {
            match ActionId::try_from(action) {
                Ok(id) if usize::from(id) < G::ACTION_COUNT => ids.push(id),
                _ => {
                    return Err(Error::IllegalAction(format!(
                        "actions[{i}] = {action} is not an action id of {} (0 to {})",
                        G::NAME,
                        G::ACTION_COUNT - 1
                    )))
                }
            }
        }
        let (seat, options, illegal_reward) = (self.seat, &self.options, self.illegal_reward);
        let opponents = self.opponents;
        each_row(&mut self.slots, self.threads, out, |slot, row| {
            let action = ids[row.index];
            let legal = slot.game.apply(action).is_ok();
            row.illegal[0] = !legal;
            row.terminated[0] = false;
            row.truncated[0] = false;
            row.rewards[0] = if legal { 0.0 } else { illegal_reward };
            if legal {
                slot.others_play(seat);
                if slot.game.is_over() {
                    row.rewards[0] = outcome(&slot.game, seat);
                    row.terminated[0] = true;
                    row.truncated[0] = slot.game.truncated();
                    slot.game.encode(seat, row.final_observations);
                    slot.deal(options, opponents);
                    slot.start(seat, options, opponents);
                }
            }
            slot.show(seat, row.observations, row.masks);
        });
        Ok(())
    }
}

/// Runs `visit` on every slot with its rows, split over the threads.
fn each_row<G: Levels>(
    slots: &mut [Slot<G>],
    threads: usize,
    out: &mut Outputs<'_>,
    visit: impl Fn(&mut Slot<G>, Row<'_>) + Sync,
) {
    let envs = slots.len();
    let threads = threads.min(envs);
    let per_thread = envs.div_ceil(threads);
    let visit = &visit;
    let run = |slots: &mut [Slot<G>], mut out: Outputs<'_>, first: usize| {
        for (offset, slot) in slots.iter_mut().enumerate() {
            visit(slot, Row::of::<G>(&mut out, offset, first + offset));
        }
    };
    if threads == 1 {
        run(slots, out.rows::<G>(0..envs), 0);
        return;
    }
    std::thread::scope(|scope| {
        let mut rest = out.rows::<G>(0..envs);
        let mut first = 0;
        for chunk in slots.chunks_mut(per_thread) {
            let count = chunk.len();
            let (part, after) = rest.split_at::<G>(count);
            rest = after;
            scope.spawn(move || run(chunk, part, first));
            first += count;
        }
    });
}

impl<'a> Outputs<'a> {
    /// The first `rows` rows and the rest.
    fn split_at<G: Game>(self, rows: usize) -> (Outputs<'a>, Outputs<'a>) {
        let (o1, o2) = self.observations.split_at_mut(rows * G::TENSOR_SIZE);
        let (m1, m2) = self.masks.split_at_mut(rows * G::ACTION_COUNT);
        let (r1, r2) = self.rewards.split_at_mut(rows);
        let (t1, t2) = self.terminated.split_at_mut(rows);
        let (c1, c2) = self.truncated.split_at_mut(rows);
        let (i1, i2) = self.illegal.split_at_mut(rows);
        let (f1, f2) = self.final_observations.split_at_mut(rows * G::TENSOR_SIZE);
        (
            Outputs {
                observations: o1,
                masks: m1,
                rewards: r1,
                terminated: t1,
                truncated: c1,
                illegal: i1,
                final_observations: f1,
            },
            Outputs {
                observations: o2,
                masks: m2,
                rewards: r2,
                terminated: t2,
                truncated: c2,
                illegal: i2,
                final_observations: f2,
            },
        )
    }
}

/// One match's row of the buffers.
struct Row<'a> {
    /// The match's index in the batch.
    index: usize,
    observations: &'a mut [f32],
    masks: &'a mut [bool],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
    illegal: &'a mut [bool],
    final_observations: &'a mut [f32],
}

impl<'a> Row<'a> {
    /// Row `offset` of `out`, which is match `index`.
    fn of<G: Game>(out: &'a mut Outputs<'_>, offset: usize, index: usize) -> Row<'a> {
        let features = offset * G::TENSOR_SIZE..(offset + 1) * G::TENSOR_SIZE;
        let flags = offset * G::ACTION_COUNT..(offset + 1) * G::ACTION_COUNT;
        Row {
            index,
            observations: &mut out.observations[features.clone()],
            masks: &mut out.masks[flags],
            rewards: &mut out.rewards[offset..=offset],
            terminated: &mut out.terminated[offset..=offset],
            truncated: &mut out.truncated[offset..=offset],
            illegal: &mut out.illegal[offset..=offset],
            final_observations: &mut out.final_observations[features],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::brouc::Brouc;
    use crate::games::jolly::Jolly;
    use crate::games::tarot::Tarot;
    use serde_json::Map;

    struct Buffers<G: Game> {
        observations: Vec<f32>,
        masks: Vec<bool>,
        rewards: Vec<f32>,
        terminated: Vec<bool>,
        truncated: Vec<bool>,
        illegal: Vec<bool>,
        final_observations: Vec<f32>,
        _game: std::marker::PhantomData<G>,
    }

    impl<G: Game> Buffers<G> {
        fn new(envs: usize) -> Self {
            Buffers {
                observations: vec![0.0; envs * G::TENSOR_SIZE],
                masks: vec![false; envs * G::ACTION_COUNT],
                rewards: vec![0.0; envs],
                terminated: vec![false; envs],
                truncated: vec![false; envs],
                illegal: vec![false; envs],
                final_observations: vec![0.0; envs * G::TENSOR_SIZE],
                _game: std::marker::PhantomData,
            }
        }

        fn outputs(&mut self) -> Outputs<'_> {
            Outputs {
                observations: &mut self.observations,
                masks: &mut self.masks,
                rewards: &mut self.rewards,
                terminated: &mut self.terminated,
                truncated: &mut self.truncated,
                illegal: &mut self.illegal,
                final_observations: &mut self.final_observations,
            }
        }

        /// The first legal action of each row's mask.
        fn first_legal(&self, envs: usize) -> Vec<i64> {
            (0..envs)
                .map(|i| {
                    let row = &self.masks[i * G::ACTION_COUNT..(i + 1) * G::ACTION_COUNT];
                    row.iter().position(|&m| m).unwrap() as i64
                })
                .collect()
        }
    }

    #[test]
    fn a_match_ended_by_its_cap_is_flagged_truncated_and_nobody_wins() {
        // The agent lays a card and takes it back, forever: the round's cap
        // ends the match.
        let options =
            serde_json::json!({"players": 2, "single_deal": true, "max_round_steps": 100});
        let options = options.as_object().unwrap();
        let envs = 4;
        let mut env =
            VecEnv::<Jolly>::new(envs, 3, 1, Opponents::Random, -1.0, 1, options).unwrap();
        let mut buffers = Buffers::<Jolly>::new(envs);
        env.reset(3, &mut buffers.outputs()).unwrap();
        let undo = Jolly::parse_action("undo").unwrap();
        let mut truncations = 0;
        for _ in 0..200 {
            let actions: Vec<i64> = buffers
                .first_legal(envs)
                .into_iter()
                .enumerate()
                .map(|(i, first)| {
                    let undoable = buffers.masks[i * Jolly::ACTION_COUNT + usize::from(undo)];
                    if undoable {
                        i64::from(undo)
                    } else {
                        first
                    }
                })
                .collect();
            env.step(&actions, &mut buffers.outputs()).unwrap();
            for i in 0..envs {
                assert!(!buffers.truncated[i] || buffers.terminated[i]);
                if buffers.truncated[i] {
                    truncations += 1;
                    assert_eq!(buffers.rewards[i], 0.0);
                }
            }
        }
        assert!(truncations > 0);
    }

    /// Steps `envs` matches with the agent playing each row's first legal action.
    fn run<G: Levels>(envs: usize, threads: usize, steps: usize) -> (Vec<f32>, Vec<f32>, usize) {
        let mut env =
            VecEnv::<G>::new(envs, 7, 1, Opponents::Random, -1.0, threads, &Map::new()).unwrap();
        let mut buffers = Buffers::<G>::new(envs);
        env.reset(7, &mut buffers.outputs()).unwrap();
        let mut rewards = Vec::new();
        let mut ends = 0;
        for _ in 0..steps {
            let actions = buffers.first_legal(envs);
            env.step(&actions, &mut buffers.outputs()).unwrap();
            rewards.extend_from_slice(&buffers.rewards);
            ends += buffers.terminated.iter().filter(|&&t| t).count();
            for i in 0..envs {
                let game = env.game(i).unwrap();
                assert_eq!(
                    game.current_player(),
                    Some(1),
                    "a row shows the agent's decision"
                );
            }
        }
        (buffers.observations, rewards, ends)
    }

    #[test]
    fn rows_match_the_games_they_show() {
        let envs = 5;
        let mut env =
            VecEnv::<Brouc>::new(envs, 3, 2, Opponents::Random, -1.0, 1, &Map::new()).unwrap();
        let mut buffers = Buffers::<Brouc>::new(envs);
        env.reset(3, &mut buffers.outputs()).unwrap();
        for _ in 0..200 {
            let actions = buffers.first_legal(envs);
            env.step(&actions, &mut buffers.outputs()).unwrap();
            let mut tensor = vec![0.0; Brouc::TENSOR_SIZE];
            let mut legal = Vec::new();
            for i in 0..envs {
                let game = env.game(i).unwrap();
                game.encode(2, &mut tensor);
                let row = i * Brouc::TENSOR_SIZE..(i + 1) * Brouc::TENSOR_SIZE;
                assert_eq!(buffers.observations[row], tensor[..]);
                game.legal_actions(&mut legal);
                let mask = &buffers.masks[i * Brouc::ACTION_COUNT..(i + 1) * Brouc::ACTION_COUNT];
                let flagged: Vec<ActionId> = (0..Brouc::ACTION_COUNT as ActionId)
                    .filter(|&a| mask[usize::from(a)])
                    .collect();
                assert_eq!(flagged, legal);
                assert!(!buffers.illegal[i]);
                if !buffers.terminated[i] {
                    assert_eq!(buffers.rewards[i], 0.0);
                } else {
                    assert!([-1.0, 0.0, 1.0].contains(&buffers.rewards[i]));
                }
            }
        }
    }

    #[test]
    fn an_ended_match_shows_its_end_and_pays_its_outcome() {
        for opponents in [
            Opponents::Random,
            Opponents::Level(Level::Easy),
            Opponents::Level(Level::Medium),
        ] {
            ended_matches_show_their_ends(opponents);
        }
    }

    fn ended_matches_show_their_ends(opponents: Opponents) {
        let (envs, seat) = (4, 3);
        let options = Map::from_iter([("single_deal".to_owned(), serde_json::Value::Bool(true))]);
        let mut env = VecEnv::<Brouc>::new(envs, 2, seat, opponents, -1.0, 1, &options).unwrap();
        let mut buffers = Buffers::<Brouc>::new(envs);
        env.reset(2, &mut buffers.outputs()).unwrap();
        let mut ends = 0;
        let mut tensor = vec![0.0; Brouc::TENSOR_SIZE];
        for _ in 0..100 {
            let before = env.slots.clone();
            let actions = buffers.first_legal(envs);
            env.step(&actions, &mut buffers.outputs()).unwrap();
            for (i, slot) in before.into_iter().enumerate() {
                // Replays the step on the match as it stood, with its bots.
                let mut replayed = slot.clone();
                replayed.game.apply(actions[i] as ActionId).unwrap();
                replayed.others_play(seat);
                assert_eq!(buffers.terminated[i], replayed.game.is_over());
                if replayed.game.is_over() {
                    ends += 1;
                    assert_eq!(buffers.rewards[i], outcome(&replayed.game, seat));
                    replayed.game.encode(seat, &mut tensor);
                    let row = i * Brouc::TENSOR_SIZE..(i + 1) * Brouc::TENSOR_SIZE;
                    assert_eq!(buffers.final_observations[row], tensor[..]);
                    assert!(env.slots[i].game.history().len() < 4, "a new deal");
                } else {
                    assert_eq!(env.slots[i].game.to_json(), replayed.game.to_json());
                }
            }
        }
        assert!(ends >= envs, "{ends} deals ended");
    }

    #[test]
    fn the_batch_does_not_depend_on_the_threads() {
        let one = run::<Tarot>(7, 1, 150);
        for threads in [2, 3, 16] {
            assert_eq!(run::<Tarot>(7, threads, 150), one);
        }
        assert!(one.2 > 0, "some matches ended and were dealt again");
    }

    #[test]
    fn an_illegal_action_changes_nothing_and_costs_its_reward() {
        let options = Map::new();
        let mut env = VecEnv::<Brouc>::new(2, 1, 0, Opponents::Random, -0.5, 1, &options).unwrap();
        let mut buffers = Buffers::<Brouc>::new(2);
        env.reset(1, &mut buffers.outputs()).unwrap();
        let before: Vec<String> = (0..2).map(|i| env.game(i).unwrap().to_json()).collect();
        let mut actions = buffers.first_legal(2);
        let illegal = (0..Brouc::ACTION_COUNT)
            .position(|a| !buffers.masks[a])
            .unwrap();
        actions[0] = illegal as i64;
        env.step(&actions, &mut buffers.outputs()).unwrap();
        assert_eq!(env.game(0).unwrap().to_json(), before[0]);
        assert_ne!(env.game(1).unwrap().to_json(), before[1]);
        assert_eq!(buffers.illegal, [true, false]);
        assert_eq!(buffers.rewards[0], -0.5);
    }

    #[test]
    fn bad_inputs_are_refused_before_any_match_moves() {
        let options = Map::new();
        let mut env = VecEnv::<Brouc>::new(2, 1, 0, Opponents::Random, -1.0, 1, &options).unwrap();
        let mut buffers = Buffers::<Brouc>::new(2);
        env.reset(1, &mut buffers.outputs()).unwrap();
        let before: Vec<String> = (0..2).map(|i| env.game(i).unwrap().to_json()).collect();
        let legal = buffers.first_legal(2);
        for actions in [vec![legal[0], 999], vec![legal[0], -1], vec![legal[0]]] {
            assert!(env.step(&actions, &mut buffers.outputs()).is_err());
            let after: Vec<String> = (0..2).map(|i| env.game(i).unwrap().to_json()).collect();
            assert_eq!(after, before);
        }
        let mut short = Buffers::<Brouc>::new(1);
        assert!(env.step(&legal, &mut short.outputs()).is_err());
        assert!(VecEnv::<Brouc>::new(0, 1, 0, Opponents::Random, -1.0, 1, &options).is_err());
        assert!(VecEnv::<Brouc>::new(1, 1, 4, Opponents::Random, -1.0, 1, &options).is_err());
        assert!(VecEnv::<Brouc>::new(1, 1, 0, Opponents::Random, -1.0, 0, &options).is_err());
        assert!(Opponents::parse("expert").is_err());
        assert_eq!(Opponents::parse("hard"), Ok(Opponents::Level(Level::Hard)));
    }

    #[test]
    fn a_reset_from_the_same_seed_replays_the_same_matches() {
        let mut env =
            VecEnv::<Brouc>::new(3, 5, 0, Opponents::Random, -1.0, 2, &Map::new()).unwrap();
        let mut buffers = Buffers::<Brouc>::new(3);
        env.reset(11, &mut buffers.outputs()).unwrap();
        let first: Vec<String> = (0..3).map(|i| env.game(i).unwrap().to_json()).collect();
        let actions = buffers.first_legal(3);
        env.step(&actions, &mut buffers.outputs()).unwrap();
        env.reset(11, &mut buffers.outputs()).unwrap();
        let again: Vec<String> = (0..3).map(|i| env.game(i).unwrap().to_json()).collect();
        assert_eq!(first, again);
        env.reset(12, &mut buffers.outputs()).unwrap();
        let other: Vec<String> = (0..3).map(|i| env.game(i).unwrap().to_json()).collect();
        assert_ne!(first, other);
    }
}
