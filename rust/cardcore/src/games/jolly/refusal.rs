//! Why a Jolly action is refused (`Game::refusal_reason`), in the player's
//! terms and citing docs/rules/jolly.md: asked only once an action is
//! refused, never while listing the legal ones.

use super::describe::meld_words;
use super::meld::{Kind, Meld, Placement};
use super::{
    Jolly, Phase, CLOSE, DISCARDS, DRAW, FIRST_DISCARD, FIRST_SELECT, FIRST_TAKE, MAX_HAND,
    OPENING, UNDO,
};
use crate::card::Card;
use crate::game::{not_held, ActionId, Game};

/// J3, L11: why a step that keeps no card to discard is refused.
const NO_DISCARD_LEFT: &str = "it would leave you no card you may discard (L11, J3)";

impl Jolly {
    /// Why the seat to act may not take `action` now, or `None`.
    pub(super) fn why_refused(&self, action: ActionId) -> Option<String> {
        let kind = Self::action_kind(action);
        match self.phase {
            Phase::Draw => match action {
                DRAW => Some("the stock is empty (L13)".to_owned()),
                FIRST_TAKE.. => Some(self.why_no_take(usize::from(action - FIRST_TAKE) + 1)),
                _ => Some(
                    "it is your draw: draw from the stock, or take from the row once opened (L4)"
                        .to_owned(),
                ),
            },
            Phase::Play => match kind {
                "lay" => self.why_no_start(Placement::of_action(action)?),
                "select" => Some(self.why_no_lay_off_on(usize::from(action - FIRST_SELECT))),
                "discard" => self.why_no_discard(DISCARDS[usize::from(action - FIRST_DISCARD)]),
                "undo" => Some(
                    "nothing to take back: a draw, a take, a final meld, a lay-off or a swap stands"
                        .to_owned(),
                ),
                "close" => Some("no meld is being built: lay its first card".to_owned()),
                _ => Some(
                    "you have drawn: lay melds, lay off, or discard to end your turn (L4)"
                        .to_owned(),
                ),
            },
            Phase::Build => match action {
                CLOSE => Some(self.why_no_close()),
                0..CLOSE => self.why_no_build(Placement::of_action(action)?),
                _ => Some(format!(
                    "a meld is being built ({}): lay its next card, close it or undo",
                    self.building_words()
                )),
            },
            Phase::LayOff => {
                let index = self.selected?;
                match Placement::of_action(action).filter(|_| action < CLOSE) {
                    Some(placement) => self.why_no_lay_off(index, placement),
                    None if action == UNDO => None,
                    None => Some(format!(
                        "meld {index} is selected: lay a card on it, or undo the selection"
                    )),
                }
            }
            Phase::Over => None,
        }
    }

    /// Why `take count` is refused (L4, J4).
    fn why_no_take(&self, count: usize) -> String {
        if !self.opened[self.seat] {
            return "only a seat that opened in an earlier turn may take from the row (L4)"
                .to_owned();
        }
        if count > self.row.len() {
            return format!("the row holds {} cards", self.row.len());
        }
        let held = self.hand_now().len();
        if held + count > MAX_HAND {
            return format!(
                "a take may leave at most {MAX_HAND} cards in hand: you hold {held} (L4)"
            );
        }
        let card = self.row[self.row.len() - 1];
        format!(
            "take 1 takes {card} alone, and you would hold no card of another face to discard (L14, J4)"
        )
    }

    /// Why `placement` starts no meld (phase `play`): not held, pending
    /// melds, or a meld the hand cannot complete (L6, L7, J3).
    fn why_no_start(&self, placement: Placement) -> Option<String> {
        let card = placement.card();
        if !self.hand_now().contains(card) {
            return Some(not_held(card));
        }
        if Meld::start(placement, self.seat as u8).is_none() {
            return Some(format!(
                "{} cannot start a meld: a run is built from its lowest card up (J9)",
                placement.text()
            ));
        }
        Some(format!(
            "{} starts no meld your hand can complete while keeping a card to discard (L6, L7, J3)",
            placement.text()
        ))
    }

    /// Why `on meld index` is refused (L5, J3).
    fn why_no_lay_off_on(&self, index: usize) -> String {
        if index >= self.melds.len() {
            return match self.melds.len() {
                0 => format!("there is no meld {index}: the table holds no meld"),
                n => format!(
                    "there is no meld {index}: the table's melds are 0 to {}",
                    n - 1
                ),
            };
        }
        if self.pending > 0 {
            return self.short_of_opening();
        }
        if !self.opened[self.seat] {
            return format!(
                "a seat that has not opened may not lay off: open with melds worth {OPENING} first (L5)"
            );
        }
        format!(
            "none of your cards lays off on meld {index} ({}) leaving you a card to discard (L6, L7, J3)",
            meld_words(&self.melds[index])
        )
    }

    /// The refusal while pending melds stand short of the opening (L5, J10).
    fn short_of_opening(&self) -> String {
        format!(
            "your pending melds total {}, short of the opening's {OPENING}: lay more melds, or take them back with undo (L5, J10)",
            self.pending_value()
        )
    }

    /// Why discarding `card` is refused (L14, J5, L5).
    fn why_no_discard(&self, card: Card) -> Option<String> {
        if !self.hand_now().contains(card) {
            return Some(not_held(card));
        }
        if self.pending > 0 {
            return Some(self.short_of_opening());
        }
        let forbidden = self.forbidden()?;
        Some(format!(
            "you took {forbidden} alone from the row: no {forbidden} may be discarded this turn (L14, J5)"
        ))
    }

    /// Why `close` is refused (L6, L7, J3).
    fn why_no_close(&self) -> String {
        let words = self.building_words();
        if self.building.len() < 3 {
            return format!(
                "{words} is not yet a valid set or run: a meld needs at least 3 cards (L6, L7)"
            );
        }
        if !self.building.is_valid() {
            return format!("{words} is not a valid set or run (L6, L7)");
        }
        format!("closing {words}: {NO_DISCARD_LEFT}")
    }

    /// The meld being built in words: "the run 7H 8H", "the meld 7H".
    fn building_words(&self) -> String {
        match self.building.kind() {
            Kind::Single => format!("the meld {}", meld_words(&self.building)),
            _ => meld_words(&self.building),
        }
    }

    /// Why `placement` does not go on the meld being built (J9, J3).
    fn why_no_build(&self, placement: Placement) -> Option<String> {
        let card = placement.card();
        if !self.hand_now().contains(card) {
            return Some(not_held(card));
        }
        let words = self.building_words();
        if self.building.extended(placement, self.seat as u8).is_none() {
            let next: Vec<String> = self
                .building
                .next_placements()
                .map(Placement::text)
                .collect();
            return Some(format!(
                "{} cannot come next on {words}, built from its lowest card up; it takes {} (L6, L7, J9)",
                placement.text(),
                next.join(", ")
            ));
        }
        Some(format!(
            "{words} could not then be completed from your hand: {NO_DISCARD_LEFT}"
        ))
    }

    /// Why `placement` does not lay off on table meld `index` (L6-L8, J3).
    fn why_no_lay_off(&self, index: usize, placement: Placement) -> Option<String> {
        let card = placement.card();
        if !self.hand_now().contains(card) {
            return Some(not_held(card));
        }
        let meld = &self.melds[index];
        if meld.laid_off(placement, self.seat as u8).is_none() {
            return Some(format!(
                "{} neither lays off on meld {index} ({}) nor swaps one of its jokers (L6, L7, L8)",
                placement.text(),
                meld_words(meld)
            ));
        }
        Some(format!("{}: {NO_DISCARD_LEFT}", placement.text()))
    }
}
