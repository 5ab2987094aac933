"""The ``hive-teach`` command line.

Subcommands: ``uhp`` (a UHP engine on stdin/stdout), ``perft`` (count move sequences),
``render`` (a diagram of a Hive or Rive position or scenario), ``worksheet`` (a printable
handout from scenarios of either game), ``verify`` (scenarios against their engines),
``import`` (a game record to a GameString), ``new-scenario`` (a scenario file from a
position), ``coach`` (the coach's word on one move), ``classroom`` (a web server for a class),
``match`` and ``rive`` (the second game). Each prints errors as one line on stderr
and exits 1, never with a traceback.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hive_teach.core.version import __version__

if TYPE_CHECKING:
    from hive_teach.hive.position import Position
    from hive_teach.rive.position import RiveGame
    from hive_teach.teach.scenario import AnyScenario


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
    from hive_teach.teach.markdown import sources
    from hive_teach.teach.scenario import ScenarioError, verify

    if not args.paths:  # the course the kit carries: its scenarios, then its puzzles
        from hive_teach.teach import puzzle
        from hive_teach.teach.library import scenario_dir

        args.paths = [str(scenario_dir())]
        status = _cmd_verify(args)
        return puzzle.main([str(puzzle.puzzle_dir())]) or status

    for path in args.paths:
        if not Path(path).exists():
            print(f"hive-teach verify: {path}: no such file or folder", file=sys.stderr)
            return 1
    found = list(sources(args.paths, only_scenarios=args.only_scenarios))
    if not found and not args.only_scenarios:
        print("hive-teach verify: no scenarios found (*.toml files, ```hive blocks in *.md "
              "pages)", file=sys.stderr)
        return 1
    failed = 0
    seen: dict[str, str] = {}
    for source in found:
        where = source.where
        try:
            scenario = source.load()
            problems = verify(scenario)
            if source.id_given:
                if scenario.id in seen:
                    problems.append(f"id {scenario.id!r} is also used by {seen[scenario.id]}")
                seen[scenario.id] = where
        except ScenarioError as e:
            print(f"FAIL {where}: {e}")
            failed += 1
            continue
        label = scenario.id if source.id_given else "block"
        shown = where if source.block is not None else ", ".join(scenario.rules)
        if problems:
            failed += 1
            print(f"FAIL {label} ({where})")
            for problem in problems:
                print(f"     - {problem}")
        else:
            print(f"ok   {label} ({shown})")
    print(f"{len(found) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _load_game(source: str) -> tuple[Position | RiveGame, AnyScenario | None]:
    """The game a ``render`` source sets up: a scenario file of either game, a Hive layout
    file (TOML with a ``[stacks]`` table), a Rive game text (``rive5;0,0``) or a GameString;
    with the scenario if it is one."""
    from hive_teach.core.tomlfile import Reader, read_file
    from hive_teach.hive.position import Position
    from hive_teach.rive.position import RiveGame
    from hive_teach.teach.scenario import ScenarioError, loads

    path = Path(source)
    if source.endswith(".toml") or path.is_file():
        text = read_file(path, ScenarioError)
        r = Reader(text, str(path), ScenarioError)
        if "id" in r.data or "game" in r.data:
            scenario = loads(text, str(path))
            return scenario.game(), scenario
        # A layout file: the [position] table of a scenario, or its keys at the top level.
        spec = r.table(r.data, "position") if "position" in r.data else r.data
        if "game_string" in spec:
            return Position.from_game_string(r.text(spec, "game_string")), None
        if "stacks" not in spec:
            r.fail("", "a layout file needs a [stacks] table (cell = pieces), or a scenario's "
                   "id and [position]")
        return Position.from_layout(
            spec["stacks"], game_type=r.data.get("game_type", "Base"),
            to_move=spec.get("to_move", "white"), turn=spec.get("turn"),
            last_moved=spec.get("last_moved"),
        ), None
    if source.strip().lower().startswith("rive"):
        return RiveGame.from_text(source), None
    return Position.from_game_string(source, tournament=False), None


def _cmd_render(args: argparse.Namespace) -> int:
    try:
        game, scenario = _load_game(args.source)
        from dataclasses import replace

        from hive_teach.board.drawing import Marks, marks_for, render_to_file
        from hive_teach.hive.position import Position
        from hive_teach.rive.paint import RiveMarks
        from hive_teach.teach.scenario import HiveScenario, RiveScenario

        # Options that do not apply to this source: say so rather than ignore them.
        if not isinstance(game, Position):
            for option, given, what in (("--piece", args.piece, "stones, not pieces"),
                                        ("--no-hand", args.no_hand, "no hand")):
                if given:
                    raise ValueError(f"{option} is for Hive positions: a Rive board has {what}")
        if args.question and scenario is None:
            raise ValueError("--question is for scenario files: a position alone has no answer "
                             "to hide")
        # Only the options given: a scenario's own marks (coords = true, ...) stay as written.
        fields: dict[str, Any] = {}
        if args.coords:
            fields["coords"] = True
        if args.no_hand:
            fields["hand"] = False
        if args.title is not None:
            fields["title"] = args.title
        answer = not args.question
        # One branch per game: the drawing functions are typed per game (overloads).
        if isinstance(game, Position):
            hive = Marks(lang=args.lang)
            if args.piece:
                hive = marks_for(game, args.piece, lang=args.lang)
            elif isinstance(scenario, HiveScenario):
                hive = scenario.marks(args.lang, game, answer=answer)
            out = render_to_file(game, args.output, marks=replace(hive, **fields), dpi=args.dpi)
        else:
            rive = RiveMarks(lang=args.lang)
            if isinstance(scenario, RiveScenario):
                rive = scenario.marks(args.lang, answer=answer)
            out = render_to_file(game, args.output, marks=replace(rive, **fields), dpi=args.dpi)
    except (ValueError, OSError) as e:
        print(f"hive-teach render: {e}", file=sys.stderr)
        return 1
    print(out)
    return 0


def _cmd_worksheet(args: argparse.Namespace) -> int:
    from hive_teach.teach.puzzle import Puzzle
    from hive_teach.teach.syllabus import find_lesson
    from hive_teach.teach.worksheet import choose_items, default_output, make_worksheet

    rules = [r.strip().upper() for r in (args.rules or "").split(",") if r.strip()]
    try:
        items = choose_items(args.scenarios, lesson=args.lesson, rules=rules, game=args.game)
        subtitle = ""
        if args.lesson is not None:
            lesson = find_lesson(args.lesson)
            subtitle = f"{lesson.order:02d} · {lesson.title(args.lang)}"
        output = args.output or default_output(args.lang, args.lesson, rules)
        out = make_worksheet(items, output, args.lang, subtitle=subtitle)
    except (ValueError, OSError) as e:
        print(f"hive-teach worksheet: {e}", file=sys.stderr)
        return 1
    puzzles = sum(1 for item in items if isinstance(item, Puzzle))
    print(f"{out}: {len(items) - puzzles} scenarios" + (f", {puzzles} puzzles" if puzzles else ""))
    return 0


def _cmd_import(args: argparse.Namespace) -> int:
    from hive_teach.hive.records import load_source

    try:
        print(load_source(args.file).game_string(args.move))
    except ValueError as e:  # a RecordError says file:line: why
        print(f"hive-teach import: {e}", file=sys.stderr)
        return 1
    return 0


def _cmd_new_scenario(args: argparse.Namespace) -> int:
    from hive_teach.teach.authoring import new_scenario

    try:
        scenario = new_scenario(args.source, args.output, moves=args.move, piece=args.piece,
                                lang=args.lang, force=args.force)
    except (ValueError, OSError) as e:
        print(f"hive-teach new-scenario: {e}", file=sys.stderr)
        return 1
    focus = scenario.focus
    assert focus is not None  # new_scenario always gives one
    print(f"{args.output}: {focus.piece}, {len(focus.targets or ())} targets, "
          f"{len(focus.forbidden)} forbidden cells ({', '.join(scenario.rules)})")
    return 0


def _cmd_coach(args: argparse.Namespace) -> int:
    import json

    from hive_teach.core.errors import IllegalMoveError
    from hive_teach.hive.coach import coach
    from hive_teach.hive.position import Position

    try:
        pos = Position.from_game_string(args.game, tournament=False)
        if pos.is_over:
            raise ValueError(f"the game is over ({pos.state.value}): there is no move to "
                             "judge (R19)")
        verdict = coach(pos, args.move)
    except IllegalMoveError as e:  # the rules' reason, in the learner's language
        print(f"hive-teach coach: {e.text(args.lang)}", file=sys.stderr)
        return 1
    except ValueError as e:  # a bad GameString, or a move that is not legal (with its rule)
        print(f"hive-teach coach: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(verdict.as_dict(args.lang), ensure_ascii=False))
    else:
        print(verdict.text(args.lang))
    return 0


def _cmd_classroom(args: argparse.Namespace) -> int:
    try:
        from hive_teach.classroom.server import ClassroomConfig, default_data_dir, serve
    except ImportError as e:  # the server's libraries are an extra
        print(f"hive-teach classroom: {e.name} is missing: pip install 'hive_teach[classroom]'",
              file=sys.stderr)
        return 1
    if not 0 < args.port < 65536:
        print(f"hive-teach classroom: port {args.port} must be from 1 to 65535", file=sys.stderr)
        return 1
    if not 0 < args.rate < float("inf"):  # also false for NaN
        print(f"hive-teach classroom: rate {args.rate} must be a number of requests a second "
              "above 0", file=sys.stderr)
        return 1
    if args.teacher_password_file is not None and not args.teacher_password_file.is_file():
        print(f"hive-teach classroom: teacher password file {args.teacher_password_file}: no "
              "such file", file=sys.stderr)
        return 1
    config = ClassroomConfig(
        data_dir=args.data or default_data_dir(), db_url=args.db, host=args.host, port=args.port,
        teacher_password_file=args.teacher_password_file, lessons_url=args.lessons_url,
        rate=args.rate, burst=max(1, int(args.rate * 3)))
    try:
        return serve(config)
    except (ValueError, OSError) as e:  # a bad URL or password file, a port in use
        print(f"hive-teach classroom: {e}", file=sys.stderr)
        return 1
    except Exception as e:  # the database refused (SQLAlchemy's errors are its own)
        print(f"hive-teach classroom: {type(e).__name__}: {e}", file=sys.stderr)
        return 1


def _dpi(text: str) -> float:
    """A resolution for --dpi: a number from 10 to 1200 (so no NaN or infinity)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 10 <= value <= 1200:  # also false for NaN
        raise argparse.ArgumentTypeError(f"{text!r} is not a resolution from 10 to 1200 dpi")
    return value


def _app() -> Any:
    from hive_teach.teach import app

    return app


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hive-teach", description="Teach Hive (and Rive) on an exact rules engine."
    )
    parser.add_argument("--version", action="version", version=f"hive-teach {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser(
        "learn", help="open the course in the browser, as an app (offline)",
        description="Serve the lessons as an app (Voilà): the contents page of the chosen "
        "language, every lesson with live boards, no code. Runs until Ctrl-C; needs no network.")
    p.add_argument("--lang", default="en", choices=["en", "de", "zh"],
                   help="the language of the course (default: en)")
    p.add_argument("--port", type=int, default=None, help="the port (default: a free one)")
    p.add_argument("--no-browser", action="store_true", help="only print the address")
    p.set_defaults(func=lambda a: _app().learn(a.lang, a.port, not a.no_browser))

    p = sub.add_parser(
        "lab", help="copy the course into a folder of yours and open JupyterLab there",
        description="Copy the lesson notebooks into DIR (default ~/hive-teach-course), once: "
        "later runs keep your changes. Then open JupyterLab on it, to read and change the code.")
    p.add_argument("dir", metavar="DIR", nargs="?", type=Path, default=None)
    p.add_argument("--no-browser", action="store_true", help="only print the address")
    p.set_defaults(func=lambda a: _app().lab(a.dir, not a.no_browser))

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
        help="draw a diagram of a Hive or Rive position to PNG, SVG or PDF",
        description="Draw a position to a PNG, SVG or PDF file, with teaching marks: a Hive "
        "GameString, a Rive game text (rive5;0,0;...), a scenario file of either game (with "
        "its marks), or a Hive layout TOML file with a [stacks] table.",
    )
    p.add_argument("source", metavar="GAMESTRING|RIVETEXT|FILE.toml")
    p.add_argument("-o", "--output", required=True, help="output file (.png, .svg or .pdf)")
    p.add_argument("--piece", help="Hive: mark this piece's legal targets and forbidden cells")
    p.add_argument("--question", action="store_true",
                   help="a scenario's diagram without what gives the answer away (as on a "
                   "worksheet)")
    p.add_argument("--coords", action="store_true", help="label every cell with q,r")
    p.add_argument("--no-hand", action="store_true", help="Hive: leave out the pieces in hand")
    p.add_argument("--title", help="text above the board ('' for none)")
    p.add_argument("--lang", default="en", choices=["en", "de", "zh"])
    p.add_argument("--dpi", type=_dpi, default=100)
    p.set_defaults(func=_cmd_render)

    p = sub.add_parser(
        "worksheet",
        help="a printable PDF handout from scenarios, with an answer key",
        description="One diagram per scenario or puzzle with its question and room to answer, "
        "then an answer key. Choose by lesson (--lesson 8, --lesson spider: its scenarios and "
        "puzzles in lesson order), by rule ids (--rules R7,R12: the library's, in course "
        "order; with files or a lesson, it narrows them), or give scenario files or folders, "
        "of Hive, Rive or both.",
    )
    p.add_argument("scenarios", metavar="SCENARIO", nargs="*")
    p.add_argument("--lesson", help="a lesson of notebooks/source by number or name "
                   "(8, 08-spider, spider)")
    p.add_argument("--rules", help="rule ids, comma-separated (R7,R12,V3)")
    p.add_argument("-o", "--output", help="the PDF file to write (default: "
                   "worksheet-<lesson>-<lang>.pdf here)")
    p.add_argument("--lang", default="en", choices=["en", "de", "zh"])
    p.add_argument("--game", choices=["hive", "rive"],
                   help="only this game's scenarios (a folder may hold both)")
    p.set_defaults(func=_cmd_worksheet)

    p = sub.add_parser(
        "verify",
        help="check scenario files against the engine",
        description="Check every scenario, Hive or Rive (targets, forbidden cells and their "
        "rule ids, the marks drawn, expected states, moves and actions) against its engine: "
        "scenario files, and ```hive blocks in Markdown pages; one line per scenario and a "
        "total. Exit status 1 on any mismatch.",
    )
    p.add_argument("paths", metavar="PATH", nargs="*", default=[],
                   help="scenario files, Markdown pages, or folders of them (default: the "
                   "course the kit carries: its scenarios, and its puzzles proved by the "
                   "solver)")
    p.add_argument("--only-scenarios", action="store_true",
                   help="pass over the TOML files given that are no scenarios, and succeed "
                   "when nothing is left (as a pre-commit hook, which passes every changed "
                   "file)")
    p.set_defaults(func=_cmd_verify)

    p = sub.add_parser(
        "import",
        help="print the UHP GameString of a game record (GameString, PGN or Boardspace SGF)",
        description="Read a game record and print its UHP GameString: a GameString, PGN "
        "(Mzinga's or hivegame.com's) or a Boardspace SGF file, told apart by its content. "
        "Every move is checked against the rules; a bad record gets file:line: why.",
    )
    p.add_argument("file", metavar="FILE")
    p.add_argument("--move", type=int, metavar="N",
                   help="the position after the first N moves (plies), not the whole game")
    p.set_defaults(func=_cmd_import)

    p = sub.add_parser(
        "new-scenario",
        help="write a scenario file for a position (a GameString or a game record file)",
        description="Write a Hive scenario (TOML, see docs/scenarios.md) for the position of a "
        "GameString or a game record (any format of 'import'), after its first N moves: the "
        "engine's targets and forbidden cells (with their rule ids) for one piece, and a "
        "placeholder title and caption in your language to edit. The file passes 'hive-teach "
        "verify'; its name gives the scenario's id.",
    )
    p.add_argument("source", metavar="GAMESTRING|FILE")
    p.add_argument("-o", "--output", required=True, help="the scenario file to write (.toml)")
    p.add_argument("--move", type=int, metavar="N",
                   help="the position after the first N moves (default: the end)")
    p.add_argument("--piece", metavar="P",
                   help="the focus piece, e.g. wA1 (default: the side to move's last moved "
                   "piece if it can move, else its first piece with a move)")
    p.add_argument("--lang", default="en", choices=["en", "de", "zh"],
                   help="the language of the title and caption")
    p.add_argument("--force", action="store_true", help="replace the file if it exists")
    p.set_defaults(func=_cmd_new_scenario)

    p = sub.add_parser(
        "coach",
        help="the coach's word on one move: it wins, allows a win, misses one, or is fine",
        description="Judge MOVE (a UHP MoveString) for the side to move in GAMESTRING: "
        "'wins', 'allows-win' (the opponent can win in 1 or 2 moves; the reply is named), "
        "'missed-win' (a win in 1 or 2 was there; it is named) or 'fine' (perhaps with a "
        "note). Prints the coach's sentence, or with --json {\"verdict\", \"moves\", "
        "\"message\"}. Answers within about a second; when its time runs out it says nothing "
        "rather than guess.",
    )
    p.add_argument("game", metavar="GAMESTRING")
    p.add_argument("move", metavar="MOVE")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    p.add_argument("--lang", default="en", choices=["en", "de", "zh"])
    p.set_defaults(func=_cmd_coach)

    p = sub.add_parser(
        "classroom", help="a web server for a class: learners play each other in the browser",
        description="Serve the classroom on the school network: learners open the printed "
        "address, create or join games and play with explanations of illegal moves; the "
        "teacher (password) watches and replays every game. Games live in SQLite in DIR "
        "(default ~/hive-teach-classroom) or in PostgreSQL (--db). See docs/classroom.md.")
    p.add_argument("--port", type=int, default=8018, help="the port (default: 8018)")
    p.add_argument("--host", default="0.0.0.0",
                   help="the address to listen on (default: 0.0.0.0, every network)")
    p.add_argument("--data", metavar="DIR", type=Path, default=None,
                   help="the data folder (default: ~/hive-teach-classroom)")
    p.add_argument("--db", metavar="URL", default=None,
                   help="a database URL, e.g. postgresql://user:password@host/db (default: "
                   "SQLite in DIR)")
    p.add_argument("--teacher-password-file", metavar="F", type=Path, default=None,
                   help="a file holding the teacher's password (default: one made once and "
                   "kept in DIR/teacher-password.txt)")
    p.add_argument("--rate", type=float, default=20.0,
                   help="requests a second allowed from one address (default: 20)")
    p.add_argument("--lessons-url", metavar="URL", default=None,
                   help="where the lessons are (a `hive-teach learn` address), linked from the "
                   "start page")
    p.set_defaults(func=_cmd_classroom)

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
