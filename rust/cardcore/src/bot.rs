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
}

impl SearchBot {
    pub const fn new(settings: Settings, seed: u64) -> SearchBot {
        SearchBot {
            settings,
            rng: SplitMix64::new(seed),
        }
    }
}

impl<G: Search> Bot<G> for SearchBot {
    fn act(&mut self, view: &Observation<G>) -> ActionId {
        // The search reads the game only through draws for the observing seat.
        search(view.game(), &self.settings, &mut self.rng)
            .expect("the observing seat is to act")
            .action
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
    Hard(SearchBot),
}

impl<G: Levels> LevelBot<G> {
    pub fn new(level: Level, seed: u64) -> LevelBot<G> {
        match level {
            Level::Easy => LevelBot::Easy(Blunders::new(G::heuristic(seed), EASY_BLUNDERS, seed)),
            Level::Medium => LevelBot::Medium(G::heuristic(seed)),
            Level::Hard => LevelBot::Hard(SearchBot::new(G::HARD, seed)),
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
