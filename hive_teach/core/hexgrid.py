"""Hex geometry: axial coordinates, neighbours, directions and pixel layout.

Geometry only; this module knows nothing about Hive or Rive rules.

Hexes are pointy-top and addressed by axial coordinates ``(q, r)`` as in the Red Blob Games
hexagon guide. For speed a cell is a plain ``int`` (like a square in python-chess): use
:func:`cell` and :func:`coords` to convert.

>>> c = cell(2, -1)
>>> coords(c)
(2, -1)
>>> [coords(n) for n in neighbours(cell(0, 0))]
[(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
>>> distance(cell(0, 0), cell(2, -1))
2
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

Cell = int
"""A cell on the hex grid, encoded as an int; see :func:`cell`."""

# A cell packs q and r into one int, 15 bits each: every cell is below 1 << CELL_BITS, so it
# stays a one-digit CPython int (fast), and no game gets near the edge (a hive moves a cell or
# two a turn at the most; games drift about one cell in twelve plies).
_OFFSET = 1 << 14
_WIDTH = 1 << 15
CELL_BITS = 30
"""Every cell is a non-negative int below ``1 << CELL_BITS`` (for keys packing a cell)."""
LIMIT = 16000
"""Largest ``|q|`` or ``|r|`` a cell may have."""

# The six directions in counter-clockwise order starting east, as (dq, dr) and as cell deltas.
# Neighbouring entries are adjacent directions: the cells flanking the edge towards
# direction i lie in directions i - 1 and i + 1.
DIRECTION_VECTORS: tuple[tuple[int, int], ...] = (
    (1, 0),  # east
    (1, -1),  # north-east
    (0, -1),  # north-west
    (-1, 0),  # west
    (-1, 1),  # south-west
    (0, 1),  # south-east
)
DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")
DELTAS: tuple[int, ...] = tuple(dq * _WIDTH + dr for dq, dr in DIRECTION_VECTORS)
E, NE, NW, W, SW, SE = range(6)

# For every direction: (delta to the neighbour, delta to the left flank, delta to the right flank).
FLANKED_DELTAS: tuple[tuple[int, int, int], ...] = tuple(
    (DELTAS[i], DELTAS[(i - 1) % 6], DELTAS[(i + 1) % 6]) for i in range(6)
)

ORIGIN: Cell = _OFFSET * _WIDTH + _OFFSET


def cell(q: int, r: int) -> Cell:
    """The cell at axial coordinates ``(q, r)``.

    >>> cell(0, 0) == ORIGIN
    True
    >>> cell(99_999, 0)
    Traceback (most recent call last):
    ...
    ValueError: cell (99999, 0) is off the grid: |q| and |r| must be at most 16000
    """
    if not (-LIMIT <= q <= LIMIT and -LIMIT <= r <= LIMIT):
        raise ValueError(f"cell ({q}, {r}) is off the grid: |q| and |r| must be at most {LIMIT}")
    return (q + _OFFSET) * _WIDTH + (r + _OFFSET)


def on_grid(c: Cell) -> bool:
    """Whether ``c`` is a cell of the grid (``|q|`` and ``|r|`` at most :data:`LIMIT`): the
    neighbour of a cell at the edge is not, and reads back as no other cell.

    >>> on_grid(cell(LIMIT, -LIMIT)), on_grid(cell(LIMIT, 0) + DELTAS[E])
    (True, False)
    """
    q, r = divmod(c, _WIDTH)
    return abs(q - _OFFSET) <= LIMIT and abs(r - _OFFSET) <= LIMIT


def coords(c: Cell) -> tuple[int, int]:
    """The axial coordinates ``(q, r)`` of a cell.

    >>> coords(cell(-3, 5))
    (-3, 5)
    """
    q, r = divmod(c, _WIDTH)
    return q - _OFFSET, r - _OFFSET


def cube(c: Cell) -> tuple[int, int, int]:
    """Cube coordinates ``(q, r, s)`` with ``q + r + s == 0``.

    >>> cube(cell(1, -2))
    (1, -2, 1)
    """
    q, r = coords(c)
    return q, r, -q - r


def neighbours(c: Cell) -> list[Cell]:
    """The six neighbours of ``c``, in direction order E, NE, NW, W, SW, SE."""
    return [c + d for d in DELTAS]


def neighbour(c: Cell, direction: int) -> Cell:
    """The neighbour of ``c`` in ``direction`` (0..5, see :data:`DIRECTION_NAMES`).

    >>> coords(neighbour(ORIGIN, NE))
    (1, -1)
    """
    return c + DELTAS[direction]


def direction_between(a: Cell, b: Cell) -> int | None:
    """The direction from ``a`` to its neighbour ``b``, or ``None`` if they are not neighbours.

    >>> direction_between(ORIGIN, cell(0, 1)) == SE
    True
    >>> direction_between(ORIGIN, cell(2, 0)) is None
    True
    """
    try:
        return DELTAS.index(b - a)
    except ValueError:
        return None


def flanks(a: Cell, b: Cell) -> tuple[Cell, Cell]:
    """The two cells that touch both neighbours ``a`` and ``b`` (the sides of the gap a-b).

    >>> sorted(coords(f) for f in flanks(ORIGIN, cell(1, 0)))
    [(0, 1), (1, -1)]
    """
    i = direction_between(a, b)
    if i is None:
        raise ValueError(f"{cell_name(a)} and {cell_name(b)} are not neighbours")
    return a + DELTAS[(i - 1) % 6], a + DELTAS[(i + 1) % 6]


def are_neighbours(a: Cell, b: Cell) -> bool:
    """Whether ``a`` and ``b`` share an edge."""
    return (b - a) in DELTAS


def distance(a: Cell, b: Cell) -> int:
    """The number of steps between two cells on an empty grid."""
    aq, ar = coords(a)
    bq, br = coords(b)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def line(start: Cell, direction: int) -> Iterator[Cell]:
    """The cells after ``start`` in a straight line, without end (stop it yourself).

    >>> from itertools import islice
    >>> [coords(c) for c in islice(line(ORIGIN, E), 3)]
    [(1, 0), (2, 0), (3, 0)]
    """
    c = start
    d = DELTAS[direction]
    while True:
        c += d
        yield c


def hexagon(radius: int, centre: Cell = ORIGIN) -> list[Cell]:
    """All cells within ``radius`` steps of ``centre`` (a hexhex board), row by row.

    >>> len(hexagon(2))
    19
    """
    cq, cr = coords(centre)
    out = []
    for r in range(-radius, radius + 1):
        for q in range(max(-radius, -r - radius), min(radius, -r + radius) + 1):
            out.append(cell(cq + q, cr + r))
    return out


def connected(cells: Iterable[Cell]) -> bool:
    """Whether a set of cells is one edge-connected group (an empty set counts as connected).

    >>> connected([ORIGIN, cell(1, 0), cell(2, 0)])
    True
    >>> connected([ORIGIN, cell(2, 0)])
    False
    """
    return len(components(cells)) <= 1


def components(cells: Iterable[Cell]) -> list[set[Cell]]:
    """The edge-connected groups of a set of cells, largest first (ties: by smallest cell)."""
    todo = set(cells)
    groups: list[set[Cell]] = []
    while todo:
        start = todo.pop()
        group = {start}
        stack = [start]
        while stack:
            c = stack.pop()
            for d in DELTAS:
                n = c + d
                if n in todo:
                    todo.discard(n)
                    group.add(n)
                    stack.append(n)
        groups.append(group)
    groups.sort(key=lambda g: (-len(g), min(g)))
    return groups


def to_pixel(c: Cell, size: float = 1.0) -> tuple[float, float]:
    """Centre of a pointy-top hex of circumradius ``size``, with y pointing *up* (for plots).

    North-west and north-east neighbours are drawn above the cell.

    >>> x, y = to_pixel(cell(0, -1))
    >>> round(x, 3), round(y, 3)
    (-0.866, 1.5)
    """
    q, r = coords(c)
    return size * math.sqrt(3) * (q + r / 2), -size * 1.5 * r


def from_pixel(x: float, y: float, size: float = 1.0) -> Cell:
    """The cell containing the point ``(x, y)`` (y up), inverse of :func:`to_pixel`.

    >>> from_pixel(*to_pixel(cell(3, -2))) == cell(3, -2)
    True
    """
    yy = -y
    qf = (math.sqrt(3) / 3 * x - yy / 3) / size
    rf = (2 / 3 * yy) / size
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return cell(q, r)


def corners(c: Cell, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of the pointy-top hex ``c`` (y up), starting at the top, clockwise."""
    x, y = to_pixel(c, size)
    angles = [math.radians(90 - 60 * i) for i in range(6)]
    return [(x + size * math.cos(a), y + size * math.sin(a)) for a in angles]


def cell_name(c: Cell) -> str:
    """A cell's name ``"q,r"``, as used in layouts, scenarios and Rive game texts.

    >>> cell_name(cell(-1, 2))
    '-1,2'
    """
    q, r = coords(c)
    return f"{q},{r}"


def parse_cell(text: str) -> Cell:
    """Read a cell name ``"q,r"`` (spaces and brackets allowed).

    >>> coords(parse_cell("(1, -2)"))
    (1, -2)
    >>> parse_cell("a,b")
    Traceback (most recent call last):
    ...
    ValueError: 'a,b' is not a cell: write it as q,r with two whole numbers, e.g. 0,-1
    """
    inner = text.strip().strip("()[]")
    parts = inner.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        q, r = int(parts[0]), int(parts[1])
    except ValueError:
        raise ValueError(
            f"{text!r} is not a cell: write it as q,r with two whole numbers, e.g. 0,-1"
        ) from None
    return cell(q, r)
