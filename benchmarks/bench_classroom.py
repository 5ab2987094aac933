"""Load on the classroom server: 30 learners play 15 games at once through the HTTP API.

Run from the repository root:  .venv/bin/python benchmarks/bench_classroom.py [--games 15]
[--plies 60] [--seed 1]

Starts the real server (``hive-teach classroom`` as a subprocess, SQLite in a temporary
folder) on loopback. Each learner is a thread with its own HTTP client, from an address of its
own (127.0.0.10 and on, as each learner's own computer: the server caps event streams per
address), and does what the game page does: it listens to the game's event stream, fetches
``view`` on every update, and when it is its turn reads the ``game_string``, picks a random
legal move with the kit's engine (client-side) and posts it. Every game stops after
``--plies`` plies (or when it ends).

Prints: the games that ended before the cap (a win or a draw), moves, wall time, moves per
second, move latency (POST .../moves: p50, p95, max), view latency (p50, p95), and the server's
resident memory (VmRSS after start-up, at the end, and its peak VmHWM, from /proc/PID/status).
The learners share the machine's cores with the server, so the figures are an upper bound for a
class on its own machines.

Exits 1 if any move was refused or a learner failed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import httpx  # noqa: E402
from classroom_support import ProcessServer  # noqa: E402

from hive_teach.hive.position import Position  # noqa: E402


def rss_kib(pid: int, field: str = "VmRSS") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


class Learner(threading.Thread):
    def __init__(self, base: str, game_id: str, seat: str, token: str, plies: int,
                 seed: int, out: dict[str, list[float]], errors: list[str],
                 source: str = "127.0.0.1") -> None:
        super().__init__(daemon=True)
        self.base, self.game_id, self.seat, self.token = base, game_id, seat, token
        self.plies, self.rng, self.out, self.errors = plies, random.Random(seed), out, errors
        self.source = source

    def run(self) -> None:
        try:
            self._play()
        except Exception as e:  # reported, and the benchmark fails
            self.errors.append(f"{self.game_id} {self.seat}: {type(e).__name__}: {e}")

    def _play(self) -> None:
        url = f"/api/games/{self.game_id}"

        def own() -> httpx.HTTPTransport:
            return httpx.HTTPTransport(local_address=self.source)

        with httpx.Client(base_url=self.base, timeout=30, transport=own()) as c, \
                httpx.Client(base_url=self.base, timeout=None, transport=own()) as stream, \
                stream.stream("GET", f"{url}/events") as events:
            for line in events.iter_lines():
                if not line.startswith("data: "):
                    continue
                ply = json.loads(line[6:])["ply"]
                t = time.perf_counter()
                view = c.get(f"{url}/view").json()
                self.out["view"].append(time.perf_counter() - t)
                if view["state"] not in ("NotStarted", "InProgress") or ply >= self.plies:
                    return
                if view["turn"] != self.seat or view["ply"] != ply:
                    continue
                game = c.get(url).json()
                pos = Position.from_text(game["game_string"],
                                                tournament=game["tournament"])
                move = pos.move_text(self.rng.choice(pos.legal_moves()))
                t = time.perf_counter()
                answer = c.post(f"{url}/moves", json={"move": move, "token": self.token,
                                                      "ply": ply})
                self.out["move"].append(time.perf_counter() - t)
                if answer.status_code != 200:
                    self.errors.append(f"{self.game_id} {move}: {answer.status_code} "
                                       f"{answer.text}")
                    return
                if answer.json()["ply"] >= self.plies or answer.json()["state"] != "InProgress":
                    return


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=15)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        server = ProcessServer(Path(tmp) / "data", "--rate", "100000")
        pid = server.proc.pid
        try:
            rss_start = rss_kib(pid)
            out: dict[str, list[float]] = {"move": [], "view": []}
            errors: list[str] = []
            learners = []
            with httpx.Client(base_url=server.base, timeout=30) as c:
                for g in range(args.games):
                    made = c.post("/api/games", json={"game_type": "Base+MLP"}).json()
                    black = c.post(f"/api/games/{made['id']}/join").json()["token"]
                    for seat, token in (("white", made["token"]), ("black", black)):
                        learners.append(Learner(server.base, made["id"], seat, token,
                                                args.plies, args.seed * 1000 + 2 * g
                                                + (seat == "black"), out, errors,
                                                f"127.0.{len(learners) // 200}."
                                                f"{10 + len(learners) % 200}"))
            t0 = time.perf_counter()
            for learner in learners:
                learner.start()
            for learner in learners:
                learner.join(600)
            wall = time.perf_counter() - t0
            rss_end, hwm = rss_kib(pid), rss_kib(pid, "VmHWM")
            with httpx.Client(base_url=server.base, timeout=30) as c:
                ends = [(g["state"], g["ply"]) for g in c.get("/api/games").json()["games"]]
        finally:
            server.stop()

    moves, views = out["move"], out["view"]
    ms = 1000.0
    print(f"learners {len(learners)}, games {args.games}, plies per game <= {args.plies}, "
          f"cores {os.cpu_count()} (shared by server and learners)")
    decided = [e for e in ends if e[0] != "InProgress"]
    print(f"games ended before the cap: {len(decided)} "
          f"({', '.join(f'{state} at ply {ply}' for state, ply in decided) or 'none'})")
    print(f"moves {len(moves)} in {wall:.1f} s: {len(moves) / wall:.0f} moves/s")
    if moves:
        print(f"move latency  p50 {statistics.median(moves) * ms:.1f} ms  "
              f"p95 {pct(moves, 0.95) * ms:.1f} ms  max {max(moves) * ms:.1f} ms")
    if views:
        print(f"view latency  p50 {statistics.median(views) * ms:.1f} ms  "
              f"p95 {pct(views, 0.95) * ms:.1f} ms  ({len(views)} views)")
    print(f"server RSS  start {rss_start / 1024:.1f} MiB  end {rss_end / 1024:.1f} MiB  "
          f"peak {hwm / 1024:.1f} MiB")
    for e in errors:
        print("ERROR", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
