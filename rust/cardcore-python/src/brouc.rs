//! Brouc's Python class: the shared protocol plus Brouc's own accessors.

use cardcore::card::Card;
use cardcore::game::Game;
use cardcore::games::brouc::{Announcement, Brouc, DealRecord};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple};
use serde::{Deserialize, Serialize};

use crate::{game_class, observation_class, plays, IntoPyResult, PyAction, PyCard, PySuit};

/// A combination announced from a player's hand.
#[pyclass(module = "cardcore.brouc", name = "Announcement", frozen, eq)]
#[derive(PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PyAnnouncement(Announcement);

#[pymethods]
impl PyAnnouncement {
    #[getter]
    fn seat(&self) -> u8 {
        self.0.seat
    }

    #[getter]
    fn suit(&self) -> PySuit {
        self.0.suit.into()
    }

    #[getter]
    fn value(&self) -> u16 {
        self.0.value
    }

    #[getter]
    fn cards(&self) -> Vec<PyCard> {
        self.0.cards().into_iter().map(PyCard).collect()
    }

    fn __repr__(&self) -> String {
        let cards: Vec<String> = self.0.cards().iter().map(Card::to_string).collect();
        format!(
            "Announcement(seat={}, value={}, cards={})",
            self.0.seat,
            self.0.value,
            cards.join("-")
        )
    }
}

/// The public record of a Brouc deal.
#[pyclass(module = "cardcore.brouc", name = "Deal", frozen)]
#[derive(Serialize, Deserialize)]
pub(crate) struct PyBroucDeal(DealRecord);

#[pymethods]
impl PyBroucDeal {
    #[getter]
    fn dealer(&self) -> usize {
        self.0.dealer()
    }

    #[getter]
    fn trump_card(&self) -> PyCard {
        PyCard(self.0.trump_card())
    }

    #[getter]
    fn trump(&self) -> Option<PySuit> {
        self.0.trump_card().suit().map(PySuit::from)
    }

    /// The completed tricks, each as (seat, card) in order of play.
    #[getter]
    fn tricks(&self) -> Vec<Vec<(usize, PyCard)>> {
        self.0.tricks().map(|t| plays(&t.trick)).collect()
    }

    /// Who won each completed trick.
    #[getter]
    fn trick_winners(&self) -> Vec<usize> {
        self.0.tricks().map(|t| usize::from(t.winner)).collect()
    }

    #[getter]
    fn card_points(&self) -> (i64, i64) {
        let [a, b] = self.0.card_points();
        (a, b)
    }

    #[getter]
    fn marriages(&self) -> (i64, i64) {
        let [a, b] = self.0.marriages();
        (a, b)
    }

    #[getter]
    fn announcements(&self) -> Vec<PyAnnouncement> {
        self.0.announcements().map(|&a| PyAnnouncement(a)).collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "Deal(dealer={}, trump_card='{}', tricks={}, card_points={:?}, marriages={:?}, announcements={})",
            self.0.dealer(),
            self.0.trump_card(),
            self.0.tricks().count(),
            self.0.card_points(),
            self.0.marriages(),
            self.0.announcements().count()
        )
    }
}

impl crate::PyDeals for Brouc {
    type PyDeal = PyBroucDeal;

    fn py_deal(record: &DealRecord, _: usize, _: bool, _: bool) -> PyBroucDeal {
        PyBroucDeal(*record)
    }
}

game_class!(
    PyBrouc,
    Brouc,
    "Brouc",
    "cardcore.brouc",
    PyBroucObservation,
    "Brouc: 4 players in two teams, 32 cards, marriages and announcements.",
    {
        /// The cards a seat holds, in face-id order.
        fn hand(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
            let game = self.game()?;
            let seat = crate::seat_arg(&**game, seat)?;
            Ok(game.hand(seat).py_err()?.iter().map(PyCard).collect())
        }
    }
);

observation_class!(
    PyBroucObservation,
    Brouc,
    "cardcore.brouc",
    "What one Brouc seat may know: its hand, every hand's size, the turned card while held, the table.",
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

        /// The current deal's public record (its tricks with their winners,
        /// points, marriages and announcements so far): a Brouc deal's record
        /// holds no hidden card.
        #[getter]
        fn current_deal(&self) -> PyBroucDeal {
            PyBroucDeal(*self.observed.current_deal())
        }

        /// Whether the turned trump card is still in the dealer's hand (and so seen by all).
        #[getter]
        fn trump_card_held(&self) -> bool {
            self.observed.trump_card_held()
        }
    }
);

/// The accessors Brouc's class and its observations share: what every seat sees.
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

            /// The deal in play, counting from 1.
            #[getter]
            fn deal_number(&self) -> PyResult<u32> {
                Ok(self.source()?.deal_number())
            }

            /// The trump suit: the turned card's.
            #[getter]
            fn trump(&self) -> PyResult<PySuit> {
                Ok(self.source()?.trump().into())
            }

            /// The dealer's turned card, which made trumps.
            #[getter]
            fn trump_card(&self) -> PyResult<PyCard> {
                Ok(PyCard(self.source()?.trump_card()))
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

            /// The completed tricks of this deal, each as (seat, card) in order of play.
            #[getter]
            fn tricks(&self) -> PyResult<Vec<Vec<(usize, PyCard)>>> {
                Ok(self
                    .source()?
                    .current_deal()
                    .tricks()
                    .map(|t| plays(&t.trick))
                    .collect())
            }

            /// Card points taken this deal, per team, in tenths of a point.
            #[getter]
            fn card_points(&self) -> PyResult<(i64, i64)> {
                let [a, b] = self.source()?.current_deal().card_points();
                Ok((a, b))
            }

            /// Trick marriages won this deal, per team.
            #[getter]
            fn marriages(&self) -> PyResult<(i64, i64)> {
                let [a, b] = self.source()?.current_deal().marriages();
                Ok((a, b))
            }

            /// This deal's announcements, in the order made.
            #[getter]
            fn announcements(&self) -> PyResult<Vec<PyAnnouncement>> {
                Ok(self
                    .source()?
                    .current_deal()
                    .announcements()
                    .map(|&a| PyAnnouncement(a))
                    .collect())
            }

            /// Each booked deal's score, per team.
            #[getter]
            fn deal_scores(&self) -> PyResult<Vec<(i64, i64)>> {
                Ok(self
                    .source()?
                    .deal_scores()
                    .iter()
                    .map(|&[a, b]| (a, b))
                    .collect())
            }

            /// Capes (all eight tricks) per team.
            #[getter]
            fn capes(&self) -> PyResult<(u32, u32)> {
                let [a, b] = self.source()?.capes();
                Ok((a, b))
            }

            /// The winning team (0 or 1; its seats are `winning_seats`), once a
            /// team has passed the target.
            #[getter]
            fn winning_team(&self) -> PyResult<Option<usize>> {
                Ok(self.source()?.winner())
            }

            /// Games credited per team: 1 for the match, 2 per cape.
            #[getter]
            fn match_record(&self) -> PyResult<(u32, u32)> {
                let [a, b] = self.source()?.match_record();
                Ok((a, b))
            }
        }
    };
}

public_getters!(PyBrouc);
public_getters!(PyBroucObservation);
