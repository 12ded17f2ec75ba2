"""The one way a test waits: poll a condition until it holds or a deadline passes.

Tests never sleep to synchronise (``tests/test_architecture.py`` reads the test files' AST and
allows ``time.sleep`` here only): a fixed pause is either too short on a loaded machine (a flaky
failure) or too long everywhere else.  A test that waits for something names it, so a timeout
says what did not happen.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_until(
    predicate: Callable[[], T | None], timeout: float, what: str | Callable[[], str], interval: float = 0.02
) -> T:
    """The first truthy value of ``predicate()``, polled every ``interval`` seconds; AssertionError
    naming ``what`` once ``timeout`` seconds have passed without one.  The predicate is asked once
    more at the deadline, so a slow predicate still gets its last chance.  An exception raised by
    the predicate propagates (a predicate that may fail while it waits catches what it expects).

    ``what`` may be a callable, called only on a timeout: the description can then carry what was
    seen at that moment (a server's log, the state polled)."""
    if timeout <= 0 or interval <= 0:
        raise ValueError("timeout and interval must be positive")
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what() if callable(what) else what}")
        time.sleep(min(interval, left))
