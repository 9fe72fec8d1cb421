//! Le Julien's information state (docs/rules/julien.md, "Information
//! state"): a `take` brings the talon's cards to a hand in view.

use super::{Julien, DECK};
use crate::card::Card;
use crate::cardcounts::CardCounts;
use crate::infostate::{counts, deck_index, InfoState};

impl InfoState for Julien {
    const FACES: usize = 52;
    fn face_index(card: Card) -> usize {
        deck_index(&DECK, card)
    }
    /// 4 bids, 40 cards played, a take or leave per trick at most.
    const MAX_DEAL_STEPS: Option<usize> = Some(4 + 40 + 10);
    const GAIN_KINDS: Option<&'static [&'static str]> = Some(&["take"]);
    fn held(&self, seat: usize) -> CardCounts {
        counts(self.hands[seat])
    }
}
