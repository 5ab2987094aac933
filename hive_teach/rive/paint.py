"""Diagrams of Rive games with the teaching marks, in the look of the Hive diagrams.

The painter plans a diagram once as a backend-free :class:`~hive_teach.core.scene.Scene` (the
same shapes, texts, colours and z levels as Hive's); :mod:`hive_teach.board.drawing` paints it
with matplotlib or writes it as SVG, PNG or PDF, as for Hive.

What it shows: the hexhex board; black and white stones (a dark disc and a cream disc with a
dark rim, apart in greyscale too); a thin outline and a size badge for every group of two or
more stones (V2); the legal actions in green (a tinted cell with a dot for a placement, a dashed
ring with a dot on a stone that may be removed); during a capture the capturing group outlined
in purple, and the stones already taken from it as faded, dashed ghosts; stones chosen for
removal as a purple cross (numbered when the order matters); the last placement as a blue ring
inside its stone; illegal cells as an orange cross with the rule id; and on request the size
of the largest group next to each empty cell (what V4 minimises), labels and q,r coordinates.

>>> from hive_teach.rive import RiveGame
>>> game = RiveGame.from_text("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0;1,0")
>>> board = layout(game)
>>> board.marked("removable"), board.marked("last")
({'0,0': '', '2,0': ''}, {'1,0': ''})
>>> sorted(board.marked("capture")), board.marked("group")
(['0,0', '1,0', '2,0'], {'2,0': '3'})
>>> board.stones[cell(1, 0)], len(board.centres)
('white', 19)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict, TypeGuard, Unpack

from hive_teach.core.checked import NOTHING, Checked, draw_checked
from hive_teach.core.hexgrid import (
    Cell,
    cell,
    cell_name,
    coords,
    corners,
    from_pixel,
    parse_cell,
    to_pixel,
)
from hive_teach.core.scene import (
    DARK_EDGE,
    DARK_FILL,
    FAINT,
    GRID,
    LAST,
    LAST_EDGE,
    LIGHT_EDGE,
    LIGHT_FILL,
    NO_TEXTS,
    TARGET,
    TILE,
    Z_COORDS,
    Z_CROSS,
    Z_GRID,
    Z_HALO,
    Z_LABEL,
    Z_PIECE_MARK,
    Z_TILE,
    Z_UNDER,
    Cmd,
    DrawnBoard,
    Painter,
    Path,
    Scene,
    TextsByCell,
    badge,
    circle,
    dot,
    forbidden_mark,
    hex_path,
    text_width,
)
from hive_teach.rive.i18n import check_language, result_text, side_name, t
from hive_teach.rive.rules import Colour, is_on_board

if TYPE_CHECKING:

    from hive_teach.rive.position import RiveGame

CellRef = Cell | str | tuple[int, int]
"""A cell in marks: an int from :mod:`hive_teach.core.hexgrid`, ``"q,r"`` or ``(q, r)``."""

STONE = 0.7  # radius of a stone; a cell's hex has circumradius TILE (0.9)
STONE_FILL = {Colour.BLACK: DARK_FILL, Colour.WHITE: LIGHT_FILL}
STONE_EDGE = {Colour.BLACK: DARK_EDGE, Colour.WHITE: LIGHT_EDGE}
# A second, inner rim: light on black stones, so a black stone stays round on a dark print.
STONE_RIM = {Colour.BLACK: "#5c5c5c", Colour.WHITE: "#c9bfa3"}
GROUP = "#0072b2"  # the outline of a group (Okabe-Ito blue)
CAPTURE = "#cc79a7"  # the capturing group, its ghosts and the stones chosen for removal
COLOUR_NAMES = {Colour.BLACK: "black", Colour.WHITE: "white"}


def _ref(ref: CellRef) -> Cell:
    if isinstance(ref, str):
        return parse_cell(ref)
    if isinstance(ref, tuple):
        return cell(*ref)
    return ref


def _refs(refs: Collection[CellRef] | CellRef) -> frozenset[Cell]:
    if isinstance(refs, str | int) or _is_pair(refs):
        return frozenset({_ref(refs)})  # a single cell
    return frozenset(_ref(r) for r in refs)


def _is_pair(refs: object) -> TypeGuard[tuple[int, int]]:
    """Whether ``refs`` is one ``(q, r)`` pair rather than a collection of cells."""
    return isinstance(refs, tuple) and len(refs) == 2 and all(isinstance(v, int) for v in refs)


CellTexts = TextsByCell[CellRef]
"""Cells (any :data:`CellRef`) to texts, e.g. a ``dict[Cell, str]``."""


class RiveMarksFields(TypedDict, total=False):
    """The fields of :class:`RiveMarks` as keyword arguments, each optional: what
    :func:`with_fields`, :func:`layout` and the drawing functions take as ``**fields``."""

    legal: bool | Collection[CellRef]
    sizes: bool
    last: bool | CellRef | None
    capture: bool
    remove: Sequence[CellRef]
    forbidden: CellTexts
    largest: bool
    labels: CellTexts
    coords: bool
    title: str | None
    lang: str
    checked: Checked


@dataclass(frozen=True, init=False)
class RiveMarks:
    """What a Rive diagram marks besides the stones; cells as ``"q,r"``, ``(q, r)`` or ints.

    ``legal``: ``True`` marks the game's legal actions (placements, or removals during a
    capture), ``False`` none, or a collection of cells to mark in green (an empty cell as a
    placement, a stone as removable: a learner's own marks in an exercise). ``sizes``: outline
    every group of two or more stones and badge it with its size. ``last``: ``True`` marks the
    last placement, or give a cell, or ``None``. ``capture``: during a capture outline the
    capturing group, and draw the stones removed by the last removals as ghosts. ``remove``:
    stones chosen for removal, in order. ``forbidden``: cell to rule id (an orange cross).
    ``largest``: write on every empty cell the size of the largest group it touches (V4).
    ``labels``: cell to a short text. ``coords``: write q,r in every cell. ``title``: the line
    above the board (``None``: whose turn it is and the stone count; ``""``: none). ``lang``:
    the language of the diagram's own words. ``checked``: the learner's marks in a mark
    exercise, and after Check the correct, missed and wrong cells
    (:mod:`hive_teach.core.checked`).

    Cells are given as :data:`CellRef` and kept as cell ints.

    >>> RiveMarks(remove=["0,0", (1, 0)]).remove == (cell(0, 0), cell(1, 0))
    True
    >>> RiveMarks(lang="fr")
    Traceback (most recent call last):
    ...
    ValueError: language 'fr' is not available; choose one of en, de, zh
    """

    legal: bool | frozenset[Cell]
    sizes: bool
    last: bool | Cell | None
    capture: bool
    remove: tuple[Cell, ...]
    forbidden: dict[Cell, str]
    largest: bool
    labels: dict[Cell, str]
    coords: bool
    title: str | None
    lang: str
    checked: Checked

    # mypy cannot spell "unhashable" without this (typeshed does the same for list and dict).
    __hash__ = None  # type: ignore[assignment]  # holds dicts

    def __init__(
        self,
        legal: bool | Collection[CellRef] = True,
        sizes: bool = True,
        last: bool | CellRef | None = True,
        capture: bool = True,
        remove: Sequence[CellRef] = (),
        forbidden: CellTexts = NO_TEXTS,
        largest: bool = False,
        labels: CellTexts = NO_TEXTS,
        coords: bool = False,
        title: str | None = None,
        lang: str = "en",
        checked: Checked = NOTHING,
    ) -> None:
        # Read every cell ref once (frozen: hence object.__setattr__).
        put = object.__setattr__
        put(self, "legal", legal if isinstance(legal, bool) else _refs(legal))
        put(self, "sizes", sizes)
        put(self, "last", last if last is None or isinstance(last, bool) else _ref(last))
        put(self, "capture", capture)
        put(self, "remove", tuple(_ref(c) for c in remove))
        put(self, "forbidden", {_ref(k): str(v) for k, v in forbidden.items()})
        put(self, "largest", largest)
        put(self, "labels", {_ref(k): str(v) for k, v in labels.items()})
        put(self, "coords", coords)
        put(self, "title", title)
        put(self, "lang", lang)
        put(self, "checked", checked)
        check_language(lang)

    def _fields(self) -> RiveMarksFields:
        """These marks as keyword arguments: ``RiveMarks(**m._fields()) == m``."""
        return RiveMarksFields(
            legal=self.legal, sizes=self.sizes, last=self.last, capture=self.capture,
            remove=self.remove, forbidden=self.forbidden, largest=self.largest,
            labels=self.labels, coords=self.coords, title=self.title, lang=self.lang,
            checked=self.checked,
        )


def with_fields(marks: RiveMarks | None, **fields: Unpack[RiveMarksFields]) -> RiveMarks:
    """``marks`` (or the default marks) with the given fields set."""
    if marks is None:
        return RiveMarks(**fields)
    if not fields:
        return marks
    merged = marks._fields()
    merged.update(fields)
    return RiveMarks(**merged)


class RiveDrawing(DrawnBoard):
    """What a Rive diagram shows, as data: for tests, and to map clicks back to cells.

    As :class:`~hive_teach.hive.paint.DrawnBoard` (``centres`` holds every board cell), with
    ``stones`` (cell to ``"black"``/``"white"``) and these mark kinds in ``marks``:
    ``"legal"`` (empty cells where a stone may go), ``"removable"`` (stones marked as
    removable), ``"capture"`` (the capturing group; detail ``"placed"`` on the stone that
    joined it), ``"removed"`` (ghosts; detail the colour), ``"remove"`` (chosen for removal;
    detail the order from 1), ``"group"`` (the stone carrying a group's badge; detail the
    size), ``"outline"`` (every stone of an outlined group; detail the size), ``"last"``,
    ``"forbidden"`` (detail the rule id), ``"largest"`` (detail the size), ``"label"``.
    """

    def __init__(self) -> None:
        super().__init__()
        self.stones: dict[Cell, str] = {}
        self.title: str = ""

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The board cell under ``(x, y)`` in data coordinates, or ``None`` off the board."""
        try:
            c = from_pixel(x, y)
        except ValueError:
            return None
        return c if c in self.centres else None


# ------------------------------------------------------------------------------ the scene
def build_rive_scene(game: RiveGame, marks: RiveMarks | None = None) -> Scene:
    """Plan the diagram of ``game`` with ``marks`` (see the module docstring)."""
    m = marks or RiveMarks()
    lang = m.lang
    board = RiveDrawing()
    paint = Painter()
    stones = game.stones
    for c in game.cells:
        board.centres[c] = to_pixel(c)
    _check_on_board(game, m)

    for c in game.cells:
        paint.shape(hex_path(*board.centres[c], TILE), Z_GRID, stroke=GRID, width=0.035)
    for c in game.cells:
        colour = stones.get(c)
        if colour is not None:
            board.stones[c] = COLOUR_NAMES[colour]
            _stone(paint, *board.centres[c], colour)

    capture = game.pending_capture if m.capture else None
    if m.sizes:
        for group in game.groups():
            if len(group) < 2 or (capture is not None and group == capture.group):
                continue
            _outline(paint, group, GROUP, 0.06)
            for c in group:
                board.mark("outline", c, str(len(group)))
            anchor = _anchor(group)
            board.mark("group", anchor, str(len(group)))
            x, y = board.centres[anchor]
            badge(paint, x + 0.5, y + 0.5, str(len(group)), 0.22, Z_LABEL)
    if capture is not None:
        _outline(paint, capture.group, "#ffffff", 0.22)
        _outline(paint, capture.group, CAPTURE, 0.13)
        for c in sorted(capture.group, key=cell_name):
            board.mark("capture", c, "placed" if c == capture.placed else "")
        anchor = _anchor(capture.group)
        x, y = board.centres[anchor]
        badge(paint, x + 0.5, y + 0.5, str(len(capture.group)), 0.22, Z_LABEL)
        board.mark("group", anchor, str(len(capture.group)))
    if m.capture:
        for c, colour in _ghosts(game):
            board.mark("removed", c, COLOUR_NAMES[colour])
            _ghost(paint, *board.centres[c], colour)

    _legal(paint, board, game, m)
    last = _last_placement(game) if m.last is True else (m.last or None)
    if isinstance(last, int):
        board.mark("last", last)
        x, y = board.centres[last]
        ring = circle(x, y, 0.24)
        paint.shape(ring, Z_PIECE_MARK, stroke=LAST_EDGE, width=0.15)
        paint.shape(ring, Z_PIECE_MARK, stroke=LAST, width=0.09)

    for i, c in enumerate(m.remove, start=1):
        board.mark("remove", c, str(i))
        x, y = board.centres[c]
        _removal_cross(paint, x, y, 0.34)
        if len(m.remove) > 1:
            badge(paint, x - 0.5, y + 0.5, str(i), 0.2, Z_CROSS, fill=CAPTURE, edge="#ffffff",
                   colour="#ffffff")

    draw_checked(paint, board, stones, m.checked)

    for c, rule in sorted(m.forbidden.items()):
        board.mark("forbidden", c, rule)
        forbidden_mark(paint, *board.centres[c], rule, empty=c not in stones)

    for c, text in sorted(m.labels.items()):
        board.mark("label", c, text)
        x, y = board.centres[c]
        dy = -0.62 if c in stones or c in m.forbidden else 0.5
        paint.boxed_text(x, y + dy, text, 0.27, Z_LABEL)

    if m.coords:
        for c in game.cells:
            x, y = board.centres[c]
            colour = stones.get(c)
            ink = FAINT if colour is None else ("#a8a8a8", "#6f6f6f")[colour]
            paint.text(x, y + (0.47 if colour is not None else 0.62), cell_name(c), 0.2,
                       Z_COORDS, colour=ink)

    xs = [x for x, _ in board.centres.values()]
    ys = [y for _, y in board.centres.values()]
    pad = 0.3
    x0, x1 = min(xs) - math.sqrt(3) / 2 - pad, max(xs) + math.sqrt(3) / 2 + pad
    y0, y1 = min(ys) - 1 - pad, max(ys) + 1 + pad
    board.board_bounds = (x0, x1, y0, y1)
    title = title_of(game, lang) if m.title is None else m.title
    board.title = title
    if title:
        # A long title on a small board is set smaller first, then the diagram widened.
        # The width estimate runs a little short for bold capitals: allow 10 % more.
        width = 1.1 * text_width(title, 1.0, bold=True)
        size = max(0.3, min(0.42, (x1 - x0 - 0.3) / width))
        paint.text(x0 + 0.15, y1 + 0.45, title, size, Z_LABEL, anchor="start", bold=True)
        x1 = max(x1, x0 + 0.3 + width * size)
        y1 += 0.9
    board.bounds = (x0, x1, y0, y1)
    return Scene(paint.sorted(), board.bounds, board)


def title_of(game: RiveGame, lang: str = "en") -> str:
    """The default title: whose turn it is and the stones of each colour, the capture under
    way, or the result.

    >>> from hive_teach.rive import RiveGame
    >>> title_of(RiveGame.from_text("rive3;0,0;1,-2"), "de")
    'Rive · Schwarz am Zug · Schwarz 1, Weiß 1'
    """
    side = side_name(game.turn, lang)
    if game.is_over():
        return t("title_over", lang, result=result_text(game, lang))
    capture = game.pending_capture
    if capture is not None:
        return t("title_capture", lang, side=side, k=capture.remaining)
    return t("title", lang, side=side, black=game.count(Colour.BLACK),
             white=game.count(Colour.WHITE))


def _check_on_board(game: RiveGame, m: RiveMarks) -> None:
    cells: list[Cell] = [*m.remove, *m.forbidden, *m.labels, *sorted(m.checked.cells())]
    if not isinstance(m.legal, bool):
        cells += m.legal
    if isinstance(m.last, int) and not isinstance(m.last, bool):
        cells.append(m.last)
    for c in cells:
        if not is_on_board(c, game.side):
            raise ValueError(f"cannot mark {cell_name(c)}: it is off the board of side "
                             f"{game.side}")
    for c in m.remove:
        if game.stone_at(c) is None:
            raise ValueError(f"cannot mark {cell_name(c)} for removal: there is no stone on it")


def _legal(paint: Painter, board: RiveDrawing, game: RiveGame, m: RiveMarks) -> None:
    stones = game.stones
    if m.legal is True:
        cells = {a.cell for a in game.legal_moves()}
    elif m.legal is False:
        cells = set()
    else:
        cells = set(m.legal)
    largest = {c: game.largest_adjacent_group(c) for c in game.cells if c not in stones} \
        if m.largest else {}
    for c in game.cells:
        x, y = board.centres[c]
        if c in cells and c in stones:
            board.mark("removable", c)
            ring = circle(x, y, STONE + 0.1)
            paint.shape(ring, Z_PIECE_MARK, stroke="#ffffff", width=0.16)
            paint.shape(ring, Z_PIECE_MARK, stroke=TARGET, width=0.1, dash=(0.22, 0.14))
            dot(paint, x + 0.52, y - 0.5, 0.15, TARGET)
        elif c in cells:
            board.mark("legal", c)
            paint.shape(hex_path(x, y, TILE), Z_UNDER, fill=TARGET, alpha=0.2, stroke=TARGET,
                        width=0.07)
            if c not in largest:
                dot(paint, x, y, 0.2, TARGET)
        if c in largest and c not in m.forbidden:
            n = str(largest[c])
            board.mark("largest", c, n)
            if c in cells:
                badge(paint, x, y, n, 0.26, Z_CROSS, fill=TARGET, edge="#ffffff",
                       colour="#ffffff")
            else:
                paint.text(x, y, n, 0.36, Z_LABEL, colour=FAINT, bold=True)


def _stone(paint: Painter, x: float, y: float, colour: Colour) -> None:
    paint.shape(circle(x, y, STONE), Z_TILE, fill=STONE_FILL[colour], stroke=STONE_EDGE[colour],
                width=0.06)
    paint.shape(circle(x, y, STONE - 0.1), Z_TILE, stroke=STONE_RIM[colour], width=0.04)


def _ghost(paint: Painter, x: float, y: float, colour: Colour) -> None:
    """Where a stone was just removed: a faded stone with a dashed rim."""
    paint.shape(circle(x, y, STONE), Z_TILE, fill=STONE_FILL[colour], alpha=0.3,
                stroke=CAPTURE, width=0.07, dash=(0.16, 0.12))


def _removal_cross(paint: Painter, x: float, y: float, half: float) -> None:
    """A stone chosen for removal: Hive's cross shape, in the capture colour (orange crosses
    mean "illegal")."""
    arms: Path = (("M", x - half, y - half), ("L", x + half, y + half),
            ("M", x - half, y + half), ("L", x + half, y - half))
    paint.shape(arms, Z_CROSS, stroke="#ffffff", width=0.22)
    paint.shape(arms, Z_CROSS, stroke=CAPTURE, width=0.13)


def _anchor(group: Collection[Cell]) -> Cell:
    """The stone that carries a group's badge: the top one, rightmost on its row (its upper
    right, where the badge goes, is never another stone of the group)."""
    return max(group, key=lambda c: (-coords(c)[1], coords(c)[0]))


def _outline(paint: Painter, group: Collection[Cell], colour: str, width: float) -> None:
    """The outer border of the cells of ``group``, along the cell edges."""
    members = set(group)
    segments: list[Cmd] = []
    for c in sorted(members):
        x, y = to_pixel(c)
        pts = corners(c, 0.97)
        for p0, p1 in itertools.pairwise([*pts, pts[0]]):
            mx, my = (p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2
            if from_pixel(2 * mx - x, 2 * my - y) not in members:
                segments += [("M", *p0), ("L", *p1)]
    paint.shape(tuple(segments), Z_HALO, stroke=colour, width=width)


def _ghosts(game: RiveGame) -> list[tuple[Cell, Colour]]:
    """The stones taken by the removals at the end of the game so far, with their colours."""
    removed = list(itertools.takewhile(lambda a: a.is_removal, reversed(game.move_stack)))
    if not removed:
        return []
    before = game.copy()
    out = []
    for action in removed:
        before.undo()
        colour = before.stone_at(action.cell)
        assert colour is not None
        out.append((action.cell, colour))
    return sorted(out, key=lambda item: cell_name(item[0]))


def _last_placement(game: RiveGame) -> Cell | None:
    for action in reversed(game.move_stack):
        if not action.is_removal:
            return action.cell
    return None


# ------------------------------------------------------------------------------ outputs
def layout(
    game: RiveGame, marks: RiveMarks | None = None, **fields: Unpack[RiveMarksFields]
) -> RiveDrawing:
    """What a diagram of ``game`` would show, without drawing it (no matplotlib needed)."""
    board = build_rive_scene(game, with_fields(marks, **fields)).board
    assert isinstance(board, RiveDrawing)
    return board


__all__ = [
    "RiveDrawing",
    "RiveMarks",
    "build_rive_scene",
    "layout",
    "title_of",
]
