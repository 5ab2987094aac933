"""The teacher's workshop as a page of the course, no code: linked from every contents page;
the editor, the analysis board of a bundled or uploaded game, and the worksheet maker."""

from __future__ import annotations

import base64
import json
import re
import sys
from pathlib import Path

import pytest

from hive_teach.core.i18n import LANGUAGES
from hive_teach.teach.app import copy_course
from hive_teach.teach.workshop import (
    bundled_games,
    editor_page,
    game_page,
    page_text,
    worksheet_page,
)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import build_notebooks  # noqa: E402


def _cells(path: Path) -> list[tuple[str, str]]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [(c["cell_type"], "".join(c["source"])) for c in nb["cells"]]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_contents_page_links_the_workshop(lang):
    """No lesson, contents page or lab notebook opened the editor or the analysis board."""
    text = "\n".join(src for kind, src in _cells(ROOT / "notebooks" / lang / "contents.ipynb")
                     if kind == "markdown")
    assert f"[{page_text('title', lang)}](workshop.ipynb)" in text
    cells = _cells(ROOT / "notebooks" / lang / "workshop.ipynb")
    code = [src for kind, src in cells if kind == "code"]
    assert code[1:] == ["editor_page()", "game_page()", "worksheet_page()"]
    markdown = "\n".join(src for kind, src in cells if kind == "markdown")
    for key in ("title", "editor_heading", "analysis_heading", "worksheet_heading"):
        assert page_text(key, lang) in markdown
    assert "(contents.ipynb)" in markdown
    assert build_notebooks.build("workshop", lang)["cells"][0]["source"].startswith(
        f"# {page_text('title', lang)}")


def test_the_lab_copy_has_the_workshop_and_its_games(tmp_path):
    copy_course(tmp_path / "course")
    assert (tmp_path / "course" / "de" / "workshop.ipynb").is_file()
    assert sorted(p.name for p in (tmp_path / "course" / "games").glob("*.pgn")) == [
        p.name for p in bundled_games()]


def test_the_game_page_opens_a_bundled_game_and_an_uploaded_one(tmp_path):
    page = game_page("de", tmp_path)
    first = bundled_games()[0]
    assert page.status.value.startswith(f"{first.name} geöffnet: ")
    board = page.holder.children[0].children[0]
    assert board.controller.total == len(board.controller.record.moves) > 0
    record = (ROOT / "tests" / "data" / "records" / "hivegame-Abbo69-WeakBot.pgn").read_bytes()
    assert page.open_record(record, "meine.pgn").startswith("meine.pgn geöffnet: ")
    opened = page.holder.children[0].children[0]
    assert opened is not board and opened.controller.record.name == "meine.pgn"
    refused = page.open_record(b"kein Spiel", "notizen.txt")
    assert refused.startswith("Nicht geöffnet: notizen.txt:1: ")
    assert page.holder.children[0].children[0] is opened  # the board shown stays
    page.menu.value = str(bundled_games()[1])
    assert page.open_chosen().startswith(bundled_games()[1].name)


def test_save_then_print_a_worksheet_from_the_page(tmp_path):
    editor = editor_page("en", tmp_path, canvas=False)
    assert str(tmp_path) in editor.children[0].value or "~/" in editor.children[0].value
    board = editor.children[1]
    for tool, cell in (("wQ", "0,0"), ("bQ", "1,0"), ("wA", "-1,0")):
        board.tool_menu.value = tool
        board.click_cell(cell)
    board.file_box.value = "queens"
    assert board.save().kind == "saved"
    games = game_page("en", tmp_path)
    moment = games.holder.children[0].children[0]
    moment.controller.goto(8)
    moment.file_box.value = "real game"
    moment.save()
    saved = (tmp_path / "real game.toml").read_text(encoding="utf-8")
    assert "wQ \\\\wP" in saved  # the record's own spelling of move 7
    sheet = worksheet_page("de", tmp_path)
    assert sheet.choice.options == ("queens.toml", "real game.toml")
    assert sheet.choice.value == sheet.choice.options  # all ticked
    sheet.language.value = "de"
    assert sheet.make() == "worksheet-de.pdf erstellt: 2 Fragen und die Lösungen."
    link = re.search(r'href="data:application/pdf;base64,([^"]+)"', sheet.status.value)
    assert link and base64.b64decode(link.group(1)) == (tmp_path / "worksheet-de.pdf").read_bytes()
    assert "worksheet-de.pdf herunterladen" in sheet.status.value
    sheet.choice.value = ()
    assert sheet.make() == "Hake zuerst mindestens ein Szenario an."


def test_an_empty_folder_says_how_to_fill_it(tmp_path):
    sheet = worksheet_page("en", tmp_path)
    assert sheet.choice.options == ()
    assert sheet.make().startswith(f"No scenarios in {tmp_path} yet")
