"""The Soldier Ant (R13), and the pocket behind a gate any slider may be refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import DELTAS, Cell, flanks
from hive_teach.hive.explain.board import touches, walled_in
from hive_teach.hive.explain.common import gate_reason, occupied, off_hive, same_cell
from hive_teach.hive.explain.explanation import Explanation, because
from hive_teach.hive.explain.facts import Kind
from hive_teach.hive.pieces import Bug
from hive_teach.hive.rules import Rule

if TYPE_CHECKING:
    from hive_teach.hive.explain.mover import Mover


def ant(m: Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Soldier Ant (R13): any number of slides around the hive."""
    c = m.cell
    board = m.board
    if to == c:
        return same_cell(m, bug)
    if to in board:
        return occupied(m, to, bug, "walk")
    if not touches(board, to):
        return off_hive(m, to, bug, "ant")
    if to in m.reach():
        return None
    return pocket(m, to, bug)


def pocket(m: Mover, to: Cell, bug: Bug) -> Explanation:
    """A cell on the hive's edge that no open slide leads to: behind a gate, or walled in."""
    edge = m.gates().get(to)
    board = m.board
    if edge is not None:
        fl, fr = flanks(*edge)
        return gate_reason(board, m, fl, fr, to, "pocket")
    start = m.cell
    if all(to + d in board for d in DELTAS):
        case, where = "", to
    elif walled_in(board, to):
        case, where = "hole", to
    elif all(start + d in board for d in DELTAS):
        case, where = "start", start
    else:  # the hive's edge around one face is connected, so the mover is walled in itself
        case, where = "start-hole", start
    return because(Rule.for_bug(bug), Kind.ENCLOSED, case, mover=m.piece, to=to, cells=(where,))
