"""The pytest plugin (``pytest --hive``), run as a user runs it: pytest in a subprocess, in a
folder outside the project, on a Markdown page with right and wrong ```hive blocks and on
scenario files. Also: the plugin collects nothing without ``--hive`` (loaded by hand and
through its ``pytest11`` entry point), ``--hive-update`` rewrites only the expectations, and
the project's own rules page passes."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import hive_teach

ROOT = Path(__file__).resolve().parents[1]
KIT = Path(hive_teach.__file__).resolve().parents[1]  # the hive_teach being tested
PLUGIN = "hive_teach.teach.pytest_plugin"

PAGE = '''# Our club's rules page

The Queen takes one step:

```hive
id = "queen-right"
[position]
game_string = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
[focus]
piece = "wQ"
targets = ["0,-1", "-1,1"]
```

Wrong: the Queen cannot go north-east, and it is not R9 that keeps her from -2,0.

~~~hive
[position]   # the same position
game_string = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
[focus]
piece = "wQ"
targets = ["0,-1", "1,-1"]
[focus.forbidden]
"-2,0" = "R9"
~~~

A code block that is no diagram:

```python
print("hello")
```

- In a list, indented:

   ```hive
   id = "spider-right"
   [position]
   to_move = "white"
   turn = 3
   [position.stacks]
   "-1,0" = "wS1"
   "0,0" = "wQ"
   "1,0" = "bQ"
   [focus]
   piece = "wS1"
   targets = ["2,-1", "1,1"]
   [marks]
   path = ["-1,0", "0,-1", "1,-1", "2,-1"]
   ```
'''

GATE = '''# The gate, written with a wrong rule id (and a comment to keep).
id = "gate-wrong"
rules = ["R7"]

[title]
en = "A gate"

[position]
to_move = "white"
turn = 4
[position.stacks]
"0,0" = "wQ"
"1,0" = "bQ"
"0,-1" = "wS1"
"1,-2" = "wB1"
"2,-2" = "bB1"
"2,-1" = "bS1"

[focus]
piece = "wQ"
targets = [
    "-1,0",
    "0,1",
    "2,0",   # wrong too
]
[focus.forbidden]
"1,-1" = "R9"   # the gate's rule is R7
"-1,1" = "R7"

[marks]
gates = [["1,0", "0,-1"]]
'''

RIVE = '''game = "rive"
id = "rive-right"
rules = ["V3"]
position = "rive3;0,0"
[expect]
illegal = [{action = "1,0", rule = "V3"}]
'''


def run_pytest(cwd: Path, *args: str, load: bool = True,
               env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """pytest in a subprocess, as a user runs it in ``cwd``; ``load``: load the plugin by
    name with every other plugin's autoloading off (fast, and the same in any venv)."""
    full = {**os.environ, "PYTHONPATH": str(KIT), **(env or {})}
    full.pop("PYTEST_ADDOPTS", None)
    if load:
        full["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
        args = ("-p", PLUGIN, *args)
    else:
        full.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
                          cwd=cwd, env=full, capture_output=True, text=True, timeout=300)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A folder outside the project: a page with right and wrong blocks, scenario files, and
    a TOML file that is no scenario."""
    site = tmp_path / "site"
    (site / "docs").mkdir(parents=True)
    (site / "docs" / "rules.md").write_text(PAGE, encoding="utf-8")
    (site / "scenarios").mkdir()
    (site / "scenarios" / "gate.toml").write_text(GATE, encoding="utf-8")
    (site / "scenarios" / "rive.toml").write_text(RIVE, encoding="utf-8")
    (site / "pyproject.toml").write_text('[project]\nname = "club-site"\n', encoding="utf-8")
    return site


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


@pytest.mark.slow  # 5-30 s: kept out of the fast loop (README: under a minute)
def test_right_blocks_pass_wrong_ones_fail_naming_cells_and_update_fixes_only_them(site: Path):
    assert not site.is_relative_to(ROOT)
    before = snapshot(site)
    done = run_pytest(site, "--hive", ".", "-rA")
    out = done.stdout
    assert done.returncode == 1, out + done.stderr
    assert "collected 5 items" in out
    assert re.search(r"2 failed, 3 passed", out), out
    for passed in ("docs/rules.md::queen-right (line 5)", "docs/rules.md::spider-right (line 34)",
                   "scenarios/rive.toml::rive-right (line 1)"):
        assert f"PASSED {passed}" in out
    assert "FAILED docs/rules.md::block (line 16)" in out
    assert "FAILED scenarios/gate.toml::gate-wrong (line 1)" in out
    # The block's report: the missing and the extra target, the wrong rule, each explained,
    # and the map with those cells marked.
    page = out[out.index("docs/rules.md:16: block: the engine disagrees with 2 claims"):]
    assert "x 1,-1  listed, but the engine refuses: A Queen Bee moves just one cell" in page
    assert "+ -1,1  not listed, but the engine allows it: wQ goes -1,0 > -1,1" in page
    assert "focus.forbidden: wQ to -2,0: the engine cites R7" in page
    assert "! -2,0  the engine: wQ would lose touch with the hive" in page
    assert re.search(r"r= 0 +\. +! +\*wQ +wS1 +bS1 +bQ +\.", page), page
    gate = out[out.index("scenarios/gate.toml: gate-wrong: the engine disagrees"):]
    assert "x 2,0   listed, but the engine refuses" in gate
    assert "! 1,-1  the engine: The gap between bQ and wS1 is too narrow" in gate
    assert snapshot(site) == before  # checking writes nothing

    done = run_pytest(site, "--hive", "--hive-update", ".")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "5 passed" in done.stdout
    assert "docs/rules.md:16: block: focus.targets: " in done.stdout
    after = snapshot(site)
    want = dict(before)
    want["docs/rules.md"] = PAGE.replace('targets = ["0,-1", "1,-1"]',
                                         'targets = ["0,-1", "-1,1"]').replace(
        '"-2,0" = "R9"', '"-2,0" = "R7"').encode()
    want["scenarios/gate.toml"] = GATE.replace('    "2,0",   # wrong too\n', '').replace(
        '"1,-1" = "R9"   # the gate', '"1,-1" = "R7"   # the gate').encode()
    assert after == want  # byte for byte: only the expectations changed

    done = run_pytest(site, "--hive", ".")
    assert done.returncode == 0 and "5 passed" in done.stdout, done.stdout


def test_without_hive_the_plugin_collects_nothing(site: Path):
    (site / "test_own.py").write_text("def test_own():\n    pass\n", encoding="utf-8")
    done = run_pytest(site, ".")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout and "rules.md" not in done.stdout


@pytest.mark.slow
def test_the_entry_point_loads_the_plugin_and_it_waits_for_hive(site: Path, tmp_path: Path):
    """The entry point as pyproject.toml declares it, installed as a package's metadata: pytest
    loads the plugin by itself; without --hive another project's suite is untouched."""
    points = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pytest11 = points["project"]["entry-points"]["pytest11"]
    assert pytest11 == {PLUGIN: PLUGIN}
    dist = tmp_path / "meta" / "hive_teach_plugin_check-0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: hive-teach-plugin-check\n"
                                   "Version: 0\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text(
        "[pytest11]\n" + "".join(f"{k} = {v}\n" for k, v in pytest11.items()), encoding="utf-8")
    (site / "test_own.py").write_text("def test_own():\n    pass\n", encoding="utf-8")
    env = {"PYTHONPATH": os.pathsep.join([str(KIT), str(tmp_path / "meta")])}
    plain = run_pytest(site, "-p", "no:xdist", ".", load=False, env=env)
    assert plain.returncode == 0 and "1 passed" in plain.stdout, plain.stdout + plain.stderr
    hive = run_pytest(site, "-p", "no:xdist", "--hive", "docs", load=False, env=env)
    assert "1 failed, 2 passed" in hive.stdout, hive.stdout + hive.stderr


def test_update_refuses_several_processes_and_needs_hive(site: Path):
    done = run_pytest(site, "--hive-update", ".")
    assert done.returncode == 4 and "give both" in done.stderr, done.stderr
    done = run_pytest(site, "-p", "xdist", "-n", "2", "--hive", "--hive-update", ".")
    assert done.returncode == 4 and "one process" in done.stderr, done.stderr


def test_a_block_that_cannot_be_read_fails_with_page_and_line(site: Path):
    bad = PAGE.replace('piece = "wQ"\ntargets = ["0,-1", "-1,1"]',
                       'piece = "wQ"\ntargets = ["0,-1", "-1,1"]\nspeed = 3')
    (site / "docs" / "rules.md").write_text(bad, encoding="utf-8")
    done = run_pytest(site, "--hive", "docs")
    assert done.returncode == 1 and "2 failed, 1 passed" in done.stdout, done.stdout
    line = bad.splitlines().index("speed = 3") + 1
    assert f"docs/rules.md:{line}: unknown key focus.'speed'" in done.stdout, done.stdout
    unclosed = PAGE + "\n```hive\n[position]\n"
    (site / "docs" / "rules.md").write_text(unclosed, encoding="utf-8")
    done = run_pytest(site, "--hive", "docs")
    line = len(PAGE.splitlines()) + 2
    assert done.returncode == 1 and "1 failed" in done.stdout, done.stdout
    assert f"rules.md:{line}: the ```hive block opened here is never closed" in done.stdout, \
        done.stdout


def test_the_rules_page_examples_agree_with_the_engine():
    """docs/rules.md carries ```hive examples; the plugin checks them (as CI would)."""
    page = ROOT / "docs" / "rules.md"
    n = len(re.findall(r"^```hive$", page.read_text(encoding="utf-8"), re.M))
    assert n >= 6
    done = run_pytest(ROOT, "-o", "addopts=", "--hive", "docs/rules.md")
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{n} passed" in done.stdout, done.stdout
