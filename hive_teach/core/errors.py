"""The errors the engine raises. All are ``ValueError``s, so ``except ValueError`` catches them.

``InvalidMoveError`` means the text is not a move at all (syntax); ``IllegalMoveError`` means it
is a move, but the rules forbid it here, and carries the rule id from RULES.md and a reason.
"""

from __future__ import annotations

from typing import Any


class InvalidMoveError(ValueError):
    """Text that is not a well-formed UHP MoveString (bad syntax, unknown piece).

    >>> raise InvalidMoveError("wX1", "there is no bug X")
    Traceback (most recent call last):
    ...
    hive_teach.core.errors.InvalidMoveError: 'wX1' is not a move: there is no bug X
    """

    def __init__(self, text: str, why: str) -> None:
        self.text = text
        self.why = why
        super().__init__(f"{text!r} is not a move: {why}")


class IllegalMoveError(ValueError):
    """A well-formed move that the rules forbid in this position.

    ``rule`` is the RULES.md id (e.g. ``"R7"``), ``reason`` one plain sentence, and
    ``explanation`` the full :class:`~hive_teach.hive.explain.Explanation` (pieces and cells
    involved).
    """

    def __init__(self, move: str, rule: str, reason: str, explanation: Any = None) -> None:
        self.move = move
        self.rule = rule
        self.reason = reason
        self.explanation = explanation
        super().__init__(f"{move}: {reason} ({rule})")


class GameStringError(ValueError):
    """A GameString that cannot be read or replayed; names the token at fault."""


class LayoutError(ValueError):
    """A layout (board given cell by cell) that is not a possible Hive position."""
