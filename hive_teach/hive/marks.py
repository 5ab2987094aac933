"""Teaching marks for a diagram, and :func:`marks_for` to fill them from the engine.

Cells in marks may be given as :data:`~hive_teach.core.hexgrid.Cell` ints, ``"q,r"`` names,
``(q, r)`` tuples, or pieces (``"wQ"`` or a :class:`~hive_teach.hive.pieces.Piece`), which stand for
the cell where that piece is when the diagram is drawn.

>>> from hive_teach.hive.position import Position
>>> pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
>>> m = marks_for(pos, "wQ")
>>> names(m.targets), m.selected == pos.where[Piece.from_name("wQ")]
(['-1,1', '0,-1'], True)
>>> Marks(selected="0,0", forbidden={"1,0": "R7"}).forbidden == {cell(1, 0): "R7"}
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, TypedDict, TypeGuard, Unpack

from hive_teach.core.checked import NOTHING, Checked
from hive_teach.core.hexgrid import (
    DELTAS,
    FLANKED_DELTAS,
    LIMIT,
    Cell,
    cell,
    cell_name,
    distance,
    neighbours,
    parse_cell,
)
from hive_teach.core.scene import NO_TEXTS, TextsByCell
from hive_teach.hive import movegen
from hive_teach.hive.explain import explain_move, explain_piece
from hive_teach.hive.moves import Move
from hive_teach.hive.pieces import Bug, Colour, Piece

if TYPE_CHECKING:
    from hive_teach.hive.position import Position

CellRef = Cell | str | tuple[int, int] | Piece
"""A cell as an int, ``"q,r"`` or ``(q, r)``, or a piece standing for the cell it is on."""
Ref = Cell | Piece
"""A cell ref once read: a cell, or a piece (its cell is known only when the diagram is drawn)."""


def _ref(value: object) -> Ref:
    if isinstance(value, Piece):
        return value
    if isinstance(value, bool):  # bool is an int, never a cell
        raise ValueError(f"{value!r} is not a cell or a piece")
    if isinstance(value, int):
        return value
    if _is_coords(value):
        return cell(*value)
    if isinstance(value, str):
        text = value.strip()
        return parse_cell(text) if "," in text else Piece.from_name(text)
    raise ValueError(
        f"{value!r} is not a cell or a piece: give a cell as 0,-1 or (0, -1), or a piece as wQ"
    )


def _refs(values: object) -> frozenset[Ref]:
    """Several cells; a single cell or piece is taken as a collection of one."""
    if isinstance(values, int | str | Piece) or _is_coords(values):
        values = [values]
    if not isinstance(values, Iterable):
        raise ValueError(f"{values!r} is not a collection of cells")
    return frozenset(_ref(v) for v in values)


def _is_coords(value: object) -> TypeGuard[tuple[int, int]]:
    """Whether ``value`` is one ``(q, r)`` pair (rather than, say, a pair of cell ints)."""
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and abs(v) <= LIMIT for v in value)
    )


CellTexts = TextsByCell[CellRef]
"""Cells (any :data:`CellRef`) to texts, e.g. a ``dict[Cell, str]``."""


class MarksFields(TypedDict, total=False):
    """The fields of :class:`Marks` as keyword arguments, each optional: what
    :func:`marks_for`, :func:`with_fields` and the drawing functions take as ``**fields``."""

    targets: Collection[CellRef]
    forbidden: CellTexts
    selected: CellRef | None
    pinned: Collection[CellRef]
    gates: Sequence[tuple[CellRef, CellRef]]
    path: Sequence[CellRef]
    last_move: tuple[CellRef | None, CellRef] | None
    stunned: CellRef | None
    throws: Sequence[tuple[CellRef, CellRef, CellRef]]
    surrounded: Collection[CellRef]
    labels: CellTexts
    coords: bool
    hand: bool
    title: str | None
    lang: str
    checked: Checked


@dataclass(frozen=True, init=False)
class Marks:
    """What to mark on a diagram; every field is optional and they combine.

    - ``targets``: legal destinations of the selected piece (green rings and dots).
    - ``forbidden``: cell to rule id (a cross and the id, e.g. ``"R7"``).
    - ``selected``: the selected piece or cell (a thick blue ring).
    - ``pinned``: pieces pinned by One Hive (a pin, R6).
    - ``gates``: pairs of occupied cells flanking a narrow gap (a bar across the gap, R7).
    - ``path``: a route, start first (numbered steps: a Spider's 1-2-3, a Ladybug's
      up-across-down, an Ant's route).
    - ``last_move``: ``(from, to)`` of the previous move; ``from`` is None for a placement.
    - ``stunned``: the piece stunned by R17 (a lightning bolt).
    - ``throws``: Pillbug throws as ``(from, via, to)`` (a curved arrow over ``via``).
    - ``surrounded``: Queens whose six neighbours are occupied (a red outline, R19).
    - ``labels``: cell to free text (a letter in a round marker, unlike a piece's label).
    - ``checked``: the learner's marks in a mark-every-cell exercise, and after Check the
      correct, missed and wrong cells (see :mod:`hive_teach.core.checked`).
    - ``coords``: faint ``q,r`` on every cell drawn; ``hand``: show the pieces in hand;
      ``title``: text above the board (None: who is to move; ``""``: none); ``lang``: the
      language of the diagram's own words (``en``, ``de``, ``zh``).

    Cells are given as :data:`CellRef` and kept as :data:`Ref` (cell ints, or pieces).

    >>> m = Marks(targets=["0,1", (1, 0)], path=["0,0", "1,0"], gates=[("1,-1", "0,1")])
    >>> names(m.targets), [cell_name(c) for c in m.path], len(m.gates)
    (['0,1', '1,0'], ['0,0', '1,0'], 1)
    >>> Marks(selected="Queen")
    Traceback (most recent call last):
    ...
    ValueError: 'Queen' is not a Hive piece: names look like wQ, bS1, wG3, bM (R0)
    """

    targets: frozenset[Ref]
    forbidden: dict[Ref, str]
    selected: Ref | None
    pinned: frozenset[Ref]
    gates: tuple[tuple[Ref, Ref], ...]
    path: tuple[Ref, ...]
    last_move: tuple[Ref | None, Ref] | None
    stunned: Ref | None
    throws: tuple[tuple[Ref, Ref, Ref], ...]
    surrounded: frozenset[Ref]
    labels: dict[Ref, str]
    coords: bool
    hand: bool
    title: str | None
    lang: str
    checked: Checked

    # mypy cannot spell "unhashable" without this (typeshed does the same for list and dict).
    __hash__ = None  # type: ignore[assignment]  # holds dicts

    def __init__(
        self,
        targets: Collection[CellRef] = frozenset(),
        forbidden: CellTexts = NO_TEXTS,
        selected: CellRef | None = None,
        pinned: Collection[CellRef] = frozenset(),
        gates: Sequence[tuple[CellRef, CellRef]] = (),
        path: Sequence[CellRef] = (),
        last_move: tuple[CellRef | None, CellRef] | None = None,
        stunned: CellRef | None = None,
        throws: Sequence[tuple[CellRef, CellRef, CellRef]] = (),
        surrounded: Collection[CellRef] = frozenset(),
        labels: CellTexts = NO_TEXTS,
        coords: bool = False,
        hand: bool = True,
        title: str | None = None,
        lang: str = "en",
        checked: Checked = NOTHING,
    ) -> None:
        # Read every cell ref once (frozen: hence object.__setattr__).
        put = object.__setattr__
        put(self, "targets", _refs(targets))
        put(self, "pinned", _refs(pinned))
        put(self, "surrounded", _refs(surrounded))
        put(self, "forbidden", {_ref(k): str(v) for k, v in forbidden.items()})
        put(self, "labels", {_ref(k): str(v) for k, v in labels.items()})
        put(self, "selected", None if selected is None else _ref(selected))
        put(self, "stunned", None if stunned is None else _ref(stunned))
        put(self, "gates", tuple((_ref(a), _ref(b)) for a, b in gates))
        put(self, "path", tuple(_ref(c) for c in path))
        put(self, "throws", tuple((_ref(a), _ref(b), _ref(c)) for a, b, c in throws))
        if last_move is not None:
            frm, to = last_move
            put(self, "last_move", (None if frm is None else _ref(frm), _ref(to)))
        else:
            put(self, "last_move", None)
        put(self, "coords", coords)
        put(self, "hand", hand)
        put(self, "title", title)
        put(self, "lang", lang)
        put(self, "checked", checked)

    def _fields(self) -> MarksFields:
        """These marks as keyword arguments: ``Marks(**m._fields()) == m``."""
        return MarksFields(
            targets=self.targets, forbidden=self.forbidden, selected=self.selected,
            pinned=self.pinned, gates=self.gates, path=self.path, last_move=self.last_move,
            stunned=self.stunned, throws=self.throws, surrounded=self.surrounded,
            labels=self.labels, coords=self.coords, hand=self.hand, title=self.title,
            lang=self.lang, checked=self.checked,
        )

    def resolve(self, pos: Position) -> Resolved:
        """These marks with every piece replaced by its cell in ``pos``, checked for sense."""

        def at(ref: Ref) -> Cell:
            if isinstance(ref, Piece):
                c = pos.where.get(ref)
                if c is None:
                    raise ValueError(f"{ref.name} is not on the board, so it cannot be marked")
                return c
            return ref

        def opt(ref: Ref | None) -> Cell | None:
            return None if ref is None else at(ref)

        def sides(a: Ref, b: Ref) -> tuple[Cell, Cell]:
            x, y = at(a), at(b)
            return (x, y) if x <= y else (y, x)

        gates = tuple(sorted({sides(a, b) for a, b in self.gates}))
        for a, b in gates:
            if len(common_neighbours(a, b)) != 2:
                raise ValueError(
                    f"gate {cell_name(a)} / {cell_name(b)}: a gate is two cells that both touch "
                    "the two cells of one gap (like 1,-1 and 0,1 around the gap 0,0 - 1,0)"
                )
        last = None
        if self.last_move is not None:
            last = (opt(self.last_move[0]), at(self.last_move[1]))
        return Resolved(
            targets=frozenset(at(c) for c in self.targets),
            forbidden={at(c): r for c, r in self.forbidden.items()},
            selected=opt(self.selected),
            pinned=frozenset(at(c) for c in self.pinned),
            gates=gates,
            path=tuple(at(c) for c in self.path),
            last_move=last,
            stunned=opt(self.stunned),
            throws=tuple((at(a), at(b), at(c)) for a, b, c in self.throws),
            surrounded=frozenset(at(c) for c in self.surrounded),
            labels={at(c): t for c, t in self.labels.items()},
            coords=self.coords,
            hand=self.hand,
            title=self.title,
            checked=self.checked,
        )


def with_fields(marks: Marks | None, **fields: Unpack[MarksFields]) -> Marks:
    """``marks`` (or no marks) with the given fields set."""
    if not fields:
        return marks or Marks()
    if marks is None:
        return Marks(**fields)
    merged = marks._fields()
    merged.update(fields)
    return Marks(**merged)


class Resolved(NamedTuple):
    """:class:`Marks` with plain cells only (what the diagram code works from)."""

    targets: frozenset[Cell]
    forbidden: dict[Cell, str]
    selected: Cell | None
    pinned: frozenset[Cell]
    gates: tuple[tuple[Cell, Cell], ...]
    path: tuple[Cell, ...]
    last_move: tuple[Cell | None, Cell] | None
    stunned: Cell | None
    throws: tuple[tuple[Cell, Cell, Cell], ...]
    surrounded: frozenset[Cell]
    labels: dict[Cell, str]
    coords: bool
    hand: bool
    title: str | None
    checked: Checked


def common_neighbours(a: Cell, b: Cell) -> list[Cell]:
    """The cells touching both ``a`` and ``b``; two of them make ``a``-``b`` a gate's sides.

    >>> names(common_neighbours(cell(1, -1), cell(0, 1)))
    ['0,0', '1,0']
    """
    return sorted(set(neighbours(a)) & set(neighbours(b)))


def names(cells: Iterable[Cell]) -> list[str]:
    """Sorted ``q,r`` names, for messages and doctests."""
    return sorted(cell_name(c) for c in cells)


# How far from its cell a bug can end a move; None: anywhere on the hive's edge.
_REACH: dict[Bug, int | None] = {
    Bug.QUEEN: 1, Bug.BEETLE: 1, Bug.PILLBUG: 1, Bug.GRASSHOPPER: 1,
    Bug.SPIDER: 2, Bug.LADYBUG: 2, Bug.ANT: None, Bug.MOSQUITO: 1,
}
_CLIMBERS = (Bug.BEETLE, Bug.MOSQUITO)


def marks_for(pos: Position, piece: Piece | str, **extra: Unpack[MarksFields]) -> Marks:
    """A teaching diagram for one piece: where it may go and why not elsewhere.

    Fills ``selected`` (the piece, if on the board), ``targets`` (``pos.targets``), ``forbidden``
    (cells near the piece that are not targets, each with the rule id :func:`explain_move`
    gives; a piece that cannot move at all gets the rule on its own cell), ``pinned`` (every
    piece One Hive pins), ``gates`` (from gate explanations), ``throws`` (when a Pillbug may
    throw this piece), ``last_move``, ``stunned`` (in games with a Pillbug, where R17 matters)
    and ``surrounded``. ``extra`` sets or overrides any :class:`Marks` field.

    "Near" is the empty cells next to the hive within the bug's reach (one step for a Queen,
    two for a Spider or Ladybug: the cells they reach too early; the whole edge for an Ant),
    plus, for a Beetle or Mosquito, the occupied cells next to it.

    >>> from hive_teach.hive.position import Position
    >>> pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    >>> m = marks_for(pos, "wS1")  # pinned between wQ and the black pieces
    >>> [(cell_name(c), r) for c, r in m.forbidden.items()], names(m.pinned)
    ([('0,0', 'R6')], ['0,0', '1,0'])
    >>> m = marks_for(pos, "wG1", title="Placing a Grasshopper")
    >>> sorted(set(m.forbidden.values())), m.selected, m.title
    (['R3'], None, 'Placing a Grasshopper')
    """
    if isinstance(piece, str):
        piece = Piece.from_name(piece)
    here = pos.where.get(piece)
    sources = pos.move_sources(piece)
    targets = set(sources)
    forbidden: dict[Cell, str] = {}
    gates: set[tuple[Cell, Cell]] = set()
    blocked = _piece_level_rule(pos, piece)
    if blocked is not None:
        if here is not None:
            forbidden[here] = blocked
    else:
        for c in sorted(_near(pos, piece) - targets):
            why = explain_move(pos, Move(piece, c))
            if why is None:
                continue
            forbidden[c] = why.rule
            gate = _gate_of(pos, why.kind, why.cells, why.pieces)
            if gate is not None:
                gates.add(gate)
    throws = []
    if here is not None:
        for dest, srcs in sorted(sources.items()):
            for src in srcs:
                if src.kind == "throw" and src.via is not None and src.via in pos.where:
                    throws.append((here, pos.where[src.via], dest))
    fields: MarksFields = {
        "selected": here,
        "targets": targets,
        "forbidden": forbidden,
        "pinned": {c for c in pos.pinned_cells() if len(pos.stacks[c]) == 1},
        "gates": sorted(gates),
        "throws": throws,
        "last_move": last_move(pos),
        "stunned": stunned_cell(pos),
        "surrounded": {pos.where[Piece.from_name(side.letter + "Q")]
                       for side in Colour if pos.surrounded(side)},
    }
    fields.update(extra)
    return Marks(**fields)


_WHOLE_PIECE_RULES = frozenset({"R0", "R5", "R6", "R17", "R19"})


def _piece_level_rule(pos: Position, piece: Piece) -> str | None:
    """The rule that stops ``piece`` whatever the cell (game over, R0, R5, R17, R6), if any.

    A piece with nowhere to go by its own movement is not such a case: each cell then gets its
    own reason (a gate here, a lost contact there), which is what the diagram should show.
    """
    if pos.state.is_over:
        return "R19"
    if piece not in pos.where:
        return None if piece.colour is pos.turn else "R0"
    if piece.colour is not pos.turn:
        return None if pos.targets(piece) else "R0"
    why = explain_piece(pos, piece)
    return why.rule if why is not None and why.rule in _WHOLE_PIECE_RULES else None


def _near(pos: Position, piece: Piece) -> set[Cell]:
    here = pos.where.get(piece)
    stacks = pos.stacks
    edge = {n for c in stacks for n in neighbours(c) if n not in stacks}
    if here is None:
        return edge
    bug = piece.bug
    reach = _REACH[bug]
    if bug is Bug.MOSQUITO:
        copied = {stacks[n][-1].bug for n in neighbours(here) if n in stacks}
        reaches = [_REACH[b] for b in copied if b is not Bug.MOSQUITO]
        known = [r for r in reaches if r is not None]
        reach = max([1, *known]) if len(known) == len(reaches) else None
    near = {c for c in edge if c != here and (reach is None or distance(c, here) <= reach)}
    if bug in _CLIMBERS:
        near |= {n for n in neighbours(here) if n in stacks}
    return near


def _gate_of(
    pos: Position, kind: str, cells: Sequence[Cell], pieces: Sequence[Piece]
) -> tuple[Cell, Cell] | None:
    """The two sides of a gate an explanation names, if it names one."""
    if kind != "gate":
        return None
    for group in (list(cells), [pos.where[p] for p in pieces if p in pos.where]):
        if len(group) == 2 and len(common_neighbours(group[0], group[1])) == 2:
            a, b = sorted(group)
            return a, b
    return None


def route(pos: Position, piece: Piece | str, to: CellRef) -> tuple[Cell, ...] | None:
    """One way ``piece`` gets to ``to`` now, start first, for the ``path`` mark; None if illegal.

    A Spider's three slides, an Ant's shortest route, a Ladybug's up-across-down, a
    Grasshopper's line over the pieces it jumps, a Pillbug throw as from-Pillbug-to, a Mosquito
    by the bug it copies; one step for the others. Placements have no route.

    >>> from hive_teach.hive.position import Position
    >>> pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    >>> [cell_name(c) for c in route(pos, "wQ", "-1,1")]
    ['-1,0', '-1,1']
    >>> route(pos, "wQ", "5,5") is None
    True
    """
    if isinstance(piece, str):
        piece = Piece.from_name(piece)
    dest = _ref(to)
    if isinstance(dest, Piece):
        dest = pos.where[dest]
    start = pos.where.get(piece)
    sources = pos.move_sources(piece).get(dest)
    if start is None or not sources:
        return None
    src = sources[0]
    if src.kind == "throw":
        return (start, pos.where[src.via], dest) if src.via is not None else None
    stacks = {c: list(s) for c, s in pos.stacks.items()}
    stacks[start].pop()
    if not stacks[start]:
        del stacks[start]
    bug = src.bug if src.bug is not None else piece.bug
    if bug is Bug.SPIDER:
        return _search(start, dest, lambda c: movegen.slides(stacks, c), exactly=3)
    if bug is Bug.ANT:
        return _search(start, dest, lambda c: movegen.slides(stacks, c), exactly=None)
    if bug is Bug.GRASSHOPPER:
        for d in DELTAS:
            line = [start]
            while line[-1] + d in stacks:
                line.append(line[-1] + d)
            if len(line) > 1 and line[-1] + d == dest:
                return (*line, dest)
        return None
    if bug is Bug.LADYBUG:
        return _search(start, dest, lambda c: _ladybug_steps(stacks, c), exactly=3)
    return (start, dest)


def _ladybug_steps(stacks: dict[Cell, list[Piece]], c: Cell) -> list[Cell]:
    """Where a Ladybug may step from ``c``: up onto the hive from the ground; across or down
    from the top (R8 for each step)."""
    on_top = c in stacks
    s = len(stacks.get(c, ()))
    out = []
    for d, dl, dr in FLANKED_DELTAS:
        b = c + d
        h = len(stacks.get(b, ()))
        if h == 0 and not on_top:
            continue
        if movegen.step_allowed(stacks, c, b, s, h, dl, dr):
            out.append(b)
    return out


def _search(
    start: Cell, dest: Cell, step: Callable[[Cell], list[Cell]], exactly: int | None
) -> tuple[Cell, ...] | None:
    """A path of ``exactly`` steps never entering a cell twice, or (None) a shortest one."""
    if exactly is None:
        came: dict[Cell, Cell] = {start: start}
        todo = [start]
        for c in todo:  # breadth first: the list grows while we walk it
            for b in step(c):
                if b not in came:
                    came[b] = c
                    todo.append(b)
        if dest not in came:
            return None
        back = [dest]
        while back[-1] != start:
            back.append(came[back[-1]])
        return tuple(reversed(back))
    paths: list[tuple[Cell, ...]] = [(start,)]
    for _ in range(exactly):
        paths = [(*p, b) for p in paths for b in sorted(step(p[-1])) if b not in p]
    return next((p for p in paths if p[-1] == dest), None)


def last_move(pos: Position) -> tuple[Cell | None, Cell] | None:
    """``(from, to)`` of the previous move (``from`` None for a placement), None if unknown.

    >>> from hive_teach.hive.position import Position
    >>> pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
    >>> frm, to = last_move(pos)
    >>> frm, cell_name(to)
    (None, '1,0')
    """
    if not pos.move_stack:
        return None
    move = pos.peek()
    if move.is_pass or move.to is None:
        return None
    return pos.last_origin(), move.to


def stunned_cell(pos: Position) -> Cell | None:
    """The cell of the piece R17 stuns, in games with a Pillbug (without one it never matters)."""
    if Bug.PILLBUG not in pos.game_type.expansions or pos.last_moved is None:
        return None
    return pos.where.get(pos.last_moved)
