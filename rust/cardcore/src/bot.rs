//! Bots to play against.
//!
//! A bot decides from what its seat may know: an [`Observation`], never the
//! game. The observation answers the seat's own cards and the public facts,
//! and draws whole states the seat cannot tell from the true one
//! ([`Observation::determinize`]) for bots that search.

use crate::determinize::Determinize;
use crate::game::{ActionId, Game};
use crate::ismcts::{search, Search, Settings};
use crate::observation::Observation;
use crate::rng::SplitMix64;

/// A player for seats of `G`.
pub trait Bot<G: Game>: Send {
    /// The action for the observing seat, which is to act (`view.to_act()`):
    /// one of `view.legal_actions`.
    fn act(&mut self, view: &Observation<G>) -> ActionId;
}

impl<G: Game> Bot<G> for RandomBot {
    fn act(&mut self, view: &Observation<G>) -> ActionId {
        RandomBot::act(self, view.game()).expect("the observing seat is to act")
    }
}

impl<G: Determinize> Observation<G> {
    /// A whole state the observing seat cannot tell from the true one, drawn
    /// from `rng` ([`Determinize::determinize`]).
    pub fn determinize(&self, rng: &mut SplitMix64) -> G {
        self.game().determinize(self.seat(), rng)
    }
}

/// Plays what an information-set tree search over determinizations finds
/// best ([`crate::ismcts`]), from its own seeded generator.
#[derive(Clone, Debug)]
pub struct SearchBot {
    pub settings: Settings,
    rng: SplitMix64,
    iterations: u64,
}

impl SearchBot {
    pub const fn new(settings: Settings, seed: u64) -> SearchBot {
        SearchBot {
            settings,
            rng: SplitMix64::new(seed),
            iterations: 0,
        }
    }

    /// The search iterations the bot has run, over all its moves.
    pub const fn iterations(&self) -> u64 {
        self.iterations
    }
}

impl<G: Levels> Bot<G> for SearchBot {
    fn act(&mut self, view: &Observation<G>) -> ActionId {
        // The search reads the game only through draws for the observing seat.
        let choice = search(view.game(), &self.settings, &mut self.rng)
            .expect("the observing seat is to act");
        self.iterations += u64::from(choice.iterations);
        choice.action
    }
}

/// Plays a uniformly random legal action, from its own seeded generator.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: SplitMix64,
}

impl RandomBot {
    pub const fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: SplitMix64::new(seed),
        }
    }

    /// The action the bot chooses, `None` once the game is over.
    pub fn act<G: Game>(&mut self, game: &G) -> Option<ActionId> {
        game.random_action(&mut self.rng)
    }

    /// Chooses as [`RandomBot::act`] would and applies the action.
    pub fn play<G: Game>(&mut self, game: &mut G) -> Option<ActionId> {
        game.play_random(&mut self.rng)
    }
}

/// The levels of play every game offers (docs/bots.md, "Levels").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// The rules of thumb, often missed: a beginner.
    Easy,
    /// The game's rules of thumb: a sensible club player.
    Medium,
    /// A tree search over determinizations.
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name() == name)
    }
}

/// A game with a bot at every [`Level`].
pub trait Levels: Search {
    /// The game's rules-of-thumb player (`games/<game>/bot.rs`).
    type Heuristic: Bot<Self> + Clone + std::fmt::Debug + 'static;

    fn heuristic(seed: u64) -> Self::Heuristic;

    /// How a hard bot searches a move.
    const HARD: Settings;

    /// The phases ([`Game::phase`]) whose decisions a hard bot searches; the
    /// heuristic decides the others.
    const SEARCHED: &'static [&'static str];
}

/// How often an easy bot plays a random legal action instead of its rule of thumb.
const EASY_BLUNDERS: f64 = 0.5;

/// The bot playing `level`, from its own seeded generators.
pub fn bot<G: Levels>(level: Level, seed: u64) -> Box<dyn Bot<G>> {
    Box::new(LevelBot::<G>::new(level, seed))
}

/// A bot of one [`Level`], as a value (it clones, unlike a boxed [`Bot`]).
#[derive(Clone, Debug)]
pub enum LevelBot<G: Levels> {
    Easy(Blunders<G::Heuristic>),
    Medium(G::Heuristic),
    Hard(HardBot<G>),
}

impl<G: Levels> LevelBot<G> {
    pub fn new(level: Level, seed: u64) -> LevelBot<G> {
        match level {
            Level::Easy => LevelBot::Easy(Blunders::new(G::heuristic(seed), EASY_BLUNDERS, seed)),
            Level::Medium => LevelBot::Medium(G::heuristic(seed)),
            Level::Hard => LevelBot::Hard(HardBot::new(G::HARD, seed)),
        }
    }
}

impl<G: Levels> Bot<G> for LevelBot<G> {
    fn act(&mut self, view: &Observation<G>) -> ActionId {
        match self {
            LevelBot::Easy(bot) => bot.act(view),
            LevelBot::Medium(bot) => bot.act(view),
            LevelBot::Hard(bot) => bot.act(view),
        }
    }
}

/// The hard level: searches the decisions of [`Levels::SEARCHED`] phases
/// ([`SearchBot`], heuristic rollouts where the settings say so), and plays
/// the others by the game's heuristic.
#[derive(Clone, Debug)]
pub struct HardBot<G: Levels> {
    pub search: SearchBot,
    heuristic: G::Heuristic,
}

impl<G: Levels> HardBot<G> {
    pub fn new(settings: Settings, seed: u64) -> HardBot<G> {
        HardBot {
            search: SearchBot::new(settings, seed),
            // Apart from the search's generator.
            heuristic: G::heuristic(seed ^ 0x2545_F491_4F6C_DD1D),
        }
    }

    /// Whether the bot searches the decision `view` is to make.
    pub fn searches(view: &Observation<G>) -> bool {
        G::SEARCHED.contains(&view.phase())
    }
}

impl<G: Levels> Bot<G> for HardBot<G> {
    fn act(&mut self, view: &Observation<G>) -> ActionId {
        if Self::searches(view) {
            self.search.act(view)
        } else {
            self.heuristic.act(view)
        }
    }
}

/// Plays as `inner` but, with probability `rate`, a random legal action instead.
#[derive(Clone, Debug)]
pub struct Blunders<B> {
    inner: B,
    rate: f64,
    rng: SplitMix64,
}

impl<B> Blunders<B> {
    pub const fn new(inner: B, rate: f64, seed: u64) -> Blunders<B> {
        Blunders {
            inner,
            rate,
            // Apart from the inner bot's generator, which may share the seed.
            rng: SplitMix64::new(seed ^ 0x5DEE_CE66_D1CE_4E5B),
        }
    }
}

impl<G: Game, B: Bot<G>> Bot<G> for Blunders<B> {
    fn act(&mut self, view: &Observation<G>) -> ActionId {
        if self.rng.unit() < self.rate {
            let mut legal = Vec::new();
            view.legal_actions(&mut legal);
            if !legal.is_empty() {
                return legal[self.rng.below(legal.len() as u64) as usize];
            }
        }
        self.inner.act(view)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::brouc::Brouc;
    use crate::games::five_hundred::FiveHundred;
    use crate::games::jolly::Jolly;
    use crate::games::julien::Julien;
    use crate::games::tarot::Tarot;
    use crate::ismcts::{Budget, Rollout};
    use serde_json::{Map, Value};
    use std::time::Instant;

    /// One side of a duplicate comparison: a level's bot, or a search with
    /// other settings.
    #[derive(Clone, Copy, Debug)]
    enum Side {
        Level(Level),
        Search(Settings),
    }

    impl Side {
        fn parse<G: Levels>(text: &str) -> Side {
            if let Some(level) = Level::from_name(text) {
                return Side::Level(level);
            }
            // search:ITERATIONS:ROLLOUT[:EXPLORATION], ROLLOUT random or an epsilon.
            let parts: Vec<&str> = text.split(':').collect();
            let mut settings = G::HARD;
            settings.budget = Budget::Iterations(parts[1].parse().unwrap());
            settings.rollout = match parts[2] {
                "random" => Rollout::Random,
                eps => Rollout::Heuristic {
                    epsilon: eps.parse().unwrap(),
                },
            };
            if let Some(c) = parts.get(3) {
                settings.exploration = c.parse().unwrap();
            }
            Side::Search(settings)
        }
    }

    enum Player<G: Levels> {
        Bot(Box<dyn Bot<G>>),
        Search(Settings, SplitMix64),
    }

    #[derive(Default)]
    struct Timing {
        /// Seconds per searched move, and the iterations it ran.
        moves: Vec<(f64, u32)>,
    }

    fn player<G: Levels>(side: Side, seed: u64) -> Player<G> {
        match side {
            Side::Level(Level::Hard) => Player::Search(G::HARD, SplitMix64::new(seed)),
            Side::Level(level) => Player::Bot(bot::<G>(level, seed)),
            Side::Search(settings) => Player::Search(settings, SplitMix64::new(seed)),
        }
    }

    /// Whether a searching side searches in `phase`: [`Levels::SEARCHED`],
    /// or the comma-separated phases of `HARD_PHASES`.
    fn searched<G: Levels>(phase: &str) -> bool {
        std::env::var("HARD_PHASES").map_or_else(
            |_| G::SEARCHED.contains(&phase),
            |phases| phases.split(',').any(|p| p == phase),
        )
    }

    #[allow(clippy::print_stderr)]
    /// Plays one single deal from `seed`, seats where `is_a` by side `a`, and
    /// returns side a's mean score minus side b's.
    fn deal<G: Levels>(
        seed: u64,
        options: &Map<String, Value>,
        (a, b): (Side, Side),
        is_a: impl Fn(usize) -> bool,
        timing: &mut Timing,
    ) -> f64 {
        let mut game = G::new(seed, options).unwrap();
        let n = game.num_players();
        let mut players: Vec<Player<G>> = (0..n)
            .map(|s| {
                let bot_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (s as u64 + 1);
                player::<G>(if is_a(s) { a } else { b }, bot_seed)
            })
            .collect();
        let mut heuristics: Vec<G::Heuristic> = (0..n)
            .map(|s| G::heuristic(seed ^ 0x2545_F491_4F6C_DD1D ^ (s as u64)))
            .collect();
        let mut legal = Vec::new();
        while let Some(seat) = game.current_player() {
            let action = match &mut players[seat] {
                Player::Bot(bot) => bot.act(&Observation::new(&game, seat).unwrap()),
                Player::Search(_, _) if !searched::<G>(game.phase()) => {
                    heuristics[seat].act(&Observation::new(&game, seat).unwrap())
                }
                Player::Search(settings, rng) => {
                    game.legal_actions(&mut legal);
                    let started = Instant::now();
                    let choice = search(&game, settings, rng).unwrap();
                    if legal.len() > 1 {
                        timing
                            .moves
                            .push((started.elapsed().as_secs_f64(), choice.iterations));
                    }
                    choice.action
                }
            };
            game.apply(action).unwrap();
        }
        let scores = game.scores();
        if std::env::var("HARD_VERBOSE").is_ok() {
            let mut history = String::new();
            for &action in game.history() {
                history.push_str(&G::action_text(action));
                history.push(' ');
            }
            eprintln!("GAME {seed} {scores:?} {history}");
        }
        let mean = |want: bool| {
            let seats: Vec<i64> = (0..n)
                .filter(|&s| is_a(s) == want)
                .map(|s| scores[s])
                .collect();
            seats.iter().sum::<i64>() as f64 / seats.len() as f64
        };
        mean(true) - mean(false)
    }

    #[allow(clippy::print_stderr)]
    fn duplicate<G: Levels>(pairs: u64, seed: u64, a: &str, b: &str) {
        let sides = (Side::parse::<G>(a), Side::parse::<G>(b));
        // Whole matches with HARD_WHOLE set, single deals otherwise.
        let mut options = Map::new();
        if std::env::var("HARD_WHOLE").is_err() {
            options.insert("single_deal".to_owned(), Value::from(true));
        }
        let mut timing = Timing::default();
        let mut diffs = Vec::new();
        let started = Instant::now();
        for pair in 0..pairs {
            let deal_seed = seed.wrapping_add(pair);
            let n = G::new(deal_seed, &options).unwrap().num_players();
            let rotations = if n % 2 == 0 { 2 } else { n };
            let total: f64 = (0..rotations)
                .map(|r| {
                    let is_a = move |s: usize| {
                        if n % 2 == 0 {
                            s % 2 == r
                        } else {
                            s == r
                        }
                    };
                    deal::<G>(deal_seed, &options, sides, is_a, &mut timing)
                })
                .sum();
            diffs.push(total / rotations as f64);
        }
        let count = diffs.len() as f64;
        let mean = diffs.iter().sum::<f64>() / count;
        let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (count - 1.0);
        let half = 1.96 * (var / count).sqrt();
        let won = diffs.iter().filter(|&&d| d > 0.0).count();
        let lost = diffs.iter().filter(|&&d| d < 0.0).count();
        let mut times: Vec<f64> = timing.moves.iter().map(|m| m.0).collect();
        times.sort_by(f64::total_cmp);
        let at = |q: f64| {
            times
                .get(((times.len() as f64 - 1.0) * q) as usize)
                .copied()
                .unwrap_or(0.0)
        };
        let searched: f64 = times.iter().sum();
        let iterations: u64 = timing.moves.iter().map(|m| u64::from(m.1)).sum();
        eprintln!(
            "RESULT {} {a} vs {b}: {pairs} pairs, diff {mean:+.2} ± {half:.2} [{:+.2}, {:+.2}], ahead {won} behind {lost} even {}; searched moves {} median {:.1} ms p95 {:.1} ms max {:.1} ms, {:.0} it/s; {:.0} s",
            G::NAME,
            mean - half,
            mean + half,
            pairs as usize - won - lost,
            times.len(),
            at(0.5) * 1e3,
            at(0.95) * 1e3,
            at(1.0) * 1e3,
            iterations as f64 / searched.max(1e-9),
            started.elapsed().as_secs_f64(),
        );
    }

    fn single_deal() -> Map<String, Value> {
        let mut options = Map::new();
        options.insert("single_deal".to_owned(), Value::from(true));
        options
    }

    /// Plays a game from `seed` with `options` by a bot of `level` at every
    /// seat (`make` builds them), checking every action is legal.
    fn legal_through<G: Levels>(
        seed: u64,
        options: &Map<String, Value>,
        make: impl Fn(u64) -> Box<dyn Bot<G>>,
    ) {
        let mut game = G::new(seed, options).unwrap();
        let mut bots: Vec<_> = (0..game.num_players())
            .map(|s| make(seed * 10 + s as u64))
            .collect();
        let mut legal = Vec::new();
        let mut steps = 0;
        while let Some(seat) = game.current_player() {
            game.legal_actions(&mut legal);
            let action = bots[seat].act(&Observation::new(&game, seat).unwrap());
            assert!(legal.contains(&action), "{} seed {seed}: {action}", G::NAME);
            game.apply(action).unwrap();
            steps += 1;
            assert!(steps < 100_000, "{} seed {seed}: no end", G::NAME);
        }
    }

    fn every_level_plays_legally<G: Levels>() {
        for seed in 0..2 {
            // Whole matches for easy and medium.
            for level in [Level::Easy, Level::Medium] {
                legal_through::<G>(seed, &Map::new(), |s| bot::<G>(level, s));
            }
            // The hard bot (a small budget, to stay fast) through a single deal.
            let small = Settings {
                budget: Budget::Iterations(30),
                ..G::HARD
            };
            legal_through::<G>(seed, &single_deal(), |s| {
                Box::new(HardBot::<G>::new(small, s))
            });
        }
    }

    #[test]
    fn every_level_of_every_game_plays_legal_actions() {
        every_level_plays_legally::<Brouc>();
        every_level_plays_legally::<Julien>();
        every_level_plays_legally::<Tarot>();
        every_level_plays_legally::<FiveHundred>();
        every_level_plays_legally::<Jolly>();
    }

    #[test]
    fn hard_budgets_are_iterations_with_heuristic_rollouts() {
        // Iterations, so a seeded hard bot is reproducible.
        for settings in [
            Brouc::HARD,
            Julien::HARD,
            Tarot::HARD,
            FiveHundred::HARD,
            Jolly::HARD,
        ] {
            assert!(matches!(settings.budget, Budget::Iterations(n) if n > 0));
            assert!(matches!(settings.rollout, Rollout::Heuristic { .. }));
        }
    }

    /// At a few decisions of a single deal played by medium bots, each
    /// level's seeded bot chooses the same from the true state and from a
    /// determinization of it (other seats' hidden cards swapped consistently
    /// with what the acting seat has seen).
    fn no_level_cheats<G: Levels>(seed: u64, every: usize) {
        let mut game = G::new(seed, &single_deal()).unwrap();
        let mut medium = bot::<G>(Level::Medium, seed);
        let mut rng = SplitMix64::new(seed);
        let mut step = 0;
        let mut checked = 0;
        let mut legal = Vec::new();
        while let Some(seat) = game.current_player() {
            game.legal_actions(&mut legal);
            if step % every == 0 && legal.len() > 1 {
                let other = game.determinize(seat, &mut rng);
                if other.to_json() != game.to_json() {
                    for level in Level::ALL {
                        let bot_seed = seed + step as u64;
                        let mine =
                            bot::<G>(level, bot_seed).act(&Observation::new(&game, seat).unwrap());
                        let theirs =
                            bot::<G>(level, bot_seed).act(&Observation::new(&other, seat).unwrap());
                        assert_eq!(mine, theirs, "{} {level:?} step {step}", G::NAME);
                    }
                    checked += 1;
                }
            }
            let action = medium.act(&Observation::new(&game, seat).unwrap());
            game.apply(action).unwrap();
            step += 1;
        }
        assert!(checked > 0, "{}: no decision checked", G::NAME);
    }

    #[test]
    fn no_level_of_any_game_reads_hidden_cards() {
        no_level_cheats::<Brouc>(1, 9);
        no_level_cheats::<Julien>(1, 13);
        no_level_cheats::<Tarot>(1, 23);
        no_level_cheats::<FiveHundred>(1, 11);
        no_level_cheats::<Jolly>(1, 5);
    }

    /// The levels' duplicate comparison (docs/bots.md, "Levels"), by hand:
    /// `HARD_GAME=brouc HARD_A=hard HARD_B=medium HARD_PAIRS=40 cargo test
    /// --release -p cardcore levels_report -- --ignored --nocapture`; a side
    /// is a level or `search:ITERATIONS:random|EPSILON[:EXPLORATION]`.
    #[test]
    #[ignore = "a measurement, minutes long"]
    fn levels_report() {
        let var = |name: &str, default: &str| std::env::var(name).unwrap_or(default.to_owned());
        let pairs: u64 = var("HARD_PAIRS", "40").parse().unwrap();
        let seed: u64 = var("HARD_SEED", "1000").parse().unwrap();
        let (a, b) = (var("HARD_A", "hard"), var("HARD_B", "medium"));
        match var("HARD_GAME", "brouc").as_str() {
            "brouc" => duplicate::<Brouc>(pairs, seed, &a, &b),
            "julien" => duplicate::<Julien>(pairs, seed, &a, &b),
            "tarot" => duplicate::<Tarot>(pairs, seed, &a, &b),
            "five_hundred" => duplicate::<FiveHundred>(pairs, seed, &a, &b),
            "jolly" => duplicate::<Jolly>(pairs, seed, &a, &b),
            other => panic!("no game {other}"),
        }
    }
}
