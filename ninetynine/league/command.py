"""``ninetynine tournament``: a league of learners' bots, from the command line.

``ninetynine tournament SUBMISSION... --game NAME [--players N] [--games N] [--seed S]
[--rounds N] [--out DIR] [--timeout S] [--start-timeout S] [--house BOTS] [--scheduler ADDRESS]
[--no-sandbox]``

The game is any registered game (``ninetynine.protocol``), or a game of your own named as
``--game my_module:my_game`` or ``--game path/to/file.py:my_game`` (as for ``ninetynine play``);
its module's text is sent to every bot's sandbox, which sees no file of yours
(``plain.game_source``). A mistake on the command line is one sentence (exit code 2) and nothing
is played. A bot's name
is where its file was handed in, as for grading (``find_entries``); names, like every learner's
text, are printed as ``grading.safe_text.for_terminal`` makes them (plain text, never rich
markup, every control character a visible escape). A symbolic link or special file among the
submissions is refused with one sentence and does not play; the league plays without it and ends
with exit code 1.

The seed is the instructor's secret (whoever knows it can deal every game's cards): without
``--seed`` a random one is drawn (``secrets``), and either way it is printed and recorded in the
report, so that ``--seed`` plays the same league again. No bot is ever sent it (``referee``).
"""
from __future__ import annotations

import math
import os
import re
import secrets
import sys
from math import comb
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table as RichTable
from rich.text import Text

from ..grading.grader import handed_in
from ..grading.safe_text import NAME_LIMIT, bounded, for_terminal, learner_name, path_shown
from ..text import plural
from .contestants import Entry, Table
from .referee import schedule
from .results import head_to_head, percent, standings, write_files
from .run import ClusterRefusal, run_league

SUFFIXES = (".ipynb", ".py")
#: a league of every line-up with more games than this is refused (use --rounds)
MOST_GAMES = 20_000
#: the terminal shows the head-to-head table up to this many bots (the report always has it)
HEAD_TO_HEAD_SHOWN = 8
#: a seed drawn for a league has this many bits; a seed given below ``GUESSABLE`` gets a note
SEED_BITS = 64
GUESSABLE = 10 ** 12


class Refusal(ValueError):
    """A command line that cannot be run; the message is one sentence."""


def register(subparsers) -> None:
    """Add the ``tournament`` subcommand to an argparse ``subparsers`` object."""
    league = subparsers.add_parser(
        "tournament", help="play learners' bots against each other in a league",
        description="Play every learner's bot (my_bot from a strategy exercise's notebook or a "
                    ".py file; my_bid for tricks) against the others, each in its own sandbox, "
                    "and rate them.")
    league.add_argument("submissions", nargs="+", metavar="SUBMISSION",
                        help="notebooks or .py files, or folders of them")
    league.add_argument("--game", required=True, metavar="NAME",
                        help="the game: quentin_c, rs_games, classic, taiwanese, board, tricks, "
                             "or your own as my_module:my_game or path/to/file.py:my_game")
    league.add_argument("--players", metavar="N", help="seats at each table (default: the game's, "
                                                      "2 or 3 for the kit's games)")
    league.add_argument("--games", metavar="N", help="games each line-up plays, a multiple of "
                                                    "the players (default: 4 deals, seats rotated)")
    league.add_argument("--rounds", metavar="N",
                        help="seat the bots at random tables N times instead of playing every "
                             "line-up (for a big class, or games of 3 or more)")
    league.add_argument("--seed", metavar="S",
                        help="the league's secret seed, a whole number: the same seed plays the "
                             "same league (default: a random one, printed and kept in the report)")
    league.add_argument("--out", default="tournament", metavar="DIR",
                        help="folder for the CSV files and report.html (default: tournament)")
    league.add_argument("--timeout", default="1", metavar="S",
                        help="seconds a bot may take to choose one move (default 1)")
    league.add_argument("--start-timeout", default="60", metavar="S",
                        help="seconds a learner's file may take to run before play (default 60)")
    league.add_argument("--house", default="", metavar="BOTS",
                        help="the kit's own bots to add to the league, comma separated "
                             "(such as expert,random)")
    league.add_argument("--scheduler", metavar="ADDRESS",
                        help="play on a Dask cluster (tcp://host:8786); default: here")
    league.add_argument("--no-sandbox", action="store_true",
                        help="run learners' files without the bubblewrap sandbox (unsafe)")
    league.set_defaults(func=tournament_command)


def _whole(option: str, value: str, least: int) -> int:
    try:
        number = int(value)
    except ValueError:
        number = None
    if number is None or number < least:
        raise Refusal(f"{option} must be a whole number from {least} up, not '{value}'.")
    return number


def _seconds(option: str, value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not math.isfinite(number) or number <= 0:
        raise Refusal(f"{option} must be a number of seconds above 0, such as 0.5, not '{value}'.")
    return number


def league_seed(given: str | None) -> int:
    """The league's seed: ``--seed`` as a whole number, or, without it, one drawn at random
    (``SEED_BITS`` bits from ``secrets``: no bot can guess it)."""
    if given is None:
        return secrets.randbits(SEED_BITS)
    return _whole("--seed", given, 0)


def contestant_name(path: Path) -> str:
    """The learner a file's own name names, without the exercise ("ada-05-beat-random.ipynb" ->
    ada), or the folder it lies in when the file is named only like the exercise
    ("ada/05-beat-random.ipynb"; no symbolic link is followed to find it): the name of a file
    given, or lying at the top of a class folder (``find_entries``)."""
    found = re.match(r"^(.*?)(?:^|[-_ ])\d\d(?:-[a-z0-9]+)*$", path.stem, re.IGNORECASE)
    name = found.group(1) if found else path.stem
    return learner_name(name.strip("-_ ") or Path(os.path.abspath(path)).parent.name)


def find_entries(paths: list[str], house: str, game: str,
                 refused: list[str] | None = None) -> list[Entry]:
    """An entry for every learner's file (each file once) and every house bot; names that
    repeat get "#2", "#3"...

    A bot is named where its file was handed in, as the grader names students
    (``grading.grader.handed_in``): a folder given is a class, and each folder directly inside
    it is one learner's, named by the folder, whatever its files are called, however deep
    (``class/mallory/zed-05.py`` is mallory's); a file given, or lying at the top of a class
    folder, is named by its own name (``contestant_name``). No symbolic link is followed and no
    special file (a named pipe, a socket, a device) opened: each one's sentence is added to
    ``refused``, and it does not play; without ``refused``, the first one is a ``Refusal``.
    """
    from ..bots import bots_for
    files: dict[Path, str] = {}
    for path in map(Path, paths):
        if not os.path.lexists(path):
            raise Refusal(f"There is no file or folder called {path_shown(path)}.")
        found = handed_in(path, SUFFIXES)
        if not found:
            raise Refusal(f"The folder {path_shown(path)} holds no notebook or .py file.")
        for item in found:
            if item.refusal:
                if refused is None:
                    raise Refusal(item.refusal)
                refused.append(item.refusal)
            elif item.path.suffix not in SUFFIXES:
                raise Refusal(f"{path_shown(path)} is not a notebook or a .py file: give bots as "
                              ".ipynb or .py files, or folders of them.")
            else:       # each file plays once, named where it was first found
                files.setdefault(item.path.resolve(), item.owner or contestant_name(item.path))
    entries = [Entry("file", name, str(file)) for file, name in files.items()]
    known = bots_for(game)
    for name in filter(None, (n.strip() for n in house.split(","))):
        if name not in known:
            raise Refusal(f"'{name}' is not a bot of this game: choose among {', '.join(known)}.")
        entries.append(Entry("house", f"house {name}", name))
    seen: dict[str, int] = {}
    unique = []
    for entry in entries:
        seen[entry.name] = seen.get(entry.name, 0) + 1
        mark = "" if seen[entry.name] == 1 else f"#{seen[entry.name]}"
        unique.append(Entry(entry.kind, bounded(entry.name, NAME_LIMIT - len(mark)) + mark,
                            entry.source))
    return unique


def _table(args) -> tuple[Table, int]:
    """The league's game (``cli.own_game``: a registered name or a game of your own) and the seats
    at each table."""
    from ..cli import option_words, own_game
    from .plain import game_source
    try:
        declared = own_game(args.game, "a league plays")
        game = declared.make()
        players = declared.seats if args.players is None else _whole("--players", args.players, 2)
        options = {}
        if "players" in (getattr(game, "options", None) or {}):
            options = {"players": players}
        elif players != game.players:
            raise Refusal(f"There are always {game.players} players in {declared.title}: leave "
                          f"out --players or give {game.players}.")
        game = declared.make(**options)
        source = game_source(declared.name)
    except Refusal:
        raise
    except ValueError as error:
        raise Refusal(option_words(str(error))) from None
    options = tuple(sorted((getattr(game, "options", None) or {}).items()))
    return Table(declared.name, options, source), players


def sandbox_mode(args) -> str:
    """"process" with --no-sandbox; else "bwrap", or a Refusal when bwrap is missing."""
    if args.no_sandbox:
        return "process"
    from .sandboxed import missing_sandbox
    missing = missing_sandbox()
    if missing and not args.scheduler:       # a cluster's workers check for themselves
        raise Refusal(missing)
    return "bwrap"


def tournament_command(args) -> int:
    console = Console(highlight=False, emoji=False)
    refused: list[str] = []

    def say(text: str) -> None:
        """Print a sentence; the learner's text in it (names, paths) shows as it is, escaped."""
        console.print(for_terminal(text, limit=None), markup=False, soft_wrap=True)

    try:
        table, players = _table(args)
        games = 4 * players if args.games is None else _whole("--games", args.games, players)
        if games % players:
            raise Refusal(f"--games must be a multiple of --players ({players}), so that every "
                          f"bot sits in every seat equally often, not {games}.")
        seed = league_seed(args.seed)
        rounds = None if args.rounds is None else _whole("--rounds", args.rounds, 1)
        seconds = _seconds("--timeout", args.timeout)
        start = _seconds("--start-timeout", args.start_timeout)
        entries = find_entries(args.submissions, args.house, table.game, refused)
        if len(entries) < players:
            raise Refusal(f"A league of {players}-player games needs at least {players} bots, "
                          f"and {len(entries)} were given: add files or --house bots.")
        every = comb(len(entries), players)
        if rounds is None and every * games > MOST_GAMES:
            raise Refusal(f"{len(entries)} bots make {every:,} line-ups of {players}, "
                          f"{every * games:,} games: too many to play every line-up; give "
                          "--rounds N to seat the bots at random tables N times instead.")
        mode = sandbox_mode(args)
    except Refusal as refusal:
        for sentence in refused:
            say(sentence)
        print(for_terminal(f"Error: {refusal}", limit=None), file=sys.stderr)
        return 2
    for sentence in refused:
        say(sentence)
    fixtures = schedule(len(entries), players, games // players, seed, rounds)
    names = [entry.name for entry in entries]
    out = Path(args.out)
    created = not out.exists()
    out.mkdir(parents=True, exist_ok=True)          # no sandbox sees it (nor the submissions)
    lineups = (f"{comb(len(entries), players):,} line-ups of {players}" if rounds is None else
               f"{plural(rounds, 'round')} of random tables of {players}")
    console.print(f"{len(entries)} bots, {lineups}, {games} games a table: {len(fixtures):,} "
                  f"games. Seed {seed} (--seed {seed} plays this league again).", markup=False)
    if args.seed is not None and seed < GUESSABLE:
        console.print(f"Note: a bot that guesses the seed {seed} can deal every game's cards "
                      "itself; for a league that counts, leave --seed out or give a long one.",
                      markup=False)
    with Progress(TextColumn("Playing"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.description}", markup=False), console=console) as progress:
        bar = progress.add_task("", total=len(fixtures))

        def finished(outcome) -> None:
            who = ", ".join(names[index] for index in outcome.fixture.seats)
            progress.update(bar, advance=1, description=for_terminal(
                f"game {outcome.fixture.number}: {who}", limit=None))

        try:
            outcomes = run_league(entries, table, fixtures, seconds, sandbox=mode,
                                  scheduler=args.scheduler, finished=finished,
                                  start_seconds=start, hide=(out,))
        except BaseException as stop:               # refused by the cluster, or Ctrl-C
            if created and not any(out.iterdir()):
                out.rmdir()                         # nothing was written: nothing is left
            if not isinstance(stop, ClusterRefusal):
                raise
            print(f"Error: {stop}", file=sys.stderr)
            return 1
    settings = (f"{table.game}, {players} players, "
                f"{'' if rounds is None else plural(rounds, 'round') + ' of random tables, '}"
                f"{games} games a table "
                f"({plural(games // players, 'deal')}, seats rotated), seed {seed}, "
                f"{plural(int(seconds) if seconds == int(seconds) else seconds, 'second')} a move, "
                f"{'no sandbox' if mode == 'process' else 'each bot in its own sandbox'}.")
    paths = write_files(out, names, outcomes, f"League of {table.game}", settings, refused)
    console.print(standings_table(names, outcomes))
    if len(names) <= HEAD_TO_HEAD_SHOWN:
        console.print(head_to_head_table(names, outcomes))
    forfeits = sum(len(outcome.forfeits) for outcome in outcomes)
    console.print(f"{forfeits} forfeits (the reasons are in {paths['games']}). Report: "
                  f"{paths['report']}. Tables: {paths['standings']}, {paths['head-to-head']}.",
                  markup=False)
    if refused:
        say(f"{len(refused)} file(s) or folder(s) were refused and did not play: see the "
            "sentences above (and the report).")
        return 1
    return 0


def head_to_head_table(names, outcomes) -> RichTable:
    """Games the bot of each row finished ahead of the bot of each column (names as plain text,
    as ``safe_text.for_terminal`` shows them)."""
    order = [line.name for line in standings(names, outcomes)]
    pairs = head_to_head(names, outcomes)
    table = RichTable(title="Head-to-head: games the row's bot finished ahead of the column's")
    table.add_column("Bot")
    for name in order:
        table.add_column(Text(for_terminal(name, NAME_LIMIT)))
    for a in order:
        table.add_row(Text(for_terminal(a, NAME_LIMIT)),
                      *("-" if a == b else f"{pairs[a, b][0]} of {pairs[a, b][1]}" for b in order))
    return table


def standings_table(names, outcomes) -> RichTable:
    """The standings as a rich table; every name is plain text (``safe_text.for_terminal``),
    never markup nor a control sequence."""
    table = RichTable(title="League standings")
    for column in ("Rank", "Bot", "Rating", "Games", "Wins", "Win rate (95% interval)", "Forfeits"):
        table.add_column(column)
    for place, s in enumerate(standings(names, outcomes), start=1):
        low, high = s.interval
        table.add_row(str(place), Text(for_terminal(s.name, NAME_LIMIT)), f"{s.rating:.2f}",
                      str(s.games), str(s.wins),
                      f"{percent(s.win_rate)} ({percent(low)} to {percent(high)})", str(s.forfeits))
    return table
