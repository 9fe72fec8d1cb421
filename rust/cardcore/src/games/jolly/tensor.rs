//! Jolly's tensors (docs/rules/jolly.md, "Observation tensor", "Public
//! observation tensor", "Full-state tensor"): what one seat may know, or what
//! every seat sees, as 882 features, the same at 2, 3 and 4 players; the
//! whole state as 1147. Seats are counted from the observer (seat 0 in the
//! public tensor); blocks of seats the table does not have stay zero. Faces
//! are in discard-action order (`deck(52)`, then the joker); counts are
//! scaled by the copies of a face (2, the joker 6).
//!
//! The layout is compact, for a tensor written in a fraction of a
//! microsecond: the row's order as where each face's copies lie (not one
//! one-hot of 53 per position), a meld as what it is and where it lies (not
//! one feature per position it could hold), the jokers' stand-ins and whose
//! cards count for how much as table-wide blocks.

use super::{
    meld::Kind, Drawn, Jolly, Meld, Phase, DECK_SIZE, DISCARD_IDS, FIRST_DISCARD, MAX_HAND,
    MAX_MELDS, MAX_PLAYERS, MAX_REBUILDS, OPENING,
};
use crate::card::Card;
use crate::cardcounts::CardCounts;
use crate::tensor::{relative, seat_at, Features, Viewer};

/// The faces: the 52 suited cards, then the joker.
pub(super) const FACES: usize = 53;
/// The joker's face index.
const JOKER: usize = 52;
/// The copies of a face in the two decks: 2, the joker 6.
const COPIES: usize = 2;
const JOKERS: usize = 6;
/// The row's most recent positions `take` reaches (20 at most).
pub(super) const ROW_SHOWN: usize = MAX_HAND;
/// Where the row's copies of each face lie: 2 per suited face, 6 for the joker.
pub(super) const ROW_PLACES: usize = JOKER * COPIES + JOKERS;
/// The set ranks, 2 to K then A (as the set-joker placements order them).
const RANKS: usize = 13;
/// One meld: present, run, set, pending; 4 suits; lowest and highest
/// positions; jokers.
pub(super) const MELD_FEATURES: usize = 4 + 4 + 2 + 1;
/// Run positions 1 (the ace low) to 14 (the ace high), the scale of a meld's.
const POSITIONS: f32 = 14.0;

/// 882: 53 hand, 110 row places, 53 row, 1 row length, 1 stock, 3
/// rebuilds, 53 table, 65 jokers' stand-ins, 36 x 11 melds, 11 building, 53
/// taken, 2 drawn, 1 opened now, 36 selected, 1 pending value, 4 opened, 4
/// hand sizes, 4 dealer, 4 to act, 5 phase, 1 round, 4 totals, 4 table
/// values, 4 finisher, 1 Main Jolly, 3 players, 3 target, 1 max rounds and
/// 1 single deal.
pub(super) const TENSOR_SIZE: usize = FACES
    + ROW_PLACES
    + FACES
    + 1
    + 1
    + (MAX_REBUILDS as usize + 1)
    + FACES
    + (JOKER + RANKS)
    + (MAX_MELDS + 1) * MELD_FEATURES
    + FACES
    + 2
    + 1
    + MAX_MELDS
    + 1
    + 4 * MAX_PLAYERS
    + 5
    + 1
    + 3 * MAX_PLAYERS
    + 1
    + 3
    + 3
    + 1
    + 1;

const _: () = assert!(TENSOR_SIZE == 882);

/// The public tensor, then 4 x 53 hands (seat 0 first, zero past the
/// table) and 53 stock, counts.
pub(super) const STATE_TENSOR_SIZE: usize = TENSOR_SIZE + MAX_PLAYERS * FACES + FACES;

/// A face's index among the 53: its discard action's.
pub(super) fn face_index(card: Card) -> usize {
    usize::from(DISCARD_IDS[card.id()] - FIRST_DISCARD)
}

/// Counts of each face, tallied in `block`, scaled by the copies the deck
/// holds (a multiply by 1/2, exact, over the suited faces).
fn scale_counts(block: &mut [f32]) {
    for x in &mut block[..JOKER] {
        *x *= 1.0 / COPIES as f32;
    }
    block[JOKER] /= JOKERS as f32;
}

/// 53 features: the copies of each face, over the copies the deck holds.
fn counts(features: &mut Features<'_>, counts: &CardCounts) {
    let block = features.block(FACES);
    for card in counts.faces().iter() {
        block[face_index(card)] = counts.count(card) as f32;
    }
    scale_counts(block);
}

/// 53 features: the copies of each face among `cards`, as [`counts`].
fn listed(features: &mut Features<'_>, cards: &[Card]) {
    let block = features.block(FACES);
    for &card in cards {
        block[face_index(card)] += 1.0;
    }
    scale_counts(block);
}

impl Jolly {
    pub(super) fn layout_for(&self, viewer: Viewer, features: &mut Features<'_>) {
        let players = self.players;
        let seat = viewer.origin();
        let from = |other: usize| relative(other, seat, players);
        counts(features, &viewer.own(|s| self.hands[s]));
        self.row_places(features.block(ROW_PLACES));
        listed(features, &self.row);
        features.value(self.row.len() as f32 / DECK_SIZE as f32);
        features.value(self.stock.len() as f32 / DECK_SIZE as f32);
        features.one_hot(Some(usize::from(self.rebuilds)), MAX_REBUILDS as usize + 1);
        // The table, whole, then meld by meld.
        let table = features.block(FACES);
        let mut stand_ins = [0u8; JOKER + RANKS];
        let mut values = [0i64; MAX_PLAYERS];
        for meld in &self.melds {
            for (index, slot) in meld.slots().iter().enumerate() {
                table[face_index(slot.card)] += 1.0;
                values[usize::from(slot.by)] += meld.value_at(index);
                if slot.is_joker() {
                    stand_ins[match meld.stands_for(index) {
                        Some(card) => face_index(card),
                        None => JOKER + rank_index(meld.low()),
                    }] += 1;
                }
            }
        }
        scale_counts(table);
        for (&n, x) in stand_ins.iter().zip(features.block(JOKER + RANKS)) {
            *x = f32::from(n) / COPIES as f32;
        }
        let first_pending = self.melds.len() - self.pending;
        for index in 0..MAX_MELDS {
            let block = features.block(MELD_FEATURES);
            if let Some(meld) = self.melds.get(index) {
                meld_features(block, meld, index >= first_pending);
            }
        }
        meld_features(features.block(MELD_FEATURES), &self.building, false);
        // The turn.
        listed(features, &self.taken);
        features.flag(self.drawn == Some(Drawn::Stock));
        features.flag(self.drawn == Some(Drawn::Row));
        features.flag(self.opened_now);
        features.one_hot(self.selected, MAX_MELDS);
        let pending: i64 = self.melds[first_pending..]
            .iter()
            .map(|meld| meld.value(None))
            .sum();
        features.value(pending as f32 / OPENING as f32);
        // The seats, from the observer.
        let at = |k: usize| seat_at(k, seat, players);
        for k in 0..MAX_PLAYERS {
            features.flag(at(k).is_some_and(|s| self.opened[s]));
        }
        for k in 0..MAX_PLAYERS {
            let size = at(k).map_or(0, |s| self.hands[s].len());
            features.value(size as f32 / MAX_HAND as f32);
        }
        features.one_hot(Some(from(self.dealer)), MAX_PLAYERS);
        let to_act = (self.phase != Phase::Over).then(|| from(self.seat));
        features.one_hot(to_act, MAX_PLAYERS);
        let phase = match self.phase {
            Phase::Draw => 0,
            Phase::Play => 1,
            Phase::Build => 2,
            Phase::LayOff => 3,
            Phase::Over => 4,
        };
        features.one_hot(Some(phase), 5);
        features.value(self.round as f32 / f32::from(self.options.max_rounds));
        let target = f32::from(self.options.target);
        for k in 0..MAX_PLAYERS {
            let total = at(k).map_or(0, |s| self.totals[s]);
            features.value(total as f32 / target);
        }
        for k in 0..MAX_PLAYERS {
            let value = at(k).map_or(0, |s| values[s]);
            features.value(value as f32 / 100.0);
        }
        let finisher = self.result.as_ref().and_then(|result| result.finisher);
        features.one_hot(finisher.map(|f| from(usize::from(f))), MAX_PLAYERS);
        features.flag(self.result.as_ref().is_some_and(|result| result.main_jolly));
        features.one_hot(Some(players - 2), 3);
        let target_index = match self.options.target {
            100 => 0,
            200 => 1,
            _ => 2,
        };
        features.one_hot(Some(target_index), 3);
        features.value(f32::from(self.options.max_rounds) / 30.0);
        features.flag(self.options.single_deal);
    }

    /// The full-state tensor's tail: every hand (seat 0 first, zero past the
    /// table), then the stock, as counts.
    pub(super) fn hidden_for(&self, features: &mut Features<'_>) {
        for seat in 0..MAX_PLAYERS {
            counts(features, &self.hands[seat]);
        }
        listed(features, &self.stock);
    }

    /// Where the copies of each face lie among the row's last 20 cards, the
    /// nearest first: 1 for the last card discarded (`take 1`), 19/20 for
    /// the one before, down to 1/20 (`take 20`); 0 for a copy not there.
    /// Two places per suited face (face *i* at 2*i*), six for the joker.
    fn row_places(&self, block: &mut [f32]) {
        for (back, &card) in self.row.iter().rev().take(ROW_SHOWN).enumerate() {
            let face = face_index(card);
            let places = if face == JOKER {
                &mut block[JOKER * COPIES..]
            } else {
                &mut block[face * COPIES..(face + 1) * COPIES]
            };
            if let Some(place) = places.iter_mut().find(|place| **place == 0.0) {
                *place = (ROW_SHOWN - back) as f32 / ROW_SHOWN as f32;
            }
        }
    }
}

/// A set rank's index, 2 to K then A: a rank position (the ace 1) less 2.
fn rank_index(position: u8) -> usize {
    if position == 1 {
        RANKS - 1
    } else {
        usize::from(position) - 2
    }
}

/// One meld's 11 features into `block`, zero when there is none
/// (docs/rules/jolly.md, "Observation tensor").
fn meld_features(block: &mut [f32], meld: &Meld, pending: bool) {
    if meld.is_empty() {
        return;
    }
    let slots = meld.slots();
    let low = meld.low();
    block[0] = 1.0;
    let high = match meld.kind() {
        Kind::Run(suit) => {
            block[1] = 1.0;
            block[4 + suit.index()] = 1.0;
            low + slots.len() as u8 - 1
        }
        kind => {
            block[2] = f32::from(u8::from(kind == Kind::Set));
            for suit in slots.iter().filter_map(|slot| slot.card.suit()) {
                block[4 + suit.index()] = 1.0;
            }
            low
        }
    };
    block[3] = f32::from(u8::from(pending));
    block[8] = f32::from(low) / POSITIONS;
    block[9] = f32::from(high) / POSITIONS;
    let jokers = slots.iter().filter(|slot| slot.is_joker()).count();
    block[10] = jokers as f32 / JOKERS as f32;
}
