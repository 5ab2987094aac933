"""The coach (hive_teach.hive.coach): its verdicts on real positions of every game type, each
proven here by the rules engine and the solver, not by the coach's own code path; the coach
never calls a winning move a mistake; messages in every language; the CLI; the board hook.

The positions come from random games (tests/data/coach_cases.json: GameString, move, the
verdict and its kind); every one is re-checked below from first principles:

- a win in 1 by playing every reply (not the solver's bound of :func:`immediate_wins`),
- a win in 2 by :func:`forces_win` and :func:`solve` of the solver, with no time limit.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from hive_teach.board.controller import BoardController
from hive_teach.core.errors import IllegalMoveError, InvalidMoveError
from hive_teach.core.hexgrid import DELTAS, cell_name, parse_cell
from hive_teach.hive.ai.evaluate import WIN_STATE
from hive_teach.hive.ai.solver import forces_win, solve
from hive_teach.hive.coach import (
    CATALOGUES,
    Said,
    coach,
    explain_engine_move,
    hint,
)
from hive_teach.hive.pieces import Colour, Piece
from hive_teach.hive.player import Player
from hive_teach.hive.position import AnyMove, Move, Position

ROOT = Path(__file__).resolve().parents[1]
CASES = json.loads((ROOT / "tests" / "data" / "coach_cases.json").read_text(encoding="utf-8"))
GAME_TYPES = ["Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP"]
KINDS = ["allows-win/1", "allows-win/2", "missed-win/1", "missed-win/2", "wins/1", "wins/2"]
SLOW = 60.0  # seconds: the coach's budget in these tests, so that no claim is cut short


def wins_at_once(pos: Position) -> list[AnyMove]:
    """Every move of the side to move that surrounds the other Queen now, found by playing
    each legal move (no bound, no solver)."""
    me, out = pos.turn, []
    for m in pos.legal_moves():
        pos.push(m)
        if pos.state is WIN_STATE[me]:
            out.append(m)
        pos.undo()
    return out


def after(pos: Position, move: AnyMove) -> Position:
    out = pos.copy()
    out.play(move)
    return out


def prove(kind: str, pos: Position, move: AnyMove, named: str | None) -> None:
    """Check from the rules and the solver that ``move`` in ``pos`` is what ``kind`` says,
    and that ``named`` (the coach's reply or missed win) does it."""
    then = after(pos, move)
    if kind == "wins/1":
        assert then.state is WIN_STATE[pos.turn]
    elif kind == "wins/2":
        assert not then.is_over and forces_win(pos, move, 2)
    elif kind in ("allows-win/1", "allows-win/2"):
        quick = wins_at_once(then)
        if kind == "allows-win/1":
            assert quick and then.parse_move(named or "") in quick
        else:
            assert not quick
            assert forces_win(then, then.parse_move(named or ""), 2)
    else:  # a missed win: there was one, the move is none, and it gives the opponent none
        assert not then.is_over and not forces_win(pos, move, 3)
        assert not wins_at_once(then) and not solve(then, 2)
        win = pos.parse_move(named or "")
        if kind == "missed-win/1":
            assert win in wins_at_once(pos)
        else:
            assert not wins_at_once(pos) and forces_win(pos, win, 2)


CASE_IDS = [(gt, kind) for gt in GAME_TYPES for kind in KINDS if kind in CASES.get(gt, {})]


def test_every_game_type_has_every_kind_of_case() -> None:
    """A win allowed in 1 and in 2, a missed win and a winning move in every game type; the
    rarer ones (a missed win in 2, a win in 2) in most."""
    for gt in GAME_TYPES:
        assert {"allows-win/1", "allows-win/2", "missed-win/1", "wins/1"} <= set(CASES[gt]), gt
    for kind in ("missed-win/2", "wins/2"):
        assert sum(kind in CASES[gt] for gt in GAME_TYPES) >= 4, kind


@pytest.mark.parametrize(("game_type", "kind"), CASE_IDS)
@pytest.mark.slow
def test_the_coach_on_positions_of_every_game_type(game_type: str, kind: str) -> None:
    case = CASES[game_type][kind]
    pos = Position.from_text(case["game"])
    assert str(pos.game_type) == game_type
    move = pos.parse_move(case["move"])
    verdict = coach(pos, move, time_limit=SLOW)
    named = verdict.moves[0] if verdict.moves else None
    prove(kind, pos, move, named)
    assert (verdict.verdict, verdict.what, verdict.n) == (kind.split("/")[0], kind,
                                                          int(kind[-1]))
    assert pos.to_text() == case["game"]  # the coach changed nothing
    assert verdict.sure
    for lang in ("en", "de", "zh"):
        text = verdict.text(lang)
        assert text.endswith("." if lang != "zh" else "。")
        if named is not None:  # the message names the move it is about, by piece and cell
            at = after(pos, move) if kind.startswith("allows") else pos
            m = at.parse_move(named)
            assert m.piece is not None and m.to is not None
            assert m.piece.name in text and cell_name(m.to) in text


def test_a_move_that_surrounds_its_own_queen_allows_the_win() -> None:
    # White's Queen at 0,0 has one free cell, 1,-1, and wA1 can walk in (R19: White loses).
    pos = Position.from_layout(
        {"0,0": "wQ", "1,0": "bQ", "0,1": "bS1", "-1,1": "bB1", "-1,0": "wS1", "0,-1": "wG1",
         "2,-1": "wA1", "2,0": "bA1"}, to_move="white", turn=6)
    move = Move(Piece.from_name("wA1"), parse_cell("1,-1"))
    assert move in pos.legal_moves()
    assert after(pos, move).state is WIN_STATE[Colour.BLACK]
    v = coach(pos, move)
    assert (v.verdict, v.what, v.moves) == ("allows-win", "allows-win/0", ())
    assert "0,0" in v.text()


def free_around(pos: Position, colour: Colour) -> int:
    """Empty cells next to ``colour``'s Queen, counted from the board."""
    q = pos.where[Piece.from_name(colour.letter + "Q")]
    return sum(1 for d in DELTAS if q + d not in pos.stacks)


def test_the_queen_with_one_free_cell_left_is_noted() -> None:
    # White's Queen at 0,0 has two free cells, 0,1 and 1,-1; filling one leaves her one.
    pos = Position.from_layout(
        {"0,0": "wQ", "1,0": "bQ", "-1,0": "wS1", "0,-1": "wG1", "-1,1": "wB1",
         "-2,1": "wA1", "2,0": "bS1"}, to_move="white", turn=6)
    assert free_around(pos, Colour.WHITE) == 2
    noted = 0
    for m in pos.legal_moves():
        then = after(pos, m)
        if then.is_over or free_around(then, Colour.WHITE) != 1:
            continue
        if wins_at_once(then) or solve(then, 2):
            continue  # a worse danger than the fifth neighbour: another verdict
        v = coach(pos, m, time_limit=SLOW)
        assert (v.verdict, v.what) == ("fine", "queen-five"), pos.move_text(m)
        assert v.said is not None and v.said.cells[0] == "0,0"
        noted += 1
    assert noted >= 1


def test_pins_and_freed_pieces_are_noted() -> None:
    # Black's Ant at 2,0 hangs on bQ alone; White's Beetle steps beside it... (see below)
    pos = Position.from_layout(
        {"0,0": "wQ", "1,0": "bQ", "-1,0": "wS1", "2,0": "bA1", "-1,1": "wA1"},
        to_move="white", turn=4)
    old = {p for p in pos.where if p.colour is Colour.BLACK and pos.is_pinned(p)}
    for m in pos.legal_moves():
        then = after(pos, m)
        new = {p for p in then.where if p.colour is Colour.BLACK and then.is_pinned(p)}
        if (wins_at_once(then) or then.is_over):
            continue
        v = coach(pos, m, time_limit=SLOW)
        if v.verdict != "fine" or v.what == "queen-five":
            continue
        if new - old:
            assert v.what == "pinned", pos.move_text(m)
            assert {s.piece for s in v.said.spots} == {p.name for p in new - old}  # type: ignore[union-attr]
        elif old - new:
            assert v.what == "freed", pos.move_text(m)
        else:
            assert v.what == "", pos.move_text(m)


@pytest.mark.slow
def test_a_winning_move_is_never_called_a_mistake() -> None:
    """Over random games of every type: whenever the move surrounds the other Queen, or
    the solver proves it forces a win in 2, the verdict is "wins"."""
    rng = random.Random(19)
    checked = wins = 0
    for k, game_type in enumerate(GAME_TYPES):
        pos = Position(game_type)
        player = Player("beginner", seed=k)
        while not pos.is_over and pos.ply < 70:
            moves = pos.legal_moves()
            for m in rng.sample(moves, min(3, len(moves))) + wins_at_once(pos):
                winning = after(pos, m).state is WIN_STATE[pos.turn] or (
                    not after(pos, m).is_over and forces_win(pos, m, 2))
                if winning:
                    wins += 1
                    assert coach(pos, m, time_limit=SLOW).verdict == "wins", (
                        pos.to_text(), pos.move_text(m))
                checked += 1
            pos.play(player.choose(pos) if rng.random() < 0.7 else rng.choice(moves))
    assert wins >= 5 and checked > 200


def test_every_verdict_is_one_of_four_and_the_budget_never_mislabels() -> None:
    """With no time at all, the coach says nothing it has not proven: a claim that needs
    the solver turns into silence, never into another verdict."""
    case = CASES["Base+L"]["allows-win/2"]
    pos = Position.from_text(case["game"])
    v = coach(pos, case["move"], time_limit=0.0)
    assert (v.verdict, v.sure, v.text()) == ("fine", False, "")
    full = coach(pos, case["move"], time_limit=SLOW)
    assert full.verdict == "allows-win" and full.sure


def test_an_illegal_move_is_refused_with_the_rule_and_nothing_changes() -> None:
    pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
    before = pos.to_text()
    with pytest.raises(IllegalMoveError) as err:
        coach(pos, "wQ bS1-")
    assert err.value.rule == "R3"
    with pytest.raises(InvalidMoveError):
        coach(pos, "wX1")
    assert pos.to_text() == before


def test_the_catalogues_have_the_same_templates_in_every_language() -> None:
    keys = set(CATALOGUES["en"].templates)
    for lang in ("de", "zh"):
        assert set(CATALOGUES[lang].templates) == keys, lang
        assert set(CATALOGUES[lang].phrases) == set(CATALOGUES["en"].phrases), lang
    said = Said("allows-win/1", Colour.WHITE)
    with pytest.raises(KeyError):  # the template names a move the facts do not hold
        said.text()


def test_hint_suggests_the_win_and_stops_a_threat() -> None:
    case = CASES["Base"]["missed-win/1"]
    pos = Position.from_text(case["game"])
    move, reason = hint(pos)
    assert pos.parse_move(move) in wins_at_once(pos)
    assert "wins" in reason
    # Black threatens to win at once (the position after a move that allows a win in 1):
    case = CASES["Base"]["allows-win/1"]
    pos = after(Position.from_text(case["game"]), case["move"])
    pos_passed = pos.copy()
    move, reason = hint(pos)
    assert not wins_at_once(after(pos, pos.parse_move(move)))
    assert pos == pos_passed
    del pos_passed


def test_the_engine_move_gets_one_sentence_in_every_language() -> None:
    pos = Position.from_layout({"0,0": "wQ", "1,0": "bQ", "-1,0": "wS1", "2,0": "bS1"},
                               to_move="black", turn=3)
    en = explain_engine_move(pos, "bS1 wS1\\")
    assert "attacks" in en and "0,0" in en
    assert explain_engine_move(pos, "bS1 wS1\\", "zh").endswith("。")
    with pytest.raises(ValueError):
        explain_engine_move(pos, "bQ wQ-")  # not legal: the Queen may not jump (R8)


# ----------------------------------------------------------------------------- the board
def test_a_coached_board_against_the_engine_says_and_draws_the_winning_reply() -> None:
    case = CASES["Base"]["allows-win/1"]
    pos = Position.from_text(case["game"])
    human = pos.turn
    calls = []

    def quiet(p: Position) -> AnyMove:  # an engine that never takes the win
        calls.append(p.ply)
        safe = [m for m in p.legal_moves() if after(p, m).state is not WIN_STATE[p.turn]]
        return safe[0] if safe else p.legal_moves()[0]

    board = BoardController(pos, mode="engine", human=human, engine=quiet, coach=True)
    fb = board.play_text(case["move"])
    reply = after(Position.from_text(case["game"]), case["move"])
    named = coach(Position.from_text(case["game"]), case["move"]).moves[0]
    m = reply.parse_move(named)
    assert m.piece is not None and m.to is not None and m.piece.name in fb.message
    assert calls  # the engine answered, and its reason follows
    marks = board.marks()
    assert marks.labels.get(m.to) == "!"
    board.undo()
    assert "!" not in board.marks().labels.values()


def test_two_learners_on_one_board_hear_the_coach_after_each_move() -> None:
    case = CASES["Base+M"]["missed-win/1"]
    board = BoardController(Position.from_text(case["game"]), coach=True)
    fb = board.play_text(case["move"])
    assert board.coach is not None and board.coach.verdict is not None
    assert board.coach.verdict.verdict == "missed-win"
    assert board.coach.verdict.text("en") in fb.message
    assert board.hint().kind == "info"


def test_the_coach_is_for_hive_boards_in_free_or_engine_mode() -> None:
    from hive_teach.rive import RiveGame

    with pytest.raises(ValueError, match="coach"):
        BoardController(RiveGame(3), coach=True)
    with pytest.raises(ValueError, match="coach"):
        BoardController(Position(), mode="reach", piece="wQ", coach=True)


# ----------------------------------------------------------------------------- the CLI
def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hive_teach.cli", "coach", *args],
                          capture_output=True, text=True, cwd=ROOT, check=False)


def test_cli_prints_the_verdict_as_json() -> None:
    case = CASES["Base"]["allows-win/1"]
    out = run_cli(case["game"], case["move"], "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["verdict"] == "allows-win" and len(data["moves"]) == 1
    then = after(Position.from_text(case["game"]), case["move"])
    assert then.parse_move(data["moves"][0]) in wins_at_once(then)
    assert data["message"].startswith("Careful")
    de = json.loads(run_cli(case["game"], case["move"], "--json", "--lang", "de").stdout)
    assert de["message"].startswith("Vorsicht") and de["moves"] == data["moves"]


def test_cli_prints_the_message_in_the_language() -> None:
    case = CASES["Base+L"]["wins/1"]
    out = run_cli(case["game"], case["move"], "--lang", "zh")
    assert out.returncode == 0 and out.stdout.strip().startswith("太棒了")


@pytest.mark.parametrize(("game", "move", "says"), [
    ("Base;InProgress;White[2];wS1;bS1 wS1-", "wQ bS1-", "(R3)"),
    ("Base;InProgress;White[2];wS1;bS1 wS1-", "wX1", "'wX1' is not a move"),
    ("Bogus", "wQ", "'Bogus' is not a game type"),
])
def test_cli_refuses_bad_input_with_one_line(game: str, move: str, says: str) -> None:
    out = run_cli(game, move)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.startswith("hive-teach coach: ") and says in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
