"""The ``cardcore`` command line: list the games, play one in the terminal, simulate many.

``cardcore games`` lists every registered game with its options;
``cardcore play brouc`` seats a person at a table of bots (``--level`` picks them);
``cardcore simulate brouc --matches N`` runs ``cardcore.simulate`` (with a progress bar
when stderr is a terminal) and prints the summary and the throughput.
``cardcore arena brouc medium easy --matches N`` runs ``cardcore.arena``: the levels'
bots against each other, seats rotated on the same deals, and prints the table.
``--json`` makes ``games``, ``simulate`` and ``arena`` write one JSON document on stdout instead.
``cardcore check [GAME ...]`` runs ``cardcore.check``: the engine against the reference.
``cardcore serve`` runs the game server (``cardcore.server``, the ``server`` extra).

``play`` writes cards with suit symbols and red hearts and diamonds on a terminal,
letters elsewhere (``--color``, ``NO_COLOR``, ``TERM=dumb``): the one decision is
``cardcore._views.style.Style.for_stream``. Cards are always typed as letters.

Everything but the table display is generic over the game protocol
(docs/protocol.md). A game gets its own display by subclassing ``GameView`` and
registering it in ``VIEWS``; games without one are shown by ``GameView`` itself.
The views live in ``cardcore._views``, one module per game.
"""

from __future__ import annotations

import argparse
import json
import math
import secrets
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn, TextIO, TypeVar

import cardcore
from cardcore import Action, CardcoreError, Game, crosscheck
from cardcore._views import text
from cardcore._views.base import SUIT_NAMES, Command, GameView
from cardcore._views.brouc import BroucView, married_suits
from cardcore._views.five_hundred import FiveHundredView
from cardcore._views.julien import JulienView
from cardcore._views.style import COLOR_MODES, ColorMode, Style, columns, is_terminal
from cardcore._views.tarot import TarotView
from cardcore._views.text import ViewFactory
from cardcore.bots import LEVELS, Bot, Opponents

__all__ = [  # the views are re-exported: tests and callers reach them through the CLI
    "MASK64",
    "SUIT_NAMES",
    "VIEWS",
    "BroucView",
    "ColorMode",
    "FiveHundredView",
    "GameView",
    "InputFn",
    "JulienView",
    "OptionInfo",
    "ProgressBar",
    "Style",
    "TarotView",
    "UsageError",
    "ViewFactory",
    "bot_seeds",
    "build_parser",
    "cmd_arena",
    "cmd_check",
    "cmd_games",
    "cmd_play",
    "cmd_serve",
    "cmd_simulate",
    "derive_seeds",
    "game_name",
    "games_json",
    "main",
    "married_suits",
    "play_bots",
    "play_game",
    "replay_line",
    "simulation_json",
    "summary_rows",
]

MASK64 = (1 << 64) - 1

_T = TypeVar("_T")

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


def play_bots(view: GameView, seed: int, level: Opponents | None = None) -> dict[int, Bot]:
    """The players at the other seats of ``cardcore play`` with ``seed``: bots of
    ``level``, the view's ``default_level`` when None."""
    level = view.default_level if level is None else level
    seeds = bot_seeds(seed, view.game.num_players)
    seats = range(view.game.num_players)
    return {s: view.bot(s, seeds[s], level) for s in seats if s != view.seat}


def bot_seeds(seed: int, num_players: int) -> list[int]:
    """The seed of each seat's bot in a game played with ``seed``."""
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


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 0 to 65535, not {value}")
    return value


def _seconds(text: str) -> float:
    """``--connect-timeout``: a number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be above 0, got {text}")
    return value


def _option_sets(text: str) -> Any:
    """``--options``: a JSON object, or a JSON list of objects."""
    try:
        value = json.loads(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not JSON: {text!r}") from None
    sets = value if isinstance(value, list) else [value]
    if not sets or not all(isinstance(item, dict) for item in sets):
        raise argparse.ArgumentTypeError(f"not a JSON object or a list of objects: {text!r}")
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


# Names players write for the games, besides the registered ones.
GAME_ALIASES = {"500": "five_hundred", "le_julien": "julien", "french_tarot": "tarot"}


def game_name(text: str) -> str:
    """The registered name of the game ``text`` names: any letter case, spaces or hyphens for
    underscores, and the names players use (``500``, ``Le Julien``); unknown names are kept,
    for the engine's error that lists the games."""
    name = "_".join(text.strip().lower().replace("-", " ").split())
    return GAME_ALIASES.get(name, name)


def _add_option_flag(parser: argparse.ArgumentParser, help: str) -> None:
    """``-o NAME=VALUE``, repeatable: the options of ``play``, ``simulate``, ``arena`` and
    ``check``."""
    parser.add_argument(
        "-o",
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=help,
    )


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--single-deal", action="store_true", help="end after the first deal (option single_deal)"
    )
    parser.add_argument(
        "--target", type=int, metavar="N", help="match target, for games that have one (Brouc: 30)"
    )
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="the number of players, for games played at several (Tarot: 3, 4 or 5)",
    )
    _add_option_flag(parser, "any other game option (value read as JSON), repeatable")


GAMES_JSON_HELP = """\
--json writes one JSON object on stdout, nothing else:
  {"games": [GAME, ...]}, one GAME per registered game, each an object:
  name         the name to give play and simulate
  description  the game in one line
  players      the number of seats by default
  player_counts  every number of seats the game is played at (a list)
  actions      the number of distinct action ids (0 to actions - 1)
  options      a list, one object per option: name, kind (bool, int, ...),
               default (the value used when the option is not given; null
               for None) and description
"""

SIMULATE_JSON_HELP = """\
--json writes one JSON object on stdout, nothing else (and no progress bar):
  game                  the game's name
  options               every option in force, defaults filled in
  seed                  the seed of the run
  games                 the number of games played
  threads               the worker threads used
  decisions             the actions applied, all games together
  wins                  per seat, the games that seat won (a team's win counts
                        for each of its seats, a shared win for each winner)
  mean_scores           per seat, the mean final score
  elapsed_seconds       the engine's time for the run
  decisions_per_second  decisions / elapsed_seconds
The figures are those of cardcore.simulate(game, games=games, seed=seed,
threads=threads, **options) for the same arguments; they do not depend on the
thread count, nor on the backend (--backend ray --address HOST:PORT plays them
on a Ray cluster, docs/distributed.md). The progress bar is drawn on stderr only
when stderr is a terminal.
"""

ARENA_HELP = """\
Each match is played once per level given, the seats rotated: seat s is played
by level (s + r) % k in rotation r, so every level plays every seat on the same
deals (two levels at Brouc or 500: one team each, then swapped). The figures are
those of cardcore.arena(game, levels, matches=matches, seed=seed, threads=threads,
**options): per level its wins and win rate, mean score and score difference
against the others, each with a 95% interval over the matches (the win rate's is
Wilson's score interval, honest at 0% and 100%), and the win rate equal bots
would have. They do not depend on the thread count.
--json writes ArenaResult.to_dict() on stdout, nothing else (and no progress bar):
  game, options, seed, matches, rotations, num_players, threads, decisions,
  even_win_rate, elapsed_seconds, decisions_per_second, and entries: one object
  per level with name, seat_plays, wins, win_rate, mean_score, score_difference
  and each of the last three's 95% interval as [low, high] (win_rate_interval, ...)
"""

CHECK_HELP = """\
Match i of a game has seed S + i, whatever the job count: the figures do not
depend on --jobs. Without --options each game plays its defaults, at each of its
player counts in turn. --states FILE (- for stdin) checks saved states, one
to_json text per line: each must be accepted by both implementations or refused
by both, then is played on at random (--matches N: N play-outs, seeds S, S+1...).
The exit status is 0 when the two agree everywhere, 1 on a divergence (reported
with the shortest action prefix found and a one-line reproduction), 2 on a
usage error, 130 on Ctrl-C.
"""

PLAY_HELP = """\
Type a number to pick from the numbered list of your legal choices (1 is the
first listed), or a card as rank then suit letter in any letter case (QH, 10S,
ac), whatever --color shows; ? for help, q to quit (you are asked first, and
may save the match: s FILE; --load FILE resumes it). The first line printed is
the command that plays the same game again.
"""


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    """``--seed``, ``--threads``, ``--no-progress`` and ``--json``: the same in ``simulate``
    and ``arena``."""
    parser.add_argument("--seed", type=_seed, default=0, help="the seed (default 0)")
    parser.add_argument(
        "--threads", type=_positive, help="worker threads (default: the engine's choice)"
    )
    parser.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar (it is drawn on stderr only when stderr is a terminal)",
    )
    parser.add_argument(
        "--json", action="store_true", help="one JSON document on stdout (keys below)"
    )


def _add_backend_options(parser: argparse.ArgumentParser) -> None:
    """``--backend``, ``--address``, ``--batch-size`` and ``--connect-timeout``:
    where ``simulate`` and ``arena`` play (docs/distributed.md)."""
    parser.add_argument(
        "--backend",
        choices=["local", "ray"],
        default="local",
        help="local: this machine's threads (the default); ray: batches of Ray tasks "
        "(the ray extra), with the same figures",
    )
    parser.add_argument(
        "--address",
        help="with --backend ray: the Ray cluster's address (default: a Ray started here)",
    )
    parser.add_argument(
        "--batch-size",
        type=_positive,
        metavar="N",
        help="with --backend ray: matches per task (default: the backend's choice)",
    )
    parser.add_argument(
        "--connect-timeout",
        type=_seconds,
        metavar="SECONDS",
        help="with --backend ray: how long the cluster at --address has to answer (default: 10)",
    )


def _backend(args: argparse.Namespace) -> dict[str, Any]:
    """The backend arguments, for ``simulate`` and ``arena`` (which refuse ``--address``,
    ``--batch-size`` and ``--connect-timeout`` with the local backend)."""
    return {
        "backend": args.backend,
        "address": args.address,
        "batch_size": args.batch_size,
        "connect_timeout": args.connect_timeout,
    }


def build_parser() -> argparse.ArgumentParser:
    """The ``cardcore`` argument parser."""
    parser = _Parser(
        prog="cardcore",
        description=(
            "Fast, exact card-game engines: list the games, play one, simulate many matches, "
            "pit bots in an arena, check the engine against the reference."
        ),
    )
    parser.add_argument("--version", action="version", version=f"cardcore {cardcore.__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    raw = argparse.RawDescriptionHelpFormatter

    games = sub.add_parser(
        "games",
        help="list the games and their options",
        epilog=GAMES_JSON_HELP,
        formatter_class=raw,
    )
    games.add_argument(
        "--json", action="store_true", help="one JSON document on stdout (keys below)"
    )

    play = sub.add_parser(
        "play",
        help="play a game in the terminal against bots",
        epilog=PLAY_HELP,
        formatter_class=raw,
    )
    play.add_argument(
        "game",
        nargs="?",
        type=game_name,
        help="the game's name (see `cardcore games`); not with --load",
    )
    play.add_argument("--seed", type=_seed, help="the game's seed (default: a random one)")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--level",
        choices=("random", *LEVELS),
        help=(
            "the other seats' bots: random, or the native bots' easy, medium, hard or expert "
            "(default: medium)"
        ),
    )
    play.add_argument(
        "--load",
        metavar="FILE",
        help="resume a match saved at the prompt (q, then s): the file gives the game, "
        "its options, your seat and the bots' level",
    )
    play.add_argument(
        "--color",
        choices=COLOR_MODES,
        default="auto",
        help=(
            "suit symbols with hearts and diamonds in red: auto (the default) when stdout is "
            "a terminal, NO_COLOR is unset or empty and TERM is not dumb; always; never (the "
            "letters: QH, 10S). Cards are typed as letters whatever is shown."
        ),
    )
    _add_game_options(play)

    sim = sub.add_parser(
        "simulate",
        help="play many games between random bots, natively",
        epilog=SIMULATE_JSON_HELP,
        formatter_class=raw,
    )
    sim.add_argument("game", type=game_name, help="the game's name (see `cardcore games`)")
    sim.add_argument(
        "--matches",
        "--games",
        "-n",
        dest="games",
        type=_positive,
        required=True,
        metavar="N",
        help="how many matches (--games is the older name)",
    )
    _add_run_options(sim)
    _add_backend_options(sim)
    _add_game_options(sim)

    arena = sub.add_parser(
        "arena",
        help="play bots of several levels against each other, seats rotated on the same deals",
        epilog=ARENA_HELP,
        formatter_class=raw,
    )
    arena.add_argument("game", type=game_name, help="the game's name (see `cardcore games`)")
    arena.add_argument(
        "levels", nargs="+", metavar="LEVEL", help="2 or more of easy, medium, hard, expert"
    )
    arena.add_argument(
        "--matches",
        "-n",
        type=_positive,
        default=100,
        metavar="N",
        help="matches, each played once per level (default 100)",
    )
    _add_run_options(arena)
    _add_backend_options(arena)
    _add_game_options(arena)

    check = sub.add_parser(
        "check",
        help="play the engine against the pure-Python reference and compare every step",
        epilog=CHECK_HELP,
        formatter_class=raw,
    )
    check.add_argument(
        "games", nargs="*", type=game_name, metavar="GAME", help="the games (default: all)"
    )
    check.add_argument(
        "--matches",
        "-n",
        type=_positive,
        help=f"random matches per game (default {crosscheck.DEFAULT_MATCHES}; 1 per state)",
    )
    check.add_argument("--seed", type=_seed, default=0, help="the first match's seed (default 0)")
    check.add_argument(
        "--jobs", "-j", type=_positive, help="worker processes (default: the number of cores)"
    )
    _add_option_flag(check, "a game option (value read as JSON), repeatable, as for play")
    check.add_argument(
        "--options",
        type=_option_sets,
        help='all the options as JSON: {"players": 3}, or a list of option sets to cycle '
        "through (not with -o)",
    )
    check.add_argument("--states", metavar="FILE", help="saved states to check, one per line")
    check.add_argument(
        "--no-shrink", action="store_true", help="report divergences as found, not shrunk"
    )
    check.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar (it is drawn on stderr only when stderr is a terminal)",
    )

    serve = sub.add_parser(
        "serve",
        help="run the game server: a lobby, tables over WebSockets, bots (docs/server.md)",
        description="Run cardcore's game server (needs: pip install 'cardcore[server]').",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address (default 127.0.0.1)")
    serve.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    serve.add_argument(
        "--db",
        default="cardcore.db",
        metavar="PATH",
        help="the SQLite file (default cardcore.db), or a PostgreSQL connection string "
        "(postgresql://...; needs psycopg) that several servers may share",
    )
    serve.add_argument(
        "--schema",
        default="public",
        help="with PostgreSQL: the schema holding the tables (default public)",
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a web origin whose pages may open WebSockets (repeatable; the server's own always)",
    )
    return parser


def _game_options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if args.single_deal:
        options["single_deal"] = True
    if args.target is not None:
        options["target"] = args.target
    if args.players is not None:
        options["players"] = args.players
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


def games_json() -> dict[str, Any]:
    """What ``cardcore games --json`` writes (keys in ``GAMES_JSON_HELP``), from ``game_info()``."""
    games = []
    for info in cardcore.game_info():
        options = [
            {"name": o.name, "kind": o.kind, "default": o.default, "description": o.doc}
            for o in _option_entries(info.get("options", []))
        ]
        games.append(
            {
                "name": info.get("name"),
                "description": info.get("doc") or info.get("description") or "",
                "players": info.get("players"),
                "player_counts": info.get("player_counts"),
                "actions": info.get("actions"),
                "options": options,
            }
        )
    return {"games": games}


def _write_json(out: TextIO, document: object) -> None:
    """One JSON document and a newline; a float that is not finite is written as null."""
    out.write(json.dumps(_finite(document), allow_nan=False) + "\n")


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value


def cmd_games(out: TextIO, as_json: bool = False) -> int:
    """Print every registered game, its players and its options (``as_json``: one document)."""
    if as_json:
        _write_json(out, games_json())
        return 0
    for info in cardcore.game_info():
        name = info.get("name", "?")
        counts = info.get("player_counts") or [info.get("players", "?")]
        players = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
        facts = [f"{players} players"]
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

VIEWS: dict[str, ViewFactory] = text.VIEWS
"""Each game's table display for ``cardcore play`` (``cardcore._views.text.VIEWS``, which
``str(game)`` uses too); unlisted games use ``GameView``."""


# --------------------------------------------------------------------------------------
# cardcore play: the loop


def _ask(view: GameView, input_fn: InputFn) -> Action | None:
    """The person's next legal action, as the view reads it; ``None`` when they quit or
    the input ends."""
    while True:
        try:
            line = input_fn(view.prompt())
        except EOFError:
            view.say()
            view.say("(end of input)")
            return None
        result = view.read(line)
        if result is Command.QUIT:
            return None
        if result is Command.HELP:
            view.say(view.help_text().rstrip("\n"))  # wrapped to the width
            view.show_turn()
            continue
        if isinstance(result, str):
            view.say(result)
            continue
        assert isinstance(result, Action)
        return result


SAVE_FORMAT = "cardcore play"
"""The ``format`` of the files ``cardcore play`` saves a match to (read by ``--load``)."""

QUIT_PROMPT = "Quit this match? y: quit, s [FILE]: save it and quit, n: go on (n) "


def _save_match(path: Path, game: Game, seat: int, seed: int, level: Opponents) -> None:
    """Writes the match to ``path``: its state and what ``--load`` needs to seat the bots."""
    document = {
        "format": SAVE_FORMAT,
        "seat": seat,
        "seed": seed,
        "level": level,
        "state": game.to_json(),
    }
    path.write_text(json.dumps(document) + "\n", encoding="utf-8")


def _load_match(path: str) -> tuple[Game, int, int, Opponents]:
    """The match a ``cardcore play`` save file holds: the game, the seat, the seed and the
    level; a ``JsonError`` naming the file when it is not such a file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise cardcore.OptionError(f"--load: cannot read {path}: {error}") from None
    try:
        document = json.loads(text)
    except ValueError:
        document = None
    if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
        raise cardcore.JsonError(f"--load: {path} is not a match saved by cardcore play")
    seat, seed, level, state = (document.get(k) for k in ("seat", "seed", "level", "state"))
    if not (
        isinstance(seat, int)
        and isinstance(seed, int)
        and level in ("random", *LEVELS)
        and isinstance(state, str)
    ):
        raise cardcore.JsonError(f"--load: {path} lacks the seat, seed, level or state")
    game = cardcore.from_json(state)
    if not 0 <= seat < game.num_players:
        raise cardcore.JsonError(f"--load: seat {seat} is not a seat of {game.name}")
    return game, seat, seed, level


def _confirm_quit(view: GameView, input_fn: InputFn, seed: int, level: Opponents) -> bool:
    """Whether the person, who typed q, really leaves: asked first, so that a slip of the
    finger does not throw a match away; ``s`` saves the match before leaving."""
    try:
        answer = input_fn(QUIT_PROMPT).strip()
    except EOFError:
        view.say()
        return True
    word, _, rest = answer.partition(" ")
    word = word.lower()
    if word in ("y", "yes", "q", "quit"):
        return True
    if word in ("s", "save"):
        path = Path(rest.strip() or f"cardcore-{view.game.name}-{seed}.json")
        try:
            _save_match(path, view.game, view.seat, seed, level)
        except OSError as error:
            view.say(f"Could not save to {path}: {error}")
            return False
        view.say(f"Saved. Resume with: cardcore play --load {shlex.quote(str(path))}")
        return True
    return False


def play_game(
    game: Game,
    seat: int,
    seed: int,
    *,
    input_fn: InputFn = input,
    out: TextIO | None = None,
    color: ColorMode = "auto",
    level: Opponents | None = None,
) -> int:
    """Play ``game`` with the person at ``seat`` and bots of ``level`` elsewhere (the
    view's ``default_level`` when None); ``color`` as ``--color`` (the style is decided
    for ``out``). Quitting asks first, and may save the match for ``--load``."""
    out = sys.stdout if out is None else out
    view = VIEWS.get(game.name, GameView)(game, seat, out, Style.for_stream(out, color))
    view.width = columns(out)
    level = view.default_level if level is None else level
    bots = play_bots(view, seed, level)
    view.start()
    while not game.is_over:
        player = game.current_player
        if player is None:
            break
        if player == seat:
            view.show_turn()
            action = _ask(view, input_fn)
            while action is None and not _confirm_quit(view, input_fn, seed, level):
                action = _ask(view, input_fn)
            if action is None:
                view.finish(abandoned=True)
                return 0
        else:
            action = bots[player].act(game.observation(player))
        view.before_apply(player, action)
        game.apply(action)
        view.after_apply(player, action)
    view.finish(abandoned=False)
    return 0


def replay_line(game: str, seed: int, seat: int, level: Opponents, options: dict[str, Any]) -> str:
    """The ``cardcore play`` command that plays this game again: the same game, options,
    seed, seat and bots, so the same deals and the same bots' moves."""
    words = ["cardcore", "play", game, "--seed", str(seed), "--seat", str(seat)]
    words += ["--level", level]
    for name, value in options.items():
        if name == "single_deal" and value is True:
            words.append("--single-deal")
        elif name in ("players", "target") and type(value) is int:
            words += [f"--{name}", str(value)]
        else:
            words += ["-o", f"{name}={json.dumps(value)}"]
    return shlex.join(words)


def cmd_play(args: argparse.Namespace, input_fn: InputFn, out: TextIO) -> int:
    if args.load is not None:
        if args.game is not None or args.seed is not None or args.level is not None:
            raise UsageError("cardcore play: error: --load takes no game, --seed or --level\n")
        game, seat, seed, level = _load_match(args.load)
        out.write(f"cardcore play --load {shlex.quote(args.load)}\n")
        return play_game(
            game, seat, seed, input_fn=input_fn, out=out, color=args.color, level=level
        )
    if args.game is None:
        raise UsageError("cardcore play: error: name a game (see cardcore games), or --load FILE\n")
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    options = _game_options(args)
    game = cardcore.new_game(args.game, seed=seed, **options)
    if not 0 <= args.seat < game.num_players:
        raise cardcore.SeatError(
            f"seat {args.seat} is out of range: {game.name} has seats 0 to {game.num_players - 1}"
        )
    opponents: Opponents = GameView.default_level if args.level is None else args.level
    out.write(replay_line(game.name, seed, args.seat, opponents, options) + "\n")
    return play_game(
        game, args.seat, seed, input_fn=input_fn, out=out, color=args.color, level=opponents
    )


# --------------------------------------------------------------------------------------
# cardcore simulate


class ProgressBar:
    """The progress line of ``cardcore simulate`` (and ``check``) on stderr, drawn at once
    at 0%, then redrawn as the run's ``progress`` callback (units done, units)."""

    WIDTH = 30

    def __init__(self, err: TextIO, total: int, unit: str = "games") -> None:
        self.err = err
        self.unit = unit
        self.started = time.perf_counter()
        self.is_open = False  # a line is drawn and not ended yet
        self(0, total)

    def __call__(self, done: int, total: int) -> None:
        filled = self.WIDTH * done // total if total else self.WIDTH
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        elapsed = time.perf_counter() - self.started
        percent = 100 * done // total if total else 100
        self.err.write(f"\r[{bar}] {percent:3d}%  {done:,}/{total:,} {self.unit}  {elapsed:.1f} s")
        self.err.flush()
        self.is_open = True

    def close(self) -> None:
        """End the line."""
        if self.is_open:
            self.err.write("\n")
            self.err.flush()
            self.is_open = False


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


def summary_rows(summary: cardcore.SimulationSummary, game: Game) -> list[tuple[str, str]]:
    """The figures of a simulation as ``cardcore simulate`` prints them (labels, values)."""
    games = summary.games
    rows: list[tuple[str, str]] = [("games", f"{games:,}")]
    per_game = summary.decisions / games if games else 0.0
    rows.append(("decisions", f"{summary.decisions:,} ({per_game:.1f} per game)"))
    wins = _per_player(summary.wins, game)
    shown = (f"{label}: {w:,.0f} ({100 * w / games:.1f}%)" for label, w in wins)
    undecided = games - sum(w for _, w in wins)
    no_winner = [f"no winner: {undecided:,.0f}"] if wins and undecided > 0 else []
    rows.append(("wins", "   ".join([*shown, *no_winner])))
    means = _per_player(summary.mean_scores, game)
    rows.append(("mean scores", "   ".join(f"{label}: {m:.2f}" for label, m in means)))
    return rows


def simulation_json(
    summary: cardcore.SimulationSummary, options: dict[str, Any], seed: int
) -> dict[str, Any]:
    """What ``cardcore simulate --json`` writes (keys in ``SIMULATE_JSON_HELP``)."""
    return {
        "game": summary.game,
        "options": options,
        "seed": seed,
        "games": summary.games,
        "threads": summary.threads,
        "decisions": summary.decisions,
        "wins": list(summary.wins),
        "mean_scores": list(summary.mean_scores),
        "elapsed_seconds": summary.elapsed_seconds,
        "decisions_per_second": summary.decisions_per_second,
    }


def _watched(
    args: argparse.Namespace,
    err: TextIO,
    total: int,
    unit: str,
    run: Callable[[ProgressBar | None], _T],
) -> _T:
    """``run(progress)`` with the progress bar of ``simulate`` and ``arena`` on stderr, only
    on a terminal and never with ``--json``."""
    show_bar = not (args.no_progress or args.json) and is_terminal(err)
    bar = ProgressBar(err, total, unit) if show_bar else None
    try:
        result = run(bar)
    except Exception:  # not KeyboardInterrupt: main() ends the line with its own message
        if bar is not None:
            bar.close()
        raise
    if bar is not None:
        bar.close()
    return result


def cmd_simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """One ``cardcore.simulate`` call with the user's seed: the same figures as the API's.
    The progress bar only on a terminal, never with ``--json``."""
    options = _game_options(args)
    probe = cardcore.new_game(args.game, seed=args.seed, **options)  # checks name and options
    started = time.perf_counter()
    summary = _watched(
        args,
        err,
        args.games,
        "games",
        lambda bar: cardcore.simulate(
            args.game,
            games=args.games,
            seed=args.seed,
            threads=args.threads,
            progress=bar,
            **_backend(args),
            **options,
        ),
    )
    wall = time.perf_counter() - started
    if args.json:
        _write_json(out, simulation_json(summary, probe.options, args.seed))
        return 0

    mode = "single deals" if options.get("single_deal") else "whole games"
    out.write(
        f"simulate {probe.name}: {summary.games:,} {mode}, seed {args.seed}, "
        f"{summary.threads} thread(s)\n"
    )
    rows = summary_rows(summary, probe)
    rows.append(("time", f"{wall:.3f} s wall ({summary.elapsed_seconds:.3f} s in the engine)"))
    rate = wall if wall > 0 else float("nan")
    rows.append(
        (
            "throughput",
            f"{summary.decisions / rate:,.0f} decisions/s   {summary.games / rate:,.0f} games/s",
        )
    )
    out.writelines(f"  {label:<12} {value}\n" for label, value in rows)
    return 0


def cmd_arena(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """One ``cardcore.arena`` call between the levels given: its table, or ``--json``."""
    if len(args.levels) < 2:
        raise UsageError(
            f"cardcore arena: error: name 2 or more levels to play each other, got {args.levels}\n"
        )
    result = _watched(
        args,
        err,
        args.matches,
        "matches",
        lambda bar: cardcore.arena(
            args.game,
            args.levels,
            matches=args.matches,
            seed=args.seed,
            threads=args.threads,
            progress=bar,
            **_backend(args),
            **_game_options(args),
        ),
    )
    if args.json:
        _write_json(out, result.to_dict())
    else:
        out.write(f"{result}\n")
    return 0


# --------------------------------------------------------------------------------------
# cardcore check


def _read_states(path: str) -> list[str]:
    if path == "-":
        return sys.stdin.read().splitlines()
    with open(path, encoding="utf-8") as file:
        return file.read().splitlines()


def _not_a_state(states: list[str]) -> str | None:
    """Why a line of ``--states`` is not a saved state of a game at all (not a JSON object
    naming a registered game), or None: such a line is a mistake in the file, where a state
    of a game that both implementations refuse is a finding."""
    for number, line in enumerate(states, 1):
        if not line.strip():
            continue
        try:
            parsed = json.loads(line)
        except (ValueError, RecursionError):
            return f"line {number} is not JSON"
        game = parsed.get("game") if isinstance(parsed, dict) else None
        if game not in cardcore.GAMES:
            return f'line {number} is not a saved state: no "game" among {cardcore.GAMES}'
    return None


def cmd_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``cardcore.check`` with the user's arguments: the summary table, then each game's
    first divergence. 0 when the two agree everywhere, 1 on a divergence."""
    try:
        states = None if args.states is None else _read_states(args.states)
    except (OSError, UnicodeDecodeError) as error:
        err.write(f"cardcore: error: cannot read the states: {error}\n")
        return 2
    mistake = None if states is None else _not_a_state(states)
    if mistake is not None:
        err.write(f"cardcore: error: --states {args.states}: {mistake}\n")
        return 2
    games = args.games or None
    options = args.options
    if args.option:
        if options is not None:
            raise UsageError("cardcore check: error: give -o NAME=VALUE or --options, not both\n")
        options = dict(args.option)
    bar: ProgressBar | None = None

    def progress(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = ProgressBar(err, total, "states" if states is not None else "matches")
        else:
            bar(done, total)

    show_bar = not args.no_progress and is_terminal(err)
    try:
        report = crosscheck.check(
            games,
            matches=args.matches,
            seed=args.seed,
            options=options,
            states=states,
            jobs=args.jobs,
            shrink=not args.no_shrink,
            progress=progress if show_bar else None,
        )
    finally:
        if bar is not None:
            bar.close()
    out.write(report.summary() + "\n")
    return 0 if report.ok else 1


# --------------------------------------------------------------------------------------
# cardcore serve


def cmd_serve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the game server (``cardcore.server``) until interrupted; without the ``server``
    extra, say which to install (exit code 2)."""
    try:
        from cardcore.server import serve
    except ImportError as exc:
        err.write(f"cardcore: error: {exc}\n")
        return 2
    where = args.db.split("@")[-1]  # no password on the screen
    out.write(f"cardcore serve: http://{args.host}:{args.port}/ (tables in {where})\n")
    out.flush()
    serve(
        args.host,
        args.port,
        args.db,
        allowed_origins=tuple(args.allow_origin),
        schema=args.schema,
    )
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
    """Run the command line; returns the exit code (0 fine, 2 usage or cardcore error,
    130 interrupted by Ctrl-C)."""
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
        return _run(args, input_fn, out, err)
    except UsageError as exc:
        err.write(str(exc))
        return 2


def _run(args: argparse.Namespace, input_fn: InputFn, out: TextIO, err: TextIO) -> int:
    """The command ``args`` names; cardcore errors become a message and exit code 2."""
    try:
        if args.command == "games":
            return cmd_games(out, as_json=args.json)
        if args.command == "play":
            return cmd_play(args, input_fn, out)
        if args.command == "simulate":
            return cmd_simulate(args, out, err)
        if args.command == "arena":
            return cmd_arena(args, out, err)
        if args.command == "check":
            return cmd_check(args, out, err)
        if args.command == "serve":
            return cmd_serve(args, out, err)
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
