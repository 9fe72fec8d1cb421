"""French Tarot: 3, 4 or 5 players, 78 cards, one taker (with a called partner
at five) against the defence; the chien, poignées, slams and the Excuse
(docs/rules/tarot.md).

``Tarot`` is the game; ``Observation`` what one seat may know of it; ``Trick``,
``Poignee``, ``Deal`` and ``DealResult`` its public records; ``settle`` and
``card_points`` settle a deal directly.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from cardcore import _public
from cardcore._core import Tarot
from cardcore._core import TarotDeal as Deal
from cardcore._core import TarotDealResult as DealResult
from cardcore._core import TarotObservation as Observation
from cardcore._core import TarotPoignee as Poignee
from cardcore._core import TarotTrick as Trick
from cardcore._core import tarot_card_points as card_points
from cardcore._core import tarot_settle as settle

__all__ = [
    "Contract",
    "Deal",
    "DealResult",
    "Level",
    "Observation",
    "Options",
    "Phase",
    "Poignee",
    "Side",
    "Tarot",
    "Trick",
    "card_points",
    "settle",
]

Phase = Literal["bid", "call", "discard", "slam", "poignee", "play", "over"]
"""French Tarot's phases (docs/rules/tarot.md, "Actions")."""

Contract = Literal["prise", "garde", "garde sans", "garde contre"]
"""The contracts, in increasing order (multipliers 1, 2, 4, 6)."""

Level = Literal["simple", "double", "triple"]
"""A poignée's level."""

Side = Literal["taker", "defence"]
"""A side of a deal: the taker's (with its partner at five) or the defence."""


class Options(TypedDict):
    """French Tarot's options, every one filled in (docs/rules/tarot.md, "Options")."""

    players: int
    single_deal: bool
    deals: int | None
    excuse_to_winner: bool
    first_dealer: int | None
    max_deals: int


__dir__ = _public.listing(__all__, globals())
