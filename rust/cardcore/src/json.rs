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
        let inner = error.into_inner();
        let syntax = inner.is_syntax() || inner.is_eof();
        let inner = parser_message(&inner);
        // Not JSON: the position says where; the path is only serde's guess.
        if path == "." || syntax {
            Error::json(inner)
        } else {
            Error::json(format!("{path}: {inner}"))
        }
    })?;
    reader.end().map_err(|e| {
        let (_, position) = split_position(&e.to_string());
        Error::json(format!("text after the state{position}"))
    })?;
    Ok(value)
}

/// serde_json's error in the state's own terms: what was expected and what was
/// found, the keys and values named as in the JSON text. Not JSON at all: what
/// is wrong and where (`not JSON: the text ends inside an object (line 1,
/// column 9)`); a value of the wrong kind: no position (the path names it).
fn parser_message(error: &serde_json::Error) -> String {
    let (body, position) = split_position(&error.to_string());
    if error.is_syntax() || error.is_eof() {
        format!("not JSON: {}{position}", syntax_message(&body))
    } else {
        serde_message(&body)
    }
}

/// A message without serde_json's ` at line L column C`, and that position as
/// ` (line L, column C)` (empty when there is none).
fn split_position(message: &str) -> (String, String) {
    if let Some(at) = message.rfind(" at line ") {
        if let Some((line, column)) = message[at + 9..].split_once(" column ") {
            if line.bytes().all(|b| b.is_ascii_digit())
                && column.bytes().all(|b| b.is_ascii_digit())
            {
                return (
                    message[..at].to_owned(),
                    format!(" (line {line}, column {column})"),
                );
            }
        }
    }
    (message.to_owned(), String::new())
}

/// serde_json's syntax errors in plain words.
fn syntax_message(message: &str) -> String {
    let words = match message {
        "EOF while parsing a value" => "the text ends where a value should be",
        "EOF while parsing a list" => "the text ends inside an array",
        "EOF while parsing an object" => "the text ends inside an object",
        "EOF while parsing a string" => "the text ends inside a string",
        "expected value" => "expected a JSON value",
        "expected ident" => "expected true, false or null",
        "trailing characters" => "text after the JSON value",
        "key must be a string" => "an object's key must be a string",
        "recursion limit exceeded" => "nested too deeply",
        other => return shortened(other).into_owned(),
    };
    words.to_owned()
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

/// A serde refusal in the state's own terms, with the input it quotes cut
/// short: `expected an object, found an array of 0 items` for serde's `invalid
/// length 0, expected struct Header with 1 element`, `unknown key "x" (the keys
/// are "a", "b")`, `the key "game" is missing`, `the key "seat" is given
/// twice`, `unknown value "x", expected one of "a", "b"`. cardcore's own
/// messages (already cut) pass unchanged; a longer one is cut all the same.
pub(crate) fn serde_message(message: &str) -> String {
    let schema = |rest: &str, quote: &str| {
        [", expected ", ", there are no "]
            .iter()
            .filter_map(|words| {
                rest.rfind(&format!("{quote}{words}"))
                    .map(|at| at + quote.len())
            })
            .max()
    };
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some(rest) = message.strip_prefix(prefix) {
            if let Some(at) = rest.rfind(", expected ") {
                let expected = expected_text(&rest[at + 11..]);
                return format!("expected {expected}, found {}", found_text(&rest[..at]));
            }
        }
    }
    if let Some(rest) = message.strip_prefix("invalid length ") {
        if let Some((length, expected)) = rest.split_once(", expected ") {
            if expected == "fewer elements in array" {
                return format!("expected an array of {length} items, found more");
            }
            let items = if length == "1" { "item" } else { "items" };
            let expected = expected_text(expected);
            return format!("expected {expected}, found an array of {length} {items}");
        }
    }
    if let Some(rest) = message.strip_prefix("unknown field `") {
        if let Some(at) = schema(rest, "`") {
            let key = shortened(&rest[..at - 1]);
            return match rest[at..].strip_prefix(", expected ") {
                Some(keys) => {
                    let keys = names(keys.strip_prefix("one of ").unwrap_or(keys));
                    format!(
                        "unknown key \"{key}\" (the keys are {})",
                        keys.replace(" or ", " and ")
                    )
                }
                None => format!("unknown key \"{key}\" (no key is expected here)"),
            };
        }
    }
    if let Some(rest) = message.strip_prefix("unknown variant `") {
        if let Some(at) = schema(rest, "`") {
            let value = shortened(&rest[..at - 1]);
            return match rest[at..].strip_prefix(", expected ") {
                Some(values) => format!("unknown value \"{value}\", expected {}", names(values)),
                None => format!("unknown value \"{value}\" (no value is expected here)"),
            };
        }
    }
    for (prefix, what) in [
        ("missing field `", "is missing"),
        ("duplicate field `", "is given twice"),
    ] {
        if let Some(key) = message
            .strip_prefix(prefix)
            .and_then(|r| r.strip_suffix('`'))
        {
            return format!("the key \"{}\" {what}", shortened(key));
        }
    }
    // cardcore's own messages (already cut) quote no input whole; a longer
    // one is cut all the same.
    if message.len() > 4 * MAX_QUOTED {
        shortened(message).into_owned()
    } else {
        message.to_owned()
    }
}

/// serde's list of names (`` `a` ``, `` `a` or `b` ``, `` one of `a`, `b` ``)
/// quoted as JSON writes them: `"a"`, `"a" or "b"`, `one of "a", "b"`.
fn names(list: &str) -> String {
    list.replace('`', "\"")
}

/// What serde says a state expected, in JSON's words.
fn expected_text(expected: &str) -> String {
    let words = match expected {
        "a sequence" => "an array",
        "a map" => "an object",
        "a borrowed string" | "a string" => "a string",
        "u8" => "an integer from 0 to 255",
        "u16" => "an integer from 0 to 65535",
        "u32" => "an integer from 0 to 4294967295",
        "u64" | "usize" | "u128" => "an integer, 0 or more",
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "an integer",
        "f32" | "f64" => "a number",
        "unit" => "null",
        "option" => "a value or null",
        other => {
            if other.starts_with("struct ") || other.starts_with("struct variant ") {
                return "an object".to_owned();
            }
            if other.starts_with("tuple struct ") || other.starts_with("tuple variant ") {
                return "an array".to_owned();
            }
            if let Some(name) = other.strip_prefix("enum ") {
                return format!("a string naming a {}", words_of(name));
            }
            for prefix in ["a tuple of size ", "an array of length ", "tuple of "] {
                if let Some(count) = other.strip_prefix(prefix) {
                    let count = count.trim_end_matches(" elements");
                    return format!("an array of {count} items");
                }
            }
            return other.to_owned();
        }
    };
    words.to_owned()
}

/// `TourKind` as `tour kind`.
fn words_of(name: &str) -> String {
    let mut words = String::new();
    for (index, c) in name.chars().enumerate() {
        if c.is_uppercase() && index > 0 {
            words.push(' ');
        }
        words.extend(c.to_lowercase());
    }
    words
}

/// What serde says a state held instead, in JSON's words, the input cut short.
fn found_text(given: &str) -> String {
    if let Some(text) = given
        .strip_prefix("string \"")
        .and_then(|t| t.strip_suffix('"'))
    {
        return format!("the string \"{}\"", shortened(text));
    }
    for (prefix, name) in [
        ("integer `", "the integer "),
        ("floating point `", "the number "),
        ("boolean `", ""),
    ] {
        if let Some(value) = given.strip_prefix(prefix).and_then(|v| v.strip_suffix('`')) {
            return format!("{name}{}", shortened(value));
        }
    }
    let words = match given {
        "unit value" | "null" => "null",
        "sequence" => "an array",
        "map" => "an object",
        "Option value" => "a value",
        other => return shortened(other).into_owned(),
    };
    words.to_owned()
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
        .map_err(|e| match e.to_string() {
            // Not JSON at all, or more than one value: said as it is.
            text if text.starts_with("not JSON") || text.starts_with("text after") => {
                Error::json(text)
            }
            text => Error::json(format!("not a game state: {text}")),
        })
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
        assert!(unknown.contains("unknown key \"xxxx"), "{unknown}");
        assert!(unknown.contains("(4000000 characters)"), "{unknown}");
        assert!(
            unknown.ends_with("(the keys are \"card\" and \"inner\")"),
            "{unknown}"
        );
        let nested = refusal(&format!(r#"{{"card": "KH", "inner": [{{"{huge}": 1}}]}}"#));
        assert!(nested.len() < bound, "{} bytes", nested.len());
        assert!(nested.starts_with("inner[0]."), "{nested}");
        assert!(nested.contains("unknown key"), "{nested}");
        let card = refusal(&format!(r#"{{"card": "{huge}"}}"#));
        assert!(card.len() < bound, "{} bytes", card.len());
        assert!(
            card.starts_with("card: expected a card text such as \"QH\", found the string \"xxx"),
            "{card}"
        );
        assert!(card.contains("(4000000 characters)"), "{card}");
        let kind = refusal(&format!(
            r#"{{"card": "KH", "inner": [{{"count": "{huge}"}}]}}"#
        ));
        assert!(kind.len() < bound, "{} bytes", kind.len());
        assert!(
            kind.starts_with(
                "inner[0].count: expected an integer from 0 to 255, found the string \"xxx"
            ),
            "{kind}"
        );
        // Short input is quoted whole.
        assert_eq!(
            refusal(r#"{"zz": 1}"#),
            "zz: unknown key \"zz\" (the keys are \"card\" and \"inner\")"
        );
    }

    /// Each kind of refusal in the state's own terms: the key, what was
    /// expected, what was found; none of serde's or the parser's own words.
    #[test]
    fn refusals_say_what_was_expected_and_found() {
        let cases = [
            ("[]", "expected an object, found an array of 0 items"),
            (r#"["KH"]"#, "expected an object, found an array of 1 item"),
            ("5", "expected an object, found the integer 5"),
            ("null", "expected an object, found null"),
            ("{}", "the key \"card\" is missing"),
            (r#"{"card": "KH"}"#, "the key \"inner\" is missing"),
            (
                r#"{"card": "KH", "card": "QH", "inner": []}"#,
                "the key \"card\" is given twice",
            ),
            (
                r#"{"card": 5, "inner": []}"#,
                "card: expected a card text such as \"QH\", found the integer 5",
            ),
            (
                r#"{"card": "KH", "inner": {}}"#,
                "inner: expected an array, found an object",
            ),
            (
                r#"{"card": "KH", "inner": [{"count": 300}]}"#,
                "inner[0].count: expected an integer from 0 to 255, found the integer 300",
            ),
            (
                r#"{"card": "KH", "inner": [{"count": -1}]}"#,
                "inner[0].count: expected an integer from 0 to 255, found the integer -1",
            ),
            (
                r#"{"card": "KH", "inner": [{"count": 1.5}]}"#,
                "inner[0].count: expected an integer from 0 to 255, found the number 1.5",
            ),
            (
                r#"{"card": "KH", "inner": [{"count": true}]}"#,
                "inner[0].count: expected an integer from 0 to 255, found true",
            ),
            (
                r#"{"card": "KH", "inner": [{"count": null}]}"#,
                "inner[0].count: expected an integer from 0 to 255, found null",
            ),
            (
                r#"{"card": "KH", "inner": [[]]}"#,
                "inner[0]: expected an object, found an array of 0 items",
            ),
            (
                r#"{"card": "KH", "inner": [{"count": 1, "more": 2}]}"#,
                "inner[0].more: unknown key \"more\" (the keys are \"count\")",
            ),
            (
                r#"{"card": "KH""#,
                "not JSON: the text ends inside an object (line 1, column 13)",
            ),
            (
                r#"{"card": "KH", "inner": [}"#,
                "not JSON: expected a JSON value (line 1, column 26)",
            ),
            (
                r#"{"card": "KH", "inner": []} x"#,
                "text after the state (line 1, column 29)",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(refusal(text), message, "{text}");
        }
        for (serde, plain) in [
            (
                "unknown variant `x`, expected `a` or `b`",
                "unknown value \"x\", expected \"a\" or \"b\"",
            ),
            (
                "unknown variant `x`, expected one of `a`, `b`, `c`",
                "unknown value \"x\", expected one of \"a\", \"b\", \"c\"",
            ),
            (
                "invalid length 3, expected a tuple of size 2",
                "expected an array of 2 items, found an array of 3 items",
            ),
            (
                "invalid type: string \"x\", expected enum TourKind",
                "expected a string naming a tour kind, found the string \"x\"",
            ),
            (
                "invalid type: map, expected u64",
                "expected an integer, 0 or more, found an object",
            ),
        ] {
            assert_eq!(serde_message(serde), plain);
        }
    }
}
