"""Hex maps as plain text, for terminals and test reports: offset rows of short labels.

Pointy-top hexes in axial ``q,r`` coordinates (as everywhere in the kit) become text rows:
row ``r`` is one line, and each row starts half a cell further right than the row above, so
every cell sits between its two neighbours above and below. A cell's label is any short text
(a piece name, a stone, a mark); cells around the labelled ones are drawn as ``.`` so the
shape of the board shows. Each line ends with the ``q`` range of its row, and starts with its
``r``: a cell can be found by its name.

>>> from hive_teach.core.hexgrid import parse_cell
>>> print("\\n".join(ascii_map({parse_cell("0,0"): "wQ", parse_cell("1,0"): "bQ",
...                             parse_cell("0,1"): "x"}, margin=0)))
r= 0  wQ  bQ   q 0..1
r= 1    x      q 0..0
"""

from __future__ import annotations

from collections.abc import Mapping

from hive_teach.core.hexgrid import Cell, coords, neighbours

EMPTY = "."
"""The label of a cell drawn only to show the board's shape."""


def ascii_map(labels: Mapping[Cell, str], *, margin: int = 1) -> list[str]:
    """The cells of ``labels`` as text lines, with ``margin`` rings of empty cells around.

    Every cell gets the same width (the longest label and a space on each side, rounded up
    to an even number, so that a row shifts by exactly half a cell).

    >>> from hive_teach.core.hexgrid import parse_cell
    >>> for line in ascii_map({parse_cell("0,0"): "wS1"}):
    ...     print(line)
    r=-1      .     .        q 0..1
    r= 0   .    wS1    .     q -1..1
    r= 1      .     .        q -1..0
    >>> ascii_map({})
    []
    """
    if not labels:
        return []
    shown = dict(labels)
    ring = set(shown)
    for _ in range(margin):
        ring = {n for c in ring for n in neighbours(c)} | ring
    for c in ring:
        shown.setdefault(c, EMPTY)
    width = max(len(text) for text in shown.values()) + 2
    width += width % 2
    half = width // 2
    # Doubled columns: x = 2q + r puts each row half a cell to the right of the one above.
    places = {c: (2 * coords(c)[0] + coords(c)[1], coords(c)[1]) for c in shown}
    x0 = min(x for x, _ in places.values())
    rows: dict[int, list[Cell]] = {}
    for c, (_, r) in places.items():
        rows.setdefault(r, []).append(c)
    line_width = (max(x for x, _ in places.values()) - x0) * half + width
    lines = []
    for r in sorted(rows):
        chars = [" "] * line_width
        qs = sorted(coords(c)[0] for c in rows[r])
        for c in rows[r]:
            start = (places[c][0] - x0) * half
            chars[start:start + width] = shown[c].center(width)
        lines.append(f"r={r:>2} " + "".join(chars) + f"  q {qs[0]}..{qs[-1]}")
    return lines


__all__ = ["EMPTY", "ascii_map"]
