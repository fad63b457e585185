"""Exercises and grading for instructors.

- ``notebooks``  the marks in a solution notebook, and building the learner's exercise from it
- ``runner``     grading one submission in its own kernel, checks taken from the source
- ``integrity``  noticing a submission that changed the ``ninetynine`` package in its kernel
- ``grader``     grading a class in parallel; CSV and feedback files
- ``commands``   ``ninetynine exercises build`` and ``ninetynine grade``
- ``checking``   small helpers that check cells use (playing matches, comparing effects)

The instructor's guide is ``docs/instructors.md``.
"""
