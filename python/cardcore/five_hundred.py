"""500, Québec style: four players in two teams, 46 cards with two jokers, an
auction, a six-card kitty, trump suits with both jacks of a colour, no trump
with a joker suit, misère, a match to 500 (docs/rules/five_hundred.md).

``FiveHundred`` is the game; ``Observation`` what one seat may know of it;
``Trick``, ``Deal`` and ``DealResult`` its public records; ``bid_value`` and
``score`` value a bid and score a deal directly.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from cardcore import _public
from cardcore._core import FiveHundred
from cardcore._core import FiveHundredDeal as Deal
from cardcore._core import FiveHundredDealResult as DealResult
from cardcore._core import FiveHundredObservation as Observation
from cardcore._core import FiveHundredTrick as Trick
from cardcore._core import five_hundred_bid_value as bid_value
from cardcore._core import five_hundred_score as score

__all__ = [
    "Deal",
    "DealResult",
    "FiveHundred",
    "Observation",
    "Options",
    "Phase",
    "Scoring",
    "Trick",
    "bid_value",
    "score",
]

Phase = Literal["bid", "discard", "name", "play", "over"]
"""500's phases: ``"name"`` while a seat that led a joker in no trump names a suit."""

Scoring = Literal["default", "variant"]
"""The two scorings: the rules text's rule (F9) and its variant (F10)."""


class Options(TypedDict):
    """500's options, every one filled in (docs/rules/five_hundred.md, "Options")."""

    single_deal: bool
    single_round: bool
    misere: bool
    joker_names_suit: bool
    scoring: Scoring
    slam_bonus: bool
    first_dealer: int | None
    max_deals: int


__dir__ = _public.listing(__all__, globals())
