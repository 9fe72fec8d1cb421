//! The parts of a state's JSON and of an observation that every game shares
//! (docs/protocol.md, "JSON" and "Observations"): each game adds its public
//! keys, these add and read the rest.

use serde_json::{json, Map, Value};

use crate::cardset::CardSet;
use crate::error::{Error, Result};
use crate::game::{check_seat, ActionId, Game};
use crate::json;
use crate::rng::SplitMix64;

/// The whole state: the game's public keys, then the generator, the hands and
/// the history, which no observation shows.
pub fn full<G: Game>(
    mut public: Map<String, Value>,
    rng: &SplitMix64,
    hands: &[CardSet],
    history: &[ActionId],
) -> Value {
    public.insert("rng".into(), json!(rng.state()));
    let hands: Vec<Value> = hands.iter().map(|&h| json::cards_value(h)).collect();
    public.insert("hands".into(), Value::Array(hands));
    let history: Vec<Value> = history
        .iter()
        .map(|&a| Value::String(G::action_text(a)))
        .collect();
    public.insert("history".into(), Value::Array(history));
    Value::Object(public)
}

/// What `seat` sees: the game's public keys, its own hand, every hand's size,
/// the seat to act and the scores.
pub fn observation<G: Game>(
    game: &G,
    mut public: Map<String, Value>,
    seat: usize,
    hands: &[CardSet],
) -> Result<Map<String, Value>> {
    let seat = check_seat::<G>(seat)?;
    public.insert("seat".into(), json!(seat));
    public.insert("hand".into(), json::cards_value(hands[seat]));
    let sizes: Vec<usize> = hands.iter().map(|h| h.len()).collect();
    public.insert("hand_sizes".into(), json!(sizes));
    public.insert("current_player".into(), json!(game.current_player()));
    public.insert("scores".into(), json!(game.scores()));
    Ok(public)
}

/// A saved state of `G`: an object naming the game, version 1, with exactly `keys`.
pub fn object<'a, G: Game>(value: &'a Value, keys: &[&str]) -> Result<&'a Map<String, Value>> {
    let state = json::object(value, "state")?;
    if state.get("game") != Some(&json!(G::NAME)) || state.get("version") != Some(&json!(1)) {
        return Err(Error::json(format!("not a version 1 {} state", G::NAME)));
    }
    json::exact_keys(state, keys, "state")?;
    Ok(state)
}

/// The saved generator.
pub fn rng(state: &Map<String, Value>) -> Result<SplitMix64> {
    Ok(SplitMix64::new(json::uint(
        json::field(state, "rng")?,
        "rng",
        u64::MAX,
    )?))
}

/// The saved hands: one list per seat, each sorted by face id.
pub fn hands<G: Game>(state: &Map<String, Value>) -> Result<Vec<CardSet>> {
    json::list_of(
        json::field(state, "hands")?,
        "hands",
        G::NUM_PLAYERS,
        |hand| Ok(json::sorted_cards(hand, "hands")?.into_iter().collect()),
    )
}

/// The saved history, each action read from its text.
pub fn history<G: Game>(state: &Map<String, Value>) -> Result<Vec<ActionId>> {
    json::array(json::field(state, "history")?, "history")?
        .iter()
        .map(|v| G::parse_action(json::string(v, "history")?))
        .collect::<Result<Vec<_>>>()
        .map_err(|e| Error::json(format!("history: {e}")))
}
