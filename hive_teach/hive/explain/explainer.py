"""The explainer: why a move (or a piece) is refused, in the order of RULES.md, from the
per-bug parts of this package.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from hive_teach.core.hexgrid import DELTAS, ORIGIN, Cell, are_neighbours
from hive_teach.hive.explain.beetle import beetle
from hive_teach.hive.explain.common import expansion_piece, how_played, pinned
from hive_teach.hive.explain.explanation import Explanation, because
from hive_teach.hive.explain.facts import Kind
from hive_teach.hive.explain.mosquito import ANALYSERS, mosquito, mosquito_rule
from hive_teach.hive.explain.mover import Mover
from hive_teach.hive.explain.pillbug import best_throw, throw_by, throwers
from hive_teach.hive.explain.placement import placement
from hive_teach.hive.moves import PASS, AnyMove, Move
from hive_teach.hive.pieces import Bug, Piece
from hive_teach.hive.rules import Rule

if TYPE_CHECKING:
    from hive_teach.hive.position import Position


T = TypeVar("T")


def explain_move(pos: Position, move: AnyMove) -> Explanation | None:
    """Why ``move`` is illegal in ``pos``, or ``None`` if it is legal.

    >>> from hive_teach.hive.position import Position
    >>> pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    >>> print(explain_move(pos, pos.parse_move("wS1 bQ-")))
    Moving wS1 would split off wQ from the rest of the hive, and the hive must always stay in \
one piece. (R6)
    """
    if move.piece is not None and move.to is None:
        raise ValueError(f"the move of {move.piece.name} names no cell to go to: a Move is "
                         "(piece, cell), or (None, None) for a pass")
    if pos.is_legal(move):
        return None
    why = Explainer(pos).move(move)
    if why is None:  # pragma: no cover - the tests check this never happens
        raise AssertionError(f"the analysis finds no reason why {move} is illegal in this "
                             "position; please report it with the position's layout")
    return why


def explain_piece(pos: Position, piece: Piece | str) -> Explanation | None:
    """Why ``piece`` cannot move (or be placed) at all this turn, or None if it has a move.

    Reasons: the game is over (R19), not your piece (R0), for a piece in hand the order of
    pieces (R0), the Queen rules (R4) or no open cell (R3); for a piece on the board R5, R17,
    R6 (covered, pinned), R14 (a Mosquito touching only the other Mosquito), and last "stuck"
    (free to move but every way is blocked).

    >>> from hive_teach.hive.position import Position
    >>> pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    >>> explain_piece(pos, "wS1").kind, explain_piece(pos, "wQ") is None
    (<Kind.PINNED: 'pinned'>, True)
    """
    if isinstance(piece, str):
        piece = Piece.from_name(piece)
    return Explainer(pos).piece(piece)


def not_in_game(pos: Position, piece: Piece) -> Explanation:
    """R0: ``piece`` has no place in ``pos``'s game type (also for a MoveString naming it)."""
    return because("R0", Kind.NOT_IN_GAME, mover=piece, bug=piece.bug, game=str(pos.game_type))


def written_alone(pos: Position, piece: Piece) -> Explanation:
    """A MoveString with no reference piece once the game has started (R2 for the second
    piece, R3 after that)."""
    return because("R2" if len(pos.stacks) == 1 else "R3", Kind.WRITTEN_ALONE, mover=piece)


def reference_in_hand(piece: Piece, ref: Piece) -> Explanation:
    """R0: a MoveString names its cell from ``ref``, which is not on the board."""
    return because("R0", Kind.REFERENCE_IN_HAND, mover=piece, ref=ref)


def cell_taken(pos: Position, piece: Piece, to: Cell, climb_is_legal: bool) -> Explanation:
    """A MoveString that names the taken cell ``to`` as a step next to a piece: a placement
    (R3), a climb that is legal but must be written onto the piece there, or a walk."""
    top = pos.stacks[to][-1]
    if piece not in pos.where:
        return because("R3", Kind.CELL_TAKEN, "place", mover=piece, to=to, pieces=(top,),
                    cells=(to,), top=top)
    rule = Rule.for_bug(piece.bug)
    if climb_is_legal:
        return because(rule, Kind.CELL_TAKEN, "climb", mover=piece, to=to, pieces=(top,),
                    cells=(to,), top=top)
    return because(rule, Kind.CELL_TAKEN, "walk", mover=piece, to=to, pieces=(top,), cells=(to,),
                top=top, bug=piece.bug)


class Explainer:
    """The explanations for one position, sharing the searches between questions.

    A widget that asks about every cell should make one ``Explainer`` per position and call
    :meth:`move` for each cell; :func:`explain_move` makes a fresh one per call. :meth:`move`
    is the analysis alone: it returns ``None`` when it finds nothing wrong, without asking the
    move generator (the tests check the two always agree).
    """

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self._movers: dict[Piece, Mover] = {}
        self._throwers: list[Piece] | None = None

    # ------------------------------------------------------------------ moves
    def move(self, move: AnyMove) -> Explanation | None:
        """Why ``move`` is illegal, found by analysis; None if the analysis finds no reason."""
        pos = self.pos
        if pos.state.is_over:
            return self._game_over(move.piece)
        if move is PASS or move.piece is None:  # (the search's plain pairs pass as None, None)
            return self._pass()
        piece, to = move
        if piece not in pos.game_type:
            return not_in_game(pos, piece)
        colour = pos.turn
        if piece not in pos.where:
            if piece.colour is not colour:
                return self._not_your_turn(piece)
            return placement(self.pos, piece, to)
        if piece.colour is not colour:
            throws = self._throw_reasons(piece, to)
            if not throws:
                return self._not_your_turn(piece)
            return best_throw(throws)
        blocked = self._blocked(piece)
        if blocked is not None:
            return blocked
        own = self._own(piece, to)
        if own is None:
            return None
        throws = self._throw_reasons(piece, to)
        if not throws:
            return own
        throw = best_throw(throws)
        if throw is None:
            return None
        return replace(own, others=(*own.others, throw))

    def piece(self, piece: Piece) -> Explanation | None:
        """Why ``piece`` has no legal move at all, or None (see :func:`explain_piece`)."""
        pos = self.pos
        if pos.state.is_over:
            return self._game_over(piece)
        if piece not in pos.game_type:
            return not_in_game(pos, piece)
        colour = pos.turn
        if piece not in pos.where:
            if piece.colour is not colour:
                return self._not_your_turn(piece)
            return self._hand_piece(piece)
        if piece.colour is colour:
            blocked = self._blocked(piece)
            if blocked is not None:
                return blocked
        if any(self.move(_move(piece, x)) is None for x in self._candidate_cells()):
            return None
        if piece.colour is not colour:
            return self._no_throw(piece)
        return self._stuck(piece)

    # ------------------------------------------------------------------ general reasons
    def _game_over(self, piece: Piece | None) -> Explanation:
        outcome = self.pos.outcome()
        winner = None if outcome is None else outcome.winner
        result = "draw" if winner is None else f"{winner.title.lower()}-won"
        return because("R19", Kind.GAME_OVER, mover=piece, result=result)

    def _pass(self) -> Explanation | None:
        moves = self.pos.legal_moves()
        if moves and not moves[0].is_pass:
            return because("R18", Kind.PASS_WITH_MOVES, count=len(moves),
                        example=self.pos.move_text(moves[0]))
        return None

    def _not_your_turn(self, piece: Piece) -> Explanation:
        pos = self.pos
        c = pos.where.get(piece)
        facts: dict[str, object] = {"turn": pos.turn, "owner": piece.colour}
        mosquito = expansion_piece(pos.turn, Bug.MOSQUITO)
        mc = pos.where.get(mosquito)
        case = ""
        if (
            c is not None and mc is not None and are_neighbours(c, mc)
            and Bug.PILLBUG in pos.game_type.expansions
        ):
            case, facts["mosquito"] = "mosquito", mosquito
        return because("R0", Kind.NOT_YOUR_TURN, case, mover=piece, cells=_only(c), more=facts)

    def _blocked(self, piece: Piece) -> Explanation | None:
        """R5, R17, R6 and the lonely Mosquito: the side to move's ``piece`` cannot move at all."""
        pos = self.pos
        colour = piece.colour
        queen = expansion_piece(colour, Bug.QUEEN)
        if queen not in pos.where:
            return because("R5", Kind.QUEEN_NOT_PLACED, mover=piece, pieces=(queen,), queen=queen)
        c = pos.where[piece]
        if pos.last_moved is piece:
            return because("R17", Kind.STUNNED, mover=piece, cells=(c,),
                        how=how_played(pos, piece))
        s = pos.stacks[c]
        if s[-1] is not piece:
            above = tuple(s[s.index(piece) + 1 :])
            case = "power" if piece.bug is Bug.PILLBUG else ""
            return because("R6", Kind.COVERED, case, mover=piece, pieces=above, cells=(c,),
                        above=above)
        if len(s) == 1 and c in pos.pinned_cells():
            return pinned(pos, piece, c)
        if piece.bug is Bug.MOSQUITO and len(s) == 1:
            m = self._mover(piece)
            if not m.copies():
                near = [c + d for d in DELTAS if c + d in pos.stacks]
                touching = tuple(pos.stacks[x][-1] for x in near)
                return because("R14", Kind.MOSQUITO_ALONE, mover=piece, pieces=touching,
                            cells=near, touching=touching)
        return None

    def _candidate_cells(self) -> set[Cell]:
        """Every cell a move could end on: the hive and the cells around it."""
        stacks = self.pos.stacks
        if not stacks:
            return {ORIGIN}
        out = set(stacks)
        for c in stacks:
            out.update(c + d for d in DELTAS)
        return out

    # ------------------------------------------------------------------ placements

    def _hand_piece(self, piece: Piece) -> Explanation | None:
        cells = self._candidate_cells()
        reasons = [placement(self.pos, piece, x) for x in sorted(cells)]
        if any(r is None for r in reasons):
            return None
        first = reasons[0]
        if first is not None and first.kind in (Kind.PIECE_ORDER, Kind.QUEEN_BY_4,
                                                Kind.QUEEN_FIRST_TURN):
            return replace(first, to=None)
        return because("R3", Kind.NO_PLACEMENT, mover=piece)

    # ------------------------------------------------------------------ own movement
    def _mover(self, piece: Piece) -> Mover:
        m = self._movers.get(piece)
        if m is None:
            m = self._movers[piece] = Mover(self.pos, piece)
        return m

    def _own(self, piece: Piece, to: Cell) -> Explanation | None:
        m = self._mover(piece)
        if m.below:
            why = beetle(m, to, Bug.BEETLE)
            if why is None or piece.bug is Bug.BEETLE:
                return why
            return replace(why, rule=mosquito_rule(why), mosquito="on-top")
        if piece.bug is Bug.MOSQUITO:
            return mosquito(m, to)
        return ANALYSERS[piece.bug](m, to, piece.bug)

    def _stuck(self, piece: Piece) -> Explanation:
        m = self._mover(piece)
        c = m.cell
        bug = Bug.BEETLE if m.below else piece.bug
        around = tuple(
            e for e in (self._own(piece, c + d) for d in DELTAS) if e is not None
        )
        rule = Rule.R14 if piece.bug is Bug.MOSQUITO else Rule.for_bug(bug)
        facts: dict[str, object] = {}
        if bug is Bug.MOSQUITO:
            case = "mosquito"
            facts["copies"] = tuple(m.copies())
        elif bug in (Bug.QUEEN, Bug.PILLBUG, Bug.SPIDER, Bug.ANT) and all(
            c + d in m.board for d in DELTAS
        ):
            case = "surrounded"
        elif bug in (Bug.QUEEN, Bug.PILLBUG, Bug.BEETLE):
            case = "step"
        elif bug is Bug.SPIDER:
            case = "spider"
        else:  # an Ant or a Ladybug: every way out passes a gate (for a Ladybug a height
            # gate); a free Grasshopper always has a jump
            case = "gate"
        return replace(because(rule, Kind.STUCK, case, mover=piece, cells=(c,), more=facts),
                       others=around)

    # ------------------------------------------------------------------ Pillbug throws
    def _thrower_list(self) -> list[Piece]:
        """The side to move's Pillbug, and its Mosquito if it touches a Pillbug (cached)."""
        if self._throwers is None:
            self._throwers = throwers(self.pos)
        return self._throwers

    def _throw_reasons(self, piece: Piece, to: Cell | None) -> list[Explanation | None]:
        """For each of our throwers next to ``piece``: why it cannot throw it to ``to``."""
        n = self.pos.where[piece]
        return [
            throw_by(self.pos, t, piece, to)
            for t in self._thrower_list()
            if are_neighbours(self.pos.where[t], n)
        ]

    def _no_throw(self, piece: Piece) -> Explanation:
        """Why none of our throwers can throw the opponent's ``piece`` anywhere."""
        options = []
        for t in self._thrower_list():
            p = self.pos.where[t]
            if not are_neighbours(p, self.pos.where[piece]):
                continue
            why = throw_by(self.pos, t, piece, None)
            if why is None:
                empties = [p + d for d in DELTAS if p + d not in self.pos.stacks]
                if not empties:
                    why = because("R16", Kind.NO_ROOM, mover=piece, pieces=(t,), cells=(p,),
                               thrower=t)
                else:
                    why = best_throw([throw_by(self.pos, t, piece, e) for e in empties])
            options.append(why)
        if not options:
            return self._not_your_turn(piece)
        best = best_throw(options)
        assert best is not None
        return best


def _only(x: T | None) -> tuple[T, ...]:
    return () if x is None else (x,)


def _move(piece: Piece, to: Cell) -> Move:
    return Move(piece, to)


def winner_text(pos: Position) -> str:
    """A short sentence on how the game ended, for boards and worksheets."""
    outcome = pos.outcome()
    if outcome is None:
        return pos.state.value
    if outcome.winner is None:
        return "it is a draw"
    return f"{outcome.winner.title} won"
