"""Seat tokens, password hashes, signed cookies and the rate limiter: all from the stdlib.

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
>>> signer = Signer(b"k" * 32)
>>> cookie = signer.sign("user", "ada", now=1000.0)
>>> signer.verify("user", cookie, now=1000.0)
'ada'
>>> signer.verify("teacher", cookie, now=1000.0) is None  # a learner's cookie is no teacher's
True
>>> signer.verify("user", cookie[:-1] + ("A" if cookie[-1] != "A" else "B"), now=1000.0)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import secrets
import time
from dataclasses import dataclass, field

# scrypt's cost: 16 MiB and ~50 ms per check on a school laptop (OWASP's minimum is N=2**17
# with r=8 for 128 MiB; N=2**14 keeps a class signing in at once within the server's memory).
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1

COOKIE_AGE = 12 * 3600  # a school day: a signed-in session ends by the next morning


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


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


class Signer:
    """Signs cookie values with HMAC-SHA256: ``kind`` (``user``, ``teacher``) and an expiry are
    part of what is signed, so one kind of cookie cannot stand in for another."""

    def __init__(self, key: bytes) -> None:
        self._key = key

    def _mac(self, payload: str) -> str:
        return _b64(hmac.new(self._key, payload.encode("utf-8"), hashlib.sha256).digest())

    def sign(self, kind: str, value: str, *, now: float | None = None) -> str:
        """The cookie for ``value`` (no ``.`` or ``|`` in ``kind``), valid :data:`COOKIE_AGE`."""
        expires = int((time.time() if now is None else now) + COOKIE_AGE)
        body = _b64(value.encode("utf-8"))
        payload = f"{kind}|{body}|{expires}"
        return f"{body}.{expires}.{self._mac(payload)}"

    def verify(self, kind: str, cookie: str | None, *, now: float | None = None) -> str | None:
        """The value ``cookie`` was signed with for ``kind``, or None (forged, old, other)."""
        if not cookie:
            return None
        parts = cookie.split(".")
        if len(parts) != 3:
            return None
        body, expires, mac = parts
        if not hmac.compare_digest(self._mac(f"{kind}|{body}|{expires}"), mac):
            return None
        try:
            if int(expires) < (time.time() if now is None else now):
                return None
            return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            return None


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

    def take(self, client: str, *, now: float | None = None) -> float:
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        if tokens >= 1.0:
            self._buckets[client] = (tokens - 1.0, now)
            self._forget(now)
            return 0.0
        self._buckets[client] = (tokens, now)
        return (1.0 - tokens) / self.rate if self.rate > 0 else math.inf

    def _forget(self, now: float) -> None:
        # Full buckets carry no information: drop them now and then, so that a scan from many
        # addresses cannot grow the table without end.
        if len(self._buckets) > 10_000:
            full = self.burst / self.rate if self.rate > 0 else math.inf
            self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < full}
