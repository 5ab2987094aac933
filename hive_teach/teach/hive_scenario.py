"""Hive's part of a scenario: the position (a GameString or a layout), the focus piece, the
expected state and moves, and how they are checked against the engine.

A Hive file needs no ``game`` key (``game = "hive"`` may be written). Besides the keys every
scenario has (:mod:`hive_teach.teach.base`; the format: ``docs/scenarios.md``)::

    game_type = "Base+M"        # optional; taken from the GameString if one is given
    tournament = false          # optional: no Queen on a player's first turn

    [position]                  # a GameString ...
    game_string = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
    # ... or a layout: to_move, turn, last_moved, hand and [position.stacks] ("q,r" = "wQ")

    [focus]                     # the piece the scenario is about
    piece = "wQ"
    targets = ["0,-1", "-1,1"]  # exactly where it may go
    [focus.forbidden]           # cells it may not go to, each with the rule that forbids it
    "-2,0" = "R7"

    [expect]                    # after play: state, the exact legal moves, illegal moves
    state = "InProgress"
    moves = ["wQ -wS1"]
    illegal = [{move = "wQ \\\\bQ", rule = "R7"}]

>>> from hive_teach.teach.scenario import loads
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
... [exercise]
... kind = "mark"
... ''', "tiny.toml")
>>> type(s).__name__, s.id, s.rules, s.focus.piece.name, s.exercise.kind
('HiveScenario', 'tiny', ('R9',), 'wQ', 'mark')
>>> s.verify()
[]
>>> from hive_teach.hive.marks import names
>>> names(s.marks().targets), names(s.marks(answer=False).targets)
(['-1,1', '0,-1'], [])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Self

from hive_teach.core.errors import GameStringError, LayoutError
from hive_teach.core.hexgrid import Cell, cell_name
from hive_teach.core.tomlfile import Reader
from hive_teach.hive.explain import explain_move
from hive_teach.hive.markcheck import check_marks
from hive_teach.hive.marks import Marks, route
from hive_teach.hive.pieces import Colour, Piece
from hive_teach.hive.position import GameState, Move, Position
from hive_teach.teach.base import Finding, Scenario

_POSITION_KEYS = {"game_string", "stacks", "to_move", "turn", "last_moved", "hand"}
_FOCUS_KEYS = {"piece", "targets", "forbidden"}
_SHAPES = {
    "gates": 'a list of cell pairs, e.g. [["1,-1", "0,1"]]',
    "throws": 'a list of [from, over, to] cells, e.g. [["0,1", "1,0", "2,-1"]]',
    "last_move": 'a [from, to] pair of cells, e.g. ["", "0,0"] for a placement',
}
# The marks that claim something of the position (labels and coords claim nothing; pinned
# and surrounded are filled in by the engine).
_CHECKED_MARKS = ("targets", "forbidden", "selected", "gates", "path", "throws", "stunned",
                  "last_move")
# Marks that give the answer away: a question's diagram leaves them out.
_ANSWER_MARKS: dict[str, Any] = {
    "targets": frozenset(), "forbidden": {}, "gates": (), "path": (), "throws": (),
    "pinned": frozenset(),
}


@dataclass(frozen=True)
class Focus:
    """The piece a scenario is about, what it may reach, and where it may not go (and why)."""

    piece: Piece
    targets: frozenset[Cell] | None = None
    forbidden: Mapping[Cell, str] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class HiveScenario(Scenario[Position, Marks]):
    """A Hive scenario: a position, its focus piece and what the engine must agree with."""

    GAME: ClassVar[str] = "hive"
    GAME_NAME: ClassVar[str] = "Hive"
    RULE_IDS: ClassVar[tuple[str, ...]] = tuple(f"R{i}" for i in range(21))
    RULE_SPAN: ClassVar[str] = "R0-R20"
    RULE_EXAMPLE: ClassVar[str] = "R7"
    MOVE: ClassVar[str] = "move"
    KEYS: ClassVar[frozenset[str]] = frozenset({"game_type", "tournament", "position", "focus"})
    LEGEND: ClassVar[bool] = True
    EXPECT_KEYS: ClassVar[frozenset[str]] = frozenset({"state", "moves"})
    MARK_KEYS: ClassVar[frozenset[str]] = frozenset({
        "targets", "forbidden", "gates", "path", "pinned", "last_move", "stunned", "throws",
        "surrounded", "labels", "coords", "selected",
    })

    position_spec: Mapping[str, Any]
    """The ``[position]`` table: ``game_string``, or a layout (``stacks`` and the rest)."""
    game_type: str = "Base"
    tournament: bool = False
    focus: Focus | None = None
    expect_state: str | None = None
    expect_moves: tuple[str, ...] | None = None

    # ------------------------------------------------------------------ the position
    def position(self) -> Position:
        """A fresh :class:`Position` for this scenario (before any ``play`` moves)."""
        spec = self.position_spec
        if "game_string" in spec:
            return Position.from_text(spec["game_string"], tournament=self.tournament)
        return Position.from_layout(
            spec["stacks"],
            game_type=self.game_type,
            to_move=spec.get("to_move", "white"),
            turn=spec.get("turn"),
            last_moved=spec.get("last_moved"),
            hand=spec.get("hand"),
            tournament=self.tournament,
        )

    def game(self) -> Position:
        """The same as :meth:`position`: the game state every scenario sets up."""
        return self.position()

    def marks(self, lang: str = "en", game: Position | None = None, *,
              answer: bool = True) -> Marks:
        """The diagram marks for this scenario: the focus piece with its targets and the
        forbidden cells (with rule ids), plus the ``[marks]`` table, titled in ``lang``.

        ``pinned = true`` marks every pinned piece, ``surrounded = true`` every surrounded
        Queen, ``stunned`` names a piece; cells are ``"q,r"`` as everywhere in the file.
        ``answer=False`` leaves out targets, crosses, gates, paths, throws and pins: what is
        left (the focus piece, labels, the last move) asks the question.
        """
        pos = game or self.position()
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
        marks = Marks(**fields)
        return marks if answer else replace(marks, **_ANSWER_MARKS)

    def cell_of(self, move: str) -> Cell | None:
        try:
            return self.position().parse_move(move).to
        except ValueError:
            return None

    def why_marks(self, why: Any, cell: Cell | None, lang: str) -> Marks:
        gate = getattr(why, "gate", None)
        return Marks(forbidden={} if cell is None else {cell: str(why.rule)},
                     gates=[gate] if gate else [], lang=lang, title="")

    def board_options(self, options: dict[str, Any]) -> dict[str, Any]:
        if options.get("mode") != "mark":
            return options
        if self.focus is None:
            raise ValueError(f"scenario {self.id!r} has no focus piece for a reach exercise")
        return {**options, "mode": "reach", "piece": self.focus.piece}

    def map_labels(self, game: Position, focus: str) -> dict[Cell, str]:
        piece = self.focus.piece if self.focus is not None and focus else None
        labels = {}
        for c, stack in game.stacks.items():
            top = stack[-1]
            height = f"^{len(stack)}" if len(stack) > 1 else ""
            labels[c] = (focus if top is piece else "") + top.name + height
        return labels

    def agreed(self, game: Position) -> frozenset[Cell]:
        if self.focus is None or not self.focus.targets:
            return frozenset()
        return self.focus.targets & frozenset(game.targets(self.focus.piece))

    def report_legend(self, focus: str) -> list[str]:
        items = [f"{focus}{self.focus.piece} the focus piece"] if self.focus is not None else []
        items.append(". empty")
        if any(len(st) > 1 for st in self.position().stacks.values()):
            items.append("bB1^2 bB1 on top of a stack of 2")
        return items

    def engine_answer(self) -> str:
        """The focus piece's targets from the engine (``""`` without a focus piece).

        >>> from hive_teach.teach.library import scenario_dir
        >>> from hive_teach.teach.scenario import load
        >>> load(scenario_dir() / "queen-one-step.toml").engine_answer()
        'wQ: -1,1, 0,-1'
        """
        if self.focus is None:
            return ""
        cells = sorted(self.position().targets(self.focus.piece))
        return f"{self.focus.piece}: " + (", ".join(cell_name(c) for c in cells) or "—")

    # ------------------------------------------------------------------ checking
    def findings(self) -> list[Finding]:
        """Check the scenario against the engine; what it disagrees with (empty when all
        agree).

        On the position: the focus piece's targets must match exactly, each forbidden cell
        must be explained with the listed rule, an exercise's accepted moves must be legal,
        and every mark drawn must be true (:func:`~hive_teach.hive.markcheck.check_marks`:
        gates, paths, throws, the stunned piece, the last move, target rings and crosses;
        ``pinned`` and ``surrounded`` must find something to mark). After the ``play``
        moves: the expected state, the exact move list and the illegal moves, each with its
        rule.
        """
        problems: list[Finding] = []
        pos = self.position()
        if self.focus is not None:
            f = self.focus
            got = pos.targets(f.piece)
            if f.targets is not None and got != f.targets:
                extra = sorted(got - f.targets, key=cell_name)
                missing = sorted(f.targets - got, key=cell_name)
                whys = [(cell_name(c), str(explain_move(pos, Move(f.piece, c))))
                        for c in missing]
                for c in extra:
                    way = route(pos, f.piece, c)
                    whys.append((cell_name(c), "legal" + (
                        f": {f.piece} goes " + " > ".join(cell_name(x) for x in way)
                        if way else "")))
                problems.append(Finding(
                    "focus.targets",
                    f"targets of {f.piece}: the engine also allows "
                    f"{[cell_name(c) for c in extra] or 'nothing more'}, and does not allow "
                    f"{[cell_name(c) for c in missing] or 'nothing listed'}",
                    missing=tuple(missing), extra=tuple(extra), why=tuple(whys)))
            for c, rule in sorted(f.forbidden.items()):
                why = explain_move(pos, Move(f.piece, c))
                if why is None:
                    problems.append(Finding(
                        "focus.forbidden", f"{f.piece} to {cell_name(c)} is legal, not "
                        f"forbidden by {rule}", wrong=(c,), why=((cell_name(c), "legal"),)))
                elif why.rule != rule:
                    problems.append(Finding(
                        "focus.forbidden", f"{f.piece} to {cell_name(c)}: the engine cites "
                        f"{why.rule} ({why.reason}), the scenario says {rule}", wrong=(c,),
                        why=((cell_name(c), str(why)),)))
        problems += self._mark_findings(pos)
        if self.exercise is not None:
            for text in self.exercise.accept:
                try:
                    legal = pos.is_legal(pos.parse_move(text))
                except ValueError as e:
                    problems.append(Finding("exercise.accept", f"exercise.accept: {text}: {e}"))
                    continue
                if not legal:
                    problems.append(Finding("exercise.accept", f"exercise.accept: {text} is "
                                            "illegal, so it cannot solve the exercise"))
        for text in self.play:
            try:
                pos.play(text)
            except ValueError as e:
                problems.append(Finding("play", f"play {text!r}: {e}"))
                return problems
        after = bool(self.play)
        if self.expect_state is not None and pos.state.value != self.expect_state:
            problems.append(Finding("expect.state", f"state is {pos.state.value}, the scenario "
                                    f"expects {self.expect_state}", after_play=after))
        if self.expect_moves is not None:
            try:
                want = {pos.parse_move(m) for m in self.expect_moves}
            except ValueError as e:
                problems.append(Finding("expect.moves", f"expect.moves: {e}", after_play=after))
            else:
                got_moves = set(pos.legal_moves())
                if got_moves != want:
                    extra_moves = sorted(pos.move_text(m) for m in got_moves - want)
                    missing_moves = sorted(str(m) for m in want - got_moves)
                    problems.append(Finding(
                        "expect.moves", f"legal moves differ: the engine also allows "
                        f"{extra_moves[:8]}, and does not allow {missing_moves[:8]}",
                        why=tuple((str(m), str(explain_move(pos, m)))
                                  for m in sorted(want - got_moves, key=str)),
                        after_play=after))
        for example in self.illegal:
            try:
                move = pos.parse_move(example.move)
            except ValueError as e:
                if getattr(e, "rule", None) != example.rule:
                    problems.append(Finding(
                        "expect.illegal", f"{example.move}: rejected as {e}, expected "
                        f"{example.rule}", why=((example.move, str(e)),), after_play=after))
                continue
            why = explain_move(pos, move)
            cells = () if move.to is None else (move.to,)
            if why is None:
                problems.append(Finding(
                    "expect.illegal", f"{example.move} is legal, the scenario says "
                    f"{example.rule} forbids it", wrong=cells, why=((example.move, "legal"),),
                    after_play=after))
            elif why.rule != example.rule:
                problems.append(Finding(
                    "expect.illegal", f"{example.move}: the engine cites {why.rule} "
                    f"({why.reason}), the scenario says {example.rule}", wrong=cells,
                    why=((example.move, str(why)),), after_play=after))
        return problems

    def _mark_findings(self, pos: Position) -> list[Finding]:
        """The ``[marks]`` the engine disagrees with, on the scenario's position."""
        table = self.marks_table
        fields: dict[str, Any] = {k: table[k] for k in _CHECKED_MARKS if k in table}
        if "last_move" in fields:
            frm, to = fields["last_move"]
            fields["last_move"] = (frm or None, to)
        moves = []
        if not self.play:  # the illegal examples are about this position too
            for example in self.illegal:
                try:
                    move = pos.parse_move(example.move)
                except ValueError:
                    continue
                if isinstance(move, Move):
                    moves.append(move)
        piece = self.focus.piece if self.focus is not None else None
        out = []
        for p in check_marks(pos, Marks(**fields), piece=piece, moves=moves):
            key = "marks" if p.key == "marks" else f"marks.{p.key}"
            out.append(Finding(key, f"{key}: {p.text}", wrong=p.cells,
                               why=tuple((cell_name(c), p.why) for c in p.cells[-1:] if p.why)))
        if table.get("pinned") and not any(len(pos.stacks[c]) == 1
                                           for c in pos.pinned_cells()):
            out.append(Finding("marks.pinned", "marks.pinned = true, but One Hive pins no "
                               "piece here (R6): the diagram would show no pin"))
        if table.get("surrounded") and not any(
                pos.surrounded(side) for side in Colour if pos.queen_placed(side)):
            out.append(Finding("marks.surrounded", "marks.surrounded = true, but no Queen is "
                               "surrounded here (R19): the diagram would outline none"))
        return out

    # ------------------------------------------------------------------ reading
    @classmethod
    def _other_game(cls, data: Mapping[str, Any]) -> str | None:
        if isinstance(data.get("position"), str):
            return ('position is a game text, as a Rive scenario has; a Rive file starts '
                    'with game = "rive" (a Hive position is a [position] table)')
        return None

    @classmethod
    def _read_game(cls, r: Reader, common: dict[str, Any], expect: dict[str, Any]) -> Self:
        data = r.data
        game_type = r.text(data, "game_type") if "game_type" in data else "Base"
        tournament = r.boolean(data, "tournament") or False
        if "position" not in data:
            r.fail("position", "a scenario needs a [position] table (game_string or stacks)")
        spec = r.table(data, "position", allowed=_POSITION_KEYS)
        has_gs, has_layout = "game_string" in spec, "stacks" in spec
        if has_gs == has_layout:
            r.fail("position", "[position] needs exactly one of game_string and stacks")
        _check_layout(r, spec)
        if has_gs:
            gs = spec["game_string"]
            if game_type != "Base" and not gs.startswith(game_type):
                r.fail("game_type", "game_type must match the game type of the GameString")
            game_type = gs.split(";")[0].strip()
        focus = cls._read_focus(r, data)
        state = expect.get("state")
        if state is not None and (not isinstance(state, str)
                                  or state not in {s.value for s in GameState}):
            r.fail("expect.state", f"state {state!r} must be one of "
                   f"{', '.join(s.value for s in GameState)}")
        moves = tuple(r.text_list(expect, "moves", "expect")) if "moves" in expect else None
        if focus is None and state is None and moves is None and not common["illegal"]:
            r.fail("focus", "a scenario needs something to check: [focus] or [expect]")
        exercise = common["exercise"]
        if exercise is not None and exercise.kind == "mark" and focus is None:
            r.fail("exercise.kind", "a mark exercise marks where the focus piece can go: "
                   "it needs a [focus]")
        scenario = cls(**common, position_spec=spec, game_type=game_type,
                       tournament=tournament, focus=focus, expect_state=state,
                       expect_moves=moves)
        try:
            pos = scenario.position()
        except (GameStringError, LayoutError, ValueError) as e:
            r.fail("position", str(e))
        if focus is not None and focus.piece not in pos.game_type.pieces:
            r.fail("focus.piece", f"{focus.piece} is not part of {game_type}")
        try:
            scenario.marks(game=pos)
        except ValueError as e:  # a piece name or cell that the marks cannot place
            r.fail("marks", f"marks: {e}")
        return scenario

    @classmethod
    def _read_marks(cls, r: Reader, table: dict[str, Any]) -> dict[str, Any]:
        # Kept as written (the marks depend on the position); here only their form.
        for key in ("targets", "path"):
            for c in r.text_list(table, key, "marks"):
                r.cell(c, f"marks.{key}")
        for key, size in (("gates", 2), ("throws", 3), ("last_move", 2)):
            if key not in table:
                continue
            value = table[key]
            rows = [value] if key == "last_move" else value
            if not isinstance(rows, list) or not all(
                    isinstance(row, list) and len(row) == size
                    and all(isinstance(c, str) for c in row) for row in rows):
                r.fail(f"marks.{key}", f"marks.{key} must be {_SHAPES[key]}")
            for row in rows:
                for c in row:
                    if c or key != "last_move":  # a placement's last move comes from ""
                        r.cell(c, f"marks.{key}")
        for key in ("pinned", "surrounded", "coords"):
            r.boolean(table, key, "marks")
        for key in ("stunned", "selected"):
            if key in table:
                r.text(table, key, "marks")
        for key in ("forbidden", "labels"):
            for c, text in r.table(table, key, "marks").items():
                r.cell(c, f"marks.{key}")
                if not isinstance(text, str):
                    r.fail(f"marks.{key}", f"marks.{key} must map cells to text, e.g. "
                           f'{{"1,0" = "{"R7" if key == "forbidden" else "A"}"}}')
                if key == "forbidden":
                    cls._rule(r, text, f"marks.{key}")
        return table

    @classmethod
    def _read_focus(cls, r: Reader, data: Mapping[str, Any]) -> Focus | None:
        if "focus" not in data:
            return None
        f = r.table(data, "focus", allowed=_FOCUS_KEYS)
        try:
            piece = Piece.from_name(r.text(f, "piece", "focus"))
        except ValueError as e:
            r.fail("focus.piece", str(e))
        targets = None
        if "targets" in f:
            targets = frozenset(r.cell(c, "focus.targets")
                                for c in r.text_list(f, "targets", "focus"))
        forbidden = {}
        for key, rule in r.table(f, "forbidden", "focus").items():
            forbidden[r.cell(key, "focus.forbidden")] = cls._rule(
                r, rule, f"focus.forbidden.{key}")
        if targets is not None and set(forbidden) & targets:
            both = sorted(cell_name(c) for c in set(forbidden) & targets)
            r.fail("focus", f"cells {', '.join(both)} are listed both as targets and forbidden")
        return Focus(piece, targets, forbidden)


def _check_layout(r: Reader, spec: Mapping[str, Any]) -> None:
    """The form of a ``[position]`` table (what the values mean, the engine checks)."""
    for key in ("game_string", "to_move", "last_moved"):
        if key in spec:
            r.text(spec, key, "position")
    turn = spec.get("turn")
    if turn is not None and (not isinstance(turn, int) or isinstance(turn, bool) or turn < 1):
        r.fail("position.turn", "turn must be a whole number, 1 or more")
    if "hand" in spec:
        r.text_list(spec, "hand", "position")
    for c, pieces in r.table(spec, "stacks", "position").items() if "stacks" in spec else ():
        r.cell(c, "position.stacks")
        if not (isinstance(pieces, str) and pieces.strip()) and not (
                isinstance(pieces, list) and pieces and all(isinstance(p, str) for p in pieces)):
            r.fail(f"position.stacks.{c}", f'the pieces on {c} must be text, bottom first, '
                   'e.g. "bB1 wB1"')


__all__ = ["Focus", "HiveScenario"]
