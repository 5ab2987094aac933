"""The board in a real browser: JupyterLab, Debian's Chromium, Playwright, real clicks.

In CI (``CI`` set) a missing Chromium fails this test; on a developer machine it skips with
a message saying how to install it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from browser_support import (
    BOARD_CELLS,
    browser_page,
    click_cell,
    corner_ink,
    jupyterlab,
    message_shown,
    open_and_run,
    picture,
    picture_changes,
    read_fractions,
    require_chromium,
    targets_shown,
    wait_for_overlay,
    write_notebook,
)

from hive_teach.core.hexgrid import cell_name
from hive_teach.tutorial import scenario

ROOT = Path(__file__).resolve().parents[1]

require_chromium("the browser test")


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab on a folder with the board notebook, and a browser: shared by the tests."""
    root = tmp_path_factory.mktemp("lab")
    write_notebook(root / "board.ipynb", [BOARD_CELLS])
    write_notebook(root / "overlay.ipynb", [BOARD_CELLS])
    write_notebook(root / "two.ipynb", TWO_BOARDS)
    shutil.copytree(ROOT / "scenarios", root / "scenarios")
    with jupyterlab(root) as base, browser_page() as page:
        yield base, page, root


TWO_BOARDS = [
    'from hive_teach.tutorial import board\nb1 = board("freedom-gate-queen"); b1',
    'b2 = board("freedom-gate-queen"); b2',
    # Both change before the page has painted either (the cells run at once).
    'import json\nfrom hive_teach.core.hexgrid import parse_cell\n'
    'b1.controller.select("wQ"); b1.refresh()\n'
    'b2.controller.select("wQ"); b2.controller.click("-1,0"); b2.refresh()\n'
    'print("FRACTIONS " + json.dumps({"0,0": b1.figure_fraction(parse_cell("0,0"))}))',
]


def queen_targets() -> str:
    s = scenario("freedom-gate-queen")
    return " ".join(sorted(cell_name(c) for c in s.position().targets(s.focus.piece)))


def wait_for_targets(page) -> None:
    page.wait_for_function(
        "() => document.querySelector('.hive-teach-targets').innerText.includes(',')",
        timeout=30_000)


@pytest.mark.slow
def test_a_click_paints_the_highlights_over_a_board_that_stays(lab):
    base, page, _ = lab
    open_and_run(page, base, "overlay.ipynb")
    fractions = read_fractions(page)
    page.wait_for_timeout(500)  # the first picture has arrived
    kept = picture(page)
    click_cell(page, fractions, "0,0")  # the white Queen
    wait_for_targets(page)
    wait_for_overlay(page)
    page.wait_for_timeout(300)  # and nothing else arrives
    assert targets_shown(page) == queen_targets() == "-1,0 0,1"
    changes = picture_changes(kept, picture(page), fractions)
    assert changes["at"]["-1,0"] and changes["at"]["0,1"]  # the green targets
    # The board underneath stays: other pieces and cells, and all but a small part.
    assert not changes["at"]["1,-2"] and not changes["at"]["2,0"] and not changes["at"]["1,-1"]
    width, height = changes["size"]
    assert changes["count"] < 0.1 * width * height
    # Every changed pixel is on the Queen's cell or her targets (a cell's radius around them).
    qx, wx = fractions["0,0"][0], fractions["-1,0"][0]  # neighbours in a row: sqrt(3) radii
    radius = (qx - wx) * width / 3**0.5 * 1.15
    xs = [fractions[c][0] * width for c in ("0,0", "-1,0", "0,1")]
    ys = [(1 - fractions[c][1]) * height for c in ("0,0", "-1,0", "0,1")]
    x0, y0, x1, y1 = changes["box"]
    assert min(xs) - radius <= x0 and x1 <= max(xs) + radius
    assert min(ys) - radius <= y0 and y1 <= max(ys) + radius
    # The picture of the marks lies on the canvas exactly where the kernel painted them: a
    # pixel off, and every edge in it would show a seam.
    place = page.evaluate("""() => {
      const c = document.querySelector('.jupyter-matplotlib-canvas-div canvas')
        .getBoundingClientRect();
      const img = document.querySelector('.hive-teach-overlay img');
      const r = img.getBoundingClientRect();
      return {dx: r.x - c.x, dy: r.y - c.y, w: r.width, h: r.height,
              left: parseFloat(img.style.left), top: parseFloat(img.style.top),
              width: parseFloat(img.style.width), height: parseFloat(img.style.height)};
    }""")
    assert place["left"] > 0 and place["top"] > 0
    assert place["dx"] == pytest.approx(place["left"], abs=0.01)
    assert place["dy"] == pytest.approx(place["top"], abs=0.01)
    assert (place["w"], place["h"]) == (place["width"], place["height"])
    # No drag handle at the bottom right corner (where a click would resize the board).
    assert corner_ink(page) == [0]


@pytest.mark.slow
def test_click_select_reject_and_play_in_jupyterlab(lab):
    base, page, root = lab
    expected = queen_targets()
    open_and_run(page, base, "board.ipynb")
    fractions = read_fractions(page)

    click_cell(page, fractions, "0,0")  # the white Queen
    wait_for_targets(page)
    assert targets_shown(page) == expected

    click_cell(page, fractions, "1,-1")  # the gated hole
    page.wait_for_function(
        "() => document.querySelector('.hive-teach-readout').innerText.includes('(R7)')",
        timeout=30_000)
    assert "bQ" in message_shown(page) and "wS1" in message_shown(page)

    click_cell(page, fractions, "-1,0")  # a legal slide
    page.wait_for_function(
        "() => document.querySelector('.hive-teach-readout').innerText.includes('Played')",
        timeout=30_000)
    assert "wQ" in message_shown(page)
    assert targets_shown(page) == ""
    page.screenshot(path=str(root / "board.png"))


@pytest.mark.slow
def test_two_boards_changed_by_a_later_cell_both_show_their_pictures(lab):
    base, page, _ = lab
    open_and_run(page, base, "two.ipynb")
    fx, fy = read_fractions(page)["0,0"]
    # Each board's canvas (the first of the two in its div: the second is ipympl's
    # transparent layer for rubber bands) has its size and a whole picture on it. Before
    # the fix both stayed 0 x 0 pixels: the page had been sent raw pixels for a PNG, and
    # its resize failed on the broken image.
    pictures = "[...document.querySelectorAll('.jupyter-matplotlib-canvas-div')]" \
               ".map((d) => d.querySelector('canvas'))"
    page.wait_for_function("""() => {
      const cs = PICTURES;
      return cs.length === 2 && cs.every((c) => {
        if (c.width === 0 || c.height === 0) return false;
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let opaque = 0;
        for (let i = 3; i < d.length; i += 4) opaque += d[i] === 255;
        return opaque === c.width * c.height;
      });
    }""".replace("PICTURES", pictures), timeout=15_000)
    # And each shows its own state: the Queen selected on 0,0; the Queen gone from there.
    at = page.evaluate("""([fx, fy]) => PICTURES.map((c) => {
      const x = Math.round(fx * c.width), y = Math.round((1 - fy) * c.height);
      return Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3));
    })""".replace("PICTURES", pictures), [fx, fy])
    assert at[0] != at[1]
    readouts = page.locator(".hive-teach-readout")
    assert "2 cells" in readouts.nth(0).inner_text() and "Played" in readouts.nth(1).inner_text()
