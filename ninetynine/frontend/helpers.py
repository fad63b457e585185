"""Small helpers shared by the front-ends: the notebook widgets and the terminals.

Nothing here imports ipywidgets at import time (``button`` imports it when called), so the
terminals can use this module without the notebook extra installed.
"""
from __future__ import annotations

import os
import sys
from html import escape
from typing import TextIO

from .. import text

#: Set by graders who run notebooks headless: a table then displays one line of text.
GRADING_VARIABLE = "NINETYNINE_GRADING"


def grading() -> bool:
    """True when a notebook runs headless for grading (``NINETYNINE_GRADING`` is set)."""
    return bool(os.environ.get(GRADING_VARIABLE))


# --- widgets --------------------------------------------------------------------------------------

def button(description: str, handler):
    """A button with a text name (what a screen reader says) that calls ``handler()`` on click."""
    import ipywidgets as w

    widget = w.Button(description=description, layout=w.Layout(width="auto"))
    widget.on_click(lambda _button: handler())
    return widget


def show(widget, visible: bool) -> None:
    """Show or hide a widget (a hidden widget takes no room and is skipped by Tab)."""
    widget.layout.display = "" if visible else "none"


def html_list(tag: str, lines: list[str]) -> str:
    """``lines`` as an HTML list: ``tag`` "ul" (bullets) or "ol" (numbered), each line escaped."""
    return f"<{tag}>" + "".join(f"<li>{escape(line)}</li>" for line in lines) + f"</{tag}>"


# --- terminals ------------------------------------------------------------------------------------

class Quit(Exception):
    """The player typed Q, or the input ended."""


def is_terminal(stream) -> bool:
    """True when ``stream`` is a terminal (not a file, a pipe or a test's StringIO)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def is_quit(word: str) -> bool:
    """True when a typed word asks to leave the game ("q" or "quit", any case)."""
    return word.strip().lower() in ("q", "quit")


def bot_names_from(spec: str, opponents: int, known: dict[str, str], count_error: str,
                   name_error: str) -> list[str]:
    """The opponents' bot names from ``--bots`` text: one name for all, or one per opponent
    separated by commas, each looked up in ``known`` (short names too).

    A wrong count raises ValueError(``count_error``, where ``{given}`` is how many were named);
    an unknown name raises ValueError(``name_error``, where ``{name}`` is the name).
    """
    names = [name.strip() for name in spec.split(",")]
    if len(names) == 1:
        names = names * opponents
    if len(names) != opponents:
        raise ValueError(count_error.format(given=len(names)))
    for name in names:
        if name not in known:
            raise ValueError(name_error.format(name=name))
    return [known[name] for name in names]


class Terminal:
    """What the three terminal games share: reading lines, printing sentences, plain mode.

    Reading whole lines (not key presses) means a game works the same when typed, piped from a
    file or sent by a test; the end of the input raises ``Quit``, so it quits cleanly.

    plain   True: one sentence per line, no colour or boxes; False: the rich look; None: plain
            exactly when ``stdout`` is not a terminal
    rich    False for a game whose rich look is plain text too (sentences are then printed as
            they are)
    """

    #: True: ``ask`` keeps the spaces a player typed (a lone space means something).
    KEEP_SPACES = False

    def __init__(self, game, seed: int, plain: bool | None, stdin: TextIO | None,
                 stdout: TextIO | None, names=None, rich: bool = True):
        self.game = game
        self.you = 0
        self.seed = seed
        self.names = names
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.plain = not is_terminal(self.stdout) if plain is None else plain
        self._console = None
        if rich and not self.plain:
            from rich.console import Console
            self._console = Console(file=self.stdout, highlight=False)

    def say(self, *sentences: str) -> None:
        """Print sentences, one per line (plain and rich alike: narration reads line by line)."""
        for sentence in sentences:
            if self._console is not None:
                self._console.print(sentence, markup=False)
            else:
                print(sentence, file=self.stdout)
        self.stdout.flush()

    def ask(self, question: str) -> str:
        """Print ``question`` and read one line; raise Quit at the end of the input."""
        self.say(question)
        line = self.stdin.readline()
        if line == "":
            raise Quit
        return line.rstrip("\r\n") if self.KEEP_SPACES else line.strip()

    def wait_for_enter(self, prompt: str, refusal: str) -> None:
        """A pause (the end of a round, a tied board): ask ``prompt`` until Enter alone is typed.
        Q quits; anything else gets ``refusal``, one sentence, and the pause goes on."""
        while True:
            line = self.ask(prompt).strip()
            if not line:
                return
            if is_quit(line):
                raise Quit
            self.say(refusal)

    def opponents(self, bot_names: list[str]) -> str:
        """Who plays where: "the random bot plays Seat 1 and Seat 2; the expert bot plays Seat 3".

        ``bot_names`` names the bot of seats 1, 2, ... in order.
        """
        played: dict[str, list[str]] = {}
        for seat, name in enumerate(bot_names, start=1):
            played.setdefault(name, []).append(text.seat_name(seat, None, self.names))
        return "; ".join(f"the {name} bot plays {text.join_words(seats)}"
                         for name, seats in played.items())

    def seed_sentence(self) -> str:
        return f"Game seed {self.seed}: the same seed and the same input replay this game."
