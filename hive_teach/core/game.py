"""The game protocol: what every game of the kit offers, named as in python-chess.

Hive's :class:`~hive_teach.hive.position.Position` and Rive's :class:`~hive_teach.rive.RiveGame`
both implement :class:`Game`, so one board controller, one widget, one drawing pipeline, one
scenario loader and one worksheet maker serve both. A move is the game's own move value (a Hive
``Move``, a Rive ``Action``); a side is the game's own colour enum.

The protocol:

- the state: ``turn`` (the side to move), ``ply`` (moves played), ``move_stack`` (the moves
  played, oldest first), :meth:`Game.outcome` (``None`` while the game goes on);
- the rules: :meth:`Game.legal_moves`, :meth:`Game.is_legal`, :meth:`Game.explain` (why a
  move is illegal, ``None`` when it is legal);
- text: :meth:`Game.parse_move` (raises an ``InvalidMoveError``-like ``ValueError`` for text
  that is no move, an ``IllegalMoveError``-like one with ``rule`` for a move the rules forbid),
  :meth:`Game.move_text`, :meth:`Game.to_text` and the class method ``from_text``;
- changes: :meth:`Game.play` (checked; illegal moves raise and change nothing),
  :meth:`Game.push` (unchecked, for search), :meth:`Game.undo`, :meth:`Game.peek`,
  :meth:`Game.copy`.

>>> from hive_teach.hive.position import Position
>>> from hive_teach.rive import RiveGame
>>> isinstance(Position(), Game), isinstance(RiveGame(3), Game)
(True, True)
>>> Outcome(Termination.BOARD_FULL, "V7", winner=None).is_draw
True
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from hive_teach.core.hexgrid import Cell

MoveT = TypeVar("MoveT")
SideT = TypeVar("SideT", covariant=True)


class Termination(enum.Enum):
    """How a game ended."""

    SURROUNDED = "surrounded"
    """Hive (R19): a Queen is surrounded; her owner loses."""
    BOTH_SURROUNDED = "both surrounded"
    """Hive (R19): both Queens are surrounded by the same move: a draw."""
    REPETITION = "repetition"
    """Hive (R20, optional): the same position for the third time: a draw."""
    BOARD_FULL = "board full"
    """Rive (V7): every cell holds a stone; the player with more stones wins."""


@dataclass(frozen=True)
class Outcome:
    """The end of a game: how it ended, the rule that ended it, and the winner (a side of the
    game, ``None`` for a draw)."""

    termination: Termination
    rule: str
    winner: Any = None

    @property
    def is_draw(self) -> bool:
        return self.winner is None


@runtime_checkable
class Why(Protocol):
    """What every game's explanation of an illegal move offers: the rule id it breaks, the
    cells a diagram marks as its cause, and the sentence in the learner's language."""

    @property
    def rule(self) -> str: ...

    @property
    def cells(self) -> Sequence[Cell]: ...

    def text(self, lang: str = "en") -> str:
        """The explanation as one sentence in ``lang`` (``en``, ``de``, ``zh``), ending with
        the rule id."""
        ...


@runtime_checkable
class Game(Protocol[MoveT, SideT]):
    """A game position with its history (``MoveT`` its moves, ``SideT`` its sides); see the
    module docstring."""

    @property
    def turn(self) -> SideT:
        """The side to move."""
        ...

    @property
    def ply(self) -> int:
        """How many moves have been played."""
        ...

    @property
    def move_stack(self) -> Sequence[MoveT]:
        """The moves played, oldest first."""
        ...

    def legal_moves(self) -> list[MoveT]:
        """Every legal move here (none once the game is over)."""
        ...

    def is_legal(self, move: MoveT) -> bool:
        """Whether ``move`` is legal here."""
        ...

    def explain(self, move: MoveT) -> Why | None:
        """Why ``move`` is illegal here (an explanation with ``rule`` and ``kind``), or
        ``None`` if it is legal."""
        ...

    def parse_move(self, text: str) -> MoveT:
        """The move ``text`` names here; raises ``ValueError`` subclasses for bad text and for
        a move the rules forbid."""
        ...

    def move_text(self, move: MoveT) -> str:
        """``move`` as text in this game's notation (before it is played)."""
        ...

    def play(self, move: MoveT | str) -> None:
        """Play a legal move (or its text); an illegal one raises and changes nothing."""
        ...

    def push(self, move: MoveT) -> None:
        """Play a move known to be legal, without checking it."""
        ...

    def undo(self) -> MoveT:
        """Take back the last move and return it (``IndexError`` when there is none)."""
        ...

    def peek(self) -> MoveT:
        """The last move played (``IndexError`` when there is none)."""
        ...

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        ...

    def to_text(self) -> str:
        """The game as text, from which ``from_text`` replays it."""
        ...

    def copy(self) -> Game[MoveT, SideT]:
        """An independent copy with the same history."""
        ...
