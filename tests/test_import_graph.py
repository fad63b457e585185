"""No import circle anywhere in ``ninetynine/`` - counting the imports inside functions too, since
an import moved into a function to dodge a circle still ties the two modules together - and
each game's code in its own folder.

The graph is read from the source (``ast``), not by importing: module A depends on B when A
imports B, a name from B, or a module inside B (which runs B's ``__init__`` first). A module's
own parent packages are not counted: Python always runs them first.
"""
from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "ninetynine"


def module_files(root: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its ``__init__.py``)."""
    modules = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imported_names(module: str, path: Path) -> set[str]:
    """The dotted names ``module`` imports, anywhere in its file (functions included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - (node.level - 1)] + ([node.module] if node.module else [])
                base = ".".join(base)
            else:
                base = node.module or ""
            names.update(f"{base}.{alias.name}" for alias in node.names)
            names.add(base)
    return names


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module and the modules it makes Python run."""
    modules = module_files(root)
    graph = {module: set() for module in modules}
    for module, path in modules.items():
        for name in imported_names(module, path):
            parts = name.split(".")
            for end in range(1, len(parts) + 1):      # a.b.c runs a, a.b and a.b.c
                target = ".".join(parts[:end])
                if target in modules and target != module and not module.startswith(target + "."):
                    graph[module].add(target)
    return graph


def a_circle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle (its modules, the first repeated at the end), or [] when there is none."""
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as error:
        return error.args[1]
    return []


def edges(graph):
    return {(a, b) for a, targets in graph.items() for b in targets}


def test_the_graph_sees_the_kit():
    graph = edges(import_graph())
    assert ("ninetynine.bots", "ninetynine.counting.bots") in graph   # a top-level import
    assert ("ninetynine.ui", "ninetynine.counting.table") in graph    # one inside a function


def test_a_circle_is_found(tmp_path):
    """The check itself: two modules importing each other, one of them inside a function."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("def later():\n    from .a import thing\n")
    assert sorted(set(a_circle(import_graph(package)))) == ["pkg.a", "pkg.b"]


def test_no_import_circle():
    circle = a_circle(import_graph())
    assert not circle, "An import circle: " + " -> ".join(circle)


@pytest.mark.parametrize("game", ["counting", "tricks", "board", "race"])
def test_a_game_folder_needs_no_other_game(game):
    """A game's folder imports the shared kit, never another game's folder."""
    others = {"counting", "tricks", "board", "race"} - {game}
    crossing = sorted((a, b) for a, b in edges(import_graph())
                      if a.startswith(f"ninetynine.{game}.") or a == f"ninetynine.{game}"
                      if b.split(".")[1] in others)
    assert not crossing, crossing
