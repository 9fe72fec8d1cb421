//! Counted multisets of card faces, for decks that hold a face more than once
//! (Jolly's two decks and six jokers).
//!
//! A count per face is kept bit-sliced over three [`CardSet`]s (bit *k* of a
//! face's count in plane *k*), so a multiset is 48 bytes, `Copy`, and its
//! faces, membership and size are a few word operations: no allocation, as on
//! every hot path of the games.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::rng::SplitMix64;

/// A multiset of card faces: each face at most [`CardCounts::MAX`] times.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardCounts {
    planes: [u128; 3],
}

impl CardCounts {
    pub const EMPTY: CardCounts = CardCounts { planes: [0; 3] };
    /// The most copies of one face a multiset holds.
    pub const MAX: usize = 7;

    /// How many copies of `card` it holds.
    pub const fn count(&self, card: Card) -> usize {
        let bit = 1u128 << card.id();
        let [p0, p1, p2] = self.planes;
        ((p0 & bit != 0) as usize)
            | ((p1 & bit != 0) as usize) << 1
            | ((p2 & bit != 0) as usize) << 2
    }

    pub const fn contains(&self, card: Card) -> bool {
        self.faces().contains(card)
    }

    /// The faces it holds at least once.
    pub const fn faces(&self) -> CardSet {
        CardSet::from_bits(self.planes[0] | self.planes[1] | self.planes[2])
    }

    /// How many cards it holds, copies counted.
    pub const fn len(&self) -> usize {
        let [p0, p1, p2] = self.planes;
        p0.count_ones() as usize + 2 * p1.count_ones() as usize + 4 * p2.count_ones() as usize
    }

    pub const fn is_empty(&self) -> bool {
        self.planes[0] | self.planes[1] | self.planes[2] == 0
    }

    /// Adds one copy of `card`; false (and nothing added) if it already
    /// holds [`CardCounts::MAX`].
    pub fn insert(&mut self, card: Card) -> bool {
        if self.count(card) == Self::MAX {
            return false;
        }
        let bit = 1u128 << card.id();
        for plane in &mut self.planes {
            *plane ^= bit;
            if *plane & bit != 0 {
                break; // no carry
            }
        }
        true
    }

    /// Removes one copy of `card`; false (and nothing removed) if it holds none.
    pub fn remove(&mut self, card: Card) -> bool {
        if !self.contains(card) {
            return false;
        }
        let bit = 1u128 << card.id();
        for plane in &mut self.planes {
            *plane ^= bit;
            if *plane & bit == 0 {
                break; // no borrow
            }
        }
        true
    }

    /// Every card, copies side by side, in face-id order.
    pub fn iter(&self) -> impl Iterator<Item = Card> + '_ {
        self.faces()
            .iter()
            .flat_map(move |card| std::iter::repeat_n(card, self.count(card)))
    }

    /// A card drawn uniformly among its cards, copies counted: `below(len)`
    /// indexes [`CardCounts::iter`]'s order; `None` when empty.
    pub fn draw(&self, rng: &mut SplitMix64) -> Option<Card> {
        if self.is_empty() {
            return None;
        }
        self.iter().nth(rng.below(self.len() as u64) as usize)
    }
}

impl FromIterator<Card> for CardCounts {
    /// Copies past [`CardCounts::MAX`] are dropped (no deck holds that many).
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardCounts {
        let mut counts = CardCounts::EMPTY;
        for card in iter {
            counts.insert(card);
        }
        counts
    }
}

impl std::fmt::Debug for CardCounts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// A multiset is the list of its cards, repeats included (pickling a record).
impl Serialize for CardCounts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardCounts {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut counts = CardCounts::EMPTY;
        for card in Vec::<Card>::deserialize(deserializer)? {
            if !counts.insert(card) {
                return Err(serde::de::Error::custom(format!(
                    "{card} more than {} times",
                    CardCounts::MAX
                )));
            }
        }
        Ok(counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::deck;

    #[test]
    fn counts_follow_inserts_and_removes() {
        let mut counts = CardCounts::EMPTY;
        let seven: Card = "7H".parse().unwrap();
        for expected in 1..=CardCounts::MAX {
            assert!(counts.insert(Card::JOKER));
            assert_eq!(counts.count(Card::JOKER), expected);
        }
        assert!(!counts.insert(Card::JOKER));
        assert!(counts.insert(seven));
        assert_eq!(counts.len(), CardCounts::MAX + 1);
        for expected in (0..CardCounts::MAX).rev() {
            assert!(counts.remove(Card::JOKER));
            assert_eq!(counts.count(Card::JOKER), expected);
        }
        assert!(!counts.remove(Card::JOKER));
        assert_eq!(counts.iter().collect::<Vec<_>>(), vec![seven]);
        assert!(counts.remove(seven) && counts.is_empty());
    }

    #[test]
    fn the_jolly_deck_as_a_multiset() {
        let cards = deck(110).unwrap();
        let counts: CardCounts = cards.iter().copied().collect();
        assert_eq!(counts.len(), 110);
        assert_eq!(counts.faces().len(), 53);
        assert_eq!(counts.count(Card::JOKER), 6);
        assert_eq!(counts.count("QS".parse().unwrap()), 2);
        let mut sorted = cards.clone();
        sorted.sort();
        assert_eq!(counts.iter().collect::<Vec<_>>(), sorted);
        let mut rng = SplitMix64::new(5);
        let mut listed = rng.clone();
        let expected = sorted[listed.below(110) as usize];
        assert_eq!(counts.draw(&mut rng), Some(expected));
    }
}
