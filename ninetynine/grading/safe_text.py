r"""Learner text, made safe for where it goes: Markdown, HTML, the terminal, a CSV cell.

Much of what the grader and the league write was chosen by a learner: a student's name (a
folder's or a file's name), the message of an error their code raised, the reason their bot
forfeited. Such text may hold anything a file name or a Python string can hold, and each place
it goes reads some of it as instructions of its own:

- **Markdown** (the feedback files): a newline followed by ``## Score: 3 out of 3`` writes a
  heading the grader never wrote; ``[text](link)``, ``<b>`` or a backtick change what is shown;
- **HTML** (the league's report): ``<script>`` runs;
- **the terminal**: an escape character (ESC, ``\x1b``) starts a control sequence that moves the
  cursor, clears the screen or sets the window's title, a carriage return writes over a line,
  and rich reads ``[bold]`` as markup;
- **a CSV cell**: a spreadsheet runs ``=HYPERLINK(...)`` as a formula.

So every piece of learner text goes out through one function of this module, named after where
it goes. Each one first makes the text ``bounded`` (cut to a length, with an ellipsis) and
``printable`` (every control character shown as an escape such as ``\x1b``), then escapes what
that place reads as its own syntax:

>>> error = "oops\n## Score: 3 out of 3\n\x1b[2J"
>>> print(for_markdown(error))
oops \#\# Score: 3 out of 3 \\x1b\[2J
>>> print(for_terminal(error))
oops\n## Score: 3 out of 3\n\x1b[2J
>>> print(for_html("<script>alert(1)</script>"))
&lt;script&gt;alert(1)&lt;/script&gt;
>>> print(for_csv("=HYPERLINK(\"http://x\")"))
'=HYPERLINK("http://x")

The text stays readable - nothing is removed, only shown for what it is - and the length is the
length of what is shown, before the destination's own escapes (a Markdown ``\#`` counts as one).
A backslash the learner wrote is left as it is, so ``\x1b`` typed as four characters looks like
an escape shown: harmless, since neither can do anything.
"""
from __future__ import annotations

import html
import re
import unicodedata

#: characters of a name (a student's, a bot's) shown anywhere
NAME_LIMIT = 80
#: characters of a message (an error, a forfeit's reason) shown anywhere
MESSAGE_LIMIT = 300
#: characters of a file's path named in a sentence (the end, with the file's name, is kept)
PATH_LIMIT = 120
ELLIPSIS = "\u2026"

#: text starting with one of these is a formula to a spreadsheet (as OWASP lists them)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

#: Unicode's bidirectional controls: they reorder the text shown around them ("Trojan Source")
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
#: categories shown as escapes: control characters (C0, DEL, C1), the line and paragraph
#: separators, and surrogates (the halves of a file name's bytes that are not UTF-8)
HIDDEN_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs"})
NAMED_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}

#: what Markdown reads as syntax anywhere in a line (CommonMark lets a backslash escape each)
MARKDOWN_SYNTAX = re.compile(r"([\\`*_#<>\[\]|~])")
#: what Markdown reads as syntax at the start of a line: a list item's mark, a setext
#: heading's underline, an ordered list's number
LIST_OR_HEADING_MARK = re.compile(r"^([-+=])")
ORDERED_LIST_MARK = re.compile(r"^(\d+)([.)])")


def bounded(text: str, limit: int | None = MESSAGE_LIMIT, *, keep_end: bool = False) -> str:
    """``text`` cut to at most ``limit`` characters, the cut shown by an ellipsis ("…").

    ``keep_end`` keeps the end instead (a path's file name) and puts the ellipsis first. A
    ``limit`` of None keeps it whole: for a sentence whose learner's parts are bounded already.

    >>> bounded("a" * 10, 5), bounded("short", 5), bounded("/home/ada/03.ipynb", 10, keep_end=True)
    ('aaaa…', 'short', '…/03.ipynb')
    """
    text = str(text)
    if limit is None or len(text) <= limit:
        return text
    if keep_end:
        return ELLIPSIS + text[len(text) - limit + 1:]
    return text[:limit - 1] + ELLIPSIS


def _escape(character: str) -> str:
    if character in NAMED_ESCAPES:
        return NAMED_ESCAPES[character]
    code = ord(character)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _hidden(character: str) -> bool:
    return character in BIDI_CONTROLS or unicodedata.category(character) in HIDDEN_CATEGORIES


def printable(text: str) -> str:
    r"""``text`` with every control character shown as a visible escape, and nothing else changed.

    Shown: C0 controls (newline, tab, ESC...), DEL, C1 controls, Unicode's line and paragraph
    separators, its bidirectional controls, and lone surrogates (what Python makes of a file
    name's bytes that are not UTF-8; they cannot even be written to a UTF-8 file).

    >>> print(printable("red\x1b[31m\r\n\u202eevil\udcff"))
    red\x1b[31m\r\n\u202eevil\udcff
    >>> printable("Zoë, 李雷 [bold]")
    'Zoë, 李雷 [bold]'
    """
    return "".join(_escape(c) if _hidden(c) else c for c in str(text))


def one_line(text: str) -> str:
    r"""``text`` with every run of white space (newlines and tabs too) folded to one space.

    >>> one_line("  a\n\n  b\tc\u2028d ")
    'a b c d'
    """
    return " ".join(str(text).replace("\u2028", " ").replace("\u2029", " ").split())


def for_terminal(text: str, limit: int | None = MESSAGE_LIMIT) -> str:
    r"""``text`` to print on a terminal: bounded, every control character a visible escape.

    Print it as plain text: inside a rich ``Text`` (a table's cell) or with ``markup=False``,
    so that rich never reads ``[bold]`` as markup - the kit's commands always do.

    >>> for_terminal("\x1b]0;owned\x07[bold]ada")
    '\\x1b]0;owned\\x07[bold]ada'
    """
    return bounded(printable(text), limit)


def for_markdown(text: str, limit: int | None = MESSAGE_LIMIT) -> str:
    r"""``text`` to write inside one line of Markdown, where it can start no heading, list,
    link, tag or code: on one line, bounded, control characters shown, and every character
    Markdown reads as syntax escaped with a backslash (``\#``, ``\*``, ``\_``, ``\[``, ``\<``,
    a backtick...), as is a list's or setext heading's mark at its start.

    >>> print(for_markdown("**A** [link](http://x) <img src=x> `code`"))
    \*\*A\*\* \[link\](http://x) \<img src=x\> \`code\`
    >>> print(for_markdown("- 1. not a list"), for_markdown("1. nor this"), sep=" | ")
    \- 1. not a list | 1\. nor this
    """
    shown = MARKDOWN_SYNTAX.sub(r"\\\1", bounded(printable(one_line(text)), limit))
    shown = LIST_OR_HEADING_MARK.sub(r"\\\1", shown)
    return ORDERED_LIST_MARK.sub(r"\1\\\2", shown)


def for_html(text: str, limit: int | None = MESSAGE_LIMIT) -> str:
    """``text`` to put in HTML (an element's text or an attribute's value): bounded, control
    characters shown, and ``<``, ``>``, ``&`` and both quotes escaped (``html.escape``).

    >>> for_html('"><img src=x onerror=alert(1)>')
    '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;'
    """
    return html.escape(bounded(printable(text), limit), quote=True)


def for_csv(value, limit: int | None = MESSAGE_LIMIT):
    r"""A CSV cell that stays text: bounded, control characters shown (so a row is one line),
    and a ``'`` before text that a spreadsheet would run as a formula. Numbers pass unchanged.

    >>> for_csv("=1+1"), for_csv("-2"), for_csv("ada\nbob"), for_csv(3)
    ("'=1+1", "'-2", 'ada\\nbob', 3)
    """
    if not isinstance(value, str):
        return value
    shown = bounded(printable(value), limit)
    return "'" + shown if shown.startswith(FORMULA_STARTS) else shown


def learner_name(text: str) -> str:
    r"""A learner's name (from a folder or a file) as the kit keeps it: in Unicode's composed
    form (NFC, so "Zoë" is one name however it was typed), printable and bounded to
    ``NAME_LIMIT`` characters. Each destination still escapes it for itself.

    >>> learner_name("Zoe\u0308"), learner_name("ada\x1b[2J"), len(learner_name("x" * 500))
    ('Zoë', 'ada\\x1b[2J', 80)
    """
    return bounded(printable(unicodedata.normalize("NFC", str(text))), NAME_LIMIT)


def path_shown(path) -> str:
    """A file's path to name in a sentence: printable, at most ``PATH_LIMIT`` characters, the
    end (the file's own name) kept.

    >>> path_shown("class/mallory/zed-03.ipynb")
    'class/mallory/zed-03.ipynb'
    """
    return bounded(printable(str(path)), PATH_LIMIT, keep_end=True)
