//! What a Jolly action does in words (`Game::describe`): a placement is a
//! new meld's card, a lay-off or a joker swap, an ace low, high or in a set,
//! as the table and the turn make it (docs/rules/jolly.md, "Describing an
//! action"); and the actions that lay a meld (`meld_actions`).

use super::meld::{card_at, Kind, Meld, Placement, ACE_HIGH, ACE_LOW};
use super::{Jolly, Phase, CLOSE, DISCARDS, DRAW, FIRST_DISCARD, FIRST_SELECT, FIRST_TAKE, UNDO};
use crate::card::{Card, Suit};
use crate::error::{Error, Result};
use crate::game::{ActionId, Game};

/// A meld's cards as laid (a run from its lowest card, each joker `JK`).
fn cards(meld: &Meld) -> String {
    let texts: Vec<String> = meld.slots().iter().map(|s| s.card.to_string()).collect();
    texts.join(" ")
}

/// A meld in words: "the run 7H 8H JK", "the set 9S 9D JK".
pub(super) fn meld_words(meld: &Meld) -> String {
    match meld.kind() {
        Kind::Run(_) => format!("the run {}", cards(meld)),
        Kind::Set => format!("the set {}", cards(meld)),
        Kind::Single => cards(meld),
    }
}

/// A rank's text in a set ("9", "A").
fn rank_text(rank: u8) -> String {
    card_at(Suit::Spades, rank)
        .rank()
        .map_or_else(String::new, |r| r.text().to_owned())
}

/// The card a placement lays, as the meld it makes (`kind`) places it.
fn placement_words(placement: Placement, kind: Kind) -> String {
    match placement {
        Placement::Natural { suit, position } => {
            let card = card_at(suit, position);
            match (position, kind) {
                (ACE_HIGH, _) => format!("{card} high (above the king)"),
                (ACE_LOW, Kind::Run(_)) => format!("{card} low (below the 2)"),
                (ACE_LOW, Kind::Set) => format!("{card} in a set of aces"),
                (ACE_LOW, Kind::Single) => {
                    format!(
                        "{card} (an ace: in a set of aces, or low in a run, as the next card says)"
                    )
                }
                _ => card.to_string(),
            }
        }
        Placement::RunJoker { suit, position } => {
            let high = if position == ACE_HIGH { " high" } else { "" };
            format!("a joker standing for {}{high}", card_at(suit, position))
        }
        Placement::SetJoker { rank } => format!("a joker in a set of {}s", rank_text(rank)),
    }
}

impl Jolly {
    /// What a legal action does now (`Game::describe_legal`).
    pub(super) fn describe_now(&self, action: ActionId) -> Option<String> {
        let seat = self.seat as u8;
        Some(match action {
            0..CLOSE => {
                let placement = Placement::of_action(action)?;
                match self.phase {
                    Phase::LayOff => {
                        let index = self.selected?;
                        let before = &self.melds[index];
                        let (after, swapped) = before.laid_off(placement, seat)?;
                        let card = placement_words(placement, after.kind());
                        if swapped {
                            format!(
                                "swap {card} for the joker in meld {index} ({}): the joker comes \
                                 to your hand, making {}",
                                meld_words(before),
                                meld_words(&after)
                            )
                        } else {
                            format!(
                                "lay off {card} on meld {index}, making {}",
                                meld_words(&after)
                            )
                        }
                    }
                    _ if self.building.is_empty() => {
                        let meld = Meld::start(placement, seat)?;
                        format!(
                            "start a new meld with {}",
                            placement_words(placement, meld.kind())
                        )
                    }
                    _ => {
                        let meld = self.building.extended(placement, seat)?;
                        format!(
                            "add {} to the meld being built, making {}",
                            placement_words(placement, meld.kind()),
                            meld_words(&meld)
                        )
                    }
                }
            }
            CLOSE => {
                let words = format!("close: put {} on the table", meld_words(&self.building));
                if self.opened[self.seat] {
                    words
                } else {
                    let total = self.pending_value() + self.building.value(None);
                    if total >= super::OPENING {
                        format!("{words}, opening with {total} (40 needed)")
                    } else {
                        format!("{words}, pending: {total} of the 40 to open")
                    }
                }
            }
            UNDO => match self.phase {
                Phase::Build => {
                    let last = self.building.slots().last()?.card;
                    format!("undo: take {last} back from the meld being built")
                }
                Phase::LayOff => format!("undo: unselect meld {}", self.selected?),
                _ => {
                    let index = self.melds.len() - 1;
                    format!(
                        "undo: take pending meld {index} ({}) back to your hand",
                        meld_words(&self.melds[index])
                    )
                }
            },
            FIRST_SELECT..FIRST_DISCARD => {
                let index = usize::from(action - FIRST_SELECT);
                format!(
                    "select meld {index} ({}) for a lay-off or a joker swap",
                    meld_words(&self.melds[index])
                )
            }
            FIRST_DISCARD..DRAW => {
                let card = DISCARDS[usize::from(action - FIRST_DISCARD)];
                if self.hand_now().len() == 1 {
                    format!("discard {card} to the row, going out: the round ends")
                } else {
                    format!("discard {card} to the row, ending the turn")
                }
            }
            DRAW => "draw the stock's top card".to_owned(),
            _ => {
                let count = usize::from(action - FIRST_TAKE) + 1;
                let taken: Vec<String> = self.row[self.row.len() - count..]
                    .iter()
                    .map(Card::to_string)
                    .collect();
                format!(
                    "take the last {count} card{} of the row: {}",
                    if count == 1 { "" } else { "s" },
                    taken.join(" ")
                )
            }
        })
    }
}

/// The actions that lay `cards` as a new meld, then `close`: a run written
/// from its lowest card up (a joker where it stands, `AH` low first or high
/// last), a set in any order (its natural cards first, then its jokers).
/// An error naming `cards` when they make no set or run (L6, L7).
pub fn meld_actions(cards: &[Card]) -> Result<Vec<ActionId>> {
    let placements = super::meld::meld_placements(cards).ok_or_else(|| {
        let texts: Vec<String> = cards.iter().map(Card::to_string).collect();
        Error::option(
            "cards",
            format!(
                "[{}] is no set or run of Jolly (a run from its lowest card up, jokers where they \
                 stand)",
                texts.join(" ")
            ),
        )
    })?;
    let mut actions: Vec<ActionId> = placements.iter().map(|p| p.action()).collect();
    actions.push(CLOSE);
    debug_assert!(actions
        .iter()
        .all(|&a| usize::from(a) < <Jolly as Game>::ACTION_COUNT));
    Ok(actions)
}
