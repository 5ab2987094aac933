"""The words of Rive: colours, rule ids, actions, the board's shape and the errors.

Nothing here knows a position; :mod:`hive_teach.rive.engine` plays the game. Syntax is read apart
from legality (as ``Move.from_uci`` in python-chess): :meth:`Action.parse` only reads text.

>>> Action.parse("x2,-1")
Action('x2,-1')
>>> Action.parse("2;-1")
Traceback (most recent call last):
...
hive_teach.rive.rules.InvalidActionError: '2;-1' is not a Rive action: it is not a cell: write \
q,r to place a stone or xq,r to remove one, e.g. 0,-1 or x2,-1
>>> len(board_cells(5)), is_on_board(cell(4, -4), 5), is_on_board(cell(4, 1), 5)
(61, True, False)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum, IntEnum, StrEnum
from functools import cache
from typing import NamedTuple

from hive_teach.core.errors import quoted
from hive_teach.core.hexgrid import LIMIT, Cell, cell, cell_name, coords, hexagon, neighbours
from hive_teach.core.i18n import Worded

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


class Kind(StrEnum):
    """What kind of reason an explanation gives; :data:`KINDS` says which facts each carries."""

    OFF_BOARD = "off-board"
    GAME_OVER = "game-over"
    NO_CAPTURE = "no-capture"
    IN_CAPTURE = "in-capture"
    NO_STONE = "no-stone"
    NOT_IN_GROUP = "not-in-group"
    SPLIT = "split"
    OCCUPIED = "occupied"
    ISOLATION = "isolation"
    SMALLEST = "smallest"


class Fact(Enum):
    """The type of a fact, which says how a sentence names it."""

    CELL = "a cell"
    NUMBER = "a whole number"
    TEXT = "text written the same in every language"


FACTS: dict[str, Fact] = {
    "cell": Fact.CELL,  # the cell of the action
    "name": Fact.TEXT,  # the cell of the action as written, when it is off the board
    "radius": Fact.NUMBER,  # how many steps the board's cells are at most from the centre
    "remaining": Fact.NUMBER,  # how many stones the capture still removes
    "parts": Fact.NUMBER,  # into how many pieces a removal would split the group
    "lonely": Fact.CELL,  # a cell that touches no stone
    "largest": Fact.NUMBER,  # the largest group next to the cell
    "better": Fact.CELL,  # a cell whose largest neighbouring group is smaller
    "smallest": Fact.NUMBER,  # the largest group next to that cell
}
"""Every fact a Rive explanation can carry, by name."""

KINDS: dict[Kind, tuple[Rule, frozenset[str]]] = {
    Kind.OFF_BOARD: (Rule.V1, frozenset({"name", "radius"})),
    Kind.GAME_OVER: (Rule.V7, frozenset()),
    Kind.NO_CAPTURE: (Rule.V5, frozenset()),
    Kind.IN_CAPTURE: (Rule.V5, frozenset({"remaining"})),
    Kind.NO_STONE: (Rule.V5, frozenset({"cell"})),
    Kind.NOT_IN_GROUP: (Rule.V5, frozenset({"cell"})),
    Kind.SPLIT: (Rule.V5, frozenset({"cell", "parts"})),
    Kind.OCCUPIED: (Rule.V1, frozenset({"cell"})),
    Kind.ISOLATION: (Rule.V3, frozenset({"cell", "lonely"})),
    Kind.SMALLEST: (Rule.V4, frozenset({"cell", "largest", "better", "smallest"})),
}
"""Every kind with the rule it breaks and the facts it carries."""


@dataclass(frozen=True)
class Explanation(Worded):
    """Why an action is illegal, as facts: the rule it breaks, the :class:`Kind` of reason, the
    ``cells`` a diagram may mark (the cells where the stone may go instead, or the capturing
    group) and the ``facts`` a sentence says (:data:`FACTS`). :meth:`text` writes the sentence
    in English, German or Chinese (:mod:`hive_teach.rive.i18n`).

    >>> why = Explanation(Rule.V1, Kind.OCCUPIED, (cell(0, 0),), {"cell": cell(0, 0)})
    >>> str(why)
    'There is already a stone on 0,0: stones go on empty cells. (V1)'
    >>> why.text("de")
    'Auf 0,0 liegt schon ein Stein: Steine kommen auf leere Felder. (V1)'
    """

    rule: Rule
    kind: Kind
    cells: tuple[Cell, ...] = ()
    facts: Mapping[str, object] = field(default_factory=dict, hash=False)

    def render(self, lang: str, rule: bool) -> str:
        """The sentence in ``lang``, with the rule id if ``rule`` (see :meth:`Worded.text`)."""
        from hive_teach.rive.i18n import render

        return render(self, lang, rule=rule)


class InvalidActionError(ValueError):
    """Text that is not a Rive action at all (bad syntax); ``index`` is set when the text was
    action number ``index`` of a game text."""

    def __init__(self, text: str, why: str, index: int | None = None) -> None:
        self.text = text
        self.why = why
        self.index = index
        where = "" if index is None else f"action {index} "
        super().__init__(f"{where}{quoted(text)} is not a Rive action: {why}")

    def at(self, index: int) -> InvalidActionError:
        """The same error, naming its place in a game text."""
        return InvalidActionError(self.text, self.why, index)


class IllegalActionError(ValueError):
    """A well-formed action the rules forbid here, with the ``rule`` it breaks and a ``reason``.

    >>> why = Explanation(Rule.V3, Kind.ISOLATION, (cell(0, -2),),
    ...                   {"cell": cell(1, 0), "lonely": cell(0, -2)})
    >>> err = IllegalActionError("1,0", why)
    >>> err.rule, str(err)
    (<Rule.V3: 'V3'>, '1,0: 1,0 touches a stone, but some cells still touch no stone (like \
0,-2): you must place on one of those first. (V3)')
    >>> str(err.at(2)).startswith("action 2 (1,0): 1,0 touches a stone")
    True
    >>> err.explanation.text("zh")
    '1,0 挨着棋子，但还有不挨任何棋子的空格（比如 0,-2）：必须先放在这样的格子上。(V3)'
    """

    def __init__(self, text: str, explanation: Explanation, index: int | None = None) -> None:
        self.text = text
        self.explanation = explanation
        self.rule = explanation.rule
        self.reason = explanation.reason
        self.index = index
        where = text if index is None else f"action {index} ({text})"
        super().__init__(f"{where}: {self.reason} ({self.rule})")

    def at(self, index: int) -> IllegalActionError:
        """The same error, naming its place in a game text."""
        return IllegalActionError(self.text, self.explanation, index)


# At most 100 digits a number: far past any board (V1), and far below int()'s digit limit.
_ACTION_RE = re.compile(
    r"\s*([xX]?)\s*\(?\s*([+-]?[0-9]{1,100})\s*,\s*([+-]?[0-9]{1,100})\s*\)?\s*")
_ACTION_HINT = "write q,r to place a stone or xq,r to remove one, e.g. 0,-1 or x2,-1"


def read_action(text: str) -> tuple[bool, int, int]:
    """Read the syntax of an action: ``(is_removal, q, r)``; raises :class:`InvalidActionError`.

    >>> read_action(" x(2, -1) ")
    (True, 2, -1)
    """
    match = _ACTION_RE.fullmatch(text)
    if match is None:
        why = "it is empty" if not text.strip() else "it is not a cell"
        raise InvalidActionError(text, f"{why}: {_ACTION_HINT}")
    return bool(match[1]), int(match[2]), int(match[3])


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


_HEADER_RE = re.compile(r"\s*rive\s*([0-9]+)\s*", re.IGNORECASE)


def read_header(text: str) -> int:
    """The board side named by the first field of a game text, e.g. ``rive5``.

    >>> read_header("rive5")
    5
    >>> read_header("hive5")
    Traceback (most recent call last):
    ...
    ValueError: 'hive5' does not start a Rive game text: write rive<side>, e.g. rive5;0,0;2,-1
    """
    match = _HEADER_RE.fullmatch(text)
    if match is None:
        raise ValueError(
            f"{quoted(text)} does not start a Rive game text: write rive<side>, e.g. "
            "rive5;0,0;2,-1"
        )
    return check_side(int(match[1]))
