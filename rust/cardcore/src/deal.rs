//! Dealing: batches of cards round the table from a shuffled deck.

use crate::card::{Card, FACE_COUNT};
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

/// What a deal is made of at a table: what a chosen deal (`state::from_deal`)
/// must give, and is checked against.
#[derive(Clone, Debug)]
pub struct DealShape {
    /// The deck, each card as often as it is in it.
    pub deck: Vec<Card>,
    /// The cards the rules deal to each seat.
    pub hand_size: usize,
    /// How many cards the rules deal apart from the hands (none when the
    /// aside is a card turned from the dealer's hand).
    pub aside_size: usize,
}

/// The part of a deal besides the hands, as a chosen deal gives it, under
/// the game's own name (the keyword of `from_deal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aside {
    /// Cards dealt apart from the hands, in the order the game keeps them:
    /// Tarot's `chien`, 500's `kitty`, Le Julien's `talon`, Jolly's `stock`.
    Cards(&'static str),
    /// One card of the dealer's own hand, turned face up: Brouc's `trump_card`.
    Turned(&'static str),
}

impl Aside {
    /// The keyword naming it.
    pub const fn name(self) -> &'static str {
        match self {
            Aside::Cards(name) | Aside::Turned(name) => name,
        }
    }
}

/// Checks a chosen deal against `shape`: one hand per seat of the rules'
/// size, the aside of the rules' size (or one card of the dealer's hand),
/// and every card of the deck exactly as often as it is in it. Each error is
/// an option error naming the argument at fault and what is wrong with it.
pub fn check_chosen(
    shape: &DealShape,
    kind: Aside,
    game: &str,
    players: usize,
    dealer: usize,
    hands: &[Vec<Card>],
    aside: &[Card],
) -> Result<()> {
    if hands.len() != players {
        return Err(Error::option(
            "hands",
            format!(
                "expected {players} hands, one per seat, got {}",
                hands.len()
            ),
        ));
    }
    let name = kind.name();
    let turned = matches!(kind, Aside::Turned(_));
    if turned && aside.len() != 1 {
        return Err(Error::option(
            name,
            format!("expected one card, got {}", aside.len()),
        ));
    }
    let mut in_deck = [0usize; FACE_COUNT];
    for card in &shape.deck {
        in_deck[card.id()] += 1;
    }
    let mut given = [0usize; FACE_COUNT];
    let mut places: Vec<Vec<String>> = vec![Vec::new(); FACE_COUNT];
    let counted = hands
        .iter()
        .enumerate()
        .map(|(seat, hand)| ("hands", hand.as_slice(), format!("seat {seat}'s hand")))
        .chain((!turned).then(|| (name, aside, format!("the {name}"))));
    for (argument, cards, place) in counted {
        for &card in cards {
            if in_deck[card.id()] == 0 {
                return Err(Error::option(
                    argument,
                    format!("{place} holds {card}, which is not a card of the {game} deck"),
                ));
            }
            given[card.id()] += 1;
            if !places[card.id()].contains(&place) {
                places[card.id()].push(place.clone());
            }
        }
    }
    if let Some((seat, hand)) = hands
        .iter()
        .enumerate()
        .find(|(_, hand)| hand.len() != shape.hand_size)
    {
        return Err(Error::option(
            "hands",
            format!(
                "seat {seat} is given {} cards, but the rules deal {} to each of the {players} seats",
                hand.len(),
                shape.hand_size
            ),
        ));
    }
    if turned {
        let card = aside[0];
        if !hands[dealer].contains(&card) {
            return Err(Error::option(
                name,
                format!(
                    "{card} is not in the dealer's hand (seat {dealer}): the card turned is the dealer's last card"
                ),
            ));
        }
    } else if aside.len() != shape.aside_size {
        return Err(Error::option(
            name,
            format!(
                "{} cards given, but the rules deal {} to the {name} at {players} players",
                aside.len(),
                shape.aside_size
            ),
        ));
    }
    let twice = (0..FACE_COUNT).find(|&id| given[id] > in_deck[id]);
    let missing: Vec<String> = (0..FACE_COUNT)
        .filter(|&id| given[id] < in_deck[id])
        .filter_map(Card::from_id)
        .map(|card| card.to_string())
        .collect();
    if let Some(card) = twice.and_then(Card::from_id) {
        let id = card.id();
        let missing = if missing.is_empty() {
            String::new()
        } else {
            format!(", and not dealt: {}", missing.join(" "))
        };
        return Err(Error::option(
            "hands",
            format!(
                "{card} is dealt {} times ({}), but the deck holds it {}{missing}",
                given[id],
                places[id].join(", "),
                times(in_deck[id])
            ),
        ));
    }
    if !missing.is_empty() {
        return Err(Error::option(
            "hands",
            format!("not dealt: {}", missing.join(" ")),
        ));
    }
    Ok(())
}

/// "once", "twice", "3 times".
fn times(count: usize) -> String {
    match count {
        1 => "once".to_owned(),
        2 => "twice".to_owned(),
        n => format!("{n} times"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::deck;

    fn jolly_like() -> DealShape {
        // Every face twice: a deck with copies, two hands of 3 and 2 apart.
        let faces = crate::testing::cards("AS KS QS JS");
        DealShape {
            deck: faces.iter().chain(&faces).copied().collect(),
            hand_size: 3,
            aside_size: 2,
        }
    }

    #[test]
    fn a_chosen_deal_with_copies_is_counted() {
        let shape = jolly_like();
        let stock = Aside::Cards("stock");
        let hands = [
            crate::testing::cards("AS AS KS"),
            crate::testing::cards("KS QS JS"),
        ];
        let aside = crate::testing::cards("QS JS");
        assert_eq!(
            check_chosen(&shape, stock, "test", 2, 0, &hands, &aside),
            Ok(())
        );
        let three = [
            crate::testing::cards("AS AS AS"),
            crate::testing::cards("KS QS JS"),
        ];
        let Err(Error::Option { name, message }) =
            check_chosen(&shape, stock, "test", 2, 0, &three, &aside)
        else {
            panic!("three aces accepted");
        };
        assert_eq!(name, "hands");
        assert_eq!(
            message,
            "AS is dealt 3 times (seat 0's hand), but the deck holds it twice, and not dealt: KS"
        );
        let short = crate::testing::cards("QS");
        let Err(Error::Option { name, .. }) =
            check_chosen(&shape, stock, "test", 2, 0, &hands, &short)
        else {
            panic!("a short stock accepted");
        };
        assert_eq!(name, "stock");
    }

    #[test]
    fn a_turned_card_is_one_of_the_dealers() {
        let shape = DealShape {
            deck: crate::testing::cards("AS KS QS JS"),
            hand_size: 2,
            aside_size: 0,
        };
        let turned = Aside::Turned("trump_card");
        let hands = [
            crate::testing::cards("AS KS"),
            crate::testing::cards("QS JS"),
        ];
        let check = |dealer, card: &str| {
            check_chosen(
                &shape,
                turned,
                "test",
                2,
                dealer,
                &hands,
                &crate::testing::cards(card),
            )
        };
        assert_eq!(check(1, "QS"), Ok(()));
        assert!(matches!(check(0, "QS"), Err(Error::Option { name, .. }) if name == "trump_card"));
    }

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
