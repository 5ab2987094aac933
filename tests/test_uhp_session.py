"""A random UHP session against ``hive-teach uhp`` as a subprocess, under strict UTF-8 decoding
(the short form of ``benchmarks/bench_uhp_session.py``; the checks are in ``uhp_session``)."""

from __future__ import annotations

import pytest
from uhp_session import Session, run_session


@pytest.mark.slow
def test_a_random_session_of_2000_commands_gets_an_ok_for_every_line() -> None:
    report = run_session(seed=5, commands=2000, rss_every=500)
    assert report.faults == []
    assert report.commands >= 2000 and len(report.answer_times) + report.restarts >= 2000
    assert not report.rss_grew, report.figures()
    # the session did what it says: valid play, refusals and both kinds of huge line
    assert report.kinds["play"] > 200 and report.kinds["hostile"] > 400
    assert report.kinds["huge"] == 2 and report.errs > 300


def test_the_session_sees_a_fault() -> None:
    """The checks can fail: a session whose engine refuses a move it listed reports it."""

    class Lying(Session):
        def _validmoves(self) -> None:
            super()._validmoves()
            if self.moves:
                self.moves = [m + "-" if " " not in m else "wQ wQ" for m in self.moves]

    report = Lying(seed=1, commands=60, huge_lines=0).run()
    assert any("a legal move got" in f for f in report.faults), report.faults
