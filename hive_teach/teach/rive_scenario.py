"""Rive scenarios: small named Rive games that illustrate a rule (V1-V7), in one TOML format.

A Rive scenario file lives in ``scenarios/rive/`` and says ``game = "rive"`` at the top; the
position is a game text. The same file feeds the tutorial notebook (diagrams, the legal
actions, why an action is illegal, the exercises) and CI: :func:`verify` replays the game and
checks every expectation against the engine, and ``hive-teach verify`` runs it through
:func:`load_any` / :func:`verify_any`, which read Hive and Rive files alike. The format::

    game = "rive"                          # marks a Rive scenario
    id = "rive-isolation-first"            # unique across the library
    rules = ["V3"]                         # the rules it illustrates (V1-V7)
    tags = ["placement"]                   # optional
    position = "rive3;0,0;0,-2;2,-2"       # a game text: rive<side>;<action>;...
    play = ["2,0"]                         # optional: actions played before [expect]

    [title]                                # en, de and zh; [caption], [question] and
    en = "..."                             # [answer] are optional, all three languages
    de = "..."
    zh = "..."

    [expect]                               # at least one of these, checked after play
    legal = ["-2,0"]                       # the exact legal actions (any order)
    illegal = [{action = "1,0", rule = "V3"}]   # illegal, and the rule the engine names
    to_move = "black"                      # who acts next
    remaining = 1                          # stones still to remove (0: no capture pending)
    joined = [1, 1]                        # sizes of the groups the pending capture joined
    groups = [2, 1, 1]                     # sizes of all groups, largest first
    over = false                           # the game is over (V7)
    winner = "black"

    [marks]                                # optional: the diagram (see rive.plot.RiveMarks)
    largest = true                         # legal, sizes, last, capture, largest, coords:
    remove = ["2,0"]                       #   true/false; remove: cells in order (each
    forbidden = {"1,0" = "V3"}             #   removal must be legal in that order);
    labels = {"0,0" = "A"}                 #   forbidden: checked against the engine

    [exercise]                             # optional: an exercise on this position
    kind = "find"                          # "mark": mark every legal cell; "find": play one
    accept = ["0,1"]                       # find: every action that solves it (all legal)
    [exercise.goal]                        # find: the task (default: the question)
    en = "..."

>>> s = loads('''
... game = "rive"
... id = "tiny"
... rules = ["V3"]
... position = "rive3;0,0"
... [title]
... en = "Lonely cells first"
... de = "Zuerst einsame Felder"
... zh = "先放孤立的格子"
... [expect]
... to_move = "white"
... illegal = [{action = "1,0", rule = "V3"}]
... ''', "tiny.toml")
>>> s.id, s.rules, len(s.game().legal_actions())
('tiny', ('V3',), 12)
>>> verify(s)
[]
>>> is_rive_scenario('game = "rive"\\nid = "x"'), is_rive_scenario('id = "x"')
(True, False)
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hive_teach.core.hexgrid import cell_name
from hive_teach.rive.engine import RiveGame
from hive_teach.rive.explain import explain
from hive_teach.rive.rules import Action, Colour, IllegalActionError, InvalidActionError, Rule
from hive_teach.teach.scenario import (
    LANGUAGES,
    Scenario,
    ScenarioError,
    _Reader,
    read_file,
    toml_files,
)
from hive_teach.teach.scenario import load as load_hive
from hive_teach.teach.scenario import verify as verify_hive

if TYPE_CHECKING:
    from hive_teach.rive.paint import RiveMarks

RULE_IDS = tuple(rule.value for rule in Rule)
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_MARKER_RE = re.compile(r'^\s*game\s*=\s*["\']rive["\']\s*(#.*)?$', re.MULTILINE)
_TOP_KEYS = {
    "game", "id", "rules", "tags", "position", "play", "title", "caption", "question",
    "answer", "expect", "marks", "exercise",
}
_EXPECT_KEYS = {"legal", "illegal", "to_move", "remaining", "joined", "groups", "over", "winner"}
_MARK_KEYS = {"legal", "sizes", "last", "capture", "remove", "forbidden", "largest", "labels",
              "coords"}
_BOOL_MARKS = ("legal", "sizes", "last", "capture", "largest", "coords")
_EXERCISE_KEYS = {"kind", "accept", "goal"}
_COLOURS = {"black": Colour.BLACK, "white": Colour.WHITE}


@dataclass(frozen=True)
class IllegalAction:
    """An action the scenario says is illegal, with the rule that forbids it."""

    action: str
    rule: str


@dataclass(frozen=True)
class Exercise:
    """An exercise on the scenario's position: ``mark`` every legal cell, or ``find`` an
    action (any of ``accept``) that does what ``goal`` asks."""

    kind: str
    accept: tuple[str, ...] = ()
    goal: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class RiveScenario:
    """One Rive scenario file, read and checked for form (:func:`verify` checks the rules)."""

    id: str
    rules: tuple[str, ...]
    path: str
    position: str
    title: Mapping[str, str]
    caption: Mapping[str, str] = field(default_factory=dict)
    question: Mapping[str, str] = field(default_factory=dict)
    answer: Mapping[str, str] = field(default_factory=dict)
    play: tuple[str, ...] = ()
    legal: tuple[str, ...] | None = None
    illegal: tuple[IllegalAction, ...] = ()
    to_move: str | None = None
    remaining: int | None = None
    joined: tuple[int, ...] | None = None
    groups: tuple[int, ...] | None = None
    over: bool | None = None
    winner: str | None = None
    marks_table: Mapping[str, Any] = field(default_factory=dict)
    exercise: Exercise | None = None
    tags: tuple[str, ...] = ()

    def game(self) -> RiveGame:
        """A fresh game at the scenario's position (before any ``play`` actions)."""
        return RiveGame.from_text(self.position)

    def text(self, what: str, lang: str = "en") -> str:
        """The title, caption, question or answer in ``lang`` (falls back to English)."""
        table: Mapping[str, str] = getattr(self, what)
        return table.get(lang) or table.get("en", "")

    def goal(self, lang: str = "en") -> str:
        """The task of a ``find`` exercise in ``lang`` (the question if it has no goal)."""
        if self.exercise is not None and self.exercise.goal:
            return self.exercise.goal.get(lang) or self.exercise.goal.get("en", "")
        return self.text("question", lang)

    def marks(self, lang: str = "en", *, answer: bool = True) -> RiveMarks:
        """The diagram marks: the ``[marks]`` table in ``lang``, with the scenario's title.

        ``answer=False`` leaves out what would give an exercise away: the legal cells, the
        stones chosen for removal and the crosses.
        """
        from hive_teach.rive.paint import RiveMarks

        fields: dict[str, Any] = {k: v for k, v in self.marks_table.items()}
        if not answer:
            fields.update(legal=False, remove=(), forbidden={})
        return RiveMarks(**fields, lang=lang, title=self.text("title", lang))


# ------------------------------------------------------------------------------- reading
def is_rive_scenario(text: str) -> bool:
    """Whether a scenario file's text is a Rive scenario (it has ``game = "rive"``); works on
    broken TOML too, so that its errors come from the Rive reader."""
    return _MARKER_RE.search(text) is not None


def is_rive_file(path: str | Path) -> bool:
    """Whether the file at ``path`` is a Rive scenario (an unreadable file is not)."""
    try:
        return is_rive_scenario(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return False


def load(path: str | Path) -> RiveScenario:
    """Read one Rive scenario file; errors name the file and the line (``ScenarioError``)."""
    return loads(read_file(path), str(path))


def load_all(paths: Iterable[str | Path]) -> list[RiveScenario]:
    """Read the Rive scenarios among files and folders (every ``*.toml`` below a folder that
    is a Rive scenario), sorted by path."""
    return [load(f) for f in toml_files(paths, is_rive_file)]


def load_any(path: str | Path) -> Scenario | RiveScenario:
    """Read a Hive or a Rive scenario file, whichever it is (for ``hive-teach verify``)."""
    return load(path) if is_rive_file(path) else load_hive(path)


def verify_any(scenario: Scenario | RiveScenario) -> list[str]:
    """Check a Hive or a Rive scenario against its engine (for ``hive-teach verify``)."""
    if isinstance(scenario, RiveScenario):
        return verify(scenario)
    return verify_hive(scenario)


def loads(text: str, name: str = "<scenario>") -> RiveScenario:
    """Read a Rive scenario from TOML text; ``name`` is used in error messages."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise ScenarioError(f"{name}:{m.group(1) if m else 1}: not valid TOML: {e}") from None
    r = _Reader(text, name)
    r.unknown(data, _TOP_KEYS, "")
    if data.get("game") != "rive":
        r.fail("game", 'a Rive scenario starts with game = "rive"')
    sid = r.str(data, "id", "")
    if not _ID_RE.match(sid):
        r.fail("id", f"id {sid!r} must be lower-case letters, digits and dashes")
    rules = tuple(r.str_list(data, "rules", ""))
    if not rules:
        r.fail("rules", 'rules must list at least one rule id, e.g. rules = ["V3"]')
    for rule in rules:
        if rule not in RULE_IDS:
            r.fail("rules", f"{rule!r} is not a Rive rule id of RULES.md (V1-V7)")
    texts = {what: _texts(r, data.get(what, {}), what)
             for what in ("title", "caption", "question", "answer")}
    if not texts["title"]:
        r.fail("title", "a scenario needs a [title] in en, de and zh")
    position = r.str(data, "position", "")
    try:
        RiveGame.from_text(position)
    except ValueError as e:
        r.fail("position", f"position: {e}")
    play = tuple(r.str_list(data, "play", "")) if "play" in data else ()
    for action in play:
        _action(r, action, "play")

    expect = data.get("expect", {})
    r.unknown(expect, _EXPECT_KEYS, "expect")
    legal = tuple(r.str_list(expect, "legal", "expect")) if "legal" in expect else None
    for action in legal or ():
        _action(r, action, "expect.legal")
    illegal = []
    for i, item in enumerate(expect.get("illegal", [])):
        if not isinstance(item, dict) or set(item) != {"action", "rule"}:
            r.fail("expect.illegal", f'expect.illegal[{i}] must be {{action = "...", '
                   'rule = "V.."}')
        if item["rule"] not in RULE_IDS:
            r.fail("expect.illegal", f"{item['rule']!r} is not a Rive rule id (V1-V7)")
        _action(r, str(item["action"]), "expect.illegal")
        illegal.append(IllegalAction(str(item["action"]), item["rule"]))
    to_move = _colour_name(r, expect, "to_move")
    winner = _colour_name(r, expect, "winner")
    remaining = expect.get("remaining")
    if remaining is not None and (not isinstance(remaining, int) or isinstance(remaining, bool)
                                  or remaining < 0):
        r.fail("expect.remaining", "remaining must be a whole number, 0 or more")
    joined = _int_list(r, expect, "joined")
    groups = _int_list(r, expect, "groups")
    over = expect.get("over")
    if over is not None and not isinstance(over, bool):
        r.fail("expect.over", "over must be true or false")
    marks = _marks(r, data.get("marks", {}))
    exercise = _exercise(r, data.get("exercise"))
    checks = (legal, to_move, remaining, joined, groups, over, winner)
    if not illegal and all(check is None for check in checks):
        r.fail("expect", "a scenario needs something to check: an [expect] table")
    return RiveScenario(
        id=sid, rules=rules, path=name, position=position, title=texts["title"],
        caption=texts["caption"], question=texts["question"], answer=texts["answer"],
        play=play, legal=legal, illegal=tuple(illegal), to_move=to_move, remaining=remaining,
        joined=joined, groups=groups, over=over, winner=winner, marks_table=marks,
        exercise=exercise,
        tags=tuple(r.str_list(data, "tags", "")) if "tags" in data else (),
    )


def _texts(r: _Reader, table: Any, what: str) -> dict[str, str]:
    if not isinstance(table, dict):
        r.fail(what, f"{what} must be a table with en, de and zh, e.g. [{what}]")
    r.unknown(table, set(LANGUAGES), what)
    for lang, value in table.items():
        if not isinstance(value, str) or not value.strip():
            r.fail(f"{what}.{lang}", f"{what}.{lang} must be non-empty text")
    if table and set(table) != set(LANGUAGES):
        missing = sorted(set(LANGUAGES) - set(table))
        r.fail(what, f"{what} needs all three languages; missing: {', '.join(missing)}")
    return {lang: value.strip() for lang, value in table.items()}


def _action(r: _Reader, text: str, where: str) -> Action:
    try:
        return Action.parse(text)
    except InvalidActionError as e:
        return r.fail(where, str(e))


def _colour_name(r: _Reader, table: Mapping[str, Any], key: str) -> str | None:
    value = table.get(key)
    if value is not None and value not in _COLOURS:
        r.fail(f"expect.{key}", f'{key} must be "black" or "white", not {value!r}')
    return value


def _int_list(r: _Reader, table: Mapping[str, Any], key: str) -> tuple[int, ...] | None:
    value = table.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, int) and v > 0 for v in value):
        r.fail(f"expect.{key}", f"{key} must be a list of group sizes, e.g. [2, 1]")
    return tuple(value)


def _marks(r: _Reader, table: Any) -> dict[str, Any]:
    r.unknown(table, _MARK_KEYS, "marks")
    out: dict[str, Any] = {}
    for key in _BOOL_MARKS:
        if key in table:
            if not isinstance(table[key], bool):
                r.fail(f"marks.{key}", f"marks.{key} must be true or false")
            out[key] = table[key]
    if "remove" in table:
        out["remove"] = tuple(r.cell(c, "marks.remove")
                              for c in r.str_list(table, "remove", "marks"))
    for key in ("forbidden", "labels"):
        if key in table:
            value = table[key]
            if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
                r.fail(f"marks.{key}", f'marks.{key} must map cells to text, e.g. '
                       f'{{"1,0" = "{"V3" if key == "forbidden" else "A"}"}}')
            out[key] = {r.cell(c, f"marks.{key}"): v for c, v in value.items()}
    for rule in out.get("forbidden", {}).values():
        if rule not in RULE_IDS:
            r.fail("marks.forbidden", f"{rule!r} is not a Rive rule id (V1-V7)")
    return out


def _exercise(r: _Reader, table: Any) -> Exercise | None:
    if table is None:
        return None
    r.unknown(table, _EXERCISE_KEYS, "exercise")
    kind = table.get("kind")
    if kind not in ("mark", "find"):
        r.fail("exercise.kind", 'exercise.kind must be "mark" or "find"')
    accept = tuple(r.str_list(table, "accept", "exercise")) if "accept" in table else ()
    if kind == "find" and not accept:
        r.fail("exercise", "a find exercise needs accept = [...]: the actions that solve it")
    if kind == "mark" and accept:
        r.fail("exercise.accept", "a mark exercise is checked against all legal actions: "
               "leave out accept")
    for action in accept:
        _action(r, action, "exercise.accept")
    goal = _texts(r, table.get("goal", {}), "exercise.goal")
    return Exercise(kind, accept, goal)


# ------------------------------------------------------------------------------ checking
def verify(scenario: RiveScenario) -> list[str]:
    """Check a Rive scenario against the engine; returns the problems (empty when all agree).

    On the position: the marks' forbidden cells (each illegal by the listed rule), the
    stones chosen for removal (legal removals in that order) and the exercise's accepted
    actions (legal). After the ``play`` actions: the exact legal actions, each illegal
    action with its rule, whose turn it is, the pending capture, the groups and the result.
    """
    problems: list[str] = []
    game = scenario.game()
    for c, rule in sorted(scenario.marks_table.get("forbidden", {}).items()):
        action = Action.remove(c) if game.pending_capture else Action.place(c)
        problems += _illegal_problems(game, action.text, rule, "marks.forbidden")
    trial = game.copy()
    for c in scenario.marks_table.get("remove", ()):
        try:
            trial.play(Action.remove(c))
        except IllegalActionError as e:
            problems.append(f"marks.remove: x{cell_name(c)} is not a legal removal here: {e}")
            break
    if scenario.exercise is not None:
        for text in scenario.exercise.accept:
            why = explain(game, text)
            if why is not None:
                problems.append(f"exercise.accept: {text} is illegal, so it cannot solve the "
                                f"exercise: {why}")
    for text in scenario.play:
        try:
            game.play(text)
        except ValueError as e:
            problems.append(f"play {text!r}: {e}")
            return problems
    if scenario.legal is not None:
        want = {Action.parse(text) for text in scenario.legal}
        got = set(game.legal_actions())
        if got != want:
            extra = [a.text for a in game.legal_actions() if a not in want]
            missing = sorted(a.text for a in want - got)
            problems.append(f"legal actions differ: the engine also allows "
                            f"{extra or 'nothing more'}, and does not allow "
                            f"{missing or 'nothing listed'}")
    for example in scenario.illegal:
        problems += _illegal_problems(game, example.action, example.rule, "expect.illegal")
    if scenario.to_move is not None and game.to_move is not _COLOURS[scenario.to_move]:
        problems.append(f"{str(game.to_move).lower()} is to move, the scenario expects "
                        f"{scenario.to_move}")
    capture = game.pending_capture
    if scenario.remaining is not None:
        got_remaining = 0 if capture is None else capture.remaining
        if got_remaining != scenario.remaining:
            problems.append(f"{got_remaining} stones are still to be removed, the scenario "
                            f"expects {scenario.remaining}")
    if scenario.joined is not None:
        got_joined = None if capture is None else capture.joined
        if got_joined != scenario.joined:
            problems.append(f"the pending capture joined groups of {got_joined}, the scenario "
                            f"expects {list(scenario.joined)}")
    if scenario.groups is not None:
        sizes = tuple(len(g) for g in game.groups())
        if sizes != scenario.groups:
            problems.append(f"the groups have sizes {list(sizes)}, the scenario expects "
                            f"{list(scenario.groups)}")
    if scenario.over is not None and game.is_over() != scenario.over:
        problems.append(f"the game is {'' if game.is_over() else 'not '}over, the scenario "
                        f"expects over = {str(scenario.over).lower()}")
    if scenario.winner is not None:
        winner = game.winner()
        if winner is None or winner is not _COLOURS[scenario.winner]:
            got = "nobody yet" if winner is None else str(winner).lower()
            problems.append(f"the winner is {got}, the scenario expects {scenario.winner}")
    return problems


def _illegal_problems(game: RiveGame, text: str, rule: str, where: str) -> list[str]:
    try:
        why = explain(game, text)
    except InvalidActionError as e:
        return [f"{where}: {e}"]
    if why is None:
        return [f"{where}: {text} is legal, the scenario says {rule} forbids it"]
    if why.rule != rule:
        return [f"{where}: {text}: the engine cites {why.rule} ({why.reason}), the scenario "
                f"says {rule}"]
    return []


__all__ = [
    "Exercise",
    "IllegalAction",
    "RiveScenario",
    "ScenarioError",
    "is_rive_file",
    "is_rive_scenario",
    "load",
    "load_all",
    "load_any",
    "loads",
    "verify",
    "verify_any",
]
