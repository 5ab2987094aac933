"""Hex diagrams of Hive positions, with the teaching marks.

The diagram is planned once, without any drawing library (:mod:`.scene`), and painted either by
matplotlib (:func:`draw`, :func:`position_png`, PDF) or by a small deterministic SVG writer
(:func:`position_svg`), so both look alike. Only the matplotlib functions import matplotlib.

>>> from hive_teach.position import Position
>>> pos = Position.from_game_string("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
>>> marks = marks_for(pos, "wQ")
>>> board = layout(pos, marks)
>>> board.marked("selected"), board.marked("target")
({'-1,0': ''}, {'-1,1': '', '0,-1': ''})
>>> sorted(board.marked("forbidden"))  # the Queen's other neighbours, each with its rule id
['-1,-1', '-2,0', '-2,1']
>>> svg = position_svg(pos, marks)
>>> svg == position_svg(pos, marks_for(pos, "wQ"))
True
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .marks import Marks, marks_for, route, with_fields
from .scene import DrawnBoard, build_scene
from .svg import position_svg

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..position import Position


def layout(pos: Position, marks: Marks | None = None, **fields: object) -> DrawnBoard:
    """What a diagram of ``pos`` would show, without drawing it (no matplotlib needed)."""
    return build_scene(pos, with_fields(marks, fields)).board


def draw(
    pos: Position, marks: Marks | None = None, ax: Axes | None = None, **fields: object
) -> Figure:
    """Draw ``pos`` with matplotlib and return the Figure; see :func:`.mpl.draw`."""
    from .mpl import draw as _draw

    return _draw(pos, marks, ax, **fields)


def board_of(fig_or_ax: object) -> DrawnBoard:
    """The :class:`DrawnBoard` that :func:`draw` attached to a figure or axes."""
    from .mpl import board_of as _board_of

    return _board_of(fig_or_ax)


def position_png(
    pos: Position,
    marks: Marks | None = None,
    *,
    dpi: float = 100,
    palette: bool = False,
    **fields: object,
) -> bytes:
    """A diagram of ``pos`` as PNG bytes; see :func:`.mpl.position_png`."""
    from .mpl import position_png as _png

    return _png(pos, marks, dpi=dpi, palette=palette, **fields)


def render_to_file(
    pos: Position,
    path: str | Path,
    fmt: str | None = None,
    *,
    marks: Marks | None = None,
    dpi: float = 100,
    **fields: object,
) -> Path:
    """Write a diagram to a PNG, SVG or PDF file; see :func:`.mpl.render_to_file`."""
    from .mpl import render_to_file as _render

    return _render(pos, path, fmt, marks=marks, dpi=dpi, **fields)


__all__ = [
    "DrawnBoard",
    "Marks",
    "board_of",
    "draw",
    "layout",
    "marks_for",
    "position_png",
    "position_svg",
    "render_to_file",
    "route",
]
