"""The classroom server: learners play Hive against each other in their browsers over the
school network, the teacher watches every game, replays any of them and sees which rules the
class stumbles over (``hive-teach classroom``; docs/classroom.md).

Modules: :mod:`~.store` (tables, SQLite or PostgreSQL), :mod:`~.security` (tokens, password
hashes, signed cookies, rate limiter), :mod:`~.service` (the game logic, no HTTP),
:mod:`~.server` (the Starlette app and ``serve``), :mod:`~.pages` (the HTML pages).
"""
