"""The command line (cardcore.cli): games, play with fed input, simulate, errors."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import time

import pytest

import cardcore
from cardcore import bots, cli
from cli_input import InputFn, TtyStringIO, scripted

pytestmark = pytest.mark.usefixtures("wide_play")


def run(
    argv: list[str], input_fn: InputFn | None = None, *, tty_err: bool = False
) -> tuple[int, str, str]:
    """``cardcore.cli.main(argv)``: its exit code, its output and its errors (written to a
    stream that says it is a terminal with ``tty_err``)."""
    out, err = io.StringIO(), TtyStringIO() if tty_err else io.StringIO()

    def no_input(prompt: str) -> str:
        raise AssertionError(f"unexpected prompt {prompt!r}")

    code = cli.main(argv, input_fn=input_fn or no_input, output=out, errors=err)
    return code, out.getvalue(), err.getvalue()


def playable(out: io.StringIO) -> list[tuple[str, str]]:
    """The (number, card) pairs of the last 'Playable:' line printed."""
    lines = [line for line in out.getvalue().splitlines() if line.strip().startswith("Playable:")]
    assert lines, "no Playable line before the prompt"
    pairs = lines[-1].split(":", 1)[1].split()
    return [(pair.split(":")[0], pair.split(":")[1]) for pair in pairs]


def hand(out: io.StringIO) -> list[str]:
    """The cards of the last 'Your hand:' line printed."""
    lines = [line for line in out.getvalue().splitlines() if line.strip().startswith("Your hand:")]
    return lines[-1].split(":", 1)[1].split()


def first_legal_player(out: io.StringIO, prompts: list[str]) -> InputFn:
    """Input that always types the first playable card: by text, then by number, alternately."""

    def answer(prompt: str) -> str:
        out.write(prompt)
        prompts.append(prompt)
        number, card = playable(out)[0]
        typed = card.lower() if len(prompts) % 3 == 0 else card if len(prompts) % 2 else number
        out.write(typed + "\n")
        return typed

    return answer


def play_first_legal(argv: list[str]) -> tuple[str, list[str]]:
    """``cardcore play`` (``argv`` after ``play``) typing the first playable card at each
    prompt: its output (checked to exit 0) and the prompts shown."""
    out, prompts = io.StringIO(), list[str]()
    code = cli.main(
        ["play", *argv], input_fn=first_legal_player(out, prompts), output=out, errors=out
    )
    text = out.getvalue()
    assert code == 0, text
    return text, prompts


def parallel_final_scores(
    seed: int, seat: int, level: bots.Opponents = "medium", **options: object
) -> list[int]:
    """The same game driven directly: the bots with the CLI's seeds (of ``level``, the
    CLI's default medium when not given), the person first legal."""
    game = cardcore.new_game("brouc", seed=seed, **options)
    seeds = cli.bot_seeds(seed, 4)
    players: dict[int, bots.Bot] = {
        s: cardcore.RandomBot(seeds[s])
        if level == "random"
        else bots.make("brouc", level, seed=seeds[s])
        for s in range(4)
        if s != seat
    }
    while not game.is_over:
        player = game.current_player
        assert player is not None
        if player == seat:
            game.apply(game.legal_actions()[0])
        else:
            game.apply(players[player].act(game.observation(player)))
    return game.scores


# --------------------------------------------------------------------------------------


def test_games_lists_brouc() -> None:
    code, out, err = run(["games"])
    assert code == 0, err
    assert "brouc" in out
    assert "4 players" in out
    for option in ("single_deal", "target", "first_dealer"):
        assert option in out


@pytest.mark.parametrize(("seed", "seat"), [(1, 0), (2, 1), (12345, 3)])
def test_play_single_deal_first_legal_to_the_end(seed: int, seat: int) -> None:
    text, prompts = play_first_legal(
        ["brouc", "--single-deal", "--seed", str(seed), "--seat", str(seat)]
    )
    assert 1 <= len(prompts) <= 8
    assert "Traceback" not in text
    assert "Trump is" in text
    assert "turned" in text
    assert re.search(r"(Right|Left|Partner) (leads|plays) \w+", text), "bots' moves are shown"
    assert "Your hand:" in text
    assert "wins trick 1" in text or "win trick 1" in text
    assert "=== Deal 1 scored" in text
    assert "Final scores:" in text
    assert "cannot be played" not in text
    assert "is not a card" not in text
    booked = re.search(r"Deal 1 scored(.*?): .*?\(card points us (\d+), them (\d+)", text)
    assert booked is not None
    if not booked.group(1):  # all 8 tricks played: every card point is counted
        assert int(booked.group(2)) + int(booked.group(3)) == 120
    scores = parallel_final_scores(seed, seat, single_deal=True)
    mine, theirs = scores[seat], scores[(seat + 1) % 4]
    assert f"Final scores: us {mine}, them {theirs}." in text


@pytest.mark.parametrize("level", bots.LEVELS)
def test_play_against_a_level(level: bots.Level) -> None:
    """``--level`` seats the native bots of that level, seeded as the random ones are."""
    text, _prompts = play_first_legal(
        ["brouc", "--single-deal", "--seed", "3", "--seat", "1", "--level", level]
    )
    assert text.startswith(f"cardcore play brouc --seed 3 --seat 1 --level {level} --single-deal\n")
    scores = parallel_final_scores(3, 1, level, single_deal=True)
    assert f"Final scores: us {scores[1]}, them {scores[0]}." in text


def test_an_unknown_level_is_refused() -> None:
    code, _out, err = run(["play", "brouc", "--level", "master"])
    assert code == 2
    assert "invalid choice: 'master'" in err


def test_play_whole_match_ends_with_a_winner() -> None:
    text, _prompts = play_first_legal(["brouc", "--seed", "99"])
    assert "won the match" in text
    assert "Match record" in text
    assert "=== Deal 2:" in text  # a match to 30 takes several deals
    scores = parallel_final_scores(99, 0)
    assert f"Final scores: us {scores[0]}, them {scores[1]}." in text


def test_play_with_a_low_target() -> None:
    text, _prompts = play_first_legal(["brouc", "--seed", "5", "--target", "3"])
    assert "over 3" in text
    assert "won the match" in text


def test_garbage_and_illegal_input_reprompt() -> None:
    # A seed where the person, at their first turn, holds a card they may not play.
    for seed in range(200):
        game = cardcore.brouc.Brouc(seed=seed, single_deal=True)
        seeds = cli.bot_seeds(seed, 4)
        bots = {s: cardcore.RandomBot(seeds[s]) for s in (1, 2, 3)}
        while game.current_player != 0:
            player = game.current_player
            assert player is not None
            game.apply(bots[player].act(game))
        legal = {str(a) for a in game.legal_actions()}
        illegal = [str(c) for c in game.hand(0) if str(c) not in legal]
        if illegal:
            break
    else:
        pytest.skip("no seed with an illegal card at the first turn")
    not_held = next(str(c) for c in cardcore.deck(32) if c not in game.hand(0))
    out = io.StringIO()
    lines = iter(["garbage", "", "11S", illegal[0], not_held, "42", "?", "help", "quit"])
    code = cli.main(
        ["play", "brouc", "--single-deal", "--seed", str(seed), "--level", "random"],
        input_fn=scripted(out, lines),
        output=out,
        errors=out,
    )
    text = out.getvalue()
    assert code == 0, text
    assert "Traceback" not in text
    assert "'garbage' is not a card" in text
    assert "'11S' is not a card" in text
    assert f"{illegal[0]} cannot be played now" in text
    assert f"You do not hold {not_held}" in text
    assert "There is no number 42: the choices go from 1 to" in text
    assert text.count("Type a card from your hand") == 2  # the help, twice
    assert text.count("Your card (") == 9  # one prompt per line fed
    assert "Game abandoned" in text


@pytest.mark.parametrize(
    "text",
    ["²", "٣", "-1", "1.5", "0", "0x1", "QH QS", "\x00", "Q" * 10_000, "21T", "EX", "JK", "10"],
)
def test_odd_input_is_a_message_not_an_exception(text: str) -> None:
    game = cardcore.new_game("brouc", seed=1)
    view = cli.BroucView(game, 0, io.StringIO())
    result = view.parse(text)
    assert isinstance(result, (str, cardcore.Action))
    if isinstance(result, cardcore.Action):
        assert result in game.legal_actions()


def test_illegal_number_reprompts() -> None:
    """Numbers index the playable cards listed, not the hand: one past the list is refused."""
    out = io.StringIO()
    calls: list[str] = []
    listed: list[tuple[str, str]] = []

    def answer(prompt: str) -> str:
        out.write(prompt)
        calls.append(prompt)
        if len(calls) == 1:
            listed.extend(playable(out))
            assert len(listed) < len(hand(out)), "seed 3: some held card is not playable"
            return str(len(listed) + 1)
        return "q"

    argv = ["play", "brouc", "--seed", "3", "--level", "random"]
    code = cli.main(argv, input_fn=answer, output=out, errors=out)
    text = out.getvalue()
    assert code == 0
    assert [number for number, _ in listed] == [str(n) for n in range(1, len(listed) + 1)]
    count = len(listed)
    assert f"There is no number {count + 1}: the choices go from 1 to {count}." in text
    assert len(calls) == 3  # the card, then q, then q again at "Quit this match?"


def test_eof_ends_cleanly() -> None:
    out = io.StringIO()
    code = cli.main(
        ["play", "brouc", "--seed", "8"], input_fn=scripted(out, iter([])), output=out, errors=out
    )
    text = out.getvalue()
    assert code == 0
    assert "(end of input)" in text
    assert "Game abandoned" in text
    assert "Traceback" not in text


def test_quit_ends_cleanly() -> None:
    out = io.StringIO()
    code = cli.main(
        ["play", "brouc", "--seed", "8", "--seat", "2"],
        input_fn=scripted(out, iter(["Q"])),
        output=out,
        errors=out,
    )
    assert code == 0
    assert "Game abandoned" in out.getvalue()


def test_generic_view_plays_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game without its own view is shown by GameView, from the protocol alone."""
    monkeypatch.setattr(cli, "VIEWS", {})
    out = io.StringIO()
    answers = iter(["nonsense", "99"])

    def answer(prompt: str) -> str:
        out.write(prompt)
        return next(answers, "1")

    game = cardcore.new_game("brouc", seed=4, single_deal=True)
    code = cli.play_game(game, 0, 4, input_fn=answer, out=out)
    text = out.getvalue()
    assert code == 0
    assert game.is_over
    assert "Choices:" in text
    assert "'nonsense' is not a move" in text
    assert "There is no number 99" in text
    assert "Game over. Scores:" in text


def test_a_deals_last_trick_is_reported_from_the_engines_record() -> None:
    """The engine deals the next hand at once; the view reads the finished deal's last
    trick, its winner and its points from ``previous_deal``."""
    text, _prompts = play_first_legal(["brouc", "--seed", "5"])
    assert "=== Deal 2:" in text, "the match went past its first deal"
    first_deal = text[: text.index("=== Deal 2:")]
    last = re.findall(r"wins? trick 8 \((\d+) card points\) for (Us|Them)", first_deal)
    assert len(last) == 1, first_deal[-2000:]
    booked = re.search(r"Deal 1 scored: .*?\(card points us (\d+), them (\d+)", first_deal)
    assert booked is not None
    assert int(booked.group(1)) + int(booked.group(2)) == 120
    per_trick = [int(p) for p in re.findall(r"wins? trick \d \((\d+) card points\)", first_deal)]
    assert len(per_trick) == 8
    assert sum(per_trick) == 120


def test_married_suits_names_each_king_queen_pair() -> None:
    cards = [cardcore.Card.parse(t) for t in ("KH", "QH", "JH", "KS", "QC")]
    assert cli.married_suits(cards) == [("H", "K-Q-J")]
    cards += [cardcore.Card.parse("QS")]
    assert cli.married_suits(cards) == [("S", "K-Q"), ("H", "K-Q-J")]
    assert cli.married_suits(cards[:1]) == []


def test_simulate_prints_the_summary() -> None:
    code, out, err = run(["simulate", "brouc", "--games", "60", "--seed", "1"], tty_err=True)
    assert code == 0, err
    assert "simulate brouc: 60 whole games" in out
    assert "decisions" in out
    assert "wins" in out
    assert "mean scores" in out
    assert "decisions/s" in out
    assert "games/s" in out
    assert "100%" in err
    assert "60/60 games" in err
    again = run(["simulate", "brouc", "--games", "60", "--seed", "1"])[1]
    decisions = [line for line in out.splitlines() if "decisions " in line]
    assert decisions == [line for line in again.splitlines() if "decisions " in line]


def test_simulate_single_deal_and_threads() -> None:
    code, out, err = run(
        ["simulate", "brouc", "-n", "7", "--single-deal", "--threads", "2", "--no-progress"]
    )
    assert code == 0, err
    assert "7 single deals" in out
    assert "2 thread(s)" in out
    assert "chunk" not in out
    assert err == ""


@pytest.mark.parametrize("name", cardcore.GAMES)
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_simulate_prints_the_apis_figures_for_the_same_seed(name: str, threads: int) -> None:
    """One ``cardcore.simulate`` call with the user's seed: the CLI's totals are the API's,
    whatever the thread count of either."""
    games, seed = 301, 2**64 - 5
    api = cardcore.simulate(name, games=games, seed=seed, threads=1)
    argv = ["simulate", name, "-n", str(games), "--seed", str(seed), "--threads", str(threads)]
    code, out, err = run(argv, tty_err=True)
    assert code == 0, err
    assert f"{games:,} whole games, seed {seed}, {threads} thread(s)" in out
    assert f"{games}/{games} games" in err
    assert f"  decisions    {api.decisions:,} (" in out
    probe = cardcore.new_game(name, seed=seed)
    for label, value in cli.summary_rows(api, probe):
        assert f"  {label:<12} {value}\n" in out


def test_simulate_draws_its_progress_from_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bar is the ``progress`` callback: drawn at 0%, then at least once more at 100%."""
    calls: list[tuple[int, int]] = []
    draw = cli.ProgressBar.__call__

    def spy(self: cli.ProgressBar, done: int, total: int) -> None:
        calls.append((done, total))
        draw(self, done, total)

    monkeypatch.setattr(cli.ProgressBar, "__call__", spy)
    code, _, err = run(["simulate", "julien", "-n", "40", "--single-deal"], tty_err=True)
    assert code == 0, err
    assert calls[0] == (0, 40)
    assert calls[-1] == (40, 40)
    assert err.endswith("\n")
    assert err.count("\n") == 1


def test_ctrl_c_stops_a_long_simulation_at_once() -> None:
    """SIGINT during ``cardcore simulate``: an "interrupted" line, exit code 130, soon."""
    command = [sys.executable, "-m", "cardcore", "simulate", "brouc", "-n", str(10**11)]
    process = subprocess.Popen(
        [*command, "--threads", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    try:
        time.sleep(1.0)
        assert process.poll() is None, process.communicate()
        sent = time.perf_counter()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        stopped = time.perf_counter() - sent
    finally:
        process.kill()
    assert process.returncode == 130, err
    assert err.rstrip().endswith("cardcore: interrupted")
    assert "Traceback" not in err
    assert out == ""
    assert stopped < 1.0, f"{stopped:.2f} s from SIGINT to exit"


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_unknown_game_is_exit_2_with_a_message(command: str) -> None:
    argv = [command, "nosuchgame"] + (["--games", "3"] if command == "simulate" else [])
    code, _, err = run(argv)
    assert code == 2
    assert "nosuchgame" in err
    assert err.startswith("cardcore: error:")
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "brouc", "--target", "0"],
        ["play", "brouc", "--seat", "4"],
        ["play", "brouc", "-o", "colour=blue"],
        ["simulate", "brouc", "--games", "2", "--target", "100000"],
        ["simulate", "brouc", "--games", str(2**70)],
        ["simulate", "brouc", "--games", "2", "--threads", str(2**70)],
        ["play", "brouc", "--target", str(2**70)],
    ],
)
def test_bad_options_are_exit_2(argv: list[str]) -> None:
    code, _, err = run(argv)
    assert code == 2
    assert err.strip().splitlines()[-1].startswith("cardcore: error:")  # after any progress bar
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [[], ["frobnicate"], ["simulate", "brouc"], ["simulate", "brouc", "--games", "0"]],
)
def test_usage_errors_are_exit_2(argv: list[str]) -> None:
    code, _, err = run(argv)
    assert code == 2
    assert "usage: cardcore" in err


def test_help_is_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out


def test_python_dash_m_cardcore() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardcore", "games"],
        capture_output=True,
        text=True,
        timeout=60,
        env=os.environ.copy(),
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "brouc" in result.stdout


def test_the_person_as_dealer_is_addressed_as_you() -> None:
    out = io.StringIO()
    argv = ["play", "brouc", "--seed", "3", "-o", "first_dealer=0", "--seat", "0"]
    code = cli.main(argv, input_fn=scripted(out, iter([])), output=out, errors=out)
    text = out.getvalue()
    assert code == 0, text
    assert "=== Deal 1: You (seat 0) deal ===" in text
    assert "which stays in your hand until played." in text
    assert "You's" not in text
    assert "You deals" not in text
