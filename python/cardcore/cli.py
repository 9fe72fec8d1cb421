"""The ``cardcore`` command line: list the games, play one in the terminal, simulate many.

``cardcore games`` lists every registered game with its options;
``cardcore play brouc`` seats a person at a table of ``RandomBot`` players;
``cardcore simulate brouc --games N`` runs ``cardcore.simulate`` with a progress bar
and prints the summary and the throughput.

Everything but the table display is generic over the game protocol
(docs/protocol.md). A game gets its own display by subclassing ``GameView`` and
registering it in ``VIEWS``; games without one are shown by ``GameView`` itself.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn, TextIO

import cardcore
from cardcore import Action, Card, CardcoreError, Game

MASK64 = (1 << 64) - 1
SIMULATE_CHUNKS = 20
"""``simulate`` runs in this many chunks (fewer when there are fewer games)."""

InputFn = Callable[[str], str]


# --------------------------------------------------------------------------------------
# Seeds


def derive_seeds(seed: int, count: int) -> list[int]:
    """``count`` seeds drawn from a SplitMix64 stream started at ``seed``, deterministically."""
    state = seed & MASK64
    seeds = []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        seeds.append(z ^ (z >> 31))
    return seeds


def bot_seeds(seed: int, num_players: int) -> list[int]:
    """The seed of each seat's ``RandomBot`` in a game played with ``seed``."""
    return derive_seeds(seed ^ 0xB07B07B07B07B07B, num_players)


# --------------------------------------------------------------------------------------
# Argument parsing


class UsageError(Exception):
    """A command-line mistake; its text is the usage line and the message."""


class _Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` that raises ``UsageError`` instead of exiting on a mistake."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.format_usage()}{self.prog}: error: {message}\n")


def _seed(text: str) -> int:
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if not 0 <= value <= MASK64:
        raise argparse.ArgumentTypeError(f"a seed is in [0, 2**64), got {value}")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE``; the value is read as JSON (``3``, ``true``, ``null``), else as text."""
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw
    return name.strip().replace("-", "_"), value


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--single-deal", action="store_true", help="end after the first deal (option single_deal)"
    )
    parser.add_argument(
        "--target", type=int, metavar="N", help="match target, for games that have one (Brouc: 30)"
    )
    parser.add_argument(
        "-o",
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="any other game option (value read as JSON), repeatable",
    )


def build_parser() -> argparse.ArgumentParser:
    """The ``cardcore`` argument parser."""
    parser = _Parser(
        prog="cardcore",
        description="Fast, exact card-game engines: list, play and simulate games.",
    )
    parser.add_argument("--version", action="version", version=f"cardcore {cardcore.__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sub.add_parser("games", help="list the games and their options")

    play = sub.add_parser("play", help="play a game in the terminal against random bots")
    play.add_argument("game", help="the game's name (see `cardcore games`)")
    play.add_argument("--seed", type=_seed, help="the game's seed (default: a random one)")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    _add_game_options(play)

    sim = sub.add_parser("simulate", help="play many games between random bots, natively")
    sim.add_argument("game", help="the game's name (see `cardcore games`)")
    sim.add_argument("--games", "-n", type=_positive, required=True, help="how many games")
    sim.add_argument("--seed", type=_seed, default=0, help="the seed (default 0)")
    sim.add_argument(
        "--threads", type=_positive, help="worker threads (default: the engine's choice)"
    )
    sim.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    _add_game_options(sim)
    return parser


def _game_options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if args.single_deal:
        options["single_deal"] = True
    if args.target is not None:
        options["target"] = args.target
    for name, value in args.option:
        options[name] = value
    return options


# --------------------------------------------------------------------------------------
# cardcore games


@dataclass
class OptionInfo:
    """One option of a game, as ``game_info()`` describes it."""

    name: str
    default: Any
    doc: str = ""
    kind: str = ""


def _option_entries(raw: Any) -> list[OptionInfo]:
    """The options of a ``game_info()`` entry, given as a list of dicts or a dict by name."""
    specs: list[tuple[str, Any]] = []
    if isinstance(raw, dict):
        specs = [(str(name), spec) for name, spec in raw.items()]
    elif isinstance(raw, list | tuple):
        specs = [(str(spec.get("name")), spec) for spec in raw if isinstance(spec, dict)]
    entries = []
    for name, spec in specs:
        if isinstance(spec, dict):
            doc, kind = str(spec.get("doc", "")), str(spec.get("kind", ""))
            entries.append(OptionInfo(name, spec.get("default"), doc, kind))
        else:
            entries.append(OptionInfo(name, spec))
    return entries


def cmd_games(out: TextIO) -> int:
    """Print every registered game, its players and its options."""
    for info in cardcore.game_info():
        name = info.get("name", "?")
        facts = [f"{info.get('players', '?')} players"]
        if "actions" in info:
            facts.append(f"{info['actions']} actions")
        out.write(f"{name}: {', '.join(facts)}\n")
        doc = info.get("doc") or info.get("description")
        if doc:
            out.write(f"  {doc}\n")
        rows = [("option", "kind", "default", "meaning")]
        rows += [
            (o.name, o.kind, json.dumps(o.default), o.doc)
            for o in _option_entries(info.get("options", []))
        ]
        widths = [max(len(row[i]) for row in rows) for i in range(3)]
        for row in rows:
            cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
            out.write(("  " + "  ".join([*cells, row[3]])).rstrip() + "\n")
        out.write(f"  play it: cardcore play {name} --single-deal   (options: -o NAME=VALUE)\n\n")
    return 0


# --------------------------------------------------------------------------------------
# cardcore play: the views


class GameView:
    """How ``cardcore play`` shows a game to the person at ``seat``; generic over the protocol.

    The play loop calls ``start`` once, ``show_turn`` before each of the person's
    prompts, ``before_apply`` and ``after_apply`` around every move (the person's
    and the bots'), ``finish`` at the end. ``choices`` numbers the person's options
    and ``parse`` turns a typed line into a legal action or an error message.
    Games with a richer table subclass it (see ``BroucView``).
    """

    def __init__(self, game: Game, seat: int, out: TextIO) -> None:
        self.game = game
        self.seat = seat
        self.out = out

    # Names and output.
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def name(self, seat: int) -> str:
        return "You" if seat == self.seat else f"Seat {seat}"

    # The hooks.
    def start(self) -> None:
        self.say(f"You are seat {self.seat} of {self.game.num_players}; the others are bots.")

    def show_turn(self) -> None:
        obs = self.game.observation(self.seat)
        self.say()
        self.say(f"-- Your turn (seat {self.seat}), phase {self.game.phase}")
        for key, value in obs.items():
            self.say(f"   {key}: {json.dumps(value)}")
        self.say("   Choices:   " + _numbered(self.choices()))

    def before_apply(self, player: int, action: Action) -> None:
        pass

    def after_apply(self, player: int, action: Action) -> None:
        verb = "play" if player == self.seat else "plays"
        self.say(f"{self.name(player)} {verb} {action}")

    def finish(self, abandoned: bool) -> None:
        scores = ", ".join(f"{self.name(s)} {v}" for s, v in enumerate(self.game.scores))
        if abandoned:
            self.say(f"Game abandoned. Scores so far: {scores}")
        else:
            self.say(f"Game over. Scores: {scores}")

    # The person's input.
    def choices(self) -> list[Action]:
        """What the person's numbers refer to: here the legal actions."""
        return self.game.legal_actions()

    def prompt(self) -> str:
        return "Your move (number, action, ? for help, q to quit): "

    def help_text(self) -> str:
        return (
            "Type an action as it is written (e.g. QH), or its number in the list.\n"
            "  ? or help   this help\n"
            "  q or quit   leave the game\n"
        )

    def parse(self, text: str) -> Action | str:
        """The legal action the person typed, or the message explaining why it is not one."""
        legal = self.game.legal_actions()
        if text.isascii() and text.isdigit():
            choices = self.choices()
            number = int(text)
            if not 1 <= number <= len(choices):
                return f"There is no number {number}: the numbers go from 1 to {len(choices)}."
            action = choices[number - 1]
        else:
            try:
                action = self.game.action(text)
            except CardcoreError as exc:
                return f"{text!r} is not a move: {exc}"
        if action not in legal:
            return f"{action} is not legal now. Legal: {' '.join(map(str, legal))}"
        return action


def _numbered(items: Sequence[object]) -> str:
    return "  ".join(f"{i}:{item}" for i, item in enumerate(items, 1))


SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _rank_suit(card: Card) -> tuple[str, str]:
    text = str(card)
    return text[:-1], text[-1]


def married_suits(cards: Sequence[Card]) -> list[tuple[str, str]]:
    """The suits whose K and Q lie among ``cards``: (suit letter, "K-Q" or "K-Q-J")."""
    texts = {str(card) for card in cards}
    return [
        (suit, "K-Q-J" if "J" + suit in texts else "K-Q")
        for suit in SUIT_NAMES
        if {"K" + suit, "Q" + suit} <= texts
    ]


@dataclass
class _BroucBefore:
    """What ``BroucView`` remembers of the table just before a move."""

    deal_number: int
    trick: list[tuple[int, Card]]
    deal: cardcore.BroucDeal
    deal_scores: int
    capes: tuple[int, int]
    trump_card: Card


class BroucView(GameView):
    """The Brouc table: trump, seats and teams, the trick, the hand, scores as they happen."""

    ROLES = ("You", "Right", "Partner", "Left")
    """Seats relative to the person's: play passes to the right (docs/rules/brouc.md)."""

    def __init__(self, game: Game, seat: int, out: TextIO) -> None:
        super().__init__(game, seat, out)
        if not isinstance(game, cardcore.Brouc):
            raise TypeError(f"BroucView shows a Brouc game, not {game.name}")
        self.brouc = game
        self.teams = [tuple(team) for team in game.teams]
        self.my_team = self.team_of(seat)
        self.before: _BroucBefore | None = None

    # Names.
    def name(self, seat: int) -> str:
        return self.ROLES[(seat - self.seat) % 4]

    def team_of(self, seat: int) -> int:
        for index, team in enumerate(self.teams):
            if seat in team:
                return index
        return seat % 2

    def team_name(self, team: int) -> str:
        return "Us" if team == self.my_team else "Them"

    def team_pair(self, values: Sequence[int]) -> str:
        """``us 7, them 6`` from per-team values."""
        mine, theirs = values[self.my_team], values[1 - self.my_team]
        return f"us {mine}, them {theirs}"

    def match_totals(self) -> list[int]:
        scores = self.brouc.scores
        return [scores[team[0]] for team in self.teams]

    def trump_line(self) -> str:
        g = self.brouc
        trump = g.trump.letter
        text = f"trump: {SUIT_NAMES[trump]} ({trump})"
        if g.trump_card in g.hand(g.dealer):
            text += f", turned card {g.trump_card} still in {self.name(g.dealer)}'s hand"
        return text

    # The hooks.
    def start(self) -> None:
        g = self.brouc
        target = g.options.get("target", 30)
        mode = "a single deal" if g.options.get("single_deal") else f"a match to over {target}"
        self.say(f"Brouc, {mode}. Seats in the order of play (each passes to the next):")
        for seat in range(g.num_players):
            team = self.team_of(seat)
            members = " + ".join(self.name(s) for s in self.teams[team])
            self.say(f"  seat {seat}  {self.name(seat):<8} team {team} ({members})")
        self.say(
            "Ranks high to low: A 10 K Q J 9 8 7. Follow suit; trumping is never compulsory; "
            "no undertrumping."
        )
        self.deal_header()

    def deal_header(self) -> None:
        g = self.brouc
        self.say()
        self.say(f"=== Deal {g.deal_number}: {self.name(g.dealer)} (seat {g.dealer}) deals ===")
        self.say(
            f"Trump is {SUIT_NAMES[g.trump.letter]}: {self.name(g.dealer)} turned "
            f"{g.trump_card}, which stays in their hand until played."
        )
        self.say(f"Match: {self.team_pair(self.match_totals())}.")

    def show_turn(self) -> None:
        g = self.brouc
        target = g.options.get("target", 30)
        trick_no = len(g.tricks) + 1
        self.say()
        self.say(
            f"-- Deal {g.deal_number}, trick {trick_no} | {self.trump_line()} | "
            f"match: {self.team_pair(self.match_totals())} (target {target})"
        )
        announced = [0, 0]
        for ann in g.announcements:
            announced[self.team_of(ann.seat)] += ann.value
        self.say(
            f"   This deal: card points {self.team_pair(list(g.card_points))}; "
            f"marriages {self.team_pair(list(g.marriages))}; "
            f"announced {self.team_pair(announced)}"
        )
        if g.trick:
            played = ", ".join(f"{self.name(s)} {card}" for s, card in g.trick)
            self.say(f"   Trick:     {played}")
        else:
            self.say("   Trick:     you lead")
        hand = g.hand(self.seat)
        legal = {a.card for a in g.legal_actions()}
        self.say("   Your hand: " + _numbered(hand))
        playable = [f"{i}:{card}" for i, card in enumerate(hand, 1) if card in legal]
        self.say("   Playable:  " + "  ".join(playable))

    def before_apply(self, player: int, action: Action) -> None:
        g = self.brouc
        self.before = _BroucBefore(
            deal_number=g.deal_number,
            trick=list(g.trick),
            deal=g.current_deal,
            deal_scores=len(g.deal_scores),
            capes=g.capes,
            trump_card=g.trump_card,
        )

    def after_apply(self, player: int, action: Action) -> None:
        g = self.brouc
        before = self.before
        if before is None or action.card is None:  # not announced by before_apply
            super().after_apply(player, action)
            return
        card = action.card
        verb = ("lead" if not before.trick else "play") + ("" if player == self.seat else "s")
        note = " (the turned trump card)" if card == before.trump_card else ""
        self.say(f"{self.name(player)} {verb} {card}{note}")
        # The deal the move belongs to: the engine deals the next one at once.
        deal = g.current_deal if g.deal_number == before.deal_number else g.previous_deal
        if deal is not None and len(before.trick) + 1 == g.num_players:
            self.report_trick(before, deal)
        if deal is not None and len(g.deal_scores) > before.deal_scores:
            self.report_deal(before, deal)
        if g.deal_number != before.deal_number and not g.is_over:
            self.deal_header()
        self.before = None

    def report_trick(self, before: _BroucBefore, deal: cardcore.BroucDeal) -> None:
        """The trick just completed, as the engine recorded it in its deal."""
        trick, winner = deal.tricks[-1], deal.trick_winners[-1]
        team = self.team_of(winner)
        points = sum(deal.card_points) - sum(before.deal.card_points)
        self.say(
            f"  -> {self.name(winner)} win{'' if winner == self.seat else 's'} "
            f"trick {len(deal.tricks)} ({points} card points) for {self.team_name(team)}."
        )
        trump = deal.trump.letter if deal.trump is not None else ""
        won = sum(deal.marriages) - sum(before.deal.marriages)
        for suit, label in married_suits([card for _, card in trick]):
            in_trump = " trump" if suit == trump else ""
            self.say(
                f"  -> Marriage in the trick: {label} of{in_trump} {SUIT_NAMES[suit]} "
                f"for {self.team_name(team)} (taken off the other team's score)."
            )
        if won:
            self.say(f"  -> Trick marriages: {won} for {self.team_name(team)}.")
        for ann in deal.announcements[len(before.deal.announcements) :]:
            ranks = "-".join(_rank_suit(c)[0] for c in ann.cards)
            suit = ann.suit.letter
            in_trump = " trump" if suit == trump else ""
            verb = "announce" if ann.seat == self.seat else "announces"
            self.say(
                f"  -> {self.name(ann.seat)} {verb} {ranks} of{in_trump} {SUIT_NAMES[suit]}: "
                f"{ann.value}."
            )

    def report_deal(self, before: _BroucBefore, deal: cardcore.BroucDeal) -> None:
        g = self.brouc
        announced = [0, 0]
        for ann in deal.announcements:
            announced[self.team_of(ann.seat)] += ann.value
        stopped = g.is_over and len(deal.tricks) < 8
        why = " (stopped: the match is decided)" if stopped else ""
        self.say(
            f"=== Deal {before.deal_number} scored{why}: "
            f"{self.team_pair(list(g.deal_scores[-1]))} "
            f"(card points {self.team_pair(list(deal.card_points))}, "
            f"marriages {self.team_pair(list(deal.marriages))}, "
            f"announced {self.team_pair(announced)}). "
            f"Match: {self.team_pair(self.match_totals())}. ==="
        )
        for team in range(2):
            if g.capes[team] > before.capes[team]:
                self.say(
                    f"=== Cape! {self.team_name(team)} took all 8 tricks: 2 extra games "
                    "in the match record. ==="
                )

    def finish(self, abandoned: bool) -> None:
        g = self.brouc
        self.say()
        totals = self.match_totals()
        history = "; ".join(
            f"{n}: {self.team_pair(list(scores))}" for n, scores in enumerate(g.deal_scores, 1)
        )
        if abandoned:
            self.say(f"Game abandoned. Match so far: {self.team_pair(totals)}.")
            return
        if history:
            self.say(f"Deal scores: {history}")
        self.say(f"Final scores: {self.team_pair(totals)}.")
        winner = g.winner
        if winner is not None:
            members = " + ".join(self.name(s) for s in self.teams[winner])
            outcome = "You win" if winner == self.my_team else "You lose"
            self.say(f"*** {outcome}: team {winner} ({members}) won the match. ***")
            self.say(f"Match record (games): {self.team_pair(list(g.match_record))}.")
        else:
            mine, theirs = totals[self.my_team], totals[1 - self.my_team]
            verdict = "You lead" if mine > theirs else "You trail" if mine < theirs else "A tie"
            self.say(
                f"*** Deal over, no team passed the target: {verdict}, {mine} to {theirs}. ***"
            )

    # The person's input: numbers refer to the hand.
    def choices(self) -> list[Action]:
        return [self.brouc.action(str(card)) for card in self.brouc.hand(self.seat)]

    def prompt(self) -> str:
        return "Your card (e.g. QH, or its number; ? help, q quit): "

    def help_text(self) -> str:
        return (
            "Type a card from your hand, rank then suit (QH, 10S, AC; lower case works),\n"
            "or its number in the hand listing. Only the cards under 'Playable' are legal.\n"
            "Rules: follow the led suit if you can; if you cannot, trump or discard as you\n"
            "like, but never undertrump a trump already in the trick (except the trump Q\n"
            "joining the trump K, or the J joining K and Q). Highest trump, else highest card\n"
            "of the led suit, wins; ranks high to low A 10 K Q J 9 8 7. K+Q in one trick is a\n"
            "marriage; K-Q(-J) kept in hand is announced when your team wins a trick.\n"
            "  ? or help   this help\n"
            "  q or quit   leave the game\n"
        )

    def parse(self, text: str) -> Action | str:
        g = self.brouc
        hand = g.hand(self.seat)
        legal = g.legal_actions()
        if text.isascii() and text.isdigit():
            number = int(text)
            if not 1 <= number <= len(hand):
                return f"There is no card number {number}: your hand is numbered 1 to {len(hand)}."
            card = hand[number - 1]
        else:
            try:
                card = Card.parse(text)
            except CardcoreError:
                return f"{text!r} is not a card. Type a card like QH or 10S, its number, or ?."
        if card not in hand:
            return f"You do not hold {card}."
        action = g.action(str(card))
        if action in legal:
            return action
        return f"{card} cannot be played now: {self.why_illegal(card)}"

    def why_illegal(self, card: Card) -> str:
        g = self.brouc
        legal = " ".join(str(a) for a in g.legal_actions())
        if g.trick:
            led = _rank_suit(g.trick[0][1])[1]
            holds_led = any(_rank_suit(c)[1] == led for c in g.hand(self.seat))
            if holds_led and _rank_suit(card)[1] != led:
                return f"you must follow {SUIT_NAMES[led]}. Playable: {legal}"
            if _rank_suit(card)[1] == g.trump.letter:
                return f"undertrumping is not allowed. Playable: {legal}"
        return f"playable: {legal}"


ViewFactory = Callable[[Game, int, TextIO], GameView]
VIEWS: dict[str, ViewFactory] = {"brouc": BroucView}
"""Each game's table display for ``cardcore play``; unlisted games use ``GameView``."""


# --------------------------------------------------------------------------------------
# cardcore play: the loop


def _ask(view: GameView, input_fn: InputFn) -> Action | None:
    """The person's next legal action; ``None`` when they quit or the input ends."""
    while True:
        try:
            line = input_fn(view.prompt())
        except EOFError:
            view.say()
            view.say("(end of input)")
            return None
        text = line.strip()
        lowered = text.lower()
        if lowered in ("q", "quit", "exit"):
            return None
        if lowered in ("?", "h", "help"):
            view.out.write(view.help_text())
            view.show_turn()
            continue
        if not text:
            view.say("Type a card (e.g. QH), its number, ? for help or q to quit.")
            continue
        result = view.parse(text)
        if isinstance(result, str):
            view.say(result)
            continue
        return result


def play_game(
    game: Game,
    seat: int,
    seed: int,
    *,
    input_fn: InputFn = input,
    out: TextIO | None = None,
) -> int:
    """Play ``game`` with the person at ``seat`` and ``RandomBot`` players elsewhere."""
    out = sys.stdout if out is None else out
    seeds = bot_seeds(seed, game.num_players)
    bots = {s: cardcore.RandomBot(seeds[s]) for s in range(game.num_players) if s != seat}
    view = VIEWS.get(game.name, GameView)(game, seat, out)
    view.start()
    while not game.is_over:
        player = game.current_player
        if player is None:
            break
        if player == seat:
            view.show_turn()
            action = _ask(view, input_fn)
            if action is None:
                view.finish(abandoned=True)
                return 0
        else:
            action = bots[player].act(game)
        view.before_apply(player, action)
        game.apply(action)
        view.after_apply(player, action)
    view.finish(abandoned=False)
    return 0


def cmd_play(args: argparse.Namespace, input_fn: InputFn, out: TextIO) -> int:
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    game = cardcore.new_game(args.game, seed=seed, **_game_options(args))
    if not 0 <= args.seat < game.num_players:
        raise cardcore.SeatError(
            f"seat {args.seat} is out of range: {game.name} has seats 0 to {game.num_players - 1}"
        )
    out.write(f"cardcore play {game.name} --seed {seed} --seat {args.seat}\n")
    return play_game(game, args.seat, seed, input_fn=input_fn, out=out)


# --------------------------------------------------------------------------------------
# cardcore simulate


@dataclass
class Totals:
    """Summaries of several ``cardcore.simulate`` chunks, added up."""

    games: int = 0
    decisions: int = 0
    wins: list[int] = field(default_factory=list)
    score_sums: list[float] = field(default_factory=list)
    engine_seconds: float = 0.0
    threads: int = 0

    def add(self, summary: cardcore.SimulationSummary) -> None:
        self.games += summary.games
        self.decisions += summary.decisions
        wins = list(summary.wins)
        self.wins = [a + b for a, b in zip(self.wins, wins, strict=True)] if self.wins else wins
        sums = [m * summary.games for m in summary.mean_scores]
        if self.score_sums:
            sums = [a + b for a, b in zip(self.score_sums, sums, strict=True)]
        self.score_sums = sums
        self.engine_seconds += summary.elapsed_seconds
        self.threads = max(self.threads, summary.threads)

    @property
    def mean_scores(self) -> list[float]:
        return [s / self.games for s in self.score_sums] if self.games else []


def chunk_sizes(games: int, chunks: int = SIMULATE_CHUNKS) -> list[int]:
    """``games`` split into at most ``chunks`` near-equal positive parts."""
    count = max(1, min(chunks, games))
    return [games // count + (1 if i < games % count else 0) for i in range(count)]


def _progress(err: TextIO, done: int, total: int, started: float, final: bool = False) -> None:
    width = 30
    filled = width * done // total if total else width
    bar = "#" * filled + "-" * (width - filled)
    elapsed = time.perf_counter() - started
    err.write(f"\r[{bar}] {100 * done // total:3d}%  {done}/{total} games  {elapsed:.1f} s")
    if final:
        err.write("\n")
    err.flush()


def _per_player(values: Sequence[float], game: Game) -> list[tuple[str, float]]:
    """Label per-seat (or per-team) figures; a team's seats that agree are shown once."""
    teams = getattr(game, "teams", None)
    if teams and len(values) == game.num_players:
        teams = [tuple(team) for team in teams]
        if all(len({values[s] for s in team}) == 1 for team in teams):
            return [(_team_label(t, team), values[team[0]]) for t, team in enumerate(teams)]
    if len(values) == game.num_players:
        return [(f"seat {s}", v) for s, v in enumerate(values)]
    if teams and len(values) == len(teams):
        return [
            (_team_label(t, tuple(team)), v)
            for t, (team, v) in enumerate(zip(teams, values, strict=True))
        ]
    return [(f"#{i}", v) for i, v in enumerate(values)]


def _team_label(team: int, seats: tuple[int, ...]) -> str:
    return f"team {team} (seats {'+'.join(map(str, seats))})"


def cmd_simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    options = _game_options(args)
    probe = cardcore.new_game(args.game, seed=args.seed, **options)  # checks name and options
    sizes = chunk_sizes(args.games)
    seeds = derive_seeds(args.seed, len(sizes))
    totals = Totals()
    show = not args.no_progress
    started = time.perf_counter()
    try:
        if show:
            _progress(err, 0, args.games, started)
        for size, chunk_seed in zip(sizes, seeds, strict=True):
            summary = cardcore.simulate(
                args.game, games=size, seed=chunk_seed, threads=args.threads, **options
            )
            totals.add(summary)
            if show:
                _progress(err, totals.games, args.games, started)
    finally:
        if show:
            err.write("\n")
            err.flush()
    wall = time.perf_counter() - started

    mode = "single deals" if options.get("single_deal") else "whole games"
    out.write(
        f"simulate {probe.name}: {totals.games:,} {mode}, seed {args.seed}, "
        f"{len(sizes)} chunks, {totals.threads} thread(s)\n"
    )
    rows: list[tuple[str, str]] = [("games", f"{totals.games:,}")]
    per_game = totals.decisions / totals.games if totals.games else 0.0
    rows.append(("decisions", f"{totals.decisions:,} ({per_game:.1f} per game)"))
    wins = _per_player(totals.wins, probe)
    shown = (f"{label}: {w:,.0f} ({100 * w / totals.games:.1f}%)" for label, w in wins)
    undecided = totals.games - sum(w for _, w in wins)
    no_winner = [f"no winner: {undecided:,.0f}"] if wins and undecided > 0 else []
    rows.append(("wins", "   ".join([*shown, *no_winner])))
    means = _per_player(totals.mean_scores, probe)
    rows.append(("mean scores", "   ".join(f"{label}: {m:.2f}" for label, m in means)))
    rows.append(("time", f"{wall:.3f} s wall ({totals.engine_seconds:.3f} s in the engine)"))
    rate = wall if wall > 0 else float("nan")
    rows.append(
        (
            "throughput",
            f"{totals.decisions / rate:,.0f} decisions/s   {totals.games / rate:,.0f} games/s",
        )
    )
    out.writelines(f"  {label:<12} {value}\n" for label, value in rows)
    return 0


# --------------------------------------------------------------------------------------
# main


def main(
    argv: list[str] | None = None,
    *,
    input_fn: InputFn = input,
    output: TextIO | None = None,
    errors: TextIO | None = None,
) -> int:
    """Run the command line; returns the exit code (0 fine, 2 usage or cardcore error)."""
    out = sys.stdout if output is None else output
    err = sys.stderr if errors is None else errors
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        err.write(str(exc))
        return 2
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else 0
    try:
        if args.command == "games":
            return cmd_games(out)
        if args.command == "play":
            return cmd_play(args, input_fn, out)
        if args.command == "simulate":
            return cmd_simulate(args, out, err)
    except (CardcoreError, OverflowError) as exc:  # OverflowError: a number too big for it
        out.flush()
        message = "; ".join([str(exc) or type(exc).__name__, *getattr(exc, "__notes__", [])])
        if isinstance(exc, cardcore.UnknownGameError) and not any(
            name in message for name in cardcore.GAMES
        ):
            message += f" (games: {', '.join(cardcore.GAMES)})"
        err.write(f"cardcore: error: {message}\n")
        return 2
    except KeyboardInterrupt:
        err.write("\ncardcore: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0
    raise AssertionError(f"unknown command {args.command!r}")  # argparse rejects it first
