//! A heuristic player of Le Julien (docs/rules/julien.md, "Heuristic bot").
//!
//! It decides from its seat's observation only. Every card decision weighs
//! the same two things: how likely the card is to win the trick (counting the
//! cards already played and the voids shown), and what winning the trick would
//! do to its own contract's score (the scoring rules themselves, on its pile
//! plus the trick's expected cards); then, as a tiebreak of sorts, whether
//! the card is worth keeping for later.

use super::scoring::{add_weights, SuitWeights};
use super::{
    card_of, score_pile, strength, Bid, Colour, Julien, TourKind, TourMaxn, TourPosition, LEAVE,
    PLAYERS, TAKE, TRICKS_PER_TOUR,
};
use crate::bot::{Bot, Expert, ExpertSolvers, Levels};
use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::game::ActionId;
use crate::ismcts::Settings;
use crate::observation::Observation;
use crate::trick::Trick;

/// How much a card kept in hand is worth, in score points, at most: a sure
/// winner of the own Couleur is kept, one of the other Couleur is shed.
const KEEP_WEIGHT: f64 = 3.0;
/// How often a player who can beat a card does so when following suit or
/// trumping a lead of the trump suit.
const OVERTAKE: f64 = 0.8;
/// How often a player void in the led suit trumps it when they can.
const RUFF: f64 = 0.5;
/// Score points a seat still without a trick expects back per trick to come
/// (capped at `HOPE_CAP`): early, a dirty trick is worse than none.
const HOPE_PER_TRICK: i64 = 3;
const HOPE_CAP: i64 = 20;
/// The honour count's margin ([`colour_points`]) from which a hand bids 25
/// in the Spéco and the Superspec: in self-play such hands scored 6 to 22
/// points a Tour more with 25 than with the simple bid; weaker ones, about
/// the same.
const TWENTY_FIVE_POINTS: f64 = 6.0;

/// The 52 cards: every suited face but the tarot's knights.
const DECK_SET: CardSet = CardSet::suit(Suit::Spades)
    .union(CardSet::suit(Suit::Hearts))
    .union(CardSet::suit(Suit::Diamonds))
    .union(CardSet::suit(Suit::Clubs))
    .difference(CardSet::rank(Rank::Knight));

/// Plays Le Julien by rules of thumb; the generator only breaks ties.
pub type Heuristic = crate::bot::Heuristic<Julien>;

impl Heuristic {
    /// Bidding: the Couleur with more honours ([`colour_points`]). Simple
    /// (`Rouge`, `Noir`) in normal Tours: made, it scores 20 and more, where
    /// a Couleur chiffrée scores its few cards; failed, it costs only the
    /// wrong cards collected. In the Spéco and the Superspec a strong hand
    /// bids 25: the taken trump cards weigh their -43- value, so 25 is
    /// within reach, it never overshoots, and elimination forgives the odd
    /// wrong card that fails a simple contract (and that the Superspec
    /// forces on a trick's winner).
    fn bid(&mut self, view: &Observation<Julien>, legal: &[ActionId]) -> ActionId {
        let colours = [Colour::Rouge, Colour::Noir];
        let colour = self.best(&colours, |c| colour_points(view, c));
        let strong = colour_points(view, colour) >= TWENTY_FIVE_POINTS;
        let twenty_five = Bid {
            colour,
            amount: Some(25),
        }
        .action();
        if strong && view.tour_kind().is_special() && legal.contains(&twenty_five) {
            return twenty_five;
        }
        Bid {
            colour,
            amount: None,
        }
        .action()
    }

    /// The best of `options` by `value`; equal values are drawn at random.
    fn best<T: Copy>(&mut self, options: &[T], value: impl Fn(T) -> f64) -> T {
        let mut best: Vec<T> = Vec::with_capacity(options.len());
        let mut top = f64::NEG_INFINITY;
        for &option in options {
            let v = value(option);
            if v > top + 1e-9 {
                top = v;
                best.clear();
            }
            if v > top - 1e-9 {
                best.push(option);
            }
        }
        let pick = self.rng.below(best.len().max(1) as u64) as usize;
        *best.get(pick).expect("the seat to act has a legal action")
    }
}

impl Levels for Julien {
    type Heuristic = Heuristic;

    const HARD: Settings = Settings::hard(1500);

    const SEARCHED: &'static [&'static str] = &["bid", "take", "leave", "play"];

    const OVERRULE: Option<f64> = Some(2.0);

    /// Max^n on 10 samples over the last 4 tricks: level with hard in the
    /// arena, within the move's time (docs/bots.md, "Expert").
    const EXPERT: Expert = Expert {
        samples: 10,
        from_cards_left: 16,
        sample_nodes: Expert::SAMPLE_NODES,
    };

    /// Four times hard's iterations before the solved tricks: the solver
    /// alone drew level with hard (docs/bots.md, "Expert"), and the move
    /// stays within its time (p95 about 100 ms).
    const EXPERT_SEARCH: Settings = Self::HARD.iterations_times(4);

    /// Each seat plays for itself: a move's value is the seat's own Tour
    /// score under max^n play ([`TourMaxn`]), not what the two-sided solve
    /// gives it against the three others together (which lost to hard).
    fn expert_values(
        drawn: &Julien,
        seat: usize,
        _position: &TourPosition,
        solvers: &mut ExpertSolvers,
    ) -> Option<Vec<(ActionId, i32)>> {
        let position = TourMaxn::of(drawn)?;
        let values = solvers.maxn().move_values(&position);
        Some(
            values
                .into_iter()
                .map(|(action, v)| (action, v[seat]))
                .collect(),
        )
    }
}

impl Bot<Julien> for Heuristic {
    fn act(&mut self, view: &Observation<Julien>) -> ActionId {
        let mut legal = Vec::with_capacity(16);
        view.legal_actions(&mut legal);
        match view.phase() {
            "bid" => self.bid(view, &legal),
            "speco" => take_or_leave(view),
            _ => {
                let table = Table::new(view);
                self.best(&legal, |action| {
                    card_of(action).map_or(f64::NEG_INFINITY, |card| table.card_value(card))
                })
            }
        }
    }
}

/// Bidding: count honours, A 4, K 3, Q 2, J 1, a card ranking as if the
/// higher cards of its suit in the talon (out of play) or in the hand were
/// not there: a king under a talon ace counts 4. The Couleur's honours are
/// tricks it can win clean; the other Couleur's, tricks it may be forced to
/// win dirty, count against it; a quarter point per card for length.
fn colour_points(view: &Observation<Julien>, colour: Colour) -> f64 {
    let talon: CardSet = view.visible_talon().into_iter().flatten().collect();
    let hand = view.hand();
    let mut points = 0.0;
    for card in hand {
        let above = higher_in_suit(card)
            .difference(talon)
            .difference(hand)
            .len();
        let honour = 4usize.saturating_sub(above) as f64;
        let length = 0.25;
        if colour_of(card) == Some(colour) {
            points += honour + length;
        } else {
            points -= honour + length;
        }
    }
    points
}

/// The Spéco's choice: take the trick's trump card when it raises the score
/// of the own contract as it stands (its -43- value counts, so a wrong-Couleur
/// card or an overshoot is left); leave it otherwise.
fn take_or_leave(view: &Observation<Julien>) -> ActionId {
    let table = Table::new(view);
    let last = view.tricks().last().map(|(_, trump_card)| trump_card);
    let specials = view.tricks().count() == TRICKS_PER_TOUR;
    let leave = table.score(table.pile, true, specials);
    let take = last.map_or(leave, |card| {
        table.score(table.with_taken(table.pile, card), true, specials)
    });
    if take > leave {
        TAKE
    } else {
        LEAVE
    }
}

/// What the seat knows, gathered once per decision.
struct Table {
    seat: usize,
    bid: Bid,
    kind: TourKind,
    trick: Trick<PLAYERS>,
    trump: Suit,
    trump_card: Option<Card>,
    /// 0 for the first trick of the Tour.
    trick_index: usize,
    /// The cards the seat has not seen: the other hands and the masked talon.
    unknown: CardSet,
    hand_sizes: [usize; PLAYERS],
    /// `voids[seat][suit]`: the seat did not follow that suit this Tour.
    voids: [[bool; 4]; PLAYERS],
    /// The seat's scoring pile so far, by suit weight.
    pile: SuitWeights,
    won_any: bool,
    specials: Option<[Card; 2]>,
}

impl Table {
    fn new(view: &Observation<Julien>) -> Table {
        let seat = view.seat();
        let kind = view.tour_kind();
        let trick = *view.trick();
        let mut seen = view.hand().union(trick.cards());
        let mut voids = [[false; 4]; PLAYERS];
        let mut trick_index = 0;
        for (played, _) in view.tricks() {
            seen = seen.union(played.trick.cards());
            note_voids(&played.trick, &mut voids);
            trick_index += 1;
        }
        note_voids(&trick, &mut voids);
        seen = seen.union(view.visible_talon().into_iter().flatten().collect());
        let mut pile = [0; 4];
        let collected = view.collected(seat).unwrap_or(CardSet::EMPTY);
        add_weights(&mut pile, collected, |_| 1);
        let taken = view.taken(seat).unwrap_or(CardSet::EMPTY);
        add_weights(&mut pile, taken, |card| kind.special_weight(card));
        Table {
            seat,
            // Every seat has bid once cards are played.
            bid: view.bids()[seat].unwrap_or(Bid {
                colour: Colour::Rouge,
                amount: None,
            }),
            kind,
            trick,
            trump: view.trump().unwrap_or(Suit::Spades),
            trump_card: view.trump_card(),
            trick_index,
            unknown: DECK_SET.difference(seen),
            hand_sizes: view.hand_sizes(),
            voids,
            pile,
            won_any: !collected.is_empty(),
            specials: view.visible_specials(),
        }
    }

    /// Following, leading, trumping and discarding, all at once: the chance
    /// that `card` wins the trick times what winning it is worth to the
    /// contract (a trick it wants, it takes as cheaply as it can; one it does
    /// not, it ducks), plus what the card is worth kept or shed.
    fn card_value(&self, card: Card) -> f64 {
        let chance = self.win_chance(card);
        let gain = if chance > 0.0 {
            (self.won_score(card) - self.lost_score()) as f64
        } else {
            0.0
        };
        chance * gain - KEEP_WEIGHT * self.keep_value(card)
    }

    /// Card counting: the chance that `card` takes the trick. It must beat
    /// the cards already played (J1); each seat still to play may beat it
    /// with a higher card of its suit it may hold (none once it showed a
    /// void), or with a trump when void in the led suit.
    fn win_chance(&self, card: Card) -> f64 {
        let Some(suit) = card.suit() else { return 0.0 };
        let led = self.trick.led().and_then(Card::suit).unwrap_or(suit);
        let rank = |c: Card| match c.suit() {
            Some(s) if s == self.trump => Some(16 + strength(c)),
            s if s == Some(led) => Some(strength(c)),
            _ => None,
        };
        let Some(mine) = rank(card) else { return 0.0 };
        if self.trick.plays().any(|(_, c)| rank(c) > Some(mine)) {
            return 0.0;
        }
        let higher = higher_in_suit(card).intersection(self.unknown).len();
        let trumps = self.in_unknown(self.trump);
        let mut chance = 1.0;
        for later in self.later_seats() {
            let void = self.void_chance(later, led);
            let threat = if suit == self.trump && led == self.trump {
                self.hold_chance(later, self.trump, higher) * OVERTAKE
            } else if suit == self.trump {
                void * self.hold_chance(later, self.trump, higher) * OVERTAKE
            } else {
                (1.0 - void) * self.hold_chance(later, led, higher) * OVERTAKE
                    + void * self.hold_chance(later, self.trump, trumps) * RUFF
            };
            chance *= 1.0 - threat;
        }
        chance
    }

    /// The contract's score if `card` takes the trick: the pile plus the
    /// trick's cards, the ones to come expected to follow suit, or to be of
    /// the other Couleur from a seat likely void (the worst case); plus the
    /// trick's trump card in the Superspec (and in the Spéco when worth
    /// taking), plus the special cards on trick 10.
    fn won_score(&self, card: Card) -> i64 {
        let mut pile = self.pile;
        add_weights(&mut pile, self.trick.cards(), |_| 1);
        add_weights(&mut pile, CardSet::single(card), |_| 1);
        let led = self
            .trick
            .led()
            .and_then(Card::suit)
            .or(card.suit())
            .unwrap_or(Suit::Spades);
        for later in self.later_seats() {
            let suit = if self.void_chance(later, led) >= 0.5 {
                self.worst_discard(led)
            } else {
                led
            };
            pile[suit.index()] += 1;
        }
        let specials = self.trick_index + 1 == TRICKS_PER_TOUR;
        let leave = self.score(pile, true, specials);
        match (self.kind, self.trump_card) {
            (TourKind::Superspec, Some(trump)) => {
                self.score(self.with_taken(pile, trump), true, specials)
            }
            (TourKind::Speco, Some(trump)) => {
                leave.max(self.score(self.with_taken(pile, trump), true, specials))
            }
            _ => leave,
        }
    }

    /// The contract's outlook if the trick goes elsewhere: the pile as it is;
    /// without a trick yet, the "no trick" score softened by the tricks still
    /// to come.
    fn lost_score(&self) -> i64 {
        let score = self.score(self.pile, self.won_any, false);
        if self.won_any {
            return score;
        }
        let left = (TRICKS_PER_TOUR - 1 - self.trick_index) as i64;
        score + (HOPE_PER_TRICK * left).min(HOPE_CAP)
    }

    /// Keep sure winners of the own Couleur (tricks to win clean later); shed
    /// high cards of the other (tricks it would be forced to win dirty). A
    /// card's height is 1 / (1 + the higher cards still unseen).
    fn keep_value(&self, card: Card) -> f64 {
        let height = 1.0 / (1.0 + higher_in_suit(card).intersection(self.unknown).len() as f64);
        if colour_of(card) == Some(self.bid.colour) {
            height
        } else {
            -height
        }
    }

    /// The pile's score by the rules (-19- to -31-, J11-J17), with the
    /// special cards used the holder's best way (J16) or forced (J20).
    fn score(&self, pile: SuitWeights, won: bool, specials: bool) -> i64 {
        let plain = score_pile(self.bid, pile, won);
        let Some(cards) = self.specials.filter(|_| specials) else {
            return plain;
        };
        let with = |subset: &[Card]| {
            let mut weights = pile;
            add_weights(&mut weights, subset.iter().copied().collect(), |c| {
                self.kind.special_weight(c)
            });
            score_pile(self.bid, weights, won)
        };
        if self.kind == TourKind::Superspec {
            return with(&cards);
        }
        [plain, with(&cards[..1]), with(&cards[1..]), with(&cards)]
            .into_iter()
            .max()
            .unwrap_or(plain)
    }

    fn with_taken(&self, mut pile: SuitWeights, card: Card) -> SuitWeights {
        add_weights(&mut pile, CardSet::single(card), |c| {
            self.kind.special_weight(c)
        });
        pile
    }

    /// The seats still to play after the seat's card (three when leading).
    fn later_seats(&self) -> impl Iterator<Item = usize> + '_ {
        let played = self.trick.len() + 1;
        (0..PLAYERS - played).map(move |k| (self.seat + 1 + k) % PLAYERS)
    }

    /// A discard of the other Couleur: the led suit itself when it is of the
    /// other Couleur, otherwise the suit that cancels it (S-H, C-D).
    fn worst_discard(&self, led: Suit) -> Suit {
        if colour_of_suit(led) == self.bid.colour {
            partner_suit(led)
        } else {
            led
        }
    }

    fn in_unknown(&self, suit: Suit) -> usize {
        self.unknown.intersection(CardSet::suit(suit)).len()
    }

    /// The chance that a given unseen card is in `seat`'s hand.
    fn share(&self, seat: usize) -> f64 {
        let unknown = self.unknown.len();
        if unknown == 0 {
            0.0
        } else {
            self.hand_sizes[seat] as f64 / unknown as f64
        }
    }

    /// The chance that `seat` holds none of `suit`: certain once shown.
    fn void_chance(&self, seat: usize, suit: Suit) -> f64 {
        if self.voids[seat][suit.index()] {
            return 1.0;
        }
        (1.0 - self.share(seat)).powi(self.in_unknown(suit) as i32)
    }

    /// The chance that `seat` holds one of `count` given unseen cards of `suit`.
    fn hold_chance(&self, seat: usize, suit: Suit, count: usize) -> f64 {
        if self.voids[seat][suit.index()] {
            return 0.0;
        }
        1.0 - (1.0 - self.share(seat)).powi(count as i32)
    }
}

/// -1-, J2: a seat that did not follow the led suit holds none of it.
fn note_voids(trick: &Trick<PLAYERS>, voids: &mut [[bool; 4]; PLAYERS]) {
    let Some(led) = trick.led().and_then(Card::suit) else {
        return;
    };
    for (seat, card) in trick.plays() {
        if card.suit() != Some(led) {
            voids[seat][led.index()] = true;
        }
    }
}

/// The cards of `card`'s suit that rank above it (-7-).
fn higher_in_suit(card: Card) -> CardSet {
    let Some(suit) = card.suit() else {
        return CardSet::EMPTY;
    };
    let above = !((2u128 << card.id()) - 1);
    CardSet::from_bits(CardSet::suit(suit).bits() & above).intersection(DECK_SET)
}

const fn colour_of_suit(suit: Suit) -> Colour {
    match suit {
        Suit::Hearts | Suit::Diamonds => Colour::Rouge,
        Suit::Spades | Suit::Clubs => Colour::Noir,
    }
}

fn colour_of(card: Card) -> Option<Colour> {
    card.suit().map(colour_of_suit)
}

/// The suit that cancels `suit` in the elimination (-24-): S-H, C-D.
const fn partner_suit(suit: Suit) -> Suit {
    match suit {
        Suit::Spades => Suit::Hearts,
        Suit::Hearts => Suit::Spades,
        Suit::Diamonds => Suit::Clubs,
        Suit::Clubs => Suit::Diamonds,
    }
}

#[cfg(test)]
mod tests {
    use super::super::Dealt;
    use super::*;
    use crate::bot::RandomBot;
    use crate::determinize::Determinize;
    use crate::game::Game;
    use crate::rng::SplitMix64;
    use crate::testing::{cards, set};
    use serde_json::{json, Value};

    fn new_game(seed: u64, options: &Value) -> Julien {
        Julien::new(seed, options.as_object().unwrap()).unwrap()
    }

    /// Every table whose phases differ: a match (normal Tours, the Spéco, the
    /// Superspec), each kind of Tour alone, the masked talon, the 25s allowed.
    fn tables() -> Vec<Value> {
        let mut tables = vec![
            json!({}),
            json!({"masked_talon": true}),
            json!({"single_deal": true, "twenty_five_every_tour": true}),
        ];
        for kind in ["normal", "speco", "superspec"] {
            tables.push(json!({"single_deal": true, "tour_kind": kind}));
            tables.push(json!({"single_deal": true, "tour_kind": kind, "masked_talon": true}));
        }
        tables
    }

    /// Plays `game` to its end, the heuristic at the seats `heuristic` marks,
    /// random bots elsewhere; every action must be accepted.
    fn play_out(game: &mut Julien, heuristic: [bool; PLAYERS], seed: u64) {
        let mut bots: [Heuristic; PLAYERS] =
            std::array::from_fn(|s| Heuristic::new(seed * 8 + s as u64));
        let mut randoms: [RandomBot; PLAYERS] =
            std::array::from_fn(|s| RandomBot::new(seed * 8 + 4 + s as u64));
        while let Some(seat) = game.current_player() {
            let action = if heuristic[seat] {
                bots[seat].act(&Observation::new(game, seat).unwrap())
            } else {
                randoms[seat].act(game).unwrap()
            };
            let text = Julien::action_text(action);
            game.apply(action)
                .unwrap_or_else(|e| panic!("seat {seat} played {text}: {e}"));
        }
    }

    #[test]
    fn legal_and_total_at_every_table() {
        for (t, options) in tables().iter().enumerate() {
            for seed in 0..6 {
                let mut game = new_game(seed, options);
                play_out(&mut game, [true; PLAYERS], seed * 31 + t as u64);
                assert!(game.is_over());
                let mut game = new_game(seed + 100, options);
                play_out(&mut game, [seed % 2 == 0, true, false, true], seed);
                assert!(game.is_over());
            }
        }
    }

    #[test]
    fn decides_from_what_its_seat_may_know() {
        let mut positions = 0;
        for (t, options) in tables().iter().enumerate() {
            for seed in 0..8u64 {
                let mut game = new_game(seed, options);
                let mut rng = SplitMix64::new(seed * 17 + t as u64);
                while let Some(seat) = game.current_player() {
                    if rng.below(4) == 0 {
                        let sample = game.determinize(seat, &mut rng);
                        let bot_seed = rng.next_u64();
                        let truth =
                            Heuristic::new(bot_seed).act(&Observation::new(&game, seat).unwrap());
                        let drawn =
                            Heuristic::new(bot_seed).act(&Observation::new(&sample, seat).unwrap());
                        assert_eq!(truth, drawn, "table {options}, seed {seed}");
                        positions += 1;
                    }
                    game.play_random(&mut rng);
                }
            }
        }
        assert!(positions > 1000);
    }

    /// Duplicate play against random bots: every deal is played four times,
    /// the heuristic at each seat in turn against three random bots, in
    /// normal Tours, Spécos and Superspecs. Returns the heuristic's share of
    /// wins (a tie shared) and its mean score minus the random bots'.
    fn duplicate(deals: u64) -> (f64, f64) {
        let (mut wins, mut margin, mut games) = (0.0, 0.0, 0.0);
        for kind in ["normal", "speco", "superspec"] {
            let options = json!({"single_deal": true, "tour_kind": kind});
            for deal in 0..deals {
                for seat in 0..PLAYERS {
                    let mut game = new_game(deal, &options);
                    let mut heuristic = [false; PLAYERS];
                    heuristic[seat] = true;
                    play_out(&mut game, heuristic, deal);
                    let scores = game.scores();
                    let others: i64 = scores.iter().sum::<i64>() - scores[seat];
                    margin += scores[seat] as f64 - others as f64 / 3.0;
                    let winners = game.winning_seats();
                    if winners.contains(&seat) {
                        wins += 1.0 / winners.len() as f64;
                    }
                    games += 1.0;
                }
            }
        }
        (wins / games, margin / games)
    }

    #[test]
    fn stronger_than_random() {
        // 1200 Tours; measured: wins 0.66 (random: 0.25), margin +22.1 a Tour.
        let (wins, margin) = duplicate(100);
        assert!(wins > 0.55, "wins {wins}");
        assert!(margin > 14.0, "margin {margin}");
    }

    /// Dealer 3, so seat 0 bids first and leads; `actions` are then applied.
    fn position(options: &Value, talon: &str, hands: [&str; PLAYERS], actions: &[&str]) -> Julien {
        let talon: [Card; 12] = cards(talon).try_into().unwrap();
        let hands = hands.map(set);
        let dealt: CardSet = hands
            .iter()
            .fold(talon.iter().copied().collect(), |all, h| all.union(*h));
        assert_eq!(dealt.len(), 52, "a whole deck, each card once");
        let mut game = new_game(0, options);
        game.begin_tour(1, 3, &Dealt { talon, hands });
        for action in actions {
            game.apply(Julien::parse_action(action).unwrap()).unwrap();
        }
        game
    }

    /// The heuristic's choice for the seat to act, from a few tie-breaking seeds.
    fn choices(game: &Julien) -> Vec<String> {
        let seat = game.current_player().unwrap();
        let view = Observation::new(game, seat).unwrap();
        (0..8)
            .map(|seed| Julien::action_text(Heuristic::new(seed).act(&view)))
            .collect()
    }

    fn choice(game: &Julien) -> String {
        let all = choices(game);
        assert!(all.iter().all(|c| *c == all[0]), "{all:?}");
        all[0].clone()
    }

    /// Trick 1's trump is diamonds (the talon is all diamonds but for the
    /// specials); seat 3 plays last. Seat 3 holds AH JH 2H 10S 4S and clubs.
    const TALON: &str = "2D 5D 6D 7D 9D 10D JD QD KD AD 2C 3C";
    const DEAL_1: [&str; PLAYERS] = [
        "10H 8H 8S 2S QS 3D 9C 10C 5S 6S",
        "3H KH 9S 7S JS 4D JC QC 5H 6H",
        "4H 7H 9H QH 3S KS AS 8D KC AC",
        "AH JH 2H 10S 4S 4C 5C 6C 7C 8C",
    ];
    /// Seat 3 is void in hearts and clubs, with the trumps 3D and 8D.
    const DEAL_2: [&str; PLAYERS] = [
        "5H 5C 2H 3H 4H 6H 8S 10S 4C 6C",
        "7H 7C 8H 9H 10H JS QS 4D 8C 10C",
        "JH QH KH AH AS 9C JC QC KC AC",
        "3D 8D KS 2S 3S 4S 5S 6S 7S 9S",
    ];
    const ROUGE: [&str; PLAYERS] = ["Rouge"; PLAYERS];

    fn normal() -> Value {
        json!({"single_deal": true})
    }

    #[test]
    fn wins_a_trick_it_wants_with_the_cheapest_winner() {
        // All red so far: JH wins it as surely as AH (last to play), and AH
        // stays a winner for later.
        let game = position(
            &normal(),
            TALON,
            DEAL_1,
            &[&ROUGE[..], &["10H", "3H", "4H"]].concat(),
        );
        assert_eq!(choice(&game), "JH");
    }

    #[test]
    fn ducks_a_trick_of_the_other_couleur() {
        // A Rouge bidder does not take four spades: 4S, not 10S.
        let game = position(
            &normal(),
            TALON,
            DEAL_1,
            &[&ROUGE[..], &["8S", "9S", "3S"]].concat(),
        );
        assert_eq!(choice(&game), "4S");
    }

    #[test]
    fn does_not_trump_a_black_trick_and_sheds_its_danger() {
        // Void in clubs: no ruff with 3D (it would take three clubs); the
        // discard is the highest black card, KS, a trick it could be forced
        // to win later.
        let game = position(
            &normal(),
            TALON,
            DEAL_2,
            &[&ROUGE[..], &["5C", "7C", "9C"]].concat(),
        );
        assert_eq!(choice(&game), "KS");
    }

    #[test]
    fn trumps_a_clean_trick_with_the_lowest_trump() {
        let game = position(
            &normal(),
            TALON,
            DEAL_2,
            &[&ROUGE[..], &["5H", "7H", "JH"]].concat(),
        );
        assert_eq!(choice(&game), "3D");
    }

    /// Trick 1's trump is spades; seat 0 holds red tops, seat 1 black tops.
    const DEAL_3: [&str; PLAYERS] = [
        "AH KH QH AD KD QD 2C 3C 4C 5C",
        "AC KC QC JC 10C AS 2H 3H 2D 3D",
        "4H 5H 6H 7H 8H 4D 5D 6D 7D 8D",
        "9H 10H JH 9D 10D JD 6C 7C 8C 9C",
    ];
    const SPADES: &str = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS";

    #[test]
    fn bids_the_couleur_of_its_honours() {
        let game = position(&normal(), SPADES, DEAL_3, &[]);
        assert_eq!(choice(&game), "Rouge");
        let game = position(&normal(), SPADES, DEAL_3, &["Rouge"]);
        assert_eq!(choice(&game), "Noir");
    }

    #[test]
    fn bids_25_with_a_strong_hand_in_the_special_tours() {
        // Seat 0 counts 24.5 points of Rouge; seat 2's low reds count 2.5.
        let speco = json!({"single_deal": true, "tour_kind": "speco"});
        let game = position(&speco, SPADES, DEAL_3, &[]);
        assert_eq!(choice(&game), "25 Rouges");
        let game = position(&speco, SPADES, DEAL_3, &["25 Rouges", "25 Noires"]);
        assert_eq!(choice(&game), "Rouge");
        let game = position(&normal(), SPADES, DEAL_3, &[]);
        assert_eq!(choice(&game), "Rouge");
    }

    #[test]
    fn leads_a_sure_winner_of_its_couleur() {
        let game = position(
            &normal(),
            SPADES,
            DEAL_3,
            &["Rouge", "Noir", "Rouge", "Noir"],
        );
        for lead in choices(&game) {
            assert!(
                ["AH", "KH", "QH", "AD", "KD", "QD"].contains(&lead.as_str()),
                "{lead}"
            );
        }
    }

    #[test]
    fn takes_a_speco_trump_card_of_its_couleur_only() {
        // Seat 3 takes trick 1, four hearts, with AH: the trump card KD (15)
        // joins its Rouge pile; KS, of the other Couleur, would fail it.
        let speco = json!({"single_deal": true, "tour_kind": "speco"});
        let plays = [&ROUGE[..], &["10H", "3H", "4H", "AH"]].concat();
        let red = "KD 5D 6D 7D 9D 10D JD QD 2D AD 2C 3C";
        let game = position(&speco, red, DEAL_1, &plays);
        assert_eq!(game.current_player(), Some(3));
        assert_eq!(choice(&game), "take");
        let black = "KS 5D 6D 7D 9D 10D JD QD KD AD 2C 3C";
        let deal = DEAL_1.map(|h| h.replace("KS", "2D"));
        let game = position(&speco, black, deal.each_ref().map(String::as_str), &plays);
        assert_eq!(game.current_player(), Some(3));
        assert_eq!(choice(&game), "leave");
    }
}
