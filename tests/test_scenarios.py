"""The scenario library against the engine, and the scenario format's error messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from hive_teach.cli import main
from hive_teach.teach.scenario import ScenarioError, load_all, loads, verify

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
    scenarios = load_all([SCENARIOS])
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
    (('rules = ["R9"]', 'rules = ["R99"]'), 2, "not a rule id"),
    (('zh = "蜂后"\n', ''), 3, "missing: zh"),
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


def test_toml_syntax_errors_give_the_line():
    with pytest.raises(ScenarioError, match=r"^x\.toml:3: not valid TOML"):
        loads('id = "a"\nrules = ["R1"]\n[title\n', "x.toml")
