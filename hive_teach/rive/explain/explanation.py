"""A Rive explanation of an illegal action, as facts (:class:`Explanation`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from hive_teach.core.hexgrid import Cell
from hive_teach.core.i18n import Worded
from hive_teach.rive import i18n
from hive_teach.rive.explain.facts import Kind
from hive_teach.rive.rules import Rule


@dataclass(frozen=True)
class Explanation(Worded):
    """Why an action is illegal, as facts: the rule it breaks, the :class:`Kind` of reason, the
    ``cells`` a diagram may mark (the cells where the stone may go instead, or the capturing
    group) and the ``facts`` a sentence says (:data:`FACTS`). :meth:`text` writes the sentence
    in English, German or Chinese (:mod:`hive_teach.rive.i18n`).

    >>> from hive_teach.core.hexgrid import cell
    >>> why = Explanation(Rule.V1, Kind.OCCUPIED, (cell(0, 0),), {"cell": cell(0, 0)})
    >>> str(why)
    'There is already a stone on 0,0: stones go on empty cells. (V1)'
    >>> why.text("de")
    'Auf 0,0 liegt schon ein Stein: Steine kommen auf leere Felder. (V1)'
    """

    rule: Rule
    kind: Kind
    cells: tuple[Cell, ...] = ()
    facts: Mapping[str, object] = field(default_factory=dict, hash=False)

    def render(self, lang: str, rule: bool) -> str:
        """The sentence in ``lang``, with the rule id if ``rule`` (see :meth:`Worded.text`)."""
        return i18n.render(self, lang, rule=rule)
