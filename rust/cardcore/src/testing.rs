//! What the unit tests of every game share: cards written as text.

use crate::card::Card;
use crate::cardset::CardSet;

/// `"QH 10S"`: the cards, in the order written.
pub fn cards(texts: &str) -> Vec<Card> {
    texts
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

/// `"QH 10S"`: the cards as a set.
pub fn set(texts: &str) -> CardSet {
    cards(texts).into_iter().collect()
}
