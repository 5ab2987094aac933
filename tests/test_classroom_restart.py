"""Nothing is lost when the classroom server crashes: ``hive-teach classroom`` as a real
subprocess, killed with SIGKILL while moves are in flight, restarted on the same data folder.
"""

from __future__ import annotations

import random
import stat
import threading
import time
from pathlib import Path

import httpx
import pytest
from classroom_support import ProcessServer, new_game, play

from hive_teach.hive.position import Position

# Servers started and killed as processes: in the full suite (and CI), not in `-m "not slow"`.
pytestmark = pytest.mark.slow


def test_a_kill_9_loses_no_committed_move_and_keeps_no_half_move(tmp_path: Path) -> None:
    data = tmp_path / "classroom"
    server = ProcessServer(data, "--rate", "10000")
    try:
        with httpx.Client(base_url=server.base, timeout=10) as c:
            game = new_game(c, "Base+MLP")
            play(c, game, ["wS1", "bS1 wS1-"])
            c.post("/api/users", json={"name": "kim", "password": "pw1234"})
            c.post(f"/api/games/{game['id']}/moves",
                   json={"move": "wQ bS1-", "token": game["white"], "ply": 2})  # an attempt

        acked: list[str] = ["wS1", "bS1 wS1-"]
        stop = threading.Event()

        def keep_playing() -> None:
            # Random legal moves as fast as the server takes them, until it dies.
            rng = random.Random(7)
            pos = Position.from_text("Base+MLP;InProgress;White[2];wS1;bS1 wS1-")
            with httpx.Client(base_url=server.base, timeout=5) as c:
                while not stop.is_set() and not pos.is_over:
                    move = pos.move_text(rng.choice(pos.legal_moves()))
                    token = game["white"] if pos.ply % 2 == 0 else game["black"]
                    try:
                        answer = c.post(f"/api/games/{game['id']}/moves",
                                        json={"move": move, "token": token, "ply": pos.ply})
                    except httpx.HTTPError:
                        return  # the server is gone: this move was in flight
                    assert answer.status_code == 200, answer.text
                    acked.append(move)
                    pos.play(move)

        player = threading.Thread(target=keep_playing)
        player.start()
        deadline = time.monotonic() + 30
        while len(acked) < 8 and player.is_alive() and time.monotonic() < deadline:
            time.sleep(0.01)  # kill in the middle of the stream of moves, however slow
        server.kill9()
        stop.set()
        player.join(10)
        assert len(acked) >= 8, "the player should have made moves before the kill"

        server.restart()
        with httpx.Client(base_url=server.base, timeout=10) as c:
            view = c.get(f"/api/games/{game['id']}/view").json()
            stored = view["moves"]
            # every answered move is there; the one in flight is there whole or not at all
            assert stored[: len(acked)] == acked and len(stored) - len(acked) in (0, 1)
            info = c.get(f"/api/games/{game['id']}").json()
            assert info["ply"] == view["plies"] == len(stored)
            replayed = Position("Base+MLP")
            for move in stored:
                replayed.play(move)
            assert info["game_string"].split(";")[3:] == stored
            assert c.post("/api/login", json={"name": "kim", "password": "pw1234"}
                          ).status_code == 200
            # the seats' tokens still hold: the game goes on at the stored ply
            if not replayed.is_over:
                move = replayed.move_text(replayed.legal_moves()[0])
                token = game["white"] if replayed.ply % 2 == 0 else game["black"]
                answer = c.post(f"/api/games/{game['id']}/moves",
                                json={"move": move, "token": token, "ply": replayed.ply})
                assert answer.status_code == 200, answer.text
    finally:
        out = server.stop()
    assert "learners: http://127.0.0.1:" in out


def test_the_generated_teacher_password_is_kept_private_and_survives_a_restart(
        tmp_path: Path) -> None:
    data = tmp_path / "home" / "hive-teach-classroom"
    server = ProcessServer(data)
    try:
        path = data / "teacher-password.txt"
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        password = path.read_text().strip()
        assert len(password) >= 12
        server.kill9()
        server.restart()
        assert path.read_text().strip() == password
        with httpx.Client(base_url=server.base, timeout=10) as c:
            assert c.post("/api/teacher/login", json={"password": password}).status_code == 200
            assert c.get("/api/teacher/attempts").json() == {"by_rule": [], "total": 0}
    finally:
        out = server.stop()
    assert f"teacher's password: in {path}" in out
