"""``hive-teach learn`` in a real browser: the course as an app, offline, without code.

Starts the command as a learner would (``--no-browser`` and a port), opens its contents page
in Debian's Chromium and follows the links. In CI (``CI`` set) a missing Chromium fails.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import (
    browser_page,
    corner_ink,
    free_port,
    jupyterlab,
    require_chromium,
)

from hive_teach.core.rules import rule_anchor, rule_ids, rule_title
from hive_teach.teach.app import (
    KERNEL_IDLE_SECONDS,
    LAB_RULES_LINK,
    LESSON_RULES_LINK,
    RULES_URL,
    copy_course,
    lab_anchor,
    lab_command,
    lab_rules_link,
    lesson_rules_link,
    rules_html,
    rules_url,
    start_url,
    voila_command,
)

require_chromium("the app test")


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    """``learn`` on a port, and the file its output (stdout and stderr) goes to."""
    port = free_port()
    home = tmp_path_factory.mktemp("home")
    log = home / "learn.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "hive_teach.cli", "learn", "--lang",
                                 "de", "--port", str(port), "--no-browser"], cwd=home,
                                stdout=out, stderr=subprocess.STDOUT,
                                env=dict(os.environ, HOME=str(home)))
    try:
        deadline = time.time() + 120  # the address, once the app answers
        while ("The course is at" not in log.read_text() and time.time() < deadline
               and proc.poll() is None):
            time.sleep(0.2)
        assert start_url(port, "de") in log.read_text(), log.read_text()
        yield port, log
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.mark.slow
def test_learn_opens_the_contents_and_a_lesson_with_live_boards_no_code_no_cdn(app) -> None:
    port, _ = app
    outside: list[str] = []
    with browser_page() as page:
        page.on("request", lambda r: outside.append(r.url)
                if not r.url.startswith(("http://127.0.0.1", "data:", "blob:")) else None)
        page.goto(start_url(port, "de"), timeout=180_000)
        page.wait_for_selector("text=Hive: der Kurs", timeout=180_000)
        assert page.locator("a[href='04-gates.ipynb']").count() == 1
        assert page.locator("a[href='../zh/contents.ipynb']").count() == 1
        # progress is what this browser remembers: one solved exercise of lesson 4 (of two;
        # a bare scenario id, as older pages stored, is not counted), a bar per lesson, one
        # for the course, and a legend in words
        page.evaluate("localStorage.setItem('hive-teach-solved', JSON.stringify("
                      "{'04-gates.ipynb': ['ex-1', 'freedom-gate-queen:find']}))")
        page.reload()
        page.wait_for_selector("#hive-teach-course-progress[data-done]", timeout=180_000)
        gates = page.locator("a[href='04-gates.ipynb'] ~ .hive-teach-done")
        assert gates.inner_text().strip() == "✓ 1/2"
        assert gates.locator("progress").evaluate("p => [p.value, p.max]") == [1, 2]
        lessons_done = page.locator(".hive-teach-done")
        assert lessons_done.count() == 17 and lessons_done.nth(0).inner_text().strip() == "✓ 0/2"
        course = page.locator("#hive-teach-course-progress")
        assert course.get_attribute("data-done") == "1"
        assert int(course.get_attribute("data-total") or 0) >= 30
        assert "(3 ✎)" in course.inner_text() and "Aufgaben" in course.inner_text()
        page.click("a[href='04-gates.ipynb']")
        page.wait_for_selector(".jupyter-matplotlib-canvas-div", timeout=180_000)
        assert page.locator("text=Bewegungsfreiheit").count() >= 1
        # No board has a drag handle in its bottom right corner, where a click would resize
        # the board (ipympl's page code made each one resizable): the top layer is empty.
        page.wait_for_timeout(1000)
        corners = corner_ink(page)
        assert corners and set(corners) == {0}, corners
        html = page.content()  # no code on the page, nor the answers in it
        assert "from hive_teach" not in html and "find_exercise" not in html
        assert page.locator(".cm-editor, .jp-CodeMirrorEditor").count() == 0
        assert page.locator("a[href='05-queen-bee.ipynb']").count() == 1  # Weiter
        assert page.locator("a[href='contents.ipynb']").count() == 1  # Inhalt
    assert outside == []


def _find_exercise_cells() -> tuple[str, str, str, list[str]]:
    """Lesson 6's find exercise on dropping into a hole: its piece, the answer's cell, a legal
    wrong cell, and every legal cell of the piece (what a board that gives the answer away
    would light)."""
    from hive_teach.core.hexgrid import cell_name
    from hive_teach.teach.lessons import scenario

    s = scenario("beetle-drops-into-hole")
    pos = s.game()
    move = pos.parse_move(s.exercise.accept[0])
    legal = sorted(cell_name(c) for c in pos.targets(move.piece))
    answer = cell_name(move.to)
    wrong = next(c for c in legal if c != answer)
    return move.piece.name, answer, wrong, legal


@pytest.mark.slow
def test_a_find_exercise_is_solved_in_the_app_with_no_targets_shown_first(app) -> None:
    """Clicking a piece lit its legal cells green, so the exercise needed nothing more: now
    the piece is selected and nothing lights up until the learner has tried."""
    port, _ = app
    piece, answer, wrong, legal = _find_exercise_cells()
    with browser_page() as page:
        page.goto(f"http://127.0.0.1:{port}/voila/render/de/06-beetle.ipynb", timeout=180_000)
        page.wait_for_selector(".jupyter-matplotlib-canvas-div", timeout=180_000)
        board = page.locator(".hive-teach-board", has_text="in der Mitte des Rings").first
        board.wait_for(timeout=180_000)
        board.scroll_into_view_if_needed()
        readout = board.locator(".hive-teach-readout")
        listed = board.locator(".hive-teach-targets-list")
        menu = board.locator(".hive-teach-choice select")
        label = next(o for o in menu.locator("option").all_text_contents()  # "wB1 @ 1,0"
                     if o.replace("\xa0", " ").startswith(piece + " "))
        menu.select_option(label=label)
        page.wait_for_function("e => e.innerText.includes('ausgewählt')",
                               arg=readout.element_handle(), timeout=60_000)
        assert listed.get_attribute("data-targets") == ""  # no targets, in words or green
        assert "grün" not in readout.inner_text()
        cells = board.locator(".hive-teach-cells select option").all_text_contents()
        assert set(legal) < set(cells)  # the cell menu does not tell the answer either
        play = board.locator("button", has_text="Ziehen")
        board.locator(".hive-teach-cells select").select_option(label=wrong)
        play.click()
        page.wait_for_function("e => e.innerText.includes('nicht die Lösung')",
                               arg=readout.element_handle(), timeout=60_000)
        assert "in der Mitte des Rings" in readout.inner_text()  # the goal it misses
        assert listed.get_attribute("data-targets") == ""
        menu.select_option(label=label)
        board.locator(".hive-teach-cells select").select_option(label=answer)
        play.click()
        page.wait_for_function("e => e.innerText.includes('Richtig')",
                               arg=readout.element_handle(), timeout=60_000)


@pytest.mark.slow
def test_the_root_leads_to_the_contents_and_no_page_loads_anything_from_outside(app) -> None:
    """'/' showed Voilà's listing of the course folder, which (like Voilà's error pages)
    loaded Font Awesome from a CDN."""
    port, _ = app
    outside: list[str] = []
    with browser_page() as page:
        page.on("request", lambda r: outside.append(r.url)
                if not r.url.startswith(("http://127.0.0.1", "data:", "blob:")) else None)
        page.goto(f"http://127.0.0.1:{port}/", timeout=180_000)
        page.wait_for_selector("text=Hive: der Kurs", timeout=180_000)
        assert page.url == start_url(port, "de")
        page.goto(f"http://127.0.0.1:{port}/voila/tree", timeout=60_000)
        assert page.url == start_url(port, "de")
        for other in ("voila/tree/de", "voila/render/de/no-such-lesson.ipynb", "no/such/page",
                      RULES_URL):
            page.goto(f"http://127.0.0.1:{port}/{other}", timeout=60_000)
            page.wait_for_load_state("load")
    assert outside == []


@pytest.mark.slow
def test_learn_prints_no_expected_warnings_but_keeps_the_real_ones(app) -> None:
    """Every page printed 'Notebook ... is not trusted' and the kernel's 'running over TCP
    without encryption'."""
    port, log = app
    for lesson in ("contents.ipynb", "01-placement.ipynb", "no-such-lesson.ipynb"):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/render/de/{lesson}",
                                        timeout=180) as answer:
                answer.read()
        except urllib.error.HTTPError as e:
            assert e.code == 404 and lesson.startswith("no-such")
    deadline = time.time() + 30  # the missing page's warning is in the log
    while "no-such-lesson" not in log.read_text() and time.time() < deadline:
        time.sleep(0.2)
    text = log.read_text()
    assert "404 GET /voila/render/de/no-such-lesson.ipynb" in text
    assert "not trusted" not in text and "without encryption" not in text, text


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "zh"])
def test_a_rule_link_in_a_lesson_opens_that_rule_in_the_lessons_language(app, lang) -> None:
    port, _ = app
    with browser_page() as page:
        page.goto(f"http://127.0.0.1:{port}/voila/render/{lang}/04-gates.ipynb", timeout=180_000)
        link = page.locator(f"a[href='{lesson_rules_link(lang)}#{rule_anchor('R7')}']")
        link.first.wait_for(timeout=180_000)
        page.wait_for_selector(".jupyter-matplotlib-canvas-div", timeout=180_000)  # all run
        link.first.click()
        page.wait_for_url(f"**/{RULES_URL}?lang={lang}#*", timeout=30_000)
        page.wait_for_selector("h3#R7", timeout=30_000)
        page.wait_for_timeout(500)  # the browser scrolls to the anchor once laid out
        assert page.url == (f"http://127.0.0.1:{port}/{rules_url(lang)}#{rule_anchor('R7')}")
        heading = page.locator("h3#R7")
        assert heading.inner_text() == f"R7: {rule_title('R7', lang)}"
        assert page.evaluate("document.documentElement.lang") == lang
        # the rule's heading is on screen (the browser went to the anchor), not the page's top
        box = heading.bounding_box()
        assert box is not None and 20 <= box["y"] < 300 and page.evaluate("scrollY") > 1000
        page.goto(f"http://127.0.0.1:{port}/{RULES_URL}#V3")
        assert page.locator("h3#V3").inner_text().startswith("V3: Isolated stones first")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/{RULES_URL}?lang=fr", timeout=30)
    assert refused.value.code == 404 and "lang is one of en, de, zh" in refused.value.reason


@pytest.mark.parametrize("lang", ["en", "de", "zh"])
def test_the_rules_page_has_an_anchor_for_every_rule_by_id_and_as_the_lessons_link_it(
        lang: str) -> None:
    page = rules_html(lang)
    for rule in rule_ids():
        assert (f'<h3 id="{rule}"><a id="{rule_anchor(rule)}"></a>{rule}: '
                f'{rule_title(rule, lang)}</h3>') in page


def test_lab_copies_the_rules_page_and_the_lessons_link_to_it(tmp_path: Path) -> None:
    folder = tmp_path / "course"
    copy_course(folder)
    rules = (folder / "rules.md").read_text(encoding="utf-8")
    assert "### R7: Freedom to move on the ground" in rules
    lesson = (folder / "en" / "04-gates.ipynb").read_text(encoding="utf-8")
    assert LESSON_RULES_LINK not in lesson
    assert f"]({LAB_RULES_LINK}#R7:-Freedom-to-move-on-the-ground)" in lesson
    assert f"]({LAB_RULES_LINK}#{lab_anchor('R7')})" in lesson
    assert (folder / "en" / LAB_RULES_LINK).resolve() == (folder / "rules.md").resolve()
    # each language's lessons link to the rules page in their language, copied beside them
    lesson = (folder / "zh" / "04-gates.ipynb").read_text(encoding="utf-8")
    assert lesson_rules_link("zh") not in lesson
    assert f"](../rules.zh.md#R7:-{rule_title('R7', 'zh')})" in lesson
    assert lab_rules_link("zh") == "../rules.zh.md"
    assert "### R7: 在地面上的移动自由" in (folder / "rules.zh.md").read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_rule_link_in_the_lab_copy_opens_that_rule_in_jupyterlab(tmp_path: Path) -> None:
    folder = tmp_path / "course"
    copy_course(folder)
    with jupyterlab(folder) as base_token, browser_page() as page:
        base, token = base_token.split("|")
        page.goto(f"{base}/lab/tree/en/03-one-hive.ipynb?token={token}&reset", timeout=90_000)
        link = page.locator("a[href*='rules.md'][href*='#R6:-One-Hive']").first
        link.wait_for(timeout=90_000)
        link.click()
        heading = page.locator(".jp-RenderedMarkdown h3[data-jupyter-id='R6:-One-Hive']")
        heading.wait_for(timeout=60_000)
        page.wait_for_timeout(1000)  # the viewer scrolls to the fragment once rendered
        top = heading.evaluate("h => h.getBoundingClientRect().top")
        assert 0 < top < 300, top  # on screen, not at the page's far end


def test_lab_copies_the_course_once_and_keeps_the_learners_changes(tmp_path: Path) -> None:
    folder = tmp_path / "my-course"
    assert copy_course(folder) is True
    lesson = folder / "en" / "04-gates.ipynb"
    assert lesson.is_file() and not (folder / "source").exists()
    lesson.write_text("my own notes", encoding="utf-8")
    assert copy_course(folder) is False and lesson.read_text(encoding="utf-8") == "my own notes"
    cmd = lab_command(folder, open_browser=False)
    assert cmd[1:4] == ["-m", "jupyterlab", str(folder)] and "--no-browser" in cmd
    assert ("--allow-root" in cmd) == (os.geteuid() == 0)


def test_learn_and_lab_answer_plain_errors(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "hive_teach.cli", "learn", "--lang", "fr"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 2 and "invalid choice: 'fr'" in done.stderr


def test_learn_on_a_busy_port_says_so_and_starts_nothing(tmp_path: Path) -> None:
    """It printed the other server's address as the course's, then Voilà's CRITICAL."""
    import http.server
    import threading

    other = http.server.HTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    port = other.server_address[1]
    try:
        done = subprocess.run([sys.executable, "-m", "hive_teach.cli", "learn", "--port",
                               str(port), "--no-browser"], capture_output=True, text=True,
                              cwd=tmp_path, timeout=120, env=dict(os.environ, HOME=str(tmp_path)))
    finally:
        other.shutdown()
        other.server_close()
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (f"hive-teach learn: port {port} is in use by another program: give "
                           "another --port, or none for a free one\n")
    done = subprocess.run([sys.executable, "-m", "hive_teach.cli", "learn", "--port", "70000"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 1 and "port 70000 is not a port number (1 to 65535)" in done.stderr


def test_lab_on_a_file_is_a_one_line_error(tmp_path: Path) -> None:
    """``hive-teach lab FILE`` ended in a FileExistsError traceback."""
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    for where, why in ((notes, f"{notes} is a file, not a folder"),
                       (notes / "course", f"cannot copy the course to {notes / 'course'}: ")):
        done = subprocess.run([sys.executable, "-m", "hive_teach.cli", "lab", str(where),
                               "--no-browser"], capture_output=True, text=True, cwd=tmp_path,
                              timeout=60, env=dict(os.environ, HOME=str(tmp_path)))
        assert (done.returncode, done.stdout) == (1, "")
        assert done.stderr.startswith(f"hive-teach lab: {why}") and done.stderr.count("\n") == 1
    assert notes.read_text() == "mine"


def _descendants(pid: int) -> set[int]:
    """Every living process under ``pid`` (Linux's /proc/PID/task/*/children)."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").glob("*"):
            try:
                kids = (task / "children").read_text().split()
            except OSError:
                continue
            for kid in map(int, kids):
                if kid not in found:
                    found.add(kid)
                    todo.append(kid)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux's /proc")
def test_a_terminated_learn_leaves_no_voila_or_kernel_running(tmp_path: Path) -> None:
    # `kill`, a closed terminal or a test's terminate() sends SIGTERM/SIGHUP to `hive-teach
    # learn`; Voilà and its kernels must stop with it, not linger with no parent.
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "hive_teach.cli", "learn", "--port", str(port),
                             "--no-browser"], cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True,
                            env=dict(os.environ, HOME=str(tmp_path)))
    assert proc.stdout is not None
    line = proc.stdout.readline()
    while "The course is at" not in line and proc.poll() is None:
        line = proc.stdout.readline()
    children = _descendants(proc.pid)
    assert children, "learn runs Voilà as a child process"
    proc.terminate()
    proc.wait(timeout=30)
    deadline = time.time() + 20
    while time.time() < deadline and any(map(_alive, children)):
        time.sleep(0.2)
    assert not [pid for pid in children if _alive(pid)], "Voilà outlived hive-teach learn"


def test_lab_takes_a_port_and_refuses_a_busy_one(tmp_path: Path) -> None:
    """``hive-teach lab`` had no ``--port`` (argparse refused it: exit 2)."""
    cmd = lab_command(tmp_path, open_browser=False, port=8899)
    assert "--ServerApp.port=8899" in cmd and "--ServerApp.port_retries=0" in cmd
    assert not [a for a in lab_command(tmp_path, open_browser=False) if "--ServerApp.port" in a]
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "hive_teach.cli", "lab",
                               str(tmp_path / "course"), "--port", str(port), "--no-browser"],
                              capture_output=True, text=True, cwd=tmp_path, timeout=60,
                              env=dict(os.environ, HOME=str(tmp_path)))
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (f"hive-teach lab: port {port} is in use by another program: give "
                           "another --port, or none for a free one\n")
    assert not (tmp_path / "course").exists()  # refused before anything is copied


def _kernels(port: int) -> list[int]:
    """The kernel processes of the ``learn`` serving on ``port``: the children of its Voilà
    process (Voilà has no ``/api/kernels`` listing; a process is what costs memory)."""
    procs = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            cmdline = (stat.parent / "cmdline").read_bytes().split(b"\0")
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue  # gone meanwhile
        procs[int(stat.parent.name)] = (ppid, cmdline)
    voila = [pid for pid, (_, cmd) in procs.items()
             if b"hive_teach.teach.voila_app" in cmd and f"--port={port}".encode() in cmd]
    assert len(voila) == 1, voila
    return [pid for pid, (ppid, cmd) in procs.items()
            if ppid == voila[0] and b"ipykernel_launcher" in cmd]


def _wait_for_kernels(port: int, at_most: int, seconds: float, old: set[int]) -> int:
    """How many kernels, besides ``old``, run once at most ``at_most`` do (or time is up)."""
    deadline = time.time() + seconds
    while len(set(_kernels(port)) - old) > at_most and time.time() < deadline:
        time.sleep(0.5)
    return len(set(_kernels(port)) - old)


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="counts kernels in /proc")
def test_a_lesson_left_stops_its_kernel_however_many_are_opened(app) -> None:
    """Each lesson page started a kernel (58-213 MB) and leaving it asked Voilà to stop it,
    which refused (403: the page had no _xsrf cookie); eleven lessons left eleven kernels."""
    port, log = app
    lessons = ["01-placement", "04-gates", "07-grasshopper", "08-spider", "09-ant",
               "13-ending"]
    # Kernels of pages other tests fetched without a browser (nothing says they left) are
    # culled later; the count is of the kernels this test's pages start.
    old = set(_kernels(port))
    with browser_page() as page:
        for lesson in lessons:
            page.goto(f"http://127.0.0.1:{port}/voila/render/de/{lesson}.ipynb",
                      timeout=180_000)
            page.wait_for_selector(".jupyter-matplotlib-canvas-div", timeout=180_000)
            # this page's kernel only: the one of the page just left has stopped
            assert _wait_for_kernels(port, 1, 30, old) == 1, lesson
        page.goto("about:blank")
        assert _wait_for_kernels(port, 0, 30, old) == 0
    assert "403 POST /voila/api/shutdown" not in log.read_text()


def test_learn_culls_kernels_no_page_is_connected_to() -> None:
    cmd = " ".join(voila_command(Path("/tmp/t"), port=8866))
    assert f"--MappingKernelManager.cull_idle_timeout={KERNEL_IDLE_SECONDS}" in cmd
    assert "--MappingKernelManager.cull_connected=False" in cmd  # an open page keeps its own
    assert 0 < KERNEL_IDLE_SECONDS <= 600


# Console messages a lesson page may show, each from a third-party package the kit cannot
# change: Voilà 0.5.13's page carries JupyterLab 4.2.5's packages, while its own widget
# manager (@voila-dashboards/widgets-manager8 0.5.13) was built asking for ^4.5.10 and
# jupyterlab_widgets 3.0.17 (@jupyter-widgets/jupyterlab-manager 5.0.16) for ^4.6.2; webpack
# warns once per package ("Unsatisfied version 4.2.5 from _JUPYTERLAB.CORE_OUTPUT ...").
# Voilà's widget manager logs each ipympl message it has no handler for ("capture_scroll").
THIRD_PARTY_CONSOLE = re.compile(
    r"Unsatisfied version \S+ from _JUPYTERLAB\.CORE_OUTPUT of shared singleton module"
    r"|No satisfying version \(\S+\) of shared module @jupyterlab/\S+ found in shared scope"
    r"|No handler for the 'capture_scroll' message type"
    r"|^Starting WebSocket: ws://127\.0\.0\.1")


@pytest.mark.slow
def test_a_lesson_and_the_rules_page_leave_nothing_in_the_console(app) -> None:
    """Leaving a lesson logged a 403 (its kernel's shutdown refused), the rules page a 404 (no
    icon); every other message is one of the third-party ones above, named one by one. (The
    shutdown request, a beacon sent as the page goes, shows as "aborted" in the browser
    whether or not the server got it: the kernel test checks that it did.)"""
    port, _ = app
    seen: list[str] = []
    with browser_page() as page:
        page.on("console", lambda m: seen.append(f"{m.type}: {m.text}"))
        page.on("response", lambda r: seen.append(f"{r.status}: {r.url}")
                if r.status >= 400 else None)
        page.goto(f"http://127.0.0.1:{port}/voila/render/de/04-gates.ipynb", timeout=180_000)
        page.wait_for_selector(".jupyter-matplotlib-canvas-div", timeout=180_000)
        page.goto(f"http://127.0.0.1:{port}/{rules_url('zh')}#R7", timeout=60_000)
        page.wait_for_selector("h3#R7", timeout=30_000)
        page.wait_for_timeout(1000)
    assert [m for m in seen if not THIRD_PARTY_CONSOLE.search(m.split(": ", 1)[1])] == []
