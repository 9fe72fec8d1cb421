//! The cards' order, following and winning tricks (Jouer un tour, T3, T4,
//! T17, D1), the discard (T8), the call and the poignée (T9, T10).

use super::record::{Level, Poignee};
use super::MAX_PLAYERS;
use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::game::not_held;
use crate::trick::{must_follow, must_overtrump, must_trump, Trick};

/// The 21 trumps, `1T` to `21T`.
pub(super) const TRUMPS: CardSet = CardSet::from_bits(((1u128 << 21) - 1) << 56);
pub(super) const EXCUSE: CardSet = CardSet::single(Card::EXCUSE);
/// The bouts: the Petit, the 21, the Excuse.
pub(super) const BOUTS: CardSet = CardSet::from_bits(1 << 56 | 1 << 76 | 1 << 77);
pub(super) const PETIT: Card = Card::tarot_trump(1).unwrap();
pub(super) const KINGS: CardSet = CardSet::rank(Rank::King);
/// Suit cards other than kings: the cards a taker discards first (T8).
pub(super) const ORDINARY: CardSet = CardSet::from_bits((1u128 << 56) - 1).difference(KINGS);

/// A suit card's strength: King > Queen > Knight > Jack > 10 > ... > 2 > Ace.
pub(super) fn suit_strength(card: Card) -> u16 {
    match card.rank() {
        Some(Rank::Ace) => 0,
        Some(rank) => rank as u16 + 1,
        None => 0,
    }
}

/// The suit a trick follows: that of its first card other than the Excuse
/// (T3), `None` while only the Excuse is down; trumps are their own suit.
pub(super) fn led(trick: &Trick<MAX_PLAYERS>) -> Option<Card> {
    trick
        .plays()
        .map(|(_, card)| card)
        .find(|card| !card.is_excuse())
}

/// The trumps higher than every trump in `trick`.
pub(super) fn trumps_above(trick: &Trick<MAX_PLAYERS>) -> CardSet {
    let highest = trick
        .cards()
        .intersection(TRUMPS)
        .iter()
        .last()
        .map_or(0, |card| card.id() + 1 - 56);
    CardSet::from_bits(TRUMPS.bits() & !((1u128 << (56 + highest)) - 1))
}

/// The cards `hand` may play to `trick` (Jouer un tour, T17): follow the led
/// suit; else trump, overtrumping when able; else anything; the Excuse always.
/// `called_lead` is the called card at five players in the first trick,
/// whose suit may not be led but with it (D1): by the leader, or by the next
/// player after an Excuse lead, who plays as if leading (T3).
pub(super) fn legal_cards(
    hand: CardSet,
    trick: &Trick<MAX_PLAYERS>,
    called_lead: Option<Card>,
) -> CardSet {
    let Some(led) = led(trick) else {
        return match called_lead {
            Some(called) => lead_without_called_suit(hand, called),
            None => hand,
        };
    };
    let excuse = hand.intersection(EXCUSE);
    if let Some(suit) = led.suit() {
        let following = hand.intersection(CardSet::suit(suit));
        if !following.is_empty() {
            return following.union(excuse);
        }
    }
    let trumps = hand.intersection(TRUMPS);
    if trumps.is_empty() {
        return hand;
    }
    let over = trumps.intersection(trumps_above(trick));
    if over.is_empty() { trumps } else { over }.union(excuse)
}

/// Why `hand` may not play `card` to `trick` ([`legal_cards`]'s rules, one
/// by one, the first that refuses it); `None` if none does.
pub(super) fn card_refusal(
    hand: CardSet,
    trick: &Trick<MAX_PLAYERS>,
    called_lead: Option<Card>,
    card: Card,
) -> Option<String> {
    if !hand.contains(card) {
        return Some(not_held(card));
    }
    if card.is_excuse() {
        return None;
    }
    let Some(led) = led(trick) else {
        let called = called_lead?;
        return (!lead_without_called_suit(hand, called).contains(card)).then(|| {
            format!(
                "the called card's suit cannot be led in the first trick, but with the {called} itself (D1)"
            )
        });
    };
    let trumps = hand.intersection(TRUMPS);
    match led.suit() {
        Some(suit) => {
            let name = suit.name();
            if let Some(why) = must_follow(card, hand, CardSet::suit(suit), name, "Jouer un tour") {
                return Some(why);
            }
            if let Some(why) = must_trump(card, hand, TRUMPS, name, "T17") {
                return Some(why);
            }
        }
        None => {
            if let Some(why) = must_follow(card, hand, TRUMPS, "trumps", "Jouer un tour") {
                return Some(why);
            }
        }
    }
    if trumps.is_empty() {
        return None;
    }
    let highest = trick.cards().intersection(TRUMPS).iter().last()?;
    must_overtrump(card, hand, trumps_above(trick), highest, "T17")
}

/// D1: the called card's suit is not led to the first trick, but with the
/// called card itself or by a hand holding nothing else (the Excuse aside).
fn lead_without_called_suit(hand: CardSet, called: Card) -> CardSet {
    let Some(suit) = called.suit() else {
        return hand;
    };
    let barred = CardSet::suit(suit).difference(CardSet::single(called));
    let allowed = hand.difference(barred);
    if allowed.difference(EXCUSE).is_empty() {
        hand
    } else {
        allowed
    }
}

/// The seat winning a complete trick: the highest trump, else the highest
/// card of the led suit; the Excuse wins only as `excuse_wins` says (T4).
pub(super) fn winner(trick: &Trick<MAX_PLAYERS>, excuse_wins: bool) -> usize {
    if excuse_wins && trick.led() == Some(Card::EXCUSE) {
        return trick.leader();
    }
    let led_suit = led(trick).and_then(Card::suit);
    trick.winner_by(|card| strength(card, led_suit))
}

/// A card's strength in a trick whose led suit is `led_suit`: trumps above
/// the led suit; `None` for a card that cannot win it (another suit, the
/// Excuse).
pub(super) fn strength(card: Card, led_suit: Option<Suit>) -> Option<u16> {
    match card.tarot_trump_number() {
        Some(number) => Some(100 + u16::from(number)),
        None if card.suit().is_some() && card.suit() == led_suit => Some(suit_strength(card)),
        None => None,
    }
}

/// The cards the taker may discard next (T8), `left` discards still to make:
/// ordinary cards while they are at least `left`, else ordinary cards and
/// the trumps other than the bouts. Kings and bouts never.
pub(super) fn legal_discards(hand: CardSet, left: usize) -> CardSet {
    let ordinary = hand.intersection(ORDINARY);
    if ordinary.len() >= left {
        ordinary
    } else {
        ordinary.union(hand.intersection(TRUMPS.difference(BOUTS)))
    }
}

/// Why the taker may not discard `card` next ([`legal_discards`]'s rules).
pub(super) fn discard_refusal(hand: CardSet, left: usize, card: Card) -> Option<String> {
    if !hand.contains(card) {
        return Some(not_held(card));
    }
    if KINGS.contains(card) {
        return Some("kings cannot go in the discard (T8)".to_owned());
    }
    if BOUTS.contains(card) {
        return Some(
            "bouts (the Petit, the 21, the Excuse) cannot go in the discard (T8)".to_owned(),
        );
    }
    let ordinary = hand.intersection(ORDINARY).len();
    (TRUMPS.contains(card) && ordinary >= left).then(|| {
        format!(
            "a trump goes in the discard only when the ordinary cards run short: you hold {ordinary} ordinary cards for {left} discards (T8)"
        )
    })
}

/// The cards the taker may call at five players: the kings, or the queens
/// when holding the four kings, and so on to the jacks.
pub(super) fn callable(hand: CardSet) -> CardSet {
    [Rank::King, Rank::Queen, Rank::Knight, Rank::Jack]
        .into_iter()
        .map(CardSet::rank)
        .find(|&cards| hand.intersection(cards) != cards)
        .unwrap_or(CardSet::EMPTY)
}

/// The poignée `level` shows from `hand`, if the hand reaches it (T9): the
/// level's number of trumps, the lowest first, after `public_trumps` (T10's
/// discarded trumps, already shown); one short, every trump and the Excuse.
pub(super) fn poignee(
    hand: CardSet,
    public_trumps: CardSet,
    level: Level,
    players: usize,
) -> Option<Poignee> {
    let size = level.size(players);
    let trumps = public_trumps.union(hand.intersection(TRUMPS));
    let shown = if trumps.len() >= size {
        let from_hand = size - public_trumps.len().min(size);
        hand.intersection(TRUMPS)
            .iter()
            .take(from_hand)
            .fold(public_trumps, |shown, card| {
                shown.union(CardSet::single(card))
            })
    } else if trumps.len() + 1 == size && hand.contains(Card::EXCUSE) {
        trumps.union(EXCUSE)
    } else {
        return None;
    };
    Some(Poignee { level, shown })
}

/// The poignée `level` a seat declares from `hand` (T9): the taker's
/// `discard` counts as T10 allows, the other seats have none.
pub(super) fn declared(
    hand: CardSet,
    discard: CardSet,
    level: Level,
    players: usize,
) -> Option<Poignee> {
    poignee(
        hand,
        countable_discard(hand, discard, level),
        level,
        players,
    )
}

/// T10: the discarded trumps a taker holding the four kings may count
/// towards a triple poignée (none otherwise).
pub(super) fn countable_discard(hand: CardSet, discard: CardSet, level: Level) -> CardSet {
    if level == Level::Triple && hand.intersection(KINGS) == KINGS {
        discard.intersection(TRUMPS)
    } else {
        CardSet::EMPTY
    }
}

/// T15: a hand whose only trump is the Petit, without the Excuse.
pub(super) fn petit_sec(hand: CardSet) -> bool {
    hand.intersection(TRUMPS.union(EXCUSE)) == CardSet::single(PETIT)
}
