"""The match runner: totals, refereeing, outside engines over UHP pipes, the command line."""

from __future__ import annotations

import shlex
import sys
import textwrap

import pytest

from hive_teach import GameState, Position
from hive_teach.cli import main
from hive_teach.hive.match import MatchReport, run_match

OUR_UHP = f"uhp:{shlex.quote(sys.executable)} -m hive_teach.cli uhp"


def _check_totals(report: MatchReport, games: int) -> None:
    a, b = report.standings
    assert len(report.games) == a.games == b.games == games
    for s in (a, b):
        assert s.wins + s.losses + s.draws == s.games
    assert (a.wins, a.losses, a.draws) == (b.losses, b.wins, b.draws)
    assert a.wins == sum(g.result == ("1-0" if g.white == a.name else "0-1") for g in report.games)
    assert {g.white for g in report.games} == {a.name, b.name}  # colours alternate


def _replay(record, game_type: str) -> Position:
    pos = Position(game_type, tournament=True)
    for text in record.moves:
        pos.play(text)  # raises if the referee let an illegal move through
    return pos


def test_smoke_match_counts_add_up_and_has_no_illegal_moves():
    report = run_match("strong", "beginner", games=2, time_limit=0.02, max_moves=40,
                       opening_plies=2, seed=3)
    _check_totals(report, 2)
    assert all(s.illegal == 0 and s.errors == 0 for s in report.standings)
    assert report.games[0].moves[:2] == report.games[1].moves[:2]  # one opening, both colours
    for g in report.games:
        pos = _replay(g, "Base")
        expected = {GameState.WHITE_WINS: "1-0", GameState.BLACK_WINS: "0-1"}.get(pos.state, "draw")
        assert g.result == expected
        assert pos.is_over or len(g.moves) == 40
    table = report.table()
    assert "strong" in table and "illegal" in table and len(table.splitlines()) == 2 + 2 + 1 + 3


def test_an_outside_engine_plays_over_uhp_pipes():
    report = run_match("intermediate", OUR_UHP, games=2, depth=1, max_moves=12, seed=1)
    _check_totals(report, 2)
    assert report.standings[1].name.startswith("hive_teach")
    assert all(s.illegal == 0 and s.errors == 0 for s in report.standings)
    for g in report.games:
        _replay(g, "Base")


def _script(tmp_path, body: str) -> str:
    path = tmp_path / "engine.py"
    path.write_text(textwrap.dedent(body))
    return f"uhp:{shlex.quote(sys.executable)} {shlex.quote(str(path))}"


def test_an_illegal_move_by_an_outside_engine_loses_and_is_counted(tmp_path):
    cheat = _script(tmp_path, """\
        import sys
        print("id cheat 1.0", flush=True)
        print("ok", flush=True)
        for line in sys.stdin:
            if line.startswith("bestmove"):
                print("wQ\\nok", flush=True)
            elif line.strip() == "exit":
                break
            else:
                print("Base;InProgress;White[1]\\nok", flush=True)
        """)
    report = run_match("beginner", cheat, games=2, seed=1)
    _check_totals(report, 2)
    beginner, engine = report.standings
    assert (engine.name, engine.illegal, engine.losses, engine.errors) == ("cheat 1.0", 2, 2, 0)
    assert beginner.illegal == 0 and beginner.wins == 2
    assert all(g.reason.startswith("illegal move by cheat 1.0: wQ") for g in report.games)
    assert report.games[1].reason.endswith("(R4)")  # as White: the Queen on the first turn


def test_an_outside_engine_that_stops_answering_loses_with_an_error(tmp_path):
    quitter = _script(tmp_path, """\
        import sys
        print("id quitter\\nok", flush=True)
        for line in sys.stdin:
            if line.startswith("bestmove"):
                sys.exit(0)
            print("Base;InProgress;White[1]\\nok", flush=True)
        """)
    report = run_match(quitter, "beginner", games=1, seed=1)
    (game,) = report.games
    assert game.result == "0-1" and "engine error" in game.reason
    assert report.standings[0].errors == 1 and report.standings[0].illegal == 0


def test_the_command_line_prints_a_table_and_exits_0(capsys):
    code = main(["match", "beginner", "intermediate", "-k", "2", "-t", "0.01",
                 "--max-moves", "10", "--seed", "2", "-q"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.splitlines()[0].startswith("match: beginner vs intermediate, Base, 2 games")
    assert out.splitlines()[-2].split()[:2] == ["beginner", "2"]


@pytest.mark.parametrize("args", [["nobody"], ["strong", "uhp:"], ["-k", "0"]])
def test_the_command_line_rejects_bad_settings(args, capsys):
    assert main(["match", *args]) == 1
    assert capsys.readouterr().err.startswith("hive-teach match: ")
