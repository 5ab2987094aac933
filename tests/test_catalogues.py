"""Every learner-facing word is in a catalogue (``hive_teach/locale/<lang>/<topic>.toml``), in
every language, with the same placeholders; no Python module keeps a translation dict; the
languages are the catalogue folders (docs/languages.md)."""

from __future__ import annotations

import ast
import html
import re
import shutil
import tomllib
from pathlib import Path

import pytest

import hive_teach
from hive_teach.board.controller import BoardController
from hive_teach.board.editor import EditorController
from hive_teach.board.widget import Board, rule_named
from hive_teach.core import i18n
from hive_teach.core.i18n import (
    LANGUAGES,
    LOCALE,
    TABLES_PER_LANGUAGE,
    Words,
    check_template,
    fill,
    join_sentences,
    load_catalogue,
    placeholders,
    t,
)
from hive_teach.hive.position import Position
from hive_teach.rive.i18n import stones

PACKAGE = Path(hive_teach.__file__).parent
TOPICS = sorted(p.stem for p in (LOCALE / "en").glob("*.toml"))

PENDING: set[str] = set()
"""Modules that still hold words outside the catalogues, each with the reason."""


FACT_TABLES = {("hive", "templates")}
"""Tables whose templates name the facts of an explanation: each language names those it
needs (German names the mover where English says "this one"), and tests/test_i18n_explain.py
checks every name against the kind's facts; here only their keys must agree."""


def test_the_languages_are_the_catalogue_folders():
    folders = sorted(p.name for p in LOCALE.iterdir() if p.is_dir())
    assert LANGUAGES[0] == "en" and sorted(LANGUAGES) == folders
    assert set(LANGUAGES) == {"en", "de", "zh"}
    assert TOPICS == ["analysis", "authoring", "classroom", "coach", "core", "course", "editor",
                      "hive", "lessons", "puzzle", "rive", "rive_board", "worksheet"]


def gaps(locale: Path, topic: str, langs: tuple[str, ...] = LANGUAGES) -> list[str]:
    """What the other languages' catalogues of ``topic`` under ``locale`` lack or name
    differently from the English one."""
    english = load_catalogue(locale / "en" / f"{topic}.toml")
    out = []
    for lang in langs[1:]:
        path = locale / lang / f"{topic}.toml"
        if not path.exists():
            out.append(f"{path} is missing")
            continue
        other = load_catalogue(path)
        if other.lang != lang:
            out.append(f"{path}: lang = {other.lang!r}")
        for table, texts in english.tables.items():
            if table in TABLES_PER_LANGUAGE:
                continue
            theirs = other.table(table)
            out += [f"{path} [{table}] lacks {key!r}" for key in texts if key not in theirs]
            out += [f"{path} [{table}] has {key!r}, English has not" for key in theirs
                    if key not in texts]
            if (topic, table) in FACT_TABLES:
                continue
            # The same names (a format spec is the language's own: Chinese has no plural).
            out += [f"{path} [{table}] {key}: {sorted(placeholders(theirs[key]))} != "
                    f"{sorted(placeholders(text))}"
                    for key, text in texts.items()
                    if key in theirs and placeholders(theirs[key]) != placeholders(text)]
    return out


@pytest.mark.parametrize("topic", TOPICS)
def test_every_key_is_in_every_language_with_the_same_placeholders(topic):
    assert gaps(LOCALE, topic) == []


def test_a_missing_translation_or_placeholder_fails(tmp_path):
    """The completeness check above can fail: a language folder with a key too few, a
    placeholder renamed, or a file missing is caught."""
    for lang in LANGUAGES:
        shutil.copytree(LOCALE / lang, tmp_path / lang)
    de = tmp_path / "de" / "editor.toml"
    text = de.read_text(encoding="utf-8")
    text = re.sub(r'^"cleared" = .*\n', "", text, flags=re.M)
    de.write_text(text.replace("{piece} auf {cell} gesetzt", "{stein} auf {cell} gesetzt"),
                  encoding="utf-8")
    (tmp_path / "zh" / "editor.toml").unlink()
    found = gaps(tmp_path, "editor")
    assert len(found) == 3, found
    assert "lacks 'cleared'" in found[0] and "placed: ['cell', 'stein']" in found[1]
    assert found[2].endswith("zh/editor.toml is missing")


def test_one_placeholder_syntax():
    """Every text of every catalogue is a template fill() writes: no conversions (!r), no
    attributes or indexes; the loader refuses any other, naming the file and the key."""
    for path in LOCALE.glob("*/*.toml"):
        for table, texts in load_catalogue(path).tables.items():
            for key, text in texts.items():
                check_template(text, f"{path} {table} {key}")
    with pytest.raises(ValueError, match=r"x\.toml: \[messages\] bad: \{name!r\}"):
        bad = Path("x.toml")
        check_template("{name!r} is bad", f"{bad}: [messages] bad")
    with pytest.raises(ValueError, match=r"\{p\.name\}"):
        check_template("{p.name}", "here")


def _translation_dicts(tree: ast.AST) -> list[int]:
    """The lines of dict literals whose keys are language codes (``{"en": ..., "de": ...}``)
    or that map keys to such dicts."""
    langs = set(LANGUAGES)
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and node.keys:
            keys = [k.value for k in node.keys
                    if isinstance(k, ast.Constant) and isinstance(k.value, str)]
            if len(set(keys) & langs) >= 2:
                lines.append(node.lineno)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "dict":
            if len({k.arg for k in node.keywords} & langs) >= 2:
                lines.append(node.lineno)
    return lines


def test_the_scan_finds_a_translation_dict():
    assert _translation_dicts(ast.parse('W = {"x": {"en": "Hi", "de": "Hallo"}}')) == [1]
    assert _translation_dicts(ast.parse('W = dict(en="Hi", zh="你好")')) == [1]
    assert _translation_dicts(ast.parse('W = {"en": 1}; V = {"a": "b"}')) == []


def test_no_module_keeps_a_translation_dict():
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).as_posix()
        if any(rel.startswith(p) for p in PENDING):
            continue
        lines = _translation_dicts(ast.parse(path.read_text(encoding="utf-8")))
        if lines:
            found[rel] = lines
    assert found == {}, f"translation dicts in code (move them to locale/<lang>/): {found}"


def test_plurals_come_from_the_number():
    assert t("selected", "en", piece="wQ", n=1) == "wQ can go to 1 cell (green)."
    assert t("selected", "en", piece="wQ", n=3) == "wQ can go to 3 cells (green)."
    assert t("found_some", "de", found=0, n=1) == "Du hast 0 von 1 Feld gefunden."
    assert t("found_some", "de", found=1, n=2) == "Du hast 1 von 2 Feldern gefunden."
    assert stones(1) == "1 stone" and stones(2, "de") == "2 Steine" and stones(1, "zh") == \
        "1 枚棋子"
    words = Words("puzzle")
    assert words("win_in", "en", n=1) == "1 move" and words("win_in", "de", n=2) == "2 Zügen"


def test_sentences_join_per_language():
    zh = [t("played", "zh", move="wS1"), t("engine_played", "zh", move="bS1 wS1-")]
    assert join_sentences(zh, "zh") == "已走：wS1。电脑应着：bS1 wS1-。"
    assert join_sentences(["Played wS1.", "The engine answered bS1 wS1-."], "de") == \
        "Played wS1. The engine answered bS1 wS1-."
    board = BoardController(Position("Base"), mode="engine", lang="zh", human="white")
    fb = board.play_text("wS1")
    assert fb.message.startswith("已走：wS1。电脑应着：") and "。 " not in fb.message
    assert fb.lang == "zh" and "。 " not in fb.full_text


def test_the_widgets_take_the_rule_from_the_facts():
    pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
    b = Board(BoardController(pos), canvas=False)
    b.controller.select("wQ")
    b.click_cell(pos.parse_move("wQ bS1-").to)
    b.refresh()
    rule = b.controller.last.rule
    assert rule == "R3" and '<abbr title="R3: ' in b.readout.value
    # Only the rules named as data are marked up; a rule id the text names otherwise is not.
    assert rule_named("see (R7). (R3)", ["R3"]).startswith("see (R7). (<abbr")
    ed = EditorController()
    ed.place("0,0", "wQ")
    fb = ed.set_last_moved("wQ")
    assert fb.rules == ("R17",) and "(R17)" in fb.message
    assert ed.set_tournament(True).rules == ("R4",)
    assert ed.set_tournament(False).rules == ()


def test_a_new_language_needs_no_code(tmp_path, monkeypatch):
    """A copy of the English folder under a new code is a language of the kit: found from the
    folders, its words read from its files (here the German ones, renamed)."""
    locale = tmp_path / "locale"
    for lang in LANGUAGES:
        shutil.copytree(LOCALE / lang, locale / lang)
    shutil.copytree(LOCALE / "de", locale / "xx")
    for path in (locale / "xx").glob("*.toml"):
        text = path.read_text(encoding="utf-8").replace('lang = "de"', 'lang = "xx"')
        path.write_text(text.replace('"{side} ist am Zug."', '"{side} zieht."'), encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE", locale)
    langs = i18n._languages()
    assert langs == ("en", "de", "xx", "zh")
    monkeypatch.setattr(i18n, "LANGUAGES", langs)
    i18n.catalogue.cache_clear()
    try:
        assert t("your_turn", "xx", side="Weiß") == "Weiß zieht."
        assert fill("{bug:Ein}", {"bug": i18n.BugName("S")}, "xx") == "Eine Spinne"
        assert tomllib.loads((locale / "xx" / "core.toml").read_text())["lang"] == "xx"
    finally:
        i18n.catalogue.cache_clear()


def test_rendered_texts_that_were_right_stay():
    assert t("your_turn", "de", side="Weiß") == "Weiß ist am Zug."
    assert t("stack", "zh", cell="0,0", pieces="wQ、bB1") == "0,0 处的叠放，自下而上：wQ、bB1。"
    assert Words("editor")("placed", "zh", piece="wQ", cell="0,0") == "已把 wQ 放在 0,0。"
    assert html.unescape(rule_named("a &", [])) == "a &"
