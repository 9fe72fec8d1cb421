//! What one seat may know of a game (docs/protocol.md, "Observations"): a
//! snapshot that answers only what that seat could answer at the table.
//!
//! Bots decide from an observation, never from the game. It holds a copy of
//! the game but gives out only the seat's own cards, public facts and, when
//! the seat is to act, the legal actions; each game adds its public accessors
//! (`games/<game>/`), answered as the game answers them.

use serde_json::Value;

use crate::error::Result;
use crate::game::{check_seat, ActionId, Game};

#[derive(Clone, Debug)]
pub struct Observation<G> {
    game: G,
    seat: usize,
}

impl<G: Game> Observation<G> {
    /// What `seat` may know of `game` now (a seat out of range is an error).
    pub fn new(game: &G, seat: usize) -> Result<Self> {
        Ok(Observation {
            seat: check_seat(game, seat)?,
            game: game.clone(),
        })
    }

    /// `seat`'s observation of `game`, which it takes (a seat in range): for
    /// a search's rollouts, which hand it back with [`Observation::into_game`].
    pub(crate) const fn of(game: G, seat: usize) -> Self {
        Observation { game, seat }
    }

    /// The game observed, given back.
    pub(crate) fn into_game(self) -> G {
        self.game
    }

    /// The seat observing.
    pub const fn seat(&self) -> usize {
        self.seat
    }

    pub fn current_player(&self) -> Option<usize> {
        self.game.current_player()
    }

    pub fn phase(&self) -> &'static str {
        self.game.phase()
    }

    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    pub fn num_players(&self) -> usize {
        self.game.num_players()
    }

    pub fn scores(&self) -> Vec<i64> {
        self.game.scores()
    }

    /// The seats that won the match (`Game::winning_seats`).
    pub fn winning_seats(&self) -> Vec<usize> {
        self.game.winning_seats()
    }

    pub fn options(&self) -> Value {
        self.game.options()
    }

    /// Whether the observing seat is to act.
    pub fn to_act(&self) -> bool {
        self.game.current_player() == Some(self.seat)
    }

    /// The legal actions when the observing seat is to act; none otherwise.
    pub fn legal_actions(&self, out: &mut Vec<ActionId>) {
        out.clear();
        if self.to_act() {
            self.game.legal_actions(out);
        }
    }

    /// The JSON form (`Game::observation`).
    pub fn to_json(&self) -> Value {
        self.game.observation(self.seat).unwrap_or(Value::Null)
    }

    /// The game, for the games' own accessors of what this seat may know.
    pub(crate) const fn game(&self) -> &G {
        &self.game
    }
}

/// Gives `Observation<$G>` the game's public accessors, each answered as the
/// game answers it: what the rules show every seat.
macro_rules! public_accessors {
    ($G:ty { $( $(#[$meta:meta])* fn $name:ident(&self $(, $arg:ident: $ty:ty)*) -> $ret:ty; )* }) => {
        impl $crate::observation::Observation<$G> {
            $(
                $(#[$meta])*
                pub fn $name(&self $(, $arg: $ty)*) -> $ret {
                    self.game().$name($($arg),*)
                }
            )*
        }
    };
}
pub(crate) use public_accessors;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::brouc::Brouc;
    use crate::rng::SplitMix64;
    use serde_json::Map;

    #[test]
    fn a_seat_sees_its_hand_and_acts_only_in_turn() {
        let mut game = Brouc::new(3, &Map::new()).unwrap();
        let mut rng = SplitMix64::new(3);
        for _ in 0..5 {
            game.play_random(&mut rng);
        }
        let to_act = game.current_player().unwrap();
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        for seat in 0..4 {
            let observed = Observation::new(&game, seat).unwrap();
            assert_eq!(observed.hand(), game.hand(seat).unwrap());
            assert_eq!(observed.to_json(), game.observation(seat).unwrap());
            let mut offered = vec![0];
            observed.legal_actions(&mut offered);
            assert_eq!(
                offered,
                if seat == to_act {
                    legal.clone()
                } else {
                    vec![]
                }
            );
        }
        assert!(Observation::new(&game, 4).is_err());
    }
}
