"""Positions from layouts and GameStrings, bad input, and the basic rules by hand."""

from __future__ import annotations

import pytest

from hive_teach import (
    GameState,
    GameStringError,
    IllegalMoveError,
    InvalidMoveError,
    LayoutError,
    Move,
    Piece,
    Position,
    cell_name,
    parse_cell,
)


def names(cells):
    return sorted(cell_name(c) for c in cells)


def test_layout_builds_stacks_turn_and_stun():
    pos = Position.from_layout(
        {"0,0": "wQ", "1,0": "bQ", "0,1": ["bB1", "wB1"], "-1,0": "wA1"},
        to_move="black", turn=5, last_moved="wB1",
    )
    assert pos.turn.title == "Black" and pos.turn_number == 5
    assert pos.top(parse_cell("0,1")) is Piece.from_name("wB1")
    assert pos.last_moved is Piece.from_name("wB1")
    assert pos.state is GameState.IN_PROGRESS
    assert pos.layout()["0,1"] == ["bB1", "wB1"]
    again = Position.from_layout(pos.layout(), to_move="black", turn=5, last_moved="wB1")
    assert again == pos


@pytest.mark.parametrize("stacks,kwargs,fragment", [
    ({"0,0": "wQ", "2,0": "bQ"}, {}, "one connected hive"),
    ({"0,0": "wQ", "1,0": "wQ"}, {}, "appears twice"),
    ({"0,0": "wQ bS1"}, {}, "only Beetles and Mosquitoes climb"),
    ({"0,0": "wQ", "1,0": "bM"}, {}, "not part of a Base game"),
    ({"0,0": "wQ", "1,0": "bS2"}, {}, "number order"),
    ({"0,0": "wQ", "x": "bQ"}, {}, "is not a cell"),
    ({"0,0": "wQ", "1,0": "bQ"}, {"hand": ["wS1"]}, "the hand must list exactly"),
    ({"0,0": "wS1", "1,0": "bQ"}, {"turn": 6}, "Queen is still in hand"),
    ({"0,0": "wQ", "1,0": "bQ"}, {"to_move": "green"}, "must be 'white' or 'black'"),
    ({"0,0": "wQ", "1,0": "bQ"}, {"last_moved": "wA1"}, "not on the board"),
    ({"0,0": "wQ", "1,0": "bQ"}, {"game_type": "Base+X"}, "not a game type"),
    # Layouts no game reaches (found by fuzzing): each turn places at most one piece,
    ({"0,0": "wQ", "1,0": "bQ", "-1,0": "wA1", "-2,0": "wA2"}, {"turn": 3},
     r"White has 3 pieces on the board after 2 turns, but a turn places at most one piece \(R0\)"),
    ({"0,0": "wQ", "1,0": "bQ", "2,0": "bA1"}, {"to_move": "black", "turn": 2},
     r"Black has 2 pieces on the board after 1 turn, but"),
    # the first turn always places one,
    ({"0,0": "wQ"}, {"to_move": "black", "turn": 3}, r"Black has had 2 turns but has no piece"),
    # the tournament rule keeps the Queen off the first turn,
    ({"0,0": "wQ", "1,0": "bA1", "2,0": "bQ"}, {"tournament": True},
     r"the Queen is White's only piece, so she was placed on their first turn, which the "
     r"tournament rule forbids \(R4\)"),
    # and a piece of the side to move moved last only if the opponent threw it (R16).
    ({"0,0": "wQ", "1,0": "bQ", "-1,0": "wA1"}, {"last_moved": "wA1"},
     r"last_moved wA1 is White's own piece, so it could only have been thrown by a Pillbug "
     r"\(R16\), and a Base game has none \(R17\)"),
    ({"0,0": "wQ", "1,0": "bQ", "2,0": "bP", "-1,0": "wA1"},
     {"last_moved": "wA1", "game_type": "Base+P"},
     r"no Pillbug or Mosquito of theirs stands next to -1,0 \(R17\)"),
    ({"0,0": "wQ", "1,0": "bQ", "-1,0": "bM", "-1,1": "wA1"},
     {"last_moved": "wA1", "game_type": "Base+M"}, r"and a Base\+M game has none"),
])
def test_bad_layouts_are_rejected_with_a_clear_message(stacks, kwargs, fragment):
    with pytest.raises(ValueError, match=fragment):
        Position.from_layout(stacks, **kwargs)


def test_layouts_a_game_reaches_are_accepted():
    # the default turn is the earliest the pieces allow (Black placed one more than White)
    pos = Position.from_layout({"0,0": "wQ", "1,0": "bQ", "2,0": "bA1"})
    assert (pos.turn.title, pos.turn_number) == ("White", 3)
    pos = Position.from_layout({"0,0": "wQ", "1,0": "bQ", "-1,0": "wA1"}, to_move="black")
    assert pos.turn_number == 2
    # a Queen placed on turn 2 under the tournament rule
    Position.from_layout({"0,0": "wA1", "1,0": "bA1", "-1,0": "wQ"}, to_move="black",
                         tournament=True)
    # thrown by Black's Pillbug, or by a Mosquito copying it
    for thrower in ({"-1,0": "bP"}, {"-1,0": "bM", "-2,0": "wP"}):
        stacks = {"0,0": "wQ", "1,0": "bQ", "-1,1": "wA1", **thrower}
        pos = Position.from_layout(stacks, game_type="Base+MP", last_moved="wA1", turn=4)
        assert pos.targets(Piece.from_name("wA1")) == set()


def test_layout_error_is_a_value_error_naming_the_rule():
    with pytest.raises(LayoutError, match=r"\(R6\)"):
        Position.from_layout({"0,0": "wQ", "3,3": "bQ"})


def test_game_string_with_stale_tokens_and_spaces():
    pos = Position.from_text("Base;NotStarted;White[9]; wS1; bS1 wS1-", tournament=True)
    assert pos.state is GameState.IN_PROGRESS
    assert pos.to_text() == "Base;InProgress;White[2];wS1;bS1 wS1-"


@pytest.mark.parametrize("text,fragment", [
    ("", "empty"),
    ("Chess;InProgress;White[1]", "not a game type"),
    ("Base;Sleeping;White[1]", "not a game state"),
    ("Base;InProgress;Purple[1];wS1", "should be the turn"),
    ("Base;InProgress;White[2];wS1;;bS1 wS1-", "move 2 is empty"),
    ("Base;InProgress;White[2];wS1;bS1 wZ1-", "move 2 'bS1 wZ1-'"),
    ("Base;InProgress;White[2];wS1;bS1 wS1-;wS1 bS1-", r"\(R5\)"),
])
def test_bad_game_strings_name_the_token(text, fragment):
    with pytest.raises(GameStringError, match=fragment):
        Position.from_text(text)


def test_syntax_and_legality_are_separate_errors():
    pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
    with pytest.raises(InvalidMoveError):
        pos.play("wQ bS1-/")
    with pytest.raises(InvalidMoveError):
        pos.play("hello")
    with pytest.raises(IllegalMoveError) as info:
        pos.play("wQ bS1-")
    assert info.value.rule == "R3" and "bS1" in info.value.reason
    assert isinstance(info.value, ValueError)
    assert pos.to_text() == "Base;InProgress;White[2];wS1;bS1 wS1-"


def test_several_spellings_name_one_move():
    pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    spellings = ["wQ \\wS1", "wQ wQ/"]  # north-west of wS1 is north-east of wQ
    assert len({pos.parse_move(s) for s in spellings}) == 1
    with pytest.raises(IllegalMoveError, match="already taken"):
        pos.parse_move("wQ wS1-")  # a separator form pointing at an occupied cell


def test_queen_must_be_placed_by_the_fourth_turn():
    pos = Position.from_text(
        "Base;InProgress;White[4];wS1;bS1 wS1-;wB1 \\wS1;bB1 bS1/;wG1 /wS1;bG1 bS1\\")
    assert {m.piece.name for m in pos.legal_moves()} == {"wQ"}


def test_no_moves_before_the_queen():
    pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wB1 \\wS1;bB1 bS1/")
    assert all(m.piece not in pos.where for m in pos.legal_moves())


def test_surrounding_both_queens_is_a_draw_and_ends_the_game():
    # 0,1 is the last empty cell next to both queens; the white Ant can slide into it (R19).
    pos = Position.from_layout(
        {"0,0": "wQ", "1,0": "bQ", "1,-1": "bS1", "0,-1": "wS1", "-1,0": "wB1", "-1,1": "wA1",
         "2,0": "bA1", "2,-1": "bB1", "1,1": "bG1", "-2,1": "wA2"},
        to_move="white", turn=8,
    )
    assert pos.state is GameState.IN_PROGRESS
    pos.play(Move(Piece.from_name("wA2"), parse_cell("0,1")))
    assert pos.state is GameState.DRAW
    assert pos.legal_moves() == []
    with pytest.raises(IllegalMoveError) as info:
        pos.play("bA1 -bS1")
    assert info.value.rule == "R19"
    pos.undo()
    assert pos.state is GameState.IN_PROGRESS


def test_undo_past_the_start_is_an_error():
    pos = Position("Base")
    with pytest.raises(IndexError):
        pos.undo()


def test_a_game_that_walks_far_keeps_its_coordinates() -> None:
    """A legal 840-ply game whose hive walks south to r = 66: cell names, the layout and the
    hive's shape stay right (with 7 bits per axis the coordinates wrapped round)."""
    from pathlib import Path

    from hive_teach.core.hexgrid import components, coords, on_grid

    text = (Path(__file__).parent / "data" / "drift_840_plies.txt").read_text().strip()
    pos = Position.from_text(text)
    assert len(pos.move_stack) == 840
    rows = [coords(c)[1] for c in pos.stacks]
    assert max(rows) >= 60 and all(on_grid(c) for c in pos.stacks)
    assert len(components(set(pos.stacks))) == 1  # one hive, not torn in two
    again = Position.from_layout(pos.layout(), game_type=pos.game_type, to_move=pos.turn,
                                 turn=pos.turn_number,
                                 last_moved=pos.last_moved.name if pos.last_moved else None)
    assert again.stacks == pos.stacks
    assert Position.from_text(pos.to_text()).stacks == pos.stacks


def test_a_move_past_the_edge_of_the_grid_is_refused_and_changes_nothing() -> None:
    from hive_teach.core.hexgrid import LIMIT, on_grid

    pos = Position.from_layout({f"0,{LIMIT}": "wQ", f"1,{LIMIT - 1}": "bQ"}, turn=2)
    before = pos.layout()
    off = [m for m in pos.legal_moves() if not on_grid(m.to)]
    assert off, "a placement past the edge is among the legal moves"
    with pytest.raises(ValueError, match="edge of this kit's grid"):
        pos.play(off[0])
    assert pos.layout() == before and not pos.move_stack


@pytest.mark.parametrize("bad", [None, 123, 1.5, ["wQ"], ("wQ", 0)])
def test_play_of_something_that_is_no_move_is_an_invalid_move_and_changes_nothing(bad) -> None:
    from hive_teach import InvalidMoveError

    pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
    before = pos.to_text()
    with pytest.raises(InvalidMoveError, match="is not a move: a move is a UHP MoveString"):
        pos.play(bad)
    assert pos.to_text() == before


@pytest.mark.parametrize("bad", [None, 5, b"Base"])
def test_a_game_type_that_is_no_text_is_refused_clearly(bad) -> None:
    with pytest.raises(ValueError, match="is not a game type"):
        Position(bad)


def test_an_invalid_move_quotes_a_huge_input_only_in_part() -> None:
    from hive_teach import InvalidMoveError

    with pytest.raises(InvalidMoveError) as info:
        Position().play("w" + "Q" * 1_000_000)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("key", [1.5, (0.0, 1.0), True, (1, 2, 3), ("0", "1"), None, 10**12])
def test_a_layout_cell_that_is_no_cell_is_a_layout_error(key) -> None:
    from hive_teach import LayoutError

    with pytest.raises(LayoutError, match="is not a cell: write cells as"):
        Position.from_layout({key: "wQ", "1,0": "bQ"}, turn=2)


@pytest.mark.parametrize("turn", [2.5, "3", True])
def test_a_layout_turn_that_is_no_whole_number_is_a_layout_error(turn) -> None:
    from hive_teach import LayoutError

    with pytest.raises(LayoutError, match="must be a whole number"):
        Position.from_layout({"0,0": "wQ", "1,0": "bQ"}, turn=turn)
