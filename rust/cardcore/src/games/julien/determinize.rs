//! Le Julien's determinization (docs/rules/julien.md, "Determinization"):
//! the other seats' hands and the talon cards still masked (J21) are dealt
//! again uniformly among the deals the seat cannot rule out, and the
//! generator of the Tours to come is redrawn.

use super::{Julien, PLAYERS, TALON_SIZE};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::determinize::{place_uniformly, Determinize};
use crate::ismcts::Search;
use crate::rng::SplitMix64;
use crate::trick::Trick;

/// The place of the masked talon cards, after the other three hands.
const TALON_PLACE: usize = PLAYERS - 1;

/// A search looks one Tour ahead; random Tours swing the scores by about 18.
impl Search for Julien {
    const SCORE_SCALE: f64 = 20.0;

    fn deals_done(&self) -> usize {
        self.finished_tours.len()
    }
}

impl Determinize for Julien {
    /// The only constraints are hand sizes and the voids shown by play (-1-,
    /// -2-, J2): a seat that did not follow the led suit holds none of it. With
    /// no duty to trump, a discard says nothing of the trick's trump suit, and
    /// the bids say nothing of a hand.
    fn determinize(&self, seat: usize, rng: &mut SplitMix64) -> Julien {
        let tour = &self.tour;
        let shown = self.talon_shown();
        let others: [usize; PLAYERS - 1] = std::array::from_fn(|k| (seat + 1 + k) % PLAYERS);
        let deck = super::deck_set();

        // What the seat has seen: its hand, this Tour's plays, the talon shown.
        let mut known = self.hands[seat].union(self.trick.cards());
        for trick in tour.tricks() {
            known = known.union(trick.trick.cards());
        }
        known = known.union(tour.talon[..shown].iter().copied().collect());

        let mut voids = [CardSet::EMPTY; PLAYERS];
        for trick in tour.tricks().map(|t| &t.trick).chain([&self.trick]) {
            record_voids(trick, &mut voids);
        }
        // The other hands, then the masked talon, which may hold any card.
        let places: [(CardSet, usize); PLAYERS] =
            std::array::from_fn(|place| match others.get(place) {
                Some(&other) => (deck.difference(voids[other]), self.hands[other].len()),
                None => (deck, TALON_SIZE - shown),
            });
        let dealt = deal(deck.difference(known), &places, rng);

        let mut sample = self.clone();
        for (cards, &other) in dealt.iter().zip(&others) {
            sample.hands[other] = cards.iter().copied().collect();
        }
        sample.tour.talon[shown..].copy_from_slice(&dealt[TALON_PLACE]);
        sample.rng = SplitMix64::new(rng.next_u64());
        sample
    }
}

/// Deals the `hidden` cards (in card-id order) uniformly into places given as
/// (cards allowed, size), each place's cards in a uniform order.
///
/// Places that allow the same cards form a class: the cards are placed
/// uniformly among the classes, then each class's cards are shuffled and
/// dealt to its places in turn. Every placement among the classes splits
/// among their places in the same number of ways, so this is uniform among
/// the placements, and `place_uniformly` has far fewer to count (one class
/// when no void bears on the hidden cards).
fn deal(
    hidden: CardSet,
    places: &[(CardSet, usize); PLAYERS],
    rng: &mut SplitMix64,
) -> [Vec<Card>; PLAYERS] {
    let mut classes: Vec<(CardSet, usize)> = Vec::with_capacity(PLAYERS);
    let mut class_of = [0; PLAYERS];
    for (place, &(allowed, size)) in places.iter().enumerate() {
        let allowed = allowed.intersection(hidden);
        class_of[place] = match classes.iter().position(|&(cards, _)| cards == allowed) {
            Some(class) => class,
            None => {
                classes.push((allowed, 0));
                classes.len() - 1
            }
        };
        classes[class_of[place]].1 += size;
    }
    let items: Vec<(Card, u16)> = hidden
        .iter()
        .map(|card| {
            let mask = (0..classes.len())
                .filter(|&class| classes[class].0.contains(card))
                .fold(0, |mask, class| mask | 1 << class);
            (card, mask)
        })
        .collect();
    let sizes: Vec<usize> = classes.iter().map(|&(_, size)| size).collect();
    let by_class = place_uniformly(&items, &sizes, rng)
        .expect("the true deal is one placement of the hidden cards");
    let mut drawn: Vec<_> = by_class
        .into_iter()
        .map(|mut cards| {
            rng.shuffle(&mut cards);
            cards.into_iter()
        })
        .collect();
    std::array::from_fn(|place| {
        drawn[class_of[place]]
            .by_ref()
            .take(places[place].1)
            .collect()
    })
}

/// -1-, -2-: each seat that played off the led suit has none of it left.
fn record_voids(trick: &Trick<PLAYERS>, voids: &mut [CardSet; PLAYERS]) {
    let Some(led) = trick.led().and_then(Card::suit) else {
        return;
    };
    for (seat, card) in trick.plays() {
        if card.suit() != Some(led) {
            voids[seat] = voids[seat].union(CardSet::suit(led));
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Map, Value};

    use super::*;
    use crate::game::Game;
    use crate::testing::{check_determinizations, check_determinizations_under, check_uniform};

    fn new_game(seed: u64, options: &Value) -> Julien {
        Julien::new(seed, options.as_object().unwrap()).unwrap()
    }

    /// Plays random actions from seed `seed` until `stop` holds.
    fn position(seed: u64, options: &Value, stop: impl Fn(&Julien) -> bool) -> Julien {
        let mut game = new_game(seed, options);
        let mut rng = SplitMix64::new(seed);
        while !stop(&game) {
            assert!(game.play_random(&mut rng).is_some(), "seed {seed}: over");
        }
        game
    }

    /// Where the hidden cards lie: every hand and the whole talon, read from
    /// the state JSON.
    fn placement(game: &Julien) -> String {
        let state: Value = serde_json::from_str(&game.to_json()).unwrap();
        format!("{} {}", state["hands"], state["talon"])
    }

    /// Every state `seat` cannot tell from `game`, by brute force: each way to
    /// put the cards of the other hands and of the masked talon back into
    /// those hands (at their sizes) and talon slots, kept when `from_json`
    /// accepts it and `seat` sees the same observation; each with a generator
    /// of its own. Also how many ways were tried.
    fn indistinguishable(game: &Julien, seat: usize) -> (Vec<Julien>, usize) {
        let state: Value = serde_json::from_str(&game.to_json()).unwrap();
        let shown = game.talon_shown();
        let others: Vec<usize> = (1..PLAYERS).map(|k| (seat + k) % PLAYERS).collect();
        let hidden: Vec<Card> = others
            .iter()
            .flat_map(|&other| game.hands[other].iter())
            .chain(game.tour.talon[shown..].iter().copied())
            .collect();
        // The other hands, then one place per masked talon card.
        let sizes: Vec<usize> = others
            .iter()
            .map(|&other| game.hands[other].len())
            .chain((shown..TALON_SIZE).map(|_| 1))
            .collect();
        let mut found = Vec::new();
        let mut tried = 0;
        let mut visit = |places: &[Vec<Card>]| {
            tried += 1;
            let mut candidate = state.clone();
            for (hand, &other) in places.iter().zip(&others) {
                let mut hand = hand.clone();
                hand.sort_by_key(|card| card.id());
                candidate["hands"][other] =
                    json!(hand.iter().map(Card::to_string).collect::<Vec<_>>());
            }
            for (slot, card) in places[others.len()..].iter().enumerate() {
                candidate["talon"][shown + slot] = json!(card[0].to_string());
            }
            candidate["rng"] = json!(tried);
            if let Ok(read) = Julien::from_json(&candidate.to_string()) {
                if read.observation(seat).unwrap() == game.observation(seat).unwrap() {
                    found.push(read);
                }
            }
        };
        fn assign(
            cards: &[Card],
            sizes: &[usize],
            places: &mut [Vec<Card>],
            visit: &mut dyn FnMut(&[Vec<Card>]),
        ) {
            let Some((&card, rest)) = cards.split_first() else {
                visit(places);
                return;
            };
            for place in 0..places.len() {
                if places[place].len() < sizes[place] {
                    places[place].push(card);
                    assign(rest, sizes, places, visit);
                    places[place].pop();
                }
            }
        }
        let mut places = vec![Vec::new(); sizes.len()];
        assign(&hidden, &sizes, &mut places, &mut visit);
        (found, tried)
    }

    #[test]
    fn determinizations_of_random_matches() {
        check_determinizations::<Julien>(4, 5);
    }

    /// The generic checks on masked talons: a match, a Spéco and a Superspec.
    #[test]
    fn determinizations_with_the_masked_talon() {
        let tables = [
            json!({"masked_talon": true}),
            json!({"masked_talon": true, "single_deal": true, "tour_kind": "speco"}),
            json!({"masked_talon": true, "single_deal": true, "tour_kind": "superspec"}),
        ];
        let tables: Vec<Map<String, Value>> = tables
            .into_iter()
            .map(|options| options.as_object().unwrap().clone())
            .collect();
        check_determinizations_under::<Julien>(&tables, 5);
    }

    /// A position's determinizations fall uniformly on exactly the states
    /// `seat` cannot tell from it, and are the same from each of them.
    fn check_position(game: &Julien, seat: usize, consistent: usize, tried: usize) {
        let (states, ways) = indistinguishable(game, seat);
        assert_eq!((states.len(), ways), (consistent, tried));
        let keys: Vec<String> = states.iter().map(placement).collect();
        let mut rng = SplitMix64::new(5);
        check_uniform(&keys, 200 * keys.len(), || {
            placement(&game.determinize(seat, &mut rng))
        });
        for k in 0..3 {
            let expected = game.determinize(seat, &mut SplitMix64::new(k)).to_json();
            for state in &states {
                let sample = state.determinize(seat, &mut SplitMix64::new(k));
                assert_eq!(sample.to_json(), expected);
            }
        }
    }

    /// Trick 9 about to be led, 6 hidden cards in three hands of 2: voids
    /// shown earlier leave 27 of the 90 deals.
    #[test]
    fn uniform_and_blind_before_trick_nine() {
        let game = position(12, &json!({"single_deal": true}), |g| {
            g.tour.tricks_played == 8
        });
        assert!(game.trick.is_empty());
        check_position(&game, 0, 27, 90);
    }

    /// Trick 9 half played, and a seat showed a new void in it: 15 of the 30
    /// deals of 5 hidden cards remain for seat 2.
    #[test]
    fn uniform_and_blind_with_a_void_in_the_trick() {
        let game = position(5, &json!({"single_deal": true}), |g| {
            g.tour.tricks_played == 8 && g.trick.len() == 2
        });
        let seat = 2;
        let mut before = [CardSet::EMPTY; PLAYERS];
        for trick in game.tour.tricks() {
            record_voids(&trick.trick, &mut before);
        }
        let mut now = before;
        record_voids(&game.trick, &mut now);
        let mut others = (1..PLAYERS).map(|k| (seat + k) % PLAYERS);
        let hidden = others.clone().fold(CardSet::EMPTY, |cards, other| {
            cards.union(game.hands[other])
        });
        assert!(others.any(|other| {
            let new = now[other].difference(before[other]);
            !new.intersection(hidden).is_empty()
        }));
        check_position(&game, seat, 15, 30);
    }

    /// A masked Spéco after trick 9, before its winner's choice: the three
    /// masked talon cards (trick 10's trump, the two specials) and the other
    /// hands' three cards, 78 of the 720 orders left by the voids.
    #[test]
    fn uniform_and_blind_with_the_masked_talon() {
        let options = json!({"single_deal": true, "tour_kind": "speco", "masked_talon": true});
        let game = position(13, &options, |g| g.tour.tricks_played == 9);
        assert_eq!((game.phase(), game.talon_shown()), ("speco", 9));
        check_position(&game, 1, 78, 720);
    }
}
