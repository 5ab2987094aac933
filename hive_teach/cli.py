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

from hive_teach.core.i18n import LANGUAGES
from hive_teach.core.version import __version__

if TYPE_CHECKING:
    from hive_teach.teach.scenario import AnyScenario


def _cmd_uhp(args: argparse.Namespace) -> int:
    from hive_teach.hive.uhp import run

    return run()


def _cmd_perft(args: argparse.Namespace) -> int:
    from hive_teach.hive.perft import PerftTimeout, perft_within
    from hive_teach.hive.position import Position

    if args.depth < 0:
        print(f"hive-teach perft: depth {args.depth} must be 0 or more", file=sys.stderr)
        return 1
    try:
        pos = Position.from_text(args.game, tournament=not args.no_tournament)
    except ValueError as e:
        print(f"hive-teach perft: {e}", file=sys.stderr)
        return 1
    started = time.perf_counter()
    for depth in range(args.depth + 1):
        t = time.perf_counter()
        try:
            n = perft_within(pos, depth, max(args.time - (t - started), 0.0))
        except PerftTimeout:
            print(f"hive-teach perft: depth {depth} did not finish within --time {args.time:g} "
                  "s", file=sys.stderr)
            return 1
        print(f"{depth} {n} {time.perf_counter() - t:.3f}", flush=True)
    return 0


def _seconds(text: str) -> float:
    """A time budget for --time: a number of seconds above 0 (infinity for none).

    >>> _seconds("2.5"), _seconds("inf")
    (2.5, inf)
    >>> _seconds("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '0' is not a number of seconds above 0
    """
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value > 0:  # also false for NaN
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number of seconds above 0")
    return value


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


def _load_game(source: str) -> tuple[Any, AnyScenario | None]:
    """The game a ``render`` source sets up: a scenario file of any registered game, a Hive
    layout file (TOML with a ``[stacks]`` table), a game text that a game claims by its start
    (``rive5;0,0``) or else the default game's (a GameString); with the scenario if it is one."""
    from hive_teach.core.registry import DEFAULT, games, parts_named
    from hive_teach.core.tomlfile import Reader, read_file
    from hive_teach.hive.position import Position
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
            return Position.from_text(r.text(spec, "game_string")), None
        if "stacks" not in spec:
            r.fail("", "a layout file needs a [stacks] table (cell = pieces), or a scenario's "
                   "id and [position]")
        return Position.from_layout(
            spec["stacks"], game_type=r.data.get("game_type", "Base"),
            to_move=spec.get("to_move", "white"), turn=spec.get("turn"),
            last_moved=spec.get("last_moved"),
        ), None
    start = source.strip().lower()
    parts = next((p for p in games() if p.text_prefix and start.startswith(p.text_prefix)),
                 parts_named(DEFAULT))
    return parts.part("game").from_text(source), None


def _cmd_render(args: argparse.Namespace) -> int:
    try:
        game, scenario = _load_game(args.source)
        from dataclasses import fields as dataclass_fields
        from dataclasses import replace

        from hive_teach.board.drawing import render_to_file
        from hive_teach.core.registry import parts_for

        # Options that do not apply to this game: say so rather than ignore them.
        parts = parts_for(game)
        marks_class = parts.part("marks")
        if args.piece and not parts.has("piece_marks"):
            raise ValueError(f"--piece is for Hive positions (a game with pieces): a "
                             f"{parts.name} board has none")
        if args.no_hand and "hand" not in {f.name for f in dataclass_fields(marks_class)}:
            raise ValueError(f"--no-hand is for Hive positions (a game with a hand): a "
                             f"{parts.name} board has no hand")
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
        if args.piece:
            marks = parts.part("piece_marks")(game, args.piece, lang=args.lang)
        elif scenario is not None:
            marks = scenario.marks(args.lang, game, answer=not args.question)
        else:
            marks = marks_class(lang=args.lang)
        out = render_to_file(game, args.output, marks=replace(marks, **fields), dpi=args.dpi)
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
        pos = Position.from_text(args.game, tournament=False)
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
        rate=args.rate, burst=max(1, int(args.rate * 3)), proxy=args.proxy)
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


def _moves(text: str) -> int:
    """A number of moves for --move: ASCII digits, from 0 to the most a record may number
    (a number of thousands of digits is refused with its length, not echoed whole).

    >>> _moves("007")
    7
    >>> _moves("9" * 5000)
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '99999999999999999999…' (5000 characters) is not a number of \
moves from 0 to 999999
    """
    from hive_teach.hive.records import MAX_MOVE_NUMBER

    digits = text.lstrip("0") or "0"
    if text.isascii() and text.isdigit() and len(digits) <= len(str(MAX_MOVE_NUMBER)):
        return int(digits)
    shown = repr(text) if len(text) <= 20 else f"{text[:20] + '…'!r} ({len(text)} characters)"
    raise argparse.ArgumentTypeError(f"{shown} is not a number of moves from 0 to "
                                     f"{MAX_MOVE_NUMBER}")


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
    p.add_argument("--lang", default="en", choices=LANGUAGES,
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

    p = sub.add_parser(
        "uhp", help="run a Universal Hive Protocol engine on stdin/stdout",
        description="A Universal Hive Protocol (UHP) engine on stdin and stdout, for Hive "
        "GUIs and engine matches (Mzinga's viewer, hive-teach match uhp:...): one command a "
        "line (info, newgame, play, pass, validmoves, bestmove, undo, options, perft), each "
        "answer ending with a line 'ok'. An illegal move gets 'invalidmove' with the reason "
        "and its rule id (R0-R20) and changes nothing; bad input gets 'err'. 'options set "
        "Language de' (or zh) explains in German (or Chinese); the tournament opening is on "
        "('options set TournamentOpening False' turns it off). 'perft N' counts for at most "
        "20 s ('perft N time hh:mm:ss': up to 10 minutes) and stops at the next line. 'exit' "
        "or the end of input ends it.")
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
    p.add_argument("--time", metavar="SECONDS", type=_seconds, default=float("inf"),
                   help="stop with exit status 1 when the depths counted so far took this long "
                   "(default: no limit; Ctrl-C stops it too)")
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
    p.add_argument("--lang", default="en", choices=LANGUAGES)
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
    p.add_argument("--lang", default="en", choices=LANGUAGES)
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
    p.add_argument("--move", type=_moves, metavar="N",
                   help="the position after the first N moves (plies), not the whole game")
    p.set_defaults(func=_cmd_import)

    p = sub.add_parser(
        "new-scenario",
        help="write a scenario file for a position (a GameString or a game record file)",
        description="Write a Hive scenario file for the position of a GameString or a game "
        "record (any format of 'import'), after its first N moves: the engine's targets and "
        "forbidden cells (with their rule ids) for one piece, and a placeholder title and "
        "caption in your language to edit. The file passes 'hive-teach verify'; its name "
        "gives the scenario's id.",
        epilog="The file is TOML: 'rules' (the rule ids it shows), [title] and [caption] "
        "(en, de, zh: write yours), [position] (game_string), and [focus] with the 'piece', "
        "its 'targets' (the cells it may reach) and [focus.forbidden] (cell = the rule id "
        "that forbids it); cells are 'q,r' as 'render --coords' labels them. Change the "
        "texts, keep the cells, and check it again with 'hive-teach verify FILE'; 'hive-teach "
        "render FILE -o x.png' draws it.",
    )
    p.add_argument("source", metavar="GAMESTRING|FILE")
    p.add_argument("-o", "--output", required=True, help="the scenario file to write (.toml)")
    p.add_argument("--move", type=_moves, metavar="N",
                   help="the position after the first N moves (default: the end)")
    p.add_argument("--piece", metavar="P",
                   help="the focus piece, e.g. wA1 (default: the side to move's last moved "
                   "piece if it can move, else its first piece with a move)")
    p.add_argument("--lang", default="en", choices=LANGUAGES,
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
    p.add_argument("--lang", default="en", choices=LANGUAGES)
    p.set_defaults(func=_cmd_coach)

    p = sub.add_parser(
        "classroom", help="a web server for a class: learners play each other in the browser",
        description="Serve the classroom on the school network: learners open the printed "
        "address, create or join games and play with explanations of illegal moves; the "
        "teacher (password) watches and replays every game. Games live in SQLite in DIR "
        "(default ~/hive-teach-classroom) or in PostgreSQL (--db).",
        epilog="On start it prints the learners' address (http://<this machine>:PORT/), the "
        "teacher's page (/teacher) and where the teacher's password is kept "
        "(DIR/teacher-password.txt, made once, unless --teacher-password-file). The SQLite "
        "file is DIR/classroom.sqlite3: back it up with its -wal and -shm files, or with the "
        "server stopped. A JSON API serves the same games (POST /api/games, POST "
        "/api/games/ID/join, POST /api/games/ID/moves, GET /api/games/ID). Security: the "
        "server runs no code a request sends; passwords are hashed (scrypt), seat tokens "
        "random; each address is limited to --rate requests a second. It speaks plain HTTP: "
        "keep it on the school network, never on the internet.")
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
                   help="where the lessons are (a 'hive-teach learn' address), linked from the "
                   "start page")
    p.add_argument("--proxy", metavar="ADDR", default=None,
                   help="the address of a reverse proxy in front: only its X-Forwarded-For "
                   "(the real client, for the rate limit) is believed (default: nobody's)")
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


def _missing_folder(output: str) -> str:
    """Why ``-o output`` cannot be written, if its folder is not there (``""`` if it is).
    ``render``, ``worksheet`` and ``new-scenario`` all refuse it, rather than make folders (a
    mistyped path would leave new folders behind).

    >>> _missing_folder("sheet.pdf")
    ''
    >>> _missing_folder("/no/such/folder/sheet.pdf")
    '-o /no/such/folder/sheet.pdf: the folder /no/such/folder does not exist (make it first)'
    """
    folder = Path(output).parent
    if folder.is_dir():
        return ""
    what = "is not a folder" if folder.exists() else "does not exist (make it first)"
    return f"-o {output}: the folder {folder} {what}"


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``hive-teach`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    output = getattr(args, "output", None)
    if isinstance(output, str) and (problem := _missing_folder(output)):
        print(f"hive-teach {args.command}: {problem}", file=sys.stderr)
        return 1
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
