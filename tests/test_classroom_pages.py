"""The classroom's pages without a browser: their catalogues, their words in the bundled
Chinese font, and clear pages (not tracebacks) for bad addresses."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from classroom_support import ThreadServer, serving

from hive_teach.classroom import pages
from hive_teach.core.fonts import FONT_FILE, is_cjk
from hive_teach.core.i18n import LANGUAGES, LOCALE

CLASSROOM = Path(pages.__file__).parent
PASSWORD = "chalk and talk"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    with serving(data_dir=tmp_path_factory.mktemp("data"), teacher_password=PASSWORD,
                 lessons_url="http://127.0.0.1:8866/", rate=10_000, burst=10_000) as srv:
        yield srv


@pytest.fixture
def client(server: ThreadServer) -> Iterator[httpx.Client]:
    with server.client() as c:
        yield c


def test_every_catalogue_has_the_same_words_and_every_template_word_exists() -> None:
    keys = {lang: set(pages.words(lang)) for lang in LANGUAGES}
    assert keys["de"] == keys["en"] == keys["zh"]
    used = set()
    for path in (CLASSROOM / "templates").glob("*.html"):
        used |= set(re.findall(r'\bw\["(\w+)"\]', path.read_text(encoding="utf-8")))
    for path in (CLASSROOM / "static").glob("*.js"):
        # w("key") and HT.w("key"); keys chosen in a variable are not found, which is why
        # the test also asks for a few by name.
        used |= set(re.findall(r'\bw\(\s*"(\w+)"', path.read_text(encoding="utf-8")))
    missing = sorted(used - keys["en"])
    assert not missing, f"words the pages use but the catalogues lack: {missing}"
    assert {"your_turn", "illegal_title", "take_black", "attempts_heading"} <= used


def test_the_classroom_s_chinese_words_are_all_in_the_bundled_font() -> None:
    from fontTools.ttLib import TTFont

    cmap = TTFont(str(FONT_FILE)).getBestCmap()
    text = (LOCALE / "zh" / "classroom.toml").read_text(encoding="utf-8")
    chinese = {ch for ch in text if is_cjk(ch)}
    assert len(chinese) > 100
    missing = sorted(ch for ch in chinese if ord(ch) not in cmap)
    assert not missing, f"the bundled font lacks {''.join(missing)!r} (tools/subset_cjk_font.py)"


def test_page_words_live_in_the_catalogues_only() -> None:
    # Chinese anywhere else would escape the font check above and the translators.
    for folder in ("templates", "static"):
        for path in (CLASSROOM / folder).iterdir():
            text = path.read_text(encoding="utf-8")
            assert not any(is_cjk(ch) for ch in text), path


def test_the_german_catalogue_calls_a_tile_a_stein() -> None:
    de = tomllib.loads((LOCALE / "de" / "classroom.toml").read_text(encoding="utf-8"))
    texts = " ".join(de["templates"].values())
    assert "Stein" in texts and "Kachel" not in texts and "Plättchen" not in texts


@pytest.mark.parametrize("lang, title", [("en", "Start a new game"),
                                         ("de", "Neue Partie starten"),
                                         ("zh", "开始新的对局")])
def test_the_start_page_in_each_language(client: httpx.Client, lang: str, title: str) -> None:
    answer = client.get(f"/?lang={lang}")
    assert answer.status_code == 200
    assert f'<html lang="{lang}">' in answer.text and title in answer.text
    assert '<p class="lessons"><a class="button" href="http://127.0.0.1:8866/">' in answer.text
    assert "https://" not in answer.text  # nothing from a CDN


def test_a_garbage_language_falls_back_to_the_browser_s_then_english(client: httpx.Client) -> None:
    assert '<html lang="de">' in client.get("/?lang=%00%ff<script>",
                                            headers={"Accept-Language": "de-AT"}).text
    answer = client.get("/?lang=klingon&lang=xx&ply=-1")
    assert answer.status_code == 200 and '<html lang="en">' in answer.text


def test_an_unknown_game_gets_a_page_saying_so(client: httpx.Client) -> None:
    answer = client.get("/play/no-such-game?lang=de")
    assert answer.status_code == 404
    assert "text/html" in answer.headers["content-type"]
    assert "Es gibt keine Partie „no-such-game“" in answer.text
    odd = client.get("/play/%3Cscript%3Ealert(1)%3C%2Fscript%3E")  # no page's address
    assert odd.status_code == 404 and "<script>alert" not in odd.text
    assert "This page does not exist" in odd.text
    odd = client.get("/play/%3Cimg%20src=x%20onerror=alert(1)%3E?lang=en")
    assert odd.status_code == 404 and "<img" not in odd.text
    assert "There is no game “&lt;img src=x onerror=alert(1)&gt;”" in odd.text


def test_a_known_game_gets_its_page(client: httpx.Client) -> None:
    game = client.post("/api/games", json={"game_type": "Base+M"}).json()
    answer = client.get(f"/play/{game['id']}?lang=zh&ply=abc&x=%ZZ")
    assert answer.status_code == 200
    assert f'data-game="{game["id"]}"' in answer.text


def test_teacher_pages_send_a_stranger_to_the_sign_in_form(client: httpx.Client) -> None:
    for path in ("/teacher", "/teacher/games/whatever"):
        answer = client.get(path + "?lang=de", follow_redirects=False)
        assert answer.status_code == 303, path
        assert answer.headers["location"] == "/teacher/login?lang=de"
    assert client.get("/teacher/login").status_code == 200


def test_the_teacher_s_replay_of_an_unknown_game_is_a_clear_page(client: httpx.Client) -> None:
    assert client.post("/api/teacher/login", json={"password": PASSWORD}).status_code == 200
    assert client.get("/teacher").status_code == 200
    answer = client.get("/teacher/games/nope")
    assert answer.status_code == 404 and "nope" in answer.text


def test_the_font_is_served_from_static(client: httpx.Client) -> None:
    answer = client.get(pages.FONT_URL)
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "font/ttf"
    assert answer.content == FONT_FILE.read_bytes()
    css = client.get("/static/classroom.css").text
    assert pages.FONT_URL in css and "unicode-range" in css


def test_every_page_is_a_jinja2_template_that_escapes_what_it_is_given() -> None:
    import jinja2

    text = pages.render_page("play", "en", title="<t>", id='"><script>alert(1)</script>')
    assert 'data-game="&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"' in text
    assert "<title>&lt;t&gt;</title>" in text and "<script>alert" not in text
    with pytest.raises(jinja2.UndefinedError):  # a name the page does not give is an error
        pages.render_page("play", "en", title="x")
    for path in (CLASSROOM / "templates").glob("*.html"):  # one syntax: no $name is left
        assert not re.search(r"\$\w", path.read_text(encoding="utf-8")), path


@pytest.mark.parametrize("lang", ["en", "de", "zh"])
def test_the_rules_page_in_each_language(client: httpx.Client, lang: str) -> None:
    """``/rules/<lang>``: every rule under its id and the English page's anchor, titled in the
    language, in the classroom's page (its CSP: no inline script or style)."""
    from hive_teach.core.rules import rule_anchor, rule_ids, rule_title

    answer = client.get(f"/rules/{lang}")
    assert answer.status_code == 200 and answer.headers["content-language"] == lang
    page = answer.text
    assert f'<html lang="{lang}">' in page
    for rule in rule_ids():
        assert (f'<h3 id="{rule}"><a id="{rule_anchor(rule)}"></a>{rule}: '
                f'{rule_title(rule, lang)}</h3>') in page, rule
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    assert "<style" not in page and " style=" not in page and "<script>" not in page
    assert not re.search(r"<script(?![^>]*(src=|application/json))", page)
    assert "[position.stacks]" not in page  # the test suite's blocks stay out
    assert f'href="/rules/{lang}"' in client.get(f"/?lang={lang}").text  # the header links it


def test_rules_without_a_language_and_in_an_unknown_one(client: httpx.Client) -> None:
    answer = client.get("/rules", headers={"accept-language": "zh-CN,zh;q=0.9"})
    assert answer.status_code == 303 and answer.headers["location"] == "/rules/zh"
    answer = client.get("/rules/fr?lang=de")
    assert answer.status_code == 404
    assert "Es gibt keine Regelseite in &#39;fr&#39;: Die Regeln gibt es in en, de, zh." in \
        answer.text


def test_the_classroom_has_an_icon(client: httpx.Client) -> None:
    """The browser asked for /favicon.ico and got a 404 (an error in every page's console)."""
    assert '<link rel="icon" href="/static/favicon.svg"' in client.get("/").text
    icon = client.get("/static/favicon.svg")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg")
    assert icon.text.startswith("<svg")
    answer = client.get("/favicon.ico")
    assert answer.status_code == 301 and answer.headers["location"] == "/static/favicon.svg"
