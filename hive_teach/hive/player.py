"""An opponent to play against, at three levels: beginner, intermediate and strong.

- ``beginner`` looks one move ahead and adds random noise to its judgement, so it makes
  mistakes on purpose (it leaves its Queen in danger, misses threats); it still takes a win
  that is there on the board.
- ``intermediate`` searches two plies: it sees its own wins in two moves and the opponent's
  immediate threats.
- ``strong`` deepens its search for as long as its time allows (see :mod:`hive_teach.hive.ai`).

Every level plays only legal moves and leaves the position it is given as it was. With a
``seed`` (and a fixed ``depth``, or a level that does not run into its clock) a player is
repeatable.

>>> from hive_teach.hive.position import Position
>>> pos = Position.from_layout(
...     {"0,0": "bQ", "1,0": "wQ", "0,-1": "wS1", "-1,0": "wB1", "-1,1": "wG1",
...      "1,-1": "bA1", "2,-1": "wA1"}, to_move="white", turn=6)
>>> pos.move_text(Player("beginner", seed=1).choose(pos))  # even a beginner takes the win
'wA1 wG1-'
>>> score, move, line = Player("strong").search(pos, 2)
>>> pos.move_text(move), score > 0
('wA1 wG1-', True)
"""

from __future__ import annotations

import random
import time

from hive_teach.hive.ai.evaluate import evaluate, immediate_wins
from hive_teach.hive.ai.search import (
    MAX_DEPTH,
    WIN,
    Searcher,
    SearchInfo,
    SearchResult,
    terminal_score,
)
from hive_teach.hive.position import AnyMove, Move, Position, as_move

LEVELS = ("beginner", "intermediate", "strong")
"""The player levels, weakest first."""

BEGINNER_NOISE = 35.0
"""Standard deviation of the beginner's random error, in evaluation points."""
BEGINNER_WHIM = 0.15
"""How often the beginner plays any of its better half of moves instead of its favourite."""
INTERMEDIATE_DEPTH = 2
DEFAULT_TIME_LIMIT = 1.0
"""Seconds per move when nobody says (also for the UHP ``bestmove`` without arguments)."""
TIME_SAFETY = 0.97
"""The share of the time budget the search may use; the rest covers stopping and answering."""


class Player:
    """A computer player. :meth:`choose` picks a move; :meth:`search` exposes the search.

    ``time_limit`` is the budget per move in seconds (None: no clock; then give a ``depth``
    or expect ``strong`` to take long); ``depth`` caps the search in plies.
    """

    def __init__(
        self,
        level: str = "strong",
        time_limit: float | None = DEFAULT_TIME_LIMIT,
        depth: int | None = None,
        seed: int | None = None,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"level {level!r} is not one of {', '.join(LEVELS)}")
        if time_limit is not None and time_limit < 0:
            raise ValueError(f"time_limit {time_limit} must be 0 or more seconds")
        if depth is not None and depth < 1:
            raise ValueError(f"depth {depth} must be 1 or more plies")
        self.level = level
        self.time_limit = time_limit
        self.depth = depth
        self.rng = random.Random(seed)
        self.searcher = Searcher(rng=self.rng)

    def __repr__(self) -> str:
        return f"Player({self.level!r}, time_limit={self.time_limit}, depth={self.depth})"

    @property
    def info(self) -> SearchInfo:
        """Depth reached, nodes, seconds, score and line of the last search."""
        return self.searcher.info

    def choose(self, pos: Position) -> AnyMove:
        """The move this player makes in ``pos`` (a pass when it is the only move, R18)."""
        if pos.state.is_over:
            raise ValueError(f"the game is over ({pos.state.value}): there is no move (R19)")
        start = time.perf_counter()
        self.searcher.info = SearchInfo(0, 0, 0.0, 0, [])
        moves = pos.legal_pairs()
        wins = immediate_wins(pos, moves)
        if wins:
            self.searcher.info = SearchInfo(1, 0, time.perf_counter() - start, WIN - 1,
                                            [wins[0]])
            return wins[0]
        if len(moves) == 1:
            (only,) = moves
            return as_move(only)
        if self.level == "beginner":
            # More than one move: none is a pass (R18), so every pair is a Move.
            return self._whimsical(pos, sorted(Move(p, c) for p, c in moves
                                               if p is not None and c is not None))
        cap = self.depth or MAX_DEPTH
        if self.level == "intermediate":
            cap = min(cap, INTERMEDIATE_DEPTH)
        seconds = None
        if self.time_limit is not None:
            seconds = max(0.0, self.time_limit * TIME_SAFETY - (time.perf_counter() - start))
        result = self.searcher.iterate(pos, max_depth=cap, seconds=seconds)
        assert result.move is not None
        return result.move

    def search(self, pos: Position, depth: int) -> SearchResult:
        """A fixed-depth search, no clock: ``(score, best_move, principal_variation)``."""
        return self.searcher.search(pos, depth)

    def _whimsical(self, pos: Position, moves: list[Move]) -> AnyMove:
        """One ply of look-ahead with noise: plausible, often not best."""
        rng = self.rng
        scored = []
        for m in moves:
            pos.push(m)
            try:
                value = -(terminal_score(pos, 1) if pos.state.is_over else evaluate(pos))
            finally:
                pos.undo()
            scored.append((value + rng.gauss(0.0, BEGINNER_NOISE), m))
        scored.sort(key=lambda x: -x[0])
        if rng.random() < BEGINNER_WHIM:
            return rng.choice(scored[: max(1, len(scored) // 2)])[1]
        return scored[0][1]
