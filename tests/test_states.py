"""Saved states as an attacker or a careless server would hand them in.

``from_json`` must accept exactly the states play can reach (docs/protocol.md,
"Reading a state back"), stay bounded on hostile text, and say nothing on
stderr. Every test is parametrized over the registered games, so a new game is
held to all of it at once.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardcore
import cardcore.reference
from harness import (
    CHOICES,
    CONFIGURED_GAMES,
    SEEDS,
    TRICK_GAMES,
    Chooser,
    JsonDict,
    config,
    option_sets,
    play_to,
    scaled,
    sorted_hand,
    state,
)

DEFAULT_MAX_BYTES = 4 * 1024 * 1024

STEPS = st.integers(min_value=0, max_value=300)


def played_position(
    name: str, data: st.DataObject, seed: int, choices: list[int], steps: int
) -> Any:
    options = data.draw(option_sets(name), label="options")
    return play_to(cardcore.new_game(name, seed=seed, **options), Chooser(choices, seed), steps)


# --------------------------------------------------------------------------- revokes


def deal_records(name: str, parsed: JsonDict) -> list[JsonDict]:
    """Every deal the state records, oldest first: the finished deals' records, then the
    state itself for the deal in play (its ``"trick"`` is the trick being played)."""
    return [*parsed[config(name).finished_key], parsed]


def deal_tricks(record: JsonDict) -> list[list[list[Any]]]:
    """A deal's tricks in play order, each a list of ``[seat, card]`` plays."""
    tricks = [trick["cards"] for trick in record["tricks"]]
    if record.get("trick"):
        tricks.append(record["trick"])
    return tricks


def plant_revoke(
    name: str, parsed: JsonDict, deal: int, trick: int, position: int
) -> tuple[JsonDict, int] | None:
    """The state with one card play turned into a revoke, and the history index of that
    play; None when that play cannot be turned into one.

    The play (seat ``s``, card ``c`` of the led suit) trades places with a card ``d`` of
    another suit that ``s`` played later in the same deal or still holds: ``s`` then held
    ``c`` and played ``d``, which breaks the duty to follow suit. Only that deal's plays,
    hands and history are touched (a turned trump card keeps its place), so every play
    before the revoke stays as legal as it was."""
    records = deal_records(name, parsed)
    record = records[deal]
    tricks = deal_tricks(record)
    if trick < len(record["tricks"]) and record["tricks"][trick].get("named"):
        return None  # a joker lead that named the suit to follow (500's option)

    def suit(card: str) -> str | None:
        return config(name).card_suit(record, card)

    led = suit(tricks[trick][0][1])
    seat, card = tricks[trick][position]
    if led is None or suit(card) != led:
        return None
    later = [c for t in tricks[trick + 1 :] for s, c in t if s == seat]
    held = parsed["hands"][seat] if deal == len(records) - 1 else []
    others = [c for c in later + held if suit(c) not in (None, led)]
    if not others:
        return None
    other = others[0]

    def trade(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: trade(item) for key, item in value.items()}
        if isinstance(value, list):
            return [trade(item) for item in value]
        return {card: other, other: card}.get(value, value) if isinstance(value, str) else value

    planted = json.loads(json.dumps(parsed))
    past = config(name).finished_key
    if deal < len(records) - 1:
        planted[past][deal]["tricks"] = trade(planted[past][deal]["tricks"])
    else:
        for key in ("tricks", "trick", "hands"):
            planted[key] = trade(planted[key])
        planted["hands"] = [sorted_hand(hand) for hand in planted["hands"]]
    # The deal's plays in the history come after the plays of the earlier deals.
    plays_before = sum(len(t) for r in records[:deal] for t in deal_tricks(r))
    plays_here = sum(len(t) for t in tricks[:trick]) + position
    history = planted["history"]
    card_plays = [i for i, text in enumerate(history) if _is_card_play(text)]
    deal_plays = card_plays[plays_before : plays_before + sum(len(t) for t in tricks)]
    for index in deal_plays:
        history[index] = trade(history[index])
    return planted, deal_plays[plays_here]


def _is_card_play(text: str) -> bool:
    try:
        cardcore.Card.parse(text)
    except cardcore.NotationError:
        return False
    return True


def check_planted_revokes(name: str, game: Any, reference_checks: int = 3) -> int:
    """Plants a revoke at every play that followed suit, in every trick of every recorded
    deal (finished deals, completed tricks, the trick in play): the engine must refuse
    each at exactly that play of the history, and the reference the first few. Returns
    how many were planted."""
    parsed = state(game)
    planted_count = 0
    for deal, record in enumerate(deal_records(name, parsed)):
        for trick, plays in enumerate(deal_tricks(record)):
            for position in range(1, len(plays)):
                found = plant_revoke(name, parsed, deal, trick, position)
                if found is None:
                    continue
                planted, history_index = found
                text = json.dumps(planted)
                with pytest.raises(cardcore.JsonError, match=rf"^history\[{history_index}\] "):
                    cardcore.from_json(text)
                if planted_count < reference_checks:
                    with pytest.raises(cardcore.reference.RuleError):
                        cardcore.reference.from_json(text)
                planted_count += 1
    return planted_count


@pytest.mark.parametrize("name", TRICK_GAMES)
@scaled(0.5)
@given(data=st.data(), seed=SEEDS, choices=CHOICES, steps=STEPS)
def test_a_revoke_planted_anywhere_is_refused(
    name: str, data: st.DataObject, seed: int, choices: list[int], steps: int
) -> None:
    check_planted_revokes(name, played_position(name, data, seed, choices, steps))


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_revokes_are_planted_in_finished_deals_and_the_deal_in_play(name: str) -> None:
    """The planting reaches every kind of place: a match with a finished deal behind it
    and (mid-trick) a trick in play (the first seed from 11 whose match lasts that long:
    a 500 match can end at its first deal)."""
    for seed in range(11, 100):
        game = cardcore.new_game(name, seed=seed)
        bot = cardcore.RandomBot(seed=seed)
        while not game.is_over and len(state(game)[config(name).finished_key]) < 1:
            game.apply(bot.act(game))
        while not game.is_over and (len(game.history) % 4 != 2 or not state(game)["trick"]):
            game.apply(bot.act(game))
        if not game.is_over:
            break
    else:
        pytest.fail(f"no {name} match from seeds 11 to 99 outlasts its first deal")
    assert check_planted_revokes(name, game) >= 10


# --------------------------------------------------------------------------- hostile text


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_duplicate_keys_are_refused_at_every_level(name: str) -> None:
    game = cardcore.new_game(name, seed=3)
    bot = cardcore.RandomBot(seed=3)
    records = "tricks" if config(name).tricks else "melds"
    while not state(game)[records]:  # up to a completed trick, or a meld on the table
        game.apply(bot.act(game))
    text = game.to_json()
    parsed = state(game)
    assert cardcore.from_json(text).to_json() == text
    first_option, value = next(iter(parsed["options"].items()))
    duplicated = {
        "top level": '{"game":' + json.dumps(name) + "," + text[1:],
        "options": text.replace(
            '"options":{',
            '"options":{' + json.dumps(first_option) + ":" + json.dumps(value) + ",",
            1,
        ),
        "a record": text.replace(
            '"tricks":[{"leader":', '"tricks":[{"leader":0,"leader":', 1
        ).replace('"melds":[{"kind":', '"melds":[{"kind":"run","kind":', 1),
    }
    for where, bad in duplicated.items():
        assert bad != text, where
        with pytest.raises(cardcore.JsonError, match="is given twice"):
            cardcore.from_json(bad)
        with pytest.raises(cardcore.reference.RuleError):
            cardcore.reference.from_json(bad)


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_text_over_max_bytes_is_refused_unread(
    name: str, capfd: pytest.CaptureFixture[str]
) -> None:
    text = cardcore.new_game(name, seed=1).to_json()
    padded = text + " " * (DEFAULT_MAX_BYTES - len(text) + 1)
    with pytest.raises(cardcore.JsonError, match="max_bytes"):
        cardcore.from_json(padded)
    with pytest.raises(cardcore.reference.RuleError):
        cardcore.reference.from_json(padded)
    # The limit is the caller's to raise; whitespace around a state is still JSON.
    assert cardcore.from_json(padded, max_bytes=len(padded)).to_json() == text
    assert cardcore.from_json(text, max_bytes=len(text)).to_json() == text
    with pytest.raises(cardcore.JsonError, match="max_bytes"):
        cardcore.from_json(text, max_bytes=len(text) - 1)
    # Refused before parsing: not even a JSON error is looked for.
    with pytest.raises(cardcore.JsonError, match="max_bytes"):
        cardcore.from_json("[" * (DEFAULT_MAX_BYTES + 1))
    for bad in (0, -1):
        with pytest.raises(cardcore.OptionError, match="max_bytes"):
            cardcore.from_json(text, max_bytes=bad)
    assert capfd.readouterr() == ("", "")


@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_largest_states_of_play_are_far_below_the_limit(name: str) -> None:
    """The default limit is a generous multiple of what play reaches (a whole match with
    the largest target an option allows, every deal recorded)."""
    edges = [options for options in config(name).edge_options if not options.get("single_deal")]
    largest = 0
    for seed in range(20):
        for options in edges:
            game = cardcore.new_game(name, seed=seed, **options)
            bot = cardcore.RandomBot(seed=seed)
            while not game.is_over:
                game.apply(bot.act(game))
            largest = max(largest, len(game.to_json()))
    assert largest * 10 < DEFAULT_MAX_BYTES, largest


# A subprocess measures the peak memory of one from_json call on a hostile text of
# about 3 MB, made by repeating one item of a list-valued key of a real state: the
# deserialisation into typed states keeps what it holds proportional to what is valid.
_PEAK_SCRIPT = """
import json, sys, cardcore
name, key, item, size = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), int(sys.argv[4])
unit = json.dumps(item, separators=(",", ":"))
count = size // (len(unit) + 1)
text = '{"game":%s,"%s":[' % (json.dumps(name), key) + (unit + ",") * (count - 1) + unit + "]}"
def status(field):
    for line in open("/proc/self/status"):
        if line.startswith(field):
            return int(line.split()[1]) * 1024
open("/proc/self/clear_refs", "w").write("5")  # resets the peak (VmHWM) to now
base = status("VmRSS:")
try:
    cardcore.from_json(text)
except cardcore.JsonError:
    pass
print((status("VmHWM:") - base) / len(text))
"""


def _peak_bytes_per_byte(name: str, key: str, item: Any) -> float:
    result = subprocess.run(
        [sys.executable, "-c", _PEAK_SCRIPT, name, key, json.dumps(item), str(3_000_000)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stderr == ""
    return float(result.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
@pytest.mark.parametrize("name", CONFIGURED_GAMES)
def test_peak_memory_stays_within_a_few_bytes_per_input_byte(name: str) -> None:
    game = cardcore.new_game(name, seed=5)
    bot = cardcore.RandomBot(seed=5)
    while not game.is_over:
        game.apply(bot.act(game))
    parsed = state(game)
    samples = {key: value[0] for key, value in parsed.items() if isinstance(value, list) and value}
    samples["hands"] = []  # an empty hand: the smallest item of the hands list
    assert len(samples) >= 4
    worst = {key: _peak_bytes_per_byte(name, key, item) for key, item in samples.items()}
    worst["a generic tree"] = _peak_bytes_per_byte(name, "game", {"": 0})
    assert max(worst.values()) < 6, worst
