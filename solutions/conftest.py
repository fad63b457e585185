"""Under pytest, every cell of the reference solutions is held to the notebooks' time limit: the
same hook as ``notebooks/conftest.py`` (``CELL_LIMIT``), read from there, so that a slow cell
cannot creep back into a solution either.

Running the solutions (their outputs compared by nbval) is part of ``make test-all``, not of the
quicker ``make test``: every item here gets the ``slow`` mark (pyproject.toml). ``make test-all``
also grades each solution in the sandbox (``tests/test_grading_solutions.py``)."""
from __future__ import annotations

import runpy
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
_NOTEBOOKS = runpy.run_path(str(HERE.parent / "notebooks" / "conftest.py"))
pytest_runtest_call = _NOTEBOOKS["pytest_runtest_call"]


def pytest_collection_modifyitems(items):
    """Mark every test collected from this folder (a solution's cells) ``slow``."""
    for item in items:
        if Path(item.path).resolve().parent == HERE:
            item.add_marker(pytest.mark.slow)
