"""Rive's own lesson helpers, and the names the Rive tutorial notebook imports.

Every position comes from a Rive scenario file (``scenarios/rive/<id>.toml``), never typed
into a notebook. :func:`show`, :func:`answer`, :func:`why` and :func:`exercise` are the
helpers of :mod:`hive_teach.teach.lessons`, which serve both games; :func:`legal`,
:func:`check` and :func:`board` (which also gives an empty board) are Rive's. The language
is the one of :mod:`hive_teach.tutorial` (``set_language``), so the first cell of a
generated notebook sets it for both games.

>>> set_language("de")
>>> legal("rive-isolation-first")
Schwarz darf setzen auf: -2,0
>>> why("rive-isolation-first", "1,0", full=False)  # the rule only
1,0 → V3
>>> check("rive-ex-mark-legal", "1,-2 -1,-1 0,-1 -1,0 -2,1 -1,1")
✘ Du hast 6 richtige Felder markiert; 1 fehlt noch und 0 sind falsch.
>>> check("rive-ex-mark-legal", "1,-2 -1,-1 0,-1 -1,0 -2,1 -1,1")  # a second try
✘ Du hast 6 richtige Felder markiert; 1 fehlt noch und 0 sind falsch. Die Lösung zeigt \
answer("rive-ex-mark-legal").
>>> set_language("en")
"""

from __future__ import annotations

from typing import Any

from hive_teach.board.controller import RiveController
from hive_teach.core.i18n import join_sentences
from hive_teach.rive.i18n import side_name, t
from hive_teach.rive.moves import Action
from hive_teach.rive.rules import InvalidActionError
from hive_teach.teach import lessons
from hive_teach.teach.lessons import answer, exercise, set_language, show, why
from hive_teach.teach.library import language
from hive_teach.teach.rive_scenario import RiveScenario


def scenario(sid: str) -> RiveScenario:
    """The Rive scenario with id ``sid`` (file ``scenarios/rive/<sid>.toml``)."""
    return lessons.find(sid, RiveScenario)


def legal(sid: str) -> None:
    """Print the legal actions in the scenario's position (a stable fact the notebook checks)."""
    lang = language()
    game = scenario(sid).game()
    actions = game.legal_moves()
    if not actions:
        print(t("legal_none", lang))
        return
    side = side_name(game.turn, lang)
    key = "legal_list_remove" if game.pending_capture is not None else "legal_list"
    print(t(key, lang, side=side, cells="  ".join(a.text for a in actions)))


def board(sid: str | None = None, **options: Any) -> Any:
    """A board to play on: the scenario's position (of either game, as
    :func:`hive_teach.teach.lessons.board`), or (no ``sid``) an empty Rive board of ``side``
    (default 5). ``mode="engine"`` plays against the simple engine player (``human`` the
    learner's colour, ``seed`` the engine's); see :class:`RiveController`."""
    if sid is not None:
        return lessons.board(sid, **options)
    from hive_teach.board.widget import RiveBoard

    canvas = options.pop("canvas", None)
    return RiveBoard(RiveController(None, lang=language(), **options), canvas=canvas)


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
        fb = controller.click(action.cell)
    if fb.correct or controller.checked is None:
        print(("✔ " if fb.correct else "✘ ") + fb.full_text)
        return
    # A retry is not copying: the counts and why each wrong cell is wrong, never the missed
    # cells; from the second try on, where the answer is (the lesson's answer()).
    _TRIES[sid] = _TRIES.get(sid, 0) + 1
    offer = [t("answer_call", lang, call=f'answer("{sid}")')] if _TRIES[sid] >= 2 else []
    print("✘ " + join_sentences((fb.message, *fb.details, *offer), controller.lang))


_TRIES: dict[str, int] = {}
"""The wrong typed answers to each mark exercise so far (this kernel)."""


__all__ = ["answer", "board", "check", "exercise", "language", "legal", "set_language",
           "show", "why"]
