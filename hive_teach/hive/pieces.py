"""Colours, bug types, pieces and game types.

Pieces are singletons: ``Piece.from_name("wS1") is Piece.from_name("wS1")``, so they compare and
hash by identity, which keeps the move generator fast.

>>> p = Piece.from_name("bA2")
>>> p.colour, p.bug, p.number
(<Colour.BLACK: 1>, <Bug.ANT: 'A'>, 2)
>>> GameType.parse("Base+MP").name
'Base+MP'
>>> len(GameType.parse("Base").pieces)
22
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from hive_teach.core.errors import quoted


class Colour(enum.IntEnum):
    """A side. White moves first (R0)."""

    WHITE = 0
    BLACK = 1

    @property
    def other(self) -> Colour:
        return Colour(1 - self)

    @property
    def letter(self) -> str:
        """``w`` or ``b``, as in UHP piece names."""
        return "wb"[self]

    @property
    def title(self) -> str:
        """``White`` or ``Black``, as in a GameString's turn token."""
        return ("White", "Black")[self]


class Bug(enum.Enum):
    """A bug type, by its UHP letter."""

    QUEEN = "Q"
    SPIDER = "S"
    BEETLE = "B"
    GRASSHOPPER = "G"
    ANT = "A"
    MOSQUITO = "M"
    LADYBUG = "L"
    PILLBUG = "P"

    @property
    def count(self) -> int:
        """How many pieces of this type each colour has."""
        return _COUNTS[self]

    @property
    def title(self) -> str:
        """The English name, e.g. ``Soldier Ant``."""
        return _TITLES[self]

    @property
    def rule(self) -> str:
        """The id of the RULES.md rule for how this bug moves."""
        return _MOVE_RULES[self]


_COUNTS = {
    Bug.QUEEN: 1, Bug.SPIDER: 2, Bug.BEETLE: 2, Bug.GRASSHOPPER: 3, Bug.ANT: 3,
    Bug.MOSQUITO: 1, Bug.LADYBUG: 1, Bug.PILLBUG: 1,
}
_TITLES = {
    Bug.QUEEN: "Queen Bee", Bug.SPIDER: "Spider", Bug.BEETLE: "Beetle",
    Bug.GRASSHOPPER: "Grasshopper", Bug.ANT: "Soldier Ant", Bug.MOSQUITO: "Mosquito",
    Bug.LADYBUG: "Ladybug", Bug.PILLBUG: "Pillbug",
}
_MOVE_RULES = {
    Bug.QUEEN: "R9", Bug.BEETLE: "R10", Bug.GRASSHOPPER: "R11", Bug.SPIDER: "R12",
    Bug.ANT: "R13", Bug.MOSQUITO: "R14", Bug.LADYBUG: "R15", Bug.PILLBUG: "R16",
}
BASE_BUGS = (Bug.QUEEN, Bug.SPIDER, Bug.BEETLE, Bug.GRASSHOPPER, Bug.ANT)
EXPANSION_BUGS = (Bug.MOSQUITO, Bug.LADYBUG, Bug.PILLBUG)


class Piece:
    """One of the 28 pieces, e.g. ``wS1``. Get them with :meth:`from_name` or :data:`PIECES`."""

    __slots__ = ("bug", "colour", "index", "name", "number")

    colour: Colour
    bug: Bug
    number: int
    name: str
    index: int

    def __init__(self, colour: Colour, bug: Bug, number: int, index: int) -> None:
        self.colour = colour
        self.bug = bug
        self.number = number
        self.index = index
        self.name = colour.letter + bug.value + (str(number) if bug.count > 1 else "")

    @staticmethod
    def from_name(name: str) -> Piece:
        """The piece with this UHP name (``wQ``, ``bS2``, ...).

        >>> Piece.from_name("wS3")
        Traceback (most recent call last):
        ...
        ValueError: 'wS3' is not a Hive piece: names look like wQ, bS1, wG3, bM (R0)
        """
        try:
            return _BY_NAME[name]
        except KeyError:
            raise ValueError(
                f"{name!r} is not a Hive piece: names look like wQ, bS1, wG3, bM (R0)"
            ) from None

    @property
    def title(self) -> str:
        """A spoken name, e.g. ``white Spider 1`` or ``black Queen Bee``."""
        colour = ("white", "black")[self.colour]
        number = f" {self.number}" if self.bug.count > 1 else ""
        return f"{colour} {self.bug.title}{number}"

    def __repr__(self) -> str:
        return f"Piece({self.name})"

    def __str__(self) -> str:
        return self.name

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Piece.from_name, (self.name,))

    def __lt__(self, other: Piece) -> bool:
        return self.index < other.index


def _make_pieces() -> tuple[Piece, ...]:
    out: list[Piece] = []
    for colour in Colour:
        for bug in Bug:
            for number in range(1, bug.count + 1):
                out.append(Piece(colour, bug, number if bug.count > 1 else 0, len(out)))
    return tuple(out)


PIECES: tuple[Piece, ...] = _make_pieces()
"""All 28 pieces, white first, in a fixed order (``Piece.index`` is the position here)."""
_BY_NAME = {p.name: p for p in PIECES}


@dataclass(frozen=True)
class GameType:
    """Which expansion bugs are in play: ``Base``, ``Base+M``, ..., ``Base+MLP``."""

    expansions: frozenset[Bug]

    @staticmethod
    def parse(text: str) -> GameType:
        """Read a UHP GameTypeString.

        >>> GameType.parse("Base+LM").name
        'Base+ML'
        >>> GameType.parse("Chess")
        Traceback (most recent call last):
        ...
        ValueError: 'Chess' is not a game type: use Base or Base+ with any of M, L, P \
(e.g. Base+MLP)
        """
        if not isinstance(text, str):
            raise ValueError(f"{text!r} is not a game type: use Base or Base+ with any of M, L, "
                             "P (e.g. Base+MLP)")
        t = text.strip()
        head, plus, tail = t.partition("+")
        letters = set(tail)
        ok = head == "Base" and (not plus or (tail and letters <= set("MLP")))
        if not ok or len(letters) != len(tail):
            raise ValueError(
                f"{quoted(text)} is not a game type: use Base or Base+ with any of M, L, P "
                "(e.g. Base+MLP)"
            )
        return GameType(frozenset(Bug(letter) for letter in letters))

    @property
    def name(self) -> str:
        letters = "".join(b.value for b in EXPANSION_BUGS if b in self.expansions)
        return "Base+" + letters if letters else "Base"

    @property
    def bugs(self) -> tuple[Bug, ...]:
        return BASE_BUGS + tuple(b for b in EXPANSION_BUGS if b in self.expansions)

    @property
    def pieces(self) -> tuple[Piece, ...]:
        """The pieces of both colours in this game type, in :data:`PIECES` order."""
        return tuple(p for p in PIECES if p.bug in BASE_BUGS or p.bug in self.expansions)

    def __contains__(self, piece: object) -> bool:
        return isinstance(piece, Piece) and (
            piece.bug in BASE_BUGS or piece.bug in self.expansions
        )

    def __str__(self) -> str:
        return self.name


ALL_GAME_TYPES: tuple[GameType, ...] = tuple(
    GameType.parse(n)
    for n in ("Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP")
)
