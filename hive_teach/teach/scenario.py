"""Scenarios: small named positions that illustrate a rule, in one TOML format for every game.

One file feeds the notebooks, the diagrams (``hive-teach render``), the printed worksheets
(``hive-teach worksheet``) and CI (``hive-teach verify``): if the engine and a scenario ever
disagree, CI fails. The format is documented in ``docs/scenarios.md``. A file names its game
with ``game = "rive"``; without a ``game`` key (or with ``game = "hive"``) it is Hive. The
loaders here read any registered game's (:mod:`hive_teach.core.registry`): the keys every
game shares are read by :class:`~hive_teach.teach.base.Scenario`, the rest by the scenario
class the game registers (:class:`~hive_teach.teach.hive_scenario.HiveScenario`,
:class:`~hive_teach.teach.rive_scenario.RiveScenario`, ...). A short Hive example::

    id = "spider-exactly-three"
    rules = ["R12"]
    game_type = "Base"

    [title]
    en = "The Spider walks exactly three steps"
    de = "Die Spinne läuft genau drei Schritte"
    zh = "蜘蛛正好走三步"

    [position]
    to_move = "white"
    turn = 6
    [position.stacks]
    "0,0" = "wQ"
    "1,0" = "bQ"
    "-1,0" = "wS1"

    [focus]
    piece = "wS1"
    targets = ["2,-1", "1,1"]
    [focus.forbidden]
    "0,-1" = "R12"

>>> s = loads('''
... id = "tiny"
... rules = ["R9"]
... [title]
... en = "Queen"
... de = "Königin"
... zh = "蜂后"
... [position]
... game_string = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
... [focus]
... piece = "wQ"
... targets = ["0,-1", "-1,1"]
... ''', "tiny.toml")
>>> s.GAME, s.id, s.rules, s.focus.piece.name
('hive', 'tiny', ('R9',), 'wQ')
>>> verify(s)
[]
>>> from hive_teach.teach.library import scenario_dir
>>> rive = load(scenario_dir() / "rive" / "rive-groups.toml")
>>> rive.GAME, verify(rive)
('rive', [])
>>> loads('id = "tiny"\\nrules = ["R99"]', "tiny.toml")
Traceback (most recent call last):
...
hive_teach.teach.base.ScenarioError: tiny.toml:2: 'R99' is not a Hive rule id of RULES.md \
(R0-R20)
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from hive_teach.core.registry import DEFAULT, choices, games, parts_named
from hive_teach.core.tomlfile import Reader, read_file, toml_files
from hive_teach.teach.base import Exercise, Finding, IllegalExample, Scenario, ScenarioError
from hive_teach.teach.hive_scenario import Focus, HiveScenario
from hive_teach.teach.rive_scenario import RiveScenario

AnyScenario = HiveScenario | RiveScenario
"""A scenario of the kit's own games, for type checkers; at run time the loaders return the
scenario class of any registered game (a :class:`~hive_teach.teach.base.Scenario`)."""


def scenario_class(game: object) -> type[AnyScenario]:
    """The scenario class the game named ``game`` (a file's ``game`` key) registers.

    >>> scenario_class("rive").__name__
    'RiveScenario'
    """
    found: type[AnyScenario] = parts_named(game).part("scenario")
    return found


def loads(text: str, name: str = "<scenario>", default_id: str | None = None) -> AnyScenario:
    """Read a scenario of any game from TOML text; ``name`` is used in error messages
    (``name:line: why``, a :class:`ScenarioError`). With ``default_id`` the text is a scenario
    written inline (a Markdown block): ``id`` and ``rules`` may be left out."""
    r = Reader(text, name, ScenarioError)
    game = r.data.get("game", DEFAULT)
    try:
        cls = scenario_class(game)
    except ValueError:
        r.fail("game", f"game must be {choices()}, not {game!r}")
    return cls.read(r, default_id)


def load(path: str | Path) -> AnyScenario:
    """Read one scenario file of any game; errors name the file and the line."""
    return loads(read_file(path, ScenarioError), str(path))


def load_all(paths: Iterable[str | Path], game: str | None = None) -> list[AnyScenario]:
    """Read scenario files and folders (every ``*.toml`` below a folder), sorted by path
    within each folder; ``game`` (``"hive"``, ``"rive"``) keeps that game's only."""
    if game is not None:
        try:
            parts_named(game)
        except ValueError:
            names = ", ".join(p.name for p in games())
            raise ValueError(f"game must be one of {names}, not {game!r}") from None
    scenarios = [load(f) for f in toml_files(paths)]
    return [s for s in scenarios if game is None or s.GAME == game]


def verify(scenario: AnyScenario) -> list[str]:
    """Check a scenario against its game's engine; the problems (empty when all agree).

    What is checked depends on the game: see :meth:`HiveScenario.verify` and
    :meth:`RiveScenario.verify`.
    """
    return scenario.verify()


__all__ = [
    "AnyScenario",
    "Exercise",
    "Finding",
    "Focus",
    "HiveScenario",
    "IllegalExample",
    "RiveScenario",
    "Scenario",
    "ScenarioError",
    "load",
    "load_all",
    "loads",
    "scenario_class",
    "verify",
]
