//! Determinization (docs/rules/jolly.md, "Determinization"): the round's
//! hidden cards (the other hands, less what the table saw reach them, and
//! the stock in its order) dealt again uniformly, each rebuilt stock's order
//! drawn again, and the round's deal rebuilt behind them so that its steps
//! replay as they were played.

use super::{
    Dealt, Jolly, Phase, Placement, CLOSE, DECK_SIZE, DISCARDS, DRAW, FIRST_DISCARD, HAND_SIZE,
    MAX_PLAYERS, UNDO,
};
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
/// Rebuilt stocks' orders drawn before they are kept as played: each draw
/// replays the round, and where few orders replay (four seats drawing from
/// a rebuilt stock) thousands of draws cost a search's whole move.
const REBUILT_TRIES: usize = 32;

/// What the round's steps show of one seat's hand.
#[derive(Clone, Default)]
struct Flow {
    /// The cards it laid or discarded that the table never saw reach its
    /// hand, so dealt to it or drawn before, in the order played.
    demands: Vec<Card>,
    /// The cards the table saw reach its hand (taken from the row, swapped
    /// out of a meld, taken back in the turn in play) and not leave it since;
    /// also, in a candidate, those it drew from the rebuilt stocks drawn.
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
    /// Each stock rebuilt this round (L13), as the replay laid it out (top
    /// first), and its cards the observing seat drew (by place from the top).
    rebuilt: Vec<(Vec<Card>, Vec<Option<Card>>)>,
    /// The turn in play, when another seat has taken steps in it.
    turn: Option<Turn>,
}

/// The turn in play of a seat other than the observer, from just after its
/// draw or take: what its hand must allow for its steps since to be legal.
/// A placement is checked on it first, at the cost of the turn's few steps,
/// before the whole round is replayed.
#[derive(Clone)]
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
        let mut totals = self.totals;
        if let Some(result) = &self.result {
            // The match is over: the totals before its last round.
            for (total, score) in totals.iter_mut().zip(&result.scores) {
                *total -= score;
            }
        }
        let mut game = Jolly::table(
            self.options,
            SplitMix64::new(0),
            self.round,
            self.dealer,
            totals,
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

    /// The round's `steps`, dealt as `dealt` records it, as `seat` saw them:
    /// its own draws, and of the other seats every card seen to reach or
    /// leave a hand.
    fn record(&self, seat: usize, steps: &[ActionId], dealt: &Dealt) -> Record {
        let mut game = self.round_from(dealt.clone());
        let mut record = Record {
            flows: Default::default(),
            draws: Vec::new(),
            rebuilt: Vec::new(),
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
            if player != seat {
                // With rebuilt stocks drawn again, the deal replayed may not
                // hold the card a seat plays: it is taken to (what is seen
                // is the card leaving the hand; the deal is rebuilt after).
                let played = match action {
                    0..CLOSE => Placement::of_action(action).map(Placement::card),
                    FIRST_DISCARD..DRAW => Some(DISCARDS[usize::from(action - FIRST_DISCARD)]),
                    _ => None,
                };
                if let Some(card) = played.filter(|&card| game.hands[player].count(card) == 0) {
                    game.hands[player].insert(card);
                }
            }
            let before = game.hands[player];
            let top = game.stock.last().copied();
            let from_deal = game.rebuilds == 0;
            if let (DRAW, Some((stock, own))) = (action, record.rebuilt.last_mut()) {
                if player == seat && !from_deal {
                    own[stock.len() - game.stock.len()] = top;
                }
            }
            let rebuilds = game.rebuilds;
            game.apply_legal(action);
            if game.rebuilds > rebuilds {
                let stock: Vec<Card> = game.stock.iter().rev().copied().collect();
                record
                    .rebuilt
                    .push((stock.clone(), vec![None; stock.len()]));
            }
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
            // A draw from a rebuilt stock is counted as seen: its order is
            // drawn before the rest (`rebuilt_orders`), a candidate's own.
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
    /// other seats' unseen cards in seat order, then the stock top first, if
    /// not rebuilt), the rebuilt stocks' orders `record` was made with, and
    /// the round's deal behind them.
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
        // The generator now: the deal's with the rebuilds' draws (replay's).
        game.rng = SplitMix64::new(deal_rng);
        let mut rebuilt = Vec::with_capacity(record.rebuilt.len());
        for (order, _) in &record.rebuilt {
            game.rng.shuffle(&mut order.clone());
            rebuilt.push(order.clone());
        }
        game.stock.clear();
        match record.rebuilt.last() {
            None => {
                let unseen = &places[self.players - 1];
                stock.extend_from_slice(unseen);
                game.stock.extend(unseen.iter().rev());
            }
            // The rebuilt stock left, as many cards as now.
            Some((order, _)) => game.stock.extend(order.iter().rev().take(self.stock.len())),
        }
        game.dealt = Dealt {
            hands: dealt,
            stock,
            rng: deal_rng,
            rebuilt: if rebuilt.is_empty() {
                self.dealt.rebuilt.clone()
            } else {
                Some(rebuilt)
            },
        };
        game
    }

    /// The stocks rebuilt this round (`record`'s), each in an order drawn
    /// uniformly among those that give `seat` the cards it drew from it.
    fn rebuilt_orders(record: &Record, rng: &mut SplitMix64) -> Vec<Vec<Card>> {
        record
            .rebuilt
            .iter()
            .map(|(stock, own)| {
                let mut free: CardCounts = stock.iter().copied().collect();
                for &card in own.iter().flatten() {
                    free.remove(card);
                }
                // In card-id order, then shuffled: the true order shows nowhere.
                let mut free: Vec<Card> = free.iter().collect();
                rng.shuffle(&mut free);
                let mut free = free.into_iter();
                own.iter()
                    .map(|card| {
                        card.or_else(|| free.next())
                            .expect("the cards the seat did not draw fill the other places")
                    })
                    .collect()
            })
            .collect()
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
    /// What is hidden from `seat` once the round's `steps` are recorded
    /// (`record`, with the rebuilt stocks' orders drawn): the cards no one saw
    /// reach another hand and the stock (unless rebuilt: its order is drawn),
    /// each anywhere among them; once the match is over, the hands shown in
    /// its last round each in its own. `None` when the rebuilt orders drawn
    /// leave a seat cards that cannot be there (copies seen elsewhere, or,
    /// once the match is over, cards its hand shown lacks): drawn again.
    fn hidden(&self, seat: usize, steps: Vec<ActionId>, record: Record) -> Option<Hidden> {
        let mut unseen: CardCounts = deck(DECK_SIZE).unwrap_or_default().into_iter().collect();
        let mut remove = |card: Card| {
            unseen.remove(card);
        };
        self.hands[seat].iter().for_each(&mut remove);
        self.row.iter().copied().for_each(&mut remove);
        for meld in self.melds.iter().chain([&self.building]) {
            meld.slots().iter().for_each(|slot| remove(slot.card));
        }
        let over = self.phase == Phase::Over;
        let mut items = Vec::new();
        let mut capacities = Vec::with_capacity(self.players);
        for other in (0..self.players).filter(|&other| other != seat) {
            let known = record.flows[other].known;
            let mut hand = self.hands[other];
            for card in known.iter() {
                if !unseen.remove(card) || (over && !hand.remove(card)) {
                    return None;
                }
            }
            if over {
                let place = 1 << capacities.len();
                items.extend(hand.iter().map(|card| (card, place)));
            }
            capacities.push(self.hands[other].len().checked_sub(known.len())?);
        }
        match record.rebuilt.last() {
            Some((order, _)) => {
                for &card in &order[order.len() - self.stock.len()..] {
                    if !unseen.remove(card) {
                        return None;
                    }
                }
            }
            None => {
                if over {
                    let place = 1 << capacities.len();
                    items.extend(self.stock.iter().map(|&card| (card, place)));
                    // By card id: the stock's order shows nowhere.
                    items.sort_by_key(|&(card, place)| (place, card));
                }
                capacities.push(self.stock.len());
            }
        }
        if !over {
            items = unseen.iter().map(|card| (card, ANYWHERE)).collect();
        }
        Some(Hidden {
            steps,
            record,
            items,
            capacities,
        })
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
    /// The rebuilt stocks' orders are drawn (`rebuilt_orders`), then the
    /// other hands' unseen cards and the stock are placed uniformly
    /// (`place_uniformly`, every card anywhere; once the match is over, each
    /// hand's cards in it); the round's deal is rebuilt behind them and the
    /// round's steps replayed: a draw with which some step of another seat
    /// would not have been legal (a meld it is building that its hand cannot
    /// complete, say) is drawn again. After `TRIES` of them, the turn in
    /// play's steps taken back are left out as the earlier turns' are, and
    /// what they showed with them.
    fn determinize(&self, seat: usize, rng: &mut SplitMix64) -> Jolly {
        if self.truncated {
            // J14: the round stopped where it stood; its steps taken back in
            // earlier turns would have to replay too (see the docs).
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
        let steps = self.kept_steps(whole_turn);
        let record = self.record(seat, &steps, &self.dealt);
        if record.rebuilt.is_empty() {
            // What is hidden is the same at every draw.
            let hidden = self.hidden(seat, steps, record)?;
            return (0..TRIES).find_map(|_| self.draw_placement(seat, &hidden, rng));
        }
        let redrawn = (0..REBUILT_TRIES).find_map(|_| {
            let dealt = Dealt {
                rebuilt: Some(Self::rebuilt_orders(&record, rng)),
                ..self.dealt.clone()
            };
            let mut drawn = self.record(seat, &steps, &dealt);
            // The turn in play's steps ask the same of the hand whatever the
            // rebuilt orders: its start as play reached it.
            drawn.turn.clone_from(&record.turn);
            let hidden = self.hidden(seat, steps.clone(), drawn)?;
            self.draw_placement(seat, &hidden, rng)
        });
        if redrawn.is_some() {
            return redrawn;
        }
        // Few rebuilt orders replay (other seats drew much from a rebuilt
        // stock and played on): the true orders are kept and the other
        // hidden cards placed, a known gap (docs/rules/jolly.md,
        // "Determinization") rather than a search that stalls.
        let hidden = self.hidden(seat, steps, record)?;
        (0..TRIES).find_map(|_| self.draw_placement(seat, &hidden, rng))
    }

    /// One uniform placement of what is `hidden`, and a deal generator: the
    /// state, if the round replays from it.
    fn draw_placement(&self, seat: usize, hidden: &Hidden, rng: &mut SplitMix64) -> Option<Jolly> {
        let places = place_uniformly(&hidden.items, &hidden.capacities, rng)
            .expect("the unseen cards fill the unseen places: the true state places them");
        self.placed(seat, hidden, &places, rng.next_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{table_options, Game};
    use crate::testing::check_uniform;

    /// Where the hidden cards are: each other hand (sorted), then the stock,
    /// top first (in order).
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

    fn key(game: &Jolly, seat: usize) -> Key {
        let mut key: Key = (0..game.players)
            .filter(|&other| other != seat)
            .map(|other| game.hands[other].iter().collect())
            .collect();
        key.push(game.stock());
        key
    }

    /// Every order of a rebuilt stock that leaves `seat`'s draws from it in
    /// place (`own`), the free cards in every order.
    fn every_order(own: &[Option<Card>], free: &mut Vec<Card>, out: &mut Vec<Vec<Card>>) {
        let Some(at) = own.iter().position(Option::is_none) else {
            out.push(own.iter().flatten().copied().collect());
            return;
        };
        for index in 0..free.len() {
            let card = free.remove(index);
            let mut placed = own.to_vec();
            placed[at] = Some(card);
            every_order(&placed, free, out);
            free.insert(index, card);
        }
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

    /// The states of every order of the rebuilt stocks and placement of the
    /// unseen cards that the rules accept (`from_json`) and that show `seat`
    /// what it sees now, each with its key.
    fn consistent_states(game: &Jolly, seat: usize) -> Vec<(Key, Jolly)> {
        let steps = game.kept_steps(true);
        let record = game.record(seat, &steps, &game.dealt);
        // Every combination of the rebuilt stocks' orders (none: one).
        let mut orders: Vec<Vec<Vec<Card>>> = vec![Vec::new()];
        for (stock, own) in &record.rebuilt {
            let mut free: CardCounts = stock.iter().copied().collect();
            own.iter().flatten().for_each(|&card| {
                free.remove(card);
            });
            let mut each = Vec::new();
            every_order(own, &mut free.iter().collect(), &mut each);
            orders = orders
                .iter()
                .flat_map(|before| {
                    each.iter().map(move |order| {
                        let mut all = before.clone();
                        all.push(order.clone());
                        all
                    })
                })
                .collect();
        }
        let seen = game.observation(seat).unwrap();
        let mut states = Vec::new();
        for rebuilt in orders {
            let mut dealt = game.dealt.clone();
            if !rebuilt.is_empty() {
                dealt.rebuilt = Some(rebuilt);
            }
            let drawn = game.record(seat, &steps, &dealt);
            let Some(hidden) = game.hidden(seat, steps.clone(), drawn) else {
                continue;
            };
            let cards: Vec<Card> = hidden.items.iter().map(|&(card, _)| card).collect();
            let faces: CardSet = cards.iter().copied().collect();
            assert_eq!(
                faces.len(),
                cards.len(),
                "distinct faces: one key per placement"
            );
            let stock = hidden.record.rebuilt.is_empty();
            let mut all = Vec::new();
            let mut places = vec![Vec::new(); hidden.capacities.len()];
            every_placement(&cards, &hidden.capacities, stock, &mut places, &mut all);
            for places in all {
                let mut state = game.with_placement(seat, &hidden.record, &places, 1);
                state.history.truncate(game.round_start);
                state.history.extend_from_slice(&hidden.steps);
                let Ok(state) = Jolly::from_json(&state.to_json()) else {
                    continue;
                };
                if state.observation(seat).unwrap() == seen {
                    states.push((key(&state, seat), state));
                }
            }
        }
        states
    }

    fn draws_are_uniform_and_blind(seed: u64, steps: usize, seat: usize, expected: usize) {
        let game = position(seed, steps);
        let states = consistent_states(&game, seat);
        assert_eq!(states.len(), expected);
        // Rebuilt stocks drawn in orders that differ only where the cards
        // have left the hands since give one key: as many orders each here.
        let mut backing: std::collections::BTreeMap<Key, usize> = Default::default();
        for (key, _) in &states {
            *backing.entry(key.clone()).or_default() += 1;
        }
        let counts: std::collections::BTreeSet<usize> = backing.values().copied().collect();
        assert_eq!(
            counts.len(),
            1,
            "as many states behind every key: {counts:?}"
        );
        let keys: Vec<Key> = backing.into_keys().collect();
        let mut rng = SplitMix64::new(seed);
        check_uniform(&keys, 60 * keys.len(), || {
            key(&game.determinize(seat, &mut rng), seat)
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

    /// Three players after a rebuild, seen by seat 2: the rebuilt stock's 4
    /// cards that seat 2 did not draw in every order (some drawn by the
    /// others since), and 4 unseen cards in the other hands (1 and 3).
    #[test]
    fn a_three_player_round_after_a_rebuild() {
        draws_are_uniform_and_blind(34, 714, 2, 16);
    }
}
