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
import dataclasses
import html
import re
import sys
import traceback
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

import ipywidgets as w

from hive_teach.board.controller import BoardController, Feedback, View
from hive_teach.board.drawing import diagram_png, layout, scene_of
from hive_teach.core.hexgrid import Cell, parse_cell, to_pixel
from hive_teach.core.i18n import LANGUAGES
from hive_teach.core.rules import rule_title
from hive_teach.core.scene import DrawnBoard, Scene, text_width

_NONE = ""
"""The value of the menus' "—" entry (nothing chosen); not None, which a Dropdown shows as an
empty menu and cannot select."""

Title = str | Mapping[str, str] | Callable[[str], str] | None
"""A board's title: one text, a text per language (``{"en": ..., "de": ...}``), a function
of the language, or None (the diagram's own line: who is to move)."""

_POSITION_FIELDS = frozenset({"last_move", "removing"})
"""The fields of a :class:`~hive_teach.board.controller.View` that follow from the game alone;
the others change with the learner's clicks and are drawn as the overlay."""


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
    from ipympl.backend_nbagg import FigureManager

    # An opaque figure (matplotlib's default): a picture with transparent pixels would be
    # sent whole every time, an opaque one only where its pixels changed.
    canvas = _board_canvas()(figure)
    toolbar = FigureManager(canvas, id(figure)).toolbar
    # The hidden toolbar writes the pointer's coordinates on every mouse move: a message to
    # and from the page each time, which a click then waits behind.
    drag = getattr(toolbar, "_id_drag", None)
    if drag is not None:
        canvas.mpl_disconnect(drag)
    canvas.header_visible = False
    canvas.toolbar_visible = False
    canvas.footer_visible = False
    canvas.resizable = False
    canvas.capture_scroll = False
    # The page sends mouse moves (nothing here needs them) at most once a second, not every
    # 33 ms: each is a round trip through the kernel, and a click would wait behind it.
    canvas.pan_zoom_throttle = 1000
    # Nothing on the board is pickable: a press need not walk every artist looking for one.
    pick = getattr(figure, "_button_pick_id", None)
    if pick is not None:
        canvas.mpl_disconnect(pick)
    canvas.mpl_connect("button_press_event", on_click)
    return canvas


@lru_cache(maxsize=1)
def _board_canvas() -> type:
    """ipympl's canvas widget, sending the changes of a picture sooner."""
    import io

    import numpy as np
    from ipympl.backend_nbagg import Canvas
    from PIL import Image

    from hive_teach.board.mpl import png_unfiltered

    class BoardCanvas(Canvas):  # type: ignore[misc]  # ipympl has no type hints
        def get_diff_image(self) -> bytes | None:
            # matplotlib's webagg method, except for how the changes are sent: the picture of
            # the changes (zeros where nothing changed) ends at the last changed row and
            # column (the page draws it from the top left corner, so what lies beyond stays
            # as it was), and png_unfiltered packs it at zlib's fastest level. Packing a whole
            # canvas of changes, and the page unpacking it, were the biggest parts of a
            # click's time.
            state: Any = self  # the webagg canvas's own attributes (untyped)
            if not state._png_is_old:
                return None
            pixels = np.asarray(self.get_renderer().buffer_rgba())
            buff = pixels.view(np.uint32).squeeze(2)
            # A pixel not opaque: its alpha byte (the highest one of a little-endian uint32)
            # below 255. One comparison of whole pixels, five times quicker than of a
            # strided alpha plane.
            opaque = (bool((buff >= 0xFF000000).all()) if sys.byteorder == "little"
                      else bool((pixels[:, :, 3] == 255).all()))
            full = (state._force_full or buff.shape != state._last_buff.shape
                    or not opaque)
            self.set_image_mode("full" if full else "diff")
            if full:
                output = buff
            else:
                changed = buff != state._last_buff
                rows = np.flatnonzero(changed.any(axis=1))
                cols = np.flatnonzero(changed.any(axis=0))
                h = int(rows[-1]) + 1 if len(rows) else 1
                w = int(cols[-1]) + 1 if len(cols) else 1
                output = buff[:h, :w] * changed[:h, :w]  # zero where nothing changed
            state._last_buff = buff.copy()
            state._force_full = False
            state._png_is_old = False
            data = output.view(dtype=np.uint8).reshape((*output.shape, 4))
            if not full:
                return png_unfiltered(data)
            with io.BytesIO() as png:  # a whole picture: worth packing small
                Image.fromarray(data).save(png, format="png")
                return png.getvalue()

        def send_binary(self, data: bytes) -> None:
            # ipympl's method sends the raw pixels instead of the PNG while the page has not
            # yet said "initialized" (and keeps the picture as a data URL without its
            # "data:" prefix). A board changed by a later cell is drawn at the page's
            # request, which the kernel can answer before it reads "initialized": the page
            # then holds a broken image, its next resize fails on it and the canvas stays
            # 0 x 0 pixels, so the readout shows and the picture never does. Always send
            # the PNG; keep a real data URL for pages that open the widget later.
            state: Any = self
            if state.syncing_data_url:
                pixels = state._last_buff.view(dtype=np.uint8).reshape(
                    (*state._last_buff.shape, 4))
                with io.BytesIO() as png:
                    Image.fromarray(pixels).save(png, format="png")
                    state._data_url = "data:image/png;base64," + base64.b64encode(
                        png.getvalue()).decode("ascii")
            self.send({"data": '{"type": "binary"}'}, buffers=[data])

    return BoardCanvas


def canvas_available() -> bool:
    """Whether the clickable canvas (ipympl) is installed."""
    try:
        import ipympl  # noqa: F401
    except ImportError:  # pragma: no cover - ipympl is a dependency of the notebook extras
        return False
    return True


def fit_menu(menu: w.Dropdown, description: str, widest: str = "") -> None:
    """Label ``menu`` with ``description`` and make it wide enough for its longest entry (and
    for ``widest``, so that it keeps its width while its entries change)."""
    labels = [str(label) for label, _ in menu.options]
    longest = max(text_width(label, 1.0) for label in [widest, *labels])
    # Widths in em: the label, a gap, the entry and the select's arrow and padding.
    width = f"{text_width(description, 1.0) + 0.8 + longest + 2.6:.1f}em"
    if menu.description != description:
        menu.description = description
    if menu.layout.width != width:
        menu.layout.width = width


class Board(w.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """A board widget over a :class:`BoardController` (see the module docstring).

    ``canvas=None`` uses the clickable ipympl canvas when ipympl is installed, else a static
    image; ``canvas=False`` forces the image (tests, static pages). ``title`` replaces the
    diagram's own title line: one text, a text per language or a function of the language
    (:data:`Title`), so that it follows the language switch; ``width`` is the canvas width
    in inches.

    On the canvas the board is painted once per position; a click that only changes what
    is selected or marked repaints just those marks over it (see
    :class:`~hive_teach.board.mpl.LayeredAxes`).
    """

    def __init__(self, controller: BoardController[Any], *, canvas: bool | None = None,
                 width: float | None = None, title: Title = None) -> None:
        self.controller = controller
        self._title: Title = title
        self._shown = False
        self._syncing = False
        self.output = w.Output(layout=w.Layout(max_height="8em", overflow="auto"))
        self.output.add_class("hive-teach-errors")
        self.readout = w.HTML()
        self.readout.add_class("hive-teach-readout")
        self.targets_readout = w.HTML()
        self.targets_readout.add_class("hive-teach-targets")
        two_step = controller.second_choices() is not None
        menu_style = {"description_width": "initial"}
        self.choice_menu = w.Dropdown(style=menu_style)
        self.choice_menu.add_class("hive-teach-choice")
        self.target_menu = w.Dropdown(style=menu_style)
        self.target_menu.add_class("hive-teach-cells")
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
        self._layers: Any = None
        self.canvas: Any = None
        self.image = w.Image(format="png")
        self.overlay = w.HTML(layout=w.Layout(width="0px", height="0px", margin="0px",
                                              overflow="visible", grid_area="1 / 1"))
        """The marks of a click, as a picture laid over the canvas (see :meth:`_make_canvas`)."""
        self.overlay.add_class("hive-teach-overlay")
        use_canvas = canvas_available() if canvas is None else canvas
        picture: w.Widget = self._make_canvas() if use_canvas else self.image

        if two_step:
            self.choice_menu.observe(self._guard(self._on_choice), names="value")
        self.play_button.on_click(self._guard(lambda _b: self._on_play()))
        self.undo_button.on_click(self._guard(lambda _b: self._after(controller.undo())))
        self.reset_button.on_click(self._guard(lambda _b: self._on_reset()))
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
        # In a notebook narrower than the canvas the picture scrolls sideways, instead of
        # cutting off Black's hand at the right.
        frame = w.Box([picture], layout=w.Layout(overflow="auto hidden", max_width="100%",
                                                 flex="0 0 auto"))
        frame.add_class("hive-teach-picture")
        super().__init__([frame, self.readout, self.targets_readout,
                          w.HBox(controls, layout=w.Layout(flex_flow="row wrap")),
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
        """The canvas, with :attr:`overlay` over it in one grid cell.

        The canvas shows the static part of the picture (the board, painted once per
        position); the marks of a click come as a picture of their box in :attr:`overlay`
        (see :class:`~hive_teach.board.mpl.LayeredAxes`), which the page shows as soon as it
        reads it, about as fast as a label's text.
        """
        from matplotlib.figure import Figure

        from hive_teach.board.mpl import LayeredAxes, OverlayPicture

        def show_overlay(picture: OverlayPicture | None) -> None:
            # The canvas lies inside two of ipympl's elements, each with the margin of every
            # widget element.
            self.overlay.value = "" if picture is None else picture.html(
                origin="calc(2 * var(--jp-widgets-margin, 2px))")

        ratio = self.controller.rules.canvas_ratio(self.controller)
        self._figure = Figure(figsize=(self._width, self._width * ratio))
        canvas = clickable_canvas(self._figure, self._guard(self._on_canvas_click))
        canvas.layout.grid_area = "1 / 1"
        canvas.layout.margin = "0px"
        self._layers = LayeredAxes(self._figure.add_axes((0, 0, 1, 1)), sink=show_overlay)
        self.canvas = canvas
        return w.GridBox([canvas, self.overlay], layout=w.Layout(
            grid_template_columns="max-content", grid_template_rows="max-content",
            justify_items="flex-start", align_items="flex-start"))

    # ------------------------------------------------------------------ events
    def _on_canvas_click(self, event: Any) -> None:
        drawn = self._drawn
        if drawn is None or event.xdata is None or event.ydata is None:
            self.click_cell(None)
            return
        piece_name = drawn.hand_piece_at(event.xdata, event.ydata)
        if piece_name is not None:  # a second click on it lets it go, as on the board
            self._after(self.controller.click_piece(piece_name))
            return
        self.click_cell(drawn.cell_at(event.xdata, event.ydata))

    def click_cell(self, cell: Cell | None) -> Feedback:
        """What a click on ``cell`` does (``None``: outside the board); used by the canvas."""
        return self._after(self.controller.click(cell))

    def _on_choice(self, change: dict[str, Any]) -> None:
        if self._syncing:  # the menu shows the board's selection: not the learner's choice
            return
        piece = change["new"]
        if piece != _NONE and piece != self.controller.selected:
            self._after(self.controller.select(piece))

    def _on_play(self) -> None:
        # With nothing chosen the controller says what to choose (a piece, then a cell).
        choice = None if self.choice_menu.value == _NONE else self.choice_menu.value
        cell = None
        if self._two_step:
            cell = None if self.target_menu.value == _NONE else self.target_menu.value
        self._after(self.controller.play_chosen(choice, cell))

    def _on_reset(self) -> None:
        feedback = self.controller.reset()
        if self._layers is not None:
            self._layers.reset_view()  # the start position is fitted again
        self._after(feedback)

    def _on_language(self, change: dict[str, Any]) -> None:
        self._after(self.controller.set_language(change["new"]))

    def _after(self, feedback: Feedback) -> Feedback:
        self.refresh()
        return feedback

    # ------------------------------------------------------------------ drawing
    @property
    def title(self) -> str | None:
        """The title in the board's language now (None: the diagram's own title line); set it
        to a :data:`Title`."""
        title, lang = self._title, self.controller.lang
        if title is None or isinstance(title, str):
            return title
        if isinstance(title, Mapping):
            return str(title.get(lang) or title.get("en", ""))
        return str(title(lang))

    @title.setter
    def title(self, title: Title) -> None:
        self._title = title

    def marks(self) -> Any:
        """The diagram marks for what the controller shows now."""
        return self.controller.marks(self.title)

    def base_view(self) -> View:
        """What the board shows with nothing selected, marked or rejected: the controller's
        view with only the fields that follow from the game (the static part of the
        picture, painted once per position)."""
        view = self.controller.view()
        cleared: dict[str, Any] = {}
        for f in dataclasses.fields(view):
            if f.name not in _POSITION_FIELDS:
                factory: Any = f.default_factory
                cleared[f.name] = f.default if factory is dataclasses.MISSING else factory()
        return dataclasses.replace(view, **cleared)

    def base_scene(self) -> Scene:
        """The static part of the picture: the scene of :meth:`base_view`."""
        c = self.controller
        return scene_of(c.game, c.rules.marks(c, self.base_view(), self.title))

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
        # Each part is sent as soon as it is set, in the order the learner looks for them:
        # the picture first (the marks of a click cost a few milliseconds to paint), then
        # the texts, then the menus.
        marks = self.marks()
        if self._layers is not None:
            # The board is painted again only when the static part changed; a click that
            # changes only the marks repaints and sends those (see LayeredAxes).
            scene = scene_of(c.game, marks)
            self._layers.show(scene, self.base_scene, live=self._shown)
            self._drawn = scene.board
        else:
            self.image.value = diagram_png(c.game, marks, palette=True)
            self._drawn = layout(c.game, marks)
        self._texts()
        self._update_menus()
        self.play_button.description = c.t("mark_button" if c.marking else "play_button")
        self.undo_button.description = c.t("undo")
        self.reset_button.description = c.t("reset_button")
        self.check_button.description = c.t("check")

    def _texts(self) -> None:
        """The readout: the standing prompt and what the last action did, and the targets."""
        c = self.controller
        prompt = c.prompt()
        message = c.last.message if c.last.message != prompt else ""
        # The details (after Check: the cells missed, why each wrong mark is wrong) in
        # smaller type under the one short sentence.
        details = "".join(
            f"<div style='font-size:90%'>{rule_ids_named(html.escape(d), c.lang)}</div>"
            for d in (c.last.details if message else ()))
        self.readout.value = f"<div>{html.escape(prompt)}</div>" + (
            f"<b>{rule_ids_named(html.escape(message), c.lang)}</b>" if message else "") + details
        text = self.targets_text()
        # In an exercise the list is the learner's marks, not where a piece may go.
        label = c.t("marked_label" if c.marking else (
            "target_label" if self._two_step else "legal_label"))
        self.targets_readout.value = (
            f'<span class="hive-teach-targets-list" data-targets="{html.escape(text)}">'
            f"{html.escape(label)}: {html.escape(text) or '–'}</span>"
        )

    def _update_menus(self) -> None:
        """The menus show the board's state: the selected piece, the cells it may go to."""
        c = self.controller
        self._syncing = True  # these changes are the board's, not the learner's choices
        try:
            # Each menu's changes go to the page as one message (hold_sync), not one per
            # trait: each message is a task for the page.
            with self.choice_menu.hold_sync():
                options: list[tuple[str, Any]] = [("—", _NONE), *c.choices()]
                if tuple(options) != tuple(self.choice_menu.options):
                    self.choice_menu.options = options
                values = [value for _, value in options]
                self.choice_menu.value = c.selected if c.selected in values else _NONE
                fit_menu(self.choice_menu, c.t("piece_label" if self._two_step else (
                    "cell_label" if c.marking else "action_label")))
            second = c.second_choices()
            if second is not None:
                with self.target_menu.hold_sync():
                    cells: list[tuple[str, Any]] = [("—", _NONE), *second]
                    if tuple(cells) != tuple(self.target_menu.options):
                        self.target_menu.options = cells
                    if self.target_menu.value not in [value for _, value in cells]:
                        self.target_menu.value = _NONE  # "—", not an empty menu
                    fit_menu(self.target_menu, c.t("target_label"), widest="-10,-10")
        finally:
            self._syncing = False

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        # A picture next to the live widget: static pages (no widget manager) show it.
        bundle: dict[str, Any] = super()._repr_mimebundle_(**kwargs) or {}
        png = diagram_png(self.controller.game, self.marks(), palette=True)
        bundle["image/png"] = base64.b64encode(png).decode("ascii")
        return bundle


_RULE_ID = re.compile(r"\((R\d{1,2}|V\d)\)")


def rule_ids_named(text: str, lang: str = "en") -> str:
    """``text`` (HTML) with each rule id in brackets, ``(R7)``, marked up with the rule's
    title in ``lang``, which shows when the pointer rests on it.

    >>> rule_ids_named("too narrow (R7)")
    'too narrow (<abbr title="R7: Freedom to move on the ground (docs/rules.md)">R7</abbr>)'
    >>> rule_ids_named("zu eng (R7)", "de")
    'zu eng (<abbr title="R7: Bewegungsfreiheit auf dem Boden (docs/rules.md)">R7</abbr>)'
    """

    def named(m: re.Match[str]) -> str:
        rule = m.group(1)
        try:
            title = html.escape(f"{rule}: {rule_title(rule, lang)} (docs/rules.md)", quote=True)
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
