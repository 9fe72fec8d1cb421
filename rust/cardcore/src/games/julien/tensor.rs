//! Le Julien's tensors (docs/rules/julien.md, "Observation tensor", "Public
//! observation tensor", "Full-state tensor"): what one seat may know, or what
//! every seat sees, as 1185 features; the whole state as 1597. Seats are
//! counted from the observer (seat 0 in the public tensor). A talon card
//! still masked (J21) leaves its features zero but in the full state.

use super::{
    action_of, Bid, Julien, Phase, TourKind, DECK, HAND_SIZE, PLAYERS, TALON_SIZE, TOURS,
    TRICKS_PER_TOUR,
};
use crate::card::Card;
use crate::game::Game;
use crate::tensor::{relative, Features, Viewer};

/// The 52 cards, one feature each.
const CARDS: usize = DECK.len();
/// A talon card: its suit (4), then its rank (13).
const TALON_CARD: usize = 4 + 13;
/// What the match totals are divided by (a total beyond 200 points either
/// way is rare).
pub(super) const TOTAL_SCALE: f32 = 200.0;

/// 52 hand + 4 x 52 trick + 4 leader + 4 x 52 played + 4 x 52 collected
/// + 4 x 52 taken + 12 x 17 talon + 4 trump + 4 specials holder + 4 x 12 bids
/// + 3 kind + 6 tour + 4 phase + 4 dealer + 4 to act + 4 hand sizes
/// + 4 tricks won + 1 tricks + 4 totals + 3 options.
pub(super) const TENSOR_SIZE: usize = CARDS
    + PLAYERS * CARDS
    + PLAYERS
    + 3 * PLAYERS * CARDS
    + TALON_SIZE * TALON_CARD
    + 4
    + PLAYERS
    + PLAYERS * Bid::ALL.len()
    + TourKind::ALL.len()
    + TOURS as usize
    + 4
    + 2 * PLAYERS
    + 2 * PLAYERS
    + 1
    + PLAYERS
    + 3;

const _: () = assert!(TENSOR_SIZE == 1185);

/// The public tensor, then 4 x 52 hands (seat 0 first) and the whole talon,
/// 12 x 17.
pub(super) const STATE_TENSOR_SIZE: usize = TENSOR_SIZE + PLAYERS * CARDS + TALON_SIZE * TALON_CARD;

/// A talon card as 17 features: its suit, then its rank (none for `None`).
fn talon_card(features: &mut Features<'_>, card: Option<Card>) {
    let id = card.and_then(action_of).map(usize::from);
    features.one_hot(id.map(|id| id / 13), 4);
    features.one_hot(id.map(|id| id % 13), 13);
}

impl Julien {
    pub(super) fn layout_for(&self, viewer: Viewer, features: &mut Features<'_>) {
        let deck = &DECK;
        let seat = viewer.origin();
        let from = |other: usize| relative(other, seat, PLAYERS);
        let tour = &self.tour;
        features.cards(deck, viewer.own(|s| self.hands[s]));

        features.cards_by_seat::<PLAYERS>(deck, self.trick.plays(), seat, PLAYERS);
        // The observation names the leader even before it leads.
        features.one_hot(Some(from(self.trick.leader())), PLAYERS);

        let played = tour.tricks().flat_map(|trick| trick.trick.plays());
        features.cards_by_seat::<PLAYERS>(deck, played, seat, PLAYERS);
        let mut won = [0u8; PLAYERS];
        for trick in tour.tricks() {
            won[from(usize::from(trick.winner))] += 1;
        }
        for k in 0..PLAYERS {
            features.cards(deck, tour.collected((seat + k) % PLAYERS));
        }
        for k in 0..PLAYERS {
            features.cards(deck, tour.taken((seat + k) % PLAYERS));
        }

        // J21: only the talon cards every seat sees.
        for card in self.visible_talon() {
            talon_card(features, card);
        }
        features.one_hot(self.trump().map(|suit| suit.index()), 4);
        features.one_hot(self.specials_holder().map(from), PLAYERS);

        for k in 0..PLAYERS {
            let bid = tour.bids[(seat + k) % PLAYERS].map(Bid::index);
            features.one_hot(bid, Bid::ALL.len());
        }
        let kind = TourKind::ALL.iter().position(|&kind| kind == tour.kind);
        features.one_hot(kind, TourKind::ALL.len());
        features.one_hot(Some(usize::from(tour.tour) - 1), usize::from(TOURS));
        let phase = match self.phase {
            Phase::Bid => 0,
            Phase::Play => 1,
            Phase::Speco => 2,
            Phase::Over => 3,
        };
        features.one_hot(Some(phase), 4);
        features.one_hot(Some(from(tour.dealer())), PLAYERS);
        features.one_hot(self.current_player().map(from), PLAYERS);

        for k in 0..PLAYERS {
            features.value(self.hands[(seat + k) % PLAYERS].len() as f32 / HAND_SIZE as f32);
        }
        for tricks in won {
            features.value(f32::from(tricks) / TRICKS_PER_TOUR as f32);
        }
        features.value(f32::from(tour.tricks_played) / TRICKS_PER_TOUR as f32);
        for k in 0..PLAYERS {
            features.value(self.totals[(seat + k) % PLAYERS] as f32 / TOTAL_SCALE);
        }

        let options = self.options;
        features.flag(options.single_deal);
        features.flag(options.masked_talon);
        features.flag(Bid::twenty_five_allowed(
            tour.kind,
            options.twenty_five_every_tour,
        ));
    }

    /// The full-state tensor's tail: every hand (seat 0 first), then the
    /// whole talon, masked cards too.
    pub(super) fn hidden_for(&self, features: &mut Features<'_>) {
        features.seat_cards(&DECK, &self.hands, 0, PLAYERS);
        for &card in self.tour.talon() {
            talon_card(features, Some(card));
        }
    }
}
