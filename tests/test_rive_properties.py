"""Properties of Rive over random games on several board sizes.

``explain`` decides legality from first principles (components of the stones), apart from the
engine's incremental generator, so agreeing with it is a real check of ``legal_moves``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hive_teach.core.hexgrid import components, hexagon
from hive_teach.rive import (
    Action,
    Colour,
    Explanation,
    IllegalActionError,
    RiveGame,
    Rule,
    explain,
)

GAMES = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
all_sides = st.sampled_from([3, 4, 5, 6, 7, 8])
small_sides = st.sampled_from([3, 4, 5])


def snapshot(game: RiveGame) -> tuple[object, ...]:
    return (
        game.to_text(),
        dict(game.stones),
        game.turn,
        game.pending_capture,
        game.legal_moves(),
        sorted(game.groups(), key=sorted),
    )


def random_game(side: int, rng: random.Random) -> RiveGame:
    """A game played to its end with random legal actions, checking each step on the way."""
    game = RiveGame(side)
    while not game.is_over():
        before = game.pending_capture
        mover = game.turn
        actions = game.legal_moves()
        assert actions, "a game that is not over always has a legal action"
        action = rng.choice(actions)
        game.play(action)
        check_step(game, before, mover, action)
        assert game.ply < 50 * len(game.cells), "the game should have ended by now"
    return game


def check_step(game: RiveGame, before, mover: Colour, action: Action) -> None:
    after = game.pending_capture
    if action.is_removal:
        assert before is not None
        group = before.group - {action.cell}
        assert len(components(group)) == 1, "a removal never splits the group"
        if after is None:
            assert len(group) == before.target, "a capture ends exactly at its target size"
            assert game.group_at(before.placed) == group
        else:
            assert after.group == group and after.remaining == before.remaining - 1
    else:
        assert before is None
        assert game.stone_at(action.cell) is mover
        if after is not None:
            assert after.placed == action.cell
            assert len(after.joined) in (2, 3)
            assert after.target == max(after.joined) + 1
            assert after.remaining == sum(after.joined) + 1 - after.target >= 1
    # V6: the turn passes only after a placement that captures nothing.
    passes = not action.is_removal and after is None
    assert game.turn is (mover.other if passes else mover)


@pytest.mark.slow
@GAMES
@given(all_sides, st.randoms(use_true_random=False))
def test_random_games_end_on_a_full_board_with_a_majority_winner(side: int, rng) -> None:
    game = random_game(side, rng)
    game.check_invariants()
    assert game.is_full() and game.pending_capture is None
    assert game.legal_moves() == []
    black, white = game.count(Colour.BLACK), game.count(Colour.WHITE)
    assert black + white == len(game.cells)
    assert game.winner() is (Colour.BLACK if black > white else Colour.WHITE)


@pytest.mark.slow
@GAMES
@given(small_sides, st.randoms(use_true_random=False))
def test_undo_restores_every_position_exactly(side: int, rng) -> None:
    game = RiveGame(side)
    seen = [snapshot(game)]
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
        seen.append(snapshot(game))
    while game.ply:
        seen.pop()
        game.undo()
        assert snapshot(game) == seen[-1]
    game.check_invariants()
    assert game.to_text() == f"rive{side}"


@GAMES
@given(small_sides, st.randoms(use_true_random=False))
def test_the_game_text_replays_the_same_game(side: int, rng) -> None:
    game = random_game(side, rng)
    replay = RiveGame.from_text(game.to_text())
    assert snapshot(replay) == snapshot(game)
    assert replay.move_stack == game.move_stack


@pytest.mark.slow
@GAMES
@given(small_sides, st.randoms(use_true_random=False))
def test_legal_actions_are_exactly_the_actions_without_an_explanation(side: int, rng) -> None:
    """At a few positions of a random game (reached by undoing from its end), try every action
    on the board and one ring beyond: each legal one is accepted (and undone), each other one
    is rejected with the rule that explain() gives, and leaves the game unchanged."""
    probe = [Action(c, removal) for c in hexagon(side) for removal in (False, True)]
    game = random_game(side, rng)
    for length in sorted(rng.sample(range(game.ply + 1), 6), reverse=True):
        while game.ply > length:
            game.undo()
        check_all_actions(game, probe)


def check_all_actions(game: RiveGame, probe: list[Action]) -> None:
    legal = game.legal_moves()
    assert len(set(legal)) == len(legal)
    before = snapshot(game)
    for action in probe:
        why = explain(game, action)
        if action in legal:
            assert why is None, (game.to_text(), action)
            game.play(action)
            game.check_invariants()
            assert game.undo() == action
        else:
            assert why is not None, (game.to_text(), action)
            check_cells(game, action, why, legal)
            try:
                game.play(action)
            except IllegalActionError as err:
                assert (err.rule, err.reason) == (why.rule, why.reason)
            else:
                raise AssertionError(f"{action} was played in {game.to_text()}")
        assert snapshot(game) == before
    game.check_invariants()


def check_cells(game: RiveGame, action: Action, why: Explanation, legal: list[Action]) -> None:
    """The cells an explanation marks: where to place instead (V3, V4), the capturing group
    (placing during a capture, removing outside it) or the cell itself."""
    assert set(why.cells) <= set(game.cells)
    capture = game.pending_capture
    if why.rule in (Rule.V3, Rule.V4):
        assert list(why.cells) == [a.cell for a in legal]
    elif why.rule is Rule.V5 and capture is not None:
        outside = game.stone_at(action.cell) is not None and action.cell not in capture.group
        if not action.is_removal or outside:
            assert set(why.cells) == capture.group
        else:
            assert why.cells == (action.cell,)
