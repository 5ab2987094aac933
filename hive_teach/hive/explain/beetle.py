"""The Beetle (R10): one step, sliding on the ground (R7) or climbing (R8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import Cell, are_neighbours, flanks
from hive_teach.hive import movegen
from hive_teach.hive.explain.common import ground_gap, height_gate, same_cell, too_far
from hive_teach.hive.explain.explanation import Explanation
from hive_teach.hive.pieces import Bug

if TYPE_CHECKING:
    from hive_teach.hive.explain.mover import Mover


def beetle(m: Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Beetle (R10): one step, sliding on the ground (R7) or climbing (R8)."""
    c = m.cell
    if to == c:
        return same_cell(m, bug)
    if not are_neighbours(c, to):
        return too_far(m, to, bug, "beetle")
    board = m.board
    s, d = m.below, movegen.height(board, to)
    if s == 0 and d == 0:
        return ground_gap(m, c, to)
    fl, fr = flanks(c, to)
    hl, hr = movegen.height(board, fl), movegen.height(board, fr)
    if min(hl, hr) > max(s, d):
        if d:
            return height_gate(board, m.piece, "climb-onto", fl, fr, hl, hr, s, d, to=to,
                                onto=board[to][-1])
        return height_gate(board, m.piece, "climb-down", fl, fr, hl, hr, s, d, to=to)
    return None
