"""The explanation sweep, computed once per test process and shared by the tests that read it
(tests/test_explain.py checks it against the move generator, tests/test_i18n_explain.py
writes a sample of it in every language).

For every position of the peer data (tests/data) that is not over: every piece on the board
or placeable (both colours) against every cell within distance 2 of the hive, the pass, every
piece of the game type as a whole (``explain_piece``), and a piece of an expansion the game
does not play.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from golden_cases import cells_near
from oracle import full_moves

from hive_teach import PASS, Move, Piece, Position
from hive_teach.core.hexgrid import ORIGIN, Cell
from hive_teach.hive.explain import Explainer, Explanation
from hive_teach.hive.pieces import GameType


@dataclass(frozen=True)
class Swept:
    """One position of the sweep: what was asked, and what the analysis answered."""

    index: int
    pos: Position
    moves: dict[tuple[Piece, Cell], Explanation | None]
    passing: Explanation | None
    pieces: dict[Piece, Explanation | None]
    foreign: Explanation | None


@cache
def sweep() -> tuple[Swept, ...]:
    out = []
    for i, case in enumerate(full_moves()):
        pos = Position.from_text(case.game_string, tournament=True)
        if pos.state.is_over:
            continue
        ex = Explainer(pos)
        pieces = list(pos.where) + pos.placeable(pos.turn) + pos.placeable(pos.turn.other)
        cells = cells_near(pos)
        moves = {(p, c): ex.move(Move(p, c)) for p in pieces for c in cells}
        absent = [p for p in _ALL if p not in pos.game_type]
        foreign = ex.move(Move(absent[0], ORIGIN)) if absent else None
        out.append(Swept(i, pos, moves, ex.move(PASS),
                         {p: ex.piece(p) for p in pos.game_type.pieces}, foreign))
    return tuple(out)


def explanations() -> list[Explanation]:
    """Every explanation the sweep found, in a fixed order."""
    out: list[Explanation] = []
    for s in sweep():
        out += [w for w in s.moves.values() if w is not None]
        if s.passing is not None:
            out.append(s.passing)
        out += [w for w in s.pieces.values() if w is not None]
        if s.foreign is not None:
            out.append(s.foreign)
    return out


_ALL = GameType.parse("Base+MLP").pieces
