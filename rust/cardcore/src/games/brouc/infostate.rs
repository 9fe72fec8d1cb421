//! Brouc's information state (docs/rules/brouc.md, "Information state"):
//! every action is a card played in view; no hand grows after the deal.

use super::{Brouc, CARDS};
use crate::card::Card;
use crate::cardcounts::CardCounts;
use crate::infostate::{counts, deck_index, InfoState};

impl InfoState for Brouc {
    const FACES: usize = 32;
    fn face_index(card: Card) -> usize {
        deck_index(CARDS.deck(), card)
    }
    /// The 32 cards played (announcements are the engine's).
    const MAX_DEAL_STEPS: Option<usize> = Some(32);
    const GAIN_KINDS: Option<&'static [&'static str]> = Some(&[]);
    fn held(&self, seat: usize) -> CardCounts {
        counts(self.hands[seat])
    }
}
