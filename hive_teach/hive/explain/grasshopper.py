"""The Grasshopper (R11): a straight jump over pieces to the first empty cell."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import DELTAS, DIRECTION_VECTORS, Cell, coords
from hive_teach.hive.explain.common import same_cell
from hive_teach.hive.explain.explanation import Explanation, because
from hive_teach.hive.explain.facts import Kind
from hive_teach.hive.pieces import Bug
from hive_teach.hive.rules import Rule

if TYPE_CHECKING:
    from hive_teach.hive.explain.mover import Mover


def grasshopper(m: Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Grasshopper (R11): a straight jump over pieces to the first empty cell."""
    c = m.cell
    board = m.board
    rule = Rule.for_bug(bug)
    if to == c:
        return same_cell(m, bug)
    (q0, r0), (q1, r1) = coords(c), coords(to)
    dq, dr = q1 - q0, r1 - r0
    k = max(abs(dq), abs(dr))
    step = (dq // k, dr // k)
    if not (dq == 0 or dr == 0 or dq == -dr) or step not in DIRECTION_VECTORS:
        return because(rule, Kind.NOT_IN_LINE, mover=m.piece, to=to, cells=(to,), bug=bug)
    delta = DELTAS[DIRECTION_VECTORS.index(step)]
    first = c + delta
    if first not in board:
        return because(rule, Kind.NOTHING_TO_JUMP, mover=m.piece, to=to, cells=(first,), bug=bug,
                    beside=first)
    land = first
    while land in board:
        land += delta
    if land == to:
        return None
    if to in board:
        top = board[to][-1]
        return because(rule, Kind.OCCUPIED, "grasshopper", mover=m.piece, to=to, pieces=(top,),
                    cells=(to, land), top=top, bug=bug, land=land)
    return because(rule, Kind.GAP, mover=m.piece, to=to, cells=(land,), bug=bug, land=land)
