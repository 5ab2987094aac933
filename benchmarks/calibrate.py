# Copied (below this note) from the project's shared benchmark folder
# (/work/shared/bench/calibrate.py on the machines the kit was developed on), so the benchmarks
# in this folder need nothing outside the checkout. The figures in the commit history were
# measured with this same workload. One change: the last line's %-format is an f-string
# (ruff's UP031); the workload is as it was.
"""A fixed pure-Python workload (flood fills on a hex grid) to turn timings into machine-independent
units: a figure divided by this machine's calibration rate is roughly stable across machines."""
import time


def _workload():
    dirs = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
    cells = {(q, r) for q in range(-6, 7) for r in range(-6, 7) if abs(q + r) <= 6}
    total = 0
    for skip in range(60):
        removed = {c for i, c in enumerate(sorted(cells)) if i % 7 == skip % 7}
        live = cells - removed
        start = next(iter(live))
        seen = {start}
        stack = [start]
        while stack:
            q, r = stack.pop()
            for dq, dr in dirs:
                n = (q + dq, r + dr)
                if n in live and n not in seen:
                    seen.add(n)
                    stack.append(n)
        total += len(seen)
    return total


def rate(seconds=1.0):
    """Workloads per second, best of several rounds."""
    best = 0.0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        t = time.perf_counter()
        _workload()
        best = max(best, 1.0 / (time.perf_counter() - t))
    return best


if __name__ == '__main__':
    print(f'{rate(2.0):.1f} workloads/s')
