"""The package's layers, imports flowing one way, checked with import-linter, and no import
cycle inside the package.

The contracts are in ``pyproject.toml`` (``[tool.importlinter]``): core <- hive, rive <- board
<- teach <- classroom <- the entry points (``cli``, ``tutorial``), and no engine or core module
imports a drawing or widget library. The one exception is python-chess's: a position draws
itself for a notebook (``_repr_svg_``), importing the board layer inside that method only.

import-linter sees only the imports at a module's top. The cycle check here builds the graph
from the source (:func:`import_graph`), imports inside functions included (not those under
``if TYPE_CHECKING:``, which never run): a function-level import does not make a cycle go away,
it only hides it until the function runs.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ALLOWED_EDGES = frozenset({
    ("hive_teach.hive.position", "hive_teach.board.drawing"),
    ("hive_teach.rive.position", "hive_teach.board.drawing"),
})
"""python-chess's exception: a game draws itself for a notebook (``_repr_svg_``/``_repr_png_``)
through the board layer, imported inside those methods only."""

ENGINE_PACKAGES_PENDING = ["hive_teach.hive", "hive_teach.rive"]
"""Packages whose inner cycles another branch removes; the merge deletes this list (and its
use below), so that the check covers every layer."""


def import_graph(package: Path) -> dict[str, set[str]]:
    """Module -> the package's modules it imports, at its top or inside a function (not under
    ``if TYPE_CHECKING:``); ``from a import b`` counts as importing ``a.b`` if that is a
    module, else ``a``."""
    root = package.name
    files = {}
    for f in package.rglob("*.py"):
        parts = list(f.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        files[".".join(parts)] = f

    def module(name: str) -> str | None:
        while name and name not in files:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, f in files.items():
        tree = ast.parse(f.read_text(encoding="utf-8"))
        skipped = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(node.test)
                   for stmt in node.body for n in ast.walk(stmt)}
        here = name if f.name == "__init__.py" else name.rpartition(".")[0]
        deps = set()
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = here.split(".")[: len(here.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                targets = [f"{base}.{a.name}" for a in node.names] + [base]
            else:
                continue
            for target in targets:
                found = module(target) if target.split(".")[0] == root else None
                if found is not None and found != name:
                    deps.add(found)
                    break  # "from a import b": a.b if a module, else a
        graph[name] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def checked_graph(package: Path) -> dict[str, set[str]]:
    """The import graph without the allowed edges and the pending engine packages."""
    def pending(m: str) -> bool:
        return any(m == p or m.startswith(p + ".") for p in ENGINE_PACKAGES_PENDING)

    return {m: {d for d in deps if (m, d) not in ALLOWED_EDGES and not pending(d)}
            for m, deps in import_graph(package).items() if not pending(m)}


def test_no_import_cycle_counting_imports_inside_functions() -> None:
    """board, teach, classroom, cli, tutorial and core: no cycle, whether an import sits at a
    module's top or inside a function."""
    graph = checked_graph(ROOT / "hive_teach")
    assert {"hive_teach.board.controller", "hive_teach.teach.lessons", "hive_teach.cli",
            "hive_teach.classroom.server", "hive_teach.core.registry"} <= set(graph)
    assert cycles(graph) == []


def test_the_cycle_check_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    """A cycle closed only by a function-level import (as the controller and the click models
    had one) is found; the same import under ``if TYPE_CHECKING:`` is not one."""
    pkg = tmp_path / "hive_teach"
    (pkg / "board").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "board" / "__init__.py").write_text("")
    (pkg / "board" / "controller.py").write_text(
        "def click_model():\n    from hive_teach.board import clicks\n    return clicks\n")
    (pkg / "board" / "clicks.py").write_text("from hive_teach.board.controller import x\n")
    assert cycles(checked_graph(pkg)) == [["hive_teach.board.clicks",
                                           "hive_teach.board.controller"]]
    (pkg / "board" / "controller.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from hive_teach.board import clicks\n")
    assert cycles(checked_graph(pkg)) == []


GAME_TYPES = frozenset({"Position", "RiveGame", "HiveScenario", "RiveScenario"})
"""The games' own classes, which no layer above the engines may test a value against: the
layers ask the registry (hive_teach.core.registry) for a game's parts instead."""


def type_switches(source: str) -> list[str]:
    """The ``isinstance(x, T)`` tests in ``source`` with ``T`` (or one of a tuple) a game's
    own class, as ``line: code``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "isinstance" and len(node.args) == 2:
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            names = {k.id if isinstance(k, ast.Name) else getattr(k, "attr", "") for k in kinds}
            if names & GAME_TYPES:
                found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_layer_above_the_engines_switches_on_a_games_type() -> None:
    """board, teach, classroom and the entry points never ask which game they hold (the
    third game of tests/test_third_game.py runs through them to prove it)."""
    package = ROOT / "hive_teach"
    switches = {
        str(f.relative_to(ROOT)): found for f in sorted(package.rglob("*.py"))
        if f.parent.name not in ("hive", "rive", "core")
        and (found := type_switches(f.read_text(encoding="utf-8")))}
    assert switches == {}
    assert type_switches("if isinstance(game, (int, rive.RiveGame)):\n    pass\n") == [
        "1: isinstance(game, (int, rive.RiveGame))"]


def test_the_layer_contract_names_every_layer() -> None:
    """The layers contract lists classroom between the entry points and teach."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    layers = config["tool"]["importlinter"]["contracts"][0]["layers"]
    assert layers == ["hive_teach.cli | hive_teach.tutorial", "hive_teach.classroom",
                      "hive_teach.teach", "hive_teach.board", "hive_teach.hive | hive_teach.rive",
                      "hive_teach.core"]


def lint_imports(*args: str) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).with_name("lint-imports")
    return subprocess.run([str(exe), *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_layer_contracts_are_kept() -> None:
    done = lint_imports()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 kept, 0 broken" in done.stdout


def test_the_layer_check_catches_an_upward_import(tmp_path: Path) -> None:
    """The same contracts, on a copy of the package with one engine module importing the board:
    import-linter must report it (so the check above is not vacuous)."""
    import shutil

    pkg = tmp_path / "hive_teach"
    shutil.copytree(ROOT / "hive_teach", pkg, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    bad = pkg / "hive" / "movegen.py"
    bad.write_text(bad.read_text() + "\nfrom hive_teach.board import controller  # noqa\n")
    exe = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(exe)], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(tmp_path), "PATH": ""})
    assert done.returncode == 1, done.stdout + done.stderr
    assert "hive_teach.hive.movegen -> hive_teach.board.controller" in done.stdout
