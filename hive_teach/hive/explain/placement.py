"""Placements (R1-R4, and R0 for the order of pieces): why a piece from the hand cannot go there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import DELTAS, ORIGIN, Cell, are_neighbours
from hive_teach.hive.explain.common import expansion_piece
from hive_teach.hive.explain.explanation import Explanation, because
from hive_teach.hive.explain.facts import Kind
from hive_teach.hive.pieces import Bug, Piece

if TYPE_CHECKING:
    from hive_teach.hive.position import Position


def placement(pos: Position, piece: Piece, to: Cell) -> Explanation | None:
    colour = pos.turn
    first = next(p for p in pos.placeable(colour) if p.bug is piece.bug)
    if first is not piece:
        return because("R0", Kind.PIECE_ORDER, mover=piece, to=to, pieces=(first,),
                    first=first)
    queen = expansion_piece(colour, Bug.QUEEN)
    if pos.turn_number == 4 and queen not in pos.where and piece is not queen:
        return because("R4", Kind.QUEEN_BY_4, mover=piece, to=to, pieces=(queen,),
                    queen=queen)
    if pos.tournament and pos.turn_number == 1 and piece is queen:
        return because("R4", Kind.QUEEN_FIRST_TURN, mover=piece, to=to)
    stacks = pos.stacks
    if to in stacks:
        top = stacks[to][-1]
        return because("R3", Kind.OCCUPIED, "place", mover=piece, to=to, pieces=(top,),
                    cells=(to,), top=top)
    if not stacks:
        if to != ORIGIN:
            return because("R1", Kind.FIRST_PLACEMENT, mover=piece, to=to, cells=(ORIGIN,),
                        centre=ORIGIN)
        return None
    if len(stacks) == 1:
        (only,) = stacks
        top = stacks[only][-1]
        if top.colour is not colour:
            if are_neighbours(only, to):
                return None
            return because("R2", Kind.SECOND_PLACEMENT, mover=piece, to=to, pieces=(top,),
                        cells=(only,), first=top)
    tops = [(to + d, stacks[to + d][-1]) for d in DELTAS if to + d in stacks]
    enemy = [(c, p) for c, p in tops if p.colour is not colour]
    if enemy:
        names = tuple(p for _, p in enemy)
        return because("R3", Kind.TOUCHES_OPPONENT, mover=piece, to=to, pieces=names,
                    cells=[c for c, _ in enemy], enemy=names)
    if not tops:
        return because("R3", Kind.NOT_TOUCHING, mover=piece, to=to, cells=(to,))
    return None
