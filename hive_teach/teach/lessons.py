"""The lesson helpers both games share, so each notebook cell is one readable line.

A lesson names a scenario by its id (the file ``<id>.toml`` anywhere in the scenario library,
``scenarios/`` or ``scenarios/rive/``), never types a position. Every helper here works for a
Hive and a Rive scenario alike: :func:`show` its diagram, :func:`answer` its answer,
:func:`why` a move is illegal, :func:`explain` that with a diagram, :func:`board` to play on,
:func:`exercise` (its ``[exercise]``), :func:`reach_exercise` and :func:`find_exercise`. The
games' own helpers (Hive's ``targets``, Rive's ``legal`` and ``check``) and the public names
the notebooks import live in :mod:`hive_teach.tutorial` and :mod:`hive_teach.teach.rive_lessons`.
Everything speaks the language of :func:`~hive_teach.teach.library.set_language`.

>>> set_language("de")
>>> why("freedom-gate-queen", "wQ \\\\bQ")
wQ \\bQ → R7
>>> why("rive-isolation-first", "1,0", full=True)
1,0 → V3
1,0 berührt einen Stein, aber es gibt noch Felder, die keinen Stein berühren (etwa -2,0): \
Auf eines davon musst du zuerst setzen. (V3)
>>> why("rive-isolation-first", "-2,0")
-2,0 → ✔
>>> set_language("en")
>>> find("rive-groups", HiveScenario)
Traceback (most recent call last):
...
ValueError: 'rive-groups' is a Rive scenario, not a Hive one
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cache
from typing import Any, TypeVar

from hive_teach.core.errors import IllegalMoveError
from hive_teach.core.hexgrid import Cell
from hive_teach.hive.explain import explain_move
from hive_teach.hive.marks import Marks
from hive_teach.rive.explain import explain as explain_action
from hive_teach.rive.paint import RiveMarks
from hive_teach.rive.rules import Action
from hive_teach.teach.base import check_id
from hive_teach.teach.library import language, scenario_dir, set_language
from hive_teach.teach.scenario import AnyScenario, HiveScenario, RiveScenario, load

S = TypeVar("S", HiveScenario, RiveScenario)


# ------------------------------------------------------------------------- finding
@cache
def scenario(sid: str) -> AnyScenario:
    """The scenario with id ``sid``, of any game: the file ``<sid>.toml`` in the library.

    >>> scenario("../puzzles/win-not-draw")
    Traceback (most recent call last):
    ...
    ValueError: '../puzzles/win-not-draw' is not a scenario id: ids are lower-case letters, \
digits and dashes, like beetle-stack
    """
    check_id(sid, "scenario", "beetle-stack")
    root = scenario_dir()
    paths = sorted(p for p in root.rglob("*.toml") if p.stem == sid)
    if not paths:
        raise FileNotFoundError(f"no scenario {sid!r}: there is no {sid}.toml in {root}")
    return load(paths[0])


def find(sid: str, kind: type[S]) -> S:
    """The scenario with id ``sid``, which must be of the game of ``kind`` (``HiveScenario``,
    ``RiveScenario``)."""
    try:
        s = scenario(sid)
    except FileNotFoundError as e:
        raise FileNotFoundError(f"no {kind.GAME_NAME} {str(e).removeprefix('no ')}") from None
    if not isinstance(s, kind):
        raise ValueError(f"{sid!r} is a {s.GAME_NAME} scenario, not a {kind.GAME_NAME} one")
    return s


# ------------------------------------------------------------------------- showing
def display_markdown(text: str) -> None:
    """Show Markdown in the notebook (plain text outside one)."""
    ipython = importlib.import_module("IPython.display")
    ipython.display(ipython.Markdown(text))


def display_png(png: bytes) -> None:
    """Show a PNG picture in the notebook."""
    ipython = importlib.import_module("IPython.display")
    ipython.display(ipython.Image(png))


def picture(s: AnyScenario, lang: str, *, answer: bool = True) -> bytes:
    """The scenario's diagram as a notebook shows it: no title line (the Markdown above has
    it), 256 colours (small notebooks); ``answer=False`` as for a question."""
    from hive_teach.board.drawing import diagram_png

    # The same call for each game: the drawing functions are typed per game (overloads).
    if isinstance(s, RiveScenario):
        return diagram_png(s.game(), s.marks(lang, answer=answer), title="", palette=True)
    return diagram_png(s.game(), s.marks(lang, answer=answer), title="", palette=True)


def show(sid: str, *, answer: bool = True) -> None:
    """The scenario's diagram with its title, caption and question.

    ``answer=False`` leaves out what gives the answer away (Hive: targets, crosses, gates,
    paths; Rive: the legal cells, the stones chosen for removal, the crosses), for a scenario
    the learner solves as an exercise.
    """
    lang = language()
    s = scenario(sid)
    text = f"### {s.text('title', lang)}\n\n{s.text('caption', lang)}"
    if s.question:
        text += f"\n\n**{s.text('question', lang)}**"
    display_markdown(text)
    display_png(picture(s, lang, answer=answer))


def answer(sid: str) -> None:
    """The scenario's answer (or, without one, the engine's), with the full diagram."""
    lang = language()
    s = scenario(sid)
    display_markdown(s.text("answer", lang) or s.engine_answer())
    display_png(picture(s, lang))


# ------------------------------------------------------------------------- why
def why(sid: str, move: str, *, full: bool = False) -> None:
    """Print the rule that forbids ``move`` in the scenario (``→ ✔`` if it is legal) and,
    with ``full``, the reason in the lesson's language."""
    s = scenario(sid)
    found = _why_not(s, move)
    if found is None:
        print(f"{move} → ✔")
        return
    print(f"{move} → {found.rule}")
    if full:
        print(found.text(language()))


def explain(sid: str, move: str) -> None:
    """Show the reason ``move`` is illegal, in the lesson's language, with a diagram that
    crosses out the cell (and, in Hive, draws the gate)."""
    from hive_teach.board.drawing import diagram_png

    lang = language()
    s = scenario(sid)
    found = _why_not(s, move)
    if found is None:
        display_markdown(f"`{move}` ✔")
        return
    display_markdown(f"`{move}`: {found.text(lang)}")
    cell = _cell_of(s, move)
    crossed = [] if cell is None else [(cell, str(found.rule))]
    if isinstance(s, RiveScenario):
        rive = RiveMarks(forbidden=dict(crossed), legal=False, lang=lang, title="")
        display_png(diagram_png(s.game(), rive, palette=True))
    else:
        gate = getattr(found, "gate", None)
        hive = Marks(forbidden=dict(crossed), gates=[gate] if gate else [], lang=lang,
                     title="")
        display_png(diagram_png(s.game(), hive, palette=True))


def _why_not(s: AnyScenario, move: str) -> Any:
    """The engine's explanation of why ``move`` is illegal in the scenario's position (a Hive
    or a Rive ``Explanation``, each with ``rule`` and ``text(lang)``); None if it is legal. Text
    that is no move at all raises the game's ValueError."""
    if isinstance(s, RiveScenario):
        return explain_action(s.game(), move)
    pos = s.position()
    try:
        return explain_move(pos, pos.parse_move(move))
    except IllegalMoveError as e:  # rejected while reading it: the cell is taken, ...
        return e.explanation


def _cell_of(s: AnyScenario, move: str) -> Cell | None:
    """The cell ``move`` goes to (or removes from), if the text says."""
    if isinstance(s, RiveScenario):
        return Action.parse(move).cell
    try:
        return s.position().parse_move(move).to
    except ValueError:
        return None


# ------------------------------------------------------------------------- boards
def board(sid: str, **options: Any) -> Any:
    """A board to play on, from the scenario's position (both sides move); ``options`` go to
    the game's controller (``mode``, ``human``, ...; ``canvas`` to the widget)."""
    return _board(scenario(sid), options)


def exercise(sid: str, **options: Any) -> Any:
    """The scenario's ``[exercise]`` as a board: ``mark`` every legal cell (Hive: where the
    focus piece can go) and press Check, or ``find`` the move the goal asks for."""
    s = scenario(sid)
    if s.exercise is None:
        raise ValueError(f"scenario {sid!r} has no [exercise]")
    if s.exercise.kind == "mark":
        return _board(s, {**options, "mode": "mark"})
    return _board(s, {**options, "mode": "find", "goal": s.goal(language()),
                      "accept": s.exercise.accept})


def reach_exercise(sid: str, **options: Any) -> Any:
    """Exercise: mark every cell that is legal (Hive: every cell the scenario's focus piece
    can reach), then Check."""
    return _board(scenario(sid), {**options, "mode": "mark"})


def find_exercise(sid: str, goal: str, accept: Sequence[str], **options: Any) -> Any:
    """Exercise: find a move that does ``goal``; the moves in ``accept`` solve it."""
    return _board(scenario(sid), {**options, "mode": "find", "goal": goal,
                                  "accept": tuple(accept)})


def _board(s: AnyScenario, options: dict[str, Any]) -> Any:
    """The board widget over a :class:`~hive_teach.board.controller.BoardController` on the
    scenario's position, which serves both games.

    ``options`` go to the controller, ``canvas`` to the widget; ``mode = "mark"`` on a Hive
    scenario marks where its focus piece can go (the board's ``reach``).
    """
    from hive_teach.board.controller import BoardController
    from hive_teach.board.widget import Board

    lang = language()
    canvas = options.pop("canvas", None)
    if isinstance(s, HiveScenario) and options.get("mode") == "mark":
        if s.focus is None:
            raise ValueError(f"scenario {s.id!r} has no focus piece for a reach exercise")
        options.update(mode="reach", piece=s.focus.piece)
    return Board(BoardController(s.game(), lang=lang, **options), canvas=canvas,
                 title=lambda lang: s.text("title", lang))


__all__ = [
    "answer",
    "board",
    "display_markdown",
    "display_png",
    "exercise",
    "explain",
    "find",
    "find_exercise",
    "language",
    "picture",
    "reach_exercise",
    "scenario",
    "set_language",
    "show",
    "why",
]
