"""The ``hive-teach`` command line.

Subcommands: ``uhp`` (a UHP engine on stdin/stdout), ``perft`` (count move sequences) and
``rive`` (the second game). Each prints errors as one line on stderr and exits 1, never with
a traceback.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path


def _cmd_uhp(args: argparse.Namespace) -> int:
    from .uhp import run

    return run()


def _cmd_perft(args: argparse.Namespace) -> int:
    from .perft import perft
    from .position import Position

    if args.depth < 0:
        print(f"hive-teach perft: depth {args.depth} must be 0 or more", file=sys.stderr)
        return 1
    try:
        pos = Position.from_game_string(args.game, tournament=not args.no_tournament)
    except ValueError as e:
        print(f"hive-teach perft: {e}", file=sys.stderr)
        return 1
    for depth in range(args.depth + 1):
        t = time.perf_counter()
        n = perft(pos, depth)
        print(f"{depth} {n} {time.perf_counter() - t:.3f}", flush=True)
    return 0


def _cmd_verify(args: argparse.Namespace) -> int:
    from .scenario import ScenarioError, load, verify

    files = []
    for path in args.paths:
        p = Path(path)
        if p.is_dir():
            files.extend(sorted(p.rglob("*.toml")))
        elif p.exists():
            files.append(p)
        else:
            print(f"hive-teach verify: {path}: no such file or folder", file=sys.stderr)
            return 1
    if not files:
        print("hive-teach verify: no scenario files (*.toml) found", file=sys.stderr)
        return 1
    failed = 0
    seen: dict[str, Path] = {}
    for f in files:
        try:
            scenario = load(f)
            problems = verify(scenario)
            if scenario.id in seen:
                problems.append(f"id {scenario.id!r} is also used by {seen[scenario.id]}")
            seen[scenario.id] = f
        except ScenarioError as e:
            print(f"FAIL {f}: {e}")
            failed += 1
            continue
        if problems:
            failed += 1
            print(f"FAIL {scenario.id} ({f})")
            for problem in problems:
                print(f"     - {problem}")
        else:
            print(f"ok   {scenario.id} ({', '.join(scenario.rules)})")
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hive-teach", description="Teach Hive (and Rive) on an exact rules engine."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("uhp", help="run a Universal Hive Protocol engine on stdin/stdout")
    p.set_defaults(func=_cmd_uhp)

    p = sub.add_parser(
        "perft",
        help="count move sequences: one line per depth, 'depth leaves seconds'",
        description="Count the leaves of the game tree from a GameString (or a game type such "
        "as Base+MLP) to DEPTH, printing 'depth leaves seconds' for each depth 0..DEPTH. The "
        "tournament opening is on, as in Mzinga and nokamute.",
    )
    p.add_argument("game", metavar="GAMESTRING")
    p.add_argument("depth", metavar="DEPTH", type=int)
    p.add_argument("--no-tournament", action="store_true",
                   help="allow the Queen on a player's first turn")
    p.set_defaults(func=_cmd_perft)

    p = sub.add_parser(
        "verify",
        help="check scenario files against the engine",
        description="Check every scenario (targets, forbidden cells and their rule ids, "
        "expected states and moves) against the engine; one line per scenario and a total. "
        "Exit status 1 on any mismatch.",
    )
    p.add_argument("paths", metavar="PATH", nargs="*", default=["scenarios"],
                   help="scenario files or folders (default: scenarios)")
    p.set_defaults(func=_cmd_verify)

    try:
        from .rive.cli import register
    except ImportError:  # pragma: no cover - the Rive package is part of the distribution
        pass
    else:
        register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``hive-teach`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
