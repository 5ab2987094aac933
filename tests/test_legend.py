"""The legend under each lesson's first marked diagram: every mark the Hive painter draws has
words in three languages, a legend names exactly the marks its picture shows, and a lettered
cell keeps both its letter and its name readable."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hive_teach.board.drawing import layout
from hive_teach.core.i18n import LANGUAGES
from hive_teach.teach.lessons import LEGEND, legend, scenario

ROOT = Path(__file__).resolve().parents[1]
# Kinds a legend need not name: the start of the last move goes with its end ("last-to"), and
# the looks of a checked exercise are explained by the board's own sentence after Check.
NOT_IN_LEGEND = {"last-from", "correct", "missed", "picked", "wrong"}


def test_every_mark_the_hive_painter_draws_has_legend_words_in_each_language() -> None:
    drawn = set()
    for source in ("hive_teach/hive/paint.py", "hive_teach/core/checked.py"):
        drawn |= set(re.findall(r'board\.mark\("([a-z-]+)"', (ROOT / source).read_text()))
    assert drawn - NOT_IN_LEGEND - set(LEGEND) == set(), "marks without legend words"
    for kind, words in LEGEND.items():
        assert set(words) == set(LANGUAGES), kind
        assert all(text.strip() for text in words.values()), kind


@pytest.mark.parametrize("sid", ["freedom-gate-queen", "one-hive-pinned", "pillbug-throw",
                                 "spider-exactly-three", "win-surround-queen"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_legend_names_exactly_the_marks_its_picture_shows(sid: str, lang: str) -> None:
    s = scenario(sid)
    board = layout(s.game(), s.marks(lang))
    text = legend(s, lang)
    for kind, words in LEGEND.items():
        assert (words[lang] in text) == bool(board.marked(kind)), (sid, kind)


def test_each_hive_lesson_with_marked_diagrams_has_one_legend_under_the_first() -> None:
    for path in sorted((ROOT / "notebooks" / "en").glob("[01]*.ipynb")):
        shows = []
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            src = "".join(cell["source"])
            for m in re.finditer(r'show\("([\w-]+)"((?:, \w+=\w+)*)\)', src):
                shows.append((m.group(1), "answer=False" not in m.group(2),
                              "legend_below=True" in m.group(2)))
        marked = [i for i, (sid, answer, _) in enumerate(shows)
                  if legend(scenario(sid), "en", answer=answer)]
        with_legend = [i for i, (_, _, flag) in enumerate(shows) if flag]
        assert with_legend == marked[:1], path.name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_legend_s_emphasis_renders_as_jupyterlab_renders_markdown(lang: str) -> None:
    # CommonMark leaves stars next to Chinese punctuation as literal stars (R7 "：*图").
    from markdown_it import MarkdownIt

    out = MarkdownIt("commonmark").render(legend(scenario("freedom-gate-queen"), lang))
    assert "<em>" in out and "*" not in out, out


@pytest.mark.parametrize("sid", ["one-hive-during-the-move"])
def test_a_lettered_cell_shows_its_letter_and_its_name_apart(sid: str) -> None:
    # With coordinates on (as in the lessons), a letter label on a marked empty cell used to
    # sit exactly under the cell's name plate: "A" was hidden behind "-1,1".
    from hive_teach.board.drawing import scene_of
    from hive_teach.core.hexgrid import cell_name
    from hive_teach.core.scene import Text

    s = scenario(sid)
    marks = s.marks("en")
    scene = scene_of(s.game(), marks, coords=True)
    texts = [item for item in scene.items if isinstance(item, Text)]
    assert marks.labels
    for c, letter in marks.labels.items():
        (lx, ly), = {(t.x, t.y) for t in texts if t.text == letter}
        (nx, ny), = {(t.x, t.y) for t in texts if t.text == cell_name(c)}
        assert abs(lx - nx) + abs(ly - ny) > 0.4, (letter, cell_name(c))


def test_the_mark_on_the_piece_a_reason_names_leaves_the_pieces_letter_readable() -> None:
    # A click on wS1, whose move would split off wQ (R6), marks wQ with "!". Under the
    # letter the mark hid the foot of the Q, which read as an O.
    from hive_teach.board.controller import BoardController
    from hive_teach.board.drawing import scene_of
    from hive_teach.board.mpl import item_boxes
    from hive_teach.core.scene import Text, text_width
    from hive_teach.hive.position import Position

    pos = Position.from_text("Base;InProgress;White[3];wS1;bQ wS1-;wQ -wS1;bS1 bQ-")
    board = BoardController(pos)
    assert board.click("0,0").rule == "R6"
    marks = board.marks()
    assert set(marks.labels.values()) == {"!"}
    texts = [t for t in scene_of(pos, marks).items if isinstance(t, Text)]
    (mark,) = [t for t in texts if t.text == "!"]
    letters = [t for t in texts if t.text == "Q" and abs(t.x - mark.x) < 1]
    assert letters  # the Queen's letter, on her tile beside the mark
    # The mark's white plate (Painter.boxed_text), and the ink of each letter.
    half_w = text_width(mark.text, mark.size, True) / 2 + mark.size * 0.3
    half_h = mark.size * 0.72
    m0, m1, m2, m3 = mark.x - half_w, mark.y - half_h, mark.x + half_w, mark.y + half_h
    for x0, y0, x1, y1 in item_boxes(letters, 0.02):
        assert x1 < m0 or m2 < x0 or y1 < m1 or m3 < y0, "the mark covers the letter"
