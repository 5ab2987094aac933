"""The Rive board without a browser: the controller in every mode and on every rejection path,
the engine player, the explanations in three languages, and the widget's plumbing."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from hive_teach.board.controller import MODES, RiveController
from hive_teach.board.widget import RiveBoard, rive_board
from hive_teach.core.hexgrid import cell, cell_name, parse_cell, to_pixel
from hive_teach.rive import Action, Colour, RiveGame, explain
from hive_teach.rive.explain import KINDS, Kind
from hive_teach.rive.i18n import reason
from hive_teach.rive.player import SimplePlayer

OPENING = "rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0"  # seven lone stones, White to move
THREE = "rive3;1,0;0,-1;-1,1;2,-2;-2,0;0,2"  # 0,0 would join three lone stones; Black to move


def c(name: str) -> int:
    return parse_cell(name)


def controller(text: str = OPENING, **options) -> RiveController:
    return RiveController(RiveGame.from_text(text), **options)


# ------------------------------------------------------------------------------ free play
def test_a_click_places_a_stone_for_the_player_to_move() -> None:
    board = controller("rive3;0,0")
    fb = board.click("0,-2")
    assert fb.kind == "placed" and fb.action == Action.place(c("0,-2"))
    assert fb.message == "White placed a stone on 0,-2."
    assert board.game.stone_at(c("0,-2")) is Colour.WHITE
    assert board.prompt() == "Black to place a stone."
    assert board.click(cell(1, -2)).kind == "illegal"  # an int cell works too (V3 here)


@pytest.mark.parametrize("text,click,rule,fragment", [
    ("rive3;0,0", "1,0", "V3", "touch no stone"),
    ("rive3;0,0", "0,0", "V1", "already a stone"),
    (OPENING + ";1,0;x2,0", "0,-1", "V4", "as small as possible"),
    (OPENING + ";1,0", "1,-1", "V5", "first remove 1 more stone"),  # a placement mid-capture
    (OPENING + ";1,0", "1,0", "V5", "split the group"),  # the click means "remove 1,0"
    (OPENING + ";1,0", "0,-2", "V5", "not in the group"),  # a white stone, but elsewhere
    (OPENING + ";1,0", "2,-2", "V5", "not in the group"),
])
def test_illegal_clicks_are_explained_with_their_rule_and_change_nothing(
        text: str, click: str, rule: str, fragment: str) -> None:
    board = controller(text)
    before = board.game.to_text()
    fb = board.click(click)
    assert (fb.kind, fb.rule) == ("illegal", rule)
    assert fragment in fb.message and fb.message.endswith(f"({rule})")
    assert fb.explanation is not None and fb.explanation.rule == rule
    assert board.game.to_text() == before
    view = board.view()
    assert view.forbidden == {c(click): rule}
    assert view.cause == fb.explanation.cells


def test_removals_typed_without_a_capture_and_an_empty_cell_removal_are_explained() -> None:
    board = controller(OPENING)
    fb = board.play_text("x0,0")
    assert (fb.kind, fb.rule) == ("illegal", "V5") and "only remove" in fb.message
    board = controller(OPENING + ";1,0")
    fb = board.play_text("x1,-1")
    assert (fb.kind, fb.rule) == ("illegal", "V5") and "no stone" in fb.message


def test_bad_input_is_an_error_and_changes_nothing() -> None:
    board = controller()
    before = board.game.to_text()
    for fb in (board.click(None), board.click("3,0"), board.click("left"),
               board.play_text("hello"), board.set_language("fr")):
        assert fb.kind == "error", fb
    assert board.click(None).message == "That click was outside the board; nothing changed."
    assert board.game.to_text() == before
    assert board.view().forbidden == {}


def test_a_capture_runs_click_by_click_and_the_capturer_places_again() -> None:
    board = controller(OPENING)
    fb = board.click("1,0")  # joins 0,0 and 2,0
    assert fb.kind == "placed"
    assert fb.message == ("White placed a stone on 1,0 and joined groups of 1 + 1: a capture! "
                          "Remove 1 stone so that 2 are left.")
    assert board.prompt() == "White captures: remove 1 stone from the outlined group."
    view = board.view()
    assert view.removing and view.legal == {c("0,0"), c("2,0")}
    assert [label for label, _ in board.choices()] == ["x0,0 (remove)", "x2,0 (remove)"]
    fb = board.click("0,0")  # a click on a stone during a capture removes it
    assert fb.kind == "removed" and fb.action == Action.remove(c("0,0"))
    assert fb.message == ("White removed the stone on 0,0. The capture is complete, so White "
                          "places again (V6).")
    assert board.game.turn is Colour.WHITE and not board.view().removing


def test_undo_takes_back_one_action_at_a_time_down_to_the_start() -> None:
    board = controller(OPENING)
    board.click("1,0")
    board.click("2,0")
    fb = board.undo()
    assert fb.kind == "undone" and fb.message == "Took back x2,0."
    assert board.game.pending_capture is not None
    assert board.undo().message == "Took back 1,0."
    assert board.game.to_text() == OPENING
    assert board.undo().kind == "info"  # nothing before the start of this board
    assert board.game.to_text() == OPENING


def test_reset_goes_back_to_the_start() -> None:
    board = controller(OPENING)
    board.click("1,0")
    fb = board.reset()
    assert fb.kind == "reset" and board.game.to_text() == OPENING
    assert board.start.to_text() == OPENING  # the start is never played on


def test_a_finished_game_refuses_clicks_with_v7() -> None:
    game = RiveGame(3)
    rng = random.Random(3)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    board = RiveController(game)
    assert board.prompt().startswith("The game is over: ")
    fb = board.click("0,0")
    assert (fb.kind, fb.rule) == ("illegal", "V7")
    assert board.choices() == []


def test_languages_switch_every_message() -> None:
    board = controller("rive3;0,0", lang="de")
    assert board.prompt() == "Weiß setzt einen Stein."
    fb = board.click("1,0")
    assert fb.message.startswith("1,0 berührt einen Stein") and fb.message.endswith("(V3)")
    assert board.set_language("zh").message == "轮到白方放一枚棋子。"
    assert board.click("0,-2").message == "白方在 0,-2 放了一枚棋子。"
    assert board.click("9,9").message == "点击在棋盘之外，什么也没有改变。"


# ------------------------------------------------------------------------------ the engine
def test_the_engine_answers_until_it_is_the_learners_turn() -> None:
    board = controller("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2", mode="engine", human="black",
                       seed=3)
    fb = board.click("-2,0")  # the last lonely cell; then White captures at once
    assert fb.kind == "placed" and fb.replies
    assert board.game.turn is Colour.BLACK or board.game.is_over()
    assert fb.message.startswith("Black placed a stone on -2,0. The engine answered ")
    assert list(board.game.move_stack[-len(fb.replies):]) == list(fb.replies)
    # White's first reply captures: the simple player takes a capture when it can
    assert len(board.game.move_stack) > 8 and board.game.move_stack[8].is_removal


def test_the_engine_opens_when_the_learner_plays_white_and_undo_keeps_its_move() -> None:
    board = RiveController(RiveGame(3), mode="engine", human="white", seed=5)
    assert board.game.ply == 1 and board.game.turn is Colour.WHITE
    assert list(board.last.replies) == board.game.move_stack
    assert board.undo().kind == "info"  # the engine's opening is not the learner's to undo
    board.click(board.game.legal_moves()[0].cell)
    assert board.game.turn is Colour.WHITE
    assert board.undo().kind == "undone"
    assert board.game.ply == 1  # the learner's stone and the engine's answer both went
    board.reset()
    assert board.game.ply == 1


def test_games_against_the_seeded_engine_replay_exactly() -> None:
    def play(seed: int) -> str:
        board = RiveController(RiveGame(4), mode="engine", seed=seed)
        rng = random.Random(11)
        while not board.game.is_over():
            board.play(rng.choice(board.game.legal_moves()))
            assert board.last.kind in ("placed", "removed")
        assert "The game is over" in board.last.message
        return board.game.to_text()

    assert play(1) == play(1)
    assert play(1) != play(2)


def test_the_engine_waits_for_its_turn_even_if_the_game_was_played_on() -> None:
    board = controller("rive3;0,0", mode="engine", human="white")
    board.game.play("0,-2")  # someone played White's move behind the controller's back
    fb = board.click("1,-2")
    assert fb.kind == "info" and "engine's turn" in fb.message


def test_the_simple_player_prefers_captures_and_the_opponents_stones() -> None:
    game = RiveGame.from_text(THREE)  # Black to move; four cells join three groups
    for seed in range(5):
        action = SimplePlayer(seed)(game)
        assert action.text in {"1,-1", "-1,0", "0,0", "0,1"}  # the biggest captures
    game.play("0,0")
    for seed in range(5):  # the one white stone of the group goes first
        assert SimplePlayer(seed)(game) == Action.remove(c("0,-1"))
    game.play("x0,-1")
    assert SimplePlayer(0)(game).text in {"x1,0", "x-1,1"}  # then its own, as it must
    with pytest.raises(ValueError, match="over"):
        over = RiveGame(3)
        while not over.is_over():
            over.play(over.legal_moves()[0])
        SimplePlayer(0)(over)


def test_an_unknown_mode_or_colour_is_refused() -> None:
    assert MODES == ("free", "engine", "reach", "mark", "find")
    with pytest.raises(ValueError, match="mode"):
        RiveController(mode="solo")
    with pytest.raises(ValueError, match="colour"):
        RiveController(mode="engine", human="green")
    with pytest.raises(ValueError, match="accept"):
        RiveController(mode="find")
    assert RiveController(mode="engine", human="Weiß").human is Colour.WHITE


# ------------------------------------------------------------------------------ exercises
def test_mark_exercise_toggles_marks_and_checks_them_against_the_engine() -> None:
    board = controller(OPENING + ";1,0;x2,0", mode="mark")  # legal: 1,-2 -1,-1 -2,1 -1,2
    assert board.prompt().startswith("Mark every cell where White may place")
    assert board.click("1,-2").kind == "marked"
    assert board.click("0,-1").message == "Marked 0,-1."
    assert board.click("0,-1").message == "Removed the mark on 0,-1."
    board.click("0,-1")
    marks = board.marks()  # the learner's marks in their own look, and no answer
    assert marks.legal is False and marks.checked.picked == {c("1,-2"), c("0,-1")}
    fb = board.check()
    assert fb.kind == "checked" and fb.correct is False
    # One short sentence; the board shows which cells are which, the details say why.
    # The counts and why each wrong mark is wrong, never which cells are missed.
    assert fb.message == "You marked 1 right cell; 3 are still missing and 1 is wrong."
    assert len(fb.details) == 1
    assert fb.details[0].startswith("Not legal: 0,-1: The biggest group next to 0,-1 has 2 "
                                    "stones")
    checked = board.marks().checked
    assert checked.correct == {c("1,-2")} and checked.missed == set()
    assert dict(checked.wrong) == {c("0,-1"): "V4"} and fb.details[0].endswith("(V4)")
    board.check()
    fb = board.show_answer()  # on request, after the second try
    assert fb.details == ("Missed: -1,-1, -2,1, -1,2.",)
    assert board.marks().checked.missed == {c("-1,-1"), c("-2,1"), c("-1,2")}
    assert board.game.to_text() == OPENING + ";1,0;x2,0"  # marking never plays
    board.undo()
    assert board.marked == set()
    for name in ("1,-2", "-1,-1", "-2,1", "-1,2"):
        board.click(name)
    fb = board.check()  # right, but the answer was shown: no ✓ for copying it
    assert fb.correct is True and fb.message == (
        "All 4 marked, with the answer's help. Press Reset and try it again on your own to get "
        "the ✓.")
    assert board.helped is True
    assert board.marks().checked.correct == {c(n) for n in ("1,-2", "-1,-1", "-2,1", "-1,2")}
    board.click("1,-2")  # a change of the marks takes the result of Check away
    assert board.marks().checked.picked == {c(n) for n in ("-1,-1", "-2,1", "-1,2")}


def test_mark_exercise_during_a_capture_marks_stones() -> None:
    board = controller(OPENING + ";1,0", mode="mark", lang="de")
    assert board.prompt().startswith("Markiere jeden Stein, den Weiß jetzt wegnehmen darf")
    assert [label for label, _ in board.choices()] == ["0,0", "1,0", "2,0"]
    board.click("1,0")
    fb = board.check()
    assert fb.correct is False and "zerfällt die Gruppe in 2 Teile" in fb.full_text


def test_check_outside_a_mark_exercise_is_an_error() -> None:
    assert controller().check().kind == "error"


def test_find_exercise_explains_illegal_actions_and_accepts_only_the_goal() -> None:
    board = controller(THREE, mode="find", goal="Join three groups.", accept=["0,0", "0,1"])
    assert board.prompt() == "Join three groups."
    assert board.marks().legal is False  # the board does not show the answer
    fb = board.click("3,0")
    assert fb.kind == "error"
    fb = board.click("1,0")
    assert (fb.kind, fb.rule) == ("illegal", "V1")
    fb = board.click("2,-1")  # legal, joins nothing useful
    assert fb.kind == "checked" and fb.correct is False
    assert fb.message.startswith("2,-1 is allowed") and "Join three groups." in fb.message
    assert board.game.to_text() == THREE
    fb = board.click("0,0")
    assert fb.kind == "solved" and fb.correct is True and fb.message == "Correct! 0,0 does it."
    assert board.game.pending_capture is not None
    custom = controller(THREE, mode="find", accept=lambda game, a: a.cell == c("2,-1"))
    assert custom.click("2,-1").kind == "solved"


# ------------------------------------------------------------------------------ explanations
def test_every_illegal_action_is_explained_in_german_and_chinese_from_its_facts() -> None:
    rng = random.Random(5)
    seen: set[str] = set()
    for _ in range(4):
        game = RiveGame(3)
        while not game.is_over():
            for x in game.cells[::2]:
                for action in (Action.place(x), Action.remove(x)):
                    why = explain(game, action)
                    if why is None:
                        continue
                    rule, facts = KINDS[why.kind]
                    assert (why.rule, set(why.facts)) == (rule, facts), (game.to_text(), why)
                    seen.add(why.kind)
                    for lang in ("de", "zh"):
                        text = why.text(lang)
                        assert text.endswith(f"({why.rule})") and why.reason not in text
            game.play(rng.choice(game.legal_moves()))
        assert reason(game, "0,0", "de").endswith("(V7)")
    assert reason(RiveGame(3), "0,5", "zh") == \
        "0,5 在棋盘之外：这个棋盘上每个格子离中心 0,0 最多 2 步。(V1)"
    assert seen >= {Kind.OCCUPIED, Kind.ISOLATION, Kind.SMALLEST, Kind.IN_CAPTURE,
                    Kind.NOT_IN_GROUP, Kind.SPLIT, Kind.NO_STONE, Kind.NO_CAPTURE}


# ------------------------------------------------------------------------------ the widget
def click_at(board: RiveBoard, name: str) -> None:
    x, y = to_pixel(parse_cell(name))
    board._on_canvas_click(SimpleNamespace(xdata=x + 0.2, ydata=y - 0.1))


def test_canvas_clicks_place_remove_explain_and_redraw() -> None:
    board = RiveBoard(controller(OPENING), canvas=True)
    assert board.canvas is not None and "hive-teach-readout" in board.readout._dom_classes
    click_at(board, "0,-1")  # V4 is no issue yet: every cell has a largest group of 1
    assert board.controller.game.stone_at(c("0,-1")) is Colour.WHITE
    assert board.controller.game.pending_capture is not None  # it joined 0,0 and 0,-2
    click_at(board, "0,-1")  # the stone just placed holds the group together
    assert '(<abbr title="V5: Capture (docs/rules.md)">V5</abbr>)' in board.readout.value
    assert board._drawn is not None and board._drawn.marked("forbidden") == {"0,-1": "V5"}
    click_at(board, "0,0")
    assert board.controller.last.kind == "removed"
    assert 'data-targets="' in board.targets_readout.value
    board._on_canvas_click(SimpleNamespace(xdata=None, ydata=None))
    assert "outside" in board.readout.value
    fx, fy = board.figure_fraction(c("0,0"))
    assert 0 < fx < 1 and 0 < fy < 1


def test_dropdown_path_plays_without_a_canvas_and_buttons_undo_and_reset() -> None:
    board = RiveBoard(controller(OPENING + ";1,0"), canvas=False)
    assert [label for label, _ in board.choice_menu.options] == \
        ["—", "x0,0 (remove)", "x2,0 (remove)"]
    board.choice_menu.value = board.choice_menu.options[1][1]
    board.play_button.click()
    assert board.controller.game.move_stack[-1] == Action.remove(c("0,0"))
    assert board.targets_text() == "1,-2 -1,-1 0,-1 -1,0 -2,1 -1,1 -1,2"
    board.play_button.click()  # nothing chosen: reported, nothing played
    assert "Choose a move in the list first." in board.readout.value  # says what to choose
    board.undo_button.click()
    assert board.controller.game.pending_capture is not None
    board.reset_button.click()
    assert bytes(board.image.value).startswith(b"\x89PNG")
    with pytest.raises(ValueError, match="no canvas"):
        board.figure_fraction(c("0,0"))


def test_mark_exercise_widget_has_check_and_lists_the_learners_marks() -> None:
    board = RiveBoard(controller(OPENING + ";1,0;x2,0", mode="mark"), canvas=False)
    assert board.play_button.description == "Mark"
    click = board.click_cell(c("-1,2"))
    assert click.kind == "marked" and board.targets_text() == "-1,2"
    board.check_button.click()
    assert "You marked 1 right cell; 3 are still missing" in board.readout.value
    assert board._drawn is not None and board._drawn.marked("correct") == {"-1,2": ""}
    assert board._drawn.marked("missed") == {}  # not before the answer is asked for
    assert board.answer_button.disabled
    board.check_button.click()
    assert not board.answer_button.disabled
    board.answer_button.click()
    assert set(board._drawn.marked("missed")) == {"1,-2", "-1,-1", "-2,1"}


def test_language_switch_relabels_the_widget() -> None:
    board = RiveBoard(controller(OPENING), canvas=False)
    board.language.value = "de"
    assert board.play_button.description == "Ausführen" and "Weiß setzt" in board.readout.value
    board.language.value = "zh"
    assert board.undo_button.description == "悔棋" and board.choice_menu.description == "着法"


def test_errors_in_callbacks_are_shown_in_the_board_and_it_carries_on() -> None:
    board = RiveBoard(controller(OPENING), canvas=False)

    def broken(_feedback):
        raise RuntimeError("boom")

    board._after = broken
    board.play_button.click()
    assert any("boom" in o.get("text", "") for o in board.output.outputs)
    assert "hive-teach-errors" in board.output._dom_classes
    board._after = lambda feedback: feedback
    board.play_button.click()


def test_static_pages_get_a_picture_and_the_shortcut_builds_a_board() -> None:
    board = rive_board(RiveGame(3), mode="engine", human="white", seed=2, canvas=False,
                       title="Play")
    bundle = board._repr_mimebundle_()
    assert "image/png" in bundle and "application/vnd.jupyter.widget-view+json" in bundle
    assert board.controller.game.ply == 1 and board.title == "Play"
    assert board._drawn is not None and board._drawn.title == "Play"
    assert "Play" in board._drawn.title and cell_name(board.controller.game.move_stack[0].cell)
