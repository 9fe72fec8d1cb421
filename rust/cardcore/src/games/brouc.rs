//! Brouc: a 32-card Jass game for two teams of two, with announcements and
//! marriages.
//!
//! Rules: `shared/seeds/004_87c4079da244f717.txt` and the product's rulings
//! `shared/rules/brouc.md` (B1-B15). `docs/rules/brouc.md` states every rule as
//! implemented here, with the decisions (D1-D9) taken where both are silent.
//! Choices: seats are numbered in the order of play (anticlockwise); the
//! announcements are automatic (B11); a match ends as soon as a team's exact
//! running total passes the target (B14), and the abandoned deal is booked (D4).

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::card::{suited_deck, Card, Rank, Suit, FACE_COUNT};
use crate::cardset::CardSet;
use crate::deal::{check_dealt, deal_in_batches, first_dealer, starting_hands};
use crate::error::{Error, Result};
use crate::game::{check_seat, ActionId, CardActions, Game};
use crate::json::{self, Plays};
use crate::options::{self, OptionKind, OptionSpec};
use crate::rng::SplitMix64;
use crate::state::{self, History, Replay, ReplayInputs, View};
use crate::trick::{follow, Trick};

const PLAYERS: usize = 4;
const TRICKS_PER_DEAL: usize = 8;
/// Ranks in action-id order (low to high face id); `rank_order` gives play order.
const RANKS: [Rank; 8] = [
    Rank::Seven,
    Rank::Eight,
    Rank::Nine,
    Rank::Ten,
    Rank::Jack,
    Rank::Queen,
    Rank::King,
    Rank::Ace,
];
/// The most announcements a deal can hold: one per (seat, suit).
const MAX_ANNOUNCEMENTS: usize = PLAYERS * 4;

/// The card table (rulings): A 10 K Q J 9 8 7 in every suit, trumps included.
const fn rank_order(rank: Rank) -> u16 {
    match rank {
        Rank::Ace => 7,
        Rank::Ten => 6,
        Rank::King => 5,
        Rank::Queen => 4,
        Rank::Jack => 3,
        Rank::Nine => 2,
        Rank::Eight => 1,
        _ => 0,
    }
}

const fn rank_points(rank: Rank) -> i64 {
    match rank {
        Rank::Ace => 11,
        Rank::Ten => 10,
        Rank::King => 4,
        Rank::Queen => 3,
        Rank::Jack => 2,
        _ => 0,
    }
}

/// `rank_order` by face id, so the hot paths need no division.
const STRENGTH: [u16; FACE_COUNT] = {
    let mut table = [0; FACE_COUNT];
    let mut id = 0;
    while id < 56 {
        table[id] = rank_order(Rank::ALL[id % 14]);
        id += 1;
    }
    table
};

fn strength(card: Card) -> u16 {
    STRENGTH[card.id()]
}

/// Card points of a set: each scoring rank's count times its value.
fn points(cards: CardSet) -> i64 {
    [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack]
        .into_iter()
        .map(|rank| rank_points(rank) * cards.intersection(CardSet::rank(rank)).len() as i64)
        .sum()
}

const fn team_of(seat: usize) -> usize {
    seat % 2
}

/// Action `suit * 8 + r` plays the card of that suit and rank `RANKS[r]`.
const CARDS: CardActions<32> = CardActions::new(suited_deck(&RANKS));

fn card_of(action: ActionId) -> Option<Card> {
    CARDS.card(action)
}

const fn action_of(card: Card) -> Option<ActionId> {
    CARDS.action(card)
}

fn deck_set() -> CardSet {
    CARDS.set()
}

/// The suits whose K and Q both lie in `cards` (two masks and a shift: the
/// check runs for three hands or tricks after every trick).
fn married_suits(cards: CardSet) -> impl Iterator<Item = Suit> {
    let kings = cards.intersection(CardSet::rank(Rank::King)).bits() >> Rank::King.index();
    let queens = cards.intersection(CardSet::rank(Rank::Queen)).bits() >> Rank::Queen.index();
    // Bit 14 * s of `both` is suit s; fold the four onto bits 0 to 3.
    let both = (kings & queens) as u64;
    let suits = (both | both >> 13 | both >> 26 | both >> 39) & 0b1111;
    Suit::ALL
        .into_iter()
        .filter(move |suit| suits & (1 << suit.index()) != 0)
}

/// K+Q of `suit` among `cards`: 20, with the J 30 (not 30 + 20); doubled in
/// trumps. The same table serves announcements (B10) and trick marriages (B12).
fn combination_value(cards: CardSet, suit: Suit, trump: Suit) -> i64 {
    let has = |rank| cards.contains(Card::new(suit, rank));
    if !(has(Rank::King) && has(Rank::Queen)) {
        return 0;
    }
    let value = if has(Rank::Jack) { 30 } else { 20 };
    if suit == trump {
        2 * value
    } else {
        value
    }
}

/// B12: every suit whose K and Q lie in a trick scores for the trick.
fn trick_marriages(cards: CardSet, trump: Suit) -> i64 {
    married_suits(cards)
        .map(|suit| combination_value(cards, suit, trump))
        .sum()
}

/// A deal's points for one team (B13): card points rounded to tens with a
/// final 5 rounded up, plus the marriage balance and its announcements.
pub fn deal_score(card_points: i64, marriages: i64, other_marriages: i64, announced: i64) -> i64 {
    (card_points + 5).div_euclid(10) + (marriages - other_marriages + announced) / 10
}

/// Brouc's options (see `OPTIONS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    single_deal: bool,
    target: i64,
    #[serde(deserialize_with = "json::nullable")]
    first_dealer: Option<u8>,
}

/// A combination announced from a player's hand (B10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Announcement {
    pub seat: u8,
    pub suit: Suit,
    pub value: u16,
}

impl Announcement {
    /// The cards it shows: K and Q, and the J for 30 or 60.
    pub fn cards(&self) -> Vec<Card> {
        let mut ranks = vec![Rank::King, Rank::Queen];
        if self.value % 30 == 0 {
            ranks.push(Rank::Jack);
        }
        ranks.into_iter().map(|r| Card::new(self.suit, r)).collect()
    }
}

/// A completed trick and who won it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedTrick {
    pub trick: Trick<PLAYERS>,
    pub winner: u8,
}

/// The public record of one deal: what everyone at the table saw of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealRecord {
    dealer: u8,
    trump_card: Card,
    /// The suit of `trump_card`, kept at hand for the hot paths.
    trump: Suit,
    tricks: [Option<PlayedTrick>; TRICKS_PER_DEAL],
    tricks_played: u8,
    card_points: [i64; 2],
    marriages: [i64; 2],
    announcements: [Option<Announcement>; MAX_ANNOUNCEMENTS],
    announcement_count: u8,
    /// Bit `seat * 4 + suit` once that combination is announced (each scores once).
    announced_mask: u16,
    /// Announcement points per team this deal.
    announced_points: [i64; 2],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Brouc {
    options: Options,
    rng: SplitMix64,
    deal_number: u32,
    hands: [CardSet; PLAYERS],
    trick: Trick<PLAYERS>,
    /// The current deal.
    deal: DealRecord,
    /// Every deal played to its end before the current one (D9).
    finished_deals: Vec<DealRecord>,
    deal_scores: Vec<[i64; 2]>,
    totals: [i64; 2],
    capes: [u32; 2],
    winner: Option<u8>,
    over: bool,
    history: Vec<ActionId>,
}

const OPTIONS: &[OptionSpec] = &[
    options::SINGLE_DEAL,
    OptionSpec {
        name: "target",
        kind: OptionKind::Int {
            default: 30,
            min: 1,
            max: 1000,
        },
        doc: "the match is won by the first team whose total exceeds it",
    },
    OptionSpec {
        name: "first_dealer",
        kind: OptionKind::OptionalInt { min: 0, max: 3 },
        doc: "the first dealer's seat; None draws it from the seeded generator",
    },
];

impl DealRecord {
    fn new(dealer: usize, trump_card: Card) -> DealRecord {
        DealRecord {
            dealer: dealer as u8,
            trump_card,
            trump: trump_card.suit().unwrap_or(Suit::Spades),
            tricks: [None; TRICKS_PER_DEAL],
            tricks_played: 0,
            card_points: [0; 2],
            marriages: [0; 2],
            announcements: [None; MAX_ANNOUNCEMENTS],
            announcement_count: 0,
            announced_mask: 0,
            announced_points: [0; 2],
        }
    }

    pub const fn dealer(&self) -> usize {
        self.dealer as usize
    }

    pub const fn trump_card(&self) -> Card {
        self.trump_card
    }

    pub fn tricks(&self) -> impl Iterator<Item = &PlayedTrick> {
        self.tricks.iter().flatten()
    }

    pub const fn card_points(&self) -> [i64; 2] {
        self.card_points
    }

    pub const fn marriages(&self) -> [i64; 2] {
        self.marriages
    }

    pub fn announcements(&self) -> impl Iterator<Item = &Announcement> {
        self.announcements.iter().flatten()
    }

    fn record_announcement(&mut self, announcement: Announcement) {
        let seat = usize::from(announcement.seat);
        self.announcements[usize::from(self.announcement_count)] = Some(announcement);
        self.announcement_count += 1;
        self.announced_mask |= 1 << (seat * 4 + announcement.suit.index());
        self.announced_points[team_of(seat)] += i64::from(announcement.value);
    }

    /// B12: a completed trick's card points and marriages go to its winner.
    fn record_trick(&mut self, trick: Trick<PLAYERS>, winner: usize) {
        let cards = trick.cards();
        self.card_points[team_of(winner)] += points(cards);
        self.marriages[team_of(winner)] += trick_marriages(cards, self.trump);
        self.tricks[usize::from(self.tricks_played)] = Some(PlayedTrick {
            trick,
            winner: winner as u8,
        });
        self.tricks_played += 1;
    }

    fn saved_tricks(&self) -> Vec<SavedTrick> {
        self.tricks()
            .map(|t| SavedTrick {
                leader: t.trick.leader() as u8,
                cards: json::plays(&t.trick),
                winner: t.winner,
            })
            .collect()
    }

    fn saved_announcements(&self) -> Vec<Announcement> {
        self.announcements().copied().collect()
    }

    fn save(&self) -> SavedDeal {
        SavedDeal {
            dealer: self.dealer,
            trump: self.trump,
            trump_card: self.trump_card,
            tricks: self.saved_tricks(),
            card_points: self.card_points,
            marriages: self.marriages,
            announcements: self.saved_announcements(),
        }
    }
}

impl Brouc {
    pub const fn trump(&self) -> Suit {
        self.deal.trump
    }

    pub const fn trump_card(&self) -> Card {
        self.deal.trump_card
    }

    pub const fn dealer(&self) -> usize {
        self.deal.dealer as usize
    }

    pub const fn deal_number(&self) -> u32 {
        self.deal_number
    }

    pub fn hand(&self, seat: usize) -> Result<CardSet> {
        Ok(self.hands[check_seat::<Self>(seat)?])
    }

    pub const fn trick(&self) -> &Trick<PLAYERS> {
        &self.trick
    }

    /// The current deal's public record: tricks, points, marriages, announcements.
    pub const fn current_deal(&self) -> &DealRecord {
        &self.deal
    }

    /// The last deal played to its end before the current one (D9).
    pub fn previous_deal(&self) -> Option<&DealRecord> {
        self.finished_deals.last()
    }

    /// Every deal played to its end before the current one, oldest first.
    pub fn finished_deals(&self) -> &[DealRecord] {
        &self.finished_deals
    }

    pub fn deal_scores(&self) -> &[[i64; 2]] {
        &self.deal_scores
    }

    pub const fn capes(&self) -> [u32; 2] {
        self.capes
    }

    /// The winning team.
    pub fn winner(&self) -> Option<usize> {
        self.winner.map(usize::from)
    }

    /// Games credited per team: the match won, plus 2 per cape (B15).
    pub fn match_record(&self) -> [u32; 2] {
        std::array::from_fn(|team| u32::from(self.winner() == Some(team)) + 2 * self.capes[team])
    }

    /// The cards the player to act may play (B8, B9).
    #[inline]
    fn legal_cards(&self) -> CardSet {
        if self.over {
            return CardSet::EMPTY;
        }
        let hand = self.hands[self.trick.next_seat()];
        let Some(led_suit) = self.trick.led().and_then(Card::suit) else {
            return hand;
        };
        let led = CardSet::suit(led_suit);
        if led_suit == self.trump() || !hand.intersection(led).is_empty() {
            return follow(hand, led);
        }
        self.without_undertrumps(hand)
    }

    /// B9: a void player may not undertrump a trumped trick, except with the
    /// trump Q under the trump K, or the trump J when K and Q are both in
    /// (D2: nothing else); if only too-low trumps are held, anything goes.
    fn without_undertrumps(&self, hand: CardSet) -> CardSet {
        let trump = self.trump();
        let trumps_in_trick = self.trick.cards().intersection(CardSet::suit(trump));
        let Some(highest) = trumps_in_trick.iter().map(strength).max() else {
            return hand;
        };
        let in_trick = |rank| trumps_in_trick.contains(Card::new(trump, rank));
        let mut too_low: CardSet = hand
            .intersection(CardSet::suit(trump))
            .iter()
            .filter(|&card| strength(card) < highest)
            .collect();
        if in_trick(Rank::King) {
            too_low.remove(Card::new(trump, Rank::Queen));
            if in_trick(Rank::Queen) {
                too_low.remove(Card::new(trump, Rank::Jack));
            }
        }
        let allowed = hand.difference(too_low);
        if allowed.is_empty() {
            hand
        } else {
            allowed
        }
    }

    /// A uniform draw among the legal cards (one `below` per decision).
    fn draw(legal: CardSet, rng: &mut SplitMix64) -> Option<ActionId> {
        if legal.is_empty() {
            return None;
        }
        legal
            .nth(rng.below(legal.len() as u64) as usize)
            .and_then(action_of)
    }

    /// Plays a card known to be legal.
    fn play(&mut self, action: ActionId, card: Card) {
        self.history.push(action);
        self.hands[self.trick.next_seat()].remove(card);
        self.trick.push(card);
        if self.trick.is_complete() {
            self.finish_trick();
        }
    }

    /// B7: the highest trump, otherwise the highest card of the led suit.
    fn trick_winner(trick: &Trick<PLAYERS>, trump: Suit) -> usize {
        let led = trick.led().and_then(Card::suit);
        trick.winner_by(|card| match card.suit() {
            Some(suit) if suit == trump => Some(16 + strength(card)),
            suit if suit == led => Some(strength(card)),
            _ => None,
        })
    }

    /// Shuffles a fresh deck and deals it (B4); `dealer` deals.
    fn deal_hands(&mut self, dealer: usize) {
        let mut deck = *CARDS.deck();
        self.rng.shuffle(&mut deck);
        let mut hands = [CardSet::EMPTY; PLAYERS];
        deal_in_batches(
            &deck,
            PLAYERS,
            (dealer + 1) % PLAYERS,
            &[1, 3, 4],
            |seat, card| {
                hands[seat].insert(card);
            },
        );
        self.start_deal(
            dealer,
            &Dealt {
                hands,
                trump_card: deck[deck.len() - 1],
            },
        );
    }

    /// B6: the deal begins with these hands, the dealer's right leading.
    fn start_deal(&mut self, dealer: usize, dealt: &Dealt) {
        self.hands = dealt.hands;
        self.deal = DealRecord::new(dealer, dealt.trump_card);
        self.trick = Trick::new((dealer + 1) % PLAYERS);
    }

    const fn announced(&self, team: usize) -> i64 {
        self.deal.announced_points[team]
    }

    /// B11: the trick's winning team scores its combinations not yet announced,
    /// from the cards still in hand; the winner first, then the partner (D3).
    fn announce(&mut self, winner: usize) {
        let trump = self.trump();
        for seat in [winner, (winner + 2) % PLAYERS] {
            for suit in married_suits(self.hands[seat]) {
                let done = self.deal.announced_mask & (1 << (seat * 4 + suit.index())) != 0;
                let value = combination_value(self.hands[seat], suit, trump);
                if !done {
                    self.deal.record_announcement(Announcement {
                        seat: seat as u8,
                        suit,
                        value: value as u16,
                    });
                }
            }
        }
    }

    /// B14: a team's running total in tenths, unrounded.
    fn running_tenths(&self, team: usize) -> i64 {
        10 * self.totals[team] + self.deal.card_points[team] + self.deal.marriages[team]
            - self.deal.marriages[1 - team]
            + self.announced(team)
    }

    /// B13, B15: books the deal (complete or abandoned) into the match.
    fn book_deal(&mut self) {
        let scores: [i64; 2] = std::array::from_fn(|team| {
            deal_score(
                self.deal.card_points[team],
                self.deal.marriages[team],
                self.deal.marriages[1 - team],
                self.announced(team),
            )
        });
        self.deal_scores.push(scores);
        self.totals = [self.totals[0] + scores[0], self.totals[1] + scores[1]];
        if usize::from(self.deal.tricks_played) == TRICKS_PER_DEAL {
            let first = team_of(usize::from(self.deal.tricks[0].map_or(0, |t| t.winner)));
            if self
                .deal
                .tricks()
                .all(|t| team_of(usize::from(t.winner)) == first)
            {
                self.capes[first] += 1;
            }
        }
    }

    fn finish_trick(&mut self) {
        let trick = self.trick;
        let trump = self.trump();
        let winner = Self::trick_winner(&trick, trump);
        let team = team_of(winner);
        self.deal.record_trick(trick, winner);
        self.announce(winner);
        self.trick = Trick::new(winner);
        if self.running_tenths(team) > 10 * self.options.target {
            self.winner = Some(team as u8);
            self.book_deal();
            self.over = true;
        } else if usize::from(self.deal.tricks_played) == TRICKS_PER_DEAL {
            self.book_deal();
            if self.options.single_deal {
                self.over = true;
            } else {
                self.finished_deals.push(self.deal);
                self.deal_number += 1;
                self.deal_hands((self.dealer() + 1) % PLAYERS);
            }
        }
    }
}

impl Game for Brouc {
    const NAME: &'static str = "brouc";
    const DESCRIPTION: &'static str =
        "Brouc: a Swiss 32-card Jass game, two teams of two, marriages and announcements, first team over 30";
    const NUM_PLAYERS: usize = PLAYERS;
    const ACTION_COUNT: usize = 32;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;

    type Options = Options;

    fn read_options(options: &Map<String, Value>) -> Result<Options> {
        options::read(OPTIONS, options)
    }

    fn with_options(seed: u64, options: &Options) -> Brouc {
        let options = *options;
        let mut rng = SplitMix64::new(seed);
        // B5: the first dealer is drawn from the seeded generator unless named.
        let dealer = first_dealer(&mut rng, options.first_dealer, PLAYERS);
        let mut game = Brouc {
            options,
            rng,
            deal_number: 1,
            hands: [CardSet::EMPTY; PLAYERS],
            trick: Trick::new(0),
            deal: DealRecord::new(dealer, CARDS.deck()[0]),
            finished_deals: Vec::new(),
            deal_scores: Vec::new(),
            totals: [0; 2],
            capes: [0; 2],
            winner: None,
            over: false,
            history: Vec::with_capacity(4 * TRICKS_PER_DEAL),
        };
        game.deal_hands(dealer);
        game
    }

    fn options(&self) -> Value {
        json!({
            "single_deal": self.options.single_deal,
            "target": self.options.target,
            "first_dealer": self.options.first_dealer,
        })
    }

    fn current_player(&self) -> Option<usize> {
        (!self.over).then(|| self.trick.next_seat())
    }

    fn phase(&self) -> &'static str {
        if self.over {
            "over"
        } else {
            "play"
        }
    }

    fn is_over(&self) -> bool {
        self.over
    }

    fn scores(&self) -> Vec<i64> {
        (0..PLAYERS)
            .map(|seat| self.totals[team_of(seat)])
            .collect()
    }

    fn winning_seats(&self) -> Vec<usize> {
        self.winner()
            .map_or_else(Vec::new, |team| vec![team, team + 2])
    }

    fn legal_actions(&self, out: &mut Vec<ActionId>) {
        out.clear();
        out.extend(self.legal_cards().iter().filter_map(action_of));
    }

    fn apply(&mut self, action: ActionId) -> Result<()> {
        let card = card_of(action).ok_or_else(|| {
            Error::IllegalAction(format!("{action} is not an action id of brouc (0 to 31)"))
        })?;
        if self.over {
            return Err(Error::IllegalAction(format!(
                "cannot play {card}: the game is over"
            )));
        }
        let legal = self.legal_cards();
        if !legal.contains(card) {
            let seat = self.trick.next_seat();
            let may: Vec<String> = legal.iter().map(|c| c.to_string()).collect();
            return Err(Error::IllegalAction(format!(
                "seat {seat} may not play {card} now; legal: {}",
                may.join(" ")
            )));
        }
        self.play(action, card);
        Ok(())
    }

    fn random_action(&self, rng: &mut SplitMix64) -> Option<ActionId> {
        Self::draw(self.legal_cards(), rng)
    }

    fn play_random(&mut self, rng: &mut SplitMix64) -> Option<ActionId> {
        let action = Self::draw(self.legal_cards(), rng)?;
        self.play(action, CARDS.deck()[usize::from(action)]);
        Some(action)
    }

    fn history(&self) -> &[ActionId] {
        &self.history
    }

    fn action_text(action: ActionId) -> String {
        card_of(action).map_or_else(String::new, |c| c.to_string())
    }

    fn action_kind(_action: ActionId) -> &'static str {
        "play"
    }

    fn action_card(action: ActionId) -> Option<Card> {
        card_of(action)
    }

    fn parse_action(text: &str) -> Result<ActionId> {
        let card: Card = text.parse()?;
        action_of(card)
            .ok_or_else(|| Error::IllegalAction(format!("{card} is not a card of the Brouc deck")))
    }

    fn to_json(&self) -> String {
        state::to_json(self)
    }

    fn from_json(text: &str) -> Result<Brouc> {
        state::from_json(text)
    }

    fn observation(&self, seat: usize) -> Result<Value> {
        let mut view = state::observation(self, seat, &self.hands)?;
        let held = self.hands[self.dealer()].contains(self.deal.trump_card);
        view.insert("trump_card_held".into(), json!(held));
        Ok(Value::Object(view))
    }
}

/// How a deal was dealt: the hands, and the dealer's last card, turned for trump.
#[derive(Clone, Copy, Debug)]
pub struct Dealt {
    hands: [CardSet; PLAYERS],
    trump_card: Card,
}

/// A completed trick as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedTrick {
    leader: u8,
    cards: Plays,
    winner: u8,
}

/// A finished deal's public record as saved (`finished_deals`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedDeal {
    dealer: u8,
    trump: Suit,
    trump_card: Card,
    tricks: Vec<SavedTrick>,
    card_points: [i64; 2],
    marriages: [i64; 2],
    announcements: Vec<Announcement>,
}

/// The state JSON (docs/rules/brouc.md, "State JSON").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    game: String,
    version: u8,
    options: Options,
    rng: u64,
    phase: String,
    dealer: u8,
    deal_number: u32,
    trump: Suit,
    trump_card: Card,
    hands: [Vec<Card>; PLAYERS],
    trick_leader: u8,
    trick: Plays,
    tricks: Vec<SavedTrick>,
    card_points: [i64; 2],
    marriages: [i64; 2],
    announcements: Vec<Announcement>,
    finished_deals: Vec<SavedDeal>,
    deal_scores: Vec<[i64; 2]>,
    capes: [u32; 2],
    #[serde(deserialize_with = "json::nullable")]
    winner: Option<u8>,
    history: History<Brouc>,
}

/// A deal as a saved state shows it: its dealer and turned card, and each
/// seat's starting hand (its plays in `tricks`, then what it still holds).
fn dealt(
    dealer: u8,
    trump_card: Card,
    plays: Plays,
    held: [CardSet; PLAYERS],
) -> Result<(usize, Dealt)> {
    let hands = starting_hands(plays, held)?;
    check_dealt(&hands, TRICKS_PER_DEAL, &[], deck_set())?;
    let dealer = check_seat::<Brouc>(usize::from(dealer))
        .map_err(|e| Error::json(format!("dealer: {e}")))?;
    if !hands[dealer].contains(trump_card) {
        return Err(Error::json(format!(
            "trump_card: {trump_card} is not among the cards dealt to the dealer, seat {dealer}"
        )));
    }
    Ok((dealer, Dealt { hands, trump_card }))
}

fn plays_of(tricks: &[SavedTrick]) -> Plays {
    tricks
        .iter()
        .flat_map(|t| t.cards.iter().copied())
        .collect()
}

impl Replay for Brouc {
    type Saved = Saved;
    type Deal = Dealt;

    fn save(&self, view: View) -> Saved {
        let whole = view == View::Whole;
        Saved {
            game: Self::NAME.to_owned(),
            version: 1,
            options: self.options,
            rng: if whole { self.rng.state() } else { 0 },
            phase: self.phase().to_owned(),
            dealer: self.deal.dealer,
            deal_number: self.deal_number,
            trump: self.deal.trump,
            trump_card: self.deal.trump_card,
            hands: if whole {
                self.hands.map(state::hand_cards)
            } else {
                Default::default()
            },
            trick_leader: self.trick.leader() as u8,
            trick: json::plays(&self.trick),
            tricks: self.deal.saved_tricks(),
            card_points: self.deal.card_points,
            marriages: self.deal.marriages,
            announcements: self.deal.saved_announcements(),
            finished_deals: self.finished_deals.iter().map(DealRecord::save).collect(),
            deal_scores: self.deal_scores.clone(),
            capes: self.capes,
            winner: self.winner,
            history: History::new(if whole { &self.history } else { &[] }),
        }
    }

    fn replay_inputs(saved: &Saved) -> Result<ReplayInputs<Brouc>> {
        options::check_saved(OPTIONS, &saved.options)?;
        let mut deals = Vec::with_capacity(saved.finished_deals.len() + 1);
        for (index, deal) in saved.finished_deals.iter().enumerate() {
            let none_held = [CardSet::EMPTY; PLAYERS];
            deals.push(
                dealt(
                    deal.dealer,
                    deal.trump_card,
                    plays_of(&deal.tricks),
                    none_held,
                )
                .map_err(|e| Error::json(format!("finished_deals[{index}]: {e}")))?,
            );
        }
        let mut plays = plays_of(&saved.tricks);
        plays.extend_from_slice(&saved.trick);
        deals.push(dealt(
            saved.dealer,
            saved.trump_card,
            plays,
            state::held(&saved.hands),
        )?);
        Ok(ReplayInputs {
            options: saved.options,
            rng: SplitMix64::new(saved.rng),
            deals,
            history: saved.history.actions.clone(),
        })
    }

    fn deal_number(&self) -> usize {
        self.deal_number as usize
    }

    fn dealer(&self) -> usize {
        self.dealer()
    }

    fn first_dealer_fixed(&self) -> bool {
        self.options.first_dealer.is_some()
    }

    fn redeal(&mut self, dealer: usize, deal: &Dealt) {
        self.start_deal(dealer, deal);
    }

    fn set_rng(&mut self, rng: SplitMix64) {
        self.rng = rng;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    fn cards(texts: &str) -> CardSet {
        texts.split_whitespace().map(card).collect()
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
        game.hands = hands.map(cards);
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
        assert_eq!(legal(&game), cards("KS 9D"));
        let game = position("7H", ["AS 8H", "KS 9D", "7D 9H", "QC JC"], 1, &["10H"]);
        // Seat 2 holds a low trump: it must follow with it although it cannot beat.
        assert_eq!(legal(&game), cards("9H"));
    }

    #[test]
    fn void_player_may_trump_or_discard_but_not_undertrump() {
        // Hearts trump; spades led and trumped with the 10 of hearts.
        let game = position("7H", ["AS", "10H", "9H AH 8D", "KC"], 0, &["AS", "10H"]);
        assert_eq!(legal(&game), cards("AH 8D"));
    }

    #[test]
    fn trump_queen_may_go_under_the_trump_king_and_the_jack_under_both() {
        let game = position("7H", ["AS", "KH", "QH JH 8D", "KC"], 0, &["AS", "KH"]);
        assert_eq!(legal(&game), cards("QH 8D"));
        let game = position("7H", ["AS", "KH", "QH", "JH 9H 8D"], 0, &["AS", "KH", "QH"]);
        assert_eq!(legal(&game), cards("JH 8D"));
        // D2: the trump K does not go under the trump A to join the trump Q.
        let game = position("7H", ["AS", "QH", "AH", "KH 8D"], 0, &["AS", "QH", "AH"]);
        assert_eq!(legal(&game), cards("8D"));
    }

    #[test]
    fn only_too_low_trumps_left_means_any_card() {
        let game = position("7H", ["AS", "AH", "8H 9H", "KC"], 0, &["AS", "AH"]);
        assert_eq!(legal(&game), cards("8H 9H"));
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
            combination_value(cards("KH QH"), Suit::Hearts, Suit::Spades),
            20
        );
        assert_eq!(
            combination_value(cards("KH QH JH"), Suit::Hearts, Suit::Spades),
            30
        );
        assert_eq!(
            combination_value(cards("KH QH"), Suit::Hearts, Suit::Hearts),
            40
        );
        assert_eq!(
            combination_value(cards("KH QH JH"), Suit::Hearts, Suit::Hearts),
            60
        );
        assert_eq!(
            combination_value(cards("KH JH"), Suit::Hearts, Suit::Hearts),
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
            cards("AS 10S KS QS JS 9S 8S 7S"),
            cards("AH 10H KH QH JH 9H 8H 7H"),
            cards("AD 10D KD QD JD 9D 8D 7D"),
            cards("AC 10C KC QC JC 9C 8C 7C"),
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
}
