"""No answer before the learner tries: the course, walked in order, never shows an exercise's
or a puzzle's answer before it is asked.

The walk reads the lessons (``notebooks/source/*.toml``, in the course's order) and the
scenarios and puzzles they use with the kit's own loaders (:mod:`hive_teach.teach.syllabus`).
Each thing a learner sees before an exercise is remembered: a diagram (the cells it marks, as
``tools/build_notebooks.py`` draws it: a position an exercise of the same lesson uses is drawn
as a question), a list of targets, a why-not line, a text, the title, caption and question of
a scenario or puzzle, the puzzle table, and the answer an earlier exercise reveals once
solved. An exercise (a ``reach`` or ``find`` cell, a Rive ``exercise(...)``, a puzzle's
``play_puzzle(...)``) then fails the walk when something before it

- marks one of its answer cells on a picture of the same position (targets, the end of a path
  or a throw, the cell of the last move), or lists them (a ``targets`` cell), or an earlier
  exercise on the same position has them for its answer;
- writes its move (any MoveString that reads as an accepted move in its position), or names an
  answer cell by its coordinates, or names the moving piece (``wA1``, "the Ant") together with
  the label of its destination (``A``) in a text about the same position;
- for a find exercise or a puzzle: titles it (or, for a puzzle, captions or asks it) with the
  bug that makes the winning move, unless the task itself names that bug;
- a static picture asks a question ("Mark every cell ...") above a drawing of its answer.

Puzzles' titles are checked the same way, because the puzzle table and the boards show them.
The first test builds a small course in a folder and shows that each kind of give-away fails.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from hive_teach.core.hexgrid import Cell, cell_name
from hive_teach.hive.moves import Move
from hive_teach.hive.pieces import Piece
from hive_teach.hive.position import Position
from hive_teach.teach.hive_scenario import HiveScenario
from hive_teach.teach.lessons import asks
from hive_teach.teach.puzzle import Puzzle
from hive_teach.teach.syllabus import Item, lessons, library

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "de", "zh")
_GLOSSARY = tomllib.loads((ROOT / "hive_teach" / "core" / "glossary.toml")
                          .read_text(encoding="utf-8"))
# The words for each bug in each language (the glossary's term and its other forms).
BUG_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    t["bug"]: {lang: (t[lang], *t.get("also", {}).get(lang, ())) for lang in LANGS}
    for t in _GLOSSARY.values() if "bug" in t
}
_MOVE = re.compile(r"[wb][QBGSALMP]\d?(?:\s+[-/\\]?[wb][QBGSALMP]\d?[-/\\]?)?")
_CALL = re.compile(r"""\b(play_puzzle|show_puzzle|puzzle_exercise|exercise|reach_exercise|
                   find_exercise|show|puzzle_table)\(\s*(?:["']([a-z0-9-]+)["'])?""", re.X)


def bug_named(text: str, bug: str, lang: str) -> bool:
    """Whether ``text`` (in ``lang``) names ``bug`` (a letter): by its word (a German
    compound counts, "Käferstapel"; "Marienkäfer" is not a Käfer) or a piece name (``wB1``)."""
    if re.search(rf"\b[wb]{bug}\d?\b", text):
        return True
    for word in BUG_WORDS[bug][lang]:
        if lang == "zh" and word in text:
            return True
        if lang != "zh" and re.search(rf"(?<![\w-]){re.escape(word)}", text):
            return True
    return False


def label_named(text: str, label: str, lang: str) -> bool:
    """Whether ``text`` names a cell's label (``A``) as a word of its own."""
    if lang == "zh":
        return re.search(rf"(?<![A-Za-z0-9]){re.escape(label)}(?![A-Za-z0-9])", text) is not None
    return re.search(rf"(?<![\w`'-]){re.escape(label)}(?![\w'-])", text) is not None


def paragraphs(text: str) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


# --------------------------------------------------------------------------- what is shown
Key = object


def position_key(item: Item) -> Key:
    """What makes two scenarios show one position (as ``tools/build_notebooks.py`` says)."""
    s = item.scenario if isinstance(item, Puzzle) else item
    if not isinstance(s, HiveScenario):
        return ("rive", getattr(s, "position_text", s.id))
    return _key(s.position())


def _key(pos: Position) -> Key:
    stacks = frozenset((c, tuple(map(str, st))) for c, st in pos.stacks.items())
    return pos.game_type, str(pos.turn), stacks


@dataclass
class Seen:
    """One thing the learner has seen: where, about which position, the cells it marks or
    lists, and its texts by language."""

    where: str
    key: Key | None
    cells: frozenset[str] = frozenset()
    texts: dict[str, str] = field(default_factory=dict)
    moves: tuple[str, ...] = ()


@dataclass
class Task:
    """An exercise or a puzzle: its answer (cells, moves, the moving pieces and the bugs that
    make the move), the labels of its answer cells, its own task text and its title."""

    where: str
    item: Item
    kind: str  # "reach", "find", "puzzle"
    key: Key
    cells: frozenset[str]
    moves: tuple[Move, ...] = ()
    pieces: frozenset[str] = frozenset()
    bugs: frozenset[str] = frozenset()
    labels: frozenset[str] = frozenset()
    task: dict[str, str] = field(default_factory=dict)
    goal: dict[str, str] = field(default_factory=dict)
    after: frozenset[Key] = frozenset()
    """The positions after each accepted move (a picture of one shows the answer played)."""


def _texts(item: Item, *what: str) -> dict[str, str]:
    return {lang: "\n\n".join(t for w in what if (t := item.text(w, lang))) for lang in LANGS}


def _resolve(pos: Position, ref: object) -> Cell | None:
    if isinstance(ref, Piece):
        return pos.where.get(ref)
    return ref if isinstance(ref, int) else None


def drawn_cells(s: Item, *, answer: bool) -> frozenset[str]:
    """The cells a diagram of ``s`` marks as where a piece goes: targets, the end of a path
    or a throw, the cell of the last move."""
    sc = s.scenario if isinstance(s, Puzzle) else s
    if not isinstance(sc, HiveScenario):
        return frozenset()
    pos = sc.position()
    m = sc.marks(answer=answer)
    refs: list[object] = [*m.targets]
    if m.path:
        refs.append(m.path[-1])
    refs += [t[-1] for t in m.throws]
    if m.last_move is not None:
        refs.append(m.last_move[1])
    return frozenset(cell_name(c) for r in refs if (c := _resolve(pos, r)) is not None)


def labels_of(items: list[Item], key: Key) -> dict[str, set[str]]:
    """cell name -> the labels any scenario or puzzle of the position ``key`` gives it."""
    out: dict[str, set[str]] = {}
    for it in items:
        sc = it.scenario if isinstance(it, Puzzle) else it
        if isinstance(sc, HiveScenario) and position_key(it) == key:
            for c, text in dict(sc.marks_table.get("labels", {})).items():
                out.setdefault(str(c).replace(" ", ""), set()).add(str(text))
    return out


def make_task(where: str, item: Item, kind: str, all_items: list[Item],
              prompt: dict[str, str]) -> Task:
    """The answer of an exercise (``reach``/``find``) or a puzzle on ``item``."""
    key = position_key(item)
    sc = item.scenario if isinstance(item, Puzzle) else item
    task = {lang: "\n\n".join(t for t in (prompt.get(lang, ""),
                                          sc.goal(lang) if kind == "find" else "") if t)
            for lang in LANGS}
    if not isinstance(sc, HiveScenario):  # Rive: its legal actions, or the accepted ones
        game = sc.game()
        if sc.exercise is not None and sc.exercise.kind == "find":
            actions = [game.parse_move(a) for a in sc.exercise.accept]
        else:
            actions = list(game.legal_moves())
        cells = frozenset(game.move_text(a).lstrip("x") for a in actions)
        return Task(where, item, kind, key, cells, task=task)
    pos = sc.position()
    if kind == "reach":
        assert sc.focus is not None, f"{where}: a reach exercise needs a [focus]"
        piece = sc.focus.piece
        cells = frozenset(cell_name(c) for c in pos.targets(piece))
        moves: list[Move] = []
        pieces = {piece.name}
    else:
        accepted = item.solutions if isinstance(item, Puzzle) else (
            sc.exercise.accept if sc.exercise is not None else ())
        moves = [m for a in accepted if isinstance(m := pos.parse_move(a), Move)]
        cells = frozenset(cell_name(m.to) for m in moves)
        pieces = {m.piece.name for m in moves}
    bugs: set[str] = set()
    for m in moves:
        for src in pos.move_sources(m.piece).get(m.to, []):
            if src.kind == "throw" and src.via is not None:
                bugs.add(src.via.name[1])  # the Pillbug (or a Mosquito copying one)
            else:
                bugs.add(m.piece.name[1])
    labels = {lab for c, labs in labels_of(all_items, key).items() if c in cells for lab in labs}
    goal = {lang: sc.goal(lang) for lang in LANGS} if kind == "find" else {}
    after = set()
    for m in moves:
        pos.play(m)
        after.add(_key(pos))
        pos.undo()
    return Task(where, item, kind, key, cells, tuple(moves), frozenset(pieces),
                frozenset(bugs), frozenset(labels), task, goal, frozenset(after))


# --------------------------------------------------------------------------- the walk
@dataclass
class Course:
    """What the walk found: every give-away, in the course's order."""

    problems: list[str] = field(default_factory=list)
    tasks: list[Task] = field(default_factory=list)


def _lesson_cells(path: Path) -> list[dict[str, object]]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return list(data.get("cells", []))


def _code_calls(source: str) -> Iterator[tuple[str, str | None]]:
    for m in _CALL.finditer(source):
        yield m.group(1), m.group(2)


def walk(lesson_dir: Path | None = None, scenario_dir: Path | None = None,
         puzzle_dir: Path | None = None) -> Course:
    """Walk the course (default: the kit's) and collect its give-aways."""
    items = library(scenario_dir, puzzle_dir)
    all_items = list(items.values())
    seen: list[Seen] = []
    course = Course()

    for lesson in lessons(lesson_dir):
        cells = _lesson_cells(lesson.path)
        # what each cell is: (kind, item id); code cells may hold several calls
        steps: list[tuple[int, str, str | None, dict[str, object]]] = []
        for i, c in enumerate(cells):
            kind = str(c.get("type"))
            if kind == "code":
                for name, sid in _code_calls(str(c.get("source", ""))):
                    call = {"play_puzzle": "puzzle", "puzzle_exercise": "puzzle",
                            "show_puzzle": "puzzle-show", "exercise": "exercise",
                            "reach_exercise": "reach", "find_exercise": "find", "show": "diagram",
                            "puzzle_table": "table"}[name]
                    steps.append((i, call, sid, c))
            else:
                named = c.get("scenario")
                steps.append((i, kind, named if isinstance(named, str) else None, c))
        exercised = {position_key(items[sid]) for _, k, sid, _ in steps
                     if k in ("reach", "find", "exercise") and sid in items}
        context: Key | None = None
        for n, (i, kind, sid, c) in enumerate(steps):
            where = f"{lesson.stem} cell {i + 1}" + (f" ({sid})" if sid else "")
            item = items.get(sid) if sid else None
            if kind == "text":
                texts = {lang: str(c.get(lang, "")) for lang in LANGS}
                # a text before an exercise is its prompt: it belongs to the exercise
                nxt = next((s for s in steps[n + 1:] if s[1] != "text"), None)
                if nxt is not None and nxt[1] in ("reach", "find", "exercise", "puzzle") \
                        and nxt[2] in items:
                    tkey: Key | None = position_key(items[str(nxt[2])])
                elif texts["en"].lstrip().startswith("#"):
                    tkey = context = None  # a new section is about no picture before it
                else:
                    tkey = context
                seen.append(Seen(where, tkey, texts=texts))
                continue
            if kind == "table":
                titles = {lang: "\n".join(p.text("title", lang) for p in all_items
                                          if isinstance(p, Puzzle)) for lang in LANGS}
                seen.append(Seen(where, None, texts=titles))
                continue
            if item is None:
                continue
            key = position_key(item)
            context = key
            if kind in ("diagram", "puzzle-show"):
                answer = kind == "diagram" and key not in exercised
                drawn = drawn_cells(item, answer=answer)
                sc = item.scenario if isinstance(item, Puzzle) else item
                asked = kind == "puzzle-show" or asks(sc, answer=answer)
                texts = _texts(item, "title", "caption", *(("question",) if asked else ()))
                seen.append(Seen(where, key, drawn, texts))
                if asked and answer and sc.marks(answer=True) != sc.marks(answer=False):
                    course.problems.append(
                        f"{where}: a static picture asks {item.text('question')!r} above a "
                        "drawing of its answer")
            elif kind == "targets":
                if isinstance(item, HiveScenario) and item.focus is not None:
                    listed = frozenset(cell_name(t)
                                       for t in item.position().targets(item.focus.piece))
                    seen.append(Seen(where, key, listed))
            elif kind == "why":
                seen.append(Seen(where, key, moves=(str(c.get("move", "")),)))
            elif kind in ("reach", "find", "exercise", "puzzle"):
                if kind == "exercise":
                    ex = None if isinstance(item, Puzzle) else item.exercise
                    kind = "reach" if ex is None or ex.kind == "mark" else "find"
                prompt: dict[str, str] = {}
                for back in reversed(steps[:n]):
                    if back[1] != "text":
                        break
                    prompt = {lang: str(back[3].get(lang, "")) + "\n\n" + prompt.get(lang, "")
                              for lang in LANGS}
                task = make_task(where, item, kind, all_items, prompt)
                course.problems += check(task, seen, own_prompt=prompt)
                course.tasks.append(task)
                texts = _texts(item, "title") if kind != "puzzle" else _texts(
                    item, "title", "caption", "question")
                seen.append(Seen(f"{where}, once solved", key, task.cells, texts))
    return course


def _parses_to(pos: Position, text: str, moves: tuple[Move, ...]) -> str | None:
    for m in _MOVE.finditer(text):
        try:
            if pos.parse_move(m.group(0)) in moves:
                return m.group(0)
        except ValueError:
            continue
    return None


def check(task: Task, seen: list[Seen], *, own_prompt: dict[str, str]) -> list[str]:
    """The give-aways of ``task`` in what was seen before it (its own prompt included)."""
    out: list[str] = []
    sc = task.item.scenario if isinstance(task.item, Puzzle) else task.item
    pos = sc.position() if isinstance(sc, HiveScenario) else None
    what = f"{task.where} ({task.kind})"
    for s in seen:
        if s.key is not None and s.key in task.after:
            out.append(f"{what}: {s.where} shows the position after its answer move")
        if s.key == task.key and s.cells & task.cells:
            out.append(f"{what}: {s.where} marks or lists its answer "
                       f"{sorted(s.cells & task.cells)}")
        if pos is not None and task.moves and s.key in (task.key, None):
            # a MoveString means a move in one position: the same, or a text about none
            for text in [*s.texts.values(), *(s.moves if s.key == task.key else ())]:
                hit = _parses_to(pos, text, task.moves)
                if hit:
                    out.append(f"{what}: {s.where} writes its move {hit!r}")
                    break
        if s.key != task.key:
            continue
        for lang, text in s.texts.items():
            for para in paragraphs(text):
                named = [c for c in task.cells
                         if re.search(rf"(?<![\d,-]){re.escape(c)}(?![\d,])", para)]
                if named:
                    out.append(f"{what}: {s.where} names its answer cell {named[0]} ({lang})")
                    break
                if task.kind == "reach":
                    continue
                movers = [p for p in task.pieces if re.search(rf"\b{p}\b", para)
                          or (task.task.get(lang) and not bug_named(task.task[lang], p[1], lang)
                              and bug_named(para, p[1], lang))]
                labels = [lab for lab in task.labels if label_named(para, lab, lang)]
                if movers and labels:
                    out.append(f"{what}: {s.where} names the moving piece {movers[0]} and its "
                               f"destination {labels[0]} ({lang}): {para.strip()[:90]!r}")
                    break
    if task.kind in ("find", "puzzle"):
        for lang in LANGS:
            title = task.item.text("title", lang)
            for bug in sorted(task.bugs):
                if bug_named(title, bug, lang) and (
                        task.kind == "puzzle" or not bug_named(task.goal.get(lang, ""), bug, lang)):
                    out.append(f"{what}: its title names the bug that makes the winning move "
                               f"({bug}, {lang}): {title!r}")
    return list(dict.fromkeys(out))


COURSE = walk()


def test_the_walk_finds_every_exercise_and_puzzle() -> None:
    kinds = [t.kind for t in COURSE.tasks]
    assert kinds.count("puzzle") >= 15
    assert kinds.count("reach") >= 10 and kinds.count("find") >= 10
    assert any(t.item.id == "win-surround-queen" for t in COURSE.tasks)


@pytest.mark.parametrize("problem", COURSE.problems or ["none"])
def test_no_earlier_cell_gives_an_answer_away(problem: str) -> None:
    assert problem == "none"


def test_puzzle_titles_do_not_name_the_winning_bug() -> None:
    for t in COURSE.tasks:
        if t.kind == "puzzle":
            for lang in LANGS:
                for bug in t.bugs:
                    assert not bug_named(t.item.text("title", lang), bug, lang), \
                        (t.item.id, lang, t.item.text("title", lang))


def _fixture_course(tmp_path: Path, *, giveaways: bool) -> Course:
    """A two-lesson course in ``tmp_path`` on copies of the kit's files; with ``giveaways``
    the first lesson draws the second's answers, writes its move and the puzzle's title
    names its winning bug."""
    scen, puz, src = tmp_path / "scenarios", tmp_path / "puzzles", tmp_path / "source"
    for d in (scen, puz, src):
        d.mkdir()
    for name in ("queen-one-step", "win-surround-queen"):
        (scen / f"{name}.toml").write_text((ROOT / "scenarios" / f"{name}.toml")
                                           .read_text(encoding="utf-8"), encoding="utf-8")
    puzzle = (ROOT / "puzzles" / "grasshopper-last-gap.toml").read_text(encoding="utf-8")
    title = "The Grasshopper jumps in" if giveaways else "The last gap"
    puzzle = re.sub(r'(?m)^(\[title\]\n)en = ".*"\nde = ".*"\nzh = ".*"',
                    rf'\1en = "{title}"\nde = "Die letzte Lücke"\nzh = "最后一个空格"', puzzle)
    (puz / "last-gap.toml").write_text(puzzle.replace('id = "grasshopper-last-gap"',
                                                      'id = "last-gap"'), encoding="utf-8")
    first = ['id = "a"', "order = 1"]
    if giveaways:
        first += ['[[cells]]', 'type = "diagram"', 'scenario = "queen-one-step"',
                  '[[cells]]', 'type = "text"', 'en = "## Notation\\n\\nWrite `wA1 wG1-`."',
                  "de = '## Notation'", "zh = '## 记法'"]
    (src / "01-a.toml").write_text("\n".join(first) + "\n", encoding="utf-8")
    (src / "02-b.toml").write_text("\n".join([
        'id = "b"', "order = 2",
        '[[cells]]', 'type = "reach"', 'scenario = "queen-one-step"',
        '[[cells]]', 'type = "find"', 'scenario = "win-surround-queen"',
        '[[cells]]', 'type = "code"', "source = 'play_puzzle(\"last-gap\")'"]) + "\n",
        encoding="utf-8")
    return walk(src, scen, puz)


def test_a_course_that_gives_answers_away_fails(tmp_path: Path) -> None:
    bad = _fixture_course(tmp_path, giveaways=True)
    assert [t.kind for t in bad.tasks] == ["reach", "find", "puzzle"]
    assert any("02-b cell 1 (queen-one-step) (reach): 01-a cell 1 (queen-one-step) marks or "
               "lists its answer ['-1,1', '0,-1']" == p for p in bad.problems), bad.problems
    assert any("writes its move 'wA1 wG1-'" in p for p in bad.problems), bad.problems
    assert any("(last-gap) (puzzle): its title names the bug that makes the winning move "
               "(G, en)" in p for p in bad.problems), bad.problems
    assert len(bad.problems) == 3, bad.problems


def test_the_same_course_without_them_passes(tmp_path: Path) -> None:
    assert _fixture_course(tmp_path, giveaways=False).problems == []


def test_a_picture_that_draws_its_answer_does_not_ask_its_question() -> None:
    items = library()
    drawn = [s for s in items.values() if isinstance(s, HiveScenario) and s.question
             and s.marks(answer=True) != s.marks(answer=False)]
    assert drawn, "no scenario draws an answer: the check below would check nothing"
    for s in drawn:
        assert not asks(s, answer=True), s.id
        assert asks(s, answer=False), s.id
