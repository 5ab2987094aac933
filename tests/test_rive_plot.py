"""Rive diagrams (hive_teach.rive.paint): what is drawn, as data; SVG determinism; the pictures.

The side-3 board, row by row from the top::

      0,-2  1,-2  2,-2
   -1,-1  0,-1  1,-1  2,-1
 -2,0  -1,0   0,0   1,0   2,0
   -2,1  -1,1   0,1   1,1
      -2,2  -1,2  0,2
"""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path

import pytest

from hive_teach.board.drawing import board_of, diagram_png, diagram_svg, draw, render_to_file
from hive_teach.core.hexgrid import (
    cell,
    cell_name,
    components,
    connected,
    neighbours,
    parse_cell,
    to_pixel,
)
from hive_teach.core.scene import Shape, Text
from hive_teach.rive import Colour, RiveGame, play_randomly
from hive_teach.rive.paint import (
    CAPTURE,
    GROUP,
    RiveMarks,
    build_rive_scene,
    layout,
    title_of,
)

# Seven lone stones: Black 0,0 2,-2 0,2 -2,0; White 0,-2 2,0 -2,2. White to move.
OPENING = "rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0"
CAPTURING = OPENING + ";1,0"  # White joined 0,0 and 2,0: remove one of them
THREE = "rive3;1,0;0,-1;-1,1;2,-2;-2,0;0,2;0,0"  # Black joined three lone stones
ROOT = Path(__file__).resolve().parents[1]


def names(cells) -> list[str]:
    return sorted(cell_name(c) for c in cells)


def game(text: str) -> RiveGame:
    return RiveGame.from_text(text)


# ------------------------------------------------------------------------------ marks as data
def test_every_board_cell_and_stone_is_drawn_where_the_hex_layout_puts_it() -> None:
    g = game(OPENING)
    board = layout(g)
    assert set(board.centres) == set(g.cells)
    assert all(board.centres[c] == to_pixel(c) for c in g.cells)
    assert board.stones == {c: "black" if col is Colour.BLACK else "white"
                            for c, col in g.stones.items()}


def test_legal_placements_are_marked_green_and_nothing_else_is() -> None:
    g = game("rive3;0,0")  # V3: the twelve cells two steps from the centre
    board = layout(g)
    assert set(board.marked("legal")) == {a.text for a in g.legal_moves()}
    assert len(board.marked("legal")) == 12
    assert "removable" not in board.marks
    assert layout(g, legal=False).marks.get("legal") is None


def test_a_pending_capture_marks_removable_stones_the_group_and_its_size() -> None:
    board = layout(game(CAPTURING))
    assert board.marked("removable") == {"0,0": "", "2,0": ""}  # not the middle stone
    assert "legal" not in board.marks
    assert board.marked("capture") == {"0,0": "", "1,0": "placed", "2,0": ""}
    assert board.marked("group") == {"2,0": "3"}  # one badge, on the top-right stone
    assert board.marked("last") == {"1,0": ""}
    assert "outline" not in board.marks  # the capturing group has its own outline


def test_the_capture_outline_is_painted_in_the_capture_colour() -> None:
    scene = build_rive_scene(game(CAPTURING))
    strokes = {s.stroke for s in scene.items if isinstance(s, Shape)}
    assert CAPTURE in strokes and GROUP not in strokes
    scene = build_rive_scene(game(CAPTURING + ";x2,0"))
    strokes = {s.stroke for s in scene.items if isinstance(s, Shape)}
    assert GROUP in strokes


def test_removed_stones_are_ghosts_with_their_colour_until_the_next_placement() -> None:
    g = game(THREE + ";x0,-1")  # Black removed a white stone, one more to go
    board = layout(g)
    assert board.marked("removed") == {"0,-1": "white"}
    assert board.marked("removable") == {"-1,1": "", "1,0": ""}
    g.play("x-1,1")  # a black stone: the capture is complete, Black places again
    board = layout(g)
    assert board.marked("removed") == {"-1,1": "black", "0,-1": "white"}
    assert board.marked("last") == {"0,0": ""}  # the capturing stone, not a removal
    assert set(board.marked("legal")) == {a.text for a in g.legal_moves()}
    g.play(g.legal_moves()[0])
    assert "removed" not in layout(g).marks
    assert "removed" not in layout(game(THREE + ";x0,-1"), capture=False).marks


def test_groups_get_an_outline_and_one_size_badge_lone_stones_none() -> None:
    g = game(OPENING + ";1,0;x2,0;1,-2;x2,-2")  # two pairs and three lone stones
    board = layout(g)
    assert board.marked("group") == {"1,-2": "2", "1,0": "2"}
    assert board.marked("outline") == {"0,-2": "2", "1,-2": "2", "0,0": "2", "1,0": "2"}
    bare = layout(g, sizes=False)
    assert "group" not in bare.marks and "outline" not in bare.marks


def test_stones_chosen_for_removal_are_numbered_in_order() -> None:
    board = layout(game(THREE), remove=["0,-1", "-1,1"], legal=False)
    assert board.marked("remove") == {"0,-1": "1", "-1,1": "2"}
    assert layout(game(THREE), remove=["1,0"]).marked("remove") == {"1,0": "1"}


def test_largest_neighbouring_group_is_written_on_every_empty_cell() -> None:
    g = game(OPENING + ";1,0;x2,0")  # the pair 0,0-1,0 and five lone stones
    board = layout(g, largest=True)
    empty = [c for c in g.cells if g.stone_at(c) is None]
    assert set(board.marked("largest")) == {cell_name(c) for c in empty}
    for c in empty:
        assert board.marked("largest")[cell_name(c)] == str(g.largest_adjacent_group(c))
    assert board.marked("largest")["0,-1"] == "2" and board.marked("largest")["1,-2"] == "1"
    # a forbidden cell shows its cross and rule, not the number
    crossed = layout(g, largest=True, forbidden={"0,-1": "V4"})
    assert "0,-1" not in crossed.marked("largest")
    assert crossed.marked("forbidden") == {"0,-1": "V4"}


def test_learner_marks_go_to_legal_or_removable_by_what_is_on_the_cell() -> None:
    board = layout(game(CAPTURING), legal=["0,0", (1, -1), cell(2, 0)])
    assert board.marked("removable") == {"0,0": "", "2,0": ""}
    assert board.marked("legal") == {"1,-1": ""}


def test_last_placement_labels_and_coordinates() -> None:
    g = game(OPENING)
    assert layout(g).marked("last") == {"-2,0": ""}
    assert "last" not in layout(g, last=None).marks
    assert layout(g, last="0,0").marked("last") == {"0,0": ""}
    assert layout(g, labels={"1,0": "A"}).marked("label") == {"1,0": "A"}
    texts = [i.text for i in build_rive_scene(g, RiveMarks(coords=True)).items
             if isinstance(i, Text)]
    assert all(cell_name(c) in texts for c in g.cells)
    assert "last" not in layout(RiveGame(3)).marks  # nothing placed yet


def test_marks_off_the_board_or_removing_an_empty_cell_are_refused() -> None:
    with pytest.raises(ValueError, match="cannot mark 3,0: it is off the board"):
        layout(game(OPENING), forbidden={"3,0": "V1"})
    with pytest.raises(ValueError, match="no stone"):
        layout(game(OPENING), remove=["1,0"])
    with pytest.raises(ValueError, match="not a cell"):
        RiveMarks(labels={"left": "A"})
    with pytest.raises(ValueError, match="language"):
        RiveMarks(lang="fr")


def test_titles_say_whose_turn_the_capture_or_the_result_in_each_language() -> None:
    assert title_of(game(OPENING)) == "Rive · White to move · Black 4, White 3"
    assert title_of(game(CAPTURING), "de") == "Rive · Weiß erobert: noch 1 wegnehmen"
    over = play_randomly(RiveGame(3), random.Random(1))
    assert title_of(over, "zh").startswith("Rive · 黑方以 11 比 8")
    assert layout(game(OPENING), title="").title == ""
    assert layout(game(OPENING), title="Hello").title == "Hello"


def test_a_long_title_never_runs_off_the_picture() -> None:
    title = "A rather long title for such a small board, with words"
    scene = build_rive_scene(game(OPENING), RiveMarks(title=title))
    (text,) = [i for i in scene.items if isinstance(i, Text) and i.text == title]
    from hive_teach.hive.paint import text_width

    assert text.x + text_width(title, text.size, bold=True) <= scene.bounds[1]


def test_clicks_map_back_to_board_cells_and_nowhere_else() -> None:
    board = layout(RiveGame(3))
    for c in board.centres:
        x, y = to_pixel(c)
        assert board.cell_at(x + 0.3, y - 0.2) == c
    assert board.cell_at(*to_pixel(parse_cell("3,0"))) is None
    assert board.cell_at(1000.0, 1000.0) is None


class _Referee:
    """Rive by the rules V1-V6, written out plainly (flood fills over the stones, no
    incremental groups): an independent source of what each diagram must show."""

    def __init__(self, cells: Iterable[int]) -> None:
        self.cells = set(cells)
        self.stones: dict[int, str] = {}
        self.mover = "black"  # V1: Black first
        self.capture: tuple[int, int] | None = None  # (placed cell, target size) during V5

    def groups(self) -> list[set[int]]:
        return components(self.stones)  # V2

    def group_of(self) -> dict[int, set[int]]:
        return {c: g for g in self.groups() for c in g}

    def empty(self) -> set[int]:
        return self.cells - set(self.stones)

    def over(self) -> bool:
        return self.capture is None and not self.empty()  # V7

    def largest(self) -> dict[int, int]:
        """Each empty cell: the size of the largest group next to it, 0 if none."""
        group_of = self.group_of()
        return {c: max((len(group_of[n]) for n in neighbours(c) if n in group_of), default=0)
                for c in self.empty()}

    def removable(self) -> set[int]:
        assert self.capture is not None
        group = self.group_of()[self.capture[0]]
        return {c for c in group if connected(group - {c})}  # V5: never split the group

    def legal(self) -> set[int]:
        largest = self.largest()
        if 0 in largest.values():
            return {c for c, n in largest.items() if n == 0}  # V3: isolated cells first
        smallest = min(largest.values())
        return {c for c, n in largest.items() if n == smallest}  # V4

    def act(self, c: int) -> str:
        if self.capture is not None:
            del self.stones[c]
            placed, target = self.capture
            if len(self.group_of()[placed]) == target:
                self.capture = None  # V6: the capturer places again
            return "x" + cell_name(c)
        joined = [g for g in self.groups() if any(n in g for n in neighbours(c))]
        self.stones[c] = self.mover
        if len(joined) >= 2:
            self.capture = (c, max(map(len, joined)) + 1)  # V5
        else:
            self.mover = "white" if self.mover == "black" else "black"
        return cell_name(c)


@pytest.mark.slow
def test_random_games_draw_what_the_rules_say_and_badge_each_group_once() -> None:
    rng = random.Random(7)
    captures = 0
    for _ in range(6):
        g = RiveGame(4)
        ref = _Referee(layout(g).centres)
        assert len(ref.cells) == 37  # V1: 3n(n-1)+1 cells for side 4
        while not ref.over():
            board = layout(g, largest=True)
            assert dict(board.stones) == ref.stones
            assert board.marks["largest"] == {c: str(n) for c, n in ref.largest().items()}
            big = [grp for grp in ref.groups() if len(grp) > 1]
            badges = board.marks.get("group", {})
            assert sorted(int(n) for n in badges.values()) == sorted(map(len, big))
            assert all(sum(c in grp for c in badges) == 1 for grp in big)  # one badge each
            if ref.capture is not None:
                captures += 1
                cells, kind, other = ref.removable(), "removable", "legal"
            else:
                cells, kind, other = ref.legal(), "legal", "removable"
            assert set(board.marks.get(kind, {})) == cells
            assert other not in board.marks
            g.play(ref.act(rng.choice(sorted(cells))))
        assert g.is_over()
    assert captures > 10  # the games did go through captures


# ------------------------------------------------------------------------------ SVG
def test_svg_is_byte_identical_for_the_same_input_and_differs_otherwise() -> None:
    g = game(THREE + ";x0,-1")
    svg = diagram_svg(g, coords=True, largest=True)
    assert svg == diagram_svg(game(g.to_text()), RiveMarks(coords=True, largest=True))
    assert svg != diagram_svg(g, coords=False, largest=True)
    assert diagram_svg(g) == g._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"


def test_svg_is_the_same_in_a_fresh_process_with_another_hash_seed() -> None:
    code = ("from hive_teach.rive import RiveGame\n"
            "from hive_teach.board.drawing import diagram_svg\n"
            f"print(diagram_svg(RiveGame.from_text({THREE!r}), largest=True, lang='zh'), end='')")
    outputs = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        outputs.add(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                   check=True, cwd=ROOT, env=env).stdout)
    assert outputs == {diagram_svg(game(THREE), largest=True, lang="zh")}


def test_svg_draws_one_disc_per_stone_in_its_colour() -> None:
    from hive_teach.rive.paint import STONE_FILL

    svg = diagram_svg(game(OPENING), legal=False, sizes=False, last=None)
    assert svg.count(f'fill="{STONE_FILL[Colour.BLACK]}"') == 4
    assert svg.count(f'fill="{STONE_FILL[Colour.WHITE]}"') == 3


# ------------------------------------------------------------------------------ matplotlib
def test_draw_returns_a_figure_with_the_drawn_board_attached() -> None:
    pytest.importorskip("matplotlib")
    g = game(CAPTURING)
    fig = draw(g)
    assert board_of(fig).marked("removable") == {"0,0": "", "2,0": ""}
    from matplotlib.figure import Figure

    host = Figure(figsize=(4, 4))
    ax = host.add_subplot()
    assert draw(g, ax=ax, coords=True) is host
    assert board_of(ax).marked("capture")["1,0"] == "placed"
    with pytest.raises(ValueError, match="holds no diagram"):
        board_of(object())


def _luminance_at(png: bytes, fig_board, c: int, dx: float = 0.45) -> float:
    """The grey level (0-255) of the picture at ``dx`` right of cell ``c``'s centre."""
    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("L")
    x0, x1, y0, y1 = fig_board.bounds
    x, y = to_pixel(c)
    px = (x + dx - x0) / (x1 - x0) * img.width
    py = (y1 - y) / (y1 - y0) * img.height
    return float(img.getpixel((int(px), int(py))))


def test_black_and_white_stones_are_far_apart_in_greyscale() -> None:
    pytest.importorskip("matplotlib")
    g = game(OPENING)
    png = diagram_png(g, legal=False)
    board = layout(g, legal=False)
    black = [_luminance_at(png, board, c) for c, col in g.stones.items() if col is Colour.BLACK]
    white = [_luminance_at(png, board, c) for c, col in g.stones.items() if col is Colour.WHITE]
    empty = _luminance_at(png, board, cell(1, 0))
    assert max(black) < 70 and min(white) > 200 and empty > 240


def test_png_palette_png_pdf_and_files() -> None:
    pytest.importorskip("matplotlib")
    g = game(THREE)
    assert diagram_png(g).startswith(b"\x89PNG")
    small = diagram_png(g, palette=True)
    assert small.startswith(b"\x89PNG") and small == g._repr_png_()


def test_render_to_file_writes_png_svg_and_pdf(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    g = game(CAPTURING)
    assert render_to_file(g, tmp_path / "a.png").read_bytes().startswith(b"\x89PNG")
    assert render_to_file(g, tmp_path / "a.svg").read_text() == diagram_svg(g)
    assert render_to_file(g, tmp_path / "a.pdf").read_bytes().startswith(b"%PDF")
    with pytest.raises(ValueError, match="format"):
        render_to_file(g, tmp_path / "a.gif")


def test_the_engine_and_the_game_text_never_import_matplotlib() -> None:
    code = ("import sys\nfrom hive_teach.rive import RiveGame\n"
            "from hive_teach.board.drawing import diagram_svg, layout\n"
            "from hive_teach.board.controller import RiveController\n"
            "diagram_svg(RiveGame.from_text('rive3;0,0'))\n"
            "RiveController().click('0,0')\n"
            "print(sorted(m for m in ('matplotlib', 'ipywidgets') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    assert out.strip() == "[]"
