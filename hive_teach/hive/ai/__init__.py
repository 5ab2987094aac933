"""The engine's thinking: evaluation, alpha-beta search and the puzzle solver.

- :mod:`~hive_teach.hive.ai.evaluate`: a score for a position, and the moves that win at once.
- :mod:`~hive_teach.hive.ai.search`: negamax with alpha-beta, a transposition table (Zobrist hashes
  from :mod:`~hive_teach.hive.ai.hashing`) and iterative deepening against a clock.
- :mod:`~hive_teach.hive.ai.solver`: "win in N" puzzles, proven by exhaustive search.

Most users want :class:`hive_teach.hive.player.Player`, which picks moves at a chosen level.
"""

from hive_teach.hive.ai.evaluate import evaluate, immediate_wins, queen_liberties, winning_moves
from hive_teach.hive.ai.search import WIN, Searcher, SearchInfo, SearchResult, search
from hive_teach.hive.ai.solver import SolverTimeout, forces_win, is_unique, solve

__all__ = [
    "WIN",
    "SearchInfo",
    "SearchResult",
    "Searcher",
    "SolverTimeout",
    "evaluate",
    "forces_win",
    "immediate_wins",
    "is_unique",
    "queen_liberties",
    "search",
    "solve",
    "winning_moves",
]
