//! cardcore: exact, fast engines for French and Swiss card games.
//!
//! Shared mechanics live once here (cards, card sets, the random generator,
//! dealing, tricks, options, the game protocol, determinization,
//! information states, bots, simulation, arenas, tensors, the batched
//! environment); each game is one module under [`games`]. The Python package
//! `cardcore` binds this crate; Rust programs can embed it directly.

pub mod arena;
pub mod bot;
pub mod card;
pub mod cardcounts;
pub mod cardset;
pub mod deal;
pub mod deals;
pub mod determinize;
pub mod error;
pub mod game;
pub mod games;
pub mod infostate;
pub mod ismcts;
pub mod json;
pub mod maxn;
pub mod observation;
pub mod options;
pub mod rng;
pub mod selfplay;
pub mod simulate;
pub mod solver;
pub mod state;
pub mod tensor;
#[cfg(test)]
mod testing;
pub mod trick;
pub mod vector;
pub mod visibility;
pub mod watch;

pub use card::{Card, Rank, Suit};
pub use cardcounts::CardCounts;
pub use cardset::CardSet;
pub use deals::Deals;
pub use determinize::Determinize;
pub use error::{Error, Result};
pub use game::{ActionId, Game};
pub use observation::Observation;
pub use rng::SplitMix64;
