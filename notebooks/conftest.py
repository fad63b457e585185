"""Under pytest, every cell of these notebooks must stay quick.

The goal is under 5 s a cell and 20 s a notebook on the kit's reference machines (2 cores). The
limit here is generous - a parallel test worker may be keeping the other core busy - and exists
so that a slow cell cannot creep back unnoticed.
"""
from __future__ import annotations

import time

import pytest

#: Seconds one notebook cell may take under test.
CELL_LIMIT = 15


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """Fail a notebook cell (an nbval item) that takes longer than ``CELL_LIMIT``."""
    start = time.perf_counter()
    result = yield
    took = time.perf_counter() - start
    if type(item).__name__ == "IPyNbCell" and took > CELL_LIMIT:
        pytest.fail(f"{item.path.name}, {item.name}: the cell took {took:.1f} s, over the "
                    f"{CELL_LIMIT} s limit (the goal is under 5 s): size it down.")
    return result
