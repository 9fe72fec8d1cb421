//! Jolly: a rummy for 2 to 4 players with two decks and six jokers, sets and
//! runs opened at 40, lay-offs on anyone's melds, joker swaps, a discard row
//! taken back from, rounds to a target of 100, 200 or 500.
//!
//! Rules: `docs/rules/jolly.md` states every rule as implemented here, citing
//! the rules text "Jolly" by its headings, the rulings L1-L16 and the
//! decisions J1-J12. A turn is a run of small steps (draw or take; place cards
//! one at a time on a new meld or a table meld; close; undo; discard), each
//! with a small action set in which every step can still end the turn.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::card::{deck, Card, STANDARD_RANKS};
use crate::cardcounts::CardCounts;
use crate::deal::{deal_in_batches, first_dealer};
use crate::error::{Error, Result};
use crate::game::{check_action_id, check_seat, refusal, ActionId, ActionTexts, Game};
use crate::json;
use crate::options::{self, OptionKind, OptionSpec};
use crate::rng::SplitMix64;
use crate::state;

mod bot;
mod describe;
mod determinize;
mod infostate;
mod meld;
mod refusal;
mod saved;
pub mod solve;
mod tensor;
#[cfg(test)]
mod tests;
mod view;

pub use bot::Heuristic;
pub use describe::meld_actions;
pub use meld::{hand_penalty, penalty, read_meld, Kind, Meld, Placement, Slot};
pub use saved::Saved;

use meld::PLACEMENT_COUNT;

const MAX_PLAYERS: usize = 4;
const HAND_SIZE: usize = 13;
const DECK_SIZE: usize = 110;
/// L4: a take may not leave more than 20 cards in hand.
const MAX_HAND: usize = 20;
/// L5: the opening's new melds total at least 40.
const OPENING: i64 = 40;
/// L13: the row's most recent cards kept when the stock is rebuilt.
const ROW_KEPT: usize = 3;
/// J6: the stock is rebuilt at most twice a round.
const MAX_REBUILDS: u8 = 2;
/// L11: going out scores 30.
const GOING_OUT: i64 = 30;
/// At most 36 melds fit on the table (110 cards, 3 or more each).
const MAX_MELDS: usize = 36;

/// Action ids (docs/rules/jolly.md, "Actions").
const CLOSE: ActionId = PLACEMENT_COUNT;
const UNDO: ActionId = CLOSE + 1;
const FIRST_SELECT: ActionId = UNDO + 1;
const FIRST_DISCARD: ActionId = FIRST_SELECT + MAX_MELDS as ActionId;
const DRAW: ActionId = FIRST_DISCARD + 53;
const FIRST_TAKE: ActionId = DRAW + 1;
const ACTION_COUNT: usize = FIRST_TAKE as usize + MAX_HAND;

/// The faces a discard names, in action order: `deck(52)`, then the joker.
const DISCARDS: [Card; 53] = {
    let suited: [Card; 52] = crate::card::suited_deck(&STANDARD_RANKS);
    let mut faces = [Card::JOKER; 53];
    let mut i = 0;
    while i < 52 {
        faces[i] = suited[i];
        i += 1;
    }
    faces
};

/// The discard action of each face, by face id.
const DISCARD_IDS: [ActionId; crate::card::FACE_COUNT] = {
    let mut ids = [0; crate::card::FACE_COUNT];
    let mut i = 0;
    while i < 53 {
        ids[DISCARDS[i].id()] = FIRST_DISCARD + i as ActionId;
        i += 1;
    }
    ids
};

/// A set of action ids, 256 bits (237 ids): the legal actions, listed or
/// drawn from without building a list.
#[derive(Clone, Copy, Default)]
struct ActionSet([u128; 2]);

impl ActionSet {
    fn insert(&mut self, action: ActionId) {
        let id = usize::from(action);
        self.0[id >> 7] |= 1 << (id & 127);
    }

    /// Adds the ids below 128 set in `bits`.
    fn insert_low(&mut self, bits: u128) {
        self.0[0] |= bits;
    }

    fn contains(&self, action: ActionId) -> bool {
        let id = usize::from(action);
        id < 256 && self.0[id >> 7] >> (id & 127) & 1 != 0
    }

    fn len(&self) -> usize {
        (self.0[0].count_ones() + self.0[1].count_ones()) as usize
    }

    /// The `n`-th id in increasing order.
    fn nth(&self, n: usize) -> Option<ActionId> {
        self.iter().nth(n)
    }

    fn iter(&self) -> impl Iterator<Item = ActionId> + '_ {
        (0..2).flat_map(move |half| {
            let offset = half as ActionId * 128;
            Bits(self.0[half]).map(move |bit| offset + bit)
        })
    }
}

/// The set bits of a word, lowest first.
struct Bits(u128);

impl Iterator for Bits {
    type Item = ActionId;
    fn next(&mut self) -> Option<ActionId> {
        (self.0 != 0).then(|| {
            let bit = self.0.trailing_zeros() as ActionId;
            self.0 &= self.0 - 1;
            bit
        })
    }
}

/// Jolly's options (see `OPTIONS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    players: u8,
    target: u16,
    max_rounds: u16,
    single_deal: bool,
    #[serde(deserialize_with = "json::nullable")]
    first_dealer: Option<u8>,
    /// J14: the most steps of one round (states saved before the option
    /// existed read the default).
    #[serde(default = "default_max_round_steps")]
    max_round_steps: u16,
}

/// J14: `max_round_steps`'s default, also its largest value: above the
/// longest rounds of random play (under 2,000 steps in a thousand rounds),
/// and low enough that the largest state it allows loads with `from_json`'s
/// default size limit.
const MAX_ROUND_STEPS: u16 = 5000;

const fn default_max_round_steps() -> u16 {
    MAX_ROUND_STEPS
}

impl Options {
    fn check(self) -> Result<Options> {
        match self.first_dealer {
            Some(seat) if seat >= self.players => Err(Error::option(
                "first_dealer",
                format!("seat {seat} is not at a table of {} players", self.players),
            )),
            _ => Ok(self),
        }
    }
}

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "players",
        kind: OptionKind::Int {
            default: 4,
            min: 2,
            max: 4,
        },
        doc: "the number of players, 2 to 4 (L1)",
    },
    OptionSpec {
        name: "target",
        kind: OptionKind::IntChoice {
            default: 100,
            choices: &[100, 200, 500],
        },
        doc: "the total that ends the match: 100, 200 or 500 (L16)",
    },
    OptionSpec {
        name: "max_rounds",
        kind: OptionKind::Int {
            default: 20,
            min: 1,
            max: 30,
        },
        doc: "the match also ends after this many rounds (J13: random play may never reach the target)",
    },
    options::SINGLE_DEAL,
    OptionSpec {
        name: "first_dealer",
        kind: OptionKind::OptionalInt { min: 0, max: 3 },
        doc: "the first dealer's seat (below the number of players); None draws it from the seeded generator",
    },
    OptionSpec {
        name: "max_round_steps",
        kind: OptionKind::Int {
            default: MAX_ROUND_STEPS as i64,
            min: 100,
            max: MAX_ROUND_STEPS as i64,
        },
        doc: "the most steps of one round: a round still going on after them ends the match, truncated (J14)",
    },
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Draw from the stock or take from the row.
    Draw,
    /// Place a card to start a meld, select a table meld, undo, or discard.
    Play,
    /// A new meld is being built.
    Build,
    /// A table meld is selected for a lay-off or a swap.
    LayOff,
    Over,
}

/// How the turn's first step went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Drawn {
    Stock,
    Row,
}

/// How a round was dealt: the hands, the stock (top first) and the
/// generator's state just after, from which the stock's rebuilds are shuffled;
/// and each stock rebuilt in the round, top first, as it was rebuilt (L13).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dealt {
    hands: Vec<CardCounts>,
    stock: Vec<Card>,
    rng: u64,
    /// The stocks rebuilt so far, top first. Replay lays them out instead of
    /// the generator's shuffle (the generator still draws as play did), so a
    /// state can hold a rebuilt stock the generator would not give (a
    /// determinization draws it again). `None` for a round read from a state
    /// saved before they were recorded: its rebuilds are the generator's
    /// shuffles, as then, and are not recorded (it saves back without them).
    rebuilt: Option<Vec<Vec<Card>>>,
}

impl Dealt {
    /// A deal as every seat sees it: dealt face down, nothing shown.
    const HIDDEN: Dealt = Dealt {
        hands: Vec::new(),
        stock: Vec::new(),
        rng: 0,
        rebuilt: Some(Vec::new()),
    };

    pub fn hands(&self) -> &[CardCounts] {
        &self.hands
    }

    /// The stock as dealt, top first.
    pub fn stock(&self) -> &[Card] {
        &self.stock
    }
}

/// A round's outcome, per seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundResult {
    #[serde(deserialize_with = "json::nullable")]
    pub finisher: Option<u8>,
    pub main_jolly: bool,
    /// Table values of each seat's cards on the table (L9).
    pub table: Vec<i64>,
    /// Hand penalties as counted (doubled after Main Jolly, L12).
    pub penalties: Vec<i64>,
    pub scores: Vec<i64>,
}

/// A round played to its end: its deal, the table, hands and row as it ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinishedRound {
    pub number: u32,
    pub dealer: usize,
    pub dealt: Dealt,
    pub melds: Vec<Meld>,
    pub hands: Vec<CardCounts>,
    pub row: Vec<Card>,
    pub result: RoundResult,
}

impl FinishedRound {
    /// The record as every seat sees it: the deal, dealt face down, left out.
    pub fn without_deal(&self) -> FinishedRound {
        FinishedRound {
            dealt: Dealt::HIDDEN,
            ..self.clone()
        }
    }
}

/// Round scores (L15): each seat's table values, less its hand penalty
/// (doubled if another seat made Main Jolly, L12), and 30 to the finisher.
pub fn round_scores(
    table: &[i64],
    hands: &[CardCounts],
    finisher: Option<usize>,
    main_jolly: bool,
) -> RoundResult {
    let penalties: Vec<i64> = hands
        .iter()
        .enumerate()
        .map(|(seat, hand)| {
            let doubled = main_jolly && finisher.is_some_and(|f| f != seat);
            hand_penalty(hand) * if doubled { 2 } else { 1 }
        })
        .collect();
    let scores = (0..hands.len())
        .map(|seat| {
            table[seat] - penalties[seat] + if finisher == Some(seat) { GOING_OUT } else { 0 }
        })
        .collect();
    RoundResult {
        finisher: finisher.map(|seat| seat as u8),
        main_jolly,
        table: table.to_vec(),
        penalties,
        scores,
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Jolly {
    options: Options,
    players: usize,
    rng: SplitMix64,
    phase: Phase,
    round: u32,
    dealer: usize,
    dealt: Dealt,
    hands: [CardCounts; MAX_PLAYERS],
    /// The stock, its top last.
    stock: Vec<Card>,
    rebuilds: u8,
    row: Vec<Card>,
    melds: Vec<Meld>,
    opened: [bool; MAX_PLAYERS],
    /// The seat whose turn it is.
    seat: usize,
    drawn: Option<Drawn>,
    taken: Vec<Card>,
    opened_now: bool,
    /// The last `pending` melds await the opening's 40 (L5).
    pending: usize,
    building: Meld,
    selected: Option<usize>,
    result: Option<RoundResult>,
    round_scores: Vec<Vec<i64>>,
    totals: [i64; MAX_PLAYERS],
    finished_rounds: Vec<FinishedRound>,
    history: Vec<ActionId>,
    /// Where the round in play begins in `history`: determinization reads
    /// the round's public steps from there.
    round_start: usize,
    /// J14: the match ended at `max_round_steps` steps of a round.
    truncated: bool,
}

impl crate::deals::Deals for Jolly {
    type Deal = FinishedRound;

    /// The round in play as a record: its deal, table, hands and row so far,
    /// and its result once the round is over (the match's last round); until
    /// then the result is not yet scored: no finisher, every value 0
    /// ([`Jolly::result`] is `None`).
    fn current_deal(&self) -> std::borrow::Cow<'_, FinishedRound> {
        let unscored = || {
            let zeros = vec![0; self.players];
            RoundResult {
                finisher: None,
                main_jolly: false,
                table: zeros.clone(),
                penalties: zeros.clone(),
                scores: zeros,
            }
        };
        std::borrow::Cow::Owned(self.round_record(self.result.clone().unwrap_or_else(unscored)))
    }

    fn earlier_deals(&self) -> &[FinishedRound] {
        &self.finished_rounds
    }
}

impl Jolly {
    /// The round in play as a record, with `result` as its outcome.
    fn round_record(&self, result: RoundResult) -> FinishedRound {
        FinishedRound {
            number: self.round,
            dealer: self.dealer,
            dealt: self.dealt.clone(),
            melds: self.melds.clone(),
            hands: self.hands().to_vec(),
            row: self.row.clone(),
            result,
        }
    }

    pub fn hand(&self, seat: usize) -> Result<CardCounts> {
        Ok(self.hands[check_seat(self, seat)?])
    }

    pub(crate) fn hands(&self) -> &[CardCounts] {
        &self.hands[..self.players]
    }

    pub const fn round(&self) -> u32 {
        self.round
    }

    pub const fn dealer(&self) -> usize {
        self.dealer
    }

    pub const fn dealt(&self) -> &Dealt {
        &self.dealt
    }

    pub fn stock_size(&self) -> usize {
        self.stock.len()
    }

    /// The stock, top first.
    pub fn stock(&self) -> Vec<Card> {
        self.stock.iter().rev().copied().collect()
    }

    pub const fn rebuilds(&self) -> u8 {
        self.rebuilds
    }

    /// The discard row, oldest first.
    pub fn row(&self) -> &[Card] {
        &self.row
    }

    /// The melds on the table, in the order laid (pending ones last).
    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    pub fn opened(&self) -> &[bool] {
        &self.opened[..self.players]
    }

    /// The seat whose turn it is (once over, the last turn's).
    pub const fn player(&self) -> usize {
        self.seat
    }

    pub const fn drawn(&self) -> Option<Drawn> {
        self.drawn
    }

    /// The cards taken from the row this turn, in row order.
    pub fn taken(&self) -> &[Card] {
        &self.taken
    }

    pub const fn opened_now(&self) -> bool {
        self.opened_now
    }

    /// Per seat: whether it opened before this turn (L5), what `take k`
    /// asks of the seat to play: `opened` less an opening in this turn.
    pub fn opened_before_turn(&self) -> Vec<bool> {
        let mut before = self.opened().to_vec();
        if self.opened_now {
            before[self.seat] = false;
        }
        before
    }

    /// How many of the last melds are pending (L5).
    pub const fn pending(&self) -> usize {
        self.pending
    }

    /// The meld being built (empty when none).
    pub const fn building(&self) -> &Meld {
        &self.building
    }

    pub const fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// The round's outcome, once it is over (the last round's once the match is).
    pub const fn result(&self) -> Option<&RoundResult> {
        self.result.as_ref()
    }

    pub fn round_scores(&self) -> &[Vec<i64>] {
        &self.round_scores
    }

    /// Each seat's table value so far (L9).
    pub fn table_values(&self) -> Vec<i64> {
        (0..self.players)
            .map(|seat| {
                self.melds
                    .iter()
                    .map(|meld| meld.value(Some(seat as u8)))
                    .sum()
            })
            .collect()
    }

    /// The face the seat may not discard this turn (L14, J5).
    fn forbidden(&self) -> Option<Card> {
        match (self.drawn, self.taken.as_slice()) {
            (Some(Drawn::Row), &[card]) => Some(card),
            _ => None,
        }
    }

    /// Whether `hand` holds a card the seat may discard (J3).
    fn keeps_a_discard(&self, hand: &CardCounts) -> bool {
        meld::keeps_a_discard(hand, self.forbidden())
    }

    fn hand_now(&self) -> &CardCounts {
        &self.hands[self.seat]
    }

    /// The hand after `placement` leaves it (a swap brings a joker back).
    fn after(&self, placement: Placement, swapped: bool) -> CardCounts {
        let mut hand = *self.hand_now();
        hand.remove(placement.card());
        if swapped {
            hand.insert(Card::JOKER);
        }
        hand
    }

    /// A placement in phase `play` (a new meld) or `build` (the meld being
    /// built): the card is held and the meld can still be completed (J3).
    fn builds(&self, placement: Placement) -> bool {
        if !self.hand_now().contains(placement.card()) {
            return false;
        }
        if self.building.is_empty() {
            let hand = self.after(placement, false);
            return Meld::start_completable(placement, &hand, self.forbidden());
        }
        self.building
            .extended(placement, self.seat as u8)
            .is_some_and(|meld| meld.completable(&self.after(placement, false), self.forbidden()))
    }

    /// A lay-off or swap of `placement` on table meld `index` (J3).
    fn lays_off(&self, index: usize, placement: Placement) -> bool {
        self.hand_now().contains(placement.card())
            && self.melds[index]
                .laid_off(placement, self.seat as u8)
                .is_some_and(|(_, swapped)| self.keeps_a_discard(&self.after(placement, swapped)))
    }

    /// Whether some lay-off or swap fits table meld `index`.
    fn can_lay_off_on(&self, index: usize) -> bool {
        let meld = &self.melds[index];
        !self
            .hand_now()
            .faces()
            .intersection(meld.wanted())
            .is_empty()
            && meld
                .lay_off_candidates()
                .any(|placement| self.lays_off(index, placement))
    }

    /// The pending melds' total (L5).
    fn pending_value(&self) -> i64 {
        self.melds[self.melds.len() - self.pending..]
            .iter()
            .map(|meld| meld.value(None))
            .sum()
    }

    fn may_take(&self, count: usize) -> bool {
        let hand = self.hand_now();
        self.opened[self.seat]
            && (1..=self.row.len()).contains(&count)
            && hand.len() + count <= MAX_HAND
            && (count > 1 || {
                // J4: a card of another face stays to discard.
                let mut faces = hand.faces();
                faces.remove(self.row[self.row.len() - 1]);
                !faces.is_empty()
            })
    }

    /// Every legal action now (docs/rules/jolly.md, "A turn").
    fn legal(&self) -> ActionSet {
        let mut legal = ActionSet::default();
        match self.phase {
            Phase::Draw => {
                if !self.stock.is_empty() {
                    legal.insert(DRAW);
                }
                for count in 1..=MAX_HAND {
                    if self.may_take(count) {
                        legal.insert(FIRST_TAKE + count as ActionId - 1);
                    }
                }
            }
            Phase::Play => {
                self.insert_starts(&mut legal);
                if self.pending > 0 {
                    legal.insert(UNDO);
                    return legal;
                }
                if self.opened[self.seat] {
                    for index in 0..self.melds.len() {
                        if self.can_lay_off_on(index) {
                            legal.insert(FIRST_SELECT + index as ActionId);
                        }
                    }
                }
                let mut faces = self.hand_now().faces();
                if let Some(card) = self.forbidden() {
                    faces.remove(card);
                }
                for card in faces {
                    legal.insert(DISCARD_IDS[card.id()]);
                }
            }
            Phase::Build => {
                for placement in self.building.next_placements() {
                    if self.builds(placement) {
                        legal.insert(placement.action());
                    }
                }
                if self.building.is_valid() && self.keeps_a_discard(self.hand_now()) {
                    legal.insert(CLOSE);
                }
                legal.insert(UNDO);
            }
            Phase::LayOff => {
                if let Some(index) = self.selected {
                    for placement in self.melds[index].lay_off_candidates() {
                        if self.lays_off(index, placement) {
                            legal.insert(placement.action());
                        }
                    }
                }
                legal.insert(UNDO);
            }
            Phase::Over => {}
        }
        legal
    }

    /// The placements that start a new meld (phase `play`). With four cards
    /// to spare beside the forbidden face, whether a card starts a meld is a
    /// matter of shape, read from each suit's positions held at once;
    /// smaller hands ask each card in turn.
    fn insert_starts(&self, legal: &mut ActionSet) {
        let hand = self.hand_now();
        let forbidden = self.forbidden();
        let spare = hand.len() - forbidden.map_or(0, |card| hand.count(card));
        if spare < 5 {
            for placement in self.start_candidates() {
                if self.builds(placement) {
                    legal.insert(placement.action());
                }
            }
            return;
        }
        let jokers = hand.count(Card::JOKER);
        // Bit p - 1: position p of the suit held (an ace at 1 and at 14).
        let mut held = [0u32; 4];
        for card in hand.faces() {
            if let (Some(suit), Some(rank)) = (card.suit(), meld::set_rank(card)) {
                held[suit.index()] |= 1 << (rank - 1) | if rank == 1 { 1 << 13 } else { 0 };
            }
        }
        let suits_of = |bit: u32| held.iter().filter(|&&m| m >> bit & 1 != 0).count();
        let (mut sets, mut set_jokers) = (0u32, 0u128);
        for bit in 0..13 {
            let suits = suits_of(bit);
            if suits >= 3 || (suits >= 2 && jokers > 0) {
                sets |= 1 << bit;
            }
            if suits >= 2 && jokers > 0 {
                let rank = bit as u8 + 1;
                set_jokers |= 1 << Placement::SetJoker { rank }.action();
            }
        }
        // Positions 1 to 12 may start a run (two cards above).
        const LOW12: u32 = (1 << 12) - 1;
        let mut bits = set_jokers;
        for (suit, &m) in held.iter().enumerate() {
            let (next1, next2, next3) = (m >> 1, m >> 2, m >> 3);
            let mut runs = next1 & next2;
            if jokers > 0 {
                runs |= next1 | next2;
            }
            let naturals = m & (runs & LOW12 | sets) & ((1 << 13) - 1);
            bits |= u128::from(naturals) << (14 * suit);
            if jokers > 0 {
                let beyond = if jokers >= 2 { next3 } else { 0 };
                let run_jokers = next1 & (next2 | beyond) & LOW12;
                bits |= u128::from(run_jokers) << (meld::FIRST_RUN_JOKER as usize + 14 * suit);
            }
        }
        legal.insert_low(bits);
    }

    /// The placements worth asking about in phase `play`: a natural card
    /// held (an ace at position 1), a run joker just below a natural card
    /// held, a set joker of a rank held in two suits (a meld needs two
    /// natural cards).
    fn start_candidates(&self) -> impl Iterator<Item = Placement> + '_ {
        let faces = self.hand_now().faces();
        let jokers = faces.contains(Card::JOKER);
        let mut naturals = faces;
        naturals.remove(Card::JOKER);
        naturals.iter().flat_map(move |card| {
            let (suit, rank) = (card.suit(), meld::set_rank(card));
            let natural = suit
                .zip(rank)
                .map(|(suit, position)| Placement::Natural { suit, position });
            // The joker just below this card (below an ace: the king, 14 - 1).
            let run_joker = suit.zip(rank).filter(|_| jokers).map(|(suit, rank)| {
                let position = if rank == 1 { 13 } else { rank - 1 };
                Placement::RunJoker { suit, position }
            });
            let set_joker = rank
                .filter(|&rank| jokers && naturals.intersection(meld::rank_faces(rank)).len() >= 2)
                .map(|rank| Placement::SetJoker { rank });
            natural.into_iter().chain(run_joker).chain(set_joker)
        })
    }

    /// Deals a round from the generator (J1): one card at a time from the
    /// dealer's next seat; the rest is the stock, top first.
    fn shuffled_deal(&mut self, dealer: usize) -> Dealt {
        let mut cards = deck(DECK_SIZE).unwrap_or_default();
        self.rng.shuffle(&mut cards);
        let mut hands = vec![CardCounts::EMPTY; self.players];
        let dealt = deal_in_batches(
            &cards[..HAND_SIZE * self.players],
            self.players,
            (dealer + 1) % self.players,
            &[1; HAND_SIZE],
            |seat, card| {
                hands[seat].insert(card);
            },
        );
        Dealt {
            hands,
            stock: cards[dealt..].to_vec(),
            rng: self.rng.state(),
            rebuilt: Some(Vec::new()),
        }
    }

    /// Lays out a round as `dealt` records it; its first turn begins.
    fn begin_round(&mut self, number: u32, dealer: usize, dealt: Dealt) {
        self.round = number;
        self.dealer = dealer;
        self.round_start = self.history.len();
        for (seat, hand) in dealt.hands.iter().enumerate() {
            self.hands[seat] = *hand;
        }
        self.stock.clear();
        self.stock.extend(dealt.stock.iter().rev());
        self.rng = SplitMix64::new(dealt.rng);
        self.dealt = dealt;
        self.rebuilds = 0;
        self.row.clear();
        self.melds.clear();
        self.opened = [false; MAX_PLAYERS];
        self.result = None;
        self.phase = Phase::Draw;
        self.begin_turn((dealer + 1) % self.players);
    }

    /// A turn begins (L4); an empty stock is rebuilt first (L13, J6, J7), or
    /// the round ends with no finisher.
    fn begin_turn(&mut self, seat: usize) {
        self.seat = seat;
        self.drawn = None;
        self.taken.clear();
        self.opened_now = false;
        self.pending = 0;
        self.building = Meld::EMPTY;
        self.selected = None;
        self.phase = Phase::Draw;
        if !self.stock.is_empty() {
            return;
        }
        if self.rebuilds == MAX_REBUILDS || self.row.len() <= ROW_KEPT {
            self.end_round(None);
            return;
        }
        let kept = self.row.len() - ROW_KEPT;
        let mut cards: Vec<Card> = self.row.drain(..kept).collect();
        // The generator draws as in play whatever the stock laid out: the
        // state's `rng` stays the deal's with the rebuilds' draws.
        self.rng.shuffle(&mut cards);
        if let Some(stocks) = &mut self.dealt.rebuilt {
            let index = usize::from(self.rebuilds);
            match stocks.get(index) {
                // Replay: the stock as recorded, if it is these cards.
                Some(recorded) if same_cards(recorded, &cards) => cards.clone_from(recorded),
                // Not these cards: the record replays as the cards sorted,
                // which `from_json` then names in its refusal.
                Some(_) => {
                    cards.sort();
                    stocks[index].clone_from(&cards);
                }
                None => stocks.push(cards.clone()),
            }
        }
        self.stock.extend(cards.iter().rev());
        self.rebuilds += 1;
    }

    /// The stocks rebuilt this round as recorded (none for a round read
    /// from a state saved before they were), as many as were rebuilt.
    fn rebuilt_stocks(&self) -> Option<&[Vec<Card>]> {
        let stocks = self.dealt.rebuilt.as_deref()?;
        Some(&stocks[..stocks.len().min(usize::from(self.rebuilds))])
    }

    fn end_round(&mut self, finisher: Option<usize>) {
        let main_jolly = finisher.is_some() && self.opened_now;
        let result = round_scores(&self.table_values(), self.hands(), finisher, main_jolly);
        for (seat, score) in result.scores.iter().enumerate() {
            self.totals[seat] += score;
        }
        self.round_scores.push(result.scores.clone());
        let over = self.options.single_deal
            || self.round >= u32::from(self.options.max_rounds)
            || self.totals[..self.players]
                .iter()
                .any(|&total| total >= i64::from(self.options.target));
        if over {
            self.result = Some(result);
            self.phase = Phase::Over;
            return;
        }
        if let Some(stocks) = &mut self.dealt.rebuilt {
            // Only those rebuilt (a state read back may record more: refused).
            stocks.truncate(usize::from(self.rebuilds));
        }
        let finished = self.round_record(result);
        self.finished_rounds.push(finished);
        let dealer = (self.dealer + 1) % self.players;
        let dealt = self.shuffled_deal(dealer);
        self.begin_round(self.round + 1, dealer, dealt);
    }

    fn place(&mut self, placement: Placement) {
        let seat = self.seat as u8;
        match self.phase {
            Phase::Play | Phase::Build => {
                self.hands[self.seat].remove(placement.card());
                if let Some(meld) = self.building.extended(placement, seat) {
                    self.building = meld;
                }
                self.phase = Phase::Build;
            }
            Phase::LayOff => {
                let Some(index) = self.selected.take() else {
                    return;
                };
                if let Some((meld, swapped)) = self.melds[index].laid_off(placement, seat) {
                    self.melds[index] = meld;
                    self.hands[self.seat].remove(placement.card());
                    if swapped {
                        self.hands[self.seat].insert(Card::JOKER);
                    }
                }
                self.phase = Phase::Play;
            }
            Phase::Draw | Phase::Over => {}
        }
    }

    /// `close`: the meld goes on the table; pending until the opening's 40
    /// is reached (L5, J10).
    fn close(&mut self) {
        self.melds
            .push(std::mem::replace(&mut self.building, Meld::EMPTY));
        self.phase = Phase::Play;
        if self.opened[self.seat] {
            return;
        }
        self.pending += 1;
        if self.pending_value() >= OPENING {
            self.opened[self.seat] = true;
            self.opened_now = true;
            self.pending = 0;
        }
    }

    fn undo(&mut self) {
        match self.phase {
            Phase::Build => {
                if let Some(slot) = self.building.slots().last() {
                    self.hands[self.seat].insert(slot.card);
                }
                self.building = self.building.without_last();
                if self.building.is_empty() {
                    self.phase = Phase::Play;
                }
            }
            Phase::LayOff => {
                self.selected = None;
                self.phase = Phase::Play;
            }
            Phase::Play => {
                // J10: a pending meld comes back to the hand whole.
                if let Some(meld) = self.melds.pop() {
                    for slot in meld.slots() {
                        self.hands[self.seat].insert(slot.card);
                    }
                    self.pending -= 1;
                }
            }
            Phase::Draw | Phase::Over => {}
        }
    }

    fn discard(&mut self, card: Card) {
        self.hands[self.seat].remove(card);
        self.row.push(card);
        if self.hands[self.seat].is_empty() {
            self.end_round(Some(self.seat));
        } else {
            self.begin_turn((self.seat + 1) % self.players);
        }
    }

    fn apply_legal(&mut self, action: ActionId) {
        self.history.push(action);
        self.step(action);
        // J14: a round still going on after `max_round_steps` steps ends the match.
        let steps = self.history.len() - self.round_start;
        if self.phase != Phase::Over && steps >= usize::from(self.options.max_round_steps) {
            self.phase = Phase::Over;
            self.truncated = true;
        }
    }

    fn step(&mut self, action: ActionId) {
        match action {
            0..CLOSE => {
                if let Some(placement) = Placement::of_action(action) {
                    self.place(placement);
                }
            }
            CLOSE => self.close(),
            UNDO => self.undo(),
            FIRST_SELECT..FIRST_DISCARD => {
                self.selected = Some(usize::from(action - FIRST_SELECT));
                self.phase = Phase::LayOff;
            }
            FIRST_DISCARD..DRAW => self.discard(DISCARDS[usize::from(action - FIRST_DISCARD)]),
            DRAW => {
                if let Some(card) = self.stock.pop() {
                    self.hands[self.seat].insert(card);
                }
                self.drawn = Some(Drawn::Stock);
                self.phase = Phase::Play;
            }
            _ => {
                let count = usize::from(action - FIRST_TAKE) + 1;
                let from = self.row.len() - count;
                self.taken.extend_from_slice(&self.row[from..]);
                for card in self.row.drain(from..) {
                    self.hands[self.seat].insert(card);
                }
                self.drawn = Some(Drawn::Row);
                self.phase = Phase::Play;
            }
        }
    }
}

/// Whether two piles hold the same cards, in any order.
fn same_cards(a: &[Card], b: &[Card]) -> bool {
    let counts = |cards: &[Card]| cards.iter().copied().collect::<CardCounts>();
    a.len() == b.len() && counts(a) == counts(b)
}

impl Jolly {
    /// A match at the table `options` set, in round `round` dealt by
    /// `dealer` with these `totals`, before the round is dealt
    /// ([`Jolly::begin_round`] deals it): nothing on the table, no history.
    fn table(
        options: Options,
        rng: SplitMix64,
        round: u32,
        dealer: usize,
        totals: [i64; MAX_PLAYERS],
        melds_capacity: usize,
        history_capacity: usize,
    ) -> Jolly {
        Jolly {
            options,
            players: usize::from(options.players),
            rng,
            phase: Phase::Draw,
            round,
            dealer,
            dealt: Dealt::HIDDEN,
            hands: [CardCounts::EMPTY; MAX_PLAYERS],
            stock: Vec::with_capacity(DECK_SIZE),
            rebuilds: 0,
            row: Vec::with_capacity(DECK_SIZE),
            melds: Vec::with_capacity(melds_capacity),
            opened: [false; MAX_PLAYERS],
            seat: 0,
            drawn: None,
            taken: Vec::with_capacity(MAX_HAND),
            opened_now: false,
            pending: 0,
            building: Meld::EMPTY,
            selected: None,
            result: None,
            round_scores: Vec::new(),
            totals,
            finished_rounds: Vec::new(),
            history: Vec::with_capacity(history_capacity),
            round_start: 0,
            truncated: false,
        }
    }
}

impl Game for Jolly {
    const NAME: &'static str = "jolly";
    const DESCRIPTION: &'static str =
        "Jolly: rummy for 2 to 4 players, two decks and six jokers, opening at 40, a discard row, a match to 100, 200 or 500";
    const PLAYER_COUNTS: &'static [usize] = &[2, 3, 4];
    const ACTION_COUNT: usize = ACTION_COUNT;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    type Options = Options;

    fn read_options(options: &Map<String, Value>) -> Result<Options> {
        options::read::<Options>(OPTIONS, options)?.check()
    }

    fn with_options(seed: u64, options: &Options) -> Jolly {
        let options = *options;
        let players = usize::from(options.players);
        let mut rng = SplitMix64::new(seed);
        let dealer = first_dealer(&mut rng, options.first_dealer, players);
        let mut game = Jolly::table(options, rng, 1, dealer, [0; MAX_PLAYERS], MAX_MELDS, 1024);
        let dealt = game.shuffled_deal(dealer);
        game.begin_round(1, dealer, dealt);
        game
    }

    fn options(&self) -> Value {
        json!({
            "players": self.options.players,
            "target": self.options.target,
            "max_rounds": self.options.max_rounds,
            "single_deal": self.options.single_deal,
            "first_dealer": self.options.first_dealer,
            "max_round_steps": self.options.max_round_steps,
        })
    }

    fn num_players(&self) -> usize {
        self.players
    }

    fn current_player(&self) -> Option<usize> {
        (self.phase != Phase::Over).then_some(self.seat)
    }

    fn phase(&self) -> &'static str {
        match self.phase {
            Phase::Draw => "draw",
            Phase::Play => "play",
            Phase::Build => "build",
            Phase::LayOff => "lay_off",
            Phase::Over => "over",
        }
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    fn scores(&self) -> Vec<i64> {
        self.totals[..self.players].to_vec()
    }

    /// The seats with the highest total (a tie is shared, L16); nobody wins
    /// a match ended at its cap (J14).
    fn winning_seats(&self) -> Vec<usize> {
        if self.phase != Phase::Over || self.truncated {
            return Vec::new();
        }
        let best = self.scores().into_iter().max().unwrap_or(0);
        (0..self.players)
            .filter(|&seat| self.totals[seat] == best)
            .collect()
    }

    fn truncated(&self) -> bool {
        self.truncated
    }

    fn legal_actions(&self, out: &mut Vec<ActionId>) {
        out.clear();
        out.extend(self.legal().iter());
    }

    fn apply(&mut self, action: ActionId) -> Result<()> {
        check_action_id::<Self>(i64::from(action))?;
        if !self.legal().contains(action) {
            return Err(refusal(self, action));
        }
        self.apply_legal(action);
        Ok(())
    }

    fn refusal_reason(&self, action: ActionId) -> Option<String> {
        self.why_refused(action)
    }

    /// The protocol's draw, `below(len)` into the legal set in id order.
    fn random_action(&self, rng: &mut SplitMix64) -> Option<ActionId> {
        let legal = self.legal();
        let count = legal.len();
        (count > 0).then(|| legal.nth(rng.below(count as u64) as usize))?
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
            0..CLOSE => Placement::of_action(action).map_or_else(String::new, Placement::text),
            CLOSE => "close".to_owned(),
            UNDO => "undo".to_owned(),
            FIRST_SELECT..FIRST_DISCARD => format!("on meld {}", action - FIRST_SELECT),
            FIRST_DISCARD..DRAW => {
                format!("discard {}", DISCARDS[usize::from(action - FIRST_DISCARD)])
            }
            DRAW => "draw".to_owned(),
            _ => format!("take {}", action - FIRST_TAKE + 1),
        }
    }

    fn action_kind(action: ActionId) -> &'static str {
        match action {
            0..CLOSE => "lay",
            CLOSE => "close",
            UNDO => "undo",
            FIRST_SELECT..FIRST_DISCARD => "select",
            FIRST_DISCARD..DRAW => "discard",
            DRAW => "draw",
            _ => "take",
        }
    }

    fn action_card(action: ActionId) -> Option<Card> {
        match action {
            0..CLOSE => Placement::of_action(action).map(Placement::card),
            FIRST_DISCARD..DRAW => Some(DISCARDS[usize::from(action - FIRST_DISCARD)]),
            _ => None,
        }
    }

    fn describe_legal(&self, action: ActionId) -> Option<String> {
        self.describe_now(action)
    }

    fn parse_action(text: &str) -> Result<ActionId> {
        static TEXTS: OnceLock<ActionTexts> = OnceLock::new();
        if let Some(action) = ActionTexts::of::<Self>(&TEXTS).get(text) {
            return Ok(action);
        }
        // A card alone is good notation but no Jolly action (they say what to
        // do with it: lay it, discard it).
        match text.parse::<Card>() {
            Ok(card) => Err(Error::IllegalAction(format!(
                "{card} is a card, not an action of jolly (say 'lay {card}' or 'discard {card}')"
            ))),
            Err(_) => Err(Error::Notation(text.to_owned())),
        }
    }

    state::json_by_replay!();

    fn observation(&self, seat: usize) -> Result<Value> {
        view::observation(self, seat)
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
