//! What one seat may know of Le Julien: its own hand, every hand's size, the
//! talon as revealed (J21), and the public table.

use super::{Bid, Julien, PlayedTrick, TourKind, PLAYERS, TALON_SIZE};
use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::error::Result;
use crate::observation::{public_accessors, Observation};
use crate::trick::Trick;

public_accessors!(Julien {
    fn dealer(&self) -> usize;
    fn tour(&self) -> u8;
    fn tour_kind(&self) -> TourKind;
    fn bids(&self) -> [Option<Bid>; PLAYERS];
    fn visible_talon(&self) -> [Option<Card>; TALON_SIZE];
    fn visible_specials(&self) -> Option<[Card; 2]>;
    fn trick(&self) -> &Trick<PLAYERS>;
    fn trump(&self) -> Option<Suit>;
    fn trump_card(&self) -> Option<Card>;
    fn tricks(&self) -> impl Iterator<Item = (&PlayedTrick, Card)>;
    fn specials_holder(&self) -> Option<usize>;
    fn collected(&self, seat: usize) -> Result<CardSet>;
    fn taken(&self, seat: usize) -> Result<CardSet>;
    fn tour_scores(&self) -> &[[i64; PLAYERS]];
});

impl Observation<Julien> {
    /// The observing seat's cards.
    pub fn hand(&self) -> CardSet {
        self.game().hands[self.seat()]
    }

    /// How many cards each seat holds.
    pub fn hand_sizes(&self) -> [usize; PLAYERS] {
        self.game().hands.map(CardSet::len)
    }
}
