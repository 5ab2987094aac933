"""The rules page, one per language (docs/rules.md, docs/de/rules.md, docs/zh/rules.md, shipped as
hive_teach/core/rules.md, rules.de.md, rules.zh.md), names every rule id the engines and the
scenario files use, each under a heading of its own, with the same anchor in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hive_teach.core.rules import (
    RULES_PAGE,
    rule_anchor,
    rule_ids,
    rule_section,
    rule_title,
    rules_page,
)
from hive_teach.rive import Rule as RiveRule

ROOT = Path(__file__).resolve().parents[1]
RULE_IDS = [f"R{i}" for i in range(21)] + [f"V{i}" for i in range(1, 8)]
LANGS = ["en", "de", "zh"]


def test_every_rule_id_has_exactly_one_section_in_order() -> None:
    assert rule_ids() == RULE_IDS
    text = RULES_PAGE.read_text(encoding="utf-8")
    for rule in RULE_IDS:
        assert len(re.findall(rf"^### {rule}: ", text, re.M)) == 1, rule


def test_the_packaged_page_is_the_docs_page() -> None:
    assert RULES_PAGE.read_bytes() == (ROOT / "docs" / "rules.md").read_bytes()
    for lang in ("de", "zh"):
        assert rules_page(lang).read_bytes() == (ROOT / "docs" / lang / "rules.md").read_bytes()


def test_the_pages_ship_in_the_wheel() -> None:
    import tomllib

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = pyproject["tool"]["setuptools"]["package-data"]["hive_teach"]
    assert {"core/rules.md", "core/rules.de.md", "core/rules.zh.md"} <= set(shipped)


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_in_every_language_has_its_title_its_anchor_and_plain_words(
        lang: str) -> None:
    """Each rule's heading is ``### R7: <its title in lang>``; the German and Chinese pages
    put the English page's anchor on the line above it; below the heading comes the rule in
    words (not just a heading)."""
    text = rules_page(lang).read_text(encoding="utf-8")
    heads = re.findall(r"^### ([RV]\d+): (.+)$", text, re.M)
    assert [r for r, _ in heads] == RULE_IDS
    assert [t for _, t in heads] == [rule_title(r, lang) for r in RULE_IDS]
    for rule in RULE_IDS:
        if lang != "en":
            assert f'<a id="{rule_anchor(rule)}"></a>\n### {rule}: ' in text, rule
        body = rule_section(rule, lang).split("\n", 1)[1]
        assert len(body.strip()) > 40, (lang, rule)


@pytest.mark.parametrize("lang", ["de", "zh"])
def test_every_example_of_the_english_page_is_on_the_other_pages(lang: str) -> None:
    """A rule with an example in English has one in ``lang`` too (*Beispiel:*, *例子：*)."""
    mark = {"de": "*Beispiel:*", "zh": "*例子：*"}[lang]
    with_example = [r for r in RULE_IDS if "*Example:*" in rule_section(r)]
    assert len(with_example) > 20
    assert [r for r in with_example if mark not in rule_section(r, lang)] == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_pages_are_for_learners_not_developers(lang: str) -> None:
    """The notes for developers (the package, RULES.md, the test suite) are in
    docs/developers.md, not on the learners' pages."""
    text = rules_page(lang).read_text(encoding="utf-8")
    for word in ("hive_teach", "RULES.md", "pytest", "test suite", "scenario format"):
        assert word not in text, word
    assert "RULES.md" in (ROOT / "docs" / "developers.md").read_text(encoding="utf-8")


def test_a_rule_section_in_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="'fr'"):
        rule_section("R7", "fr")
    with pytest.raises(KeyError, match="R99"):
        rule_section("R99", "de")


@pytest.mark.parametrize("rule", list(RiveRule))
def test_every_rive_rule_enum_resolves(rule: RiveRule) -> None:
    assert rule_section(rule.value).startswith(f"### {rule.value}: ")


def test_every_rule_id_in_the_scenarios_and_puzzles_resolves() -> None:
    used: set[str] = set()
    for path in [*ROOT.glob("scenarios/**/*.toml"), *ROOT.glob("puzzles/*.toml")]:
        used |= set(re.findall(r'"([RV]\d{1,2})"', path.read_text(encoding="utf-8")))
    assert used, "the scenario files cite rule ids"
    for rule in sorted(used):
        assert rule_title(rule)


@pytest.mark.parametrize("lang", LANGS)
def test_every_internal_link_points_at_a_heading(lang: str) -> None:
    text = rules_page(lang).read_text(encoding="utf-8")
    anchors = {rule_anchor(r) for r in RULE_IDS}
    anchors |= {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-")
                for h in re.findall(r"^#{1,3} (.+)$", text, re.M)}
    links = re.findall(r"\]\(#([^)]+)\)", text)
    assert links, "the page links between its sections"
    assert sorted(set(links) - anchors) == []


@pytest.mark.slow
def test_the_chinese_page_is_all_in_the_bundled_font() -> None:
    """The app and the classroom show the page with the kit's font where no system font has
    Chinese; a character the font lacks would be a blank box."""
    from fontTools.ttLib import TTFont

    from hive_teach.core.fonts import FONT_FILE, is_cjk, needed_characters

    cmap = TTFont(str(FONT_FILE)).getBestCmap()
    chinese = {ch for ch in rules_page("zh").read_text(encoding="utf-8") if is_cjk(ch)}
    assert len(chinese) > 300 and chinese <= needed_characters(ROOT)
    assert "".join(sorted(ch for ch in chinese if ord(ch) not in cmap)) == ""
