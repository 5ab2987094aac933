"""The lesson pages for screen readers (issue 27), checked by axe-core in a real browser.

``hive-teach learn`` serves a lesson with diagrams and live boards in each language; Playwright
injects axe-core (the npm package pinned in ``tests/a11y/package.json``; ``.ci/run``
installs it) and runs it on the page. No picture lacks its text (``image-alt``), the page says
its language (``html-has-lang``, ``html-lang-valid``, and the right one) and has the lesson's
title as its tab title (``document-title``); a board's readout is a polite live region and
says what a move did. axe's other findings (contrast, keyboard, ...) are another issue's:
they are written to ``a11y-violations-<lang>.json`` in pytest's temporary folder and printed,
not failed on. In CI (``CI`` set) a missing Chromium or axe-core fails.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import browser_page, learn, require_chromium

from hive_teach.core.i18n import t
from hive_teach.teach.app import start_url

require_chromium("the accessibility test")

AXE = Path(__file__).parent / "a11y" / "node_modules" / "axe-core" / "axe.min.js"
if not AXE.exists():
    if os.environ.get("CI"):
        pytest.fail(f"axe-core is missing ({AXE}): .ci/run installs it with npm", pytrace=False)
    pytest.skip("axe-core is not installed: cd tests/a11y && npm install", allow_module_level=True)

MUST_PASS = ("image-alt", "html-has-lang", "html-lang-valid", "document-title")
LESSON = "04-gates.ipynb"
TITLES = tomllib.loads((Path(__file__).parents[1] / "notebooks" / "source" / "04-gates.toml")
                       .read_text(encoding="utf-8"))["title"]
"""The lesson's title in each language, as its source has it."""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """``learn`` on a port (the app serves every language)."""
    with learn(tmp_path_factory.mktemp("home")) as port:
        yield port


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de", "zh"])
def test_a_lesson_page_passes_axe_for_pictures_language_and_title(
        app: int, lang: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    url = start_url(app, lang).rsplit("/", 1)[0] + f"/{LESSON}"
    with browser_page() as page:
        page.goto(url, timeout=180_000)
        page.wait_for_selector(".hive-teach-readout", timeout=180_000)
        page.wait_for_selector("img[aria-describedby]", timeout=60_000)
        page.wait_for_timeout(2000)  # the last outputs and widgets
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.title() == TITLES[lang]
        # Every diagram: a short alt and a long description in the page's language.
        images = page.eval_on_selector_all("img[aria-describedby]", """imgs => imgs.map(i =>
            [i.alt, document.getElementById(i.getAttribute('aria-describedby')).textContent])""")
        assert len(images) >= 2  # the lesson's two diagrams
        for alt, desc in images:
            assert alt and desc and ("wQ" in desc or "wS1" in desc), (alt, desc)
        readout = page.locator(".hive-teach-readout").first
        assert readout.get_attribute("aria-live") == "polite"
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
        found = {v["id"]: v for v in result["violations"]}
        assert not [found[r] for r in MUST_PASS if r in found]
        others = [{"id": v["id"], "impact": v["impact"], "help": v["help"],
                   "nodes": len(v["nodes"]),
                   "targets": [n["target"] for n in v["nodes"][:5]]}
                  for v in result["violations"]]
        out = tmp_path_factory.getbasetemp() / f"a11y-violations-{lang}.json"
        out.write_text(json.dumps(others, indent=1, ensure_ascii=False), encoding="utf-8")
        print(f"axe's other findings on {lang}/{LESSON} ({out}):",
              json.dumps([(o["id"], o["impact"], o["nodes"]) for o in others]))
        # A move by the menus (the path for keyboards and screen readers): the live region
        # says what it did.
        board = page.locator(".hive-teach-board").first
        board.locator(".hive-teach-choice select").select_option(index=1)
        page.wait_for_timeout(500)
        board.locator(".hive-teach-cells select").select_option(index=1)
        page.wait_for_timeout(500)
        before = readout.inner_text()
        board.locator("button", has_text=t("play_button", lang)).first.click()
        page.wait_for_function("t => document.querySelector('.hive-teach-readout')"
                               ".innerText !== t", arg=before, timeout=30_000)
        said = readout.inner_text()
        print(f"the live region after a move ({lang}):", json.dumps(said, ensure_ascii=False))
        assert said != before and said.strip()
