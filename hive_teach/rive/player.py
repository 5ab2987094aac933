"""A simple Rive player for the board's engine mode: it captures when it can.

>>> from hive_teach.rive import RiveGame
>>> game = RiveGame.from_text("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0")
>>> player = SimplePlayer(seed=1)
>>> action = player(game)
>>> capture_gain(game, action.cell) > 0  # it joins two groups: a capture
True
"""

from __future__ import annotations

import random

from hive_teach.core.hexgrid import Cell, neighbours
from hive_teach.rive.moves import Action
from hive_teach.rive.position import RiveGame
from hive_teach.rive.rules import is_on_board


class SimplePlayer:
    """A simple engine player: captures when it can, takes the opponent's stones first, and
    otherwise plays at random; seeded, so a game against it can be replayed.

    Placements: one that joins groups (a capture) if there is one, preferring the capture
    that removes the most stones; else a random legal placement. Removals: an opponent's
    stone if one may be removed, else one of its own.
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def reset(self) -> None:
        """Start the random choices again from the seed (a board's Reset replays the game)."""
        self.rng = random.Random(self.seed)

    def __call__(self, game: RiveGame) -> Action:
        actions = game.legal_moves()
        if not actions:
            raise ValueError("the game is over: there is no action to take")
        if game.pending_capture is not None:
            theirs = [a for a in actions if game.stone_at(a.cell) is not game.turn]
            return self.rng.choice(theirs or actions)
        gains = {a: capture_gain(game, a.cell) for a in actions}
        best = max(gains.values())
        return self.rng.choice([a for a in actions if gains[a] == best])


def neighbours_on_board(game: RiveGame, c: Cell) -> list[Cell]:
    """The neighbours of ``c`` that are on the board of ``game``."""
    return [n for n in neighbours(c) if is_on_board(n, game.side)]


def capture_gain(game: RiveGame, c: Cell) -> int:
    """How many stones a placement on ``c`` would remove (0: it captures nothing)."""
    groups = {min(g): len(g) for n in neighbours_on_board(game, c) if (g := game.group_at(n))}
    if len(groups) < 2:
        return 0
    # The new group has all their stones and the new one; it keeps one more than the largest.
    return sum(groups.values()) - max(groups.values())
