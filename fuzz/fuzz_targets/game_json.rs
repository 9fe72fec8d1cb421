//! Any text given to `from_json` is either rejected with an error or yields a
//! state that round-trips exactly and plays on without panicking.
#![no_main]

use cardcore::games::GAMES;
use cardcore::{Game, SplitMix64};
use libfuzzer_sys::fuzz_target;

fn check<G: Game + PartialEq + std::fmt::Debug>(text: &str) {
    let Ok(game) = G::from_json(text) else { return };
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
    let Ok(text) = std::str::from_utf8(data) else { return };
    if cardcore::json::check_size(text, cardcore::json::MAX_STATE_BYTES).is_err() {
        return;
    }
    for name in GAMES {
        cardcore::with_game!(*name, G => check::<G>(text), unknown => ());
    }
});
