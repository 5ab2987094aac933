"""The Rive scenario library against the engine, the format's error messages, the one loader
that reads both games (and ``hive-teach verify`` on both), the tutorial helpers and the Rive
notebook source."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

import pytest

from hive_teach.cli import main
from hive_teach.rive import Colour
from hive_teach.teach.scenario import (
    HiveScenario,
    RiveScenario,
    ScenarioError,
    load,
    load_all,
    loads,
    verify,
)

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
RIVE = SCENARIOS / "rive"
NOTEBOOK = ROOT / "notebooks" / "source" / "20-rive.toml"

GOOD = '''game = "rive"
id = "capture-two"
rules = ["V5"]
position = "rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0;1,0"
[title]
en = "A capture"
de = "Eine Eroberung"
zh = "吃子"
[expect]
legal = ["x0,0", "x2,0"]
to_move = "white"
remaining = 1
joined = [1, 1]
illegal = [{action = "x1,0", rule = "V5"}]
[marks]
remove = ["2,0"]
[exercise]
kind = "find"
accept = ["x0,0"]
'''


@pytest.fixture(scope="module")
def library() -> list[RiveScenario]:
    scenarios = load_all([RIVE])
    assert all(isinstance(s, RiveScenario) for s in scenarios)
    return [s for s in scenarios if isinstance(s, RiveScenario)]


# ------------------------------------------------------------------------------ the library
def test_every_rive_scenario_agrees_with_the_engine(library: list[RiveScenario]) -> None:
    assert len(library) >= 10
    for s in library:
        assert verify(s) == [], s.id


def test_the_library_covers_v1_to_v7_and_the_cases_the_tutorial_needs(
        library: list[RiveScenario]) -> None:
    by_id = {s.id: s for s in library}
    assert len(by_id) == len(library)
    rules = {rule for s in library for rule in s.rules}
    assert rules == {f"V{i}" for i in range(1, 8)}
    # isolation first: some action is refused with V3
    assert any(x.rule == "V3" for x in by_id["rive-isolation-first"].illegal)
    # the smallest largest group: refused with V4, and the diagram shows the sizes
    v4 = by_id["rive-smallest-largest-group"]
    assert any(x.rule == "V4" for x in v4.illegal) and v4.marks_table.get("largest")
    # a capture joining three groups
    assert by_id["rive-capture-three-groups"].joined == (1, 1, 1)
    # a capture that makes the capturer place again: the capture is over, same player to move
    again = by_id["rive-place-again"]
    game = again.game()
    assert again.remaining == 0 and game.pending_capture is None
    assert game.move_stack[-1].is_removal and again.to_move == "white"
    assert not game.legal_moves()[0].is_removal
    # the end of the game
    assert by_id["rive-game-end"].over is True
    exercises = [s for s in library if s.exercise is not None]
    assert {s.exercise.kind for s in exercises} == {"mark", "find"}


def test_every_scenario_has_its_texts_in_three_languages(library: list[RiveScenario]) -> None:
    for s in library:
        for what in ("title", "caption", "question", "answer"):
            assert set(getattr(s, what)) == {"en", "de", "zh"}, (s.id, what)


def test_rive_ids_do_not_clash_with_hive_ids(library: list[RiveScenario]) -> None:
    hive_ids = {p.stem for p in SCENARIOS.glob("*.toml")}
    assert not hive_ids & {s.id for s in library}
    for s in library:
        assert Path(s.path).stem == s.id


def test_the_game_key_tells_rive_and_hive_files_apart() -> None:
    assert all(isinstance(load(p), RiveScenario) for p in RIVE.glob("*.toml"))
    assert all(isinstance(load(p), HiveScenario) for p in SCENARIOS.glob("*.toml"))
    both = load_all([SCENARIOS])
    assert {s.GAME for s in both} == {"hive", "rive"}
    assert load_all([SCENARIOS], game="rive") == [s for s in both if s.GAME == "rive"]
    assert len(load_all([SCENARIOS], game="hive")) == len(list(SCENARIOS.glob("*.toml")))
    # An explicit game = "hive" is Hive, as a file without the key.
    hive = (SCENARIOS / "queen-one-step.toml").read_text(encoding="utf-8")
    assert isinstance(loads('game = "hive"\n' + hive), HiveScenario)
    with pytest.raises(ValueError, match="game must be one of hive, rive"):
        load_all([RIVE], game="chess")


# ------------------------------------------------------------------------------ verify
def test_a_good_scenario_verifies_and_each_wrong_expectation_is_reported() -> None:
    assert verify(loads(GOOD)) == []
    cases = {
        'legal = ["x0,0", "x2,0"]': ('legal = ["x0,0", "x1,0"]', "legal actions differ"),
        'to_move = "white"': ('to_move = "black"', "white is to move"),
        "remaining = 1": ("remaining = 2", "1 stones are still to be removed"),
        "joined = [1, 1]": ("joined = [2, 1]", "joined groups of (1, 1)"),
        'rule = "V5"': ('rule = "V4"', "the engine cites V5"),
        'action = "x1,0"': ('action = "x2,0"', "x2,0 is legal"),
        'remove = ["2,0"]': ('remove = ["1,0"]', "marks.remove: x1,0 is not a legal removal"),
        'accept = ["x0,0"]': ('accept = ["x1,0"]', "exercise.accept: x1,0 is illegal"),
    }
    for old, (new, fragment) in cases.items():
        problems = verify(loads(GOOD.replace(old, new)))
        assert len(problems) == 1 and fragment in problems[0], (new, problems)


def test_verify_checks_after_the_play_actions_and_the_result() -> None:
    text = GOOD.replace('[title]', 'play = ["x0,0"]\n[title]', 1)
    problems = verify(loads(text))
    assert any("legal actions differ" in p for p in problems)
    finished = '''game = "rive"
id = "end"
rules = ["V7"]
position = "rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0"
play = ["1,0", "x9,9"]
[title]
en = "x"
de = "x"
zh = "x"
[expect]
over = true
'''
    problems = verify(loads(finished))
    assert len(problems) == 1 and "play 'x9,9'" in problems[0]
    game_end = RIVE / "rive-game-end.toml"
    text = game_end.read_text(encoding="utf-8").replace('winner = "white"', 'winner = "black"')
    assert verify(loads(text)) == ["the winner is white, the scenario expects black"]
    text = game_end.read_text(encoding="utf-8").replace('play = ["2,-1"]\n', "")
    problems = verify(loads(text))
    assert "the game is not over, the scenario expects over = true" in problems
    assert "the winner is nobody yet, the scenario expects white" in problems


def test_marks_forbidden_cells_are_checked_against_the_engine() -> None:
    text = GOOD.replace('[marks]\n', '[marks]\nforbidden = {"1,0" = "V5"}\n')
    assert verify(loads(text)) == []
    problems = verify(loads(text.replace('"1,0" = "V5"', '"0,0" = "V5"')))
    assert problems == ["marks.forbidden: x0,0 is legal, the scenario says V5 forbids it"]


@pytest.mark.parametrize("change,line,fragment", [
    (('rules = ["V5"]', 'rules = ["R5"]'), 3, "not a Rive rule id"),
    (('zh = "吃子"\n', 'fr = "Prise"\n'), 8, "unknown key title.'fr'"),
    (('id = "capture-two"', 'id = "Capture Two"'), 2, "lower-case"),
    (('position = "rive3;0,0;', 'position = "rive3;0,0;0,0;'), 4, "action 2 (0,0)"),
    (('position = "rive3;', 'position = "hive3;'), 4, "does not start a Rive game text"),
    (('legal = ["x0,0", "x2,0"]', 'legal = ["x0,0", "x2;0"]'), 10, "is not a Rive action"),
    (('remaining = 1', 'remaining = -1'), 12, "whole number"),
    (('to_move = "white"', 'to_move = "red"'), 11, '"black" or "white"'),
    (('[marks]', 'colour = "red"\n[marks]'), 15, "unknown key expect.'colour'"),
    (('remove = ["2,0"]', 'remove = ["two"]'), 16, "is not a cell"),
    (('kind = "find"', 'kind = "guess"'), 18, '"mark" or "find"'),
    (('accept = ["x0,0"]', 'accept = []'), 17, "needs accept"),
    (('game = "rive"', 'game = "hive"'), 1, 'a Rive file starts with game = "rive"'),
    (('game = "rive"', '# no game key'), 1, 'a Rive file starts with game = "rive"'),
    (('game = "rive"', 'game = "go"'), 1, 'game must be "hive" or "rive", not \'go\''),
    (('game = "rive"', 'game = 5'), 1, 'game must be "hive" or "rive", not 5'),
    (('position = "rive3;', 'play = ["0,0;1,0"]\nposition = "rive3;'), 4,
     "is not a Rive action"),
    (('illegal = [{action = "x1,0", rule = "V5"}]', 'illegal = [{move = "x1,0", rule = "V5"}]'),
     14, 'expect.illegal[0] must be {action = "...", rule = "V3"}'),
    (('illegal = [{action = "x1,0", rule = "V5"}]', 'illegal = "x1,0"'), 14, "must be a list"),
    (('remove = ["2,0"]', 'forbidden = {"1,0" = "R5"}'), 16, "not a Rive rule id"),
    (('remove = ["2,0"]', 'sizes = "yes"'), 16, "marks.sizes must be true or false"),
    (('kind = "find"', 'kind = "mark"'), 19, "leave out accept"),
])
def test_bad_scenarios_name_the_file_and_line(change, line, fragment) -> None:
    with pytest.raises(ScenarioError) as info:
        loads(GOOD.replace(*change), "lesson.toml")
    message = str(info.value)
    assert message.startswith(f"lesson.toml:{line}:"), message
    assert fragment in message


def test_a_scenario_must_expect_something_and_toml_errors_give_the_line() -> None:
    bare = GOOD.split("[expect]")[0]
    with pytest.raises(ScenarioError, match="something to check"):
        loads(bare, "x.toml")
    with pytest.raises(ScenarioError, match=r"^x\.toml:3: not valid TOML"):
        loads('game = "rive"\nid = "a"\n[title\n', "x.toml")


# ------------------------------------------------------------------------------ the CLI
def test_hive_teach_verify_checks_hive_and_rive_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(SCENARIOS)]) == 0, capsys.readouterr().out
    out = capsys.readouterr().out
    assert "ok   rive-isolation-first (V3)" in out and "ok   spider-exactly-three" in out
    bad = tmp_path / "bad.toml"
    bad.write_text(GOOD.replace("remaining = 1", "remaining = 3"), encoding="utf-8")
    assert main(["verify", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL capture-two" in out and "0 passed, 1 failed" in out
    broken = tmp_path / "broken.toml"
    broken.write_text(GOOD.replace('rules = ["V5"]', 'rules = ["R5"]'), encoding="utf-8")
    assert main(["verify", str(broken)]) == 1
    assert f"FAIL {broken}: {broken}:3: 'R5' is not a Rive rule id" in capsys.readouterr().out


def test_one_loader_and_verify_read_both_games() -> None:
    hive = load(SCENARIOS / "spider-exactly-three.toml")
    assert isinstance(hive, HiveScenario) and verify(hive) == []
    rive = load(RIVE / "rive-groups.toml")
    assert isinstance(rive, RiveScenario) and verify(rive) == []
    assert rive.engine_answer().count(",") > 2 and rive.marks("zh").lang == "zh"
    first = load(RIVE / "rive-isolation-first.toml")  # its diagram marks the legal cells
    assert first.marks().legal is True and first.marks(answer=False).legal is False


# ------------------------------------------------------------------------------ tutorial
def test_tutorial_helpers_print_stable_facts(capsys: pytest.CaptureFixture[str]) -> None:
    from hive_teach.teach import rive_lessons as tutorial

    tutorial.set_language("en")
    tutorial.legal("rive-capture-two-groups")
    tutorial.why("rive-capture-two-groups", "x1,0", full=True)
    tutorial.why("rive-capture-two-groups", "x0,0")
    tutorial.legal("rive-game-end")
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "White may remove: x0,0  x2,0",
        "x1,0 → V5",
        "Removing 1,0 would split the group into 2 pieces: the group must stay in one piece. "
        "(V5)",
        "x0,0 → ✔",
        "White may place on: 2,-1",
    ]
    tutorial.set_language("zh")
    tutorial.check("rive-ex-find-three", "0,1")
    tutorial.check("rive-ex-find-three", "1,0")
    tutorial.check("rive-ex-mark-removals", "0,-2 1,-2 1,0")
    tutorial.check("rive-ex-mark-removals", "here")
    tutorial.set_language("en")
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "✔ 正确！0,1 做到了。"
    assert out[1].startswith("✘ 1,0 上已经有棋子了") and out[1].endswith("(V1)")
    assert out[2].startswith("✔ ★ 太棒了")
    assert out[3].startswith("✘ ") and "not a cell" in out[3]
    with pytest.raises(FileNotFoundError, match="no Rive scenario"):
        tutorial.scenario("no-such-scenario")
    with pytest.raises(ValueError, match="no \\[exercise\\]"):
        tutorial.exercise("rive-groups")


def test_tutorial_boards_and_exercises() -> None:
    from hive_teach.teach import rive_lessons as tutorial

    mark = tutorial.exercise("rive-ex-mark-legal", canvas=False)
    assert mark.controller.mode == "mark" and mark.check_button.description == "Check"
    find = tutorial.exercise("rive-ex-find-three", canvas=False)
    assert find.controller.mode == "find"
    assert find.controller.prompt() == "Find the placement that joins three groups at once."
    assert find.controller.click("0,1").kind == "solved"
    free = tutorial.board("rive-groups", canvas=False)
    assert free.controller.mode == "free" and free.title == "Groups: stones that touch, of "\
        "either colour"
    tutorial.answer("rive-capture-two-groups")  # Markdown and a picture, outside a kernel too
    engine = tutorial.board(side=3, mode="engine", human="white", canvas=False)
    assert engine.controller.game.turn is Colour.WHITE and engine.controller.game.ply == 1


def test_one_set_of_lesson_helpers_serves_both_games(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from hive_teach import tutorial
    from hive_teach.hive.position import Move, Position
    from hive_teach.rive import RiveGame
    from hive_teach.teach import lessons, rive_lessons

    for name in ("show", "answer", "why", "exercise"):
        assert getattr(tutorial, name) is getattr(rive_lessons, name) is getattr(lessons, name)
    tutorial.set_language("en")
    hive = tutorial.scenario("freedom-gate-queen")
    assert hive.focus is not None
    pos = hive.position()
    legal = pos.move_text(Move(hive.focus.piece, min(pos.targets(hive.focus.piece))))
    tutorial.why("rive-capture-two-groups", "x1,0")
    rive_lessons.why("freedom-gate-queen", "wQ \\bQ")
    tutorial.why("freedom-gate-queen", legal)
    assert capsys.readouterr().out.splitlines() == [
        "x1,0 → V5",
        "Removing 1,0 would split the group into 2 pieces: the group must stay in one piece. (V5)",
        "wQ \\bQ → R7",
        "The gap between bQ and wS1 is too narrow: wQ cannot slide through it to cell 1,-1. (R7)",
        f"{legal} → ✔"]
    shown: list[object] = []
    monkeypatch.setattr(lessons, "display_markdown", shown.append)
    monkeypatch.setattr(lessons, "display_picture", lambda png, alt: shown.append(png[:4]))
    tutorial.explain("rive-isolation-first", "1,0")
    tutorial.explain("freedom-gate-queen", "wQ \\bQ")
    tutorial.answer("freedom-gate-queen")
    assert shown[0] == "`1,0`: 1,0 touches a stone, but some cells still touch no stone " \
        "(like -2,0): you must place on one of those first. (V3)"
    assert str(shown[2]).startswith("`wQ \\bQ`: ") and str(shown[2]).endswith("(R7)")
    assert shown[1] == shown[3] == shown[5] == b"\x89PNG"
    assert shown[4] == hive.text("answer", "en")
    with pytest.raises(ValueError, match="'rive-groups' is a Rive scenario, not a Hive one"):
        tutorial.scenario("rive-groups")
    with pytest.raises(FileNotFoundError, match="no Hive scenario 'nope'"):
        tutorial.scenario("nope")
    with pytest.raises(ValueError, match="'queen-one-step' has no \\[exercise\\]"):
        rive_lessons.exercise("queen-one-step")
    rive_board = tutorial.board("rive-groups", canvas=False)
    assert isinstance(rive_board.controller.game, RiveGame)
    assert rive_board.controller.mode == "free"
    reach = tutorial.reach_exercise("rive-ex-mark-legal", canvas=False)
    assert reach.controller.mode == "mark"
    find = tutorial.find_exercise("rive-ex-find-three", goal="Join three.", accept=["0,1"],
                                  canvas=False)
    assert find.controller.prompt() == "Join three." and find.controller.click("0,1").correct
    hive_board = rive_lessons.board("freedom-gate-queen", canvas=False)
    assert isinstance(hive_board.controller.game, Position)


# ------------------------------------------------------------------------------ notebook
def _builder():
    spec = importlib.util.spec_from_file_location("build_notebooks",
                                                  ROOT / "tools" / "build_notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_rive_notebook_builds_in_three_languages_and_ends_with_exercises(
        library: list[RiveScenario]) -> None:
    builder = _builder()
    data = tomllib.loads(NOTEBOOK.read_text(encoding="utf-8"))
    assert set(data["rules"]) == {f"V{i}" for i in range(1, 8)}
    ids = {s.id for s in library}
    for lang in ("en", "de", "zh"):
        nb = builder.build(NOTEBOOK, lang)
        code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
        assert code[1].startswith("from hive_teach.teach.rive_lessons import *\n")
        used = {part.split('"')[1] for src in code for part in src.split("(")[1:]
                if part.startswith('"rive-')}
        assert used <= ids and len(used) >= 10
        exercises = [src for src in code if src.startswith("exercise(")]
        assert len(exercises) >= 2 and code[-1].startswith("exercise(")
        checked = [src for src in code if src.startswith("# NBVAL_CHECK_OUTPUT")]
        assert len(checked) >= 6


@pytest.mark.parametrize("lang", ["en", "de", "zh"])
@pytest.mark.slow
def test_the_rive_notebook_code_runs(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Run every code cell of the built notebook in one namespace, as a kernel would."""
    builder = _builder()
    nb = builder.build(NOTEBOOK, lang)
    namespace: dict[str, object] = {}
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            source = "".join(cell["source"])
            last = source.strip().splitlines()[-1]
            if last.startswith(("board(", "exercise(")):  # a widget: build it without canvas
                source = source.replace(last, last[:-1] + ", canvas=False)")
            exec(compile(source, f"20-rive.{lang}", "exec"), namespace)
    from hive_teach.tutorial import set_language

    set_language("en")
    out = capsys.readouterr().out
    assert "→ V4" in out and "→ V5" in out
