"""A scenario file from any position: the teacher's workshop (``hive-teach new-scenario``).

:func:`scenario_toml` writes the TOML of a Hive scenario (the format: ``docs/scenarios.md``)
for a position played from the start: its GameString, a focus piece with the engine's targets
and forbidden cells (each with the rule :func:`~hive_teach.hive.explain.explain_move` names,
as :func:`~hive_teach.hive.marks.marks_for` finds them for a diagram), the gates and throws
that explain them, and a placeholder title and caption in the teacher's language. The file
passes ``hive-teach verify`` as written; the teacher edits the texts.

:func:`new_scenario` does it all for a game record (any format of
:mod:`hive_teach.hive.records`) and writes the file.

>>> from hive_teach.hive.position import Position
>>> pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
>>> text = scenario_toml(pos, "queen-steps", lang="de", source="partie.pgn", moves=4)
>>> print(text)  # doctest: +ELLIPSIS
# A scenario made by `hive-teach new-scenario` from partie.pgn, after move 4.
# The title and caption are placeholders: write your own, then run `hive-teach verify` on it.
id = "queen-steps"
rules = ["R7"]
<BLANKLINE>
[title]
de = "Wohin kann wQ ziehen?"
<BLANKLINE>
[caption]
de = "Nach Zug 4 von partie.pgn: Weiß ist am Zug. Die Ringe zeigen, wohin wQ darf, ..."
<BLANKLINE>
[position]
game_string = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
<BLANKLINE>
[focus]
piece = "wQ"
targets = ["-1,1", "0,-1"]
<BLANKLINE>
[focus.forbidden]
"-2,0" = "R7"
...
>>> from hive_teach.teach.scenario import loads
>>> loads(text, "queen-steps.toml").verify()
[]
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from hive_teach.core.hexgrid import Cell, cell_name
from hive_teach.core.i18n import LANGUAGES, Words, side_name
from hive_teach.core.tomlfile import Reader
from hive_teach.hive.marks import Ref, marks_for
from hive_teach.hive.moves import PASS
from hive_teach.hive.pieces import Piece
from hive_teach.hive.position import Position
from hive_teach.hive.records import load_source
from hive_teach.teach.base import ScenarioError
from hive_teach.teach.hive_scenario import HiveScenario
from hive_teach.teach.scenario import loads

# The placeholder texts (locale/<lang>/authoring.toml): {piece}, {side}, {where}. (The Chinese
# uses only characters the bundled font has: tests/test_fonts.py.)
_WORDS = Words("authoring")
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def choose_piece(pos: Position) -> Piece:
    """The focus piece when the teacher names none: the piece the side to move moved (or
    placed) last, if it can go anywhere now; else the first of that side's pieces with a
    legal move, in the engine's move order; else (no move but a pass, or the game is over)
    that side's Queen.

    >>> pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    >>> choose_piece(pos)  # wQ was White's last move, and she can step
    Piece(wQ)
    >>> choose_piece(Position("Base"))  # nothing moved yet: the first piece with a move
    Piece(wQ)
    """
    side = pos.turn
    for move in reversed(pos.move_stack):
        if move is not PASS and move.piece is not None and move.piece.colour is side:
            if pos.targets(move.piece):
                return move.piece
            break
    for move in pos.legal_moves():
        if move.piece is not None and move.piece.colour is side:
            return move.piece
    return Piece.from_name(side.letter + "Q")


def scenario_toml(pos: Position, sid: str, *, piece: Piece | str | None = None,
                  lang: str = "en", source: str | None = None, moves: int | None = None) -> str:
    """The TOML text of a Hive scenario on ``pos``, with ``piece`` as its focus (default:
    :func:`choose_piece`), texts in ``lang``; ``source`` (the record's file name) and ``moves``
    (how many moves were played; default: all of ``pos``'s) go into the caption and the
    header comment.

    A position played from the start is written as its GameString; one set up from a layout
    (:meth:`Position.from_layout`, the board editor) as ``[position]`` with ``to_move``,
    ``turn``, ``last_moved`` and ``[position.stacks]``, with its ``game_type`` and
    ``tournament``.

    The rules listed are those the forbidden cells cite (R6 before R7), else the piece's
    movement rule (a placement: R1, R2 or R3). A loader that wants every language of a text
    gets the teacher's text in all three, under a ``# translate`` comment.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"lang {lang!r}: the kit's languages are {', '.join(LANGUAGES)}")
    if not _ID_RE.match(sid):
        raise ValueError(f"id {sid!r} must be lower-case letters, digits and dashes")
    if isinstance(piece, str):
        piece = Piece.from_name(piece.strip())
    if piece is None:
        piece = choose_piece(pos)
    if piece not in pos.game_type:
        raise ValueError(f"{piece} is not part of a {pos.game_type} game (R0)")
    marks = marks_for(pos, piece)
    targets = sorted(_cell(c) for c in marks.targets)
    forbidden = {_cell(c): rule for c, rule in marks.forbidden.items()}
    rules = sorted(set(forbidden.values()), key=lambda r: int(r[1:]))
    if not rules:
        rules = [_movement_rule(pos, piece)]
    layout = is_layout(pos)
    n = len(pos.move_stack) if moves is None else moves
    key = ("setup" if layout else "after" if n else "start") + ("_of" if source else "")
    where = _WORDS(key, lang, source=source or "", n=n)
    placing = piece not in pos.where
    title = _WORDS("title_place" if placing else "title_move", lang, piece=piece.name)
    caption = _WORDS("caption", lang, where=where, side=side_name(pos.turn, lang),
                     piece=piece.name)
    moment = ("set up on the board" if layout else f"after move {n}" if n
              else "at the start of the game")
    origin = source or ("the board editor" if layout else "a GameString")
    out = [
        f"# A scenario made by `hive-teach new-scenario` from {origin}, {moment}.",
        "# The title and caption are placeholders: write your own, then run `hive-teach verify`"
        " on it.",
        f"id = {_q(sid)}",
        f"rules = {_list(rules)}",
        *_game_keys(pos, layout),
        "",
        *_texts("title", title, lang),
        "",
        *_texts("caption", caption, lang),
        "",
        *_position(pos, layout),
        "",
        "[focus]",
        f"piece = {_q(piece.name)}",
        f"targets = {_list(cell_name(c) for c in targets)}",
    ]
    if forbidden:
        out += ["", "[focus.forbidden]"]
        out += [f"{_q(cell_name(c))} = {_q(rule)}" for c, rule in sorted(forbidden.items())]
    if targets:
        out += ["", "[exercise]", 'kind = "mark"']
    out += _marks(pos, marks.last_move, marks.gates, marks.throws, set(forbidden.values()))
    return "\n".join(out) + "\n"


def new_scenario(source: str, output: str | Path, *, moves: int | None = None,
                 piece: str | None = None, lang: str = "en",
                 force: bool = False) -> HiveScenario:
    """Write a scenario file at ``output`` for the position of ``source`` (a game record file of
    any format, or a GameString) after its first ``moves`` moves (default: all), with the
    focus ``piece`` (default: :func:`choose_piece`), in ``lang``. The id is the file's name.

    The text is read back and checked against the engine before the file is written, and an
    existing file is kept unless ``force``: on any error nothing is written. Returns the
    scenario as read back.
    """
    path = Path(output)
    scenario_id(path)  # a bad file name fails before the record is read
    if path.exists() and not force:
        raise ValueError(f"{path} exists: give another file, or --force to replace it")
    record = load_source(source)
    pos = record.position(moves)
    shown = None if record.name == "<GameString>" else Path(record.name).name
    return write_scenario(pos, path, piece=piece, lang=lang, source=shown, moves=moves,
                          force=force)


def write_scenario(pos: Position, output: str | Path, *, piece: Piece | str | None = None,
                   lang: str = "en", source: str | None = None, moves: int | None = None,
                   force: bool = False) -> HiveScenario:
    """Write the scenario of :func:`scenario_toml` on ``pos`` (played from the start, or set
    up from a layout) at ``output``; the id is the file's name. The text is read back and
    checked against the engine first, and an existing file is kept unless ``force``: on any
    error nothing is written. Returns the scenario as read back.

    >>> import tempfile
    >>> pos = Position.from_layout({"0,0": "wQ", "1,0": "bQ", "0,1": "bB1 wB1"},
    ...                            to_move="black", turn=3)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     s = write_scenario(pos, Path(d) / "On Top.toml", piece="bQ")
    ...     print((Path(d) / "On Top.toml").read_text().split("[focus]")[0])  # doctest: +ELLIPSIS
    # A scenario made by `hive-teach new-scenario` from the board editor, set up on the board.
    ...
    [position]
    to_move = "black"
    turn = 3
    [position.stacks]
    "0,0" = "wQ"
    "0,1" = "bB1 wB1"
    "1,0" = "bQ"
    <BLANKLINE>
    <BLANKLINE>
    >>> s.id, s.verify()
    ('on-top', [])
    """
    path = Path(output)
    sid = scenario_id(path)
    if path.exists() and not force:
        raise ValueError(f"{path} exists: give another file, or --force to replace it")
    text = scenario_toml(pos, sid, piece=piece, lang=lang, source=source, moves=moves)
    scenario = HiveScenario.read(Reader(text, str(path), ScenarioError))  # a Hive scenario
    problems = scenario.verify()
    if problems:  # a bug here, never the input
        raise ValueError(f"{path}: the scenario written fails its own check ({'; '.join(problems)})"
                         ": a bug in hive-teach, please report it; nothing was written")
    path.write_text(text, encoding="utf-8")
    return scenario


def scenario_id(path: str | Path) -> str:
    """The id a scenario file at ``path`` gets: its name, in lower case, with dashes; a
    ValueError if ``path`` is no ``.toml`` file or its name has no letter or digit.

    >>> scenario_id("My Lesson.toml")
    'my-lesson'
    """
    path = Path(path)
    if path.suffix != ".toml":
        raise ValueError(f"{path}: a scenario file ends in .toml")
    sid = re.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-")
    if not _ID_RE.match(sid):
        raise ValueError(f"{path}: the file's name gives the scenario's id, so it needs a "
                         "letter or a digit")
    return sid


def is_layout(pos: Position) -> bool:
    """Whether ``pos`` was set up from a layout (it has no history from the start of a game),
    so that a file gives it as ``[position.stacks]`` rather than a GameString.

    >>> is_layout(Position("Base")), is_layout(Position.from_layout({"0,0": "wQ"}, to_move="b"))
    (False, True)
    """
    return not pos.move_stack and (pos.ply > 0 or bool(pos.stacks))


def _game_keys(pos: Position, layout: bool) -> list[str]:
    """A layout's top-level ``game_type`` and ``tournament`` (a GameString names its type)."""
    head = []
    if layout and str(pos.game_type) != "Base":
        head.append(f"game_type = {_q(str(pos.game_type))}")
    if layout and pos.tournament:
        head.append("tournament = true")
    return head


def _position(pos: Position, layout: bool) -> list[str]:
    """The ``[position]`` table: a GameString, or a layout."""
    if not layout:
        return ["[position]", f"game_string = {_q(pos.to_text())}"]
    lines = ["[position]",
             f"to_move = {_q(pos.turn.title.lower())}", f"turn = {pos.turn_number}"]
    if pos.last_moved is not None:
        lines.append(f"last_moved = {_q(pos.last_moved.name)}")
    lines.append("[position.stacks]")
    lines += [f"{_q(c)} = {_q(' '.join(names))}" for c, names in pos.layout().items()]
    return lines


# --------------------------------------------------------------------------- pieces of TOML
def _texts(table: str, text: str, lang: str) -> list[str]:
    if not _needs_all_languages(lang):
        return [f"[{table}]", f"{lang} = {_q(text)}"]
    others = [other for other in LANGUAGES if other != lang]
    return [f"[{table}]",
            f"# translate: {' and '.join(others)} repeat the {lang} text (the loader wants "
            "all three languages)",
            *(f"{other} = {_q(text)}" for other in LANGUAGES)]


@cache
def _needs_all_languages(lang: str) -> bool:
    """Whether the scenario loader refuses a title given in ``lang`` only (it asks for all
    three languages, or it falls back to the teacher's): asked of the loader itself, so the
    files follow it."""
    probe = (f'id = "probe"\nrules = ["R9"]\n[title]\n{lang} = "x"\n[position]\n'
             'game_string = "Base"\n[focus]\npiece = "wQ"\n')
    try:
        loads(probe, "probe.toml")
    except ScenarioError:
        return True
    return False


def _marks(pos: Position, last: tuple[Ref | None, Ref] | None,
           gates: tuple[tuple[Ref, Ref], ...], throws: tuple[tuple[Ref, Ref, Ref], ...],
           rules: set[str]) -> list[str]:
    """The ``[marks]`` that explain the focus: the last move, the gates of R7 crosses, the
    Pillbug's throws, the pins when R6 is cited, the stunned piece when R17 is."""
    def cells(refs: tuple[Ref | None, ...]) -> str:
        return _list("" if r is None else cell_name(_cell(r)) for r in refs)

    lines = []
    if last is not None:
        lines.append(f"last_move = {cells(last)}")
    if gates:
        lines.append(f"gates = [{', '.join(cells(g) for g in gates)}]")
    if throws:
        lines.append(f"throws = [{', '.join(cells(t) for t in throws)}]")
    if "R6" in rules:
        lines.append("pinned = true")
    if "R17" in rules and pos.last_moved is not None:
        lines.append(f"stunned = {_q(pos.last_moved.name)}")
    return ["", "[marks]", *lines] if lines else []


def _movement_rule(pos: Position, piece: Piece) -> str:
    if piece in pos.where:
        return piece.bug.rule
    return ("R1", "R2")[len(pos.where)] if len(pos.where) < 2 else "R3"


def _cell(ref: Ref) -> Cell:
    if isinstance(ref, Piece):  # marks_for gives cells; a piece here would be a bug
        raise TypeError(f"expected a cell, got the piece {ref}")
    return ref


def _q(text: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's."""
    return json.dumps(text, ensure_ascii=False)


def _list(items: Iterable[str]) -> str:
    return "[" + ", ".join(_q(x) for x in items) + "]"


__all__ = ["choose_piece", "is_layout", "new_scenario", "scenario_id", "scenario_toml",
           "write_scenario"]
