//! Determinization: a whole state drawn among those a seat cannot tell from
//! the true one. Search bots sample these instead of reading hidden cards
//! (docs/bots.md); each game says what its seats may know and hands the
//! hidden cards to [`place_uniformly`], which every game shares.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::game::Game;
use crate::rng::SplitMix64;

/// A game whose seats do not see everything.
pub trait Determinize: Game {
    /// A state that `seat` cannot tell from this one: its observation and its
    /// tensor are equal, and the state is one play can reach. The hidden cards
    /// are placed uniformly among the placements consistent with what `seat`
    /// has seen (voids shown by play, cards shown or passed, sizes of hands
    /// and of hidden piles), and hidden randomness still to come (later deals)
    /// is redrawn from `rng`.
    ///
    /// The result depends on what `seat` may know and on `rng` alone, never on
    /// where the hidden cards really are: two states with equal observations
    /// give equal determinizations from equal generators.
    ///
    /// `seat` must be a seat of the table (`check_seat` first when it comes
    /// from a caller).
    fn determinize(&self, seat: usize, rng: &mut SplitMix64) -> Self;
}

/// The most places [`place_uniformly`] distributes items into.
pub const MAX_PLACES: usize = 8;
/// The most items [`place_uniformly`] distributes: two 54-card decks.
pub const MAX_ITEMS: usize = 127;

/// `FACTORIALS[n] = n!` as floats (exact to 22!, then rounded; 127! < 1e214).
const FACTORIALS: [f64; MAX_ITEMS + 1] = {
    let mut table = [1.0; MAX_ITEMS + 1];
    let mut n = 1;
    while n <= MAX_ITEMS {
        table[n] = table[n - 1] * n as f64;
        n += 1;
    }
    table
};

/// Remaining capacity per place.
type Capacities = [u8; MAX_PLACES];

/// Distributes `items` into places of the given `capacities`, each item to one
/// of the places its mask allows (bit `p` for place `p`), uniformly among all
/// such distributions of distinguishable items. Returns each place's items, or
/// `None` when no distribution exists (the capacities must add up to the items).
///
/// Within a place the items come in no meaningful order, and the draw depends
/// only on the order of `items`: callers list them in an order that does not
/// reveal where they are (by card id, say), so the result does too.
///
/// Exact: first a few plain shuffles of the items, each cut into the places in
/// order and kept if every item lands where its mask allows (rejection keeps
/// the draw uniform over the allowed distributions, and is all a draw needs
/// when the masks rarely bite). When none is kept, items with the same mask
/// form groups, the distributions of the remaining groups into each remaining
/// capacity vector are counted (memoized, in floats: only ratios matter, and
/// kept for the next draw of the same groups on the thread), and each group's
/// split is drawn with its true weight. A mixture of two uniform draws is
/// uniform.
pub fn place_uniformly<T: Copy>(
    items: &[(T, u16)],
    capacities: &[usize],
    rng: &mut SplitMix64,
) -> Option<Vec<Vec<T>>> {
    if capacities.iter().sum::<usize>() != items.len() {
        return None;
    }
    let groups = grouped(items, capacities);
    if let Some(places) = shuffled_cut(items, capacities, rng) {
        return Some(places);
    }
    let mut remaining = as_capacities(capacities);
    let sizes: Vec<(u16, usize)> = groups.iter().map(|(m, g)| (*m, g.len())).collect();
    let mut counter = Counter::recalled(&sizes);
    if counter.ways(0, remaining) == 0.0 {
        return None;
    }
    let mut places = vec![Vec::new(); capacities.len()];
    for (index, (mask, mut group)) in groups.into_iter().enumerate() {
        let split = counter.draw_split(index, remaining, rng);
        rng.shuffle(&mut group);
        let mut cards = group.into_iter();
        for place in places_of(mask) {
            places[place].extend(cards.by_ref().take(usize::from(split[place])));
            remaining[place] -= split[place];
        }
    }
    counter.keep();
    Some(places)
}

/// For each of `capacities` (one capacity per place, as many places in
/// each), how many distributions [`place_uniformly`] draws among (in a
/// float: only ratios matter), counted as it counts them and with the same
/// memo: a game that draws how many items of a kind a place gets, then
/// places the items under that split, weighs each split by its count.
pub fn count_placements<'c, T: Copy>(
    items: &[(T, u16)],
    capacities: impl IntoIterator<Item = &'c [usize]>,
) -> Vec<f64> {
    let mut capacities = capacities.into_iter().peekable();
    let Some(first) = capacities.peek() else {
        return Vec::new();
    };
    let groups = grouped(items, first);
    let sizes: Vec<(u16, usize)> = groups.iter().map(|(m, g)| (*m, g.len())).collect();
    let mut counter = Counter::recalled(&sizes);
    let counts = capacities
        .map(|capacities| {
            if capacities.iter().sum::<usize>() == items.len() {
                counter.ways(0, as_capacities(capacities))
            } else {
                0.0
            }
        })
        .collect();
    counter.keep();
    counts
}

/// The items grouped by mask, in the caller's order within a group. The
/// groups allowed in the fewest places come first: the last group's split
/// is forced by the room left, so the widest group, last, costs nothing to
/// count.
fn grouped<T: Copy>(items: &[(T, u16)], capacities: &[usize]) -> Vec<(u16, Vec<T>)> {
    assert!(capacities.len() <= MAX_PLACES && items.len() <= MAX_ITEMS);
    let all_places = (1u16 << capacities.len()) - 1;
    let mut groups: Vec<(u16, Vec<T>)> = Vec::new();
    let order = |mask: u16| (mask.count_ones(), mask);
    for &(item, mask) in items {
        let mask = mask & all_places;
        match groups.binary_search_by_key(&order(mask), |&(m, _)| order(m)) {
            Ok(at) => groups[at].1.push(item),
            Err(at) => groups.insert(at, (mask, vec![item])),
        }
    }
    groups
}

fn as_capacities(capacities: &[usize]) -> Capacities {
    let mut remaining: Capacities = [0; MAX_PLACES];
    for (slot, &capacity) in remaining.iter_mut().zip(capacities) {
        *slot = capacity as u8;
    }
    remaining
}

/// Counts of distributions, by [`memo_key`].
type Memo = HashMap<u64, f64, BuildHasherDefault<KeyHasher>>;

/// A group index (below 128, as there are at most [`MAX_ITEMS`] items) and
/// remaining capacities (each at most [`MAX_ITEMS`]) in one word, 7 bits each.
fn memo_key(index: usize, remaining: Capacities) -> u64 {
    remaining.iter().fold(index as u64, |key, &capacity| {
        key << 7 | u64::from(capacity)
    })
}

/// Hashes a memo key by one multiplication: the keys are the library's own
/// and hashing with SipHash was a third of a count.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0 ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    /// The table takes its buckets from the low bits, which a product mixes least.
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }
}

thread_local! {
    /// The groups [`place_uniformly`] last counted on this thread, and their
    /// counts. A search draws hundreds of times from one position, and the
    /// counting is most of a draw; the counts depend on the groups alone
    /// (their masks and sizes), so reusing them leaves every draw unchanged.
    static COUNTED: RefCell<(Vec<(u16, usize)>, Memo)> = RefCell::new((Vec::new(), Memo::default()));
}

#[cfg(test)]
thread_local! {
    static STATES_COUNTED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many counts this thread has made, to bound a draw's work in tests.
#[cfg(test)]
pub(crate) fn counted_states() -> usize {
    STATES_COUNTED.get()
}

/// How many plain shuffles [`place_uniformly`] tries before counting.
const SHUFFLES: usize = 8;

/// A plain shuffle of the items cut into the places in order, if one of
/// [`SHUFFLES`] tries puts every item where its mask allows.
fn shuffled_cut<T: Copy>(
    items: &[(T, u16)],
    capacities: &[usize],
    rng: &mut SplitMix64,
) -> Option<Vec<Vec<T>>> {
    let mut order: Vec<(T, u16)> = items.to_vec();
    let fits = |order: &[(T, u16)]| {
        let mut at = 0;
        capacities.iter().enumerate().all(|(place, &size)| {
            let cut = &order[at..at + size];
            at += size;
            cut.iter().all(|&(_, mask)| mask >> place & 1 == 1)
        })
    };
    for _ in 0..SHUFFLES {
        order.copy_from_slice(items);
        rng.shuffle(&mut order);
        if fits(&order) {
            let mut cards = order.into_iter().map(|(item, _)| item);
            let places = capacities
                .iter()
                .map(|&size| cards.by_ref().take(size).collect())
                .collect();
            return Some(places);
        }
    }
    None
}

fn places_of(mask: u16) -> impl Iterator<Item = usize> {
    (0..MAX_PLACES).filter(move |p| mask >> p & 1 == 1)
}

/// Counts the distributions of groups `index..` into capacities.
struct Counter<'a> {
    groups: &'a [(u16, usize)],
    memo: Memo,
}

impl<'a> Counter<'a> {
    /// A counter for `groups`, with the counts this thread last kept if
    /// they were for the same groups.
    fn recalled(groups: &'a [(u16, usize)]) -> Counter<'a> {
        let memo = COUNTED.with_borrow_mut(|(counted, memo)| {
            if *counted == groups {
                std::mem::take(memo)
            } else {
                Memo::default()
            }
        });
        Counter { groups, memo }
    }

    /// Keeps the counts for the next draw of the same groups on this thread.
    fn keep(self) {
        COUNTED.with_borrow_mut(|counted| *counted = (self.groups.to_vec(), self.memo));
    }

    fn ways(&mut self, index: usize, remaining: Capacities) -> f64 {
        let Some(&(mask, size)) = self.groups.get(index) else {
            return if remaining.iter().all(|&c| c == 0) {
                1.0
            } else {
                0.0
            };
        };
        if let Some(&ways) = self.memo.get(&memo_key(index, remaining)) {
            return ways;
        }
        let mut total = 0.0;
        for_each_split(mask, size, remaining, &mut |split, weight| {
            total += weight * self.ways(index + 1, minus(remaining, split));
        });
        self.memo.insert(memo_key(index, remaining), total);
        #[cfg(test)]
        STATES_COUNTED.set(STATES_COUNTED.get() + 1);
        total
    }

    /// How many of group `index` go to each place, drawn with weight
    /// (ways to order the group that way) × (ways to place the rest).
    fn draw_split(
        &mut self,
        index: usize,
        remaining: Capacities,
        rng: &mut SplitMix64,
    ) -> Capacities {
        let (mask, size) = self.groups[index];
        let mut target = rng.unit() * self.ways(index, remaining);
        let mut chosen = None;
        let mut last_possible = None;
        for_each_split(mask, size, remaining, &mut |split, weight| {
            if chosen.is_some() {
                return;
            }
            let ways = weight * self.ways(index + 1, minus(remaining, split));
            if ways > 0.0 {
                last_possible = Some(split);
                if target < ways {
                    chosen = Some(split);
                }
                target -= ways;
            }
        });
        // Rounding can leave the target just past the last weight.
        chosen
            .or(last_possible)
            .expect("a counted group has a split")
    }
}

fn minus(remaining: Capacities, split: Capacities) -> Capacities {
    let mut left = remaining;
    for (slot, taken) in left.iter_mut().zip(split) {
        *slot -= taken;
    }
    left
}

/// Calls `visit(split, multinomial)` for each way to split `size` items among
/// the places of `mask` within `remaining`, in a fixed order. A place never
/// gets fewer than the later places cannot take, so no dead end is listed.
fn for_each_split(
    mask: u16,
    size: usize,
    remaining: Capacities,
    visit: &mut dyn FnMut(Capacities, f64),
) {
    let places: Vec<usize> = places_of(mask).collect();
    // room[i]: the room left in places[i..].
    let mut room = vec![0; places.len() + 1];
    for i in (0..places.len()).rev() {
        room[i] = room[i + 1] + usize::from(remaining[places[i]]);
    }
    let mut split = [0u8; MAX_PLACES];
    let mut denominators = vec![1.0; places.len() + 1];
    let mut counts = vec![0usize; places.len()];
    // An odometer over the places, each count from its least to its most.
    let least = |i: usize, left: usize| left.saturating_sub(room[i + 1]);
    let most = |i: usize, left: usize| left.min(usize::from(remaining[places[i]]));
    if size > room[0] {
        return;
    }
    let mut lefts = vec![size; places.len() + 1];
    let mut i = 0;
    loop {
        if i == places.len() {
            if lefts[i] == 0 {
                for (&place, &count) in places.iter().zip(&counts) {
                    split[place] = count as u8;
                }
                visit(split, FACTORIALS[size] / denominators[i]);
            }
            // Back up to the last place that can take one more.
            loop {
                if i == 0 {
                    return;
                }
                i -= 1;
                if counts[i] < most(i, lefts[i]) {
                    counts[i] += 1;
                    break;
                }
            }
        } else {
            counts[i] = least(i, lefts[i]);
        }
        lefts[i + 1] = lefts[i] - counts[i];
        denominators[i + 1] = denominators[i] * FACTORIALS[counts[i]];
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// Every distribution of `items` (by index) into the capacities, by brute force.
    fn enumerate(masks: &[u16], capacities: &[usize]) -> Vec<Vec<usize>> {
        let mut found = Vec::new();
        let mut assignment = vec![0; masks.len()];
        fn recurse(
            at: usize,
            masks: &[u16],
            left: &mut Vec<usize>,
            assignment: &mut Vec<usize>,
            found: &mut Vec<Vec<usize>>,
        ) {
            if at == masks.len() {
                found.push(assignment.clone());
                return;
            }
            let places = left.len();
            for place in places_of(masks[at]).filter(|&p| p < places) {
                if left[place] > 0 {
                    left[place] -= 1;
                    assignment[at] = place;
                    recurse(at + 1, masks, left, assignment, found);
                    left[place] += 1;
                }
            }
        }
        let mut left = capacities.to_vec();
        recurse(0, masks, &mut left, &mut assignment, &mut found);
        found
    }

    /// The place of each item in a draw.
    fn assignment_of(places: &[Vec<usize>], items: usize) -> Vec<usize> {
        let mut assignment = vec![usize::MAX; items];
        for (place, held) in places.iter().enumerate() {
            for &item in held {
                assignment[item] = place;
            }
        }
        assignment
    }

    fn frequencies_match_enumeration(masks: &[u16], capacities: &[usize], draws: usize) {
        let expected = enumerate(masks, capacities);
        assert!(!expected.is_empty());
        let items: Vec<(usize, u16)> = masks.iter().copied().enumerate().collect();
        let mut rng = SplitMix64::new(42);
        let mut counts: BTreeMap<Vec<usize>, usize> = BTreeMap::new();
        for _ in 0..draws {
            let places = place_uniformly(&items, capacities, &mut rng).unwrap();
            for (place, held) in places.iter().enumerate() {
                assert_eq!(held.len(), capacities[place]);
                for &item in held {
                    assert!(
                        masks[item] >> place & 1 == 1,
                        "item {item} in place {place}"
                    );
                }
            }
            *counts
                .entry(assignment_of(&places, masks.len()))
                .or_default() += 1;
        }
        assert_eq!(counts.len(), expected.len(), "every distribution is drawn");
        let p = 1.0 / expected.len() as f64;
        let mean = draws as f64 * p;
        let sigma = (draws as f64 * p * (1.0 - p)).sqrt();
        for assignment in &expected {
            let seen = counts[assignment] as f64;
            assert!(
                (seen - mean).abs() < 5.0 * sigma,
                "{assignment:?}: {seen} vs {mean}"
            );
        }
    }

    #[test]
    fn one_group_is_uniform() {
        frequencies_match_enumeration(&[0b111; 5], &[2, 2, 1], 30_000);
    }

    #[test]
    fn voids_and_fixed_cards_are_uniform() {
        // Place 0 is void in the first suit (items 0-2), item 6 must go to place 2,
        // items 3-5 may go anywhere: unequal group sizes weigh the splits.
        let masks = [0b110, 0b110, 0b110, 0b111, 0b111, 0b111, 0b100];
        frequencies_match_enumeration(&masks, &[3, 2, 2], 40_000);
    }

    #[test]
    fn many_overlapping_groups_are_uniform() {
        let masks = [
            0b0011, 0b0110, 0b1100, 0b1001, 0b1111, 0b0111, 0b1110, 0b1011,
        ];
        frequencies_match_enumeration(&masks, &[2, 2, 2, 2], 40_000);
    }

    #[test]
    fn repeated_draws_reuse_their_counts_and_draw_the_same() {
        // Three places each void in one third of 30 items: no plain shuffle fits.
        let items: Vec<(usize, u16)> = (0..30).map(|i| (i, 0b111 ^ 1 << (i % 3))).collect();
        let draw = |seed| place_uniformly(&items, &[10, 10, 10], &mut SplitMix64::new(seed));
        // Two groups of ten, one per place: counted too, and small.
        let other: Vec<(usize, u16)> = (0..20).map(|i| (i, 1 << (i / 10))).collect();
        let count_other = || place_uniformly(&other, &[10, 10], &mut SplitMix64::new(0));
        let before = counted_states();
        draw(0);
        let counted = counted_states();
        assert!(counted > before);
        let reused: Vec<_> = (1..30).map(draw).collect();
        assert_eq!(
            counted_states(),
            counted,
            "the same groups count nothing new"
        );
        count_other();
        assert!(counted_states() > counted, "other groups are counted");
        // Counted afresh, the draws are the same.
        for (seed, draw_reusing) in (1..30).zip(reused) {
            count_other();
            let fresh = counted_states();
            assert_eq!(draw(seed), draw_reusing);
            assert!(counted_states() > fresh);
        }
    }

    #[test]
    fn impossible_placements_are_none() {
        let mut rng = SplitMix64::new(1);
        // Two items only place 0 may hold, and place 0 holds one.
        let items = [(0, 0b01), (1, 0b01)];
        assert!(place_uniformly(&items, &[1, 1], &mut rng).is_none());
        // Capacities that do not add up.
        assert!(place_uniformly(&[(0, 0b11)], &[1, 1], &mut rng).is_none());
    }

    /// The counts a caller weighs its splits by: a few known by hand, and
    /// none where the capacities do not add up or the masks forbid it.
    #[test]
    fn placements_are_counted_by_capacities() {
        // Four items anywhere in two places; a fifth only in place 1.
        let mut items = vec![(0, 0b11), (1, 0b11), (2, 0b11), (3, 0b11)];
        let counts = count_placements(&items, [&[2, 2][..], &[1, 3], &[0, 4], &[1, 1]]);
        assert_eq!(counts, [6.0, 4.0, 1.0, 0.0]);
        items.push((4, 0b10));
        let counts = count_placements(&items, [&[2, 3][..], &[4, 1], &[5, 0]]);
        assert_eq!(counts, [6.0, 1.0, 0.0]);
        assert!(count_placements(&items, std::iter::empty()).is_empty());
    }

    #[test]
    fn large_deals_are_fast_and_exact_in_size() {
        // Two 54-card decks less a 13-card hand: three hands and a stock.
        let items: Vec<(usize, u16)> = (0..95)
            .map(|i| (i, if i < 7 { 0b0110 } else { 0b1111 }))
            .collect();
        let mut rng = SplitMix64::new(3);
        for _ in 0..200 {
            let places = place_uniformly(&items, &[13, 13, 13, 56], &mut rng).unwrap();
            let sizes: Vec<usize> = places.iter().map(Vec::len).collect();
            assert_eq!(sizes, [13, 13, 13, 56]);
            assert!(places[0].iter().chain(&places[3]).all(|&i| i >= 7));
        }
    }

    #[test]
    fn the_draw_depends_on_the_items_and_the_generator_only() {
        let items: Vec<(u8, u16)> = (0..20).map(|i| (i, 0b111 ^ (1 << (i % 3)))).collect();
        let once = place_uniformly(&items, &[7, 7, 6], &mut SplitMix64::new(9));
        let again = place_uniformly(&items, &[7, 7, 6], &mut SplitMix64::new(9));
        assert_eq!(once, again);
    }
}
