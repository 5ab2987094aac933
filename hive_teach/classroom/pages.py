"""The classroom's HTML pages: the start page, the game page, the teacher's pages, the rules.

``/rules/<lang>`` is the kit's rules page in that language (``/rules`` picks the language as
every page does), each rule at its id (``/rules/de#R7``) and at the English page's anchor;
the game page's rule link ("Rule R7") goes there.

Pages are HTML written from the Jinja2 templates in ``templates/`` (each extends
``base.html``; autoescaping on, an unknown name is an error) and the words of the page
catalogues ``locale/<lang>/classroom.toml`` (:mod:`hive_teach.classroom.words`):
``{{ w["key"] }}`` in a template (a subscript, so that no word is taken for a method of
:class:`dict` such as ``copy``). The pages'
JavaScript and CSS live in ``static/`` and use nothing from outside: the browser fetches
the board and its legal moves from the JSON API and draws the highlights itself, so that a
click lights up a piece's targets at once.

>>> words("de")["join"]
'Schwarz spielen'
>>> pick_language("xx", "de-CH,de;q=0.9,en;q=0.8"), pick_language("zh", None)
('de', 'zh')
>>> text = render_page("error", "en", title="x", message="no game 'a<b'")
>>> "no game &#39;a&lt;b&#39;" in text and '<html lang="en">' in text
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from hive_teach.classroom.words import words
from hive_teach.core.fonts import FONT_FILE
from hive_teach.core.i18n import LANGUAGES
from hive_teach.core.rules import rules_body, rules_page

HERE = Path(__file__).parent
TEMPLATES = HERE / "templates"
FONT_URL = "/static/fonts/hive-teach-cjk.ttf"
"""Where the pages' CSS finds the bundled Chinese font (served from the package's fonts)."""

# A game id as the service makes them (token_urlsafe); anything else is no game of ours.
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}\Z")


class Games(Protocol):
    """What the pages ask the game service: a game's summary (raising an error whose
    ``status`` is 404 for an unknown id)."""

    def game(self, game_id: str) -> Mapping[str, object]: ...


class Room(Protocol):
    """What the pages need of the server's :class:`~hive_teach.classroom.server.Classroom`."""

    @property
    def service(self) -> Games: ...

    @property
    def config(self) -> _Config: ...

    def is_teacher(self, request: Request) -> bool: ...


class _Config(Protocol):
    @property
    def lessons_url(self) -> str | None: ...


def pick_language(asked: str | None, accept: str | None) -> str:
    """The page's language: ``?lang=`` if it is one of the kit's, else the browser's first
    choice among them (``Accept-Language``), else English."""
    if asked in LANGUAGES:
        return asked
    for part in (accept or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


# Autoescaping everywhere (every template is HTML); a name a template uses but the page does
# not give is an error, not an empty string.
ENV = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True,
                  undefined=StrictUndefined, trim_blocks=True, keep_trailing_newline=True)
# The words' JSON in the page's order and characters (still HTML-safe: tojson escapes <>&').
ENV.policies["json.dumps_kwargs"] = {"sort_keys": False, "ensure_ascii": False}


def fill(text: str, **values: object) -> str:
    """A catalogue word with its ``{name}`` blanks filled (as the service fills its words).

    >>> fill(words("en")["game_name"], id="u_MllTTc")
    'Game u_MllTTc'
    """
    return text.format_map(values)


def render_page(name: str, lang: str, *, title: str, **values: str | Markup) -> str:
    """The page ``name`` in ``lang``: ``templates/<name>.html`` (inside ``base.html``) with
    ``w`` the words of the catalogue and ``values`` its other names, all HTML-escaped.

    The words also go to the page's script as JSON (Jinja2's ``tojson``, which escapes
    ``<``, ``>``, ``&`` and ``'``, so that no word can end the script tag)."""
    return ENV.get_template(f"{name}.html").render(
        values, w=dict(words(lang)), lang=lang, title=title, page=name, languages=LANGUAGES)


def page_routes(room: Room) -> list[BaseRoute]:
    """The pages' routes, which the server's app puts before its ``/static`` mount.

    ``room.service`` tells whether a game exists (an unknown id gets a page saying so),
    ``room.is_teacher(request)`` whether a request has the teacher's session cookie (without
    it every teacher page sends the browser to the sign-in form), and
    ``room.config.lessons_url`` is where the start page's lesson link goes (none if None).
    """
    games, lessons_url, is_teacher = room.service, room.config.lessons_url, room.is_teacher

    def lang_of(request: Request) -> str:
        return pick_language(request.query_params.get("lang"),
                             request.headers.get("accept-language"))

    def page(request: Request, name: str, title: str, status: int = 200,
             **values: str) -> HTMLResponse:
        lang = lang_of(request)
        heading = fill(words(lang)[title], **values)
        text = render_page(name, lang, title=heading, heading=heading, **values)
        return HTMLResponse(text, status_code=status,
                            headers={"Cache-Control": "no-store", "Content-Language": lang})

    def error(request: Request, key: str, status: int, **values: str) -> HTMLResponse:
        lang = lang_of(request)
        return page(request, "error", "error_title", status,
                    message=fill(words(lang)[key], **values))

    def teacher_ok(request: Request) -> bool:
        return is_teacher(request)

    def to_login(request: Request) -> Response:
        return RedirectResponse(f"/teacher/login?lang={lang_of(request)}", status_code=303)

    def start(request: Request) -> Response:
        # Without a lessons URL there is no lesson link to show.
        return page(request, "start", "site_title", lessons_url=lessons_url or "")

    def game_known(game_id: str) -> bool:
        if not GAME_ID.match(game_id):
            return False
        try:
            games.game(game_id)
        except Exception as e:  # the service's refusal (404) for an unknown game
            if getattr(e, "status", None) == 404:
                return False
            raise
        return True

    def play(request: Request) -> Response:
        game_id = str(request.path_params["game_id"])
        if not game_known(game_id):
            return error(request, "no_such_game", 404, id=game_id[:40])
        return page(request, "play", "game_name", id=game_id)

    def teacher_login(request: Request) -> Response:
        return page(request, "teacher_login", "teacher_login_title")

    def teacher(request: Request) -> Response:
        if not teacher_ok(request):
            return to_login(request)
        return page(request, "teacher", "dashboard_title")

    def replay(request: Request) -> Response:
        if not teacher_ok(request):
            return to_login(request)
        game_id = str(request.path_params["game_id"])
        if not game_known(game_id):
            return error(request, "no_such_game", 404, id=game_id[:40])
        return page(request, "replay", "replay_title", id=game_id)

    def rules(request: Request) -> Response:
        lang = str(request.path_params["lang"])
        if lang not in LANGUAGES:
            return error(request, "no_rules_page", 404, lang=lang[:10],
                         languages=", ".join(LANGUAGES))
        title = rules_page(lang).read_text(encoding="utf-8").splitlines()[0].lstrip("# ")
        text = render_page("rules", lang, title=title, body=Markup(rules_body(lang)))
        return HTMLResponse(text, headers={"Cache-Control": "no-store",
                                           "Content-Language": lang})

    def rules_here(request: Request) -> Response:
        return RedirectResponse(f"/rules/{lang_of(request)}", status_code=303)

    def favicon(request: Request) -> Response:
        return RedirectResponse("/static/favicon.svg", status_code=301)

    def font(request: Request) -> Response:
        # The font lives once, in hive_teach/core/fonts; served from /static with the rest.
        return FileResponse(FONT_FILE, media_type="font/ttf",
                            headers={"Cache-Control": "public, max-age=86400"})

    return [
        Route("/", start, methods=["GET"]),
        Route("/play/{game_id:str}", play, methods=["GET"]),
        Route("/teacher/login", teacher_login, methods=["GET"]),
        Route("/teacher", teacher, methods=["GET"]),
        Route("/teacher/games/{game_id:str}", replay, methods=["GET"]),
        Route("/rules", rules_here, methods=["GET"]),
        Route("/rules/{lang:str}", rules, methods=["GET"]),
        Route("/favicon.ico", favicon, methods=["GET"]),
        Route(FONT_URL, font, methods=["GET"]),
    ]


def not_found_page(request: Request) -> HTMLResponse:
    """A page for an address that is no page (for the server's 404 handler on non-API paths)."""
    lang = pick_language(request.query_params.get("lang"), request.headers.get("accept-language"))
    text = render_page("error", lang, title=words(lang)["error_title"],
                       message=words(lang)["bad_address"])
    return HTMLResponse(text, status_code=404)
