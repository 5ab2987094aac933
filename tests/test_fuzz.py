"""Fuzz tests (hypothesis, bounded in time) for the text a learner or a GUI sends the Hive engine:
GameStrings, MoveStrings and UHP lines.

Each input has two possible outcomes, and each outcome has its contract:

- a GameString either reads as a position whose own GameString reads back to an equal position,
  or raises :class:`GameStringError` naming the input (a token of it, capped, or the move's
  number), in a message of bounded length;
- a MoveString either is legal (``play`` succeeds, ``undo`` restores the position) or raises
  :class:`InvalidMoveError` quoting it or :class:`IllegalMoveError` with a rule id R0-R20 and a
  sentence in each language, and a refused move changes nothing;
- a UHP line gets an answer whose last line, and only that, is ``ok``, no exception escapes to
  the engine's last-resort handler, and a refused command leaves the game as it was.

(Layouts and the TOML files are fuzzed in ``test_fuzz_files.py``.)
"""

from __future__ import annotations

import io
import random
import re
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hive_teach import ALL_GAME_TYPES, Position
from hive_teach.core.errors import (
    GameStringError,
    IllegalMoveError,
    InvalidMoveError,
    quoted,
)
from hive_teach.hive.uhp import UHPEngine, run

FUZZ = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])
RULES = {f"R{i}" for i in range(21)}
MOST = 600
"""The longest error message any input may give (a message quotes at most 60 characters)."""


@cache
def _game(type_index: int, seed: int, plies: int, tournament: bool) -> Position:
    rng = random.Random(seed)
    pos = Position(ALL_GAME_TYPES[type_index], tournament=tournament)
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        pos.push(rng.choice(moves))
    return pos


games = st.builds(lambda t, s, n, tour: _game(t, s, n, tour).copy(),
                  st.integers(0, len(ALL_GAME_TYPES) - 1), st.integers(0, 15),
                  st.integers(0, 40), st.booleans())
"""Positions of random games (up to 40 plies) in every game type, each made once."""

_ODD = ["\u0663", "\uff13", "\u00b2", "\u00a0", "\u3000", "\r", "\x00", "\x85", "\u2028",
        "\ufffd", "Ｑ", "ß"]
noise = st.lists(st.sampled_from(
    [*"wbQSBGAMLP0123456789-/\\ ;[]", "White", "Black", "Base", "+", "pass", *_ODD]),
    max_size=12).map("".join)
"""Text made of the pieces of Hive notation and a few characters that are not."""


def _mutated(tokens: list[str], data: st.DataObject) -> list[str]:
    """``tokens`` (a split GameString or MoveString) with one to three edits."""
    tokens = list(tokens)
    for _ in range(data.draw(st.integers(1, 3))):
        how = data.draw(st.integers(0, 7))
        k = data.draw(st.integers(0, max(len(tokens) - 1, 0)))
        if how == 0 and tokens:
            del tokens[k]
        elif how == 1 and tokens:
            tokens.insert(k, tokens[k])
        elif how == 2 and len(tokens) > 1:
            j = data.draw(st.integers(0, len(tokens) - 1))
            tokens[k], tokens[j] = tokens[j], tokens[k]
        elif how == 3:
            tokens.insert(k, data.draw(noise))
        elif how == 4 and tokens:
            t = tokens[k]
            cut = data.draw(st.integers(0, len(t)))
            tokens[k] = t[:cut] + data.draw(noise) + t[cut + 1:]
        elif how == 5 and tokens:
            tokens[k] = data.draw(st.sampled_from([tokens[k].lower(), tokens[k].upper(),
                                                   tokens[k] * 40, " \t" * 500 + tokens[k]]))
        elif how == 6:  # another game type, state or turn
            tokens[min(k, 2) if len(tokens) > 2 else 0] = data.draw(st.sampled_from(
                ["Base+MLP", "Base+X", "Base+MM", "InProgress", "WhiteWins", "Draw", "White[99]",
                 "Black[1]", "NotStarted", "White[\u0663]", "Black[]"]))
        else:
            tokens.append(data.draw(noise))
    return tokens


def _split(text: str) -> list[str]:
    return [t.strip() for t in text.strip().strip(";").split(";")]


# ------------------------------------------------------------------ GameStrings
def check_game_string(text: str, tournament: bool) -> None:
    try:
        pos = Position.from_text(text, tournament=tournament)
    except GameStringError as e:
        message = str(e)
        assert message.startswith("GameString") and len(message) <= MOST, message[:MOST]
        named = (any(quoted(t) in message for t in _split(text))
                 or re.match(r"GameString move \d+ is empty", message)
                 or (not text.strip() and message.startswith("GameString is empty")))
        assert named, f"{message!r} does not name a token of {text!r:.200}"
        return
    written = pos.to_text()
    again = Position.from_text(written, tournament=tournament)
    assert again == pos and again.to_text() == written


@FUZZ
@given(st.text(max_size=80), st.booleans())
def test_any_text_reads_as_a_game_or_a_game_string_error(text: str, tournament: bool) -> None:
    check_game_string(text, tournament)


@FUZZ
@given(games, st.data())
def test_a_mutated_game_string_reads_as_a_game_or_a_game_string_error(
    pos: Position, data: st.DataObject,
) -> None:
    tokens = _mutated(pos.to_text().split(";"), data)
    check_game_string(";".join(tokens), pos.tournament)


def test_a_game_string_error_caps_a_huge_token() -> None:
    """A 1 MB token is quoted in 60 characters, wherever it stands."""
    for text in ("Base+" + "M" * 10**6, "Base;" + "Q" * 10**6, "Base;InProgress;" + "W" * 10**6,
                 "Base;InProgress;White[1];" + "wS1 " * 250_000):
        check_game_string(text, False)


# ------------------------------------------------------------------ MoveStrings
def check_refusal(e: InvalidMoveError | IllegalMoveError, text: str) -> None:
    assert len(str(e)) <= MOST, str(e)[:MOST]
    if isinstance(e, InvalidMoveError):
        assert str(e).startswith(quoted(text)), (str(e), text)
        return
    rule = getattr(e.rule, "value", e.rule)
    assert rule in RULES, e.rule
    for lang in ("en", "de", "zh"):
        said = e.text(lang)
        assert said.strip() and f"({rule})" in said, (lang, said)


def check_move(pos: Position, text: str) -> None:
    before = pos.to_text()
    legal = pos.legal_moves()
    parsed = refused = None
    try:
        parsed = pos.parse_move(text)
    except (InvalidMoveError, IllegalMoveError) as e:
        check_refusal(e, text)
        refused = type(e)
    assert pos.to_text() == before
    try:
        pos.play(text)
    except (InvalidMoveError, IllegalMoveError) as e:
        check_refusal(e, text)
        assert refused in (None, type(e)), (refused, e)
        assert parsed is None or parsed not in legal, f"{text!r} names the legal {parsed}"
        assert pos.to_text() == before, "a refused move changed the game"
        return
    assert parsed in legal and refused is None
    assert pos.peek() == parsed
    pos.undo()
    assert pos.to_text() == before and pos.legal_moves() == legal


@FUZZ
@given(games, st.data())
def test_a_mutated_legal_move_is_played_or_refused_with_its_rule(
    pos: Position, data: st.DataObject,
) -> None:
    moves = pos.legal_moves()
    move = pos.move_text(data.draw(st.sampled_from(moves))) if moves else "wQ"
    edited = data.draw(st.booleans())
    text = " ".join(_mutated(move.split(" "), data)) if edited else move
    check_move(pos, text)


@FUZZ
@given(games, st.one_of(noise, st.text(max_size=30)))
def test_any_text_is_played_or_refused_with_its_rule(pos: Position, text: str) -> None:
    check_move(pos, text)


def test_a_refused_move_quotes_a_run_of_spaces_as_one() -> None:
    """'wQ', 1,000 spaces, 'bS1-' was refused with all 1,000 spaces in the message."""
    pos = Position.from_text("Base;InProgress;White[2];wS1;bS1 wS1-")
    for gap, text in ((" " * 1000, "wQ bS1-"), ("\t" * 1000, "bQ wS1"), (" \r" * 500, "wQ -bQ")):
        check_move(pos, text.replace(" ", gap))
        try:
            pos.play(text.replace(" ", gap))
        except IllegalMoveError as e:
            assert e.move == text and str(e).startswith(text + ": "), str(e)[:100]
        else:
            raise AssertionError(f"{text!r} was played")


# ------------------------------------------------------------------ UHP lines
def _exception_names() -> set[str]:
    names: set[str] = set()
    todo: list[type[BaseException]] = [BaseException]
    while todo:
        cls = todo.pop()
        names.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return names


ESCAPED = _exception_names()
"""The engine's last resort answers ``err <ExceptionName>: ...``; no line may reach it."""

COMMANDS = ["play", "validmoves", "newgame", "options", "options set", "options get",
            "options set Language", "options set TournamentOpening", "pass", "info", "exit",
            "EXIT", "Play", "NewGame Base;", "bestmove time"]
COUNTED = ["undo", "UNDO", "perft", "bestmove depth", "bestmove time 00:00:0"]
"""Commands that take a number (bare ``bestmove`` and a valid time would think for seconds)."""
numbers = st.one_of(st.integers(-3, 12).map(str), st.sampled_from(
    ["9" * 5000, "0" * 30 + "1", "1.5", "\u0663", "\uff12", "\u00b2", "1e3", "00:00:0\u0663"]))


def check_answer(engine: UHPEngine, line: str) -> None:
    before = engine.game.to_text() if engine.game is not None else None
    lines = engine.handle(line).split("\n")
    assert lines[-1] == "ok" and "ok" not in lines[:-1], lines
    first = lines[0]
    assert not any(first.startswith(f"err {name}:") for name in ESCAPED), first
    assert all(len(x.splitlines()) <= 1 for x in lines), lines
    if first.startswith(("err", "invalidmove")):
        now = engine.game.to_text() if engine.game is not None else None
        assert now == before, f"{line!r:.80} was refused and changed the game"


@pytest.mark.slow
@settings(FUZZ, max_examples=300)  # more: one command in five or so takes a number
@given(games, st.data())
def test_every_uhp_line_gets_one_answer_ending_in_ok(pos: Position, data: st.DataObject) -> None:
    engine = UHPEngine()
    engine.tournament_opening = pos.tournament
    engine.perft_seconds = engine.depth_seconds = 0.05  # bounded: a fuzz test, not a search
    if data.draw(st.booleans()):  # else no game yet
        check_answer(engine, "newgame " + pos.to_text())
    for _ in range(data.draw(st.integers(1, 4))):
        game = engine.game
        moves = [game.move_text(m) for m in game.legal_moves()] if game else []
        legal = st.sampled_from(moves or ["wQ"])
        arg = st.one_of(
            noise, st.text(max_size=30).filter(lambda s: ":" not in s), legal,
            st.tuples(legal, noise).map(lambda t: t[0].replace(" ", t[1])),  # odd spaces
            st.sampled_from(["en", "de", "zh", "True", "False", "fr", "true"]),
        )
        line = data.draw(st.one_of(
            st.tuples(st.sampled_from(COUNTED), numbers).map(" ".join),
            st.tuples(st.sampled_from(COMMANDS), arg).map(" ".join),
            st.sampled_from(COMMANDS + COUNTED), arg,
        ))
        check_answer(engine, line)


@FUZZ
@given(st.text(max_size=60))
def test_any_text_line_gets_one_answer_ending_in_ok(line: str) -> None:
    engine = UHPEngine()
    check_answer(engine, "newgame Base;InProgress;White[2];wS1;bS1 wS1-")
    check_answer(engine, line)


@FUZZ
@given(st.lists(st.one_of(
    st.binary(max_size=40).map(lambda b: b.replace(b"\n", b"")),
    st.sampled_from([b"newgame Base+MLP", b"play wS1", b"play wS1\xff", b"\xff\xfe", b"",
                     b"validmoves\r", b"undo 1", b"info", b"options", b"exit now",
                     b"\xed\xa0\x80", b"play bS1 wS1-", b"\x00"]),
), max_size=8))
def test_any_bytes_get_an_answer_per_line_until_exit(lines: list[bytes]) -> None:
    data = b"".join(line + b"\n" for line in lines)
    out = io.StringIO()
    assert run(io.TextIOWrapper(io.BytesIO(data), encoding="ascii", errors="strict"), out) == 0
    answered = 0
    for raw in lines:
        if raw.decode("utf-8", "replace").strip().lower() == "exit":
            break
        answered += 1
    got = out.getvalue().split("\n")
    assert got[-1] == "" and got.count("ok") == 1 + answered, (lines, got)
    assert got[-2] == "ok"
    assert not any(line.startswith(f"err {name}:") for line in got for name in ESCAPED), got
