"""Hive's parts, registered with :mod:`hive_teach.core.registry`: the board, the scenarios and
the command line find Hive's adapters there (an engine may not import them: each is named by
a ``"module:attribute"`` reference, imported on first use).

>>> from hive_teach.core.registry import parts_named
>>> parts_named("hive") is PARTS
True
"""

from __future__ import annotations

from hive_teach.core.registry import GameParts, register

PARTS = register(GameParts(
    name="hive",
    game="hive_teach.hive.position:Position",
    clicks="hive_teach.board.hive_clicks:HiveClicks",
    marks="hive_teach.hive.marks:Marks",
    with_fields="hive_teach.hive.marks:with_fields",
    painter="hive_teach.hive.paint:build_scene",
    scenario="hive_teach.teach.hive_scenario:HiveScenario",
    coach="hive_teach.board.coaching:BoardCoach",
    piece_marks="hive_teach.hive.marks:marks_for",
    extra={"wanted": "hive_teach.teach.update:hive_wanted",
           "describer": "hive_teach.board.describe:hive_text"},
))
"""Hive's parts."""

__all__ = ["PARTS"]
