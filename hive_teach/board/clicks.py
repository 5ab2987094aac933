"""What every game's click model shares: :class:`Clicks` implements the board's
:class:`~hive_teach.board.controller.ClickModel` from the game protocol alone, so a game's own
model (:class:`~hive_teach.board.hive_clicks.HiveClicks`,
:class:`~hive_teach.board.rive_clicks.RiveClicks`) writes only what differs: at least which
move a click on a cell means (:meth:`Clicks.move_at`) and which cell a move is about
(:meth:`Clicks.move_cell`).

The defaults are those of a game in which a click places on a cell: the highlighted cells are
the cells of the legal moves, a typed move is read by the game's ``parse_move``, the words are
the kit's own (:mod:`hive_teach.core.i18n`, sides 0 and 1 named White and Black), the engine
plays a random legal move, and the diagram's marks come from the game's registered marks
(:mod:`hive_teach.core.registry`) with the rejected cell, the checked marks and coordinates.

>>> from hive_teach.board.controller import BoardController
>>> from hive_teach.rive import RiveGame
>>> board = BoardController(RiveGame.from_text("rive3;0,0"))
>>> isinstance(board.rules, Clicks), board.rules.kind_of(board.game.parse_move("1,-2"))
(True, 'placed')
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from hive_teach.board.controller import Feedback
from hive_teach.core.hexgrid import Cell, cell_name
from hive_teach.core.i18n import SIDES, grammar, side_name, t
from hive_teach.core.registry import parts_for

if TYPE_CHECKING:
    from hive_teach.board.controller import BoardController, Engine, View


def random_player(seed: int = 0) -> Engine:
    """A stand-in engine: a random legal move, seeded by the game's ply (so games replay).

    >>> from hive_teach.hive.position import Position
    >>> pos = Position("Base")
    >>> random_player(3)(pos) == random_player(3)(pos)
    True
    """

    def play(game: Any) -> Any:
        return random.Random(seed + len(game.move_stack)).choice(game.legal_moves())

    return play


class Clicks(ABC):
    """The click model's common behaviour (see the module docstring). ``GAME`` is the game's
    name in messages."""

    GAME = "this"

    # ------------------------------------------------------------------ what differs
    @abstractmethod
    def move_at(self, board: BoardController[Any], c: Cell) -> Any:
        """The move a click on the board cell ``c`` stands for now (legal or not)."""

    @abstractmethod
    def move_cell(self, game: Any, move: Any) -> Cell | None:
        """The board cell a (rejected) move is about, if it has one on the board."""

    # ------------------------------------------------------------------ words
    def words(self, key: str, lang: str, **params: object) -> str:
        """The board's message ``key`` in ``lang``."""
        return t(key, lang, **params)

    def side_name(self, side: Any, lang: str) -> str:
        """A side's name in ``lang``."""
        return side_name(side, lang)

    def side(self, value: Any) -> Any:
        """A side from its name (White or Black, in any language) or the side itself."""
        if not isinstance(value, str):
            return value
        text = value.strip().lower()
        for i in (0, 1):
            if text in {names[i].lower() for names in SIDES.values()} | {"wb"[i]}:
                return i
        raise ValueError(f"{value!r} is not a side of a {self.GAME} game: use 'white' or "
                         "'black'")

    def default_human(self) -> Any:
        """The side the learner plays against the engine unless told: the first."""
        return 0

    def default_engine(self, seed: int) -> Engine:
        """The engine player used unless one is given: a random legal move."""
        return random_player(seed)

    def exercise_piece(self, game: Any, piece: Any, mode: str) -> Any:
        """A game without pieces to pick refuses one."""
        if piece is not None:
            raise ValueError(f"a {self.GAME} board has no pieces to pick: leave out piece")
        return None

    def turn_prompt(self, board: BoardController[Any]) -> str:
        """Whose turn it is."""
        return self.words("your_turn", board.lang,
                          side=self.side_name(board.game.turn, board.lang))

    def mark_prompt(self, board: BoardController[Any]) -> str:
        """The task of the mark-every-cell exercise."""
        return self.words("mark_cells", board.lang,
                          piece=self.side_name(board.game.turn, board.lang))

    def result(self, game: Any, lang: str) -> str:
        """Who won (a game that is over), from its outcome."""
        outcome = game.outcome()
        if outcome is None or outcome.winner is None:
            return self.words("draw", lang)
        return self.words(("white_wins", "black_wins")[int(outcome.winner)], lang)

    def join(self, names: list[str], lang: str) -> str:
        """Cell names joined into one list, with the language's list separator."""
        return grammar("list", lang).join(names)

    # ------------------------------------------------------------------ clicks
    def select(self, board: BoardController[Any], what: Any) -> Feedback:
        """A game without selection treats a selection as a click on the cell."""
        return board.click(what if isinstance(what, (int, str)) else None)

    def click(self, board: BoardController[Any], c: Cell) -> Feedback:
        """Play the move the cell stands for (the controller explains it if it is illegal)."""
        return board.play(self.move_at(board, c))

    def parse(self, board: BoardController[Any], text: str) -> Feedback | Any:
        """A typed move, read by the game (its refusal is the feedback)."""
        try:
            return board.game.parse_move(text)
        except ValueError as e:
            return board.done(Feedback("error", str(e)))

    def say_move(self, game: Any, move: Any, lang: str) -> str:
        """``move`` (before it is played) as the board's messages name it: its text."""
        return str(game.move_text(move))

    def apply(self, board: BoardController[Any], move: Any) -> str:
        """Play a legal move and say so."""
        text = self.say_move(board.game, move, board.lang)
        board.game.play(move)
        return self.words("played", board.lang, move=text)

    def kind_of(self, move: Any) -> str:
        """The feedback kind of a played move."""
        return "moved"

    def pass_move(self, game: Any) -> Any:
        """A game without a pass never offers one."""
        return None

    # ------------------------------------------------------------------ the exercise
    def is_on_board(self, game: Any, c: Cell) -> bool:
        """Every cell is on the board unless the game says otherwise."""
        return True

    def truth(self, board: BoardController[Any]) -> frozenset[Cell]:
        """The cells of the legal moves."""
        return self.targets(board)

    def mark_move(self, board: BoardController[Any], c: Cell) -> Any:
        """A wrong mark stands for the click on its cell."""
        return self.move_at(board, c)

    def in_order(self, board: BoardController[Any], cells: Collection[Cell]) -> list[Cell]:
        """Cells sorted."""
        return sorted(cells)

    # ------------------------------------------------------------------ what to draw
    def targets(self, board: BoardController[Any]) -> frozenset[Cell]:
        """The cells of the legal moves."""
        game = board.game
        cells = (self.move_cell(game, m) for m in game.legal_moves())
        return frozenset(c for c in cells if c is not None)

    def removing(self, game: Any) -> bool:
        """Whether the legal moves are removals: not unless the game says so."""
        return False

    def last_move(self, game: Any) -> tuple[Cell | None, Cell] | None:
        """Where the last move came from and went: not drawn unless the game says so."""
        return None

    def marks(self, board: BoardController[Any], view: View, title: str | None) -> Any:
        """The game's registered marks with the rejected cell, the checked marks and every
        cell's name."""
        return parts_for(board.game).part("with_fields")(
            None, forbidden=view.forbidden, checked=view.checked, coords=True, lang=board.lang,
            title=title)

    def highlight_text(self, board: BoardController[Any]) -> str:
        """The learner's marks in a ``mark`` exercise, nothing in a ``find`` exercise (that is
        the answer), else the legal moves."""
        if board.marking:
            return " ".join(cell_name(x) for x in self.in_order(board, board.marked))
        if board.mode == "find":
            return ""
        return " ".join(board.game.move_text(m) for m in board.game.legal_moves())

    def canvas_ratio(self, board: BoardController[Any]) -> float:
        """The height over the width of the game's diagram now."""
        x0, x1, y0, y1 = parts_for(board.game).part("painter")(board.game, board.marks()).bounds
        return float((y1 - y0) / (x1 - x0))

    def choices(self, board: BoardController[Any]) -> list[tuple[str, Any]]:
        """The legal moves, each labelled by its text."""
        game = board.game
        return [(game.move_text(m), m) for m in game.legal_moves()]

    def second_choices(self, board: BoardController[Any]) -> list[tuple[str, Cell]] | None:
        """One menu is enough unless the game says otherwise."""
        return None


__all__ = ["Clicks", "random_player"]
