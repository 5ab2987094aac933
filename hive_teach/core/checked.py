"""The learner's marks in a mark-every-cell exercise, and how they are drawn, for both games.

Before Check the learner's marks are ``picked``: a pale blue cell with a blue dot, unlike the
engine's green targets, so a mark never looks like an answer. After Check each cell is
``correct`` (green, with a tick), ``missed`` (a dashed green outline with a hollow ring: it was
reachable and not marked) or ``wrong`` (an orange cross with the rule id that forbids it).
Each look differs in shape as well as colour, so it reads in greyscale and for colour-blind
learners.

>>> from hive_teach.core.hexgrid import cell, cell_name
>>> c = Checked.compare(marked={cell(0, 1), cell(2, 0)}, truth={cell(0, 1), cell(-1, 0)},
...                     rule_of=lambda c: "R7")
>>> [cell_name(x) for x in c.correct], [cell_name(x) for x in c.missed], c.solved
(['0,1'], ['-1,0'], False)
>>> {cell_name(x): r for x, r in c.wrong.items()}
{'2,0': 'R7'}
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field

from hive_teach.core.hexgrid import Cell
from hive_teach.core.scene import (
    SELECTED,
    TARGET,
    TILE,
    Z_CROSS,
    Z_PIECE_MARK,
    Z_UNDER,
    DrawnBoard,
    Painter,
    circle,
    forbidden_mark,
    hex_path,
    polyline,
)

PICKED = SELECTED
"""The learner's own marks: the blue of a pencil, not the engine's green."""


@dataclass(frozen=True)
class Checked:
    """The marks of a mark-every-cell exercise: ``picked`` (not checked yet), or after Check
    ``correct``, ``missed`` and ``wrong`` (cell to the rule id that forbids it)."""

    picked: frozenset[Cell] = frozenset()
    correct: frozenset[Cell] = frozenset()
    missed: frozenset[Cell] = frozenset()
    wrong: Mapping[Cell, str] = field(default_factory=dict)

    @classmethod
    def compare(cls, marked: Collection[Cell], truth: Collection[Cell],
                rule_of: Callable[[Cell], str]) -> Checked:
        """The result of checking ``marked`` against ``truth``; ``rule_of`` names the rule
        that forbids a wrong cell."""
        got, want = frozenset(marked), frozenset(truth)
        return cls(correct=got & want, missed=want - got,
                   wrong={c: rule_of(c) for c in sorted(got - want)})

    @property
    def is_checked(self) -> bool:
        """Whether these marks are a result of Check (not just the learner's marks)."""
        return bool(self.correct or self.missed or self.wrong) and not self.picked

    @property
    def solved(self) -> bool:
        """Checked, every right cell found and no wrong one."""
        return self.is_checked and not self.missed and not self.wrong

    def cells(self) -> set[Cell]:
        """Every cell these marks draw on."""
        return set(self.picked) | set(self.correct) | set(self.missed) | set(self.wrong)


NOTHING = Checked()
"""No exercise marks."""


def draw_checked(paint: Painter, board: DrawnBoard, occupied: Collection[Cell],
                 checked: Checked, r: float = TILE) -> None:
    """Draw ``checked`` on the board whose cell centres are ``board.centres``; ``occupied``
    cells get their marks around the piece or stone, not over it; ``r``: the cell's radius."""
    centre = board.centres
    for c in sorted(checked.picked):
        board.mark("picked", c)
        x, y = centre[c]
        if c in occupied:  # around the piece, and the dot on its corner
            paint.shape(hex_path(x, y, r - 0.08), Z_PIECE_MARK, stroke=PICKED, width=0.06)
            _disc(paint, x + 0.48, y - 0.42, 0.19, PICKED)
        else:  # a pale blue cell with a blue dot: thin, unlike the thick selection ring
            paint.shape(hex_path(x, y, r), Z_UNDER, fill=PICKED, alpha=0.16, stroke=PICKED,
                        width=0.05)
            _disc(paint, x, y, 0.22, PICKED)
    for c in sorted(checked.correct):
        board.mark("correct", c)
        x, y = centre[c]
        if c not in occupied:
            paint.shape(hex_path(x, y, r), Z_UNDER, fill=TARGET, alpha=0.25, stroke=TARGET,
                        width=0.08)
        else:
            paint.shape(hex_path(x, y, r - 0.07), Z_PIECE_MARK, stroke=TARGET, width=0.12)
        tx, ty = (x + 0.48, y - 0.42) if c in occupied else (x, y)
        _disc(paint, tx, ty, 0.26, TARGET)
        tick = polyline([(tx - 0.13, ty + 0.0), (tx - 0.03, ty - 0.1), (tx + 0.14, ty + 0.11)])
        paint.shape(tick, Z_CROSS, stroke="#ffffff", width=0.08)
    for c in sorted(checked.missed):
        board.mark("missed", c)
        x, y = centre[c]
        paint.shape(hex_path(x, y, r - 0.06), Z_PIECE_MARK, stroke=TARGET, width=0.1,
                    dash=(0.2, 0.13))
        tx, ty = (x + 0.48, y - 0.42) if c in occupied else (x, y)
        paint.shape(circle(tx, ty, 0.2), Z_CROSS, fill="#ffffff", stroke=TARGET, width=0.08)
    for c, rule in sorted(checked.wrong.items()):
        board.mark("wrong", c, rule)
        forbidden_mark(paint, *centre[c], rule, empty=c not in occupied, alpha=0.12)


def _disc(paint: Painter, x: float, y: float, r: float, colour: str) -> None:
    paint.shape(circle(x, y, r), Z_CROSS, fill=colour, stroke="#ffffff", width=0.05)


__all__ = ["NOTHING", "PICKED", "Checked", "draw_checked"]
