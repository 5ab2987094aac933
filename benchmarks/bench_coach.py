"""The coach and the levels: does the coach answer within a second, and are the levels ordered?

Run from the repository root:  .venv/bin/python benchmarks/bench_coach.py [--moves 300]

1. The coach's time per move (``coach(pos, move)`` with its default budget), median, p95 and
   max over ``--moves`` moves of random games of every game type (a beginner player against
   random moves, as learners play), plus how often it ran out of budget (then it says
   nothing); target: under 1 s each. Also ``hint`` on some of those positions.
2. The levels' strength by matches: beginner vs intermediate, intermediate vs strong and
   beginner vs strong, ``--games`` short games each at ``--time`` seconds per move from
   random two-ply openings, once with each colour; the stronger side's score (wins plus half
   the draws). The whole script takes about 75 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from hive_teach.hive.coach import coach, hint  # noqa: E402
from hive_teach.hive.match import run_match  # noqa: E402
from hive_teach.hive.player import Player  # noqa: E402
from hive_teach.hive.position import Position  # noqa: E402

GAME_TYPES = ("Base", "Base+M", "Base+L", "Base+P", "Base+MLP")


def _line(what: str, times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return (f"{what} over {len(times)} moves: median {statistics.median(times) * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms (target < 1000 ms)")


def bench_coach(moves: int, seed: int) -> None:
    rng = random.Random(seed)
    times: list[float] = []
    hints: list[float] = []
    said: Counter[str] = Counter()
    game = 0
    while len(times) < moves:
        pos = Position(GAME_TYPES[game % len(GAME_TYPES)])
        player = Player("beginner", seed=seed + game)
        game += 1
        while not pos.is_over and pos.ply < 80 and len(times) < moves:
            legal = pos.legal_moves()
            move = player.choose(pos) if rng.random() < 0.6 else rng.choice(legal)
            t = time.perf_counter()
            verdict = coach(pos, move)
            times.append(time.perf_counter() - t)
            said[verdict.what or ("(timeout)" if not verdict.sure else "(silent)")] += 1
            if len(times) % 10 == 0:
                t = time.perf_counter()
                hint(pos)
                hints.append(time.perf_counter() - t)
            pos.play(move)
    print(_line("coach(pos, move)", times) + f", {game} games")
    print(_line("hint(pos)", hints).replace("moves", "positions"))
    print("what the coach said: " + ", ".join(f"{k} {n}" for k, n in said.most_common()))


def bench_levels(games: int, seconds: float, max_moves: int) -> None:
    for weaker, stronger in (("beginner", "intermediate"), ("intermediate", "strong"),
                             ("beginner", "strong")):
        t = time.perf_counter()
        report = run_match(weaker, stronger, games=games, game_type="Base", time_limit=seconds,
                           max_moves=max_moves, opening_plies=2, seed=1)
        s = report.standings[1]
        score = (s.wins + s.draws / 2) / s.games
        print(f"{stronger} vs {weaker}: {s.wins} wins, {s.draws} draws, {s.losses} losses in "
              f"{s.games} games = {score:.0%} for {stronger} ({time.perf_counter() - t:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--time", type=float, default=0.05, help="seconds per move in matches")
    parser.add_argument("--max-moves", type=int, default=60, help="a draw after this many moves")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    t = time.perf_counter()
    bench_coach(args.moves, args.seed)
    bench_levels(args.games, args.time, args.max_moves)
    print(f"total {time.perf_counter() - t:.0f} s")


if __name__ == "__main__":
    main()
