//! Melds (L6, L7), placements, joker swaps (L8) and the values of cards on
//! the table and in hand (L9, L10): docs/rules/jolly.md, "Melds" and
//! "Laying cards: placements".
//!
//! A run's cards sit at *positions* 1 (the ace low) to 14 (the ace high); a
//! set is named by the position of its rank (1 for aces, 2 to 13 otherwise).

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank, Suit};
use crate::cardcounts::CardCounts;
use crate::cardset::CardSet;
use crate::game::ActionId;

/// The lowest and highest positions of a run (the ace low and high).
pub(super) const ACE_LOW: u8 = 1;
pub(super) const ACE_HIGH: u8 = 14;
/// The longest run: one ace only (no wrap, L7).
const MAX_RUN: usize = 13;
const MAX_SET: usize = 4;

/// The first action id of each kind of placement (docs/rules/jolly.md, "Actions").
pub const FIRST_RUN_JOKER: ActionId = 56;
pub const FIRST_SET_JOKER: ActionId = 112;
pub const PLACEMENT_COUNT: ActionId = 125;

/// The card at a position of a suit (1 and 14 are both the ace).
pub const fn card_at(suit: Suit, position: u8) -> Card {
    let rank = match position {
        ACE_LOW | ACE_HIGH => Rank::Ace,
        11 => Rank::Jack,
        12 => Rank::Queen,
        13 => Rank::King,
        _ => Rank::ALL[position as usize - 2],
    };
    Card::new(suit, rank)
}

/// A natural card's rank as a set names it: its position, the ace's being 1.
pub fn set_rank(card: Card) -> Option<u8> {
    Some(match card.rank()? {
        Rank::Ace => ACE_LOW,
        Rank::Jack => 11,
        Rank::Knight => return None,
        Rank::Queen => 12,
        Rank::King => 13,
        rank => rank.index() as u8 + 2,
    })
}

/// The faces of a set's rank, in every suit.
pub fn rank_faces(rank: u8) -> CardSet {
    card_at(Suit::Spades, rank).rank().map_or(
        crate::cardset::CardSet::EMPTY,
        crate::cardset::CardSet::rank,
    )
}

/// A card's table value at a run position (L9): an ace 1 low, 10 high.
pub const fn position_value(position: u8) -> i64 {
    match position {
        ACE_LOW => 1,
        2..=9 => position as i64,
        _ => 10,
    }
}

/// The table value of a card of a set of that rank (L9): aces 25.
pub const fn set_value(rank: u8) -> i64 {
    if rank == ACE_LOW {
        25
    } else {
        position_value(rank)
    }
}

/// A card's penalty in hand (L10).
pub fn penalty(card: Card) -> i64 {
    match (card.is_joker(), set_rank(card)) {
        (true, _) => 50,
        (false, Some(rank)) => set_value(rank),
        (false, None) => 0,
    }
}

/// A hand's penalty (L10).
pub fn hand_penalty(hand: &CardCounts) -> i64 {
    hand.iter().map(penalty).sum()
}

/// Whether `hand` holds a card of another face than `forbidden` (J3).
pub fn keeps_a_discard(hand: &CardCounts, forbidden: Option<Card>) -> bool {
    let mut faces = hand.faces();
    if let Some(card) = forbidden {
        faces.remove(card);
    }
    !faces.is_empty()
}

/// Whether a run whose next position is `next` (at most `top`), with `len`
/// cards of which `naturals` natural and its last a joker or not, can reach 3
/// cards with 2 natural ones, no jokers side by side, from the natural cards
/// `held` at each position and `jokers` jokers.
fn run_completes(
    held: impl Fn(u8) -> bool + Copy,
    next: u8,
    top: u8,
    len: usize,
    naturals: usize,
    last_joker: bool,
    jokers: usize,
) -> bool {
    if len >= 3 && naturals >= 2 {
        return true;
    }
    if next > top {
        return false;
    }
    (held(next) && run_completes(held, next + 1, top, len + 1, naturals + 1, false, jokers))
        || (jokers > 0
            && !last_joker
            && run_completes(held, next + 1, top, len + 1, naturals, true, jokers - 1))
}

/// One card laid on the table: a natural card at a position, a joker standing
/// for a run card, or a joker in a set of a rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    Natural { suit: Suit, position: u8 },
    RunJoker { suit: Suit, position: u8 },
    SetJoker { rank: u8 },
}

impl Placement {
    pub fn of_action(action: ActionId) -> Option<Placement> {
        let at = |id: ActionId| (Suit::ALL[usize::from(id / 14)], (id % 14) as u8 + 1);
        match action {
            0..FIRST_RUN_JOKER => {
                let (suit, position) = at(action);
                Some(Placement::Natural { suit, position })
            }
            FIRST_RUN_JOKER..FIRST_SET_JOKER => {
                let (suit, position) = at(action - FIRST_RUN_JOKER);
                Some(Placement::RunJoker { suit, position })
            }
            FIRST_SET_JOKER..PLACEMENT_COUNT => {
                // Ranks 2 to K, then A.
                let index = (action - FIRST_SET_JOKER) as u8;
                let rank = if index == 12 { ACE_LOW } else { index + 2 };
                Some(Placement::SetJoker { rank })
            }
            _ => None,
        }
    }

    pub const fn action(self) -> ActionId {
        match self {
            Placement::Natural { suit, position } => {
                suit as ActionId * 14 + position as ActionId - 1
            }
            Placement::RunJoker { suit, position } => {
                FIRST_RUN_JOKER + suit as ActionId * 14 + position as ActionId - 1
            }
            Placement::SetJoker { rank } => {
                FIRST_SET_JOKER
                    + if rank == ACE_LOW {
                        12
                    } else {
                        rank as ActionId - 2
                    }
            }
        }
    }

    /// The card that leaves the hand: the natural card, or a joker.
    pub const fn card(self) -> Card {
        match self {
            Placement::Natural { suit, position } => card_at(suit, position),
            _ => Card::JOKER,
        }
    }

    pub fn text(self) -> String {
        let at = |suit: Suit, position: u8| {
            let high = if position == ACE_HIGH { " high" } else { "" };
            format!("{}{high}", card_at(suit, position))
        };
        match self {
            Placement::Natural { suit, position } => format!("lay {}", at(suit, position)),
            Placement::RunJoker { suit, position } => format!("lay JK as {}", at(suit, position)),
            Placement::SetJoker { rank } => {
                format!(
                    "lay JK as {}",
                    card_at(Suit::Spades, rank).rank().map_or("", Rank::text)
                )
            }
        }
    }
}

/// A card on the table (or on the meld being built): the card laid and the
/// seat that placed it (L9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    pub card: Card,
    pub by: u8,
}

impl Slot {
    pub const fn is_joker(self) -> bool {
        self.card.is_joker()
    }
}

/// What a meld is, once its cards say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    /// One natural card: a set or a run once a second card is placed.
    Single,
    Run(Suit),
    Set,
}

/// A meld on the table or being built: a run's cards from its lowest
/// position up, a set's in the order laid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meld {
    kind: Kind,
    /// A run's lowest position; a set's (or a single card's) rank position.
    low: u8,
    /// A single card's suit (a run's is in its kind).
    suit: Suit,
    len: u8,
    slots: [Slot; MAX_RUN],
}

const NO_SLOT: Slot = Slot {
    card: Card::JOKER,
    by: 0,
};

impl Meld {
    pub const EMPTY: Meld = Meld {
        kind: Kind::Single,
        low: 0,
        suit: Suit::Spades,
        len: 0,
        slots: [NO_SLOT; MAX_RUN],
    };

    pub const fn kind(&self) -> Kind {
        self.kind
    }

    pub fn slots(&self) -> &[Slot] {
        &self.slots[..usize::from(self.len)]
    }

    pub const fn len(&self) -> usize {
        self.len as usize
    }

    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// A run's lowest position; a set's (or a single card's) rank position.
    pub(super) const fn low(&self) -> u8 {
        self.low
    }

    fn naturals(&self) -> usize {
        self.slots().iter().filter(|slot| !slot.is_joker()).count()
    }

    fn has_joker(&self) -> bool {
        self.slots().iter().any(|slot| slot.is_joker())
    }

    /// A run's highest position.
    fn high(&self) -> u8 {
        self.low + self.len - 1
    }

    /// The highest position a run starting at `low` may reach (L7: one ace).
    const fn top(low: u8) -> u8 {
        if low == ACE_LOW {
            13
        } else {
            ACE_HIGH
        }
    }

    /// The suits of a set's natural cards, as a 4-bit mask.
    fn set_suits(&self) -> u8 {
        self.slots()
            .iter()
            .filter_map(|slot| slot.card.suit())
            .fold(0, |mask, suit| mask | 1 << suit as u8)
    }

    /// A valid set or run (L6, L7); the rules of placement keep the rest.
    pub fn is_valid(&self) -> bool {
        match self.kind {
            Kind::Single => false,
            Kind::Set | Kind::Run(_) => self.len >= 3 && self.naturals() >= 2,
        }
    }

    /// What the card at `index` stands for: itself, a run joker's card, a set
    /// joker's card once the set holds three natural cards (L8), else `None`.
    pub fn stands_for(&self, index: usize) -> Option<Card> {
        let slot = self.slots().get(index)?;
        match self.kind {
            Kind::Run(suit) => Some(card_at(suit, self.low + index as u8)),
            _ if !slot.is_joker() => Some(slot.card),
            _ => self.missing_suit().map(|suit| card_at(suit, self.low)),
        }
    }

    /// The suit a set's joker stands for: fixed once the set holds three
    /// natural cards (L8).
    pub(super) fn missing_suit(&self) -> Option<Suit> {
        let suits = self.set_suits();
        (self.naturals() == 3).then(|| Suit::ALL[(!suits & 0xf).trailing_zeros() as usize])
    }

    /// The table value of the card at `index` (L9).
    pub fn value_at(&self, index: usize) -> i64 {
        match self.kind {
            Kind::Run(_) => position_value(self.low + index as u8),
            _ => set_value(self.low),
        }
    }

    /// The table value of the meld's cards placed by `seat` (all, with `None`).
    pub fn value(&self, seat: Option<u8>) -> i64 {
        (0..self.len())
            .filter(|&i| seat.is_none_or(|s| self.slots[i].by == s))
            .map(|i| self.value_at(i))
            .sum()
    }

    /// The placement that laid the card at `index` while building (a run's
    /// card from its position, a set's from its rank).
    fn placement_at(&self, index: usize) -> Placement {
        let slot = self.slots[index];
        match (self.kind, slot.card.suit()) {
            (Kind::Run(suit), None) => Placement::RunJoker {
                suit,
                position: self.low + index as u8,
            },
            (Kind::Run(suit), Some(_)) => Placement::Natural {
                suit,
                position: self.low + index as u8,
            },
            (_, Some(suit)) => Placement::Natural {
                suit,
                position: self.low,
            },
            (_, None) => Placement::SetJoker { rank: self.low },
        }
    }

    fn push(mut self, slot: Slot) -> Meld {
        self.slots[self.len()] = slot;
        self.len += 1;
        self
    }

    /// A new meld of one card (`None` if no meld starts so).
    pub fn start(placement: Placement, by: u8) -> Option<Meld> {
        let slot = Slot {
            card: placement.card(),
            by,
        };
        let (kind, low, suit) = match placement {
            Placement::Natural { suit, position } if position < ACE_HIGH => {
                (Kind::Single, position, suit)
            }
            Placement::RunJoker { suit, position } => (Kind::Run(suit), position, suit),
            Placement::SetJoker { rank } => (Kind::Set, rank, Suit::Spades),
            Placement::Natural { .. } => return None,
        };
        Some(
            Meld {
                kind,
                low,
                suit,
                ..Meld::EMPTY
            }
            .push(slot),
        )
    }

    /// The meld being built with one more card (J9: a run grows upwards), or
    /// `None` if that card cannot come next.
    pub fn extended(&self, placement: Placement, by: u8) -> Option<Meld> {
        if self.is_empty() {
            return Meld::start(placement, by);
        }
        let slot = Slot {
            card: placement.card(),
            by,
        };
        let next = self.low + self.len;
        let as_run = |suit: Suit| Meld {
            kind: Kind::Run(suit),
            ..*self
        };
        let as_set = || Meld {
            kind: Kind::Set,
            ..*self
        };
        match (self.kind, placement) {
            (Kind::Single, Placement::Natural { suit, position })
                if suit != self.suit && position == self.low =>
            {
                Some(as_set().push(slot))
            }
            (Kind::Single, Placement::SetJoker { rank }) if rank == self.low => {
                Some(as_set().push(slot))
            }
            (
                Kind::Single,
                Placement::Natural { suit, position } | Placement::RunJoker { suit, position },
            ) if suit == self.suit && position == next && next <= Meld::top(self.low) => {
                Some(as_run(suit).push(slot))
            }
            (Kind::Run(run), Placement::Natural { suit, position })
                if suit == run && position == next && next <= Meld::top(self.low) =>
            {
                Some(self.push(slot))
            }
            (Kind::Run(run), Placement::RunJoker { suit, position })
                if suit == run
                    && position == next
                    && next <= Meld::top(self.low)
                    && !self.slots[self.len() - 1].is_joker() =>
            {
                Some(self.push(slot))
            }
            (Kind::Set, Placement::Natural { suit, position })
                if position == self.low
                    && self.set_suits() & 1 << suit as u8 == 0
                    && self.len() < MAX_SET =>
            {
                Some(self.push(slot))
            }
            (Kind::Set, Placement::SetJoker { rank })
                if rank == self.low && !self.has_joker() && self.len() < MAX_SET =>
            {
                Some(self.push(slot))
            }
            _ => None,
        }
    }

    /// The meld with its last card taken back (`undo` while building).
    pub fn without_last(&self) -> Meld {
        (0..self.len() - 1).fold(Meld::EMPTY, |meld, index| {
            meld.extended(self.placement_at(index), self.slots[index].by)
                .unwrap_or(meld)
        })
    }

    /// The placements that may come next on the meld being built, before
    /// asking whether the hand holds them (at most 8).
    pub fn next_placements(&self) -> impl Iterator<Item = Placement> + '_ {
        let next = self.low + self.len;
        let runs = match self.kind {
            Kind::Single => Some(self.suit),
            Kind::Run(suit) => Some(suit),
            Kind::Set => None,
        };
        let run = runs.into_iter().flat_map(move |suit| {
            [
                Placement::Natural {
                    suit,
                    position: next,
                },
                Placement::RunJoker {
                    suit,
                    position: next,
                },
            ]
        });
        let sets = matches!(self.kind, Kind::Single | Kind::Set).then_some(self.low);
        let set = sets.into_iter().flat_map(|rank| {
            Suit::ALL
                .into_iter()
                .map(move |suit| Placement::Natural {
                    suit,
                    position: rank,
                })
                .chain([Placement::SetJoker { rank }])
        });
        run.chain(set)
    }

    /// Whether the meld being built can be completed into a valid meld with
    /// cards of `hand`, keeping a card of another face than `forbidden` in
    /// hand (J3). Four such cards outlast any completion (three cards at
    /// most), so only smaller hands need the search that tracks the hand.
    pub fn completable(&self, hand: &CardCounts, forbidden: Option<Card>) -> bool {
        let spare = hand.len() - forbidden.map_or(0, |card| hand.count(card));
        if spare >= 4 {
            return self.completable_from(hand);
        }
        self.searched(hand, &|hand: &CardCounts| keeps_a_discard(hand, forbidden))
    }

    /// [`Meld::completable`] for a new meld's first card, without building
    /// the meld (phase `play` asks it of every card in hand).
    pub fn start_completable(
        placement: Placement,
        hand: &CardCounts,
        forbidden: Option<Card>,
    ) -> bool {
        let spare = hand.len() - forbidden.map_or(0, |card| hand.count(card));
        if spare < 4 {
            return Meld::start(placement, 0).is_some_and(|meld| meld.completable(hand, forbidden));
        }
        let faces = hand.faces();
        let jokers = hand.count(Card::JOKER);
        let run = |suit: Suit, next: u8, top: u8, naturals: usize, last_joker: bool| {
            run_completes(
                |position| faces.contains(card_at(suit, position)),
                next,
                top,
                1,
                naturals,
                last_joker,
                jokers,
            )
        };
        match placement {
            Placement::Natural { suit, position } if position < ACE_HIGH => {
                let suits = faces.intersection(rank_faces(position)).len()
                    - usize::from(faces.contains(card_at(suit, position)));
                suits >= 2
                    || (suits == 1 && jokers > 0)
                    || run(suit, position + 1, Meld::top(position), 1, false)
            }
            Placement::RunJoker { suit, position } => {
                run(suit, position + 1, Meld::top(position), 0, true)
            }
            Placement::SetJoker { rank } => faces.intersection(rank_faces(rank)).len() >= 2,
            Placement::Natural { .. } => false,
        }
    }

    /// Whether some placements from `hand` complete the meld, by the cards'
    /// shape alone: a set needs three cards in all; a run's next positions
    /// are tried, three at most (every partial meld completes within three).
    fn completable_from(&self, hand: &CardCounts) -> bool {
        let faces = hand.faces();
        let jokers = hand.count(Card::JOKER);
        let set = || {
            let others = faces.intersection(rank_faces(self.low));
            let suits = self.set_suits();
            let new_suits = Suit::ALL
                .into_iter()
                .filter(|&suit| suits & 1 << suit as u8 == 0)
                .filter(|&suit| others.contains(card_at(suit, self.low)))
                .count();
            let joker = usize::from(!self.has_joker() && jokers > 0);
            self.len() + new_suits + joker >= 3
        };
        let run = |suit: Suit| {
            let next = self.low + self.len;
            let last_joker = self.slots[self.len() - 1].is_joker();
            run_completes(
                |position| faces.contains(card_at(suit, position)),
                next,
                Meld::top(self.low),
                self.len(),
                self.naturals(),
                last_joker,
                jokers,
            )
        };
        match self.kind {
            Kind::Set => set(),
            Kind::Run(suit) => run(suit),
            Kind::Single => set() || run(self.suit),
        }
    }

    /// The exhaustive search, for small hands where which cards are used
    /// decides whether a discard stays.
    fn searched(&self, hand: &CardCounts, keeps: &impl Fn(&CardCounts) -> bool) -> bool {
        if !keeps(hand) {
            return false;
        }
        if self.is_valid() {
            return true;
        }
        let faces = hand.faces();
        self.next_placements().any(|placement| {
            let card = placement.card();
            if !faces.contains(card) {
                return false;
            }
            let mut rest = *hand;
            rest.remove(card);
            self.extended(placement, 0)
                .is_some_and(|meld| meld.searched(&rest, keeps))
        })
    }

    /// The meld with a card laid off on it (a table meld: at either end of a
    /// run, or into a set), or a joker swapped out: the new meld and whether
    /// a joker came back to the hand. `None` if the placement does not fit.
    pub fn laid_off(&self, placement: Placement, by: u8) -> Option<(Meld, bool)> {
        let slot = Slot {
            card: placement.card(),
            by,
        };
        match (self.kind, placement) {
            (
                Kind::Run(run),
                Placement::Natural { suit, position } | Placement::RunJoker { suit, position },
            ) if suit == run => {
                let natural = matches!(placement, Placement::Natural { .. });
                let (low, high) = (self.low, self.high());
                if (low..=high).contains(&position) {
                    let index = usize::from(position - low);
                    return (natural && self.slots[index].is_joker()).then(|| {
                        let mut meld = *self;
                        meld.slots[index] = slot;
                        (meld, true)
                    });
                }
                if position + 1 == low && !(position == ACE_LOW && high == ACE_HIGH) {
                    if !natural && self.slots[0].is_joker() {
                        return None;
                    }
                    let mut meld = *self;
                    meld.slots.copy_within(0..self.len(), 1);
                    meld.slots[0] = slot;
                    meld.low -= 1;
                    meld.len += 1;
                    return Some((meld, false));
                }
                let fits = position == high + 1 && position <= Meld::top(low);
                (fits && (natural || !self.slots[self.len() - 1].is_joker()))
                    .then(|| (self.push(slot), false))
            }
            (Kind::Set, Placement::Natural { suit, position }) if position == self.low => {
                if self.missing_suit() == Some(suit) && self.len() == MAX_SET {
                    let index = self.slots().iter().position(|s| s.is_joker())?;
                    let mut meld = *self;
                    meld.slots[index] = slot;
                    return Some((meld, true));
                }
                self.extended(placement, by).map(|meld| (meld, false))
            }
            (Kind::Set, Placement::SetJoker { .. }) => {
                self.extended(placement, by).map(|meld| (meld, false))
            }
            _ => None,
        }
    }

    /// The faces that might go on this table meld (more than fit: the
    /// placements' rules decide): a set's rank and the joker; the card beyond
    /// each end of a run, the cards its jokers stand for, and the joker.
    pub fn wanted(&self) -> CardSet {
        let mut faces = CardSet::single(Card::JOKER);
        match self.kind {
            Kind::Run(suit) => {
                let (low, high) = (self.low, self.high());
                if low > ACE_LOW {
                    faces.insert(card_at(suit, low - 1));
                }
                if high < ACE_HIGH {
                    faces.insert(card_at(suit, high + 1));
                }
                for (index, slot) in self.slots().iter().enumerate() {
                    if slot.is_joker() {
                        faces.insert(card_at(suit, low + index as u8));
                    }
                }
                faces
            }
            _ => faces.union(rank_faces(self.low)),
        }
    }

    /// The placements that may go on a table meld, before asking whether the
    /// hand holds them: at each end of a run, natural or joker, and a natural
    /// card for each of its jokers; into a set, a card of each suit and a
    /// joker (at most 28, in no particular order).
    pub fn lay_off_candidates(&self) -> impl Iterator<Item = Placement> + '_ {
        let (run, set) = match self.kind {
            Kind::Run(suit) => (Some(suit), None),
            _ => (None, Some(self.low)),
        };
        let ends = run.into_iter().flat_map(move |suit| {
            let positions = [self.low.wrapping_sub(1), self.high() + 1];
            positions
                .into_iter()
                .filter(|p| (ACE_LOW..=ACE_HIGH).contains(p))
                .flat_map(move |position| {
                    [
                        Placement::Natural { suit, position },
                        Placement::RunJoker { suit, position },
                    ]
                })
        });
        let swaps = run.into_iter().flat_map(move |suit| {
            self.slots()
                .iter()
                .enumerate()
                .filter(|(_, slot)| slot.is_joker())
                .map(move |(index, _)| Placement::Natural {
                    suit,
                    position: self.low + index as u8,
                })
        });
        let into_set = set.into_iter().flat_map(|rank| {
            Suit::ALL
                .into_iter()
                .map(move |suit| Placement::Natural {
                    suit,
                    position: rank,
                })
                .chain([Placement::SetJoker { rank }])
        });
        ends.chain(swaps).chain(into_set)
    }
}

/// The meld `cards` make, written as laid out on the table (a run from its
/// lowest card up, each joker where it stands; a set in any order), all
/// placed by `by`: a set if its natural cards share a rank, else a run; `None`
/// if they make no valid meld (L6, L7).
pub fn read_meld(cards: &[Card], by: u8) -> Option<Meld> {
    let placements = meld_placements(cards)?;
    let mut meld = Meld::EMPTY;
    for &placement in &placements {
        meld = meld.extended(placement, by)?;
    }
    meld.is_valid().then_some(meld)
}

/// The placements that lay `cards` (as [`read_meld`] reads them) one by one
/// on a new meld, in an order the meld accepts; `None` if they make no
/// valid meld.
pub(super) fn meld_placements(cards: &[Card]) -> Option<Vec<Placement>> {
    let naturals: Vec<(usize, Card)> = cards
        .iter()
        .copied()
        .enumerate()
        .filter(|(_, card)| !card.is_joker())
        .collect();
    let &(first_index, first) = naturals.first()?;
    let rank = set_rank(first)?;
    let is_set = naturals
        .iter()
        .all(|&(_, card)| set_rank(card) == Some(rank));
    let placements: Vec<Placement> = if is_set {
        // Natural cards first, so that the set's rank is known before a joker.
        let jokers = cards.len() - naturals.len();
        naturals
            .iter()
            .map(|&(_, card)| {
                card.suit().map(|suit| Placement::Natural {
                    suit,
                    position: rank,
                })
            })
            .chain((0..jokers).map(|_| Some(Placement::SetJoker { rank })))
            .collect::<Option<_>>()?
    } else {
        let suit = first.suit()?;
        let low = usize::from(rank)
            .checked_sub(first_index)
            .filter(|&low| low >= 1)?;
        (0..cards.len())
            .map(|index| {
                let position = u8::try_from(low + index).ok()?;
                if !(ACE_LOW..=ACE_HIGH).contains(&position) {
                    return None;
                }
                Some(if cards[index].is_joker() {
                    Placement::RunJoker { suit, position }
                } else {
                    Placement::Natural { suit, position }
                })
            })
            .collect::<Option<_>>()?
    };
    let mut meld = Meld::EMPTY;
    for (index, &placement) in placements.iter().enumerate() {
        if !is_set && !cards[index].is_joker() && placement.card() != cards[index] {
            return None;
        }
        meld = meld.extended(placement, 0)?;
    }
    meld.is_valid().then_some(placements)
}
