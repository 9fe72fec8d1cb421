"""The README's tour runs as written, and the values its comments show are true."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import cardcore

README = Path(__file__).resolve().parent.parent / "README.md"


def tour() -> str:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1
    return str(blocks[0])


def test_the_tour_runs() -> None:
    namespace: dict[str, Any] = {}
    exec(compile(tour(), str(README), "exec"), namespace)
    assert namespace["game"].is_over
    assert namespace["summary"].games == 100_000


def test_the_tour_shows_true_values() -> None:
    game = cardcore.brouc.Brouc(seed=7)
    assert (game.current_player, game.phase, game.scores) == (2, "play", [0, 0, 0, 0])
    assert (game.trump, game.trump_card, game.dealer) == (
        cardcore.Suit.SPADES,
        cardcore.Card("7S"),
        1,
    )
    assert [str(card) for card in game.hand(2)[:3]] == ["KH", "7D", "9D"]
    first = game.legal_actions()[0]
    assert (first.id, str(first)) == (14, "KH")
    assert (game.is_legal("KH"), "KH" in game.legal_actions(), game.is_legal("7S")) == (
        True,
        True,
        False,
    )
    game.apply(first)
    assert game.trick == [(2, cardcore.Card("KH"))]
    view = game.observation(3)
    assert isinstance(view, cardcore.brouc.Observation)
    assert view.hand_sizes == [8, 8, 7, 8]
    assert [(action.id, str(action)) for action in view.legal_actions()] == [(9, "8H")]
    assert view.to_dict()["trick"] == [[2, "KH"]]
    assert game.clone() == game == cardcore.brouc.Brouc.from_json(game.to_json())
    namespace: dict[str, Any] = {}
    exec(compile(tour(), str(README), "exec"), namespace)
    played = namespace["game"]
    assert (played.winning_team, played.deal_scores, played.match_record) == (
        1,
        [(6, 6), (0, 12), (-4, 13)],
        (0, 1),
    )
    assert played.last_deal.card_points == (0, 90) == played.finished_deals[-1].card_points
    assert played.finished_deals[-2].card_points == (41, 79)
    assert namespace["julien"].deal_scores == [[-33, -46, -20, -13]]
    assert namespace["julien"].winning_seats == [3]


def test_the_tour_shows_true_julien_values() -> None:
    julien = cardcore.julien.Julien(seed=3, single_deal=True, tour_kind="speco")
    assert [str(card) for card in julien.talon[:2]] == ["9D", "3S"]
    assert [str(card) for card in julien.specials] == ["9S", "10D"]
    for bid in ("10 Rouges", "Noir", "5 Noires", "Rouge"):
        julien.apply(bid)
    assert (julien.phase, julien.trump, julien.current_player) == (
        "play",
        cardcore.Suit.DIAMONDS,
        1,
    )
    assert julien.trump_card == julien.talon[0]
    assert cardcore.julien.score("10 Noires", ["6C", "2D", "9H", "5H"]) == -12


def test_the_tour_shows_true_reprs() -> None:
    assert (
        repr((cardcore.Suit.SPADES, cardcore.Card("7S"), 1)) == "(<Suit.SPADES: 0>, Card('7S'), 1)"
    )
    assert repr(cardcore.brouc.Brouc(seed=7).legal_actions()[0]) == """Action("brouc", 14, 'KH')"""
    assert repr((cardcore.Card("QH").suit, sorted(cardcore.deck(32))[:2])) == (
        "(<Suit.HEARTS: 1>, [Card('7S'), Card('8S')])"
    )


def test_the_tour_shows_true_jolly_values() -> None:
    namespace: dict[str, Any] = {}
    exec(compile(tour(), str(README), "exec"), namespace)
    jolly = namespace["jolly"]
    assert jolly.phase == "play"
    assert (jolly.pending, jolly.melds[-1].value) == (1, 6)
    assert [str(card) for card, _as, _by in jolly.melds[-1].cards] == ["2H", "2D", "2C"]
    jolly.apply("undo")
    assert [str(action) for action in jolly.legal_actions()][:3] == ["lay 2H", "lay 2D", "lay 2C"]
    assert cardcore.jolly.meld_value(["QH", "KH", "AH"]) == 30
