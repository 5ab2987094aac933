"""The analysis board's widget: step through a game, click pieces and cells, save a moment as a
scenario; a thin front end over :class:`~hive_teach.board.analysis.AnalysisController`
(:func:`hive_teach.teach.workshop.analysis_board` makes one that can save).

>>> game = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
>>> b = AnalysisBoard(AnalysisController(game), canvas=False)
>>> b.back_button.click(); b.controller.move
3
>>> b.piece_menu.value = "bQ"; b.controller.board.selected
Piece(bQ)
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from pathlib import Path

import ipywidgets as w

from hive_teach.board.analysis import AnalysisController
from hive_teach.board.canvas_widget import CanvasWidget
from hive_teach.board.controller import Feedback
from hive_teach.board.drawing import scene_of
from hive_teach.board.editor_widget import status_area
from hive_teach.board.widget import rule_named
from hive_teach.core.i18n import LANGUAGES, Words

_LABELS = Words("analysis", "labels")

LABELS: Mapping[str, Mapping[str, str]] = _LABELS.mapping()
"""The widget's labels, ``{key: {lang: text}}`` (``locale/<lang>/analysis.toml`` ``[labels]``)."""


class AnalysisBoard(CanvasWidget[Feedback]):
    """The analysis widget: the picture (an ipympl canvas, or an image with ``canvas=False``),
    the step buttons and a move slider, a piece menu and a cell box for the keyboard,
    the readout, and "Save as scenario" (into ``folder``)."""

    ratio = 0.75
    controller: AnalysisController
    _painted_move = -1  # the moment of the game the picture shows

    def __init__(self, controller: AnalysisController, *, canvas: bool | None = None,
                 width: float = 6.0, folder: str | Path = ".") -> None:
        self.controller = controller
        self.folder = Path(folder)
        picture = self._picture(canvas, width)
        self.readout = status_area()
        small = w.Layout(width="4em")
        # Text, not Font Awesome icons: the app loads no icon font (nothing from outside), so
        # the icon buttons were blank there.
        self.first_button = w.Button(description="|◀", layout=small)
        self.back_button = w.Button(description="◀", layout=small)
        self.forward_button = w.Button(description="▶", layout=small)
        self.last_button = w.Button(description="▶|", layout=small)
        self.slider = w.IntSlider(min=0, max=controller.total, value=controller.move,
                                  continuous_update=False)
        self.piece_menu = w.Dropdown(layout=w.Layout(width="16em"))
        self.cell_box = w.Text(placeholder="q,r", layout=w.Layout(width="10em"))
        self.why_button = w.Button(layout=w.Layout(width="10em"))
        self.file_box = w.Text(placeholder="moment.toml", layout=w.Layout(width="16em"))
        self.save_button = w.Button(button_style="success", icon="save",
                                    layout=w.Layout(width="13em"))
        self.language = w.ToggleButtons(options=list(LANGUAGES), value=controller.lang,
                                        style={"button_width": "3em"})

        c = controller
        for button, step in [(self.first_button, c.first), (self.back_button, c.back),
                             (self.forward_button, c.forward), (self.last_button, c.last)]:
            button.on_click(self._guard(lambda _b, step=step: self._after(step())))
        self._watch(self.slider, c.goto)
        self._watch(self.piece_menu, lambda v: c.select(v) if v else c.feedback)
        self._watch(self.language, c.set_language)
        self.why_button.on_click(self._guard(lambda _b: self.click_cell(self.cell_box.value)))
        self.save_button.on_click(self._guard(lambda _b: self.save()))
        self._lay_out(picture, [
            w.HBox([self.first_button, self.back_button, self.slider, self.forward_button,
                    self.last_button]),
            w.HBox([self.piece_menu, self.cell_box, self.why_button]),
            w.HBox([self.file_box, self.save_button, self.language]),
        ], "hive-teach-analysis")

    def _pick(self, name: str) -> Feedback:
        return self.controller.select(name)

    def save(self) -> Feedback:
        """Save the moment as a scenario named by the file box, in :attr:`folder`."""
        name = self.file_box.value.strip() or f"move-{self.controller.move}"
        if not name.endswith(".toml"):
            name += ".toml"
        return self._after(self.controller.save_scenario(self.folder / name))

    def refresh(self) -> None:
        """Redraw the picture, the readout and the menus from the controller."""
        c = self.controller
        # Within a moment of the game only the marks of the clicks change: they go over the
        # board painted once; a step to another moment fits the view to it.
        game, board = c.board.game, c.board
        self._paint(game, c.marks(), lambda: scene_of(game, board.base_marks()),
                    fit=c.move != self._painted_move)
        self._painted_move = c.move
        lang = c.lang
        self._refreshing = True
        try:
            self.slider.value = c.move
            selected = c.board.selected
            self.piece_menu.options = [("—", ""), *((label, getattr(v, "name", str(v)))
                                                    for label, v in c.board.choices())]
            self.piece_menu.value = selected.name if selected is not None else ""
            self.piece_menu.description = _LABELS("piece", lang)
            self.cell_box.description = _LABELS("cell", lang)
            self.why_button.description = _LABELS("why", lang)
            self.file_box.description = _LABELS("file", lang)
            self.save_button.description = _LABELS("save", lang)
            self.language.value = lang
        finally:
            self._refreshing = False
        status, message = c.status(), c.feedback.message
        shown = ("" if message in ("", status)
                 else f"<b>{rule_named(message, [c.feedback.rule], c.lang)}</b>")
        self.readout.value = f"<div>{html.escape(status)}</div>{shown}"


__all__ = ["LABELS", "AnalysisBoard"]
