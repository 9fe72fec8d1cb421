//! Saved states (docs/protocol.md, "JSON" and "Observations"), the same way
//! for every game: written from a game's typed state, read back by replaying
//! the history through the game's own `apply`, and seen by one seat.
//!
//! Reading back is what makes `from_json` exact: the state's deals are dealt
//! again as it records them (each hand rebuilt from the cards still held and
//! the cards played since), its history is applied action by action, and the
//! state is accepted only if the game this reaches saves as exactly the state
//! given. Whatever play could not reach (a revoke, a wrong winner, a score no
//! deal gives) is refused, with no rule written twice.

use std::marker::PhantomData;

use serde::de::{DeserializeOwned, Deserializer, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{json, Map, Value};

use crate::card::Card;
use crate::cardcounts::CardCounts;
use crate::cardset::CardSet;
use crate::deal::check_chosen;
pub use crate::deal::{Aside, DealShape};
use crate::error::{Error, Result};
use crate::game::{check_seat, check_seat_among, ActionId, Game};
use crate::json;
use crate::rng::SplitMix64;

/// A game whose states are saved as typed JSON and read back by replay.
pub trait Replay: Game {
    /// The state JSON (docs/rules/<game>.md, "State JSON"), field by field.
    type Saved: Serialize + DeserializeOwned + PartialEq;
    /// How one deal was dealt: what the game needs to deal it again.
    type Deal;
    /// The state's key listing every finished deal's record, oldest first.
    const FINISHED_KEY: &'static str;
    /// The observation's key for the last of them (or null): a seat sees the
    /// deal in play and the last one finished, as players see the last trick
    /// taken before the cards are gathered.
    const PREVIOUS_KEY: &'static str;
    /// For a game that draws from its generator during a deal, not only to
    /// deal it (Jolly's stock rebuilds): the key of a deal's record that
    /// holds the generator as the deal left it. `redeal` sets the generator
    /// to it, replay draws from it as play did, and the state's `"rng"` must
    /// be the generator replay reaches: it is derived, never taken as given.
    /// `None` (the default): the generator only decides the deals to come,
    /// and the state's is taken as given.
    const DEAL_RNG_KEY: Option<&'static str> = None;

    /// The state as it is saved; with [`View::Public`], without the hidden
    /// parts (generator, hands, history) and with only the last finished deal,
    /// as observations show it.
    fn save(&self, view: View) -> Self::Saved;
    /// What replaying `saved` starts from: its options, its generator, every
    /// deal it records (each checked to be a possible deal) and its history.
    fn replay_inputs(saved: &Self::Saved) -> Result<ReplayInputs<Self>>;
    /// The deal in play, counting from 1.
    fn deal_number(&self) -> usize;
    /// The seat dealing the deal in play.
    fn dealer(&self) -> usize;
    /// Whether the options name the first dealer (else it is drawn).
    fn first_dealer_fixed(&self) -> bool;
    /// Lays `deal`, dealt by `dealer`, out as deal `number`: the first deal
    /// dealt from the generator since the last action (nothing played in it
    /// yet). A game that voids a deal as it lays it out deals the next one at
    /// once; such deals dealt after deal `number` are dropped.
    fn redeal(&mut self, number: usize, dealer: usize, deal: &Self::Deal);
    /// Sets the generator, which decides the deals still to come (not called
    /// for a game with a `DEAL_RNG_KEY`).
    fn set_rng(&mut self, rng: SplitMix64);
    /// The part of a deal besides the hands, as `from_deal` takes it.
    const ASIDE: Aside;
    /// What a deal is made of at this table (`from_deal` checks against it).
    fn deal_shape(&self) -> DealShape;
    /// The deal `dealer` deals with `hands` and `aside` (the cards
    /// [`Replay::ASIDE`] names, in order), already checked by
    /// [`check_chosen`]: what [`Replay::redeal`] lays out. Made at the start
    /// of a match, before any action.
    fn chosen_deal(&self, dealer: usize, hands: &[Vec<Card>], aside: &[Card])
        -> Result<Self::Deal>;
}

/// A new match whose first deal is chosen (docs/protocol.md, "Chosen deals"):
/// `dealer` deals `hands` (one per seat) and `aside` (the cards the game's
/// [`Replay::ASIDE`] names). The deal is checked like a saved state's:
/// every card of the deck exactly as often as it is in it, each hand and the
/// aside of the size the rules deal; an option error names the argument at
/// fault (a [`Error::Seat`] for a dealer out of range). The generator is the
/// one `G::with_options(seed, options)` leaves after dealing its own first
/// deal: it draws every later deal (and Jolly's rebuilt stocks) as usual.
/// The match is then laid out by [`Replay::redeal`], as `from_json` lays out
/// a saved deal, so the state saves and reads back like any other.
pub fn from_deal<G: Replay>(
    seed: u64,
    options: &G::Options,
    dealer: usize,
    hands: &[Vec<Card>],
    aside: &[Card],
) -> Result<G> {
    let mut game = G::with_options(seed, options);
    let dealer = check_seat(&game, dealer).map_err(|e| Error::Seat(format!("dealer: {e}")))?;
    if game.first_dealer_fixed() && dealer != game.dealer() {
        return Err(Error::option(
            "first_dealer",
            format!(
                "names seat {}, but the deal chosen is dealt by seat {dealer}",
                game.dealer()
            ),
        ));
    }
    let shape = game.deal_shape();
    check_chosen(
        &shape,
        G::ASIDE,
        G::NAME,
        game.num_players(),
        dealer,
        hands,
        aside,
    )?;
    let deal = game.chosen_deal(dealer, hands, aside)?;
    game.redeal(1, dealer, &deal);
    Ok(game)
}

/// How much of a state to save.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// Everything: the state JSON.
    Whole,
    /// What every seat sees: the generator, hands and history left empty,
    /// and of the finished deals only the last.
    Public,
}

impl View {
    /// The generator's state as this view saves it: 0 where it is hidden.
    pub const fn rng(self, rng: &SplitMix64) -> u64 {
        match self {
            View::Whole => rng.state(),
            View::Public => 0,
        }
    }

    /// The history as this view saves it: empty where it is hidden.
    pub fn history<G: Game>(self, history: &[ActionId]) -> History<G> {
        match self {
            View::Whole => History::new(history),
            View::Public => History::new(&[]),
        }
    }
}

/// The finished deals' records a view saves: all of them, or the last.
pub fn finished<T>(records: &[T], view: View) -> &[T] {
    match view {
        View::Whole => records,
        View::Public => &records[records.len().saturating_sub(1)..],
    }
}

/// Every deal a saved state records, oldest first: each finished deal's
/// record read by `finished`, then the deal in play; an error in a record
/// names it (`finished_deals[2]: ...`).
pub fn recorded_deals<G: Replay, R>(
    records: &[R],
    finished: impl Fn(&R) -> Result<(usize, G::Deal)>,
    in_play: Result<(usize, G::Deal)>,
) -> Result<Vec<(usize, G::Deal)>> {
    let mut deals = Vec::with_capacity(records.len() + 1);
    for (index, record) in records.iter().enumerate() {
        let deal = finished(record)
            .map_err(|e| Error::json(format!("{}[{index}]: {e}", G::FINISHED_KEY)))?;
        deals.push(deal);
    }
    deals.push(in_play?);
    Ok(deals)
}

/// What a saved state is replayed from.
pub struct ReplayInputs<G: Replay> {
    pub options: G::Options,
    pub rng: SplitMix64,
    /// Every deal the state records, oldest first, with its dealer.
    pub deals: Vec<(usize, G::Deal)>,
    pub history: Vec<ActionId>,
}

impl<G: Replay> ReplayInputs<G> {
    /// The inputs of a saved state with these options (already checked),
    /// generator state, deals and history.
    pub fn new(
        options: G::Options,
        rng: u64,
        deals: Vec<(usize, G::Deal)>,
        history: &History<G>,
    ) -> Self {
        ReplayInputs {
            options,
            rng: SplitMix64::new(rng),
            deals,
            history: history.actions.clone(),
        }
    }
}

/// The dealer a saved deal names, checked against a table of `players`
/// seats of game `name`; an error names the key (`dealer: ...`).
pub fn saved_dealer(name: &str, players: usize, dealer: u8) -> Result<usize> {
    check_seat_among(name, players, usize::from(dealer))
        .map_err(|e| Error::json(format!("dealer: {e}")))
}

/// Checks that a saved deal (`dealt`) gives a hand to each of `players` seats.
pub fn check_hand_count(hands: &[Vec<Card>], players: usize) -> Result<()> {
    if hands.len() != players {
        return Err(Error::json(format!(
            "dealt: expected {players} hands, got {}",
            hands.len()
        )));
    }
    Ok(())
}

/// A [`Replay`] game's [`Game::to_json`] and [`Game::from_json`], which
/// every game answers the same way ([`to_json`], [`from_json`]): written once,
/// and stated by `state::json_by_replay!();` in the game's `impl Game`.
macro_rules! json_by_replay {
    () => {
        fn to_json(&self) -> String {
            $crate::state::to_json(self)
        }

        fn from_json(text: &str) -> $crate::error::Result<Self> {
            $crate::state::from_json(text)
        }
    };
}
pub(crate) use json_by_replay;

/// The state's JSON text.
pub fn to_json<G: Replay>(game: &G) -> String {
    serde_json::to_string(&game.save(View::Whole)).unwrap_or_default()
}

/// Reads a state back: parses it, replays it and requires the replay to give
/// back exactly the state read.
pub fn from_json<G: Replay>(text: &str) -> Result<G> {
    let saved: G::Saved = json::parse(text)?;
    let inputs = G::replay_inputs(&saved)?;
    let mut game = replay(
        G::with_options(0, &inputs.options),
        &inputs.deals,
        &inputs.history,
    )?;
    if G::DEAL_RNG_KEY.is_none() {
        game.set_rng(inputs.rng);
    }
    let replayed = game.save(View::Whole);
    if replayed != saved {
        return Err(mismatch::<G>(&saved, &replayed));
    }
    Ok(game)
}

/// The error for a state that is not what replaying it gives: the first key
/// that differs and both values; a generator that replay derives is named
/// as such.
fn mismatch<G: Replay>(saved: &G::Saved, replayed: &G::Saved) -> Error {
    match (json::first_difference(saved, replayed), G::DEAL_RNG_KEY) {
        (Some((key, given, derived)), Some(deal_rng)) if key == "rng" => Error::json(format!(
            "\"rng\" is {given}, but no play reaches it: the generator is the deal's \
             (\"{deal_rng}\") with the draws of the play since, which gives {derived}"
        )),
        (Some((key, given, replayed)), _) => Error::json(format!(
            "{key:?} is {given}, but replaying the history gives {replayed}"
        )),
        (None, _) => Error::json("the state is not what replaying its history gives"),
    }
}

/// Plays `history` on `game`, each deal dealt as `deals` records it.
fn replay<G: Replay>(mut game: G, deals: &[(usize, G::Deal)], history: &[ActionId]) -> Result<G> {
    let Some(&(first_dealer, _)) = deals.first() else {
        return Err(Error::json("the state records no deal"));
    };
    if game.first_dealer_fixed() && first_dealer != game.dealer() {
        return Err(Error::json(format!(
            "deal 1 is dealt by seat {first_dealer}, but the first_dealer option names seat {}",
            game.dealer()
        )));
    }
    let mut dealt = 0;
    lay_out_new_deals(&mut game, deals, &mut dealt, first_dealer)?;
    for (index, &action) in history.iter().enumerate() {
        game.apply(action).map_err(|e| {
            Error::json(format!(
                "history[{index}] ({}) cannot be replayed: {e}",
                G::action_text(action)
            ))
        })?;
        lay_out_new_deals(&mut game, deals, &mut dealt, first_dealer)?;
    }
    if dealt < deals.len() {
        return Err(Error::json(format!(
            "the state records {} deals, but the history plays {dealt}",
            deals.len()
        )));
    }
    Ok(game)
}

/// Plays `game`'s match again from its start, as [`from_json`] reads it
/// back: `each` is handed the replayed game before each action of the
/// history (`Some(action)`, which it must apply) and once more at the end
/// (`None`), each deal laid out as the state records it. What
/// [`crate::infostate`] builds its record from.
pub(crate) fn replay_steps<G: Replay>(
    game: &G,
    mut each: impl FnMut(&mut G, Option<ActionId>) -> Result<()>,
) -> Result<()> {
    let inputs = G::replay_inputs(&game.save(View::Whole))?;
    let mut replayed = G::with_options(0, &inputs.options);
    let Some(&(first_dealer, _)) = inputs.deals.first() else {
        return Err(Error::json("the state records no deal"));
    };
    let mut dealt = 0;
    lay_out_new_deals(&mut replayed, &inputs.deals, &mut dealt, first_dealer)?;
    for &action in &inputs.history {
        each(&mut replayed, Some(action))?;
        lay_out_new_deals(&mut replayed, &inputs.deals, &mut dealt, first_dealer)?;
    }
    each(&mut replayed, None)
}

/// Replaces the deals the game has dealt from its generator since the last
/// action (or since it was made) by the recorded ones, in turn: usually one,
/// several when a deal is void as soon as it is laid out (Tarot's petit sec).
/// The deal passes one seat in the order of play after every deal.
fn lay_out_new_deals<G: Replay>(
    game: &mut G,
    deals: &[(usize, G::Deal)],
    dealt: &mut usize,
    first_dealer: usize,
) -> Result<()> {
    while game.deal_number() > *dealt {
        let number = *dealt + 1;
        let Some((dealer, deal)) = deals.get(*dealt) else {
            return Err(Error::json(format!(
                "the history goes on to deal {number}, but the state records {} deals",
                deals.len()
            )));
        };
        let expected = (first_dealer + number - 1) % game.num_players();
        if *dealer != expected {
            return Err(Error::json(format!(
                "deal {number} is dealt by seat {dealer}, but the rules give seat {expected}"
            )));
        }
        game.redeal(number, *dealer, deal);
        *dealt = number;
    }
    Ok(())
}

/// The history as action texts, read with the game's own notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History<G: Game> {
    pub actions: Vec<ActionId>,
    game: PhantomData<G>,
}

impl<G: Game> History<G> {
    pub fn new(actions: &[ActionId]) -> Self {
        History {
            actions: actions.to_vec(),
            game: PhantomData,
        }
    }
}

impl<G: Game> Serialize for History<G> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.actions.len()))?;
        for &action in &self.actions {
            seq.serialize_element(&G::action_text(action))?;
        }
        seq.end()
    }
}

impl<'de, G: Game> Deserialize<'de> for History<G> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(HistoryVisitor::<G>(PhantomData))
    }
}

struct HistoryVisitor<G>(PhantomData<G>);

impl<'de, G: Game> Visitor<'de> for HistoryVisitor<G> {
    type Value = History<G>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a list of {} action texts", G::NAME)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<History<G>, A::Error> {
        let mut actions = Vec::new();
        while let Some(text) = items.next_element::<std::borrow::Cow<'de, str>>()? {
            let action = G::parse_action(&text).map_err(serde::de::Error::custom)?;
            actions.push(action);
        }
        Ok(History {
            actions,
            game: PhantomData,
        })
    }
}

/// A hand as saved: its cards in face-id order.
pub fn hand_cards(hand: CardSet) -> Vec<Card> {
    hand.iter().collect()
}

/// A hand as an observation shows it: a set of faces, or a counted multiset
/// where a face may be held twice (Jolly).
pub trait Hand {
    /// Its cards in face-id order, copies side by side.
    fn cards(&self) -> Vec<Card>;
    fn size(&self) -> usize;
}

impl Hand for CardSet {
    fn cards(&self) -> Vec<Card> {
        hand_cards(*self)
    }
    fn size(&self) -> usize {
        self.len()
    }
}

impl Hand for CardCounts {
    fn cards(&self) -> Vec<Card> {
        self.iter().collect()
    }
    fn size(&self) -> usize {
        self.len()
    }
}

/// The saved hands as card sets (whether they were sorted is checked when the
/// replayed state is compared with the saved one).
pub fn held<const N: usize>(hands: &[Vec<Card>; N]) -> [CardSet; N] {
    std::array::from_fn(|seat| hands[seat].iter().copied().collect())
}

/// What `seat` sees: the saved state without the generator, the hands and the
/// history, the last finished deal instead of all of them, with its own hand,
/// every hand's size, the seat to act and the scores.
pub fn observation<G: Replay>(
    game: &G,
    seat: usize,
    hands: &[impl Hand],
) -> Result<Map<String, Value>> {
    let seat = check_seat(game, seat)?;
    let Ok(Value::Object(mut view)) = serde_json::to_value(game.save(View::Public)) else {
        return Err(Error::json("a state that does not save as an object"));
    };
    for hidden in ["rng", "hands", "history"] {
        view.remove(hidden);
    }
    let previous = match view.remove(G::FINISHED_KEY) {
        Some(Value::Array(mut finished)) => finished.pop().unwrap_or(Value::Null),
        _ => Value::Null,
    };
    view.insert(G::PREVIOUS_KEY.into(), previous);
    view.insert("seat".into(), json!(seat));
    view.insert("hand".into(), json!(hands[seat].cards()));
    let sizes: Vec<usize> = hands.iter().map(Hand::size).collect();
    view.insert("hand_sizes".into(), json!(sizes));
    view.insert("current_player".into(), json!(game.current_player()));
    view.insert("scores".into(), json!(game.scores()));
    Ok(view)
}
