"""The errors the engine raises. All are ``ValueError``s, so ``except ValueError`` catches them.

``InvalidMoveError`` means the text is not a move at all (syntax); ``IllegalMoveError`` means it
is a move, but the rules forbid it here, and carries the rule id from RULES.md and a reason.
"""

from __future__ import annotations

from typing import Protocol

MAX_QUOTE = 60
"""The most characters of a learner's input an error message quotes."""


def quoted(text: str) -> str:
    """``text`` quoted for an error message, cut to :data:`MAX_QUOTE` characters.

    >>> quoted("wQ -bS1"), quoted("x" * 1000)[-5:]
    ("'wQ -bS1'", "xxx'…")
    """
    return repr(text) if len(text) <= MAX_QUOTE else repr(text[:MAX_QUOTE]) + "…"


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
        super().__init__(f"{quoted(text)} is not a move: {why}")


class Explained(Protocol):
    """What an error needs of an explanation (:class:`~hive_teach.hive.explain.Explanation`):
    the rule id, the English sentence, and the sentence in any language."""

    @property
    def rule(self) -> str: ...

    @property
    def reason(self) -> str: ...

    def text(self, lang: str = "en") -> str: ...


class IllegalMoveError(ValueError):
    """A well-formed move that the rules forbid in this position.

    ``rule`` is the RULES.md id (e.g. ``"R7"``), ``reason`` one plain sentence in English, and
    ``explanation`` the full :class:`~hive_teach.hive.explain.Explanation` (the facts: pieces
    and cells involved), which :meth:`text` writes in any language.
    """

    def __init__(self, move: str, rule: str, reason: str,
                 explanation: Explained | None = None) -> None:
        self.move = move
        self.rule = rule
        self.reason = reason
        self.explanation = explanation
        super().__init__(f"{move}: {reason} ({rule})")

    @classmethod
    def explained(cls, move: str, explanation: Explained) -> IllegalMoveError:
        """The error for ``move``, with the rule and reason of ``explanation``."""
        return cls(move, explanation.rule, explanation.reason, explanation)

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (``en``, ``de``, ``zh``): the move, then why it is illegal.

        >>> from hive_teach.hive.position import Position
        >>> pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
        >>> try:
        ...     pos.play("wQ bS1-")
        ... except IllegalMoveError as e:
        ...     print(e.text("zh"))
        wQ bS1-: 这个格子挨着对手的 bS1，可新放的棋子只能挨着自己颜色的棋子。(R3)
        """
        if self.explanation is None:
            return str(self)
        return f"{self.move}: {self.explanation.text(lang)}"


class GameStringError(ValueError):
    """A GameString that cannot be read or replayed; names the token at fault.

    ``where`` says which move of the GameString failed (``GameString move 2 'wQ'``), when
    one did; the error that move raised is the ``__cause__``.
    """

    def __init__(self, message: str, where: str = "") -> None:
        self.where = where
        super().__init__(message)


class LayoutError(ValueError):
    """A layout (board given cell by cell) that is not a possible Hive position."""
