//! 500's unit tests: the bid table, the trump order, the auction, the kitty,
//! misère and the scorings.

use super::*;
use crate::deals::Deals;
use crate::testing::{cards, set};

fn new_game(seed: u64, options: Value) -> FiveHundred {
    FiveHundred::new(seed, options.as_object().unwrap()).unwrap()
}

fn legal(game: &FiveHundred) -> Vec<ActionId> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out
}

fn bid(text: &str) -> Bid {
    text.parse().unwrap()
}

fn trick(leader: usize, texts: &str) -> Trick<PLAYERS> {
    let mut trick = Trick::new(leader);
    for card in cards(texts) {
        trick.push(card);
    }
    trick
}

#[test]
fn the_avondale_table_and_the_order_of_bids() {
    assert_eq!(bid("6 spades").value(), 40);
    assert_eq!(bid("7 hearts").value(), 200);
    assert_eq!(bid("10 no trump").value(), 520);
    assert_eq!(Bid::Misere.value(), 250);
    assert_eq!(Bid::OpenMisere.value(), 500);
    let values: Vec<i64> = bids::ORDER.iter().map(|b| b.value()).collect();
    assert!(values.windows(2).all(|w| w[0] <= w[1]), "{values:?}");
    assert_eq!(bids::ORDER[11], Bid::Misere);
    assert_eq!(bids::ORDER[23], bid("10 diamonds"));
    assert_eq!(bids::ORDER[24], Bid::OpenMisere);
    assert_eq!(bids::ORDER[25], bid("10 hearts"));
    for action in FIRST_BID..FIRST_NAME {
        let bid = Bid::of_action(action).unwrap();
        assert_eq!(bid.action(), action);
        assert_eq!(FiveHundred::parse_action(&bid.text()).unwrap(), action);
    }
}

#[test]
fn action_ids_and_texts() {
    assert_eq!(FiveHundred::action_text(0), "4S");
    assert_eq!(FiveHundred::action_text(10), "AS");
    assert_eq!(FiveHundred::action_text(11), "4H");
    assert_eq!(FiveHundred::action_text(43), "AC");
    assert_eq!(FiveHundred::action_text(44), "BJ");
    assert_eq!(FiveHundred::action_text(45), "RJ");
    assert_eq!(FiveHundred::action_text(46), "discard 4S");
    assert_eq!(FiveHundred::action_text(92), "pass");
    assert_eq!(FiveHundred::action_text(93), "6 spades");
    assert_eq!(FiveHundred::action_text(117), "10 no trump");
    assert_eq!(FiveHundred::action_text(118), "misere");
    assert_eq!(FiveHundred::action_text(119), "open misere");
    assert_eq!(FiveHundred::action_text(121), "name hearts");
    for action in 0..ACTION_COUNT as ActionId {
        let text = FiveHundred::action_text(action);
        assert_eq!(
            FiveHundred::parse_action(&text.to_uppercase()).unwrap(),
            action
        );
    }
    assert!(matches!(
        FiveHundred::parse_action("3S"),
        Err(Error::IllegalAction(_))
    ));
    assert!(matches!(
        FiveHundred::parse_action("6 spade"),
        Err(Error::Notation(_))
    ));
}

#[test]
fn trumps_hold_both_jokers_and_both_jacks_of_the_colour() {
    let hearts = Order::of(Strain::Hearts);
    let trumps = hearts.suit_cards(Suit::Hearts.index());
    assert_eq!(trumps.len(), 14);
    assert!(trumps.contains("JD".parse().unwrap()));
    assert!(trumps.contains(Card::BLACK_JOKER));
    assert!(!hearts
        .suit_cards(Suit::Diamonds.index())
        .contains("JD".parse().unwrap()));
    // The order: BJ > RJ > JH > JD > AH > KH ...
    for (winning, texts) in [
        (1, "AH BJ RJ JH"),
        (2, "AH JD RJ JH"),
        (3, "AH JD KH JH"),
        (1, "KH JD AH QH"),
        (0, "AH KH QH 10H"),
    ] {
        assert_eq!(
            hearts.winner(&trick(0, texts), Suit::Hearts.index()),
            winning,
            "{texts}"
        );
    }
    // The left jack does not follow diamonds; any trump beats a plain suit.
    let led_diamonds = trick(0, "KD JD AD 4D");
    assert_eq!(hearts.winner(&led_diamonds, Suit::Diamonds.index()), 1);
    assert_eq!(
        hearts.legal(set("JD 5C"), Some(Suit::Diamonds.index())),
        set("JD 5C")
    );
    assert_eq!(
        hearts.legal(set("JD 5C 4D"), Some(Suit::Diamonds.index())),
        set("4D")
    );
    assert_eq!(
        hearts.legal(set("JD 5C 4D"), Some(Suit::Hearts.index())),
        set("JD")
    );
    // Spades: the jack of clubs is the other trump jack.
    let spades = Order::of(Strain::Spades);
    assert_eq!(spades.suit_of("JC".parse().unwrap()), Suit::Spades.index());
    assert_eq!(spades.suit_of("JH".parse().unwrap()), Suit::Hearts.index());
}

#[test]
fn no_trump_makes_the_jokers_a_suit_of_their_own() {
    let no_trump = Order::of(Strain::NoTrump);
    assert_eq!(no_trump.suit_of(Card::RED_JOKER), play::JOKER_SUIT);
    assert_eq!(
        no_trump.suit_of("JD".parse().unwrap()),
        Suit::Diamonds.index()
    );
    // A joker only when void in the suit led; then it wins.
    assert_eq!(
        no_trump.legal(set("RJ 5S"), Some(Suit::Spades.index())),
        set("5S")
    );
    assert_eq!(
        no_trump.legal(set("RJ 5C"), Some(Suit::Spades.index())),
        set("RJ 5C")
    );
    assert_eq!(
        no_trump.winner(&trick(2, "AS 5C RJ KS"), Suit::Spades.index()),
        0
    );
    // A joker led: the other joker must follow; black beats red.
    assert_eq!(
        no_trump.legal(set("BJ AS"), Some(play::JOKER_SUIT)),
        set("BJ")
    );
    assert_eq!(
        no_trump.winner(&trick(0, "RJ AS BJ KS"), play::JOKER_SUIT),
        2
    );
    // Plain suits rank A K Q J 10 ... 4.
    assert_eq!(
        no_trump.winner(&trick(0, "JS QS 4S 10S"), Suit::Spades.index()),
        1
    );
}

#[test]
fn bids_read_as_players_write_them() {
    let read = |text: &str| Bid::read(text).map(Bid::text).map_err(|e| e.to_string());
    for (text, canonical) in [
        ("7H", "7 hearts"),
        ("7h", "7 hearts"),
        ("7NT", "7 no trump"),
        ("10nt", "10 no trump"),
        ("6 s", "6 spades"),
        ("8C", "8 clubs"),
        ("9d", "9 diamonds"),
        ("7 Hearts", "7 hearts"),
        ("OPEN MISERE", "open misere"),
    ] {
        assert_eq!(read(text).as_deref(), Ok(canonical), "{text}");
    }
    for text in [
        "5H", "11NT", "07H", "+7H", "7X", "7", "H", "7HH", "pass NT", "",
    ] {
        assert!(read(text).is_err(), "{text}");
    }
    // The actions and the state's JSON keep the canonical texts alone: as an
    // action, `7H` is the card.
    assert!("7H".parse::<Bid>().is_err());
    assert!("7NT".parse::<Bid>().is_err());
    assert!(FiveHundred::parse_action("7NT").is_err());
    let seven = FiveHundred::parse_action("7H").unwrap();
    assert_eq!(FiveHundred::action_kind(seven), "play");
}

#[test]
fn scorings() {
    let seven_hearts = bid("7 hearts");
    assert_eq!(score(seven_hearts, 7, Scoring::Default, false), (200, 0));
    assert_eq!(score(seven_hearts, 6, Scoring::Default, false), (0, 200));
    assert_eq!(score(seven_hearts, 8, Scoring::Variant, false), (200, 20));
    assert_eq!(score(seven_hearts, 4, Scoring::Variant, false), (-200, 60));
    assert_eq!(score(seven_hearts, 10, Scoring::Default, true), (250, 0));
    assert_eq!(score(bid("8 clubs"), 10, Scoring::Default, true), (260, 0));
    assert_eq!(score(Bid::Misere, 0, Scoring::Variant, false), (250, 0));
    assert_eq!(
        score(Bid::OpenMisere, 1, Scoring::Default, false),
        (-500, 0)
    );
    // F12: the bidders win by making a contract at 500; default: anyone at 500.
    assert_eq!(match_winner([520, 100], 0, true, Scoring::Variant), Some(0));
    assert_eq!(match_winner([100, 520], 0, true, Scoring::Variant), None);
    assert_eq!(
        match_winner([100, 520], 0, false, Scoring::Default),
        Some(1)
    );
    assert_eq!(
        match_winner([-510, 100], 0, false, Scoring::Variant),
        Some(1)
    );
    assert_eq!(
        match_winner([490, -500], 1, false, Scoring::Default),
        Some(0)
    );
}

#[test]
fn the_deal_is_three_kitty_four_kitty_three_from_the_dealers_left() {
    let game = new_game(5, json!({"first_dealer": 2}));
    let mut deck = DECK;
    let mut rng = SplitMix64::new(5);
    rng.shuffle(&mut deck);
    let hand_of = |position: usize| (0..4).find(|&s| game.hands[s].contains(deck[position]));
    assert_eq!(hand_of(0), Some(3));
    assert_eq!(hand_of(3), Some(0));
    assert_eq!(hand_of(11), Some(2));
    assert!((12..15)
        .chain(31..34)
        .all(|p| game.deal.kitty().contains(deck[p])));
    assert_eq!(hand_of(15), Some(3));
    assert_eq!(hand_of(30), Some(2));
    assert_eq!(hand_of(45), Some(2));
    assert!(game.hands.iter().all(|h| h.len() == 10));
    assert_eq!(game.current_player(), Some(3));
}

#[test]
fn the_auction_skips_passed_seats_and_ends_after_three_passes() {
    let mut game = new_game(1, json!({"first_dealer": 3}));
    for text in ["6 spades", "pass", "7 spades", "pass", "pass"] {
        game.apply(bid(text).action()).unwrap();
    }
    // Seats 0 (6 spades), 1 (pass), 2 (7 spades), 3 (pass), 0 (pass): seat 2 wins.
    assert_eq!(game.bidder(), Some(2));
    assert_eq!(game.contract(), Some(bid("7 spades")));
    assert_eq!(game.phase(), "discard");
    assert_eq!(game.hand(2).unwrap().len(), 16);
    for _ in 0..6 {
        let action = legal(&game)[0];
        game.apply(action).unwrap();
    }
    assert_eq!(game.phase(), "play");
    assert_eq!(game.current_player(), Some(2));
    assert_eq!(game.hand(2).unwrap().len(), 10);
}

#[test]
fn partners_overbid_and_misere_needs_a_seven() {
    let mut game = new_game(2, json!({"first_dealer": 3, "misere": true}));
    assert!(legal(&game).contains(&Bid::OpenMisere.action()));
    assert!(!legal(&game).contains(&Bid::Misere.action()));
    game.apply(bid("7 clubs").action()).unwrap();
    game.apply(bid("pass").action()).unwrap();
    assert!(legal(&game).contains(&Bid::Misere.action()));
    game.apply(Bid::Misere.action()).unwrap(); // seat 2 over its partner
    game.apply(bid("pass").action()).unwrap();
    game.apply(bid("8 clubs").action()).unwrap(); // seat 0 again
    game.apply(bid("pass").action()).unwrap();
    assert_eq!(game.bidder(), Some(0));
}

#[test]
fn all_pass_and_the_single_round() {
    let mut game = new_game(3, json!({"first_dealer": 0}));
    for _ in 0..4 {
        game.apply(FIRST_BID).unwrap();
    }
    assert!(game.last_deal().unwrap().void());
    assert_eq!(game.dealer(), 1);
    let mut single = new_game(3, json!({"first_dealer": 0, "single_round": true}));
    for text in ["6 spades", "pass", "pass", "7 hearts"] {
        single.apply(bid(text).action()).unwrap();
    }
    assert_eq!(single.bidder(), Some(0));
}

#[test]
fn a_misere_partner_sits_out_and_the_deal_stops_at_the_first_trick_won() {
    for seed in 0..400 {
        let mut game = new_game(seed, json!({"misere": true, "single_deal": true}));
        let bidder = game.current_player().unwrap();
        game.apply(Bid::OpenMisere.action()).unwrap();
        for _ in 0..3 {
            game.apply(FIRST_BID).unwrap();
        }
        let mut rng = SplitMix64::new(seed);
        while !game.is_over() {
            let seat = game.current_player().unwrap();
            assert_ne!(seat, (bidder + 2) % 4);
            game.play_random(&mut rng);
            // F6: the open misère's hand is shown once the first trick is complete.
            assert_eq!(game.open_hand().is_some(), !game.tricks().is_empty());
        }
        let result = *game.result().unwrap();
        assert!(game.tricks().iter().all(|t| t.trick.len() == 3));
        let won = game
            .tricks()
            .iter()
            .filter(|t| usize::from(t.winner) == bidder)
            .count();
        assert!(won <= 1);
        assert_eq!(result.made, won == 0);
        assert_eq!(
            won == 1,
            game.tricks().last().unwrap().winner as usize == bidder
        );
        if won == 1 && game.tricks().len() < 10 {
            return;
        }
    }
    panic!("no seed where a misère is lost before the last trick");
}

/// Random matches to their end with the invariants and the state's round trip.
fn random_matches(options: Value, matches: u64) {
    for seed in 0..matches {
        let mut game = new_game(seed, options.clone());
        let mut rng = SplitMix64::new(seed ^ 0x500);
        let mut steps = 0;
        while !game.is_over() {
            if steps % 13 == 0 {
                assert_eq!(FiveHundred::from_json(&game.to_json()).unwrap(), game);
            }
            let legal = legal(&game);
            let action = legal[rng.below(legal.len() as u64) as usize];
            game.apply(action).unwrap();
            steps += 1;
            assert!(steps < 20_000);
        }
        assert_eq!(FiveHundred::from_json(&game.to_json()).unwrap(), game);
        let winners = game.winning_seats();
        assert!(winners.len() == 2 || game.options.single_deal);
    }
}

#[test]
fn random_matches_with_every_option() {
    random_matches(json!({}), 3);
    random_matches(json!({"scoring": "variant", "slam_bonus": true}), 3);
    random_matches(
        json!({"misere": true, "joker_names_suit": true, "single_round": true}),
        3,
    );
    random_matches(json!({"single_deal": true, "misere": true}), 10);
}

#[test]
fn the_observation_tensor_of_a_worked_position() {
    let mut game = new_game(7, json!({"first_dealer": 0, "misere": true}));
    // Seats 1 (7 hearts), 2 (pass), 3 (7 no trump), 0 (pass), 1 (pass): seat 3.
    for text in ["7 hearts", "pass", "7 no trump", "pass", "pass"] {
        game.apply(bid(text).action()).unwrap();
    }
    assert_eq!(game.bidder(), Some(3));
    for _ in 0..6 {
        game.apply(legal(&game)[0]).unwrap();
    }
    let led = DECK[usize::from(legal(&game)[0])];
    game.apply(legal(&game)[0]).unwrap(); // seat 3 leads
    let followed = DECK[usize::from(legal(&game)[0])];
    game.apply(legal(&game)[0]).unwrap(); // seat 0 follows
    assert_eq!(tensor::TENSOR_SIZE, 632);
    let encode = |game: &FiveHundred, seat: usize| {
        let mut out = vec![f32::NAN; FiveHundred::TENSOR_SIZE];
        game.encode(seat, &mut out); // `finish` checks every feature is written
        out
    };
    let t = encode(&game, 0);
    let card = |c: Card| DECK.iter().position(|&d| d == c).unwrap();
    // 0-45: the observer's hand, 9 cards.
    for (i, &c) in DECK.iter().enumerate() {
        assert_eq!(t[i], f32::from(u8::from(game.hands[0].contains(c))), "{c}");
    }
    assert_eq!(t[..46].iter().sum::<f32>(), 9.0);
    // 92-275: the trick by seat from the observer: seat 3 is block 3.
    assert_eq!(t[92 + card(followed)], 1.0);
    assert_eq!(t[92 + 3 * 46 + card(led)], 1.0);
    assert_eq!(t[92..276].iter().sum::<f32>(), 2.0);
    assert_eq!(t[276 + 3], 1.0); // seat 3 led
                                 // 284-395: last bids; seat 1 passed last (block 1), seat 3 said 7 no trump.
    assert_eq!(t[284 + 28], 1.0);
    assert_eq!(t[284 + 3 * 28 + 10], 1.0);
    assert_eq!(t[284..312].iter().sum::<f32>(), 1.0); // the observer passed
    assert_eq!(t[284], 1.0);
    assert_eq!(t[284 + 2 * 28], 1.0); // seat 2 passed
                                      // 396-426: the highest bid (7 no trump) and its holder (block 3).
    assert_eq!(t[396 + 9], 1.0);
    assert_eq!(t[423 + 3], 1.0);
    // 427-464: the contract 7 no trump, no trump suit, not a misère, 220 / 500.
    assert_eq!(t[427 + 9], 1.0);
    assert_eq!(t[427..454].iter().sum::<f32>(), 1.0);
    assert_eq!(t[454..458].iter().sum::<f32>(), 0.0);
    assert_eq!((t[458], t[459]), (1.0, 0.0));
    assert!((t[460] - 0.44).abs() < 1e-6);
    assert_eq!(t[461 + 3], 1.0);
    // 465-557: kitty and discard hidden from seat 0; 6 discarded of 6.
    assert_eq!(t[465..557].iter().sum::<f32>(), 0.0);
    assert_eq!(t[557], 1.0);
    // The bidder (seat 3) sees the kitty and its discard; it is its own block 0.
    let b = encode(&game, 3);
    for c in game.deal.kitty().iter() {
        assert_eq!(b[465 + card(c)], 1.0);
    }
    for c in game.deal.discard().iter() {
        assert_eq!(b[511 + card(c)], 1.0);
    }
    assert_eq!(b[461], 1.0); // the bidder is the observer
    assert_eq!(b[92 + card(led)], 1.0); // its own card, block 0
    assert_eq!(b[92 + 46 + card(followed)], 1.0); // seat 0 is to its left
                                                  // 604-616: dealer seat 0, seat 1 to act, the play phase.
    assert_eq!(t[604], 1.0);
    assert_eq!(t[608 + 1], 1.0);
    assert_eq!(t[612 + 3], 1.0);
    // 617-620: hand sizes / 16.
    assert_eq!(
        &t[617..621],
        &[9.0 / 16.0, 10.0 / 16.0, 10.0 / 16.0, 9.0 / 16.0]
    );
    // 626-631: the options (misère on).
    assert_eq!(&t[626..632], &[0.0, 0.0, 1.0, 0.0, 0.0, 0.0]);

    // Hidden cards swapped between seats 1 and 2: seat 0's tensor is unchanged,
    // theirs change.
    let mut swapped = game.clone();
    let (one, two) = (
        swapped.hands[1].iter().next().unwrap(),
        swapped.hands[2].iter().next().unwrap(),
    );
    swapped.hands[1].remove(one);
    swapped.hands[2].remove(two);
    swapped.hands[1].insert(two);
    swapped.hands[2].insert(one);
    assert_eq!(encode(&swapped, 0), t);
    assert_eq!(encode(&swapped, 3), b);
    assert_ne!(encode(&swapped, 1), encode(&game, 1));
    assert_ne!(encode(&swapped, 2), encode(&game, 2));
}

#[test]
fn the_kitty_is_hidden_during_the_auction() {
    let mut game = new_game(11, json!({}));
    game.apply(bid("6 hearts").action()).unwrap();
    let before: Vec<Vec<f32>> = (0..4)
        .map(|seat| {
            let mut out = vec![0.0; FiveHundred::TENSOR_SIZE];
            game.encode(seat, &mut out);
            out
        })
        .collect();
    let mut swapped = game.clone();
    let kitty_card = swapped.deal.kitty.iter().next().unwrap();
    let hand_card = swapped.hands[1].iter().next().unwrap();
    swapped.deal.kitty.remove(kitty_card);
    swapped.deal.kitty.insert(hand_card);
    swapped.hands[1].remove(hand_card);
    swapped.hands[1].insert(kitty_card);
    for (seat, tensor) in before.iter().enumerate() {
        let mut out = vec![0.0; FiveHundred::TENSOR_SIZE];
        swapped.encode(seat, &mut out);
        assert_eq!(&out == tensor, seat != 1, "seat {seat}");
    }
}

#[test]
fn the_deal_cap_ends_a_match_where_everybody_always_passes() {
    // D11: the first legal bid is always a pass, so every deal is void.
    let mut game = new_game(3, json!({"max_deals": 9}));
    crate::testing::play_out(&mut game, 100, |legal| legal[0]);
    assert_eq!(game.deal_number(), 9);
    assert_eq!(game.finished_deals().len(), 9); // the last one too, once over
    assert_eq!(game.scores(), vec![0; 4]);
    crate::testing::assert_truncated(&game);
    // With single_deal too (D7 deals again until a deal is played).
    let mut game = new_game(3, json!({"single_deal": true, "max_deals": 2}));
    crate::testing::play_out(&mut game, 100, |legal| legal[0]);
    crate::testing::assert_truncated(&game);
    // The largest cap: 1000 void deals still load.
    let mut game = new_game(4, json!({"max_deals": 1000}));
    crate::testing::play_out(&mut game, 10_000, |legal| legal[0]);
    assert_eq!(game.deal_number(), 1000);
    crate::testing::assert_truncated(&game);
}
