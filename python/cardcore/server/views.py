"""What the server sends, computed by the engine alone: a seat's view is its observation
(``game.observation(seat).to_dict()``, the engine's own leak-tested view), a spectator's
the public view (``game.public_view()``: what every seat's observation shows alike) and an
action's public event (who did what, the action named only to those who can tell which it
was: ``game.action_visibility(action)``).

Nothing here is written per game: secrecy is the engine's, and so is the comparison of
observations that decides who may be told an action (in Rust, as each alternative must be
played on a copy and every seat's observation compared).
"""

from __future__ import annotations

from typing import Any

from cardcore import Action, Game

__all__ = ["seat_view", "told"]


def seat_view(game: Game, seat: int) -> dict[str, Any]:
    """What a seat is sent after each action: its observation and its legal actions (an
    empty list when another seat is to act)."""
    observation = game.observation(seat)
    return {
        "observation": observation.to_dict(),
        "legal_actions": [str(action) for action in observation.legal_actions()],
    }


def told(before: Game, action: Action) -> tuple[set[int], bool]:
    """Who may be told which action the seat to act played in ``before``: the other seats
    that can tell it from every other legal action, and whether a spectator can (a card
    played to a trick is seen by all; a Tarot discard is not: many discards leave the
    defence the same view). The game is not changed."""
    seats, public = before.action_visibility(action)
    return set(seats), public
