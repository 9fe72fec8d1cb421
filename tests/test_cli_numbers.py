"""One meaning for a number typed at the prompt, in every game.

A number picks from the numbered list of legal choices the view shows before the
prompt, in the order shown: ``1`` is the first listed (a card, a bid, take or
leave). It is never a position in the hand. A number outside the list is refused
with a message and the prompt comes back. The shared reading (numbers, ``?``,
``q``, card text in any case) is ``GameView.read``, the same for every view.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pytest

import cardcore
from cardcore import cli
from cardcore._views.base import Command
from cli_input import scripted

pytestmark = pytest.mark.usefixtures("wide_play")

LABELS = ("Playable:", "Your bids:", "Choices:")


def listed(text: str) -> list[tuple[str, str]]:
    """The (number, text) pairs of the last numbered list of choices in ``text``."""
    lines = [line.strip() for line in text.splitlines() if line.strip().startswith(LABELS)]
    assert lines, "no numbered choices before the prompt"
    items = lines[-1].split(":", 1)[1].strip().split("  ")
    return [(item.split(":", 1)[0], item.split(":", 1)[1]) for item in items]


def to_first_turn(
    game: cardcore.Game, seed: int, seat: int, ready: Callable[[cardcore.Game], bool]
) -> int:
    """Play ``game`` as ``cardcore play`` would (the CLI's bots, the person's first legal
    choice) until the person is to act and ``ready(game)``; how many choices the person
    made on the way (each the first listed: ``1``)."""
    view = cli.VIEWS[game.name](game, seat, io.StringIO(), cli.Style())
    bots = cli.play_bots(view, seed)
    made = 0
    while not (game.current_player == seat and ready(game)):
        player = game.current_player
        assert player is not None
        made += player == seat
        choice = bots[player].act(game.observation(player)) if player != seat else None
        game.apply(game.legal_actions()[0] if choice is None else choice)
    return made


def seed_where_first_legal_card_is_not_first_in_hand(name: str) -> int:
    """A seed whose first card turn at seat 0 has a first legal card other than the hand's
    first card, so "1" by the hand and "1" by the list would differ."""
    for seed in range(200):
        game = cardcore.new_game(name, seed=seed, single_deal=True)
        to_first_turn(game, seed, 0, lambda g: g.phase == "play")
        hand: list[cardcore.Card] = getattr(game, "hand")(0)  # noqa: B009
        if game.legal_actions()[0].card != hand[0]:
            return seed
    pytest.fail(f"no {name} seed where the first legal card is not the hand's first")


def play_prompt(game: cardcore.Game) -> str:
    """The start of the view's prompt in the game's play phase ("Your card (")."""
    return cli.VIEWS[game.name](game, 0, io.StringIO(), cli.Style()).prompt().split("(")[0] + "("


def play_lines(name: str, seed: int, lines: list[str], *extra: str) -> str:
    out = io.StringIO()
    argv = ["play", name, "--single-deal", "--seed", str(seed), *extra]
    code = cli.main(argv, input_fn=scripted(out, iter(lines)), output=out, errors=out)
    text = out.getvalue()
    assert code == 0, text
    assert "Traceback" not in text
    return text


# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", cardcore.GAMES)
def test_one_plays_the_first_listed_card_not_the_first_held(name: str) -> None:
    seed = seed_where_first_legal_card_is_not_first_in_hand(name)
    game = cardcore.new_game(name, seed=seed, single_deal=True)
    before_card = to_first_turn(game, seed, 0, lambda g: g.phase == "play")
    first = game.legal_actions()[0]
    text = play_lines(name, seed, ["1"] * (before_card + 1))  # the choices, then the card
    before = text[: text.index(play_prompt(game))]
    assert listed(before)[0] == ("1", str(first))
    assert [n for n, _ in listed(before)] == [str(i) for i in range(1, len(listed(before)) + 1)]
    # "You play QH" (a card game's play), "You lay 9H" (a Jolly placement).
    assert re.search(rf"^You (play |lead )?{first}\b", text, re.M), text[-1500:]


def test_julien_one_bids_the_first_listed_bid() -> None:
    text = play_lines("julien", 5, ["1"])
    bids = listed(text[: text.index("Your bid (")])
    assert bids[0] == ("1", "Rouge")
    assert "You bid Rouge." in text


def test_julien_one_takes_in_the_speco() -> None:
    for seed in range(100):
        game = cardcore.julien.Julien(seed=seed, single_deal=True, tour_kind="speco")
        to_first_turn(game, seed, 0, lambda g: g.phase == "speco" or g.is_over)
        if not game.is_over:
            break
    else:
        pytest.fail("no seed where the person chooses in the Spéco")
    text = play_lines("julien", seed, ["1"] * 40, "-o", "tour_kind=speco")
    choice = text.index("you won it. Take or leave")
    prompt = text.index("Take or leave the trump card?", choice)
    assert listed(text[choice:prompt]) == [("1", "take"), ("2", "leave")]
    card = game.tricks[-1].trump_card
    assert f"You take the trump card {card}" in text


@pytest.mark.parametrize("name", cardcore.GAMES)
def test_a_number_past_the_list_is_refused(name: str) -> None:
    seed = seed_where_first_legal_card_is_not_first_in_hand(name)
    game = cardcore.new_game(name, seed=seed, single_deal=True)
    before_card = ["1"] * to_first_turn(game, seed, 0, lambda g: g.phase == "play")
    count = len(game.legal_actions())
    text = play_lines(name, seed, [*before_card, str(count + 1), "0", f"00{count + 1}", "q"])
    assert f"There is no number {count + 1}: the choices go from 1 to {count}." in text
    assert f"There is no number 0: the choices go from 1 to {count}." in text
    assert text.count(play_prompt(game)) == 4  # refused, refused, refused, then q
    assert "Game abandoned" in text
    assert not re.search(r"^You (play|lead|lay) ", text, re.M)


def test_julien_bid_numbers_past_the_list_are_refused() -> None:
    text = play_lines("julien", 5, ["11", "q"])
    assert "There is no number 11: the choices go from 1 to 10." in text


def test_the_generic_view_follows_the_same_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "VIEWS", {})
    for name in cardcore.GAMES:
        game = cardcore.new_game(name, seed=3, single_deal=True)
        view = cli.GameView(game, 0, io.StringIO())
        legal = game.legal_actions()
        assert view.choices() == legal
        assert view.read("1") == legal[0]
        assert view.read(str(len(legal))) == legal[-1]
        refused = view.read(str(len(legal) + 1))
        assert refused == (
            f"There is no number {len(legal) + 1}: the choices go from 1 to {len(legal)}."
        )


@pytest.mark.parametrize("name", cardcore.GAMES)
@pytest.mark.parametrize("generic", [False, True])
def test_every_help_states_the_rule(name: str, generic: bool) -> None:
    game = cardcore.new_game(name, seed=1)
    factory = cli.GameView if generic else cli.VIEWS[name]
    view = factory(game, 0, io.StringIO(), cli.Style())
    help_text = view.help_text()
    assert "a number     the choice with that number in the list of your legal choices" in help_text
    assert "1 is the first" in help_text
    assert "? or help" in help_text
    assert "q or quit" in help_text


@pytest.mark.parametrize("name", cardcore.GAMES)
def test_shared_reading_of_commands_and_cards(name: str) -> None:
    game = cardcore.new_game(name, seed=2, single_deal=True)
    to_first_turn(game, 2, 0, lambda g: g.phase == "play")
    view = cli.VIEWS[name](game, 0, io.StringIO(), cli.Style())
    for word in ("q", "Q", "quit", "EXIT", "  q  "):
        assert view.read(word) is Command.QUIT
    for word in ("?", "h", "Help"):
        assert view.read(word) is Command.HELP
    assert isinstance(view.read("   "), str)
    first = game.legal_actions()[0]
    assert view.read(str(first)) == first
    assert view.read(str(first).lower()) == first
    assert view.read(f"  {first}  ") == first
    assert view.read("1") == first
