"""The engine against Mzinga and nokamute: complete move sets, game states and perft counts.

Moves are compared as (piece, destination) sets, parsed from the peers' own spellings.
"""

from __future__ import annotations

import pytest
from oracle import full_moves, nokamute_tests, perft_positions, perft_start, valid_move_files

from hive_teach import Position
from hive_teach.hive.perft import perft

FULL = full_moves()


def _load(game_string: str) -> Position:
    return Position.from_text(game_string, tournament=True)


@pytest.mark.parametrize("case", FULL, ids=[f"{i}-{c.label[:40]}" for i, c in enumerate(FULL)])
def test_full_move_sets(case):
    pos = _load(case.game_string)
    assert pos.state.value == case.state
    expected = {pos.parse_move(m) for m in case.moves}
    assert len(expected) == len(case.moves), "the peers list each move once"
    assert set(pos.legal_moves()) == expected


def test_full_move_data_covers_every_game_type_with_expansions():
    types = {c.game_string.split(";")[0] for c in FULL}
    assert {"Base", "Base+M", "Base+L", "Base+P", "Base+MLP"} <= types


NOKAMUTE = nokamute_tests()


@pytest.mark.parametrize("name,gs,moves", NOKAMUTE, ids=[n for n, _, _ in NOKAMUTE])
def test_nokamute_uhp_tests(name, gs, moves):
    if moves is None:
        # Positions given without a move list are finished games: no moves at all.
        pos = Position.from_text(gs, tournament=True, repetition="repetition" in name)
        assert pos.state.value == gs.split(";")[1]
        assert pos.legal_moves() == []
        return
    pos = _load(gs)
    assert set(pos.legal_moves()) == {pos.parse_move(m) for m in moves}


VALID = valid_move_files()


@pytest.mark.parametrize("case", VALID, ids=[f"{f}-{i}" for i, (f, _, _) in enumerate(VALID)])
def test_mzinga_valid_moves_are_legal(case):
    _file, gs, moves = case
    pos = _load(gs)
    legal = set(pos.legal_moves())
    for m in moves:
        assert pos.parse_move(m) in legal, m


START = perft_start()


@pytest.mark.parametrize("game_type", sorted(START))
def test_perft_from_start_to_depth_4(game_type):
    pos = Position(game_type, tournament=True)
    assert [perft(pos, d) for d in range(5)] == START[game_type][:5]


@pytest.mark.slow
def test_perft_base_depth_5():
    assert perft(Position("Base", tournament=True), 5) == START["Base"][5]


PERFT = perft_positions()


@pytest.mark.slow
@pytest.mark.parametrize("label,gs,counts", PERFT, ids=[f"{i}-{p[0][:30]}" for i, p in
                                                       enumerate(PERFT)])
def test_perft_positions_to_depth_3(label, gs, counts):
    pos = _load(gs)
    assert [perft(pos, d) for d in (1, 2, 3)] == counts
