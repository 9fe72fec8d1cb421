//! Jolly's observation tensor (docs/rules/jolly.md, "Observation tensor"):
//! what one seat may know, as 2988 features, the same at 2, 3 and 4 players.
//! Seats are counted from the observer; blocks of seats the table does not
//! have stay zero. Faces are in discard-action order (`deck(52)`, then the
//! joker); counts are scaled by the copies of a face (2, the joker 6).

use super::{
    meld::Kind, Drawn, Jolly, Meld, Phase, DECK_SIZE, DISCARDS, DISCARD_IDS, FIRST_DISCARD,
    MAX_HAND, MAX_MELDS, MAX_PLAYERS, MAX_REBUILDS, OPENING,
};
use crate::card::Card;
use crate::cardcounts::CardCounts;
use crate::tensor::{relative, Features};

/// The faces: the 52 suited cards, then the joker.
const FACES: usize = 53;
/// The row's most recent positions shown one by one (`take 20` at most).
pub(super) const ROW_SHOWN: usize = MAX_HAND;
/// Run positions 1 (the ace low) to 14 (the ace high).
const POSITIONS: usize = 14;
/// One meld: present, run, set, pending; 4 suits; 14 positions; 14 jokers;
/// 4 for a set joker's suit; 4 seats' cards placed.
pub(super) const MELD_FEATURES: usize = 4 + 4 + POSITIONS + POSITIONS + 4 + MAX_PLAYERS;

/// 53 hand + 20 x 53 row positions + 53 row + 1 row length + 1 stock + 3
/// rebuilds + 53 table + 36 x 44 melds + 44 building + 53 taken + 2 drawn +
/// 1 opened now + 36 selected + 1 pending value + 4 opened + 4 hand sizes +
/// 4 dealer + 4 to act + 5 phase + 1 round + 4 totals + 4 table values +
/// 4 finisher + 1 Main Jolly + 3 players + 3 target + 1 max rounds + 1 single deal.
pub(super) const TENSOR_SIZE: usize = FACES
    + ROW_SHOWN * FACES
    + FACES
    + 1
    + 1
    + (MAX_REBUILDS as usize + 1)
    + FACES
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

/// A face's index among the 53: its discard action's.
pub(super) fn face_index(card: Card) -> usize {
    usize::from(DISCARD_IDS[card.id()] - FIRST_DISCARD)
}

/// 53 features: the copies of each face, over the copies the deck holds.
fn counts(features: &mut Features<'_>, counts: &CardCounts) {
    for &face in &DISCARDS {
        let copies = if face.is_joker() { 6.0 } else { 2.0 };
        features.value(counts.count(face) as f32 / copies);
    }
}

impl Jolly {
    pub(super) fn encode_for(&self, seat: usize, out: &mut [f32]) {
        let players = self.players;
        let from = |other: usize| relative(other, seat, players);
        let mut features = Features::new(out);
        counts(&mut features, &self.hands[seat]);
        // The row, most recent first, then as a whole.
        for back in 0..ROW_SHOWN {
            let card = self.row.len().checked_sub(back + 1).map(|i| self.row[i]);
            features.one_hot(card.map(face_index), FACES);
        }
        let row: CardCounts = self.row.iter().copied().collect();
        counts(&mut features, &row);
        features.value(self.row.len() as f32 / DECK_SIZE as f32);
        features.value(self.stock.len() as f32 / DECK_SIZE as f32);
        features.one_hot(Some(usize::from(self.rebuilds)), MAX_REBUILDS as usize + 1);
        // The table.
        let mut table = CardCounts::EMPTY;
        for meld in &self.melds {
            for slot in meld.slots() {
                table.insert(slot.card);
            }
        }
        counts(&mut features, &table);
        let first_pending = self.melds.len() - self.pending;
        for index in 0..MAX_MELDS {
            match self.melds.get(index) {
                Some(meld) => meld_features(&mut features, meld, index >= first_pending, &from),
                None => features.zeros(MELD_FEATURES),
            }
        }
        meld_features(&mut features, &self.building, false, &from);
        // The turn.
        let taken: CardCounts = self.taken.iter().copied().collect();
        counts(&mut features, &taken);
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
        let mut opened = [false; MAX_PLAYERS];
        let mut sizes = [0.0; MAX_PLAYERS];
        let mut totals = [0.0; MAX_PLAYERS];
        let mut values = [0.0; MAX_PLAYERS];
        let target = f32::from(self.options.target);
        for other in 0..players {
            let k = from(other);
            opened[k] = self.opened[other];
            sizes[k] = self.hands[other].len() as f32 / MAX_HAND as f32;
            totals[k] = self.totals[other] as f32 / target;
            values[k] = self
                .melds
                .iter()
                .map(|meld| meld.value(Some(other as u8)))
                .sum::<i64>() as f32
                / 100.0;
        }
        for on in opened {
            features.flag(on);
        }
        for size in sizes {
            features.value(size);
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
        for total in totals {
            features.value(total);
        }
        for value in values {
            features.value(value);
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
        features.finish();
    }
}

/// One meld's 44 features (docs/rules/jolly.md, "Observation tensor").
fn meld_features(
    features: &mut Features<'_>,
    meld: &Meld,
    pending: bool,
    from: &impl Fn(usize) -> usize,
) {
    if meld.is_empty() {
        features.zeros(MELD_FEATURES);
        return;
    }
    let slots = meld.slots();
    let low = usize::from(meld.low());
    let mut suits = [false; 4];
    let mut positions = [false; POSITIONS];
    let mut jokers = [false; POSITIONS];
    let mut joker_suit = None;
    match meld.kind() {
        Kind::Run(suit) => {
            suits[suit.index()] = true;
            for (index, slot) in slots.iter().enumerate() {
                positions[low - 1 + index] = true;
                jokers[low - 1 + index] = slot.is_joker();
            }
        }
        Kind::Set | Kind::Single => {
            positions[low - 1] = true;
            for slot in slots {
                match slot.card.suit() {
                    Some(suit) => suits[suit.index()] = true,
                    None => jokers[low - 1] = true,
                }
            }
            if jokers[low - 1] {
                joker_suit = meld.missing_suit().map(|suit| suit.index());
            }
        }
    }
    let mut placed = [0u8; MAX_PLAYERS];
    for slot in slots {
        placed[from(usize::from(slot.by))] += 1;
    }
    features.flag(true);
    features.flag(matches!(meld.kind(), Kind::Run(_)));
    features.flag(meld.kind() == Kind::Set);
    features.flag(pending);
    for on in suits.into_iter().chain(positions).chain(jokers) {
        features.flag(on);
    }
    features.one_hot(joker_suit, 4);
    for count in placed {
        features.value(f32::from(count) / 13.0);
    }
}
