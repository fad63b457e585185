"""The solution notebooks in the form nbgrader accepts: ``ninetynine exercises nbgrader FOLDER``.

The kit's solution notebooks use nbgrader's marks (solution regions, check cells with
``grade_id`` and ``points``, hidden tests), but nbgrader's ``generate_assignment`` refuses them
as they are, for two reasons it checks and the kit does not need:

1. every cell holding a solution region must be marked a *solution cell* in its metadata
   (``{"solution": true, "grade": false, "grade_id": ...}``); otherwise nbgrader stops with
   "Solution region detected in a non-solution cell";
2. every cell's nbgrader metadata must say ``"schema_version": 3``.

``for_nbgrader`` adds exactly these and changes nothing else: the cells, their sources, the
checks and their points stay as they are, so nbgrader gives a solution the same score as
``ninetynine grade`` does (``tests/test_nbgrader.py`` runs nbgrader itself on three exercises).

What it cannot give is ``ninetynine grade``'s trust: nbgrader runs the checks in the learner's
own kernel, after the learner's cells, so a learner's cell can change whatever a check relies on
(one line that has IPython run every later cell as nothing gets every point of every exercise).
No exercise is safe to grade with nbgrader against a learner who wants marks not earned
(``docs/instructors.md``, "Taking the exercises into nbgrader", says why, exercise by exercise).

>>> import nbformat
>>> solution = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
...     "def f():\\n    ### BEGIN SOLUTION\\n    return 1\\n    ### END SOLUTION")])
>>> for_nbgrader(solution, "01-f").cells[0].metadata["nbgrader"]
{'solution': True, 'grade': False, 'locked': False, 'grade_id': '01-f-solution-0', 'schema_version': 3}
"""
from __future__ import annotations

import copy
from pathlib import Path

from .notebooks import BEGIN_SOLUTION, check_mark, dumps, read, solution_paths

SCHEMA_VERSION = 3


def for_nbgrader(solution, name: str):
    """A copy of the solution notebook ``solution`` (called ``name``) that nbgrader accepts."""
    notebook = copy.deepcopy(solution)
    for index, cell in enumerate(notebook.cells):
        mark = check_mark(cell)
        if mark is not None:
            mark.setdefault("solution", False)
            mark["schema_version"] = SCHEMA_VERSION
        elif cell.cell_type == "code" and any(line.strip() == BEGIN_SOLUTION
                                              for line in cell.source.splitlines()):
            cell.metadata["nbgrader"] = {"solution": True, "grade": False, "locked": False,
                                         "grade_id": f"{name}-solution-{index}",
                                         "schema_version": SCHEMA_VERSION}
    return notebook


def export_all(solutions: str | Path, folder: str | Path) -> list[Path]:
    """Write every solution notebook, in nbgrader's form, into ``folder``; return the files."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for path in solution_paths(solutions):
        target = folder / path.name
        target.write_text(dumps(for_nbgrader(read(path), path.stem)), encoding="utf-8")
        written.append(target)
    return written
