"""One registry of the games the kit teaches, and of the parts each game brings.

A game registers a :class:`GameParts` from its own package: its game class and the adapters
the upper layers use (the board's click model, the painter and its marks, the scenario
reader, the coach). An engine package may not import the board or the scenarios (the layers
of ``tests/test_layers.py``), so every part is a lazily resolved reference, a
``"module:attribute"`` string imported on first use. The board, the scenarios, the classroom
and the command line ask this registry for a game's parts, by the game object
(:func:`parts_for`, through its class) or by the game's name (:func:`parts_named`, the
``game`` key of a scenario file); none of them asks which game it holds.

>>> parts = parts_named("rive")
>>> parts.game
'hive_teach.rive.position:RiveGame'
>>> from hive_teach.hive.position import Position
>>> parts_for(Position()).name, parts_for(Position()).part("marks").__name__
('hive', 'Marks')
>>> [p.name for p in games()][:2]
['hive', 'rive']
>>> parts_named("chess")
Traceback (most recent call last):
...
ValueError: game must be "hive" or "rive", not 'chess'
>>> parts_for(3)
Traceback (most recent call last):
...
TypeError: int is not a game the kit knows ("hive" or "rive")
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field, fields
from typing import Any

BUILTIN = {"hive": "hive_teach.hive.parts", "rive": "hive_teach.rive.parts"}
"""The kit's own games and the modules that register them, imported on the first look-up (by
name: an engine package may not be imported by ``core``); they come first in :func:`games`."""

DEFAULT = "hive"
"""The game of a scenario file without a ``game`` key."""

_GAMES: dict[str, GameParts] = {}
_RESOLVED: dict[str, Any] = {}
_loaded = False


@dataclass(frozen=True)
class GameParts:
    """What one game brings to the kit, each part a ``"module:attribute"`` reference.

    ``name``: the game's name (a scenario file's ``game`` key, ``--game`` options);
    ``game``: its game class (implementing :class:`hive_teach.core.game.Game`);
    ``clicks``: the board's click model class (:class:`hive_teach.board.clicks.Clicks`);
    ``marks``: the class of a diagram's marks; ``with_fields``: ``(marks or None, **fields)``
    to marks; ``painter``: ``(game, marks)`` to a :class:`~hive_teach.core.scene.Scene`;
    ``scenario``: the scenario class of the game's files
    (:class:`hive_teach.teach.base.Scenario`); ``text_prefix``: the start that tells a game
    text (a ``render`` source, read by the game class's ``from_text``) is this game's (empty:
    none does; the default game reads what no other game claims); ``coach``: the board's
    coach class, if the game has one;
    ``piece_marks``: ``(game, piece, lang=)`` to the marks of one piece's moves, if the game
    has pieces (``render --piece``).
    """

    name: str
    game: str
    clicks: str
    marks: str
    with_fields: str
    painter: str
    scenario: str
    text_prefix: str = ""
    coach: str | None = None
    piece_marks: str | None = None
    extra: dict[str, str] = field(default_factory=dict, compare=False)
    """Further parts by name, for a game's own helpers (``wanted``: what the engine answers
    to a scenario's expectations, for ``pytest --hive-update``)."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("name", "text_prefix", "extra") or value is None:
                continue
            if not isinstance(value, str) or value.count(":") != 1:
                raise ValueError(f"{self.name}: part {f.name} must be a 'module:attribute' "
                                 f"reference, not {value!r}")

    def has(self, part: str) -> bool:
        """Whether the game brings ``part``."""
        return self._ref(part) is not None

    def part(self, part: str) -> Any:
        """The object ``part`` refers to, imported on first use.

        >>> parts_named("rive").part("coach")
        Traceback (most recent call last):
        ...
        LookupError: the game "rive" brings no coach
        """
        ref = self._ref(part)
        if ref is None:
            raise LookupError(f'the game "{self.name}" brings no {part}')
        if ref not in _RESOLVED:
            module, _, attr = ref.partition(":")
            obj: Any = importlib.import_module(module)
            for name in attr.split("."):
                obj = getattr(obj, name)
            _RESOLVED[ref] = obj
        return _RESOLVED[ref]

    def _ref(self, part: str) -> str | None:
        if part in self.extra:
            return self.extra[part]
        if part in ("name", "text_prefix", "extra") or part not in _PART_NAMES:
            raise LookupError(f"{part!r} is not a part a game brings: one of "
                              f"{', '.join(sorted(_PART_NAMES - {'name', 'text_prefix'}))}")
        value: str | None = getattr(self, part)
        return value


_PART_NAMES = frozenset(f.name for f in fields(GameParts)) - {"extra"}


def register(parts: GameParts) -> GameParts:
    """Register a game's parts (again: nothing changes); another game of the same name is
    refused.

    >>> register(parts_named("hive")) is parts_named("hive")
    True
    >>> from dataclasses import replace
    >>> register(replace(parts_named("hive"), game="mygame:Board"))
    Traceback (most recent call last):
    ...
    ValueError: the game name "hive" is taken by hive_teach.hive.position:Position
    """
    _load_builtin()
    known = _GAMES.get(parts.name)
    if known is not None:
        if known == parts:
            return known
        raise ValueError(f'the game name "{parts.name}" is taken by {known.game}')
    _GAMES[parts.name] = parts
    order = [*(n for n in BUILTIN if n in _GAMES), *(n for n in _GAMES if n not in BUILTIN)]
    for name in order:  # the kit's own games first, whichever module was imported first
        _GAMES[name] = _GAMES.pop(name)
    return parts


def games() -> tuple[GameParts, ...]:
    """Every registered game, the kit's own first."""
    _load_builtin()
    return tuple(_GAMES.values())


def parts_named(name: object) -> GameParts:
    """The parts of the game called ``name``; a :class:`ValueError` names the known ones."""
    _load_builtin()
    if not isinstance(name, str) or name not in _GAMES:
        raise ValueError(f"game must be {choices()}, not {name!r}")
    return _GAMES[name]


def parts_for(game: object) -> GameParts:
    """The parts of ``game``'s game, found by its class (or a base class of it)."""
    _load_builtin()
    by_class = {p.game: p for p in _GAMES.values()}
    for cls in type(game).__mro__:
        found = by_class.get(f"{cls.__module__}:{cls.__qualname__}")
        if found is not None:
            return found
    raise TypeError(f"{type(game).__name__} is not a game the kit knows ({choices()})")


def unregister(name: str) -> None:
    """Forget the game ``name`` (a test's own game, after the test); unknown: nothing."""
    _GAMES.pop(name, None)


def choices() -> str:
    """The registered games' names, quoted, as a list in a sentence: ``"hive" or "rive"``."""
    _load_builtin()
    names = [f'"{n}"' for n in _GAMES]
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else "".join(names)


def _load_builtin() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in BUILTIN.values():
            importlib.import_module(module)


__all__ = ["BUILTIN", "DEFAULT", "GameParts", "choices", "games", "parts_for", "parts_named",
           "register", "unregister"]
