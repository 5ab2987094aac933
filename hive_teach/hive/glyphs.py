"""Vector glyphs for the eight bugs, as plain path data (no matplotlib, no fonts).

A path is a tuple of commands, each a tuple starting with its letter, as in SVG:
``("M", x, y)``, ``("L", x, y)``, ``("Q", x1, y1, x, y)``, ``("C", x1, y1, x2, y2, x, y)``,
``("Z",)``. Coordinates have y pointing up. A glyph is drawn in a box from -1 to 1 on both axes,
head up, and is a list of :class:`Part`: each part has a role that says how it is painted on a
tile (the bug's colour, the tile's ink, a wing, a line).

>>> sorted(b.value for b in GLYPHS)
['A', 'B', 'G', 'L', 'M', 'P', 'Q', 'S']
>>> GLYPHS[Bug.SPIDER][0].role
'line'
>>> circle(0, 0, 1)[0]
('M', 1.0, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from hive_teach.core.scene import Path, Point, circle, ellipse, map_points, polyline
from hive_teach.hive.pieces import Bug


class Part(NamedTuple):
    """One painted piece of a glyph.

    ``role`` is ``"body"`` (bug colour, ink outline), ``"wing"`` (pale, ink outline), ``"ink"``
    (filled with the tile's ink), ``"tile"`` (filled with the tile colour, for spots on ink) or
    ``"line"`` (stroked with ink, ``width`` in glyph units).
    """

    role: str
    path: Path
    width: float = 0.0










def _mirror(path: Path) -> Path:
    return map_points(path, lambda x, y: (-x, y))


def _pair(role: str, path: Path, width: float = 0.0) -> list[Part]:
    """A part and its mirror image across the vertical axis (legs, wings, antennae)."""
    return [Part(role, path, width), Part(role, _mirror(path), width)]


def _legs(attach: Sequence[Point], knees: Sequence[Point], feet: Sequence[Point],
          width: float) -> list[Part]:
    parts: list[Part] = []
    for a, k, f in zip(attach, knees, feet, strict=True):
        parts += _pair("line", polyline([a, k, f]), width)
    return parts


def _queen() -> list[Part]:
    parts = _pair("wing", ellipse(0.42, 0.2, 0.42, 0.24, 25))
    parts += _pair("wing", ellipse(0.36, -0.08, 0.3, 0.16, -10))
    parts.append(Part("body", ellipse(0, -0.28, 0.36, 0.56)))
    for y, half in ((-0.1, 0.33), (-0.38, 0.32), (-0.64, 0.19)):
        parts.append(Part("line", polyline([(-half, y), (half, y)]), 0.11))
    parts.append(Part("ink", circle(0, 0.42, 0.2)))
    parts += _pair("line", polyline([(0.08, 0.58), (0.2, 0.82), (0.34, 0.86)]), 0.06)
    return parts


def _spider() -> list[Part]:
    attach = [(0.1, 0.38), (0.13, 0.3), (0.13, 0.22), (0.1, 0.14)]
    knees = [(0.42, 0.7), (0.56, 0.46), (0.56, 0.12), (0.42, -0.14)]
    feet = [(0.55, 0.98), (0.88, 0.55), (0.88, -0.12), (0.62, -0.6)]
    parts = _legs(attach, knees, feet, 0.08)
    parts.append(Part("body", circle(0, -0.26, 0.4)))
    parts.append(Part("body", ellipse(0, 0.3, 0.2, 0.22)))
    parts.append(Part("ink", ellipse(0, 0.5, 0.1, 0.07)))
    return parts


def _beetle() -> list[Part]:
    attach = [(0.3, 0.25), (0.38, -0.05), (0.34, -0.38)]
    knees = [(0.6, 0.4), (0.66, 0.0), (0.6, -0.5)]
    feet = [(0.72, 0.62), (0.84, -0.12), (0.66, -0.8)]
    parts = _legs(attach, knees, feet, 0.08)
    parts += _pair("line", polyline([(0.08, 0.7), (0.26, 0.9), (0.16, 1.0)]), 0.08)
    parts.append(Part("ink", ellipse(0, 0.56, 0.22, 0.17)))
    parts.append(Part("body", ellipse(0, -0.14, 0.46, 0.62)))
    parts.append(Part("line", polyline([(0, 0.46), (0, -0.74)]), 0.07))
    parts.append(Part("line", polyline([(-0.44, 0.22), (0.44, 0.22)]), 0.07))
    return parts


def _grasshopper() -> list[Part]:
    parts = [
        Part("line", polyline([(0.34, -0.1), (0.4, -0.5), (0.5, -0.56)]), 0.07),
        Part("line", polyline([(0.12, -0.12), (0.06, -0.5), (0.14, -0.58)]), 0.07),
        Part("body", ellipse(-0.06, -0.04, 0.7, 0.2, 12)),
        Part("wing", ellipse(-0.2, 0.06, 0.5, 0.1, 14)),
        Part("body", circle(0.66, 0.18, 0.2)),
        Part("ink", circle(0.72, 0.24, 0.06)),
        Part("line", polyline([(0.66, 0.36), (0.52, 0.7), (0.18, 0.96)]), 0.06),
        Part("line", polyline([(0.74, 0.36), (0.76, 0.72), (0.6, 1.0)]), 0.06),
        # The big hind leg: a thick thigh up to the knee, then the shin down to the foot.
        Part("body", polyline([(-0.2, 0.06), (-0.44, 0.58), (-0.3, 0.6), (0.02, 0.06)], True)),
        Part("line", polyline([(-0.42, 0.58), (-0.76, -0.54), (-0.9, -0.6)]), 0.08),
    ]
    return parts


def _ant() -> list[Part]:
    attach = [(0.08, 0.22), (0.1, 0.12), (0.08, 0.02)]
    knees = [(0.42, 0.44), (0.5, 0.14), (0.42, -0.18)]
    feet = [(0.62, 0.7), (0.84, 0.0), (0.66, -0.62)]
    parts = _legs(attach, knees, feet, 0.08)
    parts += _pair("line", polyline([(0.08, 0.68), (0.2, 0.92), (0.44, 0.92)]), 0.06)
    parts.append(Part("body", ellipse(0, -0.46, 0.28, 0.4)))
    parts.append(Part("body", ellipse(0, 0.12, 0.13, 0.24)))
    parts.append(Part("body", ellipse(0, 0.54, 0.2, 0.18)))
    return parts


def _mosquito() -> list[Part]:
    attach = [(0.06, 0.32), (0.08, 0.22), (0.06, 0.14)]
    knees = [(0.42, 0.58), (0.5, 0.12), (0.36, -0.22)]
    feet = [(0.62, 1.0), (0.96, -0.2), (0.7, -0.96)]
    parts = _legs(attach, knees, feet, 0.05)
    parts += _pair("wing", ellipse(0.36, -0.06, 0.46, 0.13, -38))
    parts.append(Part("line", polyline([(0, 0.5), (0, 0.98)]), 0.06))
    parts.append(Part("body", ellipse(0, -0.28, 0.11, 0.52)))
    parts.append(Part("body", circle(0, 0.26, 0.16)))
    parts.append(Part("ink", circle(0, 0.48, 0.1)))
    return parts


def _ladybug() -> list[Part]:
    attach = [(0.3, 0.3), (0.5, 0.0), (0.42, -0.36)]
    knees = [(0.5, 0.46), (0.72, 0.06), (0.64, -0.5)]
    feet = [(0.6, 0.6), (0.84, 0.0), (0.72, -0.66)]
    parts = _legs(attach, knees, feet, 0.08)
    parts.append(Part("ink", ellipse(0, 0.48, 0.3, 0.22)))
    parts += _pair("tile", circle(0.14, 0.56, 0.06))
    parts.append(Part("body", circle(0, -0.12, 0.58)))
    parts.append(Part("line", polyline([(0, 0.44), (0, -0.7)]), 0.07))
    for x, y, r in ((0.26, 0.16, 0.11), (0.3, -0.22, 0.12), (0.16, -0.5, 0.09)):
        parts += _pair("ink", circle(x, y, r))
    return parts


def _pillbug() -> list[Part]:
    parts = _pair("line", polyline([(0.1, 0.6), (0.26, 0.82), (0.46, 0.86)]), 0.06)
    parts.append(Part("body", ellipse(0, -0.08, 0.46, 0.68)))
    parts.append(Part("ink", ellipse(0, 0.52, 0.24, 0.1)))
    for y in (0.3, 0.08, -0.14, -0.36, -0.56):
        # Half-width of the body ellipse at height y, so each plate line ends on its rim.
        half = 0.46 * math.sqrt(max(0.0, 1 - ((y + 0.08) / 0.68) ** 2)) - 0.02
        parts.append(Part("line", (("M", -half, y), ("Q", 0.0, y + 0.16, half, y)), 0.06))
    return parts


GLYPHS: dict[Bug, list[Part]] = {
    Bug.QUEEN: _queen(),
    Bug.SPIDER: _spider(),
    Bug.BEETLE: _beetle(),
    Bug.GRASSHOPPER: _grasshopper(),
    Bug.ANT: _ant(),
    Bug.MOSQUITO: _mosquito(),
    Bug.LADYBUG: _ladybug(),
    Bug.PILLBUG: _pillbug(),
}
"""The glyph of each bug, in a box from -1 to 1, head up."""
