"""Rive engine speed: random games per second on the side-5 board (61 cells).

Run from the repository root:  python benchmarks/bench_rive.py [--seconds 2] [--rounds 3]

A random game plays uniformly random legal actions (placements and capture removals) until the
board is full; each action asks the engine for all legal actions, as a playout would. The figure
is also given in the calibrated units of benchmarks/calibrate.py (games per second divided
by calibration workloads per second, both measured in this run), so it compares across machines.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from _calibrate import calibration_rate  # noqa: E402

from hive_teach.rive import RiveGame, play_randomly  # noqa: E402


def random_games(seconds: float, side: int, rng: random.Random) -> tuple[int, int, float]:
    """Play random games for about ``seconds``: (games, actions, seconds taken)."""
    games = actions = 0
    start = time.perf_counter()
    while games == 0 or time.perf_counter() - start < seconds:
        actions += play_randomly(RiveGame(side), rng).ply
        games += 1
    return games, actions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the best one counts")
    parser.add_argument("--side", type=int, default=5, help="board side (3 to 8)")
    args = parser.parse_args()

    rate = calibration_rate()
    print(f"calibration: {rate:.1f} workloads/s")

    rng = random.Random(2010)  # the year Rive was invented; any fixed seed will do
    best = max(
        (random_games(args.seconds, args.side, rng) for _ in range(max(1, args.rounds))),
        key=lambda r: r[0] / r[2],
    )
    games, actions, seconds = best
    per_second = games / seconds
    print(
        f"rive side {args.side}: {per_second:.1f} random games/s "
        f"({actions / games:.0f} actions a game, {actions / seconds:,.0f} actions/s; "
        f"best of {args.rounds} round{'s' if args.rounds > 1 else ''} of {args.seconds:g} s)"
    )
    print(f"rive side {args.side}: {per_second / rate:.3f} games per calibration workload")


if __name__ == "__main__":
    main()
