"""The puzzle library against the solver, a brute-force search and the engine player; the
puzzle format's error messages; the puzzle board (engine defence, refutations, undo)."""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from hive_teach.hive.ai.evaluate import WIN_STATE
from hive_teach.hive.player import Player
from hive_teach.hive.position import GameState, Move, Position
from hive_teach.teach.puzzle import (
    Puzzle,
    PuzzleController,
    PuzzleError,
    best_defence,
    load,
    load_all,
    loads,
    main,
    prove,
    puzzle_exercise,
    rate_replies,
)

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = ROOT / "puzzles"
LIBRARY = load_all([PUZZLES])
IDS = [p.id for p in LIBRARY]
WIN_IN_2 = [p for p in LIBRARY if p.win_in == 2]

GOOD = '''id = "ant-wins"
rules = ["R13", "R19"]

[title]
en = "Ant"
de = "Ameise"
zh = "兵蚁"

[position]
to_move = "white"
turn = 6
[position.stacks]
"0,0" = "bQ"
"1,0" = "wQ"
"0,-1" = "wS1"
"-1,0" = "wB1"
"-1,1" = "wG1"
"1,-1" = "bA1"
"2,-1" = "wA1"

[puzzle]
win_in = 1
solutions = ["wA1 wG1-"]
unique = true
'''


# ------------------------------------------------------------------ the library
def test_the_library_is_large_and_varied():
    assert len(LIBRARY) >= 12
    assert len(set(IDS)) == len(IDS)
    for p in LIBRARY:
        assert Path(p.path).stem == p.id, p.path
        for what in ("title", "caption", "question", "answer"):
            assert set(getattr(p.scenario, what)) == {"en", "de", "zh"}, (p.id, what)
    assert {p.win_in for p in LIBRARY} == {1, 2}
    assert sum(p.win_in == 2 for p in LIBRARY) >= 4
    types = {p.game_type for p in LIBRARY}
    assert {"Base", "Base+M", "Base+L", "Base+P"} <= types and "Base+MLP" in types
    assert any(not p.unique for p in LIBRARY)


@pytest.mark.parametrize("p", LIBRARY, ids=IDS)
def test_every_puzzle_is_proved(p: Puzzle):
    assert prove(p) == []


def _wins_now(pos: Position) -> bool:
    won = WIN_STATE[pos.turn]
    for m in pos.legal_moves():
        pos.push(m)
        hit = pos.state is won
        pos.undo()
        if hit:
            return True
    return False


def brute_force(pos: Position, n: int) -> set[Move]:
    """First moves that win within ``n`` (1 or 2) own moves, by plain enumeration: no bound,
    no table, nothing shared with the solver but the move generator."""
    won = WIN_STATE[pos.turn]
    out = set()
    for m in pos.legal_moves():
        pos.push(m)
        if pos.state.is_over or n == 1:
            ok = pos.state is won
        else:
            ok = True
            for r in pos.legal_moves():
                pos.push(r)
                ok = pos.state is won if pos.state.is_over else _wins_now(pos)
                pos.undo()
                if not ok:
                    break
        pos.undo()
        if ok:
            out.add(m)
    return out


@pytest.mark.parametrize("p", LIBRARY, ids=IDS)
def test_solutions_agree_with_brute_force(p: Puzzle):
    pos = p.position()
    assert brute_force(pos, p.win_in) == p.moves(pos)
    if p.win_in == 2:
        assert brute_force(pos, 1) == set()


@pytest.mark.parametrize("p", LIBRARY, ids=IDS)
def test_strongest_player_finds_a_winning_move(p: Puzzle):
    pos = p.position()
    move = Player("strong", time_limit=None, depth=3, seed=0).choose(pos)
    assert move in p.moves(pos), pos.move_text(move)


# ------------------------------------------------------------------ prove catches mistakes
def test_prove_catches_a_missing_solution_and_a_wrong_one():
    p = loads(GOOD, "good.toml")
    assert prove(p) == []
    problems = prove(replace(p, solutions=("wA1 bA1/",)))
    assert len(problems) == 1
    assert "lists wA1 bA1/, which does not force the win" in problems[0]
    assert "does not list wA1 wG1-" in problems[0]


def test_prove_catches_solutions_missing_from_a_multi_solution_puzzle():
    p = next(p for p in LIBRARY if not p.unique)
    problems = prove(replace(p, solutions=p.solutions[:-1]))
    assert any("does not list" in x for x in problems)


def test_prove_catches_a_wrong_unique_flag():
    p = next(p for p in LIBRARY if not p.unique)
    problems = prove(replace(p, solutions=p.solutions[:1], unique=True))
    assert any(x.startswith("unique = true") for x in problems)


def test_prove_catches_a_trivial_win_in_two_and_the_wrong_length():
    one = loads(GOOD, "good.toml")
    # Declared as a win in two, it has a quicker win (and more first moves win in two).
    problems = prove(replace(one, win_in=2))
    assert any("a quicker win exists (in 1: wA1 wG1-)" in x for x in problems)
    two = WIN_IN_2[0]
    problems = prove(replace(two, win_in=1))
    assert any("the solver finds the winning first moves none" in x for x in problems)


def test_a_puzzle_with_more_pieces_than_turns_is_refused_when_read():
    with pytest.raises(PuzzleError, match=r"^early.toml:\d+: layout: White has 5 pieces on the "
                       r"board after 4 turns, but a turn places at most one piece \(R0\)"):
        loads(GOOD.replace("turn = 6", "turn = 5"), "early.toml")


def test_command_line_proves_the_library_and_fails_on_a_bad_puzzle(tmp_path):
    lines: list[str] = []
    assert main([str(PUZZLES)], out=lines.append) == 0
    assert lines[-1].startswith(f"{len(LIBRARY)} passed, 0 failed")
    bad = tmp_path / "ant-wins.toml"
    bad.write_text(GOOD.replace('"wA1 wG1-"', '"wA1 bA1/"'), encoding="utf-8")
    lines.clear()
    assert main([str(bad)], out=lines.append) == 1
    assert lines[0] == f"FAIL ant-wins ({bad})" and "0 passed, 1 failed" in lines[-1]


# ------------------------------------------------------------------ reading errors
def _line(text: str, needle: str) -> int:
    return next(i + 1 for i, line in enumerate(text.splitlines()) if needle in line)


BAD = [
    ("win_in = 1", "win_in = 0", "win_in = 0", "win_in must be a whole number"),
    ("win_in = 1", 'win_in = "one"', "win_in =", "win_in must be a whole number"),
    ("unique = true", "unique = false", "unique = false",
     "unique = false but the puzzle lists 1 solution"),
    ("unique = true", 'unique = "yes"', "unique =", "unique must be true or false"),
    ('solutions = ["wA1 wG1-"]', 'solutions = [\n  "wA1 wG1-",\n  "wQ bQ",\n]', '"wQ bQ"',
     "solution 'wQ bQ' is not a legal move here"),
    ('solutions = ["wA1 wG1-"]', 'solutions = ["wA1 wG1-", "wA1 bQ\\\\"]', "solutions =",
     "is the same move as 'wA1 wG1-'"),
    ('solutions = ["wA1 wG1-"]', 'solutions = []', "solutions =", "solutions must list"),
    ("unique = true", "unique = true\nhint = \"Ant\"", "hint =", "unknown key puzzle.'hint'"),
    ("[puzzle]\nwin_in = 1\n", "[puzzle]\n", "[puzzle]", "[puzzle] needs win_in"),
    ('"2,-1" = "wA1"', '"2,-1" = "wA1"\n"3,-1" = "wA1"', "[position]", "wA1 appears twice"),
    ('zh = "兵蚁"\n', 'zh = ""\n', 'zh = ""', "title.zh must be non-empty text"),
    ('rules = ["R13", "R19"]', 'rules = ["R13", "R19"]\nplay = ["wA1 wG1-"]', "play =",
     "a puzzle starts from its position"),
    ("win_in = 1", "win_in = = 1", "win_in = = 1", "not valid TOML"),
    ('id = "ant-wins"', 'game = "rive"\nid = "ant-wins"', "game =",
     "puzzles are Hive positions"),
    ('rules = ["R13", "R19"]', 'rules = ["R13", "V5"]', "rules =", "'V5' is not a Hive rule"),
    ('"0,0" = "bQ"', '"0,0" = 7', '"0,0" = 7', "the pieces on 0,0 must be text"),
]


@pytest.mark.parametrize(("old", "new", "where", "message"), BAD,
                         ids=[b[3][:30] for b in BAD])
def test_bad_puzzle_files_give_line_numbered_errors(old: str, new: str, where: str,
                                                    message: str):
    assert old in GOOD
    text = GOOD.replace(old, new)
    with pytest.raises(PuzzleError) as e:
        loads(text, "bad.toml")
    assert (e.value.file, e.value.line) == ("bad.toml", _line(text, where))
    assert str(e.value).startswith(f"bad.toml:{_line(text, where)}: "), str(e.value)
    assert message in str(e.value)


def test_a_file_without_a_puzzle_table_is_an_error(tmp_path):
    path = tmp_path / "x.toml"
    path.write_text(GOOD.split("[puzzle]")[0], encoding="utf-8")
    with pytest.raises(PuzzleError, match=r"x\.toml:1: a puzzle file needs a \[puzzle\] table"):
        load(path)


def test_the_scenario_reader_keeps_its_line_numbers_below_the_puzzle_table():
    text = GOOD.replace('[puzzle]', '[marks]\nlabels = {"0,1" = "A"}\n\n[puzzle]')
    text = text.replace("unique = true", 'unique = true\n\n[caption]\nfr = "x"')
    with pytest.raises(PuzzleError) as e:
        loads(text, "c.toml")
    assert str(e.value).startswith(f"c.toml:{_line(text, 'fr = ')}: unknown key caption.'fr'")


# ------------------------------------------------------------------ the board
@pytest.mark.parametrize("p", WIN_IN_2, ids=[p.id for p in WIN_IN_2])
def test_win_in_two_on_the_board_the_engine_defends_and_the_learner_finishes(p: Puzzle):
    board = PuzzleController(p)
    pos = board.position
    first = pos.move_text(sorted(p.moves(pos))[0])
    fb = board.play_text(first)
    assert (fb.kind, fb.correct) == ("moved", True), fb.message
    assert len(pos.move_stack) == 2 and not pos.is_over  # the engine has answered
    assert board.moves_left() == 1 and "finish" in board.prompt()
    wins = [m for m in pos.legal_moves() if _wins_by(pos, m)]
    assert wins  # the defence does not escape: the puzzle is proved
    fb = board.play_text(pos.move_text(wins[0]))
    assert fb.kind == "solved" and pos.state is WIN_STATE[board.attacker]
    assert board.prompt() == "Solved: White wins."
    assert board.undo().kind == "undone" and board.moves_left() == 1
    assert board.undo().kind == "undone" and board.moves_left() == 2
    assert len(board.position.move_stack) == 0
    assert board.undo().kind == "info"  # nothing left to take back


def _wins_by(pos: Position, m: Move) -> bool:
    pos.push(m)
    try:
        return pos.state is WIN_STATE[1 - pos.turn]
    finally:
        pos.undo()


def test_the_engine_picks_the_defence_that_leaves_the_fewest_wins():
    p = next(p for p in WIN_IN_2 if p.id == "beetle-freezes-defender")
    pos = p.position()
    pos.play(p.solutions[0])
    rated = rate_replies(pos, 1)
    assert all(d.outcome == 0 and d.loses_in == 1 for d in rated)  # every reply loses
    assert best_defence(pos, 1) == rated[0].move
    assert rated[0].wins_left == min(d.wins_left for d in rated)


def test_a_wrong_first_move_is_refuted_and_not_played():
    board = PuzzleController(next(p for p in WIN_IN_2 if p.id == "ant-first-then-grasshopper"))
    fb = board.play_text("wG1 -bQ")  # the Grasshopper first: Black seals the Ant's way in
    assert fb.correct is False and fb.kind == "checked"
    assert fb.message.startswith("wG1 -bQ does not force the win: Black answers ")
    assert board.position.move_stack == []
    reply = re.search(r"answers (.+?), and", fb.message).group(1)
    pos = board.position.copy()
    pos.play("wG1 -bQ")
    pos.play(reply)
    assert not any(_wins_by(pos, m) for m in pos.legal_moves())


def test_a_drawing_move_is_explained_in_the_board_language():
    board = PuzzleController(next(p for p in LIBRARY if p.id == "win-not-draw"), lang="de")
    fb = board.play_text("wA2 wG1-")
    assert fb.correct is False and "Unentschieden" in fb.message and "R19" in fb.message
    fb = board.play_text("wA1 wG1-")
    assert "eigene Königin" in fb.message
    fb = board.play_text("wB1 wG1-")
    assert fb.kind == "solved" and board.position.state is GameState.WHITE_WINS


def test_every_listed_solution_is_accepted_on_the_board():
    p = next(p for p in LIBRARY if not p.unique)
    for text in p.solutions:
        board = PuzzleController(p, lang="zh")
        fb = board.play_text(text)
        assert fb.kind == "solved", (text, fb.message)


def test_puzzle_exercise_is_a_board_widget_in_the_chosen_language():
    board = puzzle_exercise("pillbug-queen-into-corner", "de", canvas=False)
    c = board.controller
    assert isinstance(c, PuzzleController) and c.mode == "find"
    assert "Weiß am Zug gewinnt in 2 Zügen" in board.readout.value
    c.set_language("en")
    assert c.prompt().startswith("White to move wins in 2 moves")
    fb = board.click_cell(c.position.where[next(iter(c.solution_moves)).piece])
    assert fb.kind == "selected"


def test_the_notebook_uses_only_puzzles_that_exist():
    sys.path.insert(0, str(ROOT / "tools"))
    import build_notebooks

    source = ROOT / "notebooks" / "source" / "14-puzzles.toml"
    for lang in ("en", "de", "zh"):
        nb = build_notebooks.build(source, lang)
        code = "\n".join(c["source"] for c in nb["cells"] if c["cell_type"] == "code")
        calls = r'(?:show_puzzle|show_solution|puzzle_exercise|play_puzzle)\("([^"]+)"\)'
        used = set(re.findall(calls, code))
        assert used and used <= set(IDS), used - set(IDS)
        # It ends with exercises: at least two boards after the last text cell (before the
        # links to the previous and next lessons).
        cells = nb["cells"]
        assert cells[-1]["source"].startswith("---") and "contents.ipynb" in cells[-1]["source"]
        cells = cells[:-1]
        kinds = [c["cell_type"] for c in cells]
        tail = cells[len(kinds) - kinds[::-1].index("markdown"):]
        assert sum(c["source"].startswith("play_puzzle(") for c in tail) >= 2
        assert tail[-1]["source"].startswith("play_puzzle(")
        # Each puzzle is drawn once, as its board (the solution behind the board's button).
        boards = re.findall(r'play_puzzle\("([^"]+)"\)', code)
        assert len(boards) == len(set(boards)) == len(used)
        assert "show_solution(" not in code and "show_puzzle(" not in code


def test_black_can_be_the_side_that_wins():
    swap = str.maketrans({"w": "b", "b": "w"})
    text = GOOD.split("[position]")[0] + "[position]\n" + "\n".join(
        line.translate(swap) if line.startswith('"') else line
        for line in GOOD.split("[position]")[1].split("[puzzle]")[0].splitlines()
    ).replace('to_move = "white"', 'to_move = "black"') + "\n[puzzle]" + \
        GOOD.split("[puzzle]")[1].replace('"wA1 wG1-"', '"bA1 bG1-"')
    p = loads(text, "black.toml")
    assert p.attacker.name == "BLACK" and prove(p) == []
    board = PuzzleController(p, lang="zh")
    assert board.prompt().startswith("黑方走")
    assert board.play_text("bA1 bG1-").kind == "solved"
    assert board.prompt() == "解出来了：黑方获胜。"


def test_a_caption_with_a_line_like_a_table_header_is_text() -> None:
    """A caption whose multi-line text holds the line ``[puzzle]`` (found by fuzzing: the
    loader looked for the table by text and broke) loads as the same puzzle."""
    from hive_teach.teach.puzzle import loads

    path = Path(__file__).resolve().parents[1] / "puzzles" / "spider-three-steps.toml"
    text = path.read_text(encoding="utf-8")
    first = text.index('en = "The black Queen')
    odd = text[:first] + 'en = """\nSee below.\n[puzzle]\n[note]\n"""\n' + \
        text[text.index("\n", first) + 1:]
    plain, tricky = loads(text, "plain.toml"), loads(odd, "odd.toml")
    assert tricky.scenario.text("caption", "en") == "See below.\n[puzzle]\n[note]"
    assert (tricky.win_in, tricky.solutions) == (plain.win_in, plain.solutions)
