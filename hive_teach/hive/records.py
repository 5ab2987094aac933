"""Game records in: a UHP GameString, PGN (Mzinga's and hivegame.com's dialects) and
Boardspace SGF, each read into a :class:`GameRecord` (the game type and the moves as UHP
MoveStrings) that gives the :class:`~hive_teach.hive.position.Position` after any move.

Every move is played on the engine as it is read, so a record that breaks a rule is refused
at the line of that move. Whatever is wrong, the one error is a :class:`RecordError` (a
``ValueError``) whose message is ``file:line: why``:

>>> record = read_pgn('''[GameType "Base"]
... 1. wS1
... 2. bS1 wS1-
... 3. wQ bS1-''', "game.pgn")
Traceback (most recent call last):
...
hive_teach.hive.records.RecordError: game.pgn:4: move 3 'wQ bS1-': This cell touches the \
opponent's bS1; a new piece may only touch pieces of its own colour. (R3)
>>> record = read_record('[GameType "Base"]\\n1. wS1\\n2. bS1 wS1-\\n3. wQ -wS1\\n', "game.pgn")
>>> record.format, record.dialect, len(record.moves)
('pgn', 'mzinga', 3)
>>> record.game_string()
'Base;InProgress;Black[2];wS1;bS1 wS1-;wQ -wS1'
>>> record.position(2).to_text()
'Base;InProgress;White[2];wS1;bS1 wS1-'

The formats:

- **GameString** (:func:`read_game_string_record`): ``Base+MLP;InProgress;White[3];wS1;...``
  on one line; the state and turn tokens may be stale (they are recomputed).
- **PGN** (:func:`read_pgn`): tags such as ``[GameType "Base+MLP"]`` (no ``GameType`` tag:
  Base), then the moves, each a UHP MoveString, numbered by ply (``1. wS1``, ``2. bG1 -wS1``;
  several on a line, or no numbers, are read too), ``{comments}``, and a result (``WhiteWins``,
  ``1-0``, ...). Mzinga writes ``Event``, ``Site`` and ``Round`` tags and dates like
  ``2023.05.11``; hivegame.com writes ``[Site "hivegame.com"]``, dates like
  ``30-Jan-2024_16:10:56`` and a space after a move without a reference. Both read the same;
  :attr:`GameRecord.dialect` says which it was.
- **Boardspace SGF** (:func:`read_sgf`): the files boardspace.net keeps for every Hive game,
  ``SU[hive-plm]`` for the game type and a node per action,
  ``; P0[5 dropb wQ N 12 wB1\\\\]``. See :func:`read_sgf` for how they are read.

:func:`read_record` tells the formats apart by their first characters, :func:`load_record`
reads a file and :func:`load_source` takes either a file or a GameString written out.
Imported games use no tournament opening (a game that opened with its Queen reads too).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from hive_teach.core.errors import IllegalMoveError, InvalidMoveError
from hive_teach.core.hexgrid import Cell, cell
from hive_teach.hive.moves import PASS, AnyMove, Move
from hive_teach.hive.pieces import Bug, Colour, GameType, Piece
from hive_teach.hive.position import Position

MAX_RECORD_BYTES = 2_000_000
"""The largest record file read: a long game is a few dozen kilobytes."""

FORMATS = ("gamestring", "pgn", "sgf")
"""The values of :attr:`GameRecord.format`."""


class RecordError(ValueError):
    """A game record that cannot be read, and where: ``file``, ``line`` (from 1), ``why``.

    >>> e = RecordError("game.sgf", 12, "no piece at N 13")
    >>> str(e), e.line
    ('game.sgf:12: no piece at N 13', 12)
    """

    def __init__(self, file: str, line: int, why: str) -> None:
        self.file = file
        self.line = line
        self.why = why
        super().__init__(f"{file}:{line}: {why}")

    def __reduce__(self) -> tuple[type[RecordError], tuple[str, int, str]]:
        # Three arguments, not the message: keeps the error picklable (pytest-xdist, pools).
        return type(self), (self.file, self.line, self.why)


@dataclass(frozen=True)
class GameRecord:
    """A game as read from a record: its type, its moves and what the file says about it.

    ``moves`` are UHP MoveStrings, each written for the position before it (so they may name
    other reference pieces than the file did); ``lines`` holds the line of the file each came
    from; ``tags`` the file's header (PGN tags; for SGF ``White``, ``Black``, ``Result``,
    ``Date`` and ``Game`` from ``P0``, ``P1``, ``RE``, ``DT`` and ``GN``).
    """

    game_type: GameType
    moves: tuple[str, ...]
    format: str
    name: str = "<record>"
    dialect: str = ""
    """PGN: ``"mzinga"`` or ``"hivegame.com"``; SGF: ``"boardspace"``; else ``""``."""
    tags: Mapping[str, str] = field(default_factory=dict)
    lines: tuple[int, ...] = ()

    def position(self, moves: int | None = None) -> Position:
        """The game after its first ``moves`` moves (plies; default: all of them).

        >>> record = read_game_string_record("Base;InProgress;White[2];wS1;bS1 wS1-")
        >>> record.position(1).to_text()
        'Base;InProgress;Black[1];wS1'
        >>> record.position(3)
        Traceback (most recent call last):
        ...
        ValueError: <GameString> has 2 moves: the position after move 3 is not in it \
(give 0 to 2)
        """
        n = len(self.moves) if moves is None else moves
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= len(self.moves):
            raise ValueError(f"{self.name} has {len(self.moves)} moves: the position after "
                             f"move {n} is not in it (give 0 to {len(self.moves)})")
        pos = Position(self.game_type)
        for text in self.moves[:n]:
            pos.play(text)
        return pos

    def game_string(self, moves: int | None = None) -> str:
        """The UHP GameString of the game, or of its first ``moves`` moves."""
        return self.position(moves).to_text()


# --------------------------------------------------------------------------- shared
class _Replay:
    """A game played move by move as a record is read; an illegal move is the record's error,
    at its line."""

    def __init__(self, name: str, game_type: GameType) -> None:
        self.name = name
        self.pos = Position(game_type)
        self.texts: list[str] = []
        self.lines: list[int] = []

    def play(self, move: AnyMove | str, line: int, shown: str) -> None:
        n = len(self.texts) + 1
        try:
            m = self.pos.parse_move(move) if isinstance(move, str) else move
            self.pos.play(m)
        except ValueError as e:
            raise RecordError(self.name, line, f"move {n} {shown}: {_why(e)}") from None
        # The UHP text of a legal move, written for the position before it.
        self.pos.undo()
        text = self.pos.move_text(m)
        self.pos.push(m)
        self.texts.append(text)
        self.lines.append(line)

    def record(self, fmt: str, dialect: str, tags: Mapping[str, str]) -> GameRecord:
        return GameRecord(self.pos.game_type, tuple(self.texts), fmt, self.name, dialect,
                          dict(tags), tuple(self.lines))


def _why(e: ValueError) -> str:
    if isinstance(e, IllegalMoveError):
        return f"{e.reason} ({e.rule})"
    if isinstance(e, InvalidMoveError):
        return f"not a move: {e.reason}"
    return str(e)


def _game_type(text: str, name: str, line: int, where: str) -> GameType:
    try:
        return GameType.parse(text)
    except ValueError as e:
        raise RecordError(name, line, f"{where}: {e}") from None


# --------------------------------------------------------------------------- GameString
def read_game_string_record(text: str, name: str = "<GameString>") -> GameRecord:
    """A record holding one UHP GameString (blank lines around it are allowed).

    >>> read_game_string_record("Base+M;InProgress;White[2];wM;bM wM-").moves
    ('wM', 'bM wM-')
    >>> read_game_string_record("\\nBase;wS1;bS1 wS1-;wQ wS1", "game.txt")
    Traceback (most recent call last):
    ...
    hive_teach.hive.records.RecordError: game.txt:2: move 3 'wQ wS1': A piece is never placed on \
top of another piece; it goes on an empty cell. (R3)
    """
    lines = [(i, t.strip()) for i, t in enumerate(text.splitlines(), 1) if t.strip()]
    if not lines:
        raise RecordError(name, 1, "no GameString: the file is empty")
    if len(lines) > 1:
        raise RecordError(name, lines[1][0], "a GameString file holds one GameString, on one "
                          "line; this line is more")
    line, gs = lines[0]
    tokens = [t.strip() for t in gs.strip(";").split(";")]
    game = _Replay(name, _game_type(tokens[0], name, line, "GameString"))
    rest = tokens[1:]
    if rest and rest[0] in _STATES:
        rest = rest[1:]
        if rest and _TURN_RE.match(rest[0]):
            rest = rest[1:]
    for token in rest:
        if not token:
            raise RecordError(name, line, f"move {len(game.texts) + 1} is empty (two ';' in "
                              "a row)")
        game.play(token, line, repr(token))
    return game.record("gamestring", "", {})


_STATES = frozenset({"NotStarted", "InProgress", "Draw", "WhiteWins", "BlackWins"})
_TURN_RE = re.compile(r"^(White|Black)\[\d+\]$", re.ASCII)


# --------------------------------------------------------------------------- PGN
_TAG_RE = re.compile(r'^\[\s*([A-Za-z0-9_]+)\s*(.*?)\s*\]$')
_NUMBER_RE = re.compile(r"^(\d+)\.+(.*)$", re.ASCII)
MAX_MOVE_NUMBER = 999_999
"""The largest move number a record may write: a long game has a few hundred moves."""
_RESULTS = frozenset({"WhiteWins", "BlackWins", "Draw", "NotStarted", "InProgress", "Unknown",
                      "Unkown", "1-0", "0-1", "1/2-1/2", "*"})
# hivegame.com spells a game without result "Unkown" (sic) in its downloads.
_HIVEGAME_DATE = re.compile(r"^\d{1,2}-[A-Za-z]{3}-\d{4}_")


def read_pgn(text: str, name: str = "<PGN>") -> GameRecord:
    """A record in PGN: ``[Tag "value"]`` lines, then moves numbered by ply.

    >>> record = read_pgn('''[GameType "Base+M"]
    ... [Site "hivegame.com"]
    ... [Result "WhiteWins"]
    ...
    ... 1. wM
    ... {a comment
    ...  over two lines}
    ... 2. bM wM-   3. wQ -wM
    ... ''', "game.pgn")
    >>> record.dialect, record.moves, record.lines, record.tags["Result"]
    ('hivegame.com', ('wM', 'bM wM-', 'wQ -wM'), (5, 8, 8), 'WhiteWins')
    >>> read_pgn('[GameType "Base"]\\n1. wS1\\n3. bS1 wS1-', "game.pgn")
    Traceback (most recent call last):
    ...
    hive_teach.hive.records.RecordError: game.pgn:3: move number 3 is out of order: this is \
move 2 (Hive PGN numbers every move, White's and Black's)
    """
    tags: dict[str, str] = {}
    game_type = GameType.parse("Base")
    game: _Replay | None = None
    result_line = 0
    for line, content in _pgn_lines(text, name):
        if content.startswith("["):
            if game is not None:
                raise RecordError(name, line, "a tag after the moves: a record holds one game "
                                  "(start another file for the next one)")
            key, value = _pgn_tag(content, name, line)
            tags[key] = value
            if key == "GameType":
                game_type = _game_type(value, name, line, "GameType")
            continue
        if game is None:
            game = _Replay(name, game_type)
        for number, words in _pgn_chunks(content, name, line):
            if words and words[-1] in _RESULTS:
                words = words[:-1]
                result_line = line
                if not words and number is None:
                    continue
            elif result_line:
                raise RecordError(name, line, f"a move after the result on line {result_line}:"
                                  " a record holds one game")
            ply = len(game.texts) + 1
            if number is not None and number != ply:
                raise RecordError(name, line, f"move number {number} is out of order: this is "
                                  f"move {ply} (Hive PGN numbers every move, White's and "
                                  "Black's)")
            if not words:
                raise RecordError(name, line, f"move number {number} has no move after it")
            if len(words) > 2:
                raise RecordError(name, line, f"{' '.join(words)!r} is not one move: a move is "
                                  "a piece and at most one reference, e.g. 'bG1 -wS1'")
            move = " ".join(words)
            game.play(move, line, repr(move))
    if game is None:
        game = _Replay(name, game_type)
    hivegame = (tags.get("Site") == "hivegame.com"
                or bool(_HIVEGAME_DATE.match(tags.get("Date", ""))))
    return game.record("pgn", "hivegame.com" if hivegame else "mzinga", tags)


def _pgn_lines(text: str, name: str) -> list[tuple[int, str]]:
    """The non-blank lines without their ``{comments}``, with their numbers. A tag line is
    kept whole (its value may hold a brace)."""
    out: list[tuple[int, str]] = []
    comment_from = 0  # the line a {comment} still open began on
    for number, raw in enumerate(text.splitlines(), 1):
        if not comment_from and raw.strip().startswith("["):
            out.append((number, raw.strip()))
            continue
        kept = []
        for ch in raw:
            if comment_from:
                if ch == "}":
                    comment_from = 0
            elif ch == "{":
                comment_from = number
            else:
                kept.append(ch)
        content = "".join(kept).strip()
        if content:
            out.append((number, content))
    if comment_from:
        raise RecordError(name, comment_from, "a {comment} that is never closed with '}'")
    return out


def _pgn_tag(content: str, name: str, line: int) -> tuple[str, str]:
    m = _TAG_RE.match(content)
    if not m:
        raise RecordError(name, line, f"{content[:60]!r} is not a PGN tag: a tag looks like "
                          '[GameType "Base+MLP"]')
    value = m.group(2)
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = re.sub(r'\\(["\\])', r"\1", value[1:-1])
    return m.group(1), value


def _pgn_chunks(content: str, name: str, line: int) -> list[tuple[int | None, list[str]]]:
    """The moves on a line: each a move number (None if unnumbered) and its words. A move
    number is ASCII digits, at most :data:`MAX_MOVE_NUMBER` (leading zeros aside):

    >>> _pgn_chunks("0002. bS1 wS1-", "game.pgn", 3)
    [(2, ['bS1', 'wS1-'])]
    >>> _pgn_chunks("9" * 5000 + ". bS1 wS1-", "game.pgn", 3)
    Traceback (most recent call last):
    ...
    hive_teach.hive.records.RecordError: game.pgn:3: move number 99999999999999999999… (5000 \
digits) is too big: a game has at most 999999 moves
    """
    chunks: list[tuple[int | None, list[str]]] = []
    for word in content.split():
        m = _NUMBER_RE.match(word)
        if m:
            digits = m.group(1).lstrip("0") or "0"
            if len(digits) > len(str(MAX_MOVE_NUMBER)) or int(digits) > MAX_MOVE_NUMBER:
                shown = digits if len(digits) <= 20 else f"{digits[:20]}… ({len(digits)} digits)"
                raise RecordError(name, line, f"move number {shown} is too big: a game has at "
                                  f"most {MAX_MOVE_NUMBER} moves")
            chunks.append((int(digits), [m.group(2)] if m.group(2) else []))
        elif chunks:
            chunks[-1][1].append(word)
        else:
            chunks.append((None, [word]))
    return chunks


# --------------------------------------------------------------------------- SGF
_PROP_RE = re.compile(r"([A-Z][A-Z0-9]?)\s*\[((?:[^\]\\]|\\.)*)\]", re.DOTALL)
_PIECE_TOKEN = re.compile(r"([wb])?([qsbgamlp])(\d?)", re.IGNORECASE | re.ASCII)
_ROW_RE = re.compile(r"^\d{1,3}$", re.ASCII)
_DRAW_OFFERS = frozenset({"offerdraw", "declinedraw"})
_ENDS = frozenset({"resign", "acceptdraw"})
_KNOWN = ("start, pick, pickb, drop, dropb, pdropb, move, pmove, movedone, pmovedone, pass, "
          "done, offerdraw, declinedraw, acceptdraw, resign")


class _Pending(NamedTuple):
    """A move an SGF file has made but not yet confirmed with ``done``."""

    piece: Piece | None  # None: a pass
    at: tuple[int, int]  # Boardspace (column, row)
    line: int
    shown: str  # the command as the file writes it, for messages
    player: Colour


class _Sgf:
    """The reading of one Boardspace SGF file (see :func:`read_sgf`)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.game: _Replay | None = None
        self.game_type = GameType.parse("Base")
        self.origin: tuple[int, int] | None = None  # where the first piece went
        self.pending: _Pending | None = None
        self.picked: Piece | None = None
        self.draw_offer = False
        self.over = False
        self.tags: dict[str, str] = {}

    # ---------------------------------------------------------------- the nodes
    def header(self, key: str, value: str, line: int) -> None:
        if key == "SU":
            self.game_type = _sgf_game_type(value, self.name, line)
        elif key in ("RE", "DT", "GN"):
            self.tags[{"RE": "Result", "DT": "Date", "GN": "Game"}[key]] = value.strip()

    def player(self, who: Colour, value: str, line: int) -> None:
        words = value.split()
        if not words:
            return
        if words[0].lower() == "id":
            self.tags[who.title] = value.strip()[2:].strip().strip('"')
            return
        if not (words[0].isascii() and words[0].isdigit()):
            return  # P0[time 0:12:35], P0[ranking 1500]: about the player, not a move
        if len(words) < 2:
            return
        if words[1].lower() == "start":
            self.restart()
        elif not self.over:
            self.command(who, words[1].lower(), words[2:], line, " ".join(words[1:]))

    def restart(self) -> None:
        """A ``Start`` node: the game begins (again). Boardspace writes one before the first
        move; a file holding a second one records the game anew after it, so what came
        before is dropped and the game read is the one after the last ``Start``."""
        self.game = None
        self.origin = None
        self.pending = None
        self.picked = None
        self.draw_offer = False
        self.over = False

    def command(self, who: Colour, cmd: str, args: list[str], line: int, shown: str) -> None:
        if cmd == "pick":  # from the reserve: colour, slot, piece
            self._need(args, 3, cmd, line, "pick W 3 wB1")
            self.picked = self._piece(args[2], args[0], line)
        elif cmd == "pickb":  # from the board: column, row, piece
            self._need(args, 3, cmd, line, "pickb N 13 wQ")
            self.picked = self._picked_up(self._coords(args[0], args[1], line), args[2], line)
        elif cmd == "drop":  # the picked piece back into the reserve: that move is undone
            self.pending = None
            self.picked = None
        elif cmd in ("dropb", "pdropb"):  # piece, column, row, reference
            self._need(args, 3, cmd, line, "dropb wQ N 12 wB1\\")
            piece = self._dropped(args[0], who, line)
            self.pending = _Pending(piece, self._coords(args[1], args[2], line), line, shown,
                                    who)
        elif cmd in ("move", "pmove", "movedone", "pmovedone"):  # colour, piece, col, row, ref
            self._need(args, 4, cmd, line, "move W wQ N 12 wB1\\")
            piece = self._piece(args[1], args[0], line)
            self.pending = _Pending(piece, self._coords(args[2], args[3], line), line, shown,
                                    who)
            if cmd.endswith("done"):
                self.done(who, line)
        elif cmd == "pass":
            self.pending = _Pending(None, (0, 0), line, shown, who)
        elif cmd == "done":
            self.done(who, line)
        elif cmd in _DRAW_OFFERS:
            self.draw_offer = True  # its own "done" confirms the offer, not a move
        elif cmd in _ENDS:
            self.over = True
            self.pending = None
        else:
            raise RecordError(self.name, line, f"{cmd!r} is not a Boardspace Hive command this "
                              f"reader knows ({_KNOWN})")

    def done(self, who: Colour, line: int) -> None:
        pending, self.pending, self.picked = self.pending, None, None
        if self.draw_offer:
            self.draw_offer = False
            return
        game = self._game()
        if pending is None:
            # Some clients write a pass as a "done" alone; the other player's is noise.
            if who is game.pos.turn:
                self._commit(_Pending(None, (0, 0), line, "done", who))
            return
        self._commit(pending)

    def finish(self) -> GameRecord:
        if self.pending is not None and not self.over:
            self._commit(self.pending)  # the last move may lack its "done" (it ended the game)
        return self._game().record("sgf", "boardspace", self.tags)

    # ---------------------------------------------------------------- the moves
    def _game(self) -> _Replay:
        if self.game is None:
            self.game = _Replay(self.name, self.game_type)
        return self.game

    def _commit(self, p: _Pending) -> None:
        game = self._game()
        pos = game.pos
        shown = f"({p.shown})"
        if p.player is not pos.turn:
            # Newer files leave out a forced pass: the mover's turn comes after it.
            if pos.legal_moves() != [PASS]:
                raise RecordError(self.name, p.line, f"move {len(game.texts) + 1} {shown}: "
                                  f"P{int(p.player)} plays, but it is {pos.turn.title}'s turn "
                                  "(P0 is White, P1 Black)")
            game.play(PASS, p.line, "(a pass the file leaves out)")
        if p.piece is None:
            game.play(PASS, p.line, shown)
            return
        if self.origin is None:
            self.origin = p.at
        game.play(Move(p.piece, self._cell(p.at, p.line)), p.line, shown)

    def _cell(self, at: tuple[int, int], line: int) -> Cell:
        """The kit's cell for a Boardspace cell. Boardspace's column letter grows to the east
        and its row number to the north-west (``N 14`` is north-west of ``N 13``, ``O 14``
        north-east of it), so ``q`` is the column and ``r`` minus the row, from the first
        piece's cell."""
        assert self.origin is not None
        col, row = at
        try:
            return cell(col - self.origin[0], self.origin[1] - row)
        except ValueError as e:
            raise RecordError(self.name, line, str(e)) from None

    def _coords(self, col: str, row: str, line: int) -> tuple[int, int]:
        if len(col) != 1 or not col.isalpha() or not col.isascii() or not _ROW_RE.match(row):
            raise RecordError(self.name, line, f"{col} {row} is not a Boardspace cell: a column "
                              "letter and a row number, e.g. N 13")
        return ord(col.upper()) - ord("A"), int(row)

    def _picked_up(self, at: tuple[int, int], token: str, line: int) -> Piece:
        """The piece a ``pickb`` lifts: the top of that cell (or a move not yet confirmed)."""
        if self.pending is not None and self.pending.at == at and self.pending.piece:
            return self.pending.piece
        pos = self._game().pos
        top = pos.top(self._cell(at, line)) if self.origin is not None else None
        letters = f"{chr(at[0] + ord('A'))} {at[1]}"
        if top is None:
            raise RecordError(self.name, line, f"pickb {letters} {token}: there is no piece at "
                              f"{letters}")
        named = self._piece(token, top.colour.letter, line)
        if named is not top:
            raise RecordError(self.name, line, f"pickb {letters} {token}: the piece on top at "
                              f"{letters} is {top}, not {named}")
        return top

    def _dropped(self, token: str, who: Colour, line: int) -> Piece:
        """The piece a ``dropb`` puts down: named in full, or (old files, ``dropb s1``) the
        piece picked up before it, else the mover's."""
        picked = self.picked
        m = _PIECE_TOKEN.fullmatch(token)
        if m and not m.group(1) and picked is not None:
            same = self._piece(token, picked.colour.letter, line)
            if same is picked:
                return picked
        return self._piece(token, who.letter, line)

    def _piece(self, token: str, colour: str, line: int) -> Piece:
        """A Boardspace piece name (``wQ``, ``bP1``, old files' ``q``, ``s1``, ``B1``) as a
        :class:`Piece`; ``colour`` (``w``/``b``/``W``/``B``) when the name has none."""
        m = _PIECE_TOKEN.fullmatch(token)
        if m is None or colour.lower() not in ("w", "b"):
            raise RecordError(self.name, line, f"{token!r} is not a Hive piece (Boardspace "
                              "writes them like wQ, bS1, wP1)")
        letter, bug_letter, number = m.groups()
        bug = Bug(bug_letter.upper())
        side = (letter or colour).lower()
        if bug.count == 1:
            if number not in ("", "1"):
                raise RecordError(self.name, line, f"{token!r}: there is only one {bug.title}")
            number = ""
        elif not number:
            raise RecordError(self.name, line, f"{token!r}: which {bug.title}? (a number is "
                              "missing)")
        try:
            return Piece.from_name(side + bug.value + number)
        except ValueError as e:
            raise RecordError(self.name, line, str(e)) from None

    def _need(self, args: list[str], count: int, cmd: str, line: int, example: str) -> None:
        if len(args) < count:
            raise RecordError(self.name, line, f"{cmd} needs {count} values after it, e.g. "
                              f"'{example}'")


def _sgf_game_type(value: str, name: str, line: int) -> GameType:
    """``SU[hive]``, ``SU[hive-plm]``, ``SU[Hive-PLM]``, ``SU[hive-plm 2 0 101]``."""
    words = value.split()
    variant = words[0].lower() if words else ""
    head, _, letters = variant.partition("-")
    if head != "hive" or not set(letters) <= set("mlp"):
        raise RecordError(name, line, f"SU[{value}] is not a Hive game the kit plays: Boardspace "
                          "writes hive, hive-m, ..., hive-plm (Hive Ultimate is not Hive)")
    return GameType.parse("Base" + ("+" + letters.upper() if letters else ""))


def read_sgf(text: str, name: str = "<SGF>") -> GameRecord:
    """A record in Boardspace's SGF for Hive.

    Boardspace writes each action of a player as a node ``; P0[N command ...]`` (``P0`` moves
    first, as White): ``pick``/``pickb`` lift a piece from the reserve or the board,
    ``dropb piece col row ref`` puts it down (``move W piece col row ref`` does both, as robots
    write it; ``pdropb`` and ``pmove`` are the same moves made with a Pillbug's power), ``pass``,
    and ``done`` confirms the turn: only the last drop before it counts. The cell is read from
    Boardspace's grid (a column letter and a row number, ``N 13``), not from the relative text
    after it (``wB1\\\\``, or ``.``): the grid is what Boardspace itself replays, and it is
    there for every move. The first piece's cell becomes ``0,0``.

    Old files (about 2013) name pieces without their colour (``dropb s1``, ``move B A1``): the
    colour comes from the command or the piece picked up. A turn of a ``done`` alone is a pass;
    a forced pass that newer files leave out is put back; draw offers are not moves; after
    ``resign`` or ``acceptdraw`` nothing more is read but a restart. A file that starts the
    game again (a second ``Start`` node, the moves recorded anew after it) is read as the game
    it restarts: the moves after the last ``Start``.

    >>> record = read_sgf('''(;
    ... SU[hive]
    ... P0[id "alice"]
    ... ; P0[1 pick W 4 wS1]
    ... ; P0[2 dropb wS1 N 13 .]
    ... ; P0[3 done]
    ... ; P1[4 pick B 4 bS1]
    ... ; P1[5 dropb bS1 O 13 wS1-]
    ... ; P1[6 done]
    ... ; P0[7 Move W wQ M 13 -wS1]
    ... ; P0[8 Done]
    ... )''', "game.sgf")
    >>> record.moves, record.tags["White"]
    (('wS1', 'bS1 wS1-', 'wQ -wS1'), 'alice')
    >>> read_sgf("(;SU[hive]\\n; P0[1 dropb wS1 N 13 .]\\n; P0[2 done]\\n"
    ...          "; P1[3 dropb bS1 N 15 .]\\n; P1[4 done])", "game.sgf")
    Traceback (most recent call last):
    ...
    hive_teach.hive.records.RecordError: game.sgf:4: move 2 (dropb bS1 N 15 .): The second \
piece of the game must touch the first one, wS1. (R2)
    """
    start = text.lstrip("\ufeff \t\r\n")
    if not (start.startswith("(") and start[1:].lstrip().startswith(";")):
        raise RecordError(name, 1, "not an SGF file: an SGF game starts with '(;'")
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    reader = _Sgf(name)
    for m in _PROP_RE.finditer(text):
        line = bisect_right(line_starts, m.start())
        key, value = m.group(1), re.sub(r"\\(.)", r"\1", m.group(2), flags=re.DOTALL)
        if key in ("P0", "P1"):
            reader.player(Colour(int(key[1])), value, line)
        else:
            reader.header(key, value, line)
    return reader.finish()


# --------------------------------------------------------------------------- any format
def detect_format(text: str) -> str | None:
    """Which format ``text`` is in, from its first characters (one of :data:`FORMATS`), or
    ``None``.

    >>> detect_format(" (;GM[27]"), detect_format('[GameType "Base"]'), detect_format("Base;wS1")
    ('sgf', 'pgn', 'gamestring')
    >>> detect_format("hello") is None
    True
    """
    start = text.lstrip("\ufeff \t\r\n")
    if start.startswith("(") and start[1:].lstrip().startswith(";"):
        return "sgf"
    first = start.split("\n", 1)[0].strip()
    if first.startswith(("[", "{")) or _NUMBER_RE.match(first.split(" ", 1)[0]):
        return "pgn"
    try:
        GameType.parse(first.split(";", 1)[0])
    except ValueError:
        return None
    return "gamestring"


_READERS = {"gamestring": read_game_string_record, "pgn": read_pgn, "sgf": read_sgf}


def read_record(text: str, name: str = "<record>") -> GameRecord:
    """A record in any of the formats, told apart by :func:`detect_format`.

    >>> read_record("Othello", "game.txt")
    Traceback (most recent call last):
    ...
    hive_teach.hive.records.RecordError: game.txt:1: not a game record the kit reads: a UHP \
GameString (Base+MLP;...), PGN ([GameType "Base"] and numbered moves) or Boardspace SGF ('(;...')
    """
    if not text.strip():
        raise RecordError(name, 1, "the file is empty: there is no game in it")
    fmt = detect_format(text)
    if fmt is None:
        first = next((i for i, t in enumerate(text.splitlines(), 1) if t.strip()), 1)
        raise RecordError(name, first, "not a game record the kit reads: a UHP GameString "
                          "(Base+MLP;...), PGN ([GameType \"Base\"] and numbered moves) or "
                          "Boardspace SGF ('(;...')")
    return _READERS[fmt](text, name)


def load_record(path: str | Path) -> GameRecord:
    """The record in a file, of any format. The text is UTF-8 (Latin-1 if it is not: old
    Boardspace files may spell a player's name so); errors name the file.

    >>> load_record("no-such-game.pgn")
    Traceback (most recent call last):
    ...
    hive_teach.hive.records.RecordError: no-such-game.pgn:1: cannot read the file: [Errno 2] \
No such file or directory: 'no-such-game.pgn'
    """
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_RECORD_BYTES:
            raise RecordError(str(p), 1, f"the file has {size:,} bytes: a game record has a "
                              f"few thousand (at most {MAX_RECORD_BYTES:,} are read)")
        data = p.read_bytes()
    except OSError as e:
        raise RecordError(str(p), 1, f"cannot read the file: {e}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return read_record(text, str(p))


def load_source(source: str) -> GameRecord:
    """A record from a file name, or from a GameString given as text (as on a command line).

    >>> load_source("Base;InProgress;White[2];wS1;bS1 wS1-").moves
    ('wS1', 'bS1 wS1-')
    >>> load_source("game.sgf")
    Traceback (most recent call last):
    ...
    hive_teach.hive.records.RecordError: game.sgf:1: cannot read the file: [Errno 2] No such \
file or directory: 'game.sgf'
    """
    if detect_format(source) == "gamestring":
        try:
            is_file = Path(source).is_file()
        except (OSError, ValueError):  # a GameString too long, or odd, for a file name
            is_file = False
        if not is_file:
            return read_game_string_record(source)
    return load_record(source)


__all__ = [
    "FORMATS",
    "MAX_MOVE_NUMBER",
    "MAX_RECORD_BYTES",
    "GameRecord",
    "RecordError",
    "detect_format",
    "load_record",
    "load_source",
    "read_game_string_record",
    "read_pgn",
    "read_record",
    "read_sgf",
]
