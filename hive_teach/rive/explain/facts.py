"""The vocabulary of a Rive explanation: the kinds of reason (:class:`Kind`), the facts a
sentence may name (:data:`FACTS`, typed by :class:`Fact`) and what each kind carries
(:data:`KINDS`). The catalogues (:mod:`hive_teach.rive.i18n`) read these.
"""

from __future__ import annotations

from enum import Enum, StrEnum

from hive_teach.rive.rules import Rule


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
