"""The package's layers, imports flowing one way, checked with import-linter.

The contracts are in ``pyproject.toml`` (``[tool.importlinter]``): core <- hive, rive <- board
<- teach <- the entry points (``cli``, ``tutorial``), and no engine or core module imports a
drawing or widget library. The one exception is python-chess's: a position draws itself for a
notebook (``_repr_svg_``), importing the board layer inside that method only.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


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
