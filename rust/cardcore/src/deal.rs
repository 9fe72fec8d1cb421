//! Dealing: batches of cards round the table from a shuffled deck.

use crate::card::Card;
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
