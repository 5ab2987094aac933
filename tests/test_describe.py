"""The text alternative of every diagram (issue 27): it names every piece and every mark of
the picture, in each language, and a question's text names no cell of its answer."""

from __future__ import annotations

import re

import pytest

from hive_teach.board.describe import Alt, describe_board, piece_words
from hive_teach.board.drawing import describe, described_svg, layout
from hive_teach.core.hexgrid import cell_name
from hive_teach.core.i18n import LANGUAGES
from hive_teach.core.scene import DrawnBoard
from hive_teach.teach.lessons import scenario
from hive_teach.teach.library import scenario_dir

SCENARIOS = sorted(p.stem for p in scenario_dir().rglob("*.toml"))
NAMED_BY_PIECE = {"selected", "pinned", "stunned", "surrounded"}
"""Mark kinds said with the piece on the cell ("Pinned: the white Spider (wS1) at 0,1")."""


def says_cell(text: str, name: str) -> bool:
    """Whether ``text`` names the cell ``name`` (``1,0`` is not in ``-1,0`` or ``1,02``)."""
    return re.search(rf"(?<![\d-]){re.escape(name)}(?!\d)", text) is not None


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("sid", SCENARIOS)
def test_the_text_names_every_piece_and_every_mark(sid: str, lang: str) -> None:
    s = scenario(sid)
    game = s.game()
    board = layout(game, s.marks(lang))
    alt = describe(game, s.marks(lang))
    assert alt.short and alt.long
    for c, stack in board.stacks.items():
        for piece in stack:
            assert piece_words(piece, lang) in alt.long or piece in alt.long, (piece, alt.long)
        assert says_cell(alt.long, cell_name(c)), (cell_name(c), alt.long)
    for kind, cells in board.marks.items():
        for c, detail in cells.items():
            assert says_cell(alt.long, cell_name(c)), (kind, cell_name(c), alt.long)
            if kind == "forbidden":
                for rule in detail.split("; "):
                    assert rule in alt.long
            if kind == "label":
                assert detail in alt.long
    for a, b in board.gates:
        assert says_cell(alt.long, cell_name(a)) and says_cell(alt.long, cell_name(b))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("sid", [sid for sid in SCENARIOS if scenario(sid).question])
def test_a_question_names_no_cell_of_its_answer(sid: str, lang: str) -> None:
    s = scenario(sid)
    game = s.game()
    question, full = layout(game, s.marks(lang, answer=False)), layout(game, s.marks(lang))
    shown = {cell_name(c) for c in question.stacks} | {
        cell_name(c) for cells in question.marks.values() for c in cells}
    answer_only = {cell_name(c) for cells in full.marks.values() for c in cells} - shown
    text = describe(game, s.marks(lang, answer=False)).long
    assert not [name for name in answer_only if says_cell(text, name)], text


def test_a_question_text_holds_less_than_its_answer() -> None:
    s = scenario("freedom-gate-queen")
    question = describe(s.game(), s.marks("en", answer=False)).long
    full = describe(s.game(), s.marks("en")).long
    assert "R7" in full and "gate" in full and "R7" not in question and "gate" not in question


def test_pieces_and_stacks_in_words() -> None:
    s = scenario("beetle-stack")
    en = describe(s.game(), s.marks("en")).long
    assert "the black Beetle (bB1) on top of the white Queen Bee (wQ) at 0,0" in en
    de = describe(s.game(), s.marks("de")).long
    assert ("auf 0,0 ein Stapel, von oben nach unten: der schwarze Käfer (bB1), die weiße "
            "Bienenkönigin (wQ)") in de
    zh = describe(s.game(), s.marks("zh")).long
    assert "0,0 上是一叠，从上到下：黑方的甲壳虫（bB1）、白方的蜂后（wQ）" in zh


def test_rive_stones_and_groups() -> None:
    s = scenario("rive-groups")
    alt = describe(s.game(), s.marks("en"))
    assert alt.short == "Rive diagram with 3 black and 4 white stones"
    assert "An outlined group of 2 stones: 0,-2; 1,-2." in alt.long
    assert "Removed black stones, drawn as ghosts: 2,-2." in alt.long


def test_a_game_brings_its_own_describer() -> None:
    from dataclasses import replace

    from hive_teach.core import registry
    from hive_teach.hive.position import Position

    board = DrawnBoard()
    assert describe_board(Position(), board).long == "The board is empty."
    hive = registry.parts_named("hive")
    own = replace(hive, extra={**hive.extra, "describer": "tests.test_describe:_mine"})
    registry._GAMES["hive"] = own
    try:
        assert describe_board(Position(), board) == Alt("mine", "en")
    finally:
        registry._GAMES["hive"] = hive


def _mine(board: DrawnBoard, lang: str) -> Alt:
    return Alt("mine", lang)


def test_the_svg_carries_its_text() -> None:
    s = scenario("freedom-gate-queen")
    svg = described_svg(s.game(), s.marks("de"))
    alt = describe(s.game(), s.marks("de"))
    assert svg.startswith(f'<svg role="img" aria-label="{alt.short}" ')
    assert "<title>Hive-Diagramm mit 6 Steinen auf dem Brett; ausgewählt: die weiße " in svg
    assert "<desc>Auf dem Brett: die weiße Spinne (wS1) auf 0,-1;" in svg


def test_a_lesson_picture_carries_its_alt_and_description(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    import IPython.display

    from hive_teach.teach import lessons

    shown: list[object] = []
    monkeypatch.setattr(IPython.display, "display", lambda obj, **kw: shown.append(obj))
    lessons.set_language("de")
    try:
        lessons.show("freedom-gate-queen", answer=False)
    finally:
        lessons.set_language("en")
    [page] = [o["text/html"] for o in shown if isinstance(o, dict)]
    alt = describe(scenario("freedom-gate-queen").game(),
                   scenario("freedom-gate-queen").marks("de", answer=False))
    match = re.search(r'alt="([^"]+)" aria-describedby="([^"]+)"', page)
    assert match and match[1] == alt.short.replace("'", "&#x27;")
    words = page.split(f'<div id="{match[2]}" class="hive-teach-alt"')[1]
    assert "Auf dem Brett: die weiße Spinne (wS1) auf 0,-1" in words
    assert "R7" not in words and "Tor" not in words  # a question: no answer in its words


def test_the_classroom_board_svg_says_its_pieces_and_last_move() -> None:
    from hive_teach.classroom.service import GameService
    from hive_teach.hive.position import Position

    pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
    svg = GameService._drawn(pos, "InProgress", "zh")["svg"]
    assert svg.startswith('<svg role="img" aria-label="蜂巢棋图：棋盘上有 2 枚棋子" ')
    desc = svg.split("<desc>")[1].split("</desc>")[0]
    assert "白方的蜘蛛（wS1）在 0,0" in desc and "黑方的蜘蛛（bS1）在 1,0" in desc
    assert "刚刚走的一步：在 1,0 放置了一枚棋子。" in desc


def test_each_notebook_names_its_language_and_title_for_the_page() -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "tools"))
    import build_notebooks

    source = Path(__file__).parents[1] / "notebooks" / "source" / "04-gates.toml"
    meta = build_notebooks.build(source, "zh")["metadata"]
    assert meta["hive_teach"]["language"] == "zh" and meta["title"] == "自由移动规则：关口"
    assert build_notebooks.build(None, "de")["metadata"]["title"] == "Hive: der Kurs"


def test_the_app_page_takes_language_and_title_from_the_notebook(tmp_path) -> None:
    import jinja2

    from hive_teach.teach.app import write_template

    folder = write_template(tmp_path)
    head = (folder / "index.html.j2").read_text(encoding="utf-8").split("{%- block notebook_css")[0]
    parent = ('<html lang="{{ resources.language_code }}">'
              "<title>{{ nb.metadata.get('title', resources['metadata']['name']) }}</title>")
    env = jinja2.Environment(loader=jinja2.DictLoader({"lab/index.html.j2": parent,
                                                       "page": head}))
    nb = {"metadata": {"hive_teach": {"language": "zh"}},
          "cells": [jinja2.utils.Namespace(cell_type="markdown", source="# 关口\n\ntext")]}
    page = env.get_template("page").render(nb=nb, resources={"language_code": "en",
                                                             "metadata": {"name": "04-gates"}})
    assert page == '<html lang="zh"><title>关口</title>'
