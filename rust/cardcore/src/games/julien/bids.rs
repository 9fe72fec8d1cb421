//! The bids (-13- to -18-, J7, J10): a Couleur, simple or with an amount.

use serde::{Deserialize, Serialize};

use super::{TourKind, FIRST_BID};
use crate::card::TextVisitor;
use crate::error::{Error, Result};
use crate::game::ActionId;

/// A Couleur (capital C): Rouge is hearts and diamonds, Noir spades and clubs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Rouge,
    Noir,
}

impl Colour {
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Rouge => "rouge",
            Colour::Noir => "noir",
        }
    }
}

/// A bid (-16-, -17-): a Couleur simple (`amount` None) or a Couleur chiffrée.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bid {
    pub colour: Colour,
    pub amount: Option<u8>,
}

/// Bid texts in action-id order, from `FIRST_BID`.
pub(super) const BID_TEXTS: [&str; 12] = [
    "Rouge",
    "Noir",
    "5 Rouges",
    "10 Rouges",
    "15 Rouges",
    "20 Rouges",
    "25 Rouges",
    "5 Noires",
    "10 Noires",
    "15 Noires",
    "20 Noires",
    "25 Noires",
];

impl Bid {
    /// Every bid, in action-id order.
    pub const ALL: [Bid; 12] = {
        let mut bids = [Bid {
            colour: Colour::Rouge,
            amount: None,
        }; 12];
        bids[1].colour = Colour::Noir;
        let mut i = 0;
        while i < 10 {
            bids[2 + i] = Bid {
                colour: if i < 5 { Colour::Rouge } else { Colour::Noir },
                amount: Some(5 * (i as u8 % 5 + 1)),
            };
            i += 1;
        }
        bids
    };

    pub(super) fn index(self) -> usize {
        match (self.colour, self.amount) {
            (Colour::Rouge, None) => 0,
            (Colour::Noir, None) => 1,
            (colour, Some(amount)) => {
                2 + usize::from(amount / 5 - 1) + if colour == Colour::Noir { 5 } else { 0 }
            }
        }
    }

    pub fn text(self) -> &'static str {
        BID_TEXTS[self.index()]
    }

    pub(super) fn action(self) -> ActionId {
        FIRST_BID + self.index() as ActionId
    }

    pub(super) fn of_action(action: ActionId) -> Option<Bid> {
        action
            .checked_sub(FIRST_BID)
            .and_then(|i| Bid::ALL.get(usize::from(i)).copied())
    }

    /// A bid's text, ignoring letter case.
    pub fn parse(text: &str) -> Result<Bid> {
        text.parse()
    }

    /// J10: 25 only in the special Tours, unless the option allows it.
    pub(super) const fn twenty_five_allowed(kind: TourKind, twenty_five_every_tour: bool) -> bool {
        kind.is_special() || twenty_five_every_tour
    }
}

impl std::str::FromStr for Bid {
    type Err = Error;

    fn from_str(text: &str) -> Result<Bid> {
        BID_TEXTS
            .iter()
            .position(|t| t.eq_ignore_ascii_case(text))
            .map(|i| Bid::ALL[i])
            .ok_or_else(|| Error::Notation(text.to_owned()))
    }
}

/// A bid is its text in JSON states (any letter case is read).
impl Serialize for Bid {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.text())
    }
}

impl<'de> Deserialize<'de> for Bid {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Bid, D::Error> {
        deserializer.deserialize_str(TextVisitor::new("a bid such as \"10 Rouges\""))
    }
}

/// The bid actions in id order, with or without the two 25s (`N` is 12 or 10).
pub(super) const fn bid_actions<const N: usize>(with_25: bool) -> [ActionId; N] {
    let mut actions = [FIRST_BID; N];
    let (mut bid, mut n) = (0, 0);
    while bid < Bid::ALL.len() {
        if with_25 || !matches!(Bid::ALL[bid].amount, Some(25)) {
            actions[n] = FIRST_BID + bid as ActionId;
            n += 1;
        }
        bid += 1;
    }
    actions
}
