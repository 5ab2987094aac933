"""A third game, Dots (tests/dotgame.py), registered only for these tests: every layer above
the engines must serve it through the registry. A layer that branched on Hive's or Rive's
types would refuse it (TypeError), or treat it as Hive and fail on its moves."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import dotgame
import pytest

from hive_teach.board.controller import BoardController
from hive_teach.board.drawing import diagram_svg, layout
from hive_teach.board.widget import Board
from hive_teach.cli import main
from hive_teach.core.hexgrid import parse_cell
from hive_teach.core.registry import parts_for, parts_named
from hive_teach.teach.report import report
from hive_teach.teach.scenario import load, loads, verify

DATA = Path(__file__).parent / "data" / "dots-no-neighbour.toml"


@pytest.fixture(autouse=True)
def dots() -> Iterator[None]:
    dotgame.registered()
    yield
    dotgame.forget()


def test_the_registry_finds_dots_by_its_class_and_by_name() -> None:
    assert parts_for(dotgame.DotGame()).name == "dots"
    assert parts_named("dots").part("clicks") is dotgame.DotClicks


def test_once_forgotten_dots_is_refused_by_the_board() -> None:
    dotgame.forget()
    with pytest.raises(TypeError, match="DotGame is not a game the kit knows"):
        BoardController(dotgame.DotGame())


def test_the_controller_plays_dots_and_explains_its_rules() -> None:
    board = BoardController(dotgame.DotGame())
    assert board.prompt() == "White to move."
    assert board.click("0,0").kind == "placed"
    assert board.click("1,0").message == "Played: 1,0."
    fb = board.click("-1,0")  # White's own dot at 0,0 is next to it
    assert (fb.kind, fb.rule) == ("illegal", "D2")
    assert board.view().forbidden == {parse_cell("-1,0"): "D2"}
    fb = board.click("5,5")  # off the board: D1, and no cross to draw
    assert (fb.kind, fb.rule, board.view().forbidden) == ("illegal", "D1", {})
    assert board.undo().kind == "undone" and board.game.to_text() == "dots;0,0"
    # Black has no dot yet: every empty cell of the 19 is open to it.
    assert board.view().targets == dotgame.BOARD - {parse_cell("0,0")}


def test_the_mark_exercise_and_the_engine_work_on_dots() -> None:
    board = BoardController(dotgame.DotGame.from_text("dots;0,0;1,0"), mode="mark")
    board.click("2,0")  # right: two steps from White's dot
    board.click("-1,0")  # wrong: next to it
    fb = board.check()
    assert fb.correct is False
    assert board.checked is not None and board.checked.wrong == {parse_cell("-1,0"): "D2"}
    assert len(board.checked.missed) == 11  # the outer ring of 12, less the one found
    engine = BoardController(dotgame.DotGame(), mode="engine", human="black")
    assert engine.game.ply == 1  # the random player opened for White
    assert engine.game.move_stack[0] in dotgame.BOARD


def test_the_headless_widget_shows_dots() -> None:
    board = Board(BoardController(dotgame.DotGame.from_text("dots;0,0")), canvas=False)
    labels = [label for label, _ in board.controller.choices()]
    assert len(labels) == 18 and "0,0" not in labels and "1,0" in labels
    assert board.controller.rules.canvas_ratio(board.controller) == pytest.approx(7.2 / 8.4)
    fb = board.controller.play_chosen(parse_cell("0,1"))
    assert fb.kind == "placed" and board.controller.game.to_text() == "dots;0,0;0,1"


def test_a_dots_diagram_comes_from_its_own_painter() -> None:
    game = dotgame.DotGame.from_text("dots;0,0;1,0")
    svg = diagram_svg(game, forbidden={parse_cell("-1,0"): "D2"})
    assert svg.startswith("<svg") and svg.count("<path") >= 7 + 2
    assert layout(game).stacks == {parse_cell("0,0"): ("white",), parse_cell("1,0"): ("black",)}
    with pytest.raises(TypeError, match="a dots diagram takes DotMarks"):
        diagram_svg(game, parts_named("hive").part("marks")())


def test_the_scenario_loader_reads_and_verifies_a_dots_file() -> None:
    s = load(DATA)
    assert type(s).__name__ == "DotScenario" and s.game().to_text() == "dots;0,0;1,0"
    assert verify(s) == []
    wrong = loads(DATA.read_text().replace('rule = "D1"', 'rule = "D2"'), "wrong.toml")
    assert verify(wrong) == ["1,0: the engine says D1"]
    text = report(wrong, wrong.findings(), "wrong.toml")
    assert "wrong.toml: dots-no-neighbour: the engine disagrees with 1 claim" in text
    assert ". empty" in text


def test_hive_teach_verify_and_render_take_dots(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(DATA)]) == 0
    bad = tmp_path / "bad.toml"
    bad.write_text(DATA.read_text().replace('"0,2", ', ""))
    assert main(["verify", str(bad)]) == 1
    assert "legal dots" in capsys.readouterr().out + capsys.readouterr().err
    out = tmp_path / "dots.svg"
    assert main(["render", "dots;0,0", "-o", str(out)]) == 0
    assert out.read_text().startswith("<svg")
    assert main(["render", "dots;0,0", "--piece", "wQ", "-o", str(out)]) == 1
    assert "a dots board has none" in capsys.readouterr().err
