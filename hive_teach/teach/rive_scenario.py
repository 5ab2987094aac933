"""Rive scenarios: small named Rive games that illustrate a rule (V1-V7), in one TOML format.

A Rive scenario file lives in ``scenarios/rive/`` and says ``game = "rive"`` at the top; the
position is a game text. The same file feeds the tutorial notebook (diagrams, the legal
actions, why an action is illegal, the exercises), the diagrams, the worksheets and CI:
:meth:`RiveScenario.verify` replays the game and checks every expectation against the engine
(``hive-teach verify`` runs it). Read it with
:func:`hive_teach.teach.scenario.load`, which reads Hive and Rive files alike: the keys every
game's scenario has are read by :mod:`hive_teach.teach.base`, the rest here. The format::

    game = "rive"                          # marks a Rive scenario
    id = "rive-isolation-first"            # unique across the library
    rules = ["V3"]                         # the rules it illustrates (V1-V7)
    tags = ["placement"]                   # optional
    position = "rive3;0,0;0,-2;2,-2"       # a game text: rive<side>;<action>;...
    play = ["2,0"]                         # optional: actions played before [expect]

    [title]                                # optional, like [caption], [question] and
    en = "..."                             # [answer]: in any of en, de and zh
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

    [marks]                                # optional: the diagram (see rive.paint.RiveMarks)
    largest = true                         # legal, sizes, last, capture, largest, coords:
    remove = ["2,0"]                       #   true/false; remove: cells in order (each
    forbidden = {"1,0" = "V3"}             #   removal must be legal in that order);
    labels = {"0,0" = "A"}                 #   forbidden: checked against the engine

    [exercise]                             # optional: an exercise on this position
    kind = "find"                          # "mark": mark every legal cell; "find": play one
    accept = ["0,1"]                       # find: every action that solves it (all legal)
    [exercise.goal]                        # find: the task (default: the question)
    en = "..."

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
... to_move = "white"
... illegal = [{action = "1,0", rule = "V3"}]
... ''', "tiny.toml")
>>> s.id, s.rules, len(s.game().legal_moves())
('tiny', ('V3',), 12)
>>> type(s).__name__, s.verify()
('RiveScenario', [])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from hive_teach.core.hexgrid import Cell, cell_name
from hive_teach.core.tomlfile import Reader
from hive_teach.rive.explain import explain
from hive_teach.rive.moves import Action
from hive_teach.rive.paint import RiveMarks
from hive_teach.rive.position import RiveGame
from hive_teach.rive.rules import Colour, IllegalActionError, InvalidActionError, Rule
from hive_teach.teach.base import Finding, Scenario

_BOOL_MARKS = ("legal", "sizes", "last", "capture", "largest", "coords")
_COLOURS = {"black": Colour.BLACK, "white": Colour.WHITE}


@dataclass(frozen=True, kw_only=True)
class RiveScenario(Scenario[RiveGame, RiveMarks]):
    """A Rive scenario: a game text and what the engine must agree with after ``play``."""

    GAME: ClassVar[str] = "rive"
    GAME_NAME: ClassVar[str] = "Rive"
    RULE_IDS: ClassVar[tuple[str, ...]] = tuple(rule.value for rule in Rule)
    RULE_SPAN: ClassVar[str] = "V1-V7"
    RULE_EXAMPLE: ClassVar[str] = "V3"
    MOVE: ClassVar[str] = "action"
    KEYS: ClassVar[frozenset[str]] = frozenset({"position"})
    EXPECT_KEYS: ClassVar[frozenset[str]] = frozenset({
        "legal", "to_move", "remaining", "joined", "groups", "over", "winner"})
    MARK_KEYS: ClassVar[frozenset[str]] = frozenset({
        "legal", "sizes", "last", "capture", "remove", "forbidden", "largest", "labels",
        "coords"})

    position_text: str
    """The ``position`` key: a game text, ``rive<side>;<action>;...``."""
    legal: tuple[str, ...] | None = None
    to_move: str | None = None
    remaining: int | None = None
    joined: tuple[int, ...] | None = None
    groups: tuple[int, ...] | None = None
    over: bool | None = None
    winner: str | None = None

    def game(self) -> RiveGame:
        """A fresh game at the scenario's position (before any ``play`` actions)."""
        return RiveGame.from_text(self.position_text)

    def marks(self, lang: str = "en", game: RiveGame | None = None, *,
              answer: bool = True) -> RiveMarks:
        """The diagram marks: the ``[marks]`` table in ``lang``, with the scenario's title
        (``game`` is not needed: Rive's marks do not depend on the position).

        ``answer=False`` leaves out what would give an exercise away: the legal cells, the
        stones chosen for removal and the crosses.
        """
        fields: dict[str, Any] = dict(self.marks_table)
        if not answer:
            fields.update(legal=False, remove=(), forbidden={})
        return RiveMarks(**fields, lang=lang, title=self.text("title", lang))

    def cell_of(self, move: str) -> Cell | None:
        return Action.parse(move).cell

    def why_marks(self, why: Any, cell: Cell | None, lang: str) -> RiveMarks:
        return RiveMarks(forbidden={} if cell is None else {cell: str(why.rule)}, legal=False,
                         lang=lang, title="")

    def map_labels(self, game: RiveGame, focus: str) -> dict[Cell, str]:
        return {c: "." if (stone := game.stone_at(c)) is None else
                ("b" if stone is Colour.BLACK else "w") for c in game.cells}

    def report_legend(self, focus: str) -> list[str]:
        return ["b w black and white stones", ". empty"]

    def engine_answer(self) -> str:
        """The legal actions on the scenario's position, from the engine.

        >>> from hive_teach.teach.library import scenario_dir
        >>> from hive_teach.teach.scenario import load
        >>> load(scenario_dir() / "rive" / "rive-isolation-first.toml").engine_answer()
        '-2,0'
        """
        return ", ".join(a.text for a in self.game().legal_moves()) or "—"

    # ------------------------------------------------------------------ checking
    def findings(self) -> list[Finding]:
        """Check the scenario against the engine; what it disagrees with (empty when all
        agree).

        On the position: the marks' forbidden cells (each illegal by the listed rule), the
        stones chosen for removal (legal removals in that order) and the exercise's accepted
        actions (legal). After the ``play`` actions: the exact legal actions, each illegal
        action with its rule, whose turn it is, the pending capture, the groups and the
        result. (Rive's other marks are switches the painter fills from the game: they cannot
        claim anything false.)
        """
        problems: list[Finding] = []
        game = self.game()
        for c, rule in sorted(self.marks_table.get("forbidden", {}).items()):
            action = Action.remove(c) if game.pending_capture else Action.place(c)
            problems += _illegal_problems(game, action.text, rule, "marks.forbidden")
        trial = game.copy()
        for c in self.marks_table.get("remove", ()):
            try:
                trial.play(Action.remove(c))
            except IllegalActionError as e:
                problems.append(Finding(
                    "marks.remove", f"marks.remove: x{cell_name(c)} is not a legal removal "
                    f"here: {e}", wrong=(c,), why=((f"x{cell_name(c)}", str(e)),)))
                break
        if self.exercise is not None:
            for text in self.exercise.accept:
                why = explain(game, text)
                if why is not None:
                    problems.append(Finding(
                        "exercise.accept", f"exercise.accept: {text} is illegal, so it cannot "
                        f"solve the exercise: {why}", wrong=(Action.parse(text).cell,),
                        why=((text, str(why)),)))
        for text in self.play:
            try:
                game.play(text)
            except ValueError as e:
                problems.append(Finding("play", f"play {text!r}: {e}"))
                return problems
        after = bool(self.play)
        if self.legal is not None:
            want = {Action.parse(text) for text in self.legal}
            got = set(game.legal_moves())
            if got != want:
                extra = [a.text for a in game.legal_moves() if a not in want]
                missing = sorted(a.text for a in want - got)
                whys = []
                for a in sorted(want - got, key=lambda a: a.text):
                    reason = explain(game, a.text)
                    whys.append((a.text, str(reason)))
                problems.append(Finding(
                    "expect.legal", f"legal actions differ: the engine also allows "
                    f"{extra or 'nothing more'}, and does not allow {missing or 'nothing listed'}",
                    missing=tuple(a.cell for a in sorted(want - got, key=lambda a: a.text)),
                    extra=tuple(a.cell for a in game.legal_moves() if a not in want),
                    why=tuple(whys), after_play=after))
        for example in self.illegal:
            problems += _illegal_problems(game, example.move, example.rule, "expect.illegal",
                                          after)
        if self.to_move is not None and game.turn is not _COLOURS[self.to_move]:
            problems.append(Finding("expect.to_move", f"{str(game.turn).lower()} is to move, "
                                    f"the scenario expects {self.to_move}", after_play=after))
        capture = game.pending_capture
        if self.remaining is not None:
            got_remaining = 0 if capture is None else capture.remaining
            if got_remaining != self.remaining:
                problems.append(Finding(
                    "expect.remaining", f"{got_remaining} stones are still to be removed, the "
                    f"scenario expects {self.remaining}", after_play=after))
        if self.joined is not None:
            got_joined = None if capture is None else capture.joined
            if got_joined != self.joined:
                problems.append(Finding(
                    "expect.joined", f"the pending capture joined groups of {got_joined}, the "
                    f"scenario expects {list(self.joined)}", after_play=after))
        if self.groups is not None:
            sizes = tuple(len(g) for g in game.groups())
            if sizes != self.groups:
                problems.append(Finding(
                    "expect.groups", f"the groups have sizes {list(sizes)}, the scenario "
                    f"expects {list(self.groups)}", after_play=after))
        if self.over is not None and game.is_over() != self.over:
            problems.append(Finding(
                "expect.over", f"the game is {'' if game.is_over() else 'not '}over, the "
                f"scenario expects over = {str(self.over).lower()}", after_play=after))
        if self.winner is not None:
            winner = game.winner()
            if winner is None or winner is not _COLOURS[self.winner]:
                got_winner = "nobody yet" if winner is None else str(winner).lower()
                problems.append(Finding(
                    "expect.winner", f"the winner is {got_winner}, the scenario expects "
                    f"{self.winner}", after_play=after))
        return problems

    # ------------------------------------------------------------------ reading
    @classmethod
    def _check_move(cls, r: Reader, text: str, where: str) -> None:
        try:
            Action.parse(text)
        except InvalidActionError as e:
            r.fail(where, str(e))

    @classmethod
    def _read_game(cls, r: Reader, common: dict[str, Any], expect: dict[str, Any]) -> Self:
        position = r.text(r.data, "position")
        try:
            RiveGame.from_text(position)
        except ValueError as e:
            r.fail("position", f"position: {e}")
        legal = tuple(r.text_list(expect, "legal", "expect")) if "legal" in expect else None
        for action in legal or ():
            cls._check_move(r, action, "expect.legal")
        remaining = expect.get("remaining")
        if remaining is not None and (not isinstance(remaining, int)
                                      or isinstance(remaining, bool) or remaining < 0):
            r.fail("expect.remaining", "remaining must be a whole number, 0 or more")
        checks: dict[str, Any] = {
            "legal": legal, "to_move": _colour_name(r, expect, "to_move"),
            "winner": _colour_name(r, expect, "winner"), "remaining": remaining,
            "joined": _sizes(r, expect, "joined"), "groups": _sizes(r, expect, "groups"),
            "over": r.boolean(expect, "over", "expect"),
        }
        if not common["illegal"] and all(value is None for value in checks.values()):
            r.fail("expect", "a scenario needs something to check: an [expect] table")
        return cls(**common, position_text=position, **checks)

    @classmethod
    def _read_marks(cls, r: Reader, table: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in _BOOL_MARKS:
            if key in table:
                out[key] = r.boolean(table, key, "marks")
        if "remove" in table:
            out["remove"] = tuple(r.cell(c, "marks.remove")
                                  for c in r.text_list(table, "remove", "marks"))
        for key in ("forbidden", "labels"):
            if key in table:
                value = table[key]
                if not isinstance(value, dict) or not all(isinstance(v, str)
                                                          for v in value.values()):
                    example = "V3" if key == "forbidden" else "A"
                    r.fail(f"marks.{key}", f'marks.{key} must map cells to text, e.g. '
                           f'{{"1,0" = "{example}"}}')
                out[key] = {r.cell(c, f"marks.{key}"): v for c, v in value.items()}
        for rule in out.get("forbidden", {}).values():
            cls._rule(r, rule, "marks.forbidden")
        return out


def _colour_name(r: Reader, table: Mapping[str, Any], key: str) -> str | None:
    value = table.get(key)
    if value is not None and (not isinstance(value, str) or value not in _COLOURS):
        r.fail(f"expect.{key}", f'{key} must be "black" or "white", not {value!r}')
    return value


def _sizes(r: Reader, table: Mapping[str, Any], key: str) -> tuple[int, ...] | None:
    value = table.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value):
        r.fail(f"expect.{key}", f"{key} must be a list of group sizes, e.g. [2, 1]")
    return tuple(value)


def _illegal_problems(game: RiveGame, text: str, rule: str, where: str,
                      after_play: bool = False) -> list[Finding]:
    try:
        why = explain(game, text)
    except InvalidActionError as e:
        return [Finding(where, f"{where}: {e}", after_play=after_play)]
    c = (Action.parse(text).cell,)
    if why is None:
        return [Finding(where, f"{where}: {text} is legal, the scenario says {rule} forbids it",
                        wrong=c, why=((text, "legal"),), after_play=after_play)]
    if why.rule != rule:
        return [Finding(where, f"{where}: {text}: the engine cites {why.rule} ({why.reason}), "
                        f"the scenario says {rule}", wrong=c, why=((text, str(why)),),
                        after_play=after_play)]
    return []


__all__ = ["RiveScenario"]
