"""The kit's three live tables in a real browser: JupyterLab, Chromium, and the keyboard alone.

One JupyterLab (127.0.0.1, a free port, no token, the news pop-up switched off) serves a copy of
``notebooks/00-start-here.ipynb`` - which ends with the counting game's ``Table`` - with two
cells added at its end: notebook 13's ``TricksTable`` and notebook 12's ``BoardTable``. Headless
Chromium opens it once at 1100 x 760 in JupyterLab's default layout (the file browser open) and
runs all cells. Then
one test per table (a browser test costs seconds of a busy core, so each is comprehensive) puts
runs that table's cell as a learner does (a click on the cell, Shift+Enter): the new table takes
the focus by itself, every navigation key pressed there stays in the table (JupyterLab's active
cell and the notebook's scroll never move, during the whole play too), and the test plays by
keyboard alone (Tab, Shift+Tab, the arrow keys, Enter, digits; no mouse) through a whole round,
deal or game to its summary:

- counting: cards played with Enter until the round ends (an Ace's or a 10's choices take the
  focus); the count on the felt matches the narration; the summary's "Next round" has the focus;
- tricks: three cards chosen for the bid, "Lay aside these three", Pass, nine tricks; once a card
  marked "not now" is pressed and refused in words; at the summary the ninth trick is still on
  the felt with its winner and the score is broken down; "Next deal" deals the next one;
- board: selecting a card moves the focus into the board (a WAI-ARIA grid, one Tab stop) onto
  the first square it allows; the arrow keys, Home and digits move it; Enter places; Draw and
  Discard are reached with Tab; at the end "New game" has the focus and the winning line is
  marked.

Each test also runs axe-core on its table (``axe-playwright-python``) and fails on any serious
or critical violation, checks that the table (status, felt or board, hand, buttons) fits in the
window at 1366 x 768 and 1100 x 760 beside the file browser and that no card's badge covers the
hand's hint, and saves the window to ``test-artifacts/`` (and the table alone, as a learner sees
it, to ``docs/images/`` with ``NINETYNINE_UPDATE_SCREENSHOTS=1``, to refresh the pictures of the
README and notebook 00). Without Chromium the tests are skipped with a message, except on CI
(``CI=true``), where they fail.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from machine import required
from ninetynine.site_check import CHROMIUM, CHROMIUM_FLAGS      # the same browser as the site's test

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "00-start-here.ipynb"
#: The cells added after notebook 00's table: notebook 13's and notebook 12's tables.
MORE_TABLES = [
    'from ninetynine.ui import TricksTable\n\n'
    'TricksTable(nn.make("tricks"), seat=0, bots="tricks_rules", seed=1)',
    'from ninetynine.board.bots import heuristic_bot\nfrom ninetynine.ui import BoardTable\n\n'
    'BoardTable(nn.make("board", players=2), seat=0, bots=heuristic_bot, seed=0)',
]
COUNTING, TRICKS, BOARD = 0, 1, 2                  # the tables, in page order
ARTIFACTS = ROOT / "test-artifacts"
DOCS_IMAGES = ROOT / "docs" / "images"
WINDOW = {"width": 1100, "height": 760}
LARGER_WINDOW = {"width": 1366, "height": 768}
#: JupyterLab extensions of the dev extra that a learner's lab (the notebook extra) has not.
LEARNER_ABSENT_EXTENSIONS = ["@jupyter/nbgrader", "@jupyter-notebook/lab-extension",
                             "@jupyterlite/pyodide-kernel-extension"]


# --- JupyterLab, Chromium and the page ------------------------------------------------------------

@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        required(f"Chromium is not installed at {CHROMIUM}: install it with "
                 "'apt-get install chromium' to run the browser tests")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        required("Playwright is not installed: install the kit's 'browser' extra")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                              args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def kit_python() -> str:
    """The kit's own virtual environment, where the notebook extras are installed."""
    venv = ROOT / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def tables_notebook(work: Path) -> Path:
    """A copy of notebook 00 with the other two tables added at its end (autosave never touches
    the committed file)."""
    import nbformat

    notebook = nbformat.read(NOTEBOOK, as_version=4)
    notebook.cells += [nbformat.v4.new_code_cell(source) for source in MORE_TABLES]
    for index, cell in enumerate(notebook.cells[-2:]):
        cell["id"] = f"browser-test-{index}"
    path = work / "tables.ipynb"
    nbformat.write(notebook, path)
    for helper in NOTEBOOK.parent.glob("*.py"):      # e.g. notebooks/_setup.py
        shutil.copy(helper, work / helper.name)
    return path


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab serving the tables notebook; yields (its URL, the notebook)."""
    if not NOTEBOOK.exists():
        required(f"{NOTEBOOK} does not exist yet")
    work = tmp_path_factory.mktemp("lab")
    notebook = tables_notebook(work)
    settings = work / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    # The page a learner sees after make lab (the notebook extra): the dev extra's nbgrader,
    # notebook and JupyterLite extensions add menus, buttons and a sidebar the learner's lab does
    # not have, and the pictures in docs/images/ would show them.
    labconfig = work / "config" / "labconfig"
    labconfig.mkdir(parents=True)
    (labconfig / "page_config.json").write_text(json.dumps({"disabledExtensions": {
        name: True for name in LEARNER_ABSENT_EXTENSIONS}}))
    port = free_port()
    # The kernels talk to the server over Unix sockets, not TCP ports another worker could take
    # (tests/conftest.py); their files go in a folder of short name (a socket's path must stay
    # under 108 bytes).
    runtime = tempfile.mkdtemp(prefix="lab-")
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(work / "settings"),
               JUPYTER_CONFIG_DIR=str(work / "config"),
               JUPYTERLAB_WORKSPACES_DIR=str(work / "workspaces"),   # no tabs left from other runs
               JUPYTER_RUNTIME_DIR=runtime)
    env.pop("NINETYNINE_GRADING", None)
    log = open(work / "lab.log", "w")
    server = subprocess.Popen(
        [kit_python(), "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         "--allow-root", "--IdentityProvider.token=", f"--ServerApp.root_dir={work}",
         "--KernelManager.transport=ipc"],
        cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_server(url, server, work / "lab.log")
        yield url, notebook
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
        shutil.rmtree(runtime, ignore_errors=True)


def wait_for_server(url: str, server: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"JupyterLab stopped at start:\n{log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(url + "/api/status", timeout=2):
                return
        except OSError:
            time.sleep(0.5)
    pytest.fail(f"JupyterLab did not answer within {timeout} s:\n{log.read_text()[-2000:]}")


def wait_for_idle_kernel(page, timeout: float = 60) -> None:
    """Wait until the status bar says the kernel is idle (choosing one if JupyterLab asks)."""
    choose_kernel = page.get_by_role("button", name="Select", exact=True)
    idle = page.locator(".jp-StatusBar-Widget").filter(has_text=re.compile(r"\| Idle"))
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if choose_kernel.is_visible():            # a notebook saved without a kernelspec
            choose_kernel.click()
        if idle.count():
            return
        page.wait_for_timeout(300)
    pytest.fail("the notebook's kernel did not become idle")


def run_all_cells(page) -> None:
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()


@pytest.fixture(scope="module")
def page(browser, lab):
    """The tables notebook open at 1100 x 760, all cells run, the file browser hidden. On a busy
    machine the first Run All Cells was once seen to run nothing (every prompt still empty, the
    kernel idle): then all cells are run again."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    url, notebook = lab
    page = browser.new_page(viewport=WINDOW)
    page.set_default_timeout(60_000)
    ARTIFACTS.mkdir(exist_ok=True)
    page.goto(f"{url}/lab/workspaces/tables/tree/{notebook.name}")
    page.locator(".jp-Notebook:visible").first.wait_for()
    wait_for_idle_kernel(page)
    run_all_cells(page)
    last = page.locator(".nn-frame").nth(BOARD)
    try:
        last.wait_for(timeout=45_000)
    except PlaywrightTimeout:
        prompts = "".join(page.locator(".jp-InputPrompt").all_inner_texts())
        if re.search(r"\[[0-9*]+\]", prompts):
            raise                                   # the cells ran: a table is really missing
        run_all_cells(page)
        last.wait_for()
    # JupyterLab's default layout, the file browser open: the tables must fit beside it.
    yield page
    page.close()


#: Where the notebook is: its active cell (by position) and how far it is scrolled.
NOTEBOOK_PLACE = """() => {
    const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
    const scroller = document.querySelector('.jp-WindowedPanel-outer') || document.querySelector('.jp-Notebook');
    return {active: cells.findIndex((cell) => cell.classList.contains('jp-mod-active')),
            scrolled: Math.round(scroller.scrollTop)};
}"""


def run_table_cell(page, index: int) -> None:
    """Run table ``index``'s cell as a learner does: click the cell, press Shift+Enter. The new
    table takes the focus by itself; the notebook moves on to the next cell."""
    cell = page.locator(".jp-Notebook .jp-CodeCell").filter(has=page.locator(".nn-frame")).nth(index)
    cell.locator(".nn-root").evaluate("el => el.dataset.old = 'yes'")
    cell.scroll_into_view_if_needed()
    cell.locator(".jp-InputPrompt").click()
    page.keyboard.press("Shift+Enter")
    cell.locator(".nn-root:not([data-old])").wait_for()
    page.wait_for_function(
        "(index) => document.querySelectorAll('.nn-root')[index].contains(document.activeElement)",
        arg=index, timeout=15_000)
    page.wait_for_timeout(500)                      # past JupyterLab's own step to the next cell


def at_table(page, index: int, artifact: str, play) -> None:
    """Run table ``index``'s cell and ``play(table)`` by keyboard from where the focus lands;
    JupyterLab's active cell and the notebook's scroll never move during play (the table keeps
    every key). A screenshot goes to test-artifacts/ on failure."""
    try:
        run_table_cell(page, index)
        table = Table(page, index)
        assert table.focused()["inTable"], "the table takes the focus when its cell runs"
        before = page.evaluate(NOTEBOOK_PLACE)
        table.keys_stay_in_the_table()
        assert page.evaluate(NOTEBOOK_PLACE) == before, "a key moved JupyterLab's notebook"
        play(table)
        assert page.evaluate(NOTEBOOK_PLACE)["active"] == before["active"], (
            "JupyterLab's active cell changed during play")
    except BaseException:
        page.screenshot(path=str(ARTIFACTS / f"{artifact}-failure.png"))
        raise


# --- one table, as the keyboard and a screen reader meet it ---------------------------------------

class Table:
    """One table on the page: what has the focus, what the live region says, keys and axe."""

    def __init__(self, page, index: int):
        self.page = page
        self.index = index
        self.root = page.locator(".nn-root").nth(index)

    def focused(self) -> dict:
        """The focused control: its name (what a screen reader says), role, state, group."""
        return self.page.evaluate("""(index) => {
            const e = document.activeElement;
            const root = document.querySelectorAll('.nn-root')[index];
            const describedBy = e && e.getAttribute('aria-describedby');
            return {name: e ? (e.getAttribute('aria-label') || e.textContent || '').trim() : '',
                    role: e ? (e.getAttribute('role') || e.tagName.toLowerCase()) : '',
                    disabled: !!e && e.getAttribute('aria-disabled') === 'true',
                    group: (e && e.dataset.group) || '', inTable: !!e && root.contains(e),
                    description: describedBy
                        ? (document.getElementById(describedBy) || {}).textContent || '' : ''};
        }""", self.index)

    def news_id(self) -> str:
        return self.root.locator(".nn-news").get_attribute("data-news") or ""

    def said(self) -> str:
        """What the table's live region says now."""
        return self.root.locator('[role="status"][aria-live="polite"]').inner_text().strip()

    def key(self, name: str) -> str:
        """Press a key that makes the table act; wait for its next sentence and return it."""
        before = self.news_id()
        self.page.keyboard.press(name)
        self.page.wait_for_function(
            "([index, before]) => document.querySelectorAll('.nn-news')[index]"
            ".dataset.news !== before", arg=[self.index, before])
        self.page.wait_for_timeout(30)              # the redraw's focus step follows the model
        return self.said()

    def tab_to(self, wanted, limit: int = 60, backwards: bool = False) -> dict:
        """Press Tab (or Shift+Tab) until ``wanted(focused)``; return the focused control. On
        leaving the table, turn round (Shift+Tab back in, and on)."""
        was_inside = False
        for _ in range(limit):
            now = self.focused()
            if now["inTable"] and wanted(now):
                return now
            if was_inside and not now["inTable"]:
                backwards = not backwards
            was_inside = now["inTable"]
            self.page.keyboard.press("Shift+Tab" if backwards else "Tab")
        pytest.fail(f"{limit} presses of Tab never reached the control wanted; "
                    f"last: {self.focused()}")

    def has(self, selector: str) -> bool:
        return self.root.locator(selector).count() > 0

    def keys_stay_in_the_table(self) -> None:
        """From the control that has the focus, every navigation key moves within its group (the
        hand, or the board's grid) and the focus never leaves the table; it ends on the group's
        first control."""
        keys = self.page.keyboard
        start = self.focused()
        for key in ("ArrowRight", "ArrowDown", "End", "ArrowLeft", "ArrowUp", "Home", "PageDown",
                    "PageUp", "Control+Home", "Control+End"):
            keys.press(key)
            now = self.focused()
            assert now["inTable"], f"{key} took the focus out of the table: {now}"
            assert (now["group"], now["role"]) == (start["group"], start["role"]), (
                f"{key} left the {start['group'] or start['role']}: {now}")
        if start["group"] == "hand" and self.root.locator(".nn-hand button").count() > 1:
            keys.press("Home")
            first = self.focused()["name"]
            keys.press("ArrowRight")
            assert self.focused()["name"] != first, "ArrowRight moves to the next card"
            keys.press("ArrowLeft")
            assert self.focused()["name"] == first, "ArrowLeft moves back"
            keys.press("End")
            keys.press("ArrowRight")
            assert self.focused()["name"] == self.root.locator(".nn-hand button").last.get_attribute(
                "aria-label"), "End reaches the last card and ArrowRight stays there"
            keys.press("Home")                      # back where a player starts: the first card

    def audit(self, what: str) -> None:
        """axe-core on this table only (JupyterLab's own page has known issues of its own): no
        serious or critical violation."""
        from axe_playwright_python.sync_playwright import Axe

        results = Axe().run(self.page, context=f"#{self.root_id()}",
                            options={"resultTypes": ["violations", "incomplete"]})
        bad = [v for v in results.response["violations"]
               if v["impact"] in ("serious", "critical")]
        # Ids repeated across the page's three tables would make aria-labelledby point into
        # another table: axe reports them as "incomplete", so they are checked too.
        bad += [v for v in results.response["incomplete"] if v["id"].startswith("duplicate-id")]
        assert not bad, f"axe-core finds in the {what}: " + "; ".join(
            f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in bad)

    def root_id(self) -> str:
        """An id for this table's root element (axe takes a selector)."""
        name = f"nn-table-under-test-{self.index}"
        self.root.evaluate("(el, name) => { el.id = name; }", name)
        return name

    def check_fit_and_screenshot(self, name: str) -> None:
        """The table's play area (status, felt or board, hand, buttons) lies inside the window
        at 1366 x 768 and at 1100 x 760, with JupyterLab's file browser open; the window is saved
        as a picture at 1100 x 760."""
        for window in (LARGER_WINDOW, WINDOW):
            self.page.set_viewport_size(window)
            self.page.wait_for_timeout(300)             # JupyterLab lays the panels out again
            self.page.evaluate("(index) => document.querySelectorAll('.nn-frame')[index]"
                               ".scrollIntoView({block: 'start'})", self.index)
            parts = self.root.evaluate("""(root) => {
                const box = (s) => { const e = root.querySelector(s); if (!e) return null;
                    const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
                return {status: box('.nn-top'), table: box('.nn-felt-area') || box('.nn-board-area'),
                        hand: box('.nn-hand-area'), buttons: box('.nn-buttons')}; }""")
            for part, box in parts.items():
                if box is None:
                    continue
                left, top, right, bottom = box
                assert left >= 0 and top >= 0 and right <= window["width"] \
                    and bottom <= window["height"], (
                        f"at {window['width']} x {window['height']}, the table's {part} is outside "
                        f"the window: {box}")
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
        over_the_rim = self.root.evaluate("""(root) => {
            const felt = root.querySelector('.nn-felt'); if (!felt) return [];
            const f = felt.getBoundingClientRect(), rim = 6;
            return [...root.querySelectorAll('.nn-seat')].filter((seat) => {
                const s = seat.getBoundingClientRect();
                return s.left < f.left + rim || s.right > f.right - rim
                    || s.top < f.top + rim || s.bottom > f.bottom - rim; })
                .map((seat) => seat.querySelector('.nn-seat-name').textContent); }""")
        assert not over_the_rim, f"a seat's box lies over the felt's rim: {over_the_rim}"
        overlaps = self.root.evaluate("""(root) => {
            const hint = root.querySelector('.nn-hint'); if (!hint) return [];
            const below = hint.getBoundingClientRect().bottom;
            return [...root.querySelectorAll('.nn-chosen, .nn-not-now')]
                .filter((badge) => badge.getBoundingClientRect().top < below)
                .map((badge) => badge.textContent); }""")
        assert not overlaps, f"a card's badge covers the hand's hint: {overlaps}"
        if os.environ.get("NINETYNINE_UPDATE_SCREENSHOTS") == "1":
            self.picture_for_the_docs(name)

    def picture_for_the_docs(self, name: str) -> None:
        """The table alone, as a learner sees it, without its log: a taller window, so that the
        whole table is in view, and the picture cut to the table."""
        DOCS_IMAGES.mkdir(parents=True, exist_ok=True)
        self.page.set_viewport_size({"width": WINDOW["width"], "height": 1200})
        self.root.evaluate("(root) => root.querySelectorAll('.nn-panel')"
                           ".forEach((panel) => { panel.style.display = 'none'; })")
        try:
            self.root.scroll_into_view_if_needed()
            self.page.wait_for_timeout(300)
            self.root.screenshot(path=str(DOCS_IMAGES / f"{name}.png"))
        finally:
            self.root.evaluate("(root) => root.querySelectorAll('.nn-panel')"
                               ".forEach((panel) => { panel.style.display = ''; })")
            self.page.set_viewport_size(WINDOW)


# --- the counting table: a round ------------------------------------------------------------------

CARD = re.compile(r"^(Ace|[2-9]|10|Jack|Queen|King) of (Clubs|Diamonds|Hearts|Spades)$")


def test_the_counting_table_plays_a_round_by_keyboard(page):
    at_table(page, COUNTING, "counting-table", play_a_round)


def play_a_round(table: Table) -> None:
    assert table.root.locator('[role="status"][aria-live="polite"]').count() == 1
    seats = table.root.locator(".nn-seat").all_text_contents()
    assert seats and all(re.match(r"^(You|Seat \d+)( \(to move\))?: \d+ tokens?, ", seat)
                         for seat in seats), seats      # read aloud: "Seat 1: 9 tokens, 3 cards"
    repeated = table.root.locator(".nn-hand button").evaluate_all(
        "buttons => buttons.filter(b => b.title && b.title === b.getAttribute('aria-label')).length")
    assert repeated == 0, "a card's tooltip repeats its name: screen readers say it twice"
    room = table.root.evaluate("""(root) => {
        const hand = root.querySelector('.nn-hand').getBoundingClientRect();
        const card = root.querySelector('.nn-hand button').getBoundingClientRect();
        return Math.min(card.left - hand.left, hand.bottom - card.bottom); }""")
    assert room >= 6, f"the first card's focus ring (6 px round it) is cut off: {room} px of room"
    assert table.root.locator("h2, h3").count() >= 3, "section titles are headings"
    assert table.tab_to(lambda f: bool(CARD.match(f["name"])))["group"] == "hand"
    pictured = False
    for _ in range(60):
        if table.has(".nn-summary"):
            break
        card = table.tab_to(lambda f: f["group"] == "hand" and not f["disabled"])
        said = table.key("Enter")
        if table.focused()["group"] == "choices":    # an Ace or a 10: the choices take the focus
            assert said.startswith("Choose"), said
            said = table.key("Enter")
        assert said.startswith(f"You play the {card['name']}"), said
        answers = re.findall(r"Seat 1 plays the (\S+ of \w+)", said)
        if answers and not table.has(".nn-summary"):      # the bot's last card lies by its seat
            last = table.root.locator(".nn-seat-new [role=img]")
            assert last.count() == 1, "the bot's answer is on the felt, marked"
            assert last.get_attribute("aria-label") == f"Last card: {answers[-1]}, just played"
            mine = table.root.locator(".nn-seat:not(.nn-seat-new) [role=img]").first
            assert mine.get_attribute("aria-label") == f"Last card: {card['name']}", "yours too"
        if not table.has(".nn-summary"):
            told = re.findall(r"count (?:is|stays at) (\d+)", said)
            assert int(table.root.locator(".nn-count").inner_text()) == int(told[-1]), said
            if not pictured:
                table.audit("counting table during a round")
                table.check_fit_and_screenshot("counting-table")
                pictured = True
    summary = table.root.locator(".nn-summary")
    assert summary.count() == 1, "no round ended after 60 cards"
    assert re.match(r"Round \d+", summary.locator("h3").inner_text())
    assert table.focused()["name"] == "Next round", "the summary's button takes the focus"
    assert not table.has(".nn-hand-area"), "the hand waits for Next round"
    table.audit("counting table's round summary")
    said = table.key("Enter")                             # Next round
    assert re.search(r"Round \d+ begins", said), said
    assert not table.has(".nn-summary")
    assert CARD.match(table.focused()["name"]), "after Next round the keyboard is in the hand"
    headings = table.root.locator(".nn-log-group h4").all_inner_texts()
    assert headings[:2] == ["Round 1", "Round 2"], headings


# --- the trick-taking table: a deal ---------------------------------------------------------------

SUITS = {"Clubs": 3, "Hearts": 2, "Spades": 1, "Diamonds": 0}     # tricks bid per card laid aside
TRICKS_CARD = re.compile(
    r"^(?:(?:Ace|King|Queen|Jack|10|9|8|7|6) of (?:Clubs|Diamonds|Hearts|Spades)"
    r"|the Joker, as the (?:Ace|King|Queen|Jack|10|9|8|7|6) of (?:Clubs|Diamonds|Hearts|Spades)"
    r"|the Joker)$")


def in_words(name: str) -> str:
    """A card's name as the narration says it: "the Queen of Spades", "the Joker"."""
    return "the Joker" if name.startswith("the Joker") else "the " + name


def suit_of(name: str) -> str:
    return name.rsplit(" of ", 1)[1].removesuffix(", selected")


def test_the_tricks_table_plays_a_deal_by_keyboard(page):
    at_table(page, TRICKS, "tricks-table", play_a_deal)


def play_a_deal(table: Table) -> None:
    assert table.root.locator(".nn-hand button").count() == 12, "your twelve cards are buttons"
    turn_up = table.root.locator(".nn-turn-up [role=img]").get_attribute("aria-label")
    assert turn_up.startswith("Turn-up: ")

    # The bid: Enter on three cards (Tab between them), each then named "selected".
    chosen = []
    table.tab_to(lambda f: bool(TRICKS_CARD.match(f["name"])))
    for _ in range(3):
        name = table.focused()["name"]
        said = table.key("Enter")
        assert said.startswith(f"You choose {in_words(name)}"), said
        assert table.focused()["name"] == f"{name}, selected", "the focus stays on the card"
        chosen.append(name)
        table.page.keyboard.press("Tab")
    value = sum(SUITS[suit_of(name)] for name in chosen)
    tricks = f"{value} trick" + ("" if value == 1 else "s")
    assert said.endswith(f"Your bid: {tricks}."), said
    table.tab_to(lambda f: f["name"] == "Lay aside these three")
    said = table.key("Enter")
    cards = ", ".join(in_words(name) for name in chosen[:2]) + " and " + in_words(chosen[2])
    assert said.startswith(f"You lay aside {cards}, a bid of {tricks}."), said

    # The offer: the focus is on Pass already.
    assert table.focused()["name"] == "Pass", table.focused()
    assert table.key("Enter").startswith("You pass.")

    # Nine tricks: the first playable card each time; once, a card marked "not now".
    refused = pictured = False
    for trick in range(1, 30):
        if table.has(".nn-summary"):
            break
        table.tab_to(lambda f: f["group"] == "hand")
        if not refused and table.has('.nn-hand button[aria-disabled="true"]'):
            now = table.tab_to(lambda f: f["disabled"])
            assert "were led" in now["description"], now
            cards_before = table.root.locator(".nn-hand button").count()
            said = table.key("Enter")
            assert "were led" in said, said
            assert not re.search(r"\b(?:10|[2-9JQKA])[CDHS]\b", said), "cards in words, not codes"
            assert table.root.locator(".nn-hand button").count() == cards_before
            refused = True
        card = table.tab_to(lambda f: f["group"] == "hand" and not f["disabled"])
        said = table.key("Enter")
        assert said.startswith(f"You play {in_words(card['name'])} to trick"), said
        assert table.has(".nn-trick [role=img]"), "the trick's cards are on the felt"
        if not pictured and trick >= 3 and not table.has(".nn-summary"):
            table.audit("trick table during the play")
            table.check_fit_and_screenshot("tricks-table")
            pictured = True
    assert refused, "no card was ever marked 'not now' in a whole deal"
    assert pictured

    # The deal's summary: the ninth trick stays, the score is broken down, Next deal has the focus.
    summary = table.root.locator(".nn-summary")
    assert summary.count() == 1, "no deal ended"
    lines = summary.locator("li").all_inner_texts()
    assert any(re.search(r"scores -?\d+: \d+ tricks?", line) for line in lines), lines
    assert table.root.locator(".nn-trick-title").inner_text() == "Last trick, number 9"
    assert table.root.locator(".nn-trick [role=img]").count() == 3
    assert table.root.locator(".nn-winner").count() == 1
    assert table.focused()["name"] == "Next deal"
    table.audit("trick table's deal summary")
    assert "Deal 2" in table.key("Enter")
    assert table.root.locator(".nn-hand button").count() == 12
    headings = table.root.locator(".nn-log-group h4").all_inner_texts()
    assert headings[:2] == ["Deal 1 of 9", "Deal 2 of 9"], headings


# --- the board table: a game ----------------------------------------------------------------------

BOARD_CARD = re.compile(r"^card (\d{1,2}) to 99$")
SQUARE = re.compile(r"^square (\d{1,2}), ")


def test_the_board_table_plays_a_game_by_keyboard(page):
    at_table(page, BOARD, "board-table", play_a_game)


def square_of(table: Table) -> int:
    match = SQUARE.match(table.focused()["name"])
    assert match, f"the focus is not on a square: {table.focused()}"
    return int(match.group(1))


def walk_the_grid(table: Table) -> None:
    """Arrow keys, Home and digits move the one focused square."""
    keys = table.page.keyboard
    grid = table.root.locator('[role="grid"]')
    assert grid.locator('[role="row"]').count() == 10
    assert grid.locator('[role="gridcell"]').count() == 100
    assert grid.locator('[role="gridcell"][tabindex="0"]').count() == 1, "one Tab stop"
    start = table.focused()
    keys.press("ArrowDown")
    keys.press("ArrowRight")
    moved = table.focused()
    assert moved["role"] == "gridcell" and moved["name"] != start["name"]
    keys.press("Home")
    keys.press("ArrowUp")
    keys.press("ArrowLeft")
    assert table.focused()["role"] == "gridcell"
    for digit in "53":                                   # type a square's number: it goes there
        keys.press(digit)
    assert square_of(table) == 53
    stop = grid.locator('[role="gridcell"][tabindex="0"]')
    assert stop.count() == 1
    label = stop.inner_text().split()
    assert label[0] == "53" and len(label) <= 2, f"the visible label is short: {label}"


def play_a_game(table: Table) -> None:
    walked = pictured = False
    placed = 0
    table.tab_to(lambda f: f["group"] == "hand" or f["name"] == "Draw")   # past the board's stop
    for _ in range(160):
        if table.has(".nn-summary"):
            if table.focused()["name"] == "New game":
                break
            assert table.focused()["name"] == "Next game"    # a tie cleared the board
            assert "Game 2" in table.key("Enter") or table.has(".nn-hand-area")
            continue
        if not table.has(".nn-hand button"):
            table.tab_to(lambda f: f["name"] == "Draw")
            said = table.key("Enter")
            assert said.startswith("You draw the card"), said
            continue
        card = table.tab_to(lambda f: f["group"] == "hand", backwards=True)
        value = int(BOARD_CARD.match(card["name"]).group(1))
        said = table.key("Enter")
        assert said.startswith(f"The card {value} to 99 allows"), said
        now = table.focused()
        if now["role"] != "gridcell" or not now["name"].endswith("allowed"):
            table.tab_to(lambda f: f["name"] == "Discard selected card")
            said = table.key("Enter")
            assert said.startswith(f"You discard the card {value} to 99"), said
            continue
        target = square_of(table)
        assert target >= value, (target, value)
        placed += 1
        if not pictured and placed >= 5:                 # a few markers down: the docs' picture
            table.audit("board table with a card selected")
            table.check_fit_and_screenshot("board-table")
            pictured = True
        if not walked:
            walk_the_grid(table)
            for digit in str(target).zfill(2):           # back to the square chosen
                table.page.keyboard.press(digit)
            assert square_of(table) == target
            walked = True
        said = table.key("Enter")
        assert f"You play the card {value} to 99 and put a marker on square {target}." in said, said
        mine = table.root.locator(f'[role="gridcell"][aria-label^="square {target}, yours"]')
        assert mine.count() == 1 and "X" in mine.inner_text(), "X marks it, not colour"
    summary = table.root.locator(".nn-summary")
    assert summary.count() == 1, "the game did not end in 160 turns"
    assert pictured, "the game ended before the fifth marker: no audit with a card selected"
    assert table.focused()["name"] == "New game", "the summary's button takes the focus"
    if "line of five" in summary.inner_text():
        won = table.root.locator(".nn-line")
        assert won.count() >= 5
        assert all(cell.get_attribute("aria-label").endswith(", in the winning line")
                   for cell in won.all())
    table.audit("board table at the end of the game")
