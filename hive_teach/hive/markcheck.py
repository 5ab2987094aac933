"""Whether a diagram's marks tell the truth: each mark checked against the engine.

A diagram says more than its targets. A gate bar says two occupied cells shut a slide the
piece would need (R7, R8); numbered steps say the piece may walk that way (a Spider's three
slides, a Ladybug's up-across-down); a throw arrow says the Pillbug may throw that piece
there (R16); a lightning bolt says the piece moved last turn (R17); target rings say the piece
may go there (a ring on an occupied cell: it may climb onto it), crosses say it may not, by
that rule. :func:`check_marks` asks the engine about every mark and returns the false ones,
each with the engine's reason.

>>> from hive_teach.hive.marks import Marks
>>> from hive_teach.hive.position import Position
>>> pos = Position.from_layout({"0,0": "wQ", "1,0": "bQ", "0,-1": "wS1", "1,-2": "wB1",
...                             "2,-2": "bB1", "2,-1": "bS1"}, to_move="white", turn=4)
>>> check_marks(pos, Marks(gates=[("1,0", "0,-1")]), piece="wQ")
[]
>>> [p.text for p in check_marks(pos, Marks(gates=[("0,1", "-1,1")]), piece="wQ")]
['-1,1 / 0,1: -1,1 and 0,1 are empty, and the two cells touch: a gate is two occupied \
cells on either side of a gap between two cells, which they shut to a slide (R7)']
>>> [p.text for p in check_marks(pos, Marks(path=["0,0", "1,-1"]))]
['0,0 > 1,-1: wQ cannot go to 1,-1: The gap between bQ and wS1 is too narrow: wQ cannot \
slide through it to cell 1,-1. (R7)']

A throw or a path that ends where the last move ended may show that move: it is checked on
the position before it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import NamedTuple

from hive_teach.core.hexgrid import (
    DELTAS,
    Cell,
    are_neighbours,
    cell_name,
    direction_between,
    flanks,
)
from hive_teach.hive import movegen
from hive_teach.hive.explain import Explainer, Explanation, explain_move
from hive_teach.hive.explain.pillbug import throw_by
from hive_teach.hive.marks import Marks, _gate_of, _ladybug_steps, _near, common_neighbours
from hive_teach.hive.moves import PASS
from hive_teach.hive.pieces import Bug, Piece
from hive_teach.hive.position import Move, Position, Source


class MarkProblem(NamedTuple):
    """A mark the engine disagrees with: the :class:`~hive_teach.hive.marks.Marks` field
    (``"gates"``, ``"path"``, ``"throws"``, ``"stunned"``, ``"last_move"``, ``"targets"``,
    ``"forbidden"``), the problem in one line, the cells it is about and the engine's
    explanation in English (``""`` when it gives none)."""

    key: str
    text: str
    cells: tuple[Cell, ...]
    why: str = ""


def check_marks(pos: Position, marks: Marks, *, piece: Piece | str | None = None,
                moves: Iterable[Move] = ()) -> list[MarkProblem]:
    """The marks of ``marks`` that are false in ``pos`` (empty when all are true).

    ``piece`` is the piece the diagram is about (a scenario's focus piece): the target rings
    and crosses are its own (``marks.selected`` takes its place when set), and gates must
    shut a slide it would need. ``moves`` are further moves the diagram is about (a
    scenario's illegal examples): a gate may be one that stops them. Pinned pieces and
    surrounded Queens are the engine's own marks, not checked here.

    >>> from hive_teach.hive.marks import Marks
    >>> pos = Position.from_layout({"0,0": "wP", "1,0": "bQ", "-1,0": "wQ", "1,-1": "bS1"},
    ...                            game_type="Base+P", to_move="white", turn=3, last_moved="bS1")
    >>> check_marks(pos, Marks(throws=[("1,0", "0,0", "0,1")], stunned="bS1"))
    []
    >>> [p.text for p in check_marks(pos, Marks(stunned="bQ", targets=["1,0"]), piece="wQ")]
    ['wQ cannot climb onto 1,0: A Queen Bee moves just one cell, and cell 1,0 is 2 \
cells away from wQ. (R9)', 'bQ did not move last: the piece that moved last is bS1 on \
1,-1 (R17)']
    """
    if isinstance(piece, str):
        piece = Piece.from_name(piece)
    try:
        m = marks.resolve(pos)
    except ValueError as e:
        return [MarkProblem("marks", str(e), ())]
    if m.selected is not None and pos.top(m.selected) is not None:
        piece = pos.top(m.selected)
    moves = list(moves)
    problems: list[MarkProblem] = []
    for c in sorted(m.targets):
        problems += _target(pos, piece, c)
    for c, rule in sorted(m.forbidden.items()):
        problems += _forbidden(pos, piece, c, rule)
    if m.gates:
        problems += _gates(pos, m.gates, piece, moves, m.path)
    if m.path:
        problems += _path(pos, m.path)
    for throw in m.throws:
        problems += _throw(pos, throw)
    if m.stunned is not None:
        problems += _stunned(pos, m.stunned)
    if m.last_move is not None:
        problems += _last_move(pos, m.last_move)
    return problems


# ----------------------------------------------------------------------------- targets, crosses
def _target(pos: Position, piece: Piece | None, c: Cell) -> list[MarkProblem]:
    if piece is None:
        return [MarkProblem("targets", f"{cell_name(c)} is a target of which piece? "
                            "Name it (a scenario's [focus], or marks.selected)", (c,))]
    if c in pos.targets(piece):
        return []
    why = explain_move(pos, Move(piece, c))
    verb = "climb onto" if c in pos.stacks and pos.top(c) is not piece else "go to"
    return [MarkProblem("targets", f"{piece} cannot {verb} {cell_name(c)}: {why}",
                        (c,), str(why))]


def _forbidden(pos: Position, piece: Piece | None, c: Cell, rule: str) -> list[MarkProblem]:
    if piece is None:
        return [MarkProblem("forbidden", f"{cell_name(c)} is forbidden to which "
                            "piece? Name it (a scenario's [focus], or marks.selected)", (c,))]
    why = explain_move(pos, Move(piece, c))
    if why is None:
        return [MarkProblem("forbidden", f"{piece} to {cell_name(c)} is legal, not "
                            f"forbidden by {rule}", (c,), "legal")]
    if why.rule != rule:
        return [MarkProblem("forbidden", f"{piece} to {cell_name(c)}: the engine "
                            f"cites {why.rule} ({why.reason}), the marks say {rule}", (c,),
                            str(why))]
    return []


# ----------------------------------------------------------------------------- gates
def _gates(pos: Position, gates: Sequence[tuple[Cell, Cell]], piece: Piece | None,
           moves: list[Move], path: Sequence[Cell]) -> list[MarkProblem]:
    pieces = [p for p in (piece, *(mv.piece for mv in moves)) if p is not None]
    if path and pos.top(path[0]) is not None:
        pieces.append(pos.top(path[0]))  # type: ignore[arg-type]  # not None: just checked
    if not pieces:  # a diagram about no piece in particular: any piece of the side to move
        pieces = [p for p in pos.where if p.colour is pos.turn and pos.top(pos.where[p]) is p]
    named: set[tuple[Cell, Cell]] = set()
    for why in _reasons(pos, pieces, moves):
        named |= _named_gates(pos, why)
    problems = []
    for a, b in gates:
        x, y = common_neighbours(a, b)
        gap = f"{cell_name(x)} - {cell_name(y)}"
        shown = f"{cell_name(a)} / {cell_name(b)}"
        faults = []
        empty = [cell_name(c) for c in (a, b) if c not in pos.stacks]
        if empty:
            faults.append(" and ".join(empty) + (" is" if len(empty) == 1 else " are")
                          + " empty")
        if are_neighbours(a, b):
            faults.append("the two cells touch")
        if faults:
            problems.append(MarkProblem(
                "gates", f"{shown}: {', and '.join(faults)}: a gate is two occupied cells on "
                "either side of a gap between two cells, which they shut to a slide (R7)",
                (a, b)))
            continue
        if (a, b) in named or any(_goes_over(pos, p, x, y) for p in pieces):
            continue
        names = ", ".join(sorted({p.name for p in pieces}))
        others = "; it names " + ", ".join(
            f"{cell_name(g)} / {cell_name(h)}" for g, h in sorted(named)) if named else ""
        problems.append(MarkProblem(
            "gates", f"{shown}: no move of {names} needs the slide {gap} (the engine names "
            f"this gate in none of its reasons why {names} cannot go somewhere{others})",
            (a, b)))
    return problems


def _reasons(pos: Position, pieces: Sequence[Piece], moves: Sequence[Move]
             ) -> Iterable[Explanation]:
    """The engine's reasons why ``pieces`` cannot go to the cells near them, and why each
    of ``moves`` is illegal."""
    explainer = Explainer(pos)
    asked: set[tuple[Piece, Cell]] = set()
    for p in pieces:
        targets = pos.targets(p)
        for c in sorted(_near(pos, p) - targets):
            asked.add((p, c))
    asked |= {(mv.piece, mv.to) for mv in moves}
    for p, c in sorted(asked, key=lambda pc: (pc[0].name, pc[1])):
        if pos.is_legal(Move(p, c)):
            continue
        why = explainer.move(Move(p, c))
        if why is not None:
            yield why


def _named_gates(pos: Position, why: Explanation) -> set[tuple[Cell, Cell]]:
    """The gates (two sides, sorted) an explanation names, its further reasons included."""
    out: set[tuple[Cell, Cell]] = set()
    if why.gate is not None:
        g, h = why.gate
        out.add((min(g, h), max(g, h)))
    gate = _gate_of(pos, why.kind, why.cells, why.pieces)
    if gate is not None:
        out.add(gate)
    for other in why.others:
        out |= _named_gates(pos, other)
    return out


def _goes_over(pos: Position, piece: Piece, x: Cell, y: Cell) -> bool:
    """Whether ``piece`` reaches an empty cell of the gap ``x - y`` without sliding (a
    Ladybug dropping in, a Beetle climbing down, a throw): the gate it need not pass."""
    sources = pos.move_sources(piece)
    for c in (x, y):
        if c in pos.stacks:
            continue
        for src in sources.get(c, ()):
            if src.kind == "throw" or src.bug in (Bug.LADYBUG, Bug.BEETLE, Bug.GRASSHOPPER):
                return True
    return False


# ----------------------------------------------------------------------------- paths
def _path(pos: Position, path: Sequence[Cell]) -> list[MarkProblem]:
    shown = " > ".join(cell_name(c) for c in path)
    if len(path) < 2:
        return [MarkProblem("path", f"{shown}: a path needs its start and at least one more "
                            "cell", tuple(path))]
    start, dest = path[0], path[-1]
    here = pos
    piece = pos.top(start)
    if piece is None:
        before = _before(pos, start, dest)
        if isinstance(before, str):
            return [MarkProblem("path", f"{shown}: no piece stands on {cell_name(start)}, and "
                                f"the path is not the last move either: {before}", (start,))]
        here, piece = before
    sources = here.move_sources(piece).get(dest)
    if not sources:
        why = explain_move(here, Move(piece, dest))
        return [MarkProblem("path", f"{shown}: {piece} cannot go to {cell_name(dest)}: {why}",
                            (dest,), str(why))]
    faults = [_follows(here, piece, src, tuple(path)) for src in sources]
    if any(fault is None for fault in faults):
        return []
    fault, cells = next(f for f in faults if f is not None)
    return [MarkProblem("path", f"{shown}: {piece} does go to {cell_name(dest)}, but not this "
                        f"way: {fault}", cells)]


def _follows(pos: Position, piece: Piece, src: Source, path: tuple[Cell, ...]
             ) -> tuple[str, tuple[Cell, ...]] | None:
    """Why ``path`` is not a way ``piece`` gets to its end by ``src``; None if it is."""
    start, dest = path[0], path[-1]
    if src.kind == "throw":
        via = pos.where[src.via] if src.via is not None else None
        if via is not None and path == (start, via, dest):
            return None
        return (f"it is thrown by {src.via}: a throw's path is the piece, the Pillbug, the cell "
                f"(R16)", path)
    stacks = {c: list(s) for c, s in pos.stacks.items()}
    stacks[start].pop()
    if not stacks[start]:
        del stacks[start]
    bug = src.bug if src.bug is not None else piece.bug
    on_top = start in stacks  # a Beetle or Mosquito up on the hive
    if len(set(path)) != len(path):
        twice = next(c for c in path if path.count(c) > 1)
        return f"it enters {cell_name(twice)} twice", (twice,)
    steps = list(pairwise(path))
    if bug is Bug.GRASSHOPPER:
        return _jump(stacks, path)
    want = {Bug.SPIDER: 3, Bug.LADYBUG: 3}.get(bug, None if bug is Bug.ANT else 1)
    if bug is Bug.MOSQUITO or on_top:
        bug, want = Bug.BEETLE, 1
    if want is not None and len(steps) != want:
        rule = {Bug.SPIDER: "R12", Bug.LADYBUG: "R15"}.get(bug, _rule_of(bug))
        return (f"a {bug.title} moves {_steps(want)} ({rule}), the path has "
                f"{_steps(len(steps))}", path)
    for i, (a, b) in enumerate(steps, start=1):
        if bug is Bug.LADYBUG:
            fault = _ladybug_step(stacks, a, b, i)
        elif bug is Bug.BEETLE:
            fault = None if b in movegen.beetle_moves(stacks, a) else _slide_fault(stacks, a, b,
                                                                                   "R10")
        else:
            fault = None if b in movegen.slides(stacks, a) else _slide_fault(stacks, a, b,
                                                                             _rule_of(bug))
        if fault is not None:
            return f"step {i}, {cell_name(a)} > {cell_name(b)}: {fault}", (a, b)
    return None


def _rule_of(bug: Bug) -> str:
    return {Bug.QUEEN: "R9", Bug.BEETLE: "R10", Bug.GRASSHOPPER: "R11", Bug.SPIDER: "R12",
            Bug.ANT: "R13", Bug.MOSQUITO: "R14", Bug.LADYBUG: "R15", Bug.PILLBUG: "R16"}[bug]


def _steps(n: int) -> str:
    return f"{n} step" + ("" if n == 1 else "s")


def _slide_fault(stacks: movegen.Stacks, a: Cell, b: Cell, rule: str) -> str:
    """Why one step from ``a`` to ``b`` is no legal step (R7, R8)."""
    if not are_neighbours(a, b):
        return f"{cell_name(b)} is not next to {cell_name(a)}: a step goes to a neighbour ({rule})"
    left, right = flanks(a, b)
    s, d = movegen.height(stacks, a), movegen.height(stacks, b)
    if s or d:
        return (f"the stacks on {cell_name(left)} and {cell_name(right)} are higher than both "
                "ends of the step (R8)")
    if b in stacks:
        return f"{cell_name(b)} is occupied ({rule})"
    if left in stacks and right in stacks:
        return (f"the gap between {cell_name(left)} and {cell_name(right)} is a gate, too narrow "
                "to slide through (R7)")
    return f"on the way it would touch no piece: {cell_name(left)} and {cell_name(right)} are " \
        "empty (R7)"


def _ladybug_step(stacks: movegen.Stacks, a: Cell, b: Cell, i: int) -> str | None:
    up_across = b in stacks
    if i < 3 and not up_across:
        return (f"{cell_name(b)} is empty: a Ladybug goes up and across on top of the hive "
                "(R15)")
    if i == 3 and up_across:
        return f"{cell_name(b)} is occupied: a Ladybug's third step goes down (R15)"
    if b in _ladybug_steps(stacks, a):
        return None
    return _slide_fault(stacks, a, b, "R15")


def _jump(stacks: movegen.Stacks, path: tuple[Cell, ...]) -> tuple[str, tuple[Cell, ...]] | None:
    """A Grasshopper's path: its start and landing cell, or the whole line between."""
    start, dest = path[0], path[-1]
    if len(path) == 2:
        return None  # the landing cell is legal (checked): the jump is the one line there
    d = direction_between(start, path[1])
    line = [start]
    while d is not None and line[-1] + DELTAS[d] in stacks:
        line.append(line[-1] + DELTAS[d])
    if d is not None:
        line.append(line[-1] + DELTAS[d])
    if tuple(line) == path:
        return None
    return (f"a Grasshopper jumps along one straight line of pieces to {cell_name(dest)}: give "
            "its start and landing cell, or every cell of the line (R11)", path)


# ----------------------------------------------------------------------------- throws
def _throw(pos: Position, throw: tuple[Cell, Cell, Cell]) -> list[MarkProblem]:
    frm, via, to = throw
    shown = f"{cell_name(frm)} > {cell_name(via)} > {cell_name(to)}"
    here = pos
    if pos.top(frm) is None:
        before = _before(pos, frm, to)
        if isinstance(before, str):
            return [MarkProblem("throws", f"{shown}: no piece stands on {cell_name(frm)}, and the "
                                f"throw is not the last move either: {before}", (frm,))]
        here = before[0]
    fault = _throw_fault(here, frm, via, to)
    if fault is None:
        return []
    text, why = fault
    return [MarkProblem("throws", f"{shown}: {text}", throw, why)]


def _throw_fault(pos: Position, frm: Cell, via: Cell, to: Cell) -> tuple[str, str] | None:
    piece = pos.top(frm)
    thrower = pos.top(via)
    assert piece is not None
    if thrower is None or thrower.bug not in (Bug.PILLBUG, Bug.MOSQUITO):
        who = "nothing" if thrower is None else thrower.name
        return (f"{who} on {cell_name(via)} throws nothing: only a Pillbug throws (R16), or a "
                "Mosquito beside one (R14)", "")
    if thrower.bug is Bug.MOSQUITO and not any(
            (top := pos.top(via + d)) is not None and top.bug is Bug.PILLBUG for d in DELTAS):
        return f"{thrower} touches no Pillbug, so it has no throw to copy (R14)", ""
    if any(src.kind == "throw" and src.via is thrower
           for src in pos.move_sources(piece).get(to, ())):
        return None
    if thrower.colour is not pos.turn:
        return (f"it is {pos.turn.title}'s turn: {thrower} cannot throw now (R0)", "")
    if not are_neighbours(frm, via):
        return f"{piece} is not next to {thrower} (R16)", ""
    # The throw's own reason (the piece may have others, its own moves' reasons).
    why = throw_by(pos, thrower, piece, to) or explain_move(pos, Move(piece, to))
    return f"{thrower} cannot throw {piece} to {cell_name(to)}: {why}", str(why)


# ----------------------------------------------------------------------------- the last move
def _stunned(pos: Position, c: Cell) -> list[MarkProblem]:
    top = pos.top(c)
    last = pos.last_moved
    if last is not None and pos.where.get(last) == c and top is last:
        return []
    marked = top.name if top is not None else f"the empty cell {cell_name(c)}"
    if last is None:
        return [MarkProblem("stunned", f"{marked} is not stunned: no piece moved last "
                            "turn (the game's first move, a pass, or a layout without "
                            "last_moved) (R17)", (c,))]
    return [MarkProblem("stunned", f"{marked} did not move last: the piece that moved "
                        f"last is {last} on {cell_name(pos.where[last])} (R17)", (c,))]


def _last_move(pos: Position, last: tuple[Cell | None, Cell]) -> list[MarkProblem]:
    frm, to = last
    shown = f"{'hand' if frm is None else cell_name(frm)} > {cell_name(to)}"
    cells = (to,) if frm is None else (frm, to)
    before = _before(pos, frm, to)
    if isinstance(before, str):
        return [MarkProblem("last_move", f"{shown}: {before}", cells)]
    prev, piece = before
    move = Move(piece, to)
    if prev.is_legal(move):
        return []
    why = explain_move(prev, move)
    return [MarkProblem("last_move", f"{shown}: {piece} could not have gone there: {why}",
                        cells, str(why))]


def _before(pos: Position, frm: Cell | None, to: Cell) -> tuple[Position, Piece] | str:
    """The position before the last move, if that move took a piece from ``frm`` (None: the
    hand) to ``to``, and that piece; else why not.

    A game with its moves knows its last move. A layout knows at most the piece that moved
    last (``last_moved``): the position before is the layout with that piece back on ``frm``
    and the other side to move (its own last move unknown, so nothing stunned).
    """
    if pos.from_start or pos.move_stack:
        if not pos.move_stack:
            return "no move has been played yet"
        last = pos.peek()
        if last is PASS:
            return "the last move was a pass"
        piece, played = last
        last_origin = pos.last_origin()
        if (last_origin, played) != (frm, to):
            origin = "the hand" if last_origin is None else cell_name(last_origin)
            return f"the last move was {piece} from {origin} to {cell_name(played)}"
        prev = pos.copy()
        prev.undo()
        return prev, piece
    top = pos.top(to)
    if top is None:
        return f"{cell_name(to)} is empty, so no piece moved there last"
    if pos.last_moved is not None and pos.last_moved is not top:
        return (f"the piece that moved last is {pos.last_moved} (last_moved), not {top} on "
                f"{cell_name(to)}")
    if pos.ply == 0:
        return "no move has been played yet"
    layout: dict[str | Cell | tuple[int, int], list[str]] = dict(pos.layout().items())
    layout[cell_name(to)].pop()
    if not layout[cell_name(to)]:
        del layout[cell_name(to)]
    if frm is not None:
        layout.setdefault(cell_name(frm), []).append(top.name)
    side = pos.turn.other
    try:
        prev = Position.from_layout(layout, game_type=pos.game_type, to_move=side,
                                    turn=(pos.ply - 1 - int(side)) // 2 + 1,
                                    tournament=pos.tournament)
    except ValueError as e:  # a LayoutError, or a layout the engine cannot take
        return f"the position before it is no position: {e}"
    return prev, top


__all__ = ["MarkProblem", "check_marks"]
