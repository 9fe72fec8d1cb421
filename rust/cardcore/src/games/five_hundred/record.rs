//! A deal's record: how it was dealt, the auction, the contract, the
//! discard, the tricks and the result.

use serde::{Deserialize, Serialize};

use super::bids::Bid;
use super::{team_of, PLAYERS, TRICKS_PER_DEAL};
use crate::card::Suit;
use crate::cardset::CardSet;
use crate::trick::Trick;

/// A completed trick, its winner and the suit a joker lead named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedTrick {
    pub trick: Trick<PLAYERS>,
    pub winner: u8,
    pub named: Option<Suit>,
}

/// A deal's outcome: tricks won and scores, per team.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealResult {
    pub tricks: [u8; 2],
    pub made: bool,
    pub scores: [i64; 2],
}

/// One deal, from its dealing to its result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealRecord {
    pub(super) number: u32,
    pub(super) dealer: u8,
    pub(super) dealt: [CardSet; PLAYERS],
    pub(super) kitty: CardSet,
    /// All four passed.
    pub(super) void: bool,
    pub(super) auction: Vec<(u8, Bid)>,
    pub(super) bidder: Option<u8>,
    pub(super) contract: Option<Bid>,
    pub(super) discard: CardSet,
    /// The suit a joker led to the current trick named (F4's option).
    pub(super) named: Option<Suit>,
    pub(super) tricks: Vec<PlayedTrick>,
    pub(super) result: Option<DealResult>,
}

impl DealRecord {
    pub(super) fn new(
        number: u32,
        dealer: usize,
        dealt: [CardSet; PLAYERS],
        kitty: CardSet,
    ) -> Self {
        DealRecord {
            number,
            dealer: dealer as u8,
            dealt,
            kitty,
            void: false,
            auction: Vec::new(),
            bidder: None,
            contract: None,
            discard: CardSet::EMPTY,
            named: None,
            tricks: Vec::with_capacity(TRICKS_PER_DEAL),
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

    pub const fn dealt(&self) -> &[CardSet; PLAYERS] {
        &self.dealt
    }

    pub const fn kitty(&self) -> CardSet {
        self.kitty
    }

    /// Whether all four passed.
    /// The record as a seat is shown it: a void deal's hands and kitty hidden
    /// (what a record shown to a seat carries when it travels).
    pub fn shown(&self) -> DealRecord {
        let mut shown = self.clone();
        if self.void {
            shown.dealt = [CardSet::EMPTY; PLAYERS];
            shown.kitty = CardSet::EMPTY;
        }
        shown
    }

    pub const fn void(&self) -> bool {
        self.void
    }

    /// The auction: (seat, bid) in order.
    pub fn auction(&self) -> &[(u8, Bid)] {
        &self.auction
    }

    pub fn bidder(&self) -> Option<usize> {
        self.bidder.map(usize::from)
    }

    pub const fn contract(&self) -> Option<Bid> {
        self.contract
    }

    pub const fn discard(&self) -> CardSet {
        self.discard
    }

    pub fn tricks(&self) -> &[PlayedTrick] {
        &self.tricks
    }

    pub const fn result(&self) -> Option<&DealResult> {
        self.result.as_ref()
    }

    /// Tricks won so far per team.
    pub fn tricks_won(&self) -> [u8; 2] {
        let mut won = [0; 2];
        for played in &self.tricks {
            won[team_of(usize::from(played.winner))] += 1;
        }
        won
    }
}
