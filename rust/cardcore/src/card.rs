//! Cards, suits and ranks for every deck cardcore plays, and their text notation.
//!
//! A [`Card`] is a face: one byte, its universal id (docs/protocol.md). Orders and
//! point values belong to each game; this module only knows what a card *is*.

use std::fmt;
use std::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::error::Error;

/// The four French suits, in face-id order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Spades = 0,
    Hearts = 1,
    Diamonds = 2,
    Clubs = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self as usize]
    }

    /// The suit's name in messages and action texts: `"hearts"`.
    pub const fn name(self) -> &'static str {
        ["spades", "hearts", "diamonds", "clubs"][self as usize]
    }

    pub fn from_letter(letter: char) -> Option<Suit> {
        match letter.to_ascii_uppercase() {
            'S' => Some(Suit::Spades),
            'H' => Some(Suit::Hearts),
            'D' => Some(Suit::Diamonds),
            'C' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

/// Ranks of suited cards, in face-id order (the knight is the tarot's cavalier).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    Two = 0,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Knight,
    Queen,
    King,
    Ace,
}

impl Rank {
    pub const ALL: [Rank; 14] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Knight,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn text(self) -> &'static str {
        [
            "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K", "A",
        ][self as usize]
    }

    fn from_text(text: &str) -> Option<Rank> {
        Rank::ALL
            .into_iter()
            .find(|rank| rank.text().eq_ignore_ascii_case(text))
    }
}

const SUITED_FACES: u8 = 56;
const FIRST_TAROT_TRUMP: u8 = 56;
const EXCUSE: u8 = 77;
const JOKER: u8 = 78;
const BLACK_JOKER: u8 = 79;
const RED_JOKER: u8 = 80;
/// How many distinct faces exist; every face id is below this.
pub const FACE_COUNT: usize = 81;

/// Suit and rank by face id: the hot paths of every game ask for them.
const SUIT_OF: [Option<Suit>; FACE_COUNT] = {
    let mut table = [None; FACE_COUNT];
    let mut id = 0;
    while id < SUITED_FACES as usize {
        table[id] = Some(Suit::ALL[id / 14]);
        id += 1;
    }
    table
};

const RANK_OF: [Option<Rank>; FACE_COUNT] = {
    let mut table = [None; FACE_COUNT];
    let mut id = 0;
    while id < SUITED_FACES as usize {
        table[id] = Some(Rank::ALL[id % 14]);
        id += 1;
    }
    table
};

/// A card face, by its universal id (docs/protocol.md).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    pub const EXCUSE: Card = Card(EXCUSE);
    pub const JOKER: Card = Card(JOKER);
    pub const BLACK_JOKER: Card = Card(BLACK_JOKER);
    pub const RED_JOKER: Card = Card(RED_JOKER);

    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 14 + rank as u8)
    }

    /// A tarot trump, 1 to 21.
    pub const fn tarot_trump(number: u8) -> Option<Card> {
        if matches!(number, 1..=21) {
            Some(Card(FIRST_TAROT_TRUMP + number - 1))
        } else {
            None
        }
    }

    pub const fn from_id(id: usize) -> Option<Card> {
        if id < FACE_COUNT {
            Some(Card(id as u8))
        } else {
            None
        }
    }

    pub const fn id(self) -> usize {
        self.0 as usize
    }

    pub const fn suit(self) -> Option<Suit> {
        SUIT_OF[self.0 as usize]
    }

    pub const fn rank(self) -> Option<Rank> {
        RANK_OF[self.0 as usize]
    }

    pub fn tarot_trump_number(self) -> Option<u8> {
        (FIRST_TAROT_TRUMP..EXCUSE)
            .contains(&self.0)
            .then(|| self.0 - FIRST_TAROT_TRUMP + 1)
    }

    pub const fn is_excuse(self) -> bool {
        self.0 == EXCUSE
    }

    pub const fn is_joker(self) -> bool {
        self.0 >= JOKER
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.suit(), self.rank(), self.tarot_trump_number()) {
            (Some(suit), Some(rank), _) => write!(f, "{}{}", rank.text(), suit.letter()),
            (_, _, Some(number)) => write!(f, "{number}T"),
            _ => f.write_str(match self.0 {
                EXCUSE => "EX",
                JOKER => "JK",
                BLACK_JOKER => "BJ",
                _ => "RJ",
            }),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = Error;

    fn from_str(text: &str) -> Result<Card, Error> {
        let bad = || Error::Notation(text.to_owned());
        match text.to_ascii_uppercase().as_str() {
            "EX" => return Ok(Card::EXCUSE),
            "JK" => return Ok(Card::JOKER),
            "BJ" => return Ok(Card::BLACK_JOKER),
            "RJ" => return Ok(Card::RED_JOKER),
            _ => {}
        }
        let last = text.chars().last().ok_or_else(bad)?;
        let head = &text[..text.len() - last.len_utf8()];
        if last.eq_ignore_ascii_case(&'T') {
            // Tarot trumps: 1T to 21T, no leading zero.
            if head.starts_with('0') || head.is_empty() || !head.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(bad());
            }
            return head
                .parse()
                .ok()
                .and_then(Card::tarot_trump)
                .ok_or_else(bad);
        }
        let suit = Suit::from_letter(last).ok_or_else(bad)?;
        let rank = Rank::from_text(head).ok_or_else(bad)?;
        Ok(Card::new(suit, rank))
    }
}

/// A card is written as its text in JSON states (any letter case is read).
impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        deserializer.deserialize_str(TextVisitor::new("a card text such as \"QH\""))
    }
}

/// A suit is its upper-case letter in JSON states.
impl Serialize for Suit {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut buffer = [0; 4];
        serializer.serialize_str(self.letter().encode_utf8(&mut buffer))
    }
}

impl<'de> Deserialize<'de> for Suit {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Suit, D::Error> {
        deserializer.deserialize_str(TextVisitor::new("a suit letter: S, H, D or C"))
    }
}

impl FromStr for Suit {
    type Err = Error;

    /// Exactly one upper-case letter: suits are written, never typed by players.
    fn from_str(text: &str) -> Result<Suit, Error> {
        let mut letters = text.chars();
        match (letters.next(), letters.next()) {
            (Some(letter), None) if letter.is_ascii_uppercase() => Suit::from_letter(letter),
            _ => None,
        }
        .ok_or_else(|| Error::Notation(text.to_owned()))
    }
}

/// Reads a string through `FromStr`, naming what was expected on failure:
/// the JSON reader of every text-valued type (cards, suits, bids, actions).
pub struct TextVisitor<T> {
    expected: &'static str,
    parsed: std::marker::PhantomData<T>,
}

impl<T> TextVisitor<T> {
    pub const fn new(expected: &'static str) -> Self {
        TextVisitor {
            expected,
            parsed: std::marker::PhantomData,
        }
    }
}

impl<T: FromStr> Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expected)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse()
            .map_err(|_| E::invalid_value(de::Unexpected::Str(text), &self))
    }
}

/// The four suits of `ranks` (in that order), suit by suit, at compile time:
/// `N` must be `4 * ranks.len()`.
pub const fn suited_deck<const N: usize>(ranks: &[Rank]) -> [Card; N] {
    let mut deck = [Card(0); N];
    let mut i = 0;
    while i < N {
        deck[i] = Card::new(Suit::ALL[i / ranks.len()], ranks[i % ranks.len()]);
        i += 1;
    }
    deck
}

/// The 13 ranks of the 52-card deck, 2 to A (the tarot knight left out).
pub const STANDARD_RANKS: [Rank; 13] = {
    let mut ranks = [Rank::Two; 13];
    let mut i = 0;
    while i < 13 {
        ranks[i] = Rank::ALL[if i < 10 { i } else { i + 1 }];
        i += 1;
    }
    ranks
};

/// The decks cardcore knows, by their size.
pub fn deck(size: usize) -> Option<Vec<Card>> {
    let suited = |ranks: &[Rank]| -> Vec<Card> {
        Suit::ALL
            .into_iter()
            .flat_map(|suit| ranks.iter().map(move |&rank| Card::new(suit, rank)))
            .collect()
    };
    let without = |excluded: &[Rank]| -> Vec<Rank> {
        Rank::ALL
            .into_iter()
            .filter(|rank| !excluded.contains(rank))
            .collect()
    };
    use Rank::*;
    match size {
        32 => Some(suited(&[Seven, Eight, Nine, Ten, Jack, Queen, King, Ace])),
        46 => {
            let mut cards = suited(&without(&[Two, Three, Knight]));
            cards.extend([Card::BLACK_JOKER, Card::RED_JOKER]);
            Some(cards)
        }
        52 => Some(suited(&STANDARD_RANKS)),
        78 => {
            let mut cards = suited(&Rank::ALL);
            cards.extend((FIRST_TAROT_TRUMP..=EXCUSE).map(Card));
            Some(cards)
        }
        110 => {
            let mut cards = deck(52)?;
            cards.extend_from_within(..);
            cards.extend([Card::JOKER; 6]);
            Some(cards)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_every_deck() {
        for size in [32, 46, 52, 78, 110] {
            let cards = deck(size).unwrap();
            assert_eq!(cards.len(), size);
            for card in cards {
                assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
            }
        }
    }

    #[test]
    fn notation_examples() {
        assert_eq!(
            "QH".parse::<Card>().unwrap(),
            Card::new(Suit::Hearts, Rank::Queen)
        );
        assert_eq!("10s".parse::<Card>().unwrap().to_string(), "10S");
        assert_eq!(
            "CC".parse::<Card>().unwrap(),
            Card::new(Suit::Clubs, Rank::Knight)
        );
        assert_eq!(
            "21T".parse::<Card>().unwrap().tarot_trump_number(),
            Some(21)
        );
        assert!("EX".parse::<Card>().unwrap().is_excuse());
        for bad in ["", "1H", "11S", "QX", "22T", "0T", "01T", "T", "10", "é"] {
            assert!(
                matches!(bad.parse::<Card>(), Err(Error::Notation(t)) if t == bad),
                "{bad}"
            );
        }
    }

    #[test]
    fn face_ids_follow_the_protocol() {
        assert_eq!(Card::new(Suit::Spades, Rank::Two).id(), 0);
        assert_eq!(Card::new(Suit::Clubs, Rank::Ace).id(), 55);
        assert_eq!(Card::tarot_trump(1).unwrap().id(), 56);
        assert_eq!(Card::EXCUSE.id(), 77);
        assert_eq!(Card::RED_JOKER.id(), FACE_COUNT - 1);
    }
}
