//! Observation tensors and action masks for learning agents (docs/protocol.md,
//! "Tensors and masks").
//!
//! A game's observation tensor is what one seat may know as a fixed number of
//! `f32` features, [`Game::TENSOR_SIZE`], the same at every player count: seats
//! are numbered from the observer (block `k` is the seat `k` places after it
//! in the order of play) and blocks of seats a table does not have stay zero. Each game lays
//! its features out in `games/<game>/tensor.rs`, documented term by term in
//! its rules page; [`Features`] is the one writer they share.
//!
//! The same layout seen from no seat ([`Viewer::Public`]: seats counted from
//! seat 0, what one seat knows alone left zero) is the public observation
//! tensor, and the full-state tensor for centralised critics is that
//! followed by every hand and hidden pile ([`Game::layout_hidden`]): one
//! layout function per game ([`Game::layout`]) writes all three.

use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{ActionId, Game};
use crate::trick::Trick;

/// Writes a tensor's features in order; [`Features::finish`] checks that
/// every one was written. The tensor is zeroed once up front, so a block
/// writes only its nonzero features: one memset beats one per block.
pub struct Features<'a> {
    out: &'a mut [f32],
    at: usize,
    /// The last deck written by [`Features::cards`] (where it starts, its
    /// length) and its face ids as bits.
    deck: Option<(*const Card, usize, u128)>,
}

impl<'a> Features<'a> {
    /// A writer over `out`, which it zeroes and fills from the start.
    pub fn new(out: &'a mut [f32]) -> Self {
        out.fill(0.0);
        Features {
            out,
            at: 0,
            deck: None,
        }
    }

    /// One feature.
    pub fn value(&mut self, value: f32) {
        self.out[self.at] = value;
        self.at += 1;
    }

    /// A feature that is 1 when `on`, else 0.
    pub fn flag(&mut self, on: bool) {
        self.value(f32::from(u8::from(on)));
    }

    /// The next `len` features, all 0: a block a game writes in any order.
    pub fn block(&mut self, len: usize) -> &mut [f32] {
        let block = &mut self.out[self.at..self.at + len];
        self.at += len;
        block
    }

    /// `len` features, 1 at `index` and 0 elsewhere (all 0 for `None`).
    pub fn one_hot(&mut self, index: Option<usize>, len: usize) {
        let block = self.block(len);
        if let Some(index) = index {
            block[index] = 1.0;
        }
    }

    /// One feature per card of `deck` (in increasing face id, as every
    /// game's action order lists its cards): 1 for the cards in `set`.
    pub fn cards(&mut self, deck: &[Card], set: CardSet) {
        debug_assert!(deck.windows(2).all(|pair| pair[0].id() < pair[1].id()));
        let deck_bits = self.deck_bits(deck);
        let block = self.block(deck.len());
        // A card's place in the deck is the number of deck cards below it.
        let mut left = set.bits() & deck_bits;
        while left != 0 {
            let bit = left & left.wrapping_neg();
            block[(deck_bits & (bit - 1)).count_ones() as usize] = 1.0;
            left ^= bit;
        }
    }

    /// The deck as a set of face ids, kept for the next block of the same deck.
    fn deck_bits(&mut self, deck: &[Card]) -> u128 {
        match self.deck {
            Some((start, len, bits)) if start == deck.as_ptr() && len == deck.len() => bits,
            _ => {
                let bits = deck.iter().fold(0, |bits, card| bits | 1 << card.id());
                self.deck = Some((deck.as_ptr(), deck.len(), bits));
                bits
            }
        }
    }

    /// `SEATS` blocks of `deck`, one per seat counted from `observer` round a
    /// table of `players` (block `k` is the seat `k` places after it): the
    /// cards of `plays` each seat played. Blocks past the table stay zero.
    pub fn cards_by_seat<const SEATS: usize>(
        &mut self,
        deck: &[Card],
        plays: impl IntoIterator<Item = (usize, Card)>,
        observer: usize,
        players: usize,
    ) {
        // Gathered by seat, then written in the observer's order: no
        // `relative` per card.
        let mut by_seat = [CardSet::EMPTY; SEATS];
        for (seat, card) in plays {
            by_seat[seat].insert(card);
        }
        self.seat_cards(deck, &by_seat, observer, players);
    }

    /// The cards of each seat (`by_seat`, indexed by seat), one block of
    /// `deck` per seat counted from `observer`, as [`Features::cards_by_seat`].
    pub fn seat_cards<const SEATS: usize>(
        &mut self,
        deck: &[Card],
        by_seat: &[CardSet; SEATS],
        observer: usize,
        players: usize,
    ) {
        for k in 0..SEATS {
            match seat_at(k, observer, players) {
                Some(seat) => self.cards(deck, by_seat[seat]),
                None => self.zeros(deck.len()),
            }
        }
    }

    /// The trick in play: its cards by seat ([`Features::cards_by_seat`]),
    /// then the seat that led it (none while it is empty).
    pub fn trick<const N: usize, const SEATS: usize>(
        &mut self,
        deck: &[Card],
        trick: &Trick<N>,
        observer: usize,
        players: usize,
    ) {
        self.cards_by_seat::<SEATS>(deck, trick.plays(), observer, players);
        let leader = (!trick.is_empty()).then(|| relative(trick.leader(), observer, players));
        self.one_hot(leader, SEATS);
    }

    /// `len` zero features: a block the table does not use.
    pub fn zeros(&mut self, len: usize) {
        self.block(len);
    }

    /// The number of features written so far.
    pub const fn written(&self) -> usize {
        self.at
    }

    /// Checks that the whole tensor was written.
    pub fn finish(self) {
        assert_eq!(self.at, self.out.len(), "a tensor writes every feature");
    }
}

/// The seat `seat` as the observer numbers it: 0 itself, 1 the next seat in
/// the order of play, and so on round a table of `players`. Both seats are
/// at the table, so it wraps round by a comparison: a division (`%`) costs
/// more than the rest of a feature.
pub const fn relative(seat: usize, observer: usize, players: usize) -> usize {
    debug_assert!(seat < players && observer < players);
    let k = seat + players - observer;
    if k >= players {
        k - players
    } else {
        k
    }
}

/// The seat the observer numbers `k` ([`relative`]'s inverse), if a table
/// of `players` has one.
pub const fn seat_at(k: usize, observer: usize, players: usize) -> Option<usize> {
    if k >= players {
        return None;
    }
    let seat = observer + k;
    Some(if seat >= players {
        seat - players
    } else {
        seat
    })
}

/// Whose point of view a tensor's layout is written from (docs/protocol.md,
/// "Tensors and masks").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// A seat's observation tensor: seats counted from it, its own hand and
    /// what only it knows included.
    Seat(usize),
    /// The public observation tensor: seats counted from seat 0, what any
    /// one seat knows alone left out (zero).
    Public,
}

impl Viewer {
    /// The seat block 0 describes: the observer, or seat 0.
    pub const fn origin(self) -> usize {
        match self {
            Viewer::Seat(seat) => seat,
            Viewer::Public => 0,
        }
    }

    /// Whether the viewer is `seat` itself (never for the public tensor).
    pub const fn is(self, seat: usize) -> bool {
        matches!(self, Viewer::Seat(viewer) if viewer == seat)
    }

    /// The viewer's own hand: `hand(seat)` for a seat, `T::default()`
    /// (nothing) for the public tensor.
    pub fn own<T: Default>(self, hand: impl FnOnce(usize) -> T) -> T {
        match self {
            Viewer::Seat(seat) => hand(seat),
            Viewer::Public => T::default(),
        }
    }
}

/// `game`'s observation layout as `viewer` sees it, into `out`.
pub fn encode<G: Game>(game: &G, viewer: Viewer, out: &mut [f32]) {
    let mut features = Features::new(out);
    game.layout(viewer, &mut features);
    features.finish();
}

/// Fills `out` (one flag per action id, `G::ACTION_COUNT` of them) with the
/// legal actions of `game`, as bools or as 0/1 integers (the environments'
/// int8 masks); `scratch` is reused between calls.
pub fn legal_mask<G: Game, F: From<bool> + Copy>(
    game: &G,
    scratch: &mut Vec<ActionId>,
    out: &mut [F],
) {
    game.legal_actions(scratch);
    out.fill(F::from(false));
    for &action in scratch.iter() {
        out[usize::from(action)] = F::from(true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::table_options;
    use crate::games::{brouc::Brouc, five_hundred::FiveHundred, jolly::Jolly};
    use crate::games::{julien::Julien, tarot::Tarot};
    use crate::rng::SplitMix64;

    /// Along random matches at every table: every feature is finite, the
    /// tensor of a seat is the same when asked twice, and the mask is the
    /// legal actions.
    fn tensors_and_masks_follow_play<G: Game>() {
        let mut tensor = vec![f32::NAN; G::TENSOR_SIZE];
        let mut again = vec![0.0; G::TENSOR_SIZE];
        let mut mask = vec![true; G::ACTION_COUNT];
        let (mut scratch, mut legal) = (Vec::new(), Vec::new());
        for seed in 0..3 {
            let mut game = G::new(seed, &table_options::<G>(seed as usize)).unwrap();
            let mut rng = SplitMix64::new(seed);
            loop {
                for seat in 0..game.num_players() {
                    tensor.fill(f32::NAN);
                    game.encode(seat, &mut tensor);
                    assert!(tensor.iter().all(|x| x.is_finite()), "{}", G::NAME);
                    game.encode(seat, &mut again);
                    assert_eq!(tensor, again);
                }
                legal_mask(&game, &mut scratch, &mut mask);
                game.legal_actions(&mut legal);
                let masked: Vec<ActionId> = (0..G::ACTION_COUNT)
                    .filter(|&i| mask[i])
                    .map(|i| i as ActionId)
                    .collect();
                assert_eq!(masked, legal);
                if game.play_random(&mut rng).is_none() {
                    break;
                }
            }
        }
    }

    /// Along random matches at every table: the full-state tensor is
    /// finite, starts with the public tensor and holds every seat's hand
    /// (`hands` checks its tail); seat 0's observation tensor, which counts
    /// seats as the public one does, agrees with it wherever the public
    /// tensor is nonzero.
    fn public_and_state_tensors_follow_play<G: Game>(hands: impl Fn(&G, &[f32]) -> bool) {
        let mut public = vec![f32::NAN; G::TENSOR_SIZE];
        let mut state = vec![f32::NAN; G::STATE_TENSOR_SIZE];
        let mut seat0 = vec![f32::NAN; G::TENSOR_SIZE];
        for seed in 0..3 {
            let mut game = G::new(seed, &table_options::<G>(seed as usize)).unwrap();
            let mut rng = SplitMix64::new(seed);
            loop {
                game.encode_public(&mut public);
                game.encode_state(&mut state);
                assert!(state.iter().all(|x| x.is_finite()), "{}", G::NAME);
                assert_eq!(state[..G::TENSOR_SIZE], public[..], "{}", G::NAME);
                assert!(hands(&game, &state[G::TENSOR_SIZE..]), "{}", G::NAME);
                // Seat 0's observation counts seats as the public tensor
                // does: it knows all the public tensor tells.
                game.encode(0, &mut seat0);
                for (i, (&p, &o)) in public.iter().zip(&seat0).enumerate() {
                    assert!(p == 0.0 || p == o, "{} feature {i}: {p} vs {o}", G::NAME);
                }
                if game.play_random(&mut rng).is_none() {
                    break;
                }
            }
        }
    }

    /// The cards of `G`'s deck in face-id order: the cards its actions name.
    fn deck_of<G: Game>() -> Vec<Card> {
        let mut deck: Vec<Card> = (0..G::ACTION_COUNT)
            .filter_map(|action| G::action_card(action as ActionId))
            .collect();
        deck.sort_by_key(|card| card.id());
        deck.dedup();
        deck
    }

    /// The first `seats` blocks of a state tensor's tail, one per seat
    /// from seat 0, each a deck wide, read back as cards: `hand(seat)` for a
    /// seat at the table, nothing past it.
    fn hand_blocks_are<G: Game>(
        game: &G,
        tail: &[f32],
        seats: usize,
        hand: impl Fn(usize) -> CardSet,
    ) -> bool {
        let deck = deck_of::<G>();
        (0..seats).all(|seat| {
            let block = &tail[seat * deck.len()..(seat + 1) * deck.len()];
            let read: CardSet = deck
                .iter()
                .zip(block)
                .filter(|(_, &x)| x == 1.0)
                .map(|(&card, _)| card)
                .collect();
            let expected = if seat < game.num_players() {
                hand(seat)
            } else {
                CardSet::EMPTY
            };
            block.iter().all(|&x| x == 0.0 || x == 1.0) && read == expected
        })
    }

    #[test]
    fn public_and_state_tensors_of_every_game() {
        public_and_state_tensors_follow_play::<Brouc>(|game, tail| {
            hand_blocks_are(game, tail, 4, |seat| game.hand(seat).unwrap())
        });
        public_and_state_tensors_follow_play::<Julien>(|game, tail| {
            hand_blocks_are(game, tail, 4, |seat| game.hand(seat).unwrap())
        });
        public_and_state_tensors_follow_play::<FiveHundred>(|game, tail| {
            hand_blocks_are(game, tail, 4, |seat| game.hand(seat).unwrap())
        });
        public_and_state_tensors_follow_play::<Tarot>(|game, tail| {
            hand_blocks_are(game, tail, 5, |seat| game.hand(seat).unwrap())
        });
        // Jolly's hands are counts of two decks: tests/test_tensors.py reads them.
        public_and_state_tensors_follow_play::<Jolly>(|_, tail| {
            tail.iter().all(|&x| (0.0..=1.0).contains(&x))
        });
    }

    #[test]
    fn every_game_encodes_every_position() {
        tensors_and_masks_follow_play::<Brouc>();
        tensors_and_masks_follow_play::<Julien>();
        tensors_and_masks_follow_play::<Tarot>();
        tensors_and_masks_follow_play::<FiveHundred>();
        tensors_and_masks_follow_play::<Jolly>();
    }

    #[test]
    fn seats_are_numbered_from_the_observer() {
        assert_eq!(relative(2, 2, 4), 0);
        assert_eq!(relative(3, 2, 4), 1);
        assert_eq!(relative(0, 2, 4), 2);
        assert_eq!(relative(1, 2, 3), 2);
        for players in 2..=5 {
            for observer in 0..players {
                for seat in 0..players {
                    let k = relative(seat, observer, players);
                    assert_eq!(k, (seat + players - observer) % players);
                    assert_eq!(seat_at(k, observer, players), Some(seat));
                }
                assert_eq!(seat_at(players, observer, players), None);
            }
        }
    }
}
