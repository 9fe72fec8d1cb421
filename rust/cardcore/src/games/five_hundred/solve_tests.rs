//! The solver of 500's trick play against minimax over the engine, brute
//! force and hands solved by hand.

use serde_json::{json, Map, Value};

use super::super::bids::Bid;
use super::super::{FiveHundred, Phase, FIRST_DISCARD, KITTY_SIZE};
use crate::game::Game;
use crate::rng::SplitMix64;
use crate::solver::{brute_force, check_against_engine, play_to, Position as _, Solve, Solver};
use crate::testing::cards;

fn options(value: Value) -> Map<String, Value> {
    value.as_object().expect("an object").clone()
}

/// The game `check_against_engine` checks from `seed` (the same random
/// walk), if it reaches a position with at most `cards_left` cards.
fn checked_game(options: &Map<String, Value>, seed: u64, cards_left: usize) -> Option<FiveHundred> {
    let game = FiveHundred::new(seed, options).expect("options");
    let mut rng = SplitMix64::new(seed ^ 0xA5A5);
    play_to(game, cards_left, |game| {
        game.play_random(&mut rng);
    })
}

/// Checks the search against the engine from each of `seeds`, each of
/// which must reach a check in a game `wanted` accepts.
fn check_seeds(
    options: &Map<String, Value>,
    seeds: &[u64],
    cards_left: usize,
    wanted: impl Fn(&FiveHundred) -> bool,
) {
    for &seed in seeds {
        let game = checked_game(options, seed, cards_left);
        assert!(game.is_some_and(|g| wanted(&g)), "seed {seed}");
        assert_eq!(
            check_against_engine::<FiveHundred>(options, seed..seed + 1, cards_left),
            2
        );
    }
}

/// [`check_seeds`] on the first `count` seeds below `limit` that `wanted`
/// accepts; there must be that many.
fn check_contracts(
    options: &Map<String, Value>,
    cards_left: usize,
    wanted: impl Fn(&FiveHundred) -> bool,
    count: usize,
    limit: u64,
) {
    let seeds: Vec<u64> = (0..limit)
        .filter(|&seed| checked_game(options, seed, cards_left).is_some_and(|g| wanted(&g)))
        .take(count)
        .collect();
    assert_eq!(seeds.len(), count, "{options:?}");
    check_seeds(options, &seeds, cards_left, wanted);
}

fn is_suit(game: &FiveHundred) -> bool {
    game.contract()
        .is_some_and(|bid| !bid.is_misere() && bid.strain().trump().is_some())
}

fn is_no_trump(game: &FiveHundred) -> bool {
    matches!(game.contract(), Some(Bid::Tricks(_, strain)) if strain.trump().is_none())
}

fn is(bid: Bid) -> impl Fn(&FiveHundred) -> bool {
    move |game| game.contract() == Some(bid)
}

/// A joker still in a hand that plays: a lead of it may come.
fn joker_left(game: &FiveHundred) -> bool {
    let out = game.sitting_out();
    (0..4).any(|seat| Some(seat) != out && game.hands[seat].iter().any(|card| card.is_joker()))
}

#[test]
fn the_search_agrees_with_the_engine_in_every_kind_of_contract() {
    let plain = options(json!({"single_deal": true}));
    check_contracts(&plain, 12, is_suit, 30, 400);
    check_contracts(&plain, 12, is_no_trump, 15, 1000);
    check_contracts(&plain, 16, |g| g.contract().is_some(), 3, 10);
    // Misère: a partner sits out, the deal stops at the bidder's first
    // trick. Random auctions rarely end in one; these seeds do.
    let misere = options(json!({"single_deal": true, "misere": true, "single_round": true}));
    check_seeds(&misere, &[18314, 19840, 25588, 35773], 9, is(Bid::Misere));
    check_contracts(&misere, 9, is(Bid::OpenMisere), 4, 2000);
    check_contracts(&misere, 12, is_suit, 4, 200);
    // A joker led in no trump names the suit to follow (F4's option).
    let named = options(json!({"single_deal": true, "misere": true, "joker_names_suit": true}));
    check_contracts(&named, 12, |g| is_no_trump(g) && joker_left(g), 15, 2000);
    let misere_joker = |g: &FiveHundred| g.contract().is_some_and(Bid::is_misere) && joker_left(g);
    let named_round = options(json!({
        "single_deal": true, "misere": true, "joker_names_suit": true, "single_round": true
    }));
    check_contracts(&named_round, 9, misere_joker, 4, 3000);
    // Other scorings do not change the unit: the solver's tricks stand.
    let variant = options(json!({"single_deal": true, "scoring": "variant", "slam_bonus": true}));
    assert_eq!(check_against_engine::<FiveHundred>(&variant, 0..6, 8), 12);
}

/// Deals played at random from the first trick until `tricks` are left.
fn positions(options: &Map<String, Value>, tricks: usize, count: u64) -> Vec<(FiveHundred, usize)> {
    let mut found = Vec::new();
    for seed in 0..count {
        let mut game = FiveHundred::new(seed, options).expect("options");
        let mut rng = SplitMix64::new(seed);
        while let Some(seat) = game.current_player() {
            if game.phase == Phase::Play
                && game.tricks().len() + tricks == 10
                && game.trick.is_empty()
            {
                found.push((game, seat));
                break;
            }
            game.play_random(&mut rng);
        }
    }
    found
}

#[test]
fn equivalent_cards_and_the_table_keep_the_value() {
    // The search tries one card of each run (`moves`) and shares its table
    // across deals; brute force tries every legal card, without a table.
    let mut solver = Solver::new(14);
    let mut compared = 0;
    for (table, tricks, count) in [
        (json!({"single_deal": true}), 3, 40),
        (
            json!({"single_deal": true, "misere": true, "joker_names_suit": true}),
            3,
            40,
        ),
        (json!({"single_deal": true}), 4, 6),
    ] {
        for (game, seat) in positions(&options(table), tricks, count) {
            for seat in [seat, (seat + 1) % 4] {
                let position = game.position(seat).expect("in play");
                assert_eq!(
                    solver.value(&position),
                    brute_force(&position),
                    "{position:?}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 100, "{compared}");
}

/// A chosen deal (seat 0 deals), bid and discarded: `bids` from seat 1 on,
/// the bidder's discard the kitty's cards.
fn chosen(hands: [&str; 4], kitty: &str, bids: &[Bid], options: Value) -> FiveHundred {
    let options = FiveHundred::read_options(options.as_object().unwrap()).unwrap();
    let hands: Vec<_> = hands.iter().map(|hand| cards(hand)).collect();
    let kitty = cards(kitty);
    let mut game = crate::state::from_deal::<FiveHundred>(0, &options, 0, &hands, &kitty).unwrap();
    for bid in bids {
        game.apply(bid.action()).unwrap();
    }
    for &card in &kitty {
        game.apply(FIRST_DISCARD + FiveHundred::play_id(card))
            .unwrap();
    }
    assert_eq!(kitty.len(), KITTY_SIZE);
    game
}

const PASS: Bid = Bid::Pass;

#[test]
fn worked_hands() {
    let hands = [
        "4S 5S 6S 7S 8S 9S 10S JS QS KS",
        "BJ RJ JH JD AH KH QH 10H 9H 8H",
        "4C 5C 6C 7C 8C 9C 10C QC KC AC",
        "AS 4H 5H 6H 7H 4D 5D 6D 7D 8D",
    ];
    let kitty = "9D 10D QD KD AD JC";
    // Seat 1 holds the ten best hearts: ten tricks, whoever plays what.
    let hearts = "10 hearts".parse().unwrap();
    let game = chosen(
        hands,
        kitty,
        &[hearts, PASS, PASS, PASS],
        json!({"single_deal": true}),
    );
    assert_eq!(game.phase, Phase::Play);
    let mut solver = Solver::default();
    for seat in 0..4 {
        let values = crate::solver::solve(&game, seat, &mut solver).unwrap();
        let want = if seat % 2 == 1 { 10 } else { 0 };
        assert!(values.iter().all(|&(_, v)| v == want), "{seat}: {values:?}");
    }
    // In no trump the jokers are a suit of two: seat 1 takes its two jokers
    // and its hearts but the spade and club leads it cannot follow after
    // losing the lead: leading the jokers then the hearts from the top, it
    // takes 2 + 7 (AH KH QH 10H 9H 8H JH; seat 3's four small hearts fall
    // under them), the ten tricks.
    let no_trump = "10 no trump".parse().unwrap();
    let game = chosen(
        hands,
        kitty,
        &[no_trump, PASS, PASS, PASS],
        json!({"single_deal": true}),
    );
    let position = game.position(1).unwrap();
    assert_eq!(solver.value(&position), 10);
    // Misère: seat 1 bids it with the same hand and cannot lose its jokers:
    // it takes a trick, the defenders' 1.
    let game = chosen(
        hands,
        kitty,
        &[Bid::OpenMisere, PASS, PASS, PASS],
        json!({"single_deal": true, "misere": true}),
    );
    assert_eq!(game.position(1).unwrap().cards_left(), 30);
    assert_eq!(solver.value(&game.position(1).unwrap()), -1);
    assert_eq!(solver.value(&game.position(0).unwrap()), 1);
}

/// Time and nodes to solve from each number of tricks left, over random
/// deals (run with `--profile fast -- --ignored --nocapture`). `TABLE_BITS`
/// sets the table's size (default 18); with `NULL_WINDOW` set, the value is
/// found by null-window searches (`Solver::reaches`) instead.
#[test]
#[ignore]
#[allow(clippy::print_stdout)] // a measurement reports on standard output
fn speed_by_tricks_left() {
    for table in [
        json!({"single_deal": true}),
        json!({"single_deal": true, "misere": true, "joker_names_suit": true}),
    ] {
        println!("{table}");
        let table = options(table);
        for tricks in (1..=10).rev() {
            let mut times = Vec::new();
            let mut nodes = Vec::new();
            for (game, seat) in positions(&table, tricks, 20) {
                let position = game.position(seat).expect("in play");
                let bits = std::env::var("TABLE_BITS").map_or(18, |b| b.parse().unwrap());
                let mut solver = Solver::new(bits);
                let start = std::time::Instant::now();
                let value = if std::env::var("NULL_WINDOW").is_ok() {
                    // The least target not reached, by null windows.
                    let (mut low, mut high) = (-1, 11);
                    while high - low > 1 {
                        let mid = (low + high) / 2;
                        if solver.reaches(&position, mid) {
                            low = mid;
                        } else {
                            high = mid;
                        }
                    }
                    low
                } else {
                    solver.value(&position)
                };
                times.push(start.elapsed().as_secs_f64() * 1000.0);
                nodes.push(solver.nodes);
                assert!((-1..=10).contains(&value));
            }
            times.sort_by(f64::total_cmp);
            nodes.sort_unstable();
            let at = |q: f64| ((times.len() - 1) as f64 * q).round() as usize;
            println!(
                "{tricks:2} tricks, {} deals: median {:.2} ms, p95 {:.2} ms, max {:.2} ms; nodes median {}, max {}",
                times.len(),
                times[at(0.5)],
                times[at(0.95)],
                times[times.len() - 1],
                nodes[at(0.5)],
                nodes[nodes.len() - 1],
            );
        }
    }
}

/// A position of `strain` with `hands` (seat 0 first), seat `leader` to
/// lead, solved for `side`'s team; `names`: F4's option.
fn position_of(
    strain: super::Strain,
    hands: [&str; 4],
    leader: u8,
    side: u8,
    names: bool,
) -> super::Position {
    let layout = &super::Layout::all()[strain as usize];
    let mut position = super::Position {
        layout,
        hands: [[0; super::SUITS]; 4],
        trick: [(0, 0); 4],
        trick_len: 0,
        leader,
        to_move: leader,
        out: super::NOBODY,
        bidder: 0,
        led: super::NO_SUIT,
        naming: false,
        names,
        side,
        over: false,
        cards: 0,
    };
    for (seat, hand) in hands.iter().enumerate() {
        for card in cards(hand) {
            let (suit, rank) = layout.place[usize::from(FiveHundred::play_id(card))];
            position.hands[seat][usize::from(suit)] |= 1 << rank;
            position.cards += 1;
        }
    }
    position
}

#[test]
fn a_joker_that_names_a_suit_draws_no_joker() {
    // No trump, seat 0 to lead BJ AS AD; seat 1 holds RJ and no spade. The
    // black joker and the ace of diamonds win; the ace of spades falls to
    // the red joker, whenever led: with the option a joker lead names a
    // suit, and seat 1 keeps its joker (following the suit named, or void
    // in it and free to keep it). Without the option the joker lead draws
    // the red one: three tricks.
    let hands = ["BJ AS AD", "RJ 5H 4D", "4H 6H 5D", "7H 8H 6D"];
    let mut solver = Solver::new(8);
    for (names, tricks) in [(true, 2), (false, 3)] {
        let position = position_of(super::Strain::NoTrump, hands, 0, 0, names);
        assert_eq!(solver.value(&position), tricks, "names {names}");
        assert_eq!(brute_force(&position), tricks, "names {names}");
        let defence = position_of(super::Strain::NoTrump, hands, 0, 1, names);
        assert_eq!(solver.value(&defence), 3 - tricks, "names {names}");
    }
}

#[test]
fn the_score_difference_of_a_finished_deal_is_what_the_deal_scored() {
    // The expert's unit (`score_difference`) read back from the solver's
    // result of every finished deal, under both scorings and the slam bonus,
    // misères included, against the engine's own scoring.
    let mut kinds = [0; 2];
    for table in [
        json!({"single_deal": true, "misere": true}),
        json!({"single_deal": true, "misere": true, "scoring": "variant", "slam_bonus": true}),
    ] {
        let options = options(table);
        for seed in 0..300 {
            let mut game = FiveHundred::new(seed, &options).expect("options");
            let mut rng = SplitMix64::new(seed);
            while game.play_random(&mut rng).is_some() {}
            let Some(contract) = game.deal.contract() else {
                continue;
            };
            let scores = *game.deal_scores().last().expect("a deal scored");
            for seat in 0..4 {
                let team = seat % 2;
                let result = game.deal_result(seat);
                assert_eq!(
                    game.score_difference(seat, result),
                    Some(scores[team] - scores[1 - team]),
                    "seed {seed}, seat {seat}, {contract:?}, result {result}"
                );
            }
            kinds[usize::from(contract.is_misere())] += 1;
        }
    }
    assert!(
        kinds[0] > 0 && kinds[1] > 0,
        "contracts and misères: {kinds:?}"
    );
}
