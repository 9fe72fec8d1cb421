//! The protocol every game implements (docs/protocol.md).

use std::collections::HashMap;
use std::sync::OnceLock;

use serde_json::{Map, Value};

use crate::card::{Card, FACE_COUNT};
use crate::cardset::CardSet;
use crate::error::{Error, Result};
use crate::options::OptionSpec;
use crate::rng::SplitMix64;
use crate::tensor::{Features, Viewer};

/// An action's stable integer id within its game.
pub type ActionId = u16;

/// A whole match of one game, as its rules define it.
pub trait Game: Clone + Send + Sync + Sized + 'static {
    /// The registered name (`cardcore.GAMES`).
    const NAME: &'static str;
    /// One line on the game, for listings.
    const DESCRIPTION: &'static str;
    /// The player counts the game is played with (an option picks one when
    /// there are several).
    const PLAYER_COUNTS: &'static [usize];
    /// Action ids are `0..ACTION_COUNT`.
    const ACTION_COUNT: usize;
    /// The options, with their defaults; `single_deal` among them.
    const OPTIONS: &'static [OptionSpec];

    /// The options, as the game reads them.
    type Options: Clone + Send + Sync;
    /// Checks options against [`Game::OPTIONS`] and reads them.
    fn read_options(options: &Map<String, Value>) -> Result<Self::Options>;
    /// A new match with options already read (simulations read them once).
    fn with_options(seed: u64, options: &Self::Options) -> Self;
    /// A new match.
    fn new(seed: u64, options: &Map<String, Value>) -> Result<Self> {
        Ok(Self::with_options(seed, &Self::read_options(options)?))
    }
    /// Every option in force, defaults filled in.
    fn options(&self) -> Value;
    /// The seats at this game's table, numbered from 0.
    fn num_players(&self) -> usize;

    /// The seat to act, `None` once the game is over.
    fn current_player(&self) -> Option<usize>;
    fn phase(&self) -> &'static str;
    fn is_over(&self) -> bool {
        self.current_player().is_none()
    }
    /// Match scores per seat (a team's seats show the team's score).
    fn scores(&self) -> Vec<i64>;
    /// The seats that won the match (empty while it goes on, or when nobody won).
    fn winning_seats(&self) -> Vec<usize>;
    /// Whether a deal played alone (`single_deal`) can name winners; a game
    /// whose deals only score points (Brouc) sets it false, and its single
    /// deals default to score-based rewards ([`crate::vector::Reward::default_for`]).
    const DEAL_WINNERS: bool = true;
    /// Whether the match was ended by its cap rather than by its rules' end
    /// (docs/protocol.md, "Every match ends"): it is over, scored as far as
    /// it went, and nobody won. Games whose matches always end by their rules
    /// keep this default.
    fn truncated(&self) -> bool {
        false
    }

    /// Every legal action, in increasing id order, into `out` (cleared first).
    fn legal_actions(&self, out: &mut Vec<ActionId>);
    /// Applies a legal action; anything else is an error and changes nothing.
    fn apply(&mut self, action: ActionId) -> Result<()>;
    /// A uniformly random legal action, `None` once over. Games override it
    /// when they can draw without listing.
    fn random_action(&self, rng: &mut SplitMix64) -> Option<ActionId> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        (!legal.is_empty()).then(|| legal[rng.below(legal.len() as u64) as usize])
    }
    /// Draws an action as [`Game::random_action`] does (the same draw from the
    /// same generator) and applies it: the simulations' step, which games
    /// override to skip listing and re-checking.
    fn play_random(&mut self, rng: &mut SplitMix64) -> Option<ActionId> {
        let action = self.random_action(rng)?;
        self.apply(action).ok()?;
        Some(action)
    }
    /// The actions applied so far, oldest first.
    fn history(&self) -> &[ActionId];

    /// The action's canonical text.
    fn action_text(action: ActionId) -> String;
    /// The kind of action (`"play"`, …).
    fn action_kind(action: ActionId) -> &'static str;
    /// The card an action plays, if it plays one.
    fn action_card(action: ActionId) -> Option<Card>;
    /// The action a canonical (or lower-case) text names.
    fn parse_action(text: &str) -> Result<ActionId>;

    /// Why the seat to act may not take `action` now, in the player's terms,
    /// citing the rule of docs/rules/<game>.md that refuses it ("you must
    /// follow hearts: you hold 3H 7H (T17)"); `None` where the game gives
    /// no reason (then the refusal names the phase). Asked only for an
    /// action already refused ([`refusal`]), never on the path of legal
    /// moves, so it may take its time. The game is not over.
    fn refusal_reason(&self, _action: ActionId) -> Option<String> {
        None
    }

    /// What `action` does, in words (docs/protocol.md, "Describing an
    /// action"): when it is legal now, what it does in this state
    /// ([`Game::describe_legal`]: a Jolly `lay 9D` a lay-off or a joker
    /// swap, a bid's contract); otherwise, or where the game says nothing
    /// more, what its text says ([`describe_text`]: "play QH").
    fn describe(&self, action: ActionId) -> String {
        if is_legal(self, action) {
            if let Some(text) = self.describe_legal(action) {
                return text;
            }
        }
        describe_text::<Self>(action)
    }
    /// What a legal `action` does in this state, where its text does not
    /// say it all; `None` (the default) for [`describe_text`]'s words.
    fn describe_legal(&self, _action: ActionId) -> Option<String> {
        None
    }

    /// The exact state as JSON text (docs/rules/<game>.md, "State JSON").
    fn to_json(&self) -> String;
    /// Reads a state back: exactly the states play can reach are accepted
    /// (`state::from_json`, docs/protocol.md).
    fn from_json(text: &str) -> Result<Self>;
    /// What `seat` may know, nothing more.
    fn observation(&self, seat: usize) -> Result<Value>;

    /// The number of features of an observation tensor, at every player
    /// count; the public observation tensor has as many.
    const TENSOR_SIZE: usize;
    /// What `seat` (in range) may know, nothing more, as `TENSOR_SIZE`
    /// features written into `out` (docs/rules/<game>.md, "Observation
    /// tensor"; the writer is `tensor::Features`).
    fn encode(&self, seat: usize, out: &mut [f32]) {
        crate::tensor::encode(self, Viewer::Seat(seat), out);
    }

    // Public observation and full-state tensors (docs/rules/<game>.md,
    // "Public observation tensor" and "Full-state tensor").

    /// The number of features of the full-state tensor: the public tensor's
    /// `TENSOR_SIZE`, then every hand and hidden pile.
    const STATE_TENSOR_SIZE: usize;
    /// The observation tensor's layout as `viewer` sees the state: a seat
    /// (its observation tensor) or no seat (the public tensor, seats counted
    /// from seat 0 and every seat's own knowledge left out).
    fn layout(&self, viewer: Viewer, features: &mut Features<'_>);
    /// The full-state tensor's features after the public ones: every hand
    /// and every pile no seat or only some seats see.
    fn layout_hidden(&self, features: &mut Features<'_>);
    /// What every seat sees alike, as `TENSOR_SIZE` features written into `out`.
    fn encode_public(&self, out: &mut [f32]) {
        crate::tensor::encode(self, Viewer::Public, out);
    }
    /// The whole state (but the generator), as `STATE_TENSOR_SIZE` features
    /// written into `out`: the public tensor, then [`Game::layout_hidden`].
    fn encode_state(&self, out: &mut [f32]) {
        let mut features = Features::new(out);
        self.layout(Viewer::Public, &mut features);
        self.layout_hidden(&mut features);
        features.finish();
    }
}

/// An action's description from its text alone, the default of
/// [`Game::describe`]: a card play's and a bid's verb before the text
/// ("play QH", "bid garde"), other texts as they are ("pass", "discard KH").
pub fn describe_text<G: Game>(action: ActionId) -> String {
    let text = G::action_text(action);
    match G::action_kind(action) {
        "play" => format!("play {text}"),
        "bid" if text != "pass" => format!("bid {text}"),
        _ => text,
    }
}

/// Whether `action` is legal in `game` now.
pub fn is_legal<G: Game>(game: &G, action: ActionId) -> bool {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    legal.binary_search(&action).is_ok()
}

/// The options that seat `G` at the `pick`-th of its player counts (modulo
/// their number): `{"players": n}` for a game played at several, none
/// otherwise; what fuzzing and tests use to reach every table.
pub fn table_options<G: Game>(pick: usize) -> Map<String, Value> {
    let mut options = Map::new();
    if let [_, _, ..] = G::PLAYER_COUNTS {
        let players = G::PLAYER_COUNTS[pick % G::PLAYER_COUNTS.len()];
        options.insert("players".to_owned(), Value::from(players));
    }
    options
}

/// Checks a seat number against the game's seats.
pub fn check_seat<G: Game>(game: &G, seat: usize) -> Result<usize> {
    check_seat_among(G::NAME, game.num_players(), seat)
}

/// Checks a seat number against a table of `num_players` seats of game `name`.
pub fn check_seat_among(name: &str, num_players: usize, seat: usize) -> Result<usize> {
    if seat < num_players {
        Ok(seat)
    } else {
        Err(Error::Seat(format!(
            "seat {seat} is out of range: {name} has seats 0 to {}",
            num_players - 1
        )))
    }
}

/// Checks an action id against the game's action space.
pub fn check_action_id<G: Game>(action: i64) -> Result<ActionId> {
    match ActionId::try_from(action) {
        Ok(id) if usize::from(id) < G::ACTION_COUNT => Ok(id),
        _ => Err(Error::IllegalAction(format!(
            "{action} is not an action id of {} (0 to {})",
            G::NAME,
            G::ACTION_COUNT - 1
        ))),
    }
}

/// Every action's text, lowercased, to its id: a game's `parse_action` reads
/// the texts it writes with one look-up instead of trying each kind of
/// action in turn (a saved history is read back text by text). Each game
/// keeps its table in a `static` [`OnceLock`], built on first use by
/// [`ActionTexts::of`].
pub struct ActionTexts {
    ids: HashMap<Box<str>, ActionId>,
    longest: usize,
}

impl ActionTexts {
    /// The texts `text` gives actions `0..count`, lowercased.
    pub fn new(count: usize, text: impl Fn(ActionId) -> String) -> Self {
        let ids: HashMap<Box<str>, ActionId> = (0..count)
            .map(|id| {
                let id = id as ActionId;
                (text(id).to_ascii_lowercase().into_boxed_str(), id)
            })
            .collect();
        assert_eq!(ids.len(), count, "two actions share a text");
        let longest = ids.keys().map(|text| text.len()).max().unwrap_or(0);
        ActionTexts { ids, longest }
    }

    /// `G`'s table, in the `static` `cell` of `G`'s own (a `static` in a
    /// generic function would be shared by every game), built on first use
    /// from [`Game::action_text`].
    pub fn of<G: Game>(cell: &'static OnceLock<ActionTexts>) -> &'static ActionTexts {
        cell.get_or_init(|| ActionTexts::new(G::ACTION_COUNT, G::action_text))
    }

    /// The action whose text is `text`, in any letter case; `None` for any
    /// other text (the game's parser then says what is wrong with it).
    pub fn get(&self, text: &str) -> Option<ActionId> {
        const ROOM: usize = 32;
        if text.len() > self.longest {
            return None;
        }
        if text.len() > ROOM {
            return self.ids.get(text.to_ascii_lowercase().as_str()).copied();
        }
        let mut buffer = [0u8; ROOM];
        let lower = &mut buffer[..text.len()];
        lower.copy_from_slice(text.as_bytes());
        lower.make_ascii_lowercase();
        // Lowering ASCII letters keeps UTF-8 valid.
        let lower = std::str::from_utf8(lower).ok()?;
        self.ids.get(lower).copied()
    }
}

/// The error for an action id of `G` that `game` may not take now: the game
/// is over, or the seat to act may not take it, with the rule that refuses
/// it ([`Game::refusal_reason`]) and its legal actions listed
/// (docs/protocol.md, "Errors"): "seat 1 may not play 1T: you must follow
/// hearts: you hold 3H 7H (T17); legal: 3H, 7H".
pub fn refusal<G: Game>(game: &G, action: ActionId) -> Error {
    let text = G::action_text(action);
    let Some(seat) = game.current_player() else {
        return Error::IllegalAction(format!("cannot apply {text}: the game is over"));
    };
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let may: Vec<String> = legal.into_iter().map(G::action_text).collect();
    let verb = if G::action_kind(action) == "play" {
        "play"
    } else {
        "choose"
    };
    let why = game
        .refusal_reason(action)
        .unwrap_or_else(|| format!("not now (phase {})", game.phase()));
    Error::IllegalAction(format!(
        "seat {seat} may not {verb} {text}: {why}; legal: {}",
        may.join(", ")
    ))
}

/// A refusal's reason for a card the seat does not hold.
pub fn not_held(card: Card) -> String {
    format!("you do not hold {card}")
}

/// Cards as a message lists them: "3H 7H".
pub fn listed(cards: impl IntoIterator<Item = Card>) -> String {
    let texts: Vec<String> = cards.into_iter().map(|card| card.to_string()).collect();
    texts.join(" ")
}

/// A game's card plays as actions: action `i` plays `deck[i]` (`i < N`),
/// with the inverse table by face id, built at compile time.
pub struct CardActions<const N: usize> {
    deck: [Card; N],
    ids: [Option<ActionId>; FACE_COUNT],
}

impl<const N: usize> CardActions<N> {
    pub const fn new(deck: [Card; N]) -> Self {
        let mut ids = [None; FACE_COUNT];
        let mut i = 0;
        while i < N {
            ids[deck[i].id()] = Some(i as ActionId);
            i += 1;
        }
        CardActions { deck, ids }
    }

    /// The action that plays `card`, if the card is in the deck.
    pub const fn action(&self, card: Card) -> Option<ActionId> {
        self.ids[card.id()]
    }

    /// The card an action plays, if it is a card play.
    pub fn card(&self, action: ActionId) -> Option<Card> {
        self.deck.get(usize::from(action)).copied()
    }

    /// The deck in action-id order.
    pub const fn deck(&self) -> &[Card; N] {
        &self.deck
    }

    /// The whole deck as a set.
    pub fn set(&self) -> CardSet {
        self.deck.iter().copied().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GAMES;

    /// Every game reads each of its action texts back, in any letter case,
    /// through its table.
    fn reads_its_texts<G: Game>() {
        for action in 0..G::ACTION_COUNT as ActionId {
            let text = G::action_text(action);
            let mixed: String = text
                .chars()
                .enumerate()
                .map(|(i, c)| {
                    if i % 2 == 0 {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                })
                .collect();
            for written in [text.clone(), text.to_ascii_uppercase(), mixed] {
                assert_eq!(G::parse_action(&written).unwrap(), action, "{written}");
            }
        }
    }

    #[test]
    fn every_game_parses_its_action_texts() {
        for &name in GAMES {
            crate::with_game!(name, G => reads_its_texts::<G>(), unknown => unreachable!());
        }
    }

    /// Every action `G` refuses along seeded random matches (every table,
    /// every phase reached) says why: a reason from the game's rules, not
    /// the phase alone; and the refusal changes nothing.
    fn every_refusal_has_a_reason<G: Game>() {
        let mut rng = SplitMix64::new(7);
        let mut legal = Vec::new();
        for seed in 0..6u64 {
            let options = table_options::<G>(seed as usize);
            let mut game = G::new(seed, &options).unwrap();
            let mut step = 0usize;
            while !game.is_over() && step < 400 {
                // Every state early on, then one in five.
                if step < 40 || step % 5 == 0 {
                    game.legal_actions(&mut legal);
                    let before = game.to_json();
                    for action in 0..G::ACTION_COUNT as ActionId {
                        if legal.binary_search(&action).is_ok() {
                            continue;
                        }
                        let reason = game.refusal_reason(action);
                        let text = G::action_text(action);
                        assert!(
                            reason.is_some(),
                            "{} seed {seed} step {step}: no reason refusing {text} in phase {}",
                            G::NAME,
                            game.phase()
                        );
                        let error = refusal(&game, action).to_string();
                        assert!(error.contains(&reason.unwrap()), "{}: {error}", G::NAME);
                    }
                    for action in 0..G::ACTION_COUNT as ActionId {
                        if legal.binary_search(&action).is_err() {
                            assert!(game.apply(action).is_err());
                        }
                    }
                    assert_eq!(game.to_json(), before, "{} changed by a refusal", G::NAME);
                }
                game.play_random(&mut rng);
                step += 1;
            }
        }
    }

    #[test]
    fn every_game_says_why_it_refuses_an_action() {
        for &name in GAMES {
            crate::with_game!(name, G => every_refusal_has_a_reason::<G>(), unknown => unreachable!());
        }
    }

    #[test]
    fn action_texts_look_up_in_any_case_and_refuse_anything_else() {
        let texts = ActionTexts::new(3, |id| ["pass", "garde sans", "KH"][usize::from(id)].into());
        assert_eq!(texts.get("GARDE Sans"), Some(1));
        assert_eq!(texts.get("kh"), Some(2));
        for other in [
            "",
            "garde",
            "garde  sans",
            "passé",
            "ΚΗ",
            &"pass".repeat(20),
        ] {
            assert_eq!(texts.get(other), None, "{other}");
        }
    }
}
