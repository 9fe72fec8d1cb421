//! What one seat may know of a Jolly round: its own hand, every hand's size,
//! the row, the table, the stock's size (docs/rules/jolly.md, "Observation").

use serde_json::Value;

use super::{Drawn, Jolly, Meld, RoundResult};
use crate::card::Card;
use crate::error::Result;
use crate::observation::public_accessors;
use crate::state;

/// The JSON observation (`Game::observation`).
pub(super) fn observation(game: &Jolly, seat: usize) -> Result<Value> {
    Ok(Value::Object(state::observation(game, seat, game.hands())?))
}

public_accessors!(Jolly {
    fn round(&self) -> u32;
    fn dealer(&self) -> usize;
    fn stock_size(&self) -> usize;
    fn rebuilds(&self) -> u8;
    fn row(&self) -> &[Card];
    fn melds(&self) -> &[Meld];
    fn opened(&self) -> &[bool];
    fn player(&self) -> usize;
    fn drawn(&self) -> Option<Drawn>;
    fn taken(&self) -> &[Card];
    fn opened_now(&self) -> bool;
    fn opened_before_turn(&self) -> Vec<bool>;
    fn pending(&self) -> usize;
    fn building(&self) -> &Meld;
    fn selected(&self) -> Option<usize>;
    fn result(&self) -> Option<&RoundResult>;
    fn round_scores(&self) -> &[Vec<i64>];
    fn table_values(&self) -> Vec<i64>;
});

impl crate::observation::Observation<Jolly> {
    /// The observing seat's hand.
    pub fn hand(&self) -> crate::cardcounts::CardCounts {
        self.game().hands[crate::observation::Observation::seat(self)]
    }

    pub fn hand_sizes(&self) -> Vec<usize> {
        self.game().hands().iter().map(|hand| hand.len()).collect()
    }
}
