"""Reading hand-written TOML files (scenarios, puzzles, layouts) with errors that name the file
and the line: ``lesson.toml:7: targets must be a list of text``.

:mod:`tomllib` keeps no line numbers, so :class:`Reader` finds the line of a dotted key
(``"focus.targets"``) in the text itself: the key's own line below its table's header, else
the header, else line 1. Every check of a :class:`Reader` either returns the value, of the
right type, or raises its error class (a :class:`TomlFileError`) and nothing else.

>>> text = 'id = "spider"\\n[title]\\nen = "Spider"\\nde = ""\\n'
>>> r = Reader(text, "lesson.toml")
>>> r.text(r.data, "id")
'spider'
>>> r.translations(r.data, "title")
Traceback (most recent call last):
...
hive_teach.core.tomlfile.TomlFileError: lesson.toml:4: title.de must be non-empty text
>>> Reader('id = "a"\\n[title\\n', "x.toml")
Traceback (most recent call last):
...
hive_teach.core.tomlfile.TomlFileError: x.toml:2: not valid TOML: Expected ']' at the end of \
a table declaration (at line 2, column 7)
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, NoReturn

from hive_teach.core.hexgrid import Cell, parse_cell
from hive_teach.core.i18n import LANGUAGES


class TomlFileError(ValueError):
    """A file that cannot be read, and where: ``file``, ``line`` (from 1) and ``why``.

    >>> e = TomlFileError("a.toml", 3, "rules must list at least one rule id")
    >>> str(e), e.line
    ('a.toml:3: rules must list at least one rule id', 3)
    """

    def __init__(self, file: str, line: int, why: str) -> None:
        self.file = file
        self.line = line
        self.why = why
        super().__init__(f"{file}:{line}: {why}")

    def __reduce__(self) -> tuple[type[TomlFileError], tuple[str, int, str]]:
        # Three arguments, not the message: keeps the error picklable (pytest-xdist, pools).
        return type(self), (self.file, self.line, self.why)


def read_file(path: str | Path, error: type[TomlFileError] = TomlFileError) -> str:
    """The text of a file; an unreadable one raises ``error`` naming the file (line 1).

    >>> read_file("no-such-file.toml")
    Traceback (most recent call last):
    ...
    hive_teach.core.tomlfile.TomlFileError: no-such-file.toml:1: cannot read the file: \
[Errno 2] No such file or directory: 'no-such-file.toml'
    """
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise error(str(p), 1, f"cannot read the file: {e}") from None


def toml_files(paths: Iterable[str | Path],
               keep: Callable[[Path], bool] = lambda _f: True) -> list[Path]:
    """The files given, plus every ``*.toml`` below each folder given that ``keep`` accepts
    (sorted within the folder); a path that does not exist is kept, so reading it fails
    with its name.

    >>> toml_files(["lesson.toml"])  # not a folder: kept as it is
    [PosixPath('lesson.toml')]
    """
    files: list[Path] = []
    for path in paths:
        p = Path(path)
        files.extend([f for f in sorted(p.rglob("*.toml")) if keep(f)] if p.is_dir() else [p])
    return files


def parse(text: str, name: str, error: type[TomlFileError] = TomlFileError) -> dict[str, Any]:
    """The TOML ``text`` as a dict; a syntax error raises ``error`` with tomllib's line."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise error(name, int(m.group(1)) if m else 1, f"not valid TOML: {e}") from None
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        raise error(name, _deep_line(text), f"arrays or tables nested more than "
                    f"{MAX_NESTING} deep: no file of the kit needs that") from None


MAX_NESTING = 50
"""How deep arrays and inline tables may nest before the reader calls a file broken."""


def _deep_line(text: str) -> int:
    """The line where brackets first nest deeper than :data:`MAX_NESTING` (1 if nowhere)."""
    depth = 0
    for number, line in enumerate(text.splitlines(), start=1):
        for ch in line:
            depth += (ch in "[{") - (ch in "]}")
            if depth > MAX_NESTING:
                return number
    return 1


class Reader:
    """Type checks on a parsed TOML file (``data``), each failing with ``file:line: why``.

    ``where`` arguments are dotted paths of the table a key sits in (``""`` for the top
    level, ``"focus"``, ``"expect"``); ``error`` is the class raised (a subclass of
    :class:`TomlFileError`, e.g. a scenario's or a puzzle's error).
    """

    def __init__(self, text: str, name: str,
                 error: type[TomlFileError] = TomlFileError) -> None:
        self.lines = text.splitlines()
        self.name = name
        self.error = error
        self.data = parse(text, name, error)

    # ------------------------------------------------------------------ where
    def line_of(self, dotted: str) -> int:
        """The line (from 1) of key ``dotted`` (``"focus.targets"``), else of its table."""
        parts = [p for p in dotted.split(".") if p]
        if not parts:
            return 1
        key = parts[-1]
        tables = ".".join(parts[:-1])
        start = 0
        if tables:
            for i, line in enumerate(self.lines):
                if re.match(rf"^\s*\[{re.escape(tables)}\]\s*$", line):
                    start = i
                    break
        for pattern in (rf'^\s*"?{re.escape(key)}"?\s*=', rf"^\s*\[{re.escape(dotted)}\]"):
            for i in range(start, len(self.lines)):
                if re.match(pattern, self.lines[i]):
                    return i + 1
        return start + 1

    def fail(self, where: str, why: str) -> NoReturn:
        """Raise the error for key ``where`` (a dotted path), at its line."""
        raise self.error(self.name, self.line_of(where), why)

    # ------------------------------------------------------------------ checks
    def table(self, table: Mapping[str, Any], key: str, where: str = "",
              allowed: Iterable[str] | None = None) -> dict[str, Any]:
        """``table[key]`` as a table (``{}`` if absent); with ``allowed``, no other keys."""
        value = table.get(key, {})
        dotted = _join(where, key)
        if not isinstance(value, dict):
            self.fail(dotted, f"{dotted} must be a table, e.g. [{dotted}]")
        if allowed is not None:
            self.unknown(value, allowed, dotted)
        return value

    def unknown(self, table: Mapping[str, Any], allowed: Iterable[str], where: str) -> None:
        """Fail on the first key of ``table`` (at ``where``) that is not ``allowed``."""
        allowed = set(allowed)
        for key in table:
            if key not in allowed:
                dotted = _join(where, key)
                prefix = f"{where}." if where else ""
                self.fail(dotted, f"unknown key {prefix}{key!r}; allowed: "
                          f"{', '.join(sorted(allowed))}")

    def text(self, table: Mapping[str, Any], key: str, where: str = "") -> str:
        """``table[key]``: non-empty text, stripped."""
        value = table.get(key)
        if not isinstance(value, str) or not value.strip():
            self.fail(_join(where, key), f"{key} must be non-empty text")
        return value.strip()

    def text_list(self, table: Mapping[str, Any], key: str, where: str = "") -> list[str]:
        """``table[key]``: a list of text (``[]`` if absent)."""
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail(_join(where, key), f"{key} must be a list of text")
        return list(value)

    def boolean(self, table: Mapping[str, Any], key: str, where: str = "") -> bool | None:
        """``table[key]``: ``true`` or ``false`` (None if absent)."""
        value = table.get(key)
        if value is not None and not isinstance(value, bool):
            self.fail(_join(where, key), f"{_join(where, key)} must be true or false")
        return value

    def cell(self, text: str, where: str) -> Cell:
        """A cell written ``"q,r"``."""
        try:
            return parse_cell(text)
        except ValueError as e:
            self.fail(where, str(e))

    def translations(self, table: Mapping[str, Any], key: str, where: str = "",
                     required: bool = False) -> dict[str, str]:
        """``table[key]``: a table of one text in some of the kit's languages (en, de, zh),
        each non-empty, at least one; the others are optional (a reader falls back to
        another). ``{}`` if absent and not ``required``.

        >>> r = Reader('[title]\\nde = "Spinne"\\n[caption]\\nfr = "Araignée"\\n', "a.toml")
        >>> r.translations(r.data, "title")
        {'de': 'Spinne'}
        >>> r.translations(r.data, "caption")
        Traceback (most recent call last):
        ...
        hive_teach.core.tomlfile.TomlFileError: a.toml:4: unknown key caption.'fr'; allowed: \
de, en, zh
        """
        dotted = _join(where, key)
        if key not in table and required:
            self.fail(dotted, f"[{dotted}] is missing: give it in {', '.join(LANGUAGES)}")
        value = self.table(table, key, where, allowed=LANGUAGES)
        for lang, text in value.items():
            if not isinstance(text, str) or not text.strip():
                self.fail(f"{dotted}.{lang}", f"{dotted}.{lang} must be non-empty text")
        if key in table and not value:
            self.fail(dotted, f"[{dotted}] is empty: give the text in one or more of "
                      f"{', '.join(LANGUAGES)}, or leave the table out")
        return {lang: text.strip() for lang, text in value.items()}


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


__all__ = ["Reader", "TomlFileError", "parse", "read_file", "toml_files"]
