"""Run the calibration workload (``calibrate.py`` beside this file), so figures compare across
machines."""

from __future__ import annotations

from calibrate import rate


def calibration_rate(seconds: float = 2.0) -> float:
    """Workloads per second of ``benchmarks/calibrate.py`` on this machine, best of a few rounds
    over ``seconds``."""
    return float(rate(seconds))
