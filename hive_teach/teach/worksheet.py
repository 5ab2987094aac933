"""Printable worksheets: one diagram per scenario with its question and room to answer, then an
answer key. ``hive-teach worksheet SCENARIOS... -o FILE.pdf --lang de``, or by lesson
(``--lesson 8``) or rule ids (``--rules R7,R12``): :func:`choose_items`.

A sheet holds scenarios of both games and puzzles (:class:`~hive_teach.teach.puzzle.Puzzle`: its
position and question, "White to move wins in 2" when it has none; the solution and its
explanation in the key). A question page asks, numbered, and shows the position; everything
that explains (the title, the caption, the hint, the rule ids) is printed in the answer key,
beside the same number (:func:`texts`).

Hive and Rive scenarios alike, even on one sheet: each diagram is drawn by its game's painter
(:func:`hive_teach.board.drawing.draw`). The question pages show the position without the
answer (``scenario.marks(lang, answer=False)``; Hive: no targets, crosses, gates or paths,
only the focus piece, labels, the last move and stunned pieces; Rive: no legal cells,
crosses or chosen removals); the answer key shows the full teaching diagram and the
scenario's answer text (or, without one, the engine's answer).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hive_teach.board.drawing import draw
from hive_teach.core.fonts import is_cjk
from hive_teach.core.i18n import Words, check_language, listing
from hive_teach.teach.puzzle import Puzzle, goal_text
from hive_teach.teach.scenario import AnyScenario, load_all
from hive_teach.teach.syllabus import Item, by_rules, find_lesson, lesson_items

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D

    from hive_teach.hive.marks import Marks
    from hive_teach.rive.paint import RiveMarks

A4 = (8.27, 11.69)
KEY_PER_PAGE = 3
KEY_COLUMNS, KEY_LINES = 58, 14
"""The answer key's items a page, and the columns and lines of an answer beside its diagram."""
_WORDS = Words("worksheet")
"""The worksheet's words (``locale/<lang>/worksheet.toml``): ``title`` (``{game}`` is the
game's name, ``Hive`` or ``Rive``), ``mixed`` (the title of a worksheet with scenarios of both
games), ``solution`` (before a puzzle's winning first move(s) in the key), the headings."""


@dataclass(frozen=True)
class Texts:
    """What the sheet prints for one item in a language: on the question page only the
    ``question`` (the scenario's, else its title); in the answer key the ``title``, the
    ``rules`` it illustrates and the ``answer``: the caption first (a caption explains the
    position, so it would give the answer away beside the question), then the answer, then
    the hint. Nothing beside a question names a rule, a file or a mark of the key."""

    title: str
    question: str
    answer: str
    rules: str


def scenario_of(item: Item) -> AnyScenario:
    """The scenario an item shows (a puzzle's own)."""
    return item.scenario if isinstance(item, Puzzle) else item


def texts(item: Item, lang: str = "en") -> Texts:
    """The texts of ``item`` on the sheet and in the key, in ``lang``.

    >>> from hive_teach.teach.library import scenario_dir
    >>> from hive_teach.teach.scenario import load
    >>> t = texts(load(scenario_dir() / "rive" / "rive-capture-three-groups.toml"))
    >>> t.question, t.rules
    ('Which stones may Black remove first?', 'V5, V2')
    >>> t.answer.startswith("Black's stone on 0,0 touches three single stones")
    True
    >>> t = texts(load(scenario_dir() / "freedom-gate-queen.toml"))
    >>> t.question  # the caption that explains the gate waits for the key
    'Mark every cell the white Queen can reach.'
    >>> t.answer.startswith("The white Queen would like to slide into the hole")
    True
    >>> from hive_teach.teach.puzzle import puzzle
    >>> t = texts(puzzle("grasshopper-last-gap"), "de")
    >>> t.question, "Erster Gewinnzug: wG1 -bQ." in t.answer
    ('Weiß zieht und gewinnt. Welcher Stein kommt nach A?', True)
    """
    s = scenario_of(item)
    caption = s.text("caption", lang)
    question = s.text("question", lang)
    if isinstance(item, Puzzle):
        question = question or goal_text(item, lang)
        answer = _WORDS("puzzle_answer", lang, solution=_WORDS("solution", lang),
                        moves=listing(list(item.solutions), lang), answer=s.text("answer", lang))
    else:
        answer = s.text("answer", lang) or s.engine_answer()
    hint = s.text("hint", lang)
    parts = [caption.strip(), answer.strip()]
    if hint:
        parts.append(_WORDS("hint", lang, hint=hint.strip()))
    return Texts(s.text("title", lang), question or s.text("title", lang),
                 "\n".join(p for p in parts if p), ", ".join(s.rules))


def choose_items(files: Sequence[str | Path] = (), *, lesson: str | None = None,
                 rules: Sequence[str] = (), game: str | None = None) -> list[Item]:
    """The items of a worksheet: the scenarios in ``files`` (files and folders, in the order
    given), or the scenarios and puzzles of ``lesson`` (its number or name) in lesson order,
    or, with ``rules`` alone, every scenario and puzzle of the library that illustrates one of
    them, in the order of the course. ``rules`` also narrows files or a lesson; ``game``
    keeps one game's. A ValueError when nothing is chosen or nothing is left.

    >>> [i.id for i in choose_items(lesson="spider")]
    ['spider-exactly-three', 'spider-gate-and-two-steps', 'spider-round-the-row']
    >>> [i.id for i in choose_items(lesson="6", rules=["R8"])]
    ['height-gate-beetle', 'height-gate-from-higher-up', 'beetle-drops-into-hole']
    """
    if files and lesson is not None:
        raise ValueError("give scenario files or a lesson, not both")
    items: list[Item]
    if files:
        items = list(load_all(files))
    elif lesson is not None:
        found = find_lesson(lesson)
        items = lesson_items(found)
        where = f"lesson {found.stem}"
    elif rules:
        items = by_rules(rules)
    else:
        raise ValueError("choose what goes on the sheet: scenario files, --lesson or --rules")
    if rules:
        items = by_rules(rules, items) if not files else [
            i for i in items if set(rules) & set(scenario_of(i).rules)]
    if game is not None:
        items = [i for i in items if scenario_of(i).GAME == game]
    if not items:
        what = (f"{game.title()} " if game else "") + ("scenarios" if files else
                                                       "scenarios or puzzles")
        source = (", ".join(map(str, files)) if files else where if lesson is not None
                  else "the library")
        rule_part = f" for {', '.join(rules)}" if rules else ""
        raise ValueError(f"no {what}{rule_part} in {source}")
    return items


def default_output(lang: str, lesson: str | None = None, rules: Sequence[str] = ()) -> Path:
    """The file a worksheet goes to without ``-o``: ``worksheet-<lesson>-<lang>.pdf`` (the
    lesson's notebook name), ``worksheet-r7-r12-<lang>.pdf``, or ``worksheet-<lang>.pdf``, in
    the working directory.

    >>> str(default_output("de", "8")), str(default_output("en", rules=["R7", "R12"]))
    ('worksheet-08-spider-de.pdf', 'worksheet-r7-r12-en.pdf')
    """
    parts = ["worksheet"]
    if lesson is not None:
        parts.append(find_lesson(lesson).stem)
    parts += [r.strip().lower() for r in rules if r.strip()]
    return Path("-".join([*parts, lang]) + ".pdf")


_NO_LINE_START = set("，。、；：！？）」』》")


def wrap(text: str, width: int = 92) -> list[str]:
    """Lines of at most about ``width`` columns; Chinese characters count double.

    >>> wrap("a b c", 3)
    ['a b', 'c']
    >>> wrap("蜂后必须在第四回合之前放上棋盘", 10)
    ['蜂后必须在', '第四回合之', '前放上棋盘']
    >>> wrap("蜂后必须，在第四回合", 8)
    ['蜂后必须，', '在第四回', '合']
    >>> wrap("碰到的是 2 枚棋子", 8)
    ['碰到的是', '2 枚棋子']
    """
    out: list[str] = []
    for paragraph in text.split("\n"):
        if not any(is_cjk(ch) for ch in paragraph):
            out.extend(textwrap.wrap(paragraph, width) or [""])
            continue
        line, used = "", 0
        for ch in paragraph:
            cost = 2 if is_cjk(ch) else 1
            # Chinese punctuation never starts a line: it stays with the character before.
            if used + cost > width and ch not in _NO_LINE_START:
                out.append(line.rstrip())
                line, used = "", 0
            if not line and ch == " ":  # a space the break falls on starts no line
                continue
            line += ch
            used += cost
        out.append(line)
    return out


def clip(text: str, width: int, most: int) -> list[str]:
    """:func:`wrap` ``text``, keeping at most ``most`` lines; a text cut short ends with "…"
    (so that the sheet never drops words without a sign).

    >>> clip("one two three four", 9, 1)
    ['one two…']
    >>> clip("one two", 9, 1)
    ['one two']
    """
    lines = wrap(text, width)
    if len(lines) <= most:
        return lines
    kept = lines[:most]
    kept[-1] = kept[-1].rstrip()[: max(width - 2, 1)].rstrip() + "…"
    return kept


def question_marks(scenario: AnyScenario, lang: str) -> Marks | RiveMarks:
    """The diagram marks for a question: everything that does not give the answer away, no
    title line (the sheet prints the title above the diagram), and every cell's name, which
    the texts use."""
    return replace(scenario.marks(lang, answer=False), title="", coords=True)


def answer_marks(scenario: AnyScenario, lang: str) -> Marks | RiveMarks:
    """The diagram marks for the answer key: the full teaching diagram, kept small (no title
    line; a diagram with pieces in hand, as Hive's, without them), with every cell's name,
    which the answer uses."""
    marks = scenario.marks(lang)
    small: dict[str, Any] = {"hand": False} if "hand" in {f.name for f in fields(marks)} else {}
    return replace(marks, title="", coords=True, **small)


def sheet_title(scenarios: Sequence[Item], lang: str) -> str:
    """The worksheet's title in ``lang``: the game's, or a plain one for both games.

    >>> from hive_teach.teach.library import scenario_dir
    >>> from hive_teach.teach.scenario import load
    >>> rive = load(scenario_dir() / "rive" / "rive-groups.toml")
    >>> hive = load(scenario_dir() / "queen-one-step.toml")
    >>> sheet_title([rive], "de"), sheet_title([hive], "zh"), sheet_title([hive, rive], "en")
    ('Rive-Arbeitsblatt', 'Hive 练习单', 'Worksheet')
    """
    games = {scenario_of(s).GAME_NAME for s in scenarios}
    if len(games) != 1:
        return _WORDS("mixed", lang)
    return _WORDS("title", lang, game=games.pop())


def make_worksheet(scenarios: Sequence[Item], path: str | Path, lang: str = "en",
                   *, per_page: int = 2, subtitle: str = "") -> Path:
    """Write a PDF worksheet for ``scenarios`` (of either game, and puzzles) in ``lang``, in
    the order given; ``subtitle`` goes under the title (a lesson's title); returns the
    path: the pages of :func:`worksheet_pages`."""
    from matplotlib.backends.backend_pdf import PdfPages

    pages = worksheet_pages(scenarios, lang, per_page=per_page, subtitle=subtitle)
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    with PdfPages(out) as pdf:
        for _, fig in pages:
            pdf.savefig(fig)
    return out


def worksheet_pages(scenarios: Sequence[Item], lang: str = "en", *, per_page: int = 2,
                    subtitle: str = "") -> list[tuple[str, Figure]]:
    """The pages of a worksheet, each ``("question", figure)`` or ``("key", figure)``: the
    question pages (``per_page`` numbered items each), then the answer key (three a page).

    >>> from hive_teach.teach.scenario import load
    >>> from hive_teach.teach.library import scenario_dir
    >>> pages = worksheet_pages([load(scenario_dir() / "queen-one-step.toml")], "de")
    >>> [kind for kind, _ in pages]
    ['question', 'key']
    >>> [t.get_text() for t in pages[1][1].texts][:2]
    ['Lösungen', '1. Die Bienenkönigin zieht ein Feld weit']
    """
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.figure import Figure

    from hive_teach.board.mpl import use_cjk_fonts

    lang = check_language(lang)
    if not scenarios:
        raise ValueError("a worksheet needs at least one scenario")
    use_cjk_fonts()
    key_title, name_label, answer_label, answer_word = (
        _WORDS(key, lang) for key in ("answer_key", "name", "your_answer", "answer"))
    title = sheet_title(scenarios, lang)
    out: list[tuple[str, Figure]] = []
    pages = [scenarios[i:i + per_page] for i in range(0, len(scenarios), per_page)]
    for page_no, chunk in enumerate(pages, 1):
        fig = Figure(figsize=A4)
        fig.text(0.06, 0.965, title, fontsize=15, weight="bold")
        if subtitle:
            fig.text(0.06, 0.947, subtitle, fontsize=9, color="#555")
        fig.text(0.60, 0.965, name_label + " " + "_" * 22, fontsize=10)
        fig.text(0.94, 0.02, str(page_no), fontsize=8, ha="right", color="#777")
        slot = 0.92 / per_page
        for i, s in enumerate(chunk):
            top = 0.935 - i * slot
            scenario = scenario_of(s)
            number = (page_no - 1) * per_page + i + 1
            _block(fig, scenario, texts(s, lang), number, top, slot,
                   question_marks(scenario, lang), draw, answer_label)
        out.append(("question", fig))
    # Three answers a page: the key holds the captions too (up to 14 lines of 58 columns).
    key = [scenarios[i:i + KEY_PER_PAGE] for i in range(0, len(scenarios), KEY_PER_PAGE)]
    for key_no, chunk in enumerate(key):
        fig = Figure(figsize=A4)
        fig.text(0.06, 0.965, key_title, fontsize=15, weight="bold")
        slot = 0.92 / KEY_PER_PAGE
        for i, s in enumerate(chunk):
            top = 0.935 - i * slot
            _answer(fig, scenario_of(s), texts(s, lang), key_no * KEY_PER_PAGE + i + 1, lang,
                    top, slot, draw, answer_word)
        out.append(("key", fig))
    return out


def _block(fig: Figure, s: AnyScenario, words: Texts, number: int, top: float, slot: float,
           marks: Marks | RiveMarks, draw: Callable[..., object], answer_label: str) -> None:
    # The question page asks and shows; the title, caption and rule ids would explain, so
    # they wait for the key (the number joins the two).
    y = top - 0.01
    diagram_h = slot * 0.62
    ax = fig.add_axes((0.06, y - diagram_h - 0.005, 0.88, diagram_h))
    draw(s.game(), marks, ax=ax)
    y = y - diagram_h - 0.02
    for line in clip(f"{number}. {words.question}", 90, 2):
        fig.text(0.06, y, line, fontsize=10, weight="bold", va="top")
        y -= 0.019
    fig.text(0.06, y - 0.004, answer_label, fontsize=9, va="top")
    bottom = top - slot + 0.02
    line_y = y - 0.03
    while True:  # at least one line to write on, however long the caption
        fig.add_artist(_rule_line(fig, line_y))
        line_y -= 0.025
        if line_y <= bottom:
            break


def _rule_line(fig: Figure, y: float) -> Line2D:
    from matplotlib.lines import Line2D

    return Line2D([0.06, 0.94], [y, y], transform=fig.transFigure, color="#bbb", lw=0.6)


def _answer(fig: Figure, s: AnyScenario, words: Texts, number: int, lang: str, top: float,
            slot: float, draw: Callable[..., object], answer_word: str) -> None:
    fig.text(0.06, top - 0.01, f"{number}. {words.title}", fontsize=10, weight="bold",
             va="top")
    fig.text(0.94, top - 0.01, words.rules, fontsize=8, ha="right", va="top", color="#777")
    ax = fig.add_axes((0.06, top - slot + 0.015, 0.42, slot - 0.04))
    draw(s.game(), answer_marks(s, lang), ax=ax)
    y = top - 0.04
    fig.text(0.5, y, answer_word, fontsize=9, weight="bold", va="top")
    y -= 0.018
    for line in clip(words.answer, KEY_COLUMNS, KEY_LINES):
        fig.text(0.5, y, line, fontsize=8.5, va="top")
        y -= 0.016
