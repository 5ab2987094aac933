"""English sentences for Rive's explanations (``Explanation.reason`` is this catalogue's)."""

from __future__ import annotations

from hive_teach.core.i18n import Catalogue

CATALOGUE = Catalogue(
    lang="en",
    templates={
        "off-board":
            "{name} is off the board: on this board every cell is at most {radius} steps from "
            "the centre 0,0",
        "game-over":
            "The game is over: the board is full, so nobody places or removes stones",
        "no-capture":
            "You may only remove stones right after a placement that joins groups (a capture)",
        "in-capture":
            "You are in the middle of a capture: first remove {remaining} more "
            "{remaining:stone/stones} from the group you made",
        "no-stone": "There is no stone on {cell} to remove",
        "not-in-group":
            "{cell} is not in the group you just made: you may only remove stones from that "
            "group",
        "split":
            "Removing {cell} would split the group into {parts} pieces: the group must stay in "
            "one piece",
        "occupied": "There is already a stone on {cell}: stones go on empty cells",
        "isolation":
            "{cell} touches a stone, but some cells still touch no stone (like {lonely}): you "
            "must place on one of those first",
        "smallest":
            "The biggest group next to {cell} has {largest} stones, but next to {better} the "
            "biggest has only {smallest}: pick a cell whose biggest neighbouring group is as "
            "small as possible",
    },
)
