//! Who can tell which action was played, from the observations alone: what a
//! server may announce of an action to each seat and to a spectator
//! (docs/server.md, "What each client is told"). Nothing here is written per
//! game: secrecy is each game's observation, these functions compare them.

use serde_json::Value;

use crate::error::{Error, Result};
use crate::game::{ActionId, Game};

/// The keys of an observation that are the observer's own, left out of the
/// public view.
const OWN_KEYS: [&str; 2] = ["seat", "hand"];

/// What a list of JSON values shows alike: a value equal in all of them is
/// kept; objects with the same keys are compared key by key and arrays of one
/// length item by item; anything else that differs becomes `null` (as a
/// game's `visible_*` lists mark a card not shown).
#[must_use]
pub fn common(values: &[&Value]) -> Value {
    let Some((first, rest)) = values.split_first() else {
        return Value::Null;
    };
    if rest.iter().all(|value| value == first) {
        return (*first).clone();
    }
    match first {
        Value::Object(object) => {
            let alike = rest.iter().all(|value| {
                value.as_object().is_some_and(|other| {
                    other.len() == object.len() && other.keys().all(|key| object.contains_key(key))
                })
            });
            if !alike {
                return Value::Null;
            }
            let combined = object
                .keys()
                .map(|key| {
                    let items: Vec<&Value> = values.iter().map(|value| &value[key]).collect();
                    (key.clone(), common(&items))
                })
                .collect();
            Value::Object(combined)
        }
        Value::Array(array) => {
            let alike = rest.iter().all(|value| {
                value
                    .as_array()
                    .is_some_and(|other| other.len() == array.len())
            });
            if !alike {
                return Value::Null;
            }
            let combined = (0..array.len())
                .map(|index| {
                    let items: Vec<&Value> = values.iter().map(|value| &value[index]).collect();
                    common(&items)
                })
                .collect();
            Value::Array(combined)
        }
        _ => Value::Null,
    }
}

/// The table as a spectator sees it: every seat's observation combined by
/// [`common`], without the observer's own keys (`seat`, `hand`).
pub fn public_view<G: Game>(game: &G) -> Result<Value> {
    let views = (0..game.num_players())
        .map(|seat| game.observation(seat))
        .collect::<Result<Vec<_>>>()?;
    let mut view = common(&views.iter().collect::<Vec<_>>());
    if let Value::Object(object) = &mut view {
        for key in OWN_KEYS {
            object.remove(key);
        }
    }
    Ok(view)
}

/// Who can tell which action the seat to act played: [`visibility`]'s answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Visibility {
    /// The seats other than the actor for which no other legal action leaves
    /// the same observation, in seat order. (A card played to a trick is seen
    /// by all; a Tarot discard is not: many discards leave the defence the
    /// same view.)
    pub seats: Vec<usize>,
    /// Whether a spectator can tell it: every other seat can, and no other
    /// legal action leaves the same [`public_view`].
    pub public: bool,
}

/// Who can tell which action `action` was, played by the seat to act in
/// `game` (the game is not changed): each legal alternative is played on a
/// copy and the observations compared. An action that is not legal now is an
/// error.
pub fn visibility<G: Game>(game: &G, action: ActionId) -> Result<Visibility> {
    let Some(actor) = game.current_player() else {
        return Err(Error::IllegalAction(format!(
            "{} cannot be played: the game is over",
            G::action_text(action)
        )));
    };
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let mut after = game.clone();
    after.apply(action)?;
    let others: Vec<usize> = (0..game.num_players()).filter(|&s| s != actor).collect();
    let seen = others
        .iter()
        .map(|&seat| after.observation(seat))
        .collect::<Result<Vec<_>>>()?;
    let mut told = vec![true; others.len()];
    // The public view is needed only while every other seat can still tell.
    let mut shown: Option<Value> = None;
    let mut public = true;
    for &other in legal.iter().filter(|&&other| other != action) {
        if !public && !told.contains(&true) {
            break;
        }
        let mut elsewhere = game.clone();
        elsewhere.apply(other)?;
        for (index, &seat) in others.iter().enumerate() {
            if told[index] && elsewhere.observation(seat)? == seen[index] {
                told[index] = false;
            }
        }
        public = public && told.iter().all(|&t| t);
        if public {
            let shown = match &mut shown {
                Some(view) => view,
                None => shown.insert(public_view(&after)?),
            };
            public = public_view(&elsewhere)? != *shown;
        }
    }
    let seats = others
        .iter()
        .zip(&told)
        .filter_map(|(&seat, &t)| t.then_some(seat))
        .collect();
    Ok(Visibility { seats, public })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::games::brouc::Brouc;
    use crate::games::tarot::Tarot;
    use crate::rng::SplitMix64;

    /// The first state that is `reached` in a match of `G` played at random,
    /// from the first seed whose match reaches one.
    fn play_until<G: Game>(reached: impl Fn(&G) -> bool) -> G {
        let mut legal = Vec::new();
        for seed in 0..100 {
            let mut game = G::new(seed, &serde_json::Map::new()).unwrap();
            let mut rng = SplitMix64::new(seed);
            while !game.is_over() {
                if reached(&game) {
                    return game;
                }
                game.legal_actions(&mut legal);
                let pick = legal[usize::try_from(rng.below(legal.len() as u64)).unwrap()];
                game.apply(pick).unwrap();
            }
        }
        panic!("no {} match reached the state", G::NAME)
    }

    #[test]
    fn common_keeps_what_is_alike_and_hides_the_rest() {
        let one = json!({"a": 1, "b": [1, 2, 3], "c": {"x": "QH"}, "d": [1]});
        let two = json!({"a": 1, "b": [1, 5, 3], "c": {"x": "KH"}, "d": [1, 2]});
        assert_eq!(
            common(&[&one, &two]),
            json!({"a": 1, "b": [1, null, 3], "c": {"x": null}, "d": null})
        );
        assert_eq!(common(&[&one]), one);
        // Objects with other keys, or values of other types, are hidden whole.
        assert_eq!(common(&[&json!({"a": 1}), &json!({"b": 1})]), Value::Null);
        assert_eq!(common(&[&json!(1), &json!(true)]), Value::Null);
    }

    #[test]
    fn a_card_played_to_a_trick_is_told_to_everyone() {
        let game: Brouc = play_until(|g: &Brouc| g.phase() == "play");
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        let actor = game.current_player().unwrap();
        let told = visibility(&game, legal[0]).unwrap();
        let others: Vec<usize> = (0..4).filter(|&s| s != actor).collect();
        assert_eq!(
            told,
            Visibility {
                seats: others,
                public: true
            }
        );
        // The public view hides the hands and the seat.
        let view = public_view(&game).unwrap();
        assert!(view.get("hand").is_none() && view.get("seat").is_none());
    }

    #[test]
    fn a_tarot_discard_is_told_to_no_one() {
        let game: Tarot = play_until(|g: &Tarot| g.phase() == "discard");
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        assert!(legal.len() > 1);
        let told = visibility(&game, legal[0]).unwrap();
        assert_eq!(
            told,
            Visibility {
                seats: vec![],
                public: false
            }
        );
    }
}
