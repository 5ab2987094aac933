"""What the engines say about illegal moves, and what the boards say after a click, stay as
recorded in tests/golden/ (see tests/golden_cases.py for how the sample was chosen and how
to update it after an intended change of wording)."""

from __future__ import annotations

from typing import Any

import golden_cases as g
import pytest


def _diff(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    out = []
    for a, b in zip(old, new, strict=True):
        if a != b:
            keys = sorted(k for k in {*a, *b} if a.get(k) != b.get(k))
            out.append((*((k, a.get(k), b.get(k)) for k in keys), a.get("game")))
    return out


@pytest.mark.parametrize("path,fresh", [(g.HIVE_FILE, g.hive_record),
                                        (g.RIVE_FILE, g.rive_record)],
                         ids=["hive", "rive"])
@pytest.mark.slow
def test_explanations_match_the_golden_files(path, fresh):
    old = g.read(path)
    assert len(old) > 100
    bad = _diff(old, [fresh(r) for r in old])
    assert not bad, f"{len(bad)} of {len(old)} differ, e.g. {bad[:3]}"


def test_board_messages_match_the_golden_file():
    old = g.read(g.BOARD_FILE)
    new = g.board_records()
    assert len(new) == len(old)
    bad = _diff(old, new)
    assert not bad, f"{len(bad)} of {len(old)} differ, e.g. {bad[:3]}"


def test_the_sample_reaches_every_rule_and_both_boards():
    rules = {r.get("rule") for r in g.read(g.HIVE_FILE)}
    assert {f"R{i}" for i in range(20)} - {"R20"} <= rules
    assert {r["rule"] for r in g.read(g.RIVE_FILE)} == {"V1", "V3", "V4", "V5", "V7"}
    boards = g.read(g.BOARD_FILE)
    assert {(r["lang"], r["board"]) for r in boards} == {
        (lang, board) for lang in g.LANGS for board in ("hive", "rive")}
