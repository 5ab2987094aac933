"""The interactive Rive board for notebooks: ipywidgets around a matplotlib (ipympl) diagram.

All rules and decisions live in :class:`~hive_teach.board.rive_controller.RiveController`; the
callbacks here only forward clicks and button presses to it and redraw what it says. Errors
inside a callback are shown in the board's own output area, never lost in a log.

Two ways to play, both always present:
- click a cell of the picture (place a stone; during a capture, remove one), when the notebook
  runs with the ipympl canvas;
- the dropdown and button below it (no canvas needed: static pages, Voila, keyboard and
  screen-reader users).

>>> from hive_teach.rive import RiveGame
>>> board = RiveBoard(RiveController(RiveGame.from_text("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;"
...                                                     "-2,0;1,0")), canvas=False)
>>> board.legal_text()
'x0,0 x2,0'
>>> board.action_menu.value = board.action_menu.options[2][1]   # x2,0
>>> board.play_button.click()
>>> board.controller.game.history[-1], board.legal_text()
(Action('x2,0'), '1,-2 -1,-1 -2,1 -1,2')
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from hive_teach.board.drawing import board_of, diagram_png, draw, layout
from hive_teach.board.rive_controller import Feedback, RiveController
from hive_teach.board.widget import canvas_available, clickable_canvas, guarded
from hive_teach.core.hexgrid import Cell, cell_name
from hive_teach.core.i18n import LANGUAGES
from hive_teach.rive.i18n import t
from hive_teach.rive.paint import RiveDrawing, build_rive_scene

_NONE = None




class RiveBoard(w.VBox):
    """A board widget over a :class:`RiveController` (see the module docstring).

    ``canvas=None`` uses the clickable ipympl canvas when ipympl is installed, else a static
    image; ``canvas=False`` forces the image (tests, static pages). ``title`` replaces the
    diagram's own title line (whose turn it is and the stone count).
    """

    def __init__(self, controller: RiveController, *, canvas: bool | None = None,
                 width: float = 5.5, title: str | None = None) -> None:
        self.controller = controller
        self.title = title
        self.output = w.Output(layout=w.Layout(max_height="8em", overflow="auto"))
        self.output.add_class("rive-teach-errors")
        self.readout = w.HTML()
        self.readout.add_class("rive-teach-readout")
        self.legal_readout = w.HTML()
        self.legal_readout.add_class("rive-teach-legal")
        self.action_menu = w.Dropdown(layout=w.Layout(width="14em"))
        self.play_button = w.Button(button_style="success", layout=w.Layout(width="7em"))
        self.check_button = w.Button(button_style="info", layout=w.Layout(width="7em"))
        self.undo_button = w.Button(icon="undo", layout=w.Layout(width="7em"))
        self.reset_button = w.Button(icon="refresh", layout=w.Layout(width="7em"))
        self.language = w.ToggleButtons(options=list(LANGUAGES), value=controller.lang,
                                        style={"button_width": "3em"})
        self._width = width
        self._drawn: RiveDrawing | None = None
        self._figure: Any = None
        self._ax: Any = None
        self.canvas: Any = None
        self.image = w.Image(format="png")
        use_canvas = canvas_available() if canvas is None else canvas
        picture: w.Widget = self._make_canvas() if use_canvas else self.image

        self.play_button.on_click(self._guard(lambda _b: self._on_play()))
        self.check_button.on_click(self._guard(lambda _b: self._after(controller.check())))
        self.undo_button.on_click(self._guard(lambda _b: self._after(controller.undo())))
        self.reset_button.on_click(self._guard(lambda _b: self._after(controller.reset())))
        self.language.observe(self._guard(self._on_language), names="value")

        controls: list[w.Widget] = [self.action_menu, self.play_button]
        if controller.mode == "mark":
            controls.append(self.check_button)
        buttons = w.HBox([self.undo_button, self.reset_button, self.language])
        super().__init__([picture, self.readout, self.legal_readout, w.HBox(controls), buttons,
                          self.output])
        self.add_class("rive-teach-board")
        self.refresh()

    # ------------------------------------------------------------------ plumbing
    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        return guarded(self.output, fn)

    def _make_canvas(self) -> w.Widget:
        from matplotlib.figure import Figure

        x0, x1, y0, y1 = build_rive_scene(self.controller.game, self._marks()).bounds
        self._figure = Figure(figsize=(self._width, self._width * (y1 - y0) / (x1 - x0)))
        canvas = clickable_canvas(self._figure, self._guard(self._on_canvas_click))
        self.canvas = canvas
        return canvas

    # ------------------------------------------------------------------ events
    def _on_canvas_click(self, event: Any) -> None:
        drawn = self._drawn
        if drawn is None or event.xdata is None or event.ydata is None:
            self.click_cell(None)
            return
        self.click_cell(drawn.cell_at(event.xdata, event.ydata))

    def click_cell(self, cell: Cell | None) -> Feedback:
        """What a click on ``cell`` does (``None``: outside the board); used by the canvas."""
        return self._after(self.controller.click(cell))

    def _on_play(self) -> None:
        action = self.action_menu.value
        if action is None:
            self._after(self.controller.click(None))
        else:
            self._after(self.controller.play(action))

    def _on_language(self, change: dict[str, Any]) -> None:
        self._after(self.controller.set_language(change["new"]))

    def _after(self, feedback: Feedback) -> Feedback:
        self.refresh()
        return feedback

    # ------------------------------------------------------------------ drawing
    def _marks(self) -> Any:
        return self.controller.marks(title=self.title)

    def legal_text(self) -> str:
        """The legal actions as text (what the line under the board lists); in a ``mark``
        exercise the learner's marks, in a ``find`` exercise nothing (that is the answer)."""
        c = self.controller
        if c.mode == "mark":
            return " ".join(cell_name(x) for x in c.game.cells if x in c.marked)
        if c.mode == "find":
            return ""
        return " ".join(a.text for a in c.game.legal_actions())

    def figure_fraction(self, cell: Cell) -> tuple[float, float]:
        """Where ``cell``'s centre is on the canvas, as fractions of the figure (0..1, y up)."""
        from hive_teach.core.hexgrid import to_pixel

        if self._figure is None:
            raise ValueError("this board has no canvas (it was made with canvas=False)")
        ax = self._figure.axes[0]
        point = ax.transData.transform(to_pixel(cell))
        fx, fy = self._figure.transFigure.inverted().transform(point)
        return float(fx), float(fy)

    def refresh(self) -> None:
        """Redraw the picture, the readout and the menu from the controller."""
        c = self.controller
        lang = c.lang
        self.play_button.description = t("mark_button" if c.mode == "mark" else "play_button",
                                         lang)
        self.undo_button.description = t("undo", lang)
        self.reset_button.description = t("reset_button", lang)
        self.check_button.description = t("check", lang)
        options: list[tuple[str, Any]] = [("—", _NONE), *c.choices()]
        self.action_menu.options = options
        self.action_menu.value = _NONE
        self.action_menu.description = t("cell_label" if c.mode == "mark" else "action_label",
                                         lang)
        marks = self._marks()
        if self.canvas is not None:
            # Keep the one axes and only swap what is drawn in it: clearing a figure and
            # making new axes costs more than drawing the whole diagram.
            if not self._figure.axes:
                self._ax = self._figure.add_axes((0, 0, 1, 1))
            for artist in [*self._ax.collections, *self._ax.patches, *self._ax.texts,
                           *self._ax.lines, *self._ax.images]:
                artist.remove()
            draw(c.game, ax=self._ax, marks=marks)
            self._drawn = board_of(self._figure)
            self.canvas.draw_idle()
        else:
            self.image.value = diagram_png(c.game, marks, palette=True)
            self._drawn = layout(c.game, marks)
        # The text last, so that once it shows, the picture's update is already on its way.
        prompt = c.prompt()
        message = c.last.message if c.last.message != prompt else ""
        self.readout.value = f"<div>{html.escape(prompt)}</div>" + (
            f"<b>{html.escape(message)}</b>" if message else "")
        legal = self.legal_text()
        label = t("cell_label" if c.mode == "mark" else "legal_label", lang)
        self.legal_readout.value = (
            f'<span class="rive-teach-legal-list" data-legal="{html.escape(legal)}">'
            f"{html.escape(label)}: {html.escape(legal) or '–'}</span>"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        # A picture next to the live widget: static pages (no widget manager) show it.
        bundle = super()._repr_mimebundle_(**kwargs) or {}
        png = diagram_png(self.controller.game, self._marks(), palette=True)
        bundle["image/png"] = base64.b64encode(png).decode("ascii")
        return bundle


def rive_board(game: Any = None, **options: Any) -> RiveBoard:
    """A board widget on ``game`` (see :class:`RiveController` for the keyword options;
    ``canvas``, ``width`` and ``title`` go to the widget)."""
    widget = {k: options.pop(k) for k in ("canvas", "width", "title") if k in options}
    return RiveBoard(RiveController(game, **options), **widget)


__all__ = ["RiveBoard", "RiveController", "rive_board"]
