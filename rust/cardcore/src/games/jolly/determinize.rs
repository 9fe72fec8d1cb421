//! Determinization (docs/rules/jolly.md, "Determinization"): the round's
//! hidden cards (the other hands, less what the table saw reach them, and
//! the stock in its order) dealt again uniformly, and the round's deal
//! rebuilt behind them so that its steps replay as they were played.

use super::{Dealt, Jolly, Phase, DECK_SIZE, DRAW, FIRST_DISCARD, HAND_SIZE, MAX_PLAYERS, UNDO};
use crate::card::{deck, Card, FACE_COUNT};
use crate::cardcounts::CardCounts;
use crate::cardset::CardSet;
use crate::determinize::{place_uniformly, Determinize};
use crate::game::ActionId;
use crate::ismcts::Search;
use crate::rng::SplitMix64;

/// Every hidden card may go to every hidden place: play never shows that a
/// seat lacks a card (nothing is forced to be laid or discarded).
const ANYWHERE: u16 = u16::MAX;

/// Placements drawn before the turn in play's steps taken back are left
/// out (see `determinize`): a seat that tried many melds in its turn can
/// leave few placements, and each draw costs a few of its steps.
const TRIES: usize = 2_000;

/// What the round's steps show of one seat's hand.
#[derive(Clone, Default)]
struct Flow {
    /// The cards it laid or discarded that the table never saw reach its
    /// hand, so dealt to it or drawn before, in the order played.
    demands: Vec<Card>,
    /// The cards the table saw reach its hand (taken from the row, swapped
    /// out of a meld, taken back in the turn in play, drawn from a rebuilt
    /// stock) and not leave it since.
    known: CardCounts,
    /// How many times it drew from the stock as dealt, the cards unseen.
    draws: usize,
}

/// The round in play as one seat saw it.
struct Record {
    flows: [Flow; MAX_PLAYERS],
    /// Every draw from the stock as dealt, in order: who drew, and the card
    /// when the observing seat drew it.
    draws: Vec<(usize, Option<Card>)>,
    /// Whether the stock was rebuilt this round (L13).
    rebuilt: bool,
    /// The turn in play, when another seat has taken steps in it.
    turn: Option<Turn>,
}

/// The turn in play of a seat other than the observer, from just after its
/// draw or take: what its hand must allow for its steps since to be legal.
/// A placement is checked on it first, at the cost of the turn's few steps,
/// before the whole round is replayed.
struct Turn {
    /// The state just after the draw or take, its history left out.
    start: Jolly,
    /// The cards the table saw leave the hand since (laid) and reach it
    /// (swapped jokers, cards taken back): the hand then is the hand now
    /// with `left` and without `came`.
    left: CardCounts,
    came: CardCounts,
    /// The turn's steps after the draw or take, those taken back too: what
    /// a step showed of the hand counts even once taken back.
    steps: Vec<ActionId>,
    /// The card of a `take 1`: the hand held a card of another face (J4).
    taken_alone: Option<Card>,
}

impl Turn {
    /// Whether the seat's steps this turn are legal with `hand` now.
    fn allows(&self, mut hand: CardCounts) -> bool {
        for card in self.came.iter() {
            if !hand.remove(card) {
                return false;
            }
        }
        for card in self.left.iter() {
            hand.insert(card);
        }
        if let Some(card) = self.taken_alone {
            let mut faces = hand.faces();
            faces.remove(card);
            if faces.is_empty() {
                return false;
            }
        }
        let mut game = self.start.clone();
        game.hands[game.seat] = hand;
        for &action in &self.steps {
            if !game.legal().contains(action) {
                return false;
            }
            game.apply_legal(action);
        }
        true
    }
}

impl Jolly {
    /// The round in play as `dealt` deals it, before its first step: the
    /// same table, nothing of the match's past.
    fn round_from(&self, dealt: Dealt) -> Jolly {
        let mut game = Jolly::table(
            self.options,
            SplitMix64::new(0),
            self.round,
            self.dealer,
            self.totals,
            self.melds.len(),
            self.history.len() - self.round_start,
        );
        game.begin_round(self.round, self.dealer, dealt);
        game
    }

    /// The round's steps so far, those of earlier turns taken back left
    /// out: a card laid then taken back by `undo`, a meld selected then let
    /// go, a pending meld taken back with the cards laid into it (each
    /// `undo` restores the state its step left, and a turn's steps are
    /// taken back only within it). Whether they were legal would depend on
    /// the hand then, which a rebuilt deal does not keep. With `whole_turn`,
    /// the turn in play keeps them all, and is checked (`Turn`).
    fn kept_steps(&self, whole_turn: bool) -> Vec<ActionId> {
        let steps = &self.history[self.round_start..];
        let turn = if whole_turn {
            turn_start(steps)
        } else {
            steps.len()
        };
        let mut game = self.round_from(self.dealt.clone());
        let mut kept: Vec<ActionId> = Vec::with_capacity(steps.len());
        for &action in &steps[..turn] {
            if action == UNDO {
                let undone = match game.phase {
                    // J10: the pending meld's `close` and the placements of its cards.
                    Phase::Play => game.melds.last().map_or(0, |meld| meld.len() + 1),
                    _ => 1,
                };
                kept.truncate(kept.len() - undone);
            } else {
                kept.push(action);
            }
            game.apply_legal(action);
        }
        kept.extend_from_slice(&steps[turn..]);
        kept
    }

    /// The round's `steps` as `seat` saw them: its own draws, and of the
    /// other seats every card seen to reach or leave a hand.
    fn record(&self, seat: usize, steps: &[ActionId]) -> Record {
        let mut game = self.round_from(self.dealt.clone());
        let mut record = Record {
            flows: Default::default(),
            draws: Vec::new(),
            rebuilt: self.rebuilds > 0,
            turn: None,
        };
        let turn_begins = turn_start(steps);
        // Per seat and face: the count seen to arrive less the count seen to
        // leave, and its lowest so far (how many the seat held unseen).
        let mut balance = [[0i8; FACE_COUNT]; MAX_PLAYERS];
        let mut lowest = [[0i8; FACE_COUNT]; MAX_PLAYERS];
        let mut touched = [CardSet::EMPTY; MAX_PLAYERS];
        for (step, &action) in steps.iter().enumerate() {
            let player = game.seat;
            let before = game.hands[player];
            let top = game.stock.last().copied();
            let from_deal = game.rebuilds == 0;
            game.apply_legal(action);
            if step == turn_begins && player != seat && step + 1 < steps.len() {
                record.turn = Some(self.turn_from(&game, &steps[step + 1..]));
            }
            if action == DRAW && from_deal {
                record.draws.push((player, top.filter(|_| player == seat)));
                if player != seat {
                    record.flows[player].draws += 1;
                }
                continue;
            }
            if player == seat {
                continue;
            }
            // A draw from a rebuilt stock is counted as seen: its order comes
            // from the stored generator, which the state must keep to replay.
            let after = game.hands[player];
            let faces = before.faces().union(after.faces());
            touched[player] = touched[player].union(faces);
            for face in faces {
                let id = face.id();
                let moved = after.count(face) as i8 - before.count(face) as i8;
                balance[player][id] += moved;
                while balance[player][id] < lowest[player][id] {
                    lowest[player][id] -= 1;
                    record.flows[player].demands.push(face);
                }
            }
        }
        for (player, flow) in record.flows.iter_mut().enumerate() {
            for card in touched[player] {
                let id = card.id();
                for _ in 0..balance[player][id] - lowest[player][id] {
                    flow.known.insert(card);
                }
            }
        }
        record
    }

    /// The turn in play from `start`, just after its draw or take, on to now.
    fn turn_from(&self, start: &Jolly, steps: &[ActionId]) -> Turn {
        let (then, now) = (start.hands[start.seat], self.hands[start.seat]);
        let (mut left, mut came) = (CardCounts::EMPTY, CardCounts::EMPTY);
        for card in then.faces().union(now.faces()) {
            for _ in now.count(card)..then.count(card) {
                left.insert(card);
            }
            for _ in then.count(card)..now.count(card) {
                came.insert(card);
            }
        }
        Turn {
            start: Jolly {
                history: Vec::new(),
                ..start.clone()
            },
            left,
            came,
            steps: steps.to_vec(),
            taken_alone: start.forbidden(),
        }
    }

    /// Whether the round's steps replay from this state's deal, each step of
    /// a seat other than `seat` legal (`seat`'s own steps are, its hand and
    /// the table being as they were).
    fn replays(&self, seat: usize) -> bool {
        let mut game = self.round_from(self.dealt.clone());
        for &action in &self.history[self.round_start..] {
            // A draw and an undo are legal whatever the hand, and a discard
            // whenever the card is held, which the rebuilt deal sees to.
            let checked = !matches!(action, DRAW | UNDO | FIRST_DISCARD..DRAW);
            if checked && game.seat != seat && !game.legal().contains(action) {
                return false;
            }
            game.apply_legal(action);
        }
        debug_assert!(game.hands == self.hands && game.stock == self.stock);
        true
    }

    /// A candidate from one placement of the hidden cards (`places`: the
    /// other seats' unseen cards in seat order, then the stock top first)
    /// and the round's deal behind it.
    fn with_placement(
        &self,
        seat: usize,
        record: &Record,
        places: &[Vec<Card>],
        deal_rng: u64,
    ) -> Jolly {
        let mut game = self.clone();
        let mut dealt = vec![CardCounts::EMPTY; self.players];
        dealt[seat] = self.dealt.hands[seat];
        let mut drawn: [std::vec::IntoIter<Card>; MAX_PLAYERS] = Default::default();
        let others = (0..self.players).filter(|&other| other != seat);
        for (other, unseen) in others.zip(places) {
            let flow = &record.flows[other];
            let mut hand = flow.known;
            for &card in unseen {
                hand.insert(card);
            }
            game.hands[other] = hand;
            // The cards it played unseen go to its earliest places (its deal,
            // then its draws in order), in the order played: each is then
            // held before it is played (the true deal shows that the places
            // before each suffice), its unseen cards taking the rest.
            let mut cards = flow.demands.clone();
            cards.extend_from_slice(unseen);
            debug_assert_eq!(cards.len(), HAND_SIZE + flow.draws);
            let later = cards.split_off(HAND_SIZE);
            dealt[other] = cards.into_iter().collect();
            drawn[other] = later.into_iter();
        }
        let mut stock: Vec<Card> = record
            .draws
            .iter()
            .map(|&(player, card)| {
                card.or_else(|| drawn[player].next())
                    .expect("each draw of another seat has a card: its places are counted")
            })
            .collect();
        if !record.rebuilt {
            let unseen = &places[self.players - 1];
            stock.extend_from_slice(unseen);
            game.stock.clear();
            game.stock.extend(unseen.iter().rev());
            game.rng = SplitMix64::new(deal_rng);
        }
        game.dealt = Dealt {
            hands: dealt,
            stock,
            rng: deal_rng,
        };
        game
    }
}

/// Where the turn in play begins among a round's steps: after the last
/// discard, or with the round.
fn turn_start(steps: &[ActionId]) -> usize {
    steps
        .iter()
        .rposition(|action| (FIRST_DISCARD..DRAW).contains(action))
        .map_or(0, |at| at + 1)
}

/// What is hidden from one seat: the round's steps kept, its record, the
/// unseen cards (in card-id order) and the places they go to.
struct Hidden {
    steps: Vec<ActionId>,
    record: Record,
    items: Vec<(Card, u16)>,
    capacities: Vec<usize>,
}

impl Jolly {
    fn hidden(&self, seat: usize, whole_turn: bool) -> Hidden {
        let steps = self.kept_steps(whole_turn);
        let record = self.record(seat, &steps);
        let mut unseen: CardCounts = deck(DECK_SIZE).unwrap_or_default().into_iter().collect();
        let mut remove = |card: Card| {
            unseen.remove(card);
        };
        self.hands[seat].iter().for_each(&mut remove);
        self.row.iter().copied().for_each(&mut remove);
        for meld in self.melds.iter().chain([&self.building]) {
            meld.slots().iter().for_each(|slot| remove(slot.card));
        }
        let mut capacities = Vec::with_capacity(self.players);
        for other in (0..self.players).filter(|&other| other != seat) {
            let known = record.flows[other].known;
            known.iter().for_each(&mut remove);
            capacities.push(self.hands[other].len() - known.len());
        }
        if record.rebuilt {
            self.stock.iter().copied().for_each(&mut remove);
        } else {
            capacities.push(self.stock.len());
        }
        Hidden {
            steps,
            record,
            items: unseen.iter().map(|card| (card, ANYWHERE)).collect(),
            capacities,
        }
    }

    /// The state of one placement, if the round replays from it: the steps
    /// of the turn in play checked first (a few steps), then the round's.
    fn placed(
        &self,
        seat: usize,
        hidden: &Hidden,
        places: &[Vec<Card>],
        deal_rng: u64,
    ) -> Option<Jolly> {
        let record = &hidden.record;
        if let Some(turn) = &record.turn {
            let at = (0..self.players)
                .filter(|&other| other != seat)
                .position(|other| other == self.seat)
                .expect("another seat's turn: the seat to play is not the observer");
            let mut hand = record.flows[self.seat].known;
            places[at].iter().for_each(|&card| {
                hand.insert(card);
            });
            if !turn.allows(hand) {
                return None;
            }
        }
        let mut game = self.with_placement(seat, record, places, deal_rng);
        game.history.truncate(self.round_start);
        game.history.extend_from_slice(&hidden.steps);
        game.replays(seat).then_some(game)
    }
}

/// A search looks one round ahead; random rounds swing the scores by about 160.
impl Search for Jolly {
    const SCORE_SCALE: f64 = 160.0;

    fn deals_done(&self) -> usize {
        self.finished_rounds.len()
    }
}

impl Determinize for Jolly {
    /// The other hands' unseen cards and the stock are placed uniformly
    /// (`place_uniformly`, every card anywhere); the round's deal is rebuilt
    /// behind them and the round's steps replayed: a placement with which
    /// some step of another seat would not have been legal (a meld it is
    /// building that its hand cannot complete, say) is drawn again. After
    /// `TRIES` of them, the turn in play's steps taken back are left out as
    /// the earlier turns' are, and what they showed with them.
    fn determinize(&self, seat: usize, rng: &mut SplitMix64) -> Jolly {
        if self.phase == Phase::Over {
            // Nothing is left to play, and the hands count in the result.
            return self.clone();
        }
        for whole_turn in [true, false] {
            if let Some(game) = self.draw(seat, whole_turn, rng) {
                return game;
            }
        }
        // A last resort none of the tests reach (every draw replays once the
        // steps taken back are left out, the true placement among them): the
        // true state, which shows the seat what it sees but hides nothing.
        self.clone()
    }
}

impl Jolly {
    /// A determinization (`determinize`), or `None` after `TRIES` draws the
    /// turn in play rules out.
    fn draw(&self, seat: usize, whole_turn: bool, rng: &mut SplitMix64) -> Option<Jolly> {
        let hidden = self.hidden(seat, whole_turn);
        for _ in 0..TRIES {
            let places = place_uniformly(&hidden.items, &hidden.capacities, rng)
                .expect("the unseen cards fill the unseen places: the true state places them");
            // After a rebuild the deal's generator is kept (the rebuilt stock
            // replays from it), and with it the generator now, which replay
            // derives from it (`from_json` accepts no other).
            let deal_rng = if hidden.record.rebuilt {
                self.dealt.rng
            } else {
                rng.next_u64()
            };
            if let Some(game) = self.placed(seat, &hidden, &places, deal_rng) {
                return Some(game);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{table_options, Game};
    use crate::testing::check_uniform;

    /// Where the unseen cards are: each other hand's cards but those the
    /// table saw reach it (sorted), then the stock, top first (in order).
    type Key = Vec<Vec<Card>>;

    /// The position after `steps` random steps of match `seed` (its table
    /// from `table_options`), as the generic checks play it.
    fn position(seed: u64, steps: usize) -> Jolly {
        let mut game = Jolly::new(seed, &table_options::<Jolly>(seed as usize)).unwrap();
        let mut rng = SplitMix64::new(seed);
        for _ in 0..steps {
            game.play_random(&mut rng);
        }
        game
    }

    fn key(game: &Jolly, seat: usize, hidden: &Hidden) -> Key {
        let mut key: Key = (0..game.players)
            .filter(|&other| other != seat)
            .map(|other| {
                let mut hand = game.hands[other];
                for card in hidden.record.flows[other].known.iter() {
                    assert!(hand.remove(card), "a card seen to reach seat {other} stays");
                }
                hand.iter().collect()
            })
            .collect();
        if !hidden.record.rebuilt {
            key.push(game.stock());
        }
        key
    }

    /// Every placement of `items` into hands of the given sizes (sorted) and
    /// an ordered stock: `places` so far, `left` still to place.
    fn every_placement(
        left: &[Card],
        capacities: &[usize],
        stock: bool,
        places: &mut Vec<Vec<Card>>,
        out: &mut Vec<Vec<Vec<Card>>>,
    ) {
        let Some((&card, rest)) = left.split_first() else {
            out.push(places.clone());
            return;
        };
        for place in 0..capacities.len() {
            let is_stock = stock && place == capacities.len() - 1;
            if places[place].len() == capacities[place] {
                continue;
            }
            if is_stock {
                // An ordered pile: the card at each free position in turn.
                for at in 0..=places[place].len() {
                    places[place].insert(at, card);
                    every_placement(rest, capacities, stock, places, out);
                    places[place].remove(at);
                }
            } else {
                places[place].push(card);
                every_placement(rest, capacities, stock, places, out);
                places[place].pop();
            }
        }
    }

    /// The states of every placement of the unseen cards that the rules
    /// accept (`from_json`) and that show `seat` what it sees now.
    fn consistent_states(game: &Jolly, seat: usize) -> Vec<(Key, Jolly)> {
        let hidden = game.hidden(seat, true);
        let cards: Vec<Card> = hidden.items.iter().map(|&(card, _)| card).collect();
        let faces: CardSet = cards.iter().copied().collect();
        assert_eq!(
            faces.len(),
            cards.len(),
            "distinct faces: one key per placement"
        );
        let stock = !hidden.record.rebuilt;
        let mut all = Vec::new();
        let mut places = vec![Vec::new(); hidden.capacities.len()];
        every_placement(&cards, &hidden.capacities, stock, &mut places, &mut all);
        let seen = game.observation(seat).unwrap();
        // A rebuilt stock replays from the deal's generator only.
        let deal_rng = if stock { 1 } else { game.dealt.rng };
        let mut states = Vec::new();
        for places in all {
            let mut state = game.with_placement(seat, &hidden.record, &places, deal_rng);
            state.history.truncate(game.round_start);
            state.history.extend_from_slice(&hidden.steps);
            let Ok(state) = Jolly::from_json(&state.to_json()) else {
                continue;
            };
            if state.observation(seat).unwrap() == seen {
                states.push((key(&state, seat, &hidden), state));
            }
        }
        states
    }

    fn draws_are_uniform_and_blind(seed: u64, steps: usize, seat: usize, expected: usize) {
        let game = position(seed, steps);
        let hidden = game.hidden(seat, true);
        let states = consistent_states(&game, seat);
        assert_eq!(states.len(), expected);
        let keys: Vec<Key> = states.iter().map(|(key, _)| key.clone()).collect();
        let mut rng = SplitMix64::new(seed);
        check_uniform(&keys, 60 * keys.len(), || {
            key(&game.determinize(seat, &mut rng), seat, &hidden)
        });
        for k in 0..3 {
            let sample = game.determinize(seat, &mut SplitMix64::new(k)).to_json();
            for (key, state) in &states {
                let again = state.determinize(seat, &mut SplitMix64::new(k)).to_json();
                assert!(again == sample, "{key:?} gives another determinization");
            }
        }
    }

    /// Two players: 3 of seat 0's cards unseen by seat 1 and a stock of 1;
    /// seat 0 is laying off, and 1 of the 4 placements leaves it a hand its
    /// steps this turn were not legal with.
    #[test]
    fn a_two_player_endgame_with_one_card_in_the_stock() {
        draws_are_uniform_and_blind(0, 711, 1, 3);
    }

    /// Three players, seen by seat 2: 4 unseen cards in seat 0's hand, the
    /// stock's last 2 in order; seat 1, laying off, holds only cards it
    /// took from the row (the table saw them: no place for unseen cards).
    #[test]
    fn a_three_player_endgame_with_two_cards_in_the_stock() {
        draws_are_uniform_and_blind(1, 566, 2, 30);
    }

    /// Four players after a rebuild (the stock's order kept), seat 1 in the
    /// middle of building a meld: 6 unseen cards in three hands.
    #[test]
    fn a_four_player_endgame_while_another_seat_builds() {
        draws_are_uniform_and_blind(2, 819, 3, 30);
    }
}
