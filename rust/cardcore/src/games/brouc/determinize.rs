//! Brouc's determinization (docs/rules/brouc.md, "Determinization"): what one
//! seat knows of the other hands in the deal in play, and a uniform draw of
//! them under it. Everything it reads is public at the table or the seat's
//! own hand; the other hands are only read for their sizes.

use super::{deck_set, team_of, undertrumps, Brouc, PLAYERS};
use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::determinize::{place_uniformly, Determinize};
use crate::ismcts::Search;
use crate::rng::SplitMix64;
use crate::trick::Trick;

/// A search looks one deal ahead; random deals swing the match totals by about 6.
impl Search for Brouc {
    const SCORE_SCALE: f64 = 8.0;

    fn deals_done(&self) -> usize {
        self.finished_deals.len()
    }
}

impl Determinize for Brouc {
    fn determinize(&self, seat: usize, rng: &mut SplitMix64) -> Brouc {
        let mut sample = self.clone();
        sample.hands = Knowledge::new(self, seat).draw_hands(self.hands, rng);
        // The shuffles of the deals to come: no seat knows them.
        sample.rng = SplitMix64::new(rng.next_u64());
        sample
    }
}

/// What `seat` knows of the other hands of the deal in play.
struct Knowledge {
    seat: usize,
    /// The cards it does not see: the other hands together.
    hidden: CardSet,
    /// Per seat, hidden cards known to be in that hand: the turned card while
    /// the dealer holds it (B4), announced cards not yet played (B10).
    holds: [CardSet; PLAYERS],
    /// Per seat, cards that hand cannot hold: shown by play (B8, B9) or by an
    /// announcement's value and its absence (B11).
    lacks: [CardSet; PLAYERS],
    /// (seat, K, Q) of a suit the seat did not announce: it does not hold
    /// both, or it would have (B11). Only pairs where both may be there.
    unmarried: Vec<(usize, Card, Card)>,
}

impl Knowledge {
    fn new(game: &Brouc, seat: usize) -> Knowledge {
        let deal = &game.deal;
        let trump = deal.trump;
        let mut played = CardSet::EMPTY;
        let mut lacks = [CardSet::EMPTY; PLAYERS];
        for trick in deal.tricks().map(|t| &t.trick).chain([&game.trick]) {
            played = played.union(trick.cards());
            let mut before = Trick::<PLAYERS>::new(trick.leader());
            for (player, card) in trick.plays() {
                lacks[player] = lacks[player].union(shown_lacking(&before, card, trump));
                before.push(card);
            }
        }
        let hidden = deck_set().difference(played).difference(game.hands[seat]);
        let mut holds = [CardSet::EMPTY; PLAYERS];
        if game.trump_card_held() {
            holds[deal.dealer()].insert(deal.trump_card);
        }
        let mut unmarried = Vec::new();
        for team in 0..2 {
            // B11: a seat announces all it holds when its team first wins a
            // trick, and never later (hands only shrink).
            let Some(first) = deal
                .tricks()
                .position(|t| team_of(usize::from(t.winner)) == team)
            else {
                continue;
            };
            for player in [team, team + 2].into_iter().filter(|&p| p != seat) {
                // Its hand then: what it holds now and what it played since.
                let mut then = holds[player];
                for trick in deal.tricks().skip(first + 1).map(|t| &t.trick) {
                    then = then.union(cards_of(trick, player));
                }
                then = then.union(cards_of(&game.trick, player));
                for suit in Suit::ALL {
                    let [king, queen, jack] =
                        [Rank::King, Rank::Queen, Rank::Jack].map(|rank| Card::new(suit, rank));
                    let announced = deal
                        .announcements()
                        .find(|a| usize::from(a.seat) == player && a.suit == suit);
                    if let Some(announcement) = announced {
                        let shown: CardSet = announcement.cards().into_iter().collect();
                        holds[player] = holds[player].union(shown);
                        if !shown.contains(jack) {
                            // 20 (40) and not 30 (60): no J of that suit then.
                            lacks[player].insert(jack);
                        }
                    } else if then.contains(king) {
                        lacks[player].insert(queen);
                    } else if then.contains(queen) {
                        lacks[player].insert(king);
                    } else {
                        unmarried.push((player, king, queen));
                    }
                }
            }
        }
        let mut knowledge = Knowledge {
            seat,
            hidden,
            holds: holds.map(|held| held.intersection(hidden)),
            lacks,
            unmarried: Vec::new(),
        };
        unmarried.retain(|&(player, king, queen)| {
            knowledge.may_hold(player, king) && knowledge.may_hold(player, queen)
        });
        knowledge.unmarried = unmarried;
        knowledge
    }

    /// Whether `card` may be in `player`'s hand, another hand than `seat`'s.
    fn may_hold(&self, player: usize, card: Card) -> bool {
        self.hidden.contains(card)
            && !self.lacks[player].contains(card)
            && (0..PLAYERS).all(|other| other == player || !self.holds[other].contains(card))
    }

    /// The hands with the hidden cards placed uniformly among the placements
    /// consistent with the knowledge; `seat`'s own hand and every hand's size
    /// as in `hands`. A draw holding an unannounced K and Q together is
    /// rejected and drawn again, which keeps it uniform.
    fn draw_hands(&self, hands: [CardSet; PLAYERS], rng: &mut SplitMix64) -> [CardSet; PLAYERS] {
        // Place p is seat `seat + 1 + p`.
        let others: [usize; PLAYERS - 1] = std::array::from_fn(|p| (self.seat + 1 + p) % PLAYERS);
        let items: Vec<(Card, u16)> = self
            .hidden
            .iter()
            .map(|card| {
                let mask = others
                    .iter()
                    .enumerate()
                    .filter(|&(_, &player)| self.may_hold(player, card))
                    .fold(0, |mask, (place, _)| mask | 1 << place);
                (card, mask)
            })
            .collect();
        let capacities = others.map(|player| hands[player].len());
        loop {
            let places = place_uniformly(&items, &capacities, rng)
                .expect("the true hands are one placement the knowledge allows");
            let mut drawn = hands;
            for (&player, place) in others.iter().zip(places) {
                drawn[player] = place.into_iter().collect();
            }
            if self.unmarried.iter().all(|&(player, king, queen)| {
                !(drawn[player].contains(king) && drawn[player].contains(queen))
            }) {
                return drawn;
            }
        }
    }
}

/// The cards `player` put into `trick`.
fn cards_of(trick: &Trick<PLAYERS>, player: usize) -> CardSet {
    trick
        .plays()
        .filter(|&(seat, _)| seat == player)
        .map(|(_, card)| card)
        .collect()
}

/// What playing `card` into `before` shows its player could not hold then,
/// nor later: the led suit when not following (B8: on a trump lead, trumps),
/// and every card but the too-low trumps when undertrumping (B9: only those
/// were left).
fn shown_lacking(before: &Trick<PLAYERS>, card: Card, trump: Suit) -> CardSet {
    let Some(led) = before.led().and_then(Card::suit) else {
        return CardSet::EMPTY;
    };
    if card.suit() == Some(led) {
        return CardSet::EMPTY;
    }
    if led != trump {
        let too_low = undertrumps(before.cards(), trump);
        if too_low.contains(card) {
            return deck_set().difference(too_low);
        }
    }
    CardSet::suit(led)
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::game::Game;
    use crate::testing::{check_determinizations, check_uniform};

    /// A match of `seed` after `plays` random plays.
    fn position(seed: u64, single_deal: bool, plays: usize) -> Brouc {
        let options = serde_json::json!({ "single_deal": single_deal });
        let Value::Object(options) = options else {
            unreachable!()
        };
        let mut game = Brouc::new(seed, &options).unwrap();
        let mut rng = SplitMix64::new(seed);
        for _ in 0..plays {
            game.play_random(&mut rng);
        }
        game
    }

    /// Every way to deal the cards `seat` does not see among the other hands
    /// at their sizes, as the states `from_json` accepts, each with the
    /// reason it is refused otherwise (by brute force on the state JSON,
    /// independently of `Knowledge`).
    fn redistributions(game: &Brouc, seat: usize) -> Vec<Result<Brouc, String>> {
        let others: Vec<usize> = (1..PLAYERS).map(|k| (seat + k) % PLAYERS).collect();
        let hidden: Vec<Card> = others
            .iter()
            .fold(CardSet::EMPTY, |all, &p| all.union(game.hands[p]))
            .iter()
            .collect();
        let mut left: Vec<usize> = others.iter().map(|&p| game.hands[p].len()).collect();
        let Value::Object(saved) = serde_json::from_str(&game.to_json()).unwrap() else {
            unreachable!()
        };
        let mut found = Vec::new();
        let mut hands = game.hands;
        fn recurse(
            at: usize,
            hidden: &[Card],
            others: &[usize],
            left: &mut [usize],
            hands: &mut [CardSet; PLAYERS],
            saved: &serde_json::Map<String, Value>,
            found: &mut Vec<Result<Brouc, String>>,
        ) {
            if at == hidden.len() {
                let mut state = saved.clone();
                let texts: Vec<Vec<String>> = hands
                    .iter()
                    .map(|h| h.iter().map(|c| c.to_string()).collect())
                    .collect();
                state.insert("hands".into(), serde_json::json!(texts));
                // A generator of its own, which no seat can know either.
                state.insert("rng".into(), serde_json::json!(found.len()));
                found.push(
                    Brouc::from_json(&Value::Object(state).to_string()).map_err(|e| e.to_string()),
                );
                return;
            }
            for (place, &player) in others.iter().enumerate() {
                if left[place] > 0 {
                    left[place] -= 1;
                    hands[player].insert(hidden[at]);
                    recurse(at + 1, hidden, others, left, hands, saved, found);
                    hands[player].remove(hidden[at]);
                    left[place] += 1;
                }
            }
        }
        for &p in &others {
            hands[p] = CardSet::EMPTY;
        }
        recurse(
            0, &hidden, &others, &mut left, &mut hands, &saved, &mut found,
        );
        found
    }

    /// The state's hands, as the key of a placement.
    fn key(game: &Brouc) -> [u128; PLAYERS] {
        game.hands.map(CardSet::bits)
    }

    /// Positions near a deal's end, each with what it shows the seat, and its
    /// number of consistent placements out of all the redistributions:
    /// (seed, single_deal, random plays, seat, consistent, all).
    const ENDGAMES: [(u64, bool, usize, usize, usize, usize); 8] = [
        // The hidden dealer holds the turned KH, announced with the QH for
        // 40: the JH is elsewhere; voids.
        (6, true, 24, 3, 6, 90),
        // The second deal; two announcements of 20 (no J with them).
        (12, false, 56, 1, 36, 90),
        // Mid-trick: unequal hand sizes; voids.
        (13, true, 25, 0, 6, 90),
        // An undertrump; the hidden dealer holds the turned card.
        (859, true, 23, 0, 20, 210),
        // An undertrump; a 60 in trumps whose J is still held.
        (1435, true, 23, 0, 20, 210),
        // Unannounced K-Q pairs (B11): seats 1 and 2 may each hold the KS
        // or the QS, not both; most placements the voids allow are rejected.
        (2065, true, 23, 3, 2, 90),
        (1394, true, 22, 0, 12, 560),
        (2395, true, 23, 3, 12, 210),
    ];

    /// The consistent states of an endgame: those `from_json` accepts that
    /// show `seat` the observation of the true one.
    fn endgame(
        (seed, single_deal, plays, seat, consistent, all): (u64, bool, usize, usize, usize, usize),
    ) -> (Brouc, Vec<Brouc>) {
        let game = position(seed, single_deal, plays);
        let every = redistributions(&game, seat);
        assert_eq!(every.len(), all, "seed {seed}");
        let view = game.observation(seat).unwrap();
        let states: Vec<Brouc> = every
            .into_iter()
            .flatten()
            .filter(|state| state.observation(seat).unwrap() == view)
            .collect();
        assert_eq!(states.len(), consistent, "seed {seed}");
        (game, states)
    }

    #[test]
    fn hidden_hands_are_uniform_among_the_consistent_placements() {
        for position in ENDGAMES {
            let (game, states) = endgame(position);
            let seat = position.3;
            let expected: Vec<_> = states.iter().map(key).collect();
            let mut rng = SplitMix64::new(position.0);
            check_uniform(&expected, 400 * expected.len(), || {
                key(&game.determinize(seat, &mut rng))
            });
        }
    }

    #[test]
    fn the_draw_ignores_where_the_hidden_cards_are() {
        for position in ENDGAMES {
            let (_, states) = endgame(position);
            let seat = position.3;
            for k in 0..8 {
                let first = states[0]
                    .determinize(seat, &mut SplitMix64::new(k))
                    .to_json();
                for state in &states[1..] {
                    let drawn = state.determinize(seat, &mut SplitMix64::new(k)).to_json();
                    assert_eq!(drawn, first, "seed {}, generator {k}", position.0);
                }
            }
        }
    }

    #[test]
    fn determinizations_pass_the_generic_checks() {
        check_determinizations::<Brouc>(20, 5);
    }

    #[test]
    fn finished_matches_keep_their_hidden_cards_hidden() {
        // A match won mid-deal leaves cards in hands; none after a full deal.
        let mut hidden_left = 0;
        for seed in 0..12 {
            let game = position(seed, seed % 2 == 0, 1000);
            assert!(game.is_over());
            hidden_left += game.hands.iter().filter(|h| !h.is_empty()).count();
            for seat in 0..PLAYERS {
                let sample = game.determinize(seat, &mut SplitMix64::new(seed));
                assert_eq!(
                    sample.observation(seat).unwrap(),
                    game.observation(seat).unwrap()
                );
                let text = sample.to_json();
                assert_eq!(Brouc::from_json(&text).unwrap().to_json(), text);
            }
        }
        assert!(hidden_left > 0);
    }
}
