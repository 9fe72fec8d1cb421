"""``cardcore play jolly``: rounds played with fed input, checked against the same game
driven through the engine (the CLI's bots, the person's choices replayed)."""

from __future__ import annotations

import io
import re

import pytest

import cardcore
from cardcore import cli
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
