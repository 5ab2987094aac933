"""The text of Rive: an action (``q,r`` places a stone, ``xq,r`` removes one) and the game
text's header (``rive5``); syntax only, apart from legality (as ``Move.from_uci`` in
python-chess).

>>> read_action(" x(2, -1) ")
(True, 2, -1)
>>> read_action("2;-1")
Traceback (most recent call last):
...
hive_teach.rive.rules.InvalidActionError: '2;-1' is not a Rive action: it is not a cell: write \
q,r to place a stone or xq,r to remove one, e.g. 0,-1 or x2,-1
"""

from __future__ import annotations

import re

from hive_teach.core.errors import quoted
from hive_teach.rive.rules import InvalidActionError, check_side

# At most 100 digits a number: far past any board (V1), and far below int()'s digit limit.
_ACTION_RE = re.compile(
    r"\s*([xX]?)\s*\(?\s*([+-]?[0-9]{1,100})\s*,\s*([+-]?[0-9]{1,100})\s*\)?\s*")
_ACTION_HINT = "write q,r to place a stone or xq,r to remove one, e.g. 0,-1 or x2,-1"


def read_action(text: str) -> tuple[bool, int, int]:
    """Read the syntax of an action: ``(is_removal, q, r)``; raises :class:`InvalidActionError`."""
    match = _ACTION_RE.fullmatch(text)
    if match is None:
        why = "it is empty" if not text.strip() else "it is not a cell"
        raise InvalidActionError(text, f"{why}: {_ACTION_HINT}")
    return bool(match[1]), int(match[2]), int(match[3])


_HEADER_RE = re.compile(r"\s*rive\s*([0-9]+)\s*", re.IGNORECASE)


def read_header(text: str) -> int:
    """The board side named by the first field of a game text, e.g. ``rive5``.

    >>> read_header("rive5")
    5
    >>> read_header("hive5")
    Traceback (most recent call last):
    ...
    ValueError: 'hive5' does not start a Rive game text: write rive<side>, e.g. rive5;0,0;2,-1
    """
    match = _HEADER_RE.fullmatch(text)
    if match is None:
        raise ValueError(
            f"{quoted(text)} does not start a Rive game text: write rive<side>, e.g. "
            "rive5;0,0;2,-1"
        )
    return check_side(int(match[1]))
