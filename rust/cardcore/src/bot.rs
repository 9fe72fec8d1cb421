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
