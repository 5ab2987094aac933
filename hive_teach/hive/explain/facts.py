"""The vocabulary of an explanation: the kinds of reason (:class:`Kind`), the facts a
sentence may name (:data:`FACTS`, typed by :class:`Fact`), what each kind carries (:data:`KINDS`)
and how a Mosquito's move is introduced (:data:`MOSQUITO_LEADS`).

The template catalogues (:mod:`hive_teach.hive.catalogue`) read these; the explanation itself
is :class:`~hive_teach.hive.explain.explanation.Explanation`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum


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
