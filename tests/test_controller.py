"""The board's controller, driven as a learner would click, without a browser."""

from __future__ import annotations

import pytest

from hive_teach import Colour, GameState, Piece, Position, parse_cell
from hive_teach.board.controller import BoardController
from hive_teach.core.hexgrid import cell_name

OPENING = "Base;InProgress;White[2];wS1;bS1 wS1-"


def cells(*names):
    return frozenset(parse_cell(n) for n in names)


def test_select_piece_in_hand_shows_placements_and_a_legal_click_plays():
    board = BoardController(Position.from_text(OPENING))
    fb = board.select("wQ")
    assert fb.kind == "selected"
    assert board.targets == cells("-1,0", "-1,1", "0,-1")
    assert board.view().targets == board.targets
    fb = board.click("0,-1")
    assert fb.kind == "moved" and "wQ" in fb.message
    assert board.position.top(parse_cell("0,-1")) is Piece.from_name("wQ")
    assert board.view().last_move == (None, parse_cell("0,-1"))


def test_illegal_click_explains_with_rule_and_changes_nothing():
    board = BoardController(Position.from_text(OPENING))
    board.select("wQ")
    before = board.position.to_text()
    fb = board.click("1,-1")  # touches the black Spider
    assert fb.kind == "illegal" and fb.rule == "R3"
    assert "bS1" in fb.message
    assert board.position.to_text() == before
    view = board.view()
    assert view.forbidden == {parse_cell("1,-1"): "R3"}
    assert parse_cell("1,0") in view.cause_cells  # the enemy piece the placement would touch


@pytest.mark.parametrize("click", [None, "nonsense", "1,2,3"])
def test_bad_clicks_are_reported_and_change_nothing(click):
    board = BoardController(Position.from_text(OPENING))
    board.select("wQ")
    before = board.position.to_text()
    fb = board.click(click)
    assert fb.kind == "error" and fb.message
    assert board.position.to_text() == before
    assert board.selected is Piece.from_name("wQ")


def test_selecting_nothing_or_an_empty_cell_prompts():
    board = BoardController(Position.from_text(OPENING))
    assert board.click("3,3").kind == "info"
    assert board.select(parse_cell("3,3")).kind == "error"
    assert board.select("wZ9").kind == "error"
    assert board.select("bM").kind == "error"  # not in a Base game


def test_opponent_piece_and_pinned_piece_are_explained():
    pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    board = BoardController(pos)
    fb = board.select("bQ")
    assert fb.kind == "info" and "Black" in fb.message
    fb = board.select("wS1")  # between wQ and the black pieces: pinned
    assert fb.kind == "illegal" and fb.rule == "R6"


def test_clicking_a_stack_lists_it_bottom_to_top():
    pos = Position.from_layout({"0,0": "wQ", "1,0": "bQ bB1", "-1,0": "wA1"}, to_move="black",
                               turn=5)
    board = BoardController(pos)
    fb = board.click("1,0")
    assert fb.kind == "selected" and "bQ, bB1" in fb.message


# wQ -1,0 and wA1 0,-1 touch each other and wS1 0,0; the black pair bS1 1,0, bQ 2,0 hangs on
# wS1 alone, and bA1 3,0 on bQ. White to move.
TRIANGLE = r"Base;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \wS1;bA1 bQ-"


def test_clicking_another_own_piece_switches_the_selection():
    board = BoardController(Position.from_text(TRIANGLE))
    assert board.select("wQ").kind == "selected"
    fb = board.click("0,-1")  # wA1's cell: not a target of the Queen, so a new selection
    assert fb.kind == "selected" and "wA1" in fb.message
    assert board.selected is Piece.from_name("wA1")
    # Lifted, the Ant leaves a straight line of five pieces from -1,0 to 3,0; it may run to
    # every cell around that line (2 * 5 + 4 of them) except the one it stands on (R13).
    ring = {f"{q},-1" for q in range(-1, 5)} | {f"{q},1" for q in range(-2, 4)} | {"-2,0", "4,0"}
    assert board.targets == cells(*(ring - {"0,-1"}))


def test_clicking_a_pinned_own_piece_explains_and_drops_the_selection():
    board = BoardController(Position.from_text(TRIANGLE))
    board.select("wQ")
    fb = board.click("0,0")  # wS1's cell: without wS1 the black pieces fall off (R6)
    assert fb.kind == "illegal" and fb.rule == "R6"
    assert "wS1" in fb.message
    assert board.selected is None and board.targets == frozenset()


def test_engine_mode_answers_and_undo_takes_back_both_moves():
    pos = Position.from_text(OPENING)
    board = BoardController(pos, mode="engine", human=Colour.WHITE)
    board.select("wQ")
    fb = board.click("0,-1")
    assert fb.kind == "moved" and "engine" in fb.message.lower()
    assert board.position.turn is Colour.WHITE
    assert len(board.position.move_stack) == 4
    assert board.undo().kind == "undone"
    assert len(board.position.move_stack) == 2
    assert board.undo().kind == "info"  # back at the start of this board


def test_reach_exercise_checks_marks_with_reasons():
    pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    board = BoardController(pos, mode="reach", piece="wQ")
    truth = pos.targets(Piece.from_name("wQ"))
    first, *rest = sorted(truth)
    board.click(first)
    board.click("5,5")
    fb = board.check()
    assert fb.kind == "checked" and fb.correct is False
    assert "5,5" in fb.full_text and all(cell_name(c) in fb.full_text for c in rest)
    checked = board.marks().checked
    assert (checked.correct, checked.missed) == ({first}, set(rest))
    assert dict(checked.wrong) == {parse_cell("5,5"): "R9"}
    board.click("5,5")  # unmark
    for c in rest:
        board.click(c)
    fb = board.check()
    assert fb.correct is True
    assert board.position.move_stack == pos.move_stack  # marking never moves pieces
    assert board.undo().kind == "reset" and not board.marked


def test_find_exercise_accepts_only_the_goal():
    gs = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
    goal_cell = parse_cell("-1,1")

    def accept(pos, move):
        return move.piece is Piece.from_name("wQ") and move.to == goal_cell

    board = BoardController(Position.from_text(gs), mode="find",
                            goal="Move the Queen south-west.", accept=accept)
    board.select("wQ")
    fb = board.click("0,-1")
    assert fb.kind == "checked" and fb.correct is False
    assert board.position.to_text().endswith("bQ bS1-")  # not played
    fb = board.click("-1,1")
    assert fb.kind == "solved" and fb.correct is True


def test_language_switch_changes_all_messages():
    board = BoardController(Position.from_text(OPENING), lang="de")
    assert "Weiß" in board.last.message
    board.select("wQ")
    fb = board.click("1,-1")
    assert fb.rule == "R3" and "Gegner" in fb.message
    board.set_language("zh")
    fb = board.click("1,-1")
    assert "对手" in fb.message and "(R3)" in fb.message
    assert board.set_language("fr").kind == "error"


def test_keyboard_path_plays_typed_moves():
    board = BoardController(Position.from_text(OPENING))
    assert board.play_text("wQ -wS1").kind == "moved"
    fb = board.play_text("bQ wQ")
    assert fb.kind == "illegal"
    assert board.play_text("garbage").kind == "error"
    assert board.play_text("pass").rule == "R18"


def test_game_over_is_reported():
    pos = Position.from_layout(
        {"0,0": "wQ", "1,0": "bQ", "1,-1": "bS1", "0,-1": "wS1", "-1,0": "wB1", "-1,1": "wA1",
         "2,0": "bA1", "2,-1": "bB1", "1,1": "bG1", "-2,1": "wA2"},
        to_move="white", turn=8,
    )
    board = BoardController(pos)
    board.select("wA2")
    fb = board.click("0,1")
    assert board.position.state is GameState.DRAW and "over" in fb.message
    assert board.select("bA1").kind == "info"


def test_choices_list_movable_and_placeable_pieces():
    board = BoardController(Position.from_text(OPENING))
    labels = [label for label, _ in board.choices()]
    assert "wS1 @ 0,0" in labels and any(label.startswith("wQ") for label in labels)
    assert any(label.startswith("wS2") for label in labels)  # wS1 is placed, wS2 is next
    assert not any(label.startswith("wB2") for label in labels)  # wB1 comes first


# ------------------------------------------------------------------ what a learner expects
OPEN = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"


def test_a_second_click_on_the_selected_piece_lets_it_go():
    board = BoardController(Position.from_text(OPEN))
    assert board.click("-1,0").kind == "selected" and board.selected is Piece.from_name("wQ")
    fb = board.click("-1,0")
    assert (fb.kind, fb.message) == ("info", "wQ is no longer selected.")
    assert board.selected is None and not board.targets and not board.marks().targets
    # a piece in hand, clicked beside the board, the same way (and in German)
    board.set_language("de")
    assert board.click_piece("wA1").kind == "selected"
    assert board.click_piece("wA1").message == "wA1 ist nicht mehr ausgewählt."
    assert board.selected is None
    # selecting by name twice (the menus, the API) keeps it selected
    board.select("wQ")
    assert board.select("wQ").kind == "selected" and board.selected is Piece.from_name("wQ")


def test_play_with_nothing_chosen_says_what_to_choose():
    from hive_teach.board.controller import RiveController

    board = BoardController(Position.from_text(OPEN), lang="de")
    assert board.play_chosen(None).message == ("Wähle zuerst einen Stein: Klicke ihn an oder "
                                               "wähle ihn in der Liste.")
    assert board.play_chosen(Piece.from_name("wQ")).message == (
        "Wähle jetzt das Feld, auf das wQ ziehen soll.")
    assert board.play_chosen(Piece.from_name("wQ"), parse_cell("-1,1")).kind == "moved"
    assert board.play_chosen(None).kind == "info" and board.position.ply == 5
    rive = RiveController(lang="zh")
    assert rive.play_chosen(None).message == "请先在列表里选一步。"
    assert rive.game.ply == 0


@pytest.mark.parametrize("mode,options,message", [
    ("free", {}, "Back to the starting position."),
    ("engine", {}, "Back to the starting position."),
    ("reach", {"piece": "wQ"}, "All marks cleared: start again."),
    ("find", {"goal": "Move the Queen.", "accept": ["wQ -wS1"]},
     "Back to the start of the exercise."),
])
def test_reset_says_what_it_did_in_each_mode(mode, options, message):
    board = BoardController(Position.from_text(OPEN), mode=mode, **options)
    assert board.reset().message == message


def test_a_pillbug_throw_is_drawn_as_the_throw_arrow_and_the_thrown_piece_stunned():
    gs = "Base+P;InProgress;White[4];wP;bQ wP-;wQ -wP;bA1 bQ-;wA1 /wQ;bA1 wP\\"
    board = BoardController(Position.from_text(gs))
    marks = board.marks()
    assert marks.throws == () and marks.last_move is not None  # bA1 ran there by itself
    board.play_text("bQ wP/")  # White's Pillbug throws the black Queen
    marks = board.marks()
    assert marks.last_move is None and marks.stunned == parse_cell("1,-1")
    assert [tuple(cell_name(c) for c in t) for t in marks.throws] == [("1,0", "0,0", "1,-1")]


def test_the_live_board_names_every_cell_it_draws():
    board = BoardController(Position.from_text(OPEN))
    assert board.marks().coords is True
