"""A fuzz test of the classroom API (Hypothesis): random methods, paths, headers and bodies
against a real server on loopback (uvicorn in a thread), bounded in count (300 requests) and
time (about 10 s). Whatever arrives, the answer is never a 500 and nothing is logged as a
server error.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from classroom_support import ThreadServer, new_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PASSWORD = "chalk and talk"


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory
               ) -> Iterator[tuple[httpx.Client, dict[str, Any]]]:
    server = ThreadServer(data_dir=tmp_path_factory.mktemp("fuzz"), teacher_password=PASSWORD,
                          rate=1e9, burst=10**9)
    try:
        with server.client() as client:
            yield client, {**new_game(client, "Base+MLP"), "base": server.base}
    finally:
        server.stop()


segment = st.one_of(st.sampled_from(["x", "..", "%2e%2e", "%00", "u_MllTTc", "-1", "🐝"]),
                    st.text(st.characters(codec="utf-8", exclude_characters="/?#"),
                            max_size=12))
TEMPLATES = ["/api/games", "/api/games/{id}", "/api/games/{id}/join", "/api/games/{id}/moves",
             "/api/games/{id}/view", "/api/users", "/api/login", "/api/logout", "/api/me",
             "/api/password", "/api/teacher/login", "/api/teacher/games",
             "/api/teacher/attempts", "/teacher/games.csv", "/teacher/attempts.csv", "/",
             "/play/{id}", "/teacher", "/teacher/games/{id}", "/static/{id}", "/{id}",
             "/api/games/{other}/events"]

json_value = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=12)
field_value = st.one_of(json_value, st.sampled_from(["wS1", "wQ", "0,0", "\u0660,\u0660",
                                                     "\ud800", "en", "xx", "Base+MLP"]))
api_body = st.fixed_dictionaries({}, optional={
    key: field_value for key in ("move", "piece", "to", "token", "ply", "lang", "game_type",
                                 "tournament", "name", "password", "new_password")})


@st.composite
def requests(draw: st.DrawFn, game: dict[str, Any]) -> dict[str, Any]:
    template = draw(st.sampled_from(TEMPLATES))
    ident = draw(st.one_of(st.just(game["id"]), segment.map(lambda s: quote(s, safe="%"))))
    other = quote(draw(segment), safe="%")
    path = template.replace("{id}", ident).replace("{other}", other)
    query = draw(st.sampled_from(["", "?lang=de", "?ply=1", "?ply=\u0663", "?state=live",
                                  "?state=x&lang=%ff", "?ply=99999999999999999999"]))
    method = draw(st.sampled_from(["GET", "POST", "POST", "POST", "PUT", "DELETE", "HEAD"]))
    kind = draw(st.sampled_from(["application/json", "application/json; charset=utf-8",
                                 "text/plain", "application/x-www-form-urlencoded", None]))
    headers = {"content-type": kind} if kind else {}
    origin = draw(st.sampled_from([None, game["base"], "http://evil.example", "null"]))
    if origin:
        headers["origin"] = origin
    headers.update(draw(st.dictionaries(
        st.sampled_from(["x-forwarded-for", "x-forwarded-proto", "accept-language", "cookie",
                         "referer", "content-length", "x-forwarded-host"]),
        st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=30).map(str.strip),
        max_size=3)))
    token = draw(st.sampled_from([game["white"], game["black"], "nope"]))
    body = draw(st.one_of(
        api_body.map(lambda b: json.dumps({**b, "token": b.get("token", token)},
                                          ensure_ascii=True).encode()),
        st.binary(max_size=200),
        st.sampled_from([b"[" * 3000, b'{"ply": ' + b"9" * 5000 + b"}", b"NaN", b"",
                         b'{"password": "\\udfff"}', b"\xff\xfe"])))
    return {"method": method, "url": path + query, "headers": headers, "content": body}


@pytest.mark.slow
def test_no_request_gets_a_500(app_client: tuple[httpx.Client, dict[str, Any]],
                               capfd: pytest.CaptureFixture[str]) -> None:
    client, game = app_client
    seen: Counter[int] = Counter()

    @settings(max_examples=300, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(requests(game))
    def one(request: dict[str, Any]) -> None:
        request["headers"].pop("content-length", None)  # httpx sends the true one
        answer = client.request(**request)
        seen[answer.status_code] += 1
        assert answer.status_code < 500, (request, answer.status_code, answer.text[:300])

    one()
    assert "hive-teach classroom:" not in capfd.readouterr().err  # no server error logged
    # The requests got past the guards too, not only refused at the door.
    assert seen[200] > 0 and seen[400] > 0 and seen[404] > 0, seen
