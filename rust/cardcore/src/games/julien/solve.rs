//! The exact solvers' view of a Tour's trick play (`crate::solver`,
//! `crate::maxn`).
//!
//! Le Julien is played each for themselves. The two-sided solver
//! ([`TourPosition`]) puts the seat solved for against the three others
//! together, and its result is the seat's own Tour score as the game books
//! it (its contract, its scoring pile after elimination, the special cards'
//! best use, the Spéco's weights): the score the seat makes whatever the
//! others do, a security value. The score is not a sum of what each trick
//! adds, so every move adds 0 but the Tour's last (the tenth trick's last
//! card; in the Spéco the winner's choice on its trump card), which adds the
//! whole score; a failed simple contract's score is added as it falls
//! instead (it can only fall further). The key keeps what the score depends
//! on: the seat's pile as the bid reads it, whether it won a trick.
//!
//! Max^n ([`TourMaxn`]) keeps every seat's pile and books every seat's Tour
//! score the same way: each seat plays for its own score, and its key holds
//! the four piles (docs/rules/julien.md, "Solver").

use super::scoring::{add_weights, score_with_specials, SuitWeights};
use super::tour::{next_leader, trick_winner};
use super::{
    action_of, card_of, strength, Bid, Colour, Julien, Phase, TourKind, LEAVE, PLAYERS, TAKE,
    TALON_SIZE, TRICKS_PER_TOUR,
};
use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::game::ActionId;
use crate::maxn;
use crate::solver::{self, mix, representatives, Moves, Solve};
use crate::trick::{follow, Trick};

/// A Tour's cards in play with every hand known: what both solvers share.
#[derive(Clone, Copy, Debug)]
struct TourPlay {
    hands: [CardSet; PLAYERS],
    trick: Trick<PLAYERS>,
    /// Trick `i`'s trump card is talon card `i`; the last two are the specials.
    talon: [Card; TALON_SIZE],
    tricks_played: u8,
    /// The last complete trick's winner.
    last_winner: u8,
    /// J18: the Spéco's choice on the last trick's trump card is pending.
    choosing: bool,
    kind: TourKind,
}

impl TourPlay {
    /// The Tour in play of `game`, in its trick play.
    fn of(game: &Julien) -> Option<TourPlay> {
        if !matches!(game.phase, Phase::Play | Phase::Speco) {
            return None;
        }
        let tour = &game.tour;
        Some(TourPlay {
            hands: game.hands,
            trick: game.trick,
            talon: tour.talon,
            tricks_played: tour.tricks_played,
            last_winner: tour.last_trick().map_or(0, |t| t.winner),
            choosing: game.phase == Phase::Speco,
            kind: tour.kind,
        })
    }

    /// The seat to move: the trick's next seat, or the Spéco's chooser.
    fn mover(&self) -> usize {
        if self.choosing {
            usize::from(self.last_winner)
        } else {
            self.trick.next_seat()
        }
    }

    fn legal_cards(&self) -> CardSet {
        let hand = self.hands[self.trick.next_seat()];
        match self.trick.led().and_then(Card::suit) {
            Some(led) => follow(hand, CardSet::suit(led)),
            None => hand,
        }
    }

    fn legal(&self, out: &mut Moves) {
        out.clear();
        if self.choosing {
            out.push(TAKE);
            out.push(LEAVE);
            return;
        }
        for action in self.legal_cards().iter().filter_map(action_of) {
            out.push(action);
        }
    }

    /// One legal card of each run no other seat's card separates
    /// ([`representatives`]): every trick card weighs 1, so such cards lead
    /// to the same play for every seat.
    fn kept_cards(&self) -> CardSet {
        let mover = self.trick.next_seat();
        let mut others = self.trick.cards();
        for (seat, hand) in self.hands.iter().enumerate() {
            if seat != mover {
                others = others.union(*hand);
            }
        }
        representatives(
            self.legal_cards(),
            others,
            |card| (card.suit().map_or(0, |s| s as u8), strength(card)),
            |_, _| true,
        )
    }

    fn trump(&self) -> Suit {
        self.talon[usize::from(self.tricks_played)]
            .suit()
            .unwrap_or(Suit::Spades)
    }

    /// The Spéco's choice made: the trump card the chooser (the last
    /// trick's winner) takes, if it takes it.
    fn choose(&mut self, action: ActionId) -> Option<Card> {
        self.choosing = false;
        (action == TAKE).then(|| self.talon[usize::from(self.tricks_played) - 1])
    }

    /// Plays a card; when it completes a trick, the trick's index, its winner
    /// and its cards.
    fn play_card(&mut self, card: Card) -> Option<(usize, usize, CardSet)> {
        self.hands[self.trick.next_seat()].remove(card);
        self.trick.push(card);
        if !self.trick.is_complete() {
            return None;
        }
        let index = usize::from(self.tricks_played);
        let winner = trick_winner(&self.trick, self.trump());
        let cards = self.trick.cards();
        let leader = next_leader(&self.trick);
        self.trick = Trick::new(leader);
        self.tricks_played += 1;
        self.last_winner = winner as u8;
        self.choosing = self.kind == TourKind::Speco;
        Some((index, winner, cards))
    }

    fn is_over(&self) -> bool {
        usize::from(self.tricks_played) == TRICKS_PER_TOUR && !self.choosing
    }

    /// The special cards, which go to trick 10's winner (-33-).
    fn specials(&self) -> CardSet {
        CardSet::single(self.talon[10]).union(CardSet::single(self.talon[11]))
    }

    /// The Tour's progress for a key: the tricks played, the pending choice,
    /// the trick's leader and length.
    fn progress(&self) -> u64 {
        u64::from(self.tricks_played)
            | u64::from(self.choosing) << 4
            | (self.trick.leader() as u64) << 6
            | (self.trick.len() as u64) << 8
    }

    /// The cards in play (the hands and the trick), suit by suit in rank
    /// order, each named by the seat holding it (0-3) or having played it to
    /// the trick (4-7). Only their order counts: which wins a trick and which
    /// is the lowest of the led suit (J1, J4); every trick card weighs 1, and
    /// the trump cards taken and the specials are the talon's. Positions with
    /// the same layout have the same value to come, whatever cards left play.
    fn layout(&self) -> [u64; 4] {
        let hands = self.hands.map(|hand| hand.bits() as u64);
        let trick = self.trick.cards().bits() as u64;
        let odd = hands[1] | hands[3];
        let high = hands[2] | hands[3];
        let in_play = hands[0] | odd | high | trick;
        std::array::from_fn(|suit| {
            let mut cards = in_play & (0x3fff << (14 * suit));
            let mut code = 1u64;
            while cards != 0 {
                let bit = cards & cards.wrapping_neg();
                cards ^= bit;
                let owner = if trick & bit != 0 {
                    let played = self
                        .trick
                        .plays()
                        .find(|&(_, card)| card.id() == bit.trailing_zeros() as usize)
                        .map_or(0, |(seat, _)| seat);
                    4 + played as u64
                } else {
                    u64::from(odd & bit != 0) | u64::from(high & bit != 0) << 1
                };
                code = code << 3 | owner;
            }
            code
        })
    }

    /// A key: the deal's `constants`, the cards' layout, the Tour's progress
    /// with the caller's `state` bits, and the `piles`' keys.
    fn key(&self, constants: u64, state: u64, piles: &[u64]) -> u128 {
        let mut parts = [0; 6 + PLAYERS];
        parts[0] = constants;
        parts[1..5].copy_from_slice(&self.layout());
        parts[5] = self.progress() | state;
        parts[6..][..piles.len()].copy_from_slice(piles);
        mix(&parts[..6 + piles.len()])
    }

    /// A hash of the deal's constants, the talon and the Tour's kind, and
    /// `more` (the bids, the seat solved for).
    fn constants(&self, more: &[u64]) -> u64 {
        let mut parts = [0; TALON_SIZE + 1 + PLAYERS + 1];
        for (part, card) in parts.iter_mut().zip(self.talon) {
            *part = card.id() as u64;
        }
        parts[TALON_SIZE] = self.kind as u64;
        parts[TALON_SIZE + 1..][..more.len()].copy_from_slice(more);
        mix(&parts[..TALON_SIZE + 1 + more.len()]) as u64
    }
}

/// One seat's scoring pile: weights per suit (trick cards 1, taken trump
/// cards their -43- value in the special Tours), whether it won a trick,
/// and the bid that reads it.
#[derive(Clone, Copy, Debug)]
struct Pile {
    bid: Bid,
    weights: SuitWeights,
    won_trick: bool,
}

impl Pile {
    /// `seat`'s pile in `game`'s Tour, once it has bid.
    fn of(game: &Julien, seat: usize) -> Option<Pile> {
        let tour = &game.tour;
        let kind = tour.kind;
        let mut weights = [0; 4];
        add_weights(&mut weights, tour.collected[seat], |_| 1);
        add_weights(&mut weights, tour.taken[seat], |card| {
            kind.special_weight(card)
        });
        Some(Pile {
            bid: tour.bids[seat]?,
            weights,
            won_trick: !tour.collected[seat].is_empty(),
        })
    }

    /// A trump card taken (the Spéco's take, the Superspec).
    fn take(&mut self, card: Card, kind: TourKind) {
        add_weights(&mut self.weights, CardSet::single(card), |c| {
            kind.special_weight(c)
        });
    }

    /// A trick won: its cards, and in the Superspec its trump card.
    fn win_trick(&mut self, cards: CardSet, trump_card: Card, kind: TourKind) {
        add_weights(&mut self.weights, cards, |_| 1);
        self.won_trick = true;
        if kind == TourKind::Superspec {
            self.take(trump_card, kind);
        }
    }

    /// A simple contract failed (-20-): its score, −the other Couleur's
    /// weight, whatever else the pile holds (cards never cancel, -26-).
    fn failed(&self) -> Option<i32> {
        let [spades, hearts, diamonds, clubs] = self.weights;
        let opp = match self.bid.colour {
            Colour::Rouge => spades + clubs,
            Colour::Noir => hearts + diamonds,
        };
        (self.bid.amount.is_none() && opp > 0).then_some(-opp as i32)
    }

    /// The Tour score, the play over, with the special cards `specials`.
    fn score(&self, specials: CardSet, kind: TourKind) -> i32 {
        score_with_specials(self.bid, self.weights, self.won_trick, specials, kind) as i32
    }

    /// What the score still depends on: the weights of the two Couleurs for
    /// a simple contract (cards never cancel, -26-), the remainders of spades
    /// against hearts and clubs against diamonds for a Couleur chiffrée
    /// (-24-); a failed simple contract's score (less `banked`) alone.
    fn key(&self, banked: i32) -> u64 {
        if let Some(score) = self.failed() {
            return u64::MAX ^ u64::from((score - banked) as u32);
        }
        let [spades, hearts, diamonds, clubs] = self.weights;
        let (a, b) = match self.bid.amount {
            None => (hearts + diamonds, spades + clubs),
            Some(_) => (spades - hearts, clubs - diamonds),
        };
        ((a as u32 as u64) << 32) | u64::from(b as u32)
    }

    /// Whether a card is of the bid's Couleur.
    fn is_own(&self, card: Card) -> bool {
        let red = matches!(card.suit(), Some(Suit::Hearts | Suit::Diamonds));
        red == (self.bid.colour == Colour::Rouge)
    }
}

/// A Tour's trick play with every hand known, in the interest of one seat.
#[derive(Clone, Copy, Debug)]
pub struct TourPosition {
    tour: TourPlay,
    /// The seat solved for and its pile.
    seat: u8,
    pile: Pile,
    /// What the moves made from the search's root have added.
    banked: i32,
    /// A hash of the deal's constants: talon, kind, bid, seat.
    constants: u64,
}

impl TourPosition {
    /// The seat's Tour score, the play over: the specials go to trick 10's
    /// winner (-33-).
    fn final_score(&self) -> i32 {
        let specials = if self.tour.last_winner == self.seat {
            self.tour.specials()
        } else {
            CardSet::EMPTY
        };
        self.pile.score(specials, self.tour.kind)
    }

    /// What the pile's change adds: a failed simple contract's score as it
    /// falls, the rest of the score with the Tour's last move.
    fn after_trick(&mut self) -> i32 {
        let score = if self.tour.is_over() {
            self.final_score()
        } else if let Some(score) = self.pile.failed() {
            score
        } else {
            return 0;
        };
        let gain = score - self.banked;
        self.banked = score;
        gain
    }

    /// The move ordering's guess at a card (lower is tried first): the seat
    /// wants clean tricks (no card of the other Couleur) and no dirty ones,
    /// the others the reverse.
    fn card_rank(&self, card: Card) -> i32 {
        let seat = usize::from(self.seat);
        let mut trick = self.tour.trick;
        trick.push(card);
        let seat_wins = trick_winner(&trick, self.tour.trump()) == seat;
        let dirty = trick.cards().iter().any(|c| !self.pile.is_own(c));
        let height = i32::from(strength(card));
        if self.tour.trick.next_seat() == seat {
            match (seat_wins, dirty) {
                // The cheapest clean winner; else shed a high card of the
                // other Couleur, or the lowest.
                (true, false) => height,
                (false, _) if !self.pile.is_own(card) => 20 - height,
                (false, _) => 40 + height,
                (true, true) => 60 + height,
            }
        } else {
            match (seat_wins, dirty) {
                // Let the seat win a dirty trick (dirtier first), beat a
                // clean one cheaply.
                (true, true) if !self.pile.is_own(card) => 20 - height,
                (true, true) => 20 + height,
                (false, _) => 40 + height,
                (true, false) => 60 + height,
            }
        }
    }
}

impl solver::Position for TourPosition {
    fn is_over(&self) -> bool {
        self.tour.is_over()
    }

    fn maximizing(&self) -> bool {
        self.tour.mover() == usize::from(self.seat)
    }

    fn legal(&self, out: &mut Moves) {
        self.tour.legal(out);
    }

    fn moves(&self, out: &mut Moves) {
        out.clear();
        if self.tour.choosing {
            // Another seat's pile does not count for the seat: its choice
            // changes nothing of the value.
            if self.tour.mover() == usize::from(self.seat) {
                out.push(TAKE);
            }
            out.push(LEAVE);
            return;
        }
        let mut cards: [(i32, ActionId); solver::MAX_MOVES] = [(0, 0); solver::MAX_MOVES];
        let mut len = 0;
        for card in self.tour.kept_cards() {
            if let Some(action) = action_of(card) {
                cards[len] = (self.card_rank(card), action);
                len += 1;
            }
        }
        let cards = &mut cards[..len];
        cards.sort_unstable();
        for &(_, action) in cards.iter() {
            out.push(action);
        }
    }

    fn play(&mut self, action: ActionId) -> i32 {
        let kind = self.tour.kind;
        if self.tour.choosing {
            let chooser = self.tour.last_winner;
            if let Some(card) = self.tour.choose(action) {
                if chooser == self.seat {
                    self.pile.take(card, kind);
                }
            }
            return self.after_trick();
        }
        let Some(card) = card_of(action) else {
            return 0;
        };
        let Some((index, winner, cards)) = self.tour.play_card(card) else {
            return 0;
        };
        if winner == usize::from(self.seat) {
            self.pile.win_trick(cards, self.tour.talon[index], kind);
        }
        self.after_trick()
    }

    /// The key: the cards' layout by relative rank ([`TourPlay::layout`]),
    /// the trick's leader, the Tour's progress and the seat's pile.
    fn key(&self) -> u128 {
        let state = u64::from(self.pile.won_trick) << 5
            // While the Spéco's choice is pending, whether the seat makes it
            // (another seat's choice changes nothing of the value).
            | u64::from(self.tour.choosing && self.tour.last_winner == self.seat) << 11;
        self.tour
            .key(self.constants, state, &[self.pile.key(self.banked)])
    }

    fn cards_left(&self) -> usize {
        self.tour.hands.iter().map(|hand| hand.len()).sum()
    }
}

/// A Tour's trick play with every hand known, every seat playing for its
/// own Tour score (max^n, [`crate::maxn`]): the four seats' piles, each
/// booked as [`TourPosition`] books the seat it solves for.
#[derive(Clone, Copy, Debug)]
pub struct TourMaxn {
    tour: TourPlay,
    piles: [Pile; PLAYERS],
    /// A hash of the deal's constants: talon, kind, the four bids.
    constants: u64,
}

impl TourMaxn {
    /// The max^n position of `game`'s seat to act, in a Tour's trick play
    /// once every seat has bid.
    pub fn of(game: &Julien) -> Option<TourMaxn> {
        let tour = TourPlay::of(game)?;
        let mut piles = [None; PLAYERS];
        for (seat, pile) in piles.iter_mut().enumerate() {
            *pile = Some(Pile::of(game, seat)?);
        }
        let piles = piles.map(|pile| pile.expect("every seat's pile"));
        let bids = piles.map(|pile| pile.bid.index() as u64);
        Some(TourMaxn {
            constants: tour.constants(&bids),
            tour,
            piles,
        })
    }
}

impl maxn::Position<PLAYERS> for TourMaxn {
    fn is_over(&self) -> bool {
        self.tour.is_over()
    }

    fn mover(&self) -> usize {
        self.tour.mover()
    }

    fn legal(&self, out: &mut Moves) {
        self.tour.legal(out);
    }

    fn moves(&self, out: &mut Moves) {
        if self.tour.choosing {
            self.tour.legal(out);
            return;
        }
        out.clear();
        for action in self.tour.kept_cards().iter().filter_map(action_of) {
            out.push(action);
        }
    }

    fn play(&mut self, action: ActionId) {
        let kind = self.tour.kind;
        if self.tour.choosing {
            let chooser = usize::from(self.tour.last_winner);
            if let Some(card) = self.tour.choose(action) {
                self.piles[chooser].take(card, kind);
            }
            return;
        }
        let Some(card) = card_of(action) else {
            return;
        };
        if let Some((index, winner, cards)) = self.tour.play_card(card) {
            self.piles[winner].win_trick(cards, self.tour.talon[index], kind);
        }
    }

    /// The key: the cards' layout by relative rank ([`TourPlay::layout`]),
    /// the Tour's progress and the four piles.
    fn key(&self) -> u128 {
        let won = self.piles.iter().enumerate().fold(0, |bits, (seat, pile)| {
            bits | u64::from(pile.won_trick) << seat
        });
        // While the Spéco's choice is pending, who makes it.
        let chooser = if self.tour.choosing {
            u64::from(self.tour.last_winner)
        } else {
            0
        };
        let piles = self.piles.map(|pile| pile.key(0));
        self.tour
            .key(self.constants, won << 12 | chooser << 16, &piles)
    }

    fn cards_left(&self) -> usize {
        self.tour.hands.iter().map(|hand| hand.len()).sum()
    }

    fn results(&self) -> [i32; PLAYERS] {
        let kind = self.tour.kind;
        std::array::from_fn(|seat| {
            let specials = if usize::from(self.tour.last_winner) == seat {
                self.tour.specials()
            } else {
                CardSet::EMPTY
            };
            self.piles[seat].score(specials, kind)
        })
    }
}

impl Solve for Julien {
    type Position = TourPosition;
    const SOLVER_UNIT: &'static str = "the seat's own Tour score (its contract, its pile after \
        elimination, the special cards' best use, the Spéco's weights), whatever the three \
        others do";

    fn position(&self, seat: usize) -> Option<TourPosition> {
        if seat >= PLAYERS {
            return None;
        }
        let tour = TourPlay::of(self)?;
        let pile = Pile::of(self, seat)?;
        Some(TourPosition {
            constants: tour.constants(&[pile.bid.index() as u64, seat as u64]),
            tour,
            seat: seat as u8,
            pile,
            banked: 0,
        })
    }

    fn deal_result(&self, seat: usize) -> i32 {
        match self.tour.final_scores() {
            Some(scores) => scores[seat] as i32,
            None => 0,
        }
    }

    fn same_side(&self, a: usize, b: usize) -> bool {
        a == b
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;
    use crate::game::Game;
    use crate::rng::SplitMix64;
    use crate::solver::{brute_force, check_against_engine, move_texts, Position as _, Solver};
    use crate::testing::{cards, set};

    fn options(value: Value) -> serde_json::Map<String, Value> {
        value.as_object().unwrap().clone()
    }

    /// Every kind of Tour, the masked talon and the 25s everywhere, as single
    /// deals (random bids: every contract shows up over the seeds).
    fn variants() -> Vec<serde_json::Map<String, Value>> {
        vec![
            options(json!({"single_deal": true})),
            options(json!({"single_deal": true, "tour_kind": "speco"})),
            options(json!({"single_deal": true, "tour_kind": "superspec"})),
            options(json!({"single_deal": true, "masked_talon": true})),
            options(json!({"single_deal": true, "twenty_five_every_tour": true})),
        ]
    }

    #[test]
    fn the_search_agrees_with_minimax_over_the_engine() {
        for options in variants() {
            assert_eq!(check_against_engine::<Julien>(&options, 0..40, 8), 80);
        }
        let speco = options(json!({"single_deal": true, "tour_kind": "speco"}));
        assert_eq!(check_against_engine::<Julien>(&speco, 100..106, 12), 12);
        let normal = options(json!({"single_deal": true}));
        assert_eq!(check_against_engine::<Julien>(&normal, 100..106, 12), 12);
    }

    /// Max^n: the search, brute force and max^n over the engine agree on
    /// every seat's Tour score as the game books it, in every kind of Tour.
    #[test]
    fn maxn_agrees_with_maxn_over_the_engine() {
        let mut checked = 0;
        for options in variants() {
            checked += crate::maxn::check_against_engine(&options, 0..30, 8, TourMaxn::of);
        }
        for kind in ["normal", "speco", "superspec"] {
            let options = options(json!({"single_deal": true, "tour_kind": kind}));
            checked += crate::maxn::check_against_engine(&options, 100..104, 12, TourMaxn::of);
        }
        assert!(checked > 300, "{checked} moves checked");
    }

    /// The expert's values in Le Julien ([`Levels::expert_values`]) are the
    /// seat's own score under max^n, not the two-sided solve's.
    #[test]
    fn the_expert_values_a_move_by_the_seats_own_maxn_score() {
        use crate::bot::{ExpertSolvers, Levels};
        let mut solvers = ExpertSolvers::default();
        let mut differ = 0;
        for (seed, options) in (0..20).zip(variants().into_iter().cycle()) {
            let mut game = Julien::new(seed, &options).unwrap();
            let mut rng = SplitMix64::new(seed);
            let seat = loop {
                let seat = game.current_player().unwrap();
                if game.position(seat).is_some_and(|p| p.cards_left() <= 8) {
                    break seat;
                }
                game.play_random(&mut rng);
            };
            let position = game.position(seat).unwrap();
            let values = Julien::expert_values(&game, seat, &position, &mut solvers).unwrap();
            let two_sided = Solver::new(10).move_values(&position);
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            assert_eq!(values.len(), legal.len());
            for ((action, value), &(_, security)) in values.into_iter().zip(&two_sided) {
                let mut child = game.clone();
                child.apply(action).unwrap();
                let exact: [i32; PLAYERS] = crate::maxn::engine_maxn(&child);
                assert_eq!(value, exact[seat], "seed {seed}");
                // The seat makes at least its security value.
                assert!(value >= security, "seed {seed}");
                differ += usize::from(value != security);
            }
        }
        assert!(differ > 0);
    }

    /// A position of a real deal with the last two tricks as given: seat 0
    /// to lead, having won one trick of two hearts and two diamonds.
    fn last_two_tricks(kind: &str, bid: &str, hands: [&str; 4], talon: &str) -> TourPosition {
        let game =
            Julien::new(1, &options(json!({"single_deal": true, "tour_kind": kind}))).unwrap();
        let mut game = game;
        while game.phase == Phase::Bid {
            game.apply(Bid::parse(bid).unwrap().action()).unwrap();
        }
        let mut position = game.position(0).unwrap();
        position.tour.hands = hands.map(set);
        position.tour.trick = Trick::new(0);
        position.tour.talon = cards(talon).try_into().unwrap();
        position.tour.tricks_played = 8;
        position.pile.weights = [0, 2, 2, 0];
        position.pile.won_trick = true;
        position
    }

    #[test]
    fn a_worked_ending_rouge_ducks_a_trick_to_lead_the_last() {
        // Clubs are trumps. Leading AH wins a clean trick (4 red cards), but
        // the lowest heart, JH, leads 5S and wins the last trick: 20 + 8.
        // Leading 2S loses it to 5S and leads the last trick (J4) with AH:
        // 20 + 8 + 2 red specials (J12) = 30.
        let hands = ["AH 2S", "KH 3S", "QH 4S", "JH 5S"];
        let talon = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC 2D 3D";
        let position = last_two_tricks("normal", "Rouge", hands, talon);
        assert_eq!(
            move_texts::<Julien>(&position),
            [("2S".to_owned(), 30), ("AH".to_owned(), 28)]
        );
        // 5 Rouges: 8 red cards either way; with 2S both specials would make
        // 10, the next bid's minimum (-28-), so one stays out (J16): 9.
        let position = last_two_tricks("normal", "5 Rouges", hands, talon);
        assert_eq!(
            move_texts::<Julien>(&position),
            [("2S".to_owned(), 9), ("AH".to_owned(), 8)]
        );
        // In the Superspec the specials are forced in (J20), and each trick's
        // winner takes its trump card, a club: 2S wins trick 10 clean but
        // takes JC (11 black): −11; AH takes 10C on trick 9: −10.
        let position = last_two_tricks("superspec", "Rouge", hands, talon);
        assert_eq!(
            move_texts::<Julien>(&position),
            [("2S".to_owned(), -11), ("AH".to_owned(), -10)]
        );
    }

    #[test]
    fn the_speco_choice_is_the_winners_move() {
        // Trick 9's trump card is AD, trick 10's QS.
        let hands = ["AH 2S", "KH 3S", "QH 4S", "JH 5S"];
        let talon = "2C 3C 4C 5C 6C 7C 8C 9C AD QS 2D 3D";
        let mut position = last_two_tricks("speco", "Rouge", hands, talon);
        // Leading AH wins trick 9 clean: take AD (30 red); seat 3 leads 5S
        // and wins trick 10: 20 + 4 + 4 + 30 = 58. Leading 2S loses trick 9
        // and wins trick 10 with AH: 20 + 8 + the specials 2 + 3 = 33.
        assert_eq!(
            move_texts::<Julien>(&position),
            [("2S".to_owned(), 33), ("AH".to_owned(), 58)]
        );
        for card in ["AH", "KH", "QH", "JH"] {
            position.play(action_of(card.parse().unwrap()).unwrap());
        }
        assert!(position.tour.choosing && position.maximizing());
        assert_eq!(
            move_texts::<Julien>(&position),
            [("take".to_owned(), 58), ("leave".to_owned(), 28)]
        );
    }

    /// Random positions of a few tricks: the search with its equivalences,
    /// ordering and table gives brute force's value.
    #[test]
    fn equivalent_moves_and_the_table_keep_the_value() {
        let mut solver = Solver::new(14);
        let mut checked = 0;
        for (seed, options) in (0..60).zip(variants().into_iter().cycle()) {
            let mut game = Julien::new(seed, &options).unwrap();
            let mut rng = SplitMix64::new(seed);
            let tricks_left = 3 + usize::from(seed % 20 == 0);
            while game
                .position(0)
                .is_none_or(|p| p.cards_left() > 4 * tricks_left)
            {
                game.play_random(&mut rng);
            }
            for seat in 0..PLAYERS {
                let position = game.position(seat).unwrap();
                assert_eq!(
                    solver.value(&position),
                    brute_force(&position),
                    "seed {seed}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 240);
    }

    /// A chosen deal reaches the special Tours with `tour_kind`; chosen bids,
    /// every seat solved near the end against minimax over the engine.
    #[test]
    fn a_chosen_deal_of_each_kind_with_chosen_bids() {
        let mut deck = super::super::DECK;
        SplitMix64::new(11).shuffle(&mut deck);
        let hands: Vec<Vec<Card>> = deck[12..].chunks(10).map(<[Card]>::to_vec).collect();
        for kind in ["normal", "speco", "superspec"] {
            let options = options(json!({"single_deal": true, "tour_kind": kind}));
            let options = Julien::read_options(&options).unwrap();
            let mut game =
                crate::state::from_deal::<Julien>(4, &options, 2, &hands, &deck[..12]).unwrap();
            assert_eq!(game.tour_kind().name(), kind);
            for bid in ["Rouge", "15 Noires", "5 Rouges", "Noir"] {
                assert!(game.position(0).is_none());
                game.apply(Bid::parse(bid).unwrap().action()).unwrap();
            }
            let mut rng = SplitMix64::new(4);
            while game.position(0).unwrap().cards_left() > 8 {
                game.play_random(&mut rng);
            }
            let mut solver = Solver::new(12);
            for seat in 0..PLAYERS {
                let position = game.position(seat).unwrap();
                let exact = crate::solver::engine_minimax(&game, seat);
                assert_eq!(
                    game.deal_result(seat) + solver.value(&position),
                    exact,
                    "{kind}"
                );
            }
        }
    }

    /// A match reaches the Spéco in Tour 3 and the Superspec in Tour 6.
    #[test]
    fn a_match_solves_its_special_tours() {
        let mut game = Julien::new(3, &options(json!({}))).unwrap();
        let mut rng = SplitMix64::new(3);
        let mut solver = Solver::new(12);
        let mut seen = Vec::new();
        while let Some(seat) = game.current_player() {
            match game.position(seat) {
                None => assert!(game.phase == Phase::Bid),
                Some(position) if position.cards_left() == 8 && !position.tour.choosing => {
                    assert_eq!(position.tour.kind, game.tour_kind());
                    assert_eq!(solver.value(&position), brute_force(&position));
                    seen.push(game.tour());
                }
                Some(_) => {}
            }
            let before = game.tour();
            game.play_random(&mut rng);
            if game.tour() != before || game.is_over() {
                // The finished Tour's score is what the solver counts.
                let scores = game.tour_scores().last().unwrap();
                if game.is_over() {
                    assert_eq!(i64::from(game.deal_result(seat)), scores[seat]);
                }
            }
        }
        assert_eq!(seen, [1, 2, 3, 4, 5, 6]);
    }
}

/// Speed (not a test: `cargo test --profile fast -p cardcore julien_solve_times
/// -- --ignored --nocapture`): over 20 random deals of each kind of Tour, the
/// time and nodes to solve for the seat to act from each number of tricks
/// left, from `JULIEN_FROM` (default 1) to `JULIEN_TRICKS` (default 10), the
/// kinds `JULIEN_KINDS` (default all, comma-separated), over `JULIEN_DEALS`
/// deals (default 20), one table of 2^`JULIEN_TABLE_BITS` entries (default
/// 20) for each row; with `JULIEN_SEARCH=maxn`, max^n ([`TourMaxn`]) rather
/// than the two-sided search.
#[cfg(test)]
mod speed {
    use std::time::Instant;

    use serde_json::json;

    use super::*;
    use crate::game::Game;
    use crate::rng::SplitMix64;
    use crate::solver::{Position as _, Solver};

    #[test]
    #[ignore = "a measure, not a test"]
    #[allow(clippy::print_stdout)]
    fn julien_solve_times() {
        let most: usize = std::env::var("JULIEN_TRICKS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(TRICKS_PER_TOUR);
        let deals: u64 = std::env::var("JULIEN_DEALS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(20);
        let bits: u32 = std::env::var("JULIEN_TABLE_BITS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(20);
        let fewest: usize = std::env::var("JULIEN_FROM")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1);
        let use_maxn = std::env::var("JULIEN_SEARCH").is_ok_and(|v| v == "maxn");
        let kinds = std::env::var("JULIEN_KINDS").unwrap_or("normal,speco,superspec".into());
        for kind in kinds.split(',') {
            let options = json!({"single_deal": true, "tour_kind": kind});
            let options = options.as_object().unwrap();
            for tricks in fewest..=most {
                let (mut times, mut nodes) = (Vec::new(), Vec::new());
                let mut solver = Solver::new(bits);
                let mut maxn = crate::maxn::Solver::<PLAYERS>::new(bits);
                for seed in 0..deals {
                    let mut game = Julien::new(seed, options).unwrap();
                    let mut rng = SplitMix64::new(seed);
                    let position = loop {
                        let seat = game.current_player().unwrap();
                        if let Some(p) = game.position(seat) {
                            if p.cards_left() == 4 * tricks && !p.tour.choosing {
                                break p;
                            }
                        }
                        game.play_random(&mut rng);
                    };
                    let before = solver.nodes + maxn.nodes;
                    let start = Instant::now();
                    if use_maxn {
                        let _ = maxn.value(&TourMaxn::of(&game).unwrap());
                    } else {
                        let _ = solver.value(&position);
                    }
                    times.push(start.elapsed().as_secs_f64() * 1e3);
                    nodes.push(solver.nodes + maxn.nodes - before);
                }
                times.sort_by(f64::total_cmp);
                nodes.sort_unstable();
                let at = |q: f64| ((times.len() - 1) as f64 * q).round() as usize;
                println!(
                    "{kind:9} tricks left {tricks:2}: median {:9.3} ms, p95 {:9.3} ms, max {:9.3} ms; nodes median {:10}, p95 {:10}",
                    times[at(0.5)],
                    times[at(0.95)],
                    times[times.len() - 1],
                    nodes[at(0.5)],
                    nodes[at(0.95)],
                );
            }
        }
    }
}
