"""The scenario library against the engine, and the scenario format's error messages (for
both games: a malformed file always gives ``file:line: why``, never a traceback)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_rive_scenarios import GOOD as RIVE_GOOD

from hive_teach.cli import main
from hive_teach.teach.scenario import (
    HiveScenario,
    RiveScenario,
    ScenarioError,
    load_all,
    loads,
    verify,
)

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"

GOOD = '''id = "queen-steps"
rules = ["R9"]
[title]
en = "Queen"
de = "Königin"
zh = "蜂后"
[position]
game_string = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
[focus]
piece = "wQ"
targets = ["0,-1", "-1,1"]
[focus.forbidden]
"-2,0" = "R7"
'''


def test_every_scenario_in_the_library_agrees_with_the_engine(capsys):
    assert main(["verify", str(SCENARIOS)]) == 0, capsys.readouterr().out
    out = capsys.readouterr().out.splitlines()
    assert out[-1].endswith("passed, 0 failed")


def test_library_covers_every_rule_and_the_hard_ones_several_times():
    scenarios = load_all([SCENARIOS], game="hive")
    assert all(isinstance(s, HiveScenario) for s in scenarios)
    assert len(scenarios) >= 30
    counts: dict[str, int] = {}
    for s in scenarios:
        for rule in s.rules:
            counts[rule] = counts.get(rule, 0) + 1
    missing = [f"R{i}" for i in range(1, 20) if f"R{i}" not in counts]
    assert not missing
    for rule in ("R3", "R6", "R7", "R14", "R16"):
        assert counts[rule] >= 3, rule
    assert len({s.id for s in scenarios}) == len(scenarios)
    for s in scenarios:
        assert set(s.title) == {"en", "de", "zh"}, s.id


def test_verify_fails_on_wrong_expected_targets(tmp_path, capsys):
    assert verify(loads(GOOD)) == []
    bad = tmp_path / "bad.toml"
    bad.write_text(GOOD.replace('targets = ["0,-1", "-1,1"]', 'targets = ["0,-1", "1,-1"]'),
                   encoding="utf-8")
    assert main(["verify", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL queen-steps" in out and "1,-1" in out and "0 passed, 1 failed" in out


def test_verify_fails_on_a_wrong_rule_id():
    problems = verify(loads(GOOD.replace('"-2,0" = "R7"', '"-2,0" = "R12"')))
    assert problems and "R7" in problems[0] and "R12" in problems[0]


@pytest.mark.parametrize("change,line,fragment", [
    (('rules = ["R9"]', 'rules = ["R99"]'), 2, "'R99' is not a Hive rule id"),
    (('rules = ["R9"]', 'rules = ["V3"]'), 2, "'V3' is not a Hive rule id"),
    (('"-2,0" = "R7"', '"-2,0" = "V7"'), 13, "'V7' is not a Hive rule id"),
    (('id = "queen-steps"', 'game = "chess"\nid = "queen-steps"'), 1,
     'game must be "hive" or "rive"'),
    ((GOOD.split("[focus]")[0], 'id = "q"\nrules = ["R9"]\nposition = "rive3;0,0"\n'), 1,
     'a Rive file starts with game = "rive"'),
    (('[focus]', '[exercise]\nkind = "find"\n[focus]'), 9, "needs accept"),
    (('piece = "wQ"', 'piece = "wM"'), 10, "wM is not part of Base"),
    (('zh = "蜂后"\n', 'fr = "Reine"\n'), 6, "unknown key title.'fr'; allowed: de, en, zh"),
    (('piece = "wQ"', 'piece = "wX"'), 10, "not a Hive piece"),
    (('targets = ["0,-1", "-1,1"]', 'targets = ["0,-1", "up"]'), 11, "is not a cell"),
    (('[focus.forbidden]', 'colour = "red"\n[focus.forbidden]'), 12, "unknown key"),
    (('game_string = "Base;', 'game_string = "Base;Nope;'), 7, "not a game state"),
    (('id = "queen-steps"', 'id = "Queen Steps"'), 1, "lower-case"),
])
def test_bad_scenarios_name_the_file_and_line(change, line, fragment):
    text = GOOD.replace(*change)
    with pytest.raises(ScenarioError) as info:
        loads(text, "lesson.toml")
    message = str(info.value)
    assert message.startswith(f"lesson.toml:{line}:"), message
    assert fragment in message


def test_the_complete_examples_of_the_format_page_load_and_verify():
    page = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    examples = [b for b in re.findall(r"```toml\n(.*?)```", page, re.S)
                if b.startswith(("game =", "id ="))]
    assert examples
    for text in examples:
        assert verify(loads(text, "docs/scenarios.md")) == []


def test_toml_syntax_errors_give_the_line():
    with pytest.raises(ScenarioError, match=r"^x\.toml:3: not valid TOML"):
        loads('id = "a"\nrules = ["R1"]\n[title\n', "x.toml")


def test_a_hive_exercise_is_read_and_its_moves_checked():
    text = GOOD + '[exercise]\nkind = "find"\naccept = ["wQ /wS1"]\n[exercise.goal]\n' \
        'en = "Step"\nde = "Schritt"\nzh = "走"\n'
    s = loads(text)
    assert s.exercise is not None and s.exercise.accept == ("wQ /wS1",)
    assert s.goal("de") == "Schritt" and verify(s) == []
    wrong = loads(text.replace('accept = ["wQ /wS1"]', 'accept = ["wQ bQ-"]'))
    assert verify(wrong) == ["exercise.accept: wQ bQ- is illegal, so it cannot solve the "
                             "exercise"]
    bare = GOOD.split("[focus]")[0] + '[expect]\nstate = "InProgress"\n[exercise]\nkind = "mark"\n'
    with pytest.raises(ScenarioError, match=r":12: a mark exercise .* needs a \[focus\]"):
        loads(bare, "x.toml")


# Texts that use every key of each game; each line in turn gets a wrong value (or goes, or
# a table becomes a number). The loader must answer with file:line, or read it; a scenario
# it reads must verify, draw its marks and answer without raising.
HIVE_ALL = GOOD.replace("[title]", r"""tags = ["queen"]
play = ["wQ \\wS1"]
tournament = false
game_type = "Base"
[caption]
en = "c"
de = "c"
zh = "c"
[expect]
state = "InProgress"
moves = ["bQ bS1\\", "bQ bS1/", "bS2 bS1\\", "bS2 bS1/", "bS2 bQ\\", "bS2 bQ/", "bS2 bQ-",
         "bB1 bS1\\", "bB1 bS1/", "bB1 bQ\\", "bB1 bQ/", "bB1 bQ-", "bG1 bS1\\", "bG1 bS1/",
         "bG1 bQ\\", "bG1 bQ/", "bG1 bQ-", "bA1 bS1\\", "bA1 bS1/", "bA1 bQ\\", "bA1 bQ/",
         "bA1 bQ-"]
illegal = [{move = "bQ \\wQ", rule = "R9"}]
[marks]
gates = []
path = ["-1,0", "0,-1"]
pinned = true
last_move = ["", "2,0"]
stunned = "bQ"
throws = []
surrounded = false
labels = {"0,0" = "A"}
coords = true
selected = "wQ"
[exercise]
kind = "find"
accept = ["wQ /wS1"]
[exercise.goal]
en = "g"
de = "g"
zh = "g"
[title]""")
LAYOUT = """id = "layout"
rules = ["R12"]
[title]
en = "S"
de = "S"
zh = "S"
[position]
to_move = "white"
turn = 6
last_moved = "bQ"
hand = ["wS2", "wB1", "wB2", "wG1", "wG2", "wG3", "wA1", "wA2", "wA3",
        "bS1", "bS2", "bB1", "bB2", "bG1", "bG2", "bG3", "bA1", "bA2", "bA3"]
[position.stacks]
"0,0" = "wQ"
"1,0" = "bQ"
"-1,0" = "wS1"
[focus]
piece = "wS1"
[exercise]
kind = "mark"
"""
RIVE_ALL = RIVE_GOOD.replace("[title]", 'tags = ["capture"]\n[title]').replace(
    "[marks]\n", '[marks]\nforbidden = {"1,0" = "V5"}\nlabels = {"0,0" = "A"}\nlegal = true\n'
).replace("joined = [1, 1]\n", "joined = [1, 1]\ngroups = [3, 1, 1, 1, 1, 1]\nover = false\n")
WRONG = ['3', '"x"', '[]', '[1]', '{}', '{a = 1}', 'true', '""', '"0,0"', '["0,0"]', '1.5',
         '["x1,0"]', '[[1, 2]]', '{"0,0" = 3}', '-1', '[{}]', '[{move = 1, rule = "R7"}]',
         '[{action = 1, rule = "V5"}]', '{"0,0" = "wQ wQ"}', '["", ""]', '[["a", "b"]]', '0']


def _mutations(text: str):
    lines = text.splitlines()
    for i, line in enumerate(lines):
        rest = lines[:i], lines[i + 1:]
        yield "\n".join([*rest[0], *rest[1]])
        m = re.match(r'^(\s*"?[\w,-]+"?\s*=\s*)(.*)$', line)
        if m:
            for value in WRONG:
                yield "\n".join([*rest[0], m.group(1) + value, *rest[1]])
        elif line.startswith("["):
            table = line.strip("[]")
            yield "\n".join([*rest[0], f"{table.split('.')[-1]} = 3", *rest[1]])
            yield "\n".join([f"{table} = 3", *rest[0], *rest[1]])


@pytest.mark.parametrize("text", [HIVE_ALL, LAYOUT, RIVE_ALL], ids=["hive", "layout", "rive"])
def test_malformed_files_give_file_and_line_never_a_traceback(text):
    kind = RiveScenario if "rive3" in text else HiveScenario
    good = loads(text)
    assert isinstance(good, kind) and verify(good) == []  # the text itself is right
    crashes = []
    for changed in _mutations(text):
        try:
            s = loads(changed + "\n", "lesson.toml")
            s.verify()
            s.marks("de")
            s.marks("zh", answer=False)
            s.engine_answer()
        except ScenarioError as e:
            if not re.match(r"^lesson\.toml:\d+: \S", str(e)):
                crashes.append(f"no file:line in {e}")
        except Exception as e:  # any other exception is the failure this test looks for
            crashes.append(f"{type(e).__name__}: {e}\n{changed}")
    assert not crashes, f"{len(crashes)} tracebacks, e.g.\n{crashes[0]}"


@pytest.mark.parametrize("game", ["hive", "rive"])
def test_nesting_deep_enough_to_break_the_toml_parser_is_a_line_numbered_error(game) -> None:
    """Found by fuzzing: tomllib recurses into nested arrays, and 5,000 of them ended in a
    RecursionError with no file or line."""
    from hive_teach.teach.scenario import ScenarioError, loads

    text = f'game = "{game}"\nid = "deep"\nrules = ["R1"]\n\nmarks = ' + "[" * 5000 + \
        "]" * 5000 + "\n"
    with pytest.raises(ScenarioError) as info:
        loads(text, "deep.toml")
    assert (info.value.file, info.value.line) == ("deep.toml", 5)
    assert "nested more than" in str(info.value)


@pytest.mark.parametrize("dpi", ["nan", "inf", "-5", "0", "1e9", "x"])
def test_render_refuses_a_resolution_that_is_no_resolution(dpi, tmp_path, capsys) -> None:
    with pytest.raises(SystemExit) as info:
        main(["render", "Base", "-o", str(tmp_path / "x.png"), "--dpi", dpi])
    assert info.value.code == 2 and "is not a resolution from 10 to 1200 dpi" in \
        capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("sid", ["../scenarios/beetle-stack", "../puzzles/win-not-draw",
                                 "/etc/passwd", "beetle-stack/../beetle-stack", "Beetle-Stack"])
def test_the_tutorial_helpers_take_ids_only_never_paths(sid):
    """Found by fuzzing: ``show("../x")`` looked for files outside the library."""
    from hive_teach import tutorial
    from hive_teach.teach.puzzle import puzzle

    for helper in (tutorial.show, tutorial.answer, tutorial.targets, tutorial.scenario):
        with pytest.raises(ValueError, match=r"is not a scenario id: ids are lower-case"):
            helper(sid)
    with pytest.raises(ValueError, match=r"is not a puzzle id"):
        puzzle(sid)
