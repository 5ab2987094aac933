"""Why a move is illegal, as facts: the rule, the kind of reason, the pieces and cells involved.

Reasons are found by looking at the board (path searches, gate and height checks), never by
looking a move up in the legal list, and follow the order of RULES.md ("Which rule an
explanation names"): R19, R0, R18; for a placement R4, then R1-R3; for a move R5, R17, R6
(covered or pinned, also for a piece a Pillbug would throw), then the piece's own movement for
that destination (R7-R16), or the Pillbug's power when the piece can only be thrown.

An :class:`Explanation` holds no sentence: a template catalogue per language
(:mod:`hive_teach.hive.catalogue`) writes it from the facts, English like any other.

>>> from hive_teach.hive.position import Position
>>> pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
>>> why = explain_move(pos, pos.parse_move("wQ bS1-"))
>>> why.rule, why.kind, why.mover, [p.name for p in why.pieces]
(<Rule.R3: 'R3'>, <Kind.TOUCHES_OPPONENT: 'touches-opponent'>, Piece(wQ), ['bS1'])
>>> why.reason
"This cell touches the opponent's bS1; a new piece may only touch pieces of its own colour."
>>> print(why.text("de"))
Dieses Feld berührt den Stein bS1 des Gegners, aber ein neuer Stein darf nur Steine der \
eigenen Farbe berühren. (R3)
>>> explain_move(pos, pos.parse_move("wQ -wS1")) is None
True

A gate names the two pieces on either side of the gap and puts their cells in ``cells``:

>>> pos = Position.from_layout({"0,0": "wQ", "1,-1": "bQ", "2,-1": "bA1", "2,0": "bG1",
...                             "1,1": "bS1", "0,1": "wG1"}, to_move="white", turn=5)
>>> why = explain_move(pos, pos.parse_move("wQ -bG1"))
>>> why.rule, why.kind, [p.name for p in why.pieces], sorted(why.facts)
(<Rule.R7: 'R7'>, <Kind.GATE: 'gate'>, ['wG1', 'bQ'], ['left', 'right'])
>>> print(why)
The gap between wG1 and bQ is too narrow: wQ cannot slide through it to cell 1,0. (R7)
>>> print(why.text("zh"))
wG1 和 bQ 之间的缝隙太窄：wQ 没法从中滑到格子 1,0。(R7)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, TypeVar

from hive_teach.core.hexgrid import (
    DELTAS,
    DIRECTION_VECTORS,
    FLANKED_DELTAS,
    ORIGIN,
    Cell,
    are_neighbours,
    components,
    coords,
    distance,
    flanks,
)
from hive_teach.core.i18n import Worded
from hive_teach.hive import movegen
from hive_teach.hive.moves import PASS, AnyMove
from hive_teach.hive.pieces import Bug, Colour, Piece
from hive_teach.hive.rules import Rule

if TYPE_CHECKING:
    from hive_teach.hive.position import Move, Position

Board = dict[Cell, list[Piece]]
T = TypeVar("T")


class Kind(StrEnum):
    """What kind of reason an explanation gives; a ``str``, so ``why.kind == "gate"`` holds.

    :data:`KINDS` says what each means and which facts it carries.
    """

    GAME_OVER = "game-over"
    NOT_IN_GAME = "not-in-game"
    NOT_YOUR_TURN = "not-your-turn"
    PIECE_ORDER = "piece-order"
    PASS_WITH_MOVES = "pass-with-moves"
    WRITTEN_ALONE = "written-alone"
    REFERENCE_IN_HAND = "reference-in-hand"
    CELL_TAKEN = "cell-taken"
    QUEEN_BY_4 = "queen-by-4"
    QUEEN_FIRST_TURN = "queen-first-turn"
    FIRST_PLACEMENT = "first-placement"
    SECOND_PLACEMENT = "second-placement"
    TOUCHES_OPPONENT = "touches-opponent"
    NOT_TOUCHING = "not-touching"
    NO_PLACEMENT = "no-placement"
    QUEEN_NOT_PLACED = "queen-not-placed"
    STUNNED = "stunned"
    THROWER_STUNNED = "thrower-stunned"
    COVERED = "covered"
    PINNED = "pinned"
    MOSQUITO_ALONE = "mosquito-alone"
    SAME_CELL = "same-cell"
    TOO_FAR = "too-far"
    OCCUPIED = "occupied"
    GATE = "gate"
    NO_CONTACT = "no-contact"
    HEIGHT_GATE = "height-gate"
    NOT_IN_LINE = "not-in-line"
    NOTHING_TO_JUMP = "nothing-to-jump"
    GAP = "gap"
    WRONG_COUNT = "wrong-count"
    REVISIT = "revisit"
    OFF_HIVE = "off-hive"
    ENCLOSED = "enclosed"
    NO_PATH = "no-path"
    STACKED = "stacked"
    THROWER_COVERED = "thrower-covered"
    THROWER_ON_TOP = "thrower-on-top"
    NO_ROOM = "no-room"
    STUCK = "stuck"


class Fact(Enum):
    """The type of a fact, which says how a sentence names it."""

    PIECE = "a piece (named by its UHP name)"
    PIECES = "pieces, in the order the sentence lists them"
    CELL = "a cell"
    NUMBER = "a whole number"
    LEVEL = "a height a piece stands at: 0 on the ground, else on a stack that high"
    BUG = "a bug type"
    SIDE = "White or Black"
    WORD = "one of a fixed set of word ids (see the catalogues' PHRASES)"
    TEXT = "text written the same in every language (a move, a game type)"
    COPIES = "what a Mosquito copies: (bug, piece) pairs"


FACTS: dict[str, Fact] = {
    "mover": Fact.PIECE,  # Explanation.mover: the piece that would move, be placed or thrown
    "to": Fact.CELL,  # Explanation.to: where it would go
    "result": Fact.WORD,  # white-won, black-won, draw
    "game": Fact.TEXT,  # the game type, e.g. Base+M
    "turn": Fact.SIDE,  # the side to move
    "owner": Fact.SIDE,  # the side the piece belongs to
    "mosquito": Fact.PIECE,  # the side to move's Mosquito, next to the piece but to no Pillbug
    "first": Fact.PIECE,  # the piece that must come first (in number order, or on the board)
    "count": Fact.NUMBER,  # how many legal moves there are
    "example": Fact.TEXT,  # one of them, as a MoveString
    "queen": Fact.PIECE,  # the side to move's Queen Bee
    "centre": Fact.CELL,  # the cell of the first piece, 0,0
    "enemy": Fact.PIECES,  # the opponent's pieces a placement would touch
    "top": Fact.PIECE,  # the piece on top of the taken cell
    "ref": Fact.PIECE,  # the reference piece of a MoveString
    "thrower": Fact.PIECE,  # the Pillbug (or Mosquito) that would throw the piece
    "how": Fact.WORD,  # how a stunned piece got there: moved, placed, thrown
    "above": Fact.PIECES,  # the pieces on top of the covered piece, bottom first
    "cut": Fact.PIECES,  # the pieces a move would cut off from the hive
    "touching": Fact.PIECES,  # the pieces a lonely Mosquito touches (Mosquitoes only)
    "bug": Fact.BUG,  # the bug whose movement the reason is about (a Mosquito's copy)
    "distance": Fact.NUMBER,  # how many cells away the target is
    "steps": Fact.NUMBER,  # how many slides away along the hive's edge
    "land": Fact.CELL,  # where a Grasshopper would land
    "beside": Fact.CELL,  # the empty cell next to a Grasshopper in the direction of its jump
    "left": Fact.PIECE,  # the pieces on the two sides of a gap
    "right": Fact.PIECE,
    "left_height": Fact.NUMBER,  # how high the stacks beside a gap are
    "right_height": Fact.NUMBER,
    "start_height": Fact.LEVEL,  # where the climber starts and where it lands
    "end_height": Fact.LEVEL,
    "action": Fact.WORD,  # what a climber cannot do: climb-onto, climb-down, climb-up,
    # cross, climb-down-from, lift, set-down
    "onto": Fact.PIECE,  # the piece a climber would climb onto
    "over": Fact.PIECE,  # the piece a Ladybug would stand on before crossing or climbing down
    "twice": Fact.CELL,  # the cell a Spider would enter twice
    "via": Fact.PIECE,  # the one piece a Mosquito copies
    "copies": Fact.COPIES,  # everything a Mosquito copies
}
"""Every fact an explanation can carry, by name; a name has the same type in every kind."""


@dataclass(frozen=True)
class KindInfo:
    """What a kind means, and its cases: the ways it is said, each with the facts it always
    carries (``mover`` and ``to`` are the explanation's own fields); ``optional`` facts come
    with some explanations of the kind only (a climb names the piece it climbs onto)."""

    meaning: str
    cases: Mapping[str, frozenset[str]]
    optional: frozenset[str] = frozenset()


def _info(meaning: str, optional: str = "", **cases: str) -> KindInfo:
    return KindInfo(meaning, {k.replace("_", "-").strip("-"): frozenset(v.split())
                              for k, v in cases.items()}, frozenset(optional.split()))


KINDS: dict[Kind, KindInfo] = {
    Kind.GAME_OVER: _info("the game has ended (R19)", _="result"),
    Kind.NOT_IN_GAME: _info("the piece is not part of this game type (R0)",
                            _="mover bug game"),
    Kind.NOT_YOUR_TURN: _info("the piece belongs to the player who is not to move (R0)",
                              _="mover turn owner", mosquito="mover turn owner mosquito"),
    Kind.PIECE_ORDER: _info("a lower-numbered piece of the same bug is still in hand (R0)",
                            _="mover first"),
    Kind.PASS_WITH_MOVES: _info("a pass while other moves exist (R18)", _="count example"),
    Kind.WRITTEN_ALONE: _info("a MoveString names no cell, and only the very first piece is "
                              "written alone (R2, R3)", _="mover"),
    Kind.REFERENCE_IN_HAND: _info("a MoveString names its cell from a piece that is not on "
                                  "the board (R0)", _="mover ref"),
    Kind.CELL_TAKEN: _info("a MoveString names a taken cell as a step next to a piece "
                           "(R3, or the bug's rule)", place="top", climb="mover top",
                           walk="bug top"),
    Kind.QUEEN_BY_4: _info("4th turn and the Queen Bee still in hand (R4)", _="queen"),
    Kind.QUEEN_FIRST_TURN: _info("the Queen Bee on the first turn with the tournament rule (R4)",
                                 _="mover"),
    Kind.FIRST_PLACEMENT: _info("the first piece goes at 0,0 (R1)", _="centre"),
    Kind.SECOND_PLACEMENT: _info("the second piece must touch the first (R2)", _="first"),
    Kind.TOUCHES_OPPONENT: _info("a new piece would touch the opponent's pieces (R3)",
                                 _="enemy"),
    Kind.NOT_TOUCHING: _info("a new piece would touch none of its own pieces (R3)", _="to"),
    Kind.NO_PLACEMENT: _info("no cell is open for a new piece (R3)", _="mover"),
    Kind.QUEEN_NOT_PLACED: _info("no piece moves before its Queen Bee is placed (R5)",
                                 _="queen", throw="queen thrower"),
    Kind.STUNNED: _info("the piece moved or was thrown on the previous turn (R17)",
                        _="mover how", throw="mover how thrower"),
    Kind.THROWER_STUNNED: _info("the Pillbug (or Mosquito) moved on the previous turn (R17)",
                                _="thrower how"),
    Kind.COVERED: _info("another piece sits on top (R6), also of a piece to be thrown",
                        _="mover above", power="mover above", throw="mover above thrower"),
    Kind.PINNED: _info("lifting the piece would split the hive (R6)", _="mover cut",
                       throw="mover cut thrower"),
    Kind.MOSQUITO_ALONE: _info("a Mosquito touching only the other Mosquito copies nothing "
                               "(R14)", _="mover touching"),
    Kind.SAME_CELL: _info("a move must end on another cell", _="mover to",
                          throw="mover to thrower"),
    Kind.TOO_FAR: _info("the cell is further than the piece moves", step="mover to bug distance",
                        beetle="mover to bug distance", ladybug="mover to bug distance",
                        spider="mover to bug steps", throw="mover to thrower"),
    Kind.OCCUPIED: _info("the cell is taken", place="to top", step="to top bug", walk="to top bug",
                         ladybug="to top bug", grasshopper="to top bug land",
                         throw="to top thrower"),
    Kind.GATE: _info("both cells beside the gap are occupied (R7)", _="mover to left right",
                     pocket="mover to left right", spider="mover to left right"),
    Kind.NO_CONTACT: _info("no piece beside the gap: the piece would lose touch with the hive "
                           "(R7)", _="mover to"),
    Kind.HEIGHT_GATE: _info(
        "the stacks beside the gap are too high to climb between (R8)", optional="onto over",
        _="mover action left right left_height right_height start_height end_height",
        throw="thrower mover action left right left_height right_height start_height "
              "end_height"),
    Kind.NOT_IN_LINE: _info("a Grasshopper's cell not on one of its six lines (R11)",
                            _="mover to bug"),
    Kind.NOTHING_TO_JUMP: _info("no piece next to the Grasshopper in that direction (R11)",
                                _="mover bug beside"),
    Kind.GAP: _info("an empty cell on the Grasshopper's line before the target (R11)",
                    _="mover bug land"),
    Kind.WRONG_COUNT: _info("a Spider reaches the cell in 1 or 2 steps but never in exactly 3 "
                            "(R12)", _="mover to bug steps"),
    Kind.REVISIT: _info("a Spider would have to enter a cell twice (R12)",
                        _="mover to bug steps twice", start="mover to bug steps twice"),
    Kind.OFF_HIVE: _info("the cell touches no piece: walkers follow the hive's edge",
                         spider="mover to bug", ant="mover to bug", ladybug="mover to bug"),
    Kind.ENCLOSED: _info("the cell, or the piece, is walled in by pieces", _="mover to",
                         hole="mover to", start="mover", start_hole="mover"),
    Kind.NO_PATH: _info("a Ladybug finds no two pieces to walk across (R15)", _="mover to bug"),
    Kind.STACKED: _info("the piece to throw is on top of a stack (R16)", _="mover thrower"),
    Kind.THROWER_COVERED: _info("a piece sits on the Pillbug, so its power is off (R16)",
                                _="above thrower"),
    Kind.THROWER_ON_TOP: _info("a Mosquito on top of the hive moves only as a Beetle (R14)",
                               _="thrower"),
    Kind.NO_ROOM: _info("the Pillbug has no empty cell next to it (R16)", _="mover thrower"),
    Kind.STUCK: _info("the piece may move but every way is blocked (explain_piece only)",
                      step="mover", surrounded="mover", spider="mover", gate="mover",
                      mosquito="mover copies"),
}
"""Every kind, with what it means and the facts each of its cases names."""

MOSQUITO_LEADS: dict[str, frozenset[str]] = {
    "only": frozenset({"mover", "via", "bug"}),
    "copies": frozenset({"mover", "copies", "to", "bug"}),
    "on-top": frozenset({"mover"}),
}
"""How a Mosquito's move is introduced before the copied bug's reason, with the facts each
lead adds: it copies one piece (``only``), several (``copies``), or stands on the hive and
moves as a Beetle (``on-top``)."""


@dataclass(frozen=True)
class Explanation(Worded):
    """Why a move (or a piece) cannot be played, as facts; :meth:`text` writes the sentence.

    ``rule`` is the :class:`~hive_teach.hive.rules.Rule` it breaks and ``kind`` the
    :class:`Kind` of reason (diagrams draw marks by it); ``case`` says which of the kind's
    sentences fits (:data:`KINDS`). ``mover`` is the piece that would move, be placed or be
    thrown, ``to`` where it would go (``None`` for a reason that holds whatever the cell).
    ``pieces`` are the other pieces the reason names, always in this order: those that cause
    it first (the pieces on top, the two beside a gap, the pieces cut off, the opponent's
    pieces touched, the piece on a taken cell, the piece that must come first), and last the
    Pillbug or Mosquito whose throw is refused; the mover is never among them. ``cells`` are
    the cells a diagram marks (the gap's two sides, the cut-off part, the walled-in cell),
    ``gate`` a gap's two sides, ``path`` a way the piece would have to take (a Spider's three
    steps, a Ladybug's up-across-down). ``facts`` are what the sentence says besides (see
    :data:`FACTS`); ``mosquito`` is how a Mosquito's move is introduced
    (:data:`MOSQUITO_LEADS`), and ``others`` further reasons the move meets (the other bugs a
    Mosquito copies, why a Pillbug could not throw the piece there either).
    """

    rule: Rule
    kind: Kind
    case: str = ""
    mover: Piece | None = None
    to: Cell | None = None
    pieces: tuple[Piece, ...] = ()
    cells: tuple[Cell, ...] = ()
    facts: Mapping[str, object] = field(default_factory=dict, hash=False)
    gate: tuple[Cell, Cell] | None = None
    path: tuple[Cell, ...] = ()
    mosquito: str = ""
    others: tuple[Explanation, ...] = ()

    def render(self, lang: str, rule: bool) -> str:
        """The sentence in ``lang``, with the rule id if ``rule`` (see :meth:`Worded.text`).

        >>> from hive_teach.hive.position import Position
        >>> pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;"
        ...                                 "bQ bS1-")
        >>> explain_move(pos, pos.parse_move("wS1 bQ-")).text("de")
        'Wenn wS1 weggeht, wird wQ vom Rest des Schwarms getrennt, aber der Schwarm muss \
immer zusammenbleiben. (R6)'
        """
        from hive_teach.hive.catalogue import render

        return render(self, lang, rule=rule)


def _why(
    rule: Rule | str, kind: Kind, case: str = "", *, mover: Piece | None = None,
    to: Cell | None = None, pieces: Iterable[Piece] = (), cells: Iterable[Cell] = (),
    gate: tuple[Cell, Cell] | None = None, path: tuple[Cell, ...] = (),
    more: Mapping[str, object] | None = None, **facts: object,
) -> Explanation:
    """An explanation; its facts are the keyword arguments after the fields, and ``more``."""
    return Explanation(Rule(rule), kind, case, mover, to, tuple(pieces), tuple(cells),
                       {**facts, **(more or {})}, gate, path)


# ----------------------------------------------------------------------------- public API
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
    return _why("R0", Kind.NOT_IN_GAME, mover=piece, bug=piece.bug, game=str(pos.game_type))


def written_alone(pos: Position, piece: Piece) -> Explanation:
    """A MoveString with no reference piece once the game has started (R2 for the second
    piece, R3 after that)."""
    return _why("R2" if len(pos.stacks) == 1 else "R3", Kind.WRITTEN_ALONE, mover=piece)


def reference_in_hand(piece: Piece, ref: Piece) -> Explanation:
    """R0: a MoveString names its cell from ``ref``, which is not on the board."""
    return _why("R0", Kind.REFERENCE_IN_HAND, mover=piece, ref=ref)


def cell_taken(pos: Position, piece: Piece, to: Cell, climb_is_legal: bool) -> Explanation:
    """A MoveString that names the taken cell ``to`` as a step next to a piece: a placement
    (R3), a climb that is legal but must be written onto the piece there, or a walk."""
    top = pos.stacks[to][-1]
    if piece not in pos.where:
        return _why("R3", Kind.CELL_TAKEN, "place", mover=piece, to=to, pieces=(top,),
                    cells=(to,), top=top)
    rule = Rule.for_bug(piece.bug)
    if climb_is_legal:
        return _why(rule, Kind.CELL_TAKEN, "climb", mover=piece, to=to, pieces=(top,),
                    cells=(to,), top=top)
    return _why(rule, Kind.CELL_TAKEN, "walk", mover=piece, to=to, pieces=(top,), cells=(to,),
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
        self._movers: dict[Piece, _Mover] = {}
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
        from hive_teach.hive.position import GameState

        result = {GameState.WHITE_WINS: "white-won", GameState.BLACK_WINS: "black-won"}.get(
            self.pos.state, "draw")
        return _why("R19", Kind.GAME_OVER, mover=piece, result=result)

    def _pass(self) -> Explanation | None:
        moves = self.pos.legal_moves()
        if moves and not moves[0].is_pass:
            return _why("R18", Kind.PASS_WITH_MOVES, count=len(moves),
                        example=self.pos.move_text(moves[0]))
        return None

    def _not_your_turn(self, piece: Piece) -> Explanation:
        pos = self.pos
        c = pos.where.get(piece)
        facts: dict[str, object] = {"turn": pos.turn, "owner": piece.colour}
        mosquito = _expansion_piece(pos.turn, Bug.MOSQUITO)
        mc = pos.where.get(mosquito)
        case = ""
        if (
            c is not None and mc is not None and are_neighbours(c, mc)
            and Bug.PILLBUG in pos.game_type.expansions
        ):
            case, facts["mosquito"] = "mosquito", mosquito
        return _why("R0", Kind.NOT_YOUR_TURN, case, mover=piece, cells=_only(c), more=facts)

    def _blocked(self, piece: Piece) -> Explanation | None:
        """R5, R17, R6 and the lonely Mosquito: the side to move's ``piece`` cannot move at all."""
        pos = self.pos
        colour = piece.colour
        queen = _expansion_piece(colour, Bug.QUEEN)
        if queen not in pos.where:
            return _why("R5", Kind.QUEEN_NOT_PLACED, mover=piece, pieces=(queen,), queen=queen)
        c = pos.where[piece]
        if pos.last_moved is piece:
            return _why("R17", Kind.STUNNED, mover=piece, cells=(c,),
                        how=_how_played(pos, piece))
        s = pos.stacks[c]
        if s[-1] is not piece:
            above = tuple(s[s.index(piece) + 1 :])
            case = "power" if piece.bug is Bug.PILLBUG else ""
            return _why("R6", Kind.COVERED, case, mover=piece, pieces=above, cells=(c,),
                        above=above)
        if len(s) == 1 and c in pos.pinned_cells():
            return _pinned(pos, piece, c)
        if piece.bug is Bug.MOSQUITO and len(s) == 1:
            m = self._mover(piece)
            if not m.copies():
                near = [c + d for d in DELTAS if c + d in pos.stacks]
                touching = tuple(pos.stacks[x][-1] for x in near)
                return _why("R14", Kind.MOSQUITO_ALONE, mover=piece, pieces=touching,
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
    def _placement(self, piece: Piece, to: Cell) -> Explanation | None:
        pos = self.pos
        colour = pos.turn
        first = next(p for p in pos.placeable(colour) if p.bug is piece.bug)
        if first is not piece:
            return _why("R0", Kind.PIECE_ORDER, mover=piece, to=to, pieces=(first,),
                        first=first)
        queen = _expansion_piece(colour, Bug.QUEEN)
        if pos.turn_number == 4 and queen not in pos.where and piece is not queen:
            return _why("R4", Kind.QUEEN_BY_4, mover=piece, to=to, pieces=(queen,),
                        queen=queen)
        if pos.tournament and pos.turn_number == 1 and piece is queen:
            return _why("R4", Kind.QUEEN_FIRST_TURN, mover=piece, to=to)
        stacks = pos.stacks
        if to in stacks:
            top = stacks[to][-1]
            return _why("R3", Kind.OCCUPIED, "place", mover=piece, to=to, pieces=(top,),
                        cells=(to,), top=top)
        if not stacks:
            if to != ORIGIN:
                return _why("R1", Kind.FIRST_PLACEMENT, mover=piece, to=to, cells=(ORIGIN,),
                            centre=ORIGIN)
            return None
        if len(stacks) == 1:
            (only,) = stacks
            top = stacks[only][-1]
            if top.colour is not colour:
                if are_neighbours(only, to):
                    return None
                return _why("R2", Kind.SECOND_PLACEMENT, mover=piece, to=to, pieces=(top,),
                            cells=(only,), first=top)
        tops = [(to + d, stacks[to + d][-1]) for d in DELTAS if to + d in stacks]
        enemy = [(c, p) for c, p in tops if p.colour is not colour]
        if enemy:
            names = tuple(p for _, p in enemy)
            return _why("R3", Kind.TOUCHES_OPPONENT, mover=piece, to=to, pieces=names,
                        cells=[c for c, _ in enemy], enemy=names)
        if not tops:
            return _why("R3", Kind.NOT_TOUCHING, mover=piece, to=to, cells=(to,))
        return None

    def _hand_piece(self, piece: Piece) -> Explanation | None:
        cells = self._candidate_cells()
        reasons = [self._placement(piece, x) for x in sorted(cells)]
        if any(r is None for r in reasons):
            return None
        first = reasons[0]
        if first is not None and first.kind in (Kind.PIECE_ORDER, Kind.QUEEN_BY_4,
                                                Kind.QUEEN_FIRST_TURN):
            return replace(first, to=None)
        return _why("R3", Kind.NO_PLACEMENT, mover=piece)

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
            return replace(why, rule=_mosquito_rule(why), mosquito="on-top")
        if piece.bug is Bug.MOSQUITO:
            return _mosquito(m, to)
        return _ANALYSERS[piece.bug](m, to, piece.bug)

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
        return replace(_why(rule, Kind.STUCK, case, mover=piece, cells=(c,), more=facts),
                       others=around)

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
        queen = _expansion_piece(pos.turn, Bug.QUEEN)
        if queen not in pos.where:
            return _why("R5", Kind.QUEEN_NOT_PLACED, "throw", mover=piece,
                        pieces=(queen, thrower), queen=queen, thrower=thrower)
        if pos.last_moved is piece:
            return _why("R17", Kind.STUNNED, "throw", mover=piece, pieces=(thrower,),
                        cells=(n,), how=_how_played(pos, piece), thrower=thrower)
        if pos.last_moved is thrower:
            return _why("R17", Kind.THROWER_STUNNED, mover=piece, pieces=(thrower,),
                        cells=(p,), how=_how_played(pos, thrower), thrower=thrower)
        sn = stacks[n]
        if len(sn) > 1:
            if sn[-1] is piece:
                return _why("R16", Kind.STACKED, mover=piece, pieces=(thrower,), cells=(n,),
                            thrower=thrower)
            # R6 before the Pillbug's own rule: a covered piece cannot move at all.
            above = tuple(sn[sn.index(piece) + 1 :])
            return _why("R6", Kind.COVERED, "throw", mover=piece, pieces=(*above, thrower),
                        cells=(n,), above=above, thrower=thrower)
        if n in pos.pinned_cells():
            return _pinned(pos, piece, n, thrower)
        sp = stacks[p]
        if sp[-1] is not thrower:
            above = tuple(sp[sp.index(thrower) + 1 :])
            return _why("R16", Kind.THROWER_COVERED, mover=piece, pieces=(*above, thrower),
                        cells=(p,), above=above, thrower=thrower)
        if len(sp) > 1:
            return _why("R14", Kind.THROWER_ON_TOP, mover=piece, pieces=(thrower,), cells=(p,),
                        thrower=thrower)
        # Lift: from the ground at n onto the thrower (height 1), R8.
        fl, fr = flanks(p, n)
        hl, hr = movegen.height(stacks, fl), movegen.height(stacks, fr)
        if min(hl, hr) > 1:
            return _height_gate(stacks, piece, "lift", fl, fr, hl, hr, 0, 1, to=to,
                                thrower=thrower)
        if to is None:
            return None
        if to == n:
            return _why("R16", Kind.SAME_CELL, "throw", mover=piece, to=to, pieces=(thrower,),
                        cells=(n,), thrower=thrower)
        if to in stacks:
            top = stacks[to][-1]
            return _why("R16", Kind.OCCUPIED, "throw", mover=piece, to=to,
                        pieces=(top, thrower), cells=(to,), top=top, thrower=thrower)
        if not are_neighbours(p, to):
            return _why("R16", Kind.TOO_FAR, "throw", mover=piece, to=to, pieces=(thrower,),
                        cells=(p, to), thrower=thrower)
        fl, fr = flanks(p, to)
        hl = 0 if fl == n else movegen.height(stacks, fl)
        hr = 0 if fr == n else movegen.height(stacks, fr)
        if min(hl, hr) > 1:
            return _height_gate(stacks, piece, "set-down", fl, fr, hl, hr, 1, 0, to=to,
                                thrower=thrower)
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
                    why = _why("R16", Kind.NO_ROOM, mover=piece, pieces=(t,), cells=(p,),
                               thrower=t)
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
    return _why(Rule.for_bug(bug), Kind.SAME_CELL, mover=m.piece, to=m.cell, cells=(m.cell,))


def _occupied(m: _Mover, to: Cell, bug: Bug, case: str) -> Explanation:
    top = m.board[to][-1]
    return _why(Rule.for_bug(bug), Kind.OCCUPIED, case, mover=m.piece, to=to, pieces=(top,),
                cells=(to,), top=top, bug=bug)


def _off_hive(m: _Mover, to: Cell, bug: Bug, case: str) -> Explanation:
    return _why(Rule.for_bug(bug), Kind.OFF_HIVE, case, mover=m.piece, to=to, cells=(to,),
                bug=bug)


def _too_far(m: _Mover, to: Cell, bug: Bug, case: str) -> Explanation:
    return _why(Rule.for_bug(bug), Kind.TOO_FAR, case, mover=m.piece, to=to, cells=(to,),
                bug=bug, distance=distance(m.cell, to))


def _ground_gap(m: _Mover, a: Cell, to: Cell) -> Explanation | None:
    """R7 for the slide a -> ``to``: a gate or no contact, else None."""
    fl, fr = flanks(a, to)
    board = m.board
    if fl in board and fr in board:
        return _gate(board, m, fl, fr, to)
    if fl not in board and fr not in board:
        return _why("R7", Kind.NO_CONTACT, mover=m.piece, to=to, cells=(fl, fr))
    return None


def _gate(
    board: Board, m: _Mover, fl: Cell, fr: Cell, to: Cell, case: str = "",
    path: tuple[Cell, ...] = (),
) -> Explanation:
    a, c = board[fl][-1], board[fr][-1]
    return _why("R7", Kind.GATE, case, mover=m.piece, to=to, pieces=(a, c), cells=(fl, fr),
                gate=(fl, fr), path=path, left=a, right=c)


def _height_gate(
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
    return _why("R8", Kind.HEIGHT_GATE, case, mover=mover, to=to, pieces=pieces,
                cells=(fl, fr), gate=(fl, fr), path=path, more=facts)


def _one_step(m: _Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Queen Bee (R9), Pillbug walking (R16): one slide into an empty cell."""
    c = m.cell
    if to == c:
        return _same_cell(m, bug)
    if not are_neighbours(c, to):
        return _too_far(m, to, bug, "step")
    if to in m.board:
        return _occupied(m, to, bug, "step")
    return _ground_gap(m, c, to)


def _beetle(m: _Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Beetle (R10): one step, sliding on the ground (R7) or climbing (R8)."""
    c = m.cell
    if to == c:
        return _same_cell(m, bug)
    if not are_neighbours(c, to):
        return _too_far(m, to, bug, "beetle")
    board = m.board
    s, d = m.below, _h(board, to)
    if s == 0 and d == 0:
        return _ground_gap(m, c, to)
    fl, fr = flanks(c, to)
    hl, hr = _h(board, fl), _h(board, fr)
    if min(hl, hr) > max(s, d):
        if d:
            return _height_gate(board, m.piece, "climb-onto", fl, fr, hl, hr, s, d, to=to,
                                onto=board[to][-1])
        return _height_gate(board, m.piece, "climb-down", fl, fr, hl, hr, s, d, to=to)
    return None


def _grasshopper(m: _Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Grasshopper (R11): a straight jump over pieces to the first empty cell."""
    c = m.cell
    board = m.board
    rule = Rule.for_bug(bug)
    if to == c:
        return _same_cell(m, bug)
    (q0, r0), (q1, r1) = coords(c), coords(to)
    dq, dr = q1 - q0, r1 - r0
    k = max(abs(dq), abs(dr))
    step = (dq // k, dr // k)
    if not (dq == 0 or dr == 0 or dq == -dr) or step not in DIRECTION_VECTORS:
        return _why(rule, Kind.NOT_IN_LINE, mover=m.piece, to=to, cells=(to,), bug=bug)
    delta = DELTAS[DIRECTION_VECTORS.index(step)]
    first = c + delta
    if first not in board:
        return _why(rule, Kind.NOTHING_TO_JUMP, mover=m.piece, to=to, cells=(first,), bug=bug,
                    beside=first)
    land = first
    while land in board:
        land += delta
    if land == to:
        return None
    if to in board:
        top = board[to][-1]
        return _why(rule, Kind.OCCUPIED, "grasshopper", mover=m.piece, to=to, pieces=(top,),
                    cells=(to, land), top=top, bug=bug, land=land)
    return _why(rule, Kind.GAP, mover=m.piece, to=to, cells=(land,), bug=bug, land=land)


def _spider(m: _Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Spider (R12): exactly three slides, never entering a cell twice."""
    c = m.cell
    board = m.board
    rule = Rule.for_bug(bug)
    if to == c:
        return _same_cell(m, bug)
    if to in board:
        return _occupied(m, to, bug, "walk")
    if not _touches(board, to):
        return _off_hive(m, to, bug, "spider")
    paths = m.spider()
    if to in paths.exact:
        return None
    if to in paths.gated:
        _n, path, gated = paths.gated[to]
        i = gated.index(True)
        fl, fr = flanks(path[i], path[i + 1])
        return _gate(board, m, fl, fr, to, "spider", path)
    d = paths.dist.get(to)
    if d is not None and d < 3:
        if to in paths.walks:
            walk = paths.walks[to]
            twice = walk[0] if walk[2] == walk[0] else walk[1]
            return _why(rule, Kind.REVISIT, "start" if twice == c else "", mover=m.piece,
                        to=to, cells=(twice,), path=walk, bug=bug, steps=d, twice=twice)
        return _why(rule, Kind.WRONG_COUNT, mover=m.piece, to=to, cells=(to,), bug=bug,
                    steps=d)
    if d is not None:
        return _why(rule, Kind.TOO_FAR, "spider", mover=m.piece, to=to, cells=(to,), bug=bug,
                    steps=d)
    return _pocket(m, to, bug)


def _ant(m: _Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Soldier Ant (R13): any number of slides around the hive."""
    c = m.cell
    board = m.board
    if to == c:
        return _same_cell(m, bug)
    if to in board:
        return _occupied(m, to, bug, "walk")
    if not _touches(board, to):
        return _off_hive(m, to, bug, "ant")
    if to in m.reach():
        return None
    return _pocket(m, to, bug)


def _pocket(m: _Mover, to: Cell, bug: Bug) -> Explanation:
    """A cell on the hive's edge that no open slide leads to: behind a gate, or walled in."""
    edge = m.gates().get(to)
    board = m.board
    if edge is not None:
        fl, fr = flanks(*edge)
        return _gate(board, m, fl, fr, to, "pocket")
    start = m.cell
    if all(to + d in board for d in DELTAS):
        case, where = "", to
    elif _walled_in(board, to):
        case, where = "hole", to
    elif all(start + d in board for d in DELTAS):
        case, where = "start", start
    else:  # the hive's edge around one face is connected, so the mover is walled in itself
        case, where = "start-hole", start
    return _why(Rule.for_bug(bug), Kind.ENCLOSED, case, mover=m.piece, to=to, cells=(where,))


def _ladybug(m: _Mover, to: Cell, bug: Bug) -> Explanation | None:
    """Ladybug (R15): up onto the hive, one step across the top, down into an empty cell."""
    c = m.cell
    board = m.board
    if to == c:
        return _same_cell(m, bug)
    if to in board:
        return _occupied(m, to, bug, "ladybug")
    if distance(c, to) > 3:
        return _too_far(m, to, bug, "ladybug")
    downs = [to + d for d in DELTAS if to + d in board]
    if not downs:
        return _off_hive(m, to, bug, "ladybug")
    pairs = [
        (c + d, b2) for b2 in downs for d in DELTAS
        if c + d in board and are_neighbours(c + d, b2)
    ]
    if not pairs:
        return _why(Rule.for_bug(bug), Kind.NO_PATH, mover=m.piece, to=to, cells=(to,),
                    bug=bug)
    best: tuple[int, Explanation] | None = None
    for b1, b2 in pairs:
        h1, h2 = _h(board, b1), _h(board, b2)
        path = (c, b1, b2, to)
        p1, p2 = board[b1][-1], board[b2][-1]
        legs: tuple[tuple[Cell, Cell, int, int, str, dict[str, Piece]], ...] = (
            (c, b1, 0, h1, "climb-up", {"onto": p1}),
            (b1, b2, h1, h2, "cross", {"over": p1, "onto": p2}),
            (b2, to, h2, 0, "climb-down-from", {"over": p2}),
        )
        for stage, (a, b, s, d, action, where) in enumerate(legs):
            fl, fr = flanks(a, b)
            hl, hr = _h(board, fl), _h(board, fr)
            if min(hl, hr) > max(s, d):
                if best is None or stage > best[0]:
                    why = _height_gate(board, m.piece, action, fl, fr, hl, hr, s, d, to=to,
                                       path=path, **where)
                    best = (stage, why)
                break
        else:
            return None
    assert best is not None
    return best[1]


_RANK = {
    kind: i for i, kind in enumerate((
        Kind.GATE, Kind.HEIGHT_GATE, Kind.NO_CONTACT, Kind.REVISIT, Kind.WRONG_COUNT, Kind.GAP,
        Kind.NO_PATH, Kind.OCCUPIED, Kind.TOO_FAR, Kind.NOTHING_TO_JUMP, Kind.NOT_IN_LINE,
        Kind.ENCLOSED, Kind.OFF_HIVE, Kind.SAME_CELL,
    ))
}


def _mosquito_rule(why: Explanation) -> Rule:
    """The rule a Mosquito's move breaks: the general rules of moving (a gate R7, a height gate
    R8) stay what they are for every bug; anything about the copied bug's own way of moving
    is the Mosquito's rule R14."""
    return why.rule if why.rule in (Rule.R6, Rule.R7, Rule.R8) else Rule.R14


def _mosquito(m: _Mover, to: Cell) -> Explanation | None:
    """Mosquito on the ground (R14): the movement of any bug it touches."""
    if to == m.cell:
        return _same_cell(m, Bug.MOSQUITO)
    found = []
    for bug, via in m.copies():
        why = _ANALYSERS[bug](m, to, bug)
        if why is None:
            return None
        found.append((bug, via, why))
    if not found:  # pragma: no cover - _blocked reports a Mosquito that copies nothing
        return None
    bug, via, why = min(found, key=lambda f: _RANK.get(f[2].kind, len(_RANK)))
    facts = {**why.facts, "bug": bug}
    if len(found) == 1:
        lead, facts["via"] = "only", via
    else:
        lead, facts["copies"] = "copies", tuple((b, v) for b, v, _ in found)
    return replace(
        why,
        rule=_mosquito_rule(why),
        to=to,
        facts=facts,
        mosquito=lead,
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
        Kind.QUEEN_NOT_PLACED, Kind.STUNNED, Kind.THROWER_STUNNED, Kind.STACKED, Kind.COVERED,
        Kind.PINNED, Kind.THROWER_COVERED, Kind.THROWER_ON_TOP, Kind.NO_ROOM, Kind.SAME_CELL,
        Kind.OCCUPIED, Kind.TOO_FAR, Kind.HEIGHT_GATE,
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
    cut = tuple(sorted((p for x in cut_cells for p in pos.stacks[x]), key=lambda p: p.index))
    if thrower is None:
        return _why("R6", Kind.PINNED, mover=piece, pieces=cut, cells=cut_cells, cut=cut)
    return _why("R6", Kind.PINNED, "throw", mover=piece, pieces=(*cut, thrower),
                cells=cut_cells, cut=cut, thrower=thrower)


def _expansion_piece(colour: Colour, bug: Bug) -> Piece:
    return Piece.from_name(colour.letter + bug.value)


def _how_played(pos: Position, piece: Piece) -> str:
    """How the stunned ``piece`` got where it is: moved, placed, or thrown by a Pillbug."""
    if piece.colour is pos.turn:
        return "thrown"
    history = pos.move_stack
    if len(history) == pos.ply and sum(m.piece is piece for m in history) == 1:
        return "placed"
    return "moved"


def _only(x: T | None) -> tuple[T, ...]:
    return () if x is None else (x,)


def _move(piece: Piece, to: Cell) -> Move:
    from hive_teach.hive.position import Move

    return Move(piece, to)


def winner_text(pos: Position) -> str:
    """A short sentence on how the game ended, for boards and worksheets."""
    from hive_teach.hive.position import GameState

    return {
        GameState.WHITE_WINS: "White won",
        GameState.BLACK_WINS: "Black won",
        GameState.DRAW: "it is a draw",
    }.get(pos.state, pos.state.value)


__all__ = [
    "FACTS",
    "KINDS",
    "MOSQUITO_LEADS",
    "Colour",
    "Explainer",
    "Explanation",
    "Fact",
    "Kind",
    "KindInfo",
    "Rule",
    "cell_taken",
    "explain_move",
    "explain_piece",
    "not_in_game",
    "reference_in_hand",
    "winner_text",
    "written_alone",
]
