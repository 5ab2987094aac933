"""Hostile clients against the classroom server (issue 30), on loopback, bounded in time.

Run from the repository root:  .venv/bin/python benchmarks/bench_hostile.py [--streams 300]
[--flood 60] [--moves 30]

Starts the real server (``hive-teach classroom`` as a subprocess, SQLite in a temporary
folder, the default ``--rate`` of 20 a second) on 127.0.0.1 and measures:

1. how many event streams of one game one address (127.0.0.1) opens, at 15 a second (under
   the rate limit), before the server refuses one (at most ``--streams``), and the status of
   the first refusal;
2. the p95 of a move (``POST .../moves``) in a watched game, alone and then while
   ``--flood`` streams from each of ten other loopback addresses (127.0.0.2 to 127.0.0.11)
   watch it, and the server's resident memory (VmRSS) before and during the flood;
3. the status of every hostile request: malformed JSON bodies, a cross-site form's login
   (``text/plain`` JSON, ``Origin`` of another site), rotating ``X-Forwarded-For`` headers
   from loopback (how many of 100 requests in a burst got through), and non-ASCII digits.

Every socket is closed and the server stopped at the end (under a minute in all).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import httpx  # noqa: E402
from classroom_support import ProcessServer  # noqa: E402

from hive_teach.hive.position import Position  # noqa: E402

PASSWORD = "a long enough teacher password"
JSON = {"Content-Type": "application/json"}


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


async def open_stream(port: int, path: str, source: str) -> tuple[int, asyncio.StreamWriter]:
    """An event stream from ``source``: the answer's status and the open connection."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    line = await asyncio.wait_for(reader.readline(), 10)
    return int(line.split()[1]), writer


async def streams_from(port: int, path: str, source: str, most: int, per_second: float,
                       writers: list[asyncio.StreamWriter]) -> tuple[int, int | None]:
    """Open streams from ``source`` until one is refused: (opened, refusal status)."""
    for _ in range(most):
        status, writer = await open_stream(port, path, source)
        if status != 200:
            writer.close()
            return len([w for w in writers if w.get_extra_info("sockname")[0] == source]), status
        writers.append(writer)
        await asyncio.sleep(1 / per_second)
    return most, None


def play_moves(client: httpx.Client, game: dict[str, str], pos: Position, n: int) -> list[float]:
    """``n`` moves in ``game`` (the first legal one each time), paced under the rate limit:
    the milliseconds each POST took."""
    took = []
    for _ in range(n):
        if pos.state.is_over:
            break
        move = pos.move_text(pos.legal_moves()[0])
        token = game["white"] if pos.ply % 2 == 0 else game["black"]
        t0 = time.perf_counter()
        answer = client.post(f"/api/games/{game['id']}/moves", headers=JSON,
                             json={"move": move, "token": token, "ply": pos.ply})
        took.append((time.perf_counter() - t0) * 1000)
        if answer.status_code != 200:
            raise SystemExit(f"move {move}: {answer.status_code} {answer.text}")
        pos.play(move)
        time.sleep(0.1)
    return took


def new_game(client: httpx.Client) -> dict[str, str]:
    made = client.post("/api/games", headers=JSON, json={"game_type": "Base"}).json()
    joined = client.post(f"/api/games/{made['id']}/join", headers=JSON, json={}).json()
    return {"id": made["id"], "white": made["token"], "black": joined["token"]}


def hostile_requests(client: httpx.Client) -> dict[str, int | str]:
    bodies = {
        "nested [ x 3000": ("/api/users", b"[" * 3000),
        "5000-digit number": ("/api/users", b'{"name": "eve", "password": ' + b"9" * 5000 + b"}"),
        "lone surrogate password": ("/api/users", b'{"name": "eve", "password": "\\ud800sec"}'),
        "NaN tournament": ("/api/games", b'{"game_type": "Base", "tournament": NaN}'),
    }
    out: dict[str, int | str] = {}
    for what, (path, body) in bodies.items():
        try:
            out[what] = client.post(path, content=body, headers=JSON).status_code
        except httpx.HTTPError as e:  # the server dropped the connection
            out[what] = f"no answer ({type(e).__name__}: {e})"
    client.post("/api/users", headers=JSON, json={"name": "eve", "password": "evil secret"})
    client.cookies.clear()
    forged = client.post("/api/login", content=b'{"name": "eve", "password": "evil secret", '
                         b'"x": "="}', headers={"Content-Type": "text/plain",
                                                "Origin": "http://evil.example"})
    out["login CSRF (text/plain, other Origin)"] = forged.status_code
    client.cookies.clear()
    out["cell with Arabic-Indic digits"] = "see the move test"
    time.sleep(3.5)  # a full bucket again
    passed = sum(client.get("/api/games?state=open",
                            headers={"X-Forwarded-For": f"10.9.{i // 250}.{i % 250}"}
                            ).status_code == 200 for i in range(100))
    out["rotating X-Forwarded-For: of 100 at once, answered"] = passed
    return out


async def main_async(args: argparse.Namespace, server: ProcessServer) -> None:
    pid = server.proc.pid
    with httpx.Client(base_url=server.base, timeout=30) as client:
        watched = new_game(client)
        game = {"id": watched["id"], "white": watched["white"], "black": watched["black"]}
        pos = Position("Base")
        alone = play_moves(client, game, pos, args.moves)
        path = f"/api/games/{watched['id']}/events"

        writers: list[asyncio.StreamWriter] = []
        t0 = time.monotonic()
        opened, refusal = await streams_from(server.port, path, "127.0.0.1", args.streams, 15,
                                             writers)
        print(f"1. event streams one address opened: {opened} in {time.monotonic() - t0:.0f} s"
              f" (first refusal: {refusal})")
        for w in writers:
            w.close()
        writers.clear()
        await asyncio.sleep(3)

        rss_before = rss_mib(pid)
        sources = [f"127.0.0.{i}" for i in range(2, 12)]
        results = await asyncio.gather(*(streams_from(server.port, path, s, args.flood, 15,
                                                      writers) for s in sources))
        flood = sum(n for n, _ in results)
        await asyncio.sleep(1)
        rss_flood = rss_mib(pid)
        during = await asyncio.to_thread(play_moves, client, game, pos, args.moves)
        print(f"2. move p95 alone: {p95(alone):.0f} ms (median {statistics.median(alone):.0f})"
              f"; with {flood} streams (of {10 * args.flood} tried) from 10 addresses "
              f"watching: {p95(during):.0f} ms "
              f"(median {statistics.median(during):.0f}); server memory {rss_before:.0f} -> "
              f"{rss_flood:.0f} MiB")
        for w in writers:
            w.close()
        await asyncio.sleep(3)

        cell = client.post(f"/api/games/{watched['id']}/moves", headers=JSON, json={
            "piece": "wQ", "to": "\u0660,\u0660", "token": game["white"], "ply": pos.ply})
        print("3. hostile requests:")
        for what, status in hostile_requests(client).items():
            if what.startswith("cell"):
                status = cell.status_code
            print(f"   {what}: {status}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=300)
    parser.add_argument("--flood", type=int, default=60)
    parser.add_argument("--moves", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        password = Path(tmp) / "password.txt"
        password.write_text(PASSWORD + "\n")
        server = ProcessServer(Path(tmp) / "data", "--teacher-password-file", str(password))
        try:
            asyncio.run(main_async(args, server))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
