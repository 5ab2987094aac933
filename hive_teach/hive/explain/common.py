"""The reasons every movement shares: same cell, occupied, off the hive, too far, a gate (R7), a
height gate (R8), a pinned piece (R6), and small helpers of the per-bug parts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import Cell, components, distance, flanks
from hive_teach.hive.explain.board import Board
from hive_teach.hive.explain.explanation import Explanation, because
from hive_teach.hive.explain.facts import Kind
from hive_teach.hive.pieces import Bug, Colour, Piece
from hive_teach.hive.rules import Rule

if TYPE_CHECKING:
    from hive_teach.hive.explain.mover import Mover
    from hive_teach.hive.position import Position


def same_cell(m: Mover, bug: Bug) -> Explanation:
    return because(Rule.for_bug(bug), Kind.SAME_CELL, mover=m.piece, to=m.cell, cells=(m.cell,))


def occupied(m: Mover, to: Cell, bug: Bug, case: str) -> Explanation:
    top = m.board[to][-1]
    return because(Rule.for_bug(bug), Kind.OCCUPIED, case, mover=m.piece, to=to, pieces=(top,),
                cells=(to,), top=top, bug=bug)


def off_hive(m: Mover, to: Cell, bug: Bug, case: str) -> Explanation:
    return because(Rule.for_bug(bug), Kind.OFF_HIVE, case, mover=m.piece, to=to, cells=(to,),
                bug=bug)


def too_far(m: Mover, to: Cell, bug: Bug, case: str) -> Explanation:
    return because(Rule.for_bug(bug), Kind.TOO_FAR, case, mover=m.piece, to=to, cells=(to,),
                bug=bug, distance=distance(m.cell, to))


def ground_gap(m: Mover, a: Cell, to: Cell) -> Explanation | None:
    """R7 for the slide a -> ``to``: a gate or no contact, else None."""
    fl, fr = flanks(a, to)
    board = m.board
    if fl in board and fr in board:
        return gate_reason(board, m, fl, fr, to)
    if fl not in board and fr not in board:
        return because("R7", Kind.NO_CONTACT, mover=m.piece, to=to, cells=(fl, fr))
    return None


def gate_reason(
    board: Board, m: Mover, fl: Cell, fr: Cell, to: Cell, case: str = "",
    path: tuple[Cell, ...] = (),
) -> Explanation:
    a, c = board[fl][-1], board[fr][-1]
    return because("R7", Kind.GATE, case, mover=m.piece, to=to, pieces=(a, c), cells=(fl, fr),
                gate=(fl, fr), path=path, left=a, right=c)


def height_gate(
    board: Board, mover: Piece, action: str, fl: Cell, fr: Cell, hl: int, hr: int, s: int,
    d: int, *, to: Cell | None, thrower: Piece | None = None, path: tuple[Cell, ...] = (),
    **where: Piece,
) -> Explanation:
    """R8: the stacks at ``fl`` and ``fr`` (``hl``, ``hr`` high) are taller than both where the
    piece starts (height ``s``) and where it lands (``d``). ``action`` says what it cannot do;
    ``where`` names the pieces the action needs (``onto``, ``over``)."""
    a, c = board[fl][-1], board[fr][-1]
    facts: dict[str, object] = {
        "action": action, "left": a, "right": c, "left_height": hl, "right_height": hr,
        "start_height": s, "end_height": d, **where,
    }
    pieces: tuple[Piece, ...] = (a, c)
    case = ""
    if thrower is not None:
        case, facts["thrower"], pieces = "throw", thrower, (a, c, thrower)
    return because("R8", Kind.HEIGHT_GATE, case, mover=mover, to=to, pieces=pieces,
                cells=(fl, fr), gate=(fl, fr), path=path, more=facts)


def pinned(pos: Position, piece: Piece, c: Cell, thrower: Piece | None = None) -> Explanation:
    parts = components(x for x in pos.stacks if x != c)
    cut_cells = tuple(sorted(x for part in parts[1:] for x in part))
    cut = tuple(sorted((p for x in cut_cells for p in pos.stacks[x]), key=lambda p: p.index))
    if thrower is None:
        return because("R6", Kind.PINNED, mover=piece, pieces=cut, cells=cut_cells, cut=cut)
    return because("R6", Kind.PINNED, "throw", mover=piece, pieces=(*cut, thrower),
                cells=cut_cells, cut=cut, thrower=thrower)


def expansion_piece(colour: Colour, bug: Bug) -> Piece:
    return Piece.from_name(colour.letter + bug.value)


def how_played(pos: Position, piece: Piece) -> str:
    """How the stunned ``piece`` got where it is: moved, placed, or thrown by a Pillbug."""
    if piece.colour is pos.turn:
        return "thrown"
    history = pos.move_stack
    if len(history) == pos.ply and sum(m.piece is piece for m in history) == 1:
        return "placed"
    return "moved"
