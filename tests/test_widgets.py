"""The board widget without a browser: menus, buttons and canvas clicks reach the controller."""

from __future__ import annotations

import io
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import numpy as np
from PIL import Image

from hive_teach import Piece, Position, parse_cell
from hive_teach.board.controller import BoardController
from hive_teach.board.widget import HiveBoard
from hive_teach.core.hexgrid import to_pixel
from hive_teach.core.scene import Text, text_width
from hive_teach.tutorial import board, find_exercise, reach_exercise

OPENING = "Base;InProgress;White[2];wS1;bS1 wS1-"


def click_at(b: HiveBoard, cell: str):
    x, y = to_pixel(parse_cell(cell))
    b._on_canvas_click(SimpleNamespace(xdata=x, ydata=y))


def test_canvas_clicks_select_show_targets_explain_and_play():
    b = HiveBoard(BoardController(Position.from_text(
        "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")), canvas=True)
    assert b.canvas is not None
    click_at(b, "-1,0")  # the white Queen
    assert b.controller.selected is Piece.from_name("wQ")
    assert b.targets_text() == "-1,1 0,-1"
    assert 'data-targets="-1,1 0,-1"' in b.targets_readout.value
    click_at(b, "-2,0")  # loses contact with the hive
    assert '(<abbr title="R7: Freedom to move on the ground (docs/rules.md)">R7</abbr>)' in \
        b.readout.value
    assert b.controller.view().forbidden == {parse_cell("-2,0"): "R7"}
    click_at(b, "0,-1")
    assert b.controller.position.top(parse_cell("0,-1")) is Piece.from_name("wQ")
    b._on_canvas_click(SimpleNamespace(xdata=None, ydata=None))
    assert "outside" in b.readout.value


def test_hand_tiles_on_the_canvas_select_pieces_in_hand():
    b = HiveBoard(BoardController(Position.from_text(OPENING)), canvas=True)
    x, y = b._drawn.hand["wQ"]
    b._on_canvas_click(SimpleNamespace(xdata=x, ydata=y))
    assert b.controller.selected is Piece.from_name("wQ")


def test_dropdown_path_plays_without_a_canvas_and_buttons_undo_and_reset():
    b = HiveBoard(BoardController(Position.from_text(OPENING)), canvas=False)
    b.choice_menu.value = Piece.from_name("wQ")
    assert [label for label, _ in b.target_menu.options][1:] == ["-1,0", "-1,1", "0,-1"]
    b.target_menu.value = parse_cell("-1,1")
    b.play_button.click()
    assert len(b.controller.position.move_stack) == 3
    b.undo_button.click()
    assert len(b.controller.position.move_stack) == 2
    b.reset_button.click()
    assert bytes(b.image.value).startswith(b"\x89PNG")


def test_language_switch_relabels_the_widget():
    b = HiveBoard(BoardController(Position.from_text(OPENING)), canvas=False)
    b.language.value = "de"
    assert b.play_button.description == "Ziehen" and "Weiß" in b.readout.value
    b.language.value = "zh"
    assert b.undo_button.description == "悔棋"


def test_errors_in_callbacks_are_shown_in_the_board():
    b = HiveBoard(BoardController(Position.from_text(OPENING)), canvas=False)

    def broken(_feedback):
        raise RuntimeError("boom")

    b._after = broken
    b.play_button.click()
    assert any("boom" in o.get("text", "") for o in b.output.outputs)
    b._after = lambda feedback: feedback
    b.play_button.click()  # the board still works after an error


def test_static_pages_get_a_picture_of_the_board():
    b = HiveBoard(BoardController(Position.from_text(OPENING)), canvas=False)
    bundle = b._repr_mimebundle_()
    assert "image/png" in bundle and "application/vnd.jupyter.widget-view+json" in bundle


def test_tutorial_exercises_on_scenarios():
    r = reach_exercise("spider-exactly-three", canvas=False)
    assert r.controller.mode == "reach" and r.play_button.description == "Mark"
    f = find_exercise("win-surround-queen", goal="Win now.", accept=["wA1 /wQ"], canvas=False)
    f.controller.play_text("wA1 /wQ")
    assert f.controller.last.kind == "solved"
    assert board("freedom-gate-queen", canvas=False).controller.mode == "free"


# ---------------------------------------------------------------- behaviour a learner expects
QUEENS = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"


def queens_board(canvas: bool = True) -> HiveBoard:
    return HiveBoard(BoardController(Position.from_text(QUEENS)), canvas=canvas)


def test_the_piece_menu_shows_what_the_canvas_selected():
    b = queens_board()
    click_at(b, "-1,0")  # the white Queen
    assert b.choice_menu.value is Piece.from_name("wQ") and b.choice_menu.label == "wQ @ -1,0"
    assert [label for label, _ in b.target_menu.options] == ["—", "-1,1", "0,-1"]
    assert b.target_menu.label == "—"  # no cell chosen yet, and the menu says so
    x, y = b._drawn.hand["wA1"]
    b._on_canvas_click(SimpleNamespace(xdata=x, ydata=y))  # now an Ant in hand
    assert b.choice_menu.label == "wA1 (in hand)"
    click_at(b, "0,0")  # wS1 is pinned: explained, and nothing is selected
    assert b.controller.last.rule == "R6" and b.choice_menu.label == "—"
    click_at(b, "-1,0")
    click_at(b, "0,-1")  # the Queen moves: nothing is selected
    assert b.choice_menu.index == 0 and b.choice_menu.label == "—"
    b.choice_menu.value = Piece.from_name("bQ")  # the menu still selects (Black to move)
    assert b.controller.selected is Piece.from_name("bQ")


def test_menus_fit_their_label_and_entries_in_every_language():
    b = queens_board(canvas=False)
    b.choice_menu.value = Piece.from_name("wQ")
    widths = set()
    for lang in ("en", "de", "zh"):
        b.language.value = lang
        for menu in (b.choice_menu, b.target_menu):
            assert menu.style.description_width == "initial"  # the label takes what it needs
            entries = max(text_width(str(label), 1.0) for label, _ in menu.options)
            width = float(menu.layout.width.removesuffix("em"))
            assert width >= text_width(menu.description, 1.0) + entries + 2, (lang, menu)
        widths.add(b.target_menu.layout.width)
        b.choice_menu.value = Piece.from_name("wS1")  # other cells: the menu keeps its width
        assert b.target_menu.layout.width in widths
        b.choice_menu.value = Piece.from_name("wQ")


def test_the_title_follows_the_language_switch():
    b = board("freedom-gate-queen", canvas=False)
    assert b.title == "A gate: too narrow to slide through"
    b.language.value = "de"
    assert b.title == b.marks().title == "Ein Tor: zu eng zum Durchschieben"
    texts = HiveBoard(BoardController(Position.from_text(OPENING)), canvas=True,
                      title={"en": "Gate", "de": "Tor"})
    texts.language.value = "de"
    assert any(isinstance(item, Text) and item.text == "Tor" for item in texts.base_scene().items)
    texts.language.value = "zh"  # no Chinese text: the English one
    assert texts.title == "Gate"


def test_the_board_keeps_its_view_after_a_move_and_grows_when_the_hive_leaves_it():
    b = queens_board()
    ax = b._figure.axes[0]
    start = (ax.get_xlim(), ax.get_ylim())
    click_at(b, "-1,0")
    click_at(b, "0,-1")  # the Queen slides along the hive: it stays in view
    assert (ax.get_xlim(), ax.get_ylim()) == start
    for move in ("bA1 bQ-", "wA1 -wS1", "bA2 bA1-", "wA2 -wA1", "bA3 bA2-"):
        b.controller.play_text(move)
        b.refresh()
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    bx0, bx1, by0, by1 = b._drawn.bounds
    assert x0 <= bx0 and bx1 <= x1 and y0 <= by0 and by1 <= y1  # all of it is in view
    assert x0 <= start[0][0] and start[0][1] <= x1 and (x0, x1) != start[0]  # it grew
    b.reset_button.click()
    assert (ax.get_xlim(), ax.get_ylim()) == start  # the start position is fitted again


# ---------------------------------------------------------------- the overlay over the board
def press(b: HiveBoard, cell: str) -> None:
    """A mouse press on ``cell`` as the page sends it: through the canvas's own callbacks."""
    from matplotlib.backend_bases import MouseEvent

    x, y = b._figure.axes[0].transData.transform(to_pixel(parse_cell(cell)))
    MouseEvent("button_press_event", b.canvas, x, y, button=1)._process()


def test_a_click_repaints_only_the_marks_over_the_board_painted_once_per_position():
    b = queens_board()
    layers = b._layers
    board_artists = list(layers.static)
    click_at(b, "-1,0")  # select: targets and the ring over the same board
    assert layers.static == board_artists and layers.overlay
    click_at(b, "-2,0")  # rejected: a cross over the same board
    assert layers.static == board_artists and b.controller.view().forbidden
    click_at(b, "0,-1")  # a move: the board is painted again, and nothing is over it
    assert layers.static != board_artists and not layers.overlay


def overlay_shown(b: HiveBoard) -> tuple[Any, dict[str, float]]:
    """The picture in the board's overlay (RGB pixels) and its place (``left``, ``top``,
    ``width``, ``height`` in CSS pixels), read from the HTML the page is sent."""
    import base64
    import re

    html = b.overlay.value
    data = re.search(r'src="data:image/png;base64,([^"]+)"', html)
    assert data is not None, html
    place = {k: float(v) for k, v in re.findall(r"(left|top|width|height):([\d.]+)px", html)}
    pixels = np.asarray(Image.open(io.BytesIO(base64.b64decode(data.group(1)))).convert("RGB"))
    return pixels.astype(int), place


def test_on_the_page_a_click_sends_its_marks_as_a_picture_over_the_canvas():
    b = queens_board()
    sent: list[bytes] = []
    b.canvas.send_binary = sent.append
    press(b, "1,0")  # the first press on the page: the whole picture, no marks
    assert len(sent) == 1 and b.overlay.value == ""
    press(b, "-1,0")  # the white Queen: her ring and targets, over the canvas
    assert len(sent) == 1  # the canvas sends nothing: it still shows the board
    pixels, place = overlay_shown(b)
    width, height = b.canvas.get_width_height(physical=True)
    h, w, _ = pixels.shape
    assert (place["width"], place["height"]) == (w, h)  # one canvas pixel per CSS pixel here
    assert 0 <= place["left"] and place["left"] + w <= width
    assert 0 <= place["top"] and place["top"] + h <= height
    assert w * h < 0.25 * width * height  # the marks' box, not the canvas

    def inside(cell: str) -> bool:
        x, y = b._figure.axes[0].transData.transform(to_pixel(parse_cell(cell)))
        return (place["left"] <= x < place["left"] + w
                and place["top"] <= height - y < place["top"] + h)

    assert inside("0,-1") and inside("-1,0")  # a target, and the selected Queen
    assert not inside("2,0")  # the black pieces stay as they were
    x, y = b._drawn.hand["bA1"]  # and so does Black's hand
    px, py = b._figure.axes[0].transData.transform((x, y))
    assert not (place["left"] <= px < place["left"] + w and place["top"] <= height - py)
    # In its box the picture is the scene drawn whole (the board and the marks), and the
    # canvas underneath keeps the board without them.
    from hive_teach.board.drawing import scene_of

    whole = _figure_pixels(scene_of(b.controller.game, b.marks()))
    top, left = int(place["top"]), int(place["left"])
    assert np.abs(pixels - whole[top:top + h, left:left + w, :3]).max() <= 16
    board_only = _figure_pixels(b.base_scene())
    under = np.asarray(b.canvas.get_renderer().buffer_rgba()).astype(int)
    assert np.abs(under - board_only).max() <= 16
    assert (np.abs(whole - board_only).max(axis=2) > 16).sum() > 500  # the marks are seen
    press(b, "-1,0")  # a second click lets the Queen go: the overlay is taken away
    assert b.overlay.value == "" and len(sent) == 1


def _figure_pixels(scene: Any, size: tuple[float, float] = (7.5, 4.125)) -> Any:
    """``scene`` drawn whole on a figure of the board's size (inches), as integer RGBA
    pixels."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from hive_teach.board.mpl import draw_scene

    fig = Figure(figsize=size)
    FigureCanvasAgg(fig)
    draw_scene(scene, fig.add_axes((0, 0, 1, 1)))
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba()).astype(int)


def _overlay_after(b: Any, steps: Callable[[Any], None]) -> tuple[Any, Any]:
    """The pixels the overlay (LayeredAxes) paints after each of ``steps`` changed the board's
    marks (each must be a blit), and those of the final scene drawn whole."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from hive_teach.board.drawing import scene_of
    from hive_teach.board.mpl import LayeredAxes

    c = b.controller
    fig = Figure(figsize=(7.5, 4.125))
    FigureCanvasAgg(fig)
    layers = LayeredAxes(fig.add_axes((0, 0, 1, 1)))
    layers.show(b.base_scene(), b.base_scene)
    for step in steps:
        step(c)
        assert layers.show(scene_of(c.game, b.marks()), b.base_scene) == "blit"
    blitted = np.asarray(fig.canvas.buffer_rgba()).astype(int)
    return blitted, _figure_pixels(scene_of(c.game, b.marks()))


def test_the_overlay_looks_as_a_full_drawing_of_the_scene():
    b = queens_board(canvas=False)
    # Select, then a rejected move: a cross and a rule id.
    blitted, drawn = _overlay_after(b, [lambda c, cell=cell: c.click(parse_cell(cell))
                                        for cell in ("-1,0", "-2,0")])
    assert np.abs(blitted - drawn).max() <= 16  # the same picture, to rounding
    before = _figure_pixels(b.base_scene())
    assert (np.abs(before - drawn).max(axis=2) > 16).sum() > 1000  # and the marks did change it


def test_a_rive_board_lays_its_marks_over_the_canvas_too():
    from hive_teach.board.drawing import scene_of
    from hive_teach.board.widget import board as game_board
    from hive_teach.rive import RiveGame

    r = game_board(RiveGame.from_text("rive3;0,0"))
    sent: list[bytes] = []
    r.canvas.send_binary = sent.append
    press(r, "1,0")  # next to the stone: refused (V3), a cross on the cell
    assert r.controller.last.rule == "V3" and len(sent) == 1  # the board, once
    pixels, place = overlay_shown(r)
    h, w, _ = pixels.shape
    size = tuple(r._figure.get_size_inches())
    whole = _figure_pixels(scene_of(r.controller.game, r.marks()), size)
    top, left = int(place["top"]), int(place["left"])
    assert np.abs(pixels - whole[top:top + h, left:left + w, :3]).max() <= 16
    board_only = _figure_pixels(r.base_scene(), size)
    assert (np.abs(whole - board_only).max(axis=2) > 16).sum() > 200  # the cross is seen


def test_after_check_the_page_shows_one_sentence_and_the_reasons_under_it() -> None:
    pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    board = HiveBoard(BoardController(pos, mode="reach", piece="wQ"), canvas=False)
    board.click_cell(parse_cell("3,0"))
    board.check_button.click()
    text = board.readout.value
    assert "the dashed cells are missing and the crossed ones are wrong" in text
    assert "Not reachable: 3,0:" in text and "Missed:" in text


def test_play_with_nothing_chosen_and_a_second_click_on_a_piece_in_hand() -> None:
    board = HiveBoard(BoardController(Position("Base")), canvas=False)
    board.play_button.click()
    assert "Choose a piece first" in board.readout.value and board.controller.game.ply == 0
    board.controller.click_piece("wQ")
    board.refresh()
    assert board.controller.selected is Piece.from_name("wQ")
    board.play_button.click()
    assert "Now choose the cell wQ should go to." in board.readout.value
    board.controller.click_piece("wQ")
    board.refresh()
    assert board.controller.selected is None and "wQ is no longer selected." in \
        board.readout.value


def test_before_the_page_is_ready_the_canvas_still_sends_a_png():
    # The kernel can draw at the page's request before it reads the page's "initialized"
    # (a board changed by a later cell); ipympl then sent raw pixels, a broken image.
    b = queens_board()
    assert b.canvas.syncing_data_url  # no page has said "initialized"
    sent: list[list[bytes]] = []
    b.canvas.send = lambda content, buffers=None: sent.append(buffers or [])
    press(b, "-1,0")
    png = sent[-1][0]
    width, height = b.canvas.get_width_height(physical=True)
    assert Image.open(io.BytesIO(png)).size == (width, height)
    assert b.canvas._data_url.startswith("data:image/png;base64,")


def test_an_exercise_lists_the_learners_marks_as_marks_not_as_targets():
    r = reach_exercise("spider-exactly-three", canvas=False)
    r.click_cell(parse_cell("1,1"))
    assert ">Marked: 1,1<" in r.targets_readout.value
    r.language.value = "de"
    assert ">Markiert: 1,1<" in r.targets_readout.value
    assert ">To: " in board("freedom-gate-queen", canvas=False).targets_readout.value


def test_marks_shown_again_look_as_a_full_drawing_of_the_scene():
    # The overlay keeps what it made for marks it showed before (a piece selected again):
    # what it paints then must still be the scene as a whole figure draws it.
    b = queens_board(canvas=False)
    blitted, drawn = _overlay_after(b, [lambda c, piece=piece: c.select(piece)
                                        for piece in ("wQ", "wA1", "wQ", "wA1", "wQ")])
    assert np.abs(blitted - drawn).max() <= 16
