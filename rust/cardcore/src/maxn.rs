//! Max^n: the trick play of a deal whose every hand is known, where each
//! seat plays for itself (Le Julien): every seat maximises its own result,
//! and a position's value is the vector of every seat's result.
//!
//! Unlike the two-sided search of [`crate::solver`] there is no window to cut
//! with (one seat's gain is not another's loss), so the search tries every
//! move worth trying ([`Position::moves`]) and memoises the exact result
//! vector of each position by its key ([`Position::key`]).
//!
//! Ties: a seat whose best moves give it the same result takes the one that
//! leaves the three others the least in total ([`prefer`]): each seat's
//! result is measured against the others' (a match goes to the highest
//! total), and it is the cautious guess for the seat the expert solves for.
//! Among those, the vector lowest seat by seat, so that a position's value is
//! one whatever order the moves are tried in.

use crate::game::ActionId;
use crate::solver::Moves;

/// A deal's trick play with every hand known, for `N` seats each playing
/// for itself: what the max^n search needs of a game.
pub trait Position<const N: usize>: Copy + Send + Sync + std::fmt::Debug {
    /// Whether the deal's play is over: no move left.
    fn is_over(&self) -> bool;
    /// The seat to move.
    fn mover(&self) -> usize;
    /// Every legal move (the game's action ids), in increasing order.
    fn legal(&self, out: &mut Moves);
    /// The moves the search tries: at least one of each set of legal moves
    /// that lead to the same result vector (equivalent cards). Listing every
    /// legal move is always correct, only slower.
    fn moves(&self, out: &mut Moves) {
        self.legal(out);
    }
    /// Makes a legal move.
    fn play(&mut self, action: ActionId);
    /// A key for everything every seat's result depends on: the hands, the
    /// trick, the seat to move, the deal's constants and every seat's pile as
    /// its score reads it. Equal keys must mean equal result vectors.
    fn key(&self) -> u128;
    /// The cards still in hands.
    fn cards_left(&self) -> usize;
    /// Every seat's result, the play over.
    fn results(&self) -> [i32; N];
}

/// Whether `mover` prefers the result vector `a` to `b`: a higher result of
/// its own; then the least for the others together; then the vector lower
/// seat by seat (a total order: the choice does not depend on the moves'
/// order).
pub fn prefer<const N: usize>(mover: usize, a: &[i32; N], b: &[i32; N]) -> bool {
    let others = |v: &[i32; N]| v.iter().map(|&x| i64::from(x)).sum::<i64>() - i64::from(v[mover]);
    (a[mover], -others(a), std::cmp::Reverse(a)) > (b[mover], -others(b), std::cmp::Reverse(b))
}

/// The result vector `mover` prefers among `values` (one at least).
fn choice<const N: usize>(mover: usize, values: impl Iterator<Item = [i32; N]>) -> [i32; N] {
    values
        .reduce(|best, value| {
            if prefer(mover, &value, &best) {
                value
            } else {
                best
            }
        })
        .expect("a position not over has a move")
}

/// Positions with at most this many cards in hands (about the last trick)
/// are searched again rather than looked up.
const UNTABLED_CARDS: usize = 4;

/// The max^n search, with its table of exact result vectors: keep one to
/// solve many positions (its entries stay true from one deal to the next).
#[derive(Clone, Debug)]
pub struct Solver<const N: usize> {
    table: Vec<(u128, [i32; N])>,
    mask: usize,
    /// Positions searched since the solver was made.
    pub nodes: u64,
    /// Past this many [`Solver::nodes`], the search stops
    /// ([`Solver::limit_nodes`]).
    node_limit: u64,
}

impl<const N: usize> Solver<N> {
    /// A solver whose table holds 2^`bits` entries.
    pub fn new(bits: u32) -> Solver<N> {
        let size = 1usize << bits;
        Solver {
            // Key 0 marks an empty slot (untabled positions use no key).
            table: vec![(0, [0; N]); size],
            mask: size - 1,
            nodes: 0,
            node_limit: u64::MAX,
        }
    }

    /// Stops the search after `nodes` more positions: what a solve then
    /// returns is meaningless ([`Solver::exhausted`] says so), and the table
    /// keeps only what was proved before. Until the next call, or for ever
    /// (`u64::MAX`).
    pub fn limit_nodes(&mut self, nodes: u64) {
        self.node_limit = self.nodes.saturating_add(nodes);
    }

    /// Whether the search passed the limit [`Solver::limit_nodes`] set.
    pub const fn exhausted(&self) -> bool {
        self.nodes > self.node_limit
    }

    /// Empties the table: the searches to come then cost the same whatever
    /// was solved before.
    pub fn clear(&mut self) {
        self.table.fill((0, [0; N]));
    }

    /// Every seat's result under max^n play from `position`.
    pub fn value<P: Position<N>>(&mut self, position: &P) -> [i32; N] {
        self.nodes += 1;
        if self.exhausted() {
            return [0; N];
        }
        if position.is_over() {
            return position.results();
        }
        let tabled = position.cards_left() > UNTABLED_CARDS;
        let key = if tabled { position.key() } else { 0 };
        let slot = (key as usize) & self.mask;
        if tabled && self.table[slot].0 == key {
            return self.table[slot].1;
        }
        let mut moves = Moves::new();
        position.moves(&mut moves);
        let best = choice(
            position.mover(),
            moves.as_slice().iter().map(|&action| {
                let mut child = *position;
                child.play(action);
                self.value(&child)
            }),
        );
        if tabled && !self.exhausted() {
            self.table[slot] = (key, best);
        }
        best
    }

    /// Every legal move with the result vector it leads to, in the order
    /// [`Position::legal`] lists them.
    pub fn move_values<P: Position<N>>(&mut self, position: &P) -> Vec<(ActionId, [i32; N])> {
        let mut legal = Moves::new();
        position.legal(&mut legal);
        legal
            .as_slice()
            .iter()
            .map(|&action| {
                let mut child = *position;
                child.play(action);
                (action, self.value(&child))
            })
            .collect()
    }
}

/// Max^n over every legal move, without table or equivalences, for tests.
#[cfg(test)]
pub(crate) fn brute_force<const N: usize, P: Position<N>>(position: &P) -> [i32; N] {
    if position.is_over() {
        return position.results();
    }
    let mut legal = Moves::new();
    position.legal(&mut legal);
    choice(
        position.mover(),
        legal.as_slice().iter().map(|&action| {
            let mut child = *position;
            child.play(action);
            brute_force(&child)
        }),
    )
}

/// Max^n over the game engine itself, for tests: every seat's result of a
/// single deal played out from `game` by every legal action, each seat to
/// act choosing by [`prefer`], as [`crate::solver::Solve::deal_result`]
/// scores the finished deal.
#[cfg(test)]
pub(crate) fn engine_maxn<const N: usize, G: crate::solver::Solve>(game: &G) -> [i32; N] {
    let Some(mover) = game.current_player() else {
        return std::array::from_fn(|seat| game.deal_result(seat));
    };
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    choice(
        mover,
        legal.iter().map(|&action| {
            let mut child = game.clone();
            child.apply(action).expect("a legal action applies");
            engine_maxn(&child)
        }),
    )
}

/// Checks, for tests of a game, the max^n search against max^n over the
/// engine: from `seeds`, single deals played at random until the position
/// `position_of` makes (the seat to act's) has at most `cards_left` cards in
/// hands; there the search, [`brute_force`] and [`engine_maxn`] agree on
/// every seat's result after each legal move, and on the position's value.
/// Returns how many moves it checked.
#[cfg(test)]
pub(crate) fn check_against_engine<const N: usize, G: crate::solver::Solve, P: Position<N>>(
    options: &serde_json::Map<String, serde_json::Value>,
    seeds: std::ops::Range<u64>,
    cards_left: usize,
    position_of: impl Fn(&G) -> Option<P>,
) -> usize {
    let mut solver = Solver::<N>::new(12);
    let mut checked = 0;
    for seed in seeds {
        let mut game = G::new(seed, options).expect("options");
        let mut rng = crate::rng::SplitMix64::new(seed ^ 0x5A5A);
        let position = loop {
            match position_of(&game) {
                Some(position) if position.cards_left() <= cards_left => break position,
                _ => assert!(
                    game.play_random(&mut rng).is_some(),
                    "{} seed {seed}",
                    G::NAME
                ),
            }
        };
        assert_eq!(
            solver.value(&position),
            engine_maxn(&game),
            "{} seed {seed}: {position:?}",
            G::NAME
        );
        for (action, value) in solver.move_values(&position) {
            let mut child = position;
            child.play(action);
            let mut engine = game.clone();
            engine.apply(action).expect("legal");
            let exact = engine_maxn(&engine);
            assert_eq!(
                (value, brute_force(&child)),
                (exact, exact),
                "{} seed {seed}, {}: {position:?}",
                G::NAME,
                G::action_text(action)
            );
            checked += 1;
        }
    }
    checked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mover_prefers_its_own_result_then_the_others_least() {
        // Its own result first, whatever the others get.
        assert!(prefer(1, &[9, 5, 9, 9], &[0, 4, 0, 0]));
        // Equal for seat 1: the others' total 6 beats 7.
        assert!(prefer(1, &[1, 5, 2, 3], &[1, 5, 3, 3]));
        assert!(!prefer(1, &[1, 5, 3, 3], &[1, 5, 2, 3]));
        // Equal totals: the vector lower seat by seat.
        assert!(prefer(1, &[1, 5, 3, 2], &[2, 5, 1, 3]));
        assert!(!prefer(1, &[2, 5, 1, 3], &[1, 5, 3, 2]));
        // Never strictly preferred to itself.
        assert!(!prefer(0, &[1, 2, 3, 4], &[1, 2, 3, 4]));
    }
}
