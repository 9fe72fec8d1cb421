//! A deal's public record: its turned card, tricks, points, marriages and announcements.

use serde::{Deserialize, Serialize};

use super::scoring::{points, trick_marriages};
use super::{team_of, SavedDeal, SavedTrick, MAX_ANNOUNCEMENTS, PLAYERS, TRICKS_PER_DEAL};
use crate::card::{Card, Rank, Suit};
use crate::json;
use crate::trick::Trick;

/// A combination announced from a player's hand (B10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Announcement {
    pub seat: u8,
    pub suit: Suit,
    pub value: u16,
}

impl Announcement {
    /// The cards it shows: K and Q, and the J for 30 or 60.
    pub fn cards(&self) -> Vec<Card> {
        let mut ranks = vec![Rank::King, Rank::Queen];
        if self.value % 30 == 0 {
            ranks.push(Rank::Jack);
        }
        ranks.into_iter().map(|r| Card::new(self.suit, r)).collect()
    }
}

/// A completed trick and who won it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedTrick {
    pub trick: Trick<PLAYERS>,
    pub winner: u8,
}

/// The public record of one deal: what everyone at the table saw of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealRecord {
    pub(super) dealer: u8,
    pub(super) trump_card: Card,
    /// The suit of `trump_card`, kept at hand for the hot paths.
    pub(super) trump: Suit,
    pub(super) tricks: [Option<PlayedTrick>; TRICKS_PER_DEAL],
    pub(super) tricks_played: u8,
    pub(super) card_points: [i64; 2],
    pub(super) marriages: [i64; 2],
    pub(super) announcements: [Option<Announcement>; MAX_ANNOUNCEMENTS],
    pub(super) announcement_count: u8,
    /// Bit `seat * 4 + suit` once that combination is announced (each scores once).
    pub(super) announced_mask: u16,
    /// Announcement points per team this deal.
    pub(super) announced_points: [i64; 2],
}

impl DealRecord {
    pub(super) fn new(dealer: usize, trump_card: Card) -> DealRecord {
        DealRecord {
            dealer: dealer as u8,
            trump_card,
            trump: trump_card.suit().unwrap_or(Suit::Spades),
            tricks: [None; TRICKS_PER_DEAL],
            tricks_played: 0,
            card_points: [0; 2],
            marriages: [0; 2],
            announcements: [None; MAX_ANNOUNCEMENTS],
            announcement_count: 0,
            announced_mask: 0,
            announced_points: [0; 2],
        }
    }

    pub const fn dealer(&self) -> usize {
        self.dealer as usize
    }

    pub const fn trump_card(&self) -> Card {
        self.trump_card
    }

    pub fn tricks(&self) -> impl Iterator<Item = &PlayedTrick> {
        self.tricks.iter().flatten()
    }

    pub const fn card_points(&self) -> [i64; 2] {
        self.card_points
    }

    pub const fn marriages(&self) -> [i64; 2] {
        self.marriages
    }

    pub fn announcements(&self) -> impl Iterator<Item = &Announcement> {
        self.announcements.iter().flatten()
    }

    pub(super) fn record_announcement(&mut self, announcement: Announcement) {
        let seat = usize::from(announcement.seat);
        self.announcements[usize::from(self.announcement_count)] = Some(announcement);
        self.announcement_count += 1;
        self.announced_mask |= 1 << (seat * 4 + announcement.suit.index());
        self.announced_points[team_of(seat)] += i64::from(announcement.value);
    }

    /// B12: a completed trick's card points and marriages go to its winner.
    pub(super) fn record_trick(&mut self, trick: Trick<PLAYERS>, winner: usize) {
        let cards = trick.cards();
        self.card_points[team_of(winner)] += points(cards);
        self.marriages[team_of(winner)] += trick_marriages(cards, self.trump);
        self.tricks[usize::from(self.tricks_played)] = Some(PlayedTrick {
            trick,
            winner: winner as u8,
        });
        self.tricks_played += 1;
    }

    pub(super) fn saved_tricks(&self) -> Vec<SavedTrick> {
        self.tricks()
            .map(|t| SavedTrick {
                leader: t.trick.leader() as u8,
                cards: json::plays(&t.trick),
                winner: t.winner,
            })
            .collect()
    }

    pub(super) fn saved_announcements(&self) -> Vec<Announcement> {
        self.announcements().copied().collect()
    }

    pub(super) fn save(&self) -> SavedDeal {
        SavedDeal {
            dealer: self.dealer,
            trump: self.trump,
            trump_card: self.trump_card,
            tricks: self.saved_tricks(),
            card_points: self.card_points,
            marriages: self.marriages,
            announcements: self.saved_announcements(),
        }
    }
}
