"""``cardcore.check`` and ``cardcore check``: the cross-check users run from the package.

The differential tests (test_differential.py) run the same comparisons on every game;
here: that a planted divergence is found, shrunk and reproduced, that the figures do
not depend on the job count, saved states, the command line, bad arguments, Ctrl-C.
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardcore
import cardcore.reference
import cardcore.reference.brouc as reference_brouc
from cardcore import cli, crosscheck
from cardcore.crosscheck import DivergenceError
from cardcore.reference import RefAction
from cli_input import TtyStringIO
from harness import Chooser, play_to


@pytest.fixture
def kings_score_five(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """The reference scores Brouc's kings 5 card points instead of 4 (rules B13's table)."""
    monkeypatch.setitem(reference_brouc.POINTS, "K", 5)
    return monkeypatch


def test_a_planted_divergence_is_found_shrunk_and_reproduced(
    kings_score_five: pytest.MonkeyPatch,
) -> None:
    report = cardcore.check("brouc", matches=3, seed=1, jobs=1)
    assert not report.ok
    (tally,) = report.tallies
    assert (tally.game, tally.matches, tally.divergent) == ("brouc", 3, 3)  # kings are played
    (divergence,) = report.divergences
    assert (divergence.game, divergence.seed, divergence.options) == ("brouc", 1, {})
    # The shortest way to show it: one trick won with a king in it (4 cards).
    assert len(divergence.actions) == 4
    assert any(text.startswith("K") for text in divergence.texts)
    fields = [difference.field for difference in divergence.differences]
    assert fields[0] == "json"
    details = "\n".join(divergence.differences[0].details())
    assert "json.card_points" in details
    assert "engine" in details
    assert "reference" in details

    unshrunk = cardcore.check("brouc", matches=1, seed=1, jobs=1, shrink=False)
    (first,) = unshrunk.divergences
    assert first.shrunk_from is None
    assert divergence.shrunk_from == len(first.actions) > len(divergence.actions)

    text = str(divergence)
    assert text.splitlines()[0].endswith("options {}, seed 1")
    assert divergence.reproduction() in text.replace('"', "")
    with pytest.raises(DivergenceError) as raised:
        exec(divergence.reproduction(), {})
    assert raised.value.report.actions == divergence.actions
    assert raised.value.report.differences == divergence.differences

    with pytest.raises(cardcore.IllegalActionError, match="not legal at step 1"):
        crosscheck.replay("brouc", seed=1, actions=[divergence.actions[0], 99])

    kings_score_five.undo()  # the reference fixed: the reproduction agrees
    exec(divergence.reproduction(), {})
    assert cardcore.check("brouc", matches=3, seed=1, jobs=1).ok


def test_a_match_diverging_raises_with_its_report(kings_score_five: pytest.MonkeyPatch) -> None:
    with pytest.raises(DivergenceError) as raised:
        crosscheck.play_match("brouc", seed=1, shrink=True)
    assert len(raised.value.report.actions) == 4
    assert isinstance(raised.value, AssertionError)
    assert "reproduce" in str(raised.value)


def test_a_crossing_refused_by_one_side_is_a_divergence(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(_text: str) -> object:
        raise cardcore.reference.RuleError("refused on purpose")

    monkeypatch.setattr(cardcore.reference, "from_json", refuse)
    with pytest.raises(DivergenceError) as raised:
        crosscheck.play_match("five_hundred", seed=3)
    (difference,) = raised.value.report.differences
    assert difference.field == "crossing"
    assert difference.engine is None
    assert difference.reference == "RuleError: refused on purpose"


def test_a_legal_action_one_side_refuses_is_a_divergence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The reference made to refuse the queen of hearts whenever it is played."""
    apply = reference_brouc.BroucReference.apply

    def refuse_qh(self: reference_brouc.BroucReference, action: RefAction | int | str) -> None:
        resolved = action if isinstance(action, RefAction) else self.action(action)
        if resolved.text == "QH":
            raise cardcore.reference.RuleError("QH refused on purpose")
        apply(self, action)

    monkeypatch.setattr(reference_brouc.BroucReference, "apply", refuse_qh)
    report = cardcore.check("brouc", matches=1, seed=3, jobs=1)
    (divergence,) = report.divergences
    assert divergence.texts[-1] == "QH"
    (difference,) = divergence.differences
    assert difference.field == "apply"
    assert difference.engine == "applied"
    assert difference.reference.startswith("RuleError: QH refused on purpose")
    with pytest.raises(DivergenceError):
        exec(divergence.reproduction(), {})


def test_each_match_has_its_own_seed_and_the_jobs_do_not_matter() -> None:
    seed, count = 2**64 - 2, 3  # the seeds wrap: 2**64 - 2, 2**64 - 1, 0
    alone = [crosscheck.play_match("julien", seed=(seed + i) % 2**64) for i in range(count)]
    reports = [
        cardcore.check(["julien", "five_hundred"], matches=count, seed=seed, jobs=jobs)
        for jobs in (1, 2)
    ]
    figures = [
        [(t.game, t.matches, t.decisions, t.agreements, t.divergent) for t in report.tallies]
        for report in reports
    ]
    assert figures[0] == figures[1]
    julien = reports[0].tallies[0]
    assert julien.decisions == sum(match.decisions for match in alone)
    assert julien.agreements == sum(match.comparisons for match in alone)
    assert [report.jobs for report in reports] == [1, 2]


def test_the_default_plays_every_player_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without options, Tarot's matches seat 3, 4 and 5 players in turn."""
    seen: list[dict[str, object]] = []
    real = cardcore.reference.new_game

    def spy(name: str, *, seed: int, **options: object) -> object:
        seen.append(options)
        return real(name, seed=seed, **options)

    monkeypatch.setattr(cardcore.reference, "new_game", spy)
    assert cardcore.check("tarot", matches=4, seed=1, jobs=1).ok
    assert seen == [{"players": 3}, {"players": 4}, {"players": 5}, {"players": 3}]


def _saved_states() -> list[str]:
    states = []
    for number, name in enumerate(("brouc", "tarot", "jolly")):
        options = {"players": 2} if name == "jolly" else {}
        game = cardcore.new_game(name, seed=number, single_deal=True, **options)
        states.append(play_to(game, Chooser([], number), 20).to_json())
    return states


def test_saved_states_are_loaded_in_both_and_played_on() -> None:
    states = _saved_states()
    report = cardcore.check(states=["", *states, '{"game": "brouc"}'], matches=2, seed=5, jobs=1)
    assert report.ok, report.summary()
    assert [(t.game, t.matches) for t in report.tallies] == [
        ("brouc", 4),
        ("tarot", 2),
        ("jolly", 2),
    ]
    brouc = report.tallies[0]
    assert [line for line, _error in brouc.refused] == [5, 5]  # blank lines count as lines
    assert "both refuse" in report.summary()
    for text in states:
        result = crosscheck.check_state(text, seed=5)
        assert result.refused is None
        assert result.decisions > 0


def test_a_state_one_side_refuses_is_a_divergence(monkeypatch: pytest.MonkeyPatch) -> None:
    (text, *_rest) = _saved_states()

    def refuse(_text: str) -> object:
        raise cardcore.reference.RuleError("refused on purpose")

    monkeypatch.setattr(cardcore.reference, "from_json", refuse)
    with pytest.raises(DivergenceError) as raised:
        crosscheck.check_state(text, seed=1)
    report = raised.value.report
    assert report.state == text
    assert report.actions == []
    (difference,) = report.differences
    assert (difference.field, difference.engine) == ("from_json", "accepted")
    assert "state=" in report.reproduction()
    with pytest.raises(DivergenceError):
        exec(report.reproduction(), {})


@given(text=st.text(max_size=200) | st.from_regex(r'\A\{"game": ?"[a-z_]{0,12}".{0,40}\}\Z'))
def test_any_text_as_a_state_is_refused_by_both(text: str) -> None:
    """No text of that shape is a reachable state: both refuse it, so the verdicts agree
    (a ``DivergenceError`` would fail the test)."""
    result = crosscheck.check_state(text, seed=0)
    assert result.refused is not None
    assert result.decisions == 0


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(cardcore.OptionError, match="matches"):
        cardcore.check("brouc", matches=0)
    with pytest.raises(cardcore.OptionTypeError, match="matches"):
        cardcore.check("brouc", matches="3")  # type: ignore[arg-type]
    with pytest.raises(cardcore.OptionError, match="seed"):
        cardcore.check("brouc", seed=-1)
    with pytest.raises(cardcore.OptionError, match="jobs"):
        cardcore.check("brouc", jobs=0)
    with pytest.raises(cardcore.OptionTypeError, match="options"):
        cardcore.check("brouc", options=[])
    with pytest.raises(cardcore.OptionError, match="target"):
        cardcore.check("brouc", options={"target": 0})
    with pytest.raises(cardcore.OptionTypeError, match="states"):
        cardcore.check(states='{"game": "brouc"}')
    with pytest.raises(cardcore.OptionError, match="states"):
        cardcore.check("brouc", states=[])
    with pytest.raises(cardcore.UnknownGameError, match="nope"):
        cardcore.check("nope")
    with pytest.raises(cardcore.OptionTypeError, match="games"):
        cardcore.check(7)  # type: ignore[arg-type]
    with pytest.raises(cardcore.OptionTypeError, match="line 2"):
        cardcore.check(states=["", 7])  # type: ignore[list-item]
    with pytest.raises(cardcore.OptionTypeError, match="progress"):
        cardcore.check("brouc", progress=3)  # type: ignore[arg-type]
    assert issubclass(cardcore.OptionTypeError, TypeError)
    assert issubclass(cardcore.OptionTypeError, ValueError)


def test_ctrl_c_stops_the_workers() -> None:
    calls = []

    def interrupt(done: int, total: int) -> None:
        calls.append(done)
        if done == 1:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        cardcore.check("tarot", matches=8, seed=2, jobs=2, progress=interrupt)
    assert calls == [0, 1]
    assert multiprocessing.active_children() == []


def run(argv: list[str], *, tty_err: bool = False) -> tuple[int, str, str]:
    out, err = io.StringIO(), TtyStringIO() if tty_err else io.StringIO()
    code = cli.main(argv, output=out, errors=err)
    return code, out.getvalue(), err.getvalue()


def test_the_command_reports_agreement() -> None:
    code, out, err = run(["check", "brouc", "five_hundred", "-n", "2", "-j", "1", "--seed", "4"])
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == ["game", "matches", "decisions", "agreements", "result"]
    assert lines[1].split()[:2] == ["brouc", "2"]
    assert lines[1].endswith("agree")
    assert lines[2].split()[:2] == ["five_hundred", "2"]
    assert "4 match(es)" in lines[3]


def test_the_command_draws_a_bar_on_a_terminal() -> None:
    code, _out, err = run(["check", "brouc", "-n", "3", "-j", "1"], tty_err=True)
    assert code == 0
    assert "3/3 matches" in err
    assert err.endswith("\n")


def test_the_command_exits_1_with_the_report(kings_score_five: pytest.MonkeyPatch) -> None:
    code, out, _err = run(["check", "brouc", "-n", "2", "-j", "1", "--seed", "1"])
    assert code == 1
    assert "2 diverged" in out
    assert "reproduce  python -c" in out
    assert "shrunk from" in out


def test_the_command_checks_a_states_file(tmp_path: Path) -> None:
    path = tmp_path / "states.jsonl"
    path.write_text("\n".join(_saved_states()) + "\n", encoding="utf-8")
    code, out, err = run(["check", "--states", str(path), "-j", "1"])
    assert (code, err) == (0, "")
    assert [line.split()[:2] for line in out.splitlines()[1:4]] == [
        ["brouc", "1"],
        ["tarot", "1"],
        ["jolly", "1"],
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", "--states", "/no/such/file"], "cannot read the states"),
        (["check", "brouc", "--states", os.devnull], "no games or options"),
        (["check", "brouc", "--options", "[1]"], "not a JSON object"),
        (["check", "brouc", "--options", "{"], "not JSON"),
        (["check", "brouc", "--options", '{"target": 0}'], "target"),
        (["check", "nope"], "unknown game"),
        (["check", "brouc", "-n", "0"], "at least 1"),
    ],
)
def test_the_command_refuses_bad_arguments(argv: list[str], message: str) -> None:
    code, out, err = run(argv)
    assert (code, out) == (2, "")
    assert message in err


def test_the_summary_names_both_sides_values(kings_score_five: pytest.MonkeyPatch) -> None:
    report = cardcore.check("brouc", matches=1, seed=1, jobs=1)
    summary = report.summary()
    (difference, *_rest) = report.divergences[0].differences
    engine_points = difference.engine["card_points"]
    reference_points = difference.reference["card_points"]
    assert engine_points != reference_points
    changed = next(i for i in (0, 1) if engine_points[i] != reference_points[i])
    assert (
        f"json.card_points[{changed}]: engine {engine_points[changed]}, "
        f"reference {reference_points[changed]}"
    ) in summary
    assert json.loads(json.dumps(report.divergences[0].actions)) == report.divergences[0].actions


def test_every_public_name_is_documented() -> None:
    for name in crosscheck.__all__:
        value = getattr(crosscheck, name)
        if isinstance(value, type) or callable(value):
            assert value.__doc__, name
        if isinstance(value, type):
            for member, attribute in vars(value).items():
                if not member.startswith("_") and callable(attribute):
                    assert attribute.__doc__, f"{name}.{member}"
    assert cardcore.check is crosscheck.check
