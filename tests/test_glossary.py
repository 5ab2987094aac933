"""One word per idea: no text of the kit uses a variant the glossary forbids.

``hive_teach/core/glossary.toml`` gives, per idea (the hive, a pinned piece, each bug, ...),
its one term in en, de and zh and the variants that must not appear (蜂巢 for the hive,
牵制 for pinned, ...). Every lesson source, scenario, puzzle, every catalogue TOML under
``hive_teach/`` and the rules page of every language (``docs/rules.md``, ``docs/<lang>/rules.md``)
is read here (by glob, so a catalogue added later is covered too), and each
text is checked; a failure names the file, the line and the text.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "hive_teach" / "core" / "glossary.toml"
LANGS = ("en", "de", "zh")


@dataclass(frozen=True)
class Term:
    """One idea: its term per language, the forbidden variants and the longer words that
    contain a forbidden one and are allowed."""

    idea: str
    terms: dict[str, str]
    forbidden: dict[str, tuple[str, ...]]
    allowed: dict[str, tuple[str, ...]]


def read_glossary(path: Path = GLOSSARY) -> list[Term]:
    """The ideas of a glossary file, checked for form."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    for idea, table in data.items():
        terms = {lang: table[lang] for lang in LANGS}
        forbidden = {lang: tuple(words) for lang, words in table.get("forbidden", {}).items()}
        allowed = {lang: tuple(words) for lang, words in table.get("allowed", {}).items()}
        out.append(Term(idea, terms, forbidden, allowed))
    return out


def course_files(root: Path = ROOT) -> list[Path]:
    """Every file whose texts the glossary governs: lesson sources, scenarios (both games),
    puzzles and every TOML under hive_teach/ but the glossary itself (and the course links)."""
    files = [*root.glob("notebooks/source/*.toml"), *root.glob("scenarios/*.toml"),
             *root.glob("scenarios/rive/*.toml"), *root.glob("puzzles/*.toml")]
    files += [p for p in (root / "hive_teach").rglob("*.toml")
              if "course" not in p.relative_to(root / "hive_teach").parts
              and p.name != GLOSSARY.name]
    files += [*root.glob("docs/rules.md"), *root.glob("docs/*/rules.md")]
    return sorted(files)


def texts(value: object, key: str = "") -> Iterator[tuple[str, str]]:
    """(key path, text) for every string in a parsed TOML value."""
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from texts(v, f"{key}.{k}" if key else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from texts(v, f"{key}[{i}]")


def violations(path: Path, glossary: list[Term]) -> list[str]:
    """``file:line: key: 'variant' for <idea> (use 'term'): ...text...`` for each forbidden
    variant in the file's texts."""
    raw = path.read_text(encoding="utf-8")
    lines = raw.splitlines()
    found = []
    pairs = [("", raw)] if path.suffix == ".md" else texts(tomllib.loads(raw))
    for key, text in pairs:
        for term in glossary:
            for lang, words in term.forbidden.items():
                clean = text
                for ok in term.allowed.get(lang, ()):
                    clean = clean.replace(ok, "")
                for word in words:
                    at = clean.find(word)
                    if at < 0:
                        continue
                    line = next((i + 1 for i, s in enumerate(lines) if word in s), 0)
                    excerpt = clean[max(0, at - 30):at + len(word) + 30].replace("\n", " ")
                    found.append(f"{path}:{line}: {key}: {word!r} for the {term.idea} "
                                 f"(use {term.terms[lang]!r}): ...{excerpt}...")
    return found


def test_the_glossary_gives_every_idea_one_term_per_language() -> None:
    glossary = read_glossary()
    assert len(glossary) >= 10
    for term in glossary:
        assert all(term.terms[lang].strip() for lang in LANGS), term.idea
        for lang, words in term.forbidden.items():
            assert lang in LANGS, (term.idea, lang)
            assert term.terms[lang] not in words, f"{term.idea}: its own term is forbidden"
    # the two words the issue found
    by_idea = {t.idea: t for t in glossary}
    assert "蜂巢" in by_idea["hive"].forbidden["zh"]
    assert "牵制" in by_idea["pinned"].forbidden["zh"]


def test_the_glossary_ships_in_the_wheel() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = pyproject["tool"]["setuptools"]["package-data"]["hive_teach"]
    assert "core/glossary.toml" in shipped


def test_catalogues_added_later_are_covered() -> None:
    files = {p.relative_to(ROOT).as_posix() for p in course_files()}
    assert "hive_teach/locale/zh/hive.toml" in files
    assert "hive_teach/locale/de/classroom.toml" in files
    assert "notebooks/source/08-spider.toml" in files
    assert "puzzles/grasshopper-last-gap.toml" in files
    assert "hive_teach/core/glossary.toml" not in files
    assert {"docs/rules.md", "docs/de/rules.md", "docs/zh/rules.md"} <= files


@pytest.mark.parametrize("lang", ["de", "zh"])
def test_the_rules_page_uses_the_glossarys_terms(lang: str) -> None:
    """The rules page of ``lang`` names these ideas, each by the glossary's term."""
    page = (ROOT / "docs" / lang / "rules.md").read_text(encoding="utf-8")
    by_idea = {t.idea: t for t in read_glossary()}
    ideas = ["hive", "pinned", "gate", "one-hive-rule", "place", "pass", "stack",
             "surrounded", "throw", "stunned"]
    assert [i for i in ideas if by_idea[i].terms[lang] not in page] == []


def test_a_forbidden_variant_on_a_rules_page_fails(tmp_path: Path) -> None:
    page = tmp_path / "docs" / "zh" / "rules.md"
    page.parent.mkdir(parents=True)
    page.write_text("# 规则\n\n这枚棋子被牵制了。\n", encoding="utf-8")
    assert course_files(tmp_path) == [page]
    found = violations(page, read_glossary())
    assert len(found) == 1 and found[0].startswith(f"{page}:3: : '牵制' for the pinned"), found


def test_a_forbidden_variant_fails_naming_file_and_text(tmp_path: Path) -> None:
    lesson = tmp_path / "notebooks" / "source" / "01-x.toml"
    lesson.parent.mkdir(parents=True)
    lesson.write_text('id = "x"\n[[cells]]\ntype = "text"\nen = "The hive."\n'
                      'zh = "蜂巢棋里，蜂巢被牵制了。"\n', encoding="utf-8")
    catalogue = tmp_path / "hive_teach" / "newpart" / "catalogue" / "zh.toml"
    catalogue.parent.mkdir(parents=True)
    catalogue.write_text('ok = "蜂巢棋"\n', encoding="utf-8")
    files = course_files(tmp_path)
    assert files == sorted([lesson, catalogue])
    found = [v for f in files for v in violations(f, read_glossary())]
    assert len(found) == 2, found  # 蜂巢 (not the game's name 蜂巢棋) and 牵制; not the catalogue
    assert all(v.startswith(f"{lesson}:5: cells[0].zh: ") for v in found)
    assert any("'蜂巢' for the hive (use '蜂房')" in v for v in found)
    assert any("'牵制' for the pinned (use '钉住')" in v for v in found)


@pytest.mark.parametrize("path", course_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_text_uses_a_forbidden_variant(path: Path) -> None:
    assert violations(path, read_glossary()) == []
