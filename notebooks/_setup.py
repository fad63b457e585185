"""The first cell of every notebook runs ``import _setup``: it makes the kit importable.

When the kit is installed (``make lab`` does it), ``import ninetynine`` already works and this
file does nothing. When a notebook is opened from a fresh checkout without installing, Python
does not know where the ``ninetynine`` package is, so we put the repository's root folder (the
folder above ``notebooks/``) at the front of ``sys.path``, the list of places Python imports from.
"""
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent   # the repository: notebooks/ is one level down

if importlib.util.find_spec("ninetynine") is None:
    sys.path.insert(0, str(ROOT))
