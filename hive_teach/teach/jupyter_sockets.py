"""Kernel websockets that send each message at once, for the Jupyter servers the course runs on.

Tornado leaves Nagle's algorithm on for a websocket unless its handler turns it off, and
Jupyter's kernel websocket does not. A click on a board makes the kernel answer with a few
small messages (the marks, the texts, the menus, the kernel's busy and idle); with Nagle's
algorithm each small message after the first waits for the browser to acknowledge the one
before it, and browsers delay acknowledgements by up to 40 ms. That wait was most of a
click's time at the 95th percentile.

:func:`prompt` turns a connection class into one that switches Nagle's algorithm off for its
websocket (TCP_NODELAY) when it connects. ``hive-teach learn`` (Voilà) and ``hive-teach lab``
use :class:`PromptConnection`; for any other JupyterLab in the environment the package
installs ``etc/jupyter/jupyter_server_config.d/hive_teach.json``, which loads this module as a
server extension: it wraps whatever connection class the server uses. An extension that
fails to load is logged by the server, which starts anyway.

>>> PromptConnection.__name__, prompt(PromptConnection) is PromptConnection
('PromptZMQChannelsWebsocketConnection', True)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jupyter_server.services.kernels.connection.channels import (
    ZMQChannelsWebsocketConnection,
)

_PROMPT = "_hive_teach_prompt"


@cache
def prompt(cls: type[Any]) -> type[Any]:
    """``cls``, a kernel websocket connection class, sending each message at once (one class
    per ``cls``)."""
    if getattr(cls, _PROMPT, False):
        return cls

    def connect(self: Any) -> Any:
        handler = self.websocket_handler
        if getattr(handler, "ws_connection", None) is not None:
            handler.set_nodelay(True)
        return cls.connect(self)

    made = type(f"Prompt{cls.__name__}", (cls,), {
        "connect": connect, _PROMPT: True, "__module__": __name__,
        "__doc__": f"{cls.__name__} with Nagle's algorithm off for its websocket."})
    return made


PromptConnection = prompt(ZMQChannelsWebsocketConnection)
"""Jupyter server's own kernel websocket connection, sending each message at once."""


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": __name__}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Make the server's kernel websockets send each message at once."""
    settings = serverapp.web_app.settings
    cls = settings.get("kernel_websocket_connection_class") or ZMQChannelsWebsocketConnection
    settings["kernel_websocket_connection_class"] = prompt(cls)


__all__ = ["PromptConnection", "prompt"]
