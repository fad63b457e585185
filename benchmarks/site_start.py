"""How long the browser-only site takes from opening notebook 00 to an idle kernel, and what each
preloaded package costs.

Serves a copy of the built site (``make site`` first) and opens notebook 00 in a fresh headless
Chromium context each time (a cold browser: nothing cached), as ``make site-check`` does, with
the site's own list of packages loaded at the kernel's start (``site.PRELOAD``) and then with
each package that is not needed to start the kernel left out, one at a time (its entry in the
copy's ``jupyter-lite.json``; a package another one needs still comes along). Prints the median
of ``--runs`` starts for each, the difference from the full list, and the load of the machine:
timings taken while the machine is busy say little.

    python benchmarks/site_start.py [--runs 3] [--only ninetynine pygal]
    python benchmarks/site_start.py --uncompiled [--runs 6]

``--uncompiled`` instead compares the built site with a copy built without compiling its wheels
and standard library (``ninetynine/site_bytecode.py``, as a build without Node.js makes it), one
start of each in turn, so that the machine's load weighs on both alike.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import tempfile
from pathlib import Path

from ninetynine.site import PRELOAD, SITE
from ninetynine.site_check import RecordingProxy, chromium, in_thread, open_notebook, served_site

#: What the kernel itself needs to start: never left out.
KERNEL = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
NOTEBOOK = "notebooks/00-start-here.ipynb"


def starts(folder: Path, packages: list[str], runs: int) -> list[float]:
    """Seconds from opening notebook 00 to an idle kernel, ``runs`` times, with ``packages``
    preloaded (written into the copy's jupyter-lite.json)."""
    config_path = folder / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    options = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    options["loadPyodideOptions"]["packages"] = packages
    config_path.write_text(json.dumps(config), encoding="utf-8")
    seconds = []
    with in_thread(RecordingProxy()) as proxy, chromium(proxy.server_address[1]) as browser, \
            served_site(folder) as base:
        for _ in range(runs):
            context = browser.new_context(viewport={"width": 1366, "height": 768})
            page = context.new_page()
            try:
                seconds.append(open_notebook(page, base, NOTEBOOK))
            finally:
                context.close()
    return seconds


def compare_uncompiled(runs: int) -> None:
    """Medians of ``runs`` starts of the built site and of a copy built without compiling,
    taken in turn."""
    import ninetynine.site as site
    import ninetynine.site_bytecode as bytecode
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (2 cores)")
    with tempfile.TemporaryDirectory(prefix="ninetynine-site-start-") as name:
        compiled = Path(name) / "compiled"
        shutil.copytree(SITE, compiled)
        node, bytecode.node = bytecode.node, lambda: None
        try:
            uncompiled = site.build(output=Path(name) / "uncompiled")
        finally:
            bytecode.node = node
        seconds = {"compiled": [], "uncompiled": []}
        for run in range(runs):
            pair = [("compiled", compiled), ("uncompiled", uncompiled)]
            for label, folder in pair if run % 2 == 0 else pair[::-1]:
                seconds[label] += starts(folder, list(PRELOAD), 1)
        for label, found in seconds.items():
            print(f"{label:20} median {statistics.median(found):5.1f} s  "
                  f"({', '.join(f'{s:.1f}' for s in found)})")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="starts measured for each list")
    parser.add_argument("--only", nargs="*", default=None,
                        help="the packages to try leaving out (all that may be, by default)")
    parser.add_argument("--uncompiled", action="store_true",
                        help="compare with a copy built without compiling")
    options = parser.parse_args(argv)
    if not (SITE / "jupyter-lite.json").exists():
        parser.error(f"there is no built site in {SITE}: run make site first")
    if options.uncompiled:
        compare_uncompiled(options.runs)
        return 0
    optional = [name for name in PRELOAD if name not in KERNEL]
    trials = [("the site's list", list(PRELOAD))] + [
        (f"without {name}", [p for p in PRELOAD if p != name])
        for name in (options.only if options.only is not None else optional)]
    trials.append(("the kernel's own packages only", list(KERNEL)))
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (2 cores)")
    with tempfile.TemporaryDirectory(prefix="ninetynine-site-start-") as name:
        folder = Path(name) / "site"
        shutil.copytree(SITE, folder)
        full = None
        for label, packages in trials:
            seconds = starts(folder, packages, options.runs)
            median = statistics.median(seconds)
            full = median if full is None else full
            runs = ", ".join(f"{s:.1f}" for s in seconds)
            print(f"{label:40} median {median:5.1f} s  ({runs})  {median - full:+5.1f} s", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
