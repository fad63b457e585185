"""Exercises and grading for instructors.

- ``notebooks``  the marks in a solution notebook, and building the learner's exercise from it
- ``runner``     grading one submission: the learner's code in a sandbox, the checks here
- ``sandbox``    the bubblewrap sandbox a learner's code runs in, and its limits
- ``seccomp``    the system calls the sandbox refuses (file locks, file watches)
- ``channel``    the narrow plain-data channel between the grader and a learner's process (a
                 package: the learner's process and its requests, plain data both ways,
                 pickling, errors, stand-ins, steps, and the learner's side's server)
- ``lending``    the grader's engines lent to a learner's function, never sent (exercise 20)
- ``withheld``   the exercise's own answers, taken out of the kit in the learner's process
- ``game_check`` ``check_game`` on a learner's game through the channel, decided in the grader
- ``integrity``  noticing a submission that changed the ``ninetynine`` package in its kernel
- ``grader``     grading a class: finding the submissions, running workers in parallel
- ``tasks``      one submission to grade, its worker's job and time limit (grader and Dask)
- ``workers``    the worker process that grades one submission and sends back its result
- ``dask_backend`` the same workers on a Dask cluster (``--scheduler``)
- ``results``    the CSV, the feedback files and the ``--resume`` record, each written whole
- ``nbgrader_export`` the solution notebooks in the form nbgrader accepts
- ``commands``   ``ninetynine exercises build|nbgrader`` and ``ninetynine grade``
- ``checking``   small helpers that check cells use (playing matches, comparing effects)
- ``safe_text``  learner text made safe for Markdown, HTML, CSV and the terminal, and bounded

The instructor's guide is ``docs/instructors.md``.
"""
import sys

# Reading a notebook validates it with jsonschema, which imports the optional ``rfc3987_syntax``
# package (1 to 3 s) only to check IRI formats that the notebook schema never uses. Every grading
# worker reads notebooks, so we tell jsonschema that package is absent: each worker starts
# seconds sooner, and notebooks are validated exactly as before.
sys.modules.setdefault("rfc3987_syntax", None)
