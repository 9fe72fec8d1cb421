"""The pure-Python reference rules of cardcore, for the differential tests.

Slow and plain, written from the rules pages (docs/rules/), never from the Rust
engine: the two are played side by side, action by action.
"""

from __future__ import annotations

import json

from cardcore.reference.brouc import BroucReference, RefAction
from cardcore.reference.cards import RuleError

GAMES = ("brouc",)

__all__ = ["GAMES", "BroucReference", "RefAction", "RuleError", "from_json", "new_game"]


def new_game(name: str, *, seed: int, **options: object) -> BroucReference:
    """A new game of that name; RuleError for an unknown game, a bad seed or option."""
    if name != "brouc":
        raise RuleError(f"unknown game {name!r}; games are {', '.join(GAMES)}")
    return BroucReference(seed=seed, **options)


def from_json(text: str) -> BroucReference:
    """The game a ``to_json`` text describes, dispatched on its ``"game"`` key."""
    if not isinstance(text, str):
        raise RuleError(f"from_json needs a str, got {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise RuleError(f"bad JSON: {error}") from None
    if not isinstance(data, dict) or "game" not in data:
        raise RuleError("a state is a JSON object with a 'game' key")
    if data["game"] != "brouc":
        raise RuleError(f"unknown game {data['game']!r}; games are {', '.join(GAMES)}")
    return BroucReference.from_state(data)
