"""The classroom's web server: a Starlette app (JSON API, server-sent events, static files, the
pages of :mod:`hive_teach.classroom.pages`) served by uvicorn.

:func:`make_app` builds the app from a :class:`ClassroomConfig`; :func:`serve` is what
``hive-teach classroom`` runs. Nothing here runs code a request sends: there is no kernel, no
terminal, no eval; a request can only play Hive through :class:`~.service.GameService`.

Every request passes a token bucket per client address (429 with ``Retry-After`` when it is
empty; the client behind ``--proxy`` when it comes through that proxy); a state-changing
request must come from the classroom's own pages (``Origin``/``Referer``) and carry JSON
(``Content-Type: application/json``); request bodies are read up to ``max_body`` bytes (413
beyond) and must be plain JSON (400 otherwise). Event streams are capped per address and in
all. Learners' and the teacher's sessions are random tokens in HttpOnly, SameSite=Lax cookies,
kept in the database, so that a logout or a password change ends them; wrong passwords back
off per name and per address. Every answer carries a Content-Security-Policy.

>>> import tempfile
>>> app = make_app(ClassroomConfig(data_dir=Path(tempfile.mkdtemp()),
...                                teacher_password="a long password"))
>>> [route.path for route in app.routes][:4]
['/api/games', '/api/games', '/api/games/{id}', '/api/games/{id}/join']
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import math
import os
import re
import socket
import sys
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import (
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from hive_teach.classroom.pages import not_found_page, page_routes
from hive_teach.classroom.security import (
    SESSION_AGE,
    LoginThrottle,
    RateLimiter,
    check_password,
    check_teacher_password,
    new_token,
)
from hive_teach.classroom.service import MAX_PLIES, GameService, ServiceError, as_mapping
from hive_teach.classroom.store import open_engine

USER_COOKIE = "hive_user"
TEACHER_COOKIE = "hive_teacher"
PASSWORD_FILE = "teacher-password.txt"
STATIC = Path(__file__).with_name("static")


def default_data_dir() -> Path:
    """``~/hive-teach-classroom``: in the user's home, so no admin rights are needed."""
    return Path.home() / "hive-teach-classroom"


@dataclass
class ClassroomConfig:
    """How the classroom runs. ``db_url`` None means SQLite in ``data_dir``;
    ``teacher_password`` None means the one in ``teacher_password_file``, or else the one kept
    in ``data_dir/teacher-password.txt`` (made on the first start, mode 0600); it needs
    :data:`~.security.MIN_TEACHER_PASSWORD` characters. ``rate`` and ``burst`` size each
    address's token bucket (an event stream takes ``stream_cost`` tokens); ``keepalive`` is
    the seconds between the event stream's keep-alive comments. ``streams_per_client`` and
    ``streams`` cap the open event streams of one address and of the server (429, 503
    beyond). ``proxy`` is the address of the one reverse proxy whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` are believed (None: nobody's)."""

    data_dir: Path = field(default_factory=default_data_dir)
    db_url: str | None = None
    host: str = "0.0.0.0"  # learners reach it over the school network
    port: int = 8018
    teacher_password_file: Path | None = None
    teacher_password: str | None = None
    rate: float = 20.0
    burst: int = 60
    max_body: int = 8 * 1024
    max_plies: int = MAX_PLIES
    keepalive: float = 15.0
    lessons_url: str | None = None
    secure_cookies: bool = False  # True behind HTTPS: cookies then never travel in clear text
    proxy: str | None = None
    streams_per_client: int = 8  # a learner's game page and a few tabs
    streams: int = 400  # a school's classes at once
    stream_cost: float = 5.0

    def database_url(self) -> str:
        return self.db_url or f"sqlite:///{self.data_dir / 'classroom.sqlite3'}"

    def password_path(self) -> Path:
        return self.teacher_password_file or self.data_dir / PASSWORD_FILE


def teacher_password(config: ClassroomConfig) -> str:
    """The teacher's password: given, read from the file, or made once and kept (0600)."""
    if config.teacher_password is not None:
        return check_teacher_password(config.teacher_password, "teacher_password")
    path = config.password_path()
    if config.teacher_password_file is None and not path.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass  # made by another start a moment ago: read that one
        else:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(new_token()[:16] + "\n")
    try:
        password = path.read_text(encoding="utf-8").strip()
    except OSError as e:
        raise ValueError(f"teacher password file {path}: {e.strerror}") from None
    if not password:
        raise ValueError(f"teacher password file {path} is empty: write the password in it")
    return check_teacher_password(password, f"teacher password file {path}")


class Classroom:
    """What the routes share: the config, the game service, the limiter, the login throttle,
    the per-game locks, the event notifier and the open streams.
    :mod:`~hive_teach.classroom.pages` gets it too (``classroom.is_teacher(request)``)."""

    def __init__(self, config: ClassroomConfig) -> None:
        self.config = config
        password = teacher_password(config)  # a bad one is refused before any folder is made
        if config.proxy is not None:
            try:
                config.proxy = str(ipaddress.ip_address(config.proxy))
            except ValueError:
                raise ValueError(f"proxy {config.proxy!r} must be the proxy's IP address, "
                                 "e.g. 127.0.0.1") from None
        if config.db_url is None:  # only the teacher's account may read the games and users
            config.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.service = GameService(open_engine(config.database_url()),
                                   max_plies=config.max_plies)
        self.teacher_hash = self.service.teacher_hash(password)
        self.limiter = RateLimiter(rate=config.rate, burst=config.burst)
        # Five wrong passwords for a name, twenty from an address (a class behind one router
        # mistypes too), then the backoff doubles with each wrong one.
        self.names = LoginThrottle(free=5)
        self.addresses = LoginThrottle(free=20)
        self.locks: dict[str, asyncio.Lock] = {}
        self.events: dict[str, asyncio.Event] = {}
        self.stamping: dict[str, asyncio.Future[tuple[int, bool, str]]] = {}
        self.streams: Counter[str] = Counter()
        self.closing = asyncio.Event()

    def user(self, request: Request) -> str | None:
        """The signed-in learner's name, or None (a database read: call it in a thread)."""
        return self.service.session("user", request.cookies.get(USER_COOKIE))

    def is_teacher(self, request: Request) -> bool:
        """Whether the request carries a live teacher's session (a database read)."""
        return self.service.session("teacher", request.cookies.get(TEACHER_COOKIE)) is not None

    def set_cookie(self, response: Response, name: str, kind: str, value: str) -> None:
        """Start a session of ``kind`` for ``value`` and give its token as cookie ``name``."""
        response.set_cookie(name, self.service.new_session(kind, value), max_age=SESSION_AGE,
                            httponly=True, samesite="lax", secure=self.config.secure_cookies)

    def lock(self, game_id: str) -> asyncio.Lock:
        if len(self.locks) > 10_000:  # forget idle locks of old games
            self.locks = {k: v for k, v in self.locks.items() if v.locked()}
        return self.locks.setdefault(game_id, asyncio.Lock())

    def notify(self, game_id: str) -> None:
        """Wake every event stream of ``game_id`` (they read the game afresh)."""
        self.stamping.pop(game_id, None)
        event = self.events.pop(game_id, None)
        if event is not None:
            event.set()

    def waiter(self, game_id: str) -> asyncio.Event:
        return self.events.setdefault(game_id, asyncio.Event())

    async def stamp(self, game_id: str) -> tuple[int, bool, str]:
        """The game's stamp (:meth:`~.service.GameService.stamp`), read once for every stream
        that asks while a read is under way: a move wakes hundreds of watchers, not hundreds
        of database reads."""
        future = self.stamping.get(game_id)
        if future is None:
            future = asyncio.ensure_future(run_in_threadpool(self.service.stamp, game_id))
            self.stamping[game_id] = future

            def done(f: asyncio.Future[tuple[int, bool, str]], game_id: str = game_id) -> None:
                if self.stamping.get(game_id) is f:
                    del self.stamping[game_id]
            future.add_done_callback(done)
        return await asyncio.shield(future)


# ---------------------------------------------------------------------- request helpers
MAX_DEPTH = 20
"""How deeply a request body's arrays and objects may nest (the API's bodies nest once)."""
_SURROGATE = re.compile("[\ud800-\udfff]")


def _constant(name: str) -> Any:
    raise ServiceError(400, f"the request body is not plain JSON: {name} is no JSON number")


def _check_json(value: Any) -> None:
    """400 for text with a lone surrogate (UTF-8 cannot hold it; nothing may store it)."""
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            todo += item.keys()
            todo += item.values()
        elif isinstance(item, list):
            todo += item
        elif isinstance(item, str) and _SURROGATE.search(item):
            where = _SURROGATE.search(item)
            assert where is not None
            raise ServiceError(400, f"the request body's text {item[:20]!r} holds a lone "
                                    f"surrogate U+{ord(where.group()):04X}, which is no Unicode "
                                    "character")


def parse_json(body: bytes) -> Any:
    """A request body as JSON: every way it can be wrong is a 400 naming the problem.

    >>> parse_json(b'{"ply": 3}')
    {'ply': 3}
    >>> parse_json(b"[" * 3000)
    Traceback (most recent call last):
    ...
    hive_teach.classroom.service.ServiceError: 400 the request body nests arrays or objects \
more than 20 deep
    >>> parse_json(b'{"password": "\\\\ud800"}')
    Traceback (most recent call last):
    ...
    hive_teach.classroom.service.ServiceError: 400 the request body's text '\ud800' holds a \
lone surrogate U+D800, which is no Unicode character
    """
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ServiceError(400, f"the request body is not UTF-8: {e}") from None
    depth = deepest = 0
    for ch in re.findall(r'[\[\]{}]|"(?:[^"\\]|\\.)*"', text):  # strings skipped whole
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                raise ServiceError(400, "the request body nests arrays or objects more than "
                                        f"{MAX_DEPTH} deep")
        elif ch in "]}":
            depth -= 1
    try:
        value = json.loads(text, parse_constant=_constant)
    except ValueError as e:  # not JSON, or an integer of more than 4300 digits
        raise ServiceError(400, f"the request body is not JSON: {e}") from None
    _check_json(value)
    return value


async def read_json(request: Request, limit: int, *, required: bool = True) -> Any:
    """The request's JSON body, read up to ``limit`` bytes (413 beyond, 400 if not JSON)."""
    length = request.headers.get("content-length")
    if length is not None and (not (length.isascii() and length.isdigit())
                               or int(length) > limit):
        raise ServiceError(413, f"the request body is larger than {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise ServiceError(413, f"the request body is larger than {limit} bytes")
    if not body and not required:
        return {}
    return parse_json(bytes(body))


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status)


Handler = Callable[[Request], Awaitable[Response]]


def api(handler: Callable[[Request, Classroom], Awaitable[Response]],
        classroom: Classroom) -> Handler:
    """A route handler whose :class:`ServiceError` becomes its JSON answer."""
    async def run(request: Request) -> Response:
        try:
            return await handler(request, classroom)
        except ServiceError as e:
            return JSONResponse(e.body, status_code=e.status, headers=e.headers)
    return run


def _query_ply(request: Request) -> int | None:
    raw = request.query_params.get("ply")
    if raw is None or raw == "":
        return None
    if not re.fullmatch(r"[0-9]{1,6}", raw):  # int() also reads "٣" and "1_0"
        raise ServiceError(400, f"ply {raw[:20]!r} must be a whole number in ASCII digits")
    return int(raw)


# ---------------------------------------------------------------------- the API
async def create_game(request: Request, room: Classroom) -> Response:
    body = as_mapping(await read_json(request, room.config.max_body))
    user = await run_in_threadpool(room.user, request)
    game_id, token = await run_in_threadpool(
        room.service.create, body.get("game_type"), tournament=body.get("tournament", False),
        lang=body.get("lang", "en"), user=user)
    join_url = f"{str(request.base_url).rstrip('/')}/play/{game_id}"
    return _json({"id": game_id, "seat": "white", "token": token, "join_url": join_url}, 201)


async def join_game(request: Request, room: Classroom) -> Response:
    await read_json(request, room.config.max_body, required=False)
    game_id = request.path_params["id"]
    user = await run_in_threadpool(room.user, request)
    seat, token = await run_in_threadpool(room.service.join, game_id, user=user)
    if token is None:
        return _json({"seat": seat})
    room.notify(game_id)  # the seat list changed
    return _json({"seat": seat, "token": token})


async def post_move(request: Request, room: Classroom) -> Response:
    body = as_mapping(await read_json(request, room.config.max_body))
    game_id = request.path_params["id"]
    user = await run_in_threadpool(room.user, request)
    # The lock keeps one process's submissions for a game in line; the conditional UPDATE in
    # the service is what makes exactly one of them win, across processes too.
    async with room.lock(game_id):
        result = await run_in_threadpool(
            room.service.move, game_id, token=body.get("token"), ply=body.get("ply"),
            move=body.get("move"), piece=body.get("piece"), to=body.get("to"),
            lang=body.get("lang", "en"), user=user)
    room.notify(game_id)
    return _json(result)


async def get_game(request: Request, room: Classroom) -> Response:
    return _json(await run_in_threadpool(room.service.game, request.path_params["id"]))


async def get_view(request: Request, room: Classroom) -> Response:
    return _json(await run_in_threadpool(
        room.service.view, request.path_params["id"],
        lang=request.query_params.get("lang", "en"), ply=_query_ply(request)))


async def list_games(request: Request, room: Classroom) -> Response:
    state = request.query_params.get("state", "all")
    return _json({"games": await run_in_threadpool(room.service.games, state)})


class _Stream(StreamingResponse):
    """An event stream that gives its place back (``release``) however it ends."""

    def __init__(self, content: AsyncIterator[str], release: Callable[[], None],
                 **kwargs: Any) -> None:
        super().__init__(content, **kwargs)
        self.release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.release()


async def events(request: Request, room: Classroom) -> Response:
    game_id = request.path_params["id"]
    await run_in_threadpool(room.service.stamp, game_id)  # 404 before the stream starts
    client = request.client.host if request.client else "?"
    config = room.config
    if room.streams[client] >= config.streams_per_client:
        raise ServiceError(429, f"this address has {config.streams_per_client} event streams "
                                "open already: close a game page first", headers={
                                    "Retry-After": "15"})
    if room.streams.total() >= config.streams:
        raise ServiceError(503, f"the classroom serves {config.streams} event streams already: "
                                "try again in a minute", headers={"Retry-After": "60"})
    room.streams[client] += 1

    def release() -> None:
        room.streams[client] -= 1
        if room.streams[client] <= 0:
            del room.streams[client]

    async def stream() -> AsyncIterator[str]:
        yield "retry: 3000\n\n"
        seen = None
        while not room.closing.is_set():
            # Take the waiter before reading the game, so that a move in between still wakes
            # this stream; reading the database also catches moves taken by another server
            # process on the same database (at the next keep-alive at the latest).
            waiter = room.waiter(game_id)
            stamp = await room.stamp(game_id)
            if stamp != seen:
                seen = stamp
                yield f"event: update\ndata: {json.dumps({'ply': stamp[0]})}\n\n"
                continue
            try:
                await asyncio.wait_for(waiter.wait(), room.config.keepalive)
            except TimeoutError:
                yield ": keep-alive\n\n"

    return _Stream(stream(), release, media_type="text/event-stream",
                   headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


async def add_user(request: Request, room: Classroom) -> Response:
    body = as_mapping(await read_json(request, room.config.max_body))
    name = await run_in_threadpool(room.service.add_user, body.get("name"), body.get("password"))
    response = _json(await run_in_threadpool(room.service.record, name), 201)
    await run_in_threadpool(room.set_cookie, response, USER_COOKIE, "user", name)
    return response


async def _checked(request: Request, room: Classroom, name: str,
                   check: Callable[[], Awaitable[Any]]) -> Any:
    """Run the password ``check`` for ``name`` unless wrong passwords for that name or from
    this address wait out their backoff (429 + ``Retry-After``); a wrong one counts."""
    address = request.client.host if request.client else "?"
    wait = max(room.names.wait(name), room.addresses.wait(address))
    if wait > 0:
        raise ServiceError(429, f"too many wrong passwords for {name!r} or from this address: "
                                f"wait {math.ceil(wait)} s", headers={
                                    "Retry-After": str(math.ceil(wait))})
    try:
        result = await check()
    except ServiceError as e:
        if e.status == 401:
            room.names.failed(name)
            room.addresses.failed(address)
        raise
    room.names.succeeded(name)
    return result


async def login(request: Request, room: Classroom) -> Response:
    body = as_mapping(await read_json(request, room.config.max_body))
    name_given, password = body.get("name"), body.get("password")
    name = await _checked(request, room, str(name_given).strip()[:40], lambda: run_in_threadpool(
        room.service.login, name_given, password))
    response = _json(await run_in_threadpool(room.service.record, name))
    await run_in_threadpool(room.set_cookie, response, USER_COOKIE, "user", name)
    return response


async def change_password(request: Request, room: Classroom) -> Response:
    body = as_mapping(await read_json(request, room.config.max_body))
    name = await run_in_threadpool(room.user, request)
    if name is None:
        return _json({"error": "not signed in: sign in before changing the password"}, 401)
    await _checked(request, room, name, lambda: run_in_threadpool(
        room.service.change_password, name, body.get("password"), body.get("new_password")))
    response = _json({"ok": True, "ended": "every other session of this user"})
    await run_in_threadpool(room.set_cookie, response, USER_COOKIE, "user", name)
    return response


async def logout(request: Request, room: Classroom) -> Response:
    for cookie in (USER_COOKIE, TEACHER_COOKIE):
        await run_in_threadpool(room.service.end_session, request.cookies.get(cookie))
    response = _json({"ok": True})
    response.delete_cookie(USER_COOKIE)
    response.delete_cookie(TEACHER_COOKIE)
    return response


async def me(request: Request, room: Classroom) -> Response:
    name = await run_in_threadpool(room.user, request)
    if name is None:
        return _json({"error": "not signed in"}, 401)
    return _json(await run_in_threadpool(room.service.record, name))


async def teacher_login(request: Request, room: Classroom) -> Response:
    body = as_mapping(await read_json(request, room.config.max_body))
    password = body.get("password")
    if not isinstance(password, str):
        raise ServiceError(400, "password must be text")

    async def check() -> None:
        if not await run_in_threadpool(check_password, password, room.teacher_hash):
            raise ServiceError(401, "the teacher's password is wrong")

    await _checked(request, room, "teacher", check)
    response = _json({"ok": True})
    await run_in_threadpool(room.set_cookie, response, TEACHER_COOKIE, "teacher", "teacher")
    return response


async def _teacher_only(request: Request, room: Classroom) -> None:
    if not await run_in_threadpool(room.is_teacher, request):
        raise ServiceError(401, "this is the teacher's: sign in at /teacher/login")


async def teacher_games(request: Request, room: Classroom) -> Response:
    await _teacher_only(request, room)
    return _json({"games": await run_in_threadpool(room.service.teacher_games)})


async def teacher_attempts(request: Request, room: Classroom) -> Response:
    await _teacher_only(request, room)
    return _json(await run_in_threadpool(room.service.attempts_by_rule,
                                          request.query_params.get("lang", "en")))


def _csv_route(name: str, make: Callable[[GameService], str]) -> Callable[..., Awaitable[Response]]:
    async def download(request: Request, room: Classroom) -> Response:
        if not await run_in_threadpool(room.is_teacher, request):
            return RedirectResponse("/teacher/login", status_code=303)
        text = await run_in_threadpool(make, room.service)
        return PlainTextResponse(text, media_type="text/csv; charset=utf-8", headers={
            "Content-Disposition": f'attachment; filename="{name}"'})
    return download


def api_routes(room: Classroom) -> list[BaseRoute]:
    """The JSON API, the event stream and the teacher's CSV downloads."""
    def r(path: str, handler: Callable[[Request, Classroom], Awaitable[Response]],
          method: str = "GET") -> Route:
        return Route(path, api(handler, room), methods=[method])

    return [
        r("/api/games", create_game, "POST"),
        r("/api/games", list_games),
        r("/api/games/{id}", get_game),
        r("/api/games/{id}/join", join_game, "POST"),
        r("/api/games/{id}/moves", post_move, "POST"),
        r("/api/games/{id}/view", get_view),
        r("/api/games/{id}/events", events),
        r("/api/users", add_user, "POST"),
        r("/api/login", login, "POST"),
        r("/api/logout", logout, "POST"),
        r("/api/password", change_password, "POST"),
        r("/api/me", me),
        r("/api/teacher/login", teacher_login, "POST"),
        r("/api/teacher/games", teacher_games),
        r("/api/teacher/attempts", teacher_attempts),
        r("/teacher/attempts.csv", _csv_route("attempts.csv", GameService.attempts_csv)),
        r("/teacher/games.csv", _csv_route("games.csv", GameService.games_csv)),
    ]


# ---------------------------------------------------------------------- middleware
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
"""The pages' Content-Security-Policy: everything from the classroom itself, no inline script
or style (the words' ``<script type="application/json">`` is data, which no policy runs)."""
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def forwarded_client(scope: Scope, proxy: str | None) -> tuple[str, str]:
    """The request's real client address and scheme: the proxy's ``X-Forwarded-For`` (its
    last address, the one the proxy saw) and ``X-Forwarded-Proto`` only when the request comes
    from ``proxy``; anyone else's such headers are ignored.

    >>> scope = {"client": ("127.0.0.1", 5000), "scheme": "http",
    ...          "headers": [(b"x-forwarded-for", b"6.6.6.6, 10.0.0.7")]}
    >>> forwarded_client(scope, None), forwarded_client(scope, "127.0.0.1")
    (('127.0.0.1', 'http'), ('10.0.0.7', 'http'))
    >>> forwarded_client({**scope, "client": ("10.0.0.9", 1)}, "127.0.0.1")
    ('10.0.0.9', 'http')
    """
    client = scope.get("client")
    address = client[0] if client else "?"
    scheme = str(scope.get("scheme", "http"))
    if proxy is None or address != proxy:
        return address, scheme
    forwarded = (_header(scope, b"x-forwarded-for") or "").split(",")[-1].strip()
    try:
        address = str(ipaddress.ip_address(forwarded))
    except ValueError:
        pass  # no address (or garbage): the proxy itself is the client
    proto = (_header(scope, b"x-forwarded-proto") or "").strip().lower()
    return address, proto if proto in ("http", "https") else scheme


def cross_site(scope: Scope, host: str | None = None) -> str | None:
    """Why a state-changing request is refused, or None: it must come from a page of this
    server (``Origin``, else ``Referer``, naming the ``Host`` it was sent to; curl and other
    programs send neither) and carry JSON (``Content-Type: application/json``; an empty body
    may carry none), which no form of another site can send without the browser asking first.
    ``host`` is the address the browser used, if not the ``Host`` header (behind a proxy).

    >>> form = {"method": "POST", "headers": [(b"host", b"10.0.0.2:8018"),
    ...         (b"origin", b"http://evil.example"), (b"content-type", b"text/plain")]}
    >>> print(cross_site(form))
    POST from http://evil.example: only the classroom's own pages may change anything
    >>> cross_site({**form, "headers": [(b"host", b"10.0.0.2:8018"),
    ...            (b"origin", b"http://10.0.0.2:8018"), (b"content-length", b"2"),
    ...            (b"content-type", b"application/json; charset=utf-8")]}) is None
    True
    """
    if scope.get("method", "GET") in SAFE_METHODS:
        return None
    host = (host or _header(scope, b"host") or "").lower()
    origin = _header(scope, b"origin")
    source = origin if origin is not None else _header(scope, b"referer")
    if source is not None and (source == "null" or urlsplit(source).netloc.lower() != host):
        return (f"{scope.get('method')} from {source[:80]}: only the classroom's own pages may "
                "change anything")
    kind = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
    has_body = _header(scope, b"content-length") not in (None, "0") or (
        _header(scope, b"transfer-encoding") is not None)
    if kind != "application/json" and (kind or has_body):
        return (f"Content-Type {kind or 'none'}: a request that changes something must send "
                "JSON, with Content-Type: application/json")
    return None


class Guard:
    """Around the whole app: the real client behind ``--proxy``, the rate limit per client
    (429 + ``Retry-After``; an event stream costs ``stream_cost`` requests), the same-origin
    and JSON-only rule for state-changing requests (403, 415), and headers that keep pages
    from being framed, sniffed or running anything but the classroom's own scripts."""

    def __init__(self, app: ASGIApp, room: Classroom) -> None:
        self.app = app
        self.room = room

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        config = self.room.config
        address, scheme = forwarded_client(scope, config.proxy)
        client = scope.get("client")
        via_proxy = config.proxy is not None and client is not None and client[0] == config.proxy
        host = _header(scope, b"x-forwarded-host") if via_proxy else None
        scope = {**scope, "client": (address, client[1] if client else 0), "scheme": scheme}
        stream = str(scope.get("path", "")).endswith("/events")
        wait = self.room.limiter.take(address, cost=config.stream_cost if stream else 1.0)
        refused: JSONResponse | None = None
        if wait > 0:
            refused = JSONResponse(
                {"error": "too many requests from this address: wait a moment"},
                status_code=429, headers={"Retry-After": str(max(1, math.ceil(wait)))})
        elif (why := cross_site(scope, host)) is not None:
            refused = JSONResponse({"error": why}, status_code=403 if "pages" in why else 415)

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(b"x-content-type-options", b"nosniff"),
                            (b"x-frame-options", b"DENY"),
                            (b"referrer-policy", b"same-origin"),
                            (b"content-security-policy", CSP.encode())]
                message = {**message, "headers": headers}
            await send(message)

        if refused is not None:
            await refused(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith("/api/"):
        return _json({"error": f"{request.method} {request.url.path}: {exc.detail}"},
                     exc.status_code)
    if exc.status_code == 404:  # an address that is no page: a page saying so
        return not_found_page(request)
    return PlainTextResponse(str(exc.detail), status_code=exc.status_code)


async def _server_error(request: Request, exc: Exception) -> Response:
    print(f"hive-teach classroom: {request.method} {request.url.path}: "
          f"{type(exc).__name__}: {exc}", file=sys.stderr)
    return _json({"error": "the server could not answer this request (its log says why)"}, 500)


def make_app(config: ClassroomConfig) -> Starlette:
    """The classroom as a Starlette app (API, events, pages, ``/static``)."""
    room = Classroom(config)
    routes: list[BaseRoute] = [
        *api_routes(room),
        *page_routes(room),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        room.closing.set()  # end the event streams, so that a stop does not wait for them
        for game_id in list(room.events):
            room.notify(game_id)

    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: _http_error, Exception: _server_error})
    app.state.classroom = room
    app.add_middleware(Guard, room=room)
    return app


# ---------------------------------------------------------------------- serve
def lan_addresses() -> list[str]:
    """This machine's addresses on the school network (IPv4, loopback last), best first."""
    found: list[str] = []
    try:  # the address the default route leaves from (no packet is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for addr in socket.gethostbyname_ex(socket.gethostname())[2]:
            if addr not in found:
                found.append(addr)
    except OSError:
        pass
    lan = [a for a in found if not a.startswith("127.")]
    return [*lan, "127.0.0.1"]


def port_in_use(host: str, port: int) -> bool:
    """Whether something listens on ``port`` of ``host`` already (so uvicorn could not)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            s.bind((host, port))
        except OSError:
            return True
    return False


class PortInUse(OSError):
    """The port is taken: the message says which one to try instead."""


def check_port(host: str, port: int) -> None:
    """Raise :class:`PortInUse` ("port N is in use; try --port M") if ``port`` is taken."""
    if not port_in_use(host, port):
        return
    free = next((p for p in range(port + 1, min(port + 100, 65536))
                 if not port_in_use(host, p)), None)
    hint = f"; try --port {free}" if free is not None else ""
    raise PortInUse(f"port {port} is in use{hint}")


def serve(config: ClassroomConfig) -> int:
    """Run the classroom until Ctrl-C: print where learners and the teacher go, then serve.

    A port in use is a :class:`PortInUse` before anything is printed."""
    import uvicorn

    check_port(config.host, config.port)
    app = make_app(config)
    room: Classroom = app.state.classroom
    hosts = lan_addresses() if config.host in ("0.0.0.0", "::") else [config.host]
    print("hive-teach classroom")
    print(f"  data:     {config.database_url() if config.db_url is None else 'PostgreSQL'}")
    for host in hosts:
        print(f"  learners: http://{host}:{config.port}/")
    print(f"  teacher:  http://{hosts[0]}:{config.port}/teacher")
    if config.teacher_password is None:
        print(f"  teacher's password: in {config.password_path()}")
    print("  Ctrl-C stops it; games are kept in the database.", flush=True)
    del room
    # uvicorn's own proxy headers stay off (it would believe any loopback client's): the
    # Guard takes X-Forwarded-For from config.proxy alone.
    uvicorn.run(app, host=config.host, port=config.port, log_level="warning",
                access_log=False, timeout_graceful_shutdown=2, proxy_headers=False)
    return 0
