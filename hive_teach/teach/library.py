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


COURSE = Path(__file__).resolve().parents[1] / "course"
"""The course the package carries: ``scenarios``, ``puzzles`` and ``notebooks`` (in a
checkout, links to the repository's folders; in an installed package, copies)."""


def library_dir(folder: str, env_var: str) -> Path:
    """A data folder of the kit (``scenarios``, ``puzzles``): ``$env_var`` if set, else the
    package's own (:data:`COURSE`), which works from any folder.

    >>> library_dir("scenarios", "HIVE_TEACH_SCENARIOS").joinpath("beetle-stack.toml").is_file()
    True
    """
    env = os.environ.get(env_var)
    if env:
        return Path(env)
    here = COURSE / folder
    if here.is_dir():
        return here
    raise FileNotFoundError(f"the {folder} folder is missing from {COURSE}: reinstall "
                            f"hive_teach, or set {env_var} to a folder of your own")


def scenario_dir() -> Path:
    """Where the scenario library is: ``$HIVE_TEACH_SCENARIOS``, or ``scenarios/``."""
    return library_dir("scenarios", "HIVE_TEACH_SCENARIOS")
