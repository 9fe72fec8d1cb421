//! What one seat may know of Brouc: its own hand, every hand's size, the
//! turned card while the dealer holds it, and the public table.

use super::{Brouc, DealRecord, PLAYERS};
use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::observation::{public_accessors, Observation};
use crate::trick::Trick;

public_accessors!(Brouc {
    fn trump(&self) -> Suit;
    fn trump_card(&self) -> Card;
    fn dealer(&self) -> usize;
    fn deal_number(&self) -> u32;
    fn trick(&self) -> &Trick<PLAYERS>;
    fn current_deal(&self) -> &DealRecord;
    fn deal_scores(&self) -> &[[i64; 2]];
    fn capes(&self) -> [u32; 2];
    fn winner(&self) -> Option<usize>;
    fn match_record(&self) -> [u32; 2];
});

impl Observation<Brouc> {
    /// The observing seat's cards.
    pub fn hand(&self) -> CardSet {
        self.game().hands[self.seat()]
    }

    /// How many cards each seat holds.
    pub fn hand_sizes(&self) -> [usize; PLAYERS] {
        self.game().hands.map(CardSet::len)
    }

    /// Whether the turned trump card is still in the dealer's hand (B4: it is
    /// shown until played).
    pub fn trump_card_held(&self) -> bool {
        self.game().trump_card_held()
    }
}
