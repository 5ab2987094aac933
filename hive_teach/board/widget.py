"""The board widget for notebooks and the course app: one widget for Hive and Rive.

A :class:`Board` shows the diagram on a clickable ipympl canvas (or as a picture, with the
dropdown path below it for keyboards, screen readers and static pages), a readout of what the
last action did, and buttons to play, undo, reset, check an exercise and switch the language.
All rules and decisions live in :class:`~hive_teach.board.controller.BoardController`; the
callbacks here only forward to it and redraw, and an error in a callback is shown in the board
instead of a hidden log.

>>> from hive_teach.hive.position import Position
>>> b = board(Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-"), canvas=False)
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
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import ipywidgets as w

from hive_teach.board.canvas_widget import CanvasWidget
from hive_teach.board.controller import BoardController, Feedback
from hive_teach.board.drawing import diagram_png, scene_of
from hive_teach.core.hexgrid import Cell, parse_cell, to_pixel
from hive_teach.core.i18n import LANGUAGES, fill, grammar, rule_mark
from hive_teach.core.registry import parts_named
from hive_teach.core.rules import rule_title
from hive_teach.core.scene import Scene, text_width

_NONE = ""
"""The value of the menus' "—" entry (nothing chosen); not None, which a Dropdown shows as an
empty menu and cannot select."""

Title = str | Mapping[str, str] | Callable[[str], str] | None
"""A board's title: one text, a text per language (``{"en": ..., "de": ...}``), a function
of the language, or None (the diagram's own line: who is to move)."""

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


class Board(CanvasWidget[Feedback]):
    """A board widget over a :class:`BoardController` (see the module docstring).

    ``canvas=None`` uses the clickable ipympl canvas when ipympl is installed, else a static
    image; ``canvas=False`` forces the image (tests, static pages). ``title`` replaces the
    diagram's own title line: one text, a text per language or a function of the language
    (:data:`Title`), so that it follows the language switch; ``width`` is the canvas width
    in inches.

    On the canvas the board is painted once per position; a click that only changes what
    is selected or marked sends just those marks, laid over it (see
    :class:`~hive_teach.board.canvas_widget.CanvasWidget`).
    """

    controller: BoardController[Any]

    def __init__(self, controller: BoardController[Any], *, canvas: bool | None = None,
                 width: float | None = None, title: Title = None) -> None:
        self.controller = controller
        self._title: Title = title
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
        picture = self._picture(canvas, width if width is not None else (
            7.5 if two_step else 5.5))

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
        self._lay_out(picture, [self.targets_readout,
                                w.HBox(controls, layout=w.Layout(flex_flow="row wrap")),
                                buttons], "hive-teach-board")

    # ------------------------------------------------------------------ events
    def _canvas_ratio(self) -> float:
        return float(self.controller.rules.canvas_ratio(self.controller))

    def _pick(self, name: str) -> Feedback:
        # A second click on the selected piece in hand lets it go, as on the board.
        return self.controller.click_piece(name)

    def _on_choice(self, change: dict[str, Any]) -> None:
        if self._refreshing:  # the menu shows the board's selection: not the learner's choice
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

    def base_scene(self) -> Scene:
        """The static part of the picture: the scene of the controller's
        :meth:`~hive_teach.board.controller.BoardController.base_marks`."""
        c = self.controller
        return scene_of(c.game, c.base_marks(self.title))

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
        # The board is painted again only when the static part changed; a click that
        # changes only the marks sends those.
        self._paint(c.game, self.marks(), self.base_scene)
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
        wrong = c.checked.wrong.values() if c.checked is not None else ()
        details = "".join(
            f"<div style='font-size:90%'>{rule_named(d, wrong, c.lang)}</div>"
            for d in (c.last.details if message else ()))
        self.readout.value = f"<div>{html.escape(prompt)}</div>" + (
            f"<b>{rule_named(message, [c.last.rule], c.lang)}</b>" if message else "") + details
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
        self._refreshing = True  # these changes are the board's, not the learner's choices
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
            self._refreshing = False

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        # A picture next to the live widget: static pages (no widget manager) show it.
        bundle: dict[str, Any] = super()._repr_mimebundle_(**kwargs) or {}
        png = diagram_png(self.controller.game, self.marks(), palette=True)
        bundle["image/png"] = base64.b64encode(png).decode("ascii")
        return bundle


def rule_named(text: str, rules: Iterable[str | None], lang: str = "en") -> str:
    """``text`` as HTML, with each citation of one of ``rules`` (``(R7)``, as
    :func:`~hive_teach.core.i18n.rule_mark` writes it after a sentence) marked up with the
    rule's title in ``lang``, which shows when the pointer rests on it. The rule ids are data
    (a feedback's ``rule``, the rules of the wrong marks after Check), never read out of the
    text; a rule the rules page lacks stays plain.

    >>> rule_named("too narrow. (R7)", ["R7"])
    'too narrow. (<abbr title="R7: Freedom to move on the ground (docs/rules.md)">R7</abbr>)'
    >>> rule_named("zu eng. (R7)", ["R7"], "de")
    'zu eng. (<abbr title="R7: Bewegungsfreiheit auf dem Boden (docs/rules.md)">R7</abbr>)'
    >>> rule_named("Look at R7 (R7) & more", [])  # no rule given: nothing is marked up
    'Look at R7 (R7) &amp; more'
    """
    out = html.escape(text)
    for rule in dict.fromkeys(r for r in rules if r):
        try:
            title = html.escape(f"{rule}: {rule_title(rule, lang)} (docs/rules.md)", quote=True)
        except KeyError:
            continue
        marked = fill(grammar("rule", lang), {"rule": f'<abbr title="{title}">{rule}</abbr>'},
                      lang)
        out = out.replace(html.escape(rule_mark(rule, lang)), marked)
    return out


HiveBoard = Board
RiveBoard = Board


def board(game: Any = None, **options: Any) -> Board:
    """A board widget on ``game`` (a Hive Position or a RiveGame; default an empty Rive board
    of ``side`` 5). The options are :class:`BoardController`'s; ``canvas``, ``width`` and
    ``title`` go to the widget."""
    widget = {k: options.pop(k) for k in ("canvas", "width", "title") if k in options}
    side = options.pop("side", 5)
    if game is None:
        game = parts_named("rive").part("game")(side)
    return Board(BoardController(game, **options), **widget)


rive_board = board

__all__ = ["Board", "HiveBoard", "RiveBoard", "board", "parse_cell", "rive_board", "rule_named"]
