"""Seat tokens, password hashes, the login throttle and the rate limiter: all from the stdlib.

Seat tokens are ``secrets.token_urlsafe`` strings; only their SHA-256 is stored (a token has
256 bits of chance, so a fast hash is enough). Passwords are hashed with ``hashlib.scrypt``
and a random salt, a real password hash; a wrong password costs an attacker as much as it
costs the server.

>>> token = new_token()
>>> token_hash(token) == token_hash(token) != token_hash(new_token())
True
>>> stored = hash_password("correct horse")
>>> check_password("correct horse", stored), check_password("wrong horse", stored)
(True, False)

Sessions are random tokens too (:func:`new_token`), kept in the database as their SHA-256 (see
:meth:`~hive_teach.classroom.service.GameService.new_session`), so that a logout or a password
change ends them on the server and not only in the browser.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
import time
from dataclasses import dataclass, field

# scrypt's cost: 16 MiB and ~50 ms per check on a school laptop (OWASP's minimum is N=2**17
# with r=8 for 128 MiB; N=2**14 keeps a class signing in at once within the server's memory).
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1

SESSION_AGE = 12 * 3600  # a school day: a signed-in session ends by the next morning


def new_token() -> str:
    """A fresh seat token (43 URL-safe characters, 256 random bits)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps of a token: its SHA-256 in hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def tokens_match(token: str | None, stored: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``stored`` (in constant time).

    >>> t = new_token()
    >>> tokens_match(t, token_hash(t)), tokens_match(None, token_hash(t)), tokens_match(t, None)
    (True, False, False)
    """
    if not token or not stored:
        return False
    return hmac.compare_digest(token_hash(token), stored)


def hash_password(password: str, *, salt: bytes | None = None) -> str:
    """``scrypt$N$r$p$salt$hash`` for ``password``, with a random 16-byte salt."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R,
                            p=SCRYPT_P, maxmem=64 * 1024 * 1024, dklen=32)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    """Whether ``password`` hashes to ``stored`` (a :func:`hash_password` string).

    >>> check_password("x", "not a hash")
    False
    """
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        got = hashlib.scrypt(password.encode("utf-8"), salt=bytes.fromhex(salt), n=int(n),
                             r=int(r), p=int(p), maxmem=64 * 1024 * 1024, dklen=32)
    except ValueError:
        return False
    return hmac.compare_digest(got.hex(), digest)


MIN_TEACHER_PASSWORD = 10
"""The fewest characters a teacher's password may have (the one made on the first start has
16): the teacher's cookie opens every game and every learner's attempts."""


def check_teacher_password(password: str, where: str) -> str:
    """``password`` if it is long enough for the teacher, else a ValueError naming ``where``.

    >>> check_teacher_password("x", "teacher password file /tmp/pw.txt")
    Traceback (most recent call last):
    ...
    ValueError: teacher password file /tmp/pw.txt: the teacher's password has 1 character; it \
needs at least 10
    """
    if len(password) < MIN_TEACHER_PASSWORD:
        n = len(password)
        raise ValueError(f"{where}: the teacher's password has {n} character"
                         f"{'' if n == 1 else 's'}; it needs at least {MIN_TEACHER_PASSWORD}")
    return password


@dataclass
class LoginThrottle:
    """Backoff after wrong passwords, per key (a name, ``"teacher"``, a client address).

    The first ``free`` failures of a key cost nothing; after that each failure doubles the
    wait before the key may try again (1 s, 2 s, 4 s, ... up to ``most`` seconds). The server
    keeps one for names and one for addresses, and forgets a name's failures when its right
    password comes (not the address's: one right password does not clear a guessing run).

    >>> names = LoginThrottle(free=2, most=60)
    >>> for t in (0.0, 0.1, 0.2):
    ...     names.failed("ada", now=t)
    >>> names.wait("ada", now=0.2), names.wait("bob", now=0.2), names.wait("ada", now=1.2)
    (1.0, 0.0, 0.0)
    >>> names.failed("ada", now=1.2); names.wait("ada", now=1.2)
    2.0
    >>> names.succeeded("ada"); names.wait("ada", now=1.2)
    0.0
    """

    free: int = 5
    most: float = 300.0
    _failures: dict[str, tuple[int, float]] = field(default_factory=dict)

    def wait(self, key: str, *, now: float | None = None) -> float:
        """Seconds until ``key`` may try a password again (0: now)."""
        now = time.monotonic() if now is None else now
        count, last = self._failures.get(key, (0, now))
        if count <= self.free:
            return 0.0
        return max(0.0, last + min(self.most, 2.0 ** (count - self.free - 1)) - now)

    def failed(self, key: str, *, now: float | None = None) -> None:
        """Count a wrong password for ``key``."""
        now = time.monotonic() if now is None else now
        count, _ = self._failures.get(key, (0, now))
        self._failures[key] = (count + 1, now)
        if len(self._failures) > 10_000:  # forget keys whose wait is long over
            self._failures = {k: v for k, v in self._failures.items()
                              if now - v[1] < self.most}

    def succeeded(self, key: str) -> None:
        """Forget ``key``'s wrong passwords."""
        self._failures.pop(key, None)


@dataclass
class RateLimiter:
    """A token bucket per client address: ``burst`` requests at once, then ``rate`` a second.

    :meth:`take` answers 0 when the request may go on, else the seconds to wait (the
    ``Retry-After`` of a 429).

    >>> limiter = RateLimiter(rate=1.0, burst=2)
    >>> [limiter.take("10.0.0.7", now=0.0) for _ in range(3)]
    [0.0, 0.0, 1.0]
    >>> limiter.take("10.0.0.8", now=0.0), limiter.take("10.0.0.7", now=1.0)
    (0.0, 0.0)
    """

    rate: float = 20.0
    burst: int = 60
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)

    def take(self, client: str, *, cost: float = 1.0, now: float | None = None) -> float:
        """Take ``cost`` tokens from ``client``'s bucket (an event stream costs more than a
        request): 0 if they were there, else the seconds until they will be."""
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        if tokens >= cost:
            self._buckets[client] = (tokens - cost, now)
            self._forget(now)
            return 0.0
        self._buckets[client] = (tokens, now)
        return (cost - tokens) / self.rate if self.rate > 0 else math.inf

    def _forget(self, now: float) -> None:
        # Full buckets carry no information: drop them now and then, so that a scan from many
        # addresses cannot grow the table without end.
        if len(self._buckets) > 10_000:
            full = self.burst / self.rate if self.rate > 0 else math.inf
            self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < full}
