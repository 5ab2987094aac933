"""A deterministic SVG writer for diagrams (no matplotlib needed).

The same position and marks always give the same bytes: elements in a fixed order, numbers
rounded to 0.1 px, no ids, dates or generator comments. So notebook outputs and tests can compare
diagrams as text.

>>> from hive_teach.core.scene import Painter, Scene, DrawnBoard, circle
>>> paint = Painter()
>>> paint.shape(circle(0, 0, 1), 0, fill="#ffffff")
>>> svg = scene_svg(Scene(paint.sorted(), (-1, 1, -1, 1), DrawnBoard()))
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and svg.count("<path") == 1
True
"""

from __future__ import annotations

from collections.abc import Callable
from xml.sax.saxutils import escape

from hive_teach.core.scene import Scene, Shape, Text

FONT = ("DejaVu Sans, Verdana, Arial, 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', "
        "'Microsoft YaHei', 'PingFang SC', sans-serif")


def _num(v: float) -> str:
    s = f"{v:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def svg_point(scene: Scene, x: float, y: float) -> tuple[float, float]:
    """Where the data point ``(x, y)`` (y up) lands in :func:`scene_svg`'s viewBox units (y
    down), for pages that place clicks and highlights over the SVG.

    >>> from hive_teach.core.scene import DrawnBoard
    >>> scene = Scene([], (-2, 2, -1, 1), DrawnBoard())  # 4 x 2 data units
    >>> s = scene.px_per_unit
    >>> svg_point(scene, 0, 0) == (2 * s, s), svg_point(scene, -2, 1)
    (True, (0.0, 0.0))
    """
    x0, _, _, y1 = scene.bounds
    s = scene.px_per_unit
    return (x - x0) * s, (y1 - y) * s


def scene_svg(scene: Scene) -> str:
    """The SVG document for a :class:`~hive_teach.hive.paint.Scene`."""
    x0, x1, y0, y1 = scene.bounds
    s = scene.px_per_unit

    def px(x: float, y: float) -> str:  # svg_point, inlined: it runs for every point drawn
        return f"{_num((x - x0) * s)} {_num((y1 - y) * s)}"

    width, height = _num((x1 - x0) * s), _num((y1 - y0) * s)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{FONT}">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    for item in scene.items:
        if isinstance(item, Shape):
            out.append(_path(item, px, s))
        else:
            out.append(_text(item, px, s))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _path(shape: Shape, px: Callable[[float, float], str], s: float) -> str:
    d = []
    for cmd in shape.path:
        op, vals = cmd[0], cmd[1:]
        pts = " ".join(px(vals[i], vals[i + 1]) for i in range(0, len(vals), 2))
        d.append(op + pts if pts else op)
    attrs = [f'd="{"".join(d)}"', f'fill="{shape.fill or "none"}"']
    if shape.fill and shape.alpha < 1:
        attrs.append(f'fill-opacity="{shape.alpha:g}"')
    if shape.stroke:
        attrs += [f'stroke="{shape.stroke}"', f'stroke-width="{_num(shape.width * s)}"',
                  'stroke-linecap="round"', 'stroke-linejoin="round"']
        if shape.dash:
            attrs.append(f'stroke-dasharray="{" ".join(_num(v * s) for v in shape.dash)}"')
    return f"<path {' '.join(attrs)}/>"


def _text(text: Text, px: Callable[[float, float], str], s: float) -> str:
    x, y = px(text.x, text.y).split()
    attrs = [f'x="{x}"', f'y="{y}"', f'font-size="{_num(text.size * s)}"',
             f'fill="{text.colour}"', f'text-anchor="{text.anchor}"',
             'dominant-baseline="central"']
    if text.bold:
        attrs.append('font-weight="bold"')
    return f"<text {' '.join(attrs)}>{escape(text.text)}</text>"
