"""Hive's click model for the board: select a piece, then click where it goes.

A click on a piece of the side to move selects it and lights its targets; a click on a target
plays the move; a click on any other cell explains why the selected piece cannot go there. A
piece that cannot move at all is explained at once (its Queen is in hand, it is pinned,
covered or stunned). Used by :class:`~hive_teach.board.controller.BoardController`.

>>> from hive_teach.board.controller import BoardController
>>> from hive_teach.hive.position import Position
>>> board = BoardController(Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-"))
>>> board.click("1,0").message
"bS1 belongs to Black; it is White's turn."
>>> [label for label, _ in board.choices()][:2]
['wQ (in hand)', 'wS1 @ 0,0']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hive_teach.board.clicks import Clicks, random_player
from hive_teach.board.controller import Feedback
from hive_teach.core.errors import IllegalMoveError
from hive_teach.core.hexgrid import DELTAS, Cell, cell_name
from hive_teach.core.i18n import join_sentences, listing, side_name, t
from hive_teach.hive.explain import explain_piece
from hive_teach.hive.marks import Marks
from hive_teach.hive.pieces import Colour, Piece
from hive_teach.hive.position import PASS, AnyMove, Move, Position

if TYPE_CHECKING:
    from hive_teach.board.controller import BoardController, View


class HiveClicks(Clicks):
    """The :class:`~hive_teach.board.controller.ClickModel` of Hive (see the module docstring)."""

    GAME = "Hive"

    def __init__(self) -> None:
        # The last move's throw, (from, via, to) or None, for the game and ply it was found
        # at: finding it replays one move, and the board redraws many times per move.
        self._throw: tuple[int, int, tuple[Cell, Cell, Cell] | None] = (-1, -1, None)

    def side(self, value: Any) -> Colour:
        if isinstance(value, Colour):
            return value
        return Colour.WHITE if str(value).strip().lower()[:1] in ("w", "白") else Colour.BLACK

    def default_human(self) -> Colour:
        return Colour.WHITE

    def exercise_piece(self, game: Position, piece: Any, mode: str) -> Piece | None:
        found = Piece.from_name(piece) if isinstance(piece, str) else piece
        if mode == "reach" and found is None:
            raise ValueError("reach mode needs the piece whose cells the learner marks")
        return found

    # ------------------------------------------------------------------ words
    def mark_prompt(self, board: BoardController[Position]) -> str:
        return t("mark_cells", board.lang, piece=board.exercise_piece)

    def join(self, names: list[str], lang: str) -> str:
        return listing(names, lang)

    # ------------------------------------------------------------------ clicks
    def select(self, board: BoardController[Position], what: Piece | str | Cell | None) -> Feedback:
        pos, lang = board.game, board.lang
        try:
            piece = self._piece_from(board, what)
        except ValueError as e:
            return board.done(Feedback("error", str(e)))
        if piece is None:
            return board.done(Feedback("error", t("outside", lang)))
        if pos.is_over:
            return board.done(Feedback("info", t("game_over", lang, result=board.result())))
        sources = pos.move_sources(piece)
        if not sources:
            board.selected, board.targets = None, frozenset()
            why = explain_piece(pos, piece) if piece.colour is pos.turn else None
            if why is not None:
                return board.explained(why)
            if piece.colour is not pos.turn:
                return board.done(Feedback("info", t(
                    "not_yours", lang, piece=piece, owner=side_name(piece.colour, lang),
                    side=side_name(pos.turn, lang))))
            return board.done(Feedback("info", t("selected_none", lang, piece=piece)))
        board.selected = piece
        board.targets = frozenset(sources)
        return board.done(Feedback("selected", t("selected", lang, piece=piece, n=len(sources))))

    def _piece_from(
        self, board: BoardController[Position], what: Piece | str | Cell | None
    ) -> Piece | None:
        pos = board.game
        if what is None:
            return None
        if isinstance(what, Piece):
            piece = what
        elif isinstance(what, str):
            piece = Piece.from_name(what.strip())
        else:
            top = pos.top(what)
            if top is None:
                raise ValueError(t("empty_cell", board.lang))
            piece = top
        if piece not in pos.game_type:
            raise ValueError(f"{piece} is not part of a {pos.game_type} game (R0)")
        return piece

    def deselect(self, board: BoardController[Position]) -> Feedback:
        """Let the selected piece go (a second click on it)."""
        piece = board.selected
        board.selected, board.targets = None, frozenset()
        return board.done(Feedback("info", t("deselected", board.lang, piece=piece)))

    def click(self, board: BoardController[Position], c: Cell) -> Feedback:
        pos = board.game
        if board.selected is not None and pos.top(c) is board.selected:
            return self.deselect(board)
        if board.selected is None or (c not in board.targets and self._own_top(board, c)):
            if c in pos.stacks:
                fb = board.select(c)
                stack = pos.stacks[c]
                if len(stack) > 1:
                    below = t("stack", board.lang, cell=cell_name(c),
                              pieces=listing([p.name for p in stack], board.lang))
                    fb = Feedback(fb.kind, join_sentences((fb.message, below), board.lang),
                                  fb.rule, fb.explanation, lang=board.lang)
                    board.last = fb
                    board.history[-1] = fb
                return fb
            return board.done(Feedback("info", t("pick_piece", board.lang)))
        return board.play(self.move_at(board, c))

    def _own_top(self, board: BoardController[Position], c: Cell) -> bool:
        top = board.game.top(c)
        return top is not None and top.colour is board.game.turn and top is not board.selected

    def parse(self, board: BoardController[Position], text: str) -> Feedback | AnyMove:
        try:
            move = board.game.parse_move(text)
        except IllegalMoveError as e:  # the notation's own refusals, in the board's language
            return board.done(Feedback("illegal", e.text(board.lang), e.rule))
        except ValueError as e:
            return board.done(Feedback("error", str(e)))
        if move.piece is not None:
            board.selected = move.piece
            board.targets = frozenset(board.game.targets(move.piece))
        return move

    def move_at(self, board: BoardController[Position], c: Cell) -> Move:
        """The selected piece (in the exercise: its piece) to ``c``."""
        return Move(board.exercise_piece if board.marking else board.selected, c)

    # ------------------------------------------------------------------ the exercise
    def truth(self, board: BoardController[Position]) -> frozenset[Cell]:
        return frozenset(board.game.targets(board.exercise_piece))

    # ------------------------------------------------------------------ what to draw
    def targets(self, board: BoardController[Position]) -> frozenset[Cell]:
        return board.targets

    def move_cell(self, game: Position, move: Move) -> Cell | None:
        return move.to

    def last_move(self, game: Position) -> tuple[Cell | None, Cell] | None:
        if game.move_stack:
            move = game.peek()
            if move is not PASS:
                return (game.last_origin(), move.to)
        return None

    def last_throw(self, game: Position) -> tuple[Cell, Cell, Cell] | None:
        """The last move as ``(from, via, to)`` if it was a Pillbug throw (cached per ply)."""
        key = (id(game), len(game.move_stack))
        if self._throw[:2] != key:
            self._throw = (*key, game.last_throw())
        return self._throw[2]

    def marks(self, board: BoardController[Position], view: View, title: str | None) -> Marks:
        pos = board.game
        marking = board.marking
        selected: Cell | None = None
        if view.selected is not None and view.selected in pos.where:
            selected = pos.where[view.selected]
        if marking and board.exercise_piece in pos.where:
            selected = pos.where[board.exercise_piece]
        gates: list[tuple[Cell, Cell]] = []
        if view.cause_kind == "gate" and len(view.cause_cells) == 2:
            gates = [(view.cause_cells[0], view.cause_cells[1])]
        labels = {} if view.cause_kind == "gate" else {c: "!" for c in view.cause_cells}
        # A throw is drawn as the curved throw arrow over the Pillbug, and the thrown piece
        # with the stun mark (it may not move next turn, R17).
        throw = self.last_throw(pos)
        last_move, throws, stunned = view.last_move, [], None
        if throw is not None:
            last_move, throws, stunned = None, [throw], throw[2]
        return Marks(targets=frozenset() if marking else view.targets,
                     forbidden=view.forbidden, selected=selected, last_move=last_move,
                     throws=throws, stunned=stunned, gates=gates, labels=labels,
                     coords=True, checked=view.checked, lang=board.lang, title=title)

    def highlight_text(self, board: BoardController[Position]) -> str:
        cells = board.marked if board.marking else board.targets
        return " ".join(sorted(cell_name(x) for x in cells))

    def canvas_ratio(self, board: BoardController[Position]) -> float:
        return 0.55  # the hive grows in every direction: a wide canvas, drawn to fit

    def choices(self, board: BoardController[Position]) -> list[tuple[str, Piece]]:
        pos = board.game
        out = []
        for piece in pos.game_type.pieces:
            if piece.colour is not pos.turn:
                continue
            where = pos.where.get(piece)
            if where is None:
                if piece not in pos.placeable(pos.turn):
                    continue
                label = f"{piece.name} ({t('in_hand', board.lang)})"
            else:
                label = f"{piece.name} @ {cell_name(where)}"
            out.append((label, piece))
        return out

    def second_choices(self, board: BoardController[Position]) -> list[tuple[str, Cell]]:
        pos = board.game
        if board.marking:
            cells = sorted({c + d for c in pos.stacks for d in DELTAS} - set(pos.stacks))
        else:
            cells = sorted(board.targets)
        return [(cell_name(c), c) for c in cells]


__all__ = ["HiveClicks", "random_player"]
