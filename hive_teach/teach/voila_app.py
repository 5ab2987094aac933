"""Voilà as ``hive-teach learn`` runs it: Voilà itself, plus the rules page.

``python -m hive_teach.teach.voila_app FOLDER [Voilà options]`` is ``python -m voila`` with
two more addresses: ``rules.html`` (:data:`~hive_teach.teach.app.RULES_URL`), the rules page
as HTML, and ``voila/docs/rules.md``, where a lesson's link to ``../../docs/rules.md`` lands
from ``voila/render/<lang>/``; it sends the browser on to ``rules.html``, which keeps the
link's ``#anchor``. Imported only in that process: it needs Voilà.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import tornado.web
from jupyter_server.utils import url_path_join
from voila.app import Voila  # type: ignore[import-untyped]

from hive_teach.teach.app import RULES_URL, rules_html


@cache
def _page() -> bytes:
    return rules_html().encode("utf-8")


class RulesHandler(tornado.web.RequestHandler):
    """The rules page, rendered once per process."""

    def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(_page())


class CourseVoila(Voila):  # type: ignore[misc]  # Voilà has no type hints
    """Voilà with the rules page's two addresses ahead of its own."""

    def init_handlers(self) -> list[Any]:
        page = url_path_join(self.server_url, RULES_URL)
        lesson_link = url_path_join(self.server_url, "voila/docs/rules.md")
        redirect = {"url": page, "permanent": False}
        own: list[Any] = [(page, RulesHandler),
                          (lesson_link, tornado.web.RedirectHandler, redirect)]
        return own + list(super().init_handlers())


main = CourseVoila.launch_instance

if __name__ == "__main__":
    main()
