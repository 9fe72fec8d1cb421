"""The exact solver of a deal's trick play (docs/bots.md, "The solver").

``solve(game)`` reads every hand of ``game`` (the true deal, or a determinization a
seat draws) and gives each legal move of the seat to act with the result perfect
play then reaches for a seat's side. ``analyze(game)`` replays a deal and solves every
trick-play move made in it: what perfect play gave each seat's side from the start,
and where each seat first lost value. Results count what each game's ``solver_unit``
says (card points, tricks, or the score as the game books it); the solver covers
Brouc, Le Julien, French Tarot and 500. Jolly has no trick play: both raise
``PhaseError`` there, as they do outside the trick play of the other games (bidding,
a kitty, a finished match with no move made).
"""

from dataclasses import dataclass

from cardcore._core import Action
from cardcore._protocol import Game

__all__ = ["Analysis", "Solution", "SolvedMove", "analyze", "solve"]


@dataclass(frozen=True)
class Solution:
    """Each legal move of the seat to act, solved for ``seat``'s side."""

    seat: int
    """The seat whose side's results these are."""
    unit: str
    """What a result counts (the game's ``solver_unit``)."""
    values: dict[Action, int]
    """Each legal action of the seat to act, with the result perfect play then gives
    ``seat``'s side over the whole deal (what the deal has already scored included)."""

    @property
    def best(self) -> int:
        """The best result for ``seat``'s side when it is to act: the highest value."""
        return max(self.values.values())

    @property
    def best_actions(self) -> list[Action]:
        """The actions reaching ``best``."""
        best = self.best
        return [action for action, value in self.values.items() if value == best]


@dataclass(frozen=True)
class SolvedMove:
    """One trick-play move of an analysed deal."""

    index: int
    """Its index in the game's ``history``."""
    seat: int
    """The seat that made it."""
    action: Action
    """The action taken."""
    values: dict[Action, int]
    """Each legal action then, with its result for ``seat``'s side (as ``solve``)."""

    @property
    def best(self) -> int:
        """The best result the seat's side could reach from here."""
        return max(self.values.values())

    @property
    def played(self) -> int:
        """The result of the action taken."""
        return self.values[self.action]

    @property
    def loss(self) -> int:
        """What the action taken gave up against the best: 0 for a best move."""
        return self.best - self.played


@dataclass(frozen=True)
class Analysis:
    """A deal's trick play, solved move by move."""

    deal: int
    """The deal, counting from 1."""
    unit: str
    """What a result counts (the game's ``solver_unit``)."""
    start: list[int]
    """Per seat, the result perfect play gave its side from the first move analysed
    (the deal's first trick-play move, unless ``cards_left`` said later)."""
    moves: list[SolvedMove]
    """Every trick-play move analysed, in order."""

    def first_loss(self, seat: int) -> SolvedMove | None:
        """``seat``'s first move that lost its side value, or None if it never did."""
        return next((m for m in self.moves if m.seat == seat and m.loss > 0), None)


def solve(game: Game, seat: int | None = None) -> Solution:
    """Each legal move of ``game``'s seat to act, with the result perfect play then
    gives ``seat``'s side (the seat to act's by default), every hand known. Raises
    ``PhaseError`` outside a deal's trick play, ``SeatError`` for a bad seat."""
    solved_for, values = game._solve(seat)
    return Solution(seat=solved_for, unit=game.solver_unit, values=dict(values))


def analyze(game: Game, deal: int | None = None, *, cards_left: int | None = None) -> Analysis:
    """Deal ``deal`` of ``game``'s match (counting from 1; by default the last one in
    which a trick-play move was made), solved move by move: every trick-play move made
    with at most ``cards_left`` cards in hands (by default every one, from the first
    trick: a whole French Tarot deal takes long to solve). Raises ``PhaseError`` when
    there is no such move, ``OptionError`` for a bad ``deal`` or ``cards_left``."""
    number, start, steps = game._analyze(deal, cards_left)
    moves = [
        SolvedMove(index=index, seat=seat, action=action, values=dict(values))
        for index, seat, action, values in steps
    ]
    return Analysis(deal=number, unit=game.solver_unit, start=start, moves=moves)
