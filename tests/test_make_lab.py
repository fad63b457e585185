"""`make lab` opens notebook 00, whatever the browser situation (issue 32): the link JupyterLab
prints, the page a browser is sent to and the server's own front page all lead to it, not to
JupyterLab's Launcher. The server is started with exactly the command `make lab` runs (read from
`make -n lab`), without a browser, on a free port."""
from __future__ import annotations

import os
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "/lab/tree/notebooks/00-start-here.ipynb"


def lab_command() -> list[str]:
    """The `jupyter lab` line of `make -n lab`, with this Python's own jupyter."""
    printed = subprocess.run(["make", "-n", "lab"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout
    line = next(line for line in printed.splitlines() if "jupyter lab" in line)
    words = shlex.split(line)
    words[0] = str(Path(sys.executable).parent / "jupyter")
    return words


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_make_lab_leads_to_notebook_00_without_a_browser(tmp_path):
    port = free_port()
    command = lab_command() + ["--no-browser", "--ip=127.0.0.1", f"--port={port}",
                               f"--ServerApp.runtime_dir={tmp_path}", "--allow-root"]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, env={**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path)})
    try:
        printed, deadline = "", time.monotonic() + 60
        while time.monotonic() < deadline and f":{port}/" not in printed:
            printed += server.stdout.readline()
        links = re.findall(rf"http://[\w.]+:{port}(/\S*)\?token=", printed)
        assert links and all(link == NOTEBOOK for link in links), printed[-2000:]
        while time.monotonic() < deadline and len(list(tmp_path.glob("jpserver-*-open.html"))) < 2:
            time.sleep(0.2)
        opened = [path.read_text() for path in tmp_path.glob("jpserver-*-open.html")]
        assert opened and all(NOTEBOOK in page and "/lab?" not in page for page in opened)
        opener = urllib.request.build_opener(NoRedirect)
        with pytest.raises(urllib.error.HTTPError) as answer:
            opener.open(f"http://127.0.0.1:{port}/")
        assert answer.value.code == 302 and answer.value.headers["Location"].rstrip("?").endswith(NOTEBOOK)
    finally:
        server.terminate()
        server.wait(timeout=20)
