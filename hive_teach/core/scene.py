"""The scene kit: what a diagram shows, as plain paths and texts, for any game and any backend.

A game's painter (:mod:`hive_teach.hive.paint`, :mod:`hive_teach.rive.paint`) turns a position
and its marks into a :class:`Scene` with a :class:`Painter`; the board layer paints the scene
with matplotlib or writes it as SVG. Data units: a board cell has circumradius 1, y points up.

A path is a tuple of commands (:data:`Cmd`), each a tuple starting with its letter, as in SVG:
``("M", x, y)``, ``("L", x, y)``, ``("Q", x1, y1, x, y)``, ``("C", x1, y1, x2, y2, x, y)``,
``("Z",)``.

>>> paint = Painter()
>>> paint.shape(circle(0, 0, 1), Z_TILE, fill="#ffffff")
>>> paint.text(0, 0, "Q", 0.5, Z_LABEL)
>>> [type(item).__name__ for item in paint.sorted()]
['Shape', 'Text']
>>> polyline([(0, 0), (1, 0)])
(('M', 0, 0), ('L', 1, 0))
>>> map_points(polyline([(0, 0), (1, 0)], closed=True), lambda x, y: (-x, y + 1))
(('M', 0, 1), ('L', -1, 1), ('Z',))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, Protocol, TypedDict, TypeVar, Unpack

from hive_teach.core.fonts import is_cjk
from hive_teach.core.hexgrid import Cell, cell_name, from_pixel

MoveTo = tuple[Literal["M"], float, float]
LineTo = tuple[Literal["L"], float, float]
QuadTo = tuple[Literal["Q"], float, float, float, float]
"""A quadratic Bezier: the control point, then the end point."""
CubicTo = tuple[Literal["C"], float, float, float, float, float, float]
"""A cubic Bezier: the two control points, then the end point."""
Close = tuple[Literal["Z"]]
Cmd = MoveTo | LineTo | QuadTo | CubicTo | Close
"""One path command; its letter tells how many coordinates follow (see the module docstring)."""
Path = tuple[Cmd, ...]
Point = tuple[float, float]
Anchor = Literal["start", "middle", "end"]
"""Where a text's ``x`` is: at its start, its middle or its end (as SVG's text-anchor)."""

_KAPPA = 0.5522847498  # cubic Bezier handle length for a quarter circle


def ellipse(cx: float, cy: float, rx: float, ry: float, angle: float = 0.0) -> Path:
    """A closed ellipse centred at ``(cx, cy)``, turned ``angle`` degrees counter-clockwise."""
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)

    def at(px: float, py: float) -> tuple[float, float]:
        return cx + px * ca - py * sa, cy + px * sa + py * ca

    pts = [(rx, 0.0), (0.0, ry), (-rx, 0.0), (0.0, -ry)]
    handles = [(0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0)]
    out: list[Cmd] = [("M", *at(*pts[0]))]
    for i in range(4):
        p0, p1 = pts[i], pts[(i + 1) % 4]
        h0, h1 = handles[i], handles[(i + 1) % 4]
        c1 = (p0[0] + h0[0] * _KAPPA * rx, p0[1] + h0[1] * _KAPPA * ry)
        c2 = (p1[0] - h1[0] * _KAPPA * rx, p1[1] - h1[1] * _KAPPA * ry)
        out.append(("C", *at(*c1), *at(*c2), *at(*p1)))
    out.append(("Z",))
    return tuple(out)


def circle(cx: float, cy: float, r: float) -> Path:
    """A closed circle."""
    return ellipse(cx, cy, r, r)


def polyline(points: Sequence[Point], closed: bool = False) -> Path:
    """Straight segments through ``points``; ``closed`` joins the last to the first."""
    out: list[Cmd] = [("M", *points[0])]
    out.extend(("L", *p) for p in points[1:])
    if closed:
        out.append(("Z",))
    return tuple(out)


def map_points(path: Iterable[Cmd], f: Callable[[float, float], Point]) -> Path:
    """``path`` with every point (end and control points) ``p`` replaced by ``f(*p)``."""
    out: list[Cmd] = []
    for cmd in path:
        match cmd:
            case ("M", x, y):
                out.append(("M", *f(x, y)))
            case ("L", x, y):
                out.append(("L", *f(x, y)))
            case ("Q", x1, y1, x, y):
                out.append(("Q", *f(x1, y1), *f(x, y)))
            case ("C", x1, y1, x2, y2, x, y):
                out.append(("C", *f(x1, y1), *f(x2, y2), *f(x, y)))
            case _:  # ("Z",): no point
                out.append(cmd)
    return tuple(out)


def transform(path: Iterable[Cmd], scale: float, dx: float, dy: float) -> Path:
    """``path`` scaled about the origin, then moved by ``(dx, dy)``."""
    return map_points(path, lambda x, y: (x * scale + dx, y * scale + dy))


K_co = TypeVar("K_co", covariant=True)


class TextsByCell(Protocol[K_co]):
    """Cells (in whatever form a game's marks take them) to texts, e.g. a ``dict[Cell, str]``:
    only ``items()`` is read. (``Mapping[K, str]`` would refuse a ``dict[Cell, str]`` for a
    wider key type ``K``: a Mapping's key type is invariant, an iterable of items is not.)"""

    def items(self) -> Iterable[tuple[K_co, str]]: ...


NO_TEXTS: Mapping[Any, str] = MappingProxyType({})
"""No texts on any cell: the default of the marks' cell-to-text fields."""


PX_PER_UNIT = 40.0
"""Pixels per data unit (a cell's circumradius) in PNG (at 100 dpi) and SVG output."""
MAX_PX = 1600.0
"""Widest diagram in pixels; bigger boards are drawn at a smaller scale."""
TILE = 0.9  # circumradius of a piece tile inside its cell: the rest is the gap between tiles
HAND_TILE = 0.66
STACK_TILE = 0.56
# The two sides' tiles (Hive) and stones (Rive): light with a dark rim, dark with a black rim,
# apart in greyscale too.
LIGHT_FILL, LIGHT_EDGE = "#f3ecd8", "#1c1c1c"
DARK_FILL, DARK_EDGE = "#262626", "#000000"
GRID = "#d6d6d6"
FAINT = "#8c8c8c"
TEXT = "#1c1c1c"
TARGET = "#009e73"
FORBIDDEN = "#d55e00"
FORBIDDEN_TEXT = "#9c3d00"
SELECTED = "#0072b2"
LAST = "#56b4e9"
LAST_EDGE = "#1d5d84"
# Z levels, bottom to top; texts of a level are painted after its shapes.
Z_GRID, Z_UNDER, Z_HALO, Z_TILE, Z_GLYPH, Z_BADGE, Z_PIECE_MARK = range(7)
Z_GATE, Z_CROSS, Z_ROUTE, Z_LABEL, Z_COORDS = range(7, 12)


@dataclass(frozen=True)
class Shape:
    """A path, filled (``fill``, with opacity ``alpha``) and/or stroked (``stroke``, ``width``
    and ``dash`` lengths in data units). Strokes have round caps and joins."""

    path: Path
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    alpha: float = 1.0
    dash: tuple[float, ...] = ()
    z: int = 0


class ShapeStyle(TypedDict, total=False):
    """How :meth:`Painter.shape` paints a path: the :class:`Shape` fields besides the path."""

    fill: str | None
    stroke: str | None
    width: float
    alpha: float
    dash: tuple[float, ...]


@dataclass(frozen=True)
class Text:
    """One line of text centred vertically on ``y``; ``size`` is the font size in data units
    and ``anchor`` is ``"start"``, ``"middle"`` or ``"end"`` (as in SVG)."""

    x: float
    y: float
    text: str
    size: float
    colour: str = TEXT
    bold: bool = False
    anchor: Anchor = "middle"
    z: int = 0


class TextStyle(TypedDict, total=False):
    """How :meth:`Painter.text` sets a text: the :class:`Text` fields besides place and size."""

    colour: str
    bold: bool
    anchor: Anchor


@dataclass
class DrawnBoard:
    """What a diagram shows, as data: for tests, and to map clicks back to cells.

    ``centres`` holds every board cell drawn (pieces, marked cells and the empty ring around the
    hive) with its centre in data coordinates; ``stacks`` the pieces drawn on each cell, bottom
    first; ``marks`` maps a mark kind (``"target"``, ``"forbidden"``, ``"selected"``,
    ``"pinned"``, ``"gate"``, ``"path"``, ``"last-from"``, ``"last-to"``, ``"stunned"``,
    ``"throw"``, ``"surrounded"``, ``"label"``) to the cells carrying it and a detail (the rule
    id of a forbidden cell, the step number on a path, a label's text, ...). ``hand`` maps the
    piece a click on a hand tile would place to the tile's centre; ``in_hand`` lists all pieces
    in hand. ``board_bounds`` and ``bounds`` are ``(x0, x1, y0, y1)`` of the board and of the
    whole diagram.
    """

    centres: dict[Cell, tuple[float, float]] = field(default_factory=dict)
    stacks: dict[Cell, tuple[str, ...]] = field(default_factory=dict)
    marks: dict[str, dict[Cell, str]] = field(default_factory=dict)
    gates: tuple[tuple[Cell, Cell], ...] = ()
    throws: tuple[tuple[Cell, Cell, Cell], ...] = ()
    hand: dict[str, tuple[float, float]] = field(default_factory=dict)
    in_hand: tuple[str, ...] = ()
    board_bounds: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    bounds: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)

    def mark(self, kind: str, c: Cell, detail: str = "") -> None:
        cells = self.marks.setdefault(kind, {})
        cells[c] = f"{cells[c]}; {detail}" if cells.get(c) and detail else detail

    def marked(self, kind: str) -> dict[str, str]:
        """The cells with mark ``kind`` as ``{"q,r": detail}``, sorted by name."""
        cells = self.marks.get(kind, {})
        return {cell_name(c): cells[c] for c in sorted(cells, key=cell_name)}

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The board cell under the point ``(x, y)`` in data coordinates, or None off the board.

        Any cell inside the board's area counts, drawn or not (a click may go anywhere).
        """
        x0, x1, y0, y1 = self.board_bounds
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return None
        try:
            return from_pixel(x, y)
        except ValueError:
            return None

    def hand_piece_at(self, x: float, y: float) -> str | None:
        """The name of the piece in hand whose tile is under ``(x, y)``, or None."""
        for name, (hx, hy) in self.hand.items():
            if math.hypot(x - hx, y - hy) <= HAND_TILE * 0.9:
                return name
        return None


@dataclass
class Scene:
    """Shapes and texts in paint order, the diagram's bounds and the :class:`DrawnBoard`."""

    items: list[Shape | Text]
    bounds: tuple[float, float, float, float]
    board: DrawnBoard

    @property
    def px_per_unit(self) -> float:
        """The output scale: :data:`PX_PER_UNIT`, less for a diagram wider than ``MAX_PX``."""
        x0, x1, _, _ = self.bounds
        return min(PX_PER_UNIT, MAX_PX / max(x1 - x0, 1e-9))


# ------------------------------------------------------------------------- small geometry
def hex_path(x: float, y: float, r: float) -> Path:
    """A pointy-top hexagon of circumradius ``r`` centred at ``(x, y)``."""
    pts = [
        (x + r * math.cos(math.radians(90 - 60 * i)), y + r * math.sin(math.radians(90 - 60 * i)))
        for i in range(6)
    ]
    return polyline(pts, closed=True)


def rounded_box(x0: float, y0: float, x1: float, y1: float, rad: float) -> Path:
    k = rad * (1 - 0.5522847498)
    return (
        ("M", x0 + rad, y0), ("L", x1 - rad, y0), ("C", x1 - k, y0, x1, y0 + k, x1, y0 + rad),
        ("L", x1, y1 - rad), ("C", x1, y1 - k, x1 - k, y1, x1 - rad, y1),
        ("L", x0 + rad, y1), ("C", x0 + k, y1, x0, y1 - k, x0, y1 - rad),
        ("L", x0, y0 + rad), ("C", x0, y0 + k, x0 + k, y0, x0 + rad, y0), ("Z",),
    )


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An estimate of the width of ``text`` in DejaVu Sans (boxes must not need font metrics)."""
    narrow = sum(ch in ",.:;'|!il1 " for ch in text)
    wide = sum(is_cjk(ch) for ch in text)  # Chinese characters are a full em wide
    rest = len(text) - narrow - wide
    return size * ((0.66 if bold else 0.6) * rest + 0.32 * narrow + 1.0 * wide)


def unit(ax: float, ay: float, bx: float, by: float) -> tuple[float, float, float]:
    dx, dy = bx - ax, by - ay
    n = math.hypot(dx, dy) or 1.0
    return dx / n, dy / n, n


def arrow_head(
    tip: tuple[float, float], ux: float, uy: float, length: float, half: float
) -> Path:
    """A filled triangle pointing along ``(ux, uy)`` with its point at ``tip``."""
    bx, by = tip[0] - ux * length, tip[1] - uy * length
    return polyline(
        [tip, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)], closed=True
    )


class Painter:
    """Collects shapes and texts; keeps insertion order within a z level."""

    def __init__(self) -> None:
        self.items: list[tuple[int, int, int, Shape | Text]] = []

    def shape(self, path: Path, z: int, **style: Unpack[ShapeStyle]) -> None:
        self.items.append((z, 0, len(self.items), Shape(path, z=z, **style)))

    def text(
        self, x: float, y: float, text: str, size: float, z: int, **style: Unpack[TextStyle]
    ) -> None:
        self.items.append((z, 1, len(self.items), Text(x, y, text, size, z=z, **style)))

    def boxed_text(
        self, x: float, y: float, text: str, size: float, z: int, *, colour: str = TEXT,
        fill: str = "#ffffff", edge: str = "#9a9a9a", bold: bool = False,
    ) -> None:
        w = text_width(text, size, bold) / 2 + size * 0.3
        h = size * 0.72
        self.shape(rounded_box(x - w, y - h, x + w, y + h, size * 0.3), z, fill=fill,
                   stroke=edge, width=size * 0.08)
        self.text(x, y, text, size, z, colour=colour, bold=bold)

    def sorted(self) -> list[Shape | Text]:
        return [item for *_, item in sorted(self.items, key=lambda t: t[:3])]


def badge(paint: Painter, x: float, y: float, text: str, r: float, z: int,
           fill: str = "#ffffff", edge: str = "#1c1c1c", colour: str = TEXT) -> None:
    """A number in a disc, or in a pill when it is wider than the disc (``×3``, ``12``)."""
    size = r * 1.3
    half = max(r, text_width(text, size, bold=True) / 2 + r * 0.45)
    shape = circle(x, y, r) if half == r else rounded_box(x - half, y - r, x + half, y + r, r)
    paint.shape(shape, z, fill=fill, stroke=edge, width=r * 0.22)
    paint.text(x, y, text, size, z, colour=colour, bold=True)


def dot(paint: Painter, x: float, y: float, r: float, colour: str) -> None:
    paint.shape(circle(x, y, r), Z_CROSS, fill=colour, stroke="#ffffff", width=0.05)


def cross(paint: Painter, x: float, y: float, half: float) -> None:
    arms: Path = (("M", x - half, y - half), ("L", x + half, y + half),
            ("M", x - half, y + half), ("L", x + half, y - half))
    paint.shape(arms, Z_CROSS, stroke="#ffffff", width=0.2)
    paint.shape(arms, Z_CROSS, stroke=FORBIDDEN, width=0.11)


def forbidden_mark(paint: Painter, x: float, y: float, rule: str, *, empty: bool,
                   alpha: float = 0.1) -> None:
    """A cell the rules forbid: an orange cross with the rule id under it, on an orange
    tint when the cell is ``empty`` (both games' forbidden cells, and wrong marks)."""
    if empty:
        paint.shape(hex_path(x, y, TILE), Z_UNDER, fill=FORBIDDEN, alpha=alpha)
    cross(paint, x, y + 0.16, 0.3)
    paint.boxed_text(x, y - 0.48, rule, 0.3, Z_CROSS, colour=FORBIDDEN_TEXT, edge=FORBIDDEN,
                     bold=True)

