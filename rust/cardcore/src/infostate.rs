//! Perfect-recall information states (docs/protocol.md, "Information
//! states"): everything one seat has seen since the deal in play began, its
//! own actions included, as text and as a fixed-size tensor.
//!
//! What a seat saw is the dealer, its dealt hand, each step of the deal (who
//! acted, and the action, or only its kind when it is hidden from the seat),
//! the cards it saw reach a hand (its
//! own draws, a kitty, the chien shown, the cards another seat takes in
//! view) and today's observation. Each game states a few facts about its
//! actions ([`InfoState`]); the record ([`InfoLog`]) and both encodings are
//! written once here.
//!
//! The record is kept beside a game, not in it: cloning a game costs what it
//! did. [`InfoLog::of`] builds it by replaying the match once, and
//! [`InfoLog::apply`] follows the game step by step after that (the Python
//! binding keeps one per game object, made on the first call that needs it).

use std::fmt::Write;

use crate::card::Card;
use crate::cardcounts::CardCounts;
use crate::cardset::CardSet;
use crate::error::{Error, Result};
use crate::game::{check_seat, ActionId, Game};
use crate::state::{replay_steps, Replay};
use crate::tensor::relative;

/// What a game tells the information state about its actions.
pub trait InfoState: Replay {
    /// The distinct faces of the deck, as the tensor's card blocks count
    /// them.
    const FACES: usize;
    /// A card's place among the [`InfoState::FACES`].
    fn face_index(card: Card) -> usize;
    /// The most steps one deal can take: the tensor has a row per step.
    /// `None` (Jolly, whose round may run to thousands of steps): the tensor
    /// counts each action per seat instead.
    const MAX_DEAL_STEPS: Option<usize>;
    /// The kinds of action after which a hand may have grown (the chien, the
    /// kitty, a take); `None`: any action.
    const GAIN_KINDS: Option<&'static [&'static str]>;
    /// Whether only the acting seat's hand can grow at a step (Jolly's draws,
    /// takes, swaps and undos), so that only its hand is read around a step.
    const GAINS_TO_ACTOR: bool = false;
    /// The kinds of action whose hand growth only the receiving seat sees
    /// (the kitty, a draw from the stock); the others' growth is public.
    const PRIVATE_GAIN_KINDS: &'static [&'static str] = &[];
    /// The kinds of action whose card only the acting seat sees (a discard):
    /// the others see the kind.
    const HIDDEN_KINDS: &'static [&'static str] = &[];
    /// The seat's hand now, copies counted.
    fn held(&self, seat: usize) -> CardCounts;
    /// For an action that takes earlier steps back (Jolly's `undo`), about
    /// to be applied: how many it takes back. The information state then
    /// forgets them, and the `undo`, as the game's determinization leaves
    /// them out of its history. `None` (the default) for any other action.
    fn taken_back(&self, _action: ActionId) -> Option<usize> {
        None
    }
}

/// The most seats at any of `G`'s tables.
pub const fn max_players<G: Game>() -> usize {
    let mut most = 0;
    let mut i = 0;
    while i < G::PLAYER_COUNTS.len() {
        if G::PLAYER_COUNTS[i] > most {
            most = G::PLAYER_COUNTS[i];
        }
        i += 1;
    }
    most
}

/// The number of features of `G`'s information-state tensor, at every
/// player count: the observation tensor, the dealer (one per seat, counted
/// from the observer), the dealt hand (a count per face), the cards seen to
/// reach each seat's hand (a block of faces per seat), then a row per step
/// (the actor, one per seat; the action, one per id; "hidden") or, for a
/// game without [`InfoState::MAX_DEAL_STEPS`], a count of each action (and
/// of hidden ones) per seat.
pub const fn tensor_size<G: InfoState>() -> usize {
    let seats = max_players::<G>();
    let steps = match G::MAX_DEAL_STEPS {
        Some(rows) => rows * (seats + G::ACTION_COUNT + 1),
        None => seats * (G::ACTION_COUNT + 1),
    };
    G::TENSOR_SIZE + seats + G::FACES * (1 + seats) + steps
}

/// A step's flag: the other seats see only the action's kind.
const HIDDEN: u8 = 1;
/// The most seats at a table, for the record's fixed arrays.
const SEATS: usize = 8;

/// One step of the deal in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
    actor: u8,
    flags: u8,
    action: ActionId,
}

/// Cards that reached a seat's hand at a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Gain {
    step: u32,
    seat: u8,
    /// Only the receiving seat sees them.
    private: bool,
    cards: CardCounts,
}

/// The record of the deal in play that information states are read from:
/// its dealer and dealt hands, each step with its actor, and the cards that
/// reached each hand. It follows one game ([`InfoLog::follows`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfoLog {
    deal_number: usize,
    dealer: usize,
    dealt: Vec<CardCounts>,
    steps: Vec<Step>,
    gains: Vec<Gain>,
    /// The length of the history it covers.
    covered: usize,
}

impl InfoLog {
    /// The record of `game`'s deal in play, built by replaying its match.
    pub fn of<G: InfoState>(game: &G) -> Result<InfoLog> {
        if game.history().is_empty() {
            // Nothing played: the deal in play is the one laid out.
            return Ok(InfoLog::start(game));
        }
        let mut log: Option<InfoLog> = None;
        replay_steps(game, |replayed, action| {
            let log = log.get_or_insert_with(|| InfoLog::start(replayed));
            // A deal is laid out as the state records it after the step that
            // dealt it: its record starts from the hands laid out.
            if log.deal_number != replayed.deal_number() || log.steps.is_empty() {
                *log = InfoLog::start(replayed);
            }
            match action {
                Some(action) => log.apply(replayed, action),
                None => Ok(()),
            }
        })?;
        let log = log.ok_or_else(|| Error::json("the state records no deal"))?;
        debug_assert!(log.follows(game));
        Ok(log)
    }

    /// The record of a deal just laid out in `game`, nothing played in it.
    fn start<G: InfoState>(game: &G) -> InfoLog {
        InfoLog {
            deal_number: game.deal_number(),
            dealer: game.dealer(),
            dealt: (0..game.num_players())
                .map(|seat| game.held(seat))
                .collect(),
            steps: Vec::new(),
            gains: Vec::new(),
            covered: game.history().len(),
        }
    }

    /// Whether this is `game`'s record: it covers its whole history, in the
    /// same deal (a game only grows by [`Game::apply`]).
    pub fn follows<G: InfoState>(&self, game: &G) -> bool {
        self.covered == game.history().len() && self.deal_number == game.deal_number()
    }

    /// Applies `action` to `game` (which this record follows) and records
    /// it; a refused action changes neither.
    pub fn apply<G: InfoState>(&mut self, game: &mut G, action: ActionId) -> Result<()> {
        let Some(actor) = game.current_player() else {
            return game.apply(action);
        };
        let kind = G::action_kind(action);
        let watch = G::GAIN_KINDS.is_none_or(|kinds| kinds.contains(&kind));
        let players = game.num_players();
        // The hands that may grow: the actor's alone where the game says so.
        let (first, last) = if G::GAINS_TO_ACTOR {
            (actor, actor + 1)
        } else {
            (0, players)
        };
        let mut before = [CardCounts::EMPTY; SEATS];
        if watch {
            for (seat, hand) in before.iter_mut().enumerate().take(last).skip(first) {
                *hand = game.held(seat);
            }
        }
        let undone = game.taken_back(action);
        game.apply(action)?;
        if game.deal_number() != self.deal_number {
            *self = InfoLog::start(game);
            return Ok(());
        }
        self.covered = game.history().len();
        if let Some(undone) = undone {
            // The steps taken back are forgotten with the `undo`, and the
            // cards seen to reach a hand at them.
            let kept = self.steps.len().saturating_sub(undone);
            self.steps.truncate(kept);
            self.gains.retain(|gain| (gain.step as usize) < kept);
            return Ok(());
        }
        let mut flags = 0;
        if G::HIDDEN_KINDS.contains(&kind) {
            flags |= HIDDEN;
        }
        let step = Step {
            actor: actor as u8,
            flags,
            action,
        };
        // A seat's hidden actions in a row (a discard's cards) are a set: they
        // are kept in action-id order (card order), as the game records them
        // and its determinization replays them.
        let run = self.steps.len()
            - self
                .steps
                .iter()
                .rev()
                .take_while(|s| {
                    s.flags & HIDDEN != 0 && flags & HIDDEN != 0 && s.actor == step.actor
                })
                .count();
        let gained_in_run = self
            .gains
            .last()
            .is_some_and(|gain| gain.step as usize >= run);
        let at = if gained_in_run {
            self.steps.len()
        } else {
            run + self.steps[run..].partition_point(|s| s.action < action)
        };
        self.steps.insert(at, step);
        if watch {
            let private = G::PRIVATE_GAIN_KINDS.contains(&kind);
            for (seat, hand) in before.iter_mut().enumerate().take(last).skip(first) {
                let mut cards = CardCounts::EMPTY;
                for card in game.held(seat).iter() {
                    if !hand.remove(card) {
                        cards.insert(card);
                    }
                }
                if !cards.is_empty() {
                    self.gains.push(Gain {
                        step: at as u32,
                        seat: seat as u8,
                        private,
                        cards,
                    });
                }
            }
        }
        Ok(())
    }

    /// Each recalled step as `seat` sees it, in order: the step, whether its
    /// action is hidden from the seat, and the gains the seat saw at it.
    fn seen(
        &self,
        seat: usize,
        mut each: impl FnMut(&Step, bool, &mut dyn Iterator<Item = &Gain>),
    ) {
        // The steps come in order, and their gains with them: read in turn.
        let mut next_gain = 0;
        for (index, step) in self.steps.iter().enumerate() {
            let start = next_gain;
            while self
                .gains
                .get(next_gain)
                .is_some_and(|gain| gain.step as usize == index)
            {
                next_gain += 1;
            }
            let other = usize::from(step.actor) != seat;
            let mut gains = self.gains[start..next_gain]
                .iter()
                .filter(|gain| usize::from(gain.seat) == seat || !gain.private);
            each(step, other && step.flags & HIDDEN != 0, &mut gains);
        }
    }

    /// `seat`'s information state as `tensor_size::<G>()` features written
    /// into `out` (docs/rules/<game>.md, "Information state"); `game` is the
    /// game this record follows and `seat` one of its seats.
    pub fn encode<G: InfoState>(&self, game: &G, seat: usize, out: &mut [f32]) {
        assert_eq!(
            out.len(),
            tensor_size::<G>(),
            "information-state tensor size"
        );
        let players = game.num_players();
        let seats = max_players::<G>();
        let (observation, rest) = out.split_at_mut(G::TENSOR_SIZE);
        game.encode(seat, observation);
        rest.fill(0.0);
        let (dealer, rest) = rest.split_at_mut(seats);
        dealer[relative(self.dealer, seat, players)] = 1.0;
        let (dealt, rest) = rest.split_at_mut(G::FACES);
        for card in self.dealt[seat].iter() {
            dealt[G::face_index(card)] += 1.0;
        }
        let (received, steps) = rest.split_at_mut(G::FACES * seats);
        let width = seats + G::ACTION_COUNT + 1;
        let mut row = 0;
        self.seen(seat, |step, hidden, gains| {
            for gain in gains {
                let block = relative(usize::from(gain.seat), seat, players) * G::FACES;
                for card in gain.cards.iter() {
                    received[block + G::face_index(card)] += 1.0;
                }
            }
            let actor = relative(usize::from(step.actor), seat, players);
            let action = if hidden {
                G::ACTION_COUNT
            } else {
                usize::from(step.action)
            };
            match G::MAX_DEAL_STEPS {
                Some(rows) => {
                    debug_assert!(row < rows, "{}: a deal of more than {rows} steps", G::NAME);
                    if row < rows {
                        let at = row * width;
                        steps[at + actor] = 1.0;
                        steps[at + seats + action] = 1.0;
                    }
                }
                None => steps[actor * (G::ACTION_COUNT + 1) + action] += 1.0,
            }
            row += 1;
        });
    }

    /// `seat`'s information state as text: the seat, the dealer, the dealt
    /// hand, a line per step it saw (`actor action`, `actor kind ?` for a
    /// hidden action, then `[seat +cards]` for each hand it saw grow), then
    /// its observation as JSON.
    pub fn text<G: InfoState>(&self, game: &G, seat: usize) -> Result<String> {
        let mut text = format!("seat {seat}\ndealer {}\ndealt", self.dealer);
        for card in self.dealt[seat].iter() {
            let _ = write!(text, " {card}");
        }
        self.seen(seat, |step, hidden, gains| {
            let _ = write!(text, "\n{} ", step.actor);
            if hidden {
                let _ = write!(text, "{} ?", G::action_kind(step.action));
            } else {
                text.push_str(&G::action_text(step.action));
            }
            for gain in gains {
                let _ = write!(text, " [{} +", gain.seat);
                for (index, card) in gain.cards.iter().enumerate() {
                    let _ = write!(text, "{}{card}", if index > 0 { " " } else { "" });
                }
                text.push(']');
            }
        });
        let _ = write!(text, "\n{}", game.observation(seat)?);
        Ok(text)
    }
}

/// `seat`'s information state of `game` as text ([`InfoLog::text`]),
/// replaying the match once: a caller asking again keeps an [`InfoLog`].
pub fn information_state<G: InfoState>(game: &G, seat: usize) -> Result<String> {
    let seat = check_seat(game, seat)?;
    InfoLog::of(game)?.text(game, seat)
}

/// `seat`'s information-state tensor of `game` ([`InfoLog::encode`]),
/// replaying the match once.
pub fn information_state_tensor<G: InfoState>(game: &G, seat: usize) -> Result<Vec<f32>> {
    let seat = check_seat(game, seat)?;
    let mut out = vec![0.0; tensor_size::<G>()];
    InfoLog::of(game)?.encode(game, seat, &mut out);
    Ok(out)
}

/// A card's place in `deck` (in increasing face id, as the games list their
/// decks): [`InfoState::face_index`] of a one-deck game.
pub fn deck_index(deck: &[Card], card: Card) -> usize {
    deck.binary_search_by_key(&card.id(), |other| other.id())
        .unwrap_or_else(|_| panic!("{card} is not in the deck"))
}

/// A set of cards as counts: [`InfoState::held`] of a one-deck game.
pub fn counts(set: CardSet) -> CardCounts {
    set.iter().collect()
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::determinize::Determinize;
    use crate::game::table_options;
    use crate::games::GAMES;
    use crate::rng::SplitMix64;

    /// A match of `G` at table `pick`, a single deal for odd picks, played
    /// at random from `seed` for `steps` actions at most.
    fn played<G: InfoState>(pick: usize, seed: u64, steps: usize) -> G {
        let mut options = table_options::<G>(pick);
        options.insert("single_deal".into(), Value::from(pick % 2 == 1));
        let mut game = G::new(seed, &options).unwrap();
        let mut rng = SplitMix64::new(seed);
        for _ in 0..steps {
            if game.play_random(&mut rng).is_none() {
                break;
            }
        }
        game
    }

    /// The seat's observations along the deal in play, replayed, each kept
    /// once while a step it does not see leaves it unchanged; but those
    /// in the middle of a run of hidden actions (a discard under way), whose
    /// order the information state does not keep.
    fn observations<G: InfoState>(game: &G, seat: usize) -> Vec<Value> {
        let hidden = |action: Option<ActionId>| {
            action.is_some_and(|action| G::HIDDEN_KINDS.contains(&G::action_kind(action)))
        };
        let mut seen = Vec::new();
        let mut last = None;
        replay_steps(game, |replayed, action| {
            if replayed.deal_number() != game.deal_number() {
                seen.clear();
            } else if !(hidden(last) && hidden(action)) {
                let now = replayed.observation(seat).unwrap();
                if seen.last() != Some(&now) {
                    seen.push(now);
                }
            }
            if let Some(action) = action {
                replayed.apply(action)?;
            }
            last = action;
            Ok(())
        })
        .unwrap();
        seen
    }

    /// The record kept step by step is the one a replay builds, and every
    /// seat's tensor holds the dealer and its dealt hand.
    fn follows_play<G: InfoState>() {
        for pick in 0..4 {
            let mut game = played::<G>(pick, pick as u64, 0);
            let mut log = InfoLog::of(&game).unwrap();
            let mut rng = SplitMix64::new(40 + pick as u64);
            let mut legal = Vec::new();
            let mut out = vec![0.0; tensor_size::<G>()];
            for step in 0..300 {
                if game.is_over() {
                    break;
                }
                game.legal_actions(&mut legal);
                let action = legal[rng.below(legal.len() as u64) as usize];
                log.apply(&mut game, action).unwrap();
                assert!(log.follows(&game));
                if step % 7 == 0 || game.is_over() {
                    assert_eq!(log, InfoLog::of(&game).unwrap(), "{} step {step}", G::NAME);
                    for seat in 0..game.num_players() {
                        log.encode(&game, seat, &mut out);
                        let after = &out[G::TENSOR_SIZE..];
                        let dealer = max_players::<G>();
                        assert_eq!(after[..dealer].iter().sum::<f32>(), 1.0);
                        let dealt: f32 = after[dealer..dealer + G::FACES].iter().sum();
                        assert_eq!(dealt as usize, log.dealt[seat].len());
                    }
                }
            }
        }
    }

    #[test]
    fn the_record_kept_along_play_is_the_replayed_one() {
        for &name in GAMES {
            crate::with_game!(name, G => follows_play::<G>(), unknown => unreachable!());
        }
    }

    /// A determinization for a seat has the seat's information state (it
    /// leaks nothing the seat has not seen), and the seat saw the same
    /// observations at every earlier step of its deal (perfect recall).
    fn determinizations_keep_it<G: InfoState + Determinize>() {
        for pick in 0..6 {
            for steps in [3, 20, 45, 90] {
                let game = played::<G>(pick, 100 + pick as u64, steps);
                let mut rng = SplitMix64::new(steps as u64);
                for seat in 0..game.num_players() {
                    let sample = game.determinize(seat, &mut rng);
                    let (mine, theirs) =
                        (InfoLog::of(&game).unwrap(), InfoLog::of(&sample).unwrap());
                    let text = mine.text(&game, seat).unwrap();
                    assert_eq!(text, theirs.text(&sample, seat).unwrap(), "{}", G::NAME);
                    let mut one = vec![0.0; tensor_size::<G>()];
                    let mut two = one.clone();
                    mine.encode(&game, seat, &mut one);
                    theirs.encode(&sample, seat, &mut two);
                    assert_eq!(one, two, "{}: {text}", G::NAME);
                    let (past, other) = (observations(&game, seat), observations(&sample, seat));
                    if past.len() == other.len() {
                        assert_eq!(past, other, "{}: {text}", G::NAME);
                    } else {
                        // Jolly's determinization leaves out steps that
                        // earlier turns took back.
                        assert_eq!(G::NAME, "jolly", "{text}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_determinization_has_the_seats_information_state() {
        for &name in GAMES {
            crate::with_game!(name, G => determinizations_keep_it::<G>(), unknown => unreachable!());
        }
    }

    /// A game that reads only the actor's hand around a step
    /// ([`InfoState::GAINS_TO_ACTOR`]) never grows another seat's.
    fn only_the_actor_gains<G: InfoState>() {
        if !G::GAINS_TO_ACTOR {
            return;
        }
        for pick in 0..4 {
            let mut game = played::<G>(pick, 7 + pick as u64, 0);
            let mut rng = SplitMix64::new(pick as u64);
            for _ in 0..2000 {
                let Some(actor) = game.current_player() else {
                    break;
                };
                let deal = game.deal_number();
                let before: Vec<CardCounts> = (0..game.num_players())
                    .map(|seat| game.held(seat))
                    .collect();
                game.play_random(&mut rng);
                if game.deal_number() != deal {
                    continue;
                }
                for (seat, mut hand) in before.into_iter().enumerate() {
                    let grew = game.held(seat).iter().any(|card| !hand.remove(card));
                    assert!(seat == actor || !grew, "{}: seat {seat} grew", G::NAME);
                }
            }
        }
    }

    #[test]
    fn only_the_actors_hand_grows_where_the_game_says_so() {
        for &name in GAMES {
            crate::with_game!(name, G => only_the_actor_gains::<G>(), unknown => unreachable!());
        }
    }

    #[test]
    fn the_tensor_sizes_are_fixed_per_game() {
        use crate::games::{brouc::Brouc, tarot::Tarot};
        assert_eq!(tensor_size::<Brouc>(), 382 + 4 + 32 * 5 + 32 * (4 + 32 + 1));
        assert_eq!(
            tensor_size::<Tarot>(),
            Tarot::TENSOR_SIZE + 5 + 78 * 6 + 96 * (5 + Tarot::ACTION_COUNT + 1)
        );
    }

    #[test]
    fn a_hidden_discard_shows_only_its_kind() {
        use crate::games::tarot::Tarot;
        // A garde: the taker takes the chien in view and discards unseen.
        for seed in 0..200 {
            let game: Tarot = played(1, seed, 60);
            let log = InfoLog::of(&game).unwrap();
            let Some(taker) = log
                .steps
                .iter()
                .find(|s| s.flags & HIDDEN != 0)
                .map(|s| s.actor)
            else {
                continue;
            };
            let other = (usize::from(taker) + 1) % game.num_players();
            let theirs = log.text(&game, other).unwrap();
            let its = log.text(&game, usize::from(taker)).unwrap();
            assert!(theirs.contains(&format!("\n{taker} discard ?")), "{theirs}");
            assert!(!its.contains("discard ?"), "{its}");
            assert!(
                theirs.contains(&format!(" [{taker} +")),
                "the chien is shown: {theirs}"
            );
            return;
        }
        panic!("no deal with a discard");
    }
}
