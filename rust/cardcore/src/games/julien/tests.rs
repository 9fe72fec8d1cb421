//! Le Julien's unit tests: the rules text's worked examples and each rule's cases.

use super::tour::{next_leader, trick_winner};
use super::*;
use crate::testing::{cards, set};

fn bid(text: &str) -> Bid {
    Bid::parse(text).unwrap()
}

fn score(bid_text: &str, collected: &str, taken: &str, specials: &str, kind: &str) -> i64 {
    checked_score_tour(
        bid_text,
        &cards(collected),
        &cards(taken),
        &cards(specials),
        kind,
    )
    .unwrap()
}

fn new_game(seed: u64, options: Value) -> Julien {
    Julien::new(seed, options.as_object().unwrap()).unwrap()
}

fn legal(game: &Julien) -> Vec<ActionId> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out
}

/// Bids `Rouge` for every seat.
fn bid_round(game: &mut Julien) {
    for _ in 0..PLAYERS {
        game.apply(bid("Rouge").action()).unwrap();
    }
}

#[test]
fn deck_and_action_ids() {
    assert_eq!(DECK[0].to_string(), "2S");
    assert_eq!(DECK[12].to_string(), "AS");
    assert_eq!(DECK[13].to_string(), "2H");
    assert_eq!(DECK[51].to_string(), "AC");
    assert_eq!(Julien::parse_action("10 rouges").unwrap(), 55);
    assert_eq!(Julien::parse_action("TAKE").unwrap(), TAKE);
    assert_eq!(Julien::action_text(63), "25 Noires");
    assert_eq!(Julien::action_kind(51), "play");
    assert_eq!(Julien::action_kind(52), "bid");
    assert!(Julien::parse_action("CD").is_err());
    assert!(Julien::parse_action("10  Rouges").is_err());
    for (i, b) in Bid::ALL.iter().enumerate() {
        assert_eq!(usize::from(b.action() - FIRST_BID), i);
        assert_eq!(Bid::parse(b.text()).unwrap(), *b);
    }
}

#[test]
fn talon_first_then_one_card_at_a_time_from_the_dealers_left() {
    let game = new_game(7, json!({"first_dealer": 1}));
    let mut deck = DECK;
    let mut rng = SplitMix64::new(7);
    rng.shuffle(&mut deck);
    assert_eq!(game.tour.talon(), &deck[..12]);
    for k in 0..40 {
        assert!(game.hands[(2 + k) % 4].contains(deck[12 + k]));
    }
    assert_eq!(game.current_player(), Some(2));
    assert_eq!(game.phase(), "bid");
}

#[test]
fn twenty_five_only_in_the_special_tours_unless_allowed() {
    let normal = new_game(1, json!({}));
    assert_eq!(legal(&normal).len(), 10);
    assert!(!legal(&normal).contains(&58));
    let speco = new_game(1, json!({"single_deal": true, "tour_kind": "speco"}));
    assert_eq!(legal(&speco), (52..64).collect::<Vec<_>>());
    let allowed = new_game(1, json!({"twenty_five_every_tour": true}));
    assert_eq!(legal(&allowed).len(), 12);
    let error = Julien::new(1, json!({"tour_kind": "speco"}).as_object().unwrap());
    assert!(matches!(error, Err(Error::Option { name, .. }) if name == "tour_kind"));
}

#[test]
fn winner_by_the_tricks_trump_and_the_lowest_led_card_leads_next() {
    // -5-: 10C, KC, QH discarded, 4C.
    let mut trick = Trick::<4>::new(0);
    for card in cards("10C KC QH 4C") {
        trick.push(card);
    }
    assert_eq!(trick_winner(&trick, Suit::Spades), 1);
    assert_eq!(trick_winner(&trick, Suit::Hearts), 2);
    assert_eq!(next_leader(&trick), 3);
    // The leader leads again when it played the lowest of the led suit (J4).
    let mut alone = Trick::<4>::new(2);
    for card in cards("3D AS KS QS") {
        alone.push(card);
    }
    assert_eq!(trick_winner(&alone, Suit::Spades), 3);
    assert_eq!(next_leader(&alone), 2);
}

#[test]
fn following_suit_with_no_duty_to_trump() {
    let mut game = new_game(3, json!({"first_dealer": 0}));
    bid_round(&mut game);
    let leader = game.trick.next_seat();
    let led = game.hands[leader].iter().next().unwrap();
    game.apply(action_of(led).unwrap()).unwrap();
    let next = game.trick.next_seat();
    let hand = game.hands[next];
    let suit = CardSet::suit(led.suit().unwrap());
    let expected = if hand.intersection(suit).is_empty() {
        hand
    } else {
        hand.intersection(suit)
    };
    let legal: CardSet = legal(&game).into_iter().filter_map(card_of).collect();
    assert_eq!(legal, expected);
}

#[test]
fn the_seeds_worked_examples_as_ruled() {
    // -27-: 3 blacks remain after elimination on "5 Noires": -2 (seven
    // cards, as the text gives them, so scored without the argument checks).
    let pile = set("KS JS AH AC 10C 8C JD");
    let none = CardSet::EMPTY;
    assert_eq!(
        score_tour(bid("5 Noires"), pile, none, none, TourKind::Normal),
        -2
    );
    // -28-: 12 Rouges on "10 Rouges" is inside 10-14: +12; on "5 Rouges" -12.
    let twelve = "2H 3H 4H 5H 6H 7H 8H 9H 10H 2D 3D 4D";
    assert_eq!(score("10 Rouges", twelve, "", "", "normal"), 12);
    assert_eq!(score("5 Rouges", twelve, "", "", "normal"), -12);
    // -29-: "10 Noires", 6C 2D 9H 5H: -12.
    assert_eq!(score("10 Noires", "6C 2D 9H 5H", "", "", "normal"), -12);
    // -31-: no card: -(20 + x).
    for (x, expected) in [(5, -25), (10, -30), (15, -35), (20, -40), (25, -45)] {
        assert_eq!(score(&format!("{x} Rouges"), "", "", "", "speco"), expected);
    }
}

#[test]
fn simple_contracts() {
    assert_eq!(score("Rouge", "", "", "", "normal"), -20);
    assert_eq!(score("Rouge", "2H 3H 4D 5D", "", "", "normal"), 24);
    assert_eq!(score("Noir", "2H 3H 4D 5S", "", "", "normal"), -3);
    // J12: +1 per special of the Couleur on success; the other changes nothing.
    assert_eq!(score("Rouge", "2H 3H 4D 5D", "", "AH KS", "normal"), 25);
    assert_eq!(score("Noir", "2H 3H 4D 5S", "", "AS KS", "normal"), -3);
    // Spéco: taken trumps and specials at their -43- value (D1).
    assert_eq!(
        score("Rouge", "2H 3H 4D 5D", "KH", "AD 2S", "speco"),
        24 + 15 + 30
    );
    // Superspec: the specials are forced in; a black one fails Rouge.
    assert_eq!(score("Rouge", "2H 3H 4D 5D", "", "AD 2S", "superspec"), -2);
}

#[test]
fn chiffree_branches() {
    let hearts = |n: usize| {
        cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")[..n]
            .iter()
            .map(Card::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let with = |n: usize, rest: &str| format!("{} {rest}", hearts(n));
    // 10 hearts, 2S, 3C: 9 hearts and a club remain: -(opp 1 + x 10).
    assert_eq!(
        score("10 Rouges", &with(10, "2S 3C"), "", "", "normal"),
        -11
    );
    assert_eq!(score("10 Rouges", &with(10, "2D 3D"), "", "", "normal"), 12);
    // 16 Rouges on "10 Rouges" reaches the next bid's 15: -16.
    assert_eq!(
        score("10 Rouges", &with(12, "2D 3D 4D 5D"), "", "", "normal"),
        -16
    );
    // opp > 0 and an overshoot: 13 hearts and 3 clubs remain: -(opp 3 + x 5 + own 13).
    let pile = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2D 3D 2C 3C 4C 5C 6C";
    assert_eq!(score("5 Rouges", pile, "", "", "normal"), -21);
    // 25 never overshoots: 12 hearts + the taken AH (30) + 4 diamonds = 46 (Spéco).
    let reds = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2D 3D 4D 5D";
    assert_eq!(score("25 Rouges", reds, "AH", "", "speco"), 46);
    assert_eq!(score("20 Rouges", reds, "AH", "", "speco"), -46);
    // Weight for weight: the taken KS (15) less 4 hearts leaves 11 of 20: -9.
    assert_eq!(score("20 Noires", "2H 3H 4H 5H", "KS", "", "speco"), -9);
    // Best use of the specials: 8, 9 or 10 Rouges on "5 Rouges": 9 (one in, one out).
    let eight = "2H 3H 4H 5H 6H 7H 8H 9H";
    assert_eq!(score("5 Rouges", eight, "", "10H JH", "normal"), 9);
    assert_eq!(score("10 Rouges", eight, "", "10H JH", "normal"), 10);
    // A special of the other Couleur cancels a card left over: 7 Rouges, +7.
    assert_eq!(
        score("5 Rouges", "2H 3H 4H 5H 6H 7H 8H 2C", "", "2D", "normal"),
        7
    );
    // Forced in the Superspec: 4 hearts + 10H (10) - 2S (2) = 12 overshoots 5 Rouges.
    assert_eq!(
        score("5 Rouges", "2H 3H 4H 5H", "", "10H 2S", "superspec"),
        -12
    );
}

#[test]
fn checked_score_rejects_what_no_tour_produces() {
    let error = |collected: &str, taken: &str, specials: &str, kind: &str| match checked_score_tour(
        "Rouge",
        &cards(collected),
        &cards(taken),
        &cards(specials),
        kind,
    ) {
        Err(Error::Option { name, .. }) => name,
        other => panic!("expected an error, got {other:?}"),
    };
    assert_eq!(error("2H 3H 4H", "", "", "normal"), "collected");
    assert_eq!(error("2H 3H 4H 5H", "6H", "", "normal"), "taken");
    assert_eq!(error("2H 3H 4H 5H", "6H 7H", "", "speco"), "taken");
    assert_eq!(error("", "", "AH KH", "normal"), "specials");
    assert_eq!(error("2H 3H 4H 5H", "", "AH KH QH", "normal"), "specials");
    assert_eq!(error("2H 3H 4H 5H", "", "2H", "normal"), "specials");
    assert_eq!(error("2H 3H 4H 5H", "", "", "spéco"), "tour_kind");
    assert_eq!(error("CD 3H 4H 5H", "", "", "normal"), "collected");
}

#[test]
fn speco_winner_chooses_and_superspec_takes() {
    let mut speco = new_game(5, json!({"single_deal": true, "tour_kind": "speco"}));
    bid_round(&mut speco);
    for _ in 0..4 {
        let action = legal(&speco)[0];
        speco.apply(action).unwrap();
    }
    assert_eq!(speco.phase(), "speco");
    let winner = speco.tour.tricks[0].unwrap().winner;
    assert_eq!(speco.current_player(), Some(usize::from(winner)));
    assert_eq!(legal(&speco), [TAKE, LEAVE]);
    speco.apply(TAKE).unwrap();
    assert_eq!(
        speco.tour.taken(usize::from(winner)),
        CardSet::single(speco.tour.talon[0])
    );
    assert_eq!(speco.phase(), "play");

    let mut superspec = new_game(5, json!({"single_deal": true, "tour_kind": "superspec"}));
    bid_round(&mut superspec);
    for _ in 0..4 {
        let action = legal(&superspec)[0];
        superspec.apply(action).unwrap();
    }
    assert_eq!(superspec.phase(), "play");
    let winner = superspec.tour.tricks[0].unwrap().winner;
    assert!(superspec
        .tour
        .taken(usize::from(winner))
        .contains(superspec.tour.talon[0]));
}

#[test]
fn masked_talon_reveals_trick_by_trick() {
    let mut game = new_game(9, json!({"masked_talon": true}));
    assert_eq!(game.talon_shown(), 0);
    bid_round(&mut game);
    assert_eq!(game.talon_shown(), 1);
    for trick in 1..10 {
        for _ in 0..4 {
            let action = legal(&game)[0];
            game.apply(action).unwrap();
        }
        let expected = if trick == 9 { 12 } else { trick + 1 };
        assert_eq!(game.talon_shown(), expected);
    }
    let view = game.observation(0).unwrap();
    assert!(view["talon"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| !c.is_null()));
}

#[test]
fn random_matches_play_six_tours_and_round_trip() {
    let mut rng = SplitMix64::new(11);
    for seed in 0..40 {
        let mut game = new_game(seed, json!({}));
        let mut actions = 0;
        while game.play_random(&mut rng).is_some() {
            actions += 1;
            if actions % 17 == 0 {
                let back = Julien::from_json(&game.to_json()).unwrap();
                assert_eq!(back, game);
            }
        }
        assert_eq!(actions, 5 * 44 + 54);
        assert_eq!(game.tour_scores().len(), 6);
        let kinds: Vec<_> = [1, 2, 3, 4, 5, 6].map(TourKind::of_tour).to_vec();
        assert_eq!(kinds[2], TourKind::Speco);
        let sums: Vec<i64> = (0..4)
            .map(|s| game.tour_scores().iter().map(|t| t[s]).sum())
            .collect();
        assert_eq!(game.scores(), sums);
        assert_eq!(Julien::from_json(&game.to_json()).unwrap(), game);
        assert!(!game.winning_seats().is_empty());
    }
}

#[test]
fn play_random_draws_as_random_action_then_apply() {
    let mut game = new_game(2, json!({"single_deal": true, "tour_kind": "speco"}));
    let mut draws = SplitMix64::new(4);
    let mut replay = SplitMix64::new(4);
    let mut copy = game.clone();
    while let Some(action) = game.play_random(&mut draws) {
        let expected = copy.random_action(&mut replay).unwrap();
        assert_eq!(action, expected);
        copy.apply(expected).unwrap();
    }
    assert_eq!(game, copy);
}

#[test]
fn from_json_refuses_a_revoke_planted_in_the_trick_and_accepts_play() {
    let mut game = new_game(0, json!({"single_deal": true}));
    for text in ["Rouge", "Noir", "Rouge", "Noir", "7S"] {
        game.apply(Julien::parse_action(text).unwrap()).unwrap();
    }
    let text = game.to_json();
    assert_eq!(Julien::from_json(&text).as_ref(), Ok(&game));
    // Seat 1 holds spades: 8H cannot follow 7S. Moved from its hand into the
    // trick and the history, it makes a state no play reaches.
    let mut state: Value = serde_json::from_str(&text).unwrap();
    let hand = state["hands"][1].as_array_mut().unwrap();
    assert!(hand.iter().any(|c| c.as_str().unwrap().ends_with('S')));
    hand.retain(|c| c != "8H");
    state["trick"]
        .as_array_mut()
        .unwrap()
        .push(json!([1, "8H"]));
    state["history"].as_array_mut().unwrap().push(json!("8H"));
    let error = Julien::from_json(&state.to_string()).unwrap_err();
    assert!(error.to_string().starts_with("history[5] (8H)"), "{error}");
}

#[test]
fn from_json_names_a_derived_value_that_is_not_the_replays() {
    let mut game = new_game(4, json!({"single_deal": true}));
    while !game.is_over() {
        game.apply(legal(&game)[0]).unwrap();
    }
    let mut state: Value = serde_json::from_str(&game.to_json()).unwrap();
    state["tour_scores"][0][0] = json!(999);
    let error = Julien::from_json(&state.to_string()).unwrap_err();
    assert!(
        error.to_string().starts_with("\"tour_scores\" is [[999,"),
        "{error}"
    );
}

/// The tensor of `seat`, checked to be exactly `TENSOR_SIZE` features.
fn tensor_of(game: &Julien, seat: usize) -> Vec<f32> {
    let mut out = vec![f32::NAN; Julien::TENSOR_SIZE];
    game.encode(seat, &mut out);
    assert!(out.iter().all(|x| x.is_finite()));
    out
}

/// The docs' worked position (seed 0, dealer 3): the bids, trick 1, then 5S
/// by seat 3 and KS by seat 0; seen by seat 1, which is to play.
#[test]
fn observation_tensor_of_the_worked_position() {
    let mut game = new_game(0, json!({}));
    let history = "Rouge,10 Noires,5 Rouges,Noir,7S,6S,3S,2S,5S,KS";
    for action in history.split(',') {
        game.apply(Julien::parse_action(action).unwrap()).unwrap();
    }
    let t = tensor_of(&game, 1);
    let card = |text: &str| usize::from(action_of(text.parse().unwrap()).unwrap());
    // 0-51: the hand, in action-id order.
    let hand = set("8S JS 8H 4D 7D 10D JD 8C JC");
    assert_eq!(game.hands[1], hand);
    for (i, &c) in DECK.iter().enumerate() {
        assert_eq!(t[i], f32::from(u8::from(hand.contains(c))), "{c}");
    }
    assert_eq!(t[card("JS")], 1.0);
    // 52-259: the trick by seat from the observer: seat 3 is block 2, seat 0 block 3.
    assert_eq!(t[52 + 2 * 52 + card("5S")], 1.0);
    assert_eq!(t[52 + 3 * 52 + card("KS")], 1.0);
    assert_eq!(t[52..260].iter().sum::<f32>(), 2.0);
    // 260-263: the leader, seat 3.
    assert_eq!(t[260..264], [0.0, 0.0, 1.0, 0.0]);
    // 264-471: trick 1 by seat: 7S seat 0 (block 3), 6S the observer's.
    assert_eq!(t[264 + 3 * 52 + card("7S")], 1.0);
    assert_eq!(t[264 + card("6S")], 1.0);
    assert_eq!(t[264..472].iter().sum::<f32>(), 4.0);
    // 472-679: seat 0 (block 3) won trick 1; 680-887: nothing taken.
    let won = set("7S 6S 3S 2S");
    for c in won.iter() {
        assert_eq!(t[472 + 3 * 52 + card(&c.to_string())], 1.0);
    }
    assert_eq!(t[472..680].iter().sum::<f32>(), 4.0);
    assert!(t[680..888].iter().all(|&x| x == 0.0));
    // 888-1091: talon card i at 888 + 17 i, suit then rank: QD first, AS second.
    assert_eq!(t[888..892], [0.0, 0.0, 1.0, 0.0]);
    assert_eq!(t[888 + 4 + 10], 1.0);
    assert_eq!(t[888 + 17], 1.0);
    assert_eq!(t[888 + 17 + 4 + 12], 1.0);
    assert_eq!(t[888..1092].iter().sum::<f32>(), 24.0);
    // 1092-1095: trick 2's trump, spades.
    assert_eq!(t[1092..1096], [1.0, 0.0, 0.0, 0.0]);
    assert!(t[1096..1100].iter().all(|&x| x == 0.0));
    // 1100-1147: bids from the observer: 10 Noires (8), 5 Rouges (2), Noir (1), Rouge (0).
    for (k, index) in [8, 2, 1, 0].into_iter().enumerate() {
        assert_eq!(t[1100 + 12 * k + index], 1.0);
    }
    assert_eq!(t[1100..1148].iter().sum::<f32>(), 4.0);
    assert_eq!(t[1148..1151], [1.0, 0.0, 0.0]); // normal Tour
    assert_eq!(t[1151], 1.0); // Tour 1
    assert_eq!(t[1157..1161], [0.0, 1.0, 0.0, 0.0]); // play
    assert_eq!(t[1161..1165], [0.0, 0.0, 1.0, 0.0]); // dealer 3
    assert_eq!(t[1165..1169], [1.0, 0.0, 0.0, 0.0]); // the observer acts
    assert_eq!(t[1169..1173], [0.9, 0.9, 0.8, 0.8]); // hand sizes / 10
    assert_eq!(t[1173..1177], [0.0, 0.0, 0.0, 0.1]); // tricks won / 10
    assert_eq!(t[1177], 0.1);
    assert!(t[1178..].iter().all(|&x| x == 0.0));
    assert_eq!(tensor::TENSOR_SIZE, 1185);

    // Hidden cards: swapping cards of seats 2 and 3 changes their tensors only.
    let mut swapped = game.clone();
    let (a, b) = (DECK[card("3D")], DECK[card("4H")]);
    assert!(swapped.hands[2].contains(a) && swapped.hands[3].contains(b));
    swapped.hands[2].remove(a);
    swapped.hands[3].remove(b);
    swapped.hands[2].insert(b);
    swapped.hands[3].insert(a);
    assert_eq!(tensor_of(&swapped, 1), t);
    assert_eq!(tensor_of(&swapped, 0), tensor_of(&game, 0));
    assert_ne!(tensor_of(&swapped, 2), tensor_of(&game, 2));
    assert_ne!(tensor_of(&swapped, 3), tensor_of(&game, 3));
}

/// Totals scaled by 200; masked talon cards leave their features zero and
/// swapping one with a card in another seat's hand changes nothing.
#[test]
fn observation_tensor_scores_and_the_masked_talon() {
    let mut game = new_game(3, json!({}));
    let mut rng = SplitMix64::new(3);
    while game.tour() < 2 {
        game.play_random(&mut rng).unwrap();
    }
    for seat in 0..PLAYERS {
        let t = tensor_of(&game, seat);
        for k in 0..PLAYERS {
            let total = game.totals[(seat + k) % PLAYERS] as f32 / tensor::TOTAL_SCALE;
            assert_eq!(t[1178 + k], total);
        }
        assert_eq!(t[1152], 1.0); // Tour 2
    }
    assert!(game.totals.iter().any(|&total| total != 0));

    let mut masked = new_game(9, json!({"masked_talon": true, "single_deal": true}));
    bid_round(&mut masked);
    masked.apply(legal(&masked)[0]).unwrap();
    let t = tensor_of(&masked, 0);
    assert_eq!(t[888..905].iter().sum::<f32>(), 2.0); // talon card 1 shown
    assert!(t[905..1092].iter().all(|&x| x == 0.0)); // 2 to 12 masked
    assert_eq!(t[1182..1185], [1.0, 1.0, 0.0]);
    let hidden = masked.tour.talon[5];
    let seat = (1..PLAYERS).find(|&s| !masked.hands[s].is_empty()).unwrap();
    let held = masked.hands[seat].iter().next().unwrap();
    let mut swapped = masked.clone();
    swapped.tour.talon[5] = held;
    swapped.hands[seat].remove(held);
    swapped.hands[seat].insert(hidden);
    assert_eq!(tensor_of(&swapped, 0), t);
    assert_ne!(tensor_of(&swapped, seat), tensor_of(&masked, seat));
}
