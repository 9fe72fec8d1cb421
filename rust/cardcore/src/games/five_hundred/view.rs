//! What one seat may know of a 500 deal: its own hand, every hand's size,
//! the auction, the tricks, and the kitty and the discard only as the rules
//! show them (docs/rules/five_hundred.md, "Observation").

use serde_json::{json, Value};

use super::{Bid, DealRecord, DealResult, FiveHundred, Phase, PlayedTrick, DECK_SET, PLAYERS};
use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::error::{Error, Result};
use crate::observation::{public_accessors, Observation};
use crate::state;
use crate::trick::Trick;

impl FiveHundred {
    /// A card's effective suit under the contract (F3, F4): `None` for the
    /// jokers' own suit in no trump; an error for a card not of the deck.
    pub fn effective_suit(&self, card: Card) -> Result<Option<Suit>> {
        if !DECK_SET.contains(card) {
            return Err(Error::option(
                "card",
                format!("{card} is not a card of the 46-card deck"),
            ));
        }
        Ok(Suit::ALL.get(self.order.suit_of(card)).copied())
    }

    /// Cards of the kitty or the discard as `seat` sees them: the bidder
    /// (there is one once the kitty is taken), and every seat once over.
    fn seen(&self, cards: CardSet, seat: usize) -> Vec<Option<Card>> {
        let shown = self.phase == Phase::Over || self.deal.bidder() == Some(seat);
        cards.iter().map(|card| shown.then_some(card)).collect()
    }

    /// The kitty as `seat` sees it: the bidder once it has taken it.
    pub fn kitty_seen_by(&self, seat: usize) -> Vec<Option<Card>> {
        self.seen(self.deal.kitty(), seat)
    }

    /// The discard as `seat` sees it: the bidder sees it all.
    pub fn discard_seen_by(&self, seat: usize) -> Vec<Option<Card>> {
        self.seen(self.deal.discard(), seat)
    }

    /// Open misère: the bidder's hand, shown to every seat once the first
    /// trick is complete (F6).
    pub fn open_hand(&self) -> Option<CardSet> {
        let bidder = self.deal.bidder()?;
        (self.deal.contract() == Some(Bid::OpenMisere) && !self.deal.tricks().is_empty())
            .then(|| self.hands[bidder])
    }
}

/// The JSON observation (`Game::observation`).
pub(super) fn observation(game: &FiveHundred, seat: usize) -> Result<Value> {
    let mut view = state::observation(game, seat, &game.hands)?;
    view.remove("dealt");
    view.insert("kitty".into(), json!(game.kitty_seen_by(seat)));
    view.insert("discard".into(), json!(game.discard_seen_by(seat)));
    view.insert(
        "open_hand".into(),
        json!(game.open_hand().map(state::hand_cards)),
    );
    Ok(Value::Object(view))
}

public_accessors!(FiveHundred {
    fn dealer(&self) -> usize;
    fn deal_number(&self) -> u32;
    fn auction(&self) -> &[(u8, Bid)];
    fn bidder(&self) -> Option<usize>;
    fn contract(&self) -> Option<Bid>;
    fn effective_suit(&self, card: Card) -> Result<Option<Suit>>;
    fn trick(&self) -> &Trick<PLAYERS>;
    fn tricks(&self) -> &[PlayedTrick];
    fn named(&self) -> Option<Suit>;
    fn tricks_won(&self) -> [u8; 2];
    fn result(&self) -> Option<&DealResult>;
    fn deal_scores(&self) -> &[[i64; 2]];
    fn totals(&self) -> [i64; 2];
    fn previous_deal(&self) -> Option<&DealRecord>;
    fn open_hand(&self) -> Option<CardSet>;
    fn winning_team(&self) -> Option<usize>;
});

impl Observation<FiveHundred> {
    /// The observing seat's cards.
    pub fn hand(&self) -> CardSet {
        self.game().hands[self.seat()]
    }

    /// How many cards each seat holds.
    pub fn hand_sizes(&self) -> [usize; PLAYERS] {
        self.game().hands.map(CardSet::len)
    }

    /// The kitty as this seat sees it.
    pub fn known_kitty(&self) -> Vec<Option<Card>> {
        self.game().kitty_seen_by(self.seat())
    }

    /// The discard as this seat sees it.
    pub fn known_discard(&self) -> Vec<Option<Card>> {
        self.game().discard_seen_by(self.seat())
    }
}
