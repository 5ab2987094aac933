"""The classroom's words in each language: ``locale/<lang>/classroom.toml``, one catalogue per
language for the pages and the server's answers alike (read by
:func:`hive_teach.core.i18n.catalogue`, as every other topic's words).

>>> words("de")["join"]
'Schwarz spielen'
>>> words("en")["result_limit"].format(n=400)
"A draw: the game has reached this classroom's limit of 400 moves (plies) without a winner."
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from hive_teach.core.i18n import catalogue


@cache
def words(lang: str) -> Mapping[str, str]:
    """Every word of the classroom in ``lang``, from ``locale/<lang>/classroom.toml``."""
    return catalogue("classroom", lang).templates
