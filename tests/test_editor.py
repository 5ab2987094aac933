"""The board editor, driven through its controller: place, stack, remove, settings, impossible
edits refused without a trace, unreachable layouts reported (and not saved), save -> verify."""

from __future__ import annotations

import tomllib

import pytest

from hive_teach.board.drawing import diagram_png, layout
from hive_teach.board.editor import ERASER, EditorController, words
from hive_teach.cli import main
from hive_teach.core.hexgrid import parse_cell
from hive_teach.hive.pieces import Colour, Piece
from hive_teach.hive.position import Position
from hive_teach.teach.scenario import load
from hive_teach.teach.workshop import editor


def state(ed: EditorController) -> tuple[object, ...]:
    """Everything an edit may change."""
    return (ed.layout(), ed.to_move, ed.turn, ed.last_moved, str(ed.game_type), ed.tournament,
            ed.problem)


def opening() -> EditorController:
    """wQ and bQ side by side, White to move at turn 2: a position a game reaches."""
    ed = editor()
    ed.place("0,0", "wQ")
    ed.place("1,0", "bQ")
    assert ed.problem == ""
    return ed


def test_place_any_piece_of_either_colour_and_the_hand_follows():
    ed = opening()
    fb = ed.place("-1,0", "wS")
    assert (fb.kind, fb.changed) == ("placed", True)
    assert ed.layout() == {"-1,0": ["wS1"], "0,0": ["wQ"], "1,0": ["bQ"]}
    assert Piece.from_name("wS1") not in ed.hand(Colour.WHITE)
    assert Piece.from_name("wS2") in ed.hand(Colour.WHITE)
    ed.place("-2,0", "wS")  # the next Spider in hand
    assert ed.layout()["-2,0"] == ["wS2"]
    assert "wS2" not in [p.name for p in ed.hand()]


def test_beetles_and_a_mosquito_stack_and_remove_takes_the_top():
    ed = EditorController("Base+M")
    for cell, piece in [("0,0", "wQ"), ("1,0", "bQ"), ("1,0", "wB"), ("1,0", "bB"),
                        ("1,0", "bM")]:
        assert ed.place(cell, piece).kind == "placed"
    assert ed.layout()["1,0"] == ["bQ", "wB1", "bB1", "bM"]
    assert "bM sits on top of bB1 on 1,0" in ed.last.message
    fb = ed.remove("1,0")
    assert fb.kind == "removed" and "bM" in fb.message
    assert ed.layout()["1,0"] == ["bQ", "wB1", "bB1"]
    ed.remove("1,0")
    ed.remove("1,0")
    assert ed.layout()["1,0"] == ["bQ"]


def test_removing_a_low_number_renumbers_its_kind_and_clears_last_moved():
    ed = opening()
    ed.place("-1,0", "wA")
    ed.place("-2,0", "wA")
    ed.set_turn(4)
    ed.set_last_moved("wA1")
    fb = ed.remove("-1,0")
    assert "wA2 is now wA1" in fb.message
    assert ed.layout()["-2,0"] == ["wA1"]
    assert ed.last_moved is None  # the piece that moved last came off


@pytest.mark.parametrize("edit, says", [
    (lambda ed: ed.place("0,0", "bS"), "only Beetles and Mosquitoes climb (R10, R14)"),
    (lambda ed: ed.place("0,0", "wQ"), "White has no Queen Bee left in hand"),
    (lambda ed: ed.place("1,0", "bQ"), "Black has no Queen Bee left in hand"),
    (lambda ed: ed.place("2,0", "wM"), "wM is not part of a Base game (R0)"),
    (lambda ed: ed.place("2,0", "xZ"), "'xZ' is not a Hive piece"),
    (lambda ed: ed.place("nowhere", "wA"), "'nowhere' is not a cell of the board"),
    (lambda ed: ed.remove("5,5"), "There is no piece on 5,5 to take off"),
    (lambda ed: ed.set_turn(0), "must be a whole number, 1 or more"),
    (lambda ed: ed.set_last_moved("wA1"), "wA1 is not on the board"),
    (lambda ed: ed.set_to_move("red"), "must be 'white' or 'black'"),
    (lambda ed: ed.set_game_type("Chess"), "is not a game type"),
])
def test_an_impossible_edit_is_refused_and_changes_nothing(edit, says):
    ed = opening()
    ed.place("0,0", "wB")  # a Beetle on the Queen: a stack to climb onto
    before = state(ed)
    fb = edit(ed)
    assert (fb.kind, fb.changed) == ("refused", False)
    assert says in fb.message
    assert "nothing changed" in fb.message or fb.kind == "refused"
    assert state(ed) == before


def test_a_queen_never_goes_on_top_even_onto_a_beetle():
    ed = opening()
    ed.remove("1,0")
    ed.place("1,0", "wB")
    before = state(ed)
    fb = ed.place("1,0", "bQ")
    assert fb.kind == "refused" and "bQ cannot sit on top of wB1" in fb.message
    assert state(ed) == before


def test_game_type_change_that_drops_pieces_on_the_board_is_refused():
    ed = EditorController("Base+MLP")
    ed.place("0,0", "wP")
    fb = ed.set_game_type("Base+M")
    assert fb.kind == "refused" and "wP on the board are not part of a Base+M game" in fb.message
    assert str(ed.game_type) == "Base+MLP"
    assert ed.set_game_type("Base+LP").kind == "set"


def test_an_unreachable_layout_is_kept_but_reported_and_not_saved(tmp_path):
    ed = opening()
    ed.set_turn(2)  # White's 2nd turn: each side has had one turn
    fb = ed.place("-1,0", "wA")  # a second white piece after one turn
    assert (fb.kind, fb.changed) == ("placed", True)
    assert ed.layout()["-1,0"] == ["wA1"]  # the edit was made
    assert fb.problem.startswith("White has 2 pieces on the board after 1 turn")
    assert "Not a position a game can reach: White has 2 pieces" in fb.message
    assert ed.position is None
    out = tmp_path / "too-many.toml"
    saved = ed.save_scenario(out)
    assert saved.kind == "refused" and "Not saved" in saved.message
    assert not out.exists()
    ed.set_turn(3)  # mended: a later turn
    assert ed.problem == "" and ed.position is not None


def test_queen_still_in_hand_after_the_fourth_turn_is_reported():
    ed = EditorController()
    for cell, piece in [("0,0", "wS"), ("1,0", "bS"), ("-1,0", "wA"), ("2,0", "bA"),
                        ("-2,0", "wG"), ("3,0", "bG"), ("-3,0", "wB"), ("4,0", "bQ")]:
        ed.place(cell, piece)
    assert "Queen is still in hand" in ed.problem
    ed.remove("-3,0")
    ed.place("-3,0", "wQ")
    assert ed.problem == ""


def test_tournament_and_last_moved_are_validated_through_from_layout():
    ed = opening()
    ed.set_turn(2)
    assert ed.set_tournament(True).problem.startswith("the Queen is White's only piece")
    ed.set_tournament(False)
    fb = ed.set_last_moved("wQ")  # White's own piece, with no Pillbug about
    assert fb.kind == "set" and "(R17)" in fb.problem
    assert ed.set_last_moved("bQ").problem == ""
    assert ed.position is not None and ed.position.last_moved == Piece.from_name("bQ")


def test_side_to_move_and_turn():
    ed = opening()
    ed.place("2,0", "bS")
    ed.set_to_move("black")
    assert ed.turn_number == 3 and ed.problem == ""  # Black's 3rd: the earliest the pieces allow
    assert ed.position is not None and ed.position.turn is Colour.BLACK
    ed.set_turn(5)
    assert ed.position is not None and ed.position.turn_number == 5


def test_click_uses_the_chosen_tool():
    ed = EditorController()
    assert ed.choose("wG").kind == "info" and ed.tool == "wG"
    ed.click(parse_cell("0,0"))
    assert ed.layout() == {"0,0": ["wG1"]}
    ed.choose(None)
    assert ed.tool == ERASER
    ed.click("0,0")
    assert ed.layout() == {}
    assert ed.choose("zz").kind == "refused" and ed.tool == ERASER


def test_the_editor_starts_from_a_position_and_draws_even_a_broken_layout():
    pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    ed = EditorController(position=pos)
    assert ed.position == Position.from_layout(pos.layout(), turn=3, last_moved="bQ")
    ed.place("5,0", "wA")  # a second hive
    assert "one connected hive" in ed.problem
    drawn = layout(ed.draft(), ed.marks())
    assert drawn.stacks[parse_cell("5,0")] == ("wA1",) and "wA2" in drawn.in_hand
    assert diagram_png(ed.draft(), ed.marks())[:4] == b"\x89PNG"


def test_messages_in_every_language():
    ed = opening()
    ed.set_language("zh")
    assert ed.place("0,0", "bS").message == words(
        "no_climb", "zh", piece="bS1", under="wQ", cell="0,0", rules="R10、R14")
    assert ed.last.rules == ("R10", "R14")  # the rules it cites, as data
    assert "不能叠在" in ed.last.message
    ed.set_language("de")
    assert ed.set_turn(2).message.startswith("Zug 2 der Seite am Zug.")
    ed.set_turn(1)
    assert "Keine Stellung, die eine Partie erreichen kann" in ed.last.message
    assert ed.set_language("fr").kind == "refused" and ed.lang == "de"
    for key, table in words.__globals__["WORDS"].items():
        assert set(table) == {"en", "de", "zh"}, key


@pytest.mark.parametrize("lang", ["en", "de", "zh"])
def test_save_then_verify_passes(tmp_path, capsys, lang):
    ed = editor(game_type="Base+MLP", lang=lang)
    for cell, piece in [("0,0", "wQ"), ("1,0", "bQ"), ("-1,0", "wP"), ("2,0", "bB"),
                        ("2,-1", "bA"), ("-1,1", "wB"), ("-1,1", "bM")]:
        ed.place(cell, piece)
    ed.set_to_move("white")
    ed.set_turn(5)
    ed.set_last_moved("bM")
    assert ed.problem == ""
    out = tmp_path / f"editor-{lang}.toml"
    fb = ed.save_scenario(out, piece="wP")
    assert fb.kind == "saved", fb.message
    data = tomllib.loads(out.read_text(encoding="utf-8"))
    assert data["game_type"] == "Base+MLP"
    assert data["position"]["stacks"]["-1,1"] == "wB1 bM"
    assert data["position"]["last_moved"] == "bM" and data["position"]["turn"] == 5
    assert set(data["title"]) == {lang}
    scenario = load(out)
    assert scenario.position() == ed.position
    assert main(["verify", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed"
    assert ed.save_scenario(out).kind == "refused"  # the file exists: kept
    assert ed.save_scenario(out, force=True).kind == "saved"


def test_save_refuses_a_bad_file_name_and_a_piece_not_in_the_game(tmp_path):
    ed = opening()
    assert "ends in .toml" in ed.save_scenario(tmp_path / "x.txt").message
    assert "not part of a Base game" in ed.save_scenario(tmp_path / "x.toml", "wM").message
    assert not (tmp_path / "x.toml").exists()


def test_an_editor_without_a_writer_says_how_to_get_one(tmp_path):
    ed = EditorController()
    ed.place("0,0", "wQ")
    ed.place("1,0", "bQ")
    fb = ed.save_scenario(tmp_path / "x.toml")
    assert fb.kind == "refused" and "hive_teach.teach.workshop.editor()" in fb.message
    assert not (tmp_path / "x.toml").exists()
