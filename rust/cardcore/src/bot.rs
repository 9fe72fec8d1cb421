//! Bots to play against.

use crate::game::{ActionId, Game};
use crate::rng::SplitMix64;

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
