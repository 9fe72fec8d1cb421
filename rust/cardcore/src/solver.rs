//! An exact solver for the trick play of a deal whose every hand is known
//! (a determinization, or the true deal): what perfect play achieves.
//!
//! Each game states its trick play as a compact [`Position`] (`games/<game>/solve.rs`):
//! its legal moves, the moves worth trying (one of each set of equivalent
//! cards, best guesses first), what a move adds to the result, and a key
//! naming everything the rest of the deal depends on. The search is written
//! once here: alpha-beta over the two sides (the side whose result is solved
//! maximises it, the others minimise it), with a transposition table of
//! bounds on the value still to come, keyed by [`Position::key`].
//!
//! Two sides: in a team game the seat's team against the other; at French
//! Tarot the taker's side against the defence; in Le Julien, where each plays
//! for themselves, the seat against the three others (the score the seat can
//! make whatever they do). The result is in the unit each game states
//! ([`Solve::SOLVER_UNIT`]); a game whose deal score is not a sum of what each
//! trick adds keeps in its key what the score still depends on and adds it
//! with the deal's last move. Where the score is a non-decreasing function
//! (a rounding) of a sum the cards left decide, such as card points still to
//! take, the position says so ([`Position::counts_a_sum`]): from there its
//! key names no past score, and the result is found by null-window searches
//! on the sums where it steps.
//!
//! [`brute_force`] is plain minimax over the legal moves, without table,
//! pruning or equivalences: the tests check the search against it, and
//! against minimax over the game engine itself ([`engine_minimax`]).

use crate::card::Card;
use crate::cardset::CardSet;
use crate::error::{Error, Result};
use crate::game::{ActionId, Game};
use crate::state::{replay_steps, Replay};

/// The most moves a position offers: a 24-card Tarot hand and a few more.
pub const MAX_MOVES: usize = 32;

/// A short list of moves, on the stack.
#[derive(Clone, Copy, Debug)]
pub struct Moves {
    len: u8,
    ids: [ActionId; MAX_MOVES],
}

impl Default for Moves {
    fn default() -> Moves {
        Moves::new()
    }
}

impl Moves {
    pub const fn new() -> Moves {
        Moves {
            len: 0,
            ids: [0; MAX_MOVES],
        }
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds a move (at most [`MAX_MOVES`]).
    pub fn push(&mut self, action: ActionId) {
        self.ids[usize::from(self.len)] = action;
        self.len += 1;
    }

    pub const fn len(&self) -> usize {
        self.len as usize
    }

    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[ActionId] {
        &self.ids[..self.len()]
    }

    pub fn as_mut_slice(&mut self) -> &mut [ActionId] {
        let len = self.len();
        &mut self.ids[..len]
    }

    /// Moves `action`, if listed, to the front, keeping the others' order.
    fn bring_forward(&mut self, action: ActionId) {
        let moves = self.as_mut_slice();
        if let Some(index) = moves.iter().position(|&m| m == action) {
            moves[..=index].rotate_right(1);
        }
    }
}

/// A deal's trick play with every hand known, seen in the interest of one
/// side: what the search needs of a game.
pub trait Position: Copy + Send + Sync + std::fmt::Debug {
    /// Whether the deal's play is over: no move left.
    fn is_over(&self) -> bool;
    /// Whether the seat to move plays for the side whose result is solved.
    fn maximizing(&self) -> bool;
    /// Every legal move (the game's action ids), in increasing order.
    fn legal(&self, out: &mut Moves);
    /// The moves the search tries: at least one of each set of legal moves
    /// that lead to the same value (equivalent cards), the likeliest best
    /// first. Listing every legal move is always correct, only slower.
    fn moves(&self, out: &mut Moves) {
        self.legal(out);
    }
    /// Makes a legal move; returns what it adds to the side's result.
    fn play(&mut self, action: ActionId) -> i32;
    /// A key for everything the value still to come depends on: the hands,
    /// the trick, the seat to move, the deal's constants (trump, contract,
    /// the side solved for) and whatever the score still depends on. Equal
    /// keys must mean equal values to come: one table serves positions of
    /// many deals. A 128-bit hash of them is enough ([`mix`]).
    fn key(&self) -> u128;
    /// The cards still in hands (for the search's statistics and callers'
    /// thresholds).
    fn cards_left(&self) -> usize;
    /// Whether the search keeps the position in its table. A probe is a
    /// cache miss, dearer than searching again a trick's few cards from its
    /// first: tabling positions at a trick's first card (Brouc, 500), or its
    /// first two where the trick's other seats have many cards to try
    /// (French Tarot), does best. Default: every position with more than
    /// four cards in hands.
    fn tabled(&self) -> bool {
        self.cards_left() > 4
    }
    /// Bounds on the value to come, (lowest, highest): what the rest of the
    /// deal can still add (e.g. 0 and the tricks left). The search stops
    /// where its window lies outside them. Default: none; finite where
    /// [`Position::counts_a_sum`].
    fn bounds(&self) -> (i32, i32) {
        (i32::MIN, i32::MAX)
    }
    /// Whether the rest of the deal counts a sum that only the cards left
    /// decide (card points still to take, say) and its result is a
    /// non-decreasing function of that sum ([`Position::result_of`]): the
    /// rounding of a deal's score. From such a position on, every move's
    /// [`Position::play`] adds to the sum, [`Position::bounds`] bound it, and
    /// the key need not name the past (the score so far), so positions
    /// reached by different histories share the table. Once true, true for
    /// every later position. Default: false (moves add to the result).
    fn counts_a_sum(&self) -> bool {
        false
    }
    /// Where [`Position::counts_a_sum`]: the result still to come when the
    /// rest of the deal adds up to `sum`; non-decreasing in `sum`.
    fn result_of(&self, sum: i32) -> i32 {
        sum
    }
}

/// A game whose trick play the solver can solve.
pub trait Solve: Game {
    type Position: Position;
    /// What the result counts, in words (docs/bots.md, "The solver").
    const SOLVER_UNIT: &'static str;
    /// The position in `seat`'s interest when the seat to act is to make a
    /// move of the deal's trick play; `None` elsewhere (bidding, a kitty, a
    /// game over) and where the game leaves play to the other levels.
    fn position(&self, seat: usize) -> Option<Self::Position>;
    /// The result for `seat`'s side of the deal in play, as scored so far
    /// (a finished single deal: its whole result), in the solver's unit:
    /// what the search's values are added to.
    fn deal_result(&self, seat: usize) -> i32;
    /// Whether seats `a` and `b` play on the same side in the deal in play.
    fn same_side(&self, a: usize, b: usize) -> bool;
}

/// A 128-bit mix of `parts` for [`Position::key`]: distinct inputs collide
/// with chance about 2^-128 per pair.
pub fn mix(parts: &[u64]) -> u128 {
    let mut low: u64 = 0x243F_6A88_85A3_08D3;
    let mut high: u64 = 0x1319_8A2E_0370_7344;
    for &part in parts {
        low = splitmix(low ^ part);
        high = splitmix(high.wrapping_add(part).rotate_left(23) ^ low);
    }
    (u128::from(high) << 64) | u128::from(low)
}

const fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A table entry: bounds on a position's value to come, its best move, what
/// searching it cost, and when.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u128,
    lower: i32,
    upper: i32,
    best: ActionId,
    /// The positions its costliest search visited, in bits (log2, rounded up).
    work: u8,
    /// The [`Solver::generation`] that last stored it.
    generation: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    lower: i32::MIN,
    upper: i32::MAX,
    best: ActionId::MAX,
    work: 0,
    generation: 0,
};

/// The search, with its transposition table: keep one to solve many
/// positions (the table's entries stay true from one deal to the next).
#[derive(Clone, Debug)]
pub struct Solver {
    table: Vec<Entry>,
    mask: usize,
    /// Positions searched since the solver was made.
    pub nodes: u64,
    /// Past this many [`Solver::nodes`], the search stops
    /// ([`Solver::limit_nodes`]).
    node_limit: u64,
    /// Counts the solves ([`Solver::value`], [`Solver::move_values`]): an
    /// entry an earlier one stored is true still, but less likely to be
    /// met again than the current one's.
    generation: u8,
}

/// How many null-window tests [`Solver::exact_near`] makes from its guess,
/// each at the bound the last one gave, before it searches between the
/// bounds they proved: enough for a guess a few units off (Brouc's and Le
/// Julien's), few enough that a value far from the guess in a fine unit
/// (French Tarot's stake) is not approached a unit a test.
const NULL_WINDOW_TESTS: usize = 8;

/// The table's default size: 2^18 entries (8 MiB).
pub const DEFAULT_TABLE_BITS: u32 = 18;

impl Default for Solver {
    fn default() -> Solver {
        Solver::new(DEFAULT_TABLE_BITS)
    }
}

impl Solver {
    /// A solver whose table holds 2^`bits` entries (two at least: a
    /// bucket, [`Solver::store`]).
    pub fn new(bits: u32) -> Solver {
        let size = 1usize << bits.max(1);
        Solver {
            table: vec![EMPTY; size],
            mask: size - 1,
            nodes: 0,
            node_limit: u64::MAX,
            generation: 0,
        }
    }

    /// Stops the searches after `nodes` more positions: what a solve then
    /// returns is meaningless ([`Solver::exhausted`] says so), and the table
    /// keeps only what was proved before. Until the next call, or for ever
    /// (`u64::MAX`).
    pub fn limit_nodes(&mut self, nodes: u64) {
        self.node_limit = self.nodes.saturating_add(nodes);
    }

    /// Whether the searches passed the limit [`Solver::limit_nodes`] set.
    pub const fn exhausted(&self) -> bool {
        self.nodes > self.node_limit
    }

    /// Empties the table: the searches to come then cost the same whatever
    /// was solved before.
    pub fn clear(&mut self) {
        self.table.fill(EMPTY);
    }

    /// The value to come of `position` under perfect play: by null-window
    /// tests from the result of its greedy line ([`greedy_result`]), as
    /// [`Solver::exact_near`] settles a value (where the position counts a
    /// sum, each test bisects the sums, [`Solver::bisect`]). A test near the
    /// value costs the most; a guess near it saves the tests that bracket it
    /// (a whole Brouc deal's value: 0.80M positions searched from the middle
    /// of its bounds, 0.60M from the greedy line's result).
    pub fn value<P: Position>(&mut self, position: &P) -> i32 {
        self.generation = self.generation.wrapping_add(1);
        self.exact_near(
            Some(greedy_result(position, None)),
            |solver, alpha, beta| solver.enter(position, alpha, beta),
        )
    }

    /// Every legal move with the value to come it leads to (what the move
    /// adds, then perfect play), in the order [`Position::legal`] lists them.
    pub fn move_values<P: Position>(&mut self, position: &P) -> Vec<(ActionId, i32)> {
        self.generation = self.generation.wrapping_add(1);
        let mut legal = Moves::new();
        position.legal(&mut legal);
        let mut best: Option<i32> = None;
        let mut values = Vec::with_capacity(legal.len());
        for &action in legal.as_slice() {
            let mut child = *position;
            let gain = child.play(action);
            // The best value so far is the first guess (the first move's, its
            // greedy line): moves worth about the same (most of them) are
            // then settled by two searches.
            let guess = best.unwrap_or_else(|| greedy_result(position, Some(action)));
            let value = self.exact_near(Some(guess), |solver, alpha, beta| {
                if position.counts_a_sum() {
                    solver.bisect(position, (alpha, beta), |solver, below| {
                        gain + solver.search(&child, below - gain, below - gain + 1)
                    })
                } else {
                    gain + solver.enter(
                        &child,
                        alpha.saturating_sub(gain),
                        beta.saturating_sub(gain),
                    )
                }
            });
            best = Some(best.map_or(value, |best| {
                if position.maximizing() {
                    best.max(value)
                } else {
                    best.min(value)
                }
            }));
            values.push((action, value));
        }
        values
    }

    /// The exact value `within(solver, alpha, beta)` searches (fail-soft),
    /// first by null-window tests from `guess`, each at the bound the last
    /// one gave (MTD(f): a value at the guess takes two), then, if they did
    /// not settle it, by one search between the bounds they proved (a value
    /// far from the guess would take a test per unit of the distance).
    fn exact_near(
        &mut self,
        guess: Option<i32>,
        mut within: impl FnMut(&mut Solver, i32, i32) -> i32,
    ) -> i32 {
        let (mut lower, mut upper) = (i32::MIN + 1, i32::MAX - 1);
        if let Some(mut bound) = guess {
            for _ in 0..NULL_WINDOW_TESTS {
                let target = if bound == lower { bound + 1 } else { bound };
                bound = within(self, target - 1, target);
                if bound >= target {
                    lower = bound;
                } else {
                    upper = bound;
                }
                if lower == upper {
                    return lower;
                }
            }
        }
        within(self, lower - 1, upper + 1)
    }

    /// Whether perfect play from `position` reaches at least `target` to come
    /// (a null-window search, cheaper than [`Solver::value`]).
    pub fn reaches<P: Position>(&mut self, position: &P, target: i32) -> bool {
        self.enter(position, target - 1, target) >= target
    }

    /// [`Solver::search`] in results (fail-soft), whether or not `position`
    /// counts a sum.
    fn enter<P: Position>(&mut self, position: &P, alpha: i32, beta: i32) -> i32 {
        if !position.counts_a_sum() {
            return self.search(position, alpha, beta);
        }
        self.bisect(position, (alpha, beta), |solver, below| {
            solver.search(position, below, below + 1)
        })
    }

    /// The result to come (fail-soft in `window`) of a sum bounded as
    /// `position`'s and mapped by its [`Position::result_of`], which
    /// `exceeds(solver, s)` searches (fail-soft, a null window: more than
    /// `s`?): bisecting the results still possible, each test searches the
    /// sums where the result steps, so the sum's exact value, finer than the
    /// result needs, is never searched.
    fn bisect<P: Position>(
        &mut self,
        position: &P,
        (alpha, beta): (i32, i32),
        mut exceeds: impl FnMut(&mut Solver, i32) -> i32,
    ) -> i32 {
        let (low, high) = position.bounds();
        debug_assert!(
            i32::MIN < low && low <= high && high < i32::MAX,
            "a sum's bounds are finite and in order: {low}, {high}"
        );
        let (mut lower, mut upper) = (position.result_of(low), position.result_of(high));
        loop {
            if lower >= beta || lower == upper || self.exhausted() {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            // Is the result at least `target`? `below`, the highest sum whose
            // result is under it, and the sum after it are the null window.
            let (floor, ceiling) = (lower.max(alpha), upper.min(beta));
            let target = floor + 1 + ((ceiling - floor - 1) / 2);
            let below = last_sum(low - 1, high, |sum| position.result_of(sum) < target);
            let sum = exceeds(self, below);
            if sum > below {
                lower = lower.max(position.result_of(sum));
            } else {
                upper = upper.min(position.result_of(sum));
            }
        }
    }

    /// Alpha-beta, fail-soft: the exact value if it lies in (alpha, beta),
    /// else a bound on the same side of the window.
    fn search<P: Position>(&mut self, position: &P, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let nodes_before = self.nodes;
        if position.is_over() || self.exhausted() {
            return 0;
        }
        let (low, high) = position.bounds();
        if low >= beta {
            return low;
        }
        if high <= alpha {
            return high;
        }
        let tabled = position.tabled();
        let key = if tabled { position.key() } else { 0 };
        let slot = if tabled { self.slot_of(key) } else { 0 };
        let entry = if tabled { self.table[slot] } else { EMPTY };
        let mut best_move = ActionId::MAX;
        if tabled && entry.key == key {
            if entry.lower >= beta || entry.lower == entry.upper {
                return entry.lower;
            }
            if entry.upper <= alpha {
                return entry.upper;
            }
            alpha = alpha.max(entry.lower);
            beta = beta.min(entry.upper);
            best_move = entry.best;
        }
        let (alpha_in, beta_in) = (alpha, beta);
        let mut moves = Moves::new();
        position.moves(&mut moves);
        if best_move != ActionId::MAX {
            moves.bring_forward(best_move);
        }
        let maximizing = position.maximizing();
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        let in_sum = position.counts_a_sum();
        for &action in moves.as_slice() {
            let mut child = *position;
            let gain = child.play(action);
            let (child_alpha, child_beta) = (alpha.saturating_sub(gain), beta.saturating_sub(gain));
            let value = gain
                + if in_sum {
                    self.search(&child, child_alpha, child_beta)
                } else {
                    self.enter(&child, child_alpha, child_beta)
                };
            if maximizing {
                if value > best {
                    (best, best_move) = (value, action);
                }
                alpha = alpha.max(value);
            } else {
                if value < best {
                    (best, best_move) = (value, action);
                }
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        if !tabled || self.exhausted() {
            return best;
        }
        let mut stored = if entry.key == key {
            entry
        } else {
            Entry { key, ..EMPTY }
        };
        let work = 64 - (self.nodes - nodes_before).leading_zeros();
        stored.work = stored.work.max(u8::try_from(work).unwrap_or(u8::MAX));
        stored.generation = self.generation;
        if best <= alpha_in {
            stored.upper = stored.upper.min(best);
        } else if best >= beta_in {
            stored.lower = stored.lower.max(best);
        } else {
            (stored.lower, stored.upper) = (best, best);
        }
        stored.best = best_move;
        self.store(slot, stored);
        best
    }

    /// Where `key`'s entry lies: the first of its bucket's two slots that
    /// holds it, else the first.
    fn slot_of(&self, key: u128) -> usize {
        let first = (key as usize) & self.mask & !1;
        if self.table[first + 1].key == key {
            first + 1
        } else {
            first
        }
    }

    /// Stores `entry`, found at `slot` or new. A bucket's first slot keeps
    /// the current solve's costliest entry (the dearest to search again),
    /// its second the latest other: a search of millions of positions
    /// overflows the table, and replacing always loses the entries near its
    /// root to the many near the deal's end (four-player French Tarot from
    /// 10 tricks left: the p95 of the positions searched 14.8M down to
    /// 8.1M). An earlier solve's entry yields the first slot to any.
    fn store(&mut self, slot: usize, entry: Entry) {
        if self.table[slot].key == entry.key {
            self.table[slot] = entry;
            return;
        }
        let first = slot & !1;
        if entry.work >= self.table[first].work || self.table[first].generation != self.generation {
            self.table[first + 1] = self.table[first];
            self.table[first] = entry;
        } else {
            self.table[first + 1] = entry;
        }
    }
}

/// The result to come of `position` when every seat plays the first move
/// [`Position::moves`] lists (its best guess), after `first` if given: a
/// line of play, not perfect play, but near it where the guesses are good:
/// the first guess of the null-window tests that settle a value.
fn greedy_result<P: Position>(position: &P, mut first: Option<ActionId>) -> i32 {
    let mut line = *position;
    let mut moves = Moves::new();
    let mut next = |line: &P| {
        first.take().unwrap_or_else(|| {
            line.moves(&mut moves);
            moves.as_slice()[0]
        })
    };
    let mut result = 0;
    while !line.is_over() && !line.counts_a_sum() {
        result += line.play(next(&line));
    }
    let sum_start = line;
    let mut sum = 0;
    while !line.is_over() {
        sum += line.play(next(&line));
    }
    if sum_start.counts_a_sum() {
        result += sum_start.result_of(sum);
    }
    result
}

/// The last of the sums `first..=last` for which `holds` is true, `first`
/// if none (`holds` true up to a point, then false: binary search).
fn last_sum(first: i32, last: i32, holds: impl Fn(i32) -> bool) -> i32 {
    let (mut yes, mut no) = (first, last + 1);
    while no - yes > 1 {
        let middle = yes + (no - yes) / 2;
        if holds(middle) {
            yes = middle;
        } else {
            no = middle;
        }
    }
    yes
}

/// Plain minimax over every legal move: the value to come (a result, also
/// where the position counts a sum), for tests.
pub fn brute_force<P: Position>(position: &P) -> i32 {
    if position.counts_a_sum() {
        position.result_of(brute_force_sum(position))
    } else {
        brute_force_sum(position)
    }
}

/// Each legal move's result, as [`Solver::move_values`] gives it, by
/// [`brute_force`], for tests.
pub fn brute_force_moves<P: Position>(position: &P) -> Vec<(ActionId, i32)> {
    let mut legal = Moves::new();
    position.legal(&mut legal);
    legal
        .as_slice()
        .iter()
        .map(|&action| {
            let mut child = *position;
            let gain = child.play(action);
            let value = if position.counts_a_sum() {
                position.result_of(gain + brute_force_sum(&child))
            } else {
                gain + brute_force(&child)
            };
            (action, value)
        })
        .collect()
}

/// Plain minimax in the position's own unit: the sum to come where it
/// counts one, else the result.
fn brute_force_sum<P: Position>(position: &P) -> i32 {
    if position.is_over() {
        return 0;
    }
    let mut legal = Moves::new();
    position.legal(&mut legal);
    let values = legal.as_slice().iter().map(|&action| {
        let mut child = *position;
        let gain = child.play(action);
        gain + if position.counts_a_sum() {
            brute_force_sum(&child)
        } else {
            brute_force(&child)
        }
    });
    if position.maximizing() {
        values.max()
    } else {
        values.min()
    }
    .expect("a position not over has a legal move")
}

/// Minimax over the game engine itself, for tests: `seat`'s side's result of
/// a single deal played out from `game` by every legal action (each side's
/// seats choosing for it), as [`Solve::deal_result`] scores the finished deal.
pub fn engine_minimax<G: Solve>(game: &G, seat: usize) -> i32 {
    let Some(to_act) = game.current_player() else {
        return game.deal_result(seat);
    };
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let values = legal.iter().map(|&action| {
        let mut child = game.clone();
        child.apply(action).expect("a legal action applies");
        engine_minimax(&child, seat)
    });
    if game.same_side(to_act, seat) {
        values.max()
    } else {
        values.min()
    }
    .expect("a game not over has a legal action")
}

/// The result for `seat`'s side of each legal move of `game`'s seat to act
/// (the deal's result so far, then the move, then perfect play), in
/// [`Position::legal`]'s order; a [`Error::Phase`] where the solver does not
/// apply ([`Solve::position`]).
pub fn solve<G: Solve>(game: &G, seat: usize, solver: &mut Solver) -> Result<Vec<(ActionId, i32)>> {
    let position = game.position(seat).ok_or_else(|| unsolvable(game))?;
    let banked = game.deal_result(seat);
    Ok(solver
        .move_values(&position)
        .into_iter()
        .map(|(action, value)| (action, banked + value))
        .collect())
}

/// Why `game` has nothing to solve now.
fn unsolvable<G: Game>(game: &G) -> Error {
    let now = if game.is_over() {
        format!("this {} game is over", G::NAME)
    } else {
        format!(
            "this {} game's seat to act has no trick-play move to make (phase {:?})",
            G::NAME,
            game.phase()
        )
    };
    Error::Phase(format!(
        "nothing to solve: {now}; the solver solves the moves of a deal's trick play"
    ))
}

/// How an analysis's refusal words its `cards_left` bound.
fn within_words(cards_left: Option<usize>) -> String {
    cards_left.map_or_else(String::new, |most| {
        format!(" with at most {most} cards left in hands")
    })
}

/// One decision of a deal's trick play, solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvedStep {
    /// The decision's index in the match's history.
    pub index: usize,
    /// The seat that decided.
    pub seat: usize,
    /// The action it took.
    pub action: ActionId,
    /// Each legal action's result for the seat's side ([`solve`]).
    pub values: Vec<(ActionId, i32)>,
}

impl SolvedStep {
    /// The best result the seat's side could reach from here.
    pub fn best(&self) -> i32 {
        self.values.iter().map(|&(_, v)| v).max().unwrap_or(0)
    }

    /// The result of the action taken.
    pub fn played(&self) -> i32 {
        self.values
            .iter()
            .find(|&&(a, _)| a == self.action)
            .map_or(0, |&(_, v)| v)
    }
}

/// A deal's trick play, analysed: what perfect play achieves from its first
/// decision, and each decision's solved moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The deal, counting from 1.
    pub deal: usize,
    /// Per seat, the result perfect play gives its side from the first
    /// decision analysed.
    pub start: Vec<i32>,
    /// Every trick-play decision analysed, in order.
    pub steps: Vec<SolvedStep>,
}

impl Analysis {
    /// `seat`'s first decision that lost its side value (the action taken
    /// worse than the best), if any.
    pub fn first_loss(&self, seat: usize) -> Option<&SolvedStep> {
        self.steps
            .iter()
            .find(|step| step.seat == seat && step.played() < step.best())
    }
}

/// Analyses deal `deal` of `game`'s match (counting from 1; `None`: the last
/// deal with a trick-play decision made): replays the match, solves every
/// trick-play decision of that deal made with at most `cards_left` cards in
/// hands (`None`: every one), and the first of them for each seat.
/// A [`Error::Phase`] when the deal has no trick-play decision yet (or does
/// not exist).
pub fn analyze<G: Solve + Replay>(
    game: &G,
    deal: Option<usize>,
    cards_left: Option<usize>,
    solver: &mut Solver,
) -> Result<Analysis> {
    // The states before each trick-play decision: (deal, history index, state).
    let mut decisions: Vec<(usize, usize, G)> = Vec::new();
    let mut index = 0;
    replay_steps(game, |state, action| {
        if let (Some(action), Some(seat)) = (action, state.current_player()) {
            let within = |p: G::Position| cards_left.is_none_or(|most| p.cards_left() <= most);
            if state.position(seat).is_some_and(within) {
                decisions.push((state.deal_number(), index, state.clone()));
            }
            state.apply(action)?;
            index += 1;
        }
        Ok(())
    })?;
    let target = match deal {
        Some(number) => number,
        None => decisions.last().map_or(0, |&(number, _, _)| number),
    };
    let decisions: Vec<_> = decisions
        .into_iter()
        .filter(|&(number, _, _)| number == target)
        .collect();
    let Some((_, _, first)) = decisions.first() else {
        return Err(Error::Phase(match deal {
            Some(number) => format!(
                "nothing to analyse: deal {number} of this {} match has no trick-play decision made{}",
                G::NAME,
                within_words(cards_left)
            ),
            None => format!(
                "nothing to analyse: no trick-play decision has been made in this {} match{}",
                G::NAME,
                within_words(cards_left)
            ),
        }));
    };
    let start = (0..first.num_players())
        .map(|seat| {
            let position = first.position(seat).expect("every seat sees the position");
            first.deal_result(seat) + solver.value(&position)
        })
        .collect();
    let history = game.history();
    let steps = decisions
        .iter()
        .map(|(_, index, state)| {
            let seat = state.current_player().expect("a decision");
            SolvedStep {
                index: *index,
                seat,
                action: history[*index],
                values: solve(state, seat, solver).expect("a trick-play decision"),
            }
        })
        .collect();
    Ok(Analysis {
        deal: target,
        start,
        steps,
    })
}

/// One card of each run of `legal` cards that no card of `others` (the cards
/// other seats still hold, and those in the trick) separates in `order`, and
/// that `same` says play alike (equal points, no special part): the cards a
/// search needs to try. `order(card)` is the card's group (cards of different
/// groups never stand for each other: suits, or trumps apart) and its
/// strength in the group. The lowest card of each run stands for it.
pub fn representatives(
    legal: CardSet,
    others: CardSet,
    order: impl Fn(Card) -> (u8, u16),
    same: impl Fn(Card, Card) -> bool,
) -> CardSet {
    let mut cards = [(0u8, 0u16, false, Card::from_id(0).expect("face 0")); 2 * MAX_MOVES + 64];
    let mut len = 0;
    for (card, mine) in legal
        .iter()
        .map(|c| (c, true))
        .chain(others.iter().map(|c| (c, false)))
    {
        if len == cards.len() {
            return legal;
        }
        let (group, strength) = order(card);
        cards[len] = (group, strength, mine, card);
        len += 1;
    }
    let cards = &mut cards[..len];
    cards.sort_unstable_by_key(|&(group, strength, _, _)| (group, strength));
    let mut kept = CardSet::EMPTY;
    let mut previous: Option<(u8, Card)> = None;
    for &(group, _, mine, card) in cards.iter() {
        if !mine {
            previous = None;
            continue;
        }
        match previous {
            Some((last_group, last)) if last_group == group && same(last, card) => {}
            _ => kept.insert(card),
        }
        previous = Some((group, card));
    }
    kept
}

/// Plays `game` by `step` (one action each) until the seat to act has a
/// position of at most `cards_left` cards; `None` if the match ends first.
#[cfg(test)]
pub(crate) fn play_to<G: Solve>(
    mut game: G,
    cards_left: usize,
    mut step: impl FnMut(&mut G),
) -> Option<G> {
    while let Some(seat) = game.current_player() {
        if game
            .position(seat)
            .is_some_and(|position| position.cards_left() <= cards_left)
        {
            return Some(game);
        }
        step(&mut game);
    }
    None
}

/// Each legal move of `position` with its value, the move named as `G`
/// writes it, for tests of each game's worked positions.
#[cfg(test)]
pub(crate) fn move_texts<G: Solve>(position: &G::Position) -> Vec<(String, i32)> {
    Solver::new(10)
        .move_values(position)
        .into_iter()
        .map(|(action, value)| (G::action_text(action), value))
        .collect()
}

/// Checks, for tests of each game, that the search, [`brute_force`] and
/// [`engine_minimax`] agree on the result for `seat`'s side of every legal
/// move at `game` (`what` names the position in a failure).
#[cfg(test)]
pub(crate) fn check_position<G: Solve>(game: &G, seat: usize, solver: &mut Solver, what: &str) {
    let position = game.position(seat).expect("a position for every seat");
    if position.counts_a_sum() {
        let (low, high) = position.bounds();
        let sum = brute_force_sum(&position);
        assert!(
            low <= sum && sum <= high,
            "{} {what}, seat {seat}: the sum {sum} outside its bounds {low}..={high}: {position:?}",
            G::NAME
        );
    }
    let banked = game.deal_result(seat);
    let brute = brute_force_moves(&position);
    for ((action, value), (_, brute)) in solver.move_values(&position).into_iter().zip(brute) {
        let mut engine = game.clone();
        engine.apply(action).expect("legal");
        let exact = engine_minimax(&engine, seat);
        assert_eq!(
            (banked + value, banked + brute),
            (exact, exact),
            "{} {what}, seat {seat}, {}: {position:?}",
            G::NAME,
            G::action_text(action)
        );
    }
}

/// Checks, for tests of each game, the solver against minimax over the
/// engine: from `seeds`, single deals played at random until the seat to
/// act's position has at most `cards_left` cards in hands; there, for that
/// seat and the next, the search, [`brute_force`] and [`engine_minimax`]
/// agree on the result of every legal move; on the way, at every step where
/// the seat to act has a position, its legal moves are the engine's.
/// Returns how many positions it checked.
#[cfg(test)]
pub(crate) fn check_against_engine<G: Solve>(
    options: &serde_json::Map<String, serde_json::Value>,
    seeds: std::ops::Range<u64>,
    cards_left: usize,
) -> usize {
    use crate::rng::SplitMix64;
    let mut solver = Solver::new(12);
    let mut checked = 0;
    let mut engine_legal = Vec::new();
    let mut legal = Moves::new();
    for seed in seeds {
        let mut game = G::new(seed, options).expect("options");
        let mut rng = SplitMix64::new(seed ^ 0xA5A5);
        while let Some(seat) = game.current_player() {
            if let Some(position) = game.position(seat) {
                position.legal(&mut legal);
                game.legal_actions(&mut engine_legal);
                assert_eq!(
                    legal.as_slice(),
                    &engine_legal[..],
                    "{} seed {seed}",
                    G::NAME
                );
                if position.cards_left() <= cards_left {
                    let players = game.num_players();
                    for seat in [seat, (seat + 1) % players] {
                        check_position(&game, seat, &mut solver, &format!("seed {seed}"));
                        checked += 1;
                    }
                    break;
                }
            }
            game.play_random(&mut rng);
        }
    }
    checked
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(texts: &[&str]) -> CardSet {
        texts.iter().map(|t| t.parse::<Card>().unwrap()).collect()
    }

    fn by_rank(card: Card) -> (u8, u16) {
        (card.suit().unwrap() as u8, card.rank().unwrap() as u16)
    }

    #[test]
    fn representatives_merge_runs_no_other_card_separates() {
        let legal = cards(&["7H", "8H", "10H", "JH", "AH", "7S"]);
        let others = cards(&["9H", "QH", "8S"]);
        let kept = representatives(legal, others, by_rank, |_, _| true);
        // 7H 8H | 9H | 10H JH | QH | AH ; 7S | 8S.
        assert_eq!(kept, cards(&["7H", "10H", "AH", "7S"]));
        // Cards worth differently are kept apart.
        let kept = representatives(legal, others, by_rank, |a, b| {
            a.rank() != Some(crate::card::Rank::Jack) && b.rank() != Some(crate::card::Rank::Jack)
        });
        assert_eq!(kept, cards(&["7H", "10H", "JH", "AH", "7S"]));
    }

    /// The coin row: each side in turn takes the first or the last coin of
    /// the row; the maximising side's coins count, and its result is their
    /// total rounded to tens (a final 5 up). What is still to come is a sum
    /// of the coins left, the result a non-decreasing map of it.
    #[derive(Clone, Copy, Debug)]
    struct CoinRow {
        coins: [u8; 10],
        first: u8,
        end: u8,
        maximizing: bool,
        /// The maximising side's coins so far: the rounding's base, never
        /// in the key.
        taken: i32,
    }

    impl Position for CoinRow {
        fn is_over(&self) -> bool {
            self.first == self.end
        }
        fn maximizing(&self) -> bool {
            self.maximizing
        }
        fn legal(&self, out: &mut Moves) {
            out.clear();
            out.push(0);
            if self.end - self.first > 1 {
                out.push(1);
            }
        }
        fn play(&mut self, action: ActionId) -> i32 {
            let coin = if action == 0 {
                self.first += 1;
                self.coins[usize::from(self.first - 1)]
            } else {
                self.end -= 1;
                self.coins[usize::from(self.end)]
            };
            let gain = if self.maximizing { i32::from(coin) } else { 0 };
            self.taken += gain;
            self.maximizing = !self.maximizing;
            gain
        }
        fn key(&self) -> u128 {
            let coins = self.coins.iter().fold(0, |key, &c| key << 6 | u64::from(c));
            let row = u64::from(self.first) << 8 | u64::from(self.end) << 1;
            mix(&[coins, row | u64::from(self.maximizing)])
        }
        fn cards_left(&self) -> usize {
            usize::from(self.end - self.first)
        }
        fn bounds(&self) -> (i32, i32) {
            let left = &self.coins[usize::from(self.first)..usize::from(self.end)];
            (0, left.iter().map(|&c| i32::from(c)).sum())
        }
        fn counts_a_sum(&self) -> bool {
            true
        }
        fn result_of(&self, sum: i32) -> i32 {
            let rounded = |points: i32| (points + 5).div_euclid(10);
            rounded(self.taken + sum) - rounded(self.taken)
        }
    }

    #[test]
    fn a_sum_is_solved_in_its_rounded_result() {
        let mut rng = crate::rng::SplitMix64::new(11);
        let mut solver = Solver::new(10);
        for row in 0..300 {
            let mut coins = [0; 10];
            for coin in &mut coins {
                *coin = rng.below(40) as u8;
            }
            let position = CoinRow {
                coins,
                first: 0,
                end: 6 + (row % 5) as u8,
                maximizing: row % 2 == 0,
                taken: rng.below(30) as i32,
            };
            let exact = brute_force(&position);
            assert_eq!(solver.value(&position), exact, "row {row}");
            assert_eq!(solver.move_values(&position), brute_force_moves(&position));
            assert!(solver.reaches(&position, exact) && !solver.reaches(&position, exact + 1));
        }
    }

    #[test]
    fn last_sum_finds_where_a_test_stops_holding() {
        assert_eq!(last_sum(-1, 20, |sum| sum < 7), 6);
        assert_eq!(last_sum(-1, 20, |_| true), 20);
        assert_eq!(last_sum(-1, 20, |_| false), -1);
    }

    #[test]
    fn mix_tells_apart_orders_and_lengths() {
        assert_ne!(mix(&[1, 2]), mix(&[2, 1]));
        assert_ne!(mix(&[0]), mix(&[0, 0]));
        assert_eq!(mix(&[5, 7]), mix(&[5, 7]));
    }

    #[test]
    fn a_solve_past_its_limit_says_so_and_leaves_only_true_entries() {
        use crate::games::brouc::Brouc;
        // A Brouc deal with 5 tricks left: its every move's solve searches
        // more positions than the limit below.
        let mut game = Brouc::new(5, &serde_json::Map::new()).unwrap();
        let mut rng = crate::rng::SplitMix64::new(5);
        let position = loop {
            let seat = game.current_player().unwrap();
            match game.position(seat) {
                Some(position) if position.cards_left() <= 20 => break position,
                _ => game.play_random(&mut rng),
            };
        };
        let exact = Solver::new(16).move_values(&position);
        let mut solver = Solver::new(16);
        solver.limit_nodes(2_000);
        let _ = solver.move_values(&position);
        assert!(solver.exhausted());
        // What the stopped search stored is true: the values are exact.
        solver.limit_nodes(u64::MAX);
        assert!(!solver.exhausted());
        assert_eq!(solver.move_values(&position), exact);
        // Cleared, the table costs a solve the same again.
        let mut cold = Solver::new(16);
        let _ = cold.move_values(&position);
        solver.clear();
        let before = solver.nodes;
        let _ = solver.move_values(&position);
        assert_eq!(solver.nodes - before, cold.nodes);
    }

    #[test]
    fn a_bucket_keeps_the_current_solves_costliest_entry_and_the_latest() {
        // One bucket: every key lands in it.
        let mut solver = Solver::new(1);
        let entry = |key: u128, work: u8| Entry {
            key,
            work,
            generation: 1,
            ..EMPTY
        };
        let keys = |solver: &Solver| [solver.table[0].key, solver.table[1].key];
        solver.generation = 1;
        solver.store(solver.slot_of(10), entry(10, 20));
        solver.store(solver.slot_of(11), entry(11, 3));
        solver.store(solver.slot_of(12), entry(12, 5));
        assert_eq!(
            keys(&solver),
            [10, 12],
            "a cheaper entry takes the second slot"
        );
        solver.store(
            solver.slot_of(12),
            Entry {
                lower: 4,
                ..entry(12, 5)
            },
        );
        assert_eq!(
            (keys(&solver), solver.table[1].lower),
            ([10, 12], 4),
            "updated in place"
        );
        solver.store(solver.slot_of(13), entry(13, 20));
        assert_eq!(
            keys(&solver),
            [13, 10],
            "as costly: the first slot, the other second"
        );
        // The next solve: the last one's entries yield the first slot to any.
        solver.generation = 2;
        solver.store(
            solver.slot_of(14),
            Entry {
                generation: 2,
                ..entry(14, 1)
            },
        );
        assert_eq!(keys(&solver), [14, 13]);
        assert_eq!(solver.slot_of(13), 1, "found in the second slot");
    }
}
