"""A lesson page for the keyboard (issue 27), in a real browser: ``hive-teach learn``,
Debian's Chromium, Playwright, real key presses.

ipympl's canvas takes every key, Tab included: without the page's fix a learner who Tabs onto
a board can never reach its menus or buttons. Here Tab from the top of lesson 04 reaches the
first board's canvas, goes on past it to the board's Check button, and Shift+Tab goes back;
each control the focus lands on shows a ring (a computed outline on ``:focus-visible``, on
a canvas a frame over the picture).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import browser_page, learn, require_chromium

from hive_teach.core.i18n import t
from hive_teach.teach.app import start_url

require_chromium("the keyboard test")

SHOTS = Path("/tmp/shots/keyboard")

FOCUSED = """() => {
  // The focused element, and its ring: a control's outline, a canvas's frame (its ::after,
  // laid over the picture, where an outline would be cut off and painted over).
  const e = document.activeElement;
  const canvas = !!e.closest('.jupyter-matplotlib-canvas-div');
  const style = canvas ? getComputedStyle(e, '::after') : getComputedStyle(e);
  return {canvas: canvas, text: (e.innerText || '').trim(), tag: e.tagName,
          board: !!e.closest('.hive-teach-board'),
          ring: canvas ? [style.borderTopStyle, style.borderTopWidth]
                       : [style.outlineStyle, style.outlineWidth]};
}"""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    with learn(tmp_path_factory.mktemp("home")) as port:
        yield port


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_tab_leaves_the_board_for_its_check_button_with_a_focus_ring(app: int, lang: str) -> None:
    url = start_url(app, lang).rsplit("/", 1)[0] + "/04-gates.ipynb"
    check = t("check", lang)
    with browser_page() as page:
        page.goto(url, timeout=180_000)
        page.wait_for_selector(".hive-teach-board .jupyter-matplotlib-canvas-div",
                               timeout=180_000)
        page.wait_for_timeout(2000)  # the last outputs and widgets
        seen = []
        for _ in range(120):
            page.keyboard.press("Tab")
            now = page.evaluate(FOCUSED)
            seen.append(now)
            if now["tag"] == "BUTTON" and now["text"] == check and now["board"]:
                break
        canvases = [i for i, s in enumerate(seen) if s["canvas"]]
        assert canvases, f"Tab never reached a board's canvas: {seen}"
        first = canvases[0]
        # The canvas shows its ring, and the next Tab leaves it.
        assert seen[first]["ring"] == ["solid", "3px"], seen[first]
        assert not seen[first + 1]["canvas"], f"Tab stayed on the canvas: {seen[first:]}"
        last = seen[-1]
        assert last["tag"] == "BUTTON" and last["text"] == check, \
            f"Tab never reached the board's {check!r} button: {seen[first:]}"
        assert last["ring"] == ["solid", "3px"], last
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator(":focus").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"check-focused-{lang}.png"))
        # Shift+Tab goes back the same way, through the canvas and out before it.
        for _ in range(len(seen) - first - 1):
            page.keyboard.press("Shift+Tab")
        assert page.evaluate(FOCUSED)["canvas"]
        page.screenshot(path=str(SHOTS / f"canvas-focused-{lang}.png"))
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(FOCUSED) == seen[first - 1]
