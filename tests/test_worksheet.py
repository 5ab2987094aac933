"""Printable worksheets of both games in every language, with real Chinese characters (no
missing glyphs)."""

from __future__ import annotations

import math
import re
import warnings
from pathlib import Path

import pytest

from hive_teach.cli import main
from hive_teach.teach.scenario import load, load_all
from hive_teach.teach.worksheet import (
    KEY_COLUMNS,
    KEY_LINES,
    KEY_PER_PAGE,
    answer_marks,
    clip,
    question_marks,
    texts,
)

ROOT = Path(__file__).resolve().parents[1]
SOME = [ROOT / "scenarios" / n for n in
        ("freedom-gate-queen.toml", "spider-exactly-three.toml", "pillbug-throw.toml")]
RIVE = ROOT / "scenarios" / "rive"


def pages(pdf: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))


@pytest.mark.parametrize("lang", ["en", "de", "zh"])
@pytest.mark.slow
def test_worksheet_pdf_has_question_pages_and_an_answer_key(tmp_path, lang):
    out = tmp_path / f"sheet-{lang}.pdf"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a missing glyph (a box instead of 蜂) is a warning
        assert main(["worksheet", *map(str, SOME), "-o", str(out), "--lang", lang]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert pages(out) == math.ceil(len(SOME) / 2) + math.ceil(len(SOME) / KEY_PER_PAGE)


def test_question_diagrams_do_not_give_the_answer_away():
    s = load(SOME[1])
    full, question = s.marks("en"), question_marks(s, "en")
    assert full.targets and not question.targets and not question.forbidden
    assert question.selected == full.selected


def test_worksheet_rejects_bad_input(tmp_path, capsys):
    assert main(["worksheet", str(tmp_path / "nope.toml"), "-o", str(tmp_path / "x.pdf")]) == 1
    assert "nope.toml" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de", "zh"])
def test_a_rive_worksheet_from_a_folder(tmp_path, capsys, lang):
    out = tmp_path / f"rive-{lang}.pdf"
    n = len(list(RIVE.glob("*.toml")))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert main(["worksheet", str(RIVE), "-o", str(out), "--lang", lang]) == 0
    assert capsys.readouterr().out.endswith(f": {n} scenarios\n")
    assert pages(out) == math.ceil(n / 2) + math.ceil(n / KEY_PER_PAGE)


def test_rive_question_diagrams_hide_the_legal_cells_removals_and_crosses():
    s = load(RIVE / "rive-isolation-first.toml")
    full, question = s.marks("en"), question_marks(s, "en")
    assert full.legal is True and full.forbidden and question.legal is False
    assert not question.remove and not question.forbidden and question.title == ""
    assert question.sizes == full.sizes and question.last == full.last
    assert answer_marks(s, "en").legal is True and answer_marks(s, "en").title == ""
    hive = load(SOME[0])
    assert answer_marks(hive, "en").hand is False and hive.marks("en").hand is True


@pytest.mark.slow
def test_a_sheet_of_both_games_and_one_game_of_a_folder(tmp_path, capsys):
    both = tmp_path / "both.pdf"
    assert main(["worksheet", str(SOME[0]), str(RIVE / "rive-groups.toml"), "-o",
                 str(both)]) == 0
    assert pages(both) == 1 + 1
    only = tmp_path / "only.pdf"
    assert main(["worksheet", str(ROOT / "scenarios"), "--game", "rive", "-o", str(only)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith(
        f": {len(list(RIVE.glob('*.toml')))} scenarios")
    assert main(["worksheet", str(RIVE), "--game", "hive", "-o", str(only)]) == 1
    assert "no Hive scenarios in" in capsys.readouterr().err


def test_long_texts_are_cut_with_a_sign_never_silently():
    assert clip("word " * 300, 100, 6)[-1].endswith("…") and len(clip("word " * 300, 100, 6)) == 6
    assert clip("short", 100, 6) == ["short"]
    for s in load_all([ROOT / "scenarios"]):  # the library's texts fit as they are
        for lang in ("en", "de", "zh"):
            t = texts(s, lang)
            assert not clip(t.answer, KEY_COLUMNS, KEY_LINES)[-1].endswith("…"), (s.id, lang)
            assert not clip(t.question, 90, 2)[-1].endswith("…"), (s.id, lang)


@pytest.mark.parametrize("lang", ["en", "de", "zh"])
def test_a_lesson_sheet_asks_and_the_key_explains(lang):
    """``worksheet --lesson 4`` printed the caption explaining the gate beside "Mark every cell
    the white Queen can reach", captions answering the question below them, rule ids at each
    question and piece codes (bQ, wS1) for learners."""
    from hive_teach.teach.worksheet import choose_items, worksheet_pages

    items = choose_items(lesson="4")
    pages = worksheet_pages(items, lang)
    def words(kind: str) -> str:
        return " ".join(t.get_text() for k, fig in pages if k == kind for t in fig.texts)
    question_pages, key = words("question"), words("key")
    flat = lambda text: re.sub(r"\s+", "", text)  # noqa: E731  (lines wrap anywhere in zh)
    for n, item in enumerate(items, 1):
        t = texts(item, lang)
        caption = item.text("caption", lang)
        assert caption and flat(caption)[:30] not in flat(question_pages)
        assert item.text("title", lang) not in question_pages
        assert t.answer.startswith(caption) and flat(caption)[:30] in flat(key)
        assert f"{n}. " in question_pages and f"{n}. {t.title}" in key
        assert flat(t.question)[:15] in flat(question_pages)
    for rule in {r for i in items for r in i.rules}:
        assert rule not in question_pages and rule in key
    assert not re.search(r"\b[wb][QBGSAMLP]\d?\b", question_pages)
    assert re.search(r"\b[wb][QBGSAMLP]\d?\b", key)  # the key's captions name pieces
