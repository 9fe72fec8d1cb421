//! The one error type of cardcore; the Python binding maps each kind to its
//! own exception class in a single place.

use std::fmt;

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
            Error::IllegalAction(message) | Error::Json(message) | Error::Seat(message) => {
                f.write_str(message)
            }
            // Names are quoted as given (not escaped), so the message contains them.
            Error::Notation(text) => write!(f, "not a card or action: '{text}'"),
            Error::UnknownGame(name) => write!(f, "unknown game: '{name}'"),
            Error::Option { name, message } => write!(f, "option '{name}': {message}"),
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T, E = Error> = std::result::Result<T, E>;
