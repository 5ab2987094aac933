"""Perft: count the move sequences of a given length, to check move generation against peers.

Counts as Mzinga and nokamute do: a move is a (piece, destination) pair, a pass is a move, and
a line that ends the game before the depth contributes no leaves.

>>> from hive_teach.hive.position import Move, Position
>>> [perft(Position("Base", tournament=True), d) for d in range(4)]
[1, 4, 96, 1440]
"""

from __future__ import annotations

from hive_teach.hive.position import Move, Position


def perft(pos: Position, depth: int) -> int:
    """The number of leaves of the game tree below ``pos`` at ``depth`` plies."""
    if depth == 0:
        return 1
    moves = pos._generate_pairs()
    if depth == 1:
        return len(moves)
    total = 0
    push, undo = pos.push, pos.undo
    for piece, to in moves:
        push(Move(piece, to))
        total += perft(pos, depth - 1)
        undo()
    return total
