"""Cross-checks: the Rust engine against the pure-Python reference, from the installed package.

``cardcore.check`` (``cardcore check`` on the command line) plays seeded random matches
in the engine and in ``cardcore.reference`` side by side, with the same choices, and
compares after every action everything a user can observe: the legal actions (ids,
texts, kinds, cards, in order), the seat to act, the phase, whether it is over, the
scores, the history, the state JSON and every seat's observation. Along the way, on a
schedule drawn from the match's seed, it also:

- gives each action in one form to one side and another to the other (the ``Action``
  object, its id, its text);
- probes refusals: an illegal action id and a text no game knows must be refused by
  both (a ``CardcoreError``, a ``RuleError``), leaving both states unchanged;
- crosses the states over JSON: the engine continues from the reference's ``to_json``
  and the reference from the engine's (at about one step per power of two, so that a
  long match crosses early and late at a cost proportional to its length).

A divergence is reported with the game, its options, the seed and the actions that
lead to it, shrunk to the shortest prefix found that still shows the same difference,
both sides' values where they differ, and a one-line reproduction: a ``replay`` call
that raises ``DivergenceError`` when run. The test suite's differential tests call these
same functions.

Everything a match does follows from its seed: the engine's deal, the random choices
(``random.Random(seed)``), the forms, probes and crossings. Match ``i`` of a run with
seed ``S`` has seed ``S + i`` (modulo 2**64), so a run's results do not depend on how
many processes share it, and any match can be run alone.
"""

from __future__ import annotations

import json
import os
import random
import shlex
import signal
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import cardcore
from cardcore import _core, _public

__all__ = [
    "DEFAULT_MATCHES",
    "FIELDS",
    "MAX_ACTIONS",
    "CheckReport",
    "Difference",
    "DivergenceError",
    "DivergenceReport",
    "GameTally",
    "MatchResult",
    "StateResult",
    "check",
    "check_state",
    "play_match",
    "replay",
]

MASK64 = (1 << 64) - 1

DEFAULT_MATCHES = 10
"""Random matches per game when ``matches`` is not given (the reference is slow Python)."""

MAX_ACTIONS = 200_000
"""A match still running after this many actions is reported as a divergence ("end")."""

FIELDS = (
    "name",
    "options",
    "num_players",
    "current_player",
    "phase",
    "is_over",
    "truncated",
    "scores",
    "history",
    "legal",
    "json",
    "observations",
)
"""What is compared after every action, in this order (the first difference names a
divergence). Besides these, a divergence can be an ``apply`` (one side refused a legal
action or failed), a ``refusal`` (one side accepted an illegal action or changed its
state refusing it), a ``crossing`` (one side refused the other's JSON), a ``from_json``
(the two disagree on whether a saved state is valid), ``legal_order`` (the engine's
legal actions not sorted by id) or an ``end`` (no end after ``MAX_ACTIONS``)."""

_SHRINK_STEPS = 60_000
"""The shrinker's budget: actions replayed in all, so that it ends in seconds to minutes."""

_DETAILS = 6
"""Differing JSON paths shown per field."""


def _reference() -> ModuleType:
    """``cardcore.reference``, imported on first use: ``import cardcore`` stays light."""
    import cardcore.reference

    return cardcore.reference


# --------------------------------------------------------------------------------------
# What is compared


def _legal(game: Any) -> list[tuple[int, str, str, str | None]]:
    return [
        (a.id, str(a), a.kind, None if a.card is None else str(a.card))
        for a in game.legal_actions()
    ]


_READERS: dict[str, Callable[[Any], Any]] = {
    "name": lambda game: game.name,
    "options": lambda game: dict(game.options),
    "num_players": lambda game: game.num_players,
    "current_player": lambda game: game.current_player,
    "phase": lambda game: game.phase,
    "is_over": lambda game: game.is_over,
    "truncated": lambda game: game.truncated,
    "scores": lambda game: list(game.scores),
    "history": lambda game: [(a.id, str(a)) for a in game.history],
    "legal": _legal,
    "json": lambda game: json.loads(game.to_json()),
    "observations": lambda game: [
        game.observation(seat).to_dict() for seat in range(game.num_players)
    ],
}


@dataclass(frozen=True)
class Difference:
    """One thing the engine and the reference disagree on: a compared field (``FIELDS``)
    or an event (``apply``, ``refusal``, ``crossing``, ``from_json``, ``legal_order``,
    ``end``), with both sides' values (plain JSON-like values or error texts)."""

    field: str
    engine: Any
    reference: Any

    def details(self) -> list[str]:
        """Where the two values differ, one line per place (JSON paths, at most six)."""
        found: list[str] = []
        _diff(self.engine, self.reference, self.field, found)
        return found


def _diff(mine: Any, theirs: Any, path: str, found: list[str]) -> None:
    if len(found) > _DETAILS:
        return
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for key in [*mine, *(k for k in theirs if k not in mine)]:
            if key not in theirs or key not in mine:
                side = "engine" if key in mine else "reference"
                found.append(f"{path}.{key}: only the {side} has it")
            elif mine[key] != theirs[key]:
                _diff(mine[key], theirs[key], f"{path}.{key}", found)
    elif isinstance(mine, list | tuple) and isinstance(theirs, list | tuple):
        for index, (a, b) in enumerate(zip(mine, theirs, strict=False)):
            if a != b:
                _diff(a, b, f"{path}[{index}]", found)
        if len(mine) != len(theirs):
            found.append(f"{path}: {len(mine)} items in the engine, {len(theirs)} in the reference")
    elif mine != theirs:
        found.append(f"{path}: engine {_short(mine)}, reference {_short(theirs)}")
    if len(found) > _DETAILS:
        del found[_DETAILS:]
        found.append("...")


def _short(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _compare(engine: Any, ref: Any, fields: Sequence[str]) -> list[Difference]:
    """The fields on which the two differ (every one of them, in ``FIELDS`` order)."""
    differences = []
    for name in fields:
        read = _READERS[name]
        mine, theirs = read(engine), read(ref)
        if mine != theirs:
            differences.append(Difference(name, mine, theirs))
    if "legal" in fields:
        ids = [action.id for action in engine.legal_actions()]
        if ids != sorted(ids):
            differences.append(Difference("legal_order", ids, sorted(ids)))
    return differences


def _error_text(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


# --------------------------------------------------------------------------------------
# The schedule: what a match does besides its choices, drawn from its seed and the step


def _mix(seed: int, step: int, salt: int) -> int:
    """SplitMix64's finalizer over the seed, the step and a salt per use."""
    z = (seed + 0x9E3779B97F4A7C15 * (step * 8 + salt + 1)) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def _form(seed: int, step: int) -> int:
    """How step ``step``'s action is given: 0 objects to both; 1 the id to the engine and
    the text to the reference; 2 the reverse; 3 the id to both."""
    return _mix(seed, step, 0) % 4


def _probes(seed: int, step: int) -> bool:
    """Whether refusals are probed before step ``step`` (one step in sixteen)."""
    return _mix(seed, step, 1) % 16 == 0


def _crosses(seed: int, step: int) -> bool:
    """Whether the states cross over JSON before step ``step``: one step in each range
    [2**k, 2**(k+1)), drawn from the seed."""
    if step < 1:
        return False
    k = step.bit_length() - 1
    return step == (1 << k) + _mix(seed, k, 2) % (1 << k)


# --------------------------------------------------------------------------------------
# Driving the two side by side


class _OutOfChoicesError(Exception):
    """The choices ran out (a replay or a shrinking attempt is over, with no divergence)."""


@dataclass
class _Run:
    """What driving a pair produced: the action ids applied, the comparisons made, and
    the differences found (empty when the two agreed to the end or to the stop)."""

    actions: list[int] = field(default_factory=list)
    comparisons: int = 0
    differences: list[Difference] = field(default_factory=list)


_ACTION_COUNTS: dict[str, int] = {}


def _action_count(name: str) -> int:
    if not _ACTION_COUNTS:
        _ACTION_COUNTS.update({info["name"]: info["actions"] for info in _core.game_info()})
    return _ACTION_COUNTS[name]


def _probe(engine: Any, ref: Any, seed: int, step: int) -> list[Difference]:
    """An illegal id and a text no game knows: both refuse, neither changes."""
    legal = {action.id for action in engine.legal_actions()}
    illegal = [i for i in range(_action_count(engine.name)) if i not in legal]
    bad: list[int | str] = ["ZZ"]
    if illegal:
        bad.insert(0, illegal[_mix(seed, step, 3) % len(illegal)])
    reference = _reference()
    for action in bad:
        before = engine.to_json(), ref.to_json()
        verdicts = []
        for side, refusal in ((engine, cardcore.CardcoreError), (ref, reference.RuleError)):
            try:
                side.apply(action)
            except refusal:
                verdicts.append("refused")
            except Exception as error:  # a crash is a difference too
                verdicts.append(f"failed: {_error_text(error)}")
            else:
                verdicts.append("accepted")
        after = engine.to_json(), ref.to_json()
        changed = [before[i] != after[i] for i in (0, 1)]
        if verdicts != ["refused", "refused"] or any(changed):
            shown = [
                f"{verdict} {action!r}" + (" and changed its state" if moved else "")
                for verdict, moved in zip(verdicts, changed, strict=True)
            ]
            return [Difference("refusal", shown[0], shown[1])]
    return []


def _cross(engine: Any, ref: Any) -> tuple[Any, Any, list[Difference]]:
    """Each side continues from the other's JSON."""
    engine_json, ref_json = engine.to_json(), ref.to_json()
    loaded: list[Any] = []
    errors: list[str | None] = []
    for load, text in ((cardcore.from_json, ref_json), (_reference().from_json, engine_json)):
        try:
            loaded.append(load(text))
            errors.append(None)
        except Exception as error:
            loaded.append(None)
            errors.append(_error_text(error))
    if errors != [None, None]:
        return engine, ref, [Difference("crossing", errors[0], errors[1])]
    return loaded[0], loaded[1], []


def _apply(engine: Any, ref: Any, index: int, form: int) -> tuple[int, list[Difference]]:
    """Apply the legal action at ``index`` to both, each in the form ``form`` picks."""
    mine, theirs = engine.legal_actions()[index], ref.legal_actions()[index]
    given: tuple[Any, Any] = (
        (mine, theirs),
        (mine.id, str(theirs)),
        (str(mine), theirs.id),
        (mine.id, theirs.id),
    )[form]
    errors: list[str | None] = []
    for side, action in zip((engine, ref), given, strict=True):
        try:
            side.apply(action)
            errors.append(None)
        except Exception as error:
            errors.append(f"{_error_text(error)} (given {action!r})")
    if errors != [None, None]:
        return mine.id, [Difference("apply", errors[0] or "applied", errors[1] or "applied")]
    return mine.id, []


Pick = Callable[[int, Any], int]
"""Chooses step ``step``'s action: an index into the engine's legal actions (raises
``_OutOfChoicesError`` to end the run)."""


def _drive(
    engine: Any,
    ref: Any,
    seed: int,
    pick: Pick,
    fields: Sequence[str] = FIELDS,
    watch: str | None = None,
) -> _Run:
    """Play both to the end (or until the choices run out), comparing ``fields`` after
    every action and running the seed's schedule. With ``watch``, only a difference of
    that kind ends the run as found; another kind ends it with nothing found (a shrinking
    attempt)."""
    run = _Run()

    def found(differences: list[Difference]) -> bool:
        if not differences:
            return False
        run.differences = differences if watch in (None, differences[0].field) else []
        return True

    def compared() -> bool:
        if found(_compare(engine, ref, fields)):
            return True
        run.comparisons += 1
        return False

    if compared():
        return run
    try:
        while not engine.is_over:
            step = len(run.actions)
            if step >= MAX_ACTIONS:
                found([Difference("end", f"no end after {step} actions", "not compared")])
                return run
            if _probes(seed, step) and found(_probe(engine, ref, seed, step)):
                return run
            if _crosses(seed, step):
                engine, ref, differences = _cross(engine, ref)
                if found(differences) or compared():
                    return run
            action, differences = _apply(engine, ref, pick(step, engine), _form(seed, step))
            run.actions.append(action)
            if found(differences) or compared():
                return run
    except _OutOfChoicesError:
        pass
    return run


def _random_pick(choices: Sequence[int], seed: int) -> Pick:
    """The choices, each taken modulo the number of legal actions, then a generator
    seeded with ``seed`` (so a match plays to its end whatever the list's length)."""
    fallback = random.Random(seed)

    def pick(step: int, engine: Any) -> int:
        number = choices[step] if step < len(choices) else fallback.randrange(2**16)
        return number % len(engine.legal_actions())

    return pick


def _index_pick(indices: Sequence[int]) -> Pick:
    """The indices given (modulo the legal actions), then stop."""

    def pick(step: int, engine: Any) -> int:
        if step >= len(indices):
            raise _OutOfChoicesError
        return indices[step] % len(engine.legal_actions())

    return pick


def _id_pick(actions: Sequence[int]) -> Pick:
    """The action ids given, then stop."""

    def pick(step: int, engine: Any) -> int:
        if step >= len(actions):
            raise _OutOfChoicesError
        ids = [action.id for action in engine.legal_actions()]
        if actions[step] not in ids:
            raise cardcore.IllegalActionError(
                f"replay: action {actions[step]} is not legal at step {step}; legal: {ids}"
            )
        return ids.index(actions[step])

    return pick


# --------------------------------------------------------------------------------------
# Starting points: a new match, or a saved state


@dataclass(frozen=True)
class _Start:
    """Where a run starts: a new game (``game`` and ``options``) or a saved ``state``."""

    game: str
    options: Mapping[str, Any]
    seed: int
    state: str | None = None

    def pair(self) -> tuple[Any, Any] | Difference:
        """The engine's game and the reference's, or the ``from_json`` difference."""
        if self.state is None:
            options = dict(self.options)
            engine = cardcore.new_game(self.game, seed=self.seed, **options)
            return engine, _reference().new_game(self.game, seed=self.seed, **options)
        loaded: list[Any] = []
        for load in (cardcore.from_json, _reference().from_json):
            try:
                loaded.append(load(self.state))
            except Exception as error:  # a refusal, or a crash: either is a verdict
                loaded.append(_error_text(error))
        engine, ref = loaded
        if isinstance(engine, str) != isinstance(ref, str):
            verdicts = [v if isinstance(v, str) else "accepted" for v in loaded]
            return Difference("from_json", verdicts[0], verdicts[1])
        return engine, ref

    def drive(self, pick: Pick, fields: Sequence[str] = FIELDS, watch: str | None = None) -> _Run:
        pair = self.pair()
        if isinstance(pair, Difference):
            return _Run(differences=[pair] if watch in (None, pair.field) else [])
        if isinstance(pair[0], str):
            raise _BothRefusedError(pair[0], pair[1])
        return _drive(pair[0], pair[1], self.seed, pick, fields, watch)


class _BothRefusedError(Exception):
    """Both sides refused a saved state (their verdicts agree: nothing to continue)."""

    def __init__(self, engine: str, reference: str) -> None:
        super().__init__(engine)
        self.engine = engine
        self.reference = reference


# --------------------------------------------------------------------------------------
# Divergences


@dataclass(frozen=True)
class DivergenceReport:
    """Where the engine and the reference disagree, and how to see it again.

    ``actions`` are the action ids from the start (a new game of ``game`` with
    ``options`` and ``seed``, or the saved ``state``) to the first difference;
    ``texts`` the same actions as text; ``differences`` what differs after the last of
    them (or at the start when there is none). ``shrunk_from`` is the number of actions
    of the divergence first found, when shrinking found a shorter one.
    """

    game: str
    options: dict[str, Any]
    seed: int
    actions: list[int]
    texts: list[str]
    differences: list[Difference]
    state: str | None = None
    shrunk_from: int | None = None

    def reproduction(self) -> str:
        """One line of Python that raises ``DivergenceError`` while the two disagree."""
        start = f"state={self.state!r}" if self.state is not None else f"options={self.options!r}"
        return (
            "from cardcore.crosscheck import replay; "
            f"replay({self.game!r}, seed={self.seed}, {start}, actions={self.actions!r})"
        )

    def __str__(self) -> str:
        where = "a saved state" if self.state is not None else f"options {self.options}"
        lines = [f"the engine and the reference diverge: {self.game}, {where}, seed {self.seed}"]
        count = f"{len(self.actions)} action(s)"
        if self.shrunk_from is not None:
            count += f", shrunk from {self.shrunk_from}"
        lines.append(f"  actions    {count}: {' '.join(self.texts) or '(none)'}")
        if self.state is not None:
            lines.append(f"  state      {_short(self.state, 400)}")
        for difference in self.differences:
            lines.append(f"  {difference.field} differs:")
            lines += [f"    {line}" for line in difference.details()]
        lines.append(f"  reproduce  python -c {_shell_quoted(self.reproduction())}")
        return "\n".join(lines)


def _shell_quoted(line: str) -> str:
    """The line as one shell word: in double quotes when nothing in it is special there."""
    return f'"{line}"' if not set(line) & set('"$`\\!') else shlex.quote(line)


class DivergenceError(AssertionError):
    """The engine and the reference disagree; ``report`` says where and how."""

    def __init__(self, report: DivergenceReport) -> None:
        super().__init__(str(report))
        self.report = report


def _texts(start: _Start, actions: Sequence[int]) -> list[str]:
    """The actions' texts, read off the engine, replaying them (the last may be one the
    engine refuses: that refusal is the divergence)."""
    pair = start.pair()
    if isinstance(pair, Difference) or isinstance(pair[0], str):
        return []
    engine, texts = pair[0], []
    for action in actions:
        texts.append(str(next(a for a in engine.legal_actions() if a.id == action)))
        try:
            engine.apply(action)
        except cardcore.CardcoreError:
            break
    return texts


def _report(start: _Start, run: _Run, shrunk_from: int | None = None) -> DivergenceReport:
    return DivergenceReport(
        game=start.game,
        options=dict(start.options),
        seed=start.seed,
        actions=list(run.actions),
        texts=_texts(start, run.actions),
        differences=run.differences,
        state=start.state,
        shrunk_from=shrunk_from,
    )


def _shrink(start: _Start, run: _Run) -> DivergenceReport:
    """The divergence with the fewest actions found that shows the same kind of difference.

    Works on the choices as indices into the legal actions: drops runs of them (halves,
    quarters, ... single ones), then lowers each toward 0, replaying each attempt and
    watching only the difference's field, until no attempt helps or the budget is spent;
    then replays the best in full for the report.
    """
    kind = run.differences[0].field
    fields = ["legal"] if kind == "legal_order" else [kind] if kind in FIELDS else []
    best = _indices(start, run.actions)
    budget = _SHRINK_STEPS

    def attempt(candidate: list[int]) -> list[int] | None:
        nonlocal budget
        budget -= len(candidate) + 1
        found = start.drive(_index_pick(candidate), fields, watch=kind)
        if not found.differences:
            return None
        return _indices(start, found.actions)

    def better(candidate: list[int]) -> bool:
        nonlocal best
        shrunk = attempt(candidate)
        if shrunk is not None and (len(shrunk), shrunk) < (len(best), best):
            best = shrunk
            return True
        return False

    improved = bool(best)
    while improved and budget > 0:
        improved = False
        size = max(1, len(best) // 2)
        while size >= 1 and budget > 0:
            index = 0
            while index + size <= len(best) and budget > 0:
                if better(best[:index] + best[index + size :]):
                    improved = True
                else:
                    index += size
            size //= 2
        index = 0
        while index < len(best) and budget > 0:
            value = best[index]
            for lower in sorted({0, value // 2, value - 1}):
                if lower < value and better([*best[:index], lower, *best[index + 1 :]]):
                    improved = True
                    break
            index += 1
    final = start.drive(_index_pick(best))
    # Comparing every field finds the watched difference at the same step, or another earlier.
    assert final.differences, "a shrunk divergence replays"
    shrunk_from = len(run.actions) if len(final.actions) < len(run.actions) else None
    return _report(start, final, shrunk_from)


def _indices(start: _Start, actions: Sequence[int]) -> list[int]:
    """The actions as indices into the engine's legal actions along the way."""
    pair = start.pair()
    assert not isinstance(pair, Difference), "the start was compared first"
    assert not isinstance(pair[0], str), "a refused state has no actions"
    engine, indices = pair[0], []
    for action in actions:
        indices.append([a.id for a in engine.legal_actions()].index(action))
        try:
            engine.apply(action)
        except cardcore.CardcoreError:
            break  # the engine's refusal of a legal action: the divergence itself
    return indices


# --------------------------------------------------------------------------------------
# One match, one state, one replay


@dataclass(frozen=True)
class MatchResult:
    """A run on which the two agreed: the actions played and the comparisons made (each
    compares every field of ``FIELDS``)."""

    decisions: int
    comparisons: int


@dataclass(frozen=True)
class StateResult:
    """A saved state checked: ``refused`` holds both sides' errors when both refused it
    (they agree: it is no reachable state); else the continuation's figures."""

    decisions: int
    comparisons: int
    refused: tuple[str, str] | None = None


def _outcome(start: _Start, run: _Run, shrink: bool) -> MatchResult:
    if run.differences:
        raise DivergenceError(
            _shrink(start, run) if shrink and run.actions else _report(start, run)
        )
    return MatchResult(len(run.actions), run.comparisons)


def play_match(
    game: str,
    *,
    seed: int,
    options: Mapping[str, Any] | None = None,
    choices: Sequence[int] = (),
    shrink: bool = False,
) -> MatchResult:
    """Play one whole match of ``game`` in both, comparing after every action.

    Step ``i`` plays the legal action at ``choices[i]`` modulo their number; past the
    list, ``random.Random(seed)`` chooses. Raises ``DivergenceError`` at the first
    difference (shrunk first when ``shrink``); a bad game or option raises the
    engine's error.
    """
    start = _Start(game, dict(options or {}), seed)
    return _outcome(start, start.drive(_random_pick(choices, seed)), shrink)


def check_state(
    state: str, *, seed: int, choices: Sequence[int] = (), shrink: bool = False
) -> StateResult:
    """Load a saved state in both and play it on to the end, comparing after every action.

    Both must accept it or both refuse it (then nothing is played: ``refused``).
    Choices and ``seed`` work as in ``play_match``. Raises ``DivergenceError``.
    """
    name = _state_game(state)
    start = _Start(name, {}, seed, state)
    try:
        run = start.drive(_random_pick(choices, seed))
    except _BothRefusedError as refused:
        return StateResult(0, 0, (refused.engine, refused.reference))
    result = _outcome(_Start(name, _state_options(start), seed, state), run, shrink)
    return StateResult(result.decisions, result.comparisons)


def _state_game(state: str) -> str:
    """The ``"game"`` of a saved state, when it reads as one (else a placeholder)."""
    try:
        parsed = json.loads(state)
    except (ValueError, RecursionError):
        return "?"
    name = parsed.get("game") if isinstance(parsed, dict) else None
    return name if isinstance(name, str) else "?"


def _state_options(start: _Start) -> dict[str, Any]:
    pair = start.pair()
    if isinstance(pair, Difference) or isinstance(pair[0], str):
        return {}
    return dict(pair[0].options)


def replay(
    game: str,
    *,
    seed: int,
    actions: Sequence[int],
    options: Mapping[str, Any] | None = None,
    state: str | None = None,
) -> MatchResult:
    """Replay ``actions`` (ids) in both from a new game (or from ``state``), with the
    schedule of ``seed``, comparing after every action: what a ``DivergenceReport``'s
    reproduction runs. Raises ``DivergenceError`` while the two disagree there."""
    start = _Start(game, dict(options or {}), seed, state)
    try:
        run = start.drive(_id_pick(actions))
    except _BothRefusedError:
        return MatchResult(0, 0)
    return _outcome(start, run, shrink=False)


# --------------------------------------------------------------------------------------
# Many matches: cardcore.check


@dataclass(frozen=True)
class _Task:
    """One unit of work: a new match (``state`` None) or a saved state's continuation."""

    index: int
    game: str
    options: Mapping[str, Any]
    seed: int
    state: str | None = None
    line: int = 0


@dataclass(frozen=True)
class _Outcome:
    task: _Task
    decisions: int
    comparisons: int
    run: _Run | None = None  # the divergence, unshrunk
    start: _Start | None = None
    refused: tuple[str, str] | None = None


def _run_task(task: _Task) -> _Outcome:
    if task.state is None:
        start = _Start(task.game, task.options, task.seed)
    else:
        start = _Start(task.game, {}, task.seed, task.state)
    try:
        run = start.drive(_random_pick((), task.seed))
    except _BothRefusedError as refused:
        return _Outcome(task, 0, 0, refused=(refused.engine, refused.reference))
    if task.state is not None:
        start = _Start(task.game, _state_options(start), task.seed, task.state)
    if run.differences:
        return _Outcome(task, len(run.actions), run.comparisons, run, start)
    return _Outcome(task, len(run.actions), run.comparisons)


@dataclass
class GameTally:
    """One game's figures in a ``CheckReport``: matches (or state continuations) played,
    actions applied, comparisons on which the two agreed, matches that diverged, and
    saved states both refused (with their line numbers and the engine's error)."""

    game: str
    matches: int = 0
    decisions: int = 0
    agreements: int = 0
    divergent: int = 0
    refused: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class CheckReport:
    """What ``cardcore.check`` found: a tally per game, and per game with a divergence the
    first one (the lowest match index), shrunk. ``ok`` when there is none."""

    seed: int
    jobs: int
    tallies: list[GameTally]
    divergences: list[DivergenceReport]
    elapsed_seconds: float

    @property
    def ok(self) -> bool:
        """Whether the engine and the reference agreed everywhere."""
        return not self.divergences

    @property
    def matches(self) -> int:
        """Matches (or state continuations) played, every game together."""
        return sum(tally.matches for tally in self.tallies)

    @property
    def decisions(self) -> int:
        """Actions applied, every game together."""
        return sum(tally.decisions for tally in self.tallies)

    def summary(self) -> str:
        """The report as ``cardcore check`` prints it: a table, then each divergence."""
        lines = [f"{'game':<14}{'matches':>9}{'decisions':>13}{'agreements':>13}  result"]
        for tally in self.tallies:
            result = f"{tally.divergent:,} diverged" if tally.divergent else "agree"
            if tally.refused:
                result += f" ({len(tally.refused):,} state(s) refused by both)"
            lines.append(
                f"{tally.game:<14}{tally.matches:>9,}{tally.decisions:>13,}"
                f"{tally.agreements:>13,}  {result}"
            )
        rate = self.decisions / self.elapsed_seconds if self.elapsed_seconds > 0 else 0.0
        lines.append(
            f"{self.matches:,} match(es), {self.decisions:,} decisions in "
            f"{self.elapsed_seconds:.1f} s ({rate:,.0f} decisions/s) on {self.jobs} job(s)"
        )
        for tally in self.tallies:
            lines += [
                f"{tally.game} line {line}: both refuse: {error}" for line, error in tally.refused
            ]
        lines += ["", *map(str, self.divergences)] if self.divergences else []
        return "\n".join(lines)


def _names(games: str | Iterable[str] | None) -> list[str]:
    if games is None:
        return list(cardcore.GAMES)
    try:
        names = [games] if isinstance(games, str) else list(games)
    except TypeError:
        kind = type(games).__name__
        raise cardcore.OptionTypeError(f"games must be a name or names, got {kind}") from None
    for name in names:
        if name not in cardcore.GAMES:
            cardcore.new_game(name, seed=0)  # the engine's UnknownGameError, naming it
    return names


def _option_sets(name: str, options: Any) -> list[dict[str, Any]]:
    """The option sets a game's matches cycle through: the ones given, or the defaults
    at each of the game's player counts."""
    if options is None:
        info = next(i for i in _core.game_info() if i["name"] == name)
        if any(option["name"] == "players" for option in info["options"]):
            return [{"players": count} for count in info["player_counts"]]
        return [{}]
    sets = [options] if isinstance(options, Mapping) else list(options)
    if not sets or not all(isinstance(s, Mapping) for s in sets):
        raise cardcore.OptionTypeError("options must be a mapping or a non-empty list of them")
    for option_set in sets:  # refused now, with the engine's own message
        cardcore.new_game(name, seed=0, **dict(option_set))
    return [dict(s) for s in sets]


def _tasks(
    games: str | Iterable[str] | None,
    matches: int,
    seed: int,
    options: Any,
    states: Iterable[str] | None,
) -> list[_Task]:
    tasks: list[_Task] = []
    if states is None:
        for name in _names(games):
            sets = _option_sets(name, options)
            for i in range(matches):
                tasks.append(_Task(len(tasks), name, sets[i % len(sets)], (seed + i) & MASK64))
        return tasks
    if games is not None or options is not None:
        raise cardcore.OptionError("states are checked as saved: no games or options with them")
    for line, text in enumerate(states, start=1):
        if not isinstance(text, str):
            kind = type(text).__name__
            raise cardcore.OptionTypeError(f"states must be JSON texts, line {line} is a {kind}")
        if text.strip():
            for i in range(matches):
                task = _Task(len(tasks), _state_game(text), {}, (seed + i) & MASK64, text, line)
                tasks.append(task)
    return tasks


def _check_int(name: str, value: object, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise cardcore.OptionTypeError(f"{name} must be an int, got {type(value).__name__}")
    if not low <= value <= high:
        raise cardcore.OptionError(f"{name} must be in [{low}, {high}], got {value}")
    return value


def _cores() -> int:
    """The cores this process may run on (its affinity, where the platform tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which terminates them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _outcomes(
    tasks: list[_Task], jobs: int, progress: Callable[[int, int], None] | None
) -> list[_Outcome]:
    results: list[_Outcome] = []
    if progress is not None:
        progress(0, len(tasks))
    if jobs == 1 or len(tasks) <= 1:
        for task in tasks:
            results.append(_run_task(task))
            if progress is not None:
                progress(len(results), len(tasks))
        return results
    import multiprocessing  # here: only a run with several jobs needs it

    with multiprocessing.get_context().Pool(min(jobs, len(tasks)), _ignore_interrupts) as pool:
        for outcome in pool.imap_unordered(_run_task, tasks):
            results.append(outcome)
            if progress is not None:
                progress(len(results), len(tasks))
    return sorted(results, key=lambda outcome: outcome.task.index)


def check(
    games: str | Iterable[str] | None = None,
    *,
    matches: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | Sequence[Mapping[str, Any]] | None = None,
    states: Iterable[str] | None = None,
    jobs: int | None = None,
    shrink: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> CheckReport:
    """Play seeded random matches in the engine and the reference side by side and
    compare them after every action (see the module's documentation).

    - ``games``: a name, several, or None for every game.
    - ``matches``: random matches per game (default ``DEFAULT_MATCHES``); match ``i`` has
      seed ``seed + i``. With ``states``, the random continuations of each state
      (default 1), continuation ``i`` with seed ``seed + i``.
    - ``options``: one option set for every match, or a list the matches cycle through;
      None plays the defaults, at each of the game's player counts in turn.
    - ``states``: saved JSON states (``to_json`` texts; blank ones skipped), each loaded
      in both and played on. Each must be accepted by both or refused by both.
    - ``jobs``: worker processes (default: the number of cores); the results do not
      depend on it. The workers start the platform's default way: where that is by
      spawning (Windows, macOS), a script calling ``check`` guards its entry point with
      ``if __name__ == "__main__":``.
    - ``shrink``: shrink each game's first divergence to the fewest actions found.
    - ``progress``: called with (units done, units) as matches finish.

    Ctrl-C stops the workers and raises ``KeyboardInterrupt``. Bad arguments raise
    ``OptionError`` (``OptionTypeError`` for a wrong type), an unknown game
    ``UnknownGameError``.
    """
    default = DEFAULT_MATCHES if states is None else 1
    count = default if matches is None else _check_int("matches", matches, 1, 10**9)
    seed = _check_int("seed", seed, 0, MASK64)
    workers = _cores() if jobs is None else _check_int("jobs", jobs, 1, 1024)
    if isinstance(states, str):
        raise cardcore.OptionTypeError("states must be an iterable of JSON texts, not one str")
    if progress is not None and not callable(progress):
        raise cardcore.OptionTypeError(f"progress must be callable, got {type(progress).__name__}")
    started = time.perf_counter()
    tasks = _tasks(games, count, seed, options, states)
    outcomes = _outcomes(tasks, workers, progress)
    tallies: dict[str, GameTally] = {}
    first: dict[str, _Outcome] = {}
    for outcome in outcomes:
        task = outcome.task
        tally = tallies.setdefault(task.game, GameTally(task.game))
        tally.matches += 1
        tally.decisions += outcome.decisions
        tally.agreements += outcome.comparisons
        if outcome.refused is not None:
            tally.refused.append((task.line, outcome.refused[0]))
        if outcome.run is not None:
            tally.divergent += 1
            first.setdefault(task.game, outcome)
    divergences = []
    for outcome in first.values():
        start, run = outcome.start, outcome.run
        assert start is not None, "a divergent outcome keeps its start"
        assert run is not None, "a divergent outcome keeps its run"
        divergences.append(_shrink(start, run) if shrink and run.actions else _report(start, run))
    return CheckReport(
        seed, workers, list(tallies.values()), divergences, time.perf_counter() - started
    )


__dir__ = _public.listing(__all__, globals())
