//! Card points, marriages, announcements and a deal's score (B10-B13).

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;

pub(super) const fn rank_points(rank: Rank) -> i64 {
    match rank {
        Rank::Ace => 11,
        Rank::Ten => 10,
        Rank::King => 4,
        Rank::Queen => 3,
        Rank::Jack => 2,
        _ => 0,
    }
}

/// Card points of a set: each scoring rank's count times its value.
pub(super) fn points(cards: CardSet) -> i64 {
    [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack]
        .into_iter()
        .map(|rank| rank_points(rank) * cards.intersection(CardSet::rank(rank)).len() as i64)
        .sum()
}

/// The suits whose K and Q both lie in `cards`.
pub(super) fn married_suits(cards: CardSet) -> impl Iterator<Item = Suit> {
    suits_of(married_suit_bits(cards))
}

/// Bit `s` for each suit `s` whose K and Q both lie in `cards` (two masks
/// and a shift: the check runs for three hands or tricks after every trick).
pub(super) fn married_suit_bits(cards: CardSet) -> u64 {
    let kings = cards.intersection(CardSet::rank(Rank::King)).bits() >> Rank::King.index();
    let queens = cards.intersection(CardSet::rank(Rank::Queen)).bits() >> Rank::Queen.index();
    // Bit 14 * s of `both` is suit s; fold the four onto bits 0 to 3.
    let both = (kings & queens) as u64;
    (both | both >> 13 | both >> 26 | both >> 39) & 0b1111
}

/// The suits whose bits (by `Suit::index`) are set in `bits`.
fn suits_of(bits: u64) -> impl Iterator<Item = Suit> {
    Suit::ALL
        .into_iter()
        .filter(move |suit| bits & (1 << suit.index()) != 0)
}

/// K+Q of `suit` among `cards`: 20, with the J 30 (not 30 + 20); doubled in
/// trumps. The same table serves announcements (B10) and trick marriages (B12).
pub(super) fn combination_value(cards: CardSet, suit: Suit, trump: Suit) -> i64 {
    let has = |rank| cards.contains(Card::new(suit, rank));
    if !(has(Rank::King) && has(Rank::Queen)) {
        return 0;
    }
    let value = if has(Rank::Jack) { 30 } else { 20 };
    if suit == trump {
        2 * value
    } else {
        value
    }
}

/// B12: every suit whose K and Q lie in a trick scores for the trick.
pub(super) fn trick_marriages(cards: CardSet, trump: Suit) -> i64 {
    // Most tricks hold no marriage: no iterator built for them.
    let married = married_suit_bits(cards);
    if married == 0 {
        return 0;
    }
    suits_of(married)
        .map(|suit| combination_value(cards, suit, trump))
        .sum()
}

/// B10, B11: what a hand's combinations announce together, all at once
/// (the trick marriages' table applied to a hand).
pub(super) fn hand_combinations(hand: CardSet, trump: Suit) -> i64 {
    trick_marriages(hand, trump)
}

/// A deal's points for one team (B13): card points rounded to tens with a
/// final 5 rounded up, plus the marriage balance and its announcements.
pub fn deal_score(card_points: i64, marriages: i64, other_marriages: i64, announced: i64) -> i64 {
    (card_points + 5).div_euclid(10) + (marriages - other_marriages + announced) / 10
}
