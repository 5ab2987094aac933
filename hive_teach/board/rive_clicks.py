"""Rive's click model for the board: a click places a stone, or during a capture removes one.

An illegal click is explained with its rule id (V1-V7). Used by
:class:`~hive_teach.board.controller.BoardController`.

>>> from hive_teach.board.controller import BoardController
>>> from hive_teach.rive import RiveGame
>>> board = BoardController(RiveGame.from_text("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0;1,0"))
>>> board.prompt()
'White captures: remove 1 stone from the outlined group.'
>>> [label for label, _ in board.choices()]
['x0,0 (remove)', 'x2,0 (remove)']
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from hive_teach.board.clicks import Clicks
from hive_teach.board.controller import Feedback
from hive_teach.core.hexgrid import Cell, cell_name
from hive_teach.core.i18n import join_sentences
from hive_teach.rive.i18n import result_text, side_name, stones, t
from hive_teach.rive.moves import Action
from hive_teach.rive.paint import RiveMarks
from hive_teach.rive.player import SimplePlayer
from hive_teach.rive.position import RiveGame
from hive_teach.rive.rules import Colour, InvalidActionError, is_on_board

if TYPE_CHECKING:
    from hive_teach.board.controller import BoardController, Engine, View


class RiveClicks(Clicks):
    """The :class:`~hive_teach.board.controller.ClickModel` of Rive (see the module docstring)."""

    GAME = "Rive"

    def words(self, key: str, lang: str, **params: object) -> str:
        return t(key, lang, **params)

    def side_name(self, side: Any, lang: str) -> str:
        return side_name(side, lang)

    def side(self, value: Any) -> Colour:
        if isinstance(value, Colour):
            return value
        text = str(value).strip().lower()
        if text in ("black", "b", "schwarz", "黑", "黑方"):
            return Colour.BLACK
        if text in ("white", "w", "weiß", "weiss", "白", "白方"):
            return Colour.WHITE
        raise ValueError(f"{value!r} is not a Rive colour: use 'black' or 'white'")

    def default_human(self) -> Colour:
        return Colour.BLACK

    def default_engine(self, seed: int) -> Engine:
        return SimplePlayer(seed)

    # ------------------------------------------------------------------ words
    def turn_prompt(self, board: BoardController[RiveGame]) -> str:
        game, lang = board.game, board.lang
        capture = game.pending_capture
        if capture is not None:
            return t("capturing", lang, side=side_name(game.turn, lang),
                     stones=stones(capture.remaining, lang))
        return super().turn_prompt(board)

    def mark_prompt(self, board: BoardController[RiveGame]) -> str:
        game = board.game
        key = "mark_remove" if game.pending_capture is not None else "mark_place"
        return t(key, board.lang, side=side_name(game.turn, board.lang))

    def result(self, game: RiveGame, lang: str) -> str:
        return result_text(game, lang)

    # ------------------------------------------------------------------ clicks
    def move_at(self, board: BoardController[RiveGame], c: Cell) -> Action:
        """What a click on ``c`` means now: during a capture, on a stone, its removal; else a
        placement (on an empty cell mid-capture that is explained as "remove first", V5)."""
        game = board.game
        if game.pending_capture is not None and game.stone_at(c) is not None:
            return Action.remove(c)
        return Action.place(c)

    def parse(self, board: BoardController[RiveGame], text: str) -> Feedback | Action:
        try:
            return Action.parse(text)
        except InvalidActionError as e:
            return board.done(Feedback("error", str(e)))

    def apply(self, board: BoardController[RiveGame], move: Action) -> str:
        game, lang = board.game, board.lang
        side = side_name(game.turn, lang)
        name = cell_name(move.cell)
        game.play(move)
        capture = game.pending_capture
        if move.is_removal:
            message = t("removed", lang, side=side, cell=name)
            if capture is None:
                message = join_sentences((message, t("capture_done", lang, side=side)), lang)
            return message
        if capture is not None:
            return t("placed_capture", lang, side=side, cell=name,
                     sizes=" + ".join(map(str, capture.joined)),
                     stones=stones(capture.remaining, lang), target=capture.target)
        return t("placed", lang, side=side, cell=name)

    def kind_of(self, move: Action) -> str:
        return "removed" if move.is_removal else "placed"

    # ------------------------------------------------------------------ the exercise
    def is_on_board(self, game: RiveGame, c: Cell) -> bool:
        return is_on_board(c, game.side)

    def in_order(self, board: BoardController[RiveGame], cells: Collection[Cell]) -> list[Cell]:
        return [c for c in board.game.cells if c in cells]

    # ------------------------------------------------------------------ what to draw
    def removing(self, game: RiveGame) -> bool:
        return game.pending_capture is not None

    def move_cell(self, game: RiveGame, move: Action) -> Cell | None:
        return move.cell if is_on_board(move.cell, game.side) else None

    def marks(self, board: BoardController[RiveGame], view: View, title: str | None) -> RiveMarks:
        # The exercises do not give the answer away: ``mark`` shows the learner's marks,
        # ``find`` no legal cells.
        legal = board.mode not in ("mark", "find")
        return RiveMarks(legal=legal, forbidden=view.forbidden, checked=view.checked,
                         coords=True, lang=board.lang, title=title)

    def choices(self, board: BoardController[RiveGame]) -> list[tuple[str, Action]]:
        game = board.game
        if board.marking:
            capture = game.pending_capture
            if capture is not None:
                cells = self.in_order(board, capture.group)
            else:
                cells = [c for c in game.cells if game.stone_at(c) is None]
            return [(cell_name(c), self.move_at(board, c)) for c in cells]
        remove = t("remove_suffix", board.lang)
        return [(f"{a.text} ({remove})" if a.is_removal else a.text, a)
                for a in game.legal_moves()]
