//! The state JSON (docs/rules/julien.md, "State JSON") and reading it back by replay.

use serde::{Deserialize, Serialize};

use super::{
    deck_set, Bid, Julien, Options, TourKind, TourRecord, DECK, HAND_SIZE, OPTIONS, PLAYERS,
    TALON_SIZE,
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

/// How a Tour was dealt: the talon in reading order, and the hands.
#[derive(Clone, Copy, Debug)]
pub struct Dealt {
    pub(super) talon: [Card; TALON_SIZE],
    pub(super) hands: [CardSet; PLAYERS],
}

/// A completed trick as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedTrick {
    pub(super) leader: u8,
    pub(super) cards: Plays,
    pub(super) winner: u8,
    pub(super) next_leader: u8,
    #[serde(deserialize_with = "json::nullable")]
    pub(super) taken: Option<bool>,
}

/// A finished Tour's public record as saved (`finished_tours`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedTour {
    pub(super) tour: u8,
    pub(super) tour_kind: TourKind,
    pub(super) dealer: u8,
    pub(super) talon: Vec<Card>,
    pub(super) bids: [Option<Bid>; PLAYERS],
    pub(super) tricks: Vec<SavedTrick>,
    #[serde(deserialize_with = "json::nullable")]
    pub(super) specials_holder: Option<u8>,
}

/// The state JSON (docs/rules/julien.md, "State JSON").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    pub(super) game: String,
    pub(super) version: u8,
    pub(super) options: Options,
    pub(super) rng: u64,
    pub(super) phase: String,
    pub(super) tour: u8,
    pub(super) tour_kind: TourKind,
    pub(super) dealer: u8,
    pub(super) talon: Vec<Card>,
    pub(super) bids: [Option<Bid>; PLAYERS],
    pub(super) hands: [Vec<Card>; PLAYERS],
    #[serde(deserialize_with = "json::nullable")]
    pub(super) trump: Option<Suit>,
    pub(super) trick_leader: u8,
    pub(super) trick: Plays,
    pub(super) tricks: Vec<SavedTrick>,
    #[serde(deserialize_with = "json::nullable")]
    pub(super) specials_holder: Option<u8>,
    pub(super) tour_scores: Vec<[i64; PLAYERS]>,
    pub(super) finished_tours: Vec<SavedTour>,
    pub(super) history: History<Julien>,
}

/// A Tour as a saved state shows it: its dealer and talon, and each seat's
/// starting hand (its plays in `tricks`, then what it still holds).
pub(super) fn dealt(
    dealer: u8,
    talon: &[Card],
    plays: Plays,
    held: [CardSet; PLAYERS],
) -> Result<(usize, Dealt)> {
    let hands = starting_hands(plays, held)?;
    check_dealt(&hands, HAND_SIZE, talon, deck_set())?;
    let dealer = state::saved_dealer(Julien::NAME, PLAYERS, dealer)?;
    let talon = talon
        .try_into()
        .map_err(|_| Error::json(format!("talon: expected {TALON_SIZE} cards")))?;
    Ok((dealer, Dealt { talon, hands }))
}

impl Replay for Julien {
    type Saved = Saved;
    type Deal = Dealt;
    const FINISHED_KEY: &'static str = "finished_tours";
    const PREVIOUS_KEY: &'static str = "previous_tour";

    fn save(&self, view: View) -> Saved {
        let whole = view == View::Whole;
        let tour = self.tour.save();
        Saved {
            game: Self::NAME.to_owned(),
            version: 1,
            options: self.options,
            rng: view.rng(&self.rng),
            phase: self.phase().to_owned(),
            tour: tour.tour,
            tour_kind: tour.tour_kind,
            dealer: tour.dealer,
            talon: tour.talon,
            bids: tour.bids,
            hands: if whole {
                self.hands.map(state::hand_cards)
            } else {
                Default::default()
            },
            trump: self.trump(),
            trick_leader: self.trick.leader() as u8,
            trick: json::plays(&self.trick),
            tricks: tour.tricks,
            specials_holder: tour.specials_holder,
            tour_scores: self.tour_scores.clone(),
            finished_tours: state::finished(&self.finished_tours, view)
                .iter()
                .map(TourRecord::save)
                .collect(),
            history: view.history(&self.history),
        }
    }

    fn replay_inputs(saved: &Saved) -> Result<ReplayInputs<Julien>> {
        let options = options::read_saved(OPTIONS, &saved.options, Options::check)?;
        let deals = state::recorded_deals::<Self, _>(
            &saved.finished_tours,
            |tour| {
                let plays = json::all_plays(tour.tricks.iter().map(|t| &t.cards));
                dealt(tour.dealer, &tour.talon, plays, [CardSet::EMPTY; PLAYERS])
            },
            dealt(
                saved.dealer,
                &saved.talon,
                json::all_plays(saved.tricks.iter().map(|t| &t.cards).chain([&saved.trick])),
                state::held(&saved.hands),
            ),
        )?;
        Ok(ReplayInputs::new(options, saved.rng, deals, &saved.history))
    }

    fn deal_number(&self) -> usize {
        usize::from(self.tour.tour)
    }

    fn dealer(&self) -> usize {
        self.tour.dealer()
    }

    fn first_dealer_fixed(&self) -> bool {
        self.options.first_dealer.is_some()
    }

    fn redeal(&mut self, _number: usize, dealer: usize, deal: &Dealt) {
        self.begin_tour(self.tour.tour, dealer, deal);
    }

    fn set_rng(&mut self, rng: SplitMix64) {
        self.rng = rng;
    }

    const ASIDE: Aside = Aside::Cards("talon");

    fn deal_shape(&self) -> DealShape {
        DealShape {
            deck: DECK.to_vec(),
            hand_size: HAND_SIZE,
            aside_size: TALON_SIZE,
        }
    }

    fn chosen_deal(&self, dealer: usize, hands: &[Vec<Card>], aside: &[Card]) -> Result<Dealt> {
        let held = std::array::from_fn(|seat| hands[seat].iter().copied().collect());
        dealt(dealer as u8, aside, Plays::new(), held).map(|(_, deal)| deal)
    }
}
