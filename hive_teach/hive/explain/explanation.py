"""The explanation of a refusal, as facts (:class:`Explanation`), and :func:`because`, which
makes one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from hive_teach.core.hexgrid import Cell
from hive_teach.core.i18n import Worded
from hive_teach.hive import catalogue
from hive_teach.hive.explain.facts import Kind
from hive_teach.hive.pieces import Piece
from hive_teach.hive.rules import Rule


@dataclass(frozen=True)
class Explanation(Worded):
    """Why a move (or a piece) cannot be played, as facts; :meth:`text` writes the sentence.

    ``rule`` is the :class:`~hive_teach.hive.rules.Rule` it breaks and ``kind`` the
    :class:`Kind` of reason (diagrams draw marks by it); ``case`` says which of the kind's
    sentences fits (:data:`KINDS`). ``mover`` is the piece that would move, be placed or be
    thrown, ``to`` where it would go (``None`` for a reason that holds whatever the cell).
    ``pieces`` are the other pieces the reason names, always in this order: those that cause
    it first (the pieces on top, the two beside a gap, the pieces cut off, the opponent's
    pieces touched, the piece on a taken cell, the piece that must come first), and last the
    Pillbug or Mosquito whose throw is refused; the mover is never among them. ``cells`` are
    the cells a diagram marks (the gap's two sides, the cut-off part, the walled-in cell),
    ``gate`` a gap's two sides, ``path`` a way the piece would have to take (a Spider's three
    steps, a Ladybug's up-across-down). ``facts`` are what the sentence says besides (see
    :data:`FACTS`); ``mosquito`` is how a Mosquito's move is introduced
    (:data:`MOSQUITO_LEADS`), and ``others`` further reasons the move meets (the other bugs a
    Mosquito copies, why a Pillbug could not throw the piece there either).
    """

    rule: Rule
    kind: Kind
    case: str = ""
    mover: Piece | None = None
    to: Cell | None = None
    pieces: tuple[Piece, ...] = ()
    cells: tuple[Cell, ...] = ()
    facts: Mapping[str, object] = field(default_factory=dict, hash=False)
    gate: tuple[Cell, Cell] | None = None
    path: tuple[Cell, ...] = ()
    mosquito: str = ""
    others: tuple[Explanation, ...] = ()

    def render(self, lang: str, rule: bool) -> str:
        """The sentence in ``lang``, with the rule id if ``rule`` (see :meth:`Worded.text`).

        >>> from hive_teach.hive.position import Position
        >>> from hive_teach.hive.explain import explain_move
        >>> pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;"
        ...                                 "bQ bS1-")
        >>> explain_move(pos, pos.parse_move("wS1 bQ-")).text("de")
        'Wenn wS1 weggeht, wird wQ vom Rest des Schwarms getrennt, aber der Schwarm muss \
immer zusammenbleiben. (R6)'
        """
        return catalogue.render(self, lang, rule=rule)


def because(
    rule: Rule | str, kind: Kind, case: str = "", *, mover: Piece | None = None,
    to: Cell | None = None, pieces: Iterable[Piece] = (), cells: Iterable[Cell] = (),
    gate: tuple[Cell, Cell] | None = None, path: tuple[Cell, ...] = (),
    more: Mapping[str, object] | None = None, **facts: object,
) -> Explanation:
    """An explanation; its facts are the keyword arguments after the fields, and ``more``."""
    return Explanation(Rule(rule), kind, case, mover, to, tuple(pieces), tuple(cells),
                       {**facts, **(more or {})}, gate, path)
