"""Loaded before every other pytest plugin by ``make test`` (``-p tests.fast_start``).

nbval reads notebooks with nbformat, which validates them with jsonschema, which imports the
optional package ``rfc3987_syntax`` - about 1.3 s of compiling grammars, in every pytest process -
only to check IRI formats that the notebook schema never uses. Telling jsonschema that the package
is absent validates every notebook exactly as before (``ninetynine/grading/__init__.py`` does the
same for the grader's workers).
"""
import sys

sys.modules.setdefault("rfc3987_syntax", None)
