"""A pytest plugin that checks Hive diagrams: ``pytest --hive DIR``.

Installed with the kit (the ``pytest11`` entry point), it does nothing until ``--hive`` is
given, so it never disturbs another project's suite. With ``--hive``, under the paths given it
collects scenario TOML files (:func:`~hive_teach.teach.markdown.is_scenario_file`; a TOML file
named on the command line always counts) and the ```` ```hive ```` blocks of Markdown pages
(:mod:`hive_teach.teach.markdown`): one test per scenario or block, named by its id and the
line it starts on (``page.md::queen-steps (line 12)``). A test passes when the engine agrees
with every claim (:meth:`~hive_teach.teach.base.Scenario.findings`); a failure prints
:func:`~hive_teach.teach.report.report`: the missing and extra targets, the wrong rule ids and
false marks with the engine's explanations, and a map of the position.

``--hive-update`` rewrites the expectations of a failing scenario in its file
(:mod:`hive_teach.teach.update`: the targets, the forbidden cells and the rule ids), leaving
every other byte as it was; the test then passes if that was all that was wrong. It writes
files, so it refuses to run in several processes at once (pytest-xdist's ``-n``).

Without the kit installed (a checkout), load it by hand: ``pytest -p
hive_teach.teach.pytest_plugin --hive docs/``.

>>> item_name("queen-steps", 12), item_name(None, 12)
('queen-steps (line 12)', 'block (line 12)')
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from hive_teach.teach.base import Finding, ScenarioError
from hive_teach.teach.markdown import Source, blocks, is_page, is_scenario_file
from hive_teach.teach.scenario import AnyScenario

_UPDATED = pytest.StashKey[list[str]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("hive", "checking Hive diagrams against the engine (hive_teach)")
    group.addoption("--hive", action="store_true", default=False,
                    help="collect scenario TOML files and ```hive blocks of Markdown files "
                    "under the given paths, one test each, checked against the engine")
    group.addoption("--hive-update", action="store_true", default=False,
                    help="with --hive: rewrite the expectations of failing scenarios in their "
                    "files (targets, forbidden cells, rule ids), nothing else")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("hive_update"):
        if not config.getoption("hive"):
            raise pytest.UsageError("--hive-update rewrites what --hive checks: give both")
        workers = config.getoption("numprocesses", None) if _has_xdist(config) else None
        if workers or hasattr(config, "workerinput"):
            raise pytest.UsageError("--hive-update rewrites files: run it in one process "
                                    "(without -n, or with -n 0)")
    config.stash[_UPDATED] = []


def _has_xdist(config: pytest.Config) -> bool:
    return config.pluginmanager.hasplugin("xdist")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if not parent.config.getoption("hive"):
        return None
    if is_page(file_path):
        return HivePage.from_parent(parent, path=file_path)
    if file_path.suffix == ".toml" and (parent.session.isinitpath(file_path)
                                        or is_scenario_file(file_path)):
        return HiveFile.from_parent(parent, path=file_path)
    return None


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    updated = config.stash.get(_UPDATED, [])
    if updated:
        terminalreporter.section("hive: expectations rewritten")
        for line in updated:
            terminalreporter.write_line(line)


def item_name(sid: str | None, line: int) -> str:
    """The name of a scenario's test: its id (``block`` for a block without one) and line."""
    return f"{sid or 'block'} (line {line})"


class HivePage(pytest.File):
    """A Markdown page: one :class:`HiveItem` per ```` ```hive ```` block."""

    def collect(self) -> list[HiveItem]:
        text = self.path.read_text(encoding="utf-8")
        try:
            found = blocks(text, str(self.path))
        except ScenarioError as e:  # an unclosed block: one failing test that says so
            return [HiveItem.from_parent(self, name=item_name(None, e.line),
                                         source=Source(self.path), error=e)]
        return [HiveItem.from_parent(self, name=item_name(_written_id(b.text), b.line),
                                     source=Source(self.path, b)) for b in found]


class HiveFile(pytest.File):
    """A scenario TOML file: one :class:`HiveItem`."""

    def collect(self) -> list[HiveItem]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        return [HiveItem.from_parent(self, name=item_name(_written_id(text) or self.path.stem,
                                                          1), source=Source(self.path))]


def _written_id(text: str) -> str | None:
    m = re.search(r"""^\s*id\s*=\s*["']([^"'\n]*)["']""", text, re.M)
    return m.group(1) if m else None


class HiveFailure(Exception):
    """A scenario the engine disagrees with (or that cannot be read): the report to print."""


class HiveItem(pytest.Item):
    """One scenario, checked against its engine."""

    def __init__(self, *, source: Source, error: ScenarioError | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.source = source
        self.error = error

    def runtest(self) -> None:
        if self.error is not None:
            raise HiveFailure(f"{self.nodeid.split('::')[0]}:{self.error.line}: "
                              f"{self.error.why}")
        scenario, findings = self._check(self.source)
        if findings and self.config.getoption("hive_update"):
            from hive_teach.teach.update import UpdateError, reread, update_source

            try:
                changes = update_source(self.source, scenario)
                scenario, findings = self._check(reread(self.source))
            except UpdateError as e:
                raise HiveFailure(f"{self._report(scenario, findings)}\n\n{e}") from None
            if changes:
                self.config.stash[_UPDATED].append(
                    f"{self._where()}: {self._label(scenario)}: " + "; ".join(changes))
            if findings:
                raise HiveFailure(self._report(scenario, findings) + "\n\n--hive-update "
                                  "rewrites targets, forbidden cells and rule ids only: fix "
                                  "the rest by hand")
        elif findings:
            raise HiveFailure(self._report(scenario, findings))

    def _check(self, source: Source) -> tuple[AnyScenario, list[Finding]]:
        try:
            scenario = source.load()
        except ScenarioError as e:
            raise HiveFailure(f"{self.nodeid.split('::')[0]}:{e.line}: {e.why}") from None
        return scenario, scenario.findings()

    def _report(self, scenario: AnyScenario, findings: list[Finding]) -> str:
        from hive_teach.teach.report import report

        text = report(scenario, findings, self._where(), self._label(scenario))
        if not self.config.getoption("hive_update"):
            text += "\n\n(pytest --hive --hive-update rewrites the targets, forbidden cells " \
                "and rule ids to the engine's)"
        return text

    def _where(self) -> str:
        """The file as the rest of pytest's output names it, and a block's line."""
        where = self.nodeid.split("::")[0]
        return where if self.source.block is None else f"{where}:{self.source.line}"

    def _label(self, scenario: AnyScenario) -> str:
        return scenario.id if self.source.id_given else "block"

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str | Any:
        if isinstance(excinfo.value, HiveFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.source.line - 1, self.name


__all__ = ["HiveFailure", "HiveFile", "HiveItem", "HivePage", "item_name"]
