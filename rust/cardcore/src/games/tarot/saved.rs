//! The state JSON (docs/rules/tarot.md, "State JSON") and reading it back by replay.

use serde::{Deserialize, Serialize};

use super::{
    deck_set, sizes, Bid, DealRecord, DealResult, Dealt, Level, Options, PlayedTrick, Poignee,
    Tarot, Void, DECK, MAX_PLAYERS, OPTIONS,
};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::check_dealt;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::json::{self, Plays};
use crate::options;
use crate::rng::SplitMix64;
use crate::state::{self, Aside, DealShape, History, Replay, ReplayInputs, View};

/// A deal's scores, one per seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Scores(#[serde(deserialize_with = "json::at_most::<_, _, MAX_PLAYERS>")] Vec<i64>);

/// A declared poignée as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedPoignee {
    level: Level,
    shown: Vec<Card>,
}

/// A completed trick as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedTrick {
    leader: u8,
    cards: Plays,
    winner: u8,
}

/// A finished deal's record as saved (`finished_deals`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedDeal {
    deal: u32,
    dealer: u8,
    #[serde(deserialize_with = "json::at_most::<_, _, MAX_PLAYERS>")]
    dealt: Vec<Vec<Card>>,
    chien: Vec<Card>,
    #[serde(deserialize_with = "json::nullable")]
    void: Option<Void>,
    #[serde(deserialize_with = "json::at_most::<_, _, MAX_PLAYERS>")]
    bids: Vec<Option<Bid>>,
    #[serde(deserialize_with = "json::nullable")]
    taker: Option<u8>,
    #[serde(deserialize_with = "json::nullable")]
    contract: Option<Bid>,
    #[serde(deserialize_with = "json::nullable")]
    called: Option<Card>,
    #[serde(deserialize_with = "json::nullable")]
    partner: Option<u8>,
    discard: Vec<Card>,
    #[serde(deserialize_with = "json::at_most::<_, _, MAX_PLAYERS>")]
    poignees: Vec<Option<SavedPoignee>>,
    slam: bool,
    tricks: Vec<SavedTrick>,
    #[serde(deserialize_with = "json::nullable")]
    result: Option<DealResult>,
}

/// The state JSON's version: 2 since results count points, not half points
/// (`"points"`, `"target"`); a version 1 state is refused by name.
const VERSION: u8 = 2;

/// The state JSON (docs/rules/tarot.md, "State JSON").
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
    #[serde(deserialize_with = "json::at_most::<_, _, MAX_PLAYERS>")]
    dealt: Vec<Vec<Card>>,
    chien: Vec<Card>,
    #[serde(deserialize_with = "json::at_most::<_, _, MAX_PLAYERS>")]
    bids: Vec<Option<Bid>>,
    #[serde(deserialize_with = "json::nullable")]
    taker: Option<u8>,
    #[serde(deserialize_with = "json::nullable")]
    contract: Option<Bid>,
    #[serde(deserialize_with = "json::nullable")]
    called: Option<Card>,
    #[serde(deserialize_with = "json::nullable")]
    partner: Option<u8>,
    discard: Vec<Card>,
    #[serde(deserialize_with = "json::at_most::<_, _, MAX_PLAYERS>")]
    poignees: Vec<Option<SavedPoignee>>,
    slam: bool,
    #[serde(deserialize_with = "json::at_most::<_, _, MAX_PLAYERS>")]
    hands: Vec<Vec<Card>>,
    trick_leader: u8,
    trick: Plays,
    tricks: Vec<SavedTrick>,
    #[serde(deserialize_with = "json::nullable")]
    result: Option<DealResult>,
    deal_scores: Vec<Scores>,
    finished_deals: Vec<SavedDeal>,
    history: History<Tarot>,
}

fn save_trick(played: &PlayedTrick) -> SavedTrick {
    SavedTrick {
        leader: played.trick.leader() as u8,
        cards: json::plays(&played.trick),
        winner: played.winner,
    }
}

fn save_poignee(poignee: &Poignee) -> SavedPoignee {
    SavedPoignee {
        level: poignee.level,
        shown: state::hand_cards(poignee.shown),
    }
}

/// A deal's record; with [`View::Public`], the hands as dealt as a seat is
/// shown them (`DealRecord::shown_dealt`).
fn save_deal(deal: &DealRecord, players: usize, view: View) -> SavedDeal {
    let dealt = match view {
        View::Whole => deal.dealt()[..players].to_vec(),
        View::Public => deal.shown_dealt(players),
    };
    SavedDeal {
        deal: deal.number(),
        dealer: deal.dealer() as u8,
        dealt: dealt.into_iter().map(state::hand_cards).collect(),
        chien: state::hand_cards(deal.chien()),
        void: deal.void(),
        bids: deal.bids()[..players].to_vec(),
        taker: deal.taker().map(|seat| seat as u8),
        contract: deal.contract(),
        called: deal.called(),
        partner: deal.partner().map(|seat| seat as u8),
        discard: state::hand_cards(deal.discard()),
        poignees: deal.poignees()[..players]
            .iter()
            .map(|p| p.as_ref().map(save_poignee))
            .collect(),
        slam: deal.slam(),
        tricks: deal.tricks().iter().map(save_trick).collect(),
        result: deal.result().cloned(),
    }
}

/// A deal as a saved state records it: its dealer, hands and chien, which
/// must be a possible deal at `players` seats.
fn dealt(
    dealer: u8,
    hands: &[Vec<Card>],
    chien: &[Card],
    players: usize,
) -> Result<(usize, Dealt)> {
    state::check_hand_count(hands, players)?;
    let mut sets = [CardSet::EMPTY; MAX_PLAYERS];
    for (set, hand) in sets.iter_mut().zip(hands) {
        *set = hand.iter().copied().collect();
    }
    let (hand_size, chien_size) = sizes(players);
    if chien.len() != chien_size {
        return Err(Error::json(format!(
            "chien: expected {chien_size} cards, got {}",
            chien.len()
        )));
    }
    check_dealt(&sets[..players], hand_size, chien, deck_set())?;
    let dealer = state::saved_dealer(Tarot::NAME, players, dealer)?;
    Ok((
        dealer,
        Dealt {
            hands: sets,
            chien: chien.iter().copied().collect(),
        },
    ))
}

impl Replay for Tarot {
    type Saved = Saved;
    type Deal = Dealt;
    const FINISHED_KEY: &'static str = "finished_deals";
    const PREVIOUS_KEY: &'static str = "previous_deal";

    fn save(&self, view: View) -> Saved {
        let whole = view == View::Whole;
        let players = self.players();
        let current = save_deal(&self.deal, players, View::Whole);
        Saved {
            game: Self::NAME.to_owned(),
            version: VERSION,
            options: self.options,
            rng: view.rng(&self.rng),
            phase: self.phase().to_owned(),
            deal: current.deal,
            dealer: current.dealer,
            dealt: if whole { current.dealt } else { Vec::new() },
            chien: current.chien,
            bids: current.bids,
            taker: current.taker,
            contract: current.contract,
            called: current.called,
            partner: current.partner,
            discard: current.discard,
            poignees: current.poignees,
            slam: current.slam,
            hands: if whole {
                self.hands[..players]
                    .iter()
                    .map(|&hand| state::hand_cards(hand))
                    .collect()
            } else {
                Vec::new()
            },
            trick_leader: self.trick.leader() as u8,
            trick: json::plays(&self.trick),
            tricks: current.tricks,
            result: current.result,
            deal_scores: self.deal_scores().into_iter().map(Scores).collect(),
            finished_deals: state::finished(&self.finished_deals, view)
                .iter()
                .map(|deal| save_deal(deal, players, view))
                .collect(),
            history: view.history(&self.history),
        }
    }

    fn replay_inputs(saved: &Saved) -> Result<ReplayInputs<Tarot>> {
        if saved.version != VERSION {
            return Err(Error::json(format!(
                "\"version\" is {}: this cardcore reads Tarot states of version {VERSION}, whose \
                 results count points (version 1 counted half points under \"points\" and \"target\")",
                saved.version
            )));
        }
        let options = options::read_saved(OPTIONS, &saved.options, Options::check)?;
        let players = usize::from(options.players);
        let deals = state::recorded_deals::<Self, _>(
            &saved.finished_deals,
            |deal| dealt(deal.dealer, &deal.dealt, &deal.chien, players),
            dealt(saved.dealer, &saved.dealt, &saved.chien, players),
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

    /// The deals dealt after deal `number` (void ones) are dropped with it.
    fn redeal(&mut self, number: usize, dealer: usize, deal: &Dealt) {
        self.finished_deals.truncate(number - 1);
        self.begin_deal(number as u32, dealer, deal);
    }

    fn set_rng(&mut self, rng: SplitMix64) {
        self.rng = rng;
    }

    const ASIDE: Aside = Aside::Cards("chien");

    fn deal_shape(&self) -> DealShape {
        let (hand_size, chien_size) = sizes(self.players());
        DealShape {
            deck: DECK.to_vec(),
            hand_size,
            aside_size: chien_size,
        }
    }

    fn chosen_deal(&self, dealer: usize, hands: &[Vec<Card>], aside: &[Card]) -> Result<Dealt> {
        dealt(dealer as u8, hands, aside, self.players()).map(|(_, deal)| deal)
    }
}
