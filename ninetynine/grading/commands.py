"""The command line of the grading tools, added to ``ninetynine`` by ``register``.

``ninetynine exercises build [--check]``  builds ``exercises/`` from ``solutions/``
``ninetynine exercises nbgrader FOLDER``   writes the solutions in the form nbgrader accepts
``ninetynine grade SUBMISSION... [--exercise NAME] [--out results.csv] [--jobs N] [--timeout S]
[--resume] [--scheduler ADDRESS] [--no-sandbox]``
                                          grades notebooks (files, or a class folder: one
                                          folder per student; see ``grader.survey``)
"""
from __future__ import annotations

import argparse
import math
from dataclasses import replace
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table
from rich.text import Text

from .grader import grade_all, survey
from .workers import sandbox_refusal
from .notebooks import NotebookFormatError, build_all
from .results import Entry, ResultsFolder, content_digest
from .runner import GRADED, Result
from .safe_text import NAME_LIMIT, for_terminal

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
    export = actions.add_parser("nbgrader", help="write the solutions in the form nbgrader accepts")
    export.add_argument("folder", help="where to write them, e.g. course/source/ps1")
    export.add_argument("--solutions", help="folder of solution notebooks (default: solutions)")
    export.set_defaults(func=nbgrader_command)

    grade = subparsers.add_parser("grade", help="grade submitted notebooks")
    grade.add_argument("submissions", nargs="+", metavar="SUBMISSION",
                       help="notebooks, or a class folder: one folder per student inside it "
                            "(each named after its student), or notebooks named after theirs "
                            "at its top")
    grade.add_argument("--exercise", help="the exercise every submission answers, e.g. 03 "
                                          "(default: read from each file name)")
    grade.add_argument("--out", default="results.csv", help="CSV of results (default: results.csv)")
    grade.add_argument("--feedback", help="folder for one feedback file per student "
                                          "(default: 'feedback' beside the CSV)")
    grade.add_argument("--jobs", type=_number, default="1",
                       help="submissions graded at once (default 1)")
    grade.add_argument("--timeout", type=_number, default="60",
                       help="seconds for running a notebook, and for each check (default 60)")
    grade.add_argument("--resume", action="store_true",
                       help="keep the results of an earlier run with the same --out and grade only "
                            "the submissions it did not finish (or that changed since)")
    grade.add_argument("--scheduler", metavar="ADDRESS",
                       help="grade on a Dask distributed cluster, e.g. tcp://10.0.0.5:8786 "
                            "(default: processes on this machine)")
    grade.add_argument("--no-sandbox", action="store_true",
                       help="grade even without bubblewrap: the learners' code then runs with "
                            "your rights (only for notebooks you trust)")
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


def nbgrader_command(args) -> int:
    from .nbgrader_export import export_all
    console = Console()
    try:
        written = export_all(_folder(args.solutions, "solutions"), args.folder)
    except NotebookFormatError as error:
        console.print(f"Error: {error}", markup=False)
        return 2
    console.print(f"Wrote {len(written)} solution notebooks for nbgrader to {args.folder}.",
                  markup=False)
    return 0


def _number(text: str) -> str:
    """Options are checked in ``grade_command``, so that a wrong one gets one sentence."""
    return text


def _options(args) -> tuple[int, float]:
    """``--jobs`` and ``--timeout`` as numbers; ``ValueError`` with one sentence when wrong."""
    try:
        jobs = int(args.jobs)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise ValueError(f"--jobs must be a whole number, 1 or more, not '{args.jobs}'.")
    try:
        timeout = float(args.timeout)
    except ValueError:
        timeout = math.nan
    if not math.isfinite(timeout) or timeout <= 0:
        raise ValueError(f"--timeout must be a number of seconds more than 0, such as 60, "
                         f"not '{args.timeout}'.")
    return jobs, timeout


def summary(result: Result) -> str:
    """The checks of one result in words: "2 of 3 passed; failed: all-counts"."""
    failed = [check.grade_id for check in result.checks if not check.passed]
    passed = len(result.checks) - len(failed)
    text = f"{passed} of {len(result.checks)} passed"
    return text + (f"; failed: {', '.join(failed)}" if failed else "")


def results_table(results: list[Result]) -> Table:
    """The results on screen; every cell is a ``Text`` of ``safe_text.for_terminal``, so a
    student's text is never rich markup and never a control sequence."""
    table = Table(title="Grading results")
    for column in ("Student", "Exercise", "Checks", "Score", "Status"):
        table.add_column(column)
    for r in sorted(results, key=lambda r: (r.student, r.exercise)):
        status = r.status if r.status == GRADED else f"{r.status}: {for_terminal(r.message)}"
        table.add_row(*map(Text, (for_terminal(r.student, NAME_LIMIT), for_terminal(r.exercise),
                                  for_terminal(summary(r)), f"{r.score:g} of {r.max_score:g}",
                                  status)))
    return table


def grade_command(args) -> int:
    console = Console(highlight=False, emoji=False)

    def say(text: str) -> None:
        """Print a sentence; the learner's text in it (names, paths) shows as it is, escaped."""
        console.print(for_terminal(text, limit=None), markup=False, soft_wrap=True)

    try:
        jobs, timeout = _options(args)
        refusal = None if args.no_sandbox or args.scheduler else sandbox_refusal()
        if refusal:
            raise ValueError(refusal)
        found = survey(args.submissions, _folder(args.solutions, "solutions"), args.exercise)
        tasks, problems = found.tasks, found.problems
        if not tasks and not found.reported:
            raise ValueError(" ".join(problems) + " There is nothing to grade; no result was changed.")
        reported = [item.result() for item in found.reported]   # said so, not graded
        out = Path(args.out)
        feedback = Path(args.feedback) if args.feedback else out.resolve().parent / "feedback"
        folder = ResultsFolder(out, feedback)
        if args.resume:
            folder.load()
    except (ValueError, NotebookFormatError) as error:
        say(f"Error: {error}")
        return 2
    for problem in problems:
        say(problem)
    for result in reported:
        folder.entries[(result.student, result.exercise)] = Entry("", result)
    if reported:
        folder.save(students=[result.student for result in reported])
    digests = {task: content_digest(task.submission, task.source) for task in tasks}
    waiting = []
    for task in tasks:
        earlier = folder.earlier(digests[task], task.source.stem) if args.resume else None
        if earlier is None:
            waiting.append(task)
        else:
            folder.entries[(task.student, task.source.stem)] = Entry(
                digests[task], replace(earlier, student=task.student, submission=str(task.submission)))
    if args.resume:
        say(f"Resuming: {len(tasks) - len(waiting)} of {len(tasks)} submissions were graded "
            f"before and are kept; {len(waiting)} to grade.")
        folder.save()
    if waiting and _grade(waiting, folder, digests, args, jobs, timeout, console) == "stopped":
        say(f"Stopped: {len(folder.entries)} results are saved in {out}; run the same command "
            "with --resume to grade the rest.")
        return 130
    console.print(results_table(
        [folder.entries[(t.student, t.source.stem)].result for t in tasks] + reported))
    say(f"Results: {out}. Feedback for each student: {feedback}.")
    if problems:
        say(f"{len(problems)} file(s) or folder(s) could not be graded: see the sentences above.")
        return 1
    return 0


def hidden(args, folder: ResultsFolder) -> list[Path]:
    """What no sandbox may see: the submissions given, the solutions, the results and feedback."""
    return [Path(p).resolve() for p in args.submissions] + [
        _folder(args.solutions, "solutions").resolve(), folder.csv_path.resolve().parent,
        folder.feedback.resolve()]


def _grade(waiting, folder: ResultsFolder, digests, args, jobs: int, timeout: float,
           console: Console) -> str:
    """Grade ``waiting`` under a progress bar, keeping each result as it comes; "stopped" on Ctrl-C."""
    with Progress(TextColumn("Grading"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.description}", markup=False), console=console) as progress:
        bar = progress.add_task("", total=len(waiting))

        def finished(task, result: Result) -> None:
            folder.add(digests[task], result)
            progress.update(bar, advance=1, description=for_terminal(
                f"{result.student}, {result.exercise}", limit=None))

        try:
            grade_all(waiting, timeout, jobs, finished, scheduler=args.scheduler,
                      sandbox=not args.no_sandbox, hide=hidden(args, folder))
        except KeyboardInterrupt:
            return "stopped"
    return "done"


def main(argv: list[str] | None = None) -> int:
    """``python -m ninetynine.grading``: the same subcommands, without the rest of the CLI."""
    parser = argparse.ArgumentParser(prog="python -m ninetynine.grading")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return args.func(args)
