"""The protocol every cardcore game and its observations implement (docs/protocol.md).

Code written against ``Game`` and ``Observation`` works with every registered
game; ``isinstance(x, cardcore.Game)`` checks the shape at run time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Protocol, Self, runtime_checkable

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from cardcore._core import Action


class _Table(Protocol):
    """What a game and its observations both answer: the match as every seat sees it."""

    @property
    def name(self) -> str:
        """The game's registered name (``cardcore.GAMES``)."""

    @property
    def num_players(self) -> int:
        """The number of seats, numbered from 0."""

    @property
    def options(self) -> Mapping[str, Any]:
        """Every option in force, defaults filled in."""

    @property
    def current_player(self) -> int | None:
        """The seat to act, None once the game is over."""

    @property
    def phase(self) -> str:
        """The game's phase (each game's rules page lists them)."""

    @property
    def is_over(self) -> bool:
        """Whether the match (or the single deal) has ended."""

    @property
    def scores(self) -> list[int]:
        """Match scores per seat."""


@runtime_checkable
class Observation(_Table, Protocol):
    """What one seat may know of a game now; each game's adds its public accessors."""

    @property
    def seat(self) -> int:
        """The seat observing."""

    def determinize(self, *, seed: int) -> Game:
        """A whole game this seat cannot tell from the one observed, drawn from ``seed``."""

    def legal_actions(self) -> list[Action]:
        """The legal actions when this seat is to act, sorted by id; else empty."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON form, a JSON-compatible dict."""

    def to_json(self) -> str:
        """The JSON form as text."""


@runtime_checkable
class Game(_Table, Protocol):
    """A whole match of one game; every registered game satisfies this."""

    action_count: int
    """Action ids run from 0 to ``action_count - 1``."""

    @property
    def history(self) -> list[Action]:
        """The actions applied, oldest first."""

    @property
    def winning_seats(self) -> list[int]:
        """The seats that won the match; empty while it goes on, or when nobody won."""

    @property
    def truncated(self) -> bool:
        """Whether the match was ended by its cap rather than by its rules (docs/protocol.md,
        "Every match ends"): over, scored as far as it went, nobody won."""

    def legal_actions(self) -> list[Action]:
        """Every legal action, sorted by id."""

    def is_legal(self, action: Action | int | np.integer[Any] | str) -> bool:
        """Whether an action (object, id, numpy integer id or text) is legal now."""

    def apply(self, action: Action | int | np.integer[Any] | str) -> None:
        """Plays an action; a refusal raises and changes nothing."""

    def rewards(self, reward: Literal["outcome", "score"] | None = None) -> list[float]:
        """Each seat's reward for the match: 0 while it goes on; at its end ``"outcome"``
        (+1 won, -1 lost, 0 when nobody won) or ``"score"`` (the seat's score less the
        other seats' mean, scaled); None for the game's default (docs/envs.md)."""

    def describe(self, action: Action | int | np.integer[Any] | str) -> str:
        """What an action does, in words: when legal now, what it does in this state
        (a Jolly ``lay 9D`` a lay-off or a joker swap, a bid's contract); otherwise what
        its text says (``"play QH"``)."""

    def action(self, action: int | np.integer[Any] | str) -> Action:
        """The action with that id or text, legal or not."""

    def clone(self) -> Self:
        """An independent copy."""

    def determinize(self, seat: int, *, seed: int) -> Self:
        """A whole state ``seat`` cannot tell from this one, drawn from ``seed`` (the hidden
        cards placed uniformly among those consistent with what the seat has seen)."""

    def action_visibility(self, action: Action | int | str) -> tuple[list[int], bool]:
        """Who can tell which action this is, played now by the seat to act: the other
        seats that can, and whether a spectator can (docs/protocol.md)."""

    def public_view(self) -> dict[str, Any]:
        """The table as a spectator sees it: the seats' observations combined, what they
        show alike kept, what differs None, without ``seat`` and ``hand``."""

    def to_json(self) -> str:
        """The exact state as JSON text."""

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now."""

    observation_tensor_size: int
    """The number of features of ``observation_tensor``, at every player count."""

    def observation_tensor(
        self, seat: int, out: NDArray[np.float32] | None = None
    ) -> NDArray[np.float32]:
        """What ``seat`` may know as float32 features (the rules page's "Observation
        tensor"), into ``out`` when given. Needs numpy."""

    def legal_actions_mask(self, out: NDArray[np.bool_] | None = None) -> NDArray[np.bool_]:
        """The legal actions as bool flags indexed by action id, into ``out`` when given."""

    # The public observation and full-state tensors (docs/protocol.md, "Tensors and masks").
    public_observation_tensor_size: int
    """The number of features of ``public_observation_tensor``, at every player count."""

    state_tensor_size: int
    """The number of features of ``state_tensor``, at every player count."""

    def public_observation_tensor(
        self, out: NDArray[np.float32] | None = None
    ) -> NDArray[np.float32]:
        """What every seat sees alike as float32 features (the rules page's "Public
        observation tensor"), into ``out`` when given. Needs numpy."""

    def state_tensor(self, out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
        """The whole state for a centralised critic as float32 features (the rules page's
        "Full-state tensor"), into ``out`` when given. Needs numpy."""

    # --- the solver (cardcore.solver) ---

    solver_unit: str
    """What the solver's results count for this game (docs/bots.md, "The solver")."""

    def _solve(self, seat: int | None = None) -> tuple[int, list[tuple[Action, int]]]:
        """``(seat, values)``: each legal action with its solved result for ``seat``'s
        side; what ``cardcore.solver.solve`` returns typed."""

    def _analyze(
        self, deal: int | None = None, cards_left: int | None = None
    ) -> tuple[int, list[int], list[tuple[int, int, Action, list[tuple[Action, int]]]]]:
        """``(deal, start, steps)``: a deal solved move by move; what
        ``cardcore.solver.analyze`` returns typed."""

    # --- information states ---

    information_state_tensor_size: int
    """The number of features of ``information_state_tensor``, at every player count."""

    def information_state(self, seat: int) -> str:
        """Everything ``seat`` has seen since the deal in play began, its own actions
        included, as text (docs/protocol.md, "Information states")."""

    def information_state_tensor(
        self, seat: int, out: NDArray[np.float32] | None = None
    ) -> NDArray[np.float32]:
        """``information_state(seat)`` as float32 features (the rules page's
        "Information state"), into ``out`` when given. Needs numpy."""
