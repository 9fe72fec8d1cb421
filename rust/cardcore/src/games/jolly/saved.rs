//! The state JSON (docs/rules/jolly.md, "State JSON") and reading it back by
//! replay: each round dealt again from its record, the history replayed.

use serde::{Deserialize, Serialize};

use super::{
    Dealt, Drawn, FinishedRound, Jolly, Meld, Options, RoundResult, DECK_SIZE, HAND_SIZE,
    MAX_PLAYERS, OPTIONS,
};
use crate::card::{deck, Card};
use crate::cardcounts::CardCounts;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::json::{self, at_most};
use crate::options;
use crate::rng::SplitMix64;
use crate::state::{self, Aside, DealShape, History, Replay, ReplayInputs, View};

/// A card on the table as saved: the card, what it stands for, who placed it.
pub type SavedSlot = (Card, Option<Card>, u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MeldKind {
    Run,
    Set,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedMeld {
    kind: MeldKind,
    cards: Vec<SavedSlot>,
}

/// A finished round's record as saved (`finished_rounds`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedRound {
    round: u32,
    dealer: u8,
    #[serde(deserialize_with = "at_most::<_, _, MAX_PLAYERS>")]
    dealt: Vec<Vec<Card>>,
    deal_stock: Vec<Card>,
    deal_rng: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rebuilt_stocks: Option<Vec<Vec<Card>>>,
    melds: Vec<SavedMeld>,
    #[serde(deserialize_with = "at_most::<_, _, MAX_PLAYERS>")]
    hands: Vec<Vec<Card>>,
    row: Vec<Card>,
    result: RoundResult,
}

/// The state JSON (docs/rules/jolly.md, "State JSON").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    game: String,
    version: u8,
    options: Options,
    rng: u64,
    phase: String,
    round: u32,
    dealer: u8,
    #[serde(deserialize_with = "at_most::<_, _, MAX_PLAYERS>")]
    dealt: Vec<Vec<Card>>,
    deal_stock: Vec<Card>,
    deal_rng: u64,
    /// Each stock rebuilt in the round, top first; missing in a state saved
    /// before they were recorded (its rebuilds are the generator's shuffles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rebuilt_stocks: Option<Vec<Vec<Card>>>,
    #[serde(deserialize_with = "at_most::<_, _, MAX_PLAYERS>")]
    hands: Vec<Vec<Card>>,
    stock: Vec<Card>,
    stock_size: usize,
    rebuilds: u8,
    row: Vec<Card>,
    melds: Vec<SavedMeld>,
    #[serde(deserialize_with = "at_most::<_, _, MAX_PLAYERS>")]
    opened: Vec<bool>,
    player: u8,
    #[serde(deserialize_with = "json::nullable")]
    drawn: Option<Drawn>,
    taken: Vec<Card>,
    opened_now: bool,
    pending: usize,
    building: Vec<SavedSlot>,
    #[serde(deserialize_with = "json::nullable")]
    selected: Option<usize>,
    #[serde(deserialize_with = "json::nullable")]
    result: Option<RoundResult>,
    round_scores: Vec<Vec<i64>>,
    finished_rounds: Vec<SavedRound>,
    history: History<Jolly>,
}

/// A meld's cards as saved: `[card, stands for, placed by]`.
pub fn slots(meld: &Meld) -> Vec<SavedSlot> {
    meld.slots()
        .iter()
        .enumerate()
        .map(|(index, slot)| (slot.card, meld.stands_for(index), slot.by))
        .collect()
}

fn save_meld(meld: &Meld) -> SavedMeld {
    SavedMeld {
        kind: match meld.kind() {
            super::Kind::Run(_) => MeldKind::Run,
            _ => MeldKind::Set,
        },
        cards: slots(meld),
    }
}

fn cards(hands: &[CardCounts]) -> Vec<Vec<Card>> {
    hands.iter().map(|hand| hand.iter().collect()).collect()
}

/// A deal's keys as saved: `dealt`, `deal_stock`, `deal_rng`, `rebuilt_stocks`.
type DealKeys = (Vec<Vec<Card>>, Vec<Card>, u64, Option<Vec<Vec<Card>>>);

/// What a view shows of a deal and the stocks rebuilt in its round (given
/// apart: the round in play's, as many as it rebuilt): everything, or nothing
/// (dealt and rebuilt face down).
fn deal_keys(dealt: &Dealt, rebuilt: Option<&[Vec<Card>]>, view: View) -> DealKeys {
    match view {
        View::Whole => (
            cards(&dealt.hands),
            dealt.stock.clone(),
            dealt.rng,
            rebuilt.map(<[_]>::to_vec),
        ),
        View::Public => (Vec::new(), Vec::new(), 0, Some(Vec::new())),
    }
}

fn save_round(round: &FinishedRound, view: View) -> SavedRound {
    let (dealt, deal_stock, deal_rng, rebuilt_stocks) =
        deal_keys(&round.dealt, round.dealt.rebuilt.as_deref(), view);
    SavedRound {
        round: round.number,
        dealer: round.dealer as u8,
        dealt,
        deal_stock,
        deal_rng,
        rebuilt_stocks,
        melds: round.melds.iter().map(save_meld).collect(),
        hands: cards(&round.hands),
        row: round.row.clone(),
        result: round.result.clone(),
    }
}

/// A deal as a saved state records it, which must be a possible deal: 13
/// cards to each seat, the rest in the stock, the 110 cards each once.
fn dealt(
    players: usize,
    dealer: u8,
    hands: &[Vec<Card>],
    stock: &[Card],
    rng: u64,
    rebuilt: Option<&Vec<Vec<Card>>>,
) -> Result<(usize, Dealt)> {
    state::check_hand_count(hands, players)?;
    if let Some(seat) = hands.iter().position(|hand| hand.len() != HAND_SIZE) {
        return Err(Error::json(format!(
            "seat {seat} was dealt {} cards, not {HAND_SIZE}",
            hands[seat].len()
        )));
    }
    let mut all: Vec<Card> = hands.iter().flatten().chain(stock).copied().collect();
    all.sort();
    let mut expected = deck(DECK_SIZE).unwrap_or_default();
    expected.sort();
    if all != expected {
        return Err(Error::json(
            "the cards dealt are not the deck, each card as often as it is in it",
        ));
    }
    let dealer = state::saved_dealer(Jolly::NAME, players, dealer)?;
    Ok((
        dealer,
        Dealt {
            hands: hands
                .iter()
                .map(|hand| hand.iter().copied().collect())
                .collect(),
            stock: stock.to_vec(),
            rng,
            // Checked as replay lays each out: the cards the rebuild takes.
            rebuilt: rebuilt.cloned(),
        },
    ))
}

impl Replay for Jolly {
    type Saved = Saved;
    type Deal = Dealt;
    const FINISHED_KEY: &'static str = "finished_rounds";
    const PREVIOUS_KEY: &'static str = "previous_round";
    /// The stock's rebuilds are shuffled from the round's generator (replay
    /// lays out the stocks recorded, the generator drawing as play did).
    const DEAL_RNG_KEY: Option<&'static str> = Some("deal_rng");

    fn save(&self, view: View) -> Saved {
        let whole = view == View::Whole;
        let (dealt, deal_stock, deal_rng, rebuilt_stocks) =
            deal_keys(&self.dealt, self.rebuilt_stocks(), view);
        Saved {
            game: Self::NAME.to_owned(),
            version: 1,
            options: self.options,
            rng: view.rng(&self.rng),
            phase: self.phase().to_owned(),
            round: self.round,
            dealer: self.dealer as u8,
            dealt,
            deal_stock,
            deal_rng,
            rebuilt_stocks,
            hands: if whole {
                cards(self.hands())
            } else {
                Vec::new()
            },
            stock: if whole { self.stock() } else { Vec::new() },
            stock_size: self.stock.len(),
            rebuilds: self.rebuilds,
            row: self.row.clone(),
            melds: self.melds.iter().map(save_meld).collect(),
            opened: self.opened().to_vec(),
            player: self.seat as u8,
            drawn: self.drawn,
            taken: self.taken.clone(),
            opened_now: self.opened_now,
            pending: self.pending,
            building: slots(&self.building),
            selected: self.selected,
            result: self.result.clone(),
            round_scores: self.round_scores.clone(),
            finished_rounds: state::finished(&self.finished_rounds, view)
                .iter()
                .map(|round| save_round(round, view))
                .collect(),
            history: view.history(&self.history),
        }
    }

    fn replay_inputs(saved: &Saved) -> Result<ReplayInputs<Jolly>> {
        let options = options::read_saved(OPTIONS, &saved.options, Options::check)?;
        let players = usize::from(options.players);
        let deals = state::recorded_deals::<Self, _>(
            &saved.finished_rounds,
            |round| {
                dealt(
                    players,
                    round.dealer,
                    &round.dealt,
                    &round.deal_stock,
                    round.deal_rng,
                    round.rebuilt_stocks.as_ref(),
                )
            },
            dealt(
                players,
                saved.dealer,
                &saved.dealt,
                &saved.deal_stock,
                saved.deal_rng,
                saved.rebuilt_stocks.as_ref(),
            ),
        )?;
        Ok(ReplayInputs::new(options, saved.rng, deals, &saved.history))
    }

    fn deal_number(&self) -> usize {
        self.round as usize
    }

    fn dealer(&self) -> usize {
        self.dealer
    }

    fn first_dealer_fixed(&self) -> bool {
        self.options.first_dealer.is_some()
    }

    fn redeal(&mut self, number: usize, dealer: usize, deal: &Dealt) {
        self.begin_round(number as u32, dealer, deal.clone());
    }

    fn set_rng(&mut self, rng: SplitMix64) {
        self.rng = rng;
    }

    const ASIDE: Aside = Aside::Cards("stock");

    fn deal_shape(&self) -> DealShape {
        DealShape {
            deck: deck(DECK_SIZE).unwrap_or_default(),
            hand_size: HAND_SIZE,
            aside_size: DECK_SIZE - HAND_SIZE * self.players,
        }
    }

    /// The stock's rebuilds are shuffled by the generator as the seed left it.
    fn chosen_deal(&self, dealer: usize, hands: &[Vec<Card>], aside: &[Card]) -> Result<Dealt> {
        dealt(
            self.players,
            dealer as u8,
            hands,
            aside,
            self.rng.state(),
            Some(&Vec::new()),
        )
        .map(|(_, deal)| deal)
    }
}
