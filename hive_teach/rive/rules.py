"""The rules of Rive that know no position: colours, rule ids, the board's shape and the errors.

:mod:`hive_teach.rive.position` plays the game, :mod:`hive_teach.rive.moves` holds the action
and :mod:`hive_teach.rive.notation` reads its text.

>>> from hive_teach.core.hexgrid import cell
>>> len(board_cells(5)), is_on_board(cell(4, -4), 5), is_on_board(cell(4, 1), 5)
(61, True, False)
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from functools import cache
from typing import TYPE_CHECKING

from hive_teach.core.errors import IllegalMoveError, InvalidMoveError, quoted
from hive_teach.core.hexgrid import Cell, coords, hexagon, neighbours

if TYPE_CHECKING:
    from hive_teach.rive.explain import Explanation

MIN_SIDE = 3
MAX_SIDE = 8


class Colour(IntEnum):
    """The colour of a stone. Black moves first (V1)."""

    BLACK = 0
    WHITE = 1

    @property
    def other(self) -> Colour:
        """The opponent's colour.

        >>> Colour.BLACK.other
        <Colour.WHITE: 1>
        """
        return Colour(1 - self)

    def __str__(self) -> str:
        return self.name.capitalize()


class Rule(StrEnum):
    """The Rive rule ids of RULES.md; an explanation and an error name one of them."""

    V1 = "V1"
    V2 = "V2"
    V3 = "V3"
    V4 = "V4"
    V5 = "V5"
    V6 = "V6"
    V7 = "V7"

    @property
    def label(self) -> str:
        """A short name for the rule, for headings and legends.

        >>> Rule.V4.label
        'smallest largest group'
        """
        return _RULE_LABELS[self]


_RULE_LABELS = {
    Rule.V1: "board and turns",
    Rule.V2: "groups",
    Rule.V3: "isolated placements first",
    Rule.V4: "smallest largest group",
    Rule.V5: "capture",
    Rule.V6: "place again after a capture",
    Rule.V7: "end and winner",
}


class InvalidActionError(InvalidMoveError):
    """Text that is not a Rive action at all (bad syntax): the core
    :class:`~hive_teach.core.errors.InvalidMoveError` (``move`` the input, ``reason`` why,
    :meth:`text` the message); ``index`` is set when the text was action number ``index`` of
    a game text.

    >>> err = InvalidActionError("x", "it is not a cell")
    >>> err.move, err.reason, str(err.at(3))
    ('x', 'it is not a cell', "action 3 'x' is not a Rive action: it is not a cell")
    """

    def __init__(self, move: str, reason: str, index: int | None = None) -> None:
        self.index = index
        where = "" if index is None else f"action {index} "
        super().__init__(move, reason, label=f"{where}{quoted(move)} is not a Rive action")

    def at(self, index: int) -> InvalidActionError:
        """The same error, naming its place in a game text."""
        return InvalidActionError(self.move, self.reason, index)


class IllegalActionError(IllegalMoveError):
    """A well-formed action the rules forbid here: the core
    :class:`~hive_teach.core.errors.IllegalMoveError` with the ``rule`` it breaks, the English
    ``reason``, the ``explanation`` (facts) and :meth:`text` the message in any language;
    ``index`` is set when the action was number ``index`` of a game text.

    >>> from hive_teach.core.hexgrid import cell
    >>> from hive_teach.rive.explain import Explanation, Kind
    >>> why = Explanation(Rule.V3, Kind.ISOLATION, (cell(0, -2),),
    ...                   {"cell": cell(1, 0), "lonely": cell(0, -2)})
    >>> err = IllegalActionError("1,0", why)
    >>> err.move, err.rule, str(err)
    ('1,0', <Rule.V3: 'V3'>, '1,0: 1,0 touches a stone, but some cells still touch no stone \
(like 0,-2): you must place on one of those first. (V3)')
    >>> str(err.at(2)).startswith("action 2 (1,0): 1,0 touches a stone")
    True
    >>> err.text("zh")
    '1,0: 1,0 挨着棋子，但还有不挨任何棋子的空格（比如 0,-2）：必须先放在这样的格子上。(V3)'
    """

    explanation: Explanation

    def __init__(self, move: str, explanation: Explanation, index: int | None = None) -> None:
        self.index = index
        label = move if index is None else f"action {index} ({move})"
        super().__init__(move, explanation.rule, explanation.reason, explanation, label=label)

    def at(self, index: int) -> IllegalActionError:
        """The same error, naming its place in a game text."""
        return IllegalActionError(self.move, self.explanation, index)


def check_side(side: int) -> int:
    """``side`` if it is a supported board side (3 to 8), else a clear ``ValueError``.

    >>> check_side(9)
    Traceback (most recent call last):
    ...
    ValueError: a Rive board here has side 3 to 8 (19 to 169 cells), not 9
    """
    if isinstance(side, bool) or not isinstance(side, int) or not MIN_SIDE <= side <= MAX_SIDE:
        raise ValueError(
            f"a Rive board here has side {MIN_SIDE} to {MAX_SIDE} "
            f"({board_size(MIN_SIDE)} to {board_size(MAX_SIDE)} cells), not {side!r}"
        )
    return side


def board_size(side: int) -> int:
    """The number of cells of the board of side ``side``: ``3n(n-1)+1``, always odd.

    >>> [board_size(n) for n in range(3, 9)]
    [19, 37, 61, 91, 127, 169]
    """
    return 3 * side * (side - 1) + 1


def is_on_board(c: Cell, side: int) -> bool:
    """Whether ``c`` lies on the board of side ``side`` (centred on ``0,0``)."""
    q, r = coords(c)
    return max(abs(q), abs(r), abs(q + r)) < side


@cache
def board_cells(side: int) -> tuple[Cell, ...]:
    """The cells of the board of side ``side``, row by row from the top (north) row."""
    return tuple(hexagon(check_side(side) - 1))


@cache
def board_neighbours(side: int) -> dict[Cell, tuple[Cell, ...]]:
    """For every cell of the board, its neighbours that are on the board too (one shared dict:
    read it, do not change it)."""
    on_board = set(board_cells(side))
    return {c: tuple(n for n in neighbours(c) if n in on_board) for c in board_cells(side)}


@cache
def board_index(side: int) -> dict[Cell, int]:
    """Each cell's place in board order (row by row from the top), to sort cells by (one shared
    dict: read it, do not change it)."""
    return {c: i for i, c in enumerate(board_cells(side))}


