//! Game states as JSON text: read straight into each game's typed state (no
//! generic tree in between, so memory stays proportional to what is valid),
//! with exact keys, no duplicate key, and errors that name the path.

use serde::de::{DeserializeOwned, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::card::Card;
use crate::error::{Error, Result};
use crate::trick::Trick;

/// The default bound on a state's text, in bytes: about twenty times the
/// largest state random play reaches (a Brouc match to 1000 points, every
/// finished deal recorded). Longer texts are refused before parsing.
pub const MAX_STATE_BYTES: usize = 4 << 20;

/// Reads a whole JSON text into `T`. Structs derive `Deserialize` with
/// `deny_unknown_fields`, which also refuses a key given twice.
pub fn parse<T: DeserializeOwned>(text: &str) -> Result<T> {
    let mut reader = serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize(&mut reader).map_err(|error| {
        let path = error.path().to_string();
        let inner = error.into_inner();
        if path == "." {
            Error::json(inner.to_string())
        } else {
            Error::json(format!("{path}: {inner}"))
        }
    })?;
    reader
        .end()
        .map_err(|e| Error::json(format!("after the state: {e}")))?;
    Ok(value)
}

/// Refuses a text over `max_bytes` before anything is parsed.
pub fn check_size(text: &str, max_bytes: usize) -> Result<()> {
    if text.len() > max_bytes {
        return Err(Error::json(format!(
            "the state is {} bytes long, over the limit of {max_bytes} (max_bytes)",
            text.len()
        )));
    }
    Ok(())
}

/// The `"game"` a state names, read without building the rest.
pub fn game_name(text: &str) -> Result<String> {
    /// The other keys are skipped (serde's `IgnoredAny`), not stored.
    #[derive(Deserialize)]
    struct Header {
        game: String,
    }
    parse::<Header>(text)
        .map(|header| header.game)
        .map_err(|e| Error::json(format!("not a game state ({e})")))
}

/// For `Option` fields: the key must be there, `null` or a value (serde
/// would otherwise read a missing key as `None`).
pub fn nullable<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    Option::deserialize(deserializer)
}

/// For per-seat lists of games whose player count is an option: at most `N`
/// items. A longer list is refused at item `N + 1`, so a hostile text cannot
/// make it hold more than a table's worth.
pub fn at_most<'de, D: Deserializer<'de>, T: Deserialize<'de>, const N: usize>(
    deserializer: D,
) -> Result<Vec<T>, D::Error> {
    struct Bounded<T, const N: usize>(std::marker::PhantomData<T>);

    impl<'de, T: Deserialize<'de>, const N: usize> Visitor<'de> for Bounded<T, N> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "a list of at most {N} items, one per seat")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<Vec<T>, A::Error> {
            let mut list = Vec::new();
            while let Some(item) = items.next_element()? {
                if list.len() == N {
                    return Err(serde::de::Error::invalid_length(N + 1, &self));
                }
                list.push(item);
            }
            Ok(list)
        }
    }

    deserializer.deserialize_seq(Bounded::<T, N>(std::marker::PhantomData))
}

/// A trick's plays: `[seat, card]` pairs in play order.
pub type Plays = Vec<(u8, Card)>;

/// The plays of several tricks, one after the other.
pub fn all_plays<'a>(tricks: impl IntoIterator<Item = &'a Plays>) -> Plays {
    tricks.into_iter().flatten().copied().collect()
}

pub fn plays<const N: usize>(trick: &Trick<N>) -> Plays {
    trick
        .plays()
        .map(|(seat, card)| (seat as u8, card))
        .collect()
}

/// The error for a state that is not what replaying its history gives: names
/// the first key (alphabetically) whose value differs, and both values.
pub fn difference<T: Serialize>(given: &T, replayed: &T) -> Error {
    let (Ok(Value::Object(given)), Ok(Value::Object(replayed))) =
        (serde_json::to_value(given), serde_json::to_value(replayed))
    else {
        return Error::json("the state is not what replaying its history gives");
    };
    let differing = given
        .iter()
        .find(|(key, value)| replayed.get(*key) != Some(*value));
    match differing {
        Some((key, value)) => Error::json(format!(
            "{key:?} is {}, but replaying the history gives {}",
            brief(value),
            brief(replayed.get(key).unwrap_or(&Value::Null))
        )),
        None => Error::json("the state is not what replaying its history gives"),
    }
}

/// A value's JSON text, cut short when long.
fn brief(value: &Value) -> String {
    const MAX: usize = 160;
    let text = value.to_string();
    match text.char_indices().nth(MAX) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text,
    }
}
