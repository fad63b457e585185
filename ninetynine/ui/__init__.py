"""Front-ends of the running-total games: the live notebook table and its controller.

``Table`` renders a ``TableController`` (plain Python, which owns the table's logic and is
tested without a browser) as a card table drawn in the browser (``cardtable.py``, an anywidget).
Importing the tables needs ipywidgets and anywidget (the ``notebook`` extra); the controller
alone needs neither. ``TricksTable`` and ``BoardTable`` are the other two games' tables;
``ProtocolTable`` (``generic.py``, ipywidgets) is a table for any game that follows the protocol,
such as a game of your own (notebook 19). ``table_for(game)`` draws the table a game's
declaration names (``Declaration.table``): the kit's own for its games, ``ProtocolTable`` for a
game of yours.
"""
from .controller import TableController

__all__ = ["Table", "TableController", "BoardTable", "TricksTable", "ProtocolTable",
           "ProtocolController", "table_for"]


def table_for(game, **options):
    """The live table of any registered game (a game, or its name), as its declaration names it
    (``Declaration.table``): ``table_for(nn.make("board", players=3), seed=4)``. ``options`` go to
    the table: ``seat``, ``bots``, ``seed``, ``names``, ``watch``, ``state``. A game of your own
    gets ``ProtocolTable``, which tells events in its words and the position by its ``show``."""
    from ..protocol import declaration, make, resolve
    if isinstance(game, str):
        game = make(game)
    return resolve(declaration(game).table)(game, **options)


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
