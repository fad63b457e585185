"""Fixtures shared by several test files."""
from __future__ import annotations

import logging
import os

import pytest


@pytest.fixture
def no_handler_errors(caplog):
    """Fail the test if any widget handler raised.

    Outside a kernel ipywidgets catches an exception raised in a click handler and only logs it,
    so a broken handler would pass silently; this turns every such log record into a failure.
    Use it with ``pytestmark = pytest.mark.usefixtures("no_handler_errors")``.
    """
    caplog.set_level(logging.WARNING)
    yield
    records = caplog.get_records("setup") + caplog.get_records("call")
    errors = [r for r in records if "Exception in callback" in r.getMessage() or r.exc_info]
    assert not errors, "a widget handler raised:\n" + "\n".join(
        logging.Formatter().format(record) for record in errors)


@pytest.fixture(scope="module")
def grading_mode():
    """Run as under the grader (``NINETYNINE_GRADING=1``: notebooks skip their live tables)."""
    old = os.environ.get("NINETYNINE_GRADING")
    os.environ["NINETYNINE_GRADING"] = "1"
    yield
    if old is None:
        del os.environ["NINETYNINE_GRADING"]
    else:
        os.environ["NINETYNINE_GRADING"] = old
