//! What one seat may know of a 500 deal: its own hand, every hand's size,
//! the auction, the tricks, and the kitty and the discard only as the rules
//! show them (docs/rules/five_hundred.md, "Observation").

use serde_json::{json, Value};

use super::{Bid, DealResult, FiveHundred, Phase, PlayedTrick, Strain, DECK_SET, PLAYERS};
use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::error::{Error, Result};
use crate::game::{ActionId, Game};
use crate::observation::{public_accessors, Observation};
use crate::state;
use crate::trick::Trick;

impl FiveHundred {
    /// A card's effective suit under the contract (F3, F4): `None` for the
    /// jokers' own suit in no trump (and misère); an error for a card not of
    /// the deck, and before any contract (the auction of this deal is not
    /// over: the jokers belong to no suit yet).
    pub fn effective_suit(&self, card: Card) -> Result<Option<Suit>> {
        if !DECK_SET.contains(card) {
            return Err(Error::option(
                "card",
                format!("{card} is not a card of the 46-card deck"),
            ));
        }
        if self.contract().is_none() {
            return Err(Error::option(
                "contract",
                format!(
                    "none yet: {card}'s effective suit is known once this deal's auction is over"
                ),
            ));
        }
        Ok(Suit::ALL.get(self.order.suit_of(card)).copied())
    }

    /// What a legal action does now (`Game::describe_legal`): a bid's
    /// contract and worth, a card's part under the contract.
    pub(super) fn describe_now(&self, action: ActionId) -> Option<String> {
        let kind = Self::action_kind(action);
        let text = Self::action_text(action);
        Some(match kind {
            "bid" => match Bid::of_action(action)? {
                Bid::Pass => "pass: out of this deal's auction".to_owned(),
                Bid::Tricks(tricks, strain) => {
                    let trump = match strain.trump() {
                        Some(_) => format!("{} trumps", strain.name()),
                        None => "no trump (the jokers the only trumps)".to_owned(),
                    };
                    let bid = Bid::Tricks(tricks, strain);
                    format!(
                        "bid {text}: your team to win {tricks} of the 10 tricks, {trump}; worth {}",
                        bid.value()
                    )
                }
                bid @ Bid::Misere => format!(
                    "bid {text}: win no trick, playing alone in no trump; worth {}",
                    bid.value()
                ),
                bid @ Bid::OpenMisere => format!(
                    "bid {text}: win no trick, playing alone in no trump with your hand shown; \
                     worth {}",
                    bid.value()
                ),
            },
            "discard" => {
                let left = 6usize.saturating_sub(self.current_deal().discard().len() + 1);
                format!("{text}: it counts for nobody ({left} more to discard)")
            }
            "name" => format!("{text}: the joker led asks for that suit"),
            _ => {
                let card = Self::action_card(action)?;
                let contract = self.contract()?.text();
                match self.effective_suit(card).ok()? {
                    None => format!("play {card}: a joker, one of no trump's two trumps"),
                    Some(suit) if card.suit() != Some(suit) || card.is_joker() => {
                        let strain = Strain::ALL.iter().find(|s| s.trump() == Some(suit))?;
                        format!("play {card}: a trump of {} under {contract}", strain.name())
                    }
                    Some(_) => return None,
                }
            }
        })
    }

    /// The contract's trump suit: `None` in no trump and misère, and before
    /// any contract (when `contract()` is `None` too).
    pub fn trump(&self) -> Option<Suit> {
        self.contract()
            .and_then(|contract| contract.strain().trump())
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
    fn trump(&self) -> Option<Suit>;
    fn trick(&self) -> &Trick<PLAYERS>;
    fn tricks(&self) -> &[PlayedTrick];
    fn named(&self) -> Option<Suit>;
    fn tricks_won(&self) -> [u8; 2];
    fn result(&self) -> Option<&DealResult>;
    fn deal_scores(&self) -> &[[i64; 2]];
    fn totals(&self) -> [i64; 2];
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
