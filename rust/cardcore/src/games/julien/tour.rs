//! A Tour's public record: its kind, talon, bids and tricks (-5-, -32-, -33-, J1-J5, J18-J19).

use serde::{Deserialize, Serialize};

use super::{
    face_value, score_tour, strength, Bid, SavedTour, SavedTrick, PLAYERS, TALON_SIZE,
    TRICKS_PER_TOUR,
};
use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::json;
use crate::trick::Trick;

/// The kind of a Tour: Tour 3 is the Spéco (-38-), Tour 6 the Superspec (-47-).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TourKind {
    Normal,
    Speco,
    Superspec,
}

impl TourKind {
    pub const ALL: [TourKind; 3] = [TourKind::Normal, TourKind::Speco, TourKind::Superspec];

    pub const fn of_tour(tour: u8) -> TourKind {
        match tour {
            3 => TourKind::Speco,
            6 => TourKind::Superspec,
            _ => TourKind::Normal,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            TourKind::Normal => "normal",
            TourKind::Speco => "speco",
            TourKind::Superspec => "superspec",
        }
    }

    pub fn from_name(name: &str) -> Option<TourKind> {
        TourKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    pub(super) const fn is_special(self) -> bool {
        !matches!(self, TourKind::Normal)
    }

    /// A trick's actions: four plays, then the winner's choice in the Spéco (J18).
    pub(super) const fn actions_per_trick(self) -> usize {
        match self {
            TourKind::Speco => PLAYERS + 1,
            _ => PLAYERS,
        }
    }

    /// A whole Tour's actions: the four bids, then the ten tricks.
    pub(super) const fn actions_per_tour(self) -> usize {
        PLAYERS + TRICKS_PER_TOUR * self.actions_per_trick()
    }

    /// -25-, -40- to -45-, J17: what a taken trump card or a special card weighs.
    pub(super) fn special_weight(self, card: Card) -> i64 {
        match (self, card.rank()) {
            (TourKind::Speco | TourKind::Superspec, Some(rank)) => face_value(rank),
            _ => 1,
        }
    }
}

/// A completed trick: who won it, who leads next (-5-), and whether its
/// winner took its trump card (`None` while a Spéco choice is pending).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedTrick {
    pub trick: Trick<PLAYERS>,
    pub winner: u8,
    pub next_leader: u8,
    pub taken: Option<bool>,
}

/// One Tour's public record: the talon, the bids and the tricks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TourRecord {
    pub(super) tour: u8,
    pub(super) kind: TourKind,
    pub(super) dealer: u8,
    pub(super) talon: [Card; TALON_SIZE],
    pub(super) bids: [Option<Bid>; PLAYERS],
    pub(super) bid_count: u8,
    pub(super) tricks: [Option<PlayedTrick>; TRICKS_PER_TOUR],
    pub(super) tricks_played: u8,
    /// The cards of the tricks each seat won.
    pub(super) collected: [CardSet; PLAYERS],
    /// The trump cards each seat took.
    pub(super) taken: [CardSet; PLAYERS],
}

impl TourRecord {
    pub(super) fn new(
        tour: u8,
        kind: TourKind,
        dealer: usize,
        talon: [Card; TALON_SIZE],
    ) -> TourRecord {
        TourRecord {
            tour,
            kind,
            dealer: dealer as u8,
            talon,
            bids: [None; PLAYERS],
            bid_count: 0,
            tricks: [None; TRICKS_PER_TOUR],
            tricks_played: 0,
            collected: [CardSet::EMPTY; PLAYERS],
            taken: [CardSet::EMPTY; PLAYERS],
        }
    }

    pub const fn tour(&self) -> u8 {
        self.tour
    }

    pub const fn kind(&self) -> TourKind {
        self.kind
    }

    pub const fn dealer(&self) -> usize {
        self.dealer as usize
    }

    pub const fn talon(&self) -> &[Card; TALON_SIZE] {
        &self.talon
    }

    /// The two special cards: the talon's last two (-32-).
    pub fn specials(&self) -> CardSet {
        CardSet::single(self.talon[10]).union(CardSet::single(self.talon[11]))
    }

    pub const fn bids(&self) -> [Option<Bid>; PLAYERS] {
        self.bids
    }

    pub fn tricks(&self) -> impl Iterator<Item = &PlayedTrick> {
        self.tricks.iter().flatten()
    }

    pub(super) fn last_trick(&self) -> Option<&PlayedTrick> {
        self.tricks().last()
    }

    pub const fn collected(&self, seat: usize) -> CardSet {
        self.collected[seat]
    }

    pub const fn taken(&self, seat: usize) -> CardSet {
        self.taken[seat]
    }

    /// -33-: the winner of trick 10 holds the specials, once the Tour is complete
    /// (in the Spéco, after their choice on trick 10's trump card).
    pub fn specials_holder(&self) -> Option<usize> {
        self.last_trick()
            .filter(|t| usize::from(self.tricks_played) == TRICKS_PER_TOUR && t.taken.is_some())
            .map(|t| usize::from(t.winner))
    }

    pub(super) const fn first_bidder(&self) -> usize {
        (self.dealer as usize + 1) % PLAYERS
    }

    /// J5: trick `i` has talon card `i` as trump.
    pub fn trump_card_of(&self, trick: usize) -> Card {
        self.talon[trick]
    }

    /// The trump suit of the trick being played.
    pub(super) fn current_trump(&self) -> Suit {
        self.talon[usize::from(self.tricks_played).min(TRICKS_PER_TOUR - 1)]
            .suit()
            .unwrap_or(Suit::Spades)
    }

    pub(super) fn record_bid(&mut self, bid: Bid) {
        let seat = (self.first_bidder() + usize::from(self.bid_count)) % PLAYERS;
        self.bids[seat] = Some(bid);
        self.bid_count += 1;
    }

    /// Records a complete trick; `taken` as the Tour's kind gives it (J18, J19).
    pub(super) fn record_trick(&mut self, trick: Trick<PLAYERS>) -> PlayedTrick {
        let trump = self.current_trump();
        let played = PlayedTrick {
            trick,
            winner: trick_winner(&trick, trump) as u8,
            next_leader: next_leader(&trick) as u8,
            taken: match self.kind {
                TourKind::Normal => Some(false),
                TourKind::Speco => None,
                TourKind::Superspec => Some(true),
            },
        };
        let index = usize::from(self.tricks_played);
        self.tricks[index] = Some(played);
        self.tricks_played += 1;
        self.collected[usize::from(played.winner)] =
            self.collected[usize::from(played.winner)].union(trick.cards());
        if played.taken == Some(true) {
            self.taken[usize::from(played.winner)].insert(self.trump_card_of(index));
        }
        played
    }

    /// J18: the Spéco winner's choice on the last trick's trump card.
    pub(super) fn choose(&mut self, take: bool) {
        let index = usize::from(self.tricks_played) - 1;
        if let Some(trick) = self.tricks[index].as_mut() {
            trick.taken = Some(take);
            if take {
                let card = self.talon[index];
                self.taken[usize::from(trick.winner)].insert(card);
            }
        }
    }

    /// Every seat's score, once the Tour is complete.
    pub fn final_scores(&self) -> Option<[i64; PLAYERS]> {
        self.specials_holder().map(|_| self.scores())
    }

    /// -19- to -50-: every seat's score for this (complete) Tour.
    pub(super) fn scores(&self) -> [i64; PLAYERS] {
        let holder = self.specials_holder();
        std::array::from_fn(|seat| {
            let specials = if holder == Some(seat) {
                self.specials()
            } else {
                CardSet::EMPTY
            };
            self.bids[seat].map_or(0, |bid| {
                score_tour(
                    bid,
                    self.collected[seat],
                    self.taken[seat],
                    specials,
                    self.kind,
                )
            })
        })
    }

    pub(super) fn save(&self) -> SavedTour {
        SavedTour {
            tour: self.tour,
            tour_kind: self.kind,
            dealer: self.dealer,
            talon: self.talon.to_vec(),
            bids: self.bids,
            tricks: self
                .tricks()
                .map(|t| SavedTrick {
                    leader: t.trick.leader() as u8,
                    cards: json::plays(&t.trick),
                    winner: t.winner,
                    next_leader: t.next_leader,
                    taken: t.taken,
                })
                .collect(),
            specials_holder: self.specials_holder().map(|seat| seat as u8),
        }
    }
}

/// J1: the highest card of the trick's trump suit, otherwise of the led suit.
pub(super) fn trick_winner(trick: &Trick<PLAYERS>, trump: Suit) -> usize {
    let led = trick.led().and_then(Card::suit);
    trick.winner_by(|card| match card.suit() {
        Some(suit) if suit == trump => Some(16 + strength(card)),
        suit if suit == led => Some(strength(card)),
        _ => None,
    })
}

/// -5-, J4: the seat that played the lowest card of the led suit (the leader
/// included): the highest by inverted strength.
pub(super) fn next_leader(trick: &Trick<PLAYERS>) -> usize {
    let led = trick.led().and_then(Card::suit);
    trick.winner_by(|card| (card.suit() == led).then(|| 16 - strength(card)))
}
