"""The ``ninetynine`` command.

``ninetynine play [--game NAME] [--players N] [--bots NAME] [--seed N] [--plain]`` plays any
registered game in the terminal against bots (``ninetynine.protocol``): the four rule sets of the
running-total game (``quentin_c``, the default, ``rs_games``, ``classic``, ``taiwanese``),
``board`` (The Game of 99) and ``tricks`` (Ninety-Nine, the trick-taking game), or a game of your
own, named as ``--game my_module:my_game`` or ``--game path/to/file.py:my_game`` (imported and
registered with ``ninetynine.register``). ``--rules`` is another name for ``--game``.

The game's options have flags of their own (``OPTION_FLAGS``: ``--hand-size``, ``--tokens``,
``--rounds``, ``--manual-draw``, ``--deals``, ``--trumps``; ``--option NAME=VALUE`` for any
other); a flag the chosen game has no option for is refused in one sentence naming the game's own.
The game is then played by the terminal its declaration names (``Declaration.console``), every one
called the same way: ``run(game, bots, seed, plain)``.

Other modules add subcommands: for each module named in ``EXTRA_COMMANDS`` that imports, ``cli``
calls ``module.register(subparsers)``. A mistake on the command line is one sentence on standard
error and exit code 2; nothing is started.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import re
import sys
from pathlib import Path

#: Modules that add subcommands with ``register(subparsers)``.
EXTRA_COMMANDS = ["ninetynine.grading.commands", "ninetynine.league.command"]

#: The option each play flag sets (``--manual-draw`` sets ``auto_draw`` to False).
OPTION_FLAGS = {"players": "--players", "hand_size": "--hand-size", "tokens": "--tokens",
                "rounds": "--rounds", "auto_draw": "--manual-draw", "deals": "--deals",
                "trumps": "--trumps"}


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
        "play", help="play a game in the terminal against bots",
        description="Play a game of the kit, or one of your own, in the terminal against bots. "
                    "Type a question mark during the game for the keys.")
    play.add_argument("--game", "--rules", metavar="NAME", action="append",
                      help="the game: quentin_c (default), rs_games, classic or taiwanese (the "
                           "running-total rule sets), board (The Game of 99), tricks "
                           "(Ninety-Nine, the trick-taking game), any game registered with "
                           "ninetynine.register, or your own as my_module:my_game or "
                           "path/to/file.py:my_game")
    play.add_argument("--players", type=whole_number("--players"), metavar="N",
                      help="players at the table, you included (default: the game's)")
    play.add_argument("--bots", metavar="NAME",
                      help="the opponents' bot, or a comma list with one bot per opponent "
                           "(default: the game's own strong bot)")
    play.add_argument("--seed", type=whole_number("--seed"), metavar="N",
                      help="seed of the deal and the bots (default: a new one, printed)")
    play.add_argument("--hand-size", type=whole_number("--hand-size"), metavar="N",
                      help="cards in each hand (running-total games)")
    play.add_argument("--tokens", type=whole_number("--tokens"), metavar="N",
                      help="tokens each player starts with (running-total games but taiwanese)")
    play.add_argument("--rounds", type=whole_number("--rounds"), metavar="N",
                      help="rounds in a taiwanese match (default 5)")
    play.add_argument("--deals", type=whole_number("--deals"), metavar="N",
                      help="deals in a game of tricks (default 9)")
    play.add_argument("--trumps", choices=("turn-up", "results"),
                      help="how tricks sets trumps: turn-up (default) or results")
    play.add_argument("--manual-draw", action="store_true",
                      help="draw (D) or end the turn (E) yourself after each card (running-total "
                           "games but taiwanese)")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="any other option of the game, such as --option target=40 "
                           "(a whole number, true, false, or text)")
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


def own_game(reference: str, tool: str = "the terminal plays"):
    """The declaration of the game ``reference`` names: a registered name ("board"), or a game
    of your own, "my_module:my_game" or "path/to/file.py:my_game", which is imported (a class is
    made with no arguments) and registered. A name that is neither raises ValueError in one
    sentence."""
    import ninetynine as nn

    if ":" not in reference:
        if reference in nn.GAMES:
            return nn.declaration(reference)
        raise ValueError(f"'{reference}' is not a game {tool}: choose one of "
                         f"{', '.join(nn.GAMES)}, or give your own as my_module:my_game.")
    where, _, attribute = reference.rpartition(":")
    try:
        module = _import_game_module(where)
    except (ImportError, OSError, SyntaxError) as error:
        raise ValueError(f"The game's module {where} cannot be imported: "
                         f"{str(error).rstrip('.')}.") from None
    if not hasattr(module, attribute):
        raise ValueError(f"{where} defines no {attribute!r}: name the game object after the "
                         "colon, such as my_module:my_game.")
    game = getattr(module, attribute)
    if isinstance(game, type):
        game = game()
    try:
        return nn.register(game)
    except TypeError as error:
        raise ValueError(str(error)) from None


def _import_game_module(where: str):
    """The module ``where`` names: a file ending in .py (imported under its own name, its folder
    put on the path so that it imports its neighbours), or a module name found from the current
    folder too."""
    if where.endswith(".py"):
        path = Path(where).resolve()
        if not path.is_file():
            raise ImportError(f"there is no file {where}")
        name = path.stem
        if name in sys.modules and getattr(sys.modules[name], "__file__", None) == str(path):
            return sys.modules[name]
        if str(path.parent) not in sys.path:
            sys.path.append(str(path.parent))
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
        return module
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    return importlib.import_module(where)


def option_value(text: str):
    """``--option`` text as a value: a whole number, true or false, or the text itself."""
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return {"true": True, "false": False}.get(text.lower(), text)


def flag_of(option: str) -> str:
    """The command line's name of an option: ``--hand-size``, or ``--option target=...``."""
    return OPTION_FLAGS.get(option, f"--option {option}=VALUE")


def game_options(args, declared) -> dict:
    """The options the flags give, checked against the game's own (``nn.make(name).options``):
    a flag the game has no option for raises ValueError in one sentence naming its own."""
    given = {"players": args.players, "hand_size": args.hand_size, "tokens": args.tokens,
             "rounds": args.rounds, "auto_draw": False if args.manual_draw else None,
             "deals": args.deals, "trumps": args.trumps}
    options = {name: value for name, value in given.items() if value is not None}
    for item in args.option:
        name, equals, value = item.partition("=")
        if not equals or not name.strip():
            raise ValueError(f"--option needs NAME=VALUE, such as --option target=40, not "
                             f"'{item}'.")
        options[name.strip()] = option_value(value.strip())
    default = declared.make()
    own = dict(getattr(default, "options", None) or {})
    if "players" not in own and options.get("players") == default.players:
        del options["players"]                      # the only number the game is played by
    for name in options:
        if name in own:
            continue
        if name == "players":
            raise ValueError(f"There are always {default.players} players in {declared.title}: "
                             "leave out --players.")
        flags = [flag_of(option) for option in own]
        flag = flag_of(name).split("=")[0]
        if not flags:
            raise ValueError(f"{flag} is not an option of {declared.title}, which has none: "
                             "give only --bots, --seed and --plain.")
        raise ValueError(f"{flag} is not an option of {declared.title}: its options are "
                         f"{_joined(flags)}.")
    return options


def _joined(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def make_game(args):
    """The declaration and the game the options ask for; a bad value raises ValueError in one
    sentence, in the words of the command line."""
    names = list(dict.fromkeys(args.game or ["quentin_c"]))
    if len(names) > 1:
        raise ValueError(f"--game {names[0]} and --rules {names[1]} disagree: give only one.")
    declared = own_game(names[0])
    options = game_options(args, declared)
    try:
        return declared, declared.make(**options)
    except ValueError as error:
        raise ValueError(option_words(str(error), options)) from None


def option_words(sentence: str, options=()) -> str:
    """The engine's sentence about an option, in the words of the command line: "hand_size must"
    becomes "--hand-size must", "leave out auto_draw" "leave out --manual-draw", and an option
    of ``options`` without a flag of its own "--option target must"."""
    flags = {**{option: f"--option {option}" for option in options}, **OPTION_FLAGS}
    for option, flag in flags.items():
        if sentence.startswith(f"{option} must"):
            sentence = flag + sentence[len(option):]
        sentence = re.sub(rf"\bleave out {option}\b", f"leave out {flag}", sentence)
    return sentence


def play_command(args) -> int:
    """Play the game with its declared terminal: ``run(game, bots, seed, plain)``."""
    from .protocol import resolve

    try:
        declared, game = make_game(args)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    run = resolve(declared.console)
    return run(game, bots=args.bots, seed=args.seed, plain=True if args.plain else None)


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
