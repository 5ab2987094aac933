"""A seeded random UHP session against ``hive-teach uhp`` run as a GUI runs it.

Shared by ``benchmarks/bench_uhp_session.py`` (20,000 commands, figures) and
``tests/test_uhp_session.py`` (a slow test, fewer commands). The engine runs as a subprocess
under strict UTF-8 decoding (``PYTHONIOENCODING=utf-8``, a UTF-8 locale); the session writes one
command line, then reads lines until the line ``ok``, with a time limit per command, so a hang
is reported, not waited for.

The commands are a seeded mix of valid ones (``newgame`` of every game type and of GameStrings,
``play`` of moves taken from ``validmoves`` or ``bestmove``, ``undo N``, ``validmoves``,
``bestmove depth 1-2`` and now and then ``time 00:00:01``, ``perft 0-2``, ``options``, ``info``)
and hostile ones (random bytes, bytes that are not UTF-8, blank lines, CRLF endings, ``exit`` in
other spellings and with words after it, non-ASCII and 5,000-digit numbers, unknown commands,
mutated MoveStrings and GameStrings, huge undo counts, and one or two lines of about 1 MB).
Every line sent counts as a command, the checks (``undo 0``) too.

A fault is any of these (each is kept with the command number and the line):

- a command got no line ``ok`` within the time limit, or the engine ended on a line that is
  not an exit (a bare ``exit`` must end it with status 0; a line that reads ``exit`` once
  decoded, stripped and lower-cased may end it or be answered);
- an answer is not UTF-8, holds a carriage return (a GUI reading lines would split it), or is
  an exception that escaped to the engine's last-resort handler (``err ValueError: ...``);
- an answer contradicts the session's own record: ``info`` not the engine's two lines, a move
  listed by ``validmoves`` or chosen by ``bestmove`` refused, ``newgame`` of a game type or of
  the engine's own GameString not answered with that GameString, ``undo N`` not dropping the
  last N moves, ``perft N`` not one line per depth, or a refused command that changed the game
  (checked with ``undo 0``, which answers the GameString and changes nothing).
"""

from __future__ import annotations

import os
import queue
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from typing import IO

GAME_TYPES = ("Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP")
ENV = {"PYTHONIOENCODING": "utf-8", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
"""Strict UTF-8 on the engine's standard streams, as under a desktop locale."""
COMMAND = [sys.executable, "-m", "hive_teach.cli", "uhp"]
_GAME_STRING = re.compile(
    r"^Base(\+[MLP]{1,3})?;(NotStarted|InProgress|Draw|WhiteWins|BlackWins);(White|Black)\[\d+\]"
)
_ESCAPED = re.compile(r"^err _?[A-Z]\w*(Error|Exception|Timeout|Game)\b")
"""How the engine's last-resort handler writes an exception: ``err TypeName: message``."""
_PERFT_LINE = re.compile(r"^\d+ \d+ \d+\.\d{3}$")
_OVER = ("Draw", "WhiteWins", "BlackWins")
_ODD_DIGITS = ("\u0663", "\uff13", "\u00b2", "\u07c3", "\u0e53", "\U0001d7d1")
_NOT_UTF8 = (b"\xff", b"\xfe", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf",
             b"\x80", b"\xe2\x82")


class _Ended(Exception):
    """The engine's output ended (it exited or died)."""


class _Hung(Exception):
    """No line ``ok`` within the time limit."""


class Engine:
    """``hive-teach uhp`` on pipes; a thread reads its output lines into a queue."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.stderr: IO[bytes] = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr, env={**os.environ, **ENV})
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def answer(self) -> list[bytes]:
        """The lines up to and without the line ``ok`` (each without its line end)."""
        out: list[bytes] = []
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.0))
            except queue.Empty:
                raise _Hung from None
            if line is None:
                raise _Ended
            line = line.rstrip(b"\n")
            if line == b"ok":
                return out
            out.append(line)

    def ask(self, line: bytes) -> list[bytes]:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(line + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise _Ended from None
        return self.answer()

    def rss_mb(self) -> float:
        """The engine's resident memory (VmRSS in /proc/PID/status), in MB."""
        with open(f"/proc/{self.proc.pid}/status", encoding="ascii") as f:
            for row in f:
                if row.startswith("VmRSS:"):
                    return int(row.split()[1]) / 1024
        raise RuntimeError("no VmRSS line")

    def stderr_tail(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read().decode("utf-8", "replace")[-600:]

    def close(self) -> int:
        """End the engine (it may have ended already); its exit status."""
        if self.proc.poll() is None:
            try:
                assert self.proc.stdin is not None
                self.proc.stdin.close()
                self.proc.wait(5)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
        rc = self.proc.wait()
        self.stderr.close()
        return rc


@dataclass
class Report:
    """What a session saw: its figures and its faults."""

    commands: int = 0
    seconds: float = 0.0
    answer_times: list[float] = field(default_factory=list)
    rss_mb: list[float] = field(default_factory=list)
    errs: int = 0
    invalidmoves: int = 0
    restarts: int = 0
    longest_game: int = 0
    faults: list[str] = field(default_factory=list)
    kinds: dict[str, int] = field(default_factory=dict)
    rss_limit: float = 3.0

    @property
    def rss_grew(self) -> bool:
        """Whether memory grew past ``rss_limit`` times the first sample (taken after
        warm-up)."""
        return bool(self.rss_mb) and max(self.rss_mb) > self.rss_limit * self.rss_mb[0]

    @property
    def ok(self) -> bool:
        return not self.faults and not self.rss_grew

    def figures(self) -> str:
        ts = sorted(self.answer_times) or [0.0]
        p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
        rss = self.rss_mb or [0.0]
        rows = [
            f"commands          {self.commands}",
            f"wall time         {self.seconds:.1f} s",
            f"commands/s        {self.commands / max(self.seconds, 1e-9):.0f}",
            f"answer time       p50 {1000 * statistics.median(ts):.2f} ms, "
            f"p95 {1000 * p95:.2f} ms, max {1000 * ts[-1]:.0f} ms",
            f"RSS               start {rss[0]:.1f} MB, max {max(rss):.1f} MB, "
            f"end {rss[-1]:.1f} MB ({len(self.rss_mb)} samples; limit {self.rss_limit:g}x start)",
            f"err answers       {self.errs}",
            f"invalidmove       {self.invalidmoves}",
            f"restarts (exit)   {self.restarts}",
            f"longest game      {self.longest_game} plies",
            f"faults            {len(self.faults)}",
        ]
        return "\n".join(rows)


class Session:
    """The command stream and its checks (see the module docstring)."""

    def __init__(self, seed: int, commands: int, *, timeout: float = 30.0,
                 rss_every: int = 1000, huge_lines: int = 2) -> None:
        self.rng = random.Random(seed)
        self.n = commands
        self.timeout = timeout
        self.rss_every = rss_every
        # The ~1 MB lines go at fixed points, so every seed sends them.
        self.huge_at = {commands * (k + 1) // (huge_lines + 1) for k in range(huge_lines)}
        self.report = Report()
        self.engine: Engine | None = None
        self._reset()

    # ------------------------------------------------------------ the engine's state as seen
    def _reset(self) -> None:
        self.gs: str | None = None  # the current game's GameString, as the engine wrote it
        self.moves: list[str] | None = None  # validmoves of the current game, when known

    @property
    def _over(self) -> bool:
        return self.gs is not None and self.gs.split(";")[1] in _OVER

    def _plies(self) -> list[str]:
        return self.gs.split(";")[3:] if self.gs else []

    # ------------------------------------------------------------ running
    def run(self) -> Report:
        started = time.perf_counter()
        try:
            self._start()
            while self.report.commands < self.n:  # a step may send two commands
                before = self.report.commands
                self._one()
                if self.report.commands // self.rss_every > before // self.rss_every:
                    assert self.engine is not None
                    self.report.rss_mb.append(self.engine.rss_mb())
        finally:
            if self.engine is not None:
                self.engine.close()
        self.report.seconds = time.perf_counter() - started
        return self.report

    def _start(self) -> None:
        self.engine = Engine(self.timeout)
        self._reset()
        try:
            greeting = self.engine.answer()  # the engine greets with its info
        except (_Hung, _Ended):
            raise RuntimeError(f"the engine did not start: {self.engine.stderr_tail()}") from None
        if not greeting or not greeting[0].startswith(b"id hive_teach"):
            self._fault(b"(start)", f"greeting {greeting!r}")

    def _fault(self, line: bytes, what: str) -> None:
        self.report.faults.append(f"command {self.report.commands} {line[:80]!r}: {what}")

    def send(self, line: bytes, kind: str) -> list[str] | None:
        """Send one line; its answer (decoded lines), or None when the engine ended."""
        assert self.engine is not None
        r = self.report
        r.commands += 1
        r.kinds[kind] = r.kinds.get(kind, 0) + 1
        t = time.perf_counter()
        try:
            raw = self.engine.ask(line)
        except _Hung:
            self._fault(line, f"no 'ok' within {self.timeout:g} s")
            self.engine.proc.kill()
            self.engine.close()
            self._start()
            return None
        except _Ended:
            rc = self.engine.proc.wait()
            said = line.decode("utf-8", "replace").strip().lower()
            if rc != 0 or said != "exit":
                self._fault(line, f"engine ended (status {rc}): {self.engine.stderr_tail()}")
            else:
                r.restarts += 1
            self.engine.close()
            self._start()
            return None
        r.answer_times.append(time.perf_counter() - t)
        try:
            out = [x.decode("utf-8") for x in raw]
        except UnicodeDecodeError as e:
            self._fault(line, f"answer is not UTF-8: {e}")
            return []
        if line.strip() == b"exit":
            self._fault(line, f"a bare exit was answered: {out!r}")
        first = out[0] if out else ""
        if first.startswith("err"):
            r.errs += 1
            if _ESCAPED.match(first):
                self._fault(line, f"an exception escaped: {first[:200]!r}")
        elif first.startswith("invalidmove"):
            r.invalidmoves += 1
        if any("\r" in x for x in out):
            self._fault(line, f"an answer line holds a carriage return: {out!r:.200}")
        if len(out) == 1 and _GAME_STRING.match(first):
            # Whatever asked for it (also a hostile line that happens to be a command), the
            # engine's game is now this one.
            if first != self.gs:
                self.moves = None
            self.gs = first
            r.longest_game = max(r.longest_game, first.count(";") - 2)
        return out

    def _refused_keeps_game(self, out: list[str] | None, always: bool = False) -> None:
        """After a refusal, ``undo 0`` must answer the GameString as it was (checked after
        about a third of the refusals, or ``always``)."""
        if out is None or not out or not out[0].startswith(("err", "invalidmove")):
            return
        if self.gs is None or (not always and self.rng.random() > 0.3):
            return
        before = self.gs
        now = self.send(b"undo 0", "check")
        if now is not None and now != [before]:
            self._fault(b"undo 0", f"a refused command changed the game: {before!r:.120} "
                        f"became {now!r:.120}")

    # ------------------------------------------------------------ one step
    def _one(self) -> None:
        rng = self.rng
        if self.huge_at and self.report.commands >= min(self.huge_at):
            self.huge_at.remove(min(self.huge_at))
            big = (b"play " + b"wS1 " * 250_000) if self.huge_at else bytes(
                rng.choice(b"abc ;\xff\x00") for _ in range(1_000_000))
            self._refused_keeps_game(self.send(big, "huge"))
            return
        if self.gs is None and rng.random() < 0.9:
            self._newgame(rng.choice(GAME_TYPES))
            return
        x = rng.random()
        if x < 0.36:
            self._play_legal()
        elif x < 0.42:
            self._validmoves()
        elif x < 0.43:
            self._newgame(rng.choice(GAME_TYPES))
        elif x < 0.45:
            self._newgame_again()
        elif x < 0.51:
            self._undo()
        elif x < 0.54:
            self._bestmove()
        elif x < 0.57:
            self._perft()
        elif x < 0.60:
            self._options()
        elif x < 0.62:
            out = self.send(rng.choice([b"info", b"info\r", b"  info  "]), "info")
            if out is not None and (len(out) != 2 or not out[0].startswith("id hive_teach v")
                                    or out[1] != "Mosquito;Ladybug;Pillbug"):
                self._fault(b"info", f"info answered {out!r}")
        elif x < 0.63:
            self.send(b"pass", "pass")
        else:
            line, expect = self._hostile()
            out = self.send(line, "hostile")
            if out is None:
                return
            if expect == "blank" and out:
                self._fault(line, f"a blank line got {out!r:.200}")
            refused = bool(out) and out[0].startswith(("err", "invalidmove"))
            if expect == "refuse" and not refused:
                self._fault(line, f"accepted: {out!r:.200}")
            if expect == "accept" and self.gs is not None and refused:
                self._fault(line, f"refused: {out!r:.200}")
            self._refused_keeps_game(out)

    def _newgame(self, game_type: str) -> None:
        out = self.send(f"newgame {game_type}".encode(), "newgame")
        want = f"{game_type};NotStarted;White[1]"
        if out is not None and out != [want]:
            self._fault(b"newgame " + game_type.encode(), f"answered {out!r:.200}")

    def _newgame_again(self) -> None:
        """The engine's own GameString, read back, is the same game."""
        if self.gs is None:
            return self._newgame("Base+MLP")
        gs = self.gs
        line = f"newgame {gs}".encode()
        out = self.send(line, "newgame")
        if out is not None and out != [gs]:
            self._fault(line, f"read back as {out!r:.200}")

    def _validmoves(self) -> None:
        out = self.send(b"validmoves", "validmoves")
        if out is None or self.gs is None:
            return
        if self._over:
            if out:
                self._fault(b"validmoves", f"a finished game has moves: {out!r:.200}")
            self.moves = []
        elif len(out) != 1 or not out[0] or out[0].startswith(("err", "invalidmove")):
            self._fault(b"validmoves", f"answered {out!r:.200}")
        else:
            self.moves = out[0].split(";")

    def _play_legal(self) -> None:
        if self.moves is None:
            self._validmoves()
            if self.moves is None:  # no game, or the engine restarted
                return None
        if not self.moves:  # the game is over
            return self._newgame(self.rng.choice(GAME_TYPES))
        self._play(self.rng.choice(self.moves), "play")

    def _play(self, move: str, kind: str) -> None:
        plies = self._plies()
        line = f"play {move}".encode()
        out = self.send(line, kind)
        if out is not None and (len(out) != 1 or not _GAME_STRING.match(out[0])
                                or out[0].split(";")[3:] != [*plies, move]):
            self._fault(line, f"a legal move got {out!r:.200}")

    def _undo(self) -> None:
        plies = self._plies()
        n = self.rng.choice([0, 1, 1, 1, 2, 3, len(plies)]) if plies else 0
        line = f"undo {n}".encode() if n != 1 or self.rng.random() < 0.5 else b"undo"
        if self.rng.random() < 0.1:
            n = len(plies) + self.rng.choice([1, 2, 10**6])  # more than were played: refused
            line = f"undo {n}".encode()
        out = self.send(line, "undo")
        if out is None or self.gs is None:
            return
        if n > len(plies):
            if not out or not out[0].startswith("err"):
                self._fault(line, f"after {len(plies)} plies answered {out!r:.200}")
            self._refused_keeps_game(out, always=True)
        elif len(out) != 1 or out[0].split(";")[3:] != plies[:len(plies) - n]:
            self._fault(line, f"after {len(plies)} plies answered {out!r:.200}")

    def _bestmove(self) -> None:
        rng = self.rng
        line = b"bestmove time 00:00:01" if rng.random() < 0.03 else \
            f"bestmove depth {rng.choice([1, 2])}".encode()
        out = self.send(line, "bestmove")
        if out is None or self.gs is None:
            return
        if self._over:
            if not out or not out[0].startswith("err"):
                self._fault(line, f"a finished game got a move: {out!r:.200}")
        elif len(out) != 1 or out[0].startswith(("err", "invalidmove")):
            self._fault(line, f"answered {out!r:.200}")
        elif rng.random() < 0.5:
            self._play(out[0], "play")

    def _perft(self) -> None:
        depth = self.rng.choice([0, 1, 1, 2])
        line = f"perft {depth}".encode()
        out = self.send(line, "perft")
        if out is None or self.gs is None:
            return
        if (len(out) != depth + 1 or out[0].split()[:2] != ["0", "1"]
                or not all(_PERFT_LINE.match(x) for x in out)):
            self._fault(line, f"answered {out!r:.200}")

    def _options(self) -> None:
        rng = self.rng
        choice = rng.randrange(5)
        if choice == 0:
            line = b"options"
        elif choice == 1:
            line = f"options get {rng.choice(['TournamentOpening', 'Language'])}".encode()
        elif choice == 2:
            line = f"options set Language {rng.choice(['en', 'de', 'zh'])}".encode()
        else:
            line = f"options set TournamentOpening {rng.choice(['True', 'False'])}".encode()
        out = self.send(line, "options")
        if out is None:
            return
        if not out or out[0].startswith(("err", "invalidmove")):
            # Only switching the tournament rule on may be refused (a game that broke it).
            if not line.endswith(b"TournamentOpening True"):
                self._fault(line, f"answered {out!r:.200}")
            self._refused_keeps_game(out)
        elif line.startswith(b"options set TournamentOpening"):
            self.moves = None  # the Queen may be placed on turn 1, or no longer

    # ------------------------------------------------------------ hostile lines
    def _hostile(self) -> tuple[bytes, str]:
        """A hostile line and what it must get: ``refuse`` (``err`` or ``invalidmove``),
        ``blank`` (``ok`` alone), ``accept`` (an answer, no refusal) or ``any``."""
        rng = self.rng
        kind = rng.randrange(16)
        if kind == 0:  # random bytes, any but the line end
            return bytes(rng.choice([b for b in range(256) if b != 10])
                         for _ in range(rng.randrange(0, 80))), "any"
        if kind == 1:  # a command with bytes that are not UTF-8 in it: U+FFFD, never a word
            cmd = rng.choice([b"play wS1", b"newgame Base", b"info", b"undo", b"perft 1",
                              b"options set Language de"])
            cut = rng.randrange(len(cmd) + 1)
            return cmd[:cut] + rng.choice(_NOT_UTF8) + cmd[cut:], "refuse"
        if kind == 2:  # blank lines and line ends
            return rng.choice([b"", b" ", b"\t", b"\r", b"   \t  ", b"\x0b", b"\x0c"]), "blank"
        if kind == 3:  # exit spelled otherwise, or with words after it (rarely a real exit)
            if rng.random() < 0.01:
                return rng.choice([b"exit", b"EXIT", b"Exit", b"  exit\r"]), "any"
            return rng.choice([b"exit now", b"exit 0", b"EXIT please", b"exit;", b"exit\x00",
                               b"exi t", "ｅｘｉｔ".encode(), b"\xffexit"]), "refuse"
        if kind == 4:  # digits that are not ASCII
            d = rng.choice(_ODD_DIGITS)
            return rng.choice([f"perft {d}", f"undo {d}", f"bestmove depth {d}",
                               f"bestmove time 00:00:0{d}"]).encode(), "refuse"
        if kind == 5:  # huge numbers
            big = "9" * rng.choice([20, 4300, 4301, 5000])
            return rng.choice([f"undo {big}", f"perft {big}", f"bestmove depth {big}",
                               "undo 1000000", "undo -1", "perft -1"]).encode(), "refuse"
        if kind == 6:  # unknown commands, missing or extra arguments
            return rng.choice([b"hello", b"PLAY", b"bestmove x", b"perft", b"options set",
                               b"options get", b"NeWgAmE Chess", b"undo 1 2",
                               b"play pass extra", b"\x00\x01\x02", "információ".encode(),
                               b"options set Language EN", b"pass now"]), "refuse"
        if kind in (7, 8, 9):
            return b"play " + self._mutated_move().encode(), "any"
        if kind in (10, 11):
            return b"newgame " + self._mutated_game().encode(), "any"
        if kind == 12:  # valid commands in another case or with a CRLF line end
            return rng.choice([b"validmoves\r", b"undo 0\r", b"options\r", b"VALIDMOVES",
                               b"Undo 0", b"INFO\r"]), "accept"
        if kind == 13:  # bestmove and perft outside what they take
            return rng.choice([b"bestmove time 00:00:00.05", b"bestmove time 25:00:00",
                               b"bestmove depth 0", b"bestmove depth 7", b"bestmove time 1",
                               b"perft 6", b"perft 2.0", b"bestmove time 00:60:00"]), "refuse"
        if kind == 14:
            return rng.choice([b"options set TournamentOpening true", b"options get Nope",
                               b"options set Language de zh", b"options set Nope 1"]), "refuse"
        return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)]))
                       for _ in range(rng.randrange(1, 40))).encode(), "any"

    def _mutated_move(self) -> str:
        rng = self.rng
        move = rng.choice(self.moves) if self.moves else rng.choice(["wS1", "bS1 wS1-", "wQ"])
        chars = list(move)
        how = rng.randrange(7)
        if how == 0 and chars:  # change one character
            chars[rng.randrange(len(chars))] = rng.choice("wbQSBGAMLP0123456789-/\\ xＱ٣")
        elif how == 1 and chars:  # drop one
            del chars[rng.randrange(len(chars))]
        elif how == 2:  # add a mark or a piece
            chars.insert(rng.randrange(len(chars) + 1), rng.choice(["-", "/", "\\", " wQ", "  "]))
        elif how == 3:
            return move.lower() if rng.random() < 0.5 else move.upper()
        elif how == 4:
            return move + " " + move
        elif how == 5:
            space = rng.choice(["\t", "   ", "\r", "\x0b", "\u00a0", "\u3000", ""])
            return move.replace(" ", space)
        else:
            return rng.choice(["pass", "PASS", "pass wQ", "wQ\x00", "wS4", "bM", "wL", "bP",
                               "wB3 wQ-", "wQ wQ", "wA1 -wA1-", ";", "wS1;bS1"])
        return "".join(chars)

    def _mutated_game(self) -> str:
        rng = self.rng
        gs = self.gs or "Base;NotStarted;White[1]"
        tokens = gs.split(";")
        how = rng.randrange(8)
        if how == 0 and len(tokens) > 3:  # drop a move
            del tokens[rng.randrange(3, len(tokens))]
        elif how == 1 and len(tokens) > 3:  # play a move twice
            k = rng.randrange(3, len(tokens))
            tokens.insert(k, tokens[k])
        elif how == 2 and len(tokens) > 4:  # swap two moves
            a, b = rng.sample(range(3, len(tokens)), 2)
            tokens[a], tokens[b] = tokens[b], tokens[a]
        elif how == 3:  # another game type, state or turn
            k = rng.randrange(3)
            tokens[k] = rng.choice([["Base+X", "base", "Base+MM", "", "Base+MLPX", "Base+"],
                                    ["Finished", "inprogress", "WhiteWins", ""],
                                    ["White[0]", "Black[99]", "Red[1]", "White[-1]", "White[]",
                                     "White[" + "9" * 5000 + "]"]][k])
        elif how == 4 and len(tokens) > 3:  # a mutated move in it
            k = rng.randrange(3, len(tokens))
            saved, self.moves = self.moves, [tokens[k]]
            tokens[k] = self._mutated_move()
            self.moves = saved
        elif how == 5:  # an empty move, or separators out of place
            tokens.insert(rng.randrange(1, len(tokens) + 1), rng.choice(["", " ", ";;"]))
        elif how == 6:  # cut anywhere
            return gs[:rng.randrange(len(gs) + 1)]
        else:  # no state and turn
            del tokens[1:3]
        return ";".join(tokens)


def run_session(seed: int, commands: int, **options: float | int) -> Report:
    """Run one session (see :class:`Session` for the options) and return its report."""
    return Session(seed, commands, **options).run()  # type: ignore[arg-type]
