"""The analysis board: step through an imported game, look at pieces at any move, and turn a
moment into a scenario that verify passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from hive_teach.board.analysis import AnalysisController
from hive_teach.cli import main
from hive_teach.core.hexgrid import cell_name, neighbours
from hive_teach.hive.pieces import Piece
from hive_teach.hive.records import load_record
from hive_teach.teach.scenario import load
from hive_teach.teach.workshop import analysis, analysis_board

RECORDS = Path(__file__).parent / "data" / "records"
GAME = RECORDS / "HV-Dumbot-Mormor51-2023-05-11-0957.sgf"


def test_stepping_first_back_forward_last_and_goto():
    record = load_record(GAME)
    a = AnalysisController(record)
    total = len(record.moves)
    assert (a.move, a.total) == (total, total)
    assert a.board.game == record.position(total)
    assert a.forward().kind == "error" and a.move == total  # past the end: nothing moves
    assert a.back().kind == "info" and a.move == total - 1
    assert a.board.game == record.position(total - 1)
    assert a.first().message.startswith("The start of the game")
    assert a.move == 0 and not a.board.game.stacks
    assert a.back().kind == "error" and a.move == 0
    a.forward()
    assert a.move == 1 and a.feedback.message.startswith(f"Move 1 of {total}: {record.moves[0]}")
    assert a.goto(30).kind == "info" and a.board.game == record.position(30)
    assert a.goto(total + 1).kind == "error" and a.move == 30
    assert a.last().kind == "info" and a.move == total
    assert AnalysisController(record, move=12).move == 12
    with pytest.raises(ValueError, match="no position after move 999"):
        AnalysisController(record, move=999)


def test_at_any_move_a_piece_shows_its_targets_and_why_not():
    a = AnalysisController(GAME, move=30)
    pos = a.board.game
    piece = next(m.piece for m in pos.legal_moves() if m.piece in pos.where)
    fb = a.select(piece)
    assert fb.kind == "selected"
    assert a.board.targets == frozenset(pos.targets(piece))
    target = min(a.board.targets)
    fb = a.click(target)
    assert fb.kind == "info" and "plays nothing" in fb.message
    assert a.board.game == load_record(GAME).position(30)  # nothing was played
    empty = next(c for o in sorted(pos.stacks) for c in neighbours(o)
                 if c not in pos.stacks and c not in a.board.targets)
    a.select(piece)
    why = a.click(empty)
    assert why.kind == "illegal" and why.rule is not None and why.rule.startswith("R")
    # Stepping on keeps nothing of the selection.
    a.forward()
    assert a.board.selected is None


def test_a_moment_becomes_a_scenario_that_verify_passes(tmp_path, capsys):
    a = analysis(GAME, move=25, lang="de")
    pos = a.board.game
    piece = next(m.piece for m in pos.legal_moves() if m.piece is not None)
    a.select(piece)
    out = tmp_path / "moment.toml"
    fb = a.save_scenario(out)
    assert fb.kind == "info" and "gespeichert" in fb.message
    scenario = load(out)
    assert scenario.position() == pos
    assert scenario.focus is not None and scenario.focus.piece == piece
    assert main(["verify", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed"
    assert a.save_scenario(out).kind == "error"  # kept unless forced


def test_languages():
    a = AnalysisController("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-", lang="zh")
    assert a.back().message == "第 3 步（共 4 步）：wQ -wS1。轮到黑方。"
    assert a.set_language("de").message == "Zug 3 von 4: wQ -wS1. Schwarz ist am Zug."
    assert a.set_language("xx").kind == "error" and a.lang == "de"


def test_the_widget_forwards_to_the_controller(tmp_path):
    b = analysis_board(GAME, move=10, canvas=False, folder=tmp_path)
    before = b.image.value
    b.forward_button.click()
    assert b.controller.move == 11 and b.slider.value == 11 and b.image.value != before
    b.slider.value = 20
    assert b.controller.move == 20
    b.first_button.click()
    assert b.controller.move == 0
    b.last_button.click()
    assert b.controller.move == b.controller.total
    b.slider.value = 20
    pos = b.controller.board.game
    name = next(v for _, v in b.piece_menu.options if v and pos.targets(v))
    b.piece_menu.value = name
    assert b.controller.board.selected == Piece.from_name(name)
    b.cell_box.value = cell_name(min(pos.targets(name)))
    b.why_button.click()
    assert "plays nothing" in b.readout.value
    b.cell_box.value = "9,9"
    b.why_button.click()
    assert b.controller.feedback.kind == "illegal"
    b.file_box.value = "game-at-20"
    b.save_button.click()
    assert load(tmp_path / "game-at-20.toml").verify() == []


def test_on_the_canvas_a_piece_click_sends_its_marks_and_a_step_fits_the_view(tmp_path):
    from matplotlib.backend_bases import MouseEvent

    from hive_teach.core.hexgrid import to_pixel

    b = analysis_board(GAME, move=20, canvas=True, folder=tmp_path)
    sent: list[bytes] = []
    b.canvas.send_binary = sent.append

    def press(cell: int) -> None:
        x, y = b._figure.axes[0].transData.transform(to_pixel(cell))
        MouseEvent("button_press_event", b.canvas, x, y, button=1)._process()

    pos = b.controller.board.game
    name = next(v for _, v in b.piece_menu.options if v and pos.targets(v))
    press(pos.where[Piece.from_name(name)])  # the first press on the page: the whole board
    assert b.controller.board.selected == Piece.from_name(name)
    assert len(sent) == 1 and "data:image/png" in b.overlay.value  # its marks, over it
    press(pos.where[Piece.from_name(name)])  # let go: the marks go, the board stays
    assert len(sent) == 1 and b.overlay.value == ""
    view = b._figure.axes[0].get_xlim()
    b.first_button.click()  # the start of the game: another picture, fitted to it
    assert len(sent) == 2 and b._figure.axes[0].get_xlim() != view
