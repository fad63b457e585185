"""The command line of the grading tools, added to ``ninetynine`` by ``register``.

``ninetynine exercises build [--check]``  builds ``exercises/`` from ``solutions/``
``ninetynine grade SUBMISSION... [--exercise NAME] [--out results.csv] [--jobs N] [--timeout S]``
                                          grades notebooks (files or folders of them)
"""
from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from .grader import append_csv, find_tasks, grade_all, start_csv, write_feedback
from .notebooks import NotebookFormatError, build_all
from .runner import GRADED, Result

REPOSITORY = Path(__file__).resolve().parents[2]


def _folder(given: str | None, name: str) -> Path:
    """``given``, else ``name`` in the current folder, else ``name`` beside the package."""
    if given:
        return Path(given)
    here = Path(name)
    return here if here.is_dir() else REPOSITORY / name


def register(subparsers) -> None:
    """Add the ``exercises`` and ``grade`` subcommands to an argparse ``subparsers`` object."""
    exercises = subparsers.add_parser("exercises", help="build learners' exercises from solutions")
    actions = exercises.add_subparsers(dest="action", required=True)
    build = actions.add_parser("build", help="write exercises/NN-name.ipynb from solutions/")
    build.add_argument("--check", action="store_true",
                       help="change nothing; fail if any exercise is out of date")
    build.add_argument("--solutions", help="folder of solution notebooks (default: solutions)")
    build.add_argument("--exercises", help="folder to write exercises to (default: exercises)")
    build.set_defaults(func=build_command)

    grade = subparsers.add_parser("grade", help="grade submitted notebooks")
    grade.add_argument("submissions", nargs="+", metavar="SUBMISSION",
                       help="notebooks, or folders of them (one folder per student works)")
    grade.add_argument("--exercise", help="the exercise every submission answers, e.g. 03 "
                                          "(default: read from each file name)")
    grade.add_argument("--out", default="results.csv", help="CSV of results (default: results.csv)")
    grade.add_argument("--feedback", help="folder for one feedback file per student "
                                          "(default: 'feedback' beside the CSV)")
    grade.add_argument("--jobs", type=int, default=1, help="submissions graded at once (default 1)")
    grade.add_argument("--timeout", type=float, default=60,
                       help="seconds for running a notebook, and for each check (default 60)")
    grade.add_argument("--solutions", help="folder of solution notebooks (default: solutions)")
    grade.set_defaults(func=grade_command)


def build_command(args) -> int:
    console = Console()
    solutions, exercises = _folder(args.solutions, "solutions"), _folder(args.exercises, "exercises")
    try:
        changed = build_all(solutions, exercises, write=not args.check)
    except NotebookFormatError as error:
        console.print(f"Error: {error}", markup=False)
        return 2
    if args.check:
        for path in changed:
            console.print(f"Out of date: {path}. Run 'ninetynine exercises build'.", markup=False)
        if not changed:
            console.print("Every exercise is up to date.")
        return 1 if changed else 0
    console.print(f"Wrote {len(changed)} exercise notebooks to {exercises}; the others were "
                  "already up to date." if changed else "Every exercise was already up to date.",
                  markup=False)
    return 0


def summary(result: Result) -> str:
    """The checks of one result in words: "2 of 3 passed; failed: all-counts"."""
    failed = [check.grade_id for check in result.checks if not check.passed]
    passed = len(result.checks) - len(failed)
    text = f"{passed} of {len(result.checks)} passed"
    return text + (f"; failed: {', '.join(failed)}" if failed else "")


def results_table(results: list[Result]) -> Table:
    table = Table(title="Grading results")
    for column in ("Student", "Exercise", "Checks", "Score", "Status"):
        table.add_column(column)
    for r in sorted(results, key=lambda r: (r.student, r.exercise)):
        status = r.status if r.status == GRADED else f"{r.status}: {r.message}"
        table.add_row(r.student, r.exercise, summary(r), f"{r.score:g} of {r.max_score:g}", status)
    return table


def grade_command(args) -> int:
    console = Console()
    if args.jobs < 1 or args.timeout <= 0:
        console.print("Error: --jobs must be 1 or more and --timeout more than 0 seconds.")
        return 2
    try:
        tasks = find_tasks(args.submissions, _folder(args.solutions, "solutions"), args.exercise)
    except (ValueError, NotebookFormatError) as error:
        console.print(f"Error: {error}", markup=False)
        return 2
    out = Path(args.out)
    feedback = Path(args.feedback) if args.feedback else out.resolve().parent / "feedback"
    start_csv(out)
    by_student: dict[str, list[Result]] = defaultdict(list)
    with Progress(TextColumn("Grading"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.description}"), console=console) as progress:
        bar = progress.add_task("", total=len(tasks))

        def finished(result: Result) -> None:
            append_csv(out, result)
            by_student[result.student].append(result)
            write_feedback(feedback, result.student, by_student[result.student])
            progress.update(bar, advance=1, description=f"{result.student}, {result.exercise}")

        results = grade_all(tasks, args.timeout, args.jobs, finished)
    console.print(results_table(results))
    console.print(f"Results: {out}. Feedback for each student: {feedback}.", markup=False)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m ninetynine.grading``: the same subcommands, without the rest of the CLI."""
    parser = argparse.ArgumentParser(prog="python -m ninetynine.grading")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return args.func(args)
