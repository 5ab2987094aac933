"""Why a move is illegal, as facts: the rule, the kind of reason, the pieces and cells involved.

Reasons are found by looking at the board (path searches, gate and height checks), never by
looking a move up in the legal list, and follow the order of RULES.md ("Which rule an
explanation names"): R19, R0, R18; for a placement R4, then R1-R3; for a move R5, R17, R6
(covered or pinned, also for a piece a Pillbug would throw), then the piece's own movement for
that destination (R7-R16), or the Pillbug's power when the piece can only be thrown.

An :class:`Explanation` holds no sentence: a template catalogue per language
(:mod:`hive_teach.hive.catalogue`) writes it from the facts, English like any other.

The parts: :mod:`.facts` (the kinds of reason and the facts they carry), :mod:`.explanation`
(the :class:`Explanation` data), :mod:`.explainer` (the order of reasons, :func:`explain_move`,
:func:`explain_piece`), :mod:`.placement`, one module per movement (:mod:`.step` for the Queen
and the Pillbug's walk, :mod:`.beetle`, :mod:`.grasshopper`, :mod:`.spider`, :mod:`.ant`,
:mod:`.ladybug`, :mod:`.mosquito`), :mod:`.pillbug` (throws), and what they share
(:mod:`.common`, :mod:`.mover`, :mod:`.board`). The legal moves themselves come from
:mod:`hive_teach.hive.movegen`; these modules only find the reason a cell is not among them.

>>> from hive_teach.hive.position import Position
>>> pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
>>> why = explain_move(pos, pos.parse_move("wQ bS1-"))
>>> why.rule, why.kind, why.mover, [p.name for p in why.pieces]
(<Rule.R3: 'R3'>, <Kind.TOUCHES_OPPONENT: 'touches-opponent'>, Piece(wQ), ['bS1'])
>>> why.reason
"This cell touches the opponent's bS1; a new piece may only touch pieces of its own colour."
>>> print(why.text("de"))
Dieses Feld berührt den Stein bS1 des Gegners, aber ein neuer Stein darf nur Steine der \
eigenen Farbe berühren. (R3)
>>> explain_move(pos, pos.parse_move("wQ -wS1")) is None
True

A gate names the two pieces on either side of the gap and puts their cells in ``cells``:

>>> pos = Position.from_layout({"0,0": "wQ", "1,-1": "bQ", "2,-1": "bA1", "2,0": "bG1",
...                             "1,1": "bS1", "0,1": "wG1"}, to_move="white", turn=5)
>>> why = explain_move(pos, pos.parse_move("wQ -bG1"))
>>> why.rule, why.kind, [p.name for p in why.pieces], sorted(why.facts)
(<Rule.R7: 'R7'>, <Kind.GATE: 'gate'>, ['wG1', 'bQ'], ['left', 'right'])
>>> print(why)
The gap between wG1 and bQ is too narrow: wQ cannot slide through it to cell 1,0. (R7)
>>> print(why.text("zh"))
wG1 和 bQ 之间的缝隙太窄：wQ 没法从中滑到格子 1,0。(R7)
"""

from __future__ import annotations

from hive_teach.hive.explain.explainer import (
    Explainer,
    cell_taken,
    explain_move,
    explain_piece,
    not_in_game,
    reference_in_hand,
    winner_text,
    written_alone,
)
from hive_teach.hive.explain.explanation import Explanation
from hive_teach.hive.explain.facts import FACTS, KINDS, MOSQUITO_LEADS, Fact, Kind, KindInfo
from hive_teach.hive.pieces import Colour
from hive_teach.hive.rules import Rule

__all__ = [
    "FACTS",
    "KINDS",
    "MOSQUITO_LEADS",
    "Colour",
    "Explainer",
    "Explanation",
    "Fact",
    "Kind",
    "KindInfo",
    "Rule",
    "cell_taken",
    "explain_move",
    "explain_piece",
    "not_in_game",
    "reference_in_hand",
    "winner_text",
    "written_alone",
]
