//! Arbitrary action ids against a seeded game: illegal ones are rejected and
//! change nothing; legal ones keep the state consistent (its JSON reads back).
#![no_main]

use cardcore::games::GAMES;
use cardcore::game::table_options;
use cardcore::Game;
use libfuzzer_sys::fuzz_target;

fn check<G: Game + PartialEq + std::fmt::Debug>(seed: u64, actions: &[u8]) {
    let Ok(mut game) = G::new(seed, &table_options::<G>(seed as usize)) else {
        return;
    };
    let mut legal = Vec::new();
    for pair in actions.chunks(2) {
        // Every id of the game and a few past its end.
        let id = u16::from_le_bytes([pair[0], *pair.get(1).unwrap_or(&0)])
            % (G::ACTION_COUNT as u16 + 4);
        game.legal_actions(&mut legal);
        let before = game.clone();
        match game.apply(id) {
            Ok(()) => assert!(legal.contains(&id)),
            Err(_) => {
                assert!(!legal.contains(&id));
                assert_eq!(game, before);
            }
        }
        assert_eq!(G::from_json(&game.to_json()).as_ref(), Ok(&game));
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let seed = u64::from_le_bytes(data[..8].try_into().unwrap_or_default());
    for name in GAMES {
        cardcore::with_game!(*name, G => check::<G>(seed, &data[8..]), unknown => ());
    }
});
