//! Many matches of one game stepped together, for learning agents: one seat
//! of each match is the agent's and bots play the others, or the agent plays
//! every seat (self-play, [`Settings::seat`] `None`); every step writes the deciding seat's observation
//! tensors, legal-action masks, rewards and end flags into flat buffers (row
//! `i` for match `i`). A match that ends is dealt again at once from a seed
//! its slot draws, so the batch never stalls (docs/envs.md, "The batched
//! environment").

use std::ops::Range;

use crate::bot::{Bot, Level, LevelBot, Levels, RandomBot};
use crate::error::{shortened, Error, Result};
use crate::game::{check_seat_among, ActionId, Game};
use crate::ismcts::{margin, Search};
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
                    "expected one of random, easy, medium, hard, expert, got {:?}",
                    shortened(name)
                ),
            )
        })
    }
}

/// What a finished match pays each seat (docs/envs.md, "Rewards").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reward {
    /// +1 for each winning seat, -1 for the others, 0 for every seat when
    /// nobody won ([`Game::winning_seats`]).
    Outcome,
    /// The seat's score less the other seats' mean score ([`margin`]), over
    /// a typical deal's swing ([`Search::SCORE_SCALE`], as the searching
    /// bots scale it): the match's scores, or the deal's when it is played
    /// alone. The seats' rewards sum to 0.
    Score,
}

impl Reward {
    /// The kind a name selects: `"outcome"` or `"score"`.
    pub fn parse(name: &str) -> Result<Reward> {
        match name {
            "outcome" => Ok(Reward::Outcome),
            "score" => Ok(Reward::Score),
            _ => Err(Error::option(
                "reward",
                format!("expected outcome or score, got {:?}", shortened(name)),
            )),
        }
    }

    /// The kind's name, as [`Reward::parse`] reads it.
    pub const fn name(self) -> &'static str {
        match self {
            Reward::Outcome => "outcome",
            Reward::Score => "score",
        }
    }

    /// The default for a game with its options: [`Reward::Outcome`], but
    /// [`Reward::Score`] for a deal played alone in a game whose deals name
    /// no winners ([`Game::DEAL_WINNERS`]: Brouc).
    pub fn default_for<G: Game>(game: &G) -> Reward {
        let single_deal = game.options().get("single_deal") == Some(&serde_json::Value::Bool(true));
        if single_deal && !G::DEAL_WINNERS {
            Reward::Score
        } else {
            Reward::Outcome
        }
    }

    /// What the match pays `seat` now: 0 while it goes on.
    pub fn of<G: Search>(self, game: &G, seat: usize) -> f32 {
        if !game.is_over() {
            return 0.0;
        }
        match self {
            Reward::Outcome => outcome(game, seat),
            Reward::Score => {
                let scores: Vec<f64> = game.scores().iter().map(|&s| s as f64).collect();
                (margin(&scores, seat) / G::SCORE_SCALE) as f32
            }
        }
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
/// `G::ACTION_COUNT` flags a row (1 for a legal action, 0 otherwise),
/// `seat_rewards` and `final_scores` one value per seat a row, the others
/// one value a row.
pub struct Outputs<'a> {
    pub observations: &'a mut [f32],
    pub masks: &'a mut [i8],
    /// The seat whose decision the row shows (the agent's seat, or in
    /// self-play the seat to act).
    pub players: &'a mut [i64],
    /// The reward of the seat that took the step's action.
    pub rewards: &'a mut [f32],
    /// Every seat's reward for the match the step ended (0 in other rows).
    pub seat_rewards: &'a mut [f32],
    /// The match ended with the agent's action and the bots' replies; its
    /// row now shows the next match, and `final_observations` the end.
    pub terminated: &'a mut [bool],
    /// The match that ended (`terminated`) was ended by its cap rather than
    /// by its rules (`Game::truncated`): nobody won it.
    pub truncated: &'a mut [bool],
    /// The action was not legal: nothing changed, and it cost `illegal_reward`.
    pub illegal: &'a mut [bool],
    /// The ended match's last observation for the seat that acted.
    pub final_observations: &'a mut [f32],
    /// The ended match's scores, per seat ([`Game::scores`]).
    pub final_scores: &'a mut [i64],
    /// The full-state tensor of the match each row shows
    /// ([`Game::encode_state`], `G::STATE_TENSOR_SIZE` features a row),
    /// written with the row's decision; empty (no row is written) for a
    /// batch made without [`Settings::states`].
    pub states: &'a mut [f32],
}

/// The widths of a row in each of the buffers.
#[derive(Clone, Copy)]
struct Widths {
    features: usize,
    flags: usize,
    seats: usize,
    /// `G::STATE_TENSOR_SIZE` with [`Settings::states`], else 0.
    states: usize,
}

impl Widths {
    fn of<G: Game>(seats: usize, states: bool) -> Widths {
        Widths {
            features: G::TENSOR_SIZE,
            flags: G::ACTION_COUNT,
            seats,
            states: if states { G::STATE_TENSOR_SIZE } else { 0 },
        }
    }
}

impl<'a> Outputs<'a> {
    /// The rows of `range`, as buffers of their own.
    fn rows(&mut self, range: Range<usize>, w: Widths) -> Outputs<'_> {
        let span = |width: usize| range.start * width..range.end * width;
        Outputs {
            observations: &mut self.observations[span(w.features)],
            masks: &mut self.masks[span(w.flags)],
            players: &mut self.players[span(1)],
            rewards: &mut self.rewards[span(1)],
            seat_rewards: &mut self.seat_rewards[span(w.seats)],
            terminated: &mut self.terminated[span(1)],
            truncated: &mut self.truncated[span(1)],
            illegal: &mut self.illegal[span(1)],
            final_observations: &mut self.final_observations[span(w.features)],
            final_scores: &mut self.final_scores[span(w.seats)],
            states: &mut self.states[span(w.states)],
        }
    }

    /// Checks that the buffers hold `envs` rows.
    fn check(&self, envs: usize, w: Widths) -> Result<()> {
        let sizes = [
            ("observations", self.observations.len(), w.features),
            ("masks", self.masks.len(), w.flags),
            ("players", self.players.len(), 1),
            ("rewards", self.rewards.len(), 1),
            ("seat_rewards", self.seat_rewards.len(), w.seats),
            ("terminated", self.terminated.len(), 1),
            ("truncated", self.truncated.len(), 1),
            ("illegal", self.illegal.len(), 1),
            (
                "final_observations",
                self.final_observations.len(),
                w.features,
            ),
            ("final_scores", self.final_scores.len(), w.seats),
            ("states", self.states.len(), w.states),
        ];
        for (name, len, width) in sizes {
            let wanted = envs * width;
            if len != wanted {
                return Err(Error::option(
                    name,
                    format!("expected {wanted} elements, got {len}"),
                ));
            }
        }
        Ok(())
    }

    /// The first `rows` rows and the rest.
    fn split_at(self, rows: usize, w: Widths) -> (Outputs<'a>, Outputs<'a>) {
        let (o1, o2) = self.observations.split_at_mut(rows * w.features);
        let (m1, m2) = self.masks.split_at_mut(rows * w.flags);
        let (p1, p2) = self.players.split_at_mut(rows);
        let (r1, r2) = self.rewards.split_at_mut(rows);
        let (s1, s2) = self.seat_rewards.split_at_mut(rows * w.seats);
        let (t1, t2) = self.terminated.split_at_mut(rows);
        let (c1, c2) = self.truncated.split_at_mut(rows);
        let (i1, i2) = self.illegal.split_at_mut(rows);
        let (f1, f2) = self.final_observations.split_at_mut(rows * w.features);
        let (g1, g2) = self.final_scores.split_at_mut(rows * w.seats);
        let (x1, x2) = self.states.split_at_mut(rows * w.states);
        (
            Outputs {
                observations: o1,
                masks: m1,
                players: p1,
                rewards: r1,
                seat_rewards: s1,
                terminated: t1,
                truncated: c1,
                illegal: i1,
                final_observations: f1,
                final_scores: g1,
                states: x1,
            },
            Outputs {
                observations: o2,
                masks: m2,
                players: p2,
                rewards: r2,
                seat_rewards: s2,
                terminated: t2,
                truncated: c2,
                illegal: i2,
                final_observations: f2,
                final_scores: g2,
                states: x2,
            },
        )
    }
}

/// The buffers the opponents' decisions are shown in, a row per match asked
/// ([`VecEnv::opponents_view`]): `G::TENSOR_SIZE` features and
/// `G::ACTION_COUNT` flags a row, and the seat to act.
pub struct Views<'a> {
    pub seats: &'a mut [i64],
    pub observations: &'a mut [f32],
    pub masks: &'a mut [i8],
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

/// How a batch is played and paid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The agent's seat in every match; `None` for self-play: the agent
    /// plays every seat (no bot plays), each row showing the seat to act.
    pub seat: Option<usize>,
    /// The bots at the other seats (unused in self-play); `None` when the
    /// caller decides for the other seats ([`VecEnv::opponents_to_act`]).
    pub opponents: Option<Opponents>,
    /// The rewards' kind; `None` for the game's default ([`Reward::default_for`]).
    pub reward: Option<Reward>,
    /// What an action the agent may not take costs.
    pub illegal_reward: f32,
    /// The threads a call splits the matches over (at least 1).
    pub threads: usize,
    /// Whether each row also shows its match's full-state tensor
    /// ([`Outputs::states`]), for a centralised critic.
    pub states: bool,
}

impl Default for Settings {
    /// Seat 0 against random bots, the game's default rewards, -1 for an
    /// illegal action, one thread, no full-state tensors.
    fn default() -> Settings {
        Settings {
            seat: Some(0),
            opponents: Some(Opponents::Random),
            reward: None,
            illegal_reward: -1.0,
            threads: 1,
            states: false,
        }
    }
}

/// What the slots need to know of the batch to play a step.
#[derive(Clone, Copy, Debug)]
struct Rules<'a, G: Game> {
    /// The agent's seat; `None` in self-play (every seat).
    seat: Option<usize>,
    /// The bots; `None` when the caller decides for the other seats.
    opponents: Option<Opponents>,
    options: &'a G::Options,
    reward: Reward,
}

impl<G: Game> Rules<'_, G> {
    /// Whether `player` takes the agent's decisions.
    fn agents(&self, player: usize) -> bool {
        self.seat.is_none_or(|seat| seat == player)
    }

    /// The bots a new match gets (random ones, never asked, when no bot plays).
    fn bots(&self) -> Opponents {
        self.opponents.unwrap_or(Opponents::Random)
    }
}

/// The [`Rules`] of a [`VecEnv`], borrowing its fields alone (not the
/// slots, which a step borrows mutably beside them).
macro_rules! rules {
    ($env:expr) => {
        Rules {
            seat: $env.seat,
            opponents: $env.opponents,
            options: &$env.options,
            reward: $env.reward,
        }
    };
}

/// `envs` matches of `G`, the agent at one seat in each, or at every seat.
#[derive(Clone, Debug)]
pub struct VecEnv<G: Levels> {
    slots: Vec<Slot<G>>,
    options: G::Options,
    /// The agent's seat; `None` in self-play (every seat).
    seat: Option<usize>,
    opponents: Option<Opponents>,
    reward: Reward,
    illegal_reward: f32,
    threads: usize,
    players: usize,
    /// Whether the rows show full-state tensors ([`Settings::states`]).
    states: bool,
}

/// The generator of slot `index`'s seeds in a run seeded `seed`: each slot's
/// matches depend only on the seed and the index, not on the threads.
fn slot_seeds(seed: u64, index: usize) -> SplitMix64 {
    let mut mix = SplitMix64::new(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    SplitMix64::new(mix.next_u64())
}

impl<G: Levels> Slot<G> {
    fn new(seeds: SplitMix64, rules: &Rules<'_, G>) -> Slot<G> {
        let game = G::with_options(0, rules.options);
        let bots = Bots::new(rules.bots(), 0, game.num_players());
        let mut slot = Slot {
            game,
            bots,
            seeds,
            legal: Vec::new(),
        };
        slot.deal(rules);
        slot
    }

    /// A new match and new bots, from the slot's next seeds.
    fn deal(&mut self, rules: &Rules<'_, G>) {
        self.game = G::with_options(self.seeds.next_u64(), rules.options);
        self.bots = Bots::new(rules.bots(), self.seeds.next_u64(), self.game.num_players());
    }

    /// The bots play until the agent is to act or the match is over (or, when
    /// the caller decides for the other seats, until one of them is to act).
    fn others_play(&mut self, rules: &Rules<'_, G>) {
        while let Some(player) = self.game.current_player() {
            if rules.agents(player) || rules.opponents.is_none() {
                break;
            }
            self.bots.play(&mut self.game, player);
        }
    }

    /// Whether another seat than the agent's is to act (the caller's to
    /// decide, when no bot plays it).
    fn waiting(&self, rules: &Rules<'_, G>) -> bool {
        self.game
            .current_player()
            .is_some_and(|player| !rules.agents(player))
    }

    /// Deals until the agent has a decision to take, or the caller one for
    /// another seat (a match that could end without one is dealt again, so a
    /// row always shows a decision).
    fn start(&mut self, rules: &Rules<'_, G>) {
        self.others_play(rules);
        while self.game.is_over() {
            self.deal(rules);
            self.others_play(rules);
        }
    }

    /// After a move: the bots reply; a match over is paid into the row (once
    /// a step: an ended match's row shows its end) and dealt again; and the
    /// row shows the agent's next decision, unless another seat's is
    /// pending. `acting` took the move.
    fn settle(&mut self, rules: &Rules<'_, G>, row: &mut Row<'_>, acting: usize) {
        self.others_play(rules);
        if self.game.is_over() && !row.terminated[0] {
            let paid = rules.seat.unwrap_or(acting);
            for (player, reward) in row.seat_rewards.iter_mut().enumerate() {
                *reward = rules.reward.of(&self.game, player);
            }
            row.rewards[0] = row.seat_rewards[paid];
            row.terminated[0] = true;
            row.truncated[0] = self.game.truncated();
            row.final_scores.copy_from_slice(&self.game.scores());
            self.game.encode(paid, row.final_observations);
        }
        if self.game.is_over() {
            self.deal(rules);
            self.start(rules);
        }
        if !self.waiting(rules) {
            self.show(row);
        }
    }

    /// Writes the decision the row shows: the seat to act, its tensor and
    /// mask, and the match's full-state tensor when the batch shows them.
    fn show(&mut self, row: &mut Row<'_>) {
        let player = self.game.current_player().unwrap_or(0);
        row.players[0] = player as i64;
        self.game.encode(player, row.observations);
        legal_mask(&self.game, &mut self.legal, row.masks);
        if !row.states.is_empty() {
            self.game.encode_state(row.states);
        }
    }
}

impl<G: Levels> VecEnv<G> {
    /// `envs` matches (at least 1) with options `options`, played and paid as
    /// `settings` says, dealt from `seed`.
    pub fn new(
        envs: usize,
        seed: u64,
        settings: Settings,
        options: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<VecEnv<G>> {
        if envs == 0 {
            return Err(Error::option("num_envs", "must be at least 1"));
        }
        if settings.threads == 0 {
            return Err(Error::option("threads", "must be at least 1"));
        }
        let options = G::read_options(options)?;
        let first = G::with_options(0, &options);
        let players = first.num_players();
        if let Some(seat) = settings.seat {
            check_seat_among(G::NAME, players, seat)?;
        }
        let mut env = VecEnv {
            slots: Vec::new(),
            options,
            seat: settings.seat,
            opponents: settings.opponents,
            reward: settings
                .reward
                .unwrap_or_else(|| Reward::default_for(&first)),
            illegal_reward: settings.illegal_reward,
            threads: settings.threads,
            players,
            states: settings.states,
        };
        let rules = rules!(env);
        env.slots = (0..envs)
            .map(|i| Slot::new(slot_seeds(seed, i), &rules))
            .collect();
        Ok(env)
    }

    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// The agent's seat; `None` in self-play, where it plays every seat.
    pub const fn seat(&self) -> Option<usize> {
        self.seat
    }

    /// The bots at the other seats; `None` when the caller decides for them.
    pub const fn opponents(&self) -> Option<Opponents> {
        self.opponents
    }

    /// The kind of the rewards paid.
    pub const fn reward(&self) -> Reward {
        self.reward
    }

    /// The seats at each match's table.
    pub const fn num_players(&self) -> usize {
        self.players
    }

    /// Match `index` as it stands.
    pub fn game(&self, index: usize) -> Option<&G> {
        self.slots.get(index).map(|slot| &slot.game)
    }

    fn widths(&self) -> Widths {
        Widths::of::<G>(self.players, self.states)
    }

    /// Deals every match again from `seed`, as [`VecEnv::new`] does, and
    /// writes each row's first decision (rewards 0, no flags set). When the
    /// caller decides for the other seats, rows where one of them is to act
    /// wait for [`VecEnv::opponents_step`].
    pub fn reset(&mut self, seed: u64, out: &mut Outputs<'_>) -> Result<()> {
        let widths = self.widths();
        out.check(self.slots.len(), widths)?;
        let rules = rules!(self);
        let fresh: Vec<Slot<G>> = (0..self.slots.len())
            .map(|i| Slot::new(slot_seeds(seed, i), &rules))
            .collect();
        self.slots = fresh;
        let rules = rules!(self);
        each_row(
            &mut self.slots,
            self.threads,
            widths,
            out,
            |slot, mut row| {
                row.clear();
                slot.start(&rules);
                if !slot.waiting(&rules) {
                    slot.show(&mut row);
                }
            },
        );
        Ok(())
    }

    /// Plays `actions[i]` for the seat match `i`'s row shows (the agent's),
    /// then the bots until the agent's next decision, and writes the rows. An
    /// action id out of the game's range is an error that changes nothing; a
    /// legal id the agent may not take now changes nothing in its match and
    /// costs `illegal_reward`. When the caller decides for the other seats,
    /// rows where one of them is to act wait for [`VecEnv::opponents_step`];
    /// a step while any waits is an error.
    pub fn step(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> Result<()> {
        let widths = self.widths();
        out.check(self.slots.len(), widths)?;
        let ids = action_ids::<G>("actions", actions, self.slots.len())?;
        if !self.opponents_to_act().is_empty() {
            return Err(Error::IllegalAction(
                "the opponents are to act in some matches: their actions first".to_owned(),
            ));
        }
        let rules = rules!(self);
        let illegal_reward = self.illegal_reward;
        each_row(
            &mut self.slots,
            self.threads,
            widths,
            out,
            |slot, mut row| {
                let acting = slot.game.current_player().unwrap_or(0);
                let legal = slot.game.apply(ids[row.index]).is_ok();
                row.clear();
                row.illegal[0] = !legal;
                if legal {
                    slot.settle(&rules, &mut row, acting);
                } else {
                    row.rewards[0] = illegal_reward;
                    slot.show(&mut row);
                }
            },
        );
        Ok(())
    }

    /// The matches where another seat than the agent's is to act, waiting for
    /// the caller's decisions (always none when bots play those seats).
    pub fn opponents_to_act(&self) -> Vec<usize> {
        let rules = rules!(self);
        (0..self.slots.len())
            .filter(|&i| self.slots[i].waiting(&rules))
            .collect()
    }

    /// The seat to act in each match of `matches` (from
    /// [`VecEnv::opponents_to_act`]), its observation tensor and legal-action
    /// mask, into the rows of `view`.
    pub fn opponents_view(&mut self, matches: &[usize], view: Views<'_>) {
        let Views {
            seats,
            observations,
            masks,
        } = view;
        let rows = seats
            .iter_mut()
            .zip(observations.chunks_mut(G::TENSOR_SIZE))
            .zip(masks.chunks_mut(G::ACTION_COUNT));
        for (&i, ((seat, observation), mask)) in matches.iter().zip(rows) {
            let slot = &mut self.slots[i];
            let player = slot.game.current_player().unwrap_or(0);
            *seat = player as i64;
            slot.game.encode(player, observation);
            legal_mask(&slot.game, &mut slot.legal, mask);
        }
    }

    /// Plays `actions[k]` for the seat to act in match `matches[k]` (the
    /// caller's decisions for the other seats), then goes on as
    /// [`VecEnv::step`] does: the rows of matches back at the agent's
    /// decision are written, a match that ends is paid and dealt again. An
    /// action that is no legal action of its seat is an error that changes
    /// nothing.
    pub fn opponents_step(
        &mut self,
        matches: &[usize],
        actions: &[i64],
        out: &mut Outputs<'_>,
    ) -> Result<()> {
        let widths = self.widths();
        out.check(self.slots.len(), widths)?;
        let ids = action_ids::<G>("opponents' actions", actions, matches.len())?;
        let mut chosen: Vec<Option<ActionId>> = vec![None; self.slots.len()];
        let rules = rules!(self);
        for (k, (&i, &id)) in matches.iter().zip(&ids).enumerate() {
            let waiting = self.slots.get(i).is_some_and(|slot| slot.waiting(&rules));
            if !waiting || chosen[i].is_some() {
                return Err(Error::option(
                    "matches",
                    format!("match {i} has no opponent waiting for an action"),
                ));
            }
            if !crate::game::is_legal(&self.slots[i].game, id) {
                return Err(Error::IllegalAction(format!(
                    "the opponents' action {k} ({} in match {i}) is not legal now",
                    G::action_text(id)
                )));
            }
            chosen[i] = Some(id);
        }
        each_row(
            &mut self.slots,
            self.threads,
            widths,
            out,
            |slot, mut row| {
                if let Some(id) = chosen[row.index] {
                    let acting = slot.game.current_player().unwrap_or(0);
                    slot.game
                        .apply(id)
                        .expect("the opponents' actions were checked legal");
                    slot.settle(&rules, &mut row, acting);
                }
            },
        );
        Ok(())
    }
}

/// `actions` as action ids of `G`, `count` of them, or an error naming `name`.
fn action_ids<G: Game>(name: &str, actions: &[i64], count: usize) -> Result<Vec<ActionId>> {
    if actions.len() != count {
        return Err(Error::option(
            name,
            format!("expected {count} actions, got {}", actions.len()),
        ));
    }
    let mut ids = Vec::with_capacity(actions.len());
    for (i, &action) in actions.iter().enumerate() {
        match ActionId::try_from(action) {
            Ok(id) if usize::from(id) < G::ACTION_COUNT => ids.push(id),
            _ => {
                return Err(Error::IllegalAction(format!(
                    "{name}[{i}] = {action} is not an action id of {} (0 to {})",
                    G::NAME,
                    G::ACTION_COUNT - 1
                )))
            }
        }
    }
    Ok(ids)
}

/// Runs `visit` on every slot with its rows, split over the threads.
fn each_row<G: Levels>(
    slots: &mut [Slot<G>],
    threads: usize,
    widths: Widths,
    out: &mut Outputs<'_>,
    visit: impl Fn(&mut Slot<G>, Row<'_>) + Sync,
) {
    let envs = slots.len();
    let threads = threads.min(envs);
    let per_thread = envs.div_ceil(threads);
    let visit = &visit;
    let run = |slots: &mut [Slot<G>], mut out: Outputs<'_>, first: usize| {
        for (offset, slot) in slots.iter_mut().enumerate() {
            visit(slot, Row::of(&mut out, offset, first + offset, widths));
        }
    };
    if threads == 1 {
        run(slots, out.rows(0..envs, widths), 0);
        return;
    }
    std::thread::scope(|scope| {
        let mut rest = out.rows(0..envs, widths);
        let mut first = 0;
        for chunk in slots.chunks_mut(per_thread) {
            let count = chunk.len();
            let (part, after) = rest.split_at(count, widths);
            rest = after;
            scope.spawn(move || run(chunk, part, first));
            first += count;
        }
    });
}

/// One match's row of the buffers: an [`Outputs`] of one row, with the
/// match's index in the batch.
struct Row<'a> {
    index: usize,
    out: Outputs<'a>,
}

impl<'a> Row<'a> {
    /// Row `offset` of `out`, which is match `index`.
    fn of(out: &'a mut Outputs<'_>, offset: usize, index: usize, w: Widths) -> Row<'a> {
        Row {
            index,
            out: out.rows(offset..offset + 1, w),
        }
    }

    /// A step's start: no reward, no flag.
    fn clear(&mut self) {
        self.rewards[0] = 0.0;
        self.seat_rewards.fill(0.0);
        self.terminated[0] = false;
        self.truncated[0] = false;
        self.illegal[0] = false;
    }
}

impl<'a> std::ops::Deref for Row<'a> {
    type Target = Outputs<'a>;

    fn deref(&self) -> &Outputs<'a> {
        &self.out
    }
}

impl std::ops::DerefMut for Row<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::brouc::Brouc;
    use crate::games::jolly::Jolly;
    use crate::games::tarot::Tarot;
    use crate::rng::SplitMix64;
    use serde_json::Map;

    fn settings(
        seat: usize,
        opponents: Opponents,
        illegal_reward: f32,
        threads: usize,
    ) -> Settings {
        Settings {
            seat: Some(seat),
            opponents: Some(opponents),
            reward: None,
            illegal_reward,
            threads,
            states: false,
        }
    }

    struct Buffers<G: Game> {
        observations: Vec<f32>,
        masks: Vec<i8>,
        players: Vec<i64>,
        rewards: Vec<f32>,
        seat_rewards: Vec<f32>,
        terminated: Vec<bool>,
        truncated: Vec<bool>,
        illegal: Vec<bool>,
        final_observations: Vec<f32>,
        final_scores: Vec<i64>,
        states: Vec<f32>,
        _game: std::marker::PhantomData<G>,
    }

    impl<G: Game> Buffers<G> {
        fn new(envs: usize) -> Self {
            Self::seated(envs, 4)
        }

        fn seated(envs: usize, seats: usize) -> Self {
            Buffers {
                observations: vec![0.0; envs * G::TENSOR_SIZE],
                masks: vec![0; envs * G::ACTION_COUNT],
                players: vec![0; envs],
                rewards: vec![0.0; envs],
                seat_rewards: vec![0.0; envs * seats],
                terminated: vec![false; envs],
                truncated: vec![false; envs],
                illegal: vec![false; envs],
                final_observations: vec![0.0; envs * G::TENSOR_SIZE],
                final_scores: vec![0; envs * seats],
                states: Vec::new(),
                _game: std::marker::PhantomData,
            }
        }

        fn outputs(&mut self) -> Outputs<'_> {
            Outputs {
                observations: &mut self.observations,
                masks: &mut self.masks,
                players: &mut self.players,
                rewards: &mut self.rewards,
                seat_rewards: &mut self.seat_rewards,
                terminated: &mut self.terminated,
                truncated: &mut self.truncated,
                illegal: &mut self.illegal,
                final_observations: &mut self.final_observations,
                final_scores: &mut self.final_scores,
                states: &mut self.states,
            }
        }

        /// A random legal action of each row's mask.
        fn random_legal(&self, envs: usize, rng: &mut SplitMix64) -> Vec<i64> {
            (0..envs)
                .map(|i| {
                    let row = &self.masks[i * G::ACTION_COUNT..(i + 1) * G::ACTION_COUNT];
                    let legal: Vec<usize> = (0..row.len()).filter(|&a| row[a] == 1).collect();
                    legal[rng.below(legal.len() as u64) as usize] as i64
                })
                .collect()
        }

        /// The first legal action of each row's mask.
        fn first_legal(&self, envs: usize) -> Vec<i64> {
            (0..envs)
                .map(|i| {
                    let row = &self.masks[i * G::ACTION_COUNT..(i + 1) * G::ACTION_COUNT];
                    row.iter().position(|&m| m == 1).unwrap() as i64
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
            VecEnv::<Jolly>::new(envs, 3, settings(1, Opponents::Random, -1.0, 1), options)
                .unwrap();
        let mut buffers = Buffers::<Jolly>::seated(envs, 2);
        env.reset(3, &mut buffers.outputs()).unwrap();
        let undo = Jolly::parse_action("undo").unwrap();
        let mut truncations = 0;
        for _ in 0..200 {
            let actions: Vec<i64> = buffers
                .first_legal(envs)
                .into_iter()
                .enumerate()
                .map(|(i, first)| {
                    let undoable = buffers.masks[i * Jolly::ACTION_COUNT + usize::from(undo)] == 1;
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
        let mut env = VecEnv::<G>::new(
            envs,
            7,
            settings(1, Opponents::Random, -1.0, threads),
            &Map::new(),
        )
        .unwrap();
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
        let mut env = VecEnv::<Brouc>::new(
            envs,
            3,
            settings(2, Opponents::Random, -1.0, 1),
            &Map::new(),
        )
        .unwrap();
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
                    .filter(|&a| mask[usize::from(a)] == 1)
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
        let mut env =
            VecEnv::<Brouc>::new(envs, 2, settings(seat, opponents, -1.0, 1), &options).unwrap();
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
                replayed.others_play(&Rules {
                    seat: Some(seat),
                    opponents: Some(opponents),
                    options: &env.options,
                    reward: env.reward,
                });
                assert_eq!(buffers.terminated[i], replayed.game.is_over());
                if replayed.game.is_over() {
                    ends += 1;
                    assert_eq!(env.reward(), Reward::Score, "a Brouc deal's default");
                    assert_eq!(buffers.rewards[i], Reward::Score.of(&replayed.game, seat));
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
        let mut env =
            VecEnv::<Brouc>::new(2, 1, settings(0, Opponents::Random, -0.5, 1), &options).unwrap();
        let mut buffers = Buffers::<Brouc>::new(2);
        env.reset(1, &mut buffers.outputs()).unwrap();
        let before: Vec<String> = (0..2).map(|i| env.game(i).unwrap().to_json()).collect();
        let mut actions = buffers.first_legal(2);
        let illegal = (0..Brouc::ACTION_COUNT)
            .position(|a| buffers.masks[a] == 0)
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
        let mut env =
            VecEnv::<Brouc>::new(2, 1, settings(0, Opponents::Random, -1.0, 1), &options).unwrap();
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
        assert!(
            VecEnv::<Brouc>::new(0, 1, settings(0, Opponents::Random, -1.0, 1), &options).is_err()
        );
        assert!(
            VecEnv::<Brouc>::new(1, 1, settings(4, Opponents::Random, -1.0, 1), &options).is_err()
        );
        assert!(
            VecEnv::<Brouc>::new(1, 1, settings(0, Opponents::Random, -1.0, 0), &options).is_err()
        );
        assert!(Opponents::parse("master").is_err());
        assert_eq!(Opponents::parse("hard"), Ok(Opponents::Level(Level::Hard)));
        assert_eq!(
            Opponents::parse("expert"),
            Ok(Opponents::Level(Level::Expert))
        );
    }

    #[test]
    fn a_reset_from_the_same_seed_replays_the_same_matches() {
        let mut env =
            VecEnv::<Brouc>::new(3, 5, settings(0, Opponents::Random, -1.0, 2), &Map::new())
                .unwrap();
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

    #[test]
    fn rows_show_their_matches_full_states_when_asked() {
        let envs = 3;
        let settings = Settings {
            states: true,
            ..Settings::default()
        };
        let mut env = VecEnv::<Jolly>::new(envs, 8, settings, &Map::new()).unwrap();
        let mut buffers = Buffers::<Jolly>::seated(envs, env.num_players());
        assert!(
            env.reset(8, &mut buffers.outputs()).is_err(),
            "no room for the states"
        );
        buffers.states = vec![f32::NAN; envs * Jolly::STATE_TENSOR_SIZE];
        env.reset(8, &mut buffers.outputs()).unwrap();
        let mut state = vec![0.0; Jolly::STATE_TENSOR_SIZE];
        let mut rng = SplitMix64::new(8);
        for _ in 0..200 {
            for i in 0..envs {
                env.game(i).unwrap().encode_state(&mut state);
                let row = i * Jolly::STATE_TENSOR_SIZE..(i + 1) * Jolly::STATE_TENSOR_SIZE;
                assert_eq!(buffers.states[row], state[..]);
            }
            let actions = buffers.random_legal(envs, &mut rng);
            env.step(&actions, &mut buffers.outputs()).unwrap();
        }
    }

    #[test]
    fn self_play_rows_show_the_seat_to_act_and_pay_every_seat() {
        let envs = 4;
        let options = serde_json::json!({"single_deal": true});
        let settings = Settings {
            seat: None,
            reward: Some(Reward::Score),
            ..Settings::default()
        };
        let mut env =
            VecEnv::<Tarot>::new(envs, 5, settings, options.as_object().unwrap()).unwrap();
        assert_eq!(env.seat(), None);
        let mut buffers = Buffers::<Tarot>::new(envs);
        env.reset(5, &mut buffers.outputs()).unwrap();
        let (mut ends, mut seen) = (0, [false; 4]);
        let mut tensor = vec![0.0; Tarot::TENSOR_SIZE];
        let mut rng = SplitMix64::new(5);
        for _ in 0..300 {
            let before = env.slots.clone();
            let actions = buffers.random_legal(envs, &mut rng);
            env.step(&actions, &mut buffers.outputs()).unwrap();
            for (i, slot) in before.into_iter().enumerate() {
                let player = buffers.players[i] as usize;
                seen[player] = true;
                assert_eq!(env.game(i).unwrap().current_player(), Some(player));
                env.game(i).unwrap().encode(player, &mut tensor);
                let features = i * Tarot::TENSOR_SIZE..(i + 1) * Tarot::TENSOR_SIZE;
                assert_eq!(buffers.observations[features.clone()], tensor[..]);
                // No bot plays: the step is the one action.
                let mut replayed = slot.game.clone();
                let acting = replayed.current_player().unwrap();
                replayed.apply(actions[i] as ActionId).unwrap();
                let paid = &buffers.seat_rewards[i * 4..(i + 1) * 4];
                assert_eq!(buffers.terminated[i], replayed.is_over());
                if replayed.is_over() {
                    ends += 1;
                    let due: Vec<f32> = (0..4).map(|s| Reward::Score.of(&replayed, s)).collect();
                    assert_eq!(paid, &due[..]);
                    assert!(paid.iter().sum::<f32>().abs() < 1e-4, "{paid:?}");
                    assert!(paid.iter().any(|&r| r != 0.0));
                    assert_eq!(buffers.rewards[i], paid[acting]);
                    assert_eq!(
                        buffers.final_scores[i * 4..(i + 1) * 4],
                        replayed.scores()[..]
                    );
                    replayed.encode(acting, &mut tensor);
                    assert_eq!(buffers.final_observations[features], tensor[..]);
                } else {
                    assert!(paid.iter().all(|&r| r == 0.0));
                    assert_eq!(buffers.rewards[i], 0.0);
                    assert_eq!(env.game(i).unwrap().to_json(), replayed.to_json());
                }
            }
        }
        assert!(ends >= envs, "{ends} deals ended");
        assert_eq!(seen, [true; 4], "every seat's decisions are shown");
    }

    #[test]
    fn rewards_default_to_outcomes_but_a_brouc_deal_is_paid_its_score() {
        let single = serde_json::json!({"single_deal": true});
        let single = single.as_object().unwrap();
        let deal = Brouc::new(1, single).unwrap();
        assert_eq!(Reward::default_for(&deal), Reward::Score);
        assert_eq!(
            Reward::default_for(&Brouc::new(1, &Map::new()).unwrap()),
            Reward::Outcome
        );
        assert_eq!(
            Reward::default_for(&Tarot::new(1, single).unwrap()),
            Reward::Outcome
        );
        assert_eq!(Reward::parse("score"), Ok(Reward::Score));
        assert!(Reward::parse("points").is_err());
        let mut game = Brouc::new(3, single).unwrap();
        let mut rng = SplitMix64::new(3);
        while !game.is_over() {
            assert_eq!(Reward::Score.of(&game, 0), 0.0);
            game.play_random(&mut rng);
        }
        assert!(game.winning_seats().is_empty());
        let scores = game.scores();
        let margin = scores[0] as f32 - (scores[1] + scores[2] + scores[3]) as f32 / 3.0;
        let paid = Reward::Score.of(&game, 0);
        assert!((paid - margin / 8.0).abs() < 1e-5, "{paid} for {scores:?}");
        assert_eq!(Reward::Outcome.of(&game, 0), 0.0);
    }

    #[test]
    fn the_caller_decides_for_the_opponents_when_no_bot_plays() {
        let (envs, seat) = (3, 2);
        let settings = Settings {
            seat: Some(seat),
            opponents: None,
            ..Settings::default()
        };
        let single = serde_json::json!({"single_deal": true});
        let mut env = VecEnv::<Brouc>::new(envs, 4, settings, single.as_object().unwrap()).unwrap();
        let mut buffers = Buffers::<Brouc>::new(envs);
        let mut rng = SplitMix64::new(4);
        // Every match waits at a decision: the agent's, or an opponent's.
        let resolve =
            |env: &mut VecEnv<Brouc>, buffers: &mut Buffers<Brouc>, rng: &mut SplitMix64| {
                let mut decided = 0;
                loop {
                    let matches = env.opponents_to_act();
                    if matches.is_empty() {
                        return decided;
                    }
                    let k = matches.len();
                    let mut seats = vec![0; k];
                    let mut observations = vec![0.0; k * Brouc::TENSOR_SIZE];
                    let mut masks = vec![0; k * Brouc::ACTION_COUNT];
                    let view = Views {
                        seats: &mut seats,
                        observations: &mut observations,
                        masks: &mut masks,
                    };
                    env.opponents_view(&matches, view);
                    let mut tensor = vec![0.0; Brouc::TENSOR_SIZE];
                    for (j, &i) in matches.iter().enumerate() {
                        let game = env.game(i).unwrap();
                        assert_eq!(game.current_player(), Some(seats[j] as usize));
                        assert_ne!(seats[j] as usize, seat);
                        game.encode(seats[j] as usize, &mut tensor);
                        let row = j * Brouc::TENSOR_SIZE..(j + 1) * Brouc::TENSOR_SIZE;
                        assert_eq!(observations[row], tensor[..]);
                    }
                    let view = Buffers::<Brouc> {
                        masks,
                        ..Buffers::new(k)
                    };
                    let actions = view.random_legal(k, rng);
                    // A step now, or an illegal opponent's action, is refused.
                    assert!(env.step(&vec![0; envs], &mut buffers.outputs()).is_err());
                    let illegal = (0..Brouc::ACTION_COUNT)
                        .find(|&a| view.masks[a] == 0)
                        .unwrap() as i64;
                    let mut wrong = actions.clone();
                    wrong[0] = illegal;
                    let before = env.game(matches[0]).unwrap().to_json();
                    assert!(env
                        .opponents_step(&matches, &wrong, &mut buffers.outputs())
                        .is_err());
                    assert_eq!(env.game(matches[0]).unwrap().to_json(), before);
                    env.opponents_step(&matches, &actions, &mut buffers.outputs())
                        .unwrap();
                    decided += k;
                }
            };
        env.reset(4, &mut buffers.outputs()).unwrap();
        let mut decided = resolve(&mut env, &mut buffers, &mut rng);
        let mut ends = 0;
        for _ in 0..60 {
            let actions = buffers.random_legal(envs, &mut rng);
            env.step(&actions, &mut buffers.outputs()).unwrap();
            decided += resolve(&mut env, &mut buffers, &mut rng);
            for i in 0..envs {
                assert_eq!(env.game(i).unwrap().current_player(), Some(seat));
                assert_eq!(buffers.players[i], seat as i64);
                if buffers.terminated[i] {
                    ends += 1;
                    let paid = &buffers.seat_rewards[i * 4..(i + 1) * 4];
                    assert_eq!(buffers.rewards[i], paid[seat]);
                }
            }
        }
        assert!(decided > 60 * envs, "{decided} opponents' decisions");
        assert!(ends > 0);
        assert!(env
            .opponents_step(&[0], &[0], &mut buffers.outputs())
            .is_err());
    }
}
