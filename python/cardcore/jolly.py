"""Jolly: a rummy for 2 to 4 players with two 52-card decks and six jokers; sets and
runs opened at 40, lay-offs on anyone's melds, joker swaps, a discard row taken back
from, rounds to a target of 100, 200 or 500 (docs/rules/jolly.md).

``Jolly`` is the game; ``Observation`` what one seat may know of it; ``Meld``,
``Deal`` (a round) and ``DealResult`` its public records; ``is_meld``, ``meld_value``,
``hand_penalty`` and ``round_scores`` check melds and score rounds directly;
``meld_actions`` gives the actions that lay a meld, and ``Jolly.describe`` says what
an action does (a lay-off, a joker swap, an ace high or low).

A turn is a run of small steps: ``draw`` or ``take k``; cards placed one at a time
(``lay 9H``, ``lay JK as 10H``) on a new meld, then ``close``; ``on meld N`` and one
placement for a lay-off or a joker swap; ``undo``; ``discard 7S``.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from cardcore import _public
from cardcore._core import Jolly
from cardcore._core import JollyDeal as Deal
from cardcore._core import JollyDealResult as DealResult
from cardcore._core import JollyMeld as Meld
from cardcore._core import JollyObservation as Observation
from cardcore._core import jolly_hand_penalty as hand_penalty
from cardcore._core import jolly_is_meld as is_meld
from cardcore._core import jolly_meld_actions as meld_actions
from cardcore._core import jolly_meld_value as meld_value
from cardcore._core import jolly_round_scores as round_scores

__all__ = [
    "Deal",
    "DealResult",
    "Drawn",
    "Jolly",
    "Meld",
    "MeldKind",
    "Observation",
    "Options",
    "Phase",
    "hand_penalty",
    "is_meld",
    "meld_actions",
    "meld_value",
    "round_scores",
]

Phase = Literal["draw", "play", "build", "lay_off", "over"]
"""Jolly's phases: ``draw`` (draw or take), ``play`` (start a meld, select a table
meld, undo, discard), ``build`` (a new meld), ``lay_off`` (a table meld selected)."""

MeldKind = Literal["run", "set", "single"]
"""A meld's kind: ``single`` only for a meld being built of one natural card."""

Drawn = Literal["stock", "row"]
"""How a turn's first step went: from the stock, or taken from the row."""


class Options(TypedDict):
    """Jolly's options, every one filled in (docs/rules/jolly.md, "Options")."""

    players: int
    target: Literal[100, 200, 500]
    max_rounds: int
    single_deal: bool
    first_dealer: int | None
    max_round_steps: int


__dir__ = _public.listing(__all__, globals())
