"""Why an action is not legal in Rive: the rule it breaks (V1-V7), the kind of reason and its
facts (the cells and numbers a sentence names; :mod:`hive_teach.rive.i18n` writes it).

:func:`explain` works from first principles (the stones, :func:`hexgrid.components` and the
rules), not from the engine's move generator, so that tests can check the two against each
other: an action gets an explanation exactly when it is not among ``game.legal_moves()``.

When an action breaks several rules the first that applies in this order is named:

1. V1 the cell is off the board (wrong whatever the position);
2. V7 the game is over;
3. V5 the wrong kind of action: a placement while a capture is pending, or a removal without one;
4. for a removal, V5: the cell is empty, not in the capturing group, or holds the group together;
5. for a placement, V1 the cell is occupied, then V3 (an isolated cell is free), then V4 (a cell
   whose largest neighbouring group is smaller is free).

>>> from hive_teach.rive import RiveGame
>>> game = RiveGame.from_text("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0;1,0;x2,0")
>>> why = explain(game, "0,-1")
>>> why.rule, why.kind, why.facts["largest"], why.facts["smallest"]
(<Rule.V4: 'V4'>, <Kind.SMALLEST: 'smallest'>, 2, 1)
>>> why.reason
'The biggest group next to 0,-1 has 2 stones, but next to 1,-2 the biggest has only 1: pick a \
cell whose biggest neighbouring group is as small as possible.'
>>> [cell_name(c) for c in why.cells]
['1,-2', '-1,-1', '-2,1', '-1,2']
>>> explain(game, "1,-2") is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import Cell, cell_name, components, neighbours
from hive_teach.rive.explain.explanation import Explanation
from hive_teach.rive.explain.facts import Kind
from hive_teach.rive.moves import Action
from hive_teach.rive.rules import Rule, is_on_board

if TYPE_CHECKING:
    from hive_teach.rive.position import PendingCapture, RiveGame


def explain(game: RiveGame, action: Action | str) -> Explanation | None:
    """``None`` if ``action`` (an :class:`Action` or its text) is legal in ``game``, otherwise
    the rule it breaks and why. Text that is no action raises ``InvalidActionError``."""
    if isinstance(action, str):
        action = Action.parse(action)
    c = action.cell
    if not is_on_board(c, game.side):
        return off_board(cell_name(c), game.side)
    if game.is_over():
        return Explanation(Rule.V7, Kind.GAME_OVER)
    capture = game.pending_capture
    if capture is None:
        if action.is_removal:
            return Explanation(Rule.V5, Kind.NO_CAPTURE)
        return _why_not_placement(game, c)
    if not action.is_removal:
        return Explanation(Rule.V5, Kind.IN_CAPTURE, _in_board_order(game, capture.group),
                           {"remaining": capture.remaining})
    return _why_not_removal(game, capture, c)


def off_board(name: str, side: int) -> Explanation:
    """The V1 explanation for the cell called ``name`` off the board of side ``side``."""
    return Explanation(Rule.V1, Kind.OFF_BOARD, (), {"name": name, "radius": side - 1})


def _why_not_removal(game: RiveGame, capture: PendingCapture, c: Cell) -> Explanation | None:
    if game.stone_at(c) is None:
        return Explanation(Rule.V5, Kind.NO_STONE, (c,), {"cell": c})
    if c not in capture.group:
        return Explanation(Rule.V5, Kind.NOT_IN_GROUP, _in_board_order(game, capture.group),
                           {"cell": c})
    parts = len(components(capture.group - {c}))
    if parts > 1:
        return Explanation(Rule.V5, Kind.SPLIT, (c,), {"cell": c, "parts": parts})
    return None


def _why_not_placement(game: RiveGame, c: Cell) -> Explanation | None:
    stones = game.stones
    if c in stones:
        return Explanation(Rule.V1, Kind.OCCUPIED, (c,), {"cell": c})
    empty = [x for x in game.cells if x not in stones]
    isolated = [x for x in empty if not any(n in stones for n in neighbours(x))]
    if isolated:
        if c in isolated:
            return None
        return Explanation(Rule.V3, Kind.ISOLATION, tuple(isolated),
                           {"cell": c, "lonely": isolated[0]})
    size_of = {x: len(g) for g in components(stones) for x in g}

    def largest(x: Cell) -> int:
        return max((size_of[n] for n in neighbours(x) if n in size_of), default=0)

    smallest = min(map(largest, empty))
    if largest(c) == smallest:
        return None
    better = tuple(x for x in empty if largest(x) == smallest)
    return Explanation(Rule.V4, Kind.SMALLEST, better, {
        "cell": c, "largest": largest(c), "better": better[0], "smallest": smallest})


def _in_board_order(game: RiveGame, cells: frozenset[Cell]) -> tuple[Cell, ...]:
    return tuple(x for x in game.cells if x in cells)
