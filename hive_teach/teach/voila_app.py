"""Voilà as ``hive-teach learn`` runs it: Voilà itself, plus the rules page and the start page.

``python -m hive_teach.teach.voila_app FOLDER [Voilà options]`` is ``python -m voila`` with
more addresses: ``rules.html`` (:data:`~hive_teach.teach.app.RULES_URL`), the rules page
as HTML (``rules.html?lang=de``, ``?lang=zh``: in German, in Chinese), and
``voila/docs/rules.md`` and ``voila/docs/<lang>/rules.md``, where a lesson's link to
``../../docs/rules.md`` (``../../docs/de/rules.md``) lands from ``voila/render/<lang>/``;
they send the browser on to the rules page in that language, which keeps the link's
``#anchor``. The root ``/`` (and ``voila/tree``, Voilà's listing of the folder) sends
the browser to the contents page of ``--CourseVoila.course_lang`` (default ``en``). Voilà's
warning that a notebook "is not trusted" (said of every lesson: the kit's notebooks carry no
signature, and Voilà runs them anyway) is left out of the log; every other message stays.

A lesson page sets the ``_xsrf`` cookie (:class:`LessonHandler`): Voilà's page, when the
learner leaves it, asks the server to shut its kernel down and sends the cookie's value along,
but Voilà's own page never set the cookie, so the request was refused (403 "'_xsrf' argument
missing") and every lesson opened left a kernel running. Imported only in that process: it
needs Voilà.
"""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

import tornado.web
from jupyter_server.utils import url_path_join
from traitlets import Unicode
from voila.app import Voila  # type: ignore[import-untyped]
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

from hive_teach.core.i18n import LANGUAGES
from hive_teach.teach.app import CONTENTS, RULES_URL, rules_html


@cache
def _page(lang: str) -> bytes:
    return rules_html(lang).encode("utf-8")


class RulesHandler(tornado.web.RequestHandler):
    """The rules page in the language ``?lang=`` asks for (English without), rendered once
    per process and language; an unknown language is a 404 naming the languages."""

    def get(self) -> None:
        lang = self.get_argument("lang", "en")
        if lang not in LANGUAGES:
            raise tornado.web.HTTPError(404, reason=f"no rules page in {lang[:10]!r}: "
                                                    f"lang is one of {', '.join(LANGUAGES)}")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(_page(lang))


class LessonHandler(TornadoVoilaHandler):  # type: ignore[misc]  # Voilà has no type hints
    """Voilà's page handler, which also sets the ``_xsrf`` cookie (tornado sets it the first
    time a handler reads ``xsrf_token``): the page's shutdown request on leaving sends it."""

    async def prepare(self) -> None:
        await super().prepare()  # first: it finds out who the user is, which the token needs
        self.xsrf_token  # noqa: B018  # read for its side effect: the cookie


class ExpectedWarnings(logging.Filter):
    """Leaves out the log's "Notebook ... is not trusted": said of every page, and expected
    (the course's notebooks are the kit's own, unsigned)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.levelno == logging.WARNING
                    and record.msg == "Notebook %s is not trusted")


class CourseVoila(Voila):  # type: ignore[misc]  # Voilà has no type hints
    """Voilà with the rules page's two addresses and the start page ahead of its own."""

    course_lang = Unicode("en", config=True,
                          help="The language whose contents page '/' sends the browser to.")

    def initialize(self, argv: Any = None) -> None:
        super().initialize(argv)
        self.log.addFilter(ExpectedWarnings())

    def init_handlers(self) -> list[Any]:
        page = url_path_join(self.server_url, RULES_URL)
        lesson_link = url_path_join(self.server_url, "voila/docs/rules.md")
        others = "|".join(lang for lang in LANGUAGES if lang != "en")
        lesson_link_lang = url_path_join(self.server_url, f"voila/docs/({others})/rules.md")
        contents = url_path_join(self.server_url, "voila/render", self.course_lang, CONTENTS)
        redirect = {"url": page, "permanent": False}
        redirect_lang = {"url": page + "?lang={0}", "permanent": False}
        start = {"url": contents, "permanent": False}
        own: list[Any] = [(page, RulesHandler),
                          (lesson_link, tornado.web.RedirectHandler, redirect),
                          (lesson_link_lang, tornado.web.RedirectHandler, redirect_lang),
                          (self.server_url, tornado.web.RedirectHandler, start),
                          (url_path_join(self.server_url, "voila/tree/?"),
                           tornado.web.RedirectHandler, start)]
        theirs = [(h[0], LessonHandler, *h[2:]) if h[1] is TornadoVoilaHandler else h
                  for h in super().init_handlers()]
        return own + theirs


main = CourseVoila.launch_instance

if __name__ == "__main__":
    main()
