//! Reading game states back from JSON: small checked accessors shared by every
//! game, each failing with a `JsonError` that names the key.

use serde_json::{Map, Value};

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::error::{Error, Result};
use crate::trick::Trick;

pub fn object<'a>(value: &'a Value, what: &str) -> Result<&'a Map<String, Value>> {
    value
        .as_object()
        .ok_or_else(|| Error::json(format!("{what}: expected an object")))
}

pub fn field<'a>(object: &'a Map<String, Value>, key: &str) -> Result<&'a Value> {
    object
        .get(key)
        .ok_or_else(|| Error::json(format!("missing key {key:?}")))
}

pub fn array<'a>(value: &'a Value, what: &str) -> Result<&'a Vec<Value>> {
    value
        .as_array()
        .ok_or_else(|| Error::json(format!("{what}: expected a list")))
}

pub fn uint(value: &Value, what: &str, max: u64) -> Result<u64> {
    match value.as_u64() {
        Some(n) if n <= max => Ok(n),
        _ => Err(Error::json(format!(
            "{what}: expected an integer in 0..={max}, got {value}"
        ))),
    }
}

pub fn int(value: &Value, what: &str) -> Result<i64> {
    value
        .as_i64()
        .filter(|n| n.unsigned_abs() < 1 << 40)
        .ok_or_else(|| Error::json(format!("{what}: expected an integer, got {value}")))
}

pub fn string<'a>(value: &'a Value, what: &str) -> Result<&'a str> {
    value
        .as_str()
        .ok_or_else(|| Error::json(format!("{what}: expected a string, got {value}")))
}

pub fn card(value: &Value, what: &str) -> Result<Card> {
    string(value, what)?
        .parse()
        .map_err(|_| Error::json(format!("{what}: not a card: {value}")))
}

pub fn suit(value: &Value, what: &str) -> Result<Suit> {
    let text = string(value, what)?;
    let mut letters = text.chars();
    match (letters.next().and_then(Suit::from_letter), letters.next()) {
        (Some(suit), None) if text == text.to_ascii_uppercase() => Ok(suit),
        _ => Err(Error::json(format!("{what}: not a suit: {value}"))),
    }
}

/// A list of exactly `len` items, each read by `read`.
pub fn list_of<T>(
    value: &Value,
    what: &str,
    len: usize,
    read: impl Fn(&Value) -> Result<T>,
) -> Result<Vec<T>> {
    let items = array(value, what)?;
    if items.len() != len {
        return Err(Error::json(format!("{what}: expected {len} items")));
    }
    items.iter().map(read).collect()
}

/// A fixed-size array of `N` integers.
pub fn ints<const N: usize>(value: &Value, what: &str) -> Result<[i64; N]> {
    let items = list_of(value, what, N, |v| int(v, what))?;
    items
        .try_into()
        .map_err(|_| Error::json(format!("{what}: expected {N} integers")))
}

/// Rejects an object whose keys are not exactly `keys`.
pub fn exact_keys(object: &Map<String, Value>, keys: &[&str], what: &str) -> Result<()> {
    if let Some(key) = object.keys().find(|k| !keys.contains(&k.as_str())) {
        return Err(Error::json(format!("{what}: unknown key {key:?}")));
    }
    if let Some(key) = keys.iter().find(|k| !object.contains_key(**k)) {
        return Err(Error::json(format!("{what}: missing key {key:?}")));
    }
    Ok(())
}

/// A list of distinct cards in face-id order (how every state lists a hand).
pub fn sorted_cards(value: &Value, what: &str) -> Result<Vec<Card>> {
    let cards = array(value, what)?
        .iter()
        .map(|c| card(c, what))
        .collect::<Result<Vec<_>>>()?;
    if cards.windows(2).any(|pair| pair[0] >= pair[1]) {
        return Err(Error::json(format!(
            "{what}: cards must be distinct and sorted by face id"
        )));
    }
    Ok(cards)
}

/// A card set as a list of card texts, in face-id order.
pub fn cards_value(cards: CardSet) -> Value {
    cards.iter().map(|c| c.to_string()).collect()
}

/// A trick as `[seat, card]` pairs in play order.
pub fn plays_value<const N: usize>(trick: &Trick<N>) -> Value {
    trick
        .plays()
        .map(|(seat, card)| Value::from(vec![Value::from(seat), Value::from(card.to_string())]))
        .collect()
}

/// Reads `[seat, card]` pairs played in turn from `leader` (at most `N`).
pub fn trick<const N: usize>(value: &Value, leader: usize, what: &str) -> Result<Trick<N>> {
    let plays = array(value, what)?;
    if plays.len() > N {
        return Err(Error::json(format!("{what}: more than {N} cards")));
    }
    let mut trick = Trick::new(leader);
    for play in plays {
        let [seat, face] = array(play, what)?.as_slice() else {
            return Err(Error::json(format!("{what}: expected [seat, card] pairs")));
        };
        if uint(seat, what, N as u64 - 1)? as usize != trick.next_seat() {
            return Err(Error::json(format!("{what}: seats out of order")));
        }
        trick.push(card(face, what)?);
    }
    Ok(trick)
}
