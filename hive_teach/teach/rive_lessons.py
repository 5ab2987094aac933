"""Short helpers the Rive tutorial notebook calls, so each notebook cell is one readable line.

Every position comes from a Rive scenario file (``scenarios/rive/<id>.toml``), never typed
into a notebook. The language is the one of :mod:`hive_teach.tutorial` (``set_language``), so
the first cell of a generated notebook sets it for both games.

>>> set_language("de")
>>> legal("rive-isolation-first")
Schwarz darf setzen auf: -2,0
>>> why("rive-isolation-first", "1,0")
1,0 → V3
>>> check("rive-ex-mark-legal", "1,-2 -1,-1 0,-1 -1,0 -2,1 -1,1")
✘ Du hast 6 von 7 gefunden. Übersehen: -1,2.
>>> set_language("en")
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from hive_teach.board.rive_controller import RiveController
from hive_teach.rive.explain import explain
from hive_teach.rive.i18n import side_name, t
from hive_teach.rive.rules import Action, InvalidActionError
from hive_teach.teach.library import language, scenario_dir, set_language
from hive_teach.teach.rive_scenario import RiveScenario, load


def rive_dir() -> Path:
    """Where the Rive scenarios are: ``rive/`` in the scenario library."""
    return scenario_dir() / "rive"


@cache
def scenario(sid: str) -> RiveScenario:
    """The Rive scenario with id ``sid`` (file ``scenarios/rive/<sid>.toml``)."""
    path = rive_dir() / f"{sid}.toml"
    if not path.exists():
        raise FileNotFoundError(f"no Rive scenario {sid!r}: expected {path}")
    return load(path)


def show(sid: str, *, answer: bool = True) -> None:
    """The scenario's diagram with its title, caption and question.

    ``answer=False`` leaves out the legal cells, the stones chosen for removal and the crosses
    (for a position the learner solves as an exercise).
    """
    from IPython.display import Image, Markdown, display

    from hive_teach.board.drawing import diagram_png

    lang = language()
    s = scenario(sid)
    text = f"### {s.text('title', lang)}\n\n{s.text('caption', lang)}"
    if s.question:
        text += f"\n\n**{s.text('question', lang)}**"
    display(Markdown(text))
    marks = s.marks(lang, answer=answer)
    display(Image(diagram_png(s.game(), marks, title="", palette=True)))


def legal(sid: str) -> None:
    """Print the legal actions in the scenario's position (a stable fact the notebook checks)."""
    lang = language()
    game = scenario(sid).game()
    actions = game.legal_actions()
    if not actions:
        print(t("legal_none", lang))
        return
    side = side_name(game.to_move, lang)
    key = "legal_list_remove" if game.pending_capture is not None else "legal_list"
    print(t(key, lang, side=side, cells="  ".join(a.text for a in actions)))


def why(sid: str, action: str, *, full: bool = False) -> None:
    """Print the rule that forbids ``action`` in the scenario (and, with ``full``, why)."""
    game = scenario(sid).game()
    explanation = explain(game, action)
    if explanation is None:
        print(f"{action} → ✔")
        return
    print(f"{action} → {explanation.rule}")
    if full:
        print(explanation.text(language()))


def answer(sid: str) -> None:
    """Show the scenario's answer, with the diagram marking it."""
    from IPython.display import Image, Markdown, display

    from hive_teach.board.drawing import diagram_png

    lang = language()
    s = scenario(sid)
    display(Markdown(s.text("answer", lang)))
    display(Image(diagram_png(s.game(), s.marks(lang), title="", palette=True)))


def board(sid: str | None = None, **options: Any) -> Any:
    """A board to play on: the scenario's position, or (no ``sid``) an empty board of
    ``side`` (default 5). ``mode="engine"`` plays against the simple engine player (``human``
    the learner's colour, ``seed`` the engine's); see :class:`RiveController`."""
    from hive_teach.board.rive_widget import RiveBoard

    canvas = options.pop("canvas", None)
    title = None
    game = None
    if sid is not None:
        s = scenario(sid)
        game = s.game()
        title = s.text("title", language())
    controller = RiveController(game, lang=language(), **options)
    return RiveBoard(controller, canvas=canvas, title=title)


def exercise(sid: str, **options: Any) -> Any:
    """The scenario's exercise as a board: mark every legal cell and press Check (``mark``),
    or play an action that does what the question asks (``find``)."""
    from hive_teach.board.rive_widget import RiveBoard

    s = scenario(sid)
    if s.exercise is None:
        raise ValueError(f"scenario {sid!r} has no [exercise]")
    lang = language()
    canvas = options.pop("canvas", None)
    if s.exercise.kind == "mark":
        controller = RiveController(s.game(), mode="mark", lang=lang, **options)
    else:
        controller = RiveController(s.game(), mode="find", goal=s.goal(lang),
                                    accept=s.exercise.accept, lang=lang, **options)
    return RiveBoard(controller, canvas=canvas, title=s.text("title", lang))


def check(sid: str, cells: str) -> None:
    """Check a typed answer to the scenario's exercise: the cells (``mark``) or the action
    (``find``), separated by spaces; prints ✔ or ✘ with the reasons."""
    s = scenario(sid)
    if s.exercise is None:
        raise ValueError(f"scenario {sid!r} has no [exercise]")
    lang = language()
    if s.exercise.kind == "mark":
        controller = RiveController(s.game(), mode="mark", lang=lang)
        for name in cells.replace(";", " ").split():
            fb = controller.click(name.lstrip("xX"))
            if fb.kind == "error":
                print(f"✘ {fb.message}")
                return
        fb = controller.check()
    else:
        controller = RiveController(s.game(), mode="find", goal=s.goal(lang),
                                    accept=s.exercise.accept, lang=lang)
        try:
            action = Action.parse(cells)
        except InvalidActionError as e:
            print(f"✘ {e}")
            return
        # As a click: "1,0" during a capture means removing the stone there.
        fb = controller.play(controller.action_for(action.cell))
    print(("✔ " if fb.correct else "✘ ") + fb.message)


__all__ = ["answer", "board", "check", "exercise", "language", "legal", "set_language",
           "show", "why"]
