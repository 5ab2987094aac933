"""Hand-checked Rive positions on the side-3 board, the game text and bad input.

The side-3 board (19 cells), row by row from the top::

      0,-2  1,-2  2,-2
   -1,-1  0,-1  1,-1  2,-1
 -2,0  -1,0   0,0   1,0   2,0
   -2,1  -1,1   0,1   1,1
      -2,2  -1,2  0,2

Every expected set below was worked out by hand from the neighbours of each cell.
"""

from __future__ import annotations

import random

import pytest

from hive_teach.core.errors import IllegalMoveError, InvalidMoveError
from hive_teach.core.hexgrid import cell, cell_name, distance
from hive_teach.hive.position import Position
from hive_teach.rive import (
    Action,
    Colour,
    IllegalActionError,
    InvalidActionError,
    RiveGame,
    Rule,
    board_cells,
    board_size,
    play_randomly,
)

# Seven lone stones: the centre and the six corners (all two steps apart). Black: 0,0 2,-2 0,2
# -2,0; White: 0,-2 2,0 -2,2. After them no empty cell is isolated and White is to move.
OPENING = "rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0"
# Six lone stones: three round the centre (1,0 0,-1 -1,1, pairwise two steps apart) and three
# corners. The centre then touches three separate groups. Black is to move.
THREE = "rive3;1,0;0,-1;-1,1;2,-2;-2,0;0,2"


def texts(actions: list[Action]) -> list[str]:
    return [a.text for a in actions]


def snapshot(game: RiveGame) -> tuple[object, ...]:
    """Everything a learner can observe about a game."""
    return (
        game.to_text(),
        dict(game.stones),
        game.turn,
        game.pending_capture,
        game.legal_moves(),
        game.is_over(),
    )


def c(name: str) -> int:
    q, r = map(int, name.split(","))
    return cell(q, r)


# ------------------------------------------------------------------------------ the board


@pytest.mark.parametrize("side", range(3, 9))
def test_board_of_side_n_has_3n_n_minus_1_plus_1_cells(side: int) -> None:
    game = RiveGame(side)
    assert len(game.cells) == len(set(game.cells)) == board_size(side) == 3 * side * (side - 1) + 1
    assert game.cells == board_cells(side)
    assert all(distance(x, cell(0, 0)) < side for x in game.cells)
    assert game.turn is Colour.BLACK
    assert len(game.legal_moves()) == board_size(side)  # every cell is isolated at the start


@pytest.mark.parametrize("side", [-1, 0, 1, 2, 9, 20, True, 5.0, "5", None])
def test_other_board_sizes_are_rejected_clearly(side: object) -> None:
    with pytest.raises(ValueError, match="side 3 to 8"):
        RiveGame(side)  # type: ignore[arg-type]


def test_the_board_prints_row_by_row() -> None:
    game = RiveGame.from_text(OPENING)
    assert str(game) == "  W . B\n . . . .\nB . B . W\n . . . .\n  W . B"
    assert repr(game) == f"RiveGame.from_text({OPENING!r})"


# ------------------------------------------------------------------------- V3 isolation


def test_isolated_placements_come_first() -> None:
    game = RiveGame.from_text("rive3;0,0")
    ring_two = {x for x in game.cells if distance(x, c("0,0")) == 2}
    assert {a.cell for a in game.legal_moves()} == ring_two
    assert len(ring_two) == 12
    before = snapshot(game)
    for name in ["1,0", "0,-1", "-1,1"]:  # next to the stone, though it is a group of only 1
        with pytest.raises(IllegalActionError) as err:
            game.play(name)
        assert err.value.rule is Rule.V3
        assert "touch no stone" in err.value.reason
        assert set(err.value.explanation.cells) == ring_two
        assert snapshot(game) == before


def test_colours_alternate_while_nothing_is_captured() -> None:
    game = RiveGame.from_text(OPENING)
    black = {"0,0", "2,-2", "0,2", "-2,0"}
    assert {cell_name(x): col for x, col in game.stones.items()} == {
        name: Colour.BLACK if name in black else Colour.WHITE for name in OPENING.split(";")[1:]
    }
    assert game.turn is Colour.WHITE
    assert game.isolated_cells() == []


def test_isolated_cells_come_back_after_a_capture() -> None:
    # Black joins the three stones round the centre and keeps 0,0 and 1,0: the cells 0,-2 and
    # -2,2 then touch no stone again, so Black's next placement must go on one of them.
    game = RiveGame.from_text(THREE + ";0,0;x0,-1;x-1,1")
    assert game.pending_capture is None
    assert game.turn is Colour.BLACK
    assert [cell_name(x) for x in game.isolated_cells()] == ["0,-2", "-2,2"]
    assert texts(game.legal_moves()) == ["0,-2", "-2,2"]


# ----------------------------------------------------------------- V4 smallest largest group


def test_the_largest_adjacent_group_must_be_as_small_as_possible() -> None:
    # White joined 0,0 and 2,0 with 1,0 and removed its own 2,0: the group {0,0, 1,0} has 2
    # stones. Only the four cells touching no part of it are legal; each joins two lone stones
    # (so each is a capture), while 2,0, which only grows the 2-group, is not.
    game = RiveGame.from_text(OPENING + ";1,0;x2,0")
    assert game.turn is Colour.WHITE
    assert texts(game.legal_moves()) == ["1,-2", "-1,-1", "-2,1", "-1,2"]
    for x in game.legal_moves():
        assert game.largest_adjacent_group(x.cell) == 1
    before = snapshot(game)
    for name in ["2,0", "0,-1", "1,1", "-1,0"]:
        with pytest.raises(IllegalActionError) as err:
            game.play(name)
        assert err.value.rule is Rule.V4
        assert f"next to {name} has 2 stones" in err.value.reason
        assert err.value.explanation.cells == tuple(a.cell for a in game.legal_moves())
        assert snapshot(game) == before


def test_a_cell_joining_two_groups_ties_with_one_touching_a_group_of_the_same_size() -> None:
    # After the seven lone stones every empty cell's largest neighbouring group has one stone,
    # whether it touches one stone (1,-1) or joins two (1,0): all twelve empty cells are legal.
    game = RiveGame.from_text(OPENING)
    assert len(game.legal_moves()) == 12
    assert game.is_legal(Action.place(c("1,-1"))) and game.is_legal(Action.place(c("1,0")))


# --------------------------------------------------------------------------- V5 captures


def test_a_capture_joining_three_groups() -> None:
    game = RiveGame.from_text(THREE)
    game.play("0,0")
    capture = game.pending_capture
    assert capture is not None
    assert capture.placed == c("0,0")
    assert capture.joined == (1, 1, 1)
    assert capture.target == 2  # one more than the largest group joined
    assert capture.group == {c("0,0"), c("1,0"), c("0,-1"), c("-1,1")}
    assert capture.remaining == 2
    assert game.turn is Colour.BLACK
    # A star: the three tips may go, either colour; the centre holds it together.
    assert texts(game.legal_moves()) == ["x0,-1", "x1,0", "x-1,1"]
    before = snapshot(game)
    wrong = {
        "x0,0": "split the group into 3 pieces",
        "x2,-2": "not in the group you just made",
        "x1,-1": "no stone on 1,-1",
        "1,-1": "first remove 2 more stones",
    }
    for name, reason in wrong.items():
        with pytest.raises(IllegalActionError) as err:
            game.play(name)
        assert err.value.rule is Rule.V5
        assert reason in err.value.reason
        assert snapshot(game) == before
    game.play("x0,-1")  # a white stone
    assert game.pending_capture is not None and game.pending_capture.remaining == 1
    assert texts(game.legal_moves()) == ["x1,0", "x-1,1"]  # the centre still holds them
    game.play("x-1,1")
    assert game.ply == 9
    assert game.pending_capture is None
    assert game.group_at(c("0,0")) == {c("0,0"), c("1,0")}
    assert game.stone_at(c("0,-1")) is None and game.stone_at(c("-1,1")) is None


def test_the_just_placed_stone_cannot_be_removed() -> None:
    game = RiveGame.from_text(OPENING + ";1,0")  # White joins 0,0 and 2,0 through 1,0
    assert texts(game.legal_moves()) == ["x0,0", "x2,0"]
    with pytest.raises(IllegalActionError, match="split the group into 2 pieces") as err:
        game.play("x1,0")
    assert err.value.rule is Rule.V5


def test_a_capture_ends_exactly_at_the_target_size() -> None:
    game = RiveGame.from_text(OPENING + ";1,0")
    assert game.pending_capture is not None and game.pending_capture.remaining == 1
    game.play("x0,0")  # White removes a black stone
    assert game.pending_capture is None
    assert game.group_at(c("1,0")) == {c("1,0"), c("2,0")}
    with pytest.raises(IllegalActionError, match="only remove stones right after"):
        game.play("x2,0")


# ---------------------------------------------------------- V6 placing again after a capture


def test_a_capture_makes_the_capturer_place_again_until_a_placement_captures_nothing() -> None:
    game = RiveGame.from_text(OPENING + ";1,0;x2,0")
    assert game.turn is Colour.WHITE  # White captured, so White places again
    game.play("1,-2")  # joins 2,-2 and 0,-2: a second capture
    assert game.stone_at(c("1,-2")) is Colour.WHITE
    assert game.pending_capture is not None and game.pending_capture.joined == (1, 1)
    for name in ["x2,-2", "-2,1", "x-2,0"]:  # a third capture, joining -2,0 and -2,2
        game.play(name)
        assert game.turn is Colour.WHITE
    # Now every group has 1 or 2 stones and every empty cell touches a group of 2: 2,-2
    # only grows {1,-2, 0,-2}, so it captures nothing and the turn passes.
    assert game.largest_adjacent_group(c("2,-2")) == 2
    game.play("2,-2")
    assert game.pending_capture is None
    assert game.turn is Colour.BLACK
    # One white turn: four placements, three of them captures.
    white_turn = ";".join(texts(list(game.move_stack[7:])))
    assert white_turn == "1,0;x2,0;1,-2;x2,-2;-2,1;x-2,0;2,-2"


# ------------------------------------------------------------------------- V7 end of game


def test_a_finished_game_has_a_full_board_and_a_majority_winner() -> None:
    game = play_randomly(RiveGame(3), random.Random(7))
    assert game.is_over() and game.is_full()
    assert game.legal_moves() == []
    black, white = game.count(Colour.BLACK), game.count(Colour.WHITE)
    assert black + white == 19
    assert game.winner() is (Colour.BLACK if black > white else Colour.WHITE)
    before = snapshot(game)
    for name in ["0,0", "x0,0"]:
        with pytest.raises(IllegalActionError, match="game is over") as err:
            game.play(name)
        assert err.value.rule is Rule.V7
    assert snapshot(game) == before


def test_no_winner_before_the_end() -> None:
    assert RiveGame.from_text(OPENING).winner() is None


# --------------------------------------------------------------------- undo, copy, history


def test_undo_takes_back_one_action_at_a_time() -> None:
    game = RiveGame.from_text(OPENING)
    before = snapshot(game)
    game.play("1,0")
    game.play("x2,0")
    assert game.undo() == Action.remove(c("2,0"))
    assert game.pending_capture is not None and game.pending_capture.remaining == 1
    assert game.undo() == Action.place(c("1,0"))
    assert snapshot(game) == before
    game.check_invariants()


def test_undo_of_nothing_is_an_index_error() -> None:
    game = RiveGame()
    assert game.ply == 0 and game.move_stack == [] and game  # a new game is not falsy
    with pytest.raises(IndexError):
        game.undo()


def test_a_copy_is_independent() -> None:
    game = RiveGame.from_text(OPENING + ";1,0")
    twin = game.copy()
    twin.play("x0,0")
    assert snapshot(game) == snapshot(RiveGame.from_text(OPENING + ";1,0"))
    assert twin.move_stack == [*game.move_stack, Action.remove(c("0,0"))]
    twin.check_invariants()


# ---------------------------------------------------------------------------- notation


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0,0", Action.place(cell(0, 0))),
        ("x2,-1", Action.remove(cell(2, -1))),
        ("X2,-1", Action.remove(cell(2, -1))),
        (" x ( 2 , -1 ) ", Action.remove(cell(2, -1))),
        ("+1,-0", Action.place(cell(1, 0))),
    ],
)
def test_action_spellings(text: str, expected: Action) -> None:
    assert Action.parse(text) == expected
    assert Action.parse(expected.text) == expected
    assert str(expected) == expected.text


@pytest.mark.parametrize("side", [3, 5, 8])
def test_every_action_text_round_trips(side: int) -> None:
    for x in board_cells(side):
        for action in (Action.place(x), Action.remove(x)):
            assert Action.parse(action.text) == action
            assert action.text == ("x" if action.is_removal else "") + cell_name(x)


@pytest.mark.parametrize(
    "text", ["", " ", "x", "1", "1,", ",1", "1,2,3", "a,b", "1;0", "x1,2y", "xx1,2", "1.5,2", "١,٢"]
)
def test_malformed_actions_are_invalid(text: str) -> None:
    with pytest.raises(InvalidActionError, match="is not a Rive action") as err:
        Action.parse(text)
    assert err.value.move == text
    game = RiveGame.from_text(OPENING)
    before = snapshot(game)
    with pytest.raises(InvalidActionError):
        game.play(text)
    assert snapshot(game) == before


def test_game_texts_round_trip() -> None:
    text = OPENING + ";1,0;x2,0;1,-2;x2,-2"
    assert RiveGame.from_text(text).to_text() == text
    assert RiveGame.from_text("  RIVE3 ; 0,0;(0, -2)\n").to_text() == "rive3;0,0;0,-2"
    assert RiveGame.from_text("rive4").to_text() == "rive4"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "does not start a Rive game text"),
        ("hive5;0,0", "does not start a Rive game text"),
        ("rive;0,0", "does not start a Rive game text"),
        ("rive 5 x;0,0", "does not start a Rive game text"),
        ("rive2;0,0", "side 3 to 8"),
        ("rive9", "side 3 to 8"),
    ],
)
def test_bad_headers_are_clear_value_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RiveGame.from_text(text)


def test_a_bad_action_in_a_game_text_is_named_by_number_and_text() -> None:
    with pytest.raises(IllegalActionError) as illegal:
        RiveGame.from_text("rive3;0,0;0,-2;1,0")
    assert illegal.value.index == 3
    assert illegal.value.move == "1,0"
    assert illegal.value.rule is Rule.V3
    assert str(illegal.value).startswith("action 3 (1,0): ")
    with pytest.raises(InvalidActionError) as invalid:
        RiveGame.from_text("rive3;0,0;;0,-2")
    assert invalid.value.index == 2
    assert "action 2 '' is not a Rive action: it is empty" in str(invalid.value)


@pytest.mark.parametrize("name", ["0,3", "3,-3", "-2,-1", "99,0", "-1000000000000,5"])
def test_off_board_cells_are_illegal_under_v1(name: str) -> None:
    game = RiveGame.from_text(OPENING)
    before = snapshot(game)
    for text in (name, "x" + name):
        with pytest.raises(IllegalActionError, match="off the board") as err:
            game.play(text)
        assert err.value.rule is Rule.V1
        assert snapshot(game) == before


def test_an_occupied_cell_is_illegal_under_v1() -> None:
    game = RiveGame.from_text(OPENING)
    with pytest.raises(IllegalActionError, match="already a stone on 0,0") as err:
        game.play(Action.place(c("0,0")))
    assert err.value.rule is Rule.V1


def test_errors_are_the_core_errors_of_both_games() -> None:
    assert issubclass(InvalidActionError, InvalidMoveError)
    assert issubclass(IllegalActionError, IllegalMoveError)
    assert issubclass(InvalidActionError, ValueError)
    assert issubclass(IllegalActionError, ValueError)


def test_both_games_errors_mean_the_same_by_move_rule_reason_and_text() -> None:
    """``move`` the input, ``rule`` the id, ``reason`` the English sentence, ``text(lang)`` the
    message in that language: the same for a Rive action and a Hive move."""
    hive = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
    rive = RiveGame.from_text("rive3;0,0")
    with pytest.raises(IllegalMoveError) as hive_err:
        hive.play("wQ  bS1-")
    with pytest.raises(IllegalMoveError) as rive_err:
        rive.play(" 1,0 ")
    for err, move, rule in ((hive_err.value, "wQ bS1-", "R3"), (rive_err.value, "1,0", "V3")):
        assert err.move == move and err.rule == rule
        assert err.reason.endswith(".") and f"({rule})" not in err.reason
        assert str(err) == f"{move}: {err.reason} ({rule})"
        assert err.text("en") == str(err)
        german = err.text("de")
        assert german.startswith(f"{move}: ") and german.endswith(f"({rule})")
        assert german != str(err)
    with pytest.raises(InvalidMoveError) as hive_bad:
        hive.play("wX1")
    with pytest.raises(InvalidMoveError) as rive_bad:
        rive.play("1;0")
    for bad, move in ((hive_bad.value, "wX1"), (rive_bad.value, "1;0")):
        assert bad.move == move and bad.rule is None
        assert str(bad).endswith(bad.reason) and bad.text("de") == str(bad)


@pytest.mark.parametrize("bad", ["1" * 5000 + ",0", "x0," + "9" * 4301])
def test_numbers_too_long_for_any_board_are_an_invalid_action(bad) -> None:
    game = RiveGame(3)
    with pytest.raises(InvalidActionError) as info:
        game.play(bad)
    assert len(str(info.value)) < 300 and game.ply == 0


@pytest.mark.parametrize("bad", [None, 3, (0, 0)])
def test_play_of_something_that_is_no_action_is_an_invalid_action(bad) -> None:
    game = RiveGame(3)
    with pytest.raises(InvalidActionError, match="an action is its text"):
        game.play(bad)
    assert game.ply == 0
