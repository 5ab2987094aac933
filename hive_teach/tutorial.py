"""Short helpers the tutorial notebooks call, so each notebook cell is one readable line.

Every position comes from a scenario file (``scenarios/<id>.toml``), never typed into a
notebook. ``set_language`` picks the language of all text. :func:`show`, :func:`answer`,
:func:`why`, :func:`explain`, :func:`board`, :func:`exercise`, :func:`reach_exercise` and
:func:`find_exercise` are those of :mod:`hive_teach.teach.lessons` and take a scenario of
either game; :func:`scenario` and :func:`targets` are Hive's own (Rive's own helpers are in
:mod:`hive_teach.teach.rive_lessons`).

>>> set_language("de")
>>> targets("freedom-gate-queen")
wQ → -1,0  0,1
>>> why("freedom-gate-queen", "wQ \\\\bQ")
wQ \\bQ → R7
Die Lücke zwischen bQ und wS1 ist zu eng: wQ kann nicht hindurchschlüpfen, um auf Feld \
1,-1 zu kommen. (R7)
>>> set_language("en")
"""

from __future__ import annotations

from hive_teach.core.hexgrid import cell_name
from hive_teach.teach.hive_scenario import HiveScenario
from hive_teach.teach.lessons import (
    answer,
    board,
    coached_game,
    exercise,
    explain,
    find,
    find_exercise,
    reach_exercise,
    set_language,
    show,
    show_progress,
    why,
)
from hive_teach.teach.library import language


def scenario(sid: str) -> HiveScenario:
    """The Hive scenario with id ``sid`` (file ``scenarios/<sid>.toml``)."""
    return find(sid, HiveScenario)


def targets(sid: str) -> None:
    """Print where the scenario's focus piece may go (a stable fact the notebook checks)."""
    s = scenario(sid)
    if s.focus is None:
        raise ValueError(f"scenario {sid!r} has no focus piece")
    cells = sorted(s.position().targets(s.focus.piece))
    print(f"{s.focus.piece} → " + ("  ".join(cell_name(c) for c in cells) or "—"))


__all__ = ["answer", "board", "coached_game", "exercise", "explain", "find_exercise", "language",
           "reach_exercise", "scenario", "set_language", "show", "show_progress", "targets",
           "why"]
