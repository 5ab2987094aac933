"""Board searches the explanations need beyond :mod:`hive_teach.hive.movegen`: slides as if gates
were open, the gate that closes a pocket, a hole in the hive.
"""

from __future__ import annotations

from collections import deque

from hive_teach.core.hexgrid import DELTAS, FLANKED_DELTAS, Cell, coords
from hive_teach.hive.pieces import Piece

Board = dict[Cell, list[Piece]]


def loose_slides(board: Board, a: Cell) -> list[tuple[Cell, bool]]:
    """Slides from ``a`` if gates were open: (target, whether it passes a gate)."""
    out = []
    for d, dl, dr in FLANKED_DELTAS:
        b = a + d
        if b in board:
            continue
        left, right = a + dl in board, a + dr in board
        if left or right:
            out.append((b, left and right))
    return out


def gate_search(board: Board, start: Cell) -> dict[Cell, tuple[Cell, Cell] | None]:
    """Every cell a slider reaches from ``start`` if gates were open, with the last gate edge
    on a way through the fewest gates (None: no gate needed). A 0-1 breadth-first search."""
    cost = {start: 0}
    last: dict[Cell, tuple[Cell, Cell] | None] = {start: None}
    todo = deque([start])
    while todo:
        a = todo.popleft()
        ca = cost[a]
        for b, gated in loose_slides(board, a):
            cb = ca + gated
            if b not in cost or cb < cost[b]:
                cost[b] = cb
                last[b] = (a, b) if gated else last[a]
                if gated:
                    todo.append(b)
                else:
                    todo.appendleft(b)
    return last


def touches(board: Board, x: Cell) -> bool:
    return any(x + d in board for d in DELTAS)


def walled_in(board: Board, x: Cell) -> bool:
    """Whether the empty region around ``x`` is closed in by pieces (a hole in the hive)."""
    qs = [coords(c) for c in board]
    lo_q, hi_q = min(q for q, _ in qs), max(q for q, _ in qs)
    lo_r, hi_r = min(r for _, r in qs), max(r for _, r in qs)
    seen = {x}
    todo = [x]
    while todo:
        a = todo.pop()
        q, r = coords(a)
        if not (lo_q < q < hi_q and lo_r < r < hi_r):
            return False
        for d in DELTAS:
            b = a + d
            if b not in seen and b not in board:
                seen.add(b)
                todo.append(b)
    return True
