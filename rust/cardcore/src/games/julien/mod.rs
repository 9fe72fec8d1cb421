//! Le Julien: four players each for themselves, 52 cards, six Tours of ten
//! tricks with a new trump every trick, Couleur contracts, the Spéco and the
//! Superspec.
//!
//! Rules: `docs/rules/julien.md` states every rule as implemented here, citing
//! the French text "Les règles du Julien" by its rule numbers (-1- to -54-),
//! and defines the rulings (J1-J23) and the decisions (D1-D9).
//! Choices: seats are numbered clockwise (the order of play); the finished
//! Tours' public records are kept in `finished_tours` (D4); the special cards are used
//! the best way for their holder (J16), forced in the Superspec (J20).

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::card::{suited_deck, Card, Suit, STANDARD_RANKS};
use crate::cardset::CardSet;
use crate::deal::{deal_in_batches, first_dealer};
use crate::error::{Error, Result};
use crate::game::{
    check_action_id, check_seat, not_held, refusal, ActionId, ActionTexts, CardActions, Game,
};
use crate::json;
use crate::options::{self, OptionKind, OptionSpec};
use crate::rng::SplitMix64;
use crate::state;
use crate::trick::{follow, must_follow, Trick};

mod bids;
mod bot;
mod determinize;
mod infostate;
mod saved;
mod scoring;
mod solve;
mod tensor;
#[cfg(test)]
mod tests;
mod tour;
mod view;

use bids::bid_actions;
pub use bids::{Bid, Colour};
pub use bot::Heuristic;
pub use saved::{Dealt, Saved, SavedTour, SavedTrick};
pub use scoring::{card_value, checked_score_tour, face_value, score_pile, score_tour};
pub use solve::{TourMaxn, TourPosition};
pub use tour::{PlayedTrick, TourKind, TourRecord};

const PLAYERS: usize = 4;
const TRICKS_PER_TOUR: usize = 10;
const HAND_SIZE: usize = 10;
const TALON_SIZE: usize = 12;
const TOURS: u8 = 6;

/// Action ids: the 52 cards, then the 12 bids, then the Spéco's choice.
const FIRST_BID: ActionId = 52;
const TAKE: ActionId = 64;
const LEAVE: ActionId = 65;
const ACTION_COUNT: usize = 66;

/// Action `suit * 13 + r` plays the card of that suit and rank `r` (2 to A):
/// the 52-card deck in face-id order.
const CARDS: CardActions<52> = CardActions::new(suited_deck(&STANDARD_RANKS));
const DECK: [Card; 52] = *CARDS.deck();

const fn action_of(card: Card) -> Option<ActionId> {
    CARDS.action(card)
}

fn card_of(action: ActionId) -> Option<Card> {
    CARDS.card(action)
}

fn deck_set() -> CardSet {
    CARDS.set()
}

/// -7-: 2 low to A high; the action id's rank part orders a suit.
fn strength(card: Card) -> u16 {
    action_of(card).map_or(0, |action| action % 13)
}

/// Le Julien's options (see `OPTIONS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    single_deal: bool,
    #[serde(deserialize_with = "json::nullable")]
    tour_kind: Option<TourKind>,
    masked_talon: bool,
    twenty_five_every_tour: bool,
    #[serde(deserialize_with = "json::nullable")]
    first_dealer: Option<u8>,
}

impl Options {
    /// D3: `tour_kind` chooses the kind of a single Tour; a match fixes its kinds.
    fn check(self) -> Result<Options> {
        if self.tour_kind.is_some() && !self.single_deal {
            return Err(Error::option(
                "tour_kind",
                "needs single_deal=True (a match plays Tours 3 and 6 as the special Tours)",
            ));
        }
        Ok(self)
    }

    /// The kind of Tour `tour`.
    fn kind_of(self, tour: u8) -> TourKind {
        self.tour_kind.unwrap_or(TourKind::of_tour(tour))
    }

    const fn last_tour(self) -> u8 {
        if self.single_deal {
            1
        } else {
            TOURS
        }
    }
}

const OPTIONS: &[OptionSpec] = &[
    options::SINGLE_DEAL,
    OptionSpec {
        name: "tour_kind",
        kind: OptionKind::OptionalChoice {
            choices: &["normal", "speco", "superspec"],
        },
        doc: "with single_deal: the kind of that Tour (None: normal)",
    },
    OptionSpec {
        name: "masked_talon",
        kind: OptionKind::Bool { default: false },
        doc: "the masked talon (-51- to -54-): bids made blind, trumps revealed trick by trick",
    },
    OptionSpec {
        name: "twenty_five_every_tour",
        kind: OptionKind::Bool { default: false },
        doc: "allow the 25 bids in normal Tours too",
    },
    OptionSpec {
        name: "first_dealer",
        kind: OptionKind::OptionalInt { min: 0, max: 3 },
        doc: "the first dealer's seat; None draws it from the seeded generator",
    },
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Bid,
    Play,
    /// J18: a Spéco trick's winner chooses to take or leave its trump card.
    Speco,
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Julien {
    options: Options,
    rng: SplitMix64,
    phase: Phase,
    hands: [CardSet; PLAYERS],
    trick: Trick<PLAYERS>,
    /// The current Tour (the last one, once the game is over).
    tour: TourRecord,
    /// Every Tour played to its end before the current one (D4).
    finished_tours: Vec<TourRecord>,
    tour_scores: Vec<[i64; PLAYERS]>,
    totals: [i64; PLAYERS],
    history: Vec<ActionId>,
}

impl crate::deals::Deals for Julien {
    type Deal = TourRecord;

    fn current_deal(&self) -> std::borrow::Cow<'_, TourRecord> {
        std::borrow::Cow::Borrowed(&self.tour)
    }

    fn earlier_deals(&self) -> &[TourRecord] {
        &self.finished_tours
    }
}

impl Julien {
    pub fn hand(&self, seat: usize) -> Result<CardSet> {
        Ok(self.hands[check_seat(self, seat)?])
    }

    pub const fn trick(&self) -> &Trick<PLAYERS> {
        &self.trick
    }

    /// The current Tour's record (the last Tour's, once over).
    pub const fn current_deal(&self) -> &TourRecord {
        &self.tour
    }

    pub fn tour_scores(&self) -> &[[i64; PLAYERS]] {
        &self.tour_scores
    }

    /// The current trick's trump suit, while a trick is being played.
    pub fn trump(&self) -> Option<Suit> {
        (self.phase == Phase::Play).then(|| self.tour.current_trump())
    }

    /// The current trick's trump card, while a trick is being played.
    pub fn trump_card(&self) -> Option<Card> {
        (self.phase == Phase::Play).then(|| {
            self.tour
                .trump_card_of(usize::from(self.tour.tricks_played))
        })
    }

    pub const fn dealer(&self) -> usize {
        self.tour.dealer()
    }

    /// The Tour in play, 1 to 6.
    pub const fn tour(&self) -> u8 {
        self.tour.tour()
    }

    pub const fn tour_kind(&self) -> TourKind {
        self.tour.kind()
    }

    /// Each seat's bid this Tour, `None` until made.
    pub const fn bids(&self) -> [Option<Bid>; PLAYERS] {
        self.tour.bids()
    }

    /// -33-: the winner of trick 10, once the Tour is complete.
    pub fn specials_holder(&self) -> Option<usize> {
        self.tour.specials_holder()
    }

    /// The cards of the tricks `seat` won this Tour.
    pub fn collected(&self, seat: usize) -> Result<CardSet> {
        Ok(self.tour.collected(check_seat(self, seat)?))
    }

    /// The trump cards `seat` took this Tour (the Spéco, the Superspec).
    pub fn taken(&self, seat: usize) -> Result<CardSet> {
        Ok(self.tour.taken(check_seat(self, seat)?))
    }

    /// The two special cards once every seat sees them: at once, or with
    /// trick 10 under the masked talon.
    pub fn visible_specials(&self) -> Option<[Card; 2]> {
        let talon = self.tour.talon();
        (self.talon_shown() == TALON_SIZE).then_some([talon[10], talon[11]])
    }

    /// The talon as every seat sees it: `None` for a card still masked.
    pub fn visible_talon(&self) -> [Option<Card>; TALON_SIZE] {
        let shown = self.talon_shown();
        std::array::from_fn(|i| (i < shown).then_some(self.tour.talon()[i]))
    }

    /// This Tour's completed tricks, each with its trump card.
    pub fn tricks(&self) -> impl Iterator<Item = (&PlayedTrick, Card)> {
        self.tour
            .tricks()
            .enumerate()
            .map(|(i, trick)| (trick, self.tour.trump_card_of(i)))
    }

    /// J21, D5: how many talon cards everyone sees, in reading order.
    pub fn talon_shown(&self) -> usize {
        if !self.options.masked_talon {
            return TALON_SIZE;
        }
        let shown = match self.phase {
            Phase::Bid => 0,
            Phase::Play => usize::from(self.tour.tricks_played) + 1,
            Phase::Speco | Phase::Over => usize::from(self.tour.tricks_played),
        };
        if shown >= TRICKS_PER_TOUR {
            TALON_SIZE
        } else {
            shown
        }
    }

    /// The 12 bid actions, or the 10 without the 25s (J10).
    fn legal_bids(&self) -> &'static [ActionId] {
        const ALL: [ActionId; 12] = bid_actions(true);
        const WITHOUT_25: [ActionId; 10] = bid_actions(false);
        if Bid::twenty_five_allowed(self.tour.kind, self.options.twenty_five_every_tour) {
            &ALL
        } else {
            &WITHOUT_25
        }
    }

    /// -1-, -2-, J2: follow the led suit if possible, otherwise any card.
    fn legal_cards(&self) -> CardSet {
        let hand = self.hands[self.trick.next_seat()];
        match self.trick.led().and_then(Card::suit) {
            Some(led) => follow(hand, CardSet::suit(led)),
            None => hand,
        }
    }

    /// Deals Tour `tour` (-11-, J8): the talon first, then one card at a time
    /// clockwise from the dealer's left.
    fn start_tour(&mut self, tour: u8, dealer: usize) {
        let mut deck = DECK;
        self.rng.shuffle(&mut deck);
        let mut talon = [DECK[0]; TALON_SIZE];
        talon.copy_from_slice(&deck[..TALON_SIZE]);
        let mut hands = [CardSet::EMPTY; PLAYERS];
        deal_in_batches(
            &deck[TALON_SIZE..],
            PLAYERS,
            (dealer + 1) % PLAYERS,
            &[1; HAND_SIZE],
            |seat, card| hands[seat].insert(card),
        );
        self.begin_tour(tour, dealer, &Dealt { talon, hands });
    }

    /// -13-: the Tour begins with the bids, from the dealer's left.
    fn begin_tour(&mut self, tour: u8, dealer: usize, dealt: &Dealt) {
        self.tour = TourRecord::new(tour, self.options.kind_of(tour), dealer, dealt.talon);
        self.hands = dealt.hands;
        self.trick = Trick::new((dealer + 1) % PLAYERS);
        self.phase = Phase::Bid;
    }

    fn play(&mut self, card: Card) {
        self.hands[self.trick.next_seat()].remove(card);
        self.trick.push(card);
        if self.trick.is_complete() {
            let played = self.tour.record_trick(self.trick);
            self.trick = Trick::new(usize::from(played.next_leader));
            if played.taken.is_none() {
                self.phase = Phase::Speco;
            } else {
                self.after_trick();
            }
        }
    }

    /// The next trick, or the Tour's end after the tenth.
    fn after_trick(&mut self) {
        if usize::from(self.tour.tricks_played) < TRICKS_PER_TOUR {
            self.phase = Phase::Play;
            return;
        }
        let scores = self.tour.scores();
        self.tour_scores.push(scores);
        for (total, score) in self.totals.iter_mut().zip(scores) {
            *total += score;
        }
        if self.tour.tour >= self.options.last_tour() {
            self.phase = Phase::Over;
        } else {
            self.finished_tours.push(self.tour);
            self.start_tour(self.tour.tour + 1, (self.tour.dealer() + 1) % PLAYERS);
        }
    }

    /// Applies an action known to be legal.
    fn apply_legal(&mut self, action: ActionId) {
        self.history.push(action);
        match self.phase {
            Phase::Bid => {
                if let Some(bid) = Bid::of_action(action) {
                    self.tour.record_bid(bid);
                }
                if usize::from(self.tour.bid_count) == PLAYERS {
                    self.phase = Phase::Play;
                }
            }
            Phase::Play => self.play(DECK[usize::from(action)]),
            Phase::Speco => {
                self.tour.choose(action == TAKE);
                self.after_trick();
            }
            Phase::Over => {}
        }
    }

    fn is_legal(&self, action: ActionId) -> bool {
        match self.phase {
            Phase::Bid => self.legal_bids().contains(&action),
            Phase::Play => card_of(action).is_some_and(|card| self.legal_cards().contains(card)),
            Phase::Speco => action == TAKE || action == LEAVE,
            Phase::Over => false,
        }
    }
}

impl Game for Julien {
    const NAME: &'static str = "julien";
    const DESCRIPTION: &'static str =
        "Le Julien: 4 players, 52 cards, a new trump every trick, Couleur contracts, the Spéco and the Superspec";
    const PLAYER_COUNTS: &'static [usize] = &[PLAYERS];
    const ACTION_COUNT: usize = ACTION_COUNT;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    type Options = Options;

    fn read_options(options: &Map<String, Value>) -> Result<Options> {
        options::read::<Options>(OPTIONS, options)?.check()
    }

    fn with_options(seed: u64, options: &Options) -> Julien {
        let options = *options;
        let mut rng = SplitMix64::new(seed);
        // J6: the first dealer is drawn from the seeded generator unless named.
        let dealer = first_dealer(&mut rng, options.first_dealer, PLAYERS);
        let mut game = Julien {
            options,
            rng,
            phase: Phase::Bid,
            hands: [CardSet::EMPTY; PLAYERS],
            trick: Trick::new(0),
            tour: TourRecord::new(1, TourKind::Normal, dealer, [DECK[0]; TALON_SIZE]),
            finished_tours: Vec::new(),
            tour_scores: Vec::new(),
            totals: [0; PLAYERS],
            history: Vec::with_capacity(options.kind_of(1).actions_per_tour()),
        };
        game.start_tour(1, dealer);
        game
    }

    fn options(&self) -> Value {
        json!({
            "single_deal": self.options.single_deal,
            "tour_kind": self.options.tour_kind.map(TourKind::name),
            "masked_talon": self.options.masked_talon,
            "twenty_five_every_tour": self.options.twenty_five_every_tour,
            "first_dealer": self.options.first_dealer,
        })
    }

    fn num_players(&self) -> usize {
        PLAYERS
    }

    fn current_player(&self) -> Option<usize> {
        match self.phase {
            Phase::Bid => {
                Some((self.tour.first_bidder() + usize::from(self.tour.bid_count)) % PLAYERS)
            }
            Phase::Play => Some(self.trick.next_seat()),
            Phase::Speco => self.tour.last_trick().map(|t| usize::from(t.winner)),
            Phase::Over => None,
        }
    }

    fn phase(&self) -> &'static str {
        match self.phase {
            Phase::Bid => "bid",
            Phase::Play => "play",
            Phase::Speco => "speco",
            Phase::Over => "over",
        }
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    fn scores(&self) -> Vec<i64> {
        self.totals.to_vec()
    }

    /// J22: the highest total wins; a tie is shared.
    fn winning_seats(&self) -> Vec<usize> {
        if self.phase != Phase::Over {
            return Vec::new();
        }
        let best = self.totals.iter().copied().max().unwrap_or(0);
        (0..PLAYERS).filter(|&s| self.totals[s] == best).collect()
    }

    fn legal_actions(&self, out: &mut Vec<ActionId>) {
        out.clear();
        match self.phase {
            Phase::Bid => out.extend_from_slice(self.legal_bids()),
            Phase::Play => out.extend(self.legal_cards().iter().filter_map(action_of)),
            Phase::Speco => out.extend_from_slice(&[TAKE, LEAVE]),
            Phase::Over => {}
        }
    }

    fn apply(&mut self, action: ActionId) -> Result<()> {
        check_action_id::<Self>(i64::from(action))?;
        if !self.is_legal(action) {
            return Err(refusal(self, action));
        }
        self.apply_legal(action);
        Ok(())
    }

    fn refusal_reason(&self, action: ActionId) -> Option<String> {
        let (kind, asked) = match self.phase {
            Phase::Bid => ("bid", "it is the bidding: bid a contract"),
            Phase::Play | Phase::Over => ("play", "it is the play: play a card"),
            Phase::Speco => (
                "take",
                "it is the Spéco's choice: take or leave this trick's trump card (J18)",
            ),
        };
        let action_kind = Self::action_kind(action);
        if action_kind != kind && !(kind == "take" && action_kind == "leave") {
            return Some(asked.to_owned());
        }
        match self.phase {
            Phase::Bid => Some(format!(
                "{} may be bid only in the Spéco and the Superspec, not in a normal Tour (J10)",
                Self::action_text(action)
            )),
            Phase::Play => {
                let card = card_of(action)?;
                let hand = self.hands[self.trick.next_seat()];
                if !hand.contains(card) {
                    return Some(not_held(card));
                }
                let led = self.trick.led()?.suit()?;
                must_follow(card, hand, CardSet::suit(led), led.name(), "J2")
            }
            Phase::Speco | Phase::Over => None,
        }
    }

    fn random_action(&self, rng: &mut SplitMix64) -> Option<ActionId> {
        match self.phase {
            Phase::Bid => {
                let bids = self.legal_bids();
                Some(bids[rng.below(bids.len() as u64) as usize])
            }
            Phase::Play => self.legal_cards().draw(rng).and_then(action_of),
            Phase::Speco => Some([TAKE, LEAVE][rng.below(2) as usize]),
            Phase::Over => None,
        }
    }

    fn play_random(&mut self, rng: &mut SplitMix64) -> Option<ActionId> {
        let action = self.random_action(rng)?;
        self.apply_legal(action);
        Some(action)
    }

    fn history(&self) -> &[ActionId] {
        &self.history
    }

    fn action_text(action: ActionId) -> String {
        match action {
            TAKE => "take".to_owned(),
            LEAVE => "leave".to_owned(),
            _ => card_of(action).map_or_else(
                || Bid::of_action(action).map_or_else(String::new, |b| b.text().to_owned()),
                |card| card.to_string(),
            ),
        }
    }

    fn action_kind(action: ActionId) -> &'static str {
        match action {
            0..FIRST_BID => "play",
            TAKE => "take",
            LEAVE => "leave",
            _ => "bid",
        }
    }

    fn action_card(action: ActionId) -> Option<Card> {
        card_of(action)
    }

    fn describe_legal(&self, action: ActionId) -> Option<String> {
        Some(match action {
            TAKE => "take: this trick's trump card joins your pile (Speco)".to_owned(),
            LEAVE => "leave: this trick's trump card stays out (Speco)".to_owned(),
            _ => {
                let bid = Bid::of_action(action)?;
                let (colour, other) = match bid.colour {
                    bids::Colour::Rouge => ("red", "black"),
                    bids::Colour::Noir => ("black", "red"),
                };
                match bid.amount {
                    None => format!("bid {}: take no trick holding a {other} card", bid.text()),
                    Some(25) => format!(
                        "bid {}: collect, after elimination, 25 {colour} cards or more",
                        bid.text()
                    ),
                    Some(amount) => format!(
                        "bid {}: collect, after elimination, {amount} to {} {colour} cards",
                        bid.text(),
                        amount + 4
                    ),
                }
            }
        })
    }

    fn parse_action(text: &str) -> Result<ActionId> {
        static TEXTS: OnceLock<ActionTexts> = OnceLock::new();
        if let Some(action) = ActionTexts::of::<Self>(&TEXTS).get(text) {
            return Ok(action);
        }
        // Not an action's text: other spellings of a bid or a card, or the error.
        if let Ok(bid) = Bid::parse(text) {
            return Ok(bid.action());
        }
        let card: Card = text.parse()?;
        action_of(card).ok_or_else(|| {
            Error::IllegalAction(format!("{card} is not a card of the 52-card deck"))
        })
    }

    state::json_by_replay!();

    /// J21, D5: with the masked talon, the cards not yet revealed are `null`.
    fn observation(&self, seat: usize) -> Result<Value> {
        let mut view = state::observation(self, seat, &self.hands)?;
        let shown = self.talon_shown();
        if let Some(Value::Array(talon)) = view.get_mut("talon") {
            talon
                .iter_mut()
                .skip(shown)
                .for_each(|card| *card = Value::Null);
        }
        Ok(Value::Object(view))
    }

    const TENSOR_SIZE: usize = tensor::TENSOR_SIZE;

    const STATE_TENSOR_SIZE: usize = tensor::STATE_TENSOR_SIZE;

    fn layout(&self, viewer: crate::tensor::Viewer, features: &mut crate::tensor::Features<'_>) {
        self.layout_for(viewer, features);
    }

    fn layout_hidden(&self, features: &mut crate::tensor::Features<'_>) {
        self.hidden_for(features);
    }
}
