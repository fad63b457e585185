"""The first hour (issue 11): ``make lab`` serves the repository and says what it is doing, and
every link in every notebook, exercise and solution opens what it names.

``make lab`` serves the repository root, so a relative link in a notebook's Markdown opens in
JupyterLab exactly when its target exists inside the repository. Links are read with
markdown-it-py (the Markdown parser rich already depends on), so a link is what Markdown calls a
link: ``[text](target)``, ``<https://...>`` and images, not just text that looks like one.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("exercises/*.ipynb"),
                    *ROOT.glob("solutions/*.ipynb")])
MARKDOWN = MarkdownIt("commonmark")


def links(source: str) -> list[str]:
    """The targets of every link and image in a Markdown text."""
    found = []

    def walk(tokens):
        for token in tokens:
            if token.type == "link_open":
                found.append(token.attrGet("href"))
            elif token.type == "image":
                found.append(token.attrGet("src"))
            walk(token.children or [])

    walk(MARKDOWN.parse(source))
    return found


def markdown_links(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [target for cell in cells if cell["cell_type"] == "markdown"
            for target in links("".join(cell["source"]))]


def broken(notebook: Path, target: str) -> str | None:
    """Why ``target`` does not open from ``notebook`` in a JupyterLab served at the repository
    root, or None when it does."""
    parsed = urlparse(target)
    if parsed.scheme in ("http", "https", "mailto"):
        return None
    if parsed.scheme:
        return f"{target!r} uses a scheme JupyterLab does not open ({parsed.scheme}:)"
    if not parsed.path:                       # "#a-heading": a place in the same notebook
        return None
    path = unquote(parsed.path)
    base = ROOT if path.startswith("/") else notebook.parent
    where = (base / path.lstrip("/")).resolve()
    if not where.is_relative_to(ROOT):
        return f"{target!r} points outside the repository, which make lab serves"
    if not where.exists():
        return f"{target!r} names {where.relative_to(ROOT)}, which does not exist"
    return None


def test_the_parser_finds_links_images_and_autolinks():
    text = "See [the rules](../docs/RULES.md#ace), ![a plot](p.svg), <https://x.org> and `[no](x)`."
    assert links(text) == ["../docs/RULES.md#ace", "p.svg", "https://x.org"]


def test_a_missing_or_outside_target_is_reported():
    notebook = ROOT / "notebooks" / "06-rounds-and-tokens.ipynb"
    assert broken(notebook, "../docs/RULES.md#the-ace") is None
    assert broken(notebook, "../docs/NOPE.md").endswith("docs/NOPE.md, which does not exist")
    assert "outside the repository" in broken(notebook, "../../etc/passwd")
    assert broken(notebook, "https://example.org") is None


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_every_link_opens_what_it_names(notebook):
    problems = [why for target in markdown_links(notebook) if (why := broken(notebook, target))]
    assert not problems, "\n".join(problems)


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_lab_serves_the_repository_root_and_says_so_before_installing():
    """``make -n -B``: the commands ``make lab`` runs on a fresh clone, without running them."""
    outside_make = {key: value for key, value in os.environ.items()       # make test runs us
                    if key not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    commands = subprocess.run(["make", "--no-print-directory", "-n", "-B", "lab"], cwd=ROOT,
                              capture_output=True, text=True, check=True,
                              env=outside_make).stdout.splitlines()
    assert commands[0].startswith('echo "Setting up .venv with the notebook extra')
    assert any("pip install -q" in line for line in commands[1:])          # the silent install
    lab = commands[-1].split()
    assert lab[:2] == [".venv/bin/jupyter", "lab"] and "--ServerApp.root_dir=." in lab
    assert lab[-1] == "notebooks/00-start-here.ipynb"
