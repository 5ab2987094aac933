"""The ``rive legal`` command: its output, exit codes and error messages; ``hive-teach render``
and ``hive-teach worksheet`` on Rive games and scenarios (the same commands as for Hive)."""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hive_teach import cli
from hive_teach.board.drawing import diagram_svg
from hive_teach.rive import RiveGame, play_randomly
from hive_teach.rive.cli import main, register
from hive_teach.rive.paint import RiveMarks
from hive_teach.teach.scenario import load

OPENING = "rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0"
RIVE = Path(__file__).resolve().parents[1] / "scenarios" / "rive"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_legal_prints_the_placements_one_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "legal", OPENING + ";1,0;x2,0")
    assert (code, err) == (0, "")
    assert out == "1,-2\n-1,-1\n-2,1\n-1,2\n"


def test_legal_prints_the_removals_during_a_capture(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "legal", "rive3;1,0;0,-1;-1,1;2,-2;-2,0;0,2;0,0")
    assert code == 0
    assert out.split() == ["x0,-1", "x1,0", "x-1,1"]


@pytest.mark.parametrize("side", [3, 5, 8])
def test_legal_on_an_empty_board_lists_every_cell(
    capsys: pytest.CaptureFixture[str], side: int
) -> None:
    code, out, _ = run(capsys, "legal", f"rive{side}")
    assert code == 0
    assert out.split() == [a.text for a in RiveGame(side).legal_moves()]
    assert len(out.split()) == 3 * side * (side - 1) + 1


def test_legal_prints_nothing_for_a_finished_game(capsys: pytest.CaptureFixture[str]) -> None:
    text = play_randomly(RiveGame(3), random.Random(3)).to_text()
    assert run(capsys, "legal", text) == (0, "", "")


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("rive3;0,0;1,0", ["action 2 (1,0)", "(V3)"]),
        (OPENING + ";1,0;x1,0", ["action 9 (x1,0)", "split the group", "(V5)"]),
        (OPENING + ";1,0;x2,0;2,0", ["action 10 (2,0)", "(V4)"]),
        (OPENING + ";0,0", ["action 8 (0,0)", "already a stone", "(V1)"]),
        ("rive3;0,0;0,7", ["action 2 (0,7)", "off the board", "(V1)"]),
        ("rive3;x0,0", ["action 1 (x0,0)", "(V5)"]),
        ("rive3;0,0;zz;1,0", ["action 2 'zz'", "is not a Rive action"]),
        ("rive3;0,0;", ["action 2 ''", "it is empty"]),
        ("rive9;0,0", ["side 3 to 8"]),
        ("chess", ["'chess' does not start a Rive game text"]),
    ],
)
def test_a_bad_game_text_exits_1_naming_the_action_and_rule(
    capsys: pytest.CaptureFixture[str], text: str, named: list[str]
) -> None:
    code, out, err = run(capsys, "legal", text)
    assert (code, out) == (1, "")
    assert err.startswith("hive-teach rive: ") and err.endswith("\n")
    assert len(err.splitlines()) == 1
    for part in named:
        assert part in err


def test_a_finished_game_with_one_action_too_many_names_rule_v7(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = play_randomly(RiveGame(3), random.Random(4))
    text = game.to_text() + ";0,0"
    code, _, err = run(capsys, "legal", text)
    assert code == 1
    assert f"action {game.ply + 1} (0,0)" in err and "(V7)" in err


def test_register_adds_the_rive_command(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="hive-teach")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["rive", "legal", "rive3;0,0"])
    assert args.func(args) == 0
    assert capsys.readouterr().out.split()[:2] == ["0,-2", "1,-2"]
    with pytest.raises(SystemExit) as exit_:
        parser.parse_args(["rive"])  # the subcommand is required
    assert exit_.value.code == 2


def test_usage_errors_exit_2_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in ([], ["legal"], ["nope"], ["legal", "rive3", "extra"]):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 2
        assert "Traceback" not in capsys.readouterr().err


def legal_prefix(side: int, length: int, rng: random.Random) -> str:
    game = RiveGame(side)
    while game.ply < length and not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    return game.to_text()


# A legal game so far followed by actions that look like Rive, so that the text reaches deep
# into the parser and the rules; and any text at all.
actions = st.builds(
    "{}{},{}".format, st.sampled_from(["", "x"]), st.integers(-3, 3), st.integers(-3, 3)
) | st.text(max_size=4)
game_texts = st.builds(
    lambda prefix, tail: ";".join([prefix, *tail]),
    st.builds(legal_prefix, st.sampled_from([3, 4]), st.integers(0, 150), st.randoms()),
    st.lists(actions, max_size=4),
) | st.text(max_size=20)


@settings(max_examples=80, deadline=None)
@given(game_texts)
def test_any_text_gives_exit_0_or_1(text: str) -> None:
    try:
        code = main(["legal", "--", text])
    except SystemExit as exit_:  # e.g. an argparse complaint; never a traceback
        code = exit_.code
    assert code in (0, 1)


def test_runs_as_a_module() -> None:
    ok = subprocess.run(
        [sys.executable, "-m", "hive_teach.rive.cli", "legal", OPENING + ";1,0"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (ok.returncode, ok.stdout, ok.stderr) == (0, "x0,0\nx2,0\n", "")
    bad = subprocess.run(
        [sys.executable, "-m", "hive_teach.rive.cli", "legal", "rive3;0,0;1,0"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 1 and bad.stdout == ""
    assert "action 2 (1,0)" in bad.stderr and "(V3)" in bad.stderr
    assert "Traceback" not in bad.stderr


# ------------------------------------------------------------------ render and worksheet
def test_render_draws_a_rive_game_text_in_each_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for suffix, magic in ((".png", b"\x89PNG"), (".svg", b"<svg"), (".pdf", b"%PDF")):
        out = tmp_path / ("r" + suffix)
        assert cli.main(["render", OPENING + ";1,0", "-o", str(out), "--coords", "--dpi",
                         "40"]) == 0
        assert out.read_bytes().startswith(magic)
    game = RiveGame.from_text(OPENING + ";1,0")
    assert (tmp_path / "r.svg").read_text(encoding="utf-8") == diagram_svg(
        game, RiveMarks(coords=True))
    assert capsys.readouterr().out.splitlines()[-1] == str(tmp_path / "r.pdf")


def test_render_draws_a_rive_scenario_with_its_marks_or_as_a_question(tmp_path: Path) -> None:
    path = RIVE / "rive-isolation-first.toml"
    s = load(path)
    out = tmp_path / "s.svg"
    assert cli.main(["render", str(path), "-o", str(out), "--lang", "de"]) == 0
    assert out.read_text(encoding="utf-8") == diagram_svg(s.game(), s.marks("de"))
    assert cli.main(["render", str(path), "-o", str(out), "--question", "--title", ""]) == 0
    question = out.read_text(encoding="utf-8")
    assert question == diagram_svg(s.game(), s.marks("en", answer=False), title="")
    assert question != diagram_svg(s.game(), s.marks("en"), title="")
    # A scenario's own coords = true stays on without --coords.
    turns = load(RIVE / "rive-board-and-turns.toml")
    assert turns.marks_table.get("coords") is True
    assert cli.main(["render", str(RIVE / "rive-board-and-turns.toml"), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == diagram_svg(turns.game(), turns.marks())


@pytest.mark.parametrize(("argv", "named"), [
    (["rive3;0,0;1,0"], "action 2 (1,0)"),
    (["rive3;0,0", "--piece", "wQ"], "--piece is for Hive positions"),
    (["rive3;0,0", "--no-hand"], "--no-hand is for Hive positions"),
    (["rive3;0,0", "--question"], "--question is for scenario files"),
    (["no-such.toml"], "no-such.toml:1: cannot read the file"),
])
def test_render_rejects_bad_rive_input_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    out = tmp_path / "x.png"
    assert cli.main(["render", *argv, "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("hive-teach render: ") and len(err.splitlines()) == 1
    assert named in err and not out.exists()


def test_render_names_the_line_of_a_broken_rive_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.toml"
    text = (RIVE / "rive-groups.toml").read_text(encoding="utf-8")
    bad.write_text(text.replace('rules = ["V2"]', 'rules = ["V9"]'), encoding="utf-8")
    assert cli.main(["render", str(bad), "-o", str(tmp_path / "x.png")]) == 1
    line = 1 + text.splitlines().index('rules = ["V2"]')
    assert f"{bad}:{line}: 'V9' is not a Rive rule id" in capsys.readouterr().err
