"""The classroom's web server: a Starlette app (JSON API, server-sent events, static files, the
pages of :mod:`hive_teach.classroom.pages`) served by uvicorn.

:func:`make_app` builds the app from a :class:`ClassroomConfig`; :func:`serve` is what
``hive-teach classroom`` runs. Nothing here runs code a request sends: there is no kernel, no
terminal, no eval; a request can only play Hive through :class:`~.service.GameService`.

Every request passes a token bucket per client address (429 with ``Retry-After`` when it is
empty); request bodies are read up to ``max_body`` bytes (413 beyond). Learners' and the
teacher's sessions are cookies signed with HMAC (HttpOnly, SameSite=Lax).

>>> import tempfile
>>> app = make_app(ClassroomConfig(data_dir=Path(tempfile.mkdtemp()), teacher_password="pw"))
>>> [route.path for route in app.routes][:4]
['/api/games', '/api/games', '/api/games/{id}', '/api/games/{id}/join']
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import socket
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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

from hive_teach.classroom.security import (
    COOKIE_AGE,
    RateLimiter,
    Signer,
    check_password,
    hash_password,
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
    in ``data_dir/teacher-password.txt`` (made on the first start, mode 0600). ``rate`` and
    ``burst`` size each address's token bucket; ``keepalive`` is the seconds between the
    event stream's keep-alive comments."""

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

    def database_url(self) -> str:
        return self.db_url or f"sqlite:///{self.data_dir / 'classroom.sqlite3'}"

    def password_path(self) -> Path:
        return self.teacher_password_file or self.data_dir / PASSWORD_FILE


def teacher_password(config: ClassroomConfig) -> str:
    """The teacher's password: given, read from the file, or made once and kept (0600)."""
    if config.teacher_password is not None:
        return config.teacher_password
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
    return password


class Classroom:
    """What the routes share: the config, the game service, the signer, the limiter, the
    per-game locks and the event notifier. :mod:`~hive_teach.classroom.pages` gets it too
    (``classroom.user(request)``, ``classroom.is_teacher(request)``)."""

    def __init__(self, config: ClassroomConfig) -> None:
        self.config = config
        if config.db_url is None:  # only the teacher's account may read the games and users
            config.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.service = GameService(open_engine(config.database_url()),
                                   max_plies=config.max_plies)
        self.signer = Signer(self.service.secret())
        self.teacher_hash = hash_password(teacher_password(config))
        self.limiter = RateLimiter(rate=config.rate, burst=config.burst)
        self.locks: dict[str, asyncio.Lock] = {}
        self.events: dict[str, asyncio.Event] = {}
        self.closing = asyncio.Event()

    def user(self, request: Request) -> str | None:
        """The signed-in learner's name, or None."""
        return self.signer.verify("user", request.cookies.get(USER_COOKIE))

    def is_teacher(self, request: Request) -> bool:
        """Whether the request carries the teacher's session cookie."""
        return self.signer.verify("teacher", request.cookies.get(TEACHER_COOKIE)) == "teacher"

    def set_cookie(self, response: Response, name: str, kind: str, value: str) -> None:
        response.set_cookie(name, self.signer.sign(kind, value), max_age=COOKIE_AGE,
                            httponly=True, samesite="lax", secure=self.config.secure_cookies)

    def lock(self, game_id: str) -> asyncio.Lock:
        if len(self.locks) > 10_000:  # forget idle locks of old games
            self.locks = {k: v for k, v in self.locks.items() if v.locked()}
        return self.locks.setdefault(game_id, asyncio.Lock())

    def notify(self, game_id: str) -> None:
        """Wake every event stream of ``game_id``."""
        event = self.events.pop(game_id, None)
        if event is not None:
            event.set()

    def waiter(self, game_id: str) -> asyncio.Event:
        return self.events.setdefault(game_id, asyncio.Event())


# ---------------------------------------------------------------------- request helpers
async def read_json(request: Request, limit: int, *, required: bool = True) -> Any:
    """The request's JSON body, read up to ``limit`` bytes (413 beyond, 400 if not JSON)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise ServiceError(413, f"the request body is larger than {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise ServiceError(413, f"the request body is larger than {limit} bytes")
    if not body and not required:
        return {}
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ServiceError(400, f"the request body is not JSON: {e}") from None


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
            return _json(e.body, e.status)
    return run


def _query_ply(request: Request) -> int | None:
    raw = request.query_params.get("ply")
    if raw is None or raw == "":
        return None
    try:
        return int(raw)
    except ValueError:
        raise ServiceError(400, f"ply {raw!r} must be a whole number") from None


# ---------------------------------------------------------------------- the API
async def create_game(request: Request, room: Classroom) -> Response:
    body = as_mapping(await read_json(request, room.config.max_body))
    game_id, token = await run_in_threadpool(
        room.service.create, body.get("game_type"), tournament=body.get("tournament", False),
        lang=body.get("lang", "en"), user=room.user(request))
    join_url = f"{str(request.base_url).rstrip('/')}/play/{game_id}"
    return _json({"id": game_id, "seat": "white", "token": token, "join_url": join_url}, 201)


async def join_game(request: Request, room: Classroom) -> Response:
    await read_json(request, room.config.max_body, required=False)
    game_id = request.path_params["id"]
    seat, token = await run_in_threadpool(room.service.join, game_id, user=room.user(request))
    if token is None:
        return _json({"seat": seat})
    room.notify(game_id)  # the seat list changed
    return _json({"seat": seat, "token": token})


async def post_move(request: Request, room: Classroom) -> Response:
    body = as_mapping(await read_json(request, room.config.max_body))
    game_id = request.path_params["id"]
    # The lock keeps one process's submissions for a game in line; the conditional UPDATE in
    # the service is what makes exactly one of them win, across processes too.
    async with room.lock(game_id):
        result = await run_in_threadpool(
            room.service.move, game_id, token=body.get("token"), ply=body.get("ply"),
            move=body.get("move"), piece=body.get("piece"), to=body.get("to"),
            lang=body.get("lang", "en"), user=room.user(request))
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


async def events(request: Request, room: Classroom) -> Response:
    game_id = request.path_params["id"]
    await run_in_threadpool(room.service.stamp, game_id)  # 404 before the stream starts

    async def stream() -> AsyncIterator[str]:
        yield "retry: 3000\n\n"
        seen = None
        while not room.closing.is_set():
            # Take the waiter before reading the game, so that a move in between still wakes
            # this stream; reading the database also catches moves taken by another server
            # process on the same database (at the next keep-alive at the latest).
            waiter = room.waiter(game_id)
            stamp = await run_in_threadpool(room.service.stamp, game_id)
            if stamp != seen:
                seen = stamp
                yield f"event: update\ndata: {json.dumps({'ply': stamp[0]})}\n\n"
                continue
            try:
                await asyncio.wait_for(waiter.wait(), room.config.keepalive)
            except TimeoutError:
                yield ": keep-alive\n\n"

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


async def add_user(request: Request, room: Classroom) -> Response:
    body = as_mapping(await read_json(request, room.config.max_body))
    name = await run_in_threadpool(room.service.add_user, body.get("name"), body.get("password"))
    response = _json(await run_in_threadpool(room.service.record, name), 201)
    room.set_cookie(response, USER_COOKIE, "user", name)
    return response


async def login(request: Request, room: Classroom) -> Response:
    body = as_mapping(await read_json(request, room.config.max_body))
    name = await run_in_threadpool(room.service.login, body.get("name"), body.get("password"))
    response = _json(await run_in_threadpool(room.service.record, name))
    room.set_cookie(response, USER_COOKIE, "user", name)
    return response


async def logout(request: Request, room: Classroom) -> Response:
    response = _json({"ok": True})
    response.delete_cookie(USER_COOKIE)
    response.delete_cookie(TEACHER_COOKIE)
    return response


async def me(request: Request, room: Classroom) -> Response:
    name = room.user(request)
    if name is None:
        return _json({"error": "not signed in"}, 401)
    return _json(await run_in_threadpool(room.service.record, name))


async def teacher_login(request: Request, room: Classroom) -> Response:
    body = as_mapping(await read_json(request, room.config.max_body))
    password = body.get("password")
    if not isinstance(password, str):
        raise ServiceError(400, "password must be text")
    if not await run_in_threadpool(check_password, password, room.teacher_hash):
        return _json({"error": "the teacher's password is wrong"}, 401)
    response = _json({"ok": True})
    room.set_cookie(response, TEACHER_COOKIE, "teacher", "teacher")
    return response


def _teacher_only(request: Request, room: Classroom) -> None:
    if not room.is_teacher(request):
        raise ServiceError(401, "this is the teacher's: sign in at /teacher/login")


async def teacher_games(request: Request, room: Classroom) -> Response:
    _teacher_only(request, room)
    return _json({"games": await run_in_threadpool(room.service.teacher_games)})


async def teacher_attempts(request: Request, room: Classroom) -> Response:
    _teacher_only(request, room)
    return _json(await run_in_threadpool(room.service.attempts_by_rule,
                                          request.query_params.get("lang", "en")))


def _csv_route(name: str, make: Callable[[GameService], str]) -> Callable[..., Awaitable[Response]]:
    async def download(request: Request, room: Classroom) -> Response:
        if not room.is_teacher(request):
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
        r("/api/me", me),
        r("/api/teacher/login", teacher_login, "POST"),
        r("/api/teacher/games", teacher_games),
        r("/api/teacher/attempts", teacher_attempts),
        r("/teacher/attempts.csv", _csv_route("attempts.csv", GameService.attempts_csv)),
        r("/teacher/games.csv", _csv_route("games.csv", GameService.games_csv)),
    ]


# ---------------------------------------------------------------------- middleware
class Guard:
    """Rate limit per client address (429 + ``Retry-After``) and headers that keep pages from
    being framed or sniffed, around the whole app."""

    def __init__(self, app: ASGIApp, room: Classroom) -> None:
        self.app = app
        self.room = room

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        wait = self.room.limiter.take(client[0] if client else "?")
        if wait > 0:
            response = JSONResponse(
                {"error": "too many requests from this address: wait a moment"},
                status_code=429, headers={"Retry-After": str(max(1, math.ceil(wait)))})
            await response(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(b"x-content-type-options", b"nosniff"),
                            (b"x-frame-options", b"DENY"),
                            (b"referrer-policy", b"same-origin")]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith("/api/"):
        return _json({"error": f"{request.method} {request.url.path}: {exc.detail}"},
                     exc.status_code)
    if exc.status_code == 404:  # an address that is no page: a page saying so
        from hive_teach.classroom.pages import not_found_page
        return not_found_page(request)
    return PlainTextResponse(str(exc.detail), status_code=exc.status_code)


async def _server_error(request: Request, exc: Exception) -> Response:
    print(f"hive-teach classroom: {request.method} {request.url.path}: "
          f"{type(exc).__name__}: {exc}", file=sys.stderr)
    return _json({"error": "the server could not answer this request (its log says why)"}, 500)


def make_app(config: ClassroomConfig) -> Starlette:
    """The classroom as a Starlette app (API, events, pages, ``/static``)."""
    from hive_teach.classroom.pages import page_routes

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


def serve(config: ClassroomConfig) -> int:
    """Run the classroom until Ctrl-C: print where learners and the teacher go, then serve."""
    import uvicorn

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
    uvicorn.run(app, host=config.host, port=config.port, log_level="warning",
                access_log=False, timeout_graceful_shutdown=2)
    return 0
