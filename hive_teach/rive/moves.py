"""A Rive action: one placement, or the removal of one stone during a capture.

>>> Action.parse("x2,-1")
Action('x2,-1')
"""

from __future__ import annotations

from typing import NamedTuple

from hive_teach.core.hexgrid import LIMIT, Cell, cell, cell_name
from hive_teach.rive.notation import read_action
from hive_teach.rive.rules import InvalidActionError


class Action(NamedTuple):
    """One step of a game: a placement on ``cell``, or the removal of the stone there.

    A tuple, so it is cheap to hash and compare; write it with ``str(action)`` or
    :attr:`text` in the game-text form ``q,r`` / ``xq,r``.

    >>> a = Action.place(cell(1, 0))
    >>> a, a.text, Action.remove(cell(1, 0)).text
    (Action('1,0'), '1,0', 'x1,0')
    """

    cell: Cell
    is_removal: bool = False

    @classmethod
    def place(cls, c: Cell) -> Action:
        """A placement of a stone of the player to move on ``c``."""
        return cls(c, False)

    @classmethod
    def remove(cls, c: Cell) -> Action:
        """The removal of the stone on ``c`` during a capture."""
        return cls(c, True)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its text, without a board (see ``RiveGame.parse_move``)."""
        is_removal, q, r = read_action(text)
        if not (-LIMIT <= q <= LIMIT and -LIMIT <= r <= LIMIT):
            raise InvalidActionError(text, f"the cell {q},{r} is far off any Rive board")
        return cls(cell(q, r), is_removal)

    @property
    def text(self) -> str:
        """The game-text form: ``q,r`` for a placement, ``xq,r`` for a removal."""
        name = cell_name(self.cell)
        return "x" + name if self.is_removal else name

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"
