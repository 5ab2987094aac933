"""What a newcomer meets first on the command line: each command's --help says what it does,
in plain text, without pointing to files an installed kit does not have, and the commands
that write a file (-o) treat a missing folder alike."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from hive_teach.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


@pytest.mark.parametrize("name", sorted(subcommands()))
def test_every_command_has_a_description_in_plain_text(name):
    """'uhp --help' had no description, 'rive --help' showed ``backticks``, and 'classroom'
    and 'new-scenario' sent the reader to docs/ pages a wheel does not carry."""
    parser = subcommands()[name]
    assert parser.description and len(parser.description) > 40, name
    text = parser.format_help().replace("```hive blocks", "")  # the fence, as it is written
    assert "`" not in text, name
    assert "docs/" not in text and ".md" not in text, name


def test_the_help_of_classroom_and_new_scenario_says_the_facts_itself():
    commands = subcommands()
    classroom = commands["classroom"].format_help()
    for fact in ("/teacher", "teacher-password.txt", "classroom.sqlite3", "/api/games",
                 "plain HTTP"):
        assert fact in classroom, fact
    scenario = commands["new-scenario"].format_help()
    for fact in ("[position]", "[focus]", "targets", "[focus.forbidden]", "hive-teach verify"):
        assert fact in scenario, fact
    assert "UHP" in commands["uhp"].format_help() and "perft N time hh:mm:ss" in \
        commands["uhp"].format_help()


GS = "Base;InProgress;Black[1];wS1"


@pytest.mark.parametrize("args", [
    ["render", GS], ["worksheet", str(ROOT / "scenarios" / "beetle-stack.toml")],
    ["new-scenario", GS]])
def test_a_missing_output_folder_is_refused_alike_by_every_command(tmp_path, capsys, args):
    """'worksheet -o' made every missing folder up to the root; 'render -o' failed with
    '[Errno 2] No such file or directory'."""
    out = tmp_path / "typo" / "deeper" / "out.pdf"
    assert main([*args, "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err == (f"hive-teach {args[0]}: -o {out}: the folder {out.parent} does not exist "
                   "(make it first)\n")
    assert not (tmp_path / "typo").exists()
    (tmp_path / "file").write_text("")
    assert main([*args, "-o", str(tmp_path / "file" / "out.pdf")]) == 1
    assert capsys.readouterr().err == (f"hive-teach {args[0]}: -o {tmp_path}/file/out.pdf: the "
                                       f"folder {tmp_path}/file is not a folder\n")
