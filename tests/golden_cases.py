"""The frozen sample behind tests/test_golden.py: (position, move) pairs and scripted clicks.

The pairs were chosen once, from the peer data (tests/data), the scenario files and seeded
random games, so that every way the engines explain an illegal move appears a few times; the
records in ``tests/golden/`` keep each pair with what the engine said then (rule, kind, the
English reason and the German and Chinese texts). The test recomputes every record and
compares, so a change of wording shows up as a diff of the golden file.

Regenerate the outputs for the same pairs (after an intended change of wording, in a commit
that says why)::

    PYTHONPATH=. python tests/golden_cases.py update
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).resolve().parent / "golden"
HIVE_FILE = GOLDEN / "hive_explanations.jsonl"
RIVE_FILE = GOLDEN / "rive_explanations.jsonl"
BOARD_FILE = GOLDEN / "board_messages.jsonl"
LANGS = ("en", "de", "zh")

Record = dict[str, Any]


# ----------------------------------------------------------------------------- rendering
def hive_texts(why: Any) -> dict[str, str]:
    """The explanation in every language, ending with its rule id."""
    return {lang: why.text(lang) for lang in LANGS}


def rive_texts(why: Any) -> dict[str, str]:
    return {lang: why.text(lang) for lang in LANGS}


# ----------------------------------------------------------------------------- Hive positions
@cache
def hive_position(src: str, game: str) -> Any:
    """The position a record names: a GameString, or a scenario by id."""
    from hive_teach import Position

    if src.startswith("scenario"):
        from hive_teach.teach.scenario import load

        s = load(ROOT / "scenarios" / f"{game}.toml")
        pos = s.position()
        if src.startswith("scenario-played:"):
            for move in s.play:
                pos.play(move)
        return pos
    if src.startswith("layout:"):
        return Position.from_layout(**json.loads(game))
    return Position.from_text(game, tournament=not src.startswith("random:"))


_THROW = {"0,0": "wP", "-1,0": "wQ", "1,0": "bQ"}
LAYOUTS: list[dict[str, Any]] = [
    # Pillbug and Mosquito throws, and what stops them
    {"stacks": _THROW, "game_type": "Base+P"},
    {"stacks": {**_THROW, "2,0": "bA1"}, "game_type": "Base+P"},
    {"stacks": {**_THROW, "1,0": "bQ bB1"}, "game_type": "Base+P"},
    # wP was thrown by bP last turn (R16): stunned
    {"stacks": {**_THROW, "0,-1": "bP"}, "game_type": "Base+P", "last_moved": "wP"},
    {"stacks": {**_THROW, "1,-1": "bG1 bB1", "0,1": "wG1 wB1"}, "game_type": "Base+P"},
    {"stacks": {**_THROW, "-1,0": "wQ bB1", "0,1": "wG1 wB1"}, "game_type": "Base+P"},
    {"stacks": {**_THROW, "-1,1": "wA1"}, "game_type": "Base+P"},
    {"stacks": {"0,0": "wM", "1,0": "bP", "1,-1": "bQ", "-1,0": "wQ"}, "game_type": "Base+MP"},
    {"stacks": {"0,0": "wM", "1,0": "bP", "1,-1": "bQ bB1", "-1,0": "wQ"},
     "game_type": "Base+MP"},
    {"stacks": {"0,0": "wA1 wM", "1,0": "bP", "1,-1": "bQ", "-1,0": "wQ"},
     "game_type": "Base+MP"},
    {"stacks": {"0,0": "wP bB1", "-1,0": "wQ", "1,0": "bQ"}, "game_type": "Base+P"},
    {"stacks": {"0,0": "wP", "1,0": "bQ", "-1,0": "wA1"}, "game_type": "Base+P", "turn": 3},
    {"stacks": {"0,0": "wQ", "1,0": "bP", "2,0": "bQ", "1,1": "wA1"}, "game_type": "Base+P",
     "last_moved": "wA1"},
    {"stacks": {"0,0": "wM", "-1,0": "wQ", "1,0": "bQ", "2,0": "bP"}, "game_type": "Base+MP"},
    {"stacks": {"-2,0": "bA1", "-2,1": "wG1", "-2,2": "bB1", "-1,-1": "wG2", "-1,0": "bP",
                "-1,1": "bQ", "0,-1": "bS1", "0,0": "wQ"}, "to_move": "black"},
    {"stacks": {"0,0": "wP", "1,0": "bA1", "1,-1": "wQ", "0,-1": "bQ", "-1,0": "wS1",
                "-1,1": "bS1", "0,1": "wG1"}, "game_type": "Base+P"},
    # Mosquitoes
    {"stacks": {"0,-1": "bG1", "0,0": "wQ", "0,1": "wB1", "1,-1": "bQ", "1,0": "bM",
                "2,-1": "wG1", "2,0": "wG2"}, "to_move": "black"},
    {"stacks": {"0,0": "wQ", "0,1": "bS1", "0,2": "wM", "1,0": "bQ"}},
    {"stacks": {"0,0": "wQ", "0,-1": "bQ", "0,1": "bM", "0,2": "wM"}, "game_type": "Base+M"},
    {"stacks": {"0,0": "wQ", "0,1": "bQ wM"}, "game_type": "Base+M"},
    {"stacks": {"0,0": "wQ bB1", "1,0": "bQ bM", "1,1": "bA1 bB2", "2,0": "wA1"},
     "game_type": "Base+M", "to_move": "black"},
    {"stacks": {"-1,0": "wS1", "-1,1": "bM", "0,-1": "wB1", "0,0": "wQ", "0,1": "bQ",
                "1,0": "bS1"}, "game_type": "Base+M"},
    # climbing: Beetles and Ladybugs
    {"stacks": {"0,0": "wQ wB1", "1,-1": "bQ bB1", "0,1": "wA1 wB2"}},
    {"stacks": {"0,0": "wQ bB2", "0,1": "bQ", "1,0": "wB1", "1,1": "bL bB1"}},
    {"stacks": {"-1,0": "wL", "0,0": "wQ", "1,0": "bQ", "0,1": "bA1 bB1", "1,-1": "wA1 wB1"}},
    {"stacks": {"-1,-1": "wB2", "-1,0": "bQ wB1", "0,-1": "bL", "0,0": "wQ",
                "1,-1": "bS1 wM"}, "to_move": "black"},
    {"stacks": {"-1,-1": "wG1 wB2", "-1,1": "wL", "0,-1": "bQ", "0,0": "wQ wB1"}},
    {"stacks": {"-1,0": "bQ", "0,-1": "bL", "0,0": "wQ", "1,0": "wL"}},
    # walkers and jumpers
    {"stacks": {"-1,1": "bG1", "-1,2": "bS2", "0,0": "wQ", "0,1": "bS1", "1,0": "bQ",
                "1,1": "bL"}, "to_move": "black"},
    {"stacks": {"1,0": "wQ", "1,-1": "bQ", "0,-1": "bG1", "-1,0": "bS1", "-1,1": "wG1",
                "0,1": "wS1", "0,0": "wA1"}},
    {"stacks": {"0,0": "wA1", "1,-1": "wQ", "0,-1": "bQ", "-1,0": "wS1", "-1,1": "bS1",
                "0,1": "wG1", "2,0": "bG1", "2,-1": "wB1", "1,1": "bB1"}},
]
"""Hand-made positions for the reasons the peer data meets rarely or never (the positions
of tests/test_explain.py)."""


def _random_games() -> Iterator[tuple[str, str]]:
    """Seeded random games of every game type, a position every few plies."""
    from hive_teach import Position

    for game_type in ("Base", "Base+M", "Base+L", "Base+P", "Base+MP", "Base+MLP"):
        for seed in range(12):
            rng = random.Random(f"{game_type}/{seed}")
            pos = Position(game_type)
            for ply in range(70):
                if pos.state.is_over:
                    yield f"random:{game_type}/{seed}/{ply}", pos.to_text()
                    break
                if ply % 5 == 4:
                    yield f"random:{game_type}/{seed}/{ply}", pos.to_text()
                pos.play(rng.choice(pos.legal_moves()))


def _hive_sources() -> Iterator[tuple[str, str]]:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from oracle import full_moves

    for spec in LAYOUTS:
        yield "layout:", json.dumps({"game_type": "Base+MLP", "turn": 6, **spec},
                                    sort_keys=True)
    for i, case in enumerate(full_moves()):
        yield f"peer:{i}", case.game_string
    for path in sorted((ROOT / "scenarios").glob("*.toml")):
        yield "scenario:", path.stem
    yield from _random_games()
    yield from _played_scenarios()


def _played_scenarios() -> Iterator[tuple[str, str]]:
    """The scenarios after their ``play`` moves (one of them ends in a draw)."""
    from hive_teach.teach.scenario import load

    for path in sorted((ROOT / "scenarios").glob("*.toml")):
        if load(path).play:
            yield "scenario-played:", path.stem


def cells_near(pos: Any) -> list[int]:
    """Every cell within distance 2 of the hive (the 19 cells around 0,0 on an empty board)."""
    from hive_teach.core.hexgrid import DELTAS, hexagon

    if not pos.stacks:
        return sorted(hexagon(2))
    cells = set(pos.stacks)
    for _ in range(2):
        cells |= {c + d for c in cells for d in DELTAS}
    return sorted(cells)


def hive_questions(pos: Any) -> Iterator[tuple[str, Any, Any]]:
    """Every question the sweep asks of a position: (ask, piece, cell)."""
    pieces = list(pos.where) + pos.placeable(pos.turn) + pos.placeable(pos.turn.other)
    for piece in pieces:
        for c in cells_near(pos):
            yield "move", piece, c
    yield "pass", None, None
    for piece in pos.game_type.pieces:
        yield "piece", piece, None


def hive_answer(pos: Any, ask: str, piece: Any, to: Any) -> Any:
    from hive_teach import Move
    from hive_teach.hive.explain import explain_move, explain_piece

    if ask == "piece":
        return explain_piece(pos, piece)
    return explain_move(pos, Move(piece, to))


def golden_explanation(rec: Record) -> Any:
    """The engine's explanation now for a recorded Hive question (``None`` for a legal one):
    a refused MoveString's error explanation, else what ``hive_answer`` says."""
    from hive_teach import IllegalMoveError, Piece, parse_cell

    pos = hive_position(rec["src"], rec["game"])
    if rec["ask"] == "play":
        try:
            pos.copy().play(rec["text"])
        except IllegalMoveError as e:
            return e.explanation
        except ValueError:
            return None
        return None
    piece = Piece.from_name(rec["piece"]) if rec["piece"] else None
    to = parse_cell(rec["to"]) if rec["to"] else None
    return hive_answer(pos, rec["ask"], piece, to)


def _pick_hive(sources: Iterator[tuple[str, str]] | None = None) -> list[Record]:
    """The first few explanations of every shape the sweep meets, then one in 4999."""
    from hive_teach.core.hexgrid import cell_name
    from hive_teach.hive.explain import Explainer

    seen: Counter[tuple[str, ...]] = Counter()
    out: list[Record] = []
    n = 0
    for src, game in _hive_sources() if sources is None else sources:
        pos = hive_position(src, game)
        ex = Explainer(pos)
        for ask, piece, c in hive_questions(pos):
            from hive_teach import PASS, Move

            if ask == "piece":
                why = ex.piece(piece)
            elif ask == "pass":
                why = ex.move(PASS)
            else:
                why = ex.move(Move(piece, c))
            if why is None:
                continue
            n += 1
            key = _shape(why)
            seen[key] += 1
            if seen[key] <= 3 or n % 4999 == 0:
                out.append({"src": src, "game": game, "ask": ask,
                            "piece": piece.name if piece else None,
                            "to": None if c is None else cell_name(c)})
    return out


def _shape(why: Any) -> tuple[str, ...]:
    """Roughly one way of saying an explanation: kind, rule, the English without its names."""
    words = why.reason.split()
    return (str(why.kind), str(why.rule), *(
        "#" if re.search(r"\d|\b[wb][A-Z]", w) else w for w in (*words[:3], *words[-2:])
    ))


def _play_cases() -> list[Record]:
    """Moves written as text that the notation or the rules refuse (Mzinga's rule file, and
    the spelling cases of the notation)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from oracle import invalid_by_rule

    out = [{"src": "mzinga", "game": gs, "ask": "play", "piece": None, "to": None, "text": move}
           for _reason, gs, move in invalid_by_rule()]
    spelled = (
        ("Base;InProgress;White[2];wS1;bS1 wS1-", "wQ -bQ"),  # the reference is in hand
        ("Base;InProgress;White[2];wS1;bS1 wS1-", "wQ"),  # only the first piece stands alone
        ("Base;InProgress;White[2];wS1;bS1 wS1-", "wQ wS1-"),  # that cell is taken (placing)
        ("Base;InProgress;White[2];wS1;bS1 wS1-", "wM -wS1"),  # not in a Base game
        ("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-", "wS1 -bQ"),  # a walker
        ("Base;InProgress;White[3];wB1;bS1 wB1-;wQ /wB1;bQ bS1-", "wB1 -bQ"),  # pinned
        ("Base;InProgress;White[8];wS1;bB1 wS1/;wA1 /wS1;bB2 \\bB1;wB1 /wA1;bA1 -bB2;"
         "wQ wB1-;bQ -bA1;wA2 -wB1;bQ \\bA1;wB2 wQ\\;bA2 /bA1;wA3 wQ-;bA2 wS1-",
         "wB2 wQ-"),  # a Beetle may climb there, but the move is spelled as a step
    )
    out += [{"src": "spelling", "game": gs, "ask": "play", "piece": None, "to": None,
             "text": move} for gs, move in spelled]
    return out


def hive_record(rec: Record) -> Record:
    """``rec`` (a question) with the engine's answer now."""
    from hive_teach import IllegalMoveError, Piece, parse_cell

    pos = hive_position(rec["src"], rec["game"])
    out = {k: rec[k] for k in ("src", "game", "ask", "piece", "to", "text") if k in rec}
    if rec["ask"] == "play":
        try:
            pos.copy().play(rec["text"])
        except IllegalMoveError as e:
            out["rule"] = str(e.rule)
            out["error"] = str(e)
            if e.explanation is not None:
                out["kind"] = str(e.explanation.kind)
                out.update(hive_texts(e.explanation))
            return out
        except ValueError as e:
            out["error"] = str(e)
            return out
        raise AssertionError(f"{rec['text']} was accepted in {rec['game']}")
    piece = Piece.from_name(rec["piece"]) if rec["piece"] else None
    to = parse_cell(rec["to"]) if rec["to"] else None
    why = hive_answer(pos, rec["ask"], piece, to)
    if why is None:
        out["legal"] = True
        return out
    out["rule"] = str(why.rule)
    out["kind"] = str(why.kind)
    out.update(hive_texts(why))
    return out


# ----------------------------------------------------------------------------- Rive
@cache
def rive_game(src: str, text: str) -> Any:
    from hive_teach.rive import RiveGame

    if src.startswith("scenario:"):
        from hive_teach.teach.scenario import load

        return load(ROOT / "scenarios" / "rive" / f"{text}.toml").game()
    return RiveGame.from_text(text)


def _rive_sources() -> Iterator[tuple[str, str]]:
    from hive_teach.rive import RiveGame

    for path in sorted((ROOT / "scenarios" / "rive").glob("*.toml")):
        yield "scenario:", path.stem
    for side in (3, 4, 5):
        for seed in range(6):
            rng = random.Random(f"rive{side}/{seed}")
            game = RiveGame(side)
            ply = 0
            while True:
                if ply % 4 == 0 or game.is_over() or game.pending_capture is not None:
                    yield f"random:{side}/{seed}/{ply}", game.to_text()
                if game.is_over():
                    break
                game.play(rng.choice(game.legal_moves()))
                ply += 1


def rive_questions(game: Any) -> Iterator[str]:
    """Every action text the sweep asks: each cell placed and removed, and two cells off the
    board."""
    from hive_teach.core.hexgrid import cell_name

    for c in game.cells:
        yield cell_name(c)
        yield "x" + cell_name(c)
    yield f"{game.side},0"
    yield f"x0,{-game.side - 2}"


def _pick_rive() -> list[Record]:
    from hive_teach.rive import explain

    seen: Counter[tuple[str, ...]] = Counter()
    out: list[Record] = []
    n = 0
    for src, text in _rive_sources():
        game = rive_game(src, text)
        for action in rive_questions(game):
            why = explain(game, action)
            if why is None:
                continue
            n += 1
            words = why.reason.split()
            key = (str(why.rule), *words[:2], *words[-2:])
            key = tuple("#" if any(ch.isdigit() for ch in w) else w for w in key)
            seen[key] += 1
            if seen[key] <= 3 or n % 1999 == 0:
                out.append({"src": src, "game": text, "action": action})
    return out


def rive_record(rec: Record) -> Record:
    from hive_teach.rive import explain

    game = rive_game(rec["src"], rec["game"])
    out = {k: rec[k] for k in ("src", "game", "action")}
    why = explain(game, rec["action"])
    if why is None:
        out["legal"] = True
        return out
    out["rule"] = str(why.rule)
    out.update(rive_texts(why))
    return out


# ----------------------------------------------------------------------------- the boards
def _hive_scripts() -> list[tuple[str, dict[str, Any], list[tuple[str, Any]]]]:
    """(scenario, controller options, actions) for the Hive board: in every scenario with a
    focus piece, select it and click each cell the scenario forbids, then play a legal
    target and take it back; a few more clicks on the first scenario and an exercise."""
    from hive_teach.core.hexgrid import cell_name
    from hive_teach.teach.scenario import load

    out: list[tuple[str, dict[str, Any], list[tuple[str, Any]]]] = []
    for path in sorted((ROOT / "scenarios").glob("*.toml")):
        s = load(path)
        if s.focus is None:
            continue
        piece = s.focus.piece.name
        actions: list[tuple[str, Any]] = []
        for c in sorted(s.focus.forbidden):
            actions += [("select", piece), ("click", cell_name(c))]
        for c in sorted(s.focus.targets or ())[:1]:
            actions += [("select", piece), ("click", cell_name(c)), ("undo", None)]
        out.append((s.id, {}, actions))
    out.append(("freedom-gate-queen", {}, [
        ("select", "bQ"), ("click", None), ("click", "9,9"), ("click", "0,0"),
        ("play_text", "wQ -bQ"), ("play_text", "pass"), ("play_text", "wZ"),
        ("play_text", "wQ -wA3"),
        ("undo", None), ("reset", None), ("set_language", "fr"),
    ]))
    out.append(("spider-exactly-three", {"mode": "reach", "piece": "wS1"}, [
        ("click", "2,-1"), ("click", "1,-1"), ("click", "0,1"), ("click", "-1,1"),
        ("check", None), ("undo", None), ("check", None),
    ]))
    return out


_RIVE_SCRIPTS: list[tuple[str, dict[str, Any], list[tuple[str, Any]]]] = [
    ("rive3;0,0", {}, [("click", "1,0"), ("click", "0,-2"), ("click", "0,-2"),
                       ("click", "9,9"), ("play_text", "x0,0"), ("play_text", "zz"),
                       ("undo", None), ("reset", None)]),
    ("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0;1,0", {}, [
        ("click", "1,-2"), ("click", "-2,2"), ("play_text", "x-1,0"), ("click", "0,0")]),
    ("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0;1,0;x2,0", {}, [("click", "0,-1")]),
    ("rive3;1,0;0,-1;-1,1;2,-2;-2,0;0,2", {}, [("click", "0,0"), ("click", "x0,0"),
                                              ("click", "1,0"), ("click", "-2,0")]),
    ("rive3;0,0;0,-2;2,-2;2,0;0,2;-2,2;-2,0", {"mode": "mark"}, [
        ("click", "1,0"), ("click", "-1,0"), ("click", "2,-1"), ("check", None)]),
    ("rive3", {"mode": "engine", "human": "white", "seed": 3}, [
        ("click", "0,0"), ("click", "1,0")]),
]
"""(game text, controller options, actions) for the Rive board."""


def _run(board: Any, name: str, script: int, start: str, actions: list[tuple[str, Any]]
         ) -> list[Record]:
    where = {"board": name, "script": script, "start": start}
    out = [{**where, "step": "start", "message": board.last.message}]
    for i, (action, arg) in enumerate(actions):
        method = getattr(board, action)
        fb = method(arg) if arg is not None or action == "click" else method()
        out.append({**where, "step": f"{i} {action} {arg}", "kind": fb.kind,
                    "rule": None if fb.rule is None else str(fb.rule), "message": fb.full_text})
    return out


def _board_messages(lang: str) -> list[Record]:
    from hive_teach.board.controller import BoardController, RiveController
    from hive_teach.rive import RiveGame
    from hive_teach.teach.scenario import load

    out: list[Record] = []
    for script, (sid, options, actions) in enumerate(_hive_scripts()):
        pos = load(ROOT / "scenarios" / f"{sid}.toml").position()
        out += _run(BoardController(pos, lang=lang, **options), "hive", script, sid, actions)
    for script, (text, options, actions) in enumerate(_RIVE_SCRIPTS):
        board = RiveController(RiveGame.from_text(text), lang=lang, **options)
        out += _run(board, "rive", script, text, actions)
    return out


BOARD_KEYS = ("lang", "board", "script", "start")


def board_records() -> list[Record]:
    return [{"lang": lang, **rec} for lang in LANGS for rec in _board_messages(lang)]


# ----------------------------------------------------------------------------- files
def read(path: Path) -> list[Record]:
    """The records of a golden file: one line per position (``src``, ``game``) with the
    questions asked there (``answers``), each record with its position's two keys."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line:
            row = json.loads(line)
            where = {k: v for k, v in row.items() if k != "answers"}
            out += [{**where, **answer} for answer in row.get("answers", [row])]
    return out


def write(path: Path, records: list[Record], by: tuple[str, ...] = ("src", "game")) -> None:
    path.parent.mkdir(exist_ok=True)
    rows: dict[tuple[Any, ...], list[Record]] = {}
    for r in records:
        rows.setdefault(tuple(r[k] for k in by), []).append(
            {k: v for k, v in r.items() if k not in by})
    text = "".join(
        json.dumps({**dict(zip(by, key, strict=True)), "answers": answers},
                   ensure_ascii=False, sort_keys=True) + "\n"
        for key, answers in rows.items()
    )
    path.write_text(text, encoding="utf-8")


def _update(path: Path, fresh: Callable[[Record], Record]) -> None:
    write(path, [fresh(r) for r in read(path)])


def main(argv: list[str]) -> int:
    if argv == ["pick"]:  # choose the pairs anew (only when the sample itself should change)
        write(HIVE_FILE, [hive_record(r) for r in [*_pick_hive(), *_play_cases()]])
        write(RIVE_FILE, [rive_record(r) for r in _pick_rive()])
        write(BOARD_FILE, board_records(), BOARD_KEYS)
        return 0
    if argv == ["update"]:  # the same pairs, the engine's answers now
        _update(HIVE_FILE, hive_record)
        _update(RIVE_FILE, rive_record)
        write(BOARD_FILE, board_records(), BOARD_KEYS)
        return 0
    print("usage: golden_cases.py pick|update", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
