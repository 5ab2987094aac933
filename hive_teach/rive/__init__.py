"""Rive, Mark Steere's territory game on a hexhex board, with an exact engine and explanations.

>>> from hive_teach.rive import RiveGame, explain
>>> game = RiveGame.from_text("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0;1,0")
>>> print(game)
  W . B
 . . . .
B . B W W
 . . . .
  W . B
>>> game.pending_capture.remaining, [a.text for a in game.legal_moves()]
(1, ['x0,0', 'x2,0'])
>>> print(explain(game, "1,-2"))
You are in the middle of a capture: first remove 1 more stone from the group you made. (V5)
"""

from hive_teach.rive.explain import Explanation, explain
from hive_teach.rive.moves import Action
from hive_teach.rive.position import PendingCapture, RiveGame, play_randomly
from hive_teach.rive.rules import (
    Colour,
    IllegalActionError,
    InvalidActionError,
    Rule,
    board_cells,
    board_size,
)

__all__ = [
    "Action",
    "Colour",
    "Explanation",
    "IllegalActionError",
    "InvalidActionError",
    "PendingCapture",
    "RiveGame",
    "Rule",
    "board_cells",
    "board_size",
    "explain",
    "play_randomly",
]
