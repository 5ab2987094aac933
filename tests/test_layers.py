"""The package's layers, imports flowing one way, checked with import-linter, and no import
cycle inside the package.

The contracts are in ``pyproject.toml`` (``[tool.importlinter]``): core <- hive, rive <- board
<- teach <- classroom <- the entry points (``cli``, ``tutorial``), and no engine or core module
imports a drawing or widget library. The one exception is python-chess's: a position draws
itself for a notebook (``_repr_svg_``), importing the board layer inside that method only.

import-linter sees only the imports at a module's top. The cycle check here builds the graph
from the source (``tools/import_graph.py``), imports inside functions included (not those under
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
sys.path.insert(0, str(ROOT / "tools"))

import import_graph  # noqa: E402

import_cycles = import_graph.import_cycles

def test_no_import_cycle_counting_imports_inside_functions() -> None:
    """Every layer (core, the engines, board, teach, classroom, cli, tutorial): no cycle,
    whether an import sits at a module's top or inside a function. Not even the engines'
    drawing of themselves (``_repr_svg_`` importing ``board.drawing`` inside the method) closes
    one: the drawing pipeline finds a game's painter through the registry."""
    graph = import_graph.import_graph(ROOT / "hive_teach")
    assert {"hive_teach.board.controller", "hive_teach.teach.lessons", "hive_teach.cli",
            "hive_teach.classroom.server", "hive_teach.core.registry",
            "hive_teach.hive.explain.explainer", "hive_teach.rive.position"} <= set(graph)
    assert ("hive_teach.board.drawing" in graph["hive_teach.hive.position"]
            and "hive_teach.board.drawing" in graph["hive_teach.rive.position"])
    assert import_cycles(ROOT / "hive_teach") == []


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
    assert import_cycles(pkg) == [["hive_teach.board.clicks", "hive_teach.board.controller"]]
    (pkg / "board" / "controller.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from hive_teach.board import clicks\n")
    assert import_cycles(pkg) == []


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
