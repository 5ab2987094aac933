"""The coach on a Hive board (Hive registers it as its ``coach`` part,
:mod:`hive_teach.hive.parts`): a sentence after each learner move, a reason for each engine
move, hints, and the coach's move drawn on the diagram.

:class:`BoardCoach` is what ``BoardController(..., coach=True)`` holds; the controller calls
it at three points (a learner's move, an engine's move, the marks), so the coach's logic stays
here and in :mod:`hive_teach.hive.coach`.

>>> from hive_teach.board.controller import BoardController
>>> from hive_teach.hive.position import Position
>>> pos = Position.from_layout(
...     {"0,0": "bQ", "1,0": "wQ", "0,-1": "wS1", "-1,0": "wB1", "-1,1": "wG1",
...      "1,-1": "bA1", "2,-1": "wA1"}, to_move="white", turn=6)
>>> board = BoardController(pos, coach=True)
>>> fb = board.play_text("wS2 -wB1")
>>> print(fb.message)
Played: the white Spider is placed to the left of the white Beetle (wS2 -wB1). You could have \
won right away with wA1 to 0,1, which surrounds Black's Queen at 0,0.
>>> from hive_teach.core.hexgrid import cell_name
>>> marks = board.marks()
>>> [cell_name(c) for c in marks.path], {cell_name(c): text for c, text in marks.labels.items()}
(['2,-1', '0,1'], {'0,1': '!'})
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hive_teach.core.hexgrid import Cell
from hive_teach.core.i18n import join_sentences
from hive_teach.hive.coach import COACH_TIME, HINT_TIME, Said, Verdict, advise, coach, describe
from hive_teach.hive.marks import Marks, with_fields
from hive_teach.hive.position import AnyMove, Position

if TYPE_CHECKING:
    from hive_teach.board.controller import BoardController, Feedback


class BoardCoach:
    """The coach of one board (see the module docstring); ``time_limit`` is its budget per
    move in seconds."""

    def __init__(self, time_limit: float = COACH_TIME) -> None:
        self.time_limit = time_limit
        self.verdict: Verdict | None = None
        """The verdict on the learner's last move."""
        self.reasons: list[Said] = []
        """Why the engine played its moves after the learner's last move."""
        # The move to draw, as (from, to) with from None for a placement, and the feedback
        # it belongs to: once the board shows something else, it is no longer drawn.
        self._drawn: tuple[Cell | None, Cell] | None = None
        self._for: Feedback | None = None

    def judge(self, board: BoardController[Position], move: AnyMove) -> None:
        """Before the learner's legal ``move`` is played: what the coach will say of it."""
        pos = board.game
        self.verdict = coach(pos, move, time_limit=self.time_limit)
        self.reasons = []
        self._drawn, self._for = None, None
        if self.verdict.moves and self.verdict.verdict in ("allows-win", "missed-win"):
            # The reply is a move after the learner's; the missed win one instead of it.
            at = pos.copy()
            if self.verdict.verdict == "allows-win":
                at.push(move)
            self._drawn = _from_to(at, at.parse_move(self.verdict.moves[0]))

    def engine_move(self, board: BoardController[Position], move: AnyMove) -> None:
        """Before the engine's ``move`` is played: why it plays it."""
        pos = board.game
        if pos.legal_moves() != [move]:  # a forced move (a pass) needs no reason
            self.reasons.append(describe(pos.copy(), move))

    def verdict_text(self, lang: str) -> str:
        """The coach's word on the learner's last move in ``lang`` (``""``: nothing to say)."""
        return self.verdict.text(lang) if self.verdict is not None else ""

    def reasons_text(self, lang: str) -> str:
        """Why the engine played what it did since, in ``lang``."""
        return join_sentences((s.text(lang) for s in self.reasons), lang)

    def shown(self, fb: Feedback) -> Feedback:
        """``fb`` is the feedback that shows the coach's words: draw its move while it
        stays on the board."""
        self._for = fb
        return fb

    def hint(self, board: BoardController[Position]) -> tuple[AnyMove, Said]:
        """A good move for the side to move and why (drawn until the next action)."""
        pos = board.game
        move, said = advise(pos, time_limit=HINT_TIME)
        self._drawn = _from_to(pos, move)
        return move, said

    def marks(self, board: BoardController[Any], marks: Marks) -> Marks:
        """``marks`` with the coach's move drawn: a path from where its piece stands (none
        for a placement) to a ``!`` on its cell."""
        if self._drawn is None or board.last is not self._for:
            return marks
        start, to = self._drawn
        labels = {**marks.labels, to: "!"}
        path = [start, to] if start is not None else []
        return with_fields(marks, path=path, labels=labels)

    def forget(self) -> None:
        """After undo or reset: nothing said, nothing drawn."""
        self.verdict, self.reasons, self._drawn, self._for = None, [], None, None


def _from_to(pos: Position, move: AnyMove) -> tuple[Cell | None, Cell] | None:
    if move.piece is None or move.to is None:
        return None
    return (pos.where.get(move.piece), move.to)


__all__ = ["BoardCoach"]
