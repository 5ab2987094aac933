"""The editor widget over its controller: the menus forward to it, a click edits, the picture
and the readout follow, Save writes a scenario that verify passes."""

from __future__ import annotations

from types import SimpleNamespace

from hive_teach.core.hexgrid import parse_cell, to_pixel
from hive_teach.hive.pieces import Colour
from hive_teach.teach.scenario import load
from hive_teach.teach.workshop import editor_board as editor


def test_menus_and_clicks_go_through_the_controller(tmp_path):
    ed = editor(canvas=False, folder=tmp_path)
    before = ed.image.value
    ed.tool_menu.value = "wQ"
    ed.click_cell("0,0")
    ed.tool_menu.value = "bG"
    ed.click_cell("1,0")
    assert ed.controller.layout() == {"0,0": ["wQ"], "1,0": ["bG1"]}
    assert ed.image.value != before  # redrawn
    ed.tool_menu.value = "bS"
    fb = ed.click_cell("1,0")  # a Spider onto a stack: refused, shown in red
    assert fb.kind == "refused"
    assert "only Beetles and Mosquitoes climb" in ed.readout.value and "#b00" in ed.readout.value
    ed.turn_menu.value = 1  # White's turn 1 with pieces down: no game reaches it
    assert ed.controller.turn == 1 and ed.save_button.disabled
    assert "Not a position a game can reach" in ed.readout.value
    ed.turn_menu.value = 0  # the earliest: a Dropdown shows None as no choice at all
    assert ed.controller.turn is None and ed.turn_menu.label.startswith("earliest (")
    assert not ed.save_button.disabled
    ed.side.value = Colour.BLACK
    assert ed.controller.to_move is Colour.BLACK
    ed.last_menu.value = "wQ"
    assert ed.controller.last_moved is not None and ed.controller.last_moved.name == "wQ"
    ed.game_menu.value = "Base+M"
    assert str(ed.controller.game_type) == "Base+M"
    assert "bM" in [v for _, v in ed.tool_menu.options]
    ed.language.value = "zh"
    assert ed.save_button.description == "写成局面文件"
    ed.file_box.value = "from the editor"
    ed.focus_menu.value = "bG1"
    fb = ed.save()
    assert fb.kind == "saved", fb.message
    scenario = load(tmp_path / "from the editor.toml")
    assert scenario.id == "from-the-editor" and scenario.verify() == []
    assert scenario.focus is not None and scenario.focus.piece.name == "bG1"


def test_the_canvas_path_picks_hand_pieces_and_cells():
    ed = editor(canvas=True)
    drawn = ed._drawn
    assert drawn is not None and ed.canvas is not None
    x, y = drawn.hand["wA1"]
    ed._on_canvas_click(SimpleNamespace(xdata=x, ydata=y))
    assert ed.controller.tool == "wA"
    x, y = to_pixel(parse_cell("0,0"))
    ed._on_canvas_click(SimpleNamespace(xdata=x, ydata=y))
    assert ed.controller.layout() == {"0,0": ["wA1"]}


def test_the_first_click_is_green_and_the_status_area_keeps_its_height():
    """The first click (wQ on an empty board) showed "Not a position a game can reach" in
    red; the readout grew with each line and pushed the buttons down (the next click landed
    on another button); the Focus menu's default read "earlies" (a clipped "earliest")."""
    ed = editor(canvas=False)
    height = ed.readout.layout.height
    assert height and height.endswith("em") and ed.readout.layout.overflow == "hidden auto"
    ed.tool_menu.value = "wQ"
    ed.click_cell("0,0")
    assert "#060" in ed.readout.value and "Not a position" not in ed.readout.value
    assert ed.focus_menu.options[0][0] == "new piece (auto)"  # Black has none down
    ed.tool_menu.value = "bQ"
    ed.click_cell("1,0")
    ed.tool_menu.value = "wS"
    ed.click_cell("3,0")  # apart from the hive: a long reason
    assert "#b00" in ed.readout.value and "Not a position a game can reach" in ed.readout.value
    assert ed.readout.layout.height == height == ed.readout.layout.min_height
    first, value = ed.focus_menu.options[0]
    assert value == "" and first == "bQ (auto)"  # a piece on the board, named in full
    ed.language.value = "de"
    assert ed.focus_menu.options[0][0] == "bQ (automatisch)"


def test_the_analysis_boards_status_area_keeps_its_height():
    from hive_teach.teach.workshop import analysis_board

    board = analysis_board("Base;InProgress;White[2];wS1;bS1 wS1-", canvas=False)
    assert board.readout.layout.height == board.readout.layout.min_height
    assert board.readout.layout.height


def test_the_analysis_step_buttons_say_what_they_do_without_an_icon_font():
    """The app loads no icon font, so the icon-only step buttons were blank grey boxes."""
    from hive_teach.teach.workshop import analysis_board

    board = analysis_board("Base;InProgress;White[2];wS1;bS1 wS1-", canvas=False)
    steps = [board.first_button, board.back_button, board.forward_button, board.last_button]
    assert [b.description for b in steps] == ["|◀", "◀", "▶", "▶|"]
    assert not any(b.icon for b in steps)
