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
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hive_teach.hive.position import Position
    from hive_teach.teach.scenario import Scenario


def _cmd_uhp(args: argparse.Namespace) -> int:
    from hive_teach.hive.uhp import run

    return run()


def _cmd_perft(args: argparse.Namespace) -> int:
    from hive_teach.hive.perft import perft
    from hive_teach.hive.position import Position

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
    # Hive and Rive scenarios share the folder; these two read either kind.
    from hive_teach.teach.rive_scenario import load_any as load
    from hive_teach.teach.rive_scenario import verify_any as verify
    from hive_teach.teach.scenario import ScenarioError

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


def _load_position(source: str) -> tuple[Position, Scenario | None]:
    """A position from a GameString, a scenario file, or a layout file (TOML)."""
    from hive_teach.hive.position import Position
    from hive_teach.teach.scenario import ScenarioError, load

    path = Path(source)
    if source.endswith(".toml") and path.exists():
        text = path.read_text(encoding="utf-8")
        if "[position]" in text and "id =" in text:
            scenario = load(path)
            return scenario.position(), scenario
        import tomllib

        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise ScenarioError(f"{path}: not valid TOML: {e}") from None
        spec = data.get("position", data)
        if "game_string" in spec:
            return Position.from_game_string(spec["game_string"]), None
        if "stacks" not in spec:
            raise ScenarioError(f"{path}: a layout file needs a [stacks] table (cell = pieces)")
        return Position.from_layout(
            spec["stacks"], game_type=data.get("game_type", "Base"),
            to_move=spec.get("to_move", "white"), turn=spec.get("turn"),
            last_moved=spec.get("last_moved"),
        ), None
    return Position.from_game_string(source, tournament=False), None


def _cmd_render(args: argparse.Namespace) -> int:
    try:
        pos, scenario = _load_position(args.source)
        from hive_teach.board.drawing import Marks, marks_for, render_to_file

        if args.piece:
            marks = marks_for(pos, args.piece, lang=args.lang)
        elif scenario is not None:
            marks = scenario.marks(args.lang, pos)
        else:
            marks = Marks(lang=args.lang)
        fields: dict[str, object] = {"coords": args.coords, "hand": not args.no_hand}
        if args.title is not None:
            fields["title"] = args.title
        out = render_to_file(pos, args.output, marks=marks, dpi=args.dpi, **fields)
    except (ValueError, OSError) as e:
        print(f"hive-teach render: {e}", file=sys.stderr)
        return 1
    print(out)
    return 0


def _cmd_worksheet(args: argparse.Namespace) -> int:
    from hive_teach.teach.scenario import load_all
    from hive_teach.teach.worksheet import make_worksheet

    try:
        scenarios = load_all(args.scenarios)
        out = make_worksheet(scenarios, args.output, args.lang)
    except (ValueError, OSError) as e:
        print(f"hive-teach worksheet: {e}", file=sys.stderr)
        return 1
    print(f"{out}: {len(scenarios)} scenarios")
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

    p = sub.add_parser(
        "render",
        help="draw a diagram of a position to PNG, SVG or PDF",
        description="Draw a position (a GameString, a scenario file, or a layout TOML file with "
        "a [stacks] table) to a PNG, SVG or PDF file, with teaching marks.",
    )
    p.add_argument("source", metavar="GAMESTRING|FILE.toml")
    p.add_argument("-o", "--output", required=True, help="output file (.png, .svg or .pdf)")
    p.add_argument("--piece", help="mark this piece's legal targets and forbidden cells")
    p.add_argument("--coords", action="store_true", help="label every cell with q,r")
    p.add_argument("--no-hand", action="store_true", help="leave out the pieces in hand")
    p.add_argument("--title", help="text above the board ('' for none)")
    p.add_argument("--lang", default="en", choices=["en", "de", "zh"])
    p.add_argument("--dpi", type=float, default=100)
    p.set_defaults(func=_cmd_render)

    p = sub.add_parser(
        "worksheet",
        help="a printable PDF handout from scenarios, with an answer key",
        description="One diagram per scenario with its question and room to answer, then an "
        "answer key. Give scenario files or folders.",
    )
    p.add_argument("scenarios", metavar="SCENARIO", nargs="+")
    p.add_argument("-o", "--output", required=True, help="the PDF file to write")
    p.add_argument("--lang", default="en", choices=["en", "de", "zh"])
    p.set_defaults(func=_cmd_worksheet)

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

    from hive_teach.hive.match import register as register_match
    register_match(sub)

    try:
        from hive_teach.rive.cli import register
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
