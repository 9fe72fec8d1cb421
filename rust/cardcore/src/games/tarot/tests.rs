//! French Tarot's unit tests: the text's example and each rule's cases.

use super::play::{callable, legal_cards, legal_discards, petit_sec, poignee, winner, TRUMPS};
use super::scoring::{petit_au_bout, pile_points, slam, taker_pile};
use super::*;
use crate::deals::Deals;
use crate::testing::{cards, set};

fn trick(leader: usize, texts: &str) -> Trick<MAX_PLAYERS> {
    let mut trick = Trick::with_players(leader, 4);
    for card in cards(texts) {
        trick.push(card);
    }
    trick
}

fn new_game(seed: u64, options: Value) -> Tarot {
    Tarot::new(seed, options.as_object().unwrap()).unwrap()
}

/// A deal laid out by hand: `hands[seat]` and `chien` name some cards,
/// the rest of the deck goes round the table (and to the chien) in face-id
/// order; the dealer is the last seat, so seat 0 bids and leads first.
/// Then the `actions`, comma-separated.
pub(super) fn position(players: u8, hands: &[&str], chien: &str, actions: &str) -> Tarot {
    let mut game = new_game(0, json!({"players": players, "single_deal": true}));
    let players = usize::from(players);
    let (hand_size, chien_size) = sizes(players);
    let mut places = [CardSet::EMPTY; MAX_PLAYERS + 1];
    for (seat, text) in hands.iter().enumerate() {
        places[seat] = set(text);
    }
    places[players] = set(chien);
    let given = places.iter().fold(CardSet::EMPTY, |all, &p| all.union(p));
    let room = |place: usize| {
        if place == players {
            chien_size
        } else {
            hand_size
        }
    };
    let mut place = 0;
    for card in deck_set().difference(given) {
        while places[place].len() == room(place) {
            place = (place + 1) % (players + 1);
        }
        places[place].insert(card);
        place = (place + 1) % (players + 1);
    }
    let mut dealt = Dealt {
        hands: [CardSet::EMPTY; MAX_PLAYERS],
        chien: places[players],
    };
    dealt.hands[..players].copy_from_slice(&places[..players]);
    game.begin_deal(1, players - 1, &dealt);
    for text in actions.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        game.apply(Tarot::parse_action(text).unwrap()).unwrap();
    }
    game
}

fn legal(game: &Tarot) -> Vec<ActionId> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out
}

fn settle(contract: Bid, points: u8, bouts: u8) -> Settlement {
    Settlement {
        players: 4,
        contract,
        points,
        bouts,
        petit_au_bout: None,
        poignees: Vec::new(),
        slam_announced: false,
        slam: None,
        taker: 0,
        partner: None,
    }
}

#[test]
fn action_ids_and_texts() {
    assert_eq!(Tarot::action_text(0), "2S");
    assert_eq!(Tarot::action_text(13), "AS");
    assert_eq!(Tarot::action_text(56), "1T");
    assert_eq!(Tarot::action_text(77), "EX");
    assert_eq!(Tarot::action_text(78 + 12), "discard KS");
    assert_eq!(Tarot::action_text(156), "pass");
    assert_eq!(Tarot::action_text(160), "garde contre");
    assert_eq!(Tarot::action_text(161), "call KS");
    assert_eq!(Tarot::action_text(164), "call KC");
    assert_eq!(Tarot::action_text(165), "call QS");
    assert_eq!(Tarot::action_text(176), "call JC");
    assert_eq!(Tarot::action_text(177), "slam");
    assert_eq!(Tarot::action_text(179), "no poignee");
    assert_eq!(Tarot::action_text(180), "poignee");
    assert_eq!(Tarot::action_text(182), "triple poignee");
    for action in 0..ACTION_COUNT as ActionId {
        let text = Tarot::action_text(action);
        assert_eq!(Tarot::parse_action(&text).unwrap(), action, "{text}");
        assert_eq!(Tarot::parse_action(&text.to_uppercase()).unwrap(), action);
    }
    for bad in [
        "call 2S",
        "call 1T",
        "discard",
        "garde  sans",
        "JK",
        "poignee simple",
        "",
    ] {
        assert!(Tarot::parse_action(bad).is_err(), "{bad}");
    }
}

#[test]
fn the_texts_example_garde_two_bouts_45_points() {
    let result = settle(Bid::Garde, 90, 2).settle().unwrap();
    assert!(result.made);
    assert_eq!(result.difference, 4);
    assert_eq!(result.stake, 58);
    assert_eq!(result.scores, [174, -58, -58, -58]);
}

#[test]
fn a_pile_counts_its_cards_half_points() {
    // T1 card by card, against the count by classes.
    let deck: CardSet = DECK.iter().copied().collect();
    assert_eq!(pile_points(deck), 182);
    let mut rng = crate::rng::SplitMix64::new(3);
    for _ in 0..200 {
        let pile: CardSet = DECK.iter().copied().filter(|_| rng.below(2) == 0).collect();
        let by_card: u8 = pile.iter().map(half_points).sum();
        assert_eq!(pile_points(pile), by_card);
    }
}

#[test]
fn half_points_round_up_to_the_deals_winner() {
    // T6: 40.5 against 41 fails by 1; 41.5 makes it by 1.
    let failed = settle(Bid::Prise, 81, 2).settle().unwrap();
    assert!(!failed.made);
    assert_eq!((failed.difference, failed.stake), (1, -26));
    let made = settle(Bid::Prise, 83, 2).settle().unwrap();
    assert!(made.made);
    assert_eq!((made.difference, made.stake), (1, 26));
    let exact = settle(Bid::GardeContre, 112, 0).settle().unwrap();
    assert_eq!((exact.difference, exact.stake), (0, 150));
}

#[test]
fn bonuses_petit_au_bout_poignees_and_slams() {
    let mut s = settle(Bid::GardeSans, 82, 2);
    s.petit_au_bout = Some(Side::Defence);
    s.poignees = vec![Level::Simple, Level::Triple];
    // (25 + 0) x 4 - 10 x 4 + 60 (the poignées go to the contract's winner)
    assert_eq!(s.settle().unwrap().stake, 100 - 40 + 60);
    s.points = 80;
    // failed by 1: -(26 x 4) - 40 - 60
    assert_eq!(s.settle().unwrap().stake, -104 - 40 - 60);
    let mut slam_made = settle(Bid::Prise, 182, 3);
    slam_made.slam = Some(Side::Taker);
    assert_eq!(slam_made.settle().unwrap().stake, (25 + 55) + 200);
    slam_made.slam_announced = true;
    assert_eq!(slam_made.settle().unwrap().stake, 80 + 400);
    let mut slam_failed = settle(Bid::Prise, 100, 3);
    slam_failed.slam_announced = true;
    assert_eq!(slam_failed.settle().unwrap().stake, (25 + 14) - 200);
    // T12: an announced slam failed and a defence slam both count.
    // The taker keeps its discard: 6 cards, 3 points at least.
    let mut defence = settle(Bid::Prise, 6, 0);
    defence.slam = Some(Side::Defence);
    assert_eq!(defence.settle().unwrap().stake, -(25 + 53) - 200);
    defence.slam_announced = true;
    assert_eq!(defence.settle().unwrap().stake, -(25 + 53) - 400);
}

#[test]
fn settle_refuses_counts_no_deal_gives() {
    let refused = |s: &Settlement, argument: &str| {
        let error = s.settle().unwrap_err().to_string();
        assert!(error.contains(argument), "{s:?}: {error}");
    };
    // A taker's slam with 30 points: the defence would hold 61 without a trick.
    let mut s = settle(Bid::Prise, 60, 2);
    s.slam = Some(Side::Taker);
    refused(&s, "slam");
    // The taker's side won every trick: the defence keeps at most its Excuse.
    s.points = 182 - 9;
    assert!(s.settle().is_ok());
    s.points = 182 - 10;
    refused(&s, "slam");
    s.points = 182;
    s.bouts = 1;
    refused(&s, "points"); // two bouts are worth 9 points to the defence
    s.bouts = 3;
    assert!(s.settle().is_ok());
    // In a garde contre the chien is the defence's: three bouts in it.
    s.contract = Bid::GardeContre;
    s.bouts = 0;
    s.points = 182 - 27 - 3;
    assert!(s.settle().is_ok());
    // Three bouts are worth 13.5 points, less the Excuse's half point, and the
    // discard 6 cards: 16 points at least in a garde.
    let mut s = settle(Bid::Garde, 10, 3);
    refused(&s, "points");
    s.points = 32;
    assert!(s.settle().is_ok());
    s.points = 31;
    refused(&s, "points");
    // In a garde contre, no discard: 13 points.
    s.contract = Bid::GardeContre;
    s.points = 26;
    assert!(s.settle().is_ok());
    s.points = 25;
    refused(&s, "points");
    // At the other end: the defence's bouts.
    let mut s = settle(Bid::Prise, 182, 0);
    refused(&s, "points");
    s.points = 182 - 26;
    assert!(s.settle().is_ok());
    // The Petit au bout's side holds the Petit, and won a trick.
    s.petit_au_bout = Some(Side::Taker);
    refused(&s, "petit_au_bout");
    s.petit_au_bout = Some(Side::Defence);
    s.slam = Some(Side::Taker);
    refused(&s, "slam");
    // A defence slam: the taker keeps its discard (no king) and its own Excuse.
    let mut s = settle(Bid::Garde, 6 * 7 + 9, 1);
    s.slam = Some(Side::Defence);
    assert!(s.settle().is_ok());
    s.points += 1;
    refused(&s, "slam");
    s.points = 30;
    s.bouts = 2;
    refused(&s, "slam");
}

#[test]
fn every_deal_played_passes_settle_s_checks() {
    // `score_deal` asserts it under test: random matches at every table.
    for players in 3..=5 {
        for seed in 0..150 {
            let mut game = new_game(seed, json!({ "players": players }));
            let mut rng = SplitMix64::new(seed);
            while game.play_random(&mut rng).is_some() {}
            assert!(game.is_over());
        }
    }
}

#[test]
fn shares_at_three_four_and_five_players() {
    let mut s = settle(Bid::Prise, 112, 0);
    assert_eq!(s.settle().unwrap().scores, [75, -25, -25, -25]);
    s.players = 3;
    s.taker = 2;
    assert_eq!(s.settle().unwrap().scores, [-25, -25, 50]);
    s.players = 5;
    s.partner = Some(4);
    assert_eq!(s.settle().unwrap().scores, [-25, -25, 50, -25, 25]);
    s.partner = None;
    assert_eq!(s.settle().unwrap().scores, [-25, -25, 100, -25, -25]);
    for players in 3..=5 {
        s.players = players;
        s.partner = None;
        assert_eq!(s.settle().unwrap().scores.iter().sum::<i64>(), 0);
    }
    s.players = 4;
    s.partner = Some(1);
    assert!(s.settle().is_err());
}

#[test]
fn follow_then_trump_then_overtrump_and_the_excuse_always() {
    let hand = set("3H KD 5T 12T 1T EX");
    // Follow the led suit, or the Excuse.
    assert_eq!(legal_cards(hand, &trick(0, "9H"), None), set("3H EX"));
    // Void in spades: trump, overtrumping the 8.
    assert_eq!(legal_cards(hand, &trick(0, "9S 8T"), None), set("12T EX"));
    // Unable to overtrump the 15: any trump (T17, even over a partner).
    assert_eq!(
        legal_cards(hand, &trick(0, "9S 15T"), None),
        set("1T 5T 12T EX")
    );
    // Trumps led: overtrump too.
    assert_eq!(legal_cards(hand, &trick(0, "7T"), None), set("12T EX"));
    // T3: after an Excuse lead, the next card sets the suit.
    assert_eq!(legal_cards(hand, &trick(0, "EX"), None), hand);
    assert_eq!(
        legal_cards(set("3H 5T"), &trick(0, "EX 4T"), None),
        set("5T")
    );
    // Neither the suit nor a trump: anything.
    let no_trumps = set("3H KD");
    assert_eq!(legal_cards(no_trumps, &trick(0, "9S 15T"), None), no_trumps);
}

#[test]
fn the_called_suit_is_not_led_to_the_first_trick_but_with_the_called_card() {
    let empty = Trick::with_players(0, 5);
    let king = "KH".parse().unwrap();
    assert_eq!(legal_cards(set("3H 5H 2S"), &empty, Some(king)), set("2S"));
    assert_eq!(
        legal_cards(set("3H KH 2S"), &empty, Some(king)),
        set("KH 2S")
    );
    assert_eq!(
        legal_cards(set("3H 5H EX"), &empty, Some(king)),
        set("3H 5H EX")
    );
    // After an Excuse lead the next player plays as if leading (T3).
    let mut excuse = Trick::with_players(0, 5);
    excuse.push(Card::EXCUSE);
    assert_eq!(legal_cards(set("3H 5H 2S"), &excuse, Some(king)), set("2S"));
}

#[test]
fn trick_winners_and_the_excuse() {
    assert_eq!(winner(&trick(1, "9H KH 2T QH"), false), 3);
    assert_eq!(winner(&trick(1, "9H KH AH QH"), false), 2);
    // The ace is the lowest card of its suit.
    assert_eq!(winner(&trick(0, "AH 2H 2S 3S"), false), 1);
    // The Excuse never wins, led or not, but in T4's slam lead.
    assert_eq!(winner(&trick(0, "EX 3S 5S 4S"), false), 2);
    assert_eq!(winner(&trick(0, "EX 3S 5S 4S"), true), 0);
    assert_eq!(winner(&trick(0, "3S EX 5S 4S"), true), 2);
}

#[test]
fn discards_ordinary_cards_first_then_the_missing_trumps() {
    let hand = set("KS KH QH 3H 2T 7T 1T 21T EX 4D");
    // Three ordinary cards (QH 3H 4D) for six discards: trumps 2 to 20 too.
    assert_eq!(legal_discards(hand, 6), set("QH 3H 4D 2T 7T"));
    // As many ordinary cards as discards left: only them.
    assert_eq!(legal_discards(hand, 3), set("QH 3H 4D"));
    assert_eq!(legal_discards(set("KS 2T 5T 21T"), 2), set("2T 5T"));
}

#[test]
fn a_taker_calls_kings_then_queens() {
    assert_eq!(
        callable(set("KS 2T")),
        CardSet::rank(crate::card::Rank::King)
    );
    assert_eq!(
        callable(set("KS KH KD KC QS")),
        CardSet::rank(crate::card::Rank::Queen)
    );
}

#[test]
fn poignee_levels_and_shown_cards() {
    let ten = set("1T 2T 3T 4T 5T 6T 7T 8T 9T 10T");
    let shown = poignee(ten.union(set("KS")), CardSet::EMPTY, Level::Simple, 4).unwrap();
    assert_eq!(shown.shown, ten);
    assert!(poignee(ten, CardSet::EMPTY, Level::Double, 4).is_none());
    // The Excuse makes up one missing trump, all trumps shown.
    let nine = set("2T 3T 4T 5T 6T 7T 8T 9T 21T");
    let with_excuse = nine.union(set("EX"));
    assert_eq!(
        poignee(with_excuse, CardSet::EMPTY, Level::Simple, 4)
            .unwrap()
            .shown,
        with_excuse
    );
    // The lowest trumps are shown; five players show 8.
    let shown = poignee(ten.union(set("21T EX")), CardSet::EMPTY, Level::Simple, 5).unwrap();
    assert_eq!(shown.shown, set("1T 2T 3T 4T 5T 6T 7T 8T"));
    assert!(poignee(ten, CardSet::EMPTY, Level::Simple, 3).is_none());
    // T10: discarded trumps count towards a triple, shown first.
    let thirteen = ten.union(set("11T 12T 21T"));
    let discarded = set("13T 14T");
    let triple = poignee(thirteen, discarded, Level::Triple, 4).unwrap();
    assert_eq!(triple.shown, thirteen.union(discarded));
}

#[test]
fn a_petit_sec_is_the_petit_alone_without_the_excuse() {
    assert!(super::play::petit_sec(set("1T KS 2H")));
    assert!(!super::play::petit_sec(set("1T EX KS")));
    assert!(!super::play::petit_sec(set("1T 2T")));
    assert!(!super::play::petit_sec(set("KS 2H")));
    assert_eq!(TRUMPS.len(), 21);
}

/// A finished four-player deal: the taker seat 0 with `contract`, `tricks`
/// as (leader, cards, winner).
fn deal_record(contract: Bid, tricks: &[(usize, &str, usize)]) -> DealRecord {
    let mut deal = DealRecord::new(1, 3, [CardSet::EMPTY; MAX_PLAYERS], CardSet::EMPTY);
    deal.taker = Some(0);
    deal.contract = Some(contract);
    for &(leader, texts, winner) in tricks {
        deal.tricks.push(PlayedTrick {
            trick: trick(leader, texts),
            winner: winner as u8,
        });
    }
    deal
}

#[test]
fn the_excuse_before_the_last_trick_stays_for_a_half_point() {
    // The taker's Excuse in a trick the defence wins: kept, less a half point.
    let deal = deal_record(Bid::Garde, &[(0, "EX 3S 5S 4S", 2), (2, "KH 2H 3H 4H", 2)]);
    assert_eq!(taker_pile(&deal, 18, false, false), (8, 1));
    // A defender's Excuse in a trick the taker wins: the taker gains a half point.
    let deal = deal_record(Bid::Garde, &[(0, "KS EX 5S 4S", 0)]);
    assert_eq!(taker_pile(&deal, 18, false, false), (9 + 1 + 1 + 1, 0));
    // Partners: no half point passes.
    let deal = deal_record(Bid::Garde, &[(0, "KS 2S EX 4S", 1)]);
    assert_eq!(taker_pile(&deal, 18, false, false), (0, 0));
}

#[test]
fn the_excuse_on_the_last_trick_goes_to_the_other_side() {
    let deal = deal_record(Bid::Garde, &[(0, "KS 2S 3S EX", 0)]);
    // T5: the defence's Excuse goes to the taker, who won: bout and points.
    assert_eq!(taker_pile(&deal, 1, false, false), (9 + 1 + 1 + 9, 1));
    // A defender's Excuse in a trick the defence wins goes to the taker too.
    let deal = deal_record(Bid::Garde, &[(0, "2S EX 3S KS", 3)]);
    assert_eq!(taker_pile(&deal, 1, false, false), (9, 1));
    // The option: to the side winning the trick.
    assert_eq!(taker_pile(&deal, 1, true, false), (0, 0));
    // The taker's own Excuse goes to the defence.
    let deal = deal_record(Bid::Garde, &[(3, "2S EX 3S KS", 2)]);
    assert_eq!(taker_pile(&deal, 1, false, false), (0, 0));
}

#[test]
fn the_slam_completing_excuse_lead_wins_and_keeps_the_petit_au_bout_before_it() {
    let deal = deal_record(Bid::Prise, &[(0, "1T 2S 3S 4S", 0), (0, "EX 5S 6S 7S", 0)]);
    assert_eq!(slam(&deal), Some(Side::Taker));
    assert_eq!(petit_au_bout(&deal), Some(Side::Taker));
    assert_eq!(taker_pile(&deal, 2, false, false), (9 + 3 + 9 + 3, 2));
    let lost = deal_record(Bid::Prise, &[(0, "2S 1T 4S 3S", 1)]);
    assert_eq!(petit_au_bout(&lost), Some(Side::Defence));
    assert_eq!(slam(&lost), Some(Side::Defence));
}

#[test]
fn t4_a_trick_lost_with_the_own_excuse_is_not_won_by_the_other_side() {
    // The defence takes trick 2 (seat 1's KH) with seat 2's Excuse in it:
    // it loses that trick for the slam, but the taker, who won the others,
    // did not take it: no slam at all.
    let tricks = [
        (0, "KS 2S 3S 4S", 0),
        (0, "2H KH EX 3H", 1),
        (1, "2D 3D 4D KD", 0),
    ];
    assert_eq!(slam(&deal_record(Bid::Prise, &tricks)), None);
    // Its Excuse in the last trick (not led) leaves the defence its slam.
    let tricks = [(0, "2H KH 3H 4H", 1), (1, "KD EX 2D 3D", 1)];
    assert_eq!(slam(&deal_record(Bid::Prise, &tricks)), Some(Side::Defence));
}

/// The trumps from `high` down to `low`, as texts.
fn trumps_down(high: u8, low: u8) -> String {
    (low..=high)
        .rev()
        .map(|n| format!("{n}T"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays a deal in which seat 0 leads and takes every trick: `plays[seat]`
/// lists the cards `seat` plays, trick by trick.
fn seat_0_takes_every_trick(game: &mut Tarot, plays: &[&str]) {
    let plays: Vec<Vec<&str>> = plays
        .iter()
        .map(|p| p.split_whitespace().collect())
        .collect();
    for trick in 0..plays[0].len() {
        for seat in &plays {
            apply_all(game, &[seat[trick]]);
        }
        assert_eq!(game.tricks()[trick].winner, 0, "trick {}", trick + 1);
    }
    assert!(game.is_over());
}

#[test]
fn t4_a_defence_that_plays_its_own_excuse_early_has_no_slam_at_four() {
    // Seat 0, a defender, holds 1T and 5T-21T and takes all 18 tricks; seat 2,
    // its partner in defence, plays its own Excuse under seat 0's 16T in
    // trick 6: the defence loses that trick (T4), so no defence slam. Seat 1
    // takes a Garde sans; the chien (JS JH 2S 3S 2H 3H) is its: 5 points.
    let top = trumps_down(21, 5) + " 1T";
    let plays = [
        top.as_str(),
        "4S 5S 6S 7S 2D 3D 4D 5D 6D 7D 8D 9D 10D JD CD QD KD AD",
        "2T 8S 9S 10S CS EX QS KS AS 4H 5H 6H 7H 8H 9H 10H CH QH",
        "3T 4T 2C 3C 4C 5C 6C 7C 8C 9C 10C JC CC QC KC AC KH AH",
    ];
    let chien = "JS JH 2S 3S 2H 3H";
    let actions = "pass, garde sans, pass, pass, no slam, no poignee";
    let mut game = position(4, &plays, chien, actions);
    seat_0_takes_every_trick(&mut game, &plays);
    // No bout, target 56, 5 points: failed by 51; the Petit au bout (trick
    // 18) to the defence: S = -(25 + 51) x 4 - 10 x 4 = -344 (with the
    // defence slam it would be -544).
    let result = game.result().unwrap();
    assert_eq!(
        (result.points, result.bouts, result.difference),
        (10, 0, 51)
    );
    assert_eq!(result.petit_au_bout, Some(Side::Defence));
    assert_eq!(result.slam, None);
    assert_eq!(result.stake, -344);
    assert_eq!(result.scores, [344, -1032, 344, 344]);

    // The taker's Excuse instead (trick 4, for seat 2's 7S in trick 6): the
    // opponents' Excuse spoils nothing, the defence has its slam. T2: the
    // Excuse stays with the taker for a half point: 5 + 4.5 - 0.5 = 9
    // points, one bout (target 51): failed by 42; S = -(25 + 42) x 4 - 40
    // - 200 = -508.
    let plays = [
        top.as_str(),
        "4S 5S 6S EX 2D 3D 4D 5D 6D 7D 8D 9D 10D JD CD QD KD AD",
        "2T 8S 9S 10S CS 7S QS KS AS 4H 5H 6H 7H 8H 9H 10H CH QH",
        plays[3],
    ];
    let mut game = position(4, &plays, chien, actions);
    seat_0_takes_every_trick(&mut game, &plays);
    let result = game.result().unwrap();
    assert_eq!(
        (result.points, result.bouts, result.difference),
        (18, 1, 42)
    );
    assert_eq!(result.slam, Some(Side::Defence));
    assert_eq!(result.stake, -508);
}

#[test]
fn t4_a_partner_that_plays_its_own_excuse_early_fails_an_announced_slam_at_five() {
    // Seat 0 takes a Prise, calls KS (seat 1 holds it), discards the chien's
    // 2S 3S 4S, announces a slam and takes all 15 tricks, the Petit last;
    // its partner plays its own Excuse under the 20T in trick 2: the
    // taker's side loses that trick (T4), the announced slam fails.
    let top = trumps_down(21, 8) + " 1T";
    let plays = [
        top.as_str(),
        "2T EX 5S 6S 7S 8S 9S 10S JS CS QS KS AS 2H 3H",
        "3T 4T 4H 5H 6H 7H 8H 9H 10H JH CH QH KH AH 2D",
        "5T 6T 3D 4D 5D 6D 7D 8D 9D 10D JD CD QD KD AD",
        "7T 2C 3C 4C 5C 6C 7C 8C 9C 10C JC CC QC KC AC",
    ];
    let actions = "prise, pass, pass, pass, pass, call KS, \
                   discard 2S, discard 3S, discard 4S, slam, no poignee";
    let mut game = position(5, &plays, "2S 3S 4S", actions);
    assert_eq!(game.current_deal().partner(), Some(1));
    seat_0_takes_every_trick(&mut game, &plays);
    // Every card (T2: the partner's Excuse stays with its side), 3 bouts:
    // made by 55; the Petit au bout +10; the announced slam not made -200:
    // S = 80 + 10 - 200 = -110 (+490 had the slam counted).
    let result = game.result().unwrap();
    assert_eq!(
        (result.points, result.bouts, result.difference),
        (182, 3, 55)
    );
    assert!(result.made);
    assert_eq!(result.petit_au_bout, Some(Side::Taker));
    assert_eq!(result.slam, None);
    assert_eq!(result.stake, -110);
    assert_eq!(result.scores, [-220, -110, 110, 110, 110]);
}

#[test]
fn t4_a_defence_that_plays_its_own_excuse_early_has_no_slam_at_three() {
    // Seat 0, a defender, holds every trump and KS KH KD: it takes all 24
    // tricks, the kings first and the Petit last; seat 2, the other
    // defender, plays its own Excuse under the 17T in trick 8. Seat 1 takes
    // a Garde contre (the chien goes to the defence).
    let leads = format!("KS KH KD {} 1T", trumps_down(21, 2));
    let plays = [
        leads.as_str(),
        "2C 3C 2D 4C 5C 6C 7C 8C 9C 10C JC CC QC KC AC 3D 4D 5D 6D 7D 8D 9D 10D JD",
        "2S 2H 3S 4S 5S 6S 7S EX 8S 9S 10S JS 3H 4H 5H 6H 7H 8H 9H 10H JH CH QH AH",
    ];
    let actions = "pass, garde contre, pass, no slam, no poignee";
    let mut game = position(3, &plays, "CS QS AS CD QD AD", actions);
    seat_0_takes_every_trick(&mut game, &plays);
    // Nothing for the taker: failed by 56; the Petit au bout to the
    // defence: S = -(25 + 56) x 6 - 10 x 6 = -546 (-746 with the slam).
    let result = game.result().unwrap();
    assert_eq!((result.points, result.bouts, result.difference), (0, 0, 56));
    assert_eq!(result.petit_au_bout, Some(Side::Defence));
    assert_eq!(result.slam, None);
    assert_eq!(result.stake, -546);
    assert_eq!(result.scores, [546, -1092, 546]);
}

#[test]
fn a_petit_sec_voids_the_deal_and_the_next_seat_deals() {
    // Find a seed whose first deal has a petit sec.
    let seed = (0..1000)
        .find(|&seed| {
            let mut rng = SplitMix64::new(seed);
            let dealer = first_dealer(&mut rng, None, 4);
            let mut game = new_game(0, json!({}));
            game.rng = rng;
            let dealt = game.shuffled_deal(dealer);
            dealt.hands[..4].iter().any(|&h| petit_sec(h))
        })
        .unwrap();
    let game = new_game(seed, json!({}));
    let first = &game.finished_deals()[0];
    assert_eq!(first.void(), Some(Void::PetitSec));
    assert_eq!(game.deal_number(), 1 + game.finished_deals().len() as u32);
    assert_eq!(
        game.dealer(),
        (first.dealer() + game.finished_deals().len()) % 4
    );
    assert_eq!(game.phase(), "bid");
    let back = Tarot::from_json(&game.to_json()).unwrap();
    assert_eq!(back, game);
}

#[test]
fn all_pass_voids_the_deal() {
    let mut game = new_game(3, json!({"first_dealer": 0}));
    let start = game.finished_deals().len();
    for _ in 0..4 {
        game.apply(FIRST_BID).unwrap();
    }
    let void = &game.finished_deals()[start];
    assert_eq!(void.void(), Some(Void::AllPass));
    // The next seat deals (and the one after it for each petit sec since).
    let since = game.finished_deals().len() - start;
    assert!(game.finished_deals()[start + 1..]
        .iter()
        .all(|d| d.void() == Some(Void::PetitSec)));
    assert_eq!(game.dealer(), (void.dealer() + since) % 4);
    assert!(game.deal_scores().is_empty());
}

#[test]
fn bids_must_rise_and_the_chien_goes_to_a_prise_taker() {
    let mut game = new_game(11, json!({"first_dealer": 3}));
    let first = game.current_player().unwrap();
    game.apply(FIRST_BID + 2).unwrap(); // garde
    assert_eq!(legal(&game), [FIRST_BID, FIRST_BID + 3, FIRST_BID + 4]);
    for _ in 0..3 {
        game.apply(FIRST_BID).unwrap();
    }
    assert_eq!(game.taker(), Some(first));
    assert_eq!(game.contract(), Some(Bid::Garde));
    assert_eq!(game.phase(), "discard");
    assert_eq!(game.hand(first).unwrap().len(), 24);
    assert!(game.chien_shown());
    for _ in 0..6 {
        let action = legal(&game)[0];
        game.apply(action).unwrap();
    }
    assert_eq!(game.phase(), "slam");
    assert_eq!(game.hand(first).unwrap().len(), 18);
    game.apply(SLAM).unwrap();
    assert_eq!(game.current_player(), Some(first));
}

/// Plays random matches to their end, checking the invariants at every step
/// and the state's round trip at a sample of them.
fn random_matches(players: u8, options: Value, matches: u64) {
    let mut options = options;
    options["players"] = json!(players);
    for seed in 0..matches {
        let mut game = new_game(seed, options.clone());
        let mut rng = SplitMix64::new(seed ^ 0x5eed);
        let mut steps = 0;
        while !game.is_over() {
            let hands: usize = game.hands.iter().map(|h| h.len()).sum();
            let chien = if game.deal.contract().is_some_and(Bid::takes_chien)
                && game.phase != Phase::Call
            {
                0
            } else {
                game.deal.chien().len()
            };
            let played: usize = game.tricks().len() * usize::from(players) + game.trick().len();
            assert_eq!(hands + chien + played + game.deal.discard().len(), 78);
            if steps % 17 == 0 {
                let back = Tarot::from_json(&game.to_json()).unwrap();
                assert_eq!(back, game);
            }
            let legal = legal(&game);
            assert!(!legal.is_empty());
            let action = legal[rng.below(legal.len() as u64) as usize];
            game.apply(action).unwrap();
            steps += 1;
        }
        let back = Tarot::from_json(&game.to_json()).unwrap();
        assert_eq!(back, game);
        for scores in game.deal_scores() {
            assert_eq!(scores.iter().sum::<i64>(), 0);
        }
        assert_eq!(game.scores().iter().sum::<i64>(), 0);
        assert!(!game.winning_seats().is_empty());
    }
}

#[test]
fn random_matches_at_three_four_and_five() {
    random_matches(4, json!({}), 6);
    random_matches(3, json!({"excuse_to_winner": true}), 4);
    random_matches(5, json!({"deals": 3}), 4);
}

#[test]
fn every_table_is_reachable_by_its_options() {
    use crate::game::table_options;
    let counts: Vec<usize> = (0..4)
        .map(|pick| {
            Tarot::new(1, &table_options::<Tarot>(pick))
                .unwrap()
                .num_players()
        })
        .collect();
    assert_eq!(counts, [3, 4, 5, 3]);
    assert!(table_options::<crate::games::julien::Julien>(2).is_empty());
}

/// Plays the actions named by `texts`.
fn apply_all(game: &mut Tarot, texts: &[&str]) {
    for text in texts {
        game.apply(Tarot::parse_action(text).unwrap()).unwrap();
    }
}

fn tensor(game: &Tarot, seat: usize) -> Vec<f32> {
    let mut out = vec![f32::NAN; Tarot::TENSOR_SIZE];
    game.encode(seat, &mut out);
    out
}

/// The features of `range` that are not zero, by index.
fn ones(tensor: &[f32], range: std::ops::Range<usize>) -> Vec<usize> {
    range.filter(|&i| tensor[i] != 0.0).collect()
}

fn id(text: &str) -> usize {
    cards(text)[0].id()
}

fn ids(texts: &str) -> Vec<usize> {
    let mut ids: Vec<usize> = cards(texts).iter().map(|c| c.id()).collect();
    ids.sort_unstable();
    ids
}

#[test]
fn the_tensor_at_four_players_follows_the_state_json_example() {
    // docs/rules/tarot.md, "State JSON": seed 0, first dealer 3.
    let mut game = new_game(0, json!({"first_dealer": 3}));
    apply_all(
        &mut game,
        &[
            "garde sans",
            "garde contre",
            "pass",
            "pass",
            "no slam",
            "4T",
            "6T",
            "18T",
            "20T",
            "AH",
            "7H",
        ],
    );
    assert_eq!(Tarot::TENSOR_SIZE, 1597);
    // Seat 2 looks: seat 3 is its block 1, seat 0 block 2, seat 1 block 3.
    // Every feature is written (`Features::finish` checks the count).
    let t = tensor(&game, 2);
    assert!(t.iter().all(|x| x.is_finite()));
    let hand = "2S 10S 2H 6H 8H KH JD CD QD 10C CC AC 1T 2T 9T 10T 14T";
    assert_eq!(ones(&t, 0..78), ids(hand));
    // The current trick: AH (27) by seat 3, 7H (19) by seat 0; seat 3 led.
    assert_eq!((id("AH"), id("7H")), (27, 19));
    assert_eq!(ones(&t, 78..468), [78 + 78 + 27, 78 + 2 * 78 + 19]);
    assert_eq!(ones(&t, 468..473), [469]);
    // The first trick: 4T by seat 0, 6T by 1, 18T by 2, 20T by 3 (who won it).
    assert_eq!(ids("4T 6T 18T 20T"), [59, 61, 73, 75]);
    let trick = [
        473 + 2 * 78 + 59,
        473 + 3 * 78 + 61,
        473 + 73,
        473 + 78 + 75,
    ];
    let mut sorted = trick;
    sorted.sort_unstable();
    assert_eq!(ones(&t, 473..863), sorted);
    assert_eq!(ones(&t, 863..868), [864]);
    assert_eq!(t[864], 1.0 / 18.0);
    // The Excuse is unplayed.
    assert_eq!(ones(&t, 868..873), Vec::<usize>::new());
    // Bids: seat 2 pass, seat 3 pass, seat 0 garde sans, seat 1 garde contre.
    assert_eq!(ones(&t, 873..898), [873, 878, 883 + 3, 888 + 4]);
    assert_eq!(ones(&t, 898..902), [901]); // garde contre
    assert_eq!(ones(&t, 902..907), [905]); // the taker, seat 1
    assert_eq!(ones(&t, 907..991), Vec::<usize>::new()); // no call, no partner
    assert_eq!(ones(&t, 991..1148), Vec::<usize>::new()); // chien unseen, no discard
    assert_eq!(ones(&t, 1148..1554), Vec::<usize>::new()); // no poignée, no slam
    assert_eq!(ones(&t, 1554..1559), [1555]); // the dealer, seat 3
    assert_eq!(ones(&t, 1559..1564), [1562]); // to act: seat 1
    assert_eq!(ones(&t, 1564..1571), [1569]); // phase play
    assert_eq!(ones(&t, 1571..1574), [1572]); // four players
    assert_eq!(
        t[1574..1579],
        [17.0 / 24.0, 16.0 / 24.0, 16.0 / 24.0, 17.0 / 24.0, 0.0]
    );
    assert_eq!(t[1579], 1.0 / 18.0);
    // Card counts: the defence won 4T 6T 18T 20T, four half points.
    assert_eq!(t[1580..1584], [0.0, 0.0, 4.0 / 182.0, 0.0]);
    // The first deal of four: no scores yet.
    assert_eq!(ones(&t, 1584..1597), Vec::<usize>::new());
    // Seat 0 sees the same table from its place: seat 1's bid is its block 1.
    let t0 = tensor(&game, 0);
    assert_eq!(ones(&t0, 873..898), [873 + 3, 878 + 4, 883, 888]);
    assert_eq!(ones(&t0, 78..468), [78 + 19, 78 + 3 * 78 + 27]);

    // Hidden cards swapped between seats 0 and 3 and the chien: seat 2's
    // tensor stays, the owners' change.
    let mut swapped = game.clone();
    let (a, b, c) = (cards("3H")[0], cards("3D")[0], cards("4S")[0]);
    for (seat, out, into) in [(0, a, b), (3, b, c)] {
        swapped.hands[seat].remove(out);
        swapped.hands[seat].insert(into);
    }
    swapped.deal.chien = swapped.deal.chien.difference(set("4S")).union(set("3H"));
    assert_eq!(tensor(&swapped, 2), t);
    assert_eq!(tensor(&swapped, 1), tensor(&game, 1));
    assert_ne!(tensor(&swapped, 0), t0);
    assert_ne!(tensor(&swapped, 3), tensor(&game, 3));
}

#[test]
fn the_tensor_at_three_players_shows_the_chien_and_the_discarded_trumps() {
    let mut game = new_game(1, json!({"players": 3, "first_dealer": 0}));
    let dealer = game.dealer();
    let first = (dealer + 1) % 3;
    apply_all(&mut game, &["prise", "pass", "pass"]);
    assert_eq!(game.taker(), Some(first));
    let observer = (first + 2) % 3; // the taker is its block 1
    let t = tensor(&game, observer);
    assert_eq!(ones(&t, 1571..1574), [1571]); // three players
    assert_eq!(
        ones(&t, 0..78),
        game.hand(observer)
            .unwrap()
            .iter()
            .map(|c| c.id())
            .collect::<Vec<_>>()
    );
    // Bids: the observer passed (block 0), the taker took a prise (block 1),
    // the third seat passed (block 2); blocks 3 and 4 are no seat.
    assert_eq!(ones(&t, 873..898), [873, 878 + 1, 883]);
    assert_eq!(ones(&t, 898..907), [898, 903]); // prise, the taker in block 1
    let chien: Vec<usize> = game.deal.chien().iter().map(|c| c.id()).collect();
    assert_eq!(chien.len(), 6);
    assert_eq!(
        ones(&t, 991..1069),
        chien.iter().map(|i| 991 + i).collect::<Vec<_>>()
    );
    assert_eq!(ones(&t, 1564..1571), [1566]); // phase discard
    assert_eq!(ones(&t, 1559..1564), [1560]); // the taker to act
    assert_eq!(t[1574..1579], [1.0, 30.0 / 24.0, 1.0, 0.0, 0.0]);
    // Absent seats' blocks are zero throughout.
    for (start, width) in [
        (78, 78),
        (468, 1),
        (473, 78),
        (863, 1),
        (868, 1),
        (873, 5),
        (902, 1),
        (985, 1),
        (1148, 3),
        (1163, 78),
        (1554, 1),
        (1559, 1),
        (1574, 1),
        (1584, 1),
        (1589, 1),
    ] {
        let blocks = start + 3 * width..start + 5 * width;
        assert_eq!(ones(&t, blocks.clone()), Vec::<usize>::new(), "{blocks:?}");
    }
    for _ in 0..6 {
        let action = legal(&game)[legal(&game).len() - 1];
        game.apply(action).unwrap();
    }
    assert_eq!(game.phase(), "slam");
    let discard = game.deal.discard();
    let taker = tensor(&game, first);
    let other = tensor(&game, observer);
    let seen = |set: CardSet| set.iter().map(|c| 1069 + c.id()).collect::<Vec<_>>();
    assert_eq!(ones(&taker, 1069..1147), seen(discard));
    assert_eq!(ones(&other, 1069..1147), seen(discard.intersection(TRUMPS)));
    // The suit cards of the discard are the taker's alone.
    assert!(ones(&other, 1069..1147).len() < discard.len());
    assert_eq!((taker[1147], other[1147]), (1.0, 1.0));
    assert_eq!(other[1575], 24.0 / 24.0);
}

#[test]
fn the_tensor_at_five_players_shows_the_partner_to_itself_until_it_is_public() {
    let mut game = (0..100)
        .map(|seed| {
            let mut game = new_game(seed, json!({"players": 5, "first_dealer": 4}));
            apply_all(&mut game, &["garde", "pass", "pass", "pass", "pass"]);
            let call = legal(&game)[0];
            game.apply(call).unwrap();
            game
        })
        .find(|game| game.taker() == Some(0) && game.deal.partner().is_some())
        .unwrap();
    let (taker, partner) = (game.taker().unwrap(), game.deal.partner().unwrap());
    let called = game.called().unwrap();
    assert_eq!(taker, 0);
    let t = tensor(&game, partner);
    assert_eq!(ones(&t, 1571..1574), [1573]); // five players
    assert_eq!(ones(&t, 907..985), [907 + called.id()]);
    assert_eq!(ones(&t, 985..991), [985]); // the partner knows itself, not yet public
    let third = (0..5).find(|&s| s != taker && s != partner).unwrap();
    let other = tensor(&game, third);
    assert_eq!(ones(&other, 985..991), Vec::<usize>::new());
    assert_eq!(ones(&other, 902..907), [902 + (5 - third) % 5]);
    // The card counts are unknown while the partner is secret.
    assert_eq!(ones(&other, 1580..1584), Vec::<usize>::new());
    // Play on until the called card is out: then every seat knows.
    while !game.partner_public() {
        let action = legal(&game)[0];
        game.apply(action).unwrap();
    }
    let other = tensor(&game, third);
    assert_eq!(
        ones(&other, 985..991),
        [985 + (partner + 5 - third) % 5, 990]
    );
}

#[test]
fn the_deal_cap_ends_a_match_where_everybody_always_passes() {
    // D7: the first legal bid is always a pass, so every deal is void.
    let mut game = new_game(3, json!({"max_deals": 7}));
    crate::testing::play_out(&mut game, 100, |legal| legal[0]);
    assert_eq!(game.deal_number(), 7);
    assert_eq!(game.finished_deals().len(), 7); // the last one too, once over
    assert!(game.current_deal().void().is_some());
    assert_eq!(game.scores(), vec![0; 4]);
    crate::testing::assert_truncated(&game);
    // The largest cap, at the largest table: 1000 void deals still load.
    let mut game = new_game(4, json!({"players": 5, "max_deals": 1000}));
    crate::testing::play_out(&mut game, 10_000, |legal| legal[0]);
    assert_eq!(game.deal_number(), 1000);
    crate::testing::assert_truncated(&game);
}

#[test]
fn the_deal_cap_counts_played_deals_and_a_match_that_ends_first_is_won() {
    // Every deal played (the last action is the highest bid, then any card).
    let mut game = new_game(5, json!({"deals": 3, "max_deals": 3}));
    crate::testing::play_out(&mut game, 1000, |legal| legal[legal.len() - 1]);
    if game
        .finished_deals()
        .iter()
        .all(|deal| deal.void().is_none())
    {
        assert!(!game.truncated());
        assert!(!game.winning_seats().is_empty());
    } else {
        crate::testing::assert_truncated(&game);
    }
    assert!(game.deal_number() <= 3);
    let refused = Tarot::new(0, json!({"deals": 5, "max_deals": 4}).as_object().unwrap());
    assert!(refused.unwrap_err().to_string().contains("max_deals"));
}

#[test]
fn the_largest_match_the_cap_allows_loads() {
    // D7 at its largest: 900 void deals, then deals played to the end at
    // three players (the longest deals), up to 100 valid deals or the cap.
    let mut game = new_game(6, json!({"players": 3, "deals": 100, "max_deals": 1000}));
    let mut legal = Vec::new();
    while !game.is_over() {
        game.legal_actions(&mut legal);
        let pick = if game.deal_number() <= 900 {
            legal[0]
        } else {
            legal[legal.len() - 1]
        };
        game.apply(pick).unwrap();
    }
    assert!(game.deal_scores().len() > 50);
    let text = game.to_json();
    assert!(
        text.len() <= crate::json::MAX_STATE_BYTES,
        "{} bytes",
        text.len()
    );
    assert_eq!(Tarot::from_json(&text).unwrap(), game);
}
