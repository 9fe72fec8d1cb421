"""``cardcore play jolly``: rounds played with fed input, checked against the same game
driven through the engine (the CLI's bots, the person's choices replayed)."""

from __future__ import annotations

import io
import re

import pytest

import cardcore
from cardcore import cli
from cardcore._views.jolly import JollyView
from cardcore.jolly import Jolly
from cli_input import InputFn

pytestmark = pytest.mark.usefixtures("wide_play")


def last_choices(out: io.StringIO) -> list[tuple[str, str]]:
    """The (number, text) pairs of the last numbered list of choices printed."""
    lines = [line.strip() for line in out.getvalue().splitlines() if "Choices:" in line]
    items = lines[-1].split(":", 1)[1].strip().split("  ")
    return [(item.split(":", 1)[0], item.split(":", 1)[1]) for item in items]


def discarding_player(out: io.StringIO, typed: list[str]) -> InputFn:
    """A person who never melds: draws, and discards the last card listed (by number,
    then by its text, in turn)."""

    def answer(prompt: str) -> str:
        out.write(prompt)
        number, text = last_choices(out)[-1]
        line = "draw" if prompt.startswith("Your draw") else (number, text)[len(typed) % 2]
        typed.append(line)
        out.write(line + "\n")
        return line

    return answer


def test_the_bots_go_out_and_every_figure_is_the_engines() -> None:
    seed = 7
    out = io.StringIO()
    typed: list[str] = []
    argv = ["play", "jolly", "--single-deal", "--seed", str(seed), "--players", "3"]
    code = cli.main(argv, input_fn=discarding_player(out, typed), output=out, errors=out)
    text = out.getvalue()
    assert code == 0, text
    assert "Traceback" not in text
    # The same round through the engine: the CLI's bots, the person's moves replayed.
    game = Jolly(seed=seed, players=3, single_deal=True)
    view = cli.VIEWS["jolly"](game, 0, io.StringIO(), cli.Style())
    bots = cli.play_bots(view, seed)
    moves = iter(typed)
    while not game.is_over:
        player = game.current_player
        assert player is not None
        if player == 0:
            read = view.read(next(moves))
            assert isinstance(read, cardcore.Action)
            game.apply(read)
        else:
            game.apply(bots[player].act(game.observation(player)))
    result = game.result
    assert result is not None
    assert result.finisher in (1, 2), "a bot went out"
    finisher = ("You", "Left", "Right")[result.finisher]  # play passes to the left
    assert f"=== Round 1: {finisher} went out" in text
    assert f"   Scores:    You {result.scores[0]}, Left {result.scores[1]}" in text
    # Each meld a bot laid is reported with its cards.
    for meld in game.melds:
        shown = " ".join(str(card) for card, _as, _by in meld.cards)
        assert re.sub(r"\(\w+\)|'\d", "", shown) in re.sub(r"\(\w+\)|'\d", "", text)


def test_a_person_builds_takes_back_and_closes_a_meld() -> None:
    # Seed 5 at two seats: the person holds 2H 2D 2C after the bot's first turn.
    lines = ["1", "lay 2H", "lay 2d", "undo", "2D", "?", "lay 2C", "close", "undo", "q", "y"]
    out = io.StringIO()
    feed = iter(lines)

    def answer(prompt: str) -> str:
        out.write(prompt)
        line = next(feed)
        out.write(line + "\n")
        return line

    argv = ["play", "jolly", "--seed", "5", "--players", "2"]
    assert cli.main(argv, input_fn=answer, output=out, errors=out) == 0
    text = out.getvalue()
    assert "You draw" in text
    assert "   Building:  2H 2D\n" in text
    assert "You undo." in text
    assert "Your meld (number, 'lay 9H', 'close' or 'undo'" in text
    assert "Your first melds must total 40" in text  # the ? help
    assert "You close." not in text  # a close is reported as the meld laid
    assert "You lay meld 2: 2H 2D 2C." in text
    assert "   meld 2: 2H 2D 2C (pending)\n" in text
    assert "Game abandoned" in text


def test_the_cli_bots_go_out() -> None:
    """The CLI's Jolly players end rounds by going out (random players rarely do)."""
    gone_out = 0
    for seed in range(12):
        game = Jolly(seed=seed, players=2 + seed % 3, single_deal=True)
        view = cli.VIEWS["jolly"](game, 0, io.StringIO(), cli.Style())
        bots = cli.play_bots(view, seed) | {0: view.bot(0, seed, view.default_level)}
        while not game.is_over:
            player = game.current_player
            assert player is not None
            game.apply(bots[player].act(game.observation(player)))
        assert game.result is not None
        gone_out += game.result.finisher is not None
    assert gone_out >= 10


def test_each_bot_turn_is_told_in_one_line() -> None:
    """A bot's turn (its draw, the melds it lays with their cards, its lay-offs, its
    discard) is one line: three bots playing before the person leave the table and the
    first prompt on the first screen."""
    out = io.StringIO()
    answers = iter(["q", "y"])

    def answer(prompt: str) -> str:
        out.write(prompt)
        return next(answers)

    argv = ["play", "jolly", "--seed", "4", "--seat", "1"]
    assert cli.main(argv, input_fn=answer, output=out, errors=out) == 0
    lines = out.getvalue().splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("=== Round 1"))
    table = next(i for i, line in enumerate(lines) if line.startswith("-- Round 1"))
    told = [line for line in lines[header + 1 : table] if line]
    # The same turns through the engine: who played and what each discarded.
    game = Jolly(seed=4)
    view = JollyView(game, 1, io.StringIO(), cli.Style())
    bots = cli.play_bots(view, 4)
    turns: list[tuple[int, str]] = []
    while game.current_player != 1:
        player = game.current_player
        assert player is not None
        action = bots[player].act(game.observation(player))
        game.apply(action)
        if action.kind == "discard":
            turns.append((player, f"; discards {action.card}."))
    assert len(told) == len(turns) == 3
    for line, (seat, discard) in zip(told, turns, strict=True):
        assert line.startswith(f"{view.name(seat)} draws; ")
        assert line.endswith(discard)
    # Every meld on the table, as the last step that laid it or laid off on it shows it.
    shown: dict[int, str] = {}
    for line in told:
        for step in line.removesuffix(".").split("; "):
            laid = re.fullmatch(r"(?:\w+ )?lays (.+) \(meld (\d+)\)(?:, opening with \d+)?", step)
            laid_on = re.fullmatch(r"lays off \S+ on meld (\d+) \((.+)\)", step)
            if laid_on:
                shown[int(laid_on[1])] = laid_on[2]
            elif laid:
                shown[int(laid[2])] = laid[1]
    final = {n: view.meld_text(meld, marked=False) for n, meld in enumerate(game.melds)}
    assert final
    assert shown == final
