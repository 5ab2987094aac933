"""Kernel websockets that send each message at once (hive_teach.teach.jupyter_sockets)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from browser_support import free_port
from traitlets.utils.importstring import import_item

from hive_teach.teach import jupyter_sockets
from hive_teach.teach.app import PROMPT_SOCKETS, lab_command, voila_command
from hive_teach.teach.jupyter_sockets import prompt

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "jupyter-config" / "jupyter_server_config.d" / "hive_teach.json"


class _Handler:
    """A websocket handler as tornado has it once the websocket is open."""

    def __init__(self) -> None:
        self.ws_connection = object()
        self.calls: list[object] = []

    def set_nodelay(self, value: bool) -> None:
        self.calls.append(("nodelay", value))


class _Connection:
    def __init__(self) -> None:
        self.websocket_handler = _Handler()

    def connect(self) -> str:
        self.websocket_handler.calls.append("connect")
        return "the connection's future"


def test_a_prompt_connection_switches_nagles_algorithm_off_before_it_connects() -> None:
    made = prompt(_Connection)
    conn = made()
    assert conn.connect() == "the connection's future"  # what the server awaits, unchanged
    assert conn.websocket_handler.calls == [("nodelay", True), "connect"]
    assert _Connection().connect() and prompt(made) is made  # wrapped once, however often
    assert issubclass(made, _Connection)


def test_the_server_extension_wraps_the_servers_own_connection_class() -> None:
    app = SimpleNamespace(web_app=SimpleNamespace(settings={
        "kernel_websocket_connection_class": _Connection}))
    jupyter_sockets._load_jupyter_server_extension(app)
    wrapped = app.web_app.settings["kernel_websocket_connection_class"]
    assert wrapped is not _Connection and issubclass(wrapped, _Connection)
    jupyter_sockets._load_jupyter_server_extension(app)  # loaded twice: still one wrapper
    assert app.web_app.settings["kernel_websocket_connection_class"] is wrapped
    bare = SimpleNamespace(web_app=SimpleNamespace(settings={}))  # the server's default
    jupyter_sockets._load_jupyter_server_extension(bare)
    assert bare.web_app.settings["kernel_websocket_connection_class"] is \
        jupyter_sockets.PromptConnection


def test_learn_and_lab_run_their_servers_with_prompt_connections(tmp_path: Path) -> None:
    from jupyter_server.services.kernels.connection.base import BaseKernelWebsocketConnection

    cls = import_item(PROMPT_SOCKETS)
    assert issubclass(cls, BaseKernelWebsocketConnection) and prompt(cls) is cls
    assert f"--Voila.kernel_websocket_connection_class={PROMPT_SOCKETS}" in \
        voila_command(tmp_path, port=8866)
    assert f"--ServerApp.kernel_websocket_connection_class={PROMPT_SOCKETS}" in \
        lab_command(tmp_path)


def test_the_installed_config_file_enables_the_extension() -> None:
    assert json.loads(CONFIG.read_text(encoding="utf-8")) == {
        "ServerApp": {"jpserver_extensions": {jupyter_sockets.__name__: True}}}


@pytest.mark.slow
def test_a_jupyter_server_with_the_config_file_loads_the_extension(tmp_path: Path) -> None:
    # The file as pip installs it: etc/jupyter/jupyter_server_config.d/ of a config path.
    config = tmp_path / "config"
    (config / "jupyter_server_config.d").mkdir(parents=True)
    shutil.copy(CONFIG, config / "jupyter_server_config.d")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(config),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter_server", "--no-browser", f"--port={free_port()}",
         "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=t", "--allow-root",
         f"--ServerApp.root_dir={tmp_path}"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    try:
        assert proc.stdout is not None
        deadline = time.time() + 60
        while time.time() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            if "is running at" in line:
                break
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    log = "".join(lines)
    assert f"{jupyter_sockets.__name__} | extension was successfully loaded" in log, log
