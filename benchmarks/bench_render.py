"""Diagram speed: a mid-game Base+MLP position with a piece's targets, rendered to PNG.

Run from the repository root:  python benchmarks/bench_render.py [--repeat 30]

Times ``diagram_png(pos, marks)`` for the marks of one piece (the work behind a notebook's
picture or a widget's redraw: planning the diagram, painting it with matplotlib's Agg, encoding
the PNG) and prints the median beside the target of 150 ms. Also given: the SVG writer, the
planning alone, ``marks_for`` (engine work: targets and one explanation per nearby cell), and
the PNG median in the calibrated units of benchmarks/calibrate.py (milliseconds times
calibration workloads per second, both measured in this run), so it compares across machines.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from _calibrate import calibration_rate  # noqa: E402

from hive_teach.board.drawing import diagram_png, diagram_svg, marks_for  # noqa: E402
from hive_teach.hive.paint import build_scene  # noqa: E402
from hive_teach.hive.position import Position  # noqa: E402

# A championship game at White's 21st turn (tests/data/Board_ValidMovesFromRealGamesTest.csv):
# 20 pieces on the board, two of them stacks, both hands still holding pieces.
GAME = (
    "Base+MLP;InProgress;White[21];wG1;bL /wG1;wM wG1/;bM /bL;wA1 wM\\;bQ bL\\;wQ \\wM;bP /bQ;"
    "wP /wQ;bA1 -bP;wM bQ\\;bM wA1\\;wB1 wQ\\;bA2 /bP;wB2 wM-;bA1 wB2\\;wB1 wG1;bA2 wQ-;wB1 bL;"
    "bB1 bA2/;bP wM\\;bB1 wQ/;wL /wP;bA1 -wL;wG2 -wQ;bA2 -wG2;wG3 wA1/;bM wG3-;wA2 wB2-;"
    "bA1 wA2/;wL bQ/;bP /wA2;wS1 /wP;bA3 bM/;wS1 /bQ;bP wM\\;wB1 bQ;bB1 wQ;bP wL\\;bL /wP"
)
PIECE = "wM"  # the Mosquito: 8 targets (copying Ant and Beetle) and 6 forbidden cells
TARGET_MS = 150.0


def median_ms(work: Callable[[], object], repeat: int) -> float:
    work()  # warm up: imports, font loading, glyph outlines
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30, help="timed renders of each kind")
    args = parser.parse_args()

    rate = calibration_rate()
    print(f"calibration: {rate:.1f} workloads/s")

    pos = Position.from_text(GAME)
    marks = marks_for(pos, PIECE)
    print(f"position: {len(pos.where)} pieces on the board; {PIECE}: {len(marks.targets)} "
          f"targets, {len(marks.forbidden)} forbidden cells")
    png = median_ms(lambda: diagram_png(pos, marks), args.repeat)
    svg = median_ms(lambda: diagram_svg(pos, marks), args.repeat)
    plan = median_ms(lambda: build_scene(pos, marks), args.repeat)
    fill = median_ms(lambda: marks_for(pos, PIECE), args.repeat)
    verdict = "under" if png < TARGET_MS else "OVER"
    print(f"render to PNG: {png:.1f} ms median of {args.repeat} (target {TARGET_MS:.0f} ms: "
          f"{verdict})")
    print(f"render to SVG: {svg:.1f} ms; planning alone: {plan:.1f} ms; "
          f"marks_for: {fill:.1f} ms (medians)")
    if rate:
        print(f"render to PNG: {png * rate / 1000:.2f} calibration workloads' time")


if __name__ == "__main__":
    main()
