"""Why a move is illegal: the rule id, one plain sentence, and the pieces and cells involved.

Reasons are found by looking at the board (path searches, gate and height checks), never by
looking a move up in the legal list, and follow the order of RULES.md ("Which rule an
explanation names"): R19, R0, R18; for a placement R4, then R1-R3; for a move R5, R17, R6, then
the piece's own movement for that destination (R7-R16), or the Pillbug's power when the piece
can only be thrown.

>>> from hive_teach.hive.position import Position
>>> pos = Position.from_game_string("Base;InProgress;White[2];wS1;bS1 wS1-")
>>> why = explain_move(pos, pos.parse_move("wQ bS1-"))
>>> why.rule, why.kind, [p.name for p in why.pieces]
('R3', 'touches-opponent', ['bS1'])
>>> why.reason
"This cell touches the opponent's bS1; a new piece may only touch pieces of its own colour."
>>> explain_move(pos, pos.parse_move("wQ -wS1")) is None
True

A gate names the two pieces on either side of the gap and puts their cells in ``cells``:

>>> pos = Position.from_layout({"0,0": "wQ", "1,-1": "bQ", "2,-1": "bA1", "2,0": "bG1",
...                             "1,1": "bS1", "0,1": "wG1"}, to_move="white", turn=5)
>>> why = explain_move(pos, pos.parse_move("wQ -bG1"))
>>> why.rule, why.kind, [p.name for p in why.pieces]
('R7', 'gate', ['wG1', 'bQ'])
>>> print(why)
The gap between wG1 and bQ is too narrow: wQ cannot slide through it to cell 1,0. (R7)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TypeVar

from hive_teach.core.hexgrid import (
    DELTAS,
    DIRECTION_VECTORS,
    FLANKED_DELTAS,
    ORIGIN,
    Cell,
    are_neighbours,
    cell_name,
    components,
    coords,
    distance,
    flanks,
)
from hive_teach.hive import movegen
from hive_teach.hive.pieces import Bug, Colour, Piece

if TYPE_CHECKING:
    from hive_teach.hive.position import AnyMove, Move, Position

Board = dict[Cell, list[Piece]]
T = TypeVar("T")


@dataclass(frozen=True)
class Explanation:
    """Why a move (or a piece) cannot be played.

    ``rule`` is a RULES.md id, ``reason`` one sentence for a learner, ``kind`` a short tag from
    :data:`KINDS` that diagrams use to draw marks, ``pieces`` and ``cells`` what the sentence
    names: for a gate the two flanking pieces and cells (also in ``gate``), for a pinned piece
    the pieces and cells that would be cut off, for a placement next to the opponent the enemy
    pieces and cells. ``path`` is a way the piece would have to take (a Spider's three steps,
    a Ladybug's up-across-down), ``others`` further rules the move breaks (for example why a
    Pillbug could not throw the piece there either).
    """

    rule: str
    reason: str
    kind: str = ""
    pieces: tuple[Piece, ...] = ()
    cells: tuple[Cell, ...] = field(default=())
    gate: tuple[Cell, Cell] | None = None
    path: tuple[Cell, ...] = ()
    others: tuple[Explanation, ...] = ()

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


KINDS: dict[str, str] = {
    "game-over": "the game has ended (R19)",
    "not-in-game": "the piece is not part of this game type (R0)",
    "not-your-turn": "the piece belongs to the player who is not to move (R0)",
    "piece-order": "a lower-numbered piece of the same bug is still in hand (R0)",
    "no-destination": "the move names no cell (R0)",
    "pass-with-moves": "a pass while other moves exist (R18)",
    "queen-by-4": "4th turn and the Queen Bee still in hand (R4)",
    "queen-first-turn": "the Queen Bee on the first turn with the tournament rule (R4)",
    "first-placement": "the first piece goes at 0,0 (R1)",
    "second-placement": "the second piece must touch the first (R2)",
    "touches-opponent": "a new piece would touch the opponent's pieces (R3)",
    "not-touching": "a new piece would touch none of its own pieces (R3)",
    "no-placement": "no cell is open for a new piece (R3)",
    "queen-not-placed": "no piece moves before its Queen Bee is placed (R5)",
    "stunned": "the piece moved or was thrown on the previous turn (R17)",
    "thrower-stunned": "the Pillbug (or Mosquito) moved on the previous turn (R17)",
    "covered": "another piece sits on top (R6, or R16 for a throw)",
    "pinned": "lifting the piece would split the hive (R6)",
    "mosquito-alone": "a Mosquito touching only the other Mosquito copies nothing (R14)",
    "same-cell": "a move must end on another cell",
    "too-far": "the cell is further than the piece moves",
    "occupied": "the cell is taken",
    "gate": "both cells beside the gap are occupied (R7)",
    "no-contact": "no piece beside the gap: the piece would lose touch with the hive (R7)",
    "height-gate": "the stacks beside the gap are too high to climb between (R8)",
    "not-in-line": "a Grasshopper's cell not on one of its six lines (R11)",
    "nothing-to-jump": "no piece next to the Grasshopper in that direction (R11)",
    "gap": "an empty cell on the Grasshopper's line before the target (R11)",
    "wrong-count": "a Spider reaches the cell in 1 or 2 steps but never in exactly 3 (R12)",
    "revisit": "a Spider would have to enter a cell twice (R12)",
    "off-hive": "the cell touches no piece: walkers follow the hive's edge",
    "enclosed": "the cell is walled in by pieces",
    "no-path": "a Ladybug finds no two pieces to walk across (R15)",
    "not-adjacent": "the piece is not next to the Pillbug that would throw it (R16)",
    "stacked": "the piece to throw is on top of a stack (R16)",
    "thrower-covered": "a piece sits on the Pillbug, so its power is off (R16)",
    "thrower-on-top": "a Mosquito on top of the hive moves only as a Beetle (R14)",
    "no-room": "the Pillbug has no empty cell next to it (R16)",
    "stuck": "the piece may move but every way is blocked (explain_piece only)",
    "unknown": "last resort when the analysis finds nothing (should never happen)",
}
"""Every ``kind`` an explanation can carry, with what it means."""

FALLBACK_KINDS = frozenset({"unknown"})
"""Kinds that mean the analysis found no precise reason."""


# ----------------------------------------------------------------------------- public API
def explain_move(pos: Position, move: AnyMove) -> Explanation | None:
    """Why ``move`` is illegal in ``pos``, or ``None`` if it is legal.

    >>> from hive_teach.hive.position import Position
    >>> pos = Position.from_game_string("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    >>> print(explain_move(pos, pos.parse_move("wS1 bQ-")))
    Moving wS1 would split off wQ from the rest of the hive, and the hive must always stay in \
one piece. (R6)
    """
    if pos.is_legal(move):
        return None
    why = Explainer(pos).move(move)
    if why is None:  # pragma: no cover - the tests check this never happens
        return Explanation(
            "R0", "This move is not allowed here.", "unknown", _only(move.piece),
            _only(move.to),
        )
    return why


def explain_piece(pos: Position, piece: Piece | str) -> Explanation | None:
    """Why ``piece`` cannot move (or be placed) at all this turn, or None if it has a move.

    Reasons: the game is over (R19), not your piece (R0), for a piece in hand the order of
    pieces (R0), the Queen rules (R4) or no open cell (R3); for a piece on the board R5, R17,
    R6 (covered, pinned), R14 (a Mosquito touching only the other Mosquito), and last "stuck"
    (free to move but every way is blocked).

    >>> from hive_teach.hive.position import Position
    >>> pos = Position.from_game_string("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    >>> explain_piece(pos, "wS1").kind, explain_piece(pos, "wQ") is None
    ('pinned', True)
    """
    if isinstance(piece, str):
        piece = Piece.from_name(piece)
    return Explainer(pos).piece(piece)


class Explainer:
    """The explanations for one position, sharing the searches between questions.

    A widget that asks about every cell should make one ``Explainer`` per position and call
    :meth:`move` for each cell; :func:`explain_move` makes a fresh one per call. :meth:`move`
    is the analysis alone: it returns ``None`` when it finds nothing wrong, without asking the
    move generator (the tests check the two always agree).
    """

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self._movers: dict[Piece, _Mover] = {}
        self._throwers: list[Piece] | None = None

    # ------------------------------------------------------------------ moves
    def move(self, move: AnyMove) -> Explanation | None:
        """Why ``move`` is illegal, found by analysis; None if the analysis finds no reason."""
        pos = self.pos
        if pos.state.is_over:
            return self._game_over()
        if move.piece is None:
            return self._pass()
        piece, to = move
        if piece not in pos.game_type:
            return _not_in_game(pos, piece)
        if to is None:
            return Explanation("R0", f"The move names no cell for {piece.name} to go to.",
                               "no-destination", (piece,))
        colour = pos.turn
        if piece not in pos.where:
            if piece.colour is not colour:
                return self._not_your_turn(piece)
            return self._placement(piece, to)
        if piece.colour is not colour:
            throws = self._throw_reasons(piece, to)
            if not throws:
                return self._not_your_turn(piece)
            return _best_throw(throws)
        blocked = self._blocked(piece)
        if blocked is not None:
            return blocked
        own = self._own(piece, to)
        if own is None:
            return None
        throws = self._throw_reasons(piece, to)
        if not throws:
            return own
        throw = _best_throw(throws)
        if throw is None:
            return None
        return replace(own, others=(*own.others, throw))

    def piece(self, piece: Piece) -> Explanation | None:
        """Why ``piece`` has no legal move at all, or None (see :func:`explain_piece`)."""
        pos = self.pos
        if pos.state.is_over:
            return self._game_over()
        if piece not in pos.game_type:
            return _not_in_game(pos, piece)
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
    def _game_over(self) -> Explanation:
        return Explanation(
            "R19",
            f"The game is over ({_result(self.pos)}); no more moves can be played.",
            "game-over",
        )

    def _pass(self) -> Explanation | None:
        moves = self.pos.legal_moves()
        if moves and not moves[0].is_pass:
            return Explanation(
                "R18",
                "You may only pass when you have no legal move, and you still have "
                f"{len(moves)} (for example {self.pos.move_string(moves[0])}).",
                "pass-with-moves",
            )
        return None

    def _not_your_turn(self, piece: Piece) -> Explanation:
        pos = self.pos
        extra = ""
        c = pos.where.get(piece)
        mosquito = _expansion_piece(pos.turn, Bug.MOSQUITO)
        mc = pos.where.get(mosquito)
        if (
            c is not None and mc is not None and are_neighbours(c, mc)
            and Bug.PILLBUG in pos.game_type.expansions
        ):
            extra = (
                f" Your {mosquito.name} could throw it only while touching a Pillbug, and it "
                "touches none."
            )
        return Explanation(
            "R0",
            f"It is {pos.turn.title}'s turn, and {piece.name} belongs to {piece.colour.title}; "
            "a player only plays their own pieces (an opponent's piece moves only when your "
            f"Pillbug throws it).{extra}",
            "not-your-turn",
            (piece,),
            _only(c),
        )

    def _blocked(self, piece: Piece) -> Explanation | None:
        """R5, R17, R6 and the lonely Mosquito: the side to move's ``piece`` cannot move at all."""
        pos = self.pos
        colour = piece.colour
        queen = _expansion_piece(colour, Bug.QUEEN)
        if queen not in pos.where:
            return Explanation(
                "R5",
                f"Your Queen Bee {queen.name} is not on the board yet, and no piece may move "
                "before she is placed.",
                "queen-not-placed",
                (queen,),
            )
        c = pos.where[piece]
        if pos.last_moved is piece:
            return Explanation(
                "R17",
                f"{piece.name} {_how_played(pos, piece)} on the previous turn, so it is stunned "
                "and cannot move this turn.",
                "stunned",
                (piece,),
                (c,),
            )
        s = pos.stacks[c]
        if s[-1] is not piece:
            above = s[s.index(piece) + 1 :]
            power = " or use its power" if piece.bug is Bug.PILLBUG else ""
            return Explanation(
                "R6",
                f"{_names(above)} {'sits' if len(above) == 1 else 'sit'} on top of "
                f"{piece.name}, so {piece.name} cannot move{power}.",
                "covered",
                tuple(above),
                (c,),
            )
        if len(s) == 1 and c in pos.pinned_cells():
            return _pinned(pos, piece, c)
        if piece.bug is Bug.MOSQUITO and len(s) == 1:
            m = self._mover(piece)
            if not m.copies():
                other = [pos.top(c + d) for d in DELTAS if c + d in pos.stacks]
                return Explanation(
                    "R14",
                    f"{piece.name} touches only {_names(other)}, and a Mosquito cannot copy "
                    "another Mosquito, so it has no way to move.",
                    "mosquito-alone",
                    tuple(p for p in other if p is not None),
                    tuple(c + d for d in DELTAS if c + d in pos.stacks),
                )
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
    def _placement(self, piece: Piece, to: Cell) -> Explanation | None:
        pos = self.pos
        colour = pos.turn
        first = next(p for p in pos.placeable(colour) if p.bug is piece.bug)
        if first is not piece:
            return Explanation(
                "R0",
                f"Pieces of one kind come into play in number order: place {first.name} "
                f"before {piece.name}.",
                "piece-order",
                (first, piece),
            )
        queen = _expansion_piece(colour, Bug.QUEEN)
        if pos.turn_number == 4 and queen not in pos.where and piece is not queen:
            return Explanation(
                "R4",
                "This is your 4th turn and your Queen Bee is still in your hand, so you must "
                f"place her ({queen.name}) now.",
                "queen-by-4",
                (queen,),
            )
        if pos.tournament and pos.turn_number == 1 and piece is queen:
            return Explanation(
                "R4",
                "With the tournament rule the Queen Bee may not be placed on your first turn.",
                "queen-first-turn",
                (queen,),
            )
        stacks = pos.stacks
        if to in stacks:
            return Explanation(
                "R3",
                # position.py's doctest quotes this sentence word for word.
                "A piece is never placed on top of another piece; it goes on an empty cell.",
                "occupied",
                (stacks[to][-1],),
                (to,),
            )
        if not stacks:
            if to != ORIGIN:
                return Explanation(
                    "R1",
                    "The first piece of the game goes in the middle of the table, at 0,0.",
                    "first-placement",
                    (),
                    (ORIGIN,),
                )
            return None
        if len(stacks) == 1:
            (only,) = stacks
            top = stacks[only][-1]
            if top.colour is not colour:
                if are_neighbours(only, to):
                    return None
                return Explanation(
                    "R2",
                    f"The second piece of the game must touch the first one, {top.name}.",
                    "second-placement",
                    (top,),
                    (only,),
                )
        tops = [(to + d, stacks[to + d][-1]) for d in DELTAS if to + d in stacks]
        enemy = [(c, p) for c, p in tops if p.colour is not colour]
        if enemy:
            return Explanation(
                "R3",
                f"This cell touches the opponent's {_names([p for _, p in enemy])}; a new "
                "piece may only touch pieces of its own colour.",
                "touches-opponent",
                tuple(p for _, p in enemy),
                tuple(c for c, _ in enemy),
            )
        if not tops:
            return Explanation(
                "R3",
                f"Cell {cell_name(to)} touches no piece; a new piece must touch one of your "
                "own pieces.",
                "not-touching",
                (),
                (to,),
            )
        return None

    def _hand_piece(self, piece: Piece) -> Explanation | None:
        cells = self._candidate_cells()
        reasons = [self._placement(piece, x) for x in sorted(cells)]
        if any(r is None for r in reasons):
            return None
        first = reasons[0]
        if first is not None and first.kind in ("piece-order", "queen-by-4", "queen-first-turn"):
            return first
        return Explanation(
            "R3",
            f"No empty cell touches your pieces without also touching the opponent's, so "
            f"{piece.name} cannot be placed now.",
            "no-placement",
            (piece,),
        )

    # ------------------------------------------------------------------ own movement
    def _mover(self, piece: Piece) -> _Mover:
        m = self._movers.get(piece)
        if m is None:
            m = self._movers[piece] = _Mover(self.pos, piece)
        return m

    def _own(self, piece: Piece, to: Cell) -> Explanation | None:
        m = self._mover(piece)
        if m.below:
            why = _beetle(m, to, Bug.BEETLE)
            if why is None or piece.bug is Bug.BEETLE:
                return why
            return replace(
                why,
                rule=_mosquito_rule(why),
                reason=f"On top of the hive {piece.name} moves only as a Beetle, and "
                + _lower(why.reason),
            )
        if piece.bug is Bug.MOSQUITO:
            return _mosquito(m, to)
        return _ANALYSERS[piece.bug](m, to, piece.bug)

    def _stuck(self, piece: Piece) -> Explanation:
        m = self._mover(piece)
        name = piece.name
        c = m.cell
        bug = Bug.BEETLE if m.below else piece.bug
        around = tuple(
            e for e in (self._own(piece, c + d) for d in DELTAS) if e is not None
        )
        rule = "R14" if piece.bug is Bug.MOSQUITO else bug.rule
        if bug is Bug.MOSQUITO:
            copies = _join([f"the {b.title} from {p.name}" for b, p in m.copies()])
            text = f"{name} copies {copies}, and none of those moves is open here."
        elif bug in (Bug.QUEEN, Bug.PILLBUG, Bug.SPIDER, Bug.ANT) and all(
            c + d in m.board for d in DELTAS
        ):
            text = f"{name} is surrounded by pieces on all six sides, so it cannot slide out."
        elif bug in (Bug.QUEEN, Bug.PILLBUG, Bug.BEETLE):
            text = (
                f"{name} has nowhere to go: every cell next to it is taken or closed by a gate "
                "it cannot pass."
            )
        elif bug is Bug.SPIDER:
            text = f"{name} has nowhere to go: no way of exactly three slides is open."
        elif bug is Bug.LADYBUG:
            text = (
                f"{name} has nowhere to go: it finds no open way up onto the hive, across "
                "and down into an empty cell."
            )
        else:
            text = f"{name} has nowhere to go: every way out is closed by a gate."
        return Explanation(rule, text, "stuck", (piece,), (c,), others=around)

    # ------------------------------------------------------------------ Pillbug throws
    def _thrower_list(self) -> list[Piece]:
        """The side to move's Pillbug, and its Mosquito if it touches a Pillbug."""
        if self._throwers is None:
            pos = self.pos
            out = []
            for bug in (Bug.PILLBUG, Bug.MOSQUITO):
                if bug not in pos.game_type.expansions:
                    continue
                t = _expansion_piece(pos.turn, bug)
                c = pos.where.get(t)
                if c is None:
                    continue
                if bug is Bug.MOSQUITO and not any(
                    c + d in pos.stacks and pos.stacks[c + d][-1].bug is Bug.PILLBUG
                    for d in DELTAS
                ):
                    continue
                out.append(t)
            self._throwers = out
        return self._throwers

    def _throw_reasons(self, piece: Piece, to: Cell | None) -> list[Explanation | None]:
        """For each of our throwers next to ``piece``: why it cannot throw it to ``to``."""
        n = self.pos.where[piece]
        return [
            self._throw_by(t, piece, to)
            for t in self._thrower_list()
            if are_neighbours(self.pos.where[t], n)
        ]

    def _throw_by(self, thrower: Piece, piece: Piece, to: Cell | None) -> Explanation | None:
        """Why ``thrower`` cannot throw ``piece`` to ``to`` (R16); with ``to=None`` only the
        reasons that hold for every cell."""
        pos = self.pos
        stacks = pos.stacks
        p = pos.where[thrower]
        n = pos.where[piece]
        power = "the Pillbug's power" if thrower.bug is Bug.MOSQUITO else "its power"
        queen = _expansion_piece(pos.turn, Bug.QUEEN)
        if queen not in pos.where:
            return Explanation(
                "R5",
                f"Your Queen Bee {queen.name} is not on the board yet, so {thrower.name} may "
                f"not use {power}.",
                "queen-not-placed",
                (queen,),
            )
        if pos.last_moved is piece:
            return Explanation(
                "R17",
                f"{piece.name} {_how_played(pos, piece)} on the previous turn, so it is "
                f"stunned: {thrower.name} cannot throw it this turn.",
                "stunned",
                (piece, thrower),
                (n,),
            )
        if pos.last_moved is thrower:
            return Explanation(
                "R17",
                f"{thrower.name} {_how_played(pos, thrower)} on the previous turn, so it is "
                f"stunned and cannot use {power} this turn.",
                "thrower-stunned",
                (thrower,),
                (p,),
            )
        sn = stacks[n]
        if len(sn) > 1:
            if sn[-1] is piece:
                text = (
                    f"{piece.name} is on top of a stack, and {thrower.name} can only lift a "
                    "piece that stands alone on the ground."
                )
                kind, names = "stacked", (piece, thrower)
            else:
                above = sn[sn.index(piece) + 1 :]
                text = (
                    f"{_names(above)} {'sits' if len(above) == 1 else 'sit'} on top of "
                    f"{piece.name}, and {thrower.name} can only lift a piece with nothing on "
                    "top."
                )
                kind, names = "covered", (*above, thrower)
            return Explanation("R16", text, kind, names, (n,))
        if n in pos.pinned_cells():
            return _pinned(pos, piece, n, thrower)
        sp = stacks[p]
        if sp[-1] is not thrower:
            above = sp[sp.index(thrower) + 1 :]
            return Explanation(
                "R16",
                f"{_names(above)} {'sits' if len(above) == 1 else 'sit'} on top of "
                f"{thrower.name}, so {thrower.name} cannot use {power}.",
                "thrower-covered",
                (*above, thrower),
                (p,),
            )
        if len(sp) > 1:
            return Explanation(
                "R14",
                f"{thrower.name} is on top of the hive, where it moves only as a Beetle, so it "
                "cannot use the Pillbug's power.",
                "thrower-on-top",
                (thrower,),
                (p,),
            )
        # Lift: from the ground at n onto the thrower (height 1), R8.
        fl, fr = flanks(p, n)
        hl, hr = movegen.height(stacks, fl), movegen.height(stacks, fr)
        if min(hl, hr) > 1:
            return _height_gate(
                stacks, f"lift {piece.name} onto itself", thrower.name, fl, fr, hl, hr, 0, 1,
                piece=piece,
            )
        if to is None:
            return None
        if to == n:
            return Explanation(
                "R16",
                f"{piece.name} is already on cell {cell_name(to)}; a throw sets it down on "
                "another cell.",
                "same-cell",
                (piece,),
                (n,),
            )
        if to in stacks:
            return Explanation(
                "R16",
                f"Cell {cell_name(to)} is taken by {stacks[to][-1].name}; {thrower.name} sets "
                "a thrown piece down only on an empty cell.",
                "occupied",
                (stacks[to][-1], thrower),
                (to,),
            )
        if not are_neighbours(p, to):
            return Explanation(
                "R16",
                f"{thrower.name} sets a thrown piece down only on an empty cell next to "
                f"itself, and cell {cell_name(to)} is not next to {thrower.name}.",
                "too-far",
                (piece, thrower),
                (p, to),
            )
        fl, fr = flanks(p, to)
        hl = 0 if fl == n else movegen.height(stacks, fl)
        hr = 0 if fr == n else movegen.height(stacks, fr)
        if min(hl, hr) > 1:
            return _height_gate(
                stacks, f"set {piece.name} down on cell {cell_name(to)}", thrower.name, fl, fr,
                hl, hr, 1, 0, piece=piece,
            )
        return None

    def _no_throw(self, piece: Piece) -> Explanation:
        """Why none of our throwers can throw the opponent's ``piece`` anywhere."""
        options = []
        for t in self._thrower_list():
            p = self.pos.where[t]
            if not are_neighbours(p, self.pos.where[piece]):
                continue
            why = self._throw_by(t, piece, None)
            if why is None:
                empties = [p + d for d in DELTAS if p + d not in self.pos.stacks]
                if not empties:
                    why = Explanation(
                        "R16",
                        f"{t.name} has no empty cell next to it to set {piece.name} down on.",
                        "no-room",
                        (t, piece),
                        (p,),
                    )
                else:
                    why = _best_throw([self._throw_by(t, piece, e) for e in empties])
            options.append(why)
        if not options:
            return self._not_your_turn(piece)
        best = _best_throw(options)
        assert best is not None
        return best


# ----------------------------------------------------------------------------- a lifted piece
class _Mover:
    """A piece of the side to move lifted off the board, with its searches cached."""

    def __init__(self, pos: Position, piece: Piece) -> None:
        c = pos.where[piece]
        s = pos.stacks[c]
        board = dict(pos.stacks)
        if len(s) > 1:
            board[c] = s[:-1]
        else:
            del board[c]
        self.piece = piece
        self.name = piece.name
        self.cell = c
        self.board: Board = board
        self.below = len(s) - 1
        self._spider: _SpiderPaths | None = None
        self._reach: set[Cell] | None = None
        self._gates: dict[Cell, tuple[Cell, Cell] | None] | None = None
        self._copies: list[tuple[Bug, Piece]] | None = None

    def copies(self) -> list[tuple[Bug, Piece]]:
        if self._copies is None:
            self._copies = movegen.mosquito_copies(self.board, self.cell)
        return self._copies

    def spider(self) -> _SpiderPaths:
        if self._spider is None:
            self._spider = _SpiderPaths(self.board, self.cell)
        return self._spider

    def reach(self) -> set[Cell]:
        """Cells an Ant reaches (any number of open slides)."""
        if self._reach is None:
            self._reach = {x for x, g in self.gates().items() if g is None} - {self.cell}
        return self._reach

    def gates(self) -> dict[Cell, tuple[Cell, Cell] | None]:
        if self._gates is None:
            self._gates = _gate_search(self.board, self.cell)
        return self._gates


# ----------------------------------------------------------------------------- board helpers
def _h(board: Board, x: Cell) -> int:
    s = board.get(x)
    return len(s) if s else 0


def _slides(board: Board, a: Cell) -> list[Cell]:
    """Open ground slides from ``a`` (R7): empty target, exactly one flanking cell occupied."""
    out = []
    for d, dl, dr in FLANKED_DELTAS:
        b = a + d
        if b not in board and ((a + dl in board) != (a + dr in board)):
            out.append(b)
    return out


def _loose_slides(board: Board, a: Cell) -> list[tuple[Cell, bool]]:
    """Slides from ``a`` if gates were open: (target, whether it passes a gate)."""
    out = []
    for d, dl, dr in FLANKED_DELTAS:
        b = a + d
        if b in board:
            continue
        left, right = a + dl in board, a + dr in board
        if left or right:
            out.append((b, left and right))
    return out


def _gate_search(board: Board, start: Cell) -> dict[Cell, tuple[Cell, Cell] | None]:
    """Every cell a slider reaches from ``start`` if gates were open, with the last gate edge
    on a way through the fewest gates (None: no gate needed). A 0-1 breadth-first search."""
    cost = {start: 0}
    last: dict[Cell, tuple[Cell, Cell] | None] = {start: None}
    todo = deque([start])
    while todo:
        a = todo.popleft()
        ca = cost[a]
        for b, gated in _loose_slides(board, a):
            cb = ca + gated
            if b not in cost or cb < cost[b]:
                cost[b] = cb
                last[b] = (a, b) if gated else last[a]
                if gated:
                    todo.append(b)
                else:
                    todo.appendleft(b)
    return last


def _touches(board: Board, x: Cell) -> bool:
    return any(x + d in board for d in DELTAS)


def _walled_in(board: Board, x: Cell) -> bool:
    """Whether the empty region around ``x`` is closed in by pieces (a hole in the hive)."""
    qs = [coords(c) for c in board]
    lo_q, hi_q = min(q for q, _ in qs), max(q for q, _ in qs)
    lo_r, hi_r = min(r for _, r in qs), max(r for _, r in qs)
    seen = {x}
    todo = [x]
    while todo:
        a = todo.pop()
        q, r = coords(a)
        if not (lo_q < q < hi_q and lo_r < r < hi_r):
            return False
        for d in DELTAS:
            b = a + d
            if b not in seen and b not in board:
                seen.add(b)
                todo.append(b)
    return True


class _SpiderPaths:
    """Every way of three slides from a Spider's cell, sorted into what they show."""

    def __init__(self, board: Board, c: Cell) -> None:
        memo: dict[Cell, list[Cell]] = {}

        def slides(a: Cell) -> list[Cell]:
            if a not in memo:
                memo[a] = _slides(board, a)
            return memo[a]

        self.exact: dict[Cell, tuple[Cell, ...]] = {}
        self.walks: dict[Cell, tuple[Cell, ...]] = {}
        for b1 in slides(c):
            for b2 in slides(b1):
                for b3 in slides(b2):
                    if b3 == c:
                        continue
                    if b2 != c and b3 != b1:
                        self.exact.setdefault(b3, (c, b1, b2, b3))
                    else:
                        self.walks.setdefault(b3, (c, b1, b2, b3))
        # Ways that never enter a cell twice if gates were open, with the fewest gates.
        loose_memo: dict[Cell, list[tuple[Cell, bool]]] = {}

        def loose(a: Cell) -> list[tuple[Cell, bool]]:
            if a not in loose_memo:
                loose_memo[a] = _loose_slides(board, a)
            return loose_memo[a]

        self.gated: dict[Cell, tuple[int, tuple[Cell, ...], tuple[bool, ...]]] = {}
        for b1, g1 in loose(c):
            for b2, g2 in loose(b1):
                if b2 == c:
                    continue
                for b3, g3 in loose(b2):
                    if b3 in (c, b1):
                        continue
                    n = g1 + g2 + g3
                    if n and (b3 not in self.gated or n < self.gated[b3][0]):
                        self.gated[b3] = (n, (c, b1, b2, b3), (g1, g2, g3))
        # Fewest slides to each cell along the hive.
        self.dist = {c: 0}
        todo = deque([c])
        while todo:
            a = todo.popleft()
            for b in slides(a):
                if b not in self.dist:
                    self.dist[b] = self.dist[a] + 1
                    todo.append(b)


# ----------------------------------------------------------------------------- per-bug analysis
def _same_cell(m: _Mover, bug: Bug) -> Explanation:
    return Explanation(
        bug.rule,
        f"{m.name} is already on cell {cell_name(m.cell)}: a move must end on a different cell "
        "from where it started.",
        "same-cell",
        (m.piece,),
        (m.cell,),
    )


def _occupied(m: _Mover, to: Cell, bug: Bug, tail: str) -> Explanation:
    top = m.board[to][-1]
    return Explanation(
        bug.rule,
        f"Cell {cell_name(to)} is taken by {top.name}, and {tail}",
        "occupied",
        (top,),
        (to,),
    )


def _off_hive(m: _Mover, to: Cell, bug: Bug, how: str) -> Explanation:
    return Explanation(
        bug.rule,
        f"Cell {cell_name(to)} does not touch the hive (without {m.name} itself), and "
        f"{how}",
        "off-hive",
        (m.piece,),
        (to,),
    )


def _ground_gap(m: _Mover, a: Cell, b: Cell, to: Cell) -> Explanation | None:
    """R7 for the slide a -> b on the way to ``to``: a gate or no contact, else None."""
    fl, fr = flanks(a, b)
    board = m.board
    if fl in board and fr in board:
        return _gate(board, m, fl, fr, b, to)
    if fl not in board and fr not in board:
        return Explanation(
            "R7",
            f"{m.name} would lose touch with the hive: there is no piece on either side of its "
            f"way to cell {cell_name(b)}, and a piece must slide along the hive.",
            "no-contact",
            (m.piece,),
            (fl, fr),
        )
    return None


def _gate(
    board: Board, m: _Mover, fl: Cell, fr: Cell, b: Cell, to: Cell, path: tuple[Cell, ...] = ()
) -> Explanation:
    a, c = board[fl][-1], board[fr][-1]
    where = f"to cell {cell_name(to)}"
    if b != to:
        where = f"to cell {cell_name(b)} on the way to {cell_name(to)}"
    return Explanation(
        "R7",
        f"The gap between {a.name} and {c.name} is too narrow: {m.name} cannot slide through "
        f"it {where}.",
        "gate",
        (a, c),
        (fl, fr),
        gate=(fl, fr),
        path=path,
    )


def _level(h: int) -> str:
    return "on the ground" if h == 0 else f"on a stack {h} high"


def _height_gate(
    board: Board, action: str, name: str, fl: Cell, fr: Cell, hl: int, hr: int, s: int, d: int,
    *, piece: Piece | None = None, path: tuple[Cell, ...] = (),
) -> Explanation:
    a, c = board[fl][-1], board[fr][-1]
    who = piece.name if piece is not None else "it"
    return Explanation(
        "R8",
        f"{name} cannot {action}: the stacks on both sides of the gap, {a.name} ({hl} high) "
        f"and {c.name} ({hr} high), are taller than both where {who} starts ({_level(s)}) "
        f"and where it lands ({_level(d)}).",
        "height-gate",
        (a, c),
        (fl, fr),
        gate=(fl, fr),
        path=path,
    )


def _one_step(m: _Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Queen Bee (R9), Pillbug walking (R16): one slide into an empty cell."""
    c = m.cell
    if to == c:
        return _same_cell(m, bug)
    if not are_neighbours(c, to):
        return Explanation(
            bug.rule,
            f"A {bug.title} moves just one cell, and cell {cell_name(to)} is "
            f"{distance(c, to)} cells away from {m.name}.",
            "too-far",
            (m.piece,),
            (to,),
        )
    if to in m.board:
        return _occupied(m, to, bug, f"a {bug.title} only moves into an empty cell.")
    return _ground_gap(m, c, to, to)


def _beetle(m: _Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Beetle (R10): one step, sliding on the ground (R7) or climbing (R8)."""
    c = m.cell
    if to == c:
        return _same_cell(m, bug)
    if not are_neighbours(c, to):
        return Explanation(
            bug.rule,
            f"A Beetle moves just one cell (on the ground or over the hive), and cell "
            f"{cell_name(to)} is {distance(c, to)} cells away from {m.name}.",
            "too-far",
            (m.piece,),
            (to,),
        )
    board = m.board
    s, d = m.below, _h(board, to)
    if s == 0 and d == 0:
        return _ground_gap(m, c, to, to)
    fl, fr = flanks(c, to)
    hl, hr = _h(board, fl), _h(board, fr)
    if min(hl, hr) > max(s, d):
        action = f"climb onto {board[to][-1].name}" if d else f"climb down to cell {cell_name(to)}"
        return _height_gate(board, action, m.name, fl, fr, hl, hr, s, d)
    return None


def _grasshopper(m: _Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Grasshopper (R11): a straight jump over pieces to the first empty cell."""
    c = m.cell
    board = m.board
    if to == c:
        return _same_cell(m, bug)
    (q0, r0), (q1, r1) = coords(c), coords(to)
    dq, dr = q1 - q0, r1 - r0
    k = max(abs(dq), abs(dr))
    step = (dq // k, dr // k)
    if not (dq == 0 or dr == 0 or dq == -dr) or step not in DIRECTION_VECTORS:
        return Explanation(
            bug.rule,
            f"A {bug.title} jumps only in a straight line, and cell {cell_name(to)} is not in "
            f"line with {m.name} in any of the six directions.",
            "not-in-line",
            (m.piece,),
            (to,),
        )
    delta = DELTAS[DIRECTION_VECTORS.index(step)]
    first = c + delta
    if first not in board:
        return Explanation(
            bug.rule,
            f"A {bug.title} must jump over at least one piece, and the cell next to "
            f"{m.name} in that direction ({cell_name(first)}) is empty.",
            "nothing-to-jump",
            (m.piece,),
            (first,),
        )
    land = first
    while land in board:
        land += delta
    if land == to:
        return None
    if to in board:
        return Explanation(
            bug.rule,
            f"Cell {cell_name(to)} is taken by {board[to][-1].name}: a {bug.title} jumps over "
            f"every piece in its way and lands on the first empty cell, here "
            f"{cell_name(land)}.",
            "occupied",
            (board[to][-1],),
            (to, land),
        )
    return Explanation(
        bug.rule,
        f"There is a gap on the way: {m.name} would land at cell {cell_name(land)} first, and "
        f"a {bug.title} cannot jump over an empty cell.",
        "gap",
        (m.piece,),
        (land,),
    )


def _steps(n: int) -> str:
    return "1 step" if n == 1 else f"{n} steps"


def _spider(m: _Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Spider (R12): exactly three slides, never entering a cell twice."""
    c = m.cell
    board = m.board
    if to == c:
        return _same_cell(m, bug)
    if to in board:
        return _occupied(m, to, bug, f"a {bug.title} only walks into empty cells.")
    if not _touches(board, to):
        return _off_hive(m, to, bug, f"a {bug.title} walks along the edge of the hive.")
    paths = m.spider()
    if to in paths.exact:
        return None
    if to in paths.gated:
        _n, path, gated = paths.gated[to]
        i = gated.index(True)
        fl, fr = flanks(path[i], path[i + 1])
        why = _gate(board, m, fl, fr, path[i + 1], to, path)
        return replace(
            why,
            reason=f"{m.name} could reach cell {cell_name(to)} in three steps only by "
            f"squeezing between {board[fl][-1].name} and {board[fr][-1].name}, and that gap "
            "is too narrow to slide through.",
        )
    d = paths.dist.get(to)
    if d is not None and d < 3:
        if to in paths.walks:
            walk = paths.walks[to]
            twice = walk[0] if walk[2] == walk[0] else walk[1]
            where = "its starting cell" if twice == c else f"cell {cell_name(twice)}"
            return Explanation(
                bug.rule,
                f"{m.name} reaches cell {cell_name(to)} in {_steps(d)}; the only ways there in "
                f"exactly three steps would enter {where} twice, and a {bug.title} never "
                "enters a cell twice in one move.",
                "revisit",
                (m.piece,),
                (twice,),
                path=walk,
            )
        return Explanation(
            bug.rule,
            f"{m.name} reaches cell {cell_name(to)} in {_steps(d)} but never in exactly 3, "
            f"and a {bug.title} always takes exactly three steps.",
            "wrong-count",
            (m.piece,),
            (to,),
        )
    if d is not None:
        return Explanation(
            bug.rule,
            f"Cell {cell_name(to)} is {d} steps away along the edge of the hive, and a "
            f"{bug.title} takes exactly three.",
            "too-far",
            (m.piece,),
            (to,),
        )
    return _pocket(m, to, bug)


def _ant(m: _Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Soldier Ant (R13): any number of slides around the hive."""
    c = m.cell
    board = m.board
    if to == c:
        return _same_cell(m, bug)
    if to in board:
        return _occupied(m, to, bug, f"a {bug.title} only walks into empty cells.")
    if not _touches(board, to):
        return _off_hive(m, to, bug, f"a {bug.title} walks around the edge of the hive.")
    if to in m.reach():
        return None
    return _pocket(m, to, bug)


def _pocket(m: _Mover, to: Cell, bug: Bug) -> Explanation:
    """A cell on the hive's edge that no open slide leads to: behind a gate, or walled in."""
    gates = m.gates()
    edge = gates.get(to)
    board = m.board
    if edge is not None:
        fl, fr = flanks(*edge)
        a, c = board[fl][-1], board[fr][-1]
        return Explanation(
            "R7",
            f"Cell {cell_name(to)} is cut off from {m.name} by the gap between {a.name} and "
            f"{c.name}, which is too narrow to slide through.",
            "gate",
            (a, c),
            (fl, fr),
            gate=(fl, fr),
        )
    start = m.cell
    if all(to + d in board for d in DELTAS):
        text = f"Cell {cell_name(to)} is surrounded by pieces on all six sides, so {m.name} "
        text += "cannot slide into it."
        where = to
    elif _walled_in(board, to):
        text = f"Cell {cell_name(to)} is in a hole walled in by the hive, so {m.name} cannot "
        text += "slide into it."
        where = to
    elif all(start + d in board for d in DELTAS):
        text = f"{m.name} is surrounded by pieces on all six sides, so it cannot slide out."
        where = start
    elif _walled_in(board, start):
        text = f"{m.name} is in a hole walled in by the hive, so it cannot slide out of it."
        where = start
    else:  # pragma: no cover - the hive's edge around one face is always connected
        text = f"{m.name} would have to leave the hive's edge to reach cell {cell_name(to)}."
        where = to
    return Explanation(bug.rule, text, "enclosed", (m.piece,), (where,))


def _ladybug(m: _Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Ladybug (R15): up onto the hive, one step across the top, down into an empty cell."""
    c = m.cell
    board = m.board
    if to == c:
        return _same_cell(m, bug)
    if to in board:
        return _occupied(
            m, to, bug, f"a {bug.title} always climbs down into an empty cell: it never ends "
            "its move on top of the hive.",
        )
    if distance(c, to) > 3:
        return Explanation(
            bug.rule,
            f"A {bug.title} takes exactly three steps (up, across, down), and cell "
            f"{cell_name(to)} is {distance(c, to)} cells away from {m.name}.",
            "too-far",
            (m.piece,),
            (to,),
        )
    downs = [to + d for d in DELTAS if to + d in board]
    if not downs:
        return _off_hive(m, to, bug, f"a {bug.title} has no piece to climb down from there.")
    pairs = [
        (c + d, b2) for b2 in downs for d in DELTAS
        if c + d in board and are_neighbours(c + d, b2)
    ]
    if not pairs:
        return Explanation(
            bug.rule,
            f"A {bug.title} climbs onto a piece next to it, takes one step across the top to "
            f"another piece, then climbs down; no two pieces lead that way from {m.name} to "
            f"cell {cell_name(to)}.",
            "no-path",
            (m.piece,),
            (to,),
        )
    best: tuple[int, Explanation] | None = None
    for b1, b2 in pairs:
        h1, h2 = _h(board, b1), _h(board, b2)
        path = (c, b1, b2, to)
        legs = (
            (c, b1, 0, h1, f"climb up onto {board[b1][-1].name}"),
            (b1, b2, h1, h2, f"cross from {board[b1][-1].name} to {board[b2][-1].name}"),
            (b2, to, h2, 0, f"climb down from {board[b2][-1].name} to cell {cell_name(to)}"),
        )
        for stage, (a, b, s, d, action) in enumerate(legs):
            fl, fr = flanks(a, b)
            hl, hr = _h(board, fl), _h(board, fr)
            if min(hl, hr) > max(s, d):
                if best is None or stage > best[0]:
                    why = _height_gate(board, action, m.name, fl, fr, hl, hr, s, d, path=path)
                    best = (stage, why)
                break
        else:
            return None
    assert best is not None
    return best[1]


_RANK = {
    kind: i for i, kind in enumerate((
        "gate", "height-gate", "no-contact", "revisit", "wrong-count", "gap", "no-path",
        "occupied", "too-far", "nothing-to-jump", "not-in-line", "enclosed", "off-hive",
        "same-cell",
    ))
}


def _mosquito_rule(why: Explanation) -> str:
    """The rule a Mosquito's move breaks: the general rules of moving (a gate R7, a height gate
    R8) stay what they are for every bug; anything about the copied bug's own way of moving
    is the Mosquito's rule R14."""
    return why.rule if why.rule in ("R6", "R7", "R8") else "R14"


def _mosquito(m: _Mover, to: Cell) -> Explanation | None:
    """Mosquito on the ground (R14): the movement of any bug it touches."""
    if to == m.cell:
        return _same_cell(m, Bug.MOSQUITO)
    copies = m.copies()
    found = []
    for bug, via in copies:
        why = _ANALYSERS[bug](m, to, bug)
        if why is None:
            return None
        found.append((bug, via, why))
    if not found:  # pragma: no cover - _blocked reports a Mosquito that copies nothing
        return None
    bug, via, why = min(found, key=lambda f: _RANK.get(f[2].kind, len(_RANK)))
    if len(found) == 1:
        lead = f"{m.name} can copy only {via.name}, so here it moves like a {bug.title}: "
    else:
        listed = _join([f"the {b.title} from {v.name}" for b, v, _ in found])
        lead = (
            f"{m.name} copies {listed}, but none of those moves reaches cell {cell_name(to)}"
            f" (as a {bug.title}, "
        )
    tail = ")" if len(found) > 1 else ""
    text = why.reason[:-1] if tail and why.reason.endswith(".") else why.reason
    same = f"A {bug.title} "
    if text.startswith(same):  # "as a Spider, a Spider takes ..." reads badly
        text = "it " + text[len(same) :]
    return replace(
        why,
        rule=_mosquito_rule(why),
        reason=f"{lead}{_lower(text)}{tail}{'.' if tail else ''}",
        others=tuple(w for _, _, w in found if w is not why),
    )


_ANALYSERS = {
    Bug.QUEEN: _one_step,
    Bug.PILLBUG: _one_step,
    Bug.BEETLE: _beetle,
    Bug.GRASSHOPPER: _grasshopper,
    Bug.SPIDER: _spider,
    Bug.ANT: _ant,
    Bug.LADYBUG: _ladybug,
}


# ----------------------------------------------------------------------------- small helpers
_THROW_STAGE = {
    kind: i for i, kind in enumerate((
        "queen-not-placed", "stunned", "thrower-stunned", "stacked", "covered", "pinned",
        "thrower-covered", "thrower-on-top", "no-room", "same-cell", "occupied", "too-far",
        "height-gate",
    ))
}


def _best_throw(options: list[Explanation | None]) -> Explanation | None:
    """None if some thrower can do it; else the reason that got furthest."""
    if any(o is None for o in options):
        return None
    found = [o for o in options if o is not None]
    return max(found, key=lambda o: _THROW_STAGE.get(o.kind, -1)) if found else None


def _pinned(pos: Position, piece: Piece, c: Cell, thrower: Piece | None = None) -> Explanation:
    parts = components(x for x in pos.stacks if x != c)
    cut_cells = tuple(sorted(x for part in parts[1:] for x in part))
    cut = sorted((p for x in cut_cells for p in pos.stacks[x]), key=lambda p: p.index)
    tail = "and the hive must always stay in one piece."
    if thrower is not None:
        tail = f"so {thrower.name} cannot throw it: the hive must always stay in one piece."
    return Explanation(
        "R6",
        f"Moving {piece.name} would split off {_names(cut)} from the rest of the hive, {tail}",
        "pinned",
        tuple(cut),
        cut_cells,
    )


def _not_in_game(pos: Position, piece: Piece) -> Explanation:
    return Explanation(
        "R0",
        f"There is no {piece.bug.title} in a {pos.game_type} game, so {piece.name} cannot play.",
        "not-in-game",
        (piece,),
    )


def _expansion_piece(colour: Colour, bug: Bug) -> Piece:
    return Piece.from_name(colour.letter + bug.value)


def _names(pieces: Iterable[Piece | None]) -> str:
    return _join([p.name for p in pieces if p is not None])


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _how_played(pos: Position, piece: Piece) -> str:
    """How the stunned ``piece`` got where it is: moved, placed, or thrown by a Pillbug."""
    if piece.colour is pos.turn:
        return "was thrown by a Pillbug"
    history = pos.move_stack
    if len(history) == pos.ply and sum(m.piece is piece for m in history) == 1:
        return "was placed"
    return "moved"


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _only(x: T | None) -> tuple[T, ...]:
    return () if x is None else (x,)


def _move(piece: Piece, to: Cell) -> Move:
    from hive_teach.hive.position import Move

    return Move(piece, to)


def _result(pos: Position) -> str:
    from hive_teach.hive.position import GameState

    return {
        GameState.WHITE_WINS: "White won",
        GameState.BLACK_WINS: "Black won",
        GameState.DRAW: "it is a draw",
    }.get(pos.state, pos.state.value)


def winner_text(pos: Position) -> str:
    """A short sentence on how the game ended, for boards and worksheets."""
    return _result(pos)


__all__ = [
    "FALLBACK_KINDS",
    "KINDS",
    "Colour",
    "Explainer",
    "Explanation",
    "explain_move",
    "explain_piece",
    "winner_text",
]
