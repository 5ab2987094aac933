"""Real classroom servers for the tests: uvicorn in a thread, or ``hive-teach classroom`` as a
subprocess, on SQLite in a temporary folder or on PostgreSQL.

PostgreSQL comes from ``HIVE_TEACH_TEST_PG_URL`` (``.ci/run`` sets it after installing and
starting Debian's PostgreSQL). Without it the PostgreSQL cases skip on a developer machine and
FAIL in CI (``CI`` set), as the Chromium browser tests do. Each server gets a schema of its
own in that database (dropped afterwards), so parallel test runs never see each other's games.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[1]
PG_ENV = "HIVE_TEACH_TEST_PG_URL"

# Played from the start of a Base game, White wins with the 11th ply (R19).
WHITE_WINS = ["wS1", "bQ wS1-", "wS2 \\wS1", "bS1 bQ\\", "wG1 -wS2", "bB1 bQ-", "wQ /wS1",
              "bS2 bQ/", "wG1 wS2-", "bB2 bB1-", "wQ wS1\\"]


def pg_url_or_skip() -> str:
    """The test database's URL; skips (or fails in CI) when there is none."""
    url = os.environ.get(PG_ENV)
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"{PG_ENV} is not set: CI must install and start PostgreSQL "
                        "(.ci/run does)", pytrace=False)
        pytest.skip(f"PostgreSQL tests need {PG_ENV}=postgresql://user:password@host/db "
                    "(.ci/run sets it up)")
    return url


@contextmanager
def fresh_database(kind: str, tmp: Path) -> Iterator[str]:
    """A database URL with no tables yet: SQLite in ``tmp``, or a new PostgreSQL schema."""
    if kind == "sqlite":
        yield f"sqlite:///{tmp / 'classroom.sqlite3'}"
        return
    from sqlalchemy import create_engine, text

    base = pg_url_or_skip()
    schema = f"t_{secrets.token_hex(6)}"
    admin = create_engine(base.replace("postgresql://", "postgresql+psycopg://", 1))
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in base else "?"
    try:
        yield f"{base}{sep}options={quote(f'-csearch_path={schema}')}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


class ThreadServer:
    """uvicorn serving ``make_app(config)`` on a free loopback port, in a thread."""

    def __init__(self, **config: Any) -> None:
        import uvicorn

        from hive_teach.classroom.server import ClassroomConfig, make_app

        self.config = ClassroomConfig(host="127.0.0.1", port=0, **config)
        self.app = make_app(self.config)
        self.server = uvicorn.Server(uvicorn.Config(
            self.app, host="127.0.0.1", port=0, log_level="warning", access_log=False,
            lifespan="on", timeout_graceful_shutdown=1, proxy_headers=False))  # as serve()
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the classroom server did not start")
            time.sleep(0.01)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.base = f"http://127.0.0.1:{port}"

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.base, timeout=20)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.app.state.classroom.service.engine.dispose()


@contextmanager
def serving(**config: Any) -> Iterator[ThreadServer]:
    """A :class:`ThreadServer` for the ``with`` block (a module's fixture, most often)."""
    srv = ThreadServer(**config)
    try:
        yield srv
    finally:
        srv.stop()


@contextmanager
def serving_on(kind: str, tmp: Path, **config: Any) -> Iterator[ThreadServer]:
    """:func:`serving` on a fresh database of ``kind`` (``sqlite``, ``postgresql``) in ``tmp``."""
    with fresh_database(kind, tmp / "db") as url:
        (tmp / "db").mkdir(exist_ok=True)
        with serving(data_dir=tmp / "data", db_url=url, **config) as srv:
            yield srv


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ProcessServer:
    """``hive-teach classroom`` as a subprocess (so that it can be killed with SIGKILL)."""

    def __init__(self, data: Path, *args: str, port: int | None = None) -> None:
        self.data = data
        self.port = port or free_port()
        self.args = args
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = self._start()

    def _start(self) -> subprocess.Popen[str]:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        proc = subprocess.Popen(
            [sys.executable, "-m", "hive_teach.cli", "classroom", "--host", "127.0.0.1",
             "--port", str(self.port), "--data", str(self.data), *self.args],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{self.base}/api/games", timeout=1).status_code == 200:
                    return proc
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                out = proc.communicate(timeout=5)[0] if proc.poll() is not None else ""
                proc.kill()
                raise RuntimeError(f"the classroom server did not start: {out}")
            time.sleep(0.05)

    def kill9(self) -> None:
        self.proc.kill()  # SIGKILL: no shutdown, no flush, as in a crash
        self.proc.wait(10)
        assert self.proc.stdout is not None
        self.proc.stdout.close()

    def restart(self) -> None:
        self.proc = self._start()

    def stop(self) -> str:
        self.proc.terminate()
        try:
            out = self.proc.communicate(timeout=10)[0]
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out = self.proc.communicate()[0]
        return out


def new_game(client: httpx.Client, game_type: str = "Base", **extra: Any) -> dict[str, Any]:
    """A game with both seats taken: its id and the two tokens."""
    made = client.post("/api/games", json={"game_type": game_type, **extra})
    assert made.status_code == 201, made.text
    game = made.json()
    joined = client.post(f"/api/games/{game['id']}/join")
    assert joined.status_code == 200 and joined.json()["seat"] == "black", joined.text
    return {"id": game["id"], "white": game["token"], "black": joined.json()["token"],
            "join_url": game["join_url"]}


def play(client: httpx.Client, game: dict[str, Any], moves: list[str],
         start: int = 0) -> httpx.Response:
    """Play ``moves`` from ply ``start``, each by the seat to move; the last answer."""
    answer = None
    for ply, move in enumerate(moves, start):
        token = game["white"] if ply % 2 == 0 else game["black"]
        answer = client.post(f"/api/games/{game['id']}/moves",
                             json={"move": move, "token": token, "ply": ply})
        assert answer.status_code == 200, (move, answer.text)
    assert answer is not None
    return answer
