//! 500's Python classes: the shared protocol plus 500's own accessors, its
//! tricks, deal records and results, and the pure bid and score functions.

use cardcore::card::Card;
use cardcore::error::shortened;
use cardcore::game::Game;
use cardcore::games::five_hundred::{
    score, Bid, DealRecord, DealResult, FiveHundred, PlayedTrick, Scoring,
};
use cardcore::Error;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple};
use serde::{Deserialize, Serialize};

use crate::{
    card_arg, game_class, int_arg, observation_class, plays, str_arg, to_py_err, IntoPyResult,
    PyAction, PyCard, PySuit,
};

/// A completed trick of a 500 deal.
#[pyclass(module = "cardcore.five_hundred", name = "Trick", frozen)]
#[derive(Serialize, Deserialize)]
pub(crate) struct PyFiveHundredTrick(PlayedTrick);

#[pymethods]
impl PyFiveHundredTrick {
    #[getter]
    fn leader(&self) -> usize {
        self.0.trick.leader()
    }

    /// (seat, card) in order of play.
    #[getter]
    fn cards(&self) -> Vec<(usize, PyCard)> {
        plays(&self.0.trick)
    }

    #[getter]
    fn winner(&self) -> u8 {
        self.0.winner
    }

    /// The suit a joker lead named (option joker_names_suit), else None.
    #[getter]
    fn named(&self) -> Option<PySuit> {
        self.0.named.map(PySuit::from)
    }

    fn __repr__(&self) -> String {
        let cards: Vec<String> = self.0.trick.plays().map(|(_, c)| c.to_string()).collect();
        format!(
            "Trick(leader={}, cards='{}', winner={})",
            self.0.trick.leader(),
            cards.join(" "),
            self.0.winner
        )
    }
}

/// A deal's outcome, per team.
#[pyclass(module = "cardcore.five_hundred", name = "DealResult", frozen)]
#[derive(Serialize, Deserialize)]
pub(crate) struct PyDealResult(DealResult);

#[pymethods]
impl PyDealResult {
    /// Tricks won, per team.
    #[getter]
    fn tricks(&self) -> (u8, u8) {
        (self.0.tricks[0], self.0.tricks[1])
    }

    /// Whether the contract was made.
    #[getter]
    fn made(&self) -> bool {
        self.0.made
    }

    /// The deal's scores, per team.
    #[getter]
    fn scores(&self) -> (i64, i64) {
        (self.0.scores[0], self.0.scores[1])
    }

    fn __repr__(&self) -> String {
        format!(
            "DealResult(tricks={:?}, made={}, scores={:?})",
            self.0.tricks,
            if self.0.made { "True" } else { "False" },
            self.0.scores
        )
    }
}

fn auction_of(auction: &[(u8, Bid)]) -> Vec<(u8, String)> {
    auction
        .iter()
        .map(|&(seat, bid)| (seat, bid.text()))
        .collect()
}

/// The record of one 500 deal.
#[pyclass(module = "cardcore.five_hundred", name = "Deal", frozen)]
#[derive(Deserialize)]
pub(crate) struct PyFiveHundredDeal {
    record: DealRecord,
    /// Shown to a seat: a void deal's hands and kitty are not.
    public: bool,
}

/// A record shown to a seat travels with what it shows, not more.
impl Serialize for PyFiveHundredDeal {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shown {
            record: DealRecord,
            public: bool,
        }
        let record = if self.public {
            self.record.shown()
        } else {
            self.record.clone()
        };
        let public = self.public;
        Shown { record, public }.serialize(serializer)
    }
}

#[pymethods]
impl PyFiveHundredDeal {
    /// The deal number, from 1, void deals included.
    #[getter]
    fn number(&self) -> u32 {
        self.record.number()
    }

    #[getter]
    fn dealer(&self) -> usize {
        self.record.dealer()
    }

    /// Each seat's hand as dealt (empty lists for a void deal shown to a seat).
    #[getter]
    fn dealt(&self) -> Vec<Vec<PyCard>> {
        let hidden = self.public && self.record.void();
        self.record
            .dealt()
            .iter()
            .map(|hand| {
                if hidden {
                    Vec::new()
                } else {
                    hand.iter().map(PyCard).collect()
                }
            })
            .collect()
    }

    /// The kitty as dealt (empty for a void deal shown to a seat).
    #[getter]
    fn kitty(&self) -> Vec<PyCard> {
        if self.public && self.record.void() {
            return Vec::new();
        }
        self.record.kitty().iter().map(PyCard).collect()
    }

    /// Whether all four passed.
    #[getter]
    fn void(&self) -> bool {
        self.record.void()
    }

    /// The auction: (seat, bid text) in order.
    #[getter]
    fn auction(&self) -> Vec<(u8, String)> {
        auction_of(self.record.auction())
    }

    #[getter]
    fn bidder(&self) -> Option<usize> {
        self.record.bidder()
    }

    #[getter]
    fn contract(&self) -> Option<String> {
        self.record.contract().map(Bid::text)
    }

    #[getter]
    fn discard(&self) -> Vec<PyCard> {
        self.record.discard().iter().map(PyCard).collect()
    }

    #[getter]
    fn tricks(&self) -> Vec<PyFiveHundredTrick> {
        self.record
            .tricks()
            .iter()
            .map(|&t| PyFiveHundredTrick(t))
            .collect()
    }

    #[getter]
    fn result(&self) -> Option<PyDealResult> {
        self.record.result().copied().map(PyDealResult)
    }

    fn __repr__(&self) -> String {
        format!(
            "Deal(number={}, dealer={}, void={}, contract={}, tricks={})",
            self.record.number(),
            self.record.dealer(),
            if self.record.void() { "True" } else { "False" },
            self.record
                .contract()
                .map_or_else(|| "None".to_owned(), |b| format!("'{}'", b.text())),
            self.record.tricks().len()
        )
    }
}

fn bid_arg(bid: &Bound<'_, PyAny>) -> PyResult<Bid> {
    let bad = |got: String| {
        Error::option(
            "bid",
            format!("expected a bid such as '7 hearts', '7H' or '10NT', got {got}"),
        )
    };
    let text = str_arg(bid, bad)?;
    match Bid::read(&text) {
        Ok(Bid::Pass) | Err(_) => Err(to_py_err(bad(format!("'{}'", shortened(&text))))),
        Ok(bid) => Ok(bid),
    }
}

/// F1, F6: a bid's value on the Avondale table ("7 hearts" 200; "misere" 250,
/// "open misere" 500).
#[pyfunction]
pub(crate) fn five_hundred_bid_value(bid: &Bound<'_, PyAny>) -> PyResult<i64> {
    Ok(bid_arg(bid)?.value())
}

/// A deal's scores (the bidding team's, the opponents') for `bid` with
/// `tricks` won by the bidding team (a misère: by the bidder), under the
/// scoring in force (docs/rules/five_hundred.md, "Scoring").
#[pyfunction]
#[pyo3(signature = (bid, tricks, *, scoring = None, slam_bonus = false))]
pub(crate) fn five_hundred_score(
    bid: &Bound<'_, PyAny>,
    tricks: &Bound<'_, PyAny>,
    scoring: Option<&Bound<'_, PyAny>>,
    slam_bonus: bool,
) -> PyResult<(i64, i64)> {
    let bid = bid_arg(bid)?;
    // A misère's tricks are the bidder's: 0 makes it, 1 (its first) fails it.
    let (most, what) = if bid.is_misere() {
        (
            1,
            format!("0 or 1 for {} (the bidder's tricks)", bid.text()),
        )
    } else {
        (10, "an int from 0 to 10".to_owned())
    };
    let bad_tricks = |got: String| Error::option("tricks", format!("expected {what}, got {got}"));
    let won = int_arg(tricks, bad_tricks)?;
    if !(0..=most).contains(&won) {
        return Err(to_py_err(bad_tricks(won.to_string())));
    }
    let scoring = match scoring {
        None => Scoring::Default,
        Some(value) => {
            let bad = |got: String| {
                Error::option(
                    "scoring",
                    format!("expected 'default' or 'variant', got {got}"),
                )
            };
            match str_arg(value, bad)?.as_str() {
                "default" => Scoring::Default,
                "variant" => Scoring::Variant,
                other => return Err(to_py_err(bad(format!("'{}'", shortened(other))))),
            }
        }
    };
    Ok(score(bid, won as u8, scoring, slam_bonus))
}

impl crate::PyDeals for FiveHundred {
    type PyDeal = PyFiveHundredDeal;

    fn py_deal(record: &DealRecord, _: usize, whole: bool, _: bool) -> PyFiveHundredDeal {
        PyFiveHundredDeal {
            record: record.clone(),
            public: !whole,
        }
    }
}

game_class!(
    PyFiveHundred,
    FiveHundred,
    "FiveHundred",
    "cardcore.five_hundred",
    PyFiveHundredObservation,
    "500 (Québec): 4 players in two teams, 46 cards with two jokers, an auction, a kitty.",
    {
        /// The cards a seat holds, in face-id order.
        fn hand(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
            let game = self.game()?;
            let seat = crate::seat_arg(&**game, seat)?;
            Ok(game.hand(seat).py_err()?.iter().map(PyCard).collect())
        }

        /// The kitty as dealt.
        #[getter]
        fn kitty(&self) -> PyResult<Vec<PyCard>> {
            Ok(self
                .game()?
                .current_deal()
                .kitty()
                .iter()
                .map(PyCard)
                .collect())
        }

        /// The bidder's discard so far, whole.
        #[getter]
        fn discard(&self) -> PyResult<Vec<PyCard>> {
            Ok(self
                .game()?
                .current_deal()
                .discard()
                .iter()
                .map(PyCard)
                .collect())
        }
    }
);

observation_class!(
    PyFiveHundredObservation,
    FiveHundred,
    "cardcore.five_hundred",
    "What one 500 seat may know: its hand, every hand's size, the auction, the table, the kitty and the discard as shown.",
    {
        /// The observing seat's cards, in face-id order.
        #[getter]
        fn hand(&self) -> Vec<PyCard> {
            self.observed.hand().iter().map(PyCard).collect()
        }

        /// How many cards each seat holds.
        #[getter]
        fn hand_sizes(&self) -> Vec<usize> {
            self.observed.hand_sizes().to_vec()
        }

        /// The kitty as this seat sees it: None for each card not shown.
        #[getter]
        fn known_kitty(&self) -> Vec<Option<PyCard>> {
            self.observed.known_kitty().into_iter().map(|c| c.map(PyCard)).collect()
        }

        /// The discard as this seat sees it: None for each card not shown.
        #[getter]
        fn known_discard(&self) -> Vec<Option<PyCard>> {
            self.observed.known_discard().into_iter().map(|c| c.map(PyCard)).collect()
        }
    }
);

/// What the game and its observations share: what every seat sees.
macro_rules! public_getters {
    ($Class:ident) => {
        #[pymethods]
        impl $Class {
            /// The teams' seats: partners sit opposite.
            #[getter]
            fn teams(&self) -> Vec<(usize, usize)> {
                vec![(0, 2), (1, 3)]
            }

            /// The seat dealing this deal.
            #[getter]
            fn dealer(&self) -> PyResult<usize> {
                Ok(self.source()?.dealer())
            }

            /// The deal in play, from 1, void deals included.
            #[getter]
            fn deal_number(&self) -> PyResult<u32> {
                Ok(self.source()?.deal_number())
            }

            /// The auction so far: (seat, bid text) in order.
            #[getter]
            fn auction(&self) -> PyResult<Vec<(u8, String)>> {
                Ok(auction_of(self.source()?.auction()))
            }

            /// The bidder, once the auction is over.
            #[getter]
            fn bidder(&self) -> PyResult<Option<usize>> {
                Ok(self.source()?.bidder())
            }

            /// The contract ("7 hearts", "misere", ...), once the auction is over.
            #[getter]
            fn contract(&self) -> PyResult<Option<String>> {
                Ok(self.source()?.contract().map(Bid::text))
            }

            /// The contract's trump suit: None in no trump and misère, and
            /// before any contract (when `contract` is None too).
            #[getter]
            fn trump(&self) -> PyResult<Option<PySuit>> {
                Ok(self.source()?.trump().map(PySuit::from))
            }

            /// The suit a card follows under the contract (the trump suit for
            /// both jokers and the other jack of its colour); None for the
            /// jokers' own suit in no trump and misère. Before any contract
            /// (this deal's auction not over) an `OptionError` naming
            /// `contract`: the jokers belong to no suit yet.
            fn effective_suit(&self, card: &Bound<'_, PyAny>) -> PyResult<Option<PySuit>> {
                let card: Card = card_arg(card, "card")?;
                Ok(self
                    .source()?
                    .effective_suit(card)
                    .py_err()?
                    .map(PySuit::from))
            }

            /// The seat that leads (or led) the current trick.
            #[getter]
            fn trick_leader(&self) -> PyResult<usize> {
                Ok(self.source()?.trick().leader())
            }

            /// The current trick as (seat, card) in order of play.
            #[getter]
            fn trick(&self) -> PyResult<Vec<(usize, PyCard)>> {
                Ok(plays(self.source()?.trick()))
            }

            /// The suit a joker led to the current trick named, else None.
            #[getter]
            fn named(&self) -> PyResult<Option<PySuit>> {
                Ok(self.source()?.named().map(PySuit::from))
            }

            /// This deal's completed tricks.
            #[getter]
            fn tricks(&self) -> PyResult<Vec<PyFiveHundredTrick>> {
                Ok(self
                    .source()?
                    .tricks()
                    .iter()
                    .map(|&t| PyFiveHundredTrick(t))
                    .collect())
            }

            /// Tricks won so far this deal, per team.
            #[getter]
            fn team_tricks(&self) -> PyResult<(u8, u8)> {
                let [a, b] = self.source()?.tricks_won();
                Ok((a, b))
            }

            /// The deal's outcome, once it is over.
            #[getter]
            fn result(&self) -> PyResult<Option<PyDealResult>> {
                Ok(self.source()?.result().copied().map(PyDealResult))
            }

            /// Each valid deal's scores, per team.
            #[getter]
            fn deal_scores(&self) -> PyResult<Vec<(i64, i64)>> {
                Ok(self
                    .source()?
                    .deal_scores()
                    .iter()
                    .map(|&[a, b]| (a, b))
                    .collect())
            }

            /// The match totals, per team (`scores` gives each seat its team's).
            #[getter]
            fn team_scores(&self) -> PyResult<(i64, i64)> {
                let [a, b] = self.source()?.totals();
                Ok((a, b))
            }

            /// The team that won the match (0 or 1; its seats are
            /// `winning_seats`), once over (None for a tied single deal).
            #[getter]
            fn winning_team(&self) -> PyResult<Option<usize>> {
                Ok(self.source()?.winning_team())
            }

            /// Open misère: the bidder's hand, shown once the first trick is complete.
            #[getter]
            fn open_hand(&self) -> PyResult<Option<Vec<PyCard>>> {
                Ok(self
                    .source()?
                    .open_hand()
                    .map(|hand| hand.iter().map(PyCard).collect()))
            }
        }
    };
}

public_getters!(PyFiveHundred);
public_getters!(PyFiveHundredObservation);
