"""JupyterLab in headless Chromium, for the real-browser tests and benchmark.

Follows the recipe the team proved on these machines: Debian's Chromium (Playwright cannot
download a browser here), JupyterLab started on a free port in a temporary config folder.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def chromium_available() -> bool:
    return Path(CHROMIUM).exists()


def require_chromium(what: str) -> None:
    """At a browser test module's top: skip it without Debian's Chromium, except in CI
    (``CI`` set), where a missing Chromium is a failure, never a silent skip."""
    if chromium_available():
        return
    if os.environ.get("CI"):
        pytest.fail("chromium is missing: CI must install it (apt-get install chromium)",
                    pytrace=False)
    pytest.skip(f"{what} needs Debian's Chromium: sudo apt-get install chromium",
                allow_module_level=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_notebook(path: Path, cells: list[str]) -> None:
    nb = {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                   "source": src} for src in cells],
        "metadata": {"kernelspec": KERNELSPEC, "language_info": {"name": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb), encoding="utf-8")


@contextmanager
def jupyterlab(root: Path) -> Iterator[str]:
    """Run JupyterLab on ``root`` as ``hive-teach lab`` does (its kernel websockets send each
    message at once); yields the base URL with its token as ``?token=...``."""
    from hive_teach.teach.app import PROMPT_SOCKETS

    port = free_port()
    token = "hive-teach-test"
    tmp = Path(tempfile.mkdtemp(prefix="hive-teach-lab-"))
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp / "config"),
               JUPYTER_RUNTIME_DIR=str(tmp / "runtime"))
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
           "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
           f"--LabApp.workspaces_dir={tmp / 'workspaces'}", "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", "--allow-root",
           f"--ServerApp.kernel_websocket_connection_class={PROMPT_SOCKETS}"]
    log = open(tmp / "lab.log", "w")
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 90
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.time() > deadline:
                raise RuntimeError("JupyterLab did not start:\n" +
                                   (tmp / "lab.log").read_text()[-3000:])
            time.sleep(0.3)
        yield f"{base}|{token}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def browser() -> Iterator[object]:
    """Debian's Chromium, headless, driven by Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run",
                  "--disable-quic"])
        try:
            yield b
        finally:
            b.close()


def new_page(b):
    return b.new_page(viewport={"width": 1400, "height": 1000})


@contextmanager
def browser_page() -> Iterator[object]:
    with browser() as b:
        yield new_page(b)


def open_and_run(page, base_token: str, notebook: str) -> None:
    base, token = base_token.split("|")
    page.goto(f"{base}/lab/tree/{notebook}?token={token}&reset", timeout=90_000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=90_000)
    # Run > Run All Cells. A click can land while the menu bar is still settling, so try
    # again (a few times) until the board's canvas shows up.
    for attempt in range(4):
        try:
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(timeout=30_000)
            page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click(
                timeout=10_000)
            page.wait_for_selector(".jupyter-matplotlib-canvas-div", timeout=45_000)
            break
        except Exception:
            page.keyboard.press("Escape")
            if attempt == 3:
                shot = Path(tempfile.gettempdir()) / "hive-teach-browser-failure.png"
                page.screenshot(path=str(shot))
                raise RuntimeError(f"the board did not appear; screenshot: {shot}") from None
    page.wait_for_selector(".jp-OutputArea-output >> text=FRACTIONS", timeout=90_000)


def click_cell(page, fractions: dict[str, list[float]], cell: str) -> None:
    canvas = page.locator(".jupyter-matplotlib-canvas-div").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    fx, fy = fractions[cell]
    page.mouse.click(box["x"] + fx * box["width"], box["y"] + (1 - fy) * box["height"])


def read_fractions(page) -> dict[str, list[float]]:
    text = page.locator(".jp-OutputArea-output >> text=FRACTIONS").first.inner_text()
    return json.loads(text.split("FRACTIONS", 1)[1])


def targets_shown(page) -> str:
    """The cells the board's readout lists as highlighted (read from the page)."""
    text = page.locator(".hive-teach-targets").first.inner_text()
    return text.split(":", 1)[1].strip().replace("–", "")


def message_shown(page) -> str:
    return page.locator(".hive-teach-readout").first.inner_text()


BOARD_CELLS = """import json
from hive_teach.tutorial import board
from hive_teach.core.hexgrid import parse_cell
b = board("freedom-gate-queen")
cells = ["0,0", "1,-1", "-1,0", "0,1", "2,0", "-1,1", "1,-2"]
print("FRACTIONS " + json.dumps({c: b.figure_fraction(parse_cell(c)) for c in cells}))
b"""


def picture(page):
    """What the board's picture shows now, as the learner sees it: a screenshot of the canvas
    with whatever lies over it (the marks of a click), as RGB pixels (an ``(h, w, 3)`` array
    of ints)."""
    import io

    import numpy as np
    from PIL import Image

    png = page.locator(".jupyter-matplotlib-canvas-div canvas").first.screenshot()
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)


def picture_changes(before, after, points: dict[str, list[float]]) -> dict:
    """How the picture ``after`` differs from ``before`` (both from :func:`picture`):
    ``count`` of changed pixels, ``size`` ``[w, h]``, ``box`` ``[x0, y0, x1, y1]`` (pixels,
    y down) around them, and for each of ``points`` (figure fractions, y up) whether its
    pixel changed."""
    import numpy as np

    changed = (before != after).any(axis=2)
    h, w = changed.shape
    ys, xs = np.nonzero(changed)
    box = [int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max())] if len(xs) else None
    at = {name: bool(changed[min(h - 1, round((1 - fy) * h)), min(w - 1, round(fx * w))])
          for name, (fx, fy) in points.items()}
    return {"count": int(changed.sum()), "size": [w, h], "box": box, "at": at}


def corner_ink(page) -> list[int]:
    """For each board on the page, the most opaque pixel in the bottom right corner of
    ipympl's top layer (rubber bands and the drag handle): 0 where no drag handle is drawn,
    which a click there would grab to resize the board."""
    return page.evaluate("""() => [...document.querySelectorAll(
        '.jupyter-matplotlib-canvas-div')].map((div) => {
      const top = div.querySelectorAll('canvas')[1];
      const d = top.getContext('2d').getImageData(top.width - 8, top.height - 8, 6, 6).data;
      return Math.max(...d.filter((_, i) => i % 4 === 3));
    })""")


def wait_for_overlay(page) -> None:
    """Wait until the picture of a click's marks is over the canvas and decoded."""
    page.wait_for_function("""() => {
      const img = document.querySelector('.hive-teach-overlay img');
      return img !== null && img.complete && img.naturalWidth > 0;
    }""", timeout=30_000)
    page.wait_for_timeout(100)  # and painted


@contextmanager
def learn(home: Path) -> Iterator[int]:
    """``hive-teach learn`` (every language) on a free port with ``home`` as its HOME and
    working folder; yields the port and stops it at the end."""
    from hive_teach.teach.app import start_url

    port = free_port()
    log = home / "learn.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "hive_teach.cli", "learn", "--port",
                                 str(port), "--no-browser"], cwd=home, stdout=out,
                                stderr=subprocess.STDOUT, env=dict(os.environ, HOME=str(home)))
    try:
        deadline = time.time() + 120
        while ("The course is at" not in log.read_text() and time.time() < deadline
               and proc.poll() is None):
            time.sleep(0.2)
        assert start_url(port, "en") in log.read_text(), log.read_text()
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=30)
