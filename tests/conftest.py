"""Fixtures shared by several test files."""
from __future__ import annotations

import logging
import os
import shutil
import sys
import tempfile
import uuid

import pytest

# pytest rewrites the asserts of each test file as it imports it, and keeps the result as
# bytecode (tests/__pycache__/*-pytest-*.pyc) unless bytecode is not written, as where
# PYTHONDONTWRITEBYTECODE is set: then each worker of each run rewrote every test file again
# (collecting took about 5 s of processor time a worker instead of 2). This process writes them,
# as `make test`'s compileall writes the kit's; later runs read them. (The kernels, sandboxes and
# graders the tests start keep the environment's setting.)
sys.dont_write_bytecode = False


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


#: The test files that take longest (``benchmarks/test_suite.py``, for ``make test-all`` and then
#: for ``make test``), slowest first. ``make test`` runs with ``--no-loadscope-reorder``, so the workers
#: take these first and the many short files fill in around them: a long file started last would
#: leave the other workers idle while one finishes it. The two class gradings (``test_grading``,
#: ``test_hostile_class``: two sandboxes at a time, each under a time limit on the clock) are
#: not handed out one after the other but with a file between them, so that they seldom run
#: side by side: four sandboxes on two cores would halve the time each honest submission has.
SLOWEST_FIRST = [
    # make test-all only (the slow mark)
    "tests/test_exercise_mutants_testing_and_own_game.py",
    "tests/test_grading_solutions.py",
    "tests/test_exercise_mutants_game_ai.py",
    "tests/test_site.py",
    "tests/test_exercise_mutants_board_and_tricks.py",
    "tests/test_forged_checks.py",
    "tests/test_hostile_class.py",
    "tests/test_nbgrader.py",
    "tests/test_exercise_mutants.py",
    "solutions/18-monte-carlo-bot.ipynb",
    # make test as well
    "tests/test_conformance.py",
    "tests/test_search_bot.py",
    "tests/test_browser.py",
    "tests/test_check_game_channel.py",
    "tests/test_openspiel.py",
    "tests/test_grading.py",
    "tests/test_tournament.py",
    "tests/test_openspiel_chance.py",
    "tests/test_tournament_secrecy.py",
    "notebooks/18b-a-bug-hunt.ipynb",
    "notebooks/17b-monte-carlo-tree-search.ipynb",
    "notebooks/17-monte-carlo.ipynb",
    "tests/test_grading_environment.py",
    "tests/test_tricks_bots.py",
    "tests/test_bots.py",
    "tests/test_grading_cli.py",
    "tests/test_board_bots.py",
]


def pytest_collection_modifyitems(config, items):
    """Put the files of ``SLOWEST_FIRST`` first, in that order; every file's tests keep their
    order (a notebook's cells must run top to bottom)."""
    rank = {path: place for place, path in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))


def pytest_configure(config):
    """nbval's kernels talk to this worker over Unix sockets, each in its own files, not over TCP.

    Over TCP, Jupyter picks a kernel's five ports by asking the system for free ones and closing
    them again; the kernel binds them a second later. The parallel workers start kernels, graders,
    browsers and Dask clusters all the while, so now and then another process takes one of those
    ports in between: the kernel dies or never answers, and every cell of its notebook fails after
    a minute. (Seen once in a make test run: all six cells of one solution failed after 65 s; its
    error text was not kept. nbmake's issue 129 shows the same failure with "Address already in
    use".) A socket file named after the kernel cannot be taken by anyone else.

    The same kernel manager closes the file nbval opens on /dev/null for each kernel's errors,
    which nbval leaves open (a ResourceWarning per kernel when a worker ends)."""
    try:
        import nbval.kernel
    except ImportError:                       # nbval not loaded: no notebook runs here
        return
    folder = tempfile.mkdtemp(prefix="ninetynine-kernels-")
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))

    class KernelOverUnixSockets(nbval.kernel.KernelManager):
        def __init__(self, **settings):
            path = os.path.join(folder, uuid.uuid4().hex[:12])
            super().__init__(transport="ipc", ip=path, **settings)
            self.error_file = None

        def start_kernel(self, **options):
            self.error_file = options.get("stderr")
            return super().start_kernel(**options)

        def shutdown_kernel(self, *args, **options):
            try:
                return super().shutdown_kernel(*args, **options)
            finally:
                if self.error_file is not None:
                    self.error_file.close()

    nbval.kernel.KernelManager = KernelOverUnixSockets
