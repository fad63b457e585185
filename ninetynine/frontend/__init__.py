"""What every front-end shares, whatever the game: the table's logic (``base.py``: seats, bots,
turns, pauses, refusals in one sentence), the card table drawn in the browser (``cardtable.py``
with ``cardtable.js`` and ``cardtable.css``, one anywidget for every game: it reads a model and
never branches on a game), the notebook's frame around a table (``shell.py``, ``helpers.py``), a
polite live region (``live.py``), the sentences tables share (``sentences.py``), what every
terminal shares (``console.py``), and the table and terminal of any game that keeps the protocol
(``generic.py``, ``protocol_console.py``: a game of your own).

Each kit game's own front-ends are in its folder: ``controller.py`` (the table's logic, plain
Python), ``table.py`` (the notebook table) and ``console.py`` (the terminal). ``ninetynine.ui``
gathers the tables under the names the notebooks use.
"""
