//! The bids (1. Les enchères, F1, F5, F6): their texts, their order and
//! their values, the Avondale table kept as data.

use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::FIRST_BID;
use crate::card::{Suit, TextVisitor};
use crate::error::{Error, Result};
use crate::game::ActionId;

/// What a contract is played in: a trump suit or no trump, in the order of
/// the Avondale table (spades < clubs < diamonds < hearts < no trump).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strain {
    Spades,
    Clubs,
    Diamonds,
    Hearts,
    NoTrump,
}

impl Strain {
    pub const ALL: [Strain; 5] = [
        Strain::Spades,
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::NoTrump,
    ];

    /// The trump suit, `None` in no trump.
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Strain::Spades => Some(Suit::Spades),
            Strain::Clubs => Some(Suit::Clubs),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::NoTrump => None,
        }
    }

    pub const fn name(self) -> &'static str {
        ["spades", "clubs", "diamonds", "hearts", "no trump"][self as usize]
    }
}

/// A bid: a pass, a number of tricks (6 to 10) in a strain, or a misère.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bid {
    Pass,
    Tricks(u8, Strain),
    Misere,
    OpenMisere,
}

/// F1: the Avondale table, by strain: the value of a 6-trick bid; each trick
/// more adds 100.
const AVONDALE_SIX: [i64; 5] = [40, 60, 80, 100, 120];
/// F6: the misères' values.
const MISERE_VALUE: i64 = 250;
const OPEN_MISERE_VALUE: i64 = 500;

/// Every bid but the pass, lowest first (D1: misère between 8 spades and 8
/// clubs, open misère between 10 diamonds and 10 hearts).
pub(super) const ORDER: [Bid; 27] = {
    let mut order = [Bid::Pass; 27];
    let mut i = 0;
    let mut next = 0;
    while i < 25 {
        let bid = Bid::Tricks(6 + (i / 5) as u8, Strain::ALL[i % 5]);
        order[next] = bid;
        next += 1;
        if i == 10 {
            order[next] = Bid::Misere;
            next += 1;
        }
        if i == 22 {
            order[next] = Bid::OpenMisere;
            next += 1;
        }
        i += 1;
    }
    order
};

/// Each bid's place in the order, by its action's offset from `FIRST_BID`.
const RANKS: [usize; 28] = {
    let mut ranks = [0; 28];
    let mut i = 0;
    while i < ORDER.len() {
        let offset = match ORDER[i] {
            Bid::Tricks(tricks, strain) => 1 + 5 * (tricks as usize - 6) + strain as usize,
            Bid::Misere => 26,
            Bid::OpenMisere => 27,
            Bid::Pass => 0,
        };
        ranks[offset] = i + 1;
        i += 1;
    }
    ranks
};

impl Bid {
    /// The bid's value (F1, F6); a pass is worth nothing.
    pub const fn value(self) -> i64 {
        match self {
            Bid::Pass => 0,
            Bid::Tricks(tricks, strain) => {
                100 * (tricks as i64 - 6) + AVONDALE_SIX[strain as usize]
            }
            Bid::Misere => MISERE_VALUE,
            Bid::OpenMisere => OPEN_MISERE_VALUE,
        }
    }

    /// Where the bid stands in the order of bids (the pass lowest).
    pub(super) fn rank(self) -> usize {
        RANKS[usize::from(self.action() - FIRST_BID)]
    }

    pub const fn is_misere(self) -> bool {
        matches!(self, Bid::Misere | Bid::OpenMisere)
    }

    /// The strain the contract is played in: no trump for the misères.
    pub const fn strain(self) -> Strain {
        match self {
            Bid::Tricks(_, strain) => strain,
            _ => Strain::NoTrump,
        }
    }

    /// The tricks the contract needs (the misères: none may be won).
    pub const fn tricks(self) -> u8 {
        match self {
            Bid::Tricks(tricks, _) => tricks,
            _ => 0,
        }
    }

    pub fn action(self) -> ActionId {
        match self {
            Bid::Pass => FIRST_BID,
            Bid::Tricks(tricks, strain) => {
                FIRST_BID + 1 + 5 * ActionId::from(tricks - 6) + strain as ActionId
            }
            Bid::Misere => FIRST_BID + 26,
            Bid::OpenMisere => FIRST_BID + 27,
        }
    }

    pub fn of_action(action: ActionId) -> Option<Bid> {
        match action.checked_sub(FIRST_BID)? {
            0 => Some(Bid::Pass),
            index @ 1..=25 => {
                let index = usize::from(index - 1);
                Some(Bid::Tricks(6 + (index / 5) as u8, Strain::ALL[index % 5]))
            }
            26 => Some(Bid::Misere),
            27 => Some(Bid::OpenMisere),
            _ => None,
        }
    }

    pub fn text(self) -> String {
        match self {
            Bid::Pass => "pass".to_owned(),
            Bid::Tricks(tricks, strain) => format!("{tricks} {}", strain.name()),
            Bid::Misere => "misere".to_owned(),
            Bid::OpenMisere => "open misere".to_owned(),
        }
    }
}

impl Bid {
    /// A bid as players write it, in any letter case: its text (`7 hearts`,
    /// `misere`) or the short form of a tricks bid, the tricks then `S`, `C`,
    /// `D`, `H` or `NT` (`7H`, `7NT`, `10nt`, `8 s`). The state's JSON and
    /// the actions keep the canonical text alone.
    pub fn read(text: &str) -> Result<Bid> {
        if let Ok(bid) = text.parse() {
            return Ok(bid);
        }
        let split = text
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len());
        let (tricks, strain) = text.split_at(split);
        let strain = match strain.trim_start().to_ascii_uppercase().as_str() {
            "S" => Some(Strain::Spades),
            "C" => Some(Strain::Clubs),
            "D" => Some(Strain::Diamonds),
            "H" => Some(Strain::Hearts),
            "NT" => Some(Strain::NoTrump),
            _ => None,
        };
        // Digits only (no sign), without a leading zero.
        match (tricks.parse::<u8>(), strain) {
            (Ok(tricks @ 6..=10), Some(strain)) if !text.starts_with('0') => {
                Ok(Bid::Tricks(tricks, strain))
            }
            _ => Err(Error::Notation(text.to_owned())),
        }
    }
}

impl FromStr for Bid {
    type Err = Error;

    /// A bid's text in any letter case.
    fn from_str(text: &str) -> Result<Bid> {
        (0..28)
            .filter_map(|i| Bid::of_action(FIRST_BID + i))
            .find(|bid| bid.text().eq_ignore_ascii_case(text))
            .ok_or_else(|| Error::Notation(text.to_owned()))
    }
}

impl Serialize for Bid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text())
    }
}

impl<'de> Deserialize<'de> for Bid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bid, D::Error> {
        deserializer.deserialize_str(TextVisitor::new("a bid such as \"7 hearts\" or \"pass\""))
    }
}
