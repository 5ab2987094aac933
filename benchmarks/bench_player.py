"""The engine player: are the levels ordered, is the clock kept, how fast are search and solver?

Run from the repository root:  .venv/bin/python benchmarks/bench_player.py [--games 20]

1. Matches of ``--games`` games between neighbouring levels (beginner vs intermediate,
   intermediate vs strong) at ``--time`` seconds per move; each pair of games starts from its
   own random two-ply opening, once with each colour. Prints each match table and the
   stronger side's score (wins plus half the draws) with a 95 % interval.
2. Time budget on the wall clock: ``bestmove time 00:00:01`` through the UHP engine on
   mid-game Base+MLP positions, and ``Player("strong", time_limit=0.3).choose`` on the same
   positions; elapsed over budget (target: within 0.90-1.10). The unit tests check the budget
   logic on an injected clock (tests/test_player.py); these are the figures on this machine.
3. Search speed in nodes per second (also in calibrated units, see _calibrate.py) and the
   solver's time for win-in-2 on the same positions (target: seconds at most).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "benchmarks")]

from _calibrate import calibration_rate  # noqa: E402
from oracle import perft_positions  # noqa: E402

from hive_teach import Position  # noqa: E402
from hive_teach.hive.ai import solve  # noqa: E402
from hive_teach.hive.match import run_match  # noqa: E402
from hive_teach.hive.player import Player  # noqa: E402
from hive_teach.hive.uhp import UHPEngine  # noqa: E402


def midgame_positions(limit: int) -> list[str]:
    """Base+MLP positions from real games, at least 20 plies in, none finished."""
    out = []
    for _label, gs, _counts in perft_positions():
        if gs.startswith("Base+MLP") and gs.count(";") >= 23:
            pos = Position.from_text(gs, tournament=True)
            if not pos.is_over:
                out.append(gs)
    return out[:limit]


def bench_levels(games: int, seconds: float, game_type: str, max_moves: int) -> None:
    for weaker, stronger in (("beginner", "intermediate"), ("intermediate", "strong")):
        t = time.perf_counter()
        report = run_match(weaker, stronger, games=games, game_type=game_type,
                           time_limit=seconds, max_moves=max_moves, opening_plies=2, seed=1)
        print(report.table())
        s = report.standings[1]
        score = (s.wins + s.draws / 2) / s.games
        half = 1.96 * math.sqrt(max(score * (1 - score), 0.25 / s.games) / s.games)
        illegal = sum(x.illegal + x.errors for x in report.standings)
        print(f"=> {stronger} scores {score:.0%} (95% interval +-{half:.0%}) against {weaker}, "
              f"{illegal} illegal moves or errors, {time.perf_counter() - t:.0f} s\n")


def _budget_line(what: str, budget: float, elapsed: list[float]) -> str:
    ratios = [e / budget for e in elapsed if e >= budget / 2]
    # under half the budget: a proven win or loss, or a single legal move, no need to think on
    early = len(elapsed) - len(ratios)
    if not ratios:
        return f"{what}: all {early} positions answered at once (result proven)"
    return (f"{what} on {len(ratios)} mid-game Base+MLP positions: elapsed/budget "
            f"min {min(ratios):.3f}, median {statistics.median(ratios):.3f}, "
            f"max {max(ratios):.3f} (target 0.90-1.10); {early} more answered at once")


def bench_clock(positions: list[str]) -> None:
    elapsed = []
    for gs in positions:
        engine = UHPEngine()
        engine.handle("newgame " + gs)
        t = time.perf_counter()
        engine.handle("bestmove time 00:00:01")
        elapsed.append(time.perf_counter() - t)
    print(_budget_line("bestmove time 00:00:01", 1.0, elapsed))
    elapsed = []
    for gs in positions:
        pos = Position.from_text(gs, tournament=True)
        player = Player("strong", time_limit=0.3)
        t = time.perf_counter()
        player.choose(pos)
        elapsed.append(time.perf_counter() - t)
    print(_budget_line('Player("strong", time_limit=0.3).choose', 0.3, elapsed))


def bench_speed(positions: list[str]) -> None:
    rate = calibration_rate()
    nodes = seconds = 0.0
    depths = []
    for gs in positions:
        player = Player("strong", time_limit=1.0)
        player.choose(Position.from_text(gs, tournament=True))
        nodes += player.info.nodes
        seconds += player.info.seconds
        depths.append(player.info.depth)
    nps = nodes / seconds
    units = f" = {nps / rate:,.1f} units" if rate else ""
    print(f"search: {nps:,.0f} nodes/s{units}; depth completed in 1 s: "
          f"median {statistics.median(depths)}, min {min(depths)}, max {max(depths)}")
    times = []
    for gs in positions:
        pos = Position.from_text(gs, tournament=True)
        t = time.perf_counter()
        solve(pos, 2)
        times.append(time.perf_counter() - t)
    print(f"solve win-in-2 on {len(times)} positions: median {statistics.median(times):.3f} s, "
          f"max {max(times):.3f} s (target: seconds)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games per match (default 20)")
    parser.add_argument("--time", type=float, default=0.2, help="seconds per move (default 0.2)")
    parser.add_argument("--game-type", default="Base", help="game type of the matches")
    parser.add_argument("--max-moves", type=int, default=200, help="draw after this many plies")
    parser.add_argument("--positions", type=int, default=10,
                        help="mid-game positions for the clock and speed figures")
    parser.add_argument("--skip-matches", action="store_true")
    args = parser.parse_args()

    positions = midgame_positions(args.positions)
    if not args.skip_matches:
        bench_levels(args.games, args.time, args.game_type, args.max_moves)
    bench_clock(positions)
    bench_speed(positions)


if __name__ == "__main__":
    main()
