"""The board editor's widget: an ipywidgets front end over
:class:`~hive_teach.board.editor.EditorController`.

The diagram is drawn by the one pipeline (:mod:`hive_teach.board.drawing`) on a clickable
ipympl canvas, or as a picture when there is no canvas (then the cell box and its button do
what a click does). A click on a piece in hand (beside the board) picks it as the tool; a
click on a cell puts the tool's piece there, or with "take off" removes the top piece. The
menus set the side to move, the turn, the piece that moved last, the game type and the
tournament opening; "Save as scenario" writes the file named in the box (with the writer
the controller was given: :func:`hive_teach.teach.workshop.editor_board` gives the kit's).
Every callback only forwards to the controller and redraws.

>>> ed = EditorBoard(EditorController(), canvas=False)
>>> ed.tool_menu.value = "wQ"
>>> ed.click_cell("0,0").kind
'placed'
>>> ed.controller.layout()
{'0,0': ['wQ']}
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from pathlib import Path

import ipywidgets as w

from hive_teach.board.canvas_widget import CanvasWidget
from hive_teach.board.editor import EditorController, EditorFeedback
from hive_teach.board.widget import rule_named
from hive_teach.core.i18n import LANGUAGES, SIDES, Words
from hive_teach.hive.pieces import Colour
from hive_teach.hive.position import Position

GAME_TYPES = ("Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP")

_LABELS = Words("editor", "labels")

LABELS: Mapping[str, Mapping[str, str]] = _LABELS.mapping()
"""The widget's own labels, ``{key: {lang: text}}`` (``locale/<lang>/editor.toml`` ``[labels]``;
the controller's messages: :data:`hive_teach.board.editor.WORDS`)."""


STATUS_HEIGHT = "6.2em"
"""The status area's height: four lines of the readout, whatever it says, so that the
controls under it never move when a message grows (a click aimed at one button landed on
the next)."""


def status_area() -> w.HTML:
    """The readout of the editor and the analysis board: a fixed-height area that scrolls
    a longer message instead of pushing the controls down.

    >>> area = status_area()
    >>> area.layout.height, area.layout.overflow
    ('6.2em', 'hidden auto')
    """
    area = w.HTML(layout=w.Layout(height=STATUS_HEIGHT, min_height=STATUS_HEIGHT,
                                  overflow="hidden auto", flex="0 0 auto"))
    area.add_class("hive-teach-readout")
    return area


class EditorBoard(CanvasWidget[EditorFeedback]):
    """The editor widget (see the module docstring). ``canvas=None`` uses the ipympl canvas
    when it is installed, ``canvas=False`` a picture; ``width`` is the canvas width in inches;
    ``folder`` is where "Save as scenario" writes (default: the working directory)."""

    ratio = 0.8
    clicks_outside = False  # a click beside the board does nothing (no message)
    controller: EditorController

    def __init__(self, controller: EditorController, *, canvas: bool | None = None,
                 width: float = 6.5, folder: str | Path = ".") -> None:
        self.controller = controller
        self.folder = Path(folder)
        picture = self._picture(canvas, width)
        self.readout = status_area()
        narrow = w.Layout(width="16em")
        self.tool_menu = w.Dropdown(layout=narrow)
        self.side = w.ToggleButtons(options=[("White", Colour.WHITE), ("Black", Colour.BLACK)],
                                    style={"button_width": "5em"})
        self.turn_menu = w.Dropdown(layout=w.Layout(width="14em"))
        self.last_menu = w.Dropdown(layout=w.Layout(width="14em"))
        self.game_menu = w.Dropdown(options=list(GAME_TYPES), layout=w.Layout(width="14em"))
        self.tournament = w.Checkbox(indent=False)
        self.cell_box = w.Text(placeholder="q,r", layout=w.Layout(width="10em"))
        self.apply_button = w.Button(layout=w.Layout(width="11em"))
        self.clear_button = w.Button(icon="trash", layout=w.Layout(width="7em"))
        self.file_box = w.Text(placeholder="my-lesson.toml", layout=w.Layout(width="16em"))
        self.focus_menu = w.Dropdown(layout=w.Layout(width="19em"))
        self.save_button = w.Button(button_style="success", icon="save",
                                    layout=w.Layout(width="13em"))
        self.language = w.ToggleButtons(options=list(LANGUAGES), value=controller.lang,
                                        style={"button_width": "3em"})

        c = controller
        self._watch(self.tool_menu, lambda v: c.choose(v))
        self._watch(self.side, lambda v: c.set_to_move(v))
        # 0 is "the earliest the pieces allow" (a Dropdown shows the value None as no choice)
        self._watch(self.turn_menu, lambda v: c.set_turn(v or None))
        self._watch(self.last_menu, lambda v: c.set_last_moved(v))
        self._watch(self.game_menu, lambda v: c.set_game_type(v))
        self._watch(self.tournament, lambda v: c.set_tournament(v))
        self._watch(self.language, lambda v: c.set_language(v))
        self.apply_button.on_click(self._guard(lambda _b: self.click_cell(self.cell_box.value)))
        self.clear_button.on_click(self._guard(lambda _b: self._after(c.clear())))
        self.save_button.on_click(self._guard(lambda _b: self.save()))
        self._lay_out(picture, [
            w.HBox([self.tool_menu, self.cell_box, self.apply_button, self.clear_button]),
            w.HBox([self.side, self.turn_menu, self.last_menu]),
            w.HBox([self.game_menu, self.tournament, self.language]),
            w.HBox([self.file_box, self.focus_menu, self.save_button]),
        ], "hive-teach-editor")

    # ------------------------------------------------------------------ events
    def _pick(self, name: str) -> EditorFeedback:
        return self.controller.choose(name)

    def save(self) -> EditorFeedback:
        """Save the position as a scenario, named by the file box, in :attr:`folder`."""
        name = self.file_box.value.strip()
        if name and not name.endswith(".toml"):
            name += ".toml"
        path = self.folder / (name or "my-scenario.toml")
        return self._after(self.controller.save_scenario(path, self.focus_menu.value or None))

    # ------------------------------------------------------------------ drawing
    def game(self) -> Position:
        """The position the picture shows."""
        return self.controller.draft()

    def refresh(self) -> None:
        """Redraw the picture, the readout and the menus from the controller."""
        c = self.controller
        self._paint(self.game(), c.marks())
        self._set_menus()
        message = c.last.message
        status = c.status()
        extra = "" if status in message else f"<div>{html.escape(status)}</div>"
        colour = "#b00" if c.last.kind == "refused" or c.problem else "#060"
        self.readout.value = (f'<div style="color:{colour}">'
                              f"{rule_named(message, c.last.rules, c.lang)}</div>{extra}")

    def _label(self, key: str) -> str:
        return _LABELS(key, self.controller.lang)

    def _set_menus(self) -> None:
        c = self.controller
        self._refreshing = True
        try:
            self.tool_menu.options = c.palette()
            self.tool_menu.value = c.tool
            self.tool_menu.description = self._label("tool")
            white, black = SIDES[c.lang]
            self.side.options = [(white, Colour.WHITE), (black, Colour.BLACK)]
            self.side.value = c.to_move
            auto = f"{self._label('auto')} ({c.turn_number})"
            turns = [(auto, 0), *((str(n), n) for n in range(1, max(31, c.turn_number + 1)))]
            self.turn_menu.options = turns
            self.turn_menu.value = c.turn or 0
            self.turn_menu.description = self._label("turn")
            on_board = sorted(p.name for p in c.where)
            self.last_menu.options = [(self._label("none"), ""), *((n, n) for n in on_board)]
            self.last_menu.value = c.last_moved.name if c.last_moved in c.where else ""
            self.last_menu.description = self._label("last")
            self.game_menu.value = str(c.game_type)
            self.game_menu.description = self._label("game")
            self.tournament.value = c.tournament
            self.tournament.description = self._label("tournament")
            self.cell_box.description = self._label("cell")
            self.apply_button.description = self._label("apply")
            self.clear_button.description = self._label("clear")
            self.file_box.description = self._label("file")
            # The pieces of the side to move on the board, then those in hand; the default
            # names the piece it takes (one on the board), not "auto".
            mine = sorted(p.name for p in c.where if p.colour is c.to_move)
            hand = [p.name for p in c.hand(c.to_move)]
            focus = self.focus_menu.value
            chosen = c.default_focus()
            first = (_LABELS("focus_auto", c.lang, piece=chosen.name) if chosen is not None
                     else self._label("focus_hand"))
            self.focus_menu.options = [(first, ""), *((n, n) for n in mine + hand)]
            self.focus_menu.value = focus if focus in mine + hand else ""
            self.focus_menu.description = self._label("focus")
            self.save_button.description = self._label("save")
            self.save_button.disabled = c.position is None
        finally:
            self._refreshing = False


__all__ = ["GAME_TYPES", "LABELS", "STATUS_HEIGHT", "EditorBoard", "status_area"]
