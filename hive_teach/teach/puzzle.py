"""Puzzles: "to move and win in N", proved by the solver, played on the board.

A puzzle file is a scenario file (``docs/scenarios.md``: id, rules, game type, texts in en, de
and zh, a GameString or a layout) with a ``[puzzle]`` table instead of ``[focus]``/``[expect]``::

    [puzzle]
    win_in = 2                  # own moves, the winning one included
    solutions = ["wB1 bA1"]     # ALL first moves that force the win (UHP MoveStrings)
    unique = true               # exactly one first move wins

The answer text explains the idea; for a win in two it names the defence and the follow-up.
:func:`prove` checks a puzzle against :func:`hive_teach.hive.ai.solver.solve`: the listed first
moves must be exactly the winning ones (compared as (piece, destination), never as text), ``unique``
must be true to the solver, and there must be no quicker win (a win-in-2 without a win in 1).

>>> p = loads('''
... id = "tiny"
... rules = ["R19"]
... [title]
... en = "Ant"
... de = "Ameise"
... zh = "兵蚁"
... [position]
... to_move = "white"
... turn = 6
... [position.stacks]
... "0,0" = "bQ"
... "1,0" = "wQ"
... "0,-1" = "wS1"
... "-1,0" = "wB1"
... "-1,1" = "wG1"
... "1,-1" = "bA1"
... "2,-1" = "wA1"
... [puzzle]
... win_in = 1
... solutions = ["wA1 wG1-"]
... unique = true
... ''', "tiny.toml")
>>> p.id, p.win_in, p.unique
('tiny', 1, True)
>>> prove(p)
[]
>>> prove(replace(p, solutions=("wA1 bA1/",)))  # a wrong list is caught
['the solver finds the winning first moves wA1 wG1-; the puzzle lists wA1 bA1/, which does \
not force the win; the puzzle does not list wA1 wG1-']

On the board (:func:`puzzle_exercise`) the learner plays the attacking side; after a correct
move that does not end the game yet, the engine answers with its best defence
(:func:`best_defence`) and the learner finishes. Command line: ``python -m hive_teach.teach.puzzle
puzzles/`` proves every puzzle in a folder.
"""

from __future__ import annotations

import importlib
import re
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from hive_teach.board.controller import BoardController, Feedback
from hive_teach.board.drawing import diagram_png
from hive_teach.core.i18n import Words, check_language, join_sentences, listing, side_name, t
from hive_teach.core.tomlfile import Reader, read_file, toml_files
from hive_teach.hive.ai.evaluate import WIN_STATE, evaluate
from hive_teach.hive.ai.solver import forces_win, solve
from hive_teach.hive.explain import explain_move
from hive_teach.hive.pieces import Colour
from hive_teach.hive.position import AnyMove, GameState, Position
from hive_teach.teach.base import check_id
from hive_teach.teach.hive_scenario import HiveScenario
from hive_teach.teach.lessons import display_markdown, display_png, language_button, with_hint
from hive_teach.teach.library import language, library_dir
from hive_teach.teach.scenario import ScenarioError

_PUZZLE_KEYS = {"win_in", "solutions", "unique"}
_HEADER = re.compile(r"""^\s*\[\[?\s*[A-Za-z0-9_.'" -]+\]\]?\s*(#.*)?$""")
_PUZZLE_HEADER = re.compile(r"^\s*\[\s*puzzle\s*\]\s*(#.*)?$")
MAX_WIN_IN = 3
"""The longest puzzle :func:`prove` takes on (the solver's time grows fast with N)."""


class PuzzleError(ScenarioError):
    """A puzzle file that cannot be read; the message starts with ``file:line:``."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: a :class:`~hive_teach.teach.hive_scenario.HiveScenario` (position, texts)
    and its goal."""

    scenario: HiveScenario
    win_in: int
    solutions: tuple[str, ...]
    unique: bool

    @property
    def id(self) -> str:
        return self.scenario.id

    @property
    def path(self) -> str:
        return self.scenario.path

    @property
    def game_type(self) -> str:
        return self.scenario.game_type

    def position(self) -> Position:
        """A fresh position of the puzzle (the attacker to move)."""
        return self.scenario.position()

    @property
    def attacker(self) -> Colour:
        """The side that wins: the side to move."""
        return self.position().turn

    def moves(self, pos: Position | None = None) -> set[AnyMove]:
        """The listed solutions as moves (a ValueError if one cannot be read here)."""
        if pos is None:
            pos = self.position()
        return {pos.parse_move(s) for s in self.solutions}

    def text(self, what: str, lang: str = "en") -> str:
        """The title, caption, question, answer or hint in ``lang`` (falls back to English)."""
        return self.scenario.text(what, lang)


# ------------------------------------------------------------------------- reading
def load(path: str | Path) -> Puzzle:
    """Read one puzzle file."""
    return loads(read_file(path, PuzzleError), str(path))


def load_all(paths: Iterable[str | Path]) -> list[Puzzle]:
    """Read puzzle files and folders (every ``*.toml`` below a folder), sorted by path."""
    return [load(f) for f in toml_files(paths)]


def loads(text: str, name: str = "<puzzle>") -> Puzzle:
    """Read a puzzle from TOML text; ``name`` is used in error messages.

    The ``[puzzle]`` table is read here; everything else goes to the scenario reader, with
    the table's lines blanked so that its line numbers stay right.

    >>> loads('id = "x"', "x.toml")
    Traceback (most recent call last):
    ...
    hive_teach.teach.puzzle.PuzzleError: x.toml:1: a puzzle file needs a [puzzle] table with \
win_in, solutions and unique
    """
    r = Reader(text, name, PuzzleError)
    data = r.data
    if data.get("game", HiveScenario.GAME) != HiveScenario.GAME:
        r.fail("game", 'puzzles are Hive positions: leave out game, or write game = "hive"')
    if not isinstance(data.get("puzzle"), dict):
        r.fail("puzzle" if "puzzle" in data else "", "a puzzle file needs a [puzzle] table "
               "with win_in, solutions and unique")
    if "play" in data:
        r.fail("play", "a puzzle starts from its position: give the position after those "
               "moves instead of play")
    # Everything but [puzzle] is a scenario: read from the parsed file (a "[puzzle]" line
    # inside a caption's text is text), with the file's own line numbers in errors.
    rest = Reader(text, name, ScenarioError)
    del rest.data["puzzle"]
    if "focus" not in rest.data and "expect" not in rest.data:
        # The scenario reader wants something to check; a puzzle's game must be going on.
        rest.data["expect"] = {"state": "InProgress"}
    try:
        scenario = HiveScenario.read(rest)
    except ScenarioError as e:
        raise PuzzleError(e.file, e.line, e.why) from None
    # Where to look for a solution's text, for its line in an error (a "[puzzle]" line inside
    # a caption comes earlier: the search still finds the solutions after it).
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if _PUZZLE_HEADER.match(line)), 0)

    table = r.table(data, "puzzle", allowed=_PUZZLE_KEYS)
    missing = sorted(_PUZZLE_KEYS - set(table))
    if missing:
        r.fail("puzzle", f"[puzzle] needs {', '.join(missing)}")
    win_in = table["win_in"]
    if not isinstance(win_in, int) or isinstance(win_in, bool) or not 1 <= win_in <= MAX_WIN_IN:
        r.fail("puzzle.win_in", f"win_in must be a whole number of own moves from 1 to "
               f"{MAX_WIN_IN}, not {win_in!r}")
    unique = bool(r.boolean(table, "unique", "puzzle"))
    solutions = table["solutions"]
    if not isinstance(solutions, list) or not solutions or \
            not all(isinstance(s, str) and s.strip() for s in solutions):
        r.fail("puzzle.solutions", "solutions must list at least one move, e.g. "
               'solutions = ["wA1 bQ/"]')
    pos = scenario.position()
    seen: dict[AnyMove, str] = {}
    for s in solutions:
        try:
            move = pos.parse_move(s)
            if not pos.is_legal(move):
                why = explain_move(pos, move)
                reason = f"{why.reason} ({why.rule})" if why else "the rules forbid it"
                raise ValueError(reason)
        except ValueError as e:
            raise PuzzleError(name, _line_of_text(lines, start, s), f"solution {s!r} is "
                              f"not a legal move here: {e}") from None
        if move in seen:
            raise PuzzleError(name, _line_of_text(lines, start, s), f"solution {s!r} is "
                              f"the same move as {seen[move]!r}")
        seen[move] = s
    if unique != (len(solutions) == 1):
        r.fail("puzzle.unique", f"unique = {str(unique).lower()} but the puzzle lists "
               f"{len(solutions)} solution{'s' if len(solutions) != 1 else ''}")
    return Puzzle(scenario, win_in, tuple(s.strip() for s in solutions), unique)


def _line_of_text(lines: list[str], start: int, needle: str) -> int:
    """The line (1-based) of the first quoted ``needle`` at or after ``start``."""
    for quoted in (f'"{needle}"', f"'{needle}'", needle):
        for i in range(start, len(lines)):
            if quoted in lines[i]:
                return i + 1
    return start + 1


# ------------------------------------------------------------------------- proving
def prove(puzzle: Puzzle, *, time_limit: float | None = None) -> list[str]:
    """Check a puzzle with the solver; returns the problems (empty when it is right).

    The solver's winning first moves must be exactly ``solutions``; ``unique`` must say
    whether there is one; a puzzle of N moves must have no win in fewer moves (else it is
    trivial). (A layout no game reaches, such as more pieces than turns, is refused when
    the file is read.)
    """
    problems: list[str] = []
    pos = puzzle.position()
    if pos.state.is_over:
        return [f"the game is already over ({pos.state.value}): there is nothing to find"]
    try:
        listed = puzzle.moves(pos)
    except ValueError as e:
        return [*problems, f"a listed solution is not legal: {e}"]
    n = puzzle.win_in
    found = solve(pos, n, time_limit=time_limit)
    found_set = set(found)
    if found_set != listed:
        names = ", ".join(pos.move_text(m) for m in found) or "none"
        parts = [f"the solver finds the winning first moves {names}"]
        extra = [s for s in puzzle.solutions if pos.parse_move(s) not in found_set]
        missing = [pos.move_text(m) for m in found if m not in listed]
        if extra:
            parts.append(f"the puzzle lists {', '.join(extra)}, which "
                         f"{'does' if len(extra) == 1 else 'do'} not force the win")
        if missing:
            parts.append(f"the puzzle does not list {', '.join(missing)}")
        problems.append("; ".join(parts))
    if puzzle.unique != (len(found) == 1):
        problems.append(f"unique = {str(puzzle.unique).lower()}, but {len(found)} first "
                        f"move{'s' if len(found) != 1 else ''} force the win")
    if n > 1:
        quick = solve(pos, n - 1, time_limit=time_limit)
        if quick:
            problems.append(f"a quicker win exists (in {n - 1}: "
                            f"{', '.join(pos.move_text(m) for m in quick)}), so the puzzle "
                            "is trivial")
    return problems


# ------------------------------------------------------------------------- defending
@dataclass(frozen=True)
class Defence:
    """How good a reply is for the defender (see :func:`rate_replies`)."""

    move: AnyMove
    outcome: int
    """3 the defender wins, 2 a draw, 1 no forced win left for the attacker, 0 a forced loss,
    -1 the reply itself loses."""
    loses_in: int
    """For a forced loss: in how many attacker moves (the more the better)."""
    wins_left: int
    """For a forced loss: how many first moves the attacker has to win that quickly."""
    score: int
    """The engine's evaluation for the defender, to break ties."""

    def key(self) -> tuple[int, int, int, int]:
        return (self.outcome, self.loses_in, -self.wins_left, self.score)


def rate_replies(pos: Position, moves_left: int) -> list[Defence]:
    """Every reply of the side to move (the defender), rated; ``moves_left`` is how many own
    moves the attacker has left to win after it. Best defence first; ties keep move order."""
    defender = pos.turn
    attacker = defender.other
    out = []
    for r in pos.legal_moves():
        pos.push(r)
        try:
            loses_in = wins_left = 0
            if pos.state is WIN_STATE[defender]:
                outcome = 3
            elif pos.state is GameState.DRAW:
                outcome = 2
            elif pos.state is WIN_STATE[attacker]:
                outcome = -1
            else:
                outcome = 1
                for j in range(1, moves_left + 1):
                    wins = solve(pos, j)
                    if wins:
                        outcome, loses_in, wins_left = 0, j, len(wins)
                        break
            score = 0 if pos.state.is_over else -evaluate(pos)
        finally:
            pos.undo()
        out.append(Defence(r, outcome, loses_in, wins_left, score))
    order = {d.move: i for i, d in enumerate(out)}
    return sorted(out, key=lambda d: (tuple(-x for x in d.key()), order[d.move]))


def best_defence(pos: Position, moves_left: int) -> AnyMove:
    """The defender's best reply (side to move) when the attacker has ``moves_left`` own moves
    to win: a reply that escapes if there is one, else the one that lasts longest and leaves
    the fewest winning answers, else the engine's evaluation decides."""
    return rate_replies(pos, moves_left)[0].move


# ------------------------------------------------------------------------- the board
_WORDS = Words("puzzle")

MESSAGES: Mapping[str, Mapping[str, str]] = _WORDS.mapping()
"""The puzzles' words, ``{key: {lang: template}}`` (``locale/<lang>/puzzle.toml``)."""


def message(key: str, lang: str = "en", **params: object) -> str:
    """A puzzle message in ``lang``, filled in (see :data:`MESSAGES`).

    >>> message("goal_n", "de", side="Weiß", n=2)
    'Weiß am Zug gewinnt in 2 Zügen, egal was der Gegner tut. Finde den ersten Zug!'
    """
    return _WORDS(key, lang, **params)


def goal_text(puzzle: Puzzle, lang: str = "en") -> str:
    """The task as the board states it, e.g. "White to move wins in 2 moves, ..."."""
    side = side_name(puzzle.attacker, lang)
    if puzzle.win_in == 1:
        return message("goal_1", lang, side=side)
    return message("goal_n", lang, side=side, n=puzzle.win_in)


class PuzzleController(BoardController[Position]):
    """A find-the-move board for a puzzle: the learner plays the attacker.

    The first move must be one of the puzzle's solutions. If the game goes on, the engine
    answers with :func:`best_defence` and the learner must keep forcing the win (any move that
    still wins in the moves left is accepted). A wrong move is not played: the board says why
    it fails (the defence that refutes it, or the draw). Undo takes back the learner's last
    move together with the engine's answer.

    >>> board = PuzzleController(puzzle("beetle-freezes-defender"))
    >>> board.prompt()
    'White to move wins in 2 moves, whatever the opponent does. Find the first move!'
    >>> print(board.play_text("wG2 /wS1").message)  # legal, but Black has a defence
    wG2 /wS1 does not force the win: Black answers bA1 wQ-, and then the win is gone. Try again.
    >>> print(board.play_text("wB1 bA1").message)   # right: the engine defends
    Correct! wB1 bA1. Black defends as well as possible: bS1 wS1\\.
    >>> board.moves_left(), board.prompt()
    (1, 'Now finish it: White wins with the next move. Find it!')
    >>> board.play_text("wB1 -bQ").kind, board.position.state.value
    ('solved', 'WhiteWins')
    >>> board.undo().kind, board.undo().kind, board.moves_left()
    ('undone', 'undone', 2)
    """

    def __init__(self, puzzle: Puzzle, *, goal: str | None = None, lang: str = "en",
                 **options: Any) -> None:
        self.puzzle = puzzle
        pos = puzzle.position()
        self.attacker = pos.turn
        self.solution_moves = frozenset(puzzle.moves(pos))
        self.custom_goal = goal
        options.setdefault("engine", self.defend)
        options.setdefault("human", self.attacker)
        super().__init__(pos, mode="find", goal=goal or goal_text(puzzle, lang),
                         accept=self.accepts, lang=lang, **options)

    # ---------------------------------------------------------------- state
    def own_moves_played(self) -> int:
        """How many moves the learner has made since the start."""
        played = len(self.position.move_stack) - len(self.start.move_stack)
        return (played + 1) // 2

    def moves_left(self) -> int:
        """Own moves the learner has left to win in."""
        return self.puzzle.win_in - self.own_moves_played()

    def accepts(self, pos: Position, move: AnyMove) -> bool:
        """First move: one of the solutions; later: any move that still forces the win."""
        if self.own_moves_played() == 0:
            return move in self.solution_moves
        return forces_win(pos, move, self.moves_left())

    def defend(self, pos: Position) -> AnyMove:
        """The engine's answer: the best defence, with the learner's moves left."""
        return best_defence(pos, self.moves_left())

    # ---------------------------------------------------------------- text
    def prompt(self) -> str:
        lang = self.lang
        if self.position.is_over:
            return message("won", lang, result=self.result())
        if self.own_moves_played() == 0:
            return self.custom_goal or goal_text(self.puzzle, lang)
        left = self.moves_left()
        side = side_name(self.attacker, lang)
        if left == 1:
            return message("finish", lang, side=side)
        return message("keep_going", lang, side=side, n=left)

    # ---------------------------------------------------------------- actions
    def _play(self, move: AnyMove) -> Feedback:
        pos = self.position
        text = pos.move_text(move)
        if not self.accepts(pos, move):
            why, rule = self._why_not(move, text)
            return self.done(Feedback("checked", why, rule, move=move, correct=False))
        pos.play(move)
        self.selected, self.targets = None, frozenset()
        if pos.is_over:
            msg = join_sentences([t("solved", self.lang, move=text),
                                  t("game_over", self.lang, result=self.result())], self.lang)
            return self.done(Feedback("solved", msg, move=move, correct=True))
        reply = self.engine(pos)
        reply_text = pos.move_text(reply)
        pos.play(reply)
        msg = message("defended", self.lang, move=text, reply=reply_text,
                      other=side_name(self.attacker.other, self.lang))
        if pos.is_over:  # only when every reply ends the game, e.g. by a forced pass-less loss
            msg = join_sentences([msg, t("game_over", self.lang, result=self.result())],
                                 self.lang)
        return self.done(Feedback("moved", msg, move=move, correct=True))

    def _why_not(self, move: AnyMove, text: str) -> tuple[str, str | None]:
        """Why a legal move fails: a draw, the own Queen, or the defence that refutes it; and
        the rule the sentence cites (R19 for a surrounded Queen), if any."""
        pos = self.position
        other = side_name(self.attacker.other, self.lang)
        left = self.moves_left()
        pos.push(move)
        try:
            if pos.state is GameState.DRAW:
                return message("draws", self.lang, move=text, rule="R19"), "R19"
            if pos.state is WIN_STATE[self.attacker.other]:
                return message("loses", self.lang, move=text, other=other, rule="R19"), "R19"
            if left > 1 and not pos.state.is_over:
                best = rate_replies(pos, left - 1)[0]
                if best.outcome >= 1:
                    reply = pos.move_text(best.move)
                    return message("refuted", self.lang, move=text, other=other,
                                   reply=reply), None
        finally:
            pos.undo()
        return t("legal_not_goal", self.lang, move=text), None

    def undo(self) -> Feedback:
        """Take back the learner's last move (and the engine's answer to it)."""
        pos = self.position
        base = len(self.start.move_stack)
        if len(pos.move_stack) <= base:
            return super().undo()
        move = pos.undo()
        while pos.turn is not self.attacker and len(pos.move_stack) > base:
            move = pos.undo()
        self.selected, self.targets = None, frozenset()
        return self.done(Feedback("undone", t("undone", self.lang,
                                               move=pos.move_text(move))))


# ------------------------------------------------------------------------- notebooks
def puzzle_dir() -> Path:
    """Where the puzzles are: ``$HIVE_TEACH_PUZZLES``, or ``puzzles/`` of this checkout."""
    return library_dir("puzzles", "HIVE_TEACH_PUZZLES")


@cache
def puzzle(pid: str) -> Puzzle:
    """The puzzle with id ``pid`` (file ``puzzles/<pid>.toml``); an id is letters, digits and
    dashes, so no id reaches a file outside the puzzle folder.

    >>> puzzle("../scenarios/beetle-stack")
    Traceback (most recent call last):
    ...
    ValueError: '../scenarios/beetle-stack' is not a puzzle id: ids are lower-case letters, \
digits and dashes, like spider-three-steps
    """
    path = puzzle_dir() / f"{check_id(pid, 'puzzle', 'spider-three-steps')}.toml"
    if not path.exists():
        raise FileNotFoundError(f"no puzzle {pid!r}: expected {path}")
    return load(path)


def _lang(lang: str | None) -> str:
    if lang is not None:
        return check_language(lang)

    return language()


def show_puzzle(pid: str, lang: str | None = None, *, picture: bool = True) -> None:
    """The puzzle's title, game type and task, caption and question with its diagram (nothing
    given away); ``picture=False`` the title, caption and question only, for
    :func:`play_puzzle`, whose board shows the task and is the picture."""
    lang = _lang(lang)
    p = puzzle(pid)
    text = f"### {p.text('title', lang)}"
    if picture:
        text += f"\n\n*{p.game_type} · {goal_text(p, lang)}*"
    if p.scenario.caption:
        text += f"\n\n{p.text('caption', lang)}"
    if p.scenario.question:
        text += f"\n\n**{p.text('question', lang)}**"
    display_markdown(text)
    if picture:
        question = replace(p.scenario.marks(lang, answer=False), title="")
        display_png(diagram_png(p.position(), question, palette=True))


def solution(p: Puzzle, lang: str) -> tuple[str, bytes]:
    """The answer as Markdown (the winning first move(s) and the explanation) and the
    teaching diagram as PNG."""
    moves = listing([f"`{s}`" for s in p.solutions], lang)
    marks = replace(p.scenario.marks(lang), title="")
    head = message("solution_line", lang, solution=message("solution", lang), moves=moves)
    return (f"{head}\n\n{p.text('answer', lang)}",
            diagram_png(p.position(), marks, palette=True))


def show_solution(pid: str, lang: str | None = None) -> None:
    """The answer: the winning first move(s), the explanation and the teaching diagram."""
    text, png = solution(puzzle(pid), _lang(lang))
    display_markdown(text)
    display_png(png)


SOLUTION_BUTTON: Mapping[str, str] = _WORDS.by_language("solution")
"""The label of the Solution button in each language."""


def with_solution(board: Any, p: Puzzle) -> Any:
    """``board`` with a Solution button under it: pressed, it shows the puzzle's solution
    (:func:`solution`) in the board's language below it. The solution is made in the kernel
    when the button is pressed, so the page has nothing of it before. The button is
    ``board.solution_button``, the place it shows the solution ``board.solution_output``.
    """
    w = importlib.import_module("ipywidgets")
    ipython = importlib.import_module("IPython.display")
    out = w.Output()
    out.add_class("hive-teach-solution")

    def show(lang: str) -> None:
        text, png = solution(p, lang)
        out.outputs = ()  # (clear_output needs a kernel; this works in a test too)
        out.append_display_data(ipython.Markdown(text))
        out.append_display_data(ipython.Image(png))

    def again(lang: str) -> None:
        if out.outputs:
            show(lang)

    button = language_button(board, SOLUTION_BUTTON, on_language=again)
    button.add_class("hive-teach-solution-button")
    # the board's language at click time: its language buttons may have changed it
    button.on_click(lambda _button: show(board.controller.lang))
    board.solution_button, board.solution_output = button, out
    hint = getattr(board, "hint_button", None)
    box = next((c for c in board.children if hint is not None
                and hint in getattr(c, "children", ())), None)
    if box is None:
        board.children = (*board.children, w.VBox([button, out]))
    else:  # side by side with the Hint button, the hint and the solution below them
        rest = [c for c in box.children if c is not hint]
        box.children = (w.HBox([hint, button]), *rest, out)
    return board


def play_puzzle(pid: str, lang: str | None = None) -> Any:
    """A puzzle as a lesson shows it, drawn once: its text (:func:`show_puzzle` without the
    picture) above the board to solve it on, with Hint and Solution buttons under it."""
    show_puzzle(pid, lang, picture=False)
    return puzzle_exercise(pid, lang)


def puzzle_table(lang: str | None = None) -> None:
    """A table of every puzzle: id, game type, win in N, title."""
    lang = _lang(lang)
    head = [message(f"heading_{key}", lang) for key in ("game", "wins_in", "title")]
    rows = [f"| id | {' | '.join(head)} |", "|---|---|---|---|"]
    for p in load_all([puzzle_dir()]):
        win_in = message("win_in", lang, n=p.win_in)
        rows.append(f"| `{p.id}` | {p.game_type} | {win_in} | {p.text('title', lang)} |")
    display_markdown("\n".join(rows))


def puzzle_exercise(pid: str, lang: str | None = None, *, goal: str | None = None,
                    **options: Any) -> Any:
    """The board's find-the-move exercise for puzzle ``pid`` (see :class:`PuzzleController`).

    ``goal`` replaces the standing task text; other options go to the controller
    (``canvas`` to the widget). The solutions stay in the kernel (the controller checks the
    moves); under the board a Hint button shows the puzzle's ``[hint]`` and a Solution button
    its solution (:func:`with_solution`).
    """
    from hive_teach.board.widget import HiveBoard

    lang = _lang(lang)
    p = puzzle(pid)
    canvas = options.pop("canvas", None)
    controller = PuzzleController(p, goal=goal, lang=lang, **options)
    board = HiveBoard(controller, canvas=canvas, title=lambda lang: p.text("title", lang))
    return with_solution(with_hint(board, p), p)


# ------------------------------------------------------------------------- command line
def main(argv: list[str] | None = None,
         out: Callable[[str], None] = print) -> int:
    """``python -m hive_teach.teach.puzzle [PATHS...]``: prove every puzzle (default ``puzzles/``);
    one line per puzzle, then a total; status 1 on any problem."""
    args = list(sys.argv[1:] if argv is None else argv) or [str(puzzle_dir())]
    try:
        puzzles = load_all(args)
    except (ScenarioError, FileNotFoundError) as e:
        out(f"ERROR {e}")
        return 1
    bad = 0
    start = time.perf_counter()
    for p in puzzles:
        t0 = time.perf_counter()
        problems = prove(p)
        took = time.perf_counter() - t0
        if problems:
            bad += 1
            out(f"FAIL {p.id} ({p.path})")
            for problem in problems:
                out(f"  - {problem}")
        else:
            out(f"ok   {p.id}: {p.game_type}, win in {p.win_in}, "
                f"{len(p.solutions)} solution{'s' if len(p.solutions) != 1 else ''} "
                f"({took:.2f} s)")
    out(f"{len(puzzles) - bad} passed, {bad} failed in {time.perf_counter() - start:.1f} s")
    return 1 if bad else 0


__all__ = [
    "Defence",
    "Puzzle",
    "PuzzleController",
    "PuzzleError",
    "best_defence",
    "goal_text",
    "load",
    "load_all",
    "loads",
    "play_puzzle",
    "prove",
    "puzzle",
    "puzzle_dir",
    "puzzle_exercise",
    "puzzle_table",
    "rate_replies",
    "show_puzzle",
    "show_solution",
    "solution",
    "with_solution",
]

if __name__ == "__main__":
    sys.exit(main())
