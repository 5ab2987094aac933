"""A report a person can act on, when a scenario and its engine disagree.

:func:`report` lists what the engine disagrees with, key by key: the cells the scenario lists
that the engine refuses (each with the engine's explanation, in English), the cells the
engine allows that it leaves out (with a way there), the wrong rule ids and the false marks;
then an ASCII map of the position (:mod:`hive_teach.core.asciihex`) with those cells marked,
and a legend. ``pytest --hive`` prints it for a failing scenario.

>>> from hive_teach.teach.scenario import loads
>>> s = loads('''
... id = "queen"
... [position]
... game_string = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
... [focus]
... piece = "wQ"
... targets = ["0,-1", "1,-1"]
... ''', "queen.md", default_id="queen")
>>> print(report(s, s.findings(), "queen.md:3"))
queen.md:3: queen: the engine disagrees with 1 claim
<BLANKLINE>
  focus.targets: targets of wQ: the engine also allows ['-1,1'], and does not allow ['1,-1']
    x 1,-1  listed, but the engine refuses: A Queen Bee moves just one cell, and cell 1,-1 \
is 2 cells away from wQ. (R9)
    + -1,1  not listed, but the engine allows it: wQ goes -1,0 > -1,1
<BLANKLINE>
  the position:
    r=-2         .     .     .                 q 0..2
    r=-1      .     o     x     .     .        q -1..3
    r= 0   .    *wQ   wS1   bS1    bQ    .     q -2..3
    r= 1      .     +     .     .     .        q -2..2
    r= 2         .     .                       q -2..-1
<BLANKLINE>
  x listed, the engine refuses   + the engine allows, not listed   ! wrong rule id or false mark
  o listed, the engine agrees   *wQ the focus piece   . empty
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hive_teach.core.asciihex import ascii_map
from hive_teach.core.hexgrid import Cell, cell_name
from hive_teach.teach.base import Finding
from hive_teach.teach.scenario import AnyScenario, HiveScenario

MISSING, EXTRA, WRONG, AGREED, FOCUS = "x", "+", "!", "o", "*"
"""The marks on the map (a piece's cell shows the mark before the piece's name)."""
_LEGEND = {
    MISSING: "listed, the engine refuses",
    EXTRA: "the engine allows, not listed",
    WRONG: "wrong rule id or false mark",
    AGREED: "listed, the engine agrees",
}


def report(s: AnyScenario, findings: Sequence[Finding], where: str | None = None,
           name: str | None = None) -> str:
    """What the engine disagrees with in ``s``, for a person: each finding with the
    engine's explanation of every cell it names, and a map of the position (and of the
    position after ``play``, if a finding is about that) with those cells marked. The first
    line starts with ``where`` (default: the scenario's path) and ``name`` (default: its
    id)."""
    n = len(findings)
    head = f"{where or s.path}: {name or s.id}: the engine disagrees with {n} " \
        f"claim{'s' * (n != 1)}"
    out = [head]
    for f in findings:
        out += ["", f"  {f.key}: {f.text}"]
        out += [f"    {line}" for line in _explained(f)]
    for after in (False, True):
        chosen = [f for f in findings if f.after_play is after]
        if not chosen or (after and not s.play):
            continue
        what = " after play" if after else " before play" if s.play else ""
        lines = _map(s, chosen, after)
        if lines:
            out += ["", f"  the position{what}:", *(f"    {line}" for line in lines)]
    out += ["", *_legend(s)]
    return "\n".join(out)


def _explained(f: Finding) -> list[str]:
    """A line per cell or move the finding names: its mark, and what the engine says."""
    kinds = {cell_name(c): mark for cells, mark in
             ((f.wrong, WRONG), (f.extra, EXTRA), (f.missing, MISSING)) for c in cells}
    lines = []
    for what, why in f.why:
        mark = kinds.get(what, WRONG if f.wrong else " ")
        if mark == MISSING:
            text = f"listed, but the engine refuses: {why}"
        elif mark == EXTRA:
            text = f"not listed, but the engine allows it{why.removeprefix('legal')}"
        else:
            text = "the engine: " + ("legal" if why == "legal" else why)
        lines.append(f"{mark} {what:<5} {text}".rstrip())
    return lines


def _map(s: AnyScenario, findings: Sequence[Finding], after: bool) -> list[str]:
    """The ASCII map of the position with the findings' cells marked."""
    game = s.game()
    if after:
        for text in s.play:
            game.play(text)
    marks: dict[Cell, str] = {}
    if isinstance(s, HiveScenario) and s.focus is not None and s.focus.targets and not after:
        from hive_teach.hive.position import Position

        assert isinstance(game, Position)
        marks |= dict.fromkeys(s.focus.targets & game.targets(s.focus.piece), AGREED)
    for f in findings:
        for cells, mark in ((f.extra, EXTRA), (f.missing, MISSING), (f.wrong, WRONG)):
            marks |= dict.fromkeys(cells, mark)
    return ascii_map(_labels(s, game, marks, after))


def _labels(s: AnyScenario, game: object, marks: Mapping[Cell, str], after: bool
            ) -> dict[Cell, str]:
    from hive_teach.hive.position import Position
    from hive_teach.rive.position import RiveGame

    labels: dict[Cell, str] = {}
    if isinstance(game, Position):
        focus = s.focus.piece if isinstance(s, HiveScenario) and s.focus is not None else None
        for c, stack in game.stacks.items():
            top = stack[-1]
            height = f"^{len(stack)}" if len(stack) > 1 else ""
            mark = FOCUS if top is focus and not after else ""
            labels[c] = mark + top.name + height
    elif isinstance(game, RiveGame):
        for c in game.cells:
            stone = game.stone_at(c)
            labels[c] = "." if stone is None else ("b" if stone.name == "BLACK" else "w")
    for c, mark in marks.items():
        here = labels.get(c, ".")
        labels[c] = mark if here == "." else mark + here.lstrip(FOCUS)
    return labels


def _legend(s: AnyScenario) -> list[str]:
    items = [f"{mark} {text}" for mark, text in _LEGEND.items()]
    if isinstance(s, HiveScenario):
        if s.focus is not None:
            items.append(f"{FOCUS}{s.focus.piece} the focus piece")
        items.append(". empty")
        if any(len(st) > 1 for st in s.position().stacks.values()):
            items.append("bB1^2 bB1 on top of a stack of 2")
    else:
        items += ["b w black and white stones", ". empty"]
    return ["  " + "   ".join(items[i:i + 3]) for i in range(0, len(items), 3)]


__all__ = ["AGREED", "EXTRA", "FOCUS", "MISSING", "WRONG", "report"]
