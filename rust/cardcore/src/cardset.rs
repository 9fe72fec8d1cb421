//! Sets of distinct card faces as 128-bit sets, indexed by face id.
//!
//! Variable shifts of a `u128` cost a dozen instructions on x86-64, so the
//! single-card and per-suit masks come from tables built at compile time.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Card, Rank, Suit, FACE_COUNT};
use crate::rng::SplitMix64;

const SINGLES: [u128; FACE_COUNT] = {
    let mut table = [0; FACE_COUNT];
    let mut id = 0;
    while id < FACE_COUNT {
        table[id] = 1 << id;
        id += 1;
    }
    table
};

const SUITS: [u128; 4] = [0x3fff, 0x3fff << 14, 0x3fff << 28, 0x3fff << 42];

/// A set of distinct card faces (every deck without duplicates fits).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u128);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set whose face ids are the bits set in `bits`.
    pub const fn from_bits(bits: u128) -> CardSet {
        CardSet(bits)
    }

    pub const fn single(card: Card) -> CardSet {
        CardSet(SINGLES[card.id()])
    }

    /// The suited faces of one suit (every rank, knight included).
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(SUITS[suit as usize])
    }

    /// The suited faces of one rank, in all four suits.
    pub const fn rank(rank: Rank) -> CardSet {
        CardSet((1 | 1 << 14 | 1 << 28 | 1 << 42) << rank as u32)
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & SINGLES[card.id()] != 0
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= SINGLES[card.id()];
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !SINGLES[card.id()];
    }

    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The `n`-th card in face-id order, if `n < len()`; works on the 64-bit
    /// half that holds it.
    pub fn nth(self, n: usize) -> Option<Card> {
        let low = self.0 as u64;
        let low_count = low.count_ones() as usize;
        let (mut bits, mut n, offset) = if n < low_count {
            (low, n, 0)
        } else {
            ((self.0 >> 64) as u64, n - low_count, 64)
        };
        while n > 0 && bits != 0 {
            bits &= bits - 1;
            n -= 1;
        }
        (bits != 0).then(|| Card::from_id(offset + bits.trailing_zeros() as usize))?
    }

    /// A card drawn uniformly: `below(len)` indexes the set in face-id order
    /// (how every game's random action draws a card); `None` when empty.
    pub fn draw(self, rng: &mut SplitMix64) -> Option<Card> {
        if self.is_empty() {
            return None;
        }
        self.nth(rng.below(self.len() as u64) as usize)
    }

    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl std::fmt::Debug for CardSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Cards of a set in face-id order.
pub struct CardSetIter(u128);

impl Iterator for CardSetIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let id = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Card::from_id(id)
    }
}

/// A set is the list of its cards (pickling a record).
impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        let set: CardSet = cards.iter().copied().collect();
        if set.len() != cards.len() {
            return Err(serde::de::Error::custom(
                "a card repeated in a set of cards",
            ));
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::deck;

    #[test]
    fn set_operations() {
        let cards: CardSet = deck(32).unwrap().into_iter().collect();
        assert_eq!(cards.len(), 32);
        let hearts = cards.intersection(CardSet::suit(Suit::Hearts));
        assert_eq!(hearts.len(), 8);
        assert_eq!(hearts.nth(0), Some(Card::new(Suit::Hearts, Rank::Seven)));
        assert_eq!(hearts.nth(7), Some(Card::new(Suit::Hearts, Rank::Ace)));
        assert_eq!(hearts.nth(8), None);
        let high: CardSet = deck(78).unwrap().into_iter().skip(60).collect();
        assert_eq!(high.nth(10), Some(high.iter().nth(10).unwrap()));
        assert_eq!(high.nth(high.len()), None);
        assert_eq!(cards.difference(hearts).len(), 24);
        assert!(hearts.iter().all(|c| c.suit() == Some(Suit::Hearts)));
        let kings = cards.intersection(CardSet::rank(Rank::King));
        assert_eq!(kings.len(), 4);
        assert!(kings.iter().all(|c| c.rank() == Some(Rank::King)));
    }
}
