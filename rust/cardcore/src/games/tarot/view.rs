//! What one seat may know of a Tarot deal: its own hand, every hand's size,
//! the public table, and the chien, the discard and the partner only as the
//! rules show them (docs/rules/tarot.md, "Observation").

use serde_json::{json, Value};

use super::play::TRUMPS;
use super::{Bid, DealRecord, DealResult, Phase, PlayedTrick, Poignee, Tarot, Void, MAX_PLAYERS};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::error::Result;
use crate::observation::{public_accessors, Observation};
use crate::state;
use crate::tensor::Viewer;
use crate::trick::Trick;

impl Tarot {
    /// The chien as every seat sees it: `None` for each card not shown.
    pub fn public_chien(&self) -> Vec<Option<Card>> {
        let shown = self.chien_shown();
        self.deal
            .chien()
            .iter()
            .map(|card| shown.then_some(card))
            .collect()
    }

    /// The discard as the seats other than the taker see it.
    pub fn public_discard(&self) -> Vec<Option<Card>> {
        self.discard_seen_by(Viewer::Public)
    }

    /// The partner once every seat knows it.
    pub fn public_partner(&self) -> Option<usize> {
        self.partner_known_to(Viewer::Public)
    }

    /// The discard as `viewer` sees it: the taker sees it all, the others
    /// `None` for each suit card, then the discarded trumps (all at the end).
    fn discard_seen_by(&self, viewer: Viewer) -> Vec<Option<Card>> {
        let discard = self.deal.discard();
        let taker = self.deal.taker().map(Viewer::Seat);
        if Some(viewer) == taker || self.phase == Phase::Over {
            return discard.iter().map(Some).collect();
        }
        let hidden = discard.difference(TRUMPS);
        std::iter::repeat_n(None, hidden.len())
            .chain(discard.intersection(TRUMPS).iter().map(Some))
            .collect()
    }

    /// The partner as `viewer` knows it: the partner knows itself, the
    /// others once the called card is played or shown (five players).
    pub(super) fn partner_known_to(&self, viewer: Viewer) -> Option<usize> {
        let partner = self.deal.partner()?;
        (viewer == Viewer::Seat(partner) || self.partner_public()).then_some(partner)
    }
}

impl DealRecord {
    /// The hands as dealt, as a seat is shown them once the deal is finished:
    /// all of them, but for a void deal only the petit sec hands (D2).
    pub fn shown_dealt(&self, players: usize) -> Vec<CardSet> {
        self.dealt()[..players]
            .iter()
            .map(|&hand| match self.void() {
                Some(Void::AllPass) => CardSet::EMPTY,
                Some(Void::PetitSec) if !super::play::petit_sec(hand) => CardSet::EMPTY,
                _ => hand,
            })
            .collect()
    }

    /// The record as a seat is shown it (`shown_dealt`): what a record shown
    /// to a seat carries when it travels.
    pub fn shown(&self, players: usize) -> DealRecord {
        let mut shown = self.clone();
        for (hand, seen) in shown.dealt.iter_mut().zip(self.shown_dealt(players)) {
            *hand = seen;
        }
        shown
    }
}

/// The JSON observation (`Game::observation`).
pub(super) fn observation(game: &Tarot, seat: usize) -> Result<Value> {
    let mut view = state::observation(game, seat, &game.hands[..game.players()])?;
    view.remove("dealt");
    let viewer = Viewer::Seat(seat);
    view.insert("chien".into(), json!(game.public_chien()));
    view.insert("discard".into(), json!(game.discard_seen_by(viewer)));
    view.insert("partner".into(), json!(game.partner_known_to(viewer)));
    Ok(Value::Object(view))
}

public_accessors!(Tarot {
    fn dealer(&self) -> usize;
    fn deal_number(&self) -> u32;
    fn bids(&self) -> &[Option<Bid>];
    fn taker(&self) -> Option<usize>;
    fn contract(&self) -> Option<Bid>;
    fn called(&self) -> Option<Card>;
    fn slam_announced(&self) -> bool;
    fn poignees(&self) -> &[Option<Poignee>];
    fn trick(&self) -> &Trick<MAX_PLAYERS>;
    fn tricks(&self) -> &[PlayedTrick];
    fn result(&self) -> Option<&DealResult>;
    fn deal_scores(&self) -> Vec<Vec<i64>>;
    fn card_counts(&self) -> Option<[(u8, u8); 2]>;
    fn public_chien(&self) -> Vec<Option<Card>>;
    fn public_discard(&self) -> Vec<Option<Card>>;
    fn public_partner(&self) -> Option<usize>;
});

impl Observation<Tarot> {
    /// The observing seat's cards.
    pub fn hand(&self) -> CardSet {
        self.game().hands[self.seat()]
    }

    /// How many cards each seat holds.
    pub fn hand_sizes(&self) -> Vec<usize> {
        let game = self.game();
        game.hands[..game.players()]
            .iter()
            .map(|h| h.len())
            .collect()
    }

    /// The discard as this seat sees it: the taker sees it all.
    pub fn known_discard(&self) -> Vec<Option<Card>> {
        self.game().discard_seen_by(Viewer::Seat(self.seat()))
    }

    /// The partner, once this seat knows it: the partner knows itself.
    pub fn known_partner(&self) -> Option<usize> {
        self.game().partner_known_to(Viewer::Seat(self.seat()))
    }
}
