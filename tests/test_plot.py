"""Hex diagrams (board.drawing): what is drawn, as data; SVG determinism; reference images.

Reference images live in tests/baseline/. After an intended change of the look, regenerate them
with

    HIVE_TEACH_REGEN_BASELINE=1 .venv/bin/python -m pytest -q tests/test_plot.py -k image

then look at every changed PNG before committing it. The image tests use explicit marks (not
``marks_for``), so a change in the wording or rule choice of explanations never moves them.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path

import pytest

matplotlib = pytest.importorskip("matplotlib")

from matplotlib.testing.compare import compare_images  # noqa: E402

from hive_teach.board.drawing import (  # noqa: E402
    Marks,
    board_of,
    diagram_png,
    diagram_svg,
    draw,
    layout,
    marks_for,
    render_to_file,
)
from hive_teach.core.hexgrid import are_neighbours, cell, cell_name, parse_cell, to_pixel  # noqa: E402
from hive_teach.hive.explain import explain_move  # noqa: E402
from hive_teach.hive.marks import route  # noqa: E402
from hive_teach.hive.pieces import Piece  # noqa: E402
from hive_teach.hive.position import Move, Position  # noqa: E402

BASELINE = Path(__file__).parent / "baseline"
REGEN = os.environ.get("HIVE_TEACH_REGEN_BASELINE") == "1"
TOLERANCE = 2.0  # RMS difference on a 0-255 scale: anti-aliasing noise, not a moved mark

# Real Base+MLP games (tests/data/Board_ValidMovesFromRealGamesTest.csv, from Mzinga).
_GAME = (
    "Base+MLP;InProgress;White[21];wG1;bL /wG1;wM wG1/;bM /bL;wA1 wM\\;bQ bL\\;wQ \\wM;bP /bQ;"
    "wP /wQ;bA1 -bP;wM bQ\\;bM wA1\\;wB1 wQ\\;bA2 /bP;wB2 wM-;bA1 wB2\\;wB1 wG1;bA2 wQ-;wB1 bL;"
    "bB1 bA2/;bP wM\\;bB1 wQ/;wL /wP;bA1 -wL;wG2 -wQ;bA2 -wG2;wG3 wA1/;bM wG3-;wA2 wB2-;"
    "bA1 wA2/;wL bQ/;bP /wA2;wS1 /wP;bA3 bM/;wS1 /bQ;bP wM\\;wB1 bQ;bB1 wQ;bP wL\\;bL /wP"
)
EARLY = "Base+MLP;InProgress;White[6];wL;bG1 /wL;wQ wL-;bL /bG1;wA1 wQ/;bQ -bL;wA2 wA1-;" \
    "bM bQ/;wS1 \\wQ;bP \\bQ"
GATED = _GAME + ";wM bP;bS1 /bL;wA3 /wM;bG1 \\bA1;wB1 bL\\"  # bQ at -1,2 is shut in
SMALL = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"


def real_positions(step: int = 9) -> list[Position]:
    path = Path(__file__).parent / "data" / "Board_ValidMovesFromRealGamesTest.csv"
    rows = [line.split("\t")[0] for line in path.read_text().splitlines()
            if line.strip() and not line.startswith("#")]
    return [Position.from_text(gs) for gs in rows[::step]]


@pytest.fixture(scope="module")
def game() -> Position:
    return Position.from_text(_GAME)


# ----------------------------------------------------------------------------- marks as data
def test_marks_accept_cells_names_tuples_and_pieces() -> None:
    m = Marks(targets=["0,1", (1, 0), cell(2, 0)], selected="wQ", forbidden={(0, -1): "R7"},
              pinned="0,0", gates=[("1,-1", "0,1")])
    assert m.targets == {cell(0, 1), cell(1, 0), cell(2, 0)}
    assert m.selected is Piece.from_name("wQ")
    assert m.forbidden == {cell(0, -1): "R7"}
    assert m.pinned == {cell(0, 0)}  # a single cell is a collection of one


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"targets": ["x,y"]}, "is not a cell"),
        ({"selected": "Queen"}, "is not a Hive piece"),
        ({"selected": 1.5}, "is not a cell or a piece"),
    ],
)
def test_marks_reject_what_is_not_a_cell(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Marks(**fields)  # type: ignore[arg-type]


def test_a_gate_must_flank_a_gap() -> None:
    pos = Position.from_text(SMALL)
    with pytest.raises(ValueError, match="a gate is two cells"):
        layout(pos, gates=[("0,0", "2,0")])
    with pytest.raises(ValueError, match="bA1 is not on the board"):
        layout(pos, selected="bA1")


def test_layout_records_every_mark(game: Position) -> None:
    marks = Marks(
        targets=["-2,4", "-1,4"], forbidden={"1,1": "R16", "1,2": "R8"}, selected="bP",
        pinned=["wB2", "wA2"], gates=[("-1,1", "-2,3")], path=["1,3", "2,2", "2,3"],
        last_move=("-1,1", "-1,0"), stunned="bL", throws=[("bP", "wM", "-2,4")],
        surrounded=["wQ"], labels={"0,2": "thrown", "3,0": "empty"},
    )
    b = layout(game, marks)
    assert b.marked("target") == {"-1,4": "", "-2,4": ""}
    assert b.marked("forbidden") == {"1,1": "R16", "1,2": "R8"}
    assert b.marked("selected") == {"0,2": ""}
    assert b.marked("pinned") == {"0,3": "R6", "1,3": "R6"}
    assert b.marked("gate") == {"-1,1": "-2,3", "-2,3": "-1,1"}
    assert b.gates == ((parse_cell("-2,3"), parse_cell("-1,1")),)
    assert b.marked("path") == {"1,3": "start", "2,2": "1", "2,3": "2"}
    assert b.marked("last-from") == {"-1,1": ""} and b.marked("last-to") == {"-1,0": ""}
    assert b.marked("stunned") == {"-1,0": "R17"}
    assert b.marked("throw") == {"0,2": "via -1,3 to -2,4"}
    assert b.marked("surrounded") == {cell_name(game.where[Piece.from_name("wQ")]): "R19"}
    assert b.marked("label") == {"0,2": "thrown", "3,0": "empty"}
    assert b.stacks[parse_cell("-1,2")] == ("bQ", "wB1")


def test_layout_without_marks_draws_pieces_hand_and_ring(game: Position) -> None:
    b = layout(game)
    assert b.marks == {}
    assert set(b.stacks) == set(game.stacks)
    assert {c for c in b.centres if c not in game.stacks}  # the empty ring around the hive
    assert b.in_hand == tuple(p.name for p in game.in_hand())
    # one hand tile per bug still in hand, named by the piece a click would place next
    assert set(b.hand) == {"wS2", "wA3", "bS1", "bB2", "bG1"}
    assert layout(game, hand=False).hand == {}


def test_cell_at_maps_every_centre_back_and_ignores_the_margins(game: Position) -> None:
    b = layout(game)
    for c, (x, y) in b.centres.items():
        assert b.cell_at(x, y) == c
        assert b.cell_at(x + 0.4, y - 0.4) == c  # anywhere inside the hex
    x0, _, y0, y1 = b.board_bounds
    assert b.cell_at(x0 - 1.0, (y0 + y1) / 2) is None  # over White's hand, not the board
    for name, (x, y) in b.hand.items():
        assert b.hand_piece_at(x, y) == name
        assert b.cell_at(x, y) is None
    assert b.hand_piece_at(*to_pixel(parse_cell("0,0"))) is None


def _peer_moves(game_string: str) -> dict[str, set[int]]:
    """Mzinga's complete legal-move list for ``game_string`` (tests/data, RealGames file), as
    destinations by piece name: the expectation comes from another engine, not from ours."""
    path = Path(__file__).parent / "data" / "Board_ValidMovesFromRealGamesTest.csv"
    for line in path.read_text().splitlines():
        if line.startswith(game_string + "\t"):
            pos = Position.from_text(game_string)
            out: dict[str, set[int]] = {}
            for text in line.split("\t")[1].split(";"):
                move = pos.parse_move(text)
                out.setdefault(move.piece.name, set()).add(move.to)
            return out
    raise AssertionError(f"{game_string} is not in {path.name}")


def _names(cells: Iterable[int]) -> set[str]:
    return {cell_name(c) for c in cells}


def test_marks_for_agrees_with_peer_moves_and_the_rules_worked_by_hand(game: Position) -> None:
    peer = _peer_moves(_GAME)
    # The free cells next to the hive, from the geometry alone.
    edge = {n for c in game.stacks for n in _neighbours(c) if n not in game.stacks}
    # _GAME's board: -2,3 wS1 · -1,-2 bA2 · -1,0 bL · -1,2 bQ+wB1 · -1,3 wM · 0,-2 wG2 ·
    # 0,-1 wP · 0,0 wG1 · 0,1 wL · 0,2 bP · 0,3 wB2 · 1,-2 wQ+bB1 · 1,0 wA1 · 1,3 wA2 ·
    # 2,-1 wG3 · 2,2 bA1 · 3,-1 bM · 4,-2 bA3 (a stack bottom first). One Hive, by hand:
    # bA2, bA1 and bA3 hang on wG2, wA2 and bM; bM on wG3 on wA1; wA2 on wB2; wQ/bB1, wG2
    # and bA2 on wP; wP and bL on wG1; the lower half on wL. Stacks are not marked.
    pinned = {"0,-2", "1,3", "3,-1", "2,-1", "1,0", "0,3", "0,-1", "0,0", "0,1"}
    expected = {
        # covered by bB1 and so unable to move at all (R6): the rule on its own cell
        "wQ": (set(), {"1,-2": "R6"}, "1,-2"),
        # Black's, but White's Mosquito (-1,3) copies bP's power and may throw it onto the two
        # free cells next to itself; its own free neighbours 1,1 and 1,2 are not next to wM.
        "bP": (_names(peer["bP"]), {"1,1": "R16", "1,2": "R16"}, "0,2"),
        "wG3": (set(), {"2,-1": "R6"}, "2,-1"),  # pinned: bM and bA3 hang on it
        # a placement: Mzinga's cells; every other free cell by the hive touches Black (R3)
        "wS2": (_names(peer["wS2"]), dict.fromkeys(_names(edge) - _names(peer["wS2"]), "R3"),
                None),
        "bB2": (set(), {}, None),  # Black's, in hand, White to move: nothing to show
    }
    assert {"-1,4", "-2,4"} == _names(peer["bP"]) and len(peer["wS2"]) == 7
    for name, (targets, forbidden, selected) in expected.items():
        m = marks_for(game, name)
        assert _names(m.targets) == targets, name
        assert {cell_name(c): r for c, r in m.forbidden.items()} == forbidden, name
        assert (None if m.selected is None else cell_name(m.selected)) == selected, name
        assert _names(m.pinned) == pinned, name
        assert m.last_move == (parse_cell("-1,1"), parse_cell("-1,0")), name  # bL /wP
        assert m.stunned == parse_cell("-1,0"), name  # Base+MLP has a Pillbug: R17 matters


def test_marks_for_a_piece_that_cannot_move_names_the_rule_on_its_cell() -> None:
    pos = Position.from_text(SMALL)
    m = marks_for(pos, "wS1")  # between wQ and the black pieces: One Hive pins it
    assert m.forbidden == {parse_cell("0,0"): "R6"}
    assert m.targets == frozenset() and parse_cell("0,0") in m.pinned
    m = marks_for(pos, "bQ")  # not Black's turn
    assert m.forbidden == {parse_cell("2,0"): "R0"}


def test_marks_for_a_placement_and_overrides() -> None:
    pos = Position.from_text(SMALL)
    m = marks_for(pos, "wG1", coords=True, title="Where may the Grasshopper go in?")
    assert m.selected is None and m.coords and m.title.startswith("Where")
    assert m.targets == pos.targets("wG1")
    assert set(m.forbidden.values()) == {"R3"}  # the other free cells touch a black piece


def test_marks_for_picks_up_gates_from_explanations() -> None:
    pos = Position.from_text(GATED)
    queen, gap = Piece.from_name("bQ"), parse_cell("-2,2")
    why = explain_move(pos, Move(queen, gap))
    assert why is not None and why.kind == "gate", why
    m = marks_for(pos, queen)
    assert m.forbidden[gap] == why.rule
    assert m.gates == ((parse_cell("-2,3"), parse_cell("-1,1")),)
    assert layout(pos, m).marked("gate") == {"-1,1": "-2,3", "-2,3": "-1,1"}


def test_routes_are_legal_step_by_step() -> None:
    seen = set()
    for pos in real_positions():
        for piece in list(pos.where):
            for sources_to in sorted(pos.move_sources(piece)):
                r = route(pos, piece, sources_to)
                assert r is not None, (pos.to_text(), piece, cell_name(sources_to))
                assert r[0] == pos.where[piece] and r[-1] == sources_to
                assert all(are_neighbours(a, b) for a, b in itertools.pairwise(r))
                assert len(set(r)) == len(r)
                seen.add((piece.bug.value, len(r)))
    assert ("S", 4) in seen and ("L", 4) in seen  # Spider 1-2-3, Ladybug up-across-down
    assert any(bug == "A" and n > 3 for bug, n in seen)


def test_route_of_an_illegal_move_is_none() -> None:
    pos = Position.from_text(SMALL)
    assert route(pos, "wQ", "3,0") is None
    assert route(pos, "wG1", "-2,0") is None  # a placement has no route


# ----------------------------------------------------------------------------- SVG
def test_svg_is_deterministic_and_marks_change_it(game: Position) -> None:
    m = marks_for(game, "bP", coords=True)
    svg = diagram_svg(game, m)
    assert svg == diagram_svg(game, marks_for(game, "bP", coords=True))
    assert svg != diagram_svg(game, m, labels={"0,2": "here"})
    assert svg != diagram_svg(game, marks_for(game, "bP"))
    ET.fromstring(svg)  # well-formed
    assert ">R16<" in svg and 'font-weight="bold"' in svg
    assert "<script" not in svg and "id=" not in svg


def test_svg_does_not_depend_on_hash_seeds_or_matplotlib() -> None:
    code = (
        "import sys\n"
        "from hive_teach.hive.position import Position\n"
        "from hive_teach.board.drawing import diagram_svg, marks_for\n"
        f"pos = Position.from_text({_GAME!r})\n"
        "sys.stdout.write(diagram_svg(pos, marks_for(pos, 'wQ', coords=True)))\n"
        "assert 'matplotlib' not in sys.modules, 'the SVG writer imported matplotlib'\n"
    )
    outs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=env, check=True)
        outs.append(run.stdout)
    assert outs[0] == outs[1] and outs[0].startswith("<svg")


def test_engine_does_not_import_matplotlib() -> None:
    code = ("import sys, hive_teach, hive_teach.board.drawing; "
            "assert 'matplotlib' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


# ----------------------------------------------------------------------------- matplotlib
def test_draw_returns_a_figure_with_its_board_and_leaks_nothing(game: Position) -> None:
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    fig = draw(game, marks_for(game, "wQ"))
    assert plt.get_fignums() == before  # made without pyplot: nothing to close
    b = board_of(fig)
    assert b.marked("selected") == {cell_name(game.where[Piece.from_name("wQ")]): ""}
    ax = fig.axes[0]
    assert board_of(ax) is b
    x0, x1, y0, y1 = b.bounds
    assert ax.get_xlim() == (x0, x1) and ax.get_ylim() == (y0, y1)


def test_draw_into_given_axes() -> None:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(8, 4))
    left, right = fig.subplots(1, 2)
    pos = Position.from_text(SMALL)
    assert draw(pos, ax=left, targets=["-1,1"]) is fig
    draw(pos, ax=right, hand=False)
    assert board_of(left).marked("target") == {"-1,1": ""}
    assert board_of(right).hand == {}
    with pytest.raises(ValueError, match="holds no diagram"):
        board_of(Figure())


def test_png_is_deterministic() -> None:
    pos = Position.from_text(EARLY)
    png = diagram_png(pos, targets=["0,1"])
    assert png.startswith(b"\x89PNG") and png == diagram_png(pos, targets=["0,1"])
    small = diagram_png(pos, targets=["0,1"], palette=True)
    assert small.startswith(b"\x89PNG") and len(small) < len(png)


def test_render_to_file_by_suffix_and_by_fmt(tmp_path: Path) -> None:
    pos = Position.from_text(EARLY)
    png = render_to_file(pos, tmp_path / "a.png", selected="wQ")
    svg = render_to_file(pos, tmp_path / "a.SVG", selected="wQ")
    pdf = render_to_file(pos, tmp_path / "a.pdf", marks=Marks(selected="wQ"))
    other = render_to_file(pos, tmp_path / "diagram", "svg")
    assert png.read_bytes().startswith(b"\x89PNG")
    assert svg.read_text() == diagram_svg(pos, selected="wQ")
    assert pdf.read_bytes().startswith(b"%PDF")
    assert other.read_text().startswith("<svg")
    with pytest.raises(ValueError, match="cannot tell the format"):
        render_to_file(pos, tmp_path / "a.gif")
    with pytest.raises(ValueError, match="unknown diagram format"):
        render_to_file(pos, tmp_path / "a.png", "gif")


# ----------------------------------------------------------------------------- reference images
def _glyph_key() -> Position:
    """Every bug of both colours (a legend rather than a game, hence a layout)."""
    names = ["Q", "S1", "B1", "G1", "A1", "M", "L", "P"]
    lay = {(i, 0): "w" + n for i, n in enumerate(names)}
    lay.update({(i - 1, 1): "b" + n for i, n in enumerate(names)})
    return Position.from_layout(lay, game_type="Base+MLP", turn=9)


def _all_marks(pos: Position) -> Marks:
    return Marks(
        targets=["-2,4", "-1,4", "1,0"], forbidden={"1,1": "R16", "1,2": "R8"}, selected="bP",
        pinned=["wB2", "wA2"], gates=[("-1,1", "-2,3")], path=["2,2", "2,3", "1,4", "0,4"],
        last_move=("-1,1", "-1,0"), stunned="bL", throws=[("bP", "wM", "-2,4")],
        labels={"-2,2": "gate", "3,0": "note"}, coords=True, title="Every mark at once",
    )


def _early() -> tuple[Position, Marks]:
    pos = Position.from_text(EARLY)
    return pos, Marks(selected="wQ", targets=["0,1", "2,0"], forbidden={"1,1": "R7"},
                      pinned=["-1,1", "0,0", "2,-1"], last_move=(None, "bP"), stunned="bP")


def _surrounded() -> tuple[Position, Marks]:
    """The game above a move earlier, then the move that surrounds the black Queen."""
    pos = Position.from_text(_GAME.rsplit(";", 1)[0])
    start = pos.where[Piece.from_name("bA1")]
    pos.play(Move(Piece.from_name("bA1"), parse_cell("-2,2")))
    assert pos.is_over
    queens = [pos.where[Piece.from_name(q)] for q in ("wQ", "bQ")]
    return pos, Marks(surrounded=[q for q in queens if all(
        n in pos.stacks for n in _neighbours(q))], last_move=(start, "-2,2"))


def _neighbours(c: int) -> list[int]:
    from hive_teach.core.hexgrid import neighbours

    return neighbours(c)


IMAGES = {
    "glyphs": lambda: (_glyph_key(), Marks(hand=False, title="The eight bugs")),
    "early_queen": _early,
    "all_marks": lambda: (Position.from_text(_GAME),
                          _all_marks(Position.from_text(_GAME))),
    "surrounded": _surrounded,
}


@pytest.mark.parametrize("name", sorted(IMAGES))
def test_image_matches_baseline(name: str, tmp_path: Path) -> None:
    pos, marks = IMAGES[name]()
    expected = BASELINE / f"{name}.png"
    if REGEN:
        BASELINE.mkdir(exist_ok=True)
        render_to_file(pos, expected, marks=marks)
        pytest.skip(f"regenerated {expected}")
    if not expected.exists():
        pytest.fail(f"{expected} is missing: run with HIVE_TEACH_REGEN_BASELINE=1 to make it")
    actual = render_to_file(pos, tmp_path / f"{name}.png", marks=marks)
    diff = compare_images(str(expected), str(actual), tol=TOLERANCE)
    assert diff is None, diff


def test_position_shows_itself_in_a_notebook():
    from hive_teach import Position

    pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
    svg = pos._repr_svg_()
    assert svg.startswith("<svg") and svg == pos._repr_svg_()
    assert pos._repr_png_().startswith(b"\x89PNG")


def _texts(scene, text):
    from hive_teach.core.scene import Text

    return [i for i in scene.items if isinstance(i, Text) and i.text == text]


def test_a_stacks_height_badge_is_drawn_above_the_selection_ring() -> None:
    from hive_teach.core.scene import SELECTED, Shape
    from hive_teach.hive.paint import build_scene

    pos = Position.from_layout({"0,0": "wQ", "1,0": "bQ", "-1,0": "bB1 wB1"}, turn=3)
    scene = build_scene(pos, Marks(selected="wB1"))
    ring = max(i.z for i in scene.items if isinstance(i, Shape) and i.stroke == SELECTED)
    (height,) = _texts(scene, "2")
    assert height.z > ring


def test_a_path_step_on_a_crossed_cell_moves_off_the_cross() -> None:
    from hive_teach.hive.paint import build_scene

    pos = Position.from_layout({"0,0": "wQ", "1,0": "bQ", "-1,0": "wS1"}, turn=3)
    plain = build_scene(pos, Marks(path=["-1,0", "-1,-1", "0,-1"]))
    crossed = build_scene(pos, Marks(path=["-1,0", "-1,-1", "0,-1"], forbidden={"0,-1": "R12"}))
    x, y = to_pixel(parse_cell("0,-1"))
    (on_plain,), (on_crossed,) = _texts(plain, "2"), _texts(crossed, "2")
    assert (on_plain.x, on_plain.y) == pytest.approx((x, y))
    assert abs(on_crossed.x - x) > 0.5  # clear of the cross (half width 0.3) and its badge


def test_cell_labels_look_unlike_piece_letters() -> None:
    from hive_teach.hive.paint import LABEL, build_scene

    pos = Position.from_layout({"0,0": "wQ", "1,0": "bQ", "-1,0": "wA1"}, turn=3)
    scene = build_scene(pos, Marks(labels={"0,1": "A"}))
    (label,) = _texts(scene, "A")
    pieces = _texts(scene, "A1")  # on the board, and Black's in hand
    assert label.colour == LABEL and pieces and all(p.colour != LABEL for p in pieces)


def test_marks_of_an_exercise_look_unlike_targets_and_after_check_three_ways() -> None:
    from hive_teach.board.controller import BoardController

    pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    board = BoardController(pos, mode="reach", piece="wQ")
    truth = sorted(pos.targets(Piece.from_name("wQ")))
    board.click(truth[0])
    board.click("3,0")
    b = layout(pos, board.marks())
    assert b.marked("target") == {} and set(b.marked("picked")) == {cell_name(truth[0]), "3,0"}
    board.check()
    b = layout(pos, board.marks())
    assert b.marked("correct") == {cell_name(truth[0]): ""}
    assert set(b.marked("missed")) == {cell_name(c) for c in truth[1:]}
    assert b.marked("wrong") == {"3,0": "R9"} and b.marked("picked") == {}
