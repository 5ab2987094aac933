"""hive_teach: teach Hive (and Rive) interactively, on an exact rules engine.

>>> from hive_teach import Position
>>> pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-", tournament=True)
>>> len(pos.legal_moves())
15
"""

from hive_teach.core.errors import GameStringError, IllegalMoveError, InvalidMoveError, LayoutError
from hive_teach.core.hexgrid import Cell, cell, cell_name, coords, parse_cell
from hive_teach.core.version import __version__ as __version__
from hive_teach.hive.explain import Explanation, explain_move, explain_piece
from hive_teach.hive.pieces import ALL_GAME_TYPES, PIECES, Bug, Colour, GameType, Piece
from hive_teach.hive.position import PASS, GameState, Move, Position, Source
from hive_teach.hive.rules import Rule

__all__ = [
    "ALL_GAME_TYPES",
    "PASS",
    "PIECES",
    "Bug",
    "Cell",
    "Colour",
    "Explanation",
    "GameState",
    "GameStringError",
    "GameType",
    "IllegalMoveError",
    "InvalidMoveError",
    "LayoutError",
    "Move",
    "Piece",
    "Position",
    "Rule",
    "Source",
    "cell",
    "cell_name",
    "coords",
    "explain_move",
    "explain_piece",
    "parse_cell",
]
