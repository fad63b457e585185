"""Run notebooks in place and save them with their outputs, ready to commit.

    .venv/bin/python notebooks/_execute.py notebooks/*.ipynb solutions/*.ipynb

Each notebook runs in a fresh kernel from its own folder (as nbval runs it). Saved widget state
and timing metadata are then removed: they hold random ids and timestamps that would change the
file on every run without changing anything a reader sees. (``make notebooks`` runs this on
every notebook and solution.)
"""
import os
import sys
import time

import nbformat
from nbclient import NotebookClient


def execute(path: str) -> float:
    """Run one notebook in place; return the seconds it took."""
    notebook = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    folder = os.path.dirname(os.path.abspath(path))
    NotebookClient(notebook, timeout=300, kernel_name="python3", record_timing=False,
                   resources={"metadata": {"path": folder}}).execute()
    strip_widget_state(notebook)
    nbformat.write(notebook, path)
    return time.perf_counter() - start


def strip_widget_state(notebook) -> None:
    """Drop saved widget state and widget views; the widget's text form stays."""
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
        for output in cell.get("outputs", []):
            output.get("data", {}).pop("application/vnd.jupyter.widget-view+json", None)


if __name__ == "__main__":
    os.environ.pop("NINETYNINE_GRADING", None)    # tables render as widgets, as for a learner
    for notebook_path in sys.argv[1:]:
        print(f"{notebook_path}: {execute(notebook_path):.1f} s", flush=True)
