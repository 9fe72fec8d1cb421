"""French Tarot through the Python API: the rules text's example, worked settlements at
three, four and five players, and what each seat may see (docs/rules/tarot.md)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import cardcore
from cardcore.tarot import Tarot, settle


def play_until(game: Tarot, seed: int, stop: Callable[[Tarot], bool]) -> bool:
    """Random play until ``stop(game)``; False if the match ends first."""
    rng = random.Random(seed)
    while not stop(game):
        if game.is_over:
            return False
        game.apply(rng.choice(game.legal_actions()))
    return True


def find(players: int, stop: Callable[[Tarot], bool], **options: object) -> Tarot:
    """The first seeded random game that reaches ``stop``."""
    for seed in range(500):
        game = Tarot(seed=seed, players=players, **options)  # type: ignore[arg-type]
        if play_until(game, seed, stop):
            return game
    raise AssertionError("no seed reaches the position")


# --------------------------------------------------------------------------- settlements


def test_the_rules_texts_example() -> None:
    # Score et fin: a Garde, 2 bouts (target 41), 45 points: (25 + 4) x 2 = 58 each.
    assert settle("garde", 45, 2) == [174, -58, -58, -58]
    assert settle("garde", 45, 2, taker=2) == [-58, -58, 174, -58]


def test_worked_settlements_at_three_and_five_players() -> None:
    # Three players: a Garde with 1 bout (51) and 55.5 points makes it by 5 (T6 rounds
    # the half point up): (25 + 5) x 2 = 60, the taker scores twice that.
    assert settle("garde", 55.5, 1, players=3) == [120, -60, -60]
    # Five players, a Prise with 2 bouts (41) and 43 points: (25 + 2) x 1 = 27; the
    # taker scores 2S, the partner S, each defender -S.
    assert settle("prise", 43, 2, players=5, taker=1, partner=3) == [-27, 54, -27, 27, -27]
    # The same taker alone (the called card in the chien or its own hand): 4S.
    assert settle("prise", 43, 2, players=5, taker=1) == [-27, 108, -27, -27, -27]


def test_bonuses_follow_their_rules() -> None:
    # Failed by 1 (40.5 for 41): -(26 x 4); the Petit au bout to the taker +10 x 4; a
    # simple poignée to the defence, which wins the contract: -20.
    stake = -26 * 4 + 40 - 20
    scores = settle("garde sans", 40.5, 2, petit_au_bout="taker", poignees=["simple"])
    assert scores == [3 * stake, -stake, -stake, -stake]
    # An announced slam made: 400, not multiplied; failed: -200; a defence slam: -200 more.
    assert settle("prise", 91, 3, slam_announced=True, slam="taker")[1] == -(25 + 55 + 400)
    # (the taker keeps its discard: 3 points at least)
    assert settle("prise", 3, 0, slam_announced=True, slam="defence")[1] == 25 + 53 + 400


@pytest.mark.parametrize(
    ("arguments", "options", "named"),
    [
        (("pass", 45, 2), {}, "contract"),
        (("garde", 45.3, 2), {}, "points"),
        (("garde", 92, 2), {}, "points"),
        (("garde", 45, 4), {}, "bouts"),
        (("garde", 45, 2), {"partner": 1}, "partner"),
        (("garde", 45, 2), {"players": 5, "partner": 0}, "partner"),
        (("garde", 45, 2), {"players": 6}, "players"),
        (("garde", 45, 2), {"slam": "attack"}, "slam"),
        (("garde", 45, 2), {"poignees": ["quadruple"]}, "poignees"),
        (("garde", 45, 2), {"poignees": ["simple"] * 5}, "poignees"),
        # Counts no deal gives (docs/rules/tarot.md, "Settlement").
        (("prise", 30, 2), {"slam": "taker"}, "slam"),
        (("garde", 5, 3), {}, "points"),
        (("prise", 91, 0), {}, "points"),
        (("garde contre", 12.5, 3), {}, "points"),
        (("prise", 40, 0), {"petit_au_bout": "taker"}, "petit_au_bout"),
        (("prise", 40, 2), {"petit_au_bout": "taker", "slam": "defence"}, "slam"),
        (("garde", 30, 2), {"slam": "defence"}, "slam"),
    ],
)
def test_settle_names_the_bad_argument(
    arguments: tuple[object, ...], options: dict[str, object], named: str
) -> None:
    with pytest.raises(cardcore.OptionError, match=named):
        settle(*arguments, **options)  # type: ignore[arg-type]


def test_settle_refuses_what_the_reference_refuses() -> None:
    # Every count, bout number, contract, table, Petit au bout and slam: the engine and
    # the reference (written from the rules page's bounds) agree on what a deal can give.
    from cardcore import reference
    from cardcore.reference import tarot as reference_tarot

    refused = 0
    sides = (None, "taker", "defence")
    for contract in ("prise", "garde", "garde sans", "garde contre"):
        for players in (3, 4, 5):
            for bouts in range(4):
                for half in [*range(0, 182, 4), 182]:
                    for petit in sides:
                        for slam in sides:
                            arguments: tuple[Any, ...] = (contract, half / 2, bouts)
                            options: dict[str, Any] = {
                                "players": players,
                                "petit_au_bout": petit,
                                "slam": slam,
                            }
                            try:
                                expected = reference_tarot.settle(*arguments, **options)
                            except reference.RuleError:
                                refused += 1
                                with pytest.raises(cardcore.OptionError):
                                    settle(*arguments, **options)
                            else:
                                assert settle(*arguments, **options) == expected
    assert refused > 0


def test_settle_tells_a_wrong_type() -> None:
    with pytest.raises(cardcore.OptionTypeError, match="points"):
        settle("garde", "45", 2)  # type: ignore[arg-type]
    with pytest.raises(cardcore.OptionTypeError, match="poignees"):
        settle("garde", 45, 2, poignees="simple")  # type: ignore[arg-type]
    assert cardcore.tarot.card_points("KH") == 4.5
    assert cardcore.tarot.card_points("EX") == 4.5
    assert cardcore.tarot.card_points("2T") == 0.5
    assert sum(cardcore.tarot.card_points(card) for card in cardcore.deck(78)) == 91


def test_a_played_deals_result_is_its_settlement() -> None:
    for players in (3, 4, 5):
        game = find(players, lambda g: g.result is not None, single_deal=True)
        deal, result = game.current_deal, game.result
        assert result is not None
        assert deal.contract is not None
        assert deal.taker is not None
        levels = [p.level for p in deal.poignees if p is not None]
        scores = settle(
            deal.contract,
            result.points,
            result.bouts,
            players=players,
            petit_au_bout=result.petit_au_bout,
            poignees=levels,
            slam_announced=deal.slam_announced,
            slam=result.slam,
            taker=deal.taker,
            partner=deal.partner,
        )
        assert scores == result.scores == game.scores
        assert sum(scores) == 0
        assert game.card_points == (result.points, 91 - result.points)


# --------------------------------------------------------------------------- what a seat sees


def test_the_chien_is_seen_when_turned_and_the_discard_only_by_the_taker() -> None:
    game = find(4, lambda g: g.phase == "slam" and g.contract in ("prise", "garde"))
    taker = game.taker
    assert taker is not None
    assert game.visible_chien == game.chien
    discarded_trumps = [card for card in game.discard if card.suit is None]
    for seat in range(4):
        observation = game.observation(seat)
        view = observation.to_dict()
        if seat == taker:
            assert observation.known_discard == game.discard
        else:
            hidden = len(game.discard) - len(discarded_trumps)
            assert observation.known_discard == [None] * hidden + discarded_trumps
            assert view["discard"] == [None] * hidden + [str(c) for c in discarded_trumps]
        assert view["chien"] == [str(card) for card in game.chien]


def test_an_unseen_chien_stays_hidden() -> None:
    bidding = Tarot(seed=1)
    assert bidding.visible_chien == [None] * 6
    assert bidding.observation(0).to_dict()["chien"] == [None] * 6
    blind = find(4, lambda g: g.phase == "play" and g.contract in ("garde sans", "garde contre"))
    assert blind.visible_chien == [None] * 6
    assert all(card is None for card in blind.observation(2).to_dict()["chien"])


def test_the_partner_is_secret_until_the_called_card_is_played() -> None:
    def secret_partner(g: Tarot) -> bool:
        return g.phase == "play" and g.partner is not None and g.visible_partner is None

    game = find(5, secret_partner)
    partner, called = game.partner, game.called
    assert partner is not None
    assert called is not None
    for seat in range(5):
        observation = game.observation(seat)
        assert observation.known_partner == (partner if seat == partner else None)
        assert observation.to_dict()["partner"] == observation.known_partner
        assert observation.card_points is None
        assert observation.bouts is None
    rng = random.Random(1)
    while game.result is None and not any(card == called for _, card in game.trick):
        game.apply(rng.choice(game.legal_actions()))
    assert game.visible_partner == partner
    assert all(game.observation(seat).known_partner == partner for seat in range(5))


def test_a_void_deal_shows_only_what_the_table_saw() -> None:
    game = Tarot(seed=3, first_dealer=0)
    for _ in range(4):
        game.apply("pass")
    record = game.finished_deals[-1]
    assert record.void == "all pass"
    assert all(len(hand) == 18 for hand in record.dealt)
    seen = game.observation(1).to_dict()["previous_deal"]
    assert seen["void"] == "all pass"
    assert seen["dealt"] == [[], [], [], []]
    previous = game.observation(1).last_deal
    assert previous is not None
    assert previous.dealt == [[], [], [], []]


def test_a_petit_sec_voids_the_deal_at_once() -> None:
    for seed in range(2000):
        game = Tarot(seed=seed)
        if game.finished_deals:
            break
    else:
        raise AssertionError("no seed deals a petit sec first")
    record = game.finished_deals[0]
    assert record.void == "petit sec"
    assert record.bids == [None] * 4
    trumps = [[str(c) for c in hand if c.suit is None] for hand in record.dealt]
    petit = [seat for seat, held in enumerate(trumps) if held == ["1T"]]
    assert petit
    assert game.dealer == (record.dealer + len(game.finished_deals)) % 4
    if len(game.finished_deals) == 1:  # the holder shows the petit sec; no other hand shows
        shown = game.observation(0).to_dict()["previous_deal"]["dealt"]
        assert [seat for seat, hand in enumerate(shown) if hand] == petit
    assert cardcore.from_json(game.to_json()) == game


def test_states_round_trip_at_every_player_count() -> None:
    for players in (3, 4, 5):
        game = Tarot(seed=players, players=players, deals=2)
        rng = random.Random(players)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            assert cardcore.from_json(game.to_json()) == game
        assert len(game.deal_scores) == 2
        assert json.loads(game.to_json())["options"]["players"] == players
