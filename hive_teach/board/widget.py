"""The interactive board for notebooks: ipywidgets around a matplotlib (ipympl) diagram.

All rules and decisions live in :class:`~hive_teach.board.controller.BoardController`; the callbacks
here only forward clicks and button presses to it and redraw what it says. Errors inside a
callback are shown in the board's own output area, never lost in a log.

Two ways to play, both always present:
- click on the picture (a piece, or a piece in hand, then a cell), when the notebook runs with
  the ipympl canvas;
- the dropdowns and buttons below it (no canvas needed: static renders, Voila, keyboard and
  screen-reader users).

>>> from hive_teach.hive.position import Position
>>> from hive_teach.board.controller import BoardController
>>> board = HiveBoard(BoardController(Position.from_game_string(
...     "Base;InProgress;White[2];wS1;bS1 wS1-")), canvas=False)
>>> board.piece_menu.value = board.piece_menu.options[1][1]   # choose wQ (in hand)
>>> board.targets_text()
'-1,0 -1,1 0,-1'
>>> board.target_menu.value = board.target_menu.options[1][1]
>>> board.play_button.click()
>>> board.controller.position.move_stack[-1].piece.name
'wQ'
"""

from __future__ import annotations

import base64
import traceback
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from hive_teach.board.controller import BoardController, Feedback
from hive_teach.board.drawing import Marks, board_of, diagram_png, draw
from hive_teach.core.hexgrid import Cell, cell_name
from hive_teach.core.i18n import LANGUAGES, t
from hive_teach.core.scene import DrawnBoard
from hive_teach.hive.pieces import Piece

_NONE = None


def guarded(output: w.Output, fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` as a callback whose errors show in ``output`` (the board), not in a hidden log."""

    def run(*args: Any) -> None:
        try:
            fn(*args)
        except Exception:  # shown to the learner, then the board carries on
            output.outputs = ()
            output.append_stderr(traceback.format_exc())

    return run


def clickable_canvas(figure: Any, on_click: Callable[[Any], None]) -> w.Widget:
    """An ipympl canvas widget for ``figure``, bare (no toolbar or header), calling
    ``on_click(event)`` on every mouse press."""
    from ipympl.backend_nbagg import new_figure_manager_given_figure

    canvas = new_figure_manager_given_figure(id(figure), figure).canvas
    canvas.header_visible = False
    canvas.toolbar_visible = False
    canvas.footer_visible = False
    canvas.resizable = False
    canvas.capture_scroll = False
    canvas.mpl_connect("button_press_event", on_click)
    return canvas


def canvas_available() -> bool:
    try:
        import ipympl  # noqa: F401
    except ImportError:  # pragma: no cover - ipympl is a dependency of the notebook extras
        return False
    return True


class HiveBoard(w.VBox):
    """A board widget over a :class:`BoardController` (see the module docstring).

    ``canvas=None`` uses the clickable ipympl canvas when ipympl is installed, else a static
    image; ``canvas=False`` forces the image (tests, static pages).
    """

    def __init__(self, controller: BoardController, *, canvas: bool | None = None,
                 width: float = 7.5, title: str | None = None) -> None:
        self.controller = controller
        self.title = title
        self._shown = False
        self.output = w.Output(layout=w.Layout(max_height="8em", overflow="auto"))
        self.output.add_class("hive-teach-errors")
        self.readout = w.HTML()
        self.readout.add_class("hive-teach-readout")
        self.targets_readout = w.HTML()
        self.targets_readout.add_class("hive-teach-targets")
        self.piece_menu = w.Dropdown(layout=w.Layout(width="14em"))
        self.target_menu = w.Dropdown(layout=w.Layout(width="10em"))
        self.play_button = w.Button(button_style="success", layout=w.Layout(width="7em"))
        self.undo_button = w.Button(icon="undo", layout=w.Layout(width="7em"))
        self.reset_button = w.Button(icon="refresh", layout=w.Layout(width="7em"))
        self.check_button = w.Button(button_style="info", layout=w.Layout(width="7em"))
        self.language = w.ToggleButtons(options=list(LANGUAGES), value=controller.lang,
                                        style={"button_width": "3em"})
        self._width = width
        self._drawn: DrawnBoard | None = None
        self._figure: Any = None
        self._ax: Any = None
        self.canvas: Any = None
        self.image = w.Image(format="png")
        use_canvas = canvas_available() if canvas is None else canvas
        picture: w.Widget = self._make_canvas() if use_canvas else self.image

        self.piece_menu.observe(self._guard(self._on_piece), names="value")
        self.play_button.on_click(self._guard(lambda _b: self._on_play()))
        self.undo_button.on_click(self._guard(lambda _b: self._after(controller.undo())))
        self.reset_button.on_click(self._guard(lambda _b: self._after(controller.reset())))
        self.check_button.on_click(self._guard(lambda _b: self._after(controller.check())))
        self.language.observe(self._guard(self._on_language), names="value")

        controls = [self.piece_menu, self.target_menu, self.play_button]
        if controller.mode == "reach":
            controls = [self.target_menu, self.play_button, self.check_button]
        buttons = w.HBox([self.undo_button, self.reset_button, self.language])
        super().__init__([picture, self.readout, self.targets_readout, w.HBox(controls),
                          buttons, self.output])
        self.add_class("hive-teach-board")
        self.refresh()

    # ------------------------------------------------------------------ plumbing
    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        return guarded(self.output, fn)

    def _make_canvas(self) -> w.Widget:
        from matplotlib.figure import Figure

        self._figure = Figure(figsize=(self._width, self._width * 0.55))
        canvas = clickable_canvas(self._figure, self._guard(self._on_canvas_click))
        self.canvas = canvas
        return canvas

    # ------------------------------------------------------------------ events
    def _on_canvas_click(self, event: Any) -> None:
        drawn = self._drawn
        if drawn is None or event.xdata is None or event.ydata is None:
            self._after(self.controller.click(None))
            return
        piece_name = drawn.hand_piece_at(event.xdata, event.ydata)
        if piece_name is not None:
            self._after(self.controller.select(piece_name))
            return
        self.click_cell(drawn.cell_at(event.xdata, event.ydata))

    def click_cell(self, cell: Cell | None) -> Feedback:
        """What a click on ``cell`` does (``None``: outside the board); used by the canvas."""
        return self._after(self.controller.click(cell))

    def _on_piece(self, change: dict[str, Any]) -> None:
        piece = change["new"]
        if piece is not None and piece is not self.controller.selected:
            self._after(self.controller.select(piece))

    def _on_play(self) -> None:
        cell = self.target_menu.value
        if cell is None:
            self._after(self.controller.click(None))
        else:
            self._after(self.controller.click(cell))

    def _on_language(self, change: dict[str, Any]) -> None:
        self._after(self.controller.set_language(change["new"]))

    def _after(self, feedback: Feedback) -> Feedback:
        self._shown = True  # a learner clicked: the board is on a page
        self.refresh()
        return feedback

    # ------------------------------------------------------------------ drawing
    def marks(self) -> Marks:
        """The diagram marks for what the controller shows now."""
        v = self.controller.view()
        c = self.controller
        targets = v.marked if c.mode == "reach" else v.targets
        pos = c.position
        selected: Cell | None = None
        if v.selected is not None and v.selected in pos.where:
            selected = pos.where[v.selected]
        if c.mode == "reach" and c.exercise_piece in pos.where:
            selected = pos.where[c.exercise_piece]
        gates = []
        if v.cause_kind in ("gate",) and len(v.cause_cells) == 2:
            gates = [tuple(v.cause_cells)]
        labels = {cc: "!" for cc in v.cause_cells} if v.cause_kind not in ("gate",) else {}
        return Marks(targets=targets, forbidden=v.forbidden, selected=selected,
                     last_move=v.last_move, gates=gates, labels=labels, lang=c.lang,
                     title=self.title)

    def figure_fraction(self, cell: Cell) -> tuple[float, float]:
        """Where ``cell``'s centre is on the canvas, as fractions of the figure (0..1, y up).

        Browser tests click at ``x + fx * width, y + (1 - fy) * height`` of the canvas.
        """
        from hive_teach.core.hexgrid import to_pixel

        if self._figure is None:
            raise ValueError("this board has no canvas (it was made with canvas=False)")
        ax = self._figure.axes[0]
        point = ax.transData.transform(to_pixel(cell))
        fx, fy = self._figure.transFigure.inverted().transform(point)
        return float(fx), float(fy)

    def targets_text(self) -> str:
        """The highlighted cells as text (what the readout under the board lists)."""
        c = self.controller
        cells = c.marked if c.mode == "reach" else c.targets
        return " ".join(sorted(cell_name(x) for x in cells))

    def refresh(self) -> None:
        """Redraw the picture, the readout and the menus from the controller."""
        c = self.controller
        lang = c.lang
        self.play_button.description = t("mark_button" if c.mode == "reach" else "play_button",
                                         lang)
        self.undo_button.description = t("undo", lang)
        self.reset_button.description = t("reset_button", lang)
        self.check_button.description = t("check", lang)
        self._update_menus()
        marks = self.marks()
        if self.canvas is not None:
            # Keep the one axes and only swap what is drawn in it: clearing a figure and
            # making new axes costs more than drawing the whole diagram.
            if not self._figure.axes:
                self._ax = self._figure.add_axes((0, 0, 1, 1))
            for artist in [*self._ax.collections, *self._ax.patches, *self._ax.texts,
                           *self._ax.lines, *self._ax.images]:
                artist.remove()
            draw(c.position, marks, ax=self._ax)
            self._drawn = board_of(self._figure)
            if self._shown:
                self.canvas.draw()  # render and send the picture now, without a round trip
            else:
                self.canvas.draw_idle()  # not on a page yet: the page asks when it shows
        else:
            self.image.value = diagram_png(c.position, marks, palette=True)
            from hive_teach.board.drawing import layout

            self._drawn = layout(c.position, marks)
        # The text last, so that once it shows, the picture's update is already on its way.
        prompt = c.prompt() if c.mode in ("reach", "find") else ""
        message = c.last.message if c.last.message != prompt else ""
        self.readout.value = (f"<div>{_escape(prompt)}</div>" if prompt else "") + (
            f"<b>{_escape(message)}</b>" if message else "")
        self.targets_readout.value = (
            f'<span class="hive-teach-targets-list" data-targets="{self.targets_text()}">'
            f"{t('target_label', lang)}: {self.targets_text() or '–'}</span>"
        )

    def _update_menus(self) -> None:
        c = self.controller
        options: list[tuple[str, Any]] = [("—", _NONE)]
        options += [(label, piece) for label, piece in c.choices()]
        with self.piece_menu.hold_trait_notifications():
            self.piece_menu.unobserve_all("value")
            self.piece_menu.options = options
            self.piece_menu.value = c.selected if c.selected in dict(
                (p, 1) for _, p in options if p is not None) else _NONE
            self.piece_menu.observe(self._guard(self._on_piece), names="value")
        self.piece_menu.description = t("piece_label", c.lang)
        if c.mode == "reach":
            near = sorted({n for cell in c.position.stacks for n in _ring(cell)}
                          - set(c.position.stacks))
            cells = near
        else:
            cells = sorted(c.targets)
        self.target_menu.options = [("—", _NONE)] + [(cell_name(x), x) for x in cells]
        self.target_menu.description = t("target_label", c.lang)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        # A picture next to the live widget: static pages (no widget manager) show it.
        bundle = super()._repr_mimebundle_(**kwargs) or {}
        png = diagram_png(self.controller.position, self.marks(), palette=True)
        bundle["image/png"] = base64.b64encode(png).decode("ascii")
        return bundle


def _ring(c: Cell) -> list[Cell]:
    from hive_teach.core.hexgrid import DELTAS

    return [c + d for d in DELTAS]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def board(position: Any, **kwargs: Any) -> HiveBoard:
    """A board widget on a position (see :class:`BoardController` for the keyword options)."""
    canvas = kwargs.pop("canvas", None)
    return HiveBoard(BoardController(position, **kwargs), canvas=canvas)


__all__ = ["HiveBoard", "Piece", "board"]
