"""The board widget for notebooks and the course app: one widget for Hive and Rive.

A :class:`Board` shows the diagram on a clickable ipympl canvas (or as a picture, with the
dropdown path below it for keyboards, screen readers and static pages), a readout of what the
last action did, and buttons to play, undo, reset, check an exercise and switch the language.
All rules and decisions live in :class:`~hive_teach.board.controller.BoardController`; the
callbacks here only forward to it and redraw, and an error in a callback is shown in the board
instead of a hidden log.

>>> from hive_teach.hive.position import Position
>>> b = board(Position.from_game_string("Base;InProgress;White[2];wS1;bS1 wS1-"), canvas=False)
>>> b.controller.select("wQ").kind
'selected'
>>> from hive_teach.rive import RiveGame
>>> r = board(RiveGame.from_text("rive3;0,0"), canvas=False)
>>> r.click_cell(parse_cell("1,0")).rule
'V3'
"""

from __future__ import annotations

import base64
import html
import re
import traceback
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from hive_teach.board.controller import BoardController, Feedback
from hive_teach.board.drawing import board_of, diagram_png, draw, layout
from hive_teach.core.hexgrid import Cell, parse_cell, to_pixel
from hive_teach.core.i18n import LANGUAGES
from hive_teach.core.rules import rule_title
from hive_teach.core.scene import DrawnBoard

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
    """Whether the clickable canvas (ipympl) is installed."""
    try:
        import ipympl  # noqa: F401
    except ImportError:  # pragma: no cover - ipympl is a dependency of the notebook extras
        return False
    return True


class Board(w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """A board widget over a :class:`BoardController` (see the module docstring).

    ``canvas=None`` uses the clickable ipympl canvas when ipympl is installed, else a static
    image; ``canvas=False`` forces the image (tests, static pages). ``title`` replaces the
    diagram's own title line; ``width`` is the canvas width in inches.
    """

    def __init__(self, controller: BoardController[Any], *, canvas: bool | None = None,
                 width: float | None = None, title: str | None = None) -> None:
        self.controller = controller
        self.title = title
        self._shown = False
        self.output = w.Output(layout=w.Layout(max_height="8em", overflow="auto"))
        self.output.add_class("hive-teach-errors")
        self.readout = w.HTML()
        self.readout.add_class("hive-teach-readout")
        self.targets_readout = w.HTML()
        self.targets_readout.add_class("hive-teach-targets")
        two_step = controller.second_choices() is not None
        self.choice_menu = w.Dropdown(layout=w.Layout(width="14em"))
        self.target_menu = w.Dropdown(layout=w.Layout(width="10em"))
        self.play_button = w.Button(button_style="success", layout=w.Layout(width="7em"))
        self.undo_button = w.Button(icon="undo", layout=w.Layout(width="7em"))
        self.reset_button = w.Button(icon="refresh", layout=w.Layout(width="7em"))
        self.check_button = w.Button(button_style="info", layout=w.Layout(width="7em"))
        self.language = w.ToggleButtons(options=list(LANGUAGES), value=controller.lang,
                                        style={"button_width": "3em"})
        self._two_step = two_step
        self._width = width if width is not None else (7.5 if two_step else 5.5)
        self._drawn: DrawnBoard | None = None
        self._figure: Any = None
        self._ax: Any = None
        self.canvas: Any = None
        self.image = w.Image(format="png")
        use_canvas = canvas_available() if canvas is None else canvas
        picture: w.Widget = self._make_canvas() if use_canvas else self.image

        if two_step:
            self.choice_menu.observe(self._guard(self._on_choice), names="value")
        self.play_button.on_click(self._guard(lambda _b: self._on_play()))
        self.undo_button.on_click(self._guard(lambda _b: self._after(controller.undo())))
        self.reset_button.on_click(self._guard(lambda _b: self._after(controller.reset())))
        self.check_button.on_click(self._guard(lambda _b: self._after(controller.check())))
        self.language.observe(self._guard(self._on_language), names="value")

        if not two_step:
            controls = [self.choice_menu, self.play_button]
        elif controller.marking:
            controls = [self.target_menu, self.play_button]
        else:
            controls = [self.choice_menu, self.target_menu, self.play_button]
        if controller.marking:
            controls.append(self.check_button)
        buttons = w.HBox([self.undo_button, self.reset_button, self.language])
        super().__init__([picture, self.readout, self.targets_readout, w.HBox(controls),
                          buttons, self.output])
        self.add_class("hive-teach-board")
        self.refresh()

    # ------------------------------------------------------------------ plumbing
    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` as a callback of the page: its errors show in the board, and once it has
        run, the board is known to be on a page (so a redraw is sent at once)."""

        def on_page(*args: Any) -> Any:
            self._shown = True
            return fn(*args)

        return guarded(self.output, on_page)

    def _make_canvas(self) -> w.Widget:
        from matplotlib.figure import Figure

        ratio = self.controller.rules.canvas_ratio(self.controller)
        self._figure = Figure(figsize=(self._width, self._width * ratio))
        canvas = clickable_canvas(self._figure, self._guard(self._on_canvas_click))
        self.canvas = canvas
        return canvas

    # ------------------------------------------------------------------ events
    def _on_canvas_click(self, event: Any) -> None:
        drawn = self._drawn
        if drawn is None or event.xdata is None or event.ydata is None:
            self.click_cell(None)
            return
        piece_name = drawn.hand_piece_at(event.xdata, event.ydata)
        if piece_name is not None:
            self._after(self.controller.select(piece_name))
            return
        self.click_cell(drawn.cell_at(event.xdata, event.ydata))

    def click_cell(self, cell: Cell | None) -> Feedback:
        """What a click on ``cell`` does (``None``: outside the board); used by the canvas."""
        return self._after(self.controller.click(cell))

    def _on_choice(self, change: dict[str, Any]) -> None:
        piece = change["new"]
        if piece is not None and piece is not self.controller.selected:
            self._after(self.controller.select(piece))

    def _on_play(self) -> None:
        c = self.controller
        if self._two_step:
            cell = self.target_menu.value
            self._after(c.click(cell))
        elif self.choice_menu.value is None:
            self._after(c.click(None))
        else:
            self._after(c.play(self.choice_menu.value))

    def _on_language(self, change: dict[str, Any]) -> None:
        self._after(self.controller.set_language(change["new"]))

    def _after(self, feedback: Feedback) -> Feedback:
        self.refresh()
        return feedback

    # ------------------------------------------------------------------ drawing
    def marks(self) -> Any:
        """The diagram marks for what the controller shows now."""
        return self.controller.marks(self.title)

    def figure_fraction(self, cell: Cell) -> tuple[float, float]:
        """Where ``cell``'s centre is on the canvas, as fractions of the figure (0..1, y up).

        Browser tests click at ``x + fx * width, y + (1 - fy) * height`` of the canvas.
        """
        if self._figure is None:
            raise ValueError("this board has no canvas (it was made with canvas=False)")
        ax = self._figure.axes[0]
        point = ax.transData.transform(to_pixel(cell))
        fx, fy = self._figure.transFigure.inverted().transform(point)
        return float(fx), float(fy)

    def targets_text(self) -> str:
        """The highlighted cells or moves as text (what the readout under the board lists)."""
        return self.controller.rules.highlight_text(self.controller)

    def refresh(self) -> None:
        """Redraw the picture, the readout and the menus from the controller."""
        c = self.controller
        self.play_button.description = c.t("mark_button" if c.marking else "play_button")
        self.undo_button.description = c.t("undo")
        self.reset_button.description = c.t("reset_button")
        self.check_button.description = c.t("check")
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
            draw(c.game, marks, ax=self._ax)
            self._drawn = board_of(self._figure)
            if self._shown:
                self.canvas.draw()  # render and send the picture now, without a round trip
            else:
                self.canvas.draw_idle()  # not on a page yet: the page asks when it shows
        else:
            self.image.value = diagram_png(c.game, marks, palette=True)
            self._drawn = layout(c.game, marks)
        # The text last, so that once it shows, the picture's update is already on its way.
        prompt = c.prompt()
        message = c.last.message if c.last.message != prompt else ""
        self.readout.value = f"<div>{html.escape(prompt)}</div>" + (
            f"<b>{rule_ids_named(html.escape(message))}</b>" if message else "")
        text = self.targets_text()
        label = c.t("target_label" if self._two_step else (
            "cell_label" if c.marking else "legal_label"))
        self.targets_readout.value = (
            f'<span class="hive-teach-targets-list" data-targets="{html.escape(text)}">'
            f"{html.escape(label)}: {html.escape(text) or '–'}</span>"
        )

    def _update_menus(self) -> None:
        c = self.controller
        options: list[tuple[str, Any]] = [("—", _NONE), *c.choices()]
        with self.choice_menu.hold_trait_notifications():
            self.choice_menu.unobserve_all("value")
            self.choice_menu.options = options
            values = [value for _, value in options if value is not None]
            self.choice_menu.value = c.selected if c.selected in values else _NONE
            if self._two_step:
                self.choice_menu.observe(self._guard(self._on_choice), names="value")
        self.choice_menu.description = c.t("piece_label" if self._two_step else (
            "cell_label" if c.marking else "action_label"))
        second = c.second_choices()
        if second is not None:
            self.target_menu.options = [("—", _NONE), *second]
            self.target_menu.description = c.t("target_label")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        # A picture next to the live widget: static pages (no widget manager) show it.
        bundle: dict[str, Any] = super()._repr_mimebundle_(**kwargs) or {}
        png = diagram_png(self.controller.game, self.marks(), palette=True)
        bundle["image/png"] = base64.b64encode(png).decode("ascii")
        return bundle


_RULE_ID = re.compile(r"\((R\d{1,2}|V\d)\)")


def rule_ids_named(text: str) -> str:
    """``text`` (HTML) with each rule id in brackets, ``(R7)``, marked up with the rule's
    title from the rules page, which shows when the pointer rests on it.

    >>> rule_ids_named("too narrow (R7)")
    'too narrow (<abbr title="R7: Freedom to move on the ground (docs/rules.md)">R7</abbr>)'
    """

    def named(m: re.Match[str]) -> str:
        rule = m.group(1)
        try:
            title = html.escape(f"{rule}: {rule_title(rule)} (docs/rules.md)", quote=True)
        except KeyError:
            return m.group(0)
        return f'(<abbr title="{title}">{rule}</abbr>)'

    return _RULE_ID.sub(named, text)


HiveBoard = Board
RiveBoard = Board


def board(game: Any = None, **options: Any) -> Board:
    """A board widget on ``game`` (a Hive Position or a RiveGame; default an empty Rive board
    of ``side`` 5). The options are :class:`BoardController`'s; ``canvas``, ``width`` and
    ``title`` go to the widget."""
    from hive_teach.rive.engine import RiveGame

    widget = {k: options.pop(k) for k in ("canvas", "width", "title") if k in options}
    side = options.pop("side", 5)
    return Board(BoardController(game if game is not None else RiveGame(side), **options),
                 **widget)


rive_board = board

__all__ = ["Board", "HiveBoard", "RiveBoard", "board", "parse_cell", "rive_board"]
