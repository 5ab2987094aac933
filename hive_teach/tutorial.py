"""Short helpers the tutorial notebooks call, so each notebook cell is one readable line.

Every position comes from a scenario file (``scenarios/<id>.toml``), never typed into a
notebook. ``set_language`` picks the language of all text.

>>> set_language("de")
>>> targets("freedom-gate-queen")
wQ → -1,0  0,1
>>> why("freedom-gate-queen", "wQ \\\\bQ")
wQ \\bQ → R7
>>> set_language("en")
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hive_teach.core.errors import IllegalMoveError
from hive_teach.core.hexgrid import cell_name
from hive_teach.hive.explain import explain_move
from hive_teach.teach.library import language, scenario_dir, set_language
from hive_teach.teach.scenario import Scenario, load


@cache
def scenario(sid: str) -> Scenario:
    """The scenario with id ``sid`` (file ``scenarios/<sid>.toml``)."""
    path = scenario_dir() / f"{sid}.toml"
    if not path.exists():
        raise FileNotFoundError(f"no scenario {sid!r}: expected {path}")
    return load(path)


def show(sid: str, *, answer: bool = True) -> None:
    """The scenario's diagram with its title, caption and question.

    ``answer=False`` leaves out the targets, crosses, gates and paths (for a scenario the
    learner solves later as an exercise).
    """
    from dataclasses import replace

    from IPython.display import Image, Markdown, display

    from hive_teach.board.drawing import diagram_png
    from hive_teach.teach.worksheet import question_marks

    lang = language()
    s = scenario(sid)
    pos = s.position()
    marks = s.marks(lang, pos) if answer else question_marks(s, lang)
    text = f"### {s.text('title', lang)}\n\n{s.text('caption', lang)}"
    if s.question:
        text += f"\n\n**{s.text('question', lang)}**"
    display(Markdown(text))
    display(Image(diagram_png(pos, replace(marks, title=""), palette=True)))


def targets(sid: str) -> None:
    """Print where the scenario's focus piece may go (a stable fact the notebook checks)."""
    s = scenario(sid)
    if s.focus is None:
        raise ValueError(f"scenario {sid!r} has no focus piece")
    cells = sorted(s.position().targets(s.focus.piece))
    print(f"{s.focus.piece} → " + ("  ".join(cell_name(c) for c in cells) or "—"))


def why(sid: str, move: str, *, full: bool = False) -> None:
    """Print the rule that forbids ``move`` in the scenario (and, with ``full``, the reason)."""
    pos = scenario(sid).position()
    try:
        explanation = explain_move(pos, pos.parse_move(move))
    except IllegalMoveError as e:  # rejected while reading it: the cell is taken, ...
        print(f"{move} → {e.rule}")
        if full:
            print(e.text(language()))
        return
    if explanation is None:
        print(f"{move} → legal")
        return
    print(f"{move} → {explanation.rule}")
    if full:
        print(explanation.text(language()))


def explain(sid: str, move: str) -> None:
    """Show the reason ``move`` is illegal, in the notebook's language, with its diagram."""
    from IPython.display import Image, Markdown, display

    from hive_teach.board.drawing import Marks, diagram_png

    lang = language()
    pos = scenario(sid).position()
    m = pos.parse_move(move)
    why_ = explain_move(pos, m)
    if why_ is None:
        display(Markdown(f"`{move}` ✔"))
        return
    display(Markdown(f"`{move}`: {why_.text(lang)}"))
    marks = Marks(forbidden={m.to: why_.rule} if m.to is not None else {},
                  gates=[why_.gate] if getattr(why_, "gate", None) else [], lang=lang, title="")
    display(Image(diagram_png(pos, marks, palette=True)))


def board(sid: str, **options: Any) -> Any:
    """A board to play on, starting from the scenario's position (both sides move)."""
    from hive_teach.board.controller import BoardController
    from hive_teach.board.widget import HiveBoard

    canvas = options.pop("canvas", None)
    s = scenario(sid)
    controller = BoardController(s.position(), lang=language(), **options)
    return HiveBoard(controller, canvas=canvas, title=s.text("title", language()))


def reach_exercise(sid: str, **options: Any) -> Any:
    """Exercise: mark every cell the scenario's focus piece can reach, then Check."""
    from hive_teach.board.controller import BoardController
    from hive_teach.board.widget import HiveBoard

    s = scenario(sid)
    if s.focus is None:
        raise ValueError(f"scenario {sid!r} has no focus piece for a reach exercise")
    canvas = options.pop("canvas", None)
    controller = BoardController(s.position(), mode="reach", piece=s.focus.piece,
                                 lang=language(), **options)
    return HiveBoard(controller, canvas=canvas, title=s.text("title", language()))


def find_exercise(sid: str, goal: str, accept: list[str], **options: Any) -> Any:
    """Exercise: find a move that does ``goal``; the moves in ``accept`` solve it."""
    from hive_teach.board.controller import BoardController
    from hive_teach.board.widget import HiveBoard

    s = scenario(sid)
    pos = s.position()
    accepted = {pos.parse_move(m) for m in accept}
    canvas = options.pop("canvas", None)
    controller = BoardController(pos, mode="find", goal=goal, lang=language(),
                                 accept=lambda _pos, move: move in accepted, **options)
    return HiveBoard(controller, canvas=canvas, title=s.text("title", language()))


__all__ = ["board", "explain", "find_exercise", "reach_exercise", "set_language", "show",
           "targets", "why"]
