"""Every mark of a diagram is checked against the engine: a false gate, path, throw, stun bolt,
last move, target ring (a climb) or cross fails ``verify`` with the engine's reason; every
scenario of the library keeps verifying (tests/test_scenarios.py runs them all)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hive_teach.cli import main
from hive_teach.hive.markcheck import check_marks
from hive_teach.hive.marks import Marks
from hive_teach.hive.position import Position
from hive_teach.teach.scenario import load, loads

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def changed(name: str, old: str, new: str) -> list[str]:
    """The problems of a library scenario with one line changed."""
    text = (SCENARIOS / f"{name}.toml").read_text(encoding="utf-8")
    assert old in text, (name, old)
    return loads(text.replace(old, new), f"{name}.toml").verify()


def test_the_issue_example_two_empty_cells_are_no_gate(tmp_path: Path, capsys):
    text = (SCENARIOS / "freedom-gate-queen.toml").read_text(encoding="utf-8")
    bad = tmp_path / "freedom-gate-queen.toml"
    bad.write_text(text.replace('gates = [["1,0", "0,-1"]]', 'gates = [["0,1", "-1,1"]]'),
                   encoding="utf-8")
    assert main(["verify", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL freedom-gate-queen" in out
    assert "marks.gates: -1,1 / 0,1: -1,1 and 0,1 are empty, and the two cells touch" in out
    assert "(R7)" in out and "0 passed, 1 failed" in out


@pytest.mark.parametrize(("name", "old", "new", "says"), [
    # gates: not occupied; occupied but needed by no move of the piece
    ("freedom-gate-queen", 'gates = [["1,0", "0,-1"]]', 'gates = [["-1,0", "1,-1"]]',
     "-1,0 and 1,-1 are empty"),
    ("freedom-gate-queen", 'gates = [["1,0", "0,-1"]]', 'gates = [["1,-2", "2,-1"]]',
     "no move of wQ needs the slide 1,-1 - 2,-2 (the engine names this gate in none of its "
     "reasons why wQ cannot go somewhere; it names 0,-1 / 1,0)"),
    # paths: the wrong count, a step that is no slide, an end the piece cannot reach
    ("spider-exactly-three", 'path = ["-1,0", "0,-1", "1,-1", "2,-1"]',
     'path = ["-1,0", "-1,1", "0,1", "1,1", "2,0", "2,-1"]',
     "wS1 does go to 2,-1, but not this way: a Spider moves 3 steps (R12), the path has 5"),
    ("spider-exactly-three", 'path = ["-1,0", "0,-1", "1,-1", "2,-1"]',
     'path = ["-1,0", "0,-1", "0,-2", "2,-1"]',
     "step 2, 0,-1 > 0,-2: on the way it would touch no piece: 1,-2 and -1,-1 are empty (R7)"),
    ("spider-exactly-three", 'path = ["-1,0", "0,-1", "1,-1", "2,-1"]',
     'path = ["-1,0", "0,-1", "1,-1"]',
     "wS1 cannot go to 1,-1: wS1 reaches cell 1,-1 in 2 steps but never in exactly 3"),
    ("ladybug-three-steps", 'path = ["0,0", "1,0", "2,0", "2,-1"]',
     'path = ["0,0", "0,-1", "1,-1", "2,-1"]',
     "step 1, 0,0 > 0,-1: 0,-1 is empty: a Ladybug goes up and across on top of the hive (R15)"),
    ("grasshopper-no-gaps", 'path = ["0,0", "0,-2"]', 'path = ["0,0", "0,-1", "0,-3"]',
     "wG1 cannot go to 0,-3"),
    # throws: not a Pillbug; a cell it cannot set the piece down on
    ("pillbug-throw", 'throws = [["1,0", "0,0", "-1,1"]]', 'throws = [["1,0", "-1,0", "-1,1"]]',
     "wQ on -1,0 throws nothing: only a Pillbug throws (R16)"),
    ("pillbug-throw", 'throws = [["1,0", "0,0", "-1,1"]]', 'throws = [["1,0", "0,0", "2,0"]]',
     "wP cannot throw bQ to 2,0: wP sets a thrown piece down only on an empty cell next to "
     "itself"),
    # the stun and the last move
    ("stun-after-throw", 'stunned = "bA1"', 'stunned = "bQ"',
     "bQ did not move last: the piece that moved last is bA1 on -1,1 (R17)"),
    ("stun-after-throw", 'last_move = ["1,-1", "-1,1"]', 'last_move = ["1,1", "-1,1"]',
     "bA1 could not have gone there: It is White's turn, and bA1 belongs to Black"),
    ("stun-no-throw-after-move", 'last_move = ["2,0", "1,-1"]', 'last_move = ["1,1", "1,-1"]',
     "the last move was bA1 from 2,0 to 1,-1"),
    # target rings (on an occupied cell: a climb) and crosses of the marks table
    ("queen-one-step", "[marks]", '[marks]\ntargets = ["1,0"]',
     "marks.targets: wQ cannot climb onto 1,0: A Queen Bee moves just one cell"),
    ("beetle-climbs-onto-hive", "[marks]", '[marks]\ntargets = ["0,0", "2,0"]',
     "marks.targets: wB1 cannot go to 2,0"),
    ("queen-one-step", "[marks]", '[marks]\nforbidden = {"-1,1" = "R7"}',
     "marks.forbidden: wQ to -1,1 is legal, not forbidden by R7"),
    # pins and surrounded Queens the engine would not draw
    ("one-hive-pinned", "pinned = true", "surrounded = true",
     "marks.surrounded = true, but no Queen is surrounded here (R19)"),
    ("placement-second-piece", "[marks]", "[marks]\npinned = true",
     "marks.pinned = true, but One Hive pins no piece here (R6)"),
])
def test_a_false_mark_fails_with_the_engines_reason(name: str, old: str, new: str, says: str):
    problems = changed(name, old, new)
    assert any(says in p for p in problems), problems


def test_true_marks_of_every_kind_pass():
    # A Beetle's rings on the cells it climbs onto, the Mosquito's copied throw, a gate the
    # Ladybug goes over (the pocket an Ant could not enter), the last move of a throw.
    assert changed("beetle-climbs-onto-hive", "[marks]", '[marks]\ntargets = ["0,0", "1,0"]') \
        == []
    for name in ("mosquito-pillbug-power", "ladybug-into-pocket", "stun-after-throw",
                 "height-gate-beetle", "pillbug-height-gate", "beetle-drops-into-hole"):
        assert load(SCENARIOS / f"{name}.toml").verify() == [], name


def test_a_mark_of_a_piece_not_on_the_board_is_a_finding_not_a_traceback():
    problems = changed("queen-one-step", "[marks]", '[marks]\nstunned = "bA3"')
    assert problems == ["marks: bA3 is not on the board, so it cannot be marked"]


def test_check_marks_asks_which_piece_rings_and_crosses_belong_to():
    pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    (problem,) = check_marks(pos, Marks(targets=["0,-1"]))
    assert problem.key == "targets" and "which piece" in problem.text
    assert check_marks(pos, Marks(targets=["0,-1"], selected="wQ")) == []
    assert check_marks(pos, Marks(last_move=(None, "2,0"))) == []
    (problem,) = check_marks(pos, Marks(last_move=("1,1", "2,0")))
    assert problem.text == "1,1 > 2,0: the last move was bQ from the hand to 2,0"
