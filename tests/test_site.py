"""The JupyterLite site (``make site``) in a real browser, with no host but 127.0.0.1.

One test, as a learner with no Python installed would use the site: it serves ``site/`` on
127.0.0.1, opens notebook 00 in headless Chromium, runs it in the Pyodide kernel, plays a card
at the live table by the button's accessible name, then opens exercise 04, types a wrong answer
(a visible check must fail) and the reference solution (every check must pass), saves it,
downloads it as a learner hands it in, and grades the download with ``ninetynine grade``.
Throughout, every request of the page and its workers is watched (``Requests``) and Chromium's
only way out is a recording proxy: anything asked of another host fails the test, except
Chromium's own update and account services (``BROWSER_SERVICES``), which it calls on an empty
page too.

The site is built first when ``site/`` is missing or older than the kit's sources (about 10 s
with the download cache warm). Without Chromium, Playwright, or a site that can be built (no
network and an empty cache) the test is skipped with a message, except on CI (``CI=true``),
where it fails. Timings go to ``test-artifacts/site-timings.txt``.
"""
from __future__ import annotations

import csv
import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest

from machine import required, sandbox_flags
from ninetynine import site, site_bytecode
from ninetynine.grading.commands import main as ninetynine_command

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
NOTEBOOK = "notebooks/00-start-here.ipynb"
EXERCISE = "exercises/04-milestones.ipynb"
WRONG_ANSWER = "def penalties(old, new):\n    return ()\n"      # charges nothing, ever
SOURCES = ("ninetynine", "notebooks", "exercises", "docs")
TIMINGS: dict[str, float] = {}          # written to test-artifacts/site-timings.txt


def site_is_stale() -> bool:
    if not site.is_built():
        return True
    built = (site.SITE / "jupyter-lite.json").stat().st_mtime
    return any(path.stat().st_mtime > built for folder in SOURCES
               for path in (ROOT / folder).rglob("*") if path.is_file() and
               "__pycache__" not in path.parts)


@pytest.fixture(scope="module")
def built_site() -> Path:
    from ninetynine.site_check import CHROMIUM
    if not Path(CHROMIUM).exists():
        required(f"Chromium is not installed at {CHROMIUM}: install it with 'apt-get install "
                 "chromium' to run the site test")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        required("Playwright is not installed: install the kit's 'browser' extra")
    if site_is_stale():
        started = time.monotonic()
        try:
            site.build()
        except site.SiteError as error:         # offline with an empty cache, or no 'site' extra
            if "download" in str(error) or "not installed" in str(error):
                required(f"The site is not built and cannot be built here: {error}")
            raise
        TIMINGS["building the site (it was older than the sources)"] = time.monotonic() - started
    return site.SITE


@pytest.mark.slow                    # the whole site in Chromium, about 2 minutes: make test-all
def test_the_site_runs_notebook_00_and_an_exercise_offline_and_its_download_grades(
        built_site, tmp_path):
    from ninetynine.site_check import (RecordingProxy, Requests, chromium, in_thread,
                                       not_browser_services, served_site)
    with in_thread(RecordingProxy()) as proxy, served_site(built_site) as base, \
            chromium(proxy.server_address[1]) as browser:
        context = browser.new_context(viewport={"width": 1280, "height": 1400},
                                      accept_downloads=True)
        requests = Requests(context)
        page = context.new_page()
        page.set_default_timeout(60_000)
        ARTIFACTS.mkdir(exist_ok=True)
        try:
            timings = play_and_hand_in(page, base, tmp_path)
        except BaseException:
            page.screenshot(path=str(ARTIFACTS / "site-failure.png"), full_page=True)
            raise
        context.close()
        strangers = not_browser_services(proxy.hosts)
    assert requests.count > 50, "the watcher saw the site's requests"
    assert requests.elsewhere == [], f"the page asked other hosts: {requests.elsewhere}"
    assert strangers == [], f"requests left 127.0.0.1 for {strangers}"
    started = time.monotonic()
    grade_the_download(tmp_path / "alice")
    TIMINGS.update(timings, **{"grading the download": time.monotonic() - started})
    (ARTIFACTS / "site-timings.txt").write_text(
        "".join(f"{name}: {seconds:.1f} s\n" for name, seconds in TIMINGS.items())
        + f"load average: {os.getloadavg()}\n")


@pytest.mark.slow
def test_the_sites_python_comes_compiled_by_pyodides_own_python(built_site):
    """The kernel imports about 580 modules of its wheels and 200 of the standard library at its
    start and first cell; compiled in the build (``site_bytecode.py``), by the runtime the site
    ships, the browser compiles none of them.
    The test above runs notebook 00 and an exercise on these very wheels."""
    import importlib.util
    import zipfile
    if site_bytecode.node() is None:
        required("Node.js is not installed: the site's build compiles its wheels and standard "
                 "library with it (apt-get install nodejs)")
    magics, kit_sources = set(), 0
    for wheel in sorted((built_site / "static" / "pyodide").glob("*.whl")):
        names = zipfile.ZipFile(wheel).namelist()
        modules = [n for n in names if n.endswith(".py") and ".dist-info/" not in n
                   and ".data/" not in n]
        compiled = [n for n in names if n.endswith(".pyc")]
        assert compiled, f"{wheel.name} holds no compiled module"
        if wheel.name.startswith("ninetynine-"):
            kit_sources = len(modules)
            assert len(compiled) == len(modules), "each kit module keeps its source and gets its pyc"
        else:
            assert not modules, f"{wheel.name} still holds source: {modules[:3]}"
        with zipfile.ZipFile(wheel) as archive:
            magics |= {archive.read(name)[:4] for name in compiled}
    assert kit_sources > 50
    with zipfile.ZipFile(built_site / "static" / "pyodide" / site_bytecode.STDLIB) as stdlib:
        names = stdlib.namelist()
        compiled = [n for n in names if n.endswith(".pyc")]
        assert len(compiled) > 500 and not [n for n in names if n.endswith(".py")], \
            "the standard library's zip holds each module compiled, in place of its source"
        magics |= {stdlib.read(name)[:4] for name in compiled}
    assert len(magics) == 1 and magics != {importlib.util.MAGIC_NUMBER}, \
        "one Python compiled every module, and not this one (Pyodide's, in Node.js)"


def play_and_hand_in(page, base: str, downloads: Path) -> dict[str, float]:
    from ninetynine.site_check import (CARD, activate, command, first_error, open_beside,
                                       run_all, solution_code, type_into_cell,
                                       wait_for_idle_kernel)
    started = time.monotonic()
    page.goto(f"{base}/lab/index.html?path={NOTEBOOK}")
    page.locator(".jp-Notebook:visible").first.wait_for()
    open_beside(page, EXERCISE)          # both kernels start now, side by side
    activate(page, NOTEBOOK)
    wait_for_idle_kernel(page)
    timings = {"notebook 00: page to idle kernel": time.monotonic() - started}
    started = time.monotonic()
    cells = run_all(page, timeout=120)
    timings["notebook 00: all cells"] = time.monotonic() - started
    assert first_error(cells) is None, first_error(cells)
    play_a_card(page, CARD)
    page.screenshot(path=str(ARTIFACTS / "site-table.png"), full_page=True)

    activate(page, EXERCISE)
    wait_for_idle_kernel(page)
    # As handed out: the stub fails in the try-it cell, and Run All still reaches every check
    # (JupyterLite would stop at the first error: exercise._Speaker.go_on_in_jupyterlite).
    cells = run_all(page, timeout=120)
    assert all(cell["count"] for cell in cells), "Run All ran every cell after the failing stub"
    assert "`penalties` is not written yet" in first_error(cells), first_error(cells)
    assert cells[-1]["text"].startswith("0 of 2 visible checks pass; still to do:"), cells[-1]
    type_into_cell(page, "# YOUR CODE HERE", WRONG_ANSWER)
    cells = run_all(page, timeout=120)
    assert all(cell["count"] for cell in cells), "Run All ran every cell after a failing check"
    assert first_error(cells), "a visible check must fail"
    assert re.match(r"[01] of 2 visible checks pass; still to do:", cells[-1]["text"]), cells[-1]
    (answer,) = solution_code(Path(EXERCISE).name)
    type_into_cell(page, "def penalties(old, new):", answer)
    started = time.monotonic()
    cells = run_all(page, timeout=120)
    timings["exercise 04: all cells with the solution"] = time.monotonic() - started
    assert first_error(cells) is None, first_error(cells)
    assert all(cell["count"] for cell in cells), "every cell ran, the checks included"

    command(page, "docmanager:save")             # kept in the browser's storage
    with page.expect_download() as download:      # File > Download
        command(page, "docmanager:download")
    target = downloads / "alice" / download.value.suggested_filename
    target.parent.mkdir()
    download.value.save_as(target)
    shutil.copy(target, ARTIFACTS / f"site-download-{target.name}")     # to compare by eye
    return timings


def play_a_card(page, card_name) -> None:
    """Click a card of your hand by its name; the live region must then speak of that card."""
    cards = page.get_by_role("button", name=card_name)
    cards.first.wait_for()
    names = [button.get_attribute("aria-label") or button.inner_text() for button in cards.all()]
    # An Ace or a 10 asks for a choice first; any other card plays at once.
    simple = [n for n in names if not n.startswith(("Ace ", "10 "))] or names
    card = card_name.match(simple[0].strip()).group(0)
    region = page.locator('[role="status"]').last
    before = region.inner_text()
    page.get_by_role("button", name=simple[0].strip(), exact=True).first.click()
    page.wait_for_function(
        "([before]) => { const r = [...document.querySelectorAll('[role=status]')].pop();"
        " return r && r.textContent.trim() && r.textContent.trim() !== before.trim(); }",
        arg=[before])
    said = region.inner_text()
    assert card in said, f"after clicking the {card}, the live region says: {said}"


def grade_the_download(folder: Path) -> None:
    """The file a learner downloads from the site is graded like any other submission."""
    assert [path.suffix for path in folder.iterdir()] == [".ipynb"]
    out = folder.parent / "results.csv"
    assert ninetynine_command(["grade", str(folder), "--out", str(out), *sandbox_flags()]) == 0
    with out.open(encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    graded = {(row["student"], row["exercise"]) for row in rows}
    assert graded == {("alice", "04-milestones")}, f"graded as {graded}"
    failed = [f"{row['check']}: {row['status']}: {row['message']}" for row in rows
              if row["passed"] != "yes" or row["status"] != "graded"]
    assert not failed, "the site's download lost points:\n" + "\n".join(failed)


# --- the build's refusals (no network, no browser) ----------------------------------------------

def test_a_pyodide_pin_the_kernel_does_not_run_stops_the_build_with_one_sentence(monkeypatch):
    pytest.importorskip("jupyterlite_pyodide_kernel")
    monkeypatch.setattr(site, "PYODIDE_VERSION", "0.27.7")
    with pytest.raises(site.SiteError) as refusal:
        site.build(output=Path("/nonexistent/never-written"))
    message = str(refusal.value)
    assert message.startswith("ninetynine/site.py pins Pyodide 0.27.7, but the installed "
                              "jupyterlite-pyodide-kernel")
    assert message.count(". ") == 0 and message.endswith("."), message


def test_a_wheel_pin_that_differs_from_pyodides_own_version_is_refused(monkeypatch):
    monkeypatch.setitem(site.WHEELS, "rich", "15.0.0")
    with pytest.raises(site.SiteError, match=r"pins rich 15\.0\.0, but Pyodide \S+ ships rich "
                                             r"14\.3\.3: pin rich to 14\.3\.3\.$"):
        site.check_against_pyodide({"packages": {"rich": {"version": "14.3.3"}}})


def test_a_notebook_that_needs_numpy_is_marked_as_one_to_run_outside_the_site(tmp_path):
    code = {"cell_type": "code", "source": ["import random\n", "from ninetynine.adapters "
                                            "import pettingzoo\n", "import numpy as np\n"]}
    notebook = {"cells": [{"cell_type": "markdown", "source": ["import numpy"]}, code]}
    reason = site.why_not_in_the_site(notebook)
    assert reason.startswith("it uses the kit's OpenSpiel and PettingZoo adapters and numpy, ")
    assert site.why_not_in_the_site({"cells": [{"cell_type": "code", "source": [
        "import ninetynine as nn\n", "import numpyish\n"]}]}) is None
    path = tmp_path / "20.ipynb"
    path.write_text(json.dumps({"cells": [site.not_in_the_site_cell(reason), code]}))
    assert reason in site.site_note(path)


def test_every_picture_a_staged_notebook_shows_is_staged_beside_it(tmp_path):
    """Notebook 00's pictures (docs/images) were missing from the site: "Path
    docs/images/counting-table.png does not exist" in the browser's console."""
    staged = site.stage_contents(tmp_path)
    pictures = 0
    for notebook in [path for path in staged if path.suffix == ".ipynb"]:
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            for target in re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", "".join(cell["source"])):
                if "://" in target or target.startswith("attachment:"):
                    continue
                pictures += 1
                assert (notebook.parent / target).resolve().exists(), \
                    f"{notebook.relative_to(tmp_path)} shows {target}, which the site lacks"
    assert pictures >= 3


def test_the_recording_proxy_notes_every_host_it_is_asked_for_and_answers_nothing():
    import urllib.error
    import urllib.request

    from ninetynine.site_check import RecordingProxy, in_thread, not_browser_services
    with in_thread(RecordingProxy()) as proxy:
        address = f"http://127.0.0.1:{proxy.server_address[1]}"
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({"http": address}))
        for url in ("http://cdn.jsdelivr.net/pyodide/", "http://update.googleapis.com/"):
            with pytest.raises(urllib.error.HTTPError):
                opener.open(url, timeout=5)
    assert proxy.hosts == ["cdn.jsdelivr.net", "update.googleapis.com"]
    assert not_browser_services(proxy.hosts) == ["cdn.jsdelivr.net"]


def test_a_download_named_after_the_sites_folder_is_graded_for_the_student_of_its_folder():
    """JupyterLite's File > Download names the file after its path in the site, and browsers
    turn the slash into "_": a learner hands in "exercises_04-milestones.ipynb" (the file
    browser's Download gives "04-milestones.ipynb"). Either way the folder names the student."""
    from ninetynine.grading.grader import student_name
    source = ROOT / "solutions" / "04-milestones.ipynb"
    for name in ("04-milestones.ipynb", "exercises_04-milestones.ipynb"):
        assert student_name(Path("submissions/alice") / name, source) == "alice", name
    assert student_name(Path("submissions/x/ada-04.ipynb"), source) == "ada"
