"""Running the site's notebooks in a real browser, and proving nothing leaves 127.0.0.1.

``python -m ninetynine.site check`` (``make site-check``) serves ``site/`` on 127.0.0.1, opens
every notebook and exercise in headless Chromium (Debian's ``/usr/bin/chromium``, driven by
Playwright), runs all its cells and prints, per notebook, whether it ran, how long its kernel took
to start and how long its cells took. ``tests/test_site.py`` uses the same pieces for one quick
test.

Two watchers make sure the site needs no other host:

- every request of the page, its workers and its service worker passes through Playwright's
  ``context.route``: one to a host other than 127.0.0.1 is refused and recorded;
- Chromium is started with ``--proxy-server`` pointing at ``RecordingProxy``, a local proxy that
  answers nothing and writes down the host of every request that reaches it. Loopback requests
  never go through a proxy, so everything it sees left for another host. Chromium itself calls a
  few of its own services (updates, accounts) even with background networking switched off, on an
  empty page too; those hosts are listed in ``BROWSER_SERVICES`` and are the only ones forgiven.

An exercise is checked as a learner would finish it: the code of the reference solution
(``solutions/``) is typed into each cell that says ``# YOUR CODE HERE``, then every cell runs,
the visible checks included, and none may fail.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import socketserver
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from ninetynine.built_site import ROOT, SITE, SiteError, is_built, make_server, site_note

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--disable-default-apps", "--disable-extensions"]
#: Hosts that Chromium itself contacts, whatever the page (seen with about:blank alone).
BROWSER_SERVICES = re.compile(r"(^|\.)(google\.com|googleapis\.com|gvt1\.com|gstatic\.com)$")
#: A card button's accessible name starts with a card in words: "Queen of Hearts".
CARD = re.compile(r"^(Ace|[2-9]|10|Jack|Queen|King) of (Clubs|Diamonds|Hearts|Spades)\b")
KERNEL_START_TIMEOUT = 180_000       # ms: Pyodide's first start on two busy cores is 25-40 s


class RecordingProxy(socketserver.ThreadingTCPServer):
    """A proxy on 127.0.0.1 that refuses every request and records the host it was asked for."""

    daemon_threads = True

    def __init__(self):
        self.hosts: list[str] = []
        super().__init__(("127.0.0.1", 0), self.Handler)

    class Handler(socketserver.StreamRequestHandler):
        def handle(self):
            line = self.rfile.readline(4096).decode("latin-1").split()
            if len(line) >= 2:           # "CONNECT host:443 HTTP/1.1" or "GET http://host/ ..."
                target = line[1] if "//" in line[1] else "//" + line[1]
                self.server.hosts.append(urlsplit(target).hostname or line[1])
            self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")


@contextlib.contextmanager
def in_thread(server):
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def served_site(folder: Path = SITE):
    """The site on http://127.0.0.1:<free port>; yields the base URL."""
    with in_thread(make_server(folder)) as server:
        yield f"http://127.0.0.1:{server.server_address[1]}"


class Requests:
    """Every request the pages of a browser context make; others than 127.0.0.1 are refused."""

    def __init__(self, context):
        self.count = 0
        self.elsewhere: list[str] = []
        context.route("**/*", self.route)

    def route(self, route):
        self.count += 1
        url = route.request.url
        if urlsplit(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.elsewhere.append(url)
            route.abort()


@contextlib.contextmanager
def chromium(proxy_port: int):
    """Headless Chromium whose only way out is the recording proxy."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=[*CHROMIUM_FLAGS, f"--proxy-server=http://127.0.0.1:{proxy_port}"])
        try:
            yield browser
        finally:
            browser.close()


def not_browser_services(hosts: list[str]) -> list[str]:
    """The hosts the proxy was asked for that are not Chromium's own services."""
    return sorted({host for host in hosts if not BROWSER_SERVICES.search(host)})


# --- notebooks in the page -------------------------------------------------------------------

#: One entry per code cell of the open notebook: its prompt number, state, errors and text. A
#: cell tagged ``raises-exception`` shows its error as text on stderr in the site
#: (``exercise._Speaker.go_on_in_jupyterlite``): that text counts as its error.
CELLS_JS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.content || !panel.content.widgets) return null;
  return panel.content.widgets.filter(cell => cell.model.type === 'code').map(cell => {
    const outputs = cell.model.outputs.toJSON(), text = o => [].concat(o.text || []).join('');
    const goesOn = (cell.model.getMetadata('tags') || []).includes('raises-exception');
    const timing = cell.model.getMetadata('execution') || {};
    const start = timing['iopub.execute_input'], end = timing['shell.execute_reply'];
    return {
      count: cell.model.executionCount,
      running: cell.model.executionState === 'running',
      seconds: start && end ? (Date.parse(end) - Date.parse(start)) / 1000 : null,
      errors: outputs.flatMap(o =>
        o.output_type === 'error' ? [o.ename + ': ' + o.evalue]
        : o.output_type === 'stream' && o.name === 'stderr' && goesOn
          ? ['Error shown: ' + text(o)] : []),
      text: outputs.map(text).join(''),
    };
  });
}"""
#: True once a run of all cells has finished or stopped at an error.
RUN_OVER_JS = f"""() => {{
  const cells = ({CELLS_JS})();
  return cells !== null && !cells.some(cell => cell.running)
         && (cells.every(cell => cell.count) || cells.some(cell => cell.errors.length));
}}"""


def open_notebook(page, base: str, path: str) -> float:
    """Open ``path`` (e.g. ``notebooks/00-start-here.ipynb``); return seconds to an idle kernel."""
    started = time.monotonic()
    page.goto(f"{base}/lab/index.html?path={path}")
    page.locator(".jp-Notebook:visible").first.wait_for()
    wait_for_idle_kernel(page)
    return time.monotonic() - started


def wait_for_idle_kernel(page) -> None:
    """Wait until the status bar says the current notebook's kernel is idle."""
    page.locator(".jp-StatusBar-Widget").filter(has_text=re.compile(r"\| Idle")).first.wait_for(
        timeout=KERNEL_START_TIMEOUT)


def open_beside(page, path: str) -> None:
    """Open a second notebook to the right of the first (its kernel starts at once)."""
    command(page, "docmanager:open", {"path": path, "options": {"mode": "split-right"}})


def activate(page, path: str) -> None:
    """Make the open notebook ``path`` the current one (its tab, its status bar)."""
    command(page, "docmanager:open", {"path": path})


def command(page, name: str, args: dict | None = None) -> None:
    """Run a JupyterLab command, as its menu item would, and wait until it is done."""
    page.evaluate("async ([name, args]) => { await window.jupyterapp.commands.execute(name, args); }",
                  [name, args or {}])


def run_all(page, timeout: float) -> list[dict]:
    """Clear the outputs, run all cells, wait until done or stopped; return the cells' summary."""
    command(page, "notebook:clear-all-cell-outputs")
    command(page, "notebook:run-all-cells")
    page.wait_for_function(RUN_OVER_JS, timeout=timeout * 1000, polling=250)
    return page.evaluate(CELLS_JS)


def first_error(cells: list[dict]) -> str | None:
    """The first error of a run, as "Name: message" (Pyodide's kernel names the class
    "<class 'Name'>", which is shortened to the name)."""
    error = next((cell["errors"][0] for cell in cells if cell["errors"]), None)
    return error and re.sub(r"^<class '(?:[\w.]*\.)?(\w+)'>", r"\1", error)


def type_into_cell(page, marker: str, code: str) -> None:
    """Replace the cell holding ``marker`` with ``code``, typed as a learner would."""
    cell = page.locator(".jp-CodeCell").filter(has_text=marker).first
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(code)
    page.keyboard.press("Escape")


def solution_code(name: str, marker: str = "# YOUR CODE HERE") -> list[str]:
    """The solution notebook's code for each cell that the exercise leaves to the learner."""
    notebook = json.loads((ROOT / "solutions" / name).read_text(encoding="utf-8"))
    answers = []
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and "### BEGIN SOLUTION" in source:
            lines = [line for line in source.splitlines()
                     if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION")]
            answers.append("\n".join(lines))
    return answers


# --- make site-check -------------------------------------------------------------------------

def site_notebooks() -> list[str]:
    """Every notebook of the site, by its path in the site."""
    return [f"{folder}/{path.name}" for folder in ("notebooks", "exercises")
            for path in sorted((SITE / "files" / folder).glob("*.ipynb"))]


def check_one(browser, base: str, path: str, timeout: float) -> tuple[str, float, float, str]:
    """Run one notebook in a fresh page: (verdict, kernel seconds, run seconds, detail)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    requests = Requests(context)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        kernel = open_notebook(page, base, path)
        answers = solution_code(Path(path).name) if path.startswith("exercises/") else []
        for code in answers:
            type_into_cell(page, "# YOUR CODE HERE", code)
        started = time.monotonic()
        cells = run_all(page, timeout)
        ran = time.monotonic() - started
        error = first_error(cells)
        if error:
            verdict, detail = "FAILED", error.splitlines()[0][:200]
        else:
            verdict, detail = "ok", f"{len(cells)} code cells" + (
                f", {len(answers)} typed from solutions/" if answers else "")
        timed = [cell["seconds"] for cell in cells if cell["seconds"] is not None]
        if timed:
            detail += f"; slowest cell {max(timed):.1f} s"
        if requests.elsewhere:
            verdict, detail = "FAILED", f"asked other hosts: {requests.elsewhere[:3]}"
        return verdict, kernel, ran, detail
    except Exception as error:        # a timeout: report it and go on with the next notebook
        return "FAILED", 0.0, 0.0, str(error).splitlines()[0][:200]
    finally:
        context.close()


def check_all(paths: list[str] | None = None, timeout: float = 600) -> int:
    """``make site-check``: run every notebook in the site and print a line for each."""
    if not is_built():
        raise SiteError("There is no site to check: build it first with 'make site'.")
    if not Path(CHROMIUM).exists():
        raise SiteError(f"Chromium is not installed at {CHROMIUM}: apt-get install chromium.")
    paths = paths or site_notebooks()
    failures = 0
    print(f"{'notebook':52} {'result':7} {'kernel':>7} {'cells':>7}  detail")
    with in_thread(RecordingProxy()) as proxy, served_site() as base, \
            chromium(proxy.server_address[1]) as browser:
        for path in paths:
            note = site_note(SITE / "files" / path)
            if note:
                print(f"{path:52} {'skipped':7} {'':>7} {'':>7}  {note.split(':**')[-1].strip()}")
                continue
            verdict, kernel, ran, detail = check_one(browser, base, path, timeout)
            failures += verdict != "ok"
            print(f"{path:52} {verdict:7} {kernel:6.1f}s {ran:6.1f}s  {detail}", flush=True)
        strangers = not_browser_services(proxy.hosts)
    print(f"Requests that left 127.0.0.1 other than Chromium's own services: {strangers or 'none'}; "
          f"Chromium's services asked: {sorted(set(proxy.hosts)) or 'none'}")
    print(f"Load while checking (1, 5, 15 min): {os.getloadavg()}")
    return 1 if failures or strangers else 0


if __name__ == "__main__":
    sys.exit(check_all(sys.argv[1:]))
