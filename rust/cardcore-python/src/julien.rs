//! Le Julien's Python classes: the shared protocol plus Julien's own
//! accessors, its bids, tricks and Tour records, and the pure scoring function.

use cardcore::card::Card;
use cardcore::game::Game;
use cardcore::games::julien::{
    card_value, checked_score_tour, Bid, Julien, PlayedTrick, TourRecord,
};
use cardcore::Error;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple};
use serde::{Deserialize, Serialize};

use crate::{
    card_arg, cards_arg, game_class, observation_class, plays, str_arg, IntoPyResult, PyAction,
    PyCard, PySuit,
};

/// A bid: `JulienBid("10 Rouges")`; `colour` is "rouge" or "noir", `amount`
/// None for a Couleur simple.
#[pyclass(module = "cardcore.julien", name = "Bid", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct PyJulienBid(Bid);

#[pymethods]
impl PyJulienBid {
    #[new]
    fn py_new(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let text = str_arg(text, Error::Notation)?;
        Bid::parse(&text).map(PyJulienBid).py_err()
    }

    #[getter]
    fn text(&self) -> &'static str {
        self.0.text()
    }

    #[getter]
    fn colour(&self) -> &'static str {
        self.0.colour.name()
    }

    #[getter]
    fn amount(&self) -> Option<u8> {
        self.0.amount
    }

    fn __str__(&self) -> &'static str {
        self.0.text()
    }

    fn __repr__(&self) -> String {
        format!("Bid('{}')", self.0.text())
    }
}

/// A completed trick of a Julien Tour.
#[pyclass(module = "cardcore.julien", name = "Trick", frozen)]
#[derive(Serialize, Deserialize)]
pub(crate) struct PyJulienTrick {
    played: PlayedTrick,
    trump_card: Card,
}

#[pymethods]
impl PyJulienTrick {
    #[getter]
    fn leader(&self) -> usize {
        self.played.trick.leader()
    }

    /// (seat, card) in order of play.
    #[getter]
    fn cards(&self) -> Vec<(usize, PyCard)> {
        plays(&self.played.trick)
    }

    #[getter]
    fn winner(&self) -> u8 {
        self.played.winner
    }

    /// Who leads the next trick: the lowest card of the led suit (-5-).
    #[getter]
    fn next_leader(&self) -> u8 {
        self.played.next_leader
    }

    /// The talon card that made this trick's trump.
    #[getter]
    fn trump_card(&self) -> PyCard {
        PyCard(self.trump_card)
    }

    /// Whether the winner took the trump card (None while a Spéco choice is pending).
    #[getter]
    fn taken(&self) -> Option<bool> {
        self.played.taken
    }

    fn __repr__(&self) -> String {
        let cards: Vec<String> = self
            .played
            .trick
            .plays()
            .map(|(_, c)| c.to_string())
            .collect();
        format!(
            "Trick(trump_card='{}', cards='{}', winner={}, next_leader={}, taken={})",
            self.trump_card,
            cards.join(" "),
            self.played.winner,
            self.played.next_leader,
            match self.played.taken {
                Some(true) => "True",
                Some(false) => "False",
                None => "None",
            }
        )
    }
}

fn tricks_of(record: &TourRecord) -> Vec<PyJulienTrick> {
    record
        .tricks()
        .enumerate()
        .map(|(i, &played)| PyJulienTrick {
            played,
            trump_card: record.trump_card_of(i),
        })
        .collect()
}

fn bids_of(record: &TourRecord) -> Vec<Option<PyJulienBid>> {
    record.bids().iter().map(|b| b.map(PyJulienBid)).collect()
}

fn specials_of(record: &TourRecord) -> (PyCard, PyCard) {
    (PyCard(record.talon()[10]), PyCard(record.talon()[11]))
}

/// The public record of one Tour (a deal): talon, bids and tricks.
#[pyclass(module = "cardcore.julien", name = "Deal", frozen)]
#[derive(Serialize, Deserialize)]
pub(crate) struct PyJulienTour(TourRecord);

impl crate::PyDeals for Julien {
    type PyDeal = PyJulienTour;

    fn py_deal(record: &TourRecord, _: usize, _: bool, _: bool) -> PyJulienTour {
        PyJulienTour(*record)
    }
}

#[pymethods]
impl PyJulienTour {
    /// The Tour's number, from 1 (`deal_number` while it was played).
    #[getter]
    fn number(&self) -> u8 {
        self.0.tour()
    }

    #[getter]
    fn tour_kind(&self) -> &'static str {
        self.0.kind().name()
    }

    #[getter]
    fn dealer(&self) -> usize {
        self.0.dealer()
    }

    /// The 12 talon cards in reading order.
    #[getter]
    fn talon(&self) -> Vec<PyCard> {
        self.0.talon().iter().copied().map(PyCard).collect()
    }

    #[getter]
    fn specials(&self) -> (PyCard, PyCard) {
        specials_of(&self.0)
    }

    #[getter]
    fn specials_holder(&self) -> Option<usize> {
        self.0.specials_holder()
    }

    #[getter]
    fn bids(&self) -> Vec<Option<PyJulienBid>> {
        bids_of(&self.0)
    }

    #[getter]
    fn tricks(&self) -> Vec<PyJulienTrick> {
        tricks_of(&self.0)
    }

    /// Each seat's score, once the Tour is complete (else None).
    #[getter]
    fn scores(&self) -> Option<Vec<i64>> {
        self.0.final_scores().map(|s| s.to_vec())
    }

    /// The cards of the tricks a seat won.
    fn collected(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
        Ok(self
            .0
            .collected(crate::seat_arg_among(
                Julien::NAME,
                Julien::PLAYER_COUNTS[0],
                seat,
            )?)
            .iter()
            .map(PyCard)
            .collect())
    }

    /// The trump cards a seat took (Spéco, Superspec).
    fn taken_trumps(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
        Ok(self
            .0
            .taken(crate::seat_arg_among(
                Julien::NAME,
                Julien::PLAYER_COUNTS[0],
                seat,
            )?)
            .iter()
            .map(PyCard)
            .collect())
    }

    fn __repr__(&self) -> String {
        let bids: Vec<&str> = self
            .0
            .bids()
            .iter()
            .map(|b| b.map_or("None", Bid::text))
            .collect();
        format!(
            "Deal(number={}, tour_kind='{}', dealer={}, bids=[{}], tricks={}, specials_holder={})",
            self.0.tour(),
            self.0.kind().name(),
            self.0.dealer(),
            bids.join(", "),
            self.0.tricks().count(),
            self.0
                .specials_holder()
                .map_or_else(|| "None".to_owned(), |seat| seat.to_string())
        )
    }
}

/// -43-: what a taken trump card or a special card weighs in the Spéco and
/// the Superspec (A 30, K 15, Q 12, J 11, 10 to 2 their face value).
#[pyfunction]
pub(crate) fn julien_card_value(card: &Bound<'_, PyAny>) -> PyResult<i64> {
    let card = card_arg(card, "card")?;
    card_value(card).ok_or_else(|| {
        crate::to_py_err(Error::option(
            "card",
            format!("{card} is not a card of the 52-card deck"),
        ))
    })
}

/// One player's score for a Tour (docs/rules/julien.md, "Scoring a Tour"):
/// the special cards used the best way, forced in the Superspec.
#[pyfunction]
#[pyo3(signature = (bid, collected, taken = None, specials = None, tour_kind = None))]
pub(crate) fn julien_score(
    bid: &Bound<'_, PyAny>,
    collected: &Bound<'_, PyAny>,
    taken: Option<&Bound<'_, PyAny>>,
    specials: Option<&Bound<'_, PyAny>>,
    tour_kind: Option<&Bound<'_, PyAny>>,
) -> PyResult<i64> {
    let bid = match bid.cast::<PyJulienBid>() {
        Ok(bid) => bid.get().0.text().to_owned(),
        Err(_) => str_arg(bid, |r| {
            Error::option("bid", format!("expected a bid text or JulienBid, got {r}"))
        })?,
    };
    let optional_cards = |value: Option<&Bound<'_, PyAny>>, name: &str| {
        value.map_or_else(|| Ok(Vec::new()), |v| cards_arg(v, name))
    };
    let kind = match tour_kind {
        None => "normal".to_owned(),
        Some(kind) => str_arg(kind, |r| {
            Error::option("tour_kind", format!("expected a str, got {r}"))
        })?,
    };
    checked_score_tour(
        &bid,
        &cards_arg(collected, "collected")?,
        &optional_cards(taken, "taken")?,
        &optional_cards(specials, "specials")?,
        &kind,
    )
    .py_err()
}

game_class!(
    PyJulien,
    Julien,
    "Julien",
    "cardcore.julien",
    PyJulienObservation,
    "Le Julien: 4 players, 52 cards, a new trump every trick, Couleur contracts, six Tours.",
    {
        /// The cards a seat holds, in face-id order.
        fn hand(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
            let game = self.game()?;
            let seat = crate::seat_arg(&**game, seat)?;
            Ok(game.hand(seat).py_err()?.iter().map(PyCard).collect())
        }

        /// The 12 talon cards in reading order (masked or not).
        #[getter]
        fn talon(&self) -> PyResult<Vec<PyCard>> {
            let game = self.game()?;
            Ok(game
                .current_deal()
                .talon()
                .iter()
                .copied()
                .map(PyCard)
                .collect())
        }

        /// The two special cards: the talon's last two.
        #[getter]
        fn specials(&self) -> PyResult<(PyCard, PyCard)> {
            Ok(specials_of(self.game()?.current_deal()))
        }
    }
);

observation_class!(
    PyJulienObservation,
    Julien,
    "cardcore.julien",
    "What one Julien seat may know: its hand, every hand's size, the talon as revealed, the table.",
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
    }
);

/// The accessors Julien's class and its observations share: what every seat sees.
macro_rules! public_getters {
    ($Class:ident) => {
        #[pymethods]
        impl $Class {
            /// The seat dealing this Tour.
            #[getter]
            fn dealer(&self) -> PyResult<usize> {
                Ok(self.source()?.dealer())
            }

            /// The Tour (deal) in play, 1 to 6.
            #[getter]
            fn deal_number(&self) -> PyResult<u8> {
                Ok(self.source()?.tour())
            }

            /// "normal", "speco" or "superspec".
            #[getter]
            fn tour_kind(&self) -> PyResult<&'static str> {
                Ok(self.source()?.tour_kind().name())
            }

            /// The talon as every seat sees it: None for a card still masked.
            #[getter]
            fn visible_talon(&self) -> PyResult<Vec<Option<PyCard>>> {
                Ok(self
                    .source()?
                    .visible_talon()
                    .iter()
                    .map(|c| c.map(PyCard))
                    .collect())
            }

            /// The two special cards (the talon's last two) once every seat sees
            /// them, else None (the game's `specials` is the whole truth).
            #[getter]
            fn visible_specials(&self) -> PyResult<Option<(PyCard, PyCard)>> {
                Ok(self
                    .source()?
                    .visible_specials()
                    .map(|[first, second]| (PyCard(first), PyCard(second))))
            }

            /// The winner of trick 10, once the Tour is complete.
            #[getter]
            fn specials_holder(&self) -> PyResult<Option<usize>> {
                Ok(self.source()?.specials_holder())
            }

            /// The current trick's trump suit, while a trick is being played.
            #[getter]
            fn trump(&self) -> PyResult<Option<PySuit>> {
                Ok(self.source()?.trump().map(PySuit::from))
            }

            /// The talon card giving the current trick's trump.
            #[getter]
            fn trump_card(&self) -> PyResult<Option<PyCard>> {
                Ok(self.source()?.trump_card().map(PyCard))
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

            /// The completed tricks of this Tour.
            #[getter]
            fn tricks(&self) -> PyResult<Vec<PyJulienTrick>> {
                Ok(self
                    .source()?
                    .tricks()
                    .map(|(&played, trump_card)| PyJulienTrick { played, trump_card })
                    .collect())
            }

            /// Each seat's bid this Tour (None until made).
            #[getter]
            fn bids(&self) -> PyResult<Vec<Option<PyJulienBid>>> {
                Ok(self
                    .source()?
                    .bids()
                    .iter()
                    .map(|b| b.map(PyJulienBid))
                    .collect())
            }

            /// The cards of the tricks a seat won this Tour.
            fn collected(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
                let source = self.source()?;
                let seat = crate::seat_arg_among(Julien::NAME, source.num_players(), seat)?;
                Ok(source
                    .collected(seat)
                    .py_err()?
                    .iter()
                    .map(PyCard)
                    .collect())
            }

            /// The trump cards a seat took this Tour (Spéco, Superspec).
            fn taken_trumps(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
                let source = self.source()?;
                let seat = crate::seat_arg_among(Julien::NAME, source.num_players(), seat)?;
                Ok(source.taken(seat).py_err()?.iter().map(PyCard).collect())
            }

            /// Each finished Tour's scores, per seat.
            #[getter]
            fn deal_scores(&self) -> PyResult<Vec<Vec<i64>>> {
                Ok(self
                    .source()?
                    .tour_scores()
                    .iter()
                    .map(|s| s.to_vec())
                    .collect())
            }
        }
    };
}

public_getters!(PyJulien);
public_getters!(PyJulienObservation);
