"""The solver from Python (docs/bots.md, "The solver"): ``cardcore.solve`` and
``cardcore.analyze`` on each game's trick play, their refusals, and the expert level.

The solver's exactness is proved in Rust (each game's tests check it against minimax
over the engine on endgames); here: the values obey perfect play's own equations
(a move's value is the best, or the worst, of what the next seat to act can then
do, as that seat is on the solved side or not), the analysis agrees with ``solve``
move by move, and bad calls raise and change nothing.
"""

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardcore
from cardcore import Game
from cardcore.bots import make

# (game, options, same_side(game, a, b)).
SideRule = Callable[[Game, int, int], bool]


def teams(_game: Game, a: int, b: int) -> bool:
    return a % 2 == b % 2


def tarot_sides(game: Game, a: int, b: int) -> bool:
    takers = {game.taker, game.partner}  # type: ignore[attr-defined]
    return (a in takers) == (b in takers)


def each_alone(_game: Game, a: int, b: int) -> bool:
    return a == b


TABLES: list[tuple[str, dict[str, object], SideRule]] = [
    ("brouc", {}, teams),
    ("julien", {}, each_alone),
    ("tarot", {"players": 3}, tarot_sides),
    ("tarot", {"players": 4}, tarot_sides),
    ("tarot", {"players": 5}, tarot_sides),
    ("five_hundred", {}, teams),
]
IDS = [f"{name}-{options.get('players', '')}".rstrip("-") for name, options, _ in TABLES]


def cards_left(game: Game) -> int:
    sizes: list[int] = game.observation(0).to_dict()["hand_sizes"]
    return sum(sizes)


def solvable(game: Game) -> bool:
    try:
        cardcore.solve(game)
    except cardcore.PhaseError:
        return False
    return True


def endgame(name: str, options: dict[str, object], seed: int, left: int) -> Game:
    """A single deal played by medium bots until its trick play has at most ``left``
    cards in hands and the seat to act has a move to solve: from ``seed``, or the next
    seeds while deals end unplayed (everyone passed)."""
    for tried in range(seed, seed + 20):
        game = cardcore.new_game(name, seed=tried, single_deal=True, **options)
        bots = [make(name, "medium", seed=tried + s) for s in range(game.num_players)]
        while not game.is_over:
            if cards_left(game) <= left and solvable(game):
                return game
            seat = game.current_player
            assert seat is not None
            game.apply(bots[seat].act(game.observation(seat)))
    raise AssertionError(f"{name}: 20 deals from seed {seed} ended unplayed")


@pytest.mark.parametrize(("name", "options", "same_side"), TABLES, ids=IDS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_moves_value_is_what_the_next_seat_makes_of_it(
    name: str, options: dict[str, object], same_side: SideRule, seed: int
) -> None:
    game = endgame(name, options, seed, 12)
    seat = game.current_player
    assert seat is not None
    solution = cardcore.solve(game)
    assert solution.seat == seat
    assert solution.unit == game.solver_unit
    assert list(solution.values) == game.legal_actions()
    assert solution.best == max(solution.values.values())
    assert set(solution.best_actions) <= set(solution.values)
    for action, value in solution.values.items():
        child = game.clone()
        child.apply(action)
        after = child.current_player
        if after is None or not solvable(child):
            continue
        # The same deal seen for the same seat: the next seat to act maximises the
        # seat's result if it plays on its side, minimises it otherwise.
        values = cardcore.solve(child, seat).values.values()
        expected = max(values) if same_side(child, after, seat) else min(values)
        assert value == expected, (name, seed, action)


@pytest.mark.parametrize(("name", "options", "same_side"), TABLES, ids=IDS)
def test_the_analysis_of_a_finished_deal_solves_every_move_played(
    name: str, options: dict[str, object], same_side: SideRule
) -> None:
    # Analysed from 16 cards left, so that it stays quick.
    game = endgame(name, options, 5, 16)
    start = game.clone()
    bots = [make(name, "medium", seed=9 + s) for s in range(game.num_players)]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)))
    analysis = cardcore.analyze(game, cards_left=16)
    assert analysis.deal == 1
    assert analysis.unit == game.solver_unit
    history = game.history
    assert [m.action for m in analysis.moves] == [history[m.index] for m in analysis.moves]
    # Every solved move is as `solve` gives it at that point of the deal.
    replay = start.clone()
    assert analysis.moves[0].index == len(start.history)
    for index in range(len(start.history), len(history)):
        solved = [m for m in analysis.moves if m.index == index]
        if solved:
            assert cardcore.solve(replay).values == solved[0].values
        replay.apply(history[index])
    # A move's value is what its side could then reach: two moves in a row by one side.
    for move, following in zip(analysis.moves, analysis.moves[1:], strict=False):
        if same_side(game, move.seat, following.seat):
            assert move.played == following.best
    for seat in range(game.num_players):
        losing = [m for m in analysis.moves if m.seat == seat and m.best > m.played]
        assert analysis.first_loss(seat) == (losing[0] if losing else None)
    first = analysis.moves[0]
    assert analysis.start[first.seat] == first.best


def test_the_solver_refuses_what_it_cannot_solve_and_changes_nothing() -> None:
    jolly = cardcore.new_game("jolly", seed=1)
    for call in (lambda: cardcore.solve(jolly), lambda: cardcore.analyze(jolly)):
        with pytest.raises(cardcore.PhaseError, match="nothing to"):
            call()
    tarot = cardcore.new_game("tarot", seed=1)
    assert tarot.phase == "bid"
    before = tarot.to_json()
    with pytest.raises(cardcore.PhaseError, match='phase "bid"'):
        cardcore.solve(tarot)
    with pytest.raises(cardcore.PhaseError, match="no trick-play decision"):
        cardcore.analyze(tarot)
    assert tarot.to_json() == before
    brouc = endgame("brouc", {}, 3, 12)
    with pytest.raises(cardcore.SeatError):
        cardcore.solve(brouc, 4)
    with pytest.raises(cardcore.SeatTypeError):
        cardcore.solve(brouc, "north")  # type: ignore[arg-type]
    with pytest.raises(cardcore.OptionError, match="'deal': must be at least 1"):
        cardcore.analyze(brouc, 0)
    with pytest.raises(cardcore.OptionTypeError, match="'deal'"):
        cardcore.analyze(brouc, "1")  # type: ignore[arg-type]
    with pytest.raises(cardcore.PhaseError, match="deal 2 of this brouc match"):
        cardcore.analyze(brouc, 2)
    assert issubclass(cardcore.PhaseError, cardcore.CardcoreError)
    assert issubclass(cardcore.PhaseError, ValueError)


@pytest.mark.parametrize("name", ["brouc", "five_hundred", "jolly"])
def test_the_expert_plays_a_deal_legally_and_reproducibly(name: str) -> None:
    def play(seed: int) -> list[cardcore.Action]:
        game = cardcore.new_game(name, seed=seed, single_deal=True)
        bots = [
            make(name, "expert" if s == 0 else "medium", seed=s) for s in range(game.num_players)
        ]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            action = bots[seat].act(game.observation(seat))
            assert game.is_legal(action)
            game.apply(action)
        return game.history

    assert play(2) == play(2)
    assert make(name, "expert", seed=1).level == "expert"
