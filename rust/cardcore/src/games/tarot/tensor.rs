//! French Tarot's tensors (docs/rules/tarot.md, "Observation tensor",
//! "Public observation tensor", "Full-state tensor"): what one seat may know,
//! or what every seat sees, as 1597 features at every table; the whole state
//! as 2148. Seats are counted from the observer (seat 0 in the public tensor)
//! in five blocks; the blocks of seats a table
//! of three or four does not have are zero. Cards are one feature each, in
//! face-id (action-id) order.

use super::play::TRUMPS;
use super::{sizes, Bid, Level, Phase, Tarot, DECK, DECK_SIZE, MAX_PLAYERS};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::Game;
use crate::tensor::{relative, seat_at, Features, Viewer};

/// Per-seat blocks: always five, counted from the observer.
const SEATS: usize = MAX_PLAYERS;
/// The phases, in `Phase`'s order (bid, call, discard, slam, poignee, play, over).
const PHASES: usize = 7;
/// The contracts: prise, garde, garde sans, garde contre.
const CONTRACTS: usize = 4;

/// Match totals are divided by this.
const TOTAL_SCALE: f32 = 1000.0;
/// The last valid deal's scores are divided by this.
const DEAL_SCALE: f32 = 500.0;
/// Hand sizes are divided by this: the largest hand dealt (three players).
const HAND_SCALE: f32 = 24.0;
/// Card points (half points) are divided by the deck's 182.
const HALF_POINTS: f32 = 182.0;

/// 1597: the blocks in the order of docs/rules/tarot.md's table (hand,
/// current trick and its leader, cards played, tricks won, the Excuse, bids,
/// contract, taker, called card, partner, chien, discard, poignées, slam,
/// dealer, seat to act, phase, player count, hand sizes, tricks, card
/// counts, totals, last deal, match progress, `excuse_to_winner`).
pub(super) const TENSOR_SIZE: usize = DECK_SIZE
    + SEATS * DECK_SIZE
    + SEATS
    + SEATS * DECK_SIZE
    + SEATS
    + SEATS
    + SEATS * Bid::ALL.len()
    + CONTRACTS
    + SEATS
    + DECK_SIZE
    + SEATS
    + 1
    + DECK_SIZE
    + DECK_SIZE
    + 1
    + SEATS * Level::ALL.len()
    + SEATS * DECK_SIZE
    + 1
    + SEATS
    + SEATS
    + PHASES
    + 3
    + SEATS
    + 1
    + 4
    + SEATS
    + SEATS
    + 3;

/// The public tensor, then 5 x 78 hands (seat 0 first, zero past the
/// table), 78 chien as dealt, 78 discard, 5 partner.
pub(super) const STATE_TENSOR_SIZE: usize = TENSOR_SIZE + SEATS * DECK_SIZE + 2 * DECK_SIZE + SEATS;

impl Tarot {
    /// The discard as `viewer` sees it (view.rs's `discard_seen_by`, without
    /// the hidden cards' places): whole to the taker and once the match is
    /// over, else its trumps only.
    fn discard_known_to(&self, viewer: Viewer) -> CardSet {
        let discard = self.deal.discard();
        if self.deal.taker().is_some_and(|taker| viewer.is(taker)) || self.phase == Phase::Over {
            discard
        } else {
            discard.intersection(TRUMPS)
        }
    }

    pub(super) fn layout_for(&self, viewer: Viewer, features: &mut Features<'_>) {
        let players = self.players();
        let seat = viewer.origin();
        let from = |other: usize| relative(other, seat, players);
        let at = |k: usize| seat_at(k, seat, players);
        let deal = &self.deal;
        let tricks_per_deal = self.hand_size() as f32;

        features.cards(&DECK, viewer.own(|s| self.hands[s]));
        features.trick::<_, SEATS>(&DECK, &self.trick, seat, players);

        let mut played = [CardSet::EMPTY; SEATS];
        let mut won = [0u8; SEATS];
        let mut excuse_won_by = None;
        for done in deal.tricks() {
            for (s, card) in done.trick.plays() {
                played[s].insert(card);
            }
            let winner = from(usize::from(done.winner));
            won[winner] += 1;
            if done.trick.cards().contains(Card::EXCUSE) {
                excuse_won_by = Some(winner);
            }
        }
        features.seat_cards(&DECK, &played, seat, players);
        for count in won {
            features.value(f32::from(count) / tricks_per_deal);
        }
        features.one_hot(excuse_won_by, SEATS);

        for k in 0..SEATS {
            let bid = at(k).and_then(|s| deal.bids()[s]);
            features.one_hot(bid.map(|b| b as usize), Bid::ALL.len());
        }
        features.one_hot(deal.contract().map(|b| b as usize - 1), CONTRACTS);
        features.one_hot(deal.taker().map(from), SEATS);
        let called = deal.called().map_or(CardSet::EMPTY, CardSet::single);
        features.cards(&DECK, called);
        features.one_hot(self.partner_known_to(viewer).map(from), SEATS);
        features.flag(deal.called().is_some() && self.partner_public());

        let chien = if self.chien_shown() {
            deal.chien()
        } else {
            CardSet::EMPTY
        };
        features.cards(&DECK, chien);
        features.cards(&DECK, self.discard_known_to(viewer));
        features.value(deal.discard().len() as f32 / sizes(players).1 as f32);

        for k in 0..SEATS {
            let level = at(k).and_then(|s| deal.poignees()[s]).map(|p| p.level);
            features.one_hot(level.map(|l| l as usize), Level::ALL.len());
        }
        for k in 0..SEATS {
            let shown = at(k).and_then(|s| deal.poignees()[s]).map(|p| p.shown);
            features.cards(&DECK, shown.unwrap_or(CardSet::EMPTY));
        }
        features.flag(deal.slam());

        features.one_hot(Some(from(deal.dealer())), SEATS);
        features.one_hot(self.current_player().map(from), SEATS);
        features.one_hot(Some(self.phase as usize), PHASES);
        features.one_hot(Some(players - 3), 3);
        for k in 0..SEATS {
            let size = at(k).map_or(0, |s| self.hands[s].len());
            features.value(size as f32 / HAND_SCALE);
        }
        features.value(deal.tricks().len() as f32 / tricks_per_deal);
        for (points, bouts) in self.card_counts().unwrap_or_default() {
            features.value(f32::from(points) / HALF_POINTS);
            features.value(f32::from(bouts) / 3.0);
        }

        for k in 0..SEATS {
            let total = at(k).map_or(0, |s| self.totals[s]);
            features.value(total as f32 / TOTAL_SCALE);
        }
        let last = self.deal_scores.last();
        for k in 0..SEATS {
            let score = at(k).zip(last).map_or(0, |(s, scores)| scores[s]);
            features.value(score as f32 / DEAL_SCALE);
        }
        let (finished, deals) = (self.deal_scores.len(), self.options.deals());
        features.value(finished as f32 / deals as f32);
        features.flag(self.phase != Phase::Over && finished + 1 == deals);
        features.flag(self.options.excuse_to_winner);
    }

    /// The full-state tensor's tail: every hand (seat 0 first), the chien as
    /// dealt, the discard, the called card's holder (none when the taker
    /// plays alone or before the call).
    pub(super) fn hidden_for(&self, features: &mut Features<'_>) {
        let players = self.players();
        features.seat_cards(&DECK, &self.hands, 0, players);
        features.cards(&DECK, self.deal.chien());
        features.cards(&DECK, self.deal.discard());
        features.one_hot(self.deal.partner(), SEATS);
    }
}
