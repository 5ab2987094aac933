"""Rive's parts, registered with :mod:`hive_teach.core.registry`: the board, the scenarios and
the command line find Rive's adapters there (an engine may not import them: each is named by
a ``"module:attribute"`` reference, imported on first use).

>>> from hive_teach.core.registry import parts_named
>>> parts_named("rive") is PARTS, PARTS.has("coach")
(True, False)
"""

from __future__ import annotations

from hive_teach.core.registry import GameParts, register

PARTS = register(GameParts(
    name="rive",
    game="hive_teach.rive.position:RiveGame",
    clicks="hive_teach.board.rive_clicks:RiveClicks",
    marks="hive_teach.rive.paint:RiveMarks",
    with_fields="hive_teach.rive.paint:with_fields",
    painter="hive_teach.rive.paint:build_rive_scene",
    scenario="hive_teach.teach.rive_scenario:RiveScenario",
    text_prefix="rive",
    extra={"wanted": "hive_teach.teach.update:rive_wanted",
           "describer": "hive_teach.board.describe:rive_text"},
))
"""Rive's parts."""

__all__ = ["PARTS"]
