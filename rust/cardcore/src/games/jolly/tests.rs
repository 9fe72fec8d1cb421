//! Jolly's unit tests: melds, placements, swaps, the opening, scoring (the
//! text's example), and random rounds that end with every card in place.

use serde_json::{json, Map, Value};

use super::meld::{card_at, position_value};
use super::*;
use crate::card::Suit;
use crate::testing::cards;

fn options(pairs: Value) -> Map<String, Value> {
    pairs.as_object().cloned().unwrap_or_default()
}

fn meld(texts: &str) -> Option<Meld> {
    read_meld(&cards(texts), 0)
}

#[test]
fn runs_take_the_ace_low_or_high_never_both() {
    assert_eq!(meld("AH 2H 3H").map(|m| m.value(None)), Some(6));
    assert_eq!(meld("QH KH AH").map(|m| m.value(None)), Some(30));
    assert!(meld("KH AH 2H").is_none(), "no wrap");
    let long = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH";
    assert!(meld(long).is_some());
    assert!(meld(&format!("{long} AH")).is_none(), "never both aces");
    assert!(meld("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH").is_some());
}

#[test]
fn runs_need_two_naturals_and_no_jokers_side_by_side() {
    assert_eq!(meld("3H JK 5H").map(|m| m.value(None)), Some(12));
    assert!(meld("6D 7D JK JK 10D").is_none());
    assert!(meld("6D JK 8D JK 10D").is_some());
    assert!(meld("JK 7D JK").is_none(), "one natural card");
    assert!(meld("8D 9D 10D JH").is_none(), "one suit");
    assert!(meld("8D 9D").is_none(), "three cards");
}

#[test]
fn sets_of_different_suits_with_one_joker() {
    assert_eq!(meld("AD AH AS").map(|m| m.value(None)), Some(75));
    assert_eq!(meld("KD KH JK").map(|m| m.value(None)), Some(30));
    assert!(meld("KD KD KH").is_none(), "two kings of diamonds");
    assert!(meld("KD JK JK").is_none(), "two jokers");
    assert!(meld("2C 2D 2H 2S").is_some());
    assert!(meld("2C 2D 2H 2S JK").is_none(), "at most four cards");
    // L8: a set's joker stands for a suit only beside three natural cards.
    let set = meld("KD KH JK").unwrap();
    assert_eq!(set.stands_for(2), None);
    let (full, swapped) = set
        .laid_off(
            Placement::Natural {
                suit: Suit::Spades,
                position: 13,
            },
            1,
        )
        .unwrap();
    assert!(!swapped);
    assert_eq!(full.stands_for(2), Some(card_at(Suit::Clubs, 13)));
    let (swapped_in, swapped) = full
        .laid_off(
            Placement::Natural {
                suit: Suit::Clubs,
                position: 13,
            },
            2,
        )
        .unwrap();
    assert!(swapped);
    assert_eq!(swapped_in.value(Some(2)), 10);
    assert_eq!(swapped_in.value(Some(0)), 20);
    assert_eq!(swapped_in.value(Some(1)), 10);
}

#[test]
fn run_jokers_are_swapped_for_the_card_they_stand_for() {
    let run = meld("9H JK JH").unwrap();
    let ten = Placement::Natural {
        suit: Suit::Hearts,
        position: 10,
    };
    let (after, swapped) = run.laid_off(ten, 3).unwrap();
    assert!(
        swapped
            && after.slots()[1]
                == Slot {
                    card: card_at(Suit::Hearts, 10),
                    by: 3
                }
    );
    assert!(run
        .laid_off(
            Placement::Natural {
                suit: Suit::Hearts,
                position: 11
            },
            3
        )
        .is_none());
    // A run 2-K takes either ace.
    let two_to_king = meld("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS").unwrap();
    for position in [1, 14] {
        let ace = Placement::Natural {
            suit: Suit::Spades,
            position,
        };
        let (longer, _) = two_to_king.laid_off(ace, 0).unwrap();
        assert_eq!(
            longer.value(None) - two_to_king.value(None),
            position_value(position)
        );
        let other = Placement::Natural {
            suit: Suit::Spades,
            position: 15 - position,
        };
        assert!(longer.laid_off(other, 0).is_none());
    }
}

#[test]
fn placements_round_trip_through_their_ids_and_texts() {
    for action in 0..CLOSE {
        let placement = Placement::of_action(action).unwrap();
        assert_eq!(placement.action(), action);
        assert_eq!(Jolly::parse_action(&placement.text()).unwrap(), action);
    }
    assert_eq!(Jolly::action_text(13), "lay AS high");
    assert_eq!(Jolly::action_text(0), "lay AS");
    assert_eq!(
        Jolly::action_text(FIRST_RUN_JOKER_ID + 14 + 9),
        "lay JK as 10H"
    );
    assert_eq!(Jolly::action_text(CLOSE - 1), "lay JK as A");
    assert_eq!(Jolly::action_text(FIRST_DISCARD), "discard 2S");
    assert_eq!(Jolly::action_text(DRAW - 1), "discard JK");
    assert_eq!(Jolly::action_text(ACTION_COUNT as ActionId - 1), "take 20");
    assert_eq!(ACTION_COUNT, 237);
}

const FIRST_RUN_JOKER_ID: ActionId = 56;

#[test]
fn the_texts_scoring_example() {
    // A: 3 4 5 6 Q K in hand (-38), 8-9-10 of diamonds and J-Q-K of hearts laid (57).
    // B: a joker, 5 5 7 8 10 J J Q in hand (-115), three aces laid (75).
    let a_hand: CardCounts = cards("3S 4S 5C 6D QC KS").into_iter().collect();
    let b_hand: CardCounts = cards("JK 5S 5C 7D 8H 10C JS JD QH").into_iter().collect();
    let a_table = meld("8D 9D 10D").unwrap().value(None) + meld("JH QH KH").unwrap().value(None);
    let b_table = meld("AD AH AS").unwrap().value(None);
    let result = round_scores(&[a_table, b_table], &[a_hand, b_hand], None, false);
    assert_eq!(result.penalties, vec![38, 115]);
    assert_eq!(result.scores, vec![19, -40]);
    // Main Jolly by A: B's penalty counts double, A's table does not, A gets 30.
    let empty = CardCounts::EMPTY;
    let jolly = round_scores(&[a_table, b_table], &[empty, b_hand], Some(0), true);
    assert_eq!(jolly.scores, vec![a_table + 30, 75 - 230]);
}

#[test]
fn random_matches_end_with_every_card_in_place() {
    for players in 2..=4 {
        for seed in 0..8 {
            let mut game = Jolly::new(seed, &options(json!({"players": players}))).unwrap();
            let mut rng = SplitMix64::new(seed);
            let mut steps = 0;
            while game.play_random(&mut rng).is_some() {
                steps += 1;
                assert!(steps < 1_000_000, "no end");
                let on_table: usize = game.melds.iter().map(Meld::len).sum();
                let held: usize = game.hands().iter().map(CardCounts::len).sum();
                let total =
                    held + on_table + game.building.len() + game.stock.len() + game.row.len();
                assert_eq!(total, DECK_SIZE, "seed {seed}, step {steps}");
            }
            assert!(game.is_over());
            let text = game.to_json();
            assert_eq!(Jolly::from_json(&text).unwrap().to_json(), text);
        }
    }
}

#[test]
fn every_card_a_table_meld_takes_is_among_those_it_wants() {
    for texts in [
        "9H JK JH",
        "AS 2S 3S",
        "QD KD AD",
        "7C 7D JK",
        "5S 5H 5D 5C",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
    ] {
        let meld = meld(texts).unwrap();
        for placement in (0..FIRST_DISCARD).filter_map(Placement::of_action) {
            if meld.laid_off(placement, 1).is_some() {
                assert!(
                    meld.wanted().contains(placement.card()),
                    "{texts}: {placement:?}"
                );
            }
        }
    }
}

/// Plays a seeded match at `players` until a melded table and a row of 3
/// cards or more (at the start of a turn, so that the turn's keys are fresh).
fn worked_position(players: usize) -> Jolly {
    let options = options(json!({"players": players, "first_dealer": 0}));
    let mut game = Jolly::new(7, &options).unwrap();
    let mut rng = SplitMix64::new(7);
    while !(game.melds.len() >= 2 && game.row.len() >= 3 && game.phase == Phase::Draw) {
        assert!(game.play_random(&mut rng).is_some(), "the position comes");
    }
    game
}

fn tensor_of(game: &Jolly, seat: usize) -> Vec<f32> {
    let mut out = vec![f32::NAN; Jolly::TENSOR_SIZE];
    game.encode(seat, &mut out);
    out
}

#[test]
fn the_tensor_layout_on_worked_positions() {
    use super::tensor::{face_index, MELD_FEATURES, ROW_PLACES, ROW_SHOWN};
    assert_eq!(Jolly::TENSOR_SIZE, 882);
    assert_eq!((MELD_FEATURES, ROW_PLACES, ROW_SHOWN), (11, 110, 20));
    let (row_at, melds_at, opened_at, sizes_at) = (53, 339, 839, 843);
    for players in [2, 4] {
        let game = worked_position(players);
        for seat in 0..players {
            // encode() fills exactly TENSOR_SIZE features (Features::finish).
            let out = tensor_of(&game, seat);
            assert!(out.iter().all(|x| x.is_finite()));
            // The hand: copies of each face at its index, over 2 (jokers 6).
            let hand = game.hands[seat];
            for &face in &DISCARDS {
                let copies = if face.is_joker() { 6.0 } else { 2.0 };
                assert_eq!(out[face_index(face)], hand.count(face) as f32 / copies);
            }
            assert_eq!(face_index("2S".parse().unwrap()), 0);
            assert_eq!(face_index("AC".parse().unwrap()), 51);
            assert_eq!(face_index(Card::JOKER), 52);
            // The row's last 20 cards read back from where each face lies.
            let places = &out[row_at..row_at + ROW_PLACES];
            let mut read = vec![None; ROW_SHOWN];
            for (place, &x) in places.iter().enumerate() {
                if x > 0.0 {
                    let back = ROW_SHOWN - (x * ROW_SHOWN as f32).round() as usize;
                    read[back] = Some(DISCARDS[(place / 2).min(52)]);
                }
            }
            let row = &game.row;
            let last: Vec<Option<Card>> = (0..ROW_SHOWN)
                .map(|back| row.len().checked_sub(back + 1).map(|i| row[i]))
                .collect();
            assert_eq!(read, last);
            assert_eq!(out[216], row.len() as f32 / 110.0);
            assert_eq!(out[217], game.stock.len() as f32 / 110.0);
            // The first meld: present, run or set, its suits and range.
            let meld = &game.melds[0];
            let block = &out[melds_at..melds_at + MELD_FEATURES];
            assert_eq!(block[0], 1.0);
            assert_eq!(
                block[1],
                f32::from(u8::from(matches!(meld.kind(), Kind::Run(_))))
            );
            assert_eq!(block[2], f32::from(u8::from(meld.kind() == Kind::Set)));
            let (low, high) = (block[8] * 14.0, block[9] * 14.0);
            match meld.kind() {
                Kind::Run(suit) => {
                    assert_eq!(block[4 + suit.index()], 1.0);
                    assert_eq!((high - low).round() as usize + 1, meld.len());
                }
                _ => assert_eq!(low, high),
            }
            let unused = melds_at + MELD_FEATURES * game.melds.len()..735;
            assert!(out[unused].iter().all(|&x| x == 0.0), "no more melds");
            // Seats from the observer: opened, hand sizes, dealer, to act.
            for k in 0..players {
                let other = (seat + k) % players;
                assert_eq!(out[opened_at + k], f32::from(u8::from(game.opened[other])));
                assert_eq!(out[sizes_at + k], game.hands[other].len() as f32 / 20.0);
            }
            assert_eq!(out[847 + (players - seat) % players], 1.0, "seat 0 deals");
            assert_eq!(out[851 + (game.seat + players - seat) % players], 1.0);
            assert_eq!(&out[855..860], &[1.0, 0.0, 0.0, 0.0, 0.0], "draw");
            // The player count, one-hot over 2, 3, 4.
            let mut count = [0.0; 3];
            count[players - 2] = 1.0;
            assert_eq!(&out[874..877], &count);
            assert_eq!(&out[877..880], &[1.0, 0.0, 0.0], "target 100");
            // At 2 players the blocks of seats 2 and 3 stay zero.
            if players == 2 {
                for block in [opened_at, sizes_at, 847, 851, 861, 865, 869] {
                    assert_eq!(&out[block + 2..block + 4], &[0.0, 0.0]);
                }
            }
        }
    }
}

#[test]
fn the_tensor_of_the_worked_two_player_position() {
    // Seed 7, dealer 0, round 1, seat 0 to draw. Melds: AD AC AS (seat 0),
    // JK(7S) 8S 9S and KS JK KH (seat 1); the row ends 4H 6H 2H; seat 0
    // holds 8H twice and a joker.
    let game = worked_position(2);
    let texts = |cards: &[Card]| cards.iter().map(Card::to_string).collect::<Vec<_>>();
    assert_eq!(texts(&game.row[game.row.len() - 3..]), ["4H", "6H", "2H"]);
    assert_eq!(game.melds.len(), 3);
    let out = tensor_of(&game, 0);
    // Hand: 8H (index 13 + 6) twice, the joker once.
    assert_eq!((out[19], out[52]), (1.0, 1.0 / 6.0));
    // Row: 2H (face 13) last, 6H (17) one back, 4H (15) two back; each face
    // once among the last 20 (its second place 0).
    assert_eq!((out[53 + 26], out[53 + 34], out[53 + 30]), (1.0, 0.95, 0.9));
    assert_eq!((out[53 + 27], out[53 + 35], out[53 + 31]), (0.0, 0.0, 0.0));
    // Meld 1 (features 350-360): a run of spades at positions 7-9 with a
    // joker.
    let run = &out[350..361];
    assert_eq!(&run[..8], &[1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]);
    assert_eq!(&run[8..], &[7.0 / 14.0, 9.0 / 14.0, 1.0 / 6.0]);
    // Meld 2 (361-371): a set of kings, spades and hearts, with a joker
    // whose suit is not fixed yet.
    let set = &out[361..372];
    assert_eq!(&set[..8], &[1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0]);
    assert_eq!(&set[8..], &[13.0 / 14.0, 13.0 / 14.0, 1.0 / 6.0]);
    // The jokers: the run's stands for 7S (face 5); the set's, not fixed,
    // counts for kings (rank index 11).
    let stand_ins = &out[274..339];
    assert_eq!((stand_ins[5], stand_ins[52 + 11]), (0.5, 0.5));
    assert_eq!(stand_ins.iter().sum::<f32>(), 1.0);
    // Both opened; the table values / 100: 75 (three aces), 24 + 30.
    assert_eq!(&out[839..843], &[1.0, 1.0, 0.0, 0.0]);
    assert_eq!(&out[865..869], &[0.75, 0.54, 0.0, 0.0]);
    // Seen from seat 1, its own values come first.
    let other = tensor_of(&game, 1);
    assert_eq!(&other[865..869], &[0.54, 0.75, 0.0, 0.0]);
}

#[test]
fn the_tensor_shows_no_hidden_card() {
    for players in [2, 4] {
        let game = worked_position(players);
        let before: Vec<Vec<f32>> = (0..players).map(|seat| tensor_of(&game, seat)).collect();
        // At 4 players, swap a card of seat 1 with one of another face of
        // seat 3; at both, a card of seat 1 with the stock's top.
        let mut swapped = game.clone();
        let last = players - 1;
        if players == 4 {
            let a = swapped.hands[1].iter().next().unwrap();
            let b = swapped.hands[3].iter().find(|&c| c != a).unwrap();
            swapped.hands[1].remove(a);
            swapped.hands[3].remove(b);
            swapped.hands[1].insert(b);
            swapped.hands[3].insert(a);
        }
        let top = swapped.stock.len() - 1;
        let c = swapped.hands[1]
            .iter()
            .find(|&c| c != swapped.stock[top])
            .unwrap();
        swapped.hands[1].remove(c);
        swapped.hands[1].insert(swapped.stock[top]);
        swapped.stock[top] = c;
        assert_eq!(
            tensor_of(&swapped, 0),
            before[0],
            "the observer sees nothing"
        );
        assert_ne!(tensor_of(&swapped, 1), before[1], "the owner sees its hand");
        assert_ne!(tensor_of(&swapped, last), before[last]);
    }
}

/// Every phase at 2, 3 and 4 players (docs/rules/jolly.md, "Determinization").
#[test]
fn determinizations_pass_the_generic_checks() {
    crate::testing::check_determinizations::<Jolly>(3, 61);
}

/// The state's JSON with `rng` (and `deal_rng`, if given) replaced.
fn with_generator(game: &Jolly, rng: u64, deal_rng: Option<u64>) -> String {
    let mut state: Value = serde_json::from_str(&game.to_json()).unwrap();
    state["rng"] = json!(rng);
    if let Some(deal_rng) = deal_rng {
        state["deal_rng"] = json!(deal_rng);
    }
    state.to_string()
}

/// A two-seat round (the first seed's that gets there) played until its
/// stock has been rebuilt once, from two cards or more (a one-card stock is
/// shuffled with no draw), at the start of a turn; every state on the way is
/// read back exactly.
fn rebuilt() -> Jolly {
    let options = options(json!({"players": 2, "single_deal": true}));
    for seed in 0.. {
        let mut game = Jolly::new(seed, &options).unwrap();
        let mut rng = SplitMix64::new(seed);
        while game.play_random(&mut rng).is_some() {
            let text = game.to_json();
            let read = Jolly::from_json(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert_eq!(read.to_json(), text);
            let drawn = game.rng.state() != game.dealt.rng;
            if game.rebuilds == 1 && drawn && game.phase == Phase::Draw {
                return game;
            }
        }
    }
    unreachable!("some seed rebuilds its stock")
}

#[test]
fn the_generator_is_the_deals_with_the_rebuilds_drawn_since() {
    let mut reached = 0;
    for seed in 0..6 {
        let options = options(json!({"players": 2, "single_deal": true}));
        let mut game = Jolly::new(seed, &options).unwrap();
        let mut rng = SplitMix64::new(seed);
        // Every state play reaches loads, after rebuilds too.
        while game.play_random(&mut rng).is_some() {
            let text = game.to_json();
            assert_eq!(Jolly::from_json(&text).unwrap().to_json(), text);
        }
        reached = reached.max(game.rebuilds);
    }
    assert!(reached >= 1, "the matches rebuild their stock");
}

#[test]
fn an_edited_generator_is_refused() {
    // Before any rebuild the generator is the deal's; after one, the deal's
    // with the rebuild's draws. Any other value lets a client choose the next
    // rebuilt stock: refused, with a message naming "rng".
    let fresh = Jolly::new(3, &options(json!({"players": 2}))).unwrap();
    let once = rebuilt();
    for game in [&fresh, &once] {
        let now = game.rng.state();
        let deal = game.dealt.rng;
        assert_eq!(now == deal, game.rebuilds == 0);
        for edited in [now.wrapping_add(1), now ^ 1 << 63, 0, deal.wrapping_sub(1)] {
            match Jolly::from_json(&with_generator(game, edited, None)) {
                Err(Error::Json(message)) => {
                    assert!(
                        message
                            .starts_with(&format!("\"rng\" is {edited}, but no play reaches it")),
                        "{message}"
                    );
                    assert!(
                        message.ends_with(&format!("which gives {now}")),
                        "{message}"
                    );
                }
                other => panic!("rng {edited} accepted: {other:?}"),
            }
        }
        assert!(Jolly::from_json(&with_generator(game, now, None)).is_ok());
    }
    // A rebuilt state with the generator set back to the deal's is refused.
    assert!(Jolly::from_json(&with_generator(&once, once.dealt.rng, None)).is_err());
}

#[test]
fn the_deals_generator_is_part_of_the_deal_taken_as_given() {
    // Before a rebuild, the deal's generator (`deal_rng`) is as given, like
    // the deal: with the generator now equal to it, the state loads and its
    // first rebuild is shuffled from it. After a rebuild the rebuilt stock
    // is laid out as recorded, but the generator drew its shuffle: the
    // generator now is the chosen one's with those draws, so the chosen one
    // itself is refused, and the one it leads to accepted.
    let fresh = Jolly::new(5, &options(json!({"players": 2}))).unwrap();
    let chosen = 0x1234_5678_9ABC_DEF0;
    let read = Jolly::from_json(&with_generator(&fresh, chosen, Some(chosen))).unwrap();
    assert_eq!((read.rng.state(), read.dealt.rng), (chosen, chosen));
    let once = rebuilt();
    let text = with_generator(&once, chosen, Some(chosen));
    assert!(matches!(Jolly::from_json(&text), Err(Error::Json(_))));
    let mut drawn = SplitMix64::new(chosen);
    drawn.shuffle(&mut once.dealt.rebuilt.clone().unwrap_or_default()[0].clone());
    let read = Jolly::from_json(&with_generator(&once, drawn.state(), Some(chosen))).unwrap();
    assert_eq!((read.stock(), read.dealt.rng), (once.stock(), chosen));
}

#[test]
fn the_step_cap_ends_a_round_that_cycles_lay_and_undo() {
    // J14: laying a card and taking it back, forever (undo when legal, else
    // the first action: draw, then lay).
    let undo_else_first = |legal: &[ActionId]| {
        if legal.contains(&UNDO) {
            UNDO
        } else {
            legal[0]
        }
    };
    let mut game = Jolly::new(3, &options(json!({"max_round_steps": 100}))).unwrap();
    let played = crate::testing::play_out(&mut game, 1000, undo_else_first);
    assert_eq!(played, 100);
    assert_eq!(game.round(), 1);
    assert_eq!(game.scores(), vec![0; 4]);
    crate::testing::assert_truncated(&game);
    // The largest caps: 30 rounds of 5000 steps would be the most; a round
    // cut at 5000 steps loads.
    let mut game = Jolly::new(3, &options(json!({"max_round_steps": 5000}))).unwrap();
    assert_eq!(
        crate::testing::play_out(&mut game, 10_000, undo_else_first),
        5000
    );
    crate::testing::assert_truncated(&game);
}

#[test]
fn the_largest_match_the_caps_allow_loads() {
    // J13 and J14 at their largest: 30 rounds (target 500), each cycling lay
    // and undo for 4400 steps, then drawing and discarding only until the
    // stock has run out three times (about 500 steps, no score but hand
    // penalties, so no seat nears the target): the state holds 30 rounds of
    // nearly 5000 steps, about the most the caps allow.
    let mut game = Jolly::new(
        5,
        &options(json!({"players": 2, "target": 500, "max_rounds": 30})),
    )
    .unwrap();
    let mut legal = Vec::new();
    while !game.is_over() {
        game.legal_actions(&mut legal);
        let in_round = game.history().len() - game.round_start;
        let forward = legal
            .iter()
            .copied()
            .find(|&a| matches!(Jolly::action_kind(a), "draw" | "discard"));
        let action = match forward {
            Some(action) if in_round >= 4400 => action,
            _ if legal.contains(&UNDO) => UNDO,
            _ => legal[0],
        };
        game.apply(action).unwrap();
    }
    assert!(
        !game.truncated() && game.round() == 30,
        "{} {} {}",
        game.truncated(),
        game.round(),
        game.history().len()
    );
    assert!(game.history().len() > 30 * 4500, "{}", game.history().len());
    let text = game.to_json();
    assert!(
        text.len() <= crate::json::MAX_STATE_BYTES,
        "{} bytes",
        text.len()
    );
    assert_eq!(Jolly::from_json(&text).unwrap(), game);
}
