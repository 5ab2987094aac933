"""The classroom's pages in a real browser: two learners play each other by a link, a
spectator watches live, the teacher sees the class; Debian's Chromium through Playwright,
against the real server (``hive-teach classroom`` on a free port, SQLite in a temp folder).

In CI (``CI`` set) a missing Chromium fails these tests; on a developer machine they skip
with a message saying how to install it. ``HIVE_TEACH_SHOTS=/some/dir`` saves screenshots of
what the learners and the teacher see.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_support import browser, require_chromium
from classroom_support import WHITE_WINS, ProcessServer

TEACHER_PASSWORD = "chalk-and-talk"

# A real server and browser per test: in the full suite (and CI), not in the quick `-m "not slow"`.
pytestmark = pytest.mark.slow

require_chromium("the browser test")


class Server(ProcessServer):
    """``hive-teach classroom`` on a free port, SQLite in a temp folder. The three browsers
    share one address: a roomy rate limit, as a classroom behind one router would need."""

    def __init__(self, tmp: Path) -> None:
        password = tmp / "teacher.txt"
        password.write_text(TEACHER_PASSWORD + "\n", encoding="utf-8")
        super().__init__(tmp / "data", "--teacher-password-file", str(password),
                         "--rate", "300")

    def api(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        answer = httpx.request(method, self.base + path, json=body, timeout=10)
        return {**answer.json(), "status": answer.status_code}

    def view(self, game_id: str) -> Any:
        return self.api("GET", f"/api/games/{game_id}/view?lang=en")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("classroom"))
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with browser() as b:
        yield b


def new_page(chromium: Any) -> Any:
    """A page in a browser context of its own: its own localStorage and cookies, as a
    learner's own computer has."""
    page = chromium.new_context(viewport={"width": 1280, "height": 860}).new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    # Anything the Content-Security-Policy blocks is an error too (Chromium logs it).
    page.on("console", lambda m: page.errors.append(m.text)
            if "Content Security Policy" in m.text else None)
    return page


def shot(page: Any, name: str) -> None:
    folder = os.environ.get("HIVE_TEACH_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def click_at(page: Any, xy: list[float]) -> None:
    """Click the board at ``xy``, a point in the SVG's viewBox units (as the view gives)."""
    x, y = page.evaluate("""([x, y]) => {
      const svg = document.querySelector('#board svg');
      const p = svg.createSVGPoint(); p.x = x; p.y = y;
      const q = p.matrixTransform(svg.getScreenCTM());
      return [q.x, q.y];
    }""", xy)
    page.mouse.click(x, y)


def click_cell(page: Any, server: Server, game_id: str, cell: str) -> None:
    click_at(page, server.view(game_id)["cells"][cell])


def click_hand(page: Any, server: Server, game_id: str, piece: str) -> None:
    click_at(page, server.view(game_id)["hand"][piece])


def name_contrast(page: Any, cell: str) -> float:
    """The contrast (WCAG's ratio, 1 to 21) between the ink of ``cell``'s name on the board and
    the ground around it, as the page shows them (a screenshot of the name)."""
    import io

    import numpy as np
    from PIL import Image

    box = page.evaluate("""(name) => {
      const t = [...document.querySelectorAll('#board svg text')]
        .find((e) => e.textContent === name);
      const r = t.getBoundingClientRect();
      return {x: r.x - 2, y: r.y - 2, width: r.width + 4, height: r.height + 4};
    }""", cell)
    rgb = np.asarray(Image.open(io.BytesIO(page.screenshot(clip=box))).convert("RGB")) / 255
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    lum = linear @ np.array([0.2126, 0.7152, 0.0722])
    return float((lum.max() + 0.05) / (lum.min() + 0.05))


def lit(page: Any) -> list[str]:
    """The cells the page shows green, sorted."""
    return sorted(page.eval_on_selector_all(".ht-target", "es => es.map(e => e.dataset.cell)"))


def wait_moves(page: Any, n: int) -> None:
    """Until the page lists ``n`` moves (without a reload)."""
    page.wait_for_function("(n) => document.querySelectorAll('#moves li[data-ply]').length === n",
                           arg=n, timeout=10_000)


def test_two_learners_play_by_the_link_while_a_spectator_watches(server: Server,
                                                                  chromium: Any) -> None:
    a, b, spectator = new_page(chromium), new_page(chromium), new_page(chromium)

    # A starts a game on the start page and gets the link for B.
    a.goto(server.base + "/?lang=en")
    a.click("#create")
    a.wait_for_url("**/play/**")
    a.wait_for_selector("#board svg")
    game_id = a.url.split("/play/")[1].split("?")[0]
    link = a.input_value("#join-url")
    assert link == f"{server.base}/play/{game_id}"
    assert a.inner_text("#seat") == "You play White."

    # A click on a hand tile lights its targets at once: no request goes out for it.
    sent: list[str] = []
    a.on("request", lambda r: sent.append(r.url) if "/events" not in r.url else None)
    click_hand(a, server, game_id, "wS1")
    a.wait_for_selector(".ht-target", timeout=2_000)
    assert sent == []
    assert lit(a) == ["0,0"]
    assert "Spider wS1" in a.inner_text("#message")
    click_cell(a, server, game_id, "0,0")
    wait_moves(a, 1)

    # B opens the link, is offered Black, and takes it; the spectator opens it after.
    b.goto(link)
    b.wait_for_selector("#offer:not([hidden])")
    b.click("#take-black")
    b.wait_for_function("() => document.querySelector('#seat').textContent === 'You play Black.'")
    spectator.goto(link)
    spectator.wait_for_selector("#board svg")
    assert spectator.is_hidden("#offer")
    assert spectator.inner_text("#seat") == "You are watching this game."
    wait_moves(spectator, 1)

    click_hand(b, server, game_id, "bS1")
    assert lit(b) == ["-1,0", "-1,1", "0,-1", "0,1", "1,-1", "1,0"]
    click_cell(b, server, game_id, "1,0")
    wait_moves(b, 2)
    wait_moves(spectator, 2)  # live, through the event stream
    wait_moves(a, 2)

    # A places the Queen on a green cell.
    click_hand(a, server, game_id, "wQ")
    assert "-1,0" in lit(a)
    click_cell(a, server, game_id, "-1,0")
    wait_moves(a, 3)
    wait_moves(b, 3)

    # B clicks a cell that is not green: the server's rule id and the engine's reason show.
    click_hand(b, server, game_id, "bQ")
    assert "0,1" not in lit(b)
    click_cell(b, server, game_id, "0,1")
    b.wait_for_selector("#illegal:not([hidden])")
    assert b.inner_text("#illegal-rule") == "Rule R3"
    reason = b.inner_text("#illegal-reason")
    assert "wS1" in reason and "own colour" in reason, reason
    assert b.locator(".ht-wrong").count() == 1
    shot(b, "learner-b-illegal")
    click_cell(b, server, game_id, "2,0")
    wait_moves(b, 4)
    assert b.is_hidden("#illegal")

    # A closes the tab and comes back: the seat is still A's.
    a.reload()
    a.wait_for_selector("#board svg")
    wait_moves(a, 4)
    assert a.inner_text("#seat") == "You play White."
    assert a.inner_text("#status").startswith("Your turn")
    # A board piece: its targets light up; a second click on it puts them out.
    queen = server.view(game_id)["cells"]["-1,0"]
    click_at(a, queen)
    assert lit(a) == sorted(server.view(game_id)["targets"]["wQ"])
    click_at(a, queen)
    assert lit(a) == []
    click_at(a, queen)
    shot(a, "learner-a-targets")
    # A lit cell's name reads as well as an unlit one's (a plain green fill over the name
    # paled it to about two thirds of that contrast).
    plain = name_contrast(a, "1,-1")
    assert all(name_contrast(a, c) >= plain for c in lit(a)), [
        (c, name_contrast(a, c), plain) for c in lit(a)]
    target = lit(a)[0]
    click_cell(a, server, game_id, target)
    wait_moves(a, 5)
    wait_moves(spectator, 5)
    assert spectator.locator("#moves li[data-ply]").nth(4).inner_text() == \
        server.view(game_id)["moves"][4]
    shot(spectator, "spectator")
    # The spectator's board takes no clicks: nothing lights up.
    click_at(spectator, server.view(game_id)["cells"]["0,0"])
    assert lit(spectator) == []
    for page in (a, b, spectator):
        assert page.errors == []


def test_a_learner_plays_with_the_keyboard_alone(server: Server, chromium: Any) -> None:
    a = new_page(chromium)
    a.goto(server.base + "/?lang=en")
    a.click("#create")
    a.wait_for_url("**/play/**")
    a.wait_for_selector("#keys:not([hidden])")
    game_id = a.url.split("/play/")[1].split("?")[0]
    view = server.view(game_id)

    def entries(menu: str) -> list[list[str]]:
        return a.eval_on_selector_all(f"{menu} option", "os => os.map(o => [o.value, o.text])")

    # The pieces that can move, each with where it is; nothing chosen at first.
    pieces = entries("#key-piece")
    assert pieces[0] == ["", "—"] and a.input_value("#key-piece") == ""
    assert [v for v, _ in pieces[1:]] == sorted(p for p, t in view["targets"].items() if t)
    assert dict(pieces)["wS1"] == "Spider wS1 (in hand)"
    a.focus("#key-play")
    a.keyboard.press("Enter")
    assert a.inner_text("#message") == "Choose a piece first."
    a.select_option("#key-piece", "wS1")  # the board lights the same cells as a click does
    assert lit(a) == sorted(view["targets"]["wS1"])
    assert [v for v, _ in entries("#key-cell")[1:]] == sorted(view["targets"]["wS1"])
    shot(a, "learner-keyboard")
    a.focus("#key-play")
    a.keyboard.press("Enter")
    assert a.inner_text("#message") == "Now choose the cell it goes to."
    a.select_option("#key-cell", "0,0")
    a.focus("#key-play")
    a.keyboard.press("Enter")
    wait_moves(a, 1)
    assert a.inner_text("#message") == "You played wS1."
    assert a.locator("#keys").is_hidden()  # Black's turn: no menus to play from
    assert a.errors == []


def test_the_teacher_sees_every_game_and_the_attempts_by_rule(server: Server,
                                                               chromium: Any) -> None:
    game = server.api("POST", "/api/games", {"game_type": "Base+MLP"})
    black = server.api("POST", f"/api/games/{game['id']}/join", {})
    server.api("POST", f"/api/games/{game['id']}/moves",
               {"move": "wS1", "token": game["token"], "ply": 0})
    refused = server.api("POST", f"/api/games/{game['id']}/moves",
                         {"piece": "bQ", "to": "3,0", "token": black["token"], "ply": 1})
    assert refused["status"] == 422 and refused["rule"] == "R2"

    page = new_page(chromium)
    page.goto(server.base + "/teacher?lang=en")
    page.wait_for_url("**/teacher/login**")  # no session yet: the sign-in form
    page.fill("input[name=password]", "wrong")
    page.click("#teacher-login")
    page.wait_for_selector("#teacher-message:has-text('wrong')")
    page.fill("input[name=password]", TEACHER_PASSWORD)
    page.click("#teacher-login")
    page.wait_for_url("**/teacher?lang=en")
    row = page.locator(f"#games tr[data-game='{game['id']}']")
    row.wait_for()
    assert "Base+MLP" in row.inner_text() and "being played" in row.inner_text()
    rule = page.locator("#attempts tr[data-rule='R2']")
    rule.wait_for()
    cells = rule.locator("td").all_inner_texts()
    # Only the teacher's browser holds the session: the API refuses a request without it.
    assert server.api("GET", "/api/teacher/attempts")["status"] == 401
    assert cells[0] == "R2" and cells[1] and int(cells[2]) >= 1
    assert page.get_attribute("a[href='/teacher/attempts.csv']", "download") is not None
    shot(page, "teacher-dashboard")

    # The replay: move by move through view?ply=K.
    row.locator("a", has_text="Replay").click()
    page.wait_for_selector("#board svg")
    assert page.inner_text("#status").startswith("After move 1 of 1")
    page.click("#first")
    page.wait_for_function("() => document.querySelector('#status').textContent"
                           ".startsWith('Starting position')")
    assert page.input_value("#ply") == "0"
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('#status').textContent"
                           ".startsWith('After move 1 of 1: wS1')")
    shot(page, "teacher-replay")
    assert page.errors == []


def test_a_finished_game_says_who_won_in_plain_words(server: Server, chromium: Any) -> None:
    game = server.api("POST", "/api/games", {"game_type": "Base"})
    black = server.api("POST", f"/api/games/{game['id']}/join", {})
    for ply, move in enumerate(WHITE_WINS):
        token = game["token"] if ply % 2 == 0 else black["token"]
        answer = server.api("POST", f"/api/games/{game['id']}/moves",
                            {"move": move, "token": token, "ply": ply})
        assert answer["status"] == 200, answer
    page = new_page(chromium)
    page.goto(f"{server.base}/play/{game['id']}?lang=de")
    page.wait_for_selector("#board svg")
    assert page.inner_text("#status") == \
        "Weiß gewinnt: Die Bienenkönigin von Schwarz ist umzingelt. (R19)"
    assert page.is_hidden("#offer") and page.is_hidden("#pass")
    assert page.inner_text("#seat") == "Du schaust dieser Partie zu."
    wait_moves(page, len(WHITE_WINS))
    assert page.errors == []


# After these five plies Black's only move is to pass: the Queen may not leave White's Ant
# (the hive would split) and every free cell by a black piece touches a white one.
BLACK_MUST_PASS = ["wA1", "bQ /wA1", "wQ \\wA1", "bQ -wA1", "wA1 /bQ"]


def test_the_pass_button_shows_when_passing_is_the_only_move(server: Server,
                                                            chromium: Any) -> None:
    game = server.api("POST", "/api/games", {"game_type": "Base"})
    page = new_page(chromium)
    page.goto(f"{server.base}/play/{game['id']}?lang=en")
    page.click("#take-black")
    page.wait_for_function(
        "() => document.querySelector('#seat').textContent === 'You play Black.'")
    black = page.evaluate(f"() => JSON.parse(localStorage.getItem('hive_teach.seats'))"
                          f"['{game['id']}'].token")
    for ply, move in enumerate(BLACK_MUST_PASS):
        token = game["token"] if ply % 2 == 0 else black
        answer = server.api("POST", f"/api/games/{game['id']}/moves",
                            {"move": move, "token": token, "ply": ply})
        assert answer["status"] == 200, answer
    wait_moves(page, 5)
    assert server.view(game["id"])["pass"] == "pass"
    assert page.is_visible("#pass")
    assert page.inner_text("#status") == "You have no legal move, so you must pass."
    page.click("#pass")
    wait_moves(page, 6)
    assert page.locator("#moves li[data-ply]").nth(5).inner_text() == "pass"
    assert page.is_hidden("#pass")
    assert page.errors == []


def test_a_learner_signs_in_on_the_start_page_and_sees_the_record(server: Server,
                                                                   chromium: Any) -> None:
    page = new_page(chromium)
    page.goto(server.base + "/?lang=en")
    page.fill("input[name=name]", "ada")
    page.fill("input[name=password]", "lovelace")
    page.click("#register")
    page.wait_for_selector("#signed-in:not([hidden])")
    assert page.inner_text("#who") == "Signed in as ada."
    assert page.inner_text("#record") == "Wins: 0 · Losses: 0 · Draws: 0"
    page.click("#sign-out")
    page.wait_for_selector("#sign-in-form:not([hidden])")
    page.fill("input[name=name]", "ada")
    page.fill("input[name=password]", "babbage")
    page.click("#sign-in")
    page.wait_for_selector("#sign-in-message:has-text('wrong')")
    assert page.is_hidden("#signed-in")
    assert page.errors == []


def cjk_fonts_used(page: Any) -> dict[str, list[tuple[str, int]]]:
    """For every element whose own text has Chinese characters: ``{text: [(font, glyphs)]}``,
    the fonts Chromium really drew that text with (DevTools' CSS.getPlatformFontsForNode)."""
    count = page.evaluate(r"""() => {
      const cjk = /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/;
      let n = 0;
      for (const e of document.body.querySelectorAll('*')) {
        const own = [...e.childNodes].filter(c => c.nodeType === 3).map(c => c.data).join('');
        const box = e.getBoundingClientRect();
        if (cjk.test(own) && box.width > 0 && box.height > 0) e.dataset.zh = String(n++);
      }
      return n;
    }""")
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    used = {}
    for i in range(count):
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": f"[data-zh='{i}']"})
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
        text = page.inner_text(f"[data-zh='{i}']")
        used[text] = [(f["familyName"], f["glyphCount"]) for f in fonts]
    cdp.detach()
    return used


def test_a_chinese_page_shows_the_bundled_font_and_a_german_one_its_words(
        server: Server, chromium: Any) -> None:
    from hive_teach.core.fonts import FAMILY, is_cjk

    page = new_page(chromium)
    # The start page refreshes its game lists every 5 s, replacing their nodes; the font check
    # below walks the nodes one by one, so it needs them to stay (no refresh on this page).
    page.add_init_script("window.setInterval = () => 0;")
    page.goto(server.base + "/?lang=zh")
    page.wait_for_selector("#open-games li")
    page.evaluate("() => document.fonts.ready.then(() => true)")
    faces = page.evaluate("() => [...document.fonts].map(f => [f.family, f.status])")
    assert [FAMILY, "loaded"] in faces, faces
    assert page.inner_text("#new-game-title") == "开始新的对局"
    # Every Chinese text on the page is drawn with the bundled font: the machine has no
    # Chinese font of its own, so a glyph from any other font is a box.
    used = cjk_fonts_used(page)
    assert len(used) > 20
    for text, fonts in used.items():
        chinese = sum(is_cjk(ch) for ch in text)
        drawn = sum(n for family, n in fonts if family == FAMILY)
        assert drawn >= chinese, (text, fonts)
    shot(page, "start-zh")

    page.goto(server.base + "/?lang=de")
    page.wait_for_selector("#open-games li")
    assert page.inner_text("#new-game-title") == "Neue Partie starten"
    assert page.inner_text("label.check:has(input[name=P])") == "Assel"
    shot(page, "start-de")
    assert page.errors == []
