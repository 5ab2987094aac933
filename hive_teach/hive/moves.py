"""Hive's move values: a :class:`Move` (piece, cell), the pass :data:`PASS`, and the plain
pairs search and perft use.

>>> from hive_teach.hive.pieces import Piece
>>> Move(Piece.from_name("wQ"), ORIGIN), PASS
(Move(wQ, 0,0), PASS)
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from hive_teach.core.hexgrid import ORIGIN, Cell, cell_name
from hive_teach.hive.pieces import Piece


class Move(NamedTuple):
    """A move as (piece, destination cell): a placement or a move on the board.

    Two spellings of one move in UHP are the same ``Move``. ``str(move)`` shows it without a
    reference piece (use :meth:`Position.move_text` for UHP text). A pass is not a ``Move``
    but the one value :data:`PASS`; a move of the game is a :data:`AnyMove`.
    """

    piece: Piece
    to: Cell

    @property
    def is_pass(self) -> bool:
        return False

    def __str__(self) -> str:
        return self.piece.name if self.to == ORIGIN else f"{self.piece.name}@{cell_name(self.to)}"

    def __repr__(self) -> str:
        return f"Move({self.piece.name}, {cell_name(self.to)})"


class Pass(enum.Enum):
    """The pass (R18): legal only when no placement or move is; its one value is :data:`PASS`.

    It has ``piece`` and ``to`` (both ``None``) so that code listing moves can show it, but
    code that plays a move tells it apart with ``move is PASS``.

    >>> PASS, str(PASS), PASS.is_pass, PASS.piece
    (PASS, 'pass', True, None)
    """

    PASS = "pass"

    @property
    def piece(self) -> None:
        return None

    @property
    def to(self) -> None:
        return None

    @property
    def is_pass(self) -> bool:
        return True

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "PASS"


PASS = Pass.PASS
"""The pass."""

AnyMove = Move | Pass
"""A move of the game: a :class:`Move`, or :data:`PASS`."""

Pair = tuple[Piece | None, Cell | None]
"""A move as a plain tuple, for search: (piece, cell), or :data:`PASS_PAIR`."""

PASS_PAIR: Pair = (None, None)
"""The pass as a :data:`Pair`."""


def as_move(pair: Pair) -> AnyMove:
    """The move a :data:`Pair` stands for.

    >>> as_move(PASS_PAIR), as_move((Piece.from_name("wQ"), ORIGIN))
    (PASS, Move(wQ, 0,0))
    """
    piece, to = pair
    return PASS if piece is None or to is None else Move(piece, to)


def as_pair(move: AnyMove) -> Pair:
    """The :data:`Pair` of a move (the inverse of :func:`as_move`)."""
    return PASS_PAIR if move is PASS else (move.piece, move.to)
