//! The exact solver's view of a Tarot deal's trick play (`crate::solver`):
//! the taker's side against the defence, every hand known, the result in
//! each defender's stake S (docs/rules/tarot.md, "Solver").
//!
//! The stake is not a sum of what each trick adds: the bouts taken set the
//! target, the contract's 25 and the poignées flip sign there, the Petit au
//! bout and the slam are judged at the end. So the position keeps the taker
//! side's card points and bouts so far, which side still may make a slam,
//! and the Petit's side in the second last trick (for T4's Excuse lead);
//! every move adds nothing but the deal's last card, which adds the stake.
//!
//! Once the Petit and the Excuse lie in completed tricks (or an unseen
//! chien) and neither side may still make a slam, the rest of the deal
//! counts a sum (`solver::Position::counts_a_sum`): the solved side's card
//! points to come. The bouts are settled then (the 21 wins its trick: its
//! holder's side takes it), no Petit au bout nor slam is left to judge, and
//! the stake is a non-decreasing function of the taker's side's card points
//! (the difference grows with them on either side of the target, and the
//! jump at the target is upward: the contract's 25 and the poignées' bonuses
//! change sign from - to +), the defence's result a non-decreasing function
//! of its own. The key then leaves out the points and bouts so far.

use super::play::{led, legal_cards, strength, suit_strength, winner, BOUTS, PETIT};
use super::record::Side;
use super::scoring::{half_points, pile_points, taker_pile, trick_share, Stakes};
use super::{Phase, Tarot, DECK, MAX_PLAYERS};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::ActionId;
use crate::solver::{mix, representatives, Moves, Position, Solve, MAX_MOVES};
use crate::trick::Trick;

/// The 21 of trumps: the bout that wins its trick.
const TWENTY_ONE: Card = Card::tarot_trump(21).unwrap();

/// The bit of each side in [`TarotPosition::clean`].
const fn side_bit(side: Side) -> u8 {
    match side {
        Side::Taker => 1,
        Side::Defence => 2,
    }
}

/// A Tarot deal's trick play with every hand known, in one side's interest.
#[derive(Clone, Copy, Debug)]
pub struct TarotPosition {
    hands: [CardSet; MAX_PLAYERS],
    trick: Trick<MAX_PLAYERS>,
    stakes: Stakes,
    /// The seats of the taker's side, one bit each.
    taker_side: u8,
    /// Whether the result is the taker's side's (else the defence's).
    for_taker: bool,
    players: u8,
    /// The tricks still to complete, the one in play included.
    tricks_left: u8,
    /// Five players, in the first trick: the called card (D1).
    called_lead: Option<Card>,
    excuse_to_winner: bool,
    /// The taker's side's card points so far (half points, the discard or
    /// the chien included as the contract gives them) and bouts.
    points: u8,
    bouts: u8,
    /// The sides (`side_bit`) that won every trick so far without playing
    /// their own Excuse in it: those that may still make a slam (T4).
    clean: u8,
    /// With one trick left: the side that won the Petit in the trick before
    /// (the Petit au bout, should T4's Excuse lead win the last trick).
    petit_before: Option<Side>,
    /// Whether the rest of the deal counts a sum, the solved side's card
    /// points to come (`TarotPosition::sum_ready`).
    in_sum: bool,
}

impl TarotPosition {
    fn side(&self, seat: usize) -> Side {
        if self.taker_side >> seat & 1 == 1 {
            Side::Taker
        } else {
            Side::Defence
        }
    }

    /// The cards in hands and in the trick in play.
    fn unplayed(&self) -> CardSet {
        self.hands[..usize::from(self.players)]
            .iter()
            .fold(self.trick.cards(), |left, hand| left.union(*hand))
    }

    /// Whether the stake now only depends on the card points to come: the
    /// Petit and the Excuse out of play (no Petit au bout, no T4 lead or T5
    /// left; the bouts then settled by the 21's holder), no slam possible,
    /// and a trick still to play.
    fn sum_ready(&self) -> bool {
        let left = self.unplayed();
        self.tricks_left > 0
            && self.clean == 0
            && !left.contains(PETIT)
            && !left.contains(Card::EXCUSE)
    }

    /// The seat that holds `card` or played it to the trick, if it is in play.
    fn holder(&self, card: Card) -> Option<usize> {
        self.hands[..usize::from(self.players)]
            .iter()
            .position(|hand| hand.contains(card))
            .or_else(|| {
                (self.trick.plays())
                    .find(|&(_, played)| played == card)
                    .map(|(seat, _)| seat)
            })
    }

    /// The side that will take the 21, if it is still in play: its
    /// holder's (the 21 wins its trick).
    fn twenty_one_side(&self) -> Option<Side> {
        self.holder(TWENTY_ONE).map(|seat| self.side(seat))
    }

    /// Without the Excuse: the side holding the highest trumps in play (the
    /// run of them down to the first the other side holds) and the half
    /// points it surely takes: each of these trumps wins its trick or falls
    /// to a higher one of the side, so one seat's trumps of the run win as
    /// many tricks, each of its cards and at least a half point a card.
    /// In bit operations ([`strength_bits`]): it runs at every node.
    fn sure_points(&self) -> Option<(Side, i32)> {
        let players = usize::from(self.players);
        let mut trumps = [0u32; MAX_PLAYERS];
        for (seat, hand) in self.hands[..players].iter().enumerate() {
            trumps[seat] = strength_bits(*hand, TRUMP_GROUP);
        }
        for (seat, card) in self.trick.plays() {
            trumps[seat] |= strength_bits(CardSet::single(card), TRUMP_GROUP);
        }
        let (mut taker, mut defence) = (0u32, 0u32);
        for (seat, &bits) in trumps[..players].iter().enumerate() {
            match self.side(seat) {
                Side::Taker => taker |= bits,
                Side::Defence => defence |= bits,
            }
        }
        // The sets are apart: the greater holds the highest trump.
        let (side, top, other) = match taker.cmp(&defence) {
            std::cmp::Ordering::Equal => return None,
            std::cmp::Ordering::Greater => (Side::Taker, taker, defence),
            std::cmp::Ordering::Less => (Side::Defence, defence, taker),
        };
        // Above the other side's highest trump (all of them if it has none).
        let run = top & !u32::MAX.checked_shr(other.leading_zeros()).unwrap_or(0);
        let others = i32::from(self.players) - 1;
        let sure = trumps[..players].iter().map(|&bits| {
            let mine = bits & run;
            let tricks = mine.count_ones() as i32;
            // A card a trump, bouts 9 half points.
            let points = tricks + 8 * (mine & TRUMP_BOUTS).count_ones() as i32;
            points + others * tricks
        });
        Some((side, sure.max().unwrap_or(0)))
    }

    /// Before the sum, bounds on the stake to come (the whole stake: only
    /// the deal's last card adds it), the lowest and the highest, for the
    /// solved side. The stake grows with the taker's side's points and
    /// bouts, and with the Petit au bout and the slam going from the
    /// defence to nobody to the taker's side (`Stakes::stake`): so the
    /// taker's worst end takes the fewest points and bouts that may come to
    /// it, each bonus to the defence where the defence may still take it,
    /// and the best end the reverse. The points to come to either side lie
    /// between 0 and every point left (a trick's share, the Excuse's half
    /// point included, never more); with no slam possible, the sure points
    /// of the highest trumps narrow them (less the Excuse's half point, which
    /// a partner's Excuse in the last trick takes away, T5) and the 21 is its
    /// holder's side's bout (with a slam possible, T4's Excuse lead may beat
    /// it).
    fn stake_bounds(&self) -> (i32, i32) {
        let left = self.unplayed();
        let all_points = i32::from(pile_points(left));
        let no_slam = self.clean == 0;
        // A partner's Excuse in the last trick goes to the other side (T5):
        // a half point less than a card's least.
        let sure = |sure: i32| sure - i32::from(left.contains(Card::EXCUSE));
        let (taker_sure, defence_sure) = match self.sure_points() {
            Some((Side::Taker, points)) if no_slam => (sure(points), 0),
            Some((Side::Defence, points)) if no_slam => (0, sure(points)),
            _ => (0, 0),
        };
        let points = i32::from(self.points);
        let fewest = (points + taker_sure).clamp(0, i32::from(u8::MAX)) as u8;
        let most = (points + all_points - defence_sure).clamp(0, i32::from(u8::MAX)) as u8;
        let twenty_one = self.twenty_one_side();
        let sure_bout = no_slam && twenty_one == Some(Side::Taker);
        let open_bouts = [TWENTY_ONE, PETIT, Card::EXCUSE]
            .into_iter()
            .filter(|&bout| left.contains(bout) && !(no_slam && bout == TWENTY_ONE))
            .count() as u8;
        let bouts = self.bouts + u8::from(sure_bout);
        let petit_open = left.contains(PETIT) || self.petit_before.is_some();
        let bonus = |side: Side, open: bool| open.then_some(side);
        let slam_open = |side: Side| self.clean & side_bit(side) != 0;
        let worst = self.stakes.stake(
            fewest,
            bouts,
            bonus(Side::Defence, petit_open),
            bonus(Side::Defence, slam_open(Side::Defence)),
        );
        let best = self.stakes.stake(
            most,
            bouts + open_bouts,
            bonus(Side::Taker, petit_open),
            bonus(Side::Taker, slam_open(Side::Taker)),
        );
        if self.for_taker {
            (worst as i32, best as i32)
        } else {
            (-best as i32, -worst as i32)
        }
    }

    /// Completes the trick just filled: its count, the slam's and the
    /// Petit's state; the deal's last trick returns the result. In the sum,
    /// what the trick adds to it: its card points if the solved side won it.
    fn close_trick(&mut self) -> i32 {
        let last = self.tricks_left == 1;
        let leader = self.trick.leader();
        let excuse_led = self.trick.led() == Some(Card::EXCUSE);
        // T4: a side that won every earlier trick leads the Excuse to the
        // last one (it played it nowhere before: `clean` is that side's).
        let excuse_wins = last && self.clean & side_bit(self.side(leader)) != 0;
        let winner = winner(&self.trick, excuse_wins);
        let won_by = self.side(winner);
        let (taken, passed) =
            trick_share(&self.trick, winner, last, self.excuse_to_winner, |seat| {
                self.side(seat)
            });
        let share = i16::from(pile_points(taken)) + i16::from(passed);
        let trick_points = i16::from(pile_points(self.trick.cards()));
        self.points = (i16::from(self.points) + share) as u8;
        self.bouts += taken.intersection(BOUTS).len() as u8;
        self.clean &= side_bit(won_by);
        if !last {
            if let Some((seat, _)) = self.trick.plays().find(|(_, card)| card.is_excuse()) {
                self.clean &= !side_bit(self.side(seat));
            }
        }
        let petit = self.trick.cards().contains(PETIT).then_some(won_by);
        let petit_au_bout = if excuse_led && winner == leader {
            self.petit_before
        } else {
            petit
        };
        self.petit_before = if self.tricks_left == 2 { petit } else { None };
        self.tricks_left -= 1;
        self.called_lead = None;
        self.trick = Trick::with_players(winner, usize::from(self.players));
        if self.in_sum {
            return i32::from(if self.for_taker {
                share
            } else {
                trick_points - share
            });
        }
        if !last {
            self.in_sum = self.sum_ready();
            return 0;
        }
        let slam = (self.clean & side_bit(won_by) != 0).then_some(won_by);
        let stake = self
            .stakes
            .stake(self.points, self.bouts, petit_au_bout, slam);
        (if self.for_taker { stake } else { -stake }) as i32
    }

    /// One card of each set of equivalent legal cards of the seat to play:
    /// [`representatives`] with cards alike when worth the same, in bit
    /// operations by group ([`strength_bits`]): a card stands for the legal
    /// card just below it in strength (no card of another seat between) when
    /// both are worth a half point, suit cards from the ace to the 10 and
    /// trumps from the 2 to the 20 (never the bouts: the Petit au bout). In
    /// the first trick at five players (the called card apart) the general
    /// helper does it.
    fn distinct_moves(&self) -> CardSet {
        let seat = self.trick.next_seat();
        let legal = legal_cards(self.hands[seat], &self.trick, self.called_lead);
        if legal.len() == 1 {
            return legal;
        }
        let others = self.others(seat);
        if let Some(called) = self.called_lead {
            return representatives(legal, others, order, |a, b| {
                alike(a, b) && a != called && b != called
            });
        }
        let mut kept = legal.intersection(CardSet::single(Card::EXCUSE));
        for (group, &alike_bits) in ALIKE.iter().enumerate() {
            let mine = strength_bits(legal, group);
            let present = mine | strength_bits(others, group);
            // Each card alike of the seat's, carried up through the cards
            // no longer in play: a card of the seat's alike at a bit so
            // reached stands for the one just below it.
            let below = fill_up(mine & alike_bits, !present) << 1;
            kept = kept.union(from_strength_bits(mine & !(alike_bits & below), group));
        }
        kept
    }

    /// Plays `card` for the seat to play; what the deal's result gains.
    fn play_card(&mut self, card: Card) -> i32 {
        let seat = self.trick.next_seat();
        self.hands[seat].remove(card);
        self.trick.push(card);
        if self.trick.is_complete() {
            self.close_trick()
        } else {
            0
        }
    }

    /// The cards outside the hand of the seat to play that still matter to
    /// the order: the other hands and the trick.
    fn others(&self, seat: usize) -> CardSet {
        self.hands[..usize::from(self.players)]
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != seat)
            .fold(self.trick.cards(), |all, (_, &hand)| all.union(hand))
    }
}

/// [`Position::key`]'s codes for where a card in play is: seats 0 to 4, the
/// trick's places from `IN_TRICK`; and `GROUP_END` after each group's
/// half-point cards (which the key gives by their places in strength order
/// only, so positions whose half-point cards lie alike share their value).
const IN_TRICK: u8 = 5;
const GROUP_END: u8 = 14;

/// The cards whose points or part set them apart (faces, bouts), which the
/// key names each, among `cards` (a card set's bits) as 19 bits: each suit's
/// jack, knight, queen and king, the Petit, the 21 and the Excuse.
fn named_bits(cards: u128) -> u64 {
    let suit = |suit: u32| (cards >> (14 * suit + 9)) as u64 & 0xF;
    suit(0)
        | suit(1) << 4
        | suit(2) << 8
        | suit(3) << 12
        | ((cards >> 56) as u64 & 1) << 16
        | ((cards >> 76) as u64 & 0b11) << 17
}

/// The groups of cards that follow one another in strength: the four suits,
/// then the trumps ([`TRUMP_GROUP`]).
const GROUPS: usize = 5;
const TRUMP_GROUP: usize = 4;

/// Per group ([`strength_bits`]), the cards worth a half point that stand
/// for one another when adjacent: a suit's ace to its 10, the trumps 2 to 20
/// (every half-point card but the Excuse).
const ALIKE: [u32; GROUPS] = [0x3FF, 0x3FF, 0x3FF, 0x3FF, 0xF_FFFE];

/// The bouts among the trumps' [`strength_bits`]: the Petit and the 21.
const TRUMP_BOUTS: u32 = 1 | 1 << 20;

/// The cards of `cards` in `group` (a suit, by its index, or
/// [`TRUMP_GROUP`]) as bits in increasing strength: a suit's ace at bit 0,
/// its 2 to king at bits 1 to 13 (ids hold them from the 2, the ace last);
/// the trumps 1 to 21 at bits 0 to 20.
fn strength_bits(cards: CardSet, group: usize) -> u32 {
    let bits = cards.bits();
    if group == TRUMP_GROUP {
        return (bits >> PETIT.id()) as u32 & 0x1F_FFFF;
    }
    let suit = (bits >> (14 * group)) as u32 & 0x3FFF;
    (suit << 1 | suit >> 13) & 0x3FFF
}

/// The cards of `group` at the bits of `bits`, as [`strength_bits`]
/// numbers them.
fn from_strength_bits(bits: u32, group: usize) -> CardSet {
    let bits = u128::from(bits);
    if group == TRUMP_GROUP {
        return CardSet::from_bits(bits << PETIT.id());
    }
    CardSet::from_bits((bits >> 1 | (bits & 1) << 13) << (14 * group))
}

/// `from` with every bit above one of its bits set too, through a run of
/// `through`'s bits (an occluded fill, by doubling steps).
const fn fill_up(mut from: u32, mut through: u32) -> u32 {
    from |= from << 1 & through;
    through &= through << 1;
    from |= from << 2 & through;
    through &= through << 2;
    from |= from << 4 & through;
    through &= through << 4;
    from |= from << 8 & through;
    through &= through << 8;
    from | (from << 16 & through)
}

/// Whether two cards of a run play alike: worth the same half point, and
/// neither a bout (the Petit and the 21, both worth 9, are not alike).
fn alike(a: Card, b: Card) -> bool {
    half_points(a) == half_points(b) && !BOUTS.contains(a) && !BOUTS.contains(b)
}

/// A card's group and strength in it, for [`representatives`]: the four
/// suits, the trumps, the Excuse alone.
fn order(card: Card) -> (u8, u16) {
    match (card.suit(), card.tarot_trump_number()) {
        (Some(suit), _) => (suit as u8, suit_strength(card)),
        (None, Some(number)) => (4, u16::from(number)),
        (None, None) => (5, 0),
    }
}

impl Position for TarotPosition {
    fn is_over(&self) -> bool {
        self.tricks_left == 0
    }

    fn maximizing(&self) -> bool {
        (self.side(self.trick.next_seat()) == Side::Taker) == self.for_taker
    }

    fn legal(&self, out: &mut Moves) {
        out.clear();
        let hand = self.hands[self.trick.next_seat()];
        for card in legal_cards(hand, &self.trick, self.called_lead) {
            out.push(card.id() as ActionId);
        }
    }

    fn moves(&self, out: &mut Moves) {
        out.clear();
        let seat = self.trick.next_seat();
        let kept = self.distinct_moves();
        // Best guesses first. Leading: a card no other card of its group
        // beats, the richest first, else the poorest. Following: a card that
        // takes the trick (as the last to play, the richest), then one that
        // loads a trick the side holds, then the poorest.
        let led_suit = led(&self.trick).and_then(Card::suit);
        let best = self
            .trick
            .plays()
            .filter_map(|(s, card)| strength(card, led_suit).map(|v| (v, s)))
            .max();
        let last = self.trick.len() + 1 == usize::from(self.players);
        let others = self.others(seat);
        let others_by_group: [u32; GROUPS] =
            std::array::from_fn(|group| strength_bits(others, group));
        let mut scored = [(0i32, 0 as ActionId); MAX_MOVES];
        let mut len = 0;
        for card in kept {
            let points = i32::from(half_points(card));
            let score = match best {
                _ if card == Card::EXCUSE => -50,
                None => {
                    let (group, rank) = order(card);
                    let at = if usize::from(group) == TRUMP_GROUP {
                        rank - 1
                    } else {
                        rank
                    };
                    let master = others_by_group[usize::from(group)] >> at >> 1 == 0;
                    if master {
                        50 + points
                    } else {
                        -points
                    }
                }
                Some((top, holder)) => {
                    let takes = strength(card, led_suit).is_some_and(|v| v > top);
                    match (takes, self.side(holder) == self.side(seat)) {
                        (true, _) if last => 60 + points,
                        (true, _) => 40 - i32::from(order(card).1) / 8,
                        (false, true) => 30 + points,
                        (false, false) => -points,
                    }
                }
            };
            scored[len] = (score, card.id() as ActionId);
            len += 1;
        }
        let scored = &mut scored[..len];
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        for &(_, action) in scored.iter() {
            out.push(action);
        }
    }

    /// Plays `action`, then every card that is the only one its seat may
    /// play (a search would try nothing else there), but not past entering
    /// the sum (what follows counts in another unit).
    fn play(&mut self, action: ActionId) -> i32 {
        let in_sum = self.in_sum;
        let mut gain = self.play_card(DECK[usize::from(action)]);
        while !self.is_over() && self.in_sum == in_sum {
            let distinct = self.distinct_moves();
            if distinct.len() != 1 {
                break;
            }
            gain += self.play_card(distinct.iter().next().expect("one card"));
        }
        gain
    }

    fn key(&self) -> u128 {
        // Where each card in play is, as bit planes of its code: a seat's
        // hand (the seat), the trick (`IN_TRICK` and its place in it).
        let mut planes = [0u128; 4];
        let mut present = 0u128;
        let mut mark = |cards: u128, code: u8| {
            present |= cards;
            for (bit, plane) in planes.iter_mut().enumerate() {
                if code >> bit & 1 == 1 {
                    *plane |= cards;
                }
            }
        };
        for (seat, hand) in self.hands[..usize::from(self.players)].iter().enumerate() {
            mark(hand.bits(), seat as u8);
        }
        for (index, (_, card)) in self.trick.plays().enumerate() {
            mark(CardSet::single(card).bits(), IN_TRICK + index as u8);
        }
        let mut parts = [0u64; 10];
        let mut len = 0;
        let mut push = |word: u64| {
            parts[len] = word;
            len += 1;
        };
        // The cards worth more than a half point, each by name: which are in
        // play, and each plane's bit for them.
        let named = planes.map(named_bits);
        push(named_bits(present) | named[0] << 19 | named[1] << 38);
        push(named[2] | named[3] << 19);
        // The others by their places in strength order, group by group:
        // which of them is which does not matter, only their order.
        let (mut word, mut filled) = (0u64, 0);
        let mut put = |code: u64| {
            word = word << 4 | code;
            filled += 1;
            if filled == 16 {
                push(word);
                (word, filled) = (0, 0);
            }
        };
        for (group, &half_point_cards) in ALIKE.iter().enumerate() {
            let group_bits = |cards: u128| strength_bits(CardSet::from_bits(cards), group);
            let plane_bits = planes.map(group_bits);
            let mut in_play = group_bits(present) & half_point_cards;
            while in_play != 0 {
                let at = in_play.trailing_zeros();
                in_play &= in_play - 1;
                put(
                    (plane_bits.iter().enumerate()).fold(0, |code, (bit, plane)| {
                        code | u64::from(plane >> at & 1) << bit
                    }),
                );
            }
            put(u64::from(GROUP_END));
        }
        push(word);
        let petit = match self.petit_before {
            None => 0,
            Some(Side::Taker) => 1,
            Some(Side::Defence) => 2,
        };
        let called = self.called_lead.map_or(127, |card| card.id() as u64);
        // In the sum, nothing of the past nor of the stake: the sum to come
        // is the cards'.
        let past = if self.in_sum {
            1 << 50
        } else {
            u64::from(self.points)
                | u64::from(self.bouts) << 8
                | u64::from(self.clean) << 10
                | petit << 12
                | (self.stakes.contract as u64) << 20
                | u64::from(self.stakes.slam_announced) << 23
                | u64::from(self.excuse_to_winner) << 24
                | (self.stakes.poignee_bonus as u64) << 41
        };
        push(
            past | u64::from(self.for_taker) << 14
                | u64::from(self.taker_side) << 15
                | u64::from(self.players) << 25
                | called << 28
                | (self.trick.leader() as u64) << 35
                | (self.trick.len() as u64) << 38,
        );
        mix(&parts[..len])
    }

    /// At a trick's first two cards. Tabling the first only (the default
    /// advice) leaves each null-window test of a bisection to walk again
    /// every card of the trick's other seats; the second too cut a position
    /// of 59M nodes to 2M, and the speed test's rows 3:8, 4:7, 4:8 and 5:7
    /// from 30 s to 6 s in all (docs/rules/tarot.md, "Solver").
    fn tabled(&self) -> bool {
        self.trick.len() < 2
    }

    fn cards_left(&self) -> usize {
        self.hands[..usize::from(self.players)]
            .iter()
            .map(|hand| hand.len())
            .sum()
    }

    fn counts_a_sum(&self) -> bool {
        self.in_sum
    }

    /// The sum: the solved side's card points to come (half points). The
    /// result to come is the whole stake (nothing is added before the
    /// deal's last card), with the taker's side's points so far and the
    /// sum's, its bouts so far and the 21 if it takes it.
    fn result_of(&self, sum: i32) -> i32 {
        let left = i32::from(pile_points(self.unplayed()));
        let taker_sum = if self.for_taker { sum } else { left - sum };
        let points = (i32::from(self.points) + taker_sum).clamp(0, i32::from(u8::MAX));
        let bouts = self.bouts + u8::from(self.twenty_one_side() == Some(Side::Taker));
        let stake = self.stakes.stake(points as u8, bouts, None, None);
        (if self.for_taker { stake } else { -stake }) as i32
    }

    /// In the sum: from the solved side's sure points (its highest trumps'
    /// tricks, `TarotPosition::sure_points`) to every point left but the
    /// other side's sure points. Before it: the stakes of the worst and the
    /// best end for the solved side (`TarotPosition::stake_bounds`).
    fn bounds(&self) -> (i32, i32) {
        if !self.in_sum {
            return self.stake_bounds();
        }
        let left = i32::from(pile_points(self.unplayed()));
        match self.sure_points() {
            Some((side, sure)) if (side == Side::Taker) == self.for_taker => (sure, left),
            Some((_, sure)) => (0, left - sure),
            None => (0, left),
        }
    }
}

impl Tarot {
    /// Whether a seat still to play its first card may be asked for a
    /// poignée (T9): a question the solver leaves to the other levels.
    fn poignee_question_ahead(&self) -> bool {
        if !self.deal.tricks().is_empty() {
            return false;
        }
        // The seat to play has been asked already (or had nothing to declare).
        (self.trick.len() + 1..self.players()).any(|index| {
            let seat = (self.trick.leader() + index) % self.players();
            self.poignee_levels_of(seat).next().is_some()
        })
    }

    /// Each defender's stake S in the finished deal in play, if it is over.
    fn finished_stake(&self) -> Option<i64> {
        self.deal.result().map(|result| result.stake)
    }
}

impl Solve for Tarot {
    type Position = TarotPosition;

    const SOLVER_UNIT: &'static str = "each defender's stake S in the deal (the contract's \
        25 and difference times the multiplier, the Petit au bout, the poignees and the slam; \
        docs/rules/tarot.md, Settlement), for the taker's side; its negation for the defence";

    fn position(&self, seat: usize) -> Option<TarotPosition> {
        if self.phase != Phase::Play || seat >= self.players() || self.poignee_question_ahead() {
            return None;
        }
        self.deal.taker()?;
        let contract = self.deal.contract()?;
        let players = self.players();
        let taker_side = (0..players)
            .filter(|&s| self.deal.side_of(s) == Side::Taker)
            .fold(0u8, |bits, s| bits | 1 << s);
        let (points, bouts) = taker_pile(
            &self.deal,
            self.hand_size(),
            self.options.excuse_to_winner,
            true,
        );
        let tricks = self.deal.tricks();
        let clean = [Side::Taker, Side::Defence]
            .into_iter()
            .filter(|&side| {
                tricks.iter().all(|played| {
                    self.deal.side_of(usize::from(played.winner)) == side
                        && !played
                            .trick
                            .plays()
                            .any(|(s, card)| card.is_excuse() && self.deal.side_of(s) == side)
                })
            })
            .fold(0, |bits, side| bits | side_bit(side));
        let tricks_left = self.hand_size() - tricks.len();
        let petit_before = tricks
            .last()
            .filter(|played| tricks_left == 1 && played.trick.cards().contains(PETIT))
            .map(|played| self.deal.side_of(usize::from(played.winner)));
        let mut position = TarotPosition {
            hands: self.hands,
            trick: self.trick,
            stakes: Stakes {
                contract,
                poignee_bonus: self
                    .poignees()
                    .iter()
                    .flatten()
                    .map(|p| p.level.bonus())
                    .sum(),
                slam_announced: self.deal.slam(),
            },
            taker_side,
            for_taker: self.deal.side_of(seat) == Side::Taker,
            players: players as u8,
            tricks_left: tricks_left as u8,
            called_lead: self.deal.called().filter(|_| tricks.is_empty()),
            excuse_to_winner: self.options.excuse_to_winner,
            points,
            bouts,
            clean,
            petit_before,
            in_sum: false,
        };
        position.in_sum = position.sum_ready();
        Some(position)
    }

    fn deal_result(&self, seat: usize) -> i32 {
        let stake = self.finished_stake().unwrap_or(0) as i32;
        if self.deal.side_of(seat) == Side::Taker {
            stake
        } else {
            -stake
        }
    }

    fn same_side(&self, a: usize, b: usize) -> bool {
        self.deal.side_of(a) == self.deal.side_of(b)
    }
}

#[cfg(test)]
mod tests {
    use super::super::play::TRUMPS;
    use super::super::record::Bid;
    use super::super::{deck_set, FIRST_BID, NO_POIGNEE};
    use super::*;
    use crate::game::Game;
    use crate::rng::SplitMix64;
    use crate::solver::{
        self, brute_force, check_against_engine, check_position, move_texts, Moves, Solver,
    };
    use crate::testing::set;
    use serde_json::{json, Map, Value};

    fn options(players: u8, excuse_to_winner: bool) -> Map<String, Value> {
        json!({"players": players, "single_deal": true, "excuse_to_winner": excuse_to_winner})
            .as_object()
            .unwrap()
            .clone()
    }

    /// The solver's value of every legal move at `game`, for the seat to
    /// act and the next, against brute force and minimax over the engine:
    /// `check_against_engine`'s check, at a position reached by other play.
    fn check_here(game: &Tarot, solver: &mut Solver) {
        let to_act = game.current_player().unwrap();
        for seat in [to_act, (to_act + 1) % game.players()] {
            check_position(game, seat, solver, "a position");
        }
    }

    /// Plays `game` with `choose` (given the legal actions) until the seat to
    /// act has a position of at most `cards_left` cards; `None` if the deal
    /// ends first.
    fn play_to(
        game: Tarot,
        cards_left: usize,
        mut choose: impl FnMut(&Tarot, &[ActionId]) -> ActionId,
    ) -> Option<Tarot> {
        let mut legal = Vec::new();
        solver::play_to(game, cards_left, |game| {
            game.legal_actions(&mut legal);
            let action = choose(game, &legal);
            game.apply(action).unwrap();
        })
    }

    /// A random legal action, but the Excuse and the Petit while another
    /// card may be played: endgames where they are still in hand.
    fn keeping_excuse_and_petit(rng: &mut SplitMix64, legal: &[ActionId]) -> ActionId {
        let kept = [Card::EXCUSE.id(), PETIT.id()].map(|id| id as ActionId);
        let others: Vec<ActionId> = legal
            .iter()
            .copied()
            .filter(|a| !kept.contains(a))
            .collect();
        let pool = if others.is_empty() { legal } else { &others };
        pool[rng.below(pool.len() as u64) as usize]
    }

    /// A deal from `seed` where seat `strong` holds the highest trumps (two
    /// thirds of a hand), the kings and, at odd seeds, the Excuse; seat 0
    /// deals last, so it bids first.
    fn stacked(players: u8, seed: u64, strong: usize) -> Tarot {
        let mut game = Tarot::new(seed, &options(players, seed % 4 == 1)).unwrap();
        let players = usize::from(players);
        let (hand_size, _) = super::super::sizes(players);
        let mut rng = SplitMix64::new(seed);
        let trumps = if players == 5 {
            hand_size - 3
        } else {
            hand_size * 3 / 4 - 1
        };
        let mut strong_cards: CardSet = (22 - trumps as u8..=21)
            .filter_map(Card::tarot_trump)
            .collect();
        if players < 5 {
            // At five, the kings would make the strong seat the called partner.
            strong_cards = strong_cards.union(super::super::play::KINGS);
        }
        if seed % 2 == 1 {
            // The Excuse and the Petit: T4's lead, after the Petit au bout.
            strong_cards.insert(Card::EXCUSE);
            strong_cards.insert(PETIT);
        }
        let mut rest: Vec<Card> = DECK
            .iter()
            .copied()
            .filter(|&c| !strong_cards.contains(c))
            .collect();
        rng.shuffle(&mut rest);
        let mut rest = rest.into_iter();
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        hands[strong] = strong_cards;
        for hand in &mut hands[..players] {
            while hand.len() < hand_size {
                hand.insert(rest.next().unwrap());
            }
        }
        let dealt = super::super::Dealt {
            hands,
            chien: rest.collect(),
        };
        game.begin_deal(1, players - 1, &dealt);
        game
    }

    /// The action `game`'s seat to act takes in a one-sided deal: seat 0
    /// bids, the others pass; in the play the `strong` side plays its
    /// strongest card (the Excuse now and then, else last), the other side
    /// its weakest; the other actions at random.
    fn one_sided(game: &Tarot, legal: &[ActionId], strong: Side, rng: &mut SplitMix64) -> ActionId {
        let seat = game.current_player().unwrap();
        match game.phase {
            Phase::Bid if seat != 0 => return FIRST_BID,
            Phase::Bid => return legal[1 + rng.below(legal.len() as u64 - 1) as usize],
            Phase::Play => {}
            _ => return legal[legal.len() - 1 - rng.below(legal.len() as u64) as usize],
        }
        let excuse = Card::EXCUSE.id() as ActionId;
        let strong_seat = game.deal.side_of(seat) == strong;
        // The strong side seldom spoils its slam with its own Excuse.
        let early = if strong_seat { 16 } else { 4 };
        if legal.contains(&excuse) && (legal.len() == 1 || rng.below(early) == 0) {
            return excuse;
        }
        let rank = |action: &ActionId| {
            let card = DECK[usize::from(*action)];
            order(card).1 + if TRUMPS.contains(card) { 100 } else { 0 }
        };
        let cards = legal.iter().copied().filter(|&a| a != excuse);
        // Either side keeps its Petit while it can (the Petit au bout).
        let petit = PETIT.id() as ActionId;
        if strong_seat {
            cards.max_by_key(|action| (*action != petit, rank(action)))
        } else {
            cards.min_by_key(|action| (*action == petit, rank(action)))
        }
        .unwrap()
    }

    #[test]
    fn one_sided_endgames_with_slams_agree_with_the_engine() {
        let mut solver = Solver::new(12);
        for (players, cards_left) in [(3, 9), (4, 12), (5, 10)] {
            let (mut slams, mut excuse_leads, mut petit_before_excuse) = ([0; 2], 0, 0);
            for seed in 0..40 {
                let mut rng = SplitMix64::new(seed);
                let (strong, strong_seat) = if seed % 4 < 2 {
                    (Side::Taker, 0)
                } else {
                    (Side::Defence, 1)
                };
                let game = stacked(players, seed, strong_seat);
                let game = play_to(game, cards_left, |game, legal| {
                    one_sided(game, legal, strong, &mut rng)
                })
                .unwrap();
                let position = game.position(0).unwrap();
                for side in [Side::Taker, Side::Defence] {
                    slams[side as usize] += usize::from(position.clean & side_bit(side) != 0);
                }
                // The Excuse in the hand of a side that may still make the slam (T4).
                excuse_leads += usize::from((0..usize::from(players)).any(|seat| {
                    position.hands[seat].contains(Card::EXCUSE)
                        && position.clean & side_bit(position.side(seat)) != 0
                }));
                // The Petit against them too: the Petit au bout in the trick
                // before T4's Excuse lead.
                petit_before_excuse += usize::from((0..usize::from(players)).any(|seat| {
                    position.hands[seat].contains(PETIT)
                        && position.hands[seat].contains(Card::EXCUSE)
                        && position.clean & side_bit(position.side(seat)) != 0
                }));
                check_here(&game, &mut solver);
            }
            assert!(
                slams[0] >= 6 && slams[1] >= 6,
                "{players} players: {slams:?}"
            );
            assert!(excuse_leads >= 4, "{players} players: {excuse_leads}");
            assert!(
                petit_before_excuse >= 3,
                "{players} players: {petit_before_excuse}"
            );
        }
    }

    #[test]
    fn endgames_with_the_excuse_and_the_petit_agree_with_the_engine() {
        let mut solver = Solver::new(12);
        for (players, cards_left) in [(3, 9), (4, 12), (5, 10)] {
            let (mut excuse, mut petit) = (0, 0);
            for seed in 0..40 {
                let options = options(players, seed % 2 == 1);
                let mut rng = SplitMix64::new(seed);
                let game = Tarot::new(seed, &options).unwrap();
                let game = play_to(game, cards_left, |_, legal| {
                    keeping_excuse_and_petit(&mut rng, legal)
                })
                .unwrap();
                let held = game
                    .hands
                    .iter()
                    .fold(CardSet::EMPTY, |all, &h| all.union(h));
                // Unless it lies in an unseen chien.
                excuse += usize::from(held.contains(Card::EXCUSE));
                petit += usize::from(held.contains(PETIT));
                check_here(&game, &mut solver);
            }
            assert!(excuse >= 25, "{players} players: {excuse} Excuse endgames");
            assert!(petit >= 8, "{players} players: {petit} Petit endgames");
        }
    }

    #[test]
    fn the_solver_agrees_with_the_engine_at_three_four_and_five_players() {
        for excuse_to_winner in [false, true] {
            for (players, seeds, cards_left) in [(3, 0..80, 9), (4, 0..40, 12), (5, 0..60, 10)] {
                let options = options(players, excuse_to_winner);
                let checked = check_against_engine::<Tarot>(&options, seeds.clone(), cards_left);
                assert_eq!(
                    checked as u64,
                    2 * (seeds.end - seeds.start),
                    "{players} players"
                );
            }
        }
        let checked = check_against_engine::<Tarot>(&options(5, false), 0..10, 15);
        assert_eq!(checked, 20);
    }

    /// The action `game`'s seat to act takes on the way into the sum: seat 0
    /// bids `contract`, the others pass; the poignées declared at their
    /// highest level when `poignee`, else none; the Petit and the Excuse
    /// played as soon as they may be; the other actions at random.
    fn into_the_sum(
        game: &Tarot,
        legal: &[ActionId],
        contract: Bid,
        poignee: bool,
        rng: &mut SplitMix64,
    ) -> ActionId {
        let seat = game.current_player().unwrap();
        let bid = FIRST_BID + contract as ActionId;
        let bouts = [PETIT, Card::EXCUSE].map(|card| card.id() as ActionId);
        match game.phase {
            Phase::Bid if seat == 0 && legal.contains(&bid) => bid,
            Phase::Bid => FIRST_BID,
            Phase::Poignee if poignee => *legal.iter().max().unwrap(),
            Phase::Poignee => NO_POIGNEE,
            Phase::Play if legal.iter().any(|a| bouts.contains(a)) => {
                *legal.iter().find(|a| bouts.contains(a)).unwrap()
            }
            _ => legal[rng.below(legal.len() as u64) as usize],
        }
    }

    #[test]
    fn endgames_in_the_sum_agree_with_the_engine_for_each_contract_and_poignee() {
        let mut solver = Solver::new(12);
        for (players, cards_left) in [(3, 9), (4, 12), (5, 10)] {
            for contract in [Bid::Prise, Bid::Garde, Bid::GardeSans, Bid::GardeContre] {
                let (mut in_sum, mut with_poignee, mut slam_announced) = (0, 0, 0);
                for seed in 0..12 {
                    let mut rng = SplitMix64::new(seed);
                    // The many trumps for a poignée: the taker's or a defender's.
                    let game = stacked(players, seed, usize::from(seed % 4 >= 2));
                    let game = play_to(game, cards_left, |game, legal| {
                        into_the_sum(game, legal, contract, seed % 3 != 0, &mut rng)
                    })
                    .unwrap();
                    let position = game.position(0).unwrap();
                    assert_eq!(position.stakes.contract, contract);
                    if position.counts_a_sum() {
                        in_sum += 1;
                        with_poignee += usize::from(position.stakes.poignee_bonus > 0);
                        slam_announced += usize::from(position.stakes.slam_announced);
                    }
                    check_here(&game, &mut solver);
                }
                let what = format!("{players} players, {contract:?}");
                assert!(in_sum >= 9, "{what}: {in_sum} in the sum");
                assert!(with_poignee >= 5, "{what}: {with_poignee} with poignees");
                assert!(
                    slam_announced >= 2,
                    "{what}: {slam_announced} slams announced"
                );
            }
        }
    }

    /// `seed`'s deal played at random to the first position with at most
    /// `cards_left` cards in hands.
    fn random_endgame(players: u8, seed: u64, cards_left: usize) -> Tarot {
        let mut rng = SplitMix64::new(seed);
        let game = Tarot::new(seed, &options(players, seed % 2 == 0)).unwrap();
        play_to(game, cards_left, |_, legal| {
            legal[rng.below(legal.len() as u64) as usize]
        })
        .unwrap()
    }

    #[test]
    fn the_moves_tried_keep_the_value_of_every_legal_move() {
        let mut merged = 0;
        for (players, cards_left) in [(3, 12), (4, 12), (5, 15)] {
            for seed in 0..25 {
                let game = random_endgame(players, seed, cards_left);
                let seat = game.current_player().unwrap();
                let position = game.position(seat).unwrap();
                let (mut moves, mut legal) = (Moves::new(), Moves::new());
                position.moves(&mut moves);
                position.legal(&mut legal);
                let mut sorted = moves.as_slice().to_vec();
                sorted.sort_unstable();
                assert!(sorted.iter().all(|m| legal.as_slice().contains(m)));
                merged += usize::from(moves.len() < legal.len());
                let mut solver = Solver::new(10);
                assert_eq!(
                    solver.value(&position),
                    brute_force(&position),
                    "seed {seed}"
                );
            }
        }
        assert!(merged >= 10, "{merged} positions with equivalent cards");
    }

    /// A position laid out by hand at four players, seat 0 the taker alone
    /// in a `contract` and to lead, `tricks` left, the taker's side's count
    /// so far `points` (half points) and `bouts`, `clean` its slam's state.
    fn laid_out(
        hands: [&str; 4],
        contract: Bid,
        points: u8,
        bouts: u8,
        clean: u8,
    ) -> TarotPosition {
        let mut cards = [CardSet::EMPTY; MAX_PLAYERS];
        for (seat, text) in hands.iter().enumerate() {
            cards[seat] = set(text);
        }
        let mut position = TarotPosition {
            hands: cards,
            trick: Trick::with_players(0, 4),
            stakes: Stakes {
                contract,
                poignee_bonus: 0,
                slam_announced: false,
            },
            taker_side: 1,
            for_taker: true,
            players: 4,
            tricks_left: cards[0].len() as u8,
            called_lead: None,
            excuse_to_winner: false,
            points,
            bouts,
            clean,
            petit_before: None,
            in_sum: false,
        };
        position.in_sum = position.sum_ready();
        position
    }

    #[test]
    fn the_taker_saves_the_petit_for_the_last_trick() {
        // A Garde, 50 half points and no bout so far. The 21 first draws the
        // defence's last trump: the Petit wins the last trick, 82 half
        // points with 2 bouts make the target (82) by 0, and the Petit au
        // bout adds 10: (25 + 0) x 2 + 10 x 2 = 70. The Petit first is
        // overtrumped: 70 half points with 1 bout fail 102 by 16 points,
        // -(25 + 16) x 2 = -82.
        let position = laid_out(["1T 21T", "5T KS", "2S 3S", "4S 5S"], Bid::Garde, 50, 0, 0);
        assert_eq!(
            move_texts::<Tarot>(&position),
            [("1T".to_owned(), -82), ("21T".to_owned(), 70)]
        );
        let mut defence = position;
        defence.for_taker = false;
        assert_eq!(Solver::new(10).value(&defence), -70);
    }

    #[test]
    fn the_excuse_led_to_the_last_trick_completes_the_slam() {
        // A Prise, the taker's side won every trick so far (150 half points,
        // 1 bout). The 21, then the Excuse led to the last trick, wins it
        // (T4): 174 half points, 3 bouts, 51 over 36, and the slam not
        // announced, 200: 25 + 51 + 200 = 276. The Excuse led early loses
        // its trick (its half point passes) and the slam: 170 half points,
        // 25 + 49 = 74.
        let position = laid_out(["21T EX", "5T 6T", "2S 3S", "4S 5S"], Bid::Prise, 150, 1, 1);
        assert_eq!(
            move_texts::<Tarot>(&position),
            [("21T".to_owned(), 276), ("EX".to_owned(), 74)]
        );
    }

    #[test]
    fn the_sum_books_the_points_to_come_through_the_stake() {
        // The Petit and the Excuse gone, no slam possible: the sum. The 21
        // takes its trick (12 half points, a bout), the king of spades the
        // other (12 to the defence), in either order: the taker's side ends
        // with its points so far + 12 and 2 bouts, the target 82.
        let hands = ["21T 2S", "5T KS", "3S 4S", "5S 6S"];
        for contract in [Bid::Prise, Bid::Garde, Bid::GardeSans, Bid::GardeContre] {
            let multiplier = contract.multiplier() as i32;
            for poignee_bonus in [0, 30] {
                // 81 fails by 1 (rounded up), 82 makes it by 0, 102 by 10.
                for (points, made, difference) in [(69, false, 1), (70, true, 0), (90, true, 10)] {
                    let mut position = laid_out(hands, contract, points, 1, 0);
                    position.stakes.poignee_bonus = poignee_bonus;
                    assert!(position.counts_a_sum());
                    let stake = (25 + difference) * multiplier + poignee_bonus as i32;
                    let stake = if made { stake } else { -stake };
                    let what = format!("{contract:?}, {poignee_bonus}, {points}");
                    assert_eq!(
                        move_texts::<Tarot>(&position),
                        [("2S".to_owned(), stake), ("21T".to_owned(), stake)],
                        "{what}"
                    );
                    let mut defence = position;
                    defence.for_taker = false;
                    assert_eq!(Solver::new(10).value(&defence), -stake, "{what}");
                    assert_eq!(brute_force(&defence), -stake, "{what}");
                }
            }
        }
    }

    /// The lowest and the highest value to come over every line of play:
    /// results where `results` (a sum's through `result_of`), else the
    /// position's own unit (the sum to come in the sum).
    fn extremes(position: &TarotPosition, results: bool) -> (i32, i32) {
        if results && position.counts_a_sum() {
            let (low, high) = extremes(position, false);
            return (position.result_of(low), position.result_of(high));
        }
        if position.is_over() {
            return (0, 0);
        }
        let mut legal = Moves::new();
        position.legal(&mut legal);
        let (mut low, mut high) = (i32::MAX, i32::MIN);
        for &action in legal.as_slice() {
            let mut child = *position;
            let gain = child.play(action);
            let (child_low, child_high) = extremes(&child, results);
            (low, high) = (low.min(gain + child_low), high.max(gain + child_high));
        }
        (low, high)
    }

    #[test]
    fn the_sums_bounds_hold_over_every_line_of_play() {
        let mut sharper = 0;
        for (players, cards_left) in [(3, 9), (4, 12), (5, 10)] {
            for seed in 0..30 {
                let mut rng = SplitMix64::new(seed);
                let game = Tarot::new(seed, &options(players, false)).unwrap();
                let Some(game) = play_to(game, cards_left, |game, legal| {
                    into_the_sum(game, legal, Bid::Garde, false, &mut rng)
                }) else {
                    continue;
                };
                for seat in 0..usize::from(players) {
                    let position = game.position(seat).unwrap();
                    if !position.counts_a_sum() {
                        continue;
                    }
                    let (low, high) = position.bounds();
                    let (lowest, highest) = extremes(&position, false);
                    assert!(
                        low <= lowest && highest <= high,
                        "{players} players, seed {seed}: {low}..{high} against {lowest}..{highest}"
                    );
                    let left = i32::from(pile_points(position.unplayed()));
                    // More than the 21's 9 half points sure to one side.
                    sharper += usize::from(low > 9 || high < left - 9);
                }
            }
        }
        assert!(sharper >= 30, "{sharper} positions with sharper bounds");
    }

    #[test]
    fn the_stakes_bounds_before_the_sum_hold_over_every_line_of_play() {
        let mut decided = 0;
        let mut checked = 0;
        for (players, cards_left) in [(3, 9), (4, 12), (5, 10)] {
            for seed in 0..40 {
                let mut rng = SplitMix64::new(seed);
                let game = if seed % 4 == 3 {
                    let strong = usize::from(seed % 8 == 7);
                    let side = if strong == 0 {
                        Side::Taker
                    } else {
                        Side::Defence
                    };
                    play_to(stacked(players, seed, strong), cards_left, |game, legal| {
                        one_sided(game, legal, side, &mut rng)
                    })
                } else {
                    let game = Tarot::new(seed, &options(players, seed % 2 == 1)).unwrap();
                    play_to(game, cards_left, |_, legal| {
                        keeping_excuse_and_petit(&mut rng, legal)
                    })
                };
                let game = game.unwrap();
                for seat in 0..usize::from(players) {
                    let position = game.position(seat).unwrap();
                    if position.counts_a_sum() {
                        continue;
                    }
                    checked += 1;
                    let (low, high) = position.bounds();
                    let (lowest, highest) = extremes(&position, true);
                    assert!(
                        low <= lowest && highest <= high,
                        "{players} players, seed {seed}, seat {seat}: \
                         {low}..{high} against {lowest}..{highest}"
                    );
                    // Whether the contract is made is known before the end.
                    decided += usize::from(low > 0 || high < 0);
                }
            }
        }
        assert!(checked >= 300, "{checked} positions before the sum");
        assert!(
            decided >= 30,
            "{decided} positions whose bounds decide the contract"
        );
    }

    #[test]
    fn the_stakes_bounds_leave_a_partners_excuse_in_the_last_trick_to_the_taker() {
        // The last trick: the 21 takes it for the defence, whose sure points
        // would be the 21 and a half point from each other card (12), but
        // the partner's Excuse goes to the taker (T5): the defence takes 11,
        // the taker 9 and a bout, 93 + 9 = 102 makes the target by 0, 25.
        let position = laid_out(["2S", "21T", "EX", "3S"], Bid::Prise, 93, 0, 0);
        assert!(!position.counts_a_sum());
        assert_eq!(brute_force(&position), 25);
        let (low, high) = position.bounds();
        assert!(low <= 25 && 25 <= high, "{low}..{high}");
        assert_eq!(Solver::new(10).value(&position), 25);
    }

    #[test]
    fn the_moves_tried_are_the_general_helpers() {
        for (players, cards_left) in [(3, 18), (4, 24), (5, 15), (5, 72), (5, 74)] {
            for seed in 0..40 {
                let game = random_endgame(players, seed, cards_left);
                let position = game.position(game.current_player().unwrap()).unwrap();
                let seat = position.trick.next_seat();
                let legal =
                    legal_cards(position.hands[seat], &position.trick, position.called_lead);
                let called = position.called_lead;
                let general = representatives(legal, position.others(seat), order, |a, b| {
                    alike(a, b) && Some(a) != called && Some(b) != called
                });
                let general = if legal.len() == 1 { legal } else { general };
                assert_eq!(
                    position.distinct_moves(),
                    general,
                    "{players} players, seed {seed}"
                );
            }
        }
    }

    #[test]
    fn the_strength_bits_follow_the_order_of_each_group() {
        for (group, &alike_bits) in ALIKE.iter().enumerate() {
            let cards: Vec<Card> = (0..if group == TRUMP_GROUP { 21 } else { 14 })
                .map(|at| {
                    let cards = from_strength_bits(1 << at, group);
                    assert_eq!(cards.len(), 1);
                    cards.iter().next().unwrap()
                })
                .collect();
            for (at, &card) in cards.iter().enumerate() {
                assert_eq!(strength_bits(CardSet::single(card), group), 1 << at);
                assert_eq!(usize::from(order(card).0), group);
                let others = (0..GROUPS).filter(|&g| g != group);
                assert!(others
                    .map(|g| strength_bits(CardSet::single(card), g))
                    .all(|b| b == 0));
            }
            assert!(cards.windows(2).all(|w| order(w[0]).1 < order(w[1]).1));
            let half_point_cards = cards
                .iter()
                .enumerate()
                .filter(|&(_, &card)| half_points(card) == 1)
                .fold(0, |bits, (at, _)| bits | 1 << at);
            assert_eq!(alike_bits, half_point_cards, "group {group}");
        }
    }

    #[test]
    fn in_the_sum_the_key_leaves_out_the_points_and_bouts_so_far() {
        let hands = ["21T 2S", "5T KS", "3S 4S", "5S 6S"];
        let key = |points, bouts, clean| laid_out(hands, Bid::Garde, points, bouts, clean).key();
        assert_eq!(key(70, 1, 0), key(90, 0, 0));
        // A side that may still make a slam: no sum, the past counts.
        assert_ne!(key(70, 1, 1), key(90, 1, 1));
        assert_ne!(key(70, 1, 1), key(70, 0, 1));
        assert_ne!(key(70, 1, 0), key(70, 1, 1));
    }

    /// The cards `named_bits` gives, by id, in its order.
    const NAMED: [u8; 19] = [
        9, 10, 11, 12, 23, 24, 25, 26, 37, 38, 39, 40, 51, 52, 53, 54, 56, 76, 77,
    ];

    #[test]
    fn the_key_names_the_cards_worth_more_and_ranks_the_others() {
        let named: CardSet = NAMED.iter().map(|&id| DECK[usize::from(id)]).collect();
        assert_eq!(named.len(), NAMED.len());
        for (index, &id) in NAMED.iter().enumerate() {
            assert_eq!(named_bits(1 << id), 1 << index, "{id}");
        }
        assert_eq!(
            named,
            DECK.iter()
                .copied()
                .filter(|&c| half_points(c) > 1)
                .collect()
        );
        // The others, ranked by the key: the half-point cards of each group
        // (`ALIKE`'s bits), in strength order.
        let mut ranked = CardSet::EMPTY;
        for (group, &half_point_cards) in ALIKE.iter().enumerate() {
            let cards = from_strength_bits(half_point_cards, group);
            assert!(cards.iter().all(|card| half_points(card) == 1));
            ranked = ranked.union(cards);
        }
        assert_eq!(ranked.len(), 78 - NAMED.len());
        assert_eq!(ranked.union(named), deck_set());
    }

    #[test]
    fn keys_tell_apart_where_each_card_lies() {
        for seed in 0..20 {
            let game = random_endgame(4, seed, 24);
            let position = game.position(game.current_player().unwrap()).unwrap();
            for seat in 0..4 {
                for card in position.hands[seat] {
                    for to in (0..4).filter(|&to| to != seat) {
                        let mut moved = position;
                        moved.hands[seat].remove(card);
                        moved.hands[to].insert(card);
                        assert_ne!(moved.key(), position.key(), "{card} to seat {to}");
                    }
                }
            }
            // A half-point spade for another that is gone: the same key
            // when the spades still held lie alike in strength order.
            let low_spades: Vec<Card> = {
                let mut cards: Vec<Card> = CardSet::suit(crate::card::Suit::Spades)
                    .iter()
                    .filter(|&c| half_points(c) == 1)
                    .collect();
                cards.sort_by_key(|&c| order(c));
                cards
            };
            let owners = |position: &TarotPosition| -> Vec<usize> {
                low_spades
                    .iter()
                    .filter_map(|&c| position.hands.iter().position(|h| h.contains(c)))
                    .collect()
            };
            let held = position
                .hands
                .iter()
                .fold(position.trick.cards(), |all, &h| all.union(h));
            for (seat, hand) in position.hands[..4].iter().enumerate() {
                for card in hand.iter().filter(|c| low_spades.contains(c)) {
                    for &other in low_spades.iter().filter(|&&c| !held.contains(c)) {
                        let mut swapped = position;
                        swapped.hands[seat].remove(card);
                        swapped.hands[seat].insert(other);
                        assert_eq!(
                            swapped.key() == position.key(),
                            owners(&swapped) == owners(&position),
                            "{card} for {other}"
                        );
                    }
                }
            }
        }
    }

    /// The time this thread has run on a processor (Linux's schedstat, in
    /// the kernel's ticks here: 4 ms): on a machine shared with other work,
    /// what a long solve costs, which the time elapsed is not.
    fn thread_time() -> std::time::Duration {
        let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap();
        let nanos = stat.split_whitespace().next().unwrap().parse().unwrap();
        std::time::Duration::from_nanos(nanos)
    }

    /// The solver's speed by tricks left (not a test: run it optimised,
    /// `cargo test --profile fast -p cardcore --lib tarot::solve -- --ignored
    /// --nocapture`): 20 random deals a row, played at random to a trick's
    /// first card; the median and the 95th percentile of the time to solve
    /// the position's value (elapsed, then on a processor, in ms), and of
    /// its nodes. `TAROT_SOLVE_ROWS` picks the rows, `players:tricks`
    /// comma-separated; `TAROT_SOLVE_TABLE_BITS` the table's size (2^bits
    /// entries, `Solver::default()`'s by default).
    #[test]
    #[ignore = "a measurement, run optimised"]
    #[allow(clippy::print_stderr)]
    fn speed_by_tricks_left() {
        let rows = std::env::var("TAROT_SOLVE_ROWS").unwrap_or_else(|_| {
            "3:1,3:2,3:3,3:4,3:5,3:6,3:7,3:8,4:1,4:2,4:3,4:4,4:5,4:6,4:7,4:8,\
             5:1,5:2,5:3,5:4,5:5,5:6,5:7"
                .to_owned()
        });
        let bits = std::env::var("TAROT_SOLVE_TABLE_BITS")
            .map_or(crate::solver::DEFAULT_TABLE_BITS, |bits| {
                bits.parse().unwrap()
            });
        let mut solver = Solver::new(bits);
        eprintln!(
            "players tricks  ms median  ms p95  cpu median  cpu p95  nodes median  nodes p95"
        );
        for row in rows.split(',') {
            let (players, tricks) = row.split_once(':').unwrap();
            let (players, tricks): (u8, usize) =
                (players.parse().unwrap(), tricks.parse().unwrap());
            let (mut times, mut cpu, mut nodes) = (Vec::new(), Vec::new(), Vec::new());
            for seed in 0..20 {
                let game = random_endgame(players, 1000 + seed, tricks * usize::from(players));
                let seat = game.current_player().unwrap();
                let position = game.position(seat).unwrap();
                let before = (solver.nodes, std::time::Instant::now(), thread_time());
                let exact = solver.value(&position);
                std::hint::black_box(exact);
                times.push(before.1.elapsed().as_secs_f64() * 1000.0);
                cpu.push((thread_time() - before.2).as_secs_f64() * 1000.0);
                nodes.push(solver.nodes - before.0);
            }
            times.sort_by(f64::total_cmp);
            cpu.sort_by(f64::total_cmp);
            nodes.sort_unstable();
            eprintln!(
                "{players:7} {tricks:6}  {:9.3}  {:6.3}  {:9.1}  {:6.1}  {:12}  {:9}",
                times[10], times[18], cpu[10], cpu[18], nodes[10], nodes[18]
            );
        }
    }
}
