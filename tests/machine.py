"""What some tests need of the machine: bubblewrap (``bwrap``), the sandbox every graded
submission and tournament bot runs in, and Chromium with Playwright for the browser tests.

Where one is missing, a test that needs it is skipped with a sentence saying how to install it,
except on CI (``CI=true``): ``.ci/run`` installs everything there, so a missing one fails the
run (``required``). A test that only grades code the kit trusts runs without the sandbox instead
(``sandboxed``).
"""
from __future__ import annotations

import importlib
import os
import shutil

import pytest

ON_CI = os.environ.get("CI") == "true"
HAS_BWRAP = shutil.which("bwrap") is not None


def required(reason: str) -> None:
    """Skip the calling test (or, at import, its whole file), saying ``reason``: what is missing
    and how to install it. On CI, fail instead."""
    if ON_CI:
        pytest.fail(f"{reason} (CI=true: the test must run on CI, where .ci/run installs what it needs)",
                    pytrace=False)
    pytest.skip(reason, allow_module_level=True)


def module_or_skip(name: str, reason: str):
    """The module ``name``, imported; when it is not installed, ``required(reason)``."""
    try:
        return importlib.import_module(name)
    except ImportError:
        required(reason)


def without_bwrap(what: str) -> str:
    """The sentence a test that needs bubblewrap says when it is missing."""
    return (f"bubblewrap (bwrap) is not installed, so {what} cannot run in the sandbox: "
            "apt-get install bubblewrap")


def skip_without_bwrap(what: str) -> None:
    """``required`` when bubblewrap is missing."""
    if not HAS_BWRAP:
        required(without_bwrap(what))


def sandboxed() -> bool:
    """Whether to grade code the kit trusts (its own solutions, a test's own submissions) in the
    sandbox: with bubblewrap, yes; without it, no (such a test is about the grader, not the
    sandbox); on CI, fail instead."""
    if not HAS_BWRAP and ON_CI:
        required(without_bwrap("grading"))
    return HAS_BWRAP


def sandbox_flags() -> list[str]:
    """``ninetynine grade``'s flags for code the kit trusts: ``--no-sandbox`` unless ``sandboxed()``."""
    return [] if sandboxed() else ["--no-sandbox"]
