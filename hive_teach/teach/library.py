"""Where the kit's data folders are, and the language the lessons speak.

Both are needed by every lesson helper (Hive, Rive and puzzles), so they live here, below the
tutorial entry points and beside the scenario loaders.

>>> set_language("de"); language()
'de'
>>> set_language("en")
>>> scenario_dir().name
'scenarios'
"""

from __future__ import annotations

import os
from pathlib import Path

from hive_teach.core.i18n import check_language

_state = {"lang": "en"}


def set_language(lang: str) -> None:
    """Use ``en``, ``de`` or ``zh`` for everything the helpers show."""
    _state["lang"] = check_language(lang)


def language() -> str:
    """The language the lesson helpers use now (``en`` until :func:`set_language`)."""
    return _state["lang"]


def library_dir(folder: str, env_var: str) -> Path:
    """A data folder of the kit (``scenarios``, ``puzzles``): ``$env_var`` if set, else that
    folder of this checkout, else the nearest one above the working directory."""
    env = os.environ.get(env_var)
    if env:
        return Path(env)
    here = Path(__file__).resolve().parents[2] / folder
    if here.is_dir():
        return here
    for parent in [Path.cwd(), *Path.cwd().parents]:
        if (parent / folder).is_dir():
            return parent / folder
    raise FileNotFoundError(f"cannot find the {folder} folder; set {env_var}")


def scenario_dir() -> Path:
    """Where the scenario library is: ``$HIVE_TEACH_SCENARIOS``, or ``scenarios/``."""
    return library_dir("scenarios", "HIVE_TEACH_SCENARIOS")
