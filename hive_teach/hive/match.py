"""Matches between players: the engine's levels, or outside engines that speak UHP.

The runner is the referee. It keeps its own :class:`~hive_teach.hive.position.Position`, asks the
side to move for a move, checks that move against the rules and plays it; a player that
proposes an illegal move loses that game on the spot (and it is counted). An outside engine
runs as a shell command and talks the Universal Hive Protocol over pipes (``newgame``,
``play``, ``bestmove time hh:mm:ss`` or ``bestmove depth N``); if it fails to answer properly
(wrong output, no answer in time, rejecting a legal move) it loses the game with an error.

Colours alternate from game to game; a game that reaches the move cap is a draw.

>>> report = run_match("beginner", "beginner", games=2, max_moves=6, seed=1)
>>> [g.result for g in report.games]
['draw', 'draw']
>>> print(report.table().splitlines()[-1])  # doctest: +ELLIPSIS
beginner (2)  2      0     0       2      0        0       ...
"""

from __future__ import annotations

import argparse
import math
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TextIO

from hive_teach.core.errors import IllegalMoveError, InvalidMoveError
from hive_teach.hive.explain import explain_move
from hive_teach.hive.pieces import Colour, GameType
from hive_teach.hive.player import LEVELS, Player
from hive_teach.hive.position import AnyMove, GameState, Position

if TYPE_CHECKING:
    # What ArgumentParser.add_subparsers returns (generic only in typeshed, not at run time).
    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]

DEFAULT_MAX_MOVES = 200
"""Plies (moves of either side) after which a game is declared a draw."""
UHP_PREFIX = "uhp:"


class EngineError(RuntimeError):
    """An outside engine did not answer as UHP says it should."""


class Contestant(Protocol):
    """A player in a match: a level of this engine or an outside engine."""

    name: str

    def new_game(self, game_type: GameType) -> None: ...

    def choose(self, pos: Position) -> AnyMove | str:
        """A move (or UHP text) for the side to move; may raise :class:`EngineError`."""
        ...

    def tell(self, move_text: str) -> None:
        """The move just played (by either side), as UHP text."""
        ...

    def close(self) -> None: ...


class LevelContestant:
    """One of :data:`~hive_teach.hive.player.LEVELS`, played in this process."""

    def __init__(
        self, level: str, time_limit: float | None, depth: int | None, seed: int | None
    ) -> None:
        self.name = level
        self.player = Player(level, time_limit=time_limit, depth=depth, seed=seed)

    def new_game(self, game_type: GameType) -> None:
        pass

    def choose(self, pos: Position) -> AnyMove:
        return self.player.choose(pos)

    def tell(self, move_text: str) -> None:
        pass

    def close(self) -> None:
        pass


class UHPContestant:
    """An outside UHP engine, started as a shell command, e.g. ``"nokamute uhp"``.

    Named by the ``id`` line of its banner (else by the command).
    """

    def __init__(
        self, command: str, time_limit: float | None, depth: int | None, *, grace: float = 10.0
    ) -> None:
        self.command = command
        self.name = command if len(command) <= 24 else command[:21] + "..."
        if depth is not None:
            self._bestmove = f"bestmove depth {depth}"
            self._wait = 60.0 + grace
        else:
            seconds = max(1, math.ceil(time_limit if time_limit is not None else 1.0))
            h, rest = divmod(seconds, 3600)
            self._bestmove = f"bestmove time {h:02d}:{rest // 60:02d}:{rest % 60:02d}"
            self._wait = 2 * seconds + grace
        self._grace = grace
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._proc = subprocess.Popen(
            command, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1, start_new_session=True,
        )
        threading.Thread(target=self._read, daemon=True).start()
        banner = self._answer(grace)
        ids = [line[3:].strip() for line in banner if line.startswith("id ")]
        self.engine_id = ids[0] if ids else ""
        if self.engine_id:
            self.name = self.engine_id if len(self.engine_id) <= 24 else self.engine_id[:24]

    def _read(self) -> None:
        assert self._proc.stdout is not None
        for line in self._proc.stdout:
            self._lines.put(line.rstrip("\r\n"))
        self._lines.put(None)

    def _answer(self, timeout: float) -> list[str]:
        """The lines up to the next ``ok``."""
        deadline = time.monotonic() + timeout
        out: list[str] = []
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise EngineError(f"{self.name}: no answer within {timeout:.0f} s") from None
            if line is None:
                raise EngineError(f"{self.name}: the engine stopped (end of output)")
            if line == "ok":
                return out
            out.append(line)

    def _ask(self, command: str, timeout: float) -> list[str]:
        assert self._proc.stdin is not None
        try:
            self._proc.stdin.write(command + "\n")
            self._proc.stdin.flush()
        except OSError as e:
            raise EngineError(f"{self.name}: cannot send {command!r}: {e}") from None
        lines = self._answer(timeout)
        if not lines or lines[0].startswith(("err", "invalidmove")):
            why = lines[0] if lines else "an empty answer"
            raise EngineError(f"{self.name}: {command!r} was answered with {why!r}")
        return lines

    def new_game(self, game_type: GameType) -> None:
        self._ask(f"newgame {game_type.name}", self._grace)

    def choose(self, pos: Position) -> str:
        return self._ask(self._bestmove, self._wait)[0].strip()

    def tell(self, move_text: str) -> None:
        self._ask(f"play {move_text}", self._grace)

    def close(self) -> None:
        proc = self._proc
        if proc.poll() is None:
            try:
                assert proc.stdin is not None
                proc.stdin.write("exit\n")
                proc.stdin.close()
                proc.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                try:
                    os.killpg(proc.pid, signal.SIGKILL)  # the session this runner started
                except ProcessLookupError:
                    pass
                proc.wait()


def contestant(spec: str, time_limit: float | None, depth: int | None,
               seed: int | None = None) -> Contestant:
    """A level name (``beginner``, ``intermediate``, ``strong``) or ``uhp:<shell command>``."""
    if spec in LEVELS:
        return LevelContestant(spec, time_limit, depth, seed)
    if spec.startswith(UHP_PREFIX) and spec[len(UHP_PREFIX):].strip():
        return UHPContestant(spec[len(UHP_PREFIX):].strip(), time_limit, depth)
    raise ValueError(
        f"player {spec!r} is not one of {', '.join(LEVELS)} or 'uhp:<command>' "
        "(an outside engine, e.g. 'uhp:nokamute uhp')"
    )


@dataclass
class GameRecord:
    """How one game went. ``result`` is ``1-0``, ``0-1`` or ``draw``."""

    white: str
    black: str
    result: str
    reason: str
    moves: list[str]
    seconds: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    """Thinking time per move, White's and Black's."""
    illegal: Colour | None = None
    """The side that proposed an illegal move (and so lost), if any."""
    error: Colour | None = None
    """The side whose engine failed to answer properly (and so lost), if any."""


@dataclass
class Standing:
    """One player's totals over a match."""

    name: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    illegal: int = 0
    errors: int = 0
    seconds: list[float] = field(default_factory=list)


@dataclass
class MatchReport:
    """The games of a match and each player's totals (``standings``, first player first)."""

    games: list[GameRecord]
    standings: list[Standing]
    settings: str = ""

    def table(self) -> str:
        """A plain-text summary: one line per game, then one per player."""
        lines = [self.settings] if self.settings else []
        w = max(12, *(len(s.name) for s in self.standings))
        lines.append(f"{'game':<6}{'white':<{w + 2}}{'black':<{w + 2}}{'result':<8}"
                     f"{'moves':<7}reason")
        for i, g in enumerate(self.games, 1):
            lines.append(f"{i:<6}{g.white:<{w + 2}}{g.black:<{w + 2}}{g.result:<8}"
                         f"{len(g.moves):<7}{g.reason}")
        lines.append("")
        lines.append(f"{'player':<{w + 2}}{'games':<7}{'wins':<6}{'losses':<8}{'draws':<7}"
                     f"{'illegal':<9}{'errors':<8}{'s/move':<8}max s/move")
        for s in self.standings:
            avg = sum(s.seconds) / len(s.seconds) if s.seconds else 0.0
            top = max(s.seconds, default=0.0)
            lines.append(f"{s.name:<{w + 2}}{s.games:<7}{s.wins:<6}{s.losses:<8}{s.draws:<7}"
                         f"{s.illegal:<9}{s.errors:<8}{avg:<8.3f}{top:.3f}")
        return "\n".join(lines)


def play_game(
    white: Contestant, black: Contestant, game_type: GameType | str = "Base",
    max_moves: int = DEFAULT_MAX_MOVES, opening: Sequence[AnyMove] = (),
) -> GameRecord:
    """Play one game (tournament opening, as in UHP) and referee every move.

    The ``opening`` moves are played first for both sides (they count towards ``max_moves``).
    """
    gt = game_type if isinstance(game_type, GameType) else GameType.parse(game_type)
    pos = Position(gt, tournament=True)
    sides = (white, black)
    record = GameRecord(white.name, black.name, "draw", f"move cap of {max_moves} reached", [])
    for i, side in enumerate(sides):
        try:
            side.new_game(gt)
        except EngineError as e:
            return _forfeit(record, Colour(i), f"engine error: {e}", error=True)
    book = list(opening)
    while not pos.state.is_over and len(pos.move_stack) < max_moves:
        colour = pos.turn
        side = sides[colour]
        start = time.perf_counter()
        try:
            proposal = book.pop(0) if book else side.choose(pos.copy())
        except EngineError as e:
            return _forfeit(record, colour, f"engine error: {e}", error=True)
        if len(pos.move_stack) >= len(opening):
            record.seconds[colour].append(time.perf_counter() - start)
        try:
            move = pos.parse_move(proposal) if isinstance(proposal, str) else proposal
            why = explain_move(pos, move)  # None: the move is legal
            if why is not None:
                raise IllegalMoveError(str(proposal), why.rule, why.reason)
        except (InvalidMoveError, IllegalMoveError) as e:
            return _forfeit(record, colour, f"illegal move by {side.name}: {e}", error=False)
        text = pos.move_text(move)
        pos.push(move)
        record.moves.append(text)
        for i, s in enumerate(sides):
            try:
                s.tell(text)
            except EngineError as e:
                return _forfeit(record, Colour(i), f"engine error: {e}", error=True)
    if pos.state is GameState.WHITE_WINS:
        record.result, record.reason = "1-0", "black Queen surrounded"
    elif pos.state is GameState.BLACK_WINS:
        record.result, record.reason = "0-1", "white Queen surrounded"
    elif pos.state is GameState.DRAW:
        record.reason = "both Queens surrounded"
    return record


def _forfeit(record: GameRecord, loser: Colour, reason: str, *, error: bool) -> GameRecord:
    record.result = "0-1" if loser is Colour.WHITE else "1-0"
    record.reason = reason
    if error:
        record.error = loser
    else:
        record.illegal = loser
    return record


def run_match(
    a: str | Contestant,
    b: str | Contestant,
    *,
    games: int = 2,
    game_type: GameType | str = "Base",
    time_limit: float | None = 0.5,
    depth: int | None = None,
    max_moves: int = DEFAULT_MAX_MOVES,
    opening_plies: int = 0,
    seed: int | None = None,
    progress: TextIO | None = None,
) -> MatchReport:
    """Play ``games`` games between ``a`` and ``b``, ``a`` taking White in the odd games.

    ``a`` and ``b`` are contestants or specs for :func:`contestant` (then ``time_limit``,
    or ``depth`` instead of it, and ``seed`` configure them). With ``opening_plies`` each
    pair of games starts from its own random opening of that many plies, played once with
    each colour, so that deterministic players still meet in varied games. ``progress``, if
    given, gets a line per game.
    """
    if depth is not None:
        time_limit = None
    gt = game_type if isinstance(game_type, GameType) else GameType.parse(game_type)
    if games < 1:
        raise ValueError(f"games {games} must be 1 or more")
    if max_moves < 1:
        raise ValueError(f"max_moves {max_moves} must be 1 or more")
    if opening_plies < 0:
        raise ValueError(f"opening_plies {opening_plies} must be 0 or more")
    players: list[Contestant] = []
    try:
        for i, p in enumerate((a, b)):
            s = None if seed is None else seed + i
            players.append(contestant(p, time_limit, depth, s) if isinstance(p, str) else p)
        names = [players[0].name, players[1].name]
        if names[0] == names[1]:
            names = [names[0] + " (1)", names[1] + " (2)"]
        standings = [Standing(n) for n in names]
        records = []
        rng = random.Random(seed)
        opening: list[AnyMove] = []
        for k in range(games):
            order = (0, 1) if k % 2 == 0 else (1, 0)
            if k % 2 == 0:
                opening = random_opening(gt, opening_plies, rng)
            record = play_game(players[order[0]], players[order[1]], gt, max_moves, opening)
            record.white, record.black = names[order[0]], names[order[1]]
            _score(record, [standings[i] for i in order])
            records.append(record)
            if progress is not None:
                print(f"game {k + 1}/{games}: {record.white} - {record.black} {record.result} "
                      f"({len(record.moves)} moves, {record.reason})", file=progress, flush=True)
    finally:
        for p in players:
            p.close()
    budget = f"depth {depth}" if depth is not None else f"{time_limit} s per move"
    book = f", {opening_plies} random opening plies" if opening_plies else ""
    settings = (f"match: {names[0]} vs {names[1]}, {gt.name}, {games} games, {budget}, "
                f"draw after {max_moves} moves{book}")
    return MatchReport(records, standings, settings)


def random_opening(game_type: GameType, plies: int, rng: random.Random) -> list[AnyMove]:
    """``plies`` random legal moves from the start (fewer if the game ends first).

    >>> [str(m) for m in random_opening(GameType.parse("Base"), 1, random.Random(0))]
    ['wA1']
    """
    pos = Position(game_type, tournament=True)
    out: list[AnyMove] = []
    while len(out) < plies and not pos.state.is_over:
        move = rng.choice(pos.legal_moves())
        pos.push(move)
        out.append(move)
    return out


def _score(record: GameRecord, by_colour: list[Standing]) -> None:
    for colour, st in zip(Colour, by_colour, strict=True):
        st.games += 1
        st.seconds.extend(record.seconds[colour])
        if record.result == "draw":
            st.draws += 1
        elif record.result == ("1-0", "0-1")[colour]:
            st.wins += 1
        else:
            st.losses += 1
        if record.illegal is colour:
            st.illegal += 1
        if record.error is colour:
            st.errors += 1


# ---------------------------------------------------------------------- command line
def register(subparsers: Subparsers) -> argparse.ArgumentParser:
    """Add the ``match`` command to the ``hive-teach`` parser (an argparse ``subparsers``)."""
    p = subparsers.add_parser(
        "match",
        help="play engine levels (or outside UHP engines) against each other",
        description="Play K games between two players, alternating colours, and print a "
        "table of wins, losses, draws and illegal moves. A player is a level (beginner, "
        "intermediate, strong) or 'uhp:COMMAND', an outside engine started by the shell "
        "command COMMAND and spoken to in UHP (e.g. 'uhp:nokamute uhp').",
    )
    p.add_argument("first", metavar="PLAYER", nargs="?", default="strong",
                   help="White in the odd games (default: strong)")
    p.add_argument("second", metavar="PLAYER2", nargs="?", default="intermediate",
                   help="White in the even games (default: intermediate)")
    p.add_argument("-k", "--games", type=int, default=2, help="number of games (default 2)")
    p.add_argument("-g", "--game-type", default="Base", help="Base, Base+MLP, ... (default Base)")
    p.add_argument("-t", "--time", type=float, default=0.5,
                   help="seconds per move (default 0.5; outside engines get whole seconds)")
    p.add_argument("-d", "--depth", type=int, default=None,
                   help="search depth in plies instead of a time budget")
    p.add_argument("--max-moves", type=int, default=DEFAULT_MAX_MOVES,
                   help=f"moves (plies) after which a game is a draw (default {DEFAULT_MAX_MOVES})")
    p.add_argument("--opening-plies", type=int, default=0,
                   help="start each pair of games from this many random plies (default 0)")
    p.add_argument("--seed", type=int, default=None, help="seed for repeatable games")
    p.add_argument("-q", "--quiet", action="store_true", help="no line per game while playing")
    p.set_defaults(func=_cmd_match)
    return p


def _cmd_match(args: argparse.Namespace) -> int:
    try:
        report = run_match(
            args.first, args.second, games=args.games, game_type=args.game_type,
            time_limit=args.time, depth=args.depth, max_moves=args.max_moves,
            opening_plies=args.opening_plies, seed=args.seed,
            progress=None if args.quiet else sys.stderr,
        )
    except (ValueError, EngineError) as e:
        print(f"hive-teach match: {e}", file=sys.stderr)
        return 1
    print(report.table())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``match`` on its own: ``python -m hive_teach.hive.match strong beginner -k 4``."""
    parser = argparse.ArgumentParser(prog="hive-teach")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["match", *(sys.argv[1:] if argv is None else argv)])
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
