"""The Mosquito (R14): the movement of every bug it touches, and the one reason it gives."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from hive_teach.core.hexgrid import Cell
from hive_teach.hive.explain.ant import ant
from hive_teach.hive.explain.beetle import beetle
from hive_teach.hive.explain.common import same_cell
from hive_teach.hive.explain.explanation import Explanation
from hive_teach.hive.explain.facts import Kind
from hive_teach.hive.explain.grasshopper import grasshopper
from hive_teach.hive.explain.ladybug import ladybug
from hive_teach.hive.explain.spider import spider
from hive_teach.hive.explain.step import one_step
from hive_teach.hive.pieces import Bug
from hive_teach.hive.rules import Rule

if TYPE_CHECKING:
    from hive_teach.hive.explain.mover import Mover


RANK = {
    kind: i for i, kind in enumerate((
        Kind.GATE, Kind.HEIGHT_GATE, Kind.NO_CONTACT, Kind.REVISIT, Kind.WRONG_COUNT, Kind.GAP,
        Kind.NO_PATH, Kind.OCCUPIED, Kind.TOO_FAR, Kind.NOTHING_TO_JUMP, Kind.NOT_IN_LINE,
        Kind.ENCLOSED, Kind.OFF_HIVE, Kind.SAME_CELL,
    ))
}


def mosquito_rule(why: Explanation) -> Rule:
    """The rule a Mosquito's move breaks: the general rules of moving (a gate R7, a height gate
    R8) stay what they are for every bug; anything about the copied bug's own way of moving
    is the Mosquito's rule R14."""
    return why.rule if why.rule in (Rule.R6, Rule.R7, Rule.R8) else Rule.R14


def mosquito(m: Mover, to: Cell) -> Explanation | None:
    """Mosquito on the ground (R14): the movement of any bug it touches."""
    if to == m.cell:
        return same_cell(m, Bug.MOSQUITO)
    found = []
    for bug, via in m.copies():
        why = ANALYSERS[bug](m, to, bug)
        if why is None:
            return None
        found.append((bug, via, why))
    if not found:  # pragma: no cover - _blocked reports a Mosquito that copies nothing
        return None
    bug, via, why = min(found, key=lambda f: RANK.get(f[2].kind, len(RANK)))
    facts = {**why.facts, "bug": bug}
    if len(found) == 1:
        lead, facts["via"] = "only", via
    else:
        lead, facts["copies"] = "copies", tuple((b, v) for b, v, _ in found)
    return replace(
        why,
        rule=mosquito_rule(why),
        to=to,
        facts=facts,
        mosquito=lead,
        others=tuple(w for _, _, w in found if w is not why),
    )


ANALYSERS = {
    Bug.QUEEN: one_step,
    Bug.PILLBUG: one_step,
    Bug.BEETLE: beetle,
    Bug.GRASSHOPPER: grasshopper,
    Bug.SPIDER: spider,
    Bug.ANT: ant,
    Bug.LADYBUG: ladybug,
}
