//! The trump order and following (Hiérarchie des cartes, 2. Le jeu, F2-F4):
//! each card's effective suit and strength under a contract.

use super::bids::Strain;
use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::game::not_held;
use crate::trick::{must_follow, Trick};

/// The effective suits: the four suits by index, and the jokers' own suit
/// in no trump (F4).
pub(super) const JOKER_SUIT: usize = 4;

const JOKERS: CardSet = CardSet::single(Card::BLACK_JOKER).union(CardSet::single(Card::RED_JOKER));

/// The other suit of a suit's colour: spades and clubs, hearts and diamonds.
const fn same_colour(suit: Suit) -> Suit {
    match suit {
        Suit::Spades => Suit::Clubs,
        Suit::Clubs => Suit::Spades,
        Suit::Hearts => Suit::Diamonds,
        Suit::Diamonds => Suit::Hearts,
    }
}

/// A card's strength within its effective suit under trump `trump` (F3):
/// jokers (black above red), the jack of trumps, the other jack of the
/// colour, then A K Q (J) 10 … 4.
pub(super) fn strength(trump: Option<Suit>, card: Card) -> u16 {
    if card == Card::BLACK_JOKER {
        return 40;
    }
    if card == Card::RED_JOKER {
        return 39;
    }
    match (card.rank(), card.suit(), trump) {
        (Some(Rank::Jack), Some(suit), Some(trump)) if suit == trump => 38,
        (Some(Rank::Jack), Some(suit), Some(trump)) if suit == same_colour(trump) => 37,
        (Some(rank), _, _) => rank as u16,
        _ => 0,
    }
}

/// How the cards follow and rank under one contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    /// The cards of each effective suit (the four suits, then the jokers').
    suits: [CardSet; 5],
    /// The effective suit that trumps: the trump suit, or the joker suit.
    trumps: usize,
    trump: Option<Suit>,
}

impl Order {
    /// The order under a contract in `strain` (F3, F4).
    pub fn of(strain: Strain) -> Order {
        let deck = super::DECK_SET;
        let mut suits: [CardSet; 5] = std::array::from_fn(|i| {
            Suit::ALL
                .get(i)
                .map_or(JOKERS, |&s| CardSet::suit(s).intersection(deck))
        });
        let trump = strain.trump();
        let trumps = match trump {
            Some(trump) => {
                // F3: both jokers and the jack of the same colour are trumps.
                let left = Card::new(same_colour(trump), Rank::Jack);
                suits[same_colour(trump).index()].remove(left);
                suits[trump.index()] = suits[trump.index()].union(JOKERS);
                suits[trump.index()].insert(left);
                suits[JOKER_SUIT] = CardSet::EMPTY;
                trump.index()
            }
            None => JOKER_SUIT,
        };
        Order {
            suits,
            trumps,
            trump,
        }
    }

    /// The cards of effective suit `suit`.
    pub fn suit_cards(&self, suit: usize) -> CardSet {
        self.suits[suit]
    }

    /// A card's effective suit.
    pub fn suit_of(&self, card: Card) -> usize {
        (0..5)
            .find(|&s| self.suits[s].contains(card))
            .unwrap_or(JOKER_SUIT)
    }

    /// A card's strength within its effective suit ([`strength`]).
    fn strength(&self, card: Card) -> u16 {
        strength(self.trump, card)
    }

    /// The cards `hand` may play to `trick`, whose led effective suit is
    /// `led` (a suit a joker lead named, or its first card's): follow it if
    /// able, else anything.
    pub fn legal(&self, hand: CardSet, led: Option<usize>) -> CardSet {
        let Some(led) = led else {
            return hand;
        };
        let following = hand.intersection(self.suits[led]);
        if following.is_empty() {
            hand
        } else {
            following
        }
    }

    /// An effective suit's name: `"hearts"`, or `"the jokers"`.
    fn suit_name(&self, suit: usize) -> String {
        match Suit::ALL.get(suit) {
            Some(&s) if Some(s) == self.trump => format!("{}, the trump suit", s.name()),
            Some(s) => s.name().to_owned(),
            None => "the jokers".to_owned(),
        }
    }

    /// Why `hand` may not play `card` to a trick whose led effective suit
    /// is `led` ([`Order::legal`]'s rule, F8), or `None`; `named` when a
    /// joker's leader named that suit (F4's option).
    pub fn refusal(
        &self,
        hand: CardSet,
        led: Option<usize>,
        named: bool,
        card: Card,
    ) -> Option<String> {
        if !hand.contains(card) {
            return Some(not_held(card));
        }
        let led = led?;
        let mut name = self.suit_name(led);
        if named {
            name.push_str(", the suit the joker's leader named");
        }
        let why = must_follow(card, hand, self.suits[led], &name, "F8")?;
        let own = self.suit_of(card);
        Some(match card.suit() {
            Some(suit) if suit.index() == led && own != led => {
                format!("{why}; {card} counts as {} (F3)", self.suit_name(own))
            }
            None if led < JOKER_SUIT => format!(
                "{why}; {card} counts as {}, and only a player void in {} may play it (F4)",
                self.suit_name(own),
                self.suit_name(led)
            ),
            _ => why,
        })
    }

    /// The seat winning a complete trick led in effective suit `led`: the
    /// highest trump, else the highest card of the led suit.
    pub fn winner<const N: usize>(&self, trick: &Trick<N>, led: usize) -> usize {
        let trumped = !trick
            .cards()
            .intersection(self.suits[self.trumps])
            .is_empty();
        let winning = if trumped { self.trumps } else { led };
        trick.winner_by(|card| {
            self.suits[winning]
                .contains(card)
                .then(|| self.strength(card))
        })
    }
}
