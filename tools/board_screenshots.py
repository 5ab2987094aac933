"""Screenshots of the board as a learner sees it: JupyterLab in headless Chromium, in English,
German and Chinese, driven by real clicks on the canvas.

For each language it takes three pictures of the board widget:

- ``selected-<lang>.png``: the white Queen of ``freedom-gate-queen`` clicked, her targets green;
- ``illegal-<lang>.png``: then a click on the gated cell ``1,-1``, explained (R7), the cell
  the message names readable by that name on the board (cell names are drawn on every cell);
- ``checked-<lang>.png``: the ``spider-exactly-three`` exercise with one right mark, one wrong
  mark and one cell missed, after Check: three looks and the one-sentence result.

    .venv/bin/python tools/board_screenshots.py               # into /tmp/shots15
    .venv/bin/python tools/board_screenshots.py --out shots --lang zh

Run it from the repository root with ``PYTHONPATH=$PWD`` so that the notebook kernels import
this checkout. It needs Debian's Chromium and Playwright (the browser tests' recipe,
``tests/browser_support.py``), and no Chinese system font: the kit brings its own.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import (  # noqa: E402
    browser,
    jupyterlab,
    new_page,
    open_and_run,
    write_notebook,
)

LANGUAGES = ("en", "de", "zh")
BOARD = "freedom-gate-queen"
QUEEN, GATED = "0,0", "1,-1"  # the white Queen, and the hole she cannot slide into (R7)
EXERCISE = "spider-exactly-three"
RIGHT, WRONG = "1,1", "-1,1"  # marked: a cell wS1 reaches, one it does not (2,-1 is missed)


def notebook(lang: str) -> list[str]:
    """The cells: the language, the two boards, then where their cells are on the canvas."""
    return [
        f'from hive_teach.tutorial import *\nset_language("{lang}")',
        f'b = board("{BOARD}"); b',
        f'ex = reach_exercise("{EXERCISE}"); ex',
        "import json\nfrom hive_teach.core.hexgrid import parse_cell\n"
        f"cells = {{'board': {{c: b.figure_fraction(parse_cell(c)) for c in {[QUEEN, GATED]}}},"
        f" 'exercise': {{c: ex.figure_fraction(parse_cell(c)) for c in {[RIGHT, WRONG]}}}}}\n"
        'print("FRACTIONS " + json.dumps(cells))',
    ]


def canvas_digest(page: Any, index: int) -> str:
    """A digest of what the ``index``-th board's picture shows (the canvas and the marks laid
    over it), to wait for a repaint."""
    canvas = page.locator(".jupyter-matplotlib-canvas-div").nth(index).locator("canvas").first
    return hashlib.sha1(canvas.screenshot()).hexdigest()


def wait_painted(page: Any, index: int) -> None:
    """Until the ``index``-th canvas has its size and an opaque picture."""
    page.wait_for_function("""(i) => {
      const d = document.querySelectorAll('.jupyter-matplotlib-canvas-div')[i];
      const c = d && d.querySelector('canvas');
      if (!c || !c.width || !c.height) return false;
      const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      for (let k = 3; k < px.length; k += 4) if (px[k] !== 255) return false;
      return true;
    }""", arg=index, timeout=60_000)


def click(page: Any, index: int, fraction: list[float]) -> None:
    """A real mouse click on the ``index``-th board's canvas, at a cell's figure fraction;
    returns when the canvas has repainted and nothing more arrives."""
    before = canvas_digest(page, index)
    div = page.locator(".jupyter-matplotlib-canvas-div").nth(index)
    div.scroll_into_view_if_needed()
    box = div.bounding_box()
    fx, fy = fraction
    page.mouse.click(box["x"] + fx * box["width"], box["y"] + (1 - fy) * box["height"])
    settle(page, index, before)


def settle(page: Any, index: int, before: str) -> None:
    for _ in range(100):  # up to 10 s for the picture to change
        page.wait_for_timeout(100)
        if canvas_digest(page, index) != before:
            break
    else:
        raise RuntimeError(f"board {index}'s canvas did not change")
    page.wait_for_timeout(400)  # the rest of the picture, and the texts


def run(page: Any, base_token: str, name: str) -> dict[str, dict[str, list[float]]]:
    """Open the notebook ``name``, run all cells, wait for both boards; the cell fractions."""
    open_and_run(page, base_token, name)
    wait_painted(page, 0)
    wait_painted(page, 1)
    page.wait_for_timeout(500)
    text = page.locator(".jp-OutputArea-output >> text=FRACTIONS").first.inner_text()
    cells: dict[str, dict[str, list[float]]] = json.loads(text.split("FRACTIONS", 1)[1])
    return cells


def shoot(page: Any, index: int, path: Path) -> None:
    board = page.locator(".hive-teach-board").nth(index)
    board.scroll_into_view_if_needed()
    page.mouse.move(0, 0)  # no pointer resting on a button
    board.screenshot(path=str(path))
    print(path)


def screenshots(page: Any, base_token: str, lang: str, out: Path) -> None:
    cells = run(page, base_token, f"shots-{lang}.ipynb")
    board, exercise = cells["board"], cells["exercise"]
    click(page, 0, board[QUEEN])
    page.wait_for_function(
        "() => document.querySelector('.hive-teach-targets').innerText.includes(',')")
    shoot(page, 0, out / f"selected-{lang}.png")
    click(page, 0, board[GATED])
    page.wait_for_function(
        "() => document.querySelector('.hive-teach-readout').innerText.includes('(R7)')")
    shoot(page, 0, out / f"illegal-{lang}.png")
    click(page, 1, exercise[RIGHT])
    click(page, 1, exercise[WRONG])
    before = canvas_digest(page, 1)
    page.locator(".hive-teach-board").nth(1).locator("button.mod-info").click()
    settle(page, 1, before)
    shoot(page, 1, out / f"checked-{lang}.png")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots15"))
    parser.add_argument("--lang", choices=LANGUAGES, action="append",
                        help="only this language (again for more); default all three")
    args = parser.parse_args(argv)
    langs = args.lang or list(LANGUAGES)
    args.out.mkdir(parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix="hive-teach-shots-"))
    try:
        for lang in langs:
            write_notebook(root / f"shots-{lang}.ipynb", notebook(lang))
        shutil.copytree(ROOT / "scenarios", root / "scenarios")
        with jupyterlab(root) as base_token, browser() as b:
            for lang in langs:
                page = new_page(b)
                try:
                    screenshots(page, base_token, lang, args.out)
                finally:
                    page.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
