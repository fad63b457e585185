"""The ``ninetynine`` command.

``ninetynine play [--rules quentin_c|rs_games|classic|taiwanese] [--players 3] [--bots expert]
[--seed N] [--hand-size N] [--tokens N] [--rounds N] [--manual-draw] [--plain]`` plays a
running-total game in the terminal against bots (see ``ninetynine.ui.console``).
``ninetynine play --game board [--players 2|3|4|6]`` plays The Game of 99
(``ninetynine.ui.board_console``), and ``ninetynine play --game tricks [--deals N]
[--trumps turn-up|results]`` plays Ninety-Nine, the trick-taking game
(``ninetynine.ui.tricks_console``).

Other modules add subcommands: for each module named in ``EXTRA_COMMANDS`` that imports, ``cli``
calls ``module.register(subparsers)``. A mistake on the command line is one sentence on standard
error and exit code 2; nothing is started.
"""
from __future__ import annotations

import argparse
import importlib
import os
import random
import re
import sys

#: Modules that add subcommands with ``register(subparsers)``.
EXTRA_COMMANDS = ["ninetynine.grading.commands", "ninetynine.league.command"]

#: The games the terminal plays: the four rule sets of the running-total game.
TERMINAL_GAMES = ("quentin_c", "rs_games", "classic", "taiwanese", "board", "tricks")
# board: ui.board_console; tricks: ui.tricks_console


class UsageError(Exception):
    """A command line that cannot be run; the message is one sentence."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises UsageError instead of printing usage and exiting."""

    def error(self, message: str):
        raise UsageError(usage_sentence(message))


def usage_sentence(message: str) -> str:
    """argparse's message as one sentence: what is wrong, and what is allowed."""
    found = re.match(r"unrecognized arguments: (.*)", message)
    if found:
        return f"'{found.group(1)}' is not understood: see the options with --help."
    found = re.match(r"argument (\S+): invalid choice: '([^']*)' \(choose from (.*)\)", message)
    if found:
        name, value, allowed = found.groups()
        what = "command" if name in ("command", "COMMAND") else name
        return f"'{value}' is not a {what}: choose one of {allowed.replace(chr(39), '')}."
    found = re.match(r"argument (\S+): expected one argument", message)
    if found:
        return f"{found.group(1)} needs a value after it, such as {found.group(1)} 3."
    found = re.match(r"argument \S+: (.*)", message)
    if found:
        message = found.group(1)
    message = message[:1].upper() + message[1:]
    return message if message.endswith(".") else message + "."


def whole_number(option: str):
    """An argparse type: a whole number, refused in one sentence naming the option."""
    def parse(value: str) -> int:
        try:
            return int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{option} must be a whole number, not '{value}'.") from None
    return parse


def build_parser(extras: bool = True) -> Parser:
    """The parser of every subcommand; ``extras=False`` leaves out EXTRA_COMMANDS (their imports
    can take seconds, and ``ninetynine play`` should start at once)."""
    parser = Parser(prog="ninetynine",
                    description="Ninety-Nine: card games to play and program.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = commands.add_parser(
        "play", help="play a running-total game in the terminal against bots",
        description="Play Ninety-Nine in the terminal against bots. Type the number of a card "
                    "to play it; type a question mark during the game for the keys.")
    play.add_argument("--rules", metavar="NAME",
                      help=f"the rule set: {', '.join(TERMINAL_GAMES)} (default quentin_c)")
    play.add_argument("--game", metavar="NAME",
                      help="the same as --rules, or board for The Game of 99, or tricks for "
                           "Ninety-Nine, the trick-taking game")
    play.add_argument("--players", type=whole_number("--players"), metavar="N",
                      help="players at the table, you included (default: the rule set's)")
    play.add_argument("--bots", default="expert", metavar="NAME",
                      help="the opponents' bot, or a comma list with one bot per opponent "
                           "(default expert)")
    play.add_argument("--seed", type=whole_number("--seed"), metavar="N",
                      help="seed of the deal and the bots (default: a new one, printed)")
    play.add_argument("--hand-size", type=whole_number("--hand-size"), metavar="N",
                      help="cards in each hand (default: the rule set's)")
    play.add_argument("--tokens", type=whole_number("--tokens"), metavar="N",
                      help="tokens each player starts with (not for taiwanese)")
    play.add_argument("--rounds", type=whole_number("--rounds"), metavar="N",
                      help="rounds in a taiwanese match (default 5)")
    play.add_argument("--deals", type=whole_number("--deals"), metavar="N",
                      help="deals in a game of tricks (default 9)")
    play.add_argument("--trumps", choices=("turn-up", "results"),
                      help="how tricks sets trumps: turn-up (default) or results")
    play.add_argument("--manual-draw", action="store_true",
                      help="draw (D) or end the turn (E) yourself after each card")
    play.add_argument("--plain", action="store_true",
                      help="one sentence per line, no colour or boxes (for screen readers); "
                           "automatic when the output is not a terminal")
    play.set_defaults(func=play_command)
    for name in EXTRA_COMMANDS if extras else ():
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        module.register(commands)
    return parser


def make_game(args):
    """The game the options ask for; a bad value raises ValueError in one sentence."""
    import ninetynine as nn

    name = args.rules or args.game or "quentin_c"
    if args.rules and args.game and args.rules != args.game:
        raise ValueError(f"--rules {args.rules} and --game {args.game} disagree: give only one.")
    if name not in TERMINAL_GAMES:
        raise ValueError(f"'{name}' is not a game the terminal plays: choose one of "
                         f"{', '.join(TERMINAL_GAMES)}.")
    options = {"players": args.players, "hand_size": args.hand_size}
    if args.tokens is not None:
        options["tokens"] = args.tokens
    if args.manual_draw:
        options["auto_draw"] = False
    if args.rounds is not None:
        if name != "taiwanese":
            raise ValueError("--rounds is for the taiwanese rules only: the other rule sets play "
                             "until one player has tokens left.")
        options["rounds"] = args.rounds
    try:
        return nn.make(name, **options)
    except ValueError as error:
        raise ValueError(option_words(str(error))) from None


def option_words(sentence: str) -> str:
    """The engine's sentence about an option, in the words of the command line."""
    replacements = {"players must": "--players must", "tokens must": "--tokens must",
                    "hand_size must": "--hand-size must", "rounds must": "--rounds must",
                    "leave out tokens": "leave out --tokens",
                    "leave out auto_draw": "leave out --manual-draw"}
    for old, new in replacements.items():
        if sentence.startswith(old) or old.startswith("leave"):
            sentence = sentence.replace(old, new, 1)
    return sentence


def play_command(args) -> int:
    if "tricks" in (args.rules, args.game):
        from .ui.tricks_console import run
        return run(args)
    if args.deals is not None or args.trumps is not None:
        print("--deals and --trumps are options of --game tricks only.", file=sys.stderr)
        return 2
    if "board" in (args.rules, args.game):
        from .ui.board_console import play_board
        return play_board(args)
    from .ui.console import ConsoleGame

    try:
        game = make_game(args)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10_000)
        console = ConsoleGame(game, bots=args.bots, seed=seed, plain=True if args.plain else None)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    return console.run()


def main(argv: list[str] | None = None) -> int:
    """Run the ``ninetynine`` command; return its exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(extras=argv[:1] != ["play"])
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        print(error, file=sys.stderr)
        return 2
    except SystemExit as done:           # --help
        return done.code if isinstance(done.code, int) else 0
    if getattr(args, "func", None) is None:
        parser.print_help()
        return 0
    try:
        return args.func(args)
    except KeyboardInterrupt:
        print("\nStopped.", file=sys.stderr)
        return 130
    except BrokenPipeError:             # the output was closed early, as by `| head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
