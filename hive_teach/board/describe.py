"""A diagram in words, for screen readers: which pieces stand where and what each mark says.

Every diagram and board gets a text alternative made from what it shows (its
:class:`~hive_teach.core.scene.DrawnBoard`), in the page's language: an :class:`Alt` with a
``short`` text (an ``<img>``'s ``alt``, an SVG's ``<title>``) and a ``long`` one (its
``<desc>``, the hidden description under a lesson's picture). The words come from
``locale/<lang>/describe.toml``. Each game registers its own describer (the ``describer``
part of :mod:`hive_teach.core.registry`: ``(board, lang)`` to an :class:`Alt`); a game without
one gets :func:`plain_text`, its pieces and marks by their names. Only what is drawn is
described: a question's diagram (drawn without its answer) names no answer cell.
:func:`hive_teach.board.drawing.describe` describes a game with its marks, as
:func:`~hive_teach.board.drawing.diagram_svg` would draw it.

>>> from hive_teach.board.drawing import describe
>>> from hive_teach.hive.position import Position
>>> pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
>>> alt = describe(pos, targets=["wQ"], lang="en")
>>> alt.short
'Hive diagram with 4 pieces on the board'
>>> print(describe(pos, selected="wQ", lang="de").short)
Hive-Diagramm mit 4 Steinen auf dem Brett; ausgewählt: die weiße Bienenkönigin (wQ) auf -1,0
>>> from hive_teach.rive import RiveGame
>>> describe(RiveGame.from_text("rive3;0,0"), lang="en").long
'The black stones are at 0,0. Cells where a stone may go: -1,-1; -1,2; -2,0; -2,1; -2,2; 0,-2; \
0,2; 1,-2; 1,1; 2,-1; 2,-2; 2,0. The last stone was placed at 0,0.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from hive_teach.core.hexgrid import Cell, cell_name, components
from hive_teach.core.i18n import BUG_LETTERS, Words, catalogue, join_sentences, listing
from hive_teach.core.registry import parts_for
from hive_teach.core.rules import rule_title
from hive_teach.core.scene import DrawnBoard

_WORDS = Words("describe")
_PIECES = Words("describe", "pieces")


@dataclass(frozen=True)
class Alt:
    """A diagram's text alternative: ``short`` (a line: the ``alt`` of an image) and ``long``
    (every piece and mark, in sentences)."""

    short: str
    long: str


Describer = Callable[[DrawnBoard, str], Alt]
"""A game's describer: what a diagram shows (its board) and the language, to its text."""


def describe_board(game: Any, board: DrawnBoard, lang: str = "en") -> Alt:
    """The text alternative of ``board`` (a diagram of ``game``), by the game's registered
    describer (:func:`plain_text` for a game without one)."""
    describer: Describer = plain_text
    parts = parts_for(game)
    if "describer" in parts.extra:
        describer = parts.part("describer")
    return describer(board, lang)


# ------------------------------------------------------------------------------ helpers
def _cells(cells: Iterable[Cell], lang: str) -> str:
    return listing([cell_name(c) for c in sorted(cells, key=cell_name)], lang)


def _rules(details: dict[Cell, str]) -> dict[str, list[Cell]]:
    """Cells by the rule ids of their details (a cell may carry several: ``"R7; R9"``)."""
    out: dict[str, list[Cell]] = {}
    for c, detail in details.items():
        for rule in (d.strip() for d in detail.split(";")):
            out.setdefault(rule, []).append(c)
    return dict(sorted(out.items(), key=lambda kv: _rule_order(kv[0])))


def _rule_order(rule: str) -> tuple[str, int, str]:
    """R2 before R10: by letter, then number."""
    number = rule[1:]
    return rule[:1], int(number) if number.isdigit() else 0, rule


def _forbidden(board: DrawnBoard, lang: str) -> list[str]:
    return [_WORDS("forbidden", lang, rule=rule, title=_title(rule, lang),
                   cells=_cells(cells, lang))
            for rule, cells in _rules(board.marks.get("forbidden", {})).items()]


def _title(rule: str, lang: str) -> str:
    try:
        return rule_title(rule, lang)
    except (KeyError, ValueError):
        return rule


def _items(items: Iterable[str], lang: str) -> str:
    """Phrases that hold cells (and lists) themselves, one after another."""
    return _WORDS.text("item_joiner", lang).join(items)


def _labels(board: DrawnBoard, lang: str) -> list[str]:
    labels = board.marks.get("label", {})
    if not labels:
        return []
    items = [_WORDS("label", lang, label=labels[c], cell=cell_name(c))
             for c in sorted(labels, key=cell_name)]
    return [_WORDS("labels", lang, items=_items(items, lang))]


# ------------------------------------------------------------------------------ Hive
def piece_words(name: str, lang: str = "en") -> str:
    """A Hive piece named in words: ``wQ`` is "the white Queen (wQ)".

    >>> piece_words("bB1"), piece_words("wQ", "de"), piece_words("bS2", "zh")
    ('the black Beetle (bB1)', 'die weiße Bienenkönigin (wQ)', '黑方的蜘蛛（bS2）')
    >>> piece_words("x")
    'x'
    """
    if len(name) < 2 or name[0] not in "wb" or name[1] not in BUG_LETTERS:
        return name  # not a Hive piece name: said as it is
    from hive_teach.core.i18n import bug_name

    gender = catalogue("core", lang).table("genders").get(name[1], "masculine")
    key = gender if gender in ("masculine", "feminine") else "masculine"
    side = _WORDS("white" if name[0] == "w" else "black", lang)
    return _PIECES(key, lang, side=side, bug=bug_name(name[1], lang), name=name)


def _on(board: DrawnBoard, c: Cell, lang: str) -> str:
    """What stands on ``c``, with the cell: its top piece, or the cell alone."""
    stack = board.stacks.get(c, ())
    if not stack:
        return cell_name(c)
    return _WORDS("at", lang, what=piece_words(stack[-1], lang), cell=cell_name(c))


def _stack(pieces: tuple[str, ...], c: Cell, lang: str) -> str:
    if len(pieces) == 1:
        return _WORDS("at", lang, what=piece_words(pieces[0], lang), cell=cell_name(c))
    top_first = _WORDS.text("stack_joiner", lang).join(piece_words(p, lang)
                                                       for p in reversed(pieces))
    return _WORDS("stack", lang, pieces=top_first, cell=cell_name(c))


def _on_cells(board: DrawnBoard, kind: str, lang: str) -> str:
    cells = board.marks.get(kind, {})
    return _items((_on(board, c, lang) for c in sorted(cells, key=cell_name)), lang)


def _step(detail: str) -> int:
    """A path cell's place: ``start`` first, then by step number (the first, if several)."""
    first = detail.split(";")[0].strip()
    return int(first) if first.isdigit() else 0


def hive_text(board: DrawnBoard, lang: str = "en") -> Alt:
    """Hive's describer: the pieces (stacks from the top), the selected piece, its targets,
    the forbidden cells by rule, gates, the path, pins, the last move, stuns, throws, a
    surrounded Queen, labels and the pieces in hand (when the diagram draws the hands)."""
    m = board.marks
    stacks = {c: s for c, s in board.stacks.items() if s}
    n = sum(len(s) for s in stacks.values())
    selected = sorted(m.get("selected", {}), key=cell_name)
    short = (_WORDS("hive_alt_selected", lang, n=n, piece=_on(board, selected[0], lang))
             if selected else _WORDS("hive_alt", lang, n=n))
    out = [_WORDS("on_board", lang, items=_items(
        (_stack(stacks[c], c, lang) for c in sorted(stacks, key=cell_name)), lang))
        if stacks else _WORDS("empty", lang)]
    if selected:
        out.append(_WORDS("selected", lang, what=_on_cells(board, "selected", lang)))
    if m.get("target"):
        out.append(_WORDS("target", lang, cells=_cells(m["target"], lang)))
    out += _forbidden(board, lang)
    for a, b in board.gates:
        out.append(_WORDS("gate", lang, a=cell_name(a), b=cell_name(b)))
    if m.get("path"):
        steps = sorted(m["path"], key=lambda c: _step(m["path"][c]))
        out.append(_WORDS("path", lang, cells=" → ".join(cell_name(c) for c in steps)))
    for kind in ("pinned", "stunned", "surrounded"):
        if m.get(kind):
            out.append(_WORDS(kind, lang, items=_on_cells(board, kind, lang)))
    for to in sorted(m.get("last-to", {}), key=cell_name):
        froms = sorted(m.get("last-from", {}), key=cell_name)
        if froms:
            out.append(_WORDS("last_move", lang, a=cell_name(froms[0]), b=cell_name(to)))
        else:
            out.append(_WORDS("last_placed", lang, b=cell_name(to)))
    for frm, via, to in board.throws:
        out.append(_WORDS("throw", lang, a=cell_name(frm), via=cell_name(via),
                          b=cell_name(to)))
    out += _labels(board, lang)
    if board.hand:
        for side, key in (("w", "white"), ("b", "black")):
            pieces = [p for p in board.in_hand if p.startswith(side)]
            if pieces:
                from hive_teach.core.i18n import side_name

                out.append(_WORDS("hand", lang, side=side_name(key == "black", lang),
                                  pieces=listing(pieces, lang)))
    return Alt(short, join_sentences(out, lang))


# ------------------------------------------------------------------------------ Rive
def rive_text(board: DrawnBoard, lang: str = "en") -> Alt:
    """Rive's describer: the stones of each colour, the outlined groups (each by its cells),
    the empty cells by the largest group they touch, the legal cells, the stones that may
    be or are chosen to be removed, the capturing group, the removed stones, the last
    stone, forbidden cells by rule and labels."""
    stones: dict[Cell, str] = getattr(board, "stones", {})
    m = board.marks
    black = [c for c, s in stones.items() if s == "black"]
    white = [c for c, s in stones.items() if s == "white"]
    short = _WORDS("rive_alt", lang, black=len(black), white=len(white),
                   total=len(black) + len(white))
    out = [_WORDS("stones", lang, side=_WORDS(colour, lang), cells=_cells(cells, lang))
           for colour, cells in (("black", black), ("white", white)) if cells]
    if not stones:
        out.append(_WORDS("no_stones", lang))
    outlined = m.get("outline", {})
    for colour in ("black", "white"):
        own = [c for c in outlined if stones.get(c) == colour]
        for group in sorted(components(own), key=lambda g: sorted(map(cell_name, g))):
            out.append(_WORDS("group", lang, n=len(group), cells=_cells(group, lang)))
    largest = m.get("largest", {})
    for size in sorted({int(d) for d in largest.values()}, reverse=True):
        out.append(_WORDS("largest", lang, n=size, cells=_cells(
            (c for c, d in largest.items() if int(d) == size), lang)))
    for kind in ("legal", "removable"):
        if m.get(kind):
            out.append(_WORDS(kind, lang, cells=_cells(m[kind], lang)))
    if m.get("capture"):
        placed = [c for c, d in m["capture"].items() if d == "placed"]
        out.append(_WORDS("capture", lang, cells=_cells(m["capture"], lang),
                          placed=cell_name(placed[0])) if placed
                   else _WORDS("capture_plain", lang, cells=_cells(m["capture"], lang)))
    for colour in ("black", "white"):
        ghosts = [c for c, d in m.get("removed", {}).items() if d == colour]
        if ghosts:
            out.append(_WORDS("removed", lang, side=_WORDS(colour, lang),
                              cells=_cells(ghosts, lang)))
    if m.get("remove"):
        order = sorted(m["remove"], key=lambda c: int(m["remove"][c] or 0))
        out.append(_WORDS("remove", lang, cells=listing([cell_name(c) for c in order], lang)))
    for c in sorted(m.get("last", {}), key=cell_name):
        out.append(_WORDS("last_stone", lang, cell=cell_name(c)))
    out += _forbidden(board, lang)
    out += _labels(board, lang)
    return Alt(short, join_sentences(out, lang))


# ------------------------------------------------------------------------------ any game
def plain_text(board: DrawnBoard, lang: str = "en") -> Alt:
    """The describer of a game that registers none: its pieces by their names and each mark
    kind with its cells (and details), as the diagram's data has them.

    >>> from hive_teach.core.hexgrid import cell
    >>> board = DrawnBoard(stacks={cell(0, 0): ("x",)}, marks={"target": {cell(1, 0): ""}})
    >>> plain_text(board).long
    'x (0,0). target: 1,0.'
    """
    pieces = [f"{'/'.join(s)} ({cell_name(c)})" for c, s in sorted(
        board.stacks.items(), key=lambda kv: cell_name(kv[0])) if s]
    out = [listing(pieces, lang) + _full_stop(lang)] if pieces else [_WORDS("empty", lang)]
    for kind, cells in board.marks.items():
        named = [cell_name(c) + (f" ({cells[c]})" if cells[c] else "")
                 for c in sorted(cells, key=cell_name)]
        out.append(f"{kind}: {listing(named, lang)}{_full_stop(lang)}")
    return Alt(", ".join(pieces) or _WORDS("empty", lang), join_sentences(out, lang))


def _full_stop(lang: str) -> str:
    from hive_teach.core.i18n import grammar

    return grammar("full_stop", lang)


__all__ = ["Alt", "Describer", "describe_board", "hive_text", "piece_words",
           "plain_text", "rive_text"]
