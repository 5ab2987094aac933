"""Kernel-side CPU time of one piece click on the board widget, in a plain Python process.

Run from the repository root:  .venv/bin/python benchmarks/bench_click_cpu.py [--clicks N]
[--profile]

The board is the one bench_browser.py times in JupyterLab (scenario ``freedom-gate-queen``,
an ipympl canvas without a page). Each click is a mouse press through the canvas's own
callbacks (alternating between wB1 and wQ, so every click changes what is highlighted),
including the PNG of the marks' box laid over the canvas (the board's overlay) and, after a
full draw, the PNG of the canvas's changed pixels (``get_diff_image``), which the page's
draw request fetches and which is answered here too.
``time.process_time`` counts the CPU time of this process only, so the figures hold on a
busy machine far better than wall times.
The last line is ``click CPU median X ms, p95 Y ms over N clicks``; ``--profile`` first
prints cProfile's 40 biggest cumulative costs over the clicks.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from matplotlib.backend_bases import MouseEvent  # noqa: E402

from hive_teach.core.hexgrid import parse_cell, to_pixel  # noqa: E402
from hive_teach.tutorial import board  # noqa: E402

PIECES = ("1,-2", "0,0")  # wB1, then wQ (bench_browser.py's cells)


def make_board():  # type: ignore[no-untyped-def]
    b = board("freedom-gate-queen")
    b.canvas.send_binary = lambda data: None  # no page: the PNG goes nowhere
    b.canvas.send_json = lambda content: None
    b.canvas.syncing_data_url = False  # a page that said "initialized"
    return b


def click(b, cell: str) -> None:  # type: ignore[no-untyped-def]
    """A press on ``cell`` as the page sends it, then the page's draw request."""
    x, y = b._figure.axes[0].transData.transform(to_pixel(parse_cell(cell)))
    MouseEvent("button_press_event", b.canvas, x, y, button=1)._process()
    # The marks went to the overlay already; a full draw may have only told the page to
    # ask for the canvas's changed pixels: answer that request as the page would send it.
    if b.canvas._png_is_old:
        b.canvas.get_diff_image()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=50)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    b = make_board()
    for i in range(6):  # warm the caches (glyph outlines, paths) and the first full picture
        click(b, PIECES[i % 2])
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        for i in range(args.clicks):
            click(b, PIECES[i % 2])
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(40)
    times = []
    for i in range(args.clicks):
        t0 = time.process_time()
        click(b, PIECES[i % 2])
        times.append((time.process_time() - t0) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    assert b.controller.selected is not None  # the clicks did select
    print(f"click CPU median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms "
          f"over {len(times)} clicks")


if __name__ == "__main__":
    main()
