"""The board in a real browser: JupyterLab, Debian's Chromium, Playwright, real clicks.

In CI (``CI`` set) a missing Chromium fails this test; on a developer machine it skips with
a message saying how to install it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from browser_support import (
    BOARD_CELLS,
    browser_page,
    chromium_available,
    click_cell,
    jupyterlab,
    message_shown,
    open_and_run,
    read_fractions,
    targets_shown,
    write_notebook,
)

from hive_teach.core.hexgrid import cell_name
from hive_teach.tutorial import scenario

ROOT = Path(__file__).resolve().parents[1]

if not chromium_available():
    if os.environ.get("CI"):
        pytest.fail("chromium is missing: CI must install it (apt-get install chromium)",
                    pytrace=False)
    pytest.skip("the browser test needs Debian's Chromium: sudo apt-get install chromium",
                allow_module_level=True)


@pytest.mark.slow
def test_click_select_reject_and_play_in_jupyterlab(tmp_path):
    write_notebook(tmp_path / "board.ipynb", [BOARD_CELLS])
    shutil.copytree(ROOT / "scenarios", tmp_path / "scenarios")
    s = scenario("freedom-gate-queen")
    expected = " ".join(sorted(cell_name(c) for c in s.position().targets(s.focus.piece)))
    with jupyterlab(tmp_path) as lab, browser_page() as page:
        open_and_run(page, lab, "board.ipynb")
        fractions = read_fractions(page)

        click_cell(page, fractions, "0,0")  # the white Queen
        page.wait_for_function(
            "() => document.querySelector('.hive-teach-targets').innerText.includes(',')",
            timeout=30_000)
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
        page.screenshot(path=str(tmp_path / "board.png"))
