"""Small helpers shared by the front-ends: the notebook widgets and the terminals.

Nothing here imports ipywidgets at import time (``button`` imports it when called), so the
terminals can use this module without the notebook extra installed.
"""
from __future__ import annotations

import os
from html import escape

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
