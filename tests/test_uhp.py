"""The UHP engine and the command line, driven as a client would."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
from oracle import full_moves

from hive_teach import Position
from hive_teach.cli import main
from hive_teach.hive.uhp import UHPEngine


def answer(engine: UHPEngine, line: str) -> list[str]:
    out = engine.handle(line).split("\n")
    assert out[-1] == "ok", f"{line!r} answered without a final ok: {out}"
    return out[:-1]


def test_info_names_the_expansions():
    assert answer(UHPEngine(), "info")[1] == "Mosquito;Ladybug;Pillbug"


def test_validmoves_matches_the_peers_on_a_real_game():
    case = next(c for c in full_moves() if c.game_string.startswith("Base+MLP") and
                len(c.moves) > 30)
    engine = UHPEngine()
    answer(engine, "newgame " + case.game_string)
    (line,) = answer(engine, "validmoves")
    pos = Position.from_text(case.game_string, tournament=True)
    assert {pos.parse_move(m) for m in line.split(";")} == {pos.parse_move(m) for m in case.moves}


def test_play_undo_and_invalid_moves_leave_the_game_unchanged():
    engine = UHPEngine()
    assert answer(engine, "newgame Base") == ["Base;NotStarted;White[1]"]
    assert answer(engine, "play wS1") == ["Base;InProgress;Black[1];wS1"]
    before = engine.game.to_text()
    (bad,) = answer(engine, "play bQ wS1-")  # tournament opening: no Queen on turn 1
    assert bad.startswith("invalidmove bQ wS1-:") and bad.endswith("(R4)")
    (bad,) = answer(engine, "play bS1 wS1")  # a Spider cannot be placed on top
    assert bad.startswith("invalidmove") and bad.endswith("(R3)")
    (bad,) = answer(engine, "play bZ9 wS1-")
    assert bad.startswith("err")
    assert engine.game.to_text() == before
    assert answer(engine, "play bS1 -wS1") == ["Base;InProgress;White[2];wS1;bS1 -wS1"]
    assert answer(engine, "undo") == ["Base;InProgress;Black[1];wS1"]
    assert answer(engine, "undo 3")[0].startswith("err")


def test_pass_only_when_nothing_else_is_legal():
    gs = next(gs for name, gs, _ in __import__("oracle").nokamute_tests() if name == "Pass")
    engine = UHPEngine()
    answer(engine, "newgame " + gs)
    assert answer(engine, "validmoves") == ["pass"]
    assert answer(engine, "pass")[0].endswith(";pass")
    (bad,) = answer(engine, "pass")
    assert bad.startswith("invalidmove") and "(R18)" in bad


def test_options_switch_the_tournament_opening():
    engine = UHPEngine()
    answer(engine, "newgame Base")
    assert answer(engine, "options") == ["TournamentOpening;bool;True;True",
                                         "Language;enum;en;en;en;de;zh"]
    assert answer(engine, "options set TournamentOpening maybe")[0].startswith("err")
    assert answer(engine, "options get TournamentOpening") == ["TournamentOpening;bool;True;True"]
    assert answer(engine, "options set TournamentOpening False") == [
        "TournamentOpening;bool;False;True"]
    assert "wQ" in answer(engine, "validmoves")[0].split(";")
    assert answer(engine, "options set Nonsense 1")[0].startswith("err unknown option 'Nonsense'")


def test_the_language_option_is_an_enum_of_three():
    engine = UHPEngine()
    assert answer(engine, "options get Language") == ["Language;enum;en;en;en;de;zh"]
    assert answer(engine, "options set Language zh") == ["Language;enum;zh;en;en;de;zh"]
    assert answer(engine, "options get Language") == ["Language;enum;zh;en;en;de;zh"]


@pytest.mark.parametrize("value", ["fr", "DE", "de zh", ""])
def test_a_refused_language_leaves_the_option_unchanged(value):
    engine = UHPEngine()
    answer(engine, "options set Language de")
    (bad,) = answer(engine, f"options set Language {value}".strip())
    assert bad.startswith("err")
    assert answer(engine, "options get Language") == ["Language;enum;de;en;en;de;zh"]


EXPLAINED = {
    "en": "invalidmove bQ wS1-: With the tournament rule the Queen Bee may not be placed on "
          "your first turn. (R4)",
    "de": "invalidmove bQ wS1-: Mit der Turnierregel darf die Bienenkönigin (bQ) nicht in "
          "deinem ersten Zug eingesetzt werden. (R4)",
    "zh": "invalidmove bQ wS1-: 按照比赛规则，蜂后（bQ）不能在你的第一回合放上棋盘。(R4)",
}


@pytest.mark.parametrize("lang", sorted(EXPLAINED))
def test_invalidmove_explains_in_the_language_set(lang):
    engine = UHPEngine()
    answer(engine, f"options set Language {lang}")
    answer(engine, "newgame Base;InProgress;Black[1];wS1")
    assert answer(engine, "play bQ wS1-") == [EXPLAINED[lang]]
    # a MoveString the notation refuses is explained in the language too
    (bad,) = answer(engine, "play bQ -bA1")
    assert bad.startswith("invalidmove bQ -bA1: ") and bad.endswith("(R0)")
    assert ("reference piece" in bad) == (lang == "en")
    assert engine.game.to_text() == "Base;InProgress;Black[1];wS1"


def test_err_answers_explain_in_the_language_set():
    engine = UHPEngine()
    answer(engine, "options set Language de")
    (bad,) = answer(engine, "newgame Base;InProgress;White[2];wS1;bQ wS1-")
    assert bad == ("err GameString move 2 'bQ wS1-': Mit der Turnierregel darf die "
                   "Bienenkönigin (bQ) nicht in deinem ersten Zug eingesetzt werden. (R4)")
    assert engine.game is None
    gs = next(gs for _, gs, _ in __import__("oracle").invalid_by_rule()
              if gs.split(";")[1] in ("WhiteWins", "BlackWins"))
    answer(engine, "options set Language zh")
    answer(engine, "newgame " + gs)
    (over,) = answer(engine, "bestmove")
    assert over.startswith("err 对局已经结束（") and over.endswith("(R19)")


@pytest.mark.slow
def test_bestmove_returns_a_legal_move():
    engine = UHPEngine()
    answer(engine, "newgame Base+MLP;InProgress;White[2];wS1;bS1 wS1-")
    (move,) = answer(engine, "bestmove time 00:00:01")
    answer(engine, "play " + move)
    assert answer(engine, "bestmove depth x")[0].startswith("err")


def test_perft_command_counts_like_the_peers():
    engine = UHPEngine()
    answer(engine, "newgame Base")
    lines = answer(engine, "perft 3")
    assert [int(line.split()[1]) for line in lines] == [1, 4, 96, 1440]
    assert answer(engine, "perft 99")[0].startswith("err")


@pytest.mark.parametrize("line", [
    "", "   ", "play", "newgame Chess", "newgame Base;InProgress;White[2];wS1;bS1 -zz",
    "validmoves now", "undo -1", "options set", "bestmove depth -3", "\x00\x01",
    "play " + "w" * 5000,
    "newgame Base;Foo;White[1]", "perft -1", "pass extra", "bestmove depth 40",
    "bestmove time 99:00:00", "bestmove time 00:00:00",
])
def test_no_input_line_crashes_the_engine(line):
    engine = UHPEngine()
    out = engine.handle(line).split("\n")
    assert out[-1] == "ok"
    assert all(not x.startswith("Traceback") for x in out)


def test_uhp_engine_as_a_process():
    script = "newgame Base\nplay wS1\nvalidmoves\nexit\n"
    proc = subprocess.run([sys.executable, "-m", "hive_teach.cli", "uhp"], input=script,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    lines = proc.stdout.splitlines()
    assert lines.count("ok") == 4  # the greeting and three answers
    assert "Base;InProgress;Black[1];wS1" in lines


def test_perft_command_line(capsys):
    assert main(["perft", "Base", "3"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert [(int(d), int(n)) for d, n, _secs in rows] == [(0, 1), (1, 4), (2, 96), (3, 1440)]
    assert main(["perft", "Base;InProgress;White[2];wS1;bQ wS1", "2"]) == 1
    assert "move 2" in capsys.readouterr().err


def test_render_command_writes_each_format(tmp_path, capsys):
    gs = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
    for suffix, magic in ((".png", b"\x89PNG"), (".svg", b"<svg"), (".pdf", b"%PDF")):
        out = tmp_path / ("d" + suffix)
        assert main(["render", gs, "-o", str(out), "--piece", "wQ", "--coords"]) == 0
        assert out.read_bytes().startswith(magic)
    assert main(["render", "Base;InProgress;White[2];wS1;bS1 -zz", "-o",
                 str(tmp_path / "x.png")]) == 1
    assert "move 2" in capsys.readouterr().err


def test_render_command_draws_a_scenario_and_a_layout_file(tmp_path):
    root = __import__("pathlib").Path(__file__).resolve().parents[1]
    assert main(["render", str(root / "scenarios" / "freedom-gate-queen.toml"), "-o",
                 str(tmp_path / "s.svg"), "--lang", "zh"]) == 0
    assert "关口" in (tmp_path / "s.svg").read_text(encoding="utf-8")
    layout = tmp_path / "layout.toml"
    layout.write_text('to_move = "black"\n[stacks]\n"0,0" = "wQ"\n"1,0" = "bQ bB1"\n',
                      encoding="utf-8")
    assert main(["render", str(layout), "-o", str(tmp_path / "l.png")]) == 0


def test_engine_modules_import_no_plotting_or_widgets():
    code = ("import sys, hive_teach, hive_teach.hive.uhp, hive_teach.teach.scenario, "
            "hive_teach.board.controller;"
            "print([m for m in ('matplotlib', 'ipywidgets') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


# ------------------------------------------------------------------ the front end (issue 13)
def uhp_session(data: bytes, **env: str) -> subprocess.CompletedProcess[bytes]:
    """``hive-teach uhp`` as a GUI runs it: bytes in, under the given locale settings."""
    import os

    return subprocess.run([sys.executable, "-m", "hive_teach.cli", "uhp"], input=data,
                          capture_output=True, timeout=120, env={**os.environ, **env})


def test_a_byte_that_is_not_utf8_gets_an_answer_and_the_session_goes_on():
    done = uhp_session(b"newgame Base\nplay wS1\xff\ninfo\n", PYTHONIOENCODING="utf-8")
    out = done.stdout.decode("utf-8")
    assert done.returncode == 0, done.stderr.decode()
    assert out.count("\nok\n") + out.startswith("ok\n") == 4  # info, newgame, play, info
    assert "Traceback" not in done.stderr.decode()
    assert out.rstrip().endswith("Mosquito;Ladybug;Pillbug\nok")


@pytest.mark.parametrize("spelling", ["exit", "EXIT", "Exit", "  exit  "])
def test_exit_in_any_case_ends_the_session(spelling):
    done = uhp_session(f"info\n{spelling}\ninfo\n".encode())
    assert done.returncode == 0 and done.stdout.decode().count("\nok") == 2  # start + one info


def test_exit_with_words_after_it_is_refused_and_the_session_goes_on():
    e = UHPEngine()
    assert answer(e, "exit now")[0].startswith("err exit takes no arguments")
    assert answer(e, "info")[0].startswith("id hive_teach")


def test_a_blank_line_gets_an_answer():
    assert UHPEngine().handle("   ") == "ok"
    done = uhp_session(b"\n\ninfo\n")
    assert done.stdout.decode().count("ok") == 4  # start, two blank lines, info


def test_a_refused_tournament_opening_leaves_the_option_unchanged():
    e = UHPEngine()
    answer(e, "options set TournamentOpening False")
    answer(e, "newgame Base;InProgress;Black[1];wQ")  # a Queen on turn 1: no tournament rule
    assert answer(e, "options set TournamentOpening True")[0].startswith("err")
    assert answer(e, "options get TournamentOpening")[0] == "TournamentOpening;bool;False;True"
    assert answer(e, "play bS1 wQ-") == ["Base;InProgress;White[2];wQ;bS1 wQ-"]  # game kept


@pytest.mark.parametrize("depth", ["\u0663", "\uff13", "²", "3.0", "-1"])
def test_perft_takes_ascii_digits_only(depth):
    e = UHPEngine()
    answer(e, "newgame Base")
    assert answer(e, f"perft {depth}")[0].startswith("err perft takes a depth")


@pytest.mark.parametrize("line", ["play " + "x" * 1_000_000, "x" * 1_000_000])
def test_an_error_does_not_echo_a_huge_line(line):
    e = UHPEngine()
    answer(e, "newgame Base")
    reply = e.handle(line)
    assert reply.startswith("err") and reply.endswith("\nok") and len(reply) < 600


EARLY_MLP = ("Base+MLP;InProgress;White[5];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 wQ/;bA1 bQ\\;"
             "wA2 -wQ;bA2 bQ-")


def test_perft_past_its_time_budget_answers_err_and_leaves_the_game_as_it_was():
    """Found by fuzzing: 'perft 4' here took 107 s and nothing could stop it."""
    e = UHPEngine()
    e.perft_seconds = 0.05
    answer(e, f"newgame {EARLY_MLP}")
    before = answer(e, "validmoves")
    reply = answer(e, "perft 4")
    assert len(reply) == 1 and reply[0].startswith("err perft 4 would take more than 0.05 s")
    assert answer(e, "validmoves") == before
    assert answer(e, "undo")[0].endswith("wA2 -wQ")  # the game's own moves are all still there


def test_bestmove_depth_thinks_within_the_depth_budget(monkeypatch):
    import hive_teach.hive.player as player_module

    made: list[dict[str, object]] = []
    real = player_module.Player

    def recording(*args, **kwargs):
        made.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(player_module, "Player", recording)
    e = UHPEngine()
    e.depth_seconds = 0.2
    answer(e, f"newgame {EARLY_MLP}")
    answer(e, "bestmove depth 6")
    assert made == [{"time_limit": e.depth_seconds, "depth": 6}]
    assert answer(e, "bestmove depth \u0663")[0].startswith("err bestmove takes")


def test_answers_keep_the_game_string_without_replaying_the_game():
    """Every answer is the GameString the game itself writes, also after undo and pass; the
    engine keeps the move texts instead of replaying the game for each answer."""
    import random

    e = UHPEngine()
    answer(e, "newgame Base+MLP")
    rng = random.Random(7)
    for _ in range(120):
        game = e.game
        assert game is not None
        if game.state.is_over or (rng.random() < 0.15 and game.move_stack):
            reply = answer(e, "undo")
        else:
            move = rng.choice(game.legal_moves())
            reply = answer(e, f"play {game.move_text(move)}")
        assert reply == [e.game.to_text()]


# ------------------------------------------------------- found by the random UHP session
@pytest.mark.parametrize(("line", "want"), [
    ("undo \u00b2", "err undo takes a whole number"),  # int('²') raised ValueError
    ("undo \u0663", "err undo takes a whole number"),  # int('٣') is 3: it undid three moves
    ("undo \uff13", "err undo takes a whole number"),
    ("undo " + "9" * 5000, "err cannot undo 99999999999999999999… moves: only 3 were played"),
    ("perft " + "9" * 5000, "err perft takes a depth from 0 to"),
    ("bestmove depth " + "9" * 4301, "err bestmove depth is at most"),
    ("bestmove time 00:00:0\u0663", "err bestmove takes"),  # it thought for 3 s
    ("bestmove time \U0001d7ce\U0001d7ce:00:01", "err bestmove takes"),
])
def test_numbers_are_ascii_digits_of_any_length_and_a_refusal_changes_nothing(line, want):
    e = UHPEngine()
    gs = "Base;InProgress;Black[2];wS1;bS1 wS1-;wQ -wS1"
    answer(e, f"newgame {gs}")
    (reply,) = answer(e, line)
    assert reply.startswith(want), reply
    assert answer(e, "undo 0") == [gs]


def test_a_long_number_with_leading_zeros_is_read_as_its_value():
    e = UHPEngine()
    answer(e, "newgame Base")
    assert [row.split()[1] for row in answer(e, "perft " + "0" * 5000 + "2")] == ["1", "4", "96"]
    assert answer(e, "undo " + "0" * 5000) == ["Base;NotStarted;White[1]"]


def test_a_refused_tournament_opening_says_why_in_the_language_set():
    """It answered 'err GameStringError: ...', in English, naming a Python class."""
    e = UHPEngine()
    answer(e, "options set TournamentOpening False")
    answer(e, "options set Language de")
    answer(e, "newgame Base;InProgress;Black[1];wQ")
    assert answer(e, "options set TournamentOpening True") == [
        "err TournamentOpening stays False: GameString move 1 'wQ': Mit der Turnierregel darf "
        "die Bienenkönigin (wQ) nicht in deinem ersten Zug eingesetzt werden. (R4)"]


@pytest.mark.parametrize("line", ["validmoves", "play wS1", "undo", "bestmove", "perft 1"])
def test_no_game_yet_is_said_without_a_class_name(line):
    """It answered 'err _NoGame: no game in progress; ...'."""
    assert answer(UHPEngine(), line) == [
        "err no game in progress; start one with 'newgame Base' (or Base+MLP, or a GameString)"]


@pytest.mark.parametrize("space", ["\r", "\u2028", "\x0b", "\x85"])
def test_a_refusal_is_one_line_whatever_line_break_the_move_held(space):
    """'play bS1<CR>wS1-' answered 'invalidmove bS1<CR>wS1-: ...': a GUI reading lines saw
    two lines."""
    e = UHPEngine()
    answer(e, "newgame Base;InProgress;Black[1];wS1")
    reply = e.handle(f"play wS1{space}bQ")
    assert reply.splitlines() == [
        "invalidmove wS1 bQ: The reference piece bQ is not on the board, so this cell cannot "
        "be named from it. (R0)", "ok"]


def test_a_legal_move_past_the_edge_of_the_grid_is_a_plain_err_and_changes_nothing():
    from hive_teach.core.hexgrid import LIMIT

    engine = UHPEngine()
    answer(engine, "newgame Base")
    edge = {f"{LIMIT},0": "wQ", f"{LIMIT},-1": "bQ"}  # wQ's step east of bQ leaves the grid
    engine.game = Position.from_layout(edge, turn=2)
    before = engine.game.layout()
    lines = answer(engine, "play wQ bQ-")
    assert lines[0].startswith("err wQ bQ-: the hive has wandered")
    assert "ValueError" not in lines[0] and engine.game.layout() == before


@pytest.mark.parametrize("gs, field, should", [
    ("Base;NotStarted;Black[1];wS1", "state", "'InProgress'"),
    ("Base;InProgress;White[1];wS1", "turn", "'Black[1]'"),
    ("Base;InProgress;Black[2];wS1", "turn", "'Black[1]'"),
    ("Base;WhiteWins;White[1]", "state", "'NotStarted'"),
])
def test_newgame_refuses_a_state_or_turn_field_its_moves_do_not_lead_to(gs, field, should):
    """It replayed the moves and answered the corrected GameString, so a GUI that had lost
    track of the game was never told."""
    e = UHPEngine()
    answer(e, "newgame Base;InProgress;Black[1];wS1")
    (bad,) = answer(e, f"newgame {gs}")
    assert bad.startswith(f"err newgame refused: the {field} field is ") and bad.endswith(should)
    assert answer(e, "play bS1 wS1-") == ["Base;InProgress;White[2];wS1;bS1 wS1-"]  # game kept


def test_newgame_takes_fields_that_agree_or_are_left_out():
    e = UHPEngine()
    assert answer(e, "newgame Base;InProgress;White[02];wS1;bS1 wS1-") == [
        "Base;InProgress;White[2];wS1;bS1 wS1-"]
    assert answer(e, "newgame Base;wS1") == ["Base;InProgress;Black[1];wS1"]


@pytest.mark.slow
def test_the_next_command_stops_a_perft_and_is_answered_at_once():
    """'perft 4' here counts for about a minute (its budget is ten); the 'info' sent behind it
    waited until the count was done, or until the budget ran out."""
    proc = subprocess.Popen([sys.executable, "-m", "hive_teach.cli", "uhp"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        def answer_lines() -> list[str]:
            lines = []
            while (line := proc.stdout.readline()) != "ok\n":
                assert line, f"the engine ended after {lines}"
                lines.append(line.rstrip("\n"))
            return lines

        answer_lines()  # the greeting
        proc.stdin.write(f"newgame {EARLY_MLP}\nperft 4 time 00:10:00\n")
        proc.stdin.flush()
        assert answer_lines() == [EARLY_MLP]
        time.sleep(1.0)  # the count is on its way
        sent = time.perf_counter()
        proc.stdin.write("info\n")
        proc.stdin.flush()
        (stopped,) = answer_lines()
        info = answer_lines()
        waited = time.perf_counter() - sent
        assert stopped.startswith("err perft 4 stopped by the next command (it counted to depth")
        assert info[1] == "Mosquito;Ladybug;Pillbug" and waited < 20, waited
        proc.stdin.write("validmoves\nexit\n")
        proc.stdin.flush()
        assert len(answer_lines()[0].split(";")) == 87  # the game is as it was
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.slow
def test_perft_takes_a_time_budget():
    e = UHPEngine()
    answer(e, "newgame Base")
    assert [row.split()[1] for row in answer(e, "perft 2 time 00:00:05")] == ["1", "4", "96"]
    for bad in ("perft 2 time 00:00:00", "perft 2 time 00:10:01", "perft 2 time",
                "perft 2 when 00:00:05", "perft 2 time 5", "perft 2 time 00:00:05 more"):
        (reply,) = answer(e, bad)
        assert reply.startswith("err perft takes a depth from 0 to 5, then perhaps 'time "
                                "hh:mm:ss' (from 00:00:01 to 00:10:00; default 20 s)"), bad
    e.perft_seconds = 0.05
    answer(e, f"newgame {EARLY_MLP}")
    (reply,) = answer(e, "perft 4 time 00:00:01")
    assert reply.startswith("err perft 4 would take more than 1 s here (it counted to depth ")
    assert "'perft 4 time hh:mm:ss'" in reply


def test_perft_command_line_stops_at_its_time_option(capsys):
    """Depths 0 and 1 are counted without reading the clock; depth 2 finds the time gone."""
    assert main(["perft", EARLY_MLP, "4", "--time", "1e-9"]) == 1
    out = capsys.readouterr()
    assert [row.split()[:2] for row in out.out.splitlines()] == [["0", "1"], ["1", "87"]]
    assert out.err == "hive-teach perft: depth 2 did not finish within --time 1e-09 s\n"
    assert main(["perft", "Base", "2", "--time", "60"]) == 0
    assert [row.split()[1] for row in capsys.readouterr().out.splitlines()] == ["1", "4", "96"]
    for bad in ("nan", "0", "-1", "soon"):
        with pytest.raises(SystemExit):
            main(["perft", "Base", "2", "--time", bad])
        assert "is not a number of seconds above 0" in capsys.readouterr().err
