"""The text of games and observations (``str``), and the environments' ``render``.

``str(observation)`` is what its seat sees (``cardcore._views.text``): drawn from a
game the seat cannot tell from the real one, so it must not depend on which such game
is drawn, and no card the seat cannot see may appear in it. ``str(game)`` is the whole
table: every hand.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
from collections.abc import Iterator
from contextlib import redirect_stdout
from typing import Any

import pytest

import cardcore
from cardcore._views import text as views_text
from cardcore._views.base import wrap

GAMES = list(cardcore.GAMES)
SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("brouc", {}),
    ("julien", {}),
    ("julien", {"masked_talon": True}),
    ("tarot", {"players": 4}),
    ("tarot", {"players": 5}),
    ("five_hundred", {}),
    ("jolly", {"players": 3}),
]
_TOKEN = re.compile(r"(?<![0-9A-Za-z])[0-9A-Z]{2,3}(?![0-9A-Za-z])")


def moments(name: str, options: dict[str, Any], seed: int = 5) -> Iterator[Any]:
    """A random single deal of ``name``, at a spread of its moments, and its end."""
    game = cardcore.new_game(name, seed=seed, single_deal=True, **options)
    rng = random.Random(seed)
    step = 0
    while not game.is_over and step < 400:
        if step % 7 == 0:
            yield game
        game.apply(rng.choice(game.legal_actions()))
        step += 1
    yield game


def cards_in(text: str) -> set[str]:
    """The card texts written in ``text`` (``QH``, ``10S``, ``JK``, a Tarot trump)."""
    found = set()
    for token in _TOKEN.findall(text):
        with contextlib.suppress(cardcore.CardcoreError):
            found.add(str(cardcore.Card.parse(token)))
    return found


def known_cards(observation: Any) -> set[str]:
    """Every card text the observation's JSON form holds: what the seat may know."""
    return cards_in(json.dumps(observation.to_dict()))


@pytest.mark.parametrize(("name", "options"), SETUPS)
def test_an_observation_shows_only_what_its_seat_sees(name: str, options: dict[str, Any]) -> None:
    shown = 0
    for game in moments(name, options):
        for seat in range(game.num_players):
            observation: Any = game.observation(seat)
            text = str(observation)
            assert text.startswith(f"{text.split(',')[0]}, as seat {seat} sees it: ")
            # The same text whichever hidden cards the view's game was dealt.
            for seed in (1, 2):
                assert views_text.observation_text(observation, seed=seed) == text
            leaked = cards_in(text) - known_cards(observation)
            assert not leaked, f"seat {seat} is shown {leaked}:\n{text}"
            hidden = {
                str(card)
                for other in range(game.num_players)
                if other != seat
                for card in game.hand(other)
            } - known_cards(observation)
            assert not cards_in(text) & hidden
            if not game.is_over:
                for card in observation.hand:
                    assert str(card) in cards_in(text)
            shown += 1
    assert shown > 10


@pytest.mark.parametrize(("name", "options"), SETUPS)
def test_a_game_shows_the_whole_table_and_every_hand(name: str, options: dict[str, Any]) -> None:
    for game in moments(name, options):
        text = str(game)
        assert text.startswith(f"{text.split(',')[0]}, the whole table: ")
        assert "You" not in text.split("\n", 1)[-1] or game.is_over
        if game.is_over:
            assert "Final" in text or "over" in text
            continue
        for seat in range(game.num_players):
            assert f"Seat {seat}:" in text
            assert {str(card) for card in game.hand(seat)} <= cards_in(text)


@pytest.mark.parametrize("name", GAMES)
def test_text_fits_80_columns_and_repr_stays_one_line(name: str) -> None:
    for game in moments(name, {}):
        for text in (str(game), str(game.observation(0))):
            assert max(len(line) for line in text.splitlines()) <= 80, text
            assert "\x1b[" not in text  # no colour
        assert "\n" not in repr(game)
        assert "\n" not in repr(game.observation(0))
        assert repr(game).startswith("<")


def test_the_text_of_an_observation_names_the_seats_as_the_seat_sees_them() -> None:
    game = cardcore.new_game("brouc", seed=2)
    text = str(game.observation(1))
    assert "Brouc, as seat 1 sees it: " in text
    assert "Your hand: " in text
    assert "Seat 0:" not in text
    spectator = str(game)
    assert "Your hand" not in spectator
    assert "Seat 3:" in spectator


def test_wrap_breaks_only_at_spaces_and_hangs_under_the_label() -> None:
    line = "   Playable:  " + "  ".join(f"{i}:QH" for i in range(1, 30))
    lines = wrap(line, 60)
    assert len(lines) > 2
    assert all(len(row) <= 60 for row in lines)
    assert " ".join(lines).split() == line.split()
    assert all(row.startswith(" " * 14) and row[14] != " " for row in lines[1:])
    assert wrap("short", 40) == ["short"]
    long_word = "x" * 50
    assert wrap(f"a {long_word} b", 40) == ["a", f"  {long_word}", "  b"]


# The environments' render.


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_renders_the_agents_view(name: str) -> None:
    pytest.importorskip("gymnasium")
    from cardcore.envs.gymnasium import CardcoreEnv

    env = CardcoreEnv(name, seat=1, render_mode="ansi", single_deal=True)
    env.reset(seed=3)
    rendered = env.render()
    assert rendered == str(env.game.observation(1))
    assert "as seat 1 sees it" in rendered
    human = CardcoreEnv(name, seat=1, render_mode="human", single_deal=True)
    human.reset(seed=3)
    printed = io.StringIO()
    with redirect_stdout(printed):
        assert human.render() is None
    assert printed.getvalue() == rendered + "\n"
    assert CardcoreEnv(name, single_deal=True).render() is None
    assert "human" in CardcoreEnv.metadata["render_modes"]


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_renders_the_whole_table(name: str) -> None:
    pytest.importorskip("pettingzoo")
    from cardcore.envs.pettingzoo import RawEnv

    env = RawEnv(name, render_mode="ansi", single_deal=True)
    env.reset(seed=4)
    rendered = env.render()
    assert rendered == str(env.game)
    assert "the whole table" in rendered
    human = RawEnv(name, render_mode="human", single_deal=True)
    human.reset(seed=4)
    printed = io.StringIO()
    with redirect_stdout(printed):
        assert human.render() is None
    assert printed.getvalue() == rendered + "\n"


def test_an_unknown_render_mode_is_refused() -> None:
    pytest.importorskip("pettingzoo")
    from cardcore.envs.gymnasium import CardcoreEnv
    from cardcore.envs.pettingzoo import RawEnv

    with pytest.raises(cardcore.OptionError, match=r"render_mode.*'rgb_array'"):
        CardcoreEnv("brouc", render_mode="rgb_array")
    with pytest.raises(cardcore.OptionError, match="render_mode"):
        RawEnv("brouc", render_mode="rgb_array")
