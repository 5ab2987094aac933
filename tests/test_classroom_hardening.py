"""The classroom against hostile clients (issue 30): malformed bodies, floods of event streams,
cross-site requests, stolen cookies, password guessing, forged proxy headers, odd digits and
line separators, a busy port. Each test failed before its fix. The fuzz test of the whole API
is in test_classroom_fuzz.py.
"""

from __future__ import annotations

import csv
import io
import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from classroom_support import ThreadServer, new_game, play, serving_on

from hive_teach.classroom.security import MIN_TEACHER_PASSWORD
from hive_teach.classroom.server import CSP, ClassroomConfig, make_app

PASSWORD = "chalk and talk"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[ThreadServer]:
    # Sessions, attempts and users on both back ends (PostgreSQL: HIVE_TEACH_TEST_PG_URL).
    with serving_on(request.param, tmp_path_factory.mktemp("srv"), teacher_password=PASSWORD,
                    rate=10_000, burst=10_000) as srv:
        yield srv


@pytest.fixture
def client(server: ThreadServer) -> Iterator[httpx.Client]:
    with server.client() as c:
        yield c


JSON = {"content-type": "application/json"}


# ------------------------------------------------------------------ malformed bodies
@pytest.mark.parametrize(("body", "says"), [
    (b"[" * 3000, "nests arrays or objects more than 20 deep"),
    (b'{"name": "eve", "password": ' + b"9" * 5000 + b"}", "Exceeds the limit (4300 digits)"),
    (b'{"name": "eve", "password": "\\ud800secret"}', "lone surrogate U+D800"),
    (b'{"name": "eve", "password": NaN}', "NaN is no JSON number"),
    (b'{"name": "eve", "password": "\xff"}', "not UTF-8"),
], ids=["nested", "5000 digits", "lone surrogate", "NaN", "not UTF-8"])
def test_a_malformed_body_is_a_400_naming_the_problem_not_a_500(
        client: httpx.Client, body: bytes, says: str, capfd: pytest.CaptureFixture[str]) -> None:
    answer = client.post("/api/users", content=body, headers=JSON)
    assert answer.status_code == 400, answer.text
    assert says in answer.json()["error"]
    assert "Traceback" not in capfd.readouterr().err
    assert client.post("/api/login", json={"name": "eve", "password": "secret"}
                       ).status_code == 401  # no user was made


# ------------------------------------------------------------------ event streams
def _stream(base: str, path: str, source: str) -> tuple[httpx.Client, httpx.Response]:
    c = httpx.Client(base_url=base, timeout=10,
                     transport=httpx.HTTPTransport(local_address=source))
    response = c.send(c.build_request("GET", path), stream=True)
    return c, response


def test_event_streams_are_capped_per_address_and_in_all(tmp_path: Path) -> None:
    srv = ThreadServer(data_dir=tmp_path, teacher_password=PASSWORD, rate=10_000,
                       burst=10_000, streams_per_client=3, streams=5)
    opened: list[tuple[httpx.Client, httpx.Response]] = []
    try:
        with srv.client() as c:
            game = new_game(c)
        path = f"/api/games/{game['id']}/events"
        for _ in range(3):
            opened.append(_stream(srv.base, path, "127.0.0.1"))
        assert [r.status_code for _, r in opened] == [200, 200, 200]
        c4, fourth = _stream(srv.base, path, "127.0.0.1")
        fourth.read()
        assert fourth.status_code == 429 and "3 event streams open" in fourth.json()["error"]
        assert fourth.headers["retry-after"] == "15"
        c4.close()
        for _ in range(2):  # another address still may, up to the server's 5 in all
            opened.append(_stream(srv.base, path, "127.0.0.2"))
        assert [r.status_code for _, r in opened[3:]] == [200, 200]
        c6, sixth = _stream(srv.base, path, "127.0.0.3")
        sixth.read()
        assert sixth.status_code == 503 and "5 event streams" in sixth.json()["error"]
        c6.close()
        c, first = opened.pop(0)  # a stream that ends gives its place back
        first.close()
        c.close()
        room = srv.app.state.classroom
        for _ in range(100):
            if room.streams["127.0.0.1"] == 2:
                break
            time.sleep(0.05)
        opened.append(_stream(srv.base, path, "127.0.0.1"))
        assert opened[-1][1].status_code == 200
        with srv.client() as c:  # and a move is still answered at once
            play(c, game, ["wS1"])
    finally:
        for c, r in opened:
            r.close()
            c.close()
        srv.stop()


def test_an_event_stream_costs_the_rate_limit_more_than_a_request(tmp_path: Path) -> None:
    srv = ThreadServer(data_dir=tmp_path, teacher_password=PASSWORD, rate=1 / 60, burst=12,
                       stream_cost=5)
    opened = []
    try:
        with srv.client() as c:
            game = new_game(c)  # two requests: 10 tokens left, two streams' worth
        path = f"/api/games/{game['id']}/events"
        for _ in range(3):
            opened.append(_stream(srv.base, path, "127.0.0.1"))
        codes = [r.status_code for _, r in opened]
        assert codes == [200, 200, 429]
        opened[2][1].read()
        assert "too many requests" in opened[2][1].json()["error"]
    finally:
        for c, r in opened:
            r.close()
            c.close()
        srv.stop()


# ------------------------------------------------------------------ CSRF and CSP
def test_a_form_on_another_site_cannot_sign_a_browser_in(client: httpx.Client) -> None:
    assert client.post("/api/users", json={"name": "mallory", "password": "evil secret"}
                       ).status_code == 201
    client.cookies.clear()
    # <form enctype="text/plain"> with a field named '{"name": ..., "x": "' sends this:
    body = b'{"name": "mallory", "password": "evil secret", "x": "="}'
    forged = client.post("/api/login", content=body, headers={
        "content-type": "text/plain", "origin": "http://evil.example"})
    assert forged.status_code == 403 and "own pages" in forged.json()["error"]
    assert "set-cookie" not in forged.headers
    referred = client.post("/api/login", content=body, headers={
        **JSON, "referer": "http://evil.example/page"})
    assert referred.status_code == 403
    sandboxed = client.post("/api/login", content=body, headers={**JSON, "origin": "null"})
    assert sandboxed.status_code == 403
    same_site_form = client.post("/api/login", content=body, headers={
        "content-type": "application/x-www-form-urlencoded",
        "origin": str(client.base_url).rstrip("/")})
    assert same_site_form.status_code == 415
    assert "Content-Type application/x-www-form-urlencoded" in same_site_form.json()["error"]
    assert client.post("/api/login", content=body, headers={"origin": str(client.base_url)
                       .rstrip("/")}).status_code == 415  # a body without a Content-Type
    own_page = client.post("/api/login", content=body, headers={
        **JSON, "origin": str(client.base_url).rstrip("/")})
    assert own_page.status_code == 200 and "set-cookie" in own_page.headers
    # reading stays open to anyone's pages: a link from elsewhere works
    assert client.get("/api/games", headers={"origin": "http://evil.example"}
                      ).status_code == 200


def test_every_answer_has_a_content_security_policy(client: httpx.Client) -> None:
    for path in ("/", "/teacher/login", "/api/games", "/static/classroom.css", "/nope"):
        assert client.get(path).headers["content-security-policy"] == CSP, path
    assert "'unsafe-inline'" not in CSP and "script-src 'self'" in CSP
    page = client.get("/").text
    # no inline script may run under it: every <script> is a file or JSON data
    for tag in re.findall(r"<script[^>]*>", page):
        assert "src=" in tag or 'type="application/json"' in tag, tag
    assert "style=" not in page and "<style" not in page


# ------------------------------------------------------------------ sessions
def test_logout_ends_the_session_on_the_server(server: ThreadServer) -> None:
    with server.client() as c:
        assert c.post("/api/users", json={"name": "copycat", "password": "s3cret!"}
                      ).status_code == 201
        copied = c.cookies.get("hive_user")
        assert c.post("/api/teacher/login", json={"password": PASSWORD}).status_code == 200
        teacher_copy = c.cookies.get("hive_teacher")
        assert c.post("/api/logout").status_code == 200
    with server.client() as thief:
        thief.cookies.set("hive_user", copied or "")
        assert thief.get("/api/me").status_code == 401
        thief.cookies.set("hive_teacher", teacher_copy or "")
        assert thief.get("/api/teacher/games").status_code == 401


def test_a_password_change_ends_every_other_session(server: ThreadServer) -> None:
    one, two = server.client(), server.client()
    try:
        assert one.post("/api/users", json={"name": "grace", "password": "first one"}
                        ).status_code == 201
        assert two.post("/api/login", json={"name": "grace", "password": "first one"}
                        ).status_code == 200
        wrong = one.post("/api/password", json={"password": "not it", "new_password": "x2345"})
        assert wrong.status_code == 401 and two.get("/api/me").status_code == 200
        changed = one.post("/api/password", json={"password": "first one",
                                                  "new_password": "second one"})
        assert changed.status_code == 200, changed.text
        assert two.get("/api/me").status_code == 401  # the other browser is signed out
        assert one.get("/api/me").json()["name"] == "grace"  # this one got a new session
        assert one.post("/api/login", json={"name": "grace", "password": "first one"}
                        ).status_code == 401
        assert one.post("/api/login", json={"name": "grace", "password": "second one"}
                        ).status_code == 200
    finally:
        one.close()
        two.close()


def test_a_new_teacher_password_ends_the_teacher_s_sessions(tmp_path: Path) -> None:
    first = ThreadServer(data_dir=tmp_path, teacher_password=PASSWORD)
    try:
        with first.client() as c:
            assert c.post("/api/teacher/login", json={"password": PASSWORD}).status_code == 200
            cookie = c.cookies.get("hive_teacher")
            assert c.get("/api/teacher/games").status_code == 200
    finally:
        first.stop()
    again = ThreadServer(data_dir=tmp_path, teacher_password="a brand new password")
    try:
        with again.client() as c:
            c.cookies.set("hive_teacher", cookie or "")
            assert c.get("/api/teacher/games").status_code == 401
    finally:
        again.stop()


@pytest.mark.slow
def test_wrong_passwords_back_off_per_name_and_per_address(tmp_path: Path) -> None:
    srv = ThreadServer(data_dir=tmp_path, teacher_password=PASSWORD, rate=10_000, burst=10_000)
    other = httpx.Client(base_url=srv.base, timeout=10,
                         transport=httpx.HTTPTransport(local_address="127.0.0.2"))
    try:
        with srv.client() as c:
            assert c.post("/api/users", json={"name": "ada", "password": "right one"}
                          ).status_code == 201
            codes = [c.post("/api/login", json={"name": "ada", "password": f"guess {i}"}
                            ).status_code for i in range(6)]
            assert codes == [401] * 6
            # The sixth wrong one costs a second's wait (the checks below take far less).
            blocked = c.post("/api/login", json={"name": "ada", "password": "right one"})
            assert blocked.status_code == 429  # even the right password waits its turn
            assert "too many wrong passwords for 'ada'" in blocked.json()["error"]
            assert blocked.headers["retry-after"] == "1"
            # ada's name waits from any address; another name from another address does not
            assert other.post("/api/login", json={"name": "ada", "password": "right one"}
                              ).status_code == 429
            assert other.post("/api/login", json={"name": "bob", "password": "guess"}
                              ).status_code == 401
            # Other names from this address: twenty wrong passwords in all are free.
            codes = [c.post("/api/login", json={"name": f"user{i}", "password": "guess"}
                            ).status_code for i in range(15)]
            assert codes == [401] * 15
            assert c.post("/api/login", json={"name": "bob", "password": "guess"}
                          ).status_code == 429
            assert c.post("/api/teacher/login", json={"password": PASSWORD}).status_code == 429
            assert other.post("/api/teacher/login", json={"password": PASSWORD}
                              ).status_code == 200
    finally:
        other.close()
        srv.stop()


@pytest.mark.parametrize("password", ["x", "123456789"])
def test_a_short_teacher_password_is_refused_naming_the_file(tmp_path: Path,
                                                             password: str) -> None:
    path = tmp_path / "pw.txt"
    path.write_text(password + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=rf"{path}: the teacher's password has "
                                         rf"{len(password)} characters?; it needs at least "
                                         rf"{MIN_TEACHER_PASSWORD}"):
        make_app(ClassroomConfig(data_dir=tmp_path / "data", teacher_password_file=path))
    assert not (tmp_path / "data").exists()  # refused before anything was made


# ------------------------------------------------------------------ proxies
def test_forwarded_for_counts_only_from_the_named_proxy(tmp_path: Path) -> None:
    srv = ThreadServer(data_dir=tmp_path, teacher_password=PASSWORD, rate=1 / 60, burst=3)
    try:
        with srv.client() as c:  # no proxy named: a rotating header escapes nothing
            codes = [c.get("/api/games", headers={"x-forwarded-for": f"10.0.0.{i}"}
                           ).status_code for i in range(5)]
            assert codes == [200, 200, 200, 429, 429]
    finally:
        srv.stop()
    srv = ThreadServer(data_dir=tmp_path, teacher_password=PASSWORD, rate=1 / 60, burst=3,
                       proxy="127.0.0.1")
    try:
        with srv.client() as c:  # behind the proxy: a bucket per real client
            for learner in ("10.0.0.1", "10.0.0.2"):
                codes = [c.get("/api/games", headers={"x-forwarded-for": f"6.6.6.6, {learner}"}
                               ).status_code for _ in range(4)]
                assert codes == [200, 200, 200, 429], learner
            made = c.post("/api/games", json={"game_type": "Base"}, headers={
                "x-forwarded-for": "10.0.0.3", "x-forwarded-proto": "https"})
            assert made.json()["join_url"].startswith("https://")
    finally:
        srv.stop()


def test_a_proxy_must_be_an_address(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="proxy 'my-proxy' must be the proxy's IP address"):
        make_app(ClassroomConfig(data_dir=tmp_path, teacher_password=PASSWORD,
                                 proxy="my-proxy"))


# ------------------------------------------------------------------ smaller ones
def test_cells_and_plies_take_ascii_digits_only(client: httpx.Client) -> None:
    game = new_game(client)
    for to in ("\u0660,\u0660", "0,\uff10", "1_0,0"):
        answer = client.post(f"/api/games/{game['id']}/moves", json={
            "piece": "wQ", "to": to, "token": game["white"], "ply": 0})
        assert answer.status_code == 400, to
        assert answer.json()["rule"] is None and "ASCII digits" in answer.json()["error"]
    assert client.get(f"/api/games/{game['id']}/view?ply=\u0660").status_code == 400
    assert client.get(f"/api/games/{game['id']}/view?ply=0").status_code == 200
    assert client.get("/api/teacher/games").status_code == 401  # nothing else changed
    assert client.get(f"/api/games/{game['id']}").json()["ply"] == 0


def test_csv_cells_with_line_separators_are_quoted(server: ThreadServer) -> None:
    with server.client() as c:
        game = new_game(c)
        play(c, game, ["wS1", "bS1 wS1-"])
        answer = c.post(f"/api/games/{game['id']}/moves", json={
            "move": "wQ\u2028bS1-", "token": game["white"], "ply": 2})
        assert answer.status_code == 422, answer.text
        assert c.post("/api/teacher/login", json={"password": PASSWORD}).status_code == 200
        text = c.get("/teacher/attempts.csv").text
    assert '"wQ\u2028bS1-"' in text
    # what a reader that breaks lines at U+2028 sees: no row is cut in two
    rows = [line for line in text.splitlines() if game["id"] in line]
    assert rows and all(line.count('"') % 2 == 1 for line in rows)
    parsed = list(csv.reader(io.StringIO(text, newline="")))
    assert any(row[4] == "wQ\u2028bS1-" for row in parsed[1:])


def test_a_busy_port_is_said_plainly_without_the_banner(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from hive_teach.cli import main

    password = tmp_path / "pw.txt"
    password.write_text(PASSWORD + "\n", encoding="utf-8")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code = main(["classroom", "--host", "127.0.0.1", "--port", str(port), "--data",
                     str(tmp_path / "data"), "--teacher-password-file", str(password)])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert err.startswith(f"hive-teach classroom: port {port} is in use; try --port ")
    assert err.count("\n") == 1
    suggested = int(err.split("--port ")[1])
    with socket.socket() as s:  # the port it suggests is free
        s.bind(("127.0.0.1", suggested))
