//! Determinization (docs/rules/five_hundred.md, "Determinization"): the
//! hidden cards of the deal in play placed again among the hands, the
//! discard and the kitty as one seat may imagine them, and the deals still
//! to come redrawn.

use super::{
    FiveHundred, Phase, DECK_SET, FIRST_BID, FIRST_DISCARD, HAND_SIZE, KITTY_SIZE, PLAYERS,
};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::determinize::{place_uniformly, Determinize};
use crate::game::ActionId;
use crate::ismcts::Search;
use crate::rng::SplitMix64;

/// A search looks one deal ahead; contracts are worth 40 to 520.
impl Search for FiveHundred {
    const SCORE_SCALE: f64 = 250.0;

    fn deals_done(&self) -> usize {
        self.finished_deals.len()
    }
}

impl Determinize for FiveHundred {
    fn determinize(&self, seat: usize, rng: &mut SplitMix64) -> FiveHundred {
        let mut game = self.clone();
        game.place_hidden(seat, rng);
        game.rng = SplitMix64::new(rng.next_u64());
        for deal in game.finished_deals.iter_mut().filter(|deal| deal.void) {
            deal_void_again(&mut deal.dealt, &mut deal.kitty, seat, rng);
        }
        game
    }
}

/// What the tricks of the deal in play tell: the cards each seat played, and
/// the cards each seat cannot hold (the led effective suit, once it did not
/// follow it: 2. Le jeu; a joker lead's named suit with F4's option).
struct Play {
    played: [CardSet; PLAYERS],
    lacking: [CardSet; PLAYERS],
}

impl FiveHundred {
    fn read_play(&self) -> Play {
        let mut play = Play {
            played: [CardSet::EMPTY; PLAYERS],
            lacking: [CardSet::EMPTY; PLAYERS],
        };
        let tricks = self.deal.tricks().iter().map(|t| (&t.trick, t.named));
        for (trick, named) in tricks.chain([(&self.trick, self.deal.named)]) {
            let Some(first) = trick.led() else {
                continue;
            };
            let led = named.map_or_else(|| self.order.suit_of(first), |suit| suit.index());
            let suit = self.order.suit_cards(led);
            for (index, (player, card)) in trick.plays().enumerate() {
                play.played[player].insert(card);
                if index > 0 && !suit.contains(card) {
                    play.lacking[player] = play.lacking[player].union(suit);
                }
            }
        }
        play
    }

    /// Places the cards `seat` does not see uniformly among the placements
    /// its observation allows, then rebuilds what follows from them: the
    /// hands as dealt, the kitty and the discard actions of the history.
    fn place_hidden(&mut self, seat: usize, rng: &mut SplitMix64) {
        let Play { played, lacking } = self.read_play();
        let bidder = self.deal.bidder();
        // F7: the kitty and the discard are the bidder's secret until the
        // match is over (D8); before the auction ends the kitty is nobody's.
        let piles_seen = self.phase == Phase::Over || bidder == Some(seat);
        // F6: the open misère's bidder, once its hand is shown.
        let shown = self.open_hand().and(bidder);
        let hidden_seats: Vec<usize> = (0..PLAYERS)
            .filter(|&s| s != seat && Some(s) != shown)
            .collect();
        let pile = match bidder {
            None => Some(self.deal.kitty()),
            Some(_) if !piles_seen => Some(self.deal.discard()),
            Some(_) => None,
        };
        // Seen at the end of a misère lost early (D2, D8): the kitty cards
        // neither played nor discarded are still in the bidder's hand.
        let kept_kitty = match bidder {
            Some(b) if piles_seen && b != seat => self
                .deal
                .kitty()
                .difference(played[b])
                .difference(self.deal.discard()),
            _ => CardSet::EMPTY,
        };

        let mut capacities: Vec<usize> =
            hidden_seats.iter().map(|&s| self.hands[s].len()).collect();
        let hidden_pile = capacities.len();
        if let Some(cards) = pile {
            capacities.push(cards.len());
        }
        let hidden = hidden_seats
            .iter()
            .fold(pile.unwrap_or(CardSet::EMPTY), |all, &s| {
                all.union(self.hands[s])
            });
        let items: Vec<(Card, u16)> = hidden
            .iter()
            .map(|card| {
                let mut mask = 0u16;
                for (place, &s) in hidden_seats.iter().enumerate() {
                    let may_hold = !lacking[s].contains(card)
                        && (!kept_kitty.contains(card) || Some(s) == bidder);
                    mask |= u16::from(may_hold) << place;
                }
                if pile.is_some() && !kept_kitty.contains(card) {
                    mask |= 1 << hidden_pile;
                }
                (card, mask)
            })
            .collect();
        let places = deal_hidden(&items, &capacities, rng);
        for (&s, &cards) in hidden_seats.iter().zip(&places) {
            self.hands[s] = cards;
        }
        let pile_cards = places.get(hidden_pile).copied().unwrap_or(CardSet::EMPTY);

        match bidder {
            None => self.deal.kitty = pile_cards,
            Some(b) if pile.is_some() => {
                // F7: the kitty is any six of the sixteen cards the bidder
                // held once it had taken it.
                self.deal.discard = pile_cards;
                let pool = self.hands[b].union(played[b]).union(pile_cards);
                let mut cards: Vec<Card> = pool.iter().collect();
                rng.shuffle(&mut cards);
                self.deal.kitty = cards.into_iter().take(KITTY_SIZE).collect();
            }
            Some(_) => {}
        }
        // Only the bidder knows in which order it discarded.
        if bidder.is_some_and(|b| b != seat) {
            self.shuffle_discards(rng);
        }
        self.deal.dealt = std::array::from_fn(|s| self.hands[s].union(played[s]));
        if let Some(b) = bidder {
            self.deal.dealt[b] = self.deal.dealt[b]
                .union(self.deal.discard())
                .difference(self.deal.kitty());
        }
    }

    /// Writes the discard back into the history in a uniform order: the
    /// deal's discard actions are the last ones of the history, side by side.
    fn shuffle_discards(&mut self, rng: &mut SplitMix64) {
        let mut discards: Vec<ActionId> = self
            .deal
            .discard()
            .iter()
            .map(|card| FIRST_DISCARD + Self::play_id(card))
            .collect();
        rng.shuffle(&mut discards);
        if discards.is_empty() {
            return;
        }
        let Some(last) = self
            .history
            .iter()
            .rposition(|action| (FIRST_DISCARD..FIRST_BID).contains(action))
        else {
            return;
        };
        let first = last + 1 - discards.len();
        self.history[first..=last].copy_from_slice(&discards);
    }
}

/// The hidden cards dealt into the places (`place_uniformly`: uniform among
/// the deals where every card lands where its mask allows), as card sets.
fn deal_hidden(items: &[(Card, u16)], capacities: &[usize], rng: &mut SplitMix64) -> Vec<CardSet> {
    place_uniformly(items, capacities, rng)
        .expect("the true cards are one deal the observation allows")
        .into_iter()
        .map(|place| place.into_iter().collect())
        .collect()
}

/// A deal all four passed is thrown in unseen (its record shows no hand):
/// `seat` knew its own hand, the others and the kitty are dealt again.
fn deal_void_again(
    dealt: &mut [CardSet; PLAYERS],
    kitty: &mut CardSet,
    seat: usize,
    rng: &mut SplitMix64,
) {
    let mut cards: Vec<Card> = DECK_SET.difference(dealt[seat]).iter().collect();
    rng.shuffle(&mut cards);
    let mut rest = cards.chunks(HAND_SIZE);
    for (s, hand) in dealt.iter_mut().enumerate() {
        if s != seat {
            *hand = rest.next().unwrap_or_default().iter().copied().collect();
        }
    }
    *kitty = rest.next().unwrap_or_default().iter().copied().collect();
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use serde_json::{json, Value};

    use super::super::{Bid, Strain, DECK};
    use super::*;
    use crate::game::Game;
    use crate::testing::{check_determinization, check_determinizations, check_uniform};

    fn new_game(seed: u64, options: &Value) -> FiveHundred {
        FiveHundred::new(seed, options.as_object().unwrap()).unwrap()
    }

    #[test]
    fn random_matches_pass_the_generic_checks() {
        check_determinizations::<FiveHundred>(3, 5);
    }

    /// What the option runs reached, so that the test knows it covered them.
    #[derive(Default)]
    struct Reached {
        phases: BTreeSet<&'static str>,
        open_hand: bool,
        sitting_out: bool,
        named: bool,
        /// The match over with cards left in hands: a misère lost early (D2).
        stopped_early: bool,
    }

    /// The generic checks under options `check_determinizations` leaves at
    /// their defaults, the end of each match included.
    fn check_with_options(options: &Value, matches: u64, stride: usize, reached: &mut Reached) {
        for seed in 0..matches {
            let mut game = new_game(seed, options);
            let mut rng = SplitMix64::new(seed ^ 0xD5);
            let mut step = 0u64;
            loop {
                if step % stride as u64 == 0 || game.is_over() {
                    reached.phases.insert(game.phase());
                    reached.open_hand |= game.open_hand().is_some();
                    reached.sitting_out |= game.sitting_out().is_some();
                    reached.stopped_early |=
                        game.is_over() && game.hands.iter().any(|h| !h.is_empty());
                    reached.named |= game.tricks().iter().any(|t| t.named.is_some());
                    for seat in 0..PLAYERS {
                        check_determinization(&game, seat, seed * 1000 + step);
                    }
                }
                if game.play_random(&mut rng).is_none() {
                    break;
                }
                step += 1;
            }
        }
    }

    #[test]
    fn matches_with_misere_joker_names_and_single_rounds_pass_the_checks() {
        let mut reached = Reached::default();
        check_with_options(
            &json!({"misere": true, "joker_names_suit": true}),
            3,
            7,
            &mut reached,
        );
        check_with_options(
            &json!({"misere": true, "single_round": true, "scoring": "variant"}),
            2,
            7,
            &mut reached,
        );
        check_with_options(
            &json!({"single_deal": true, "misere": true}),
            12,
            3,
            &mut reached,
        );
        let phases: Vec<_> = reached.phases.into_iter().collect();
        assert_eq!(phases, ["bid", "discard", "name", "over", "play"]);
        assert!(reached.open_hand, "an open misère's hand");
        assert!(reached.sitting_out, "a misère partner");
        assert!(reached.named, "a named suit");
        assert!(reached.stopped_early, "a misère lost early");
    }

    #[test]
    fn a_deal_thrown_in_keeps_the_seats_own_hand_and_deals_the_rest_again() {
        let mut game = new_game(4, &json!({}));
        for _ in 0..PLAYERS {
            game.apply(FIRST_BID).unwrap();
        }
        let mut rng = SplitMix64::new(4);
        for _ in 0..9 {
            game.play_random(&mut rng);
        }
        let thrown = game.finished_deals[0].clone();
        assert!(thrown.void && game.phase() == "discard");
        // The same state but for two cards of the thrown-in deal, swapped
        // between seats 1 and 2: seat 0 cannot tell them apart.
        let mut twin: Value = serde_json::from_str(&game.to_json()).unwrap();
        let (one, two) = (
            thrown.dealt[1].iter().next().unwrap(),
            thrown.dealt[2].iter().next().unwrap(),
        );
        let swap = |hand: CardSet, out: Card, into: Card| {
            let mut hand = hand;
            hand.remove(out);
            hand.insert(into);
            json!(hand.iter().collect::<Vec<_>>())
        };
        twin["finished_deals"][0]["dealt"][1] = swap(thrown.dealt[1], one, two);
        twin["finished_deals"][0]["dealt"][2] = swap(thrown.dealt[2], two, one);
        let twin = FiveHundred::from_json(&twin.to_string()).unwrap();
        assert_ne!(twin, game);
        assert_eq!(twin.observation(0).unwrap(), game.observation(0).unwrap());
        let mut redealt = false;
        for k in 0..5 {
            let sample = game.determinize(0, &mut SplitMix64::new(k));
            assert_eq!(
                sample.to_json(),
                twin.determinize(0, &mut SplitMix64::new(k)).to_json()
            );
            let again = &sample.finished_deals[0];
            assert_eq!(again.dealt[0], thrown.dealt[0]);
            redealt |= again.dealt[1] != thrown.dealt[1];
            check_determinization(&game, 0, k);
        }
        assert!(redealt, "the other hands are dealt again");
    }

    fn cards_in(value: &Value) -> CardSet {
        value
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .map(|text| text.parse::<Card>().unwrap())
            .collect()
    }

    fn listed(cards: CardSet) -> Value {
        json!(cards.iter().collect::<Vec<_>>())
    }

    /// Calls `visit` with every way to deal `cards` to places of `sizes`.
    fn for_each_deal(
        cards: &[Card],
        sizes: &mut [usize],
        dealt: &mut Vec<CardSet>,
        visit: &mut dyn FnMut(&[CardSet]),
    ) {
        let Some((&card, rest)) = cards.split_first() else {
            visit(dealt);
            return;
        };
        for place in 0..sizes.len() {
            if sizes[place] > 0 {
                sizes[place] -= 1;
                dealt[place].insert(card);
                for_each_deal(rest, sizes, dealt, visit);
                dealt[place].remove(card);
                sizes[place] += 1;
            }
        }
    }

    /// Every state `seat` cannot tell from `game` (past its auction), by brute
    /// force and from its observation alone: each way to deal the cards the
    /// observation does not show to the hands it does not show (as many as
    /// each holds) and to the discard if hidden, written into the state JSON,
    /// kept when `from_json` accepts it and `seat` observes the same. When
    /// the kitty is hidden, each candidate's is a random six of the bidder's
    /// sixteen cards, and its discard actions are in reverse order.
    fn consistent_states(game: &FiveHundred, seat: usize) -> Vec<FiveHundred> {
        let view = game.observation(seat).unwrap();
        let bidder = view["bidder"].as_u64().unwrap() as usize;
        let mut played = [CardSet::EMPTY; PLAYERS];
        let tricks = view["tricks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| &t["cards"]);
        for plays in tricks.chain([&view["trick"]]) {
            for play in plays.as_array().unwrap() {
                let card = play[1].as_str().unwrap().parse().unwrap();
                played[play[0].as_u64().unwrap() as usize].insert(card);
            }
        }
        let open = !view["open_hand"].is_null();
        let piles_hidden = view["discard"]
            .as_array()
            .unwrap()
            .iter()
            .any(Value::is_null);
        let mut seen = played
            .iter()
            .fold(cards_in(&view["hand"]), |all, &p| all.union(p));
        if open {
            seen = seen.union(cards_in(&view["open_hand"]));
        }
        if !piles_hidden {
            seen = seen
                .union(cards_in(&view["discard"]))
                .union(cards_in(&view["kitty"]));
        }
        let unseen: Vec<Card> = DECK
            .iter()
            .copied()
            .filter(|&c| !seen.contains(c))
            .collect();
        let mut places: Vec<Option<usize>> = (0..PLAYERS)
            .filter(|&s| s != seat && !(open && s == bidder))
            .map(Some)
            .collect();
        let mut sizes: Vec<usize> = places
            .iter()
            .map(|s| view["hand_sizes"][s.unwrap()].as_u64().unwrap() as usize)
            .collect();
        if piles_hidden {
            places.push(None);
            sizes.push(view["discard"].as_array().unwrap().len());
        }
        let state: Value = serde_json::from_str(&game.to_json()).unwrap();
        let mut kitty_draw = SplitMix64::new(99);
        let mut found = Vec::new();
        let mut dealt = vec![CardSet::EMPTY; sizes.len()];
        for_each_deal(
            &unseen,
            &mut sizes,
            &mut dealt,
            &mut |deal: &[CardSet]| {
                let mut hands: [CardSet; PLAYERS] =
                    std::array::from_fn(|s| cards_in(&state["hands"][s]));
                let mut discard = cards_in(&state["discard"]);
                let mut kitty = cards_in(&state["kitty"]);
                for (place, &cards) in places.iter().zip(deal) {
                    match place {
                        Some(s) => hands[*s] = cards,
                        None => discard = cards,
                    }
                }
                let mut candidate = state.clone();
                if piles_hidden {
                    let mut pool: Vec<Card> = hands[bidder]
                        .union(played[bidder])
                        .union(discard)
                        .iter()
                        .collect();
                    kitty_draw.shuffle(&mut pool);
                    kitty = pool[..KITTY_SIZE].iter().copied().collect();
                    let history = candidate["history"].as_array_mut().unwrap();
                    let last = history
                        .iter()
                        .rposition(|a| a.as_str().unwrap().starts_with("discard "))
                        .unwrap();
                    for (i, card) in discard
                        .iter()
                        .collect::<Vec<_>>()
                        .into_iter()
                        .rev()
                        .enumerate()
                    {
                        history[last + 1 - discard.len() + i] = json!(format!("discard {card}"));
                    }
                }
                for s in 0..PLAYERS {
                    let mut dealt = hands[s].union(played[s]);
                    if s == bidder {
                        dealt = dealt.union(discard).difference(kitty);
                    }
                    candidate["hands"][s] = listed(hands[s]);
                    candidate["dealt"][s] = listed(dealt);
                }
                candidate["kitty"] = listed(kitty);
                candidate["discard"] = listed(discard);
                if let Ok(read) = FiveHundred::from_json(&candidate.to_string()) {
                    if read.observation(seat).unwrap() == view {
                        found.push(read);
                    }
                }
            },
        );
        found
    }

    /// A draw's hidden placement: the hands, the discard, and the kitty's
    /// class: its rank among the C(16, 6) = 8008 = 8 x 1001 sixes of the
    /// bidder's sixteen cards, modulo 8 (1001 kitties in each class).
    type Key = ([u128; PLAYERS], u128, usize);

    fn key(game: &FiveHundred) -> Key {
        let bidder = game.deal.bidder().unwrap();
        let kitty = game.deal.kitty();
        let pool = game.deal.dealt[bidder].union(kitty);
        let mut rank = 0;
        let mut chosen = 0;
        for (position, card) in pool.iter().enumerate() {
            if kitty.contains(card) {
                chosen += 1;
                rank += binomial(position, chosen);
            }
        }
        (
            game.hands.map(CardSet::bits),
            game.deal.discard().bits(),
            rank % 8,
        )
    }

    fn binomial(n: usize, k: usize) -> usize {
        if k > n {
            return 0;
        }
        (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
    }

    /// The first position of random single deals, at least `tricks` tricks
    /// in, where `pick` names a seat whose unseen cards are few (at most
    /// `most` ways to deal them, voids aside) and where a seat that did not
    /// follow suit still has unseen cards it cannot hold.
    fn endgame(
        tricks: usize,
        most: usize,
        pick: impl Fn(&FiveHundred) -> Option<usize>,
    ) -> (FiveHundred, usize) {
        for seed in 0..500 {
            let mut game = new_game(seed, &json!({"single_deal": true}));
            let mut rng = SplitMix64::new(seed);
            while game.play_random(&mut rng).is_some() {
                let Some(seat) =
                    pick(&game).filter(|_| game.phase() == "play" && game.tricks().len() >= tricks)
                else {
                    continue;
                };
                let view = game.observation(seat).unwrap();
                let mut sizes: Vec<usize> = (0..PLAYERS)
                    .filter(|&s| s != seat)
                    .map(|s| game.hands[s].len())
                    .collect();
                let piles_hidden = view["discard"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(Value::is_null);
                if piles_hidden {
                    sizes.push(KITTY_SIZE);
                }
                let total: usize = sizes.iter().sum();
                let mut ways = 1;
                let mut left = total;
                for size in sizes {
                    ways *= binomial(left, size);
                    left -= size;
                }
                let lacking = game.read_play().lacking;
                let unseen = (0..PLAYERS)
                    .filter(|&s| s != seat)
                    .fold(CardSet::EMPTY, |all, s| all.union(game.hands[s]))
                    .union(if piles_hidden {
                        game.deal.discard()
                    } else {
                        CardSet::EMPTY
                    });
                let binding = (0..PLAYERS).any(|s| {
                    s != seat
                        && !game.hands[s].is_empty()
                        && !unseen
                            .difference(game.hands[s])
                            .intersection(lacking[s])
                            .is_empty()
                });
                if ways <= most && binding {
                    return (game, seat);
                }
            }
        }
        panic!("no such position");
    }

    /// The enumeration's placements and the determinizations from one
    /// position: draws fall uniformly on them, and every one of them gives
    /// the same determinizations.
    fn check_endgame(game: &FiveHundred, seat: usize, draws: usize) {
        let states = consistent_states(game, seat);
        let truth = key(game);
        let kitty_hidden = game.deal.bidder() != Some(seat);
        let classes = if kitty_hidden {
            0..8
        } else {
            truth.2..truth.2 + 1
        };
        let expected: Vec<Key> = states
            .iter()
            .flat_map(|state| {
                let (hands, discard, _) = key(state);
                classes.clone().map(move |class| (hands, discard, class))
            })
            .collect();
        assert!(expected.contains(&truth));
        let mut rng = SplitMix64::new(7);
        check_uniform(&expected, draws, || key(&game.determinize(seat, &mut rng)));
        for k in 0..3 {
            let sample = game.determinize(seat, &mut SplitMix64::new(k)).to_json();
            for state in &states {
                assert_eq!(
                    state.determinize(seat, &mut SplitMix64::new(k)).to_json(),
                    sample
                );
            }
        }
    }

    #[test]
    fn a_defender_late_in_a_deal_sees_every_placement_equally_often() {
        let (game, seat) = endgame(9, 60, |game| game.deal.bidder().map(|b| (b + 1) % PLAYERS));
        check_endgame(&game, seat, 30_000);
    }

    #[test]
    fn the_bidder_late_in_a_deal_sees_every_placement_equally_often() {
        let (game, seat) = endgame(6, 200, |game| game.deal.bidder());
        check_endgame(&game, seat, 20_000);
    }

    #[test]
    fn at_the_end_of_a_misere_lost_early_the_kitty_left_is_the_bidders() {
        for seed in 0..200 {
            let mut game = new_game(seed, &json!({"single_deal": true, "misere": true}));
            for bid in [
                Bid::Tricks(7, Strain::Spades),
                Bid::Misere,
                Bid::Pass,
                Bid::Pass,
                Bid::Pass,
            ] {
                game.apply(bid.action()).unwrap();
            }
            let bidder = game.deal.bidder().unwrap();
            let mut rng = SplitMix64::new(seed);
            while game.play_random(&mut rng).is_some() {}
            let kept = game.deal.kitty().intersection(game.hands[bidder]);
            if kept.is_empty() {
                continue;
            }
            // Seen by all once over (D8): those kitty cards never left the
            // bidder's hidden hand.
            for seat in (0..PLAYERS).filter(|&s| s != bidder) {
                for k in 0..20 {
                    let sample = game.determinize(seat, &mut SplitMix64::new(k));
                    assert_eq!(sample.hands[bidder].intersection(kept), kept);
                    check_determinization(&game, seat, k);
                }
            }
            return;
        }
        panic!("no misère lost early with kitty cards in hand");
    }

    #[test]
    fn hidden_cards_are_dealt_uniformly_by_shuffles_or_by_counting() {
        // Nine cards into three places of three: two only place 0 may hold,
        // three only places 1 and 2, four anywhere. 80 of the 1680 shuffles
        // fit, so a draw is a kept shuffle about 70% of the time, else
        // place_uniformly's: both must be uniform.
        let masks = [1, 1, 6, 6, 6, 7, 7, 7, 7];
        let items: Vec<(Card, u16)> = DECK.iter().copied().zip(masks).collect();
        let place_of = |places: &[CardSet]| -> Vec<usize> {
            items
                .iter()
                .map(|&(card, _)| places.iter().position(|p| p.contains(card)).unwrap())
                .collect()
        };
        let mut expected = Vec::new();
        let mut sizes = [3, 3, 3];
        let mut dealt = vec![CardSet::EMPTY; 3];
        let cards: Vec<Card> = items.iter().map(|&(card, _)| card).collect();
        for_each_deal(&cards, &mut sizes, &mut dealt, &mut |places| {
            let fits = items.iter().all(|&(card, mask)| {
                (0..3).any(|p| mask >> p & 1 == 1 && places[p].contains(card))
            });
            if fits {
                expected.push(place_of(places));
            }
        });
        assert_eq!(expected.len(), 80);
        let mut rng = SplitMix64::new(3);
        check_uniform(&expected, 16_000, || {
            place_of(&deal_hidden(&items, &[3, 3, 3], &mut rng))
        });
    }
}
