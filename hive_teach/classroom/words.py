"""The classroom's words in each language: ``catalogue/{en,de,zh}.toml``, one catalogue per
language for the pages and the server's answers alike (loaded through
:func:`hive_teach.core.i18n.load_catalogue`).

>>> words("de")["join"]
'Schwarz spielen'
>>> words("en")["result_limit"].format(n=400)
"A draw: the game has reached this classroom's limit of 400 moves (plies) without a winner."
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path

from hive_teach.core.i18n import load_catalogue

CATALOGUES = Path(__file__).with_name("catalogue")


@cache
def words(lang: str) -> Mapping[str, str]:
    """Every word of the classroom in ``lang``, from ``catalogue/<lang>.toml``."""
    return load_catalogue(CATALOGUES / f"{lang}.toml").templates
