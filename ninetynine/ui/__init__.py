"""The live notebook tables, under the names the notebooks use.

``Table`` (the running-total games) renders a ``TableController`` (plain Python, which owns the
table's logic and is tested without a browser) as a card table drawn in the browser
(``ninetynine.frontend.cardtable``, an anywidget). ``TricksTable`` and ``BoardTable`` are the other
two games' tables; ``ProtocolTable`` (ipywidgets) is a table for any game that follows the
protocol, such as a game of your own (notebook 19). Each is defined in its game's folder
(``counting/table.py``, ``tricks/table.py``, ``board/table.py``) or, for any game, in
``ninetynine/frontend``; this module only gathers them. ``table_for(game)`` draws the table a
game's declaration names (``Declaration.table``).

Importing a table needs ipywidgets and anywidget (the ``notebook`` extra): the tables are imported
on first use, so that ``TableController`` (and the terminal) work without them.
"""
from ninetynine.counting.controller import TableController

__all__ = ["Table", "TableController", "BoardTable", "TricksTable", "ProtocolTable",
           "ProtocolController", "table_for"]


def table_for(game, **options):
    """The live table of any registered game (a game, or its name), as its declaration names it
    (``Declaration.table``): ``table_for(nn.make("board", players=3), seed=4)``. ``options`` go to
    the table: ``seat``, ``bots``, ``seed``, ``names``, ``watch``, ``state``. A game of your own
    gets ``ProtocolTable``, which tells events in its words and the position by its ``show``."""
    from ninetynine.protocol import declaration, make, resolve
    if isinstance(game, str):
        game = make(game)
    return resolve(declaration(game).table)(game, **options)


def __getattr__(name):
    # The widgets are imported on first use, so that `ninetynine.counting.controller` (and the
    # terminal front-end) work without the notebook extra installed.
    if name == "Table":
        from ninetynine.counting.table import Table
        return Table
    if name == "BoardTable":
        from ninetynine.board.table import BoardTable
        return BoardTable
    if name == "TricksTable":
        from ninetynine.tricks.table import TricksTable
        return TricksTable
    if name in ("ProtocolTable", "ProtocolController"):
        from ninetynine.frontend import generic
        return getattr(generic, name)
    raise AttributeError(f"module 'ninetynine.ui' has no attribute {name!r}")
