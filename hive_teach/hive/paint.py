"""What a diagram shows, as plain shapes and texts in data units, for any drawing backend.

:func:`build_scene` turns a position and its marks into a :class:`Scene`: a list of filled or
stroked paths and texts (each with a z level), the bounds, and a :class:`DrawnBoard` record of
what was drawn where. The matplotlib drawing and the SVG writer both paint the same scene, so
they look alike and the record holds for both. Data units: a board cell has circumradius 1,
y points up, cell centres are :func:`~hive_teach.core.hexgrid.to_pixel`.

>>> from hive_teach.hive.position import Position
>>> pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
>>> scene = build_scene(pos, Marks(targets=["-1,0"], forbidden={"2,0": "R3"}))
>>> scene.board.marked("target"), scene.board.marked("forbidden")
({'-1,0': ''}, {'2,0': 'R3'})
>>> scene.board.stacks == {cell(0, 0): ("wS1",), cell(1, 0): ("bS1",)}
True
>>> cell_name(scene.board.cell_at(1.8, 0.1))
'1,0'
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache
from typing import TYPE_CHECKING

from hive_teach.core.checked import draw_checked
from hive_teach.core.hexgrid import Cell, cell, cell_name, corners, from_pixel, neighbours, to_pixel
from hive_teach.core.i18n import side_name, t
from hive_teach.core.scene import (
    DARK_EDGE,
    DARK_FILL,
    FAINT,
    FORBIDDEN_TEXT,
    GRID,
    HAND_TILE,
    LAST,
    LAST_EDGE,
    LIGHT_EDGE,
    LIGHT_FILL,
    SELECTED,
    STACK_TILE,
    TARGET,
    TEXT,
    TILE,
    Z_BADGE,
    Z_COORDS,
    Z_GATE,
    Z_GLYPH,
    Z_GRID,
    Z_HALO,
    Z_LABEL,
    Z_PIECE_MARK,
    Z_ROUTE,
    Z_TILE,
    Z_UNDER,
    Cmd,
    DrawnBoard,
    Painter,
    Path,
    Scene,
    arrow_head,
    badge,
    circle,
    dot,
    forbidden_mark,
    hex_path,
    polyline,
    rounded_box,
    text_width,
    transform,
    unit,
)
from hive_teach.hive.glyphs import GLYPHS
from hive_teach.hive.marks import Marks, Resolved
from hive_teach.hive.pieces import Bug, Colour, Piece

if TYPE_CHECKING:
    from hive_teach.hive.position import Position



# Colours. Pieces: white is a light tile with dark ink, black a dark tile with light ink, so the
# two sides differ in greyscale too. Marks use the Okabe-Ito colour-blind safe palette, and each
# also has its own shape (ring and dot, cross, pin, bar, numbered badges, bolt).
TILE_FILL = {Colour.WHITE: LIGHT_FILL, Colour.BLACK: DARK_FILL}
TILE_EDGE = {Colour.WHITE: LIGHT_EDGE, Colour.BLACK: DARK_EDGE}
INK = {Colour.WHITE: "#1c1c1c", Colour.BLACK: "#f4f4f4"}
WING = {Colour.WHITE: "#ffffff", Colour.BLACK: "#bfc7cc"}
BUG_FILL = {
    Bug.QUEEN: "#f2b705",
    Bug.SPIDER: "#a0612f",
    Bug.BEETLE: "#9b6bd6",
    Bug.GRASSHOPPER: "#46a546",
    Bug.ANT: "#3d85e0",
    Bug.MOSQUITO: "#a3a3a3",
    Bug.LADYBUG: "#e0362c",
    Bug.PILLBUG: "#2bb3a3",
}
PIN = "#cc79a7"
GATE = "#e69f00"
ROUTE = "#5e3c99"
STUN = "#f0e442"
THROW = "#cc79a7"
SURROUNDED = "#d55e00"























# ------------------------------------------------------------------------- pieces
def piece_label(piece: Piece) -> str:
    """The text on a tile: the bug letter, and the number where there are several (``S1``)."""
    return piece.bug.value + (str(piece.number) if piece.number else "")


@lru_cache(maxsize=1024)
def _glyph_paths(bug: Bug, g: float, gx: float, gy: float) -> tuple[Path, ...]:
    # Cached: a board redrawn for a click puts most tiles where they were (a third of the
    # time of a scene went to moving glyph outlines into place).
    return tuple(transform(part.path, g, gx, gy) for part in GLYPHS[bug])


def draw_tile(
    paint: Painter, piece: Piece, x: float, y: float, r: float = TILE, label: str | None = None
) -> None:
    """A piece's hex tile with its bug glyph and letter, ``r`` its circumradius."""
    colour, bug = piece.colour, piece.bug
    k = r / TILE
    paint.shape(hex_path(x, y, r), Z_TILE, fill=TILE_FILL[colour], stroke=TILE_EDGE[colour],
                width=0.05 * k)
    g = 0.5 * r  # the glyph box spans +-g around its centre
    gx, gy = x, y + 0.14 * r
    ink = INK[colour]
    for part, path in zip(GLYPHS[bug], _glyph_paths(bug, g, gx, gy), strict=True):
        if part.role == "line":
            paint.shape(path, Z_GLYPH, stroke=ink, width=part.width * g)
        elif part.role == "body":
            paint.shape(path, Z_GLYPH, fill=BUG_FILL[bug], stroke=ink, width=0.05 * k)
        elif part.role == "wing":
            paint.shape(path, Z_GLYPH, fill=WING[colour], alpha=0.85, stroke=ink,
                        width=0.035 * k)
        elif part.role == "ink":
            paint.shape(path, Z_GLYPH, fill=ink)
        else:  # "tile": spots in the tile's colour
            paint.shape(path, Z_GLYPH, fill=TILE_FILL[colour])
    # Small tiles (hand, stack columns) keep their letters readable: text shrinks slower.
    paint.text(x, y - 0.6 * r, piece_label(piece) if label is None else label, 0.3 * k**0.6,
               Z_GLYPH, colour=ink, bold=True)




# ------------------------------------------------------------------------- the scene
def build_scene(pos: Position, marks: Marks | None = None) -> Scene:
    """Plan the diagram of ``pos`` with ``marks``: see the module docstring."""
    lang = (marks or Marks()).lang
    m = (marks or Marks()).resolve(pos)
    paint = Painter()
    board = DrawnBoard(in_hand=tuple(p.name for p in pos.in_hand()))
    stacks = pos.stacks

    marked = set(m.targets) | set(m.forbidden) | set(m.path) | set(m.labels) | set(m.pinned)
    marked |= {c for c in (m.selected, m.stunned) if c is not None} | m.checked.cells()
    marked |= {c for t in m.throws for c in t} | {c for g in m.gates for c in g}
    if m.last_move is not None:
        marked |= {c for c in m.last_move if c is not None}
    ring = {n for c in stacks for n in neighbours(c) if n not in stacks}
    cells = set(stacks) | ring | marked | (set() if stacks or marked else {cell(0, 0)})
    for c in sorted(cells):
        board.centres[c] = to_pixel(c)
        if c not in stacks:
            paint.shape(hex_path(*board.centres[c], TILE), Z_GRID, stroke=GRID, width=0.035)

    for c, s in sorted(stacks.items()):
        x, y = board.centres[c]
        board.stacks[c] = tuple(p.name for p in s)
        draw_tile(paint, s[-1], x, y)
        if len(s) > 1:  # above the rings of the marks (Z_GATE), so a selection never hides it
            badge(paint, x + 0.5, y + 0.5, str(len(s)), 0.2, Z_GATE)

    _draw_marks(paint, board, pos, m)

    xs = [x for x, _ in board.centres.values()]
    ys = [y for _, y in board.centres.values()]
    pad = 0.25
    bx0, bx1 = min(xs) - math.sqrt(3) / 2 - pad, max(xs) + math.sqrt(3) / 2 + pad
    by0, by1 = min(ys) - 1 - pad, max(ys) + 1 + pad
    board.board_bounds = (bx0, bx1, by0, by1)

    x0, x1, y0, y1 = bx0, bx1, by0, by1
    if m.hand:
        x0 = _draw_hand(paint, board, pos, Colour.WHITE, x0, y1, to_the_left=True, lang=lang)
    x1 = _draw_stacks(paint, pos, x1, y1, lang=lang)
    if m.hand:
        x1 = _draw_hand(paint, board, pos, Colour.BLACK, x1, y1, to_the_left=False, lang=lang)
    lowest = min([y0, *(y - HAND_TILE - 0.3 for _, y in board.hand.values())])
    lowest = min(lowest, y1 - _stack_strip_height(pos))
    title = _title(pos, lang) if m.title is None else m.title
    if title:
        paint.text(x0 + 0.15, y1 + 0.45, title, 0.42, Z_LABEL, anchor="start", bold=True)
        y1 += 0.9
    board.bounds = (x0, x1, lowest, y1)
    return Scene(paint.sorted(), board.bounds, board)


def _title(pos: Position, lang: str = "en") -> str:
    key = {"WhiteWins": "white_wins", "BlackWins": "black_wins", "Draw": "draw"}.get(
        pos.state.value)
    if key is not None:
        return f"{pos.game_type} · {t(key, lang)}"
    return t("diagram_title", lang, game=pos.game_type, side=side_name(pos.turn, lang),
             n=pos.turn_number)


# ------------------------------------------------------------------------- marks
def _draw_marks(paint: Painter, board: DrawnBoard, pos: Position, m: Resolved) -> None:
    centre = board.centres
    occupied = pos.stacks

    for c in sorted(m.targets):
        x, y = centre[c]
        board.mark("target", c)
        if c in occupied:
            paint.shape(hex_path(x, y, TILE - 0.07), Z_PIECE_MARK, stroke=TARGET, width=0.1,
                        dash=(0.22, 0.14))
            dot(paint, x + 0.5, y - 0.42, 0.15, TARGET)
        else:
            paint.shape(hex_path(x, y, TILE), Z_UNDER, fill=TARGET, alpha=0.2, stroke=TARGET,
                        width=0.07)
            dot(paint, x, y, 0.2, TARGET)

    if m.selected is not None:
        board.mark("selected", m.selected)
        # A white line under the blue keeps the ring visible on black tiles in greyscale.
        ring = hex_path(*centre[m.selected], TILE)
        paint.shape(ring, Z_PIECE_MARK, stroke="#ffffff", width=0.26)
        paint.shape(ring, Z_PIECE_MARK, stroke=SELECTED, width=0.15)

    for c in sorted(m.pinned):
        board.mark("pinned", c, "R6")
        x, y = centre[c]
        _pin(paint, x - 0.5, y + 0.46)

    if m.stunned is not None:
        board.mark("stunned", m.stunned, "R17")
        x, y = centre[m.stunned]
        _bolt(paint, x - 0.52, y - 0.3)

    if m.last_move is not None:
        frm, to = m.last_move
        board.mark("last-to", to)
        if frm is None:
            paint.shape(hex_path(*centre[to], TILE + 0.05), Z_HALO, stroke=LAST, width=0.14,
                        dash=(0.2, 0.12))
        else:
            board.mark("last-from", frm)
            z = Z_PIECE_MARK if frm in occupied else Z_UNDER
            paint.shape(hex_path(*centre[frm], TILE - 0.06), z, stroke=LAST_EDGE, width=0.07,
                        dash=(0.16, 0.12))
            _arrow(paint, centre[frm], centre[to], LAST, 0.28, 0.34, width=0.1, edge=LAST_EDGE)

    for a, b in m.gates:
        board.mark("gate", a, cell_name(b))
        board.mark("gate", b, cell_name(a))
        (ax, ay), (bx, by) = centre[a], centre[b]
        ux, uy, _ = unit(ax, ay, bx, by)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        bar = polyline([(mx - ux * 0.62, my - uy * 0.62), (mx + ux * 0.62, my + uy * 0.62)])
        paint.shape(bar, Z_GATE, stroke="#000000", width=0.3)
        paint.shape(bar, Z_GATE, stroke=GATE, width=0.18)
    board.gates = m.gates

    _draw_path(paint, board, m.path, set(m.forbidden) | set(m.checked.wrong))

    for frm, via, to in m.throws:
        board.mark("throw", frm, f"via {cell_name(via)} to {cell_name(to)}")
        _throw(paint, centre[frm], centre[via], centre[to])
    board.throws = m.throws

    for q in sorted(m.surrounded):
        board.mark("surrounded", q, "R19")
        _surround(paint, q)

    draw_checked(paint, board, occupied, m.checked)

    for c, rule in sorted(m.forbidden.items()):
        board.mark("forbidden", c, rule)
        forbidden_mark(paint, *centre[c], rule, empty=c not in occupied)

    busy = set(m.targets) | set(m.forbidden) | set(m.path) | m.checked.cells()
    for c, text in sorted(m.labels.items()):
        board.mark("label", c, text)
        x, y = centre[c]
        # On a piece: on its lower corner, clear of its letter (higher, the label hid the
        # letter's foot, and a Q read as an O); on a marked empty cell: above the mark, or,
        # when the cell's name takes that place (coordinates on), beside the mark on the left.
        if c in occupied:
            cell_label(paint, x, y - 0.98, text)
        elif c in busy and m.coords:
            cell_label(paint, x - 0.6, y, text)
        else:
            cell_label(paint, x, y + (0.58 if c in busy else 0.0), text)

    if m.coords:
        for c, (x, y) in sorted(centre.items()):
            cell_coords(paint, x, y + 0.64, cell_name(c))




LABEL = "#332288"
"""The ink of cell labels (indigo): no piece, mark or target uses it."""


COORDS = "#4d4d4d"
"""The ink of cell names (``q,r``): dark grey, on a white plate."""


def cell_coords(paint: Painter, x: float, y: float, name: str) -> None:
    """A cell's name (``1,-1``) centred on ``x, y``: dark grey on a nearly opaque white plate,
    so that it reads on a black tile, and where a ring or a dashed rim runs under it (a
    message names the cell: a learner must find it by that name)."""
    size = 0.25
    w = text_width(name, size) / 2 + size * 0.22
    h = size * 0.6
    paint.shape(rounded_box(x - w, y - h, x + w, y + h, h), Z_COORDS, fill="#ffffff",
                alpha=0.88)
    paint.text(x, y, name, size, Z_COORDS, colour=COORDS)


def cell_label(paint: Painter, x: float, y: float, text: str) -> None:
    """A cell's label (``A``): indigo in a white box with an indigo rim, so that it reads as
    a name for the cell, never as a piece's letters (ink on a hex tile, ``A1``) nor as a
    step of a path (white numbers on round purple discs)."""
    paint.boxed_text(x, y, text, 0.3, Z_LABEL, colour=LABEL, edge=LABEL, bold=True)


def _pin(paint: Painter, x: float, y: float) -> None:
    """A push pin on a white disc (so it shows on both tile colours)."""
    paint.shape(circle(x, y, 0.25), Z_PIECE_MARK, fill="#ffffff", stroke="#1c1c1c", width=0.04)
    paint.shape(polyline([(x - 0.02, y - 0.02), (x - 0.16, y - 0.16)]), Z_PIECE_MARK,
                stroke="#1c1c1c", width=0.05)
    head = polyline([(x - 0.06, y - 0.02), (x + 0.02, y + 0.06), (x + 0.12, y + 0.16)])
    paint.shape(head, Z_PIECE_MARK, stroke=PIN, width=0.13)
    paint.shape(circle(x + 0.09, y + 0.09, 0.1), Z_PIECE_MARK, fill=PIN, stroke="#1c1c1c",
                width=0.03)


def _bolt(paint: Painter, x: float, y: float) -> None:
    pts = [(0.08, 0.4), (-0.21, 0.0), (-0.01, 0.0), (-0.13, -0.4), (0.21, 0.08), (0.01, 0.08)]
    paint.shape(polyline([(x + px, y + py) for px, py in pts], closed=True), Z_PIECE_MARK,
                fill=STUN, stroke="#000000", width=0.04)




def _arrow(
    paint: Painter, a: tuple[float, float], b: tuple[float, float], colour: str,
    start_gap: float, end_gap: float, width: float, edge: str | None = None, z: int = Z_ROUTE,
) -> None:
    ux, uy, n = unit(*a, *b)
    if n <= start_gap + end_gap:
        return
    tail = (a[0] + ux * start_gap, a[1] + uy * start_gap)
    tip = (b[0] - ux * end_gap, b[1] - uy * end_gap)
    head = 3.2 * width
    line = polyline([tail, (tip[0] - ux * head * 0.6, tip[1] - uy * head * 0.6)])
    if edge is not None:
        paint.shape(line, z, stroke=edge, width=width + 0.06)
    paint.shape(line, z, stroke=colour, width=width)
    paint.shape(arrow_head(tip, ux, uy, head, head * 0.55), z, fill=colour,
                stroke=edge or colour, width=0.03)


def _draw_path(
    paint: Painter, board: DrawnBoard, path: tuple[Cell, ...], crossed: set[Cell]
) -> None:
    """Numbered steps along ``path``; on a ``crossed`` cell (forbidden, a wrong mark) the
    number moves to the cell's left corner, off the cross and its rule id."""
    if not path:
        return
    pts = [board.centres[c] for c in path]
    board.mark("path", path[0], "start")
    paint.shape(circle(*pts[0], 0.13), Z_ROUTE, fill=ROUTE, stroke="#ffffff", width=0.04)
    for i in range(1, len(pts)):
        _arrow(paint, pts[i - 1], pts[i], ROUTE, 0.16 if i == 1 else 0.26, 0.27, width=0.09,
               edge="#ffffff")
    for i, c in enumerate(path[1:], start=1):
        board.mark("path", c, str(i))
        x, y = pts[i]
        if c in crossed:
            x, y = x - 0.58, y + 0.2
        badge(paint, x, y, str(i), 0.25, Z_ROUTE, fill=ROUTE, edge="#ffffff",
               colour="#ffffff")


def _throw(
    paint: Painter, a: tuple[float, float], via: tuple[float, float], b: tuple[float, float]
) -> None:
    # A quadratic curve through ``via`` at its middle: control = 2 via - (a + b) / 2.
    cx, cy = 2 * via[0] - (a[0] + b[0]) / 2, 2 * via[1] - (a[1] + b[1]) / 2
    chord = math.hypot(b[0] - a[0], b[1] - a[1]) + 1e-9
    t0, t1 = 0.28 / chord, 1 - 0.5 / chord

    def at(t: float) -> tuple[float, float]:
        u = 1 - t
        return (u * u * a[0] + 2 * u * t * cx + t * t * b[0],
                u * u * a[1] + 2 * u * t * cy + t * t * b[1])

    # Control point of the piece of the curve between t0 and t1.
    w0, w1, w2 = (1 - t0) * (1 - t1), t0 * (1 - t1) + t1 * (1 - t0), t0 * t1
    ctrl = (w0 * a[0] + w1 * cx + w2 * b[0], w0 * a[1] + w1 * cy + w2 * b[1])
    start, end = at(t0), at(t1)
    curve: Path = (("M", *start), ("Q", *ctrl, *end))
    paint.shape(curve, Z_ROUTE, stroke="#ffffff", width=0.16)
    paint.shape(curve, Z_ROUTE, stroke=THROW, width=0.1)
    ux, uy, _ = unit(*ctrl, *end)
    tip = (end[0] + ux * 0.22, end[1] + uy * 0.22)
    paint.shape(arrow_head(tip, ux, uy, 0.34, 0.19), Z_ROUTE, fill=THROW, stroke="#ffffff",
                width=0.03)
    paint.shape(circle(*start, 0.1), Z_ROUTE, fill=THROW, stroke="#ffffff", width=0.04)


def _surround(paint: Painter, q: Cell) -> None:
    flower = {q, *neighbours(q)}
    segments: list[Cmd] = []
    for c in sorted(flower):
        x, y = to_pixel(c)
        pts = corners(c)
        for p0, p1 in itertools.pairwise([*pts, pts[0]]):
            mx, my = (p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2
            if from_pixel(2 * mx - x, 2 * my - y) not in flower:
                segments += [("M", *p0), ("L", *p1)]
    paint.shape(tuple(segments), Z_HALO, stroke=SURROUNDED, width=0.16)
    qx, qy = to_pixel(q)
    paint.shape(hex_path(qx, qy, TILE + 0.04), Z_PIECE_MARK, stroke=SURROUNDED, width=0.12)
    # On the Queen's top corner: the gap there holds no text of the neighbouring tiles.
    paint.boxed_text(qx, qy + 0.98, "R19", 0.28, Z_LABEL, colour=FORBIDDEN_TEXT,
                     edge=SURROUNDED, bold=True)


# ------------------------------------------------------------------------- beside the board
_HAND_DX = HAND_TILE * math.sqrt(3) + 0.22
_HAND_DY = HAND_TILE * 2 + 0.12


def _draw_hand(
    paint: Painter, board: DrawnBoard, pos: Position, colour: Colour, edge: float, top: float,
    *, to_the_left: bool, lang: str = "en",
) -> float:
    """Two columns of hand tiles, one per bug, beside the board; returns the new outer x."""
    groups: dict[Bug, list[Piece]] = {}
    for p in pos.in_hand(colour):
        groups.setdefault(p.bug, []).append(p)
    label = t("hand_label", lang, side=side_name(colour, lang))
    # Wide enough for the tiles and for the label ("Schwarz in der Hand" is long).
    width = max(2 * _HAND_DX, text_width(label, 0.3, bold=True) + 0.2)
    x_left = edge - 0.4 - width if to_the_left else edge + 0.4
    paint.text(x_left + 0.1, top - 0.25, label, 0.3, Z_LABEL,
               anchor="start", bold=colour is pos.turn, colour=TEXT)
    if not groups:
        paint.text(x_left + 0.1, top - 0.8, t("none", lang), 0.26, Z_LABEL, anchor="start",
                   colour=FAINT)
    for i, pieces in enumerate(groups.values()):
        x = x_left + _HAND_DX * (i % 2 + 0.5)
        y = top - 0.55 - HAND_TILE - _HAND_DY * (i // 2)
        first = pieces[0]
        draw_tile(paint, first, x, y, HAND_TILE)
        board.hand[first.name] = (x, y)
        if len(pieces) > 1:
            badge(paint, x + HAND_TILE * 0.8, y + HAND_TILE * 0.62, f"×{len(pieces)}", 0.21,
                   Z_BADGE)
    # The count pills stick out right of the second column: keep them inside the diagram.
    return x_left if to_the_left else x_left + width + 0.35


def _stack_strip_height(pos: Position) -> float:
    heights = [len(s) for s in pos.stacks.values() if len(s) > 1]
    return 0.0 if not heights else 0.9 + max(heights) * STACK_TILE * 1.8 + 0.5


def _draw_stacks(
    paint: Painter, pos: Position, edge: float, top: float, *, lang: str = "en"
) -> float:
    """A column per stack, bottom piece lowest, right of the board; returns the new right x."""
    stacks = [(c, s) for c, s in sorted(pos.stacks.items()) if len(s) > 1]
    if not stacks:
        return edge
    step = STACK_TILE * 1.8
    col = STACK_TILE * math.sqrt(3) + 0.4
    x0 = edge + 0.3
    tallest = max(len(s) for _, s in stacks)
    bottom = top - 0.6 - tallest * step + step / 2
    paint.text(x0, top - 0.25, t("stacks_label", lang), 0.3, Z_LABEL, anchor="start",
               bold=True)
    for i, (c, s) in enumerate(stacks):
        x = x0 + col * (i + 0.5)
        for j, p in enumerate(s):
            draw_tile(paint, p, x, bottom + j * step, STACK_TILE)
        paint.text(x, bottom - STACK_TILE - 0.22, cell_name(c), 0.24, Z_LABEL, colour=TEXT)
    return x0 + col * len(stacks)
