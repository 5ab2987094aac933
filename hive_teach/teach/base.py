"""What every scenario shares, whatever the game: :class:`Scenario`, read by :meth:`Scenario.read`.

A scenario file names its game (``game = "rive"``; no ``game`` key, or ``game = "hive"``, is
Hive), and most of it means the same in every game: ``id``, ``rules``, ``tags``, the texts
``[title]``, ``[caption]``, ``[question]``, ``[answer]`` and ``[hint]`` (each optional, in any
of en, de and zh), ``play``, ``[marks]``, the illegal examples in ``[expect]`` and an
``[exercise]``. That part is read here, once. A scenario written inline (a ```` ```hive ````
block of a Markdown page, :mod:`hive_teach.teach.markdown`) may leave out ``id`` and ``rules``
too. A game's subclass (:class:`~hive_teach.teach.hive_scenario.HiveScenario`,
:class:`~hive_teach.teach.rive_scenario.RiveScenario`) adds how its position is read, which
``[expect]`` and ``[marks]`` keys it knows, and how the file is checked against its engine
(:meth:`Scenario.verify`). :func:`hive_teach.teach.scenario.load` picks the subclass.

>>> from hive_teach.teach.scenario import loads
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
... illegal = [{action = "1,0", rule = "V3"}]
... ''', "tiny.toml")
>>> s.id, s.rules, s.text("title", "de"), s.text("caption", "de")
('tiny', ('V3',), 'Zuerst einsame Felder', '')

Texts are optional, and so is each translation: a missing language falls back to English (or
to the language given), a missing title to the id.

>>> s = loads('''
... game = "rive"
... id = "tiny"
... rules = ["V3"]
... position = "rive3;0,0"
... [caption]
... de = "Einsam"
... [hint]
... en = "Which cells touch no stone?"
... [expect]
... to_move = "white"
... ''', "tiny.toml")
>>> s.text("title"), s.text("caption", "zh"), s.text("hint", "de"), s.verify()
('tiny', 'Einsam', 'Which cells touch no stone?', [])
>>> loads('game = "chess"', "chess.toml")
Traceback (most recent call last):
...
hive_teach.teach.base.ScenarioError: chess.toml:1: game must be "hive" or "rive", not 'chess'
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeVar

from hive_teach.core.hexgrid import Cell, parse_cell
from hive_teach.core.registry import DEFAULT, parts_for
from hive_teach.core.tomlfile import Reader, TomlFileError

G = TypeVar("G")
"""The game state a scenario sets up (a Hive ``Position``, a ``RiveGame``)."""
M = TypeVar("M")
"""The marks its diagrams take (Hive ``Marks``, ``RiveMarks``)."""

_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def check_id(sid: str, kind: str, example: str) -> str:
    """``sid`` if it is an id (lower-case letters, digits and dashes), so that no id names a
    file outside its folder; else a ValueError naming it.

    >>> check_id("../scenarios/beetle-stack", "puzzle", "spider-three-steps")
    Traceback (most recent call last):
    ...
    ValueError: '../scenarios/beetle-stack' is not a puzzle id: ids are lower-case letters, \
digits and dashes, like spider-three-steps
    """
    if not isinstance(sid, str) or not _ID_RE.match(sid):
        raise ValueError(f"{sid!r} is not a {kind} id: ids are lower-case letters, digits and "
                         f"dashes, like {example}")
    return sid

TEXTS = ("title", "caption", "question", "answer", "hint")
"""The text tables of a scenario; each optional, in any of en, de and zh. ``hint`` is what the
Hint button under an exercise board shows: a nudge that does not give the answer away."""
COMMON_KEYS = frozenset({"game", "id", "rules", "tags", "play", *TEXTS, "expect", "marks",
                         "exercise", "caption_in_answer"})
"""The top-level keys every game's scenario may have."""
_EXERCISE_KEYS = {"kind", "accept", "goal"}


class ScenarioError(TomlFileError):
    """A scenario file that cannot be read: ``file``, ``line`` and ``why`` (its message is
    ``file:line: why``)."""


@dataclass(frozen=True)
class IllegalExample:
    """A move (Hive) or action (Rive) that the scenario says is illegal, and the rule that
    forbids it."""

    move: str
    rule: str


@dataclass(frozen=True)
class Exercise:
    """An exercise on the scenario's position: ``mark`` every cell that is legal (Hive: every
    cell the focus piece can reach; Rive: every legal action), or ``find`` a move (any of
    ``accept``) that does what ``goal`` asks (by default: the question)."""

    kind: str
    accept: tuple[str, ...] = ()
    goal: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Finding:
    """One claim of a scenario that its engine disagrees with.

    ``text`` is the problem in one line, as :meth:`Scenario.verify` gives it; ``key`` the key
    of the file it is about (``"focus.targets"``, ``"marks.gates"``, ``"expect.illegal"``).
    For a report that marks cells on a map: ``missing`` are cells the scenario lists that the
    engine refuses, ``extra`` cells the engine allows that the scenario leaves out, ``wrong``
    cells with a wrong rule id or a false mark; ``why`` pairs what the engine was asked (a
    cell, a move) with its explanation in English. ``after_play``: the cells are on the
    position after the ``play`` moves, not on the scenario's own.

    >>> f = Finding("focus.targets", "targets of wQ: ...", missing=(5,))
    >>> str(f), f.cells
    ('targets of wQ: ...', (5,))
    """

    key: str
    text: str
    missing: tuple[Cell, ...] = ()
    extra: tuple[Cell, ...] = ()
    wrong: tuple[Cell, ...] = ()
    why: tuple[tuple[str, str], ...] = ()
    after_play: bool = False

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell the finding marks."""
        return (*self.missing, *self.extra, *self.wrong)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, kw_only=True)
class Scenario(ABC, Generic[G, M]):
    """One scenario file of some game, read and checked for form; :meth:`verify` checks it
    against the game's engine."""

    GAME: ClassVar[str]
    """The value of the file's ``game`` key (``"hive"``, ``"rive"``)."""
    GAME_NAME: ClassVar[str]
    """The game's name in messages (``"Hive"``)."""
    RULE_IDS: ClassVar[tuple[str, ...]]
    """The rule ids of RULES.md the game's scenarios may cite."""
    RULE_SPAN: ClassVar[str]
    """The same, short, for messages (``"R0-R20"``)."""
    RULE_EXAMPLE: ClassVar[str]
    """A rule id for examples in messages (``"R7"``)."""
    MOVE: ClassVar[str]
    """What a turn is called in the file (``"move"``, ``"action"``), as in ``illegal``."""
    KEYS: ClassVar[frozenset[str]]
    """The game's own top-level keys (besides :data:`COMMON_KEYS`)."""
    EXPECT_KEYS: ClassVar[frozenset[str]]
    """The game's ``[expect]`` keys (besides ``illegal``)."""
    MARK_KEYS: ClassVar[frozenset[str]]
    """The game's ``[marks]`` keys."""
    LEGEND: ClassVar[bool] = False
    """Whether a lesson explains the game's diagram marks under its first diagram
    (:func:`hive_teach.teach.lessons.legend`)."""

    id: str
    rules: tuple[str, ...]
    path: str
    title: Mapping[str, str] = field(default_factory=dict)
    caption: Mapping[str, str] = field(default_factory=dict)
    question: Mapping[str, str] = field(default_factory=dict)
    answer: Mapping[str, str] = field(default_factory=dict)
    hint: Mapping[str, str] = field(default_factory=dict)
    play: tuple[str, ...] = ()
    """Moves played after the position's own checks and before ``[expect]``."""
    illegal: tuple[IllegalExample, ...] = ()
    """``expect.illegal``: checked after ``play``."""
    marks_table: Mapping[str, Any] = field(default_factory=dict)
    exercise: Exercise | None = None
    tags: tuple[str, ...] = ()
    caption_in_answer: bool = False
    """The caption gives the answer away: a worksheet prints it in the answer key, not
    beside the question (``caption_in_answer = true``)."""

    # ------------------------------------------------------------------ texts
    def text(self, what: str, lang: str = "en") -> str:
        """The title, caption, question, answer or hint in ``lang``: English if that language is
        missing, else the first language given; ``""`` if the scenario has no such text, but
        for the title, which falls back to the id (a diagram, a worksheet, a board always
        have a heading)."""
        if what not in TEXTS:
            raise ValueError(f"a scenario's texts are {', '.join(TEXTS)}, not {what!r}")
        text = _in(getattr(self, what), lang)
        return text or (self.id if what == "title" else "")

    def goal(self, lang: str = "en") -> str:
        """The task of the ``find`` exercise in ``lang`` (the question if it gives none)."""
        if self.exercise is not None and self.exercise.goal:
            return _in(self.exercise.goal, lang)
        return self.text("question", lang)

    # ------------------------------------------------------------------ the game's part
    @abstractmethod
    def game(self) -> G:
        """A fresh game state at the scenario's position (before any ``play`` moves)."""

    @abstractmethod
    def marks(self, lang: str = "en", game: G | None = None, *, answer: bool = True) -> M:
        """The diagram marks in ``lang``, titled with the scenario's title; ``game`` saves
        rebuilding the position. ``answer=False``: only what does not give the answer away
        (for a question, a worksheet, an exercise)."""

    def verify(self) -> list[str]:
        """What the engine disagrees with, one line each (empty when it agrees with every
        claim): the texts of :meth:`findings`."""
        return [f.text for f in self.findings()]

    @abstractmethod
    def findings(self) -> list[Finding]:
        """What the engine disagrees with, with the cells and explanations a report shows."""

    @abstractmethod
    def engine_answer(self) -> str:
        """The answer the engine gives, for a scenario without ``[answer]``: the focus piece's
        targets, the legal actions."""

    # ------------------------------------------------------------------ lesson helpers
    def why_not(self, move: str) -> Any:
        """Why the engine refuses ``move`` (its text) at the scenario's position (an
        explanation with ``rule`` and ``text(lang)``); ``None`` if it is legal. Text that is no
        move at all raises the game's ``ValueError``."""
        game: Any = self.game()  # a Game (hive_teach.core.game)
        try:
            parsed = game.parse_move(move)
        except ValueError as e:  # refused while reading it (the cell is taken, ...)
            why = getattr(e, "explanation", None)
            if why is None:
                raise
            return why
        return game.explain(parsed)

    def cell_of(self, move: str) -> Cell | None:
        """The cell ``move`` (its text) goes to, if the text says: here, text that is a cell."""
        try:
            return parse_cell(move)
        except ValueError:
            return None

    def why_marks(self, why: Any, cell: Cell | None, lang: str) -> M:
        """The marks of a diagram that shows why a move is refused: its cell crossed out with
        the rule, no title line."""
        forbidden = {} if cell is None else {cell: str(why.rule)}
        marks: M = parts_for(self.game()).part("with_fields")(None, forbidden=forbidden,
                                                               lang=lang, title="")
        return marks

    def board_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options of a board on the scenario (:class:`BoardController`'s) as the game
        wants them (Hive's mark exercise is about its focus piece)."""
        return options

    # ------------------------------------------------------------------ a report's map
    @abstractmethod
    def map_labels(self, game: G, focus: str) -> dict[Cell, str]:
        """What the ASCII map of a report (:mod:`hive_teach.teach.report`) writes on each
        cell of ``game`` (``"."`` for an empty cell); ``focus`` is the mark before the piece the
        scenario is about (``""``: none)."""

    def agreed(self, game: G) -> frozenset[Cell]:
        """The cells the scenario lists that the engine agrees with, for a report's map (none
        unless the game says)."""
        return frozenset()

    def report_legend(self, focus: str) -> list[str]:
        """What a report's legend says of the map's labels (``focus``: as in
        :meth:`map_labels`)."""
        return [". empty"]

    # ------------------------------------------------------------------ reading
    @classmethod
    def read(cls, r: Reader, default_id: str | None = None) -> Self:
        """The scenario in ``r`` (a parsed file); :meth:`_read_game` reads the game's part.

        ``default_id`` is for a scenario written inline (a Markdown block): it may then leave
        out ``id`` (it gets ``default_id``) and ``rules``, which the check does not need.
        """
        data = r.data
        r.unknown(data, COMMON_KEYS | cls.KEYS, "")
        if data.get("game", DEFAULT) != cls.GAME:
            r.fail("game", f'a {cls.GAME_NAME} scenario says game = "{cls.GAME}"')
        hint = cls._other_game(data)
        if hint:
            r.fail("game", hint)
        inline = default_id is not None
        sid = r.text(data, "id") if "id" in data or not inline else str(default_id)
        if not _ID_RE.match(sid):
            r.fail("id", f"id {sid!r} must be lower-case letters, digits and dashes")
        rules = tuple(r.text_list(data, "rules"))
        if not rules and not (inline and "rules" not in data):
            r.fail("rules", f'rules must list at least one rule id, e.g. rules = '
                   f'["{cls.RULE_EXAMPLE}"]')
        for rule in rules:
            cls._rule(r, rule, "rules")
        texts = {what: r.translations(data, what) for what in TEXTS}
        play = tuple(r.text_list(data, "play"))
        for move in play:
            cls._check_move(r, move, "play")
        expect = r.table(data, "expect", allowed=cls.EXPECT_KEYS | {"illegal"})
        illegal = cls._read_illegal(r, expect.get("illegal", []))
        marks = cls._read_marks(r, r.table(data, "marks", allowed=cls.MARK_KEYS))
        common: dict[str, Any] = {
            "id": sid, "rules": rules, "path": r.name, **texts, "play": play,
            "illegal": illegal, "marks_table": marks, "exercise": cls._read_exercise(r, data),
            "tags": tuple(r.text_list(data, "tags")),
            "caption_in_answer": bool(r.boolean(data, "caption_in_answer")),
        }
        return cls._read_game(r, common, expect)

    @classmethod
    @abstractmethod
    def _read_game(cls, r: Reader, common: dict[str, Any], expect: dict[str, Any]) -> Self:
        """The scenario, from the fields every game has (``common``, keyword arguments) and
        the game's own keys; ``expect`` is the ``[expect]`` table."""

    @classmethod
    def _other_game(cls, data: Mapping[str, Any]) -> str | None:
        """Why ``data`` looks like another game's scenario (read as this game's, it would
        fail on some later key with a puzzling message); None if it does not."""
        return None

    @classmethod
    def _check_move(cls, r: Reader, text: str, where: str) -> None:
        """Fail unless ``text`` reads as a move of the game (without a position)."""

    @classmethod
    def _read_marks(cls, r: Reader, table: dict[str, Any]) -> dict[str, Any]:
        """The ``[marks]`` table as the game's diagrams want it (its keys are checked)."""
        return table

    @classmethod
    def _rule(cls, r: Reader, rule: object, where: str) -> str:
        if rule not in cls.RULE_IDS:
            r.fail(where, f"{rule!r} is not a {cls.GAME_NAME} rule id of RULES.md "
                   f"({cls.RULE_SPAN})")
        return str(rule)

    @classmethod
    def _read_illegal(cls, r: Reader, items: Any) -> tuple[IllegalExample, ...]:
        shape = f'{{{cls.MOVE} = "...", rule = "{cls.RULE_EXAMPLE}"}}'
        if not isinstance(items, list):
            r.fail("expect.illegal", f"expect.illegal must be a list like [{shape}]")
        out = []
        for i, item in enumerate(items):
            if not isinstance(item, dict) or set(item) != {cls.MOVE, "rule"} \
                    or not isinstance(item[cls.MOVE], str):
                r.fail("expect.illegal", f"expect.illegal[{i}] must be {shape}")
            rule = cls._rule(r, item["rule"], "expect.illegal")
            cls._check_move(r, item[cls.MOVE], "expect.illegal")
            out.append(IllegalExample(item[cls.MOVE], rule))
        return tuple(out)

    @classmethod
    def _read_exercise(cls, r: Reader, data: Mapping[str, Any]) -> Exercise | None:
        if "exercise" not in data:
            return None
        table = r.table(data, "exercise", allowed=_EXERCISE_KEYS)
        kind = table.get("kind")
        if kind not in ("mark", "find"):
            r.fail("exercise.kind", 'exercise.kind must be "mark" or "find"')
        accept = tuple(r.text_list(table, "accept", "exercise"))
        if kind == "find" and not accept:
            r.fail("exercise", f"a find exercise needs accept = [...]: the {cls.MOVE}s that "
                   "solve it")
        if kind == "mark" and accept:
            r.fail("exercise.accept", "a mark exercise is checked against the engine's legal "
                   f"{cls.MOVE}s: leave out accept")
        for move in accept:
            cls._check_move(r, move, "exercise.accept")
        return Exercise(kind, accept, r.translations(table, "goal", "exercise"))


def _in(table: Mapping[str, str], lang: str) -> str:
    """The text of ``table`` in ``lang``, else English, else the first given, else ``""``."""
    return table.get(lang) or table.get("en") or next(iter(table.values()), "")


__all__ = ["COMMON_KEYS", "TEXTS", "Exercise", "Finding", "IllegalExample", "Scenario",
           "ScenarioError"]
