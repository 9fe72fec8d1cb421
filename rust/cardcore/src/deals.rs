//! A match's deals, as every game names them (docs/protocol.md,
//! "Vocabulary"): the deal in play, the deals finished, the last one.
//!
//! Each game keeps the records of the deals finished before the one in
//! play and the record of the deal in play; once the match is over, the deal
//! in play is finished too. [`Deals`] answers the same three questions for
//! every game, during the match and after it ends.

use std::borrow::Cow;

use crate::game::Game;
use crate::observation::Observation;

/// The records of a match's deals (a Le Julien Tour, a Jolly round).
pub trait Deals: Game {
    /// One deal's record.
    type Deal: Clone;

    /// The record of the deal in play (the last one, once the match is over).
    fn current_deal(&self) -> Cow<'_, Self::Deal>;

    /// The records of the deals finished before the one in play, oldest first.
    fn earlier_deals(&self) -> &[Self::Deal];

    /// Every deal finished, oldest first, void deals included: the earlier
    /// ones, and the deal in play once the match is over.
    fn finished_deals(&self) -> Cow<'_, [Self::Deal]> {
        let earlier = self.earlier_deals();
        if !self.is_over() {
            return Cow::Borrowed(earlier);
        }
        let mut all = Vec::with_capacity(earlier.len() + 1);
        all.extend_from_slice(earlier);
        all.push(self.current_deal().into_owned());
        Cow::Owned(all)
    }

    /// The last deal finished, or `None` before the first one ends.
    fn last_deal(&self) -> Option<Cow<'_, Self::Deal>> {
        if self.is_over() {
            Some(self.current_deal())
        } else {
            self.earlier_deals().last().map(Cow::Borrowed)
        }
    }
}

impl<G: Deals> Observation<G> {
    /// Every deal finished (the game's [`Deals::finished_deals`]): records
    /// of the past, which each game shows a seat as its rules do.
    pub fn finished_deals(&self) -> Cow<'_, [G::Deal]> {
        self.game().finished_deals()
    }

    /// The last deal finished, or `None` (the game's [`Deals::last_deal`]).
    pub fn last_deal(&self) -> Option<Cow<'_, G::Deal>> {
        self.game().last_deal()
    }
}
