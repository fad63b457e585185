"""The built JupyterLite site, as everything that reads it knows it: where it lies (``SITE``),
whether it is built (``is_built``), the note that says a notebook cannot run in the browser
(``site_note``), and a server for it on 127.0.0.1 (``make_server``).

``site.py`` builds and serves the site, and its ``check`` command runs ``site_check.py``;
``site_check.py`` serves the built site and opens its notebooks in a browser. Both need these,
so both import them from here, and neither needs the other for them.
"""
from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
#: the id of the first cell of a notebook that cannot run in the browser (``site.py`` writes it)
NOTE_ID = "not-in-the-browser"


class SiteError(Exception):
    """A build that cannot go on; the message is one sentence saying what to do."""


def site_note(path: Path) -> str | None:
    """The reason a built site's notebook gives for not running in the browser, if any."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    if cells and cells[0].get("id") == NOTE_ID:
        return "".join(cells[0]["source"])
    return None


def is_built(output: Path = SITE) -> bool:
    return (output / "jupyter-lite.json").exists() and (output / "static" / "pyodide").exists()


def make_server(folder: Path, port: int = 0):
    """An HTTP server for the site on 127.0.0.1 (the right types for .wasm and .mjs files)."""
    import functools
    import http.server

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".wasm": "application/wasm", ".mjs": "text/javascript",
                          ".js": "text/javascript", ".json": "application/json",
                          ".ipynb": "application/json", ".whl": "application/zip"}

        def log_message(self, *args):       # quiet: a page load makes hundreds of requests
            pass

    handler = functools.partial(Handler, directory=str(folder))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
