//! The state JSON (docs/rules/five_hundred.md, "State JSON") and reading it
//! back by replay.

use serde::{Deserialize, Serialize};

use super::{
    Bid, DealRecord, DealResult, Dealt, FiveHundred, Options, PlayedTrick, DECK, DECK_SET,
    HAND_SIZE, OPTIONS, PLAYERS,
};
use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::deal::check_dealt;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::json::{self, Plays};
use crate::options;
use crate::rng::SplitMix64;
use crate::state::{self, Aside, DealShape, History, Replay, ReplayInputs, View};

/// Why a finished deal was void: all four passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Void {
    #[serde(rename = "all pass")]
    AllPass,
}

/// A completed trick as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedTrick {
    leader: u8,
    cards: Plays,
    winner: u8,
    #[serde(deserialize_with = "json::nullable")]
    named: Option<Suit>,
}

/// A finished deal's record as saved (`finished_deals`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedDeal {
    deal: u32,
    dealer: u8,
    dealt: [Vec<Card>; PLAYERS],
    kitty: Vec<Card>,
    #[serde(deserialize_with = "json::nullable")]
    void: Option<Void>,
    bids: Vec<(Bid, u8)>,
    #[serde(deserialize_with = "json::nullable")]
    bidder: Option<u8>,
    #[serde(deserialize_with = "json::nullable")]
    contract: Option<Bid>,
    discard: Vec<Card>,
    tricks: Vec<SavedTrick>,
    #[serde(deserialize_with = "json::nullable")]
    result: Option<DealResult>,
}

/// The state JSON (docs/rules/five_hundred.md, "State JSON"). The current
/// deal's keys are a record's (serde cannot flatten with unknown fields denied).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    game: String,
    version: u8,
    options: Options,
    rng: u64,
    phase: String,
    deal: u32,
    dealer: u8,
    dealt: [Vec<Card>; PLAYERS],
    kitty: Vec<Card>,
    bids: Vec<(Bid, u8)>,
    #[serde(deserialize_with = "json::nullable")]
    bidder: Option<u8>,
    #[serde(deserialize_with = "json::nullable")]
    contract: Option<Bid>,
    discard: Vec<Card>,
    #[serde(deserialize_with = "json::nullable")]
    named: Option<Suit>,
    hands: [Vec<Card>; PLAYERS],
    trick_leader: u8,
    trick: Plays,
    tricks: Vec<SavedTrick>,
    #[serde(deserialize_with = "json::nullable")]
    result: Option<DealResult>,
    deal_scores: Vec<[i64; 2]>,
    finished_deals: Vec<SavedDeal>,
    history: History<FiveHundred>,
}

fn save_trick(played: &PlayedTrick) -> SavedTrick {
    SavedTrick {
        leader: played.trick.leader() as u8,
        cards: json::plays(&played.trick),
        winner: played.winner,
        named: played.named,
    }
}

/// A deal's record; with [`View::Public`] a void deal's hands and kitty
/// are not shown (the cards were thrown in unseen).
fn save_deal(deal: &DealRecord, view: View) -> SavedDeal {
    let hidden = view == View::Public && deal.void();
    let cards = |set: CardSet| {
        if hidden {
            Vec::new()
        } else {
            state::hand_cards(set)
        }
    };
    SavedDeal {
        deal: deal.number(),
        dealer: deal.dealer() as u8,
        dealt: deal.dealt().map(cards),
        kitty: cards(deal.kitty()),
        void: deal.void().then_some(Void::AllPass),
        bids: deal
            .auction()
            .iter()
            .map(|&(seat, bid)| (bid, seat))
            .collect(),
        bidder: deal.bidder().map(|seat| seat as u8),
        contract: deal.contract(),
        discard: state::hand_cards(deal.discard()),
        tricks: deal.tricks().iter().map(save_trick).collect(),
        result: deal.result().copied(),
    }
}

/// The cards dealt to the kitty.
const KITTY_SIZE: usize = 6;

/// A deal as a saved state records it, which must be a possible deal.
fn dealt(dealer: u8, hands: &[Vec<Card>; PLAYERS], kitty: &[Card]) -> Result<(usize, Dealt)> {
    let hands = state::held(hands);
    if kitty.len() != KITTY_SIZE {
        return Err(Error::json(format!(
            "kitty: expected {KITTY_SIZE} cards, got {}",
            kitty.len()
        )));
    }
    check_dealt(&hands, HAND_SIZE, kitty, DECK_SET)?;
    let dealer = state::saved_dealer(FiveHundred::NAME, PLAYERS, dealer)?;
    Ok((
        dealer,
        Dealt {
            hands,
            kitty: kitty.iter().copied().collect(),
        },
    ))
}

impl Replay for FiveHundred {
    type Saved = Saved;
    type Deal = Dealt;
    const FINISHED_KEY: &'static str = "finished_deals";
    const PREVIOUS_KEY: &'static str = "previous_deal";

    fn save(&self, view: View) -> Saved {
        let whole = view == View::Whole;
        let current = save_deal(&self.deal, View::Whole);
        Saved {
            game: Self::NAME.to_owned(),
            version: 1,
            options: self.options,
            rng: view.rng(&self.rng),
            phase: self.phase().to_owned(),
            deal: current.deal,
            dealer: current.dealer,
            dealt: if whole {
                current.dealt
            } else {
                Default::default()
            },
            kitty: current.kitty,
            bids: current.bids,
            bidder: current.bidder,
            contract: current.contract,
            discard: current.discard,
            named: self.deal.named,
            hands: if whole {
                self.hands.map(state::hand_cards)
            } else {
                Default::default()
            },
            trick_leader: self.trick.leader() as u8,
            trick: json::plays(&self.trick),
            tricks: current.tricks,
            result: current.result,
            deal_scores: self.deal_scores.clone(),
            finished_deals: state::finished(&self.finished_deals, view)
                .iter()
                .map(|deal| save_deal(deal, view))
                .collect(),
            history: view.history(&self.history),
        }
    }

    fn replay_inputs(saved: &Saved) -> Result<ReplayInputs<FiveHundred>> {
        let options = options::read_saved(OPTIONS, &saved.options, Ok)?;
        let deals = state::recorded_deals::<Self, _>(
            &saved.finished_deals,
            |deal| dealt(deal.dealer, &deal.dealt, &deal.kitty),
            dealt(saved.dealer, &saved.dealt, &saved.kitty),
        )?;
        Ok(ReplayInputs::new(options, saved.rng, deals, &saved.history))
    }

    fn deal_number(&self) -> usize {
        self.deal.number() as usize
    }

    fn dealer(&self) -> usize {
        self.deal.dealer()
    }

    fn first_dealer_fixed(&self) -> bool {
        self.options.first_dealer.is_some()
    }

    fn redeal(&mut self, number: usize, dealer: usize, deal: &Dealt) {
        self.begin_deal(number as u32, dealer, deal);
    }

    fn set_rng(&mut self, rng: SplitMix64) {
        self.rng = rng;
    }

    const ASIDE: Aside = Aside::Cards("kitty");

    fn deal_shape(&self) -> DealShape {
        DealShape {
            deck: DECK.to_vec(),
            hand_size: HAND_SIZE,
            aside_size: KITTY_SIZE,
        }
    }

    fn chosen_deal(&self, dealer: usize, hands: &[Vec<Card>], aside: &[Card]) -> Result<Dealt> {
        let hands: [Vec<Card>; PLAYERS] = std::array::from_fn(|seat| hands[seat].clone());
        dealt(dealer as u8, &hands, aside).map(|(_, deal)| deal)
    }
}
