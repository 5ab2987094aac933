"""Every rule's title in German and Chinese, for the pages that name rules in those languages."""

from __future__ import annotations

import pytest

from hive_teach.core.rules import rule_ids, rule_title


@pytest.mark.parametrize("lang", ["de", "zh"])
def test_every_rule_on_the_page_has_a_title_in_the_language(lang: str) -> None:
    titles = {rule: rule_title(rule, lang) for rule in rule_ids()}
    assert all(titles.values())
    # A translation, not the English heading copied.
    copied = [r for r, title in titles.items() if title == rule_title(r)]
    assert copied == [], copied


def test_a_title_in_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="xx"):
        rule_title("R7", "xx")
