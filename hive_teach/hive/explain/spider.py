"""The Spider (R12): exactly three slides, never entering a cell twice."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import Cell, flanks
from hive_teach.hive import movegen
from hive_teach.hive.explain.ant import pocket
from hive_teach.hive.explain.board import Board, loose_slides, touches
from hive_teach.hive.explain.common import gate_reason, occupied, off_hive, same_cell
from hive_teach.hive.explain.explanation import Explanation, because
from hive_teach.hive.explain.facts import Kind
from hive_teach.hive.pieces import Bug
from hive_teach.hive.rules import Rule

if TYPE_CHECKING:
    from hive_teach.hive.explain.mover import Mover


class SpiderPaths:
    """Every way of three slides from a Spider's cell, sorted into what they show."""

    def __init__(self, board: Board, c: Cell) -> None:
        memo: dict[Cell, list[Cell]] = {}

        def slides(a: Cell) -> list[Cell]:
            if a not in memo:
                memo[a] = movegen.slides(board, a)
            return memo[a]

        self.exact: dict[Cell, tuple[Cell, ...]] = {}
        self.walks: dict[Cell, tuple[Cell, ...]] = {}
        for b1 in slides(c):
            for b2 in slides(b1):
                for b3 in slides(b2):
                    if b3 == c:
                        continue
                    if b2 != c and b3 != b1:
                        self.exact.setdefault(b3, (c, b1, b2, b3))
                    else:
                        self.walks.setdefault(b3, (c, b1, b2, b3))
        # Ways that never enter a cell twice if gates were open, with the fewest gates.
        loose_memo: dict[Cell, list[tuple[Cell, bool]]] = {}

        def loose(a: Cell) -> list[tuple[Cell, bool]]:
            if a not in loose_memo:
                loose_memo[a] = loose_slides(board, a)
            return loose_memo[a]

        self.gated: dict[Cell, tuple[int, tuple[Cell, ...], tuple[bool, ...]]] = {}
        for b1, g1 in loose(c):
            for b2, g2 in loose(b1):
                if b2 == c:
                    continue
                for b3, g3 in loose(b2):
                    if b3 in (c, b1):
                        continue
                    n = g1 + g2 + g3
                    if n and (b3 not in self.gated or n < self.gated[b3][0]):
                        self.gated[b3] = (n, (c, b1, b2, b3), (g1, g2, g3))
        # Fewest slides to each cell along the hive.
        self.dist = {c: 0}
        todo = deque([c])
        while todo:
            a = todo.popleft()
            for b in slides(a):
                if b not in self.dist:
                    self.dist[b] = self.dist[a] + 1
                    todo.append(b)


def spider(m: Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Spider (R12): exactly three slides, never entering a cell twice."""
    c = m.cell
    board = m.board
    rule = Rule.for_bug(bug)
    if to == c:
        return same_cell(m, bug)
    if to in board:
        return occupied(m, to, bug, "walk")
    if not touches(board, to):
        return off_hive(m, to, bug, "spider")
    paths = m.spider()
    if to in paths.exact:
        return None
    if to in paths.gated:
        _n, path, gated = paths.gated[to]
        i = gated.index(True)
        fl, fr = flanks(path[i], path[i + 1])
        return gate_reason(board, m, fl, fr, to, "spider", path)
    d = paths.dist.get(to)
    if d is not None and d < 3:
        if to in paths.walks:
            walk = paths.walks[to]
            twice = walk[0] if walk[2] == walk[0] else walk[1]
            return because(rule, Kind.REVISIT, "start" if twice == c else "", mover=m.piece,
                        to=to, cells=(twice,), path=walk, bug=bug, steps=d, twice=twice)
        return because(rule, Kind.WRONG_COUNT, mover=m.piece, to=to, cells=(to,), bug=bug,
                    steps=d)
    if d is not None:
        return because(rule, Kind.TOO_FAR, "spider", mover=m.piece, to=to, cells=(to,), bug=bug,
                    steps=d)
    return pocket(m, to, bug)
