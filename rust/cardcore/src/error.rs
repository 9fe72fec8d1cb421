//! The one error type of cardcore; the Python binding maps each kind to its
//! own exception class in a single place.

use std::borrow::Cow;
use std::fmt;

/// The most characters of a given text a message quotes: longer input is cut
/// after them (docs/protocol.md, "Errors"), so a message stays short whatever
/// it was given.
pub const MAX_QUOTED: usize = 200;

/// Text a caller gave, as a message quotes it: whole when it has at most
/// [`MAX_QUOTED`] characters, else its first ones, `...` and its length
/// (`xxx... (4000000 characters)`). Every message that echoes input (card and
/// action texts, JSON keys and values, option names and values, game names)
/// quotes it through this.
pub fn shortened(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(MAX_QUOTED) {
        Some((cut, _)) => Cow::Owned(format!(
            "{}... ({} characters)",
            &text[..cut],
            text.chars().count()
        )),
        None => Cow::Borrowed(text),
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// An action that is not legal now, or not an action of this game.
    IllegalAction(String),
    /// Card or action text that does not parse; holds the text.
    Notation(String),
    /// JSON that is not a consistent state of the game.
    Json(String),
    /// A game name that is not registered; holds the name.
    UnknownGame(String),
    /// A bad option: its name and what is wrong.
    Option { name: String, message: String },
    /// A seat out of range.
    Seat(String),
    /// A call the game's phase does not allow: solving where no trick is
    /// being played ([`crate::solver`]).
    Phase(String),
}

impl Error {
    pub fn option(name: &str, message: impl Into<String>) -> Error {
        Error::Option {
            name: name.to_owned(),
            message: message.into(),
        }
    }

    pub fn json(message: impl Into<String>) -> Error {
        Error::Json(message.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::IllegalAction(message)
            | Error::Json(message)
            | Error::Seat(message)
            | Error::Phase(message) => f.write_str(message),
            // Names are quoted as given (not escaped), so the message contains
            // them; cut when long.
            Error::Notation(text) => write!(f, "not a card or action: '{}'", shortened(text)),
            Error::UnknownGame(name) => write!(f, "unknown game: '{}'", shortened(name)),
            Error::Option { name, message } => {
                write!(f, "option '{}': {message}", shortened(name))
            }
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_input_is_cut_where_a_message_quotes_it() {
        assert_eq!(shortened("KH"), "KH");
        let exact = "é".repeat(MAX_QUOTED);
        assert_eq!(shortened(&exact), exact);
        let long = format!("{exact}z");
        assert_eq!(
            shortened(&long),
            format!("{exact}... ({} characters)", MAX_QUOTED + 1)
        );
        let huge = "x".repeat(4_000_000);
        for error in [
            Error::Notation(huge.clone()),
            Error::UnknownGame(huge.clone()),
            Error::option(&huge, "unknown option"),
        ] {
            let message = error.to_string();
            assert!(message.len() < MAX_QUOTED + 100, "{}", message.len());
            assert!(message.contains("(4000000 characters)"), "{message}");
        }
    }
}
