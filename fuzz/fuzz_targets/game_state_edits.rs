//! Saved states of real play with a few bytes changed: `from_json` either
//! rejects the text or accepts a state that saves back to itself, reads back
//! equal and plays on; it never panics. Most edits hit a card, a seat or a
//! number, so this reaches the replay far more often than arbitrary text.
#![no_main]

use cardcore::games::GAMES;
use cardcore::game::table_options;
use cardcore::{Game, SplitMix64};
use libfuzzer_sys::fuzz_target;

fn check<G: Game + PartialEq + std::fmt::Debug>(seed: u64, steps: u8, edits: &[u8]) {
    let Ok(mut game) = G::new(seed, &table_options::<G>(seed as usize)) else {
        return;
    };
    let mut rng = SplitMix64::new(seed);
    for _ in 0..usize::from(steps) * 2 {
        if game.play_random(&mut rng).is_none() {
            break;
        }
    }
    let mut text = game.to_json().into_bytes();
    for edit in edits.chunks_exact(3) {
        let at = usize::from(u16::from_le_bytes([edit[0], edit[1]])) % text.len();
        text[at] = edit[2];
    }
    let Ok(text) = String::from_utf8(text) else {
        return;
    };
    let Ok(loaded) = G::from_json(&text) else {
        return;
    };
    let again = G::from_json(&loaded.to_json()).expect("an accepted state's own JSON reads back");
    assert_eq!(again, loaded);
    let mut loaded = loaded;
    for _ in 0..64 {
        let Some(action) = loaded.random_action(&mut rng) else {
            break;
        };
        loaded.apply(action).expect("a drawn action is legal");
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let seed = u64::from_le_bytes(data[..8].try_into().unwrap_or_default());
    for name in GAMES {
        cardcore::with_game!(*name, G => check::<G>(seed, data[8], &data[9..]), unknown => ());
    }
});
