//! The registered games: one module each, and the one list that names them.

pub mod brouc;
pub mod five_hundred;
pub mod julien;
pub mod tarot;

/// Every registered game name, in `cardcore.GAMES` order.
pub const GAMES: &[&str] = &["brouc", "julien", "tarot", "five_hundred"];

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
            _ => $unknown,
        }
    };
}
