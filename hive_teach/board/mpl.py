"""Painting a diagram with matplotlib: figures for notebooks, PNG and PDF files.

Figures are made with :class:`matplotlib.figure.Figure` and the Agg canvas, never through
pyplot, so nothing is registered globally, nothing needs closing and no window opens.

>>> from hive_teach.hive.position import Position
>>> from hive_teach.hive.paint import build_scene
>>> from hive_teach.hive.marks import Marks
>>> pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
>>> fig = draw_scene(build_scene(pos, Marks(targets=["-1,0"])))
>>> board_of(fig).marked("target")
{'-1,0': ''}
>>> figure_png(fig)[:8]
b'\\x89PNG\\r\\n\\x1a\\n'
"""

from __future__ import annotations

import base64
import io
import logging
import struct
import weakref
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path as FilePath
from typing import TYPE_CHECKING

import matplotlib as mpl
import numpy as np
from matplotlib import font_manager
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import PathCollection
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.path import Path as MplPath
from matplotlib.textpath import TextPath
from matplotlib.ticker import NullLocator
from matplotlib.transforms import Affine2D, Bbox

from hive_teach.core.fonts import FAMILY, FONT_FILE
from hive_teach.core.scene import Cmd, DrawnBoard, Scene, Shape, Text

if TYPE_CHECKING:
    from matplotlib.axes import Axes


DPI = 100
_CODES = {"M": MplPath.MOVETO, "L": MplPath.LINETO, "Q": MplPath.CURVE3, "C": MplPath.CURVE4}


@lru_cache(maxsize=8192)
def _mpl_path(path: tuple[Cmd, ...]) -> MplPath:
    # Cached: after a move most tiles, glyphs and cells are drawn where they were.
    verts: list[tuple[float, float]] = []
    codes: list[np.uint8] = []
    start = (0.0, 0.0)
    for cmd in path:
        if cmd[0] == "Z":
            verts.append(start)
            codes.append(MplPath.CLOSEPOLY)
            continue
        op, vals = cmd[0], cmd[1:]
        for i in range(0, len(vals), 2):
            verts.append((vals[i], vals[i + 1]))
            codes.append(_CODES[op])
        if op == "M":
            start = (vals[0], vals[1])
    return MplPath(verts, codes, readonly=True)  # shared by the cache: never changed


def paint_scene(ax: Axes, scene: Scene, pt_per_unit: float) -> list[PathCollection]:
    """Add the scene to ``ax``: one path collection per run of shapes or texts of a z level.

    Texts are drawn as glyph outlines (cached per string), as fast as shapes and the same in
    PNG and PDF. Returns the collections added, in paint order.
    """
    return add_items(ax, scene.items, pt_per_unit)


def add_items(ax: Axes, items: Iterable[Shape | Text], pt_per_unit: float, *,
              animated: bool = False) -> list[PathCollection]:
    """Add ``items`` (in paint order) to ``ax`` as path collections, one per run of shapes or
    texts of a z level. ``animated`` ones are only set up to draw in ``ax`` (with
    ``artist.draw(renderer)``, for blitting), not added to it: the figure's draws leave them
    out, and they need no clipping."""
    added: list[PathCollection] = []
    run: list[Shape | Text] = []
    for item in items:
        if run and (item.z != run[0].z or type(item) is not type(run[0])):
            added.append(_add_run(ax, run, pt_per_unit, animated))
            run = []
        run.append(item)
    if run:
        added.append(_add_run(ax, run, pt_per_unit, animated))
    return added


def _add_run(ax: Axes, run: list[Shape | Text], pt_per_unit: float,
             animated: bool) -> PathCollection:
    # A run is all texts or all shapes (see add_items); the filters only tell mypy which.
    texts = [t for t in run if isinstance(t, Text)]
    shapes = [s for s in run if isinstance(s, Shape)]
    if texts:
        paths = [_text_path(t) for t in texts]
        colours = [_rgba(t.colour, 1.0) for t in texts]
        coll = PathCollection(paths, facecolors=colours, edgecolors="none", linewidths=0,
                              zorder=run[0].z + 0.5)
    else:
        widths = [s.width * pt_per_unit if s.stroke else 0.0 for s in shapes]
        # Dash lengths are given in data units; matplotlib multiplies them by the line width
        # when lines.scale_dashes is on, so divide it out (cheaper than an rc_context).
        per_width = mpl.rcParams["lines.scale_dashes"]
        coll = PathCollection(
            [_mpl_path(s.path) for s in shapes],
            facecolors=[_rgba(s.fill, s.alpha) for s in shapes],
            edgecolors=[_rgba(s.stroke, 1.0) for s in shapes],
            linewidths=widths,
            linestyles=[
                (0.0, tuple(v * pt_per_unit / (w if per_width and w else 1.0) for v in s.dash))
                if s.dash else "solid"
                for s, w in zip(shapes, widths, strict=True)
            ],
            capstyle="round",
            joinstyle="round",
            zorder=run[0].z,
        )
    if animated:
        # What add_collection does, but without the clip to the axes (which costs more than
        # drawing a few marks): the overlay always lies inside the view.
        coll.set_animated(True)
        figure = ax.get_figure(root=False)
        if figure is not None:
            coll.set_figure(figure)
        coll.set_transform(ax.transData)
        coll.axes = ax
    else:
        ax.add_collection(coll, autolim=False)
    return coll


@lru_cache(maxsize=256)
def _rgba(colour: str | None, alpha: float) -> tuple[float, float, float, float]:
    if colour is None:
        return (0.0, 0.0, 0.0, 0.0)
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return (r, g, b, alpha)


# The baseline sits this many font sizes below a text's centre line, as SVG's
# dominant-baseline="central" places it for DejaVu Sans (middle of ascent 0.928, descent 0.236).
_CENTRAL = 0.346


@lru_cache(maxsize=1)
def _families() -> tuple[str, ...]:

    register_cjk_font()
    # The CJK font has no bold face; matplotlib would log that on every bold title.
    logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)
    return ("DejaVu Sans", FAMILY)


@lru_cache(maxsize=2048)
def _outline(text: str, bold: bool) -> tuple[np.ndarray, np.ndarray, float, float]:
    """Glyph outlines of ``text`` at font size 1, baseline at 0; and its ink's x range."""
    # Chinese titles fall back to the bundled CJK font, glyph by glyph.
    prop = FontProperties(family=_families(), weight="bold" if bold else "normal")
    path = TextPath((0, 0), text, size=1.0, prop=prop)
    verts = np.asarray(path.vertices, dtype=float)
    codes = np.asarray(path.codes if path.codes is not None else [], dtype=np.uint8)
    if len(verts) == 0:
        return verts.reshape(0, 2), codes, 0.0, 0.0
    return verts, codes, float(verts[:, 0].min()), float(verts[:, 0].max())


def _text_path(t: Text) -> MplPath:
    verts, codes, lo, hi = _outline(t.text, t.bold)
    if len(verts) == 0:
        return MplPath([(t.x, t.y)])
    shift = {"start": -lo, "middle": -(lo + hi) / 2, "end": -hi}[t.anchor]
    xy = verts * t.size + (t.x + shift * t.size, t.y - _CENTRAL * t.size)
    return MplPath(xy, codes)


def draw_scene(scene: Scene, ax: Axes | None = None) -> Figure:
    """Paint ``scene`` with matplotlib and return the Figure (any game's scene).

    Without ``ax`` a new figure is made, sized to the diagram (40 px per cell radius at 100
    dpi); with ``ax`` the diagram fills that axes (limits and equal aspect are set, the frame
    turned off). What was drawn is in ``board_of(fig)`` (or ``board_of(ax)``), a
    :class:`~hive_teach.core.scene.DrawnBoard`: use its ``cell_at(event.xdata, event.ydata)``
    to map a click to a cell.
    """
    x0, x1, y0, y1 = scene.bounds
    if ax is None:
        inches = scene.px_per_unit / DPI
        fig = Figure(figsize=((x1 - x0) * inches, (y1 - y0) * inches), dpi=DPI)
        FigureCanvasAgg(fig)
        ax = fig.add_axes((0, 0, 1, 1))
        pt_per_unit = inches * 72
    else:
        root = ax.get_figure(root=True)  # the root figure, also for axes in a subfigure
        if root is None:
            raise ValueError("cannot draw into axes that belong to no figure")
        fig = root
        box = ax.get_window_extent()  # pixels at the figure's dpi
        pt_per_unit = 72 / fig.dpi * min(box.width / (x1 - x0), box.height / (y1 - y0))
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal")
    ax.set_axis_off()
    paint_scene(ax, scene, pt_per_unit)
    _BOARDS[ax] = _BOARDS[fig] = scene.board
    return fig


# What draw_scene drew on each figure and axes; held weakly, so a closed figure is forgotten.
_BOARDS: weakref.WeakKeyDictionary[Figure | Axes, DrawnBoard] = weakref.WeakKeyDictionary()


def board_of(fig_or_ax: object) -> DrawnBoard:
    """The :class:`DrawnBoard` that :func:`draw_scene` attached to a figure or axes."""
    from matplotlib.axes import Axes

    board = _BOARDS.get(fig_or_ax) if isinstance(fig_or_ax, Figure | Axes) else None
    if board is None:
        raise ValueError(f"{fig_or_ax!r} holds no diagram: draw one with board.draw(game)")
    return board


Bounds = tuple[float, float, float, float]
"""``(x0, x1, y0, y1)`` in data units."""


def png_unfiltered(pixels: np.ndarray, *, level: int = 1) -> bytes:
    """An RGB or RGBA image (an ``(h, w, 3 or 4)`` uint8 array) as PNG bytes, rows unfiltered.

    Three times as quick as Pillow's encoder, and no bigger, for the pictures of a board and
    the changes of one (mostly zeros): Pillow filters every row, which packs photographs
    smaller and gains nothing here.

    >>> png_unfiltered(np.zeros((2, 3, 4), dtype=np.uint8))[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    h, w, channels = pixels.shape
    rows = np.empty((h, w * channels + 1), dtype=np.uint8)  # each row: filter 0, then pixels
    rows[:, 0] = 0
    rows[:, 1:] = pixels.reshape(h, w * channels)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))

    colour = {3: 2, 4: 6}[channels]  # PNG's colour types: RGB, RGBA
    header = struct.pack(">IIBBBBB", w, h, 8, colour, 0, 0, 0)  # 8 bits, no interlace
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows.data, level)) + chunk(b"IEND", b""))


@dataclass(frozen=True)
class OverlayPicture:
    """The overlay's box as a picture of its own, for a page that lays it over the canvas:
    ``png`` is what a full draw paints in the box (opaque), ``left``, ``top``, ``width`` and
    ``height`` place it on the canvas in the canvas's pixels from its top left corner, and
    ``ratio`` is the canvas's device pixel ratio (CSS pixels are canvas pixels / ratio)."""

    png: bytes
    left: int
    top: int
    width: int
    height: int
    ratio: float = 1.0

    def html(self, origin: str = "0px") -> str:
        """The picture as HTML: an image placed over the canvas, letting clicks through to it.
        ``origin`` (CSS) is where the canvas's top left corner is, right and down of the
        HTML's place.

        >>> OverlayPicture(b"", 10, 20, 30, 40, 2.0).html().count("left:5.0px;top:10.0px")
        1
        """
        r = self.ratio
        data = base64.b64encode(self.png).decode("ascii")
        return (f'<div style="position:relative;width:0;height:0;left:{origin};top:{origin}">'
                f'<img alt="" src="data:image/png;base64,{data}" style="position:absolute;'
                f"left:{self.left / r}px;top:{self.top / r}px;width:{self.width / r}px;"
                f"height:{self.height / r}px;max-width:none;z-index:2;pointer-events:none\">"
                "</div>")


def split_items(static: Sequence[Shape | Text],
                items: Sequence[Shape | Text]) -> list[int] | None:
    """Where ``static`` is inside ``items``: the index in ``items`` of each static item, in
    order, if ``static`` is a subsequence of ``items`` (else None). The other items are what
    the scene adds to the static part: the overlay.

    >>> a, b, c = (Text(0, 0, s, 1) for s in "abc")
    >>> split_items([a, c], [a, b, c]), split_items([c, a], [a, b, c])
    ([0, 2], None)
    """
    where: list[int] = []
    j, n = 0, len(static)
    for i, item in enumerate(items):
        if j < n and item == static[j]:
            where.append(i)
            j += 1
    return where if j == n else None


def item_boxes(items: Sequence[Shape | Text], pad: float) -> np.ndarray:
    """The bounding box ``(x0, y0, x1, y1)`` of each item's ink, ``pad`` more on each side
    (strokes add half their width), as an ``(n, 4)`` array."""
    boxes = np.empty((len(items), 4))
    for k, item in enumerate(items):
        if isinstance(item, Text):
            verts = np.asarray(_text_path(item).vertices)  # control points hold the curves
            x0, y0 = verts.min(axis=0)
            x1, y1 = verts.max(axis=0)
            grow = pad
        else:
            xs = [v for cmd in item.path for v in cmd[1::2]]
            ys = [v for cmd in item.path for v in cmd[2::2]]
            if not xs:
                xs, ys = [0.0], [0.0]
            x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
            grow = pad + (item.width / 2 if item.stroke else 0.0)
        boxes[k] = (x0 - grow, y0 - grow, x1 + grow, y1 + grow)
    return boxes


def _runs(items: Sequence[Shape | Text], keys: Sequence[int] | None = None) -> list[range]:
    """Where :func:`add_items` starts a new collection: the index ranges of runs of items of
    one z level and type (and one ``keys`` value, if given)."""
    out: list[range] = []
    start = 0
    for i in range(1, len(items) + 1):
        if i == len(items) or items[i].z != items[start].z \
                or type(items[i]) is not type(items[start]) \
                or (keys is not None and keys[i] != keys[start]):
            out.append(range(start, i))
            start = i
    return out


class LayeredAxes:
    """Paints scenes of one board into the axes ``ax`` of an interactive canvas (ipympl),
    quickly enough to follow clicks.

    :meth:`show` paints what stays from click to click (the board, its pieces, the hands, the
    last move: the *static* part, given by ``base``) as the figure's normal artists, and
    keeps a copy of its pixels after each full draw. What a click adds (selection, targets,
    marks: the *overlay*) is painted over that copy and sent with ``canvas.blit``, which
    (webagg, ipympl) sends only the pixels that changed. The next scene reuses the static
    part while it is the same, so a click costs about its marks only.

    The picture is the same as a full draw of the scene: the overlay's box (the rectangle of
    pixels its marks touch) is cleared and everything of the scene that reaches into it,
    static or not, is painted again there in the scene's order, clipped to the box. The
    view (the axes limits) stays from scene to scene while the scene fits in it, and grows
    when it does not (:meth:`reset_view` fits it again).

    With a ``sink``, the overlay is not sent as a change of the canvas: ``sink`` gets it as an
    :class:`OverlayPicture` of its box (None: no overlay), and the canvas keeps the static
    part. A page lays that picture over the canvas, which it shows at once; a change of the
    canvas, ipympl's way, waits for the page to unpack a PNG through a blob, copy it and
    re-encode the whole canvas, which took most of a click's time.

    >>> from hive_teach.core.scene import DrawnBoard, Painter, circle
    >>> fig = Figure(figsize=(4, 2))
    >>> _ = FigureCanvasAgg(fig)
    >>> layers = LayeredAxes(fig.add_axes((0, 0, 1, 1)))
    >>> p = Painter()
    >>> p.shape(circle(0, 0, 1), 3, fill="#ffffff", stroke="#000000", width=0.1)
    >>> base = Scene(p.sorted(), (-2, 2, -1, 1), DrawnBoard())
    >>> p.shape(circle(1, 0, 0.5), 6, fill="#009e73")
    >>> layers.show(Scene(p.sorted(), (-2, 2, -1, 1), DrawnBoard()), lambda: base)
    'draw'
    >>> len(layers.static), len(layers.overlay)
    (1, 1)
    >>> layers.show(base, lambda: base), len(layers.overlay)
    ('blit', 0)
    """

    def __init__(self, ax: Axes, *,
                 sink: Callable[[OverlayPicture | None], None] | None = None) -> None:
        root = ax.get_figure(root=True)
        if root is None:
            raise ValueError("cannot draw into axes that belong to no figure")
        self.ax = ax
        self.figure: Figure = root
        # A mouse press makes the figure look for picked artists, which lays out the ticks
        # of the (hidden) axes every time: without ticks it costs nothing.
        ax.xaxis.set_major_locator(NullLocator())
        ax.yaxis.set_major_locator(NullLocator())
        self.view: Bounds | None = None
        """The axes limits ``(x0, x1, y0, y1)``; None before the first scene."""
        self.static: list[PathCollection] = []
        """The artists of the static part (drawn by the figure)."""
        self.overlay: list[PathCollection] = []
        """The artists painted over the static part: the overlay's own, then (in
        :attr:`repaint`) the static ones that reach into its box."""
        self.repaint: list[PathCollection] = []
        """What is painted in the overlay's box, in the scene's order."""
        self._static_items: list[Shape | Text] | None = None
        self._static_boxes = np.empty((0, 4))
        self._static_runs: list[range] = []
        self._run_of: list[int] = []  # the static collection of each base item
        # The parts of static collections repainted in an overlay's box, by collection and
        # base items: clicks that alternate between pieces repaint the same parts again.
        self._parts: dict[tuple[int, tuple[int, ...]], list[PathCollection]] = {}
        # The same for the overlay's own runs and boxes, by their items (equal items paint
        # the same pixels): the marks of a piece come back when it is selected again.
        self._made: dict[tuple[Shape | Text, ...], list[PathCollection]] = {}
        self._item_box: dict[Shape | Text, np.ndarray] = {}
        self._box: Bounds | None = None  # the overlay's box in data units: x0, y0, x1, y1
        self._aspect = 0.0
        self._pt_per_unit = 1.0
        self._pad = 0.0
        self._saved: object = None  # the static part's pixels after the last full draw
        self._saved_key: tuple[object, ...] = ()
        self._canvas: object = None
        self.sink = sink
        """Where the overlay goes as a picture of its own (None: painted onto the canvas)."""
        self._sent: OverlayPicture | None = None  # what the sink got last
        self._connect()

    def _connect(self) -> None:
        # ipympl gives the figure a new canvas: listen to the one it draws on now.
        canvas = self.figure.canvas
        if canvas is not self._canvas:
            canvas.mpl_connect("draw_event", self._on_draw)
            self._canvas = canvas

    # ------------------------------------------------------------------ the view
    def reset_view(self) -> None:
        """Fit the view to the next scene again (say after a reset), instead of keeping it."""
        self.view = None
        self._static_items = None

    def _box_aspect(self) -> float:
        """Height over width of the axes on the figure, in inches."""
        w, h = self.figure.get_size_inches()
        _, _, pw, ph = self.ax.get_position().bounds
        return float(h * ph) / float(w * pw)

    def _fits(self, bounds: Bounds) -> bool:
        v = self.view
        eps = 1e-9
        return (v is not None and v[0] <= bounds[0] + eps and bounds[1] <= v[1] + eps
                and v[2] <= bounds[2] + eps and bounds[3] <= v[3] + eps
                and self._aspect == self._box_aspect())

    def _grown(self, bounds: Bounds) -> Bounds:
        """The view for a scene with ``bounds``: the old one if the scene fits in it, else the
        smallest one that holds both, widened to the axes' shape (so that no draw changes it)."""
        if self._fits(bounds):
            assert self.view is not None
            return self.view
        x0, x1, y0, y1 = bounds
        if self.view is not None:
            v = self.view
            x0, x1, y0, y1 = min(x0, v[0]), max(x1, v[1]), min(y0, v[2]), max(y1, v[3])
        aspect = self._box_aspect()
        w, h = x1 - x0, y1 - y0
        if h / max(w, 1e-9) < aspect:  # too flat for the box: taller, keeping the middle
            grow = (w * aspect - h) / 2
            y0, y1 = y0 - grow, y1 + grow
        else:
            grow = (h / aspect - w) / 2
            x0, x1 = x0 - grow, x1 + grow
        self._aspect = aspect
        return (x0, x1, y0, y1)

    # ------------------------------------------------------------------ painting
    def show(self, scene: Scene, base: Callable[[], Scene], *, live: bool = True) -> str:
        """Show ``scene``; ``base()`` gives its static part (called only when the static part
        must be painted again). ``live``: draw and send the picture now (else only ask the
        page to draw, for a canvas not shown yet).

        Returns ``"blit"`` if only the overlay was painted again, ``"draw"`` if everything.
        """
        self._connect()
        where = None
        if self._static_items is not None and self._fits(scene.bounds):
            where = split_items(self._static_items, scene.items)
        if where is None:
            self._paint_static(scene, base())
            kind = "draw"
        else:
            self._plan_overlay(scene.items, where)
            kind = "blit"
        _BOARDS[self.ax] = _BOARDS[self.figure] = scene.board
        canvas = self.figure.canvas
        if not live:
            canvas.draw_idle()
        elif kind == "blit" and self._saved is not None and self._saved_key == self._key():
            if self.sink is not None:
                # The canvas holds the static part's pixels: _send_overlay puts them back
                # after each overlay it paints.
                self._send_overlay()
            else:
                canvas.restore_region(self._saved)  # type: ignore[attr-defined]  # Agg
                self._draw_overlay()
                canvas.blit(self.figure.bbox)
        else:
            canvas.draw()
        return kind

    def _key(self) -> tuple[object, ...]:
        w, h = self.figure.canvas.get_width_height(physical=True)
        return (w, h, self.figure.dpi)

    def _scale(self) -> float:
        """Points per data unit in the view."""
        assert self.view is not None
        w, _ = self.figure.get_size_inches()
        _, _, pw, _ = self.ax.get_position().bounds
        return 72 * float(w * pw) / (self.view[1] - self.view[0])

    def _paint_static(self, scene: Scene, base: Scene) -> None:
        where = split_items(base.items, scene.items)
        if where is None:  # no static part in common: all of the scene is static
            base, where = scene, list(range(len(scene.items)))
        b0, b1, b2, b3 = base.bounds
        s0, s1, s2, s3 = scene.bounds
        self.view = self._grown((min(b0, s0), max(b1, s1), min(b2, s2), max(b3, s3)))
        for artist in self.static:
            artist.remove()
        ax = self.ax
        ax.set_xlim(self.view[0], self.view[1])
        ax.set_ylim(self.view[2], self.view[3])
        ax.set_aspect("equal")
        ax.set_axis_off()
        self._pt_per_unit = self._scale()
        # Two pixels at 200 dpi (a screen of twice the density): antialiasing reaches past
        # a path's edge.
        self._pad = 2 * 72 / (200 * self._pt_per_unit)
        self.static = add_items(ax, base.items, self._pt_per_unit)
        self._static_items = list(base.items)
        self._static_boxes = item_boxes(base.items, self._pad)
        self._static_runs = _runs(base.items)
        self._run_of = [n for n, run in enumerate(self._static_runs) for _ in run]
        self._saved = None
        self._parts, self._made, self._item_box = {}, {}, {}
        self._plan_overlay(scene.items, where)

    def _plan_overlay(self, items: Sequence[Shape | Text], where: list[int]) -> None:
        """What to paint in the overlay's box for the scene ``items``, whose static part is
        at the indices ``where`` (base item ``k`` is ``items[where[k]]``)."""
        base_index = [-1] * len(items)
        for k, i in enumerate(where):
            base_index[i] = k
        extra = [i for i, k in enumerate(base_index) if k < 0]
        self.overlay, self.repaint, self._box = [], [], None
        if not extra:
            return
        boxes = self._boxes([items[i] for i in extra])
        box = (float(boxes[:, 0].min()), float(boxes[:, 1].min()),
               float(boxes[:, 2].max()), float(boxes[:, 3].max()))
        self._box = box
        s = self._static_boxes
        reaches = ((s[:, 0] < box[2]) & (box[0] < s[:, 2])
                   & (s[:, 1] < box[3]) & (box[1] < s[:, 3]))
        run_of = self._run_of
        # A run of the scene: overlay items, or static items of one static collection.
        keys = [(-1 if k < 0 else run_of[k]) for k in base_index]
        pt = self._pt_per_unit
        for run in _runs(items, keys):
            ks = [base_index[i] for i in run]
            if ks[0] < 0:
                own = tuple(items[i] for i in run)
                made = self._made.get(own)
                if made is None:
                    if len(self._made) >= 64:  # a bound: new marks, new collections
                        self._made.clear()
                    made = self._made[own] = add_items(self.ax, own, pt, animated=True)
                self.overlay += made
                self.repaint += made
            elif bool(reaches[ks].any()):
                n = run_of[ks[0]]
                near = [k for k in ks if reaches[k]]
                if len(near) == len(self._static_runs[n]):  # the static collection as it is
                    self.repaint.append(self.static[n])
                else:
                    # Only the items that reach into the box: the others paint no pixel
                    # inside it, and drawing a collection costs about its number of paths
                    # (most of the board's cells lie outside a piece's targets).
                    key = (n, tuple(near))
                    part = self._parts.get(key)
                    if part is None:
                        if len(self._parts) >= 64:  # a bound: new marks, new parts
                            self._parts.clear()
                        part = add_items(self.ax, [items[where[k]] for k in near], pt,
                                         animated=True)
                        self._parts[key] = part
                    self.repaint += part

    def _boxes(self, items: Sequence[Shape | Text]) -> np.ndarray:
        """:func:`item_boxes` of ``items`` with the pad of the view, each worked out once."""
        known = self._item_box
        if len(known) > 4096:  # a bound: new marks, new boxes
            known.clear()
        new = [item for item in dict.fromkeys(items) if item not in known]
        for item, box in zip(new, item_boxes(new, self._pad), strict=True):
            known[item] = box
        return np.array([known[item] for item in items]).reshape(len(items), 4)

    def _on_draw(self, event: object) -> None:
        # After a full draw of the static part: keep its pixels, then paint the overlay on
        # them (the figure leaves animated artists out). Not when saving to a file: savefig
        # paints the static part only.
        canvas = self.figure.canvas
        if canvas.is_saving() or not hasattr(canvas, "copy_from_bbox"):
            return
        self._saved = canvas.copy_from_bbox(self.figure.bbox)
        self._saved_key = self._key()
        if self.sink is not None:
            self._send_overlay()
        else:
            self._draw_overlay()

    def _send_overlay(self) -> None:
        """Give the sink the overlay's box as a picture, then put the static part's pixels
        back (what the canvas sends stays the static part)."""
        assert self.sink is not None
        clip = self._draw_overlay()
        picture = None
        if clip is not None:
            canvas = self.figure.canvas
            w, h = canvas.get_width_height(physical=True)
            (x0, y0), (x1, y1) = clip.get_points()
            left, right = max(0, int(x0)), min(w, int(x1))
            top, bottom = max(0, h - int(y1)), min(h, h - int(y0))
            if left < right and top < bottom:
                pixels = np.asarray(canvas.get_renderer().buffer_rgba())  # type: ignore[attr-defined]
                box = np.ascontiguousarray(pixels[top:bottom, left:right, :3])
                picture = OverlayPicture(png_unfiltered(box), left, top, right - left,
                                         bottom - top, float(canvas.device_pixel_ratio))
            canvas.restore_region(self._saved)  # type: ignore[attr-defined]  # Agg canvases
        if picture != self._sent:
            self._sent = picture
            self.sink(picture)

    def _draw_overlay(self) -> Bbox | None:
        """Clear the overlay's box and paint everything that reaches into it, clipped to it;
        returns the box in whole pixels (None: no overlay)."""
        if self._box is None:
            return None

        renderer = self.figure.canvas.get_renderer()  # type: ignore[attr-defined]  # Agg
        (x0, y0), (x1, y1) = self.ax.transData.transform([self._box[:2], self._box[2:]])
        # Whole pixels (Agg rounds clip boxes the same way), so that the box is painted
        # exactly as a full draw would paint it.
        clip = Bbox([[np.floor(x0), np.floor(y0)], [np.ceil(x1), np.ceil(y1)]])
        gc = renderer.new_gc()
        gc.set_clip_rectangle(clip)
        gc.set_linewidth(0)
        w, h = self.figure.canvas.get_width_height(physical=True)
        renderer.draw_path(gc, MplPath.unit_rectangle(), Affine2D().scale(w, h),
                           self.figure.get_facecolor())
        gc.restore()
        for artist in self.repaint:
            kept = artist.clipbox
            artist.clipbox = clip  # not set_clip_box: that would mark the figure stale
            try:
                artist.draw(renderer)
            finally:
                artist.clipbox = kept
        return clip


def figure_png(fig: Figure, *, dpi: float = DPI, palette: bool = False) -> bytes:
    """A diagram figure as PNG bytes, with no dates or software names in it (Hive and Rive)."""
    buf = io.BytesIO()
    if palette:
        from PIL import Image

        canvas = fig.canvas
        if not isinstance(canvas, FigureCanvasAgg):  # only Agg keeps the pixels to read back
            raise TypeError(f"a palette PNG needs an Agg canvas, not {type(canvas).__name__}")
        fig.set_dpi(dpi)
        fig.canvas.draw()
        # matplotlib (3.11) ships no stubs or hints for backend_agg, so mypy sees it untyped.
        pixels = canvas.buffer_rgba()  # type: ignore[no-untyped-call]
        rgb = Image.fromarray(np.asarray(pixels)).convert("RGB")
        rgb.quantize(256, method=Image.Quantize.FASTOCTREE).save(buf, format="png")
    else:
        # zlib level 1: a third of the encoding time of the default, for a file as small.
        fig.savefig(buf, format="png", dpi=dpi, metadata={"Software": None},
                    pil_kwargs={"compress_level": 1})
    return buf.getvalue()


_FORMATS = {".png": "png", ".svg": "svg", ".pdf": "pdf"}


def write_diagram(path: str | FilePath, fmt: str | None, *, dpi: float,
                  svg: Callable[[], str], figure: Callable[[], Figure]) -> FilePath:
    """Write a diagram as PNG, SVG or PDF (``fmt``, else the suffix); Hive and Rive share it.

    ``svg`` makes the deterministic SVG text, ``figure`` the matplotlib figure (PNG and PDF,
    without dates in their metadata).
    """
    path = FilePath(path)
    if fmt is None:
        fmt = _FORMATS.get(path.suffix.lower())
        if fmt is None:
            raise ValueError(
                f"cannot tell the format of {str(path)!r} from its suffix: "
                "use .png, .svg or .pdf, or pass fmt"
            )
    fmt = fmt.lower().lstrip(".")
    if fmt == "svg":
        path.write_text(svg(), encoding="utf-8")
    elif fmt == "png":
        path.write_bytes(figure_png(figure(), dpi=dpi))
    elif fmt == "pdf":
        figure().savefig(path, format="pdf", metadata={"CreationDate": None, "ModDate": None})
    else:
        raise ValueError(f"unknown diagram format {fmt!r}: use png, svg or pdf")
    return path


def register_cjk_font() -> None:
    """Make the bundled font known to matplotlib's font manager (once)."""
    if FAMILY not in {f.name for f in font_manager.fontManager.ttflist}:
        font_manager.fontManager.addfont(str(FONT_FILE))


def use_cjk_fonts() -> list[str]:
    """Register the bundled CJK font with matplotlib and add it as a fallback family.

    Matplotlib draws each character with the first family in ``font.family`` that has it, so
    Latin text keeps the default look and Chinese falls back to the bundled font. Returns the
    new ``rcParams['font.family']``; safe to call often.
    """
    register_cjk_font()
    families = [f for f in mpl.rcParams["font.family"] if f != FAMILY]
    mpl.rcParams["font.family"] = [*families, FAMILY]
    return list(mpl.rcParams["font.family"])
