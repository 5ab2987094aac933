"""The tutorial notebooks are built from their sources and saved the way a reader needs them.

(nbval runs every notebook itself: see ``--nbval-lax`` in pyproject.toml.)
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import build_notebooks  # noqa: E402

TOPICS = ["start-here", "placement", "queen", "one-hive", "gates", "queen-bee", "beetle",
          "grasshopper", "spider", "ant", "mosquito", "ladybug", "pillbug", "ending"]


def test_committed_notebooks_match_their_sources():
    assert build_notebooks.check() == []


def test_a_notebook_per_topic_in_each_language():
    for lang in ("en", "de", "zh"):
        names = [p.stem for p in sorted((ROOT / "notebooks" / lang).glob("*.ipynb"))]
        for topic in TOPICS:
            assert any(topic in n for n in names), (lang, topic)


def test_notebooks_are_saved_with_kernelspec_and_outputs_a_reader_sees():
    for path in sorted((ROOT / "notebooks").glob("*/*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        assert nb["metadata"]["kernelspec"]["name"] == "python3", path
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        assert all(c["outputs"] or "set_language" in "".join(c["source"]) for c in code), path
        outputs = [o.get("data", {}) for c in code for o in c["outputs"]]
        # A diagram is a picture with its text (an <img> with alt, issue 27), a board's saved
        # picture a PNG.
        pictures = [d for d in outputs if "<img " in "".join(d.get("text/html", ""))]
        images = pictures + [d for d in outputs if "image/png" in d]
        assert images or path.name == "contents.ipynb", f"{path} shows no diagram"
        for d in pictures:
            assert re.search(r'<img [^>]*alt="[^"]+"', "".join(d["text/html"])), path
        assert "widgets" not in nb["metadata"], "widget state would hide the static pictures"


def test_each_topic_notebook_ends_with_two_engine_checked_exercises():
    for src in sorted((ROOT / "notebooks" / "source").glob("*.toml")):
        if src.stem.startswith("00"):
            continue
        data = tomllib.loads(src.read_text(encoding="utf-8"))
        kinds = [c.get("type") for c in data["cells"]]
        checked = [k in ("reach", "find") or (k == "code" and re.search(r"exercise\(|play_puzzle\(",
                                                                         c["source"]) is not None)
                   for k, c in zip(kinds, data["cells"], strict=True)]
        assert sum(checked) >= 2, src.name
        last_text = max(i for i, k in enumerate(kinds) if k != "text")
        assert checked[last_text], f"{src.name} does not end with an exercise"


def test_bold_text_renders_as_bold_in_every_language():
    """CommonMark does not close ``**`` between a CJK full stop and a CJK letter
    (``**练习 1。**标出``), which showed the stars; the punctuation goes outside the bold."""

    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark")
    shown: list[str] = []

    def walk(value: object, where: str) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key in ("en", "de", "zh") and isinstance(inner, str):
                    shown.extend(f"{where} {key}: {line[:60]}" for line in inner.splitlines()
                                 if "**" in md.render(line))
                else:
                    walk(inner, where)
        elif isinstance(value, list):
            for inner in value:
                walk(inner, where)

    for path in sorted((ROOT / "notebooks" / "source").glob("*.toml")):
        walk(tomllib.loads(path.read_text(encoding="utf-8")), path.name)
    assert not shown, shown


def test_chinese_notebooks_bring_the_bundled_font_for_text_and_widgets():
    """Without a Chinese system font, lesson text and buttons showed boxes: the first cell of
    every Chinese notebook puts the kit's font on the page (and no other language does)."""
    for lang in ("en", "de", "zh"):
        for path in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")):
            first = next(c for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
                         if c["cell_type"] == "code")
            html = "".join("".join(o.get("data", {}).get("text/html", ""))
                           for o in first.get("outputs", []))
            assert ("@font-face" in html and "hive_teach CJK" in html) == (lang == "zh"), path


def test_the_contents_page_counts_the_exercises_of_every_lesson_puzzles_and_rive_too():
    text = build_notebooks.build_contents("en")["cells"][0]["source"]
    lines = {line.split("](")[1].split(")")[0]: line for line in text.splitlines()
             if line.startswith(("0. [", "1. ["))}
    assert lines["14-puzzles.ipynb"].endswith("(15 ✎)")
    assert lines["20-rive.ipynb"].endswith("(3 ✎)")
    assert lines["04-gates.ipynb"].endswith("(2 ✎)")


def test_the_contents_page_numbers_the_lessons_as_they_name_each_other():
    # Lessons say "notebook 06" for the Beetle: the contents list must count from 0 to match.
    import markdown_it

    for lang in ("en", "de", "zh"):
        page = markdown_it.MarkdownIt().render(
            build_notebooks.build_contents(lang)["cells"][0]["source"])
        assert '<ol start="0">' in page, lang
        items = re.findall(r'<li><a href="([^"]+)"', page)
        for number, item in enumerate(items):
            if item.startswith(("0", "1")) and item[2] == "-":
                assert int(item[:2]) == number, (lang, item)


def test_the_rules_line_names_each_rule_in_the_lessons_language():
    from hive_teach.core.rules import rule_anchor, rule_title

    for lang in ("en", "de", "zh"):
        nb = json.loads((ROOT / "notebooks" / lang / "04-gates.ipynb").read_text("utf-8"))
        title = "".join(nb["cells"][0]["source"])
        page = {"en": "../../docs/rules.md", "de": "../../docs/de/rules.md",
                "zh": "../../docs/zh/rules.md"}[lang]  # the rules page in the lesson's language
        link = f"[R7: {rule_title('R7', lang)}]({page}#{rule_anchor('R7')})"
        assert build_notebooks.WORDS("rules_line", lang) in title and link in title, (lang, title)
        assert (ROOT / "notebooks" / lang / page).resolve().is_file()
        # the page is in the lesson's language now, and the line no longer says "English"
        assert not re.search(r"englisch|英文", title, re.I), title


@pytest.mark.parametrize("lang", ["en", "de", "zh"])
def test_every_rule_a_lesson_cites_links_to_it_in_the_lessons_language(lang: str) -> None:
    """A text's "(R12)" was plain text; now it links to R12 on the rules page of the lesson's
    language (the anchor is the same in every language)."""
    from hive_teach.core.rules import rule_anchor

    page = {"en": "../../docs/rules.md", "de": "../../docs/de/rules.md",
            "zh": "../../docs/zh/rules.md"}[lang]
    nb = json.loads((ROOT / "notebooks" / lang / "08-spider.ipynb").read_text("utf-8"))
    text = "".join("".join(c["source"]) for c in nb["cells"][1:] if c["cell_type"] == "markdown")
    assert f"[R12]({page}#{rule_anchor('R12')})" in text
    assert f"[R7]({page}#{rule_anchor('R7')})" in text
    assert not re.search(r"[(（][RV]\d{1,2}[)）,，、]", text), "a rule cited without its link"
    assert build_notebooks._link_rules("(R99)", lang) == "(R99)"  # no such rule: no link
