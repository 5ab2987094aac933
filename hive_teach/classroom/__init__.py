"""The classroom server: learners play Hive against each other in their browsers over the
school network, the teacher watches every game, replays any of them and sees which rules the
class stumbles over (``hive-teach classroom``; docs/classroom.md).

Modules: :mod:`~.store` (tables, SQLite or PostgreSQL), :mod:`~.security` (tokens, password
hashes, login throttle, rate limiter), :mod:`~.service` (the game logic and the sessions, no
HTTP), :mod:`~.server` (the Starlette app, its guards and ``serve``), :mod:`~.pages` (the HTML
pages, from Jinja2 templates).
"""
