"""What the board, the analysis board and the board editor share: a picture that is a
clickable ipympl canvas (or an image without one) with the marks of a click laid over it,
callbacks whose errors show in the widget, menus that forward the learner's choices to the
controller, and clicks routed to a hand tile or a cell.

A subclass sets up its own widgets, calls :meth:`CanvasWidget._picture` for the picture,
then :meth:`CanvasWidget._lay_out` for the whole; it gives :meth:`~CanvasWidget.refresh`
(which paints with :meth:`~CanvasWidget._paint`) and :meth:`~CanvasWidget._pick` (a click on
a hand tile); a click on a cell goes to its controller's ``click``.

>>> from hive_teach.board.editor_widget import EditorBoard
>>> from hive_teach.board.editor import EditorController
>>> ed = EditorBoard(EditorController(), canvas=True)
>>> isinstance(ed, CanvasWidget), ed.canvas is not None
(True, True)
"""

from __future__ import annotations

import base64
import sys
import traceback
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Generic, TypeVar

import ipywidgets as w

from hive_teach.board.drawing import diagram_png, layout, scene_of
from hive_teach.core.hexgrid import Cell
from hive_teach.core.scene import DrawnBoard, Scene


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

        def _handle_message(self, object: Any, content: dict[str, Any],
                            buffers: list[Any]) -> None:
            super()._handle_message(object, content, buffers)
            if content.get("type") == "initialized":
                # ipympl's page code makes every canvas resizable once its comm is live,
                # after the page has read this one's state (Voilà's order of loading): a
                # drag handle in the bottom right corner, where a click starts resizing the
                # board. The page says "initialized" after that: say again that it is not.
                self.send_state("resizable")

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


F = TypeVar("F")
"""The controller's feedback type (what its ``click`` returns)."""


class CanvasWidget(w.VBox, Generic[F]):  # type: ignore[misc]  # ipywidgets has no type hints
    """The plumbing of a widget over a controller with a clickable picture (see the module
    docstring). ``ratio`` is the canvas's height over its width (:meth:`_canvas_ratio`);
    ``clicks_outside``: a click on the canvas off every cell still reaches :meth:`click_cell`
    (as ``None``).

    On the canvas the static part of the picture (``base`` of :meth:`_paint`) is painted once
    and stays while it is the same; what a click adds is painted as a picture of its box and
    laid over the canvas (:attr:`overlay`; see :class:`~hive_teach.board.mpl.LayeredAxes`).
    """

    ratio = 0.75
    clicks_outside = True
    _refreshing = False  # True while refresh() sets the menus: their changes are not choices

    controller: Any  # its click(cell) gives an F
    output: w.Output
    readout: w.HTML
    image: w.Image
    overlay: w.HTML
    canvas: Any
    _figure: Any
    _layers: Any
    _drawn: DrawnBoard | None
    _width: float
    _shown: bool

    def _picture(self, canvas: bool | None, width: float) -> w.Widget:
        """The picture: a clickable canvas ``width`` inches wide (``canvas=None``: if ipympl
        is installed), else :attr:`image`; also sets up :attr:`output` for the errors."""
        self.output = w.Output(layout=w.Layout(max_height="8em", overflow="auto"))
        self.output.add_class("hive-teach-errors")
        self.image = w.Image(format="png")
        self.overlay = w.HTML(layout=w.Layout(width="0px", height="0px", margin="0px",
                                              overflow="visible", grid_area="1 / 1"))
        self.overlay.add_class("hive-teach-overlay")
        self._width = width
        self._figure = None
        self._layers = None
        self._drawn = None
        self._shown = False
        self.canvas = None
        use_canvas = canvas_available() if canvas is None else canvas
        return self._make_canvas() if use_canvas else self.image

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` as a callback of the page: its errors show in the widget, and once it has
        run, the widget is known to be on a page (so a redraw is sent at once)."""

        def on_page(*args: Any) -> Any:
            self._shown = True
            return fn(*args)

        return guarded(self.output, on_page)

    def _watch(self, widget: w.Widget, action: Callable[[Any], Any]) -> None:
        """Forward a menu's new value to the controller (not while :meth:`refresh` sets the
        menus from it)."""
        def changed(change: dict[str, Any]) -> None:
            if not self._refreshing:
                self._after(action(change["new"]))

        widget.observe(self._guard(changed), names="value")

    def _canvas_ratio(self) -> float:
        """The canvas's height over its width."""
        return self.ratio

    def _make_canvas(self) -> w.Widget:
        """The canvas, with :attr:`overlay` over it in one grid cell.

        The canvas shows the static part of the picture; the marks of a click come as a
        picture of their box in :attr:`overlay` (see
        :class:`~hive_teach.board.mpl.LayeredAxes`), which the page shows as soon as it reads
        it, about as fast as a label's text.
        """
        from matplotlib.figure import Figure

        from hive_teach.board.mpl import LayeredAxes, OverlayPicture

        def show_overlay(picture: OverlayPicture | None) -> None:
            # The canvas lies inside two of ipympl's elements, each with the margin of every
            # widget element.
            self.overlay.value = "" if picture is None else picture.html(
                origin="calc(2 * var(--jp-widgets-margin, 2px))")

        self._figure = Figure(figsize=(self._width, self._width * self._canvas_ratio()))
        canvas = clickable_canvas(self._figure, self._guard(self._on_canvas_click))
        canvas.layout.grid_area = "1 / 1"
        canvas.layout.margin = "0px"
        self._layers = LayeredAxes(self._figure.add_axes((0, 0, 1, 1)), sink=show_overlay)
        self.canvas = canvas
        return w.GridBox([canvas, self.overlay], layout=w.Layout(
            grid_template_columns="max-content", grid_template_rows="max-content",
            justify_items="flex-start", align_items="flex-start"))

    def _lay_out(self, picture: w.Widget, rows: list[w.Widget], css_class: str) -> None:
        """Put the picture, the :attr:`readout`, the ``rows`` and the errors one under
        another, and draw. In a notebook narrower than the canvas the picture scrolls
        sideways, instead of cutting off the board's right side."""
        frame = w.Box([picture], layout=w.Layout(overflow="auto hidden", max_width="100%",
                                                 flex="0 0 auto"))
        frame.add_class("hive-teach-picture")
        super().__init__([frame, self.readout, *rows, self.output])
        self.add_class(css_class)
        self.refresh()

    def _after(self, feedback: F) -> F:
        self.refresh()
        return feedback

    def _on_canvas_click(self, event: Any) -> None:
        drawn = self._drawn
        if drawn is None or event.xdata is None or event.ydata is None:
            if self.clicks_outside:
                self.click_cell(None)
            return
        name = drawn.hand_piece_at(event.xdata, event.ydata)
        if name is not None:
            self._after(self._pick(name))
            return
        cell = drawn.cell_at(event.xdata, event.ydata)
        if cell is not None or self.clicks_outside:
            self.click_cell(cell)

    def _paint(self, game: Any, marks: Any, base: Callable[[], Scene] | None = None, *,
               fit: bool = False) -> None:
        """Show ``game`` with ``marks`` on the canvas (or as the image). ``base()`` gives the
        static part of the picture, which stays on the canvas while it is the same (None:
        everything is static, and the view is fitted to the picture each time); ``fit``: fit
        the view to this picture, instead of keeping it while the picture fits in it."""
        if self._layers is not None:
            scene = scene_of(game, marks)
            if base is None or fit:
                self._layers.reset_view()
            self._layers.show(scene, base or (lambda: scene), live=self._shown)
            self._drawn = scene.board
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


TAB_RELEASE_JS = """(function () {
  // ipympl's canvas (a focusable div, class jupyter-matplotlib-canvas-div) takes every key
  // and cancels it, Tab included: a keyboard that reaches a board could not leave it. A
  // listener on the window in the capture phase runs before the canvas's own and keeps Tab
  // from it, so the browser moves the focus on (Tab) or back (Shift+Tab) as anywhere else.
  window.addEventListener("keydown", function (e) {
    if (e.key === "Tab" && e.target instanceof Element
        && e.target.closest(".jupyter-matplotlib-canvas-div")) {
      e.stopImmediatePropagation();
    }
  }, true);
})();"""
"""JavaScript for a page with live boards (the app's page template brings it): Tab and
Shift+Tab leave a focused ipympl canvas instead of being swallowed by it."""

FOCUS_RING_CSS = """
  .jupyter-matplotlib-canvas-div:focus-visible, button:focus-visible, select:focus-visible,
  input:focus-visible, textarea:focus-visible, a:focus-visible, [tabindex]:focus-visible {
    outline: 3px solid #1c4f9c !important;
    outline-offset: 2px;
    box-shadow: 0 0 0 5px #ffffff;
  }
  .widget-hbox, .widget-vbox { overflow: visible !important; }
  .jupyter-matplotlib-canvas-div:focus-visible { outline: none !important; box-shadow: none; }
  .jupyter-matplotlib-canvas-div:focus-visible::after {
    content: ""; position: absolute; inset: 0; z-index: 2; pointer-events: none;
    border: 3px solid #1c4f9c; box-shadow: inset 0 0 0 2px #ffffff;
  }"""
"""CSS for a page with live boards: every control the keyboard reaches (a board's canvas,
the menus, the buttons, links) shows a ring where the focus is, dark blue on a white halo so
it shows on light and dark backgrounds alike. A canvas's ring is a frame laid over its
picture (a ``::after`` box above ipympl's two canvases): an outline would be hidden, cut off
by the box around the canvas outside it and painted over by the canvases inside it. Rows and
columns of widgets let their children's rings show (ipywidgets' boxes would cut them off).

>>> ".jupyter-matplotlib-canvas-div:focus-visible" in FOCUS_RING_CSS
True
"""
