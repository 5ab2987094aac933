"""A coach for a learner's game: what a move just did, a hint, and why the engine played.

:func:`coach` judges one move, in this order:

- ``wins``: the move surrounds the other Queen (R19), or forces a win within two (or, when
  the mover had a quicker win, three) own moves. A winning move is never called a mistake.
- ``allows-win``: after the move the opponent can win in one or two moves whatever the mover
  does; :attr:`Verdict.moves` holds the opponent's winning reply (empty when the move
  surrounds the mover's own Queen and so loses at once).
- ``missed-win``: the mover had a win in one or two moves and did not take it;
  :attr:`Verdict.moves` holds that win.
- ``fine``: none of these, with at most one note: the mover's own Queen now has five
  neighbours, or pieces of the opponent just got pinned or freed by One Hive (R6); without a
  note the coach says nothing.

Every claim is proven by the solver (:mod:`hive_teach.hive.ai.solver`) within a time budget
(:data:`COACH_TIME`); when the budget runs out before a claim is proven, the coach says
nothing (``fine``, :attr:`Verdict.sure` False, no message) rather than guess.

The message is written from facts by the catalogues ``locale/<lang>/coach.toml`` (as
the explanations are): one sentence, naming cells as ``q,r``.

>>> from hive_teach.hive.position import Position
>>> pos = Position.from_layout(
...     {"0,0": "bQ", "1,0": "wQ", "0,-1": "wS1", "-1,0": "wB1", "-1,1": "wG1",
...      "1,-1": "bA1", "2,-1": "wA1"}, to_move="white", turn=6)
>>> v = coach(pos, "wA1 wG1-")
>>> v.verdict, v.text()
('wins', "Well done: that surrounds Black's Queen at 0,0, and you win.")
>>> v = coach(pos, "wS2 -wB1")
>>> v.verdict, v.moves
('missed-win', ('wA1 wG1-',))
>>> print(v.text("de"))
Du hättest sofort gewinnen können, mit wA1 nach 0,1, denn das umzingelt die Bienenkönigin von \
Schwarz auf 0,0.
>>> hint(pos)
('wA1 wG1-', "wA1 to 0,1 surrounds Black's Queen at 0,0 and wins right away.")
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from hive_teach.core.errors import LayoutError
from hive_teach.core.hexgrid import DELTAS, Cell, cell_name
from hive_teach.core.i18n import (
    LANGUAGES,
    Catalogue,
    catalogue,
    check_language,
    fill,
    side_name,
)
from hive_teach.core.i18n import sentence as as_sentence
from hive_teach.hive.ai.evaluate import QUEENS, WIN_STATE, evaluate, immediate_wins
from hive_teach.hive.ai.solver import SolverTimeout, forces_win, solve
from hive_teach.hive.pieces import Colour, Piece
from hive_teach.hive.player import Player
from hive_teach.hive.position import PASS, AnyMove, GameState, Move, Position

VERDICTS = ("allows-win", "missed-win", "wins", "fine")
"""What :func:`coach` says of a move, worst news for the mover first (but ``wins`` is
decided first: a winning move is never anything else)."""

COACH_TIME = 0.8
"""Seconds :func:`coach` may think about one move (the rest of a second is for answering)."""
HINT_TIME = 0.8
"""Seconds :func:`hint` may think."""

CATALOGUES: dict[str, Catalogue] = {lang: catalogue("coach", lang) for lang in LANGUAGES}
"""The coach's sentences in each language (``locale/<lang>/coach.toml``)."""


class Play(NamedTuple):
    """A move as a sentence names it: the piece, the cell it goes to, and whether it is
    placed from the hand."""

    piece: str
    to: str
    placed: bool

    @classmethod
    def of(cls, pos: Position, move: AnyMove) -> Play:
        """``move`` (legal, not a pass) in ``pos``, before it is played."""
        assert move.piece is not None and move.to is not None
        return cls(move.piece.name, cell_name(move.to), move.piece not in pos.where)


class Spot(NamedTuple):
    """A piece and the cell it stands on."""

    piece: str
    cell: str


@dataclass(frozen=True)
class Said:
    """One thing the coach says, as facts: ``what`` (the catalogue key), ``me`` (the side the
    sentence speaks to or about), the moves it names (``plays``: the move, then a threat),
    pieces with their cells (``spots``), cells (``cells``: a Queen's, then a free one) and a
    number ``n``. :meth:`text` writes it in a language.

    >>> Said("wins/2", Colour.WHITE).text("zh")
    '好棋：不管黑方怎么走，你下一步都能获胜。'
    """

    what: str
    me: Colour
    plays: tuple[Play, ...] = ()
    spots: tuple[Spot, ...] = ()
    cells: tuple[str, ...] = ()
    n: int = 0

    def values(self, cat: Catalogue) -> dict[str, object]:
        """What the templates of ``cat`` fill in."""
        lang = cat.lang
        out: dict[str, object] = {"me": side_name(self.me, lang),
                                  "them": side_name(self.me.other, lang), "n": self.n}
        for name, play in zip(("play", "threat"), self.plays, strict=False):
            key = "play/place" if play.placed else "play/move"
            out[name] = fill(cat.phrases[key], {"piece": play.piece, "to": play.to}, lang)
        out["spots"] = tuple(fill(cat.phrases["spot"], s._asdict(), lang) for s in self.spots)
        for name, c in zip(("queen", "free"), self.cells, strict=False):
            out[name] = c
        return out

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (``en``, ``de``, ``zh``)."""
        cat = CATALOGUES[check_language(lang)]
        return as_sentence(fill(cat.templates[self.what], self.values(cat), lang), lang)


@dataclass(frozen=True)
class Verdict:
    """The coach's word on one move (see the module docstring).

    ``verdict`` is one of :data:`VERDICTS`; ``moves`` the UHP MoveStrings it names (the
    opponent's winning reply, or the missed win); ``said`` the facts of the message (None:
    nothing to say); ``sure`` False when the time budget ran out before the coach could tell.
    """

    verdict: str
    moves: tuple[str, ...] = ()
    said: Said | None = None
    sure: bool = True
    notes: tuple[Said, ...] = field(default=())

    @property
    def what(self) -> str:
        """The kind of message (``"allows-win/1"``, ``"pinned"``, ...), ``""`` for none."""
        return self.said.what if self.said else ""

    @property
    def n(self) -> int:
        """Within how many moves the win comes (the opponent's or the mover's), 0 if none."""
        if self.said is None or "/" not in self.said.what:
            return 0
        return int(self.said.what.rsplit("/", 1)[1])

    @property
    def pieces(self) -> tuple[str, ...]:
        """The pieces the message names."""
        s = self.said
        return () if s is None else tuple(p.piece for p in s.plays) + tuple(
            x.piece for x in s.spots)

    @property
    def cells(self) -> tuple[str, ...]:
        """The cells the message names."""
        s = self.said
        return () if s is None else tuple(p.to for p in s.plays) + tuple(
            x.cell for x in s.spots) + s.cells

    def text(self, lang: str = "en") -> str:
        """The message in ``lang``: one sentence, or ``""`` when the coach says nothing."""
        return self.said.text(lang) if self.said is not None else ""

    def as_dict(self, lang: str = "en") -> dict[str, object]:
        """``{"verdict", "moves", "message"}``, as ``hive-teach coach --json`` prints it."""
        return {"verdict": self.verdict, "moves": list(self.moves), "message": self.text(lang)}


class _Clock:
    """A deadline shared by the searches of one answer."""

    def __init__(self, seconds: float) -> None:
        self.deadline = time.perf_counter() + seconds

    def left(self) -> float:
        return max(0.0, self.deadline - time.perf_counter())


def coach(pos: Position, move: AnyMove | str, *, time_limit: float = COACH_TIME) -> Verdict:
    """The coach's verdict on ``move`` (a :class:`Move` or UHP text) for the side to move.

    Raises :class:`~hive_teach.core.errors.InvalidMoveError` or
    :class:`~hive_teach.core.errors.IllegalMoveError` (both ``ValueError``) for a move that is
    not legal here; ``pos`` is never changed.
    """
    clock = _Clock(time_limit)
    before = pos.copy()
    after = pos.copy()
    after.play(move)  # raises for an illegal move, and pos stays as it was
    m = after.move_stack[-1]
    me, them = pos.turn, pos.turn.other
    if after.state is WIN_STATE[me]:
        return Verdict("wins", said=Said("wins/1", me, cells=_queen(after, them)))
    if after.state is WIN_STATE[them]:
        return Verdict("allows-win", said=Said("allows-win/0", me, cells=_queen(after, me)))
    if after.state is GameState.DRAW:
        return Verdict("fine", said=Said("draw", me))
    # The opponent's quick win is a fact whatever else is true: a move that forces a win
    # leaves the opponent none, so these verdicts never fall on a winning move.
    replies = immediate_wins(after)
    if replies:
        return _allows(after, replies[0], 1, me)
    try:
        if m is not PASS and forces_win(before, m, 2, time_limit=clock.left()):
            return Verdict("wins", said=Said("wins/2", me))
        replies = solve(after, 2, limit=1, time_limit=clock.left())
        if replies:
            return _allows(after, replies[0], 2, me)
        missed = immediate_wins(before)
        n = 1
        if not missed:
            missed, n = solve(before, 2, limit=1, time_limit=clock.left()), 2
        if missed:
            # The move may still win, only more slowly: then it is no mistake.
            if m is not PASS and forces_win(before, m, 3, time_limit=clock.left()):
                return Verdict("wins", said=Said("wins/3", me))
            win = missed[0]
            return Verdict("missed-win", (before.move_text(win),),
                           Said(f"missed-win/{n}", me, (Play.of(before, win),),
                                cells=_queen(before, them)))
    except SolverTimeout:
        return Verdict("fine", sure=False)
    notes = _notes(before, after, me)
    return Verdict("fine", said=notes[0] if notes else None, notes=notes)


def _allows(after: Position, reply: AnyMove, n: int, me: Colour) -> Verdict:
    return Verdict("allows-win", (after.move_text(reply),),
                   Said(f"allows-win/{n}", me, (Play.of(after, reply),), cells=_queen(after, me)))


def _queen(pos: Position, colour: Colour) -> tuple[str, ...]:
    c = pos.where.get(QUEENS[colour])
    return () if c is None else (cell_name(c),)


def _free_cells(pos: Position, colour: Colour) -> list[Cell]:
    q = pos.where.get(QUEENS[colour])
    return [] if q is None else [q + d for d in DELTAS if q + d not in pos.stacks]


def _pinned(pos: Position, colour: Colour) -> dict[Piece, Cell]:
    """``colour``'s pieces that One Hive holds in place (R6), once their Queen is placed (before
    that nothing of theirs moves anyway, R5)."""
    if not pos.queen_placed(colour):
        return {}
    return {p: c for p, c in pos.where.items() if p.colour is colour and pos.is_pinned(p)}


def _notes(before: Position, after: Position, me: Colour) -> tuple[Said, ...]:
    """What else the move did worth a word: the own Queen's last free cell, pins (R6)."""
    notes = []
    free_before, free_after = _free_cells(before, me), _free_cells(after, me)
    if len(free_after) == 1 and len(free_before) != 1:
        notes.append(Said("queen-five", me, cells=(*_queen(after, me), cell_name(free_after[0]))))
    them = me.other
    old, new = _pinned(before, them), _pinned(after, them)

    def spots(pieces: Mapping[Piece, Cell]) -> tuple[Spot, ...]:
        return tuple(Spot(p.name, cell_name(c)) for p, c in sorted(pieces.items()))

    pinned = {p: c for p, c in new.items() if p not in old}
    freed = {p: after.where[p] for p in old if p not in new and p in after.where}
    if pinned:
        notes.append(Said("pinned", me, spots=spots(pinned)))
    if freed:
        notes.append(Said("freed", me, spots=spots(freed)))
    return tuple(notes)


# ----------------------------------------------------------------------------- hints
def advise(pos: Position, *, time_limit: float = HINT_TIME) -> tuple[AnyMove, Said]:
    """A good move for the side to move and why, as facts (see :func:`hint`)."""
    if pos.state.is_over:
        raise ValueError(f"the game is over ({pos.state.value}): there is no move to suggest "
                         "(R19)")
    clock = _Clock(time_limit)
    me, them = pos.turn, pos.turn.other
    work = pos.copy()
    wins = immediate_wins(work)
    if wins:
        return wins[0], Said("hint/win-1", me, (Play.of(work, wins[0]),), cells=_queen(work, them))
    try:
        wins = solve(work, 2, limit=1, time_limit=clock.left() / 3)
    except SolverTimeout:
        wins = []
    if wins:
        return wins[0], Said("hint/win-2", me, (Play.of(work, wins[0]),))
    moves = work.legal_moves()
    if moves == [PASS]:
        raise ValueError("the only move is a pass (R18): there is nothing to choose")
    choice = Player("strong", time_limit=clock.left() / 2, seed=0).choose(work)
    threats = _threats(work)
    if _gives_win(work, choice):
        safe = [m for m in moves if not _gives_win(work, m)]
        if not safe:
            return choice, Said("hint/lost", me, (Play.of(work, choice),))
        choice = max(safe, key=lambda m: _score_after(work, m))
    if threats and not _gives_win(work, choice):
        return choice, Said("hint/stop", me, (Play.of(work, choice), Play.of(work, threats[0][1])))
    return choice, describe(work, choice)


def hint(pos: Position, lang: str = "en", *, time_limit: float = HINT_TIME) -> tuple[str, str]:
    """A good move for the side to move, as a UHP MoveString, and a one-sentence reason: a win,
    a move that stops the opponent's threat, or the engine's choice with what it does.

    >>> from hive_teach.hive.position import Position
    >>> pos = Position.from_layout({"0,0": "wQ", "1,0": "bQ", "-1,0": "wS1", "2,0": "bS1"},
    ...                            to_move="white", turn=3)
    >>> move, reason = hint(pos)
    >>> pos.parse_move(move) in pos.legal_moves(), reason.endswith(".")
    (True, True)
    """
    check_language(lang)
    move, said = advise(pos, time_limit=time_limit)
    return pos.move_text(move), said.text(lang)


def _gives_win(pos: Position, move: AnyMove) -> bool:
    """Whether after ``move`` the opponent wins at once (or the move loses by itself)."""
    me = pos.turn
    pos.push(move)
    try:
        if pos.state.is_over:
            return pos.state is not WIN_STATE[me]
        return bool(immediate_wins(pos))
    finally:
        pos.undo()


def _score_after(pos: Position, move: AnyMove) -> int:
    pos.push(move)
    try:
        return -evaluate(pos)
    finally:
        pos.undo()


def _passed(pos: Position) -> Position | None:
    """``pos`` with the other side to move, as if the side to move passed: the opponent's
    threats. None where no such position exists (an opening that cannot be laid out)."""
    if pos.state.is_over:
        return None
    them = pos.turn.other
    turn = pos.turn_number + (1 if pos.turn is Colour.BLACK else 0)
    layout: dict[str | Cell | tuple[int, int], str | Sequence[str]] = {
        c: [p.name for p in s] for c, s in pos.stacks.items()}
    try:
        return Position.from_layout(layout, game_type=pos.game_type, to_move=them,
                                    turn=turn, tournament=pos.tournament)
    except LayoutError:
        return None


def _threats(pos: Position) -> list[tuple[Position, AnyMove]]:
    """The opponent's wins in one move if the side to move did nothing."""
    passed = _passed(pos)
    if passed is None or passed.state.is_over:
        return []
    return [(passed, m) for m in immediate_wins(passed)]


# ----------------------------------------------------------------------------- what a move does
def describe(pos: Position, move: AnyMove) -> Said:
    """What ``move`` (legal, for the side to move) does, as facts: it wins, attacks the other
    Queen, pins pieces (R6), stops a threat, defends its own Queen, blocks, or develops."""
    me, them = pos.turn, pos.turn.other
    if move is PASS or not isinstance(move, Move):
        raise ValueError("a pass does nothing to describe (R18)")
    play = Play.of(pos, move)
    passed = _passed(pos)
    live = passed is not None and not passed.state.is_over
    threats = immediate_wins(passed) if passed is not None and live else []
    moves_theirs_before = len(passed.legal_moves()) if passed is not None and live else None
    mine_before = len(_free_cells(pos, me)) if QUEENS[me] in pos.where else None
    theirs_before = len(_free_cells(pos, them))
    pinned_before = _pinned(pos, them)
    pos.push(move)
    try:
        if pos.state is WIN_STATE[me]:
            return Said("does/win", me, (play,), cells=_queen(pos, them))
        theirs_after = len(_free_cells(pos, them))
        mine_after = len(_free_cells(pos, me))
        pinned = {p: c for p, c in _pinned(pos, them).items() if p not in pinned_before}
        moves_theirs_after = len(pos.legal_moves())
        if threats and passed is not None and not immediate_wins(pos):
            return Said("does/stop", me, (play, Play.of(passed, threats[0])))
        if pos.where.get(QUEENS[them]) is not None and theirs_after < theirs_before:
            return Said("does/attack", me, (play,), cells=_queen(pos, them), n=theirs_after)
        if pinned:
            return Said("does/pin", me, (play,), spots=tuple(
                Spot(p.name, cell_name(c)) for p, c in sorted(pinned.items())))
        if mine_before is not None and mine_after > mine_before:
            return Said("does/defend", me, (play,), cells=_queen(pos, me), n=mine_after)
        if moves_theirs_before is not None and moves_theirs_after < moves_theirs_before:
            return Said("does/block", me, (play,), n=moves_theirs_before - moves_theirs_after)
    finally:
        pos.undo()
    return Said("does/develop" if play.placed else "does/move", me, (play,))


def explain_engine_move(pos_before: Position, move: AnyMove | str, lang: str = "en") -> str:
    """One short sentence on what the engine's ``move`` in ``pos_before`` does (what it
    attacks, pins or defends), in ``lang``; ``pos_before`` is not changed.

    >>> from hive_teach.hive.position import Position
    >>> pos = Position.from_layout({"0,0": "wQ", "1,0": "bQ", "-1,0": "wS1", "2,0": "bS1"},
    ...                            to_move="black", turn=3)
    >>> explain_engine_move(pos, "bS1 wS1\\\\")
    "bS1 to -1,1 attacks White's Queen at 0,0: she has only 3 free cells left."
    >>> explain_engine_move(pos, "bA1 bS1/", "de")
    'bA1 neu auf 3,-1 bringt einen neuen Stein ins Spiel.'

    """
    check_language(lang)
    work = pos_before.copy()
    m = work.parse_move(move) if isinstance(move, str) else move
    if m not in work.legal_moves():
        work.play(m)  # raises the rules' reason, on the copy
    return describe(work, m).text(lang)


__all__ = ["COACH_TIME", "HINT_TIME", "VERDICTS", "Play", "Said", "Spot", "Verdict", "advise",
           "coach", "describe", "explain_engine_move", "hint"]
