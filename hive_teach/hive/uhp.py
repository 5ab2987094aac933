"""A Universal Hive Protocol engine on a text stream (``hive-teach uhp``).

Speaks the commands of the UHP (info, newgame, play, pass, validmoves, bestmove, undo, options)
plus ``perft N [time hh:mm:ss]`` (stopped by the next input line). Every answer ends with a
line ``ok``; bad input gets ``err <why>``; an illegal move gets ``invalidmove <why, with the
rule id>`` and leaves the game unchanged. No input line can crash it. ``newgame GameString``
refuses a state or turn field that its moves do not lead to (``err`` naming the field and what
it should be) rather than correct it. Two options: ``TournamentOpening`` (no Queen on the first
turn, on by default) and ``Language`` (``en``, ``de`` or ``zh``), the language of the
explanations in ``invalidmove`` and ``err`` answers.

>>> engine = UHPEngine()
>>> print(engine.handle("newgame Base"))
Base;NotStarted;White[1]
ok
>>> answer = engine.handle("play wQ")  # the tournament opening is on in UHP
>>> answer.startswith("invalidmove wQ: "), "(R4)" in answer, answer.splitlines()[-1] == "ok"
(True, True, True)
>>> print(engine.handle("play wS1"))
Base;InProgress;Black[1];wS1
ok
>>> print(engine.handle("options set Language de"))
Language;enum;de;en;en;de;zh
ok
>>> print(engine.handle("play bQ wS1-"))
invalidmove bQ wS1-: Mit der Turnierregel darf die Bienenkönigin (bQ) nicht in deinem ersten \
Zug eingesetzt werden. (R4)
ok
"""

from __future__ import annotations

import re
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import TextIO

from hive_teach.core.errors import GameStringError, IllegalMoveError, InvalidMoveError
from hive_teach.core.i18n import LANGUAGES
from hive_teach.core.version import __version__
from hive_teach.hive import player as engine_player
from hive_teach.hive.explain import explain_move
from hive_teach.hive.moves import PASS
from hive_teach.hive.perft import PerftStopped, PerftTimeout, perft_within
from hive_teach.hive.position import Position

MAX_UHP_PERFT = 5
MAX_UHP_DEPTH = 6
MAX_UHP_SECONDS = 600
DEPTH_SECONDS = 10.0
"""How long ``bestmove depth N`` may think: past it, the best move of the deepest finished
search (a GUI that wants more gives ``bestmove time``)."""
PERFT_SECONDS = 20.0
"""How long ``perft N`` may count before it answers ``err`` (``perft N time hh:mm:ss`` gives
it up to :data:`MAX_UHP_SECONDS`)."""
MAX_ERR = 500
"""The longest ``err`` answer, in characters (it may quote the command)."""
_TIME_RE = re.compile(r"^(\d{1,2}):([0-5]\d):([0-5]\d)$", re.ASCII)  # no other digits


class UHPEngine:
    """One UHP session: :meth:`handle` takes a command line and returns the whole answer."""

    def __init__(self) -> None:
        self.game: Position | None = None
        self.tournament_opening = True
        self.language = "en"
        self._texts: list[str] = []  # the MoveStrings of the game, kept as it is played
        self.depth_seconds = DEPTH_SECONDS
        self.perft_seconds = PERFT_SECONDS
        self.interrupted: Callable[[], bool] = lambda: False
        """Whether a command is waiting: a ``perft`` stops when it is (:func:`run` sets it)."""

    def handle(self, line: str) -> str:
        """The answer to one command line, ending with ``ok`` (a blank line gets ``ok`` alone).

        An error answer quotes at most :data:`MAX_ERR` characters, so a huge line does not come
        back whole.

        >>> UHPEngine().handle("x" * 100_000).endswith("…\\nok")
        True
        """
        line = line.strip()
        if not line:
            return "ok"
        try:
            body = self._dispatch(line)
        except _NoGame as e:
            body = f"err {e}"
        except Exception as e:  # the protocol must answer every line, whatever goes wrong
            body = f"err {type(e).__name__}: {e}"
        if body.startswith(("err", "invalidmove")):
            # One line, whatever the command held: an echoed carriage return (or U+2028)
            # would split the answer for a GUI that reads lines.
            body = " ".join(body.splitlines())
            if len(body) > MAX_ERR:
                body = body[:MAX_ERR] + "…"
        return f"{body}\nok" if body else "ok"

    def _dispatch(self, line: str) -> str:
        command, _, arg = line.partition(" ")
        arg = arg.strip()
        handler: Callable[[str], str] | None = getattr(self, "_cmd_" + command.lower(), None)
        if handler is None:
            return f"err unknown command {command!r}; try info, newgame, play, pass, validmoves, " \
                   "bestmove, undo, options or perft"
        return handler(arg)

    # ---------------------------------------------------------------- commands
    def _cmd_info(self, arg: str) -> str:
        return f"id hive_teach v{__version__}\nMosquito;Ladybug;Pillbug"

    def _cmd_newgame(self, arg: str) -> str:
        try:
            game = Position.from_text(arg or "Base", tournament=self.tournament_opening)
        except GameStringError as e:
            return f"err {self._why(e)}"
        mismatch = _stale_field(arg, game)
        if mismatch:
            return f"err newgame refused: {mismatch}"
        self.game = game
        self._texts = game.to_text().split(";")[3:]  # written once, then kept up to date
        return self._game_string()

    def _why(self, e: GameStringError) -> str:
        """A GameString's refusal, its rule explained in the language set."""
        cause = e.__cause__
        if e.where and isinstance(cause, IllegalMoveError) and cause.explanation:
            return f"{e.where}: {cause.explanation.text(self.language)}"
        return str(e)

    def _game_string(self) -> str:
        """The game's GameString from the kept move texts: the same as
        ``game.to_text()``, without replaying the game (answers cost the same time on
        move 5 and on move 20,000)."""
        game = self._need_game()
        head = [game.game_type.name, game.state.value, f"{game.turn.title}[{game.turn_number}]"]
        return ";".join(head + self._texts)

    def _need_game(self) -> Position:
        if self.game is None:
            raise _NoGame
        return self.game

    def _cmd_play(self, arg: str) -> str:
        game = self._need_game()
        if not arg:
            return "err play needs a MoveString, e.g. 'play wS1' or 'play bS1 wS1-'"
        try:
            move = game.parse_move(arg)
            # The text in the position before the move, as UHP writes it (of a legal move:
            # an illegal one is refused by play, with its reason).
            text = game.move_text(move) if game.is_legal(move) else ""
            game.play(move)
        except InvalidMoveError as e:
            return f"err {e}"
        except IllegalMoveError as e:
            return f"invalidmove {e.text(self.language)}"
        except ValueError as e:  # a legal move past the edge of the grid: the game stays
            return f"err {e}"
        self._texts.append(text)
        return self._game_string()

    def _cmd_pass(self, arg: str) -> str:
        if arg:
            return "err pass takes no argument"
        return self._cmd_play("pass")

    def _cmd_validmoves(self, arg: str) -> str:
        game = self._need_game()
        return ";".join(game.move_text(m) for m in game.legal_moves())

    def _cmd_bestmove(self, arg: str) -> str:
        game = self._need_game()
        words = arg.split()
        if words and not (
            (len(words) == 2 and words[0] == "depth" and _digits(words[1])
             and words[1].strip("0"))
            or (len(words) == 2 and words[0] == "time" and _TIME_RE.match(words[1]))
        ):
            return "err bestmove takes 'depth N' (N >= 1) or 'time hh:mm:ss'"
        if game.state.is_over:
            over = explain_move(game, PASS)
            return f"err {over.text(self.language) if over else 'the game is over (R19)'}"
        # Bounded, so that no input line can keep the engine busy for hours.
        if not words:
            player = engine_player.Player("strong", time_limit=engine_player.DEFAULT_TIME_LIMIT)
        elif words[0] == "depth":
            depth = _whole(words[1], MAX_UHP_DEPTH)
            if depth is None:
                return f"err bestmove depth is at most {MAX_UHP_DEPTH} here; use 'time' instead"
            player = engine_player.Player("strong", time_limit=self.depth_seconds, depth=depth)
        else:
            seconds = _clock_seconds(words[1])
            if not 0 < seconds <= MAX_UHP_SECONDS:
                most = f"00:{MAX_UHP_SECONDS // 60:02d}:00"
                return f"err bestmove time must be from 00:00:01 to {most}"
            player = engine_player.Player("strong", time_limit=seconds)
        return game.move_text(player.choose(game))

    def _cmd_undo(self, arg: str) -> str:
        game = self._need_game()
        if arg and not _digits(arg):
            return "err undo takes a whole number of moves, e.g. 'undo 2'"
        played = len(game.move_stack)
        n = _whole(arg or "1", played)
        if n is None:
            shown = arg[:20] + "…" if len(arg) > 20 else arg or "1"
            return f"err cannot undo {shown} moves: only {played} were played"
        for _ in range(n):
            game.undo()
            self._texts.pop()
        return self._game_string()

    # ---------------------------------------------------------------- options
    OPTIONS = ("TournamentOpening", "Language")

    def _option_line(self, name: str) -> str:
        """An option in the UHP format: name;type;value;default (and an enum's choices)."""
        if name == "TournamentOpening":
            return f"TournamentOpening;bool;{self.tournament_opening};True"
        return f"Language;enum;{self.language};en;{';'.join(LANGUAGES)}"

    def _cmd_options(self, arg: str) -> str:
        words = arg.split()
        if not words:
            return "\n".join(self._option_line(name) for name in self.OPTIONS)
        if words[0] in ("get", "set") and len(words) >= 2 and words[1] not in self.OPTIONS:
            return f"err unknown option {words[1]!r}; the options are {', '.join(self.OPTIONS)}"
        if words[0] == "get" and len(words) == 2:
            return self._option_line(words[1])
        if words[0] == "set" and len(words) == 3:
            name, value = words[1], words[2]
            if name == "Language":
                if value not in LANGUAGES:  # refused: the option stays as it was
                    return f"err Language is one of {', '.join(LANGUAGES)}, not {value!r}"
                self.language = value
            else:
                if value not in ("True", "False"):
                    return "err TournamentOpening is True or False"
                on = value == "True"
                if self.game is not None:
                    # Replayed first: a game the rule forbids refuses it, and nothing changes.
                    try:
                        game = Position.from_text(self.game.to_text(), tournament=on)
                    except GameStringError as e:
                        return f"err TournamentOpening stays {self.tournament_opening}: " \
                               f"{self._why(e)}"
                    self.game = game
                self.tournament_opening = on
            return self._option_line(name)
        return "err use 'options', 'options get NAME' or 'options set NAME VALUE'"

    def _cmd_perft(self, arg: str) -> str:
        game = self._need_game()
        words = arg.split()
        most = _whole(words[0], MAX_UHP_PERFT) if words else None
        seconds: float = self.perft_seconds
        if len(words) == 3 and words[1] == "time" and _TIME_RE.match(words[2]):
            seconds = _clock_seconds(words[2])
        elif len(words) != 1:
            most = None
        if most is None or not 0 < seconds <= MAX_UHP_SECONDS:
            return f"err perft takes a depth from 0 to {MAX_UHP_PERFT}, then perhaps 'time " \
                   f"hh:mm:ss' (from 00:00:01 to 00:{MAX_UHP_SECONDS // 60:02d}:00; default " \
                   f"{self.perft_seconds:g} s); for deeper counts use the command line " \
                   "'hive-teach perft'"
        lines = []
        started = time.perf_counter()
        for depth in range(most + 1):
            t = time.perf_counter()
            left = seconds - (t - started)
            try:
                n = perft_within(game, depth, max(left, 0.0), self.interrupted)
            except PerftTimeout:
                return (f"err perft {most} would take more than {seconds:g} s here "
                        f"(it counted to depth {depth - 1}); give it more time with 'perft "
                        f"{most} time hh:mm:ss', or use the command line 'hive-teach perft'")
            except PerftStopped:
                return (f"err perft {most} stopped by the next command (it counted to depth "
                        f"{depth - 1})")
            lines.append(f"{depth} {n} {time.perf_counter() - t:.3f}")
        return "\n".join(lines)

    def _cmd_exit(self, arg: str) -> str:
        # A bare ``exit`` (any case) ends the session in :func:`run` before it gets here.
        return f"err exit takes no arguments: {arg!r}" if arg else ""


def _stale_field(text: str, game: Position) -> str:
    """What is wrong with the state or turn field of the GameString ``text``, which replays
    to ``game``; ``""`` if they agree with it (or are left out). A GUI that sends a state or a
    turn its moves do not lead to has lost track of the game, so it is told rather than
    silently corrected.

    >>> game = Position.from_text("Base;InProgress;Black[1];wS1")
    >>> _stale_field("Base;InProgress;Black[1];wS1", game), _stale_field("Base;wS1", game)
    ('', '')
    >>> _stale_field("Base;NotStarted;Black[1];wS1", game)
    "the state field is 'NotStarted', but after its 1 move the state is 'InProgress'"
    >>> _stale_field("Base;InProgress;White[2];wS1", game)
    "the turn field is 'White[2]', but after its 1 move it is 'Black[1]'"
    """
    fields = [t.strip() for t in text.strip().strip(";").split(";")][1:3]
    plies = len(game.move_stack)
    after = f"after its {plies} move{'' if plies == 1 else 's'}"
    if fields and fields[0] in _STATES:
        if fields[0] != game.state.value:
            return f"the state field is {fields[0]!r}, but {after} the state is " \
                   f"{game.state.value!r}"
        turn = f"{game.turn.title}[{game.turn_number}]"
        m = _TURN_FIELD.match(fields[1]) if len(fields) > 1 else None
        if m and (m.group(1) != game.turn.title
                  or (m.group(2).lstrip("0") or "0") != str(game.turn_number)):
            return f"the turn field is {fields[1]!r}, but {after} it is {turn!r}"
    return ""


_STATES = frozenset({"NotStarted", "InProgress", "Draw", "WhiteWins", "BlackWins"})
_TURN_FIELD = re.compile(r"^(White|Black)\[(\d+)\]$", re.ASCII)


def _clock_seconds(text: str) -> int:
    """The seconds of a UHP time ``hh:mm:ss`` (already matched by ``_TIME_RE``).

    >>> _clock_seconds("01:02:03")
    3723
    """
    h, m, s = (int(x) for x in text.split(":"))
    return 3600 * h + 60 * m + s


def _digits(text: str) -> bool:
    """Whether ``text`` is a number in ASCII digits (``٣`` and ``²`` are digits to Python)."""
    return text.isascii() and text.isdigit()


def _whole(text: str, most: int) -> int | None:
    """``text`` as a whole number from 0 to ``most`` in ASCII digits, else None.

    A number of thousands of digits is too big, not an error (:func:`int` refuses numbers past
    4,300 digits, so the length is compared first):

    >>> _whole("3", 5), _whole("\u0663", 5), _whole("007", 7), _whole("9" * 5000, 10)
    (3, None, 7, None)
    """
    if not _digits(text):
        return None
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= len(str(most)) and int(digits) <= most else None


class _NoGame(Exception):
    def __str__(self) -> str:
        return "no game in progress; start one with 'newgame Base' (or Base+MLP, or a GameString)"


def _lines(stdin: TextIO) -> Iterator[str]:
    """The input's lines, decoded as UTF-8 whatever the locale says; a byte that is not UTF-8
    becomes U+FFFD, so no input can end the session."""
    raw = getattr(stdin, "buffer", None)
    if raw is None:  # a text stream without bytes under it (tests, StringIO)
        yield from stdin
        return
    for line in raw:
        yield line.decode("utf-8", errors="replace")


def run(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Read commands line by line until end of input or ``exit`` (in any case); every other
    line, blank or not, gets an answer ending in ``ok``. The lines are read while a command
    runs, so a ``perft`` stops (``err``) as soon as the next line comes.

    >>> import io
    >>> out = io.StringIO()
    >>> run(io.StringIO("\\nEXIT\\ninfo\\n"), out)
    0
    >>> out.getvalue().count("ok"), "Mosquito" in out.getvalue()
    (2, True)
    """
    engine = UHPEngine()
    waiting = _Input(stdin)
    engine.interrupted = waiting.ready
    stdout.write(engine.handle("info") + "\n")
    stdout.flush()
    while (line := waiting.next()) is not None:
        if line.strip().lower() == "exit":
            break
        stdout.write(engine.handle(line) + "\n")
        stdout.flush()
    return 0


class _Input:
    """The lines of the input, read ahead by a thread: :meth:`ready` says whether one is
    waiting (without taking it), :meth:`next` takes it (``None`` at the end)."""

    def __init__(self, stdin: TextIO) -> None:
        self._lines: deque[str] = deque()
        self._more = threading.Condition()
        self._ended = False
        threading.Thread(target=self._read, args=(stdin,), name="uhp-input",
                         daemon=True).start()

    def _read(self, stdin: TextIO) -> None:
        try:
            for line in _lines(stdin):
                with self._more:
                    self._lines.append(line)
                    self._more.notify()
        finally:  # end of input, or a stream that failed: the session ends
            with self._more:
                self._ended = True
                self._more.notify()

    def ready(self) -> bool:
        return bool(self._lines)

    def next(self) -> str | None:
        with self._more:
            while not self._lines and not self._ended:
                self._more.wait()
            return self._lines.popleft() if self._lines else None
