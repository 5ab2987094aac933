"""The analysis board: step through a real game, and at any move see where a piece may go and
why not elsewhere; then turn that moment into a scenario.

An :class:`AnalysisController` holds a game record (a
:class:`~hive_teach.hive.records.GameRecord`: a Boardspace SGF, a PGN of Mzinga or
hivegame.com, a GameString) and the move it shows. :meth:`~AnalysisController.first`,
:meth:`~AnalysisController.back`, :meth:`~AnalysisController.forward`,
:meth:`~AnalysisController.last` and :meth:`~AnalysisController.goto` step; at each move a
:class:`~hive_teach.board.controller.BoardController` on the position after it answers the
selection and the explanations (the same words and reasons as every board). A click on a cell
the selected piece may reach says so and plays nothing: the game stays the record's.
:meth:`~AnalysisController.save_scenario` writes the moment as a scenario file
(:func:`hive_teach.teach.authoring.write_scenario`). The widget:
:mod:`hive_teach.board.analysis_widget`.

>>> a = AnalysisController("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
>>> a.move, a.total
(4, 4)
>>> a.back().message
'Move 3 of 4: wQ -wS1. Black to move.'
>>> a.select("bQ").message  # in hand: three cells touch only black pieces
'bQ can go to 3 cells (green).'
>>> a.click("2,0").message
'bQ may go to 2,0 (bQ bS1-). The analysis board shows it; it plays nothing.'
>>> a.click("-2,0").rule  # beside White's Queen
'R3'
>>> a.first().message, a.back().kind
('The start of the game (4 moves).', 'error')
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from hive_teach.board.controller import BoardController, Feedback
from hive_teach.board.editor import ScenarioWriter
from hive_teach.core.hexgrid import Cell, cell_name, parse_cell
from hive_teach.core.i18n import Words, check_language, join_sentences, side_name
from hive_teach.hive.marks import Marks
from hive_teach.hive.pieces import Piece
from hive_teach.hive.position import Position
from hive_teach.hive.records import GameRecord, load_record, load_source

_WORDS = Words("analysis")

WORDS: Mapping[str, Mapping[str, str]] = _WORDS.mapping()
"""The analysis board's words, ``{key: {lang: template}}`` (``locale/<lang>/analysis.toml``;
the selection's and the reasons' are the board's)."""


class AnalysisController:
    """A game record and the move shown (see the module docstring).

    ``record`` is a :class:`GameRecord`, or what ``hive-teach import`` reads (a record file's
    name, or a GameString); ``move`` the number of moves played at the start (default: all);
    ``lang`` ``en``, ``de`` or ``zh``; ``writer`` saves scenarios (the teach layer's
    :func:`hive_teach.teach.workshop.analysis` passes the kit's).
    """

    def __init__(self, record: GameRecord | str | Path, *, move: int | None = None,
                 lang: str = "en", writer: ScenarioWriter | None = None) -> None:
        self.writer = writer
        if isinstance(record, Path):
            record = load_record(record)
        self.record = record if isinstance(record, GameRecord) else load_source(record)
        self.lang = check_language(lang)
        self.move = self.total
        self.board: BoardController[Position] = self._board(self.total)
        """The board on the position shown: selection, targets, reasons."""
        self.feedback = Feedback("info", "")
        """What the last action did."""
        if move is not None:
            fb = self.goto(move)
            if fb.kind == "error":
                raise ValueError(fb.message)
        self.feedback = Feedback("info", self.status())

    # ------------------------------------------------------------------ facts
    @property
    def total(self) -> int:
        """How many moves the game has."""
        return len(self.record.moves)

    @property
    def position(self) -> Position:
        """The position after the moves shown (a copy each time: the record stays as it is)."""
        return self.record.position(self.move)

    def move_text(self, n: int | None = None) -> str:
        """The UHP MoveString of move ``n`` (from 1; default: the move shown)."""
        n = self.move if n is None else n
        return self.record.moves[n - 1] if 1 <= n <= self.total else ""

    def t(self, key: str, **params: object) -> str:
        """The analysis board's message ``key`` in its language."""
        return _WORDS(key, self.lang, **params)

    def status(self) -> str:
        """Where in the game the board stands, and whose move it is."""
        where = (self.t("step", n=self.move, total=self.total, move=self.move_text())
                 if self.move else self.t("start", total=self.total))
        pos = self.board.game
        turn = self.t("over") if pos.is_over else self.t(
            "to_move", side=side_name(pos.turn, self.lang))
        if not self.move and not pos.is_over:
            return where
        return join_sentences([where, turn], self.lang)

    # ------------------------------------------------------------------ stepping
    def goto(self, n: int) -> Feedback:
        """Show the position after ``n`` moves (0: the start)."""
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= self.total:
            return self._done(Feedback("error", self.t("no_move", n=n, total=self.total)))
        self.move = n
        self.board = self._board(n)
        return self._done(Feedback("info", self.status()))

    def first(self) -> Feedback:
        """The start of the game."""
        return self.goto(0)

    def last(self) -> Feedback:
        """The position after the game's last move."""
        return self.goto(self.total)

    def back(self) -> Feedback:
        """One move back."""
        if self.move == 0:
            return self._done(Feedback("error", self.t("at_start")))
        return self.goto(self.move - 1)

    def forward(self) -> Feedback:
        """One move on."""
        if self.move == self.total:
            return self._done(Feedback("error", self.t("at_end")))
        return self.goto(self.move + 1)

    # ------------------------------------------------------------------ looking
    def select(self, piece: Piece | str | Cell) -> Feedback:
        """Select a piece (by name, or the top of a cell): its targets, or why it cannot move."""
        return self._done(self.board.select(piece))

    def click(self, c: Cell | str | None) -> Feedback:
        """A click on a cell: for a cell the selected piece may reach, that it may (nothing is
        played); else what the board says (why not, or the piece there is selected)."""
        board = self.board
        if isinstance(c, str):
            try:
                c = parse_cell(c)
            except ValueError as e:
                return self._done(Feedback("error", str(e)))
        if c is not None and board.selected is not None and c in board.targets:
            pos = board.game
            move = next(m for m in pos.legal_moves()
                        if m.piece is board.selected and m.to == c)
            return self._done(Feedback("info", self.t(
                "legal", piece=board.selected, cell=cell_name(c), move=pos.move_text(move)),
                move=move))
        return self._done(board.click(c))

    def set_language(self, lang: str) -> Feedback:
        """Switch the words to ``en``, ``de`` or ``zh``."""
        fb = self.board.set_language(lang)
        if fb.kind == "error":
            return self._done(fb)
        self.lang = self.board.lang
        return self._done(Feedback("info", self.status()))

    def marks(self, title: str | None = None) -> Marks:
        """The diagram marks: the selection, its targets, the last rejection, the last move."""
        marks: Marks = self.board.marks(title)
        return marks

    # ------------------------------------------------------------------ a scenario
    def save_scenario(self, path: str | Path, piece: Piece | str | None = None, *,
                      lang: str | None = None, force: bool = False) -> Feedback:
        """Write this moment as a scenario file (the position after the moves shown), with
        ``piece`` as its focus (default: the selected piece, else the authoring's choice)."""
        write_scenario = self.writer
        if write_scenario is None:
            return self._done(Feedback("error", self.t("not_saved", why=self.t("no_writer"))))
        focus = piece if piece is not None else self.board.selected
        shown = None if self.record.name == "<GameString>" else Path(self.record.name).name
        try:
            scenario = write_scenario(self.position, path, piece=focus,
                                      lang=self.lang if lang is None else lang, source=shown,
                                      moves=self.move, force=force)
        except ValueError as e:
            return self._done(Feedback("error", self.t("not_saved", why=e)))
        assert scenario.focus is not None  # write_scenario always gives one
        return self._done(Feedback("info", self.t("saved", path=path, piece=scenario.focus.piece,
                                                  n=self.move)))

    # ------------------------------------------------------------------ plumbing
    def _board(self, n: int) -> BoardController[Position]:
        lang = getattr(self, "lang", "en")
        return BoardController(self.record.position(n), lang=lang)

    def _done(self, fb: Feedback) -> Feedback:
        self.feedback = fb
        return fb


__all__ = ["WORDS", "AnalysisController"]
