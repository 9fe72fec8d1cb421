//! Brouc's tensors (docs/rules/brouc.md, "Observation tensor", "Public
//! observation tensor", "Full-state tensor"): what one seat may know, or
//! what every seat sees, as 382 features; the whole state as 510. Seats are
//! counted from the observer (seat 0 in the public tensor), teams from its.

use super::{team_of, Brouc, CARDS, PLAYERS, TRICKS_PER_DEAL};
use crate::cardset::CardSet;
use crate::game::Game;
use crate::tensor::{relative, Features, Viewer};

/// 32 hand + 32 played + 4 x 32 trick + 4 leader + 4 trump suit + 32 trump
/// card + 1 held + 4 dealer + 4 to act + 4 x 32 announced + 4 hand sizes
/// + 2 card points + 2 marriages + 2 announcements + 2 totals + 1 tricks.
pub(super) const TENSOR_SIZE: usize = 382;

/// The public tensor, then 4 x 32 hands (seat 0 first).
pub(super) const STATE_TENSOR_SIZE: usize = TENSOR_SIZE + PLAYERS * CARDS.deck().len();

impl Brouc {
    pub(super) fn layout_for(&self, viewer: Viewer, features: &mut Features<'_>) {
        let deck = CARDS.deck();
        let seat = viewer.origin();
        let from = |other: usize| relative(other, seat, PLAYERS);
        let deal = &self.deal;
        features.cards(deck, viewer.own(|s| self.hands[s]));
        let played = deal
            .tricks()
            .fold(CardSet::EMPTY, |set, t| set.union(t.trick.cards()));
        features.cards(deck, played);
        features.trick::<_, PLAYERS>(deck, &self.trick, seat, PLAYERS);
        features.one_hot(Some(deal.trump.index()), 4);
        features.cards(deck, CardSet::single(deal.trump_card));
        features.flag(self.trump_card_held());
        features.one_hot(Some(from(deal.dealer())), PLAYERS);
        features.one_hot(self.current_player().map(from), PLAYERS);
        let mut announced = [CardSet::EMPTY; PLAYERS];
        for announcement in deal.announcements() {
            let shown: CardSet = announcement.cards().into_iter().collect();
            let block = &mut announced[from(usize::from(announcement.seat))];
            *block = block.union(shown);
        }
        for cards in announced {
            features.cards(deck, cards);
        }
        for k in 0..PLAYERS {
            features.value(self.hands[(seat + k) % PLAYERS].len() as f32 / 8.0);
        }
        let (own, other) = (team_of(seat), 1 - team_of(seat));
        let target = self.options.target as f32;
        for (values, scale) in [
            (deal.card_points, 120.0),
            (deal.marriages, 100.0),
            (deal.announced_points, 100.0),
            (self.totals, target),
        ] {
            features.value(values[own] as f32 / scale);
            features.value(values[other] as f32 / scale);
        }
        features.value(f32::from(deal.tricks_played) / TRICKS_PER_DEAL as f32);
    }

    /// The full-state tensor's tail: every hand, seat 0 first.
    pub(super) fn hidden_for(&self, features: &mut Features<'_>) {
        features.seat_cards(CARDS.deck(), &self.hands, 0, PLAYERS);
    }
}
