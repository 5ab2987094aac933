"""The classroom's game logic over the store: create, join, move, view; no HTTP here.

Every refusal is a :class:`ServiceError` carrying the HTTP status the API answers with and a
JSON body whose ``error`` names the input; a refusal changes nothing in the database (an
illegal move is recorded as an attempt for the teacher, and nothing else).

A move is taken atomically: ``UPDATE games SET ply = ply + 1 WHERE id = :id AND ply = :ply``
and the move's INSERT run in one transaction, so of many identical submissions exactly one
finds its ply; the others get 409. That holds on SQLite and on PostgreSQL, across threads and
server processes alike.

>>> from hive_teach.classroom.store import open_engine
>>> service = GameService(open_engine("sqlite://"))
>>> game_id, white = service.create("Base")
>>> seat, black = service.join(game_id)
>>> seat, service.join(game_id)
('black', ('spectator', None))
>>> service.move(game_id, token=white, ply=0, move="wS1")["game_string"]
'Base;InProgress;Black[1];wS1'
>>> service.move(game_id, token=black, ply=1, move="bS1 wS1-")["ply"]
2
>>> service.move(game_id, token=white, ply=2, move="wQ bS1-")
Traceback (most recent call last):
...
hive_teach.classroom.service.ServiceError: 422 wQ bS1-: This cell touches the opponent's bS1; \
a new piece may only touch pieces of its own colour. (R3)
>>> service.move(game_id, token=black, ply=2, move="bQ bS1-")
Traceback (most recent call last):
...
hive_teach.classroom.service.ServiceError: 403 the token is Black's seat, but it is White's turn
>>> service.attempts_by_rule()["by_rule"][0]["rule"]
'R3'
"""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, NoReturn

from sqlalchemy import Engine, func, select, update
from sqlalchemy.exc import IntegrityError

from hive_teach.board.drawing import scene_of
from hive_teach.board.hive_clicks import HiveClicks
from hive_teach.board.svg import scene_svg, svg_point
from hive_teach.classroom import store
from hive_teach.classroom.security import (
    SESSION_AGE,
    check_password,
    hash_password,
    new_token,
    token_hash,
    tokens_match,
)
from hive_teach.classroom.words import words
from hive_teach.core.errors import IllegalMoveError, InvalidMoveError
from hive_teach.core.hexgrid import cell_name, parse_cell
from hive_teach.core.i18n import LANGUAGES, Worded
from hive_teach.core.rules import rule_title
from hive_teach.hive.moves import PASS, AnyMove, Move
from hive_teach.hive.pieces import Colour, GameType, Piece
from hive_teach.hive.position import Position

MAX_PLIES = 400
"""A game that reaches this many plies without a winner ends as a draw (reason ``limit``)."""

SEATS = ("white", "black")
OVER = ("WhiteWins", "BlackWins", "Draw")


NAME = re.compile(r"[A-Za-z0-9_.\- ]{1,40}\Z")
# A cell name as the board writes it: ASCII digits only (int() also reads "٠" and "1_0").
CELL = re.compile(r"[ ([]*[+-]?[0-9]{1,4} *, *[+-]?[0-9]{1,4}[ )\]]*\Z")


class ServiceError(Exception):
    """A refusal: ``status`` (the HTTP status), ``body`` (the JSON answer, with ``error``) and
    ``headers`` for the answer.

    >>> ServiceError(404, "no game 'x'").body
    {'error': "no game 'x'"}
    """

    def __init__(self, status: int, error: str, *, headers: Mapping[str, str] | None = None,
                 **extra: Any) -> None:
        self.status = status
        self.body: dict[str, Any] = {"error": error, **extra}
        self.headers = dict(headers or {})  # e.g. Retry-After
        super().__init__(f"{status} {error}")


def _seat_name(colour: Colour) -> str:
    return SEATS[int(colour)]


def _check_lang(lang: object) -> str:
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ServiceError(400, f"lang {lang!r} is not a language of the kit: use one of "
                                f"{', '.join(LANGUAGES)}")
    return lang


def result_text(state: str, reason: str | None, lang: str,
                max_plies: int = MAX_PLIES) -> str | None:
    """The sentence saying how a game ended, or None while it goes on.

    >>> result_text("Draw", "limit", "en", 400)
    "A draw: the game has reached this classroom's limit of 400 moves (plies) without a winner."
    >>> result_text("InProgress", None, "de") is None
    True
    """
    if state not in OVER:
        return None
    key = state if state != "Draw" else (reason or "R19")
    return words(lang)[f"result_{key}"].format(n=max_plies)


@dataclass
class _Cached:
    ply: int
    pos: Position
    moves: list[str]


class GameService:
    """Games, seats, moves, users and the teacher's figures over one database ``engine``.

    ``max_plies`` ends a game without a winner as a draw (reason ``limit``). Methods are
    synchronous and thread-safe (the server runs them in a thread pool).
    """

    def __init__(self, engine: Engine, *, max_plies: int = MAX_PLIES) -> None:
        self.engine = engine
        self.max_plies = max_plies
        self._cache: OrderedDict[str, _Cached] = OrderedDict()
        self._views: OrderedDict[tuple[object, ...], dict[str, Any]] = OrderedDict()
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ games
    def create(self, game_type: object, *, tournament: object = False, lang: object = "en",
               user: str | None = None) -> tuple[str, str]:
        """A new game: ``(id, token)`` of its White seat, which the creator takes."""
        try:
            kind = GameType.parse(game_type)  # type: ignore[arg-type]  # checked there
        except ValueError as e:
            raise ServiceError(400, f"game_type: {e}") from None
        if not isinstance(tournament, bool):
            raise ServiceError(400, f"tournament {tournament!r} must be true or false")
        lang = _check_lang(lang)
        token, now = new_token(), time.time()
        for _ in range(20):  # an id clash is most unlikely; try again rather than fail
            game_id = secrets.token_urlsafe(6)
            if not game_id[0].isalnum():  # "-x..." would look like a formula in a CSV file
                continue
            try:
                with self.engine.begin() as conn:
                    conn.execute(store.games.insert().values(
                        id=game_id, game_type=kind.name, tournament=tournament, lang=lang,
                        ply=0, state="NotStarted", white_token=token_hash(token),
                        white_user=user, created=now, updated=now))
                return game_id, token
            except IntegrityError:
                continue
        raise ServiceError(500, "could not find a free game id")  # pragma: no cover

    def join(self, game_id: str, *, user: str | None = None) -> tuple[str, str | None]:
        """Take the Black seat if it is open (``("black", token)``), else ``("spectator",
        None)``. The seat is taken by one atomic UPDATE, so two visitors never both get it."""
        self._row(game_id)
        token = new_token()
        with self.engine.begin() as conn:
            taken = conn.execute(
                update(store.games)
                .where(store.games.c.id == game_id, store.games.c.black_token.is_(None))
                .values(black_token=token_hash(token), black_user=user, updated=time.time())
            ).rowcount
        return ("black", token) if taken == 1 else ("spectator", None)

    def _row(self, game_id: object) -> Any:
        if not isinstance(game_id, str):
            raise ServiceError(404, f"no game {game_id!r}")
        with self.engine.connect() as conn:
            row = conn.execute(select(store.games).where(store.games.c.id == game_id)).first()
        if row is None:
            raise ServiceError(404, f"no game {game_id!r} in this classroom")
        return row

    def _moves(self, game_id: str) -> list[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(store.moves.c.move)
                                     .where(store.moves.c.game_id == game_id)
                                     .order_by(store.moves.c.ply)).scalars())

    def _position(self, row: Any, ply: int | None = None) -> tuple[Position, list[str]]:
        """The game at ``ply`` (default: now) and its moves so far: a copy, the caller's own."""
        with self._lock:
            hit = self._cache.get(row.id)
            if hit is not None and hit.ply == row.ply:
                self._cache.move_to_end(row.id)
                if ply is None or ply == row.ply:
                    return hit.pos.copy(), list(hit.moves)
        moves = self._moves(row.id)[: row.ply]
        pos = Position(row.game_type, tournament=row.tournament)
        upto = row.ply if ply is None else ply
        for text in moves[:upto]:
            pos.play(text)
        if upto == row.ply:
            self._remember(row.id, row.ply, pos, moves)
        return pos, moves[:upto]

    def _remember(self, game_id: str, ply: int, pos: Position, moves: list[str]) -> None:
        with self._lock:
            old = self._cache.get(game_id)
            if old is None or old.ply <= ply:
                self._cache[game_id] = _Cached(ply, pos.copy(), list(moves))
                self._cache.move_to_end(game_id)
            while len(self._cache) > 500:
                self._cache.popitem(last=False)

    def _game_string(self, pos: Position, state: str) -> str:
        head, _, rest = pos.to_text().partition(";")
        _, _, rest = rest.partition(";")
        return f"{head};{state};{rest}"

    def seat_of(self, row: Any, token: object) -> str | None:
        """``"white"``, ``"black"`` or None: which seat of the game ``token`` holds."""
        if not isinstance(token, str):
            return None
        for seat in SEATS:
            if tokens_match(token, getattr(row, f"{seat}_token")):
                return seat
        return None

    def move(self, game_id: str, *, token: object, ply: object, move: object = None,
             piece: object = None, to: object = None, lang: object = "en",
             user: str | None = None) -> dict[str, Any]:
        """Play ``move`` (a UHP MoveString) or ``piece`` to cell ``to`` for the seat of
        ``token``, if ``ply`` is the game's current ply: ``{"game_string", "ply", "state",
        "move"}``. Refusals: 400 bad input, 403 not the seat to move, 404 unknown game, 409
        stale ply or finished game, 422 illegal move (with ``rule`` and ``reason`` in
        ``lang``)."""
        lang = _check_lang(lang)
        row = self._row(game_id)
        seat = self.seat_of(row, token)
        if seat is None:
            raise ServiceError(403, "token: no token given" if token is None else
                               "token: this token holds no seat in this game")
        if not isinstance(ply, int) or isinstance(ply, bool):
            raise ServiceError(400, f"ply {ply!r} must be a whole number (the ply you saw)")
        if row.state in OVER:
            raise ServiceError(409, f"the game is over ({row.state}); no more moves",
                               ply=row.ply, state=row.state)
        if ply != row.ply:
            raise ServiceError(409, f"ply {ply} is not the current ply {row.ply}: the board "
                                    "changed; reload it", ply=row.ply, state=row.state)
        pos, moves = self._position(row)
        if seat != _seat_name(pos.turn):
            raise ServiceError(403, f"the token is {seat.title()}'s seat, but it is "
                                    f"{pos.turn.title}'s turn")
        chosen = self._parse(pos, move, piece, to)
        text = move.strip() if isinstance(move, str) else f"{piece} {to}"
        if isinstance(chosen, IllegalMoveError):
            self._refuse(row, seat, text, chosen, lang, user)
        why = pos.explain(chosen)
        if why is not None:
            self._refuse(row, seat, text, IllegalMoveError.explained(text, why), lang, user)
        written = pos.move_text(chosen)
        try:
            pos.play(chosen)
        except ValueError as e:  # the grid's edge, after an endless walk: not a rule
            raise ServiceError(400, f"move {text!r}: {e}") from None
        state, reason = pos.state.value, None
        if pos.state.is_over:
            outcome = pos.outcome()
            reason = outcome.rule if outcome is not None else None
        elif pos.ply >= self.max_plies:
            state, reason = "Draw", "limit"
        self._commit(row, ply, written, state, reason)
        self._remember(row.id, ply + 1, pos, [*moves, written])
        return {"game_string": self._game_string(pos, state), "ply": ply + 1, "state": state,
                "move": written, "result_text": result_text(state, reason, lang, self.max_plies)}

    def _parse(self, pos: Position, move: object, piece: object,
               to: object) -> AnyMove | IllegalMoveError:
        if move is not None:
            if not isinstance(move, str):
                raise ServiceError(400, f"move {move!r} must be a UHP MoveString (text)",
                                   rule=None)
            try:
                return pos.parse_move(move)
            except IllegalMoveError as e:  # a reference the notation cannot resolve (R0)
                return e
            except (InvalidMoveError, ValueError) as e:
                raise ServiceError(400, f"move: {e}", rule=None) from None
        if not isinstance(piece, str) or not isinstance(to, str):
            raise ServiceError(400, "give either move (a UHP MoveString) or piece and to "
                                    "(a piece name such as wQ and a cell name such as 0,-1)",
                               rule=None)
        try:
            chosen = Piece.from_name(piece.strip())
        except ValueError as e:
            raise ServiceError(400, f"piece: {e}", rule=None) from None
        if not CELL.match(to):
            raise ServiceError(400, f"to {to[:40]!r} is not a cell name: write it as q,r with "
                                    "two whole numbers in ASCII digits 0-9, e.g. 0,-1",
                               rule=None)
        try:
            cell = parse_cell(to)
        except ValueError as e:
            raise ServiceError(400, f"to: {e}", rule=None) from None
        return Move(chosen, cell)

    def _refuse(self, row: Any, seat: str, text: str, err: IllegalMoveError, lang: str,
                user: str | None) -> NoReturn:
        explanation = err.explanation
        if isinstance(explanation, Worded):
            reason, full = explanation.sentence(lang), explanation.text(lang)
        else:
            reason, full = err.reason, err.text(lang)
        with self.engine.begin() as conn:
            conn.execute(store.attempts.insert().values(
                game_id=row.id, seat=seat, ply=row.ply, move=text[:64], rule=str(err.rule),
                reason=reason, lang=lang, user=user, time=time.time()))
        raise ServiceError(422, f"{text}: {full}", rule=str(err.rule), reason=reason, move=text)

    def _commit(self, row: Any, ply: int, written: str, state: str, reason: str | None) -> None:
        g = store.games
        with self.engine.begin() as conn:
            took = conn.execute(
                update(g).where(g.c.id == row.id, g.c.ply == ply)
                .values(ply=g.c.ply + 1, state=state, reason=reason, updated=time.time())
            ).rowcount
            if took != 1:
                raise ServiceError(409, f"ply {ply} is not the current ply any more: another "
                                        "move was taken first; reload the board")
            try:
                conn.execute(store.moves.insert().values(game_id=row.id, ply=ply,
                                                         move=written, time=time.time()))
            except IntegrityError:  # the primary key's second guard: the same answer
                raise ServiceError(409, f"ply {ply} is taken already; reload the board"
                                   ) from None
            if state in OVER and row.white_user != row.black_user:
                self._record(conn, row, state)

    def _record(self, conn: Any, row: Any, state: str) -> None:
        u = store.users
        results = {"WhiteWins": ("wins", "losses"), "BlackWins": ("losses", "wins"),
                   "Draw": ("draws", "draws")}[state]
        for name, column in zip((row.white_user, row.black_user), results, strict=True):
            if name is not None:
                conn.execute(update(u).where(u.c.name == name)
                             .values({column: u.c[column] + 1}))

    # ------------------------------------------------------------------ reading
    def _summary(self, row: Any) -> dict[str, Any]:
        seats: dict[str, Any] = {s: "taken" if getattr(row, f"{s}_token") else "open"
                                 for s in SEATS}
        names = {s: getattr(row, f"{s}_user") for s in SEATS if getattr(row, f"{s}_user")}
        if names:
            seats["names"] = names
        return {"id": row.id, "game_type": row.game_type, "tournament": row.tournament,
                "ply": row.ply, "state": row.state, "seats": seats,
                "turn": SEATS[row.ply % 2], "created": row.created}

    def stamp(self, game_id: str) -> tuple[int, bool, str]:
        """What changes when a game's page must be redrawn: ply, Black's seat taken, state."""
        row = self._row(game_id)
        return row.ply, row.black_token is not None, row.state

    def game(self, game_id: str) -> dict[str, Any]:
        """``{"id", "game_string", "state", "seats", "ply", "turn", "game_type", ...}``."""
        row = self._row(game_id)
        pos, _ = self._position(row)
        return {**self._summary(row), "game_string": self._game_string(pos, row.state),
                "reason": row.reason}

    def view(self, game_id: str, *, lang: object = "en", ply: object = None) -> dict[str, Any]:
        """Everything the game page draws, now or at ``ply`` (a replay), in ``lang``: the SVG
        with coordinates, cell and hand-tile centres in its viewBox units, the hex radius, and
        every legal move of the side to move grouped by piece (see the contract)."""
        lang = _check_lang(lang)
        row = self._row(game_id)
        if ply is not None and (not isinstance(ply, int) or isinstance(ply, bool)
                                or not 0 <= ply <= row.ply):
            raise ServiceError(400, f"ply {ply!r} must be a whole number from 0 to {row.ply}")
        at = row.ply if ply is None else ply
        key = (row.id, at, row.state if at == row.ply else "", row.reason, lang)
        with self._lock:
            hit = self._views.get(key)
            if hit is not None:
                self._views.move_to_end(key)
                return {**hit, "plies": row.ply}
        pos, moves = self._position(row, at)
        state, reason = (row.state, row.reason) if at == row.ply else (pos.state.value, None)
        view = {"id": row.id, "ply": at, "plies": row.ply, **self._drawn(pos, state, lang),
                "result_text": result_text(state, reason, lang, self.max_plies),
                "last_move": moves[-1] if moves else None, "moves": moves}
        with self._lock:  # a position at a ply never changes: every viewer gets the same dict
            self._views[key] = view
            while len(self._views) > 64:  # a board is ~90 kB of SVG: keep the live ones
                self._views.popitem(last=False)
        return dict(view)

    @staticmethod
    def _drawn(pos: Position, state: str, lang: str) -> dict[str, Any]:
        """The board as the page draws it: SVG (coordinates on, the last move marked), centres
        in the SVG's viewBox units, and the legal moves of the side to move by piece."""
        throw = pos.last_throw()
        last = HiveClicks().last_move(pos)
        scene = scene_of(pos, coords=True, lang=lang, last_move=None if throw else last,
                         throws=[throw] if throw else [], stunned=throw[2] if throw else None)
        s = scene.px_per_unit

        def point(xy: tuple[float, float]) -> list[float]:
            x, y = svg_point(scene, *xy)
            return [round(x, 1), round(y, 1)]

        targets: dict[str, dict[str, str]] = {}
        passing = None
        if state not in OVER:
            legal = pos.legal_moves()
            if legal == [PASS]:
                passing = pos.move_text(PASS)
            for m in legal:
                if isinstance(m, Move):
                    targets.setdefault(m.piece.name, {})[cell_name(m.to)] = pos.move_text(m)
        return {
            "state": state, "turn": _seat_name(pos.turn), "game_type": pos.game_type.name,
            "svg": scene_svg(scene),
            "cells": {cell_name(c): point(xy) for c, xy in sorted(scene.board.centres.items())},
            "radius": round(s, 1),
            "hand": {name: point(xy) for name, xy in scene.board.hand.items()},
            "stacks": {cell_name(c): list(p) for c, p in sorted(scene.board.stacks.items())},
            "targets": targets, "pass": passing,
        }

    def games(self, state: object = "all", *, limit: int = 200) -> list[dict[str, Any]]:
        """The newest games: ``open`` (Black's seat free, not over), ``live`` (both seats taken,
        not over) or ``all``."""
        g = store.games
        query = select(g).order_by(g.c.created.desc()).limit(limit)
        if state == "open":
            query = query.where(g.c.black_token.is_(None), g.c.state.not_in(OVER))
        elif state == "live":
            query = query.where(g.c.black_token.is_not(None), g.c.state.not_in(OVER))
        elif state != "all":
            raise ServiceError(400, f"state {state!r} must be open, live or all")
        with self.engine.connect() as conn:
            return [self._summary(row) for row in conn.execute(query)]

    # ------------------------------------------------------------------ users
    def add_user(self, name: object, password: object) -> str:
        """A new user ``name`` with ``password`` (scrypt-hashed); 409 when the name is taken."""
        name, password = self._credentials(name, password)
        try:
            with self.engine.begin() as conn:
                conn.execute(store.users.insert().values(
                    name=name, password_hash=hash_password(password), created=time.time()))
        except IntegrityError:
            raise ServiceError(409, f"name {name!r} is taken: choose another one") from None
        return name

    def login(self, name: object, password: object) -> str:
        """The user's name if ``password`` is theirs, else 401 (the same answer for an unknown
        name, so that names cannot be probed)."""
        name, password = self._credentials(name, password)
        with self.engine.connect() as conn:
            stored = conn.execute(select(store.users.c.password_hash)
                                  .where(store.users.c.name == name)).scalar()
        if not check_password(password, stored or "scrypt$16384$8$1$00$00"):
            raise ServiceError(401, "name or password is wrong")
        return name

    def change_password(self, name: str, old: object, new: object) -> None:
        """Give user ``name`` the password ``new`` if ``old`` is theirs (401 otherwise) and end
        every session of theirs (the server signs the caller in again)."""
        self.login(name, old)
        _, new = self._credentials(name, new)
        with self.engine.begin() as conn:
            conn.execute(update(store.users).where(store.users.c.name == name)
                         .values(password_hash=hash_password(new)))
        self.end_sessions("user", name)

    @staticmethod
    def _credentials(name: object, password: object) -> tuple[str, str]:
        if not isinstance(name, str) or not NAME.match(name.strip() or "?"):
            raise ServiceError(400, f"name {name!r} must be 1 to 40 letters, digits, spaces "
                                    "or _ . -")
        if not isinstance(password, str) or not 4 <= len(password) <= 200:
            raise ServiceError(400, "password must be text of 4 to 200 characters")
        return name.strip(), password

    def record(self, name: str) -> dict[str, Any]:
        """``{"name", "wins", "losses", "draws"}`` of a user (404 if there is none)."""
        u = store.users
        with self.engine.connect() as conn:
            row = conn.execute(select(u.c.name, u.c.wins, u.c.losses, u.c.draws)
                               .where(u.c.name == name)).first()
        if row is None:
            raise ServiceError(404, f"no user {name!r}")
        return dict(row._mapping)

    # ------------------------------------------------------------------ the teacher
    def teacher_games(self) -> list[dict[str, Any]]:
        """Every game with its live state, the users on its seats and its illegal attempts."""
        a = store.attempts
        with self.engine.connect() as conn:
            counts: dict[str, int] = dict(conn.execute(select(a.c.game_id, func.count())
                                       .group_by(a.c.game_id)).all())
            rows = conn.execute(select(store.games).order_by(store.games.c.created.desc()))
            return [{**self._summary(row), "reason": row.reason, "updated": row.updated,
                     "attempts": counts.get(row.id, 0)} for row in rows]

    def attempts_by_rule(self, lang: object = "en") -> dict[str, Any]:
        """The class's illegal attempts counted by rule id, most frequent first, each with the
        rule's title in ``lang``."""
        lang = _check_lang(lang)
        a = store.attempts
        with self.engine.connect() as conn:
            rows = conn.execute(select(a.c.rule, func.count().label("n")).group_by(a.c.rule)
                                .order_by(func.count().desc(), a.c.rule)).all()
        by_rule = [{"rule": rule, "count": n, "title": _title(rule, lang)} for rule, n in rows]
        return {"by_rule": by_rule, "total": sum(r["count"] for r in by_rule)}

    def attempts_csv(self) -> str:
        """Every illegal attempt as CSV (time in UTC ISO 8601)."""
        a = store.attempts
        cols = ["time", "game_id", "seat", "ply", "move", "rule", "reason", "lang", "user"]
        with self.engine.connect() as conn:
            rows = conn.execute(select(*(a.c[c] for c in cols)).order_by(a.c.id)).all()
        return _csv(cols, ([_iso(r[0]), *r[1:]] for r in rows))

    def games_csv(self) -> str:
        """Every game as CSV: seats, state, plies and the moves as one MoveString list."""
        g = store.games
        cols = ["id", "game_type", "tournament", "created", "state", "reason", "ply",
                "white_user", "black_user"]
        with self.engine.connect() as conn:
            rows = conn.execute(select(*(g.c[c] for c in cols)).order_by(g.c.created)).all()
            moves: dict[str, list[str]] = {}
            for game_id, text in conn.execute(select(store.moves.c.game_id, store.moves.c.move)
                                              .order_by(store.moves.c.game_id,
                                                        store.moves.c.ply)):
                moves.setdefault(game_id, []).append(text)
        return _csv([*cols, "moves"], ([*r[:3], _iso(r[3]), *r[4:], ";".join(moves.get(r[0], []))]
                                       for r in rows))

    # ------------------------------------------------------------------ sessions
    def new_session(self, kind: str, name: str, *, age: float = SESSION_AGE) -> str:
        """A new session of ``kind`` (``user``, ``teacher``) for ``name``: the cookie's token,
        whose SHA-256 the database keeps until it expires or is ended."""
        token, now = new_token(), time.time()
        with self.engine.begin() as conn:
            conn.execute(store.sessions.delete().where(store.sessions.c.expires < now))
            conn.execute(store.sessions.insert().values(
                id=token_hash(token), kind=kind, name=name, created=now, expires=now + age))
        return token

    def session(self, kind: str, token: str | None) -> str | None:
        """The name whose live session of ``kind`` ``token`` is, or None.

        >>> from hive_teach.classroom.store import open_engine
        >>> service = GameService(open_engine("sqlite://"))
        >>> cookie = service.new_session("user", "ada")
        >>> service.session("user", cookie), service.session("teacher", cookie)
        ('ada', None)
        >>> service.end_session(cookie); service.session("user", cookie) is None
        True
        """
        if not token or len(token) > 100:
            return None
        s = store.sessions
        with self.engine.connect() as conn:
            return conn.execute(select(s.c.name).where(
                s.c.id == token_hash(token), s.c.kind == kind,
                s.c.expires > time.time())).scalar()

    def end_session(self, token: str | None) -> None:
        """End the session of ``token`` (a logout), if there is one."""
        if token:
            with self.engine.begin() as conn:
                conn.execute(store.sessions.delete().where(
                    store.sessions.c.id == token_hash(token)))

    def end_sessions(self, kind: str, name: str) -> int:
        """End every session of ``kind`` for ``name`` (a password change): how many."""
        s = store.sessions
        with self.engine.begin() as conn:
            return int(conn.execute(s.delete().where(s.c.kind == kind, s.c.name == name)
                                    ).rowcount)

    def teacher_hash(self, password: str) -> str:
        """The teacher's password hash, kept in the database. When ``password`` is not the
        one it was made from (the teacher changed the password file), every teacher session
        ends and the new password's hash is kept.

        >>> from hive_teach.classroom.store import open_engine
        >>> service = GameService(open_engine("sqlite://"))
        >>> first = service.teacher_hash("old password")
        >>> cookie = service.new_session("teacher", "teacher")
        >>> service.teacher_hash("old password") == first, service.session("teacher", cookie)
        (True, 'teacher')
        >>> service.teacher_hash("new password") != first, service.session("teacher", cookie)
        (True, None)
        """
        m = store.meta
        with self.engine.connect() as conn:
            stored = conn.execute(select(m.c.value).where(m.c.key == "teacher_password")
                                  ).scalar()
        if stored is not None and check_password(password, stored):
            return str(stored)
        made = hash_password(password)
        if stored is None:
            try:
                with self.engine.begin() as conn:
                    conn.execute(m.insert().values(key="teacher_password", value=made))
                return made
            except IntegrityError:  # another process stored one a moment ago: replace it
                pass
        with self.engine.begin() as conn:
            conn.execute(update(m).where(m.c.key == "teacher_password").values(value=made))
            conn.execute(store.sessions.delete().where(store.sessions.c.kind == "teacher"))
        return made


def _title(rule: str, lang: str) -> str:
    try:
        return rule_title(rule, lang)
    except KeyError:
        return ""


def _iso(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).isoformat(timespec="seconds")


def _cell(value: object) -> object:
    """A CSV cell; text a spreadsheet would take for a formula is quoted with ``'``.

    >>> _cell("=HYPERLINK(1)"), _cell("wQ -bS1"), _cell(None), _cell(3)
    ("'=HYPERLINK(1)", 'wQ -bS1', '', 3)
    """
    if value is None:
        return ""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


# Characters that end a line for someone (str.splitlines, spreadsheets): a cell holding one
# is quoted, as the csv module does for "\r" and "\n" only.
_LINE_BREAKS = re.compile("[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def _quoted(value: object) -> str:
    r"""One CSV cell as written: quoted when it holds a comma, a quote or any line break.

    >>> _quoted("a\u2028=b"), _quoted('a "b" c'), _quoted(3), _quoted("wS1")
    ('"a\u2028=b"', '"a ""b"" c"', '3', 'wS1')
    """
    text = str(_cell(value))
    if "," in text or '"' in text or _LINE_BREAKS.search(text):
        return '"' + text.replace('"', '""') + '"'
    return text


def _csv(header: list[str], rows: Any) -> str:
    lines = [",".join(header)]
    lines += [",".join(_quoted(v) for v in row) for row in rows]
    return "".join(line + "\r\n" for line in lines)


def as_mapping(body: object) -> Mapping[str, Any]:
    """A request body that must be a JSON object (400 otherwise).

    >>> as_mapping([1])
    Traceback (most recent call last):
    ...
    hive_teach.classroom.service.ServiceError: 400 the request body must be a JSON object, \
not list
    """
    if not isinstance(body, dict):
        raise ServiceError(400, f"the request body must be a JSON object, not "
                                f"{type(body).__name__}")
    return body

