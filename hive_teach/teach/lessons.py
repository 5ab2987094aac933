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
>>> why("freedom-gate-queen", "wQ \\\\bQ", full=False)  # the rule only
wQ \\bQ → R7
>>> why("rive-isolation-first", "1,0")
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

import base64
import html
import importlib
import itertools
import json
import os
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, TypeVar

from hive_teach.board.controller import BoardController
from hive_teach.board.describe import Alt
from hive_teach.board.drawing import describe, diagram_png, layout
from hive_teach.core.fonts import FONT_REFRESH_JS, font_face_css
from hive_teach.core.i18n import Words, script
from hive_teach.hive.player import Player
from hive_teach.hive.position import Position
from hive_teach.teach import library
from hive_teach.teach.base import check_id
from hive_teach.teach.library import language, scenario_dir
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
def set_language(lang: str) -> None:
    """Use ``en``, ``de`` or ``zh`` for everything the helpers show; in a notebook, Chinese
    (written in the ``cjk`` script, :func:`hive_teach.core.i18n.script`) also brings the kit's
    own font to the page (lesson text and the boards' buttons), for a machine without a
    Chinese system font."""
    library.set_language(lang)
    # In the app (Voilà) the page template brings the font already.
    in_app = os.environ.get("SERVER_SOFTWARE", "").startswith("voila")
    if script(lang) == "cjk" and _in_a_notebook() and not in_app:
        ipython = importlib.import_module("IPython.display")
        ipython.display(ipython.HTML(f"<style>{font_face_css()}</style>"))
        ipython.display(ipython.Javascript(FONT_REFRESH_JS))


def _in_a_notebook() -> bool:
    """Whether the helpers run in a Jupyter kernel (not in a test or a plain Python)."""
    try:
        shell = importlib.import_module("IPython").get_ipython()
    except ImportError:
        return False
    return type(shell).__name__ == "ZMQInteractiveShell"


PROGRESS_KEY = "hive-teach-solved"
"""The browser's local storage key of the exercises solved: lesson file to exercise keys
(:func:`exercise_key`)."""

_SHOW_PROGRESS = """(function () {
  const solved = JSON.parse(localStorage.getItem("%(key)s") || "{}");
  const totals = %(totals)s;
  // An exercise key is "<scenario>:<kind>" (older pages kept bare scenario ids: not counted).
  const count = function (lesson) {
    return (solved[lesson] || []).filter(function (k) { return k.indexOf(":") > 0; }).length;
  };
  const bar = function (done, total) {
    const p = document.createElement("progress");
    p.max = total; p.value = Math.min(done, total);
    p.className = "hive-teach-bar";
    p.style.width = "6em"; p.style.verticalAlign = "middle"; p.style.marginLeft = "0.5em";
    return p;
  };
  let allDone = 0, all = 0;
  document.querySelectorAll("a[href$='.ipynb']").forEach(function (a) {
    const lesson = a.getAttribute("href").split("/").pop();
    const total = totals[lesson] || 0;
    if (!total || a.getAttribute("href").indexOf("/") >= 0) { return; }
    const done = Math.min(count(lesson), total);
    allDone += done; all += total;
    let mark = a.parentNode.querySelector(".hive-teach-done");
    if (!mark) {
      mark = document.createElement("span");
      mark.className = "hive-teach-done";
      mark.style.whiteSpace = "nowrap";
      a.parentNode.appendChild(mark);
    }
    mark.textContent = "";
    mark.appendChild(bar(done, total));
    const text = document.createElement("span");
    text.textContent = " ✓ " + done + "/" + total;
    text.style.color = done === total ? "#009e73" : "inherit";
    text.style.fontWeight = "bold";
    mark.appendChild(text);
    mark.dataset.done = done; mark.dataset.total = total;
  });
  const course = document.getElementById("hive-teach-course-progress");
  if (course && all) {
    const p = course.querySelector("progress");
    p.max = all; p.value = allDone;
    course.querySelector(".hive-teach-course-count").textContent = allDone + "/" + all;
    course.dataset.done = allDone; course.dataset.total = all;
  }
})();"""

_RECORD_SOLVED = """(function () {
  const lesson = decodeURIComponent(location.pathname.split("/").pop());
  const solved = JSON.parse(localStorage.getItem("%(key)s") || "{}");
  const done = solved[lesson] || [];
  if (done.indexOf(%(sid)s) < 0) { done.push(%(sid)s); }
  solved[lesson] = done;
  localStorage.setItem("%(key)s", JSON.stringify(solved));
})();"""


def progress_script(totals: Mapping[str, int] | None = None) -> str:
    """The JavaScript that draws, after each lesson link of a page, a bar and ``✓ solved/all``
    of the exercises this browser has solved there (kept in the browser's local storage,
    nowhere else), and fills the whole course's bar (:func:`show_progress`). ``totals``: the
    number of exercises of each lesson file.

    >>> '"04-gates.ipynb": 2' in progress_script({"04-gates.ipynb": 2})
    True
    """
    return _SHOW_PROGRESS % {"key": PROGRESS_KEY, "totals": json.dumps(dict(totals or {}))}


def exercise_key(board: Any, sid: str) -> str:
    """What the browser remembers of a solved exercise on ``board``: the scenario (or puzzle)
    id and the kind of exercise, so that a lesson's two exercises on one scenario (mark its
    cells, find a move) count separately.

    >>> exercise_key(find_exercise("beetle-stack", canvas=False), "beetle-stack")
    'beetle-stack:find'
    """
    controller = board.controller
    return f"{sid}:{'mark' if controller.marking else controller.mode}"


def record_script(key: str) -> str:
    """The JavaScript that remembers, in the browser, that exercise ``key`` of this page
    (:func:`exercise_key`) is solved.

    >>> "localStorage.setItem" in record_script("spider-exactly-three:mark")
    True
    """
    return _RECORD_SOLVED % {"key": PROGRESS_KEY, "sid": json.dumps(key)}


def progress_html(lang: str) -> str:
    """The whole course's progress bar and the legend of the contents page's marks, in
    ``lang`` (:func:`progress_script` fills the bar).

    >>> "<progress" in progress_html("de") and "Aufgaben" in progress_html("de")
    True
    """
    return (f'<div id="hive-teach-course-progress" style="margin:0.5em 0">'
            f"<b>{html.escape(_WORDS('progress_course', lang))}</b> "
            f'<progress max="1" value="0" style="width:14em;vertical-align:middle"></progress> '
            f'<span class="hive-teach-course-count" style="white-space:nowrap"></span>'
            f'<div class="hive-teach-progress-legend" style="font-size:90%;margin-top:0.3em">'
            f"{html.escape(_WORDS('progress_legend', lang))}</div></div>")


def show_progress(totals: Mapping[str, int] | None = None) -> None:
    """On a contents page: the course's bar with its legend, and a bar with ``✓ solved/all``
    after each lesson's link (``totals``: each lesson file's number of exercises)."""
    if _in_a_notebook():
        ipython = importlib.import_module("IPython.display")
        ipython.display(ipython.HTML(progress_html(language())))
        ipython.display(ipython.Javascript(progress_script(totals)))


def display_markdown(text: str) -> None:
    """Show Markdown in the notebook (plain text outside one)."""
    ipython = importlib.import_module("IPython.display")
    ipython.display(ipython.Markdown(text))


def display_png(png: bytes) -> None:
    """Show a PNG picture in the notebook."""
    ipython = importlib.import_module("IPython.display")
    ipython.display(ipython.Image(png))


_PICTURES = itertools.count(1)

# Visually hidden, read by screen readers (the usual "sr-only" rules).
_HIDDEN = ("position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
           "clip:rect(0,0,0,0);white-space:nowrap;border:0")


def picture_html(png: bytes, alt: Alt) -> str:
    """A PNG picture as HTML with its text alternative: the ``<img>``'s ``alt`` is the short
    text, and the long one, hidden from the eye, is its ``aria-describedby`` description.

    >>> page = picture_html(b"PNG", Alt("A Hive diagram", "wQ at 0,0 & more."))
    >>> 'alt="A Hive diagram"' in page, "wQ at 0,0 &amp; more.</div>" in page
    (True, True)
    """
    n = next(_PICTURES)
    src = base64.b64encode(png).decode("ascii")
    return (f'<div class="hive-teach-picture"><img src="data:image/png;base64,{src}" '
            f'alt="{html.escape(alt.short)}" aria-describedby="hive-teach-alt-{n}"/>'
            f'<div id="hive-teach-alt-{n}" class="hive-teach-alt" style="{_HIDDEN}">'
            f"{html.escape(alt.long)}</div></div>")


def display_picture(png: bytes, alt: Alt) -> None:
    """Show a PNG picture with its text alternative (:func:`picture_html`) in the notebook."""
    ipython = importlib.import_module("IPython.display")
    ipython.display({"text/html": picture_html(png, alt), "text/plain": alt.short}, raw=True)


def picture_alt(s: AnyScenario, lang: str, *, answer: bool = True) -> Alt:
    """The text alternative of :func:`picture` (a question's names none of its answer)."""
    game: Any = s.game()
    return describe(game, s.marks(lang, answer=answer))


def picture(s: AnyScenario, lang: str, *, answer: bool = True) -> bytes:
    """The scenario's diagram as a notebook shows it: no title line (the Markdown above has
    it), 256 colours (small notebooks); ``answer=False`` as for a question."""
    # Coordinates on every cell: the engine's sentences (why(), the boards) name cells by them.
    game: Any = s.game()  # any game: its own marks, drawn by its own painter
    return diagram_png(game, s.marks(lang, answer=answer), title="", palette=True, coords=True)


_WORDS = Words("lessons")

LEGEND: Mapping[str, Mapping[str, str]] = Words("lessons", "legend").mapping()
"""What each mark of a Hive diagram looks like and means, ``{kind: {lang: text}}``, for the
legend under a lesson's first diagram (``locale/<lang>/lessons.toml`` ``[legend]``), in the
order the legend names them. Keys are DrawnBoard mark kinds."""


def legend(s: AnyScenario, lang: str, *, answer: bool = True) -> str:
    """The Markdown legend of the marks the scenario's diagram shows (Hive; "" for Rive,
    whose lesson explains its marks in its text, and for a picture without marks).

    >>> print(legend(scenario("freedom-gate-queen"), "en"))
    *How to read the picture:* blue ring: the piece this picture is about; green cell with a \
dot: where that piece may go; orange cross with a rule number: it may not go there, and that \
rule says why; thick bar between two pieces: the gap is too narrow to slide through.
    >>> legend(scenario("freedom-gate-queen"), "en", answer=False)  # as a question
    '*How to read the picture:* blue ring: the piece this picture is about.'
    """
    if not s.LEGEND:
        return ""
    game: Any = s.game()
    drawn = layout(game, s.marks(lang, answer=answer))
    items = [words[lang] for kind, words in LEGEND.items() if drawn.marked(kind)]
    if not items:
        return ""
    # The words, their separator and the full stop are the catalogue's; in Chinese the colon
    # stands outside the stars: CommonMark keeps "：*图" as literal stars.
    return _WORDS("legend", lang, title=_WORDS("legend_title", lang),
                  items=_WORDS.text("legend_separator", lang).join(items))


def asks(s: AnyScenario, *, answer: bool = True) -> bool:
    """Whether :func:`show` prints the scenario's question above its picture: not when the
    picture draws the answer (a static picture cannot be clicked, and would answer it).

    >>> asks(scenario("freedom-gate-queen")), asks(scenario("freedom-gate-queen"), answer=False)
    (False, True)
    """
    if not s.question:
        return False
    return not answer or s.marks(answer=True) == s.marks(answer=False)


def show(sid: str, *, answer: bool = True, legend_below: bool = False) -> None:
    """The scenario's diagram with its title, caption and question (the question only when
    the picture does not draw its answer: :func:`asks`).

    ``answer=False`` leaves out what gives the answer away (Hive: targets, crosses, gates,
    paths; Rive: the legal cells, the stones chosen for removal, the crosses), for a scenario
    the learner solves as an exercise. ``legend_below`` adds :func:`legend` under the picture
    (a lesson's first diagram has it).
    """
    lang = language()
    s = scenario(sid)
    text = f"### {s.text('title', lang)}\n\n{s.text('caption', lang)}"
    if asks(s, answer=answer):
        text += f"\n\n**{s.text('question', lang)}**"
    display_markdown(text)
    display_picture(picture(s, lang, answer=answer), picture_alt(s, lang, answer=answer))
    key = legend(s, lang, answer=answer) if legend_below else ""
    if key:
        display_markdown(key)


def answer(sid: str) -> None:
    """The scenario's answer (or, without one, the engine's), with the full diagram."""
    lang = language()
    s = scenario(sid)
    display_markdown(s.text("answer", lang) or s.engine_answer())
    display_picture(picture(s, lang), picture_alt(s, lang))


# ------------------------------------------------------------------------- why
def why(sid: str, move: str, *, full: bool = True) -> None:
    """Print the rule that forbids ``move`` in the scenario (``→ ✔`` if it is legal) and the
    engine's reason in the lesson's language (``full=False``: the rule only). The cells the
    reason names are the coordinates the lesson's diagrams show."""
    s = scenario(sid)
    found = s.why_not(move)
    if found is None:
        print(f"{move} → ✔")
        return
    print(f"{move} → {found.rule}")
    if full:
        print(found.text(language()))


def explain(sid: str, move: str) -> None:
    """Show the reason ``move`` is illegal, in the lesson's language, with a diagram that
    crosses out the cell (and, in Hive, draws the gate)."""
    lang = language()
    s = scenario(sid)
    found = s.why_not(move)
    if found is None:
        display_markdown(f"`{move}` ✔")
        return
    display_markdown(f"`{move}`: {found.text(lang)}")
    game: Any = s.game()
    marks = s.why_marks(found, s.cell_of(move), lang)
    display_picture(diagram_png(game, marks, palette=True), describe(game, marks))


# ------------------------------------------------------------------------- boards
def board(sid: str, **options: Any) -> Any:
    """A board to play on, from the scenario's position (both sides move); ``options`` go to
    the game's controller (``mode``, ``human``, ...; ``canvas`` to the widget)."""
    return _board(scenario(sid), options)


def exercise(sid: str, **options: Any) -> Any:
    """The scenario's ``[exercise]`` as a board: ``mark`` every legal cell (Hive: where the
    focus piece can go) and press Check, or ``find`` the move the goal asks for. The answer
    stays in the scenario file and in the kernel: the page never gets it. A scenario with a
    ``[hint]`` gets a Hint button under the board (:func:`with_hint`)."""
    s = scenario(sid)
    if s.exercise is None:
        raise ValueError(f"scenario {sid!r} has no [exercise]")
    if s.exercise.kind == "mark":
        return with_hint(_board(s, {**options, "mode": "mark"}), s)
    return find_exercise(sid, **options)


def reach_exercise(sid: str, **options: Any) -> Any:
    """Exercise: mark every cell that is legal (Hive: every cell the scenario's focus piece
    can reach), then Check; with the scenario's Hint button."""
    s = scenario(sid)
    return with_hint(_board(s, {**options, "mode": "mark"}), s)


def find_exercise(sid: str, *, goal: str | None = None, accept: Sequence[str] | None = None,
                  **options: Any) -> Any:
    """Exercise: find a move that does the task of the scenario's ``find`` exercise (its
    ``[exercise.goal]``, else its question); the moves in its ``accept`` solve it. The notebook
    names the scenario only, so the answer is not in the page.

    ``goal`` and ``accept`` replace the scenario's (a teacher's own exercise on a scenario
    without one); a scenario with neither a find exercise nor ``accept`` is refused.

    >>> find_exercise("beetle-stack", canvas=False).controller.goal
    "Find the White move after which the black Beetle bB1 cannot move on Black's next turn."
    >>> find_exercise("queen-one-step")
    Traceback (most recent call last):
    ...
    ValueError: scenario 'queen-one-step' has no find exercise: give it [exercise] with \
kind = "find" and accept = [...], or pass accept=[...]
    """
    s = scenario(sid)
    own = s.exercise if s.exercise is not None and s.exercise.kind == "find" else None
    if accept is None:
        if own is None:
            raise ValueError(f"scenario {sid!r} has no find exercise: give it [exercise] with "
                             'kind = "find" and accept = [...], or pass accept=[...]')
        accept = own.accept
    lang = language()
    task = goal if goal is not None else s.goal(lang)
    return with_hint(_board(s, {**options, "mode": "find", "goal": task,
                                "accept": tuple(accept)}), s)


HINT_BUTTON: Mapping[str, str] = _WORDS.by_language("hint_button")
"""The label of the Hint buttons (an exercise's, the coach's) in each language."""


def language_button(board: Any, labels: Mapping[str, str], *,
                    on_language: Callable[[str], None] | None = None) -> Any:
    """A button for under ``board``, labelled from ``labels`` in the board's language; the
    label follows the board's language buttons, and ``on_language(lang)`` runs after each
    switch (to redo in the new language what the button showed).

    >>> b = board("freedom-gate-queen", canvas=False)
    >>> button = language_button(b, HINT_BUTTON)
    >>> b.language.value = "zh"; button.description
    '提示'
    """
    w = importlib.import_module("ipywidgets")
    button = w.Button(description=labels.get(board.controller.lang, labels["en"]),
                      layout=w.Layout(width="7em"))

    def relabel(change: dict[str, Any]) -> None:
        button.description = labels.get(change["new"], labels["en"])
        if on_language is not None:
            on_language(change["new"])

    toggle = getattr(board, "language", None)  # the board's language buttons, if it has them
    if toggle is not None and hasattr(toggle, "observe"):
        toggle.observe(relabel, names="value")
    return button


def coached_game(level: str | None = "beginner", game_type: str = "Base", *,
                 human: str = "white", seed: int = 1, **options: Any) -> Any:
    """A whole game with the coach on: against the engine at ``level`` (``"beginner"``,
    ``"intermediate"``, ``"strong"``), or two learners at one board with ``level=None``; with
    a Hint button under it: the coach suggests a good move with a one-sentence reason and
    marks it on the board (nothing is played).

    >>> game = coached_game("beginner", canvas=False)
    >>> game.hint_button.description, game.controller.game.ply
    ('Hint', 0)
    >>> game.hint_button.click()
    >>> game.controller.last.move is not None and game.controller.game.ply == 0
    True
    """
    from hive_teach.board.widget import Board  # ipywidgets: only for a board

    canvas = options.pop("canvas", None)
    if level is None:
        controller = BoardController(Position(game_type), mode="free", coach=True,
                                     lang=language(), **options)
    else:
        computer = Player(level, time_limit=1.0, seed=seed)
        controller = BoardController(Position(game_type), mode="engine", human=human,
                                     engine=computer.choose, coach=True, lang=language(),
                                     **options)
    board = Board(controller, canvas=canvas)
    button = language_button(board, HINT_BUTTON)

    def hint(_button: Any = None) -> None:
        controller.hint()
        board.refresh()

    button.on_click(hint)
    board.hint_button = button
    board.children = (*board.children, button)
    return board


def remember_solved(board: Any, sid: str) -> Any:
    """Let the browser remember when the exercise on ``board`` is solved (the ✓ on the
    contents page): a hidden output under the board runs :func:`record_script` then.
    ``board.solved_output`` holds what it ran (nothing outside a page)."""
    w = importlib.import_module("ipywidgets")
    out = w.Output(layout=w.Layout(display="none"))
    sent: list[str] = []

    key = exercise_key(board, sid)

    def check(_change: object = None) -> None:
        last = board.controller.last
        # Solved: marks checked right, or the move (a puzzle: the last one) that wins; a
        # puzzle's first good move of two is not solved yet.
        # An exercise marked right after its answer was shown is not solved by the learner.
        helped = board.controller.helped
        if last.correct and last.kind in ("solved", "checked") and not sent and not helped:
            sent.append(key)
            ipython = importlib.import_module("IPython.display")
            with out:
                ipython.display(ipython.Javascript(record_script(key)))

    readout = getattr(board, "readout", None)
    if readout is not None and hasattr(readout, "observe"):
        readout.observe(check, names="value")
    board.solved_output, board.solved_sent = out, sent
    board.children = (*board.children, out)
    return board


def with_hint(board: Any, s: Any) -> Any:
    """``board`` with a Hint button under it that shows the ``[hint]`` of ``s`` (a scenario or a
    puzzle: anything with ``text("hint", lang)``) in the board's language; ``board`` unchanged
    when ``s`` has no hint.

    The board keeps its type and its attributes (``controller``, ...); the button is
    ``board.hint_button``, the text ``board.hint_text``. The label follows the board's
    language buttons, and so does the hint once shown.

    A ``find`` exercise always gets the button: its last hint (the second press, or the
    first without a ``[hint]``) lights where a selected piece may go
    (:meth:`~hive_teach.board.controller.BoardController.reveal_targets`).

    >>> b = find_exercise("beetle-stack", canvas=False)
    >>> b.hint_button.click(); b.controller.asks
    True
    >>> b.hint_button.click(); b.controller.asks
    False
    """
    remember_solved(board, s.id)
    controller = board.controller
    finding = controller.mode == "find"  # its last hint: where the selected piece may go
    if not s.text("hint", "en") and not finding:
        return board
    w = importlib.import_module("ipywidgets")
    text = w.HTML()
    text.add_class("hive-teach-hint")
    pressed: list[str] = []

    def show(_button: Any = None) -> None:
        lang = controller.lang  # at click time: the board's language may have changed
        hint = s.text("hint", lang)
        if finding and (pressed or not hint) and _button is not None:
            controller.reveal_targets()
            board.refresh()
        if _button is not None:
            pressed.append(lang)
        lines = [hint] if hint else []
        if not controller.asks and finding:
            lines.append(controller.t("targets_shown"))
        elif finding:
            lines.append(controller.t("last_hint"))
        text.value = "".join(f"<div>{html.escape(line)}</div>" for line in lines)

    def again(_lang: str) -> None:
        if text.value:
            show()

    button = language_button(board, HINT_BUTTON, on_language=again)
    button.add_class("hive-teach-hint-button")
    button.on_click(show)
    board.hint_button, board.hint_text = button, text
    board.children = (*board.children, w.VBox([button, text]))
    return board


def _board(s: AnyScenario, options: dict[str, Any]) -> Any:
    """The board widget over a :class:`~hive_teach.board.controller.BoardController` on the
    scenario's position, which serves both games.

    ``options`` go to the controller, ``canvas`` to the widget; ``mode = "mark"`` on a Hive
    scenario marks where its focus piece can go (the board's ``reach``).
    """
    from hive_teach.board.widget import Board

    lang = language()
    canvas = options.pop("canvas", None)
    options = s.board_options(options)
    return Board(BoardController(s.game(), lang=lang, **options), canvas=canvas,
                 title=lambda lang: s.text("title", lang))


__all__ = [
    "PROGRESS_KEY",
    "answer",
    "asks",
    "board",
    "coached_game",
    "display_markdown",
    "display_picture",
    "display_png",
    "exercise",
    "exercise_key",
    "explain",
    "find",
    "find_exercise",
    "language",
    "language_button",
    "legend",
    "picture",
    "picture_alt",
    "picture_html",
    "progress_html",
    "progress_script",
    "reach_exercise",
    "record_script",
    "remember_solved",
    "scenario",
    "set_language",
    "show",
    "show_progress",
    "why",
    "with_hint",
]
