//! Brouc's unit tests: the rules text's worked examples and each rule's cases.

use super::scoring::points;
use super::*;
use crate::testing::set;

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn new_game(seed: u64) -> Brouc {
    Brouc::new(seed, &Map::new()).unwrap()
}

/// A position for rule tests: the trump card, the hands and the current
/// trick are set directly (the cards need not add up to a deck here).
fn position(trump_card: &str, hands: [&str; 4], leader: usize, trick: &[&str]) -> Brouc {
    let mut game = new_game(1);
    game.deal.trump_card = card(trump_card);
    game.deal.trump = game.deal.trump_card.suit().unwrap();
    game.hands = hands.map(set);
    game.trick = Trick::new(leader);
    for text in trick {
        game.trick.push(card(text));
    }
    game
}

fn legal(game: &Brouc) -> CardSet {
    game.legal_cards()
}

#[test]
fn deal_gives_eight_cards_each_and_turns_the_dealers_last_card() {
    let game = new_game(42);
    assert!(game.hands.iter().all(|h| h.len() == 8));
    let all = game.hands.iter().fold(CardSet::EMPTY, |a, &h| a.union(h));
    assert_eq!(all, deck_set());
    assert!(game.hands[game.dealer()].contains(game.deal.trump_card));
    assert_eq!(game.current_player(), Some((game.dealer() + 1) % 4));
}

#[test]
fn card_table_totals_120() {
    assert_eq!(points(deck_set()), 120);
}

#[test]
fn must_follow_suit_and_trump_on_a_trump_lead_without_beating() {
    let game = position("7H", ["AS 8H", "KS 9D", "7D 9H", "QC JC"], 0, &["10H"]);
    // Seat 1 is void in hearts (trump lead): anything.
    assert_eq!(legal(&game), set("KS 9D"));
    let game = position("7H", ["AS 8H", "KS 9D", "7D 9H", "QC JC"], 1, &["10H"]);
    // Seat 2 holds a low trump: it must follow with it although it cannot beat.
    assert_eq!(legal(&game), set("9H"));
}

#[test]
fn void_player_may_trump_or_discard_but_not_undertrump() {
    // Hearts trump; spades led and trumped with the 10 of hearts.
    let game = position("7H", ["AS", "10H", "9H AH 8D", "KC"], 0, &["AS", "10H"]);
    assert_eq!(legal(&game), set("AH 8D"));
}

#[test]
fn trump_queen_may_go_under_the_trump_king_and_the_jack_under_both() {
    let game = position("7H", ["AS", "KH", "QH JH 8D", "KC"], 0, &["AS", "KH"]);
    assert_eq!(legal(&game), set("QH 8D"));
    let game = position("7H", ["AS", "KH", "QH", "JH 9H 8D"], 0, &["AS", "KH", "QH"]);
    assert_eq!(legal(&game), set("JH 8D"));
    // D2: the trump K does not go under the trump A to join the trump Q.
    let game = position("7H", ["AS", "QH", "AH", "KH 8D"], 0, &["AS", "QH", "AH"]);
    assert_eq!(legal(&game), set("8D"));
}

#[test]
fn only_too_low_trumps_left_means_any_card() {
    let game = position("7H", ["AS", "AH", "8H 9H", "KC"], 0, &["AS", "AH"]);
    assert_eq!(legal(&game), set("8H 9H"));
}

#[test]
fn trick_winner_is_the_highest_trump_else_the_highest_of_the_led_suit() {
    let mut trick = Trick::<4>::new(0);
    for text in ["KS", "10S", "AD", "9S"] {
        trick.push(card(text));
    }
    assert_eq!(Brouc::trick_winner(&trick, Suit::Hearts), 1);
    let mut trick = Trick::<4>::new(2);
    for text in ["AS", "7H", "10S", "8H"] {
        trick.push(card(text));
    }
    assert_eq!(Brouc::trick_winner(&trick, Suit::Hearts), 1);
}

#[test]
fn combinations_score_by_the_table() {
    assert_eq!(
        combination_value(set("KH QH"), Suit::Hearts, Suit::Spades),
        20
    );
    assert_eq!(
        combination_value(set("KH QH JH"), Suit::Hearts, Suit::Spades),
        30
    );
    assert_eq!(
        combination_value(set("KH QH"), Suit::Hearts, Suit::Hearts),
        40
    );
    assert_eq!(
        combination_value(set("KH QH JH"), Suit::Hearts, Suit::Hearts),
        60
    );
    assert_eq!(
        combination_value(set("KH JH"), Suit::Hearts, Suit::Hearts),
        0
    );
}

#[test]
fn deal_score_rounds_a_final_five_up_for_both_teams() {
    assert_eq!(deal_score(65, 0, 0, 0), 7);
    assert_eq!(deal_score(55, 0, 0, 0), 6);
    assert_eq!(deal_score(64, 20, 0, 40), 12);
    assert_eq!(deal_score(56, 0, 20, 0), 4);
}

#[test]
fn gerard_plays_his_jack_then_announces_twenty() {
    // Seat 0 (Gérard) holds J Q K of hearts, spades trump; he must follow
    // hearts with the jack; his team wins the trick with the ace.
    let mut game = position(
        "7S",
        ["JH QH KH", "9H 8C 7C", "AH 9C 10C", "10H JC QC"],
        3,
        &["10H"],
    );
    game.apply(action_of(card("JH")).unwrap()).unwrap();
    game.apply(action_of(card("9H")).unwrap()).unwrap();
    game.apply(action_of(card("AH")).unwrap()).unwrap();
    let announced: Vec<_> = game.deal.announcements().copied().collect();
    assert_eq!(
        announced,
        [Announcement {
            seat: 0,
            suit: Suit::Hearts,
            value: 20
        }]
    );
    assert_eq!(game.announced(0), 20);
    assert_eq!(game.announced(1), 0);
}

#[test]
fn trick_marriage_goes_to_the_winner_and_is_deducted_from_the_others() {
    let mut game = position("7S", ["KH 8C", "QH 9C", "AH 10C", "7H JC"], 0, &[]);
    for text in ["KH", "QH", "AH", "7H"] {
        game.apply(action_of(card(text)).unwrap()).unwrap();
    }
    assert_eq!(game.deal.marriages, [20, 0]);
    assert_eq!(game.deal.card_points, [18, 0]);
    assert_eq!(game.running_tenths(0), 38);
    assert_eq!(game.running_tenths(1), -20);
}

#[test]
fn passing_the_target_mid_deal_ends_the_match() {
    let mut game = position("7S", ["AH 8C", "10H 9C", "KH 10C", "7H JC"], 0, &[]);
    game.totals = [28, 0];
    game.deal_scores = vec![[28, 0]];
    for text in ["AH", "10H", "KH", "7H"] {
        game.apply(action_of(card(text)).unwrap()).unwrap();
    }
    // 28 + 25/10 = 30.5 > 30.
    assert!(game.is_over());
    assert_eq!(game.winner(), Some(0));
    assert_eq!(game.deal_scores.last(), Some(&[3, 0]));
    assert_eq!(game.match_record(), [1, 0]);
    assert_eq!(game.legal_actions_vec(), Vec::<ActionId>::new());
}

#[test]
fn exactly_thirty_does_not_win() {
    let mut game = position("7S", ["AH 8C", "9H 9C", "KH 10C", "QH JC"], 0, &[]);
    game.totals = [28, 0];
    game.deal_scores = vec![[28, 0]];
    // 18 card points and the K-Q marriage in the trick: 28 + 3.8 > 30.
    assert_eq!(game.running_tenths(0), 280);
    for text in ["AH", "9H", "KH", "QH"] {
        game.apply(action_of(card(text)).unwrap()).unwrap();
    }
    assert!(game.is_over());
    let mut game = position("7S", ["AH 8C", "9H 9C", "7H 10C", "8H JC"], 0, &[]);
    game.totals = [29, 0];
    game.deal.card_points = [0, 0];
    for text in ["AH", "9H", "7H", "8H"] {
        game.apply(action_of(card(text)).unwrap()).unwrap();
    }
    // 29 + 1.1 = 30.1 > 30: wins although rounding books 1 (D4).
    assert_eq!(game.winner(), Some(0));
    let mut game = position("7S", ["10H 8C", "9H 9C", "7H 10C", "8H JC"], 0, &[]);
    game.totals = [29, 0];
    for text in ["10H", "9H", "7H", "8H"] {
        game.apply(action_of(card(text)).unwrap()).unwrap();
    }
    // 29 + 1.0 = 30.0 is not over 30.
    assert!(!game.is_over());
}

#[test]
fn random_matches_end_with_a_winner_over_the_target() {
    for seed in 0..200 {
        let mut game = new_game(seed);
        let mut rng = SplitMix64::new(seed);
        while let Some(action) = game.random_action(&mut rng) {
            game.apply(action).unwrap();
            let json = game.to_json();
            assert_eq!(Brouc::from_json(&json).unwrap(), game);
        }
        let team = game.winner().unwrap();
        assert!(game.running_tenths(team) > 300 || game.totals[team] > 30);
        assert_eq!(game.scores()[team], game.totals[team]);
    }
}

#[test]
fn play_random_draws_and_applies_as_random_action_then_apply() {
    let mut fast = new_game(11);
    let mut slow = fast.clone();
    let (mut fast_rng, mut slow_rng) = (SplitMix64::new(5), SplitMix64::new(5));
    while let Some(action) = slow.random_action(&mut slow_rng) {
        slow.apply(action).unwrap();
        assert_eq!(fast.play_random(&mut fast_rng), Some(action));
        assert_eq!(fast, slow);
    }
    assert_eq!(fast.play_random(&mut fast_rng), None);
}

#[test]
fn a_cape_is_credited_two_games() {
    // Seat 0 holds every trump and wins every trick.
    let mut game = Brouc::new(
        3,
        &serde_json::from_str(r#"{"single_deal": true}"#).unwrap(),
    )
    .unwrap();
    game.deal.trump_card = card("7S");
    game.deal.trump = Suit::Spades;
    game.hands = [
        set("AS 10S KS QS JS 9S 8S 7S"),
        set("AH 10H KH QH JH 9H 8H 7H"),
        set("AD 10D KD QD JD 9D 8D 7D"),
        set("AC 10C KC QC JC 9C 8C 7C"),
    ];
    game.trick = Trick::new(0);
    let mut rng = SplitMix64::new(0);
    while let Some(action) = game.random_action(&mut rng) {
        game.apply(action).unwrap();
    }
    assert_eq!(game.capes(), [1, 0]);
    assert_eq!(game.match_record(), [2, 0]);
    assert_eq!(game.deal.card_points(), [120, 0]);
}

impl Brouc {
    fn legal_actions_vec(&self) -> Vec<ActionId> {
        let mut out = Vec::new();
        self.legal_actions(&mut out);
        out
    }
}
