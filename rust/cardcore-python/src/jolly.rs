//! Jolly's Python classes: the shared protocol plus Jolly's own accessors, its
//! melds, rounds and results, and the pure meld, penalty and score functions.

use cardcore::cardcounts::CardCounts;
use cardcore::error::shortened;
use cardcore::game::Game;
use cardcore::games::jolly::{
    hand_penalty, read_meld, round_scores, Drawn, FinishedRound, Jolly, Kind, Meld, RoundResult,
};
use cardcore::Error;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple};
use serde::{Deserialize, Serialize};

use crate::{
    cards_arg, game_class, int_arg, observation_class, to_py_err, Failure, IntoPyResult, PyAction,
    PyCard,
};

/// A meld on the table (or being built): its kind and its cards.
#[pyclass(module = "cardcore.jolly", name = "Meld", frozen)]
#[derive(Serialize, Deserialize)]
pub(crate) struct PyJollyMeld(Meld);

#[pymethods]
impl PyJollyMeld {
    /// "run" or "set"; "single" for a meld being built of one natural card.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0.kind() {
            Kind::Run(_) => "run",
            Kind::Set => "set",
            Kind::Single => "single",
        }
    }

    /// (card, stands for, placed by) per card: a run's from its lowest
    /// position up, a set's in the order laid. A natural card stands for
    /// itself; a set's joker for None until the set holds three natural cards.
    #[getter]
    fn cards(&self) -> Vec<(PyCard, Option<PyCard>, u8)> {
        self.0
            .slots()
            .iter()
            .enumerate()
            .map(|(index, slot)| {
                (
                    PyCard(slot.card),
                    self.0.stands_for(index).map(PyCard),
                    slot.by,
                )
            })
            .collect()
    }

    /// The table value of its cards (L9), all seats together.
    #[getter]
    fn value(&self) -> i64 {
        self.0.value(None)
    }

    /// The table value of the cards `seat` placed.
    fn value_of(&self, seat: &Bound<'_, PyAny>) -> PyResult<i64> {
        let bad = |got: String| Error::Seat(format!("expected a seat number (an int), got {got}"));
        let seat = int_arg(seat, bad)?;
        Ok(u8::try_from(seat).map_or(0, |seat| self.0.value(Some(seat))))
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn __repr__(&self) -> String {
        let cards: Vec<String> = self.0.slots().iter().map(|s| s.card.to_string()).collect();
        format!("Meld(kind='{}', cards='{}')", self.kind(), cards.join(" "))
    }
}

/// A round's outcome, per seat.
#[pyclass(module = "cardcore.jolly", name = "DealResult", frozen)]
#[derive(Serialize, Deserialize)]
pub(crate) struct PyRoundResult(RoundResult);

#[pymethods]
impl PyRoundResult {
    /// The seat that went out, or None (the stock ran out, L13, J6).
    #[getter]
    fn finisher(&self) -> Option<u8> {
        self.0.finisher
    }

    /// Whether the finisher went out in the turn it opened (L12).
    #[getter]
    fn main_jolly(&self) -> bool {
        self.0.main_jolly
    }

    /// Each seat's table values (L9).
    #[getter]
    fn table(&self) -> Vec<i64> {
        self.0.table.clone()
    }

    /// Each seat's hand penalty as counted (doubled after Main Jolly).
    #[getter]
    fn penalties(&self) -> Vec<i64> {
        self.0.penalties.clone()
    }

    /// Each seat's round score (L15).
    #[getter]
    fn scores(&self) -> Vec<i64> {
        self.0.scores.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "RoundResult(finisher={}, main_jolly={}, scores={:?})",
            self.0
                .finisher
                .map_or_else(|| "None".to_owned(), |s| s.to_string()),
            if self.0.main_jolly { "True" } else { "False" },
            self.0.scores
        )
    }
}

/// A round (a deal): the table, the hands and the row as it ended (or, for
/// the round in play, as they are).
#[pyclass(module = "cardcore.jolly", name = "Deal", frozen)]
#[derive(Serialize, Deserialize)]
pub(crate) struct PyJollyRound {
    round: FinishedRound,
    /// Whether the round is over (its result scored).
    finished: bool,
}

impl crate::PyDeals for Jolly {
    type PyDeal = PyJollyRound;

    /// A finished round is shown whole to every seat but its deal, dealt face down.
    fn py_deal(round: &FinishedRound, _: usize, whole: bool, finished: bool) -> PyJollyRound {
        PyJollyRound {
            round: if whole {
                round.clone()
            } else {
                round.without_deal()
            },
            finished,
        }
    }
}

#[pymethods]
impl PyJollyRound {
    /// The round number, from 1.
    #[getter]
    fn number(&self) -> u32 {
        self.round.number
    }

    #[getter]
    fn dealer(&self) -> usize {
        self.round.dealer
    }

    /// The melds as the round ended.
    #[getter]
    fn melds(&self) -> Vec<PyJollyMeld> {
        self.round.melds.iter().map(|&m| PyJollyMeld(m)).collect()
    }

    /// Each seat's hand as the round ended (counted face up).
    #[getter]
    fn hands(&self) -> Vec<Vec<PyCard>> {
        self.round.hands.iter().map(cards_of).collect()
    }

    /// The row as the round ended, oldest first.
    #[getter]
    fn row(&self) -> Vec<PyCard> {
        self.round.row.iter().map(|&c| PyCard(c)).collect()
    }

    /// The round's outcome, None while it is in play.
    #[getter]
    fn result(&self) -> Option<PyRoundResult> {
        self.finished
            .then(|| PyRoundResult(self.round.result.clone()))
    }

    fn __repr__(&self) -> String {
        format!(
            "Deal(number={}, dealer={}, melds={}, scores={})",
            self.round.number,
            self.round.dealer,
            self.round.melds.len(),
            if self.finished {
                format!("{:?}", self.round.result.scores)
            } else {
                "None".to_owned()
            }
        )
    }
}

fn cards_of(hand: &CardCounts) -> Vec<PyCard> {
    hand.iter().map(PyCard).collect()
}

fn meld_arg(cards: &Bound<'_, PyAny>) -> PyResult<Meld> {
    let cards = cards_arg(cards, "cards")?;
    let written: Vec<String> = cards.iter().map(ToString::to_string).collect();
    read_meld(&cards, 0).ok_or_else(|| {
        to_py_err(Error::option(
            "cards",
            format!(
                "'{}' is not a valid set or run (L6, L7)",
                shortened(&written.join(" "))
            ),
        ))
    })
}

/// L6, L7: whether the cards, laid out as on the table (a run from its lowest
/// card up, each joker where it stands), make a valid set or run.
#[pyfunction]
pub(crate) fn jolly_is_meld(cards: &Bound<'_, PyAny>) -> PyResult<bool> {
    match meld_arg(cards) {
        Ok(_) => Ok(true),
        Err(error) if error.is_instance_of::<pyo3::exceptions::PyTypeError>(cards.py()) => {
            Err(error)
        }
        Err(error) if cards_arg(cards, "cards").is_err() => Err(error),
        Err(_) => Ok(false),
    }
}

/// L9: the table value of a valid meld, laid out as on the table (an
/// `OptionError` names cards that are no meld).
#[pyfunction]
pub(crate) fn jolly_meld_value(cards: &Bound<'_, PyAny>) -> PyResult<i64> {
    Ok(meld_arg(cards)?.value(None))
}

/// The actions that lay `cards` as a new meld, then `close`: a run written
/// from its lowest card up (each joker where it stands, an ace low first or
/// high last), a set in any order. An `OptionError` names cards that make
/// no set or run; whether the actions are legal is the game's to say.
#[pyfunction]
pub(crate) fn jolly_meld_actions(
    py: Python<'_>,
    cards: &Bound<'_, PyAny>,
) -> PyResult<Vec<Py<PyAction>>> {
    let cards = cards_arg(cards, "cards")?;
    let actions = <Jolly as crate::PyGame>::actions(py)?;
    Ok(cardcore::games::jolly::meld_actions(&cards)
        .py_err()?
        .into_iter()
        .map(|id| actions[usize::from(id)].clone_ref(py))
        .collect())
}

/// L10: a hand's penalty (2-9 face value, 10 to K 10, ace 25, joker 50).
#[pyfunction]
pub(crate) fn jolly_hand_penalty(cards: &Bound<'_, PyAny>) -> PyResult<i64> {
    let hand = counts_arg(cards, "cards")?;
    Ok(hand_penalty(&hand))
}

fn counts_arg(cards: &Bound<'_, PyAny>, name: &str) -> PyResult<CardCounts> {
    let cards = cards_arg(cards, name)?;
    let mut hand = CardCounts::EMPTY;
    for card in cards {
        if card.rank() == Some(cardcore::Rank::Knight)
            || card.tarot_trump_number().is_some()
            || card.is_excuse()
            || (card.is_joker() && card != cardcore::Card::JOKER)
        {
            return Err(to_py_err(Error::option(
                name,
                format!("{card} is not a card of Jolly's 110-card deck"),
            )));
        }
        if !hand.insert(card) {
            return Err(to_py_err(Error::option(name, format!("too many {card}"))));
        }
    }
    Ok(hand)
}

/// L15, L12: a round's scores from each seat's table values and final hand,
/// the finisher (None if nobody went out) and whether it made Main Jolly.
#[pyfunction]
#[pyo3(signature = (table, hands, *, finisher = None, main_jolly = false))]
pub(crate) fn jolly_round_scores(
    table: Vec<i64>,
    hands: &Bound<'_, PyAny>,
    finisher: Option<usize>,
    main_jolly: bool,
) -> PyResult<PyRoundResult> {
    let lists = cards_lists(hands)?;
    if lists.len() != table.len() || !(2..=4).contains(&table.len()) {
        return Err(to_py_err(Error::option(
            "hands",
            format!(
                "expected one hand per seat of the table values (2 to 4), got {} hands for {} seats",
                lists.len(),
                table.len()
            ),
        )));
    }
    if finisher.is_some_and(|seat| seat >= table.len()) {
        return Err(to_py_err(Error::Seat(format!(
            "finisher {} is not a seat of a table of {}",
            finisher.unwrap_or(0),
            table.len()
        ))));
    }
    if main_jolly && finisher.is_none() {
        return Err(to_py_err(Error::option(
            "main_jolly",
            "Main Jolly needs a finisher",
        )));
    }
    if finisher.is_some_and(|seat| !lists[seat].is_empty()) {
        return Err(to_py_err(Error::option(
            "hands",
            "the finisher's hand must be empty (it discarded its last card)",
        )));
    }
    Ok(PyRoundResult(round_scores(
        &table, &lists, finisher, main_jolly,
    )))
}

fn cards_lists(hands: &Bound<'_, PyAny>) -> PyResult<Vec<CardCounts>> {
    let not_lists = || {
        to_py_err(Failure::Type(Error::option(
            "hands",
            format!("expected a list of hands, got {}", crate::shown(hands)),
        )))
    };
    if hands.is_instance_of::<pyo3::types::PyString>() {
        return Err(not_lists());
    }
    hands
        .try_iter()
        .map_err(|_| not_lists())?
        .map(|hand| counts_arg(&hand?, "hands"))
        .collect()
}

const fn drawn_text(drawn: Option<Drawn>) -> Option<&'static str> {
    match drawn {
        Some(Drawn::Stock) => Some("stock"),
        Some(Drawn::Row) => Some("row"),
        None => None,
    }
}

game_class!(
    PyJolly,
    Jolly,
    "Jolly",
    "cardcore.jolly",
    PyJollyObservation,
    "Jolly: rummy for 2 to 4 players, two decks and six jokers, opening at 40, a discard row.",
    {
        /// The cards a seat holds, in face-id order (copies side by side).
        fn hand(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
            let game = self.game()?;
            let seat = crate::seat_arg(&**game, seat)?;
            Ok(cards_of(&game.hand(seat).py_err()?))
        }

        /// The stock, top first (face down: observations give only its size).
        #[getter]
        fn stock(&self) -> PyResult<Vec<PyCard>> {
            Ok(self.game()?.stock().into_iter().map(PyCard).collect())
        }

        /// Each seat's hand as this round was dealt.
        #[getter]
        fn dealt(&self) -> PyResult<Vec<Vec<PyCard>>> {
            Ok(self.game()?.dealt().hands().iter().map(cards_of).collect())
        }
    }
);

observation_class!(
    PyJollyObservation,
    Jolly,
    "cardcore.jolly",
    "What one Jolly seat may know: its hand, every hand's size, the row, the table, the stock's size.",
    {
        /// The observing seat's cards, in face-id order (copies side by side).
        #[getter]
        fn hand(&self) -> Vec<PyCard> {
            cards_of(&self.observed.hand())
        }

        /// How many cards each seat holds.
        #[getter]
        fn hand_sizes(&self) -> Vec<usize> {
            self.observed.hand_sizes()
        }
    }
);

/// What the game and its observations share: what every seat sees.
macro_rules! public_getters {
    ($Class:ident) => {
        #[pymethods]
        impl $Class {
            /// The round (deal) in play, from 1.
            #[getter]
            fn deal_number(&self) -> PyResult<u32> {
                Ok(self.source()?.round())
            }

            /// The seat dealing this round.
            #[getter]
            fn dealer(&self) -> PyResult<usize> {
                Ok(self.source()?.dealer())
            }

            /// How many cards the stock holds.
            #[getter]
            fn stock_size(&self) -> PyResult<usize> {
                Ok(self.source()?.stock_size())
            }

            /// How many times the stock was rebuilt this round (L13, J6).
            #[getter]
            fn rebuilds(&self) -> PyResult<u8> {
                Ok(self.source()?.rebuilds())
            }

            /// The discard row, oldest first.
            #[getter]
            fn row(&self) -> PyResult<Vec<PyCard>> {
                Ok(self.source()?.row().iter().map(|&c| PyCard(c)).collect())
            }

            /// The melds on the table, in the order laid (pending ones last).
            #[getter]
            fn melds(&self) -> PyResult<Vec<PyJollyMeld>> {
                Ok(self
                    .source()?
                    .melds()
                    .iter()
                    .map(|&m| PyJollyMeld(m))
                    .collect())
            }

            /// Per seat: whether it has opened (L5).
            #[getter]
            fn opened(&self) -> PyResult<Vec<bool>> {
                Ok(self.source()?.opened().to_vec())
            }

            /// The seat whose turn it is (once over, the last turn's).
            #[getter]
            fn player(&self) -> PyResult<usize> {
                Ok(self.source()?.player())
            }

            /// This turn's draw: None (not yet), "stock" or "row".
            #[getter]
            fn drawn(&self) -> PyResult<Option<&'static str>> {
                Ok(drawn_text(self.source()?.drawn()))
            }

            /// The cards taken from the row this turn, in row order.
            #[getter]
            fn taken(&self) -> PyResult<Vec<PyCard>> {
                Ok(self.source()?.taken().iter().map(|&c| PyCard(c)).collect())
            }

            /// Whether the seat to play opened in this turn.
            #[getter]
            fn opened_now(&self) -> PyResult<bool> {
                Ok(self.source()?.opened_now())
            }

            /// Per seat: whether it opened before this turn (L5): what
            /// `take k` asks of the seat to play; `opened` less an opening
            /// made in this turn.
            #[getter]
            fn opened_before_turn(&self) -> PyResult<Vec<bool>> {
                Ok(self.source()?.opened_before_turn())
            }

            /// How many of the last melds are pending, short of the opening's 40 (L5).
            #[getter]
            fn pending(&self) -> PyResult<usize> {
                Ok(self.source()?.pending())
            }

            /// The meld being built, or None.
            #[getter]
            fn building(&self) -> PyResult<Option<PyJollyMeld>> {
                let source = self.source()?;
                let meld = source.building();
                Ok((!meld.is_empty()).then(|| PyJollyMeld(*meld)))
            }

            /// The table meld selected for a lay-off or a swap, or None.
            #[getter]
            fn selected(&self) -> PyResult<Option<usize>> {
                Ok(self.source()?.selected())
            }

            /// The round's outcome, once the match is over (a finished round's is in its record).
            #[getter]
            fn result(&self) -> PyResult<Option<PyRoundResult>> {
                Ok(self.source()?.result().cloned().map(PyRoundResult))
            }

            /// Each finished round's scores, per seat.
            #[getter]
            fn deal_scores(&self) -> PyResult<Vec<Vec<i64>>> {
                Ok(self.source()?.round_scores().to_vec())
            }

            /// Each seat's table values this round so far (L9).
            #[getter]
            fn table_values(&self) -> PyResult<Vec<i64>> {
                Ok(self.source()?.table_values())
            }
        }
    };
}

public_getters!(PyJolly);
public_getters!(PyJollyObservation);
