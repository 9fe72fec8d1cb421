"""What the server sends, computed from the engine alone: a seat's view is its observation
(``game.observation(seat).to_dict()``, the engine's own leak-tested view), a spectator's
the public view (what every seat's observation shows alike) and an action's public event
(who did what, the action named only when every other seat can tell which it was).

Nothing here is written per game: secrecy is the engine's, these functions only combine
its observations.
"""

from __future__ import annotations

from typing import Any

from cardcore import Action, Game

__all__ = ["HIDDEN", "common", "public_action", "public_view", "revealed_to", "seat_view"]

HIDDEN: None = None
"""What the public view holds where the seats' observations differ (a hand, a pile one
seat knows): ``None``, as the engine's ``visible_X`` lists mark a card not shown."""


def common(values: list[Any]) -> Any:
    """What a list of JSON values shows alike: a value equal in all of them is kept;
    objects with the same keys are compared key by key and lists of the same length item
    by item; anything else that differs becomes ``HIDDEN``."""
    first = values[0]
    if all(value == first for value in values[1:]):
        return first
    if isinstance(first, dict) and all(
        isinstance(value, dict) and value.keys() == first.keys() for value in values
    ):
        return {key: common([value[key] for value in values]) for key in first}
    if isinstance(first, list) and all(
        isinstance(value, list) and len(value) == len(first) for value in values
    ):
        return [common([value[i] for value in values]) for i in range(len(first))]
    return HIDDEN


def public_view(game: Game) -> dict[str, Any]:
    """The table as a spectator sees it: the seats' observations combined by ``common``,
    without the observer's own keys (``seat``, ``hand``)."""
    views = [game.observation(seat).to_dict() for seat in range(game.num_players)]
    view = common(views)
    assert isinstance(view, dict)
    view.pop("seat", None)
    view.pop("hand", None)
    return view


def seat_view(game: Game, seat: int) -> dict[str, Any]:
    """What a seat is sent after each action: its observation and its legal actions (an
    empty list when another seat is to act)."""
    observation = game.observation(seat)
    return {
        "observation": observation.to_dict(),
        "legal_actions": [str(action) for action in observation.legal_actions()],
    }


def revealed_to(before: Game, action: Action, actor: int) -> set[int]:
    """The seats other than ``actor`` that can tell which action ``actor`` played in
    ``before``: those for which no other legal action leaves the same observation. (A
    card played to a trick is seen by all; a Tarot discard is not: many discards leave the
    defence the same view.) The game is not changed."""
    after = before.clone()
    after.apply(action)
    others = [seat for seat in range(before.num_players) if seat != actor]
    seen = {seat: after.observation(seat) for seat in others}
    revealed = set(others)
    for other in before.legal_actions():
        if other == action or not revealed:
            continue
        elsewhere = before.clone()
        elsewhere.apply(other)
        revealed -= {seat for seat in revealed if elsewhere.observation(seat) == seen[seat]}
    return revealed


def public_action(before: Game, action: Action, actor: int, revealed: set[int]) -> bool:
    """Whether a spectator can tell which action ``actor`` played: every other seat can
    (``revealed``, from ``revealed_to``) and no other legal action leaves the same public
    view. The game is not changed."""
    if len(revealed) < before.num_players - 1:
        return False
    after = before.clone()
    after.apply(action)
    shown = public_view(after)
    for other in before.legal_actions():
        if other == action:
            continue
        elsewhere = before.clone()
        elsewhere.apply(other)
        if public_view(elsewhere) == shown:
            return False
    return True
