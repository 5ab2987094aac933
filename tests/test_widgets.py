"""The board widget without a browser: menus, buttons and canvas clicks reach the controller."""

from __future__ import annotations

from types import SimpleNamespace

from hive_teach import Piece, Position, parse_cell
from hive_teach.board.controller import BoardController
from hive_teach.board.widget import HiveBoard
from hive_teach.core.hexgrid import to_pixel
from hive_teach.tutorial import board, find_exercise, reach_exercise

OPENING = "Base;InProgress;White[2];wS1;bS1 wS1-"


def click_at(b: HiveBoard, cell: str):
    x, y = to_pixel(parse_cell(cell))
    b._on_canvas_click(SimpleNamespace(xdata=x, ydata=y))


def test_canvas_clicks_select_show_targets_explain_and_play():
    b = HiveBoard(BoardController(Position.from_game_string(
        "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")), canvas=True)
    assert b.canvas is not None
    click_at(b, "-1,0")  # the white Queen
    assert b.controller.selected is Piece.from_name("wQ")
    assert b.targets_text() == "-1,1 0,-1"
    assert 'data-targets="-1,1 0,-1"' in b.targets_readout.value
    click_at(b, "-2,0")  # loses contact with the hive
    assert '(<abbr title="R7: Freedom to move on the ground (docs/rules.md)">R7</abbr>)' in \
        b.readout.value
    assert b.controller.view().forbidden == {parse_cell("-2,0"): "R7"}
    click_at(b, "0,-1")
    assert b.controller.position.top(parse_cell("0,-1")) is Piece.from_name("wQ")
    b._on_canvas_click(SimpleNamespace(xdata=None, ydata=None))
    assert "outside" in b.readout.value


def test_hand_tiles_on_the_canvas_select_pieces_in_hand():
    b = HiveBoard(BoardController(Position.from_game_string(OPENING)), canvas=True)
    x, y = b._drawn.hand["wQ"]
    b._on_canvas_click(SimpleNamespace(xdata=x, ydata=y))
    assert b.controller.selected is Piece.from_name("wQ")


def test_dropdown_path_plays_without_a_canvas_and_buttons_undo_and_reset():
    b = HiveBoard(BoardController(Position.from_game_string(OPENING)), canvas=False)
    b.choice_menu.value = Piece.from_name("wQ")
    assert [label for label, _ in b.target_menu.options][1:] == ["-1,0", "-1,1", "0,-1"]
    b.target_menu.value = parse_cell("-1,1")
    b.play_button.click()
    assert len(b.controller.position.move_stack) == 3
    b.undo_button.click()
    assert len(b.controller.position.move_stack) == 2
    b.reset_button.click()
    assert bytes(b.image.value).startswith(b"\x89PNG")


def test_language_switch_relabels_the_widget():
    b = HiveBoard(BoardController(Position.from_game_string(OPENING)), canvas=False)
    b.language.value = "de"
    assert b.play_button.description == "Ziehen" and "Weiß" in b.readout.value
    b.language.value = "zh"
    assert b.undo_button.description == "悔棋"


def test_errors_in_callbacks_are_shown_in_the_board():
    b = HiveBoard(BoardController(Position.from_game_string(OPENING)), canvas=False)

    def broken(_feedback):
        raise RuntimeError("boom")

    b._after = broken
    b.play_button.click()
    assert any("boom" in o.get("text", "") for o in b.output.outputs)
    b._after = lambda feedback: feedback
    b.play_button.click()  # the board still works after an error


def test_static_pages_get_a_picture_of_the_board():
    b = HiveBoard(BoardController(Position.from_game_string(OPENING)), canvas=False)
    bundle = b._repr_mimebundle_()
    assert "image/png" in bundle and "application/vnd.jupyter.widget-view+json" in bundle


def test_tutorial_exercises_on_scenarios():
    r = reach_exercise("spider-exactly-three", canvas=False)
    assert r.controller.mode == "reach" and r.play_button.description == "Mark"
    f = find_exercise("win-surround-queen", goal="Win now.", accept=["wA1 /wQ"], canvas=False)
    f.controller.play_text("wA1 /wQ")
    assert f.controller.last.kind == "solved"
    assert board("freedom-gate-queen", canvas=False).controller.mode == "free"
