//! French Tarot's information state (docs/rules/tarot.md, "Information
//! state"): the chien the taker takes is shown, the discard is not; a
//! `no poignee` is seen by every seat, as the seat asked is.

use super::{Tarot, DECK};
use crate::card::Card;
use crate::cardcounts::CardCounts;
use crate::infostate::{counts, deck_index, InfoState};

impl InfoState for Tarot {
    const FACES: usize = 78;
    fn face_index(card: Card) -> usize {
        deck_index(&DECK, card)
    }
    /// A bid a seat, a call, 6 discards, the slam, a poignee a seat, 78
    /// cards played.
    const MAX_DEAL_STEPS: Option<usize> = Some(5 + 1 + 6 + 1 + 5 + 78);
    const GAIN_KINDS: Option<&'static [&'static str]> = Some(&["bid"]);
    const HIDDEN_KINDS: &'static [&'static str] = &["discard"];
    fn held(&self, seat: usize) -> CardCounts {
        counts(self.hands[seat])
    }
}
