//! Any text given to `from_json` is either rejected with an error or yields a
//! state that round-trips exactly and plays on without panicking.
#![no_main]

use cardcore::games::GAMES;
use cardcore::{Game, SplitMix64};
use libfuzzer_sys::fuzz_target;

fn check<G: Game + PartialEq + std::fmt::Debug>(value: &serde_json::Value) {
    let Ok(game) = G::from_json(value) else { return };
    let again = G::from_json(&game.to_json()).expect("a state's own JSON reads back");
    assert_eq!(again, game);
    let mut game = game;
    let mut rng = SplitMix64::new(0);
    for _ in 0..64 {
        let Some(action) = game.random_action(&mut rng) else { break };
        game.apply(action).expect("a drawn action is legal");
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) else { return };
    for name in GAMES {
        cardcore::with_game!(*name, G => check::<G>(&value), unknown => ());
    }
});
