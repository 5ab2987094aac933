"""A piece of the side to move lifted off the board, with the searches its reasons share."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import Cell
from hive_teach.hive import movegen
from hive_teach.hive.explain.board import Board, gate_search
from hive_teach.hive.explain.spider import SpiderPaths
from hive_teach.hive.pieces import Bug, Piece

if TYPE_CHECKING:
    from hive_teach.hive.position import Position


class Mover:
    """A piece of the side to move lifted off the board, with its searches cached."""

    def __init__(self, pos: Position, piece: Piece) -> None:
        c = pos.where[piece]
        s = pos.stacks[c]
        board = dict(pos.stacks)
        if len(s) > 1:
            board[c] = s[:-1]
        else:
            del board[c]
        self.piece = piece
        self.name = piece.name
        self.cell = c
        self.board: Board = board
        self.below = len(s) - 1
        self._spider: SpiderPaths | None = None
        self._reach: set[Cell] | None = None
        self._gates: dict[Cell, tuple[Cell, Cell] | None] | None = None
        self._copies: list[tuple[Bug, Piece]] | None = None

    def copies(self) -> list[tuple[Bug, Piece]]:
        if self._copies is None:
            self._copies = movegen.mosquito_copies(self.board, self.cell)
        return self._copies

    def spider(self) -> SpiderPaths:
        if self._spider is None:
            self._spider = SpiderPaths(self.board, self.cell)
        return self._spider

    def reach(self) -> set[Cell]:
        """Cells an Ant reaches (any number of open slides)."""
        if self._reach is None:
            self._reach = {x for x, g in self.gates().items() if g is None} - {self.cell}
        return self._reach

    def gates(self) -> dict[Cell, tuple[Cell, Cell] | None]:
        if self._gates is None:
            self._gates = gate_search(self.board, self.cell)
        return self._gates
