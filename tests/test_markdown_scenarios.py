"""Scenarios written in Markdown (```hive blocks), optional texts, the failure report with its
map, ``--hive-update``'s in-place edits, and ``hive-teach verify`` on pages and folders."""

from __future__ import annotations

from pathlib import Path

import pytest

from hive_teach.cli import main
from hive_teach.core.asciihex import ascii_map
from hive_teach.core.hexgrid import parse_cell
from hive_teach.teach.base import ScenarioError
from hive_teach.teach.markdown import Source, blocks, is_scenario_file, load_block, sources
from hive_teach.teach.report import report
from hive_teach.teach.scenario import loads
from hive_teach.teach.update import UpdateError, update_source, update_text

ROOT = Path(__file__).resolve().parents[1]
QUEEN = '''[position]
game_string = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
[focus]
piece = "wQ"
targets = ["0,-1", "1,-1"]
'''


# ------------------------------------------------------------------ blocks
def test_blocks_are_hive_fences_of_either_kind_indented_or_not():
    page = (f"# T\n\n```hive\n{QUEEN}```\n\n````HIVE\n{QUEEN}````\n\n  ~~~hive\n"
            + "".join(f"  {line}\n" for line in QUEEN.splitlines()) + "  ~~~\n\n"
            f"```toml\n{QUEEN}```\n\n    ```hive\n    (indented code, no fence)\n")
    found = blocks(page, "p.md")
    assert [b.line for b in found] == [3, 11, 19]
    assert [b.index for b in found] == [0, 1, 2]
    assert all(b.text == QUEEN for b in found)
    assert found[2].indent == 2


def test_a_block_needs_only_the_position_and_what_to_check():
    s = load_block(blocks(f"```hive\n{QUEEN}```\n", "p.md")[0])
    assert (s.id, s.rules, s.title) == ("line-1", (), {})
    assert s.text("title") == "line-1"  # diagrams, worksheets and boards get the id
    with pytest.raises(ScenarioError, match=r"^p\.md:1: id must be non-empty text"):
        loads("rules = []\n" + QUEEN, "p.md")  # a file keeps needing its id
    with pytest.raises(ScenarioError, match=r"^p\.md:1: a scenario needs something to check"):
        load_block(blocks('```hive\n[position]\ngame_string = "Base"\n```\n', "p.md")[0])


def test_errors_in_a_block_name_the_page_and_its_line():
    page = "intro\n\n```hive\n" + QUEEN.replace('piece = "wQ"', 'piece = "Queen"') + "```\n"
    with pytest.raises(ScenarioError, match=r"^p\.md:7: 'Queen' is not a Hive piece"):
        load_block(blocks(page, "p.md")[0])
    with pytest.raises(ScenarioError, match=r"^p\.md:3: the ```hive block opened here is never "
                       "closed"):
        blocks("intro\n\n```hive\n[position]\n", "p.md")


def test_texts_and_their_translations_are_optional_and_fall_back():
    s = loads('id = "q"\nrules = ["R9"]\n[caption]\nde = "Nur Deutsch"\n' + QUEEN, "q.toml")
    assert s.text("title", "zh") == "q" and s.text("caption", "en") == "Nur Deutsch"
    assert s.marks("de").title == "q"
    with pytest.raises(ScenarioError, match=r"^q\.toml:3: \[caption\] is empty"):
        loads('id = "q"\nrules = ["R9"]\n[caption]\n' + QUEEN, "q.toml")


def test_a_worksheet_of_scenarios_without_titles(tmp_path: Path):
    page = tmp_path / "p.md"
    page.write_text(f"```hive\n{QUEEN.replace('1,-1', '-1,1')}```\n", encoding="utf-8")
    from hive_teach.teach.worksheet import make_worksheet

    (s,) = [src.load() for src in sources([page])]
    out = make_worksheet([s], tmp_path / "w.pdf", "de")
    assert out.stat().st_size > 1000


def test_folders_give_scenario_files_and_page_blocks_but_no_other_toml(tmp_path: Path):
    (tmp_path / "a.md").write_text(f"```hive\n{QUEEN}```\n\n```hive\n{QUEEN}```\n")
    (tmp_path / "b.toml").write_text('id = "b"\nrules = ["R9"]\n' + QUEEN)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n')
    (tmp_path / "puzzle.toml").write_text('id = "p"\n[puzzle]\nwin_in = 1\n')
    (tmp_path / "broken.toml").write_text('id = "b\n')
    found = [(s.path.name, s.line) for s in sources([tmp_path])]
    assert found == [("a.md", 1), ("a.md", 9), ("b.toml", 1), ("broken.toml", 1)]
    assert not is_scenario_file(tmp_path / "pyproject.toml")
    assert [s.path.name for s in sources([tmp_path / "pyproject.toml"])] == ["pyproject.toml"]
    assert list(sources([tmp_path / "pyproject.toml"], only_scenarios=True)) == []


# ------------------------------------------------------------------ the report
def test_the_report_explains_each_cell_and_marks_it_on_the_map():
    s = loads('id = "q"\nrules = ["R9"]\n' + QUEEN + '[focus.forbidden]\n"-2,0" = "R9"\n',
              "q.toml")
    text = report(s, s.findings())
    assert text.splitlines()[0] == "q.toml: q: the engine disagrees with 2 claims"
    assert "x 1,-1  listed, but the engine refuses: A Queen Bee moves just one cell" in text
    assert "+ -1,1  not listed, but the engine allows it: wQ goes -1,0 > -1,1" in text
    assert "! -2,0  the engine: wQ would lose touch with the hive" in text
    board = [line for line in text.splitlines() if line.strip().startswith("r=")]
    assert any(line.split()[1:8] == ["0", ".", "!", "*wQ", "wS1", "bS1", "bQ"]
               for line in board), board
    assert "x listed, the engine refuses" in text and "*wQ the focus piece" in text


def test_after_play_findings_get_the_map_after_play_and_rive_its_stones():
    s = loads('game = "rive"\nid = "r"\nrules = ["V3"]\nposition = "rive3;0,0"\n'
              'play = ["0,-2"]\n[expect]\nlegal = ["1,0"]\n', "r.toml")
    text = report(s, s.findings())
    assert "the position after play:" in text and "b w black and white stones" in text
    assert "x 1,0   listed, but the engine refuses: " in text
    assert "the position before play" not in text


def test_the_ascii_map_offsets_rows_by_half_a_cell():
    lines = ascii_map({parse_cell("0,0"): "A", parse_cell("0,1"): "B", parse_cell("-1,1"): "C"},
                      margin=0)
    assert lines == ["r= 0    A      q 0..0", "r= 1  C   B    q -1..0"]


# ------------------------------------------------------------------ updating in place
FILE = '''# keep me
id = "q"   # and me
rules = ["R9"]
[position]
game_string = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
[focus]
piece = "wQ"
targets = ["1,-1", "0,-1"]   # the two steps
forbidden = {"-2,0" = "R9", "-1,1" = "R7"}
[expect]
illegal = [
    {move = "wQ bS1-", rule = "R3"},  # a wrong rule
    {move = "wS1 bQ-", rule = "R6"},
]
[marks]
labels = {"0,0" = "A"}
'''


def test_update_rewrites_only_the_values_that_the_engine_answers():
    new, changes = update_text(FILE, "q.toml")
    assert new == FILE.replace('targets = ["1,-1", "0,-1"]', 'targets = ["0,-1", "-1,1"]') \
        .replace('forbidden = {"-2,0" = "R9", "-1,1" = "R7"}', 'forbidden = {"-2,0" = "R7"}') \
        .replace('{move = "wQ bS1-", rule = "R3"}', '{move = "wQ bS1-", rule = "R9"}')
    assert changes == ['focus.targets: ["0,-1", "-1,1"]', "focus.forbidden: -2,0 = R7 (was R9)",
                       "focus.forbidden: -1,1 taken out (the engine allows it)",
                       "expect.illegal: rule R9 (was R3)"]
    assert loads(new).verify() == []
    assert update_text(new) == (new, [])


def test_update_keeps_crlf_and_the_page_around_the_block(tmp_path: Path):
    page = tmp_path / "p.md"
    raw = ("# Title\r\n\r\n- item\r\n\r\n   ```hive\r\n"
           + "".join(f"   {line}\r\n" for line in QUEEN.splitlines()) + "   ```\r\nend\r\n")
    page.write_bytes(raw.encode())
    (source,) = sources([page])
    assert update_source(source) == ['focus.targets: ["0,-1", "-1,1"]']
    assert page.read_bytes() == raw.replace('"0,-1", "1,-1"', '"0,-1", "-1,1"').encode()
    (again,) = sources([page])
    assert again.load().verify() == [] and update_source(again) == []


def test_update_refuses_a_block_changed_since_it_was_read(tmp_path: Path):
    page = tmp_path / "p.md"
    page.write_text(f"```hive\n{QUEEN}```\n", encoding="utf-8")
    (source,) = sources([page])
    page.write_text(f"```hive\n{QUEEN}# more\n```\n", encoding="utf-8")
    with pytest.raises(UpdateError, match="changed since it was read"):
        update_source(source)


def test_update_names_the_line_of_a_value_it_cannot_rewrite():
    text = 'focus = {piece = "wQ", targets = ["0,-1", "1,-1"]}\n' + QUEEN.split("[focus]")[0]
    with pytest.raises(UpdateError, match=r"^p\.md:9: --hive-update cannot find "
                       r"focus\.targets: write it as a line targets = \.\.\. under \[focus\]"):
        update_text(text, "p.md", first_line=8)


def test_update_of_a_rive_scenario_and_a_multiline_string_left_alone():
    text = ('game = "rive"\nid = "r"\nrules = ["V3"]\nposition = "rive3;0,0"\n'
            '[caption]\nen = """\n[expect]\nlegal = []\n"""\n'
            '[expect]\nlegal = ["1,0"]\nillegal = [{action = "1,0", rule = "V4"}]\n')
    new, changes = update_text(text)
    assert new.startswith(text[:text.index('[expect]\nlegal = ["1,0"]')])
    assert 'illegal = [{action = "1,0", rule = "V3"}]' in new
    assert loads(new).verify() == [] and len(changes) == 2


# ------------------------------------------------------------------ hive-teach verify
def test_verify_reads_pages_and_folders(tmp_path: Path, capsys):
    (tmp_path / "page.md").write_text(f"x\n\n```hive\nid = \"bad\"\n{QUEEN}```\n\n```hive\n"
                                      f"{QUEEN.replace('1,-1', '-1,1')}```\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert main(["verify", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"FAIL bad ({tmp_path / 'page.md'}:3)"
    assert out[2] == f"ok   block ({tmp_path / 'page.md'}:12)"
    assert out[-1] == "1 passed, 1 failed"
    assert main(["verify", "--only-scenarios", str(tmp_path / "pyproject.toml")]) == 0
    assert main(["verify", str(tmp_path / "pyproject.toml")]) == 1
    (tmp_path / "page.md").write_text("no blocks\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["verify", str(tmp_path / "page.md")]) == 1
    assert "no scenarios found" in capsys.readouterr().err


def test_the_same_id_twice_fails_but_blocks_without_ids_do_not_clash(tmp_path: Path, capsys):
    good = QUEEN.replace("1,-1", "-1,1")
    (tmp_path / "a.md").write_text(f"```hive\n{good}```\n```hive\nid = \"x\"\n{good}```\n")
    (tmp_path / "b.md").write_text(f"```hive\n{good}```\n```hive\nid = \"x\"\n{good}```\n")
    assert main(["verify", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert out.count("FAIL") == 1 and "id 'x' is also used by" in out


def test_the_pre_commit_hook_and_the_ci_page():
    hooks = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    assert "- id: hive-teach-verify\n" in hooks
    assert "  entry: hive-teach verify --only-scenarios\n" in hooks
    assert "  language: python\n" in hooks and "  files: \\.(toml|md|markdown)$\n" in hooks
    page = (ROOT / "docs" / "verify-in-ci.md").read_text(encoding="utf-8")
    assert page.startswith("# Verify your diagrams in CI\n")
    for needed in ("runs-on: ubuntu-latest", "hive-teach verify", "pytest --hive",
                   "id: hive-teach-verify", "--hive-update"):
        assert needed in page, needed
    assert "docs/verify-in-ci.md" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_source_kind_loads_through_source():
    src = Source(ROOT / "scenarios" / "queen-one-step.toml")
    assert src.load().id == "queen-one-step" and src.id_given and src.line == 1
