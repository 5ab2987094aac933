"""The course as an app: ``hive-teach learn`` (Voilà) and ``hive-teach lab`` (JupyterLab).

``learn`` serves the lesson notebooks the package carries with Voilà: each page runs its
notebook and shows the text, the diagrams and the live boards, never the code, and a visitor
cannot run code of their own. It starts at the contents page of the chosen language and needs
no network: the page template is the kit's own (Voilà's ``lab`` template without its CDN
links, with the bundled Chinese font inline). The app also serves the rules page as HTML at
``rules.html`` (:data:`RULES_URL`), one anchor per rule id (``rules.html#R7``), and sends the
lessons' links to ``docs/rules.md`` there.

``lab`` copies the course into a folder the learner may change (once: a second call keeps the
learner's changes) and opens JupyterLab there, for those who want the code; the rules page
goes beside the lessons (``rules.md``) and their links point to it.

>>> cmd = voila_command(Path("/tmp/t"), port=8866)
>>> cmd[1:3], "--template=hive_teach" in cmd, "--no-browser" in cmd
(['-m', 'hive_teach.teach.voila_app'], True, True)
"""

from __future__ import annotations

import html
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
import webbrowser
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hive_teach.core.fonts import FAMILY, FONT_REFRESH_JS, font_face_css
from hive_teach.core.i18n import LANGUAGES, Words, check_language
from hive_teach.core.rules import (
    rule_anchor,
    rule_ids,
    rule_title,
    rules_body,
    rules_page,
)
from hive_teach.teach.library import COURSE

CONTENTS = "contents.ipynb"
"""Each language's start page: every lesson, with the exercises solved in this browser."""

TEMPLATE = "hive_teach"

RULES_URL = "rules.html"
"""Where the app serves the rules page, below its base URL; ``#R7`` is rule R7's section."""

LESSON_RULES_LINK = "../../docs/rules.md"
"""How an English lesson (``notebooks/en/``) links to the rules page in a checkout (GitHub
too); :func:`lesson_rules_link` gives every language's."""

LAB_RULES_LINK = "../rules.md"
"""... and in the learner's copy of ``lab``, which has the pages beside the language folders
(:func:`lab_rules_link`)."""


def lesson_rules_link(lang: str) -> str:
    """How a lesson in ``notebooks/<lang>/`` links to the rules page in its own language.

    >>> lesson_rules_link("en"), lesson_rules_link("de")
    ('../../docs/rules.md', '../../docs/de/rules.md')
    """
    lang = check_language(lang)
    return LESSON_RULES_LINK if lang == "en" else f"../../docs/{lang}/rules.md"


def lab_rules_link(lang: str) -> str:
    """... and in the learner's copy of ``lab`` (``rules.md``, ``rules.de.md``, ...).

    >>> lab_rules_link("en"), lab_rules_link("zh")
    ('../rules.md', '../rules.zh.md')
    """
    return "../" + rules_page(lang).name

KERNEL_IDLE_SECONDS = 120
"""How long ``learn`` keeps a kernel that no page is connected to (then culls it)."""

KERNEL_CULL_INTERVAL = 30
"""How often (seconds) ``learn`` looks for such kernels."""

PROMPT_SOCKETS = "hive_teach.teach.jupyter_sockets.PromptConnection"
"""The kernel websocket connection both servers use: it sends each message at once (see
:mod:`hive_teach.teach.jupyter_sockets`)."""

# Voilà's lab template, less its two stylesheet links to a CDN (Font Awesome), plus the kit's
# font. ``super.super()`` skips the lab template's own block (which holds those links) for the
# one below it; the lines before it repeat what the lab block adds besides the links.
_INDEX = """{%- extends 'lab/index.html.j2' -%}
{#- The page says its language (<html lang>, from the notebook's hive_teach metadata) and has
    the lesson's title as its tab title (the metadata's title, else the first heading). -#}
{%- set _lang = nb.metadata.get('hive_teach', {}).get('language') -%}
{%- if _lang -%}{%- set _ = resources.update(language_code=_lang) -%}{%- endif -%}
{%- if 'title' not in nb.metadata -%}
{%- for cell in nb.cells if cell.cell_type == 'markdown' and cell.source.startswith('# ') -%}
{%- if loop.first -%}
{%- set _ = nb.metadata.update(title=cell.source.split('\\n')[0][2:].strip()) -%}
{%- endif -%}
{%- endfor -%}
{%- endif -%}
{%- block notebook_css -%}
  {% if frontend == "voila" %}
    {{ resources.include_js("static/voila-style.js") }}
  {% endif %}
  <style>
FONT_CSS
    .jupyter-button .fa { display: none; }
FOCUS_CSS
  </style>
  <script>
FONT_JS
LIVE_JS
TAB_JS
  </script>
  {{ super.super() }}
{%- endblock notebook_css -%}
"""


# The page the other pages of Voilà extend (its folder listing, its error pages): Voilà's
# base page.html with the lab template's stylesheets, less its stylesheet link to a CDN (Font
# Awesome 4.5).
_PAGE = """<!DOCTYPE HTML>
<html>
  <head>
    <meta charset="utf-8">
    <title>{% block title %} Voilà {% endblock %}</title>
    <meta http-equiv="X-UA-Compatible" content="IE=edge" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    {% block stylesheets %}
    {% if include_css %}
        {{ include_css("static/index.css") }}
        {% if theme == 'dark' %}
            {{ include_css("static/theme-dark.css") }}
        {% elif theme == 'light' %}
            {{ include_css("static/theme-light.css") }}
        {% else %}
            {{ include_lab_theme(theme) }}
        {% endif %}
    {% endif %}
    {% endblock %}
    {% block meta %}
    {% endblock %}
  </head>
  <body data-base-url="{{ base_url }}voila/" data-voila="voila">
    <noscript><div id='noscript'>Voilà requires JavaScript.</div></noscript>
    <div>
      {% block body %}
      {% endblock %}
    </div>
    {% block scripts %}
    {% endblock %}
  </body>
</html>
"""


def write_template(root: Path) -> Path:
    """Write the kit's Voilà template below ``root`` (a folder for ``JUPYTER_PATH``): the
    lesson page and the page every other one extends, neither loading anything from outside.

    >>> import tempfile
    >>> folder = write_template(Path(tempfile.mkdtemp()))
    >>> sorted(p.name for p in folder.iterdir())
    ['conf.json', 'index.html.j2', 'page.html']
    >>> any("//cdn" in p.read_text(encoding="utf-8") for p in folder.iterdir())
    False
    """
    folder = root / "voila" / "templates" / TEMPLATE
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "conf.json").write_text(json.dumps({"base_template": "lab"}), encoding="utf-8")
    page = _INDEX.replace("FONT_CSS", font_face_css()).replace("FONT_JS", FONT_REFRESH_JS)
    from hive_teach.board.canvas_widget import FOCUS_RING_CSS, TAB_RELEASE_JS
    from hive_teach.board.widget import LIVE_READOUT_JS  # the app needs the boards anyway

    page = page.replace("LIVE_JS", LIVE_READOUT_JS).replace("TAB_JS", TAB_RELEASE_JS)
    page = page.replace("FOCUS_CSS", FOCUS_RING_CSS)
    (folder / "index.html.j2").write_text(page, encoding="utf-8")
    (folder / "page.html").write_text(_PAGE, encoding="utf-8")
    return folder


_RULES_FONTS = "system-ui, sans-serif"
_RULES_STYLE = """
body { max-width: 46em; margin: 1em auto; padding: 0 1em;
       line-height: 1.5; color: #222; }
code, pre { font-family: ui-monospace, monospace; background: #f4f4f4; }
pre { padding: .6em; overflow-x: auto; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: .2em .5em; }
.table-scroll { overflow-x: auto; }
[id] { scroll-margin-top: 2.5em; }
h3:target, h3:has(a:target) { background: #fff3b0; outline: .3em solid #fff3b0; }
.back { position: sticky; top: 0; background: white; padding: .4em 0; }
.langs { float: right; }
"""


ICON = ("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E"
        "%3Cpath d='M16 1l13 7.5v15L16 31 3 23.5v-15z' fill='%23f2b705' stroke='%23333' "
        "stroke-width='2'/%3E%3C/svg%3E")
"""The rules page's icon, a hexagon (inline: the browser asks for none)."""

COURSE_WORDS = Words("course")
"""The course's words (``locale/<lang>/course.toml``): the rules page's link back, ..."""


def rules_url(lang: str = "en") -> str:
    """Where the app serves the rules page of ``lang``, below its base URL.

    >>> rules_url(), rules_url("zh")
    ('rules.html', 'rules.html?lang=zh')
    """
    lang = check_language(lang)
    return RULES_URL if lang == "en" else f"{RULES_URL}?lang={lang}"


def rules_html(lang: str = "en") -> str:
    """The rules page of ``lang`` as one HTML page for the app
    (:func:`~hive_teach.core.rules.rules_body` with a heading bar linking back to the lesson
    and to the page in the other languages); the rule a link names is highlighted. Needs
    mistune (Voilà brings it).

    >>> page = rules_html("zh")
    >>> '<html lang="zh">' in page, '<h3 id="R7"><a id="r7-freedom-to-move-on-the-ground">' in page
    (True, True)
    >>> page.count('<h3 id="R'), page.count('<h3 id="V'), "← 回到课程" in page
    (21, 7, True)
    """
    lang = check_language(lang)
    body = rules_body(lang)
    title = html.escape(rules_page(lang).read_text(encoding="utf-8").splitlines()[0][2:])
    others = " · ".join(f'<a href="{rules_url(code)}" hreflang="{code}">{name}</a>'
                        for code, name in (("en", "English"), ("de", "Deutsch"), ("zh", "中文"))
                        if code != lang)
    # The bundled Chinese font as the last fallback (the Chinese page, the link to it).
    font = f'<style>{font_face_css()} body {{ font-family: {_RULES_FONTS}, "{FAMILY}"; }}</style>'
    return (f"<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width\">"
            f"<link rel=\"icon\" href=\"{ICON}\"><title>{title}</title>"
            f"<style>{_RULES_STYLE}</style>{font}</head>"
            "<body><div class=\"back\"><a href=\"javascript:history.back()\">"
            f"{COURSE_WORDS('rules_back', lang)}</a> <span class=\"langs\">{others}</span></div>"
            f"{body}</body></html>\n")


def voila_command(notebooks: Path, *, port: int, lang: str = "en") -> list[str]:
    """The command that serves the notebooks below ``notebooks`` on ``port`` (localhost),
    ``/`` leading to the contents page of ``lang``. The kernels talk to Voilà over Unix
    sockets (``ipc``), not TCP: no other user of the machine can reach them, and the kernels
    have no reason to warn of unencrypted TCP on every page.

    A lesson's kernel stops when the learner leaves its page (see
    :mod:`hive_teach.teach.voila_app`); one whose page went without saying so (a closed
    laptop, a crashed tab) is culled after :data:`KERNEL_IDLE_SECONDS` without a page
    connected to it, so however many lessons a learner opens, only the open ones keep a
    kernel. A page left open keeps its kernel, idle or not."""
    return [sys.executable, "-m", "hive_teach.teach.voila_app", str(notebooks), f"--port={port}",
            "--no-browser", "--Voila.ip=127.0.0.1", f"--template={TEMPLATE}", "--theme=light",
            "--show_tracebacks=False", "--Voila.port_retries=0", "--Voila.log_level=WARN",
            f"--Voila.kernel_websocket_connection_class={PROMPT_SOCKETS}",
            f"--CourseVoila.course_lang={lang}", "--KernelManager.transport=ipc",
            f"--MappingKernelManager.cull_idle_timeout={KERNEL_IDLE_SECONDS}",
            f"--MappingKernelManager.cull_interval={KERNEL_CULL_INTERVAL}",
            "--MappingKernelManager.cull_connected=False"]


def start_url(port: int, lang: str) -> str:
    """Where ``learn`` opens: the contents page of ``lang``."""
    return f"http://127.0.0.1:{port}/voila/render/{lang}/{CONTENTS}"


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def port_problem(port: int) -> str:
    """Why ``learn`` cannot serve on ``port`` of 127.0.0.1 (``""`` if it can): out of range,
    or taken by another program. Checked before Voilà starts, as the server will bind it
    (with ``SO_REUSEADDR``, so a port a closed server just left counts as free).

    >>> import socket
    >>> with socket.socket() as taken:
    ...     taken.bind(("127.0.0.1", 0)); taken.listen()
    ...     port = taken.getsockname()[1]
    ...     port_problem(port) == f"port {port} is in use by another program"
    True
    >>> port_problem(70000), port_problem(port)
    ('port 70000 is not a port number (1 to 65535)', '')
    """
    import socket

    if not 0 < port < 65536:
        return f"port {port} is not a port number (1 to 65535)"
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return f"port {port} is in use by another program"
    return ""


def _wait_for(url: str, proc: subprocess.Popen[bytes], seconds: float = 120) -> bool:
    deadline = time.time() + seconds
    while time.time() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return True
        except OSError:
            time.sleep(0.3)
    return False


def learn(lang: str = "en", port: int | None = None, open_browser: bool = True) -> int:
    """Serve the course until interrupted (Ctrl-C); open the browser at the contents page."""
    lang = check_language(lang)
    notebooks = COURSE / "notebooks"
    if not (notebooks / lang / CONTENTS).is_file():
        print(f"hive-teach learn: the course is missing from {notebooks}: reinstall hive_teach",
              file=sys.stderr)
        return 1
    import importlib.util

    if importlib.util.find_spec("voila") is None:
        print("hive-teach learn: Voilà is not installed; install the kit with its notebook "
              "extra: pip install 'hive_teach[notebook]'", file=sys.stderr)
        return 1
    if port is None:
        port = _free_port()
    elif problem := port_problem(port):
        # Refused rather than moved to another port: the learner asked for this one (a
        # bookmark, a firewall rule), and the address printed must be the course's own.
        print(f"hive-teach learn: {problem}: give another --port, or none for a free one",
              file=sys.stderr)
        return 1
    work = Path(tempfile.mkdtemp(prefix="hive-teach-learn-"))
    write_template(work / "data")
    env = dict(os.environ, JUPYTER_PATH=os.pathsep.join(
        [str(work / "data"), *filter(None, [os.environ.get("JUPYTER_PATH")])]),
        JUPYTER_CONFIG_DIR=str(work / "config"), JUPYTER_RUNTIME_DIR=str(work / "runtime"))
    url = start_url(port, lang)
    with _stopping_child_on_signals():
        proc = subprocess.Popen(voila_command(notebooks, port=port, lang=lang), env=env,
                                cwd=work)
        try:
            # Asks for the rules page, not '/': that renders the contents page, and its kernel
            # would run, with no page to stop it, until culled.
            if not _wait_for(f"http://127.0.0.1:{port}/{RULES_URL}", proc):
                print("hive-teach learn: the app did not start (is the port free?)",
                      file=sys.stderr)
                return 1
            print(f"The course is at {url}  (Ctrl-C stops it)", flush=True)
            if open_browser:
                webbrowser.open(url)
            return proc.wait()
        except (KeyboardInterrupt, _Stopped):
            return 0
        finally:
            _stop(proc)
            shutil.rmtree(work, ignore_errors=True)


class _Stopped(Exception):
    """SIGTERM or SIGHUP reached ``learn``/``lab``: stop the server child, then exit."""


@contextmanager
def _stopping_child_on_signals() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into :class:`_Stopped` while a server child runs, so the
    ``finally`` that stops the child runs too. Python's default for SIGTERM ends the process at
    once, which left Voilà and its kernels running with no parent (a closed terminal, a
    ``kill``, a test's ``terminate()``)."""

    def stop(signum: int, frame: object) -> None:
        raise _Stopped(signum)

    wanted = [s for s in ("SIGTERM", "SIGHUP") if hasattr(signal, s)]
    old = {name: signal.signal(getattr(signal, name), stop) for name in wanted}
    try:
        yield
    finally:
        for name, handler in old.items():
            signal.signal(getattr(signal, name), handler)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server child: SIGTERM, then SIGKILL after 15 s."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def default_lab_folder() -> Path:
    """Where ``lab`` puts the learner's copy unless told: ``~/hive-teach-course``."""
    return Path.home() / "hive-teach-course"


def copy_course(folder: Path) -> bool:
    """Copy the course's notebooks into ``folder`` if it has none yet; whether it copied.
    A learner's changes are never overwritten.

    >>> import tempfile
    >>> where = Path(tempfile.mkdtemp()) / "course"
    >>> copy_course(where), (where / "en" / CONTENTS).is_file(), copy_course(where)
    (True, True, False)
    """
    if (folder / "en" / CONTENTS).exists():
        return False
    shutil.copytree(COURSE / "notebooks", folder, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("source"))
    # The rules pages go beside the language folders, and the lessons link to the copy in
    # their language, to the anchors JupyterLab gives its headings.
    for lang in LANGUAGES:
        shutil.copyfile(rules_page(lang), folder / rules_page(lang).name)
    for notebook in folder.glob("*/*.ipynb"):
        lang = notebook.parent.name
        if lang not in LANGUAGES:
            continue
        page = lesson_rules_link(lang)
        text = notebook.read_text(encoding="utf-8")
        if page in text:
            for r in rule_ids():
                text = text.replace(f"]({page}#{rule_anchor(r)})",
                                    f"]({lab_rules_link(lang)}#{lab_anchor(r, lang)})")
            notebook.write_text(text, encoding="utf-8")
    return True


def lab_anchor(rule: str, lang: str = "en") -> str:
    """The anchor JupyterLab's Markdown viewer gives the heading of ``rule`` on the rules page
    of ``lang``: its text with dashes for spaces.

    >>> lab_anchor("R7"), lab_anchor("R7", "de")
    ('R7:-Freedom-to-move-on-the-ground', 'R7:-Bewegungsfreiheit-auf-dem-Boden')
    """
    return f"{rule}: {rule_title(rule, lang)}".replace(" ", "-")


def lab_command(folder: Path, *, open_browser: bool = True,
                port: int | None = None) -> list[str]:
    """The command that opens JupyterLab on ``folder`` (as root too), on ``port`` if given
    (refused, not moved, when taken: ``--ServerApp.port_retries=0``).

    >>> cmd = lab_command(Path("/tmp/c"), port=8899, open_browser=False)
    >>> [a for a in cmd if a.startswith("--ServerApp.port")]
    ['--ServerApp.port=8899', '--ServerApp.port_retries=0']
    """
    cmd = [sys.executable, "-m", "jupyterlab", str(folder),
           f"--ServerApp.kernel_websocket_connection_class={PROMPT_SOCKETS}"]
    if port is not None:
        cmd += [f"--ServerApp.port={port}", "--ServerApp.port_retries=0"]
    if not open_browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    return cmd


def lab(folder: Path | None = None, open_browser: bool = True,
        port: int | None = None) -> int:
    """Copy the course into ``folder`` (once) and open JupyterLab there, on ``port`` (default:
    JupyterLab's choice); a port out of range or in use is refused before anything is
    copied."""
    if port is not None and (problem := port_problem(port)):
        print(f"hive-teach lab: {problem}: give another --port, or none for a free one",
              file=sys.stderr)
        return 1
    folder = (folder or default_lab_folder()).expanduser()
    if folder.exists() and not folder.is_dir():
        print(f"hive-teach lab: {folder} is a file, not a folder: give a folder for the "
              f"course (a new or an earlier one; default {default_lab_folder()})",
              file=sys.stderr)
        return 1
    try:
        copied = copy_course(folder)
    except OSError as e:  # no room, no right to write there, a file on the way
        print(f"hive-teach lab: cannot copy the course to {folder}: {e}", file=sys.stderr)
        return 1
    if copied:
        print(f"Copied the course to {folder}; your changes there are kept.")
    else:
        print(f"Opening your copy of the course in {folder}.")
    with _stopping_child_on_signals():
        proc = subprocess.Popen(lab_command(folder, open_browser=open_browser, port=port))
        try:
            return proc.wait()
        except (KeyboardInterrupt, _Stopped):
            return 0
        finally:
            _stop(proc)


__all__ = ["CONTENTS", "LAB_RULES_LINK", "LESSON_RULES_LINK", "PROMPT_SOCKETS", "RULES_URL",
           "copy_course", "default_lab_folder", "lab", "lab_anchor", "lab_command",
           "lab_rules_link", "learn", "lesson_rules_link", "port_problem", "rules_html",
           "rules_url", "start_url", "voila_command", "write_template"]
