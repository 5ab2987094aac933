"""Printable worksheets in every language, with real Chinese characters (no missing glyphs)."""

from __future__ import annotations

import math
import re
import warnings
from pathlib import Path

import pytest

from hive_teach.cli import main
from hive_teach.teach.scenario import load_all
from hive_teach.teach.worksheet import question_marks

ROOT = Path(__file__).resolve().parents[1]
SOME = [ROOT / "scenarios" / n for n in
        ("freedom-gate-queen.toml", "spider-exactly-three.toml", "pillbug-throw.toml")]


def pages(pdf: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))


@pytest.mark.parametrize("lang", ["en", "de", "zh"])
def test_worksheet_pdf_has_question_pages_and_an_answer_key(tmp_path, lang):
    out = tmp_path / f"sheet-{lang}.pdf"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a missing glyph (a box instead of 蜂) is a warning
        assert main(["worksheet", *map(str, SOME), "-o", str(out), "--lang", lang]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert pages(out) == math.ceil(len(SOME) / 2) + math.ceil(len(SOME) / 4)


def test_question_diagrams_do_not_give_the_answer_away():
    (s,) = load_all([SOME[1]])
    full, question = s.marks("en"), question_marks(s, "en")
    assert full.targets and not question.targets and not question.forbidden
    assert question.selected == full.selected


def test_worksheet_rejects_bad_input(tmp_path, capsys):
    assert main(["worksheet", str(tmp_path / "nope.toml"), "-o", str(tmp_path / "x.pdf")]) == 1
    assert "nope.toml" in capsys.readouterr().err
