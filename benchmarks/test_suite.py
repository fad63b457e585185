"""How long ``make test`` takes on this machine, and where the time goes.

Runs ``make test`` itself, with one more pytest plugin (given through ``PYTEST_ADDOPTS``) that
notes each test's time on its worker, while a thread reads the machine's processor use once a
second. Before and after, a fixed piece of work is timed in processor seconds: the trick-taking
search bot's duplicate match against the rules bot, one game of six deals. The machines the kit is
tested on have been seen to take from 1.8 to 5.7 s for it on different days, so a suite's time
means little without it; compare runs by their calibration, or alternate the runs you compare.

    python benchmarks/test_suite.py [--top 15] [--target test-all]

Prints the suite's time and pytest's verdict, the calibration before and after, how busy the
processors were (a worker waiting on a kernel, a browser or a time limit leaves its core idle),
each worker's total and the files that took longest, with the worker that ran each and when.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / ".venv" / "bin" / "python"

CALIBRATION = """
import time
from ninetynine.tricks.bots import duplicate_match, rules_bot, search_bot
start = time.process_time()
duplicate_match(search_bot, rules_bot, games=1, deals=6)
print(time.process_time() - start)
"""

#: The plugin ``make test`` is given: one line of JSON per test, in a file per worker.
PLUGIN = '''
import json, os, time
import pytest

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    start = time.time()
    yield
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    folder = os.environ["NINETYNINE_SUITE_TIMES"]
    with open(os.path.join(folder, worker + ".jsonl"), "a", encoding="utf-8") as out:
        out.write(json.dumps({"test": item.nodeid, "start": start, "took": time.time() - start}) + "\\n")
'''


def calibrate() -> float:
    """Processor seconds the fixed piece of work takes now, in the kit's environment."""
    python = PYTHON if PYTHON.exists() else Path(sys.executable)
    done = subprocess.run([str(python), "-c", CALIBRATION], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    return float(done.stdout.split()[-1])


class Busy(threading.Thread):
    """The share of every processor's time that was busy, read from /proc/stat once a second."""

    def __init__(self):
        super().__init__(daemon=True)
        self.busy = self.total = 0
        self.stopping = threading.Event()

    @staticmethod
    def read() -> tuple[int, int]:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:9]]
        idle = fields[3] + fields[4]                 # idle, and waiting on the disk
        return sum(fields) - idle, sum(fields)

    def run(self):
        busy, total = self.read()
        while not self.stopping.wait(1.0):
            now_busy, now_total = self.read()
            self.busy, self.total = self.busy + now_busy - busy, self.total + now_total - total
            busy, total = now_busy, now_total

    def share(self) -> float | None:
        return self.busy / self.total if self.total else None


def run_suite(folder: Path, target: str = "test") -> tuple[float, str, int]:
    """``make <target>`` (``test`` or ``test-all``) with the timing plugin; its seconds, last line
    and return code."""
    (folder / "suite_times_plugin.py").write_text(PLUGIN, encoding="utf-8")
    environment = {**os.environ, "NINETYNINE_SUITE_TIMES": str(folder),
                   "PYTHONPATH": os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")])),
                   "PYTEST_ADDOPTS": (os.environ.get("PYTEST_ADDOPTS", "") + " -p suite_times_plugin").strip()}
    start = time.perf_counter()
    done = subprocess.run(["make", target], cwd=ROOT, env=environment, capture_output=True, text=True)
    took = time.perf_counter() - start
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return took, (lines[-1] if lines else done.stderr.strip()[-300:]), done.returncode


def report(folder: Path, top: int) -> None:
    """Each worker's total and the files that took longest, from the plugin's notes."""
    tests = [dict(json.loads(line), worker=path.stem) for path in sorted(folder.glob("*.jsonl"))
             for line in path.read_text(encoding="utf-8").splitlines()]
    if not tests:
        print("no test times were written (did pytest start?)")
        return
    began = min(test["start"] for test in tests)
    files = collections.defaultdict(lambda: {"took": 0.0, "first": float("inf"), "last": 0.0})
    workers = collections.Counter()
    for test in tests:
        workers[test["worker"]] += test["took"]
        entry = files[test["test"].split("::")[0]]
        entry["took"] += test["took"]
        entry["worker"] = test["worker"]
        start = test["start"] - began
        entry["first"] = min(entry["first"], start)
        entry["last"] = max(entry["last"], start + test["took"])
    print("each worker's tests took: " + ", ".join(f"{name} {seconds:.0f} s"
                                                    for name, seconds in sorted(workers.items())))
    print(f"the {top} files that took longest (worker, from and to, seconds after the first test):")
    for path, entry in sorted(files.items(), key=lambda item: -item[1]["took"])[:top]:
        print(f"  {entry['took']:6.1f} s  {path}  ({entry['worker']}, "
              f"{entry['first']:.0f}-{entry['last']:.0f} s)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=15, help="how many of the longest files to list")
    parser.add_argument("--target", choices=["test", "test-all"], default="test",
                        help="make test (the quick suite) or make test-all (every test, as CI)")
    options = parser.parse_args(argv)
    before = calibrate()
    print(f"calibration before: {before:.2f} s of processor time (the fixed work; lower is faster)")
    with tempfile.TemporaryDirectory(prefix="ninetynine-suite-") as name:
        busy = Busy()
        busy.start()
        took, verdict, code = run_suite(Path(name), options.target)
        busy.stopping.set()
        busy.join()
        after = calibrate()
        print(f"make {options.target}: {took:.1f} s ({took / 60:.1f} minutes), exit code {code}: {verdict}")
        print(f"calibration after: {after:.2f} s")
        share = busy.share()
        if share is not None:
            print(f"the processors were busy {share:.0%} of the time ({os.cpu_count()} cores)")
        report(Path(name), options.top)
    return code


if __name__ == "__main__":
    sys.exit(main())
