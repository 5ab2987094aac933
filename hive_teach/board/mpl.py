"""Painting a diagram with matplotlib: figures for notebooks, PNG and PDF files.

Figures are made with :class:`matplotlib.figure.Figure` and the Agg canvas, never through
pyplot, so nothing is registered globally, nothing needs closing and no window opens.

>>> from hive_teach.hive.position import Position
>>> from hive_teach.hive.paint import build_scene
>>> from hive_teach.hive.marks import Marks
>>> pos = Position.from_game_string("Base;InProgress;White[2];wS1;bS1 wS1-")
>>> fig = draw_scene(build_scene(pos, Marks(targets=["-1,0"])))
>>> board_of(fig).marked("target")
{'-1,0': ''}
>>> figure_png(fig)[:8]
b'\\x89PNG\\r\\n\\x1a\\n'
"""

from __future__ import annotations

import io
import logging
import weakref
from collections.abc import Callable, Iterable
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

from hive_teach.core.fonts import FAMILY, FONT_FILE
from hive_teach.core.scene import Cmd, DrawnBoard, Scene, Shape, Text

if TYPE_CHECKING:
    from matplotlib.axes import Axes


DPI = 100
_CODES = {"M": MplPath.MOVETO, "L": MplPath.LINETO, "Q": MplPath.CURVE3, "C": MplPath.CURVE4}


def _mpl_path(path: Iterable[Cmd]) -> MplPath:
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
    return MplPath(verts, codes)


def paint_scene(ax: Axes, scene: Scene, pt_per_unit: float) -> None:
    """Add the scene to ``ax``: one path collection per run of shapes or texts of a z level.

    Texts are drawn as glyph outlines (cached per string), as fast as shapes and the same in
    PNG and PDF.
    """
    run: list[Shape | Text] = []
    for item in scene.items:
        if run and (item.z != run[0].z or type(item) is not type(run[0])):
            _add_run(ax, run, pt_per_unit)
            run = []
        run.append(item)
    if run:
        _add_run(ax, run, pt_per_unit)


def _add_run(ax: Axes, run: list[Shape | Text], pt_per_unit: float) -> None:
    # A run is all texts or all shapes (see paint_scene); the filters only tell mypy which.
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
    ax.add_collection(coll, autolim=False)


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
