//! A heuristic Jolly player (docs/rules/jolly.md, "Heuristic bot"): it plans
//! the melds its hand makes, opens once they reach 40, lays off what fits,
//! takes from the row only what it can meld, and discards the costliest card
//! that is near no meld. It decides from its seat's observation alone, and
//! afresh at every step: the meld being built, the pending melds and the
//! selected table meld are public, so a whole turn follows from them.

use super::meld::{card_at, penalty, position_value, set_value, Kind, Meld, Placement};
use super::{Drawn, Jolly, CLOSE, DISCARD_IDS, DRAW, FIRST_SELECT, FIRST_TAKE, OPENING, UNDO};
use crate::bot::{Bot, Expert, Levels, Seeded};
use crate::card::{Card, Suit};
use crate::cardcounts::CardCounts;
use crate::game::ActionId;
use crate::ismcts::Settings;
use crate::observation::Observation;
use crate::rng::SplitMix64;

/// A meld's planning score counts each joker it uses this much less: a
/// joker is kept for a meld that needs it more.
const JOKER_COST: i64 = 20;
/// A take from the row must improve the turn by more than this.
const TAKE_MARGIN: i64 = 10;
/// A take is weighed for at most this many cards.
const TAKE_DEPTH: usize = 8;
/// A joker is laid off only when a hand (ours after the lay-off, or an
/// opponent's) is this small: the round may end soon, and a joker in hand
/// costs 50 (L10).
const SHORT_HAND: usize = 4;
/// Steps of one turn after which the bot stops building and discards: a
/// guard, never reached by the plans below (a turn lays at most 20 cards, two
/// steps each, and swaps a joker for each natural card), against a loop.
const STEP_LIMIT: u32 = 200;

/// Plays Jolly by rules of thumb; the generator only breaks ties between
/// equally bad discards.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Heuristic {
    rng: SplitMix64,
    /// Steps taken in the turn in play (reset at each draw phase).
    steps: u32,
}

impl Heuristic {
    pub const fn new(seed: u64) -> Heuristic {
        Heuristic {
            rng: SplitMix64::new(seed),
            steps: 0,
        }
    }
}

impl Seeded for Heuristic {
    fn from_seed(seed: u64) -> Heuristic {
        Heuristic::new(seed)
    }
}

impl Levels for Jolly {
    type Heuristic = Heuristic;

    const HARD: Settings = Settings::hard(200);

    const SEARCHED: &'static [&'static str] = &["draw", "take", "discard"];

    const OVERRULE: Option<f64> = Some(2.0);

    /// No trick play: the expert plays as hard throughout.
    const EXPERT: Expert = Expert {
        samples: 0,
        from_cards_left: 0,
        sample_nodes: Expert::SAMPLE_NODES,
    };
}

impl Bot<Jolly> for Heuristic {
    fn act(&mut self, view: &Observation<Jolly>) -> ActionId {
        let mut legal = Vec::new();
        view.legal_actions(&mut legal);
        let first = *legal.first().expect("the observing seat is to act");
        let table = Table::of(view);
        let chosen = match view.phase() {
            "draw" => {
                self.steps = 0;
                Some(draw_or_take(view, &table, &legal))
            }
            _ if self.steps >= STEP_LIMIT => [UNDO, CLOSE]
                .into_iter()
                .find(|a| legal.contains(a))
                .or_else(|| {
                    let hand = view.hand();
                    choose_discard(&hand, &table, &[], &legal, &mut self.rng)
                }),
            "build" => Some(build(view, &legal)),
            "lay_off" => Some(lay_off(view, &legal)),
            _ => play(view, &table, &legal, &mut self.rng),
        };
        self.steps += 1;
        // The rules of thumb choose among the legal actions; should one not,
        // the first legal action is played (tests fail on it instead).
        debug_assert!(
            self.steps <= STEP_LIMIT && chosen.is_some_and(|a| legal.contains(&a)),
            "the heuristic chose {chosen:?} at step {} among {legal:?}",
            self.steps
        );
        chosen.filter(|a| legal.contains(a)).unwrap_or(first)
    }
}

/// What the seat sees of the cards: the copies of each face seen (its hand,
/// the row, the table), and the faces some table meld would take.
struct Table {
    seen: CardCounts,
    wanted: crate::cardset::CardSet,
}

impl Table {
    fn of(view: &Observation<Jolly>) -> Table {
        let mut seen = view.hand();
        for &card in view.row() {
            seen.insert(card);
        }
        let mut wanted = crate::cardset::CardSet::EMPTY;
        for meld in view.melds() {
            for slot in meld.slots() {
                seen.insert(slot.card);
            }
            wanted = wanted.union(meld.wanted());
        }
        for slot in view.building().slots() {
            seen.insert(slot.card);
        }
        wanted.remove(Card::JOKER);
        Table { seen, wanted }
    }

    /// Copies of a natural card not yet seen (two decks).
    fn live(&self, card: Card) -> usize {
        2usize.saturating_sub(self.seen.count(card))
    }
}

/// A meld the hand can make, in laying order (a run from its lowest card up,
/// a set's natural cards then its joker).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Planned {
    placements: [Placement; 13],
    len: usize,
    /// Its table value (L9), what the opening counts (L5).
    value: i64,
    /// Its planning score: table value and hand penalty saved, less
    /// [`JOKER_COST`] a joker.
    score: i64,
}

impl Planned {
    fn placements(&self) -> &[Placement] {
        &self.placements[..self.len]
    }

    fn new(placements: &[Placement], values: impl Iterator<Item = i64>) -> Planned {
        let mut planned = Planned {
            placements: [Placement::SetJoker { rank: 1 }; 13],
            len: placements.len(),
            value: values.sum(),
            score: 0,
        };
        planned.placements[..placements.len()].copy_from_slice(placements);
        planned.score = planned.value
            + placements
                .iter()
                .map(|p| match p {
                    Placement::Natural { .. } => penalty(p.card()),
                    _ => -JOKER_COST,
                })
                .sum::<i64>();
        planned
    }
}

/// The best set the hand makes: every suit held of a rank (3 or 4), or two
/// suits and a joker.
fn best_set(hand: &CardCounts) -> Option<Planned> {
    let jokers = hand.count(Card::JOKER);
    let mut best: Option<Planned> = None;
    for rank in 1..=13u8 {
        let mut placements = [Placement::SetJoker { rank }; 4];
        let mut len = 0;
        for suit in Suit::ALL {
            if hand.contains(card_at(suit, rank)) {
                placements[len] = Placement::Natural {
                    suit,
                    position: rank,
                };
                len += 1;
            }
        }
        if len == 2 && jokers > 0 {
            len = 3;
        }
        if len >= 3 {
            let planned = Planned::new(&placements[..len], (0..len).map(|_| set_value(rank)));
            if best.is_none_or(|b| planned.score > b.score) {
                best = Some(planned);
            }
        }
    }
    best
}

/// The best run the hand makes: each window of positions of a suit with at
/// least 2 natural cards, its gaps filled by jokers never side by side.
fn best_run(hand: &CardCounts) -> Option<Planned> {
    let jokers = hand.count(Card::JOKER);
    let mut best: Option<Planned> = None;
    for suit in Suit::ALL {
        for low in 1..=12u8 {
            let top = if low == 1 { 13 } else { 14 };
            let mut placements = [Placement::SetJoker { rank: 1 }; 13];
            let (mut len, mut used, mut naturals) = (0, 0, 0);
            for position in low..=top {
                let natural = hand.contains(card_at(suit, position));
                let after_joker =
                    len > 0 && matches!(placements[len - 1], Placement::RunJoker { .. });
                placements[len] = if natural {
                    naturals += 1;
                    Placement::Natural { suit, position }
                } else if used < jokers && !after_joker {
                    used += 1;
                    Placement::RunJoker { suit, position }
                } else {
                    break;
                };
                len += 1;
                if len >= 3 && naturals >= 2 {
                    let values = (low..low + len as u8).map(position_value);
                    let planned = Planned::new(&placements[..len], values);
                    if best.is_none_or(|b| planned.score > b.score) {
                        best = Some(planned);
                    }
                }
            }
        }
    }
    best
}

/// The melds to lay from `hand`, best first, greedily; the last ones are
/// dropped until a card the seat may discard stays (J3).
fn plan(hand: &CardCounts, forbidden: Option<Card>) -> Vec<Planned> {
    let mut rest = *hand;
    let mut melds = Vec::new();
    loop {
        let best = match (best_set(&rest), best_run(&rest)) {
            (Some(set), Some(run)) => Some(if run.score >= set.score { run } else { set }),
            (set, run) => set.or(run),
        };
        let Some(best) = best else { break };
        for placement in best.placements() {
            rest.remove(placement.card());
        }
        melds.push(best);
    }
    while !super::meld::keeps_a_discard(&rest, forbidden) {
        let Some(last) = melds.pop() else { break };
        for placement in last.placements() {
            rest.insert(placement.card());
        }
    }
    melds
}

/// The cards a plan leaves in hand.
fn rest_of(hand: &CardCounts, melds: &[Planned]) -> CardCounts {
    let mut rest = *hand;
    for placement in melds.iter().flat_map(Planned::placements) {
        rest.remove(placement.card());
    }
    rest
}

/// The face the seat may not discard this turn (L14, J5).
fn forbidden(view: &Observation<Jolly>) -> Option<Card> {
    match (view.drawn(), view.taken()) {
        (Some(Drawn::Row), &[card]) => Some(card),
        _ => None,
    }
}

/// What a hand is worth this turn: its planned melds' table values, the
/// table value of what it could lay off, less the penalty of the rest.
fn turn_value(hand: &CardCounts, table: &Table) -> i64 {
    let melds = plan(hand, None);
    let rest = rest_of(hand, &melds);
    let laid: i64 = melds.iter().map(|m| m.value).sum();
    laid + rest
        .iter()
        .map(|card| {
            if table.wanted.contains(card) {
                0
            } else {
                -penalty(card)
            }
        })
        .sum::<i64>()
}

/// Draw phase: take the last cards of the row when the deepest one taken
/// goes into a meld or a lay-off this turn and the turn is worth clearly
/// more than with a blind draw; else draw from the stock.
fn draw_or_take(view: &Observation<Jolly>, table: &Table, legal: &[ActionId]) -> ActionId {
    let hand = view.hand();
    let row = view.row();
    let before = turn_value(&hand, table);
    let mut best = (TAKE_MARGIN, DRAW);
    let mut taken = hand;
    for count in 1..=TAKE_DEPTH.min(row.len()) {
        let deepest = row[row.len() - count];
        taken.insert(deepest);
        let action = FIRST_TAKE + count as ActionId - 1;
        if !legal.contains(&action) {
            continue;
        }
        let melds = plan(&taken, None);
        let rest = rest_of(&taken, &melds);
        let used = rest.count(deepest) < taken.count(deepest) || table.wanted.contains(deepest);
        let gain = turn_value(&taken, table) - before;
        if used && gain > best.0 {
            best = (gain, action);
        }
    }
    best.1
}

/// The placement that starts the first planned meld, when the seat should
/// lay melds now: it has opened, or its plan (with its pending melds) reaches
/// the opening's 40 (L5).
fn start_meld(view: &Observation<Jolly>, hand: &CardCounts) -> Option<ActionId> {
    let melds = plan(hand, forbidden(view));
    let first = melds.first()?;
    let opened = view.opened()[view.seat()];
    let pending: i64 = view.melds()[view.melds().len() - view.pending()..]
        .iter()
        .map(|meld| meld.value(None))
        .sum();
    let total = pending + melds.iter().map(|m| m.value).sum::<i64>();
    (opened || total >= OPENING).then(|| first.placements[0].action())
}

/// Play phase: lay the planned melds (opening only with 40), take back
/// pending melds that cannot reach 40, lay off and swap jokers, then
/// discard.
fn play(
    view: &Observation<Jolly>,
    table: &Table,
    legal: &[ActionId],
    rng: &mut SplitMix64,
) -> Option<ActionId> {
    let hand = view.hand();
    if let Some(action) = start_meld(view, &hand).filter(|a| legal.contains(a)) {
        return Some(action);
    }
    if view.pending() > 0 {
        return Some(UNDO);
    }
    let opened = view.opened()[view.seat()];
    if let Some((index, _)) = best_lay_off(view, None).filter(|_| opened) {
        return Some(FIRST_SELECT + index as ActionId);
    }
    let melds = plan(&hand, forbidden(view));
    choose_discard(&hand, table, &melds, legal, rng)
}

/// The placements of the meld being built, in the order laid.
fn built(meld: &Meld) -> impl Iterator<Item = Placement> + '_ {
    meld.slots().iter().enumerate().map(move |(index, slot)| {
        let position = match meld.kind() {
            Kind::Run(_) => meld.low() + index as u8,
            Kind::Set | Kind::Single => meld.low(),
        };
        match (meld.kind(), slot.card.suit()) {
            (_, Some(suit)) => Placement::Natural { suit, position },
            (Kind::Run(suit), None) => Placement::RunJoker { suit, position },
            (_, None) => Placement::SetJoker { rank: position },
        }
    })
}

/// Build phase: go on with the planned meld this one began (planned from
/// the hand it was begun from), close it once whole; undo if it is no
/// planned meld.
fn build(view: &Observation<Jolly>, legal: &[ActionId]) -> ActionId {
    let building = view.building();
    let mut hand = view.hand();
    for slot in building.slots() {
        hand.insert(slot.card);
    }
    let melds = plan(&hand, forbidden(view));
    let target = melds.iter().find(|planned| {
        planned.len >= building.len()
            && built(building)
                .zip(planned.placements())
                .all(|(laid, planned)| laid == *planned)
    });
    match target {
        Some(planned) if planned.len > building.len() => {
            planned.placements[building.len()].action()
        }
        Some(_) if legal.contains(&CLOSE) => CLOSE,
        _ => UNDO,
    }
}

/// How much a lay-off or swap is worth, `None` when the bot keeps the card:
/// a swap brings a joker to the hand (and takes it from its placer's
/// count); a natural card scores and leaves the hand; a joker is laid off
/// only when a hand is short (the round may end with it in hand, −50).
fn lay_off_worth(view: &Observation<Jolly>, placement: Placement, swapped: bool) -> Option<i64> {
    if swapped {
        return Some(100);
    }
    match placement {
        Placement::Natural { .. } => Some(50 + penalty(placement.card())),
        _ => {
            let short = view.hand().len() <= SHORT_HAND + 1
                || view
                    .hand_sizes()
                    .iter()
                    .enumerate()
                    .any(|(seat, &size)| seat != view.seat() && size <= SHORT_HAND);
            short.then_some(10)
        }
    }
}

/// The best lay-off or swap on the table (on meld `only` if given): the
/// meld's index and the placement, among those the rules allow (J3).
fn best_lay_off(view: &Observation<Jolly>, only: Option<usize>) -> Option<(usize, Placement)> {
    let hand = view.hand();
    let seat = view.seat() as u8;
    let forbidden = forbidden(view);
    let mut best: Option<(i64, usize, Placement)> = None;
    for (index, meld) in view.melds().iter().enumerate() {
        if only.is_some_and(|only| only != index) {
            continue;
        }
        for placement in meld.lay_off_candidates() {
            if !hand.contains(placement.card()) {
                continue;
            }
            let Some((_, swapped)) = meld.laid_off(placement, seat) else {
                continue;
            };
            let mut after = hand;
            after.remove(placement.card());
            if swapped {
                after.insert(Card::JOKER);
            }
            if !super::meld::keeps_a_discard(&after, forbidden) {
                continue;
            }
            if let Some(worth) = lay_off_worth(view, placement, swapped) {
                if best.is_none_or(|(b, _, _)| worth > b) {
                    best = Some((worth, index, placement));
                }
            }
        }
    }
    best.map(|(_, index, placement)| (index, placement))
}

/// Lay-off phase: the best placement on the selected meld; undo if none.
fn lay_off(view: &Observation<Jolly>, legal: &[ActionId]) -> ActionId {
    view.selected()
        .and_then(|index| best_lay_off(view, Some(index)))
        .map(|(_, placement)| placement.action())
        .filter(|action| legal.contains(action))
        .unwrap_or(UNDO)
}

/// How much a natural card is worth keeping: in a planned meld; next to
/// cards of its suit or beside its rank in other suits (less when the cards
/// that would complete the meld are all seen); a card a table meld would
/// take (laid off later, and not given to the next seat).
fn keep_value(card: Card, hand: &CardCounts, table: &Table, planned: &CardCounts) -> i64 {
    let (Some(suit), Some(rank)) = (card.suit(), super::meld::set_rank(card)) else {
        return 1000; // the joker: kept for a meld, never given away
    };
    let mut keep = 0;
    if planned.contains(card) {
        keep += 60;
    }
    if table.wanted.contains(card) {
        keep += 15;
    }
    let others = Suit::ALL.into_iter().filter(|&s| s != suit);
    let partners = others
        .clone()
        .filter(|&s| hand.contains(card_at(s, rank)))
        .count();
    if partners > 0 {
        let live: usize = others
            .filter(|&s| !hand.contains(card_at(s, rank)))
            .map(|s| table.live(card_at(s, rank)))
            .sum();
        keep += if live > 0 || partners >= 2 { 12 } else { 3 };
    }
    // Positions of the card (an ace sits at 1 and at 14).
    let positions: &[u8] = if rank == 1 { &[1, 14] } else { &[rank] };
    for &p in positions {
        let held = |q: i16| (1..=14).contains(&q) && hand.contains(card_at(suit, q as u8));
        let live = |q: i16| (1..=14).contains(&q) && table.live(card_at(suit, q as u8)) > 0;
        let p = i16::from(p);
        for side in [-1, 1] {
            if held(p + side) {
                let ends = live(p - side) || live(p + 2 * side) || held(p - side);
                keep += if ends { 12 } else { 3 };
            } else if held(p + 2 * side) {
                keep += if live(p + side) { 6 } else { 1 };
            }
        }
    }
    keep
}

/// Discard: the card whose penalty most exceeds its worth in hand (high
/// cards near no meld first, jokers never while another card may go);
/// equal choices drawn at random.
fn choose_discard(
    hand: &CardCounts,
    table: &Table,
    melds: &[Planned],
    legal: &[ActionId],
    rng: &mut SplitMix64,
) -> Option<ActionId> {
    let mut planned = CardCounts::EMPTY;
    for placement in melds.iter().flat_map(Planned::placements) {
        planned.insert(placement.card());
    }
    let mut best = (i64::MIN, [0; 20], 0);
    for card in hand.faces() {
        let action = DISCARD_IDS[card.id()];
        if !legal.contains(&action) {
            continue;
        }
        let worth = penalty(card) - keep_value(card, hand, table, &planned);
        if worth > best.0 {
            best = (worth, [action; 20], 1);
        } else if worth == best.0 && best.2 < 20 {
            best.1[best.2] = action;
            best.2 += 1;
        }
    }
    (best.2 > 0).then(|| best.1[rng.below(best.2 as u64) as usize])
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Map, Value};

    use super::*;
    use crate::bot::RandomBot;
    use crate::determinize::Determinize;
    use crate::game::Game;
    use crate::testing::cards;

    fn options(pairs: Value) -> Map<String, Value> {
        pairs.as_object().cloned().unwrap_or_default()
    }

    fn counts(texts: &str) -> CardCounts {
        let mut hand = CardCounts::EMPTY;
        for card in cards(texts) {
            hand.insert(card);
        }
        hand
    }

    /// A seat's player in the tests: the action for the game's seat to act.
    type Player = Box<dyn FnMut(&Jolly) -> ActionId>;

    /// Plays `game` to its end, `bots[seat]` choosing for each seat; every
    /// action must be legal, and (debug builds) every heuristic choice its
    /// own, not the fallback.
    fn play_out(game: &mut Jolly, bots: &mut [Player]) {
        let mut steps = 0;
        while let Some(seat) = game.current_player() {
            let action = bots[seat](game);
            game.apply(action)
                .unwrap_or_else(|e| panic!("seat {seat} played a refused action: {e}"));
            steps += 1;
            assert!(steps < 1_000_000, "the match ends");
        }
    }

    fn heuristic(seed: u64) -> Player {
        let mut bot = Heuristic::new(seed);
        Box::new(move |game: &Jolly| {
            let seat = game.current_player().unwrap();
            bot.act(&Observation::new(game, seat).unwrap())
        })
    }

    fn random(seed: u64) -> Player {
        let mut bot = RandomBot::new(seed);
        Box::new(move |game: &Jolly| bot.act(game).unwrap())
    }

    #[test]
    fn the_heuristic_plays_whole_matches_and_deals_legally() {
        for players in 2..=4 {
            for seed in 0..8u64 {
                for single in [true, false] {
                    let opts = options(json!({"players": players, "single_deal": single}));
                    let mut game = Jolly::new(seed, &opts).unwrap();
                    let mut bots: Vec<_> = (0..players)
                        .map(|s| heuristic(seed * 10 + s as u64))
                        .collect();
                    play_out(&mut game, &mut bots);
                    assert!(game.is_over());
                }
            }
        }
    }

    /// Mid-turn positions random play leaves (melds begun that the
    /// heuristic did not plan, pending melds, a selected meld): it takes the
    /// turn over and finishes the deal.
    #[test]
    fn the_heuristic_takes_over_any_position() {
        let mut rng = SplitMix64::new(5);
        for case in 0..100u64 {
            let players = 2 + (case % 3) as usize;
            let opts = options(json!({"players": players, "single_deal": true}));
            let mut game = Jolly::new(case, &opts).unwrap();
            for _ in 0..rng.below(700) {
                if game.play_random(&mut rng).is_none() {
                    break;
                }
            }
            let mut bots: Vec<_> = (0..players).map(|s| heuristic(case + s as u64)).collect();
            play_out(&mut game, &mut bots);
        }
    }

    #[test]
    fn the_heuristic_reads_nothing_hidden() {
        let mut rng = SplitMix64::new(11);
        for case in 0..120u64 {
            let players = 2 + (case % 3) as usize;
            let mut game = Jolly::new(case, &options(json!({"players": players}))).unwrap();
            // Positions the heuristic reaches, and (odd cases) random play's
            // mid-turn ones.
            let mut bots: Vec<_> = (0..players)
                .map(|s| {
                    if case % 2 == 0 {
                        heuristic(s as u64)
                    } else {
                        random(s as u64)
                    }
                })
                .collect();
            for _ in 0..20 + rng.below(300) {
                let Some(seat) = game.current_player() else {
                    break;
                };
                let action = bots[seat](&game);
                game.apply(action).unwrap();
            }
            let Some(seat) = game.current_player() else {
                continue;
            };
            let other = game.determinize(seat, &mut rng);
            assert_ne!(other.hands, game.hands, "case {case}: another state");
            let true_view = Observation::new(&game, seat).unwrap();
            let other_view = Observation::new(&other, seat).unwrap();
            assert_eq!(
                Heuristic::new(case).act(&true_view),
                Heuristic::new(case).act(&other_view),
                "case {case}"
            );
        }
    }

    /// Duplicate single deals against `RandomBot`: each deal once with the
    /// heuristic at each seat, the other seats random. Returns the
    /// heuristic's wins and its mean score less the random seats' mean.
    fn duplicate(players: usize, deals: u64) -> (usize, i64) {
        let (mut wins, mut margin) = (0, 0);
        for deal in 0..deals {
            for seat in 0..players {
                let opts =
                    options(json!({"players": players, "single_deal": true, "first_dealer": 0}));
                let mut game = Jolly::new(1000 + deal, &opts).unwrap();
                let mut bots: Vec<_> = (0..players)
                    .map(|s| {
                        if s == seat {
                            heuristic(deal)
                        } else {
                            random(deal * 7 + s as u64)
                        }
                    })
                    .collect();
                play_out(&mut game, &mut bots);
                let scores = game.scores();
                if game.winning_seats() == [seat] {
                    wins += 1;
                }
                let others: i64 = (0..players).filter(|&s| s != seat).map(|s| scores[s]).sum();
                margin += scores[seat] - others / (players as i64 - 1);
            }
        }
        (wins, margin / (deals as i64 * players as i64))
    }

    /// Measured (seeded, so exact): at 2, 3 and 4 players, 8 deals each,
    /// the heuristic wins 16/16, 24/24 and 31/32 games and scores 213, 266
    /// and 269 points a deal more than the random seats' mean.
    #[test]
    fn the_heuristic_beats_random_play() {
        for players in 2..=4 {
            let (wins, margin) = duplicate(players, 8);
            assert!(
                wins * 100 >= 85 * 8 * players,
                "{players} players: {wins} wins"
            );
            assert!(margin >= 150, "{players} players: margin {margin}");
        }
    }

    /// A position at the start of seat 0's play phase with `hand`, the
    /// table as a seeded deal left it.
    fn position(hand: &str) -> Jolly {
        let opts = options(json!({"players": 2, "first_dealer": 1}));
        let mut game = Jolly::new(3, &opts).unwrap();
        game.apply(DRAW).unwrap();
        game.hands[0] = counts(hand);
        game
    }

    fn act(game: &Jolly) -> String {
        let view = Observation::new(game, game.current_player().unwrap()).unwrap();
        Jolly::action_text(Heuristic::new(1).act(&view))
    }

    /// Seat 0 has opened; the table holds `melds`, placed by seat 1.
    fn opened(hand: &str, melds: &[&str]) -> Jolly {
        let mut game = position(hand);
        game.opened[0] = true;
        for meld in melds {
            game.melds
                .push(super::super::read_meld(&cards(meld), 1).unwrap());
        }
        game
    }

    #[test]
    fn it_takes_from_the_row_only_what_it_can_meld() {
        let mut game = opened("7H 8H KS 2C", &[]);
        game.phase = super::super::Phase::Draw;
        game.row = cards("4D 9H");
        assert_eq!(act(&game), "take 1", "the 9 of hearts makes 7-8-9");
        game.row = cards("9H 4D");
        assert_eq!(act(&game), "take 2", "the 9 comes with the 4 above it");
        game.row = cards("9H 4D 5S JC QD KD");
        assert_eq!(act(&game), "draw", "four cards of penalty for one card");
        game.row = cards("4D");
        assert_eq!(act(&game), "draw");
    }

    #[test]
    fn it_builds_its_planned_meld_and_closes_it() {
        let mut game = opened("7H 8H 9H KS 2C", &[]);
        for expected in ["lay 7H", "lay 8H", "lay 9H", "close"] {
            assert_eq!(act(&game), expected);
            game.apply(Jolly::parse_action(expected).unwrap()).unwrap();
        }
    }

    #[test]
    fn it_lays_off_naturals_and_swaps_jokers_but_keeps_its_own_jokers() {
        let mut game = opened("8H KS JK 2C 3D 9S QC", &["5H 6H 7H"]);
        assert_eq!(act(&game), "on meld 0");
        game.apply(Jolly::parse_action("on meld 0").unwrap())
            .unwrap();
        assert_eq!(act(&game), "lay 8H", "not the joker: the hands are long");
        let game = opened("6H KS 2C 3D", &["5H JK 7H"]);
        assert_eq!(act(&game), "on meld 0", "the 6 of hearts frees the joker");
    }

    #[test]
    fn it_opens_with_forty_and_not_with_less() {
        // Three kings (30) and 7-8-9 of hearts (24): 54, it opens with the kings.
        let game = position("KS KH KD 7H 8H 9H 2C 5D");
        assert_eq!(act(&game), "lay KS");
        // Three fives and 2-3-4 of clubs: 24, it keeps them and discards.
        let game = position("5S 5H 5D 2C 3C 4C KD 9S");
        assert!(act(&game).starts_with("discard"));
    }

    #[test]
    fn it_discards_the_costly_card_near_no_meld() {
        // The king of spades is near nothing, the nine of clubs costs less.
        let game = position("KS 2H 3H 6D 7D 4C 4D 9C");
        assert_eq!(act(&game), "discard KS");
    }

    #[test]
    fn it_keeps_jokers() {
        let game = position("JK QS 4H 9D");
        assert_ne!(act(&game), "discard JK");
    }

    #[test]
    fn plans_use_jokers_in_gaps_and_never_side_by_side() {
        let melds = plan(&counts("5H 7H JK 9C"), None);
        assert_eq!(melds.len(), 1);
        assert_eq!(melds[0].value, 18);
        assert!(plan(&counts("5H JK JK 8H 2C"), None).is_empty());
    }
}
