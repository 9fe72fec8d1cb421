//! 500's tensors (docs/rules/five_hundred.md, "Observation tensor", "Public
//! observation tensor", "Full-state tensor"): what one seat may know, or what
//! every seat sees, as 632 features; the whole state as 908. Seats are
//! counted from the observer (seat 0 in the public tensor), teams from its;
//! cards in action-id order.

use super::bids::Bid;
use super::scoring::{Scoring, TARGET};
use super::{
    team_of, FiveHundred, Phase, DECK, FIRST_BID, HAND_SIZE, KITTY_SIZE, PLAYERS, TRICKS_PER_DEAL,
};
use crate::card::Suit;
use crate::cardset::CardSet;
use crate::game::Game;
use crate::tensor::{relative, Features, Viewer};

/// The 46 cards, one feature each.
const CARDS: usize = DECK.len();
/// The bids with the pass, in action order (pass, 6 spades … 10 no trump,
/// misère, open misère).
const BIDS: usize = 28;
/// The same without the pass.
const CONTRACTS: usize = BIDS - 1;
const PHASES: usize = 5;
const OPTIONS: usize = 6;

/// 632: 46 hand, 46 played, 4 x 46 trick, 4 leader, 4 named suit, 4 x 28
/// last bids, 27 highest bid, 4 its holder, 27 contract, 4 trump suit, 1 no
/// trump, 1 misère, 1 value, 4 bidder, 46 kitty, 46 discard, 1 discarded,
/// 46 open hand, 4 dealer, 4 to act, 5 phase, 4 hand sizes, 2 tricks won,
/// 1 tricks, 2 totals, 6 options.
pub(super) const TENSOR_SIZE: usize = CARDS * 2
    + PLAYERS * CARDS
    + PLAYERS * 2
    + PLAYERS * BIDS
    + CONTRACTS
    + PLAYERS
    + CONTRACTS
    + 4
    + 3
    + PLAYERS
    + CARDS * 2
    + 1
    + CARDS
    + PLAYERS * 2
    + PHASES
    + PLAYERS
    + 2
    + 1
    + 2
    + OPTIONS;

/// The public tensor, then 4 x 46 hands (seat 0 first), 46 kitty, 46 discard.
pub(super) const STATE_TENSOR_SIZE: usize = TENSOR_SIZE + PLAYERS * CARDS + 2 * CARDS;

/// A bid's place among the 28 bids: its action's offset from the pass.
fn bid_index(bid: Bid) -> usize {
    usize::from(bid.action() - FIRST_BID)
}

/// A bid other than the pass among the 27.
fn contract_index(bid: Bid) -> Option<usize> {
    bid_index(bid).checked_sub(1)
}

/// The largest hand: ten cards and the kitty, before the discard.
const MOST_CARDS: f32 = (HAND_SIZE + KITTY_SIZE) as f32;

impl FiveHundred {
    pub(super) fn layout_for(&self, viewer: Viewer, features: &mut Features<'_>) {
        let deck = &DECK;
        let seat = viewer.origin();
        let from = |other: usize| relative(other, seat, PLAYERS);
        let deal = &self.deal;

        // The cards: the hand, the tricks done, the trick in play.
        features.cards(deck, viewer.own(|s| self.hands[s]));
        let played = deal
            .tricks()
            .iter()
            .fold(CardSet::EMPTY, |set, t| set.union(t.trick.cards()));
        features.cards(deck, played);
        features.trick::<_, PLAYERS>(deck, &self.trick, seat, PLAYERS);
        features.one_hot(deal.named.map(Suit::index), 4);

        // The auction: each seat's last word, the highest bid and its holder.
        let mut last = [None; PLAYERS];
        for &(bidder, bid) in deal.auction() {
            last[from(usize::from(bidder))] = Some(bid_index(bid));
        }
        for bid in last {
            features.one_hot(bid, BIDS);
        }
        let highest = self.highest_bid();
        features.one_hot(highest.and_then(|(_, bid)| contract_index(bid)), CONTRACTS);
        features.one_hot(
            highest.map(|(holder, _)| from(usize::from(holder))),
            PLAYERS,
        );

        // The contract and its bidder.
        let contract = deal.contract();
        features.one_hot(contract.and_then(contract_index), CONTRACTS);
        let trump = contract.and_then(|bid| bid.strain().trump());
        features.one_hot(trump.map(Suit::index), 4);
        features.flag(contract.is_some() && trump.is_none());
        features.flag(contract.is_some_and(Bid::is_misere));
        features.value(contract.map_or(0, Bid::value) as f32 / TARGET as f32);
        features.one_hot(deal.bidder().map(from), PLAYERS);

        // The kitty and the discard: to the bidder, and to all once over;
        // how many are discarded is public. The open misère's hand.
        let shown = self.phase == Phase::Over || deal.bidder().is_some_and(|b| viewer.is(b));
        let hidden = |cards: CardSet| if shown { cards } else { CardSet::EMPTY };
        features.cards(deck, hidden(deal.kitty()));
        features.cards(deck, hidden(deal.discard()));
        features.value(deal.discard().len() as f32 / KITTY_SIZE as f32);
        features.cards(deck, self.open_hand().unwrap_or(CardSet::EMPTY));

        // The table: dealer, seat to act, phase, hand sizes.
        features.one_hot(Some(from(deal.dealer())), PLAYERS);
        features.one_hot(self.current_player().map(from), PLAYERS);
        let phase = match self.phase {
            Phase::Bid => 0,
            Phase::Discard => 1,
            Phase::Name => 2,
            Phase::Play => 3,
            Phase::Over => 4,
        };
        features.one_hot(Some(phase), PHASES);
        for k in 0..PLAYERS {
            features.value(self.hands[(seat + k) % PLAYERS].len() as f32 / MOST_CARDS);
        }

        // The scores: tricks this deal, the match totals, own team first.
        let (own, other) = (team_of(seat), 1 - team_of(seat));
        let won = deal.tricks_won();
        let tricks = TRICKS_PER_DEAL as f32;
        features.value(f32::from(won[own]) / tricks);
        features.value(f32::from(won[other]) / tricks);
        features.value(deal.tricks().len() as f32 / tricks);
        features.value(self.totals[own] as f32 / TARGET as f32);
        features.value(self.totals[other] as f32 / TARGET as f32);

        // The options, public and fixed.
        let options = &self.options;
        features.flag(options.single_deal);
        features.flag(options.single_round);
        features.flag(options.misere);
        features.flag(options.joker_names_suit);
        features.flag(options.scoring == Scoring::Variant);
        features.flag(options.slam_bonus);
    }

    /// The full-state tensor's tail: every hand (seat 0 first), the kitty
    /// as dealt, the discard.
    pub(super) fn hidden_for(&self, features: &mut Features<'_>) {
        features.seat_cards(&DECK, &self.hands, 0, PLAYERS);
        features.cards(&DECK, self.deal.kitty());
        features.cards(&DECK, self.deal.discard());
    }
}
