"""Brouc: a Swiss 32-card Jass game for two teams of two, with marriages and
announcements (docs/rules/brouc.md).

``Brouc`` is the game; ``Observation`` what one seat may know of it; ``Deal``
a deal's public record and ``Announcement`` a combination announced.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from cardcore import _public
from cardcore._core import Announcement, Brouc
from cardcore._core import BroucDeal as Deal
from cardcore._core import BroucObservation as Observation

__all__ = ["Announcement", "Brouc", "Deal", "Observation", "Options", "Phase"]

Phase = Literal["play", "over"]
"""Brouc's phases."""


class Options(TypedDict):
    """Brouc's options, every one filled in (docs/rules/brouc.md, "Options")."""

    single_deal: bool
    target: int
    first_dealer: int | None


__dir__ = _public.listing(__all__, globals())
