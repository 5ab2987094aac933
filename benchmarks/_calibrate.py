"""Find and run the shared calibration workload, so figures compare across machines."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_CANDIDATES = [
    Path(__file__).resolve().parents[1].parent / "shared" / "bench" / "calibrate.py",
    Path(__file__).resolve().parents[1] / "shared" / "bench" / "calibrate.py",
]


def calibration_rate(seconds: float = 2.0) -> float | None:
    """Workloads per second of ../shared/bench/calibrate.py, or None if it is not there."""
    for path in _CANDIDATES:
        if path.exists():
            spec = importlib.util.spec_from_file_location("calibrate", path)
            assert spec and spec.loader
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return float(module.rate(seconds))
    return None
