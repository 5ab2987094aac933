"""Scenarios written inside Markdown pages: ```` ```hive ```` fenced blocks, checked like files.

A rules page, a handout or a tutorial shows a position and says where a piece may go; written
as a ```` ```hive ```` block, the claim is checked by the engine (``hive-teach verify
page.md``, ``pytest --hive``). A block is the scenario format (``docs/scenarios.md``) inline,
and only what the check needs is required: the position and what to check (``[focus]`` or
``[expect]``). ``id`` (default: ``line-N``, N the line of the opening fence), ``rules``,
titles, captions and their translations may all be left out. A block says ``game = "rive"``
for a Rive game. Errors give the page and the page's line::

    ```hive
    [position]
    game_string = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
    [focus]
    piece = "wQ"
    targets = ["0,-1", "-1,1"]
    ```

>>> page = '''# Queen
...
... ```hive
... [position]
... game_string = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
... [focus]
... piece = "wQ"
... targets = ["0,-1", "1,-1"]
... ```
... '''
>>> (block,) = blocks(page, "queen.md")
>>> block.line, block.index, block.text.splitlines()[0]
(3, 0, '[position]')
>>> s = load_block(block)
>>> s.id, s.rules, s.verify()
('line-3', (), ["targets of wQ: the engine also allows ['-1,1'], and does not allow ['1,-1']"])
>>> load_block(blocks(page.replace("[focus]", "[focus]\\nspeed = 2"), "queen.md")[0])
Traceback (most recent call last):
...
hive_teach.teach.base.ScenarioError: queen.md:7: unknown key focus.'speed'; allowed: \
forbidden, piece, targets
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hive_teach.core.tomlfile import parse, read_file
from hive_teach.teach.base import ScenarioError
from hive_teach.teach.scenario import AnyScenario, load, loads

FENCE_INFO = "hive"
"""The info string that marks a block as a scenario: ```` ```hive ````."""
_OPEN = re.compile(r"^( {0,3})(`{3,}|~{3,})[ \t]*([^`\s]*)[^`]*$")
# Top-level keys that only a scenario file has: a TOML file under a folder with none of them
# (pyproject.toml, a puzzle's [puzzle]) is not one.
_SCENARIO_KEYS = ("id", "rules", "position", "focus", "expect", "game")
_SCENARIO_LINE = re.compile(r"^\s*(\[\s*(position|focus|expect)[\].]|(id|rules|position|game)\s*=)",
                            re.M)


@dataclass(frozen=True)
class Block:
    """One ```` ```hive ```` block of a page: where it is and what it says.

    ``line`` is the line of the opening fence (from 1); ``index`` its place among the page's
    hive blocks (from 0); ``text`` the lines between the fences, the fence's indentation
    taken off; ``first`` the page's line index (from 0) of the first of them, ``indent`` the
    fence's indentation.
    """

    path: str
    line: int
    index: int
    text: str
    first: int
    indent: int = 0

    @property
    def default_id(self) -> str:
        """The id of a block that gives none: ``line-N``."""
        return f"line-{self.line}"


def blocks(text: str, path: str = "<page>") -> list[Block]:
    """The ```` ```hive ```` blocks of a Markdown page, in page order (CommonMark fences:
    three or more backticks or tildes, indented at most three spaces, closed by a fence of
    the same kind at least as long). An unclosed hive block is an error naming its line."""
    lines = text.splitlines()
    out: list[Block] = []
    i = 0
    while i < len(lines):
        m = _OPEN.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = len(m.group(1)), m.group(2), m.group(3)
        close = re.compile(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}\s*$")
        end = next((j for j in range(i + 1, len(lines)) if close.match(lines[j])), None)
        if info.lower() == FENCE_INFO:
            if end is None:
                raise ScenarioError(path, i + 1, f"the {fence}{FENCE_INFO} block opened here is "
                                    f"never closed: end it with a line {fence}")
            body = [_dedent(line, indent) for line in lines[i + 1:end]]
            out.append(Block(path, i + 1, len(out), "\n".join(body) + ("\n" if body else ""),
                             i + 1, indent))
        i = (end if end is not None else len(lines)) + 1
    return out


def _dedent(line: str, indent: int) -> str:
    """``line`` without up to ``indent`` leading spaces (as CommonMark reads a fenced block)."""
    n = len(line) - len(line.lstrip(" "))
    return line[min(n, indent):]


def load_block(block: Block) -> AnyScenario:
    """The scenario a block writes; errors name the page and the page's line."""
    # Blank lines in front keep the reader's line numbers those of the page.
    try:
        return loads("\n" * block.line + block.text, block.path, default_id=block.default_id)
    except ScenarioError as e:
        if e.line > block.line:
            raise
        # A key the block lacks has no line of its own: point at the block.
        raise ScenarioError(e.file, block.line, e.why) from None


# ----------------------------------------------------------------------------- files and folders
@dataclass(frozen=True)
class Source:
    """A scenario to check: a TOML file (``block`` None) or a block of a Markdown page."""

    path: Path
    block: Block | None = None
    error: ScenarioError | None = None
    """Why the page could not be read (an unclosed block): :meth:`load` raises it."""

    @property
    def line(self) -> int:
        """Where it starts: 1 for a file, the opening fence's line for a block."""
        return 1 if self.block is None else self.block.line

    @property
    def where(self) -> str:
        """``file`` or ``page.md:line``, for messages."""
        return str(self.path) if self.block is None else f"{self.path}:{self.block.line}"

    def load(self) -> AnyScenario:
        """Read the scenario (a :class:`ScenarioError` names file and line)."""
        if self.error is not None:
            raise self.error
        if self.block is None:
            return load(self.path)
        return load_block(self.block)

    @property
    def id_given(self) -> bool:
        """Whether the scenario names its own id (a file always does; a block may not)."""
        if self.block is None:
            return True
        return re.search(r"^\s*id\s*=", self.block.text, re.M) is not None


def is_page(path: Path) -> bool:
    """Whether ``path`` is read as a Markdown page (``.md``, ``.markdown``)."""
    return path.suffix.lower() in (".md", ".markdown")


def is_scenario_file(path: Path) -> bool:
    """Whether a TOML file found in a folder is a scenario: it has a scenario's top-level
    keys (``id``, ``position``, ...) and no ``[puzzle]`` (puzzles are proved by the solver:
    ``python -m hive_teach.teach.puzzle``). A file that is not valid TOML counts if a line
    looks like a scenario's, so that its error is reported rather than passed over."""
    try:
        text = read_file(path, ScenarioError)
    except ScenarioError:
        return True  # unreadable: reading it again reports why
    try:
        data: dict[str, Any] = parse(text, str(path), ScenarioError)
    except ScenarioError:
        return _SCENARIO_LINE.search(text) is not None
    return "puzzle" not in data and any(key in data for key in _SCENARIO_KEYS)


def sources(paths: Iterable[str | Path], only_scenarios: bool = False) -> Iterator[Source]:
    """The scenarios in files and folders: a TOML file given is a scenario (with
    ``only_scenarios``: if :func:`is_scenario_file` says so); a Markdown page given gives its
    hive blocks; a folder gives its scenario TOML files and the hive blocks of its Markdown
    pages, sorted by path. A page that cannot be read (or has an unclosed block) gives one
    source whose :meth:`Source.load` raises why."""
    for path in paths:
        p = Path(path)
        if p.is_dir():
            found = sorted(f for f in p.rglob("*") if f.is_file() and (
                (f.suffix == ".toml" and is_scenario_file(f)) or is_page(f)))
        else:
            found = [p] if not only_scenarios or is_page(p) or is_scenario_file(p) else []
        for f in found:
            if not is_page(f):
                yield Source(f)
                continue
            try:
                found_blocks = blocks(read_file(f, ScenarioError), str(f))
            except ScenarioError as e:
                yield Source(f, error=e)
                continue
            for block in found_blocks:
                yield Source(f, block)


__all__ = ["FENCE_INFO", "Block", "Source", "blocks", "is_page", "is_scenario_file",
           "load_block", "sources"]
