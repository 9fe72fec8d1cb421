//! 500's information state (docs/rules/five_hundred.md, "Information
//! state"): only the declarer sees the kitty it takes and what it discards.

use super::{FiveHundred, DECK};
use crate::card::Card;
use crate::cardcounts::CardCounts;
use crate::infostate::{counts, deck_index, InfoState};

impl InfoState for FiveHundred {
    const FACES: usize = 46;
    fn face_index(card: Card) -> usize {
        deck_index(&DECK, card)
    }
    /// Bids strictly rise through 27 values and each seat passes once; 6
    /// discards, a suit named per joker led (2), 40 cards played.
    const MAX_DEAL_STEPS: Option<usize> = Some(27 + 4 + 6 + 2 + 40);
    const GAIN_KINDS: Option<&'static [&'static str]> = Some(&["bid"]);
    const PRIVATE_GAIN_KINDS: &'static [&'static str] = &["bid"];
    const HIDDEN_KINDS: &'static [&'static str] = &["discard"];
    fn held(&self, seat: usize) -> CardCounts {
        counts(self.hands[seat])
    }
}
