//! What the unit tests of every game share: cards written as text, and the
//! generic determinization checks.

use crate::card::Card;
use crate::cardset::CardSet;

/// `"QH 10S"`: the cards, in the order written.
pub fn cards(texts: &str) -> Vec<Card> {
    texts
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

/// `"QH 10S"`: the cards as a set.
pub fn set(texts: &str) -> CardSet {
    cards(texts).into_iter().collect()
}

/// Plays `game` to its end, each action chosen by `pick` among the legal ones
/// (sorted by id), checking after every action that the match is still within
/// `limit` actions; the number of actions played.
pub fn play_out<G: crate::game::Game>(
    game: &mut G,
    limit: usize,
    mut pick: impl FnMut(&[crate::game::ActionId]) -> crate::game::ActionId,
) -> usize {
    let mut legal = Vec::new();
    let mut played = 0;
    while !game.is_over() {
        assert!(
            played < limit,
            "{} still going after {limit} actions",
            G::NAME
        );
        game.legal_actions(&mut legal);
        game.apply(pick(&legal)).unwrap();
        played += 1;
    }
    played
}

/// A match ended at its cap: over, truncated, nobody won, and its state (as
/// large as the cap lets it grow) reads back as the same game within
/// `from_json`'s default size limit.
pub fn assert_truncated<G: crate::game::Game + PartialEq + Debug>(game: &G) {
    assert!(game.is_over() && game.truncated());
    assert_eq!(game.winning_seats(), Vec::<usize>::new());
    let text = game.to_json();
    assert!(
        text.len() <= crate::json::MAX_STATE_BYTES,
        "{} bytes",
        text.len()
    );
    assert_eq!(&G::from_json(&text).unwrap(), game);
}

use std::collections::BTreeMap;
use std::fmt::Debug;

use serde_json::{Map, Value};

use crate::determinize::Determinize;
use crate::game::table_options;
use crate::rng::SplitMix64;

/// The generic determinization checks ([`check_determinization`]) on random
/// matches at each table of `G` (its player counts in turn, options otherwise
/// default): see [`check_determinizations_under`].
pub fn check_determinizations<G: Determinize>(matches: u64, stride: usize) {
    let tables: Vec<Map<String, Value>> = (0..matches as usize).map(table_options::<G>).collect();
    check_determinizations_under::<G>(&tables, stride);
}

/// One random match per entry of `tables` (its options; match `i` has seed
/// `i`): [`check_determinization`] at every `stride`-th decision and at the
/// end, for every seat.
pub fn check_determinizations_under<G: Determinize>(tables: &[Map<String, Value>], stride: usize) {
    for (seed, options) in (0u64..).zip(tables) {
        let mut game = G::new(seed, options).unwrap();
        let mut rng = SplitMix64::new(seed ^ 0x5EED);
        for step in 0u64.. {
            let over = game.is_over();
            if over || step % stride as u64 == 0 {
                for seat in 0..game.num_players() {
                    check_determinization(&game, seat, seed * 1_000_000 + step);
                }
            }
            if over {
                break;
            }
            game.play_random(&mut rng);
        }
    }
}

/// A determinization of `game` for `seat`, drawn from generator seed `draw`,
/// shows that seat the same observation and tensor (and the same public
/// tensor), is a state `from_json`
/// accepts (so play can reach it), has the same seat to act, gives it the
/// same legal actions when it is `seat`, plays on to an end, and is the same
/// from the same generator.
pub fn check_determinization<G: Determinize>(game: &G, seat: usize, draw: u64) {
    let what = format!("draw {draw}, seat {seat}");
    let mut sample = game.determinize(seat, &mut SplitMix64::new(draw));
    let again = game.determinize(seat, &mut SplitMix64::new(draw));
    assert_eq!(
        sample.to_json(),
        again.to_json(),
        "{what}: same generator, same state"
    );
    assert_eq!(
        sample.observation(seat).unwrap(),
        game.observation(seat).unwrap(),
        "{what}"
    );
    let (mut tensor, mut sampled_tensor) = (vec![0.0; G::TENSOR_SIZE], vec![0.0; G::TENSOR_SIZE]);
    game.encode(seat, &mut tensor);
    sample.encode(seat, &mut sampled_tensor);
    assert_eq!(tensor, sampled_tensor, "{what}");
    game.encode_public(&mut tensor);
    sample.encode_public(&mut sampled_tensor);
    assert_eq!(tensor, sampled_tensor, "{what}: the public tensor");
    let text = sample.to_json();
    let read = G::from_json(&text).unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
    assert_eq!(read.to_json(), text, "{what}");
    assert_eq!(sample.current_player(), game.current_player(), "{what}");
    if game.current_player() == Some(seat) {
        let (mut legal, mut sampled_legal) = (Vec::new(), Vec::new());
        game.legal_actions(&mut legal);
        sample.legal_actions(&mut sampled_legal);
        assert_eq!(legal, sampled_legal, "{what}");
    }
    let mut bot = SplitMix64::new(draw);
    let mut moves = 0;
    while sample.play_random(&mut bot).is_some() {
        moves += 1;
        assert!(moves < 1_000_000, "{what}: the sample plays on forever");
    }
}

/// Draws `draws` keys and checks they fall on exactly the `expected` keys
/// (an exact enumeration), each about equally often: within five standard
/// deviations of `draws / expected.len()`.
pub fn check_uniform<K: Ord + Debug + Clone>(
    expected: &[K],
    draws: usize,
    mut draw: impl FnMut() -> K,
) {
    let mut counts: BTreeMap<K, usize> = BTreeMap::new();
    for _ in 0..draws {
        let key = draw();
        assert!(expected.contains(&key), "drawn but not enumerated: {key:?}");
        *counts.entry(key).or_default() += 1;
    }
    let distinct: std::collections::BTreeSet<&K> = expected.iter().collect();
    assert_eq!(
        distinct.len(),
        expected.len(),
        "the enumeration repeats a key"
    );
    assert_eq!(
        counts.len(),
        expected.len(),
        "some enumerated keys were never drawn"
    );
    let p = 1.0 / expected.len() as f64;
    let mean = draws as f64 * p;
    let sigma = (draws as f64 * p * (1.0 - p)).sqrt();
    for (key, &seen) in &counts {
        assert!(
            (seen as f64 - mean).abs() < 5.0 * sigma,
            "{key:?} drawn {seen} times, expected about {mean:.0}"
        );
    }
}
