"""Fuzz tests (hypothesis) for what teachers and authors write by hand: board layouts and the
three TOML formats (Hive scenarios, Rive scenarios, puzzles).

Each test states the whole contract for every outcome, so it can fail either way:
- a layout is refused with a ``LayoutError`` that starts ``layout:`` and names a rule, or it
  is a position the engine plays on (every legal move plays and undoes exactly, the layout
  reads back to the same position, no side has more pieces than turns);
- a file is refused with a ``ScenarioError`` that starts ``file:line:``, or it loads; what
  loads can be verified without an exception, and every diagram ``render`` and ``worksheet``
  draw of it (full, question and answer marks in en, de and zh) is built, with every text.

The suite runs 150 fixed examples per test (a few seconds); ``FUZZ_EXAMPLES=3000 pytest
tests/test_fuzz_files.py`` runs 3,000 fresh ones each (about 90 s on 2 cores).
"""

from __future__ import annotations

import json
import math
import os
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hive_teach import ALL_GAME_TYPES, Position
from hive_teach.board.drawing import scene_of
from hive_teach.core.errors import LayoutError
from hive_teach.core.i18n import LANGUAGES
from hive_teach.hive.pieces import Colour
from hive_teach.teach import puzzle as puzzles
from hive_teach.teach.base import TEXTS, ScenarioError
from hive_teach.teach.scenario import loads
from hive_teach.teach.worksheet import answer_marks, question_marks

ROOT = Path(__file__).resolve().parents[1]
# 150 fixed examples per test in the suite; FUZZ_EXAMPLES=3000 runs that many fresh ones.
_EXAMPLES = os.environ.get("FUZZ_EXAMPLES")
FUZZ = settings(max_examples=int(_EXAMPLES or 150), derandomize=not _EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


# ----------------------------------------------------------------------------- layouts
CELLS = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]
"""Cells near the origin, where a random layout starts."""


@st.composite
def layouts(draw: st.DrawFn) -> tuple[dict[str, list[str]], dict[str, Any]]:
    """A random layout near the origin: random pieces of the game type on random cells
    (some stacked), and random options, many of them impossible."""
    game_type = draw(st.sampled_from(ALL_GAME_TYPES))
    pieces = [p.name for p in game_type.pieces]
    chosen = draw(st.lists(st.sampled_from(pieces), min_size=0, max_size=12, unique=True))
    if draw(st.integers(0, 9)) > 0:  # mostly in number order: wA2 with wA1
        chosen = sorted({f"{n[:2]}{k}" if n[2:] else n for n in chosen
                         for k in range(1, int(n[2:] or 1) + 1)} & set(pieces))
    # Grown cell by cell, mostly touching the hive and stacking only climbers mostly, so
    # that many layouts pass the simple checks and reach the deeper ones.
    stacks: dict[str, list[str]] = {}
    steps = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    for name in chosen:
        taken = [tuple(map(int, k.split(","))) for k in stacks]
        free = sorted({(q + dq, r + dr) for q, r in taken for dq, dr in steps} - set(taken))
        if taken and name[1] in "BM" and draw(st.integers(0, 3)) == 0:
            q, r = draw(st.sampled_from(taken))
        elif free and draw(st.integers(0, 9)) > 0:
            q, r = draw(st.sampled_from(free))
        else:
            q, r = draw(st.sampled_from(CELLS))
        stacks.setdefault(f"{q},{r}", []).append(name)
    options: dict[str, Any] = {"game_type": str(game_type)}
    if draw(st.booleans()):
        options["to_move"] = draw(st.sampled_from(["white", "black"]))
    if draw(st.booleans()):
        options["turn"] = draw(st.integers(min_value=-1, max_value=14))
    if chosen and draw(st.booleans()):
        options["last_moved"] = draw(st.sampled_from(chosen))
    options["tournament"] = draw(st.booleans())
    return stacks, options


@FUZZ
@given(layouts())
def test_a_random_layout_is_refused_with_a_rule_or_is_a_position_the_engine_plays(case):
    stacks, options = case
    try:
        pos = Position.from_layout(stacks, **options)
    except LayoutError as e:
        assert str(e).startswith("layout: "), e
        assert re.search(r"\(R\d+|is not a cell|listed|number order|must", str(e)), e
        return
    for side in Colour:
        done = (pos.ply + 1 - int(side)) // 2
        assert sum(1 for p in pos.where if p.colour is side) <= done
    again = Position.from_layout(pos.layout(), **{**options, "turn": pos.turn_number,
                                                  "to_move": pos.turn.name.lower()})
    assert again == pos
    before = (pos.layout(), pos.ply, pos.last_moved, pos.state)
    for move in pos.legal_moves()[:40]:
        pos.push(move)
        pos.undo()
        assert (pos.layout(), pos.ply, pos.last_moved, pos.state) == before


# ----------------------------------------------------------------------------- TOML files
def toml_value(v: Any) -> str:
    """``v`` written as a one-line TOML value (inline tables and arrays)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) \
            else repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    assert isinstance(v, dict)
    return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(x)}" for k, x in v.items()) + "}"


def toml_text(data: dict[str, Any]) -> str:
    return "".join(f"{json.dumps(k)} = {toml_value(v)}\n" for k, v in data.items())


def paths(v: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a parsed TOML tree, the root excluded."""
    out = [here] if here else []
    if isinstance(v, dict):
        for k, x in v.items():
            out += paths(x, (*here, k))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            out += paths(x, (*here, i))
    return out


WORDS = st.sampled_from(["0,0", "1,0", "-1,1", "9999,0", "0,0,0", "x", "", "wQ", "bA1", "wB1",
                         "bQ", "wP", "R7", "R99", "V3", "white", "black", "Base+MLP", "pass",
                         "wQ -bQ", "1,0", "x2,0", "[puzzle]", "en", "mark", "find"])
VALUES = st.recursive(
    st.one_of(WORDS, st.text(max_size=8), st.integers(-5, 10**6), st.booleans(),
              st.floats(allow_nan=True)),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.sampled_from(["en", "de", "zh", "0,0", "move",
                                                             "rule", "x"]), inner, max_size=3)),
    max_leaves=6,
)


def mutate(data: dict[str, Any], draw: st.DrawFn) -> dict[str, Any]:
    """``data`` with one place replaced by a random value, or deleted."""
    data = json.loads(json.dumps(data))
    where = draw(st.sampled_from(paths(data)))
    parent = data
    for key in where[:-1]:
        parent = parent[key]
    if draw(st.booleans()) and isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent[where[-1]] = draw(VALUES)
    return data


def files(folder: str) -> list[dict[str, Any]]:
    return [tomllib.loads(p.read_text(encoding="utf-8"))
            for p in sorted((ROOT / folder).glob("*.toml"))[:12]]


HIVE, RIVE, PUZZLES = files("scenarios"), files("scenarios/rive"), files("puzzles")


def check_everything_it_draws(s: Any) -> None:
    """Build what ``render`` and ``worksheet`` build from a scenario, in every language."""
    game = s.game()
    for lang in LANGUAGES:
        for marks in (s.marks(lang, game), s.marks(lang, game, answer=False),
                      question_marks(s, lang), answer_marks(s, lang)):
            scene_of(game, marks)
        for table in TEXTS:
            assert isinstance(s.text(table, lang), str)


def assert_refused_with_file_and_line(e: ScenarioError, name: str) -> None:
    assert re.match(rf"^{re.escape(name)}:\d+: \S", str(e)), e


@pytest.mark.parametrize("seeds", [HIVE, RIVE], ids=["hive", "rive"])
@FUZZ
@given(data=st.data())
@pytest.mark.slow
def test_a_mutated_scenario_file_is_refused_by_line_or_verifies_and_draws(seeds, data):
    text = toml_text(mutate(data.draw(st.sampled_from(seeds)), data.draw))
    try:
        s = loads(text, "fuzz.toml")
    except ScenarioError as e:
        assert_refused_with_file_and_line(e, "fuzz.toml")
        return
    problems = s.verify()
    assert all(isinstance(p, str) and p for p in problems)
    check_everything_it_draws(s)


@FUZZ
@given(data=st.data())
@pytest.mark.slow
def test_a_mutated_puzzle_file_is_refused_by_line_or_loads_and_draws(data):
    text = toml_text(mutate(data.draw(st.sampled_from(PUZZLES)), data.draw))
    try:
        p = puzzles.loads(text, "fuzz.toml")
    except ScenarioError as e:
        assert isinstance(e, puzzles.PuzzleError)
        assert_refused_with_file_and_line(e, "fuzz.toml")
        return
    check_everything_it_draws(p.scenario)
    assert p.win_in >= 1 and all(isinstance(m, str) for m in p.solutions)


@pytest.mark.slow
@FUZZ
@given(data=st.data())
def test_a_file_with_a_line_dropped_doubled_or_garbled_is_refused_by_line_or_loads(data):
    path = data.draw(st.sampled_from(sorted((ROOT / "scenarios").rglob("*.toml"))[:20]
                                     + sorted((ROOT / "puzzles").glob("*.toml"))))
    lines = path.read_text(encoding="utf-8").splitlines()
    i = data.draw(st.integers(0, len(lines) - 1))
    how = data.draw(st.sampled_from(["drop", "double", "garble"]))
    if how == "drop":
        del lines[i]
    elif how == "double":
        lines.insert(i, lines[i])
    else:
        junk = data.draw(st.text(max_size=4))
        at = data.draw(st.integers(0, len(lines[i])))
        lines[i] = lines[i][:at] + junk + lines[i][at:]
    text = "\n".join(lines) + "\n"
    is_puzzle = path.parent.name == "puzzles"
    try:
        s = puzzles.loads(text, "fuzz.toml").scenario if is_puzzle else loads(text, "fuzz.toml")
    except ScenarioError as e:
        assert_refused_with_file_and_line(e, "fuzz.toml")
        return
    assert all(isinstance(p, str) for p in s.verify())
    check_everything_it_draws(s)


def test_the_toml_writer_of_these_tests_round_trips():
    for data in HIVE + RIVE + PUZZLES:
        assert tomllib.loads(toml_text(data)) == data
    weird = {"a": [float("inf"), "\x7f\n\"", {"0,0": [1, True]}], "b": {"c": -0.5}}
    assert tomllib.loads(toml_text(weird)) == weird



REPRO = ROOT / "tests" / "data" / "repro"


@pytest.mark.parametrize("path", sorted(REPRO.glob("[rs]*.toml")), ids=lambda p: p.stem)
def test_each_file_that_broke_the_loaders_is_refused_by_file_and_line(path):
    from hive_teach.teach.scenario import load

    with pytest.raises(ScenarioError) as e:
        load(path)
    assert_refused_with_file_and_line(e.value, str(path))
    assert "Error" not in str(e.value)  # no Python exception name leaks into the message


def test_the_repro_base_file_verifies_and_a_caption_line_puzzle_is_no_puzzle_table():
    from hive_teach.teach.scenario import load

    assert load(REPRO / "_base.toml").verify() == []
    # Its only "[puzzle]" is a line of the caption's text (the loader once found it by text
    # and ended in a KeyError); tests/test_puzzles.py loads a real puzzle with such a caption.
    with pytest.raises(puzzles.PuzzleError, match=r"p01_puzzle_header_in_string.toml:1: a "
                       r"puzzle file needs a \[puzzle\] table"):
        puzzles.load(REPRO / "p01_puzzle_header_in_string.toml")
