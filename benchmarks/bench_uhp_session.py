"""A long random UHP session against ``hive-teach uhp``: no death, an ``ok`` for every line,
bounded memory.

Run from the repository root:  .venv/bin/python benchmarks/bench_uhp_session.py [--seed 13]
[--commands 20000]

The engine runs as a subprocess under strict UTF-8 decoding (``PYTHONIOENCODING=utf-8``,
``LC_ALL=C.UTF-8``), as a GUI on a desktop locale runs it. The session (``tests/uhp_session.py``,
shared with the slow test ``tests/test_uhp_session.py``) sends a seeded mix of valid commands
and hostile lines one at a time and reads each answer up to its line ``ok``, at most 30 s per
command, so that a hang is reported instead of waited for. A true ``exit`` ends the engine; the
session starts a new one and counts the restart. The engine's resident memory (VmRSS) is
sampled every 1,000 commands.

Prints: commands, wall time, commands per second, answer time per command (p50, p95, max),
RSS (first sample, max, last), ``err`` and ``invalidmove`` answers, restarts, and each fault.

Exits 1 if any command got no ``ok`` (within the time limit), the engine ended on a line that
is not an exit, an answer broke the session's checks (see ``tests/uhp_session.py``), or the
engine's RSS grew past 3 times the first sample (taken after 1,000 commands of warm-up, when
the search and perft modules are loaded).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from uhp_session import run_session  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--commands", type=int, default=20_000)
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds per command")
    ap.add_argument("--rss-every", type=int, default=1000, help="commands between RSS samples")
    args = ap.parse_args()
    report = run_session(args.seed, args.commands, timeout=args.timeout,
                         rss_every=args.rss_every)
    print(f"UHP session, seed {args.seed}")
    print(report.figures())
    print("by kind           " + ", ".join(f"{k} {n}" for k, n in sorted(report.kinds.items())))
    for fault in report.faults[:40]:
        print("FAULT", fault)
    if len(report.faults) > 40:
        print(f"... and {len(report.faults) - 40} more faults")
    if report.rss_grew:
        print(f"FAULT memory grew from {report.rss_mb[0]:.1f} MB to {max(report.rss_mb):.1f} MB")
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
