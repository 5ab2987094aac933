"""Alpha-beta search for Hive: negamax with a transposition table and iterative deepening.

Scores are from the point of view of the side to move. A won game scores ``WIN - ply`` (the
quicker win scores higher), a lost one the negative, a draw 0; anything else is the
:func:`~hive_teach.hive.ai.evaluate.evaluate` estimate. At the leaves the search also asks whether
the side to move can surround the Queen at once (cheap, see
:func:`~hive_teach.hive.ai.evaluate.has_immediate_win`), so a 2-ply search already proves a win in
two own moves.

The search plays moves on the position it is given with ``push``/``undo`` and always takes them
back, also when the clock runs out in the middle of a line (it aborts by an exception and
unwinds to where it started).

>>> from hive_teach.hive.position import Position
>>> pos = Position.from_layout(
...     {"0,0": "bQ", "1,0": "wQ", "0,-1": "wS1", "-1,0": "wB1", "-1,1": "wG1",
...      "1,-1": "bA1", "2,-1": "wA1"}, to_move="white", turn=6)
>>> before = pos.layout()
>>> score, move, pv = Searcher().search(pos, 2)
>>> pos.move_text(move), score == WIN - 1, pos.layout() == before
('wA1 wG1-', True, True)
"""

from __future__ import annotations

import random
import time
from typing import NamedTuple, overload

from hive_teach.core.hexgrid import CELL_BITS, DELTAS, Cell
from hive_teach.hive.ai.evaluate import QUEENS, evaluate, has_immediate_win
from hive_teach.hive.ai.hashing import child_hash, position_hash
from hive_teach.hive.pieces import Piece
from hive_teach.hive.position import AnyMove, GameState, Position, as_move

WIN = 1_000_000
"""The score of a won game at the root; a win ``n`` plies away scores ``WIN - n``."""
MATE_BOUND = WIN - 10_000
"""Scores at least this large (in absolute value) are proven results, not estimates."""
INFINITY = 10 * WIN
MAX_DEPTH = 64

_EXACT, _LOWER, _UPPER = 0, 1, 2
_Pair = tuple[Piece | None, Cell | None]


class SearchTimeout(Exception):
    """The clock ran out during a search (internal: the search catches it)."""


class SearchResult(NamedTuple):
    """What a search found: ``score`` for the side to move, the ``move`` and the expected line."""

    score: int
    move: AnyMove | None
    pv: list[AnyMove]


class SearchInfo(NamedTuple):
    """How the last :meth:`Searcher.iterate` went."""

    depth: int
    """The deepest iteration that finished (0: none did, the move is the best-ordered one)."""
    nodes: int
    seconds: float
    score: int
    pv: list[AnyMove]


def _stable_key(m: _Pair) -> tuple[int, int]:
    return (m[0].index if m[0] is not None else -1, m[1] if m[1] is not None else -1)


class Searcher:
    """A reusable search with its transposition table, killer moves and history.

    ``rng`` (optional) shuffles equal root moves, so that different seeds play different,
    equally good moves; with the same seed and depth a search is repeatable.
    """

    def __init__(self, *, rng: random.Random | None = None, table_size: int = 400_000) -> None:
        self.rng = rng
        self.table_size = table_size
        self.table: dict[int, tuple[int, int, int, _Pair | None]] = {}
        self.leaves: dict[int, int] = {}  # hash to leaf value (WIN: a win on the spot)
        self.history: dict[int, int] = {}
        self.killers: list[list[_Pair | None]] = [[None, None] for _ in range(MAX_DEPTH + 8)]
        self.nodes = 0
        self.deadline = float("inf")
        self.info = SearchInfo(0, 0, 0.0, 0, [])
        self._pv: list[list[_Pair]] = [[] for _ in range(MAX_DEPTH + 8)]

    # ------------------------------------------------------------------ public
    def search(self, pos: Position, depth: int) -> SearchResult:
        """A full search of ``depth`` plies (no clock). ``depth`` 0 is the static evaluation."""
        if depth < 0:
            raise ValueError(f"depth {depth} must be 0 or more")
        self._new_search(float("inf"))
        if pos.state.is_over:
            return SearchResult(terminal_score(pos, 0), None, [])
        if depth == 0:
            return SearchResult(evaluate(pos), None, [])
        moves = self._root_moves(pos)
        score, best, pv, _ = self._root(pos, position_hash(pos), moves, depth)
        return SearchResult(score, _as_move(best), [_as_move(m) for m in pv])

    def iterate(
        self, pos: Position, *, max_depth: int = MAX_DEPTH, seconds: float | None = None
    ) -> SearchResult:
        """Iterative deepening to ``max_depth`` plies or until ``seconds`` have passed.

        Stops early when a result is proven or there is a single legal move. When the clock
        runs out during an iteration, the move of the last finished iteration is kept unless
        the unfinished one already found a better one.
        """
        start = time.perf_counter()
        self._new_search(start + seconds if seconds is not None else float("inf"))
        if pos.state.is_over:
            return SearchResult(terminal_score(pos, 0), None, [])
        h = position_hash(pos)
        moves = self._root_moves(pos)
        best: SearchResult = SearchResult(0, _as_move(moves[0]), [_as_move(moves[0])])
        done = 0
        if len(moves) > 1:
            for depth in range(1, max(1, min(max_depth, MAX_DEPTH)) + 1):
                try:
                    score, move, pv, moves = self._root(pos, h, moves, depth)
                except SearchTimeout as stop:
                    if stop.args:
                        score, move, pv = stop.args[0]
                        best = SearchResult(score, _as_move(move), [_as_move(m) for m in pv])
                    break
                best = SearchResult(score, _as_move(move), [_as_move(m) for m in pv])
                done = depth
                if abs(score) >= MATE_BOUND:
                    break
        self.info = SearchInfo(done, self.nodes, time.perf_counter() - start, best.score, best.pv)
        return best

    # ------------------------------------------------------------------ internals
    def _new_search(self, deadline: float) -> None:
        self.deadline = deadline
        self.nodes = 0
        if len(self.table) > self.table_size:
            self.table.clear()
        if len(self.leaves) > self.table_size:
            self.leaves.clear()
        for k in self.killers:
            k[0] = k[1] = None
        if len(self.history) > 50_000:
            self.history.clear()
        else:
            for key in self.history:
                self.history[key] >>= 2

    def _root_moves(self, pos: Position) -> list[_Pair]:
        moves = sorted(pos.legal_pairs(), key=_stable_key)
        if self.rng is not None:
            self.rng.shuffle(moves)
        return self._ordered(pos, moves, None, 0)

    def _root(
        self, pos: Position, h: int, moves: list[_Pair], depth: int
    ) -> tuple[int, _Pair, list[_Pair], list[_Pair]]:
        """Search every root move (best-ordered first); return score, move, line, new order."""
        alpha, beta = -INFINITY, INFINITY
        best: _Pair | None = None
        line: list[_Pair] = []
        scores: dict[_Pair, int] = {}
        n0 = len(pos.move_stack)
        push_pair, undo = pos.push_pair, pos.undo
        try:
            for i, m in enumerate(moves):
                h2 = child_hash(pos, h, m)
                push_pair(*m)
                if i == 0:
                    score = -self._negamax(pos, depth - 1, -beta, -alpha, 1, h2)
                else:
                    score = -self._negamax(pos, depth - 1, -alpha - 1, -alpha, 1, h2)
                    if score > alpha:
                        score = -self._negamax(pos, depth - 1, -beta, -alpha, 1, h2)
                undo()
                scores[m] = score
                if score > alpha:
                    alpha, best = score, m
                    line = [m, *self._pv[1]]
        except BaseException as e:  # the clock, or an interrupt: take the line back first
            while len(pos.move_stack) > n0:
                pos.undo()
            if isinstance(e, SearchTimeout) and best is not None:
                raise SearchTimeout((alpha, best, line)) from None
            raise
        assert best is not None
        order = sorted(moves, key=lambda m: -scores[m])
        return alpha, best, line, order

    def _negamax(self, pos: Position, depth: int, alpha: int, beta: int, ply: int, h: int) -> int:
        self.nodes += 1
        if time.perf_counter() > self.deadline:
            raise SearchTimeout
        pv = self._pv
        pv[ply] = []
        if pos.state.is_over:
            return terminal_score(pos, ply)
        if depth <= 0:
            value = self.leaves.get(h)
            if value is None:
                value = WIN if has_immediate_win(pos) else evaluate(pos)
                self.leaves[h] = value
            return WIN - ply - 1 if value == WIN else value

        table = self.table
        entry = table.get(h)
        tt_move = None
        if entry is not None:
            e_depth, flag, e_score, tt_move = entry
            if e_depth >= depth:
                if e_score >= MATE_BOUND:
                    e_score -= ply
                elif e_score <= -MATE_BOUND:
                    e_score += ply
                if flag == _EXACT:
                    if tt_move is not None:
                        pv[ply] = [tt_move]
                    return e_score
                if flag == _LOWER and e_score >= beta:
                    return e_score
                if flag == _UPPER and e_score <= alpha:
                    return e_score

        moves = self._ordered(pos, pos.legal_pairs(), tt_move, ply)
        alpha0 = alpha
        best = -INFINITY
        best_move: _Pair | None = None
        push_pair, undo = pos.push_pair, pos.undo
        first = True
        for m in moves:
            h2 = child_hash(pos, h, m)
            push_pair(*m)
            if first:
                score = -self._negamax(pos, depth - 1, -beta, -alpha, ply + 1, h2)
                first = False
            else:
                score = -self._negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1, h2)
                if alpha < score < beta:
                    score = -self._negamax(pos, depth - 1, -beta, -alpha, ply + 1, h2)
            undo()
            if score > best:
                best, best_move = score, m
                if score > alpha:
                    alpha = score
                    pv[ply] = [m, *pv[ply + 1]]
                    if alpha >= beta:
                        self._reward(m, depth, ply)
                        break

        if best <= alpha0:
            flag = _UPPER
        elif best >= beta:
            flag = _LOWER
        else:
            flag = _EXACT
        stored = best
        if stored >= MATE_BOUND:
            stored += ply
        elif stored <= -MATE_BOUND:
            stored -= ply
        table[h] = (depth, flag, stored, best_move)
        return best

    def _reward(self, m: _Pair, depth: int, ply: int) -> None:
        killers = self.killers[ply]
        if killers[0] != m:
            killers[1] = killers[0]
            killers[0] = m
        if m[0] is not None and m[1] is not None:
            key = (m[0].index << CELL_BITS) | m[1]
            self.history[key] = self.history.get(key, 0) + depth * depth

    def _ordered(
        self, pos: Position, moves: set[_Pair] | list[_Pair], tt_move: _Pair | None, ply: int
    ) -> list[_Pair]:
        """Likely-best moves first: table move, killers, then Hive heuristics and history."""
        me = pos.ply & 1
        stacks = pos.stacks
        where = pos.where
        eq = where.get(QUEENS[1 - me])
        oq = where.get(QUEENS[me])
        enemy_ring = {eq + d for d in DELTAS} if eq is not None else set()
        own_ring = {oq + d for d in DELTAS} if oq is not None else set()
        k0, k1 = self.killers[ply]
        history = self.history
        scored = []
        for m in moves:
            piece, to = m
            if piece is None or to is None:
                scored.append((0, -1, 0, m))
                continue
            if m == tt_move:
                s = 1 << 40
            elif m == k0 or m == k1:
                s = 1 << 20
            else:
                s = history.get((piece.index << CELL_BITS) | to, 0)
                origin = where.get(piece)
                leaves = origin is not None and len(stacks[origin]) == 1
                if to in enemy_ring:
                    s += 1000 if to not in stacks else 300
                if to == eq:
                    s += 1500
                if leaves and origin in enemy_ring:
                    s -= 800
                if to in own_ring and to not in stacks:
                    s -= 300
                if leaves and origin in own_ring:
                    s += 200
                if origin is None:
                    s -= 50
            scored.append((-s, piece.index, to, m))
        scored.sort()
        return [x[3] for x in scored]


def terminal_score(pos: Position, ply: int) -> int:
    """The score of a finished game for the side to move, ``ply`` plies below the root."""
    state = pos.state
    if state is GameState.DRAW:
        return 0
    winner = 0 if state is GameState.WHITE_WINS else 1
    return WIN - ply if winner == (pos.ply & 1) else -(WIN - ply)


@overload
def _as_move(m: _Pair) -> AnyMove: ...


@overload
def _as_move(m: None) -> None: ...


def _as_move(m: _Pair | None) -> AnyMove | None:
    return None if m is None else as_move(m)


def search(pos: Position, depth: int) -> SearchResult:
    """A fixed-depth alpha-beta search from ``pos``: ``(score, best_move, principal_variation)``.

    ``pos`` is left as it was.
    """
    return Searcher().search(pos, depth)
