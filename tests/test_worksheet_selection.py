"""Worksheets by lesson, by rule ids or by files: which items, in which order, what goes to the
answer key, and where the sheet is written."""

from __future__ import annotations

import re
import tomllib
import warnings
from dataclasses import replace
from pathlib import Path

import pytest

from hive_teach.cli import main
from hive_teach.teach.puzzle import Puzzle, goal_text, puzzle
from hive_teach.teach.scenario import ScenarioError, load, loads
from hive_teach.teach.syllabus import course_order, find_lesson, lesson_items, lessons
from hive_teach.teach.worksheet import choose_items, default_output, scenario_of, texts

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "notebooks" / "source"


def pages(pdf: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))


def first_mentions(path: Path, ids: set[str]) -> list[str]:
    """The ids in the order the lesson file's text first mentions them (read independently
    of the cells: by position in the text)."""
    text = path.read_text(encoding="utf-8")
    found = {i: m.start() for i in ids if (m := re.search(rf'"{re.escape(i)}"', text))}
    return sorted(found, key=found.__getitem__)


def test_a_lesson_by_number_id_or_file_name():
    assert find_lesson(8) == find_lesson("08") == find_lesson("spider") == find_lesson(
        "08-spider.toml")
    assert [i.id for i in choose_items(lesson="8")] == ["spider-exactly-three",
                                                         "spider-gate-and-two-steps",
                                                         "spider-round-the-row"]


@pytest.mark.parametrize("stem", ["06-beetle", "12-pillbug", "14-puzzles", "20-rive"])
def test_items_come_in_lesson_order(stem):
    items = choose_items(lesson=stem)
    ids = [i.id for i in items]
    assert len(ids) == len(set(ids)) >= 3
    assert ids == first_mentions(SOURCES / f"{stem}.toml", set(ids))


def test_every_scenario_a_lesson_names_is_on_its_sheet():
    for lesson in lessons():
        data = tomllib.loads(lesson.path.read_text(encoding="utf-8"))
        named = {c["scenario"] for c in data.get("cells", []) if "scenario" in c}
        assert named <= {i.id for i in lesson_items(lesson)}, lesson.stem


def test_puzzles_and_rive_scenarios_are_included():
    puzzles = choose_items(lesson="puzzles")
    assert puzzles and all(isinstance(p, Puzzle) for p in puzzles)
    rive = choose_items(lesson="rive")
    assert {scenario_of(i).GAME for i in rive} == {"rive"}
    assert "rive-capture-three-groups" in [i.id for i in rive]


def test_by_rules_takes_the_library_in_course_order():
    items = choose_items(rules=["R17", "V5"])
    ids = [i.id for i in items]
    assert all({"R17", "V5"} & set(scenario_of(i).rules) for i in items)
    assert "stun-after-throw" in ids and "rive-capture-three-groups" in ids
    assert "pillbug-throw-and-stun" in ids  # a puzzle citing R17
    assert ids == [i.id for i in course_order(items)]
    assert ids.index("stun-after-throw") < ids.index("pillbug-throw-and-stun") < ids.index(
        "rive-capture-three-groups")  # lesson 12, then 14, then 20


def test_rules_narrow_a_lesson_and_files_keep_their_order():
    gates = [i.id for i in choose_items(lesson="beetle", rules=["R8"])]
    assert gates and all("R8" in load(ROOT / "scenarios" / f"{g}.toml").rules for g in gates)
    assert "beetle-climbs-onto-hive" not in gates  # R10 only
    files = [ROOT / "scenarios" / "spider-exactly-three.toml",
             ROOT / "scenarios" / "queen-one-step.toml"]
    assert [i.id for i in choose_items(files)] == ["spider-exactly-three", "queen-one-step"]
    assert [i.id for i in choose_items(files, rules=["R9"])] == ["queen-one-step"]


@pytest.mark.parametrize("kwargs, says", [
    ({}, "choose what goes on the sheet"),
    ({"lesson": "dragonfly"}, "no lesson 'dragonfly'"),
    ({"rules": ["R77"]}, "'R77' is not a rule id"),
    ({"lesson": "8", "game": "rive"}, "no Rive scenarios or puzzles in lesson 08-spider"),
    ({"lesson": "8", "rules": ["R19"]}, "no scenarios or puzzles for R19 in lesson 08-spider"),
])
def test_nothing_to_print_is_an_error_naming_why(kwargs, says):
    with pytest.raises(ValueError, match=re.escape(says)):
        choose_items(**kwargs)


def test_files_and_a_lesson_together_are_refused():
    with pytest.raises(ValueError, match="not both"):
        choose_items([ROOT / "scenarios"], lesson="8")


def test_every_caption_goes_to_the_key_before_the_answer():
    """A caption explains its position (the spider's three steps, the gate), so beside the
    question it answered it: it is printed in the key, whether or not it says
    ``caption_in_answer``."""
    for name in ("rive/rive-capture-three-groups.toml", "spider-exactly-three.toml"):
        s = load(ROOT / "scenarios" / name)
        for lang in ("en", "de", "zh"):
            t = texts(s, lang)
            assert t.answer.startswith(s.text("caption", lang))
            assert t.answer.endswith(s.text("answer", lang) or s.engine_answer())
            assert s.text("caption", lang) not in t.question


def test_a_hint_goes_to_the_key_after_the_answer():
    s = load(ROOT / "scenarios" / "rive" / "rive-ex-mark-legal.toml")
    assert s.text("hint", "de")
    t = texts(s, "de")
    assert t.answer.endswith("Tipp: " + s.text("hint", "de")) and "Tipp" not in t.question


def test_caption_in_answer_must_be_true_or_false():
    text = (ROOT / "scenarios" / "queen-one-step.toml").read_text(encoding="utf-8")
    bad = re.sub(r"(?m)^rules = .*$", r'\g<0>\ncaption_in_answer = "yes"', text, count=1)
    assert bad != text
    with pytest.raises(ScenarioError, match="caption_in_answer must be true or false"):
        loads(bad, "x.toml")


def test_a_puzzle_shows_its_question_and_puts_the_solution_in_the_key():
    p = puzzle("grasshopper-last-gap")
    t = texts(p, "en")
    assert t.question == p.text("question", "en")
    assert "wG1 -bQ" not in t.question
    assert "Winning first move: wG1 -bQ. " in t.answer
    bare = replace(p, scenario=replace(p.scenario, question={}))  # no question: the goal
    assert texts(bare, "de").question == goal_text(p, "de")
    assert texts(bare, "de").question.startswith("Weiß")


@pytest.mark.slow
def test_the_default_file_is_named_after_the_lesson(tmp_path, monkeypatch, capsys):
    assert default_output("zh", "spider") == Path("worksheet-08-spider-zh.pdf")
    monkeypatch.chdir(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a missing Chinese glyph is a warning
        assert main(["worksheet", "--lesson", "14", "--lang", "zh"]) == 0
    out = tmp_path / "worksheet-14-puzzles-zh.pdf"
    assert capsys.readouterr().out.strip() == f"{out.name}: 0 scenarios, 15 puzzles"
    assert pages(out) == 8 + 5  # two per question page, three per key page
    assert main(["worksheet", "--rules", "R11,r12"]) == 0
    assert (tmp_path / "worksheet-r11-r12-en.pdf").exists()
    assert main(["worksheet"]) == 1
    assert "choose what goes on the sheet" in capsys.readouterr().err
