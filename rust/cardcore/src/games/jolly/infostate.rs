//! Jolly's information state (docs/rules/jolly.md, "Information state"): a
//! draw from the stock is seen by the drawer alone, a take from the row by
//! all; a round runs to thousands of steps, so the tensor counts actions.

use super::{tensor, Jolly, Phase, UNDO};
use crate::card::Card;
use crate::cardcounts::CardCounts;
use crate::game::ActionId;
use crate::infostate::InfoState;

impl InfoState for Jolly {
    const FACES: usize = tensor::FACES;
    fn face_index(card: Card) -> usize {
        tensor::face_index(card)
    }
    const MAX_DEAL_STEPS: Option<usize> = None;
    const GAIN_KINDS: Option<&'static [&'static str]> = None;
    /// A draw, a take from the row, a joker swapped back and an `undo` bring
    /// cards to the acting seat's hand alone (an `undo`'s are forgotten with
    /// it).
    const GAINS_TO_ACTOR: bool = true;
    const PRIVATE_GAIN_KINDS: &'static [&'static str] = &["draw"];
    fn held(&self, seat: usize) -> CardCounts {
        self.hands[seat]
    }
    /// J10: in the play phase an `undo` takes back the pending meld's
    /// `close` and the placements of its cards, else one step.
    fn taken_back(&self, action: ActionId) -> Option<usize> {
        (action == UNDO).then(|| match self.phase {
            Phase::Play => self.melds.last().map_or(0, |meld| meld.len() + 1),
            _ => 1,
        })
    }
}
