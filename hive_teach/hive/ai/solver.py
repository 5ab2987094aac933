"""Solve "win in N" puzzles: which first moves force a win within N own moves?

A win is the opponent's Queen surrounded while one's own is not (R19); surrounding both is a
draw, not a win. The solver proves its answers by exhaustive search: after each of the
attacker's moves it considers every reply of the defender (a pass when it is the only move,
R18), and a line counts only if the win follows against all of them.

It stays fast by a bound: one move fills at most one cell around the defender's Queen, so the
attacker's last move can only win when a single cell around her is empty (or a Pillbug or
Mosquito of the attacker stands next to her and might throw her, R16). One move earlier, a
defender who can place a piece away from their Queen keeps at least as many empty cells around
her, so an attacker move that leaves two or more empty cells (and no thrower near her) is cut
without looking at the replies. Proven sub-results are kept in a table keyed by position hash.

>>> from hive_teach.hive.position import Position
>>> pos = Position.from_layout(
...     {"0,0": "bQ", "1,0": "wQ", "0,-1": "wS1", "-1,0": "wB1", "-1,1": "wG1",
...      "1,-1": "bA1", "2,-1": "wA1"}, to_move="white", turn=6)
>>> [pos.move_text(m) for m in solve(pos, 1)]
['wA1 wG1-']
>>> is_unique(pos, 1)
True
"""

from __future__ import annotations

import time

from hive_teach.core.hexgrid import DELTAS, ORIGIN, Cell
from hive_teach.hive.ai.evaluate import (
    QUEENS,
    WIN_STATE,
    immediate_wins,
    may_throw_queen,
    winning_moves,
)
from hive_teach.hive.ai.hashing import child_hash, position_hash
from hive_teach.hive.ai.search import SearchTimeout
from hive_teach.hive.movegen import placement_cells
from hive_teach.hive.pieces import Colour, Piece
from hive_teach.hive.position import AnyMove, Position, as_pair

_Pair = tuple[Piece | None, Cell | None]


class SolverTimeout(TimeoutError):
    """:func:`solve` ran out of its ``time_limit``; the position is left as it was."""


def solve(
    pos: Position, n: int, *, limit: int | None = None, time_limit: float | None = None
) -> list[AnyMove]:
    """All moves for the side to move that force a win within ``n`` of their own moves.

    Sorted in the engine's fixed move order; empty when there is none (or the game is over).
    ``limit`` stops after that many solutions; ``time_limit`` (seconds) raises
    :class:`SolverTimeout`. ``pos`` is left as it was.
    """
    if n < 1:
        raise ValueError(f"n {n} must be 1 or more: the number of own moves to win in")
    if pos.state.is_over:
        return []
    if n == 1:
        wins = immediate_wins(pos)
        return wins[:limit] if limit is not None else wins
    proof = _Proof(pos.turn, time_limit)
    out: list[AnyMove] = []
    h = position_hash(pos)
    try:
        for m in pos.legal_moves():
            if proof.move_wins(pos, as_pair(m), n, h):
                out.append(m)
                if limit is not None and len(out) >= limit:
                    break
    except SearchTimeout:
        raise SolverTimeout(f"no answer to win-in-{n} within {time_limit} s") from None
    return out


def is_unique(pos: Position, n: int, *, time_limit: float | None = None) -> bool:
    """Whether exactly one first move forces a win within ``n`` own moves (a proper puzzle)."""
    return len(solve(pos, n, limit=2, time_limit=time_limit)) == 1


def forces_win(
    pos: Position, move: AnyMove, n: int, *, time_limit: float | None = None
) -> bool:
    """Whether ``move`` (legal, for the side to move) forces a win within ``n`` own moves.

    ``time_limit`` (seconds) raises :class:`SolverTimeout`; ``pos`` is left as it was.
    """
    if n < 1:
        raise ValueError(f"n {n} must be 1 or more")
    try:
        return _Proof(pos.turn, time_limit).move_wins(pos, as_pair(move), n, position_hash(pos))
    except SearchTimeout:
        raise SolverTimeout(f"no answer to win-in-{n} within {time_limit} s") from None


class _Proof:
    """One proof search for ``attacker``, with its table of proven sub-results."""

    def __init__(self, attacker: Colour, time_limit: float | None) -> None:
        self.attacker = attacker
        self.won = WIN_STATE[attacker]
        self.queen = QUEENS[1 - attacker]
        self.deadline = time.perf_counter() + time_limit if time_limit is not None else None
        self.table: dict[tuple[int, int], bool] = {}
        self.last_win: AnyMove | None = None

    def _tick(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchTimeout

    def move_wins(self, pos: Position, m: _Pair, k: int, h: int) -> bool:
        """Attacker to move (hash ``h``): does ``m`` force a win within ``k`` own moves?"""
        h2 = child_hash(pos, h, m)
        pos.push_pair(*m)
        try:
            if pos.state.is_over:
                return pos.state is self.won
            return k > 1 and self.defender_loses(pos, k - 1, h2)
        finally:
            pos.undo()

    def attacker_wins(self, pos: Position, k: int, h: int) -> bool:
        """Attacker to move, game on: can they force a win within ``k`` own moves?"""
        self._tick()
        key = (h, k)
        known = self.table.get(key)
        if known is not None:
            return known
        if k == 1:
            result = self._wins_now(pos)
            self.table[key] = result
            return result
        result = any(self.move_wins(pos, m, k, h) for m in self._attacks(pos))
        self.table[key] = result
        return result

    def _wins_now(self, pos: Position) -> bool:
        """Whether the attacker (to move) surrounds the Queen this move.

        The winning move found last time is tried first: against most replies it still wins,
        and checking one piece's moves is much cheaper than generating all of them.
        """
        w = self.last_win
        if w is not None and w.piece is not None and w.to in pos.targets(w.piece):
            pos.push(w)
            hit = pos.state is self.won
            pos.undo()
            if hit:
                return True
        w = next(winning_moves(pos), None)
        if w is not None:
            self.last_win = w
        return w is not None

    def defender_loses(self, pos: Position, j: int, h: int) -> bool:
        """Defender to move, game on: does every reply lose within ``j`` attacker moves?"""
        self._tick()
        if j == 1 and self._quiet_reply_holds(pos):
            return False
        key = (h, -j)
        known = self.table.get(key)
        if known is not None:
            return known
        result = True
        for r in self._defences(pos):
            h2 = child_hash(pos, h, r)
            pos.push_pair(*r)
            try:
                if pos.state.is_over:
                    refuted = pos.state is not self.won
                else:
                    refuted = not self.attacker_wins(pos, j, h2)
            finally:
                pos.undo()
            if refuted:
                result = False
                break
        self.table[key] = result
        return result

    def _quiet_reply_holds(self, pos: Position) -> bool:
        """The bound: a placement away from the Queen leaves the attacker no win next move.

        Sound because such a placement neither fills a cell around the Queen nor moves her nor
        any thrower; if it ends the game, it does so by surrounding the attacker's Queen.
        """
        q = pos.where.get(self.queen)
        if q is None:
            return False
        stacks = pos.stacks
        if sum(1 for d in DELTAS if q + d not in stacks) < 2:
            return False
        if may_throw_queen(pos, self.attacker):
            return False
        defender = self.attacker.other
        if not pos.in_hand(defender):
            return False
        ring = {q + d for d in DELTAS}
        return any(c not in ring for c in placement_cells(stacks, defender, ORIGIN))

    def _attacks(self, pos: Position) -> list[_Pair]:
        """Attacker moves, those that close in on the Queen first."""
        q = pos.where.get(self.queen)
        ring = {q + d for d in DELTAS} if q is not None else set()
        stacks = pos.stacks

        def key(m: _Pair) -> tuple[int, int, int]:
            piece, to = m
            if piece is None or to is None:
                return (1, -1, 0)
            return (0 if to in ring and to not in stacks else 1, piece.index, to)

        return sorted(pos.legal_pairs(), key=key)

    def _defences(self, pos: Position) -> list[_Pair]:
        """Defender replies, the likeliest defences first: Queen moves, then leaving her side,
        then moves that do not crowd her, and filling her last cells at the end."""
        q = pos.where.get(self.queen)
        ring = {q + d for d in DELTAS} if q is not None else set()
        stacks = pos.stacks
        where = pos.where
        queen = self.queen

        def key(m: _Pair) -> tuple[int, int, int]:
            piece, to = m
            if piece is None or to is None:
                return (2, -1, 0)
            origin = where.get(piece)
            if piece is queen:
                rank = 0
            elif origin in ring and len(stacks[origin]) == 1:
                rank = 1
            elif to in ring and to not in stacks:
                rank = 3
            else:
                rank = 2
            return (rank, piece.index, to)

        return sorted(pos.legal_pairs(), key=key)


__all__ = ["SolverTimeout", "forces_win", "is_unique", "solve"]
