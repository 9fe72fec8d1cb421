//! Scoring a Tour (-19- to -31-, -34- to -46-, -49-, -50-, J11-J17).

use super::{action_of, Bid, Colour, TourKind, PLAYERS, TRICKS_PER_TOUR};
use crate::card::{Card, Rank};
use crate::cardset::CardSet;
use crate::error::{Error, Result};

/// -43-: the value of a taken trump card or a special card in the special
/// Tours: A 30, K 15, Q 12, J 11, 10 to 2 their face value.
pub const fn face_value(rank: Rank) -> i64 {
    match rank {
        Rank::Ace => 30,
        Rank::King => 15,
        Rank::Queen => 12,
        Rank::Jack => 11,
        _ => rank.index() as i64 + 2,
    }
}

/// [`face_value`] of a card of the 52-card deck (`None` for any other card).
pub fn card_value(card: Card) -> Option<i64> {
    action_of(card).and(card.rank()).map(face_value)
}

/// A scoring pile's weight per suit (S, H, D, C).
pub(super) type SuitWeights = [i64; 4];

pub(super) fn add_weights(weights: &mut SuitWeights, cards: CardSet, weight: impl Fn(Card) -> i64) {
    for card in cards {
        if let Some(suit) = card.suit() {
            weights[suit.index()] += weight(card);
        }
    }
}

/// -19- to -31-, J11, J13-J15: a bid's score for a scoring pile of these
/// weights; `won_trick` false means the player took no trick.
pub fn score_pile(bid: Bid, weights: SuitWeights, won_trick: bool) -> i64 {
    let [spades, hearts, diamonds, clubs] = weights;
    match bid.amount {
        None => {
            // -21-; then -19- or -20-: cards never cancel in a simple contract (-26-).
            if !won_trick {
                return -20;
            }
            let (red, black) = (hearts + diamonds, spades + clubs);
            let (own, opp) = match bid.colour {
                Colour::Rouge => (red, black),
                Colour::Noir => (black, red),
            };
            if opp == 0 {
                20 + own
            } else {
                -opp
            }
        }
        Some(amount) => {
            let x = i64::from(amount);
            if !won_trick {
                return -(20 + x); // -31-
            }
            // -24-: spades cancel hearts, clubs cancel diamonds, weight for weight.
            let (major, minor) = (spades - hearts, clubs - diamonds);
            let black = major.max(0) + minor.max(0);
            let red = (-major).max(0) + (-minor).max(0);
            let (own, opp) = match bid.colour {
                Colour::Rouge => (red, black),
                Colour::Noir => (black, red),
            };
            let overshoot = x < 25 && own >= x + 5; // -18-, -28-, J15
            if opp > 0 {
                -(opp + x + if overshoot { own } else { 0 }) // -29-, -30-
            } else if own < x {
                -(x - own) // -27-
            } else if overshoot {
                -own // -28-
            } else {
                own // -22-, -23-
            }
        }
    }
}

/// One player's Tour score (J11-J20): `collected` the cards of the tricks they
/// won, `taken` the trump cards they took, `specials` the special cards they
/// hold (those of trick 10's winner). The specials are used the best way in
/// normal Tours and the Spéco (-34-, -36-, J16), forced in the Superspec (J20).
pub fn score_tour(
    bid: Bid,
    collected: CardSet,
    taken: CardSet,
    specials: CardSet,
    kind: TourKind,
) -> i64 {
    let mut weights = [0; 4];
    add_weights(&mut weights, collected, |_| 1);
    add_weights(&mut weights, taken, |card| kind.special_weight(card));
    score_with_specials(bid, weights, !collected.is_empty(), specials, kind)
}

/// [`score_tour`] of a pile of these weights (the trick cards and the taken
/// trump cards) and the special cards held: the solver keeps the weights.
pub(super) fn score_with_specials(
    bid: Bid,
    weights: SuitWeights,
    won_trick: bool,
    specials: CardSet,
    kind: TourKind,
) -> i64 {
    let with = |subset: CardSet| {
        let mut pile = weights;
        add_weights(&mut pile, subset, |card| kind.special_weight(card));
        score_pile(bid, pile, won_trick)
    };
    if kind == TourKind::Superspec {
        return with(specials);
    }
    let mut cards = specials.iter();
    let (first, second) = (cards.next(), cards.next());
    let subsets = [
        CardSet::EMPTY,
        first.map_or(CardSet::EMPTY, CardSet::single),
        second.map_or(CardSet::EMPTY, CardSet::single),
        specials,
    ];
    subsets.into_iter().map(with).max().unwrap_or(0)
}

/// [`score_tour`] for any input, rejecting what no Tour can produce (D6):
/// the arguments of `cardcore.julien_score`.
pub fn checked_score_tour(
    bid: &str,
    collected: &[Card],
    taken: &[Card],
    specials: &[Card],
    kind: &str,
) -> Result<i64> {
    let bid = Bid::parse(bid).map_err(|_| {
        Error::option(
            "bid",
            format!("'{bid}' is not a bid (Rouge, Noir, 5 Rouges … 25 Noires)"),
        )
    })?;
    let kind = TourKind::from_name(kind).ok_or_else(|| {
        Error::option(
            "tour_kind",
            format!("'{kind}' is not normal, speco or superspec"),
        )
    })?;
    let mut seen = CardSet::EMPTY;
    let mut set_of = |name: &str, cards: &[Card]| {
        let mut set = CardSet::EMPTY;
        for &card in cards {
            if action_of(card).is_none() {
                return Err(Error::option(
                    name,
                    format!("{card} is not a card of the 52-card deck"),
                ));
            }
            if seen.contains(card) {
                return Err(Error::option(name, format!("{card} is given twice")));
            }
            seen.insert(card);
            set.insert(card);
        }
        Ok(set)
    };
    let (collected, taken, specials) = (
        set_of("collected", collected)?,
        set_of("taken", taken)?,
        set_of("specials", specials)?,
    );
    let tricks = collected.len() / PLAYERS;
    if collected.len() % PLAYERS != 0 || tricks > TRICKS_PER_TOUR {
        return Err(Error::option(
            "collected",
            "whole tricks of 4 cards, at most 10 tricks",
        ));
    }
    if taken.len() > tricks || (!kind.is_special() && !taken.is_empty()) {
        return Err(Error::option(
            "taken",
            "trump cards are taken in the Spéco and the Superspec only, one per trick won",
        ));
    }
    if specials.len() > 2 || (tricks == 0 && !specials.is_empty()) {
        return Err(Error::option(
            "specials",
            "at most the 2 special cards, which come with trick 10",
        ));
    }
    Ok(score_tour(bid, collected, taken, specials, kind))
}
