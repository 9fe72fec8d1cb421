//! Brouc: a 32-card Jass game for two teams of two, with announcements and
//! marriages.
//!
//! Rules: `docs/rules/brouc.md` states every rule as implemented here, citing
//! the French text "Règles du jeu, version light et imagée" ([S]), and defines
//! the rulings (B1-B15) and the decisions (D1-D9) taken where both are silent.
//! Choices: seats are numbered in the order of play (anticlockwise); the
//! announcements are automatic (B11); a match ends as soon as a team's exact
//! running total passes the target (B14), and the abandoned deal is booked (D4).

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::card::{suited_deck, Card, Rank, Suit, FACE_COUNT};
use crate::cardset::CardSet;
use crate::deal::{deal_in_batches, first_dealer};
use crate::error::{Error, Result};
use crate::game::{check_seat, not_held, refusal, ActionId, ActionTexts, CardActions, Game};
use crate::json;
use crate::options::{self, OptionKind, OptionSpec};
use crate::rng::SplitMix64;
use crate::state;
use crate::trick::{follow, must_follow, Trick};

mod bot;
mod determinize;
mod infostate;
mod record;
mod saved;
mod scoring;
mod solve;
mod tensor;
#[cfg(test)]
mod tests;
mod view;

pub use bot::Heuristic;
pub use record::{Announcement, DealRecord, PlayedTrick};
pub use saved::{Dealt, Saved, SavedDeal, SavedTrick};
pub use scoring::deal_score;
use scoring::{combination_value, married_suits};
pub use solve::Position;

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

/// The card table (rulings): A 10 K Q J 9 8 7 in every suit, trumps
/// included, the highest first.
const BY_STRENGTH: [Rank; 8] = [
    Rank::Ace,
    Rank::Ten,
    Rank::King,
    Rank::Queen,
    Rank::Jack,
    Rank::Nine,
    Rank::Eight,
    Rank::Seven,
];

/// A rank's place in `BY_STRENGTH`, the lowest 0.
const fn rank_order(rank: Rank) -> u16 {
    let mut place = 0;
    while place < BY_STRENGTH.len() {
        if BY_STRENGTH[place] as u8 == rank as u8 {
            return (BY_STRENGTH.len() - 1 - place) as u16;
        }
        place += 1;
    }
    0
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

/// B9: the trumps a player void in the led suit may not play into a trick
/// holding `in_trick`: those below its highest trump, except the trump Q with
/// the trump K in it, and the trump J with the trump K and Q (D2: nothing
/// else). Empty while no trump is in the trick. Shared by play and by what
/// an undertrump shows of a hand (`determinize`).
fn undertrumps(in_trick: CardSet, trump: Suit) -> CardSet {
    let trumps = in_trick.intersection(CardSet::suit(trump));
    let Some(highest) = trumps.iter().map(strength).max() else {
        return CardSet::EMPTY;
    };
    let mut too_low: CardSet = RANKS
        .iter()
        .map(|&rank| Card::new(trump, rank))
        .filter(|&card| strength(card) < highest)
        .collect();
    if in_trick.contains(Card::new(trump, Rank::King)) {
        too_low.remove(Card::new(trump, Rank::Queen));
        if in_trick.contains(Card::new(trump, Rank::Queen)) {
            too_low.remove(Card::new(trump, Rank::Jack));
        }
    }
    too_low
}

/// B9: a void player may not undertrump a trumped trick holding `in_trick`;
/// if only too-low trumps are held, anything goes.
fn without_undertrumps(hand: CardSet, in_trick: CardSet, trump: Suit) -> CardSet {
    let allowed = hand.difference(undertrumps(in_trick, trump));
    if allowed.is_empty() {
        hand
    } else {
        allowed
    }
}

/// B8, B9: the cards of `hand` its player may play to `trick`. Shared by the
/// engine and the solver's positions (`solve`).
fn playable(hand: CardSet, trick: &Trick<PLAYERS>, trump: Suit) -> CardSet {
    let Some(led_suit) = trick.led().and_then(Card::suit) else {
        return hand;
    };
    let led = CardSet::suit(led_suit);
    if led_suit == trump || !hand.intersection(led).is_empty() {
        return follow(hand, led);
    }
    without_undertrumps(hand, trick.cards(), trump)
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

impl crate::deals::Deals for Brouc {
    type Deal = DealRecord;

    fn current_deal(&self) -> std::borrow::Cow<'_, DealRecord> {
        std::borrow::Cow::Borrowed(&self.deal)
    }

    fn earlier_deals(&self) -> &[DealRecord] {
        &self.finished_deals
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
        Ok(self.hands[check_seat(self, seat)?])
    }

    pub const fn trick(&self) -> &Trick<PLAYERS> {
        &self.trick
    }

    /// The current deal's public record: tricks, points, marriages, announcements.
    pub const fn current_deal(&self) -> &DealRecord {
        &self.deal
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

    /// Whether the turned trump card is still in the dealer's hand.
    pub fn trump_card_held(&self) -> bool {
        self.hands[self.dealer()].contains(self.deal.trump_card)
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
        playable(
            self.hands[self.trick.next_seat()],
            &self.trick,
            self.trump(),
        )
    }

    /// Why the player to act may not play `card` (B8, B9), or `None`.
    fn card_refusal(&self, card: Card) -> Option<String> {
        let hand = self.hands[self.trick.next_seat()];
        if !hand.contains(card) {
            return Some(not_held(card));
        }
        let led = self.trick.led()?.suit()?;
        if let Some(why) = must_follow(card, hand, CardSet::suit(led), led.name(), "B8") {
            return Some(why);
        }
        let trump = self.trump();
        let in_trick = self.trick.cards();
        if !undertrumps(in_trick, trump).contains(card)
            || without_undertrumps(hand, in_trick, trump) == hand
        {
            return None;
        }
        let highest = in_trick
            .intersection(CardSet::suit(trump))
            .iter()
            .max_by_key(|&c| strength(c))?;
        Some(format!(
            "you may not undertrump: {card} is under the {highest} in the trick (B9)"
        ))
    }

    /// A uniform draw among the legal cards (one `below` per decision).
    fn draw(legal: CardSet, rng: &mut SplitMix64) -> Option<ActionId> {
        legal.draw(rng).and_then(action_of)
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
    const PLAYER_COUNTS: &'static [usize] = &[PLAYERS];
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

    fn num_players(&self) -> usize {
        PLAYERS
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
        if !self.legal_cards().contains(card) {
            return Err(refusal(self, action));
        }
        self.play(action, card);
        Ok(())
    }

    fn refusal_reason(&self, action: ActionId) -> Option<String> {
        self.card_refusal(card_of(action)?)
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

    fn describe_legal(&self, action: ActionId) -> Option<String> {
        // A play that ends a trick: who wins it, and what is scored with it.
        let card = Self::action_card(action)?;
        let mut after = self.clone();
        after.apply(action).ok()?;
        let new_deal = after.finished_deals.len() > self.finished_deals.len();
        let deal = if new_deal {
            after.finished_deals.last()?
        } else {
            after.current_deal()
        };
        let before = self.current_deal();
        if deal.tricks().count() == before.tricks().count() {
            return None;
        }
        let winner = deal.tricks().last()?.winner;
        let mut words = format!("play {card}, ending the trick: seat {winner} wins it");
        for team in 0..2 {
            let married = deal.marriages()[team] - before.marriages()[team];
            if married > 0 {
                words.push_str(&format!(", a marriage of {married} for team {team}"));
            }
        }
        for announcement in deal.announcements().skip(before.announcements().count()) {
            words.push_str(&format!(
                ", seat {} announces {} ({})",
                announcement.seat,
                announcement
                    .cards()
                    .iter()
                    .map(Card::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                announcement.value
            ));
        }
        if after.is_over() {
            words.push_str("; the match ends");
        } else if new_deal {
            words.push_str("; the deal ends");
        }
        Some(words)
    }

    fn parse_action(text: &str) -> Result<ActionId> {
        static TEXTS: OnceLock<ActionTexts> = OnceLock::new();
        if let Some(action) = ActionTexts::of::<Self>(&TEXTS).get(text) {
            return Ok(action);
        }
        let card: Card = text.parse()?;
        action_of(card)
            .ok_or_else(|| Error::IllegalAction(format!("{card} is not a card of the Brouc deck")))
    }

    state::json_by_replay!();

    fn observation(&self, seat: usize) -> Result<Value> {
        let mut view = state::observation(self, seat, &self.hands)?;
        view.insert("trump_card_held".into(), json!(self.trump_card_held()));
        Ok(Value::Object(view))
    }

    const TENSOR_SIZE: usize = tensor::TENSOR_SIZE;
    // A deal scores points; only a match has winners (B14).
    const DEAL_WINNERS: bool = false;

    const STATE_TENSOR_SIZE: usize = tensor::STATE_TENSOR_SIZE;

    fn layout(&self, viewer: crate::tensor::Viewer, features: &mut crate::tensor::Features<'_>) {
        self.layout_for(viewer, features);
    }

    fn layout_hidden(&self, features: &mut crate::tensor::Features<'_>) {
        self.hidden_for(features);
    }
}
