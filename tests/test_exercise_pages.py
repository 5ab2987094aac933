"""What an exercise puts on the page: never its answer, always a hint.

The accepted moves of a find exercise and a puzzle's solutions live in the scenario and puzzle
files and are checked in the kernel (the board's controller); a notebook cell names the
scenario only, and the widgets sent to the browser carry nothing that tells the answer.
Every exercise a lesson uses has a ``[hint]`` in en, de and zh behind a Hint button.
"""

from __future__ import annotations

import ast
import json
import re
import sys
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from hive_teach.board.controller import BoardController
from hive_teach.board.widget import Board, HiveBoard
from hive_teach.hive.position import Position
from hive_teach.teach import lessons
from hive_teach.teach.lessons import HINT_BUTTON, find_exercise, reach_exercise, scenario
from hive_teach.teach.library import set_language
from hive_teach.teach.puzzle import (
    SOLUTION_BUTTON,
    PuzzleController,
    load_all,
    puzzle,
    puzzle_dir,
    puzzle_exercise,
    with_solution,
)
from hive_teach.teach.scenario import loads

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import build_notebooks  # noqa: E402

_USE = re.compile(r'\b(exercise|puzzle_exercise|play_puzzle)\("([^"]+)"\)')


def lesson_exercises() -> list[tuple[str, str]]:
    """(kind, id) of every exercise the lesson sources use: ``reach``, ``find``, ``exercise``
    (a scenario's own) and ``puzzle`` (a puzzle board)."""
    out: list[tuple[str, str]] = []
    for path in sorted((ROOT / "notebooks" / "source").glob("*.toml")):
        for cell in tomllib.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell.get("type") in ("reach", "find"):
                out.append((cell["type"], cell["scenario"]))
            elif cell.get("type") == "code":
                for m in _USE.finditer(cell["source"]):
                    out.append(("exercise" if m[1] == "exercise" else "puzzle", m[2]))
    return sorted(set(out))


EXERCISES = lesson_exercises()
FINDS = sorted({sid for kind, sid in EXERCISES if kind in ("find", "exercise")
                and (s := scenario(sid)).exercise is not None and s.exercise.kind == "find"})
PUZZLES = [p.id for p in load_all([puzzle_dir()])]


def answers() -> dict[str, tuple[str, ...]]:
    """Every scenario's accepted moves (find exercises) and every puzzle's solutions."""
    out: dict[str, tuple[str, ...]] = {}
    for path in sorted((ROOT / "scenarios").rglob("*.toml")):
        s = scenario(path.stem)
        if s.exercise is not None and s.exercise.accept:
            out[s.id] = s.exercise.accept
    for pid in PUZZLES:
        out[pid] = puzzle(pid).solutions
    return out


@pytest.fixture(autouse=True)
def _english() -> Any:
    set_language("en")
    yield
    set_language("en")


def test_the_lessons_have_find_exercises_and_puzzles_to_check() -> None:
    # The checks below walk these lists: they must not pass by being empty.
    assert len(FINDS) >= 15 and "rive-ex-find-three" in FINDS
    assert len(PUZZLES) == 15
    assert sum(kind == "puzzle" for kind, _ in EXERCISES) >= 14


# ------------------------------------------------------------------ the notebooks
def code_sources() -> list[tuple[str, str]]:
    """(notebook, source) of every code cell of every notebook the sources build."""
    out = []
    for src, lang, nb_path in build_notebooks.targets():
        for cell in build_notebooks.build(src, lang)["cells"]:
            if cell["cell_type"] == "code":
                out.append((nb_path.name, cell["source"]))
    for nb_path in sorted((ROOT / "notebooks").glob("*/*.ipynb")):  # and as committed
        for cell in json.loads(nb_path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                out.append((f"{nb_path.parent.name}/{nb_path.name}", "".join(cell["source"])))
    return out


def literals(source: str) -> set[str]:
    """The string constants of a code cell."""
    return {n.value for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Constant) and isinstance(n.value, str)}


@pytest.mark.slow  # 5-30 s: kept out of the fast loop (README: under a minute)
def test_no_notebook_code_cell_holds_an_accepted_move_or_a_solution() -> None:
    """No cell gives a find exercise's or a puzzle's answer: not as a string in a cell about
    that scenario or puzzle, nor in a cell that names no scenario. (A ``why`` cell may
    show the same text as a move in another scenario's position, where it is another move:
    ``why("placement-own-colour", "wG1 bS1-")`` is no answer to grasshopper-no-gaps.)"""
    cells = code_sources()
    every = answers()
    leaks = []
    for name, source in cells:
        strings = literals(source)
        named = strings & (set(every) | {p.stem for p in (ROOT / "scenarios").rglob("*.toml")})
        for sid, moves in every.items():
            if sid in named or not named:
                leaks += [(name, sid, m) for m in moves if m in strings]
    assert not leaks, leaks
    assert not [name for name, source in cells if "accept" in source or "goal=" in source]
    # the check looks where the answers were: in the find cells of the sources
    assert any("find_exercise(" in source for _, source in cells)


def test_the_check_for_answers_finds_one() -> None:
    leaky = 'find_exercise("beetle-stack", goal="Pin it.", accept=["wB1 bB1"])'
    assert literals(leaky) >= {"beetle-stack", "wB1 bB1"}
    assert "wB1 bB1" in answers()["beetle-stack"]


def test_a_find_cell_names_its_scenario_only() -> None:
    source = ROOT / "notebooks" / "source" / "06-beetle.toml"
    nb = build_notebooks.build(source, "de")
    assert any(c["source"] == 'find_exercise("beetle-drops-into-hole")' for c in nb["cells"])


def test_a_source_that_still_gives_the_answer_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('id = "bad"\n[title]\nen = "t"\nde = "t"\nzh = "t"\n[[cells]]\n'
                   'type = "find"\nscenario = "beetle-stack"\naccept = ["wB1 bB1"]\n',
                   encoding="utf-8")
    with pytest.raises(build_notebooks.SourceError, match="cell 1: a find cell names its "
                       "scenario only"):
        build_notebooks.build(bad, "en")


# ------------------------------------------------------------------ the widgets
def page_state(widget: Any) -> list[dict[str, Any]]:
    """The state every widget under ``widget`` sends to the page (layouts and styles
    included), in a fixed order, with the widgets' own model ids left out."""

    def clean(value: Any) -> Any:
        if isinstance(value, str) and value.startswith("IPY_MODEL_"):
            return "<widget>"
        if isinstance(value, list | tuple):
            return [clean(v) for v in value]
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items()}
        return value

    out: list[dict[str, Any]] = []
    seen: set[int] = set()

    def walk(x: Any) -> None:
        if not isinstance(x, w.Widget) or id(x) in seen:
            return
        seen.add(id(x))
        state = x.get_state()
        out.append({k: clean(v) for k, v in sorted(state.items())})
        for name in state:
            value = getattr(x, name, None)
            for inner in value if isinstance(value, list | tuple) else [value]:
                walk(inner)

    walk(widget)
    return out


def strings_in(state: Any) -> list[str]:
    if isinstance(state, str):
        return [state]
    if isinstance(state, dict):
        return [s for v in state.values() for s in strings_in(v)]
    if isinstance(state, list):
        return [s for v in state for s in strings_in(v)]
    return []


@pytest.mark.parametrize("sid", FINDS)
@pytest.mark.slow
def test_a_find_board_sends_the_page_nothing_that_tells_the_answer(sid: str) -> None:
    s = scenario(sid)
    assert s.exercise is not None
    board = find_exercise(sid, canvas=False)
    state = page_state(board)
    assert len(state) > 10  # the board's buttons, menus, picture, hint, their layouts
    text = " ".join(strings_in(state))
    if s.GAME == "hive":  # a Rive action is a cell name, which the board shows anyway
        assert not [a for a in s.exercise.accept if a in text]
    # The same board with another answer looks the same on the page, byte for byte: the
    # answer is only in the kernel.
    game = s.game()
    if isinstance(game, Position):
        accepted = {game.parse_move(a) for a in s.exercise.accept}
        other = next(game.move_text(m) for m in game.legal_moves() if m not in accepted)
    else:
        other = next(a.text for a in game.legal_moves() if a.text not in s.exercise.accept)
    twin = lessons.with_hint(
        Board(BoardController(s.game(), lang="en", mode="find", goal=s.goal("en"),
                              accept=(other,)), canvas=False, title=s.text("title", "en")), s)
    assert page_state(twin) == state


@pytest.mark.parametrize("pid", PUZZLES)
@pytest.mark.slow
def test_a_puzzle_board_sends_the_page_nothing_that_tells_the_solution(pid: str) -> None:
    p = puzzle(pid)
    board = puzzle_exercise(pid, canvas=False)
    state = page_state(board)
    text = " ".join(strings_in(state))
    assert not [m for m in p.solutions if m in text]
    pos = p.position()
    wrong = next(pos.move_text(m) for m in pos.legal_moves() if m not in p.moves(pos))
    twin = lessons.with_hint(HiveBoard(PuzzleController(replace(p, solutions=(wrong,))),
                                       canvas=False, title=p.text("title", "en")), p)
    assert page_state(with_solution(twin, p)) == state


def test_the_answer_is_checked_in_the_kernel_from_the_scenario_file() -> None:
    board = find_exercise("beetle-drops-into-hole", canvas=False)
    pos = scenario("beetle-drops-into-hole").game()
    other = next(pos.move_text(m) for m in pos.legal_moves()
                 if pos.move_text(m) != "wB1 bA1-")
    assert board.controller.play_text(other).correct is False  # legal, but not the answer
    board.controller.reset()
    assert board.controller.play_text("wB1 bA1-").correct is True
    with pytest.raises(ValueError, match="'queen-one-step' has no find exercise"):
        find_exercise("queen-one-step")
    # A teacher's own exercise on a scenario without one still works.
    own = find_exercise("queen-one-step", goal="Go up.", accept=["wQ wS1/"], canvas=False)
    assert own.controller.prompt() == "Go up."


# ------------------------------------------------------------------ the hints
@pytest.mark.parametrize(("kind", "sid"), EXERCISES)
def test_every_exercise_of_the_lessons_has_a_hint_in_three_languages(kind: str,
                                                                     sid: str) -> None:
    s: Any = puzzle(sid) if kind == "puzzle" else scenario(sid)
    hints = [s.text("hint", lang) for lang in ("en", "de", "zh")]
    assert all(hints) and len(set(hints)) == 3, hints
    assert re.search(r"[\u4e00-\u9fff]", hints[2]) and not re.search(r"[\u4e00-\u9fff]",
                                                                    hints[0] + hints[1])
    table = s.scenario if kind == "puzzle" else s
    assert set(table.hint) == {"en", "de", "zh"}


@pytest.mark.parametrize("pid", PUZZLES)
def test_every_puzzle_has_a_hint_that_does_not_name_its_solution(pid: str) -> None:
    p = puzzle(pid)
    assert set(p.scenario.hint) == {"en", "de", "zh"}
    assert not [m for m in p.solutions for lang in ("en", "de", "zh")
                if m in p.text("hint", lang)]


def test_no_hint_names_an_accepted_move() -> None:
    for sid, moves in answers().items():
        s: Any = puzzle(sid) if sid in PUZZLES else scenario(sid)
        assert not [m for m in moves for lang in ("en", "de", "zh")
                    if m in s.text("hint", lang)], sid


def test_the_hint_button_shows_the_hint_in_the_boards_language() -> None:
    set_language("de")
    board = find_exercise("beetle-stack", canvas=False)
    s = scenario("beetle-stack")
    assert board.hint_button.description == "Tipp" and board.hint_text.value == ""
    assert board.children[-1].children == (board.hint_button, board.hint_text)
    board.hint_button.click()
    assert s.text("hint", "de") in board.hint_text.value
    board.language.value = "zh"  # the board's own language buttons
    assert board.hint_button.description == HINT_BUTTON["zh"] == "提示"
    assert s.text("hint", "zh") in board.hint_text.value
    board.language.value = "en"
    assert board.hint_button.description == "Hint"
    assert board.hint_text.value.startswith(f"<div>{s.text('hint', 'en')}</div>")


def test_a_find_exercise_shows_targets_only_as_its_last_hint() -> None:
    set_language("en")
    board = find_exercise("beetle-stack", canvas=False)
    c = board.controller
    c.select("wB1")
    assert c.view().targets == frozenset() and "Press Hint once more" not in board.hint_text.value
    board.hint_button.click()  # the scenario's hint first: still no targets
    assert c.asks and c.view().targets == frozenset()
    assert "Press Hint once more" in board.hint_text.value
    board.hint_button.click()  # the last hint: the targets
    assert not c.asks and c.view().targets
    assert "green cells show" in board.hint_text.value


def test_a_hint_is_escaped_for_the_page() -> None:
    s = loads('id = "x"\nrules = ["R12"]\n[hint]\nen = "Try <b>this</b> & that"\n'
              '[position]\ngame_string = "Base;InProgress;White[2];wQ;bQ wQ-"\n'
              '[expect]\nstate = "InProgress"\n', "x.toml")
    board = lessons.with_hint(Board(BoardController(s.game()), canvas=False), s)
    board.hint_button.click()
    assert board.hint_text.value == "<div>Try &lt;b&gt;this&lt;/b&gt; &amp; that</div>"


def test_the_hint_button_on_reach_rive_and_puzzle_boards() -> None:
    reach = reach_exercise("placement-enclosed-cell", canvas=False)
    reach.hint_button.click()
    assert scenario("placement-enclosed-cell").text("hint") in reach.hint_text.value
    rive = lessons.exercise("rive-ex-mark-removals", canvas=False)
    rive.language.value = "de"
    rive.hint_button.click()
    assert scenario("rive-ex-mark-removals").text("hint", "de") in rive.hint_text.value
    p = puzzle_exercise("win-not-draw", "zh", canvas=False)
    assert p.hint_button.description == "提示"
    p.hint_button.click()
    assert puzzle("win-not-draw").text("hint", "zh") in p.hint_text.value


def test_a_board_without_a_hint_gets_no_button() -> None:
    board = lessons.board("beetle-stack", canvas=False)
    assert not hasattr(board, "hint_button")
    s = scenario("spider-exactly-three")  # an exercise outside the lessons, with no [hint]
    assert not s.hint
    assert not hasattr(reach_exercise("spider-exactly-three", canvas=False), "hint_button")


def test_a_solved_exercise_is_remembered_by_the_browser_once():
    """The contents page's ✓ counts what the browser stored: solving the exercise runs the
    storing script under the board, once; a wrong try or a mark runs nothing."""
    board = find_exercise("beetle-stack", canvas=False)
    sid = "beetle-stack"
    key = "beetle-stack:find"
    accept = scenario(sid).exercise.accept
    assert board.solved_sent == []
    board.controller.play_text(accept[0])
    board.refresh()
    assert board.solved_sent == [key]
    board.controller.reset()
    board.controller.play_text(accept[0])
    board.refresh()
    assert board.solved_sent == [key]  # once per board
    assert "localStorage.setItem" in lessons.record_script(key) and json.dumps(key) in \
        lessons.record_script(key)
    marking = reach_exercise("spider-exactly-three", canvas=False)
    marking.controller.click("0,0")
    marking.refresh()
    assert marking.solved_sent == []


def test_two_exercises_on_one_scenario_are_remembered_separately():
    """Lessons 07, 08, 09 and 11 mark the cells of a scenario and find a move on it: two
    exercises, two keys (stored per scenario, the lesson could never be complete)."""
    sid = "grasshopper-no-gaps"
    marking = reach_exercise(sid, canvas=False)
    finding = find_exercise(sid, canvas=False)
    assert lessons.exercise_key(marking, sid) != lessons.exercise_key(finding, sid)
    c = marking.controller
    for cell in c.rules.truth(c):
        c.click(cell)
    c.check()
    marking.refresh()
    finding.controller.play_text(scenario(sid).exercise.accept[0])
    finding.refresh()
    assert marking.solved_sent == [f"{sid}:mark"] and finding.solved_sent == [f"{sid}:find"]


def test_marks_made_right_after_the_answer_was_shown_do_not_count_as_solved():
    """Show answer draws the missed cells: copying them then is not solving the exercise, so
    no ✓ is stored and the message says so; after Reset, solving it alone counts."""
    sid = "grasshopper-no-gaps"
    marking = reach_exercise(sid, canvas=False)
    c = marking.controller
    truth = sorted(c.rules.truth(c))
    c.check()
    c.check()  # two wrong tries (nothing marked): the answer is offered
    c.show_answer()
    for cell in truth:
        c.click(cell)
    fb = c.check()
    marking.refresh()
    assert fb.correct is True and "answer" in fb.message
    assert marking.solved_sent == []
    c.reset()
    for cell in truth:
        c.click(cell)
    fb = c.check()
    marking.refresh()
    assert "answer" not in fb.message
    assert marking.solved_sent == [f"{sid}:mark"]


def test_a_win_in_2_puzzle_is_remembered_when_won_not_after_its_first_move():
    p = next(x for x in load_all([puzzle_dir()]) if x.win_in == 2)
    board = puzzle_exercise(p.id, canvas=False)
    c = board.controller
    fb = c.play_text(p.solutions[0])
    board.refresh()
    assert fb.kind == "moved" and fb.correct is True and not c.position.is_over
    assert board.solved_sent == []  # one good move of two is not a win
    while not c.position.is_over:  # finish it with a winning move
        move = next(m for m in c.position.legal_moves() if c.accepts(c.position, m))
        c.play(move)
        board.refresh()
    assert c.last.kind == "solved" and board.solved_sent == [f"{p.id}:find"]


def test_the_contents_page_has_a_bar_per_lesson_and_for_the_course_with_a_legend():
    script = lessons.progress_script({"07-grasshopper.ipynb": 2})
    assert '"07-grasshopper.ipynb": 2' in script and "progress" in script
    for lang, word in (("en", "exercises"), ("de", "Aufgaben"), ("zh", "练习")):
        page = lessons.progress_html(lang)
        assert 'id="hive-teach-course-progress"' in page and "<progress" in page
        assert "✎" in page and "✓" in page and word in page  # the marks in words


def test_the_solution_button_shows_the_solution_only_when_pressed_in_the_boards_language() -> None:
    p = puzzle("beetle-freezes-defender")
    board = puzzle_exercise(p.id, lang="de", canvas=False)
    assert board.solution_button.description == SOLUTION_BUTTON["de"] == "Lösung"
    assert board.solution_output.outputs == ()
    before = " ".join(strings_in(page_state(board)))
    assert not [m for m in p.solutions if m in before]
    board.solution_button.click()
    shown = board.solution_output.outputs
    assert [sorted(o["data"]) for o in shown] == [["text/markdown", "text/plain"],
                                                 ["image/png", "text/plain"]]
    text = shown[0]["data"]["text/markdown"]
    assert text.startswith("**Lösung:**") and all(f"`{m}`" in text for m in p.solutions)
    board.language.value = "zh"  # the shown solution follows the board's language
    assert board.solution_button.description == "答案"
    assert board.solution_output.outputs[0]["data"]["text/markdown"].startswith("**答案**：")


def test_the_buttons_read_without_icons() -> None:
    # The app has no icon font (nothing from a CDN): a label alone must say what a button does.
    boards = [find_exercise("beetle-stack", canvas=False), puzzle_exercise("win-not-draw",
                                                                           canvas=False),
              lessons.coached_game(None, canvas=False)]
    for board in boards:
        for button in (board.hint_button, getattr(board, "solution_button", board.hint_button)):
            assert button.icon == "" and button.description.strip()


# ------------------------------------------------------------------ pictures above exercises
_CALL = re.compile(r'\b(show|targets|answer|explain|show_solution|show_puzzle|reach_exercise|'
                   r'find_exercise|exercise|puzzle_exercise|play_puzzle)\("([a-z0-9-]+)"'
                   r'(?:, "([^"]*)")?([^)]*)\)')
_EXERCISE_CALLS = {"reach_exercise", "find_exercise", "exercise", "puzzle_exercise",
                   "play_puzzle"}


def _hive(name: str, sid: str) -> Any:
    """The Hive scenario a call names (a puzzle's own scenario for the puzzle calls)."""
    if "puzzle" in name or name == "show_solution":
        return puzzle(sid).scenario
    return scenario(sid)


def _same_position(a: Any, b: Any) -> bool:
    pa, pb = a.position(), b.position()
    return (pa.game_type, pa.turn, {c: list(map(str, s)) for c, s in pa.stacks.items()}) == (
        pb.game_type, pb.turn, {c: list(map(str, s)) for c, s in pb.stacks.items()})


def _marked(marks: Any) -> set[Any]:
    """The cells a diagram marks: targets, crosses, a path, where throws go."""
    return (set(marks.targets) | set(marks.forbidden) | set(marks.path)
            | {t[-1] for t in marks.throws})


def _answer_cells(name: str, sid: str) -> set[Any]:
    """Where the answer of the exercise a call makes goes: the accepted moves', the
    solutions', or (mark every cell) the focus piece's targets."""
    if "puzzle" in name:
        p = puzzle(sid)
        return {p.position().parse_move(m).to for m in p.solutions}
    s = scenario(sid)
    assert s.exercise is not None or name == "reach_exercise", sid
    if name == "reach_exercise" or (s.exercise is not None and s.exercise.kind == "mark"):
        return set(s.position().targets(s.focus.piece))
    return {s.position().parse_move(m).to for m in s.exercise.accept}


def _shown(name: str, sid: str, move: str | None, rest: str) -> set[Any]:
    """The cells a call marks on the page (its picture, or the cells it lists)."""
    if name in ("show", "answer"):
        s = scenario(sid)
        if "answer=False" in rest:
            return set()
        return _marked(s.marks("en")) - _marked(s.marks("en", answer=False))
    if name == "targets":
        s = scenario(sid)
        return set(s.position().targets(s.focus.piece))
    if name == "explain" and move:
        return {scenario(sid).position().parse_move(move).to}
    if name == "show_solution":
        p = puzzle(sid)
        return _marked(p.scenario.marks("en")) | {p.position().parse_move(m).to
                                                  for m in p.solutions}
    return set()  # show_puzzle: the question only


def _spoilers(nb: dict[str, Any]) -> list[str]:
    """Each picture (or list of cells) of the notebook ``nb`` that marks the answer of an
    exercise below it on the same position."""
    calls = [(i, m.groups()) for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code"
             for m in _CALL.finditer(c["source"])]
    found = []
    for i, (name, sid, _move, _rest) in calls:
        if name not in _EXERCISE_CALLS or scenario_game(name, sid) != "hive":
            continue
        target, answers = _hive(name, sid), _answer_cells(name, sid)
        for j, (other, osid, move, rest) in calls:
            if j >= i or other in _EXERCISE_CALLS or scenario_game(other, osid) != "hive":
                continue
            if _same_position(_hive(other, osid), target):
                hit = _shown(other, osid, move, rest or "") & answers
                if hit:
                    found.append(f"{other}({osid!r}) in cell {j} marks the "
                                 f"answer of {name}({sid!r}) in cell {i}")
    return found


def scenario_game(name: str, sid: str) -> str:
    return "hive" if "puzzle" in name or name == "show_solution" else scenario(sid).GAME


@pytest.mark.parametrize("path", [p for p, _, _ in build_notebooks.lessons()],
                         ids=lambda p: p.stem)
def test_no_picture_above_an_exercise_marks_its_answer(path: Path) -> None:
    for lang in ("en", "zh"):
        assert _spoilers(build_notebooks.build(path, lang)) == [], path.name


def test_the_check_for_pictures_that_answer_finds_one() -> None:
    # Lesson 10 as it was: the Mosquito's diagram (and targets) with the answer, above the find
    # exercise on the same position (as the "Try it" board's scenario).
    nb = build_notebooks.build(ROOT / "notebooks" / "source" / "10-mosquito.toml", "en")
    assert _spoilers(nb) == []
    cell = {"cell_type": "code", "source": 'show("mosquito-copies-beetle")\n'
            'targets("mosquito-copies-beetle")'}
    nb["cells"].insert(3, cell)
    found = _spoilers(nb)
    assert len(found) == 2 and all("'mosquito-copies-beetle'" in f for f in found), found
    assert "show(" in found[0] and "targets(" in found[1]
