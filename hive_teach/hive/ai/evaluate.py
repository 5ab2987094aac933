"""How good a Hive position is, and which moves win on the spot.

:func:`evaluate` scores a position for the side to move from a few Hive ideas, cheap enough to
call at every leaf of a search: the Queens' liberties (empty neighbours; a Queen with none left
is surrounded, R19), which pieces are free to move and which are pinned by One Hive (R6), the
pieces in hand, and beetles sitting on top of pieces (above all on a Queen, R10).

:func:`immediate_wins` lists the moves that surround the opponent's Queen now. It first checks
the bound every quick win must meet: a move fills at most one cell, so with two or more empty
cells around the Queen only a Pillbug throw of the Queen itself (R16) could still win.

>>> from hive_teach.hive.position import Position
>>> pos = Position.from_layout(
...     {"0,0": "bQ", "1,0": "wQ", "0,-1": "wS1", "-1,0": "wB1", "-1,1": "wG1",
...      "1,-1": "bA1", "2,-1": "wA1"}, to_move="white", turn=6)
>>> queen_liberties(pos, pos.turn.other)
1
>>> [pos.move_text(m) for m in immediate_wins(pos)]
['wA1 wG1-']
>>> evaluate(pos) > 0  # white to move, Black's Queen nearly surrounded
True
"""

from __future__ import annotations

from collections.abc import Iterator

from hive_teach.core.hexgrid import DELTAS, Cell
from hive_teach.hive.pieces import PIECES, Bug, Colour, Piece
from hive_teach.hive.position import AnyMove, GameState, Position, as_move

WHITE_QUEEN = Piece.from_name("wQ")
BLACK_QUEEN = Piece.from_name("bQ")
QUEENS = (WHITE_QUEEN, BLACK_QUEEN)
_THROWERS = (
    (Piece.from_name("wP"), Piece.from_name("wM")),
    (Piece.from_name("bP"), Piece.from_name("bM")),
)
WIN_STATE = (GameState.WHITE_WINS, GameState.BLACK_WINS)
"""``WIN_STATE[colour]`` is the game state in which ``colour`` has won."""

# Penalty for a Queen with this many occupied neighbours (6 = surrounded, decided elsewhere).
QUEEN_PRESSURE = (0, 12, 30, 60, 110, 200, 0)
QUEEN_COVERED = 60  # an enemy Beetle on top: the Queen cannot move and the cell stays full
QUEEN_STUCK = 12  # the Queen cannot slide away (pinned or gated in)
QUEEN_IN_HAND = 25
ON_TOP = 8  # a piece on top of the hive moves freely and pins what it covers
# Value of a piece that is free to move, stuck (pinned by R6), or still in hand, by bug.
FREE = {
    Bug.QUEEN: 0, Bug.ANT: 16, Bug.BEETLE: 12, Bug.MOSQUITO: 13, Bug.LADYBUG: 10,
    Bug.PILLBUG: 9, Bug.GRASSHOPPER: 8, Bug.SPIDER: 6,
}
PINNED = {
    Bug.QUEEN: 0, Bug.ANT: 2, Bug.BEETLE: 2, Bug.MOSQUITO: 2, Bug.LADYBUG: 1,
    Bug.PILLBUG: 1, Bug.GRASSHOPPER: 1, Bug.SPIDER: 0,
}
IN_HAND = {
    Bug.QUEEN: 0, Bug.ANT: 9, Bug.BEETLE: 7, Bug.MOSQUITO: 7, Bug.LADYBUG: 5,
    Bug.PILLBUG: 5, Bug.GRASSHOPPER: 5, Bug.SPIDER: 3,
}

# The same tables by Piece.index, for speed (white pieces come first in PIECES).
_HALF = len(PIECES) // 2
_FREE = tuple(FREE[p.bug] for p in PIECES)
_PINNED = tuple(PINNED[p.bug] for p in PIECES)
_IN_HAND = tuple(IN_HAND[p.bug] for p in PIECES)


def queen_cell(pos: Position, colour: Colour) -> Cell | None:
    """Where ``colour``'s Queen stands, or None while she is in hand."""
    return pos.where.get(QUEENS[colour])


def queen_liberties(pos: Position, colour: Colour) -> int:
    """Empty neighbours of ``colour``'s Queen (7 while she is still in hand)."""
    q = pos.where.get(QUEENS[colour])
    if q is None:
        return 7
    stacks = pos.stacks
    return sum(1 for d in DELTAS if q + d not in stacks)


def may_throw_queen(pos: Position, thrower: Colour) -> bool:
    """Whether a Pillbug or Mosquito of ``thrower`` stands next to the other Queen (R16, R14).

    A cheap over-estimate: True means a throw of the Queen *might* be legal.
    """
    q = pos.where.get(QUEENS[1 - thrower])
    if q is None:
        return False
    for piece in _THROWERS[thrower]:
        c = pos.where.get(piece)
        if c is not None and (c - q) in DELTAS:
            return True
    return False


def winning_moves(
    pos: Position, moves: set[tuple[Piece | None, Cell | None]] | None = None
) -> Iterator[AnyMove]:
    """The moves that surround the opponent's Queen (and not one's own) now, in no order.

    Lazy, so that ``next(winning_moves(pos), None)`` stops at the first; ``moves``, if
    given, are the legal moves already generated. The position is restored before each yield.
    """
    if pos.state.is_over:
        return
    me = pos.turn
    queen = QUEENS[1 - me]
    q = pos.where.get(queen)
    if q is None:
        return
    stacks = pos.stacks
    empty = [q + d for d in DELTAS if q + d not in stacks]
    throw = may_throw_queen(pos, me)
    if len(empty) > 1 and not throw:
        return  # the bound: one move fills one cell, only a throw moves the Queen herself
    last = empty[0] if len(empty) == 1 else None
    won = WIN_STATE[me]
    for m in pos.legal_pairs() if moves is None else moves:
        if m[1] == last or (throw and m[0] is queen):
            pos.push_pair(*m)
            hit = pos.state is won
            pos.undo()
            if hit:
                yield as_move(m)


def immediate_wins(
    pos: Position, moves: set[tuple[Piece | None, Cell | None]] | None = None
) -> list[AnyMove]:
    """All :func:`winning_moves`, in the engine's fixed move order."""
    return sorted(winning_moves(pos, moves), key=lambda m: (m.piece.index if m.piece else -1,
                                                            m.to or 0))


def has_immediate_win(pos: Position) -> bool:
    """Whether the side to move can surround the opponent's Queen this move."""
    return next(winning_moves(pos), None) is not None


def evaluate(pos: Position) -> int:
    """A score for the side to move: positive is good for them. Game results are not scored.

    Roughly, one more occupied cell around a Queen is worth a couple of free Soldier Ants.
    """
    stacks = pos.stacks
    pinned = pos.pinned_cells()
    score = [0, 0]
    for c, s in stacks.items():
        top = s[-1]
        i = top.index
        if len(s) > 1:
            score[i >= _HALF] += _FREE[i] + ON_TOP
        elif c in pinned:
            score[i >= _HALF] += _PINNED[i]
        else:
            score[i >= _HALF] += _FREE[i]
    where = pos.where
    for piece in pos.game_type.pieces:
        if piece not in where:
            score[piece.index >= _HALF] += _IN_HAND[piece.index]
    for col in (0, 1):
        q = where.get(QUEENS[col])
        if q is None:
            score[col] -= QUEEN_IN_HAND
            continue
        occupied = 0
        relief = 0
        for d in DELTAS:
            n = q + d
            around = stacks.get(n)
            if around:
                occupied += 1
                if len(around) == 1 and (around[0].index >= _HALF) == col and n not in pinned:
                    relief += 1
        pressure = QUEEN_PRESSURE[occupied]
        if relief:
            # A neighbour its owner can simply move away is only half a threat.
            pressure -= relief * (pressure - QUEEN_PRESSURE[occupied - 1]) // 2
        score[col] -= pressure
        if len(stacks[q]) > 1:
            score[col] -= QUEEN_COVERED
        elif q in pinned or occupied >= 5:
            score[col] -= QUEEN_STUCK
    me = pos.ply & 1
    return score[me] - score[1 - me]
