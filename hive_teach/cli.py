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
