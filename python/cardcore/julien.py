"""Le Julien: four players, 52 cards, a new trump every trick, Couleur
contracts, the Spéco and the Superspec (docs/rules/julien.md).

``Julien`` is the game; ``Observation`` what one seat may know of it; ``Bid``,
``Trick`` and ``Deal`` (a Tour) its bids and public records; ``score`` and
``card_value`` settle a Tour directly.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from cardcore import _public
from cardcore._core import Julien
from cardcore._core import JulienBid as Bid
from cardcore._core import JulienDeal as Deal
from cardcore._core import JulienObservation as Observation
from cardcore._core import JulienTrick as Trick
from cardcore._core import julien_card_value as card_value
from cardcore._core import julien_score as score

__all__ = [
    "Bid",
    "Deal",
    "Julien",
    "Observation",
    "Options",
    "Phase",
    "TourKind",
    "Trick",
    "card_value",
    "score",
]

Phase = Literal["bid", "play", "speco", "over"]
"""Le Julien's phases: ``"speco"`` while a Spéco trick's winner chooses."""

TourKind = Literal["normal", "speco", "superspec"]
"""The kinds of Tour: Tour 3 is the Spéco, Tour 6 the Superspec."""


class Options(TypedDict):
    """Le Julien's options, every one filled in (docs/rules/julien.md, "Options")."""

    single_deal: bool
    tour_kind: TourKind | None
    masked_talon: bool
    twenty_five_every_tour: bool
    first_dealer: int | None


__dir__ = _public.listing(__all__, globals())
