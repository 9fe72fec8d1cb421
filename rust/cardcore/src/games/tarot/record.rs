//! A deal's record: how it was dealt, the bidding, the call, the discard, the
//! declarations, the tricks and the result; and the named values it holds.

use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::scoring::DealResult;
use super::{MAX_PLAYERS, MAX_TRICKS};
use crate::card::{Card, TextVisitor};
use crate::cardset::CardSet;
use crate::error::{Error, Result};
use crate::trick::Trick;

/// An enum written as one of a few fixed texts in states and actions.
macro_rules! named {
    ($(#[$meta:meta])* $Name:ident ($expected:literal, ignore_case: $ignore_case:literal) {
        $($(#[$vmeta:meta])* $Variant:ident = $text:literal),+ $(,)?
    }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $Name {
            $($(#[$vmeta])* $Variant),+
        }

        impl $Name {
            pub const ALL: &'static [$Name] = &[$($Name::$Variant),+];

            pub const fn text(self) -> &'static str {
                match self {
                    $($Name::$Variant => $text),+
                }
            }
        }

        impl FromStr for $Name {
            type Err = Error;

            fn from_str(text: &str) -> Result<$Name> {
                $Name::ALL
                    .iter()
                    .copied()
                    .find(|value| {
                        if $ignore_case {
                            value.text().eq_ignore_ascii_case(text)
                        } else {
                            value.text() == text
                        }
                    })
                    .ok_or_else(|| Error::Notation(text.to_owned()))
            }
        }

        impl Serialize for $Name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.text())
            }
        }

        impl<'de> Deserialize<'de> for $Name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$Name, D::Error> {
                deserializer.deserialize_str(TextVisitor::new($expected))
            }
        }
    };
}

named!(
    /// A bid (Mise en place): a pass or a contract, in increasing order.
    Bid ("a bid: pass, prise, garde, garde sans or garde contre", ignore_case: true) {
        Pass = "pass",
        Prise = "prise",
        Garde = "garde",
        GardeSans = "garde sans",
        GardeContre = "garde contre",
    }
);

impl Bid {
    /// The contract's multiplier (Prise 1, Garde 2, Garde sans 4, Garde contre 6).
    pub const fn multiplier(self) -> i64 {
        match self {
            Bid::Pass => 0,
            Bid::Prise => 1,
            Bid::Garde => 2,
            Bid::GardeSans => 4,
            Bid::GardeContre => 6,
        }
    }

    /// Whether the chien is shown and taken, then discarded (Prise, Garde).
    pub const fn takes_chien(self) -> bool {
        matches!(self, Bid::Prise | Bid::Garde)
    }
}

named!(
    /// A poignée's level (T9): simple, double or triple.
    Level ("a poignee level: simple, double or triple", ignore_case: false) {
        Simple = "simple",
        Double = "double",
        Triple = "triple",
    }
);

impl Level {
    /// The bonus (20, 30, 40), never multiplied.
    pub const fn bonus(self) -> i64 {
        match self {
            Level::Simple => 20,
            Level::Double => 30,
            Level::Triple => 40,
        }
    }

    /// The trumps shown at each player count (3, 4, 5).
    pub const fn size(self, players: usize) -> usize {
        let sizes = match players {
            3 => [13, 15, 18],
            4 => [10, 13, 15],
            _ => [8, 10, 13],
        };
        sizes[self as usize]
    }
}

named!(
    /// A side of a deal: the taker's (with its partner at five) or the defence.
    Side ("a side: taker or defence", ignore_case: false) {
        Taker = "taker",
        Defence = "defence",
    }
);

impl Side {
    pub const fn opposite(self) -> Side {
        match self {
            Side::Taker => Side::Defence,
            Side::Defence => Side::Taker,
        }
    }
}

named!(
    /// Why a deal was void.
    Void ("why a deal was void: all pass or petit sec", ignore_case: false) {
        AllPass = "all pass",
        PetitSec = "petit sec",
    }
);

/// A declared poignée: its level and the trumps shown (T9, T10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Poignee {
    pub level: Level,
    pub shown: CardSet,
}

/// A completed trick and its winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedTrick {
    pub trick: Trick<MAX_PLAYERS>,
    pub winner: u8,
}

/// One deal, from its dealing to its result: the deal in play, or a finished one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealRecord {
    /// The deal number, void deals included, from 1.
    pub(super) number: u32,
    pub(super) dealer: u8,
    /// Each seat's hand as dealt.
    pub(super) dealt: [CardSet; MAX_PLAYERS],
    pub(super) chien: CardSet,
    pub(super) void: Option<Void>,
    pub(super) bids: [Option<Bid>; MAX_PLAYERS],
    pub(super) taker: Option<u8>,
    pub(super) contract: Option<Bid>,
    pub(super) called: Option<Card>,
    pub(super) partner: Option<u8>,
    pub(super) discard: CardSet,
    pub(super) poignees: [Option<Poignee>; MAX_PLAYERS],
    pub(super) slam: bool,
    pub(super) tricks: Vec<PlayedTrick>,
    pub(super) result: Option<DealResult>,
}

impl DealRecord {
    pub(super) fn new(
        number: u32,
        dealer: usize,
        dealt: [CardSet; MAX_PLAYERS],
        chien: CardSet,
    ) -> Self {
        DealRecord {
            number,
            dealer: dealer as u8,
            dealt,
            chien,
            void: None,
            bids: [None; MAX_PLAYERS],
            taker: None,
            contract: None,
            called: None,
            partner: None,
            discard: CardSet::EMPTY,
            poignees: [None; MAX_PLAYERS],
            slam: false,
            tricks: Vec::with_capacity(MAX_TRICKS),
            result: None,
        }
    }

    /// The deal number, void deals included, from 1.
    pub const fn number(&self) -> u32 {
        self.number
    }

    pub const fn dealer(&self) -> usize {
        self.dealer as usize
    }

    /// Each seat's hand as dealt (the first `players` entries).
    pub const fn dealt(&self) -> &[CardSet; MAX_PLAYERS] {
        &self.dealt
    }

    pub const fn chien(&self) -> CardSet {
        self.chien
    }

    /// Why the deal was void, if it was.
    pub const fn void(&self) -> Option<Void> {
        self.void
    }

    /// Each seat's bid, `None` until it has spoken.
    pub const fn bids(&self) -> &[Option<Bid>; MAX_PLAYERS] {
        &self.bids
    }

    pub fn taker(&self) -> Option<usize> {
        self.taker.map(usize::from)
    }

    pub const fn contract(&self) -> Option<Bid> {
        self.contract
    }

    /// The called card (five players).
    pub const fn called(&self) -> Option<Card> {
        self.called
    }

    /// The called card's holder (five players), `None` when the taker is alone.
    pub fn partner(&self) -> Option<usize> {
        self.partner.map(usize::from)
    }

    /// The taker's discard (so far).
    pub const fn discard(&self) -> CardSet {
        self.discard
    }

    pub const fn poignees(&self) -> &[Option<Poignee>; MAX_PLAYERS] {
        &self.poignees
    }

    /// Whether the taker announced a slam.
    pub const fn slam(&self) -> bool {
        self.slam
    }

    /// The discard `seat` may count towards a poignée (T10): the taker's, none for the others.
    pub(super) fn discard_of(&self, seat: usize) -> CardSet {
        if self.taker() == Some(seat) {
            self.discard
        } else {
            CardSet::EMPTY
        }
    }

    pub fn tricks(&self) -> &[PlayedTrick] {
        &self.tricks
    }

    /// The count and the settlement, once the last trick is played.
    pub const fn result(&self) -> Option<&DealResult> {
        self.result.as_ref()
    }

    /// The side `seat` plays on this deal (the defence until there is a taker).
    pub fn side_of(&self, seat: usize) -> Side {
        if self.taker() == Some(seat) || self.partner() == Some(seat) {
            Side::Taker
        } else {
            Side::Defence
        }
    }

    /// Whether every seat can tell who the partner is (five players): once the
    /// called card is played, or shown in the chien, or the deal is over.
    pub fn partner_public(&self, current: &Trick<MAX_PLAYERS>) -> bool {
        let Some(called) = self.called else {
            return true;
        };
        self.result.is_some()
            || (self.contract.is_some_and(Bid::takes_chien) && self.chien.contains(called))
            || current.cards().contains(called)
            || self.tricks.iter().any(|t| t.trick.cards().contains(called))
    }
}
