"""Exercise notebooks: one source (the solution) and the learner's copy built from it.

A solution notebook ``solutions/NN-name.ipynb`` is an ordinary notebook with three kinds of
marks, the same ones nbgrader uses, so instructors who know nbgrader know them already:

- **Solution regions**, in code or Markdown cells, between two lines::

      ### BEGIN SOLUTION
      ...the reference solution...
      ### END SOLUTION

  In the exercise a code region becomes a stub, indented like the markers::

      # YOUR CODE HERE
      raise NotImplementedError()

  and a Markdown region becomes ``YOUR ANSWER HERE``.

- **Check cells**: code cells whose metadata holds
  ``{"nbgrader": {"grade": true, "grade_id": "safe-basics", "points": 2}}``. The ``grade_id`` names
  the check in results and feedback (letters, digits and ``-``; unique in the notebook); ``points``
  is what passing it is worth. A check passes when its cell runs without an exception; write each
  check as ``assert condition, "what went wrong"`` and never put the answer in the message.
  A check cell imports everything it uses: the grader runs it on its own.

- **Hidden checks**, inside a check cell, between ``### BEGIN HIDDEN TESTS`` and
  ``### END HIDDEN TESTS``: the exercise leaves them out; the grader runs them.

- **What the learner's notebook says** (``ninetynine.exercise``): the first code cell calls
  ``checks_speak()``, each check cell's first line is its header (``check_headers``: ``# Check
  2 of 3: grade-id``, or ``# Hidden check: grade-id`` when all its tests are hidden), the try-it
  and check cells are tagged ``raises-exception``, and the last cell calls ``check_summary()``.

``build_exercise`` turns a solution into an exercise, in memory, without touching files:

>>> import nbformat
>>> source = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
...     "def f():\\n    ### BEGIN SOLUTION\\n    return 1\\n    ### END SOLUTION")])
>>> print(build_exercise(source).cells[0].source)
def f():
    # YOUR CODE HERE
    raise NotImplementedError()
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import nbformat

BEGIN_SOLUTION = "### BEGIN SOLUTION"
END_SOLUTION = "### END SOLUTION"
BEGIN_HIDDEN = "### BEGIN HIDDEN TESTS"
END_HIDDEN = "### END HIDDEN TESTS"
CODE_STUB = ["# YOUR CODE HERE", "raise NotImplementedError()"]
MARKDOWN_STUB = ["YOUR ANSWER HERE"]
GRADE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]*$")


class NotebookFormatError(ValueError):
    """A solution notebook whose marks are wrong (unbalanced markers, a bad check id ...)."""


@dataclass(frozen=True)
class Check:
    """One graded check: its id, its points, and its full source (hidden part included)."""

    grade_id: str
    points: float
    source: str


def read(path: str | Path) -> nbformat.NotebookNode:
    """Read a notebook file (format 4)."""
    return nbformat.read(str(path), as_version=4)


class NotAFile(OSError):
    """A submission that is not a regular file where it was handed in (a link, a pipe...)."""


def read_handed_in(path: str | Path) -> nbformat.NotebookNode:
    """Read a submitted notebook without following a symbolic link, and only if it is a regular
    file: the class folder was looked at when the grading began (``grader.find_tasks``), and a
    file swapped for a link since then is refused here (``NotAFile``), not followed."""
    import os
    import stat
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:
        if os.path.islink(path):
            raise NotAFile(f"{Path(path).name} is a symbolic link, so it was not followed.") from error
        raise
    with os.fdopen(descriptor, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise NotAFile(f"{Path(path).name} is not a regular file, so it was not read.")
        return nbformat.reads(file.read().decode("utf-8"), as_version=4)


def check_mark(cell) -> dict | None:
    """The nbgrader metadata of a check cell, or None when ``cell`` is not a check cell."""
    mark = cell.get("metadata", {}).get("nbgrader", {})
    if cell.get("cell_type") == "code" and mark.get("grade"):
        return mark
    return None


def checks(notebook, name: str = "the notebook") -> list[Check]:
    """The check cells of a solution notebook, in order, with their sources as written."""
    found: list[Check] = []
    for index, cell in enumerate(notebook.cells):
        mark = check_mark(cell)
        if mark is None:
            continue
        grade_id, points = mark.get("grade_id"), mark.get("points", 0)
        where = f"cell {index + 1} of {name}"
        if not isinstance(grade_id, str) or not GRADE_ID.match(grade_id):
            raise NotebookFormatError(f"The check in {where} needs a grade_id made of letters, "
                                      f"digits and '-', not {grade_id!r}.")
        if isinstance(points, bool) or not isinstance(points, (int, float)) or points < 0:
            raise NotebookFormatError(f"The check {grade_id} in {where} needs points of 0 or "
                                      f"more, not {points!r}.")
        if any(check.grade_id == grade_id for check in found):
            raise NotebookFormatError(f"The check id {grade_id} is used twice in {name}: give "
                                      "every check its own id.")
        _regions(cell.source.splitlines(), BEGIN_HIDDEN, END_HIDDEN, where)
        found.append(Check(grade_id, points, cell.source))
    return found


def has_visible_tests(check_source: str) -> bool:
    """Does the learner's copy of a check test anything (a statement other than imports)?"""
    import ast
    tree = ast.parse(visible_part(check_source))
    return any(not isinstance(node, (ast.Import, ast.ImportFrom)) for node in tree.body)


def check_headers(notebook, name: str = "the notebook") -> dict[str, str]:
    """The first line each check cell needs, by grade id: the checks with visible tests are
    numbered in order (``# Check 2 of 3: grade-id``), the others are ``# Hidden check: id``.

    >>> import nbformat
    >>> cell = nbformat.v4.new_code_cell("assert True")
    >>> cell.metadata["nbgrader"] = {"grade": True, "grade_id": "works", "points": 1}
    >>> check_headers(nbformat.v4.new_notebook(cells=[cell]))
    {'works': '# Check 1 of 1: works'}
    """
    found = checks(notebook, name)
    shown = [check.grade_id for check in found if has_visible_tests(check.source)]
    return {check.grade_id: f"# Check {shown.index(check.grade_id) + 1} of {len(shown)}: "
            f"{check.grade_id}" if check.grade_id in shown else f"# Hidden check: {check.grade_id}"
            for check in found}


def _regions(lines: list[str], begin: str, end: str, where: str) -> list[tuple[int, int]]:
    """(first, last) line numbers of each ``begin`` ... ``end`` region; refuse unbalanced marks."""
    regions, start = [], None
    for number, line in enumerate(lines):
        text = line.strip()
        if text == begin:
            if start is not None:
                raise NotebookFormatError(f"{where} opens '{begin}' twice without '{end}'.")
            start = number
        elif text == end:
            if start is None:
                raise NotebookFormatError(f"{where} has '{end}' without '{begin}' before it.")
            regions.append((start, number))
            start = None
    if start is not None:
        raise NotebookFormatError(f"{where} opens '{begin}' but never closes it with '{end}'.")
    return regions


def _replace_regions(source: str, begin: str, end: str, stub: list[str] | None, where: str) -> str:
    """The source with every marked region replaced by ``stub`` (indented like the marker)."""
    lines = source.splitlines()
    regions = _regions(lines, begin, end, where)
    for first, last in reversed(regions):
        indent = lines[first][: len(lines[first]) - len(lines[first].lstrip())]
        lines[first:last + 1] = [indent + line for line in stub or []]
    return "\n".join(lines)


def build_exercise(solution, name: str = "the notebook") -> nbformat.NotebookNode:
    """The learner's notebook: solutions stubbed, hidden checks removed, outputs cleared."""
    checks(solution, name)  # refuses a notebook whose check marks are wrong
    exercise = nbformat.v4.new_notebook(metadata=_clean_metadata(solution.metadata))
    for index, cell in enumerate(solution.cells):
        where = f"cell {index + 1} of {name}"
        stub = MARKDOWN_STUB if cell.cell_type == "markdown" else CODE_STUB
        source = _replace_regions(cell.source, BEGIN_SOLUTION, END_SOLUTION, stub, where)
        if check_mark(cell):
            source = visible_part(source, where)
        new = {"markdown": nbformat.v4.new_markdown_cell, "raw": nbformat.v4.new_raw_cell,
               "code": nbformat.v4.new_code_cell}[cell.cell_type](source)
        new.metadata = dict(cell.metadata)
        new.pop("id", None)
        exercise.cells.append(new)
    _number_cells(exercise, name)
    return exercise


def visible_part(check_source: str, where: str = "a check") -> str:
    """What the learner sees of a check: its source without the hidden tests."""
    return _replace_regions(check_source, BEGIN_HIDDEN, END_HIDDEN, None, where).rstrip()


def _clean_metadata(metadata) -> dict:
    """Only the metadata a learner's notebook needs (kernel and language), nothing from a run."""
    return {key: metadata[key] for key in ("kernelspec", "language_info") if key in metadata}


def _number_cells(notebook, name: str) -> None:
    """Give cells stable ids derived from the exercise name, so that rebuilding changes nothing."""
    stem = re.sub(r"[^A-Za-z0-9-]", "-", Path(name).stem)[:40] or "cell"
    for index, cell in enumerate(notebook.cells):
        cell["id"] = f"{stem}-{index:02d}"


def dumps(notebook) -> str:
    """Notebook text exactly as ``exercises build`` writes it (one format, so comparing works)."""
    return nbformat.writes(notebook, version=4) + "\n"


def solution_paths(solutions: str | Path) -> list[Path]:
    """Every solution notebook ``NN-name.ipynb`` in a folder, in order."""
    return sorted(p for p in Path(solutions).glob("*.ipynb") if re.match(r"^\d\d-", p.name))


def build_all(solutions: str | Path, exercises: str | Path, write: bool = True) -> list[Path]:
    """Build every exercise; return the exercise files that were missing or out of date.

    With ``write=False`` nothing is written: the list says what a build would change.
    """
    changed = []
    Path(exercises).mkdir(parents=True, exist_ok=True) if write else None
    for source_path in solution_paths(solutions):
        target = Path(exercises) / source_path.name
        text = dumps(build_exercise(read(source_path), source_path.name))
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            changed.append(target)
            if write:
                target.write_text(text, encoding="utf-8")
    return changed
