//! French Tarot: 78 cards, one taker (with a called partner at five) against
//! the defence; bidding, the chien, poignées, slams, the Excuse; 3, 4 or 5
//! players.
//!
//! Rules: `docs/rules/tarot.md` states every rule as implemented here, citing
//! the rules text "French Tarot" by its sections, the rulings T1-T19, the
//! FFT's rules for three and five players, and the decisions (D1-D4).
//! Choices: seats are numbered in the order of play (anticlockwise), so the
//! dealer's right is the next seat; every deal, void ones included, is kept
//! in `finished_deals` with its hands as dealt (D2).

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::card::{Card, Rank};
use crate::cardset::CardSet;
use crate::deal::{deal_in_batches, first_dealer};
use crate::error::{shortened, Error, Result};
use crate::game::{check_action_id, check_seat, refusal, ActionId, ActionTexts, Game};
use crate::json;
use crate::options::{self, OptionKind, OptionSpec};
use crate::rng::SplitMix64;
use crate::state;
use crate::trick::Trick;

mod bot;
mod determinize;
mod infostate;
mod play;
mod record;
mod saved;
mod scoring;
mod solve;
mod tensor;
#[cfg(test)]
mod tests;
mod view;

pub use bot::Heuristic;
use play::{
    callable, card_refusal, declared, discard_refusal, legal_cards, legal_discards, petit_sec,
    winner,
};
pub use record::{Bid, DealRecord, Level, PlayedTrick, Poignee, Side, Void};
pub use saved::Saved;
pub use scoring::{half_points, DealResult, Settlement, TARGETS};

/// The largest table: five players.
pub const MAX_PLAYERS: usize = 5;
/// The most tricks of a deal: 24 at three players.
const MAX_TRICKS: usize = 24;
const DECK_SIZE: usize = 78;

/// Action ids (docs/rules/tarot.md, "Actions"): a card's play is its face id.
const FIRST_DISCARD: ActionId = 78;
const FIRST_BID: ActionId = 156;
const FIRST_CALL: ActionId = 161;
const SLAM: ActionId = 177;
const NO_SLAM: ActionId = 178;
const NO_POIGNEE: ActionId = 179;
const FIRST_POIGNEE: ActionId = 180;
const ACTION_COUNT: usize = 183;

/// The ranks a taker may call, in the order it must call them (K, Q, C, J).
const CALL_RANKS: [Rank; 4] = [Rank::King, Rank::Queen, Rank::Knight, Rank::Jack];

/// The 78 cards in face-id order: a card's play action is its index.
const DECK: [Card; DECK_SIZE] = {
    let mut deck = [Card::EXCUSE; DECK_SIZE];
    let mut id = 0;
    while id < DECK_SIZE {
        deck[id] = match Card::from_id(id) {
            Some(card) => card,
            None => Card::EXCUSE,
        };
        id += 1;
    }
    deck
};

fn deck_set() -> CardSet {
    DECK.iter().copied().collect()
}

fn call_action(card: Card) -> Option<ActionId> {
    let rank = CALL_RANKS.iter().position(|&r| Some(r) == card.rank())?;
    Some(FIRST_CALL + 4 * rank as ActionId + card.suit()?.index() as ActionId)
}

fn called_card(action: ActionId) -> Option<Card> {
    let index = usize::from(action.checked_sub(FIRST_CALL)?);
    let rank = *CALL_RANKS.get(index / 4)?;
    Some(Card::new(crate::card::Suit::ALL[index % 4], rank))
}

fn poignee_level(action: ActionId) -> Option<Level> {
    Level::ALL
        .get(usize::from(action.checked_sub(FIRST_POIGNEE)?))
        .copied()
}

/// The table's sizes at `players` seats: hand and chien (FFT).
const fn sizes(players: usize) -> (usize, usize) {
    match players {
        3 => (24, 6),
        4 => (18, 6),
        _ => (15, 3),
    }
}

/// French Tarot's options (see `OPTIONS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    players: u8,
    single_deal: bool,
    #[serde(deserialize_with = "json::nullable")]
    deals: Option<u8>,
    excuse_to_winner: bool,
    #[serde(deserialize_with = "json::nullable")]
    first_dealer: Option<u8>,
    /// D7: the most deals dealt in a match, void ones included.
    #[serde(default = "options::default_max_deals")]
    max_deals: u16,
}

impl Options {
    fn check(self) -> Result<Options> {
        if self.single_deal && self.deals.is_some() {
            return Err(Error::option(
                "deals",
                "must be None with single_deal=True (one deal is played)",
            ));
        }
        if let Some(seat) = self.first_dealer {
            if seat >= self.players {
                return Err(Error::option(
                    "first_dealer",
                    format!("seat {seat} is not at a table of {} players", self.players),
                ));
            }
        }
        if usize::from(self.max_deals) < self.deals() {
            return Err(Error::option(
                "max_deals",
                format!(
                    "{} is fewer than the {} valid deals the match plays",
                    self.max_deals,
                    self.deals()
                ),
            ));
        }
        Ok(self)
    }

    /// T19: the valid deals of a match.
    fn deals(self) -> usize {
        match (self.single_deal, self.deals) {
            (true, _) => 1,
            (false, Some(deals)) => usize::from(deals),
            (false, None) => usize::from(self.players),
        }
    }
}

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "players",
        kind: OptionKind::Int {
            default: 4,
            min: 3,
            max: 5,
        },
        doc: "3, 4 or 5 players",
    },
    options::SINGLE_DEAL,
    OptionSpec {
        name: "deals",
        kind: OptionKind::OptionalInt { min: 1, max: 100 },
        doc: "the valid deals of a match; None plays one per player",
    },
    OptionSpec {
        name: "excuse_to_winner",
        kind: OptionKind::Bool { default: false },
        doc: "the Excuse played to the last trick goes to the side winning it (T5)",
    },
    OptionSpec {
        name: "first_dealer",
        kind: OptionKind::OptionalInt { min: 0, max: 4 },
        doc: "the first dealer's seat; None draws it from the seeded generator",
    },
    options::MAX_DEALS,
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Bid,
    Call,
    Discard,
    Slam,
    Poignee,
    Play,
    Over,
}

/// How a deal was dealt: each seat's hand and the chien.
#[derive(Clone, Copy, Debug)]
pub struct Dealt {
    hands: [CardSet; MAX_PLAYERS],
    chien: CardSet,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tarot {
    options: Options,
    rng: SplitMix64,
    phase: Phase,
    hands: [CardSet; MAX_PLAYERS],
    trick: Trick<MAX_PLAYERS>,
    /// The deal in play (the last one, once the match is over).
    deal: DealRecord,
    /// Every deal finished before the current one, void deals included.
    finished_deals: Vec<DealRecord>,
    /// Each valid deal's scores, per seat.
    deal_scores: Vec<[i64; MAX_PLAYERS]>,
    totals: [i64; MAX_PLAYERS],
    history: Vec<ActionId>,
    /// D7: the match ended at `max_deals` deals, before its valid deals were played.
    truncated: bool,
}

impl crate::deals::Deals for Tarot {
    type Deal = DealRecord;

    fn current_deal(&self) -> std::borrow::Cow<'_, DealRecord> {
        std::borrow::Cow::Borrowed(&self.deal)
    }

    fn earlier_deals(&self) -> &[DealRecord] {
        &self.finished_deals
    }
}

impl Tarot {
    fn players(&self) -> usize {
        usize::from(self.options.players)
    }

    fn hand_size(&self) -> usize {
        sizes(self.players()).0
    }

    fn next_seat(&self, seat: usize) -> usize {
        (seat + 1) % self.players()
    }

    pub fn hand(&self, seat: usize) -> Result<CardSet> {
        Ok(self.hands[check_seat(self, seat)?])
    }

    /// The deal in play (the last one, once the match is over).
    pub const fn current_deal(&self) -> &DealRecord {
        &self.deal
    }

    pub fn dealer(&self) -> usize {
        self.deal.dealer()
    }

    /// The deal in play, counting from 1, void deals included.
    pub const fn deal_number(&self) -> u32 {
        self.deal.number()
    }

    /// Each seat's bid this deal, `None` until it has spoken.
    pub fn bids(&self) -> &[Option<Bid>] {
        &self.deal.bids()[..self.players()]
    }

    pub fn taker(&self) -> Option<usize> {
        self.deal.taker()
    }

    pub const fn contract(&self) -> Option<Bid> {
        self.deal.contract()
    }

    /// Five players: the called card, once called.
    pub const fn called(&self) -> Option<Card> {
        self.deal.called()
    }

    /// Whether the taker announced a slam.
    pub const fn slam_announced(&self) -> bool {
        self.deal.slam()
    }

    /// Each seat's declared poignée this deal.
    pub fn poignees(&self) -> &[Option<Poignee>] {
        &self.deal.poignees()[..self.players()]
    }

    pub const fn trick(&self) -> &Trick<MAX_PLAYERS> {
        &self.trick
    }

    /// This deal's completed tricks.
    pub fn tricks(&self) -> &[PlayedTrick] {
        self.deal.tricks()
    }

    /// The deal's count and settlement, once its last trick is played.
    pub const fn result(&self) -> Option<&DealResult> {
        self.deal.result()
    }

    /// Each valid deal's scores, per seat.
    pub fn deal_scores(&self) -> Vec<Vec<i64>> {
        let players = self.players();
        self.deal_scores
            .iter()
            .map(|scores| scores[..players].to_vec())
            .collect()
    }

    /// Whether the chien has been turned face up for every seat: in a Prise
    /// or a Garde once the bidding (and the call) is over, and at the end.
    pub fn chien_shown(&self) -> bool {
        self.phase == Phase::Over
            || (self.deal.contract().is_some_and(Bid::takes_chien) && self.phase != Phase::Call)
    }

    /// Whether every seat knows the partner (five players): see `DealRecord::partner_public`.
    pub fn partner_public(&self) -> bool {
        self.deal.partner_public(&self.trick)
    }

    /// Each side's card points (half points) and bouts so far, the taker's
    /// side first: the tricks won, with the Excuse as T2 and T5 say, and the
    /// discard or the chien once the deal is over; `None` before the bidding
    /// ends and, at five players, while the partner is secret.
    pub fn card_counts(&self) -> Option<[(u8, u8); 2]> {
        self.deal.taker()?;
        if !self.partner_public() {
            return None;
        }
        let complete = self.deal.result().is_some();
        let (points, bouts) = scoring::taker_pile(
            &self.deal,
            self.hand_size(),
            self.options.excuse_to_winner,
            complete,
        );
        let counted = scoring::counted_cards(&self.deal, complete);
        let all_points = scoring::pile_points(counted);
        let all_bouts = counted.intersection(play::BOUTS).len() as u8;
        Some([(points, bouts), (all_points - points, all_bouts - bouts)])
    }

    /// The legal bids: a pass or a contract above the highest so far.
    fn legal_bids(&self) -> impl Iterator<Item = Bid> {
        let highest = self.deal.bids().iter().flatten().max().copied();
        Bid::ALL
            .iter()
            .copied()
            .filter(move |&bid| bid == Bid::Pass || highest.is_none_or(|h| bid > h))
    }

    fn taker_seat(&self) -> usize {
        self.deal.taker().unwrap_or(0)
    }

    fn discards_left(&self) -> usize {
        sizes(self.players()).1 - self.deal.discard().len()
    }

    /// The poignée levels the seat about to play its first card may declare.
    fn poignee_levels(&self) -> impl Iterator<Item = Level> + '_ {
        self.poignee_levels_of(self.trick.next_seat())
    }

    /// The poignée levels `seat` may declare before its first card.
    fn poignee_levels_of(&self, seat: usize) -> impl Iterator<Item = Level> + '_ {
        Level::ALL
            .iter()
            .copied()
            .filter(move |&level| self.poignee_of(seat, level).is_some())
    }

    fn poignee_of(&self, seat: usize, level: Level) -> Option<Poignee> {
        declared(
            self.hands[seat],
            self.deal.discard_of(seat),
            level,
            self.players(),
        )
    }

    fn legal_cards(&self) -> CardSet {
        let hand = self.hands[self.trick.next_seat()];
        let called_lead = self.deal.called().filter(|_| self.deal.tricks().is_empty());
        legal_cards(hand, &self.trick, called_lead)
    }

    /// Deals a deal from the generator (T18): one shuffle, three cards at a
    /// time from the dealer's right, the rest to the chien.
    fn shuffled_deal(&mut self, dealer: usize) -> Dealt {
        let mut deck = DECK;
        self.rng.shuffle(&mut deck);
        let players = self.players();
        let (hand_size, _) = sizes(players);
        let dealt_count = players * hand_size;
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        deal_in_batches(
            &deck[..dealt_count],
            players,
            self.next_seat(dealer),
            &[3; 8][..hand_size / 3],
            |seat, card| hands[seat].insert(card),
        );
        Dealt {
            hands,
            chien: deck[dealt_count..].iter().copied().collect(),
        }
    }

    /// Lays out deal `number`; a petit sec voids it at once (T15) and the
    /// next seat deals the next one from the generator, until one stands.
    fn begin_deal(&mut self, number: u32, dealer: usize, dealt: &Dealt) {
        let (mut number, mut dealer, mut dealt) = (number, dealer, *dealt);
        loop {
            self.deal = DealRecord::new(number, dealer, dealt.hands, dealt.chien);
            self.hands = dealt.hands;
            self.trick = Trick::with_players(self.next_seat(dealer), self.players());
            self.phase = Phase::Bid;
            self.truncated = false;
            if !self.hands[..self.players()].iter().any(|&h| petit_sec(h)) {
                return;
            }
            self.deal.void = Some(Void::PetitSec);
            if self.at_deal_cap() {
                return;
            }
            self.finished_deals.push(self.deal.clone());
            number += 1;
            dealer = self.next_seat(dealer);
            dealt = self.shuffled_deal(dealer);
        }
    }

    /// D7: once the deal just finished is the `max_deals`-th, the match
    /// ends there, truncated; whether it did.
    fn at_deal_cap(&mut self) -> bool {
        self.truncated = self.deal.number() >= u32::from(self.options.max_deals);
        if self.truncated {
            self.phase = Phase::Over;
        }
        self.truncated
    }

    /// The next deal, dealt by the next seat, unless the cap ends the match (D7).
    fn next_deal(&mut self) {
        if self.at_deal_cap() {
            return;
        }
        let previous = std::mem::replace(
            &mut self.deal,
            DealRecord::new(0, 0, [CardSet::EMPTY; MAX_PLAYERS], CardSet::EMPTY),
        );
        let (number, dealer) = (previous.number() + 1, self.next_seat(previous.dealer()));
        self.finished_deals.push(previous);
        let dealt = self.shuffled_deal(dealer);
        self.begin_deal(number, dealer, &dealt);
    }

    fn bid(&mut self, bid: Bid) {
        let seat = self.current_player().unwrap_or(0);
        self.deal.bids[seat] = Some(bid);
        let spoken = self.deal.bids().iter().flatten().count();
        if spoken < self.players() {
            return;
        }
        let best = (0..self.players()).max_by_key(|&s| self.deal.bids[s]);
        match best.filter(|&s| self.deal.bids[s] != Some(Bid::Pass)) {
            None => {
                self.deal.void = Some(Void::AllPass);
                self.next_deal();
            }
            Some(taker) => {
                self.deal.taker = Some(taker as u8);
                self.deal.contract = self.deal.bids[taker];
                if self.players() == 5 {
                    self.phase = Phase::Call;
                } else {
                    self.after_call();
                }
            }
        }
    }

    fn call(&mut self, card: Card) {
        self.deal.called = Some(card);
        let taker = self.taker_seat();
        self.deal.partner = (0..self.players())
            .find(|&seat| seat != taker && self.hands[seat].contains(card))
            .map(|seat| seat as u8);
        self.after_call();
    }

    /// The chien taken (Prise, Garde) and the discard, or straight to the slam.
    fn after_call(&mut self) {
        if self.deal.contract().is_some_and(Bid::takes_chien) {
            let taker = self.taker_seat();
            self.hands[taker] = self.hands[taker].union(self.deal.chien());
            self.phase = Phase::Discard;
        } else {
            self.phase = Phase::Slam;
        }
    }

    fn discard(&mut self, card: Card) {
        let taker = self.taker_seat();
        self.hands[taker].remove(card);
        self.deal.discard.insert(card);
        if self.discards_left() == 0 {
            self.phase = Phase::Slam;
        }
    }

    /// T11: a slam announced, the taker leads the first trick.
    fn announce(&mut self, slam: bool) {
        self.deal.slam = slam;
        if slam {
            self.trick = Trick::with_players(self.taker_seat(), self.players());
        }
        self.next_turn();
    }

    /// The next seat plays, after declaring a poignée first if it may (T9).
    fn next_turn(&mut self) {
        // Each seat plays once to the first trick: it is asked only then.
        self.phase = if self.deal.tricks().is_empty() && self.poignee_levels().next().is_some() {
            Phase::Poignee
        } else {
            Phase::Play
        };
    }

    fn declare(&mut self, level: Option<Level>) {
        let seat = self.trick.next_seat();
        self.deal.poignees[seat] = level.and_then(|level| self.poignee_of(seat, level));
        self.phase = Phase::Play;
    }

    fn play(&mut self, card: Card) {
        self.hands[self.trick.next_seat()].remove(card);
        self.trick.push(card);
        if !self.trick.is_complete() {
            self.next_turn();
            return;
        }
        let winner = winner(&self.trick, self.excuse_may_win());
        self.deal.tricks.push(PlayedTrick {
            trick: self.trick,
            winner: winner as u8,
        });
        self.trick = Trick::with_players(winner, self.players());
        if self.deal.tricks().len() < self.hand_size() {
            self.next_turn();
        } else {
            self.score_deal();
        }
    }

    /// T4: the Excuse led to the last trick by a side that won every earlier trick wins it.
    fn excuse_may_win(&self) -> bool {
        let leader_side = self.deal.side_of(self.trick.leader());
        self.deal.tricks().len() + 1 == self.hand_size()
            && self
                .deal
                .tricks()
                .iter()
                .all(|t| self.deal.side_of(usize::from(t.winner)) == leader_side)
    }

    fn score_deal(&mut self) {
        let (points, bouts) = scoring::taker_pile(
            &self.deal,
            self.hand_size(),
            self.options.excuse_to_winner,
            true,
        );
        let settlement = Settlement {
            players: self.players(),
            contract: self.deal.contract().unwrap_or(Bid::Prise),
            points,
            bouts,
            petit_au_bout: scoring::petit_au_bout(&self.deal),
            poignees: self.poignees().iter().flatten().map(|p| p.level).collect(),
            slam_announced: self.deal.slam(),
            slam: scoring::slam(&self.deal),
            taker: self.taker_seat(),
            partner: self.deal.partner(),
        };
        // Every deal played passes `settle`'s checks (its bounds are never too tight).
        if cfg!(any(test, debug_assertions)) {
            assert_eq!(settlement.check(), Ok(()), "{settlement:?}");
        }
        let result = settlement.result();
        let mut scores = [0; MAX_PLAYERS];
        scores[..self.players()].copy_from_slice(&result.scores);
        self.deal.result = Some(result);
        self.deal_scores.push(scores);
        for (total, score) in self.totals.iter_mut().zip(scores) {
            *total += score;
        }
        if self.deal_scores.len() >= self.options.deals() {
            self.phase = Phase::Over;
        } else {
            self.next_deal();
        }
    }

    /// Applies an action known to be legal.
    fn apply_legal(&mut self, action: ActionId) {
        self.history.push(action);
        match self.phase {
            Phase::Bid => self.bid(Bid::ALL[usize::from(action - FIRST_BID)]),
            Phase::Call => {
                if let Some(card) = called_card(action) {
                    self.call(card);
                }
            }
            Phase::Discard => self.discard(DECK[usize::from(action - FIRST_DISCARD)]),
            Phase::Slam => self.announce(action == SLAM),
            Phase::Poignee => self.declare(poignee_level(action)),
            Phase::Play => self.play(DECK[usize::from(action)]),
            Phase::Over => {}
        }
    }

    fn is_legal(&self, action: ActionId) -> bool {
        match self.phase {
            Phase::Bid => action
                .checked_sub(FIRST_BID)
                .and_then(|i| Bid::ALL.get(usize::from(i)))
                .is_some_and(|&bid| self.legal_bids().any(|b| b == bid)),
            Phase::Call => called_card(action)
                .is_some_and(|card| callable(self.hands[self.taker_seat()]).contains(card)),
            Phase::Discard => action
                .checked_sub(FIRST_DISCARD)
                .and_then(|i| DECK.get(usize::from(i)))
                .is_some_and(|&card| self.legal_discard_set().contains(card)),
            Phase::Slam => action == SLAM || action == NO_SLAM,
            Phase::Poignee => {
                action == NO_POIGNEE
                    || poignee_level(action).is_some_and(|l| self.poignee_levels().any(|m| m == l))
            }
            Phase::Play => DECK
                .get(usize::from(action))
                .is_some_and(|&card| self.legal_cards().contains(card)),
            Phase::Over => false,
        }
    }

    /// What the seat to act is asked now, and the kind of action that answers.
    fn asked(&self) -> (&'static str, String) {
        let asked = match self.phase {
            Phase::Bid => ("bid", "it is the bidding: bid or pass".to_owned()),
            Phase::Call => ("call", "it is the call: the taker calls a card".to_owned()),
            Phase::Discard => (
                "discard",
                format!(
                    "it is the discard: the taker discards {} more cards (T8)",
                    self.discards_left()
                ),
            ),
            Phase::Slam => (
                "slam",
                "it is the slam announcement: slam or no slam (T11)".to_owned(),
            ),
            Phase::Poignee => (
                "poignee",
                "it is the poignée: declare one or not before your first card (T9)".to_owned(),
            ),
            Phase::Play | Phase::Over => ("play", "it is the play: play a card".to_owned()),
        };
        asked
    }

    /// Why the seat to act may not take `action` ([`Game::refusal_reason`]).
    fn why_refused(&self, action: ActionId) -> Option<String> {
        let (kind, asked) = self.asked();
        if Self::action_kind(action) != kind {
            return Some(asked);
        }
        match self.phase {
            Phase::Bid => {
                let highest = self.deal.bids().iter().flatten().max().copied()?;
                Some(format!(
                    "a bid must be higher than {}, the highest so far",
                    highest.text()
                ))
            }
            Phase::Call => {
                let card = called_card(action)?;
                let hand = self.hands[self.taker_seat()];
                let rank = CALL_RANKS
                    .iter()
                    .copied()
                    .find(|&rank| hand.intersection(CardSet::rank(rank)) != CardSet::rank(rank))?;
                let name = |rank: Rank| match rank {
                    Rank::King => "king",
                    Rank::Queen => "queen",
                    Rank::Knight => "knight",
                    _ => "jack",
                };
                let card_rank = card.rank()?;
                Some(if card_rank > rank {
                    // Every card of that rank is in the taker's hand.
                    format!(
                        "call a {}: you hold the four {}s",
                        name(rank),
                        name(card_rank)
                    )
                } else {
                    format!(
                        "call a {}: you do not hold the four {}s",
                        name(rank),
                        name(rank)
                    )
                })
            }
            Phase::Discard => discard_refusal(
                self.hands[self.taker_seat()],
                self.discards_left(),
                DECK[usize::from(action - FIRST_DISCARD)],
            ),
            Phase::Poignee => {
                let level = poignee_level(action)?;
                let seat = self.trick.next_seat();
                let size = level.size(self.players());
                let trumps = self.hands[seat].intersection(play::TRUMPS).len();
                Some(format!(
                    "your trumps do not reach a {} poignée: it shows {size} trumps (or {} and the Excuse), you hold {trumps} (T9)",
                    level.text(),
                    size - 1
                ))
            }
            Phase::Play => {
                let called_lead = self.deal.called().filter(|_| self.deal.tricks().is_empty());
                card_refusal(
                    self.hands[self.trick.next_seat()],
                    &self.trick,
                    called_lead,
                    DECK[usize::from(action)],
                )
            }
            Phase::Slam | Phase::Over => None,
        }
    }

    fn legal_discard_set(&self) -> CardSet {
        legal_discards(self.hands[self.taker_seat()], self.discards_left())
    }
}

impl Game for Tarot {
    const NAME: &'static str = "tarot";
    const DESCRIPTION: &'static str =
        "French Tarot: 3 to 5 players, 78 cards, one taker against the defence, the chien, poignées, slams";
    const PLAYER_COUNTS: &'static [usize] = &[3, 4, 5];
    const ACTION_COUNT: usize = ACTION_COUNT;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    type Options = Options;

    fn read_options(options: &Map<String, Value>) -> Result<Options> {
        options::read::<Options>(OPTIONS, options)?.check()
    }

    fn with_options(seed: u64, options: &Options) -> Tarot {
        let options = *options;
        let players = usize::from(options.players);
        let mut rng = SplitMix64::new(seed);
        let dealer = first_dealer(&mut rng, options.first_dealer, players);
        let mut game = Tarot {
            options,
            rng,
            phase: Phase::Bid,
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            trick: Trick::with_players(0, players),
            deal: DealRecord::new(1, dealer, [CardSet::EMPTY; MAX_PLAYERS], CardSet::EMPTY),
            finished_deals: Vec::new(),
            deal_scores: Vec::new(),
            totals: [0; MAX_PLAYERS],
            history: Vec::with_capacity(128),
            truncated: false,
        };
        let dealt = game.shuffled_deal(dealer);
        game.begin_deal(1, dealer, &dealt);
        game
    }

    fn options(&self) -> Value {
        json!({
            "players": self.options.players,
            "single_deal": self.options.single_deal,
            "deals": self.options.deals,
            "excuse_to_winner": self.options.excuse_to_winner,
            "first_dealer": self.options.first_dealer,
            "max_deals": self.options.max_deals,
        })
    }

    fn num_players(&self) -> usize {
        self.players()
    }

    fn current_player(&self) -> Option<usize> {
        match self.phase {
            Phase::Bid => {
                let spoken = self.deal.bids().iter().flatten().count();
                Some((self.deal.dealer() + 1 + spoken) % self.players())
            }
            Phase::Call | Phase::Discard | Phase::Slam => Some(self.taker_seat()),
            Phase::Poignee | Phase::Play => Some(self.trick.next_seat()),
            Phase::Over => None,
        }
    }

    fn phase(&self) -> &'static str {
        match self.phase {
            Phase::Bid => "bid",
            Phase::Call => "call",
            Phase::Discard => "discard",
            Phase::Slam => "slam",
            Phase::Poignee => "poignee",
            Phase::Play => "play",
            Phase::Over => "over",
        }
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    fn scores(&self) -> Vec<i64> {
        self.totals[..self.players()].to_vec()
    }

    /// T19: the highest total wins; a tie is shared; nobody wins a match
    /// ended at its cap (D7).
    fn winning_seats(&self) -> Vec<usize> {
        if self.phase != Phase::Over || self.truncated {
            return Vec::new();
        }
        let scores = self.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        (0..self.players()).filter(|&s| scores[s] == best).collect()
    }

    fn truncated(&self) -> bool {
        self.truncated
    }

    fn legal_actions(&self, out: &mut Vec<ActionId>) {
        out.clear();
        match self.phase {
            Phase::Bid => out.extend(self.legal_bids().map(|bid| FIRST_BID + bid as ActionId)),
            Phase::Call => out.extend(
                callable(self.hands[self.taker_seat()])
                    .iter()
                    .filter_map(call_action),
            ),
            Phase::Discard => out.extend(
                self.legal_discard_set()
                    .iter()
                    .map(|card| FIRST_DISCARD + card.id() as ActionId),
            ),
            Phase::Slam => out.extend_from_slice(&[SLAM, NO_SLAM]),
            Phase::Poignee => {
                out.push(NO_POIGNEE);
                out.extend(
                    self.poignee_levels()
                        .map(|level| FIRST_POIGNEE + level as ActionId),
                );
            }
            Phase::Play => out.extend(self.legal_cards().iter().map(|c| c.id() as ActionId)),
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
        self.why_refused(action)
    }

    fn random_action(&self, rng: &mut SplitMix64) -> Option<ActionId> {
        match self.phase {
            Phase::Play => self.legal_cards().draw(rng).map(|c| c.id() as ActionId),
            Phase::Discard => self
                .legal_discard_set()
                .draw(rng)
                .map(|c| FIRST_DISCARD + c.id() as ActionId),
            Phase::Over => None,
            _ => {
                let mut legal = Vec::new();
                self.legal_actions(&mut legal);
                Some(legal[rng.below(legal.len() as u64) as usize])
            }
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
            0..FIRST_DISCARD => DECK[usize::from(action)].to_string(),
            FIRST_DISCARD..FIRST_BID => {
                format!("discard {}", DECK[usize::from(action - FIRST_DISCARD)])
            }
            FIRST_BID..FIRST_CALL => Bid::ALL[usize::from(action - FIRST_BID)].text().to_owned(),
            FIRST_CALL..SLAM => {
                called_card(action).map_or_else(String::new, |c| format!("call {c}"))
            }
            SLAM => "slam".to_owned(),
            NO_SLAM => "no slam".to_owned(),
            NO_POIGNEE => "no poignee".to_owned(),
            _ => match poignee_level(action) {
                Some(Level::Simple) => "poignee".to_owned(),
                Some(level) => format!("{} poignee", level.text()),
                None => String::new(),
            },
        }
    }

    fn action_kind(action: ActionId) -> &'static str {
        match action {
            0..FIRST_DISCARD => "play",
            FIRST_DISCARD..FIRST_BID => "discard",
            FIRST_BID..FIRST_CALL => "bid",
            FIRST_CALL..SLAM => "call",
            SLAM | NO_SLAM => "slam",
            _ => "poignee",
        }
    }

    fn action_card(action: ActionId) -> Option<Card> {
        match action {
            0..FIRST_DISCARD => Some(DECK[usize::from(action)]),
            FIRST_DISCARD..FIRST_BID => Some(DECK[usize::from(action - FIRST_DISCARD)]),
            _ => None,
        }
    }

    fn describe_legal(&self, action: ActionId) -> Option<String> {
        Some(match action {
            0..FIRST_DISCARD => return None,
            FIRST_DISCARD..FIRST_BID => {
                let card = DECK[usize::from(action - FIRST_DISCARD)];
                let shown = if card.suit().is_none() {
                    ", shown to every seat (a trump)"
                } else {
                    ""
                };
                format!("discard {card}: it counts for the taker at the end{shown}")
            }
            FIRST_BID..FIRST_CALL => {
                let bid = Bid::ALL[usize::from(action - FIRST_BID)];
                let chien = match bid {
                    Bid::Pass => return Some("pass".to_owned()),
                    Bid::Prise | Bid::Garde => {
                        "take the chien into your hand, then discard as many cards"
                    }
                    Bid::GardeSans => "the chien counts for you, unseen",
                    Bid::GardeContre => "the chien counts for the defence, unseen",
                };
                format!(
                    "bid {}: become the taker; {chien}; stakes x{}",
                    bid.text(),
                    bid.multiplier()
                )
            }
            FIRST_CALL..SLAM => {
                let card = called_card(action)?;
                format!(
                    "call {card}: its holder becomes your secret partner (alone if you hold it \
                     or it is in the chien)"
                )
            }
            SLAM => "slam: announce that your side wins every trick (400, or 200 lost)".to_owned(),
            NO_SLAM => "no slam: announce no slam".to_owned(),
            NO_POIGNEE => "no poignee: declare no poignee".to_owned(),
            _ => {
                let level = poignee_level(action)?;
                format!(
                    "{}: show {} trumps; {} to the side that wins the deal",
                    Self::action_text(action),
                    level.size(self.players()),
                    level.bonus()
                )
            }
        })
    }

    fn parse_action(text: &str) -> Result<ActionId> {
        static TEXTS: OnceLock<ActionTexts> = OnceLock::new();
        if let Some(action) = ActionTexts::of::<Self>(&TEXTS).get(text) {
            return Ok(action);
        }
        // Not an action's text: other spellings of a card, or the error.
        let lower = text.to_ascii_lowercase();
        let (rest, first) = if let Some(rest) = lower.strip_prefix("discard ") {
            (rest, FIRST_DISCARD)
        } else if let Some(rest) = lower.strip_prefix("call ") {
            (rest, FIRST_CALL)
        } else {
            (lower.as_str(), 0)
        };
        let card: Card = rest.parse().map_err(|_| Error::Notation(text.to_owned()))?;
        let action = match first {
            FIRST_CALL => call_action(card),
            _ => (card.id() < DECK_SIZE).then(|| first + card.id() as ActionId),
        };
        action.ok_or_else(|| {
            Error::IllegalAction(format!("{} is not an action of tarot", shortened(text)))
        })
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
