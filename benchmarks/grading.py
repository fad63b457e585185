"""How fast `ninetynine grade` grades a class, measured the way an instructor runs it.

Two figures, each from the real command (``python -m ninetynine.grading grade ...``) in a
temporary folder:

1. **Overhead per submission**: everything but the learner's own cells and the checks - starting
   a worker, its sandbox and kernel, reading the notebooks, stopping them, writing the CSV and
   the feedback. Measured on an exercise whose one cell and one check do nothing (``pass``),
   graded one at a time (``--jobs 1``): the command is run on ``N`` and on ``3N`` such
   submissions, and the difference divided by ``2N`` is what one more submission costs (the
   command's own start, paid once per run, is printed apart).
2. **A class of exercise 05** (a bot that must beat random_bot; its checks play 1,400 games):
   copies of the reference solution, of the untouched exercise and of a wrong bot that always
   plays its first card, graded with ``--jobs 2``; the total, and the score each kind got.

    python benchmarks/grading.py [--class-size 40] [--trivial 8] [--jobs 2]   (--class-size 0: overhead only)

The sandbox is used when bubblewrap is installed (otherwise ``--no-sandbox``, and it says so).
Other work on the machine slows both figures: the load average is printed with them, and so is
the processor time the command and every process below it used, which that work hardly changes
(on an idle machine, ``--jobs 1`` takes about that long).
"""
from __future__ import annotations

import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import nbformat
import psutil

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = ROOT / "solutions" / "05-beat-random.ipynb"
EXERCISE = ROOT / "exercises" / "05-beat-random.ipynb"
FIRST_CARD = 'def my_bot(view):\n    """Always the first legal move."""\n    return view.legal_moves[0]'


def grade(folder: Path, out: Path, jobs: int, solutions: Path | None = None) -> tuple[float, float]:
    """Run ``ninetynine grade`` on ``folder``; return the seconds it took, and the processor
    seconds used by it and every process below it (workers, sandboxes), which other work on the
    machine hardly changes. The processes are sampled every 0.1 s, so the last moments of each
    are missed: the processor time is a slight underestimate."""
    command = [sys.executable, "-m", "ninetynine.grading", "grade", str(folder), "--out", str(out),
               "--jobs", str(jobs)]
    command += ["--solutions", str(solutions)] if solutions else []
    command += [] if shutil.which("bwrap") else ["--no-sandbox"]
    start = time.perf_counter()
    grader = psutil.Popen(command, stdout=subprocess.DEVNULL, cwd=ROOT)
    used: dict[tuple[int, float], float] = {}
    while grader.poll() is None:
        try:
            processes = [grader] + grader.children(recursive=True)
        except psutil.Error:
            processes = []
        for process in processes:
            try:
                with process.oneshot():
                    times = process.cpu_times()
                    used[(process.pid, process.create_time())] = times.user + times.system
            except psutil.Error:
                continue
        time.sleep(0.1)
    if grader.returncode != 0:
        raise SystemExit(f"ninetynine grade failed with exit status {grader.returncode}")
    return time.perf_counter() - start, sum(used.values())


def trivial_exercise(folder: Path) -> Path:
    """A solutions folder with one exercise whose cell and check do nothing."""
    solutions = folder / "solutions"
    solutions.mkdir()
    cells = [nbformat.v4.new_code_cell("pass"), nbformat.v4.new_code_cell("pass")]
    cells[1].metadata["nbgrader"] = {"grade": True, "grade_id": "nothing", "points": 1}
    nbformat.write(nbformat.v4.new_notebook(cells=cells), solutions / "01-nothing.ipynb")
    return solutions


def trivial_class(scratch: Path, solutions: Path, size: int) -> Path:
    """A folder of ``size`` copies of the do-nothing exercise."""
    folder = scratch / f"trivial-{size}"
    folder.mkdir()
    for number in range(size):
        shutil.copy(solutions / "01-nothing.ipynb", folder / f"s{number:02d}-01.ipynb")
    return folder


def wrong_bot() -> nbformat.NotebookNode:
    """The solution notebook with ``my_bot`` replaced by a bot that plays its first card."""
    notebook = nbformat.read(SOLUTION, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code" and cell.source.startswith("def my_bot"):
            cell.source = FIRST_CARD
    return notebook


def build_class(folder: Path, size: int) -> dict[str, str]:
    """``size`` submissions of exercise 05: half solutions, a quarter untouched, a quarter wrong."""
    folder.mkdir()
    kinds = {}
    wrong = wrong_bot()
    for number in range(size):
        student = f"student{number:02d}"
        kind = "solution" if number % 4 < 2 else "untouched" if number % 4 == 2 else "first card"
        target = folder / f"{student}-05-beat-random.ipynb"
        if kind == "first card":
            nbformat.write(wrong, target)
        else:
            shutil.copy(SOLUTION if kind == "solution" else EXERCISE, target)
        kinds[student] = kind
    return kinds


def scores(out: Path, kinds: dict[str, str]) -> dict[str, dict[float, int]]:
    """For each kind of submission, how many got each score; prints why any solution lost points."""
    totals: dict[str, float] = defaultdict(float)
    with out.open(encoding="utf-8") as file:
        for row in csv.DictReader(file):
            totals[row["student"]] += float(row["points"])
            if kinds.get(row["student"]) == "solution" and row["passed"] != "yes":
                print(f"  a solution lost points: {row['student']} {row['check']} {row['status']}: "
                      f"{row['message']}")
    found: dict[str, dict[float, int]] = defaultdict(lambda: defaultdict(int))
    for student, kind in kinds.items():
        found[kind][totals.get(student, -1)] += 1
    return {kind: dict(counts) for kind, counts in found.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--class-size", type=int, default=40)
    parser.add_argument("--trivial", type=int, default=8, help="submissions for the overhead")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print("sandbox:", "bubblewrap" if shutil.which("bwrap") else "none (--no-sandbox)")
    with tempfile.TemporaryDirectory(prefix="grading-bench-") as scratch:
        scratch = Path(scratch)
        solutions = trivial_exercise(scratch)
        load = os.getloadavg()[0]
        (few, few_cpu), (many, many_cpu) = (
            grade(trivial_class(scratch, solutions, size), scratch / f"t{size}.csv", 1, solutions)
            for size in (args.trivial, 3 * args.trivial))
        each, each_cpu = ((b - a) / (2 * args.trivial) for a, b in ((few, many), (few_cpu, many_cpu)))
        print(f"overhead: {each:.2f} s per submission, {each_cpu:.2f} s of processor time "
              f"({args.trivial} submissions that do nothing in {few:.1f} s, {3 * args.trivial} in "
              f"{many:.1f} s, --jobs 1; the command's own start {few - args.trivial * each:.1f} s; "
              f"load {load:.1f})")
        if not args.class_size:
            return
        kinds = build_class(scratch / "class", args.class_size)
        load = os.getloadavg()[0]
        seconds, cpu = grade(scratch / "class", scratch / "class.csv", args.jobs)
        print(f"class: {args.class_size} submissions of exercise 05 in {seconds:.1f} s with "
              f"--jobs {args.jobs} ({seconds / args.class_size:.2f} s each; {cpu:.0f} s of "
              f"processor time in all; load {load:.1f})")
        for kind, counts in sorted(scores(scratch / "class.csv", kinds).items()):
            print(f"  {kind}: " + ", ".join(f"{n} scored {score:g}" for score, n in sorted(counts.items())))


if __name__ == "__main__":
    main()
