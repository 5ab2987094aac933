"""Scenarios: small named positions that illustrate a rule, in one TOML format.

One file feeds the notebooks, the printed worksheets and CI (``hive-teach verify``): if the
engine and a diagram ever disagree, CI fails. The format is documented in
``docs/scenarios.md``; a short example::

    id = "spider-exactly-three"
    rules = ["R12"]
    game_type = "Base"

    [title]
    en = "The Spider walks exactly three steps"
    de = "Die Spinne läuft genau drei Schritte"
    zh = "蜘蛛正好走三步"

    [position]
    to_move = "white"
    turn = 6
    [position.stacks]
    "0,0" = "wQ"
    "1,0" = "bQ"
    "-1,0" = "wS1"

    [focus]
    piece = "wS1"
    targets = ["2,-1", "1,1"]
    [focus.forbidden]
    "0,-1" = "R12"

>>> s = loads('''
... id = "tiny"
... rules = ["R9"]
... [title]
... en = "Queen"
... de = "Königin"
... zh = "蜂后"
... [position]
... game_string = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
... [focus]
... piece = "wQ"
... targets = ["0,-1", "-1,1"]
... ''', "tiny.toml")
>>> s.id, s.rules, s.focus.piece.name
('tiny', ('R9',), 'wQ')
>>> verify(s)
[]
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hive_teach.core.errors import GameStringError, LayoutError
from hive_teach.core.hexgrid import Cell, cell_name, parse_cell
from hive_teach.hive.pieces import Piece
from hive_teach.hive.position import GameState, Move, Position

if TYPE_CHECKING:
    from hive_teach.hive.marks import Marks

LANGUAGES = ("en", "de", "zh")
RULE_IDS = tuple(f"R{i}" for i in range(21)) + tuple(f"V{i}" for i in range(1, 8))
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class ScenarioError(ValueError):
    """A scenario file that cannot be read; the message starts with ``file:line:``."""


@dataclass(frozen=True)
class Focus:
    """The piece a scenario is about, what it may reach, and where it may not go (and why)."""

    piece: Piece
    targets: frozenset[Cell] | None = None
    forbidden: Mapping[Cell, str] = field(default_factory=dict)


@dataclass(frozen=True)
class IllegalExample:
    """A move the scenario says is illegal, with the rule that forbids it."""

    move: str
    rule: str


@dataclass(frozen=True)
class Scenario:
    """One scenario file, read and checked for form (see :func:`verify` for the rules)."""

    id: str
    rules: tuple[str, ...]
    path: str
    game_type: str
    tournament: bool
    position_spec: Mapping[str, Any]
    title: Mapping[str, str]
    caption: Mapping[str, str]
    question: Mapping[str, str]
    answer: Mapping[str, str]
    focus: Focus | None = None
    marks_table: Mapping[str, Any] = field(default_factory=dict)
    play: tuple[str, ...] = ()
    expect_state: str | None = None
    expect_moves: tuple[str, ...] | None = None
    illegal: tuple[IllegalExample, ...] = ()
    tags: tuple[str, ...] = ()

    def position(self) -> Position:
        """A fresh :class:`Position` for this scenario (before any ``play`` moves)."""
        spec = self.position_spec
        if "game_string" in spec:
            return Position.from_game_string(spec["game_string"], tournament=self.tournament)
        return Position.from_layout(
            spec["stacks"],
            game_type=self.game_type,
            to_move=spec.get("to_move", "white"),
            turn=spec.get("turn"),
            last_moved=spec.get("last_moved"),
            hand=spec.get("hand"),
            tournament=self.tournament,
        )

    def marks(self, lang: str = "en", pos: Position | None = None) -> Marks:
        """The diagram marks for this scenario: the focus piece with its targets and the
        forbidden cells (with rule ids), plus the ``[marks]`` table, titled in ``lang``.

        ``pinned = true`` marks every pinned piece, ``surrounded = true`` every surrounded
        Queen, ``stunned`` names a piece; cells are ``"q,r"`` as everywhere in the file.
        """
        from hive_teach.hive.marks import Marks
        from hive_teach.hive.pieces import Colour

        pos = pos or self.position()
        m = dict(self.marks_table)
        fields: dict[str, Any] = {"title": self.text("title", lang), "lang": lang}
        if self.focus is not None:
            f = self.focus
            if f.piece in pos.where:
                fields["selected"] = f.piece.name
            fields["targets"] = sorted(pos.targets(f.piece))
            fields["forbidden"] = dict(f.forbidden)
        if m.pop("pinned", False):
            fields["pinned"] = sorted(
                c for c in pos.pinned_cells() if len(pos.stacks.get(c, ())) == 1
            )
        if m.pop("surrounded", False):
            fields["surrounded"] = [
                pos.where[q] for q in (Piece.from_name("wQ"), Piece.from_name("bQ"))
                if q in pos.where and pos.surrounded(Colour(q.colour))
            ]
        for key in ("gates", "path", "throws", "labels", "coords", "stunned", "targets",
                    "forbidden", "selected"):
            if key in m:
                fields[key] = m.pop(key)
        if "last_move" in m:
            frm, to = m.pop("last_move")
            fields["last_move"] = (frm or None, to)
        return Marks(**fields)

    def text(self, what: str, lang: str = "en") -> str:
        """The title, caption, question or answer in ``lang`` (falls back to English)."""
        table: Mapping[str, str] = getattr(self, what)
        return table.get(lang) or table.get("en", "")


# ------------------------------------------------------------------------- reading
_TOP_KEYS = {
    "id", "rules", "game_type", "tournament", "title", "caption", "question", "answer",
    "position", "focus", "marks", "play", "expect", "tags",
}
_POSITION_KEYS = {"game_string", "stacks", "to_move", "turn", "last_moved", "hand"}
_FOCUS_KEYS = {"piece", "targets", "forbidden"}
_MARK_KEYS = {
    "targets", "forbidden", "gates", "path", "pinned", "last_move", "stunned", "throws",
    "surrounded", "labels", "coords", "selected",
}
_EXPECT_KEYS = {"state", "moves", "illegal"}


def read_file(path: str | Path, error: type[ScenarioError] = ScenarioError) -> str:
    """The text of a scenario-like file (scenario, Rive scenario, puzzle); an unreadable one
    raises ``error`` naming the file."""
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise error(f"{p}:1: cannot read the file: {e}") from None


def toml_files(paths: Iterable[str | Path],
               keep: Callable[[Path], bool] = lambda _f: True) -> list[Path]:
    """Files given, plus every ``*.toml`` below a folder given that ``keep`` accepts, sorted."""
    files: list[Path] = []
    for path in paths:
        p = Path(path)
        files.extend([f for f in sorted(p.rglob("*.toml")) if keep(f)] if p.is_dir() else [p])
    return files


def load(path: str | Path) -> Scenario:
    """Read one scenario file."""
    return loads(read_file(path), str(path))


def load_all(paths: Iterable[str | Path]) -> list[Scenario]:
    """Read scenario files and folders (every ``*.toml`` below a folder), sorted by path."""
    from hive_teach.teach.rive_scenario import is_rive_file  # Rive scenarios share the folder

    return [load(f) for f in toml_files(paths, lambda f: not is_rive_file(f))]


def loads(text: str, name: str = "<scenario>") -> Scenario:
    """Read a scenario from TOML text; ``name`` is used in error messages."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise ScenarioError(f"{name}:{m.group(1) if m else 1}: not valid TOML: {e}") from None
    r = _Reader(text, name)
    r.unknown(data, _TOP_KEYS, "")
    sid = r.str(data, "id", "")
    if not _ID_RE.match(sid):
        r.fail("id", f"id {sid!r} must be lower-case letters, digits and dashes")
    rules = tuple(r.str_list(data, "rules", ""))
    if not rules:
        r.fail("rules", "rules must list at least one rule id, e.g. rules = [\"R7\"]")
    for rule in rules:
        if rule not in RULE_IDS:
            r.fail("rules", f"{rule!r} is not a rule id of RULES.md (R0-R20, V1-V7)")
    game_type = data.get("game_type", "Base")
    tournament = data.get("tournament", False)
    if not isinstance(tournament, bool):
        r.fail("tournament", "tournament must be true or false")
    texts = {}
    for what in ("title", "caption", "question", "answer"):
        table = data.get(what, {})
        if not isinstance(table, dict):
            r.fail(what, f"{what} must be a table with en, de and zh, e.g. [{what}]")
        r.unknown(table, set(LANGUAGES), what)
        for lang, value in table.items():
            if not isinstance(value, str) or not value.strip():
                r.fail(f"{what}.{lang}", f"{what}.{lang} must be non-empty text")
        texts[what] = dict(table)
    missing = [lang for lang in LANGUAGES if lang not in texts["title"]]
    if missing:
        r.fail("title", f"title needs all three languages; missing: {', '.join(missing)}")
    for what in ("caption", "question", "answer"):
        if texts[what] and set(texts[what]) != set(LANGUAGES):
            gone = sorted(set(LANGUAGES) - set(texts[what]))
            r.fail(what, f"{what} needs all three languages; missing: {', '.join(gone)}")

    pos_spec = data.get("position")
    if not isinstance(pos_spec, dict):
        r.fail("position", "a scenario needs a [position] table (game_string or stacks)")
    r.unknown(pos_spec, _POSITION_KEYS, "position")
    has_gs, has_layout = "game_string" in pos_spec, "stacks" in pos_spec
    if has_gs == has_layout:
        r.fail("position", "[position] needs exactly one of game_string and stacks")
    if has_gs and game_type != "Base" and not str(pos_spec["game_string"]).startswith(game_type):
        r.fail("game_type", "game_type must match the game type of the GameString")
    if has_gs:
        gt = str(pos_spec["game_string"]).split(";")[0].strip()
        game_type = gt

    focus = None
    if "focus" in data:
        f = data["focus"]
        r.unknown(f, _FOCUS_KEYS, "focus")
        piece_name = r.str(f, "piece", "focus")
        try:
            piece = Piece.from_name(piece_name)
        except ValueError as e:
            r.fail("focus.piece", str(e))
        targets = None
        if "targets" in f:
            targets = frozenset(r.cell(c, "focus.targets") for c in r.str_list(f, "targets",
                                                                              "focus"))
        forbidden = {}
        for key, rule in dict(f.get("forbidden", {})).items():
            if rule not in RULE_IDS:
                r.fail(f"focus.forbidden.{key}", f"{rule!r} is not a rule id (R0-R20)")
            forbidden[r.cell(key, "focus.forbidden")] = rule
        if targets is not None and set(forbidden) & targets:
            both = sorted(cell_name(c) for c in set(forbidden) & targets)
            r.fail("focus", f"cells {', '.join(both)} are listed both as targets and forbidden")
        focus = Focus(piece, targets, forbidden)

    marks = data.get("marks", {})
    r.unknown(marks, _MARK_KEYS, "marks")
    play = tuple(r.str_list(data, "play", "")) if "play" in data else ()
    expect = data.get("expect", {})
    r.unknown(expect, _EXPECT_KEYS, "expect")
    state = expect.get("state")
    if state is not None and state not in {s.value for s in GameState}:
        r.fail("expect.state", f"state {state!r} must be one of "
               f"{', '.join(s.value for s in GameState)}")
    moves = tuple(r.str_list(expect, "moves", "expect")) if "moves" in expect else None
    illegal = []
    for i, item in enumerate(expect.get("illegal", [])):
        if not isinstance(item, dict) or set(item) != {"move", "rule"}:
            r.fail("expect.illegal", f"expect.illegal[{i}] must be {{move = \"...\", rule = "
                   "\"R..\"}")
        if item["rule"] not in RULE_IDS:
            r.fail("expect.illegal", f"{item['rule']!r} is not a rule id")
        illegal.append(IllegalExample(str(item["move"]), item["rule"]))
    if focus is None and state is None and moves is None and not illegal:
        r.fail("focus", "a scenario needs something to check: [focus] or [expect]")

    scenario = Scenario(
        id=sid, rules=rules, path=name, game_type=str(game_type), tournament=tournament,
        position_spec=pos_spec, title=texts["title"], caption=texts["caption"],
        question=texts["question"], answer=texts["answer"], focus=focus, marks_table=marks,
        play=play, expect_state=state, expect_moves=moves, illegal=tuple(illegal),
        tags=tuple(r.str_list(data, "tags", "")) if "tags" in data else (),
    )
    try:
        scenario.position()
    except (GameStringError, LayoutError, ValueError) as e:
        r.fail("position", str(e))
    return scenario


class _Reader:
    """Type checks with line-numbered errors (tomllib keeps no line numbers, so we search)."""

    def __init__(self, text: str, name: str) -> None:
        self.lines = text.splitlines()
        self.name = name

    def line_of(self, dotted: str) -> int:
        parts = [p for p in dotted.split(".") if p]
        if not parts:
            return 1
        key = parts[-1]
        tables = ".".join(parts[:-1])
        start = 0
        if tables:
            for i, line in enumerate(self.lines):
                if re.match(rf"^\s*\[{re.escape(tables)}\]\s*$", line):
                    start = i
                    break
        for pattern in (rf'^\s*"?{re.escape(key)}"?\s*=', rf"^\s*\[{re.escape(dotted)}\]"):
            for i in range(start, len(self.lines)):
                if re.match(pattern, self.lines[i]):
                    return i + 1
        return start + 1

    def fail(self, where: str, message: str) -> Any:
        raise ScenarioError(f"{self.name}:{self.line_of(where)}: {message}")

    def unknown(self, table: Any, allowed: set[str], where: str) -> None:
        if not isinstance(table, dict):
            self.fail(where, f"{where or 'the file'} must be a table")
        for key in table:
            if key not in allowed:
                prefix = f"{where}." if where else ""
                self.fail(f"{prefix}{key}", f"unknown key {prefix}{key!r}; allowed: "
                          f"{', '.join(sorted(allowed))}")

    def str(self, table: Mapping[str, Any], key: str, where: str) -> str:
        value = table.get(key)
        if not isinstance(value, str) or not value.strip():
            self.fail(f"{where}.{key}" if where else key, f"{key} must be non-empty text")
        return value.strip()

    def str_list(self, table: Mapping[str, Any], key: str, where: str) -> list[str]:
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail(f"{where}.{key}" if where else key, f"{key} must be a list of text")
        return list(value)

    def cell(self, text: str, where: str) -> Cell:
        try:
            return parse_cell(text)
        except ValueError as e:
            return self.fail(where, str(e))


# ------------------------------------------------------------------------- checking
def verify(scenario: Scenario) -> list[str]:
    """Check a scenario against the engine; returns the problems (empty when all agree).

    Targets must match exactly, each forbidden cell must be explained with the listed rule,
    the expected state, move list and illegal moves must hold (after the ``play`` moves).
    """
    from hive_teach.hive.explain import explain_move

    problems: list[str] = []
    pos = scenario.position()
    if scenario.focus is not None:
        f = scenario.focus
        got = pos.targets(f.piece)
        if f.targets is not None and got != f.targets:
            extra = sorted(cell_name(c) for c in got - f.targets)
            missing = sorted(cell_name(c) for c in f.targets - got)
            problems.append(
                f"targets of {f.piece}: the engine also allows {extra or 'nothing more'}, "
                f"and does not allow {missing or 'nothing listed'}"
            )
        for c, rule in sorted(f.forbidden.items()):
            why = explain_move(pos, Move(f.piece, c))
            if why is None:
                problems.append(f"{f.piece} to {cell_name(c)} is legal, not forbidden by {rule}")
            elif why.rule != rule:
                problems.append(
                    f"{f.piece} to {cell_name(c)}: the engine cites {why.rule} ({why.reason}), "
                    f"the scenario says {rule}"
                )
    for text in scenario.play:
        try:
            pos.play(text)
        except ValueError as e:
            problems.append(f"play {text!r}: {e}")
            return problems
    if scenario.expect_state is not None and pos.state.value != scenario.expect_state:
        problems.append(f"state is {pos.state.value}, the scenario expects "
                        f"{scenario.expect_state}")
    if scenario.expect_moves is not None:
        try:
            want = {pos.parse_move(m) for m in scenario.expect_moves}
        except ValueError as e:
            problems.append(f"expect.moves: {e}")
        else:
            got_moves = set(pos.legal_moves())
            if got_moves != want:
                extra = sorted(pos.move_string(m) for m in got_moves - want)
                missing = sorted(str(m) for m in want - got_moves)
                problems.append(f"legal moves differ: the engine also allows {extra[:8]}, "
                                f"and does not allow {missing[:8]}")
    for example in scenario.illegal:
        try:
            move = pos.parse_move(example.move)
        except ValueError as e:
            rule = getattr(e, "rule", None)
            if rule != example.rule:
                problems.append(f"{example.move}: rejected as {e}, expected {example.rule}")
            continue
        why = explain_move(pos, move)
        if why is None:
            problems.append(f"{example.move} is legal, the scenario says {example.rule} forbids it")
        elif why.rule != example.rule:
            problems.append(f"{example.move}: the engine cites {why.rule} ({why.reason}), "
                            f"the scenario says {example.rule}")
    return problems
