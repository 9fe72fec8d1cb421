//! Scoring a deal and ending the match (3. Le pointage, F6, F9-F12).

use serde::{Deserialize, Serialize};

use super::bids::Bid;

/// The match is won at this total, lost at its opposite (F12).
pub const TARGET: i64 = 500;

/// The two scorings (F9, F10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// F9, the text's rule: the value to the bidders if made, to the
    /// opponents if failed.
    Default,
    /// F10, the text's variant: the bidders win or lose the value; the
    /// opponents score 10 a trick.
    Variant,
}

impl Scoring {
    pub const fn name(self) -> &'static str {
        match self {
            Scoring::Default => "default",
            Scoring::Variant => "variant",
        }
    }
}

/// Whether a contract is made with `tricks` won by the bidding team (the
/// misères: by the bidder, who must win none).
pub const fn made(bid: Bid, tricks: u8) -> bool {
    if bid.is_misere() {
        tricks == 0
    } else {
        tricks >= bid.tricks()
    }
}

/// The deal's scores, (the bidding team's, the opponents'), for `bid` with
/// `tricks` won by the bidding team out of ten.
pub fn score(bid: Bid, tricks: u8, scoring: Scoring, slam_bonus: bool) -> (i64, i64) {
    let value = bid.value();
    let made = made(bid, tricks);
    if bid.is_misere() {
        // D3: the opponents score nothing in a misère.
        return (if made { value } else { -value }, 0);
    }
    // F11: a contract worth less than 250 that takes every trick scores 250.
    let earned = if slam_bonus && tricks == 10 && value < 250 {
        250
    } else {
        value
    };
    let opponents_tricks = 10 - i64::from(tricks.min(10));
    match (scoring, made) {
        (Scoring::Default, true) => (earned, 0),
        (Scoring::Default, false) => (0, value),
        (Scoring::Variant, true) => (earned, 10 * opponents_tricks),
        (Scoring::Variant, false) => (-value, 10 * opponents_tricks),
    }
}

/// F12: the team that wins the match after a deal, if one does: the bidding
/// team (`bidders`) that made its contract and reached 500; under the
/// default scoring any team at 500; else the other team of one at -500.
pub fn match_winner(
    totals: [i64; 2],
    bidders: usize,
    made: bool,
    scoring: Scoring,
) -> Option<usize> {
    if made && totals[bidders] >= TARGET {
        return Some(bidders);
    }
    if scoring == Scoring::Default {
        if let Some(team) = (0..2).find(|&t| totals[t] >= TARGET) {
            return Some(team);
        }
    }
    (0..2)
        .find(|&t| totals[t] <= -TARGET)
        .map(|loser| 1 - loser)
}
