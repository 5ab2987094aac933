"""The Pillbug's power (R16): why a Pillbug (or a Mosquito next to one) cannot throw a piece."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import DELTAS, Cell, are_neighbours, flanks
from hive_teach.hive import movegen
from hive_teach.hive.explain.common import expansion_piece, height_gate, how_played, pinned
from hive_teach.hive.explain.explanation import Explanation, because
from hive_teach.hive.explain.facts import Kind
from hive_teach.hive.pieces import Bug, Piece

if TYPE_CHECKING:
    from hive_teach.hive.position import Position


THROW_STAGE = {
    kind: i for i, kind in enumerate((
        Kind.QUEEN_NOT_PLACED, Kind.STUNNED, Kind.THROWER_STUNNED, Kind.STACKED, Kind.COVERED,
        Kind.PINNED, Kind.THROWER_COVERED, Kind.THROWER_ON_TOP, Kind.NO_ROOM, Kind.SAME_CELL,
        Kind.OCCUPIED, Kind.TOO_FAR, Kind.HEIGHT_GATE,
    ))
}


def best_throw(options: list[Explanation | None]) -> Explanation | None:
    """None if some thrower can do it; else the reason that got furthest."""
    if any(o is None for o in options):
        return None
    found = [o for o in options if o is not None]
    return max(found, key=lambda o: THROW_STAGE.get(o.kind, -1)) if found else None


def throwers(pos: Position) -> list[Piece]:
    """The side to move's Pillbug, and its Mosquito if it touches a Pillbug."""
    out = []
    for bug in (Bug.PILLBUG, Bug.MOSQUITO):
        if bug not in pos.game_type.expansions:
            continue
        t = expansion_piece(pos.turn, bug)
        c = pos.where.get(t)
        if c is None:
            continue
        if bug is Bug.MOSQUITO and not any(
            c + d in pos.stacks and pos.stacks[c + d][-1].bug is Bug.PILLBUG
            for d in DELTAS
        ):
            continue
        out.append(t)
    return out


def throw_by(pos: Position, thrower: Piece, piece: Piece, to: Cell | None) -> Explanation | None:
    """Why ``thrower`` cannot throw ``piece`` to ``to`` (R16); with ``to=None`` only the
    reasons that hold for every cell."""
    stacks = pos.stacks
    p = pos.where[thrower]
    n = pos.where[piece]
    queen = expansion_piece(pos.turn, Bug.QUEEN)
    if queen not in pos.where:
        return because("R5", Kind.QUEEN_NOT_PLACED, "throw", mover=piece,
                    pieces=(queen, thrower), queen=queen, thrower=thrower)
    if pos.last_moved is piece:
        return because("R17", Kind.STUNNED, "throw", mover=piece, pieces=(thrower,),
                    cells=(n,), how=how_played(pos, piece), thrower=thrower)
    if pos.last_moved is thrower:
        return because("R17", Kind.THROWER_STUNNED, mover=piece, pieces=(thrower,),
                    cells=(p,), how=how_played(pos, thrower), thrower=thrower)
    sn = stacks[n]
    if len(sn) > 1:
        if sn[-1] is piece:
            return because("R16", Kind.STACKED, mover=piece, pieces=(thrower,), cells=(n,),
                        thrower=thrower)
        # R6 before the Pillbug's own rule: a covered piece cannot move at all.
        above = tuple(sn[sn.index(piece) + 1 :])
        return because("R6", Kind.COVERED, "throw", mover=piece, pieces=(*above, thrower),
                    cells=(n,), above=above, thrower=thrower)
    if n in pos.pinned_cells():
        return pinned(pos, piece, n, thrower)
    sp = stacks[p]
    if sp[-1] is not thrower:
        above = tuple(sp[sp.index(thrower) + 1 :])
        return because("R16", Kind.THROWER_COVERED, mover=piece, pieces=(*above, thrower),
                    cells=(p,), above=above, thrower=thrower)
    if len(sp) > 1:
        return because("R14", Kind.THROWER_ON_TOP, mover=piece, pieces=(thrower,), cells=(p,),
                    thrower=thrower)
    # Lift: from the ground at n onto the thrower (height 1), R8.
    fl, fr = flanks(p, n)
    hl, hr = movegen.height(stacks, fl), movegen.height(stacks, fr)
    if min(hl, hr) > 1:
        return height_gate(stacks, piece, "lift", fl, fr, hl, hr, 0, 1, to=to,
                            thrower=thrower)
    if to is None:
        return None
    if to == n:
        return because("R16", Kind.SAME_CELL, "throw", mover=piece, to=to, pieces=(thrower,),
                    cells=(n,), thrower=thrower)
    if to in stacks:
        top = stacks[to][-1]
        return because("R16", Kind.OCCUPIED, "throw", mover=piece, to=to,
                    pieces=(top, thrower), cells=(to,), top=top, thrower=thrower)
    if not are_neighbours(p, to):
        return because("R16", Kind.TOO_FAR, "throw", mover=piece, to=to, pieces=(thrower,),
                    cells=(p, to), thrower=thrower)
    fl, fr = flanks(p, to)
    hl = 0 if fl == n else movegen.height(stacks, fl)
    hr = 0 if fr == n else movegen.height(stacks, fr)
    if min(hl, hr) > 1:
        return height_gate(stacks, piece, "set-down", fl, fr, hl, hr, 1, 0, to=to,
                            thrower=thrower)
    return None
