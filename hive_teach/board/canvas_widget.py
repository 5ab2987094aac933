"""What the analysis board and the board editor share: a picture that is a clickable ipympl
canvas (or an image without one), callbacks whose errors show in the widget, menus that
forward the learner's choices to the controller, and clicks routed to a hand tile or a cell.

A subclass sets up its own widgets, calls :meth:`CanvasWidget._picture` for the picture,
then :meth:`CanvasWidget._lay_out` for the whole; it gives :meth:`~CanvasWidget.refresh` and
:meth:`~CanvasWidget._pick` (a click on a hand tile); a click on a cell goes to its
controller's ``click``.

>>> from hive_teach.board.editor_widget import EditorBoard
>>> from hive_teach.board.editor import EditorController
>>> ed = EditorBoard(EditorController(), canvas=True)
>>> isinstance(ed, CanvasWidget), ed.canvas is not None
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

import ipywidgets as w

from hive_teach.board.drawing import board_of, diagram_png, draw, layout
from hive_teach.board.widget import canvas_available, clickable_canvas, guarded
from hive_teach.core.hexgrid import Cell
from hive_teach.core.scene import DrawnBoard

F = TypeVar("F")
"""The controller's feedback type (what its ``click`` returns)."""


class CanvasWidget(w.VBox, Generic[F]):  # type: ignore[misc]  # ipywidgets has no type hints
    """The plumbing of a widget over a controller with a clickable picture (see the module
    docstring). ``ratio`` is the canvas's height over its width; ``clicks_outside``: a click
    on the canvas off every cell still reaches :meth:`click_cell` (as ``None``)."""

    ratio = 0.75
    clicks_outside = True
    _refreshing = False  # True while refresh() sets the menus: their changes are not choices

    controller: Any  # its click(cell) gives an F
    output: w.Output
    readout: w.HTML
    image: w.Image
    canvas: Any
    _figure: Any
    _drawn: DrawnBoard | None
    _width: float

    def _picture(self, canvas: bool | None, width: float) -> w.Widget:
        """The picture: a clickable canvas ``width`` inches wide (``canvas=None``: if ipympl
        is installed), else :attr:`image`; also sets up :attr:`output` for the errors."""
        self.output = w.Output(layout=w.Layout(max_height="8em", overflow="auto"))
        self.image = w.Image(format="png")
        self._width = width
        self._figure = None
        self._drawn = None
        self.canvas = None
        use_canvas = canvas_available() if canvas is None else canvas
        return self._make_canvas() if use_canvas else self.image

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        return guarded(self.output, fn)

    def _watch(self, widget: w.Widget, action: Callable[[Any], Any]) -> None:
        """Forward a menu's new value to the controller (not while :meth:`refresh` sets the
        menus from it)."""
        def changed(change: dict[str, Any]) -> None:
            if not self._refreshing:
                self._after(action(change["new"]))

        widget.observe(self._guard(changed), names="value")

    def _make_canvas(self) -> w.Widget:
        from matplotlib.figure import Figure

        self._figure = Figure(figsize=(self._width, self._width * self.ratio))
        self.canvas = clickable_canvas(self._figure, self._guard(self._on_canvas_click))
        return self.canvas

    def _lay_out(self, picture: w.Widget, rows: list[w.Widget], css_class: str) -> None:
        """Put the picture, the :attr:`readout`, the ``rows`` and the errors one under
        another, and draw."""
        super().__init__([picture, self.readout, *rows, self.output])
        self.add_class(css_class)
        self.refresh()

    def _after(self, feedback: F) -> F:
        self.refresh()
        return feedback

    def _on_canvas_click(self, event: Any) -> None:
        drawn = self._drawn
        if drawn is None or event.xdata is None or event.ydata is None:
            return
        name = drawn.hand_piece_at(event.xdata, event.ydata)
        if name is not None:
            self._after(self._pick(name))
            return
        cell = drawn.cell_at(event.xdata, event.ydata)
        if cell is not None or self.clicks_outside:
            self.click_cell(cell)

    def _paint(self, game: Any, marks: Any) -> None:
        """Draw ``game`` with ``marks`` on the canvas (or as the image)."""
        if self.canvas is not None:
            if not self._figure.axes:
                self._figure.add_axes((0, 0, 1, 1))
            ax = self._figure.axes[0]
            ax.clear()
            ax.set_axis_off()
            draw(game, marks, ax=ax)
            self._drawn = board_of(self._figure)
            self.canvas.draw_idle()
        else:
            self.image.value = diagram_png(game, marks, palette=True)
            self._drawn = layout(game, marks)

    # ------------------------------------------------------------------ for subclasses
    def click_cell(self, cell: Cell | str | None) -> F:
        """What a click on ``cell`` does (the canvas, and the cell box: ``"q,r"``)."""
        return self._after(self.controller.click(cell))

    def _pick(self, name: str) -> F:
        """What a click on the hand tile of the piece ``name`` does."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Redraw everything from the controller."""
        raise NotImplementedError


__all__ = ["CanvasWidget"]
