"""``cardcore play julien``: whole matches and single Tours played with fed input.

Every figure the view prints is checked against the same game driven directly
through the engine: the bots get the CLI's seeds and the person's choices are
replayed, so both games take the same course.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pytest

import cardcore
from cardcore import cli
from cli_input import InputFn, scripted

pytestmark = pytest.mark.usefixtures("wide_play")

ROLES = ("You", "Left", "Across", "Right")  # seat + 1 sits on the person's left
SPECO_TYPED = ("t", "l", "take", "leave", "1", "2")  # even: take, odd: leave
CHOICE_LABELS = ("Your bids:", "Playable:", "Choices:")
VALUES = {"A": 30, "K": 15, "Q": 12, "J": 11}  # -43-, docs/rules/julien.md


def role(seat: int, me: int) -> str:
    return ROLES[(seat - me) % 4]


def choices(out: io.StringIO) -> list[tuple[str, str]]:
    """The (number, text) pairs of the last numbered list of choices printed."""
    lines = [
        line.strip()
        for line in out.getvalue().splitlines()
        if line.strip().startswith(CHOICE_LABELS)
    ]
    assert lines, "no numbered choices before the prompt"
    items = lines[-1].split(":", 1)[1].strip().split("  ")
    return [(item.split(":")[0], item.split(":", 1)[1]) for item in items]


def first_choice_player(out: io.StringIO, prompts: list[str]) -> InputFn:
    """Input that picks the first choice (by number, text or lower-case text, in turn),
    and in the Spéco takes and leaves the trump card alternately (``SPECO_TYPED``)."""
    speco = 0

    def answer(prompt: str) -> str:
        nonlocal speco
        out.write(prompt)
        prompts.append(prompt)
        if prompt.startswith("Take or leave"):
            typed = SPECO_TYPED[speco % len(SPECO_TYPED)]
            speco += 1
        else:
            number, text = choices(out)[0]
            typed = (number, text, text.lower())[len(prompts) % 3]
        out.write(typed + "\n")
        return typed

    return answer


def engine_game(seed: int, seat: int, **options: object) -> cardcore.julien.Julien:
    """The game the CLI plays with ``first_choice_player``, driven directly."""
    game = cardcore.new_game("julien", seed=seed, **options)
    assert isinstance(game, cardcore.julien.Julien)
    seeds = cli.bot_seeds(seed, 4)
    bots = {s: cardcore.RandomBot(seeds[s]) for s in range(4) if s != seat}
    speco = 0
    while not game.is_over:
        player = game.current_player
        assert player is not None
        legal = game.legal_actions()
        if player != seat:
            game.apply(bots[player].act(game))
        elif game.phase == "speco":
            game.apply(legal[speco % 2])  # take, leave, take, ... like SPECO_TYPED
            speco += 1
        else:
            game.apply(legal[0])
    return game


def play(argv: list[str], input_fn: Callable[[io.StringIO], InputFn]) -> str:
    """Run ``cardcore play julien ARGV`` with the given input; its output, checked clean."""
    out = io.StringIO()
    argv = ["play", "julien", "--level", "random", *argv]  # engine_game seats RandomBots
    code = cli.main(argv, input_fn=input_fn(out), output=out, errors=out)
    text = out.getvalue()
    assert code == 0, text
    assert "Traceback" not in text
    return text


def play_first_choices(argv: list[str]) -> tuple[str, list[str]]:
    prompts: list[str] = []
    text = play(argv, lambda out: first_choice_player(out, prompts))
    return text, prompts


SCORE_ROW = re.compile(r"^\s+(\w+)\s+(.*?)\s+([+-][\d,]+)\s+(-?[\d,]+)$")


def score_tables(text: str) -> list[list[tuple[int, str, int, int]]]:
    """Each Tour's score table: (seat, middle columns, Tour score, total) per row."""
    tables = []
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("=== ") and line.endswith("is over: the scores ==="):
            rows = []
            for seat, row in enumerate(lines[index + 2 : index + 6]):  # in seat order
                found = SCORE_ROW.match(row)
                assert found is not None, row
                score, total = (int(found.group(g).replace(",", "")) for g in (3, 4))
                rows.append((seat, found.group(2), score, total))
            tables.append(rows)
    return tables


# --------------------------------------------------------------------------------------


def test_games_lists_julien() -> None:
    out = io.StringIO()
    assert cli.main(["games"], output=out) == 0
    text = out.getvalue()
    assert "julien: 4 players, 66 actions" in text
    for option in ("tour_kind", "masked_talon", "twenty_five_every_tour", "first_dealer"):
        assert option in text
    assert "play it: cardcore play julien" in text
    assert cli.VIEWS["julien"] is cli.JulienView


@pytest.mark.parametrize(("seed", "seat"), [(11, 0), (2024, 2)])
def test_whole_match_against_three_bots(seed: int, seat: int) -> None:
    text, prompts = play_first_choices(["--seed", str(seed), "--seat", str(seat)])
    game = engine_game(seed, seat)
    assert game.is_over
    assert "is not a" not in text
    assert "cannot be" not in text
    # Six Tours, each announced with its number, kind and dealer; the person's hand shown.
    headers = re.findall(r"^=== Tour (\d) of 6 \((\w+)\): (\w+) deals?;", text, re.M)
    kinds = ["normal", "normal", "Spéco", "normal", "normal", "Superspec"]
    assert [(int(t), k) for t, k, _ in headers] == list(enumerate(kinds, 1))
    dealers = [(seat + ROLES.index(name)) % 4 for _, _, name in headers]
    assert all(role(d, seat) == name for (_, _, name), d in zip(headers, dealers, strict=True))
    assert dealers == [(dealers[0] + k) % 4 for k in range(6)]
    assert text.count("   Your hand: ") >= 6
    # One bid per Tour and ten cards per Tour, plus the Spéco choices of tricks won.
    bids = [p for p in prompts if p.startswith("Your bid")]
    cards = [p for p in prompts if p.startswith("Your card")]
    assert (len(bids), len(cards)) == (6, 60)
    assert len(prompts) == 66 + text.count("you won it. Take or leave")
    leads = re.findall(r"^(\w+) leads? (?:10|[2-9JQKA])[SHDC]( \(trump\))?\.$", text, re.M)
    assert len(leads) == 60  # each trick's first card is a lead, the others plays
    # Each Tour's score table is the engine's: Tour scores, then running totals.
    tables = score_tables(text)
    assert len(tables) == 6
    totals = [0, 0, 0, 0]
    for table, scores in zip(tables, game.deal_scores, strict=True):
        assert [row[0] for row in table] == [0, 1, 2, 3]
        assert [row[2] for row in table] == scores
        totals = [a + b for a, b in zip(totals, scores, strict=True)]
        assert [row[3] for row in table] == totals
    assert totals == game.scores
    # The Tours' special cards go to trick 10's winners.
    holders = re.findall(r"-> (\w+) takes? the special cards \w+ \w+ as the winner", text)
    assert len(holders) == 6
    last_holder = game.current_deal.specials_holder
    assert last_holder is not None
    assert holders[-1] == role(last_holder, seat)
    # The match's end: totals and the winner(s) as the engine has them.
    final = ", ".join(f"{role(s, seat)} {game.scores[s]}" for s in range(4))
    assert f"Final totals: {final}." in text
    winners = game.winning_seats
    if len(winners) == 1:
        who = "You win" if winners[0] == seat else f"{role(winners[0], seat)} wins"
        assert f"*** {who} the match with {game.scores[winners[0]]}. ***" in text
    else:
        assert "*** The match is shared: " in text


def test_single_speco_tour_with_the_persons_choices() -> None:
    # A seed where the person wins some tricks of the Spéco and so chooses.
    argv = ["--single-deal", "-o", "tour_kind=speco", "--seat", "1"]
    for seed in range(40):
        text, prompts = play_first_choices([*argv, "--seed", str(seed)])
        if sum(p.startswith("Take or leave") for p in prompts) >= 2:
            break
    else:
        pytest.fail("no seed where the person chooses twice in the Spéco")
    game = engine_game(seed, 1, single_deal=True, tour_kind="speco")
    record = game.current_deal
    assert "=== The Tour (Spéco): " in text
    assert "may take or leave its trump card" in text
    # Each choice shows the trump card at stake and its -43- value, then the outcome.
    stakes = re.findall(r"At stake:  (\w+), worth (\d+) in (\w+)", text)
    assert len(stakes) >= 2
    for card, worth, suit in stakes:
        rank = card[:-1]
        assert int(worth) == VALUES.get(rank, int(rank) if rank.isdigit() else -1)
        assert suit == {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[card[-1]]
    mine = [t for t in record.tricks if t.winner == 1]
    assert [card for card, _, _ in stakes] == [str(t.trump_card) for t in mine]
    assert f"You take the trump card {mine[0].trump_card}" in text
    assert f"You leave the trump card {mine[1].trump_card}" in text
    assert [t.taken for t in mine][:2] == [True, False]
    # The bots' choices are reported too, and every trick's winner and next leader.
    reported = re.findall(r"-> (\w+) wins? trick (\d+) with", text)
    assert reported == [(role(t.winner, 1), str(n)) for n, t in enumerate(record.tricks, 1)]
    leaders = re.findall(r"-> (\w+) leads? next: (\w+) is the lowest", text)
    expected = [(role(t.next_leader, 1), str(dict(t.cards)[t.next_leader])) for t in record.tricks]
    assert leaders == expected[:9]
    for trick in record.tricks:
        if trick.winner != 1:
            verb = "takes" if trick.taken else "leaves"
            assert f"{role(trick.winner, 1)} {verb} the trump card {trick.trump_card}" in text
    # The Tour's table: taken trumps and specials as the engine recorded them.
    (table,) = score_tables(text)
    assert [row[2] for row in table] == game.deal_scores[0] == game.scores
    for seat, middle, _, _ in table:
        taken = " ".join(map(str, record.taken_trumps(seat))) or "-"
        assert taken in middle
    holder = record.specials_holder
    assert holder is not None
    specials = " ".join(map(str, record.specials))
    assert specials in table[holder][1]
    assert f"{role(holder, 1)} {'take' if holder == 1 else 'takes'} the special cards" in text


def test_single_superspec_tour_takes_every_trump() -> None:
    text, prompts = play_first_choices(
        ["--single-deal", "-o", "tour_kind=superspec", "--seed", "3"]
    )
    game = engine_game(3, 0, single_deal=True, tour_kind="superspec")
    assert "=== The Tour (Superspec): " in text
    assert not [p for p in prompts if p.startswith("Take or leave")]  # never a choice
    assert len(re.findall(r"-> Superspec: \w+ takes? the trump card", text)) == 10
    assert "(both count, forced in the Superspec)" in text
    (table,) = score_tables(text)
    assert [row[2] for row in table] == game.deal_scores[0]


def test_single_normal_tour_typing_texts() -> None:
    bids = iter(["10 rouges"])
    out_box: list[io.StringIO] = []

    def typist(out: io.StringIO) -> InputFn:
        out_box.append(out)

        def answer(prompt: str) -> str:
            out.write(prompt)
            # The bid as a text, then the first playable card in lower case.
            typed = next(bids) if prompt.startswith("Your bid") else choices(out)[0][1].lower()
            out.write(typed + "\n")
            return typed

        return answer

    text = play(["--single-deal", "--seed", "8", "--seat", "3"], typist)
    assert "You bid 10 Rouges." in text
    assert re.search(r"-> Bids: .*You 10 Rouges", text)
    assert "=== The Tour (normal): " in text
    assert "a normal Tour: every card counts 1" in text
    assert "Tour scores:" not in text  # no match summary for a single Tour
    # The table as the engine scores the same course of play.
    game = cardcore.julien.Julien(seed=8, single_deal=True)
    seeds = cli.bot_seeds(8, 4)
    bots = {s: cardcore.RandomBot(seeds[s]) for s in range(3)}
    while not game.is_over:
        player = game.current_player
        assert player is not None
        if player != 3:
            game.apply(bots[player].act(game))
        else:
            game.apply("10 Rouges" if game.phase == "bid" else game.legal_actions()[0])
    (table,) = score_tables(text)
    assert [row[2] for row in table] == game.deal_scores[0]
    pile = game.current_deal.collected(3)
    assert re.search(rf"You\s+10 Rouges\s+\d+\s+{len(pile)}\s", text)


def test_the_talon_in_reading_order_with_the_specials_marked() -> None:
    text, _ = play_first_choices(["--single-deal", "--seed", "21"])
    game = cardcore.julien.Julien(seed=21, single_deal=True)  # the deal, before any move
    talon = [str(card) for card in game.talon]
    numbered = " ".join(f"{n}:{card}" for n, card in enumerate(talon[:10], 1))
    assert f"Talon:     trumps {numbered} | special cards {talon[10]} {talon[11]}" in text
    marked = " ".join(f"[3:{c}]" if n == 3 else f"{n}:{c}" for n, c in enumerate(talon[:10], 1))
    assert f"trumps {marked} |" in text  # trick 3's trump card, marked during trick 3
    suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[talon[2][-1]]
    assert f"trick 3 of 10 | trump: {suit} ({talon[2]})" in text


def test_masked_talon_shows_only_turned_cards() -> None:
    seed = 4
    text, _ = play_first_choices(["--single-deal", "--seed", str(seed), "-o", "masked_talon=true"])
    talon = [str(card) for card in cardcore.julien.Julien(seed=seed, single_deal=True).talon]
    assert "Masked talon: bids are made blind" in text
    hidden = "trumps " + " ".join(f"{n}:??" for n in range(1, 11)) + " | special cards ?? ??"
    talon_lines = [line for line in text.splitlines() if line.startswith("   Talon:")]
    # Dealt face down: the Tour's header and the person's bidding show only ??.
    bidding = text[: text.index("-> Bids:")]
    assert f"Talon:     {hidden}" in bidding
    assert not re.search(r"Talon: .*\d:[^?\s]", bidding)
    # Trick n shows talon cards 1 to n; the specials are turned at trick 10 only.
    for line in talon_lines:
        shown = re.findall(r"(\d+):(\?\?|\w+)", line.split("|")[0])
        turned = [card for _, card in shown if card != "??"]
        assert turned == talon[: len(turned)]
        specials = line.split("special cards ")[1].split(" (")[0]
        assert specials == ("?? ??" if len(turned) < 10 else f"{talon[10]} {talon[11]}")
    assert any("[10:" in line for line in talon_lines)  # the person played in trick 10
    for n in range(1, 11):
        assert f"Trick {n}: the trump card is turned: {talon[n - 1]}" in text
    assert f"The special cards are turned: {talon[10]} {talon[11]}." in text
    # Talon cards never reach a hand: before trick 2 begins, cards 2 to 12 were nowhere.
    before_trick_2 = text[: text.index("-> Trick 2:")]
    for card in talon[1:]:
        assert not re.search(rf"(?<!\w){card}(?!\w)", before_trick_2)


def test_the_person_never_sees_another_hand() -> None:
    seed, seat = 17, 2
    text, _ = play_first_choices(["--single-deal", "--seed", str(seed), "--seat", str(seat)])
    game = cardcore.julien.Julien(seed=seed, single_deal=True)
    mine = {str(card) for card in game.hand(seat)}
    others = {str(card) for s in range(4) if s != seat for card in game.hand(s)}
    header = text[: text.index("Your bid (")]  # the deal, before any card is played
    shown = set(re.findall(r"\b(?:10|[2-9JQKA])[SHDC]\b", header))
    assert mine <= shown
    assert not shown & others


def test_bad_input_reprompts_in_each_phase() -> None:
    # A seed where the person, at their first card, holds a card they may not play.
    for seed in range(200):
        game = cardcore.julien.Julien(seed=seed, single_deal=True, first_dealer=0)
        seeds = cli.bot_seeds(seed, 4)
        bots = {s: cardcore.RandomBot(seeds[s]) for s in (1, 2, 3)}
        while game.current_player != 0 or game.phase == "bid":
            player = game.current_player
            assert player is not None
            game.apply("10 Rouges" if player == 0 else bots[player].act(game))
        legal = {str(a) for a in game.legal_actions()}
        illegal = [str(c) for c in game.hand(0) if str(c) not in legal]
        if illegal and game.trick:
            break
    else:
        pytest.skip("no seed with an illegal card at the first turn")
    not_held = next(str(c) for c in cardcore.deck(52) if c not in game.hand(0))
    bid_lines = ["garbage", "", "30 rouges", "25 Rouges", "QH", "take", "42", "0", "?"]
    card_lines = ["garbage", "", "11S", "Rouge", not_held, illegal[0], "99", "help"]
    lines = [*bid_lines, "10   ROUGES", *card_lines, "quit"]
    text = play(
        ["--single-deal", "--seed", str(seed), "-o", "first_dealer=0"],
        lambda out: scripted(out, iter(lines)),
    )
    assert "'garbage' is not a bid. Bids: Rouge, Noir, 5 Rouges" in text
    assert "Type a bid (e.g. Rouge or 10 Rouges)" in text
    assert "'30 rouges' is not a bid" in text
    assert "25 Rouges cannot be bid in this Tour" in text
    assert "'QH' is not a bid" in text
    assert "'take' is not a bid" in text
    assert "There is no number 42: the choices go from 1 to 10." in text
    assert "There is no number 0" in text
    assert "You bid 10 Rouges." in text
    assert "'garbage' is not a card" in text
    assert "Type a card (e.g. QH)" in text
    assert "'11S' is not a card" in text
    assert "'Rouge' is not a card" in text
    assert f"You do not hold {not_held}." in text
    assert f"{illegal[0]} cannot be played now: you must follow" in text
    assert "There is no number 99" in text
    assert text.count("Bids (one each") == 2  # the help, once per phase
    assert text.count("Your bid (") == len(bid_lines) + 1  # one prompt per line fed
    assert text.count("Your card (") == len(card_lines) + 1
    assert "Game abandoned. Totals so far: You 0, Left 0, Across 0, Right 0." in text


def test_speco_choice_reprompts() -> None:
    # The first seed where the person at seat 0 wins a trick of a Spéco playing first choices.
    for seed in range(100):
        game = cardcore.julien.Julien(seed=seed, single_deal=True, tour_kind="speco")
        seeds = cli.bot_seeds(seed, 4)
        bots = {s: cardcore.RandomBot(seeds[s]) for s in (1, 2, 3)}
        moves = 0
        while not game.is_over and not (game.phase == "speco" and game.current_player == 0):
            player = game.current_player
            assert player is not None
            if player == 0:
                moves += 1
                game.apply(game.legal_actions()[0])
            else:
                game.apply(bots[player].act(game))
        if not game.is_over:
            break
    else:
        pytest.fail("no seed where the person chooses in the Spéco")
    card = game.tricks[-1].trump_card
    lines = ["1"] * moves + ["x", "takeit", "3", "LEAVE"]
    text = play(
        ["--single-deal", "--seed", str(seed), "-o", "tour_kind=speco"],
        lambda out: scripted(out, iter(lines)),
    )
    assert "'x': type t to take the trump card or l to leave it" in text
    assert "'takeit': type t" in text
    assert "There is no number 3: the choices go from 1 to 2." in text
    assert f"You leave the trump card {card}" in text
    assert "(end of input)" in text
    assert "Game abandoned." in text


@pytest.mark.parametrize("phase", ["bid", "play", "speco"])
@pytest.mark.parametrize(
    "text",
    ["²", "٣", "-1", "1.5", "0", "0x1", "QH QS", "\x00", "Q" * 10_000, "21T", "EX", "25", "Noires"],
)
def test_odd_input_is_a_message_not_an_exception(phase: str, text: str) -> None:
    game = cardcore.julien.Julien(seed=2, single_deal=True, tour_kind="speco")
    bot = cardcore.RandomBot(1)
    while game.phase != phase:
        game.apply(bot.act(game))
    seat = game.current_player
    assert seat is not None
    view = cli.JulienView(game, seat, io.StringIO())
    result = view.parse(text)
    assert isinstance(result, str | cardcore.Action)
    if isinstance(result, cardcore.Action):
        assert result in game.legal_actions()


def test_a_shared_win_is_announced() -> None:
    # The first seed whose single Tour ends with equal highest scores.
    for seed in range(300):
        game = engine_game(seed, 0, single_deal=True)
        if len(game.winning_seats) > 1:
            break
    else:
        pytest.skip("no tie in 300 single Tours")
    text, _ = play_first_choices(["--single-deal", "--seed", str(seed)])
    names = " and ".join(role(s, 0) for s in game.winning_seats)
    assert f"*** The Tour is shared: {names}" in text
    assert f"with {game.scores[game.winning_seats[0]]} each. ***" in text


def test_help_explains_the_bids() -> None:
    text = play(["--seed", "1"], lambda out: scripted(out, iter(["?", "q"])))
    assert "Rouge / Noir" in text
    assert "5 to 25 Rouges / Noires" in text
    assert "spades cancel hearts" in text
    assert "Game abandoned." in text


def test_julien_view_shows_only_julien() -> None:
    with pytest.raises(TypeError, match="JulienView shows a Julien game"):
        cli.JulienView(cardcore.brouc.Brouc(seed=1), 0, io.StringIO())


def test_brouc_options_are_refused_for_julien() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(["play", "julien", "--target", "3"], output=out, errors=err)
    assert code == 2
    assert err.getvalue().startswith("cardcore: error:")
    assert "target" in err.getvalue()
