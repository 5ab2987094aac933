"""The classroom's tables (SQLAlchemy Core) and the engine for a database URL.

One schema serves both back ends: SQLite in the data folder for a teacher's laptop, PostgreSQL
for a school server (``postgresql://user:password@host/db``; SQLAlchemy drives it through
psycopg 3). SQLite runs in WAL mode with ``synchronous=FULL``: a committed move survives a
crash or ``kill -9`` of the server, and an uncommitted one leaves no trace.

>>> engine = open_engine("sqlite://")  # in memory, for this example
>>> with engine.begin() as conn:
...     _ = conn.execute(users.insert().values(name="ada", password_hash="x", created=0.0))
>>> with engine.connect() as conn:
...     conn.execute(select(users.c.name, users.c.wins)).all()
[('ada', 0)]
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    select,
)
from sqlalchemy.pool import StaticPool

__all__ = ["attempts", "games", "meta", "metadata", "moves", "open_engine", "select", "sessions",
           "users"]

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game_type", String(16), nullable=False),
    Column("tournament", Boolean, nullable=False, default=False),
    Column("lang", String(8), nullable=False, default="en"),
    # ``ply`` is the number of moves stored: a move is taken only by the one UPDATE that finds
    # the ply its player saw (UPDATE ... WHERE ply = :ply), in the move's own transaction.
    Column("ply", Integer, nullable=False, default=0),
    Column("state", String(16), nullable=False, default="NotStarted"),
    Column("reason", String(16), nullable=True),  # R19, R20 or "limit" once the game is over
    Column("white_token", String(64), nullable=True),  # sha256 of the seat's token, never it
    Column("black_token", String(64), nullable=True),
    Column("white_user", String(40), nullable=True),
    Column("black_user", String(40), nullable=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)

moves = Table(
    "moves", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("ply", Integer, primary_key=True),  # 0 for the first move: a second guard
    Column("move", String(64), nullable=False),
    Column("time", Float, nullable=False),
)

attempts = Table(
    "attempts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), nullable=False),
    Column("seat", String(8), nullable=False),
    Column("ply", Integer, nullable=False),
    Column("move", String(64), nullable=False),
    Column("rule", String(8), nullable=False),
    Column("reason", Text, nullable=False),
    Column("lang", String(8), nullable=False),
    Column("user", String(40), nullable=True),
    Column("time", Float, nullable=False),
    Index("attempts_rule", "rule"),
)

users = Table(
    "users", metadata,
    Column("name", String(40), primary_key=True),
    Column("password_hash", String(200), nullable=False),
    Column("wins", Integer, nullable=False, default=0),
    Column("losses", Integer, nullable=False, default=0),
    Column("draws", Integer, nullable=False, default=0),
    Column("created", Float, nullable=False),
)

meta = Table(  # the teacher's password hash, shared by every server process on one database
    "meta", metadata,
    Column("key", String(40), primary_key=True),
    Column("value", Text, nullable=False),
)

sessions = Table(  # signed-in browsers: a logout or a password change deletes their rows
    "sessions", metadata,
    Column("id", String(64), primary_key=True),  # sha256 of the cookie's token, never it
    Column("kind", String(8), nullable=False),  # "user" or "teacher"
    Column("name", String(40), nullable=False),  # the user's name ("teacher" for the teacher)
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Index("sessions_name", "kind", "name"),
)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")  # a commit is on disk before the answer goes out
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


def open_engine(url: str) -> Engine:
    """An engine for ``url`` with the tables created (``sqlite:///path`` or ``postgresql://``).

    A plain ``postgresql://`` URL is driven by psycopg 3 (``postgresql+psycopg://``).

    >>> open_engine("mysql://x").url.drivername
    Traceback (most recent call last):
    ...
    ValueError: database URL 'mysql://x': the classroom stores games in SQLite (sqlite:///PATH) \
or PostgreSQL (postgresql://USER:PASSWORD@HOST/DB)
    """
    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("postgresql+psycopg://"):
        engine = create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
    elif url.startswith("sqlite://"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30},
            **({"poolclass": StaticPool} if memory else {"pool_size": 10, "max_overflow": 20}),
        )
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        raise ValueError(f"database URL {url!r}: the classroom stores games in SQLite "
                         "(sqlite:///PATH) or PostgreSQL (postgresql://USER:PASSWORD@HOST/DB)")
    metadata.create_all(engine)
    return engine
