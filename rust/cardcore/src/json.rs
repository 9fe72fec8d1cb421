//! Game states as JSON text: read straight into each game's typed state (no
//! generic tree in between, so memory stays proportional to what is valid),
//! with exact keys, no duplicate key, and errors that name the path.

use serde::de::{DeserializeOwned, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::card::Card;
use crate::error::{shortened, Error, Result, MAX_QUOTED};
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
        let path = path_text(error.path());
        let inner = serde_message(&error.into_inner().to_string());
        if path == "." {
            Error::json(inner)
        } else {
            Error::json(format!("{path}: {inner}"))
        }
    })?;
    reader
        .end()
        .map_err(|e| Error::json(format!("after the state: {e}")))?;
    Ok(value)
}

/// Where in a state an error is, as `serde_path_to_error` writes it
/// (`finished_deals[2].tricks`), each key cut short when long.
fn path_text(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut text = String::new();
    for segment in path {
        match segment {
            Segment::Seq { index } => text.push_str(&format!("[{index}]")),
            Segment::Map { key } | Segment::Enum { variant: key } => {
                if !text.is_empty() {
                    text.push('.');
                }
                text.push_str(&shortened(key));
            }
            Segment::Unknown => {
                if !text.is_empty() {
                    text.push('.');
                }
                text.push('?');
            }
        }
    }
    if text.is_empty() {
        text.push('.');
    }
    text
}

/// A serde message with the input it quotes cut short. Serde words a refusal
/// as what was given (`unknown field `...``, `invalid type: string "..."`),
/// then what the state's schema expects (`, expected ...`, `, there are no
/// ...`, from cardcore's own words): the given part is cut, the rest kept.
pub(crate) fn serde_message(message: &str) -> String {
    let schema = [", expected ", ", there are no "]
        .iter()
        .filter_map(|words| message.rfind(words))
        .max();
    match schema {
        Some(at) => format!("{}{}", shortened(&message[..at]), &message[at..]),
        // cardcore's own messages (already cut) and serde_json's syntax errors
        // quote no input; a longer one is cut all the same.
        None if message.len() > 4 * MAX_QUOTED => shortened(message).into_owned(),
        None => message.to_owned(),
    }
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

/// The first key (alphabetically) whose value differs between two states,
/// with both values (each cut short when long); `None` when none differs.
pub fn first_difference<T: Serialize>(given: &T, replayed: &T) -> Option<(String, String, String)> {
    let (Ok(Value::Object(given)), Ok(Value::Object(replayed))) =
        (serde_json::to_value(given), serde_json::to_value(replayed))
    else {
        return None;
    };
    let (key, value) = given
        .iter()
        .find(|(key, value)| replayed.get(*key) != Some(*value))?;
    Some((
        key.clone(),
        brief(value),
        brief(replayed.get(key).unwrap_or(&Value::Null)),
    ))
}

/// A value's JSON text, cut short when long.
pub(crate) fn brief(value: &Value) -> String {
    shortened(&value.to_string()).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Small {
        card: Card,
        inner: Vec<Inner>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Inner {
        count: u8,
    }

    /// The message `parse::<Small>` gives for `text`.
    fn refusal(text: &str) -> String {
        match parse::<Small>(text) {
            Err(Error::Json(message)) => message,
            other => panic!("accepted: {other:?}"),
        }
    }

    #[test]
    fn messages_cut_the_input_they_quote() {
        let huge = "x".repeat(4_000_000);
        let bound = 2 * MAX_QUOTED + 200;
        let unknown = refusal(&format!(r#"{{"{huge}": 1}}"#));
        assert!(unknown.len() < bound, "{} bytes", unknown.len());
        assert!(unknown.contains("unknown field `xxxx"), "{unknown}");
        assert!(unknown.contains("(4000000 characters)"), "{unknown}");
        assert!(unknown.contains("expected `card` or `inner`"), "{unknown}");
        let nested = refusal(&format!(r#"{{"card": "KH", "inner": [{{"{huge}": 1}}]}}"#));
        assert!(nested.len() < bound, "{} bytes", nested.len());
        assert!(nested.contains("unknown field"), "{nested}");
        let card = refusal(&format!(r#"{{"card": "{huge}"}}"#));
        assert!(card.len() < bound, "{} bytes", card.len());
        assert!(
            card.starts_with("card: invalid value: string \"xxx"),
            "{card}"
        );
        assert!(card.contains("expected a card text"), "{card}");
        let kind = refusal(&format!(
            r#"{{"card": "KH", "inner": [{{"count": "{huge}"}}]}}"#
        ));
        assert!(kind.len() < bound, "{} bytes", kind.len());
        assert!(
            kind.starts_with("inner[0].count: invalid type: string"),
            "{kind}"
        );
        // Short input is quoted whole, as before.
        assert!(refusal(r#"{"zz": 1}"#).starts_with("zz: unknown field `zz`, expected"));
    }
}
