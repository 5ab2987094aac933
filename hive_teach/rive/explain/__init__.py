"""Why an action is not legal in Rive, as facts: :mod:`.facts` (the kinds and facts),
:mod:`.explanation` (the :class:`Explanation` data) and :mod:`.explainer` (:func:`explain`),
as Hive's :mod:`hive_teach.hive.explain` is laid out.
"""

from hive_teach.rive.explain.explainer import explain, off_board
from hive_teach.rive.explain.explanation import Explanation
from hive_teach.rive.explain.facts import FACTS, KINDS, Fact, Kind

__all__ = ["FACTS", "KINDS", "Explanation", "Fact", "Kind", "explain", "off_board"]
