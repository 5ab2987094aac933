"""UHP notation: MoveStrings and GameStrings (Universal Hive Protocol, as in Mzinga and nokamute).

Syntax is read apart from legality: :func:`parse_move_text` only reads text and raises
:class:`InvalidMoveError`; :func:`resolve_move` finds the destination in a position.

A MoveString is ``pass``, a lone piece (the first placement), ``piece ref`` (on top of ``ref``)
or ``piece`` plus a reference with a direction mark before or after it:

====== ============ ====== ============
mark   destination  mark   destination
====== ============ ====== ============
``X-`` east of X    ``-X`` west of X
``X/`` north-east   ``/X`` south-west
``X\\`` south-east   ``\\X`` north-west
====== ============ ====== ============

>>> parse_move_text("bB1 wQ/")
MoveText(piece=Piece(bB1), ref=Piece(wQ), direction=1)
>>> parse_move_text("bB1 /wQ/")
Traceback (most recent call last):
...
hive_teach.core.errors.InvalidMoveError: 'bB1 /wQ/' is not a move: a direction mark goes either \
before or after the reference piece, not both
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from hive_teach.core.errors import GameStringError, IllegalMoveError, InvalidMoveError, quoted
from hive_teach.core.hexgrid import DELTAS, NE, NW, ORIGIN, SE, SW, E, W
from hive_teach.hive import explain as ex
from hive_teach.hive.moves import PASS, Move
from hive_teach.hive.pieces import Bug, GameType, Piece

if TYPE_CHECKING:
    from hive_teach.hive.moves import AnyMove
    from hive_teach.hive.position import Position

_PIECE = r"[wb][QSBGAMLP]\d?"
_MOVE_RE = re.compile(rf"^({_PIECE})(?:\s+([-/\\]?)({_PIECE})([-/\\]?))?$")
_SUFFIX = {"-": E, "/": NE, "\\": SE}
_PREFIX = {"-": W, "/": SW, "\\": NW}
_MARK_OF = {E: "{}-", NE: "{}/", SE: "{}\\", W: "-{}", SW: "/{}", NW: "\\{}"}
_STATES = ("NotStarted", "InProgress", "Draw", "WhiteWins", "BlackWins")
_TURN_RE = re.compile(r"^(White|Black)\[(\d+)\]$")


class MoveText(NamedTuple):
    """A MoveString as read, before it is placed on a board. ``piece is None`` for a pass.

    ``direction`` is the hexgrid direction from ``ref`` to the destination, or ``None`` for
    "on top of ``ref``" (or no ``ref`` at all).
    """

    piece: Piece | None
    ref: Piece | None = None
    direction: int | None = None


def parse_move_text(text: str) -> MoveText:
    """Read the syntax of a MoveString (no board needed).

    >>> parse_move_text("pass")
    MoveText(piece=None, ref=None, direction=None)
    >>> parse_move_text("wQ  -bS1").direction == W
    True
    >>> parse_move_text("wZ1 bQ")
    Traceback (most recent call last):
    ...
    hive_teach.core.errors.InvalidMoveError: 'wZ1 bQ' is not a move: write a piece like wQ or bS1, \
then optionally a reference piece with a direction mark (-, / or \\), e.g. 'bS1 wQ-'
    """
    if not isinstance(text, str):
        raise InvalidMoveError(repr(text), "a move is written as text")
    t = text.strip()
    if t.lower() == "pass":
        return MoveText(None)
    m = _MOVE_RE.match(t)
    if not m:
        raise InvalidMoveError(
            text,
            "write a piece like wQ or bS1, then optionally a reference piece with a direction "
            "mark (-, / or \\), e.g. 'bS1 wQ-'",
        )
    name, pre, ref_name, post = m.groups()
    piece = _piece(text, name)
    if ref_name is None:
        return MoveText(piece)
    ref = _piece(text, ref_name)
    if pre and post:
        raise InvalidMoveError(
            text, "a direction mark goes either before or after the reference piece, not both"
        )
    direction = _PREFIX[pre] if pre else _SUFFIX[post] if post else None
    return MoveText(piece, ref, direction)


def _piece(text: str, name: str) -> Piece:
    try:
        return Piece.from_name(name)
    except ValueError:
        raise InvalidMoveError(
            text, f"{name} is not a Hive piece (names look like wQ, bS1, wG3, bM)"
        ) from None


def resolve_move(pos: Position, text: str) -> AnyMove:
    """The :class:`~hive_teach.hive.position.Move` that ``text`` names in ``pos``.

    Checks that the named pieces exist in this game and that the reference is on the board;
    whether the move is legal is :meth:`Position.play`'s question.
    """
    mt = parse_move_text(text)
    if mt.piece is None:
        return PASS
    shown = " ".join(text.split())  # as refusals quote it: one space, however many were typed
    piece = mt.piece
    for p in (piece, mt.ref):
        if p is not None and p not in pos.game_type:
            raise IllegalMoveError.explained(shown, ex.not_in_game(pos, p))
    if mt.ref is None:
        if pos.stacks:
            # A finished game or someone else's piece outranks the spelling (R19, R0).
            first = ex.explain_move(pos, Move(piece, next(iter(pos.stacks))))
            if first is not None and first.rule in ("R19", "R0"):
                raise IllegalMoveError(shown, first.rule, first.reason, first)
            raise IllegalMoveError.explained(shown, ex.written_alone(pos, piece))
        return Move(piece, ORIGIN)
    ref_cell = pos.where.get(mt.ref)
    if ref_cell is None:
        raise IllegalMoveError.explained(shown, ex.reference_in_hand(piece, mt.ref))
    if mt.direction is None:
        return Move(piece, ref_cell)
    dest = ref_cell + DELTAS[mt.direction]
    s = pos.stacks.get(dest)
    if s and not (len(s) == 1 and s[0] is piece):
        # A game that is over, or a piece that is not the mover's, outranks the spelling.
        climb = ex.explain_move(pos, Move(piece, dest))
        if climb is not None and climb.rule in ("R19", "R0"):
            raise IllegalMoveError(shown, climb.rule, climb.reason, climb)
        if climb is not None and piece in pos.where and piece.bug in (Bug.BEETLE, Bug.MOSQUITO):
            raise IllegalMoveError(shown, climb.rule, climb.reason, climb)
        # climb is None: climbing there is legal, only the spelling is wrong
        why = ex.cell_taken(pos, piece, dest, climb_is_legal=climb is None)
        raise IllegalMoveError.explained(shown, why)
    return Move(piece, dest)


def write_move(pos: Position, move: AnyMove) -> str:
    """UHP text for ``move`` in ``pos``, naming a neighbouring piece as the reference.

    The reference is the top piece of a neighbouring stack (never the mover itself), tried
    in a fixed direction order so the text is deterministic.
    """
    if move is PASS:
        return "pass"
    piece, to = move
    if not pos.stacks:
        return piece.name
    origin = pos.where.get(piece)
    dest_stack = pos.stacks.get(to)
    if dest_stack and dest_stack[-1] is not piece:
        return f"{piece.name} {dest_stack[-1].name}"
    for direction in (E, NE, SE, W, SW, NW):
        n = to - DELTAS[direction]
        s = pos.stacks.get(n)
        if not s:
            continue
        ref = s[-1]
        if ref is piece:
            if n != origin or len(s) < 2:
                continue
            ref = s[-2]
        return f"{piece.name} " + _MARK_OF[direction].format(ref.name)
    raise ValueError(f"{piece.name} to {to} has no neighbouring piece to name it by")


def _split(text: str) -> list[str]:
    return [t.strip() for t in text.strip().strip(";").split(";")]


def read_game_string(text: str) -> tuple[GameType, list[str]]:
    """The game type and the MoveStrings of a GameString; the state and turn tokens are
    checked for form and dropped (they may be stale: replaying recomputes them).

    >>> game_type, moves = read_game_string("Base+M;InProgress;Black[1]; wS1")
    >>> str(game_type), moves
    ('Base+M', ['wS1'])
    >>> read_game_string("Base;Over")
    Traceback (most recent call last):
    ...
    hive_teach.core.errors.GameStringError: GameString: 'Over' is not a game state; use one of \
NotStarted, InProgress, Draw, WhiteWins, BlackWins
    """
    if not isinstance(text, str) or not text.strip():
        raise GameStringError("GameString is empty: it starts with a game type such as Base")
    tokens = _split(text)
    try:
        game_type = GameType.parse(tokens[0])
    except ValueError as e:
        raise GameStringError(f"GameString: {e}") from None
    rest = tokens[1:]
    if rest and rest[0] in _STATES:
        rest = rest[1:]
        if not rest or not _TURN_RE.match(rest[0]):
            if rest:
                raise GameStringError(
                    f"GameString: {quoted(rest[0])} should be the turn, like White[1] or Black[3]"
                )
        else:
            rest = rest[1:]
    elif rest and not _MOVE_LIKE.match(rest[0]):
        raise GameStringError(
            f"GameString: {quoted(rest[0])} is not a game state; use one of {', '.join(_STATES)}"
        )
    return game_type, rest


def replay(pos: Position, moves: list[str]) -> None:
    """Play the MoveStrings ``moves`` of a GameString on ``pos``; a refused one raises
    :class:`GameStringError` naming it by its number (from 1), the refusal as its cause.

    >>> from hive_teach.hive.position import Position
    >>> replay(Position(), ["wS1", "bQ wS1-", "wQ bQ-"])
    Traceback (most recent call last):
    ...
    hive_teach.core.errors.GameStringError: GameString move 3 'wQ bQ-': \
This cell touches the opponent's bQ; a new piece may only touch pieces of its own colour. (R3)
    """
    for i, token in enumerate(moves, 1):
        if not token:
            raise GameStringError(f"GameString move {i} is empty (two ';' in a row)")
        try:
            pos.play(token)
        except ValueError as e:
            where = f"GameString move {i} {quoted(token)}"
            raise GameStringError(f"{where}: {_inner(e)}", where) from e


_MOVE_LIKE = re.compile(r"^([wb][A-Z]|pass)", re.IGNORECASE)


def _inner(e: ValueError) -> str:
    if isinstance(e, IllegalMoveError):
        return f"{e.reason} ({e.rule})"
    if isinstance(e, InvalidMoveError):
        return f"not a move: {e.reason}"
    return str(e)


def write_game_string(pos: Position) -> str:
    """The GameString of ``pos`` (which must have been played from the start)."""
    if not pos.from_start:
        raise ValueError(
            "this position was set up from a layout, so it has no GameString (no move list "
            "from the start); use Position.layout() instead"
        )
    replay = type(pos)(pos.game_type, tournament=pos.tournament)
    parts = [pos.game_type.name, pos.state.value, f"{pos.turn.title}[{pos.turn_number}]"]
    for move in pos.move_stack:
        parts.append(write_move(replay, move))
        replay.push(move)
    return ";".join(parts)
