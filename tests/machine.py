"""What some tests need of the machine: bubblewrap (``bwrap``), the sandbox every graded
submission and tournament bot runs in.

Where it is missing, a test that needs it is skipped with a sentence saying how to install it,
except on CI (``CI=true``): ``.ci/run`` installs it there, so a missing one fails the run. A test
that only grades code the kit trusts runs without the sandbox instead (``sandboxed``).
"""
from __future__ import annotations

import os
import shutil

import pytest

ON_CI = os.environ.get("CI") == "true"
HAS_BWRAP = shutil.which("bwrap") is not None


def without_bwrap(what: str) -> str:
    """The sentence a test that needs bubblewrap says when it is missing."""
    return (f"bubblewrap (bwrap) is not installed, so {what} cannot run in the sandbox: "
            "apt-get install bubblewrap")


def skip_without_bwrap(what: str) -> None:
    """Skip the calling test (or, at import, its whole file) when bubblewrap is missing; on CI,
    fail instead."""
    if HAS_BWRAP:
        return
    if ON_CI:
        pytest.fail(without_bwrap(what) + " (CI=true: .ci/run installs it)", pytrace=False)
    pytest.skip(without_bwrap(what), allow_module_level=True)


def sandboxed() -> bool:
    """Whether to grade code the kit trusts (its own solutions, a test's own submissions) in the
    sandbox: with bubblewrap, yes; without it, no (such a test is about the grader, not the
    sandbox); on CI, fail instead."""
    if HAS_BWRAP:
        return True
    if ON_CI:
        pytest.fail(without_bwrap("grading") + " (CI=true: .ci/run installs it)", pytrace=False)
    return False


def sandbox_flags() -> list[str]:
    """``ninetynine grade``'s flags for code the kit trusts: ``--no-sandbox`` unless ``sandboxed()``."""
    return [] if sandboxed() else ["--no-sandbox"]
