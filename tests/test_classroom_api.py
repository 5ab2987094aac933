"""The classroom's JSON API over real HTTP against a real uvicorn server, on SQLite and on
PostgreSQL (``HIVE_TEACH_TEST_PG_URL``; see classroom_support): every status the contract
names, the event stream, users' records, the teacher's data, and the limits.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from classroom_support import (
    ROOT,
    WHITE_WINS,
    ThreadServer,
    fresh_database,
    new_game,
    play,
)

from hive_teach.hive.pieces import Colour
from hive_teach.hive.position import Position

PASSWORD = "chalk and talk"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[str]:
    with fresh_database(request.param, tmp_path_factory.mktemp("db")) as url:
        yield url


@pytest.fixture(scope="module")
def server(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    srv = ThreadServer(data_dir=tmp_path_factory.mktemp("data"), db_url=db_url,
                       teacher_password=PASSWORD, rate=10_000, burst=10_000, keepalive=0.5)
    yield srv
    srv.stop()


@pytest.fixture
def client(server: ThreadServer) -> Iterator[httpx.Client]:
    with server.client() as c:
        yield c


@contextmanager
def teacher(server: ThreadServer) -> Iterator[httpx.Client]:
    with server.client() as c:
        answer = c.post("/api/teacher/login", json={"password": PASSWORD})
        assert answer.status_code == 200, answer.text
        assert "HttpOnly" in answer.headers["set-cookie"]
        yield c


def moves_of(client: httpx.Client, game_id: str) -> list[str]:
    return list(client.get(f"/api/games/{game_id}/view").json()["moves"])


# ------------------------------------------------------------------ create and join
def test_create_answers_201_with_the_white_seat(client: httpx.Client,
                                                 server: ThreadServer) -> None:
    made = client.post("/api/games", json={"game_type": "Base+MLP", "tournament": True,
                                           "lang": "de"})
    assert made.status_code == 201
    body = made.json()
    assert body["seat"] == "white" and len(body["token"]) >= 40
    assert body["join_url"] == f"{server.base}/play/{body['id']}"
    game = client.get(f"/api/games/{body['id']}").json()
    assert game["game_type"] == "Base+MLP" and game["tournament"] is True
    assert game["seats"] == {"white": "taken", "black": "open"}
    assert game["ply"] == 0 and game["turn"] == "white" and game["state"] == "NotStarted"
    assert game["game_string"] == "Base+MLP;NotStarted;White[1]"


@pytest.mark.parametrize(("body", "named"), [
    ({"game_type": "Chess"}, "game_type"),
    ({}, "game_type"),
    ({"game_type": 7}, "game_type"),
    ({"game_type": "Base", "tournament": "yes"}, "tournament"),
    ({"game_type": "Base", "lang": "fr"}, "lang"),
    (["Base"], "JSON object"),
])
def test_create_refuses_bad_input_naming_it_and_makes_no_game(
        client: httpx.Client, body: Any, named: str) -> None:
    before = len(client.get("/api/games").json()["games"])
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 400
    assert named in answer.json()["error"]
    assert len(client.get("/api/games").json()["games"]) == before


def test_bad_json_is_a_400_naming_the_body(client: httpx.Client) -> None:
    answer = client.post("/api/games", content=b"{game_type: Base",
                         headers={"content-type": "application/json"})
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("the request body is not JSON")


def test_join_gives_black_then_spectators(client: httpx.Client) -> None:
    game_id = client.post("/api/games", json={"game_type": "Base"}).json()["id"]
    first = client.post(f"/api/games/{game_id}/join")
    assert first.status_code == 200 and first.json()["seat"] == "black"
    assert first.json()["token"]
    for _ in range(2):
        later = client.post(f"/api/games/{game_id}/join")
        assert later.status_code == 200 and later.json() == {"seat": "spectator"}
    assert client.get(f"/api/games/{game_id}").json()["seats"] == {"white": "taken",
                                                                   "black": "taken"}


def test_open_and_live_lists(client: httpx.Client) -> None:
    open_id = client.post("/api/games", json={"game_type": "Base"}).json()["id"]
    live = new_game(client)
    opened = {g["id"] for g in client.get("/api/games?state=open").json()["games"]}
    lived = {g["id"] for g in client.get("/api/games?state=live").json()["games"]}
    assert open_id in opened and open_id not in lived
    assert live["id"] in lived and live["id"] not in opened
    assert client.get("/api/games?state=nonsense").status_code == 400


# ------------------------------------------------------------------ moves
def test_a_legal_move_answers_200_with_the_new_game_string(client: httpx.Client) -> None:
    game = new_game(client, "Base+M")
    answer = play(client, game, ["wS1", "bS1 wS1-"])
    assert answer.json() == {"game_string": "Base+M;InProgress;White[2];wS1;bS1 wS1-",
                             "ply": 2, "state": "InProgress", "move": "bS1 wS1-",
                             "result_text": None}
    assert client.get(f"/api/games/{game['id']}").json()["game_string"] == \
        "Base+M;InProgress;White[2];wS1;bS1 wS1-"


def test_an_illegal_move_is_a_422_with_rule_and_reason_in_the_language(
        client: httpx.Client, server: ThreadServer) -> None:
    game = new_game(client)
    play(client, game, ["wS1", "bS1 wS1-"])
    with teacher(server) as t:
        before = t.get("/api/teacher/attempts").json()
    answer = client.post(f"/api/games/{game['id']}/moves",
                         json={"move": "wQ bS1-", "token": game["white"], "ply": 2,
                               "lang": "de"})
    assert answer.status_code == 422
    body = answer.json()
    assert body["rule"] == "R3" and body["move"] == "wQ bS1-"
    assert body["reason"] == ("Dieses Feld berührt den Stein bS1 des Gegners, aber ein neuer "
                              "Stein darf nur Steine der eigenen Farbe berühren.")
    assert moves_of(client, game["id"]) == ["wS1", "bS1 wS1-"]  # nothing changed
    with teacher(server) as t:
        after = t.get("/api/teacher/attempts").json()
    assert after["total"] == before["total"] + 1
    r3 = {r["rule"]: r for r in after["by_rule"]}["R3"]
    assert r3["title"] and r3["count"] >= 1
    with teacher(server) as t:  # the dashboard in the teacher's language
        titles = {lang: {r["rule"]: r["title"] for r in t.get(
            f"/api/teacher/attempts?lang={lang}").json()["by_rule"]}["R3"]
            for lang in ("de", "zh")}
        assert t.get("/api/teacher/attempts?lang=xx").status_code == 400
    assert "Steine" in titles["de"] and "棋子" in titles["zh"]


def test_piece_and_cell_name_the_cells_the_board_shows(client: httpx.Client) -> None:
    game = new_game(client)
    play(client, game, ["wS1", "bS1 wS1-"])
    view = client.get(f"/api/games/{game['id']}/view", params={"lang": "en"}).json()
    answer = client.post(f"/api/games/{game['id']}/moves", json={
        "piece": "wQ", "to": "2,0", "token": game["white"], "ply": 2, "lang": "zh"})
    assert answer.status_code == 422 and answer.json()["rule"] == "R3"
    assert "bS1" in answer.json()["reason"]
    # A reason about a cell names it as the board's coordinates label it.
    pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
    assert pos.explain(pos.parse_move("wQ bS1-")) is not None
    target = next(iter(view["targets"]["wQ"]))
    moved = client.post(f"/api/games/{game['id']}/moves", json={
        "piece": "wQ", "to": target, "token": game["white"], "ply": 2})
    assert moved.status_code == 200
    assert moved.json()["move"] == view["targets"]["wQ"][target]


def test_a_reason_names_a_cell_as_the_board_labels_it(client: httpx.Client) -> None:
    # The Queen clicked onto a far cell: the reason (R9) names the cell "1,1", which the SVG
    # labels (coordinates on) at the centre view's cells give.
    game = new_game(client)
    play(client, game, ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"])
    view = client.get(f"/api/games/{game['id']}/view").json()
    answer = client.post(f"/api/games/{game['id']}/moves", json={
        "piece": "wQ", "to": "1,1", "token": game["white"], "ply": 4})
    assert answer.status_code == 422 and answer.json()["rule"] == "R9", answer.text
    named = set(re.findall(r"-?\d+,-?\d+", answer.json()["reason"]))
    assert named == {"1,1"} and named <= set(view["cells"])
    for name in named:
        x, _ = view["cells"][name]
        assert re.search(rf'<text x="{x:g}" y="[\d.]+"[^>]*>{name}</text>', view["svg"])


def test_a_move_string_that_does_not_parse_is_a_400(client: httpx.Client) -> None:
    game = new_game(client)
    for move in ["wX1", "", "wQ -", 42]:
        answer = client.post(f"/api/games/{game['id']}/moves",
                             json={"move": move, "token": game["white"], "ply": 0})
        assert answer.status_code == 400, (move, answer.text)
        assert answer.json()["rule"] is None and "move" in answer.json()["error"]
    for body in [{"piece": "wZ", "to": "0,0"}, {"piece": "wQ", "to": "north"}, {}]:
        answer = client.post(f"/api/games/{game['id']}/moves",
                             json={**body, "token": game["white"], "ply": 0})
        assert answer.status_code == 400, (body, answer.text)
    assert moves_of(client, game["id"]) == []


def test_a_token_not_of_the_seat_to_move_is_a_403(client: httpx.Client) -> None:
    game = new_game(client)
    url = f"/api/games/{game['id']}/moves"
    for token in [game["black"], None, "forged-token", 12]:
        answer = client.post(url, json={"move": "wS1", "token": token, "ply": 0})
        assert answer.status_code == 403, (token, answer.text)
    assert moves_of(client, game["id"]) == []


def test_a_stale_ply_is_a_409(client: httpx.Client) -> None:
    game = new_game(client)
    play(client, game, ["wS1", "bS1 wS1-"])
    answer = client.post(f"/api/games/{game['id']}/moves",
                         json={"move": "wQ -wS1", "token": game["white"], "ply": 0})
    assert answer.status_code == 409 and answer.json()["ply"] == 2
    wrong = client.post(f"/api/games/{game['id']}/moves",
                        json={"move": "wQ -wS1", "token": game["white"], "ply": "2"})
    assert wrong.status_code == 400 and "ply" in wrong.json()["error"]
    assert moves_of(client, game["id"]) == ["wS1", "bS1 wS1-"]


def test_of_twenty_identical_submissions_exactly_one_is_taken(server: ThreadServer) -> None:
    with server.client() as c:
        game = new_game(c)
    barrier = threading.Barrier(20)
    statuses: list[int] = []

    def submit() -> None:
        with server.client() as c:
            barrier.wait()
            answer = c.post(f"/api/games/{game['id']}/moves",
                            json={"move": "wS1", "token": game["white"], "ply": 0})
            statuses.append(answer.status_code)

    threads = [threading.Thread(target=submit) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(statuses) == [200] + [409] * 19
    with server.client() as c:
        assert moves_of(c, game["id"]) == ["wS1"]
        assert c.get(f"/api/games/{game['id']}").json()["ply"] == 1


def test_the_database_alone_takes_exactly_one_of_twenty(db_url: str) -> None:
    """No asyncio lock here: two services on one database (as two server processes would be),
    ten threads each, the same move at the same ply. The conditional UPDATE lets one through."""
    from hive_teach.classroom.service import GameService, ServiceError
    from hive_teach.classroom.store import open_engine

    services = [GameService(open_engine(db_url)) for _ in range(2)]
    game_id, white = services[0].create("Base")
    for service in services:  # both have the game's position cached at ply 0
        service.view(game_id)
    barrier = threading.Barrier(20)
    results: list[int] = []

    def submit(service: GameService) -> None:
        barrier.wait()
        try:
            service.move(game_id, token=white, ply=0, move="wS1")
            results.append(200)
        except ServiceError as e:
            results.append(e.status)

    threads = [threading.Thread(target=submit, args=(services[i % 2],)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(results) == [200] + [409] * 19
    assert services[1].view(game_id)["moves"] == ["wS1"]
    for service in services:
        service.engine.dispose()


def test_an_unknown_game_is_a_404_everywhere(client: httpx.Client) -> None:
    for answer in [client.get("/api/games/nosuchgame"),
                   client.get("/api/games/nosuchgame/view"),
                   client.get("/api/games/nosuchgame/events"),
                   client.post("/api/games/nosuchgame/join"),
                   client.post("/api/games/nosuchgame/moves",
                               json={"move": "wS1", "token": "x", "ply": 0})]:
        assert answer.status_code == 404, answer.request.url
        assert "nosuchgame" in answer.json()["error"]


def test_a_body_too_large_is_a_413_and_changes_nothing(client: httpx.Client) -> None:
    game = new_game(client)
    big = json.dumps({"move": "wS1", "token": game["white"], "ply": 0, "pad": "x" * 9000})
    answer = client.post(f"/api/games/{game['id']}/moves", content=big.encode(),
                         headers={"content-type": "application/json"})
    assert answer.status_code == 413
    chunked = client.post(f"/api/games/{game['id']}/moves",
                          content=iter([big[:4000].encode(), big[4000:].encode()]),
                          headers={"content-type": "application/json"})
    assert chunked.status_code == 413  # no Content-Length: counted as it arrives
    assert moves_of(client, game["id"]) == []


# ------------------------------------------------------------------ view and events
def test_view_gives_the_svg_cells_hand_and_every_target(client: httpx.Client) -> None:
    game = new_game(client, "Base+MLP")
    play(client, game, ["wS1", "bS1 wS1-", "wQ -wS1"])
    view = client.get(f"/api/games/{game['id']}/view", params={"lang": "de"}).json()
    pos = Position.from_text("Base+MLP;InProgress;Black[2];wS1;bS1 wS1-;wQ -wS1")
    assert view["ply"] == view["plies"] == 3 and view["turn"] == "black"
    assert view["moves"] == ["wS1", "bS1 wS1-", "wQ -wS1"] and view["last_move"] == "wQ -wS1"
    width, height = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"',
                                         view["svg"]).groups())
    for name, (x, y) in view["cells"].items():
        assert 0 < x < width and 0 < y < height
        assert re.search(rf'<text x="{x:g}" [^>]*>{re.escape(name)}</text>', view["svg"]), name
    # one tile per bug in hand (the lowest-numbered piece, the one a click places)
    assert set(view["hand"]) == {p.name for c in (Colour.WHITE, Colour.BLACK)
                                 for p in pos.placeable(c)}
    assert view["radius"] > 10
    listed = {(piece, move) for piece, cells in view["targets"].items()
              for move in cells.values()}
    assert {m for _, m in listed} == {pos.move_text(m) for m in pos.legal_moves()}
    assert all(move.startswith(piece) for piece, move in listed)
    assert view["pass"] is None and view["result_text"] is None


def test_view_at_a_ply_replays_the_game(client: httpx.Client) -> None:
    game = new_game(client)
    play(client, game, ["wS1", "bS1 wS1-", "wQ -wS1"])
    early = client.get(f"/api/games/{game['id']}/view", params={"ply": 1}).json()
    assert early["ply"] == 1 and early["plies"] == 3 and early["moves"] == ["wS1"]
    assert early["turn"] == "black" and set(early["targets"]) >= {"bS1", "bQ"}
    assert client.get(f"/api/games/{game['id']}/view", params={"ply": 0}).json()["moves"] == []
    for bad in ["4", "-1", "one"]:
        answer = client.get(f"/api/games/{game['id']}/view", params={"ply": bad})
        assert answer.status_code == 400 and "ply" in answer.json()["error"]
    assert client.get(f"/api/games/{game['id']}/view?lang=xx").status_code == 400


def test_events_send_an_update_after_every_move(server: ThreadServer) -> None:
    with server.client() as c:
        game = new_game(c)
    seen: list[dict[str, Any]] = []
    keepalive = threading.Event()
    ready = threading.Event()

    def listen() -> None:
        with server.client() as c, c.stream("GET", f"/api/games/{game['id']}/events") as r:
            assert r.headers["content-type"].startswith("text/event-stream")
            event = None
            for line in r.iter_lines():
                if line.startswith(": keep-alive"):
                    keepalive.set()
                elif line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "update":
                    seen.append(json.loads(line[6:]))
                    ready.set()
                    if seen[-1]["ply"] == 2:
                        return

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    assert ready.wait(10)  # the first update says where the game stands
    assert keepalive.wait(5)  # a comment line keeps the connection open (0.5 s here)
    with server.client() as c:
        play(c, game, ["wS1"])
        play(c, game, ["bS1 wS1-"], start=1)
    thread.join(10)
    assert seen[0] == {"ply": 0} and seen[-1] == {"ply": 2}


# ------------------------------------------------------------------ users and results
def _user(server: ThreadServer, name: str) -> httpx.Client:
    c = server.client()
    answer = c.post("/api/users", json={"name": name, "password": "s3cret!"})
    assert answer.status_code == 201, answer.text
    cookie = answer.headers["set-cookie"]
    assert "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    return c


def test_users_sign_up_in_and_out(server: ThreadServer) -> None:
    name = "ada"  # each database param is a fresh database
    c = _user(server, name)
    assert c.get("/api/me").json() == {"name": name, "wins": 0, "losses": 0, "draws": 0}
    assert c.post("/api/users", json={"name": name, "password": "other"}).status_code == 409
    assert c.post("/api/logout").status_code == 200  # the cookie is deleted
    assert c.get("/api/me").status_code == 401
    assert c.post("/api/login", json={"name": name, "password": "wrong!"}).status_code == 401
    assert c.post("/api/login", json={"name": "nobody", "password": "wrong!"}
                  ).status_code == 401
    assert c.post("/api/login", json={"name": name, "password": "s3cret!"}).status_code == 200
    assert c.get("/api/me").json()["name"] == name
    assert c.post("/api/users", json={"name": "<script>", "password": "pw12"}
                  ).status_code == 400
    c.close()
    forged = server.client()
    forged.cookies.set("hive_user", "YWRh.9999999999.forgedsignature")
    assert forged.get("/api/me").status_code == 401
    forged.close()


def test_a_finished_game_updates_the_records(server: ThreadServer) -> None:
    white, black = _user(server, "wendy"), _user(server, "bob")
    made = white.post("/api/games", json={"game_type": "Base"}).json()
    joined = black.post(f"/api/games/{made['id']}/join").json()
    game = {"id": made["id"], "white": made["token"], "black": joined["token"]}
    last = play(white, game, WHITE_WINS)
    assert last.json()["state"] == "WhiteWins"
    assert last.json()["result_text"] == "White wins: Black's Queen Bee is surrounded. (R19)"
    assert white.get("/api/me").json()["wins"] == 1
    assert black.get("/api/me").json()["losses"] == 1
    after = white.post(f"/api/games/{game['id']}/moves",
                       json={"move": "bQ -wS1", "token": game["black"], "ply": 11})
    assert after.status_code == 409 and "over" in after.json()["error"]
    view = white.get(f"/api/games/{game['id']}/view", params={"lang": "zh"}).json()
    assert view["state"] == "WhiteWins" and view["targets"] == {}
    assert view["result_text"] == "白方获胜：黑方的蜂后被围住了。(R19)"
    info = white.get(f"/api/games/{game['id']}").json()
    assert info["seats"]["names"] == {"white": "wendy", "black": "bob"}
    # a signed-in learner's illegal attempt carries their name for the teacher
    other = new_game(white)
    white.post(f"/api/games/{other['id']}/moves",
               json={"move": "wQ", "token": other["white"], "ply": 0})
    assert white.post(f"/api/games/{other['id']}/moves",
                      json={"move": "bQ wQ-", "token": other["white"], "ply": 1}
                      ).status_code == 403
    with teacher(server) as t:
        play(white, other, ["bS1 wQ-"], start=1)
        refused = white.post(f"/api/games/{other['id']}/moves",
                             json={"move": "wS1 bS1-", "token": other["white"], "ply": 2})
        assert refused.status_code == 422
        rows = t.get("/teacher/attempts.csv").text.splitlines()
        assert any(f",{other['id']},white,2,wS1 bS1-,R3," in r and r.endswith(",en,wendy")
                   for r in rows), rows
    white.close()
    black.close()


@pytest.mark.slow
def test_a_game_that_reaches_the_ply_limit_is_a_draw(db_url: str, tmp_path: Path) -> None:
    srv = ThreadServer(data_dir=tmp_path, db_url=db_url, teacher_password=PASSWORD,
                       max_plies=4, rate=1000, burst=1000)
    try:
        with srv.client() as c, srv.client() as d:
            for client, name in ((c, "dora"), (d, "dan")):
                assert client.post("/api/users", json={"name": name, "password": "pw1234"}
                                   ).status_code == 201
            made = c.post("/api/games", json={"game_type": "Base"}).json()
            game = {"id": made["id"], "white": made["token"],
                    "black": d.post(f"/api/games/{made['id']}/join").json()["token"]}
            last = play(c, game, ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"]).json()
            assert last["state"] == "Draw" and last["game_string"].split(";")[1] == "Draw"
            assert "limit of 4 moves" in last["result_text"]
            more = c.post(f"/api/games/{game['id']}/moves",
                          json={"move": "wA1 -wQ", "token": game["white"], "ply": 4})
            assert more.status_code == 409
            assert c.get("/api/me").json()["draws"] == d.get("/api/me").json()["draws"] == 1
            view = c.get(f"/api/games/{game['id']}/view", params={"lang": "de"}).json()
            assert view["state"] == "Draw" and "Grenze" in view["result_text"]
            # one user on both seats plays no one: their record stays as it was
            solo = new_game(c)
            play(c, solo, ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"])
            assert c.get("/api/me").json()["draws"] == 1
    finally:
        srv.stop()


# ------------------------------------------------------------------ the teacher
def test_the_teacher_data_needs_the_password(server: ThreadServer) -> None:
    with server.client() as c:
        assert c.get("/api/teacher/games").status_code == 401
        assert c.get("/api/teacher/attempts").status_code == 401
        csv = c.get("/teacher/attempts.csv")
        assert csv.status_code == 303 and csv.headers["location"] == "/teacher/login"
        assert c.get("/teacher/games.csv").status_code == 303
        assert c.post("/api/teacher/login", json={"password": "guess"}).status_code == 401
        assert c.post("/api/teacher/login", json={"password": 1}).status_code == 400
        assert c.get("/api/teacher/games").status_code == 401
        # a learner's signed-in cookie is no teacher's cookie
        c.post("/api/users", json={"name": "sneaky", "password": "pw1234"})
        c.cookies.set("hive_teacher", c.cookies.get("hive_user") or "")
        assert c.get("/api/teacher/games").status_code == 401


def test_the_teacher_sees_every_game_and_downloads_csv(server: ThreadServer) -> None:
    with server.client() as c:
        game = new_game(c)
        play(c, game, ["wS1", "bS1 wS1-"])
        c.post(f"/api/games/{game['id']}/moves",
               json={"move": "wQ bS1-", "token": game["white"], "ply": 2})
    with teacher(server) as t:
        games = {g["id"]: g for g in t.get("/api/teacher/games").json()["games"]}
        assert games[game["id"]]["ply"] == 2 and games[game["id"]]["attempts"] == 1
        csv = t.get("/teacher/games.csv")
        assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
        row = next(line for line in csv.text.splitlines() if line.startswith(game["id"]))
        assert row.endswith("wS1;bS1 wS1-")
        attempts = t.get("/teacher/attempts.csv").text.splitlines()
        assert attempts[0] == "time,game_id,seat,ply,move,rule,reason,lang,user"
        assert any(f",{game['id']},white,2,wQ bS1-,R3," in line for line in attempts)


# ------------------------------------------------------------------ limits
def test_a_flood_from_one_address_is_slowed_down(tmp_path: Path) -> None:
    # One request a minute after a burst of five: a slow machine cannot refill the bucket
    # between the requests below.
    srv = ThreadServer(data_dir=tmp_path, teacher_password=PASSWORD, rate=1 / 60, burst=5)
    try:
        with srv.client() as c:
            codes = [c.get("/api/games").status_code for _ in range(8)]
            assert codes[:5] == [200] * 5 and set(codes[5:]) == {429}
            refused = c.get("/api/games")
            assert refused.status_code == 429 and 1 <= int(refused.headers["retry-after"]) <= 60
            assert "too many requests" in refused.json()["error"]
    finally:
        srv.stop()


def test_the_server_loads_no_notebook_or_drawing_library(tmp_path: Path) -> None:
    code = (
        "import sys; from pathlib import Path\n"
        "from hive_teach.classroom.server import ClassroomConfig, make_app\n"
        f"app = make_app(ClassroomConfig(data_dir=Path({str(tmp_path)!r}), "
        f"teacher_password={PASSWORD!r}))\n"
        "s = app.state.classroom.service\n"
        "g, _ = s.create('Base+MLP'); s.view(g)\n"
        "bad = [m for m in ('matplotlib', 'IPython', 'ipykernel', 'ipywidgets', "
        "'jupyter_client') if m in sys.modules]\n"
        "print(bad)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": ""}, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


# ------------------------------------------------------------------ the command line
@pytest.mark.parametrize(("args", "message"), [
    (["--db", "mysql://x"], "the classroom stores games in SQLite"),
    (["--port", "70000"], "port 70000 must be from 1 to 65535"),
    (["--rate", "0"], "rate 0.0 must be a number of requests a second above 0"),
    (["--rate", "nan"], "rate nan must be"),
    (["--teacher-password-file", "/no/such/file"], "/no/such/file: no such file"),
])
def test_the_command_refuses_bad_options_in_one_line(
        args: list[str], message: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    from hive_teach.cli import main

    assert main(["classroom", "--data", str(tmp_path), *args]) == 1
    err = capsys.readouterr().err
    assert err.startswith("hive-teach classroom: ") and message in err
    assert err.count("\n") == 1
