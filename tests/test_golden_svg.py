"""Golden SVGs: every scenario in ``scenarios/`` and ``scenarios/rive/``, drawn with its marks in
English, German and Chinese, must come out byte for byte as stored in ``tests/golden/svg/``.

They guard refactors of the drawing and board code: such a change must leave every picture
as it was. What is stored, per scenario (Rive ones under ``rive/``):

- ``<id>.en.svg``: the whole English SVG, so that ``git diff`` shows what moved;
- ``<id>.de.txt`` and ``<id>.zh.txt``: the SHA-256 of the whole German or Chinese SVG, then its
  lines without the ``<path>`` shapes (the header, the background and every text, with their
  positions). The geometry is the English one, only laid out around other words; storing the
  hash instead keeps the folder under 3 MB.

After an intended change of the look (or a new or renamed scenario), regenerate them with

    HIVE_TEACH_UPDATE_GOLDEN=1 .venv/bin/python -m pytest -q -n0 tests/test_golden_svg.py

then read ``git diff tests/golden/svg/`` (open a changed SVG in a browser) before committing.
The update also deletes the files of scenarios that no longer exist.
"""

from __future__ import annotations

import difflib
import hashlib
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from hive_teach.board.drawing import diagram_svg
from hive_teach.teach import scenario

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).parent / "golden" / "svg"
UPDATE = os.environ.get("HIVE_TEACH_UPDATE_GOLDEN") == "1"
LANGS = ("en", "de", "zh")
FULL = "en"  # the language stored as a whole SVG


def _load(path: Path) -> tuple[str, Callable[[str], str]]:
    """One scenario file of either game: its id, and its SVG in a language, drawn as the
    lessons draw it (the position before any ``play`` moves, with the file's marks)."""
    s = scenario.load(path)

    def svg(lang: str) -> str:
        game = s.game()
        return diagram_svg(game, s.marks(lang, game))

    return s.id, svg


def _scenarios() -> dict[str, Callable[[str], str]]:
    """Golden file stem (``id`` or ``rive/id``) -> the SVG of that scenario in a language."""
    out = {}
    for path in sorted((ROOT / "scenarios").glob("*.toml")):
        sid, svg = _load(path)
        out[sid] = svg
    for path in sorted((ROOT / "scenarios" / "rive").glob("*.toml")):
        sid, svg = _load(path)
        out[f"rive/{sid}"] = svg
    return out


SCENARIOS = _scenarios()


def golden_path(stem: str, lang: str) -> Path:
    return GOLDEN / f"{stem}.{lang}.{'svg' if lang == FULL else 'txt'}"


def stored_form(svg: str, lang: str) -> str:
    """What the golden file holds for ``svg``: all of it in English, else hash and text layer.

    >>> print(stored_form('<svg>\\n<path d="M0 0"/>\\n<text>Hallo</text>\\n</svg>\\n', "de"))
    sha256 ffb9ca15334adee219b1df62cdd868d02c67ab772331b2fb1f9c8e26babb12ff
    <svg>
    <text>Hallo</text>
    </svg>
    <BLANKLINE>
    """
    if lang == FULL:
        return svg
    digest = hashlib.sha256(svg.encode("utf-8")).hexdigest()
    kept = [line for line in svg.splitlines() if not line.lstrip().startswith("<path")]
    return "\n".join([f"sha256 {digest}", *kept]) + "\n"


def _diff(expected: str, actual: str, name: str) -> str:
    lines = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                      f"stored {name}", f"drawn now {name}", lineterm="", n=1))
    shown = "\n".join(lines[:60])
    more = f"\n... {len(lines) - 60} more diff lines" if len(lines) > 60 else ""
    return shown + more


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("stem", sorted(SCENARIOS))
@pytest.mark.slow
def test_scenario_diagram_matches_its_golden_svg(stem: str, lang: str, tmp_path: Path) -> None:
    svg = SCENARIOS[stem](lang)
    assert svg == SCENARIOS[stem](lang), "the same scenario drew two different SVGs"
    actual = stored_form(svg, lang)
    path = golden_path(stem, lang)
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != actual:
            path.write_text(actual, encoding="utf-8", newline="\n")
        return
    if not path.exists():
        pytest.fail(f"{path.relative_to(ROOT)} is missing: run with HIVE_TEACH_UPDATE_GOLDEN=1 "
                    "to write it (see this file's docstring)")
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        name = str(path.relative_to(ROOT))
        hint = ""
        if lang != FULL:
            drawn = tmp_path / f"{Path(stem).name}.{lang}.svg"
            drawn.write_text(svg, encoding="utf-8")
            hint = f"\nthe whole SVG drawn now: {drawn}"
            if actual.splitlines()[1:] == expected.splitlines()[1:]:
                hint += " (the texts are as stored: only shapes moved)"
        pytest.fail(f"{name} differs from the drawing:\n{_diff(expected, actual, name)}{hint}")


def test_every_golden_file_belongs_to_a_scenario() -> None:
    wanted = {golden_path(stem, lang) for stem in SCENARIOS for lang in LANGS}
    stale = sorted(p.relative_to(GOLDEN).as_posix() for p in GOLDEN.rglob("*")
                   if p.is_file() and p not in wanted)
    if UPDATE:
        for name in stale:
            (GOLDEN / name).unlink()
        return
    assert not stale, f"golden files without a scenario (regenerate to remove them): {stale}"
    assert len(wanted) == 3 * len(SCENARIOS) and len(SCENARIOS) >= 50


def test_the_golden_folder_stays_small() -> None:
    """Under 3 MB, so that a checkout stays light and a diff readable."""
    total = sum(p.stat().st_size for p in GOLDEN.rglob("*") if p.is_file())
    assert total < 3_000_000, f"tests/golden/svg holds {total:,} bytes"
