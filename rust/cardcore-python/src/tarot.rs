//! French Tarot's Python classes: the shared protocol plus Tarot's own
//! accessors, its tricks, poignées, deal records and results, and the pure
//! settlement function.

use cardcore::card::Card;
use cardcore::game::Game;
use cardcore::games::tarot::{
    half_points, Bid, DealRecord, DealResult, Level, PlayedTrick, Poignee, Settlement, Side, Tarot,
};
use cardcore::Error;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyFloat, PyList, PyTuple};
use serde::{Deserialize, Serialize};

use crate::{
    card_arg, game_class, int_arg, is_int, observation_class, plays, shown, str_arg, to_py_err,
    Failure, IntoPyResult, PyAction, PyCard,
};

fn points(half: u8) -> f64 {
    f64::from(half) / 2.0
}

/// A completed trick of a Tarot deal.
#[pyclass(module = "cardcore.tarot", name = "Trick", frozen)]
#[derive(Serialize, Deserialize)]
pub(crate) struct PyTarotTrick(PlayedTrick);

#[pymethods]
impl PyTarotTrick {
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

/// A declared poignée: its level and the trumps shown.
#[pyclass(module = "cardcore.tarot", name = "Poignee", frozen, eq)]
#[derive(PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PyPoignee(Poignee);

#[pymethods]
impl PyPoignee {
    /// "simple", "double" or "triple".
    #[getter]
    fn level(&self) -> &'static str {
        self.0.level.text()
    }

    /// The bonus: 20, 30 or 40.
    #[getter]
    fn bonus(&self) -> i64 {
        self.0.level.bonus()
    }

    /// The cards shown, in face-id order.
    #[getter]
    fn shown(&self) -> Vec<PyCard> {
        self.0.shown.iter().map(PyCard).collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "Poignee(level='{}', shown={})",
            self.0.level.text(),
            self.0.shown.len()
        )
    }
}

fn poignees_of(poignees: &[Option<Poignee>]) -> Vec<Option<PyPoignee>> {
    poignees.iter().map(|p| p.map(PyPoignee)).collect()
}

/// A deal's count and settlement.
#[pyclass(module = "cardcore.tarot", name = "DealResult", frozen)]
#[derive(Serialize, Deserialize)]
pub(crate) struct PyDealResult(DealResult);

#[pymethods]
impl PyDealResult {
    /// The taker's side's card points (a multiple of 0.5).
    #[getter]
    fn points(&self) -> f64 {
        points(self.0.points)
    }

    /// The bouts in the taker's side's pile.
    #[getter]
    fn bouts(&self) -> u8 {
        self.0.bouts
    }

    /// The points the taker's side needed: 56, 51, 41 or 36.
    #[getter]
    fn target(&self) -> f64 {
        points(self.0.target)
    }

    #[getter]
    fn made(&self) -> bool {
        self.0.made
    }

    /// |points - target| rounded up to a whole point (T6).
    #[getter]
    fn difference(&self) -> u8 {
        self.0.difference
    }

    /// "taker", "defence" or None: the side that won the Petit au bout.
    #[getter]
    fn petit_au_bout(&self) -> Option<&'static str> {
        self.0.petit_au_bout.map(Side::text)
    }

    /// "taker", "defence" or None: the side that won every trick.
    #[getter]
    fn slam(&self) -> Option<&'static str> {
        self.0.slam.map(Side::text)
    }

    /// Each defender's stake, positive when the taker's side gains.
    #[getter]
    fn stake(&self) -> i64 {
        self.0.stake
    }

    /// Each seat's score.
    #[getter]
    fn scores(&self) -> Vec<i64> {
        self.0.scores.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "DealResult(points={}, bouts={}, made={}, stake={}, scores={:?})",
            points(self.0.points),
            self.0.bouts,
            if self.0.made { "True" } else { "False" },
            self.0.stake,
            self.0.scores
        )
    }
}

/// The record of one Tarot deal, as finished (or in play, from the game).
#[pyclass(module = "cardcore.tarot", name = "Deal", frozen)]
#[derive(Deserialize)]
pub(crate) struct PyTarotDeal {
    record: DealRecord,
    players: usize,
    /// Whether it is shown to a seat: a void deal's hands hidden (D2).
    public: bool,
}

/// A record shown to a seat travels with what it shows, not more.
impl Serialize for PyTarotDeal {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shown {
            record: DealRecord,
            players: usize,
            public: bool,
        }
        let record = if self.public {
            self.record.shown(self.players)
        } else {
            self.record.clone()
        };
        let (players, public) = (self.players, self.public);
        Shown {
            record,
            players,
            public,
        }
        .serialize(serializer)
    }
}

#[pymethods]
impl PyTarotDeal {
    /// The deal number, from 1, void deals included.
    #[getter]
    fn number(&self) -> u32 {
        self.record.number()
    }

    #[getter]
    fn dealer(&self) -> usize {
        self.record.dealer()
    }

    /// Each seat's hand as dealt (a void deal shown to a seat: only the petit sec).
    #[getter]
    fn dealt(&self) -> Vec<Vec<PyCard>> {
        let hands = if self.public {
            self.record.shown_dealt(self.players)
        } else {
            self.record.dealt()[..self.players].to_vec()
        };
        hands
            .into_iter()
            .map(|hand| hand.iter().map(PyCard).collect())
            .collect()
    }

    #[getter]
    fn chien(&self) -> Vec<PyCard> {
        self.record.chien().iter().map(PyCard).collect()
    }

    /// None, "all pass" or "petit sec".
    #[getter]
    fn void(&self) -> Option<&'static str> {
        self.record.void().map(|v| v.text())
    }

    #[getter]
    fn bids(&self) -> Vec<Option<&'static str>> {
        bid_texts(&self.record.bids()[..self.players])
    }

    #[getter]
    fn taker(&self) -> Option<usize> {
        self.record.taker()
    }

    #[getter]
    fn contract(&self) -> Option<&'static str> {
        self.record.contract().map(Bid::text)
    }

    #[getter]
    fn called(&self) -> Option<PyCard> {
        self.record.called().map(PyCard)
    }

    #[getter]
    fn partner(&self) -> Option<usize> {
        self.record.partner()
    }

    #[getter]
    fn discard(&self) -> Vec<PyCard> {
        self.record.discard().iter().map(PyCard).collect()
    }

    #[getter]
    fn poignees(&self) -> Vec<Option<PyPoignee>> {
        poignees_of(&self.record.poignees()[..self.players])
    }

    #[getter]
    fn slam_announced(&self) -> bool {
        self.record.slam()
    }

    #[getter]
    fn tricks(&self) -> Vec<PyTarotTrick> {
        self.record
            .tricks()
            .iter()
            .map(|&t| PyTarotTrick(t))
            .collect()
    }

    #[getter]
    fn result(&self) -> Option<PyDealResult> {
        self.record.result().cloned().map(PyDealResult)
    }

    fn __repr__(&self) -> String {
        format!(
            "Deal(number={}, dealer={}, void={}, taker={}, contract={}, tricks={})",
            self.record.number(),
            self.record.dealer(),
            self.record.void().map_or("None", |v| v.text()),
            self.record
                .taker()
                .map_or_else(|| "None".to_owned(), |t| t.to_string()),
            self.record.contract().map_or("None", Bid::text),
            self.record.tricks().len()
        )
    }
}

fn bid_texts(bids: &[Option<Bid>]) -> Vec<Option<&'static str>> {
    bids.iter().map(|b| b.map(Bid::text)).collect()
}

impl crate::PyDeals for Tarot {
    type PyDeal = PyTarotDeal;

    /// Shown to a seat, a void deal's hands are hidden (D2).
    fn py_deal(record: &DealRecord, players: usize, whole: bool, _: bool) -> PyTarotDeal {
        PyTarotDeal {
            record: record.clone(),
            players,
            public: !whole,
        }
    }
}

fn cards_or_none(cards: Vec<Option<Card>>) -> Vec<Option<PyCard>> {
    cards.into_iter().map(|c| c.map(PyCard)).collect()
}

/// T1: a card's points: bouts and kings 4.5, queens 3.5, knights 2.5,
/// jacks 1.5, other cards 0.5.
#[pyfunction]
pub(crate) fn tarot_card_points(card: &Bound<'_, PyAny>) -> PyResult<f64> {
    let card = card_arg(card, "card")?;
    if card.id() >= 78 {
        return Err(to_py_err(Error::option(
            "card",
            format!("{card} is not a card of the 78-card deck"),
        )));
    }
    Ok(points(half_points(card)))
}

/// A named value among `choices` (`None` allowed when `optional`).
fn choice_arg<T: Copy>(
    value: &Bound<'_, PyAny>,
    name: &str,
    choices: &[T],
    text: impl Fn(T) -> &'static str,
) -> PyResult<T> {
    let names: Vec<&str> = choices.iter().map(|&c| text(c)).collect();
    let bad = |got: String| {
        Error::option(
            name,
            format!("expected one of {}, got {got}", names.join(", ")),
        )
    };
    let given = str_arg(value, bad)?;
    choices
        .iter()
        .copied()
        .find(|&c| text(c) == given)
        .ok_or_else(|| to_py_err(bad(format!("'{given}'"))))
}

fn optional_side(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<Side>> {
    match value {
        Some(value) if !value.is_none() => choice_arg(value, name, Side::ALL, Side::text).map(Some),
        _ => Ok(None),
    }
}

/// The taker's card points as half points: a number, a multiple of 0.5.
fn half_points_arg(value: &Bound<'_, PyAny>) -> PyResult<u8> {
    let bad = || {
        Error::option(
            "points",
            format!(
                "expected a number of points from 0 to 91, a multiple of 0.5, got {}",
                shown(value)
            ),
        )
    };
    let number = if is_int(value) {
        int_arg(value, |_| bad())? as f64
    } else if value.is_instance_of::<PyFloat>() {
        value.extract::<f64>()?
    } else {
        return Err(to_py_err(Failure::Type(bad())));
    };
    let half = number * 2.0;
    if half.fract() != 0.0 || !(0.0..=182.0).contains(&half) {
        return Err(to_py_err(bad()));
    }
    Ok(half as u8)
}

fn small_int(value: &Bound<'_, PyAny>, name: &str, max: i64) -> PyResult<usize> {
    let bad =
        |got: String| Error::option(name, format!("expected an int from 0 to {max}, got {got}"));
    let number = int_arg(value, bad)?;
    if !(0..=max).contains(&number) {
        return Err(to_py_err(bad(number.to_string())));
    }
    Ok(number as usize)
}

/// A deal's scores from its facts (docs/rules/tarot.md, "Settlement"):
/// `points` the taker's side's card points, `petit_au_bout` and `slam` the
/// side ("taker" or "defence") that won it, `poignees` the levels declared.
#[pyfunction]
#[pyo3(signature = (contract, points, bouts, *, players = None, petit_au_bout = None, poignees = None, slam_announced = false, slam = None, taker = None, partner = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn tarot_settle(
    contract: &Bound<'_, PyAny>,
    points: &Bound<'_, PyAny>,
    bouts: &Bound<'_, PyAny>,
    players: Option<&Bound<'_, PyAny>>,
    petit_au_bout: Option<&Bound<'_, PyAny>>,
    poignees: Option<&Bound<'_, PyAny>>,
    slam_announced: bool,
    slam: Option<&Bound<'_, PyAny>>,
    taker: Option<&Bound<'_, PyAny>>,
    partner: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<i64>> {
    let contracts = &Bid::ALL[1..];
    let levels = match poignees {
        None => Vec::new(),
        Some(list) => {
            if list.is_instance_of::<pyo3::types::PyString>() {
                return Err(to_py_err(Failure::Type(Error::option(
                    "poignees",
                    "expected a list of levels, got a str",
                ))));
            }
            let items = list.try_iter().map_err(|_| {
                to_py_err(Failure::Type(Error::option(
                    "poignees",
                    format!("expected a list of levels, got {}", shown(list)),
                )))
            })?;
            items
                .map(|item| choice_arg(&item?, "poignees", Level::ALL, Level::text))
                .collect::<PyResult<Vec<Level>>>()?
        }
    };
    let settlement = Settlement {
        players: players.map_or(Ok(4), |p| small_int(p, "players", 5))?,
        contract: choice_arg(contract, "contract", contracts, Bid::text)?,
        points: half_points_arg(points)?,
        bouts: small_int(bouts, "bouts", 3)? as u8,
        petit_au_bout: optional_side(petit_au_bout, "petit_au_bout")?,
        poignees: levels,
        slam_announced,
        slam: optional_side(slam, "slam")?,
        taker: taker.map_or(Ok(0), |t| small_int(t, "taker", 4))?,
        partner: match partner {
            Some(p) if !p.is_none() => Some(small_int(p, "partner", 4)?),
            _ => None,
        },
    };
    Ok(settlement.settle().py_err()?.scores)
}

game_class!(
    PyTarot,
    Tarot,
    "Tarot",
    "cardcore.tarot",
    PyTarotObservation,
    "French Tarot: 3, 4 or 5 players, 78 cards, one taker against the defence.",
    {
        /// The cards a seat holds, in face-id order.
        fn hand(&self, seat: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
            let game = self.game()?;
            let seat = crate::seat_arg(&**game, seat)?;
            Ok(game.hand(seat).py_err()?.iter().map(PyCard).collect())
        }

        /// The chien, whether shown or not.
        #[getter]
        fn chien(&self) -> PyResult<Vec<PyCard>> {
            Ok(self
                .game()?
                .current_deal()
                .chien()
                .iter()
                .map(PyCard)
                .collect())
        }

        /// The taker's discard so far, whole.
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

        /// Five players: the called card's holder, None when the taker is alone.
        #[getter]
        fn partner(&self) -> PyResult<Option<usize>> {
            Ok(self.game()?.current_deal().partner())
        }
    }
);

observation_class!(
    PyTarotObservation,
    Tarot,
    "cardcore.tarot",
    "What one Tarot seat may know: its hand, every hand's size, the table, the chien, the discard and the partner as shown.",
    {
        /// The observing seat's cards, in face-id order.
        #[getter]
        fn hand(&self) -> Vec<PyCard> {
            self.observed.hand().iter().map(PyCard).collect()
        }

        /// How many cards each seat holds.
        #[getter]
        fn hand_sizes(&self) -> Vec<usize> {
            self.observed.hand_sizes()
        }

        /// The discard as this seat sees it: the taker sees it all.
        #[getter]
        fn known_discard(&self) -> Vec<Option<PyCard>> {
            cards_or_none(self.observed.known_discard())
        }

        /// Five players: the partner once this seat knows it (the partner
        /// knows itself), else None.
        #[getter]
        fn known_partner(&self) -> Option<usize> {
            self.observed.known_partner()
        }
    }
);

/// What the game and its observations share: what every seat sees.
macro_rules! public_getters {
    ($Class:ident) => {
        #[pymethods]
        impl $Class {
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

            /// Each seat's bid this deal ("pass", "prise", ...), None until it has spoken.
            #[getter]
            fn bids(&self) -> PyResult<Vec<Option<&'static str>>> {
                Ok(bid_texts(self.source()?.bids()))
            }

            /// The taker, once the bidding is over.
            #[getter]
            fn taker(&self) -> PyResult<Option<usize>> {
                Ok(self.source()?.taker())
            }

            /// The contract, once the bidding is over.
            #[getter]
            fn contract(&self) -> PyResult<Option<&'static str>> {
                Ok(self.source()?.contract().map(Bid::text))
            }

            /// Five players: the called card, once called.
            #[getter]
            fn called(&self) -> PyResult<Option<PyCard>> {
                Ok(self.source()?.called().map(PyCard))
            }

            /// Five players: the partner once every seat knows it (the called
            /// card played or shown in the chien), else None.
            #[getter]
            fn visible_partner(&self) -> PyResult<Option<usize>> {
                Ok(self.source()?.public_partner())
            }

            /// The chien as every seat sees it: None for each card not shown.
            #[getter]
            fn visible_chien(&self) -> PyResult<Vec<Option<PyCard>>> {
                Ok(cards_or_none(self.source()?.public_chien()))
            }

            /// The discard as the seats other than the taker see it: None for
            /// each suit card, then the trumps (all shown once the deal is over).
            #[getter]
            fn visible_discard(&self) -> PyResult<Vec<Option<PyCard>>> {
                Ok(cards_or_none(self.source()?.public_discard()))
            }

            /// Each seat's declared poignée this deal, or None.
            #[getter]
            fn poignees(&self) -> PyResult<Vec<Option<PyPoignee>>> {
                Ok(poignees_of(self.source()?.poignees()))
            }

            /// Whether the taker announced a slam.
            #[getter]
            fn slam_announced(&self) -> PyResult<bool> {
                Ok(self.source()?.slam_announced())
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

            /// This deal's completed tricks.
            #[getter]
            fn tricks(&self) -> PyResult<Vec<PyTarotTrick>> {
                Ok(self
                    .source()?
                    .tricks()
                    .iter()
                    .map(|&t| PyTarotTrick(t))
                    .collect())
            }

            /// The deal's count and settlement, once its last trick is played.
            #[getter]
            fn result(&self) -> PyResult<Option<PyDealResult>> {
                Ok(self.source()?.result().cloned().map(PyDealResult))
            }

            /// Each valid deal's scores, per seat.
            #[getter]
            fn deal_scores(&self) -> PyResult<Vec<Vec<i64>>> {
                Ok(self.source()?.deal_scores())
            }

            /// Each side's card points so far (the taker's side first), None
            /// before there is a taker and at five players while the partner
            /// is secret.
            #[getter]
            fn card_points(&self) -> PyResult<Option<(f64, f64)>> {
                Ok(self
                    .source()?
                    .card_counts()
                    .map(|[taker, defence]| (points(taker.0), points(defence.0))))
            }

            /// Each side's bouts so far (the taker's side first), as `card_points`.
            #[getter]
            fn bouts(&self) -> PyResult<Option<(u8, u8)>> {
                Ok(self
                    .source()?
                    .card_counts()
                    .map(|[taker, defence]| (taker.1, defence.1)))
            }
        }
    };
}

public_getters!(PyTarot);
public_getters!(PyTarotObservation);
