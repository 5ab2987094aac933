"""The logic behind the interactive board, free of widgets so tests drive it without a browser.

A :class:`BoardController` holds a position and what the learner has selected; its actions
(:meth:`~BoardController.select`, :meth:`~BoardController.click`, :meth:`~BoardController.undo`,
...) return a :class:`Feedback` and never raise for learner input: a bad click is reported,
and the game stays as it was. The widget in :mod:`hive_teach.board.widget` only forwards clicks here
and draws :meth:`~BoardController.view`.

>>> from hive_teach.hive.position import Position
>>> board = BoardController(Position.from_game_string("Base;InProgress;White[2];wS1;bS1 wS1-"))
>>> board.select("wQ").kind
'selected'
>>> sorted(cell_name(c) for c in board.targets)
['-1,0', '-1,1', '0,-1']
>>> fb = board.click(parse_cell("1,-1"))
>>> fb.kind, fb.rule
('illegal', 'R3')
>>> board.click(parse_cell("-1,0")).kind
'moved'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from hive_teach.core.errors import IllegalMoveError
from hive_teach.core.hexgrid import Cell, cell_name, parse_cell
from hive_teach.core.i18n import check_language, listing, side_name, t
from hive_teach.hive.explain import Explanation, explain_move, explain_piece
from hive_teach.hive.pieces import Colour, Piece
from hive_teach.hive.position import GameState, Move, Position

MODES = ("free", "engine", "reach", "find")


@dataclass(frozen=True)
class Feedback:
    """What one learner action did.

    ``kind`` is one of ``selected``, ``moved``, ``illegal``, ``info``, ``error`` (bad input,
    nothing changed), ``marked``, ``checked``, ``solved``, ``undone``, ``reset``;
    ``message`` is in the board's language; ``rule`` and ``explanation`` are set for illegal
    moves (the explanation names the pieces and cells that cause it).
    """

    kind: str
    message: str
    rule: str | None = None
    explanation: Explanation | None = None
    move: Move | None = None
    correct: bool | None = None


@dataclass
class View:
    """Everything the board draws, as data (cells are ints from :mod:`hive_teach.core.hexgrid`)."""

    selected: Piece | None = None
    targets: frozenset[Cell] = frozenset()
    forbidden: dict[Cell, str] = field(default_factory=dict)
    cause_cells: tuple[Cell, ...] = ()
    cause_kind: str = ""
    marked: frozenset[Cell] = frozenset()
    last_move: tuple[Cell | None, Cell] | None = None
    message: str = ""


class BoardController:
    """State and rules of one interactive board.

    ``mode`` is ``free`` (both sides), ``engine`` (the learner plays ``human``, the engine
    answers), ``reach`` ("mark every cell this piece can reach", with ``piece``) or ``find``
    ("find the move that ...": ``goal`` text and ``accept``, a test a played move must pass).
    """

    def __init__(
        self,
        position: Position,
        *,
        mode: str = "free",
        human: Colour | str = Colour.WHITE,
        piece: Piece | str | None = None,
        goal: str = "",
        accept: Callable[[Position, Move], bool] | None = None,
        engine: Callable[[Position], Move] | None = None,
        lang: str = "en",
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode {mode!r} is not one of {', '.join(MODES)}")
        self.start = position.copy()
        self.position = position
        self.mode = mode
        self.human = human if isinstance(human, Colour) else (
            Colour.WHITE if str(human).lower().startswith("w") else Colour.BLACK
        )
        self.exercise_piece = Piece.from_name(piece) if isinstance(piece, str) else piece
        if mode == "reach" and self.exercise_piece is None:
            raise ValueError("reach mode needs the piece whose cells the learner marks")
        self.goal = goal
        self.accept = accept
        self.engine = engine or _first_legal_move
        self.lang = check_language(lang)
        self.selected: Piece | None = None
        self.targets: frozenset[Cell] = frozenset()
        self.marked: set[Cell] = set()
        self.last: Feedback = Feedback("info", self._prompt())
        self.history: list[Feedback] = []

    # ------------------------------------------------------------------ helpers
    def prompt(self) -> str:
        """The standing instruction: whose turn it is, or the exercise's task."""
        return self._prompt()

    def _prompt(self) -> str:
        if self.mode == "reach":
            return t("mark_cells", self.lang, piece=self.exercise_piece)
        if self.mode == "find":
            return self.goal
        if self.position.is_over:
            return t("game_over", self.lang, result=self._result())
        return t("your_turn", self.lang, side=side_name(self.position.turn, self.lang))

    def _result(self) -> str:
        return t({GameState.WHITE_WINS: "white_wins", GameState.BLACK_WINS: "black_wins"}.get(
            self.position.state, "draw"), self.lang)

    def _done(self, fb: Feedback) -> Feedback:
        self.last = fb
        self.history.append(fb)
        return fb

    def _explained(self, why: Explanation, move: Move | None = None) -> Feedback:
        return self._done(Feedback("illegal", why.text(self.lang), why.rule.value, why, move))

    def set_language(self, lang: str) -> Feedback:
        """Switch all text the board shows to ``en``, ``de`` or ``zh``."""
        try:
            self.lang = check_language(lang)
        except ValueError as e:
            return self._done(Feedback("error", str(e)))
        return self._done(Feedback("info", self._prompt()))

    # ------------------------------------------------------------------ actions
    def select(self, what: Piece | str | Cell | None) -> Feedback:
        """Select a piece (by name or object, on the board or in hand) or a cell's top piece."""
        pos = self.position
        if self.mode == "reach":
            return self.click(what if isinstance(what, int) else None)
        try:
            piece = self._piece_from(what)
        except ValueError as e:
            return self._done(Feedback("error", str(e)))
        if piece is None:
            return self._done(Feedback("error", t("outside", self.lang)))
        if pos.is_over:
            return self._done(Feedback("info", t("game_over", self.lang, result=self._result())))
        sources = pos.move_sources(piece)
        if not sources:
            self.selected, self.targets = None, frozenset()
            why = None
            if piece.colour is pos.turn:
                why = explain_piece(pos, piece)
            if why is None and piece.colour is not pos.turn:
                return self._done(Feedback("info", t(
                    "not_yours", self.lang, piece=piece,
                    owner=side_name(piece.colour, self.lang),
                    side=side_name(pos.turn, self.lang))))
            if why is not None:
                return self._explained(why)
            return self._done(Feedback("info", t("selected_none", self.lang, piece=piece)))
        self.selected = piece
        self.targets = frozenset(sources)
        return self._done(Feedback("selected", t("selected", self.lang, piece=piece,
                                                 n=len(sources))))

    def _piece_from(self, what: Piece | str | Cell | None) -> Piece | None:
        if what is None:
            return None
        if isinstance(what, Piece):
            piece = what
        elif isinstance(what, str):
            piece = Piece.from_name(what.strip())
        else:
            piece = self.position.top(what)
            if piece is None:
                raise ValueError(t("empty_cell", self.lang))
        if piece not in self.position.game_type:
            raise ValueError(f"{piece} is not part of a {self.position.game_type} game (R0)")
        return piece

    def click(self, cell: Cell | str | None) -> Feedback:
        """A click on a cell (``None`` for a click outside the board)."""
        if isinstance(cell, str):
            try:
                cell = parse_cell(cell)
            except ValueError as e:
                return self._done(Feedback("error", str(e)))
        if cell is None:
            return self._done(Feedback("error", t("outside", self.lang)))
        if self.mode == "reach":
            return self._toggle_mark(cell)
        pos = self.position
        if self.selected is None or (cell not in self.targets and self._own_top(cell)):
            if cell in pos.stacks:
                fb = self.select(cell)
                stack = pos.stacks[cell]
                if len(stack) > 1:
                    below = t("stack", self.lang, cell=cell_name(cell),
                              pieces=listing([p.name for p in stack], self.lang))
                    fb = Feedback(fb.kind, f"{fb.message} {below}", fb.rule, fb.explanation)
                    self.last = fb
                    self.history[-1] = fb
                return fb
            return self._done(Feedback("info", t("pick_piece", self.lang)))
        move = Move(self.selected, cell)
        if cell not in self.targets:
            why = explain_move(pos, move)
            if why is not None:
                return self._explained(why, move)
        return self._play(move)

    def _own_top(self, cell: Cell) -> bool:
        top = self.position.top(cell)
        return top is not None and top.colour is self.position.turn and top is not self.selected

    def _play(self, move: Move) -> Feedback:
        pos = self.position
        text = pos.move_string(move)
        if self.mode == "find":
            ok = self.accept(pos, move) if self.accept else False
            if not ok:
                return self._done(Feedback("checked", t("legal_not_goal", self.lang, move=text),
                                           move=move, correct=False))
        pos.play(move)
        self.selected, self.targets = None, frozenset()
        if self.mode == "find":
            return self._done(Feedback("solved", t("solved", self.lang, move=text), move=move,
                                       correct=True))
        message = t("played", self.lang, move=text)
        if self.mode == "engine" and not pos.is_over and pos.turn is not self.human:
            reply = self.engine(pos)
            message += " " + t("engine_played", self.lang, move=pos.move_string(reply))
            pos.play(reply)
        if pos.is_over:
            message += " " + t("game_over", self.lang, result=self._result())
        return self._done(Feedback("moved", message, move=move))

    def play_text(self, text: str) -> Feedback:
        """Play a move typed in UHP notation (the keyboard path)."""
        try:
            move = self.position.parse_move(text)
        except ValueError as e:
            rule = getattr(e, "rule", None)
            message = e.text(self.lang) if isinstance(e, IllegalMoveError) else str(e)
            return self._done(Feedback("error" if rule is None else "illegal", message, rule))
        if move.piece is None:
            why = explain_move(self.position, move)
            if why is not None:
                return self._explained(why, move)
            return self._play(move)
        self.selected = move.piece
        self.targets = frozenset(self.position.targets(move.piece))
        return self.click(move.to)

    def _toggle_mark(self, cell: Cell) -> Feedback:
        if cell in self.marked:
            self.marked.discard(cell)
            return self._done(Feedback("marked", t("unmarked", self.lang, cell=cell_name(cell))))
        self.marked.add(cell)
        return self._done(Feedback("marked", t("marked", self.lang, cell=cell_name(cell))))

    def check(self) -> Feedback:
        """Reach mode: compare the marked cells with the engine's targets, with reasons."""
        if self.mode != "reach" or self.exercise_piece is None:
            return self._done(Feedback("error", "Check is for the 'mark every cell' exercise."))
        truth = frozenset(self.position.targets(self.exercise_piece))
        found = self.marked & truth
        if self.marked == truth:
            return self._done(Feedback("checked", t("all_found", self.lang, n=len(truth)),
                                       correct=True))
        parts = [t("found_some", self.lang, found=len(found), n=len(truth))]
        missed = sorted(truth - self.marked)
        if missed:
            parts.append(t("missed", self.lang,
                           cells=listing([cell_name(c) for c in missed], self.lang)))
        for c in sorted(self.marked - truth):
            why = explain_move(self.position, Move(self.exercise_piece, c))
            reason = why.text(self.lang) if why else "?"
            parts.append(t("wrong", self.lang, cell=cell_name(c), why=reason))
        return self._done(Feedback("checked", " ".join(parts), correct=False))

    def undo(self) -> Feedback:
        """Take back the last move (two in engine mode, so it is the learner's turn again)."""
        pos = self.position
        if self.mode == "reach":
            self.marked.clear()
            return self._done(Feedback("reset", t("reset", self.lang)))
        if len(pos.move_stack) <= len(self.start.move_stack):
            return self._done(Feedback("info", t("nothing_to_undo", self.lang)))
        move = pos.undo()
        if self.mode == "engine" and pos.turn is not self.human and \
                len(pos.move_stack) > len(self.start.move_stack):
            move = pos.undo()
        self.selected, self.targets = None, frozenset()
        return self._done(Feedback("undone", t("undone", self.lang, move=pos.move_string(move))))

    def reset(self) -> Feedback:
        """Back to the starting position of this board."""
        self.position = self.start.copy()
        self.selected, self.targets = None, frozenset()
        self.marked.clear()
        return self._done(Feedback("reset", t("reset", self.lang)))

    # ------------------------------------------------------------------ what to draw
    def view(self) -> View:
        """What the board shows now: selection, targets, the cause of the last rejection."""
        pos = self.position
        last_move = None
        if pos.move_stack and pos._undo:
            u = pos._undo[-1]
            if u.move.to is not None:
                last_move = (u.origin, u.move.to)
        v = View(
            selected=self.selected,
            targets=self.targets,
            marked=frozenset(self.marked),
            last_move=last_move,
            message=self.last.message,
        )
        fb = self.last
        if fb.kind == "illegal" and fb.explanation is not None:
            if fb.move is not None and fb.move.to is not None:
                v.forbidden = {fb.move.to: fb.explanation.rule}
            v.cause_cells = tuple(fb.explanation.cells)
            v.cause_kind = fb.explanation.kind
        return v

    def choices(self) -> list[tuple[str, Piece]]:
        """Pieces the side to move may select, labelled, for the dropdown (no-canvas) path."""
        pos = self.position
        out = []
        for piece in pos.game_type.pieces:
            if piece.colour is not pos.turn:
                continue
            where = pos.where.get(piece)
            if where is None:
                if piece not in pos.placeable(pos.turn):
                    continue
                label = f"{piece.name} ({t('in_hand', self.lang)})"
            else:
                label = f"{piece.name} @ {cell_name(where)}"
            out.append((label, piece))
        return out


def _first_legal_move(pos: Position) -> Move:
    """Until a real player is plugged in: a random legal move (seeded by the position)."""
    moves = pos.legal_moves()
    return random.Random(len(pos.move_stack)).choice(moves)
