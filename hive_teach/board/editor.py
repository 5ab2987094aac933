"""The board editor: set up any Hive position, see whether a game can reach it, save it as a
scenario. Free of widgets, so tests drive it (the widget: :mod:`hive_teach.board.editor_widget`).

An :class:`EditorController` holds a layout (which pieces stand where, stacks bottom first),
the side to move, the turn, the piece that moved last, the game type and the tournament
option; the pieces in hand are those of the game type not on the board. Every action returns
an :class:`EditorFeedback` with a message in the editor's language and never raises for a
teacher's input:

- an edit that is impossible in itself (a piece the game type lacks, none of that bug left in
  hand, a Queen on top of a stack, nothing to take off an empty cell) is refused and changes
  nothing;
- an edit that leaves a layout no game reaches (two hives, more pieces than turns, the Queen
  still in hand after the 4th turn) is made, since the next edits may mend it, and the
  feedback says "not a position a game can reach: ..." with the reason
  :meth:`~hive_teach.hive.position.Position.from_layout` gives. Saving waits until it is one.

>>> ed = EditorController()
>>> print(ed.place("0,0", "wQ").message)  # White to move at turn 2: Black's turn 1 is missing
Placed wQ on 0,0. Not a position a game can reach: Black has had 1 turn but has no piece on \
the board; the first turn always places one (R1, R2)
>>> print(ed.place("2,0", "bQ").message)
Placed bQ on 2,0. Not a position a game can reach: the pieces must form one connected hive, \
but 0,0 (wQ) and 2,0 (bQ) are apart (R6)
>>> ed.remove("2,0").kind, ed.place("1,0", "bQ").kind, ed.problem
('removed', 'placed', '')
>>> fb = ed.place("1,0", "wS")  # a Spider never climbs: refused, nothing changes
>>> fb.kind, fb.changed, ed.layout()
('refused', False, {'0,0': ['wQ'], '1,0': ['bQ']})
>>> ed.set_language("de").message
'Weiß ist am Zug, Zug 2.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from hive_teach.core.errors import LayoutError
from hive_teach.core.hexgrid import Cell, cell_name, parse_cell
from hive_teach.core.i18n import (
    LANGUAGES,
    Words,
    bug_name,
    check_language,
    join_sentences,
    listing,
    side_name,
)
from hive_teach.hive.marks import Marks
from hive_teach.hive.pieces import Bug, Colour, GameType, Piece
from hive_teach.hive.position import GameState, Position

_WORDS = Words("editor")

WORDS: Mapping[str, Mapping[str, str]] = _WORDS.mapping()
"""The editor's words, ``{key: {lang: template}}``, from ``locale/<lang>/editor.toml`` (like
:data:`hive_teach.core.i18n.MESSAGES` for the board). A reason from the engine (a layout's
error) stays in English."""


class Saved(Protocol):
    """What a scenario writer returns: the scenario as read back (a ``HiveScenario``)."""

    @property
    def rules(self) -> tuple[str, ...]: ...

    @property
    def focus(self) -> Any: ...


class ScenarioWriter(Protocol):
    """Writes a scenario file for a position and checks it against the engine
    (:func:`hive_teach.teach.authoring.write_scenario`, which the teach layer passes in: the
    board layer sits below it, so it is handed the writer rather than importing it)."""

    def __call__(self, pos: Position, output: str | Path, *, piece: Piece | str | None = ...,
                 lang: str = ..., source: str | None = ..., moves: int | None = ...,
                 force: bool = ...) -> Saved: ...


ERASER = ""
"""The tool that takes pieces off (:meth:`EditorController.choose`)."""


def words(key: str, lang: str = "en", **params: object) -> str:
    """The editor's message ``key`` in ``lang``, filled in.

    >>> words("placed", "zh", piece="wQ", cell="0,0")
    '已把 wQ 放在 0,0。'
    """
    return _WORDS(key, lang, **params)


@dataclass(frozen=True)
class EditorFeedback:
    """What one edit did: ``kind`` is ``placed``, ``removed``, ``set``, ``refused`` (the edit
    is impossible: nothing changed), ``saved`` or ``info``; ``changed`` whether the layout or
    a setting changed; ``message`` the whole text in the editor's language; ``problem`` why
    no game reaches the layout now (``""``: a game can); ``rules`` the ids of the rules the
    message cites, as data (the widget names them)."""

    kind: str
    message: str
    changed: bool = False
    problem: str = ""
    path: Path | None = None
    rules: tuple[str, ...] = ()


class EditorController:
    """The state and rules of the board editor (see the module docstring).

    Start from an empty board of ``game_type`` or from a copy of ``position`` (its pieces, the
    side to move, its turn, the piece that moved last, its game type and tournament option).
    ``writer`` saves scenarios (:meth:`save_scenario`);
    :func:`hive_teach.teach.workshop.editor` makes an editor with the kit's.

    >>> pos = Position.from_text("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-")
    >>> ed = EditorController(position=pos)
    >>> ed.layout(), ed.turn, ed.last_moved
    ({'-1,0': ['wQ'], '0,0': ['wS1'], '1,0': ['bS1'], '2,0': ['bQ']}, 3, Piece(bQ))
    >>> [p.name for p in ed.hand(Colour.WHITE)][:3]
    ['wS2', 'wB1', 'wB2']
    """

    def __init__(self, game_type: GameType | str = "Base", *, tournament: bool = False,
                 position: Position | None = None, lang: str = "en",
                 writer: ScenarioWriter | None = None) -> None:
        self.lang = check_language(lang)
        self.writer = writer
        self.game_type = game_type if isinstance(game_type, GameType) else GameType.parse(
            game_type)
        self.tournament = tournament
        self.stacks: dict[Cell, list[Piece]] = {}
        """Cell to the pieces on it, bottom first."""
        self.to_move = Colour.WHITE
        self.turn: int | None = None
        """The side to move's turn number; None: the earliest the pieces allow."""
        self.last_moved: Piece | None = None
        self.tool: str = ERASER
        """What a click puts down: a piece kind (``"wB"``), or :data:`ERASER`."""
        if position is not None:
            self.game_type = position.game_type
            self.tournament = position.tournament
            self.stacks = {c: list(s) for c, s in position.stacks.items()}
            self.to_move = position.turn
            self.turn = position.turn_number
            self.last_moved = position.last_moved
        self.position: Position | None = None
        """The position the layout sets up, when a game can reach it (else None)."""
        self.problem = ""
        """Why no game reaches the layout (``""`` when one does)."""
        self._validate()
        self.last = EditorFeedback("info", self.status())

    # ------------------------------------------------------------------ text
    def t(self, key: str, **params: object) -> str:
        """The editor's message ``key`` in its language."""
        return words(key, self.lang, **params)

    def status(self) -> str:
        """The standing line: whose turn and which, or why no game reaches the layout."""
        if self.problem:
            return self.t("unreachable", why=self.problem)
        return self.t("ok", side=side_name(self.to_move, self.lang), n=self.turn_number)

    def set_language(self, lang: str) -> EditorFeedback:
        """Switch the editor's words to ``en``, ``de`` or ``zh``."""
        if lang not in LANGUAGES:
            return self._refuse(f"language {lang!r} is not available; choose one of "
                                f"{', '.join(LANGUAGES)}")
        self.lang = lang
        return self._done("info", self.status(), changed=False, status=False)

    # ------------------------------------------------------------------ facts
    @property
    def where(self) -> dict[Piece, Cell]:
        """Where each piece on the board stands."""
        return {p: c for c, stack in self.stacks.items() for p in stack}

    @property
    def turn_number(self) -> int:
        """The side to move's turn: the one set, or the earliest the pieces allow."""
        if self.turn is not None:
            return self.turn
        count = {side: sum(1 for p in self.where if p.colour is side) for side in Colour}
        if self.to_move is Colour.WHITE:
            return 1 + max(count.values())
        return max(count[Colour.BLACK] + 1, count[Colour.WHITE], 1)

    def hand(self, colour: Colour | None = None) -> list[Piece]:
        """The pieces in hand (of ``colour``, or of both): the game type's not on the board."""
        on_board = self.where
        return [p for p in self.game_type.pieces
                if p not in on_board and (colour is None or p.colour is colour)]

    def layout(self) -> dict[str, list[str]]:
        """The board as a layout mapping (what :meth:`Position.from_layout` takes)."""
        return {cell_name(c): [p.name for p in s] for c, s in sorted(self.stacks.items())}

    def palette(self) -> list[tuple[str, str]]:
        """The tools as (label, value) for a menu: take off, then each kind of piece of the
        game type for White and Black, with how many are left in hand.

        >>> EditorController().palette()[:3]
        [('✕ take off', ''), ('wQ Queen Bee (1)', 'wQ'), ('wS Spider (2)', 'wS')]
        """
        out = [(self.t("eraser_tool"), ERASER)]
        for colour in Colour:
            for bug in self.game_type.bugs:
                left = sum(1 for p in self.hand(colour) if p.bug is bug)
                kind = colour.letter + bug.value
                out.append((f"{kind} {bug_name(bug.value, self.lang)} ({left})", kind))
        return out

    # ------------------------------------------------------------------ edits
    def choose(self, tool: str | None) -> EditorFeedback:
        """Choose what a click puts down: a piece kind or name (``"wB"``, ``"bS2"``: the next
        one of that kind in hand goes down), or ``""``/``None`` to take pieces off."""
        if not tool:
            self.tool = ERASER
            return self._done("info", self.t("eraser"), changed=False, status=False)
        piece = self._kind(tool)
        if isinstance(piece, EditorFeedback):
            return piece
        self.tool = piece.colour.letter + piece.bug.value
        return self._done("info", self.t("tool", piece=self.tool), changed=False, status=False)

    def click(self, c: Cell | str | None) -> EditorFeedback:
        """A click on a cell: put the chosen piece there, or, with the eraser, take its top
        piece off."""
        if c is None:
            return self._refuse(self.t("bad_cell", cell=repr(""), why="outside the board"))
        if self.tool == ERASER:
            return self.remove(c)
        return self.place(c, self.tool)

    def place(self, c: Cell | str, piece: Piece | str) -> EditorFeedback:
        """Put ``piece`` on cell ``c`` (on top, if the cell holds a stack): a kind (``"wB"``)
        or a name (``"wB2"``) puts down the lowest-numbered piece of that kind still in hand.
        Refused (nothing changes) for a piece the game type lacks, none left in hand, or
        a piece other than a Beetle or Mosquito on top of another."""
        cell = self._cell(c)
        if isinstance(cell, EditorFeedback):
            return cell
        kind = self._kind(piece)
        if isinstance(kind, EditorFeedback):
            return kind
        if kind not in self.game_type:
            return self._refuse(self.t("not_in_game", piece=kind.colour.letter + kind.bug.value,
                                       game=self.game_type, rule="R0"), rules=("R0",))
        left = [p for p in self.hand(kind.colour) if p.bug is kind.bug]
        if not left:
            return self._refuse(self.t("none_left", side=side_name(kind.colour, self.lang),
                                       bug=bug_name(kind.bug.value, self.lang),
                                       game=self.game_type, n=kind.bug.count))
        new = left[0]
        top = self.stacks[cell][-1] if cell in self.stacks else None
        if top is not None and new.bug not in (Bug.BEETLE, Bug.MOSQUITO):
            climbers = ("R10", "R14")
            return self._refuse(self.t("no_climb", piece=new.name, under=top.name,
                                       cell=cell_name(cell),
                                       rules=listing(list(climbers), self.lang)),
                                rules=climbers)
        self.stacks.setdefault(cell, []).append(new)
        if top is not None:
            text = self.t("stacked", piece=new.name, under=top.name, cell=cell_name(cell))
        else:
            text = self.t("placed", piece=new.name, cell=cell_name(cell))
        return self._done("placed", text)

    def remove(self, c: Cell | str) -> EditorFeedback:
        """Take the top piece off cell ``c`` back into hand. The pieces of its kind still on
        the board are renumbered to stay in number order (``wS2`` becomes ``wS1`` when
        ``wS1`` comes off), and a piece that moved last and comes off no longer counts."""
        cell = self._cell(c)
        if isinstance(cell, EditorFeedback):
            return cell
        stack = self.stacks.get(cell)
        if not stack:
            return self._refuse(self.t("empty", cell=cell_name(cell)))
        piece = stack.pop()
        if not stack:
            del self.stacks[cell]
        text = [self.t("removed", piece=piece.name, cell=cell_name(cell))]
        if self.last_moved is piece:
            self.last_moved = None
            text.append(self.t("last_cleared", piece=piece.name))
        for old, new in self._renumber(piece).items():
            text.append(self.t("renumbered", old=old.name, new=new.name))
        return self._done("removed", self._join(text))

    def clear(self) -> EditorFeedback:
        """Take every piece off (the settings stay)."""
        self.stacks.clear()
        self.last_moved = None
        return self._done("removed", self.t("cleared"))

    def set_to_move(self, side: Colour | str) -> EditorFeedback:
        """Set the side to move (``"white"``, ``"b"``, a :class:`Colour`)."""
        if isinstance(side, str):
            letter = side.strip().lower()[:1]
            if letter not in ("w", "b"):
                return self._refuse(f"to_move {side!r} must be 'white' or 'black'")
            side = Colour.WHITE if letter == "w" else Colour.BLACK
        self.to_move = side
        return self._done("set", self.t("to_move", side=side_name(side, self.lang)))

    def set_turn(self, turn: int | None) -> EditorFeedback:
        """Set the side to move's turn number (1 or more), or ``None`` for the earliest the
        pieces allow."""
        if turn is None:
            self.turn = None
            return self._done("set", self.t("turn_auto"))
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
            return self._refuse(self.t("bad_turn", value=repr(turn)))
        self.turn = turn
        return self._done("set", self.t("turn_set", n=turn))

    def set_last_moved(self, piece: Piece | str | None) -> EditorFeedback:
        """Mark the piece that moved last turn (stunned by R17), or ``None``/``""`` for no
        piece; it must be on the board."""
        if not piece:
            self.last_moved = None
            return self._done("set", self.t("last_none"))
        found = piece if isinstance(piece, Piece) else self._name(piece)
        if isinstance(found, EditorFeedback):
            return found
        if found not in self.where:
            return self._refuse(self.t("last_missing", piece=found.name))
        self.last_moved = found
        return self._done("set", self.t("last_set", piece=found.name, rule="R17"),
                          rules=("R17",))

    def set_game_type(self, game_type: GameType | str) -> EditorFeedback:
        """Set the game type (``Base``, ``Base+M``, ..., ``Base+MLP``); refused while pieces
        of an expansion it drops are on the board."""
        try:
            gt = game_type if isinstance(game_type, GameType) else GameType.parse(game_type)
        except ValueError as e:
            return self._refuse(self.t("bad_game_type", why=e))
        dropped = [p.name for p in self.where if p not in gt]
        if dropped:
            return self._refuse(self.t("drops", pieces=listing(sorted(dropped), self.lang),
                                       game=gt))
        self.game_type = gt
        return self._done("set", self.t("game_type", game=gt))

    def set_tournament(self, on: bool) -> EditorFeedback:
        """Switch the tournament opening (no Queen on a side's first turn, R4) on or off."""
        self.tournament = bool(on)
        if on:
            return self._done("set", self.t("tournament_on", rule="R4"), rules=("R4",))
        return self._done("set", self.t("tournament_off"))

    # ------------------------------------------------------------------ saving
    def save_scenario(self, path: str | Path, piece: Piece | str | None = None, *,
                      lang: str | None = None, force: bool = False) -> EditorFeedback:
        """Write a scenario file for the position at ``path`` (``.toml``; its name gives the
        id) with the engine's targets and forbidden cells for ``piece`` (default: the first
        piece of the side to move with a move), its texts in ``lang`` (default: the editor's
        language), through the editor's writer (the kit's:
        :func:`hive_teach.teach.authoring.write_scenario`); the file passes ``hive-teach
        verify``. Refused while no game reaches the layout, and without a writer."""
        write_scenario = self.writer
        if write_scenario is None:
            return self._refuse(self.t("cannot_save", why=self.t("no_writer")))
        if self.position is None:
            return self._refuse(self.t("cannot_save", why=self.status()))
        language = self.lang if lang is None else lang
        try:
            scenario = write_scenario(self.position, path, piece=piece, lang=language,
                                      force=force)
        except ValueError as e:
            return self._refuse(self.t("cannot_save", why=e))
        focus = scenario.focus
        assert focus is not None  # write_scenario always gives one
        text = self.t("saved", path=path, piece=focus.piece, n=len(focus.targets or ()),
                      m=len(focus.forbidden), rules=listing(list(scenario.rules), self.lang))
        return self._done("saved", text, changed=False, status=False, path=Path(path))

    # ------------------------------------------------------------------ drawing
    def draft(self) -> Position:
        """The position to draw: :attr:`position` when a game reaches the layout, else the
        same pieces on a board that skips the checks (only for the picture: no move is
        asked of it)."""
        if self.position is not None:
            return self.position
        pos = Position(self.game_type, tournament=self.tournament)
        pos.stacks = {c: list(s) for c, s in self.stacks.items()}
        pos.where = self.where
        pos.ply = 2 * (self.turn_number - 1) + int(self.to_move)
        pos.last_moved = self.last_moved
        pos.state = GameState.IN_PROGRESS
        return pos

    def marks(self) -> Marks:
        """The diagram marks: the pieces in hand (the palette), the cells' names, the piece
        that moved last, a title with the editor's status."""
        stunned = self.last_moved if self.last_moved in self.where else None
        title = self.status() if self.problem else None
        return Marks(hand=True, coords=True, stunned=stunned, lang=self.lang,
                     title=title if title is None else _short(title))

    # ------------------------------------------------------------------ plumbing
    def _validate(self) -> None:
        # A hive in two parts gets the message from_layout gives; the rest are its checks.
        try:
            stacks: dict[str | Cell | tuple[int, int], str | Sequence[str]] = {
                c: [p.name for p in s] for c, s in self.stacks.items()}
            self.position = Position.from_layout(
                stacks, game_type=self.game_type, to_move=self.to_move, turn=self.turn,
                last_moved=None if self.last_moved is None else self.last_moved.name,
                tournament=self.tournament)
            self.problem = ""
        except LayoutError as e:
            self.position = None
            self.problem = str(e).removeprefix("layout: ")

    def _done(self, kind: str, text: str, *, changed: bool = True, status: bool = True,
              path: Path | None = None, rules: tuple[str, ...] = ()) -> EditorFeedback:
        if changed:
            self._validate()
        message = self._join([text, self.status()]) if status else text
        self.last = EditorFeedback(kind, message, changed, self.problem, path, rules)
        return self.last

    def _join(self, sentences: list[str]) -> str:
        """Sentences one after another: with a space between them, none in Chinese."""
        return join_sentences(sentences, self.lang)

    def _refuse(self, text: str, rules: tuple[str, ...] = ()) -> EditorFeedback:
        self.last = EditorFeedback("refused", text, False, self.problem, rules=rules)
        return self.last

    def _cell(self, c: Cell | str) -> Cell | EditorFeedback:
        if isinstance(c, int) and not isinstance(c, bool):
            return c
        try:
            return parse_cell(str(c))
        except ValueError as e:
            return self._refuse(self.t("bad_cell", cell=repr(c), why=e))

    def _name(self, name: str) -> Piece | EditorFeedback:
        try:
            return Piece.from_name(name.strip())
        except ValueError:
            return self._refuse(self.t("bad_piece", name=repr(name)))

    def _kind(self, piece: Piece | str) -> Piece | EditorFeedback:
        """The first piece of the kind ``piece`` names (``"wB"``, ``"wB2"``, a Piece)."""
        name = piece.name if isinstance(piece, Piece) else str(piece).strip()
        kind = name.rstrip("0123456789")
        for candidate in (kind, kind + "1"):
            try:
                return Piece.from_name(candidate)
            except ValueError:
                continue
        return self._refuse(self.t("bad_piece", name=repr(str(piece))))

    def _renumber(self, gone: Piece) -> Mapping[Piece, Piece]:
        """Close the gap ``gone`` left in its kind's numbers; the renamed pieces."""
        if gone.number == 0:
            return {}
        same = sorted((p for p in self.where if p.colour is gone.colour and p.bug is gone.bug),
                      key=lambda p: p.number)
        renamed = {}
        for i, p in enumerate(same, 1):
            if p.number != i:
                renamed[p] = Piece.from_name(f"{p.colour.letter}{p.bug.value}{i}")
        if renamed:
            self.stacks = {c: [renamed.get(p, p) for p in s] for c, s in self.stacks.items()}
            if self.last_moved in renamed:
                self.last_moved = renamed[self.last_moved]
        return renamed


def _short(text: str, most: int = 70) -> str:
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


__all__ = ["ERASER", "WORDS", "EditorController", "EditorFeedback", "words"]
