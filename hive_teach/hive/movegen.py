"""Move generation: where each bug may go, placements, Pillbug throws and pinned pieces.

The functions here read a board given as ``stacks``, a dict from cell to the list of pieces on
it (bottom first). They never check whose turn it is or whether a piece may move at all: that
is :class:`hive_teach.hive.position.Position`'s job. Each bug's movement is one small function in
:data:`BUG_MOVES`, so a new bug slots in as one more entry.

Functions that move a ground piece expect the caller to have lifted it off the board (deleted
its cell from ``stacks``): the hive must be judged without the mover (R7, R12, R13).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from hive_teach.core.hexgrid import DELTAS, FLANKED_DELTAS, Cell
from hive_teach.hive.pieces import Bug, Colour, Piece

Stacks = dict[Cell, list[Piece]]


def height(stacks: Stacks, c: Cell) -> int:
    """How many pieces stand on cell ``c``."""
    s = stacks.get(c)
    return len(s) if s else 0


def slides(stacks: Stacks, a: Cell) -> list[Cell]:
    """Cells one ground slide away from ``a`` (R7): empty, exactly one flanking cell occupied."""
    out = []
    for d, dl, dr in FLANKED_DELTAS:
        b = a + d
        if b not in stacks and ((a + dl in stacks) != (a + dr in stacks)):
            out.append(b)
    return out


def step_allowed(stacks: Stacks, a: Cell, b: Cell, s: int, d: int, dl: int, dr: int) -> bool:
    """Whether a step from ``a`` to its neighbour ``b`` passes freedom to move (R7/R8).

    ``s`` is the height of ``a`` without the mover, ``d`` the height of ``b``, ``dl``/``dr`` the
    deltas from ``a`` to the two flanking cells.
    """
    lo = min(height(stacks, a + dl), height(stacks, a + dr))
    if s == 0 and d == 0:
        hl = a + dl in stacks
        return hl != (a + dr in stacks)
    return lo <= max(s, d)


def queen_moves(stacks: Stacks, c: Cell) -> set[Cell]:
    """R9 (also the Pillbug's own step, R16): one slide."""
    return set(slides(stacks, c))


def beetle_moves(stacks: Stacks, c: Cell) -> set[Cell]:
    """R10: one step, sliding on the ground or climbing with the height gates of R8.

    Works both for a beetle lifted off the ground (``c`` not in ``stacks``) and for one on top
    of a stack (``c`` still holds the pieces below it).
    """
    s = height(stacks, c)
    out = set()
    for d, dl, dr in FLANKED_DELTAS:
        b = c + d
        if step_allowed(stacks, c, b, s, height(stacks, b), dl, dr):
            out.add(b)
    return out


def grasshopper_moves(stacks: Stacks, c: Cell) -> set[Cell]:
    """R11: jump in a straight line over at least one piece to the first empty cell."""
    out = set()
    for d in DELTAS:
        b = c + d
        if b not in stacks:
            continue
        while b in stacks:
            b += d
        out.add(b)
    return out


def spider_moves(stacks: Stacks, c: Cell) -> set[Cell]:
    """R12: exactly three slides, never entering a cell twice."""
    out = set()
    for b1 in slides(stacks, c):
        for b2 in slides(stacks, b1):
            if b2 == c:
                continue
            for b3 in slides(stacks, b2):
                if b3 != c and b3 != b1:
                    out.add(b3)
    return out


def ant_moves(stacks: Stacks, c: Cell) -> set[Cell]:
    """R13: any number of slides around the hive."""
    seen = {c}
    todo = [c]
    pop, push, mark = todo.pop, todo.append, seen.add
    flanked = FLANKED_DELTAS
    while todo:
        a = pop()
        for d, dl, dr in flanked:
            b = a + d
            if b in seen or b in stacks:
                continue
            if (a + dl in stacks) != (a + dr in stacks):
                mark(b)
                push(b)
    seen.discard(c)
    return seen


def ladybug_moves(stacks: Stacks, c: Cell) -> set[Cell]:
    """R15: up onto the hive, one step across the top, down into an empty cell (each step R8)."""
    out = set()
    for d1, l1, r1 in FLANKED_DELTAS:
        b1 = c + d1
        h1 = height(stacks, b1)
        if not h1 or not step_allowed(stacks, c, b1, 0, h1, l1, r1):
            continue
        for d2, l2, r2 in FLANKED_DELTAS:
            b2 = b1 + d2
            h2 = height(stacks, b2)
            if not h2 or not step_allowed(stacks, b1, b2, h1, h2, l2, r2):
                continue
            for d3, l3, r3 in FLANKED_DELTAS:
                b3 = b2 + d3
                if b3 == c or b3 in stacks or b3 in out:
                    continue
                if step_allowed(stacks, b2, b3, h2, 0, l3, r3):
                    out.add(b3)
    return out


BUG_MOVES: dict[Bug, Callable[[Stacks, Cell], set[Cell]]] = {
    Bug.QUEEN: queen_moves,
    Bug.BEETLE: beetle_moves,
    Bug.GRASSHOPPER: grasshopper_moves,
    Bug.SPIDER: spider_moves,
    Bug.ANT: ant_moves,
    Bug.LADYBUG: ladybug_moves,
    Bug.PILLBUG: queen_moves,
}
"""How each bug moves by itself, given a board with the mover lifted off (or on top)."""


def mosquito_copies(stacks: Stacks, c: Cell) -> list[tuple[Bug, Piece]]:
    """R14: the (bug, piece) pairs a ground Mosquito at ``c`` copies, one per bug type."""
    seen: dict[Bug, Piece] = {}
    for d in DELTAS:
        s = stacks.get(c + d)
        if s:
            top = s[-1]
            if top.bug is not Bug.MOSQUITO and top.bug not in seen:
                seen[top.bug] = top
    return list(seen.items())


def articulation_points(stacks: Iterable[Cell]) -> set[Cell]:
    """Cells whose removal splits the hive in two or more parts (R6), by Tarjan's algorithm.

    The depth of a cell in the search tree serves as its discovery number; the hive has at most
    28 cells, so the recursion stays shallow.

    >>> from hive_teach.core.hexgrid import cell
    >>> line = [cell(0, 0), cell(1, 0), cell(2, 0)]
    >>> articulation_points(line) == {cell(1, 0)}
    True
    """
    cells = stacks if isinstance(stacks, dict) else set(stacks)
    if len(cells) < 3:
        return set()
    depth_of: dict[Cell, int] = {}
    out: set[Cell] = set()

    def visit(v: Cell, parent: Cell | None, depth: int) -> int:
        depth_of[v] = depth
        low = depth
        children = 0
        for d in DELTAS:
            w = v + d
            if w == parent or w not in cells:
                continue
            dw = depth_of.get(w)
            if dw is None:
                children += 1
                lw = visit(w, v, depth + 1)
                if lw < low:
                    low = lw
                if parent is not None and lw >= depth:
                    out.add(v)
            elif dw < low:
                low = dw
        if parent is None and children > 1:
            out.add(v)
        return low

    visit(next(iter(cells)), None, 0)
    return out


def placement_cells(stacks: Stacks, colour: Colour, first: Cell) -> set[Cell]:
    """Cells where ``colour`` may place a piece (R1-R3); ``first`` is the cell for R1."""
    if not stacks:
        return {first}
    if len(stacks) == 1:
        (only,) = stacks
        if stacks[only][-1].colour is not colour:
            return {only + d for d in DELTAS}
    mine: set[Cell] = set()
    theirs: set[Cell] = set()
    for c, s in stacks.items():
        near = theirs if s[-1].colour is not colour else mine
        for d in DELTAS:
            near.add(c + d)
    return mine - theirs - stacks.keys()


def pillbug_throws(
    stacks: Stacks, p: Cell, pinned: set[Cell], stunned: Piece | None
) -> list[tuple[Piece, Cell]]:
    """R16: the (piece, destination) throws of a Pillbug (or Mosquito copying it) at ``p``.

    The thrower must be alone on its cell; ``pinned`` are the articulation points of the hive
    and ``stunned`` the piece that moved last turn (R17), which cannot be thrown.
    """
    empties = [p + d for d in DELTAS if p + d not in stacks]
    if not empties:
        return []
    out = []
    for d, dl, dr in FLANKED_DELTAS:
        n = p + d
        s = stacks.get(n)
        if not s or len(s) != 1 or n in pinned:
            continue
        piece = s[0]
        if piece is stunned:
            continue
        # Lift from n (height 0 without the piece) onto the Pillbug (height 1): blocked when
        # both flanks of the edge are stacks of two or more.
        if min(height(stacks, p + dl), height(stacks, p + dr)) > 1:
            continue
        for e in empties:
            i = DELTAS.index(e - p)
            fl, fr = p + DELTAS[(i - 1) % 6], p + DELTAS[(i + 1) % 6]
            hl = 0 if fl == n else height(stacks, fl)
            hr = 0 if fr == n else height(stacks, fr)
            if min(hl, hr) <= 1:
                out.append((piece, e))
    return out
