"""Front-ends of the running-total games: the live notebook table and its controller.

``Table`` renders a ``TableController`` (plain Python, which owns the table's logic and is
tested without a browser) as a card table drawn in the browser (``cardtable.py``, an anywidget).
Importing the tables needs ipywidgets and anywidget (the ``notebook`` extra); the controller
alone needs neither. ``TricksTable`` and ``BoardTable`` are the other two games' tables;
``ProtocolTable`` (``generic.py``, ipywidgets) is a table for any game that follows the protocol,
such as a game of your own (notebook 19).
"""
from .controller import TableController

__all__ = ["Table", "TableController", "BoardTable", "TricksTable", "ProtocolTable",
           "ProtocolController"]


def __getattr__(name):
    # The widgets are imported on first use, so that `ninetynine.ui.controller` (and the
    # terminal front-end) work without the notebook extra installed.
    if name == "Table":
        from .widgets import Table
        return Table
    if name == "BoardTable":
        from .board_widgets import BoardTable
        return BoardTable
    if name == "TricksTable":
        from .tricks_widgets import TricksTable
        return TricksTable
    if name in ("ProtocolTable", "ProtocolController"):
        from . import generic
        return getattr(generic, name)
    raise AttributeError(f"module 'ninetynine.ui' has no attribute {name!r}")
