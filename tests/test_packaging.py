"""The package carries the course: scenarios, puzzles and notebooks work from any folder, the
wheel holds them and the licence, and the command line reports its version."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from hive_teach.core.version import __version__
from hive_teach.teach.library import COURSE, library_dir

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hive_teach.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def test_version_is_the_one_of_the_package(tmp_path: Path) -> None:
    done = run("--version", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == f"hive-teach {__version__}"


def test_the_course_is_found_from_any_folder(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)  # no scenarios/ here or above
    monkeypatch.delenv("HIVE_TEACH_SCENARIOS", raising=False)
    assert library_dir("scenarios", "HIVE_TEACH_SCENARIOS") == COURSE / "scenarios"
    names = {p.name for p in (COURSE / "scenarios").glob("*.toml")}
    assert names == {p.name for p in (ROOT / "scenarios").glob("*.toml")} and names
    for lang in ("en", "de", "zh"):
        assert sorted((COURSE / "notebooks" / lang).glob("*.ipynb"))


def test_verify_without_paths_checks_the_bundled_scenarios_and_puzzles(tmp_path: Path) -> None:
    done = run("verify", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    scenarios = len(list((ROOT / "scenarios").rglob("*.toml")))
    puzzles = len(list((ROOT / "puzzles").glob("*.toml")))
    totals = [line for line in done.stdout.splitlines() if " passed, " in line]
    assert totals[0] == f"{scenarios} passed, 0 failed"
    assert totals[1].startswith(f"{puzzles} passed, 0 failed")


def test_verify_without_paths_fails_when_a_bundled_scenario_is_wrong(tmp_path: Path) -> None:
    bad = tmp_path / "course"
    bad.mkdir()
    text = (ROOT / "scenarios" / "freedom-gate-queen.toml").read_text(encoding="utf-8")
    (bad / "freedom-gate-queen.toml").write_text(
        text.replace('targets = ["-1,0", "0,1"]', 'targets = ["-1,0"]'), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "hive_teach.cli", "verify"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300,
                          env={**__import__("os").environ, "HIVE_TEACH_SCENARIOS": str(bad)})
    assert done.returncode == 1 and "FAIL freedom-gate-queen" in done.stdout


@pytest.mark.slow
def test_the_wheel_carries_the_course_and_the_licence(tmp_path: Path) -> None:
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w",
                            str(tmp_path), str(ROOT)], check=True, timeout=600,
                            capture_output=True, text=True)
    # setuptools warned that the licence table stops working after 2027-02-18
    assert "SetuptoolsDeprecationWarning" not in built.stdout + built.stderr
    (wheel,) = tmp_path.glob("hive_teach-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    (metadata,) = [n for n in names if n.endswith(".dist-info/METADATA")]
    head = zipfile.ZipFile(wheel).read(metadata).decode().split("\n\n", 1)[0].splitlines()
    assert "License-Expression: MIT AND Apache-2.0" in head and "License-File: LICENSE" in head
    assert "License-File: hive_teach/core/fonts/LICENSE-wqy.txt" in head
    for rel in ("course/scenarios/beetle-stack.toml", "course/scenarios/rive/rive-game-end.toml",
                "course/puzzles/win-not-draw.toml", "course/notebooks/en/00-start-here.ipynb",
                "course/notebooks/zh/00-start-here.ipynb",
                "course/notebooks/source/00-start-here.toml", "core/rules.md",
                "course/notebooks/de/workshop.ipynb", "locale/zh/workshop.toml",
                "course/notebooks/games/T-HV-dube-Quodlibet-2021-12-11-1632.pgn"):
        assert f"hive_teach/{rel}" in names, rel
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    # pip puts it in the environment's etc/jupyter/: every Jupyter server there loads
    # hive_teach.teach.jupyter_sockets (kernel websockets that send each message at once).
    (config,) = [n for n in names if n.endswith(
        ".data/data/etc/jupyter/jupyter_server_config.d/hive_teach.json")]
    assert b"hive_teach.teach.jupyter_sockets" in zipfile.ZipFile(wheel).read(config)


def test_the_metadata_links_the_project() -> None:
    import tomllib

    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert set(urls) == {"Homepage", "Documentation", "Issues", "Source"}
    assert all(u.startswith("https://github.com/hive-teach/hive_teach") for u in urls.values())
    assert urls["Issues"].endswith("/issues")


def test_the_licence_is_an_spdx_expression_with_its_file() -> None:
    """A ``{ text = "MIT" }`` table and a licence classifier: deprecated by setuptools, which
    stops reading them after 2027-02-18. The expression names the licence of every licence
    file the wheel carries: the kit's (MIT) and the bundled font's (Apache-2.0)."""
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = data["project"]
    shipped = [p.relative_to(ROOT).as_posix() for p in (ROOT / "hive_teach").rglob("LICENSE*")]
    assert sorted(project["license-files"]) == sorted(["LICENSE", *shipped])
    assert project["license"] == "MIT AND Apache-2.0"
    assert "Apache License 2.0" in (ROOT / "hive_teach/core/fonts/LICENSE-wqy.txt").read_text(
        encoding="utf-8")
    assert not [c for c in project["classifiers"] if c.startswith("License ::")]
    assert data["build-system"]["requires"] == ["setuptools>=77"]  # the first that reads them
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_the_readme_and_benchmarks_point_to_nothing_outside_the_checkout() -> None:
    """The README named ../shared/bench/calibrate.py, a file beside the repository on the
    developers' machines only; the benchmarks looked for it there."""
    assert "../" not in (ROOT / "README.md").read_text(encoding="utf-8")
    for script in (ROOT / "benchmarks").glob("*.py"):
        code = "\n".join(line for line in script.read_text(encoding="utf-8").splitlines()
                         if not line.startswith("#"))  # a source note may say where it came from
        assert "shared/bench" not in code and '"shared"' not in code, script.name
    assert (ROOT / "benchmarks" / "calibrate.py").is_file()
