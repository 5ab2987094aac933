"""The Ladybug (R15): up onto the hive, one step across the top, down into an empty cell."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import DELTAS, Cell, are_neighbours, distance, flanks
from hive_teach.hive import movegen
from hive_teach.hive.explain.common import height_gate, occupied, off_hive, same_cell, too_far
from hive_teach.hive.explain.explanation import Explanation, because
from hive_teach.hive.explain.facts import Kind
from hive_teach.hive.pieces import Bug, Piece
from hive_teach.hive.rules import Rule

if TYPE_CHECKING:
    from hive_teach.hive.explain.mover import Mover


def ladybug(m: Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Ladybug (R15): up onto the hive, one step across the top, down into an empty cell."""
    c = m.cell
    board = m.board
    if to == c:
        return same_cell(m, bug)
    if to in board:
        return occupied(m, to, bug, "ladybug")
    if distance(c, to) > 3:
        return too_far(m, to, bug, "ladybug")
    downs = [to + d for d in DELTAS if to + d in board]
    if not downs:
        return off_hive(m, to, bug, "ladybug")
    pairs = [
        (c + d, b2) for b2 in downs for d in DELTAS
        if c + d in board and are_neighbours(c + d, b2)
    ]
    if not pairs:
        return because(Rule.for_bug(bug), Kind.NO_PATH, mover=m.piece, to=to, cells=(to,),
                    bug=bug)
    best: tuple[int, Explanation] | None = None
    for b1, b2 in pairs:
        h1, h2 = movegen.height(board, b1), movegen.height(board, b2)
        path = (c, b1, b2, to)
        p1, p2 = board[b1][-1], board[b2][-1]
        legs: tuple[tuple[Cell, Cell, int, int, str, dict[str, Piece]], ...] = (
            (c, b1, 0, h1, "climb-up", {"onto": p1}),
            (b1, b2, h1, h2, "cross", {"over": p1, "onto": p2}),
            (b2, to, h2, 0, "climb-down-from", {"over": p2}),
        )
        for stage, (a, b, s, d, action, where) in enumerate(legs):
            fl, fr = flanks(a, b)
            hl, hr = movegen.height(board, fl), movegen.height(board, fr)
            if min(hl, hr) > max(s, d):
                if best is None or stage > best[0]:
                    why = height_gate(board, m.piece, action, fl, fr, hl, hr, s, d, to=to,
                                       path=path, **where)
                    best = (stage, why)
                break
        else:
            return None
    assert best is not None
    return best[1]
