"""The errors the engine raises. All are ``ValueError``s, so ``except ValueError`` catches them.

``InvalidMoveError`` means the text is not a move at all (syntax); ``IllegalMoveError`` means it
is a move, but the rules forbid it here, and carries the rule id from RULES.md and a reason.
Both games raise these two (Rive's ``InvalidActionError`` and ``IllegalActionError`` are their
subclasses), with the same attributes: ``move`` the input, ``reason`` the English reason,
``rule`` the rule id (``None`` for text that is no move), and ``text(lang)`` the message a
learner reads, in that language.
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
    """Text that is not a move at all (bad syntax, unknown piece), in either game.

    ``move`` is the input as typed, ``reason`` why it is no move (in English: the syntax
    rules have no translations), and :meth:`text` the message a learner reads. Rive's
    :class:`~hive_teach.rive.rules.InvalidActionError` is this error.

    >>> err = InvalidMoveError("wX1", "there is no bug X")
    >>> err.move, err.reason
    ('wX1', 'there is no bug X')
    >>> raise err
    Traceback (most recent call last):
    ...
    hive_teach.core.errors.InvalidMoveError: 'wX1' is not a move: there is no bug X
    """

    rule: str | None = None
    """No rule: text that is not a move breaks none (an :class:`IllegalMoveError` has one)."""

    def __init__(self, move: str, reason: str, *, label: str | None = None) -> None:
        self.move = move
        self.reason = reason
        self.label = f"{quoted(move)} is not a move" if label is None else label
        """How the message names the input (Rive: ``action 3 'x' is not a Rive action``)."""
        super().__init__(f"{self.label}: {reason}")

    def text(self, lang: str = "en") -> str:
        """The message a learner reads: the input, then why it is no move (English in every
        language, as the syntax rules are written in English only)."""
        return str(self)


class Explained(Protocol):
    """What an error needs of an explanation (Hive's and Rive's ``Explanation``): the rule id,
    the English sentence, and the sentence in any language."""

    @property
    def rule(self) -> str: ...

    @property
    def reason(self) -> str: ...

    def text(self, lang: str = "en") -> str: ...


class IllegalMoveError(ValueError):
    """A well-formed move that the rules forbid in this position, in either game.

    ``move`` is the input as typed (or the move as its game writes it), ``rule`` the RULES.md
    id (e.g. ``"R7"``, ``"V3"``), ``reason`` one plain sentence in English, and
    ``explanation`` the full explanation (the facts: pieces and cells involved), which
    :meth:`text` writes in any language. Rive's
    :class:`~hive_teach.rive.rules.IllegalActionError` is this error.
    """

    def __init__(self, move: str, rule: str, reason: str,
                 explanation: Explained | None = None, *, label: str | None = None) -> None:
        self.move = move
        self.rule = rule
        self.reason = reason
        self.explanation = explanation
        self.label = move if label is None else label
        """How the message names the move (Rive: ``action 2 (1,0)`` in a game text)."""
        super().__init__(f"{self.label}: {reason} ({rule})")

    @classmethod
    def explained(cls, move: str, explanation: Explained) -> IllegalMoveError:
        """The error for ``move``, with the rule and reason of ``explanation``."""
        return cls(move, explanation.rule, explanation.reason, explanation)

    def text(self, lang: str = "en") -> str:
        """The message a learner reads, in ``lang`` (``en``, ``de``, ``zh``): the move, then
        why it is illegal and the rule id.

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
        return f"{self.label}: {self.explanation.text(lang)}"


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
