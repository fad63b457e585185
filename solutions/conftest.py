"""Under pytest, every cell of the reference solutions is held to the notebooks' time limit: the
same hook as ``notebooks/conftest.py`` (``CELL_LIMIT``), read from there, so that a slow cell
cannot creep back into a solution either."""
from __future__ import annotations

import runpy
from pathlib import Path

_NOTEBOOKS = runpy.run_path(str(Path(__file__).resolve().parents[1] / "notebooks" / "conftest.py"))
pytest_runtest_call = _NOTEBOOKS["pytest_runtest_call"]
