"""Why a move is illegal: the rule id, one plain sentence, and the pieces and cells involved.

The order of reasons follows RULES.md ("Which rule an explanation names"): R19, R0, R18, then
for a placement R4, R1-R3, for a move R5, R17, R6, then the piece's own movement.

>>> from hive_teach.position import Position
>>> pos = Position.from_game_string("Base;InProgress;White[2];wS1;bS1 wS1-")
>>> why = explain_move(pos, pos.parse_move("wQ bS1-"))
>>> why.rule, why.reason
('R3', "This cell touches the opponent's bS1; a new piece may only touch pieces of its own colour.")
>>> explain_move(pos, pos.parse_move("wQ -wS1")) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .hexgrid import DELTAS, ORIGIN, Cell, are_neighbours, cell_name, components
from .pieces import Bug, Colour, Piece

if TYPE_CHECKING:
    from .position import Move, Position


@dataclass(frozen=True)
class Explanation:
    """Why a move (or a piece) cannot be played.

    ``rule`` is a RULES.md id, ``reason`` one sentence for a learner, ``kind`` a short tag
    diagrams can use (``"gate"``, ``"pinned"``, ``"touches-opponent"``, ...), ``pieces`` and
    ``cells`` what the sentence names (gate pieces, the part of the hive cut off, ...).
    """

    rule: str
    reason: str
    kind: str = ""
    pieces: tuple[Piece, ...] = ()
    cells: tuple[Cell, ...] = field(default=())

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


def _names(pieces: list[Piece] | tuple[Piece, ...]) -> str:
    names = [p.name for p in pieces]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def explain_move(pos: Position, move: Move) -> Explanation | None:
    """Why ``move`` is illegal in ``pos``, or ``None`` if it is legal."""
    if pos.state.is_over:
        return Explanation(
            "R19", f"The game is over ({_result(pos)}); no more moves can be played.", "game-over"
        )
    if move.is_pass:
        moves = pos.legal_moves()
        if moves and not moves[0].is_pass:
            return Explanation(
                "R18",
                "You may only pass when you have no legal move, and you still have "
                f"{len(moves)} (for example {pos.move_string(moves[0])}).",
                "pass-with-moves",
            )
        return None
    piece, to = move
    assert piece is not None and to is not None
    if piece not in pos.game_type:
        return Explanation(
            "R0", f"There is no {piece.bug.title} in a {pos.game_type} game.", "not-in-game",
            (piece,),
        )
    if pos.is_legal(move):
        return None
    colour = pos.turn
    if piece not in pos.where:
        if piece.colour is not colour:
            return _not_your_turn(pos, piece)
        return _explain_placement(pos, piece, to)
    if piece.colour is not colour:
        throw = _explain_throw(pos, piece, to)
        return throw or _not_your_turn(pos, piece)
    blocked = explain_piece(pos, piece)
    if blocked is not None:
        return blocked
    return _explain_destination(pos, piece, to)


def _result(pos: Position) -> str:
    from .position import GameState

    return {
        GameState.WHITE_WINS: "White won",
        GameState.BLACK_WINS: "Black won",
        GameState.DRAW: "it is a draw",
    }.get(pos.state, pos.state.value)


def _not_your_turn(pos: Position, piece: Piece) -> Explanation:
    side = pos.turn.title
    return Explanation(
        "R0",
        f"It is {side}'s turn, and {piece.name} belongs to {piece.colour.title}; a player only "
        "plays their own pieces (an opponent's piece moves only when your Pillbug throws it).",
        "not-your-turn",
        (piece,),
    )


def _explain_placement(pos: Position, piece: Piece, to: Cell) -> Explanation:
    colour = pos.turn
    queen = Piece.from_name(colour.letter + "Q")
    if pos.turn_number == 4 and queen not in pos.where and piece is not queen:
        return Explanation(
            "R4",
            "This is your 4th turn and your Queen Bee is still in your hand, so you must place "
            "her now.",
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
    first = next(p for p in pos.placeable(colour) if p.bug is piece.bug)
    if first is not piece:
        return Explanation(
            "R0",
            f"Pieces of one kind come into play in number order: place {first.name} before "
            f"{piece.name}.",
            "piece-order",
            (first, piece),
        )
    if to in pos.stacks:
        return Explanation(
            "R3",
            "A piece is never placed on top of another piece; it goes on an empty cell.",
            "occupied",
            tuple(pos.stacks[to][-1:]),
            (to,),
        )
    if not pos.stacks:
        return Explanation(
            "R1", "The first piece of the game goes in the middle of the table, at 0,0.",
            "first-placement", (), (ORIGIN,),
        )
    if len(pos.stacks) == 1:
        (only,) = pos.stacks
        if not are_neighbours(only, to):
            return Explanation(
                "R2",
                f"The second piece of the game must touch the first one, {pos.top(only)}.",
                "second-placement",
                (pos.top(only),),  # type: ignore[arg-type]
                (only,),
            )
        return Explanation("R2", "This cell does not touch the first piece.", "second-placement")
    tops = [pos.top(to + d) for d in DELTAS]
    enemy = [p for p in tops if p is not None and p.colour is not colour]
    if enemy:
        return Explanation(
            "R3",
            f"This cell touches the opponent's {_names(enemy)}; a new piece may only touch "
            "pieces of its own colour.",
            "touches-opponent",
            tuple(enemy),
            tuple(pos.where[p] for p in enemy),
        )
    if not any(p is not None for p in tops):
        return Explanation(
            "R3",
            "A new piece must touch one of your own pieces, and this cell touches no piece.",
            "not-touching",
        )
    return Explanation(
        "R3", "This cell touches no piece of your colour.", "not-touching"
    )  # pragma: no cover - every placement failure is covered above


def explain_piece(pos: Position, piece: Piece) -> Explanation | None:
    """Why ``piece`` cannot move at all this turn (R5, R17, R6), or None if that is not the case.

    Says nothing about pieces in hand or of the other colour.
    """
    colour = piece.colour
    c = pos.where.get(piece)
    if c is None:
        return None
    queen = Piece.from_name(colour.letter + "Q")
    if queen not in pos.where:
        return Explanation(
            "R5",
            "Your Queen Bee is not on the board yet, and no piece may move before she is placed.",
            "queen-not-placed",
            (queen,),
        )
    if pos.is_stunned(piece):
        how = "was thrown by a Pillbug" if piece.colour is pos.turn else "moved"
        return Explanation(
            "R17",
            f"{piece.name} {how} on the previous turn, so it is stunned and cannot move now.",
            "stunned",
            (piece,),
        )
    s = pos.stacks[c]
    if s[-1] is not piece:
        above = s[s.index(piece) + 1 :]
        return Explanation(
            "R6",
            f"{_names(above)} {'sits' if len(above) == 1 else 'sit'} on top of {piece.name}, "
            "so it cannot move.",
            "covered",
            tuple(above),
            (c,),
        )
    if pos.is_pinned(piece):
        rest = {x for x in pos.stacks if x != c}
        parts = components(rest)
        cut = sorted((p for part in parts[1:] for x in part for p in pos.stacks[x]),
                     key=lambda p: p.index)
        return Explanation(
            "R6",
            f"Moving {piece.name} would split the hive: {_names(cut)} would be cut off from "
            "the rest.",
            "pinned",
            tuple(cut),
            tuple(sorted(x for part in parts[1:] for x in part)),
        )
    return None


def _explain_throw(pos: Position, piece: Piece, to: Cell) -> Explanation | None:
    """Why the side to move cannot throw ``piece`` to ``to``; None if no Pillbug is involved."""
    colour = pos.turn
    c = pos.where[piece]
    throwers = []
    for bug in (Bug.PILLBUG, Bug.MOSQUITO):
        if bug in pos.game_type.expansions:
            p = Piece.from_name(colour.letter + bug.value)
            pc = pos.where.get(p)
            if pc is not None and are_neighbours(pc, c):
                throwers.append(p)
    if not throwers:
        return None
    return Explanation(
        "R16",
        f"Your {_names(throwers)} cannot throw {piece.name} to {cell_name(to)}.",
        "throw",
        (piece, *throwers),
    )


def _explain_destination(pos: Position, piece: Piece, to: Cell) -> Explanation:
    bug = piece.bug
    c = pos.where[piece]
    if to == c:
        return Explanation(
            bug.rule, f"A move must end on a different cell from where {piece.name} started.",
            "same-cell",
        )
    return Explanation(
        bug.rule,
        f"A {bug.title} cannot get from {cell_name(c)} to {cell_name(to)} by its own move.",
        "unreachable",
        (piece,),
        (to,),
    )


def winner_text(pos: Position) -> str:
    """A short sentence on how the game ended, for boards and worksheets."""
    return _result(pos)


__all__ = ["Colour", "Explanation", "explain_move", "explain_piece", "winner_text"]
