"""The engine player, its search and the puzzle solver, checked against brute force.

Time budgets are checked on an injected clock (:class:`TickClock`), never on the wall clock:
how fast the search runs on this machine is a figure for benchmarks/bench_player.py.
"""

from __future__ import annotations

import importlib
import types

import pytest

from hive_teach import PASS, GameState, Move, Position, parse_cell
from hive_teach.hive import player as player_module
from hive_teach.hive.ai import WIN, SolverTimeout, forces_win, immediate_wins, is_unique, solve
from hive_teach.hive.ai.evaluate import WIN_STATE, evaluate
from hive_teach.hive.ai.hashing import child_hash, position_hash
from hive_teach.hive.player import LEVELS, TIME_SAFETY, Player
from hive_teach.hive.uhp import UHPEngine

MIDGAME_MLP = (
    "Base+MLP;InProgress;White[11];wL;bG1 /wL;wQ wL-;bL /bG1;wA1 wQ/;bQ -bL;wA2 wA1-;bM bQ/;"
    "wS1 \\wQ;bP \\bQ;wS1 \\bM;bA1 bL-;wA2 bA1\\;bL \\wQ;wA1 bQ\\;bA2 bL/;wP wQ-;bA3 \\bL;"
    "wA3 wS1/;bA3 \\wA3"
)
MIDGAME_BASE = (
    "Base;InProgress;White[12];wA1;bA1 -wA1;wQ wA1\\;bQ -bA1;wA2 wA1/;bQ /bA1;wA2 -bQ;"
    "bA2 \\bA1;wA2 \\bA2;bA3 -bA1;wA2 -bA3;bA2 /wQ;wA3 wA1/;bA2 \\wA3;wA2 \\bA3;bQ /bA3;"
    "wA2 bQ\\;bB1 \\bA3;wA2 -bQ;bB1 bA3;wA2 /bQ;bB1 bQ-"
)


class TickClock:
    """A stand-in for ``time.perf_counter`` that moves on by ``tick`` seconds at every reading.

    The search reads the clock once per node and the solver once per step, so on this clock a
    time budget is a budget of work: the same on a fast machine and on a busy one.
    """

    def __init__(self, tick: float = 1e-4) -> None:
        self.tick = tick
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += self.tick
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> TickClock:
    """Every clock the player, the search and the solver read, replaced by one TickClock."""
    fake = TickClock()
    # by module name: the package hive_teach.hive.ai exports a function called search
    search_module = importlib.import_module("hive_teach.hive.ai.search")
    solver_module = importlib.import_module("hive_teach.hive.ai.solver")
    for module in (player_module, search_module, solver_module):
        monkeypatch.setattr(module, "time", types.SimpleNamespace(perf_counter=fake.perf_counter))
    return fake


def _layout(stacks: dict[str, str], game_type: str = "Base", turn: int = 8) -> Position:
    return Position.from_layout(stacks, game_type=game_type, to_move="white", turn=turn)


# Win in 1 --------------------------------------------------------------------------------
WIN_IN_1 = {
    # A Soldier Ant runs round to the last empty cell next to the black Queen.
    "ant": (_layout({"0,0": "bQ", "1,0": "wQ", "0,-1": "wS1", "-1,0": "wB1", "-1,1": "wG1",
                     "1,-1": "bA1", "2,-1": "wA1"}, turn=6), {"wA1 wG1-"}),
    # A Beetle climbs down from the stack next to her: the cell it leaves stays full.
    "beetle down": (_layout({"0,0": "bQ", "1,0": "bA1 wB1", "1,-1": "wG1", "0,-1": "wQ",
                             "-1,0": "bG1", "-1,1": "wS1"}, turn=5), {"wB1 wS1-"}),
    # The Pillbug throws the black Queen into a hole whose other five cells are full (R16).
    "pillbug throw": (_layout({"0,0": "wP", "1,0": "bQ", "0,-1": "wQ", "-1,-1": "wA1",
                               "-2,0": "bA1", "-2,1": "bG1", "-1,1": "wG1"},
                              game_type="Base+P", turn=5), {"bQ bA1-"}),
    # Three pieces reach the shared last cell, but only the Grasshopper's jump wins: the
    # other Grasshopper leaves a cell by the black Queen (White loses), the Ant fills both
    # Queens' last cell (a draw, R19).
    "draw is no win": (_layout({"0,0": "wQ", "1,0": "bQ", "1,-1": "wS1", "0,-1": "wG1",
                                "-1,0": "bG1", "-1,1": "bB1", "2,0": "bA1", "2,-1": "wG2",
                                "1,1": "bS1", "-2,1": "wA1"}, turn=7), {"wG1 bB1-"}),
    # From real play (Base and Base+MLP), one with Black to move and several answers.
    "game grasshopper": (Position.from_text(
        "Base;InProgress;White[24];wA1;bG1 wA1-;wQ -wA1;bG2 bG1/;wQ /wA1;bQ bG1\\;wA2 -wA1;"
        "bB1 bG1-;wA2 bQ\\;bS1 bG2/;wA3 \\wA1;bS2 -bS1;wA3 -wA2;bB1 bG1;wS1 \\wA1;bG3 bS1/;"
        "wS1 \\bS2;bB2 bS1-;wB1 \\wA1;bB2 bG2-;wB2 wA3\\;bB2 bS1;wS2 -wB2;bA1 bB1-;wB1 wA1;"
        "bA1 wQ\\;wQ -bA1;bA2 bB1-;wB1 bA1/;bA2 \\wQ;wA1 bB1-;bB1 wB1;wA1 bQ-;bB1 bA2-;"
        "wQ /bA2;bA1 wQ-;wQ -bA2;bA3 \\bG3;wS2 /bA1;bA3 /wS2;wS1 bB1/;bA3 wS1/;wS1 \\bS2;"
        "bB2 bS2;wG1 -wB2;bB2 -bS2", tournament=True), {"wG1 bG1-"}),
    "game black to move": (Position.from_text(
        "Base+MLP;InProgress;Black[18];wA1;bG1 wA1\\;wQ -wA1;bG2 bG1-;wQ -bG1;bB1 bG1\\;"
        "wA1 /bB1;bQ bG1/;wA1 bG2-;bB2 /bB1;wA1 \\bQ;bP bB2-;wA1 bQ/;bA1 bP-;wA1 \\bQ;"
        "bA1 wQ\\;wQ -bA1;bA2 bB1-;wA1 bQ/;bB2 bB1;wA1 \\bQ;bB2 bA1;wA1 bQ/;bL bP-;"
        "wA1 \\bQ;bB2 wQ;wA1 bQ/;bS1 /bB2;wA1 \\bQ;bG3 -bB2;wA1 bQ/;bA3 bB2/;wA1 \\bQ;"
        "bM bG3/;wA1 bA3/", tournament=True), {"bS2 bS1-", "bB2 bS1-", "bG1 bS1-", "bA2 bS1-"}),
}

# Win in 2 --------------------------------------------------------------------------------
_TWO_GAPS = {"0,0": "bQ", "1,0": "wG1", "1,-1": "wS1", "0,-1": "wB1", "-1,1": "wA3",
             "2,-1": "wQ", "0,-2": "wA1", "2,0": "wA2", "3,-2": "bB1"}
WIN_IN_2 = {
    # Two cells left by a Queen that can neither slide (gates) nor move (pinned): either Ant
    # fills either cell, and nothing Black does helps.
    "two gaps": (_layout(_TWO_GAPS), {"wA1 -bQ", "wA1 wA3-", "wA2 -bQ", "wA2 wA3-"}),
    # From real play: only the Ladybug's move does it.
    "game ladybug": (Position.from_text(
        "Base+MLP;InProgress;White[22];wA1;bS1 -wA1;wQ wA1\\;bQ -bS1;wA2 wA1/;bP bQ/;"
        "wA2 -bQ;bA1 \\bP;wA3 wA1/;bA1 wQ-;wA3 \\bP;bA1 wA1/;wA3 wA2\\;bA1 /wQ;wA2 \\bP;"
        "bA1 wA3\\;wA2 -bQ;bM /bA1;wM -wA3;bL bM-;wM \\bP;bG1 bM\\;wM wA2/;bS2 /bG1;"
        "wA2 wA3-;bQ bP/;wA3 \\bQ;wM -bS1;wB1 wA1/;bA2 -bA1;wM wA3-;bM -wA3;wB1 bP-;"
        "bM /wQ;wB1 bQ;bA2 bP-;wB2 wA3/;bB1 bS2-;wL -wB2;bA2 bM-;wP wB1-;bG2 bB1\\",
        tournament=True), {"wL -wB1"}),
}
# The same two gaps, but a black Ant can pin the second white Ant (R6): no win in 2, one in 3.
PIN_DEFENCE = _layout({**_TWO_GAPS, "3,-1": "bA1"})


def _texts(pos: Position, moves: list[Move]) -> set[str]:
    return {pos.move_text(m) for m in moves}


def _wins_now_brute(pos: Position) -> list[Move]:
    """Every move that wins at once, by trying them all (no bound, no shortcut)."""
    won = WIN_STATE[pos.turn]
    out = []
    for m in pos.legal_moves():
        pos.push(m)
        if pos.state is won:
            out.append(m)
        pos.undo()
    return out


def _defence_brute(pos: Position, move: Move) -> Move | None:
    """After ``move`` (a threat to win next move), a reply that leaves no win, if any."""
    won = WIN_STATE[pos.turn]
    pos.push(move)
    try:
        if pos.state is won:
            return None
        for reply in pos.legal_moves():
            pos.push(reply)
            try:
                if pos.state.is_over:
                    if pos.state is not won:
                        return reply
                elif not _wins_now_brute(pos):
                    return reply
            finally:
                pos.undo()
        return None
    finally:
        pos.undo()


def _snapshot(pos: Position) -> tuple[object, ...]:
    return (pos.layout(), pos.ply, pos.last_moved, pos.state, list(pos.move_stack), pos.copy())


# Solver --------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(WIN_IN_1))
def test_win_in_1_solutions_are_exactly_the_winning_moves(name):
    pos, answers = WIN_IN_1[name]
    assert _texts(pos, solve(pos, 1)) == answers
    assert _texts(pos, _wins_now_brute(pos)) == answers


def test_a_move_that_surrounds_both_queens_is_a_draw_not_a_win():
    pos, _ = WIN_IN_1["draw is no win"]
    ant = next(m for m in pos.legal_moves() if m.to == parse_cell("0,1") and m.piece.name == "wA1")
    pos.push(ant)
    assert pos.state is GameState.DRAW
    pos.undo()
    assert ant not in solve(pos, 1) and ant not in solve(pos, 2)


@pytest.mark.parametrize("name", sorted(WIN_IN_2))
def test_win_in_2_solutions_hold_against_every_defence(name):
    pos, answers = WIN_IN_2[name]
    before = _snapshot(pos)
    found = solve(pos, 2)
    assert _snapshot(pos) == before
    assert _texts(pos, found) == answers
    assert not immediate_wins(pos)
    for m in found:  # play it: every reply leaves a win at once
        assert _defence_brute(pos, m) is None, pos.move_text(m)
    for m in pos.legal_moves():  # and every other move has a defence
        if m not in found:
            assert _defence_brute(pos, m) is not None, pos.move_text(m)


def test_a_pin_defends_a_win_in_2_but_not_a_win_in_3():
    pos = PIN_DEFENCE
    assert solve(pos, 2) == []
    fill = pos.parse_move("wA1 -bQ")
    pin = _defence_brute(pos, fill)
    assert pin is not None and pin.piece.name == "bA1"  # the black Ant pins the other Ant
    assert forces_win(pos, fill, 3)
    quiet = pos.parse_move("wG2 wA1-")  # a placement that still wins in 3
    assert forces_win(pos, quiet, 3) and not forces_win(pos, quiet, 2)
    other = pos.legal_moves()[0]  # a Spider move, far from the Queen
    assert other.piece.name == "wS1" and not forces_win(pos, other, 3)


def test_is_unique_and_limits():
    assert is_unique(WIN_IN_2["game ladybug"][0], 2)
    assert not is_unique(WIN_IN_2["two gaps"][0], 2)
    assert not is_unique(PIN_DEFENCE, 2)
    assert len(solve(WIN_IN_2["two gaps"][0], 2, limit=1)) == 1
    with pytest.raises(ValueError):
        solve(PIN_DEFENCE, 0)


def test_solver_quiet_midgame_and_a_timeout_that_leaves_it_unchanged(clock: TickClock) -> None:
    pos = Position.from_text(MIDGAME_MLP, tournament=True)
    before = _snapshot(pos)
    assert solve(pos, 2) == []
    assert _snapshot(pos) == before
    # Proving the win in 3 takes some 18,000 steps; 0.01 s on the clock is about 100 of them.
    with pytest.raises(SolverTimeout):
        solve(PIN_DEFENCE, 3, time_limit=0.01)
    assert 0.01 < clock.now < 0.01 + 5 * clock.tick  # it stopped at the first look past time
    assert PIN_DEFENCE.layout() == _layout({**_TWO_GAPS, "3,-1": "bA1"}).layout()


# Player --------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(WIN_IN_1) + sorted(WIN_IN_2))
def test_strong_finds_every_win_in_1_and_2(name, clock):
    pos, answers = {**WIN_IN_1, **WIN_IN_2}[name]
    before = _snapshot(pos)
    player = Player("strong", time_limit=5.0, seed=0)  # 50,000 nodes; a few hundred suffice
    assert pos.move_text(player.choose(pos)) in answers
    assert _snapshot(pos) == before
    plies = 1 if name in WIN_IN_1 else 3
    score, move, line = player.search(pos, 2)
    assert score == WIN - plies and pos.move_text(move) in answers
    assert line[0] == move and len(line) == plies - (plies == 3)  # the last win is a leaf
    assert _snapshot(pos) == before


@pytest.mark.slow
def test_strong_sees_the_pin_and_the_win_in_3():
    player = Player("strong", time_limit=None, depth=4)
    score, move, _ = player.search(PIN_DEFENCE, 2)
    assert score < WIN - 1000  # no forced win within two moves
    move = player.choose(PIN_DEFENCE)
    assert player.info.score == WIN - 5 and forces_win(PIN_DEFENCE, move, 3)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_an_immediate_win(level):
    for seed in range(3):
        for pos, answers in WIN_IN_1.values():
            assert pos.move_text(Player(level, time_limit=0.2, seed=seed).choose(pos)) in answers


@pytest.mark.parametrize("level", LEVELS)
def test_levels_play_legal_moves_and_leave_the_position_alone(level, clock):
    for gs in (MIDGAME_MLP, MIDGAME_BASE, "Base+MLP", "Base;InProgress;White[2];wS1;bS1 wS1-"):
        pos = Position.from_text(gs, tournament=True)
        before = _snapshot(pos)
        for budget in (0.0, 0.003, 0.05):  # at most 0, 30 and 500 nodes of search
            player = Player(level, time_limit=budget, seed=1)
            move = player.choose(pos)
            assert pos.is_legal(move)
            assert _snapshot(pos) == before
            assert player.info.nodes <= budget / clock.tick + 1


def test_only_move_is_a_pass_and_a_finished_game_has_none():
    pos = _pass_position()
    assert pos.legal_moves() == [PASS]
    for level in LEVELS:
        assert Player(level, time_limit=0.1).choose(pos).is_pass
    over = WIN_IN_1["ant"][0].copy()
    over.push(over.parse_move("wA1 wG1-"))
    with pytest.raises(ValueError, match="R19"):
        Player().choose(over)


def _pass_position() -> Position:
    # The black Queen is pinned between white pieces and every cell next to her touches White:
    # Black can neither move nor place, so must pass (R18).
    return Position.from_layout(
        {"0,0": "wQ", "1,0": "bQ", "-1,0": "wA1", "2,0": "wA2"}, to_move="black", turn=6)


def test_seeded_players_repeat_and_beginners_vary():
    pos = Position.from_text(MIDGAME_BASE, tournament=True)
    for level, kwargs in (("beginner", {}), ("intermediate", {"time_limit": None}),
                          ("strong", {"time_limit": None, "depth": 2})):
        a = Player(level, seed=7, **kwargs).choose(pos)
        b = Player(level, seed=7, **kwargs).choose(pos)
        assert a == b, level
    picks = {Player("beginner", seed=s).choose(pos) for s in range(12)}
    assert len(picks) > 2  # mistakes on purpose: not always the same move


def test_uhp_bestmove_uses_the_player(clock):
    engine = UHPEngine()
    pos, answers = WIN_IN_2["game ladybug"]
    assert engine.handle("newgame " + pos.to_text()).endswith("ok")
    assert engine.handle("bestmove depth 2").split("\n")[0] in answers
    out = engine.handle("bestmove time 00:00:01").split("\n")
    assert out[0] in answers and out[-1] == "ok"


def test_uhp_bestmove_time_uses_its_budget_and_no_more(clock: TickClock) -> None:
    engine = UHPEngine()
    engine.handle("newgame " + MIDGAME_MLP)
    before = engine.game.to_text()
    start = clock.now
    out = engine.handle("bestmove time 00:00:01").split("\n")
    # A quiet mid-game: nothing is proven early, so the search thinks until its budget is
    # spent, and stops at the first look past TIME_SAFETY of it.
    assert 0.95 <= clock.now - start <= 0.98, clock.now - start
    assert engine.game.to_text() == before
    assert engine.game.is_legal(engine.game.parse_move(out[0])) and out[-1] == "ok"


def test_strong_spends_its_time_limit_on_search_nodes(clock: TickClock) -> None:
    pos = Position.from_text(MIDGAME_MLP, tournament=True)
    before = _snapshot(pos)
    player = Player("strong", time_limit=0.1, seed=0)
    start = clock.now
    move = player.choose(pos)
    spent = clock.now - start
    assert 0.1 * TIME_SAFETY <= spent <= 0.1, spent
    # one clock reading per node, plus a handful around the search
    assert 0 <= spent / clock.tick - player.info.nodes <= 10
    assert player.info.depth >= 1 and pos.is_legal(move) and _snapshot(pos) == before
    deeper = Player("strong", time_limit=1.0, seed=0)
    deeper.choose(pos)
    assert deeper.info.depth > player.info.depth  # more time, a deeper search


# Building blocks ---------------------------------------------------------------------------
def test_incremental_hash_matches_a_fresh_one_over_random_games():
    import random

    rng = random.Random(5)
    for game_type in ("Base", "Base+MLP"):
        pos = Position(game_type, tournament=True)
        h = position_hash(pos)
        while not pos.is_over and len(pos.move_stack) < 80:
            move = rng.choice(pos.legal_moves())
            h = child_hash(pos, h, move)
            pos.push(move)
            assert h == position_hash(pos)


def test_evaluation_is_antisymmetric_and_prefers_the_freer_queen():
    pos, _ = WIN_IN_1["ant"]
    assert evaluate(pos) > 0
    flipped = Position.from_layout(pos.layout(), to_move="black", turn=5)
    assert evaluate(flipped) == -evaluate(pos)
