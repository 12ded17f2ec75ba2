"""How a cost grows with its input, measured in one run: the ratio of the CPU time of a big input
to that of a small one, never a number of seconds.

What makes the ratio hold on a shared, loaded machine (two cores, other jobs):

* CPU time of the calling thread (``time.thread_time``), not wall time: while another process
  has the core, the clock does not run (so: for single-threaded code only);
* the two sizes alternate, so a slow spell of the machine falls on both;
* the fastest of ``repeats`` runs of each size (a first run's one-off costs, compiled patterns
  and lazy imports, are never the fastest);
* the garbage collector off while a run is timed (a full collection costs what the heap holds,
  not what the code under test does);
* a size ratio wide enough that linear and quadratic are far apart (8x the input: linear is 8x
  the time, quadratic 64x) and a bound with room on both sides (24x).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

#: CPU seconds below which a run is noise: the small run counts as at least this long (so a cost
#: that stays negligible passes; a test picks sizes whose small run is well above it, or a
#: quadratic cost starting below it could hide under it)
RESOLUTION_S = 0.0005


def cpu_seconds(call: Callable[[], object]) -> float:
    """CPU seconds of this thread that ``call()`` takes, the garbage collector off meanwhile."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.thread_time()
        call()
        return time.thread_time() - start
    finally:
        if enabled:
            gc.enable()


def growth(make: Callable[[int], Callable[[], object]], small: int, big: int, repeats: int = 3) -> tuple[float, str]:
    """How many times longer the run of size ``big`` takes than the run of size ``small``
    (``make(n)`` builds the input outside the timing and returns the run), and a line saying
    what was measured, for an assertion's message."""
    if repeats < 2 or not 0 < small < big:
        raise ValueError("growth needs two runs of each size at least, and small < big")
    runs = {small: make(small), big: make(big)}
    times: dict[int, list[float]] = {small: [], big: []}
    for _ in range(repeats):
        for n, run in runs.items():
            times[n].append(cpu_seconds(run))
    fast_small, fast_big = min(times[small]), min(times[big])
    ratio = fast_big / max(fast_small, RESOLUTION_S)
    return ratio, f"{fast_small * 1000:.1f} ms CPU at {small}, {fast_big * 1000:.1f} ms at {big}: {ratio:.1f}x"
