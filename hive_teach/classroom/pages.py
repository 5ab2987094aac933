"""The classroom's HTML pages (start page, game page, sign-in, teacher's dashboard).

A stub until the pages are written: :func:`page_routes` gives the routes the server mounts.

>>> page_routes(None)  # type: ignore[arg-type]
[]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.routing import BaseRoute

    from hive_teach.classroom.server import Classroom


def page_routes(classroom: Classroom) -> list[BaseRoute]:
    """The page routes; ``classroom`` gives the service, ``user(request)`` and
    ``is_teacher(request)``."""
    return []
