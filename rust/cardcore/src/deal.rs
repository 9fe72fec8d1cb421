//! Dealing: batches of cards round the table from a shuffled deck.

use crate::card::Card;
use crate::cardset::CardSet;
use crate::error::{Error, Result};
use crate::rng::SplitMix64;

/// A match's first dealer: the seat an option names, otherwise drawn from the
/// game's generator (`below(num_players)`, before the first shuffle).
pub fn first_dealer(rng: &mut SplitMix64, named: Option<u8>, num_players: usize) -> usize {
    match named {
        Some(seat) => usize::from(seat),
        None => rng.below(num_players as u64) as usize,
    }
}

/// Deals `deck` from its first card: each batch size in turn goes to every seat,
/// starting with `first` and following the order of play; `give` receives each
/// (seat, card). Returns how many cards were dealt.
pub fn deal_in_batches(
    deck: &[Card],
    num_players: usize,
    first: usize,
    batches: &[usize],
    mut give: impl FnMut(usize, Card),
) -> usize {
    let mut cards = deck.iter().copied();
    let mut dealt = 0;
    for &batch in batches {
        for offset in 0..num_players {
            let seat = (first + offset) % num_players;
            for card in cards.by_ref().take(batch) {
                give(seat, card);
                dealt += 1;
            }
        }
    }
    dealt
}

/// The hands a deal began with, rebuilt from what a saved state shows of it:
/// the `[seat, card]` plays since, added to the cards still `held`.
pub fn starting_hands<const N: usize>(
    plays: impl IntoIterator<Item = (u8, Card)>,
    held: [CardSet; N],
) -> Result<[CardSet; N]> {
    let mut hands = held;
    for (seat, card) in plays {
        let hand = hands.get_mut(usize::from(seat)).ok_or_else(|| {
            Error::json(format!(
                "a play by seat {seat}: the seats are 0 to {}",
                N - 1
            ))
        })?;
        if hand.contains(card) {
            return Err(Error::json(format!(
                "seat {seat} holds or plays {card} twice"
            )));
        }
        hand.insert(card);
    }
    Ok(hands)
}

/// Checks that `hands` and the cards dealt `aside` (a talon, a kitty) are one
/// possible deal of `deck`: `hand_size` cards each, every card once.
pub fn check_dealt(
    hands: &[CardSet],
    hand_size: usize,
    aside: &[Card],
    deck: CardSet,
) -> Result<()> {
    if let Some(seat) = hands.iter().position(|hand| hand.len() != hand_size) {
        return Err(Error::json(format!(
            "seat {seat} was dealt {} cards, not {hand_size}",
            hands[seat].len()
        )));
    }
    let aside_set: CardSet = aside.iter().copied().collect();
    let dealt = hands.iter().fold(aside_set, |all, hand| all.union(*hand));
    let count = hands.len() * hand_size + aside.len();
    if dealt != deck || count != deck.len() {
        return Err(Error::json(
            "the cards dealt are not the deck, each card exactly once",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::deck;

    #[test]
    fn one_three_four_from_the_first_seat() {
        let cards = deck(32).unwrap();
        let mut hands = vec![Vec::new(); 4];
        let dealt = deal_in_batches(&cards, 4, 3, &[1, 3, 4], |seat, card| {
            hands[seat].push(card)
        });
        assert_eq!(dealt, 32);
        assert_eq!(hands[3][0], cards[0]);
        assert_eq!(hands[0][0], cards[1]);
        assert_eq!(hands[2][0], cards[3]);
        assert_eq!(&hands[3][1..4], &cards[4..7]);
        assert_eq!(&hands[2][4..8], &cards[28..32]);
        assert!(hands.iter().all(|h| h.len() == 8));
    }
}
