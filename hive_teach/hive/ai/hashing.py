"""Zobrist hashing of Hive positions, computed once and then updated move by move.

A hash covers what decides the legal moves and the result: every piece with its cell and height
in the stack, the side to move, the stunned piece (R17), the game type and tournament option
and, for the first eight plies, the ply itself (the Queen rules R4 depend on the turn number).
Keys come from a fixed mixing function, so a hash is the same in every run.

>>> from hive_teach.hive.position import Position
>>> pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
>>> h = position_hash(pos)
>>> move = pos.parse_move("wQ -wS1")
>>> h2 = child_hash(pos, h, move)
>>> pos.push(move)
>>> h2 == position_hash(pos)
True
"""

from __future__ import annotations

from hive_teach.core.hexgrid import CELL_BITS, Cell
from hive_teach.hive.pieces import EXPANSION_BUGS, Piece
from hive_teach.hive.position import Position

_MASK = (1 << 64) - 1
_EARLY_PLIES = 8  # after this both Queens are down and the turn number no longer matters


def _mix(x: int) -> int:
    """splitmix64: a well-spread 64-bit key for any small integer."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


_SIDE = _mix(1 << 40)
_STUN = tuple(_mix((1 << 41) + i) for i in range(28))
_PLY = tuple(_mix((1 << 42) + i) for i in range(_EARLY_PLIES + 1))
_PIECE_KEYS: dict[int, int] = {}


def _piece_key(piece: Piece, c: Cell, height: int) -> int:
    k = ((piece.index << CELL_BITS) | c) << 3 | (height if height < 7 else 7)
    v = _PIECE_KEYS.get(k)
    if v is None:
        v = _PIECE_KEYS[k] = _mix(k)
    return v


def position_hash(pos: Position) -> int:
    """The 64-bit Zobrist hash of ``pos``, from scratch."""
    rules = sum(1 << i for i, bug in enumerate(EXPANSION_BUGS) if bug in pos.game_type.expansions)
    h = _mix((1 << 43) + 2 * rules + pos.tournament) ^ _PLY[min(pos.ply, _EARLY_PLIES)]
    if pos.ply & 1:
        h ^= _SIDE
    if pos.last_moved is not None:
        h ^= _STUN[pos.last_moved.index]
    for c, s in pos.stacks.items():
        for height, piece in enumerate(s):
            h ^= _piece_key(piece, c, height)
    return h


def child_hash(pos: Position, h: int, move: tuple[Piece | None, Cell | None]) -> int:
    """The hash after ``move`` (not yet played) from ``pos`` whose hash is ``h``."""
    piece, to = move
    stacks = pos.stacks
    if piece is not None and to is not None:
        origin = pos.where.get(piece)
        if origin is not None:
            h ^= _piece_key(piece, origin, len(stacks[origin]) - 1)
        dest = stacks.get(to)
        h ^= _piece_key(piece, to, len(dest) if dest else 0)
        h ^= _STUN[piece.index]
    if pos.last_moved is not None:
        h ^= _STUN[pos.last_moved.index]
    ply = pos.ply
    if ply < _EARLY_PLIES:
        h ^= _PLY[ply] ^ _PLY[ply + 1]
    return h ^ _SIDE
