"""Property tests over random games in every game type (hypothesis picks the moves)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hive_teach import ALL_GAME_TYPES, PASS, Colour, IllegalMoveError, Move, Position
from hive_teach.core.hexgrid import DELTAS, ORIGIN, connected

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def snapshot(pos: Position):
    return (
        {c: list(s) for c, s in pos.stacks.items()},
        dict(pos.where),
        pos.ply,
        pos.last_moved,
        pos.state,
        list(pos.move_stack),
    )


def check_invariants(pos: Position) -> None:
    assert connected(pos.stacks), "One Hive (R6): the pieces form one group"
    for colour in Colour:
        on_board = [p for p in pos.where if p.colour is colour]
        expected = sum(1 for p in pos.game_type.pieces if p.colour is colour)
        assert len(on_board) + len(pos.in_hand(colour)) == expected
    for piece, c in pos.where.items():
        assert piece in pos.stacks[c]
    for c, s in pos.stacks.items():
        assert s, "no empty stacks are stored"
        for below in s[:-1]:
            assert pos.where[below] == c
        assert all(p.bug.value in "BM" for p in s[1:]), "only beetles and mosquitoes climb"


@st.composite
def random_game(draw, game_types=ALL_GAME_TYPES, max_plies=60):
    game_type = draw(st.sampled_from(game_types))
    pos = Position(game_type, tournament=draw(st.booleans()))
    plies = draw(st.integers(0, max_plies))
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        pos.push(moves[draw(st.integers(0, len(moves) - 1))])
    return pos


@SETTINGS
@given(random_game())
def test_undo_restores_the_position_exactly(pos):
    check_invariants(pos)
    before = snapshot(pos)
    legal = pos.legal_moves()
    for move in legal[:: max(1, len(legal) // 12)]:
        pos.play(move)
        check_invariants(pos)
        pos.undo()
        assert snapshot(pos) == before
        assert pos.legal_moves() == legal


@SETTINGS
@given(random_game(), st.data())
def test_generated_moves_are_exactly_what_play_accepts(pos, data):
    legal = set(pos.legal_moves())
    by_piece = {(p, c) for p in pos.game_type.pieces for c in pos.targets(p)}
    assert {m for m in legal if not m.is_pass} == by_piece
    assert (PASS in legal) == (legal == {PASS})
    if pos.is_over:
        assert not legal
        return
    # Every legal move is accepted; candidates near the hive that are not legal are rejected
    # and leave the position as it was.
    cells = {c + d for c in pos.stacks for d in DELTAS} | set(pos.stacks) or {ORIGIN}
    pieces = list(pos.game_type.pieces)
    before = snapshot(pos)
    for _ in range(25):
        piece = data.draw(st.sampled_from(pieces))
        cell = data.draw(st.sampled_from(sorted(cells)))
        move = Move(piece, cell)
        if move in legal:
            pos.play(move)
            pos.undo()
        else:
            try:
                pos.play(move)
            except IllegalMoveError as e:
                assert e.rule.startswith("R") and e.reason
            else:
                raise AssertionError(f"{move} was accepted but is not a legal move")
        assert snapshot(pos) == before


@SETTINGS
@given(random_game())
def test_notation_round_trips(pos):
    for move in pos.legal_moves():
        assert pos.parse_move(pos.move_text(move)) == move
    again = Position.from_text(pos.to_text(), tournament=pos.tournament)
    assert snapshot(again) == snapshot(pos)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_game(game_types=[t for t in ALL_GAME_TYPES if t.name == "Base+MLP"],
                   max_plies=120))
def test_long_expansion_games_keep_their_invariants(pos):
    check_invariants(pos)
    if pos.last_moved is not None and not pos.is_over:
        # R17: the piece that moved last turn has no move at all now.
        assert pos.targets(pos.last_moved) == set()
