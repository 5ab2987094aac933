"""The teacher's workshop: the board editor and the analysis board, able to save scenarios.

The controllers live in the board layer (:mod:`hive_teach.board.editor`,
:mod:`hive_teach.board.analysis`), below the teach layer that writes scenario files; these
helpers hand them the kit's writer, :func:`hive_teach.teach.authoring.write_scenario`, so a
teacher's "Save as scenario" gives a file that ``hive-teach verify`` passes.

>>> import tempfile
>>> from pathlib import Path
>>> ed = editor()
>>> _ = ed.place("0,0", "wQ"), ed.place("1,0", "bQ")
>>> with tempfile.TemporaryDirectory() as d:
...     print(ed.save_scenario(Path(d) / "two-queens.toml").kind)
saved
>>> a = analysis("Base;InProgress;White[2];wS1;bS1 wS1-", move=1)
>>> a.status()
'Move 1 of 2: wS1. Black to move.'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hive_teach.board.analysis import AnalysisController
from hive_teach.board.editor import EditorController
from hive_teach.hive.position import Position
from hive_teach.hive.records import GameRecord
from hive_teach.teach.authoring import write_scenario


def editor(position: Position | None = None, *, game_type: str = "Base",
           tournament: bool = False, lang: str = "en") -> EditorController:
    """A board editor, empty (of ``game_type``) or on a copy of ``position``, that saves
    scenarios with :func:`~hive_teach.teach.authoring.write_scenario`."""
    return EditorController(game_type, tournament=tournament, position=position, lang=lang,
                            writer=write_scenario)


def analysis(record: GameRecord | str | Path, *, move: int | None = None,
             lang: str = "en") -> AnalysisController:
    """An analysis board's controller on ``record`` (a GameRecord, a record file, or a
    GameString) at ``move`` (default: the end), that saves scenarios."""
    return AnalysisController(record, move=move, lang=lang, writer=write_scenario)


def editor_board(position: Position | None = None, *, game_type: str = "Base",
                 tournament: bool = False, lang: str = "en", **options: Any) -> Any:
    """The editor widget (:class:`hive_teach.board.editor_widget.EditorBoard`) over
    :func:`editor`; ``canvas``, ``width`` and ``folder`` (where it saves) go to the widget."""
    from hive_teach.board.editor_widget import EditorBoard

    return EditorBoard(editor(position, game_type=game_type, tournament=tournament, lang=lang),
                       **options)


def analysis_board(record: GameRecord | str | Path, *, move: int | None = None,
                   lang: str = "en", **options: Any) -> Any:
    """The analysis widget (:class:`hive_teach.board.analysis_widget.AnalysisBoard`) over
    :func:`analysis`; ``canvas``, ``width`` and ``folder`` go to the widget."""
    from hive_teach.board.analysis_widget import AnalysisBoard

    return AnalysisBoard(analysis(record, move=move, lang=lang), **options)


__all__ = ["analysis", "analysis_board", "editor", "editor_board"]
