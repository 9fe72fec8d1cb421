//! The count of a deal (Points, T1, T2, T4-T7, T13) and its settlement
//! (Score et fin, T12, T16), in half points.

use serde::{Deserialize, Serialize};

use super::play::{BOUTS, PETIT};
use super::record::{Bid, DealRecord, Level, Side};
use super::MAX_PLAYERS;
use crate::card::{Card, Rank};
use crate::cardset::CardSet;
use crate::error::{Error, Result};
use crate::json;
use crate::trick::Trick;

/// T1: a card's points in half points: bouts and kings 9, queens 7, knights
/// 5, jacks 3, other cards 1 (182 in the deck).
pub const fn half_points(card: Card) -> u8 {
    if BOUTS.contains(card) {
        return 9;
    }
    match card.rank() {
        Some(Rank::King) => 9,
        Some(Rank::Queen) => 7,
        Some(Rank::Knight) => 5,
        Some(Rank::Jack) => 3,
        _ => 1,
    }
}

/// The half points of a set of cards: 1 a card, and 2, 4, 6 or 8 more by
/// T1's classes, counted class by class (a tensor asks for it every call).
pub fn pile_points(cards: CardSet) -> u8 {
    const MORE: [(CardSet, u8); 4] = [
        (CardSet::rank(Rank::Jack), 2),
        (CardSet::rank(Rank::Knight), 4),
        (CardSet::rank(Rank::Queen), 6),
        (BOUTS.union(CardSet::rank(Rank::King)), 8),
    ];
    MORE.iter()
        .fold(cards.len() as u8, |points, &(class, more)| {
            points + cards.intersection(class).len() as u8 * more
        })
}

/// Objectif: the target by bouts (0 to 3) in half points: 56, 51, 41, 36.
pub const TARGETS: [u8; 4] = [112, 102, 82, 72];

/// A deal's count and settlement (docs/rules/tarot.md, "Settlement").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealResult {
    /// The taker's side's card points, in half points (in points in the
    /// JSON, as in Python: one name, one unit).
    #[serde(with = "points_json")]
    pub points: u8,
    pub bouts: u8,
    /// The target, in half points (in points in the JSON).
    #[serde(with = "points_json")]
    pub target: u8,
    pub made: bool,
    /// |points - target| rounded up to a whole point (T6).
    pub difference: u8,
    #[serde(deserialize_with = "json::nullable")]
    pub petit_au_bout: Option<Side>,
    /// The side that won every trick.
    #[serde(deserialize_with = "json::nullable")]
    pub slam: Option<Side>,
    /// Each defender's stake S, positive when the taker's side gains.
    pub stake: i64,
    /// Each seat's score.
    #[serde(deserialize_with = "json::at_most::<_, _, MAX_PLAYERS>")]
    pub scores: Vec<i64>,
}

/// What a settlement needs to know of a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    pub players: usize,
    pub contract: Bid,
    /// The taker's side's card points, in half points (0 to 182).
    pub points: u8,
    pub bouts: u8,
    pub petit_au_bout: Option<Side>,
    pub poignees: Vec<Level>,
    pub slam_announced: bool,
    /// The side that won every trick, if one did.
    pub slam: Option<Side>,
    pub taker: usize,
    /// Five players: the partner, `None` for a taker alone.
    pub partner: Option<usize>,
}

impl Settlement {
    pub(super) fn check(&self) -> Result<()> {
        let bad = |name: &str, message: String| Err(Error::option(name, message));
        if !(3..=5).contains(&self.players) {
            return bad("players", format!("{} is not 3, 4 or 5", self.players));
        }
        if self.contract == Bid::Pass {
            return bad("contract", "a pass is no contract".to_owned());
        }
        if self.points > 182 {
            return bad(
                "points",
                format!("{} is over 91", f64::from(self.points) / 2.0),
            );
        }
        if self.bouts > 3 {
            return bad("bouts", format!("{} is not 0 to 3", self.bouts));
        }
        if self.poignees.len() > self.players {
            return bad(
                "poignees",
                format!(
                    "{} poignees at {} players",
                    self.poignees.len(),
                    self.players
                ),
            );
        }
        if self.taker >= self.players {
            return bad("taker", format!("seat {} is not at the table", self.taker));
        }
        match self.partner {
            Some(_) if self.players != 5 => {
                bad("partner", "only five players call a partner".to_owned())
            }
            Some(partner) if partner >= self.players || partner == self.taker => bad(
                "partner",
                format!("seat {partner} is not another seat at the table"),
            ),
            _ => self.check_count(),
        }
    }

    /// The card points, bouts, Petit au bout and slam agree: bounds every
    /// deal keeps (docs/rules/tarot.md, "Settlement"), in half points.
    fn check_count(&self) -> Result<()> {
        let bad = |name: &str, message: String| Err(Error::option(name, message));
        let shown = |half: u32| f64::from(half) / 2.0;
        // The chien's cards, and the discard's.
        let chien: u32 = if self.players == 5 { 3 } else { 6 };
        let taker_bouts = u32::from(self.bouts);
        let defence_bouts = 3 - taker_bouts;
        // The least a side holding `bouts` (9 half points each, one of them
        // passed for the Excuse) counts, with `cards` more cards (1 half point
        // at least; the bouts among them when `with_bouts`).
        let least = |bouts: u32, cards: u32, with_bouts: bool| {
            let mut points = (9 * bouts).saturating_sub(1) + cards;
            if with_bouts {
                points -= bouts.min(cards);
            }
            points
        };
        let (taker_least, defence_least) = match self.contract {
            Bid::GardeContre => (
                least(taker_bouts, 0, false),
                least(defence_bouts, chien, true),
            ),
            Bid::GardeSans => (
                least(taker_bouts, chien, true),
                least(defence_bouts, 0, false),
            ),
            // The discard: no bout.
            _ => (
                least(taker_bouts, chien, false),
                least(defence_bouts, 0, false),
            ),
        };
        let points = u32::from(self.points);
        let most = 182 - defence_least;
        if !(taker_least..=most).contains(&points) {
            return bad(
                "points",
                format!(
                    "{} with {taker_bouts} bouts in a {}: the taker's side counts {} to {}",
                    shown(points),
                    self.contract.text(),
                    shown(taker_least),
                    shown(most)
                ),
            );
        }
        let side_bouts = |side: Side| match side {
            Side::Taker => taker_bouts,
            Side::Defence => defence_bouts,
        };
        let other = |side: Side| match side {
            Side::Taker => Side::Defence,
            Side::Defence => Side::Taker,
        };
        if let Some(side) = self.petit_au_bout {
            if side_bouts(side) == 0 {
                return bad(
                    "petit_au_bout",
                    format!("the {} holds no bout, so not the Petit", side.text()),
                );
            }
            if self.slam == Some(other(side)) {
                return bad(
                    "slam",
                    format!(
                        "the {} won the Petit's last trick: the {} won not every trick",
                        side.text(),
                        other(side).text()
                    ),
                );
            }
        }
        // A side that won every trick: the other keeps at most its own
        // Excuse and what the contract gives it of the chien or the discard.
        let (loser, loser_bouts, loser_cards, loser_card_most) = match self.slam {
            None => return Ok(()),
            Some(Side::Taker) => match self.contract {
                Bid::GardeContre => (Side::Defence, defence_bouts, chien, 9),
                _ => (Side::Defence, defence_bouts, 0, 0),
            },
            Some(Side::Defence) => match self.contract {
                Bid::GardeContre => (Side::Taker, taker_bouts, 0, 0),
                Bid::GardeSans => (Side::Taker, taker_bouts, chien, 9),
                // The discard: no king, no bout.
                _ => (Side::Taker, taker_bouts, chien, 7),
            },
        };
        // The Excuse, and the bouts among the chien's cards.
        let bouts_most = 1 + if loser_card_most == 9 { loser_cards } else { 0 };
        if loser_bouts > bouts_most {
            return bad(
                "slam",
                format!(
                    "the {} won every trick, yet the {} holds {loser_bouts} bouts",
                    other(loser).text(),
                    loser.text()
                ),
            );
        }
        let loser_most = 9 * loser_bouts.min(1) + loser_cards * loser_card_most;
        let loser_points = match loser {
            Side::Taker => points,
            Side::Defence => 182 - points,
        };
        if loser_points > loser_most {
            return bad(
                "slam",
                format!(
                    "the {} won every trick, yet the {} counts {} (at most {})",
                    other(loser).text(),
                    loser.text(),
                    shown(loser_points),
                    shown(loser_most)
                ),
            );
        }
        Ok(())
    }

    /// Settles the deal: the result, with each seat's score; an error for
    /// facts no deal can give.
    pub fn settle(&self) -> Result<DealResult> {
        self.check()?;
        Ok(self.result())
    }

    /// The result of facts known to be possible (a deal just played).
    pub(super) fn result(&self) -> DealResult {
        let (target, made, difference) = margin(self.points, self.bouts);
        let stake = Stakes {
            contract: self.contract,
            poignee_bonus: self.poignees.iter().map(|level| level.bonus()).sum(),
            slam_announced: self.slam_announced,
        }
        .stake(self.points, self.bouts, self.petit_au_bout, self.slam);
        let mut scores = vec![-stake; self.players];
        let (taker_share, partner_share) = match (self.players, self.partner) {
            (3, _) => (2, 0),
            (4, _) => (3, 0),
            (_, Some(_)) => (2, 1),
            (_, None) => (4, 0),
        };
        scores[self.taker] = taker_share * stake;
        if let Some(partner) = self.partner {
            scores[partner] = partner_share * stake;
        }
        DealResult {
            points: self.points,
            bouts: self.bouts,
            target,
            made,
            difference,
            petit_au_bout: self.petit_au_bout,
            slam: self.slam,
            stake,
            scores,
        }
    }
}

/// The target by `bouts`, whether `points` make it, and the difference
/// rounded up to a whole point (T6); in half points but the difference.
fn margin(points: u8, bouts: u8) -> (u8, bool, u8) {
    let target = TARGETS[usize::from(bouts)];
    (
        target,
        points >= target,
        points.abs_diff(target).div_ceil(2),
    )
}

/// What a deal's stake depends on besides its play: the contract, the
/// poignées' bonuses (T16) and the slam's announcement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Stakes {
    pub contract: Bid,
    /// The declared poignées' bonuses, summed.
    pub poignee_bonus: i64,
    pub slam_announced: bool,
}

impl Stakes {
    /// Each defender's stake S, positive when the taker's side gains
    /// (docs/rules/tarot.md, "Settlement"), from the taker's side's card
    /// points (half points), bouts, the Petit au bout and the slam.
    pub(super) fn stake(
        self,
        points: u8,
        bouts: u8,
        petit_au_bout: Option<Side>,
        slam: Option<Side>,
    ) -> i64 {
        let (_, made, difference) = margin(points, bouts);
        let multiplier = self.contract.multiplier();
        let won = if made { 1 } else { -1 };
        let for_side = |side: Side| if side == Side::Taker { 1 } else { -1 };
        let mut stake = won * (25 + i64::from(difference)) * multiplier;
        if let Some(side) = petit_au_bout {
            stake += for_side(side) * 10 * multiplier;
        }
        stake += won * self.poignee_bonus;
        stake += match (slam, self.slam_announced) {
            (Some(Side::Taker), true) => 400,
            (Some(Side::Taker), false) => 200,
            (Some(Side::Defence), true) => -400,
            (Some(Side::Defence), false) => -200,
            (None, true) => -200,
            (None, false) => 0,
        };
        stake
    }
}

/// What a completed `trick` won by `winner` gives the taker's side (T2,
/// T4, T5): the cards it takes into its pile, and the half point passed for
/// the Excuse (+1 to the taker's side, -1 from it, or 0). `last`: the
/// deal's last trick; `side_of`: each seat's side.
pub(super) fn trick_share(
    trick: &Trick<MAX_PLAYERS>,
    winner: usize,
    last: bool,
    excuse_to_winner: bool,
    side_of: impl Fn(usize) -> Side,
) -> (CardSet, i8) {
    let winning_side = side_of(winner);
    let cards = trick.cards();
    if !cards.contains(Card::EXCUSE) {
        // Without the Excuse, the whole trick goes to its winner.
        return if winning_side == Side::Taker {
            (cards, 0)
        } else {
            (CardSet::EMPTY, 0)
        };
    }
    let mut pile = CardSet::EMPTY;
    let mut passed = 0;
    for (seat, card) in trick.plays() {
        let goes_to = if !card.is_excuse() || winner == seat {
            // A card goes to the trick's winner; so does T4's winning Excuse.
            winning_side
        } else if !last {
            // T2: the Excuse stays with its side, for a half point.
            let owner = side_of(seat);
            if owner != winning_side {
                passed = if winning_side == Side::Taker { 1 } else { -1 };
            }
            owner
        } else if excuse_to_winner {
            winning_side
        } else {
            // T5: on the last trick it goes to the other side.
            side_of(seat).opposite()
        };
        if goes_to == Side::Taker {
            pile.insert(card);
        }
    }
    (pile, passed)
}

/// The taker's side's pile so far: its card points (half points, with the
/// Excuse's half point passed, T2) and bouts (T7), over the tricks played,
/// the last of `tricks_per_deal` with T4 and T5; with the discard or the
/// chien once `complete`.
pub(super) fn taker_pile(
    deal: &DealRecord,
    tricks_per_deal: usize,
    excuse_to_winner: bool,
    complete: bool,
) -> (u8, u8) {
    let mut pile = CardSet::EMPTY;
    let mut passed: i16 = 0;
    let tricks = deal.tricks();
    for (index, played) in tricks.iter().enumerate() {
        let last = index + 1 == tricks_per_deal;
        let (cards, pass) = trick_share(
            &played.trick,
            usize::from(played.winner),
            last,
            excuse_to_winner,
            |seat| deal.side_of(seat),
        );
        pile = pile.union(cards);
        passed += i16::from(pass);
    }
    if complete {
        match deal.contract() {
            Some(Bid::Prise | Bid::Garde) => pile = pile.union(deal.discard()),
            Some(Bid::GardeSans) => pile = pile.union(deal.chien()),
            _ => {}
        }
    }
    let points = i16::from(pile_points(pile)) + passed;
    (points as u8, pile.intersection(BOUTS).len() as u8)
}

/// Every card counted so far: those of the completed tricks, and the
/// discard or the chien once `complete`.
pub(super) fn counted_cards(deal: &DealRecord, complete: bool) -> CardSet {
    let aside = match deal.contract() {
        Some(Bid::Prise | Bid::Garde) => deal.discard(),
        _ => deal.chien(),
    };
    deal.tricks()
        .iter()
        .fold(if complete { aside } else { CardSet::EMPTY }, |all, t| {
            all.union(t.trick.cards())
        })
}

/// T13: the side winning the trick that holds the Petit, if it is the last
/// trick (the second last when the last is T4's Excuse lead).
pub(super) fn petit_au_bout(deal: &DealRecord) -> Option<Side> {
    let tricks = deal.tricks();
    let last = tricks.last()?;
    let excuse_won =
        last.trick.led() == Some(Card::EXCUSE) && usize::from(last.winner) == last.trick.leader();
    let judged = if excuse_won {
        tricks.get(tricks.len().checked_sub(2)?)?
    } else {
        last
    };
    judged
        .trick
        .cards()
        .contains(PETIT)
        .then(|| deal.side_of(usize::from(judged.winner)))
}

/// The side with the slam in a finished deal, if one has it (T4): the side
/// that won every trick, unless it played its own Excuse before the last
/// trick (it loses that trick). The opponents' Excuse in a trick it won
/// spoils nothing; T4's Excuse led to the last trick wins it (`winner`).
pub(super) fn slam(deal: &DealRecord) -> Option<Side> {
    let (last, earlier) = deal.tricks().split_last()?;
    let side = deal.side_of(usize::from(last.winner));
    let won_all = earlier
        .iter()
        .all(|played| deal.side_of(usize::from(played.winner)) == side);
    let own_excuse_early = earlier.iter().any(|played| {
        played
            .trick
            .plays()
            .any(|(seat, card)| card.is_excuse() && deal.side_of(seat) == side)
    });
    (won_all && !own_excuse_early).then_some(side)
}

/// Half points held as points in the JSON (`45.5`, `56.0`): the unit the
/// Python accessors and the rules page give under the same names. A state
/// JSON of version 1 held half points there (`91`, `112`); version 2 holds
/// points, and a value that is not a number of points says so.
mod points_json {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(half: &u8, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(f64::from(*half) / 2.0)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
        let points = f64::deserialize(deserializer)?;
        let half = points * 2.0;
        if half.fract() != 0.0 || !(0.0..=182.0).contains(&half) {
            return Err(D::Error::custom(format!(
                "{points} is not a number of card points (0 to 91, a multiple of 0.5; \
                 a version 1 state counted half points here, version 2 counts points)"
            )));
        }
        Ok(half as u8)
    }
}
