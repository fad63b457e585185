"""The examples in the docstrings are teaching material: each one must still be true."""
import doctest
import importlib
import pkgutil

import pytest

import ninetynine

MODULES = [m.name for m in pkgutil.walk_packages(ninetynine.__path__, "ninetynine.")
           if not m.name.endswith("__main__")]


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_docstrings_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} example(s) of {name} no longer hold"
