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
