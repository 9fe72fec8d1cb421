//! The exact solver's view of a Brouc deal (`crate::solver`): the trick play
//! with every hand known, solved for one team.
//!
//! The result is the team's deal score minus the other team's, in whole
//! points, as the deal is booked (B13): `deal_score` of each team. It is
//! not a monotone function of the difference in tenths (card points plus the
//! marriage balance plus announcements), since each team's card points are
//! rounded on their own (61-59 books 6-6, 66-54 books 7-5). It is one of a
//! sum, the announcements apart: the team's card points plus its marriages
//! minus the other's, in tenths (10 card points more move the rounded
//! difference by 2, as a marriage of 20 for the winners and against the
//! others does). So once no announcement is still to come, the position
//! counts that sum (`solver::Position::counts_a_sum`), which the cards left
//! alone decide. Before, it counts booked points: the marriages and
//! announcements (multiples of 10) add their tenths as they fall, and the
//! card points add what they change in the two teams' rounded card scores,
//! which depends on the team's card points so far only through their last
//! digit (kept in the key).
//!
//! Announcements (B10, B11) are path dependent, but simply: a team announces
//! every combination its hands hold when it first wins a trick, and never
//! anything after (hands only shrink), so a bit per team (whether it has won
//! a trick) says what is still to announce. The match target (B14) and capes
//! (B15) are left out: the solver plays the deal's points.

use super::scoring::{hand_combinations, married_suit_bits, points, rank_points, trick_marriages};
use super::{
    action_of, card_of, deal_score, playable, strength, team_of, Brouc, BY_STRENGTH, PLAYERS,
};
use crate::card::{Card, Rank, Suit, FACE_COUNT};
use crate::cardset::CardSet;
use crate::game::ActionId;
use crate::solver::{self, Moves};
use crate::trick::Trick;

/// A Brouc deal's trick play, every hand known, in one team's interest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    hands: [CardSet; PLAYERS],
    trick: Trick<PLAYERS>,
    trump: Suit,
    /// The team whose result is solved.
    team: u8,
    /// The solved team's card points in this deal's completed tricks.
    points: u8,
    /// Both teams' card points in this deal's completed tricks.
    played: u8,
    /// Both teams' card points at the deal's end: the played and those left.
    total: u8,
    /// Bit `t` once team `t` has won a trick this deal (it has announced).
    won: u8,
    /// The solved team's marriages minus the other's (tenths, B12).
    marriages: i16,
    /// The seat whose card holds the trick in play and that card's rank in
    /// it (`Position::rank_in_trick`), kept as cards fall: the search asks
    /// at every move.
    holding: (u8, u16),
    /// The card points in the trick in play, kept as cards fall.
    trick_points: u8,
    /// Each team's trumps in hands as a byte in strength order (bit 7 the
    /// ace, `by_strength`), kept as cards fall: `sure_points` asks at every
    /// position.
    trumps_held: [u8; 2],
    /// The marriages the cards in hands and in the trick can still make
    /// (tenths, B12), for `bounds`: they change only as a trick closes.
    marriages_left: u8,
    /// Whether no announcement is still to come: the rest of the deal then
    /// only adds card points and marriages (`solver::Position::counts_a_sum`).
    in_sum: bool,
}

/// The solved team's rounded card score minus the other's (B13) when it
/// holds `points` of the `played` card points taken so far.
fn card_balance(points: i64, played: i64) -> i64 {
    deal_score(points, 0, 0, 0) - deal_score(played - points, 0, 0, 0)
}

impl Position {
    /// The seat whose turn it is.
    fn seat(&self) -> usize {
        self.trick.next_seat()
    }

    /// Bit `t` while team `t` has not won a trick and holds a combination it
    /// would announce on winning one: what the key needs of `won`.
    fn pending(&self) -> u64 {
        let mut pending = 0;
        for team in 0..2 {
            if self.won & (1 << team) == 0
                && married_suit_bits(self.hands[team]) | married_suit_bits(self.hands[team + 2])
                    != 0
            {
                pending |= 1 << team;
            }
        }
        pending
    }

    /// The team holding the highest trump not yet in a completed trick, and
    /// the card points it surely takes: every trump of the run its seats
    /// hold from the top wins the trick it falls in (B7: only a higher
    /// trump beats a trump, and the higher ones are the team's), so the team
    /// takes at least the run's points, and the whole trick in play if the
    /// trump holding it belongs to the run. A lower trump in the trick is
    /// beaten already and breaks no run.
    fn sure_points(&self) -> (usize, i32) {
        let mut teams = self.trumps_held;
        let (holder, rank) = self.holding;
        let holding = if !self.trick.is_empty() && rank >= TRUMP_RANK {
            let bit = 1u8 << (rank - TRUMP_RANK);
            teams[team_of(usize::from(holder))] |= bit;
            bit
        } else {
            0
        };
        let all = teams[0] | teams[1];
        if all == 0 {
            return (0, 0);
        }
        let team = usize::from(teams[1] & (0x80 >> all.leading_zeros()) != 0);
        // The team's trumps above the other team's highest.
        let other = teams[1 - team];
        let run = teams[team] & !u8::MAX.checked_shr(other.leading_zeros()).unwrap_or(0);
        let trick = if run & holding == 0 {
            0
        } else {
            self.trick_points
        };
        (
            team,
            i32::from(POINTS_BY_STRENGTH[usize::from(run & !holding)] + trick),
        )
    }

    /// Adds `seat`'s `card` to the trick, keeping `holding` and
    /// `trick_points`.
    fn push(&mut self, seat: usize, card: Card) {
        self.trick.push(card);
        self.trick_points += POINTS[card.id()];
        let led = self.trick.led().and_then(Card::suit).expect("a card led");
        let rank = self.rank_in_trick(card, led);
        if self.trick.len() == 1 || rank.is_some_and(|rank| rank > self.holding.1) {
            self.holding = (seat as u8, rank.expect("the led suit holds"));
        }
    }

    /// The cards in hands and in the trick.
    fn unplayed(&self) -> CardSet {
        (self.hands.iter()).fold(self.trick.cards(), |left, hand| left.union(*hand))
    }

    fn legal_cards(&self) -> CardSet {
        playable(self.hands[self.seat()], &self.trick, self.trump)
    }

    /// B7: how strongly `card` holds a trick led in `led`: `None` if it
    /// cannot win it.
    fn rank_in_trick(&self, card: Card, led: Suit) -> Option<u16> {
        match card.suit() {
            Some(suit) if suit == self.trump => Some(TRUMP_RANK + strength(card)),
            Some(suit) if suit == led => Some(strength(card)),
            _ => None,
        }
    }

    /// Closes the complete trick: returns what it adds to the solved team's
    /// result (its card points, marriages and, on the winners' first trick,
    /// their announcements, for the winners and as booked, B11-B13); once
    /// in the sum, what it adds to the sum (its card points and marriages
    /// for the winners, in tenths, the marriages against the others too).
    fn finish_trick(&mut self) -> i32 {
        let cards = self.trick.cards();
        let winner = usize::from(self.holding.0);
        let ours = team_of(winner) == usize::from(self.team);
        let sign = if ours { 1 } else { -1 };
        let trick_points = self.trick_points;
        self.trick_points = 0;
        let marriages = trick_marriages(cards, self.trump);
        let (points_before, played_before) = (self.points, self.played);
        if ours {
            self.points += trick_points;
        }
        self.played += trick_points;
        self.marriages += (sign * marriages) as i16;
        self.trick = Trick::new(winner);
        if self.marriages_left > 0 && has_marriage_cards(cards) {
            self.marriages_left = trick_marriages(self.unplayed(), self.trump) as u8;
        }
        if self.in_sum {
            return (i64::from(trick_points) * i64::from(ours) + sign * marriages) as i32;
        }
        // Tenths: a marriage counts for the winners and against the others.
        let mut swing = 2 * marriages;
        if self.won & (1 << team_of(winner)) == 0 {
            self.won |= 1 << team_of(winner);
            swing += hand_combinations(self.hands[winner], self.trump)
                + hand_combinations(self.hands[(winner + 2) % PLAYERS], self.trump);
        }
        self.in_sum = self.pending() == 0;
        let balance = |points: u8, played: u8| card_balance(points.into(), played.into());
        (sign * swing / 10 + balance(self.points, self.played)
            - balance(points_before, played_before)) as i32
    }
}

impl solver::Position for Position {
    fn is_over(&self) -> bool {
        self.hands.iter().all(|hand| hand.is_empty())
    }

    fn maximizing(&self) -> bool {
        team_of(self.seat()) == usize::from(self.team)
    }

    fn legal(&self, out: &mut Moves) {
        out.clear();
        for action in self.legal_cards().iter().filter_map(action_of) {
            out.push(action);
        }
    }

    fn moves(&self, out: &mut Moves) {
        let seat = self.seat();
        let legal = self.legal_cards();
        let mut out_there = CardSet::EMPTY;
        for (other, hand) in self.hands.iter().enumerate() {
            if other != seat {
                out_there = out_there.union(*hand);
            }
        }
        let kept = low_representatives(legal, out_there.union(self.trick.cards()));
        let led = self.trick.led().and_then(Card::suit);
        // The card holding the trick: whether the partner plays it, its rank.
        let (holder_seat, best) = self.holding;
        let holder = led.map(|_| (team_of(holder_seat.into()) == team_of(seat), best));
        let played = self.trick.len();
        let last = played == PLAYERS - 1;
        // The highest rank in the trick a seat playing after this one may
        // reach (undertrumping aside): a card of lower rank may be beaten.
        let later_best = led.map_or(0, |led| {
            (played + 1..PLAYERS)
                .filter_map(|index| {
                    let hand = self.hands[(self.trick.leader() + index) % PLAYERS];
                    let following = hand.intersection(CardSet::suit(led));
                    let can_play = if following.is_empty() {
                        hand.intersection(CardSet::suit(self.trump))
                    } else {
                        following
                    };
                    can_play
                        .iter()
                        .filter_map(|c| self.rank_in_trick(c, led))
                        .max()
                })
                .max()
                .unwrap_or(0)
        });
        let beaten_later = |rank: u16| later_best > rank;
        let mut scored = [(0i32, 0 as ActionId); 8];
        let mut len = 0;
        for card in kept.iter() {
            let worth = card_points(card) as i32;
            let weight = 8 * worth + i32::from(strength(card));
            let trump = card.suit() == Some(self.trump);
            let score = match (led, holder) {
                (Some(led), Some((partner, best))) => {
                    let rank = self.rank_in_trick(card, led).unwrap_or(0);
                    let beats = rank > best;
                    let sure = |rank| last || !beaten_later(rank);
                    if partner && sure(best) {
                        // Points onto the partner's trick, trumps kept.
                        300 + weight - 100 * i32::from(trump)
                    } else if beats && sure(rank) {
                        // The trick made ours: the cheapest way.
                        400 - weight + 4 * worth
                    } else if beats && !partner {
                        200 + weight
                    } else {
                        100 - weight - 20 * i32::from(trump)
                    }
                }
                _ => {
                    let higher = out_there
                        .intersection(CardSet::suit(card.suit().expect("suited")))
                        .iter()
                        .any(|other| strength(other) > strength(card));
                    if higher {
                        100 - weight - 20 * i32::from(trump)
                    } else {
                        300 + weight - 50 * i32::from(trump)
                    }
                }
            };
            scored[len] = (score, action_of(card).expect("a Brouc card"));
            len += 1;
        }
        let scored = &mut scored[..len];
        scored.sort_unstable_by_key(|&(score, action)| (-score, action));
        out.clear();
        for &(_, action) in scored.iter() {
            out.push(action);
        }
    }

    fn play(&mut self, action: ActionId) -> i32 {
        let card = card_of(action).expect("a Brouc action");
        let seat = self.seat();
        self.hands[seat].remove(card);
        if card.suit() == Some(self.trump) {
            self.trumps_held[team_of(seat)] &= !(1 << strength(card));
        }
        self.push(seat, card);
        if self.trick.is_complete() {
            self.finish_trick()
        } else {
            0
        }
    }

    fn key(&self) -> u128 {
        // The trick's leader and cards in order (face id + 1, 6 bits each).
        let mut trick = self.trick.leader() as u64;
        for (index, (_, card)) in self.trick.plays().enumerate() {
            trick |= (card.id() as u64 + 1) << (2 + 6 * index);
        }
        // In the sum, nothing of the past: the sum to come is the cards'.
        let past = if self.in_sum {
            1
        } else {
            u64::from(self.points % 10) << 1 | self.pending() << 5
        };
        let meta = self.trump.index() as u64 | u64::from(self.team) << 2 | past << 3;
        let mut hands = self.hands.map(compact);
        if self.trick.is_empty() {
            squeeze_low_cards(&mut hands);
        }
        solver::mix(&[
            hands[0] | hands[1] << 32,
            hands[2] | hands[3] << 32,
            trick | meta << 24,
        ])
    }

    fn cards_left(&self) -> usize {
        self.hands.iter().map(|hand| hand.len()).sum()
    }

    fn tabled(&self) -> bool {
        self.trick.is_empty()
    }

    fn counts_a_sum(&self) -> bool {
        self.in_sum
    }

    /// The sum: the solved team's card points to come plus its marriages
    /// minus the other's (B12), in tenths. The deal's booked difference is
    /// `card_balance` of the team's card points plus the marriage balance
    /// (rounding adds 2 for each 10 points: a marriage of 20 for the winners
    /// and against the others books +4 either way) plus the announcements.
    fn result_of(&self, sum: i32) -> i32 {
        let marriages = i64::from(self.marriages);
        let now = card_balance(self.points.into(), self.played.into()) + 2 * marriages / 10;
        let own = i64::from(self.points) + marriages + i64::from(sum);
        let end = card_balance(own, self.total.into());
        (end - now) as i32
    }

    /// In the sum: from every marriage still possible against the team to
    /// every card point left and every such marriage for it, less the sure
    /// points (`Position::sure_points`) of the side that holds them.
    fn bounds(&self) -> (i32, i32) {
        if !self.in_sum {
            return (i32::MIN, i32::MAX);
        }
        let marriages = i32::from(self.marriages_left);
        let points_left = i32::from(self.total - self.played);
        let (team, sure) = self.sure_points();
        if team == usize::from(self.team) {
            (sure - marriages, points_left + marriages)
        } else {
            (-marriages, points_left - sure + marriages)
        }
    }
}

/// A hand of the 32-card deck in 32 bits, a byte per suit: the 7 to the J
/// (face ranks 5 to 9) and the Q, K and A (11 to 13; 10 is the Tarot's knight).
fn compact(hand: CardSet) -> u64 {
    (0..4).fold(0, |compact, suit| {
        compact | suit_byte(hand, suit) << (8 * suit)
    })
}

/// The byte of `compact` for the suit of index `suit`.
fn suit_byte(hand: CardSet, suit: usize) -> u64 {
    let suit_bits = (hand.bits() >> (14 * suit)) as u64;
    let low = suit_bits >> Rank::Seven.index() & 0x1F;
    let high = suit_bits >> Rank::Queen.index() & 0x7;
    low | high << 5
}

/// Renames, in each suit, the 7, 8 and 9 still in hands to the lowest of
/// them (`compact` hands, between tricks): they are worth nothing (B13) and
/// the cards above them are the same, so only their order and holders
/// matter. Deals whose hands differ only in which low cards are gone then
/// share the table (the tabled best move, a card, may then be missing and
/// is simply not tried first).
fn squeeze_low_cards(hands: &mut [u64; PLAYERS]) {
    for suit in 0..4 {
        let shift = 8 * suit;
        let present = hands
            .iter()
            .fold(0, |all, hand| all | hand >> shift & 0b111) as usize;
        for hand in hands.iter_mut() {
            let low = (*hand >> shift & 0b111) as usize;
            *hand = *hand & !(0b111 << shift) | u64::from(SQUEEZED[present][low]) << shift;
        }
    }
}

/// `SQUEEZED[present][low]`: the bits of `low` (a subset of `present`)
/// moved down over the bits `present` lacks (a 3-bit parallel extract).
const SQUEEZED: [[u8; 8]; 8] = {
    let mut table = [[0; 8]; 8];
    let mut present = 0;
    while present < 8 {
        let mut low = 0;
        while low < 8 {
            let (mut bit, mut out, mut next) = (0, 0, 0);
            while bit < 3 {
                if present >> bit & 1 == 1 {
                    out |= (low >> bit & 1) << next;
                    next += 1;
                }
                bit += 1;
            }
            table[present][low] = out as u8;
            low += 1;
        }
        present += 1;
    }
    table
};

/// The moves worth trying of `legal` (`solver::representatives` with cards
/// alike when worth the same, in bit operations): only a 7, 8 and 9 are worth
/// the same next to one another (0 points; the J above is worth 2), so an 8
/// stands for itself unless the 7 is legal too, and a 9 unless the legal 8,
/// or the legal 7 with no 8 in `out_there` (the other hands and the trick),
/// lies just below it.
fn low_representatives(legal: CardSet, out_there: CardSet) -> CardSet {
    let rank = |rank| CardSet::rank(rank).bits();
    let (sevens, eights, nines) = (rank(Rank::Seven), rank(Rank::Eight), rank(Rank::Nine));
    let legal_bits = legal.bits();
    let out_eights = out_there.bits() & eights;
    let merged_eights = legal_bits & eights & (legal_bits & sevens) << 1;
    let below_nines = (legal_bits & eights) << 1 | (legal_bits & sevens & !(out_eights >> 1)) << 2;
    let merged_nines = legal_bits & nines & below_nines;
    CardSet::from_bits(legal_bits & !(merged_eights | merged_nines))
}

/// A `suit_byte` (the 7, 8, 9, 10, J, Q, K, A from bit 0)
/// reordered by strength (the 7, 8, 9, J, Q, K, 10, A: `BY_STRENGTH` from
/// its end).
fn by_strength(suit_byte: u64) -> u8 {
    let byte = suit_byte as u8;
    // The 10 (bit 3) moves above the J, Q and K (bits 4 to 6).
    byte & 0b1000_0111 | (byte & 0b0111_0000) >> 1 | (byte & 0b1000) << 3
}

/// The card points of a byte of `by_strength`.
const POINTS_BY_STRENGTH: [u8; 256] = {
    let mut table = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[byte] += rank_points(BY_STRENGTH[7 - bit]) as u8;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// `Position::rank_in_trick` of the lowest trump: above every card of the
/// led suit.
const TRUMP_RANK: u16 = 16;

/// The kings, queens and jacks: the cards whose fall changes the marriages
/// still possible (B12: K+Q, 30 with the J).
const MARRIAGE_CARDS: CardSet = CardSet::rank(Rank::King)
    .union(CardSet::rank(Rank::Queen))
    .union(CardSet::rank(Rank::Jack));

/// Whether a card of `MARRIAGE_CARDS` lies in `cards`.
fn has_marriage_cards(cards: CardSet) -> bool {
    !cards.intersection(MARRIAGE_CARDS).is_empty()
}

fn card_points(card: Card) -> i64 {
    POINTS[card.id()].into()
}

/// B13's card points by face id (`rank_points`), for the search's hot paths.
const POINTS: [u8; FACE_COUNT] = {
    let mut table = [0; FACE_COUNT];
    let mut id = 0;
    while id < FACE_COUNT {
        if let Some(card) = Card::from_id(id) {
            if let Some(rank) = card.rank() {
                table[id] = rank_points(rank) as u8;
            }
        }
        id += 1;
    }
    table
};

impl solver::Solve for Brouc {
    type Position = Position;

    const SOLVER_UNIT: &'static str = "the deal's booked points (B13) of the seat's team minus \
        the other team's: card points rounded to tens per team, marriages for the winners and \
        against the others, announcements; the match target (B14) and capes (B15) left out";

    fn position(&self, seat: usize) -> Option<Position> {
        if self.over || seat >= PLAYERS {
            return None;
        }
        let taken = self.deal.card_points;
        let marriages = self.deal.marriages;
        let team = team_of(seat);
        let won = self
            .deal
            .tricks()
            .fold(0, |won, t| won | 1 << team_of(usize::from(t.winner)));
        let mut position = Position {
            hands: self.hands,
            trick: self.trick,
            trump: self.trump(),
            team: team as u8,
            points: taken[team] as u8,
            played: (taken[0] + taken[1]) as u8,
            won,
            marriages: (marriages[team] - marriages[1 - team]) as i16,
            in_sum: false,
            total: 0,
            marriages_left: 0,
            holding: (0, 0),
            trick_points: 0,
            trumps_held: [0; 2],
        };
        let trick = position.trick;
        position.trick = Trick::new(trick.leader());
        for (seat, card) in trick.plays() {
            position.push(seat, card);
        }
        position.trumps_held = [0, 1].map(|team| {
            let hands = position.hands[team].union(position.hands[team + 2]);
            by_strength(suit_byte(hands, position.trump.index()))
        });
        position.total = position.played + points(position.unplayed()) as u8;
        position.marriages_left = trick_marriages(position.unplayed(), position.trump) as u8;
        position.in_sum = position.pending() == 0;
        Some(position)
    }

    fn deal_result(&self, seat: usize) -> i32 {
        let team = team_of(seat);
        let score = |team: usize| {
            deal_score(
                self.deal.card_points[team],
                self.deal.marriages[team],
                self.deal.marriages[1 - team],
                self.announced(team),
            )
        };
        (score(team) - score(1 - team)) as i32
    }

    fn same_side(&self, a: usize, b: usize) -> bool {
        team_of(a) == team_of(b)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Map, Value};

    use super::*;
    use crate::game::Game;
    use crate::rng::SplitMix64;
    use crate::solver::{
        brute_force, check_against_engine, check_position, Position as _, Solve, Solver,
    };

    fn options(pairs: &[(&str, Value)]) -> Map<String, Value> {
        pairs
            .iter()
            .map(|(name, value)| ((*name).to_string(), value.clone()))
            .collect()
    }

    #[test]
    fn solver_agrees_with_the_engine() {
        let mut checked = 0;
        for first_dealer in 0..4 {
            let single = options(&[
                ("single_deal", json!(true)),
                ("first_dealer", json!(first_dealer)),
            ]);
            let start = 40 * first_dealer;
            // 3 tricks to play, from each point of a trick (12 to 15 cards).
            let cards = 12 + first_dealer as usize;
            checked += check_against_engine::<Brouc>(&single, start..start + 40, cards);
            checked += check_against_engine::<Brouc>(&single, start + 1000..start + 1003, 16);
        }
        assert_eq!(checked, 2 * 4 * 43);
    }

    /// A deal cut to its last `tricks` tricks before any team has won a
    /// trick (so both still announce), the cards taken out counted to random
    /// teams, `seat` leading; then `plays` random plays.
    fn cut_deal(seed: u64, tricks: usize, plays: usize) -> Brouc {
        let mut game = Brouc::new(seed, &options(&[("single_deal", json!(true))])).unwrap();
        let mut rng = SplitMix64::new(seed);
        let hands = game.hands;
        for (seat, hand) in hands.iter().enumerate() {
            // Odd seeds keep the kings, queens and jacks first: more combinations.
            let mut cards: Vec<Card> = hand.iter().collect();
            if seed % 2 == 1 {
                cards.sort_by_key(|card| !matches!(card_points(*card), 2..=4));
            }
            for (index, &card) in cards.iter().enumerate() {
                if index >= tricks {
                    game.hands[seat].remove(card);
                    game.deal.card_points[rng.below(2) as usize] += card_points(card);
                }
            }
        }
        game.deal.tricks_played = (8 - tricks) as u8;
        game.trick = Trick::new(rng.below(4) as usize);
        for _ in 0..plays {
            game.play_random(&mut rng);
        }
        game
    }

    /// A single deal in its last tricks, hearts trumps, `hands` dealt and
    /// `leader` to lead the trick in play (tricks played as the longest
    /// hand leaves).
    fn hearts_endgame(hands: [&str; PLAYERS], leader: usize) -> Brouc {
        let mut game = Brouc::new(1, &options(&[("single_deal", json!(true))])).unwrap();
        game.deal.trump_card = "7H".parse().unwrap();
        game.deal.trump = Suit::Hearts;
        game.hands = hands.map(crate::testing::set);
        let longest = game.hands.iter().map(|hand| hand.len()).max().unwrap();
        game.deal.tricks_played = (super::super::TRICKS_PER_DEAL - longest) as u8;
        game.trick = Trick::new(leader);
        game
    }

    #[test]
    fn the_rules_texts_example_announces_the_queen_and_king_left_after_the_jack() {
        // [S] "Quand annoncer ?": Gérard (seat 0) holds K, Q and J of hearts,
        // trumps; his team wins its first trick with the card he plays, he
        // announces what is left: 40 after the jack, nothing after the K or Q.
        let mut game = hearts_endgame(["JH QH KH", "7D 7C", "AD AC", "8D 8C"], 1);
        for card in ["7S", "AS", "8S"] {
            game.trick.push(card.parse().unwrap());
        }
        // Team 0 takes every trick: 42 card points (4 booked), and 40 (4)
        // announced if the jack goes first.
        let mut solver = Solver::default();
        let values = crate::solver::solve(&game, 0, &mut solver).unwrap();
        let texts: Vec<(String, i32)> = values
            .iter()
            .map(|&(action, value)| (Brouc::action_text(action), value))
            .collect();
        assert_eq!(
            texts,
            [("JH".into(), 8), ("QH".into(), 4), ("KH".into(), 4)]
        );
        let theirs = crate::solver::solve(&game, 3, &mut solver).unwrap();
        assert_eq!(theirs.iter().map(|m| m.1).collect::<Vec<_>>(), [-8, -4, -4]);
    }

    #[test]
    fn the_top_trumps_of_one_team_are_sure_points() {
        // Hearts trumps. Team 0 holds the A and 10 (seat 0) and the K (seat
        // 2); team 1 the 9: the A, 10 and K each win their trick, 25 points
        // sure for team 0 (no marriage left to make).
        let mut game = hearts_endgame(["AH 10H 7S", "9H 8S 9S", "KH AD 7C", "AS 10S KS"], 0);
        let position = game.position(0).unwrap();
        assert_eq!(position.sure_points(), (0, 25));
        let (low, high) = position.bounds();
        assert_eq!(
            (low, high),
            (25, i32::from(position.total - position.played))
        );
        // Team 1's view: the same 25 points are out of its reach.
        let theirs = game.position(1).unwrap();
        assert_eq!(theirs.bounds().1, high - 25);
        // Once the A leads (the 9 must follow), the trick is team 0's
        // whatever falls on it: the A's points count with the trick's, then
        // the 10 and the K.
        game.apply(action_of("AH".parse().unwrap()).unwrap())
            .unwrap();
        game.apply(action_of("9H".parse().unwrap()).unwrap())
            .unwrap();
        assert_eq!(game.position(2).unwrap().sure_points(), (0, 11 + 10 + 4));
        // A run broken by the other team stops there: the Q (team 1) under
        // the K ends it, the 7 below it is not sure.
        let game = hearts_endgame(["KH 7H", "QH 8S", "AD 7C", "AS 10S"], 0);
        assert_eq!(game.position(0).unwrap().sure_points(), (0, 4));
        // A trump of the other team already beaten in the trick breaks no
        // run: the Q (seat 1) under the A holding the trick is out of play,
        // so the A's trick (11 + 3 so far), the K and the J are sure.
        let mut game = hearts_endgame(["AH JH", "QH 8S", "KH 7C", "10S 9S"], 0);
        for card in ["AH", "QH"] {
            game.apply(action_of(card.parse().unwrap()).unwrap())
                .unwrap();
        }
        assert_eq!(game.position(2).unwrap().sure_points(), (0, 14 + 4 + 2));
    }

    #[test]
    fn hands_differing_only_in_the_low_cards_gone_share_the_table() {
        // Between tricks, which of the worthless 7, 8 and 9 left the game
        // does not matter, only the order and holders of those left.
        let key = |hands| hearts_endgame(hands, 0).position(0).unwrap().key();
        let seven_gone = key(["AS 9S", "8S KD", "10D QD", "AD JD"]);
        let nine_gone = key(["AS 8S", "7S KD", "10D QD", "AD JD"]);
        assert_eq!(seven_gone, nine_gone);
        // Holders swapped: another position.
        let swapped = key(["AS 7S", "8S KD", "10D QD", "AD JD"]);
        assert_ne!(seven_gone, swapped);
        // A lone low card is the same whichever it is; a jack is not.
        let lone_eight = key(["AS 9S", "JS KD", "10D QD", "AD 8D"]);
        assert_eq!(lone_eight, key(["AS 9S", "JS KD", "10D QD", "AD 7D"]));
        assert_ne!(lone_eight, key(["AS 9S", "JS KD", "10D QD", "AD JD"]));
        assert_eq!(
            SQUEEZED[0b101][0b100], 0b10,
            "the 9 of a suit whose 8 is gone is renamed the 8"
        );
    }

    #[test]
    fn the_strength_bytes_and_their_points_follow_the_card_table() {
        // `by_strength` reorders a `suit_byte` by hand: each card lands on
        // its `strength` bit, and the bytes' points are the cards' points.
        for suit in Suit::ALL {
            for rank in BY_STRENGTH {
                let card = Card::new(suit, rank);
                let byte = by_strength(suit_byte(CardSet::single(card), suit.index()));
                assert_eq!(byte, 1 << strength(card), "{card}");
                assert_eq!(
                    i64::from(POINTS_BY_STRENGTH[usize::from(byte)]),
                    card_points(card)
                );
            }
        }
        let every_rank = by_strength(suit_byte(CardSet::suit(Suit::Hearts), Suit::Hearts.index()));
        assert_eq!(every_rank, u8::MAX);
        assert_eq!(
            i64::from(POINTS_BY_STRENGTH[255]),
            points(CardSet::suit(Suit::Hearts))
        );
    }

    #[test]
    fn card_points_count_as_each_team_rounds_them() {
        // B13: 61-59 books 6-6, 65-55 7-6, 66-54 7-5: not a function of 61 - 59.
        assert_eq!(card_balance(61, 120), 0);
        assert_eq!(card_balance(65, 120), 1);
        assert_eq!(card_balance(66, 120), 2);
        assert_eq!(card_balance(55, 120), -1);
        assert_eq!(card_balance(0, 0), 0);
    }

    #[test]
    fn announcements_and_rounding_agree_with_the_engine() {
        // Cut deals: every team still to announce, card points of any last digit.
        let mut solver = Solver::new(12);
        let mut announced = 0;
        for seed in 0..300 {
            let game = cut_deal(seed, 3, seed as usize % 4);
            for seat in [0, 1] {
                check_position(&game, seat, &mut solver, &format!("seed {seed}"));
            }
            announced += usize::from(game.position(0).unwrap().pending() != 0);
        }
        assert!(
            announced > 80,
            "{announced} positions with combinations to announce"
        );
    }

    #[test]
    fn compact_hands_keep_every_card() {
        let deck = super::super::deck_set();
        assert_eq!(compact(deck), u64::from(u32::MAX));
        let mut seen = 0;
        for card in deck.iter() {
            let bit = compact(CardSet::single(card));
            assert_eq!(bit.count_ones(), 1);
            assert_eq!(seen & bit, 0);
            seen |= bit;
        }
    }

    #[test]
    fn low_representatives_are_the_shared_helpers() {
        let mut rng = SplitMix64::new(3);
        for seed in 0..400 {
            let mut game = Brouc::new(seed, &options(&[("single_deal", json!(true))])).unwrap();
            for _ in 0..rng.below(30) {
                game.play_random(&mut rng);
            }
            let position = game.position(0).unwrap();
            let seat = position.seat();
            let legal = position.legal_cards();
            let mut out_there = position.trick.cards();
            for other in (0..PLAYERS).filter(|&other| other != seat) {
                out_there = out_there.union(position.hands[other]);
            }
            let shared = solver::representatives(
                legal,
                out_there,
                |card| (card.suit().unwrap() as u8, strength(card)),
                |a, b| card_points(a) == card_points(b),
            );
            assert_eq!(low_representatives(legal, out_there), shared, "seed {seed}");
        }
    }

    #[test]
    fn searched_moves_equal_every_legal_move() {
        let mut solver = Solver::new(14);
        let mut rng = SplitMix64::new(7);
        for seed in 0..400 {
            let mut game = Brouc::new(seed, &options(&[("single_deal", json!(true))])).unwrap();
            // 3 tricks to play or fewer, from anywhere in a trick; 4 for some.
            let stop = 9 + (seed as usize % 4) + 4 * usize::from(seed % 40 == 0);
            while game.position(0).is_some_and(|p| p.cards_left() > stop) {
                game.play_random(&mut rng);
            }
            for seat in 0..2 {
                let position = game.position(seat).unwrap();
                assert_eq!(
                    solver.value(&position),
                    brute_force(&position),
                    "seed {seed}"
                );
            }
        }
    }

    /// Time and nodes to solve from the start of each trick, 20 deals
    /// (release or fast profile): `cargo test --profile fast -p cardcore
    /// brouc_solver_speed -- --ignored --nocapture`; `TRICKS=n` starts from
    /// n tricks left, `BITS=b` sizes the table (2^b entries, default 18);
    /// with `MOVES` set, every legal move's value (`Solver::move_values`).
    #[test]
    #[ignore]
    #[allow(clippy::print_stderr)] // a measurement, reported on standard error
    fn brouc_solver_speed() {
        let deals = 20;
        let most = std::env::var("TRICKS").map_or(8, |t| t.parse().unwrap());
        eprintln!("tricks left: median ms, p95 ms, median nodes, p95 nodes");
        for tricks_left in (1..=most).rev() {
            let mut times = Vec::new();
            let mut nodes = Vec::new();
            for seed in 0..deals {
                let mut game = Brouc::new(seed, &options(&[("single_deal", json!(true))])).unwrap();
                let mut rng = SplitMix64::new(seed);
                while game.position(0).unwrap().cards_left() > 4 * tricks_left {
                    game.play_random(&mut rng);
                }
                let mut solver =
                    Solver::new(std::env::var("BITS").map_or(18, |t| t.parse().unwrap()));
                let position = game.position(game.current_player().unwrap()).unwrap();
                let start = std::time::Instant::now();
                if std::env::var("MOVES").is_ok() {
                    std::hint::black_box(solver.move_values(&position));
                } else {
                    std::hint::black_box(solver.value(&position));
                }
                times.push(start.elapsed().as_secs_f64() * 1e3);
                nodes.push(solver.nodes);
            }
            times.sort_by(f64::total_cmp);
            nodes.sort_unstable();
            // Nearest rank.
            let p95 = (times.len() * 95).div_ceil(100) - 1;
            eprintln!(
                "{tricks_left}: {:.3} {:.3} {} {}",
                times[times.len() / 2],
                times[p95],
                nodes[nodes.len() / 2],
                nodes[p95]
            );
        }
    }
}
