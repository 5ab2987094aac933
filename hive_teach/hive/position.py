"""A Hive position and game: the board, whose turn it is, legal moves, play and undo.

Modelled on python-chess's ``Board``: one mutable object with a move stack, cheap exact undo,
and errors that say what went wrong.

>>> pos = Position("Base", tournament=True)
>>> sorted(str(m) for m in pos.legal_moves())
['wA1', 'wB1', 'wG1', 'wS1']
>>> pos.play("wS1")
>>> pos.play("bG1 -wS1")
>>> pos.to_text()
'Base;InProgress;White[2];wS1;bG1 -wS1'
>>> pos.play("wQ wS1")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
hive_teach.core.errors.IllegalMoveError: wQ wS1: ... never placed on top of another piece... (R3)
>>> pos.undo()
Move(bG1, -1,0)
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from hive_teach.core.errors import IllegalMoveError, InvalidMoveError, LayoutError
from hive_teach.core.game import Outcome, Termination
from hive_teach.core.hexgrid import (
    DELTAS,
    LIMIT,
    ORIGIN,
    Cell,
    cell,
    cell_name,
    components,
    neighbours,
    on_grid,
    parse_cell,
)
from hive_teach.hive import movegen, notation
from hive_teach.hive.explain import explain_move
from hive_teach.hive.moves import PASS, PASS_PAIR, AnyMove, Move, Pair, Pass, as_move, as_pair
from hive_teach.hive.pieces import Bug, Colour, GameType, Piece

if TYPE_CHECKING:
    from hive_teach.hive.explain import Explanation


class GameState(enum.Enum):
    """Where a game stands, spelled as in UHP."""

    NOT_STARTED = "NotStarted"
    IN_PROGRESS = "InProgress"
    DRAW = "Draw"
    WHITE_WINS = "WhiteWins"
    BLACK_WINS = "BlackWins"

    @property
    def is_over(self) -> bool:
        return self in (GameState.DRAW, GameState.WHITE_WINS, GameState.BLACK_WINS)


class Source(NamedTuple):
    """How a legal move comes about, for diagrams and widgets.

    ``kind`` is ``"place"``, ``"move"`` (the piece's own movement, ``bug`` says which
    movement: a Mosquito lists the bug it copies and ``via`` the piece it copies it from) or
    ``"throw"`` (``via`` is the Pillbug, or the Mosquito copying one, that throws).
    """

    kind: str
    bug: Bug | None = None
    via: Piece | None = None

    def describe(self) -> str:
        if self.kind == "place":
            return "placed from hand"
        if self.kind == "throw":
            return f"thrown by {self.via}"
        if self.via is not None:
            return f"moving as a {self.bug.title if self.bug else '?'} (copied from {self.via})"
        return f"moving as a {self.bug.title}" if self.bug else "moving"


class _Undo(NamedTuple):
    move: AnyMove
    origin: Cell | None
    last_moved: Piece | None
    state: GameState


class Position:
    """A Hive game in progress: board, side to move, history.

    ``tournament`` forbids the Queen on a player's first turn (R4 option, off by default here,
    on in the UHP engine and perft); ``repetition`` makes the third occurrence of a position
    a draw (R20, off by default).
    """

    def __init__(
        self,
        game_type: GameType | str = "Base",
        *,
        tournament: bool = False,
        repetition: bool = False,
    ) -> None:
        self.game_type = game_type if isinstance(game_type, GameType) else GameType.parse(
            game_type
        )
        self.tournament = tournament
        self.repetition = repetition
        self.stacks: dict[Cell, list[Piece]] = {}
        """Cell to the pieces on it, bottom first; only occupied cells appear."""
        self.where: dict[Piece, Cell] = {}
        """Where each piece on the board stands."""
        self.ply = 0
        """Half-moves since the start (or the ply given in a layout)."""
        self.last_moved: Piece | None = None
        """The piece that moved or was placed on the previous turn (R17); None after a pass."""
        self.state = GameState.NOT_STARTED
        self.move_stack: list[AnyMove] = []
        self._undo: list[_Undo] = []
        self._pieces = self.game_type.pieces
        self._version = 0  # bumped on every change, keys the caches
        self._cache_key = -1
        self._pinned: set[Cell] = set()
        self._seen: Counter[tuple[object, ...]] = Counter()
        if repetition:
            self._seen[self._repetition_key()] += 1

    # ----------------------------------------------------------------- basic facts
    @property
    def turn(self) -> Colour:
        """The side to move."""
        return Colour(self.ply & 1)

    @property
    def turn_number(self) -> int:
        """The side to move's own turn count, from 1 (``White[3]`` is White's 3rd turn)."""
        return self.ply // 2 + 1

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def top(self, c: Cell) -> Piece | None:
        """The top piece at ``c``, or None if the cell is empty."""
        s = self.stacks.get(c)
        return s[-1] if s else None

    def height(self, c: Cell) -> int:
        return movegen.height(self.stacks, c)

    def in_hand(self, colour: Colour | None = None) -> list[Piece]:
        """Pieces not yet placed, of one colour or both, in piece order."""
        return [
            p for p in self._pieces
            if p not in self.where and (colour is None or p.colour is colour)
        ]

    def placeable(self, colour: Colour | None = None) -> list[Piece]:
        """The pieces ``colour`` could place next: the lowest-numbered in hand of each bug."""
        colour = self.turn if colour is None else colour
        out = []
        seen = set()
        for p in self._pieces:
            if p.colour is colour and p not in self.where and p.bug not in seen:
                seen.add(p.bug)
                out.append(p)
        return out

    def queen_placed(self, colour: Colour) -> bool:
        return self._queen(colour) in self.where

    def _queen(self, colour: Colour) -> Piece:
        return self._pieces[0] if colour is Colour.WHITE else _BLACK_QUEEN

    def pinned_cells(self) -> set[Cell]:
        """Cells whose piece would split the hive if lifted (R6), cached per position."""
        if self._cache_key != self._version:
            self._pinned = movegen.articulation_points(self.stacks)
            self._cache_key = self._version
        return self._pinned

    def is_pinned(self, piece: Piece) -> bool:
        """Whether lifting ``piece`` would split the hive (R6). Stacked tops never are."""
        c = self.where.get(piece)
        return c is not None and len(self.stacks[c]) == 1 and c in self.pinned_cells()

    def is_stunned(self, piece: Piece) -> bool:
        """Whether ``piece`` moved (or was thrown or placed) on the previous turn (R17)."""
        return piece is self.last_moved

    def is_covered(self, piece: Piece) -> bool:
        c = self.where.get(piece)
        return c is not None and self.stacks[c][-1] is not piece

    def surrounded(self, colour: Colour) -> bool:
        """Whether ``colour``'s Queen has all six neighbours occupied (R19)."""
        q = self.where.get(self._queen(colour))
        return q is not None and all(q + d in self.stacks for d in DELTAS)

    # ----------------------------------------------------------------- generation
    def legal_moves(self) -> list[AnyMove]:
        """Every legal move, as (piece, destination) pairs in a fixed order.

        A finished game has none; when nothing else is legal the only move is a pass (R18).
        """
        moves = self._generate()
        moves.sort(key=_move_order)
        return moves

    def _generate(self) -> list[AnyMove]:
        return [PASS if p is None or c is None else Move(p, c) for p, c in self.legal_pairs()]

    def legal_pairs(self) -> set[Pair]:
        """The legal moves as plain (piece, cell) tuples, the pass as :data:`PASS_PAIR`: cheaper
        to make than ``Move``s, for search and perft (play them with :meth:`push_pair`).

        >>> pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
        >>> len(pos.legal_pairs()) == len(pos.legal_moves())
        True
        """
        if self.state.is_over:
            return set()
        colour = self.turn
        moves: set[Pair] = set(self._placements(colour))
        if self.queen_placed(colour):
            for piece, targets in self._piece_moves(colour):
                moves.update([(piece, c) for c in targets])
            for piece, c, _via in self._throws(colour):
                moves.add((piece, c))
        if not moves:
            moves.add(PASS_PAIR)
        return moves

    def _placements(self, colour: Colour) -> list[tuple[Piece, Cell]]:
        pieces = self.placeable(colour)
        if not pieces:
            return []
        turn = self.turn_number
        queen = self._queen(colour)
        if turn == 4 and queen not in self.where:
            pieces = [queen]
        elif turn == 1 and self.tournament:
            pieces = [p for p in pieces if p is not queen]
        cells = movegen.placement_cells(self.stacks, colour, ORIGIN)
        return [(p, c) for p in pieces for c in cells]

    def _movable(self, colour: Colour) -> list[tuple[Piece, Cell]]:
        """Pieces of ``colour`` that may move by themselves now (R5, R6, R17), with cells."""
        if not self.queen_placed(colour):
            return []
        pinned = self.pinned_cells()
        out = []
        for c, s in self.stacks.items():
            top = s[-1]
            if top.colour is colour and top is not self.last_moved:
                if len(s) > 1 or c not in pinned:
                    out.append((top, c))
        return out

    def _piece_moves(self, colour: Colour) -> list[tuple[Piece, set[Cell]]]:
        return [(p, self._own_targets(p, c)) for p, c in self._movable(colour)]

    def _own_targets(self, piece: Piece, c: Cell) -> set[Cell]:
        """Where a free piece at ``c`` goes by its own movement (R9-R15)."""
        stacks = self.stacks
        s = stacks[c]
        if len(s) > 1 or piece.bug is Bug.MOSQUITO:
            return set().union(*(t for _src, t in self._own_targets_by_source(piece, c)))
        # The common case, kept lean for search and perft: a lone ground piece.
        del stacks[c]
        try:
            return movegen.BUG_MOVES[piece.bug](stacks, c)
        finally:
            stacks[c] = s

    def _own_targets_by_source(self, piece: Piece, c: Cell) -> list[tuple[Source, set[Cell]]]:
        stacks = self.stacks
        s = stacks[c]
        bug = piece.bug
        if len(s) > 1:
            # On top of the hive: only beetles and mosquitoes get there, and both move as beetles.
            del s[-1]
            try:
                return [(Source("move", Bug.BEETLE), movegen.beetle_moves(stacks, c))]
            finally:
                s.append(piece)
        del stacks[c]
        try:
            if bug is Bug.MOSQUITO:
                return [
                    (Source("move", copied, via), movegen.BUG_MOVES[copied](stacks, c))
                    for copied, via in movegen.mosquito_copies(stacks, c)
                ]
            return [(Source("move", bug), movegen.BUG_MOVES[bug](stacks, c))]
        finally:
            stacks[c] = s

    def last_throw(self) -> tuple[Cell, Cell, Cell] | None:
        """``(from, via, to)`` if the last move was a Pillbug throw (R16), ``via`` the cell of
        the Pillbug (or Mosquito) that threw; else None. A move that the piece could also make
        by itself counts as its own move (the notation cannot tell them apart).

        >>> pos = Position.from_text(
        ...     "Base+P;InProgress;White[4];wP;bQ wP-;wQ -wP;bA1 bQ-;wA1 /wQ;bA1 wP\\\\")
        >>> pos.last_throw() is None  # bA1 ran there by itself
        True
        >>> pos.play("bQ wP/")  # White's Pillbug throws the black Queen
        >>> [cell_name(c) for c in pos.last_throw()]
        ['1,0', '0,0', '1,-1']
        """
        if not self._undo:
            return None
        u = self._undo[-1]
        move = u.move
        if not isinstance(move, Move) or u.origin is None:
            return None
        before = self.copy()
        before.undo()
        ways = before.move_sources(move.piece).get(move.to, [])
        if not ways or any(w.kind != "throw" for w in ways):
            return None
        thrower = ways[0].via
        if not isinstance(thrower, Piece) or thrower not in before.where:
            return None
        return (u.origin, before.where[thrower], move.to)

    def _throwers(self, colour: Colour) -> list[tuple[Piece, Cell]]:
        """Pieces of ``colour`` that may use the Pillbug power now (R16, R14, R17)."""
        out = []
        for bug in (Bug.PILLBUG, Bug.MOSQUITO):
            if bug not in self.game_type.expansions:
                continue
            piece = _EXPANSION_PIECE[colour, bug]
            c = self.where.get(piece)
            if c is None or len(self.stacks[c]) != 1 or piece is self.last_moved:
                continue
            if bug is Bug.MOSQUITO and not any(
                b is Bug.PILLBUG for b, _ in movegen.mosquito_copies(self.stacks, c)
            ):
                continue
            out.append((piece, c))
        return out

    def _throws(self, colour: Colour) -> list[tuple[Piece, Cell, Piece]]:
        if not self.game_type.expansions & _THROWING_BUGS or not self.queen_placed(colour):
            return []
        out = []
        for thrower, c in self._throwers(colour):
            for piece, dest in movegen.pillbug_throws(
                self.stacks, c, self.pinned_cells(), self.last_moved
            ):
                out.append((piece, dest, thrower))
        return out

    def targets(self, piece: Piece | str) -> set[Cell]:
        """Every cell ``piece`` may legally go to now: placements, own moves and throws.

        >>> pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
        >>> sorted(cell_name(c) for c in pos.targets("wQ"))
        ['-1,0', '-1,1', '0,-1']
        """
        return set(self.move_sources(piece))

    def move_sources(self, piece: Piece | str) -> dict[Cell, list[Source]]:
        """For every legal destination of ``piece``, the ways it gets there (own, copied, thrown).

        >>> pos = Position.from_text(
        ...     "Base+P;InProgress;White[4];wP;bQ wP-;wQ -wP;bA1 bQ-;wA1 /wQ;bA1 wP\\\\")
        >>> pos.last_moved  # stunned (R17), so the white Pillbug may not throw it
        Piece(bA1)
        >>> sorted((cell_name(c), [s.describe() for s in srcs])
        ...        for c, srcs in pos.move_sources("bQ").items())
        [('-1,1', ['thrown by wP']), ('0,-1', ['thrown by wP']), ('1,-1', ['thrown by wP'])]
        """
        if isinstance(piece, str):
            piece = Piece.from_name(piece)
        out: dict[Cell, list[Source]] = {}
        if self.state.is_over or piece not in self.game_type:
            return out
        colour = self.turn
        if piece not in self.where:
            if piece.colour is colour:
                for p, c in self._placements(colour):
                    if p is piece:
                        out.setdefault(c, []).append(Source("place"))
            return out
        if piece.colour is colour:
            for p, c in self._movable(colour):
                if p is piece:
                    for src, cells in self._own_targets_by_source(p, c):
                        for t in cells:
                            out.setdefault(t, []).append(src)
        for p, c, via in self._throws(colour):
            if p is piece:
                out.setdefault(c, []).append(Source("throw", None, via))
        return out

    def is_legal(self, move: AnyMove) -> bool:
        """Whether ``move`` is legal here."""
        if move is PASS:
            return self.legal_pairs() == {PASS_PAIR}
        return move.to in self.targets(move.piece)

    # ----------------------------------------------------------------- play and undo
    def play(self, move: AnyMove | str) -> None:
        """Play a legal move (a :class:`Move` or UHP text); illegal moves raise and change nothing.

        Raises :class:`~hive_teach.core.errors.InvalidMoveError` for text that is not a move and
        :class:`~hive_teach.core.errors.IllegalMoveError` (with ``rule`` and ``reason``) for a move
        the rules forbid.
        """
        text = None
        if isinstance(move, str):
            text = " ".join(move.split())  # as a refusal quotes it, one space between words
            move = self.parse_move(move)
        elif not isinstance(move, (Move, Pass)):
            raise InvalidMoveError(repr(move), "a move is a UHP MoveString (text), a Move or "
                                   "PASS")
        if not self.is_legal(move):
            why = explain_move(self, move)
            assert why is not None, f"{move!r} is illegal, so it has an explanation"
            raise IllegalMoveError(text or self._describe(move), why.rule, why.reason, why)
        if move is not PASS and not on_grid(move.to):  # after a walk of 16,000 cells
            raise ValueError(f"{text or self._describe(move)}: the hive has wandered to the edge "
                             f"of this kit's grid (|q| and |r| at most {LIMIT}); the move is "
                             "legal, but this game cannot go on here")
        self.push(move)

    def explain(self, move: AnyMove) -> Explanation | None:
        """Why ``move`` is illegal here, or ``None`` if it is legal (see
        :func:`~hive_teach.hive.explain.explain_move`).

        >>> pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
        >>> pos.explain(pos.parse_move("wQ -wS1")) is None
        True
        >>> why = pos.explain(Move(Piece.from_name("wQ"), parse_cell("2,0")))
        >>> why.rule, why.text("de")  # doctest: +NORMALIZE_WHITESPACE
        (<Rule.R3: 'R3'>, 'Dieses Feld berührt den Stein bS1 des Gegners, aber ein neuer Stein
        darf nur Steine der eigenen Farbe berühren. (R3)')
        """
        return explain_move(self, move)

    def peek(self) -> AnyMove:
        """The last move played (``IndexError`` when none was played from this position)."""
        if not self.move_stack:
            raise IndexError("no move has been played from this position")
        return self.move_stack[-1]

    def last_origin(self) -> Cell | None:
        """Where the piece of the last move stood before it: ``None`` for a placement or a pass
        (``IndexError`` when no move was played from this position).

        >>> pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1")
        >>> pos.last_origin() is None
        True
        >>> pos.play("bQ bS1-"); pos.play("wQ \\\\wS1")
        >>> cell_name(pos.last_origin())
        '-1,0'
        """
        if not self._undo:
            raise IndexError("no move has been played from this position")
        return self._undo[-1].origin

    @property
    def from_start(self) -> bool:
        """Whether this game was played from the start (so it has a GameString and knows every
        move); ``False`` for a position set up with :meth:`from_layout`."""
        return self._from_start

    def clear_cache(self) -> None:
        """Forget what was computed for this position (the pinned cells, R6), as if it were
        new: for benchmarks that time a learner's first click."""
        self._version += 1

    def outcome(self) -> Outcome | None:
        """How the game ended (R19, or R20 with ``repetition``), or ``None`` while it goes on.

        >>> pos = Position.from_text("Base;InProgress;White[1];wQ")
        >>> pos.outcome() is None
        True
        """
        if not self.state.is_over:
            return None
        if self.state is GameState.WHITE_WINS:
            return Outcome(Termination.SURROUNDED, "R19", Colour.WHITE)
        if self.state is GameState.BLACK_WINS:
            return Outcome(Termination.SURROUNDED, "R19", Colour.BLACK)
        if self.surrounded(Colour.WHITE) and self.surrounded(Colour.BLACK):
            return Outcome(Termination.BOTH_SURROUNDED, "R19")
        return Outcome(Termination.REPETITION, "R20")

    def _describe(self, move: AnyMove) -> str:
        try:
            return self.move_text(move)
        except ValueError:
            return str(move)

    def push(self, move: AnyMove) -> None:
        """Play ``move`` without checking it (for search and perft): it must be legal."""
        if move is PASS:
            self.push_pair(None, None)
        else:
            self.push_pair(move.piece, move.to)

    def push_pair(self, piece: Piece | None, to: Cell | None) -> None:
        """:meth:`push` for a pair of :meth:`legal_pairs` (``None, None`` is the pass)."""
        move = as_move((piece, to))
        origin = None
        if piece is not None and to is not None:
            origin = self.where.get(piece)
            if origin is not None:
                s = self.stacks[origin]
                s.pop()
                if not s:
                    del self.stacks[origin]
            dest = self.stacks.get(to)
            if dest is None:
                self.stacks[to] = [piece]
            else:
                dest.append(piece)
            self.where[piece] = to
        self._undo.append(_Undo(move, origin, self.last_moved, self.state))
        self.move_stack.append(move)
        self.last_moved = piece
        self.ply += 1
        self._version += 1
        self.state = self._compute_state()
        if self.repetition:
            key = self._repetition_key()
            self._seen[key] += 1
            if self._seen[key] >= 3 and not self.state.is_over:
                self.state = GameState.DRAW

    def undo(self) -> AnyMove:
        """Take back the last move and return it.

        >>> Position().undo()
        Traceback (most recent call last):
        ...
        IndexError: nothing to undo: no move has been played from this position
        """
        if not self._undo:
            raise IndexError("nothing to undo: no move has been played from this position")
        if self.repetition:
            key = self._repetition_key()
            self._seen[key] -= 1
            if not self._seen[key]:
                del self._seen[key]
        u = self._undo.pop()
        self.move_stack.pop()
        if u.move is not PASS:
            piece, to = u.move
            s = self.stacks[to]
            s.pop()
            if not s:
                del self.stacks[to]
            if u.origin is None:
                del self.where[piece]
            else:
                self.where[piece] = u.origin
                o = self.stacks.get(u.origin)
                if o is None:
                    self.stacks[u.origin] = [piece]
                else:
                    o.append(piece)
        self.last_moved = u.last_moved
        self.state = u.state
        self.ply -= 1
        self._version += 1
        return u.move

    def _compute_state(self) -> GameState:
        w = self.surrounded(Colour.WHITE)
        b = self.surrounded(Colour.BLACK)
        if w and b:
            return GameState.DRAW
        if w:
            return GameState.BLACK_WINS
        if b:
            return GameState.WHITE_WINS
        if self.ply == 0 and not self.stacks:
            return GameState.NOT_STARTED
        return GameState.IN_PROGRESS

    def _repetition_key(self) -> tuple[object, ...]:
        return (self.ply & 1, frozenset((c, tuple(s)) for c, s in self.stacks.items()))

    def copy(self) -> Position:
        """An independent copy with the same history."""
        other = Position.__new__(Position)
        other.__dict__.update(self.__dict__)
        other.stacks = {c: list(s) for c, s in self.stacks.items()}
        other.where = dict(self.where)
        other.move_stack = list(self.move_stack)
        other._undo = list(self._undo)
        other._seen = Counter(self._seen)
        other._cache_key = -1
        other._pinned = set()
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self.game_type == other.game_type
            and self.stacks == other.stacks
            and self.ply == other.ply
            and self.last_moved is other.last_moved
            and self.state is other.state
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    # ----------------------------------------------------------------- notation
    def parse_move(self, text: str) -> AnyMove:
        """Read a UHP MoveString in this position (syntax first, then references).

        >>> pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
        >>> pos.parse_move("wQ -wS1")
        Move(wQ, -1,0)
        >>> pos.parse_move("wQ -bQ")
        Traceback (most recent call last):
        ...
        hive_teach.core.errors.IllegalMoveError: wQ -bQ: The reference piece bQ is not on the \
board, so this cell cannot be named from it. (R0)
        """
        return notation.resolve_move(self, text)

    def move_text(self, move: AnyMove) -> str:
        """UHP text for ``move`` in this position (before it is played).

        >>> pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
        >>> pos.move_text(pos.parse_move("wQ /wS1"))
        'wQ /wS1'
        """
        return notation.write_move(self, move)

    def move_text(self, move: AnyMove) -> str:
        """The game protocol's name for :meth:`move_text` (UHP text)."""
        return self.move_text(move)

    def to_text(self) -> str:
        """The game protocol's name for :meth:`game_string`."""
        return self.to_text()

    @classmethod
    def from_text(cls, text: str) -> Position:
        """The game protocol's name for :meth:`from_text`."""
        return cls.from_text(text)

    def game_string(self) -> str:
        """The UHP GameString of this game (from its start; see :func:`from_text`)."""
        return notation.write_game_string(self)

    @classmethod
    def from_text(
        cls, text: str, *, tournament: bool = False, repetition: bool = False
    ) -> Position:
        """Replay a UHP GameString (or a bare GameType); state and turn tokens are recomputed.

        >>> pos = Position.from_text("Base;InProgress;Black[1]; wS1")
        >>> pos.turn.title, pos.turn_number, pos.state.value
        ('Black', 1, 'InProgress')
        """
        game_type, moves = notation.read_game_string(text)
        pos = cls(game_type, tournament=tournament, repetition=repetition)
        notation.replay(pos, moves)
        return pos

    def __str__(self) -> str:
        return self.to_text() if self._from_start else self._layout_summary()

    def _layout_summary(self) -> str:
        cells = " ".join(
            f"{cell_name(c)}={'/'.join(p.name for p in s)}" for c, s in sorted(self.stacks.items())
        )
        return f"{self.game_type};{self.state.value};{self.turn.title}[{self.turn_number}] {cells}"

    def __repr__(self) -> str:
        return f"<Position {self}>"

    def _repr_svg_(self) -> str:
        """A diagram for notebooks: deterministic SVG text (rendering lives in ``plot``)."""
        from hive_teach.board.drawing import diagram_svg

        return diagram_svg(self)

    def _repr_png_(self) -> bytes:
        """A diagram for notebooks as PNG (needs matplotlib)."""
        from hive_teach.board.drawing import diagram_png

        return diagram_png(self, palette=True)

    _from_start = True

    # ----------------------------------------------------------------- layouts
    @classmethod
    def from_layout(
        cls,
        stacks: Mapping[str | Cell | tuple[int, int], str | Sequence[str]],
        *,
        game_type: GameType | str = "Base",
        to_move: Colour | str = Colour.WHITE,
        turn: int | None = None,
        last_moved: str | None = None,
        hand: Iterable[str] | None = None,
        tournament: bool = False,
        repetition: bool = False,
    ) -> Position:
        """A position from a board layout rather than a move list (for teaching diagrams).

        ``stacks`` maps cells (``"q,r"``, ``(q, r)`` or a :data:`Cell`) to the pieces there,
        bottom first, as a list or a space-separated string. ``turn`` is the side to move's
        turn number (default: as early as the pieces on the board allow); ``last_moved`` the
        piece stunned by R17; ``hand`` the pieces still in hand (if given it must be exactly
        those not on the board).

        >>> pos = Position.from_layout({"0,0": "wQ", "1,0": "bQ", "0,1": "bB1 wB1"},
        ...                            to_move="black", turn=3)
        >>> pos.top(parse_cell("0,1"))
        Piece(wB1)
        >>> Position.from_layout({"0,0": "wQ", "2,0": "bQ"})
        Traceback (most recent call last):
        ...
        hive_teach.core.errors.LayoutError: layout: the pieces must form one connected hive, but \
0,0 (wQ) and 2,0 (bQ) are apart (R6)
        """
        pos = cls(game_type, tournament=tournament, repetition=repetition)
        colour = _parse_colour(to_move)
        placed: dict[Piece, Cell] = {}
        for key, value in stacks.items():
            c = _layout_cell(key)
            names = value.split() if isinstance(value, str) else list(value)
            if not names:
                raise LayoutError(f"layout: cell {cell_name(c)} is listed with no pieces")
            pieces = []
            for name in names:
                try:
                    piece = Piece.from_name(name)
                except ValueError as e:
                    raise LayoutError(f"layout: at {cell_name(c)}: {e}") from None
                if piece not in pos.game_type:
                    raise LayoutError(
                        f"layout: {name} at {cell_name(c)} is not part of a "
                        f"{pos.game_type} game (R0)"
                    )
                if piece in placed:
                    raise LayoutError(
                        f"layout: {name} appears twice, at {cell_name(placed[piece])} and "
                        f"{cell_name(c)}; each piece exists once (R0)"
                    )
                placed[piece] = c
                pieces.append(piece)
            climbers = [p for p in pieces[1:] if p.bug not in (Bug.BEETLE, Bug.MOSQUITO)]
            if climbers:
                raise LayoutError(
                    f"layout: {climbers[0].name} cannot be on top of a stack at {cell_name(c)}: "
                    "only Beetles and Mosquitoes climb (R10, R14)"
                )
            if c in pos.stacks:
                raise LayoutError(f"layout: cell {cell_name(c)} is listed twice")
            pos.stacks[c] = pieces
        pos.where = placed
        groups = components(pos.stacks)
        if len(groups) > 1:
            a, b = min(groups[0]), min(groups[1])
            raise LayoutError(
                f"layout: the pieces must form one connected hive, but {_cell_desc(pos, a)} and "
                f"{_cell_desc(pos, b)} are apart (R6)"
            )
        for p in placed:
            if p.number > 1:
                prev = Piece.from_name(p.name[:-1] + str(p.number - 1))
                if prev not in placed:
                    raise LayoutError(
                        f"layout: {p.name} is on the board but {prev.name} is still in hand; "
                        "pieces of one type enter play in number order"
                    )
        if hand is not None:
            want = sorted(Piece.from_name(n) for n in hand)
            have = pos.in_hand()
            if want != have:
                raise LayoutError(
                    "layout: the hand must list exactly the pieces not on the board: "
                    f"expected {' '.join(p.name for p in have) or 'none'}, "
                    f"got {' '.join(p.name for p in want) or 'none'}"
                )
        count = {side: sum(1 for p in placed if p.colour is side) for side in Colour}
        if turn is None:
            # The earliest turn the pieces allow: each turn places at most one piece.
            if colour is Colour.WHITE:
                turn = 1 + max(count.values())
            else:
                turn = max(count[Colour.BLACK] + 1, count[Colour.WHITE], 1)
        if not isinstance(turn, int) or isinstance(turn, bool):
            raise LayoutError(f"layout: turn {turn!r} must be a whole number (1 or more)")
        if turn < 1:
            raise LayoutError(f"layout: turn {turn} must be 1 or more")
        pos.ply = 2 * (turn - 1) + int(colour)
        for side in Colour:
            done = (pos.ply + 1 - int(side)) // 2  # turns this side has completed
            _check_reachable(pos, side, done, count[side])
        if last_moved is not None:
            pos.last_moved = _layout_last_moved(pos, last_moved, colour)
        pos._from_start = False
        pos.state = pos._compute_state()
        if pos.repetition:
            pos._seen = Counter({pos._repetition_key(): 1})
        return pos

    def layout(self) -> dict[str, list[str]]:
        """This position as a layout mapping (the inverse of :meth:`from_layout`)."""
        return {cell_name(c): [p.name for p in s] for c, s in sorted(self.stacks.items())}


def _turns(n: int) -> str:
    return f"{n} turn" if n == 1 else f"{n} turns"


def _check_reachable(pos: Position, side: Colour, done: int, count: int) -> None:
    """Refuse a layout no game reaches: ``side`` has completed ``done`` turns and has
    ``count`` pieces on the board."""
    if count > done:
        raise LayoutError(
            f"layout: {side.title} has {count} pieces on the board after {_turns(done)}, but a "
            f"turn places at most one piece (R0); use a later turn"
        )
    if done >= 1 and count == 0:
        raise LayoutError(
            f"layout: {side.title} has had {_turns(done)} but has no piece on the board; the "
            "first turn always places one (R1, R2)"
        )
    queen = Piece.from_name(f"{side.letter}Q")
    if done >= 4 and queen not in pos.where:
        raise LayoutError(
            f"layout: {side.title} has had {done} turns but their Queen is still in "
            "hand; she must be placed by the 4th turn (R4)"
        )
    if pos.tournament and count == 1 and queen in pos.where:
        raise LayoutError(
            f"layout: the Queen is {side.title}'s only piece, so she was placed on their first "
            "turn, which the tournament rule forbids (R4)"
        )


def _layout_last_moved(pos: Position, name: str, mover: Colour) -> Piece:
    """The piece that moved on the previous turn (stunned by R17), checked against the
    layout: a piece of the side to move got there only by a throw of the opponent's Pillbug
    (or a Mosquito next to one) standing beside it (R16)."""
    try:
        piece = Piece.from_name(name)
    except ValueError as e:
        raise LayoutError(f"layout: last_moved: {e}") from None
    if piece not in pos.where:
        raise LayoutError(f"layout: last_moved {name} is not on the board (R17)")
    if piece.colour is not mover:
        return piece
    if all(p.bug is not Bug.PILLBUG for p in pos.game_type.pieces):
        raise LayoutError(
            f"layout: last_moved {name} is {mover.title}'s own piece, so it could only have "
            f"been thrown by a Pillbug (R16), and a {pos.game_type} game has none (R17)"
        )
    c = pos.where[piece]
    def throws(n: Cell) -> bool:  # could the opponent's piece alone at n have thrown it?
        stack = pos.stacks.get(n, [])
        if len(stack) != 1 or stack[0].colour is mover:
            return False
        if stack[0].bug is Bug.PILLBUG:
            return True
        return stack[0].bug is Bug.MOSQUITO and any(
            m in pos.stacks and pos.stacks[m][-1].bug is Bug.PILLBUG for m in neighbours(n))

    throwers = [n for n in neighbours(c) if throws(n)]
    if not throwers or len(pos.stacks[c]) != 1:
        raise LayoutError(
            f"layout: last_moved {name} is {mover.title}'s own piece, so the opponent threw it "
            f"(R16), but no Pillbug or Mosquito of theirs stands next to {cell_name(c)} (R17)"
        )
    return piece


_BLACK_QUEEN = Piece.from_name("bQ")
_EXPANSION_PIECE = {
    (colour, bug): Piece.from_name(colour.letter + bug.value)
    for colour in Colour
    for bug in (Bug.MOSQUITO, Bug.LADYBUG, Bug.PILLBUG)
}
_THROWING_BUGS = frozenset((Bug.PILLBUG, Bug.MOSQUITO))


def _move_order(m: AnyMove) -> tuple[int, int]:
    if m.piece is None:
        return (-1, 0)
    return (m.piece.index, m.to or 0)


def _parse_colour(value: Colour | str) -> Colour:
    if isinstance(value, Colour):
        return value
    v = value.strip().lower()
    if v in ("w", "white"):
        return Colour.WHITE
    if v in ("b", "black"):
        return Colour.BLACK
    raise LayoutError(f"layout: to_move {value!r} must be 'white' or 'black'")


def _layout_cell(key: str | Cell | tuple[int, int]) -> Cell:
    try:
        if isinstance(key, str):
            return parse_cell(key)
        if (isinstance(key, tuple) and len(key) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in key)):
            return cell(*key)
        if isinstance(key, int) and not isinstance(key, bool) and on_grid(key):
            return key  # already a Cell
    except ValueError as e:
        raise LayoutError(f"layout: {e}") from None
    raise LayoutError(f"layout: {key!r} is not a cell: write cells as 'q,r' (e.g. '1,-1') or "
                      "(q, r) pairs of whole numbers")


def _cell_desc(pos: Position, c: Cell) -> str:
    return f"{cell_name(c)} ({'/'.join(p.name for p in pos.stacks[c])})"


__all__ = [  # the move values live in hive.moves; they are named here too
    "PASS",
    "PASS_PAIR",
    "AnyMove",
    "GameState",
    "Move",
    "Pair",
    "Pass",
    "Position",
    "Source",
    "as_move",
    "as_pair",
]
