"""Engine speed: perft leaves per second, targets of one piece, the full legal move list.

Run from the repository root:  .venv/bin/python benchmarks/bench_engine.py [--start-depth 5]

Perft speed is reported in the calibrated units of benchmarks/calibrate.py (leaves per
second divided by calibration workloads per second, both measured in this run), so figures
compare across machines. Reference: nokamute (Rust) reaches about 380,000 units.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "benchmarks")]

from _calibrate import calibration_rate  # noqa: E402
from oracle import perft_positions, perft_start, valid_move_files  # noqa: E402

from hive_teach import Position  # noqa: E402
from hive_teach.hive.perft import perft  # noqa: E402


def bench_perft(max_depth: int) -> tuple[int, float]:
    leaves = 0
    seconds = 0.0
    for label, gs, counts in perft_positions():
        pos = Position.from_text(gs, tournament=True)
        if not pos.move_stack:
            continue  # start positions are measured separately
        t = time.perf_counter()
        n = perft(pos, max_depth)
        seconds += time.perf_counter() - t
        if n != counts[max_depth - 1]:
            raise SystemExit(f"perft mismatch on {label}: {n} != {counts[max_depth - 1]}")
        leaves += n
    return leaves, seconds


def bench_targets() -> tuple[list[float], list[float]]:
    per_piece: list[float] = []
    full: list[float] = []
    for name, gs, _moves in valid_move_files():
        if "RealGames" not in name:
            continue
        pos = Position.from_text(gs, tournament=True)
        for piece in pos.game_type.pieces:
            pos.clear_cache()  # a learner's click comes on a fresh position: no warm cache
            t = time.perf_counter()
            pos.targets(piece)
            per_piece.append(time.perf_counter() - t)
        pos.clear_cache()
        t = time.perf_counter()
        pos.legal_moves()
        full.append(time.perf_counter() - t)
    return per_piece, full


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depth", type=int, default=3, help="perft depth on the positions")
    parser.add_argument("--start-depth", type=int, default=0,
                        help="also perft every game type from the start to this depth")
    args = parser.parse_args()

    rate = calibration_rate()
    print(f"calibration: {rate:.1f} workloads/s")

    leaves, seconds = bench_perft(args.depth)
    lps = leaves / seconds
    units = f" = {lps / rate:,.0f} units (floor 380, aim 3,800)" if rate else ""
    print(f"perft {args.depth} on the non-start positions: {leaves:,} leaves in {seconds:.1f} s,"
          f" {lps:,.0f} leaves/s{units}")

    per_piece, full = bench_targets()
    p95 = statistics.quantiles(per_piece, n=20)[-1] * 1000
    med = statistics.median(full) * 1000
    print(f"targets of one piece: p95 {p95:.2f} ms over {len(per_piece)} pieces (target < 2 ms)")
    print(f"full legal move list: median {med:.2f} ms over {len(full)} positions "
          "(target < 5 ms)")

    if args.start_depth:
        table = perft_start()
        for game_type, counts in table.items():
            t = time.perf_counter()
            n = perft(Position(game_type, tournament=True), args.start_depth)
            dt = time.perf_counter() - t
            want = counts[args.start_depth]
            ok = "ok" if n == want else f"MISMATCH (want {want})"
            print(f"perft {args.start_depth} from the start, {game_type}: {n:,} leaves in "
                  f"{dt:.1f} s ({n / dt:,.0f} leaves/s) {ok}")


if __name__ == "__main__":
    main()
