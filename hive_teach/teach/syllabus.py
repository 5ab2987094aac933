"""The lessons, as the notebooks' sources give them: which scenarios and puzzles each one uses,
in order, for worksheets by lesson (``hive-teach worksheet --lesson 8``).

A lesson is one file of ``notebooks/source/`` (format: its ``README.md``; the notebooks are
built from it by ``tools/build_notebooks.py``): an ``id``, an ``order``, a title, the
``rules`` it teaches and its cells. A cell names a scenario with ``scenario = "<id>"``, and a
code cell by calling a helper with the id as its first argument (``show("rive-groups")``,
``show_puzzle("grasshopper-last-gap")``). :func:`lesson_items` lists the scenarios (of
``scenarios/``) and the puzzles (of ``puzzles/``) a lesson names, each once, in the order it
first names them.

>>> lesson = find_lesson("8")
>>> lesson.id, lesson.order, lesson.rules, lesson.title("de")
('spider', 8, ('R12',), 'Die Spinne: genau drei Schritte')
>>> [item.id for item in lesson_items(lesson)]
['spider-exactly-three', 'spider-gate-and-two-steps', 'spider-round-the-row']
>>> find_lesson("spider") == find_lesson("08-spider") == lesson
True
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from hive_teach.teach.library import library_dir, scenario_dir
from hive_teach.teach.puzzle import Puzzle, puzzle_dir
from hive_teach.teach.puzzle import load_all as load_puzzles
from hive_teach.teach.scenario import AnyScenario, load_all

Item = AnyScenario | Puzzle
"""What a worksheet holds: a scenario of either game, or a puzzle."""

# A helper called with an id as its first argument, in a code cell: show("rive-groups").
_CALL = re.compile(r"""\b[a-z_]+\(\s*(["'])([a-z0-9][a-z0-9-]*)\1""")


def lessons_dir() -> Path:
    """Where the lessons are: ``$HIVE_TEACH_LESSONS``, or ``notebooks/source/``."""
    return library_dir("notebooks/source", "HIVE_TEACH_LESSONS")


@dataclass(frozen=True)
class Lesson:
    """One lesson: its ``id`` (``spider``), ``order`` (8), ``rules``, ``titles`` by language,
    the ids its cells name in order (``names``, scenarios and puzzles and anything else
    quoted in a call), and its file's ``path``."""

    id: str
    order: int
    rules: tuple[str, ...]
    titles: dict[str, str] = field(compare=False)
    names: tuple[str, ...] = ()
    path: Path = Path()

    @property
    def stem(self) -> str:
        """The notebooks' name: ``08-spider``."""
        return f"{self.order:02d}-{self.id}"

    def title(self, lang: str = "en") -> str:
        """The lesson's title in ``lang`` (else English, else its id)."""
        return self.titles.get(lang) or self.titles.get("en") or self.id


def read_lesson(path: str | Path) -> Lesson:
    """The lesson in one source file."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ValueError(f"{path}: cannot read the lesson: {e}") from None
    names: list[str] = []
    for cell in data.get("cells", []):
        found = [cell["scenario"]] if isinstance(cell.get("scenario"), str) else []
        if isinstance(cell.get("source"), str):
            found += [m.group(2) for m in _CALL.finditer(cell["source"])]
        names += [n for n in found if n not in names]
    titles = {k: v for k, v in data.get("title", {}).items() if isinstance(v, str)}
    return Lesson(str(data.get("id", path.stem)), int(data.get("order", 99)),
                  tuple(data.get("rules", ())), titles, tuple(names), path)


def lessons(folder: str | Path | None = None) -> list[Lesson]:
    """Every lesson, in the order of the course."""
    root = lessons_dir() if folder is None else Path(folder)
    found = [read_lesson(p) for p in sorted(root.glob("*.toml"))]
    return sorted(found, key=lambda lesson: (lesson.order, lesson.id))


def find_lesson(key: str | int, folder: str | Path | None = None) -> Lesson:
    """The lesson named by ``key``: its number (``8``, ``"08"``), id (``spider``) or file
    name (``08-spider``); a ValueError listing the lessons when none is.

    >>> find_lesson("dragonfly")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: no lesson 'dragonfly': give a number or a name of 00-start-here, 01-placement, ...
    """
    all_lessons = lessons(folder)
    text = str(key).strip().lower().removesuffix(".toml")
    for lesson in all_lessons:
        if text in (lesson.id, lesson.stem) or (text.isdigit() and int(text) == lesson.order):
            return lesson
    raise ValueError(f"no lesson {str(key)!r}: give a number or a name of "
                     f"{', '.join(lesson.stem for lesson in all_lessons)}")


@cache
def _library(scenarios: Path, puzzles: Path) -> dict[str, Item]:
    items: dict[str, Item] = {s.id: s for s in load_all([scenarios])}
    items.update({p.id: p for p in load_puzzles([puzzles])})
    return items


def library(scenarios: str | Path | None = None,
            puzzles: str | Path | None = None) -> dict[str, Item]:
    """Every scenario and puzzle of the kit by id (read once)."""
    return _library(Path(scenarios or scenario_dir()).resolve(),
                    Path(puzzles or puzzle_dir()).resolve())


def lesson_items(lesson: Lesson, items: dict[str, Item] | None = None) -> list[Item]:
    """The scenarios and puzzles ``lesson`` names, in the order it first names them."""
    known = library() if items is None else items
    return [known[name] for name in lesson.names if name in known]


def course_order(items: Iterable[Item], all_lessons: Sequence[Lesson] | None = None) -> list[Item]:
    """``items`` in the order of the course: by the first lesson that names each, and its
    place there; the items no lesson names come last, by id."""
    place: dict[str, tuple[int, int]] = {}
    for i, lesson in enumerate(lessons() if all_lessons is None else all_lessons):
        for j, name in enumerate(lesson.names):
            place.setdefault(name, (i, j))
    last = (len(place) + 1, 0)
    return sorted(items, key=lambda item: (place.get(item.id, last), item.id))


def by_rules(rules: Iterable[str], items: Iterable[Item] | None = None) -> list[Item]:
    """The items (default: the whole library) that illustrate any of ``rules``, in the order
    of the course; a ValueError for an id that is no rule of RULES.md.

    >>> [i.id for i in by_rules(["R17"])][:2]
    ['stun-after-throw', 'stun-no-throw-after-move']
    >>> by_rules(["R77"])
    Traceback (most recent call last):
    ...
    ValueError: 'R77' is not a rule id of RULES.md (R0-R20, V1-V7)
    """
    wanted = {r.strip().upper() for r in rules if r.strip()}
    valid = {f"R{i}" for i in range(21)} | {f"V{i}" for i in range(1, 8)}
    for rule in sorted(wanted - valid):
        raise ValueError(f"{rule!r} is not a rule id of RULES.md (R0-R20, V1-V7)")
    pool = library().values() if items is None else items
    return course_order(item for item in pool if wanted & set(_rules(item)))


def _rules(item: Item) -> tuple[str, ...]:
    return item.scenario.rules if isinstance(item, Puzzle) else item.rules


__all__ = ["Item", "Lesson", "by_rules", "course_order", "find_lesson", "lesson_items",
           "lessons", "lessons_dir", "library", "read_lesson"]
