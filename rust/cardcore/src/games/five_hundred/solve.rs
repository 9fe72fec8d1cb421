//! The exact solver's view of 500's trick play (issue 30, `crate::solver`):
//! the hands as bits by effective suit and strength under the contract, the
//! trick, a joker lead's naming (F4's option) and misère's partner sitting
//! out (F6, D2).
//!
//! The unit is the trick (docs/rules/five_hundred.md, "Solver"): the tricks
//! the solved seat's side takes; in misère, where the deal stops at the
//! bidder's first trick, -1 to the bidder's side and 1 to the defenders
//! when the bidder takes one. A deal's score is monotone in these for a
//! fixed contract (F9-F11, D3), so perfect play for tricks is perfect play
//! for the score.

use std::sync::OnceLock;

use super::bids::Strain;
use super::play::{self, Order, JOKER_SUIT};
use super::{score, team_of, FiveHundred, Phase, DECK, FIRST_NAME, NAMED, PLAYERS};
use crate::card::Suit;
use crate::game::{ActionId, Game};
use crate::solver::{mix, Moves, Solve};

/// The effective suits: the four suits by index, then the jokers' (F4).
const SUITS: usize = 5;
/// No seat sits out.
const NOBODY: u8 = PLAYERS as u8;
/// No suit led yet.
const NO_SUIT: u8 = SUITS as u8;

/// Where each card stands under one strain (F3, F4): its effective suit and
/// its rank there (0 the lowest), and back.
struct Layout {
    /// By play action id: (effective suit, rank).
    place: [(u8, u8); DECK.len()],
    /// By effective suit and rank: the play action id.
    action: [[u8; 16]; SUITS],
    /// The effective suit that trumps: the trump suit, or the jokers'.
    trumps: u8,
    strain: Strain,
}

impl std::fmt::Debug for Layout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Layout({})", self.strain.name())
    }
}

impl Layout {
    /// The layout of a contract in `strain`, from the engine's order.
    fn of(strain: Strain) -> Layout {
        let order = Order::of(strain);
        let mut layout = Layout {
            place: [(0, 0); DECK.len()],
            action: [[0; 16]; SUITS],
            trumps: strain.trump().map_or(JOKER_SUIT, Suit::index) as u8,
            strain,
        };
        for suit in 0..SUITS {
            let mut cards: Vec<_> = order.suit_cards(suit).iter().collect();
            cards.sort_by_key(|&card| play::strength(strain.trump(), card));
            for (rank, card) in cards.into_iter().enumerate() {
                let id = FiveHundred::play_id(card);
                layout.place[usize::from(id)] = (suit as u8, rank as u8);
                layout.action[suit][rank] = id as u8;
            }
        }
        layout
    }

    /// The five strains' layouts.
    fn all() -> &'static [Layout; 5] {
        static LAYOUTS: OnceLock<[Layout; 5]> = OnceLock::new();
        LAYOUTS.get_or_init(|| Strain::ALL.map(Layout::of))
    }
}

/// A deal's trick play in the interest of one side: see the module's text.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    layout: &'static Layout,
    /// Per seat, per effective suit: bit r is the card of rank r.
    hands: [[u16; SUITS]; PLAYERS],
    /// The current trick's cards in order of play: (effective suit, rank).
    trick: [(u8, u8); PLAYERS],
    trick_len: u8,
    leader: u8,
    to_move: u8,
    /// The misère partner sitting out (F6), or `NOBODY`.
    out: u8,
    bidder: u8,
    /// The effective suit to follow (a joker lead's named suit), or `NO_SUIT`.
    led: u8,
    /// The joker's leader is to name a suit (F4's option).
    naming: bool,
    /// A joker led in no trump names a suit (F4's option).
    names: bool,
    /// The team whose result is solved.
    side: u8,
    /// The deal's play has ended (a misère lost, D2).
    over: bool,
    /// Cards left in the hands that play.
    cards: u8,
}

impl Position {
    fn misere(&self) -> bool {
        self.out != NOBODY
    }

    /// The seat after `seat` in the order of play, skipping the one out.
    fn after(&self, seat: u8) -> u8 {
        let next = (seat + 1) % NOBODY;
        if next == self.out {
            (next + 1) % NOBODY
        } else {
            next
        }
    }

    /// Cards a complete trick holds.
    fn trick_size(&self) -> u8 {
        if self.misere() {
            NOBODY - 1
        } else {
            NOBODY
        }
    }

    /// The cards the seat to move may play (F8), by effective suit.
    fn playable(&self) -> [u16; SUITS] {
        let hand = self.hands[usize::from(self.to_move)];
        match hand.get(usize::from(self.led)) {
            Some(&following) if following != 0 => {
                let mut only = [0; SUITS];
                only[usize::from(self.led)] = following;
                only
            }
            _ => hand,
        }
    }

    /// The trick's best card so far: (index in the trick, trumps, rank); the
    /// highest trump, else the highest card of the suit led.
    fn best(&self) -> Option<(usize, bool, u8)> {
        let trumps = self.layout.trumps;
        let mut best: Option<(usize, bool, u8)> = None;
        for (index, &(suit, rank)) in self.trick[..usize::from(self.trick_len)].iter().enumerate() {
            let trump = suit == trumps;
            if !trump && suit != self.led {
                continue;
            }
            if best.is_none_or(|(_, t, r)| (trump, rank) > (t, r)) {
                best = Some((index, trump, rank));
            }
        }
        best
    }

    /// The seat that played the trick's `index`-th card.
    fn seat_of(&self, index: usize) -> u8 {
        (0..index).fold(self.leader, |seat, _| self.after(seat))
    }

    /// The seat holding the highest trump left (the trick's included) and
    /// the run of the highest it holds: each wins the trick it falls in, a
    /// trick of its own. (0, 0) when the highest is in the trick or gone.
    fn sure_tricks(&self) -> (u8, i32) {
        let trumps = usize::from(self.layout.trumps);
        let mut all = 0u16;
        for &(suit, rank) in &self.trick[..usize::from(self.trick_len)] {
            if usize::from(suit) == trumps {
                all |= 1 << rank;
            }
        }
        let played = all;
        for hand in &self.hands {
            all |= hand[trumps];
        }
        if all == 0 || played >= 1 << (15 - all.leading_zeros()) {
            return (0, 0);
        }
        let top = 15 - all.leading_zeros();
        let holder = (0..PLAYERS)
            .find(|&seat| self.hands[seat][trumps] & 1 << top != 0)
            .unwrap_or(0);
        // The run: the cards of `all` above the highest the holder lacks.
        let theirs = all & !self.hands[holder][trumps];
        let run = if theirs == 0 {
            all.count_ones()
        } else {
            (all >> (16 - theirs.leading_zeros())).count_ones()
        };
        (holder as u8, run as i32)
    }

    /// The tricks the seat to lead takes at once by leading its cards that no
    /// other card beats, from the top: its trumps above every other trump;
    /// when the opponents hold no trump, or its master trumps are at least as
    /// many as each opponent's trumps (drawn by them; not jokers led that
    /// name a suit, F4's option), its cards of each plain suit above every
    /// other of that suit too. Its partner never needs to overtake or ruff (ruffing is never
    /// compulsory, F8).
    fn quick_tricks(&self) -> i32 {
        let leader = usize::from(self.leader);
        let trumps = usize::from(self.layout.trumps);
        let masters = |suit: usize| {
            let others = (1..PLAYERS).fold(0u16, |all, step| {
                all | self.hands[(leader + step) % PLAYERS][suit]
            });
            let mine = self.hands[leader][suit];
            let above = if others == 0 {
                mine
            } else {
                mine & !((2u16 << (15 - others.leading_zeros())) - 1)
            };
            above.count_ones()
        };
        let trump_masters = masters(trumps);
        // Drawn by as many rounds, the opponents' trumps are gone.
        let opponents_trumps = [1, 3]
            .map(|step| self.hands[(leader + step) % PLAYERS][trumps].count_ones())
            .into_iter()
            .max()
            .unwrap_or(0);
        // A joker led that names a suit (F4's option) draws no joker.
        let draws = !self.names || trumps != JOKER_SUIT;
        let mut tricks = trump_masters as i32;
        if opponents_trumps == 0 || draws && trump_masters >= opponents_trumps {
            tricks += (0..SUITS)
                .filter(|&suit| suit != trumps)
                .map(|suit| masters(suit) as i32)
                .sum::<i32>();
        }
        tricks
    }

    /// Where the search should look first: a move's priority (higher first).
    /// `outside`: the other hands' cards of `suit`; `best`: the trick's
    /// best card so far ([`Position::best`]).
    fn priority(&self, suit: u8, rank: u8, outside: u16, best: Option<(usize, bool, u8)>) -> i32 {
        let rank_i = i32::from(rank);
        let trumps = self.layout.trumps;
        let Some((index, best_trump, best_rank)) = best else {
            // A lead: a master card (above every card out), else a low card.
            if self.misere() {
                return -rank_i;
            }
            let master = outside < (1 << rank);
            let long = self.hands[usize::from(self.to_move)][usize::from(suit)].count_ones();
            let partner = usize::from(self.to_move + 2) % PLAYERS;
            let theirs = self.hands[(partner + 1) % PLAYERS][usize::from(suit)]
                | self.hands[(partner + 3) % PLAYERS][usize::from(suit)];
            let partner_master = self.hands[partner][usize::from(suit)] > theirs;
            return if master {
                100 + i32::from(suit != trumps) * 10 + rank_i
            } else if partner_master {
                // Toward the partner's master card.
                50 - rank_i
            } else {
                long as i32 - 2 * rank_i
            };
        };
        let trump = suit == trumps;
        let beats = (trump, rank) > (best_trump, best_rank) && (trump || suit == self.led);
        let winner = self.seat_of(index);
        let last = self.trick_len + 1 == self.trick_size();
        if self.misere() {
            if self.to_move == self.bidder {
                // Duck with the highest card that loses.
                return if beats { -100 - rank_i } else { rank_i };
            }
            // The defenders: low, under a bidder winning.
            return if winner == self.bidder && beats {
                -100 - rank_i
            } else {
                -rank_i
            };
        }
        let partner_wins = team_of(usize::from(winner)) == team_of(usize::from(self.to_move));
        // The partner wins, but the next seat, an opponent, may beat it.
        let beaten = !last && {
            let hand = self.hands[usize::from(self.after(self.to_move))];
            let led = usize::from(self.led);
            if hand[led] != 0 {
                (!best_trump || led == usize::from(trumps)) && hand[led] >= 1 << best_rank
            } else {
                hand[usize::from(trumps)] >= if best_trump { 1 << best_rank } else { 1 }
            }
        };
        if partner_wins && !beaten {
            // Low, a plain card before a trump.
            return -rank_i - if trump { 20 } else { 0 };
        }
        if beats {
            let sure = last || outside < (1 << rank);
            return 100 - rank_i + if sure { 20 } else { 0 } - if trump { 10 } else { 0 };
        }
        -rank_i - if trump { 20 } else { 0 }
    }
}

impl crate::solver::Position for Position {
    fn is_over(&self) -> bool {
        self.over
    }

    fn maximizing(&self) -> bool {
        team_of(usize::from(self.to_move)) == usize::from(self.side)
    }

    fn legal(&self, out: &mut Moves) {
        out.clear();
        if self.naming {
            (0..NAMED.len() as ActionId).for_each(|i| out.push(FIRST_NAME + i));
            return;
        }
        let mut actions = 0u64;
        for (suit, &cards) in self.playable().iter().enumerate() {
            let mut cards = cards;
            while cards != 0 {
                let rank = cards.trailing_zeros() as usize;
                cards &= cards - 1;
                actions |= 1 << self.layout.action[suit][rank];
            }
        }
        while actions != 0 {
            out.push(actions.trailing_zeros() as ActionId);
            actions &= actions - 1;
        }
    }

    /// One card of each run no other remaining card separates (the cards in
    /// the trick separate), likeliest best first.
    fn moves(&self, out: &mut Moves) {
        if self.naming {
            self.legal(out);
            return;
        }
        let mut scored = [(0i32, 0 as ActionId); crate::solver::MAX_MOVES];
        let mut len = 0;
        let mut in_trick = [0u16; SUITS];
        for &(suit, rank) in &self.trick[..usize::from(self.trick_len)] {
            in_trick[usize::from(suit)] |= 1 << rank;
        }
        let best = self.best();
        for (suit, &own) in self.playable().iter().enumerate() {
            if own == 0 {
                continue;
            }
            let outside = (0..PLAYERS)
                .filter(|&s| s != usize::from(self.to_move))
                .fold(0, |all, s| all | self.hands[s][suit]);
            let all = own | outside | in_trick[suit];
            let mut cards = own;
            while cards != 0 {
                let rank = cards.trailing_zeros();
                cards &= cards - 1;
                let below = all & ((1u16 << rank) - 1);
                if below != 0 && own & (1 << (15 - below.leading_zeros())) != 0 {
                    continue; // The card below stands for this one.
                }
                let action = ActionId::from(self.layout.action[suit][rank as usize]);
                scored[len] = (self.priority(suit as u8, rank as u8, outside, best), action);
                len += 1;
            }
        }
        let scored = &mut scored[..len];
        scored.sort_unstable_by_key(|&(priority, _)| std::cmp::Reverse(priority));
        out.clear();
        scored.iter().for_each(|&(_, action)| out.push(action));
    }

    fn play(&mut self, action: ActionId) -> i32 {
        if self.naming {
            self.led = NAMED[usize::from(action - FIRST_NAME)].index() as u8;
            self.naming = false;
            self.to_move = self.after(self.leader);
            return 0;
        }
        let (suit, rank) = self.layout.place[usize::from(action)];
        self.hands[usize::from(self.to_move)][usize::from(suit)] &= !(1 << rank);
        self.cards -= 1;
        self.trick[usize::from(self.trick_len)] = (suit, rank);
        self.trick_len += 1;
        if self.trick_len == 1 {
            self.led = suit;
            if self.names && suit == JOKER_SUIT as u8 {
                self.naming = true;
                return 0;
            }
        }
        if self.trick_len < self.trick_size() {
            self.to_move = self.after(self.to_move);
            return 0;
        }
        let (index, _, _) = self.best().expect("a complete trick has a best card");
        let winner = self.seat_of(index);
        self.trick_len = 0;
        self.led = NO_SUIT;
        self.leader = winner;
        self.to_move = winner;
        self.over = self.cards == 0;
        let ours = team_of(usize::from(winner)) == usize::from(self.side);
        if !self.misere() {
            if self.over {
                return i32::from(ours);
            }
            // The winner cashes the rest: every card of its is a quick trick.
            let rest = self.quick_tricks();
            let hand: u32 = self.hands[usize::from(winner)]
                .iter()
                .map(|c| c.count_ones())
                .sum();
            self.over = rest > 0 && rest as u32 == hand;
            return i32::from(ours) * (1 + if self.over { rest } else { 0 });
        }
        if winner != self.bidder {
            return 0;
        }
        // D2: the misère is lost at the bidder's first trick.
        self.over = true;
        if ours {
            -1
        } else {
            1
        }
    }

    /// The hands by relative rank: each effective suit's remaining cards
    /// (those in the trick included) from the lowest, each named by the seat
    /// holding or having played it, and each trick card's place among them;
    /// the cards played before drop out.
    fn key(&self) -> u128 {
        let mut owners = 0u128;
        let mut places = 0u64;
        let mut in_trick = [0u16; SUITS];
        for &(suit, rank) in &self.trick[..usize::from(self.trick_len)] {
            in_trick[usize::from(suit)] |= 1 << rank;
        }
        for suit in 0..SUITS {
            let (mut low, mut high, mut all) = (0u16, 0u16, in_trick[suit]);
            for (seat, hand) in self.hands.iter().enumerate() {
                let cards = hand[suit];
                all |= cards;
                if seat & 1 != 0 {
                    low |= cards;
                }
                if seat & 2 != 0 {
                    high |= cards;
                }
            }
            // A trick card's label is its place in the trick; `places` has
            // its suit, that place and its rank among the remaining cards.
            for (index, &(s, rank)) in self.trick[..usize::from(self.trick_len)].iter().enumerate()
            {
                if usize::from(s) == suit {
                    low |= (index as u16 & 1) << rank;
                    high |= (index as u16 >> 1 & 1) << rank;
                    let place = (all & ((1 << rank) - 1)).count_ones();
                    places =
                        places << 12 | (suit as u64) << 8 | (index as u64) << 4 | u64::from(place);
                }
            }
            let mut cards = all;
            while cards != 0 {
                let bit = cards & cards.wrapping_neg();
                cards ^= bit;
                owners =
                    owners << 2 | u128::from(low & bit != 0) | u128::from(high & bit != 0) << 1;
            }
            owners = owners << 4 | u128::from(all.count_ones());
        }
        let meta = u64::from(self.to_move)
            | u64::from(self.leader) << 3
            | u64::from(self.trick_len) << 6
            | u64::from(self.led) << 9
            | u64::from(self.naming) << 12
            | u64::from(self.names) << 13
            | u64::from(self.side) << 14
            | u64::from(self.out) << 16
            | u64::from(self.bidder) << 19
            | u64::from(self.over) << 22
            | (self.layout.strain as u64) << 23
            | places << 27;
        mix(&[owners as u64, (owners >> 64) as u64, meta])
    }

    fn cards_left(&self) -> usize {
        usize::from(self.cards)
    }

    fn tabled(&self) -> bool {
        self.trick_len == 0
    }

    /// Between none and every trick left, less the sure tricks of the seat
    /// holding the highest trumps left ([`Position::sure_tricks`]); in
    /// misère, the bidder's trick or none, sure if it holds the highest.
    fn bounds(&self) -> (i32, i32) {
        let (holder, sure) = self.sure_tricks();
        let ours = team_of(usize::from(holder)) == usize::from(self.side);
        if self.misere() {
            let lost = sure > 0 && holder == self.bidder;
            return match (
                team_of(usize::from(self.bidder)) == usize::from(self.side),
                lost,
            ) {
                (true, true) => (-1, -1),
                (true, false) => (-1, 0),
                (false, true) => (1, 1),
                (false, false) => (0, 1),
            };
        }
        let left = i32::from((self.cards + self.trick_len).div_ceil(self.trick_size()));
        let (mut low, mut high) = if ours { (sure, left) } else { (0, left - sure) };
        if self.trick_len == 0 {
            let quick = self.quick_tricks();
            if team_of(usize::from(self.leader)) == usize::from(self.side) {
                low = low.max(quick);
            } else {
                high = high.min(left - quick);
            }
        }
        (low, high)
    }
}

impl Solve for FiveHundred {
    type Position = Position;

    const SOLVER_UNIT: &'static str = "tricks the seat's team takes in the deal (the bidders' or the defenders'); \
         in misère -1 to the bidder's side and 1 to the defenders if the bidder takes a trick, else 0";

    fn position(&self, seat: usize) -> Option<Position> {
        if seat >= PLAYERS || !matches!(self.phase, Phase::Play | Phase::Name) {
            return None;
        }
        let (bidder, contract) = (self.deal.bidder()?, self.deal.contract()?);
        let layout = &Layout::all()[contract.strain() as usize];
        let out = self.sitting_out();
        let mut hands = [[0u16; SUITS]; PLAYERS];
        let mut cards = 0;
        for (seat, hand) in self.hands.iter().enumerate() {
            if Some(seat) == out {
                continue;
            }
            for card in hand.iter() {
                let (suit, rank) = layout.place[usize::from(Self::play_id(card))];
                hands[seat][usize::from(suit)] |= 1 << rank;
                cards += 1;
            }
        }
        let mut trick = [(0, 0); PLAYERS];
        for (index, (_, card)) in self.trick.plays().enumerate() {
            trick[index] = layout.place[usize::from(Self::play_id(card))];
        }
        Some(Position {
            layout,
            hands,
            trick,
            trick_len: self.trick.len() as u8,
            leader: self.trick.leader() as u8,
            to_move: self.current_player()? as u8,
            out: out.map_or(NOBODY, |seat| seat as u8),
            bidder: bidder as u8,
            led: self.led().map_or(NO_SUIT, |suit| suit as u8),
            naming: self.phase == Phase::Name,
            names: self.options.joker_names_suit,
            side: team_of(seat) as u8,
            over: false,
            cards,
        })
    }

    fn deal_result(&self, seat: usize) -> i32 {
        let (Some(bidder), Some(contract)) = (self.deal.bidder(), self.deal.contract()) else {
            return 0;
        };
        let won = self.deal.tricks_won();
        if !contract.is_misere() {
            return i32::from(won[team_of(seat)]);
        }
        let bidders = i32::from(won[team_of(bidder)]);
        if team_of(seat) == team_of(bidder) {
            -bidders
        } else {
            bidders
        }
    }

    fn same_side(&self, a: usize, b: usize) -> bool {
        team_of(a) == team_of(b)
    }
}

impl FiveHundred {
    /// What the deal scores `seat`'s team less what it scores the other team
    /// (F9-F11, D3) when the deal ends with the solver's `result` for `seat`
    /// ([`Solve::deal_result`]'s unit, the whole deal's), under the table's
    /// scoring; `None` before a contract. Tricks are exact for the play of one
    /// sample, not for an average over samples: an overtrick is worth nothing
    /// and a trick short of the contract its whole value.
    pub(super) fn score_difference(&self, seat: usize, result: i32) -> Option<i64> {
        let (bidder, contract) = (self.deal.bidder()?, self.deal.contract()?);
        let bidding_side = team_of(seat) == team_of(bidder);
        let bidders_tricks = match (contract.is_misere(), bidding_side) {
            (false, true) => result,
            (false, false) => 10 - result,
            // Misère: -1 to the bidder's side, 1 to the defenders, once the
            // bidder has taken a trick.
            (true, true) => -result,
            (true, false) => result,
        };
        let (bidders, opponents) = score(
            contract,
            u8::try_from(bidders_tricks).ok()?,
            self.options.scoring,
            self.options.slam_bonus,
        );
        Some(if bidding_side {
            bidders - opponents
        } else {
            opponents - bidders
        })
    }
}

#[cfg(test)]
#[path = "solve_tests.rs"]
mod tests;
