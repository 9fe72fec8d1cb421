//! 500, Québec style: 46 cards with two jokers, two teams, an auction, a
//! six-card kitty, trump suits with both jacks of a colour, no trump with a
//! joker suit, misère, two scorings, a match to 500.
//!
//! Rules: `docs/rules/five_hundred.md` states every rule as implemented here,
//! citing the rules text "500" by its headings, the rulings F1-F12 and the
//! decisions (D1-D3). Choices: seats are numbered in the order of play
//! (clockwise), so the dealer's left is the next seat; teams are seats 0 and
//! 2, 1 and 3; every deal, void ones included, is kept in `finished_deals`
//! with its hands as dealt.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::deal::first_dealer;
use crate::error::{shortened, Error, Result};
use crate::game::{
    check_action_id, check_seat, not_held, refusal, ActionId, ActionTexts, CardActions, Game,
};
use crate::json;
use crate::options::{self, OptionKind, OptionSpec};
use crate::rng::SplitMix64;
use crate::state;
use crate::trick::Trick;

mod bids;
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

pub use bids::{Bid, Strain};
pub use bot::Heuristic;
pub use play::Order;
pub use record::{DealRecord, DealResult, PlayedTrick};
pub use saved::Saved;
pub use scoring::{made, match_winner, score, Scoring, TARGET};

const PLAYERS: usize = 4;
const HAND_SIZE: usize = 10;
const KITTY_SIZE: usize = 6;
const TRICKS_PER_DEAL: usize = 10;

/// Action ids (docs/rules/five_hundred.md, "Actions").
const FIRST_DISCARD: ActionId = 46;
const FIRST_BID: ActionId = 92;
const FIRST_NAME: ActionId = 120;
const ACTION_COUNT: usize = 124;

/// The 46-card deck in face-id order: a card's play action is its index.
const CARDS: CardActions<46> = CardActions::new({
    let ranks = [
        crate::card::Rank::Four,
        crate::card::Rank::Five,
        crate::card::Rank::Six,
        crate::card::Rank::Seven,
        crate::card::Rank::Eight,
        crate::card::Rank::Nine,
        crate::card::Rank::Ten,
        crate::card::Rank::Jack,
        crate::card::Rank::Queen,
        crate::card::Rank::King,
        crate::card::Rank::Ace,
    ];
    let suited: [Card; 44] = crate::card::suited_deck(&ranks);
    let mut deck = [Card::BLACK_JOKER; 46];
    let mut i = 0;
    while i < 44 {
        deck[i] = suited[i];
        i += 1;
    }
    deck[45] = Card::RED_JOKER;
    deck
});
const DECK: [Card; 46] = *CARDS.deck();
/// The same 46 cards as a set.
const DECK_SET: CardSet = {
    let mut bits = 0u128;
    let mut i = 0;
    while i < DECK.len() {
        bits |= 1 << DECK[i].id();
        i += 1;
    }
    CardSet::from_bits(bits)
};

/// The suits a joker lead may name, in action order.
const NAMED: [Suit; 4] = Suit::ALL;

const fn team_of(seat: usize) -> usize {
    seat % 2
}

/// 500's options (see `OPTIONS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    single_deal: bool,
    single_round: bool,
    misere: bool,
    joker_names_suit: bool,
    scoring: Scoring,
    slam_bonus: bool,
    #[serde(deserialize_with = "json::nullable")]
    first_dealer: Option<u8>,
    /// D11: the most deals dealt in a match, void ones included.
    #[serde(default = "options::default_max_deals")]
    max_deals: u16,
}

const OPTIONS: &[OptionSpec] = &[
    options::SINGLE_DEAL,
    OptionSpec {
        name: "single_round",
        kind: OptionKind::Bool { default: false },
        doc: "each seat bids once (F5's option)",
    },
    OptionSpec {
        name: "misere",
        kind: OptionKind::Bool { default: false },
        doc: "misère and open misère may be bid (F6)",
    },
    OptionSpec {
        name: "joker_names_suit",
        kind: OptionKind::Bool { default: false },
        doc: "a joker led in no trump names the suit to follow (F4's option)",
    },
    OptionSpec {
        name: "scoring",
        kind: OptionKind::Choice {
            default: "default",
            choices: &["default", "variant"],
        },
        doc: "default: the value to the bidders or the opponents (F9); variant: won or lost, 10 a trick to the opponents (F10)",
    },
    OptionSpec {
        name: "slam_bonus",
        kind: OptionKind::Bool { default: false },
        doc: "a contract under 250 that takes every trick scores 250 (F11)",
    },
    OptionSpec {
        name: "first_dealer",
        kind: OptionKind::OptionalInt { min: 0, max: 3 },
        doc: "the first dealer's seat; None draws it from the seeded generator",
    },
    options::MAX_DEALS,
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Bid,
    Discard,
    /// F4's option: the seat that led a joker in no trump names a suit.
    Name,
    Play,
    Over,
}

/// How a deal was dealt: each seat's hand and the kitty.
#[derive(Clone, Copy, Debug)]
pub struct Dealt {
    hands: [CardSet; PLAYERS],
    kitty: CardSet,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FiveHundred {
    options: Options,
    rng: SplitMix64,
    phase: Phase,
    hands: [CardSet; PLAYERS],
    trick: Trick<PLAYERS>,
    /// The contract's order of the cards (no trump until there is one).
    order: Order,
    /// The deal in play (the last one, once the match is over).
    deal: DealRecord,
    /// Every deal finished before the current one, void ones included.
    finished_deals: Vec<DealRecord>,
    /// Each valid deal's scores, per team.
    deal_scores: Vec<[i64; 2]>,
    totals: [i64; 2],
    /// The team that won the match, once over.
    winner: Option<usize>,
    history: Vec<ActionId>,
    /// D11: the match ended at `max_deals` deals, before a team won it.
    truncated: bool,
}

impl crate::deals::Deals for FiveHundred {
    type Deal = DealRecord;

    fn current_deal(&self) -> std::borrow::Cow<'_, DealRecord> {
        std::borrow::Cow::Borrowed(&self.deal)
    }

    fn earlier_deals(&self) -> &[DealRecord] {
        &self.finished_deals
    }
}

impl FiveHundred {
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

    /// The deal in play, from 1, void deals included.
    pub const fn deal_number(&self) -> u32 {
        self.deal.number()
    }

    /// The auction so far: (seat, bid) in order.
    pub fn auction(&self) -> &[(u8, Bid)] {
        self.deal.auction()
    }

    pub fn bidder(&self) -> Option<usize> {
        self.deal.bidder()
    }

    pub const fn contract(&self) -> Option<Bid> {
        self.deal.contract()
    }

    /// The contract's order of the cards (no trump while there is none).
    pub const fn order(&self) -> &Order {
        &self.order
    }

    pub const fn trick(&self) -> &Trick<PLAYERS> {
        &self.trick
    }

    pub fn tricks(&self) -> &[PlayedTrick] {
        self.deal.tricks()
    }

    /// The suit a joker led to the current trick named (F4's option).
    pub const fn named(&self) -> Option<Suit> {
        self.deal.named
    }

    /// Tricks won so far per team.
    pub fn tricks_won(&self) -> [u8; 2] {
        self.deal.tricks_won()
    }

    /// The deal's scores per team, once it is over.
    pub const fn result(&self) -> Option<&DealResult> {
        self.deal.result()
    }

    /// Each valid deal's scores, per team.
    pub fn deal_scores(&self) -> &[[i64; 2]] {
        &self.deal_scores
    }

    /// The match totals, per team.
    pub const fn totals(&self) -> [i64; 2] {
        self.totals
    }

    /// The team that won the match, once over (`None` for a tied single deal).
    pub const fn winning_team(&self) -> Option<usize> {
        self.winner
    }

    /// The misère bidder's partner, who sits the deal out.
    fn sitting_out(&self) -> Option<usize> {
        let bidder = self.deal.bidder()?;
        self.deal
            .contract()
            .is_some_and(Bid::is_misere)
            .then_some((bidder + 2) % PLAYERS)
    }

    fn next_trick(&self, leader: usize) -> Trick<PLAYERS> {
        match self.sitting_out() {
            Some(out) => Trick::without(leader, PLAYERS, out),
            None => Trick::new(leader),
        }
    }

    /// The seat to speak next in the auction (F5): the next one that has not
    /// passed, from the dealer's left; with `single_round`, each in turn.
    fn bidder_to_speak(&self) -> usize {
        let auction = self.deal.auction();
        let Some(&(last, _)) = auction.last() else {
            return (self.dealer() + 1) % PLAYERS;
        };
        let passed = if self.options.single_round {
            0
        } else {
            auction
                .iter()
                .filter(|&&(_, bid)| bid == Bid::Pass)
                .fold(0u8, |seats, &(seat, _)| seats | 1 << seat)
        };
        (1..=PLAYERS)
            .map(|step| (usize::from(last) + step) % PLAYERS)
            .find(|&seat| passed & 1 << seat == 0)
            .unwrap_or(0)
    }

    /// The highest bid so far: the last one made (each outranks the one before).
    fn highest_bid(&self) -> Option<(u8, Bid)> {
        self.deal
            .auction()
            .iter()
            .rev()
            .copied()
            .find(|&(_, bid)| bid != Bid::Pass)
    }

    /// The legal bids, in action-id order: a pass, or a bid above the highest
    /// so far; misère once a seven-trick bid has been made, open misère at
    /// any time (F6).
    fn legal_bids(&self) -> impl Iterator<Item = Bid> + '_ {
        let floor = self.highest_bid().map_or(0, |(_, bid)| bid.rank());
        let seven = self
            .deal
            .auction()
            .iter()
            .any(|&(_, bid)| matches!(bid, Bid::Tricks(7, _)));
        (FIRST_BID..FIRST_NAME)
            .filter_map(Bid::of_action)
            .filter(move |&bid| match bid {
                Bid::Pass => true,
                Bid::Misere => self.options.misere && seven && bid.rank() > floor,
                Bid::OpenMisere => self.options.misere && bid.rank() > floor,
                Bid::Tricks(..) => bid.rank() > floor,
            })
    }

    /// The effective suit led to the current trick: the suit a joker lead
    /// named, or the first card's.
    fn led(&self) -> Option<usize> {
        match (self.deal.named, self.trick.led()) {
            (Some(suit), _) => Some(suit.index()),
            (None, Some(card)) => Some(self.order.suit_of(card)),
            (None, None) => None,
        }
    }

    fn legal_cards(&self) -> CardSet {
        self.order
            .legal(self.hands[self.trick.next_seat()], self.led())
    }

    /// Deals from the generator (Mise en place): from the dealer's left, 3
    /// each, 3 to the kitty, 4 each, 3 to the kitty, 3 each.
    fn shuffled_deal(&mut self, dealer: usize) -> Dealt {
        let mut deck = DECK;
        self.rng.shuffle(&mut deck);
        let mut hands = [CardSet::EMPTY; PLAYERS];
        let mut kitty = CardSet::EMPTY;
        let mut cards = deck.iter().copied();
        for batch in [3, 0, 4, 0, 3] {
            if batch == 0 {
                cards.by_ref().take(3).for_each(|card| kitty.insert(card));
                continue;
            }
            for offset in 1..=PLAYERS {
                let seat = (dealer + offset) % PLAYERS;
                cards
                    .by_ref()
                    .take(batch)
                    .for_each(|card| hands[seat].insert(card));
            }
        }
        Dealt { hands, kitty }
    }

    fn begin_deal(&mut self, number: u32, dealer: usize, dealt: &Dealt) {
        self.deal = DealRecord::new(number, dealer, dealt.hands, dealt.kitty);
        self.hands = dealt.hands;
        self.order = Order::of(Strain::NoTrump);
        self.trick = Trick::new((dealer + 1) % PLAYERS);
        self.phase = Phase::Bid;
    }

    /// The next deal, dealt by the next seat (F8); once the deal just
    /// finished is the `max_deals`-th, the match ends there, truncated (D11).
    fn next_deal(&mut self) {
        if self.deal.number() >= u32::from(self.options.max_deals) {
            self.phase = Phase::Over;
            self.truncated = true;
            return;
        }
        let dealer = (self.deal.dealer() + 1) % PLAYERS;
        let number = self.deal.number() + 1;
        let finished = std::mem::replace(
            &mut self.deal,
            DealRecord::new(0, 0, [CardSet::EMPTY; PLAYERS], CardSet::EMPTY),
        );
        self.finished_deals.push(finished);
        let dealt = self.shuffled_deal(dealer);
        self.begin_deal(number, dealer, &dealt);
    }

    fn bid(&mut self, bid: Bid) {
        let seat = self.bidder_to_speak();
        self.deal.auction.push((seat as u8, bid));
        let auction = self.deal.auction();
        let spoken = auction.len();
        let passes = auction.iter().filter(|&&(_, b)| b == Bid::Pass).count();
        let over = if self.options.single_round {
            spoken == PLAYERS
        } else {
            passes == PLAYERS || (passes == PLAYERS - 1 && passes < spoken)
        };
        if !over {
            return;
        }
        match self.highest_bid() {
            None => {
                self.deal.void = true;
                self.next_deal();
            }
            Some((bidder, contract)) => {
                self.deal.bidder = Some(bidder);
                self.deal.contract = Some(contract);
                self.order = Order::of(contract.strain());
                // F7: the bidder takes the kitty, then discards six; F8: it leads.
                let bidder = usize::from(bidder);
                self.hands[bidder] = self.hands[bidder].union(self.deal.kitty());
                self.trick = self.next_trick(bidder);
                self.phase = Phase::Discard;
            }
        }
    }

    fn discard(&mut self, card: Card) {
        let bidder = self.deal.bidder().unwrap_or(0);
        self.hands[bidder].remove(card);
        self.deal.discard.insert(card);
        if self.deal.discard().len() == KITTY_SIZE {
            self.phase = Phase::Play;
        }
    }

    fn play(&mut self, card: Card) {
        self.hands[self.trick.next_seat()].remove(card);
        self.trick.push(card);
        let names = self.options.joker_names_suit
            && self.trick.len() == 1
            && self
                .deal
                .contract()
                .is_some_and(|c| c.strain() == Strain::NoTrump)
            && (card == Card::BLACK_JOKER || card == Card::RED_JOKER);
        if names {
            self.phase = Phase::Name;
            return;
        }
        if !self.trick.is_complete() {
            return;
        }
        let led = self.led().unwrap_or(play::JOKER_SUIT);
        let winner = self.order.winner(&self.trick, led);
        self.deal.tricks.push(PlayedTrick {
            trick: self.trick,
            winner: winner as u8,
            named: self.deal.named.take(),
        });
        self.trick = self.next_trick(winner);
        // D2: a misère is lost at the bidder's first trick.
        let misere_lost = self.sitting_out().is_some() && self.deal.bidder() == Some(winner);
        if misere_lost || self.deal.tricks().len() == TRICKS_PER_DEAL {
            self.score_deal();
        }
    }

    fn name(&mut self, suit: Suit) {
        self.deal.named = Some(suit);
        self.phase = Phase::Play;
    }

    fn score_deal(&mut self) {
        let (Some(bidder), Some(contract)) = (self.deal.bidder(), self.deal.contract()) else {
            return;
        };
        let won = self.deal.tricks_won();
        let bidders = team_of(bidder);
        let (ours, theirs) = score(
            contract,
            won[bidders],
            self.options.scoring,
            self.options.slam_bonus,
        );
        let mut scores = [0; 2];
        scores[bidders] = ours;
        scores[1 - bidders] = theirs;
        let made = made(contract, won[bidders]);
        self.deal.result = Some(DealResult {
            tricks: won,
            made,
            scores,
        });
        self.deal_scores.push(scores);
        self.totals = [self.totals[0] + scores[0], self.totals[1] + scores[1]];
        if self.options.single_deal {
            self.phase = Phase::Over;
            self.winner = match scores[0].cmp(&scores[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            return;
        }
        self.winner = match_winner(self.totals, bidders, made, self.options.scoring);
        if self.winner.is_some() {
            self.phase = Phase::Over;
        } else {
            self.next_deal();
        }
    }

    fn apply_legal(&mut self, action: ActionId) {
        self.history.push(action);
        match self.phase {
            Phase::Bid => {
                if let Some(bid) = Bid::of_action(action) {
                    self.bid(bid);
                }
            }
            Phase::Discard => self.discard(DECK[usize::from(action - FIRST_DISCARD)]),
            Phase::Name => self.name(NAMED[usize::from(action - FIRST_NAME)]),
            Phase::Play => self.play(DECK[usize::from(action)]),
            Phase::Over => {}
        }
    }

    fn is_legal(&self, action: ActionId) -> bool {
        match self.phase {
            Phase::Bid => {
                Bid::of_action(action).is_some_and(|bid| self.legal_bids().any(|b| b == bid))
            }
            Phase::Discard => action
                .checked_sub(FIRST_DISCARD)
                .and_then(|i| DECK.get(usize::from(i)))
                .is_some_and(|&card| self.hands[self.deal.bidder().unwrap_or(0)].contains(card)),
            Phase::Name => (FIRST_NAME..FIRST_NAME + 4).contains(&action),
            Phase::Play => CARDS
                .card(action)
                .is_some_and(|card| self.legal_cards().contains(card)),
            Phase::Over => false,
        }
    }

    /// Why the seat to act may not take `action` ([`Game::refusal_reason`]).
    fn why_refused(&self, action: ActionId) -> Option<String> {
        let (kind, asked) = match self.phase {
            Phase::Bid => ("bid", "it is the auction: bid or pass (F5)".to_owned()),
            Phase::Discard => (
                "discard",
                format!(
                    "it is the kitty: the bidder discards {} more cards, one at a time (F7)",
                    self.hands[self.deal.bidder().unwrap_or(0)].len() - HAND_SIZE
                ),
            ),
            Phase::Name => (
                "name",
                "it is the naming: the joker's leader names a suit (F4)".to_owned(),
            ),
            Phase::Play | Phase::Over => ("play", "it is the play: play a card".to_owned()),
        };
        if Self::action_kind(action) != kind {
            return Some(asked);
        }
        match self.phase {
            Phase::Bid => {
                let bid = Bid::of_action(action)?;
                let highest = self.highest_bid().map(|(_, highest)| highest);
                if bid.is_misere() && !self.options.misere {
                    return Some(format!(
                        "{} is not bid in this game: the option misere is off (F6)",
                        bid.text()
                    ));
                }
                if highest.is_some_and(|highest| bid.rank() <= highest.rank()) {
                    return highest.map(|highest| {
                        format!(
                            "a bid must be higher than {}, the highest so far (F5)",
                            highest.text()
                        )
                    });
                }
                (bid == Bid::Misere).then(|| {
                    "misère may be bid only once a seven-trick bid has been made in this auction (F6)"
                        .to_owned()
                })
            }
            Phase::Discard => {
                let card = DECK[usize::from(action - FIRST_DISCARD)];
                Some(not_held(card))
            }
            Phase::Play => self.order.refusal(
                self.hands[self.trick.next_seat()],
                self.led(),
                self.deal.named.is_some(),
                DECK[usize::from(action)],
            ),
            Phase::Name | Phase::Over => None,
        }
    }

    fn play_id(card: Card) -> ActionId {
        CARDS.action(card).unwrap_or(0)
    }
}

impl Game for FiveHundred {
    const NAME: &'static str = "five_hundred";
    const DESCRIPTION: &'static str =
        "500 (Québec): 4 players in two teams, 46 cards with two jokers, an auction, a kitty, misère, a match to 500";
    const PLAYER_COUNTS: &'static [usize] = &[PLAYERS];
    const ACTION_COUNT: usize = ACTION_COUNT;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    type Options = Options;

    fn read_options(options: &Map<String, Value>) -> Result<Options> {
        options::read::<Options>(OPTIONS, options)
    }

    fn with_options(seed: u64, options: &Options) -> FiveHundred {
        let options = *options;
        let mut rng = SplitMix64::new(seed);
        let dealer = first_dealer(&mut rng, options.first_dealer, PLAYERS);
        let mut game = FiveHundred {
            options,
            rng,
            phase: Phase::Bid,
            hands: [CardSet::EMPTY; PLAYERS],
            trick: Trick::new(0),
            order: Order::of(Strain::NoTrump),
            deal: DealRecord::new(1, dealer, [CardSet::EMPTY; PLAYERS], CardSet::EMPTY),
            finished_deals: Vec::new(),
            deal_scores: Vec::new(),
            totals: [0; 2],
            winner: None,
            history: Vec::with_capacity(64),
            truncated: false,
        };
        let dealt = game.shuffled_deal(dealer);
        game.begin_deal(1, dealer, &dealt);
        game
    }

    fn options(&self) -> Value {
        json!({
            "single_deal": self.options.single_deal,
            "single_round": self.options.single_round,
            "misere": self.options.misere,
            "joker_names_suit": self.options.joker_names_suit,
            "scoring": self.options.scoring.name(),
            "slam_bonus": self.options.slam_bonus,
            "first_dealer": self.options.first_dealer,
            "max_deals": self.options.max_deals,
        })
    }

    fn num_players(&self) -> usize {
        PLAYERS
    }

    fn current_player(&self) -> Option<usize> {
        match self.phase {
            Phase::Bid => Some(self.bidder_to_speak()),
            Phase::Discard => self.deal.bidder(),
            Phase::Name => Some(self.trick.leader()),
            Phase::Play => Some(self.trick.next_seat()),
            Phase::Over => None,
        }
    }

    fn phase(&self) -> &'static str {
        match self.phase {
            Phase::Bid => "bid",
            Phase::Discard => "discard",
            Phase::Name => "name",
            Phase::Play => "play",
            Phase::Over => "over",
        }
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Per seat: a team's two seats show the team's total.
    fn scores(&self) -> Vec<i64> {
        (0..PLAYERS)
            .map(|seat| self.totals[team_of(seat)])
            .collect()
    }

    fn winning_seats(&self) -> Vec<usize> {
        match (self.phase, self.winner) {
            (Phase::Over, Some(team)) => vec![team, team + 2],
            _ => Vec::new(),
        }
    }

    fn truncated(&self) -> bool {
        self.truncated
    }

    fn legal_actions(&self, out: &mut Vec<ActionId>) {
        out.clear();
        match self.phase {
            Phase::Bid => out.extend(self.legal_bids().map(Bid::action)),
            Phase::Discard => out.extend(
                self.hands[self.deal.bidder().unwrap_or(0)]
                    .iter()
                    .map(|card| FIRST_DISCARD + Self::play_id(card)),
            ),
            Phase::Name => out.extend(FIRST_NAME..FIRST_NAME + 4),
            Phase::Play => out.extend(self.legal_cards().iter().map(Self::play_id)),
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

    /// Draws without listing: a card of the legal set, a card of the bidder's
    /// hand, a bid among the legal ones, a suit to name.
    fn random_action(&self, rng: &mut SplitMix64) -> Option<ActionId> {
        match self.phase {
            Phase::Play => self.legal_cards().draw(rng).map(Self::play_id),
            Phase::Discard => self.hands[self.deal.bidder().unwrap_or(0)]
                .draw(rng)
                .map(|card| FIRST_DISCARD + Self::play_id(card)),
            Phase::Bid => {
                // The protocol's draw: an index into the legal actions in id order.
                let mut ids = [0; 28];
                let mut count = 0;
                for bid in self.legal_bids() {
                    ids[count] = bid.action();
                    count += 1;
                }
                Some(ids[rng.below(count as u64) as usize])
            }
            Phase::Name => Some(FIRST_NAME + rng.below(4) as ActionId),
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
            0..FIRST_DISCARD => DECK[usize::from(action)].to_string(),
            FIRST_DISCARD..FIRST_BID => {
                format!("discard {}", DECK[usize::from(action - FIRST_DISCARD)])
            }
            FIRST_BID..FIRST_NAME => Bid::of_action(action).map_or_else(String::new, Bid::text),
            _ => NAMED
                .get(usize::from(action - FIRST_NAME))
                .map_or_else(String::new, |suit| format!("name {}", suit_name(*suit))),
        }
    }

    fn action_kind(action: ActionId) -> &'static str {
        match action {
            0..FIRST_DISCARD => "play",
            FIRST_DISCARD..FIRST_BID => "discard",
            FIRST_BID..FIRST_NAME => "bid",
            _ => "name",
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
        self.describe_now(action)
    }

    fn parse_action(text: &str) -> Result<ActionId> {
        static TEXTS: OnceLock<ActionTexts> = OnceLock::new();
        if let Some(action) = ActionTexts::of::<Self>(&TEXTS).get(text) {
            return Ok(action);
        }
        // Not an action's text: other spellings of a card, or the error.
        let lower = text.to_ascii_lowercase();
        let (rest, first) = match lower.strip_prefix("discard ") {
            Some(rest) => (rest, FIRST_DISCARD),
            None => (lower.as_str(), 0),
        };
        let card: Card = rest.parse().map_err(|_| Error::Notation(text.to_owned()))?;
        CARDS.action(card).map(|id| first + id).ok_or_else(|| {
            Error::IllegalAction(format!(
                "{} is not an action of five_hundred",
                shortened(text)
            ))
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

/// A suit's name in action texts.
const fn suit_name(suit: Suit) -> &'static str {
    ["spades", "hearts", "diamonds", "clubs"][suit as usize]
}
