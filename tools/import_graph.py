"""The import graph of a package, read from its source: imports inside functions count too.

import-linter (``tests/test_layers.py``) checks which layer may import which; it does not see
a cycle hidden in a function body (``def f(): from .a import b``), which still ties two modules
together. This helper reads every module's AST, takes every ``import`` and ``from ... import``
wherever it stands (module top, function, class, ``try``), except under ``if TYPE_CHECKING:``
(never run), and lists the cycles as strongly connected components (Tarjan).

An import of ``a.b.c`` counts as an edge to ``a.b.c`` only, not to the packages ``a`` and
``a.b`` that Python also runs first (else every package ``__init__`` that re-exports would be in
a cycle with its modules); ``from a.b import c`` is an edge to the module ``a.b.c`` if there is
one, else to ``a.b``.

Run from the repository root::

    python tools/import_graph.py [hive_teach] [--under hive_teach.hive hive_teach.rive]

prints every cycle (one per line) and the number of function-level imports per module.

>>> import tempfile, textwrap
>>> root = Path(tempfile.mkdtemp()) / "pkg"
>>> root.mkdir()
>>> _ = (root / "__init__.py").write_text("")
>>> _ = (root / "a.py").write_text("from pkg import b\\n")
>>> _ = (root / "b.py").write_text("def f():\\n    from pkg.a import x\\n")
>>> _ = (root / "c.py").write_text(textwrap.dedent('''
...     from typing import TYPE_CHECKING
...     if TYPE_CHECKING:
...         from pkg import a
... '''))
>>> import_cycles(root)
[['pkg.a', 'pkg.b']]
>>> count_function_imports(root)
{'pkg.b': 1}
>>> import_cycles(root, exclude_edges={("pkg.b", "pkg.a")})
[]
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path


def module_files(package_dir: Path | str) -> dict[str, Path]:
    """Every module of the package under ``package_dir``, by dotted name (``__init__`` as the
    package's own name)."""
    root = Path(package_dir).resolve()
    modules: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, in_function: bool = False) -> Iterator[tuple[ast.stmt, bool]]:
    """Every import statement under ``tree`` with whether it stands inside a function, skipping
    the body of ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                yield from _imports(ast.Module(body=[child], type_ignores=[]), in_function)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, in_function
        inner = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                 ast.Lambda))
        yield from _imports(node, inner)


def _targets(node: ast.stmt, module: str, is_package: bool, known: Iterable[str]) -> list[str]:
    names = set(known)
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name in names]
    assert isinstance(node, ast.ImportFrom)
    base = node.module or ""
    if node.level:
        parts = module.split(".")
        if not is_package:
            parts.pop()
        parts = parts[: len(parts) - (node.level - 1)]
        base = ".".join([*parts, base] if base else parts)
    found = []
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        if sub in names:
            found.append(sub)
        elif base in names:
            found.append(base)
    return sorted(set(found))


def import_graph(package_dir: Path | str) -> dict[str, set[str]]:
    """Module to the package's modules it imports (anywhere in its code but ``TYPE_CHECKING``)."""
    modules = module_files(package_dir)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        edges: set[str] = set()
        for node, _inner in _imports(tree):
            edges.update(_targets(node, name, is_package, modules))
        edges.discard(name)
        graph[name] = edges
    return graph


def count_function_imports(package_dir: Path | str) -> dict[str, int]:
    """How many import statements of the package's own modules stand inside a function, per
    module (modules with none are left out)."""
    modules = module_files(package_dir)
    counts: dict[str, int] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        n = sum(1 for node, inner in _imports(tree)
                if inner and _targets(node, name, is_package, modules))
        if n:
            counts[name] = n
    return counts


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (or one importing itself),
    each sorted, the list sorted (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in graph[node]:
                        found.append(sorted(component))
    return sorted(found)


def import_cycles(
    package_dir: Path | str, *, exclude_edges: Iterable[tuple[str, str]] = ()
) -> list[list[str]]:
    """The import cycles of the package under ``package_dir``: every strongly connected
    component of its import graph (imports inside functions included), as sorted module names.

    ``exclude_edges`` leaves out declared exceptions, as ``(importer, imported)`` pairs.
    """
    graph = import_graph(package_dir)
    for importer, imported in exclude_edges:
        graph.get(importer, set()).discard(imported)
    return strongly_connected(graph)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("package", nargs="?", default="hive_teach")
    parser.add_argument("--under", nargs="*", default=[],
                        help="only cycles and counts of modules under these dotted names")
    args = parser.parse_args(argv)

    def wanted(name: str) -> bool:
        return not args.under or any(name == u or name.startswith(u + ".") for u in args.under)

    graph = import_graph(args.package)
    sub = {m: {t for t in ts if wanted(t)} for m, ts in graph.items() if wanted(m)}
    cycles = strongly_connected(sub)
    for cycle in cycles:
        print("cycle:", " <-> ".join(cycle))
    counts = {m: n for m, n in count_function_imports(args.package).items() if wanted(m)}
    for name, n in sorted(counts.items()):
        print(f"function-level imports: {name} {n}")
    print(f"{len(cycles)} cycles, {sum(counts.values())} function-level imports")
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main())
