//! The state JSON (docs/rules/brouc.md, "State JSON") and reading it back by replay.

use serde::{Deserialize, Serialize};

use super::{
    deck_set, Announcement, Brouc, DealRecord, Options, CARDS, OPTIONS, PLAYERS, TRICKS_PER_DEAL,
};
use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::deal::{check_dealt, starting_hands};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::json::{self, Plays};
use crate::options;
use crate::rng::SplitMix64;
use crate::state::{self, Aside, DealShape, History, Replay, ReplayInputs, View};

/// How a deal was dealt: the hands, and the dealer's last card, turned for trump.
#[derive(Clone, Copy, Debug)]
pub struct Dealt {
    pub(super) hands: [CardSet; PLAYERS],
    pub(super) trump_card: Card,
}

/// A completed trick as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedTrick {
    pub(super) leader: u8,
    pub(super) cards: Plays,
    pub(super) winner: u8,
}

/// A finished deal's public record as saved (`finished_deals`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedDeal {
    pub(super) dealer: u8,
    pub(super) trump: Suit,
    pub(super) trump_card: Card,
    pub(super) tricks: Vec<SavedTrick>,
    pub(super) card_points: [i64; 2],
    pub(super) marriages: [i64; 2],
    pub(super) announcements: Vec<Announcement>,
}

/// The state JSON (docs/rules/brouc.md, "State JSON").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    pub(super) game: String,
    pub(super) version: u8,
    pub(super) options: Options,
    pub(super) rng: u64,
    pub(super) phase: String,
    pub(super) dealer: u8,
    pub(super) deal_number: u32,
    pub(super) trump: Suit,
    pub(super) trump_card: Card,
    pub(super) hands: [Vec<Card>; PLAYERS],
    pub(super) trick_leader: u8,
    pub(super) trick: Plays,
    pub(super) tricks: Vec<SavedTrick>,
    pub(super) card_points: [i64; 2],
    pub(super) marriages: [i64; 2],
    pub(super) announcements: Vec<Announcement>,
    pub(super) finished_deals: Vec<SavedDeal>,
    pub(super) deal_scores: Vec<[i64; 2]>,
    pub(super) capes: [u32; 2],
    #[serde(deserialize_with = "json::nullable")]
    pub(super) winner: Option<u8>,
    pub(super) history: History<Brouc>,
}

/// A deal as a saved state shows it: its dealer and turned card, and each
/// seat's starting hand (its plays in `tricks`, then what it still holds).
pub(super) fn dealt(
    dealer: u8,
    trump_card: Card,
    plays: Plays,
    held: [CardSet; PLAYERS],
) -> Result<(usize, Dealt)> {
    let hands = starting_hands(plays, held)?;
    check_dealt(&hands, TRICKS_PER_DEAL, &[], deck_set())?;
    let dealer = state::saved_dealer(Brouc::NAME, PLAYERS, dealer)?;
    if !hands[dealer].contains(trump_card) {
        return Err(Error::json(format!(
            "trump_card: {trump_card} is not among the cards dealt to the dealer, seat {dealer}"
        )));
    }
    Ok((dealer, Dealt { hands, trump_card }))
}

impl Replay for Brouc {
    type Saved = Saved;
    type Deal = Dealt;
    const FINISHED_KEY: &'static str = "finished_deals";
    const PREVIOUS_KEY: &'static str = "previous_deal";

    fn save(&self, view: View) -> Saved {
        let whole = view == View::Whole;
        Saved {
            game: Self::NAME.to_owned(),
            version: 1,
            options: self.options,
            rng: view.rng(&self.rng),
            phase: self.phase().to_owned(),
            dealer: self.deal.dealer,
            deal_number: self.deal_number,
            trump: self.deal.trump,
            trump_card: self.deal.trump_card,
            hands: if whole {
                self.hands.map(state::hand_cards)
            } else {
                Default::default()
            },
            trick_leader: self.trick.leader() as u8,
            trick: json::plays(&self.trick),
            tricks: self.deal.saved_tricks(),
            card_points: self.deal.card_points,
            marriages: self.deal.marriages,
            announcements: self.deal.saved_announcements(),
            finished_deals: state::finished(&self.finished_deals, view)
                .iter()
                .map(DealRecord::save)
                .collect(),
            deal_scores: self.deal_scores.clone(),
            capes: self.capes,
            winner: self.winner,
            history: view.history(&self.history),
        }
    }

    fn replay_inputs(saved: &Saved) -> Result<ReplayInputs<Brouc>> {
        let options = options::read_saved(OPTIONS, &saved.options, Ok)?;
        let deals = state::recorded_deals::<Self, _>(
            &saved.finished_deals,
            |deal| {
                let plays = json::all_plays(deal.tricks.iter().map(|t| &t.cards));
                dealt(
                    deal.dealer,
                    deal.trump_card,
                    plays,
                    [CardSet::EMPTY; PLAYERS],
                )
            },
            dealt(
                saved.dealer,
                saved.trump_card,
                json::all_plays(saved.tricks.iter().map(|t| &t.cards).chain([&saved.trick])),
                state::held(&saved.hands),
            ),
        )?;
        Ok(ReplayInputs::new(options, saved.rng, deals, &saved.history))
    }

    fn deal_number(&self) -> usize {
        self.deal_number as usize
    }

    fn dealer(&self) -> usize {
        self.dealer()
    }

    fn first_dealer_fixed(&self) -> bool {
        self.options.first_dealer.is_some()
    }

    fn redeal(&mut self, _number: usize, dealer: usize, deal: &Dealt) {
        self.start_deal(dealer, deal);
    }

    fn set_rng(&mut self, rng: SplitMix64) {
        self.rng = rng;
    }

    const ASIDE: Aside = Aside::Turned("trump_card");

    fn deal_shape(&self) -> DealShape {
        DealShape {
            deck: CARDS.deck().to_vec(),
            hand_size: TRICKS_PER_DEAL,
            aside_size: 0,
        }
    }

    fn chosen_deal(&self, dealer: usize, hands: &[Vec<Card>], aside: &[Card]) -> Result<Dealt> {
        let held = std::array::from_fn(|seat| hands[seat].iter().copied().collect());
        let turned = aside.first().copied().unwrap_or(CARDS.deck()[0]);
        dealt(dealer as u8, turned, Plays::new(), held).map(|(_, deal)| deal)
    }
}
