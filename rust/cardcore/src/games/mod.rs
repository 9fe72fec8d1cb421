//! The registered games: one module each, and the one list that names them.

pub mod brouc;
pub mod five_hundred;
pub mod jolly;
pub mod julien;
pub mod tarot;

/// Every registered game name, in `cardcore.GAMES` order.
pub const GAMES: &[&str] = &["brouc", "julien", "tarot", "five_hundred", "jolly"];

/// Runs `$body` with `$G` standing for the game type registered as `$name`,
/// or evaluates `$unknown` when no game has that name. The only place that
/// maps names to types: the binding and `simulate` both go through it.
#[macro_export]
macro_rules! with_game {
    ($name:expr, $G:ident => $body:expr, unknown => $unknown:expr) => {
        match $name {
            "brouc" => {
                type $G = $crate::games::brouc::Brouc;
                $body
            }
            "julien" => {
                type $G = $crate::games::julien::Julien;
                $body
            }
            "tarot" => {
                type $G = $crate::games::tarot::Tarot;
                $body
            }
            "five_hundred" => {
                type $G = $crate::games::five_hundred::FiveHundred;
                $body
            }
            "jolly" => {
                type $G = $crate::games::jolly::Jolly;
                $body
            }
            _ => $unknown,
        }
    };
}

#[cfg(test)]
mod tests {
    use super::GAMES;
    use crate::game::{table_options, Game};
    use crate::rng::SplitMix64;

    /// Plays random matches of `G` at each of its tables, checking each draw.
    fn draws_follow_the_protocol<G: Game>() {
        for seed in 0..6 {
            let mut game = G::new(seed, &table_options::<G>(seed as usize)).unwrap();
            let mut rng = SplitMix64::new(seed);
            let mut legal = Vec::new();
            while !game.is_over() {
                game.legal_actions(&mut legal);
                assert!(legal.windows(2).all(|pair| pair[0] < pair[1]), "{legal:?}");
                let mut listed = rng.clone();
                let expected = legal[listed.below(legal.len() as u64) as usize];
                assert_eq!(game.random_action(&mut rng.clone()), Some(expected));
                assert_eq!(game.play_random(&mut rng), Some(expected));
            }
        }
    }

    /// docs/protocol.md, "Bots and simulation": every game's random action is
    /// `below(len(legal))` into its legal actions in id order, however it draws.
    #[test]
    fn random_actions_index_the_legal_actions_in_id_order() {
        for name in GAMES {
            crate::with_game!(*name, G => draws_follow_the_protocol::<G>(), unknown => unreachable!());
        }
    }
}
