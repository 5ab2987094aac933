"""One conformance suite for every game of the game protocol (hive_teach.core.game).

Each game runs the same checks on seeded random playouts: the explanation appears exactly when
a move is illegal (compared with the move generator over every move the game can name here),
``play`` of an illegal move raises and changes nothing, ``undo`` restores the game exactly,
``peek`` is the last move, ``copy`` is independent, the text round trip replays the same game,
and ``outcome()`` is set exactly when no move is left.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from hive_teach.core.game import Game, Outcome, Termination, Why
from hive_teach.core.hexgrid import neighbours
from hive_teach.hive.pieces import ALL_GAME_TYPES
from hive_teach.hive.position import Move, Position
from hive_teach.rive import Action, RiveGame


@dataclass(frozen=True)
class Kind:
    """How to start a game, and every move it can name in a position (legal or not)."""

    name: str
    start: Callable[[], Any]
    candidates: Callable[[Any], Iterator[Any]]
    max_plies: int


def _hive_candidates(pos: Position) -> Iterator[Move]:
    """Every (piece, cell) the side to move could try: all its pieces, to every cell next to
    the hive (and every occupied cell, for climbers)."""
    cells = set(pos.stacks) | {n for c in pos.stacks for n in neighbours(c)}
    if not cells:
        cells = {0}
    for piece in pos.game_type.pieces:
        if piece.colour is pos.turn:
            for c in sorted(cells):
                yield Move(piece, c)


def _rive_candidates(game: RiveGame) -> Iterator[Action]:
    for c in game.cells:
        yield Action.place(c)
        yield Action.remove(c)


KINDS = [
    *(Kind(f"hive-{gt}", lambda gt=gt: Position(gt), _hive_candidates, 60)
      for gt in ("Base", str(ALL_GAME_TYPES[-1]))),
    Kind("rive-3", lambda: RiveGame(3), _rive_candidates, 400),
    Kind("rive-5", lambda: RiveGame(5), _rive_candidates, 5000),
]


def _snapshot(game: Any) -> tuple[str, int, tuple[str, ...]]:
    return game.to_text(), game.ply, tuple(game.move_text(m) for m in game.legal_moves())


def _playouts(kind: Kind, seeds: range) -> Iterator[Any]:
    """Positions along seeded random games (every fifth ply early on, then every 50th, and the
    last)."""
    for seed in seeds:
        rng = random.Random(seed)
        game = kind.start()
        for ply in range(kind.max_plies):
            moves = game.legal_moves()
            if not moves:
                break
            if ply % (5 if ply < 60 else 50) == 0:
                yield game.copy()
            game.play(rng.choice(moves))
        yield game


@pytest.fixture(params=KINDS, ids=lambda k: k.name)
def kind(request: pytest.FixtureRequest) -> Kind:
    return request.param  # type: ignore[no-any-return]


def test_both_games_implement_the_protocol(kind: Kind) -> None:
    game = kind.start()
    assert isinstance(game, Game)
    assert game.ply == 0 and list(game.move_stack) == [] and game.outcome() is None
    with pytest.raises(IndexError):
        game.peek()
    with pytest.raises(IndexError):
        game.undo()


@pytest.mark.slow
def test_explanation_exactly_when_illegal(kind: Kind) -> None:
    for game in _playouts(kind, range(3)):
        legal = set(game.legal_moves())
        for move in kind.candidates(game):
            why = game.explain(move)
            assert game.is_legal(move) == (move in legal), (game.to_text(), move)
            if move in legal:
                assert why is None, (game.to_text(), move, why)
            else:
                assert isinstance(why, Why), (game.to_text(), move)
                assert why.rule[0] in "RV" and why.rule[1:].isdigit()


@pytest.mark.slow
def test_illegal_play_raises_and_changes_nothing(kind: Kind) -> None:
    for game in _playouts(kind, range(2)):
        before = _snapshot(game)
        legal = set(game.legal_moves())
        illegal = [m for m in kind.candidates(game) if m not in legal][:25]
        for move in illegal:
            with pytest.raises(ValueError) as info:
                game.play(move)
            assert getattr(info.value, "rule", None) == game.explain(move).rule
            assert _snapshot(game) == before


@pytest.mark.slow
def test_undo_peek_copy_and_text_round_trip(kind: Kind) -> None:
    for game in _playouts(kind, range(4)):
        text = game.to_text()
        replayed = type(game).from_text(text)
        assert _snapshot(replayed) == _snapshot(game)
        copy = game.copy()
        for move in game.legal_moves()[:6]:
            before = _snapshot(game)
            game.play(move)
            assert game.peek() == move and game.move_stack[-1] == move
            assert _snapshot(copy) == before  # the copy did not move
            assert game.undo() == move
            assert _snapshot(game) == before


def test_outcome_exactly_when_no_move_is_left(kind: Kind) -> None:
    ended = 0
    for game in _playouts(kind, range(6)):
        outcome = game.outcome()
        assert (outcome is None) == bool(game.legal_moves()), game.to_text()
        if outcome is not None:
            ended += 1
            assert isinstance(outcome, Outcome) and isinstance(outcome.termination, Termination)
            assert outcome.rule in {"R19", "R20", "V7"}
    if kind.name.startswith("rive"):
        assert ended == 6  # a random Rive game always fills the board
