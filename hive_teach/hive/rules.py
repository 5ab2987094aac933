"""The Hive rule ids of RULES.md (R0-R20), as an enum every explanation and error names.

A :class:`Rule` is a ``str``, so ``why.rule == "R7"`` holds and it prints as ``R7``:

>>> Rule.R7 == "R7", f"({Rule.R7})", Rule("R12").label
(True, '(R7)', 'Spider')
>>> Rule.for_bug(Bug.GRASSHOPPER)
<Rule.R11: 'R11'>
"""

from __future__ import annotations

from enum import StrEnum

from hive_teach.core.rules import rule_title
from hive_teach.hive.pieces import Bug


class Rule(StrEnum):
    """A rule of Hive by its id on the rules page (``docs/rules.md``)."""

    R0 = "R0"
    R1 = "R1"
    R2 = "R2"
    R3 = "R3"
    R4 = "R4"
    R5 = "R5"
    R6 = "R6"
    R7 = "R7"
    R8 = "R8"
    R9 = "R9"
    R10 = "R10"
    R11 = "R11"
    R12 = "R12"
    R13 = "R13"
    R14 = "R14"
    R15 = "R15"
    R16 = "R16"
    R17 = "R17"
    R18 = "R18"
    R19 = "R19"
    R20 = "R20"

    @property
    def label(self) -> str:
        """The rule's title on the rules page, e.g. ``One Hive`` for R6."""
        return rule_title(self.value)

    @classmethod
    def for_bug(cls, bug: Bug) -> Rule:
        """The rule of how ``bug`` moves (R9-R16)."""
        return cls(bug.rule)


__all__ = ["Rule"]
