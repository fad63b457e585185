"""What the sandbox and the channel cost: starting a learner, one graded submission, one call.

    .venv/bin/python benchmarks/sandbox.py [--runs 8] [--games 100]

1. **Starting a learner** (``channel.Learner()``: bubblewrap, Python, the channel's own imports)
   and closing it, median of ``--runs``.
2. **Per-submission overhead of** ``grade_submission``: an exercise whose one cell and one check
   do nothing, so that everything measured is the grader's own work (sandbox, reading the
   notebooks, the exercise's helpers, the package fingerprints, the namespace, closing).
3. **A call through the channel**: ``my_bot(view)`` with a Quentin C view, live.
4. **A match through the channel**: ``match(my_bot, "random", games)`` played by the grader
   with the bot in the sandbox (every move a round trip), against the same match in one process
   without a sandbox.
5. **Many calls asked at once** (``checking.answers``, ``Learner.call_many``): 20,000 calls of
   a small function, one message per 2,000, against one crossing per call.

Other work on the machine slows every figure: the load average is printed with them.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ninetynine as nn  # noqa: E402
from ninetynine.grading.channel import Learner  # noqa: E402
from ninetynine.grading.checking import answers, match  # noqa: E402
from ninetynine.grading.runner import grade_submission  # noqa: E402

BOT = '''def my_bot(view):
    """A simple honest bot: the move whose text comes first."""
    return min(view.legal_moves, key=str)'''


def do_nothing_exercise(folder: Path) -> tuple[Path, Path]:
    source = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("def f():\n    ### BEGIN SOLUTION\n    pass\n    ### END SOLUTION"),
        nbformat.v4.new_code_cell("f()")])
    source.cells[1].metadata["nbgrader"] = {"grade": True, "grade_id": "nothing", "points": 1}
    nbformat.write(source, folder / "01-nothing.ipynb")
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("def f():\n    pass")]),
                   folder / "ada-01.ipynb")
    return folder / "ada-01.ipynb", folder / "01-nothing.ipynb"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")

    starts = []
    for _ in range(args.runs):
        began = time.perf_counter()
        Learner().close()
        starts.append(time.perf_counter() - began)
    print(f"starting and closing a learner: median {statistics.median(starts):.2f} s "
          f"(min {min(starts):.2f}, max {max(starts):.2f}, {args.runs} runs)")

    with tempfile.TemporaryDirectory() as folder:
        submission, source = do_nothing_exercise(Path(folder))
        totals = []
        for _ in range(args.runs):
            began = time.perf_counter()
            result = grade_submission(submission, source, "ada", 60)
            totals.append(time.perf_counter() - began)
            assert result.score == 1, result
    print(f"grade_submission of an exercise that does nothing (the per-submission overhead): "
          f"median {statistics.median(totals):.2f} s (min {min(totals):.2f}, max {max(totals):.2f})")

    namespace: dict = {}
    exec(BOT, namespace)
    state = nn.make("quentin_c", players=2).new_game(seed=1)
    view = state.view(state.to_move)
    with Learner() as learner:
        learner.run(BOT)
        bot = learner.names()["my_bot"]
        began = time.perf_counter()
        for _ in range(500):
            bot(view)
        print(f"one call of my_bot(view), live: {(time.perf_counter() - began) / 500 * 1000:.2f} ms")

        began = time.perf_counter()
        here = match(namespace["my_bot"], "random", games=args.games, seed=1)
        alone = time.perf_counter() - began
        began = time.perf_counter()
        live = match(bot, "random", games=args.games, seed=1)
        live_seconds = time.perf_counter() - began
        moves = learner.live_calls
        learner.run("def small(x):\n    return x + 1")
        began = time.perf_counter()
        assert answers(lambda x: f"For {x}", learner.function("small"),
                       [(n,) for n in range(20_000)]) == list(range(1, 20_001))
        batched = time.perf_counter() - began
        began = time.perf_counter()
        small = learner.function("small")
        for n in range(2_000):
            small(n)
        one_by_one = (time.perf_counter() - began) * 10
    assert here == live, (here, live)
    print(f"a match of {args.games} games against random_bot ({moves} moves of my_bot or so): "
          f"in one process {alone:.1f} s; through the channel {live_seconds:.1f} s")
    print(f"20,000 calls of a small function: asked at once {batched:.2f} s; one crossing per "
          f"call {one_by_one:.1f} s (2,000 timed, times 10)")


if __name__ == "__main__":
    main()
