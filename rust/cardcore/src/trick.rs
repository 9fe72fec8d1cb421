//! Tricks and following suit, shared by every trick-taking game.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::listed;

/// No seat sits out.
const EVERY_SEAT: u8 = u8::MAX;

/// A trick of one card per seat in order of play from the leader, for a
/// table of up to `N` seats (`N` itself unless made [`Trick::with_players`]),
/// one of which may sit out ([`Trick::without`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trick<const N: usize> {
    leader: u8,
    len: u8,
    players: u8,
    /// The seat that sits the deal out (500's misère), or `EVERY_SEAT`.
    out: u8,
    cards: [Option<Card>; N],
    /// The same cards as a set, for the rules that ask what lies in the trick.
    set: CardSet,
}

impl<const N: usize> Trick<N> {
    pub const fn new(leader: usize) -> Self {
        Self::with_players(leader, N)
    }

    /// A trick at a table of `players` seats (at most `N`): games whose player
    /// count is an option.
    pub const fn with_players(leader: usize, players: usize) -> Self {
        Trick {
            leader: leader as u8,
            len: 0,
            players: players as u8,
            out: EVERY_SEAT,
            cards: [None; N],
            set: CardSet::EMPTY,
        }
    }

    /// A trick at a table of `players` seats where seat `out` takes no part:
    /// its turn is skipped (a partner sitting a misère out).
    pub const fn without(leader: usize, players: usize, out: usize) -> Self {
        let mut trick = Self::with_players(leader, players);
        trick.out = out as u8;
        trick
    }

    /// The seat playing the trick's `index`-th card.
    const fn seat_of(&self, index: usize) -> usize {
        let players = self.players as usize;
        if self.out == EVERY_SEAT {
            // Wrapped round by a comparison, not a division (`%`): tensors
            // ask for every play of every trick.
            let seat = self.leader as usize + index;
            return if seat >= players {
                seat - players
            } else {
                seat
            };
        }
        let mut seat = self.leader as usize;
        let mut played = 0;
        while played < index {
            seat = (seat + 1) % players;
            if seat == self.out as usize {
                seat = (seat + 1) % players;
            }
            played += 1;
        }
        seat
    }

    pub const fn leader(&self) -> usize {
        self.leader as usize
    }

    pub const fn len(&self) -> usize {
        self.len as usize
    }

    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub const fn is_complete(&self) -> bool {
        self.len + (self.out != EVERY_SEAT) as u8 == self.players
    }

    /// The seat to play next.
    pub const fn next_seat(&self) -> usize {
        self.seat_of(self.len as usize)
    }

    pub fn led(&self) -> Option<Card> {
        self.cards[0]
    }

    /// Adds the next seat's card (the trick must not be complete).
    pub fn push(&mut self, card: Card) {
        self.cards[self.len as usize] = Some(card);
        self.len += 1;
        self.set.insert(card);
    }

    /// (seat, card) in order of play.
    pub fn plays(&self) -> impl Iterator<Item = (usize, Card)> + '_ {
        self.cards
            .iter()
            .flatten()
            .enumerate()
            .map(|(i, &card)| (self.seat_of(i), card))
    }

    pub const fn cards(&self) -> CardSet {
        self.set
    }

    /// The seat of the card with the highest `strength`; cards whose strength
    /// is `None` (neither trump nor the led suit) cannot win.
    pub fn winner_by(&self, strength: impl Fn(Card) -> Option<u16>) -> usize {
        self.plays()
            .filter_map(|(seat, card)| strength(card).map(|s| (s, seat)))
            .max()
            .map_or(self.leader(), |(_, seat)| seat)
    }
}

/// The cards a player may play to follow: those of the led suit (`led_suit`,
/// as the game defines its suits) if any, otherwise the whole hand.
pub fn follow(hand: CardSet, led_suit: CardSet) -> CardSet {
    let following = hand.intersection(led_suit);
    if following.is_empty() {
        hand
    } else {
        following
    }
}

/// Why `card` may not be played under the duty to follow (every trick game):
/// the hand holds cards of the led suit (`led`, as the game defines its suits;
/// `led_name` in words) and `card` is not one. `rule` is the rule's number
/// on the game's rules page. `None` when following does not refuse it.
pub fn must_follow(
    card: Card,
    hand: CardSet,
    led: CardSet,
    led_name: &str,
    rule: &str,
) -> Option<String> {
    let following = hand.intersection(led);
    (!following.is_empty() && !led.contains(card)).then(|| {
        format!(
            "you must follow {led_name}: you hold {} ({rule})",
            listed(following)
        )
    })
}

/// Why `card` may not be played under the duty to trump (a game where a
/// player void in the led suit must trump): the hand holds `trumps` and
/// `card` is none of them. `None` when trumping does not refuse it.
pub fn must_trump(
    card: Card,
    hand: CardSet,
    trumps: CardSet,
    led_name: &str,
    rule: &str,
) -> Option<String> {
    let held = hand.intersection(trumps);
    (!held.is_empty() && !trumps.contains(card)).then(|| {
        format!(
            "you must trump: you hold no {led_name} and hold the trumps {} ({rule})",
            listed(held)
        )
    })
}

/// Why trump `card` may not be played under the duty to overtrump: `highest`
/// is the highest trump in the trick, `above` the trumps above it, and the
/// hand holds some of them. `None` when overtrumping does not refuse it.
pub fn must_overtrump(
    card: Card,
    hand: CardSet,
    above: CardSet,
    highest: Card,
    rule: &str,
) -> Option<String> {
    let over = hand.intersection(above);
    (!over.is_empty() && !over.contains(card)).then(|| {
        format!(
            "you must overtrump: {card} is under the {highest} in the trick, and you hold {} ({rule})",
            listed(over)
        )
    })
}

/// A trick as a record carries it (pickling): read back through [`Trick::push`],
/// so only a trick that play can make is read.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TrickForm {
    leader: u8,
    players: u8,
    out: Option<u8>,
    cards: Vec<Card>,
}

impl<const N: usize> Serialize for Trick<N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        TrickForm {
            leader: self.leader,
            players: self.players,
            out: (self.out != EVERY_SEAT).then_some(self.out),
            cards: self.cards.iter().flatten().copied().collect(),
        }
        .serialize(serializer)
    }
}

impl<'de, const N: usize> Deserialize<'de> for Trick<N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = TrickForm::deserialize(deserializer)?;
        let (leader, players) = (usize::from(form.leader), usize::from(form.players));
        let out = form.out.map(usize::from);
        let seats = players.saturating_sub(usize::from(out.is_some()));
        let distinct = form.cards.iter().copied().collect::<CardSet>().len();
        if players == 0
            || players > N
            || leader >= players
            || out.is_some_and(|out| out >= players || out == leader)
            || form.cards.len() > seats
            || distinct != form.cards.len()
        {
            return Err(serde::de::Error::custom(format!(
                "not a trick of at most {N} seats: leader {leader}, {players} seats, out {out:?}, {} cards",
                form.cards.len()
            )));
        }
        let mut trick = match out {
            Some(out) => Trick::without(leader, players, out),
            None => Trick::with_players(leader, players),
        };
        for card in form.cards {
            trick.push(card);
        }
        Ok(trick)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Rank, Suit};

    #[test]
    fn plays_and_winner() {
        let mut trick = Trick::<4>::new(2);
        for text in ["9H", "AH", "7S", "KH"] {
            trick.push(text.parse().unwrap());
        }
        assert!(trick.is_complete());
        let seats: Vec<usize> = trick.plays().map(|(s, _)| s).collect();
        assert_eq!(seats, [2, 3, 0, 1]);
        let led = trick.led().unwrap().suit();
        let winner = trick.winner_by(|c| (c.suit() == led).then(|| c.rank().unwrap() as u16));
        assert_eq!(winner, 3);
    }

    #[test]
    fn a_trick_travels_as_play_made_it_and_only_so() {
        let mut trick = Trick::<5>::without(1, 4, 3);
        for text in ["9H", "AH"] {
            trick.push(text.parse().unwrap());
        }
        let text = serde_json::to_string(&trick).unwrap();
        assert_eq!(serde_json::from_str::<Trick<5>>(&text).unwrap(), trick);
        for bad in [
            r#"{"leader":1,"players":6,"out":null,"cards":[]}"#,
            r#"{"leader":4,"players":4,"out":null,"cards":[]}"#,
            r#"{"leader":1,"players":4,"out":1,"cards":[]}"#,
            r#"{"leader":1,"players":4,"out":3,"cards":["9H","AH","7S","KH"]}"#,
            r#"{"leader":1,"players":4,"out":null,"cards":["9H","9H"]}"#,
            r#"{"leader":0,"players":0,"out":null,"cards":[]}"#,
        ] {
            assert!(serde_json::from_str::<Trick<5>>(bad).is_err(), "{bad}");
        }
        let set: CardSet = ["9H", "AH"]
            .iter()
            .map(|t| t.parse::<Card>().unwrap())
            .collect();
        let text = serde_json::to_string(&set).unwrap();
        assert_eq!(serde_json::from_str::<CardSet>(&text).unwrap(), set);
        assert!(serde_json::from_str::<CardSet>(r#"["9H","9H"]"#).is_err());
    }

    #[test]
    fn a_seat_sitting_out_is_skipped() {
        let mut trick = Trick::<4>::without(3, 4, 1);
        for text in ["9H", "AH", "7S"] {
            assert!(!trick.is_complete());
            trick.push(text.parse().unwrap());
        }
        assert!(trick.is_complete());
        let seats: Vec<usize> = trick.plays().map(|(s, _)| s).collect();
        assert_eq!(seats, [3, 0, 2]);
    }

    #[test]
    fn a_table_smaller_than_the_capacity() {
        let mut trick = Trick::<5>::with_players(2, 3);
        for text in ["9H", "AH", "7S"] {
            assert!(!trick.is_complete());
            trick.push(text.parse().unwrap());
        }
        assert!(trick.is_complete());
        assert_eq!(trick.next_seat(), 2);
        let seats: Vec<usize> = trick.plays().map(|(s, _)| s).collect();
        assert_eq!(seats, [2, 0, 1]);
    }

    #[test]
    fn follow_suit_or_anything() {
        let hand: CardSet = ["7S", "9H"].iter().map(|t| t.parse().unwrap()).collect();
        let hearts = CardSet::suit(Suit::Hearts);
        assert_eq!(
            follow(hand, hearts),
            CardSet::single(Card::new(Suit::Hearts, Rank::Nine))
        );
        assert_eq!(follow(hand, CardSet::suit(Suit::Clubs)), hand);
    }
}
