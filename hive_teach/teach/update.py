"""Rewrite a scenario's expectations to what the engine says, touching nothing else.

``pytest --hive --hive-update`` (and :func:`update_text`) take a scenario the engine
disagrees with and rewrite, in its TOML text, only the values of the keys that state an
expectation the engine can answer:

- Hive: ``[focus]`` ``targets`` (the engine's targets; the cells already listed keep their
  order), ``[focus.forbidden]`` and ``marks.forbidden`` (a cell the engine allows is taken
  out, a wrong rule id replaced), the rule of each ``expect.illegal`` example;
- Rive: ``expect.legal``, ``marks.forbidden`` and the rules of ``expect.illegal``.

Everything else (comments, the order of keys, spacing, the other tables, the Markdown around
a block) stays byte for byte as it was: the edits replace the text of those values, line by
line, and never write the file out from a parsed copy. What the engine disagrees with
otherwise (a false gate, a wrong state, an illegal example that is legal) is left for a
person to fix.

>>> text = '''id = "q"
... rules = ["R9"]
... [position]   # the Queen between two Spiders
... game_string = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
... [focus]
... piece = "wQ"
... targets = ["0,-1", "1,-1"]
... [focus.forbidden]
... "-2,0" = "R9"
... "-1,1" = "R7"
... '''
>>> new, changes = update_text(text)
>>> print(new)
id = "q"
rules = ["R9"]
[position]   # the Queen between two Spiders
game_string = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
[focus]
piece = "wQ"
targets = ["0,-1", "-1,1"]
[focus.forbidden]
"-2,0" = "R7"
<BLANKLINE>
>>> changes
['focus.targets: ["0,-1", "-1,1"]', 'focus.forbidden: -2,0 = R7 (was R9)', \
'focus.forbidden: -1,1 taken out (the engine allows it)']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from hive_teach.core.hexgrid import Cell, cell_name, parse_cell
from hive_teach.core.registry import parts_for
from hive_teach.core.tomlfile import parse, read_file
from hive_teach.hive.explain import explain_move
from hive_teach.hive.marks import Marks
from hive_teach.hive.position import Move
from hive_teach.rive.explain import explain
from hive_teach.rive.moves import Action
from hive_teach.teach.base import ScenarioError
from hive_teach.teach.markdown import Source, blocks
from hive_teach.teach.scenario import AnyScenario, HiveScenario, RiveScenario, loads


class UpdateError(ScenarioError):
    """A value ``--hive-update`` cannot rewrite in place (written in a form it does not
    edit); the message names the file, the line and the form to use."""


@dataclass(frozen=True)
class Edit:
    """Lines ``first`` to ``last`` (from 0, both included) of a text become ``lines``."""

    first: int
    last: int
    lines: tuple[str, ...]


# ----------------------------------------------------------------------------- what the engine says
@dataclass(frozen=True)
class Wanted:
    """The engine's answers to a scenario's rewritable expectations."""

    targets: tuple[str, ...] | None = None
    """Hive ``focus.targets`` (cell names) / Rive ``expect.legal`` (action texts), in the
    engine's order; None when the scenario lists none."""
    forbidden: Mapping[str, Mapping[Cell, str | None]] = field(default_factory=dict)
    """``focus.forbidden`` and ``marks.forbidden``: each listed cell's rule (None: legal)."""
    illegal: tuple[str | None, ...] = ()
    """Each ``expect.illegal`` example's rule, as the engine names it (None: legal)."""
    key: str = ""
    """The key of the file that lists :attr:`targets` (``focus.targets``, ``expect.legal``)."""
    norm: Callable[[object], str] = str
    """How a value written there is compared with :attr:`targets`."""


def wanted(s: AnyScenario) -> Wanted:
    """What the engine answers to ``s``'s rewritable expectations: the game registers how it
    finds them (its ``wanted`` part, :mod:`hive_teach.core.registry`)."""
    found: Wanted = parts_for(s.game()).part("wanted")(s)
    return found


def hive_wanted(s: HiveScenario) -> Wanted:
    """Hive's answers: ``focus.targets``, the forbidden cells' rules, ``expect.illegal``."""
    pos = s.position()
    forbidden: dict[str, dict[Cell, str | None]] = {}
    targets = None
    piece = s.focus.piece if s.focus is not None else None
    if s.focus is not None:
        if s.focus.targets is not None:
            targets = tuple(cell_name(c) for c in sorted(pos.targets(s.focus.piece)))
        if s.focus.forbidden:
            forbidden["focus.forbidden"] = {
                c: _rule(explain_move(pos, Move(s.focus.piece, c))) for c in s.focus.forbidden}
    if "selected" in s.marks_table:
        ref = Marks(selected=s.marks_table["selected"]).resolve(pos).selected
        piece = pos.top(ref) if ref is not None else piece
    if s.marks_table.get("forbidden") and piece is not None:
        forbidden["marks.forbidden"] = {
            c: _rule(explain_move(pos, Move(piece, c)))
            for c in map(parse_cell, s.marks_table["forbidden"])}
    for text in s.play:
        pos.play(text)
    illegal: list[str | None] = []
    for example in s.illegal:
        try:
            move = pos.parse_move(example.move)
        except ValueError as e:  # rejected as written (R0, R3...): the rule it gives
            illegal.append(getattr(e, "rule", None))
            continue
        illegal.append(_rule(explain_move(pos, move)))
    return Wanted(targets, forbidden, tuple(illegal), "focus.targets", _cell_text)


def rive_wanted(s: RiveScenario) -> Wanted:
    """Rive's answers: ``expect.legal``, the forbidden cells' rules, ``expect.illegal``."""
    game = s.game()
    forbidden = {}
    if "forbidden" in s.marks_table:
        forbidden["marks.forbidden"] = {
            c: _rule(explain(game, (Action.remove(c) if game.pending_capture
                                    else Action.place(c)).text))
            for c in s.marks_table["forbidden"]}
    for text in s.play:
        game.play(text)
    targets = None
    if s.legal is not None:
        targets = tuple(a.text for a in game.legal_moves())
    illegal = tuple(_rule(explain(game, example.move)) for example in s.illegal)
    return Wanted(targets, forbidden, illegal, "expect.legal", _action_text)


def _rule(why: object) -> str | None:
    """The rule id an explanation (or error) names; None for none (a legal move)."""
    rule = getattr(why, "rule", None)
    return None if rule is None else str(getattr(rule, "value", rule))


# ----------------------------------------------------------------------------- rewriting
def update_text(text: str, name: str = "<scenario>", scenario: AnyScenario | None = None,
                *, first_line: int = 0) -> tuple[str, list[str]]:
    """``text`` (a scenario's TOML) with its rewritable expectations set to the engine's,
    and a line for each change (empty: nothing to change). ``scenario`` is the scenario read
    from ``text`` (read again if not given); ``first_line`` is how many lines come before
    ``text`` in its file (a Markdown block's place on its page), for messages."""
    if scenario is None:
        scenario = loads("\n" * first_line + text, name, default_id="update")
    edits, changes = plan(text, scenario, name, first_line)
    return apply(text, edits), changes


def plan(text: str, s: AnyScenario, name: str = "<scenario>", first_line: int = 0
         ) -> tuple[list[Edit], list[str]]:
    """The edits that make ``text`` (the TOML ``s`` was read from) say what the engine says,
    and a line for each change. A value written in a form the edits do not handle raises
    :class:`UpdateError`."""
    toml = _Layout(text.splitlines(), name, first_line)
    want = wanted(s)
    edits: list[Edit] = []
    changes: list[str] = []
    if want.targets is not None:
        key, norm = want.key, want.norm
        written = [norm(v) for v in _value(toml, key)]
        if set(written) != set(want.targets):
            kept = [v for v in written if v in want.targets]
            items = [*kept, *(v for v in want.targets if v not in kept)]
            edits.append(_one_per_line(toml, key, items, norm)
                         or toml.replace_value(key, _array(items)))
            changes.append(f"{key}: {_array(items)}")
    for where, rules in want.forbidden.items():
        e, c = _forbidden(toml, where, rules)
        edits += e
        changes += c
    old = [ex.rule for ex in s.illegal]
    if any(rule is not None and rule != was for rule, was in zip(want.illegal, old,
                                                                  strict=True)):
        e, c = _illegal(toml, want.illegal, old)
        edits += e
        changes += c
    return edits, changes


_ITEM = re.compile(r"""^(\s*)(["'])([^"']*)\2(\s*,?)(.*)$""")


def _one_per_line(toml: _Layout, key: str, items: Sequence[str],
                  norm: Callable[[object], str]) -> Edit | None:
    """For a list written one item a line (``[`` and ``]`` on lines of their own): the edit
    that keeps the lines of the items that stay as they are (comments and all), drops the
    others and adds the new ones in the same style; None for a list written otherwise."""
    first, last = toml.value_lines(key)
    middle = toml.lines[first + 1:last]
    found = [_ITEM.match(line) for line in middle]
    head = toml.lines[first]
    if not middle or not all(found) or not re.search(r"=\s*\[\s*(#.*)?$", head) \
            or not toml.lines[last].lstrip().startswith("]"):
        return None
    lines = {norm(m.group(3)): line for m, line in zip(found, middle, strict=True) if m}
    style = found[-1]
    assert style is not None
    comma = "," if style.group(4).strip() else ""
    out = []
    for i, item in enumerate(items):
        line = lines.get(item) or f'{style.group(1)}"{item}"{comma}'
        m = _ITEM.match(line)
        assert m is not None
        if i < len(items) - 1 and "," not in m.group(4):  # no longer the last item
            line = line[:m.end(2)] + "," + line[m.end(2):]
        out.append(line)
    return Edit(first + 1, last - 1, tuple(out))


def _cell_text(value: object) -> str:
    return cell_name(parse_cell(str(value)))


def _action_text(value: object) -> str:
    return Action.parse(str(value)).text


def _array(items: Sequence[str]) -> str:
    return "[" + ", ".join(f'"{v}"' for v in items) + "]"


def _value(toml: _Layout, key: str) -> Any:
    """The value of ``key`` as written (parsed)."""
    return parse(f"v = {toml.value_text(key)}", toml.name)["v"]


def _forbidden(toml: _Layout, where: str, rules: Mapping[Cell, str | None]
               ) -> tuple[list[Edit], list[str]]:
    """Edits for a forbidden table (``[focus.forbidden]`` or an inline ``forbidden = {}``):
    a wrong rule id replaced, a cell the engine allows taken out."""
    edits: list[Edit] = []
    changes: list[str] = []
    if toml.has_table(where):
        for c, rule in sorted(rules.items()):
            i = next(toml.key_line(where, name) for name in _spellings(toml, where, c))
            line = toml.lines[i]
            m = re.search(r"=\s*([\"'])([RV]\d+)\1", line)
            if m is None:
                toml.fail(i, f'write the rule of {cell_name(c)} as "{cell_name(c)}" = "R7"')
            if rule is None:
                edits.append(Edit(i, i, ()))
                changes.append(f"{where}: {cell_name(c)} taken out (the engine allows it)")
            elif rule != m.group(2):
                edits.append(Edit(i, i, (line[:m.start(2)] + rule + line[m.end(2):],)))
                changes.append(f"{where}: {cell_name(c)} = {rule} (was {m.group(2)})")
        return edits, changes
    written = _value(toml, where)
    new = {}
    for name, was in written.items():
        rule = rules.get(parse_cell(name), was)
        if rule is None:
            changes.append(f"{where}: {name} taken out (the engine allows it)")
            continue
        if rule != was:
            changes.append(f"{where}: {name} = {rule} (was {was})")
        new[name] = rule
    if changes:
        value = "{" + ", ".join(f'"{n}" = "{r}"' for n, r in new.items()) + "}"
        edits.append(toml.replace_value(where, value))
    return edits, changes


def _spellings(toml: _Layout, table: str, c: Cell) -> list[str]:
    """The key of cell ``c`` in ``table`` as written (``"1,0"``, or ``"1, 0"``)."""
    names = [key for (t, key) in toml.keys if t == table and _same_cell(key, c)]
    return names or [cell_name(c)]


def _same_cell(key: str, c: Cell) -> bool:
    try:
        return parse_cell(key) == c
    except ValueError:
        return False


def _illegal(toml: _Layout, rules: Sequence[str | None], old: Sequence[str]
             ) -> tuple[list[Edit], list[str]]:
    """Edits setting the rule of each ``expect.illegal`` example the engine finds illegal
    by another rule (a legal example is left for a person)."""
    first, last = toml.value_lines("expect.illegal")
    found = [(i, m) for i in range(first, last + 1)
             for m in re.finditer(r"\brule\s*=\s*([\"'])([RV]\d+)\1", toml.lines[i])]
    if len(found) != len(old):
        toml.fail(first, 'write expect.illegal as [{move = "...", rule = "R7"}, ...]')
    lines = {i: toml.lines[i] for i in range(first, last + 1)}
    changes = []
    # From the right, so that earlier places on a line stay where they were.
    for (i, m), rule, was in reversed(list(zip(found, rules, old, strict=True))):
        if rule is None or rule == was:
            continue
        lines[i] = lines[i][:m.start(2)] + rule + lines[i][m.end(2):]
        changes.append(f"expect.illegal: rule {rule} (was {was})")
    edits = [Edit(i, i, (text,)) for i, text in lines.items() if text != toml.lines[i]]
    return edits, changes[::-1]


def apply(text: str, edits: Sequence[Edit],
          line_of: Callable[[int], int] = lambda i: i, indent: str = "") -> str:
    """``text`` with ``edits`` made; ``line_of`` maps an edit's line to a line of ``text``
    (a block's lines to its page's), ``indent`` goes in front of each new line (a block's
    fence indentation). Line endings (``\\n``, ``\\r\\n``) stay as they were."""
    lines = text.splitlines(keepends=True)
    for edit in sorted(edits, key=lambda e: e.first, reverse=True):
        first, last = line_of(edit.first), line_of(edit.last)
        old = lines[last]
        ending = old[len(old.rstrip("\r\n")):]
        lines[first:last + 1] = [f"{indent}{line}{ending}" for line in edit.lines]
    return "".join(lines)


class _Layout:
    """Where the tables and keys of a TOML text are, line by line (for the forms scenario
    files use: ``[table]`` headers, ``key = value`` lines, values over several lines)."""

    _HEADER = re.compile(r"^\s*\[\s*([A-Za-z0-9_.\"' -]+?)\s*\]\s*(#.*)?$")
    _KEY = re.compile(r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_.-]+)\s*=""")

    def __init__(self, lines: list[str], name: str, first_line: int) -> None:
        self.lines = lines
        self.name = name
        self.first_line = first_line
        self.keys: dict[tuple[str, str], int] = {}
        self.tables: dict[str, int] = {}
        self.ends: dict[int, int] = {}
        starts = _line_states(lines)
        table = ""
        for i, line in enumerate(lines):
            if starts[i] != (0, ""):  # inside a value or a string that began above
                continue
            m = self._HEADER.match(line)
            if m and not line.lstrip().startswith("[["):
                table = m.group(1).replace(" ", "")
                self.tables[table] = i
                continue
            k = self._KEY.match(line)
            if not k:
                continue
            key = k.group(1)
            if key[0] in "\"'":
                self.keys[(table, key[1:-1])] = i
            elif "." in key:
                head, key = key.rsplit(".", 1)
                self.keys[(f"{table}.{head}" if table else head, key)] = i
            else:
                self.keys[(table, key)] = i
            j = i
            while j + 1 < len(lines) and starts[j + 1] != (0, ""):
                j += 1
            self.ends[i] = j

    def fail(self, i: int, why: str) -> NoReturn:
        raise UpdateError(self.name, self.first_line + i + 1, f"--hive-update cannot rewrite "
                          f"this line: {why}")

    def has_table(self, table: str) -> bool:
        return table in self.tables

    def key_line(self, dotted: str, key: str | None = None) -> int:
        """The line of ``key`` in table ``dotted`` (or of the dotted key itself)."""
        if key is None:
            dotted, key = dotted.rsplit(".", 1) if "." in dotted else ("", dotted)
        line = self.keys.get((dotted, key))
        if line is None:
            where = self.tables.get(dotted, 0)
            raise UpdateError(self.name, self.first_line + where + 1,
                              f"--hive-update cannot find {dotted}.{key}: write it as a line "
                              f"{key} = ... under [{dotted}]")
        return line

    def value_lines(self, dotted: str) -> tuple[int, int]:
        """The first and last line of key ``dotted``'s value."""
        i = self.key_line(dotted)
        return i, self.ends[i]

    def value_text(self, dotted: str) -> str:
        """Key ``dotted``'s value as written, comments taken out."""
        first, last = self.value_lines(dotted)
        m = self._KEY.match(self.lines[first])
        assert m is not None
        lines = [self.lines[first][m.end():], *self.lines[first + 1:last + 1]]
        return "\n".join(line[:len(line) - len(_comment(line))] for line in lines)

    def replace_value(self, dotted: str, value: str) -> Edit:
        """The edit that gives key ``dotted`` the value ``value``, keeping the key's text,
        and a comment after the value, as they are."""
        first, last = self.value_lines(dotted)
        m = self._KEY.match(self.lines[first])
        assert m is not None
        head = self.lines[first][:m.end()]
        rest = self.lines[first][m.end():]
        spaces = rest[:len(rest) - len(rest.lstrip(" \t"))] or " "
        tail = _comment(self.lines[last]) if last > first else ""
        tail = tail or _comment(rest)
        return Edit(first, last, (f"{head}{spaces}{value}{tail}",))


def _line_states(lines: Sequence[str]) -> list[tuple[int, str]]:
    """For each line, the state its first character is read in: the depth of open brackets
    and the multi-line string it is inside (``\"\"\"``, ``\'\'\'`` or ``""``)."""
    states = []
    depth, ml = 0, ""
    for line in lines:
        states.append((depth, ml))
        i = 0
        while i < len(line):
            if ml:
                if line.startswith(ml, i):
                    ml, i = "", i + 3
                else:
                    i += 2 if ml == '"""' and line[i] == "\\" else 1
                continue
            ch = line[i]
            if line.startswith('"""', i) or line.startswith("'''", i):
                ml, i = line[i:i + 3], i + 3
            elif ch in "\"'":
                i = _string_end(line, i)
            elif ch == "#":
                break
            else:
                depth += (ch in "[{") - (ch in "]}")
                i += 1
    return states


def _string_end(line: str, i: int) -> int:
    """The index after the one-line string that starts at ``line[i]``."""
    quote = line[i]
    j = i + 1
    while j < len(line) and line[j] != quote:
        j += 2 if quote == '"' and line[j] == "\\" else 1
    return j + 1


def _comment(text: str) -> str:
    """The comment at the end of a line of code (with the spaces before it), or ``""``."""
    i = 0
    while i < len(text):
        if text[i] in "\"'":
            i = _string_end(text, i)
        elif text[i] == "#":
            start = i
            while start > 0 and text[start - 1] in " \t":
                start -= 1
            return text[start:]
        else:
            i += 1
    return ""


# ----------------------------------------------------------------------------- files and pages
def update_source(source: Source, scenario: AnyScenario | None = None) -> list[str]:
    """Rewrite, in its file, the expectations of a scenario file or of a Markdown page's
    block to the engine's; what changed (empty: nothing, and the file is not written).

    The file is read and written as bytes in UTF-8, so its line endings and everything
    around the rewritten values stay as they were. A page whose block is no longer the one
    that was read (edited meanwhile) raises :class:`UpdateError`.
    """
    path = source.path
    text = path.read_bytes().decode("utf-8")
    if scenario is None:
        scenario = source.load()
    block = source.block
    if block is None:
        edits, changes = plan(text, scenario, str(path))
        new = apply(text, edits)
    else:
        found = blocks(text, str(path))
        now = found[block.index] if block.index < len(found) else None
        if now is None or now.text != block.text:
            raise UpdateError(str(path), block.line, "the block changed since it was read: run "
                              "again")
        edits, changes = plan(now.text, scenario, str(path), now.line)
        new = apply(text, edits, line_of=lambda i: now.first + i, indent=" " * now.indent)
    if new != text:
        path.write_bytes(new.encode("utf-8"))
    return changes


def reread(source: Source) -> Source:
    """The same scenario read again from its file (a block found again by its place)."""
    if source.block is None:
        return source
    text = read_file(source.path, ScenarioError)
    found = blocks(text, str(source.path))
    if source.block.index >= len(found):
        raise UpdateError(str(source.path), source.block.line, "the block is gone")
    return Source(source.path, found[source.block.index])


__all__ = ["Edit", "UpdateError", "Wanted", "apply", "plan", "reread", "update_source",
           "update_text", "wanted"]
