"""One slide: the Queen Bee (R9) and the Pillbug walking (R16)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import Cell, are_neighbours
from hive_teach.hive.explain.common import ground_gap, occupied, same_cell, too_far
from hive_teach.hive.explain.explanation import Explanation
from hive_teach.hive.pieces import Bug

if TYPE_CHECKING:
    from hive_teach.hive.explain.mover import Mover


def one_step(m: Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Queen Bee (R9), Pillbug walking (R16): one slide into an empty cell."""
    c = m.cell
    if to == c:
        return same_cell(m, bug)
    if not are_neighbours(c, to):
        return too_far(m, to, bug, "step")
    if to in m.board:
        return occupied(m, to, bug, "step")
    return ground_gap(m, c, to)
