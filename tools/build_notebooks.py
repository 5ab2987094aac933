"""Build the tutorial notebooks in English, German and Chinese from one source.

Each topic is one TOML file in ``notebooks/source/`` (format: ``notebooks/source/README.md``);
its text is written once per language there, its positions come from ``scenarios/``. This
script writes ``notebooks/<lang>/<NN>-<id>.ipynb`` for every language and, with
``--execute``, runs them so they are saved with the outputs a reader sees on a static page.

    .venv/bin/python tools/build_notebooks.py            # write the notebooks (no outputs)
    .venv/bin/python tools/build_notebooks.py --execute  # ... and run them (commit this)
    .venv/bin/python tools/build_notebooks.py --check    # are the committed ones up to date?
    .venv/bin/python tools/build_notebooks.py --execute rive  # only the sources matching "rive"

``--check`` is what the test suite runs: it compares the cells' sources, not their outputs.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

from hive_teach.core.i18n import LANGUAGES, Words, grammar_name

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "notebooks" / "source"
OUT = ROOT / "notebooks"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}

CELL_TYPES = {"text", "diagram", "targets", "why", "board", "reach", "find", "code"}

CONTENTS = "contents.ipynb"  # the start page of each language: every lesson, with progress
WORKSHOP = "workshop.ipynb"  # the teacher's workshop, linked from the contents page
WORKSHOP_WORDS = Words("workshop")
"""The workshop page's texts (``hive_teach/locale/<lang>/workshop.toml``)."""
WORDS = Words("course")
"""The course's own words in each language (``hive_teach/locale/<lang>/course.toml``): the
contents page's title and introduction, the rules line under each lesson's title (its rules,
linked to the rules page in the lesson's language), the links between lessons."""
EXERCISES = ("reach", "find")
# An exercise a code cell makes (the puzzles' and Rive's lessons): counted on the contents page.
EXERCISE_CALL = re.compile(r"^(?:exercise|reach_exercise|find_exercise|play_puzzle|"
                           r"puzzle_exercise)\(", re.M)


class SourceError(ValueError):
    """A notebook source file that cannot be built; names the file and the cell."""


def _text(cell: dict[str, Any], lang: str, where: str, key: str | None = None) -> str:
    table = cell if key is None else cell.get(key, {})
    value = table.get(lang)
    if not isinstance(value, str) or not value.strip():
        raise SourceError(f"{where}: missing text for {lang!r}" + (f" in {key}" if key else ""))
    return value.strip()


def _q(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _rules_line(rules: list[str], lang: str) -> str:
    """The line under a lesson's title linking each of its rules, by its title in the
    lesson's language, to its section of the rules page in that language (the anchors are
    the same in every language), e.g.
    ``[R7: Bewegungsfreiheit auf dem Boden](../../docs/de/rules.md#r7-...)``."""
    from hive_teach.core.rules import rule_anchor, rule_title
    from hive_teach.teach.app import lesson_rules_link

    if not rules:
        return ""
    page = lesson_rules_link(lang)
    links = [f"[{r}: {rule_title(r, lang)}]({page}#{rule_anchor(r)})" for r in rules]
    return f"\n\n{WORDS('rules_line', lang)}: " + " · ".join(links)


# A rule id a lesson's text cites in brackets: "(R12)", "(R7, notebook 04)", "（R12）".
_CITED_RULE = re.compile(r"(?<=[(（])([RV]\d{1,2})(?=[)）,，、;；])")


def _link_rules(text: str, lang: str) -> str:
    """A text cell with each rule it cites in brackets linked to that rule on the rules page
    in the lesson's language: ``(R12)`` becomes ``([R12](../../docs/de/rules.md#r12-spider))``.

    >>> _link_rules("Die Spinne (R12), ein Tor (R7, Notebook 04).", "de")[:60]
    'Die Spinne ([R12](../../docs/de/rules.md#r12-spider)), ein T'
    >>> _link_rules("(R99) bleibt.", "de")
    '(R99) bleibt.'
    """
    from hive_teach.core.rules import rule_anchor, rule_ids
    from hive_teach.teach.app import lesson_rules_link

    known = set(rule_ids())
    page = lesson_rules_link(lang)

    def link(m: re.Match[str]) -> str:
        rule = m.group(1)
        return f"[{rule}]({page}#{rule_anchor(rule)})" if rule in known else rule

    return _CITED_RULE.sub(link, text)


def _has_legend(sid: str, lang: str, *, answer: bool) -> bool:
    """Whether the diagram of ``sid`` shows marks a legend explains."""
    from hive_teach.teach.lessons import legend, scenario

    return bool(legend(scenario(sid), lang, answer=answer))


def _position_key(sid: str) -> object:
    """What makes two scenarios show the same position (a Hive scenario: its game type, the
    side to move and the stacks; a Rive one: its id)."""
    from hive_teach.teach.lessons import scenario
    from hive_teach.teach.scenario import HiveScenario

    s = scenario(sid)
    if not isinstance(s, HiveScenario):
        return sid
    pos = s.position()
    stacks = frozenset((cell, tuple(map(str, stack))) for cell, stack in pos.stacks.items())
    return pos.game_type, str(pos.turn), stacks


def lessons() -> list[tuple[Path, dict[str, Any], str]]:
    """Every source in the course's order: (path, its data, its notebook's file name)."""
    out = []
    for path in SOURCE.glob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        out.append((path, data, f"{int(data.get('order', 99)):02d}-{data.get('id', path.stem)}"
                                ".ipynb"))
    return sorted(out, key=lambda x: (int(x[1].get("order", 99)), x[2]))


def _navigation(path: Path, lang: str) -> str:
    """The line at the end of a lesson: back, the contents, on (links between notebooks)."""
    files = [(f, _text(d, lang, p.name, "title")) for p, d, f in lessons()]
    i = [p for p, _, _ in lessons()].index(path)
    back, contents, on = (WORDS(key, lang) for key in ("back", "contents", "next"))
    parts = []
    if i > 0:
        parts.append(f"[← {back}: {files[i - 1][1]}]({files[i - 1][0]})")
    parts.append(f"[{contents}]({CONTENTS})")
    if i + 1 < len(files):
        parts.append(f"[{on}: {files[i + 1][1]} →]({files[i + 1][0]})")
    return "---\n\n" + " · ".join(parts)


def build_contents(lang: str) -> dict[str, Any]:
    """The start page of ``lang``: every lesson with its number of exercises, the other
    languages, and (run in a browser) the exercises solved there."""
    lines = [f"# {WORDS('contents_title', lang)}", "", WORDS("contents_intro", lang), ""]
    totals: dict[str, int] = {}  # each lesson's exercises, for its progress bar
    for i, (path, data, file) in enumerate(lessons()):
        n = sum(1 for c in data.get("cells", []) if c.get("type") in EXERCISES) + sum(
            len(EXERCISE_CALL.findall(c.get("source", ""))) for c in data.get("cells", [])
            if c.get("type") == "code")
        if n:
            totals[file] = n
        # The list counts from 0, as the lessons do when they name one ("notebook 06").
        lines.append(f"{0 if i == 0 else 1}. [{_text(data, lang, path.name, 'title')}]({file})"
                     + (f" ({n} ✎)" if n else ""))
    lines += ["", f"**{WORDS('for_teachers', lang)}:** "
              f"[{WORKSHOP_WORDS('title', lang)}]({WORKSHOP})"]
    others = " · ".join(f"[{grammar_name(x)}](../{x}/{CONTENTS})" for x in LANGUAGES
                        if x != lang)
    cells = [{"cell_type": "markdown", "metadata": {}, "source": "\n".join(lines)},
             {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
              "source": f"from hive_teach.tutorial import *\n\nset_language({_q(lang)})\n"
                        f"show_progress({json.dumps(totals)})"},
             {"cell_type": "markdown", "metadata": {}, "source": f"---\n\n{others}"}]
    return _notebook(cells, "contents", lang, "contents", WORDS("contents_title", lang))


def build_workshop(lang: str) -> dict[str, Any]:
    """The teacher's workshop page of ``lang``: the board editor, the analysis board of a
    bundled or uploaded game and the worksheet maker, each under its heading and help text,
    no code to write (:mod:`hive_teach.teach.workshop`)."""
    def text(key: str) -> str:
        return WORKSHOP_WORDS(key, lang)

    def code(src: str) -> dict[str, Any]:
        return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                "source": src}

    def md(src: str) -> dict[str, Any]:
        return {"cell_type": "markdown", "metadata": {}, "source": src}

    cells = [md(f"# {text('title')}\n\n{text('intro')}"),
             code("from hive_teach.teach.workshop import editor_page, game_page, worksheet_page"
                  f"\nfrom hive_teach.tutorial import *\n\nset_language({_q(lang)})"),
             md(f"## {text('editor_heading')}\n\n{text('editor_text')}"), code("editor_page()"),
             md(f"## {text('analysis_heading')}\n\n{text('analysis_text')}"), code("game_page()"),
             md(f"## {text('worksheet_heading')}\n\n{text('worksheet_text')}"),
             code("worksheet_page()"),
             md(f"---\n\n[{WORDS('contents', lang)}]({CONTENTS})")]
    return _notebook(cells, "workshop", lang, "workshop", text("title"))


def _notebook(cells: list[dict[str, Any]], nid: str, lang: str, source: str,
              title: str) -> dict[str, Any]:
    """The notebook of ``cells``; its metadata name its language (``hive_teach.language``:
    the app's page says it in ``<html lang>``) and its ``title`` (the page's tab title)."""
    for i, cell in enumerate(cells):  # nbformat 4.5 wants ids; stable ones keep diffs small
        cell["id"] = f"{nid}-{i:02d}"
    return {
        "cells": cells,
        "metadata": {"kernelspec": KERNELSPEC,
                     "language_info": {"name": "python"},
                     "hive_teach": {"source": source, "language": lang},
                     "title": title},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def build(path: Path | str | None, lang: str) -> dict[str, Any]:
    """The notebook (as a dict, without outputs) for one source file and language; ``None``:
    the language's contents page; ``"workshop"``: the teacher's workshop page."""
    if path is None:
        return build_contents(lang)
    if path == "workshop":
        return build_workshop(lang)
    assert isinstance(path, Path)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    name = path.name
    cells: list[dict[str, Any]] = []

    def md(text: str) -> None:
        cells.append({"cell_type": "markdown", "metadata": {}, "source": text})

    def code(text: str, check: bool = False) -> None:
        src = ("# NBVAL_CHECK_OUTPUT\n" if check else "") + text
        cells.append({"cell_type": "code", "execution_count": None, "metadata": {},
                      "outputs": [], "source": src})

    # A picture must not give away the answer of an exercise of the lesson: a diagram of a
    # position an exercise uses (whatever the scenario's id) is drawn as a question, without
    # targets, crosses and paths, and a list of targets on it is refused.
    exercised = {_position_key(c["scenario"]) for c in data.get("cells", [])
                 if c.get("type") in EXERCISES and isinstance(c.get("scenario"), str)}
    md(f"# {_text(data, lang, name, 'title')}" + _rules_line(data.get("rules", []), lang))
    code(f"from hive_teach.tutorial import *\n\nset_language({_q(lang)})")
    shown_legend = False
    for i, cell in enumerate(data.get("cells", [])):
        where = f"{name} cell {i + 1}"
        kind = cell.get("type")
        if kind not in CELL_TYPES:
            raise SourceError(f"{where}: type {kind!r} must be one of {sorted(CELL_TYPES)}")
        sid = cell.get("scenario")
        if kind in CELL_TYPES - {"text", "code"} and not isinstance(sid, str):
            raise SourceError(f"{where}: a {kind} cell needs scenario = \"<id>\"")
        if kind == "text":
            md(_link_rules(_text(cell, lang, where), lang))
        elif kind == "code":
            code(cell["source"].strip(), check=bool(cell.get("check", False)))
        elif kind == "diagram":
            # The lesson's first diagram with marks says what they mean (a legend under it).
            question = _position_key(sid) in exercised
            with_legend = not shown_legend and _has_legend(sid, lang, answer=not question)
            shown_legend = shown_legend or with_legend
            options = "".join([", answer=False" if question else "",
                               ", legend_below=True" if with_legend else ""])
            code(f"show({_q(sid)}{options})")
        elif kind == "targets":
            if _position_key(sid) in exercised:
                raise SourceError(f"{where}: the targets of {sid!r} would answer an exercise "
                                  "of this lesson on the same position; show them after it, or "
                                  "use another position")
            code(f"targets({_q(sid)})", check=True)
        elif kind == "why":
            code(f"why({_q(sid)}, {_q(cell['move'])})", check=True)
        elif kind == "board":
            code(f"board({_q(sid)})")
        elif kind == "reach":
            code(f"reach_exercise({_q(sid)})")
        elif kind == "find":
            # The answer stays in the scenario's [exercise] (checked in the kernel): a cell
            # of the page names the scenario only.
            if "accept" in cell or "goal" in cell:
                raise SourceError(f"{where}: a find cell names its scenario only; its accept "
                                  "and goal belong in the scenario's [exercise]")
            code(f"find_exercise({_q(sid)})")
    md(_navigation(path, lang))
    return _notebook(cells, data.get("id", path.stem), lang, f"source/{name}",
                     _text(data, lang, name, "title"))


def targets() -> list[tuple[Path | str | None, str, Path]]:
    """(source, language, notebook path) for every notebook the sources define; the source
    ``None`` is the language's contents page, ``"workshop"`` its workshop page."""
    out: list[tuple[Path | str | None, str, Path]] = []
    for path in sorted(SOURCE.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        order = int(data.get("order", 99))
        nid = data.get("id", path.stem)
        for lang in LANGUAGES:
            out.append((path, lang, OUT / lang / f"{order:02d}-{nid}.ipynb"))
    out += [(None, lang, OUT / lang / CONTENTS) for lang in LANGUAGES]
    out += [("workshop", lang, OUT / lang / WORKSHOP) for lang in LANGUAGES]
    return out


def _sources(nb: dict[str, Any]) -> list[tuple[str, str]]:
    def text(src: str | list[str]) -> str:
        return src if isinstance(src, str) else "".join(src)

    return [(c["cell_type"], text(c["source"])) for c in nb["cells"]]


def check() -> list[str]:
    """Problems: notebooks missing, stale (sources differ) or without a source."""
    problems = []
    expected = set()
    for path, lang, nb_path in targets():
        expected.add(nb_path)
        want = build(path, lang)
        if not nb_path.exists():
            problems.append(f"{nb_path.relative_to(ROOT)} is missing")
            continue
        have = json.loads(nb_path.read_text(encoding="utf-8"))
        if _sources(have) != _sources(want):
            origin = (path.name if isinstance(path, Path) else "the workshop page" if path
                      else "the lesson list")
            problems.append(f"{nb_path.relative_to(ROOT)} is out of date with {origin}")
        if have.get("metadata", {}).get("kernelspec") != KERNELSPEC:
            problems.append(f"{nb_path.relative_to(ROOT)} lacks the python3 kernelspec")
        if have.get("metadata", {}).get("title") != want["metadata"]["title"]:
            problems.append(f"{nb_path.relative_to(ROOT)} lacks its title (the page's tab title)")
    for lang in LANGUAGES:
        for nb_path in sorted((OUT / lang).glob("*.ipynb")):
            if nb_path not in expected:
                problems.append(f"{nb_path.relative_to(ROOT)} has no source in notebooks/source")
    return problems


def write(execute: bool, only: list[str] | None = None) -> None:
    for path, lang, nb_path in targets():
        stem = path.stem if isinstance(path, Path) else path or "contents"
        if only and not any(word in stem for word in only):
            continue
        nb = build(path, lang)
        nb_path.parent.mkdir(parents=True, exist_ok=True)
        if execute:
            nb = _execute(nb, nb_path.parent)
        nb_path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {nb_path.relative_to(ROOT)}")


def _execute(nb: dict[str, Any], cwd: Path) -> dict[str, Any]:
    import nbformat
    from nbclient import NotebookClient

    node = nbformat.from_dict(nb)
    NotebookClient(node, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(cwd)}}).execute()
    for cell in node.cells:  # execution times change on every run: keep the files stable
        cell.get("metadata", {}).pop("execution", None)
        for out in cell.get("outputs", []):
            # Saved boards show as their picture on static pages (GitHub, nbconvert, a
            # notebook not yet run); running the cell brings the live widget back.
            data = out.get("data", {})
            if "image/png" in data:
                data.pop("application/vnd.jupyter.widget-view+json", None)
    node.metadata.pop("widgets", None)
    return json.loads(nbformat.writes(node))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--execute", action="store_true", help="run the notebooks and save "
                        "their outputs")
    parser.add_argument("--check", action="store_true", help="only check that the committed "
                        "notebooks match their sources")
    parser.add_argument("only", nargs="*", help="build only the sources whose name contains "
                        "one of these words (e.g. 08-spider rive)")
    args = parser.parse_args()
    if args.check:
        problems = check()
        for p in problems:
            print(p)
        print("notebooks up to date" if not problems else f"{len(problems)} problems")
        return 1 if problems else 0
    write(args.execute, args.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
