//! Jolly has no trick play: the solver never applies (docs/bots.md, "The
//! solver"), and its expert level plays as the hard one.

use super::Jolly;
use crate::game::ActionId;
use crate::solver::{Moves, Position, Solve};

/// No position: a rummy deal has no trick to solve.
#[derive(Clone, Copy, Debug)]
pub enum NoTricks {}

impl Position for NoTricks {
    fn is_over(&self) -> bool {
        match *self {}
    }
    fn maximizing(&self) -> bool {
        match *self {}
    }
    fn legal(&self, _out: &mut Moves) {
        match *self {}
    }
    fn play(&mut self, _action: ActionId) -> i32 {
        match *self {}
    }
    fn key(&self) -> u128 {
        match *self {}
    }
    fn cards_left(&self) -> usize {
        match *self {}
    }
}

impl Solve for Jolly {
    type Position = NoTricks;
    const SOLVER_UNIT: &'static str = "none: Jolly has no trick play";

    fn position(&self, _seat: usize) -> Option<NoTricks> {
        None
    }

    fn deal_result(&self, _seat: usize) -> i32 {
        0
    }

    fn same_side(&self, a: usize, b: usize) -> bool {
        a == b
    }
}
