"""Perft: count the move sequences of a given length, to check move generation against peers.

Counts as Mzinga and nokamute do: a move is a (piece, destination) pair, a pass is a move, and
a line that ends the game before the depth contributes no leaves.

>>> from hive_teach.hive.position import Move, Position
>>> [perft(Position("Base", tournament=True), d) for d in range(4)]
[1, 4, 96, 1440]
"""

from __future__ import annotations

import time
from collections.abc import Callable

from hive_teach.hive.position import Position


def perft(pos: Position, depth: int) -> int:
    """The number of leaves of the game tree below ``pos`` at ``depth`` plies."""
    if depth == 0:
        return 1
    moves = pos.legal_pairs()
    if depth == 1:
        return len(moves)
    total = 0
    push, undo = pos.push_pair, pos.undo
    for piece, to in moves:
        push(piece, to)
        total += perft(pos, depth - 1)
        undo()
    return total


class PerftTimeout(Exception):
    """A count that would take longer than its time budget (the position is left as it was)."""


class PerftStopped(Exception):
    """A count stopped because its ``stop`` callable said so (the position is left as it
    was): in UHP, the next command came."""


def perft_within(pos: Position, depth: int, seconds: float,
                 stop: Callable[[], bool] | None = None) -> int:
    """:func:`perft`, but raising :class:`PerftTimeout` once ``seconds`` have passed, or
    :class:`PerftStopped` as soon as ``stop()`` is true; the position is then as it was. The
    clock (and ``stop``) is read once per node two plies above the leaves, so the budget costs
    next to nothing.

    >>> perft_within(Position("Base", tournament=True), 3, 10.0)
    1440
    >>> pos = Position("Base+MLP", tournament=True)
    >>> perft_within(pos, 4, 0.0)
    Traceback (most recent call last):
    ...
    hive_teach.hive.perft.PerftTimeout: perft 4 did not finish within 0 s
    >>> pos.move_stack
    []
    >>> perft_within(pos, 4, 10.0, stop=lambda: True)
    Traceback (most recent call last):
    ...
    hive_teach.hive.perft.PerftStopped: perft 4 was stopped
    >>> pos.move_stack
    []
    """
    deadline = time.perf_counter() + seconds
    start = len(pos.move_stack)

    def count(d: int) -> int:
        if d < 2:
            return 1 if d == 0 else len(pos.legal_pairs())
        if time.perf_counter() > deadline:
            raise PerftTimeout(f"perft {depth} did not finish within {seconds:g} s")
        if stop is not None and stop():
            raise PerftStopped(f"perft {depth} was stopped")
        total = 0
        for piece, to in pos.legal_pairs():
            pos.push_pair(piece, to)
            total += count(d - 1)
            pos.undo()
        return total

    try:
        return count(depth)
    except (PerftTimeout, PerftStopped):
        while len(pos.move_stack) > start:
            pos.undo()
        raise
