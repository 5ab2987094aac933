"""tools/import_graph.py, which tests/test_layers.py uses to find import cycles in every layer
(imports inside functions counted): the tool itself, and the engines' function-level imports.

import-linter sees only which layer imports which; a cycle between two modules of one layer,
hidden in a function body, it does not see.
"""

from __future__ import annotations

import doctest
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import import_graph  # noqa: E402

import_cycles = import_graph.import_cycles
count_function_imports = import_graph.count_function_imports

ENGINES = ("hive_teach.core", "hive_teach.hive", "hive_teach.rive")


def _in_engines(name: str) -> bool:
    return any(name == e or name.startswith(e + ".") for e in ENGINES)


def test_function_imports_in_the_engines_are_only_the_drawing_ones() -> None:
    counts = {m: n for m, n in count_function_imports(ROOT / "hive_teach").items()
              if _in_engines(m)}
    assert counts == {"hive_teach.hive.position": 2, "hive_teach.rive.position": 2}


def test_a_cycle_through_a_function_import_is_found(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "",
        "a.py": "from pkg.sub import b\n",
        "sub/__init__.py": "",
        "sub/b.py": "def f():\n    from .. import c\n",
        "c.py": "import pkg.a\n",
        "d.py": textwrap.dedent("""
            from typing import TYPE_CHECKING
            if TYPE_CHECKING:
                from pkg import a
            else:
                from pkg import c
        """),
    }
    for name, text in files.items():
        (pkg / name).write_text(text)
    assert import_cycles(pkg) == [["pkg.a", "pkg.c", "pkg.sub.b"]]
    # The body of TYPE_CHECKING never runs; its else does.
    assert import_graph.import_graph(pkg)["pkg.d"] == {"pkg.c"}
    assert count_function_imports(pkg) == {"pkg.sub.b": 1}
    assert import_cycles(pkg, exclude_edges={("pkg.c", "pkg.a")}) == []


def test_the_tools_doctests_pass() -> None:
    failures, tried = doctest.testmod(import_graph)
    assert tried and not failures
