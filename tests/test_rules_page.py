"""The rules page (docs/rules.md, shipped as hive_teach/core/rules.md) names every rule id the
engines and the scenario files use, each under a heading of its own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hive_teach.core.rules import RULES_PAGE, rule_anchor, rule_ids, rule_section, rule_title
from hive_teach.rive import Rule as RiveRule

ROOT = Path(__file__).resolve().parents[1]
RULE_IDS = [f"R{i}" for i in range(21)] + [f"V{i}" for i in range(1, 8)]


def test_every_rule_id_has_exactly_one_section_in_order() -> None:
    assert rule_ids() == RULE_IDS
    text = RULES_PAGE.read_text(encoding="utf-8")
    for rule in RULE_IDS:
        assert len(re.findall(rf"^### {rule}: ", text, re.M)) == 1, rule


def test_the_packaged_page_is_the_docs_page() -> None:
    assert RULES_PAGE.read_bytes() == (ROOT / "docs" / "rules.md").read_bytes()


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


def test_every_internal_link_points_at_a_heading() -> None:
    text = RULES_PAGE.read_text(encoding="utf-8")
    anchors = {rule_anchor(r) for r in RULE_IDS}
    anchors |= {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-")
                for h in re.findall(r"^#{1,3} (.+)$", text, re.M)}
    links = re.findall(r"\]\(#([^)]+)\)", text)
    assert links, "the page links between its sections"
    assert sorted(set(links) - anchors) == []
